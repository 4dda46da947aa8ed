"""Lex Maritima's calculators in JupyterLite's lab ("Open in JupyterLab"), on the project's own code.

    import lex_maritima_live
    lex_maritima_live.use_exported_texts()          # the first cell of each chapter's lite notebook
    calculator("pk-mso-2001/wages-on-wreck")         # then the chapter's cells run unchanged

The rules (``widgets.evaluate``), the controls and the result panel are the project's wheel, unchanged. Only the
provision text beside the controls comes from elsewhere: ``corpus`` needs lxml, which Pyodide cannot load offline, so
``lite/export_texts.py`` rendered each calculator's text panels and reader links at build time with the corpus itself,
into ``provision_texts.json`` here. :func:`use_exported_texts` makes ``widgets.views`` read that export.
``lite/build.py`` adds that JSON when it packs this folder as the ``lex-maritima-live`` wheel.
"""

from __future__ import annotations

import json
from functools import cache
from importlib.resources import files
from typing import Any

import widgets.views as views


@cache
def exported() -> dict[str, Any]:
    """The build-time export: ``{"panels": {provision id: [html]}, "links": {document: {eid: url}}}``."""
    return json.loads(files(__name__).joinpath("provision_texts.json").read_text(encoding="utf-8"))


def exported_provision_texts(provision_id: str, link: Any = None) -> list[str]:
    """The text panels of ``provision_id``'s calculator, as the corpus rendered them at build time."""
    return exported()["panels"][provision_id]


def reader_link(document: str, eid: str) -> str:
    """The statute reader's page and anchor for ``eid`` (the bare ``#eId`` for a provision not exported)."""
    url = exported()["links"].get(document, {}).get(eid)
    return url if url is not None else f"#{eid}"


def use_exported_texts() -> None:
    """Make ``widgets.views`` take provision text and reader links from the build-time export.

    ``widgets.views`` reads text through ``corpus`` (lxml) and finds the reader's pages in ``book/_ext``, neither of
    which exists in the browser; its two look-ups are pointed at the export instead, so that ``calculator(...)`` and
    ``outcome(...)`` in a chapter's notebook work unchanged.
    """
    views.provision_texts = exported_provision_texts
    views.reader_link = lambda *_args, **_kwargs: reader_link


def calculator(provision_id: str, **facts: Any) -> Any:
    """``widgets.views.calculator`` with the exported text and reader links: the live twin of the book's widget."""
    use_exported_texts()
    return views.calculator(provision_id, **facts)

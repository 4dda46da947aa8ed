"""Lex Maritima's calculators in JupyterLite's lab ("Open in JupyterLab"), on the project's own code.

    from lex_maritima_live import calculator, outcome   # after the chapter's imports, in its lite notebook
    calculator("pk-mso-2001/wages-on-wreck")             # then the chapter's cells run unchanged

The rules (``widgets.evaluate``), the controls and the result panel are the project's wheel, unchanged. Only the
provision text beside the controls comes from elsewhere: ``corpus`` needs lxml, which Pyodide cannot load offline, so
``lite/export_texts.py`` rendered each calculator's text panels and reader links at build time with the corpus itself,
into ``provision_texts.json`` here; :func:`calculator` and :func:`outcome` pass that export to ``widgets.views``.
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


def calculator(provision_id: str, **facts: Any) -> Any:
    """``widgets.views.calculator`` given the exported text and reader links: the live twin of the book's calculator."""
    return views.calculator(provision_id, reader_link, exported_provision_texts(provision_id), **facts)


outcome = views.outcomes(reader_link)
"""``widgets.views.outcome`` with the exported reader links."""

"""Lex Maritima's calculators in JupyterLite's lab ("Open in JupyterLab"), on the project's own code.

    from lex_maritima_live import calculator, outcome   # after the chapter's imports, in its lite notebook
    calculator("pk-mso-2001/wages-on-wreck")             # then the chapter's cells run unchanged
    check("wreck-floor-pk", 150000)                      # an exercise's answer, checked as the book's page does

The rules (``widgets.evaluate``), the controls and the result panel are the project's wheel, unchanged. Only the
provision text beside the controls comes from elsewhere: ``corpus`` needs lxml, which Pyodide cannot load offline, so
``lite/export_texts.py`` rendered each calculator's text panels and reader links at build time with the corpus itself,
into ``provision_texts.json`` here; :func:`calculator` and :func:`outcome` pass that export to ``widgets.views``.
The exercises' checks likewise (``exercise_checks.json``: salted digests, no answer; the lab's copy of the project has
no ``widgets.exercises``). ``lite/build.py`` adds both JSON files when it packs this folder as the
``lex-maritima-live`` wheel.
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


@cache
def exercise_checks() -> dict[str, Any]:
    """The exercises' checks exported at build time: ``{id: {"answer": …, "variants": [{facts, salt, digests}]}}``."""
    return json.loads(files(__name__).joinpath("exercise_checks.json").read_text(encoding="utf-8"))


def check(exercise_id: str, answer: Any, variant: int = 0) -> Any:
    """Whether ``answer`` is right for the exercise's variant ``variant`` (0: the book's facts), with its hint when it
    is not: the page's check (``widgets.exercise_check.verdict``), against the digests exported at build time."""
    from widgets.exercise_check import Feedback, verdict

    checks = exercise_checks()
    if exercise_id not in checks:
        return Feedback(exercise_id, "unknown-exercise", f"There is no exercise {exercise_id!r}. "
                        f"The exercises are: {', '.join(checks)}.")  # fmt: skip
    variants = checks[exercise_id]["variants"]
    if not 0 <= variant < len(variants):
        message = f"Exercise {exercise_id} has variants 0 to {len(variants) - 1}."
        return Feedback(exercise_id, "unknown-exercise", message)
    return verdict(exercise_id, checks[exercise_id]["answer"], variants[variant], answer)

"""The provision text and reader links the live calculators show, exported at build time from the real corpus.

Pyodide cannot import ``corpus`` offline: ``corpus.cite`` reads the AKN with lxml, and Pyodide's lxml is a compiled
wheel that only its CDN serves (PyPI has no Pyodide build of it). So, at build time, in CPython, the very function the
book's calculators use (``widgets.views.provision_texts``, which reads the corpus) renders each calculator's text
panels, and ``widgets.views.reader_links.reader_link`` locates in the statute reader every provision a result can
cite. ``lex_maritima_live`` shows that export in the browser; nothing is retyped and nothing is re-derived. The
exercises' checks are exported likewise (:func:`exercise_checks`): the lab has no ``widgets.exercises``, which knows
the answers.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import widgets
from widgets.views import opening_facts, provision_texts
from widgets.views.reader_links import reader_link

LITE_PAGE_FOLDER = "lite/lab"
"""Where the notebooks run, relative to the book's root: the lab page, two levels down like the chapters."""


def _eids(value: Any) -> set[str]:
    """Every ``eid`` anywhere in a result or description."""
    if isinstance(value, dict):
        found = {value["eid"]} if isinstance(value.get("eid"), str) else set()
        return found.union(*(_eids(v) for v in value.values()))
    if isinstance(value, list):
        return set().union(*(_eids(v) for v in value))
    return set()


def export() -> dict[str, Any]:
    """``{"panels": {provision id: [html, ...]}, "links": {document: {eid: url}}}`` for every calculator."""
    link = reader_link(LITE_PAGE_FOLDER)
    if link is None:
        raise SystemExit("lex_book is not installed: the reader's page map is needed to link provisions")
    panels: dict[str, list[str]] = {}
    links: dict[str, dict[str, str]] = {}
    for provision_id in widgets.provision_ids():
        document = provision_id.split("/")[0]
        panels[provision_id] = provision_texts(provision_id, link)
        cited = _eids(widgets.describe(provision_id)) | _eids(
            widgets.evaluate(provision_id, opening_facts(provision_id))
        )
        links.setdefault(document, {}).update({eid: link(document, eid) for eid in sorted(cited)})
    return {"panels": panels, "links": links}


def write(target: Path) -> Path:
    """Write the export as JSON to ``target``."""
    target.write_text(json.dumps(export(), ensure_ascii=False, sort_keys=True, indent=1) + "\n", encoding="utf-8")
    return target


def exercise_checks() -> dict[str, Any]:
    """What the lab's ``check`` needs, per exercise: the answer's form and, per page variant, its facts and the
    salted digests of its accepted answers (``widgets.exercises.record``); no answer and no solution."""
    from widgets import exercises

    return {
        exercise_id: {
            "answer": exercises.answer_spec(exercise_id),
            "variants": [
                {"facts": facts, **exercises.record(exercise_id, number)}
                for number, facts in enumerate(exercises.page_variants(exercise_id))
            ],
        }
        for exercise_id in exercises.exercise_ids()
    }

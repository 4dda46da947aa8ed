"""What the page's in-browser runtime runs: a calculator's form, and a what-if cell the reader edited.

``book/lex_book/live/static/worker.js`` starts Pyodide in a Web Worker, puts this package on its path and makes one
:class:`Runtime` for the page; each message of the page's script is one call here, answered as JSON:

    runtime = Runtime(pages, "book/chapters")     # the reader's page table, the page's folder
    runtime.compute("pk-mso-2001/wages-on-wreck", '{"monthly_wage": "72000", ...}')
    runtime.run_cell('outcome("in-msb-2016/wages-on-wreck", ship_trade="coasting")')

Both render through the same Python as the build (``widgets.views.page``, ``widgets.views.panels``), so a result
worked out in the browser is the one the book would print for those facts.

A what-if cell runs in a fresh namespace holding :data:`WHAT_IF_NAMES` — what the chapters' what-if cells use
(``tests/book/test_what_if_cells.py`` runs every one of them in it) — and shows what a notebook would: what it printed,
then the value of its last line (its HTML representation when it has one).
"""

from __future__ import annotations

import ast
import contextlib
import datetime as dt
import html
import io
import json
import traceback
from collections.abc import Mapping
from typing import Any

import widgets
from widgets.views import display, opening_facts, outcomes
from widgets.views.page import form_result
from widgets.views.reader_links import Link, link_from_pages


def what_if_namespace(link: Link | None) -> dict[str, Any]:
    """A fresh namespace for a what-if cell, its ``outcome`` linking provisions with ``link``."""
    names = {
        "widgets": widgets,
        "outcome": outcomes(link),
        "opening_facts": opening_facts,
        "display": display,
        "shown": display.shown,
        "dt": dt,
    }
    return {"__name__": "__main__", **names}


WHAT_IF_NAMES = tuple(name for name in what_if_namespace(None) if name != "__name__")
"""The names a what-if cell may use without importing them."""


def _shown(value: Any) -> str:
    if value is None:
        return ""
    represent = getattr(value, "_repr_html_", None)
    if callable(represent):
        return represent()
    return f"<pre class='lm-cell-value'>{html.escape(repr(value))}</pre>"


def run_cell(source: str, link: Link | None) -> dict[str, Any]:
    """Run a what-if cell: ``html`` of what it printed and its last value, ``error`` (one line) if it failed."""
    printed = io.StringIO()
    namespace = what_if_namespace(link)
    error = None
    try:
        tree = ast.parse(source, "<what-if>", "exec")
        tail = tree.body[-1] if tree.body else None
        last = tail.value if isinstance(tail, ast.Expr) else None  # the cell's value, shown as a notebook shows it
        if last is not None:
            tree.body.pop()
        with contextlib.redirect_stdout(printed):
            exec(compile(tree, "<what-if>", "exec"), namespace)
            value = eval(compile(ast.Expression(last), "<what-if>", "eval"), namespace) if last is not None else None
        shown = _shown(value)
    except Exception as failure:  # the reader's own code: show what went wrong, as a notebook would
        error = traceback.format_exception_only(failure)[-1].strip()
        shown = f"<pre class='lm-cell-error' role='alert'>{html.escape(error)}</pre>"
    out = f"<pre class='lm-cell-stdout'>{html.escape(printed.getvalue())}</pre>" if printed.getvalue() else ""
    return {"html": out + shown, "error": error}


class Runtime:
    """The page's Python: the reader's page table for links, relative to the page's folder."""

    def __init__(self, pages: Mapping[str, Mapping[str, str]], from_folder: str) -> None:
        self.link = link_from_pages(pages, from_folder)

    def compute(self, provision_id: str, form_json: str) -> str:
        """A calculator's result for the form's strings, as JSON (``widgets.views.page.form_result``)."""
        try:
            answer = form_result(provision_id, json.loads(form_json), self.link)
        except widgets.UnknownProvision as error:
            answer = {"html": "", "problems": [["provision_id", str(error)]]}
        return json.dumps(answer)

    def run_cell(self, source: str) -> str:
        """A what-if cell's output, as JSON (:func:`run_cell`)."""
        return json.dumps(run_cell(source, self.link))

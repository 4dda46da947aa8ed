"""The calculators on top of the rules: one per provision id, in JupyterLab and in the built book.

    from widgets.views import calculator, outcome
    calculator("pk-mso-2001/wages-on-wreck")                      # the example facts
    outcome("pk-mso-2001/wages-on-wreck", ship_trade="home-trade")   # a what-if: the result panel alone

The controls come from the rule's fact schema, the result panel shows each amount with its kind as the rule returns
it (entitlement, statutory maximum, statutory minimum; nil when nothing is due), every other outcome in words
(``widgets.views.display``) and the steps naming their provisions, and the text of the provisions (from the corpus,
never retyped) stands beside the controls. Invalid facts show the rule's message, never a traceback.

One renderer, three places: ``widgets.views.panels`` writes the result panel for the ipywidgets box of a notebook
(``widgets.views.notebook``, the only module that imports ipywidgets), for the HTML form of a page of the book
(``widgets.views.page``) and for the page's in-browser runtime (``widgets.views.live``, run by Pyodide).
"""

from __future__ import annotations

import html
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import yaml

import widgets
from widgets.views.panels import error_html, provision_html, result_html
from widgets.views.reader_links import reader_link

EXAMPLES_FILE = Path(__file__).with_name("examples.yaml")


@cache
def examples() -> dict[str, dict[str, Any]]:
    """The opening facts of each calculator, by provision id."""
    return yaml.safe_load(EXAMPLES_FILE.read_text(encoding="utf-8"))


def opening_facts(provision_id: str, **overrides: Any) -> dict[str, Any]:
    """The example facts of ``provision_id`` with ``overrides`` applied (what a what-if cell changes)."""
    return {**examples().get(provision_id, {}), **overrides}


def provision_texts(provision_id: str, link: Any = None) -> list[str]:
    """HTML of the text of each provision the rule implements, read from the corpus (deepest duplicates removed)."""
    from corpus import by_eid  # the corpus is needed only for the text panel

    refs = widgets.describe(provision_id)["provisions"]
    eids = [r["eid"] for r in refs]
    shown = [r for r in refs if not any(e != r["eid"] and r["eid"].startswith(e + "__") for e in eids)]
    panels = []
    for ref in shown:
        provision = by_eid(ref["document"], ref["eid"])
        href = link(ref["document"], ref["eid"]) if link else f"#{ref['eid']}"
        panels.append(provision_html(provision.citation, provision.heading, provision.text, href))
    return panels


class Outcome:
    """The result panel of one evaluation, displayable in a notebook (``_repr_html_``): what a what-if cell shows."""

    def __init__(self, provision_id: str, facts: dict[str, Any], link: Any = None) -> None:
        self.provision_id = provision_id
        self.facts = facts
        try:
            self.result: dict[str, Any] | None = widgets.evaluate(provision_id, facts)
            self.problems: list[tuple[str, str]] = []
        except widgets.FactError as error:
            self.result, self.problems = None, error.problems
        self.link = link or reader_link()

    def __getitem__(self, name: str) -> Any:
        """A field of the result (``outcome(...)["total"]``); ``KeyError`` if the facts were invalid."""
        if self.result is None:
            raise KeyError(f"{name}: the facts were invalid ({self.problems})")
        return self.result[name]

    def _repr_html_(self) -> str:
        panel = result_html(self.result, self.link) if self.result is not None else error_html(self.problems)
        return f"<div class='lm-outcome' data-provision-id='{html.escape(self.provision_id)}'>{panel}</div>"


def outcomes(link: Any = None) -> Callable[..., Outcome]:
    """``outcome`` whose results link each provision with ``link(document, eid)`` (default: :func:`reader_link`)."""

    def outcome(provision_id: str, **facts: Any) -> Outcome:
        """The result for the calculator's opening facts with ``facts`` changed: ``outcome(pid, ship_trade=…)``.

        Invalid facts show the rule's message (each bad field and why) instead of a result, never a traceback.
        """
        return Outcome(provision_id, opening_facts(provision_id, **facts), link)

    return outcome


outcome = outcomes()
"""What a chapter's what-if cells call: ``outcome("pk-mso-2001/wages-on-wreck", ship_trade="home-trade")``."""


def calculator(provision_id: str, link: Any = None, texts: list[str] | None = None, **facts: Any) -> Any:
    """The calculator for ``provision_id`` opening on the example facts with ``facts`` applied.

    In a notebook it is an ipywidgets box (``widgets.views.notebook``; ipywidgets is imported only here); in a page of
    the book it displays as the HTML form of ``widgets.views.page``, which the page recomputes in the browser.
    ``link(document, eid)`` gives the URL of a provision in the statute reader; by default the reader page and anchor
    relative to a chapter in ``book/chapters`` (:func:`widgets.views.reader_links.reader_link`), or the bare ``#eId``
    where the book's sources are not present. ``texts``: the HTML of the provisions' text (default: read from the
    corpus, :func:`provision_texts`).
    """
    from widgets.views.notebook import calculator_box

    return calculator_box(provision_id, link, texts, **facts)

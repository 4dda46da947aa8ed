"""ipywidgets calculators on top of the rules: one per provision id, the same in JupyterLab and the built book.

    from widgets.views import calculator
    calculator("pk-mso-2001/wages-on-wreck")                      # the example facts
    calculator("pk-mso-2001/wages-on-wreck", ship_trade="home-trade")   # a what-if

The controls come from the rule's fact schema (each label whole, with its unit: ``widgets.views.controls``), the
result panel shows each amount with its kind as the rule returns it (entitlement, statutory maximum, statutory
minimum; nil when nothing is due), every other outcome in words (``widgets.views.display``) and the steps naming
their provisions, and the text of the provisions (from the corpus, never retyped) stands beside the controls: side by
side on a wide screen, stacked on a narrow one. Invalid facts show the rule's message inside the widget, never a
traceback.
"""

from __future__ import annotations

import html
from functools import cache
from pathlib import Path
from typing import Any

import ipywidgets as w
import yaml

import widgets
from widgets.views.controls import Control
from widgets.views.panels import error_html, provision_html, result_html
from widgets.views.reader_links import reader_link

EXAMPLES_FILE = Path(__file__).with_name("examples.yaml")
LABEL_WRAP = (
    "<style>.lm-calculator .widget-label, .lm-calculator .widget-label-basic {white-space: normal; max-width: 100%}"
    "</style>"
)
"""A label longer than a phone's width wraps onto a second line (ipywidgets keeps labels on one line and cuts them)."""


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
        return result_html(self.result, self.link) if self.result is not None else error_html(self.problems)


def outcome(provision_id: str, **facts: Any) -> Outcome:
    """The result for the calculator's opening facts with ``facts`` changed: ``outcome(pid, ship_trade="coasting")``.

    Invalid facts show the rule's message (each bad field and why) instead of a result, never a traceback.
    """
    return Outcome(provision_id, opening_facts(provision_id, **facts))


def calculator(provision_id: str, link: Any = None, **facts: Any) -> w.Widget:
    """The calculator for ``provision_id`` opening on the example facts with ``facts`` applied.

    ``link(document, eid)`` gives the URL of a provision in the statute reader; by default the reader page and anchor
    relative to a chapter in ``book/chapters`` (:func:`widgets.views.reader_links.reader_link`), or the bare ``#eId``
    where the book's sources are not present.
    """
    info = widgets.describe(provision_id)
    link = link or reader_link()
    values = {f["name"]: f.get("default") for f in info["facts"]} | opening_facts(provision_id, **facts)
    controls = [Control(fact, values.get(fact["name"]), info["currency"]) for fact in info["facts"]]
    output = w.HTML(layout={"width": "100%"})

    def recompute(_: Any = None) -> None:
        raw = {c.name: c.raw() for c in controls}
        raw = {name: value for name, value in raw.items() if value is not None}
        try:
            output.value = result_html(widgets.evaluate(provision_id, raw), link)
        except widgets.FactError as error:
            output.value = error_html(error.problems)

    for control in controls:
        control.widget.observe(recompute, names="value")
    recompute()
    facts = [c.widget for c in controls if c.fact["kind"] != "option"]
    options = [c.widget for c in controls if c.fact["kind"] == "option"]
    options_head = w.HTML("<b>Interpretive options</b> <small>(where the law is arguable; each has a default)</small>")
    facts_box = w.VBox(
        [
            w.HTML(LABEL_WRAP + f"<h4>{html.escape(info['title'])}</h4>"),
            *facts,
            *([options_head, *options] if options else []),
        ],
        layout={"flex": "1 1 22em", "min_width": "18em"},
    )
    text_box = w.VBox(
        [w.HTML("<h4>The law</h4>"), *[w.HTML(p) for p in provision_texts(provision_id, link)]],
        layout={"flex": "1 1 22em", "min_width": "18em", "max_height": "36em", "overflow": "auto"},
    )
    top = w.Box([facts_box, text_box], layout={"display": "flex", "flex_flow": "row wrap", "grid_gap": "1em"})
    box = w.VBox([top, output], layout={"border": "1px solid #ccc", "padding": "0.5em"})
    box.add_class("lm-calculator")
    box.recompute = recompute  # type: ignore[attr-defined]
    box.controls = {c.name: c.widget for c in controls}  # type: ignore[attr-defined]
    box.output = output  # type: ignore[attr-defined]
    return box

"""The calculator as an ipywidgets box, for JupyterLab and the notebooks (``widgets.views.calculator`` builds it).

The controls come from the rule's fact schema (``widgets.views.controls``); the result panel and the provision text
are the same HTML as in the book (``widgets.views.panels``). The box also carries the HTML form of
``widgets.views.page`` as its ``text/html`` representation: a page of the book shows that form (``_config.yml``
ranks ``text/html`` above the widget view for the HTML builder) and recomputes it in the reader's browser.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

import ipywidgets as w

import widgets
from widgets.views import opening_facts, provision_texts
from widgets.views.controls import Control
from widgets.views.page import calculator_html, result_panel
from widgets.views.reader_links import reader_link

LABEL_WRAP = (
    "<style>.lm-calculator .widget-label, .lm-calculator .widget-label-basic {white-space: normal; max-width: 100%;"
    " height: auto; min-height: var(--jp-widgets-inline-height, 28px); line-height: 1.35; padding: 0.3em 0;"
    " box-sizing: border-box} .lm-calculator .widget-inline-hbox {height: auto;"
    " min-height: var(--jp-widgets-inline-height, 28px)}</style>"
)
"""A label longer than its line wraps onto a second line (ipywidgets keeps labels on one line and cuts them), and its
box grows with it: ipywidgets gives a label one line's fixed height (``--jp-widgets-inline-height``, 28 px) and line
height, so that in JupyterLab a wrapped label's second line was drawn over the dropdown or box below it (measured in
JupyterLab 4.6 and ipywidgets 8.1: "Reading: whether six days' pay or …", 56 px of text in a 28 px box;
``tests/widgets/test_jupyterlab.py``); and a control's own box has that fixed height too, so that one wrapped onto
two lines (label, then dropdown) ran over the next control's label. Both grow now: with the control's wrapping
layout (``controls.WRAPPING``) a long label stands on its own lines above its control, and the next control below."""


class CalculatorBox(w.VBox):
    """The calculator's box; in a notebook the widget, in a page of the book the HTML form (``text/html``)."""

    # set by calculator_box (plain attributes, not traits: nothing syncs them to the notebook's front end)
    page_html: str
    recompute: Callable[..., None]
    controls: dict[str, w.Widget]
    output: w.Output

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        bundle = super()._repr_mimebundle_(**kwargs) or {}
        bundle["text/html"] = self.page_html
        return bundle


def calculator_box(provision_id: str, link: Any = None, texts: list[str] | None = None, **facts: Any) -> CalculatorBox:
    """The ipywidgets calculator for ``provision_id`` opening on the example facts with ``facts`` applied; ``texts``
    the provisions' text as HTML (default: from the corpus)."""
    info = widgets.describe(provision_id)
    link = link or reader_link()
    opening = opening_facts(provision_id, **facts)
    values = {f["name"]: f.get("default") for f in info["facts"]} | opening
    controls = [Control(fact, values.get(fact["name"]), info["currency"]) for fact in info["facts"]]
    output = w.HTML(layout={"width": "100%"})
    law = texts if texts is not None else provision_texts(provision_id, link)

    def recompute(_: Any = None) -> None:
        output.value = result_panel(provision_id, {c.name: c.raw() for c in controls}, link)

    for control in controls:
        control.widget.observe(recompute, names="value")
    recompute()
    fact_widgets = [c.widget for c in controls if c.fact["kind"] != "option"]
    options = [c.widget for c in controls if c.fact["kind"] == "option"]
    options_head = w.HTML("<b>Interpretive options</b> <small>(where the law is arguable; each has a default)</small>")
    facts_box = w.VBox(
        [
            w.HTML(LABEL_WRAP + f"<h4>{html.escape(info['title'])}</h4>"),
            *fact_widgets,
            *([options_head, *options] if options else []),
        ],
        layout={"flex": "1 1 22em", "min_width": "18em"},
    )
    text_box = w.VBox(
        [w.HTML("<h4>The law</h4>"), *[w.HTML(p) for p in law]],
        layout={"flex": "1 1 22em", "min_width": "18em"},
    )
    top = w.Box([facts_box, text_box], layout={"display": "flex", "flex_flow": "row wrap", "grid_gap": "1em"})
    box = CalculatorBox([top, output], layout={"border": "1px solid #ccc", "padding": "0.5em"})
    box.add_class("lm-calculator")
    box.page_html = calculator_html(provision_id, opening, link, law)
    box.recompute = recompute
    box.controls = {c.name: c.widget for c in controls}
    box.output = output
    return box

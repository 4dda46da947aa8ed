"""One ipywidgets control per fact of a rule, built from the rule's own fact schema (``widgets.describe``).

Each control reads back to the raw value the rule accepts (a number, an ISO date, a choice, true/false/"not shown"),
so a view never second-guesses the rule's validation: bad values reach ``evaluate`` and come back as a ``FactError``
that the view shows inside the widget.

Labels are never cut off: each control's label takes the width its words need (``description_width: initial``) and
the control wraps its input below the label when the screen is too narrow for both on one line. Each label carries
the fact's unit in words ("Displacement (tonnes)", "TPC (tonnes per centimetre immersion)") or the currency sign.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

import ipywidgets as w

from widgets.rules.facts import NOT_SHOWN
from widgets.views.display import fact_label

MONEY_MAX = 1e12
LABEL_STYLE = {"description_width": "initial"}
"""The label as wide as its words: ipywidgets' default width (and any fixed one) cuts a long label off."""
WRAPPING = {"width": "auto", "max_width": "100%", "flex_flow": "row wrap"}
"""On a narrow screen the input goes below its label instead of running off the edge."""


class Control:
    """A fact's widget and how to read it back as the raw value the rule expects (``None`` = leave out)."""

    def __init__(self, fact: dict[str, Any], value: Any, currency: str) -> None:
        self.fact = fact
        self.name = fact["name"]
        self.widget = self._make(fact, value, currency)
        self.widget.tooltip = fact["doc"]

    def _make(self, fact: dict[str, Any], value: Any, currency: str) -> w.Widget:
        kind, text = fact["kind"], fact_label(fact, currency)
        common = {"description": text, "style": LABEL_STYLE, "layout": WRAPPING}
        if kind == "amounts":
            text = "; ".join(f"{v:g}" if isinstance(v, float) else str(v) for v in value or ())
            return w.Text(value=text, placeholder="not given", **common)
        if kind in ("money", "number") and value is None:
            # Optional amount: an empty box means "not given".
            return w.Text(value="", placeholder="not given", **common)
        if kind == "money":
            return w.BoundedFloatText(value=value, min=0, max=MONEY_MAX, step=100, **common)
        if kind == "number":
            step = 0.001 if fact["maximum"] < 10 else 1
            return w.BoundedFloatText(value=value, min=fact["minimum"], max=fact["maximum"], step=step, **common)
        if kind == "count":
            return w.BoundedIntText(value=value, min=0, max=100_000, **common)
        if kind == "date":
            return w.DatePicker(value=dt.date.fromisoformat(value) if value else None, **common)
        if kind in ("choice", "option"):
            return w.Dropdown(options=fact["choices"], value=value, **common)
        if kind == "flag":
            return w.Checkbox(value=bool(value), indent=False, **common)
        if kind == "proof":
            options = [("proved", True), ("disproved", False), ("not shown", NOT_SHOWN)]
            style = {**LABEL_STYLE, "button_width": "6.5em"}
            return w.ToggleButtons(options=options, value=value, description=text, style=style, layout=WRAPPING)
        raise ValueError(f"fact {self.name}: no control for kind {kind!r}")

    def raw(self) -> Any:
        """The value to send to the rule, or ``None`` to leave the fact out (its default applies)."""
        value = self.widget.value
        if isinstance(self.widget, w.Text):
            text = value.strip()
            if not text:
                return None
            if self.fact["kind"] == "amounts":
                return [_number(item) for item in text.split(";")]
            return _number(text)
        if isinstance(value, dt.date):
            return value.isoformat()
        if value is None and self.fact["kind"] == "date":
            return None
        return value


def _number(text: str) -> float | str:
    """A number typed in a text box ("1,50,000"), or the text itself for the rule to name as bad."""
    try:
        return float(text.strip().replace(",", ""))
    except ValueError:
        return text

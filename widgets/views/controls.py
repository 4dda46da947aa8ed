"""One ipywidgets control per fact of a rule, built from the rule's own fact schema (``widgets.describe``).

Each control reads back to the raw value the rule accepts (a number, an ISO date, a choice, true/false/"not shown"),
so a view never second-guesses the rule's validation: bad values reach ``evaluate`` and come back as a ``FactError``
that the view shows inside the widget.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

import ipywidgets as w

from widgets.rules.facts import NOT_SHOWN

MONEY_MAX = 1e12
LABEL_LAYOUT = {"description_width": "14em"}


def label(name: str) -> str:
    """``monthly_wage`` → "Monthly wage"."""
    return name.replace("_", " ").capitalize()


class Control:
    """A fact's widget and how to read it back as the raw value the rule expects (``None`` = leave out)."""

    def __init__(self, fact: dict[str, Any], value: Any, currency: str) -> None:
        self.fact = fact
        self.name = fact["name"]
        self.widget = self._make(fact, value, currency)
        self.widget.tooltip = fact["doc"]
        self.help = w.HTML(f"<small class='lm-fact-doc'>{fact['doc']}</small>", layout={"margin": "0 0 0 1em"})

    def _make(self, fact: dict[str, Any], value: Any, currency: str) -> w.Widget:
        kind, text = fact["kind"], label(self.name)
        style = LABEL_LAYOUT
        layout = {"width": "auto"}
        if kind in ("money", "number") and value is None:
            # Optional amount: an empty box means "not given".
            return w.Text(value="", description=text, placeholder="not given", style=style, layout=layout)
        if kind == "money":
            return w.BoundedFloatText(
                value=value, min=0, max=MONEY_MAX, step=100, description=f"{text} ({currency})", style=style
            )
        if kind == "number":
            unit = f" ({fact['unit']})" if fact.get("unit") else ""
            return w.BoundedFloatText(
                value=value,
                min=fact["minimum"],
                max=fact["maximum"],
                step=0.001 if fact["maximum"] < 10 else 1,
                description=text + unit,
                style=style,
            )
        if kind == "count":
            unit = f" ({fact['unit']})" if fact.get("unit") else ""
            return w.BoundedIntText(value=value, min=0, max=100_000, description=text + unit, style=style)
        if kind == "date":
            return w.DatePicker(value=dt.date.fromisoformat(value) if value else None, description=text, style=style)
        if kind in ("choice", "option"):
            return w.Dropdown(options=fact["choices"], value=value, description=text, style=style, layout=layout)
        if kind == "flag":
            return w.Checkbox(value=bool(value), description=text, indent=False)
        if kind == "proof":
            options = [("proved", True), ("disproved", False), ("not shown", NOT_SHOWN)]
            return w.ToggleButtons(
                options=options, value=value, description=text, style={**style, "button_width": "6.5em"}
            )
        raise ValueError(f"fact {self.name}: no control for kind {kind!r}")

    def raw(self) -> Any:
        """The value to send to the rule, or ``None`` to leave the fact out (its default applies)."""
        value = self.widget.value
        if isinstance(self.widget, w.Text):
            text = value.strip()
            if not text:
                return None
            try:
                return float(text.replace(",", ""))
            except ValueError:
                return text  # the rule names the field and why
        if isinstance(value, dt.date):
            return value.isoformat()
        if value is None and self.fact["kind"] == "date":
            return None
        return value

"""How a value of a result reads on the page: the one place where a rule's raw Python value becomes text for a reader.

A rule returns plain values (``widgets.evaluate``): amounts as floats with their kind, other outcomes as booleans,
numbers, strings, or ``None`` where something does not apply. The result panel shows none of them as Python prints
them; every value goes through :func:`shown` (or :func:`outcome`, which adds the name):

- money in the rule's currency to the paisa, ₹ with lakh grouping or Rs (``widgets.rules.money.format_money``);
- other numbers to at most two decimals, with their unit ("25.4 mm", "2 inches", "4 days");
- true / false as the words ``labels.yaml`` gives that outcome, otherwise "yes" / "no";
- dates as "1 March 2024";
- ``None`` as the words ``labels.yaml`` gives ("not fixed by the text"), with the reason when the result carries one
  (``reason_from``), otherwise "not applicable".

Amount kinds read as the rule returns them (``widgets.rules.result``): an entitlement, a statutory maximum ("may
extend to", "not more than"), a statutory minimum ("not less than"); a nil amount reads "nil", since no ceiling or
floor is at work in it.
"""

from __future__ import annotations

import datetime as dt
import re
from decimal import Decimal
from functools import cache
from pathlib import Path
from typing import Any

import yaml

from widgets.rules.money import format_money
from widgets.rules.wording import date_text, figure

LABELS_FILE = Path(__file__).with_name("labels.yaml")
NOT_APPLICABLE = "not applicable"
CURRENCY_SIGNS = {"INR": "₹", "PKR": "Rs"}

KINDS = {
    "entitlement": ("entitlement", "due on these facts", "#1b5e20"),
    "maximum": ("statutory maximum", "at most: “may extend to”, “not more than”", "#8a4b00"),
    "minimum": ("statutory minimum", "at least: “not less than”", "#0d47a1"),
}
NIL = ("nil", "no sum on these facts", "#555")


@cache
def labels() -> dict[str, Any]:
    """The reader's names for outcomes, amounts, facts and units (``labels.yaml``)."""
    return yaml.safe_load(LABELS_FILE.read_text(encoding="utf-8"))


def humanised(name: str) -> str:
    """``monthly_wage`` → "Monthly wage"."""
    return name.replace("_", " ").capitalize()


def unit_word(unit: str, count: float | None = None) -> str:
    """``unit`` as a reader reads it, singular for exactly one (``count`` None: the plural, as a control names it)."""
    forms = labels()["units"].get(unit, unit)
    if isinstance(forms, str):
        return forms
    return forms[0] if count is not None and abs(count) == 1 else forms[1]


def number(value: float | int | Decimal, unit: str = "") -> str:
    """A number to at most two decimals, grouped by thousands, trailing zeros dropped, then its unit: "12.35 mm"."""
    if not Decimal(str(value)).is_finite():
        return f"{value} {unit_word(unit)}".strip()
    text = figure(value)  # as the rules' steps write it (widgets.rules.wording)
    return f"{text} {unit_word(unit, float(text.replace(',', '')))}" if unit else text


def shown(value: Any, unit: str = "", currency: str = "", when: tuple[str, str] = ("yes", "no")) -> str:
    """Any single value of a result as text for a reader (see the module docstring); ``when`` = (true, false) words."""
    if value is None:
        return NOT_APPLICABLE
    if isinstance(value, bool):
        return when[0] if value else when[1]
    if isinstance(value, int | float | Decimal):
        return format_money(value, currency) if currency else number(value, unit)
    if isinstance(value, dt.date):
        return date_text(value)
    return str(value)


def outcome_label(name: str) -> str:
    """What an outcome (a non-money value of a result) is called."""
    return labels()["values"].get(name, {}).get("label") or humanised(name)


def amount_label(name: str) -> str:
    """What an amount of a result is called."""
    return labels()["amounts"].get(name) or humanised(name)


def fact_name(name: str) -> str:
    """What a fact is called on its control and in an error message."""
    return labels()["facts"].get(name) or humanised(name)


def fact_label(fact: dict[str, Any], currency: str) -> str:
    """A control's label: the fact's name for a reader with its unit, or the currency sign for money."""
    text = fact_name(fact["name"])
    if fact["kind"] == "money":
        return f"{text} ({CURRENCY_SIGNS.get(currency, currency)})"
    if fact["kind"] == "amounts":
        return f"{text} ({CURRENCY_SIGNS.get(currency, currency)}, one sum a period, separated by ;)"
    if fact.get("unit"):
        return f"{text} ({unit_word(fact['unit'])})"
    return text


def reasons_used(result: dict[str, Any]) -> set[str]:
    """Outcomes shown as the reason for another, missing, outcome (so not shown again on their own)."""
    specs = labels()["values"]
    return {
        specs[name]["reason_from"]
        for name, value in result.items()
        if value is None and specs.get(name, {}).get("reason_from") in result
    }


def outcome(name: str, result: dict[str, Any]) -> tuple[str, str]:
    """(label, text) of the outcome ``name`` of ``result``: its value in words, or why it does not apply."""
    spec = labels()["values"].get(name, {})
    value = result[name]
    if value is None:
        text = spec.get("missing", NOT_APPLICABLE)
        reason = result.get(spec.get("reason_from", ""))
        return outcome_label(name), f"{text} — {shown(reason)}" if reason else text
    when = (spec.get("when_true", "yes"), spec.get("when_false", "no"))
    return outcome_label(name), shown(value, unit=spec.get("unit", ""), when=when)


def kind(amount: dict[str, Any]) -> tuple[str, str, str]:
    """(label, gloss, colour) of an amount's kind as the rule returns it; a nil amount shows no ceiling or floor."""
    if not amount["value"]:
        return NIL
    return KINDS.get(amount["kind"], (humanised(amount["kind"]), "", "#333"))


def option_note(option: dict[str, Any]) -> str:
    """Whether an interpretive option's value is the default, naming the default when it is not."""
    if option["is_default"]:
        return "(the default)"
    return f"(not the default: {choice_words(option['name'], str(option['default']))})"


def choice_words(fact: str, choice: str) -> str:
    """A choice of ``fact`` (a choice or an option) as a reader reads it: the words ``labels.yaml`` gives it
    ("monthly*12/365" → "a year's wages divided by 365"), else its value with spaces ("loss within limit")."""
    words = labels().get("choices", {}).get(fact, {}).get(choice)
    return words or choice.replace("-", " ").replace("_", " ")


def in_words(fact: str, text: str) -> str:
    """``text`` (a fact's help) with each of its choices that is written as code ("monthly*12/365") in words, quoted."""
    named = labels().get("choices", {}).get(fact, {})
    for choice in sorted(named, key=len, reverse=True):
        if re.fullmatch(r"[a-z]+", choice):
            continue  # a word ("calendar", "none") stays as the help writes it
        text = re.sub(rf"(?<![\w/*-]){re.escape(choice)}(?![\w/*-])", f"“{named[choice]}”", text)
    return text


FIELD_NAME = re.compile(r"(?<!\w)[a-z][a-z0-9]*(?:_[a-z0-9]+)+(?!\w)")
"""A fact's name in a rule's message ("hajj_day"): English never joins words with underscores."""
ISO_DATE = re.compile(r"(?<![\d-])(\d{4})-(\d{2})-(\d{2})(?![\d-])")
WHOLE_FLOAT = re.compile(r"(?<![\w.])(-?\d+)\.0(?![\d.])")


def problem_words(why: str) -> str:
    """A rule's message about a fact in the words the page uses: each fact it names by its label, quoted
    ("is before hajj_day (2024-06-15)" → "is before “Hajj day” (15 June 2024)"), dates as the page writes them and
    whole numbers without ".0". Every rule's messages pass through here, so a rule writes its names and values
    as they are and the reader never sees them."""

    def date(match: re.Match[str]) -> str:
        try:
            return date_text(dt.date(*(int(g) for g in match.groups())))
        except ValueError:
            return match.group(0)

    text = FIELD_NAME.sub(lambda m: f"“{fact_name(m.group(0))}”", why)
    return WHOLE_FLOAT.sub(r"\1", ISO_DATE.sub(date, text))


def problems_in_words(problems: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """(fact, why) pairs as the page shows them: the fact's name kept (the page finds its field by it), the why in
    words (:func:`problem_words`)."""
    return [(field, problem_words(why)) for field, why in problems]

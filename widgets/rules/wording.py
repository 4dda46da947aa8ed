"""How the numbers in a rule's explanation steps read: the words a law student sees under every result.

A step is a sentence, not a printout of Python values, so every number in it goes through one of these:

- ``money_text(result, value)``: a sum in the rule's currency, rounded half-up to the paisa as amounts are
  (``widgets.rules.result.rounded``) and printed by ``widgets.rules.money.format_money``: "₹4,50,000.00",
  "Rs 90,000.00";
- ``measure(value, unit)``: any other quantity with its unit, grouped by thousands, to at most two decimals (or
  ``places``) with no trailing zeros: "60 mm", "12.7 mm", "1 hour", "50 hours";
- ``counted(n, noun)``: how many of a thing, one to ten in words (as the statutes write "six days' pay"), larger
  numbers in figures, none as "no": "one day", "three days", "15 days", "no days";
- ``months_wages(n)``: "one month's wages", "three months' wages";
- ``date_text(day)``: "1 March 2024".

Pure standard library apart from ``format_money``, so the rules still run in Pyodide.
"""

from __future__ import annotations

import datetime as dt
from decimal import ROUND_HALF_UP, Decimal
from typing import TYPE_CHECKING

from widgets.rules.money import format_sum
from widgets.rules.result import rounded

if TYPE_CHECKING:
    from widgets.rules.result import Result

_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
_MONTHS = (
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
)


def money_text(result: Result, value: Decimal | int) -> str:
    """``value`` as a sum in the currency of ``result``'s rule, to the paisa: "₹4,50,000.00", "Rs 90,000.00"."""
    return format_sum(rounded(value if type(value) is Decimal else Decimal(value)), result.rule.currency)


def figure(value: Decimal | float | int, places: int = 2) -> str:
    """A number rounded half-up to ``places`` decimals, trailing zeros dropped, grouped by thousands: "1,234.5"."""
    exact = Decimal(str(value)) if isinstance(value, float) else Decimal(value)
    text = f"{exact.quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP):,f}"
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def measure(value: Decimal | float | int, unit: str, plural: str = "", places: int = 2) -> str:
    """A quantity with its unit, singular for exactly 1 when ``plural`` is given: "60 mm", "1 hour", "50 hours"."""
    text = figure(value, places)
    return f"{text} {plural if plural and text != '1' else unit}"


def counted(n: int, noun: str, plural: str = "") -> str:
    """``n`` of ``noun`` (plural ``noun + 's'`` unless given): "one day", "three days", "15 days", "no days"."""
    word = _WORDS[n] if 0 <= n < len(_WORDS) else f"{n:,}"
    return f"{word} {noun if n == 1 else plural or noun + 's'}"


def months_wages(n: int) -> str:
    """A number of months' wages, the apostrophe placed right: "one month's wages", "three months' wages"."""
    apostrophe = "'s" if n == 1 else "'"
    return f"{counted(n, 'month')}{apostrophe} wages"


def date_text(day: dt.date) -> str:
    """A date as a reader writes it: "1 March 2024" (the same whatever the locale, in CPython and in Pyodide)."""
    return f"{day.day} {_MONTHS[day.month - 1]} {day.year}"

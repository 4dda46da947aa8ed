"""Money as a reader expects to see it: ₹ with lakh grouping for India (₹12,34,567.50), Rs for Pakistan.

Formatting goes through babel's CLDR data (en_IN groups by lakh and crore; en_PK prints "Rs"). It is kept out of
``evaluate`` (babel takes about 20 µs an amount, more than a whole evaluation should): views and reports format the
numbers of a result with ``format_money`` or ``formatted``.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from babel.numbers import format_currency

_LOCALE = {"INR": ("en_IN", None), "PKR": ("en_PK", "¤\u00a0#,##0.00")}


def format_money(value: float | Decimal, currency: str) -> str:
    """``value`` in ``currency`` (INR or PKR) as printed for a reader, e.g. ``₹12,34,567.50`` or ``Rs 1,234,567.50``."""
    locale, pattern = _LOCALE[currency]
    amount = Decimal(str(value)) if isinstance(value, float) else value
    return format_currency(amount + 0, currency, locale=locale, format=pattern)


def formatted(result: dict[str, Any]) -> dict[str, str]:
    """Each amount of an ``evaluate`` result, formatted in the result's currency."""
    return {name: format_money(a["value"], a["currency"]) for name, a in result["amounts"].items()}

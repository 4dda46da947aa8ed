"""Money as a reader expects to see it: ₹ with lakh grouping for India (₹12,34,567.50), Rs for Pakistan.

The format comes from babel's CLDR data (en_IN groups by lakh and crore; en_PK prints "Rs"): the pattern, the currency
symbol, the separators and the currency's decimal places are read from babel once per currency, and each amount is
then laid out with the standard library exactly as ``babel.numbers.format_currency`` lays it out (same rounding,
grouping and signs; ``tests/widgets/test_money.py`` compares the two). Babel's own call takes about 20 µs an amount,
more than a whole evaluation should; this one takes a few, so the rules can write sums into their explanation steps
(``widgets.rules.wording``) and the views and reports format the numbers of a result with ``format_money`` or
``formatted``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal
from functools import cache
from typing import Any

from babel import Locale
from babel.numbers import (
    format_currency,
    get_currency_precision,
    get_currency_symbol,
    get_decimal_symbol,
    get_group_symbol,
    parse_pattern,
)

LOCALES = {"INR": ("en_IN", None), "PKR": ("en_PK", "¤\u00a0#,##0.00")}
"""Each currency's CLDR locale and pattern (None: the locale's own currency pattern)."""


@dataclass(frozen=True, slots=True)
class _Style:
    """One currency's layout, read from babel: affixes (positive, negative) with the symbol in place, grouping."""

    prefixes: tuple[str, str]
    suffixes: tuple[str, str]
    grouping: tuple[int, int]
    min_digits: int
    group: str
    decimal: str
    quantum: Decimal


def _affix(text: str, symbol: str) -> str:
    """A pattern's prefix or suffix as babel prints it: ``¤`` as the symbol, quoted literals unquoted."""
    if "¤¤" in text:
        raise ValueError(f"currency pattern affix {text!r}: only a single ¤ (the symbol) is supported")
    return re.sub(r"'([^']*)'", lambda m: m.group(1) or "'", text.replace("¤", symbol))


@cache
def _style(currency: str) -> _Style:
    name, pattern = LOCALES[currency]
    locale = Locale.parse(name)
    number = parse_pattern(pattern) if pattern else locale.currency_formats["standard"]
    symbol = get_currency_symbol(currency, locale)
    return _Style(
        prefixes=(_affix(number.prefix[0], symbol), _affix(number.prefix[1], symbol)),
        suffixes=(_affix(number.suffix[0], symbol), _affix(number.suffix[1], symbol)),
        grouping=number.grouping,
        min_digits=number.int_prec[0],
        group=get_group_symbol(locale),
        decimal=get_decimal_symbol(locale),
        quantum=Decimal(1).scaleb(-get_currency_precision(currency)),
    )


def format_money(value: float | Decimal, currency: str) -> str:
    """``value`` in ``currency`` (INR or PKR) as printed for a reader, e.g. ``₹12,34,567.50`` or ``Rs 1,234,567.50``."""
    amount = (
        Decimal(str(value)) if isinstance(value, float) else value if type(value) is Decimal else Decimal(value)
    ) + 0
    if not amount.is_finite():
        locale, pattern = LOCALES[currency]
        return format_currency(amount, currency, locale=locale, format=pattern)
    style = _style(currency)
    return _laid_out(abs(amount).quantize(style.quantum), amount.is_signed(), style)


def format_sum(amount: Decimal, currency: str) -> str:
    """A finite sum already rounded to the currency's places (as the rules round: ``result.rounded``), laid out as
    ``format_money`` lays it out, without rounding it again (the rules' steps write several sums each)."""
    return _laid_out(abs(amount), amount.is_signed() and bool(amount), _style(currency))


def _laid_out(size_of: Decimal, negative: bool, style: _Style) -> str:
    whole, _, fraction = f"{size_of:f}".partition(".")
    size = style.grouping[0]
    if len(whole) <= size:
        number = whole.rjust(style.min_digits, "0")
    else:
        groups = []
        while len(whole) > size:
            groups.append(whole[-size:])
            whole, size = whole[:-size], style.grouping[1]
        groups.append(whole)
        number = style.group.join(reversed(groups))
    if fraction:
        number += style.decimal + fraction
    return style.prefixes[negative] + number + style.suffixes[negative]


def formatted(result: dict[str, Any]) -> dict[str, str]:
    """Each amount of an ``evaluate`` result, formatted in the result's currency."""
    return {name: format_money(a["value"], a["currency"]) for name, a in result["amounts"].items()}

"""Money as a reader expects to see it: ₹ with lakh grouping for India (₹12,34,567.50), Rs for Pakistan.

The format comes from babel's CLDR data (en_IN groups by lakh and crore; en_PK prints "Rs"): the pattern, the currency
symbol, the separators and the currency's decimal places of each currency, as babel reads them (:func:`babel_styles`),
are kept in ``money_styles.py`` beside this module (written by :func:`write_styles`), and each amount is laid out
with the standard library exactly as ``babel.numbers.format_currency`` lays it out (same rounding, grouping and
signs; ``tests/widgets/test_money.py`` compares the two, and checks that file against babel). Babel's own call takes
about 20 µs an amount, more than a whole evaluation should; this one takes a few, so the rules can write sums into
their explanation steps (``widgets.rules.wording``) and the views and reports format the numbers of a result with
``format_money`` or ``formatted``. The rules need no babel to run: the reader's browser is spared its 1.4 MB of code
and CLDR data.

After upgrading babel: ``.venv/bin/python -c "from widgets.rules import money; money.write_styles()"``.
"""

from __future__ import annotations

import json
import re
from dataclasses import asdict, dataclass
from decimal import Decimal
from functools import cache
from pathlib import Path
from typing import Any

from widgets.rules.money_styles import STYLES

LOCALES = {"INR": ("en_IN", None), "PKR": ("en_PK", "¤\u00a0#,##0.00")}
"""Each currency's CLDR locale and pattern (None: the locale's own currency pattern)."""
STYLES_FILE = Path(__file__).with_name("money_styles.py")


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


def babel_styles() -> dict[str, dict[str, Any]]:
    """Each currency's layout as babel reads it from CLDR (what ``money_styles.py`` holds)."""
    from babel import Locale
    from babel.numbers import (
        get_currency_precision,
        get_currency_symbol,
        get_decimal_symbol,
        get_group_symbol,
        parse_pattern,
    )

    styles = {}
    for currency, (name, pattern) in sorted(LOCALES.items()):
        locale = Locale.parse(name)
        number = parse_pattern(pattern) if pattern else locale.currency_formats["standard"]
        symbol = get_currency_symbol(currency, locale)
        style = _Style(
            prefixes=(_affix(number.prefix[0], symbol), _affix(number.prefix[1], symbol)),
            suffixes=(_affix(number.suffix[0], symbol), _affix(number.suffix[1], symbol)),
            grouping=tuple(number.grouping),
            min_digits=number.int_prec[0],
            group=get_group_symbol(locale),
            decimal=get_decimal_symbol(locale),
            quantum=Decimal(1).scaleb(-get_currency_precision(currency)),
        )
        fields = {k: list(v) if isinstance(v, tuple) else v for k, v in asdict(style).items()}
        styles[currency] = {**fields, "quantum": str(style.quantum)}
    return styles


@cache
def _style(currency: str) -> _Style:
    fields = STYLES[currency]
    return _Style(
        prefixes=tuple(fields["prefixes"]),
        suffixes=tuple(fields["suffixes"]),
        grouping=tuple(fields["grouping"]),
        min_digits=fields["min_digits"],
        group=fields["group"],
        decimal=fields["decimal"],
        quantum=Decimal(fields["quantum"]),
    )


def format_money(value: float | Decimal, currency: str) -> str:
    """``value`` in ``currency`` (INR or PKR) as printed for a reader, e.g. ``₹12,34,567.50`` or ``Rs 1,234,567.50``."""
    amount = (
        Decimal(str(value)) if isinstance(value, float) else value if type(value) is Decimal else Decimal(value)
    ) + 0
    style = _style(currency)
    if not amount.is_finite():  # never a rule's sum; "₹∞" as babel prints it, "₹NaN" (babel: "₹NaN.00")
        return style.prefixes[amount.is_signed()] + ("∞" if amount.is_infinite() else "NaN") + style.suffixes[0]
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


def styles_source() -> str:
    """The text of ``money_styles.py`` for the installed babel."""
    return (
        '"""Each currency\'s layout, as babel reads it from CLDR: written by ``widgets.rules.money.write_styles``,\n'
        'never by hand (tests/widgets/test_money.py checks it against babel)."""\n\n'
        "from typing import Any\n\n"
        f"STYLES: dict[str, dict[str, Any]] = {json.dumps(babel_styles(), indent=4, ensure_ascii=False)}\n"
    )


def write_styles() -> None:
    """Rewrite ``money_styles.py`` from the installed babel."""
    STYLES_FILE.write_text(styles_source(), encoding="utf-8")

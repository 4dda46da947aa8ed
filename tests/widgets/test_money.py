"""``format_money`` lays out a sum exactly as babel's ``format_currency`` does with the same CLDR data (lakh grouping
and ₹ for India, "Rs" and thousands for Pakistan), for any amount: it only reads babel's data once per currency."""

from __future__ import annotations

import json
from decimal import Decimal

import pytest
from babel.numbers import format_currency
from hypothesis import given
from hypothesis import strategies as st

from widgets.rules import money_styles
from widgets.rules.money import LOCALES, babel_styles, format_money, format_sum
from widgets.rules.result import rounded

DECIMALS = st.decimals(min_value=Decimal("-1e15"), max_value=Decimal("1e15"), allow_nan=False, places=4)
FLOATS = st.floats(min_value=-1e12, max_value=1e12, allow_nan=False, allow_infinity=False)
CURRENCIES = st.sampled_from(sorted(LOCALES))


def _babel(value: float | Decimal, currency: str) -> str:
    locale, pattern = LOCALES[currency]
    amount = Decimal(str(value)) if isinstance(value, float) else value
    return format_currency(amount + 0, currency, locale=locale, format=pattern)


@given(DECIMALS, CURRENCIES)
def test_decimals_read_as_babel_prints_them(value, currency):
    assert format_money(value, currency) == _babel(value, currency)


@given(DECIMALS, CURRENCIES)
def test_a_sum_the_rules_rounded_reads_as_babel_prints_it(value, currency):
    """``format_sum`` (the steps' fast path) on a sum rounded half-up to the paisa, as the rules round."""
    assert format_sum(rounded(value), currency) == _babel(rounded(value), currency)


@given(FLOATS, CURRENCIES)
def test_floats_read_as_babel_prints_them(value, currency):
    assert format_money(value, currency) == _babel(value, currency)


@pytest.mark.parametrize(
    ("value", "currency", "text"),
    [
        (Decimal("1234567.5"), "INR", "₹12,34,567.50"),
        (Decimal("100000"), "INR", "₹1,00,000.00"),
        (Decimal("123456789.125"), "INR", "₹12,34,56,789.12"),  # babel's rounding: half to even
        (Decimal("100000"), "PKR", "Rs\xa0100,000.00"),
        (Decimal("-5"), "INR", "-₹5.00"),
        (0, "PKR", "Rs\xa00.00"),
        (Decimal("Infinity"), "INR", _babel(Decimal("Infinity"), "INR")),
    ],
)
def test_known_amounts(value, currency, text):
    assert format_money(value, currency) == text == _babel(value, currency)


def test_the_kept_styles_are_babels():
    # money_styles.py spares the reader's browser babel; it must say what babel says (else: money.write_styles())
    assert babel_styles() == money_styles.STYLES


def test_the_rules_run_without_babel():
    import subprocess
    import sys

    import widgets

    facts = {"monthly_wage": 150000, "cause": "wreck", "service_terminated_on": "2024-01-10",
             "arrived_return_port_on": "2024-01-25", "ship_trade": "foreign-going"}  # fmt: skip
    code = (
        "import json, sys; sys.modules['babel'] = None\n"  # an import of babel now fails
        "import widgets\n"
        f"r = widgets.evaluate('in-msb-2016/wages-on-wreck', json.loads({json.dumps(facts)!r}))\n"
        "print(json.dumps(widgets.formatted(r)))"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    with_babel = widgets.formatted(widgets.evaluate("in-msb-2016/wages-on-wreck", facts))
    assert json.loads(run.stdout) == with_babel and with_babel["total"].startswith("₹")

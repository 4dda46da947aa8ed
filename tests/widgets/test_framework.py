"""The rule framework: fact checking, calendar months, money formatting and the result's shape."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest

import widgets
from widgets.rules import facts as f
from widgets.rules.periods import add_months, months_and_days, within_months

SCHEMA = f.Schema(
    f.money("wage", "a wage"),
    f.date("on", "a date", default=None),
    f.choice("trade", ("coasting", "foreign-going"), "a trade", default="coasting"),
    f.flag("ticket", "a flag", default=False),
    f.proof("exerted", "a proof fact", burden="the owner"),
    f.count("days", "days", default=0),
    f.number("density", "t/m3", minimum=1.0, maximum=1.025, default=1.025),
    f.option("measure", ("calendar", "30-days"), "calendar", "an option"),
)


def test_defaults_fill_what_is_not_given_and_are_listed():
    parsed = SCHEMA.parse({"wage": 100})
    assert parsed.wage == Decimal("100") and parsed.on is None and parsed.trade == "coasting"
    assert parsed.exerted == f.NOT_SHOWN and parsed.days == 0 and parsed.density == 1.025
    assert "wage" not in parsed.defaulted and "trade" in parsed.defaulted


def test_values_are_converted():
    parsed = SCHEMA.parse({"wage": 0.1, "on": "2024-02-29", "exerted": False, "days": 3.0, "density": 1})
    assert parsed.wage == Decimal("0.1") and parsed.on == dt.date(2024, 2, 29)
    assert parsed.exerted is False and parsed.days == 3 and isinstance(parsed.days, int)


@pytest.mark.parametrize(
    ("raw", "field", "why"),
    [
        ({"wage": -1}, "wage", "must not be negative"),
        ({"wage": True}, "wage", "must be a number"),
        ({"wage": float("nan")}, "wage", "finite"),
        ({"wage": 1, "on": "2024-02-30"}, "on", "ISO date"),
        ({"wage": 1, "on": "2024-2-3"}, "on", "ISO date"),
        ({"wage": 1, "trade": "home-trade"}, "trade", "must be one of “coasting”, “foreign-going”; got “home-trade”"),
        ({"wage": 1, "ticket": "no"}, "ticket", "true or false"),
        ({"wage": 1, "exerted": "unknown"}, "exerted", '"not shown"'),
        ({"wage": 1, "days": -2}, "days", "must not be negative"),
        ({"wage": 1, "days": 1.5}, "days", "whole number"),
        ({"wage": 1, "density": 0.9}, "density", "at least 1"),
        ({"wage": 1, "density": 1.2}, "density", "at most 1.025"),
        ({"wage": 1, "measure": "lunar"}, "measure", "must be one of"),
        ({"wage": 1, "colour": "red"}, "colour", "unknown fact"),
        ({}, "wage", "is required"),
    ],
)
def test_each_bad_field_is_named_with_the_reason(raw, field, why):
    with pytest.raises(f.FactError) as raised:
        SCHEMA.parse(raw)
    assert raised.value.problems[0][0] == field and why in raised.value.problems[0][1]
    assert "\n" not in str(raised.value)


def test_every_problem_is_reported_at_once():
    with pytest.raises(f.FactError) as raised:
        SCHEMA.parse({"colour": 1, "days": -1})
    assert [name for name, _ in raised.value.problems] == ["colour", "wage", "days"]


def test_facts_must_be_a_mapping():
    with pytest.raises(f.FactError, match="facts: must be a JSON object"):
        SCHEMA.parse([1, 2])


def test_an_option_default_must_be_one_of_its_choices():
    with pytest.raises(ValueError, match="default"):
        f.option("x", ("a", "b"), "c", "doc")


@pytest.mark.parametrize(
    ("day", "months", "expected"),
    [
        (dt.date(2024, 1, 31), 1, dt.date(2024, 2, 29)),
        (dt.date(2023, 1, 31), 1, dt.date(2023, 2, 28)),
        (dt.date(2024, 11, 30), 3, dt.date(2025, 2, 28)),
        (dt.date(2024, 5, 1), 6, dt.date(2024, 11, 1)),
        (dt.date(2000, 2, 29), 12, dt.date(2001, 2, 28)),
    ],
)
def test_calendar_months_clamp_to_the_end_of_a_shorter_month(day, months, expected):
    assert add_months(day, months) == expected


def test_months_and_days():
    assert months_and_days(dt.date(2024, 1, 10), dt.date(2024, 3, 25)) == (2, 15)
    assert months_and_days(dt.date(2024, 1, 10), dt.date(2024, 2, 10)) == (1, 0)
    assert months_and_days(dt.date(2024, 1, 10), dt.date(2024, 2, 9)) == (0, 30)
    assert months_and_days(dt.date(2024, 1, 31), dt.date(2024, 3, 1)) == (1, 1)
    assert within_months(dt.date(2024, 5, 1), dt.date(2024, 7, 1), 2)
    assert not within_months(dt.date(2024, 5, 1), dt.date(2024, 7, 2), 2)


def test_money_is_formatted_in_lakhs_for_india_and_with_rs_for_pakistan():
    assert widgets.format_money(1234567.5, "INR") == "₹12,34,567.50"
    assert widgets.format_money(Decimal("1234567.5"), "PKR") == "Rs\xa01,234,567.50"
    assert widgets.format_money(0, "INR") == "₹0.00"


def test_formatted_result():
    result = widgets.evaluate(
        "in-msb-2016/wages-on-wreck",
        {
            "monthly_wage": 125000,
            "cause": "wreck",
            "service_terminated_on": "2024-01-10",
            "arrived_return_port_on": "2024-01-25",
            "ship_trade": "foreign-going",
            "effects_lost_value": 1000000,
        },
    )
    assert widgets.formatted(result) == {
        "wages": "₹1,25,000.00",
        "effects_compensation": "₹3,75,000.00",
        "total": "₹5,00,000.00",
    }


def test_unknown_provision_is_a_lookup_error_naming_the_known_ids():
    with pytest.raises(widgets.UnknownProvision) as raised:
        widgets.evaluate("xx/nothing", {})
    assert "xx/nothing" in str(raised.value) and "pk-mso-2001/wages-on-wreck" in str(raised.value)


def test_rules_do_not_import_ipywidgets_or_the_corpus():
    import subprocess
    import sys

    code = (
        "import sys, widgets; widgets.provision_ids(); "
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('ipywidgets', 'corpus', 'lxml')))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


def test_results_are_plain_json():
    import json

    result = widgets.evaluate(
        "pk-mso-2001/pilgrim-delay",
        {"advertised_departure_on": "2024-05-01", "departed_on": "2024-05-09", "paid_by_advertised_date": True},
    )
    assert json.loads(json.dumps(result)) == result
    assert {"steps", "citations", "options", "burdens", "amounts", "currency"} <= set(result)


def test_describe_keeps_a_bound_of_zero():
    from widgets.rules.facts import number

    described = number("hours_absent", "Hours absent.", minimum=0, maximum=10_000).describe()
    assert described["minimum"] == 0 and described["maximum"] == 10_000

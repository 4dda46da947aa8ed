"""The explanation steps read as sentences for a law student: sums with their currency and grouping, quantities with
their units and no stray ".0", counts in words with the right number ("one month's", "three months'"), dates as
"1 March 2024" — for every case in widgets/cases/, and word for word on a few real steps."""

from __future__ import annotations

import datetime as dt
import re
from decimal import Decimal
from pathlib import Path

import pytest
import yaml

import widgets
from widgets.rules.facts import FactError
from widgets.rules.wording import counted, date_text, figure, measure, months_wages

CASES_DIR = Path(widgets.__file__).parent / "cases"
SIGN = {"INR": "₹", "PKR": "Rs\xa0"}
MONEY = re.compile(r"(₹|Rs\xa0)(\d[\d,]*\.\d\d)")
MONTH_NAMES = "January|February|March|April|May|June|July|August|September|October|November|December"
DATE = re.compile(rf"\b\d{{1,2}} (?:{MONTH_NAMES}) \d{{4}}\b")
ACT = re.compile(r"\bAct \d+ of \d{4}\b|\bthe \d{4} Act\b")
"""An Act named by its number and year ("Act 12 of 1983") or by its year ("the 1958 Act"): a year, not a bare number."""


def _results() -> list[tuple[str, str, dict]]:
    """(case, provision id, result) for every case of widgets/cases/ that is not an expected error."""
    out = []
    for path in sorted(CASES_DIR.glob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        for case in data["cases"]:
            if "error" not in case:
                out.append((case["name"], data["provision"], widgets.evaluate(data["provision"], case["facts"])))
    return out


RESULTS = _results()


def _problems(text: str, currency: str) -> list[str]:
    """What in one step's text still reads like a printout rather than a sentence."""
    found = []
    if "(s)" in text or "(es)" in text:
        found.append("a '(s)' plural")
    if re.search(r"\b\d{4}-\d{2}-\d{2}\b", text):
        found.append("an ISO date")
    for sign, digits in MONEY.findall(text):
        if sign != SIGN[currency]:
            found.append(f"a sum in the wrong currency: {sign}{digits}")
        elif sign + digits != widgets.format_money(Decimal(digits.replace(",", "")), currency):
            found.append(f"a sum not grouped as format_money groups it: {sign}{digits}")
    words = ACT.sub("<act>", DATE.sub("<date>", MONEY.sub("<money>", text)))
    if re.search(r"\d{4,}", words):
        found.append("a bare number of four or more digits")
    if re.search(r"\d\.\d*0(?!\d)", words):
        found.append("a decimal with a trailing zero ('60.0', '450.00' without its currency)")
    return found


@pytest.mark.parametrize(("name", "provision_id", "result"), RESULTS, ids=[name for name, _, _ in RESULTS])
def test_every_step_of_every_case_reads_as_a_sentence(name, provision_id, result):
    bad = {step["text"]: _problems(step["text"], result["currency"]) for step in result["steps"]}
    assert not {text: why for text, why in bad.items() if why}


def test_the_cases_exercise_sums_dates_and_counts_in_steps():
    """The sweep above is not vacuous: the cases' steps carry sums, dates and counted days in both currencies."""
    texts = {(result["currency"], step["text"]) for _, _, result in RESULTS for step in result["steps"]}
    assert sum(1 for currency, text in texts if currency == "INR" and "₹" in text) >= 20
    assert sum(1 for currency, text in texts if currency == "PKR" and "Rs\xa0" in text) >= 20
    assert sum(1 for _, text in texts if DATE.search(text)) >= 10
    assert any("months' wages" in text for _, text in texts) and any("one month's wages" in text for _, text in texts)


def _steps(provision_id: str, facts: dict) -> list[str]:
    return [step["text"] for step in widgets.evaluate(provision_id, facts)["steps"]]


def test_effects_compensation_names_the_months_and_the_sums_in_rupees():
    india = _steps(
        "in-msb-2016/wages-on-wreck",
        {
            "monthly_wage": 30000,
            "cause": "wreck",
            "service_terminated_on": "2024-01-10",
            "arrived_return_port_on": "2024-01-20",
            "ship_trade": "foreign-going",
            "effects_lost_value": 100000,
        },
    )
    assert (
        "Compensation for lost effects worth ₹1,00,000.00: not more than three months' wages (₹90,000.00), so cut "
        "to the ceiling: ₹90,000.00." in india
    )
    assert "Wages from 10 January 2024 until arrival at the return port on 20 January 2024: ten days." in india
    pakistan = _steps(
        "pk-mso-2001/wages-on-wreck",
        {
            "monthly_wage": 30000,
            "cause": "wreck",
            "service_terminated_on": "2024-01-10",
            "arrived_return_port_on": "2024-01-20",
            "ship_trade": "home-trade",
            "effects_lost_value": 10000,
        },
    )
    assert (
        "Compensation for lost effects worth Rs\xa010,000.00: not less than one month's wages (Rs\xa030,000.00), so "
        "raised to the floor: Rs\xa030,000.00." in pakistan
    )


def test_the_load_line_fine_and_the_depth_read_in_words():
    steps = _steps("in-msb-2016/load-line", {"submerged_mm_port": 60, "submerged_mm_starboard": 0})
    assert steps[:3] == [
        "The load line is submerged 60 mm to port and exactly at the waterline to starboard: with no list, "
        "submerged 30 mm in salt water.",
        "30 mm is two inches, counting a fraction of an inch as an inch.",
        "A fine of up to four lakh rupees and up to twenty-five thousand rupees more for every inch or fraction of "
        "an inch (two inches): at most ₹4,50,000.00.",
    ]
    pakistan = _steps("pk-mso-2001/load-line", {"submerged_mm_port": 12.5, "submerged_mm_starboard": -7.5})
    assert pakistan[0] == (
        "The load line is submerged 12.5 mm to port and 7.5 mm clear of the water to starboard: with no list, "
        "submerged 2.5 mm in salt water."
    )
    assert "each liable to a fine of up to Rs\xa0100,000.00 for the offence" in pakistan[2]


def test_the_application_of_a_forfeiture_names_each_sum():
    steps = _steps(
        "in-msb-2016/desertion",
        {
            "offence": "desertion",
            "wages_earned": 10000,
            "expenses_caused": 8000,
            "engaged": True,
            "left_before_completion": True,
            "desertion_proved_otherwise": True,
        },
    )
    assert steps[-1] == (
        "Of ₹10,000.00 forfeited, ₹8,000.00 reimburses the expenses caused to the master or owner (₹8,000.00); the "
        "balance, ₹2,000.00, goes to the Central Government."
    )


def test_pilgrim_delay_counts_days_and_pilgrims_in_words_and_dates_as_written():
    steps = _steps(
        "pk-mso-2001/pilgrim-delay",
        {
            "advertised_departure_on": "2024-03-01",
            "departed_on": "2024-03-03",
            "paid_by_advertised_date": True,
            "pilgrims": 120,
        },
    )
    assert steps[0] == "The advertised date of departure was 1 March 2024."
    assert "The ship departed on 3 March 2024: one completed day of delay after 1 March 2024." in steps
    assert "Fifty rupees a day for one day: Rs\xa050.00 a pilgrim." in steps
    assert steps[-1] == "For 120 pilgrims, Rs\xa06,000.00 in all, paid through the Port Hajj Officer."


@pytest.mark.parametrize(
    ("n", "noun", "plural", "text"),
    [
        (0, "day", "", "no days"),
        (1, "day", "", "one day"),
        (3, "completed day", "", "three completed days"),
        (10, "pilgrim", "", "ten pilgrims"),
        (11, "day", "", "11 days"),
        (1500, "pilgrim", "", "1,500 pilgrims"),
        (1, "inch", "inches", "one inch"),
        (2, "inch", "inches", "two inches"),
    ],
)
def test_counted(n, noun, plural, text):
    assert counted(n, noun, plural) == text


def test_months_wages_puts_the_apostrophe_where_the_number_needs_it():
    assert months_wages(1) == "one month's wages"
    assert months_wages(3) == "three months' wages"


def test_quantities_lose_trailing_zeros_and_keep_their_unit():
    assert figure(60.0) == "60" and figure(Decimal("12.70")) == "12.7" and figure(Decimal("-0.001")) == "0"
    assert figure(Decimal("1234.5")) == "1,234.5" and figure(Decimal("0.125")) == "0.13"
    assert measure(Decimal("25.400"), "mm") == "25.4 mm"
    assert measure(1.0, "hour", "hours") == "1 hour" and measure(23.5, "hour", "hours") == "23.5 hours"
    assert measure(1_000_000, "hour", "hours") == "1,000,000 hours"


def test_dates_read_day_month_year():
    assert date_text(dt.date(2024, 3, 1)) == "1 March 2024"
    assert date_text(dt.date(2023, 12, 31)) == "31 December 2023"


def test_a_bad_fact_is_quoted_as_typed_not_as_python_prints_it():
    with pytest.raises(FactError) as raised:
        widgets.evaluate(
            "pk-mso-2001/pilgrim-delay",
            {"advertised_departure_on": "soon", "departed_on": "2024-03-03", "paid_by_advertised_date": "yes"},
        )
    message = str(raised.value)
    assert "got “soon”" in message and "got “yes”" in message and "'" not in message

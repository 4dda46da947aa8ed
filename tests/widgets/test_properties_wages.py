"""Invariants of the wages-on-wreck rules over generated facts: no amount negative, Pakistan's effects floor is a
floor, India's ceiling is a ceiling, the one-month minimum holds, and a longer way home never pays less. Wages reach
the plausibility bound of a sum (10^12) and dates the whole range the facts accept (1850 to 2100)."""

from __future__ import annotations

import datetime as dt

from hypothesis import given
from hypothesis import strategies as st

import widgets

WAGES = st.one_of(
    st.integers(min_value=0, max_value=10_000_000).map(lambda paise: paise / 100),
    st.integers(min_value=0, max_value=10**12),
)
START = st.dates(min_value=dt.date(1850, 1, 1), max_value=dt.date(2098, 10, 1))  # + 800 days stays within 2100
TRADES = {
    "pk-mso-2001/wages-on-wreck": ("home-trade", "foreign-going"),
    "in-msb-2016/wages-on-wreck": ("coasting", "foreign-going"),
}
ALL_CAUSES = st.sampled_from(("wreck", "loss", "abandonment", "unfitness"))
WRECK_CAUSES = st.sampled_from(("wreck", "loss", "abandonment"))
FLOOR_OR_CEILING_MONTHS = {"home-trade": 1, "coasting": 1, "foreign-going": 3}


@st.composite
def wreck_facts(draw, provision_id: str, cause=ALL_CAUSES):
    start = draw(START)
    days = draw(st.integers(min_value=0, max_value=800))
    facts = {
        "monthly_wage": draw(WAGES),
        "cause": draw(cause),
        "service_terminated_on": start.isoformat(),
        "arrived_return_port_on": (start + dt.timedelta(days=days)).isoformat(),
        "ship_trade": draw(st.sampled_from(TRADES[provision_id])),
        "effects_lost_value": draw(WAGES),
        "days_suitably_employed": draw(st.integers(min_value=0, max_value=min(days, 28) // 2)),
        "days_negligent": draw(st.integers(min_value=0, max_value=min(days, 28) // 2)),
        "month_measure": draw(st.sampled_from(("calendar", "30-days"))),
        "excluded_days_reduce": draw(st.sampled_from(("payable-period", "actual-period"))),
    }
    if provision_id.startswith("pk-"):
        facts["declined_repatriation"] = draw(st.booleans())
        facts["exerted_utmost"] = draw(st.sampled_from((True, False, "not shown")))
    return facts


@given(st.sampled_from(sorted(TRADES)).flatmap(lambda pid: st.tuples(st.just(pid), wreck_facts(pid))))
def test_no_amount_is_negative_and_the_total_adds_up(case):
    provision_id, facts = case
    result = widgets.evaluate(provision_id, facts)
    assert all(amount["value"] >= 0 for amount in result["amounts"].values())
    assert result["total"] == round(result["wages"] + result["effects_compensation"], 2)


@given(wreck_facts("pk-mso-2001/wages-on-wreck", cause=WRECK_CAUSES))
def test_pakistan_effects_compensation_is_a_floor(facts):
    """Even where s. 160(1) bars the wages: by default the bar reaches wages only."""
    result = widgets.evaluate("pk-mso-2001/wages-on-wreck", facts)
    floor = facts["monthly_wage"] * FLOOR_OR_CEILING_MONTHS[facts["ship_trade"]]
    assert result["effects_compensation"] >= round(floor, 2) - 0.005
    assert result["effects_compensation"] >= facts["effects_lost_value"] - 0.005
    # the kind says whether the floor fixed the sum: a statutory minimum at the floor, the value lost above it
    at_floor = abs(result["effects_compensation"] - round(floor, 2)) < 0.005
    assert result["amounts"]["effects_compensation"]["kind"] == ("minimum" if at_floor else "entitlement")
    assert result["amounts"]["total"]["kind"] == ("minimum" if at_floor and floor > 0 else "entitlement")


@given(wreck_facts("in-msb-2016/wages-on-wreck", cause=WRECK_CAUSES))
def test_indian_effects_compensation_is_a_ceiling(facts):
    result = widgets.evaluate("in-msb-2016/wages-on-wreck", facts)
    ceiling = facts["monthly_wage"] * FLOOR_OR_CEILING_MONTHS[facts["ship_trade"]]
    assert result["effects_compensation"] <= round(ceiling, 2) + 0.005
    assert result["effects_compensation"] <= facts["effects_lost_value"] + 0.005
    # the kind says whether the ceiling fixed the sum: a statutory maximum at the ceiling, the value lost below it
    at_ceiling = abs(result["effects_compensation"] - round(ceiling, 2)) < 0.005
    assert result["amounts"]["effects_compensation"]["kind"] == ("maximum" if at_ceiling else "entitlement")


@given(st.sampled_from(sorted(TRADES)).flatmap(lambda pid: st.tuples(st.just(pid), wreck_facts(pid))))
def test_one_month_minimum_without_exclusions(case):
    provision_id, facts = case
    facts.update(cause="abandonment", days_suitably_employed=0, days_negligent=0, declined_repatriation=False)
    if provision_id.startswith("in-"):
        del facts["declined_repatriation"]
    facts["month_measure"] = "calendar"
    result = widgets.evaluate(provision_id, facts)
    assert result["wages"] >= round(facts["monthly_wage"], 2) - 0.005


@given(
    st.sampled_from(sorted(TRADES)).flatmap(lambda pid: st.tuples(st.just(pid), wreck_facts(pid))),
    st.integers(min_value=1, max_value=400),
)
def test_a_longer_way_home_never_pays_less(case, extra_days):
    provision_id, facts = case
    before = widgets.evaluate(provision_id, facts)
    later = dt.date.fromisoformat(facts["arrived_return_port_on"]) + dt.timedelta(days=extra_days)
    after = widgets.evaluate(provision_id, {**facts, "arrived_return_port_on": later.isoformat()})
    assert after["wages"] >= before["wages"]

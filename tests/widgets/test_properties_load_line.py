"""Invariants of the load-line rules (widgets/rules/load_line.py), over measurements drawn by hypothesis.

- no amount is ever negative;
- more submersion never lowers the maximum fine (India: item 51's per-inch fine; Pakistan: s. 364(1)'s flat fine);
- India charges "every inch or fraction of an inch": the inches charged are the least whole number of inches
  (25.4 mm) covering the salt-water depth, and the maximum is four lakh plus 25,000 an inch;
- Pakistan's maximum is one hundred thousand rupees or nothing, whatever the depth;
- lighter water (a larger dock-water allowance) never makes the salt-water depth deeper.
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

from hypothesis import given, settings
from hypothesis import strategies as st

import widgets

IN_ID, PK_ID = "in-msb-2016/load-line", "pk-mso-2001/load-line"

depth = st.one_of(
    st.integers(min_value=-5_000, max_value=5_000).map(lambda v: v / 10),
    st.integers(min_value=-50_000, max_value=50_000),  # with extra, within the facts' bound of 100,000 mm
)
extra = st.integers(min_value=0, max_value=3_000).map(lambda v: v / 10)
density = st.integers(min_value=1_000, max_value=1_025).map(lambda v: v / 1000)
ship = st.fixed_dictionaries(
    {
        "displacement_t": st.integers(min_value=100, max_value=10_000_000),
        "tpc": st.integers(min_value=1, max_value=2_000).map(lambda v: v / 10),
    }
)
measurements = st.fixed_dictionaries(
    {"submerged_mm_port": depth, "submerged_mm_starboard": depth, "water_density": density}
).flatmap(lambda m: ship.map(lambda s: {**m, **s}))


def _amounts_not_negative(result: dict) -> None:
    for name, amount in result["amounts"].items():
        assert amount["value"] >= 0, f"{name} is negative"


def _deeper(facts: dict, by: float) -> dict:
    return {
        **facts,
        "submerged_mm_port": facts["submerged_mm_port"] + by,
        "submerged_mm_starboard": facts["submerged_mm_starboard"] + by,
    }


@settings(max_examples=300, deadline=None)
@given(measurements, extra, st.sampled_from([IN_ID, PK_ID]))
def test_more_submersion_never_lowers_the_maximum_fine(facts, by, provision):
    shallower = widgets.evaluate(provision, facts)
    deeper = widgets.evaluate(provision, _deeper(facts, by))
    _amounts_not_negative(shallower)
    _amounts_not_negative(deeper)
    assert deeper["max_fine"] >= shallower["max_fine"]
    assert deeper["submerged_salt_water_mm"] >= shallower["submerged_salt_water_mm"]


@settings(max_examples=300, deadline=None)
@given(measurements)
def test_india_charges_every_inch_or_fraction_of_an_inch(facts):
    result = widgets.evaluate(IN_ID, facts)
    inches, salt = result["inches_charged"], Decimal(str(result["submerged_salt_water_mm"]))
    if salt <= 0:
        assert inches == 0 and result["max_fine"] == 0 and result["detention"] is False
        return
    assert (inches - 1) * Decimal("25.4") < salt <= inches * Decimal("25.4") + Decimal("1e-9")
    assert result["max_fine"] == 400_000 + 25_000 * inches
    assert result["detention"] is True


@settings(max_examples=200, deadline=None)
@given(measurements)
def test_pakistan_fine_is_one_hundred_thousand_or_nothing(facts):
    result = widgets.evaluate(PK_ID, facts)
    submerged = result["submerged_salt_water_mm"] > 0
    assert result["max_fine"] == (100_000 if submerged else 0)
    assert result["detention"] is submerged
    assert "inches_charged" not in result


@settings(max_examples=200, deadline=None)
@given(measurements, density)
def test_lighter_water_never_deepens_the_salt_water_depth(facts, other):
    lighter, heavier = sorted([facts["water_density"], other])
    light = widgets.evaluate(IN_ID, {**facts, "water_density": lighter})
    heavy = widgets.evaluate(IN_ID, {**facts, "water_density": heavier})
    assert light["submerged_salt_water_mm"] <= heavy["submerged_salt_water_mm"]


@settings(max_examples=100, deadline=None)
@given(measurements)
def test_exempt_or_excused_ships_are_never_fined(facts):
    assert widgets.evaluate(IN_ID, {**facts, "exempt": True})["max_fine"] == 0
    assert widgets.evaluate(PK_ID, {**facts, "exempt": True})["max_fine"] == 0
    assert widgets.evaluate(IN_ID, {**facts, "stress_of_weather": True})["max_fine"] == 0


MSA_ID = "in-msa-1958/load-line"
day = st.dates(min_value=dt.date(1960, 1, 1), max_value=dt.date(2025, 12, 31))


@settings(max_examples=300, deadline=None)
@given(measurements, day)
def test_the_1958_act_charges_every_inch_at_the_figure_in_force_that_day(facts, when):
    """Item 100: ten thousand rupees and, for every inch or fraction of an inch, one thousand rupees before 18 May
    1983 and five thousand from that day (Act 12 of 1983, s. 16)."""
    result = widgets.evaluate(MSA_ID, {**facts, "offence_on": when.isoformat()})
    _amounts_not_negative(result)
    inches, salt = result["inches_charged"], Decimal(str(result["submerged_salt_water_mm"]))
    if salt <= 0:
        assert inches == 0 and result["max_fine"] == 0 and result["detention"] is False
        return
    assert (inches - 1) * Decimal("25.4") < salt <= inches * Decimal("25.4") + Decimal("1e-9")
    per_inch = 5_000 if when >= dt.date(1983, 5, 18) else 1_000
    assert result["max_fine"] == 10_000 + per_inch * inches
    assert result["detention"] is True


@settings(max_examples=200, deadline=None)
@given(measurements, extra, day)
def test_the_1958_act_more_submersion_never_lowers_the_maximum_fine(facts, by, when):
    facts = {**facts, "offence_on": when.isoformat()}
    shallower = widgets.evaluate(MSA_ID, facts)
    deeper = widgets.evaluate(MSA_ID, _deeper(facts, by))
    assert deeper["max_fine"] >= shallower["max_fine"]


@settings(max_examples=100, deadline=None)
@given(measurements)
def test_a_foreign_ship_in_port_by_stress_of_weather_is_neither_fined_nor_detained(facts):
    """The 1958 Act's s. 343(3) and, by default, the Ordinance's s. 402."""
    for provision, flag in ((MSA_ID, "indian_ship"), (PK_ID, "pakistani_ship")):
        result = widgets.evaluate(provision, {**facts, flag: False, "in_port_by_stress_of_weather": True})
        assert result["max_fine"] == 0 and result["detention"] is False

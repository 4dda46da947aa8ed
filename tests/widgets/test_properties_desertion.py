"""Invariants of the desertion rules (widgets/rules/desertion.py), over facts drawn by hypothesis.

- no amount is ever negative;
- a forfeiture never exceeds what could be forfeited: for desertion (Bill, Table item 38(a)) the wages then earned,
  the property left on board (only when desertion is proved otherwise than by s. 100's deemed proof, which reaches
  "forfeiture of wages") and, for a desertion outside India, the wages in another vessel; for absence (item
  38(b)) two days' pay and, for each twenty-four hours, the larger of six days' pay and the substitute's expenses;
- the application under s. 101 / s. 212 splits exactly what is forfeited, the master's share never above his expenses;
- longer absence never lowers the forfeiture; a successful unseaworthiness defence leaves nothing to forfeit;
- the Ordinance never produces a forfeiture for desertion (it fixes none);
- a seafarer proved not lawfully engaged forfeits nothing for any offence of s. 94 / s. 95, and one who shows a
  sufficient reason for his absence forfeits nothing for it (s. 94(1)(b) / s. 204(1)(b)).

Sums reach the plausibility bound of the facts (10^12) and hours of absence a million.
"""

from __future__ import annotations

import math
from decimal import Decimal

from hypothesis import given, settings
from hypothesis import strategies as st

import widgets
from widgets import NOT_SHOWN

IN_ID, PK_ID = "in-msb-2016/desertion", "pk-mso-2001/desertion"

money = st.one_of(
    st.integers(min_value=0, max_value=10_000_000).map(lambda v: v / 100),
    st.integers(min_value=0, max_value=10**12),
)
proof = st.sampled_from([True, False, NOT_SHOWN])
hours = st.floats(min_value=0, max_value=1_000_000, allow_nan=False, allow_infinity=False)

PROOF_FACTS = (
    "engaged",
    "left_before_completion",
    "voyage_to_end_at_home",
    "ship_returned",
    "absent_from_ship",
    "log_entry_made",
    "desertion_proved_otherwise",
    "certificate_of_discharge",
    "sufficient_reason",
    "ship_unseaworthy",
    "complained_before",
)


def _facts(offences: tuple[str, ...]) -> st.SearchStrategy[dict]:
    return st.fixed_dictionaries(
        {
            "offence": st.sampled_from(offences),
            "monthly_wage": money,
            "wages_earned": money,
            "property_on_board_value": money,
            "wages_other_vessel": money,
            "substitute_excess_wages": money,
            "hours_absent": hours,
            "substitute_expenses": money,
            "expenses_caused": money,
        },
        optional={
            "daily_wage": money,
            "deserted_outside_india": st.booleans(),
            "part_day_absence": st.sampled_from(["complete-periods", "part-period-counts"]),
            **{name: proof for name in PROOF_FACTS},
        },
    )


in_facts = _facts(("desertion", "absence-without-leave", "quits-ship-at-port-of-delivery"))
pk_facts = _facts(("desertion", "absence-without-leave", "quits-ship-at-port-of-delivery")).map(
    lambda f: {k: v for k, v in f.items() if k != "deserted_outside_india"}
)


def _day(facts: dict) -> float:
    return facts["daily_wage"] if "daily_wage" in facts else facts["monthly_wage"] / 30


def _amounts_not_negative(result: dict) -> None:
    for name, amount in result["amounts"].items():
        assert amount["value"] >= 0, f"{name} is negative: {amount['value']}"


@settings(max_examples=300, deadline=None)
@given(in_facts)
def test_india_no_amount_is_negative_and_the_forfeiture_stays_within_what_could_be_forfeited(facts):
    result = widgets.evaluate(IN_ID, facts)
    _amounts_not_negative(result)
    forfeiture = result["max_forfeiture"]
    if facts["offence"] == "desertion":
        could = facts["wages_earned"]
        if facts.get("desertion_proved_otherwise") is True:  # the deemed proof reaches wages only (s. 100(2))
            could += facts["property_on_board_value"]
        if facts.get("deserted_outside_india"):
            could += facts["wages_other_vessel"]
        assert forfeiture <= could + 0.01
        assert abs(result["to_master_or_owner"] + result["to_government"] - forfeiture) < 0.011
        assert result["to_master_or_owner"] <= facts["expenses_caused"] + 0.005
        assert result["substitute_excess"] <= facts["substitute_excess_wages"] + 0.005
    elif facts["offence"] == "absence-without-leave":
        # Decimal, as the rule counts: a float division underflows for a tiny part-day (5e-324 hours / 24 == 0.0).
        periods = math.ceil(Decimal(repr(facts["hours_absent"])) / 24)
        could = 2 * _day(facts) + (max(6 * _day(facts) * periods, facts["substitute_expenses"]) if periods else 0)
        assert forfeiture <= could + 0.01
        assert result["to_master_or_owner"] is None and result["to_government"] is None
    else:
        month = facts["monthly_wage"]
        assert forfeiture <= month + 0.005


@settings(max_examples=200, deadline=None)
@given(in_facts, hours)
def test_india_a_longer_absence_never_lowers_the_forfeiture(facts, more):
    facts = {**facts, "offence": "absence-without-leave"}
    shorter = widgets.evaluate(IN_ID, facts)["max_forfeiture"]
    longer_hours = min(facts["hours_absent"] + more, 1_000_000)  # the fact's bound
    longer = widgets.evaluate(IN_ID, {**facts, "hours_absent": longer_hours})["max_forfeiture"]
    assert longer >= shorter


@settings(max_examples=200, deadline=None)
@given(in_facts)
def test_india_deemed_proof_needs_engagement_and_no_rebuttal(facts):
    result = widgets.evaluate(IN_ID, {**facts, "offence": "desertion"})
    if result["deemed_proved"]:
        assert facts.get("engaged") is True
        assert facts.get("certificate_of_discharge") is not True and facts.get("sufficient_reason") is not True


@settings(max_examples=200, deadline=None)
@given(in_facts)
def test_india_unseaworthy_ship_complained_of_leaves_nothing_to_forfeit(facts):
    facts = {**facts, "ship_unseaworthy": True, "complained_before": True}
    if facts["offence"] == "quits-ship-at-port-of-delivery":
        facts["offence"] = "desertion"
    result = widgets.evaluate(IN_ID, facts)
    assert result["unseaworthiness_defence"] is True
    assert result["max_forfeiture"] == 0


@settings(max_examples=300, deadline=None)
@given(pk_facts)
def test_pakistan_fixes_no_forfeiture_for_desertion_or_absence_and_at_most_a_months_pay_for_quitting(facts):
    result = widgets.evaluate(PK_ID, facts)
    _amounts_not_negative(result)
    if facts["offence"] == "quits-ship-at-port-of-delivery":
        assert 0 <= result["max_forfeiture"] <= facts["monthly_wage"] + 0.005
    else:
        assert result["max_forfeiture"] is None
        assert result["forfeiture_fixed"] is False


@settings(max_examples=200, deadline=None)
@given(pk_facts, money)
def test_pakistan_application_splits_exactly_the_sum_forfeited(facts, forfeited):
    facts = {**facts, "offence": "desertion", "engaged": True, "left_before_completion": True}
    facts.update(certificate_of_discharge=False, sufficient_reason=False, ship_unseaworthy=False)
    # on the deemed proof alone (s. 211(2): "so far as relates to any forfeiture of wages") only the wages there are
    # can have been forfeited, not the effects (a larger sum is refused as a bad fact); the Ordinance forfeits no
    # wages earned in another vessel
    names = ("wages_earned",)
    there = sum(Decimal(repr(facts.get(name, 0))) for name in names)  # in Decimal, as the rule adds them
    forfeited = float(min(Decimal(repr(forfeited)), there))
    result = widgets.evaluate(PK_ID, {**facts, "amount_forfeited": forfeited})
    assert abs(result["to_master_or_owner"] + result["to_government"] - forfeited) < 0.011
    assert result["to_master_or_owner"] == min(forfeited, facts["expenses_caused"])


@settings(max_examples=200, deadline=None)
@given(in_facts)
def test_india_a_seafarer_not_lawfully_engaged_forfeits_nothing(facts):
    result = widgets.evaluate(IN_ID, {**facts, "engaged": False})
    assert result["max_forfeiture"] == 0
    said = any("lawfully engaged" in step["text"] for step in result["steps"])
    assert said or result["unseaworthiness_defence"]  # a successful defence already answers every offence


@settings(max_examples=200, deadline=None)
@given(st.sampled_from([IN_ID, PK_ID]).flatmap(lambda pid: st.tuples(st.just(pid), in_facts)))
def test_a_sufficient_reason_for_the_absence_leaves_nothing_to_forfeit_for_it(case):
    provision_id, facts = case
    facts = {k: v for k, v in facts.items() if k != "deserted_outside_india" or provision_id == IN_ID}
    facts = {**facts, "offence": "absence-without-leave", "engaged": True, "sufficient_reason": True}
    if provision_id == PK_ID:
        facts["pk_absence_reading"] = "continued-neglect-of-duty"
    result = widgets.evaluate(provision_id, facts)
    assert result["max_forfeiture"] == 0
    assert [b["effect"] for b in result["burdens"] if b["fact"] == "sufficient_reason"] == [
        "proved: not absent without sufficient reason, no offence"
    ]


MSA_ID = "in-msa-1958/desertion"
msa_facts = _facts(("desertion", "absence-without-leave", "quits-ship-at-port-of-delivery")).flatmap(
    lambda f: st.fixed_dictionaries({"apprentice": st.booleans(), "left_behind": st.booleans()}).map(
        lambda extra: {**f, **extra}
    )
)


@settings(max_examples=300, deadline=None)
@given(msa_facts)
def test_the_1958_act_forfeits_within_what_could_be_forfeited_and_imprisons_only_for_a_proved_offence(facts):
    """Item 57(a): the wages then earned, the property (only when desertion is proved otherwise than by s. 199's
    deemed proof) and, abroad, the wages in another ship, less what s. 122(4) reimbursed; imprisonment of up to three
    months (57(a)) only for desertion proved otherwise, two (57(b)) for absence, none for item 59(i)."""
    result = widgets.evaluate(MSA_ID, facts)
    _amounts_not_negative(result)
    months = result["max_imprisonment_months"]
    if facts["offence"] == "desertion":
        could = facts["wages_earned"]
        if facts.get("desertion_proved_otherwise") is True:
            could += facts["property_on_board_value"]
        if facts.get("deserted_outside_india"):
            could += facts["wages_other_vessel"]
        assert result["max_forfeiture"] <= could * (1 + 1e-12) + 0.005
        assert months in (0, 3)
        if months:
            assert facts.get("desertion_proved_otherwise") is True
    elif facts["offence"] == "absence-without-leave":
        bound = facts["apprentice"] or facts.get("engaged") is True
        defence = facts.get("ship_unseaworthy") is True and facts.get("complained_before") is True
        committed = bound and facts.get("sufficient_reason") is not True and not defence
        assert months == (2 if committed else 0)
    else:
        assert months == 0
    if result.get("reimbursement_to_master") is not None:
        assert facts["left_behind"] and facts["offence"] != "quits-ship-at-port-of-delivery"
        assert result["reimbursement_to_master"] <= facts["expenses_caused"] + 0.005

"""Invariants of the pilgrim rules over generated facts: a refund never exceeds what was paid and is never negative;
delay compensation is fifty rupees a compensable day, grows with the delay and scales with the pilgrims."""

from __future__ import annotations

import datetime as dt
from decimal import ROUND_HALF_UP, Decimal

from hypothesis import given
from hypothesis import strategies as st

import widgets
from widgets.rules.pilgrim_refund import EVENTS

MONEY = st.one_of(
    st.integers(min_value=0, max_value=100_000_000).map(lambda paise: paise / 100),
    st.integers(min_value=0, max_value=10**12),
)
DAY = st.dates(min_value=dt.date(1850, 1, 1), max_value=dt.date(2099, 12, 31))  # + 400 days stays within 2100


@st.composite
def refund_facts(draw):
    sailed = draw(DAY)
    facts = {
        "passage_money": draw(MONEY),
        "deposit": draw(MONEY),
        "return_ticket": draw(st.booleans()),
        "event": draw(st.sampled_from(EVENTS)),
        "sailed_on": sailed.isoformat(),
        "satisfied_consul_on": (sailed + dt.timedelta(days=draw(st.integers(0, 200)))).isoformat(),
        "died_where": draw(st.sampled_from(("saudi-arabia", "voyage-thither", "elsewhere"))),
        "nominee_named": draw(st.booleans()),
        "already_refunded": draw(st.booleans()),
        "prescribed_deduction": draw(MONEY),
        "already_refunded_scope": draw(st.sampled_from(("every-limb", "sub-section-4-only"))),
    }
    if draw(st.booleans()):
        facts["returned_on"] = (sailed + dt.timedelta(days=draw(st.integers(0, 400)))).isoformat()
    return facts


@given(refund_facts())
def test_a_refund_never_exceeds_what_was_paid(facts):
    result = widgets.evaluate("pk-mso-2001/pilgrim-refund", facts)
    assert 0 <= result["refund"] <= facts["passage_money"] + facts["deposit"] + 0.005
    # what can vest (s. 318) is at most what was paid: the deposit, and passage-money or the return half's value
    assert 0 <= result["vests_if_unclaimed"] <= facts["passage_money"] + facts["deposit"] + 0.005
    assert (result["payee"] is None) == (result["refund"] == 0)


@given(refund_facts())
def test_half_the_passage_money_at_most_outside_sub_sections_1_and_3(facts):
    if facts["event"] in ("prevented-from-embarking", "removed-from-ship", "died"):
        facts["event"] = "returned-by-other-route"
    result = widgets.evaluate("pk-mso-2001/pilgrim-refund", {**facts, "return_ticket": True})
    half = (Decimal(repr(facts["passage_money"])) / 2).quantize(Decimal("0.01"), ROUND_HALF_UP)  # as the rule rounds
    assert Decimal(repr(result["refund"])) <= half


@st.composite
def delay_facts(draw):
    advertised = draw(DAY)
    return {
        "advertised_departure_on": advertised.isoformat(),
        "departed_on": (advertised + dt.timedelta(days=draw(st.integers(-5, 120)))).isoformat(),
        "paid_by_advertised_date": draw(st.booleans()),
        "days_departure_impossible": draw(st.integers(0, 60)),
        "impossibility_proved": draw(st.sampled_from((True, False, "not shown"))),
        "earlier_delay_days": draw(st.integers(0, 60)),
        "pilgrims": draw(st.integers(1, 2000)),
        "completed_days": draw(st.sampled_from(("whole-days-between", "date-difference"))),
    }


@given(delay_facts())
def test_delay_compensation_is_fifty_rupees_a_compensable_day(facts):
    result = widgets.evaluate("pk-mso-2001/pilgrim-delay", facts)
    assert result["compensable_days"] >= 0
    assert result["compensation_per_pilgrim"] == 50 * result["compensable_days"]
    assert result["total_compensation"] == result["compensation_per_pilgrim"] * facts["pilgrims"]
    delay = (dt.date.fromisoformat(facts["departed_on"]) - dt.date.fromisoformat(facts["advertised_departure_on"])).days
    assert result["compensable_days"] <= max(delay, 0)


@given(delay_facts(), st.integers(1, 30))
def test_a_later_departure_never_owes_less(facts, extra):
    before = widgets.evaluate("pk-mso-2001/pilgrim-delay", facts)
    later = dt.date.fromisoformat(facts["departed_on"]) + dt.timedelta(days=extra)
    after = widgets.evaluate("pk-mso-2001/pilgrim-delay", {**facts, "departed_on": later.isoformat()})
    assert after["compensation_per_pilgrim"] >= before["compensation_per_pilgrim"]


@st.composite
def msa_refund_facts(draw):
    from widgets.rules.pilgrim_refund import MSA_EVENTS

    facts = draw(refund_facts())
    facts["event"] = draw(st.sampled_from(MSA_EVENTS))
    facts["died_where"] = draw(st.sampled_from(("hedjaz", "voyage-thither", "elsewhere")))
    sailed = dt.date.fromisoformat(facts["sailed_on"])
    facts["satisfied_consul_on"] = (sailed + dt.timedelta(days=draw(st.integers(0, 500)))).isoformat()
    return facts


@given(msa_refund_facts())
def test_the_1958_act_refunds_no_more_than_was_paid_and_half_the_passage_money_outside_s275_1(facts):
    """s. 275: the whole passage money only under (1); (2), (3) and (4) refund half of it (the Ordinance's s. 317(3)
    refunds the whole on a death); nothing is made over (s. 276) beyond what was paid."""
    result = widgets.evaluate("in-msa-1958/pilgrim-refund", facts)
    assert 0 <= result["refund"] <= facts["passage_money"] + facts["deposit"] + 0.005
    assert 0 <= result["made_over_if_unclaimed"] <= facts["passage_money"] + facts["deposit"] + 0.005
    assert (result["payee"] is None) == (result["refund"] == 0)
    if facts["event"] not in ("prevented-from-embarking", "removed-from-ship", "otherwise-prevented-from-proceeding"):
        half = (Decimal(repr(facts["passage_money"])) / 2).quantize(Decimal("0.01"), ROUND_HALF_UP)
        assert Decimal(repr(result["passage_money_refund"])) <= half
    if facts["event"] == "intends-to-remain":
        assert result["refund"] == 0

"""Compensation for a pilgrim ship's delay in departing: ``pk-mso-2001/pilgrim-delay`` (Pakistan Merchant Shipping
Ordinance, 2001, s. 321, with the advertised date of s. 320(3)).

Fifty rupees to each pilgrim who had paid by the advertised date, for each completed day of delay after it; not for
days on which departure was impossible for causes not of the master's, owner's or agent's making (which they must
prove); and, after an earlier delay already compensated, only for the excess of the further delay. The source prints
"the stum of fifty rupees" (line 2678), an OCR error the corpus corrects to "sum" with an editorial note.
"""

from __future__ import annotations

from decimal import Decimal

from widgets.rules.facts import NOT_SHOWN, Facts, Schema, count, date, flag, option, proof
from widgets.rules.provisions import Ref
from widgets.rules.registry import Rule
from widgets.rules.result import ENTITLEMENT, Result
from widgets.rules.wording import counted, date_text, money_text

PK = "pk-mso-2001"
_S321 = "part_V__chp_20__sec_321"
S320_3 = Ref(PK, "part_V__chp_20__sec_320__subsec_3", "s. 320(3)")
S321_1 = Ref(PK, f"{_S321}__subsec_1", "s. 321(1)")
S321_1_PROVISO_1 = Ref(PK, f"{_S321}__subsec_1__proviso_nn_1", "s. 321(1) first proviso")
S321_1_PROVISO_2 = Ref(PK, f"{_S321}__subsec_1__proviso_nn_2", "s. 321(1) second proviso")
S321_3 = Ref(PK, f"{_S321}__subsec_3", "s. 321(3)")
S321_6 = Ref(PK, f"{_S321}__subsec_6", "s. 321(6)")

RATE = Decimal(50)
"""s. 321(1): "fifty rupees for each completed day"."""

FURTHER_DELAY = option(
    "further_delay_measure",
    ("after-impossible-days", "whole-further-delay"),
    "after-impossible-days",
    "What the second proviso compares with the earlier delay. after-impossible-days (default): the days of the "
    "further delay that the first proviso leaves compensable, so that impossible days never earn compensation and "
    "never count towards the excess; whole-further-delay: 'the duration of such further delay' as it stands, every "
    "completed day of it, the compensable days then being at most that excess.",
)
COMPLETED_DAYS = option(
    "completed_days",
    ("whole-days-between", "date-difference"),
    "whole-days-between",
    "Which days are 'completed day[s] during which the departure ... is delayed after that date'. whole-days-between "
    "(default): the whole calendar days after the advertised date and before the day of departure, since the day of "
    "departure is not a completed day of delay; date-difference: the days from the advertised date to the day of "
    "departure, so leaving one day late counts one day.",
)

SCHEMA = Schema(
    date("advertised_departure_on", "The date of departure advertised under s. 320(3)."),
    date("departed_on", "The date the ship departed or proceeded on voyage."),
    flag("paid_by_advertised_date", "The pilgrim paid his passage money on or before the advertised date."),
    count("days_departure_impossible", "Days of the delay on which departure was impossible (first proviso).", 0),
    proof(
        "impossibility_proved",
        "The master, owner or agent proved that departure was impossible on those days owing to a cause not arising "
        "from his act or default.",
        burden="the master, owner or agent",
    ),
    count("earlier_delay_days", "Days of an earlier delay at another port already compensated (second proviso).", 0),
    count("pilgrims", "Pilgrims who had paid by the advertised date.", default=1),
    COMPLETED_DAYS,
    FURTHER_DELAY,
)


def _check(facts: Facts) -> list[tuple[str, str]]:
    return [("pilgrims", "must be at least 1")] if facts.pilgrims < 1 else []


def _compute(facts: Facts, result: Result) -> None:
    """s. 321(1): "If a pilgrim ship fails to depart or proceed on voyage from any port or place on the date advertised
    under sub-section (3) of section 320, the master, owner or agent shall be liable to pay as compensation to each
    pilgrim who has paid his passage money on or before such date the sum of fifty rupees for each completed day
    during which the departure or proceeding on voyage of the ship is delayed after that date"
    (pk-mso-2001, part_V__chp_20__sec_321__subsec_1)."""
    advertised, departed = facts.advertised_departure_on, facts.departed_on
    result.step(S320_3, f"The advertised date of departure was {date_text(advertised)}.")
    result.value("port_clearance_refused_until_paid", departed > advertised)
    if departed <= advertised:
        result.step(S321_1, f"The ship departed on {date_text(departed)}, not after the advertised date: no delay.")
        days = 0
    else:
        days = (departed - advertised).days
        if result.option("completed_days") == "whole-days-between":
            days -= 1
        result.step(
            S321_1,
            f"The ship departed on {date_text(departed)}: {counted(days, 'completed day')} of delay after "
            f"{date_text(advertised)}.",
        )
        result.step(S321_6, "Port clearance is refused until the Port Hajj Officer certifies the compensation paid.")
    if not facts.paid_by_advertised_date:
        result.step(S321_1, "The pilgrim had not paid his passage money by the advertised date: no compensation.")
        days = 0
    full = days
    days = _impossible_days(facts, result, days)
    days = _earlier_delay(facts, result, days, full)
    per_pilgrim = result.amount("compensation_per_pilgrim", RATE * days, ENTITLEMENT, S321_1)
    if days:
        result.step(
            S321_1, f"Fifty rupees a day for {counted(days, 'day')}: {money_text(result, per_pilgrim)} a pilgrim."
        )
    else:
        result.step(S321_1, f"No day of delay is compensable: {money_text(result, per_pilgrim)} a pilgrim.")
    result.value("compensable_days", days)
    total = result.amount("total_compensation", per_pilgrim * facts.pilgrims, ENTITLEMENT, S321_1)
    if total:
        result.step(
            S321_3,
            f"For {counted(facts.pilgrims, 'pilgrim')}, {money_text(result, total)} in all, paid through the Port Hajj "
            "Officer.",
        )


def _impossible_days(facts: Facts, result: Result, days: int) -> int:
    """s. 321(1), first proviso: "such compensation shall not be payable in respect of any period during which the
    departure of the ship is impossible owing to any cause not arising from the act or default of the master, owner
    or agent, the burden of proving which shall lie on the master, owner or agent"
    (pk-mso-2001, part_V__chp_20__sec_321__subsec_1__proviso_nn_1)."""
    claimed = facts.days_departure_impossible
    if not claimed or not days:
        return days
    proved = facts.impossibility_proved
    if proved is True:
        unpaid = min(claimed, days)
        effect = f"proved: the {counted(unpaid, 'impossible day')} {'is' if unpaid == 1 else 'are'} not paid for"
    elif proved == NOT_SHOWN:
        effect = "not shown: the burden lies on the master, owner or agent, so those days are paid for"
    else:
        effect = "disproved: those days are paid for"
    result.burden("impossibility_proved", S321_1_PROVISO_1, effect)
    result.step(S321_1_PROVISO_1, f"Departure impossible for {counted(claimed, 'day')}, {effect}.")
    return days - min(claimed, days) if proved is True else days


def _earlier_delay(facts: Facts, result: Result, days: int, full: int) -> int:
    """s. 321(1), second proviso: "where compensation has been paid or has become payable to any pilgrim in respect of
    delay in the departure ... from any port or place and the departure ... from any other port or place is
    thereafter delayed, the pilgrim shall be entitled to compensation only in respect of any period by which the
    duration of such further delay exceeds, the duration of the delay in respect of which he has already received or
    become entitled to compensation" (pk-mso-2001, part_V__chp_20__sec_321__subsec_1__proviso_nn_2)."""
    earlier = facts.earlier_delay_days
    if not earlier or not days:
        return days
    if result.option("further_delay_measure") == "whole-further-delay":
        excess = min(days, max(full - earlier, 0))
        how = f"the further delay, {counted(full, 'completed day')}, {_beyond(full - earlier)}"
    else:
        excess = max(days - earlier, 0)
        how = (
            f"the further delay, {counted(days, 'compensable day')} after the first proviso, {_beyond(days - earlier)}"
        )
    result.step(
        S321_1_PROVISO_2,
        f"An earlier delay of {counted(earlier, 'day')} was compensated; {how}, so {counted(excess, 'day')} "
        f"{'is' if excess == 1 else 'are'} compensated.",
    )
    return excess


def _beyond(days: int) -> str:
    """How far the further delay exceeds the earlier one, in words for a step."""
    return f"exceeds it by {counted(days, 'day')}" if days > 0 else "does not exceed it"


RULES = (
    Rule(
        id="pk-mso-2001/pilgrim-delay",
        title="Compensation for delay in departing or proceeding on voyage (Pakistan, s. 321)",
        currency="PKR",
        facts=SCHEMA,
        provisions=(S320_3, S321_1, S321_1_PROVISO_1, S321_1_PROVISO_2, S321_3, S321_6),
        compute=_compute,
        check=_check,
    ),
)

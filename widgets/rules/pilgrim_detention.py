"""What a pilgrim ship's master, owner or agent pays for a pilgrim detained at Jeddah: ``pk-mso-2001/pilgrim-detention``
(Pakistan Merchant Shipping Ordinance, 2001, s. 319).

The ship must bring back from Jeddah, within sixty days after the Hajj day, every pilgrim it carried who holds a
return ticket issued in Pakistan (s. 319(1)); days on which the ship is prevented from carrying pilgrims home, for a
cause not of the master's, owner's or agent's making, are not counted (the proviso). A pilgrim who asked to embark
and is detained beyond the period for want of accommodation costs the master, owner or agent, paid to the Federal
Government, the repatriation cost the Government claims, "not exceeding double" what was received for the return
ticket, and fifty rupees for each day of the detention after the period (s. 319(2)).
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

from widgets.rules.facts import NOT_SHOWN, Facts, Schema, count, date, flag, money, option, proof
from widgets.rules.provisions import Ref
from widgets.rules.registry import Rule
from widgets.rules.result import ENTITLEMENT, MAXIMUM, Result
from widgets.rules.wording import counted, date_text, money_text

PK = "pk-mso-2001"
_S319 = "part_V__chp_20__sec_319"
S319_1 = Ref(PK, f"{_S319}__subsec_1", "s. 319(1)")
S319_1_PROVISO = Ref(PK, f"{_S319}__subsec_1__proviso_nn_1", "s. 319(1) proviso")
S319_2 = Ref(PK, f"{_S319}__subsec_2", "s. 319(2)")
S319_3 = Ref(PK, f"{_S319}__subsec_3", "s. 319(3)")

PERIOD_DAYS = 60
"""s. 319(1): "within a period of sixty days after the Hajj day"."""
DAILY_SUM = Decimal(50)
"""s. 319(2): "a sum of fifty rupees for each day after the expiry of the period aforesaid"."""
TIMES_TICKET = 2
"""s. 319(2): "such sum not exceeding double the sum received ... in respect of the return ticket"."""

DETENTION_DAYS = option(
    "detention_days",
    ("days-after-expiry", "whole-days-between"),
    "days-after-expiry",
    "Which days are the 'day[s] after the expiry of the period ... during which the pilgrim has been detained at "
    "Jeddah'. days-after-expiry (default): every day after the last day of the period up to the day he embarks, that "
    "day included, since he is still at Jeddah on it; whole-days-between: only the whole days between the expiry and "
    "the day he embarks.",
)

SCHEMA = Schema(
    date("hajj_day", "The Hajj day of the year."),
    date(
        "embarked_on",
        "The day he embarked at Jeddah for the return voyage (or the day up to which he is still detained).",
    ),
    money("return_ticket_received", "The sum the master, owner or agent received in respect of his return ticket."),
    money(
        "cost_claimed",
        "The cost of repatriating him the Federal Government claims (s. 319(2)); not given: unknown.",
        default=None,
    ),
    flag("return_ticket", "He holds a return ticket issued in Pakistan and was carried out by this ship.", True),
    flag(
        "notified_desire_to_embark",
        "He notified the prescribed authority in the prescribed manner of his desire to embark for the return voyage.",
        True,
    ),
    flag("no_accommodation", "He was detained because he could not obtain accommodation within the period.", True),
    count("days_ship_prevented", "Days the ship was prevented from carrying pilgrims home (the proviso).", 0),
    proof(
        "prevention_proved",
        "The ship was prevented on those days by Jeddah being declared infected, by war or disturbance, or by another "
        "cause not arising from any act or default of the master, owner or agent.",
        burden="the master, owner or agent",
    ),
    count("pilgrims", "Pilgrims detained on these facts.", default=1),
    DETENTION_DAYS,
)


def _check(facts: Facts) -> list[tuple[str, str]]:
    problems = []
    if facts.embarked_on < facts.hajj_day:
        problems.append(("embarked_on", f"is before hajj_day ({facts.hajj_day})"))
    if facts.pilgrims < 1:
        problems.append(("pilgrims", "must be at least 1"))
    return problems


def _compute(facts: Facts, result: Result) -> None:
    """s. 319(1): "The master, owner or agent of a pilgrim ship shall make all arrangements for ensuring the return
    ex-Jeddah, within a period of sixty days after the Hajj day, of all pilgrims in possession of return tickets issued
    in Pakistan who are carried to the Kingdom of Saudi Arabia by such ship" (pk-mso-2001,
    part_V__chp_20__sec_319__subsec_1)."""
    result.value("payee", "the Federal Government")
    if not facts.return_ticket:
        result.step(S319_1, "s. 319 is for pilgrims holding return tickets issued in Pakistan and carried by the ship.")
        _nothing(result, S319_1)
        return
    end = _period_end(facts, result)
    result.value("period_ends_on", end.isoformat())
    if facts.embarked_on <= end:
        result.step(S319_1, f"He embarked on {date_text(facts.embarked_on)}, within the period: nothing is payable.")
        _nothing(result, S319_2)
        return
    if not _detention_within_2(facts, result):
        _nothing(result, S319_2)
        return
    days = (facts.embarked_on - end).days
    if result.option("detention_days") == "whole-days-between":
        days -= 1
    result.value("days_detained", days)
    result.step(
        S319_2,
        f"Detained at Jeddah after the period ended on {date_text(end)} until he embarked on "
        f"{date_text(facts.embarked_on)}: {counted(days, 'day')} after its expiry.",
    )
    cost = _repatriation_cost(facts, result)
    daily = result.amount("daily_sum", DAILY_SUM * days, ENTITLEMENT, S319_2)
    result.step(S319_2, f"Together with fifty rupees for each of those days: {money_text(result, daily)}.")
    kind = result.kind_of("repatriation_cost") if cost else ENTITLEMENT
    each = result.amount("total_per_pilgrim", cost + daily, kind, S319_2)
    total = result.amount("total", each * facts.pilgrims, kind, S319_2)
    if facts.pilgrims > 1:
        result.step(S319_2, f"For {counted(facts.pilgrims, 'pilgrim')}: {money_text(result, total)}.")
    result.step(
        S319_3,
        "The Pakistan consular officer's certificate of the detention is evidence in any court in Pakistan without "
        "proof of his signature or office.",
    )


def _period_end(facts: Facts, result: Result) -> dt.date:
    """The last day of "a period of sixty days after the Hajj day" (s. 319(1)), lengthened by the proviso: "for the
    purpose of computing the said period of sixty days, no period shall be taken into account during which the ship
    is prevented from carrying pilgrims on the return passage by reason of the port of Jeddah having been declared by
    proper authority to be infected, or by reason of war, disturbance, or any other cause not arising from any act or
    default of the master, owner or agent" (pk-mso-2001, part_V__chp_20__sec_319__subsec_1__proviso_nn_1). The cause
    excuses the master, owner or agent, so they must prove it: not shown, the days count."""
    end = facts.hajj_day + dt.timedelta(days=PERIOD_DAYS)
    text = f"Sixty days after the Hajj day ({date_text(facts.hajj_day)}) end on {date_text(end)}"
    days = facts.days_ship_prevented
    if days:
        proved = facts.prevention_proved
        if proved is True:
            result.burden("prevention_proved", S319_1_PROVISO, f"proved: {counted(days, 'day')} not taken into account")
            end += dt.timedelta(days=days)
            text += f"; the {counted(days, 'day')} the ship was prevented are not taken into account"
        else:
            why = "not shown" if proved == NOT_SHOWN else "disproved"
            result.burden("prevention_proved", S319_1_PROVISO, f"{why}: the days the ship was held count")
            text += f"; that the ship was prevented is {why}, so those days count"
    result.step(S319_1_PROVISO if days else S319_1, f"{text}: the period ends on {date_text(end)}.")
    return end


def _detention_within_2(facts: Facts, result: Result) -> bool:
    """s. 319(2): "Where any such pilgrim who has notified to the prescribed authority in the prescribed manner his
    desire to embark for the return voyage is, owing to his inability to obtain accommodation within the period of
    sixty days aforesaid, detained at Jeddah beyond the said period" (pk-mso-2001,
    part_V__chp_20__sec_319__subsec_2): both conditions, or nothing is payable under it."""
    if not facts.notified_desire_to_embark:
        result.step(
            S319_2, "He had not notified the prescribed authority of his wish to embark: s. 319(2) does not apply."
        )
        return False
    if not facts.no_accommodation:
        result.step(S319_2, "He was not kept at Jeddah for want of accommodation: s. 319(2) does not apply.")
        return False
    return True


def _repatriation_cost(facts: Facts, result: Result) -> Decimal:
    """s. 319(2): "the master, owner or agent ... shall pay to the Federal Government in respect of such pilgrim such
    sum not exceeding double the sum received by the master, owner or agent in respect of the return ticket as the
    Federal Government claims as the cost of repatriating the pilgrim" (pk-mso-2001,
    part_V__chp_20__sec_319__subsec_2). The claim is the Government's: not given, the ceiling is what may be claimed
    (a maximum); given, the claim up to the ceiling."""
    ceiling = facts.return_ticket_received * TIMES_TICKET
    claimed = facts.cost_claimed
    if claimed is None:
        result.step(
            S319_2,
            f"The cost of repatriating him as the Federal Government claims it (not given), not exceeding double the "
            f"{money_text(result, facts.return_ticket_received)} received for the return ticket: at most "
            f"{money_text(result, ceiling)}.",
        )
        return result.amount("repatriation_cost", ceiling, MAXIMUM, S319_2)
    due = min(claimed, ceiling)
    cut = "cut to" if claimed > ceiling else "within"
    result.step(
        S319_2,
        f"The Federal Government claims {money_text(result, claimed)} as the cost of repatriating him: {cut} double "
        f"the sum received for the return ticket ({money_text(result, ceiling)}), {money_text(result, due)}.",
    )
    return result.amount("repatriation_cost", due, MAXIMUM if claimed > ceiling else ENTITLEMENT, S319_2)


def _nothing(result: Result, ref: Ref) -> None:
    result.value("days_detained", 0)
    for name in ("repatriation_cost", "daily_sum", "total_per_pilgrim", "total"):
        result.amount(name, Decimal(0), ENTITLEMENT, ref)


RULES = (
    Rule(
        id="pk-mso-2001/pilgrim-detention",
        title="Pilgrims detained at Jeddah beyond sixty days after the Hajj day (Pakistan, s. 319)",
        currency="PKR",
        facts=SCHEMA,
        provisions=(S319_1, S319_1_PROVISO, S319_2, S319_3),
        compute=_compute,
        check=_check,
    ),
)

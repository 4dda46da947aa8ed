"""Wages when service ends by wreck, loss, abandonment or unfitness.

- ``pk-mso-2001/wages-on-wreck``: Pakistan Merchant Shipping Ordinance, 2001, s. 160(1) and s. 161.
- ``in-msb-2016/wages-on-wreck``: Merchant Shipping Bill, 2016 (India), s. 69.
- ``in-msa-1958/wages-on-wreck``: Merchant Shipping Act, 1958 (India, in force until 2026), s. 140(1) and s. 141: the
  text both descend from. It has the Ordinance's floor for lost effects ("of not less than") and s. 140(1)'s bar, the
  Bill's one-month proviso and its deposit with the shipping master (s. 141(3), whose payee changed in 1985), and
  neither the Ordinance's s. 161(2) exclusion of a seaman who declines repatriation nor the Bill's captivity limb.

The two texts share their structure but differ in the words that matter most: Pakistan pays wages to the return port
"or for a period of one month, whichever be longer" and compensation for lost effects "of not less than" one (home
trade) or three (foreign going) months' wages — a floor; India pays wages to the return port with a proviso that the
period "shall be not less than one month", and compensation "of not more than" one (coasting) or three
(foreign-going) months' wages — a ceiling. Only Pakistan has s. 160(1)'s bar (failure to exert himself to save the
ship) and s. 161(2)'s exclusion of a seaman who declines repatriation; only India has s. 69(4)'s wages for a
seafarer held captive, pirates included, "till such time he returns home".

The value of the effects lost may be unknown (``effects_lost_value`` not given): then Pakistan's compensation is the
floor as a statutory minimum and India's is "up to" the ceiling, a maximum — never a figure for a loss nobody gave.

Each function below sits under the words of the limb it implements; the conventions for months and days are in
``widgets.rules.wage_periods``.
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

from widgets.rules import wage_periods
from widgets.rules.dated import Dated, Value
from widgets.rules.facts import NOT_SHOWN, REQUIRED, Facts, Schema, choice, count, date, flag, money, option, proof
from widgets.rules.provisions import Ref
from widgets.rules.registry import Rule
from widgets.rules.result import ENTITLEMENT, MAXIMUM, MINIMUM, Result
from widgets.rules.wording import counted, date_text, money_text, months_wages

PK, IN = "pk-mso-2001", "in-msb-2016"
_S160, _S161 = "part_IV__chp_11__sec_160", "part_IV__chp_11__sec_161"
_S69 = "part_V__sec_69"

PK_S160_1 = Ref(PK, f"{_S160}__subsec_1", "s. 160(1)")
PK_S161_1 = Ref(PK, f"{_S161}__subsec_1", "s. 161(1)")
PK_S161_1_A_I = Ref(PK, f"{_S161}__subsec_1__para_a__subpara_i", "s. 161(1)(a)(i)")
PK_S161_1_A_II_A = Ref(PK, f"{_S161}__subsec_1__para_a__subpara_ii__cl_a", "s. 161(1)(a)(ii)(a)")
PK_S161_1_A_II_B = Ref(PK, f"{_S161}__subsec_1__para_a__subpara_ii__cl_b", "s. 161(1)(a)(ii)(b)")
PK_S161_1_B = Ref(PK, f"{_S161}__subsec_1__para_b", "s. 161(1)(b)")
PK_S161_2 = Ref(PK, f"{_S161}__subsec_2", "s. 161(2)")
PK_S161_2_A = Ref(PK, f"{_S161}__subsec_2__para_a", "s. 161(2)(a)")
PK_S161_2_B = Ref(PK, f"{_S161}__subsec_2__para_b", "s. 161(2)(b)")

IN_S69_1 = Ref(IN, f"{_S69}__subsec_1", "s. 69(1)")
IN_S69_1_A_I = Ref(IN, f"{_S69}__subsec_1__para_a__subpara_i", "s. 69(1)(a)(i)")
IN_S69_1_A_I_PROVISO = Ref(IN, f"{_S69}__subsec_1__para_a__subpara_i__proviso_nn_1", "s. 69(1)(a)(i) proviso")
IN_S69_1_A_II_A = Ref(IN, f"{_S69}__subsec_1__para_a__subpara_ii__cl_A", "s. 69(1)(a)(ii)(A)")
IN_S69_1_A_II_B = Ref(IN, f"{_S69}__subsec_1__para_a__subpara_ii__cl_B", "s. 69(1)(a)(ii)(B)")
IN_S69_1_B = Ref(IN, f"{_S69}__subsec_1__para_b", "s. 69(1)(b)")
IN_S69_2 = Ref(IN, f"{_S69}__subsec_2", "s. 69(2)")
IN_S69_2_A = Ref(IN, f"{_S69}__subsec_2__para_a", "s. 69(2)(a)")
IN_S69_2_B = Ref(IN, f"{_S69}__subsec_2__para_b", "s. 69(2)(b)")
IN_S69_3 = Ref(IN, f"{_S69}__subsec_3", "s. 69(3)")
IN_S69_4 = Ref(IN, f"{_S69}__subsec_4", "s. 69(4)")

MSA = "in-msa-1958"
MSA_S140_1 = Ref(MSA, "sec_140__subsec_1", "s. 140(1)")
MSA_S141_1 = Ref(MSA, "sec_141__subsec_1", "s. 141(1)")
MSA_S141_1_A_I = Ref(MSA, "sec_141__subsec_1__para_a__subpara_i", "s. 141(1)(a)(i)")
MSA_S141_1_A_I_PROVISO = Ref(MSA, "sec_141__subsec_1__para_a__subpara_i__proviso_nn_1", "s. 141(1)(a)(i) proviso")
MSA_S141_1_A_II_A = Ref(MSA, "sec_141__subsec_1__para_a__subpara_ii__cl_a", "s. 141(1)(a)(ii)(a)")
MSA_S141_1_A_II_B = Ref(MSA, "sec_141__subsec_1__para_a__subpara_ii__cl_b", "s. 141(1)(a)(ii)(b)")
MSA_S141_1_B = Ref(MSA, "sec_141__subsec_1__para_b", "s. 141(1)(b)")
MSA_S141_2 = Ref(MSA, "sec_141__subsec_2", "s. 141(2)")
MSA_S141_2_A = Ref(MSA, "sec_141__subsec_2__para_a", "s. 141(2)(a)")
MSA_S141_2_B = Ref(MSA, "sec_141__subsec_2__para_b", "s. 141(2)(b)")
MSA_S141_3 = Ref(MSA, "sec_141__subsec_3", "s. 141(3)")

MSA_S141_3_PAYEE = Dated(
    "s. 141(3): to whom a deceased seaman's compensation is paid",
    (
        Value(None, "heirs", 's. 141(3) as enacted: "to his legal heirs" (the words footnote 1 says were replaced)'),
        Value(
            dt.date(1985, 7, 15),
            "nominee-or-heirs",
            'Act 41 of 1984, s. 11 (w.e.f. 15-7-1985): "to the person nominated by him in this behalf under section '
            "159A or if he has not made any such nomination or the nomination made by him is or has become void, to "
            'his legal heirs" for "to his legal heirs"',
        ),
    ),
)
"""Who is paid a deceased seaman's compensation, by the words in force when his service terminated (the day the
compensation became payable)."""

WRECK_CAUSES = ("wreck", "loss", "abandonment")
WRECK_DATES = ("service_terminated_on", "arrived_return_port_on")
CAPTIVITY_DATES = ("held_captive_on", "returned_home_on")

EXCLUSION_SCOPE = option(
    "excluded_days_reduce",
    ("payable-period", "actual-period"),
    "payable-period",
    "What the excluded days (suitably employed, negligent) come off. payable-period (default): off the period he "
    "would be paid for, the one-month minimum included, since the exclusion reaches 'any period' of wages under "
    "sub-clause (i); actual-period: off the actual period to the return port, the one-month minimum then applying "
    "to what is left.",
)
EFFECTS_MEASURE = option(
    "effects_measure",
    ("loss-within-limit", "limit"),
    "loss-within-limit",
    "The compensation for lost effects. loss-within-limit (default): the value lost, raised to Pakistan's floor or cut "
    "to India's ceiling; limit: the floor or ceiling itself, whatever was lost.",
)
NOTHING_LOST = option(
    "effects_when_nothing_lost",
    ("floor-still-due", "nothing-due"),
    "floor-still-due",
    "Whether s. 161(1)(a)(ii)'s compensation 'for the loss of his effects ... of not less than' one or three months' "
    "wages is due to a seaman who lost nothing. floor-still-due (default): the floor is a fixed minimum the section "
    "gives every seaman whose service ends by wreck, loss or abandonment, like the wages of (a)(i), with no words "
    "requiring proof of a loss; nothing-due: compensation is 'for the loss of his effects', so where nothing was lost "
    "there is nothing to compensate.",
)
S160_SCOPE = option(
    "s160_bar_scope",
    ("wages", "wages-and-effects"),
    "wages",
    "What s. 160(1)'s bar takes away. wages (default): 'his claim to wages' only, compensation for effects not being "
    "wages; wages-and-effects: the effects compensation as well.",
)


def _schema(trades: tuple[str, ...], text: str) -> Schema:
    """The facts of one text: ``pk`` (the Ordinance), ``msb`` (the Bill) or ``msa`` (the 1958 Act)."""
    pakistan, bill = text == "pk", text == "msb"
    seaman = "seafarer" if bill else "seaman"
    causes = (*WRECK_CAUSES, "unfitness", *(("captivity",) if bill else ()))
    wreck_dates = None if bill else REQUIRED  # the Bill: not asked when he was held captive (s. 69(4))
    bar_doc = {
        "pk": "Whether he exerted himself to the utmost to save the ship, cargo and stores (s. 160(1)): false only "
        "when the owner proves he did not.",
        "msa": "Whether he exerted himself to the utmost to save the ship, cargo and stores (s. 140(1)): false only "
        "when the owner proves he did not.",
        "msb": "Pakistan's s. 160(1) bar; the Bill has no counterpart, so it has no effect here.",
    }[text]
    return Schema(
        money("monthly_wage", f"The {seaman}'s wages for a month at the rate at the date of termination."),
        choice(
            "cause",
            causes,
            "Why the service ended before the date in the agreement"
            + (", or captivity (held captive, by pirates or others, in his employment)." if bill else "."),
        ),
        date("service_terminated_on", "The date his service terminated" + _not_for_captivity(bill), wreck_dates),
        date(
            "arrived_return_port_on",
            "The date he was returned to and arrived at a proper return port" + _not_for_captivity(bill),
            wreck_dates,
        ),
        *(
            (
                date("held_captive_on", "The date he was taken captive (cause captivity, s. 69(4)).", None),
                date("returned_home_on", "The date he returned home after the captivity (s. 69(4)).", None),
            )
            if bill
            else ()
        ),
        choice("ship_trade", trades, "The trade the ship was employed in."),
        money("effects_lost_value", "The value of the effects he lost; not given: unknown.", default=None),
        count("days_suitably_employed", "Days of the wage period he was, or could have been, suitably employed.", 0),
        count("days_negligent", "Days he negligently failed to apply for relief as a distressed " + seaman + ".", 0),
        flag(
            "declined_repatriation",
            "He declined the repatriation arrangements approved by the consular officer (Pakistan, s. 161(2))"
            + ("; the 1958 Act has no such limb, so it has no effect here." if text == "msa" else "."),
            default=False,
        ),
        proof("exerted_utmost", bar_doc, burden="the owner or master resisting the wage claim"),
        *(
            (
                flag(
                    f"{seaman}_deceased",
                    f"The {seaman} has died ({_PAYEE_SECTION[text]}: who is paid the compensation).",
                    False,
                ),
                flag(
                    _NOMINEE[text],
                    f"He made a nomination under {_NOMINEE_SECTION[text]} that is valid ({_PAYEE_SECTION[text]}, "
                    f"for a deceased {seaman}).",
                    False,
                ),
            )
            if not pakistan
            else ()
        ),
        *wage_periods.OPTIONS,
        EXCLUSION_SCOPE,
        EFFECTS_MEASURE,
        *(() if bill else (NOTHING_LOST, S160_SCOPE)),
    )


_PAYEE_SECTION = {"msb": "s. 69(3)", "msa": "s. 141(3)"}
_IN_PAYEE_FACTS = ("seafarer_deceased", "nominee_under_s85")
_NOMINEE = {"msb": "nominee_under_s85", "msa": "nominee_under_s159a"}
_NOMINEE_SECTION = {"msb": "s. 85", "msa": "s. 159A"}


def _not_for_captivity(bill: bool) -> str:
    """The end of the doc of a date only the wreck, loss, abandonment and unfitness limbs ask for (the Bill's captivity
    limb does not)."""
    return " (not for captivity)." if bill else "."


def _check(facts: Facts) -> list[tuple[str, str]]:
    """The dates each cause needs, in order: for captivity (India) the day he was taken and the day he returned home;
    otherwise the return port is reached on or after the termination, and the excluded days fit inside the wage
    period (they reach only the wages of (a)(i), so they are not checked when service ended by unfitness)."""
    if facts.cause == "captivity":
        missing = [
            (n, "is required for cause captivity (s. 69(4))") for n in CAPTIVITY_DATES if getattr(facts, n) is None
        ]
        if missing:
            return missing
        if facts.returned_home_on < facts.held_captive_on:
            return [("returned_home_on", f"is before held_captive_on ({facts.held_captive_on})")]
        return []
    missing = [(n, f"is required for cause {facts.cause}") for n in WRECK_DATES if getattr(facts, n) is None]
    if missing:
        return missing
    if facts.arrived_return_port_on < facts.service_terminated_on:
        return [("arrived_return_port_on", f"is before service_terminated_on ({facts.service_terminated_on})")]
    if facts.cause == "unfitness":
        return []
    scale = _scale(facts)
    end = max(facts.arrived_return_port_on, scale.month_end(facts.service_terminated_on))
    longest = (end - facts.service_terminated_on).days
    excluded = facts.days_suitably_employed + facts.days_negligent
    if excluded > longest:
        why = f"with days_negligent the excluded days ({excluded}) exceed the {longest} days of the wage period"
        return [("days_suitably_employed", why)]
    return []


def _scale(facts: Facts) -> wage_periods.WageScale:
    return wage_periods.WageScale(facts.monthly_wage, facts.month_measure, facts.day_pay)


def _record_conventions(result: Result) -> wage_periods.WageScale:
    result.option("month_measure")
    result.option("day_pay")
    return _scale(result.facts)


# --- Shared arithmetic of sub-clause (i) and its exclusions -------------------------------------------------------


def _wages_to_return_port(
    result: Result, ref_period: Ref, ref_minimum: Ref, ref_exclusions: tuple[Ref, Ref]
) -> Decimal:
    """Wages from termination to arrival at the return port, with the one-month minimum and the excluded days."""
    facts = result.facts
    scale = _record_conventions(result)
    start, end = facts.service_terminated_on, facts.arrived_return_port_on
    actual, how_long = scale.for_period(start, end)
    result.step(
        ref_period, f"Wages from {date_text(start)} until arrival at the return port on {date_text(end)}: {how_long}."
    )
    minimum, month_end = scale.one_month(), scale.month_end(start)
    deduction = scale.day * (facts.days_suitably_employed + facts.days_negligent)
    floor_first = result.option("excluded_days_reduce") == "payable-period"
    if floor_first and end < month_end:
        result.step(
            ref_minimum, f"That is shorter than one month (to {date_text(month_end)}), so one month's wages are due."
        )
    for days, ref, what in (
        (facts.days_suitably_employed, ref_exclusions[0], "he was, or could have been, suitably employed"),
        (facts.days_negligent, ref_exclusions[1], "through negligence he failed to apply for relief"),
    ):
        if days:
            result.step(ref, f"No wages for the {counted(days, 'day')} during which {what}.")
    if floor_first:
        return max(max(actual, minimum) - deduction, Decimal(0))
    left = max(actual - deduction, Decimal(0))
    if left < minimum:
        result.step(ref_minimum, "What is left is less than one month's wages, so one month's wages are due.")
    return max(left, minimum)


def _wages_for_unfitness(result: Result, ref: Ref) -> Decimal:
    facts = result.facts
    scale = _record_conventions(result)
    wages, how_long = scale.for_period(facts.service_terminated_on, facts.arrived_return_port_on)
    result.step(
        ref, f"Left on shore as unfit: wages until arrival at the return port, {how_long}; no one-month minimum."
    )
    _exclusions_not_asked(result, ref)
    return wages


# --- Pakistan: Merchant Shipping Ordinance, 2001 ------------------------------------------------------------------


def _pk_compute(facts: Facts, result: Result) -> None:
    """s. 161(1): "Where the service of any seaman ... terminates before the date contemplated in the agreement by
    reason of the wreck, loss or abandonment of the ship or by reason of his being left on shore ... under a
    certificate ... of his unfitness or inability to proceed on the voyage, the seaman shall be entitled to
    receive,––" (pk-mso-2001, part_IV__chp_11__sec_161__subsec_1)."""
    if facts.cause == "unfitness":
        result.step(
            PK_S161_1,
            "Service ended before the date in the agreement (taken as given) by his being left on shore at a place "
            "outside Pakistan under a certificate of unfitness granted under the Ordinance (taken as given): limb (b) "
            "applies.",
        )
        _effects_not_asked(result, PK_S161_1_B, "Limb (b)")
        result.unused("exerted_utmost", PK_S160_1, "the bar is for 'all cases of wreck or loss' only")
        result.unused("declined_repatriation", PK_S161_2, "s. 161(2) reaches the wages of (a)(i) only, not limb (b)")
        wages = _pk_unfitness(facts, result)
        effects = result.amount("effects_compensation", Decimal(0), ENTITLEMENT, PK_S161_1_B)
        result.step(PK_S161_1_B, "Limb (b) gives no compensation for lost effects.")
        result.amount("total", wages + effects, MAXIMUM, PK_S161_1)
        return
    result.step(
        PK_S161_1,
        f"Service ended before the date in the agreement (taken as given) by reason of the {facts.cause} of the ship: "
        "limb (a) applies.",
    )
    barred = _pk_s160_bar(facts, result)
    declined = _pk_declined_repatriation(facts, result)  # recorded as a step even when s. 160 already bars the wages
    if barred or declined:
        for fact in ("days_suitably_employed", "days_negligent"):
            result.unused(fact, PK_S161_2, "no wages under (a)(i) are due from which to exclude days")
    wages = Decimal(0) if barred or declined else _pk_wages(result)
    wages = result.amount("wages", wages, ENTITLEMENT, PK_S161_1_A_I)
    effects = _pk_effects(facts, result)
    if barred and result.option("s160_bar_scope") == "wages-and-effects":
        effects = result.amount("effects_compensation", Decimal(0), ENTITLEMENT, PK_S160_1)
        result.step(PK_S160_1, "Under the option chosen, the bar takes the effects compensation too.")
    floor_at_work = result.kind_of("effects_compensation") == MINIMUM and effects > 0
    result.amount("total", wages + effects, MINIMUM if floor_at_work else ENTITLEMENT, PK_S161_1)


def _pk_s160_bar(facts: Facts, result: Result, ref: Ref = PK_S160_1) -> bool:
    """s. 160(1): "but in all cases of wreck or loss of the ship, proof that the seaman has not exerted himself to
    the utmost to save the ship, cargo and stores shall bar his claim to wages"
    (pk-mso-2001, part_IV__chp_11__sec_160__subsec_1).

    The bar needs proof: it operates only when it is shown that he did not exert himself (``exerted_utmost`` is
    false). Not shown, the claim stands — the burden is on whoever resists it. Abandonment is not "wreck or loss"."""
    if facts.cause not in ("wreck", "loss"):
        result.unused("exerted_utmost", ref, "the bar is for 'all cases of wreck or loss', not abandonment")
        return False
    value = facts.exerted_utmost
    if value is False:
        effect = "proved that he did not exert himself to the utmost: his claim to wages is barred"
    elif value == NOT_SHOWN:
        effect = "not shown either way: the bar needs proof, so his claim to wages stands"
    else:
        effect = "he exerted himself to the utmost: no bar"
    result.burden("exerted_utmost", ref, effect)
    result.step(ref, f"Failure to exert himself to save the ship, cargo and stores: {effect}.")
    return value is False


def _pk_declined_repatriation(facts: Facts, result: Result) -> bool:
    """s. 161(2): "A seaman shall not be entitled to receive any wages under sub-clause (i) of clause (a) of
    sub-section (1) if he declines to avail himself of the repatriation arrangements made by, or on behalf of, the
    owner and approved by the Pakistan consular officer concerned" (pk-mso-2001, part_IV__chp_11__sec_161__subsec_2)."""
    if facts.declined_repatriation:
        result.step(PK_S161_2, "He declined the approved repatriation arrangements: no wages under (a)(i).")
    return facts.declined_repatriation


def _pk_wages(result: Result) -> Decimal:
    """s. 161(1)(a)(i): "wages at the rate to which he was entitled at the date of termination of his service for the
    period from the date his service is so terminated until he is returned to and arrives at a proper return port,
    or for a period of one month, whichever be longer" (pk-mso-2001, ..._sec_161__subsec_1__para_a__subpara_i).

    s. 161(2): "nor shall a seaman be entitled to receive such wages in respect of any period during which––
    (a) he was, or could have been suitably employed, or (b) through negligence he failed to apply to the proper
    authority for relief as a distressed or destitute seaman" (..._sec_161__subsec_2__para_a, __para_b)."""
    return _wages_to_return_port(result, PK_S161_1_A_I, PK_S161_1_A_I, (PK_S161_2_A, PK_S161_2_B))


def _pk_effects(facts: Facts, result: Result, refs: tuple[Ref, Ref] = (PK_S161_1_A_II_A, PK_S161_1_A_II_B)) -> Decimal:
    """s. 161(1)(a)(ii): "compensation for the loss of his effects,–– (a) in the case of a seaman employed on a
    home-trade ship, of not less than one month's wages; and (b) in the case of seaman employed on a foreign going
    ship, of not less than three month's wages" (pk-mso-2001, ..._sec_161__subsec_1__para_a__subpara_ii__cl_a/cl_b).
    A floor: the compensation is at least that many months' wages. The sum is a statutory minimum when the floor
    fixes it (the value lost is below it, or the option measures by the floor alone); above the floor it is the value
    lost, due on the reading the ``effects_measure`` option names, not fixed by the floor: an entitlement. A value not
    given is unknown: the floor, a minimum. A seaman who lost nothing (a value of 0) is given the floor or nothing by
    the option ``effects_when_nothing_lost``."""
    months, ref = (1, refs[0]) if facts.ship_trade == "home-trade" else (3, refs[1])
    floor = facts.monthly_wage * months
    lost = facts.effects_lost_value
    if lost == 0:
        if result.option("effects_when_nothing_lost") == "nothing-due":
            result.step(ref, "He lost nothing, and the compensation is for the loss of his effects: none is due.")
            return result.amount("effects_compensation", Decimal(0), ENTITLEMENT, ref)
        result.step(
            ref,
            f"He lost nothing, but the floor is fixed by the section, not by the loss: not less than "
            f"{months_wages(months)}, {money_text(result, floor)}.",
        )
        return result.amount("effects_compensation", floor, MINIMUM, ref)
    if lost is None and result.option("effects_measure") == "loss-within-limit":
        result.step(
            ref,
            f"The value of the effects he lost is not given: compensation of not less than {months_wages(months)}, "
            f"{money_text(result, floor)}, and more if a larger loss is shown.",
        )
        return result.amount("effects_compensation", floor, MINIMUM, ref)
    if result.option("effects_measure") == "limit":
        compensation = floor
        result.step(
            ref, f"Compensation for lost effects: not less than {months_wages(months)}, {money_text(result, floor)}."
        )
    else:
        compensation = max(facts.effects_lost_value, floor)
        raised = "raised to" if facts.effects_lost_value < floor else "above"
        result.step(
            ref,
            f"Compensation for lost effects worth {money_text(result, facts.effects_lost_value)}: not less than "
            f"{months_wages(months)} ({money_text(result, floor)}), so {raised} the floor: "
            f"{money_text(result, compensation)}.",
        )
    return result.amount("effects_compensation", compensation, MINIMUM if compensation == floor else ENTITLEMENT, ref)


def _pk_unfitness(facts: Facts, result: Result) -> Decimal:
    """s. 161(1)(b): "in the case of unfitness or inability to proceed on the voyage, wages for the period from the
    date his service is terminated until he is returned to and arrives at a proper return port subject to such limits
    as may be prescribed" (pk-mso-2001, part_IV__chp_11__sec_161__subsec_1__para_b).
    The prescribed limits are not in the corpus, so the figure is a maximum: the limits may cut it."""
    wages = _wages_for_unfitness(result, PK_S161_1_B)
    result.step(PK_S161_1_B, "Subject to such limits as may be prescribed (not known here): this is the most due.")
    return result.amount("wages", wages, MAXIMUM, PK_S161_1_B)


# --- India: Merchant Shipping Bill, 2016 -------------------------------------------------------------------------


def _effects_not_asked(result: Result, ref: Ref, limb: str) -> None:
    """A value of lost effects given for a limb that gives no compensation for them, reported in a step."""
    if result.facts.effects_lost_value is not None:
        result.step(ref, f"{limb} gives no compensation for lost effects: their value has no effect here.")


_PAKISTAN_ONLY = (
    ("declined_repatriation", "declining the approved repatriation arrangements bars the wages (s. 161(2))"),
    ("exerted_utmost", "failing to exert himself to save the ship bars the claim to wages (s. 160(1))"),
)
"""Facts that matter under the Ordinance alone: (fact, its rule there in words)."""


def _in_compute(facts: Facts, result: Result) -> None:
    """s. 69(1): "Where the service of any seafarer engaged under this Act terminates before the date specified in
    the agreement by reason of the wreck, loss or abandonment of the ship or by reason of his being left on shore ...
    under a certificate ... of his unfitness or inability to proceed on the voyage, the seafarer shall be entitled to
    receive,—" (in-msb-2016, part_V__sec_69__subsec_1)."""
    for fact, rule in _PAKISTAN_ONLY:
        result.unused(fact, IN_S69_1, f"{rule} only in Pakistan; the Bill has no such rule")
    if facts.cause != "captivity":
        for name in CAPTIVITY_DATES:
            result.unused(name, IN_S69_4, "a date of s. 69(4)'s captivity, not of this cause")
    if facts.cause not in WRECK_CAUSES:
        _payee_not_asked(result)
    if facts.cause == "captivity":
        _in_captivity(facts, result)
        return
    if facts.cause == "unfitness":
        result.step(
            IN_S69_1,
            "Service ended before the date in the agreement (taken as given) by his being left on shore at a place "
            "outside India under a certificate of unfitness granted under the Act (taken as given): clause (b) "
            "applies.",
        )
        _effects_not_asked(result, IN_S69_1_B, "Clause (b)")
        wages = _in_unfitness(result)
        effects = result.amount("effects_compensation", Decimal(0), ENTITLEMENT, IN_S69_1_B)
        result.value("effects_payee", None)
        result.step(IN_S69_1_B, "Clause (b) gives no compensation for lost effects.")
        result.amount("total", wages + effects, ENTITLEMENT, IN_S69_1)
        return
    result.step(
        IN_S69_1,
        f"Service ended before the date in the agreement (taken as given) by reason of the {facts.cause} of the ship: "
        "clause (a) applies.",
    )
    wages = result.amount("wages", _in_wages(result), ENTITLEMENT, IN_S69_1_A_I)
    effects = _in_effects(facts, result)
    ceiling_at_work = result.kind_of("effects_compensation") == MAXIMUM and effects > 0
    result.amount("total", wages + effects, MAXIMUM if ceiling_at_work else ENTITLEMENT, IN_S69_1)


def _in_wages(result: Result) -> Decimal:
    """s. 69(1)(a)(i): "wages at the rate to which he was entitled at the date of termination of his service for the
    period from the date his service is so terminated until he is returned to and arrives at a proper return port:
    Provided that the period for which he shall be entitled to receive wages shall be not less than one month"
    (in-msb-2016, part_V__sec_69__subsec_1__para_a__subpara_i and its proviso_nn_1).

    s. 69(2): "A seafarer shall not be entitled to receive wages under sub-clause (i) ... in respect of any period
    during which,— (a) he was, or could have been, suitably employed; or (b) through negligence he failed to apply
    to proper authority for relief as a distressed or destitute seafarer" (part_V__sec_69__subsec_2__para_a, _b)."""
    return _wages_to_return_port(result, IN_S69_1_A_I, IN_S69_1_A_I_PROVISO, (IN_S69_2_A, IN_S69_2_B))


def _in_effects(facts: Facts, result: Result) -> Decimal:
    """s. 69(1)(a)(ii): "compensation for the loss of his effect,— (A) in the case of a seafarer employed on a ship
    engaged for coasting trade, of not more than one month's wages; and (B) in the case of a seafarer employed on a
    foreign-going ship, of not more than three month's wages" (in-msb-2016, ..._subpara_ii__cl_A / __cl_B).
    A ceiling: the compensation is at most that many months' wages. The sum is a statutory maximum when the ceiling
    fixes it (the value lost is above it, or the option measures by the ceiling alone); below the ceiling it is the
    value lost, due on the reading the ``effects_measure`` option names, not fixed by the ceiling: an entitlement.

    s. 69(3): the compensation "shall be deposited with the shipping master at the port of engagement in India for
    payment to the seafarer" (part_V__sec_69__subsec_3)."""
    months, ref = (1, IN_S69_1_A_II_A) if facts.ship_trade == "coasting" else (3, IN_S69_1_A_II_B)
    ceiling = facts.monthly_wage * months
    if facts.effects_lost_value is None and result.option("effects_measure") == "loss-within-limit":
        compensation = ceiling
        result.step(
            ref,
            f"The value of the effects he lost is not given: compensation of up to {months_wages(months)}, "
            f"{money_text(result, ceiling)}, as much of it as the loss shown.",
        )
    elif result.option("effects_measure") == "limit":
        compensation = ceiling
        result.step(
            ref, f"Compensation for lost effects: not more than {months_wages(months)}, {money_text(result, ceiling)}."
        )
    else:
        compensation = min(facts.effects_lost_value, ceiling)
        cut = "cut to" if facts.effects_lost_value > ceiling else "within"
        result.step(
            ref,
            f"Compensation for lost effects worth {money_text(result, facts.effects_lost_value)}: not more than "
            f"{months_wages(months)} ({money_text(result, ceiling)}), so {cut} the ceiling: "
            f"{money_text(result, compensation)}.",
        )
    kind = MAXIMUM if compensation == ceiling else ENTITLEMENT
    compensation = result.amount("effects_compensation", compensation, kind, ref)
    _in_payee(facts, result, compensation)
    return compensation


def _in_payee(facts: Facts, result: Result, compensation: Decimal) -> None:
    """s. 69(3): "Any amount payable by way of compensation under sub-clause (ii) ... shall be deposited with the
    shipping master at the port of engagement in India for payment to the seafarer, or, in the case of deceased
    seafarer, to the person nominated by him in this behalf under section 85 or if he has not made any such nomination
    or the nomination made by him is or has become void, to his legal heirs" (in-msb-2016, part_V__sec_69__subsec_3)."""
    if not compensation:
        result.value("effects_payee", None)
        _payee_not_asked(result)
        return
    if not facts.seafarer_deceased:
        payee = "the seafarer"
        result.unused("nominee_under_s85", IN_S69_3, "a nomination under s. 85 matters only if the seafarer has died")
    elif facts.nominee_under_s85:
        payee = "the person he nominated under s. 85"
    else:
        payee = "his legal heirs (no valid nomination under s. 85)"
    _deposited_for(result, IN_S69_3, payee)


def _exclusions_not_asked(result: Result, ref: Ref) -> None:
    """Days employed or negligent given for wages other than (a)(i)'s, which alone the exclusions reach."""
    facts = result.facts
    if facts.days_suitably_employed or facts.days_negligent:
        result.step(ref, "The exclusions for days employed or negligent reach only wages under (a)(i), not these.")


def _payee_not_asked(result: Result, ref: Ref = IN_S69_3, names: tuple[str, str] = _IN_PAYEE_FACTS) -> None:
    """The facts of the payee provision ``ref`` (the Bill's s. 69(3), the 1958 Act's s. 141(3)), given where no
    compensation for effects is due, reported as having no effect, citing that provision."""
    for name in names:
        result.unused(name, ref, f"{ref.citation} says who is paid the compensation for effects, and none is due")


def _deposited_for(result: Result, ref: Ref, payee: str) -> None:
    """The common close of the Bill's s. 69(3) and the 1958 Act's s. 141(3): the compensation "shall be deposited
    with the shipping master at the port of engagement in India for payment to" ``payee``, citing ``ref``."""
    result.value("effects_payee", f"{payee}, through the shipping master at the port of engagement in India")
    result.step(
        ref,
        f"The compensation is deposited with the shipping master at the port of engagement in India for payment to "
        f"{payee}.",
    )


def _in_captivity(facts: Facts, result: Result) -> None:
    """s. 69(4): "A seafarer shall be entitled to continue receiving the wages at the same rate till such time he
    returns home, if such seafarer is held in the captivity including in case of piracy in the course of his
    employment" (in-msb-2016, part_V__sec_69__subsec_4). Wages at his rate from the day he was taken until the day he
    returned home. The sub-section has no minimum period (the one-month proviso is to clause (a)(i) alone), and no
    compensation for effects; the exclusions of s. 69(2) reach "wages under sub-clause (i)" only."""
    scale = _record_conventions(result)
    start, end = facts.held_captive_on, facts.returned_home_on
    wages, how_long = scale.for_period(start, end)
    result.step(
        IN_S69_4,
        f"Held captive in the course of his employment from {date_text(start)}: his wages continue at the same rate "
        f"till he returned home on {date_text(end)}, {how_long}.",
    )
    result.step(IN_S69_4, "s. 69(4) sets no minimum period: the one-month proviso is to clause (a)(i) alone.")
    for name in WRECK_DATES:
        if getattr(facts, name) is not None:
            result.step(IN_S69_4, f"The {name.replace('_', ' ')} given has no effect here: a date of the wreck limbs.")
    _exclusions_not_asked(result, IN_S69_2)
    _effects_not_asked(result, IN_S69_4, "s. 69(4)")
    result.unused("ship_trade", IN_S69_4, "it measures only the compensation for effects, which s. 69(4) does not give")
    wages = result.amount("wages", wages, ENTITLEMENT, IN_S69_4)
    result.amount("effects_compensation", Decimal(0), ENTITLEMENT, IN_S69_4)
    result.value("effects_payee", None)
    result.amount("total", wages, ENTITLEMENT, IN_S69_4)


def _in_unfitness(result: Result) -> Decimal:
    """s. 69(1)(b): "in the case of unfitness or inability to proceed on the voyage, wages for the period from the date
    his service is terminated until he is returned to and arrives at a proper return port"
    (in-msb-2016, part_V__sec_69__subsec_1__para_b)."""
    return result.amount("wages", _wages_for_unfitness(result, IN_S69_1_B), ENTITLEMENT, IN_S69_1_B)


# --- India: Merchant Shipping Act, 1958 ---------------------------------------------------------------------------


_MSA_NOT_IN_TEXT = (
    (
        "declined_repatriation",
        MSA_S141_2,
        "declining approved repatriation bars wages only under Pakistan's s. 161(2); "
        "the 1958 Act's s. 141(2) has no such limb",
    ),
)


def _msa_compute(facts: Facts, result: Result) -> None:
    """s. 141(1): "Where the service of any seaman engaged under this Act terminates before the date contemplated in
    the agreement by reason of the wreck, loss or abandonment of the ship or by reason of his being left on shore at
    any place outside India under a certificate granted under this Act of his unfitness or inability to proceed on
    the voyage the seaman shall be entitled to receive--" (in-msa-1958, sec_141__subsec_1)."""
    for fact, ref, rule in _MSA_NOT_IN_TEXT:
        result.unused(fact, ref, rule)
    if facts.cause == "unfitness":
        result.step(
            MSA_S141_1,
            "Service ended before the date in the agreement (taken as given) by his being left on shore at a place "
            "outside India under a certificate of unfitness granted under the Act (taken as given): clause (b) "
            "applies.",
        )
        _effects_not_asked(result, MSA_S141_1_B, "Clause (b)")
        result.unused("exerted_utmost", MSA_S140_1, "the bar is for 'all cases of wreck or loss' only")
        _msa_payee_not_asked(result)
        wages = result.amount("wages", _msa_unfitness(result), ENTITLEMENT, MSA_S141_1_B)
        effects = result.amount("effects_compensation", Decimal(0), ENTITLEMENT, MSA_S141_1_B)
        result.value("effects_payee", None)
        result.step(MSA_S141_1_B, "Clause (b) gives no compensation for lost effects.")
        result.amount("total", wages + effects, ENTITLEMENT, MSA_S141_1)
        return
    result.step(
        MSA_S141_1,
        f"Service ended before the date in the agreement (taken as given) by reason of the {facts.cause} of the ship: "
        "clause (a) applies.",
    )
    barred = _msa_s140_bar(facts, result)
    if barred:
        for fact in ("days_suitably_employed", "days_negligent"):
            result.unused(fact, MSA_S141_2, "no wages under (a)(i) are due from which to exclude days")
    wages = Decimal(0) if barred else _msa_wages(result)
    wages = result.amount("wages", wages, ENTITLEMENT, MSA_S141_1_A_I)
    effects = _msa_effects(facts, result)
    if barred and result.option("s160_bar_scope") == "wages-and-effects":
        effects = result.amount("effects_compensation", Decimal(0), ENTITLEMENT, MSA_S140_1)
        result.step(MSA_S140_1, "Under the option chosen, the bar takes the effects compensation too.")
    _msa_payee(facts, result, effects)
    floor_at_work = result.kind_of("effects_compensation") == MINIMUM and effects > 0
    result.amount("total", wages + effects, MINIMUM if floor_at_work else ENTITLEMENT, MSA_S141_1)


def _msa_s140_bar(facts: Facts, result: Result) -> bool:
    """s. 140(1): "but in all cases of wreck or loss of the ship, proof that the seaman has not exerted himself to
    the utmost to save the ship, cargo and stores shall bar his claim to wages" (in-msa-1958, sec_140__subsec_1).
    The words of Pakistan's s. 160(1), which descends from the same text: the bar needs proof (``exerted_utmost``
    false), abandonment is not "wreck or loss", and by default (option ``s160_bar_scope``, named for the twin) it
    takes "his claim to wages" only."""
    return _pk_s160_bar(facts, result, MSA_S140_1)


def _msa_wages(result: Result) -> Decimal:
    """s. 141(1)(a)(i): "wages at the rate to which he was entitled at the date of termination of his service for the
    period from the date his service is so terminated until he is returned to and arrives at a proper return port;
    Provided that the period for which he shall be entitled to receive wages shall be not less than one month"
    (in-msa-1958, sec_141__subsec_1__para_a__subpara_i and its proviso_nn_1).

    s. 141(2): "A seaman shall not be entitled to receive wages under sub-clause (i) of clause (a) of sub-section (1)
    in respect of any period during which-- (a) he was, or could have been, suitably employed; or (b) through
    negligence he failed to apply to the proper authority for relief as a distressed or destitute seaman"
    (sec_141__subsec_2__para_a, __para_b)."""
    return _wages_to_return_port(result, MSA_S141_1_A_I, MSA_S141_1_A_I_PROVISO, (MSA_S141_2_A, MSA_S141_2_B))


def _msa_effects(facts: Facts, result: Result) -> Decimal:
    """s. 141(1)(a)(ii): "compensation for the loss of his effects-- (a) in the case of a seaman employed on a
    home-trade ship, of not less than one month's wages; and (b) in the case of a seaman employed on a foreign-going
    ship, of not less than three month's wages" (in-msa-1958, sec_141__subsec_1__para_a__subpara_ii__cl_a / __cl_b).
    A floor, in the Ordinance's words (s. 161(1)(a)(ii)), not the Bill's ceiling: the same options
    (``effects_measure``, ``effects_when_nothing_lost``) and the same typing of the sum."""
    return _pk_effects(facts, result, (MSA_S141_1_A_II_A, MSA_S141_1_A_II_B))


def _msa_payee(facts: Facts, result: Result, compensation: Decimal) -> None:
    """s. 141(3): "Any amount payable by way of compensation under sub-clause (ii) of clause (a) of subsection (1)
    shall be deposited with the shipping master at the port of engagement in India for payment to the seaman, or, in
    the case of a deceased seaman, 1[to the person nominated by him in this behalf under section 159A or if he has not
    made any such nomination or the nomination made by him is or has become void, to his legal heirs.]"
    (in-msa-1958, sec_141__subsec_3). The bracketed words replaced "to his legal heirs" from 15 July 1985 (Act 41 of
    1984, s. 11): for a service that terminated before that day, a deceased seaman's compensation went to his legal
    heirs, and a nomination did not count (``MSA_S141_3_PAYEE``)."""
    if not compensation:
        result.value("effects_payee", None)
        _msa_payee_not_asked(result)
        return
    if not facts.seaman_deceased:
        payee = "the seaman"
        result.unused("nominee_under_s159a", MSA_S141_3, "a nomination matters only if the seaman has died")
    else:
        words = MSA_S141_3_PAYEE.at(facts.service_terminated_on)
        if words.value == "heirs":
            payee = "his legal heirs"
            result.step(
                MSA_S141_3,
                f"His service terminated on {date_text(facts.service_terminated_on)}, before 15 July 1985, when s. "
                '141(3) said only "to his legal heirs" (Act 41 of 1984, s. 11, added the nominee under s. 159A): a '
                "nomination has no effect.",
            )
        elif facts.nominee_under_s159a:
            payee = "the person he nominated under s. 159A"
        else:
            payee = "his legal heirs (no valid nomination under s. 159A)"
    _deposited_for(result, MSA_S141_3, payee)


def _msa_payee_not_asked(result: Result) -> None:
    _payee_not_asked(result, MSA_S141_3, ("seaman_deceased", "nominee_under_s159a"))


def _msa_unfitness(result: Result) -> Decimal:
    """s. 141(1)(b): "in the case of unfitness or inability to proceed on the voyage, wages for the period from the
    date his service is terminated until he is returned to and arrives at a proper return port" (in-msa-1958,
    sec_141__subsec_1__para_b). Unlike the Ordinance's (b), no "limits as may be prescribed": an entitlement."""
    return _wages_for_unfitness(result, MSA_S141_1_B)


RULES = (
    Rule(
        id="pk-mso-2001/wages-on-wreck",
        title="Wages on termination of service by wreck, loss, abandonment or unfitness (Pakistan, s. 160(1), s. 161)",
        currency="PKR",
        facts=_schema(("home-trade", "foreign-going"), "pk"),
        provisions=(
            PK_S160_1,
            PK_S161_1,
            PK_S161_1_A_I,
            PK_S161_1_A_II_A,
            PK_S161_1_A_II_B,
            PK_S161_1_B,
            PK_S161_2,
            PK_S161_2_A,
            PK_S161_2_B,
        ),
        compute=_pk_compute,
        check=_check,
    ),
    Rule(
        id="in-msb-2016/wages-on-wreck",
        title="Wages on termination of service for wreck, illness, etc. (India, Merchant Shipping Bill 2016, s. 69)",
        currency="INR",
        facts=_schema(("coasting", "foreign-going"), "msb"),
        provisions=(
            IN_S69_1,
            IN_S69_1_A_I,
            IN_S69_1_A_I_PROVISO,
            IN_S69_1_A_II_A,
            IN_S69_1_A_II_B,
            IN_S69_1_B,
            IN_S69_2,
            IN_S69_2_A,
            IN_S69_2_B,
            IN_S69_3,
            IN_S69_4,
        ),
        compute=_in_compute,
        check=_check,
    ),
    Rule(
        id="in-msa-1958/wages-on-wreck",
        title="Wages on termination of service by wreck, illness, etc. (India, Merchant Shipping Act 1958, s. 140(1), "
        "s. 141)",
        currency="INR",
        facts=_schema(("home-trade", "foreign-going"), "msa"),
        provisions=(
            MSA_S140_1,
            MSA_S141_1,
            MSA_S141_1_A_I,
            MSA_S141_1_A_I_PROVISO,
            MSA_S141_1_A_II_A,
            MSA_S141_1_A_II_B,
            MSA_S141_1_B,
            MSA_S141_2,
            MSA_S141_2_A,
            MSA_S141_2_B,
            MSA_S141_3,
        ),
        compute=_msa_compute,
        check=_check,
    ),
)

"""Forfeiture for desertion and absence without leave.

- ``in-msb-2016/desertion``: Merchant Shipping Bill, 2016 (India), s. 94 (the offences and the unseaworthiness
  defence), s. 100 (deemed proof), s. 101 (application of the forfeiture) and the s. 256 penalty Table, item 38
  ((a) desertion, (b) absence not amounting to desertion) and item 39(i) (s. 95(a), quitting the ship at the port of
  delivery).
- ``pk-mso-2001/desertion``: Pakistan Merchant Shipping Ordinance, 2001, s. 204, s. 208, s. 211 and s. 212.
- ``in-msa-1958/desertion``: Merchant Shipping Act, 1958 (India, in force until 2026), s. 191, s. 194(a), s. 199,
  s. 200, s. 122(2)(b) and (4) and the s. 436(2) Table, items 57(a), 57(b) and 59(i): the Bill's words (its Part V
  descends from the Act's Part VII), run by the same functions through ``IndianText``, with what only the Act has —
  apprentices bound without "lawfully engaged", the items' imprisonment (``max_imprisonment_months``) and s. 122's
  reimbursement of the master's expenses for a man left behind.

The two texts forbid desertion and absence in the same words (s. 94(1) / s. 204(1)) and share the deemed proof and
its rebuttal (s. 100 / s. 211) and the application of a forfeiture (s. 101 / s. 212). They part on the amounts: the
Bill's Table fixes them (item 38), while the Ordinance fixes **none** for desertion or absence — s. 208 lists other
offences against discipline, of which only (i), quitting the ship at her port of delivery, is a kind of absence.
Where the Ordinance fixes no amount the result says so (``max_forfeiture`` is null, ``forfeiture_fixed`` false)
instead of inventing one.

Proof. Desertion is established either by the deemed proof (s. 100 / s. 211: the person insisting on the forfeiture
shows the facts of the first limb, and the seafarer does not rebut them) or by other evidence
(``desertion_proved_otherwise``). The deemed proof holds only "so far as relates to any forfeiture of wages", so by
default it does not carry the forfeiture of the property left on board (option ``deemed_proof_reach``). Every proof
fact is true / false / "not shown"; the result's ``burdens`` say who bears each and what its value did.

The Bill's Table items are cited by their rows' eIds (``part_XIV__sec_256__wrapup__table_1__item_38__row_2`` is
item 38(a); corpus/tables.py names them), so the traceability check follows each item's own text.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from decimal import ROUND_CEILING, ROUND_FLOOR, Decimal

from widgets.rules import wage_periods
from widgets.rules.facts import (
    NOT_SHOWN,
    FactError,
    Facts,
    Schema,
    amounts,
    choice,
    flag,
    money,
    number,
    option,
    proof,
)
from widgets.rules.provisions import Ref
from widgets.rules.registry import Rule
from widgets.rules.result import ENTITLEMENT, MAXIMUM, Result
from widgets.rules.wording import counted, measure, money_text

IN, PK = "in-msb-2016", "pk-mso-2001"

_S94, _S100, _S101 = "part_V__sec_94", "part_V__sec_100", "part_V__sec_101"
_TABLE = "part_XIV__sec_256__wrapup__table_1"
IN_S94_1 = Ref(IN, f"{_S94}__subsec_1", "s. 94(1)")
IN_S94_1_A = Ref(IN, f"{_S94}__subsec_1__para_a", "s. 94(1)(a)")
IN_S94_1_B = Ref(IN, f"{_S94}__subsec_1__para_b", "s. 94(1)(b)")
IN_S94_2 = Ref(IN, f"{_S94}__subsec_2", "s. 94(2)")
IN_S94_2_PROVISO = Ref(IN, f"{_S94}__subsec_2__proviso_nn_1", "s. 94(2) proviso")
IN_S95 = Ref(IN, "part_V__sec_95", "s. 95")
IN_S95_A = Ref(IN, "part_V__sec_95__para_a", "s. 95(a)")
IN_S100_1 = Ref(IN, f"{_S100}__subsec_1", "s. 100(1)")
IN_S100_2 = Ref(IN, f"{_S100}__subsec_2", "s. 100(2)")
IN_S101_1 = Ref(IN, f"{_S101}__subsec_1", "s. 101(1)")
IN_S101_2 = Ref(IN, f"{_S101}__subsec_2", "s. 101(2)")
IN_ITEM_38_A = Ref(IN, f"{_TABLE}__item_38__row_2", "s. 256 Table item 38(a)")
IN_ITEM_38_B = Ref(IN, f"{_TABLE}__item_38__row_3", "s. 256 Table item 38(b)")
IN_ITEM_39_I = Ref(IN, f"{_TABLE}__item_39__row_2", "s. 256 Table item 39(i)")

MSA = "in-msa-1958"
_MSA_TABLE = "sec_436__subsec_2__table_1"
MSA_S122_2_B = Ref(MSA, "sec_122__subsec_2__para_b", "s. 122(2)(b)")
MSA_S122_4 = Ref(MSA, "sec_122__subsec_4", "s. 122(4)")
MSA_S191_1 = Ref(MSA, "sec_191__subsec_1", "s. 191(1)")
MSA_S191_1_A = Ref(MSA, "sec_191__subsec_1__para_a", "s. 191(1)(a)")
MSA_S191_1_B = Ref(MSA, "sec_191__subsec_1__para_b", "s. 191(1)(b)")
MSA_S191_2 = Ref(MSA, "sec_191__subsec_2", "s. 191(2)")
MSA_S191_2_PROVISO = Ref(MSA, "sec_191__subsec_2__proviso_nn_1", "s. 191(2) proviso")
MSA_S194 = Ref(MSA, "sec_194", "s. 194")
MSA_S194_A = Ref(MSA, "sec_194__para_a", "s. 194(a)")
MSA_S199_1 = Ref(MSA, "sec_199__subsec_1", "s. 199(1)")
MSA_S199_2 = Ref(MSA, "sec_199__subsec_2", "s. 199(2)")
MSA_S200_1 = Ref(MSA, "sec_200__subsec_1", "s. 200(1)")
MSA_S200_2 = Ref(MSA, "sec_200__subsec_2", "s. 200(2)")
# The 1958 Table's items 57(a), 57(b) and 59(i) are sub-rows of their items, as the Bill's item 38's. India Code prints
# the penalties of item 59's (i) to (iii) together after (iii), so the row of 59(i) holds only its offence and the row
# of 59(iii) the penalty of (i): the rule cites both (MSA_ITEM_59_PENALTIES), so the trace follows the words it applies.
MSA_ITEM_57_A = Ref(MSA, f"{_MSA_TABLE}__item_57__row_2", "s. 436(2) Table item 57(a)")
MSA_ITEM_57_B = Ref(MSA, f"{_MSA_TABLE}__item_57__row_3", "s. 436(2) Table item 57(b)")
MSA_ITEM_59_I = Ref(MSA, f"{_MSA_TABLE}__item_59__row_2", "s. 436(2) Table item 59(i)")
MSA_ITEM_59_PENALTIES = Ref(MSA, f"{_MSA_TABLE}__item_59__row_4", "s. 436(2) Table item 59(iii)")


@dataclass(frozen=True)
class IndianText:
    """The provisions of one Indian text that the shared Indian functions apply: the Bill's or the 1958 Act's, which
    share their words (the Bill's Part V descends from the Act's Part VII) and part on who is bound (the Act names
    apprentices), the imprisonment of its Table, and s. 122 (the master's expenses of a man left behind)."""

    key: str
    offence: Ref
    offence_a: Ref
    offence_b: Ref
    defence: Ref
    defence_proviso: Ref
    quitting_binds: Ref
    quitting: Ref
    deemed_1: Ref
    deemed_2: Ref
    apply_1: Ref
    apply_2: Ref
    item_desertion: Ref
    item_absence: Ref
    item_quitting: Ref
    apply_section: str
    item_name: str

    @property
    def refs(self) -> tuple[Ref, ...]:
        """The text's provisions, in the order of the fields: the rule's declaration of what it implements."""
        return tuple(value for f in fields(self) if isinstance(value := getattr(self, f.name), Ref))


BILL = IndianText(
    "in",
    IN_S94_1,
    IN_S94_1_A,
    IN_S94_1_B,
    IN_S94_2,
    IN_S94_2_PROVISO,
    IN_S95,
    IN_S95_A,
    IN_S100_1,
    IN_S100_2,
    IN_S101_1,
    IN_S101_2,
    IN_ITEM_38_A,
    IN_ITEM_38_B,
    IN_ITEM_39_I,
    "s. 101",
    "Table item 38",
)
ACT_1958 = IndianText(
    "msa",
    MSA_S191_1,
    MSA_S191_1_A,
    MSA_S191_1_B,
    MSA_S191_2,
    MSA_S191_2_PROVISO,
    MSA_S194,
    MSA_S194_A,
    MSA_S199_1,
    MSA_S199_2,
    MSA_S200_1,
    MSA_S200_2,
    MSA_ITEM_57_A,
    MSA_ITEM_57_B,
    MSA_ITEM_59_I,
    "s. 200",
    "Table item 57",
)
_TEXTS = {"in-msb-2016/desertion": BILL, "in-msa-1958/desertion": ACT_1958}


def _text(result: Result) -> IndianText:
    return _TEXTS[result.rule.id]


def _craft(t: IndianText) -> str:
    """What the text calls the craft: the 1958 Act a "ship", the Bill a "vessel"."""
    return "ship" if t is ACT_1958 else "vessel"


MSA_IMPRISONMENT = {MSA_ITEM_57_A: 3, MSA_ITEM_57_B: 2, MSA_ITEM_59_I: 0}
"""The most months of imprisonment each item fixes: 57(a) "imprisonment which may extend to three months", 57(b)
"to two months", 59(i) none. The record's footnotes note no amendment of these items, so no date is asked."""


_CH15 = "part_IV__chp_15"
PK_S148_2_B = Ref(PK, "part_IV__chp_10__sec_148__subsec_2__para_b", "s. 148(2)(b)")
PK_S148_4 = Ref(PK, "part_IV__chp_10__sec_148__subsec_4", "s. 148(4)")
PK_S204_1 = Ref(PK, f"{_CH15}__sec_204__subsec_1", "s. 204(1)")
PK_S204_1_A = Ref(PK, f"{_CH15}__sec_204__subsec_1__para_a", "s. 204(1)(a)")
PK_S204_1_B = Ref(PK, f"{_CH15}__sec_204__subsec_1__para_b", "s. 204(1)(b)")
PK_S204_2 = Ref(PK, f"{_CH15}__sec_204__subsec_2", "s. 204(2)")
PK_S204_2_PROVISO = Ref(PK, f"{_CH15}__sec_204__subsec_2__proviso_nn_1", "s. 204(2) proviso")
PK_S208 = Ref(PK, f"{_CH15}__sec_208", "s. 208")
PK_S208_I = Ref(PK, f"{_CH15}__sec_208__para_i", "s. 208(i)")
PK_S208_III = Ref(PK, f"{_CH15}__sec_208__para_iii", "s. 208(iii)")
PK_S211_1 = Ref(PK, f"{_CH15}__sec_211__subsec_1", "s. 211(1)")
PK_S211_2 = Ref(PK, f"{_CH15}__sec_211__subsec_2", "s. 211(2)")
PK_S212_1 = Ref(PK, f"{_CH15}__sec_212__subsec_1", "s. 212(1)")
PK_S212_2 = Ref(PK, f"{_CH15}__sec_212__subsec_2", "s. 212(2)")

DESERTION, ABSENCE, QUITTING = "desertion", "absence-without-leave", "quits-ship-at-port-of-delivery"
HOURS_PER_PERIOD = Decimal(24)
INSISTING = "the person insisting on the forfeiture"

# --- Interpretive options -----------------------------------------------------------------------------------------

PART_DAY = option(
    "part_day_absence",
    ("complete-periods", "part-period-counts"),
    "complete-periods",
    "How hours of absence become the 'twenty-four hours' of Table item 38(b) (and s. 208(iii)). complete-periods "
    "(default): only each complete twenty-four hours counts, since the Table says 'for every twenty-four hours of "
    "absence' and, unlike item 51 ('every inch or fraction of an inch'), adds no words for a fraction; "
    "part-period-counts: a part of twenty-four hours counts as a whole period.",
)
SUBSTITUTE_ALTERNATIVE = option(
    "substitute_alternative",
    ("whole-absence", "per-period"),
    "whole-absence",
    "How Table item 38(b)'s 'for every twenty-four hours of absence either a sum not exceeding six days' pay or any "
    "expenses properly incurred in hiring a substitute' (and s. 208(iii)'s one month's pay 'or any expenses') is "
    "chosen. whole-absence (default): once for the whole absence, the larger of the pay for all the periods and the "
    "substitute's expenses in all (substitute_expenses); per-period: for each twenty-four hours on its own, the larger "
    "of that period's pay and that period's substitute's expenses (substitute_expenses_per_period, one sum a period), "
    "since 'either' follows 'for every twenty-four hours'.",
)
DEFENCE_SCOPE = option(
    "unseaworthiness_defence_scope",
    ("whole-subsection", "clause-b-only"),
    "whole-subsection",
    "Which offences the unseaworthiness of the ship excuses. whole-subsection (default): desertion and absence alike, "
    "since s. 94(2)/s. 204(2) speaks 'for the purposes of sub-section (1)' and its proviso names 'absenting himself "
    "or being absent from the ship'; clause-b-only: only clause (b), the one limb whose words include 'without "
    "reasonable cause'.",
)
SUBSTITUTE_SCOPE = option(
    "substitute_excess_scope",
    ("any-desertion", "outside-india-only"),
    "any-desertion",
    "When the deserter must 'satisfy any excess of wages paid ... to any substitute' (Table item 38(a)). "
    "any-desertion (default): the words are a third limb ('and to satisfy'), parallel to the forfeiture of property "
    "and wages, as in the Merchant Shipping Act 1894, s. 221(a), from which the text descends; outside-india-only: "
    "the limb is governed by 'if the desertion takes place at any place not in India', like the wages in another "
    "vessel.",
)
DEEMED_REACH = option(
    "deemed_proof_reach",
    ("wages", "wages-and-property"),
    "wages",
    "What the deemed proof (the Bill's s. 100(2), the 1958 Act's s. 199(2), the Ordinance's s. 211(2)) supports. "
    "wages (default): as it says, 'so far as relates to any forfeiture of wages', so the property (the Ordinance: "
    "effects) left on board is forfeitable only if desertion is proved otherwise; wages-and-property: the whole "
    "forfeiture, the property included. Neither reading lets the deemed proof support imprisonment.",
)
WAGES_CAP = option(
    "absence_forfeiture_cap",
    ("none", "wages-earned"),
    "none",
    "Whether a forfeiture 'out of his wages' for absence (item 38(b), item 39(i), s. 208) is capped by the wages he "
    "has earned. none (default): the ceiling is the one the text states, since s. 94(7) lets sums be taken from wages "
    "'which he has then earned or ... may afterwards be earned'; wages-earned: no more than wages_earned.",
)
REBUTTAL_REACH = option(
    "rebuttal_reach",
    ("every-proof", "deemed-proof-only"),
    "every-proof",
    "What the seafarer's answer under s. 100(2) / s. 211(2) (a certificate of discharge, or sufficient reasons for "
    "leaving his ship) defeats. every-proof (default): a man who left with sufficient reasons, or was discharged, did "
    "not desert, however desertion is otherwise proved; deemed-proof-only: as the words stand, the answer rebuts only "
    "the deemed proof, and desertion proved by other evidence still stands.",
)
PK_ABSENCE = option(
    "pk_absence_reading",
    ("no-amount-fixed", "continued-neglect-of-duty"),
    "no-amount-fixed",
    "What the Ordinance lets be forfeited for absence without leave (s. 204(1)(b)). no-amount-fixed (default): "
    "nothing — s. 208 does not list absence among its offences, and no section fixes an amount; "
    "continued-neglect-of-duty: absence from duty read as 'continued wilful neglect of duty' under s. 208(iii), "
    "'for every twenty-four hours' continuance' a sum not exceeding one month's pay or the substitute's expenses.",
)


def _schema(text: str) -> Schema:
    """The facts of one text: ``pk`` (the Ordinance), ``in`` (the Bill) or ``msa`` (the 1958 Act)."""
    pakistan = text == "pk"
    seafarer = "seafarer" if text == "in" else "seaman"
    home = "Pakistan" if pakistan else "India"
    offences = (DESERTION, ABSENCE, QUITTING)
    return Schema(
        money("monthly_wage", f"The {seafarer}'s wages for a month (needed for absence and quitting).", default=None),
        money("daily_wage", "A day's pay, when it is not the monthly wage divided by 30.", default=None),
        choice("offence", offences, f"The offence: {', '.join(offences)}."),
        money("wages_earned", "The wages he had earned when he deserted.", default=0),
        money("property_on_board_value", "The value of the property he left on board.", default=0),
        flag(
            "deserted_outside_india",
            "The desertion took place at a place not in India (Table item "
            + ("57(a)" if text == "msa" else "38(a)")
            + "; the Ordinance has no counterpart).",
            default=False,
        ),
        money("wages_other_vessel", f"Wages he earns in any other vessel until his next return to {home}.", 0),
        money("substitute_excess_wages", "Wages paid to a substitute in excess of the rate stipulated for him.", 0),
        number("hours_absent", "Hours of absence without leave.", 0, 1_000_000, default=0, unit="hours"),
        money("substitute_expenses", "Expenses properly incurred in hiring a substitute during the absence.", 0),
        amounts(
            "substitute_expenses_per_period",
            "The substitute's expenses for each twenty-four hours of absence, in order (option "
            "substitute_alternative = per-period), one sum a period.",
        ),
        money(
            "expenses_caused",
            "Expenses the desertion or absence caused to the master or owner (not the substitute's excess, satisfied "
            "separately).",
            0,
        ),
        *(
            (
                flag(
                    "left_behind_outside_pakistan",
                    "He was left behind at a port or place outside Pakistan (s. 148): the master may then be "
                    "reimbursed out of his wages and property for the expenses his absence caused.",
                    default=False,
                ),
            )
            if pakistan
            else (
                flag(
                    "apprentice",
                    "He is an apprentice: s. 191(1) and s. 194 bind an apprentice without the words 'lawfully "
                    "engaged'.",
                    default=False,
                ),
                flag(
                    "left_behind",
                    "He was left behind, at any place (s. 122): the master may then be reimbursed out of his wages "
                    "and property for the expenses his absence in contravention of s. 191 caused.",
                    default=False,
                ),
            )
            if text == "msa"
            else ()
        ),
        money(
            "amount_forfeited",
            "The sum actually forfeited, if decided (at most max_forfeiture); by default the whole maximum is applied.",
            default=None,
        ),
        proof("engaged", "He was lawfully engaged in or belonged to the ship.", INSISTING),
        proof(
            "left_before_completion", "He left the ship before the completion of the voyage or engagement.", INSISTING
        ),
        proof("voyage_to_end_at_home", f"The voyage was to terminate in {home}.", INSISTING),
        proof("ship_returned", "The ship has returned (the second limb needs it shown that she has not).", INSISTING),
        proof("absent_from_ship", "He is absent from the ship (the second limb needs it shown).", INSISTING),
        proof("log_entry_made", "An entry of his desertion has been duly made in the official log book.", INSISTING),
        proof(
            "desertion_proved_otherwise",
            "Desertion proved by other evidence, without the help of the deemed proof.",
            INSISTING,
        ),
        proof("certificate_of_discharge", "He produces a proper certificate of discharge.", f"the {seafarer}"),
        proof(
            "sufficient_reason",
            "He shows to the court's satisfaction sufficient reasons for leaving (desertion) or for being absent "
            "(absence without leave).",
            f"the {seafarer}",
        ),
        proof("ship_unseaworthy", "The ship was unseaworthy.", f"the {seafarer}"),
        proof(
            "complained_before",
            "Before leaving or refusing he complained that the ship was unseaworthy to an officer the proviso names.",
            f"the {seafarer}",
        ),
        wage_periods.DAY_PAY,
        PART_DAY,
        SUBSTITUTE_ALTERNATIVE,
        DEFENCE_SCOPE,
        WAGES_CAP,
        REBUTTAL_REACH,
        *((PK_ABSENCE, DEEMED_REACH) if pakistan else (SUBSTITUTE_SCOPE, DEEMED_REACH)),
    )


def _check(facts: Facts) -> list[tuple[str, str]]:
    """A day's or a month's pay must be known for the offences measured in pay."""
    if facts.monthly_wage is not None or facts.daily_wage is not None or facts.offence == DESERTION:
        return []
    if facts.offence == ABSENCE and getattr(facts, "pk_absence_reading", None) == "no-amount-fixed":
        return []
    return [("monthly_wage", f"is required for {facts.offence} (or give daily_wage)")]


# --- Shared arithmetic --------------------------------------------------------------------------------------------


def _day_pay(result: Result, ref: Ref) -> Decimal:
    """A day's pay: ``daily_wage`` when given, otherwise the monthly wage by the ``day_pay`` option (monthly / 30)."""
    facts = result.facts
    if facts.daily_wage is not None:
        result.unused("monthly_wage", ref, "a day's pay is the daily wage given")
        return facts.daily_wage
    rule = result.option("day_pay")
    return wage_periods.WageScale(facts.monthly_wage, "calendar", rule).day


def _month_pay(result: Result, ref: Ref) -> Decimal:
    """One month's pay: the monthly wage; when only ``daily_wage`` is given, thirty days' pay (the ``day_pay``
    convention of ships' articles, a month's wages over 30 days, read back), said in a step."""
    facts = result.facts
    if facts.monthly_wage is not None:
        result.unused("daily_wage", ref, "one month's pay is the monthly wage given")
        return facts.monthly_wage
    month = facts.daily_wage * 30
    result.step(
        ref,
        f"Only a day's pay is given ({money_text(result, facts.daily_wage)}): one month's pay is taken as thirty "
        f"days' pay, {money_text(result, month)}.",
    )
    return month


def _periods_counted(result: Result, periods: int) -> str:
    """The hours of absence and the periods of twenty-four hours counted in them, in words for a step."""
    hours = measure(result.facts.hours_absent, "hour", "hours")
    return f"{hours} absent: {counted(periods, 'period')} of twenty-four hours counted"


def _periods(result: Result) -> int:
    """The twenty-four hours of absence counted, by the ``part_day_absence`` option."""
    hours = Decimal(str(result.facts.hours_absent)) / HOURS_PER_PERIOD
    rounding = ROUND_FLOOR if result.option("part_day_absence") == "complete-periods" else ROUND_CEILING
    return int(hours.to_integral_value(rounding=rounding))


def _cap_at_wages(result: Result, ceiling: Decimal, ref: Ref) -> Decimal:
    if result.option("absence_forfeiture_cap") == "wages-earned":
        if ceiling > result.facts.wages_earned:
            result.step(
                ref, f"Out of his wages: capped at the wages earned, {money_text(result, result.facts.wages_earned)}."
            )
            return result.facts.wages_earned
    elif result.given("wages_earned"):
        result.step(ref, "The wages he has earned do not cap a forfeiture out of his wages (option none): no effect.")
    return ceiling


def _alternative(result: Result, period_pay: Decimal, periods: int, ref: Ref) -> tuple[Decimal, str]:
    """The "either ... or" of Table item 38(b) / s. 208(iii): for the ``periods`` of twenty-four hours, the pay of a
    period (``period_pay``) or the substitute's expenses — chosen once for the whole absence or for each period on its
    own (option ``substitute_alternative``). Returns the larger alternative and how it was found, in words."""
    facts = result.facts
    per_period = facts.substitute_expenses_per_period
    if result.option("substitute_alternative") == "whole-absence":
        if per_period is not None:
            result.step(ref, "Substitute's expenses period by period are used only under the per-period reading.")
        if not periods:
            return Decimal(0), "(no complete period counted, so neither is due)"
        pay = period_pay * periods
        larger = max(pay, facts.substitute_expenses)
        return larger, (
            f"({money_text(result, pay)} of pay in all against {money_text(result, facts.substitute_expenses)} of "
            f"expenses): the larger, {money_text(result, larger)}"
        )
    if result.given("substitute_expenses"):
        result.step(ref, "Read period by period, the substitute's expenses are those given for each period.")
    costs = per_period if per_period is not None else (Decimal(0),) * periods
    if len(costs) != periods:
        why = f"must hold one sum for each of the {counted(periods, 'period')} counted, got {len(costs)}"
        raise FactError([("substitute_expenses_per_period", why)])
    if not periods:
        return Decimal(0), "(no complete period counted, so neither is due)"
    larger = sum((max(period_pay, cost) for cost in costs), Decimal(0))
    substitutes = sum(1 for cost in costs if cost > period_pay)
    return larger, (
        f"(for each period on its own, the larger of {money_text(result, period_pay)} of pay and that period's "
        f"expenses, the expenses in {counted(substitutes, 'period')}): {money_text(result, larger)} in all"
    )


def _unseaworthy_defence(result: Result, clause: Ref, subsection: Ref, proviso: Ref) -> bool:
    """Whether the unseaworthiness of the ship, complained of beforehand, is a reasonable cause (s. 94(2)/s. 204(2))."""
    facts = result.facts
    if facts.offence == DESERTION and result.option("unseaworthiness_defence_scope") == "clause-b-only":
        result.step(subsection, "Read as reaching clause (b) only, the defence does not answer desertion.")
        return False
    if facts.ship_unseaworthy is not True:
        result.burden("ship_unseaworthy", subsection, _effect(facts.ship_unseaworthy, "no unseaworthiness defence"))
        result.unused("complained_before", proviso, "a complaint matters only if the ship is shown unseaworthy")
        return False
    result.burden("ship_unseaworthy", subsection, "proved: a reasonable cause, if he complained first")
    if facts.complained_before is not True:
        result.burden("complained_before", proviso, _effect(facts.complained_before, "the defence fails"))
        result.step(proviso, "The ship was unseaworthy but he had not complained before: the defence fails.")
        return False
    result.burden("complained_before", proviso, "proved: the proviso is satisfied")
    result.step(subsection, "The ship was unseaworthy: that is deemed to be a reasonable cause.")
    result.step(proviso, "He complained that she was unseaworthy before he left or refused: the proviso is met.")
    result.step(clause, "With reasonable cause, no offence is committed: nothing may be forfeited for it.")
    return True


def _effect(value: bool | str, failing: str) -> str:
    return f"{'not shown' if value == NOT_SHOWN else 'disproved'}: {failing}"


def _absence_made_out(result: Result, binds: Ref, clause: Ref) -> bool:
    """s. 94(1)(b) / s. 204(1)(b): "No seafarer lawfully engaged shall ... be absent at any time without leave and
    without sufficient reason from his ship or from his duty" (in-msb-2016, part_V__sec_94__subsec_1__para_b;
    pk-mso-2001, part_IV__chp_15__sec_204__subsec_1__para_b). Two elements besides the hours of absence: that he was
    lawfully engaged (the person insisting on the forfeiture must show it; not shown, no offence is made out) and that
    he was absent without sufficient reason (if he shows a sufficient reason — or, for an absence within twenty-four
    hours of sailing, a reasonable cause — there is no offence)."""
    engaged = _lawfully_engaged(result, binds)
    reason = result.facts.sufficient_reason
    if reason is True:
        result.burden("sufficient_reason", clause, "proved: not absent without sufficient reason, no offence")
        result.step(clause, "He shows a sufficient reason for the absence: it is not an offence, nothing is forfeited.")
        return False
    result.burden("sufficient_reason", clause, _effect(reason, "the absence stands as one without sufficient reason"))
    return engaged


def _quitting_made_out(result: Result, binds: Ref | None) -> bool:
    """Quitting the ship without leave at her port of delivery (s. 95(a) / s. 208(i)): s. 95 binds "A seafarer
    lawfully engaged" (in-msb-2016, part_V__sec_95), so there the person insisting must show the engagement; s. 208
    (pk-mso-2001, part_IV__chp_15__sec_208) names "an officer, seaman or an apprentice" with no such words
    (``binds`` None), so the engagement does not matter there. Sufficient reason and the unseaworthiness defence
    belong to s. 94(1) / s. 204(1), not to this offence."""
    ref = binds or PK_S208
    result.unused("sufficient_reason", ref, "quitting the ship without leave admits no answer of sufficient reason")
    result.unused("ship_unseaworthy", ref, "the unseaworthiness defence is for desertion and absence only")
    if binds is None:
        result.unused("engaged", ref, "s. 208 names any officer, seaman or apprentice, not one lawfully engaged")
        return True
    return _lawfully_engaged(result, binds)


def _lawfully_engaged(result: Result, binds: Ref) -> bool:
    """Whether the person insisting on the forfeiture shows the engagement ``binds`` requires ("lawfully engaged");
    not shown, no offence is made out."""
    if getattr(result.facts, "apprentice", False):
        result.unused("engaged", binds, "an apprentice is bound whether or not he was lawfully engaged")
        result.step(binds, "He is an apprentice: the section binds an apprentice without the words 'lawfully engaged'.")
        return True
    engaged = _shown(result, "engaged", True, binds, "no offence: only a seafarer lawfully engaged is bound")
    if not engaged:
        result.step(binds, "It is not shown that he was lawfully engaged: no offence, so nothing may be forfeited.")
    return engaged


_SECOND_LIMB = (
    ("voyage_to_end_at_home", True),
    ("ship_returned", False),
    ("absent_from_ship", True),
    ("log_entry_made", True),
)
_REBUTTALS = (
    ("certificate_of_discharge", "a proper certificate of discharge"),
    ("sufficient_reason", "sufficient reasons for leaving his ship"),
)


def _shown(result: Result, fact: str, wanted: bool, ref: Ref, failing: str) -> bool:
    """Record the burden on proof fact ``fact`` (the person insisting must show it is ``wanted``); whether shown."""
    value = getattr(result.facts, fact)
    if value is wanted:
        effect = "shown"
    elif value == NOT_SHOWN:
        effect = f"not shown: {failing}"
    else:
        effect = f"shown to be {str(value).lower()}: {failing}"
    result.burden(fact, ref, effect)
    return value is wanted


def _deemed_proof(result: Result, home: str, limb_1: Ref, limb_2: Ref) -> bool:
    """Whether desertion is deemed proved: the facts of ``limb_1`` (s. 100(1)/s. 211(1)) shown, and no rebuttal
    under ``limb_2`` (s. 100(2)/s. 211(2)). The person insisting on the forfeiture bears the burden of the first (a
    fact not shown counts against him); the seafarer bears the burden of the rebuttal (not shown, the deeming
    stands)."""
    engaged = _shown(result, "engaged", True, limb_1, "the deemed proof fails")
    left = _shown(result, "left_before_completion", True, limb_1, "the first limb fails")
    if left:
        limb = "he left the ship before the completion of the voyage or engagement"
        second = False
        for fact, _wanted in _SECOND_LIMB:
            result.unused(fact, limb_1, "the first limb is shown, so the second is not needed")
    else:
        second = all([_shown(result, f, w, limb_1, "the second limb fails") for f, w in _SECOND_LIMB])
        limb = f"the voyage was to end in {home}, the ship has not returned, he is absent and an entry is in the log"
    if not (engaged and (left or second)):
        result.step(limb_1, "What suffices for the deemed proof is not shown: desertion is not deemed proved.")
        return False
    result.step(limb_1, f"Shown that he was duly engaged and that {limb}.")
    for fact, what in _REBUTTALS:
        value = getattr(result.facts, fact)
        if value is True:
            result.burden(fact, limb_2, "proved: the deemed proof is rebutted")
            result.step(limb_2, f"He shows {what}: desertion is not deemed proved.")
            return False
        result.burden(fact, limb_2, _effect(value, "no rebuttal, the deemed proof stands"))
    result.step(limb_2, "He shows neither a certificate of discharge nor sufficient reasons: desertion deemed proved.")
    return True


def _rebutted(facts: Facts) -> bool:
    return facts.certificate_of_discharge is True or facts.sufficient_reason is True


PROVED, DEEMED = "proved", "deemed"


def _established(result: Result, deemed: bool, ref: Ref, binds: Ref) -> str | None:
    """How desertion is established: ``PROVED`` by other evidence (unless the seafarer's answer reaches it, option
    ``rebuttal_reach``), ``DEEMED`` by the deemed proof only, or ``None``. Proved not to have been lawfully engaged
    (``engaged`` false), he cannot have deserted: s. 94(1) / s. 204(1) binds "a seafarer lawfully engaged"."""
    facts = result.facts
    if facts.engaged is False and not getattr(facts, "apprentice", False):
        result.step(binds, "He was not lawfully engaged, and only a seafarer lawfully engaged can desert: no offence.")
        return None
    answered = _rebutted(facts) and result.option("rebuttal_reach") == "every-proof"
    if facts.desertion_proved_otherwise is True and not answered:
        result.burden("desertion_proved_otherwise", ref, "proved by other evidence: desertion established")
        result.step(ref, "Desertion is proved by other evidence, not only by the deemed proof.")
        return PROVED
    if deemed:
        return DEEMED
    result.burden("desertion_proved_otherwise", ref, _effect(facts.desertion_proved_otherwise, "not established"))
    result.step(ref, "Desertion is not established on these facts: nothing may be forfeited for it.")
    return None


def _apply(result: Result, forfeiture: Decimal, ref: Ref, payee: str, expenses: Decimal | None = None) -> None:
    """The application of a forfeiture for desertion (s. 101(1)/s. 212(1)): first the master's or owner's expenses
    (``expenses``, by default all those the desertion caused), the balance to the Government. With
    ``amount_forfeited`` the split is of that sum; otherwise of the maximum."""
    facts = result.facts
    expenses = facts.expenses_caused if expenses is None else expenses
    applied, kind = forfeiture, MAXIMUM
    if facts.amount_forfeited is not None:
        applied, kind = facts.amount_forfeited, ENTITLEMENT
    to_master = min(expenses, applied)
    result.amount("to_master_or_owner", to_master, kind, ref)
    result.amount("to_government", applied - to_master, kind, ref)
    if not applied:
        result.step(ref, f"Nothing is forfeited, so nothing goes to the master or owner or to {payee}.")
        return
    if not to_master:
        left = " left" if expenses < facts.expenses_caused else ""
        result.step(
            ref,
            f"Of {money_text(result, applied)} forfeited, all goes to {payee}: the desertion caused the master or "
            f"owner no expenses{left} to reimburse.",
        )
        return
    result.step(
        ref,
        f"Of {money_text(result, applied)} forfeited, {money_text(result, to_master)} reimburses the expenses caused "
        f"to the master or owner ({money_text(result, expenses)}); the balance, "
        f"{money_text(result, applied - to_master)}, goes to {payee}.",
    )


_DESERTION_ONLY = (DESERTION,)
_PAY_MEASURED = (ABSENCE, QUITTING)
_S204_OFFENCES = (DESERTION, ABSENCE)
_DEEMED = "a fact of the deemed proof of desertion, which concerns desertion only"
_BOTH_TEXTS = (
    ("monthly_wage", _PAY_MEASURED, "desertion forfeits what he earned and left, not a measure of pay"),
    ("daily_wage", _PAY_MEASURED, "desertion forfeits what he earned and left, not a measure of pay"),
    ("hours_absent", (ABSENCE,), "the hours measure the forfeiture for absence only"),
    ("substitute_expenses", (ABSENCE,), "a substitute's expenses measure the forfeiture for absence only"),
    ("substitute_expenses_per_period", (ABSENCE,), "a substitute's expenses measure it for absence only"),
    ("left_before_completion", _DESERTION_ONLY, _DEEMED),
    ("voyage_to_end_at_home", _DESERTION_ONLY, _DEEMED),
    ("ship_returned", _DESERTION_ONLY, _DEEMED),
    ("absent_from_ship", _DESERTION_ONLY, _DEEMED),
    ("log_entry_made", _DESERTION_ONLY, _DEEMED),
    ("certificate_of_discharge", _DESERTION_ONLY, _DEEMED),
    ("desertion_proved_otherwise", _DESERTION_ONLY, "it proves desertion, not this offence"),
    ("complained_before", _S204_OFFENCES, "the unseaworthiness proviso is for desertion and absence only"),
)
_BEARING = {
    "msa": (
        *_BOTH_TEXTS,
        ("property_on_board_value", _S204_OFFENCES, "only desertion forfeits the property left on board (item 57(a))"),
        ("deserted_outside_india", _DESERTION_ONLY, "a limb of Table item 57(a), for desertion only"),
        ("wages_other_vessel", _DESERTION_ONLY, "a limb of Table item 57(a), for desertion only"),
        ("substitute_excess_wages", _DESERTION_ONLY, "a limb of Table item 57(a), for desertion only"),
        ("expenses_caused", _S204_OFFENCES, "s. 122 and s. 200 reimburse expenses of desertion or absence only"),
    ),
    "in": (
        *_BOTH_TEXTS,
        ("property_on_board_value", _DESERTION_ONLY, "only desertion forfeits the property left on board"),
        ("deserted_outside_india", _DESERTION_ONLY, "a limb of Table item 38(a), for desertion only"),
        ("wages_other_vessel", _DESERTION_ONLY, "a limb of Table item 38(a), for desertion only"),
        ("substitute_excess_wages", _DESERTION_ONLY, "a limb of Table item 38(a), for desertion only"),
        ("expenses_caused", _DESERTION_ONLY, "s. 101 reimburses expenses out of a forfeiture for desertion only"),
    ),
    "pk": (
        *_BOTH_TEXTS,
        ("property_on_board_value", _S204_OFFENCES, "only s. 148 and s. 212 reach the property left on board"),
        ("deserted_outside_india", (), "it matters only under the Indian Bill's Table; the Ordinance has no such rule"),
        ("wages_other_vessel", _DESERTION_ONLY, "only s. 212(2), for desertion, speaks of wages earned after it"),
        ("substitute_excess_wages", (), "the Ordinance has no counterpart of the Indian Table's substitute's excess"),
        ("expenses_caused", _S204_OFFENCES, "s. 148 and s. 212 reimburse expenses of desertion or absence only"),
        ("left_behind_outside_pakistan", _S204_OFFENCES, "s. 148(2)(b) reaches an absence punishable under s. 204"),
    ),
}
"""Facts that bear on some offences only: (fact, the offences it bears on, why not on the others). A fact given for
another offence is reported in a step saying so, never silently dropped."""


def _report_unused(result: Result, table: str, ref: Ref) -> None:
    """A step for each fact given (not left to its default) that does not bear on the offence charged."""
    offence = result.facts.offence
    for fact, offences, why in _BEARING[table]:
        if offence not in offences:
            result.unused(fact, ref, why)


def _no_application(result: Result, ref: Ref, why: str) -> None:
    result.value("to_master_or_owner", None)
    result.value("to_government", None)
    result.step(ref, why)
    result.unused("amount_forfeited", ref, "it is within what may be forfeited, and the section applies no sum here")


def _nil_forfeiture(result: Result, ref: Ref) -> None:
    """No offence made out (or a defence): nothing may be forfeited under ``ref``, and no sum forfeited is accepted."""
    _check_amount_forfeited(result, Decimal(0))
    result.amount("max_forfeiture", Decimal(0), MAXIMUM, ref)


def _check_amount_forfeited(result: Result, ceiling: Decimal) -> None:
    """``amount_forfeited`` above what may be forfeited is a bad fact: a ``FactError`` naming it."""
    forfeited = result.facts.amount_forfeited
    if forfeited is not None and forfeited > ceiling:
        raise FactError(
            [("amount_forfeited", f"must not exceed the maximum forfeiture, {money_text(result, ceiling)}")]
        )


# --- India: Merchant Shipping Bill, 2016 --------------------------------------------------------------------------


def _in_compute(facts: Facts, result: Result) -> None:
    """s. 94(1): "No seafarer lawfully engaged shall,— (a) desert his ship; or (b) neglect or refuse, without
    reasonable cause, to join the ship or to proceed to sea in his ship or be absent without leave at any time within
    twenty-four hours of the ship's sailing ... or be absent at any time without leave and without sufficient reason
    from his ship or from his duty" (in-msb-2016, part_V__sec_94__subsec_1__para_a / __para_b).

    The 1958 Act, s. 191(1): "No seaman lawfully engaged and no apprentice-- (a) shall desert his ship; or (b) shall
    neglect or refuse, without reasonable cause, to join the ship ... or be absent at any time without leave and
    without sufficient reason from his ship or from his duty" (in-msa-1958, sec_191__subsec_1__para_a / __para_b):
    the same offences, binding an apprentice whether or not lawfully engaged."""
    t = _text(result)
    msa = t is ACT_1958
    if facts.offence == QUITTING:
        _report_unused(result, t.key, t.quitting)
        _in_quitting(facts, result)
        if msa:
            result.value("reimbursement_to_master", None)
            result.unused("left_behind", MSA_S122_2_B, "s. 122 reimburses expenses of an absence contravening s. 191")
            _msa_imprisonment(result, t.item_quitting, committed=False)
        return
    clause = t.offence_a if facts.offence == DESERTION else t.offence_b
    result.step(clause, f"The offence charged: {facts.offence.replace('-', ' ')}.")
    _report_unused(result, t.key, clause)
    deemed = _in_deemed_proof(result) if facts.offence == DESERTION else _not_desertion(result, t.deemed_1)
    result.value("deemed_proved", deemed)
    made_out = facts.offence == DESERTION or _absence_made_out(result, t.offence, t.offence_b)
    defence = _in_unseaworthy(result)
    result.value("unseaworthiness_defence", defence)
    if facts.offence == DESERTION:
        if msa and facts.apprentice:
            result.step(
                t.offence,
                "He is an apprentice: s. 191(1) binds him whether or not he was lawfully engaged, though the deemed "
                "proof still needs him shown duly engaged in or belonging to the ship.",
            )
        established = None if defence else _established(result, deemed, t.deemed_1, t.offence)
        reimbursed = _msa_left_behind(facts, result, established is not None) if msa else Decimal(0)
        _in_desertion(facts, result, established, reimbursed)
        if msa:
            _msa_imprisonment(result, t.item_desertion, committed=established == PROVED, deemed=established == DEEMED)
    else:
        committed = made_out and not defence
        if msa:
            _msa_left_behind(facts, result, committed)
        _in_absence(facts, result, committed=committed)
        if msa:
            _msa_imprisonment(result, t.item_absence, committed=committed)


def _msa_imprisonment(result: Result, item: Ref, committed: bool, deemed: bool = False) -> None:
    """The imprisonment the 1958 Act's s. 436(2) Table adds (``max_imprisonment_months``): item 57(a) "and also to
    imprisonment which may extend to three months"; item 57(b) "and also to imprisonment which may extend to two
    months"; item 59(i), "Forfeiture out of his wages of a sum not exceeding one months pay", none (in-msa-1958,
    sec_436__subsec_2__table_1, items 57 and 59). A maximum term, and only for an offence made out: desertion "deemed
    to be proved" under s. 199(2) is so "so far as relates to any forfeiture of wages" only, so the deemed proof
    alone supports no imprisonment."""
    months = MSA_IMPRISONMENT[item]
    if not months:
        result.value("max_imprisonment_months", 0)
        result.step(item, "The item fixes a forfeiture only: no imprisonment.")
        return
    if deemed:
        result.value("max_imprisonment_months", 0)
        result.step(
            MSA_S199_2,
            "Desertion is deemed proved only so far as relates to the forfeiture of wages: imprisonment needs the "
            "desertion proved, so none on the deemed proof alone.",
        )
        return
    result.value("max_imprisonment_months", months if committed else 0)
    if committed:
        result.step(item, f"And imprisonment which may extend to {counted(months, 'month')}.")


def _msa_left_behind(facts: Facts, result: Result, committed: bool) -> Decimal:
    """s. 122(2): within forty-eight hours of the ship's arrival at the port in India where the voyage ends, the master
    delivers to the shipping master "(b) a statement, with full particulars, of any expenses that may have been caused
    to the master or owner of the ship by the absence of the seaman or apprentice, where the absence is due to a
    contravention by the seaman or apprentice of section 191"; s. 122(4): "The master shall be entitled to be
    reimbursed out of the wages or property referred to in clause (a) of sub-section (2) such expenses shown in the
    statement referred to in clause (b) of that sub-section as appear to the shipping master to be properly
    chargeable" (in-msa-1958, sec_122__subsec_2__para_b, __subsec_4). For a seaman or apprentice "left behind"
    (s. 122(1)), at any place: unlike the Ordinance's s. 148, the 1958 Act sets no "outside India". The fund is the
    wages due when he was left behind and the property he left on board; what the shipping master finds properly
    chargeable is for him, so the sum is a maximum. Returns it (0 when s. 122 does not apply)."""
    if not facts.left_behind:
        result.value("reimbursement_to_master", None)
        if facts.offence == ABSENCE:
            why = "s. 122 reimburses the master out of them only for a seaman or apprentice left behind"
            for fact in ("expenses_caused", "property_on_board_value"):
                result.unused(fact, MSA_S122_4, why)
        return Decimal(0)
    if not committed:
        result.amount("reimbursement_to_master", Decimal(0), MAXIMUM, MSA_S122_2_B)
        result.step(MSA_S122_2_B, "Left behind, but no contravention of s. 191 is made out: no reimbursement.")
        return Decimal(0)
    fund = facts.wages_earned + facts.property_on_board_value
    reimbursed = min(facts.expenses_caused, fund)
    result.step(
        MSA_S122_2_B,
        f"Left behind, his absence due to a contravention of s. 191: the master states the expenses it caused him or "
        f"the owner ({money_text(result, facts.expenses_caused)}).",
    )
    result.step(
        MSA_S122_4,
        f"The master may be reimbursed, out of the wages due and the property left on board "
        f"({money_text(result, fund)}), such of them as the shipping master finds properly chargeable: at most "
        f"{money_text(result, reimbursed)}.",
    )
    return result.amount("reimbursement_to_master", reimbursed, MAXIMUM, MSA_S122_4)


def _not_desertion(result: Result, ref: Ref) -> bool:
    result.step(ref, "The deemed proof concerns desertion only; it does not apply to this offence.")
    return False


def _in_deemed_proof(result: Result) -> bool:
    """s. 100(1): "it shall be sufficient for the person insisting on the forfeiture to show that the seafarer was
    duly engaged in or belonged to the ship, and either that he left the ship before the completion of the voyage or
    engagement or, if the voyage was to terminate in India and the ship has not returned, that he is absent from her
    and that an entry of his desertion has been duly made in the official logbook" (in-msb-2016,
    part_V__sec_100__subsec_1).

    s. 100(2): "The desertion shall thereupon ... be deemed to be proved, unless the seafarer can produce a proper
    certificate of discharge or can otherwise show to the satisfaction of the court that he had sufficient reasons
    for leaving his ship" (part_V__sec_100__subsec_2)."""
    t = _text(result)
    return _deemed_proof(result, "India", t.deemed_1, t.deemed_2)


def _in_unseaworthy(result: Result) -> bool:
    """s. 94(2): "the fact that the ship on which the seafarer is engaged or to which he belongs is unseaworthy shall
    be deemed to be a reasonable cause: Provided that the seafarer has, before failing or refusing to join his ship
    ... or before absenting himself or being absent from the ship, ... complained to the master or a shipping master
    ... that the ship is unseaworthy" (in-msb-2016, part_V__sec_94__subsec_2 and its proviso_nn_1).
    The seafarer raises the defence and bears its burden: a fact not shown leaves the offence standing."""
    t = _text(result)
    clause = t.offence_a if result.facts.offence == DESERTION else t.offence_b
    return _unseaworthy_defence(result, clause, t.defence, t.defence_proviso)


def _in_desertion(facts: Facts, result: Result, established: str | None, reimbursed: Decimal = Decimal(0)) -> None:
    """Table item 38(a), s. 94(1)(a): "He shall be liable to forfeit all or any part of the property [he] leaves on
    board and of the wages [he] has then earned and also if the desertion takes place at any place not in India, to
    forfeit all or any part of the wages which [he may] earn in any other vessel ... until [his] next return to
    India, and to satisfy any excess of wages paid by the master or owner of the vessel from which [he] deserts to
    any substitute engaged in his place at a higher rate of wages than the rate stipulated to be paid to him"
    (in-msb-2016, part_XIV__sec_256__wrapup__table_1__item_38__row_2). "All or any part of": a maximum.

    The 1958 Act's item 57(a), s. 191(1)(a): "He shall be liable to forfeit all or any part of the property he leaves
    on board and of the wages he has then earned and also if the desertion takes place at any place not in India, to
    forfeit all or any part of the wages which he may earn in any other ship in which he may be employed until his
    next return to India, and to satisfy any excess of wages paid by the master or owner of the ship from which he
    deserts to any substitute engaged in his place at a higher rate of wages than the rate stipulated to be paid to
    him" (in-msa-1958, sec_436__subsec_2__table_1__item_57__row_2). What s. 122(4) has reimbursed the master
    (``reimbursed``) came out of the same wages and property, so no more than the rest of them can be forfeited, and
    s. 200(1) does not reimburse those expenses again."""
    t = _text(result)
    if not established:
        _nil_forfeiture(result, t.item_desertion)
        result.amount("substitute_excess", Decimal(0), ENTITLEMENT, t.item_desertion)
        _apply(result, Decimal(0), t.apply_1, "the Central Government")
        return
    ceiling = facts.wages_earned + _in_property(facts, result, established)
    result.step(
        t.item_desertion,
        f"All or any part of the wages then earned ({money_text(result, facts.wages_earned)}) and of the property left "
        f"on board ({money_text(result, ceiling - facts.wages_earned)}) may be forfeited.",
    )
    left = facts.wages_earned + facts.property_on_board_value - reimbursed
    if reimbursed:
        result.step(
            MSA_S122_4,
            f"s. 122(4)'s {money_text(result, reimbursed)} comes out of the same wages and property: at most "
            f"{money_text(result, min(ceiling, left))} of them is left to be forfeited.",
        )
        ceiling = min(ceiling, left)
    if facts.deserted_outside_india:
        ceiling += facts.wages_other_vessel
        result.step(
            t.item_desertion,
            f"Deserted at a place not in India: also the wages earned in any other {_craft(t)} until his next return "
            f"to India ({money_text(result, facts.wages_other_vessel)}).",
        )
        if facts.wages_other_vessel:
            result.step(t.apply_2, "Those wages, earned after the desertion, the master or owner may recover.")
    elif facts.wages_other_vessel:
        result.step(t.item_desertion, "Deserted in India: the wages in any other vessel are not forfeitable.")
    _check_amount_forfeited(result, ceiling)
    result.amount("max_forfeiture", ceiling, MAXIMUM, t.item_desertion)
    _in_substitute_excess(facts, result)
    if reimbursed:
        result.step(t.apply_1, "The expenses s. 122(4) reimburses are not reimbursed again out of the forfeiture.")
    _apply(result, ceiling, t.apply_1, "the Central Government", facts.expenses_caused - reimbursed)


def _in_property(facts: Facts, result: Result, established: str) -> Decimal:
    """s. 100(2): desertion is "deemed to be proved" only "so far as relates to any forfeiture of wages under this
    Part" (in-msb-2016, part_V__sec_100__subsec_2; the 1958 Act's s. 199(2) in the same words, in-msa-1958,
    sec_199__subsec_2). Established by the deemed proof alone, desertion supports the
    forfeiture of wages but, by default (option ``deemed_proof_reach``), not of the property left on board."""
    t = _text(result)
    if established == PROVED or not facts.property_on_board_value:
        return facts.property_on_board_value
    if result.option("deemed_proof_reach") == "wages-and-property":
        result.step(t.deemed_2, "Read as reaching the property on board too, the deemed proof supports its forfeiture.")
        return facts.property_on_board_value
    result.step(
        t.deemed_2,
        "The deemed proof reaches only the forfeiture of wages: the property on board is forfeitable only if desertion "
        "is proved otherwise.",
    )
    return Decimal(0)


def _in_substitute_excess(facts: Facts, result: Result) -> None:
    """Item 38(a), the separate liability "to satisfy any excess of wages paid ... to any substitute engaged in his
    place at a higher rate" (in-msb-2016, part_XIV__sec_256__wrapup__table_1__item_38__row_2); by default whatever
    the place of desertion (option ``substitute_excess_scope``). It is not a forfeiture, so s. 101 does not apply."""
    t = _text(result)
    excess = facts.substitute_excess_wages
    scope = result.option("substitute_excess_scope")
    if not facts.deserted_outside_india and scope == "outside-india-only":
        if excess:
            result.step(t.item_desertion, "Read as limited to desertion outside India: no liability for the excess.")
        excess = Decimal(0)
    elif excess:
        result.step(
            t.item_desertion,
            f"Separately, he must satisfy the excess paid to a substitute at a higher rate "
            f"({money_text(result, excess)}).",
        )
    result.amount("substitute_excess", excess, ENTITLEMENT, t.item_desertion)


def _in_absence(facts: Facts, result: Result, committed: bool) -> None:
    """Table item 38(b), s. 94(1)(b): "He shall, if the contravention does not amount to desertion, be liable to
    forfeit out of his wages a sum not exceeding two days pay and in addition for every twenty-four hours of absence
    either a sum not exceeding six days' pay or any expenses properly incurred in hiring a substitute" (in-msb-2016,
    part_XIV__sec_256__wrapup__table_1__item_38__row_3). The alternative is taken for the absence as a whole, the
    larger of the two being the ceiling; ``substitute_expenses`` is the total for the absence."""
    t = _text(result)
    result.amount("substitute_excess", Decimal(0), ENTITLEMENT, t.item_absence)
    if not committed:
        _nil_forfeiture(result, t.item_absence)
        _no_application(result, t.apply_1, f"{t.apply_section} applies to forfeitures for desertion only.")
        return
    day = _day_pay(result, t.item_absence)
    periods = _periods(result)
    alternative, how = _alternative(result, day * 6, periods, t.item_absence)
    result.step(
        t.item_absence,
        f"Not exceeding two days' pay ({money_text(result, day * 2)}) and, for every twenty-four hours of absence "
        f"({_periods_counted(result, periods)}), either six days' pay or the expenses of a substitute {how}.",
    )
    ceiling = _cap_at_wages(result, day * 2 + alternative, t.item_absence)
    _check_amount_forfeited(result, ceiling)
    result.amount("max_forfeiture", ceiling, MAXIMUM, t.item_absence)
    _no_application(result, t.apply_1, f"{t.apply_section} applies to forfeitures for desertion only, not for absence.")


def _in_quitting(facts: Facts, result: Result) -> None:
    """s. 95(a): "if he quits the ship without leave after her arrival at her port of delivery and before she is
    placed in security" (in-msb-2016, part_V__sec_95__para_a); Table item 39(i): "Forfeiture out of his wages of a sum
    not exceeding one month's pay" (part_XIV__sec_256__wrapup__table_1__item_39__row_2).

    The 1958 Act's s. 194(a), in the same words (in-msa-1958, sec_194__para_a), and its Table item 59: "(i) clause (a)
    of section 194; ... Forfeiture out of his wages of a sum not exceeding one months pay" (sec_436__subsec_2__table_1,
    the offence in the row of 59(i), __item_59__row_2, the penalty printed with those of (ii) and (iii) in the row of
    59(iii), __item_59__row_4)."""
    t = _text(result)
    result.step(t.quitting, "Quitting the ship without leave at her port of delivery: an offence against discipline.")
    result.value("deemed_proved", _not_desertion(result, t.deemed_1))
    result.value("unseaworthiness_defence", False)
    if not _quitting_made_out(result, t.quitting_binds):
        _nil_forfeiture(result, t.item_quitting)
        result.amount("substitute_excess", Decimal(0), ENTITLEMENT, t.item_quitting)
        _no_application(result, t.apply_1, f"{t.apply_section} applies to forfeitures for desertion only.")
        return
    ceiling = _cap_at_wages(result, _month_pay(result, t.item_quitting), t.item_quitting)
    result.step(t.item_quitting, f"Forfeiture of not more than one month's pay: {money_text(result, ceiling)}.")
    if t is ACT_1958:
        result.step(
            MSA_ITEM_59_PENALTIES,
            "The penalty of 59(i) is printed in this row, the first of those of (i) to (iii), as India Code prints the "
            "Table: forfeiture out of his wages of a sum not exceeding one month's pay.",
        )
    _check_amount_forfeited(result, ceiling)
    result.amount("max_forfeiture", ceiling, MAXIMUM, t.item_quitting)
    result.amount("substitute_excess", Decimal(0), ENTITLEMENT, t.item_quitting)
    _no_application(result, t.apply_1, f"{t.apply_section} applies to forfeitures for desertion only.")


# --- Pakistan: Merchant Shipping Ordinance, 2001 ------------------------------------------------------------------


def _pk_compute(facts: Facts, result: Result) -> None:
    """s. 204(1): "No officer, apprentice or seaman lawfully engaged shall— (a) desert his ship; or (b) neglect or
    refuse, without reasonable cause, to join the ship or to proceed to sea in his ship or be absent without leave at
    any time within twenty-four hours of the ship's sailing ... or be absent at any time without leave and without
    sufficient reason from his ship or from his duty" (pk-mso-2001, part_IV__chp_15__sec_204__subsec_1__para_a /
    __para_b). s. 204 fixes no forfeiture; the other facts of the Bill's Table item 38 have no counterpart."""
    if facts.offence == QUITTING:
        _report_unused(result, "pk", PK_S208_I)
        _pk_quitting(facts, result)
        return
    clause = PK_S204_1_A if facts.offence == DESERTION else PK_S204_1_B
    result.step(clause, f"The offence charged: {facts.offence.replace('-', ' ')}.")
    _report_unused(result, "pk", clause)
    deemed = _pk_deemed_proof(result) if facts.offence == DESERTION else _not_desertion(result, PK_S211_1)
    result.value("deemed_proved", deemed)
    made_out = facts.offence == DESERTION or _absence_made_out(result, PK_S204_1, PK_S204_1_B)
    defence = _pk_unseaworthy(result)
    result.value("unseaworthiness_defence", defence)
    result.value("substitute_excess", None)
    if facts.offence == DESERTION:
        established = None if defence else _established(result, deemed, PK_S211_1, PK_S204_1)
        reimbursed = _pk_left_behind(facts, result, committed=established is not None)
        _pk_desertion(facts, result, established, reimbursed)
    else:
        _pk_left_behind(facts, result, committed=made_out and not defence)
        _pk_absence(facts, result, committed=made_out and not defence)


def _pk_left_behind(facts: Facts, result: Result, committed: bool) -> Decimal:
    """s. 148(2): within forty-eight hours of arrival the master delivers to the Shipping Master "(b) a statement, with
    full particulars, of any expenses that may have been caused to the master or owner of the ship by the absence of
    the seaman or apprentice, where the absence is an offence punishable under section 204"; s. 148(4): "The master
    shall be entitled to be reimbursed out of the wage, or property referred to in clause (a) of sub-section (2) such
    expenses shown in the statement ... as appear to the Shipping Master to be properly chargeable" (pk-mso-2001,
    part_IV__chp_10__sec_148__subsec_2__para_b, __subsec_4). Only for a seaman "left behind at any port or place
    outside Pakistan" (s. 148(1)); the wages due when he was left behind and the property he left on board are the
    fund. What the Shipping Master finds properly chargeable is for him: the sum is a maximum. Returns it (0 when
    s. 148 does not apply)."""
    if not facts.left_behind_outside_pakistan:
        result.value("reimbursement_to_master", None)
        if facts.offence == ABSENCE:
            why = "s. 148 reimburses the master out of them only for a seaman left behind outside Pakistan"
            for fact in ("expenses_caused", "property_on_board_value"):
                result.unused(fact, PK_S148_4, why)
            if result.facts.pk_absence_reading == "no-amount-fixed":
                result.unused("wages_earned", PK_S148_4, why)
        return Decimal(0)
    if not committed:
        result.amount("reimbursement_to_master", Decimal(0), MAXIMUM, PK_S148_2_B)
        result.step(PK_S148_2_B, "Left behind, but no offence punishable under s. 204 is made out: no reimbursement.")
        return Decimal(0)
    fund = facts.wages_earned + facts.property_on_board_value
    reimbursed = min(facts.expenses_caused, fund)
    result.step(
        PK_S148_2_B,
        f"Left behind outside Pakistan, his absence an offence under s. 204: the master states the expenses it caused "
        f"him or the owner ({money_text(result, facts.expenses_caused)}).",
    )
    result.step(
        PK_S148_4,
        f"The master may be reimbursed, out of the wages due and the property left on board "
        f"({money_text(result, fund)}), such of them as the Shipping Master finds properly chargeable: at most "
        f"{money_text(result, reimbursed)}.",
    )
    return result.amount("reimbursement_to_master", reimbursed, MAXIMUM, PK_S148_4)


def _pk_deemed_proof(result: Result) -> bool:
    """s. 211(1): "it shall be sufficient for the person insisting on the forfeiture to show that the officer, seaman
    or apprentice was duly engaged in or belonged to the ship, and either that he left the ship before the completion
    of the voyage or engagement or, if the voyage was to terminate in Pakistan and the ship has not returned, that he
    is absent from her and that an entry of his desertion has been duly made in the official log-book" (pk-mso-2001,
    part_IV__chp_15__sec_211__subsec_1).

    s. 211(2): "the desertion shall thereupon, so far as relates to any forfeiture of wages under this Chapter, be
    deemed proved, unless the officer, seaman or apprentice can produce a proper certificate of discharge or can
    otherwise show to the satisfaction of the Court that he had sufficient reasons for leaving his ship"
    (part_IV__chp_15__sec_211__subsec_2)."""
    return _deemed_proof(result, "Pakistan", PK_S211_1, PK_S211_2)


def _pk_unseaworthy(result: Result) -> bool:
    """s. 204(2): "the fact that the ship on which an officer or the seaman or apprentice is engaged or to which he
    belongs is unseaworthy shall be deemed to be a reasonable cause Provided that the officer or seaman or apprentice
    has, before failing or refusing to join his ship ... or before absenting himself or being absent from the ship,
    ... complained to the master or a Shipping Master, ... that the ship is unseaworthy" (pk-mso-2001,
    part_IV__chp_15__sec_204__subsec_2 and its proviso_nn_1)."""
    clause = PK_S204_1_A if result.facts.offence == DESERTION else PK_S204_1_B
    return _unseaworthy_defence(result, clause, PK_S204_2, PK_S204_2_PROVISO)


def _pk_no_amount(result: Result, clause: Ref, what: str) -> None:
    """s. 208: "If an officer, seaman or an apprentice commits any of the following offences (in this Ordinance
    referred to as offences against discipline) he shall ... be ... punished as follows" (pk-mso-2001,
    part_IV__chp_15__sec_208): seven offences follow, and neither desertion nor absence without leave is among them.
    So the text fixes no sum to forfeit for them, and none is invented here."""
    result.value("max_forfeiture", None)
    result.value("forfeiture_fixed", False)
    result.value(
        "forfeiture_note",
        f"The Ordinance fixes no forfeiture for {what}: s. 204 forbids it without a penalty, and s. 208 does not list "
        "it among the offences it punishes.",
    )
    result.step(clause, f"s. 204 forbids {what} but fixes no sum to be forfeited for it.")
    result.step(PK_S208, f"s. 208's offences against discipline do not include {what}: no amount is fixed.")


def _pk_desertion(facts: Facts, result: Result, established: str | None, reimbursed: Decimal) -> None:
    """s. 212(1): "Where any wages or effects are under this Ordinance forfeited for desertion from a ship, they shall
    be applied towards reimbursing the expenses caused by the desertion to the master or the owner of the ship and
    subject to that reimbursement shall be paid into the public treasury and credited to the account of the Federal
    Government" (pk-mso-2001, part_IV__chp_15__sec_212__subsec_1). The Ordinance fixes no forfeiture for desertion:
    the application is worked only for an ``amount_forfeited`` the caller gives, and reimburses only the expenses
    that s. 148(4) has not (``reimbursed``). Only "wages or effects" can be forfeited: the wages he had earned and
    the property he left on board; the Ordinance forfeits no wages earned in another vessel (that limb is the Indian
    Bill's Table item 38(a)), though s. 212(2) lets the master recover wages earned after the desertion."""
    _pk_no_amount(result, PK_S204_1_A, "desertion")
    if not established:
        _check_amount_forfeited(result, Decimal(0))
        _no_application(result, PK_S212_1, "Desertion not established: nothing forfeited for it to apply.")
        return
    if facts.amount_forfeited is None:
        _no_application(result, PK_S212_1, "No sum forfeited is given, and the text fixes none: nothing to apply.")
        return
    fund = facts.wages_earned + _pk_effects_forfeitable(facts, result, established)
    if reimbursed:
        fund = min(fund, facts.wages_earned + facts.property_on_board_value - reimbursed)
        result.step(
            PK_S212_1,
            f"s. 148(4)'s {money_text(result, reimbursed)} comes out of the same wages and property: at most "
            f"{money_text(result, fund)} is left to be forfeited.",
        )
    _check_amount_forfeited(result, fund)
    if facts.wages_other_vessel:
        result.step(
            PK_S212_2,
            "Wages earned after the desertion are not forfeited under the Ordinance, but the master or owner may "
            "recover them for the reimbursement.",
        )
    if reimbursed:
        result.step(PK_S212_1, "The expenses s. 148(4) reimburses are not reimbursed again out of the forfeiture.")
    expenses = facts.expenses_caused - reimbursed
    _apply(result, facts.amount_forfeited, PK_S212_1, "the Federal Government (the public treasury)", expenses)


def _pk_effects_forfeitable(facts: Facts, result: Result, established: str) -> Decimal:
    """s. 211(2): "the desertion shall thereupon, so far as relates to any forfeiture of wages under this Chapter, be
    deemed proved" (pk-mso-2001, part_IV__chp_15__sec_211__subsec_2). Established by the deemed proof alone,
    desertion supports a forfeiture of his wages but, by default (option ``deemed_proof_reach``, as under the Bill's
    s. 100(2)), not of the effects he left on board: a sum forfeited beyond the wages is then refused, naming
    ``amount_forfeited``. Proved by other evidence, the wages and effects alike may be forfeited."""
    if established == PROVED or not facts.property_on_board_value:
        return facts.property_on_board_value
    if result.option("deemed_proof_reach") == "wages-and-property":
        result.step(PK_S211_2, "Read as reaching the effects on board too, the deemed proof supports their forfeiture.")
        return facts.property_on_board_value
    result.step(
        PK_S211_2,
        f"Desertion is deemed proved only so far as relates to any forfeiture of wages: the effects left on board "
        f"({money_text(result, facts.property_on_board_value)}) are forfeitable only if desertion is proved otherwise, "
        f"so at most the wages, {money_text(result, facts.wages_earned)}, may be forfeited.",
    )
    return Decimal(0)


def _pk_absence(facts: Facts, result: Result, committed: bool) -> None:
    """s. 208(iii): "if he is guilty of continued wilful disobedience to lawful commands or continued wilful neglect
    of duty, he shall be liable for every twenty-four hours' continuance of such disobedience or neglect, to pay a sum
    not exceeding one month's pay or any expenses which may have been properly incurred in hiring a substitute"
    (pk-mso-2001, part_IV__chp_15__sec_208__para_iii) — applied to absence only under the option
    ``pk_absence_reading`` = continued-neglect-of-duty; by default no amount is fixed."""
    _no_application(result, PK_S212_1, "s. 212 applies to forfeitures for desertion only.")
    if result.option("pk_absence_reading") == "no-amount-fixed":
        if facts.amount_forfeited is not None:
            raise FactError([("amount_forfeited", "the Ordinance fixes no forfeiture for absence without leave")])
        _pk_no_amount(result, PK_S204_1_B, "absence without leave")
        return
    result.value("forfeiture_fixed", True)
    if not committed:
        _nil_forfeiture(result, PK_S208_III)
        return
    periods = _periods(result)
    month = _month_pay(result, PK_S208_III)
    alternative, how = _alternative(result, month, periods, PK_S208_III)
    result.step(
        PK_S208_III,
        f"Read as continued neglect of duty: for every twenty-four hours' continuance "
        f"({_periods_counted(result, periods)}), one month's pay or the substitute's expenses {how}.",
    )
    ceiling = _cap_at_wages(result, alternative, PK_S208_III)
    _check_amount_forfeited(result, ceiling)
    result.amount("max_forfeiture", ceiling, MAXIMUM, PK_S208_III)


def _pk_quitting(facts: Facts, result: Result) -> None:
    """s. 208(i): "if he quits the ship without leave after her arrival at her port of delivery and before she is
    placed in security he shall be liable to forfeit out of his wages a sum not exceeding one month's pay"
    (pk-mso-2001, part_IV__chp_15__sec_208__para_i)."""
    result.value("deemed_proved", _not_desertion(result, PK_S211_1))
    result.value("unseaworthiness_defence", False)
    result.value("substitute_excess", None)
    result.value("forfeiture_fixed", True)
    result.value("reimbursement_to_master", None)
    _quitting_made_out(result, None)
    ceiling = _cap_at_wages(result, _month_pay(result, PK_S208_I), PK_S208_I)
    result.step(
        PK_S208_I,
        f"Quitting the ship at her port of delivery: not more than one month's pay, {money_text(result, ceiling)}.",
    )
    _check_amount_forfeited(result, ceiling)
    result.amount("max_forfeiture", ceiling, MAXIMUM, PK_S208_I)
    _no_application(result, PK_S212_1, "s. 212 applies to forfeitures for desertion only.")


RULES = (
    Rule(
        id="in-msb-2016/desertion",
        title="Forfeiture for desertion and absence without leave (India, Merchant Shipping Bill 2016, s. 94, s. 100, "
        "s. 101, Table items 38 and 39(i))",
        currency="INR",
        facts=_schema("in"),
        provisions=BILL.refs,
        compute=_in_compute,
        check=_check,
    ),
    Rule(
        id="pk-mso-2001/desertion",
        title="Desertion and absence without leave (Pakistan, Merchant Shipping Ordinance 2001, s. 204, s. 208, "
        "s. 211, s. 212)",
        currency="PKR",
        facts=_schema("pk"),
        provisions=(
            PK_S148_2_B,
            PK_S148_4,
            PK_S204_1,
            PK_S204_1_A,
            PK_S204_1_B,
            PK_S204_2,
            PK_S204_2_PROVISO,
            PK_S208,
            PK_S208_I,
            PK_S208_III,
            PK_S211_1,
            PK_S211_2,
            PK_S212_1,
            PK_S212_2,
        ),
        compute=_pk_compute,
        check=_check,
    ),
    Rule(
        id="in-msa-1958/desertion",
        title="Desertion and absence without leave (India, Merchant Shipping Act 1958, ss. 191, 194(a), 199, 200, "
        "122, s. 436(2) Table items 57 and 59(i))",
        currency="INR",
        facts=_schema("msa"),
        provisions=(MSA_S122_2_B, MSA_S122_4, *ACT_1958.refs, MSA_ITEM_59_PENALTIES),
        compute=_in_compute,
        check=_check,
    ),
)

"""Refund of a pilgrim's deposit and passage-money.

- ``pk-mso-2001/pilgrim-refund``: Pakistan Merchant Shipping Ordinance, 2001, s. 315, s. 317 and s. 318. s. 315
  requires every pilgrim to hold a return ticket or to have made a deposit for one; s. 317 says who gets what back in
  five situations; s. 318 sends unclaimed money to the Federal Government.
- ``in-msa-1958/pilgrim-refund``: the Merchant Shipping Act, 1958 (India), s. 273, s. 275 and s. 276, the text the
  Ordinance's sections descend from (the Bill of 2016 has no pilgrim-ship provisions). It differs in the words that
  decide cases: s. 275(1) also refunds a pilgrim "otherwise prevented from proceeding"; s. 275(2) refunds one who
  intends to return by another route, not one who intends to remain, and gives him a year, not two months; s. 275(3)
  refunds half the passage-money on a death, not the whole; s. 275(4) counts a year, not six months; and s. 276 makes
  unclaimed money over to the authority of a fund for the assistance of pilgrims, where s. 318 vests it in the
  Government.

Each function sits under the words of the sub-section it implements.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal

from widgets.rules.facts import Facts, Schema, choice, date, flag, money, option
from widgets.rules.periods import add_months
from widgets.rules.provisions import Ref
from widgets.rules.registry import Rule
from widgets.rules.result import ENTITLEMENT, MAXIMUM, MINIMUM, Result
from widgets.rules.wording import date_text, money_text

PK = "pk-mso-2001"
_CH20 = "part_V__chp_20"
S315 = Ref(PK, f"{_CH20}__sec_315", "s. 315")
S317_1 = Ref(PK, f"{_CH20}__sec_317__subsec_1", "s. 317(1)")
S317_2 = Ref(PK, f"{_CH20}__sec_317__subsec_2", "s. 317(2)")
S317_3 = Ref(PK, f"{_CH20}__sec_317__subsec_3", "s. 317(3)")
S317_4 = Ref(PK, f"{_CH20}__sec_317__subsec_4", "s. 317(4)")
S317_5 = Ref(PK, f"{_CH20}__sec_317__subsec_5", "s. 317(5)")
S318_1 = Ref(PK, f"{_CH20}__sec_318__subsec_1", "s. 318(1)")
S318_2 = Ref(PK, f"{_CH20}__sec_318__subsec_2", "s. 318(2)")

EVENTS = (
    "prevented-from-embarking",
    "removed-from-ship",
    "remaining-or-other-route",
    "died",
    "not-returned-within-six-months",
    "returned-by-other-route",
)

ALREADY_REFUNDED_SCOPE = option(
    "already_refunded_scope",
    ("every-limb", "sub-section-4-only"),
    "every-limb",
    "Where a refund already made under s. 317 stops another. every-limb (default): under any sub-section, since "
    "nothing is refunded twice; sub-section-4-only: only where the text says so, s. 317(4)'s 'except where such "
    "deposit or passage-money has already been refunded under this section'.",
)
RETURN_HALF = option(
    "return_half_value",
    ("half-passage-money", "not-fixed"),
    "half-passage-money",
    "What s. 318(2)'s 'the value of the return half of such ticket' is. half-passage-money (default): half the "
    "passage-money paid, the measure s. 317(2) and (4) use when they refund the return half; not-fixed: the text does "
    "not say, and a return ticket's halves need not be priced alike, so no figure is given for what vests.",
)

SCHEMA = Schema(
    money("passage_money", "The passage-money the pilgrim paid."),
    money("deposit", "The deposit he made under s. 315 to defray the cost of a return ticket.", default=0),
    flag("return_ticket", "He is in possession of a return ticket."),
    choice("event", EVENTS, "What happened: the situation of s. 317(1), (2), (3) or (4)."),
    date("sailed_on", "The date he sailed from Pakistan (for the two- and six-month windows).", default=None),
    date("satisfied_consul_on", "The date he satisfied the consular officer at Jeddah (s. 317(2)).", default=None),
    date("returned_on", "The date he returned to Pakistan, if he did (s. 317(4)).", default=None),
    choice(
        "died_where",
        ("saudi-arabia", "voyage-thither", "elsewhere"),
        "Where a pilgrim who died died: in the Kingdom of Saudi Arabia, on the voyage thereto, or elsewhere.",
        default="saudi-arabia",
    ),
    flag("nominee_named", "He nominated a person in writing in the prescribed manner to receive a refund.", False),
    flag("already_refunded", "The deposit or passage-money has already been refunded under s. 317.", default=False),
    money(
        "prescribed_deduction",
        "The deduction prescribed for a refund of passage-money (s. 317(5)); not given: unknown, so the refund is a "
        "maximum.",
        default=None,
    ),
    ALREADY_REFUNDED_SCOPE,
    RETURN_HALF,
)


def _check(facts: Facts) -> list[tuple[str, str]]:
    return _dates_needed(ORDINANCE, facts)


LIMB_FACTS = ("sailed_on", "satisfied_consul_on", "returned_on", "died_where", "nominee_named")
LIMB_USES = {
    "prevented-from-embarking": (),
    "removed-from-ship": (),
    "remaining-or-other-route": ("sailed_on", "satisfied_consul_on"),
    "died": ("died_where", "nominee_named"),
    "not-returned-within-six-months": ("sailed_on", "returned_on", "nominee_named"),
    "returned-by-other-route": ("sailed_on", "returned_on", "nominee_named"),
}
"""The facts of one limb or another of s. 317 and the events whose limb uses each; given for another, a step says so."""


Limb = Callable[[Facts, Result], tuple[Decimal, Decimal, Ref, str]]
"""A limb of the refund section: what it refunds of the deposit and of the passage-money, its provision, the payee."""


@dataclass(frozen=True)
class _Text:
    """One text's refund provisions where the Ordinance's s. 315, s. 317 and s. 318 and the 1958 Act's s. 273, s. 275
    and s. 276 say the same thing: its own provisions (each step cites the text's own), and the words in which they
    differ (the section's number, "passage-money" or "passage money", the country, the window to return)."""

    secured: Ref  # s. 315 / s. 273: a return ticket or a deposit before boarding
    consul: Ref  # s. 317(2) / s. 275(2): the consular officer at Jeddah satisfied
    consul_event: str  # the event of that limb
    not_returned: Ref  # s. 317(4) / s. 275(4)
    deductions: Ref  # s. 317(5) / s. 275(5)
    section: str  # "s. 317" / "s. 275"
    money: str  # "passage-money" / "passage money"
    country: str  # "Pakistan" / "India"
    window_months: int  # (4)'s window to return: 6 / 12
    window: str  # "six months" / "one year"
    window_runs: str  # "six months run" / "year runs"
    limbs: dict[str, Limb]  # the limb each event falls under
    uses: dict[str, tuple[str, ...]]  # the facts each event's limb uses
    unclaimed: Callable[[Facts, Result, Decimal, Decimal, str], None]  # s. 318 / s. 276


def _dates_needed(text: _Text, facts: Facts) -> list[tuple[str, str]]:
    """The dates each limb of ``text`` needs, in order: the consul limb's two, the sailing date the window to return
    runs from, and none before the sailing."""
    problems = []
    if facts.event == text.consul_event:
        for name in ("sailed_on", "satisfied_consul_on"):
            if getattr(facts, name) is None:
                problems.append((name, f"is required for event {text.consul_event} ({text.consul.citation})"))
    if facts.returned_on is not None and facts.sailed_on is None:
        problems.append(
            (
                "sailed_on",
                f"is required with returned_on ({text.not_returned.citation}'s {text.window_runs} from sailing)",
            )
        )
    for name in ("satisfied_consul_on", "returned_on"):
        day = getattr(facts, name)
        if day is not None and facts.sailed_on is not None and day < facts.sailed_on:
            problems.append((name, f"is before sailed_on ({facts.sailed_on})"))
    return problems


def _refund(text: _Text, facts: Facts, result: Result) -> None:
    """The refund under ``text``: the return passage secured, the limb of the event, the bar of an earlier refund,
    the prescribed deductions, the refund and what becomes of it unclaimed."""
    _return_passage_secured(text, facts, result)
    deposit, passage, ref, payee = text.limbs[facts.event](facts, result)
    for fact in LIMB_FACTS:
        if fact not in text.uses[facts.event]:
            result.unused(fact, ref, f"a fact of another limb of {text.section}")
    if (deposit or passage) and _already_refunded(text, facts, result, ref):
        deposit = passage = Decimal(0)
    passage, passage_kind = _prescribed_deductions(facts, result, deposit, passage, text.deductions)
    result.amount("deposit_refund", deposit, ENTITLEMENT, ref)
    result.amount("passage_money_refund", passage, passage_kind, text.deductions if passage_kind == MAXIMUM else ref)
    refund = result.amount("refund", deposit + passage, passage_kind if passage else ENTITLEMENT, ref)
    result.value("payee", payee if refund else None)
    text.unclaimed(facts, result, deposit, passage, passage_kind)


def _compute(facts: Facts, result: Result) -> None:
    _refund(ORDINANCE, facts, result)


def _return_passage_secured(text: _Text, facts: Facts, result: Result) -> None:
    """s. 315: "No pilgrim shall be received on board any pilgrim ship ... unless he— (a) is in possession of a return
    ticket; or (b) has deposited in the prescribed manner such sum for the purpose of defraying the cost of a return
    ticket as the Federal Government may ... specify" (pk-mso-2001, part_V__chp_20__sec_315). s. 273: "No pilgrim
    shall be received on board any pilgrim ship at any port or place in India unless he-- (a) is in possession of a
    return ticket, or (b) has deposited with the officer authorised in this behalf by the Central Government such sum
    for the purpose of defraying the cost of a return ticket as that Government may specify ...: Provided that the
    authorised officer may exempt any pilgrim from all or any of the aforesaid requirements" (in-msa-1958, sec_273).
    The same two ways, each cited as its own text's section."""
    secured = text.secured
    if facts.return_ticket:
        result.step(secured, f"He holds a return ticket ({secured.citation}(a)).")
        if facts.deposit:
            result.step(
                secured,
                f"He also made a deposit; {text.section} refunds a deposit or, for a ticket holder, {text.money}.",
            )
    elif facts.deposit:
        result.step(
            secured,
            f"He made a deposit of {money_text(result, facts.deposit)} for a return ticket ({secured.citation}(b)).",
        )
    else:
        result.step(secured, "Neither a return ticket nor a deposit: only a pilgrim exempted by the proviso sails so.")


def _prevented_or_removed(facts: Facts, result: Result) -> tuple[Decimal, Decimal, Ref, str]:
    """s. 317(1): "Every pilgrim prevented from embarking under section 313 or removed from the ship under section 314
    shall be entitled to the refund of any passage-money which he may have paid, and of any deposit which he may have
    made under section 315" (pk-mso-2001, part_V__chp_20__sec_317__subsec_1)."""
    how = "prevented from embarking (s. 313)" if facts.event == "prevented-from-embarking" else "removed (s. 314)"
    result.step(S317_1, f"He was {how}: his passage-money and his deposit are refunded.")
    return facts.deposit, facts.passage_money, S317_1, "the pilgrim"


def _deposit_or_passage(facts: Facts, result: Result, ref: Ref, passage_share: Decimal) -> tuple[Decimal, Decimal]:
    """The common tail of s. 317(2)-(4): "a refund of any deposit made by him under section 315 or, if he is in
    possession of a return ticket, to a refund of" (half) "the passage-money"."""
    if facts.return_ticket:
        passage = facts.passage_money * passage_share
        share = "half the" if passage_share < 1 else "the"
        result.step(
            ref, f"He holds a return ticket: {share} passage-money, {money_text(result, passage)}, is refunded."
        )
        return Decimal(0), passage
    result.step(ref, f"He has no return ticket: his deposit, {money_text(result, facts.deposit)}, is refunded.")
    return facts.deposit, Decimal(0)


def _remaining_or_other_route(facts: Facts, result: Result) -> tuple[Decimal, Decimal, Ref, str]:
    """s. 317(2): "Any pilgrim who, within two months of his sailing from Pakistan, satisfies the Pakistan consular
    officer at Jeddah that he intends to remain in the Kingdom of Saudi Arabia, or to return to Pakistan by a route
    other than the route by which he came from Pakistan, shall be entitled to a refund of any deposit made by him under
    section 315 or, if he is in possession of a return ticket, to a refund of half the passage-money paid by him"
    (pk-mso-2001, part_V__chp_20__sec_317__subsec_2). Two calendar months from the day he sailed, that day included
    in the count as elapsed time."""
    last_day = add_months(facts.sailed_on, 2)
    if facts.satisfied_consul_on > last_day:
        result.step(
            S317_2,
            f"He satisfied the consular officer on {date_text(facts.satisfied_consul_on)}, after the two months from "
            f"sailing (ending {date_text(last_day)}): no refund under (2); s. 317(4) may apply if he later fails to "
            "return within six months or returns by another route.",
        )
        return Decimal(0), Decimal(0), S317_2, "the pilgrim"
    result.step(
        S317_2, f"He satisfied the consular officer on {date_text(facts.satisfied_consul_on)}, within two months."
    )
    deposit, passage = _deposit_or_passage(facts, result, S317_2, Decimal("0.5"))
    return deposit, passage, S317_2, "the pilgrim"


def _died(facts: Facts, result: Result) -> tuple[Decimal, Decimal, Ref, str]:
    """s. 317(3): "Where any pilgrim dies in the Kingdom of Saudi Arabia or on the voyage thereto, any person
    nominated by him in this behalf in writing in the prescribed manner, or, if no person has been so nominated his
    legal representative shall be entitled to a refund of any deposit made by such pilgrim under section 315, or, if
    such pilgrim was in possession of a return ticket, to a refund of the passage-money paid by such pilgrim"
    (pk-mso-2001, part_V__chp_20__sec_317__subsec_3)."""
    payee = "the person he nominated" if facts.nominee_named else "his legal representative"
    if facts.died_where == "elsewhere":
        result.step(S317_3, "He did not die in Saudi Arabia or on the voyage there: (3) gives no refund.")
        return Decimal(0), Decimal(0), S317_3, payee
    result.step(S317_3, f"He died {'in Saudi Arabia' if facts.died_where == 'saudi-arabia' else 'on the voyage'}.")
    deposit, passage = _deposit_or_passage(facts, result, S317_3, Decimal(1))
    return deposit, passage, S317_3, payee


def _not_returned(text: _Text, facts: Facts, result: Result) -> tuple[Decimal, Decimal, Ref, str]:
    """s. 317(4): "Where any pilgrim fails to return to Pakistan from the Kingdom of Saudi Arabia within six months of
    his sailing from Pakistan, or returns to Pakistan by a route other than the route by which he came from Pakistan,
    he or any person nominated by him ... shall be entitled to a refund of any deposit made by such pilgrim under
    section 315, or, if such pilgrim was in possession of a return ticket, to a refund of half the passage-money paid
    by such pilgrim" (pk-mso-2001, part_V__chp_20__sec_317__subsec_4). s. 275(4): "Where any pilgrim fails to return
    to India from the Hedjaz within one year of his sailing from India, or returns to India by a route other than the
    route by which he came from India, he or any person nominated by him in this behalf in writing in the prescribed
    manner shall be entitled to a refund of any deposit made by such pilgrim under section 273, or, if such pilgrim
    was in possession of a return ticket, to a refund of half the passage money paid by such pilgrim, except where
    such deposit or passage money has already been refunded under this section" (in-msa-1958, sec_275__subsec_4).
    The same limb but for the window: six months, one year."""
    ref = text.not_returned
    payee = "the pilgrim or the person he nominated" if facts.nominee_named else "the pilgrim"
    if facts.event != "returned-by-other-route":  # failed to return within the window
        if facts.returned_on is not None and facts.returned_on <= (
            end := add_months(facts.sailed_on, text.window_months)
        ):
            result.step(
                ref,
                f"He returned on {date_text(facts.returned_on)}, within {text.window} of sailing on "
                f"{date_text(facts.sailed_on)} (ending {date_text(end)}): he did not fail to return, so (4) gives no "
                "refund.",
            )
            return Decimal(0), Decimal(0), ref, payee
        result.step(ref, f"He did not return to {text.country} within {text.window} of sailing.")
    else:
        result.step(ref, f"He returned to {text.country} by a route other than the one by which he came.")
    deposit, passage = _deposit_or_passage(facts, result, ref, Decimal("0.5"))
    return deposit, passage, ref, payee


def _already_refunded(text: _Text, facts: Facts, result: Result, ref: Ref) -> bool:
    """s. 317(4): "except where such deposit or passage-money has already been refunded under this section"
    (pk-mso-2001, part_V__chp_20__sec_317__subsec_4); s. 275(4) in the same words but "passage money" (in-msa-1958,
    sec_275__subsec_4). The exception is (4)'s alone: for the other limbs the bar is the reading of the option
    ``already_refunded_scope`` (by default every limb: nothing is refunded twice), and the step says so, citing the
    limb applied rather than (4)."""
    if not facts.already_refunded:
        return False
    if ref is text.not_returned:
        result.step(ref, f"The deposit or {text.money} has already been refunded under {text.section}: (4) excepts it.")
        return True
    if result.option("already_refunded_scope") == "sub-section-4-only":
        result.step(ref, "An earlier refund is recorded, but only (4) excepts it in terms (option chosen).")
        return False
    result.step(
        ref,
        f"An earlier refund under {text.section} is recorded: read so that nothing is refunded twice (option "
        "every-limb; the words of exception are (4)'s only), nothing more is refunded.",
    )
    return True


def _prescribed_deductions(
    facts: Facts, result: Result, deposit: Decimal, passage: Decimal, ref: Ref = S317_5
) -> tuple[Decimal, str]:
    """s. 317(5): "Refunds under sub-sections (1), (2), (3) and (4) of deposits shall be subject to such conditions
    and of passage-money to such deductions and conditions as may be prescribed"
    (pk-mso-2001, part_V__chp_20__sec_317__subsec_5). Deductions reach passage-money only, never a deposit. The
    rules prescribing them are not in the corpus: with no deduction given, a refund of passage-money is a maximum
    (the prescribed deductions may cut it), as for the prescribed limits of s. 161(1)(b); with one given (0
    included), what is left is the entitlement. Returns the passage-money refunded and its kind."""
    deduction = facts.prescribed_deduction
    if deduction is None:
        if passage:
            result.step(
                ref,
                f"Subject to such deductions and conditions as may be prescribed (none given): at most "
                f"{money_text(result, passage)} of passage-money.",
            )
            return passage, MAXIMUM
        if deposit:
            result.step(ref, "The refund of a deposit is subject to the conditions prescribed; no deduction.")
        return passage, ENTITLEMENT
    if not passage:
        result.step(ref, "The prescribed deduction reaches refunds of passage-money only: none is refunded here.")
        return passage, ENTITLEMENT
    left = max(passage - deduction, Decimal(0))
    result.step(
        ref,
        f"The prescribed deduction of {money_text(result, deduction)} comes off the passage-money refunded, leaving "
        f"{money_text(result, left)}.",
    )
    return left, ENTITLEMENT


def _unclaimed(facts: Facts, result: Result, deposit: Decimal, passage: Decimal, passage_kind: str) -> None:
    """s. 318(1): "All deposits made under section 315 which have been unclaimed for the prescribed period shall vest
    in the Federal Government." s. 318(2): "If any pilgrim entitled to a refund of passage-money under sub-section (1)
    of section 317, does not claim such refund within the prescribed period, or if any pilgrim who has purchased a
    return ticket does not on the basis of such ticket obtain a return passage from the Kingdom of Saudi Arabia within
    the prescribed period and the value of the return half of such ticket has not been refunded under sub-sections (2)
    or (3) or (4) of the aforesaid section, such passage-money or value shall vest in the Federal Government"
    (pk-mso-2001, part_V__chp_20__sec_318__subsec_1, __subsec_2). What vests is typed as what it is made of:
    passage-money still subject to the prescribed deductions makes it a maximum; a return half the option leaves
    unvalued makes it a minimum (at least the rest)."""
    kind = ENTITLEMENT
    if deposit:
        result.step(
            S318_1, "If the deposit is unclaimed for the prescribed period, it vests in the Federal Government."
        )
    vesting = deposit
    if facts.event in ("prevented-from-embarking", "removed-from-ship"):
        if passage:
            result.step(S318_2, "Passage-money refundable under s. 317(1) and not claimed in time vests likewise.")
            vesting += passage
            kind = passage_kind
    elif facts.return_ticket and facts.already_refunded:
        result.step(S318_2, "The return half of his ticket was refunded under s. 317: its value does not vest.")
    elif facts.return_ticket and result.option("return_half_value") == "not-fixed":
        result.value("return_half_value", None)
        result.step(
            S318_2,
            "He did not return on his ticket: unless refunded under s. 317(2), (3) or (4), the value of its return "
            "half vests in the Federal Government; the text does not fix that value (option not-fixed), so what vests "
            "is at least the rest.",
        )
        kind = MINIMUM
    elif facts.return_ticket:
        # "the value of the return half": half the passage-money, the measure s. 317(2) and (4) refund for it.
        half = (facts.passage_money / 2).quantize(Decimal("0.01"))
        result.value("return_half_value", f"{money_text(result, half)}, half the passage-money")
        result.step(
            S318_2,
            f"He did not return on his ticket: unless the value of its return half ({money_text(result, half)}, half "
            "the passage-money, as s. 317 measures it; option half-passage-money) is refunded under s. 317(2), (3) or "
            "(4), it vests in the Federal Government.",
        )
        vesting += half
    result.amount("vests_if_unclaimed", vesting, kind, S318_2 if vesting > deposit or kind != ENTITLEMENT else S318_1)


# --- India: Merchant Shipping Act, 1958 ---------------------------------------------------------------------------

MSA = "in-msa-1958"
MSA_S273 = Ref(MSA, "sec_273", "s. 273")
MSA_S275_1 = Ref(MSA, "sec_275__subsec_1", "s. 275(1)")
MSA_S275_2 = Ref(MSA, "sec_275__subsec_2", "s. 275(2)")
MSA_S275_3 = Ref(MSA, "sec_275__subsec_3", "s. 275(3)")
MSA_S275_4 = Ref(MSA, "sec_275__subsec_4", "s. 275(4)")
MSA_S275_5 = Ref(MSA, "sec_275__subsec_5", "s. 275(5)")
MSA_S276_A = Ref(MSA, "sec_276__para_a", "s. 276(a)")
MSA_S276_B = Ref(MSA, "sec_276__para_b", "s. 276(b)")
MSA_S276_C = Ref(MSA, "sec_276__para_c", "s. 276(c)")

MSA_EVENTS = (
    "prevented-from-embarking",
    "removed-from-ship",
    "otherwise-prevented-from-proceeding",
    "intends-other-route",
    "intends-to-remain",
    "died",
    "not-returned-within-one-year",
    "returned-by-other-route",
)
_MSA_PREVENTED = MSA_EVENTS[:3]

MSA_ALREADY_REFUNDED_SCOPE = option(
    "already_refunded_scope",
    ("every-limb", "sub-section-4-only"),
    "every-limb",
    "Where a refund already made under s. 275 stops another. every-limb (default): under any sub-section, since "
    "nothing is refunded twice; sub-section-4-only: only where the text says so, s. 275(4)'s 'except where such "
    "deposit or passage money has already been refunded under this section'.",
)
MSA_RETURN_HALF = option(
    "return_half_value",
    ("half-passage-money", "not-fixed"),
    "half-passage-money",
    "What s. 276(b)'s 'the value of the return half of such ticket' is. half-passage-money (default): half the "
    "passage money paid, the measure s. 275(2), (3) and (4) use when they refund for the return half; not-fixed: the "
    "text does not say, and a return ticket's halves need not be priced alike, so no figure is given for what is "
    "made over.",
)

MSA_SCHEMA = Schema(
    money("passage_money", "The passage money the pilgrim paid."),
    money("deposit", "The deposit he made under s. 273 to defray the cost of a return ticket.", default=0),
    flag("return_ticket", "He is in possession of a return ticket."),
    choice("event", MSA_EVENTS, "What happened: the situation of s. 275(1), (2), (3) or (4)."),
    date("sailed_on", "The date he sailed from India (for the year of s. 275(2) and (4)).", default=None),
    date("satisfied_consul_on", "The date he satisfied the Indian consular officer at Jeddah (s. 275(2)).", None),
    date("returned_on", "The date he returned to India, if he did (s. 275(4)).", default=None),
    choice(
        "died_where",
        ("hedjaz", "voyage-thither", "elsewhere"),
        "Where a pilgrim who died died: in the Hedjaz, on the voyage thereto, or elsewhere.",
        default="hedjaz",
    ),
    flag("nominee_named", "He nominated a person in writing in the prescribed manner to receive a refund.", False),
    flag("already_refunded", "The deposit or passage money has already been refunded under s. 275.", default=False),
    money(
        "prescribed_deduction",
        "The deduction prescribed for a refund of passage money (s. 275(5)); not given: unknown, so the refund is a "
        "maximum.",
        default=None,
    ),
    MSA_ALREADY_REFUNDED_SCOPE,
    MSA_RETURN_HALF,
)

MSA_LIMB_USES = {
    "prevented-from-embarking": (),
    "removed-from-ship": (),
    "otherwise-prevented-from-proceeding": (),
    "intends-other-route": ("sailed_on", "satisfied_consul_on"),
    "intends-to-remain": (),
    "died": ("died_where", "nominee_named"),
    "not-returned-within-one-year": ("sailed_on", "returned_on", "nominee_named"),
    "returned-by-other-route": ("sailed_on", "returned_on", "nominee_named"),
}
"""The facts of one limb or another of s. 275 and the events whose limb uses each; given for another, a step says
so."""


def _msa_check(facts: Facts) -> list[tuple[str, str]]:
    return _dates_needed(ACT_1958, facts)


def _msa_compute(facts: Facts, result: Result) -> None:
    _refund(ACT_1958, facts, result)


def _msa_prevented(facts: Facts, result: Result) -> tuple[Decimal, Decimal, Ref, str]:
    """s. 275(1): "Every pilgrim prevented from embarking under section 271, or removed from the ship under section
    272, or otherwise prevented from proceeding shall be entitled to the refund of any passage money which he may have
    paid, and of any deposit which he may have made under section 273" (in-msa-1958, sec_275__subsec_1). The words
    "or otherwise prevented from proceeding" are the 1958 Act's: the Ordinance's s. 317(1) has only the first two."""
    how = {
        "prevented-from-embarking": "prevented from embarking (s. 271)",
        "removed-from-ship": "removed from the ship (s. 272)",
        "otherwise-prevented-from-proceeding": "otherwise prevented from proceeding",
    }[facts.event]
    result.step(MSA_S275_1, f"He was {how}: his passage money and his deposit are refunded.")
    return facts.deposit, facts.passage_money, MSA_S275_1, "the pilgrim"


def _msa_other_route(facts: Facts, result: Result) -> tuple[Decimal, Decimal, Ref, str]:
    """s. 275(2): "Any pilgrim who, within one year of his sailing from India, satisfies the Indian consular officer at
    Jeddah that he intends to return to India by a route other than the route by which he came from India, shall be
    entitled to a refund of any deposit made by him under section 273, or, if he is in possession of a return ticket,
    to a refund of half the passage money paid by him" (in-msa-1958, sec_275__subsec_2). A year counted by the British
    calendar from the day he sailed."""
    last_day = add_months(facts.sailed_on, 12)
    if facts.satisfied_consul_on > last_day:
        result.step(
            MSA_S275_2,
            f"He satisfied the consular officer on {date_text(facts.satisfied_consul_on)}, after the year from sailing "
            f"(ending {date_text(last_day)}): no refund under (2); s. 275(4) may apply if he returns by another route.",
        )
        return Decimal(0), Decimal(0), MSA_S275_2, "the pilgrim"
    result.step(
        MSA_S275_2,
        f"He satisfied the consular officer on {date_text(facts.satisfied_consul_on)}, within a year of sailing, that "
        "he intends to return by another route.",
    )
    deposit, passage = _deposit_or_passage(facts, result, MSA_S275_2, Decimal("0.5"))
    return deposit, passage, MSA_S275_2, "the pilgrim"


def _msa_remain(facts: Facts, result: Result) -> tuple[Decimal, Decimal, Ref, str]:
    """s. 275(2) refunds a pilgrim who "intends to return to India by a route other than the route by which he came"
    (in-msa-1958, sec_275__subsec_2): it says nothing of one who intends to remain in the Hedjaz (the Ordinance's
    s. 317(2), "intends to remain in the Kingdom of Saudi Arabia, or to return ... by a route other", added him). So
    the intention alone gives no refund; if he then fails to return within a year of sailing, s. 275(4) does."""
    result.step(
        MSA_S275_2,
        "He intends to remain: s. 275(2) refunds only a pilgrim who intends to return by another route, so it gives "
        "nothing now; if he fails to return within one year of sailing, s. 275(4) refunds.",
    )
    return Decimal(0), Decimal(0), MSA_S275_2, "the pilgrim"


def _msa_died(facts: Facts, result: Result) -> tuple[Decimal, Decimal, Ref, str]:
    """s. 275(3): "Where any pilgrim dies in the Hedjaz or on the voyage thereto, any person nominated by him in this
    behalf in writing in the prescribed manner, or, if no person has been so nominated, the legal representative of
    the pilgrim, shall be entitled to a refund of any deposit made by the pilgrim under section 273, or, if the
    pilgrim was in possession of a return ticket, to a refund of half the passage money paid by him" (in-msa-1958,
    sec_275__subsec_3). Half the passage money, where the Ordinance's s. 317(3) refunds the whole."""
    payee = "the person he nominated" if facts.nominee_named else "his legal representative"
    if facts.died_where == "elsewhere":
        result.step(MSA_S275_3, "He did not die in the Hedjaz or on the voyage there: (3) gives no refund.")
        return Decimal(0), Decimal(0), MSA_S275_3, payee
    result.step(MSA_S275_3, f"He died {'in the Hedjaz' if facts.died_where == 'hedjaz' else 'on the voyage there'}.")
    deposit, passage = _deposit_or_passage(facts, result, MSA_S275_3, Decimal("0.5"))
    return deposit, passage, MSA_S275_3, payee


def _msa_unclaimed(facts: Facts, result: Result, deposit: Decimal, passage: Decimal, passage_kind: str) -> None:
    """s. 276: "If any pilgrim,-- (a) who is entitled to a refund of passage money under sub-section (1) of section
    275 does not claim such refund within the prescribed period, or (b) who has purchased a return ticket, does not on
    the basis of such ticket obtain a return passage from the Hedjaz within the prescribed period and the value of the
    return half of such ticket has not been refunded under section 275, or (c) who is entitled under section 275 to a
    refund of any deposit made under section 273 does not claim such refund within the prescribed period, such
    passage money or value or deposit shall, subject to the exercise of the rights conferred by sub-section (4) of
    section 275, be made over to such authority administering any fund maintained for the assistance of pilgrims as
    the Central Government may ... designate" (in-msa-1958, sec_276__para_a, __para_b, __para_c). Made over to a
    fund's authority, not vested in the Government (the Ordinance's s. 318); (c) reaches only a deposit he is
    entitled to have refunded, where s. 318(1) takes every deposit unclaimed. Typed as the Ordinance's twin types
    what vests."""
    kind, ref = ENTITLEMENT, MSA_S276_C
    made_over = deposit
    if deposit:
        result.step(
            MSA_S276_C,
            "If he does not claim the deposit refunded within the prescribed period, it is made over to the authority "
            "of the fund for the assistance of pilgrims the Central Government designates.",
        )
    if facts.event in _MSA_PREVENTED:
        if passage:
            result.step(
                MSA_S276_A, "Passage money refundable under s. 275(1) and not claimed in time is made over too."
            )
            made_over += passage
            kind, ref = passage_kind, MSA_S276_A
    elif facts.return_ticket and facts.already_refunded:
        result.step(MSA_S276_B, "The return half of his ticket was refunded under s. 275: its value is not made over.")
    elif facts.return_ticket and facts.event == "not-returned-within-one-year" and not (deposit or passage):
        result.step(
            MSA_S276_B,
            "He returned within the year, taken to be on his ticket: s. 276(b) does not reach its return half.",
        )
    elif facts.return_ticket and result.option("return_half_value") == "not-fixed":
        result.value("return_half_value", None)
        result.step(
            MSA_S276_B,
            "He did not return on his ticket: unless refunded under s. 275, the value of its return half is made over "
            "(subject to his rights under s. 275(4)); the text does not fix that value (option not-fixed), so what is "
            "made over is at least the rest.",
        )
        kind, ref = MINIMUM, MSA_S276_B
    elif facts.return_ticket:
        half = (facts.passage_money / 2).quantize(Decimal("0.01"))
        result.value("return_half_value", f"{money_text(result, half)}, half the passage money")
        result.step(
            MSA_S276_B,
            f"He did not return on his ticket: unless the value of its return half ({money_text(result, half)}, half "
            "the passage money, as s. 275 measures it; option half-passage-money) is refunded under s. 275, it is made "
            "over, subject to his rights under s. 275(4).",
        )
        made_over += half
        ref = MSA_S276_B
    result.amount("made_over_if_unclaimed", made_over, kind, ref)


def _pk_not_returned(facts: Facts, result: Result) -> tuple[Decimal, Decimal, Ref, str]:
    """s. 317(4) (pk-mso-2001, part_V__chp_20__sec_317__subsec_4): :func:`_not_returned` on the Ordinance."""
    return _not_returned(ORDINANCE, facts, result)


def _msa_not_returned(facts: Facts, result: Result) -> tuple[Decimal, Decimal, Ref, str]:
    """s. 275(4) (in-msa-1958, sec_275__subsec_4): :func:`_not_returned` on the 1958 Act."""
    return _not_returned(ACT_1958, facts, result)


ORDINANCE = _Text(
    S315,
    S317_2,
    "remaining-or-other-route",
    S317_4,
    S317_5,
    "s. 317",
    "passage-money",
    "Pakistan",
    6,
    "six months",
    "six months run",
    {
        "prevented-from-embarking": _prevented_or_removed,
        "removed-from-ship": _prevented_or_removed,
        "remaining-or-other-route": _remaining_or_other_route,
        "died": _died,
        "not-returned-within-six-months": _pk_not_returned,
        "returned-by-other-route": _pk_not_returned,
    },
    LIMB_USES,
    _unclaimed,
)
ACT_1958 = _Text(
    MSA_S273,
    MSA_S275_2,
    "intends-other-route",
    MSA_S275_4,
    MSA_S275_5,
    "s. 275",
    "passage money",
    "India",
    12,
    "one year",
    "year runs",
    {
        "prevented-from-embarking": _msa_prevented,
        "removed-from-ship": _msa_prevented,
        "otherwise-prevented-from-proceeding": _msa_prevented,
        "intends-other-route": _msa_other_route,
        "intends-to-remain": _msa_remain,
        "died": _msa_died,
        "not-returned-within-one-year": _msa_not_returned,
        "returned-by-other-route": _msa_not_returned,
    },
    MSA_LIMB_USES,
    _msa_unclaimed,
)

RULES = (
    Rule(
        id="pk-mso-2001/pilgrim-refund",
        title="Refund of a pilgrim's deposit and passage-money (Pakistan, s. 315, s. 317, s. 318)",
        currency="PKR",
        facts=SCHEMA,
        provisions=(S315, S317_1, S317_2, S317_3, S317_4, S317_5, S318_1, S318_2),
        compute=_compute,
        check=_check,
    ),
    Rule(
        id="in-msa-1958/pilgrim-refund",
        title="Refund of a pilgrim's passage money and deposit (India, Merchant Shipping Act 1958, s. 273, s. 275, "
        "s. 276)",
        currency="INR",
        facts=MSA_SCHEMA,
        provisions=(
            MSA_S273,
            MSA_S275_1,
            MSA_S275_2,
            MSA_S275_3,
            MSA_S275_4,
            MSA_S275_5,
            MSA_S276_A,
            MSA_S276_B,
            MSA_S276_C,
        ),
        compute=_msa_compute,
        check=_msa_check,
    ),
)

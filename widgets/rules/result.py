"""The result builder: amounts with their kind, the steps that produced them, citations, options and burdens.

A rule's ``compute(facts, result)`` calls ``result.step`` once per rule of law it applies (each naming its
provision), ``result.amount`` for each sum of money, ``result.value`` for any other outcome, ``result.option`` to read
an interpretive choice (which records it as used) and ``result.burden`` where the statute puts a burden of proof.
``to_dict`` gives the JSON-able result of the public contract::

    {"provision_id", "currency", <each amount and value by name>, "amounts": {name: {value, kind, currency,
     citation, eid}}, "steps": [{citation, eid, text}], "citations": [{document, eid, citation}],
     "options": [{name, value, default, is_default, doc}], "burdens": [...], "defaults_used": [...]}

Money is computed in ``Decimal`` and each reported amount is rounded half-up to the paisa (2 places).
"""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal
from typing import TYPE_CHECKING, Any

from widgets.rules.facts import Facts

if TYPE_CHECKING:
    from widgets.rules.provisions import Ref
    from widgets.rules.registry import Rule

ENTITLEMENT = "entitlement"
"""A sum the person is entitled to: the statute fixes it."""
MAXIMUM = "maximum"
"""A ceiling: "may extend to", "not more than", "not exceeding"."""
MINIMUM = "minimum"
"""A floor: "not less than"."""
KINDS = (ENTITLEMENT, MAXIMUM, MINIMUM)

_PAISA = Decimal("0.01")
_RESERVED = {"provision_id", "currency", "amounts", "steps", "citations", "options", "burdens", "defaults_used"}


def rounded(value: Decimal) -> Decimal:
    """``value`` rounded half-up to two decimal places."""
    return value.quantize(_PAISA, rounding=ROUND_HALF_UP)


class Result:
    """Collects what a rule finds, in order; ``to_dict`` is the contract's result."""

    def __init__(self, rule: Rule, facts: Facts) -> None:
        self.rule = rule
        self.facts = facts
        self._steps: list[dict[str, str]] = []
        self._refs: dict[Ref, None] = {}
        self._amounts: dict[str, dict[str, Any]] = {}
        self._values: dict[str, Any] = {}
        self._options: dict[str, str] = {}
        self._burdens: list[dict[str, Any]] = []

    def _cite(self, ref: Ref) -> None:
        self._refs.setdefault(ref)

    def step(self, ref: Ref, text: str) -> None:
        """One line of the explanation: what ``ref`` says about these facts."""
        self._cite(ref)
        self._steps.append({"citation": ref.citation, "eid": ref.eid, "text": text})

    def given(self, fact: str) -> bool:
        """Whether the caller gave ``fact`` a value of its own: not left out, and not its default (a calculator's form
        sends every field, its unchanged ones at their defaults)."""
        return fact not in self.facts.defaulted and getattr(self.facts, fact) != self.rule.facts.facts[fact].default

    def unused(self, fact: str, ref: Ref, why: str) -> None:
        """A step saying that ``fact``, given by the caller, has no effect under ``ref`` and ``why``: every fact a rule
        accepts either changes the outcome or is reported. A fact at its default (``given`` false) is not mentioned."""
        if self.given(fact):
            self.step(ref, f"The {fact.replace('_', ' ')} given has no effect here: {why}.")

    def amount(self, name: str, value: Decimal, kind: str, ref: Ref) -> Decimal:
        """Record a sum of money of ``kind`` (ENTITLEMENT / MAXIMUM / MINIMUM) fixed by ``ref``; returns it rounded."""
        if name in _RESERVED or kind not in KINDS:
            raise ValueError(f"amount {name!r} of kind {kind!r} is not allowed")
        if value < 0:
            raise ValueError(f"amount {name!r} would be negative ({value}); a rule must not produce that")
        value = rounded(value)
        self._cite(ref)
        self._amounts[name] = {
            "value": value,
            "kind": kind,
            "currency": self.rule.currency,
            "citation": ref.citation,
            "eid": ref.eid,
        }
        return value

    def kind_of(self, name: str) -> str:
        """The kind recorded for amount ``name`` (a total's kind follows its parts')."""
        return self._amounts[name]["kind"]

    def value(self, name: str, value: Any) -> Any:
        """Record an outcome that is not money (a bool, a payee, a count)."""
        if name in _RESERVED:
            raise ValueError(f"value name {name!r} is reserved")
        self._values[name] = value
        return value

    def option(self, name: str) -> str:
        """The value of interpretive option ``name`` for this evaluation, recorded as used."""
        value = getattr(self.facts, name)
        self._options[name] = value
        return value

    def burden(self, fact: str, ref: Ref, effect: str) -> Any:
        """Record who bears the burden on proof fact ``fact`` under ``ref`` and what its value does; returns it."""
        value = getattr(self.facts, fact)
        spec = self.rule.facts.facts[fact]
        self._cite(ref)
        self._burdens.append(
            {
                "fact": fact,
                "value": value,
                "burden_on": spec.burden,
                "citation": ref.citation,
                "eid": ref.eid,
                "effect": effect,
            }
        )
        return value

    def to_dict(self) -> dict[str, Any]:
        options = self.rule.facts.facts
        out: dict[str, Any] = {"provision_id": self.rule.id, "currency": self.rule.currency}
        amounts = {}
        for name, amount in self._amounts.items():
            value = out[name] = float(amount["value"])
            amounts[name] = {**amount, "value": value}
        out.update(self._values)
        out["amounts"] = amounts
        out["steps"] = self._steps
        out["citations"] = [ref.as_dict() for ref in self._refs]
        out["options"] = [
            {
                "name": name,
                "value": value,
                "default": options[name].default,
                "is_default": value == options[name].default,
                "doc": options[name].doc,
            }
            for name, value in self._options.items()
        ]
        out["burdens"] = self._burdens
        option_names = self.rule.facts.option_names
        out["defaults_used"] = [n for n in self.facts.defaulted if n not in option_names]
        return out

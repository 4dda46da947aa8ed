"""Lex Maritima's executable provisions.

    import widgets
    widgets.provision_ids()                      # ['in-msb-2016/wages-on-wreck', ...]
    widgets.evaluate("pk-mso-2001/wages-on-wreck", {"monthly_wage": 30000, ...})

``evaluate`` raises ``FactError`` (a ``ValueError`` whose message names each bad field and why) for invalid facts
and ``UnknownProvision`` (a ``LookupError``) for an unknown id. The rules themselves are in ``widgets.rules``.
"""

from __future__ import annotations

from typing import Any

from widgets.rules.facts import NOT_SHOWN, FactError
from widgets.rules.money import format_money, formatted
from widgets.rules.registry import UnknownProvision, provision_ids, rule


def evaluate(provision_id: str, facts: object) -> dict[str, Any]:
    """The result of applying provision ``provision_id`` to ``facts``, a mapping of fact names to values as JSON has
    them (any other value is a ``FactError``; see ``widgets.rules.result`` for the result's shape)."""
    return rule(provision_id).evaluate(facts)


def describe(provision_id: str) -> dict[str, Any]:
    """The provision's title, currency, the facts and options it accepts, and the provisions it implements."""
    found = rule(provision_id)
    return {
        "provision_id": found.id,
        "title": found.title,
        "currency": found.currency,
        "facts": [fact.describe() for fact in found.facts.facts.values()],
        "provisions": [ref.as_dict() for ref in found.provisions],
    }


__all__ = [
    "NOT_SHOWN",
    "FactError",
    "UnknownProvision",
    "describe",
    "evaluate",
    "format_money",
    "formatted",
    "provision_ids",
]

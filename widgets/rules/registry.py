"""The registry of provision ids: every module of ``widgets.rules`` that defines ``RULES`` contributes its rules.

A rule module ends with ``RULES = (Rule(...), ...)``; dropping such a module into ``widgets/rules/`` is all it takes
to register it (see ``widgets/rules/README.md``). Modules are discovered once, on first use, with ``pkgutil`` (which
also works inside Pyodide, where the package sits on the virtual file system).
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any

from widgets.rules.facts import FactError, Facts, Schema, quoted
from widgets.rules.provisions import Ref
from widgets.rules.result import Result

CURRENCIES = ("INR", "PKR")


class UnknownProvision(LookupError):
    """A provision id that no rule implements."""

    def __str__(self) -> str:
        return f"unknown provision id {quoted(self.args[0])}; known: {', '.join(provision_ids())}"


@dataclass(frozen=True)
class Rule:
    """An executable provision.

    ``compute(facts, result)`` applies the law to parsed facts; ``check(facts)`` (optional) returns cross-field
    problems as (field, why) pairs, such as a return date before the termination date. ``provisions`` lists every
    provision the rule implements; the traceability test resolves each in the corpus.
    """

    id: str
    title: str
    currency: str
    facts: Schema
    provisions: tuple[Ref, ...]
    compute: Callable[[Facts, Result], None]
    check: Callable[[Facts], list[tuple[str, str]]] | None = None

    def __post_init__(self) -> None:
        if self.currency not in CURRENCIES:
            raise ValueError(f"{self.id}: currency {self.currency!r} is not one of {CURRENCIES}")

    def evaluate(self, raw: Any) -> dict[str, Any]:
        """The result for the raw facts ``raw``; ``FactError`` when they are invalid."""
        facts = self.facts.parse(raw)
        if self.check is not None:
            problems = self.check(facts)
            if problems:
                raise FactError(problems)
        result = Result(self, facts)
        self.compute(facts, result)
        return result.to_dict()


@cache
def rules() -> dict[str, Rule]:
    """Every registered rule by provision id, sorted by id."""
    import widgets.rules as package

    found: dict[str, Rule] = {}
    for info in pkgutil.iter_modules(package.__path__):
        module = importlib.import_module(f"{package.__name__}.{info.name}")
        for rule in getattr(module, "RULES", ()):
            if rule.id in found:
                raise ValueError(f"provision id {rule.id!r} is defined twice (second time in {module.__name__})")
            found[rule.id] = rule
    return dict(sorted(found.items()))


def provision_ids() -> list[str]:
    """The provision ids, sorted."""
    return list(rules())


def rule(provision_id: str) -> Rule:
    """The rule for ``provision_id``; ``UnknownProvision`` if there is none."""
    try:
        return rules()[provision_id]
    except (KeyError, TypeError):
        raise UnknownProvision(provision_id) from None

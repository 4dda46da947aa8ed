"""Fact schemas: the facts a rule accepts, their types, bounds and defaults, checked before any arithmetic.

A rule declares its facts with the constructors below (``money``, ``date``, ``choice``, ``flag``, ``proof``,
``count``, ``number``) and its interpretive choices with ``option``. ``Schema.parse`` turns a raw mapping (JSON from
the CLI, a dict from the book) into a ``Facts`` namespace, or raises ``FactError`` naming every bad field and why.
An unknown fact name is an error, never silently ignored.

Values after parsing: money → ``Decimal`` (≥ 0), date → ``datetime.date``, choice/option → ``str``, flag → ``bool``,
proof → ``True`` / ``False`` / ``NOT_SHOWN``, count → ``int`` (≥ 0), number → ``float`` within its bounds, amounts
(a list of sums, one for each period) → a ``tuple`` of ``Decimal``.

Plausibility bounds (every rule, every fact of its kind; a value outside them is a ``FactError``, never a figure):
money at most ``MONEY_MAX`` (one lakh crore, 10^12, in the rule's currency: no wage, fine or passage-money in these
statutes comes near it), dates from ``DATE_MIN`` to ``DATE_MAX`` (1850-01-01 to 2100-12-31: the oldest text of the
corpus is of 1875, and a period counted in months from the last date stays inside the calendar), counts at most
``COUNT_MAX`` unless the fact states a smaller maximum. An error message quotes at most ``ECHO_MAX`` characters of
what was given.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import math
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from decimal import Decimal
from types import SimpleNamespace
from typing import Any

NOT_SHOWN = "not shown"
"""The third value of a proof fact: neither proved nor disproved, so whoever bears the burden loses on it."""


class _Required:
    def __repr__(self) -> str:
        return "REQUIRED"


REQUIRED: Any = _Required()
"""The default of a fact that must be given."""

MONEY_MAX = Decimal(10) ** 12
"""The largest sum a money fact accepts: ₹/Rs 1,00,000 crore (10^12)."""
DATE_MIN, DATE_MAX = dt.date(1850, 1, 1), dt.date(2100, 12, 31)
"""The first and last dates a date fact accepts."""
COUNT_MAX = 1_000_000
"""The largest whole number a count fact accepts (days, pilgrims), unless the fact sets a smaller maximum."""
AMOUNTS_MAX = 10_000
"""The most sums an amounts fact accepts."""
ECHO_MAX = 40
"""The most characters of a given value an error message repeats."""


PROBLEMS_SHOWN = 10
"""The most problems ``str(FactError)`` spells out; the rest are counted."""


class FactError(ValueError):
    """Invalid facts. ``problems`` lists (field, why); ``str()`` is one line naming each bad field (the first
    ``PROBLEMS_SHOWN`` of them, and how many more)."""

    def __init__(self, problems: list[tuple[str, str]]) -> None:
        self.problems = problems
        shown = "; ".join(f"{name}: {why}" for name, why in problems[:PROBLEMS_SHOWN])
        more = len(problems) - PROBLEMS_SHOWN
        super().__init__(shown + (f"; and {more:,} more" if more > 0 else ""))


@dataclass(frozen=True, slots=True)
class Fact:
    """One fact (or option) a rule accepts. ``burden`` names who must prove a proof fact; ``doc`` says what it is."""

    name: str
    kind: str
    doc: str
    default: Any = REQUIRED
    choices: tuple[str, ...] = ()
    minimum: float | None = None
    maximum: float | None = None
    unit: str = ""
    burden: str = ""

    @property
    def required(self) -> bool:
        return self.default is REQUIRED

    def check(self, value: Any) -> Any:
        """The parsed value, or ``ValueError`` saying why ``value`` is not acceptable."""
        if value is None and self.default is None:
            return None
        return _CHECKS[self.kind](self, value)

    def describe(self) -> dict[str, Any]:
        """A JSON-able description (for the CLI's ``facts`` command and the views)."""
        out: dict[str, Any] = {"name": self.name, "kind": self.kind, "doc": self.doc, "required": self.required}
        if not self.required:
            out["default"] = _jsonable(self.default)
        for key in ("choices", "unit", "burden"):
            if getattr(self, key):
                out[key] = list(self.choices) if key == "choices" else getattr(self, key)
        for key in ("minimum", "maximum"):
            if getattr(self, key) is not None:  # a bound of 0 is a bound
                out[key] = getattr(self, key)
        return out


def _jsonable(value: Any) -> Any:
    if isinstance(value, Decimal):
        return float(value)
    if isinstance(value, dt.date):
        return value.isoformat()
    return value


def quoted(value: Any) -> str:
    """A value given as a fact, quoted for an error message as the reader typed it: “a lot”, 12.5, -5000 (not
    -5000.0), true, null; a long
    value is cut to ``ECHO_MAX`` characters, an integer of hundreds of digits named by its length."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    if isinstance(value, int) and value.bit_length() > 128:
        return f"a number of about {int(value.bit_length() * 0.30103) + 1} digits"
    if isinstance(value, dict | list | tuple):
        return f"a JSON {'object' if isinstance(value, dict) else 'array'}"
    if isinstance(value, float | Decimal) and math.isfinite(value) and value == int(value):
        whole = int(value)
        if abs(whole) < 10**15:
            value = whole  # -5000.0 is the -5000 the reader typed (a form sends every number as a float)
    text = value if isinstance(value, str) else str(value) if isinstance(value, float | int | Decimal) else repr(value)
    if len(text) > ECHO_MAX:
        text = f"{text[:ECHO_MAX]}… ({len(text):,} characters)"
    return f"“{text}”" if isinstance(value, str) else text


def _real(fact: Fact, value: Any) -> float | int | Decimal:
    if isinstance(value, bool) or not isinstance(value, int | float | Decimal):
        raise ValueError(f"must be a number, got {quoted(value)}")
    if isinstance(value, float | Decimal) and not math.isfinite(value):
        raise ValueError(f"must be a finite number, got {quoted(value)}")
    if fact.minimum is not None and value < fact.minimum:
        raise ValueError(f"must be at least {_bound(fact.minimum)}, got {quoted(value)}")
    if fact.maximum is not None and value > fact.maximum:
        raise ValueError(f"must be at most {_bound(fact.maximum)}, got {quoted(value)}")
    return value


def _bound(limit: float) -> str:
    """A fact's bound as a reader writes it: 1,000,000 or 0.95, never 1e+06."""
    return f"{int(limit):,}" if float(limit).is_integer() else f"{limit:,}"


def _money(fact: Fact, value: Any) -> Decimal:
    value = _real(fact, value)
    if value < 0:
        raise ValueError(f"must not be negative, got {quoted(value)}")
    if value > MONEY_MAX:
        raise ValueError(f"must be at most {MONEY_MAX:,} (the plausibility bound for a sum), got {quoted(value)}")
    return value if isinstance(value, Decimal) else Decimal(str(value))


def _amounts(fact: Fact, value: Any) -> tuple[Decimal, ...]:
    if not isinstance(value, list | tuple):
        raise ValueError(f"must be a list of sums, one for each period, got {quoted(value)}")
    if len(value) > AMOUNTS_MAX:
        raise ValueError(f"must hold at most {AMOUNTS_MAX:,} sums, got {len(value):,}")
    sums = []
    for index, item in enumerate(value, 1):
        try:
            sums.append(_money(fact, item))
        except ValueError as error:
            raise ValueError(f"sum {index} {error}") from None
    return tuple(sums)


def _count(fact: Fact, value: Any) -> int:
    value = _real(fact, value)
    if value < 0:
        raise ValueError(f"must not be negative, got {quoted(value)}")
    if value > COUNT_MAX:
        raise ValueError(f"must be at most {COUNT_MAX:,} (the plausibility bound for a count), got {quoted(value)}")
    if isinstance(value, float | Decimal):
        if value != int(value):
            raise ValueError(f"must be a whole number, got {quoted(value)}")
        value = int(value)
    return value


def _number(fact: Fact, value: Any) -> float:
    return float(_real(fact, value))


_CALENDAR_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")


def calendar_date(value: str) -> dt.date:
    """``value`` as a calendar date written ``YYYY-MM-DD``; anything else is a ``ValueError``: an ISO week date
    (``2024-W03-1``), an ordinal date, ``20240115``, a time (``datetime.date.fromisoformat`` takes the first three).
    The facts, the exercises' ranges and the catalogue (``corpus.catalogue.calendar_date``) read dates so."""
    try:
        if isinstance(value, str) and _CALENDAR_DATE.fullmatch(value):
            return dt.date.fromisoformat(value)
    except ValueError:
        pass  # no such day: 2024-02-30
    raise ValueError(f"{value!r} is not a date written YYYY-MM-DD")


def _date(fact: Fact, value: Any) -> dt.date:
    day = None
    if isinstance(value, dt.date) and not isinstance(value, dt.datetime):
        day = value
    elif isinstance(value, str):
        with contextlib.suppress(ValueError):
            day = calendar_date(value)
    if day is None:
        raise ValueError(f"must be an ISO date YYYY-MM-DD, got {quoted(value)}")
    if not DATE_MIN <= day <= DATE_MAX:
        raise ValueError(f"must be between {DATE_MIN} and {DATE_MAX} (the plausibility bounds), got {quoted(value)}")
    return day


def _choice(fact: Fact, value: Any) -> str:
    if isinstance(value, str) and value in fact.choices:
        return value
    return _bad_choice(fact.choices, value)


def _bad_choice(choices: tuple[str, ...], value: Any) -> Any:
    raise ValueError(f"must be one of {', '.join(quoted(c) for c in choices)}; got {quoted(value)}")


def _flag(fact: Fact, value: Any) -> bool:
    if isinstance(value, bool):
        return value
    raise ValueError(f"must be true or false, got {quoted(value)}")


def _proof(fact: Fact, value: Any) -> bool | str:
    if isinstance(value, bool) or value == NOT_SHOWN:
        return value
    raise ValueError(f'must be true, false or "{NOT_SHOWN}", got {quoted(value)}')


_CHECKS: dict[str, Callable[[Fact, Any], Any]] = {
    "money": _money,
    "amounts": _amounts,
    "count": _count,
    "number": _number,
    "date": _date,
    "choice": _choice,
    "option": _choice,
    "flag": _flag,
    "proof": _proof,
}


def money(name: str, doc: str, default: Any = REQUIRED) -> Fact:
    """An amount of money, ≥ 0, in the rule's currency."""
    if isinstance(default, int | float):
        default = Decimal(str(default))
    return Fact(name, "money", doc, default)


def amounts(name: str, doc: str) -> Fact:
    """A list of sums of money, one for each period (optional: not given is ``None``)."""
    return Fact(name, "amounts", doc, None)


def date(name: str, doc: str, default: Any = REQUIRED) -> Fact:
    """A calendar date given as ISO ``YYYY-MM-DD``; ``default=None`` makes it optional."""
    return Fact(name, "date", doc, default)


def choice(name: str, choices: tuple[str, ...], doc: str, default: Any = REQUIRED) -> Fact:
    """One of a fixed set of strings."""
    return Fact(name, "choice", doc, default, choices=choices)


def flag(name: str, doc: str, default: Any = REQUIRED) -> Fact:
    """A plain true/false fact that no one has to prove (a fact of the case as given)."""
    return Fact(name, "flag", doc, default)


def proof(name: str, doc: str, burden: str, default: Any = NOT_SHOWN) -> Fact:
    """A fact under a burden of proof: true, false or ``NOT_SHOWN``; ``burden`` names who must prove it."""
    return Fact(name, "proof", doc, default, burden=burden)


def count(name: str, doc: str, default: Any = REQUIRED, unit: str = "") -> Fact:
    """A whole number ≥ 0 (days, pilgrims)."""
    return Fact(name, "count", doc, default, unit=unit)


def number(name: str, doc: str, minimum: float, maximum: float, default: Any = REQUIRED, unit: str = "") -> Fact:
    """A real number within [minimum, maximum]."""
    return Fact(name, "number", doc, default, minimum=minimum, maximum=maximum, unit=unit)


def option(name: str, choices: tuple[str, ...], default: str, doc: str) -> Fact:
    """An interpretive choice where the law is arguable; ``doc`` explains each choice and why the default."""
    if default not in choices:
        raise ValueError(f"option {name}: default {default!r} is not one of {choices}")
    return Fact(name, "option", doc, default, choices=choices)


class Facts(SimpleNamespace):
    """Parsed facts as attributes (``facts.monthly_wage``); ``defaulted`` holds the names the caller did not give."""

    defaulted: tuple[str, ...]


class Schema:
    """The facts and options of one rule, in declaration order."""

    def __init__(self, *facts: Fact) -> None:
        self.facts: dict[str, Fact] = {}
        for fact in facts:
            if fact.name in self.facts or fact.name == "defaulted":
                raise ValueError(f"fact {fact.name!r} declared twice or reserved")
            self.facts[fact.name] = fact
        self._checks = {name: f.check for name, f in self.facts.items()}
        self._defaults = {name: f.default for name, f in self.facts.items() if not f.required}
        self._required = tuple(name for name, f in self.facts.items() if f.required)
        self.option_names = frozenset(self.options)

    @property
    def options(self) -> dict[str, Fact]:
        return {name: f for name, f in self.facts.items() if f.kind == "option"}

    def parse(self, raw: Any) -> Facts:
        """``raw`` checked and completed with defaults; ``FactError`` lists every problem at once (unknown names
        first, then the facts in declaration order)."""
        if not isinstance(raw, Mapping):
            raise FactError([("facts", f"must be a JSON object, got {type(raw).__name__}")])
        facts, checks = self.facts, self._checks
        values = dict(self._defaults)
        unknown: list[str] = []
        bad: dict[str, str] = {}
        for name, value in raw.items():
            check = checks.get(name) if isinstance(name, str) else None
            if check is None:
                named = name if isinstance(name, str) and len(name) <= ECHO_MAX else quoted(name)
                unknown.append(named)
                continue
            try:
                values[name] = check(value)
            except ValueError as error:
                bad[name] = str(error)
        for name in self._required:
            if name not in raw:
                bad[name] = "is required"
        if unknown or bad:
            accepted = f"accepted: {', '.join(facts)}"
            first = [(name, "unknown fact" + ("" if i else f"; {accepted}")) for i, name in enumerate(unknown)]
            raise FactError([*first, *((name, bad[name]) for name in facts if name in bad)])
        return Facts(**values, defaulted=tuple(name for name in self._defaults if name not in raw))

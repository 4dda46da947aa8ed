"""Figures a later Act changed, as dated data: each value with the day it took effect and the reference for it.

A consolidated text (India Code's) prints only the current words; its footnotes say what they replaced and from when
("Subs. by Act 12 of 1983, s. 16, for one thousand rupees (w.e.f. 18-5-1983)"). A rule applies the words in force on
the date of the facts, so a figure that was changed is declared here once as a ``Dated`` (in the manner of
openfisca's parameters: a list of values, each in force from a date, each with its reference), and the rule asks it
``at(day)``. A day before the first value's date gets the first value: the Act's figure as enacted.

Pure standard library, so the rules still run in Pyodide.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Value:
    """One value of a dated figure: in force from ``since`` (``None``: as enacted), with its ``reference``."""

    since: dt.date | None
    value: Any
    reference: str
    by: str = ""
    """The amending Act in a step's words ("Act 12 of 1983, s. 16"); empty for the value as enacted."""

    def described(self) -> str:
        """Where the value comes from, as a step says it: "as enacted", "from 18 May 1983 (Act 12 of 1983, s. 16)"."""
        if self.since is None:
            return "as enacted"
        day = self.since
        months = ("January February March April May June July August September October November December").split()
        return f"from {day.day} {months[day.month - 1]} {day.year} ({self.by})"


@dataclass(frozen=True, slots=True)
class Dated:
    """A figure of a statute that later Acts changed: its values in the order they took effect."""

    name: str
    values: tuple[Value, ...]

    def __post_init__(self) -> None:
        dates = [v.since for v in self.values[1:] if v.since is not None]
        if self.values[0].since is not None or len(dates) < len(self.values) - 1 or dates != sorted(dates):
            raise ValueError(f"{self.name}: the first value is as enacted, then later dates in order")

    def at(self, day: dt.date | None) -> Value:
        """The value in force on ``day`` (``None``: today's, the last)."""
        if day is None:
            return self.values[-1]
        found = self.values[0]
        for value in self.values[1:]:
            if value.since is not None and value.since <= day:  # (every later value has its date: __post_init__)
                found = value
        return found

    @property
    def current(self) -> Value:
        return self.values[-1]

"""Conventions for turning a period of service into wages, shared by the wage rules (not law: each is an option).

Two interpretive options, declared here once so every wage rule documents them the same way:

- ``month_measure``: ``calendar`` (default) counts whole calendar months at the monthly wage and the days left over
  at a day's pay — "month" means a month reckoned according to the British calendar (General Clauses Act, 1897,
  s. 3(35), in force in both India and Pakistan); ``30-days`` pays every day of the period at a day's pay and treats
  "one month" as 30 days.
- ``day_pay``: ``monthly/30`` (default; the usual shipping-articles practice and the convention of issue 3) or
  ``monthly*12/365``.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from decimal import Decimal

from widgets.rules.facts import Fact, option
from widgets.rules.periods import add_months, months_and_days
from widgets.rules.wording import counted

MONTH_MEASURE = option(
    "month_measure",
    ("calendar", "30-days"),
    "calendar",
    "How a period becomes months of wages. calendar (default): whole calendar months at the monthly wage and the "
    "days left over at a day's pay, a month being reckoned by the British calendar (General Clauses Act, 1897, "
    "s. 3(35)); 30-days: every day at a day's pay, one month being 30 days.",
)
DAY_PAY = option(
    "day_pay",
    ("monthly/30", "monthly*12/365"),
    "monthly/30",
    "A day's pay. monthly/30 (default): the monthly wage divided by 30, as on ships' articles; monthly*12/365: a "
    "year's wages spread over 365 days.",
)
OPTIONS: tuple[Fact, ...] = (MONTH_MEASURE, DAY_PAY)


@dataclass(frozen=True, slots=True)
class WageScale:
    """A monthly wage and the conventions chosen for turning periods into money."""

    monthly: Decimal
    month_measure: str
    day_pay_rule: str

    @property
    def day(self) -> Decimal:
        """A day's pay."""
        if self.day_pay_rule == "monthly/30":
            return self.monthly / 30
        return self.monthly * 12 / 365

    def month_end(self, start: dt.date) -> dt.date:
        """The end of one month from ``start``."""
        if self.month_measure == "calendar":
            return add_months(start, 1)
        return start + dt.timedelta(days=30)

    def one_month(self) -> Decimal:
        """One month's wages: the monthly wage, whichever conventions count days (30 days at a year's wages over 365
        days would come to less than the month's wages the statutes name)."""
        return self.monthly

    def for_period(self, start: dt.date, end: dt.date) -> tuple[Decimal, str]:
        """Wages for the period from ``start`` to ``end`` and how they were counted."""
        if self.month_measure == "calendar":
            months, days = months_and_days(start, end)
            return self.monthly * months + self.day * days, _months_and_days(months, days)
        days = (end - start).days
        return self.day * days, f"{counted(days, 'day')} at a day's pay"


def _months_and_days(months: int, days: int) -> str:
    """A period in words: "two calendar months and 15 days", "one calendar month", "15 days", "no days"."""
    if not months:
        return counted(days, "day")
    whole = counted(months, "calendar month")
    return f"{whole} and {counted(days, 'day')}" if days else whole

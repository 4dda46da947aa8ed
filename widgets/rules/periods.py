"""Calendar arithmetic for periods the statutes count in months and days.

"Month" means a month reckoned according to the British calendar (General Clauses Act, 1897, s. 3(35); Pakistan's
General Clauses Act, 1897, s. 3(35)): one month after 31 January is the last day of February. A period from ``start``
to ``end`` is counted as elapsed time (``end - start``), so a period that ends on the same day of the next month is
exactly one month.
"""

from __future__ import annotations

import datetime as dt

_DAYS = (31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)


def days_in_month(year: int, month: int) -> int:
    """The number of days in ``month`` of ``year`` (Gregorian leap years)."""
    leap = month == 2 and year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)
    return _DAYS[month - 1] + leap


def add_months(day: dt.date, months: int) -> dt.date:
    """The same day ``months`` calendar months later, clamped to the last day of a shorter month."""
    index = day.month - 1 + months
    year, month = day.year + index // 12, index % 12 + 1
    return dt.date(year, month, min(day.day, days_in_month(year, month)))


def months_and_days(start: dt.date, end: dt.date) -> tuple[int, int]:
    """Whole calendar months from ``start`` not passing ``end``, and the days left over (``end`` ≥ ``start``)."""
    months = (end.year - start.year) * 12 + end.month - start.month
    if months > 0 and add_months(start, months) > end:
        months -= 1
    return months, (end - add_months(start, months)).days


def within_months(start: dt.date, day: dt.date, months: int) -> bool:
    """Whether ``day`` falls on or before the end of ``months`` calendar months from ``start``."""
    return day <= add_months(start, months)

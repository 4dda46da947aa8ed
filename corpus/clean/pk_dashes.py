"""Dash-led bodies and titles in the Pakistan Merchant Shipping Ordinance, 2001 (source 004).

The print joined a section heading to its body with a dash (``62. Penalty for concealment … —If the master …``);
in the source the heading stands on its own line, so 242 body lines start with the orphaned dash: ``––The`` (L200),
``–– Every`` (L342), ``—If`` (s.62 L587), ``–(1)`` (s.199 L1744), ``––(1)`` (s.204 L1771), ``–-If`` (s.223 L1911),
``–––Nothing`` (s.402 L3540). Part and Chapter titles carry the same prefix (Part VI ``––SAFETY`` L2772, Ch 21
``–– CONSTRUCTION OF SHIPS …`` L2775). The dash is not law text once heading and body are separate elements; each
one removed is recorded as an :class:`~corpus.report.Edit`.
"""

from __future__ import annotations

import re

from corpus.report import Edit

LEADING_DASH = re.compile(r"^[—–-]+\s*")


def strip_leading_dash(line: int, text: str, what: str) -> tuple[str, Edit | None]:
    """``text`` (source ``line``) without its leading dash, and the edit that records it (None when there was none).

    ``what`` names what the dash stood before, for the edit's reason ("section body", "Chapter title").
    """
    match = LEADING_DASH.match(text)
    if not match or match.end() == len(text):
        return text, None
    dash = match.group()
    return text[match.end() :], Edit(line, dash, "", f"dash before the {what}, left over from the print layout")

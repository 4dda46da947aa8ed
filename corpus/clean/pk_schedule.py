"""THE SCHEDULE of the Pakistan Merchant Shipping Ordinance, 2001 (source 004, L5550–5612), as bluebell markup.

The Schedule (``(See section 610)``, ``ENACTMENTS REPEALED``) lists the repealed enactments in two numbered lists:
``(A) PART I.— PAKISTAN LAWS`` (L5556, 7 items: the Coasting Vessels Act, 1838 … the Control of Shipping Ordinance,
1959) and ``B. PART II`` (L5572, 20 United Kingdom Acts: the Merchant Shipping Act, 1894 … the Merchant Shipping
(Salvage) Act, 1940). It is a list, not a table: each list becomes an ``ITEMS`` block (AKN ``blockList``) whose
introduction is the list's heading and whose items keep their printed numbers ``1.``, ``2.`` ….

A line that is none of these is kept verbatim as ``P.unparsed`` and reported.
"""

from __future__ import annotations

import re

from corpus import markup
from corpus.report import Unparsed

TITLE = "THE SCHEDULE"
_SEE = re.compile(r"^\(See section \d+\)$")
_LIST_HEADING = re.compile(r"^(?:\([A-Z]\)|[A-Z]\.)\s*PART [IVX]+\b")
_ITEM = re.compile(r"^(?P<num>\d+\.)\s+(?P<text>.+)$")


def to_markup(lines: list[tuple[int, str]]) -> tuple[list[str], list[Unparsed]]:
    """The markup of the Schedule from its non-blank ``(line, text)`` pairs (the first is ``THE SCHEDULE``)."""
    out = [f"SCHEDULE {TITLE}"]
    unparsed: list[Unparsed] = []
    in_list = False
    for number, text in lines[1:]:
        if _SEE.match(text):
            out += [f"  SUBHEADING {markup.text(text)}", ""]
        elif _LIST_HEADING.match(text):
            out += ["  ITEMS", f"    {markup.text(text)}", ""]
            in_list = True
        elif in_list and (item := _ITEM.match(text)):
            out += [f"    ITEM {item['num']}", f"      {markup.text(item['text'])}", ""]
        elif not in_list and text.isupper():
            out += [f"  P.heading {markup.text(text)}", ""]
        else:
            in_list = False
            out += [f"  P.unparsed {markup.text(text)}", ""]
            unparsed.append(Unparsed(number, text))
    return out, unparsed

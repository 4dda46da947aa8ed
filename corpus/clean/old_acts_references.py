"""The cross-references inside the 1875 and 1880 Acts, each with its source line: the anchors for their numbering.

The Acts cite their own sections in words ("section seventy-four", "sections seven and eight", "the following
sections (namely), thirty-eight, thirty-nine, forty and forty-one", "section sixty-two, clause (c)") or relatively
("the last preceding section", "clause (a) or clause (b) of this section"); a few cite in digits ("(See section 2)."
in the 1875 schedules, "section 38, 39, 40 and 41" in a 1875 marginal note). References into other Acts ("section
211 of the Merchant Shipping Act, 1854", "Act No. XIII of 1867, section one", "section 40 of the Indian Ports Act,
1875") are collected too but marked external, with the Act they name.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from corpus.clean.old_acts_word_numbers import WORD_NUMBER, parse_word_number

_NUM = rf"(?:{WORD_NUMBER}|\d+)"
_LIST = rf"{_NUM}(?:(?:, | and | or |, and )(?:section )?{_NUM})*"
_SECTIONS = re.compile(
    rf"\b(?P<word>[Ss]ections?)(?: \(namely\),)? (?P<nums>{_LIST})(?P<clause>,? clause \((?P<letter>[a-z])\))?"
)
_LAST_PRECEDING = re.compile(r"\bthe last preceding section\b")
_THIS_SECTION_CLAUSES = re.compile(r"\b(?P<clauses>clause \([a-z]\)(?: or clause \([a-z]\))*) of this section\b")
_LETTER = re.compile(r"\(([a-z])\)")
# An Act cited just before the section ("Act No. XIII of 1867, section one"; "Merchant Shipping Act, 1854, section
# 228") or just after it ("section 211 of the Merchant Shipping Act, 1854").
_ACT_BEFORE = re.compile(r"(?P<act>(?:Act No\. [IVXLC]+ of \d{4}|[A-Z][\w' ]*Act(?:,)? \d{4})),? $")
_ACT_AFTER = re.compile(
    r"^,?(?: clause \d+,)? of (?P<act>(?:the )?(?:Act No\. [IVXLC]+ of \d{4}|[A-Z][\w' ]*Act,? \d{4}))"
)


@dataclass(frozen=True)
class Reference:
    """One cross-reference as printed on source ``line``.

    ``kind`` is "section" (numbers given), "last-preceding" ("the last preceding section") or "this-section"
    (clauses of the section it stands in). ``external`` names the other Act when the reference leaves this one.
    """

    line: int
    text: str
    kind: str
    numbers: tuple[int, ...] = ()
    clauses: tuple[str, ...] = ()
    external: str | None = None


def _numbers(listed: str) -> tuple[int, ...]:
    parts = re.split(r", and |, | and | or ", listed.replace("section ", ""))
    values = []
    for part in parts:
        part = part.strip()
        values.append(int(part) if part.isdigit() else parse_word_number(part))
    return tuple(v for v in values if v is not None)


def references_in(line: int, text: str) -> list[Reference]:
    """Every cross-reference in ``text`` (the words of source ``line``), in reading order."""
    found: list[tuple[int, Reference]] = []
    for m in _SECTIONS.finditer(text):
        before = _ACT_BEFORE.search(text[: m.start()])
        after = _ACT_AFTER.match(text[m.end() :])
        act = before or after
        external = act.group("act").removeprefix("the ") if act else None
        clauses = (m.group("letter"),) if m.group("letter") else ()
        ref = Reference(line, m.group(0), "section", _numbers(m.group("nums")), clauses, external)
        found.append((m.start(), ref))
    for m in _LAST_PRECEDING.finditer(text):
        found.append((m.start(), Reference(line, m.group(0), "last-preceding")))
    for m in _THIS_SECTION_CLAUSES.finditer(text):
        clauses = tuple(_LETTER.findall(m.group("clauses")))
        found.append((m.start(), Reference(line, m.group(0), "this-section", (), clauses)))
    return [ref for _, ref in sorted(found, key=lambda pair: pair[0])]


def collect(lines: list[tuple[int, str]]) -> list[Reference]:
    """Every cross-reference in the numbered source ``lines``, in order."""
    refs: list[Reference] = []
    for number, text in lines:
        refs.extend(references_in(number, text))
    return refs

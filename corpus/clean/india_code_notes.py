"""India Code's amendment apparatus: the marks in a section's text and the footnotes that explain them.

India Code prints an older Act consolidated. Words a later Act inserted or substituted stand in numbered brackets
(the 1958 Act's s.141(3): ``seaman,1[to the person nominated … legal heirs.]``), whole clauses, sub-sections and
sections too (s.51: ``1[51. Rights of mortgagee.-- (1) …]``); omitted words are ``2***`` (s.84(1)(a)); a
commencement note's mark is glued to the word it annotates (MPAA 2021 s.1(2): ``such date1 as``) or stands apart.
The footnotes follow the text as ``[Footnote] 1. … 2. …`` paragraphs, several notes to a paragraph. Each note says
what happened (``Subs.``, ``Ins.``, ``omitted``, ``renumbered`` …), by which Act and section (``by Act 41 of 1984,
s. 11``, or ``by s. 4, ibid.``: the Act of the note before it), for what (``for "to his legal heirs"``, ``for section
51``) and from when (``(w.e.f. 15-7-1985)``).

:func:`notes` splits a section's footnote paragraphs into notes; :func:`scan` finds the marks in its text;
:func:`note_markup` writes a note's markup with its facts as data (the shape: :mod:`corpus.layouts.india_code`).
"""

from __future__ import annotations

import datetime
import re
from dataclasses import dataclass, field

from corpus import markup

FOOTNOTES = re.compile(r"\s*\[Footnote\]\s*")
"""Where a footnote paragraph starts (the record's ``\\n\\n[Footnote] ``)."""

_LABEL = (
    r"(?:^|(?<=\s))(?<!\bs\. )(?<!\bAct )(?P<n>{n})"
    r"(?:\s?\.\s+(?:\.\s+)?(?=\S)|\.(?=[A-Z][a-z])|\s+(?=[A-Z])|(?=[A-Z][a-z])|\s+(?=\d\d?(?:st|nd|rd|th)\b))"
)
"""A note's label at its start: ``1. ``, ``1 . ``, ``1 `` (1958 s.401), ``4. . `` (s.258), ``302 ``, ``318Serial``
(s.436), ``5.The`` (s.299); not the section of "s. 2" or the number of "Act 41"."""

KINDS = (
    ("substituted", r"\b[Ss]ubs\.|\bsubstituted\b"),
    ("inserted", r"\b[Ii]ns\.|\binserted\b"),
    ("added", r"\bAdded\b|\badded\b"),
    ("omitted", r"\bomitted\b|\bomitt"),
    ("renumbered", r"\bre-?numbered\b"),
    ("repealed", r"\brepealed\b"),
    ("amended", r"\bamended\b"),
    ("extended", r"\bExtended\b"),
)
"""What a note says happened, by the word that says it (the earliest in the note wins)."""
_ANY_LABEL = re.compile(_LABEL.format(n=r"\d\d?\d?"))
_KIND = re.compile("|".join(f"(?P<{name}>{pattern})" for name, pattern in KINDS))
_COMMENCEMENT = re.compile(r"^\d{1,2}(?:st|nd|rd|th)\s+\w+,?\s+\d{4}\b.*\b[Nn]otification\b")
_ACT = re.compile(r"\bAct (?P<number>\d{1,3}) ?of ?(?P<year>\d{4})\b")
_ORDER = re.compile(r"\bthe A\.O\.(?: \(No\. \d\),)? \d{4}")
_IBID = re.compile(r"\bibid\.?")
_SECTION = re.compile(r"\bs\. ?\d{1,3}[A-Z]?\b(?: and (?:the )?(?:Second |Fifteenth )?Sch(?:edule|\.)?)?")
_WEF = re.compile(r"\bw\. ?e\. ?f\b\.? ?(?P<d>\d{1,2}) ?-(?P<m>\d{1,2})-(?P<y>\d{4})")
"""A note's date of effect: "w.e.f. 15-7-1985", also as India Code misprints it: "w.e.f 5-12-2000" (the 1993 Act's
s.2), "w.e.f.15-7-1985", "w. e. f. …", "w.e.f. 15 -9-1995"."""
_QUOTED = re.compile(r'"(?P<words>[^"]+)"')
_FOR_DESCRIBED = re.compile(
    r"\bfor (?P<what>(?:the )?(?:certain words|(?:sub-)?sections? [\dA-Z() ,and]+?"
    r"|(?:sub-)?clauses? \(\w+\)(?:(?:, | and )\(\w+\))*"  # "for clauses (k) and (l)" (the 1993 Act's s.2)
    r"|cl\. \(\w+\)|s\. \d+[A-Z]?|PART [IVXLA-Z]+))(?= \(w\. ?e\. ?f\b|[.,;]|$)"
)


@dataclass
class Note:
    """One footnote of a section: its ``mark`` (number), its ``text`` as printed, where it stands in the section's
    content (``start``; ``label`` is the span of its label ``1. ``), and the facts read from it."""

    mark: str
    text: str
    start: int
    label: tuple[int, int]
    kind: str = "other"
    act: tuple[str, str] | None = None  # (number, year) of the amending Act, as printed or as "ibid." names it
    ibid: bool = False
    wef: str | None = None  # YYYY-MM-DD
    replaced: str | None = None  # the words replaced or omitted, when quoted
    facts: dict[str, str] = field(default_factory=dict)


def notes(content: str, offset: int) -> list[Note]:
    """The notes of the footnote paragraphs ``content`` (which starts at ``offset`` of the section's content), in
    order: each paragraph's notes numbered on from its first (``1. … 2. …``)."""
    found: list[Note] = []
    paragraphs = [(m.end(), m.start()) for m in FOOTNOTES.finditer(content)]
    for index, (start, _) in enumerate(paragraphs):
        end = paragraphs[index + 1][1] if index + 1 < len(paragraphs) else len(content)
        found += _paragraph_notes(content[start:end], offset + start)
    return found


_STAR_LABEL = re.compile(r"(?P<n>\*)\.?\s+")
"""A note marked with an asterisk: the 1993 Act's s.1(2) "… Jammu and Kashmir*." and its footnote "*. Vide …"."""


def _paragraph_notes(paragraph: str, offset: int) -> list[Note]:
    first = _ANY_LABEL.match(paragraph)
    star = _STAR_LABEL.match(paragraph) if first is None else None
    if star is not None:
        span = (offset + star.start(), offset + star.end())
        return [Note("*", paragraph[star.end() :].strip(), offset + star.end(), span)]
    if first is None:
        return [Note("", paragraph.strip(), offset, (offset, offset))]
    labels = [first]
    number = int(first["n"])
    for following in _ANY_LABEL.finditer(paragraph, first.end()):
        if int(following["n"]) == number + 1:
            labels.append(following)
            number += 1
    out = []
    for index, label in enumerate(labels):
        end = labels[index + 1].start() if index + 1 < len(labels) else len(paragraph)
        text = paragraph[label.end() : end].strip()
        out.append(Note(label["n"], text, offset + label.end(), (offset + label.start(), offset + label.end())))
    return out


def read_facts(note: Note, earlier_act: tuple[str, str] | None, year_range: tuple[int, int]) -> None:
    """Fill ``note``'s facts from its text. ``earlier_act`` is the Act an ``ibid.`` names (the Act of the note before
    it, when nothing stands between them), ``year_range`` the years a w.e.f. date may fall in."""
    text = note.text
    kind = _KIND.search(text)
    if kind is not None:
        note.kind = kind.lastgroup or "other"
    elif _COMMENCEMENT.match(text):
        note.kind = "commencement"
    act = _ACT.search(text)
    if act is not None:
        note.act = (act["number"], act["year"])
    elif _IBID.search(text) and not _ORDER.search(text):
        note.ibid = True
        note.act = earlier_act
    wef = _WEF.search(text)
    if wef is not None and year_range[0] <= int(wef["y"]) <= year_range[1] and _a_date(wef):
        note.wef = f"{int(wef['y']):04d}-{int(wef['m']):02d}-{int(wef['d']):02d}"
        if note.ibid and note.act is not None and int(note.act[1]) > int(wef["y"]):
            note.act = None  # "ibid." cannot be an Act later than the date it took effect from (1958 s.436, 311)
    quoted = _QUOTED.search(text)
    if note.kind == "substituted":
        lead = re.search(r'\bfor (?:the words? )?"', text)
        if lead is not None and quoted is not None and quoted.start() == lead.end() - 1:
            note.replaced = quoted["words"]
    elif note.kind == "omitted":
        words = re.match(r'^The words? "(?P<words>[^"]+)" omitted\b', text)
        if words is not None:
            note.replaced = words["words"]


def _a_date(wef: re.Match[str]) -> bool:
    """Whether the day, month and year of a w.e.f. date make a day of the calendar."""
    try:
        datetime.date(int(wef["y"]), int(wef["m"]), int(wef["d"]))
    except ValueError:
        return False
    return True


def note_markup(note: Note) -> str:
    """The note's text in markup, its facts marked as data (see :mod:`corpus.layouts.india_code`)."""
    text = note.text
    spans: list[tuple[int, int, str, str]] = []  # (start, end, opener, closer) on ``text``
    if note.kind not in {"other", "commencement"}:
        kind = _KIND.search(text)
        assert kind is not None
        spans.append((kind.start(), kind.end(), "{{inline{name amendment|class " + note.kind + "} ", "}}"))
    act = _ACT.search(text)
    ibid = _IBID.search(text) if note.ibid else None
    by = act or ibid
    if by is not None and note.act is not None:
        href = f"/akn/in/act/{note.act[1]}/{note.act[0]}"
        spans.append((by.start(), by.end(), "{{>" + href + " ", "}}"))
    elif _ORDER.search(text):
        order = _ORDER.search(text)
        assert order is not None
        spans.append((order.start(), order.end(), "{{inline{name by} ", "}}"))
    section = _SECTION.search(text)
    if section is not None:
        spans.append((section.start(), section.end(), "{{inline{name section} ", "}}"))
    if note.replaced is not None:
        at = text.find(f'"{note.replaced}"')
        spans.append((at, at + len(note.replaced) + 2, "{{inline{name replaced|class quoted} ", "}}"))
    else:
        described = _FOR_DESCRIBED.search(text)
        if described is not None and note.kind == "substituted":
            spans.append(
                (described.start("what"), described.end("what"), "{{inline{name replaced|class described} ", "}}")
            )
    wef = _WEF.search(text)
    if wef is not None and note.wef is not None:
        spans.append((wef.start("d"), wef.end("y"), "{{inline{name wef|title " + note.wef + "} ", "}}"))
    return _wrap(text, spans)


def _wrap(text: str, spans: list[tuple[int, int, str, str]]) -> str:
    """``text`` in markup with each span wrapped in its opener and closer (spans that overlap an earlier one are
    left out)."""
    out, cut = [], 0
    for start, end, opener, closer in sorted(spans):
        if start < cut:
            continue
        out += [markup.text(text[cut:start]), opener, markup.text(text[start:end]), closer]
        cut = end
    out.append(markup.text(text[cut:]))
    return "".join(out)


# -- the marks in the text -----------------------------------------------------------------------------------------

OPEN, CLOSE, OMISSION, GLUED, APART = "open", "close", "omission", "glued", "apart"


@dataclass(frozen=True)
class Mark:
    """A mark in a section's text: ``kind`` (OPEN ``1[``, CLOSE ``]``, OMISSION ``2***``, GLUED ``date1``, APART
    ``date 1``), the note's number, and the span of the characters the law text loses (``start``, ``end``)."""

    kind: str
    mark: str
    start: int
    end: int


_MARKS = re.compile(
    r"(?P<open>(?<![\d(])(?P<o>\d{1,3}) ?\[)"
    r"|(?P<close>\])"
    r"|(?P<omit>(?<![\d(])(?P<m>\d{1,3}) ?\*(?: ?\*)+)"
    r"|(?P<glued>(?<=[A-Za-z,;:.)])(?P<g>\d{1,3})(?=[\s,.;:\[]|$))"
    r"|(?P<star>(?<=[A-Za-z)])\*(?=[\s,.;:]|$))"
    r"|(?P<year>(?<![\d.,/-])(?P<y>1[6-9]\d\d|20\d\d)(?P<ym>\d{1,3})(?=[\s,.;:)\[]|$))"
)
"""The marks of a section's text. ``year``: a mark glued to a year ("the Indian Merchant Shipping Act, 18592 (1 of
1859)", the Indian Ports Act, 1908 s.17(2)(a): 1859 and mark 2), a mark only when the section has that footnote, no
other mark of it is in the text and the year left is one a citation may name (:func:`scan`)."""


def scan(text: str, marks: set[str], years: tuple[int, int] = (1600, 2099)) -> list[Mark]:
    """The marks of ``text`` whose numbers are in ``marks`` (the section's footnotes), in order; brackets matched
    (a ``]`` with no open bracket before it is not a mark). ``years``: the years a citation in the text may name (a
    mark glued to a year is read only when the year left is one of them)."""
    found: list[Mark] = []
    to_year: list[Mark] = []
    depth = 0
    for match in _MARKS.finditer(text):
        if match["open"] and match["o"] in marks:
            found.append(Mark(OPEN, match["o"], match.start(), match.end()))
            depth += 1
        elif match["close"] and depth:
            found.append(Mark(CLOSE, "", match.start(), match.end()))
            depth -= 1
        elif match["omit"] and match["m"] in marks:
            found.append(Mark(OMISSION, match["m"], match.start(), match.end()))
        elif match["glued"] and match["g"] in marks and not _a_number(text, match.start()):
            found.append(Mark(GLUED, match["g"], match.start(), match.end()))
        elif match["star"] and "*" in marks:
            found.append(Mark(GLUED, "*", match.start(), match.end()))
        elif match["year"] and match["ym"] in marks and years[0] <= int(match["y"]) <= years[1]:
            to_year.append(Mark(GLUED, match["ym"], match.start("ym"), match.end()))
    seen = {m.mark for m in found}
    for year_mark in to_year:  # only a mark found nowhere else: a number is a year and a mark only for want of one
        if year_mark.mark not in seen:
            found.append(year_mark)
    seen = {m.mark for m in found}
    for mark in sorted((m for m in marks - seen if m.isdigit()), key=int):  # apart: "such date 1 as" (2002 s.1(5))
        apart = re.search(rf"(?<=[a-z]) {mark}(?= [a-z])", text)
        if apart is not None and not _REFERENCE.search(text[max(0, apart.start() - 12) : apart.start()]):
            found.append(Mark(APART, mark, apart.start(), apart.end()))
    return sorted(found, key=lambda m: m.start)


_REFERENCE = re.compile(r"\b(?:section|sub-section|clause|rule|item|Schedule|Form|Part|Chapter|Act|No|of|and|or|to)$")


def _a_number(text: str, at: int) -> bool:
    """Whether the digits at ``at`` end a reference such as "s.141" or "(a)1" that is no mark."""
    return bool(re.search(r"\b(?:s|ss|No|Nos|cl|art)\.$", text[max(0, at - 4) : at]))

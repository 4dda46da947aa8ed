"""Gazette of India noise: what the 16 December 2016 Gazette (source 003) prints around the two Bills' law text.

``clean`` takes the ``(line number, text)`` pairs of a range of the Gazette and returns them without the noise, with
one :class:`~corpus.report.Edit` per removal (its reason says which kind of noise it was):

- running heads, glued inside text lines (SURVEY.md §3): odd pages ``SEC. 2] THE GAZETTE OF INDIA EXTRAORDINARY 9 ``
  (L367), even pages ``2 THE GAZETTE OF INDIA EXTRAORDINARY [PART II— `` whose page number is fused to the previous
  word (L51 ``…India; or2 THE GAZETTE…``). The page number of an even head is read with the expected page (between
  the neighbouring heads' pages), not a greedy ``\\d+``: L4745 ``section 29126`` is "section 29" + page 126.
  L6081 ``166SEC. 2] … 167`` is a line of page numbers only.
- where a head stood between the end of one paragraph and the start of the next (L51 ``…; or2 THE GAZETTE … [PART
  II— (b) any vessel…``), the line comes back as two pairs with the same line number: the old paragraph's tail and
  the new paragraph;
- Act citations printed in the margin, on their own lines (L79 ``80 of 1976.``, L2085 ``80 0f 1976.``) or glued in a
  sentence (L1243 ``Code of Civil 5 of 1908. Procedure, 1908``): not noise but not the sentence's words either, they
  are taken out here (reason :data:`MARGIN_CITATION`) and :func:`place_citations` puts each back as a side note
  beside the Act the text names (the layout writes it as an AKN ``authorialNote placement="side"`` holding a ``ref``
  to the cited Act's FRBR work URI);
- the repeated column row of the s.256 penalty Table, ``(1) (2) (3) (4) (5)``: only its first occurrence (L3493)
  is the Table's own header; the others repeat it after page breaks;
- the masthead and the Gazette's closing imprint (L3-21, L6091-6097), Hindi and legacy-font garble (L5-13), the
  editorial line L1 that is not part of the Gazette;
- junk: lines of punctuation only (L3603 ``.``) and the stray ``5 0`` before Table item 53 (L3849).

The signature of each Statement of Objects and Reasons (``NEW DELHI;``, ``NITIN GADKARI``, the date) is part of
that paper, not noise, and is kept.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from corpus.report import Edit

MARGIN_CITATION = "margin Act citation"

_ODD_HEAD = re.compile(r"(?:^(?P<even>\d{1,3}))?SEC\. 2\] THE GAZETTE OF INDIA EXTRAORDINARY (?P<page>\d{1,3})(?= |$)")
_EVEN_HEAD = re.compile(r"(?P<digits>\d+) THE GAZETTE OF INDIA EXTRAORDINARY \[PART II—(?= |$)")
_MARGIN_CITATION_LINE = re.compile(r"^\d{1,3} [o0]f \d{4}\.(?: \d{1,3} [o0]f \d{4}\.)*$")
_MARGIN_CITATION_GLUED = re.compile(r" \d{1,3} [o0]f (?:1[89]\d\d|20[01]\d)\.(?= |$)")
_COLUMN_ROW = re.compile(r"\(1\) \(2\) \(3\) \(4\) \(5\)")
_MASTHEAD = re.compile(
    r"^(?:REGISTERED NO\.|EXTRAORDINARY\b|PUBLISHED BY AUTHORITY$|Separate paging|LOK SABHA$|—+$|"
    r"The following Bills were introduced|ANOOP MISHRA|UPLOADED BY|GMGIPMRND|"
    r"Bills were introduced in Lok Sabha on .* reg\. )"
)
_HINDI_OR_GARBLE = re.compile(r"[\u0900-\u097F]|[ªñ]")
_PUNCTUATION_ONLY = re.compile(r"^[\s.,;:·•\-–—_]+$")
_STRAY_DIGITS_BEFORE_ITEM = re.compile(r"^\d \d (?=\d{1,3}\. [A-Z])")
# A head between two paragraphs: the text before it ends a clause, the text after it opens one.
_PARAGRAPH_END = re.compile(r"(?:^|[;:—.,]|\b(?:or|and))$")
_PARAGRAPH_START = re.compile(r"^\((?:[a-z]{1,4}|\d{1,3}|[A-Z])\) ")


@dataclass(frozen=True)
class _Head:
    """A running head found on ``line`` at ``start``:``end`` of its text, on ``page``."""

    line: int
    start: int
    end: int
    page: int


def clean(lines: list[tuple[int, str]]) -> tuple[list[tuple[int, str]], list[Edit]]:
    """``lines`` of a Gazette range without the Gazette's noise, and an :class:`Edit` per removal.

    Lines that were pure noise are dropped; a line split by a running head between two paragraphs comes back as two
    pairs with the same line number. Every other line comes back in order, with its words unchanged.
    """
    heads = _running_heads(lines)
    out: list[tuple[int, str]] = []
    edits: list[Edit] = []
    seen_column_row = False
    for number, raw in lines:
        line_edits: list[Edit] = []
        if not raw.strip():
            out.append((number, raw))
            continue
        if whole := _whole_line_noise(raw):
            edits.append(Edit(number, raw, "", whole))
            continue
        pieces = _strip_heads(number, raw, heads.get(number, []), line_edits)
        cleaned_pieces = []
        for piece in pieces:
            piece, seen_column_row = _strip_column_rows(number, piece, seen_column_row, line_edits)
            piece = _strip_glued_citations(number, piece, line_edits)
            if stray := _STRAY_DIGITS_BEFORE_ITEM.match(piece):
                line_edits.append(Edit(number, stray.group(0).strip(), "", "junk: stray digits before a Table item"))
                piece = piece[stray.end() :]
            if piece.strip():
                cleaned_pieces.append(piece.strip())
        edits.extend(line_edits)
        out.extend((number, piece) for piece in cleaned_pieces)
    return out, edits


def _whole_line_noise(raw: str) -> str | None:
    """The reason why ``raw`` is noise as a whole, or None."""
    text = raw.strip()
    if _MARGIN_CITATION_LINE.match(text):
        return MARGIN_CITATION
    if _HINDI_OR_GARBLE.search(text):
        return "Gazette masthead: Hindi or legacy-font garble"
    if _MASTHEAD.match(text):
        return "Gazette masthead or imprint"
    if _PUNCTUATION_ONLY.match(text):
        return "junk: punctuation only"
    page_only = _ODD_HEAD.fullmatch(text)
    if page_only and page_only.group("even") and int(page_only.group("even")) == int(page_only.group("page")) - 1:
        return "running head: page numbers only"
    return None


def _running_heads(lines: list[tuple[int, str]]) -> dict[int, list[_Head]]:
    """Every running head of ``lines``, by line number, with its page number resolved."""
    found: list[tuple[int, re.Match[str], bool]] = []  # (line, match, is_odd)
    for number, text in lines:
        matches = [(m.start(), m, True) for m in _ODD_HEAD.finditer(text)]
        matches += [(m.start(), m, False) for m in _EVEN_HEAD.finditer(text)]
        found.extend((number, m, odd) for _, m, odd in sorted(matches, key=lambda t: t[0]))
    pages: list[int | None] = [int(m.group("page")) if odd else None for _, m, odd in found]
    heads: dict[int, list[_Head]] = {}
    for i, (number, match, odd) in enumerate(found):
        if odd:
            page = int(match.group("page"))  # pages[i]: an odd head's page is its own
            even = match.group("even")
            start = match.start() if even and int(even) == page - 1 else match.start() + len(even or "")
            head = _Head(number, start, match.end(), page)
        else:
            previous = next((p for p in reversed(pages[:i]) if p is not None), None)
            following = next((p for p in pages[i + 1 :] if p is not None), None)
            page = _even_page(match.group("digits"), previous, following)
            pages[i] = page
            head = _Head(number, match.end("digits") - len(str(page)), match.end(), page)
        heads.setdefault(number, []).append(head)
    return heads


def _even_page(digits: str, previous: int | None, following: int | None) -> int:
    """The page number at the end of ``digits`` (fused to a word) that fits between the neighbouring heads' pages."""
    candidates = [int(digits[-n:]) for n in (1, 2, 3) if n <= len(digits) and digits[-n] != "0"]
    candidates = [c for c in candidates if c % 2 == 0] or candidates

    def fits(page: int) -> bool:
        return (previous is None or page > previous) and (following is None or page < following)

    expected = previous + 1 if previous is not None else (following - 1 if following is not None else None)
    fitting = [c for c in candidates if fits(c)] or candidates
    if expected is None:
        return max(fitting)
    return min(fitting, key=lambda c: abs(c - expected))


def _strip_heads(number: int, raw: str, heads: list[_Head], edits: list[Edit]) -> list[str]:
    """``raw`` without its running heads, split in two where a head stood between two paragraphs."""
    pieces = [""]
    position = 0
    for head in heads:
        before = raw[position : head.start]
        after = raw[head.end :].lstrip()
        pieces[-1] += before
        glued = bool(pieces[-1]) and not pieces[-1].endswith(" ") and bool(after)
        edits.append(Edit(number, raw[head.start : head.end].strip(), " " if glued else "", "running head"))
        if pieces[-1].strip() and _PARAGRAPH_END.search(pieces[-1].rstrip()) and _PARAGRAPH_START.match(after):
            pieces.append("")
        elif glued:
            pieces[-1] += " "
        position = head.end
        while position < len(raw) and raw[position] == " ":
            position += 1
    pieces[-1] += raw[position:]
    return pieces


def _strip_column_rows(number: int, text: str, seen: bool, edits: list[Edit]) -> tuple[str, bool]:
    """``text`` without the repeated column rows of the penalty Table; the first one in the range is kept."""
    matches = list(_COLUMN_ROW.finditer(text))
    repeated = matches if seen else matches[1:]
    edits.extend(Edit(number, match.group(0), "", "repeated Table column row") for match in repeated)
    for match in reversed(repeated):
        text = (text[: match.start()].rstrip() + " " + text[match.end() :].lstrip()).strip()
    return text, seen or bool(matches)


def _strip_glued_citations(number: int, text: str, edits: list[Edit]) -> str:
    """``text`` without margin Act citations glued into it (L1243 ``Code of Civil 5 of 1908. Procedure, 1908``)."""
    matches = list(_MARGIN_CITATION_GLUED.finditer(text))
    edits.extend(Edit(number, match.group(0).strip(), "", MARGIN_CITATION) for match in matches)
    for match in reversed(matches):
        text = text[: match.start()] + text[match.end() :]
    return text


# -- margin citations as side notes --------------------------------------------------------------------------------

_CITATION = re.compile(r"(?P<number>\d{1,3}) [o0]f (?P<year>\d{4})\.")
# The Act a sentence names: "the Indian Ports Act, 1908", "Code of Civil Procedure, 1908"; the year of the Act or the
# year before (an Act is often numbered in the year after its title's: "Code of Criminal Procedure, 1973" is 2 of
# 1974, L3999; "Competition Act, 2002" 12 of 2003, MPA L5313).
_NAMED_ACT = r"\b(?:Act|Code|Ordinance)\b[^,;:]{{0,60}}?,? (?:{year}|{before})\b"
# A name without a year (L1265 "sections 193 and 228 of the Indian Penal Code" beside "45 of 1860.").
_NAMED_CODE = re.compile(r"\b(?:[A-Z][a-z]+ )+Code\b(?!,? \d)")
_CLOSING = re.compile(r"[.;:,—]*$")  # matches every text (perhaps nothing)
#: a side note's place in a text line: the index of its :class:`Citation` in :func:`place_citations`' answer
SIDE_NOTE = re.compile("\ue000(\\d+)\ue001")
_NEAR = 6  # text lines either side of a citation's own line in which the Act it cites is looked for


@dataclass(frozen=True)
class Citation:
    """A margin citation: ``printed`` (``80 of 1976.``) on source ``line``, beside the text of ``anchor``."""

    line: int
    printed: str
    number: int
    year: int
    anchor: int = 0  # the source line of the text it stands beside
    named: bool = False  # that text names the Act (else the note stands at the end of its own or the line before)

    @property
    def work(self) -> str:
        """The FRBR work URI of the cited Act (a Central Act: its number and year): ``/akn/in/act/1976/80``."""
        return f"/akn/in/act/{self.year}/{self.number}"


def place_citations(
    lines: list[tuple[int, str]], edits: list[Edit], skip: frozenset[int] = frozenset()
) -> tuple[list[tuple[int, str]], list[Citation]]:
    """``lines`` with a :data:`SIDE_NOTE` mark for each margin citation that :func:`clean` took out (in ``edits``),
    and the citations, each placed once: right after the Act named nearest to where it is printed (for one glued in
    a sentence, its own line or the next, where the sentence goes on: MPA L5213 "…the Board of 38 of 1963." / L5215
    "Trustees constituted under the Major Port Trusts Act, 1963"; else the nearest of the ``_NEAR`` text lines either
    side: L441 and L445 cite the Coasting Vessels Act, 1838 beside the two provisos that name it, L443 and L447), else
    at the end of its own line (glued) or of the text line before it. No citation is placed in a line of ``skip`` (a
    Table's)."""
    texts = [i for i, (n, t) in enumerate(lines) if t.strip() and n not in skip]
    marks: dict[int, list[tuple[int, int]]] = {}  # index in lines -> (position, citation index)
    taken: set[tuple[int, int]] = set()
    placed: list[Citation] = []
    for edit in (e for e in edits if e.reason == MARGIN_CITATION):
        for found in _CITATION.finditer(edit.original):
            number, year = int(found["number"]), int(found["year"])
            glued = [i for i in texts if lines[i][0] == edit.line]
            near = glued + texts[texts.index(glued[-1]) + 1 :][:1] if glued else _nearest(lines, texts, edit.line)
            spot = _named(lines, near, year, taken)
            if spot is None:
                index = glued[-1] if glued else max((i for i in texts if lines[i][0] < edit.line), default=texts[0])
                text = lines[index][1]
                closing = _CLOSING.search(text)
                assert closing is not None  # the pattern matches every text
                spot = (index, len(text) - len(closing.group(0)), False)
            index, position, named = spot
            taken.add((index, position))
            marks.setdefault(index, []).append((position, len(placed)))
            placed.append(Citation(edit.line, found.group(0), number, year, lines[index][0], named))
    out = list(lines)
    for index, at in marks.items():
        text = out[index][1]
        for position, citation in sorted(at, reverse=True):
            text = text[:position] + f"\ue000{citation}\ue001" + text[position:]
        out[index] = (out[index][0], text)
    return out, placed


def _nearest(lines: list[tuple[int, str]], texts: list[int], line: int) -> list[int]:
    """The text lines within ``_NEAR`` of source ``line``, nearest first (the one after it first at equal distance)."""
    after = next((k for k, i in enumerate(texts) if lines[i][0] > line), len(texts))
    window = texts[max(after - _NEAR, 0) : after + _NEAR]
    return sorted(window, key=lambda i: (abs(lines[i][0] - line), lines[i][0] < line))


def _named(
    lines: list[tuple[int, str]], candidates: list[int], year: int, taken: set[tuple[int, int]]
) -> tuple[int, int, bool] | None:
    """Where (line index, position after the name) the first of ``candidates`` names an Act of ``year`` (or, failing
    that, a Code without a year) not already taken by another citation."""
    named = re.compile(_NAMED_ACT.format(year=year, before=year - 1))
    for pattern in (named, _NAMED_CODE):
        for index in candidates:
            for match in pattern.finditer(lines[index][1]):
                if (index, match.end()) not in taken:
                    return index, match.end(), True
    return None

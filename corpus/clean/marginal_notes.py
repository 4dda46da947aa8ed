"""The displaced marginal notes of the Bills in the Gazette (source 003): found, taken out of the text, aligned.

In the Gazette each section's heading is a marginal note beside its first lines. The text extraction put the notes
anywhere near there (SURVEY.md §3, §8 problem 3): on their own line before or after the section number (L41/L43,
L57/L59), stacked (L645/L647), before the number (L389 ``Mercantile Marine Department. 9. (1)…``), before a
subsection or clause (L823 ``…proficiency (2) The Director-General…``), mid-sentence (L49 ``…shall apply
Application of Act. to,—``), at the end of a visual line whose sentence goes on in the next paragraph (L2089 ``…the
Apportionment of liability.`` / L2091 ``liability to make good…``), after a complete sentence (L879), inside another
section (s.267's note in s.266(c), L4079) or inside the s.256 Table (L3993), two on one line (L3183).

:func:`find_sections` finds the section numbers in order (the expected next number only, so Table items and the
papers' paragraphs are never taken for sections). :func:`align` finds the notes and gives them to the sections **by
order, not by distance**: an order-preserving alignment of notes to sections. A first pass takes the unambiguous
layouts; for a section left without a note a second pass looks for the glued layouts between its neighbours' notes.
Continuation stubs such as ``Chapter.`` or ``Part.`` (L2463) after a glued note are text, not notes.
"""

from __future__ import annotations

import itertools
import re
from collections import Counter
from dataclasses import dataclass, field

from corpus.report import Moved

_SECTION_START = re.compile(r"^(?P<num>\d{1,3})\.\s?(?=\(|[A-Z\"'])")
_NOTE_BEFORE_NUMBER = re.compile(r"^(?P<note>[A-Z][^()]*?[A-Za-z.]) (?P<num>\d{1,3})\.\s?(?=\(|[A-Z\"'])")
_STRUCTURAL = re.compile(r"^(?:\(|\d|Provided|Explanation|PART\b|CHAPTER\b|TABLE$)")
_CONTINUATION = re.compile(r"^(?:[a-z]|\d+ [a-z]|(?:Chapter|Part|Act|Convention|India)(?:[,.;]| [a-z]))")
_STUB = re.compile(
    r"^(?:Chapter|Part|Convention|Act)\.$"
)  # ``Chapter.``, ``Part.``, ``Convention.``: the end of a sentence
_NOTE_BEFORE_ENUMERATOR = re.compile(r"^(?P<note>[A-Z][^()]{3,}?) (?P<rest>\((?:\d{1,3}|[a-z]{1,3})\) .*)$")
_MID_LINE_END = re.compile(r"[a-z]\.(?= [a-z(])")  # a note's final period, the sentence going on after it
_NOTE_AFTER_SENTENCE = re.compile(r"[a-z)][.:;] (?P<note>[A-Z][^.;:]{2,}\.?)$")
_NOT_A_NOTE = re.compile(r"\d|[;:—\"]|\b(?:shall|is|are|was|were|has|have|been|it|he|his|such|which)\b")
_OPEN_END = re.compile(r"[A-Za-z0-9,]$")
_LINE_ENDED = re.compile(r"[.;:,—–-]$")
# Capitalised words that go on inside a note ("…to the Fund.", "…of Part.") and so rarely begin one.
_INNER_CAPITALS = frozenset(
    "Act Part Chapter Central Government Indian India Convention Conventions Fund Court Tribunal Director-General "
    "Registrar".split()
)
# Alignment costs: a section left without a note or a note left without a section is dear (the notes are all there,
# in order); a possible note left out is cheap; a note displaced by d lines costs sqrt(d).
_MISSING = 40.0
_STRAY_WEAK = 0.5


@dataclass(frozen=True)
class SectionStart:
    """Section ``number`` begins at ``lines[index]`` (source line ``line``); ``note`` was printed before its number."""

    index: int
    line: int
    number: int
    note: str | None


@dataclass(frozen=True)
class _Note:
    index: int  # in the lines
    line: int  # source line
    text: str
    layout: str
    weak: bool = False  # a possible note only: the alignment takes it only to give a section its note


@dataclass
class Alignment:
    """The lines without the notes, and each section's heading with where it came from."""

    lines: list[tuple[int, str]]
    headings: dict[int, str]  # section number -> heading
    note_lines: dict[int, int]  # section number -> source line of its note
    moved: list[Moved] = field(default_factory=list)
    layouts: Counter[str] = field(default_factory=Counter)
    stray_notes: list[tuple[int, str]] = field(default_factory=list)  # note-like lines no section took

    @property
    def missing(self) -> list[int]:
        return [n for n, h in self.headings.items() if not h]


def find_sections(
    lines: list[tuple[int, str]], last: int, skip: frozenset[int] = frozenset(), first: int = 1
) -> list[SectionStart]:
    """The starts of sections ``first``..``last`` in ``lines``, each the first line after the previous that opens it.

    ``skip`` holds source lines never to read as a section start (a Table's numbered items); ``first`` is 1 but in
    an extract of a Bill (a test's fixture).
    """
    found: list[SectionStart] = []
    expected = first
    for index, (line, text) in enumerate(lines):
        if expected > last:
            break
        if line in skip:
            continue
        start = _SECTION_START.match(text)
        if start and int(start["num"]) == expected:
            found.append(SectionStart(index, line, expected, None))
            expected += 1
            continue
        glued = _NOTE_BEFORE_NUMBER.match(text)
        if glued and int(glued["num"]) == expected:
            found.append(SectionStart(index, line, expected, glued["note"].strip()))
            expected += 1
    return found


def sequence_problem(sections: list[SectionStart], last: int, lines: list[tuple[int, str]]) -> str | None:
    """What is wrong with the sections found in ``lines`` (the whole body), or None: a section of 1..``last`` not
    found (naming the line after which it was looked for), or a section's first line printed again (naming it)."""
    taken = {s.line for s in sections}
    for previous, start in itertools.pairwise(sections):
        for line, text in lines:
            if previous.line < line < start.line and line not in taken:
                again = _SECTION_START.match(text)
                if again and int(again["num"]) == previous.number and text.strip() == _line_text(lines, previous.line):
                    return f"line {line}: section {previous.number} is printed again"
    if len(sections) < last:
        after = f"after section {sections[-1].number} (line {sections[-1].line})" if sections else "in the body"
        return f"section {len(sections) + 1} of {last} not found {after}"
    return None


def _line_text(lines: list[tuple[int, str]], number: int) -> str:
    return next(text.strip() for line, text in lines if line == number)


def align(lines: list[tuple[int, str]], sections: list[SectionStart], table: frozenset[int] = frozenset()) -> Alignment:
    """Find the marginal notes in ``lines`` and align them, in order, to ``sections``.

    ``table`` holds the source lines of a Table, whose cells are never notes (but a whole note line inside it is).
    """
    texts = [text for _, text in lines]
    starts = {s.index: s for s in sections}
    notes: list[_Note] = []
    cut: dict[int, tuple[str, str]] = {}  # index -> (note text, remaining text) for glued notes
    continuation_of_glued: set[int] = set()
    for index, (line, text) in enumerate(lines):
        if not text.strip():
            continue
        nxt = _next_text(texts, index)
        note = starts[index].note if index in starts else None
        if note:
            notes.append(_Note(index, line, note, "before the number"))
            cut[index] = (note, text[len(note) :].strip())
            continue
        if line in table:
            if _is_table_note(text):
                notes.append(_Note(index, line, text, "inside the Table"))
            continue
        if nxt is not None and _continues(texts[nxt]) and text.endswith(".") and index not in continuation_of_glued:
            split = _split_tail(text)
            if split and not _is_note_line(text) and _plausible(split[1]) and re.match(r"[A-Z][a-z]", split[1]):
                notes.append(_Note(index, line, split[1], "at the line end"))
                cut[index] = (split[1], split[0])
                continuation_of_glued.add(nxt)
                continue
        if index in continuation_of_glued:
            continue
        if (found := _glued_note(text, index in starts)) and not _is_note_line(text):
            notes.append(_Note(index, line, found[0], found[1]))
            cut[index] = (found[0], _remove_once(text, found[0]))
            continue
        if (
            index not in starts
            and _is_note_line(text)
            and not (_previous_open(texts, index) and re.match(r"^\w+,", text))
        ):
            parts = _two_notes(text)
            for part in parts:
                layout = "two on one line" if len(parts) > 1 else "own line"
                notes.append(_Note(index, line, part, layout))
        elif note := _line_end_note(text):
            notes.append(_Note(index, line, note, "at the line end, the sentence going on after it", weak=True))
            cut[index] = (note, text[: -len(note)].rstrip())
    notes.sort(key=lambda n: (n.index, texts[n.index].find(n.text)))
    matched = _match(notes, sections)
    return _result(lines, sections, notes, matched, cut)


def _result(
    lines: list[tuple[int, str]],
    sections: list[SectionStart],
    notes: list[_Note],
    matched: dict[int, _Note],
    cut: dict[int, tuple[str, str]],
) -> Alignment:
    taken = {id(n) for n in matched.values()}
    own_lines = {n.index for n in notes if id(n) in taken and n.index not in cut}
    out: list[tuple[int, str]] = []
    for index, (line, text) in enumerate(lines):
        if index in own_lines:
            continue
        if index in cut and any(id(n) in taken for n in notes if n.index == index):
            text = cut[index][1]
            if not text:
                continue
        out.append((line, text))
    alignment = Alignment(out, {s.number: "" for s in sections}, {})
    for number, note in sorted(matched.items()):
        alignment.headings[number] = note.text
        alignment.note_lines[number] = note.line
        alignment.layouts[note.layout] += 1
        alignment.moved.append(Moved(note.line, note.text, f"heading of section {number}"))
    alignment.stray_notes = [(n.line, n.text) for n in notes if id(n) not in taken]
    return alignment


def _remove_once(text: str, note: str) -> str:
    at = text.find(note)
    return " ".join((text[:at].rstrip() + " " + text[at + len(note) :].lstrip()).split())


def _next_text(texts: list[str], index: int) -> int | None:
    for nxt in range(index + 1, len(texts)):
        if texts[nxt].strip():
            return nxt
    return None


def _previous_open(texts: list[str], index: int) -> bool:
    """The text before ``texts[index]`` ends mid-sentence (a Part or Chapter title does not)."""
    for prev in range(index - 1, -1, -1):
        if texts[prev].strip():
            return not texts[prev].isupper() and bool(_OPEN_END.search(texts[prev].rstrip()))
    return False


def _continues(text: str) -> bool:
    """``text`` goes on with the sentence of the line before it."""
    return bool(_CONTINUATION.match(text) or _STUB.match(text))


def _is_note_line(text: str) -> bool:
    """``text`` (a whole line) has the form of a marginal note."""
    text = text.strip()
    if not text or not text[0].isupper() or _STRUCTURAL.match(text) or text.isupper():
        return False
    if len(text) > 150 or len(text.split()) > 22 or re.search(r"[;:—]|\bshall\b", text):
        return False
    return text.endswith(".") or text[-1].isalpha()


def _is_table_note(text: str) -> bool:
    """A whole note line among the Table's cells (L3993 ``Place of trial and jurisdiction of Court.``)."""
    cells = re.search(r"\d|\bPrincipal\b|\bOfficer\b|\bCourt\b(?!\.)", text)
    return _is_note_line(text) and text.endswith(".") and len(text.split()) >= 3 and not cells


def _two_notes(text: str) -> list[str]:
    """Two notes printed on one line (L3183 ``…public authorities. Salvage Contracts.``), else the line."""
    parts = re.split(r"(?<=[a-z]\.) (?=[A-Z])", text)
    if len(parts) == 2 and all(p.endswith(".") and len(p.split()) >= 2 for p in parts):
        return parts
    return [text]


def _split_tail(text: str) -> tuple[str, str] | None:
    """``text`` split before the note glued at its end: the last capitalised word that can begin a note."""
    words = text.split(" ")
    capitals = [i for i, w in enumerate(words) if i > 0 and w[:1].isupper()]
    if not capitals:
        return None
    begin = next((i for i in reversed(capitals) if words[i].rstrip(".,") not in _INNER_CAPITALS), capitals[0])
    note = " ".join(words[begin:])
    if len(words) - begin > 16:
        return None
    return " ".join(words[:begin]), note


def _glued_note(text: str, is_start: bool) -> tuple[str, str] | None:
    """A note glued inside ``text`` (before a subsection or clause, mid-line, after a sentence), with its layout."""
    if not is_start and (m := _NOTE_BEFORE_ENUMERATOR.match(text)) and _plausible(m["note"]):
        return m["note"].strip(), "before a subsection or clause"
    for end in _MID_LINE_END.finditer(text):
        note = _note_ending_at(text[: end.end()], allow_start=True)
        if note and _plausible(note) and (len(note.split()) >= 2 or text.startswith(note)):
            return note, "mid-line"
    if (m := _NOTE_AFTER_SENTENCE.search(text)) and _plausible(m["note"]) and len(m["note"].split()) >= 2:
        return m["note"], "after a complete sentence"
    return None


def _line_end_note(text: str) -> str | None:
    """A note glued at the end of ``text`` whose sentence goes on in a later line (L4079), or None."""
    if not text.endswith("."):
        return None
    note = _note_ending_at(text, allow_start=False)
    if not note or not _plausible(note) or len(note.split()) < 2 or note.split()[0] in _INNER_CAPITALS:
        return None
    if not re.match(r"[A-Z][a-z]", note):
        return None
    return note if _OPEN_END.search(text[: -len(note)].rstrip()) else None


def _note_ending_at(text: str, allow_start: bool) -> str | None:
    """The note that ends ``text``: from the last capitalised word that can begin a note."""
    split = _split_tail(text)
    if split and split[0]:
        return split[1]
    if allow_start and text[:1].isupper():
        return text
    return None


def _plausible(note: str) -> bool:
    """``note`` reads like a marginal note: short, no digits, no finite verb, no clause punctuation."""
    words = note.split()
    return 1 <= len(words) <= 16 and not _NOT_A_NOTE.search(note)


def _match(notes: list[_Note], sections: list[SectionStart]) -> dict[int, _Note]:
    """An order-preserving alignment of ``notes`` to ``sections`` that keeps notes near their sections' starts."""
    notes = sorted(notes, key=lambda n: n.index)
    n, m = len(notes), len(sections)
    inf = float("inf")
    cost = [[inf] * (m + 1) for _ in range(n + 1)]
    step: list[list[str]] = [[""] * (m + 1) for _ in range(n + 1)]
    cost[0][0] = 0.0
    for i in range(n + 1):
        for j in range(m + 1):
            here = cost[i][j]
            if here == inf:
                continue
            if i < n and j < m:
                c = here + abs(notes[i].index - sections[j].index) ** 0.5
                if c < cost[i + 1][j + 1]:
                    cost[i + 1][j + 1], step[i + 1][j + 1] = c, "take"
            stray = here + (_STRAY_WEAK if i < n and notes[i].weak else _MISSING)
            if i < n and stray < cost[i + 1][j]:
                cost[i + 1][j], step[i + 1][j] = stray, "stray"
            if j < m and here + _MISSING < cost[i][j + 1]:
                cost[i][j + 1], step[i][j + 1] = here + _MISSING, "missing"
    matched: dict[int, _Note] = {}
    i, j = n, m
    while i or j:
        move = step[i][j]
        if move == "take":
            matched[sections[j - 1].number] = notes[i - 1]
            i, j = i - 1, j - 1
        elif move == "stray":
            i -= 1
        else:
            j -= 1
    return matched


def mend_line_end_notes(
    alignment: Alignment, body: list[tuple[int, str]]
) -> tuple[list[tuple[int, str]], dict[int, str], list[Moved]]:
    """The aligned lines and headings, with each one-word note cut from a line end extended to its first word.

    A one-word note at a line end (``Board.``, ``Port.``) is the tail of a longer note whose first words stayed on
    the line: the note begins at the last capitalised word of the line that the Bill's text never uses capitalised
    mid-sentence (``Contracts``, ``Scale``; not ``Major`` nor ``Board``).
    """
    headings = dict(alignment.headings)
    lines = list(alignment.lines)
    moved = list(alignment.moved)
    vocabulary = Counter(
        m.group(1) for _, text in body for m in re.finditer(r"(?<=[a-z,] )([A-Z][a-z]+)", text) if text.strip()
    )
    for number, heading in alignment.headings.items():
        if len(heading.split()) != 1 or number not in alignment.note_lines:
            continue
        line = alignment.note_lines[number]
        index = next((i for i, (n, t) in enumerate(lines) if n == line and t.strip()), None)
        if index is None or _LINE_ENDED.search(lines[index][1]):
            continue  # the note stood on its own line, or the line it was cut from ends a sentence
        words = lines[index][1].split(" ")
        begin = next(
            (i for i in range(len(words) - 1, max(len(words) - 16, 0), -1) if _begins_note(words[i], vocabulary)), None
        )
        if begin is None:
            continue
        headings[number] = " ".join(words[begin:]) + " " + heading
        lines[index] = (line, " ".join(words[:begin]))
        moved = [m for m in moved if m.to != f"heading of section {number}"]
        moved.append(Moved(line, headings[number], f"heading of section {number}"))
    return lines, headings, moved


def _begins_note(word: str, vocabulary: Counter[str]) -> bool:
    return bool(re.fullmatch(r"[A-Z][a-z]+", word)) and vocabulary[word] <= 1

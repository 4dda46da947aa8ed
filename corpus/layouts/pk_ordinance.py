"""The ``pk-ordinance`` layout: the Pakistan Merchant Shipping Ordinance, 2001 (``pk-mso-2001``; source 004, L1–5612).

Layout of the source (SURVEY.md §4): L1 the title; L3 the date joined to the (truncated) long title; the preamble
(L5 ``WHEREAS …``, L7, L9 ``NOW, THEREFORE …``); the body from ``PART I`` (L11) to s.610; ``THE SCHEDULE`` (L5550).
First the words the print broke at a line end are joined (:mod:`corpus.clean.pk_hyphens`: ``cer-tificates``). The
body is then read line by line: Parts, Chapters and their cross-headings (:mod:`corpus.clean.pk_hierarchy`), section
headings and the seams between heading and body (:mod:`corpus.clean.pk_seams`, :mod:`corpus.clean.pk_dashes`,
:mod:`corpus.clean.pk_insertion`), then each section's paragraphs are nested and the terms of its definitions marked
(:mod:`corpus.clean.paragraph_lists`, :mod:`corpus.clean.pk_definitions`). The Schedule is
:mod:`corpus.clean.pk_schedule`.

Sections are recognised by their number *in sequence*, so a paragraph that happens to start with a number cannot
open a section. The document's quirks (``corpus/sources/pk-mso-2001.yaml``, each entry naming its line, checked) are
the sequence (1–610, and 79A inserted after 79 at L708), the paragraphs whose opening words the print lost
(``lost_openings``: s.240 L2019, s.311 L2578) and the broken words the text gives no evidence for (``broken_words``).
A section of the sequence that the text does not reach, or a heading that repeats or skips a number, is a
:class:`~corpus.layouts.QuirksError` naming the line. Every non-blank line ends up in the markup; a line
this layout does not understand is kept verbatim as ``P.unparsed`` and reported.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from corpus import markup, outline
from corpus.catalogue import Document
from corpus.clean import paragraph_lists, pk_definitions, pk_hierarchy, pk_hyphens, pk_insertion, pk_schedule, pk_seams
from corpus.clean.paragraph_lists import Block, Node
from corpus.clean.pk_dashes import strip_leading_dash
from corpus.layouts import QuirksError, check_fields, check_line, entries, whole_number
from corpus.report import Edit, MarkupResult, Moved, Unparsed
from corpus.source_text import SourceText


@dataclass(frozen=True)
class Quirks:
    """The document's section sequence (``first``..``last`` and the numbers inserted by amendment: 79A after 79),
    the paragraphs whose opening words the print lost, and the broken words the text holds no evidence for."""

    first: int
    last: int
    inserted: tuple[tuple[str, str, int], ...] = ()  # (number, the number it follows, source line)
    lost_openings: tuple[pk_seams.LostOpening, ...] = ()
    broken_words: tuple[pk_hyphens.Broken, ...] = ()

    @property
    def numbers(self) -> list[str]:
        """The section numbers in order."""
        out = []
        for n in range(self.first, self.last + 1):
            out.append(str(n))
            out += [num for num, after, _ in self.inserted if after == str(n)]
        return out


def read_quirks(data: dict, doc: Document) -> Quirks:
    """The quirks of ``data`` (``doc``'s quirks file)."""
    where = doc.quirks_path.name
    check_fields(data, where, {"sections", "lost_openings", "broken_words"})
    sections = data.get("sections")
    if not isinstance(sections, dict):
        raise QuirksError(f"{where}: field 'sections' must be {{first, last, inserted}}")
    check_fields(sections, f"{where}: sections", {"first", "last", "inserted"})
    inserted = entries(sections, "inserted", f"{where}: sections", {"number": str, "after": str})
    lost = entries(data, "lost_openings", where, {"words": str, "note": str})
    broken = entries(data, "broken_words", where, {"word": str})
    return Quirks(
        whole_number(sections, "first", f"{where}: sections"),
        whole_number(sections, "last", f"{where}: sections"),
        tuple((e["number"], e["after"], e["line"]) for e in inserted),
        tuple(pk_seams.LostOpening(e["line"], e["words"], e["note"]) for e in lost),
        tuple(pk_hyphens.Broken(e["line"], e["word"]) for e in broken),
    )


_DATE_LINE = re.compile(r"^(?P<date>\[[^\]]+\])\s*(?P<title>.+)$")


@dataclass
class Section:
    seam: pk_seams.Seam
    line: int
    paragraphs: list[tuple[int, str]] = field(default_factory=list)


@dataclass
class _State:
    """What the walk over the body has produced so far."""

    out: list[str] = field(default_factory=list)
    edits: list[Edit] = field(default_factory=list)
    moved: list[Moved] = field(default_factory=list)
    unparsed: list[Unparsed] = field(default_factory=list)
    facts: dict[str, int] = field(default_factory=dict)
    section: Section | None = None
    numbers: list[str] = field(default_factory=list)  # the section numbers in order (the quirks')
    lost_openings: dict[int, pk_seams.LostOpening] = field(default_factory=dict)  # by line (the quirks')
    next_section: int | None = None  # index in ``numbers`` of the section expected next (None: any)
    found: list[tuple[str, int]] = field(default_factory=list)  # (number, line) of each section read
    in_chapter: bool = False

    def count(self, fact: str, by: int = 1) -> None:
        self.facts[fact] = self.facts.get(fact, 0) + by


def to_markup(source: SourceText, quirks: Quirks) -> MarkupResult:
    """The bluebell markup of the Ordinance, with every change to the source's words recorded."""
    for num, _, line in quirks.inserted:
        check_line(source, line, f"{num}.", "pk-mso-2001.yaml: sections: inserted")
    for lost in quirks.lost_openings:
        check_line(source, lost.line, lost.words, "pk-mso-2001.yaml: lost_openings")
        if source.first <= lost.line <= source.last and not source.line(lost.line).startswith(lost.words):
            raise QuirksError(f"pk-mso-2001.yaml: lost_openings: line {lost.line} does not start with {lost.words!r}")
    for broken in quirks.broken_words:
        check_line(source, broken.line, broken.word, "pk-mso-2001.yaml: broken_words")
    source, joins = pk_hyphens.join(source, quirks.broken_words)
    lines = source.numbered()
    texts = [t for _, t in lines]
    schedule_start = next((i for i, t in enumerate(texts) if t.strip() == pk_schedule.TITLE), len(lines))
    body_start = next((i for i, t in enumerate(texts[:schedule_start]) if _opens_body(t)), schedule_start)
    preamble_start = next((i for i, t in enumerate(texts[:body_start]) if t.startswith("WHEREAS")), body_start)

    state = _State(numbers=quirks.numbers, edits=joins, lost_openings={o.line: o for o in quirks.lost_openings})
    state.count("hyphen_joins", len(joins))
    preface = [(n, t) for n, t in lines[:preamble_start] if t.strip()]
    preamble = [t for _, t in lines[preamble_start:body_start] if t.strip()]
    if preface:
        state.out += _preface(preface, state)
    if preamble:
        state.out += ["PREAMBLE"] + [f"  {markup.text(t)}\n" for t in preamble]
    state.out.append("BODY")
    _body(lines[body_start:schedule_start], state)
    _check_sequence(state, lines[body_start:schedule_start], whole=source.first == 1 and schedule_start < len(lines))
    schedule = [(n, t) for n, t in lines[schedule_start:] if t.strip()]
    if schedule:
        schedule_markup, unparsed = pk_schedule.to_markup(schedule)
        state.out += ["", *schedule_markup]
        state.unparsed += unparsed
    state.facts["unparsed"] = len(state.unparsed)
    text = "\n".join(state.out).rstrip() + "\n"
    return MarkupResult(text, edits=state.edits, moved=state.moved, unparsed=state.unparsed, facts=state.facts)


def _opens_body(text: str) -> bool:
    """Whether ``text`` is the first line of the body: ``PART I`` (L11), or in an extract a Chapter or section."""
    text = pk_insertion.strip_open(0, text)[0]
    return bool(pk_hierarchy.PART.match(text) or pk_hierarchy.CHAPTER.match(text) or pk_seams.HEADING.match(text))


def _preface(lines: list[tuple[int, str]], state: _State) -> list[str]:
    """L1 the title; L3 ``[3rd October,2001] to consolidate …``: the date and the long title."""
    out = ["PREFACE"]
    for index, (number, text) in enumerate(lines):
        date_line = _DATE_LINE.match(text)
        if index == 0:
            out.append(f"  P.title {markup.text(text)}")
        elif date_line:
            out += [f"  P.date {markup.text(date_line['date'])}", f"  LONGTITLE {markup.text(date_line['title'])}"]
        else:
            out.append(f"  P.unparsed {markup.text(text)}")
            state.unparsed.append(Unparsed(number, text))
        out.append("")
    return out


def _body(lines: list[tuple[int, str]], state: _State) -> None:
    """Walk the body: Parts, Chapters, cross-headings and sections (each section rendered when it ends)."""
    index = 0
    while index < len(lines):
        number, text = lines[index]
        following = _adjacent(lines, index)
        if not text.strip():
            index += 1
            continue
        part, chapter = pk_hierarchy.PART.match(text), pk_hierarchy.CHAPTER.match(text)
        division = part or chapter
        if division:
            _close_section(state)
            titles = [(n, t) for n, t in following if not pk_hierarchy.is_crossheading(t)]
            crossheadings = [(n, t) for n, t in following if pk_hierarchy.is_crossheading(t)]
            heading = _title(titles, state, "Part title" if part else "Chapter title")
            if part:
                state.out += ["", f"PART {division['num']}" + (f" - {heading}" if heading else "")]
                state.in_chapter = False
            else:
                state.out += ["", f"  CHAPTER {division['num']}" + (f" - {heading}" if heading else "")]
                state.in_chapter = True
            for _, cross in crossheadings:
                state.out += ["", f"    CROSSHEADING {markup.text(cross)}"]
                state.count("crossheadings")
            index += 1 + len(following)
            continue
        if pk_hierarchy.is_crossheading(text) and state.in_chapter:
            _close_section(state)
            state.out += ["", f"    CROSSHEADING {markup.text(text)}"]
            state.count("crossheadings")
            index += 1
            continue
        seam = _section_heading(number, text, state)
        if seam is not None:
            _close_section(state)
            index += 1
            if following and pk_seams.is_heading_continuation(following[0][1]):
                pk_seams.continue_heading(seam, *following[0])
                index += 1
            state.section = Section(seam, number)
            if seam.body is not None:
                state.section.paragraphs.append((number, seam.body))
            elif index < len(lines) and lines[index][1].strip():
                body_line = lines[index][0]
                state.section.paragraphs.append((body_line, pk_seams.repair_body_start(seam, number, *lines[index])))
                index += 1
            continue
        if state.section is None:
            state.out.append(f"    P.unparsed {markup.text(text)}")
            state.unparsed.append(Unparsed(number, text))
        else:
            state.section.paragraphs.append((number, text))
        index += 1
    _close_section(state)


def _adjacent(lines: list[tuple[int, str]], index: int) -> list[tuple[int, str]]:
    """The non-blank lines directly under ``lines[index]`` (no blank line between), for headings and titles."""
    found = []
    for number, text in lines[index + 1 :]:
        if not text.strip():
            break
        found.append((number, text))
    return found


def _title(lines: list[tuple[int, str]], state: _State, what: str) -> str:
    """A Part or Chapter title from its one or two lines, without its dash prefix (an edit), markup-escaped."""
    parts = []
    for number, text in lines:
        if not pk_hierarchy.is_title_line(text):
            continue
        stripped, edit = strip_leading_dash(number, text, what)
        if edit:
            state.edits.append(edit)
        parts.append(stripped.strip())
    if len(parts) > 1:
        state.count("two_line_titles")
    return markup.text(" ".join(parts))


def _section_heading(number: int, text: str, state: _State) -> pk_seams.Seam | None:
    """The section that ``text`` opens when it is the next section heading in sequence, else None.

    The first heading may have any number of the sequence (so that an extract of the Ordinance can be read too).
    """
    stripped, edit = pk_insertion.strip_open(number, text)
    seam = pk_seams.read_heading(number, stripped)
    if seam is None or seam.num not in state.numbers:
        return None
    position = state.numbers.index(seam.num)
    if state.next_section is not None and position != state.next_section:
        return None
    if edit:
        state.edits.append(edit)
        seam.heading_remark = pk_insertion.REMARK
    state.next_section = position + 1
    state.found.append((seam.num, number))
    state.count("sections")
    return seam


def _check_sequence(state: _State, lines: list[tuple[int, str]], whole: bool) -> None:
    """Every section of the sequence was read (``whole``: the source is the whole document), and no line that reads
    as the heading of another section of the sequence was left in a section's text: else an error naming the line."""
    taken = {line for _, line in state.found}
    for number, text in lines:
        seam = pk_seams.read_heading(number, pk_insertion.strip_open(number, text)[0])
        if seam is None or seam.num not in state.numbers or number in taken:
            continue
        last = max(((n, line) for n, line in state.found if line < number), key=lambda f: f[1], default=None)
        expected = state.numbers[state.numbers.index(last[0]) + 1] if last else state.numbers[0]
        problem = "repeats" if any(n == seam.num for n, _ in state.found) else "is out of sequence"
        raise QuirksError(
            f"pk-ordinance: line {number}: the heading of section {seam.num} {problem}"
            f" (section {expected} was expected next)"
        )
    if whole and [n for n, _ in state.found] != state.numbers:
        read = [n for n, _ in state.found]
        missing = next(n for i, n in enumerate(state.numbers) if i >= len(read) or read[i] != n)
        line = state.found[-1][1] if state.found else 0
        raise QuirksError(f"pk-ordinance: section {missing} not found (the last section read is at line {line})")


def _close_section(state: _State) -> None:
    """Nest the paragraphs of the open section and render it."""
    section = state.section
    if section is None:
        return
    state.section = None
    seam = section.seam
    state.edits += seam.edits
    state.moved += seam.moved
    paragraphs = []
    for position, (number, text) in enumerate(section.paragraphs):
        if position == 0:
            text, edit = strip_leading_dash(number, text, "section body")
            if edit:
                state.edits.append(edit)
        text, edit = pk_insertion.strip_close(number, text)
        if edit:
            state.edits.append(edit)
        paragraphs.append((number, text))
    node = Node("section", -1, num=seam.num, line=section.line)
    nester = paragraph_lists.nest(node, paragraphs)
    state.count("joined_lines", sum(len(b.lines) - 1 for b in {id(b): b for b in nester.joined}.values()))
    remarks = {section.paragraphs[0][0]: seam.remark} if seam.remark and section.paragraphs else {}
    definitions = seam.heading.startswith("Definitions")
    heading = f"{markup.text(seam.heading)}{seam.heading_remark}"
    decorate = _decorate(remarks, state.lost_openings, state.count)
    items = paragraph_lists.outline_items(node, state.count, definitions, decorate)
    provision = outline.Provision("SEC", f"{seam.num}.", heading, items)
    state.out += markup.indent(outline.write(provision), 2)


def _decorate(
    remarks: dict[int, str], lost: dict[int, pk_seams.LostOpening], count: Callable[[str], None]
) -> Callable[[Block, str], str]:
    """The Ordinance's own work on a paragraph's markup: the terms of a definition it limits to its place
    (:func:`~corpus.clean.pk_definitions.mark_scoped`, s.389(8)), the seam's remark, the opening words the print
    lost."""

    def decorate(block: Block, text: str) -> str:
        marked = pk_definitions.mark_scoped(text)
        if marked != text:
            count("definitions")
        text = marked
        if block.lines[0] in remarks:
            text = f"{remarks[block.lines[0]]} {text}"
        return pk_seams.with_lost_opening_remark(text, block.lines[0], lost)

    return decorate

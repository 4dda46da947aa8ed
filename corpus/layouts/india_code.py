"""The ``india-code`` layout: a Central Act as India Code's JSON record prints it (``corpus/sources/1_2021.json``).

The record (its README: ``/work/shared/sources/india-code/README.md``) is ``title``, ``issued_date``, ``url`` and
``provisions``, each ``{provision_ref, section, title, content}``. A section's ``content`` is India Code's text
flattened into one string: sub-sections ``(1) … (2) …``, clauses ``(a) …``, sub-clauses ``(i) …``, provisos
``Provided that …`` and ``Explanation.––`` follow each other; footnotes (commencement, amendments) follow as
``\\n\\n[Footnote] 1. …`` paragraphs, and the footnote's mark is glued to the word it annotates (s.1(2), L14 ``such
date1 as``). There are no Part or Chapter headings.

The layout reads the record through its text view (:func:`corpus.source_text.read_record_view`: the JSON file's own
line numbers). Each section's string is cut into paragraphs before each list marker, ``Provided`` and
``Explanation`` that opens a sentence (after ``.``, ``;``, ``:``, a dash, or "; and" / "; or"); a marker inside a
sentence ("sub-section (1) of section 54") is not a cut. The paragraphs are nested by the Ordinance's engine
(:mod:`corpus.clean.paragraph_lists`), which tells a marker that continues a list from one that is the rest of a
sentence. The section numbers are read from the record and checked: each is the one after the last (``5`` after
``4``, or ``4A`` after ``4``); a gap or a repeat is an error naming the line. A footnote becomes an editorial note
(``authorialNote class="editorial"``, marked as printed), never law text, placed at its glued mark; a footnote whose
mark is not found in its section is an error naming the line.

The catalogue entry's title and date must be the record's (``title``, ``issued_date``): else an error naming the
field. Nothing of one Act is in this module: another Central Act in this layout needs only its catalogue entry.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from corpus import labels, markup, outline
from corpus.catalogue import Document
from corpus.clean import paragraph_lists
from corpus.clean.paragraph_lists import Block, Node
from corpus.layouts import QuirksError, check_fields, entries
from corpus.report import Edit, MarkupResult, Moved
from corpus.source_text import SourceText, record_fields

_CUT = re.compile(
    r"(?:(?<=[.;:\-–—])|(?<=; and)|(?<=; or)|(?<=namely)) "
    r"(?=\((?:\d{1,3}[A-Z]?|[a-z]{1,4}|[A-Z])\) |Provided\b|Explanation\b)"
    r"| (?=\(\d{1,3}\) [A-Z])"  # a sub-section whose full stop India Code lost (s.24, L152: "of the Board (3) The")
)
_REFERENCE_WORDS = frozenset(
    "clause clauses sub-clause sub-clauses section sections sub-section sub-sections item items"
    " and or of to in under".split()
)
"""Words that make the marker after them a reference ("clause (a)", "sub-sections (1) and (2)"), not a first item."""
_FOLLOWS = {labels.next_label(first, kind): first for first, kind in labels.FIRST_LABELS.items()}
"""A list's second marker and its first: a paragraph cut at ``(b)`` whose list's ``(a)`` India Code ran into the
sentence before it."""
_FOOTNOTE = re.compile(r"\s*\[Footnote\] (?P<mark>\d{1,2})\. ")
_SECTION = re.compile(r"^(?P<n>\d{1,3})(?P<letter>[A-Z]?)$")
_MARK = "\ue000{}\ue000"  # where a footnote's mark stood, until its note is placed (a private-use character)


@dataclass(frozen=True)
class Quirks:
    """What the layout checks against the record (the catalogue entry's id, title and date), and the sections a
    record lacks: ``absent`` maps the line of the section printed after a gap to the numbers missing before it."""

    doc_id: str
    title: str
    date: str
    absent: dict[int, tuple[str, ...]] = field(default_factory=dict)


def read_quirks(data: dict, doc: Document) -> Quirks:
    """A record needs a quirks file only when it lacks sections (``absent``: number, and the line of the section
    printed after the gap); the entry's title and date are checked against the record."""
    where = doc.quirks_path.name
    check_fields(data, where, {"absent"})
    absent: dict[int, tuple[str, ...]] = {}
    for entry in entries(data, "absent", where, {"number": str, "reason": str}):
        absent[entry["line"]] = (*absent.get(entry["line"], ()), entry["number"])
    return Quirks(doc.id, doc.title, doc.date, absent)


@dataclass
class _Section:
    num: str
    line: int  # of its "section" field
    heading: str = ""
    content: str = ""
    content_line: int = 0


def to_markup(source: SourceText, quirks: Quirks) -> MarkupResult:
    """The bluebell markup of the Act of the record ``source`` (its text view), every change to its words recorded."""
    fields = [(k, n, v) for k, n, v in record_fields(source.path) if source.first <= n <= source.last]
    meta = {k: (n, v) for k, n, v in fields if k in {"title", "issued_date"} and not _in_provisions(fields, n)}
    _check_entry(quirks, meta, source)
    sections = _sections(fields, source, quirks.absent)
    result = MarkupResult(markup="")
    counts: dict[str, int] = {}

    def count(fact: str) -> None:
        counts[fact] = counts.get(fact, 0) + 1

    out = []
    if "title" in meta:
        out += ["PREFACE", f"  P.title {markup.text(meta['title'][1])}", ""]
    body = [_section(s, result, count) for s in sections]
    out += ["BODY", *outline.write_all(body, 1)]
    result.markup = "\n".join(out).rstrip("\n") + "\n"
    absent = [n for line in sorted(quirks.absent) for n in quirks.absent[line]]
    result.facts = {"sections": len(sections), "absent_from_the_record": absent, **dict(sorted(counts.items()))}
    return result


def _in_provisions(fields: list[tuple[str, int, str]], line: int) -> bool:
    """Whether the field on ``line`` is a provision's (it comes after the first ``section`` field)."""
    return any(k == "section" and n < line for k, n, _ in fields)


def _check_entry(quirks: Quirks, meta: dict[str, tuple[int, str]], source: SourceText) -> None:
    file = source.path.name
    for entry_field, key, value in (("title", "title", quirks.title), ("date", "issued_date", quirks.date)):
        if key in meta and meta[key][1] != value:
            raise QuirksError(
                f"catalogue entry {quirks.doc_id}: field '{entry_field}': {value!r} is not the record's {key}"
                f" {meta[key][1]!r} ({file} line {meta[key][0]})"
            )


def _sections(
    fields: list[tuple[str, int, str]], source: SourceText, absent: dict[int, tuple[str, ...]]
) -> list[_Section]:
    """The record's sections in order, their numbers checked against the sequence (less the ``absent`` ones)."""
    sections: list[_Section] = []
    for key, line, value in fields:
        if key == "section":
            if sections:
                _check_follows(sections[-1], value, line, source, absent.get(line, ()))
            sections.append(_Section(value, line))
        elif key == "title" and sections and not sections[-1].heading:
            sections[-1].heading = value
        elif key == "content" and sections:
            sections[-1].content, sections[-1].content_line = source.line(line), line
    return sections


def _check_follows(previous: _Section, num: str, line: int, source: SourceText, absent: tuple[str, ...]) -> None:
    """``num`` (on ``line``) is the section after ``previous`` (its successor, or it with the next letter), or after
    the sections the quirks say the record lacks there."""
    where = f"india-code: {source.path.name} line {line}: section {num!r}"
    if num == previous.num:
        raise QuirksError(f"{where} repeats the section before it (line {previous.line})")
    before = previous.num
    for number in (*absent, num):
        if number not in _following(before, where):
            missing = f"section {number}" if number != num else "a section"
            raise QuirksError(f"{where} does not follow section {before} (line {previous.line}): {missing} is missing")
        before = number


def _following(num: str, where: str) -> set[str]:
    """The numbers that may follow section ``num``: ``5`` or ``4A`` after ``4``."""
    match = _SECTION.match(num)
    if match is None:
        raise QuirksError(f"{where}: {num!r} is not a section number (digits, perhaps a capital letter)")
    return {str(int(match["n"]) + 1), match["n"] + chr(ord(match["letter"] or "@") + 1)}


def _section(section: _Section, result: MarkupResult, count: object) -> outline.Provision:
    """One section: its string cut into paragraphs, nested, its footnotes made editorial notes at their marks."""
    line = section.content_line
    text, notes = _footnotes(section, result)
    paragraphs = [(line, part) for part in _first_markers(_CUT.split(text)) if part]
    node = Node("section", -1, num=section.num, line=section.line)
    paragraph_lists.nest(node, paragraphs)
    definitions = section.heading.startswith("Definitions")
    items = paragraph_lists.outline_items(node, count, definitions, _no_remark)  # type: ignore[arg-type]
    for mark, note in notes:
        if not _place_note(items, mark, note):
            raise QuirksError(f"india-code: line {line}: the mark of footnote {mark} is not in section {section.num}")
    heading = markup.text(section.heading)
    return outline.Provision("SEC", f"{section.num}.", heading, items or [outline.Text(markup.remark("no text"))])


def _first_markers(parts: list[str]) -> list[str]:
    """``parts`` with each list's first item cut from the sentence that introduces it, when India Code printed no
    colon or dash before it: s.57(1), L350 "the Presiding Officer, who (a) has been adjudged as an insolvent; (b) …";
    s.68, L416 "and includes (i) areas such as canteens …; (ii) …". The cut is made only when the next part opens with
    the list's second marker, and not after a word that makes the marker a reference ("clause (a)")."""
    out: list[str] = []
    for part in parts:
        second = paragraph_lists.MARKER.match(part)
        first = _FOLLOWS.get(second["label"]) if second else None
        previous = out[-1] if out else ""
        at = previous.rfind(f" ({first}) ") if first else -1
        if at > 0 and not previous.startswith(f"({first})"):
            before = previous[:at].rsplit(" ", 1)[-1]
            if before.lower() not in _REFERENCE_WORDS:
                out[-1:] = [previous[:at], previous[at + 1 :]]
        out.append(part)
    return out


def _no_remark(block: Block, text: str) -> str:
    return text


def _footnotes(section: _Section, result: MarkupResult) -> tuple[str, list[tuple[str, str]]]:
    """The section's law text without its footnotes, and its footnotes as ``(mark, text)``: each footnote's label an
    Edit, its text Moved to its mark, its glued mark an Edit (the mark becomes the note's marker)."""
    line = section.content_line
    pieces = _FOOTNOTE.split(section.content)
    text, notes = pieces[0].strip(), []
    for mark, note in zip(pieces[1::2], pieces[2::2], strict=True):
        label = f"[Footnote] {mark}. "
        result.edits.append(Edit(line, label, "", "India Code's footnote label: the footnote is an editorial note"))
        result.moved.append(Moved(line, note.strip(), f"editorial note {mark} of section {section.num}, at its mark"))
        glued = re.search(rf"\b(?P<word>[A-Za-z]+){mark}(?=[\s,.;:]|$)", text)
        if glued is None:
            raise QuirksError(f"india-code: line {line}: the mark of footnote {mark} is not in section {section.num}")
        reason = f"footnote mark glued to the word it annotates: the marker of editorial note {mark}"
        result.edits.append(Edit(line, glued.group(0), glued["word"], reason))
        text = text[: glued.end("word")] + _MARK.format(mark) + text[glued.end() :]
        notes.append((mark, note.strip()))
    return text, notes


def _place_note(items: list[outline.Item], mark: str, note: str) -> bool:
    """Put the note of ``mark`` at its mark (found in a paragraph of ``items``, at any depth); False if not found."""
    placeholder = markup.text(_MARK.format(mark))
    for index, item in enumerate(items):
        if isinstance(item, outline.Text) and placeholder in item.markup:
            item.markup = item.markup.replace(placeholder, "{{FOOTNOTE " + mark + "}}", 1)
            footnote = outline.Provision("FOOTNOTE{class editorial}", mark, items=[outline.Text(markup.text(note))])
            items.insert(index + 1, footnote)
            return True
        if isinstance(item, outline.Provision) and _place_note(item.items, mark, note):
            return True
    return False

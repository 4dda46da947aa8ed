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
``4``, or ``4A`` after ``4``); a gap or a repeat is an error naming the line.

India Code prints older Acts consolidated (:mod:`corpus.clean.india_code_notes` reads the apparatus). The law text
is the text as it stands: no bracket digit or ``***`` is left in it. The ONE shape of an amendment (also in
/work/coord/amendment-shape.md, with the 1958 Act's s.141(3) as example):

- the note, at its mark: ``<authorialNote class="editorial" marker="N" placement="bottom">`` with one ``<p>``, the
  footnote as printed, its facts marked: ``<inline name="amendment" class="substituted|inserted|added|omitted|
  renumbered|repealed|amended|extended">``, the amending Act ``<ref href="/akn/in/act/YYYY/N">`` (``ibid.`` resolved
  to the Act of the note before it only when no section is absent between them), ``<inline name="section">``,
  ``<inline name="replaced" class="quoted|described">`` (the words replaced or omitted, when quoted), and the w.e.f.
  date ``<date date="YYYY-MM-DD" class="wef">``;
- the words inside its brackets: ``<ins class="amendment" refersTo="#<the note's eId>">`` right after it, one per
  paragraph when a bracket holds whole clauses, sub-sections or a section (the number outside the span);
- an omission mark leaves the note alone at its place, with the omitted provision's number when the note names one;
- a note whose mark is not in the text is placed at the start of the section (a fact of the report).

Record errors are the quirks file's reviewed data (:func:`read_quirks`): ``absent`` sections (the first ones too),
each with its reason; ``renumber`` a number the harvest split ("344" + title "-I. …" is s.344-I); ``override`` a
wrong ``title`` or ``issued_date`` with the true value, a note and a source; ``close`` a bracket the record never
closes; ``misprint`` words a footnote misprints ("Act of 44 of 2000"), read as the ``right`` words before the notes are
read (so the note's facts are read from them), with an editorial remark in the note saying what the record prints
(a misprint in the law text is an error: that is a correction, ``corpus/corrections/``). A table printed in a section
("Serial No. Offences … Penalties 1 2 3 4 1. If …") becomes a ``TABLE`` with its header rows and one row per item
(its serial, then its text). A list that restarts the series of the item holding it, or runs out of sequence, is an
error naming the file, the line, the section and the marker. Every error names the file.

The catalogue entry's title and date must be the record's (``title``, ``issued_date``): else an error naming the
field. Nothing of one Act is in this module: another Central Act in this layout needs only its catalogue entry.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable
from dataclasses import dataclass, field

from corpus import labels, markup, outline
from corpus.catalogue import Document
from corpus.clean import india_code_notes, paragraph_lists
from corpus.clean.paragraph_lists import Block, Node
from corpus.layouts import QuirksError, check_fields, entries, located
from corpus.report import Edit, MarkupResult, Moved
from corpus.source_text import SourceText, record_fields

_CUT = re.compile(
    # the space before the marker, or the second of two where an omission mark stood between them ("required to
    # hold; 2*** (b) in the case …", the 1958 Act's s.84(1))
    r"(?:(?<=[.;:\-–—])|(?<=; and)|(?<=; or)|(?<=namely)|(?<=[.;:\-–—] )|(?<=; and )|(?<=; or )) "
    r"(?=\((?:\d{1,3}[A-Za-z]?|[a-z]{1,4}|[A-Z])\)(?: |\"\s)|Provided\b|Explanation\b)"  # '(c)" consignee"' (1993 s.2)
    r"| (?=\(\d{1,3}\) [A-Z])"  # a sub-section whose full stop India Code lost (s.24, L152: "of the Board (3) The")
    r"|(?<=[.;:\-–—]) (?=\(\d{1,3}\)\((?:a|i)\) )"  # "prescribed. (4)(a) Every pilgrim ship" (1958 s.259(3)-(4))
    # a clause after ", or" / ", and" (1958 s.276: "within the prescribed period, or (b) who has purchased …"), not a
    # reference's second label ("clause (a), or (b) of …")
    r"|(?:(?<=, or)|(?<=, and)) (?=\([a-z]{1,4}\) (?!(?:of|to|and|or|in|under)\b)[a-z])"
)
_AFTER_LABEL = re.compile(r" (?=\((?:\d{1,3}[A-Za-z]?|[a-z]{1,4}|[A-Z])\) )")
"""A marker after an omitted provision's label: the next provision of its list."""
_GLUED_FIRST_ITEM = re.compile(r"^(?P<num>\(\d{1,3}[A-Za-z]?\)) ?(?=\((?:a|i)\) [A-Z])")
"""A sub-section whose text opens with its list's first item: "(5) (a) The master …" (the 1958 Act's s.255(5)),
"(4)(a) Every pilgrim ship …" (s.259(4)): the sub-section's number, then the item."""
_REFERENCE_WORDS = frozenset(
    "clause clauses sub-clause sub-clauses section sections sub-section sub-sections item items"
    " and or of to in under".split()
)
"""Words that make the marker after them a reference ("clause (a)", "sub-sections (1) and (2)"), not a first item."""
_FOLLOWS = {labels.next_label(first, kind): first for first, kind in labels.FIRST_LABELS.items()}
"""A list's second marker and its first: a paragraph cut at ``(b)`` whose list's ``(a)`` India Code ran into the
sentence before it."""
_DIVISION_REFERENCE = re.compile(r"\b(?:[Tt]his|that|the said) (?:Part|Chapter)\b|\b(?:Part|Chapter) [IVXL]+[A-Z]?\b")
"""A reference to a Part or Chapter: India Code's records print no Part or Chapter headings, so none resolves."""
_SECTION = re.compile(r"^(?P<n>\d{1,3})(?:-?(?P<letter>[A-Z]))?$")


@dataclass(frozen=True)
class Renumbered:
    """A provision whose number the record split: its ``section`` field (``line``) holds ``printed`` and its title
    begins with the rest (``title_prefix``); the provision is ``number``."""

    line: int
    printed: str
    number: str
    title_prefix: str
    reason: str


@dataclass(frozen=True)
class Override:
    """A record's field (``title`` or ``issued_date``, on ``line``) that is wrong: ``printed`` is what the record
    says, ``value`` the true value, with a ``note`` and a ``source``."""

    field: str
    line: int
    printed: str
    value: str
    note: str
    source: str


@dataclass(frozen=True)
class Close:
    """A bracket the record opens and never closes (``mark``'s ``N[`` in the content on ``line``): it closes right
    after the first ``after`` printed after the mark, as its note says (the words the note says it substituted), with a
    ``note`` for readers and its ``source``."""

    line: int
    mark: str
    after: str
    note: str
    source: str


@dataclass(frozen=True)
class Misprint:
    """Words a footnote of the content on ``line`` misprints: ``wrong`` (printed exactly once on that line) is read as
    ``right`` before the layout reads the section, with a ``note`` for readers and its ``source``; ``at`` and
    ``wrong_at`` are the places of the entry and of its ``wrong`` field in the quirks file (``in-mtga-1993.yaml: line
    30: misprint entry 1``), for errors."""

    line: int
    wrong: str
    right: str
    note: str
    source: str
    at: str = ""
    wrong_at: str = ""


@dataclass(frozen=True)
class Quirks:
    """What the layout checks against the record (the catalogue entry's id, title and date), and the record's errors
    corrected as reviewed data: the sections it lacks (``absent``: the line of the section printed after the gap →
    (number, reason) in order), the provisions whose number it split (``renumber``, by the line of their ``section``
    field), the fields it gives wrongly (``override``, by field), the brackets it never closes (``close``) and the words
    its footnotes misprint (``misprint``), these two by the line of their ``content`` field."""

    doc_id: str
    title: str
    date: str
    absent: dict[int, tuple[tuple[str, str], ...]] = field(default_factory=dict)
    renumber: dict[int, Renumbered] = field(default_factory=dict)
    override: dict[str, Override] = field(default_factory=dict)
    file: str = ""
    close: dict[int, tuple[Close, ...]] = field(default_factory=dict)
    misprint: dict[int, tuple[Misprint, ...]] = field(default_factory=dict)


def read_quirks(data: dict, doc: Document) -> Quirks:
    """A record needs a quirks file only for its errors: ``absent`` (number, reason, and the line of the section
    printed after the gap), ``renumber`` (line of the ``section`` field, printed, number, title_prefix, reason) and
    ``override`` (field, line, printed, value, note, source) and ``close`` (line of the ``content`` field, mark,
    after, note, source: a bracket the record never closes) and ``misprint`` (line of the ``content`` field, wrong,
    right, note, source: words a footnote misprints). The entry's title and date are checked against the record (or
    against an override's value)."""
    where = doc.quirks_path.name
    check_fields(data, where, {"absent", "renumber", "override", "close", "misprint"})
    absent: dict[int, tuple[tuple[str, str], ...]] = {}
    for entry in entries(data, "absent", where, {"number": str, "reason": str}):
        absent[entry["line"]] = (*absent.get(entry["line"], ()), (entry["number"], entry["reason"]))
    fields = {"printed": str, "number": str, "title_prefix": str, "reason": str}
    renumber = {e["line"]: Renumbered(**e) for e in entries(data, "renumber", where, fields)}
    fields = {"field": str, "printed": str, "value": str, "note": str, "source": str}
    override: dict[str, Override] = {}
    for index, entry in enumerate(entries(data, "override", where, fields), start=1):
        if entry["field"] not in {"title", "issued_date"}:
            raise QuirksError(f"{where}: override entry {index}: field 'field' must be title or issued_date")
        override[entry["field"]] = Override(**entry)
    close: dict[int, tuple[Close, ...]] = {}
    for entry in entries(data, "close", where, {"mark": str, "after": str, "note": str, "source": str}):
        close[entry["line"]] = (*close.get(entry["line"], ()), Close(**entry))
    misprint: dict[int, tuple[Misprint, ...]] = {}
    fields = {"wrong": str, "right": str, "note": str, "source": str}
    for index, entry in enumerate(entries(data, "misprint", where, fields), start=1):
        at, wrong_at = (
            f"{located(where, data, ['misprint', index - 1, *f])}: misprint entry {index}" for f in ([], ["wrong"])
        )
        misprint[entry["line"]] = (*misprint.get(entry["line"], ()), Misprint(**entry, at=at, wrong_at=wrong_at))
    return Quirks(doc.id, doc.title, doc.date, absent, renumber, override, doc.source_path.name, close, misprint)


@dataclass
class _Section:
    num: str
    line: int  # of its "section" field
    heading: str = ""
    content: str = ""
    content_line: int = 0
    heading_line: int = 0
    after_gap: bool = False
    fix: Renumbered | None = None
    prefix_edit: Edit | None = None
    misprints: list[tuple[Misprint, int]] = field(default_factory=list)  # each read as right, where it now stands


def to_markup(source: SourceText, quirks: Quirks) -> MarkupResult:
    """The bluebell markup of the Act of the record ``source`` (its text view), every change to its words recorded."""
    fields = [(k, n, v) for k, n, v in record_fields(source.path) if source.first <= n <= source.last]
    meta = {k: (n, v) for k, n, v in fields if k in {"title", "issued_date"} and not _in_provisions(fields, n)}
    _check_entry(quirks, meta, source)
    sections = _sections(fields, source, quirks)
    for line in (n for n in quirks.misprint if source.first <= n <= source.last):
        if not any(s.content_line == line for s in sections):
            raise QuirksError(
                f"{quirks.misprint[line][0].at}: field 'line': {source.path.name} line {line} is no section's content"
            )
    result = MarkupResult(markup="")
    counts: dict[str, int] = {}

    def count(fact: str) -> None:
        counts[fact] = counts.get(fact, 0) + 1

    out = []
    if "title" in meta:
        title = markup.text(meta["title"][1])
        fix = quirks.override.get("title")
        if fix is not None:
            remark = f"The record's title reads {fix.printed!r}; corrected to {fix.value!r}: {fix.note} ({fix.source})"
            title = markup.text(fix.value) + " " + markup.remark(remark)
            result.edits.append(Edit(fix.line, fix.printed, fix.value, f"the record's title corrected: {fix.note}"))
        out += ["PREFACE", f"  P.title {title}", ""]
    year = int(quirks.date[:4])
    state = _State(source.path.name, (year, 2099), closes=dict(quirks.close))
    body: list[outline.Item] = []
    for s in sections:
        if s.after_gap:
            state.last_act = None  # an "ibid." after a gap may name the Act of a note the record lacks
        body.append(_section(s, result, count, state))
    for line in (n for n in state.closes if source.first <= n <= source.last):
        raise QuirksError(f"{quirks.doc_id}.yaml: close: {source.path.name} line {line} is no section's content")
    out += ["BODY", *outline.write_all(body, 1)]
    result.markup = "\n".join(out).rstrip("\n") + "\n"
    absent = [{"number": n, "reason": r} for line in sorted(quirks.absent) for n, r in quirks.absent[line]]
    result.facts = {
        "sections": len(sections),
        "absent_from_the_record": absent,
        "renumbered": [f"{r.printed} -> {r.number} (line {r.line})" for _, r in sorted(quirks.renumber.items())],
        "notes whose mark is not in the text": state.unplaced,
        "references to a Part or Chapter (the record has none)": sum(
            len(_DIVISION_REFERENCE.findall(s.content)) for s in sections
        ),
        **dict(sorted(counts.items())),
    }
    return result


def _in_provisions(fields: list[tuple[str, int, str]], line: int) -> bool:
    """Whether the field on ``line`` is a provision's (it comes after the first ``section`` field)."""
    return any(k == "section" and n < line for k, n, _ in fields)


def _check_entry(quirks: Quirks, meta: dict[str, tuple[int, str]], source: SourceText) -> None:
    file = source.path.name
    for entry_field, key, value in (("title", "title", quirks.title), ("date", "issued_date", quirks.date)):
        if key not in meta:
            continue
        fix = quirks.override.get(key)
        if fix is not None and (fix.printed != meta[key][1] or fix.line != meta[key][0]):
            raise QuirksError(
                f"{quirks.doc_id}.yaml: override of {key}: {file} line {meta[key][0]} holds {meta[key][1]!r},"
                f" not {fix.printed!r} on line {fix.line}"
            )
        expected = fix.value if fix is not None else meta[key][1]
        if expected != value:
            what = f"the override's value {expected!r}" if fix else f"the record's {key} {expected!r}"
            raise QuirksError(
                f"catalogue entry {quirks.doc_id}: field '{entry_field}': {value!r} is not {what}"
                f" ({file} line {meta[key][0]})"
            )


def _sections(fields: list[tuple[str, int, str]], source: SourceText, quirks: Quirks) -> list[_Section]:
    """The record's sections in order, their numbers checked against the sequence (less the ``absent`` ones)."""
    sections: list[_Section] = []
    file = source.path.name
    renumber = dict(quirks.renumber)
    for key, line, value in fields:
        if key == "section":
            fix = renumber.pop(line, None)
            if fix is not None:
                if value != fix.printed:
                    raise QuirksError(
                        f"{file} line {line}: renumber: the section field is {value!r}, not {fix.printed!r}"
                    )
                value = fix.number
            absent = tuple(n for n, _ in quirks.absent.get(line, ()))
            if sections:
                _check_follows(sections[-1], value, line, file, absent)
            elif source.first == 1:  # the whole record (not a test's extract of it)
                _check_first(value, line, file, absent)
            sections.append(_Section(value, line, after_gap=bool(absent), fix=fix))
        elif key == "title" and sections and not sections[-1].heading:
            section = sections[-1]
            fix = section.fix
            heading = source.line(line)
            if fix is not None:
                if not heading.startswith(fix.title_prefix):
                    raise QuirksError(
                        f"{file} line {line}: renumber: the title does not begin with {fix.title_prefix!r}"
                    )
                heading = heading[len(fix.title_prefix) :]
                section.prefix_edit = Edit(
                    line, fix.title_prefix, "", f"the section's number split by the record: {fix.reason}"
                )
            section.heading, section.heading_line = heading, line
        elif key == "content" and sections:
            sections[-1].content, sections[-1].content_line = source.line(line), line
            _read_misprints(sections[-1], quirks.misprint.get(line, ()), file)
    for line in (n for n in renumber if source.first <= n <= source.last):
        raise QuirksError(f"{quirks.doc_id}.yaml: renumber: {file} line {line} is no section field")
    for line in (n for n in quirks.absent if source.first <= n <= source.last):
        if not any(s.line == line for s in sections):
            raise QuirksError(f"{quirks.doc_id}.yaml: absent: {file} line {line} is no section field")
    return sections


def _read_misprints(section: _Section, misprints: tuple[Misprint, ...], file: str) -> None:
    """The section's content with each misprint's ``wrong`` words read as its ``right`` ones (in the entries' order);
    an error naming the entry's line and field when the words are not printed exactly once on the line."""
    for fix in misprints:
        found = section.content.count(fix.wrong)
        if found != 1:
            raise QuirksError(
                f"{fix.wrong_at}: field 'wrong': {fix.wrong!r} is printed {found} times on {file} line {fix.line},"
                " not once"
            )
        at = section.content.index(fix.wrong)
        shift = len(fix.right) - len(fix.wrong)
        section.misprints = [(m, p + shift if p > at else p) for m, p in section.misprints] + [(fix, at)]
        section.content = section.content[:at] + fix.right + section.content[at + len(fix.wrong) :]


def _check_first(num: str, line: int, file: str, absent: tuple[str, ...]) -> None:
    """The first section printed is section 1, or the one after the first sections the quirks say it lacks."""
    allowed, before = {"1"}, "section 0"
    for number in (*absent, num):
        if number not in allowed:
            missing = "section 1" if before == "section 0" else f"the section after {before}"
            raise QuirksError(
                f"india-code: {file} line {line}: section {num!r} is the record's first: {missing} is missing"
                " (declare it absent, with its reason)"
            )
        allowed, before = _following(number, f"india-code: {file} line {line}"), number


def _check_follows(previous: _Section, num: str, line: int, file: str, absent: tuple[str, ...]) -> None:
    """``num`` (on ``line``) is the section after ``previous`` (its successor, or it with the next letter), or after
    the sections the quirks say the record lacks there."""
    where = f"india-code: {file} line {line}: section {num!r}"
    if num == previous.num:
        raise QuirksError(f"{where} repeats the section before it (line {previous.line})")
    before = previous.num
    for number in (*absent, num):
        if number not in _following(before, where):
            missing = f"section {number}" if number != num else "a section"
            raise QuirksError(f"{where} does not follow section {before} (line {previous.line}): {missing} is missing")
        before = number


def _following(num: str, where: str) -> set[str]:
    """The numbers that may follow section ``num``: ``5`` or ``4A`` after ``4``; ``344-I`` or ``344I`` after
    ``344H``."""
    match = _SECTION.match(num)
    if match is None:
        raise QuirksError(f"{where}: {num!r} is not a section number (digits, perhaps a capital letter)")
    letter = chr(ord(match["letter"] or "@") + 1)
    return {str(int(match["n"]) + 1), match["n"] + letter, f"{match['n']}-{letter}"}


def _section(section: _Section, result: MarkupResult, count: Callable[[str], None], state: _State) -> outline.Provision:
    """One section: its text cut into paragraphs and nested, India Code's amendment marks turned into spans and its
    footnotes into editorial notes at their marks (see the module docstring)."""
    line = section.content_line
    raw = section.content
    if section.prefix_edit is not None:
        result.edits.append(section.prefix_edit)
    cut = india_code_notes.FOOTNOTES.search(raw)
    body_end = cut.start() if cut else len(raw)
    notes = india_code_notes.notes(raw[body_end:], body_end) if cut else []
    misprinted = _misprinted_notes(section, notes, body_end, state.file)
    result.edits += [
        Edit(line, fix.wrong, fix.right, f"India Code's misprint, read as reviewed data: {fix.note}")
        for fix, _ in section.misprints
    ]
    by_mark = _read_notes(notes, section, count, state)
    marks = india_code_notes.scan(raw[:body_end], set(by_mark))
    closes = state.closes.pop(line, ())
    marks = _closed(marks, raw[:body_end], closes, section, state.file)
    events, removals = _events(marks, raw, section, line)
    labels_for = _omitted_labels(marks, by_mark)
    removals += [
        (note.label[0], note.label[1], "India Code's footnote label: the note is an editorial note") for note in notes
    ]
    removals += [
        (m.start(), m.end(), "India Code's footnote heading") for m in india_code_notes.FOOTNOTES.finditer(raw)
    ]
    clean, positions = _without(raw[:body_end], [(a, b) for a, b, _ in removals if b <= body_end], labels_for)
    events = [(positions(at), kind, mark) for at, kind, mark in events]
    start = _repeated_heading(clean, section)
    if start:
        removals.append(
            (
                _raw_at(raw[:body_end], clean, start, positions),
                -1,
                "the section's number and heading, printed again in its text (the heading is the record's title)",
            )
        )
    events = _after_heading(events, start)
    table = _TABLE_HEAD.search(clean, start)
    if table is not None:
        events = [e for e in events if e[0] < table.start() or e[1] == _NOTE]
        events = [(min(at, table.start()), sentinel, mark) for at, sentinel, mark in events]
        table_markup = _table(clean[table.start() :], table.end() - table.start(), section, state.file)
        count("tables")
        clean = clean[: table.start()].rstrip()
    parts = _parts(clean, start, [positions(at) + len(label) for at, label in labels_for.items()])
    paragraphs = _with_marks(clean, parts, events)
    _record(raw, removals, notes, section, result, labels_for)
    node = Node("section", -1, num=section.num, line=section.line)
    paragraph_lists.nest(node, [(line, text) for text in paragraphs if text.strip()])
    for _ in range(_wrap_ups(node)):
        count("wrap-ups cut from a list's last clause")
    _check_series(node, section, state.file)
    definitions = section.heading.startswith("Definitions")
    items = paragraph_lists.outline_items(node, count, definitions, _no_remark)
    _place_notes(items, notes, section, count, state)
    for fix, mark in misprinted:
        count("misprints in the record's notes, read as reviewed data")
        remark = _record_remark(f"prints “{fix.wrong}”; read as “{fix.right}”", fix.note, fix.source)
        _remark_on_note(items, mark, remark)
    _note_closes(items, closes, count)
    _finish_spans(items)
    if table is not None:
        _holder(items).append(outline.Raw(table_markup))
    heading = markup.text(section.heading)
    return outline.Provision("SEC", f"{section.num}.", heading, items or [outline.Text(markup.remark("no text"))])


def _glued_first_items(parts: list[str]) -> list[str]:
    """``parts`` with a sub-section's number cut from the first item its text opens with (:data:`_GLUED_FIRST_ITEM`):
    the sub-section holds the list, as when India Code prints the item on a line of its own."""
    out: list[str] = []
    for part in parts:
        glued = _GLUED_FIRST_ITEM.match(part)
        if glued is None:
            out.append(part)
            continue
        out += [glued["num"], part[glued.end() :].lstrip()]
    return out


def _closed(
    marks: list[india_code_notes.Mark], text: str, closes: tuple[Close, ...], section: _Section, file: str
) -> list[india_code_notes.Mark]:
    """``marks`` with the closing bracket of each ``close`` quirk, right after its ``after`` words (no character is
    removed: the record prints none); an error naming the line when the record closes every bracket it opens, the
    mark opens no bracket, or the words do not follow it."""
    where = f"india-code: {file} line {section.content_line}: section {section.num}: close of note"
    opened = sum(m.kind == india_code_notes.OPEN for m in marks)
    shut = sum(m.kind == india_code_notes.CLOSE for m in marks)
    if closes and opened - shut < len(closes):
        raise QuirksError(f"{where} {closes[0].mark}: the record closes every bracket it opens")
    added = []
    for fix in closes:
        opening = next((m for m in marks if m.kind == india_code_notes.OPEN and m.mark == fix.mark), None)
        if opening is None:
            raise QuirksError(f"{where} {fix.mark}: the mark opens no bracket")
        at = text.find(fix.after, opening.end)
        if at < 0:
            raise QuirksError(f"{where} {fix.mark}: {fix.after!r} is not printed after the mark")
        end = at + len(fix.after)
        added.append(india_code_notes.Mark(india_code_notes.CLOSE, "", end, end))
    return sorted([*marks, *added], key=lambda m: (m.start, m.kind != india_code_notes.CLOSE))


def _misprinted_notes(
    section: _Section, notes: list[india_code_notes.Note], body_end: int, file: str
) -> list[tuple[Misprint, str]]:
    """Each misprint of the section with the mark of the note it stands in; an error naming the entry when it stands in
    the law text (a misreading of the law text is a correction: ``corpus/corrections/``)."""
    out = []
    for fix, at in section.misprints:
        holder = [note for note in notes if note.label[0] <= at]
        if at < body_end or not holder:
            raise QuirksError(
                f"{fix.wrong_at}: field 'wrong': {fix.wrong!r} is in the law text of section {section.num} ({file} line"
                f" {fix.line}), not in a footnote: a misreading of the law text is a correction (corpus/corrections/)"
            )
        out.append((fix, holder[-1].mark))
    return out


def _record_remark(what: str, note: str, source: str) -> str:
    """An editorial remark on an error of India Code's record: what the record does and what was read instead,
    ``what``, then the reviewed ``note`` and its ``source``."""
    return markup.remark(f"India Code's record {what}: {note} ({source})")


def _note_closes(items: list[outline.Item], closes: tuple[Close, ...], count: Callable[[str], None]) -> None:
    """Each bracket closed by a ``close`` quirk said so, with its reason and source, in the note it belongs to."""
    for fix in closes:
        count("brackets the record leaves open, closed as reviewed data")
        remark = _record_remark(f"does not close this bracket; closed after “{fix.after}”", fix.note, fix.source)
        _remark_on_note(items, fix.mark, remark)


def _remark_on_note(items: list[outline.Item], mark: str, remark: str) -> None:
    """Add ``remark`` to the editorial note ``mark`` of ``items`` (at any depth)."""
    for item in items:
        if isinstance(item, outline.Provision) and item.keyword.startswith("FOOTNOTE") and item.num == mark:
            text = item.items[0]
            assert isinstance(text, outline.Text)
            text.markup += " " + remark
            return
        if isinstance(item, outline.Provision):
            _remark_on_note(item.items, mark, remark)


def _read_notes(
    notes: list[india_code_notes.Note], section: _Section, count: Callable[[str], None], state: _State
) -> dict[str, india_code_notes.Note]:
    """The facts of a section's footnotes read (the Act an "ibid." names is the last note's), and the notes by their
    marks (the first of a mark); a footnote paragraph whose first note has no number is an error naming the line."""
    by_mark: dict[str, india_code_notes.Note] = {}
    for note in notes:
        if not note.mark:
            raise QuirksError(
                f"india-code: {state.file} line {section.content_line}: section {section.num}: a footnote paragraph"
                f" whose first note has no number: {note.text[:60]!r}"
            )
        india_code_notes.read_facts(note, state.last_act, state.years)
        if note.act is not None and not note.ibid:
            state.last_act = note.act
        if note.ibid:
            count("notes naming the Act by ibid." if note.act else "notes whose ibid. names no Act in the record")
        by_mark.setdefault(note.mark, note)
    return by_mark


def _place_notes(
    items: list[outline.Item],
    notes: list[india_code_notes.Note],
    section: _Section,
    count: Callable[[str], None],
    state: _State,
) -> None:
    """Each note (once per mark) at its mark in ``items``; those whose mark is not in the text at the section's start,
    in their order (a fact of the report)."""
    placed = set()
    unplaced = []
    for note in notes:
        if not note.mark or note.mark in placed:
            continue
        placed.add(note.mark)
        if not _place_note(items, note):
            count("notes whose mark is not in the text (placed at the section's start)")
            unplaced.append(note)
            state.unplaced.append(f"s.{section.num} note {note.mark}")
        count("amendment notes" if note.kind not in {"other", "commencement"} else f"{note.kind} notes")
        if note.kind not in {"other", "commencement"} and note.wef is None:
            count("amendment notes without a w.e.f. date read")
    for note in reversed(unplaced):  # each at the start: in their order
        _place_first(items, note)


def _first_markers(parts: list[str]) -> list[str]:
    """``parts`` with each list's first item cut from the sentence that introduces it, when India Code printed no
    colon or dash before it: s.57(1), L350 "the Presiding Officer, who (a) has been adjudged as an insolvent; (b) …";
    s.68, L416 "and includes (i) areas such as canteens …; (ii) …". The cut is made only when the next part opens with
    the list's second marker, and not after a word that makes the marker a reference ("clause (a)")."""
    out: list[str] = []
    for part in parts:
        second = paragraph_lists.MARKER.match(part)
        first = _FOLLOWS.get(second["label"]) if second else None
        # the part that holds the first item: the one before, or before the provisos that qualify the first item
        # (the Maritime Zones of India (Regulation of Fishing by Foreign Vessels) Act, 1981 s.9(4): "under
        # sub-section (2), (a) the vessel … Provided that …: Provided further that …; (b) the arrested person …")
        holder = len(out) - 1
        while first and holder > 0 and out[holder].startswith("Provided") and f" ({first}) " not in out[holder]:
            holder -= 1
        previous = out[holder] if out else ""
        at = previous.rfind(f" ({first}) ") if first else -1
        if at > 0 and not previous.startswith(f"({first})"):
            before = previous[:at].rsplit(" ", 1)[-1]
            if before.lower() not in _REFERENCE_WORDS:
                out[holder : holder + 1] = [previous[:at], previous[at + 1 :]]
        out.append(part)
    return out


def _comma_items(parts: list[str]) -> list[str]:
    """``parts`` with each list's items cut where India Code separated them by a comma only: a part opening with
    ``(a)`` holds ", (b) …, and (c) …" (the Indian Ports Act, 1908 s.36(4): "(a) fines …, (b) proceeds of waifs, and
    (c) any balance …"). Only the labels that follow each other from the part's own are cut."""
    out: list[str] = []
    for part in parts:
        marker = paragraph_lists.MARKER.match(part)
        kind = labels.FIRST_LABELS.get(marker["label"]) if marker else None
        label = marker["label"] if marker else ""
        while kind is not None:
            following = labels.next_label(label, kind)
            found = re.search(rf"(?<=,) (?=\({re.escape(following or '')}\) )|(?<=, and) (?=\({following}\) )", part)
            if following is None or found is None:
                break
            out.append(part[: found.start()])
            part, label = part[found.end() :], following
        out.append(part)
    return out


def _no_remark(block: Block, text: str) -> str:
    return text


# -- the amendment apparatus ---------------------------------------------------------------------------------------

_NOTE, _OPEN, _CLOSE = "\ue000", "\ue001", "\ue002"
"""Sentinels left in a paragraph's text until its markup is written: where a note goes, where a span of amended words
opens and closes (each followed by the note's number as one private-use character: :func:`_code`)."""
_ORDER = {_CLOSE: 0, _NOTE: 1, _OPEN: 2}


_STAR = 0x4FF  # the code of a note marked "*" (the 1993 Act's s.1(2)), past every number India Code prints


def _code(mark: str) -> str:
    return chr(0xE100 + (int(mark) if mark.isdigit() else _STAR))


def _uncode(char: str) -> str:
    code = ord(char) - 0xE100
    return "*" if code == _STAR else str(code)


@dataclass
class _State:
    """What the sections of one record share while they are read."""

    file: str
    years: tuple[int, int]
    last_act: tuple[str, str] | None = None
    unplaced: list[str] = field(default_factory=list)
    closes: dict[int, tuple[Close, ...]] = field(default_factory=dict)  # by content line; each taken when used


Event = tuple[int, str, str]  # (offset, sentinel, mark)


def _events(
    marks: list[india_code_notes.Mark], raw: str, section: _Section, line: int
) -> tuple[list[Event], list[tuple[int, int, str]]]:
    """The sentinels the marks leave in the text (raw offsets) and the characters the text loses."""
    events: list[Event] = []
    removals: list[tuple[int, int, str]] = []
    seen: set[str] = set()
    for mark in marks:
        if mark.kind == india_code_notes.CLOSE:
            events.append((mark.start, _CLOSE, ""))
            removals.append((mark.start, mark.end, "the closing bracket of an amendment: the span of its note"))
            continue
        if mark.mark not in seen:
            events.append((mark.start, _NOTE, mark.mark))
            seen.add(mark.mark)
        if mark.kind == india_code_notes.OPEN:
            events.append((mark.start, _OPEN, mark.mark))
            reason = f"the mark of note {mark.mark} and its bracket: the amended words are the note's span"
        elif mark.kind == india_code_notes.OMISSION:
            reason = f"the mark of note {mark.mark} where words were omitted: the note stands at its place"
        elif mark.kind == india_code_notes.APART:
            reason = f"footnote mark standing apart after the word it annotates: the marker of note {mark.mark}"
        elif raw[mark.start - 1 : mark.start].isdigit():  # "18592": 1859 and mark 2 (1908 s.17(2)(a))
            reason = f"footnote mark glued to the year it follows: the marker of editorial note {mark.mark}"
        else:
            reason = f"footnote mark glued to the word it annotates: the marker of editorial note {mark.mark}"
        removals.append((mark.start, mark.end, reason))
    return events, removals


_OMITTED_PROVISION = re.compile(r"^(?:Sub-section|Clause|Sub-clause|Section) \((?P<label>\w{1,4})\) omitted\b")


def _omitted_labels(marks: list[india_code_notes.Mark], notes: dict[str, india_code_notes.Note]) -> dict[int, str]:
    """The omission marks whose note says which one provision was omitted ("Sub-section (3) omitted by …", the 1908
    Act's s.36): the provision's label stands in the mark's place, so that the series goes on ((4) after (3))."""
    out = {}
    for mark in marks:
        note = notes.get(mark.mark)
        found = _OMITTED_PROVISION.match(note.text) if mark.kind == india_code_notes.OMISSION and note else None
        if found is not None:
            out[mark.start] = f"({found['label']})"
    return out


def _without(
    text: str, spans: list[tuple[int, int]], replacements: dict[int, str] | None = None
) -> tuple[str, Callable[[int], int]]:
    """``text`` less the ``spans`` (the span starting at a key of ``replacements`` replaced by its value), and the
    offset in it of an offset of ``text``."""
    spans = sorted(spans)
    replacements = replacements or {}
    kept, cut = [], 0
    for a, b in spans:
        kept.append(text[cut:a])
        kept.append(replacements.get(a, ""))
        cut = max(cut, b)
    kept.append(text[cut:])

    def position(at: int) -> int:
        return at - sum(min(b, at) - a - (len(replacements.get(a, "")) if at >= b else 0) for a, b in spans if a < at)

    return "".join(kept), position


def _repeated_heading(clean: str, section: _Section) -> int:
    """Where the law text starts when India Code printed the section's number and heading again in its text (a
    substituted or inserted section, 1958 s.51 "51. Rights of mortgagee.-- (1) …"); 0 otherwise."""
    if not re.match(rf"{re.escape(section.num)}\. ?[A-Z]", clean):  # "344A.Application of Act …" (1958 s.344A)
        return 0
    found = _HEADING_END.match(clean, len(section.num) + (2 if clean[len(section.num) + 1] == " " else 1))
    return found.end() if found else 0


_HEADING_END = re.compile(r".{0,300}?(?:\.\s?[-–—]{1,3}|[-–—]{2,3}|\.—)\s*")


def _raw_at(raw: str, clean: str, at: int, position: Callable[[int], int]) -> int:
    """The raw offset whose clean offset is ``at`` (the first such)."""
    for offset in range(len(raw) + 1):
        if position(offset) >= at:
            return offset
    return len(raw)


def _after_heading(events: list[Event], start: int) -> list[Event]:
    """The events of a repeated heading moved to the law text's start: its notes, and the spans that go on past it;
    a span inside the heading is the heading's (the record's title holds its words), and is dropped."""
    if not start:
        return events
    pairs: dict[int, int] = {}
    stack: list[int] = []
    for index, (_, sentinel, _mark) in enumerate(events):
        if sentinel == _OPEN:
            stack.append(index)
        elif sentinel == _CLOSE and stack:
            pairs[stack.pop()] = index
    dropped = {i for i, j in pairs.items() if events[j][0] < start} | {
        j for i, j in pairs.items() if events[j][0] < start
    }
    return [(max(at, start), sentinel, mark) for i, (at, sentinel, mark) in enumerate(events) if i not in dropped]


def _parts(clean: str, start: int, label_ends: list[int]) -> list[tuple[int, int]]:
    """The paragraphs of ``clean`` from ``start`` as offsets: cut before each list marker, proviso and Explanation
    that opens a sentence, before a marker right after an omitted provision's label (``label_ends``: "or (ii) (iii) a
    certificate", the 1958 Act's s.87A(b), where the label stands for "2*****"), and each list's first item cut from
    its sentence (:func:`_first_markers`)."""
    cuts = [m.start() for m in _CUT.finditer(clean, start)]
    cuts += [at for at in label_ends if at >= start and _AFTER_LABEL.match(clean, at)]
    cuts = sorted(set(cuts))
    bounds = [start, *cuts, len(clean)]
    spans = [(bounds[0], bounds[1])] + [(a + 1, b) for a, b in itertools.pairwise(bounds[1:])]
    texts = _comma_items(_first_markers(_glued_first_items([clean[a:b] for a, b in spans])))
    out, at = [], start
    for text in texts:
        found = clean.find(text, at) if text else at
        out.append((found, found + len(text)))
        at = found + len(text)
    return out


def _with_marks(clean: str, parts: list[tuple[int, int]], events: list[Event]) -> list[str]:
    """Each paragraph's text with its sentinels: a span open at a paragraph's end closes there and opens again in
    the next (after its marker), so that each paragraph's spans are whole."""
    out: list[str] = []
    open_marks: list[str] = []
    pending = sorted(events, key=lambda e: (e[0], _ORDER[e[1]]))
    for index, (a, b) in enumerate(parts):
        last = index == len(parts) - 1
        mine = [e for e in pending if a <= e[0] < b or (e[0] == b and (e[1] != _OPEN or last)) or (last and e[0] > b)]
        pending = [e for e in pending if e not in mine]
        text = clean[a:b]
        marker = paragraph_lists.MARKER.match(text)
        lead = len(text) - len(marker["rest"]) if marker else 0
        tokens: list[tuple[int, int, str]] = [(lead, 0, _OPEN + _code(m)) for m in open_marks]
        for order, (at, sentinel, mark) in enumerate(mine, start=1):
            tokens.append((max(at - a, lead), order, sentinel + (_code(mark) if mark else "")))
            if sentinel == _OPEN:
                open_marks.append(mark)
            elif sentinel == _CLOSE and open_marks:
                open_marks.pop()
        tokens += [(len(text), 10**6 + i, _CLOSE) for i, _ in enumerate(open_marks)]
        tokens.sort()
        pieces, cut = [], 0
        for at, _, token in tokens:
            pieces += [text[cut:at], token]
            cut = at
        pieces.append(text[cut:])
        out.append(re.sub(f"{_OPEN}.{_CLOSE}", "", "".join(pieces)))  # a span of no words (a bare marker)
    return out


def _record(
    raw: str,
    removals: list[tuple[int, int, str]],
    notes: list[india_code_notes.Note],
    section: _Section,
    result: MarkupResult,
    labels_for: dict[int, str],
) -> None:
    """The report of what the section's text lost (Edits that replay exactly on the source line, each ``original``
    the first occurrence of its words from where the replay stands) and of the notes moved to their marks."""
    line = section.content_line
    current = raw
    removed: list[tuple[int, int, int]] = []

    def now(at: int) -> int:
        return at - sum(min(b, at) - a - (inserted if at >= b else 0) for a, b, inserted in removed if a < at)

    heading = [r for r in removals if r[1] == -1]
    ordered = sorted(r for r in removals if r[1] != -1) + heading
    for a, b, reason in ordered:
        if b == -1:
            a, b = 0, a
        x, y = now(a), now(b)
        if y <= x:
            continue
        k = 0
        while k < x and current[x - k - 1].isalnum():  # the whole word a glued mark ends ("date1")
            k += 1
        while current.find(current[x - k : y]) != x - k and k < x:
            k += 1
        original = current[x - k : y]
        label = labels_for.get(a, "") if b != -1 else ""
        if label:
            reason = f"{reason}; the omitted provision's label, as its note says, stands in its place"
        result.edits.append(Edit(line, original, current[x - k : x] + label, reason))
        current = current[:x] + label + current[y:]
        removed.append((a, b, len(label)))
    for note in notes:
        if note.text:
            result.moved.append(
                Moved(line, note.text, f"editorial note {note.mark} of section {section.num}, at its mark")
            )


def _footnote(note: india_code_notes.Note) -> outline.Provision:
    return outline.Provision(
        "FOOTNOTE{class editorial}", note.mark, items=[outline.Text(india_code_notes.note_markup(note))]
    )


def _place_note(items: list[outline.Item], note: india_code_notes.Note) -> bool:
    """Put ``note`` at its mark (found in a paragraph of ``items``, at any depth); False if not found."""
    placeholder = _NOTE + _code(note.mark)
    for index, item in enumerate(items):
        if isinstance(item, outline.Text) and placeholder in item.markup:
            item.markup = item.markup.replace(placeholder, "{{FOOTNOTE " + note.mark + "}}", 1)
            items.insert(index + 1, _footnote(note))
            return True
        if isinstance(item, outline.Provision) and _place_note(item.items, note):
            return True
    return False


def _place_first(items: list[outline.Item], note: india_code_notes.Note) -> None:
    """Put ``note`` at the start of the section's first paragraph: its mark is not in the text (it stood on a
    heading the record lacks, or in a table)."""
    for index, item in enumerate(items):
        if isinstance(item, outline.Text):
            item.markup = "{{FOOTNOTE " + note.mark + "}}" + item.markup
            items.insert(index + 1, _footnote(note))
            return
        if isinstance(item, outline.Provision) and not item.keyword.startswith("FOOTNOTE"):
            _place_first(item.items, note)
            return
    items.insert(0, outline.Text("{{FOOTNOTE " + note.mark + "}}"))
    items.insert(1, _footnote(note))


def _finish_spans(items: list[outline.Item]) -> None:
    """The sentinels left in ``items`` written as markup: a span as ``{{+{title N} …}}`` (an ``ins`` the build ties
    to note N), a note already placed leaves nothing."""
    for item in items:
        if isinstance(item, outline.Text):
            text = re.sub(f"{_NOTE}.", "", item.markup)
            text = re.sub(f"{_OPEN}(.)", lambda m: "{{+{class amendment|title " + _uncode(m[1]) + "} ", text)
            item.markup = text.replace(_CLOSE, "}}")
        elif isinstance(item, outline.Provision):
            _finish_spans(item.items)


_TABLE_HEAD = re.compile(
    r"(?P<head>(?:Serial No\.\s+)?(?:Section\s+)?Offences?\s.{0,120}?Penalt(?:y|ies))"
    r"(?P<columns>(?:\s+\(?[1-6]\)?){3,6})(?=\s)"
)
"""A table printed inside a section (the 1958 Act's s.436(2): "Serial No. Offences Section of this Act to which
offence has reference Penalties 1 2 3 4 1. If …"): its heading words, then its column numbers."""
_HEADINGS = (
    re.compile(r"^(Serial No\.)\s+(Offences?)\s+(.+?)\s+(Penalt(?:y|ies))$"),
    re.compile(r"^(Section)\s+(Offences?)\s+(Penalt(?:y|ies))$"),
)


def _table(text: str, head_end: int, section: _Section, file: str) -> list[str]:
    """The ``TABLE`` markup of a numbered table printed inside a section's text: its header row (the column headings
    and numbers as printed), then one row per item ("1.", "2." … "108A." …, found in sequence), the serial number in
    the first cell and the rest of the item's text, as printed, spanning the other columns."""
    head = _TABLE_HEAD.match(text)
    assert head is not None
    columns = head["columns"].split()
    headings = next((list(m.groups()) for p in _HEADINGS if (m := p.match(head["head"]))), None)
    if headings is None or len(headings) != len(columns):
        headings = [head["head"]]
    out = ["TABLE", "  TR"]
    span = "" if len(headings) == len(columns) else f"{{colspan {len(columns)}}}"
    out += [line for h in headings for line in (f"    TH{span}", "      " + markup.text(h))]
    out += ["  TR", *(line for c in columns for line in ("    TH", "      " + markup.text(c)))]
    rows = _serials(text, head_end)
    if not rows:
        where = f"india-code: {file} line {section.content_line}: section {section.num}"
        raise QuirksError(f"{where}: a table with no item 1")
    for index, (_, serial, body) in enumerate(rows):
        end = rows[index + 1][0] if index + 1 < len(rows) else len(text)
        words = text[body:end].strip()
        first, *more = _item_rows(words)
        out += ["  TR", "    TC", "      " + markup.text(serial), f"    TC{{colspan {len(columns) - 1}}}"]
        out.append("      " + (markup.text(first) if first else markup.remark("blank")))
        for row in more:
            out += ["  TR", f"    TC{{colspan {len(columns)}}}", "      " + markup.text(row)]
    return out


_NAMING_WORDS = frozenset(
    "clause clauses sub-clause sub-clauses section sections sub-section sub-sections item items".split()
)
_ROW_LABEL = re.compile(r"(?<![\d)]\s)(?<!\d)\((?P<label>[a-z]{1,4})\)\s|\bProvided\b")


def _item_rows(words: str) -> list[str]:
    """An item's text cut into its first row and its sub-rows: one at each label of its own list ((a), (b) … or
    (i), (ii) …, each the one after the last; a label repeated, as the penalty column repeats the offence's, stays in
    its row), and one at its proviso ("Provided that …", item 100). The columns stay interleaved as India Code
    printed them: a sub-row holds the words printed from its label to the next."""
    cuts: list[int] = []
    current: str | None = None
    kind = ""
    for match in _ROW_LABEL.finditer(words):
        if match["label"] is None:
            cuts.append(match.start())
            current = "proviso"
            continue
        label = match["label"]
        before = words[: match.start()].rstrip().rsplit(" ", 1)[-1].lower()
        if before in _NAMING_WORDS or (current is None and before in {"of", "to", "and", "or"}):
            continue  # "clause (a) of section 194": a reference, not a row
        if current in (None, "proviso") and label in labels.FIRST_LABELS and current is None:
            kind = labels.FIRST_LABELS[label]
        elif current is None or current == "proviso" or labels.next_label(current, kind) != label:
            continue
        cuts.append(match.start())
        current = label
    bounds = [0, *cuts, len(words)]
    return [words[a:b].strip() for a, b in itertools.pairwise(bounds)]


def _serials(text: str, at: int) -> list[tuple[int, str, int]]:
    """The items of a table's text from ``at``: (where its serial starts, the serial as printed, where its text
    starts), each serial the one after the last ("24." after "23.", "108A." after "108."), the first that follows."""
    found: list[tuple[int, str, int]] = []
    tokens = [m for m in _SERIAL.finditer(text, at)]
    current = "0"
    while True:
        letter = current.lstrip("0123456789")  # "108A": 108 and A
        number = int(current[: len(current) - len(letter)])
        nexts = [str(number + 1), f"{number}{chr(ord(letter or '@') + 1)}"]
        gaps = {str(number + k) for k in range(2, 6)}
        best = next(
            (
                m
                for m in tokens
                if m.start() >= at
                and (m["serial"] in nexts or (m["serial"] in gaps and m["dot"] and _IF.match(text, m.end())))
            ),
            None,
        )  # after a gap ("92." and "93." omitted): only "94. If"
        if best is None:
            return found
        serial = best["serial"] + "."
        found.append((best.start(), serial, best.end()))
        current, at = best["serial"], best.end()


_SERIAL = re.compile(r"(?:^|(?<=\s))(?P<serial>\d{1,3}[A-Z]?)(?:(?P<dot>\.)\s+|\s+(?=If\b))")
_IF = re.compile(r"(?:\(\w+\)\s+)?If\b")


def _holder(items: list[outline.Item]) -> list[outline.Item]:
    """The items of the provision that holds the last paragraph of ``items`` (a table follows its sentence)."""
    last = items[-1] if items else None
    if isinstance(last, outline.Provision) and not last.keyword.startswith("FOOTNOTE"):
        return _holder(last.items)
    return items


_OPENS_A_LIST = re.compile(rf"(?:[-–—:]|\bnamely|\bincluding)[\s,{paragraph_lists.INVISIBLE}]*$")
_NOMINAL_LIST = re.compile(rf"\binclud(?:e|es|ing)[\s,\-–—:{paragraph_lists.INVISIBLE}]*$")
_VERBLESS_END = re.compile(r", (?=(?:shall|may|is|are|will)\b)")
_NEW_SENTENCE = re.compile(r"; and (?=(?:the|such|every|any|all|nothing)\b[^;]*\b(?:shall|may)\b)")
_CONDITIONS = re.compile(rf"^[\s{paragraph_lists.INVISIBLE}]*(?:If|Where|When)\b")
_CONSEQUENCE = re.compile(r", (?=(?:such|the|he|it|they)\b[^;,]*\b(?:shall|may)\b)")
"""After a list of conditions ("If any pilgrim,-- (a) who …, or (b) …, or (c) who … within the prescribed period, such
passage money … shall … be made over …", the 1958 Act's s.276), the consequence is the list's wrap-up."""


def _wrap_ups(node: Node) -> int:
    """Cut from each list's last clause the closing words India Code ran into it, making them the list's wrap-up:
    the rest of the sentence its opening words began ("All money received … including - (a) …, (b) …, and (c) any
    balance …, shall be credited in the port fund account", the Indian Ports Act, 1908 s.36(4)), or a sentence of its
    own joined by "; and" (the Merchant Shipping Act, 1958 s.26: "(c) … by its agent; and the authority of the agent
    shall be testified …"). Returns how many."""
    cut = 0
    for child in [c for c in node.items if isinstance(c, Node)]:
        cut += _wrap_ups(child)
    items = [c for c in node.items if isinstance(c, Node) and c.role == "item"]
    intro = node.items[0] if node.items and isinstance(node.items[0], Block) else None
    if not items or intro is None or node.items[-1] is not items[-1] or not _OPENS_A_LIST.search(intro.text):
        return cut
    last = items[-1]
    if len(items) < 2 or not last.items or not isinstance(last.items[-1], Block) or len(last.items) > 1:
        return cut
    block = last.items[-1]
    nominal = _NOMINAL_LIST.search(intro.text)  # "… but including -": a list of things, the verb after it
    found = (
        (_VERBLESS_END.search(block.text) if nominal else None)
        or _NEW_SENTENCE.search(block.text)
        or _consequence(intro, items, block)
    )
    if found is None:
        return cut
    kept = block.text[: found.start() + 1] + (" and" if found.re is _NEW_SENTENCE else "")
    rest = block.text[found.end() :]
    spans = re.findall(f"{_OPEN}.|{_CLOSE}", block.text[: found.start()])
    open_codes: list[str] = []
    for token in spans:  # the amended spans open where it is cut: closed before it, opened again after it
        if token == _CLOSE:
            open_codes.pop()
        else:
            open_codes.append(token)
    block.text = kept + _CLOSE * len(open_codes)
    node.items.append(Block(list(block.lines), "".join(open_codes) + rest))
    return cut + 1


_HAS_OWN_CONSEQUENCE = re.compile(r", [^;,]*\b(?:shall|may)\b")
_MODAL = re.compile(r"\b(?:shall|may)\b")


def _consequence(intro: Block, items: list[Node], block: Block) -> re.Match[str] | None:
    """Where the consequence of a list of conditions starts in its last clause (:data:`_CONSEQUENCE`): only when the
    intro states a condition ("If any pilgrim,--"), the last clause is a condition up to the cut (no "shall" or
    "may" before it: the 1958 s.196(d) "… shall, if practicable, be produced …, the court … may" is a sentence of its
    own) and no other clause has a consequence of its own (the 1958 s.44(1) "(b) if … insolvency, the declaration …
    shall …; (c) if … death, the declaration … shall …")."""
    if not _CONDITIONS.match(intro.text):
        return None
    found = _CONSEQUENCE.search(block.text)
    if found is None or _MODAL.search(block.text, 0, found.start()):
        return None
    others = [b.text for item in items[:-1] for b in item.items if isinstance(b, Block)]
    return None if any(_HAS_OWN_CONSEQUENCE.search(text) for text in others) else found


def _check_series(node: Node, section: _Section, file: str) -> None:
    """Each list of numbered provisions runs 1, 2, 3 … in one series, and no list restarts its holder's own series
    (a "(a)" under "(a)"): else the record is misread, an error naming the file, the section and the marker."""
    items = [i for i in node.items if isinstance(i, Node) and i.role == "item"]
    expected: dict[str, int] = {}
    for item in items:
        if node.role == "item" and item.kind == node.kind:
            raise QuirksError(
                f"india-code: {file} line {section.content_line}: section {section.num}: {item.num} restarts the"
                f" series of {node.num} that holds it"
            )
        if labels.is_inserted(item.num.strip("()")):
            continue  # (5a) after (5), (la) after (l): checked when it was placed
        want = expected.get(item.kind, 1)
        if item.ordinal != want:
            raise QuirksError(
                f"india-code: {file} line {section.content_line}: section {section.num}: {item.num} is out of sequence"
                f" (expected the {item.kind} label number {want})"
            )
        expected[item.kind] = want + 1
    for child in node.items:
        if isinstance(child, Node):
            _check_series(child, section, file)

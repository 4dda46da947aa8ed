"""The ``old-acts`` layout: the 1875 and 1880 Acts (chapters, recovered sections and the paragraphs inside them).

What one Act needs beyond the shared layout is its quirks file (``corpus/sources/in-msa-1880.yaml``,
``in-ipa-1875.yaml``): the reviewed table of its recovered numbering (``corpus/clean/old_acts_sections_*.yaml``),
glued notes that contain a verb, definitions without a gloss, an unlabelled list, a supplied label, and the stub
schedules, every entry naming its source line (checked by the build).

The two sources share one layout (SURVEY.md §1–2): one paragraph a line, blank lines between; bare capital chapter
headings; no section numbers (the reviewed table in old_acts_sections_*.yaml supplies them); later marginal notes
glued to paragraph starts (old_acts_marginal_notes.py); definition glosses (old_acts_glosses.py); clauses `(a)`,
nested `(1)` under a lettered clause (1880 L241–247); provisos (`Provided…`, `Proviso. Provided…`); explanations
(1875 L55, L225).

Inside a section, a paragraph that carries a glued marginal note, or a new sentence in capitals, opens a new block.
A section of one block is written flat (text, clauses, provisos); a section of several blocks becomes unnumbered
subsections, each headed by its marginal note, so that no note is lost and each heads the text it stood beside.
A note glued to a paragraph that goes on with the sentence before it (1880 L51 `Action on receipt of his report. it
shall forthwith appoint…` after L49 `When the Local Government provisionally orders the detention of a ship,`) does
not cut that sentence in two: it stays in the block, beside its paragraph, as a side note (``authorialNote
placement="side"``, bluebell's ``FOOTNOTE{placement side}``).
Every note moved to a heading or a side note is recorded as :class:`~corpus.report.Moved`; every repaired gloss as an
:class:`~corpus.report.Edit`. A line that fits none of this is kept verbatim as ``P.unparsed``.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field

from corpus import markup, outline
from corpus.catalogue import Document
from corpus.clean import old_acts_sections
from corpus.clean.old_acts_glosses import split_gloss
from corpus.clean.old_acts_marginal_notes import split_item, split_paragraph
from corpus.clean.old_acts_sections import Numbering, Section, resolve, spans
from corpus.layouts import QuirksError, check_fields, check_line, entries
from corpus.report import Edit, MarkupResult, Moved, Unparsed
from corpus.source_text import SourceText

_CONTINUING = re.compile(r"^(?:But|And) ")
_EXPLANATION = re.compile(r"^Explanation\.? ")
_CARET_SUPERSCRIPT = re.compile(r"(\d+)\^(st|nd|rd|th)\b")  # 1875 L405 "the Statute 17^th & 18^th of Victoria"


@dataclass(frozen=True)
class Quirks:
    """What one Act needs beyond the shared layout (each entry names its source line)."""

    sections_table: str  # the reviewed table of the recovered numbering, in corpus/clean/
    verb_notes: dict[int, str] = field(default_factory=dict)  # line → glued note that contains a verb (1880 L39)
    inline_definitions: dict[int, str] = field(default_factory=dict)  # line → term of a definition without a gloss
    terms_in_text: dict[int, str] = field(default_factory=dict)  # line → term defined in an intro or Explanation
    unlabelled_items: frozenset[int] = frozenset()  # lines of an unlabelled list (1880 L301–309)
    supplied_labels: dict[int, tuple[str, str]] = field(default_factory=dict)  # line → (label, remark)
    remarks: dict[int, str] = field(default_factory=dict)  # line → editorial remark appended to its text
    schedule_stubs: dict[int, str] = field(default_factory=dict)  # a schedule's heading line → what its table held
    schedule_remarks: dict[int, str] = field(default_factory=dict)  # a schedule's line → editorial remark

    def check(self, source: SourceText, where: str) -> None:
        """Each entry's line holds the words the entry names."""
        for name, found in (
            ("verb_notes", self.verb_notes),
            ("inline_definitions", self.inline_definitions),
            ("terms_in_text", self.terms_in_text),
        ):
            for line, words in found.items():
                check_line(source, line, words, f"{where}: {name}")
        for line in self.schedule_stubs:
            check_line(source, line, "SCHEDULE", f"{where}: schedule_stubs")


_FIELDS = {
    "verb_notes": {"note": str},
    "inline_definitions": {"term": str},
    "terms_in_text": {"term": str},
    "unlabelled_items": {},
    "supplied_labels": {"label": str, "remark": str},
    "remarks": {"remark": str},
    "schedule_stubs": {"missing": str},
    "schedule_remarks": {"remark": str},
}


def read_quirks(data: dict, doc: Document) -> Quirks:
    """The quirks of ``data`` (``doc``'s quirks file)."""
    where = doc.quirks_path.name
    check_fields(data, where, {"sections_table", *_FIELDS})
    table = data.get("sections_table")
    if not isinstance(table, str) or not (old_acts_sections.HERE / table).is_file():
        raise QuirksError(f"{where}: field 'sections_table' must name a table of corpus/clean/")
    found = {key: entries(data, key, where, fields) for key, fields in _FIELDS.items()}

    def by_line(key: str, field: str) -> dict[int, str]:
        return {e["line"]: e[field] for e in found[key]}

    return Quirks(
        sections_table=table,
        verb_notes=by_line("verb_notes", "note"),
        inline_definitions=by_line("inline_definitions", "term"),
        terms_in_text=by_line("terms_in_text", "term"),
        unlabelled_items=frozenset(e["line"] for e in found["unlabelled_items"]),
        supplied_labels={e["line"]: (e["label"], e["remark"]) for e in found["supplied_labels"]},
        remarks=by_line("remarks", "remark"),
        schedule_stubs=by_line("schedule_stubs", "missing"),
        schedule_remarks=by_line("schedule_remarks", "remark"),
    )


@dataclass
class Piece:
    """One source line, classified."""

    line: int
    kind: str  # para, item, proviso, explanation, definition, unlabelled
    text: str
    note: str | None = None
    label: str = ""  # an item's ("a", "1"); "" for a piece that is no item
    term: tuple[int, int] | None = None  # span of the defined term in ``text``


class _Writer:
    def __init__(self, numbering: Numbering, quirks: Quirks, source: SourceText) -> None:
        self.numbering = numbering
        self.quirks = quirks
        self.source = source
        self.out: list[str] = []
        self.edits: list[Edit] = []
        self.moved: list[Moved] = []
        self.unparsed: list[Unparsed] = []
        self.definitions: dict[int, list[str]] = {}

    # -- classification -------------------------------------------------------------------------------------------

    def classify(self, line: int, text: str) -> Piece:
        term = None
        defined = self.quirks.inline_definitions.get(line) or self.quirks.terms_in_text.get(line)
        if defined:
            start = text.index(defined)
            term = (start, start + len(defined))
        if _EXPLANATION.match(text):
            return Piece(line, "explanation", text, term=term)
        if line in self.quirks.unlabelled_items:
            return Piece(line, "unlabelled", text)
        if line in self.quirks.supplied_labels:
            return Piece(line, "item", text, label=self.quirks.supplied_labels[line][0])
        if line in self.quirks.inline_definitions:
            return Piece(line, "definition", text, term=term)
        if term:
            return Piece(line, "para", text, term=term)
        item = split_item(text)
        if item:
            return Piece(line, "item", item.text, item.note, item.label)
        gloss = split_gloss(text)
        if gloss:
            reason = (
                f"definition gloss: the marginal note '{gloss.term}' glued in front of the definition (the source"
                " lost the quotation marks around the term); it becomes the heading of the definition and the term"
                " is marked as defined"
            )
            self.edits.append(Edit(line, gloss.raw, "", reason))
            return Piece(line, "definition", gloss.text, gloss.term, term=(gloss.start, gloss.end))
        split = split_paragraph(text, frozenset(self.quirks.verb_notes.values()))
        kind = "proviso" if split.text.startswith("Provided") else "para"
        return Piece(line, kind, split.text, split.note)

    # -- writing --------------------------------------------------------------------------------------------------

    def emit(self, level: int, line: str) -> None:
        self.out.append("  " * level + line if line else "")

    def body_text(self, piece: Piece) -> str:
        text = piece.text
        if piece.term:
            start, end = piece.term
            term = text[start:end]
            self.definitions.setdefault(piece.line, []).append(term)
            body = markup.text(text[:start]) + "{{def " + markup.text(term) + "}}" + markup.text(text[end:])
        else:
            body = markup.text(text)
        for ordinal in _CARET_SUPERSCRIPT.finditer(text):
            reason = "an ordinal's suffix printed as a superscript, marked with a caret in the source: set as <sup>"
            self.edits.append(Edit(piece.line, ordinal.group(0), ordinal[1] + ordinal[2], reason))
        body = _CARET_SUPERSCRIPT.sub(r"\1{{^\2}}", body)
        if piece.line in self.quirks.supplied_labels:
            body = markup.remark(self.quirks.supplied_labels[piece.line][1]) + " " + body
        if piece.line in self.quirks.remarks:
            body += " " + markup.remark(self.quirks.remarks[piece.line])
        return body

    def heading(self, note: str | None, where: str, line: int) -> str:
        """The heading markup a glued marginal ``note`` makes ("" when there is none); the note is recorded as moved."""
        if not note:
            return ""
        self.moved.append(Moved(line, note, f"heading of {where}"))
        return markup.text(note)

    def blocks(self, pieces: list[Piece]) -> list[list[Piece]]:
        blocks: list[list[Piece]] = []
        for piece in pieces:
            goes_on = piece.text[:1].islower()  # the sentence before it continues: its note is a side note
            opens = piece.kind == "para" and (
                (piece.note is not None and not goes_on)
                or (piece.text[:1].isupper() and not _CONTINUING.match(piece.text))
            )
            if not blocks or opens:
                blocks.append([piece])
            else:
                blocks[-1].append(piece)
        return blocks

    def write_block(self, pieces: list[Piece], block: outline.Provision, where: str) -> None:
        """Fill ``block`` with one block's pieces: text, clauses (nested), provisos, definitions, explanations."""
        container = block  # where clauses go: the block, or the proviso that introduced them
        letter: outline.Provision | None = None  # the open lettered clause, which takes the numbered ones
        side_notes = 0  # the notes of paragraphs that go on with the sentence before them (the first heads the block)
        for piece in pieces:
            if piece.kind == "para" and piece.note and piece is not pieces[0]:
                container, letter = block, None
                side_notes += 1
                marker = "†" * side_notes
                self.moved.append(Moved(piece.line, piece.note, f"side note of {where}"))
                block.add(outline.Text("{{FOOTNOTE " + marker + "}}" + self.body_text(piece)))
                note = outline.Text(markup.text(piece.note))
                block.add(outline.Provision("FOOTNOTE{placement side}", marker, items=[note]))
            elif piece.kind == "para":
                container, letter = block, None
                block.add(outline.Text(self.body_text(piece)))
            elif piece.kind == "proviso":
                head = self.heading(piece.note, f"a proviso of {where}", piece.line)
                container, letter = outline.Provision("PROVISO", "", head, [outline.Text(self.body_text(piece))]), None
                block.add(container)
            elif piece.kind == "item":
                nested = piece.label.isdigit() and letter is not None
                head = self.heading(piece.note, f"clause ({piece.label}) of {where}", piece.line)
                item = outline.Provision("SUBPARA" if nested else "PARA", f"({piece.label})", head)
                item.add(outline.Text(self.body_text(piece)))
                (letter if nested and letter is not None else container).add(item)
                if not piece.label.isdigit():
                    letter = item
            elif piece.kind in ("definition", "unlabelled"):
                # a definition's gloss is recorded as an Edit (classify), so it is not a Moved note
                heading = markup.text(piece.note) if piece.note else ""
                block.add(outline.Provision("PARA", "", heading, [outline.Text(self.body_text(piece))]))
            elif piece.kind == "explanation":
                block.add(outline.Provision(outline.EXPLANATION, items=[outline.Text(self.body_text(piece))]))

    def write_section(self, number: int, heading_remark: str, lines: list[tuple[int, str]], level: int) -> None:
        pieces = [self.classify(n, t) for n, t in lines]
        section = outline.Provision("SEC", f"{number}.", markup.remark(heading_remark))
        blocks = self.blocks(pieces)
        if len(blocks) == 1 and not (blocks[0][0].kind == "para" and blocks[0][0].note):
            self.write_block(blocks[0], section, f"section {number}")
        else:
            for index, block in enumerate(blocks, start=1):
                first = block[0]
                where = f"unnumbered sub-section {index} of section {number}"
                note = first.note if first.kind == "para" else None
                subsection = outline.Provision("SUBSEC", "", self.heading(note, where, first.line))
                section.add(subsection)
                self.write_block(block, subsection, where)
        self.out += markup.indent(outline.write(section), level)


def _section_remark(section: Section, span: tuple[int, int]) -> str:
    """The note in the section's heading: that its number is the editors', which source lines it holds, and how sure
    they are. The evidence for the number (the cross-references it rests on) is reported with the build's facts and
    shown beside the section as a recovered-numbering note (corpus/numbering_notes.py), not in the law's text."""
    where = f"line {span[0]}" if span[0] == span[1] else f"lines {span[0]}-{span[1]}"
    return (
        f"Section number recovered editorially (the source prints none; this section is source {where}); "
        f"confidence: {section.confidence}"
    )


STUB = (
    "The source gives only the heading and the cross-reference of this schedule; its table ({what}) is missing,"
    " so the schedule is a stub"
)


def schedules(source: SourceText, starts: list[int], quirks: Quirks) -> list[str]:
    """The schedules as bluebell attachments: heading line, then the "(See section N)." line as sub-heading; each a
    stub whose missing table the quirks describe (1875 L429, L443)."""
    out: list[str] = []
    bounds = [*starts, source.last + 1]
    for start, stop in zip(starts, bounds[1:], strict=True):
        lines = [(n, source.line(n)) for n in range(start + 1, stop) if source.line(n).strip()]
        out.append(f"ATTACHMENT {markup.text(source.line(start))}")
        if lines and lines[0][1].startswith("(See section"):
            out.append(f"  SUBHEADING {markup.text(lines[0][1])}")
            lines = lines[1:]
        out.append("")
        if start not in quirks.schedule_stubs:
            raise QuirksError(f"old-acts: line {start}: a schedule the quirks file does not describe (schedule_stubs)")
        out.append("  " + markup.remark(STUB.format(what=quirks.schedule_stubs[start])))
        out.append("")
        for n, text in lines:
            remark = quirks.schedule_remarks.get(n)
            out.append("  " + markup.text(text) + (" " + markup.remark(remark) if remark else ""))
            out.append("")
    return out


def to_markup(source: SourceText, quirks: Quirks) -> MarkupResult:
    """The bluebell markup of one Act, with its edits, moved notes and recovered numbering (``facts``)."""
    quirks.check(source, "old-acts quirks")
    numbering = old_acts_sections.load(quirks.sections_table)
    return write(source, numbering, quirks, schedules(source, numbering.schedules, quirks))


def write(source: SourceText, numbering: Numbering, quirks: Quirks, attachments: list[str]) -> MarkupResult:
    """The markup of one Act: the body from ``source`` and ``numbering``; ``attachments`` are appended as written."""
    writer = _Writer(numbering, quirks, source)
    span_map = spans(numbering, source)
    chapters = {c.line: c for c in numbering.chapters if c.line}
    supplied = {c.before: c for c in numbering.chapters if c.line is None}
    body_end = min(numbering.schedules) if numbering.schedules else source.last + 1
    writer.emit(0, "BODY")
    pending: list[tuple[int, str]] = []
    current: int | None = None

    def flush() -> None:
        if current is not None:
            section = next(s for s in numbering.sections if s.number == current)
            writer.write_section(current, _section_remark(section, span_map[current]), pending, 2)
        pending.clear()

    for line, text in source.numbered():
        if line >= body_end or not text.strip():
            continue
        if line in supplied or line in chapters:
            flush()
            current = None
            chapter = supplied.get(line) or chapters[line]
            if chapter.line is None:
                if chapter.heading is None:
                    where = f"{quirks.sections_table}: chapter {chapter.number}"
                    raise QuirksError(f"{where}: no line, and no heading supplied")
                note = f"The source has no Chapter {chapter.number} heading; number and heading supplied editorially"
                writer.emit(1, f"CHAPTER {chapter.number} - {markup.text(chapter.heading)} {markup.remark(note)}")
            else:
                note = f"Chapter number supplied editorially; the source prints the heading alone (line {line})"
                writer.emit(1, f"CHAPTER {chapter.number} - {markup.text(text)} {markup.remark(note)}")
            if line in chapters:
                continue
        if line in numbering.recitals:
            flush()
            current = None
            writer.emit(2, "P.recital " + markup.text(text))
            writer.emit(0, "")
            continue
        section = numbering.section_starting(line)
        if section:
            flush()
            current = section.number
        if current is None:
            writer.unparsed.append(Unparsed(line, text))
            writer.emit(2, "P.unparsed " + markup.text(text))
            writer.emit(0, "")
            continue
        pending.append((line, text))
    flush()
    lines = writer.out + attachments
    supplied_clauses = {
        next(n for n, (a, b) in span_map.items() if a <= line <= b): label
        for line, (label, _) in quirks.supplied_labels.items()
    }
    resolutions = resolve(numbering, source, supplied_clauses)
    facts = {
        "recovered_numbering": {
            str(s.number): {
                "first_line": span_map[s.number][0],
                "last_line": span_map[s.number][1],
                "confidence": s.confidence,
                "evidence": s.evidence,
            }
            for s in numbering.sections
        },
        "confidence_counts": dict(Counter(s.confidence for s in numbering.sections)),
        "sections": len(numbering.sections),
        "references": [
            {"line": r.reference.line, "text": r.reference.text, "cites": r.section, "problem": r.problem}
            for r in resolutions
        ],
        "unresolved_references": [
            {"line": r.reference.line, "text": r.reference.text, "problem": r.problem} for r in resolutions if r.problem
        ],
        "definitions": {str(line): terms for line, terms in sorted(writer.definitions.items())},
    }
    return MarkupResult("\n".join(lines).rstrip("\n") + "\n", writer.edits, writer.moved, writer.unparsed, facts)

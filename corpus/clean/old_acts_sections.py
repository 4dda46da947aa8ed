"""The recovered section numbering of the 1875 and 1880 Acts: the reviewed tables and the check that they hold.

Both sources lost their "Section N." lines (SURVEY.md §1–2). ``old_acts_sections_1880.yaml`` and
``old_acts_sections_1875.yaml`` (next to this module) say where each section starts, with evidence and confidence,
and list every internal cross-reference of the Act with words that the cited section must contain. :func:`check`
verifies the table against the source: every word-form reference resolves to a section of the table, and lands on
the provision it speaks of (its words are in the cited section; a cited clause letter is there).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from corpus import yamlio
from corpus.clean.old_acts_references import Reference, collect
from corpus.source_text import SourceText

HERE = Path(__file__).resolve().parent
CONFIDENCE = ("high", "medium", "low")


@dataclass(frozen=True)
class Chapter:
    number: str
    line: int | None  # the source line of its heading; None when the heading is missing and supplied
    heading: str | None = None  # the supplied heading, when ``line`` is None
    before: int | None = None  # the section line a supplied chapter stands before


@dataclass(frozen=True)
class Section:
    number: int
    line: int
    confidence: str
    evidence: str


@dataclass(frozen=True)
class Anchor:
    line: int
    cites: int | str  # a section number, or "last-preceding"
    words: tuple[str, ...]
    clause: str | None = None


@dataclass
class Numbering:
    """One Act's reviewed table: chapters, section starts, recitals, schedules and anchors."""

    document: str
    chapters: list[Chapter]
    sections: list[Section]
    anchors: list[Anchor]
    recitals: list[int] = field(default_factory=list)
    schedules: list[int] = field(default_factory=list)

    def section_starting(self, line: int) -> Section | None:
        return next((s for s in self.sections if s.line == line), None)


def load(name: str) -> Numbering:
    """The reviewed table ``name`` (a YAML file next to this module)."""
    data = yamlio.load(HERE / name)
    chapters = [Chapter(str(c["number"]), c.get("line"), c.get("heading"), c.get("before")) for c in data["chapters"]]
    sections = [Section(int(s["section"]), int(s["line"]), s["confidence"], s["evidence"]) for s in data["sections"]]
    anchors = [
        Anchor(int(a["line"]), a["cites"], tuple(a["words"]), a.get("clause")) for a in data.get("anchors") or []
    ]
    return Numbering(
        data["document"], chapters, sections, anchors, data.get("recitals") or [], data.get("schedules") or []
    )


def spans(numbering: Numbering, source: SourceText) -> dict[int, tuple[int, int]]:
    """Section number → (first, last) source line, each section ending before the next start, chapter or schedule."""
    stops = sorted(
        {s.line for s in numbering.sections}
        | {c.line for c in numbering.chapters if c.line}
        | set(numbering.recitals)
        | set(numbering.schedules)
        | {source.last + 1}
    )
    result = {}
    for s in numbering.sections:
        following = next(stop for stop in stops if stop > s.line)
        last = following - 1
        while last > s.line and not source.line(last).strip():
            last -= 1
        result[s.number] = (s.line, last)
    return result


def section_of(line: int, span_map: dict[int, tuple[int, int]]) -> int | None:
    """The number of the section whose span holds source ``line``."""
    return next((n for n, (first, last) in span_map.items() if first <= line <= last), None)


def _text(span: tuple[int, int], source: SourceText) -> str:
    return " ".join(source.line(n) for n in range(span[0], span[1] + 1))


def _has_clause(letter: str, span: tuple[int, int], source: SourceText) -> bool:
    pattern = re.compile(rf"^\({re.escape(letter)}\)")
    return any(pattern.match(source.line(n)) for n in range(span[0], span[1] + 1))


@dataclass(frozen=True)
class Resolution:
    """Where one internal reference lands: the section (and clause) it cites, or why it does not resolve."""

    reference: Reference
    section: int | None
    problem: str | None = None


def resolve(numbering: Numbering, source: SourceText, supplied_clauses: dict[int, str]) -> list[Resolution]:
    """Every internal reference of the Act resolved against the table (external references are left out).

    ``supplied_clauses`` maps section numbers to clause letters the builder supplies editorially (the 1880 s.62
    `(a)` the source lost), which count as present.
    """
    span_map = spans(numbering, source)
    results = []
    for ref in collect(source.numbered()):
        if ref.external:
            continue
        here = section_of(ref.line, span_map)
        if ref.kind == "last-preceding":
            targets = [here - 1] if here else []
        elif ref.kind == "this-section":
            targets = [here] if here else []
        else:
            targets = list(ref.numbers)
        for target in targets:
            problem = None
            if target not in span_map:
                problem = f"cites s.{target}, which the table does not have"
            else:
                for letter in ref.clauses:
                    if not _has_clause(letter, span_map[target], source) and supplied_clauses.get(target) != letter:
                        problem = f"cites clause ({letter}) of s.{target}, which has none"
            results.append(Resolution(ref, target if problem is None else None, problem))
    return results


def check(numbering: Numbering, source: SourceText, supplied_clauses: dict[int, str]) -> list[str]:
    """Every way the table disagrees with the source (empty when it holds)."""
    problems = []
    numbers = [s.number for s in numbering.sections]
    if numbers != list(range(1, len(numbers) + 1)):
        problems.append("section numbers are not 1..N in order")
    if [s.line for s in numbering.sections] != sorted(s.line for s in numbering.sections):
        problems.append("section start lines are not in order")
    for s in numbering.sections:
        if s.confidence not in CONFIDENCE:
            problems.append(f"s.{s.number}: confidence {s.confidence!r}")
        if not source.first <= s.line <= source.last or not source.line(s.line).strip():
            problems.append(f"s.{s.number}: line {s.line} is blank or outside the document")
    span_map = spans(numbering, source)
    resolutions = resolve(numbering, source, supplied_clauses)
    problems += [f"line {r.reference.line} {r.reference.text!r}: {r.problem}" for r in resolutions if r.problem]
    anchored = {(a.line, a.cites) for a in numbering.anchors}
    for r in resolutions:
        key = (r.reference.line, "last-preceding" if r.reference.kind == "last-preceding" else r.section)
        if r.reference.kind != "this-section" and r.section is not None and key not in anchored:
            problems.append(f"line {r.reference.line} {r.reference.text!r}: no reviewed anchor for s.{r.section}")
    for a in numbering.anchors:
        here = section_of(a.line, span_map)
        if a.cites == "last-preceding" and here is None:
            problems.append(f"anchor line {a.line}: in no section of the table, so no section precedes it")
            continue
        target = here - 1 if a.cites == "last-preceding" and here is not None else int(a.cites)
        if target not in span_map:
            problems.append(f"anchor line {a.line}: s.{target} is not in the table")
            continue
        text = _text(span_map[target], source).lower()
        missing = [w for w in a.words if w.lower() not in text]
        if missing:
            problems.append(f"anchor line {a.line}: s.{target} does not contain {missing}")
    return problems

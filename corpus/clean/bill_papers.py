"""The papers the Gazette prints after each Bill (source 003): kept as the Bill's attachments, never in its body.

After the last section of each Bill come, in this order (SURVEY.md §3):

- STATEMENT OF OBJECTS AND REASONS (MS L4225-4265, MPA L5883-5933): an unnumbered first paragraph, then ``2.``,
  ``3.The …`` (no space, L4231) … with lists ``(a)``-``(j)`` (MS) or ``(i)``-``(vii)`` holding ``(a)``-``(e)`` (MPA),
  and the signature ``NEW DELHI;`` / ``NITIN GADKARI`` / the date (on one line with the name in MPA L5933);
- Notes on clauses (MS L4267-4831, 280 entries ``Clause N.––``; MPA L5935-6065, 65 entries ``Clause N.—``). A line
  that does not open the next entry continues the current one (MS L4297 ``Sub-clause (2) of this clause …``, L4403
  ``Clause 66 also provides …``);
- FINANCIAL MEMORANDUM (MS L4833-4861, unnumbered paragraphs; MPA L6067-6079, an unnumbered first paragraph then
  ``2.``-``6.``);
- MEMORANDUM REGARDING DELEGATED LEGISLATION (MS L4863-4911, paragraphs 1-24, the first unnumbered; MPA L6083-6089).

:func:`papers_markup` turns the (already noise-cleaned, see :mod:`corpus.clean.gazette`) lines that follow a Bill's
last section into bluebell markup, one ``ATTACHMENT`` per paper, headed as the Gazette prints it. Each note on a
clause is a ``paragraph`` numbered ``Clause N.`` so that annotations can anchor on it; :func:`notes_on_clauses`
gives the notes as data. The list labels ``(a)``/``(i)`` are nested by :class:`ListNesting`, which the Bills'
builders use too (roman ``(i)`` against the letter after ``(h)``, MPA s.2(1)(t)).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from corpus import markup
from corpus.labels import FIRST_LABELS, next_label
from corpus.report import Edit, MarkupResult, Unparsed

PAPER_HEADING = re.compile(
    r"^(?:STATEMENT OF OBJECTS AND REASONS|Notes on [Cc]lauses|FINANCIAL MEMORANDUM|"
    r"MEMORANDUM REGARDING DELEGATED LEGISLATION)$"
)
_NOTES_HEADING = re.compile(r"^Notes on [Cc]lauses$")
# "Clause 1.–– This clause…" (MS, two en dashes), "Clause 1.—This clause…" (MPA, an em dash).
NOTE_START = re.compile(r"^Clause (?P<number>\d{1,3})\.(?P<dash>\s*[–—]+\s*)")
_NUMBERED = re.compile(r"^(?P<number>\d{1,3})\.\s*(?=\S)")
LABEL = re.compile(r"^\((?P<label>[a-z]{1,2}|[ivxl]{1,6}|[A-Z]|\d{1,3})\)\s*")
_SIGNATURE_START = re.compile(r"^NEW DELHI;$")
# Hierarchy names for list levels below a numbered paragraph of a paper (and below a subsection in a Bill).
LIST_LEVELS = ("SUBPARA", "CLAUSE", "SUBCLAUSE", "POINT")


@dataclass
class ListNesting:
    """Which level of nested lists a label opens or continues.

    The open lists are a stack of ``(kind, last label)``. A label continues the innermost open list whose next label
    it is (so ``(i)`` after ``(h)`` is a letter), unless the text before it ends in a dash or colon (an introduction:
    MPA s.2(1)(t) ``"owner",—`` then ``(i)``, a roman list); otherwise it opens a new list one level deeper if it is
    a first label (``(a)``, ``(i)``, ``(A)``, ``(1)``). :meth:`place` returns the depth (1 = outermost list), or
    None when the label fits nowhere (the caller keeps the line as text and reports it).
    """

    stack: list[tuple[str, str]] = field(default_factory=list)

    def place(self, label: str, after_introduction: bool = False) -> int | None:
        opens = FIRST_LABELS.get(label)
        if after_introduction and opens:
            return self._push(opens, label)
        for depth in range(len(self.stack) - 1, -1, -1):
            kind, last = self.stack[depth]
            if next_label(last, kind) == label:
                del self.stack[depth + 1 :]
                self.stack[depth] = (kind, label)
                return depth + 1
        if opens:
            return self._push(opens, label)
        return None

    def _push(self, kind: str, label: str) -> int:
        self.stack.append((kind, label))
        return len(self.stack)

    def close_to(self, depth: int) -> None:
        """Close the lists deeper than ``depth`` (0 closes them all)."""
        del self.stack[depth:]


def ends_introduction(text: str) -> bool:
    """True when ``text`` introduces a list: it ends in a dash or a colon (``namely:—``, ``shall—``, ``,—``)."""
    return bool(re.search(r"[—–:]-?—?\s*$", text))


@dataclass(frozen=True)
class NoteOnClause:
    """One entry of a Bill's Notes on clauses: the clause it explains, the source line it starts on, its text."""

    clause: int
    line: int
    text: str


def notes_on_clauses(lines: list[tuple[int, str]]) -> list[tuple[int, int, str]]:
    """``(clause number, source line, text)`` for every note on a clause in ``lines``, in order.

    ``lines`` are cleaned Gazette lines holding a Notes on clauses paper (with or without its heading and the other
    papers around it: only the Notes are read). A note opens with ``Clause N.––`` / ``Clause N.—`` where N is the
    next number (1 first); every other line until the next note or paper continues the current note, its text
    joined with a newline. The text excludes the ``Clause N.`` number and its dash.
    """
    return [(n.clause, n.line, n.text) for n in _notes(lines)[0]]


def _notes(lines: list[tuple[int, str]]) -> tuple[list[NoteOnClause], list[tuple[int, str]]]:
    """The notes of ``lines`` and the lines of the Notes paper that came before the first note."""
    notes: list[NoteOnClause] = []
    stray: list[tuple[int, str]] = []
    inside = not any(_NOTES_HEADING.match(t.strip()) for _, t in lines)
    for number, raw in lines:
        text = raw.strip()
        if not text:
            continue
        if PAPER_HEADING.match(text):
            inside = bool(_NOTES_HEADING.match(text))
            continue
        if not inside:
            continue
        start = NOTE_START.match(text)
        if start and int(start["number"]) == len(notes) + 1:
            notes.append(NoteOnClause(int(start["number"]), number, text[start.end() :]))
        elif notes:
            last = notes[-1]
            notes[-1] = NoteOnClause(last.clause, last.line, last.text + "\n" + text)
        else:
            stray.append((number, text))
    return notes, stray


def papers_markup(lines: list[tuple[int, str]]) -> MarkupResult:
    """Bluebell markup for the papers in ``lines`` (cleaned lines after a Bill's last section): one ATTACHMENT each.

    Lines before the first paper heading are kept as ``P.unparsed`` in the first paper and reported as
    :class:`Unparsed`. ``facts`` gives the papers' headings and the number of notes on clauses.
    """
    result = MarkupResult(markup="")
    papers: list[tuple[str, list[tuple[int, str]]]] = []
    leading: list[tuple[int, str]] = []
    for number, raw in lines:
        text = raw.strip()
        if not text:
            continue
        if PAPER_HEADING.match(text):
            papers.append((text, []))
        elif papers:
            papers[-1][1].append((number, text))
        else:
            leading.append((number, text))
    out: list[str] = []
    notes_count = 0
    for index, (heading, body) in enumerate(papers):
        out.append(f"ATTACHMENT {markup.text(heading)}")
        block: list[str] = []
        if index == 0:
            for number, text in leading:
                result.unparsed.append(Unparsed(number, text))
                block.append(f"P.unparsed {markup.text(text)}")
        if _NOTES_HEADING.match(heading):
            notes, stray = _notes(body)
            notes_count += len(notes)
            for number, text in stray:
                result.unparsed.append(Unparsed(number, text))
                block.append(f"P.unparsed {markup.text(text)}")
            block += _notes_block(notes, body, result.edits)
        else:
            block += _paper_block(body, result)
        out += markup.indent(block, 1)
        out.append("")
    if leading and not papers:
        for number, text in leading:
            result.unparsed.append(Unparsed(number, text))
        out += ["ATTACHMENT", *markup.indent([f"P.unparsed {markup.text(t)}" for _, t in leading], 1), ""]
    result.markup = "\n".join(out)
    result.facts = {"papers": [h for h, _ in papers], "notes_on_clauses": notes_count}
    return result


def _notes_block(notes: list[NoteOnClause], body: list[tuple[int, str]], edits: list[Edit]) -> list[str]:
    """One ``PARA Clause N.`` per note; the dash that separated number and text is recorded as an edit."""
    first_lines = dict(body)
    block: list[str] = []
    for note in notes:
        start = NOTE_START.match(first_lines[note.line])
        if start and start["dash"].strip():
            edits.append(
                Edit(
                    note.line,
                    start.group(0).strip(),
                    f"Clause {note.clause}.",
                    "note on a clause: its number becomes the paragraph's num; the dash after it is a separator",
                )
            )
        block.append(f"PARA Clause {note.clause}.")
        block += markup.indent([markup.text(t) for t in note.text.split("\n")], 1)
    return block


def _paper_block(body: list[tuple[int, str]], result: MarkupResult) -> list[str]:
    """A paper of paragraphs: unnumbered, ``N.`` (N the next number), lists, and the signature that closes a SOR."""
    block: list[str] = []
    expected = 1
    in_paragraph = False
    nesting = ListNesting()
    previous = ""
    signature = False
    for number, text in body:
        if signature or _SIGNATURE_START.match(text):
            signature = True
            block.append(f"P.signature {markup.text(text)}")
            continue
        numbered = _NUMBERED.match(text)
        if numbered and int(numbered["number"]) == expected:
            expected = int(numbered["number"]) + 1
            in_paragraph = True
            nesting.close_to(0)
            block.append(f"PARA {numbered['number']}.")
            block += markup.indent([markup.text(text[numbered.end() :])], 1)
            previous = text
            continue
        if expected == 1:
            expected = 2  # an unnumbered first paragraph stands for paragraph 1
        label = LABEL.match(text)
        depth = nesting.place(label["label"], ends_introduction(previous)) if label and in_paragraph else None
        if label and depth is not None and depth <= len(LIST_LEVELS):
            block.append("  " * depth + f"{LIST_LEVELS[depth - 1]} ({label['label']})")
            block += markup.indent([markup.text(text[label.end() :])], depth + 1)
        elif in_paragraph and label:
            result.unparsed.append(Unparsed(number, text))
            block += markup.indent([f"P.unparsed {markup.text(text)}"], len(nesting.stack) + 1)
        elif in_paragraph:  # text after a paragraph's list closes the list: the paragraph's wrap-up
            nesting.close_to(0)
            block += markup.indent([markup.text(text)], 1)
        else:
            block.append(markup.text(text))
        previous = text
    return block

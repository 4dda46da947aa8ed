"""The ``gazette-bill-chapters`` layout: the Major Port Authorities Bill, 2016 (Bill No. 328 of 2016), Gazette of
India lines L4913-6097. Its number of sections and its definitions sub-section are its quirks
(``corpus/sources/in-mpab-2016.yaml``), each naming its source line.

The Bill (SURVEY.md §3): ``BILL NO. 328 OF 2016`` (L4913), the long title (L4915-4919), the enacting formula (L4921),
CHAPTER I-VIII (L4923-5881) with the lettered sub-heads ``A. STAFF OF MAJOR PORT AUTHORITY`` (L5203) … as
cross-headings, sections 1-65, then the Bill's papers (L5883-6089, :mod:`corpus.clean.bill_papers`).

The steps:

1. :func:`corpus.clean.gazette.clean` removes the Gazette's noise (running heads, margin Act citations, the imprint).
2. :func:`repair` mends letter-spaced words (L5151 ``A p p o i n t m e n t``, L5333 ``S h i p - o w n e r 's``) and
   hyphens broken at a visual line end (L4951 ``high- water``, L4999 ``sub- section``), each an :class:`Edit`.
3. :mod:`corpus.clean.marginal_notes` finds the 65 section starts and aligns the displaced marginal notes to them by
   order. :func:`_mend_line_end_notes` extends a note glued at a line end that it cut after its first word (L5251
   ``…perform any Contracts by Board.``, L5291 ``…under which any Scale of rates … at Major Port.``).
4. :class:`_Builder` reads the lines in order into a tree: blank lines are not paragraph boundaries in 003 (L4929
   ``(2) It shall … by notification`` goes on at L4933 ``in the Official Gazette, appoint.``); list labels are nested
   by :class:`corpus.clean.bill_papers.ListNesting` (s.2(1)(t) ``(i)``/``(ii)`` are romans, s.2(1)(i) the letter
   after (h); s.35(a)(i)(A) four levels deep); a lower-case line after a list item ending in a comma is the wrap-up
   of the list (s.16(1)(a) L5191, s.34 L5451, s.45(1) L5577); provisos and explanations are their own elements.
5. The papers' markup follows the body.

Every line that is not noise lands in the markup: as structure, as text, or as ``P.unparsed`` (reported).
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field

from corpus import markup, outline
from corpus.catalogue import Document
from corpus.clean import gazette, marginal_notes
from corpus.clean.bill_papers import LABEL, PAPER_HEADING, ListNesting, ends_introduction, papers_markup
from corpus.labels import next_label
from corpus.layouts import QuirksError, check_fields, check_line, entries, whole_number
from corpus.report import Edit, MarkupResult, Moved, Unparsed
from corpus.source_text import SourceText


@dataclass(frozen=True)
class Quirks:
    """The Bill's number of sections and the sub-sections whose clauses define terms: (section, sub-section, line)."""

    sections: int
    definitions: tuple[tuple[int, str, int], ...]


def read_quirks(data: dict, doc: Document) -> Quirks:
    """The quirks of ``data`` (``doc``'s quirks file)."""
    where = doc.quirks_path.name
    check_fields(data, where, {"sections", "definitions"})
    found = entries(data, "definitions", where, {"section": int, "subsection": str})
    return Quirks(
        whole_number(data, "sections", where), tuple((e["section"], e["subsection"], e["line"]) for e in found)
    )


_CHAPTER = re.compile(r"^CHAPTER (?P<num>[IVXL]+)$")
_CROSSHEADING = re.compile(r"^[A-H]\. [A-Z][A-Z ,'&-]+$")
_SECTION = re.compile(r"^(?P<num>\d{1,2})\.\s*")
_SUBSECTION = re.compile(r"^\((?P<num>\d{1,2})\)\s*")
_PROVISO = re.compile(r"^Provided\b")
_EXPLANATION = re.compile(r"^Explanation\b")
_LETTER_SPACED = re.compile(r"(?<![\w'])(?:[A-Za-z-] ){3,}[A-Za-z-](?: 's)?(?![\w'])")
_BROKEN_HYPHEN = re.compile(r"\b(?P<head>[A-Za-z]+)- (?P<tail>[a-z]+)\b")
_TERMINATED = re.compile(r"[.;:,—–-]$")
_DEFINITION_VERB = re.compile(r" means\b| includes\b| shall mean\b|,—|, in relation to")
_QUOTED = re.compile(r"\"(?P<d>[^\"]+)\"|'(?P<s>[^']+)'")
# Hierarchy names by list depth: below a subsection (or a section without subsections, or a proviso).
_LIST_NAMES = ("PARA", "SUBPARA", "CLAUSE", "SUBCLAUSE", "POINT")


def to_markup(source: SourceText, quirks: Quirks) -> MarkupResult:
    """Bluebell markup for the Major Port Authorities Bill and its papers, with every change to the source's words."""
    cleaned, edits = gazette.clean(source.numbered())
    cleaned, repairs = repair(cleaned)
    edits += repairs
    preface, body, papers = _split(cleaned)
    for _, subsection, line in quirks.definitions:
        check_line(source, line, f"{subsection} ", "in-mpab-2016.yaml: definitions")
    sections = marginal_notes.find_sections(body, quirks.sections)
    problem = marginal_notes.sequence_problem(sections, quirks.sections, body)
    if problem and any(PAPER_HEADING.match(t.strip()) for _, t in papers):  # the whole Bill, not an extract
        raise QuirksError(f"gazette-bill-chapters: {problem}")
    alignment = marginal_notes.align(body, sections)
    lines, headings, moved = _mend_line_end_notes(alignment, body)
    builder = _Builder(headings, {(f"{s}.", n) for s, n, _ in quirks.definitions})
    builder.read_all(lines)
    papers_result = papers_markup(papers)
    out = [*_preface(preface, builder.unparsed), "BODY", *builder.render(), "", papers_result.markup]
    result = MarkupResult(
        markup="\n".join(out).rstrip("\n") + "\n",
        edits=edits + papers_result.edits,
        moved=moved,
        unparsed=builder.unparsed + papers_result.unparsed,
    )
    result.facts = {
        "sections": builder.section_numbers,
        "headings_layouts": dict(alignment.layouts),
        "sections_without_heading": [n for n in builder.section_numbers if not headings.get(n)],
        "definitions_marked": builder.definitions,
        "papers": papers_result.facts,
    }
    return result


def repair(lines: list[tuple[int, str]]) -> tuple[list[tuple[int, str]], list[Edit]]:
    """``lines`` with letter-spaced words closed up and hyphens broken at a line end joined, an Edit for each."""
    edits: list[Edit] = []
    out = []
    for number, text in lines:
        for match in list(_LETTER_SPACED.finditer(text)):
            joined = match.group(0).replace(" ", "")
            edits.append(Edit(number, match.group(0), joined, "letter-spaced word closed up"))
            text = text.replace(match.group(0), joined, 1)
        for match in list(_BROKEN_HYPHEN.finditer(text)):
            joined = f"{match['head']}-{match['tail']}"
            edits.append(Edit(number, match.group(0), joined, "hyphen broken at a visual line end"))
            text = text.replace(match.group(0), joined, 1)
        out.append((number, text))
    return out, edits


def _split(lines: list[tuple[int, str]]) -> tuple[list[tuple[int, str]], list[tuple[int, str]], list[tuple[int, str]]]:
    """The preface (before CHAPTER I), the body, and the papers (from the Statement of Objects and Reasons)."""
    first_chapter = next((i for i, (_, t) in enumerate(lines) if _CHAPTER.match(t.strip())), 0)
    papers = next((i for i, (_, t) in enumerate(lines) if PAPER_HEADING.match(t.strip())), len(lines))
    return lines[:first_chapter], lines[first_chapter:papers], lines[papers:]


def _mend_line_end_notes(
    alignment: marginal_notes.Alignment, body: list[tuple[int, str]]
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
        if index is None or _TERMINATED.search(lines[index][1]):
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


def _preface(lines: list[tuple[int, str]], unparsed: list[Unparsed]) -> list[str]:
    """``BILL NO. 328 OF 2016``, the long title (its visual lines joined) and the enacting formula."""
    texts = [(n, t.strip()) for n, t in lines if t.strip()]
    out = ["PREFACE"]
    enacting = [t for _, t in texts if t.startswith("BE it enacted")]
    title: list[str] = []
    for number, text in texts:
        if text.startswith("BILL NO."):
            out.append("  P.bill-number " + markup.text(text))
        elif text.startswith("BE it enacted"):
            continue
        elif title or text.startswith("A Bill"):
            title.append(text)
        else:
            unparsed.append(Unparsed(number, text))
            out.append("  P.unparsed " + markup.text(text))
    if title:
        out.append("  LONGTITLE " + markup.text(" ".join(title)))
    if enacting:
        out += ["PREAMBLE", *("  " + markup.text(t) for t in enacting)]
    return out


@dataclass(eq=False)
class _Node:
    """An element of the tree: ``keyword`` is its bluebell keyword (``SEC``, ``PARA``, ``PROVISO``, ``BLOCKS`` …)."""

    keyword: str
    num: str = ""
    heading: str = ""
    items: list[_Node | str] = field(default_factory=list)
    defines: bool = False  # a definition clause: quoted terms before "means"/"includes" are wrapped as {{def}}

    def last_text(self) -> str | None:
        return self.items[-1] if self.items and isinstance(self.items[-1], str) else None


@dataclass
class _Context:
    """Where list items go: under ``base`` (a section, subsection, proviso or explanation), nested by ``nesting``."""

    base: _Node
    nesting: ListNesting = field(default_factory=ListNesting)
    items: list[_Node] = field(default_factory=list)  # the open item at each depth

    def innermost(self) -> _Node:
        return self.items[-1] if self.items else self.base


class _Builder:
    """Reads the Bill's body lines in order into chapters, sections and their parts; renders bluebell markup."""

    def __init__(self, headings: dict[int, str], definitions: set[tuple[str, str]]) -> None:
        self.headings = headings
        self.definitions_at = definitions  # (section num, sub-section num) whose clauses define terms
        self.top: list[_Node] = []
        self.chapter: _Node | None = None
        self.section: _Node | None = None
        self.subsection_next = 1
        self.contexts: list[_Context] = []
        self.text_owner: _Node | None = None  # the node whose last text a continuation line extends
        self.pending_chapter_title = False
        self.unparsed: list[Unparsed] = []
        self.section_numbers: list[int] = []
        self.definitions = 0
        self.lookahead: list[str] = []  # the texts after the line being read

    # -- reading ---------------------------------------------------------------------------------------------------

    def read(self, number: int, raw: str) -> None:
        text = raw.strip()
        if not text:
            return
        if chapter := _CHAPTER.match(text):
            self.chapter = _Node("CHAPTER", chapter["num"])
            self.top.append(self.chapter)
            self.section, self.contexts, self.text_owner = None, [], None
            self.pending_chapter_title = True
            return
        if self.pending_chapter_title and text.isupper():
            self.pending_chapter_title = False
            assert self.chapter is not None
            self.chapter.heading = text
            return
        self.pending_chapter_title = False
        if _CROSSHEADING.match(text) and self.chapter is not None:
            self.chapter.items.append(_Node("CROSSHEADING", heading=text))
            self.section, self.contexts, self.text_owner = None, [], None
            return
        section = _SECTION.match(text)
        if section and int(section["num"]) == len(self.section_numbers) + 1:
            self._open_section(int(section["num"]))
            text = text[section.end() :]
            if not text:
                return
        if self.section is None:
            self._unparsed(number, text, self.chapter.items if self.chapter else self.top)
            return
        self._read_in_section(number, text)

    def _open_section(self, num: int) -> None:
        self.section = _Node("SEC", f"{num}.", self.headings.get(num, ""))
        (self.chapter.items if self.chapter else self.top).append(self.section)
        self.section_numbers.append(num)
        self.subsection_next = 1
        self.contexts = [_Context(self.section)]
        self.text_owner = None

    def _read_in_section(self, number: int, text: str) -> None:
        assert self.section is not None
        subsection = _SUBSECTION.match(text)
        if subsection and int(subsection["num"]) == self.subsection_next:
            node = _Node("SUBSEC", f"({subsection['num']})")
            node.defines = (self.section.num, node.num) in self.definitions_at
            self.section.items.append(node)
            self.subsection_next += 1
            self.contexts = [_Context(node)]
            self.text_owner = node
            rest = text[subsection.end() :]
            if rest:
                node.items.append(rest)
            return
        if _PROVISO.match(text):
            self._open_proviso(text)
            return
        if _EXPLANATION.match(text):
            self._open_explanation(text)
            return
        label = LABEL.match(text)
        if label and self._place_item(label["label"], text[label.end() :]):
            return
        if label:
            self._unparsed(number, text, self.contexts[-1].innermost().items)
            return
        self._read_text(text)

    def _place_item(self, label: str, rest: str) -> bool:
        """Put the item ``(label) rest`` at its depth in the innermost context that takes it; False if none does."""
        introduction = ends_introduction(self.text_owner.last_text() or "") if self.text_owner else False
        while True:
            context = self.contexts[-1]
            continues = any(next_label(last, kind) == label for kind, last in context.nesting.stack)
            outer = self.contexts[-2] if len(self.contexts) > 1 else None
            outer_continues = outer is not None and any(
                next_label(last, kind) == label for kind, last in outer.nesting.stack
            )
            if not continues and outer_continues and not introduction:
                self.contexts.pop()
                continue
            depth = context.nesting.place(label, introduction)
            if depth is None:
                return False
            parent = context.base if depth == 1 else context.items[depth - 2]
            del context.items[depth - 1 :]
            keyword = "ITEM" if context.base.keyword == "BLOCKS" else _LIST_NAMES[min(depth, len(_LIST_NAMES)) - 1]
            node = _Node(keyword, f"({label})")
            node.defines = (context.base.defines and depth == 1) or context.base.keyword == "BLOCKS"
            parent.items.append(node)
            context.items.append(node)
            if rest:
                node.items.append(rest)
            self.text_owner = node
            return True

    def _open_proviso(self, text: str) -> None:
        """A proviso goes in the list item it follows when the list goes on after it, else beside that list."""
        while len(self.contexts) > 1 and self.contexts[-1].base.keyword in ("PROVISO", "BLOCKS"):
            self.contexts.pop()
        context = self.contexts[-1]
        parent = context.base
        # "under this clause" (s.14 L5167): the clause it follows, like one the list goes on after
        if context.items and (self._list_goes_on(context) or "this clause" in text):
            parent = context.items[-1]
        node = _Node("PROVISO", items=[text])
        parent.items.append(node)
        self.contexts.append(_Context(node))
        self.text_owner = node

    def _list_goes_on(self, context: _Context) -> bool:
        """After the proviso being read, the next section, subsection or label of ``context``'s list is a label."""
        expected = {next_label(last, kind) for kind, last in context.nesting.stack}
        for text in self.lookahead:
            if _SECTION.match(text) or _SUBSECTION.match(text) or _CHAPTER.match(text):
                return False
            label = LABEL.match(text)
            if label and label["label"] in expected:
                return True
        return False

    def _open_explanation(self, text: str) -> None:
        """An explanation of "this section" goes at the end of the section; any other in the element it follows."""
        while len(self.contexts) > 1 and self.contexts[-1].base.keyword in ("PROVISO", "BLOCKS"):
            self.contexts.pop()
        parent = self.section if "this section" in text else self.contexts[-1].innermost()
        assert parent is not None
        node = _Node("BLOCKS", "explanation", items=[text])
        node.defines = True
        parent.items.append(node)
        self.contexts.append(_Context(node))
        self.text_owner = node

    def _read_text(self, text: str) -> None:
        """A line of text: a continuation of the last text, the wrap-up of a list, or a new paragraph."""
        owner = self.text_owner
        previous = owner.last_text() if owner else None
        context = self.contexts[-1]
        if owner is not None and previous is not None:
            wrap_up = text[0].islower() and previous.endswith(",") and owner in context.items
            if not _TERMINATED.search(previous) or (text[0].islower() and not wrap_up):
                owner.items[-1] = previous + " " + text
                return
            if wrap_up:
                depth = context.items.index(owner)
                context.nesting.close_to(depth)
                del context.items[depth:]
                target = context.innermost()
                target.items.append(text)
                self.text_owner = target
                return
        target = context.innermost()
        target.items.append(text)
        self.text_owner = target

    def _unparsed(self, number: int, text: str, items: list[_Node | str]) -> None:
        self.unparsed.append(Unparsed(number, text))
        items.append(_Node("P.unparsed", heading=text))

    def read_all(self, lines: list[tuple[int, str]]) -> None:
        """Read every line of the body, in order."""
        texts = [t.strip() for _, t in lines]
        for index, (number, text) in enumerate(lines):
            self.lookahead = [t for t in texts[index + 1 : index + 80] if t]
            self.read(number, text)

    # -- rendering -------------------------------------------------------------------------------------------------

    def render(self) -> list[str]:
        return outline.write_all([self._outline(node) for node in self.top])

    def _outline(self, node: _Node) -> outline.Item:
        if node.keyword == "P.unparsed":
            return outline.Text(f"P.unparsed {markup.text(node.heading)}")
        if node.keyword == "CROSSHEADING":
            return outline.Heading(markup.text(node.heading))
        if node.keyword == "BLOCKS":
            return self._explanation(node)
        heading = markup.text(node.heading) if node.heading else ""
        provision = outline.Provision(node.keyword, markup.text(node.num) if node.num else "", heading)
        first_text = True
        for item in node.items:
            if isinstance(item, _Node):
                provision.add(self._outline(item))
            else:
                provision.add(outline.Text(self._text(item, node.defines and first_text)))
                first_text = False
        return provision

    def _explanation(self, node: _Node) -> outline.Provision:
        """An explanation: ``BLOCKS.explanation`` holding its text and, for its clauses, ``ITEMS``/``ITEM``."""
        provision = outline.Provision(f"BLOCKS.{node.num}")
        items: outline.Provision | None = None
        for item in node.items:
            if isinstance(item, str):
                provision.add(outline.Text(self._text(item, True)))
                items = None
                continue
            if items is None:
                items = outline.Provision("ITEMS")
                provision.add(items)
            items.add(self._item(item))
        return provision

    def _item(self, node: _Node) -> outline.Provision:
        provision = outline.Provision("ITEM", markup.text(node.num))
        for item in node.items:
            if isinstance(item, str):
                provision.add(outline.Text(self._text(item, True)))
            else:
                provision.add(outline.Provision("ITEMS", items=[self._item(item)]))
        return provision

    def _text(self, text: str, defines: bool) -> str:
        escaped = markup.text(text)
        if not defines:
            return escaped
        verb = _DEFINITION_VERB.search(escaped)
        if not verb:
            return escaped
        head, tail = escaped[: verb.start()], escaped[verb.start() :]

        def define(match: re.Match[str]) -> str:
            quote = '"' if match["d"] is not None else "'"
            self.definitions += 1
            return f"{quote}{{{{def {match['d'] or match['s']}}}}}{quote}"

        return _QUOTED.sub(define, head) + tail

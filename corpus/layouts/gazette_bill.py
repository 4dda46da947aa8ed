"""The ``gazette-bill`` layout: a Bill of the Gazette of India (source 003), one engine for the two it prints.

The Merchant Shipping Bill, 2016 (Bill No. 236, L23-4911: PART I-XVI and their CHAPTERs, the s.256 penalty
Table) and the Major Port Authorities Bill, 2016 (Bill No. 328, L4913-6097: CHAPTER I-VIII with the lettered
cross-headings ``A. STAFF OF MAJOR PORT AUTHORITY`` …) are read by the same steps; what is particular to each (its
number of sections, the lines of its body and of a Table, its definition sections, the spacing of its markup) is
data in its quirks file (``corpus/sources/in-msb-2016.yaml``, ``in-mpab-2016.yaml``), each entry naming its source
line. The rules that differ by kind of text are tables and patterns here, never a test of the document.

Steps (SURVEY.md §3): Gazette noise out (corpus/clean/gazette.py); letter-spaced words and broken hyphens repaired
(:func:`repair`); the preface (BILL NO., long title, enacting formula); the body: Parts, Chapters (numbering restarts
inside MS Parts II, III, IX and XI; MS s.13 sits before CHAPTER I of Part III) and cross-headings, the sections
whose headings are the displaced marginal notes (corpus/clean/marginal_notes.py), subsections, clauses,
sub-clauses, items, provisos, Explanations and the closing words of lists (wrap-ups), the terms of the definitions
sections wrapped as ``{{def term}}``, and a Table (corpus/clean/penalty_table.py); then the Bill's papers (objects
and reasons, notes on clauses, memoranda: corpus/clean/bill_papers.py) as attachments.

Blank lines are not paragraph boundaries here (225 MS body lines start in lower case as continuations): a line
joins the text before it unless it opens a new element or the text before it has ended a sentence.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from corpus import labels, markup, outline
from corpus.catalogue import Document
from corpus.clean import bill_papers, gazette, marginal_notes, penalty_table
from corpus.layouts import QuirksError, check_fields, check_line, entries, span, whole_number
from corpus.report import Edit, MarkupResult, Moved, Unparsed
from corpus.source_text import SourceText


@dataclass(frozen=True)
class Quirks:
    """The Bill's section count, the lines of its body and Table, and its definition sections (number, line)."""

    sections: int
    body: tuple[int, int]
    definition_sections: tuple[tuple[int, int], ...]
    table: tuple[int, int] | None = None  # from the word TABLE to the last line of its last item
    table_section: int = 0  # the section the Table ends, after its last sub-section, as printed
    compact: bool = False  # the markup's spacing: no blank line between the front blocks, the body not indented
    name: str = ""  # the quirks file, for messages

    @property
    def defining(self) -> frozenset[int]:
        return frozenset(n for n, _ in self.definition_sections)


def read_quirks(data: dict, doc: Document) -> Quirks:
    """The quirks of ``data`` (``doc``'s quirks file)."""
    where = doc.quirks_path.name
    check_fields(data, where, {"sections", "body", "table", "definition_sections", "compact"})
    definitions = entries(data, "definition_sections", where, {"section": int})
    compact = data.get("compact", False)
    if not isinstance(compact, bool):
        raise QuirksError(f"{where}: field 'compact' must be true or false")
    quirks = Quirks(
        whole_number(data, "sections", where),
        span(data, "body", where),
        tuple((e["section"], e["line"]) for e in definitions),
        compact=compact,
        name=where,
    )
    if "table" not in data:
        return quirks
    table = data["table"]
    if not isinstance(table, dict):
        raise QuirksError(f"{where}: field 'table' must be {{first, last, section}}")
    check_fields(table, f"{where}: table", {"first", "last", "section"})
    return replace(
        quirks,
        table=span(data, "table", where),
        table_section=whole_number(table, "section", f"{where}: table"),
    )


_SECTION_NUMBER = re.compile(r"^(\d{1,3})\.\s?(?=\(|[A-Z\"'])")
_PART = re.compile(r"^PART ([IVXL]+)$")
_CHAPTER = re.compile(r"^CHAPTER ([IVXL]+)$")
_CROSSHEADING = re.compile(r"^[A-H]\. [A-Z][A-Z ,'&-]+$")  # MPA L5203 "A. STAFF OF MAJOR PORT AUTHORITY"
_ENUMERATOR = re.compile(r"^\((\d{1,3}|[a-z]{1,3}|[A-Z])\)\s?")
# L329 "C o n s t i t u t i o n", MPA L5333 "S h i p - o w n e r 's"
_LETTER_SPACED = re.compile(r"(?<![\w'])(?:[A-Za-z-] ){3,}[A-Za-z-](?: 's)?(?![\w'])")
_BROKEN_HYPHEN = re.compile(r"\b([A-Za-z]+)- ([A-Za-z]+)\b")
_SPACED_LABEL = re.compile(r"^\( ([a-z]{1,3})\)")
_SPACED_HYPHEN = re.compile(r"\b([A-Za-z]+) -([A-Za-z]+)\b")  # L731 "charter-cum -demise", L791 "charter -cum- demise"
_WORD = re.compile(r"\w+")
_HYPHENATED = re.compile(r"\b(?=(\w+-\w+))")  # overlapping: "ex-officio-member" has two
_CLOSED = re.compile(r"[.;:—]$|[.;:]['\"]$")
# the closing quote may differ: s.198(e) ''Preventive Measures"; single quotes: MPA s.2(1)(o) 'Major Port Authority'
_DEFINED = re.compile(r"(\"|''|(?<![\w'])'(?!'))(.+?)(\"|''|'(?![\w']))")
_DEFINING_VERB = re.compile(r"\b(?:means|mean|includes|include|shall include|shall mean|has the meaning|is)\b")
_OTHER_SUBSECTION = re.compile(
    r"^Explanation[^—]*—\s*For the purposes of [^,]*?\bsub-section \((\d+)\) of this section"
)
_ABOVE_CASES = re.compile(r"^Explanation[^—]*—\s*In either of the above\b")
# "For the purposes of this section/Part/Chapter,—" (s.86(8), L1335), "In this section" (MPA s.26, L5361), "… the
# provisions of this section shall be …" (s.223, L3107): the whole section's, wherever the Explanation is printed;
# "of this sub-section" (s.14(3), L463): the sub-section's.
_WHOLE_SECTION = re.compile(
    r"^Explanation[^—]*—\s*(?:For the purposes of this (?:section|Part|Chapter|Act)\b|In this section\b"
    r"|For the removal of doubts, it is hereby clarified that the provisions of this section\b)"
)
_WHOLE_SUBSECTION = re.compile(r"^Explanation[^—]*—\s*For the purposes of this sub-section\b")
_TERM_SPACE = re.compile(r"\{\{def (.+?)(\s+)\}\}")


@dataclass
class _Node:
    """An element of the body being built: its keyword, number, heading and content (text, blocks, children)."""

    keyword: str
    num: str = ""
    heading: str = ""
    level: float = 0
    items: list[object] = field(default_factory=list)  # str (a text line), _Node (a child) or _Block


@dataclass
class _Block:
    """A block of markup lines (an Explanation, a Table) that sits in an element's content as it is."""

    lines: list[str]
    items: list[tuple[str, list[str]]] = field(default_factory=list)  # (num, text lines) of an Explanation's items


def _block_of(explanation: _Node) -> _Block:
    """The block of an Explanation node: its first item, which holds its lines and its items."""
    block = explanation.items[0]
    if not isinstance(block, _Block):
        raise TypeError(f"an Explanation holds a block first, not {block!r}")
    return block


def to_markup(source: SourceText, quirks: Quirks) -> MarkupResult:
    """The markup of a Bill of the Gazette, with every change to the source's words recorded."""
    where = quirks.name
    for section, line in quirks.definition_sections:
        check_line(source, line, f"{section}. ", f"{where}: definition_sections")
    if quirks.table is not None:
        check_line(source, quirks.table[0], "TABLE", f"{where}: table")
    lines, edits = gazette.clean(source.numbered())
    lines, repairs = repair(lines)
    edits += repairs
    first, last = quirks.body
    preface = [(n, t) for n, t in lines if n < first and t.strip()]
    body = [(n, t) for n, t in lines if first <= n <= last and t.strip()]
    papers = [(n, t) for n, t in lines if n > last and t.strip()]
    table = quirks.table or (0, -1)
    table_lines = frozenset(n for n, _ in body if table[0] <= n <= table[1])
    sections = marginal_notes.find_sections(body, quirks.sections, table_lines, _first_section(body, first, source))
    problem = marginal_notes.sequence_problem(sections, quirks.sections, body)
    if problem and source.first <= first and last <= source.last:
        raise QuirksError(f"gazette-bill: {where}: {problem}")
    notes = marginal_notes.align(body, sections, table_lines)
    body_lines, headings, moved = marginal_notes.mend_line_end_notes(notes, body)
    # the margin citations of other Acts, kept as side notes beside the Act the text names
    cited = [e for e in edits if e.reason == gazette.MARGIN_CITATION and first <= e.line <= last]
    body_lines, citations = gazette.place_citations(body_lines, cited, table_lines)
    edits = [e for e in edits if e not in cited]
    moved += [Moved(c.line, c.printed, f"side note beside line {c.anchor}") for c in citations]
    result = MarkupResult(markup="", edits=edits, moved=moved)
    out = _preface(preface, quirks.compact)
    out += ["BODY"] if quirks.compact else ["", "BODY"]
    body_markup = _body(body_lines, sections, headings, table_lines, quirks, source.numbered(), result, citations)
    out += body_markup if quirks.compact else markup.indent(body_markup, 1)
    out += _papers(papers, result)
    result.markup = "\n".join(out) + "\n"
    result.facts = {
        "sections": len(sections),
        "headings": sum(1 for h in headings.values() if h),
        "note_layouts": dict(sorted(notes.layouts.items())),
        "note_displacement": {
            str(k): v - s.line for s in sections for k, v in notes.note_lines.items() if k == s.number
        },
        "possible_notes_left_as_text": len(notes.stray_notes),
        "side_notes": len(citations),
        "side_notes_beside_the_act_named": sum(c.named for c in citations),
    }
    return result


def _first_section(body: list[tuple[int, str]], first: int, source: SourceText) -> int:
    """The number of the first section of ``source``: 1, or in an extract of the body (a test's fixture) the number
    its first section line carries."""
    if source.first <= first:
        return 1
    return next((int(m.group(1)) for _, t in body if (m := _SECTION_NUMBER.match(t))), 1)


def repair(lines: list[tuple[int, str]]) -> tuple[list[tuple[int, str]], list[Edit]]:
    """Letter-spaced words joined (L329 ``C o n s t i t u t i o n``) and words broken at a line end rejoined.

    A broken word (``agree- ment``) is joined when the joined word occurs elsewhere in the Bill, and keeps its
    hyphen (``Director- General`` -> ``Director-General``) when the hyphenated form does; otherwise it is left. A
    space before a hyphen (``charter-cum -demise``, L731) is closed up when the hyphenated form occurs elsewhere, and
    one inside a clause label (``( j)``, L901) is taken out so that the clause is read as one.
    """
    known = _words_of(" ".join(t for _, t in lines))
    edits: list[Edit] = []
    out = []
    for number, text in lines:
        if spaced := _SPACED_LABEL.match(text):  # L901 "( j) the fee for grant of certificate…"
            edits.append(Edit(number, spaced.group(0), f"({spaced[1]})", "stray space inside a clause label"))
            text = f"({spaced[1]})" + text[spaced.end() :]
        for match in _LETTER_SPACED.finditer(text):
            edits.append(Edit(number, match.group(0), match.group(0).replace(" ", ""), "letter-spaced word"))
        text = _LETTER_SPACED.sub(lambda m: m.group(0).replace(" ", ""), text)

        def join(match: re.Match[str], number: int = number) -> str:
            first, second = match.groups()
            for joined in (first + second, f"{first}-{second}"):
                if joined in known:
                    edits.append(Edit(number, match.group(0), joined, "word broken at a line end"))
                    return joined
            return match.group(0)

        def close_up(match: re.Match[str], number: int = number) -> str:
            joined = "-".join(match.groups())
            if joined not in known:
                return match.group(0)
            edits.append(Edit(number, match.group(0), joined, "stray space before the hyphen of a compound"))
            return joined

        out.append((number, _SPACED_HYPHEN.sub(close_up, _BROKEN_HYPHEN.sub(join, text))))
    return out, edits


def _words_of(text: str) -> set[str]:
    """The whole words of ``text`` and each pair of words joined by a hyphen (``Director-General``), collected once
    so that a broken word is looked up, not searched for in the whole Bill."""
    return set(_WORD.findall(text)) | set(_HYPHENATED.findall(text))


def _preface(lines: list[tuple[int, str]], compact: bool) -> list[str]:
    """``BILL NO. 236 OF 2016`` and the long title (one visual line per source line: MS L25-31, MPA L4915-4919) in
    the preface; the enacting formula (MS L35, MPA L4921) in the preamble."""
    out = []
    title: list[str] = []
    formula: list[str] = []
    if not lines:  # an extract of the body
        return []
    for _, text in lines:
        if text.startswith("BILL NO."):
            out.append("P.bill-number " + markup.text(text))
        elif (title and title[-1].endswith(".")) or formula or text.startswith("BE it enacted"):
            formula.append(text)
        else:
            title.append(text)
    preface = ["PREFACE", "  " + out[0], "  LONGTITLE " + markup.text(" ".join(title))]
    return [*preface, *([] if compact else [""]), "PREAMBLE", "  " + markup.text(" ".join(formula))]


def _body(
    lines: list[tuple[int, str]],
    sections: list[marginal_notes.SectionStart],
    headings: dict[int, str],
    table_lines: frozenset[int],
    quirks: Quirks,
    document: list[tuple[int, str]],
    result: MarkupResult,
    citations: list[gazette.Citation],
) -> list[str]:
    starts = {s.line: s.number for s in sections}
    root = _Node("BODY", level=-3)
    stack: list[_Node] = [root]
    heading_of: _Node | None = None  # a Part or Chapter whose title lines are being read
    table: list[tuple[int, str]] = []
    section = sections[0].number - 1 if sections else 0
    upcoming = _upcoming_labels(lines, starts)
    for number, text in lines:
        if number in table_lines and section == quirks.table_section:
            table.append((number, text))
            continue
        if table:
            _attach_table(stack, table, document, result)
            table = []
        if m := _PART.match(text):
            stack = [root]
            heading_of = _open(stack, _Node("PART", m.group(1), level=-2))
            continue
        if m := _CHAPTER.match(text):
            while stack[-1].level >= -1:
                stack.pop()
            heading_of = _open(stack, _Node("CHAPTER", m.group(1), level=-1))
            continue
        if _CROSSHEADING.match(text) and any(n.keyword == "CHAPTER" for n in stack):
            while stack[-1].keyword != "CHAPTER":
                stack.pop()
            stack[-1].items.append(_Node("CROSSHEADING", heading=text))
            heading_of = None
            continue
        if heading_of is not None and text.isupper() and number not in starts:
            heading_of.heading = (heading_of.heading + " " + text).strip()
            continue
        heading_of = None
        if number in starts and starts[number] == section + 1:
            section += 1
            while stack[-1].level >= 0:
                stack.pop()
            _open(stack, _Node("SEC", f"{section}.", headings.get(section, ""), level=0))
            text = re.sub(rf"^{section}\.\s?", "", text)
            if not text:
                continue
        _add_line(stack, number, text, section, result, upcoming.get(number))
    if table:  # the body (an extract) ends with the Table
        _attach_table(stack, table, document, result)
    return _render(root, quirks.defining, citations)


def _open(stack: list[_Node], node: _Node) -> _Node:
    stack[-1].items.append(node)
    stack.append(node)
    return node


def _level(token: str, stack: list[_Node]) -> float:
    """The level of an enumerator: (1) 1, (a) 2, (i) 3, (A) 4; (i), (v), (x) after (h), (u), (w) are letters; a
    roman after a list's wrap-up is at that list's level."""
    if token.isdigit():
        return 1
    if token.isupper():
        return 4
    if labels.is_roman(token):
        holder = stack[-1]
        if holder.items and isinstance(holder.items[-1], _WrapUp):  # a list after a wrap-up: at the closed list's
            # level (s.88(1) L1355 "enter onboard the ship and inspect,—" then (i)-(iv); MPA s.34 L5467)
            closed = next(n for n in reversed(holder.items) if isinstance(n, _Node) and n.keyword in _LIST_ITEMS)
            return closed.level
        para = next((n for n in reversed(stack) if n.keyword == "PARA"), None)
        subpara = next((n for n in reversed(stack) if n.keyword == "SUBPARA"), None)
        follows_letter = para is not None and len(token) == 1 and para.num == f"({chr(ord(token) - 1)})"
        if para is stack[-1] and _roman_item(stack) and labels.follows(para.num.strip("()"), token):
            return 2  # a roman list at the letters' level goes on
        if follows_letter and para is not None and (subpara is None or stack.index(subpara) < stack.index(para)):
            return 2
        return 3
    return 2


def _roman_item(stack: list[_Node]) -> bool:
    """Whether the open item ``stack[-1]`` is numbered in romans: ``(i)`` not after ``(h)``, ``(ii)``…"""
    num = stack[-1].num.strip("()")
    if not labels.is_roman(num):
        return False
    siblings = [n for n in stack[-2].items if isinstance(n, _Node) and n.keyword == stack[-1].keyword]
    before = siblings[siblings.index(stack[-1]) - 1].num.strip("()") if siblings.index(stack[-1]) else ""
    return not (len(num) == 1 and before and labels.follows(before, num) and not labels.is_roman(before))


_KEYWORDS = {1: "SUBSEC", 2: "PARA", 3: "SUBPARA", 4: "CLAUSE"}
_LIST_ITEMS = frozenset({"PARA", "SUBPARA", "CLAUSE"})


def _upcoming_labels(lines: list[tuple[int, str]], starts: dict[int, int]) -> dict[int, str | None]:
    """For each line, the label of the next line of its section that opens with one (None: the section ends first)."""
    found: dict[int, str | None] = {}
    following: str | None = None
    for number, text in reversed(lines):
        found[number] = following
        if number in starts:
            following = None
        elif m := _ENUMERATOR.match(text):
            following = m.group(1)
    return found


def _goes_on(node: _Node, label: str | None) -> bool:
    """Whether the list ``node`` is an item of goes on with ``label`` ((b) after (a), (ii) after (i))."""
    return label is not None and labels.follows(node.num.strip("()"), label)


def _paired(stack: list[_Node]) -> bool:
    """Whether an item before the innermost one, in the same list, has a proviso of its own that ends with the
    list's conjunction (s.3(15)(i) L105 "…so regarded; and"): the provisos are each inside their item. One that
    ends the item's text (MPA s.51(3)(b) "…concession agreements;") leaves a last proviso to the whole list."""
    item, holder = stack[-1], stack[-2]
    siblings = [n for n in holder.items if isinstance(n, _Node) and n.keyword == item.keyword]
    before = siblings[: siblings.index(item)] if item in siblings else []
    provisos = [c for s in before for c in s.items if isinstance(c, _Node) and c.keyword == "PROVISO"]
    return any(isinstance(p.items[-1], str) and p.items[-1].endswith((" and", " or")) for p in provisos)


_SUCH = re.compile(r"\bsuch (?:an? )?(?P<word>[a-z]{4,})\b")


def _speaks_of_the_item(stack: list[_Node], text: str) -> bool:
    """Whether the proviso's "such …" names what only the open item speaks of: s.232(1), L3201-3203 "(d) to accept
    the intervention of other salvors when reasonably requested to do so …: Provided that if it is found that such a
    request was unreasonable, …" (the request is (d)'s: neither the sub-section's opening words nor (a) to (c) name
    one). Not a proviso of "the above" list (s.101(1) "… to which the provisions of the above conventions are not
    applicable, … such safety … requirements")."""
    found = _SUCH.search(text)
    if found is None or len(stack) < 2 or re.search(r"\babove\b", text):
        return False
    stem = found["word"][:5]
    item, holder = stack[-1], stack[-2]

    def words(node: _Node) -> str:
        return " ".join(t for t in node.items if isinstance(t, str)).lower()

    others = [n for n in holder.items if isinstance(n, _Node) and n is not item and n.keyword == item.keyword]
    return stem in words(item) and stem not in words(holder) and not any(stem in words(n) for n in others)


def _stays(stack: list[_Node], text: str, upcoming: str | None) -> bool:
    """Whether a first proviso qualifies the open item ``stack[-1]`` rather than the element its list is in: the
    item's list goes on after it (s.4(2)), the proviso names "this clause" (MPA s.14 L5167), the sibling before
    has a proviso of its own (s.3(15)(i) and (ii), one for each case), or its "such …" names what only the item
    speaks of (s.232(1)(d))."""
    return _goes_on(stack[-1], upcoming) or "this clause" in text or _paired(stack) or _speaks_of_the_item(stack, text)


def _add_line(
    stack: list[_Node],
    number: int,
    text: str,
    section: int,
    result: MarkupResult,
    upcoming: str | None = None,
) -> None:
    """Put one body line where it belongs: a new element, a proviso, an Explanation or text of the open element."""
    if section == 0:
        result.unparsed.append(Unparsed(number, text))
        stack[-1].items.append("P.unparsed " + markup.text(text))
        return
    while m := _ENUMERATOR.match(text):
        token = m.group(1)
        if stack[-1].keyword == "EXPLANATION" and _claims(_block_of(stack[-1]), token):
            explanation_block = _block_of(stack[-1])
            explanation_block.items.append((f"({token})", [text[m.end() :]] if text[m.end() :] else []))
            return
        level = _level(token, stack)
        while stack[-1].level >= level or (stack[-1].keyword == "EXPLANATION" and level <= stack[-1].level + 0.5):
            stack.pop()
        if stack[-1].keyword == "EXPLANATION":
            explanation_block = _block_of(stack[-1])
            explanation_block.items.append((f"({token})", []))
            text = text[m.end() :]
            if text:
                explanation_block.items[-1][1].append(text)
            return
        _open(stack, _Node(_KEYWORDS[int(level)], f"({token})", level=level))
        text = text[m.end() :]
    if not text:
        return
    if text.startswith("Provided"):
        proviso = next((n for n in reversed(stack) if n.keyword == "PROVISO"), None)
        if proviso is not None:
            del stack[stack.index(proviso) :]
        else:  # a first proviso qualifies the item it follows only in the cases of _stays
            while stack[-1].keyword in _LIST_ITEMS and not _stays(stack, text, upcoming):
                stack.pop()
        _open(stack, _Node("PROVISO", level=stack[-1].level + 0.5))
        stack[-1].items.append(text)
        return
    if text.startswith("Explanation"):
        while stack[-1].keyword == "EXPLANATION":
            stack.pop()
        del stack[_explanation_host(stack, text) + 1 :]
        block = _Block([text])
        node = _Node("EXPLANATION", level=stack[-1].level + 0.5, items=[block])
        stack[-1].items.append(node)
        stack.append(node)
        return
    _add_text(stack, text, section, upcoming)


def _explanation_host(stack: list[_Node], text: str) -> int:
    """Where in ``stack`` an Explanation belongs: the open element, unless its words give it a wider scope.

    "For the purposes of item (B) of sub-clause (ii) of clause (a) of sub-section (1) of this section" (s.69, L1093),
    printed after sub-section (4), or of "sub-section (3) of this section" (s.199, L2703) after sub-section (5),
    belongs to the section, as does one "For the purposes of this section" (or Part, Chapter) printed after the last
    clause of the last sub-section (s.19(3), L497; s.86(8), L1335); one "For the purposes of this sub-section" after a
    clause (s.14(3)(c), L463) belongs to the sub-section; "In either of the above two cases" (s.3(15), L111) to the
    element holding both cases, not to the proviso of the second.
    """
    if m := _OTHER_SUBSECTION.match(text):
        subsection = next((n for n in reversed(stack) if n.keyword == "SUBSEC"), None)
        if subsection is not None and subsection.num != f"({m.group(1)})":
            return next(i for i, n in enumerate(stack) if n.keyword == "SEC")
    if _WHOLE_SECTION.match(text):
        return next(i for i, n in enumerate(stack) if n.keyword == "SEC")
    if _WHOLE_SUBSECTION.match(text):
        return next((i for i in reversed(range(len(stack))) if stack[i].keyword == "SUBSEC"), len(stack) - 1)
    if _ABOVE_CASES.match(text):
        case = next((i for i in reversed(range(len(stack))) if stack[i].keyword in {"PARA", "SUBPARA", "CLAUSE"}), None)
        if case is not None:
            return case - 1
    return len(stack) - 1


def _claims(block: _Block, token: str) -> bool:
    """An Explanation ending ``,—`` (s.86, L1335) takes the items that follow it: a first (a), (i) or (1), then each
    next one in its series, until an enumerator that does not continue the series."""
    if block.items:
        return labels.follows(block.items[-1][0].strip("()"), token)
    return bool(block.lines) and block.lines[-1].endswith("—") and token in {"a", "i", "1"}


class _WrapUp(str):
    """The closing words of a list, printed after its last item, which govern every item (s.67(2) L1029 "and any
    seafarer so engaged under clause (a) or clause (b) may sign …"): the list's holder's text after the list."""


def _wraps_up(stack: list[_Node], text: str, upcoming: str | None) -> bool:
    """Whether ``text`` closes the list whose open item is ``stack[-1]``: a line in lower case after an item that
    ended in a comma (s.56(1) L861, after "(b) … under the laws of that country,"; MPA s.45(1) L5577), the list not
    going on after it, and no item before having a list of its own (s.69(1)(b) L1081 "wages for the period …" is
    (b)'s, not a wrap-up of (a), whose own sub-clauses give its wages)."""
    node = stack[-1]
    last = node.items[-1] if node.items else None
    if not (node.keyword in _LIST_ITEMS and text[:1].islower() and isinstance(last, str) and last.endswith(",")):
        return False
    siblings = [n for n in stack[-2].items if isinstance(n, _Node) and n.keyword == node.keyword]
    nested = any(isinstance(c, _Node) and c.keyword in _LIST_ITEMS for n in siblings for c in n.items)
    return not nested and not _goes_on(node, upcoming)


def _joined(last: str, text: str) -> str:
    """``last`` and ``text`` as one paragraph, of ``last``'s kind (a list's wrap-up stays one)."""
    return type(last)(last + " " + text)


def _add_text(stack: list[_Node], text: str, section: int, upcoming: str | None = None) -> None:
    """``text`` joined to the open element's last text when that did not end a sentence, else a new paragraph; or
    the wrap-up of the list the open item ends (:func:`_wraps_up`)."""
    node = stack[-1]
    if _wraps_up(stack, text, upcoming):
        stack.pop()
        stack[-1].items.append(_WrapUp(text))
        return
    if node.keyword == "EXPLANATION":
        block = _block_of(node)
        target = block.items[-1][1] if block.items else block.lines
        if (target and not _CLOSED.search(target[-1])) or text[:1].islower():
            target[-1] = target[-1] + " " + text if target else text
        else:
            target.append(text)
        return
    last = node.items[-1] if node.items else None
    if isinstance(last, str) and (not _CLOSED.search(last) or text[:1].islower()):
        node.items[-1] = _joined(last, text)
    elif isinstance(last, _Node) and last.keyword != "EXPLANATION" and (text[:1].islower() or _open_text(last)):
        _add_text_to_last(last, text)
    else:
        node.items.append(text)


def _open_text(node: _Node) -> bool:
    """The last text inside ``node`` (deepest) has not ended its sentence."""
    while node.items:
        last = node.items[-1]
        if isinstance(last, str):
            return not _CLOSED.search(last)
        if isinstance(last, _Node) and last.keyword != "EXPLANATION":
            node = last
            continue
        return False
    return False


def _add_text_to_last(node: _Node, text: str) -> None:
    while node.items and isinstance(node.items[-1], _Node) and node.items[-1].keyword != "EXPLANATION":
        node = node.items[-1]
    if node.items and isinstance(node.items[-1], str):
        node.items[-1] = _joined(node.items[-1], text)
    else:
        node.items.append(text)


def _attach_table(
    stack: list[_Node],
    table: list[tuple[int, str]],
    document: list[tuple[int, str]],
    result: MarkupResult,
) -> None:
    """The s.256 Table where the Gazette prints it: at the end of its section, after sub-section (6) (AKN: the
    section's ``wrapUp``). Sub-sections (2) and (4) speak of "the Table below" and "the said Table"; none holds it."""
    section = next(n for n in stack if n.keyword == "SEC")
    built = penalty_table.to_markup(table, document)
    # Each printed line of the Table joins fragments of one visual row across its five columns, so its words are
    # redistributed to the cells: source order is not cell order (tests/corpus/test_penalty_table.py checks that
    # the cells hold exactly the words of these lines).
    where = "the cells of the s.256 Table, which the source interleaves column by column on each line"
    result.moved.extend(Moved(n, t, where) for n, t in table)
    result.unparsed.extend(built.unparsed)
    section.items.append(_Block(built.markup.splitlines()))


def _definition_markup(text: str) -> str:
    """Escaped ``text`` of a definition: each quoted term before the defining verb wrapped as ``{{def term}}``."""
    verb = _DEFINING_VERB.search(text)
    head, tail = (text[: verb.start()], text[verb.start() :]) if verb else (text, "")
    if not _DEFINED.search(head):
        return markup.text(text)
    escaped = markup.text(head)
    escaped = _DEFINED.sub(lambda m: f"{m.group(1)}{{{{def {m.group(2)}}}}}{m.group(3)}", escaped)
    return escaped + markup.text(tail).lstrip("\\")


def _explanation_markup(text: str) -> str:
    """Escaped ``text`` of an Explanation or its item, its quoted terms wrapped as ``{{def term}}`` when it defines
    them (s.69, L1093: "For the purposes of ..., "foreign-going ship" means ..."); a space printed before the closing
    quote (s.159, L2215: ``passengers of a ship " means``) is kept outside the term."""
    verb = _DEFINING_VERB.search(text)
    if verb and _DEFINED.search(text[: verb.start()]):
        return _TERM_SPACE.sub(r"{{def \1}}\2", _definition_markup(text))
    return markup.text(text)


def _render(root: _Node, defining: frozenset[int], citations: list[gazette.Citation]) -> list[str]:
    items: list[outline.Item] = []
    for item in root.items:
        items += [_outline(item, 0, defining, citations)] if isinstance(item, _Node) else [outline.Text(str(item))]
    return outline.write_all(items)


def _outline(
    node: _Node, section: int, defining: frozenset[int], citations: list[gazette.Citation]
) -> outline.Provision | outline.Heading:
    """The outline of ``node``: its text (definitions marked in the definition sections), children and blocks."""
    if node.keyword == "SEC":
        section = int(node.num.rstrip("."))
    if node.keyword == "EXPLANATION":
        return _explanation(_block_of(node), citations)
    if node.keyword == "CROSSHEADING":
        return outline.Heading(markup.text(node.heading))
    heading = markup.text(node.heading) if node.heading else ""
    body: list[outline.Item] = []
    for item in _tidy(node.items):
        if isinstance(item, str):
            if item.startswith("P.unparsed"):
                body.append(outline.Text(item))
            elif section in defining and node.keyword != "SEC":
                body += _noted(_definition_markup(item), citations)
            else:
                body += _noted(markup.text(item), citations)
        elif isinstance(item, _Block):
            body.append(outline.Raw(item.lines))
        elif isinstance(item, _Node):
            body.append(_outline(item, section, defining, citations))
    if not body and node.keyword not in {"PART", "CHAPTER"}:
        body = [outline.Text(markup.remark("no text"))]
    return outline.Provision(node.keyword, node.num, heading, body)


def _explanation(block: _Block, citations: list[gazette.Citation]) -> outline.Provision:
    body: list[outline.Item] = [t for line in block.lines for t in _noted(_explanation_markup(line), citations)]
    if block.items:
        items = outline.Provision("ITEMS")
        for num, text in block.items:
            lines = [_explanation_markup(t) for t in text] or [markup.remark("no text")]
            items.add(outline.Provision("ITEM", num, "", [t for line in lines for t in _noted(line, citations)]))
        body.append(items)
    return outline.Provision(outline.EXPLANATION, items=body)


def _noted(text: str, citations: list[gazette.Citation]) -> list[outline.Item]:
    """A paragraph's markup ``text`` with its side notes: each margin citation placed in it (a
    :data:`corpus.clean.gazette.SIDE_NOTE` mark) becomes bluebell's ``{{FOOTNOTE †n}}`` there and a
    ``FOOTNOTE{placement side} †n`` block after the paragraph, holding the citation as printed, a ``ref`` to the
    cited Act's work (AKN ``<authorialNote placement="side"><p><ref href="/akn/in/act/1976/80">80 of 1976.</ref>``)."""
    found = [int(m.group(1)) for m in gazette.SIDE_NOTE.finditer(text)]
    if not found:
        return [outline.Text(text)]
    marked = gazette.SIDE_NOTE.sub(lambda m: "{{FOOTNOTE †" + str(int(m.group(1)) + 1) + "}}", text)
    notes = [
        outline.Provision(
            "FOOTNOTE{placement side}",
            f"†{i + 1}",
            items=[outline.Text("{{>" + citations[i].work + " " + markup.text(citations[i].printed) + "}}")],
        )
        for i in found
    ]
    return [outline.Text(marked), *notes]


def _tidy(items: list[object]) -> list[object]:
    """Content in the order AKN allows: text before the first child and after the last one, none in between. Text
    or an Explanation printed between two children stays with the one before it (s.246: an Explanation "for the
    purposes of this section" printed after sub-section (1)(d), before sub-section (2))."""
    children = [i for i, item in enumerate(items) if isinstance(item, _Node) and item.keyword != "EXPLANATION"]
    if len(children) < 2:
        return items
    tidy: list[object] = []
    for i, item in enumerate(items):
        loose = not isinstance(item, _Node | _WrapUp) or (isinstance(item, _Node) and item.keyword == "EXPLANATION")
        between = children[0] < i < children[-1] and loose
        if between and isinstance(tidy[-1], _Node):
            tidy[-1].items.append(item)
        else:
            tidy.append(item)
    return tidy


def _papers(lines: list[tuple[int, str]], result: MarkupResult) -> list[str]:
    """The Bill's papers (MS L4225-4911, MPA L5883-6089) as attachments (corpus/clean/bill_papers.py)."""
    papers = bill_papers.papers_markup(lines)
    result.edits.extend(papers.edits)
    result.moved.extend(papers.moved)
    result.unparsed.extend(papers.unparsed)
    return ["", *papers.markup.splitlines()]

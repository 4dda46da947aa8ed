"""Flat paragraphs to nested provisions, read from their list markers alone; and their outline.

The layouts whose paragraphs each start at most one marker use it: the Pakistan Ordinance (source 004, where every
paragraph of a section body is one source line, followed by a blank line) and India Code (each section's text one
string, cut into paragraphs before each marker, ``Provided`` and ``Explanation``). The examples below are 004's.
A paragraph may start with a list marker — ``(1)``, ``(a)``, ``(i)``, ``(A)`` — or with ``Provided`` (a proviso) or
``Explanation`` (an explanation), or be plain text. The print gives no indentation, so the nesting is read from the
markers alone:

- a marker that follows on from an open item of the same kind ((b) after (a), (2) after (1)) is that item's sibling;
  the innermost open item is tried first, so the letters reused at level 3 in s.161(1)(a)(ii)(a)/(b) (L1422-1426)
  nest under (ii), and the (b) that follows (L1428) closes them and continues (1)(a);
- a first marker ((1), (a), (i), (A)) opens a list under the current item;
- ``(i)``, ``(v)`` and ``(x)`` are letters or roman numerals: ``(i)`` is roman when the paragraph before it opens a
  list (it ends with a dash or a colon, as s.552(e) at L5048 "does not include—"), and the letter after (h)
  otherwise (s.552(i) at L5062 follows "(h) “harmful substance” means …;"); ``(v)`` and ``(x)`` are whichever
  continues an open list ((u)→(v) in s.326 at L2761, (iv)→(v) in s.2(40) at L162);
- a marker that fits nowhere is not a marker: it is the rest of a sentence the print broke across two paragraphs
  (s.280 L2362/L2364 "sub clauses (i),"/"(ii) or (iii) of clause (c)", s.281 L2368/L2370 "sub-sections (2) and"/
  "(3), it shall"), and so is a short or lower-case line after a paragraph that does not end a sentence (s.91(2)(e)
  L825/L827 "class"/"I;"); those lines are joined to the paragraph they continue;
- a proviso belongs to the item it follows when that item's list goes on after it (``(a) …: Provided …; (b)``) and
  otherwise to the item that holds the list (s.1(3) L29: the proviso after (c) qualifies subsection (3)); further
  provisos are siblings of the first;
- an explanation that speaks of "this section" (or Part, Chapter) belongs to the section (s.404 L3568 sits between
  subsections (1) and (2)); any other belongs to the subsection it follows ("Explanation to sub-section (1) of
  section 535", as s.544 L4970 calls the one at L4871);
- plain text after a list item that is part of a running list (it ends with ``;``, ``,``, "and" or "or") closes the
  list: it is the wrap-up of the item holding the list (s.1(3) "…; and" … ``(c)``).

The numbered clauses of a definitions section introduced by a sentence (s.2 L38: "In this Ordinance …,—" and
(1)–(60)) are paragraphs, not subsections: the Ordinance itself calls them clauses (s.2(6) "clause (5)").
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from corpus import markup, outline
from corpus.clean import pk_definitions
from corpus.labels import candidates, inserted_after

MARKER = re.compile(r"^\((?P<label>[0-9]{1,2}[a-zA-Z]?|[a-z]{1,6}|[A-Z])\)\s*(?P<rest>.*)$")
INVISIBLE = "\ue000-\ue5ff"
"""Private-use characters a layout may leave in a paragraph's text for its own marks (India Code's amendment marks:
:mod:`corpus.layouts.india_code`); the rules below read a paragraph as if they were not there."""


def _at_end(words: str) -> re.Pattern[str]:
    """``words`` (alternatives) ending a paragraph's text, whatever spaces and invisible marks follow them."""
    return re.compile(rf"({words})[\s{INVISIBLE}]*$")


_OPENS_LIST = _at_end(r"—|–|-|:|namely|following")
_RUNNING_LIST = _at_end(r"[;,]|\b(and|or)")
_ENDS_SENTENCE = _at_end(r"[.;:—–\-]|\b(and|or)")
_LEADING_INVISIBLE = re.compile(rf"^[{INVISIBLE}]+")
_WHOLE_SECTION = re.compile(r"\bthis (section|Part|Chapter)\b")
_THIS_CLAUSE = re.compile(r"\bthis clause\b")
_DEFINITIONS_INTRO = re.compile(r"^In this (Ordinance|Act|Chapter|Part)\b")


@dataclass
class Block:
    """A paragraph of text: one source line, or several when the print broke a sentence (``lines`` lists them)."""

    lines: list[int]
    text: str


@dataclass
class Node:
    """A provision: the section itself, a numbered item, a proviso or an explanation."""

    role: str  # "section", "item", "proviso" or "explanation"
    level: int  # -1 for the section; the index in outline.LEVELS for items (provisos/explanations: their holder's)
    kind: str = ""  # "arabic", "letter", "roman" or "upper" for items
    ordinal: int = 0
    num: str = ""
    line: int = 0
    parent: Node | None = None
    items: list[Block | Node] = field(default_factory=list)

    @property
    def keyword(self) -> str:
        """The bluebell keyword of this node (``SUBSEC``, ``PARA`` …, ``PROVISO``, ``BLOCKS.explanation``)."""
        if self.role == "proviso":
            return "PROVISO"
        if self.role == "explanation":
            return outline.EXPLANATION
        return outline.level_keyword(self.level)

    def add(self, item: Block | Node) -> None:
        if isinstance(item, Node):
            item.parent = self
        self.items.append(item)

    def last_item(self) -> Node | None:
        """The last numbered item directly under this node (None when it has none)."""
        return next((i for i in reversed(self.items) if isinstance(i, Node) and i.role == "item"), None)

    def last_text(self) -> str:
        """The text of the last block anywhere under this node ("" when there is none)."""
        for item in reversed(self.items):
            text = item.text if isinstance(item, Block) else item.last_text()
            if text:
                return text
        return ""


class Nester:
    """Builds the provision tree of one section from its paragraphs (see the module docstring for the rules)."""

    def __init__(self, section: Node) -> None:
        self.section = section
        self.stack: list[Node] = [section]
        self.last_block: Block | None = None
        self.joined: list[Block] = []  # paragraphs that continue a broken sentence (reported by the builder)

    # -- placing markers ------------------------------------------------------------------------------------------
    def _successor(
        self, cands: list[tuple[str, int]], stack: list[Node], label: str = ""
    ) -> tuple[int, str, int] | None:
        """(index of the holder in ``stack``, kind, ordinal) when a reading continues the last item of an open node."""
        for index in range(len(stack) - 1, -1, -1):
            last = stack[index].last_item()
            if last is None:
                continue
            for kind, ordinal in cands:
                if last.kind == kind and ordinal == last.ordinal + 1:
                    return index, kind, ordinal
            if label and inserted_after(last.num.strip("()"), label):  # (5a) after (5), (la) after (l)
                return index, last.kind, last.ordinal
        return None

    def placement(self, label: str, stack: list[Node] | None = None) -> tuple[str, int, int | None] | None:
        """Where a marker goes: (kind, ordinal, index in the stack of the node whose list it continues, or None for a
        new list under the innermost open node)."""
        stack = self.stack if stack is None else stack
        cands = candidates(label)
        successor = self._successor(cands, stack, label)
        firsts = [(kind, ordinal) for kind, ordinal in cands if ordinal == 1]
        if label == "i" and successor is not None:
            previous = self.last_block.text if self.last_block else ""
            if _OPENS_LIST.search(previous):
                return "roman", 1, None
            return successor[1], successor[2], successor[0]
        if successor is not None:
            return successor[1], successor[2], successor[0]
        if firsts:
            return firsts[0][0], 1, None
        return None

    def add_item(self, line: int, label: str, rest: str) -> bool:
        """Open a numbered item for the marker ``(label)``; False when the marker fits nowhere."""
        place = self.placement(label)
        if place is None:
            return False
        kind, ordinal, holder_index = place
        if holder_index is not None:
            del self.stack[holder_index + 1 :]
            continued = self.stack[-1].last_item()
            assert continued is not None  # _successor chose this holder for its last item
            level = continued.level
        else:
            holder = self.stack[-1]
            level = max(holder.level + 1, 0 if kind == "arabic" else 1)
            if holder.role == "section" and kind == "arabic" and holder.items:
                level = 1  # clauses of a definitions section introduced by a sentence (s.2)
        node = Node("item", level, kind, ordinal, f"({label})", line)
        self.stack[-1].add(node)
        self.stack.append(node)
        if rest:
            self._add_block(Block([line], rest), node)
        return True

    # -- provisos and explanations --------------------------------------------------------------------------------
    def _close_annexes(self) -> None:
        for index, node in enumerate(self.stack):
            if node.role in {"proviso", "explanation"}:
                del self.stack[index:]
                return

    def _continues(self, node: Node, upcoming: list[str]) -> bool:
        """Whether the next marker that follows on from an open item continues ``node``'s own list."""
        for label in upcoming:
            found = self._successor(candidates(label), self.stack)
            if found is not None:
                return self.stack[found[0]].last_item() is node
        return False

    def add_proviso(self, line: int, text: str, upcoming: list[str]) -> None:
        """A ``Provided …`` paragraph; ``upcoming`` are the labels of the markers after it in this section."""
        innermost = self.stack[-1]
        if innermost.role == "item" and innermost.level >= 1 and self._continues(innermost, upcoming):
            # an item of a proviso's list, the list going on after it: MPA 2021 s.54(1), L332, "(e) …: Provided
            # that …; (f) …" in the second proviso; the proviso is (e)'s and the proviso holding the list stays open
            self._open_annex("proviso", innermost, line, text)
            return
        parallel = innermost.role == "item" and innermost.level >= 1 and self._a_sibling_has_a_proviso(innermost)
        if parallel and _LEADING_INVISIBLE.sub("", text).startswith("Provided that"):
            self._open_annex("proviso", innermost, line, text)
            return
        self._close_annexes()
        holder = self.stack[-1]
        own = bool(_THIS_CLAUSE.search(text))  # "under this clause": the clause it follows (MPA 2021 s.15(2)(b))
        while holder.role == "item" and holder.level >= 1 and not own and not self._continues(holder, upcoming):
            holder = holder.parent or self.section
        del self.stack[self.stack.index(holder) + 1 :]
        self._open_annex("proviso", holder, line, text)

    @staticmethod
    def _a_sibling_has_a_proviso(node: Node) -> bool:
        """Whether an earlier item of ``node``'s list has a proviso of its own: then a proviso after ``node``, the
        list's last item, is ``node``'s too (MPA 2021 s.21: (f) and (g) each end with one; s.54(1) second proviso,
        (e) and (f))."""
        if node.role != "item" or node.parent is None:
            return False
        siblings = [i for i in node.parent.items if isinstance(i, Node) and i.role == "item" and i is not node]
        return any(isinstance(c, Node) and c.role == "proviso" for s in siblings for c in s.items)

    def add_explanation(self, line: int, text: str) -> None:
        """An ``Explanation`` paragraph: it belongs to the section or to the subsection it follows (to the clause it
        follows when it says "For the purposes of this clause", MPA 2021 s.2(1)(w), even in a proviso, s.54(1))."""
        if _THIS_CLAUSE.search(text) and self.stack[-1].role == "item":
            self._open_annex("explanation", self.stack[-1], line, text)
            return
        self._close_annexes()
        if _WHOLE_SECTION.search(text):
            del self.stack[1:]
        else:
            while len(self.stack) > 1 and self.stack[-1].level > 0:
                self.stack.pop()
        self._open_annex("explanation", self.stack[-1], line, text)

    def _open_annex(self, role: str, holder: Node, line: int, text: str) -> None:
        node = Node(role, holder.level, line=line)
        holder.add(node)
        self.stack.append(node)
        self._add_block(Block([line], text), node)

    # -- text -----------------------------------------------------------------------------------------------------
    def continues_sentence(self, text: str) -> bool:
        """Whether ``text`` is the rest of the previous paragraph's sentence, broken by the print."""
        last = self.last_block
        if last is None or _ENDS_SENTENCE.search(last.text):
            return False
        text = _LEADING_INVISIBLE.sub("", text)
        return text[:1].islower() or len(text) <= 3

    def join(self, line: int, text: str) -> None:
        """Append ``text`` (source ``line``) to the previous paragraph."""
        assert self.last_block is not None
        self.last_block.lines.append(line)
        self.last_block.text = f"{self.last_block.text} {text}"
        self.joined.append(self.last_block)

    def add_text(self, line: int, text: str) -> None:
        """A paragraph without a marker: text of the current item, or the wrap-up of the list it closes."""
        holder = self.stack[-1]
        if holder.role == "item" and holder.level >= 1 and _RUNNING_LIST.search(holder.last_text()):
            holder = holder.parent or self.section
            del self.stack[self.stack.index(holder) + 1 :]
        self._add_block(Block([line], text), holder)

    def _add_block(self, block: Block, holder: Node) -> None:
        holder.add(block)
        self.last_block = block


def nest(section: Node, paragraphs: list[tuple[int, str]]) -> Nester:
    """Fill ``section`` with the provisions read from its ``(line, text)`` paragraphs; returns the :class:`Nester`."""
    nester = Nester(section)
    markers = [MARKER.match(text) for _, text in paragraphs]
    for index, (line, text) in enumerate(paragraphs):
        marker = markers[index]
        bare = _LEADING_INVISIBLE.sub("", text)
        if bare.startswith("Provided"):
            upcoming = [m["label"] for m in markers[index + 1 :] if m]
            nester.add_proviso(line, text, upcoming)
        elif bare.startswith("Explanation"):
            nester.add_explanation(line, text)
        elif marker and nester.add_item(line, marker["label"], marker["rest"]):
            pass
        elif nester.last_block is not None and (marker or nester.continues_sentence(text)):
            nester.join(line, text)
        else:
            nester.add_text(line, text)
    return nester


# -- the outline of a nested section ------------------------------------------------------------------------------


def outline_items(
    node: Node, count: Callable[[str], None], definitions: bool, decorate: Callable[[Block, str], str]
) -> list[outline.Item]:
    """The outline of what ``node`` holds: its paragraphs as text, its items, provisos and explanations.

    ``count`` is told each provision made ("provisions", "subsections", "provisos", "explanations", "definitions");
    ``definitions``: the section defines terms (its heading says so), whose clauses get their terms marked;
    ``decorate`` adds a layout's remarks to a paragraph's markup.
    """
    items: list[outline.Item] = []
    for item in node.items:
        if isinstance(item, Block):
            items.append(outline.Text(decorate(item, _block_markup(item, node, definitions, count))))
            continue
        count({"item": "provisions", "proviso": "provisos", "explanation": "explanations"}[item.role])
        if item.role == "item" and item.level == 0:
            count("subsections")
        inner = outline_items(item, count, definitions, decorate)
        blocks = _as_blocks(inner) if item.role == "explanation" else inner  # an Explanation holds blocks only
        items.append(outline.Provision(item.keyword, item.num, "", blocks))
    return items


def _as_blocks(items: list[outline.Item]) -> list[outline.Item]:
    """An Explanation's content as blocks: each run of numbered items a block list (``ITEMS``/``ITEM``)."""
    out: list[outline.Item] = []
    for item in items:
        if isinstance(item, outline.Provision) and item.keyword in outline.LEVELS:
            run = out[-1] if out else None
            if not (isinstance(run, outline.Provision) and run.keyword == "ITEMS"):
                run = outline.Provision("ITEMS")
                out.append(run)
            run.add(outline.Provision("ITEM", item.num, items=_as_blocks(item.items)))
        else:
            out.append(item)
    return out


def _block_markup(block: Block, holder: Node, definitions: bool, count: Callable[[str], None]) -> str:
    text = markup.text(block.text)
    if _defines(holder, block, definitions):
        marked = pk_definitions.mark_clause(text)
        if marked is not None:
            text = marked
            count("definitions")
    if holder.role == "explanation":
        marked = pk_definitions.mark_expressions(text)
        if marked != text:
            count("definitions")
        text = marked
    return text


def _defines(holder: Node, block: Block, definitions: bool) -> bool:
    """Whether ``block`` is the first paragraph of a definition clause (of a definitions section or explanation)."""
    if holder.role != "item" or not holder.items or holder.items[0] is not block or holder.parent is None:
        return False
    outer = holder.parent
    if outer.role == "explanation":
        return True
    if not definitions:
        return False
    if outer.role == "section":
        return True
    intro = outer.items[0] if outer.items else None
    return outer.level == 0 and isinstance(intro, Block) and bool(_DEFINITIONS_INTRO.match(intro.text))

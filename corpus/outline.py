"""The provision outline every layout fills, and the one writer of bluebell markup.

A layout reads its source into a tree of :class:`Provision` (a Part, Chapter, cross-heading, section, numbered level,
proviso, Explanation, table …), each holding its content in order: :class:`Text` (one paragraph, already in markup
form, so that each layout marks its definitions) and :class:`Raw` (a block of markup written as it is, such as a
table). :func:`write` turns the tree into bluebell markup, in one convention for every document: two spaces of
indentation a level, a blank line after every paragraph and before every division and section.

The keywords of the numbered levels below a section are :data:`LEVELS` (``SUBSEC`` at level 0, then ``PARA``,
``SUBPARA`` …), so that every layout names the same depth the same way.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from corpus import markup

#: bluebell keywords for the levels of numbered provisions below a section (level 0 is a sub-section).
LEVELS = ("SUBSEC", "PARA", "SUBPARA", "CLAUSE", "SUBCLAUSE", "POINT")
#: an Explanation, in every layout: ``<blockContainer class="explanation">`` (it may stand in a list's intro or wrap-up,
#: where a ``level`` may not); its lettered items are a block list's (``ITEMS``/``ITEM``)
EXPLANATION = "BLOCKS.explanation"
#: keywords written after a blank line
_SPACED = frozenset({"PART", "CHAPTER", "SEC", "CROSSHEADING", "ATTACHMENT"})


def level_keyword(level: int) -> str:
    """The bluebell keyword of a numbered provision ``level`` steps below its section (the deepest for any deeper)."""
    return LEVELS[min(max(level, 0), len(LEVELS) - 1)]


@dataclass
class Text:
    """One paragraph of law text, in markup form (see :func:`corpus.markup.text`)."""

    markup: str


@dataclass
class Raw:
    """Lines of markup written as they are, indented under their holder (a table the layout has written)."""

    lines: list[str]


@dataclass
class Heading:
    """A cross-heading between sections (``CROSSHEADING``), in markup form."""

    markup: str


@dataclass(eq=False)
class Provision:
    """An element of the outline: its bluebell ``keyword``, number, heading (markup) and content in order."""

    keyword: str
    num: str = ""
    heading: str = ""
    items: list[Item] = field(default_factory=list)

    def add(self, item: Item) -> None:
        self.items.append(item)

    @property
    def head(self) -> str:
        """The first line of this element's markup: ``SEC 12. - Heading``."""
        return self.keyword + (f" {self.num}" if self.num else "") + (f" - {self.heading}" if self.heading else "")


Item = Provision | Text | Raw | Heading


def write(node: Item) -> list[str]:
    """The markup lines of ``node`` and everything under it, unindented."""
    if isinstance(node, Heading):
        return ["", f"CROSSHEADING {node.markup}"]
    if isinstance(node, Text):
        return [node.markup, ""]
    if isinstance(node, Raw):
        return list(node.lines)
    out = [""] if node.keyword.split(".")[0] in _SPACED else []
    out.append(node.head)
    for item in node.items:
        out += markup.indent(write(item), 1)
    return out


def write_all(nodes: list[Item], level: int = 0) -> list[str]:
    """The markup of ``nodes`` in order, indented by ``level`` steps."""
    out: list[str] = []
    for node in nodes:
        out += write(node)
    return markup.indent(out, level)

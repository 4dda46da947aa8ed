"""A document of the corpus as plain text: every word of its AKN, one block to a line, indented by level.

``plain_text("pk-mso-2001")`` is what the book offers as the document's text download (``data/<id>/<id>.txt``) and
what a reader without XML tools can search or diff. It is made from the committed AKN (``corpus.load``), never from
the source, so it holds exactly the corpus's words: a division's line is "Part IV — SEAMEN" (its kind, number and
heading), a section's "161. Wages on termination of service …", a numbered provision's first block begins with its
number ("(1) Where the service …"), a table row is its cells joined by " | ". Editorial remarks stay in their
brackets where the XML has them; a side note (the 1875 and 1880 Acts' marginal notes,
``authorialNote placement="side"``) is a line of its own after its block, "[Marginal note: …]", and so is an
editorial footnote (the India Code records' commencement notes, at their marks), "[Note: …]". Nothing of the
metadata (``<meta>``) is in it; the first lines are the document's title and FRBR expression URI.
"""

from __future__ import annotations

from collections.abc import Iterable

from lxml import etree

from corpus import catalogue
from corpus.cite import load
from corpus.vocabulary import GROUPS

_DIVISIONS = GROUPS
_MARGINAL = {"num", "heading", "subheading"}
_INDENT = "  "


def _local(el: etree._Element) -> str:
    return el.tag.rpartition("}")[2] if isinstance(el.tag, str) else ""


def _side_note(el: etree._Element) -> bool:
    """A note that is not part of the sentence it sits in (a marginal note, an editorial footnote): a line apart."""
    return _local(el) == "authorialNote"


def _text(el: etree._Element) -> str:
    """The words of ``el`` with whitespace normalised, side notes left out (they get lines of their own)."""
    parts = [el.text or ""]
    for child in el:
        if isinstance(child.tag, str) and not _side_note(child):
            parts.append(_text(child))
        parts.append(child.tail or "")
    return " ".join("".join(parts).split())


def _side_notes(el: etree._Element) -> list[str]:
    return [
        f"[{'Marginal note' if note.get('placement') == 'side' else 'Note'}: {_text(note)}]"
        for note in el.iter()
        if _side_note(note)
    ]


def _child(el: etree._Element, name: str) -> etree._Element | None:
    return next((c for c in el if _local(c) == name), None)


def _has_words(el: etree._Element) -> bool:
    """Whether ``el`` holds text of its own (a ``<p>``, a cell, a heading), not only elements."""
    return bool((el.text or "").strip()) or any((c.tail or "").strip() for c in el)


class _Writer:
    def __init__(self) -> None:
        self.lines: list[str] = []
        self.pending = ""  # a number waiting for the first block of its provision ("(1) ")

    def line(self, depth: int, text: str) -> None:
        text = f"{self.pending}{text}".strip()
        self.pending = ""
        if text:
            self.lines.append(f"{_INDENT * depth}{text}")

    def block(self, el: etree._Element, depth: int) -> None:
        name = _local(el)
        if not name or name == "meta":
            return
        if name == "table":
            for row in el.iter():
                if _local(row) == "tr":
                    self.line(depth, " | ".join(_text(cell) for cell in row if _local(cell) in {"td", "th"}))
                    self.lines += [f"{_INDENT * depth}{note}" for note in _side_notes(row)]
            return
        num, heading = _child(el, "num"), _child(el, "heading")
        if num is not None or heading is not None:
            self.title(el, num, heading, depth)
            depth += 1
        elif _has_words(el) or name in _MARGINAL:
            self.line(depth, _text(el))
            self.lines += [f"{_INDENT * depth}{note}" for note in _side_notes(el)]
            return
        for child in el:
            if _local(child) not in {"num", "heading"}:
                self.block(child, depth)

    def title(self, el: etree._Element, num: etree._Element | None, heading: etree._Element | None, depth: int) -> None:
        """A division's or section's title line; a lower level's number, put before its first block."""
        number = _text(num) if num is not None else ""
        words = _text(heading) if heading is not None else ""
        name = _local(el)
        if name in _DIVISIONS:
            label = f"{name.capitalize()} {number.rstrip('.')}".strip()
            self.line(depth, f"{label} — {words}" if words else label)
        elif name in {"section", "attachment"} or words:
            self.line(depth, " ".join(filter(None, [number, words])))
        else:
            if self.pending:  # the number before this one had no block of its own
                self.line(depth, "")
            self.pending = f"{number} " if number else ""


def element_lines(elements: Iterable[etree._Element]) -> list[str]:
    """The plain-text lines of ``elements`` (a page's share of a document, a section's body without its number and
    heading), as :func:`plain_text` writes them, unindented: what the site's search indexes of a reader page."""
    writer = _Writer()
    for el in elements:
        writer.block(el, 0)
    return [line.strip() for line in writer.lines]


def plain_text(doc_id: str) -> str:
    """The document ``doc_id`` as plain text (see the module), ending with a newline."""
    doc = catalogue.document(doc_id)
    writer = _Writer()
    writer.lines += [doc.title, doc.expression_uri, ""]
    for child in load(doc_id):
        writer.block(child, 0)
    return "\n".join(writer.lines) + "\n"

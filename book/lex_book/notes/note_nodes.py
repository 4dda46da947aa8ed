"""Docutils nodes for what the book shows beside the law: notes as ``<details>`` toggles, and ``<ins>``/``<del>``.

A note (:class:`corpus.annotation_store.Note`) becomes a ``<details class="lm-note lm-note-<kind>">`` whose
``<summary>`` says what it is and who wrote it — "Commentary — Lex Maritima editors", "Note on clause 69 — Notes on
clauses, Bill No. 236 of 2016", "Concordance — Lex Maritima concordance" — so that it cannot be taken for law text
(where a source names the repository file it comes from, the reader is not shown the path). Every note starts
closed, so that a phone shows one summary line per note; the short notes written for the reader (commentary,
concordance, a course's) carry the class ``lm-note-open-wide``, which ``static/statute_reader.js`` opens on a wide
screen. The notes of one provision are gathered in a ``div.lm-notes`` placed after the sentence that provision is
part of (:func:`sentence_unit`), never between its words; a note with a quote names it in its summary and has the
quoted words marked in the provision (:func:`highlight`).

A note with a target (a concordance pair, a Bill clause and the Act section it became) shows its twin from the
target's side too (:func:`twin_toggle`). Links are left pending as the reader's are: ``akn_target`` references
(resolved by :mod:`statute_reader`) and ``:doc:`` cross-references to comparison pages (resolved by Sphinx).
:func:`markdown_escape` is the escape of a generated page's title in its MyST stub.
"""

from __future__ import annotations

import re
from collections import defaultdict
from typing import Any

from docutils import nodes
from sphinx import addnodes

import corpus
from corpus.annotation_store import Note, split_source
from corpus.page_map import division_title, local
from corpus.vocabulary import DIVISIONS

KIND_LABELS = {
    "commentary": "Commentary",
    "note-on-clause": "Note on clause",
    "correction": "Correction",
    "recovered-numbering": "Recovered numbering",
    "concordance": "Concordance",
    "history": "History",
    "derivation": "Bill to Act",
}
OPEN_KINDS = {"commentary", "concordance", "derivation"}
"""Kinds opened on a wide screen: short notes written for the reader. The Bills' papers (long, one per clause) stay
closed everywhere; every note is closed on a phone."""

_SOURCE_PATH = re.compile(r"\s*\((?:corpus|book|widgets)/[^()]*\)$")
"""A source naming the repository file it was read from ("Lex Maritima concordance (corpus/annotations/…csv)")."""

MARKDOWN_SPECIAL = frozenset("\\`*_{}[]<>()#+-.!|~")
"""The characters MyST could read as markup in a generated page's title."""

TWIN_WORDS = {
    "concordance": "Paired with {twin}. The concordance, from that side: ",
    "derivation": "From {twin}. The derivation table, from the Bill's side: ",
}
"""How the target of a note with a target introduces the note it shows from the other side."""

_SENTENCE_END = re.compile(r"[.!?][\"”’')\]]*$")
"""The end of a sentence: a full stop (or ? or !), perhaps inside closing quotes or brackets."""


def markdown_escape(title: str) -> str:
    """``title`` with each character of :data:`MARKDOWN_SPECIAL` escaped, for the heading of a MyST stub."""
    return "".join(f"\\{c}" if c in MARKDOWN_SPECIAL else c for c in title)


class details(nodes.General, nodes.Element):
    """``<details>``: a toggle; ``open`` when the attribute ``open`` is true."""


class summary(nodes.TextElement):
    """``<summary>``: the always-visible line of a :class:`details`."""


class inserted(nodes.Inline, nodes.TextElement):
    """``<ins>``: words the second text has and the first lacks."""


class deleted(nodes.Inline, nodes.TextElement):
    """``<del>``: words the first text has and the second lacks."""


def _visit(tag: str, **attributes: Any):
    def visit(self: Any, node: nodes.Element) -> None:
        extra = {k: v for k, v in attributes.items() if node.get(k)}
        suffix = "" if isinstance(node, nodes.Inline) else "\n"
        self.body.append(self.starttag(node, tag, suffix, **extra))

    def depart(self: Any, node: nodes.Element) -> None:
        self.body.append(f"</{tag}>")

    return visit, depart


HTML_VISITORS = {
    details: _visit("details", open="open"),
    summary: _visit("summary"),
    inserted: _visit("ins"),
    deleted: _visit("del"),
}
"""The HTML translator functions of the nodes above (``app.add_node(node, html=...)``)."""


def source_label(note: Note) -> tuple[str, str | None]:
    """The source as shown and the eId it names in the note's document, if any ("… (att_2__para_Clause69)",
    :func:`corpus.annotation_store.split_source`: the store refuses a note whose source names an eId its document's
    text lacks); a repository path in brackets at its end is left out."""
    source, eid = split_source(note.source)
    return _SOURCE_PATH.sub("", source), eid


_ANCHOR_KEPT = frozenset("abcdefghijklmnopqrstuvwxyz0123456789-")


def anchor(prefix: str, note_id: str) -> str:
    """The HTML id of a note's toggle (``prefix`` "note") or of its twin side ("twin"): ``note-<id>`` for an id of
    lower-case ASCII letters, digits and hyphens — every note of the project, whose anchors so never change — and
    any other character of the id written as ``_<its code point in hex>_``: ``ML301.x`` → ``note-_4d__4c_301_2e_x``,
    ``ml301_x`` → ``note-ml301_5f_x``, ``ml301-é`` → ``note-ml301-_e9_``.

    Injective, and so two notes never share an anchor: a ``_`` of the anchor always opens or closes an escape, so
    the id reads back from it. ASCII, so a link to it is the same in every browser and every copy."""
    return prefix + "-" + "".join(c if c in _ANCHOR_KEPT else f"_{ord(c):x}_" for c in note_id)


def kind_label(note: Note) -> str:
    """ "Commentary", "Note on clause 69" (the clause is the anchor's section), "Concordance", …"""
    label = KIND_LABELS[note.kind]
    if note.kind == "note-on-clause":
        label += " " + corpus.citation(note.document, note.eid).removeprefix("s. ")
    return label


def akn_link(doc_id: str, eid: str, *children: nodes.Node) -> nodes.reference:
    """A link into the statute reader, resolved by :mod:`statute_reader` once every page is known."""
    return nodes.reference("", "", *children, internal=True, refuri="", akn_target=f"{doc_id} {eid}")


def doc_link(docname: str, text: str, from_doc: str) -> addnodes.pending_xref:
    """A ``:doc:`` cross-reference to another page of the book (a comparison page)."""
    xref = addnodes.pending_xref(
        "", refdomain="std", reftype="doc", reftarget=f"/{docname}", refdoc=from_doc, refexplicit=True, refwarn=True
    )
    xref += nodes.inline("", text)
    return xref


def provision_name(doc_id: str, eid: str) -> str:
    """ "s. 69, Merchant Shipping Bill, 2016"; "Part V, Merchant Shipping Bill, 2016" for a Part or Chapter."""
    element = corpus.by_eid(doc_id, eid).element
    division = local(element) in DIVISIONS
    name = division_title(element).split(" — ")[0] if division else corpus.citation(doc_id, eid)
    return f"{name}, {corpus.document(doc_id).short_title}"


def _paragraphs(text: str) -> list[nodes.paragraph]:
    return [nodes.paragraph("", " ".join(chunk.split())) for chunk in re.split(r"\n\s*\n", text) if chunk.strip()]


def _toggle(classes: list[str], ident: str, wide: bool, head: list[nodes.Node], body: list[nodes.Node]) -> details:
    """A closed toggle with the HTML id ``ident``; ``wide``: opened by the reader's script on a wide screen."""
    classes = ["lm-note", *classes, *(["lm-note-open-wide"] if wide else [])]
    toggle = details(classes=classes, ids=[ident])
    toggle += summary("", "", *head)
    box = nodes.container(classes=["lm-note-body"])
    box.extend(body)
    toggle += box
    return toggle


def note_toggle(
    note: Note, course: bool = False, comparison: tuple[str, str] | None = None, docname: str = ""
) -> details:
    """A note as a toggle: its label, the quote it speaks of, its text, for a note with a target its twin, and the
    page comparing them (``comparison``: its docname and the link's words)."""
    source, source_eid = source_label(note)
    head: list[nodes.Node] = [
        nodes.inline("", kind_label(note), classes=["lm-note-kind"]),
        nodes.Text(" — "),
        nodes.inline("", source, classes=["lm-note-source"]),
    ]
    if note.quote:
        head += [nodes.Text(" "), nodes.inline("", f"on “{note.quote}”", classes=["lm-note-quote"])]
    body: list[nodes.Node] = list(_paragraphs(note.text))
    links: list[nodes.Node] = []
    if note.target is not None:
        twin = provision_name(note.target.document, note.target.eid)
        head += [nodes.Text(" "), nodes.inline("", f"→ {twin}", classes=["lm-note-twin"])]
        links.append(akn_link(note.target.document, note.target.eid, nodes.Text(f"Read {twin}")))
    if comparison:
        links.append(doc_link(*comparison, docname))
    if source_eid:
        links.append(akn_link(note.document, source_eid, nodes.Text(f"Read it in the {source.split(',')[0]}")))
    if links:
        para = nodes.paragraph(classes=["lm-note-links"])
        for index, link in enumerate(links):
            para.extend([nodes.Text(" · ")] if index else [])
            para += link
        body.append(para)
    kind = "lm-note-course" if course else f"lm-note-{note.kind}"
    return _toggle(
        [f"lm-note-{note.kind}", kind], anchor("note", note.id), course or note.kind in OPEN_KINDS, head, body
    )


def twin_toggle(note: Note, comparison: tuple[str, str] | None = None, docname: str = "") -> details:
    """The other side of a note with a target: shown at its target, linking back to the provision the note is on."""
    assert note.target is not None
    source, _ = source_label(note)
    twin = provision_name(note.document, note.eid)
    head: list[nodes.Node] = [
        nodes.inline("", KIND_LABELS[note.kind], classes=["lm-note-kind"]),
        nodes.Text(" — "),
        nodes.inline("", source, classes=["lm-note-source"]),
        nodes.Text(" "),
        nodes.inline("", f"← {twin}", classes=["lm-note-twin"]),
    ]
    said = nodes.paragraph("", TWIN_WORDS[note.kind].format(twin=twin) + note.text)
    links = nodes.paragraph(classes=["lm-note-links"])
    links += akn_link(note.document, note.eid, nodes.Text(f"Read {twin}"))
    if comparison:
        links += nodes.Text(" · ")
        links += doc_link(*comparison, docname)
    return _toggle([f"lm-note-{note.kind}", "lm-note-twin-of"], anchor("twin", note.id), True, head, [said, links])


def _inside_notes(node: nodes.Node) -> bool:
    parent = node.parent
    while parent is not None:
        if isinstance(parent, details) or "lm-notes" in parent.get("classes", []):
            return True
        parent = parent.parent
    return False


def highlight(root: nodes.Element, quote: str) -> int:
    """Mark every occurrence of ``quote`` in the text under ``root`` (case and spacing aside); return how many.

    An occurrence may run across several text nodes (a defined term in the middle of the phrase): each piece is
    marked. Notes already placed under ``root`` are not searched.
    """
    texts = [t for t in root.findall(nodes.Text) if not _inside_notes(t)]
    flat: list[str] = []
    where: list[tuple[int, int]] = []
    for index, text_node in enumerate(texts):
        for offset, char in enumerate(str(text_node)):
            if char.isspace():
                if flat and flat[-1] == " ":
                    continue
                char = " "
            flat.append(char.casefold())
            where.append((index, offset))
    haystack, needle = "".join(flat), " ".join(quote.split()).casefold()
    spans: dict[int, list[tuple[int, int]]] = defaultdict(list)
    count, start = 0, haystack.find(needle) if needle else -1
    while start != -1:
        count += 1
        pieces: dict[int, tuple[int, int]] = {}
        for index, offset in where[start : start + len(needle)]:
            first, _ = pieces.get(index, (offset, offset))
            pieces[index] = (first, offset + 1)
        for index, span in pieces.items():
            spans[index].append(span)
        start = haystack.find(needle, start + len(needle))
    for index, found in spans.items():
        text, cut, out = str(texts[index]), 0, []
        for first, last in found:
            piece = text[first:last]  # the marked words without the spaces around them
            first, last = first + len(piece) - len(piece.lstrip()), last - len(piece) + len(piece.rstrip())
            out += [nodes.Text(text[cut:first]), nodes.inline("", text[first:last], classes=["lm-quoted"])]
            cut = last
        out.append(nodes.Text(text[cut:]))
        texts[index].parent.replace(texts[index], [n for n in out if not isinstance(n, nodes.Text) or str(n)])
    return count


def _text_outside_notes(node: nodes.Node) -> str:
    return "".join(str(t) for t in node.findall(nodes.Text) if not _inside_notes(t))


def sentence_unit(anchor: nodes.Element) -> nodes.Element:
    """The provision whose end is the end of the sentence ``anchor`` is part of: ``anchor`` itself when its words end
    a sentence, else the nearest enclosing container (a numbered level, an intro) whose words do, or the outermost
    container below the section when none does. s. 161(1)(a)(i) ends "…whichever be longer; and": its sentence runs on
    through (ii) to the end of s. 161(1)."""
    unit = anchor
    while not _SENTENCE_END.search(_text_outside_notes(unit).rstrip()):
        parent = unit.parent
        if not isinstance(parent, nodes.container) or "lm-notes" in parent["classes"]:
            break
        unit = parent
    return unit


def _has_class(node: nodes.Node, name: str) -> bool:
    return isinstance(node, nodes.Element) and name in node.get("classes", [])


def place(anchor: nodes.Element, block: nodes.Element) -> None:
    """Put ``block`` where the notes of the element ``anchor`` renders go: after a section's title, after the table
    of a table item, inside a cell, and otherwise right after the sentence the element is part of
    (:func:`sentence_unit`), after the notes already there."""
    if isinstance(anchor, nodes.section):
        at = 1 + len([c for c in anchor.children[1:3] if _has_class(c, "akn-title-remarks")])
        anchor.insert(at, block)
    elif isinstance(anchor, nodes.row):  # a table item: its notes follow the table, headed by the item's number
        table = anchor.parent
        while not isinstance(table, nodes.table):
            table = table.parent
        item = re.search(r"__item_(\d+)", " ".join(anchor.get("ids", [])))
        if item:
            block.insert(0, nodes.paragraph("", f"Table item {item[1]}:", classes=["lm-notes-item"]))
        at = table.parent.index(table) + 1
        while at < len(table.parent) and _has_class(table.parent[at], "lm-notes"):
            at += 1  # after the notes of earlier items, in document order
        table.parent.insert(at, block)
    elif isinstance(anchor, nodes.entry):
        anchor += block
    else:  # a provision, paragraph, rubric, table or target: the block follows the end of its sentence
        unit = sentence_unit(anchor)
        at = unit.parent.index(unit) + 1
        while at < len(unit.parent) and _has_class(unit.parent[at], "lm-notes"):
            at += 1
        unit.parent.insert(at, block)

"""Docutils nodes for what the book shows beside the law: notes as ``<details>`` toggles, and ``<ins>``/``<del>``.

A note (:class:`corpus.annotation_store.Note`) becomes a ``<details class="lm-note lm-note-<kind>">`` whose
``<summary>`` says what it is and who wrote it — "Commentary — Lex Maritima editors", "Note on clause 69 — Notes on
clauses, Bill No. 236 of 2016", "Concordance — …" — so that it cannot be taken for law text. The notes of one
provision are gathered in a ``div.lm-notes`` placed right after the provision's first line (:func:`place`); a note
with a quote names it in its summary and has the quoted words marked in the provision (:func:`highlight`).

Links are left pending as the reader's are: ``akn_target`` references (resolved by :mod:`statute_reader`) and
``:doc:`` cross-references to comparison pages (resolved by Sphinx).
"""

from __future__ import annotations

import re
from collections import defaultdict
from typing import Any

from akn_pages import DIVISIONS, division_title, local
from docutils import nodes
from sphinx import addnodes

import corpus
from corpus.annotation_store import Note

KIND_LABELS = {
    "commentary": "Commentary",
    "note-on-clause": "Note on clause",
    "correction": "Correction",
    "recovered-numbering": "Recovered numbering",
    "concordance": "Concordance",
    "history": "History",
}
OPEN_KINDS = {"commentary", "concordance"}
"""Kinds shown open: short notes written for the reader. The Bills' papers (long, one per clause) start closed."""

_SOURCE_EID = re.compile(r"\s*\((?P<eid>[A-Za-z0-9_]+__[A-Za-z0-9_]+)\)$")
"""A source naming the element it was read from ("Notes on clauses, Bill No. 236 of 2016 (att_2__para_Clause69)")."""


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
    """The source as shown and the eId it names in the note's document, if any ("… (att_2__para_Clause69)")."""
    match = _SOURCE_EID.search(note.source)
    if match is None:
        return note.source, None
    return note.source[: match.start()], match["eid"]


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


def _toggle(classes: list[str], ident: str, opened: bool, head: list[nodes.Node], body: list[nodes.Node]) -> details:
    toggle = details(classes=["lm-note", *classes], ids=[nodes.make_id(ident)], open=opened)
    toggle += summary("", "", *head)
    box = nodes.container(classes=["lm-note-body"])
    box.extend(body)
    toggle += box
    return toggle


def note_toggle(note: Note, course: bool = False, comparison: str | None = None, docname: str = "") -> details:
    """A note as a toggle: its label, the quote it speaks of, its text, and for a concordance note its twin."""
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
        links.append(doc_link(comparison, "Compare the two texts side by side", docname))
    if source_eid:
        links.append(akn_link(note.document, source_eid, nodes.Text(f"Read it in the {source.split(',')[0]}")))
    if links:
        para = nodes.paragraph(classes=["lm-note-links"])
        for index, link in enumerate(links):
            para.extend([nodes.Text(" · ")] if index else [])
            para += link
        body.append(para)
    kind = "lm-note-course" if course else f"lm-note-{note.kind}"
    return _toggle([f"lm-note-{note.kind}", kind], f"note-{note.id}", course or note.kind in OPEN_KINDS, head, body)


def twin_toggle(note: Note, comparison: str | None = None, docname: str = "") -> details:
    """The other side of a concordance note: shown at its target, linking back to the provision the note is on."""
    assert note.target is not None
    source, _ = source_label(note)
    twin = provision_name(note.document, note.eid)
    head: list[nodes.Node] = [
        nodes.inline("", "Concordance", classes=["lm-note-kind"]),
        nodes.Text(" — "),
        nodes.inline("", source, classes=["lm-note-source"]),
        nodes.Text(" "),
        nodes.inline("", f"← {twin}", classes=["lm-note-twin"]),
    ]
    said = nodes.paragraph("", f"Paired with {twin}. The concordance, from that side: {note.text}")
    links = nodes.paragraph(classes=["lm-note-links"])
    links += akn_link(note.document, note.eid, nodes.Text(f"Read {twin}"))
    if comparison:
        links += nodes.Text(" · ")
        links += doc_link(comparison, "Compare the two texts side by side", docname)
    return _toggle(["lm-note-concordance", "lm-note-twin-of"], f"twin-{note.id}", True, head, [said, links])


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
    for index, text in enumerate(texts):
        for offset, char in enumerate(str(text)):
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


def place(anchor: nodes.Element, block: nodes.Element) -> None:
    """Put ``block`` right after the first line of the element ``anchor`` renders (its title or numbered line)."""
    if isinstance(anchor, nodes.section):
        at = 1 + sum(1 for c in anchor.children[1:3] if "akn-title-remarks" in c.get("classes", []))
        anchor.insert(at, block)
    elif isinstance(anchor, nodes.row):  # a table item: its notes follow the table, headed by the item's number
        table = anchor.parent
        while not isinstance(table, nodes.table):
            table = table.parent
        item = re.search(r"__item_(\d+)", " ".join(anchor.get("ids", [])))
        if item:
            block.insert(0, nodes.paragraph("", f"Table item {item[1]}:", classes=["lm-notes-item"]))
        at = table.parent.index(table) + 1
        while at < len(table.parent) and "lm-notes" in table.parent[at].get("classes", []):
            at += 1  # after the notes of earlier items, in document order
        table.parent.insert(at, block)
    elif isinstance(anchor, nodes.entry):
        anchor += block
    elif isinstance(anchor, nodes.container):  # after the numbered line, or the intro that holds it
        first = anchor[0] if anchor.children else None
        opening = isinstance(first, nodes.paragraph) or (first is not None and "akn-intro" in first.get("classes", []))
        anchor.insert(1 if opening else 0, block)
    else:  # a paragraph, rubric, table or target: the block follows it
        anchor.parent.insert(anchor.parent.index(anchor) + 1, block)

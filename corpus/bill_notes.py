"""The Bills' own papers as annotations: each note on clauses attached to its clause, the statement of objects and
reasons to the Bill as a whole.

The notes are not copied anywhere: they are read from the Bill's AKN (the "Notes on Clauses" attachment, whose
paragraphs are numbered "Clause N.") whenever they are needed, so a rebuild of the corpus carries them along.
"""

from __future__ import annotations

import re

from lxml import etree

from corpus import catalogue
from corpus.annotation_store import Note
from corpus.catalogue import Document
from corpus.cite import load, sections
from corpus.xmlio import NS, normalise_space

_CLAUSE = re.compile(r"^Clause (\d+[A-Z]?)\.$")


def _attachment(doc_id: str, heading: str):
    for attachment in load(doc_id).iterfind(".//a:attachments/a:attachment", NS):
        if normalise_space(attachment.findtext("a:heading", default="", namespaces=NS)).casefold() == heading:
            return attachment
    return None


def _note(doc: Document, name: str, eid: str, kind: str, paper: str, element: etree._Element, text: str) -> Note:
    """A note of the Bill ``doc`` anchored at ``eid``, taken from ``element`` of its paper ``paper``."""
    return Note(
        id=f"{doc.id}-{name}",
        document=doc.id,
        eid=eid,
        kind=kind,
        source=f"{paper}, Bill No. {doc.number} of {doc.date[:4]} ({element.get('eId')})",
        text=text,
        quote=None,
        target=None,
        file=str(doc.akn_path),
        line=element.sourceline or 0,
    )


def notes_on_clauses(doc_id: str) -> list[Note]:
    """One note-on-clause annotation per "Clause N." of the Bill's notes, anchored to section N of the Bill."""
    doc = catalogue.document(doc_id)
    attachment = _attachment(doc_id, "notes on clauses")
    if attachment is None:
        return []
    by_number = sections(doc_id)
    notes = []
    for paragraph in attachment.iterfind(".//a:paragraph", NS):
        match = _CLAUSE.match(normalise_space(paragraph.findtext("a:num", default="", namespaces=NS)))
        if not match or match[1] not in by_number:
            continue
        text = normalise_space("".join(paragraph.find("a:content", NS).itertext()))
        anchor = by_number[match[1]].get("eId")
        notes.append(
            _note(doc, f"note-on-clause-{match[1]}", anchor, "note-on-clause", "Notes on clauses", paragraph, text)
        )
    return notes


def objects_and_reasons(doc_id: str) -> list[Note]:
    """The statement of objects and reasons as one note on the Bill as a whole (anchored to its long title)."""
    doc = catalogue.document(doc_id)
    attachment = _attachment(doc_id, "statement of objects and reasons")
    long_title = load(doc_id).find(".//a:preface/a:longTitle", NS)
    if attachment is None or long_title is None:
        return []
    text = normalise_space(" ".join(p.xpath("string()") for p in attachment.iterfind(".//a:mainBody//a:p", NS)))
    paper = "Statement of objects and reasons"
    return [_note(doc, "objects-and-reasons", long_title.get("eId"), "history", paper, attachment, text)]


def bill_notes() -> list[Note]:
    """The papers' notes of every Bill of the corpus."""
    bills = [d.id for d in catalogue.documents() if d.kind == "bill"]
    return [note for doc_id in bills for note in objects_and_reasons(doc_id) + notes_on_clauses(doc_id)]

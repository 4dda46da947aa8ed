"""The amendment history of a section, under its text on its reader page.

An Act that India Code prints consolidated carries a note at the place of each amendment (the shape is in
:mod:`corpus.amendments`). A section's page lists them after its text, newest first (the notes that give no date after
the dated ones, in the order of the text): the date it took effect, what happened, by which Act and section (a link to
that Act when it is in the corpus), the provision of the section where it stands (a link to it on the page) and the
words it replaced or omitted, when the note quotes them (or describes them). Every fact is read through
:func:`corpus.amendments.history`, never from HTML; the open data's ``provisions.json`` carries the same list on each
section's row (:func:`rows`).

On a phone the list is a toggle whose one line says how many changes there are and the latest date: open when it is
short (up to :data:`OPEN_UP_TO` entries), closed when it is long (the 1958 Act's s.436 Table has more than a hundred).
"""

from __future__ import annotations

from typing import Any

from docutils import nodes
from lxml import etree

import corpus
from corpus import amendments
from corpus.amendments import Amendment
from corpus.cite import citation_of, provision_of
from lex_book.notes.note_nodes import akn_link, details, summary
from lex_book.reader.document_status import long_date

OPEN_UP_TO = 5
"""A history of at most this many entries is shown open; a longer one starts closed."""
ANCHOR = "amendment-history"


def _where(doc_id: str, amendment: Amendment) -> tuple[str, str]:
    """The eId and citation of the provision where ``amendment``'s note stands."""
    note = corpus.by_eid(doc_id, amendment.note).element
    holder = provision_of(note)
    return (holder.get("eId", ""), citation_of(holder)) if holder is not None else ("", "")


def rows(doc_id: str, section: etree._Element) -> list[dict[str, Any]]:
    """The amendment history of ``section`` as data, newest first: each note's facts
    (:meth:`corpus.amendments.Amendment.data`) with ``at`` and ``at_citation``, the provision where it stands."""
    out = []
    for amendment in amendments.history(section):
        at, citation = _where(doc_id, amendment)
        out.append({**amendment.data(), "at": at, "at_citation": citation})
    return out


def _summary(found: list[Amendment]) -> str:
    count = f"{len(found)} change" + ("s" if len(found) != 1 else "")
    dated = [a.wef for a in found if a.wef]
    latest = f", the latest in force from {long_date(max(dated).isoformat())}" if dated else ""
    return f"Amendment history: {count}{latest}"


def _entry(doc_id: str, amendment: Amendment) -> nodes.list_item:
    line = nodes.paragraph(classes=["akn-history-line"])
    when = long_date(amendment.wef.isoformat()) if amendment.wef else "Date not given"
    line += nodes.strong("", when, classes=["akn-history-date"])
    line += nodes.Text(" · ")
    line += nodes.inline("", amendment.label, classes=["akn-history-kind"])
    if amendment.act:
        act = amendment.document()
        line += nodes.Text(" by ")
        line += akn_link(act.id, "", nodes.Text(amendment.act)) if act is not None else nodes.Text(amendment.act)
        if amendment.section:
            line += nodes.Text(f", {amendment.section}")
    at, citation = _where(doc_id, amendment)
    if at:
        line += nodes.Text(" — in ")
        line += akn_link(doc_id, at, nodes.Text(citation))
    item = nodes.list_item("", line)
    if amendment.replaced is not None:
        said = "Omitted words" if amendment.kind == "omitted" else "Before"
        words = nodes.paragraph(classes=["akn-history-words"])
        words += nodes.inline("", f"{said}: ", classes=["akn-history-label"])
        words += nodes.inline("", f"“{amendment.replaced}”", classes=["akn-history-old"])
        item += words
    elif amendment.described:
        words = nodes.paragraph(classes=["akn-history-words"])
        words += nodes.inline("", "Replaced: ", classes=["akn-history-label"])
        words += nodes.Text(f"{amendment.described} (the note does not quote the words)")
        item += words
    return item


def history_nodes(doc_id: str, section: etree._Element) -> list[nodes.Node]:
    """The section's amendment history as a toggle (nothing for a section no note amends)."""
    found = amendments.history(section)
    if not found:
        return []
    toggle = details(classes=["akn-history"], ids=[ANCHOR], open=len(found) <= OPEN_UP_TO)
    toggle += summary("", _summary(found))
    listing = nodes.bullet_list(classes=["akn-history-list"])
    for amendment in found:
        listing += _entry(doc_id, amendment)
    toggle += listing
    return [toggle]

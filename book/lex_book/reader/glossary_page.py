"""the glossary of the defined terms of every document, grouped by term.

``{statute-glossary}`` (on the page ``book/reader/glossary``, whose stub :mod:`statute_reader` writes) lists each
term once, alphabetically, and under it every document that defines it: the document, the citation of the defining
clause (linked to it in the reader) and the clause's text, so that "master", "ship" or "wreck" can be compared across
the Acts. Terms are grouped by their name without regard to case. Everything comes from the AKN through :mod:`corpus`.
"""

from __future__ import annotations

from collections import defaultdict

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

import corpus
from lex_book.reader import akn_render
from lex_book.reader.statute_reader import SOURCES, note_link_targets, reader_documents
from lex_book.speed import content_stamps


def glossary_entries(doc_ids: list[str]) -> dict[str, list[tuple[str, str]]]:
    """Term name (lower case) → [(document id, eId of the defining clause)], documents in catalogue order."""
    entries: dict[str, list[tuple[str, str]]] = defaultdict(list)
    for doc_id in doc_ids:
        names = akn_render.term_names(doc_id)
        for refers, definition in akn_render.definitions(doc_id).items():
            name = " ".join(names.get(refers, refers.removeprefix("#term-")).split()).strip("\"'“”‘’ ")
            entry = (doc_id, definition.eid)
            if entry not in entries[name.lower()]:
                entries[name.lower()].append(entry)
    return dict(sorted(entries.items()))


def _anchor(name: str) -> str:
    return "term-" + "-".join("".join(c if c.isalnum() else " " for c in name).split())


class StatuteGlossary(SphinxDirective):
    """``{statute-glossary}``: every defined term of the reader's documents, with each document's definition."""

    def run(self) -> list[nodes.Node]:
        doc_ids = reader_documents(self.config)
        for doc_id in doc_ids:
            content_stamps.note(self.env, corpus.document(doc_id).akn_path)
        for source in [*SOURCES, __file__]:
            self.env.note_dependency(str(source))
        out = nodes.definition_list(classes=["statute-glossary"])
        for name, places in glossary_entries(doc_ids).items():
            body = nodes.definition()
            for doc_id, eid in places:
                clause = corpus.by_eid(doc_id, eid)
                header = nodes.paragraph(classes=["glossary-source"])
                label = f"{corpus.document(doc_id).short_title}, {clause.citation}"
                header += nodes.reference(
                    "", label, internal=True, refuri="", akn_target=f"{doc_id} {eid}"
                )  # resolved by statute_reader
                body += header
                quote = nodes.container(classes=["glossary-definition"])
                quote.extend(akn_render.Renderer(doc_id, anchors=False, sections=False).blocks([clause.element]))
                body += quote
            count = len({doc_id for doc_id, _ in places})
            term = nodes.term("", name, ids=[_anchor(name)])
            if count > 1:
                term += nodes.inline("", f" ({count} documents)", classes=["glossary-count"])
            out += nodes.definition_list_item("", term, body)
        note_link_targets(self.env, [out])
        return [out]


def register(app: Sphinx) -> None:
    app.add_directive("statute-glossary", StatuteGlossary)

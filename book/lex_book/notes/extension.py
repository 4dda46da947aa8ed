"""The notes folder's part of the book's extension: each module registers its directives, nodes, assets
and event handlers, in this order (the order matters where two handlers share an event and a priority: see the
event table of :mod:`lex_book`)."""

from __future__ import annotations

from sphinx.application import Sphinx

from lex_book.notes import comparison_pages, derivation_pages, reader_notes


def setup_notes(app: Sphinx) -> None:
    comparison_pages.register(app)  # the comparison pages, their nodes and annotations.css
    reader_notes.register(app)  # the notes placed on the reader's pages
    derivation_pages.register(app)  # {statute-derivation}: From Bill to Act

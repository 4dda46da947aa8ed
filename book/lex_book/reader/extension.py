"""The reader folder's part of the book's extension: each module registers its directives, nodes, assets
and event handlers, in this order (the order matters where two handlers share an event and a priority: see the
event table of :mod:`lex_book`)."""

from __future__ import annotations

from sphinx.application import Sphinx

from lex_book.reader import (
    definition_popover,
    document_status,
    glossary_page,
    provision_directive,
    statute_print,
    statute_reader,
)


def setup_reader(app: Sphinx) -> None:
    definition_popover.register(app)  # the terms' definitions, once per page, shown on a tap, click or Enter
    document_status.register(app)  # the banner of every page: where the document stands
    statute_reader.register(app)  # the generated pages, their toctree, breadcrumbs and links
    provision_directive.register(app)  # {provision} <doc-id> <citation> anywhere in the book
    statute_print.register(app)  # a statute printed whole from its contents page
    glossary_page.register(app)  # {statute-glossary}: every defined term, grouped

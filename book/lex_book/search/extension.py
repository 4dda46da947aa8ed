"""The search folder's part of the book's extension: each module registers its directives, nodes, assets
and event handlers, in this order (the order matters where two handlers share an event and a priority: see the
event table of :mod:`lex_book`)."""

from __future__ import annotations

from sphinx.application import Sphinx

from lex_book.search import site_search


def setup_search(app: Sphinx) -> None:
    site_search.register(app)  # the search page, each page's mark, and the index after every page is written

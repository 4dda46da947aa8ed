"""The open data folder's part of the book's extension: each module registers its directives, nodes, assets
and event handlers, in this order (the order matters where two handlers share an event and a priority: see the
event table of :mod:`lex_book`)."""

from __future__ import annotations

from sphinx.application import Sphinx

from lex_book.open_data import open_data


def setup_open_data(app: Sphinx) -> None:
    open_data.register(app)  # {corpus-downloads}, {corpus-licences} and the files

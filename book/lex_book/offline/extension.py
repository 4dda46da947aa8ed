"""The offline folder's part of the book's extension: each module registers its assets and event handlers, in this
order (the order matters where two handlers share an event and a priority: see the event table of :mod:`lex_book`)."""

from __future__ import annotations

from sphinx.application import Sphinx

from lex_book.offline import service_worker


def setup_offline(app: Sphinx) -> None:
    service_worker.register(app)  # offline.js on every page; sw.js, offline.html and offline.json at the end

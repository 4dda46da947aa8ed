"""The live folder's part of the book's extension: each module registers its directives, nodes, assets
and event handlers, in this order (the order matters where two handlers share an event and a priority: see the
event table of :mod:`lex_book`)."""

from __future__ import annotations

from sphinx.application import Sphinx

from lex_book.live import live_calculators


def setup_live(app: Sphinx) -> None:
    live_calculators.register(app)  # the calculators' script on the pages that have one; the runtime at the end

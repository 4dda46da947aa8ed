"""The book's Sphinx extension: the declared settings, then one setup per feature folder, in this order.

The order is the order of registration: where two handlers of different folders share an event and a priority,
the earlier folder's runs first (the event table of :mod:`lex_book` lists every handler in the order Sphinx runs it).
Build speed comes first (its stamps are ready before any page is read), the reader before the notes (the notes are
placed on the reader's pages, the comparison pages join the reader's contents after it), the theme before the search
(their templates), and the search late (it indexes the pages the others wrote).
"""

from __future__ import annotations

from typing import Any

from sphinx.application import Sphinx

from lex_book.config import setup_config
from lex_book.exercises.extension import setup_exercises
from lex_book.live.extension import setup_live
from lex_book.notes.extension import setup_notes
from lex_book.offline.extension import setup_offline
from lex_book.open_data.extension import setup_open_data
from lex_book.reader.extension import setup_reader
from lex_book.search.extension import setup_search
from lex_book.speed.extension import setup_speed
from lex_book.theme.extension import setup_theme


def setup_extension(app: Sphinx) -> dict[str, Any]:
    setup_config(app)  # every setting of the book, declared once (config.py)
    setup_speed(app)  # build speed: stamps, caches, the collector, the pages of _toc.yml only
    setup_reader(app)  # reader pages: the statutes from corpus/akn, quotes, glossary, popovers, banners
    setup_notes(app)  # notes and comparisons: notes beside provisions, comparison and From Bill to Act pages
    setup_live(app)  # live calculators: the page's Python in a Web Worker
    setup_exercises(app)  # exercises checked in the page
    setup_offline(app)  # offline: the service worker, the offline page, "Save for offline"
    setup_theme(app)  # theme: the chrome on a phone, the icon font, nothing from outside the site
    setup_search(app)  # search: the Pagefind index of the written pages
    setup_open_data(app)  # open data: the corpus's files and addresses in the site
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}

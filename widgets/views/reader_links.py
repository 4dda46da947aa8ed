"""Links from a page of the book to a provision in the statute reader: ``../reader/<doc>/<page>.html#<eId>``.

The reader cuts each document into pages (:mod:`corpus.page_map`, which says on which page each eId is anchored);
a calculator on a chapter page links each provision it cites to that page and anchor, relative to the chapter, so the
links work wherever the built site is served.

Two sources of the same answer: :func:`reader_link` asks the reader's page map itself (in the repository, where the
book's sources are: the notebooks the book executes); :func:`link_from_pages` reads a table of it written when the
book is built (``{document: {eId: page}}``, the eId of each page's outermost provisions), which the page's
in-browser runtime receives (``widgets.views.live``). Outside both (an installed wheel alone) :func:`reader_link`
returns ``None`` and a calculator links to the bare ``#eId``.
"""

from __future__ import annotations

import posixpath
from collections.abc import Callable, Mapping
from functools import cache
from types import ModuleType

CHAPTERS = "book/chapters"
"""Where the topic chapters live (docnames relative to the book root)."""

Link = Callable[[str, str], str]


@cache
def _page_map() -> ModuleType | None:
    """:mod:`corpus.page_map`; ``None`` where ``corpus`` cannot be imported (the page's in-browser runtime, which
    receives the table of :func:`link_from_pages` instead)."""
    try:
        from corpus import page_map
    except ImportError:
        return None
    return page_map


def href(docname: str, anchor: str | None, from_folder: str) -> str:
    """The URL of ``docname`` (and ``#anchor``) relative to a page in ``from_folder``."""
    url = posixpath.relpath(docname, from_folder) + ".html"
    return f"{url}#{anchor}" if anchor else url


def reader_link(from_folder: str = CHAPTERS) -> Link | None:
    """``link(document, eid)`` giving the reader URL of a provision relative to a page in ``from_folder``."""
    pages = _page_map()
    if pages is None:
        return None

    def link(document: str, eid: str) -> str:
        found = pages.document_pages(document).locate(eid)
        if found is None:
            return f"#{eid}"
        docname, anchor = found
        return href(docname, anchor, from_folder)

    return link


def page_of(table: Mapping[str, str], eid: str) -> str | None:
    """The page of ``eid`` in a document's table: that of the longest eId in the table that ``eid`` starts with."""
    key = eid
    while key:
        if key in table:
            return table[key]
        key = key.rpartition("__")[0]
    return None


def link_from_pages(pages: Mapping[str, Mapping[str, str]], from_folder: str = CHAPTERS) -> Link:
    """``link(document, eid)`` from a table of the reader's pages (see the module docstring)."""

    def link(document: str, eid: str) -> str:
        docname = page_of(pages.get(document, {}), eid)
        return href(docname, eid, from_folder) if docname else f"#{eid}"

    return link

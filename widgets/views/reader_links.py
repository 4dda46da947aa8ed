"""Links from a page of the book to a provision in the statute reader: ``../reader/<doc>/<page>.html#<eId>``.

The reader cuts each document into pages (``book/_ext/akn_pages.py``, which says on which page each eId is anchored);
a calculator on a chapter page links each provision it cites to that page and anchor, relative to the chapter, so the
links work wherever the built site is served. Outside the repository (an installed wheel, Pyodide) the reader's page
map is not there and :func:`reader_link` returns ``None``: the calculator then links to the bare ``#eId``.
"""

from __future__ import annotations

import importlib.util
import posixpath
import sys
from collections.abc import Callable
from functools import cache
from pathlib import Path
from types import ModuleType

BOOK_EXT = Path(__file__).resolve().parents[2] / "book" / "_ext"
CHAPTERS = "book/chapters"
"""Where the topic chapters live (docnames relative to the book root)."""


@cache
def _akn_pages() -> ModuleType | None:
    """``book/_ext/akn_pages.py``, imported from the repository (``None`` when the book sources are not present)."""
    path = BOOK_EXT / "akn_pages.py"
    if not path.is_file():
        return None
    if "akn_pages" in sys.modules:
        return sys.modules["akn_pages"]
    spec = importlib.util.spec_from_file_location("akn_pages", path)
    if spec is None or spec.loader is None:
        return None
    module = importlib.util.module_from_spec(spec)
    sys.modules["akn_pages"] = module
    spec.loader.exec_module(module)
    return module


def reader_link(from_folder: str = CHAPTERS) -> Callable[[str, str], str] | None:
    """``link(document, eid)`` giving the reader URL of a provision relative to a page in ``from_folder``."""
    pages = _akn_pages()
    if pages is None:
        return None

    def link(document: str, eid: str) -> str:
        found = pages.document_pages(document).locate(eid)
        if found is None:
            return f"#{eid}"
        docname, anchor = found
        url = posixpath.relpath(docname, from_folder) + ".html"
        return f"{url}#{anchor}" if anchor else url

    return link

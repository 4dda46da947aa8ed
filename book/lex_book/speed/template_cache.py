"""the HTML theme's Jinja templates are compiled once, not again by every build.

Sphinx renders every page through the theme's Jinja templates (sphinx-book-theme over pydata-sphinx-theme, some forty
files), and its template environment has no bytecode cache, so each build compiles them all again before it writes
its first page. Jinja's own :class:`~jinja2.FileSystemBytecodeCache`, kept in the build's doctree folder, stores the
compiled code of each template under its name and file and hands it back only while the template's source is
unchanged (it compares a checksum of the source); anything else is compiled as before. The pages are the same.
"""

from __future__ import annotations

from pathlib import Path

from jinja2 import FileSystemBytecodeCache
from sphinx.application import Sphinx

CACHE_DIR = "lex-maritima/jinja2"
"""In the build's doctree folder (so ``make clean`` removes it with the rest of the build)."""


def use_bytecode_cache(app: Sphinx) -> None:
    environment = getattr(getattr(app.builder, "templates", None), "environment", None)
    if environment is None:  # a builder without Jinja templates
        return
    folder = Path(app.doctreedir) / CACHE_DIR
    folder.mkdir(parents=True, exist_ok=True)
    environment.bytecode_cache = FileSystemBytecodeCache(str(folder))


def register(app: Sphinx) -> None:
    app.connect("builder-inited", use_bytecode_cache)

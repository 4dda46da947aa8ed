"""What the end-of-build work learns from each file of the built site, kept while the file stays the same.

Three ``build-finished`` handlers read the site a build leaves: the service worker's version digests every file
(:mod:`lex_book.offline.service_worker`), the icon font cut looks for icon names in every page and script
(:mod:`lex_book.theme.icon_font`), and the search compares the pages it indexed with the pages there now
(:mod:`lex_book.search.site_search`). A build that wrote one page, or none, still read some 20,000 files (about 250
MB) to learn that: 12 s of a 15 s no-op build (``benchmarks/book_build.py``).

:func:`learnt` keeps, for each file, what one reading of it gave, with the file's size and modification time (ns) —
the test :mod:`lex_book.speed.complete_build` trusts to tell a finished site from a stopped one — and reads again
only a file written since. The values live as JSON in the build's doctree folder (so ``make clean`` drops them), one
store per kind of reading; a store made by another reading (``how``, e.g. another pattern) is dropped whole.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from sphinx.application import Sphinx

from lex_book import atomic_files
from lex_book.speed.build_cache import CACHE_DIR


def sha256(path: Path) -> str:
    """The SHA-256 of a file's bytes (hex): a reading for :func:`learnt`."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


def store(app: Sphinx, name: str) -> Path:
    """The file of the store ``name`` of ``app``'s build."""
    return Path(app.doctreedir) / CACHE_DIR / f"memo-{name}.json"


def learnt(
    outdir: Path, files: Mapping[str, list[int]], read: Callable[[Path], Any], kept: Path | None = None, how: str = ""
) -> dict[str, Any]:
    """``read(path)`` (a JSON value) of each of ``files`` (path in ``outdir`` → [size, mtime ns], as
    :func:`lex_book.speed.complete_build.site_files` lists them). With a store (``kept``, see :func:`store`), a
    file whose size and time are those stored there by the same reading (``how``) is not read again, and the store
    keeps just ``files`` after; without one, every file is read."""
    known: dict[str, list[Any]] = {}
    if kept is not None:
        try:
            stored = json.loads(kept.read_text(encoding="utf-8"))
            known = stored["files"] if stored["how"] == how else {}
        except (OSError, ValueError, KeyError, TypeError):
            known = {}
    values: dict[str, Any] = {}
    entries: dict[str, list[Any]] = {}
    for path, stamp in files.items():
        entry = known.get(path)
        if isinstance(entry, list) and len(entry) == 3 and entry[:2] == list(stamp):
            values[path] = entry[2]
        else:
            values[path] = read(outdir / path)
        entries[path] = [*stamp, values[path]]
    if kept is not None and entries != known:
        kept.parent.mkdir(parents=True, exist_ok=True)
        atomic_files.write_text(kept, json.dumps({"how": how, "files": entries}))
    return values

"""Files written whole or not at all: a build stopped while it writes (killed, a full disk) leaves a file's old bytes
or its new ones, never half of them, and a host serving the site meanwhile never sends a half-written page.

Each file is written to a partial file beside it (same folder, so the same file system) and renamed over it: a rename
is atomic on POSIX and Windows (:func:`os.replace`). A partial file a killed build left behind carries
:data:`PARTIAL` in its name; :mod:`lex_book.speed.complete_build` clears the site of them with the rest of an
unfinished build's output.
"""

from __future__ import annotations

import os
from pathlib import Path

PARTIAL = ".lex-partial"
"""The suffix of a file being written (``page.html.lex-partial``); one that outlives its build was interrupted."""


def partial_path(path: Path | str) -> Path:
    """Where :func:`write_bytes` writes ``path``'s bytes before renaming them into place."""
    return Path(f"{path}{PARTIAL}")


def write_bytes(path: Path | str, data: bytes) -> bool:
    """Write ``data`` to ``path`` whole: into its partial file, then renamed over it; whether it was written. A file
    that holds ``data`` already is left as it is, its time too (so what reads the site again after a build,
    :mod:`lex_book.speed.site_memo`, and Sphinx's judge of a page's sources, see nothing new)."""
    try:
        if os.path.getsize(path) == len(data) and Path(path).read_bytes() == data:
            return False
    except OSError:
        pass  # no such file yet: write it
    partial = partial_path(path)
    try:
        partial.write_bytes(data)
        os.replace(partial, path)
    finally:
        partial.unlink(missing_ok=True)  # the write or the rename failed: no partial file left behind
    return True


def write_text(path: Path | str, text: str) -> bool:
    """Write ``text`` to ``path`` as UTF-8, whole (:func:`write_bytes`); whether it was written."""
    return write_bytes(path, text.encode("utf-8"))

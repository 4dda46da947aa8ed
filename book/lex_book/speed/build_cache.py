"""The start-of-build work of the book's extensions, kept from one build to the next while its inputs stay the same.

Before Sphinx looks at any page, every build has :mod:`statute_reader` and :mod:`comparison_pages` work out their
generated pages (titles and stubs, from the AKN and the concordance) and :mod:`reader_notes` check every note of the
annotated corpus for orphans. On a build with little else to do that was most of the extensions' fixed cost (0.6 s of
a 6 s no-op build, ``benchmarks/book_build.py``). :func:`cached` keeps such a result as JSON in the build's
doctree folder under a SHA-256 of the bytes of every file it may depend on — the corpus package (its code, catalogue,
annotation files and concordance), the AKN file of each document of the catalogue, the book's extension (every
``.py`` of ``book/lex_book``), and the further files and settings the caller names — and reuses it only when not one
byte of them changed. Anything else recomputes it, so its checks (orphaned notes, references naming nothing) run
again and stop the build as before.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from sphinx.application import Sphinx

import corpus
from lex_book.paths import PACKAGE

CORPUS_DIR = Path(corpus.__file__).resolve().parent
CORPUS_SUFFIXES = {".py", ".yaml", ".yml", ".csv"}
"""The corpus package's code and data that the book reads (its generated markup, reports and sources are not)."""

CACHE_DIR = "lex-maritima"
"""The cache's folder in the build's doctree folder (so ``make clean`` removes it with the rest of the build)."""


def input_files() -> list[Path]:
    """The files every cached result may depend on, in a fixed order."""
    package = [p for p in CORPUS_DIR.rglob("*") if p.suffix in CORPUS_SUFFIXES and "__pycache__" not in p.parts]
    akn = [d.akn_path for d in corpus.documents()]
    return [*sorted(package), *akn, *sorted(PACKAGE.rglob("*.py"))]


def digest(files: Iterable[Path], settings: Any = None, root: Path | None = None) -> str:
    """SHA-256 of each file's path (relative to ``root`` when given, so that a moved checkout hashes the same) and
    bytes (a missing file counts as missing) and of the JSON of ``settings``."""
    h = hashlib.sha256(json.dumps(settings, sort_keys=True).encode())
    for path in files:
        h.update((path.relative_to(root).as_posix() if root else str(path)).encode() + b"\0")
        h.update(path.read_bytes() if path.is_file() else b"\0missing\0")
    return h.hexdigest()


def cached(app: Sphinx, name: str, compute: Callable[[], Any], extra: Iterable[Path] = (), settings: Any = None) -> Any:
    """``compute()`` (a JSON value), or the value it gave in an earlier build whose inputs hashed the same.

    ``extra``: further files the value depends on; ``settings``: configuration values it depends on (JSON).
    """
    key = digest([*input_files(), *extra], settings)
    path = Path(app.doctreedir) / CACHE_DIR / f"{name}.json"
    try:
        stored = json.loads(path.read_text(encoding="utf-8"))
        if stored["key"] == key:
            return stored["value"]
    except (OSError, ValueError, KeyError, TypeError):
        pass  # no cache yet, or one this code cannot read: compute
    text = json.dumps({"key": key, "value": compute()})
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_suffix(".tmp")
    partial.write_text(text, encoding="utf-8")
    partial.replace(path)
    return json.loads(text)["value"]  # as a later build reads it back

"""pages depend on the corpus's files by their contents, not by their modification times.

Sphinx reads a page again when a file it depends on is newer than the page's last reading. The reader's pages, the
glossary, the comparison pages and every chapter quoting a provision depend on the AKN files, and the reader's pages
on the annotation files too. ``make corpus`` after any change to the corpus code rewrites every AKN file, most often
with the very same bytes (the corpus build is deterministic), and each such rewrite had Sphinx read 75 pages again and
take the 5 chapters' notebooks from the execution cache: a build that changed nothing took 21 s instead of 6 s.

So those pages depend on a stamp per file instead, kept in the build's doctree folder: before each build reads
anything (``builder-inited``) :func:`refresh` writes the SHA-256 of every :func:`tracked_files` file into its stamp
when it differs from the one there, which makes that stamp newer than the pages that depend on it; the stamp of a file
whose bytes did not change keeps its time. :func:`note` records the dependency of the page being read: on the stamp of
a tracked file, on the file itself otherwise (the extensions' code is still tracked by time).
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from sphinx.application import Sphinx
from sphinx.config import Config
from sphinx.environment import BuildEnvironment

import corpus
from corpus import annotation_store, concordance
from lex_book import atomic_files
from lex_book import state as build_state

STAMPS_DIR = "lex-maritima/stamps"
"""In the build's doctree folder (so ``make clean`` removes them with the rest of the build)."""


def tracked_files(config: Config) -> list[Path]:
    """The AKN file of each document, the annotation files, the concordance and the course files (``lex_notes``)."""
    course = [Path(p) for p in config.lex_notes] if "lex_notes" in config else []
    annotations = sorted(annotation_store.ANNOTATIONS_DIR.glob("*.yaml"))
    return [*(d.akn_path for d in corpus.documents()), *annotations, concordance.TABLE, *course]


def stamp_path(doctreedir: Path, path: Path) -> Path:
    named = hashlib.sha256(str(path).encode()).hexdigest()[:16]
    return doctreedir / STAMPS_DIR / f"{named}-{path.name}.sha256"


def refresh(app: Sphinx) -> None:
    """Rewrite the stamp of each tracked file whose bytes changed (or that is new, or gone) since the last build."""
    stamps = build_state.of(app).stamps = {}
    for path in tracked_files(app.config):
        path = path.resolve()
        digest = hashlib.sha256(path.read_bytes()).hexdigest() if path.is_file() else "missing"
        stamp = stamp_path(Path(app.doctreedir), path)
        stamp.parent.mkdir(parents=True, exist_ok=True)
        atomic_files.write_text(stamp, digest)  # a stamp that holds the digest keeps its time
        stamps[path] = stamp


def note(env: BuildEnvironment, path: Path | str) -> None:
    """Make the page being read depend on ``path``: through its stamp if it is tracked, by its own time if not."""
    stamp = build_state.of(env.app).stamps.get(Path(path).resolve())
    env.note_dependency(str(stamp or path))


def register(app: Sphinx) -> None:
    app.connect("builder-inited", refresh)

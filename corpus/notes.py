"""Every note of the annotated corpus in one place: the project's annotation files, the Bills' own papers, the
concordance, the derivation tables (what each Bill clause became in its Act), the evidence for the old Acts'
recovered section numbers, and any instructor's course files on top.

``python -m corpus notes check [--with course.yaml] [--no-project-notes]`` lists orphaned notes and fails on any;
``python -m corpus notes export [--with course.yaml] [--no-project-notes]`` prints them as W3C Web Annotations
(JSON-LD). ``--no-project-notes`` leaves out the project's own notes, as a book with ``lex_notes_project: false``.
The book build (``lex_book/notes/reader_notes.py``) loads the notes through :func:`all_notes` too and refuses the errors
of :data:`REFUSED` with the same one-line message: whatever the build refuses, the check refuses first.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from corpus import annotation_store, bill_notes, concordance, derivations, numbering_notes
from corpus.annotation_store import AnnotationError, Note, Orphan
from corpus.cite import CitationError

REFUSED = (AnnotationError, ValueError, CitationError)
"""What a malformed notes file raises, each with a one-line message naming file, line and field: an annotation
file's :class:`AnnotationError`, a concordance row's ``ValueError`` or ``CitationError`` (``corpus/concordance.py``),
a derivation table's :class:`corpus.derivations.DerivationError` (a ``ValueError``)."""


def all_notes(extra: Iterable[Path] = (), project: bool = True) -> list[Note]:
    """The project's notes (unless ``project`` is false) followed by those of the ``extra`` annotation files (an
    instructor's, say); every id used once."""
    own = []
    if project:
        own = annotation_store.load(sorted(annotation_store.ANNOTATIONS_DIR.glob("*.yaml")))
        own += bill_notes.bill_notes() + concordance.notes() + derivations.all_notes() + numbering_notes.notes()
    return annotation_store.unique(own + annotation_store.load(Path(p) for p in extra))


def check(extra: Iterable[Path] = (), project: bool = True) -> list[Orphan]:
    """The orphaned notes among :func:`all_notes` (empty when every note still attaches)."""
    return annotation_store.orphans(all_notes(extra, project))


def export(extra: Iterable[Path] = (), project: bool = True) -> dict:
    """Every note of :func:`all_notes` as a W3C Web Annotation collection (JSON-LD)."""
    items = [annotation_store.to_web_annotation(note) for note in all_notes(extra, project)]
    return {
        "@context": "http://www.w3.org/ns/anno.jsonld",
        "id": "urn:lex-maritima:notes",
        "type": "AnnotationCollection",
        "label": "Lex Maritima: notes on the corpus",
        "total": len(items),
        "first": {"type": "AnnotationPage", "items": items},
    }

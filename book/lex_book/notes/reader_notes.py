"""the notes of the annotated corpus beside the provisions they anchor, in the statute reader.

Every note of :func:`corpus.notes.all_notes` — the project's annotation files, the Bills' notes on clauses and
statements of objects and reasons, the concordance — and of any instructor's course files is shown as a toggle
(:mod:`note_nodes`) after the sentence the element with its eId is part of, on the reader page that holds it
(:mod:`corpus.page_map`: a provision's section page); notes set apart from their provision by the rest of its sentence
are headed by the provision's citation ("On s. 161(1)(a)(i):"). A concordance note links to its twin and to the
pair's comparison page (:mod:`comparison_pages`); the twin shows the pair from its side. So does a derivation note
(:mod:`corpus.derivations`): a Bill clause's page links to the section or sections of the Act it became, and each
such section's page links back to the clause, with the Bill's own note on that clause shown there too.

Course files (``book/instructors.md``): the environment variable ``LEX_NOTES`` (one path, or several separated by
``:``; relative to the directory the build runs in) or the ``lex_notes`` setting of ``_config.yml``'s
``sphinx.config``. ``lex_notes_project: false`` leaves out the project's own notes (a book over another corpus).

The build stops (:class:`ExtensionError`) on a malformed annotation file (file, line and field), on any orphaned
note — its eId gone, its quote no longer in its provision's text — listing each (file, line, id, why), and on a note
the reader has no place for. The first two are :mod:`corpus.notes`' and :mod:`corpus.annotation_store`'s own rules,
applied by ``python -m corpus notes check`` too, with the same messages; the third can only happen when
``statute_reader_documents`` leaves a note's document out of the book (the store refuses every eId the reader does not
show: ``tests/book/test_note_files_in_book.py`` holds it to that). Nothing is dropped or moved to another provision
silently. The check runs at the start of every build whose inputs (:mod:`build_cache`: the corpus, the extensions,
the course files) differ by a byte from those of the last build that passed it.
"""

from __future__ import annotations

import os
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.config import Config
from sphinx.errors import ExtensionError

import corpus
from corpus import annotation_store, concordance, derivations, page_map
from corpus.annotation_store import AnnotationError, Note
from corpus.notes import REFUSED, all_notes
from lex_book import state as build_state
from lex_book.notes import note_nodes
from lex_book.notes.comparison_pages import note_links
from lex_book.reader.statute_reader import reader_documents
from lex_book.speed import build_cache, content_stamps

ENV_VAR = "LEX_NOTES"
HERE = Path(__file__).resolve().parent
CODE = [HERE / "note_nodes.py", HERE / "static" / "annotations.css", Path(__file__).resolve()]
"""The notes' own code and style: a reader page is re-read (and the style re-copied) when one changes."""


@dataclass(frozen=True)
class Placed:
    """A note as the reader shows it at one anchor: the note itself, or (``twin``) its target's side of a pair."""

    note: Note
    twin: bool
    course: bool
    comparison: tuple[str, str] | None
    """The page comparing the note's provision and its target: docname and the link's words."""
    borrowed: bool = False
    """A Bill's note on a clause shown at the Act section the clause became (beside the derivation twin)."""


def course_files(config: Config) -> list[Path]:
    """The course annotation files: ``LEX_NOTES`` if set, else the ``lex_notes`` setting; each an existing file of
    the store's size (:func:`corpus.annotation_store.check_path`)."""
    value = os.environ.get(ENV_VAR)
    given = [p for p in value.split(os.pathsep) if p.strip()] if value is not None else list(config.lex_notes or [])
    paths = [Path(p.strip()).expanduser().resolve() for p in given]
    try:
        for path in paths:
            annotation_store.check_path(path)
    except AnnotationError as error:
        raise ExtensionError(f"{ENV_VAR}/lex_notes: {error}") from None
    return paths


def read_course_setting(app: Sphinx, config: Config) -> None:
    """Record the course files in the configuration, so that adding or removing one re-reads every page."""
    config.lex_notes = [str(p) for p in course_files(config)]


def load_notes(config: Config) -> list[Note]:
    """The project's notes (unless ``lex_notes_project`` is false) and the course files', or the build's error."""
    extra = [Path(p) for p in config.lex_notes]
    try:
        notes = all_notes(extra, project=config.lex_notes_project)
    except REFUSED as error:
        raise ExtensionError(f"annotations: {error}") from None
    orphans = annotation_store.orphans(notes)
    if orphans:
        listed = "\n".join(f"  {orphan}" for orphan in orphans)
        raise ExtensionError(f"{len(orphans)} orphaned note(s); fix or remove each, or restore its anchor:\n{listed}")
    return notes


def place_notes(
    notes: list[Note], doc_ids: list[str], course: set[str], pair_pages: dict[tuple[str, ...], tuple[str, str]]
) -> dict[str, dict[str, list[Placed]]]:
    """docname → anchor → the notes shown there, in the order given (a pair's twin side after the notes, and after
    a derivation twin the Bill's notes on that clause).

    ``pair_pages``: (document, eId, twin document, twin eId) of a note with a target, (document, eId, kind) of one
    without → the docname and link words of the page comparing them (:func:`comparison_pages.note_links`).
    """
    pages: dict[str, dict[str, list[Placed]]] = defaultdict(lambda: defaultdict(list))
    on_clause = defaultdict(list)
    for note in notes:
        if note.kind == "note-on-clause":
            on_clause[note.anchor].append(note)
    unplaced = []
    for twin in (False, True):
        for note in notes:
            if twin and note.target is None:
                continue
            anchor = note.target if twin and note.target is not None else note.anchor
            where = page_map.document_pages(anchor.document).locate(anchor.eid) if anchor.document in doc_ids else None
            if where is None or not where[1]:
                unplaced.append(f"  {note.file}:{note.line}: note {note.id!r}: the reader shows no {anchor.eid!r}")
                continue
            target = (note.target.document, note.target.eid) if note.target else (note.kind,)
            key = (note.document, note.eid, *target)
            placed = Placed(note, twin, note.file in course, pair_pages.get(key))
            pages[where[0]][where[1]].append(placed)
            if twin and note.kind == "derivation":
                pages[where[0]][where[1]] += [Placed(n, False, False, None, True) for n in on_clause[note.anchor]]
    if unplaced:
        raise ExtensionError("notes the statute reader has no place for:\n" + "\n".join(unplaced))
    return pages


def notes_by_page(app: Sphinx) -> dict[str, dict[str, list[Placed]]]:
    """Every note loaded, checked and placed: docname → anchor → notes (worked out once per build, when needed)."""
    state = build_state.of(app)
    if state.notes_by_page is None:
        notes = load_notes(app.config)
        pair_pages = note_links() if app.config.lex_notes_project else {}
        course = set(app.config.lex_notes)
        state.notes_by_page = place_notes(notes, reader_documents(app.config), course, pair_pages)
    return state.notes_by_page


def prepare(app: Sphinx) -> None:
    """Check every note at the start of each build: load, find orphans, place (:func:`notes_by_page`).

    The check is skipped when :func:`build_cache.cached` holds its result for exactly these inputs (the corpus, the
    extensions, the course files and these settings): with the same bytes it can only pass again. The notes are then
    placed only if a reader page is read.
    """
    state = build_state.of(app)
    state.notes_files = [*sorted(annotation_store.ANNOTATIONS_DIR.glob("*.yaml")), concordance.TABLE]
    state.notes_files += derivations.tables()
    state.notes_files += [Path(p) for p in app.config.lex_notes]
    state.notes_by_page = None
    settings = [app.config.lex_notes_project, app.config.lex_notes, reader_documents(app.config)]

    def check() -> dict[str, int]:
        placed = notes_by_page(app)
        return {"notes placed": sum(len(group) for page in placed.values() for group in page.values())}

    build_cache.cached(app, "reader_notes", check, extra=state.notes_files, settings=settings)


def attach(doctree: nodes.Node, docname: str, at: dict[str, list[Placed]]) -> int:
    """Highlight the quotes and put each anchor's notes after its element's sentence; return the notes placed."""
    by_id: dict[str, nodes.Element] = {}
    for node in doctree.findall(nodes.Element):
        by_id.update(dict.fromkeys(node.get("ids", []), node))
    count = 0
    for anchor, placed in at.items():
        element = by_id.get(anchor)
        if element is None:
            raise ExtensionError(f"{docname}: no element with id {anchor!r} for notes {[p.note.id for p in placed]}")
        for item in placed:
            if item.note.quote and not item.twin and not item.borrowed:
                note_nodes.highlight(element.parent if isinstance(element, nodes.target) else element, item.note.quote)
        block = nodes.container(classes=["lm-notes"])
        apart = not isinstance(element, (nodes.section, nodes.row, nodes.entry))
        if apart and note_nodes.sentence_unit(element) is not element:
            first = placed[0]
            where = first.note.target if first.twin and first.note.target is not None else first.note.anchor
            label = corpus.citation(where.document, anchor)
            block += nodes.paragraph("", f"On {label}:", classes=["lm-notes-on"])
        for item in placed:
            if item.twin:
                block += note_nodes.twin_toggle(item.note, item.comparison, docname)
            else:
                block += note_nodes.note_toggle(item.note, item.course, item.comparison, docname)
        note_nodes.place(element, block)
        count += len(placed)
    return count


def add_notes(app: Sphinx, doctree: nodes.document) -> None:
    """At ``doctree-read``: the notes of a reader page; every reader page depends on the annotation files."""
    docname = app.env.docname
    if not docname.startswith(page_map.READER_DIR + "/"):
        return
    for path in build_state.of(app).notes_files:
        content_stamps.note(app.env, path)
    for path in CODE:
        app.env.note_dependency(str(path))
    at = notes_by_page(app).get(docname, {})
    attach(doctree, docname, at)
    for placed in (p for group in at.values() for p in group):
        for anchor in filter(None, (placed.note.anchor, placed.note.target)):
            content_stamps.note(app.env, corpus.document(anchor.document).akn_path)


def register(app: Sphinx) -> None:
    app.connect("config-inited", read_course_setting)
    app.connect("builder-inited", prepare)
    app.connect("doctree-read", add_notes)

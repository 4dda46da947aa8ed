"""The book refuses what ``python -m corpus notes check`` refuses, with the same line, and gives every note an anchor
of its own (lex_book/notes/: reader_notes, note_nodes; the malformed files are tests/annotations/fixtures/malformed/).

The refusals are compared file by file through the functions the build's hooks call (``config-inited``'s
:func:`reader_notes.read_course_setting`, ``builder-inited``'s :func:`reader_notes.load_notes`); two small books over
the fixture corpus show a real build refusing a file and giving colliding ids their own anchors.
"""

from __future__ import annotations

import random
import re
from pathlib import Path
from types import SimpleNamespace

import pytest
from docutils import nodes
from lxml import html as lxml_html
from sphinx.errors import ExtensionError

import corpus
from corpus import annotation_store, page_map
from corpus.__main__ import main
from corpus.notes import all_notes
from lex_book.notes import note_nodes, reader_notes

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "tests" / "annotations" / "fixtures"
MALFORMED = [*sorted((FIXTURES / "malformed").iterdir()), FIXTURES / "malformed" / "no-such-file.yaml"]
EXAMPLE = ROOT / "book" / "examples" / "course-notes.yaml"


def check_line(capsys: pytest.CaptureFixture[str], path: Path, *options: str) -> str:
    """The check's one line on ``path``, without its "annotations rejected: "."""
    assert main(["notes", "check", "--with", str(path), *options]) == 2
    (line,) = capsys.readouterr().err.splitlines()
    return line.removeprefix("annotations rejected: ")


def build_refusal(path: Path, project: bool = True) -> str:
    """The build's error on a book with the course file ``path``, from its ``config-inited`` and ``builder-inited``
    steps ("" if it passes them)."""
    config = SimpleNamespace(lex_notes=[str(path)], lex_notes_project=project)
    try:
        reader_notes.read_course_setting(None, config)
        reader_notes.load_notes(config)
    except ExtensionError as error:
        return str(error)
    return ""


@pytest.mark.parametrize("path", MALFORMED, ids=lambda p: p.name)
def test_the_build_refuses_each_malformed_file_with_the_check_s_line(capsys, monkeypatch, path):
    monkeypatch.delenv("LEX_NOTES", raising=False)
    line = check_line(capsys, path)
    unreadable = path.is_dir() or not path.exists()  # refused as the build reads its settings, before any note
    assert build_refusal(path) == (f"LEX_NOTES/lex_notes: {line}" if unreadable else f"annotations: {line}")
    if not unreadable:  # a course's own book, without the project's notes, refuses it as well
        assert check_line(capsys, path, "--no-project-notes") == line
        assert build_refusal(path, project=False) == f"annotations: {line}"


def test_a_file_past_1_mb_is_refused_by_the_build_before_it_is_read(capsys, monkeypatch, tmp_path):
    monkeypatch.delenv("LEX_NOTES", raising=False)
    path = tmp_path / "huge.yaml"
    path.write_text("[]\n" + "#" * annotation_store.MAX_FILE_BYTES, encoding="utf-8")
    assert build_refusal(path) == f"LEX_NOTES/lex_notes: {check_line(capsys, path)}"


def test_the_build_refuses_a_note_on_an_eid_of_the_metadata_as_the_check_does(capsys, monkeypatch):
    monkeypatch.delenv("LEX_NOTES", raising=False)
    path = FIXTURES / "eid-in-metadata.yaml"
    assert main(["notes", "check", "--with", str(path)]) == 1
    (orphan,) = capsys.readouterr().err.splitlines()
    listed = orphan.removeprefix("orphaned: ")
    assert build_refusal(path) == f"1 orphaned note(s); fix or remove each, or restore its anchor:\n  {listed}"


def test_every_eid_the_store_accepts_has_a_place_in_the_reader_and_no_other(real_corpus):
    """Whatever the reader cannot place, the store refuses first: the eIds of a document's text are exactly those the
    reader shows (those of its metadata, the TLC terms', are the others)."""
    checked = 0
    for document in corpus.documents():
        pages = page_map.document_pages(document.id)
        for element in corpus.load(document.id).iter():
            eid = element.get("eId") if isinstance(element.tag, str) else None
            if eid is None:
                continue
            try:
                annotation_store.text_provision(document.id, eid)
                accepted = True
            except corpus.CitationError:
                accepted = False
            placed = pages.locate(eid)
            assert accepted == (placed is not None and bool(placed[1])), (document.id, eid, placed)
            checked += 1
    assert checked > 10_000


# -- anchors -------------------------------------------------------------------------------------------------------

COLLIDING = ["ML301.x", "ml301_x", "ml301-x", "ml301.x", "ML301-X", "α", "β", "ω", "धारा-161", "ml301-café",
             "ml301-cafe\u0301", "note", "", "-", "_", "_5f_", "x_2e_y", "x.y", "é", "e\u0301"]  # fmt: skip
ANCHOR = re.compile(r"[a-z0-9_-]+")


def read_back(anchor: str, prefix: str = "note") -> str:
    """The id an anchor was made from (the escapes read back): the anchor function is injective if this is its
    inverse."""
    return re.sub(r"_([0-9a-f]+)_", lambda m: chr(int(m[1], 16)), anchor.removeprefix(prefix + "-"))


def test_the_note_anchor_is_injective_on_colliding_and_non_ascii_ids():
    anchors = [note_nodes.anchor("note", i) for i in COLLIDING]
    assert len(set(anchors)) == len(COLLIDING)
    assert all(ANCHOR.fullmatch(a) for a in anchors)  # ASCII, no sign a URL or a CSS selector must escape
    assert [read_back(a) for a in anchors] == COLLIDING
    assert anchors[:3] == ["note-_4d__4c_301_2e_x", "note-ml301_5f_x", "note-ml301-x"]
    assert note_nodes.anchor("twin", "ML301.x") == "twin-_4d__4c_301_2e_x"
    sample = random.Random(18)
    alphabet = "aAzZ09-_.é\u0301αधा_5f"
    ids = {"".join(sample.choices(alphabet, k=sample.randint(1, 8))) for _ in range(20_000)}
    assert all(read_back(note_nodes.anchor("note", i)) == i for i in ids)


def test_the_anchors_of_the_committed_notes_are_unchanged():
    """Every note of the project and of the example course file keeps the anchor it had (docutils' make_id of
    "note-<id>"), which the built pages and the tests link to: ``#note-pk-161-effects``."""
    notes = all_notes([EXAMPLE])
    assert len(notes) > 500
    for note in notes:
        assert note_nodes.anchor("note", note.id) == nodes.make_id(f"note-{note.id}") == f"note-{note.id}"
        assert note_nodes.anchor("twin", note.id) == nodes.make_id(f"twin-{note.id}")


# -- small books over the fixture corpus ----------------------------------------------------------------------------


def test_a_book_build_refuses_a_note_with_two_texts_with_the_check_s_line(
    fixture_corpus, tmp_path, monkeypatch, capsys
):
    from test_annotations_in_book import course_book
    from test_fixture_build import build

    monkeypatch.delenv("LEX_NOTES", raising=False)
    book = course_book(tmp_path, (FIXTURES / "malformed" / "duplicate-key.yaml").read_text(encoding="utf-8"))
    line = check_line(capsys, tmp_path / "course.yaml", "--no-project-notes")  # as the small book has it
    assert line.endswith("course.yaml:8: field 'text': is given twice (first at line 7); give each field once")
    result, _ = build(book)
    assert isinstance(result, ExtensionError) and str(result) == f"annotations: {line}"


def test_a_book_gives_ids_that_once_collided_an_anchor_each(fixture_corpus, tmp_path, monkeypatch):
    from test_annotations_in_book import course_book
    from test_fixture_build import build

    monkeypatch.delenv("LEX_NOTES", raising=False)
    course = FIXTURES / "colliding-ids.yaml"
    result, out = build(course_book(tmp_path, course.read_text(encoding="utf-8")))
    assert result == 0, result
    tree = lxml_html.fromstring((out / "book/reader/pk-mso-2001/section-161.html").read_bytes())
    shown = {d.get("id"): d.text_content() for d in tree.xpath("//details[contains(@class, 'lm-note')]")}
    notes = annotation_store.load_file(course)
    assert sorted(shown) == sorted(note_nodes.anchor("note", n.id) for n in notes)
    for note in notes:
        assert note.text in shown[note_nodes.anchor("note", note.id)]
    assert "note-ml301-x" in shown and "note" not in shown

"""Every malformed notes file is refused by ``python -m corpus notes check --with FILE`` with exit 2 and one line on
stderr naming the file, the line (when there is one) and the field — never a traceback. The files are the fixtures of
``fixtures/malformed/``, one per case, each saying in its first line what is wrong with it; the two too large to keep
(a file past 1 MB, a file of 1,001 notes) are written by the tests.

The book build loads notes through the same function and refuses the same files with the same line
(``tests/book/test_note_files_in_book.py``).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from corpus import annotation_store
from corpus.__main__ import main

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = Path(__file__).resolve().parent / "fixtures"
MALFORMED = FIXTURES / "malformed"

# fixture → (line, field, the reason's words); line None: the file as a whole has no line (it cannot be read)
CASES = {
    "not-utf8.yaml": (7, "(file)", "is not UTF-8 text (byte 0xe9); save it as UTF-8"),
    "utf16.yaml": (1, "(file)", "is UTF-16 text; save it as UTF-8"),
    "a-directory": (None, "(file)", "is a directory; name a notes file in it"),
    "no-such-file.yaml": (None, "(file)", "no such file"),
    "deep-flow-sequence.yaml": (2, "(file)", "nested deeper than 3 levels (the list of notes, a note, its target)"),
    "deep-block-sequence.yaml": (2, "(file)", "nested deeper than 3 levels"),
    "duplicate-key.yaml": (8, "text", "is given twice (first at line 7); give each field once"),
    "duplicate-target-key.yaml": (8, "target.eid", "is given twice"),
    "source-eid-missing.yaml": (6, "source", "names the eId 'part_IV__chp_11__sec_999', which is not in pk-mso-2001"),
    "empty.yaml": (1, "(file)", "is empty; a notes file is a list of notes ([] for none)"),
    "top-level-mapping.yaml": (2, "(file)", "must be a list of notes (each starting '- id:'), not a mapping"),
    "top-level-text.yaml": (2, "(file)", "must be a list of notes (each starting '- id:'), not a text"),
    "note-not-a-mapping.yaml": (8, "(note)", "each note must be a mapping of fields"),
    "binary-tag.yaml": (7, "text", "the YAML tag 'tag:yaml.org,2002:binary' is not allowed; write plain text"),
    "python-tag.yaml": (6, "source", "the YAML tag 'tag:yaml.org,2002:python/name:os.system' is not allowed"),
    "null-quote.yaml": (8, "quote", "must be a non-empty text"),
    "text-too-long.yaml": (7, "text", "is 5,001 characters long; at most 5,000"),
    "id-with-space.yaml": (2, "id", "' ' is not allowed in an id (letters, digits, '-', '_' and '.' are)"),
    "id-with-slash.yaml": (2, "id", "'/' is not allowed in an id"),
    "duplicate-id.yaml": (8, "id", "'ml301-burden' is already used at {path}:2"),
    "duplicate-id-nfc.yaml": (8, "id", "'ml301-cafe\u0301' is already used at {path}:2 (in other code points that"),
    "control-character.yaml": (7, "(file)", "character U+0007 is not allowed in YAML"),
    "two-documents.yaml": (9, "(file)", "not valid YAML: expected a single document in the stream"),
    "undefined-alias.yaml": (6, "(file)", "not valid YAML: found undefined alias 'course'"),
    "tab-indent.yaml": (5, "(file)", "not valid YAML: while scanning for the next token, found character '\\t'"),
    "unknown-field.yaml": (8, "colour", "unknown field; the fields are id, document, eid, kind, source, text, quote"),
    "missing-field.yaml": (2, "text", "is missing"),
    "unknown-kind.yaml": (5, "kind", "must be one of commentary, note-on-clause, correction"),
    "unknown-document.yaml": (3, "document", "unknown document; known: in-ipa-1875, in-mpab-2016"),
    "concordance-without-target.yaml": (2, "target", "a concordance note needs a target"),
    "target-not-a-mapping.yaml": (8, "target", "must be a mapping with document and eid"),
    "text-is-a-list.yaml": (8, "text", "must be a text, not a list"),
    "key-not-text.yaml": (8, "(key)", "must be a text, not a list"),
    "merge-key.yaml": (9, "(key)", "a YAML merge key (<<) is not allowed; write out each note's own fields"),
}

NOTE = """\
- id: ml301-n{0}
  document: pk-mso-2001
  eid: part_IV__chp_11__sec_161__subsec_2
  kind: commentary
  source: Maritime Law 301
  text: Who bears the burden of showing that the arrangements were approved?
"""


def expected(path: Path, line: int | None, field: str, words: str) -> str:
    """The start of the one line the check prints for ``path``."""
    where = f"{path}:{line}" if line else f"{path}"
    return f"annotations rejected: {where}: field {field!r}: {words.format(path=path)}"


def check(capsys: pytest.CaptureFixture[str], *paths: Path) -> tuple[int, str, str]:
    code = main(["notes", "check", "--with", *map(str, paths)])
    out, err = capsys.readouterr()
    return code, out, err


def test_every_fixture_is_a_case():
    on_disk = {p.name for p in MALFORMED.iterdir()}
    assert on_disk == set(CASES) - {"no-such-file.yaml"}


@pytest.mark.parametrize("name", CASES)
def test_a_malformed_file_is_one_line_naming_file_line_and_field_and_exit_2(capsys, name):
    path = MALFORMED / name
    code, out, err = check(capsys, path)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.endswith("\n"), err
    assert err.startswith(expected(path, *CASES[name])), err


def test_a_file_past_1_mb_is_refused_before_it_is_read(capsys, tmp_path):
    path = tmp_path / "huge.yaml"
    with path.open("w", encoding="utf-8") as handle:
        handle.write("[]\n" + "#" * (annotation_store.MAX_FILE_BYTES - 2))
    code, _, err = check(capsys, path)
    assert (code, err) == (
        2,
        expected(path, None, "(file)", "is 1,000,001 bytes; a notes file has at most 1,000,000\n"),
    )


def test_a_device_is_refused_without_being_read(capsys):
    """/dev/zero never ends: it is refused as not a regular file, before a byte of it is read."""
    code, _, err = check(capsys, Path("/dev/zero"))
    assert (code, err) == (2, expected(Path("/dev/zero"), None, "(file)", "is not a regular file\n"))


def test_a_file_of_1001_notes_is_refused_at_the_first_note_past_the_bound(capsys, tmp_path):
    path = tmp_path / "many.yaml"
    path.write_text("".join(NOTE.format(i) for i in range(annotation_store.MAX_NOTES + 1)), encoding="utf-8")
    code, _, err = check(capsys, path)
    line = 6 * annotation_store.MAX_NOTES + 1
    assert (code, err) == (2, expected(path, line, "(file)", "has more than 1,000 notes; split it into files\n"))
    path.write_text("".join(NOTE.format(i) for i in range(annotation_store.MAX_NOTES)), encoding="utf-8")
    assert len(annotation_store.load_file(path)) == annotation_store.MAX_NOTES  # the bound itself is allowed


def test_a_text_of_5000_characters_is_allowed(tmp_path):
    path = tmp_path / "long.yaml"
    text = "Who bears the burden of showing that the arrangements were approved?"
    path.write_text(NOTE.format(0).replace(text, "x" * annotation_store.MAX_CHARS["text"]), encoding="utf-8")
    (note,) = annotation_store.load_file(path)
    assert len(note.text) == annotation_store.MAX_CHARS["text"]


def test_an_empty_list_is_a_file_of_no_notes(tmp_path):
    path = tmp_path / "none.yaml"
    path.write_text("# no notes yet\n[]\n", encoding="utf-8")
    assert annotation_store.load_file(path) == []


@pytest.mark.parametrize("name", ["deep-flow-sequence.yaml", "not-utf8.yaml", "a-directory", "no-such-file.yaml"])
def test_the_command_itself_prints_one_line_and_no_traceback(name):
    """In a process of its own, as an instructor runs it: the deep sequence once exhausted Python's recursion."""
    path = MALFORMED / name
    done = subprocess.run(
        [sys.executable, "-m", "corpus", "notes", "check", "--with", str(path)],
        cwd=ROOT, capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert done.returncode == 2 and done.stdout == "", done.stderr
    (line,) = done.stderr.splitlines()
    assert line.startswith(expected(path, *CASES[name])), line


def test_ids_that_once_shared_an_anchor_are_good_ids(capsys):
    """ML301.x, ml301_x and ml301-x, Greek and Devanagari ids: the check passes them (the book gives each an anchor
    of its own: tests/book/test_note_files_in_book.py)."""
    path = FIXTURES / "colliding-ids.yaml"
    code, out, err = check(capsys, path)
    assert (code, err) == (0, "") and out.endswith(" notes, 0 orphaned\n")
    ids = [n.id for n in annotation_store.load_file(path)]
    assert ids == ["ML301.x", "ml301_x", "ml301-x", "α", "β", "धारा-161"]


def test_a_note_on_an_eid_of_the_metadata_is_an_orphan(capsys):
    """term-apprentice is the eId of a TLC entry in the metadata, which the reader does not show: the check lists the
    note as an orphan (exit 1), as it does a note whose eId is gone, and the build refuses it for the same reason."""
    path = FIXTURES / "eid-in-metadata.yaml"
    code, out, err = check(capsys, path)
    assert code == 1 and out.endswith(" notes, 1 orphaned\n")
    assert err == (
        f"orphaned: {path}:2: note 'ml301-apprentice' (pk-mso-2001 term-apprentice): eId 'term-apprentice' is in the "
        "metadata of pk-mso-2001, not in its text\n"
    )

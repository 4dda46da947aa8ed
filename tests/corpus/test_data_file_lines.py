"""A malformed catalogue or corrections file is one error naming the file, the line and the field (issue 27).

Each case is the real file with one real line changed (or removed): the expected line number is where that line
stands in the real file, found by its text, not by the YAML reader under test."""

from __future__ import annotations

from pathlib import Path

import pytest

from corpus import catalogue, corrections
from corpus.licences import LICENCES_FILE, LicenceError, positions
from corpus.link import refs
from corpus.outputs import read_json
from corpus.source_text import read_document

ENTRY = "  - id: in-msa-1880"  # the entry the catalogue cases change: the 1880 Act's


def _variant(real: Path, after: str, old: str, new: str | None) -> tuple[str, int]:
    """The text of ``real`` with its first line ``old`` after the line ``after`` replaced by ``new`` (None: removed),
    and the 1-based number of that line in the real file."""
    lines = real.read_text(encoding="utf-8").split("\n")
    number = lines.index(old, lines.index(after) + 1)
    lines[number : number + 1] = [] if new is None else [new]
    return "\n".join(lines), number + 1


def _line_of(real: Path, text: str, after: str = ENTRY) -> int:
    lines = real.read_text(encoding="utf-8").split("\n")
    return lines.index(text, lines.index(after) + 1) + 1


def _catalogue(tmp_path: Path, text: str) -> Path:
    """``text`` as a catalogue beside links to the real sources."""
    for source in catalogue.SOURCES_DIR.iterdir():
        if source.suffix in {".txt", ".json"}:
            (tmp_path / source.name).symlink_to(source)
    path = tmp_path / "catalogue.yaml"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ('    number: "7"', "    number: 7", "field 'number': must be text, not 7"),
        ("    date_name: commencement", "    date_kind: commencement", "field 'date_kind': unknown field (known: "),
        ('    date: "1880-06-01"', '    date: "1880-06-31"', "field 'date': '1880-06-31' is not a date (YYYY-MM-DD)"),
        # unquoted, YAML reads a date, not the text the catalogue wants
        ('    date: "1880-06-01"', "    date: 1880-06-01", "field 'date': must be text, not datetime.date(1880, 6, 1)"),
        ("    kind: act", "    kind: statute", "field 'kind': 'statute': must be 'act' or 'bill'"),
        ("      verified: false", '      verified: "no"', "field 'standing.verified': must be true or false, not 'no'"),
        ("          line: 3", "          line: 364", "field 'standing.sources[1].line': 364: 000_dea9069417b7d41d.txt"),
        ("          line: 3", "          lines: 3", "field 'standing.sources[1].lines': unknown field (known: "),
    ],
    ids=[
        "wrong type",
        "unknown field",
        "no such day",
        "unquoted date",
        "bad value",
        "nested type",
        "nested value",
        "nested unknown",
    ],
)
def test_a_wrong_field_names_its_line(tmp_path: Path, old: str, new: str, message: str) -> None:
    text, line = _variant(catalogue.CATALOGUE_FILE, ENTRY, old, new)
    with pytest.raises(catalogue.CatalogueError) as raised:
        catalogue.read_catalogue(_catalogue(tmp_path, text))
    assert str(raised.value).startswith(f"catalogue.yaml: line {line}: entry 4 (in-msa-1880): {message}")
    assert "\n" not in str(raised.value)


def test_a_missing_field_names_the_line_of_its_entry(tmp_path: Path) -> None:
    text, _ = _variant(catalogue.CATALOGUE_FILE, ENTRY, "    source: 000_dea9069417b7d41d.txt", None)
    with pytest.raises(catalogue.CatalogueError) as raised:
        catalogue.read_catalogue(_catalogue(tmp_path, text))
    entry = _line_of(catalogue.CATALOGUE_FILE, ENTRY, after="documents:")
    assert str(raised.value) == f"catalogue.yaml: line {entry}: entry 4 (in-msa-1880): field 'source': missing"


def test_a_missing_standing_field_names_the_line_of_the_standing(tmp_path: Path) -> None:
    text, _ = _variant(catalogue.CATALOGUE_FILE, ENTRY, "      state: unverified", None)
    with pytest.raises(catalogue.CatalogueError) as raised:
        catalogue.read_catalogue(_catalogue(tmp_path, text))
    standing = _line_of(catalogue.CATALOGUE_FILE, "    standing:")
    assert str(raised.value) == (
        f"catalogue.yaml: line {standing}: entry 4 (in-msa-1880): field 'standing.state': missing"
    )


def test_an_id_used_twice_names_the_line_of_the_second(tmp_path: Path) -> None:
    text, line = _variant(catalogue.CATALOGUE_FILE, "documents:", ENTRY, "  - id: in-msb-2016")
    with pytest.raises(catalogue.CatalogueError) as raised:
        catalogue.read_catalogue(_catalogue(tmp_path, text))
    assert str(raised.value) == f"catalogue.yaml: line {line}: entry 4 (in-msb-2016): field 'id': used twice"


# -- corrections ---------------------------------------------------------------------------------------------------

REAL = corrections.CORRECTIONS_DIR / "in-msa-1880.yaml"
HEADER = "# `wrong` is long enough to occur once in the markup."  # the comment before the corrections
SECOND = "- line: 35"  # the second correction of the 1880 Act: "justifiable, he punished"


def _corrections(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, text: str) -> None:
    (tmp_path / REAL.name).write_text(text, encoding="utf-8")
    monkeypatch.setattr(corrections, "CORRECTIONS_DIR", tmp_path)


@pytest.mark.parametrize(
    ("old", "new", "field", "problem"),
    [
        (SECOND, '- line: "35"', "line", "must be a source line's number, not '35'"),
        (SECOND, "- line: 0", "line", "must be a source line's number, not 0"),
        ("  right: justifiable, be punished", "  correct: justifiable, be punished", "correct", "unknown field"),
        ("  wrong: justifiable, he punished", "  wrong: [justifiable]", "wrong", "must be text, not ['justifiable']"),
    ],
    ids=["wrong type", "not a line", "unknown field", "a list, not text"],
)
def test_a_wrong_correction_names_its_line(tmp_path, monkeypatch, old: str, new: str, field: str, problem: str):
    text, line = _variant(REAL, SECOND if old != SECOND else HEADER, old, new)
    _corrections(tmp_path, monkeypatch, text)
    with pytest.raises(corrections.CorrectionError) as raised:
        corrections.load("in-msa-1880")
    assert str(raised.value).startswith(f"in-msa-1880.yaml: line {line}: entry 2: field '{field}': {problem}")
    assert "\n" not in str(raised.value)


def test_a_correction_missing_a_field_names_the_line_of_its_entry(tmp_path, monkeypatch) -> None:
    text, _ = _variant(REAL, SECOND, "  reason: OCR read 'be' as 'he' (the verb the sentence needs)", None)
    _corrections(tmp_path, monkeypatch, text)
    with pytest.raises(corrections.CorrectionError) as raised:
        corrections.load("in-msa-1880")
    entry = _line_of(REAL, SECOND, after=HEADER)
    assert str(raised.value) == f"in-msa-1880.yaml: line {entry}: entry 2: field 'reason': missing"


def test_a_correction_on_the_wrong_source_line_names_its_line(tmp_path, monkeypatch) -> None:
    """The first correction's wrong reading is on source line 19, not 20: the build stops at its 'wrong' field."""
    text, _ = _variant(REAL, HEADER, "- line: 19", "- line: 20")
    _corrections(tmp_path, monkeypatch, text)
    doc = catalogue.document("in-msa-1880")
    with pytest.raises(corrections.CorrectionError) as raised:
        corrections.apply(doc.id, "", read_document(doc))
    wrong = _line_of(REAL, "  wrong: fishing of in plying", after=HEADER)
    assert str(raised.value) == (
        f"in-msa-1880.yaml: line {wrong}: entry 1: field 'wrong': 'fishing of in plying': source line 20 does not"
        " contain the wrong reading"
    )


def test_the_real_corrections_read_as_before() -> None:
    """Every real corrections file reads, each entry as written: what the committed build reports record."""
    for path in sorted(corrections.CORRECTIONS_DIR.glob("*.yaml")):
        report = read_json(catalogue.document(path.stem).report_path)
        assert report["corrections"] == [c.__dict__ for c in corrections.load(path.stem)]


# -- the misprinted references -------------------------------------------------------------------------------------

MISPRINTS = refs.MISPRINTS_FILE
FIRST = "- document: pk-mso-2001"  # the first entry: "section 481" in s.2 of the Ordinance


def misprints_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, text: str) -> str:
    """The one-line error of the misprints file holding ``text`` in place of the project's."""
    (tmp_path / MISPRINTS.name).write_text(text, encoding="utf-8")
    monkeypatch.setattr(refs, "MISPRINTS_FILE", tmp_path / MISPRINTS.name)
    refs.misprints.cache_clear()
    try:
        with pytest.raises(refs.LinkError) as raised:
            refs.misprints()
    finally:
        refs.misprints.cache_clear()
    return str(raised.value)


@pytest.mark.parametrize(
    ("old", "new", "field", "problem"),
    [
        ("  printed: section 481", "  printed: [section 481]", "printed", "must be text, not ['section 481']"),
        ("  probably: sections 483 and 484 are meant", "  likely: sections 483 and 484", "likely", "unknown field"),
    ],
    ids=["wrong type", "unknown field"],
)
def test_a_wrong_misprint_entry_names_its_line(tmp_path, monkeypatch, old: str, new: str, field: str, problem: str):
    text, line = _variant(MISPRINTS, FIRST, old, new)
    message = misprints_error(tmp_path, monkeypatch, text)
    assert message.startswith(f"known_misprints.yaml: line {line}: entry 1: field '{field}': {problem}")


def test_a_misprint_missing_a_field_names_the_line_of_its_entry(tmp_path, monkeypatch) -> None:
    text, _ = _variant(MISPRINTS, FIRST, "  printed: section 481", None)
    first = MISPRINTS.read_text(encoding="utf-8").split("\n").index(FIRST) + 1
    message = misprints_error(tmp_path, monkeypatch, text)
    assert message == f"known_misprints.yaml: line {first}: entry 1: field 'printed': missing"


# -- the licence positions -----------------------------------------------------------------------------------------


def test_a_wrong_licence_position_names_its_line(tmp_path: Path) -> None:
    """India before 1957's position with 'until' for 'before': the line of that field."""
    text, line = _variant(LICENCES_FILE, "  - id: india-before-1957", "    before: 1957", "    until: 1957")
    (tmp_path / LICENCES_FILE.name).write_text(text, encoding="utf-8")
    with pytest.raises(LicenceError) as raised:
        positions(tmp_path / LICENCES_FILE.name)
    assert str(raised.value).startswith(f"licences.yaml: line {line}: entry 2: field 'until': unknown field (known: ")

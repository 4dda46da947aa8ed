"""The sources are the verbatim seeds, and a source that cannot be read stops the build with its name."""

import hashlib
import re
from pathlib import Path

import pytest
import yaml

from corpus import catalogue, yamlio
from corpus.source_text import SourceError, check_digest, read_document, read_source


@pytest.mark.parametrize("doc", catalogue.documents(), ids=lambda d: d.id)
def test_source_file_is_the_verbatim_seed(doc):
    assert hashlib.sha256(doc.source_path.read_bytes()).hexdigest() == doc.sha256


@pytest.mark.parametrize("doc", catalogue.documents(), ids=lambda d: d.id)
def test_catalogue_range_is_inside_the_file(doc):
    source = read_document(doc)
    first, last = doc.lines or (1, len(doc.source_path.read_bytes().split(b"\n")))
    assert source.numbered()[0][0] == first
    assert source.numbered()[-1][0] == last


def test_the_gazette_holds_both_bills_without_overlap():
    msb, mpab = catalogue.document("in-msb-2016"), catalogue.document("in-mpab-2016")
    assert msb.source == mpab.source
    assert msb.lines[1] < mpab.lines[0]


def test_missing_source_is_named(tmp_path):
    with pytest.raises(SourceError, match="missing.txt is missing"):
        read_source(tmp_path / "missing.txt")


def test_empty_source_is_named(tmp_path):
    (tmp_path / "empty.txt").write_text("  \n")
    with pytest.raises(SourceError, match="empty.txt is empty"):
        read_source(tmp_path / "empty.txt")


def test_non_utf8_source_is_named(tmp_path):
    (tmp_path / "latin.txt").write_bytes("Wages on wreck \xa3 100".encode("latin-1"))
    with pytest.raises(SourceError, match="latin.txt is not UTF-8"):
        read_source(tmp_path / "latin.txt")


def test_unknown_document_names_the_known_ones():
    with pytest.raises(KeyError, match="pk-mso-2001"):
        catalogue.document("pk-mso-2000")


@pytest.mark.parametrize(
    ("doc_id", "name"),
    [
        ("pk-mso-2001", "enacted"),  # "[3rd October,2001]" printed in the source
        ("in-msb-2016", "introduced"),
        ("in-mpab-2016", "introduced"),
        ("in-msa-1880", "commencement"),  # no date of assent printed; the Act names its commencement
        ("in-ipa-1875", "year only"),  # no date printed at all: 1 January stands in, and the XML says so
    ],
)
def test_the_work_date_says_what_it_is(doc_id: str, name: str) -> None:
    from corpus.cite import load
    from corpus.xmlio import NS

    work_date = load(doc_id).find(".//a:FRBRWork/a:FRBRdate", NS)
    assert work_date.get("name") == name
    assert work_date.get("date") == catalogue.document(doc_id).date


# -- robust input: line endings, a byte-order mark, control characters, a changed source -------------------------

SOURCE = catalogue.document("in-msa-1880")


@pytest.mark.parametrize(("name", "convert"), [("crlf", b"\r\n"), ("cr", b"\r")])
def test_converted_line_endings_read_as_the_verbatim_file(tmp_path, name, convert):
    """A checkout that converted the 1880 Act's line endings reads line for line as the file (its chapters are
    headings on their own lines: a CRLF file used to lose them all) and passes the digest check."""
    converted = tmp_path / f"{name}.txt"
    converted.write_bytes(b"\xef\xbb\xbf" + SOURCE.source_path.read_bytes().replace(b"\n", convert))
    check_digest(converted, SOURCE.sha256)
    assert read_source(converted).all_lines == read_source(SOURCE.source_path).all_lines


def test_a_control_character_is_refused_with_its_line(tmp_path):
    lines = SOURCE.source_path.read_text(encoding="utf-8").split("\n")
    lines[40] = lines[40][:10] + "\x00" + lines[40][10:]
    (tmp_path / "nul.txt").write_text("\n".join(lines), encoding="utf-8")
    with pytest.raises(SourceError, match=r"nul.txt line 41: a control character \(U\+0000\)"):
        read_source(tmp_path / "nul.txt")


def test_a_changed_source_is_an_error_naming_the_file(tmp_path):
    changed = tmp_path / SOURCE.source
    changed.write_text(SOURCE.source_path.read_text(encoding="utf-8").replace("Local Government", "Govt", 1))
    with pytest.raises(SourceError, match=f"{SOURCE.source} has changed: its SHA-256 is"):
        check_digest(changed, SOURCE.sha256)


# -- the catalogue: a missing or wrong field is one line naming the entry and the field ----------------------------


def _catalogue(tmp_path, change) -> Path:
    """A copy of the catalogue (and its sources, linked) with ``change`` applied to the 1880 Act's entry."""
    data = yamlio.load(catalogue.CATALOGUE_FILE)
    for entry in data["documents"]:
        if entry["id"] == "in-msa-1880":
            change(entry)
    for doc in catalogue.documents():
        if not (tmp_path / doc.source).exists():
            (tmp_path / doc.source).symlink_to(doc.source_path)
    path = tmp_path / "catalogue.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda e: e.pop("layout"), "entry 4 (in-msa-1880): field 'layout': missing"),
        (lambda e: e.update(layout="old-act"), "entry 4 (in-msa-1880): field 'layout': 'old-act': no such layout"),
        (lambda e: e.update(builder="corpus.texts.in_msa_1880"), "entry 4 (in-msa-1880): field 'builder': unknown"),
        (lambda e: e.update(date="1880-13-01"), "field 'date': '1880-13-01' is not a date"),
        (lambda e: e.update(number=7), "entry 4 (in-msa-1880): field 'number': must be text, not 7"),
        (lambda e: e.update(frbr_uri="/akn/in/act/1880/7"), "field 'frbr_uri': '/akn/in/act/1880/7' does not match"),
        (lambda e: e.update(sha256="54bd"), "field 'sha256': '54bd': must be the 64 hex digits"),
        (lambda e: e.update(source="000.txt"), "field 'source': '000.txt': no such file beside catalogue.yaml"),
        (lambda e: e.update(lines=[363, 1]), "field 'lines': [363, 1] must be [first, last]"),
        (lambda e: e.update(id="in-mpab-2016"), "entry 4 (in-mpab-2016): field 'id': used twice"),
        (lambda e: e.pop("standing"), "entry 4 (in-msa-1880): field 'standing': missing"),
        (lambda e: e["standing"].update(status="repealed"), "field 'standing.status': unknown field (known: by,"),
        (
            lambda e: e["standing"].update(state="current"),
            "field 'standing.state': 'current': must be one of in-force,",
        ),
        (lambda e: e["standing"].update(verified="yes"), "field 'standing.verified': must be true or false, not 'yes'"),
        (lambda e: e["standing"].pop("unverified"), "field 'standing.unverified': missing: an unverified standing"),
        (lambda e: e["standing"].update(state="repealed"), "field 'standing.by': missing: a document repealed names"),
        (lambda e: e["standing"].update(since="1 June 1923"), "field 'standing.since': '1 June 1923' is not a date"),
        (
            lambda e: e["standing"].update(state="enacted", enacted_as="in-msa-1881"),
            "entry 4 (in-msa-1880): field 'standing.enacted_as': 'in-msa-1881' names no document of the catalogue",
        ),
        (
            lambda e: e["standing"].update(official="https://example.org/in-msa-1880"),
            "field 'standing.official': 'https://example.org/in-msa-1880' is stated by none of its sources",
        ),
        (
            lambda e: e["standing"]["sources"][0].update(quote="the first day of July, 1880"),
            "field 'standing.sources[1].quote': 'the first day of July, 1880' is not on 000_dea9069417b7d41d.txt",
        ),
        (
            lambda e: e["standing"]["sources"][0].update(line=364),
            "field 'standing.sources[1].line': 364: 000_dea9069417b7d41d.txt has lines 1 to 363",
        ),
        (
            lambda e: e["standing"]["sources"][1].update(file="1_2021.json", line=None, field="provisions.0.nope"),
            "field 'standing.sources[2].field': 'provisions.0.nope': no such field in 1_2021.json",
        ),
        (
            lambda e: e["standing"]["sources"][0].update(url="https://example.org/"),
            "field 'standing.sources[1]': give either a file of the catalogue's folder (with a line or a field)",
        ),
        (lambda e: e["standing"]["sources"][0].pop("fact"), "field 'standing.sources[1].fact': missing"),
    ],
)
def test_a_wrong_catalogue_entry_is_one_line_naming_entry_and_field(tmp_path, change, message):
    with pytest.raises(catalogue.CatalogueError, match=re.escape(message)) as raised:
        catalogue.read_catalogue(_catalogue(tmp_path, change))
    assert "\n" not in str(raised.value)
    assert re.match(r"catalogue\.yaml: line \d+: entry ", str(raised.value))


def test_the_committed_catalogue_reads_as_it_is(tmp_path):
    assert catalogue.read_catalogue(_catalogue(tmp_path, lambda e: None)) == catalogue.documents()


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("documents:\n  - id: x\n    title: [unclosed\n", "catalogue.yaml: line 4: not well-formed YAML"),
        ("documents:\n\t- id: x\n", "catalogue.yaml: line 2: not well-formed YAML"),
        ("documents:\n  - id: x\n  title: y\n", "catalogue.yaml: line 3: not well-formed YAML"),
    ],
)
def test_a_malformed_data_file_is_one_line_naming_file_and_line(tmp_path, text, message):
    path = tmp_path / "catalogue.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(yamlio.DataFileError, match=re.escape(message)) as raised:
        catalogue.read_catalogue(path)
    assert "\n" not in str(raised.value)


def test_a_data_file_not_in_utf8_is_named_with_its_line(tmp_path):
    path = tmp_path / "pk-mso-2001.yaml"
    path.write_bytes(b"- line: 1\n  wrong: caf\xe9\n")
    with pytest.raises(yamlio.DataFileError, match=re.escape("pk-mso-2001.yaml: line 2: not UTF-8 (byte 0xe9)")):
        yamlio.load(path)

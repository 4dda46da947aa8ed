"""The sources are the verbatim seeds, and a source that cannot be read stops the build with its name."""

import hashlib

import pytest

from corpus import catalogue
from corpus.source_text import SourceError, read_source


@pytest.mark.parametrize("doc", catalogue.documents(), ids=lambda d: d.id)
def test_source_file_is_the_verbatim_seed(doc):
    assert hashlib.sha256(doc.source_path.read_bytes()).hexdigest() == doc.sha256


@pytest.mark.parametrize("doc", catalogue.documents(), ids=lambda d: d.id)
def test_catalogue_range_is_inside_the_file(doc):
    source = read_source(doc.source_path, *doc.lines)
    assert source.numbered()[0][0] == doc.lines[0]
    assert source.numbered()[-1][0] == doc.lines[1]


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

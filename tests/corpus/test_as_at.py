"""corpus.cite(..., as_at=date): a provision of a consolidated Act as it stood on a date, rebuilt from its amendment
notes, and corpus.amendments.history, on real provisions of the Merchant Shipping Act, 1958 and the Indian Ports Act,
1908.

Each fixture in ``fixtures/as_at/`` is a pair: ``<name>.txt``, the provision and its footnotes as India Code's record
prints them (a header naming the record and section, then lines each found verbatim in that section's text), and
``<name>.expected``, the citation and, one line per date, ``DATE = text`` (the text in force that day) or
``DATE ! message`` (the CitationError, naming the note).
"""

import datetime
import json
from pathlib import Path

import pytest

import corpus
from corpus import CitationError, amendments, cite

FIXTURES = Path(__file__).parent / "fixtures" / "as_at"
SOURCES = Path(corpus.__file__).parent / "sources"
CASES = sorted(p.stem for p in FIXTURES.glob("*.txt"))


def _printed(txt: Path) -> tuple[str, str, list[str]]:
    header, *lines = txt.read_text(encoding="utf-8").splitlines()
    source, section = header.removeprefix("# corpus/sources/").split(", as printed")[0].split(", section ")
    return source, section, lines


@pytest.mark.parametrize("name", CASES)
def test_fixture_is_the_records_text(name):
    source, section, lines = _printed(FIXTURES / f"{name}.txt")
    record = json.loads((SOURCES / source).read_text(encoding="utf-8"))
    content = next(p["content"] for p in record["provisions"] if p["section"] == section)
    assert lines
    for line in lines:
        assert line in content, f"{name}: not in {source} section {section}: {line[:80]}"


@pytest.mark.parametrize("name", CASES)
def test_text_as_at_matches_expected(name):
    header, *lines = (FIXTURES / f"{name}.expected").read_text(encoding="utf-8").splitlines()
    doc_id, reference = header.removeprefix("# ").split(" ", 1)
    assert lines
    for line in lines:
        date, sign, expected = line[:10], line[11], line[13:]
        if sign == "=":
            assert cite(doc_id, reference, as_at=date).text == expected, f"{name} on {date}"
        else:
            with pytest.raises(CitationError) as caught:
                cite(doc_id, reference, as_at=date)
            assert str(caught.value) == expected, f"{name} on {date}"


def test_the_words_before_and_after_act_41_of_1984():
    before = cite("in-msa-1958", "141(3)", as_at=datetime.date(1985, 7, 14)).text
    after = cite("in-msa-1958", "141(3)", as_at="1985-07-15").text
    assert before.endswith("in the case of a deceased seaman, to his legal heirs")
    assert "section 159A" not in before
    assert "to the person nominated by him in this behalf under section 159A" in after
    assert cite("in-msa-1958", "141(3)", as_at="1985-07-15").as_at == datetime.date(1985, 7, 15)


def test_a_provision_no_note_touches_reads_as_today_without_the_notes():
    today = cite("in-msa-1958", "141(1)")
    assert cite("in-msa-1958", "141(1)", as_at="1960-01-01").text == today.text
    assert "Subs." not in cite("in-msa-1958", "141(3)", as_at="2020-01-01").text


@pytest.mark.parametrize(
    ("doc_id", "reference", "date", "message"),
    [
        ("in-msb-2016", "1", "2020-01-01", "a Bill is not law on any date"),
        ("pk-mso-2001", "161", "2020-01-01", "with no notes of later amendments; its text on 2020-01-01 is not known"),
        ("in-ipa-1908", "7(2)", "1900-01-01", "the Act dates from 1908-12-18; it had no text on 1900-01-01"),
        # s.105 was renumbered as its sub-section (1): its number before 15-7-1985 is not in the note
        ("in-msa-1958", "105(1)", "1985-07-14", "note sec_105__subsec_1__p_1__authorialNote_1 (Section 105 renumbered"),
        # the Table's notes whose marks India Code prints nowhere: where they changed the Table is not known
        ("in-msa-1958", "436(2) Table item 57", "1983-05-17", "marks no words in the text"),
    ],
)
def test_no_text_where_no_source_gives_one(doc_id, reference, date, message):
    with pytest.raises(CitationError) as caught:
        cite(doc_id, reference, as_at=date)
    assert message in str(caught.value)


def test_history_newest_first_with_the_notes_facts():
    history = amendments.history(cite("in-msa-1958", "141(3)").element)
    assert [(a.kind, a.act, a.section, a.replaced, a.wef) for a in history] == [
        ("substituted", "Act 41 of 1984", "s. 11", "to his legal heirs", datetime.date(1985, 7, 15))
    ]
    # s.159A(2): the section's one note stands in (1), and names (2)'s words too
    assert [a.note for a in amendments.history(cite("in-msa-1958", "159A(2)").element)] == [
        "sec_159A__subsec_1__intro__p_1__authorialNote_1"
    ]
    dates = [a.wef for a in amendments.history(cite("in-msa-1958", "84").element)]
    assert dates == sorted(dates, reverse=True) and len(dates) == 3
    # the 1908 Act: the dated notes first, newest first, then those with no date, in the order of the text
    ports = amendments.history(cite("in-ipa-1908", "14").element)
    dated = [a.wef for a in ports if a.wef]
    assert dated == sorted(dated, reverse=True) and dated[0] == datetime.date(1992, 8, 12)
    assert [a.text for a in ports if not a.wef] == ["Ins. by Act 55 of 1952, s. 2."]


def test_described_and_unquoted_replacements_are_told_apart():
    (subs,) = [a for a in amendments.history(cite("in-ipa-1908", "14(1)").element) if a.kind == "substituted"]
    assert (subs.replaced, subs.replaced_as, subs.described) == (None, "described", "sub-section (1)")


def test_the_amending_act_is_found_when_the_corpus_holds_it():
    note = amendments.history(cite("in-msa-1958", "141(3)").element)[0]
    assert note.document() is None  # Act 41 of 1984 is not in the corpus
    ports = amendments.Amendment(**{**note.__dict__, "by_href": "/akn/in/act/1908/15"})
    assert ports.document().id == "in-ipa-1908" and ports.act == "Act 15 of 1908"
    assert amendments.Amendment(**{**note.__dict__, "by_href": corpus.document("in-ipa-1908").frbr_uri}).document()

"""corpus.cite and corpus.citation: citations to provisions and back, on real provisions of the built corpus."""

import pytest

from corpus import CitationError, by_eid, catalogue, citation, cite
from corpus.cite import sections

# (document, citation, words the provision holds): SURVEY.md §5 and the sources' text.
PROVISIONS = [
    ("pk-mso-2001", "161(1)(a)(i)", "whichever be longer"),  # 004 L1420
    ("pk-mso-2001", "161(1)(a)(ii)(b)", "not less than three month's wages"),  # 004 L1426, letters reused at level 3
    ("pk-mso-2001", "79A", "Shipping Companies"),  # 004 L708, the inserted section
    ("pk-mso-2001", "317(2)", "two months"),  # 004 L2627
    ("in-msb-2016", "69(1)(a)(ii)(A)", "not more than one month's wages"),  # 003 L1075, four levels deep
    ("in-msb-2016", "118", "salt water"),  # 003 L1713
    ("in-mpab-2016", "3(1)(c)(ii)", "Ministry of Railways"),  # 003 L4935
    ("in-msa-1880", "74", "wreck"),  # 000 L325 "section seventy-four": the receiver of wreck
    ("in-ipa-1875", "40", "creep or sweep"),  # 002 L235, the section the 1880 Act saves
]


@pytest.mark.parametrize(("doc_id", "reference", "words"), PROVISIONS, ids=[f"{d}:{r}" for d, r, _ in PROVISIONS])
def test_cite_finds_the_provision_and_citation_goes_back(doc_id, reference, words):
    provision = cite(doc_id, reference)
    assert words in provision.text
    assert provision.citation == f"s. {reference}"
    assert citation(doc_id, provision.eid) == f"s. {reference}"
    assert by_eid(doc_id, provision.eid).element is provision.element


def test_cite_accepts_the_usual_spellings():
    eid = cite("pk-mso-2001", "161(1)(a)(i)").eid
    assert cite("pk-mso-2001", "s. 161(1)(a)(i)").eid == eid
    assert cite("pk-mso-2001", "section 161 (1) (a) (i)").eid == eid


def test_the_heading_of_a_provision_is_its_sections_marginal_note():
    assert cite("pk-mso-2001", "161(1)(a)(i)").heading == "Wages on termination of service by wreck, illness, etc."


@pytest.mark.parametrize(
    ("reference", "message"),
    [
        ("999", "pk-mso-2001 has no section 999"),
        ("161(4)", r"s. 161 has no \(4\); it has: \(1\) \(2\) \(3\)"),
        ("161(1)(z)", r"s. 161\(1\) has no \(z\); it has: \(a\) \(b\)"),
        ("wages on wreck", "is not a citation"),
    ],
)
def test_a_bad_citation_names_the_part_that_is_missing(reference, message):
    with pytest.raises(CitationError, match=message):
        cite("pk-mso-2001", reference)


def test_an_unknown_eid_is_named():
    with pytest.raises(CitationError, match="no element with eId 'sec_0'"):
        citation("pk-mso-2001", "sec_0")


@pytest.mark.parametrize("doc", catalogue.documents(), ids=lambda d: d.id)
def test_every_section_round_trips(doc):
    for number, element in sections(doc.id).items():
        assert citation(doc.id, element.get("eId")) == f"s. {number}"
        assert cite(doc.id, number).element is element


def test_a_table_item_is_its_row_and_its_sub_rows():
    """s.256(2) item 38 of the Merchant Shipping Bill has sub-rows (a) and (b) (003 L3713-3733): citing the item
    gives all three rows, the item's own eId, and the words of both sub-rows."""
    item = cite("in-msb-2016", "256(2) item 38")
    assert item.eid == "part_XIV__sec_256__subsec_2__table_1__item_38"
    assert [r.get("eId").rsplit("__", 1)[-1] for r in item.rows] == ["item_38", "row_2", "row_3"]
    assert item.text.startswith("38. If a seafarer,—")
    assert "(a) deserts his vessel" in item.text and "(b) contravenes clause (b)" in item.text
    assert item.table is not None and item.table.get("eId") == "part_XIV__sec_256__subsec_2__table_1"
    assert item.citation == "s. 256(2) Table item 38"
    assert [citation("in-msb-2016", r.get("eId")) for r in item.rows[1:]] == [
        "s. 256(2) Table item 38(a)",
        "s. 256(2) Table item 38(b)",
    ]


def test_a_table_item_without_sub_rows_is_one_row():
    item = cite("in-msb-2016", "s. 256(2), table item 51")
    assert len(item.rows) == 1 and item.rows[0] is item.element
    assert "load line" in item.text


def test_a_missing_table_item_is_named():
    with pytest.raises(CitationError, match=r"s. 256\(2\) has no table item 82"):
        cite("in-msb-2016", "256(2) item 82")

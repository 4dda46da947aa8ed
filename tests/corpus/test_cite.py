"""corpus.cite and corpus.citation: citations to provisions and back, on real provisions of the built corpus."""

import copy
import sys

import pytest
from lxml import etree

from corpus import CitationError, by_eid, catalogue, citation, cite
from corpus.cite import sections
from corpus.xmlio import NS

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
    """Item 38 of the Merchant Shipping Bill's s.256 Table has sub-rows (a) and (b) (003 L3713-3733): citing the item
    gives all three rows, the item's own eId, and the words of both sub-rows. The Table ends s.256, after (6), as
    printed (L3485-3487): its eIds are under the section's wrap-up."""
    item = cite("in-msb-2016", "256 Table item 38")
    assert item.eid == "part_XIV__sec_256__wrapup__table_1__item_38"
    assert [r.get("eId").rsplit("__", 1)[-1] for r in item.rows] == ["item_38", "row_2", "row_3"]
    assert item.text.startswith("38. If a seafarer,—")
    assert "(a) deserts his vessel" in item.text and "(b) contravenes clause (b)" in item.text
    assert item.table is not None and item.table.get("eId") == "part_XIV__sec_256__wrapup__table_1"
    assert item.citation == "s. 256 Table item 38"
    assert [citation("in-msb-2016", r.get("eId")) for r in item.rows[1:]] == [
        "s. 256 Table item 38(a)",
        "s. 256 Table item 38(b)",
    ]


def test_a_table_item_without_sub_rows_is_one_row():
    item = cite("in-msb-2016", "s. 256, table item 51")
    assert len(item.rows) == 1 and item.rows[0] is item.element
    assert "load line" in item.text


def test_a_missing_table_item_is_named():
    with pytest.raises(CitationError, match=r"s. 256 has no table item 82"):
        cite("in-msb-2016", "256 item 82")


# ---- one small test per form of citation, both ways (in the manner of laws-africa/cobalt's tests) ----------------

_S256_TABLE = "part_XIV__sec_256__wrapup__table_1"
# (document, the citation ``citation`` writes, the eId it names): real elements of the built corpus.
FORMS = [
    # provisos: alone, several ("Provided further", "Provided also"), and a proviso's own clauses
    ("in-msb-2016", "s. 94(2) proviso", "part_V__sec_94__subsec_2__proviso_nn_1"),
    ("pk-mso-2001", "s. 321(1) first proviso", "part_V__chp_20__sec_321__subsec_1__proviso_nn_1"),
    ("pk-mso-2001", "s. 321(1) second proviso", "part_V__chp_20__sec_321__subsec_1__proviso_nn_2"),
    ("in-mpab-2016", "s. 6(3) second proviso", "chp_II__sec_6__subsec_3__proviso_nn_2"),
    ("in-msb-2016", "s. 14(1) third proviso", "part_III__chp_I__sec_14__subsec_1__proviso_nn_3"),
    ("pk-mso-2001", "s. 225(1) proviso (a)", "part_IV__chp_16__sec_225__subsec_1__proviso_nn_1__para_a"),
    ("in-msa-1880", "s. 61 proviso (b)(1)", "chp_III__sec_61__subsec_nn_1__proviso_nn_1__para_b__subpara_1"),
    # lettered clauses under the unnumbered subsections of the 1875 and 1880 Acts, cited as the Acts cite them
    ("in-ipa-1875", "s. 5(b)", "chp_II__sec_5__subsec_nn_1__para_b"),
    ("in-msa-1880", "s. 11(a)", "chp_II__sec_11__subsec_nn_2__para_a"),
    # Explanations and the lists inside them
    ("in-msb-2016", "s. 86 Explanation", "part_V__sec_86__wrapup__blockContainer_1"),
    ("in-msb-2016", "s. 86 Explanation (a)", "part_V__sec_86__wrapup__blockContainer_1__list_1__item_a"),
    ("in-mpab-2016", "s. 53 Explanation (a)", "chp_VII__sec_53__wrapup__blockContainer_1__list_1__item_a"),
    ("pk-mso-2001", "s. 382 Explanation (a)", "part_VI__chp_27__sec_382__wrapup__blockContainer_1__list_1__item_a"),
    (
        "pk-mso-2001",
        "s. 535(1) Explanation (b)",
        "part_XIII__chp_41__sec_535__subsec_1__blockContainer_1__list_1__item_b",
    ),
    ("in-msb-2016", "s. 155 Explanation 2", "part_IX__chp_II__sec_155__wrapup__blockContainer_2"),
    ("in-msb-2016", "s. 3(6) Explanation", "part_I__sec_3__subsec_6__blockContainer_1"),
    # the Merchant Shipping Bill's penalty table: the table, an item, a sub-row, a heading row
    ("in-msb-2016", "s. 256 Table", _S256_TABLE),
    ("in-msb-2016", "s. 256 Table item 38", f"{_S256_TABLE}__item_38"),
    ("in-msb-2016", "s. 256 Table item 38(a)", f"{_S256_TABLE}__item_38__row_2"),
    ("in-msb-2016", "s. 256 Table item 39(vi)", f"{_S256_TABLE}__item_39__row_7"),
    ("in-msb-2016", "s. 256 Table row 1", f"{_S256_TABLE}__row_1"),
    # divisions
    ("pk-mso-2001", "Part VI", "part_VI"),
    ("pk-mso-2001", "Chapter 24", "part_VI__chp_24"),
    ("in-msb-2016", "Part IX Chapter V", "part_IX__chp_V"),
    ("in-mpab-2016", "Chapter III", "chp_III"),
    ("in-msa-1880", "Chapter VII", "chp_VII"),
    # the long title, schedules and the Bills' papers
    ("pk-mso-2001", "Long title", "preface__longTitle_1"),
    ("pk-mso-2001", "Schedule", "att_1"),
    ("pk-mso-2001", "Schedule Part II item 16", "att_1__list_2__item_16"),
    ("pk-mso-2001", "Schedule Part I", "att_1__list_1"),
    ("in-ipa-1875", "First Schedule", "att_1"),
    ("in-ipa-1875", "Second Schedule", "att_2"),
    ("in-msb-2016", "Statement of Objects and Reasons para. 6(a)", "att_1__para_6__subpara_a"),
    ("in-mpab-2016", "Statement of Objects and Reasons para. 4(iii)(a)", "att_1__para_4__subpara_iii__cl_a"),
    ("in-msb-2016", "Notes on Clauses clause 69", "att_2__para_Clause69"),
    ("in-msb-2016", "Financial Memorandum", "att_3"),
    ("in-mpab-2016", "Memorandum regarding Delegated Legislation para. 2", "att_4__para_2"),
]


@pytest.mark.parametrize(("doc_id", "written", "eid"), FORMS, ids=[f"{d}:{c}" for d, c, _ in FORMS])
def test_each_form_is_written_and_read_back(doc_id, written, eid):
    assert citation(doc_id, eid) == written
    assert cite(doc_id, written).eid == eid


# (document, another way of writing the citation, the eId it names)
SPELLINGS = [
    ("pk-mso-2001", "321(1) proviso 2", "part_V__chp_20__sec_321__subsec_1__proviso_nn_2"),
    ("pk-mso-2001", "s. 321(1), second proviso", "part_V__chp_20__sec_321__subsec_1__proviso_nn_2"),
    ("pk-mso-2001", "321(1) 2nd proviso", "part_V__chp_20__sec_321__subsec_1__proviso_nn_2"),
    ("in-msb-2016", "94(2) first proviso", "part_V__sec_94__subsec_2__proviso_nn_1"),  # the only one is the first
    ("in-msa-1880", "s. 61 proviso(b)(1)", "chp_III__sec_61__subsec_nn_1__proviso_nn_1__para_b__subpara_1"),
    ("in-msb-2016", "86 explanation(b)", "part_V__sec_86__wrapup__blockContainer_1__list_1__item_b"),
    ("in-msb-2016", "256 Table item 38(a)", f"{_S256_TABLE}__item_38__row_2"),
    ("in-msb-2016", "256 item 38", f"{_S256_TABLE}__item_38"),  # the concordance's form: the table of s.256
    ("in-msb-2016", "256 item 34(a)", f"{_S256_TABLE}__item_34"),  # "34. (a) If any requirement": its first row
    ("in-msb-2016", "256 item 38 row 2", f"{_S256_TABLE}__item_38__row_2"),  # its row's eId, not its label
    ("in-msb-2016", "256 Table 1 item 38", f"{_S256_TABLE}__item_38"),
    ("in-msb-2016", "Part IX, Chapter V", "part_IX__chp_V"),
    ("in-msb-2016", "part ix chapter v", "part_IX__chp_V"),
    ("in-ipa-1875", "the First Schedule", "att_1"),
    ("in-ipa-1875", "THE SECOND SCHEDULE", "att_2"),
    ("pk-mso-2001", "the Schedule, Part II, item 16", "att_1__list_2__item_16"),
    ("in-msb-2016", "Notes on clauses, Clause 69", "att_2__para_Clause69"),
    ("pk-mso-2001", "the long title", "preface__longTitle_1"),
]


@pytest.mark.parametrize(("doc_id", "spelling", "eid"), SPELLINGS, ids=[f"{d}:{s}" for d, s, _ in SPELLINGS])
def test_other_spellings_are_read(doc_id, spelling, eid):
    assert cite(doc_id, spelling).eid == eid


@pytest.mark.parametrize(
    ("doc_id", "reference", "message"),
    [
        ("pk-mso-2001", "321(1) proviso", r"s. 321\(1\) has 2: cite one of first proviso, second proviso"),
        ("pk-mso-2001", "321(1) third proviso", r"s. 321\(1\) has 2 proviso\(s\), not 3"),
        ("pk-mso-2001", "161 proviso", "s. 161 has no proviso"),
        ("in-msb-2016", "155 Explanation", "has 2: cite one of Explanation 1, Explanation 2"),
        ("in-msb-2016", "Chapter I", "has 4 Chapters I: cite one of Part II Chapter I, Part III Chapter I"),
        ("pk-mso-2001", "Part XX", "pk-mso-2001 has no Part XX"),
        ("pk-mso-2001", "382(a)", r"s. 382 has no \(a\); it has: \(1\) \(2\)"),  # the (a) of its Explanation
        ("in-mpab-2016", "53(a)", r"s. 53 has no \(a\); it has: \(1\) \(2\)"),
        ("in-msb-2016", "256 item 38(c)", r"item 38 has no sub-row \(c\)"),
        ("in-msb-2016", "256(2) item 38", r"s. 256\(2\) has no table item 38"),  # the Table follows (6), in no (n)
        ("in-ipa-1875", "Third Schedule", "is not a citation"),
        ("pk-mso-2001", "161(1) wages", "is not a citation .* \\(at 'wages'\\)"),
    ],
)
def test_a_citation_that_names_nothing_says_why(doc_id, reference, message):
    with pytest.raises(CitationError, match=message):
        cite(doc_id, reference)


def test_a_letter_found_through_two_unnumbered_containers_is_ambiguous(monkeypatch):
    """s. 11 of the 1880 Act (its real XML), with its unnumbered second subsection repeated as a third: "11(a)" would
    then name two clauses, and the error names both rather than picking one."""
    section = copy.deepcopy(cite("in-msa-1880", "11").element)
    twin = copy.deepcopy(section[-1])
    for el in twin.iter():
        if el.get("eId"):
            el.set("eId", el.get("eId").replace("subsec_nn_2", "subsec_nn_3"))
    section.append(twin)
    root = etree.Element(f"{{{NS['a']}}}akomaNtoso")
    etree.SubElement(etree.SubElement(root, f"{{{NS['a']}}}act"), f"{{{NS['a']}}}body").append(section)
    monkeypatch.setattr(sys.modules["corpus.cite"], "load", lambda doc_id: root)  # the module, not corpus.cite()
    with pytest.raises(CitationError, match=r"\(a\) is ambiguous: it is chp_II__sec_11__subsec_nn_2__para_a and "
                       r"chp_II__sec_11__subsec_nn_3__para_a"):  # fmt: skip
        cite("in-msa-1880", "11(a)")


# ---- headings and text: editorial remarks and side notes stay out ------------------------------------------------


def test_a_heading_that_is_only_an_editorial_remark_is_empty():
    """The 1875 Act prints no section numbers or headings: the heading holds only "[Section number recovered
    editorially …]" (002 L115-121), which is no heading."""
    assert cite("in-ipa-1875", "11").heading == ""


def test_a_heading_leaves_out_its_editorial_correction():
    assert cite("in-msb-2016", "Part VI").heading == "SAFETY AND SECURITY"  # "SECUIRITY" in the source, L1621
    assert cite("pk-mso-2001", "279").heading.startswith("Customs Collector or officer of Customs not to grant port")


def test_the_text_leaves_out_the_headings_remark_and_the_side_notes():
    """s. 9 of the 1880 Act: the side note "Procedure where surveyor and assessor agree" is printed between "and"
    and "in such case" (000 L57-58); s. 11 of the 1875 Act: "Expenses of removal" (002 L117)."""
    s9 = cite("in-msa-1880", "9").text
    assert s9.startswith("9. Where a ship has been provisionally detained")
    assert "experience; and in such case, if the surveyor and assessor agree" in s9
    s11 = cite("in-ipa-1875", "11").text
    assert "Section number recovered" not in s11 and "Expenses of removal" not in s11
    assert "liable to pay the reasonable expenses of such removal" in s11


def test_the_text_keeps_the_editorial_corrections_of_the_law_text():
    text = cite("in-msb-2016", "117 Explanation").text
    assert "For the purposes of this section [Editorial correction: the source reads “For the proposes" in text

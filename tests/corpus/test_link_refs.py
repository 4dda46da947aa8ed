"""Cross-references: fixtures cut from the real sources, run through bluebell and the refs linker; then the corpus.

Each fixture is a few provisions of one document as bluebell markup, with the sentences as the source prints them
(the line is named); the structure around them is cut down to what the reference needs.
"""

import json
import re

import pytest
from bluebell.parser import parse_to_xml_bytes
from lxml import etree

from corpus import catalogue, xmlio
from corpus.cite import by_eid, cite, load
from corpus.link import refs
from corpus.validate import schema_errors
from corpus.xmlio import NS

DOCS = {d.id: d for d in catalogue.documents()}


def parse(markup: str, doc_id: str) -> etree._Element:
    doc = DOCS[doc_id]
    return xmlio.parse_bytes(parse_to_xml_bytes(markup, doc.kind, doc.frbr_uri))


def linked(fixtures: dict[str, str]) -> tuple[dict[str, etree._Element], dict[str, dict[str, int]]]:
    trees = {doc_id: parse(markup, doc_id) for doc_id, markup in fixtures.items()}
    counts = refs.link(trees, DOCS)
    for doc_id, root in trees.items():
        assert schema_errors(root) == [], doc_id
    return trees, counts


def links(root: etree._Element) -> list[tuple[str, str]]:
    """(text, href) of every <ref>, in document order."""
    return [(" ".join("".join(r.itertext()).split()), r.get("href")) for r in root.iterfind(".//a:ref", NS)]


# 004 L3150-3159 (ss.362-364), with s.364(2)'s misprint; L88 s.2(20); L4473 s.493(2).
PK = """
BODY
  PART XI - LOAD LINES
    CHAPTER 36 - LOAD LINES
      SEC 2. - Definitions
        In this Ordinance, unless there is anything repugnant in the subject or context,—

        PARA (20)
          {{def “Maritime Board”}} means a Board convened under section 481;
      SEC 362. - Submersion of load line.
        Text.
      SEC 363. - Submersion of sub-division load lines in case of passenger ships.
        Text.
      SEC 364. - Penalty for submersion of load lines and sub-division load lines.
        SUBSEC (1)
          Text.

        SUBSEC (2)
          Without prejudice to any proceedings under this Ordinance, any ship which is loaded in contravention of section 366 or section 367 may be detained until the ship ceases to be so loaded.
      SEC 366. - Inspection of ships with respect to load lines.
        Text.
      SEC 367. - Issue, duration and extension of load line certificate.
        Text.
      SEC 481. - Power of Federal Government to direct inquiry into charges of incompetency or misconduct.
        SUBSEC (1)
          Text.

          PARA (a)
            Text.

          PARA (b)
            Text.

        SUBSEC (2)
          Text.
      SEC 493. - Power of Federal Government to cancel or suspend other certificates.
        SUBSEC (1)
          Text.

        SUBSEC (2)
          The provisions of clause (b) of sub-section (1) and sub-section (2) of section 481 shall apply to certificates cancelled or suspended under this section.
"""  # noqa: E501

# 000 L311-313 (the 1880 Act repeals Chapter V of the 1875 Act and saves its section 40), L263-265.
MSA = """
BODY
  CHAPTER V - RECEIVERS OF WRECK
    SEC 62. - Repayment of expenses
      If any seaman or apprentice ... becomes distressed and is relieved under the provisions of this chapter; or

      PARA (b)
        if any such seaman or apprentice ... becomes distressed and is relieved as aforesaid; or

      PARA (c)
        if any seaman or apprentice belonging to any British ship registered in British India ... is relieved as aforesaid,
    SEC 64. - Recovery
      Text.
    SEC 66. - Recovery by Board of Trade
      When any such wages and expenses are due to or in respect of a seaman or apprentice mentioned in section sixty-two, clause (c), they may, instead of being recovered by a person authorized under section sixty-four, be recovered by the Board of Trade in manner, provided by the Merchant Shipping Act, 1854, section 213, and when so recovered shall be paid by the said Board to the Secretary of State for India in Council.
    SEC 79. - Repeal
      Chapter V of the Indian Ports Act, 1875, and section 5 of Act No. XIII of 1878 (An Act to provide for the recovery in British India of wages due to, and expenses incurred in respect of, certain seamen and apprentices) are hereby repealed.

      But nothing in this chapter shall be deemed to affect section 40 of the Indian Ports Act, 1875, or entitle any person to salvage in respect of any property recovered by creeping or sweeping in contravention of that section.
"""  # noqa: E501

# 002 L235 (s.40, creeping or sweeping), L251 (Chapter V), L259-261, L45-51, L17, L429-431 (the first schedule).
IPA = """
BODY
  CHAPTER I - PRELIMINARY
    SEC 2. - Local extent
      It shall extend

      PARA (a)
        to the ports mentioned in the first schedule hereto annexed,
    SEC 5. - Power to extend
      The Local Government may, by notification in the official Gazette,

      PARA (a)
        extend this Act to any port

      PARA (b)
        extend specially the provisions of any of the following sections (namely), thirty-eight, thirty-nine, forty and forty-one, to any port

      Provided that every notification under clause (a) or clause (b) of this section may define the limits of the port
  CHAPTER IV - RULES
    SEC 38. - x
      Text.
    SEC 39. - x
      Text.
    SEC 40. - Creeping or sweeping
      No person, unless duly authorized by the Conservator, shall creep or sweep in any such port for anchors, cables or other stores lost or supposed to be lost therein.
    SEC 41. - x
      Text.
  CHAPTER V - OF SALVAGE IN PORTS
    SEC 43. - Salvage
      If any anchors, wreck, stores, or other property be recovered by any officer employed by the Local Government
    SEC 44. - Unclaimed property
      If the property recovered under the last preceding section, or by a Conservator acting under section fifteen, is unclaimed,
SCHEDULE THE FIRST SCHEDULE
  SUBHEADING (See section 2).

  Part I. British Burma.
"""  # noqa: E501


# 004 s.2(20), (36), (40) [abridged] and s.461(2) (L4151): "sub-clauses (i) to (xiii) or clause (36) of section 2";
# s.2(20)'s own misprint needs a s.481 to land on.
PK_461 = """
BODY
  PART I -
    CHAPTER 1 - PRELIMINARY
      SEC 2. - Definitions
        In this Ordinance, unless there is anything repugnant in the subject or context,—

        PARA (20)
          {{def “Maritime Board”}} means a Board convened under section 481;

        PARA (36)
          “{{def radio installation}}” means radio equipment, as prescribed;

        PARA (40)
          “{{def safety convention certificate}}” means—

          SUBPARA (i)
            a passenger ship safety certificate;

          SUBPARA (x)
            any other certificates as may be prescribed;
  PART X -
    CHAPTER 34 - NUCLEAR SHIPS
      SEC 461. - Application of Ordinance to nuclear ships.
        SUBSEC (2)
          Notwithstanding anything contained in this Ordinance, a nuclear ship shall not be required to obtain or produce any certificate referred to in sub-clauses (i) to (xiii) or clause (36) of section 2 or, as the case may be, any like valid safety convention certificate.
  PART XII -
    CHAPTER 38 - INVESTIGATIONS AND INQUIRIES
      SEC 481. - Power of Federal Government to direct inquiry into charges of incompetency or misconduct.
        Text.
"""  # noqa: E501


def test_sub_clauses_or_a_clause_of_a_section_are_the_clause_s_and_the_misprint_is_noted():
    trees, counts = linked({"pk-mso-2001": PK_461})
    subsec = trees["pk-mso-2001"].find(".//a:subsection[@eId='part_X__chp_34__sec_461__subsec_2']", NS)
    # as printed: clause (36) of section 2; its sub-clauses (i) to (xiii) do not exist, so they stay text
    assert links(subsec) == [("clause (36) of section 2", "#part_I__chp_1__sec_2__para_36")]
    assert counts["pk-mso-2001"]["refs unresolved"] == 2
    remark = subsec.find(".//a:remark", NS)
    assert "the source prints “sub-clauses (i) to (xiii) or clause (36) of section 2”" in remark.text
    assert "clause (40)" in remark.text
    assert remark.getprevious().text == "clause (36) of section 2"
    assert remark.tail.startswith(" or, as the case may be")


def test_a_list_of_sections_links_each_number_and_the_misprint_is_noted():
    (trees, counts) = linked({"pk-mso-2001": PK})
    root = trees["pk-mso-2001"]
    sec364 = root.find(".//a:section[@eId='part_XI__chp_36__sec_364']", NS)
    assert links(sec364) == [
        ("section 366", "#part_XI__chp_36__sec_366"),
        ("section 367", "#part_XI__chp_36__sec_367"),
    ]
    remark = sec364.find(".//a:remark", NS)
    assert "the source prints “section 366 or section 367”" in remark.text
    assert "section 362 or section 363" in remark.text
    assert remark.getprevious().text == "section 367"  # the note stands right after the reference
    assert remark.tail.startswith(" may be detained")
    assert counts["pk-mso-2001"]["refs resolved"] == 6


def test_a_chain_of_clause_subsection_and_section_links_the_innermost_provision():
    trees, _ = linked({"pk-mso-2001": PK})
    sec493 = trees["pk-mso-2001"].find(".//a:section[@eId='part_XI__chp_36__sec_493']", NS)
    # "clause (b) of sub-section (1) and sub-section (2) of section 481": both halves are of section 481
    assert links(sec493) == [
        ("clause (b) of sub-section (1)", "#part_XI__chp_36__sec_481__subsec_1__para_b"),
        ("sub-section (2) of section 481", "#part_XI__chp_36__sec_481__subsec_2"),
        ("this section", "#part_XI__chp_36__sec_493"),
    ]


def test_the_misprint_in_the_definition_of_maritime_board_is_linked_as_printed():
    trees, _ = linked({"pk-mso-2001": PK})
    para = trees["pk-mso-2001"].find(".//a:paragraph[@eId='part_XI__chp_36__sec_2__para_20']", NS)
    assert links(para) == [("section 481", "#part_XI__chp_36__sec_481")]
    assert "sections 483 and 484" in para.find(".//a:remark", NS).text


def test_word_numbers_a_comma_clause_and_external_acts_in_the_1880_act():
    trees, counts = linked({"in-msa-1880": MSA, "in-ipa-1875": IPA})
    sec66 = trees["in-msa-1880"].find(".//a:section[@eId='chp_V__sec_66']", NS)
    assert links(sec66) == [
        ("section sixty-two, clause (c)", "#chp_V__sec_62__para_c"),
        ("section sixty-four", "#chp_V__sec_64"),
    ]  # "the Merchant Shipping Act, 1854, section 213" stays text
    assert counts["in-msa-1880"]["refs external"] == 2  # MSA 1854 s.213 and Act No. XIII of 1878 s.5


def test_references_to_the_1875_act_link_across_documents_by_frbr_uri():
    trees, _ = linked({"in-msa-1880": MSA, "in-ipa-1875": IPA})
    sec79 = trees["in-msa-1880"].find(".//a:section[@eId='chp_V__sec_79']", NS)
    assert links(sec79) == [
        ("Chapter V of the Indian Ports Act, 1875", "/akn/in/act/1875-01-01/12/~chp_V"),
        ("this chapter", "#chp_V"),
        ("section 40 of the Indian Ports Act, 1875", "/akn/in/act/1875-01-01/12/~chp_IV__sec_40"),
    ]
    target = trees["in-ipa-1875"].xpath("//*[@eId='chp_IV__sec_40']")[0]
    assert "creep or sweep" in "".join(target.itertext())


def test_a_cross_document_reference_waits_for_the_other_document():
    root = parse(MSA, "in-msa-1880")
    indexes = {"in-msa-1880": refs.Index.of(DOCS["in-msa-1880"], root)}
    counts = refs.link_document(DOCS["in-msa-1880"], indexes, refs.title_patterns(DOCS))
    assert not any(href.startswith("/akn/") for _, href in links(root))
    assert counts.unresolved == 2
    assert [m.split(" [")[0] for m in counts.missed] == [
        "Chapter V of the Indian Ports Act, 1875",
        "section 40 of the Indian Ports Act, 1875",
    ]


def test_namely_lists_clauses_of_this_section_last_preceding_and_schedules_in_the_1875_act():
    trees, counts = linked({"in-ipa-1875": IPA})
    root = trees["in-ipa-1875"]
    assert links(root) == [
        ("the first schedule", "#att_1"),
        ("sections (namely), thirty-eight", "#chp_IV__sec_38"),
        ("thirty-nine", "#chp_IV__sec_39"),
        ("forty", "#chp_IV__sec_40"),
        ("forty-one", "#chp_IV__sec_41"),
        ("clause (a)", "#chp_I__sec_5__para_a"),
        ("clause (b)", "#chp_I__sec_5__para_b"),
        ("this section", "#chp_I__sec_5"),
        ("the last preceding section", "#chp_V__sec_43"),
        ("section 2", "#chp_I__sec_2"),
    ]
    assert counts["in-ipa-1875"]["refs unresolved"] == 1  # "section fifteen": not in the fixture


def test_linking_twice_changes_nothing():
    trees, _ = linked({"pk-mso-2001": PK})
    before = etree.tostring(trees["pk-mso-2001"])
    again = refs.link(trees, DOCS)
    assert etree.tostring(trees["pk-mso-2001"]) == before
    assert again["pk-mso-2001"]["refs resolved"] == 0


def test_a_misprint_entry_that_finds_nothing_stops_the_build():
    markup = re.sub(r"section 481;", "section 480;", PK)
    with pytest.raises(refs.LinkError, match="section 481"):
        linked({"pk-mso-2001": markup})


# --- the built corpus ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("doc_id", sorted(DOCS))
def test_every_misprint_is_noted_once_in_the_built_xml_after_its_words(doc_id):
    """Each entry of known_misprints.yaml has its note in the built XML, right after the printed words: after their
    last ``<ref>`` when they could be linked, otherwise straight after the words (nothing to link to)."""
    root = load(doc_id)
    remarks = [r for r in root.iterfind(".//a:remark", NS) if "the source prints “" in (r.text or "")]
    entries = [m for m in refs.misprints() if m.document == doc_id]
    assert sorted(r.text for r in remarks) == sorted(m.note for m in entries)
    for remark in remarks:
        printed = " ".join(re.search(r"prints “(.*?)” here", remark.text).group(1).split())
        before = remark.getprevious()
        if before is not None and etree.QName(before).localname == "ref":
            assert " ".join("".join(before.itertext()).split()) in printed
        else:  # unlinked: the run of text just before the note ends with the printed words
            text_before = (before.tail if before is not None else remark.getparent().text) or ""
            assert " ".join(text_before.split()).endswith(printed), (printed, text_before)


def test_a_misprint_naming_a_provision_that_does_not_exist_is_left_unlinked_and_noted():
    """003 Bill 328 (Major Port Authorities), s.4(2): "clause (c) of sub-section (3) of section 3"; section 3 has
    sub-sections (1) and (2) only, so the words stay unlinked (no dangling href) and the note says what is meant."""
    assert cite("in-mpab-2016", "3(2)") and not _has(cite, "in-mpab-2016", "3(3)")
    element = cite("in-mpab-2016", "4(2)").element
    assert not element.findall(".//a:ref", NS)
    remark = element.find(".//a:remark", NS)
    assert remark.text.startswith("[Editorial note: the source prints “clause (c) of sub-section (3) of section 3”")
    assert "probably sub-section (1) of section 3 is meant" in remark.text


def _has(resolve, doc_id: str, reference: str) -> bool:
    try:
        resolve(doc_id, reference)
    except LookupError:
        return False
    return True


_NOT_HELD = re.compile(
    r"\((?P<kind>this-part|this-chapter|part|chapter|schedule|section) (?P<what>\S*) not found(?: in (?P<doc>\S+))?\)$"
)


def _not_in_the_record(doc_id: str, entry: str, facts: dict) -> bool:
    """Whether an unresolved reference names what the document's record does not hold, as its report says: a Part,
    Chapter or Schedule of an India Code record (which prints none: counted in the report's facts), or a section the
    record lacks (declared absent in its quirks, listed in the facts). A reference into another document of the
    corpus ("section 285 of the Merchant Shipping Act, 1958", "… not found in in-msa-1958") is held to that
    document's record and report."""
    found = _NOT_HELD.search(entry)
    if found is None:
        return False
    if found["doc"]:
        doc_id = found["doc"]
        facts = json.loads(DOCS[doc_id].report_path.read_text(encoding="utf-8"))["facts"]
    root = load(doc_id)
    if found["kind"] in {"this-part", "this-chapter", "part", "chapter"}:
        has_divisions = root.find(".//a:part", NS) is not None or root.find(".//a:chapter", NS) is not None
        return not has_divisions and facts.get("references to a Part or Chapter (the record has none)", 0) > 0
    if found["kind"] == "schedule":
        return root.find(".//a:attachments", NS) is None and "absent_from_the_record" in facts
    absent = {a["number"] for a in facts.get("absent_from_the_record", []) if isinstance(a, dict)}
    return found["what"] in absent


@pytest.mark.parametrize("doc_id", sorted(DOCS))
def test_every_unresolved_reference_is_a_noted_misprint(doc_id):
    """The build report lists each reference it could not resolve (an editor's to-do list); every one of them is a
    misprint of known_misprints.yaml printed in the same place, or names what the document's record does not hold
    (:func:`_not_in_the_record`, counted in the report), so none is left unexplained and adding an India Code
    record needs no entry for each of its "this Part"."""
    full = json.loads(DOCS[doc_id].report_path.read_text(encoding="utf-8"))
    report, facts = full["links"], full["facts"]
    unresolved = report["unresolved references"]
    assert report["refs unresolved"] >= len(unresolved)
    for entry in unresolved:
        if _not_in_the_record(doc_id, entry, facts):
            continue
        words, eid = re.fullmatch(r"(.*) \[in (\S+)\] \(.*\)", entry).groups()
        place = by_eid(doc_id, eid).element
        notes = [r.text for r in place.iterfind(".//a:remark", NS) if "the source prints “" in (r.text or "")]
        assert any(words in note for note in notes), entry


def test_built_pakistan_references_land_where_the_text_says():
    def refs_of(reference):
        element = cite("pk-mso-2001", reference).element
        return [(" ".join("".join(r.itertext()).split()), r.get("href")) for r in element.iterfind(".//a:ref", NS)]

    assert refs_of("161") == [
        ("sub-clause (i) of clause (a) of sub-section (1)", "#" + cite("pk-mso-2001", "161(1)(a)(i)").eid),
        ("This section", "#" + cite("pk-mso-2001", "161").eid),
    ]
    s493 = refs_of("493(2)")
    assert [by_eid("pk-mso-2001", href[1:]).citation for _, href in s493] == ["s. 481(1)(b)", "s. 481(2)", "s. 493"]


def test_the_1880_act_links_into_the_1875_act():
    root = load("in-msa-1880")
    cross = [r.get("href") for r in root.iterfind(".//a:ref", NS) if r.get("href").startswith("/akn/in/act/1875")]
    assert cross == [
        "/akn/in/act/1875-01-01/12/~chp_V",
        "/akn/in/act/1875-01-01/12",  # "the Indian Ports Act, 1875" named in Act XIII of 1878's title (works.py)
        "/akn/in/act/1875-01-01/12/~chp_IV__sec_40",
    ]
    assert "OF SALVAGE IN PORTS" in "".join(by_eid("in-ipa-1875", "chp_V").element.find("a:heading", NS).itertext())
    assert "creep or sweep" in by_eid("in-ipa-1875", "chp_IV__sec_40").text


def test_built_pakistan_s461_links_clause_36_as_printed():
    element = cite("pk-mso-2001", "461(2)").element
    hrefs = [r.get("href") for r in element.iterfind(".//a:ref", NS)]
    assert hrefs == ["#" + cite("pk-mso-2001", "2(36)").eid]
    assert "radio installation" in cite("pk-mso-2001", "2(36)").text
    assert "probably sub-clauses (i) to (x) of clause (40)" in element.find(".//a:remark", NS).text


def test_an_item_below_a_sub_clause_is_linked_whole():
    """003 L1093, MSB s.69 Explanation: "item (B) of sub-clause (ii) of clause (a) of sub-section (1) of this section"
    lands on s.69(1)(a)(ii)(B), not one level short on (ii)."""
    explanation = cite("in-msb-2016", "69").element.find(".//a:blockContainer[@class='explanation']", NS)
    ref = explanation.find(".//a:ref", NS)
    assert "".join(ref.itertext()).startswith("item (B) of sub-clause (ii)")
    assert ref.get("href") == "#" + cite("in-msb-2016", "69(1)(a)(ii)(B)").eid


def _refs_of(doc_id: str, reference: str) -> dict[str, str]:
    """The text and href of each ``<ref>`` in a provision of the built corpus."""
    element = cite(doc_id, reference).element
    return {" ".join("".join(r.itertext()).split()): r.get("href") for r in element.iter(f"{{{NS['a']}}}ref")}


def test_a_section_of_another_law_named_with_and_in_its_title_is_not_linked():
    """004 L27, s.1(3)(c): "section 6 of the Territorial Waters and Maritime Zones Act, 1976" is not the Ordinance's
    own s.6 (Shipping Offices)."""
    assert "section 6" not in _refs_of("pk-mso-2001", "1(3)(c)")


def test_a_stray_space_inside_a_label_does_not_cut_a_chain_short():
    """004 L54, s.2(8): "clause (7) of sub-section (1 ) of section 2 of the Companies Ordinance, 1984" is the
    Companies Ordinance's, not the Ordinance's own s.2(7)."""
    assert _refs_of("pk-mso-2001", "2(8)") == {}


def test_parts_of_the_schedule_and_thereof():
    """004 L5536, s.610(1): "Part I of the Schedule …, and the enactments specified in Part II thereof" land on the
    Schedule's two lists, and the Schedule's own headings "(A) PART I.—" and "B. PART II" are not references."""
    assert _refs_of("pk-mso-2001", "610(1)") == {
        "sub-section (2)": "#part_XVI__chp_46__sec_610__subsec_2",
        "Part I of the Schedule": "#att_1__list_1",
        "Part II thereof": "#att_1__list_2",
    }
    schedule = load("pk-mso-2001").xpath("//a:attachment[@eId='att_1']", namespaces=NS)[0]
    assert not schedule.xpath(".//a:listIntroduction//a:ref", namespaces=NS)


@pytest.mark.parametrize(
    ("reference", "words", "target"),
    [
        ("569(2)", "sub-section (1) thereof", "568(1)"),  # 004: "a permit … under sub-section (1) thereof" (s.568)
        ("541(3)", "clause (b) thereof", "541(1)(b)"),  # after "clause (a) of sub-section (1)"
        ("536(2)", "clause (d) thereof", "536(1)(d)"),  # after "sub-section (1)"
    ],
)
def test_thereof_borrows_what_stands_above_from_the_reference_before(reference, words, target):
    assert _refs_of("pk-mso-2001", reference)[words] == "#" + cite("pk-mso-2001", target).eid


@pytest.mark.parametrize(
    ("doc_id", "reference", "words", "target"),
    [
        # 004 s.525: "… in clause (a) of sub-section (4) of section 504 and … under clause (b) of sub-section (4)
        # thereof": a chain of two units before "thereof" borrows the section
        ("pk-mso-2001", "525", "clause (b) of sub-section (4) thereof", "504(4)(b)"),
        # 004 s.541(2)(a): "in clause (a), in sub-clause (i), for the figure …": the sub-clause of that clause
        ("pk-mso-2001", "541(2)(a)", "sub-clause (i)", "541(1)(a)(i)"),
        ("pk-mso-2001", "541(2)(b)", "sub-clause (i)", "541(1)(b)(i)"),
        # 004 s.285(2): "under sub-section (1) of section 284 and on any additional statement referred to in
        # sub-section (2) of that section": section 284's, not s.285's own sub-section (2)
        ("pk-mso-2001", "285(2)", "sub-section (2) of that section", "284(2)"),
        # 004 s.318(2): "refunded under sub-sections (2) or (3) or (4) of the aforesaid section" (section 317)
        ("pk-mso-2001", "318(2)", "(4)", "317(4)"),
        ("pk-mso-2001", "318(2)", "sub-sections (2)", "317(2)"),
    ],
)
def test_a_reference_takes_its_section_from_the_words_around_it(doc_id, reference, words, target):
    assert _refs_of(doc_id, reference)[words] == "#" + cite(doc_id, target).eid


def test_two_clauses_sharing_one_tail_after_a_comma_both_take_it():
    """003 Bill 236 s.256 Table, item 33: "If a seafarer contravenes clause (a), or an owner contravenes clause (b),
    of sub-section (14) of section 83": clause (a) is s.83(14)(a), not a clause (a) near the Table."""
    item = cite("in-msb-2016", "256 Table item 33").element
    hrefs = {" ".join("".join(r.itertext()).split()): r.get("href") for r in item.iter(f"{{{NS['a']}}}ref")}
    assert hrefs["clause (a)"] == "#" + cite("in-msb-2016", "83(14)(a)").eid
    assert hrefs["clause (b), of sub-section (14) of section 83"] == "#" + cite("in-msb-2016", "83(14)(b)").eid


def test_a_section_number_printed_without_the_word_section_is_read_as_one_and_noted():
    """004 L4484, s.494(3): "sub-section (3) of 471, sections 474, 478 and 479" is s.471(3), not s.494's own (3)."""
    refs_there = _refs_of("pk-mso-2001", "494(3)")
    assert refs_there["sub-section (3) of 471"] == "#" + cite("pk-mso-2001", "471(3)").eid
    remark = cite("pk-mso-2001", "494(3)").element.find(".//a:remark", NS)
    assert "probably sub-section (3) of section 471 is meant" in remark.text


def test_thereof_after_another_law_stays_with_that_law():
    """004 L60, s.2(9): "section 3 of the Customs Act, 1969 … a customs port as defined in section 2 thereof" is the
    Customs Act's section 2, not the Ordinance's own definitions section."""
    assert "section 2" not in _refs_of("pk-mso-2001", "2(9)")
    assert "section 2 thereof" not in _refs_of("pk-mso-2001", "2(9)")


@pytest.mark.parametrize(
    ("doc_id", "where", "target"),
    [
        ("in-msb-2016", "3(6) Explanation", "3(6)"),  # a definition clause numbered as a sub-section
        ("in-msb-2016", "3(47) Explanation", "3(47)"),
        ("in-mpab-2016", "14(b) proviso", "14(b)"),  # "under this clause (b)": the proviso of clause (b)
    ],
)
def test_this_clause_links_to_the_clause(doc_id, where, target):
    refs = [r for r in cite(doc_id, where).element.iterfind(".//a:ref", NS) if "".join(r.itertext()) == "this clause"]
    assert [r.get("href") for r in refs] == ["#" + cite(doc_id, target).eid]


def test_old_style_chains_and_as_the_case_may_be_read_whole():
    """15_1908 s.49(2): "section 36, sub-section (5), clause (d)" is one reference; 44_1958 s.436(2) Table item 99:
    "clause (b) of sub-section (1), or clause (a) or clause (b) of sub-section (2) of section 319" gives the first
    clause section 319 only, not sub-section (2)."""
    assert _refs_of("in-ipa-1908", "49(2)")["section 36, sub-section (5), clause (d)"] == "#sec_36__subsec_5__para_d"
    assert cite("in-ipa-1908", "36(5)(d)").eid == "sec_36__subsec_5__para_d"  # the clause it lands on exists
    table = by_eid("in-msa-1958", "sec_436__subsec_2__table_1__p_255").element
    hrefs = {" ".join("".join(r.itertext()).split()): r.get("href") for r in table.iterfind(".//a:ref", NS)}
    assert hrefs["clause (b) of sub-section (1)"] == "#" + cite("in-msa-1958", "319(1)(b)").eid


def test_laws_cited_before_their_section_and_modified_laws_are_not_this_act():
    """15_1908 s.43(b): "the Merchant Shiping Act, 1894 (57 & 58 Vict., c. 60.), section 207" and s.17(2)(a): "the
    Indian Merchant Shipping Act, 1859 (1 of 1859), section 71" are external; 33_1948 s.10 incorporates sections of
    the Calcutta Port Act, 1890 "subject to the following modifications", whose clauses name that Act's sections."""
    assert "section 207" not in _refs_of("in-ipa-1908", "43(b)")
    assert "section 71" not in _refs_of("in-ipa-1908", "17(2)(a)")
    assert "clause (b) of section 19" not in _refs_of("in-cppa-1948", "10(b)")
    report = json.loads(DOCS["in-cppa-1948"].report_path.read_text(encoding="utf-8"))["links"]
    assert not any("section 19" in entry for entry in report["unresolved references"])


def test_a_reference_into_another_records_gap_names_that_record():
    """22_2017 s.7(1)(iii): "section 285 of the Merchant Shipping Act, 1958" — a section the 1958 record lacks
    (declared absent) — is reported as not found in in-msa-1958, and the 1958 report declares it."""
    report = json.loads(DOCS["in-ajsmc-2017"].report_path.read_text(encoding="utf-8"))["links"]
    entry = next(e for e in report["unresolved references"] if e.startswith("section 285 of the Merchant"))
    assert entry.endswith("(section 285 not found in in-msa-1958)")
    facts = json.loads(DOCS["in-msa-1958"].report_path.read_text(encoding="utf-8"))["facts"]
    assert "285" in {a["number"] for a in facts["absent_from_the_record"]}


def test_this_clause_in_a_sub_clause_is_the_clause():
    """3_2022 s.2(1)(i)(ii): "referred to in sub-clause (i) of this clause" is (i)(i), a sibling sub-clause."""
    assert _refs_of("in-mapa-2022", "2(1)(i)(ii)") == {
        "sub-clause (i) of this clause": "#" + cite("in-mapa-2022", "2(1)(i)(i)").eid
    }

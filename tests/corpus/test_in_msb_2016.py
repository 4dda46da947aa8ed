"""The Merchant Shipping Bill, 2016 as built (corpus/akn/in-msb-2016.xml), read through corpus.cite.

Quirks checked on the real text: displaced marginal notes (SURVEY.md §3), continuation stubs, s.13 before CHAPTER I
of Part III, the four-level s.69(1)(a)(ii)(A), definitions, the Bill's papers kept out of the body.
"""

from __future__ import annotations

import importlib
import json

import pytest

from corpus.validate import schema_errors
from corpus.xmlio import NS, local_name, num_of

cite = importlib.import_module("corpus.cite")
DOC = "in-msb-2016"


@pytest.fixture(scope="module")
def root():
    return cite.load(DOC)


def _children(element, name: str) -> list:
    return [c for c in element if local_name(c) == name]


def test_schema_valid_and_unique_eids(root) -> None:
    assert schema_errors(root) == []
    eids = [e.get("eId") for e in root.iter() if e.get("eId")]
    assert len(eids) == len(set(eids))


def test_280_sections_in_order_each_with_a_heading() -> None:
    sections = cite.sections(DOC)
    assert list(sections) == [str(n) for n in range(1, 281)]
    headings = {n: cite.cite(DOC, n).heading for n in sections}
    assert all(headings.values())


@pytest.mark.parametrize(
    ("section", "heading"),
    [
        ("1", "Short title and commencement."),  # own line after the number (L43)
        ("2", "Application of Act."),  # mid-sentence (L49)
        ("9", "Mercantile Marine Department."),  # before the number (L389)
        ("16", "Application for registry."),  # letter-spaced, glued at the line end (L473)
        ("26", "Transmission of property in Indian vessel on death, insolvency, etc."),  # before a clause (L561)
        ("53", "Training for grant of certificate of competency and certificate of proficiency"),  # L823
        ("59", "Power to make rules."),  # after a complete sentence (L879)
        ("147", "Apportionment of liability."),  # line end, sentence goes on (L2089)
        ("181", "Power to make rules."),  # L2461, followed by the stub "Chapter."
        ("230", "Salvage operations controlled by Government or port and public authorities."),  # L3183
        ("231", "Salvage Contracts."),  # same line
        ("257", "Place of trial and jurisdiction of Court."),  # inside the Table (L3993)
        ("267", "Birth and death of persons on board vessel during a voyage."),  # inside s.266(c) (L4079)
        ("270", "Power of persons authorised to investigate, inquire, etc."),  # inside s.269(c) (L4109)
        ("280", "Repeal and savings."),
    ],
)
def test_displaced_notes_aligned_by_order(section: str, heading: str) -> None:
    assert cite.cite(DOC, section).heading == heading


def test_continuation_stubs_stay_text() -> None:
    assert "to carry out the provisions of this Chapter" in cite.cite(DOC, "181(1)").text
    assert "shall be kept an official logbook in such form" in cite.cite(DOC, "108(1)").text
    assert "India, in some agent of the owner" in cite.cite(DOC, "266(c)").text


def test_section_13_before_chapter_one_of_part_three(root) -> None:
    part = next(p for p in root.iter(f"{{{NS['a']}}}part") if num_of(p) == "III")
    kinds = [local_name(c) for c in part if local_name(c) in {"section", "chapter"}]
    assert kinds[:2] == ["section", "chapter"]
    assert num_of(_children(part, "section")[0]) == "13."


def test_subsection_counts() -> None:
    for section, count in {
        "4": 7,
        "66": 12,
        "69": 4,
        "83": 14,
        "89": 13,
        "94": 7,
        "118": 2,
        "256": 6,
        "280": 2,
    }.items():
        assert len(_children(cite.cite(DOC, section).element, "subsection")) == count, section


def test_section_69_four_levels() -> None:
    item = cite.cite(DOC, "69(1)(a)(ii)")
    clauses = _children(item.element, "clause")
    assert [num_of(c) for c in clauses] == ["(A)", "(B)"]
    assert all("not more than" in cite.Provision(DOC, c.get("eId"), c).text for c in clauses)
    assert cite.citation(DOC, clauses[1].get("eId")) == "s. 69(1)(a)(ii)(B)"


def test_definitions_of_section_3(root) -> None:
    definitions = _children(cite.cite(DOC, "3").element, "subsection")
    assert [num_of(d) for d in definitions] == [f"({n})" for n in range(1, 72)]
    terms = [" ".join(d.itertext()) for d in cite.cite(DOC, "3").element.iter(f"{{{NS['a']}}}def")]
    assert len(terms) == 73 + 3  # (5) and (21) define two terms each; three Explanations (L73, L205, L243) one each
    in_explanations = [t for e in _explanations(cite.cite(DOC, "3").element) for t in _defined(e)]
    assert in_explanations == ["tidal waters", "wooden vessel of primitive build", "STP Agreement"]
    assert "certificate of proficiency" in terms and "Indian vessel" in terms and "wreck" in terms


def test_definitions_of_the_part_and_chapter_sections() -> None:
    counts = {"48": 3, "61": 2, "130": 3, "168": 8, "183": 11, "212": 14, "227": 7}
    for section, count in counts.items():
        found = list(cite.cite(DOC, section).element.iter(f"{{{NS['a']}}}def"))
        assert len(found) >= count, section


def test_provisos_and_explanations_are_their_own_elements() -> None:
    family = cite.cite(DOC, "3(15)").element
    assert len(list(family.iter(f"{{{NS['a']}}}proviso"))) == 2
    explanations = [b for b in family.iter(f"{{{NS['a']}}}blockContainer") if b.get("class") == "explanation"]
    assert len(explanations) == 1


def test_papers_are_attachments_not_body(root) -> None:
    body = root.find(".//a:body", NS)
    text = " ".join(body.itertext())
    assert "STATEMENT OF OBJECTS AND REASONS" not in text and "Clause 1.––" not in text
    attachments = root.findall(".//a:attachments/a:attachment", NS)
    assert len(attachments) >= 4


def test_gazette_noise_is_not_in_the_text(root) -> None:
    text = " ".join(root.find(".//a:body", NS).itertext())
    assert "GAZETTE OF INDIA" not in text
    # the margin citations are side notes, not the sentence's words: L1243 "Code of Civil 5 of 1908. Procedure, 1908"
    assert "80 of 1976." not in cite.cite(DOC, "3(7)(b)").text
    assert "Code of Civil Procedure, 1908 but shall be guided" in cite.cite(DOC, "83(2)").text
    assert "Director-General of Shipping" in cite.cite(DOC, "6").heading + " " + cite.cite(DOC, "6").text


def _explanations(element) -> list:
    return [b for b in element.iter(f"{{{NS['a']}}}blockContainer") if b.get("class") == "explanation"]


def _defined(element) -> list[str]:
    return ["".join(d.itertext()) for d in element.iter(f"{{{NS['a']}}}def")]


@pytest.mark.parametrize(
    ("subsection", "terms"),
    [
        ("86(8)", ["excepted expenses", "repatriation expenses"]),  # L1335-1337
        ("88(4)", ["Declaration of Maritime Labour Compliance", "International voyage"]),  # L1369-1371
        ("260(2)", ["company", "director"]),  # L4021-4023
    ],
)
def test_lettered_items_of_an_explanation_stay_inside_it(subsection: str, terms: list[str]) -> None:
    """An Explanation "For the purposes of this section,—" printed after the last sub-section: its items (a), (b) are
    its own, not clauses of that sub-section, and it is the section's (in its wrap-up)."""
    element = cite.cite(DOC, subsection).element
    assert _children(element, "paragraph") == []
    with pytest.raises(cite.CitationError):
        cite.cite(DOC, subsection + "(a)")
    section = element.getparent()
    (explanation,) = _explanations(section)
    assert explanation.getparent().tag == f"{{{NS['a']}}}wrapUp" and explanation.getparent().getparent() is section
    items = list(explanation.iter(f"{{{NS['a']}}}item"))
    assert [num_of(i) for i in items] == ["(a)", "(b)"]
    assert _defined(explanation) == terms


def test_explanation_items_under_a_clause_and_after_clause_e() -> None:
    contributing_oil = cite.cite(DOC, "198(a)").element
    assert _children(contributing_oil, "subparagraph") == []
    assert _defined(_explanations(contributing_oil)[0]) == ["crude oil", "fuel oil"]
    assert [num_of(p) for p in _children(cite.cite(DOC, "155(3)").element, "paragraph")] == [f"({c})" for c in "abcde"]
    # L2183/L2185: "Explanation 1.— For the purposes of this section", "Explanation 2.— For the purposes of this
    # Chapter", printed after clause (e): the section's, not the clause's
    assert _explanations(cite.cite(DOC, "155(3)(e)").element) == []
    assert _defined(_explanations(cite.cite(DOC, "155").element)[1]) == ["shipowner"]


def test_section_wide_explanations_at_section_level() -> None:
    section = cite.cite(DOC, "69").element
    assert all(_explanations(s) == [] for s in _children(section, "subsection"))
    (wrap_up,) = _children(section, "wrapUp")
    (explanation,) = _explanations(wrap_up)
    assert "of sub-section (1) of this section" in "".join(explanation.itertext())
    assert _defined(explanation) == ["foreign-going ship"]
    assert _explanations(cite.cite(DOC, "199(5)").element) == []
    assert _defined(_explanations(cite.cite(DOC, "199").element)[0]) == ["Fund Convention country"]


def test_explanation_of_both_cases_of_family_applies_to_the_whole_definition() -> None:
    family = cite.cite(DOC, "3(15)").element
    assert _explanations(cite.cite(DOC, "3(15)(ii)").element) == []
    (wrap_up,) = _children(family, "wrapUp")
    assert "In either of the above two cases" in "".join(_explanations(wrap_up)[0].itertext())


@pytest.mark.parametrize(
    ("section", "term"),
    [("7", "cargo vessel"), ("46", "owner"), ("117", "Load Line Convention"), ("159", "claims arising")],
)
def test_terms_defined_in_explanations(section: str, term: str) -> None:
    defined = [t for e in _explanations(cite.cite(DOC, section).element) for t in _defined(e)]
    assert any(t.startswith(term) for t in defined), defined
    assert all(t == t.strip() for t in defined)


def test_s198e_defines_preventive_measures_and_ship_despite_its_mismatched_quotes():
    """Source L2679: ''Preventive Measures" or "ship" — the opening and closing quotes differ; " or " is no term."""
    element = cite.cite(DOC, "198(e)").element
    defined = ["".join(d.itertext()) for d in element.iter(f"{{{NS['a']}}}def")]
    assert "Preventive Measures" in defined and "ship" in defined
    assert all(d.strip() != "or" for d in defined)


@pytest.mark.parametrize(
    ("reference", "line", "original"),
    [
        ("49(1)", 731, "cum -demise"),  # 003 L731 "charter-cum -demise"
        ("49(2)", 733, "cum- demise"),  # L733 "charter-cum- demise": broken at a line end
        ("50(2)(o)", 791, "charter -cum"),  # L791 "charter -cum- demise": both
    ],
)
def test_a_compound_printed_with_stray_spaces_reads_whole(reference: str, line: int, original: str) -> None:
    """ "bareboat charter-cum-demise" however the Gazette spaced its hyphens; the report keeps each repair."""
    assert "bareboat charter-cum-demise" in cite.cite(DOC, reference).text
    report = json.loads(cite.catalogue.document(DOC).report_path.read_text(encoding="utf-8"))
    assert any(e["line"] == line and e["original"] == original for e in report["edits"])


@pytest.mark.parametrize("doc_id", ["in-msb-2016", "in-mpab-2016"])
def test_both_bills_open_alike_bill_number_and_long_title_then_the_enacting_formula_as_preamble(doc_id: str) -> None:
    """003 L21-33 (Bill 236) and L4913-4921 (Bill 328): the same Gazette layout, the same AKN."""
    opening = cite.load(doc_id)
    preface, preamble = opening.find(".//a:preface", NS), opening.find(".//a:preamble", NS)
    assert preface.find("a:p[@class='bill-number']", NS).text.startswith("BILL NO. ")
    assert "".join(preface.find(".//a:longTitle", NS).itertext()).strip().startswith("A Bill to ")
    assert "BE it enacted" not in "".join(preface.itertext())
    assert "".join(preamble.itertext()).strip().startswith("BE it enacted by Parliament in the Sixty-seventh Year")


def test_a_clause_label_printed_with_a_space_is_its_own_clause() -> None:
    """003 L901 "( j) the fee for grant of certificate …": clause (j) of s.59(2), between (i) and (k)."""
    subsection = cite.cite(DOC, "59(2)").element
    labels = [p.findtext("a:num", namespaces=NS) for p in subsection.findall("a:paragraph", NS)]
    assert labels[labels.index("(i)") : labels.index("(i)") + 3] == ["(i)", "(j)", "(k)"]
    assert cite.cite(DOC, "59(2)(j)").text.startswith("(j) the fee for grant of certificate if lost or deprived")


@pytest.mark.parametrize(
    ("section", "host"),
    [
        ("19", "part_III__chp_I__sec_19"),  # L497 "For the purposes of this section", printed after sub-section (3)
        ("86", "part_V__sec_86"),  # L1335 "For the purposes of this section,—" after (8)
        ("139", "part_VIII__sec_139"),  # L2001 "For the purposes of this Part"
        ("223", "part_XI__chp_I__sec_223"),  # L3107 "… the provisions of this section shall be …"
        ("14", "part_III__chp_I__sec_14__subsec_3"),  # L463 "For the purposes of this sub-section", after clause (c)
        ("246", "part_XIII__sec_246__subsec_1"),  # L3381: printed between sub-sections (1) and (2), stays with (1)
    ],
)
def test_an_explanation_belongs_to_what_its_words_speak_of(section: str, host: str) -> None:
    element = cite.cite(DOC, section).element
    (explanation,) = [e for e in _explanations(element)][:1]
    holder = next(a for a in explanation.iterancestors() if a.get("eId"))
    assert holder.get("eId") == host


@pytest.mark.parametrize(
    ("where", "holder"),
    [
        ("4(2) proviso", "part_II__chp_I__sec_4__subsec_2"),  # after (b)(iv), it qualifies the whole sub-section
        ("132 first proviso", "part_VII__sec_132"),
        ("184(1)(a) proviso", "part_IX__chp_IV__sec_184__subsec_1__para_a"),  # (b) follows: it stays with (a)
    ],
)
def test_a_proviso_after_a_list_that_ends_qualifies_the_provision_holding_it(where, holder):
    """Audit item 6: a proviso printed after the last item of a list that does not go on qualifies the provision
    holding the list (s.4(2) "Provided that the Shipping Board shall include an equal number …"), not the last item."""
    assert cite.cite(DOC, where).element.getparent().get("eId") == holder


def test_closing_words_after_a_list_are_its_wrap_up_and_their_clause_references_land_in_it():
    """Audit item 6: s.67(2) L1029 "and any seafarer so engaged under clause (a) or clause (b) may sign …", printed
    after (b), governs both clauses: it is sub-section (2)'s wrap-up, and its "clause (b)" is 67(2)(b), not 67(3)(b)."""
    subsection = cite.cite(DOC, "67(2)").element
    (wrap_up,) = [c for c in subsection if local_name(c) == "wrapUp"]
    assert "".join(wrap_up.itertext()).strip().startswith("and any seafarer so engaged under clause (a) or clause (b)")
    hrefs = [r.get("href") for r in wrap_up.iterfind(".//a:ref", NS)]
    assert hrefs == ["#" + cite.cite(DOC, "67(2)(a)").eid, "#" + cite.cite(DOC, "67(2)(b)").eid]
    assert "may sign" not in "".join(cite.cite(DOC, "67(2)(b)").element.itertext())


def test_no_proviso_after_a_finished_list_is_left_in_its_last_item(root) -> None:
    """Audit item 6 as a property of the whole Bill: a first proviso inside a list item that is the last of its list
    qualifies the provision holding the list instead; those that stay are s.3(15)(ii)'s, the female case's own
    (paired with (i)'s, which ends "…so regarded; and"), and s.232(1)(d)'s (L3201-3203: "such a request" is the request
    only (d) speaks of, issue 23 item 4). Every other in-item proviso has a next item after its item."""
    items = {"paragraph", "subparagraph", "clause"}
    left = []
    for proviso in root.iter(f"{{{NS['a']}}}proviso"):
        item = proviso.getparent()
        if local_name(item) not in items or item.findall("a:proviso", NS)[0] is not proviso:
            continue
        siblings = [s for s in item.getparent() if local_name(s) == local_name(item)]
        if siblings[-1] is item:
            left.append(cite.citation(DOC, item.get("eId")))
    assert left == ["s. 3(15)(ii)", "s. 232(1)(d)"]


def test_the_eleven_wrap_ups_are_the_closing_words_of_their_lists(root) -> None:
    """Audit item 6: closing words printed after a list that govern every item are the list's wrap-up (AKN
    ``wrapUp``; an ``hcontainer`` where a proviso follows, s.23(1), 88(1) before its second list, 204), found by one
    rule (a lower-case line after a last item ending in a comma), not a list of places."""
    found = []
    for el in root.iter(f"{{{NS['a']}}}wrapUp", f"{{{NS['a']}}}hcontainer"):
        before = el.getprevious()
        words = " ".join("".join(el.itertext()).split())
        if before is not None and local_name(before) in {"paragraph", "subparagraph"} and words[:1].islower():
            found.append(cite.citation(DOC, el.getparent().get("eId")))
    assert found == [
        "s. 23(1)", "s. 56(1)", "s. 66(9)", "s. 67(2)", "s. 73(5)", "s. 88(1)", "s. 90", "s. 121(1)", "s. 169(5)",
        "s. 202(5)", "s. 204",
    ]  # fmt: skip
    assert "wages for the period" in cite.cite(DOC, "69(1)(b)").text  # (b)'s own words, (a) has its own list

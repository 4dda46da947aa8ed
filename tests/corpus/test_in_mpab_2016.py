"""The Major Port Authorities Bill, 2016 (layout gazette-bill): source 003, L4913-6097.

``fixtures/mpab/body_lines.txt`` holds lines cut verbatim from the Gazette, as ``line|text``: the Bill's preface,
Chapter I and sections 1-2 (L4913-5009), and the lines whose marginal notes are glued at a line end (L5251, L5291)
or letter-spaced (L5151, L5333, L5373, L5631). The structural tests read the committed XML through corpus.cite.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest
from bluebell.parser import parse_to_xml_bytes
from lxml import etree

from corpus import cite, layouts, xmlio
from corpus.catalogue import document
from corpus.cite import load, sections
from corpus.clean.gazette import clean
from corpus.layouts.gazette_bill import repair
from corpus.source_text import SourceText, read_document, read_source
from corpus.validate import schema_errors
from corpus.xmlio import NS

DOC = "in-mpab-2016"
FIXTURE = Path(__file__).parent / "fixtures" / "mpab" / "body_lines.txt"


def _fixture() -> dict[int, str]:
    rows = (row.split("|", 1) for row in FIXTURE.read_text(encoding="utf-8").splitlines())
    return {int(number): text for number, text in rows}


def _text(element: etree._Element) -> str:
    return " ".join("".join(element.itertext()).split())


def _nums(element: etree._Element, name: str) -> list[str]:
    return [e.findtext("a:num", namespaces=NS) for e in element.findall(f"a:{name}", NS)]


@pytest.fixture(scope="module")
def opening() -> etree._Element:
    """The builder's AKN for the fixture's L4913-5009: the preface, Chapter I, sections 1 and 2."""
    fixture = _fixture()
    lines = tuple(fixture.get(n, "") for n in range(1, 5010))
    source = SourceText(document(DOC).source_path, 4913, 5009, lines)
    root = xmlio.parse_bytes(
        parse_to_xml_bytes(layouts.to_markup(document(DOC), source).markup, "bill", document(DOC).frbr_uri)
    )
    assert schema_errors(root) == []
    return root


def test_fixture_is_cut_from_the_source() -> None:
    source = read_source(document(DOC).source_path)
    for number, text in _fixture().items():
        assert source.line(number) == text


def test_letter_spacing_and_broken_hyphens_are_repaired_as_edits() -> None:
    # a broken word is joined as the Bill writes it elsewhere: the whole extract is repaired, six of its lines read
    picked = (4951, 4999, 5151, 5333, 5373, 5631)
    repaired_all, all_edits = repair(sorted(_fixture().items()))
    repaired = [(n, t) for n, t in repaired_all if n in picked]
    edits = [e for e in all_edits if e.line in picked]
    assert [t.split(" ")[0] for _, t in repaired[2:4]] == ["Appointment", "Ship-owner's"]
    assert repaired[4][1] == "Application to Adjudicatory Board."
    assert "between the high-water mark" in repaired[0][1]
    assert "under sub-section (1) of section 21" in repaired[1][1]
    assert [(e.line, e.original, e.replacement) for e in edits] == [
        (4951, "high- water", "high-water"),
        (4999, "sub- section", "sub-section"),
        (5151, "A p p o i n t m e n t", "Appointment"),
        (5333, "S h i p - o w n e r 's", "Ship-owner's"),
        (5373, "A d j u d i c a t o r y", "Adjudicatory"),
        (5631, "A d j u d i c a t o r y", "Adjudicatory"),
    ]


def test_preface(opening: etree._Element) -> None:
    preface = opening.find(".//a:preface", NS)
    assert _text(preface.find("a:p", NS)) == "BILL NO. 328 OF 2016"
    assert _text(preface.find(".//a:longTitle", NS)).startswith("A Bill to provide for regulation, operation and")
    assert _text(preface.find(".//a:longTitle", NS)).endswith("connected therewith or incidental thereto.")
    assert _text(opening.find(".//a:preamble", NS)).startswith("BE it enacted by Parliament in the Sixty-seventh")


def test_marginal_note_after_the_number_and_text_across_it(opening: etree._Element) -> None:
    s1 = opening.find(".//a:section", NS)
    assert s1.findtext("a:heading", namespaces=NS) == "Short title, commencement and application."
    # L4929 "(2) … by notification" / L4931 the note / L4933 "in the Official Gazette, appoint."
    assert _text(s1.findall("a:subsection", NS)[1]).endswith("by notification in the Official Gazette, appoint.")


def test_definitions_in_s2_1(opening: etree._Element) -> None:
    s2 = opening.findall(".//a:section", NS)[1]
    assert s2.findtext("a:heading", namespaces=NS) == "Definitions."
    subsection = s2.find("a:subsection", NS)
    letters = [chr(c) for c in range(ord("a"), ord("z") + 1)] + ["za", "zb", "zc", "zd"]
    assert _nums(subsection, "paragraph") == [f"({x})" for x in letters]
    paragraphs = subsection.findall("a:paragraph", NS)
    assert _text(paragraphs[8].find("a:content", NS)).startswith('"high-water mark"')  # the letter after (h)
    assert _nums(paragraphs[19], "subparagraph") == ["(i)", "(ii)"]  # (t) "owner",— (i) … (ii) …
    defs = [d.text for d in paragraphs[14].iter(f"{{{NS['a']}}}def")]
    assert defs == ["Major Port", "Major Port Authority"]  # (o) "Major Port" or 'Major Port Authority' means
    assert [p.find(".//a:def", NS).text for p in paragraphs[:3]] == ["Adjudicatory Board", "Board", "capital reserves"]
    explanation = paragraphs[20].find("a:content/a:blockContainer[@class='explanation']", NS)
    assert explanation is not None and explanation.find(".//a:def", NS).text == "transhipper"


def test_margin_citation_in_a_definition_is_a_side_note_citing_the_act(opening: etree._Element) -> None:
    """L4965 "15 of 1908.", printed in the margin beside (l) "Indian Ports Act" means the Indian Ports Act, 1908;"""
    s2 = opening.findall(".//a:section", NS)[1]
    (p,) = s2.findall("a:subsection/a:paragraph[12]/a:content/a:p", NS)
    (note,) = p.findall("a:authorialNote", NS)
    before, after = "".join(p.itertext()).split("".join(note.itertext()))
    assert (before, after) == ('"Indian Ports Act" means the Indian Ports Act, 1908', ";")  # beside the Act it names
    assert note.get("placement") == "side"
    (ref,) = note.findall("a:p/a:ref", NS)
    assert (ref.get("href"), ref.text) == ("/akn/in/act/1908/15", "15 of 1908.")


# -- the built document ------------------------------------------------------------------------------------------


def test_65_sections_in_order_each_with_a_heading() -> None:
    found = sections(DOC)
    assert list(found) == [str(n) for n in range(1, 66)]
    assert all(s.findtext("a:heading", namespaces=NS) for s in found.values())


def test_chapters_and_lettered_subheads() -> None:
    body = load(DOC).find(".//a:body", NS)
    assert _nums(body, "chapter") == ["I", "II", "III", "IV", "V", "VI", "VII", "VIII"]
    chapter3, chapter4 = body.findall("a:chapter", NS)[2:4]
    assert [_text(c) for c in chapter3.findall("a:crossHeading", NS)] == [
        "A. STAFF OF MAJOR PORT AUTHORITY",
        "B. PROPERTY AND CONTRACTS",
        "C. PLANNING AND DEVELOPMENT",
        "D. IMPOSITION OF RATES",
    ]
    assert [_text(c) for c in chapter4.findall("a:crossHeading", NS)] == [
        "A. FINANCIAL POWERS OF BOARDS OF MAJOR PORT AUTHORITIES",
        "B. GENERAL ACCOUNTS OF MAJOR PORT AUTHORITIES",
        "C. ACCOUNTS AND AUDIT",
    ]
    assert _nums(chapter3, "section") == [f"{n}." for n in range(17, 30)]


def test_subsection_and_definition_counts() -> None:
    assert len(cite(DOC, "2(1)").element.findall("a:paragraph", NS)) == 30
    assert _nums(cite(DOC, "51").element, "subsection") == [f"({n})" for n in range(1, 13)]
    assert _nums(cite(DOC, "57").element, "subsection") == ["(1)", "(2)", "(3)", "(4)"]


def test_four_levels_deep() -> None:
    provision = cite(DOC, "35(a)(i)(A)")
    assert provision.element.tag == f"{{{NS['a']}}}clause"
    assert provision.text.startswith("(A) as the sinking fund")
    assert provision.citation == "s. 35(a)(i)(A)"


def test_notes_glued_at_a_line_end_become_whole_headings() -> None:
    fixture = _fixture()
    assert fixture[5251].endswith("perform any Contracts by Board.")
    assert fixture[5291].endswith("any Scale of rates for assets and services available at Major Port.")
    assert cite(DOC, "21").heading == "Contracts by Board."
    assert cite(DOC, "21(1)").text == (
        "(1) The Board of each Major Port shall be competent to enter into and perform any contract necessary for "
        "the performance of its functions under this Act."
    )
    assert cite(DOC, "23").heading == "Scale of rates for assets and services available at Major Port."
    assert "under which any services shall be performed or made available;" in cite(DOC, "23(1)(a)").text
    assert cite(DOC, "14").heading == "Delegation of powers."
    assert cite(DOC, "60").heading == "Power of Central Government to make rules."


def test_wrap_up_after_a_list_and_items_after_it() -> None:
    s34 = cite(DOC, "34").element
    assert _nums(s34, "paragraph") == ["(a)", "(b)", "(c)", "(i)", "(ii)", "(iii)"]
    assert _text(s34.find("a:hcontainer", NS)).startswith("the Board shall be discharged from all its liability")
    wrap = cite(DOC, "16(1)(a)").element.find("a:wrapUp", NS)
    assert _text(wrap) == "be exercisable by the Central Government after consultation with the Chairperson;"


def test_provisos_and_explanations_are_their_own_elements() -> None:
    s23 = cite(DOC, "23(1)").element
    provisos = s23.findall("a:proviso", NS)
    assert len(provisos) == 3
    assert _nums(provisos[0], "paragraph") == ["(a)", "(b)", "(c)", "(d)", "(e)"]
    # s.51(3)(b)'s proviso sits in (b), since (c) follows it; (d)'s proviso closes the list, beside it.
    assert cite(DOC, "51(3)(b)").element.find("a:proviso", NS) is not None
    assert len(cite(DOC, "51(3)").element.findall("a:proviso", NS)) == 1
    explanation = cite(DOC, "57").element.find("a:wrapUp/a:blockContainer[@class='explanation']", NS)
    items = explanation.iter(f"{{{NS['a']}}}item")
    assert [i.findtext("a:num", namespaces=NS) for i in items] == ["(i)", "(ii)", "(iii)"]
    assert cite(DOC, "18(b)").element.find(".//a:blockContainer[@class='explanation']", NS) is not None


def test_notes_on_clauses_are_an_attachment_not_the_body() -> None:
    root = load(DOC)
    assert root.find(".//a:body", NS).xpath(".//*[starts-with(normalize-space(a:num), 'Clause')]", namespaces=NS) == []
    headings = [a.findtext("a:heading", namespaces=NS) for a in root.findall(".//a:attachment", NS)]
    assert headings == [
        "STATEMENT OF OBJECTS AND REASONS",
        "Notes on Clauses",
        "FINANCIAL MEMORANDUM",
        "MEMORANDUM REGARDING DELEGATED LEGISLATION",
    ]
    notes = root.findall(".//a:attachment", NS)[1].findall(".//a:mainBody/a:paragraph", NS)
    assert [n.findtext("a:num", namespaces=NS) for n in notes] == [f"Clause {n}." for n in range(1, 66)]


def test_schema_valid_with_unique_eids() -> None:
    root = load(DOC)
    assert schema_errors(root) == []
    eids = [e.get("eId") for e in root.iter() if isinstance(e.tag, str) and e.get("eId")]
    assert len(eids) == len(set(eids))


def test_corrections_keep_the_original_reading() -> None:
    assert "becomes incapable of acting" in cite(DOC, "9").text
    remarks = [_text(r) for r in load(DOC).iter(f"{{{NS['a']}}}remark")]
    assert any("the source reads “is here by repealed” (line 5829)" in r for r in remarks)


def test_every_word_of_the_source_reaches_the_markup() -> None:
    """Each word of the source, less the noise and repairs the builder lists, is in the markup (as many times)."""
    doc = document(DOC)
    source = read_document(doc)
    result = layouts.to_markup(doc, source)
    assert result.unparsed == []
    lines = dict(source.numbered())
    _, noise = clean(source.numbered())
    for edit in result.edits:
        assert edit.original in lines[edit.line], edit
        lines[edit.line] = lines[edit.line].replace(edit.original, edit.replacement, 1)
    words = Counter(w for text in lines.values() for w in re.findall(r"[A-Za-z0-9]+", text))
    kept = Counter(re.findall(r"[A-Za-z0-9]+", result.markup))
    assert words - kept == Counter()
    side_notes = {m.line for m in result.moved if m.to.startswith("side note")}  # the margin citations, kept
    assert {e.line for e in noise} <= {e.line for e in result.edits} | side_notes
    assert len([m for m in result.moved if m.to.startswith("side note")]) == 31

"""The 1875 and 1880 Acts as built: recovered sections, anchors landing on the right provisions, definitions,
editorial marking, strict validity and nothing lost."""

from __future__ import annotations

import dataclasses
import re
from collections import Counter
from functools import cache

import pytest

from corpus.build import Built, build_one
from corpus.catalogue import document
from corpus.clean import old_acts_sections
from corpus.layouts import QuirksError, old_acts, quirks_data
from corpus.source_text import read_document
from corpus.validate import schema_errors
from corpus.xmlio import NS

ACTS = {"in-msa-1880": (84, 88), "in-ipa-1875": (77, 80)}


@cache
def built(doc_id: str) -> Built:
    return build_one(document(doc_id))


def section(doc_id: str, number: int):
    (found,) = built(doc_id).root.xpath(f"//a:section[a:num='{number}.']", namespaces=NS)
    return found


def words_of(element) -> str:
    return " ".join("".join(element.itertext()).split())


@pytest.mark.parametrize("doc_id", ACTS)
def test_section_count_matches_the_reviewed_table(doc_id: str) -> None:
    low, high = ACTS[doc_id]
    table = old_acts_sections.load(quirks_data(document(doc_id))["sections_table"])
    sections = built(doc_id).root.findall(".//a:section", NS)
    assert low <= len(sections) <= high
    assert [s.findtext("a:num", namespaces=NS) for s in sections] == [f"{s.number}." for s in table.sections]
    assert built(doc_id).result.facts["sections"] == len(table.sections)


@pytest.mark.parametrize("doc_id", ACTS)
def test_every_reference_resolves_and_every_anchor_lands(doc_id: str) -> None:
    doc = document(doc_id)
    source = read_document(doc)
    table = old_acts_sections.load(quirks_data(doc)["sections_table"])
    supplied = {62: "a"} if doc_id == "in-msa-1880" else {}
    assert old_acts_sections.check(table, source, supplied) == []
    facts = built(doc_id).result.facts
    assert facts["unresolved_references"] == []
    assert facts["references"] and all(r["cites"] for r in facts["references"])


@pytest.mark.parametrize(
    ("doc_id", "number", "words"),
    [
        ("in-ipa-1875", 40, "creep or sweep"),  # the 1880 Act L313: "section 40 ... creeping or sweeping"
        ("in-ipa-1875", 15, "stranded or sunk"),  # L261 "a Conservator acting under section fifteen"
        ("in-ipa-1875", 22, "with the consent in writing of the Conservator"),  # L423 "the consent ... section 22"
        ("in-ipa-1875", 52, "distrain or arrest"),  # L335 "in the manner prescribed in section fifty-two"
        ("in-ipa-1875", 37, "inflammable oil"),  # L249 "any rule made under section thirty-seven"
        ("in-msa-1880", 8, "appoint some competent person to survey"),  # L57 "appointed under section eight"
        ("in-msa-1880", 11, "the following powers"),  # L93/L349 "powers ... by section eleven"
        ("in-msa-1880", 34, "circular disc"),  # L151 "marked as by section thirty-four required"
        ("in-msa-1880", 59, "receive and afford a passage"),  # L231 "contrary to ... section fifty-nine"
        ("in-msa-1880", 74, "deliver the same to the receiver of wreck"),  # L325/L341 "section seventy-four"
    ],
)
def test_anchor_lands_on_its_provision(doc_id: str, number: int, words: str) -> None:
    assert words.lower() in words_of(section(doc_id, number)).lower()


def test_cited_clauses_exist() -> None:
    (clause_c,) = section("in-msa-1880", 62).xpath("a:paragraph[a:num='(c)']", namespaces=NS)
    assert "registered in British India" in words_of(clause_c)
    (clause_o,) = section("in-ipa-1875", 7).xpath("a:paragraph[a:num='(o)']", namespaces=NS)
    assert "gunpowder" in words_of(clause_o)


@pytest.mark.parametrize(
    ("doc_id", "number", "terms"),
    [
        ("in-msa-1880", 2, ["ship", "master", "port"]),
        ("in-msa-1880", 4, ["British Indian ship", "British ship", "manner prescribed", "unseaworthy", "unsafe"]),
        ("in-msa-1880", 54, ["Local authority"]),
        ("in-ipa-1875", 4, ["Vessel", "Master", "Pilot", "Owner", "Gunpowder", "Magistrate", "Port"]),
    ],
)
def test_definitions(doc_id: str, number: int, terms: list[str]) -> None:
    defs = section(doc_id, number).findall(".//a:def", NS)
    assert [d.text for d in defs] == terms


def test_gloss_repairs_are_edits() -> None:
    edits = built("in-msa-1880").result.edits
    assert [(e.line, e.original) for e in edits][:3] == [(7, "ship . "), (9, "master . "), (11, "port . ")]
    assert len(built("in-ipa-1875").result.edits) == 7 + 2  # the glosses, and L405's two caret superscripts


@pytest.mark.parametrize("doc_id", ACTS)
def test_numbering_is_marked_editorial(doc_id: str) -> None:
    for sec in built(doc_id).root.findall(".//a:section", NS):
        remark = sec.find("a:heading/a:remark", NS)
        assert remark is not None and remark.get("status") == "editorial"
        assert re.search(r"recovered editorially .*confidence: (high|medium|low)", remark.text)
    numbering = built(doc_id).result.facts["recovered_numbering"]
    assert set(Counter(v["confidence"] for v in numbering.values())) <= {"high", "medium", "low"}


def test_supplied_chapter_heading_and_label() -> None:
    chapter = built("in-msa-1880").root.find(".//a:chapter", NS)
    assert chapter.findtext("a:num", namespaces=NS) == "I"
    assert "supplied editorially" in words_of(chapter.find("a:heading", NS))
    (clause_a,) = section("in-msa-1880", 62).xpath("a:paragraph[a:num='(a)']", namespaces=NS)
    assert "label (a) is not in the source" in words_of(clause_a)


def test_structure_elements() -> None:
    s61 = section("in-msa-1880", 61)
    assert len(s61.xpath(".//a:proviso//a:paragraph[a:num='(b)']/a:subparagraph", namespaces=NS)) == 4
    assert len(section("in-msa-1880", 71).xpath("a:paragraph[not(a:num)]", namespaces=NS)) == 5  # "wreck"
    explanations = built("in-ipa-1875").root.xpath("//a:blockContainer[@class='explanation']", namespaces=NS)
    assert len(explanations) == 2
    s2 = section("in-ipa-1875", 2)
    assert [p.findtext("a:num", namespaces=NS) for p in s2.findall("a:paragraph", NS)] == [
        "(a)",
        "(b)",
        "(c)",
        "(d)",
        "(e)",
    ]
    assert len(built("in-ipa-1875").root.findall(".//a:attachment", NS)) == 2


@pytest.mark.parametrize("doc_id", ACTS)
def test_schema_valid_with_unique_eids(doc_id: str) -> None:
    root = built(doc_id).root
    assert schema_errors(root) == []
    eids = [e.get("eId") for e in root.iter() if e.get("eId")]
    assert len(eids) == len(set(eids))


@pytest.mark.parametrize("doc_id", ACTS)
def test_nothing_dropped(doc_id: str) -> None:
    """Every word of every non-blank source line is in the XML text, in source order (glosses and notes included:
    they move only to the heading just before their text; corrections keep the original reading in a remark)."""
    doc = document(doc_id)
    source = read_document(doc)
    text = " ".join("".join(built(doc_id).root.find("a:act", NS).itertext()).split())
    position = 0
    for line, words in source.numbered():
        for word in re.findall(r"[A-Za-z0-9]+", words):
            found = text.find(word, position)
            assert found >= 0, f"line {line}: {word!r} missing after position {position}"
            position = found + len(word)
    assert built(doc_id).result.unparsed == []


@pytest.mark.parametrize(
    ("doc_id", "number", "notes", "before"),
    [
        # 000 L49/L51: "When the Local Government provisionally orders the detention of a ship," / "Action on receipt of
        # his report. it shall forthwith appoint…": one sentence, its note beside its second line
        ("in-msa-1880", 8, ["Action on receipt of his report"], "detention of a ship,"),
        # 000 L57-61: one sentence over three lines, two notes beside the second and third
        ("in-msa-1880", 9, ["Procedure where surveyor and assessor agree", "where they differ"], "experience; and"),
        # 000 L1/L3: "This Act may be called The Indian Merchant Shipping Act, 1880:" / "Commencement. and it shall…"
        ("in-msa-1880", 1, ["Commencement"], "Merchant Shipping Act, 1880:"),
    ],
)
def test_a_note_beside_a_sentence_that_goes_on_is_a_side_note_not_a_new_subsection(
    doc_id: str, number: int, notes: list[str], before: str
) -> None:
    s = section(doc_id, number)
    sides = s.xpath(".//a:authorialNote[@placement='side']", namespaces=NS)
    assert [words_of(n) for n in sides] == notes
    first = sides[0].getparent()
    assert words_of(first.getprevious()).endswith(before)  # the sentence's first line, in the same block
    assert first.getparent() is first.getprevious().getparent()
    assert sides[0].tail.strip()[:1].islower()  # the line it stood beside goes on with the sentence


@pytest.mark.parametrize("doc_id", ACTS)
def test_every_sentence_that_goes_on_stays_in_its_block(doc_id: str) -> None:
    """No unnumbered subsection of the Acts opens with a lower-case word (a sentence cut in two)."""
    firsts = {
        el.get("eId"): el.xpath("(a:content|a:intro)/a:p", namespaces=NS)
        for el in built(doc_id).root.iterfind(".//a:body//a:subsection", NS)
    }
    assert [eid for eid, ps in firsts.items() if ps and words_of(ps[0])[:1].islower()] == []


def test_a_caret_before_an_ordinal_suffix_is_a_superscript() -> None:
    """002 L405: "the Statute 17^th & 18^th of Victoria, chapter 104" (the print's superscripts)."""
    sups = built("in-ipa-1875").root.xpath("//a:sup", namespaces=NS)
    assert ["".join(s.itertext()) for s in sups] == ["th", "th"]
    assert words_of(sups[0].getparent()).count("17th & 18th of Victoria") == 1
    assert [(e.line, e.original) for e in built("in-ipa-1875").result.edits if "^" in e.original] == [
        (405, "17^th"),
        (405, "18^th"),
    ]


def test_a_supplied_chapter_without_its_heading_is_an_error_naming_the_table() -> None:
    """The 1875 Act's table supplies Chapter I (no line) with its heading PRELIMINARY; without it, an error."""
    doc = document("in-ipa-1875")
    quirks = old_acts.read_quirks(quirks_data(doc), doc)
    numbering = old_acts_sections.load(quirks.sections_table)
    first = numbering.chapters[0]
    assert (first.line, first.heading) == (None, "PRELIMINARY")
    numbering.chapters[0] = dataclasses.replace(first, heading=None)
    with pytest.raises(QuirksError, match=r"old_acts_sections_1875.yaml: chapter I: no line, and no heading supplied"):
        old_acts.write(read_document(doc), numbering, quirks, [])


def test_an_anchor_outside_every_section_is_a_problem_not_a_crash() -> None:
    """A reviewed anchor of "the last preceding section" on a line no section holds (a Part's heading: the 1880
    Act's Part II, line 13): one problem line (before, ``None - 1`` raised a TypeError)."""
    doc = document("in-msa-1880")
    source = read_document(doc)
    table = old_acts_sections.load(quirks_data(doc)["sections_table"])
    heading = next(c.line for c in table.chapters if c.line)
    assert old_acts_sections.section_of(heading, old_acts_sections.spans(table, source)) is None
    table.anchors.append(old_acts_sections.Anchor(heading, "last-preceding", ("section",), None))
    problems = old_acts_sections.check(table, source, {62: "a"})
    assert problems == [f"anchor line {heading}: in no section of the table, so no section precedes it"]

"""The Pakistan Merchant Shipping Ordinance, 2001 (pk-mso-2001): the builder's quirk modules and the built document.

Fixtures (tests/corpus/fixtures/pk_mso_2001/) are extracts cut verbatim from the source, each headed by the line
range it was cut from (the test checks that the extract still matches the source); ``<name>.expected`` is the
markup the builder must produce for it, in the style of bluebell's own fixture tests. The structural assertions at the
end read the committed AKN through corpus.cite.
"""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pytest
from bluebell.parser import AkomaNtosoParser, parse_to_xml_bytes
from lxml import etree

from corpus import cite, labels, layouts, load
from corpus.catalogue import document
from corpus.cite import CitationError, sections
from corpus.clean import pk_dashes, pk_definitions, pk_hyphens, pk_insertion, pk_seams
from corpus.layouts import pk_ordinance
from corpus.source_text import SourceText, read_document, read_source
from corpus.validate import schema_errors
from corpus.xmlio import NS

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "pk_mso_2001"
DOC = "pk-mso-2001"
_HEADER = re.compile(r"^# (?P<file>\S+) L(?P<first>\d+)-(?P<last>\d+)$")


def extract(name: str) -> SourceText:
    """The fixture ``name`` as the SourceText of its lines of the source file it was cut from (the file's other lines
    are the evidence the hyphen rule reads: corpus.clean.pk_hyphens)."""
    header, *lines = (FIXTURES / f"{name}.txt").read_text(encoding="utf-8").rstrip("\n").split("\n")
    match = _HEADER.match(header)
    assert match, f"{name}.txt must start with '# <source file> L<first>-<last>'"
    first, last = int(match["first"]), int(match["last"])
    assert len(lines) == last - first + 1
    source = read_source(document(DOC).source_path)
    assert list(source.all_lines[first - 1 : last]) == lines, f"{name}.txt is not the source's L{first}-{last}"
    return SourceText(path=source.path, first=first, last=last, all_lines=source.all_lines)


FIXTURE_NAMES = sorted(p.stem for p in FIXTURES.glob("*.txt"))


@pytest.mark.parametrize("name", FIXTURE_NAMES)
def test_fixture_is_cut_from_the_source(name: str) -> None:
    piece = extract(name)
    source = read_source(document(DOC).source_path)
    assert [t for _, t in piece.numbered()] == [source.line(n) for n in range(piece.first, piece.last + 1)]


@pytest.mark.parametrize("name", FIXTURE_NAMES)
def test_fixture_markup(name: str) -> None:
    expected = (FIXTURES / f"{name}.expected").read_text(encoding="utf-8")
    assert layouts.to_markup(document(DOC), extract(name)).markup == expected


@pytest.mark.parametrize("name", FIXTURE_NAMES)
def test_fixture_markup_round_trips_through_bluebell(name: str) -> None:
    """markup → AKN → markup (bluebell's unparser) → the same AKN, as test_bluebell_roundtrip.py asks of the corpus."""
    doc = document(DOC)
    xml = parse_to_xml_bytes((FIXTURES / f"{name}.expected").read_text(encoding="utf-8"), doc.kind, doc.frbr_uri)
    unparsed = AkomaNtosoParser(doc.frbr_uri).unparse(etree.fromstring(xml)[0])
    assert parse_to_xml_bytes(unparsed, doc.kind, doc.frbr_uri) == xml


# -- the quirk modules, on text from the source -------------------------------------------------------------------


def test_heading_tail_repeated_on_body_line_is_removed() -> None:
    result = layouts.to_markup(document(DOC), extract("s141_heading_tail_repeated"))
    assert "SEC 141. - Entries to be made in seamen's service book and return of certificates of competency to " in (
        result.markup
    )
    assert "  SUBSEC (1)\n        If a seaman is discharged" in result.markup
    assert [(e.line, e.original) for e in result.edits] == [(1259, "competency to Officers on discharge.—")]


def test_heading_word_continued_on_body_line() -> None:
    result = layouts.to_markup(document(DOC), extract("s243_heading_word_continued"))
    assert "SEC 243. - Ship not to be boarded without permission before seamen leaves.\n" in result.markup
    assert "      Where a ship has arrived" in result.markup
    assert {(e.line, e.original, e.replacement) for e in result.edits} == {
        (2031, "seamen leave.", "seamen leaves."),
        (2032, "s.", ""),
        (2032, "––", ""),
    }


def test_heading_words_continued_on_body_line_are_moved() -> None:
    result = layouts.to_markup(document(DOC), extract("s374_heading_words_continued"))
    assert "to which Load Line Convention applies.\n" in result.markup
    assert [(m.line, m.text) for m in result.moved] == [(3276, "Convention applies.")]
    assert "SUBSEC (1)\n        Any surveyor authorised" in result.markup


def test_one_line_heading_and_capital_i() -> None:
    seam = pk_seams.read_heading(296, extract("s013_heading_and_body_on_one_line").line(296))
    assert seam is not None
    assert (seam.num, seam.heading) == ("13", "Qualification for registration of Pakistani ships.")
    assert seam.body is not None and seam.body.startswith("(1) For the purposes")
    assert "“(I)”" in seam.remark
    assert [(e.original, e.replacement) for e in seam.edits] == [("—", ""), ("(I)", "(1)")]


def test_insertion_marks_of_section_79A() -> None:
    piece = extract("s079A_inserted_section")
    assert pk_insertion.strip_open(708, piece.line(708))[0].startswith("79A. Regulation")
    text, edit = pk_insertion.strip_close(719, piece.line(719))
    assert text.endswith("as may be prescribed.") and edit is not None and edit.original == "]¹"
    result = layouts.to_markup(document(DOC), piece)
    assert "SEC 79A. - Regulation and determination of port charges by Shipping Companies and Shipping Agents etc." in (
        result.markup
    )
    assert "¹" not in result.markup.replace(pk_insertion.REMARK, "")
    assert [(m.line, m.text) for m in result.moved] == [(709, "Agents etc.")]


def test_words_broken_at_line_ends_are_joined() -> None:
    result = layouts.to_markup(document(DOC), extract("s486_words_broken_at_line_ends"))
    assert "or in a case of collision has failed" in result.markup
    assert "as is required by section 413 or that" in result.markup
    joins = [(e.line, e.original, e.replacement) for e in result.edits if e.reason.startswith("a word broken")]
    assert joins == [(4405, "col-lision", "collision"), (4405, "sec-tion", "section")]
    assert result.facts["hyphen_joins"] == 2


@pytest.mark.parametrize(
    ("word", "broken"),
    [
        ("cer-tificates", True),  # s.449(2)(f) L4002; "certificates" 130 times
        ("in-consistent", True),  # s.608 L5523, s.609 L5528; "inconsistent" 5 times, hyphenated twice
        ("coast-wise", True),  # s.2(5) L48; "coastwise" once (s.15(b) L326), hyphenated once
        ("sub-section", False),  # 300 times; "subsection" 4 times
        ("free-board", False),  # s.367 L3193, s.372(2) L3270, 3 times; "freeboard" once (s.454 L4056)
        ("home-trade", False),  # never printed solid
        ("sea-going", False),
        ("log-book", False),  # 37 times; "logbook" twice
        ("re-registered", False),
        ("power-of-attorney", False),  # three parts: not read by the rule
    ],
)
def test_broken_word_or_compound_by_the_texts_evidence(word: str, broken: bool) -> None:
    source = read_source(document(DOC).source_path)
    solid, hyphenated = pk_hyphens.evidence(list(source.all_lines))
    assert pk_hyphens.is_broken(word, solid, hyphenated) is broken


def test_a_broken_word_without_evidence_is_listed_with_its_line() -> None:
    quirks = pk_ordinance.read_quirks(layouts.quirks_data(document(DOC)), document(DOC))
    assert {(b.line, b.word) for b in quirks.broken_words} == {(1980, "un-employed"), (5060, "exclud-ing")}
    markup = layouts.to_markup(document(DOC), extract("s552_roman_or_letter_i")).markup
    assert "operational waste excluding fresh fish" in markup
    wrong = replace(quirks, broken_words=(pk_hyphens.Broken(5061, "exclud-ing"),))
    with pytest.raises(layouts.QuirksError, match="line 5061 of 004_aa19ee5f974f7c12.txt does not hold"):
        pk_ordinance.to_markup(read_document(document(DOC)), wrong)


def test_paragraphs_that_lost_their_opening_words() -> None:
    quirks = pk_ordinance.read_quirks(layouts.quirks_data(document(DOC)), document(DOC))
    assert [(o.line, o.words) for o in quirks.lost_openings] == [
        (2019, "Officer or any officer duly authorised"),
        (2578, "keep such diaries"),
    ]
    assert cite(DOC, "311").element.find(".//a:p/a:remark", NS) is not None
    wrong = replace(quirks, lost_openings=(pk_seams.LostOpening(2019, "any officer", "words are missing"),))
    with pytest.raises(layouts.QuirksError, match="line 2019 does not start with 'any officer'"):
        pk_ordinance.to_markup(read_document(document(DOC)), wrong)


def test_the_joined_reference_links() -> None:
    ref = cite(DOC, "486(2)(b)").element.find(".//a:ref", NS)
    assert ref is not None and ref.text == "section 413" and ref.get("href") == "#part_VII__chp_30__sec_413"


@pytest.mark.parametrize(
    ("text", "rest", "dash"),
    [("––The master", "The master", "––"), ("–(1) In this", "(1) In this", "–"), ("–-If any", "If any", "–-")],
)
def test_leading_dash(text: str, rest: str, dash: str) -> None:
    stripped, edit = pk_dashes.strip_leading_dash(10, text, "section body")
    assert stripped == rest and edit is not None and edit.original == dash


def test_roman_or_letter_i() -> None:
    assert labels.candidates("i") == [("letter", 9), ("roman", 1)]
    assert labels.candidates("iv") == [("roman", 4)]
    assert labels.candidates("x") == [("letter", 24), ("roman", 10)]
    markup = layouts.to_markup(document(DOC), extract("s552_roman_or_letter_i")).markup
    assert "      PARA (e)\n" in markup and "        SUBPARA (i)\n          dumping" in markup
    assert "      PARA (i)\n        “{{def instantaneous rate of discharge of oil content}}” means" in markup


@pytest.mark.parametrize(
    ("clause", "marked"),
    [
        ("“apprentice” means a person", "“{{def apprentice}}” means a person"),
        (
            "“home-trade ship” or “home-trade passenger ship” means ship",
            "“{{def home-trade ship}}” or “{{def home-trade passenger ship}}” means ship",
        ),
        ("“effects”, in relation to a seaman, includes", "“{{def effects}}”, in relation to a seaman, includes"),
        ("“surveyor' means a surveyor", "“{{def surveyor}}' means a surveyor"),  # s.2(41) L172
        ("wages” includes emoluments;", "{{def wages}}” includes emoluments;"),  # s.2(58) L214
        ("Noxious liquid substances means any", "{{def Noxious liquid substances}} means any"),  # s.552(m) L5086
        ("“oil tanker’ means a ship", "“{{def oil tanker}}’ means a ship"),  # s.552(p) L5092
    ],
)
def test_definition_terms(clause: str, marked: str) -> None:
    assert pk_definitions.mark_clause(clause) == marked


@pytest.mark.parametrize(
    ("text", "marked"),
    [
        (  # s.389(8) L3442
            "In this section and section 388 the expression “grain” includes wheat, … and the expression “ship carrying"
            " a cargo of grain” means a ship",
            "In this section and section 388 the expression “{{def grain}}” includes wheat, … and the expression"
            " “{{def ship carrying a cargo of grain}}” means a ship",
        ),
        (  # s.542(2) L4956
            "For the purpose of this section “claims for loss of life” means any such claims",
            "For the purpose of this section “{{def claims for loss of life}}” means any such claims",
        ),
        # s.389(7) L3440: a quoted expression that is not defined here
        ("be included in the expression “necessary and reasonable precautions”.", None),
        ("“apprentice” means a person", None),  # s.2(1): a definitions section's clause, marked by its section
        ("In this section the expression “{{def dangerous goods}}” means", None),  # s.382 Explanation: marked already
    ],
)
def test_a_definition_limited_to_its_place(text: str, marked: str | None) -> None:
    assert pk_definitions.mark_scoped(text) == (text if marked is None else marked)


def test_definitions_in_subsections_of_sections_389_and_542() -> None:
    for name in ("s389_definitions_in_a_subsection", "s542_definition_in_a_subsection"):
        result = layouts.to_markup(document(DOC), extract(name))
        assert result.facts["definitions"] == 1, name  # one paragraph defines: s.389(8), s.542(2)


def test_not_a_definition() -> None:
    assert pk_definitions.mark_clause("in relation to a registered ship, the person or persons and companies") is None


# -- the built document ------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def root() -> etree._Element:
    return load(DOC)


def _text(element: etree._Element) -> str:
    return " ".join("".join(element.itertext()).split())


def _nums(element: etree._Element, name: str) -> list[str]:
    return [c.findtext("a:num", namespaces=NS) for c in element if etree.QName(c).localname == name]


def test_the_document_validates_strictly(root: etree._Element) -> None:
    assert schema_errors(root) == []


def test_eids_are_unique(root: etree._Element) -> None:
    eids = [e.get("eId") for e in root.iter() if e.get("eId")]
    assert len(eids) == len(set(eids))


def test_611_sections_in_order() -> None:
    numbers = list(sections(DOC))
    assert numbers == [str(n) for n in range(1, 80)] + ["79A"] + [str(n) for n in range(80, 611)]


def test_sections_have_headings() -> None:
    assert all(cite(DOC, n).heading for n in sections(DOC))
    assert cite(DOC, "161").heading == "Wages on termination of service by wreck, illness, etc."


def test_parts_and_chapters(root: etree._Element) -> None:
    body = root.find(".//a:body", NS)
    assert _nums(body, "part") == [
        "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII", "XIII", "XIV", "XV", "XVI"
    ]  # fmt: skip
    chapters = body.findall(".//a:chapter", NS)
    assert [c.findtext("a:num", namespaces=NS) for c in chapters] == [str(n) for n in range(1, 47)]
    assert _text(chapters[13].find("a:heading", NS)) == "PROVISIONS AND ACCOMMODATION FOR SEAMEN AND THEIR HEALTH"
    assert chapters[16].find("a:heading", NS) is None  # Chapter 17 has no title
    assert _text(chapters[20].find("a:heading", NS)) == "CONSTRUCTION OF SHIPS AND SAFETY EQUIPMENT, ETC"


def test_lettered_subparts_are_crossheadings(root: etree._Element) -> None:
    headings = [_text(c) for c in root.iterfind(".//a:crossHeading", NS)]
    assert headings[0] == "(A) PAYMENT OF WAGES" and headings[3] == "A.—UNIFORM" and len(headings) == 9
    assert cite(DOC, "161").eid == "part_IV__chp_11__sec_161"


def test_section_161() -> None:
    assert _nums(cite(DOC, "161").element, "subsection") == ["(1)", "(2)", "(3)"]
    assert "whichever be longer" in cite(DOC, "161(1)(a)(i)").text
    assert "not less than one month's wages" in cite(DOC, "161(1)(a)(ii)(a)").text
    assert "not less than three month's wages" in cite(DOC, "161(1)(a)(ii)(b)").text
    assert "unfitness or inability" in cite(DOC, "161(1)(b)").text
    assert cite(DOC, "161(1)(a)(ii)(b)").eid == "part_IV__chp_11__sec_161__subsec_1__para_a__subpara_ii__cl_b"


def test_subsection_counts() -> None:
    for number, count in {"204": 2, "317": 5, "319": 3, "321": 7, "364": 2, "367": 11, "374": 8}.items():
        assert _nums(cite(DOC, number).element, "subsection") == [f"({n})" for n in range(1, count + 1)], number


def test_section_208_clauses() -> None:
    element = cite(DOC, "208").element
    assert _nums(element, "paragraph") == ["(i)", "(ii)", "(iii)", "(iv)", "(v)", "(vi)", "(vii)"]
    assert "fourteen days' pay" in cite(DOC, "208(ii)").text


def test_definitions(root: etree._Element) -> None:
    clauses = [c for c in cite(DOC, "2").element if etree.QName(c).localname == "paragraph"]
    assert [c.findtext("a:num", namespaces=NS) for c in clauses] == [f"({n})" for n in range(1, 61)]
    assert all(c.find("a:content/a:p/a:def", NS) is not None or c.find("a:intro/a:p/a:def", NS) is not None
               for c in clauses)  # fmt: skip
    terms = [_text(d) for d in cite(DOC, "2").element.iterfind(".//a:def", NS)]
    assert terms[:3] == ["apprentice", "bareboat or demise charter", "cargo ship"] and "wages" in terms
    for number, count in {"199(1)": 2, "222(1)": 3, "552": 20}.items():
        assert len(cite(DOC, number).element.findall("./*/*/a:p/a:def", NS)) == count, number
    assert _text(cite(DOC, "552(m)").element.find(".//a:def", NS)) == "Noxious liquid substances"


def test_section_552_nesting() -> None:
    assert _nums(cite(DOC, "552(e)").element, "subparagraph") == ["(i)", "(ii)", "(iii)"]
    assert "instantaneous rate" in cite(DOC, "552(i)").text
    assert _nums(cite(DOC, "552(l)(iv)").element, "clause") == ["(a)", "(b)", "(c)"]


def test_provisos_and_explanations(root: etree._Element) -> None:
    assert len(root.findall(".//a:body//a:proviso", NS)) == 61
    explanations = root.findall(".//a:body//a:blockContainer[@class='explanation']", NS)
    assert len(explanations) == 8 and not root.findall(".//a:body//a:level[@class='explanation']", NS)
    assert cite(DOC, "2(32)").element.find("a:proviso", NS) is not None
    assert cite(DOC, "1(3)").element.find("a:proviso/a:paragraph/a:num", NS).text == "(i)"
    explanation = cite(DOC, "535(1)").element.find(".//a:blockContainer[@class='explanation']", NS)
    assert explanation is not None and _nums(explanation.find("a:blockList", NS), "item") == ["(a)", "(b)"]
    with pytest.raises(CitationError):
        cite(DOC, "535(1)(a)")  # the explanation's clauses are not clauses of the subsection


def test_section_79A_is_marked_as_inserted() -> None:
    element = cite(DOC, "79A").element
    assert "Inserted by amendment" in _text(element.find("a:heading", NS))
    assert _nums(element, "subsection") == ["(1)", "(2)", "(3)", "(4)"]


def test_schedule(root: etree._Element) -> None:
    attachment = root.find(".//a:attachments/a:attachment", NS)
    assert _text(attachment.find("a:heading", NS)) == "THE SCHEDULE"
    assert _text(attachment.find("a:subheading", NS)) == "(See section 610)"
    lists = attachment.findall(".//a:blockList", NS)
    assert [len(lst.findall("a:item", NS)) for lst in lists] == [7, 20]
    assert _text(lists[0].find("a:listIntroduction", NS)) == "(A) PART I.— PAKISTAN LAWS"
    assert "Salvage) Act, 1940" in "".join(lists[1].findall("a:item", NS)[-1].itertext())


def test_preface_and_preamble(root: etree._Element) -> None:
    assert _text(root.find(".//a:preface/a:longTitle", NS)) == (
        "to consolidate and amend the law relating to merchant shipping"
    )
    assert _text(root.find(".//a:preamble/a:p", NS)).startswith("WHEREAS it is expedient")


def test_every_word_of_the_source_is_kept_in_order() -> None:
    """Replay the builder's edits and moves on the source: every remaining word is in the markup, in order."""
    doc = document(DOC)
    source = read_document(doc)
    result = layouts.to_markup(document(DOC), source)
    assert result.facts["unparsed"] == len(result.unparsed) == 0
    assert result.facts["sections"] == 611
    assert result.facts["hyphen_joins"] == 39
    lines = dict(source.numbered())
    for edit in result.edits:
        assert edit.original in lines[edit.line], edit
        lines[edit.line] = lines[edit.line].replace(edit.original, edit.replacement, 1)
    for moved in result.moved:
        assert moved.text in lines[moved.line], moved
        lines[moved.line] = lines[moved.line].replace(moved.text, "", 1)
        assert moved.text in result.markup
    keywords = re.compile(r"^(PART|CHAPTER) ")  # the structure keywords of the source are the markup's keywords
    words = [w for n in sorted(lines) for w in re.findall(r"\w+", keywords.sub("", lines[n]))]
    text = re.sub(r"\{\{\*\[.*?\]\}\}", " ", result.markup)  # editorial remarks are not source words
    markup_words = re.findall(r"\w+", text)
    position, missing = 0, []
    for word in words:
        try:
            position = markup_words.index(word, position) + 1
        except ValueError:
            missing.append(word)
    assert missing == []

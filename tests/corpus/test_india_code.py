"""The india-code layout: the Major Port Authorities Act, 2021 (in-mpaa-2021) and a second Central Act, the Admiralty
(Jurisdiction and Settlement of Maritime Claims) Act, 2017, imported the same way with no code of its own.

Fixtures (tests/corpus/fixtures/india_code/) follow the Ordinance's convention: extracts of the JSON record headed by
the file and line range they were cut from (checked against the source), ``<name>.expected`` the markup the layout
must produce for them.
"""

from __future__ import annotations

import datetime
import hashlib
import re
import shutil
from pathlib import Path

import pytest
import yaml
from lxml import etree

from corpus import CitationError, amendments, build, catalogue, layouts, yamlio
from corpus.catalogue import document
from corpus.cite import cite, load
from corpus.clean import india_code_notes
from corpus.layouts import QuirksError
from corpus.source_text import SourceText, read_document, read_record_view
from corpus.validate import schema_errors
from corpus.xmlio import NS

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "india_code"
DOC = "in-mpaa-2021"
_HEADER = re.compile(r"^# (?P<file>\S+) L(?P<first>\d+)-(?P<last>\d+)$")
FIXTURE_NAMES = sorted(p.stem for p in FIXTURES.glob("*.txt"))


def fixture_document(name: str) -> str:
    """The catalogue id of the record a fixture is cut from (its header names the file)."""
    header = (FIXTURES / f"{name}.txt").read_text(encoding="utf-8").split("\n", 1)[0]
    match = _HEADER.match(header)
    assert match, f"{name}.txt must start with '# <source file> L<first>-<last>'"
    return next(d.id for d in catalogue.documents() if d.source == match["file"])


def extract(name: str) -> SourceText:
    """The fixture ``name`` as the text view of the lines of the record it was cut from."""
    header, *lines = (FIXTURES / f"{name}.txt").read_text(encoding="utf-8").rstrip("\n").split("\n")
    match = _HEADER.match(header)
    assert match, f"{name}.txt must start with '# <source file> L<first>-<last>'"
    first, last = int(match["first"]), int(match["last"])
    source = document(fixture_document(name)).source_path
    assert match["file"] == source.name
    assert lines == source.read_text(encoding="utf-8").split("\n")[first - 1 : last], f"{name} is not cut from {source}"
    view = read_record_view(source)
    return SourceText(view.path, first, last, view.all_lines)


@pytest.mark.parametrize("name", FIXTURE_NAMES)
def test_fixture_markup(name: str) -> None:
    expected = (FIXTURES / f"{name}.expected").read_text(encoding="utf-8")
    assert layouts.to_markup(document(fixture_document(name)), extract(name)).markup == expected


def test_the_act_has_its_76_sections_and_its_definitions() -> None:
    root = load(DOC)
    assert [s.findtext("a:num", namespaces=NS) for s in root.iterfind(".//a:section", NS)] == [
        f"{n}." for n in range(1, 77)
    ]
    assert len(cite(DOC, "2(1)").element.findall("a:paragraph", NS)) == 33  # (a)-(z), (za)-(zg)
    assert "".join(cite(DOC, "2(1)(a)").element.find(".//a:def", NS).itertext()) == "Adjudicatory Board"


def test_the_footnote_is_an_editorial_note_at_its_mark_not_law_text() -> None:
    subsection = cite(DOC, "1(2)").element
    note = subsection.find(".//a:authorialNote", NS)
    assert note.get("class") == "editorial" and note.get("marker") == "1"
    assert "".join(note.itertext()).strip().startswith("3rd November, 2021, Vide notification No. S.O. 4504 (E)")
    paragraph = note.getparent()
    assert (paragraph.text or "").endswith("on such date")  # the glued mark "date1" is the note's marker
    assert note.tail.startswith(" as the Central Government may")


def test_provisos_and_explanations_of_this_clause_stay_with_their_clause() -> None:
    assert cite(DOC, "3(1) proviso").eid == "sec_3__subsec_1__proviso_nn_1"
    explanation = cite(DOC, "2(1)(w)").element.find(".//a:blockContainer", NS)
    assert explanation is not None and explanation.get("class") == "explanation"
    assert cite(DOC, "24(3)").text.startswith("(3) The form and manner in which any contract shall be made")


def test_the_catalogue_entry_must_say_what_the_record_says(tmp_path: Path) -> None:
    source = read_document(document(DOC))
    quirks = layouts.india_code.read_quirks({}, document(DOC))
    wrong = layouts.india_code.Quirks(quirks.doc_id, quirks.title, "2021-02-18")
    with pytest.raises(QuirksError, match=r"field 'date': '2021-02-18' is not the record's issued_date '2021-02-17'"):
        layouts.india_code.to_markup(source, wrong)


# -- a second Central Act: a catalogue entry (and the sections its record lacks), no code ----------------------------

SECOND = FIXTURES / "22_2017.json"
ENTRY = {
    "id": "in-ajsmca-2017",
    "title": "The Admiralty (Jurisdiction and Settlement of Maritime Claims) Act, 2017",
    "short_title": "Admiralty (Jurisdiction and Settlement of Maritime Claims) Act, 2017",
    "jurisdiction": "in",
    "kind": "act",
    "subtype": None,
    "number": "22",
    "date": "2017-08-09",
    "date_note": "The record's issued_date; Act No. 22 of 2017 (the record's id, act-22-2017).",
    "frbr_uri": "/akn/in/act/2017-08-09/22",
    "source": SECOND.name,
    "sha256": hashlib.sha256(SECOND.read_bytes()).hexdigest(),
    "layout": "india-code",
    "expression_date": "2017-08-09",
    "standing": {
        "state": "in-force",
        "verified": True,
        "official": "https://www.indiacode.nic.in/handle/123456789/2256?view_type=browse",
        "sources": [
            {
                "fact": "India Code records the Act as in force.",
                "file": SECOND.name,
                "field": "status",
                "quote": "in_force",
            },
            {
                "fact": "Its official page is India Code's.",
                "file": SECOND.name,
                "field": "url",
                "quote": "https://www.indiacode.nic.in/handle/123456789/2256?view_type=browse",
            },
        ],
    },
}
ABSENT = {
    "absent": [
        {"number": "13", "line": 84, "reason": "the record goes from section 12 to section 14"},
        {"number": "16", "line": 96, "reason": "the record goes from section 15 to section 17"},
    ]
}


def _second_act(tmp_path: Path, quirks: dict | None) -> catalogue.Document:
    shutil.copy(SECOND, tmp_path / SECOND.name)
    (tmp_path / "catalogue.yaml").write_text(yaml.safe_dump({"documents": [ENTRY]}), encoding="utf-8")
    if quirks is not None:
        (tmp_path / f"{ENTRY['id']}.yaml").write_text(yaml.safe_dump(quirks), encoding="utf-8")
    (doc,) = catalogue.read_catalogue(tmp_path / "catalogue.yaml")
    return doc


def test_a_second_act_imports_with_its_catalogue_entry_alone(tmp_path: Path) -> None:
    doc = _second_act(tmp_path, ABSENT)
    result = layouts.to_markup(doc, read_document(doc))
    assert result.unparsed == [] and result.facts["sections"] == 16
    assert [a["number"] for a in result.facts["absent_from_the_record"]] == ["13", "16"]
    assert result.facts["absent_from_the_record"][0]["reason"] == "the record goes from section 12 to section 14"
    root = build.parse(doc, result.markup)
    assert schema_errors(root) == []
    sections = root.findall(".//a:section", NS)
    assert [s.findtext("a:num", namespaces=NS) for s in sections][-3:] == ["15.", "17.", "18."]
    definitions = root.find(".//a:section[@eId='sec_2']/a:subsection[@eId='sec_2__subsec_1']", NS)
    terms = ["".join(d.itertext()) for d in definitions.iterfind(".//a:def", NS)]
    assert terms[:3] == ["admiralty jurisdiction", "admiralty proceeding", "arrest"] and len(terms) == 12
    claims = root.find(".//a:subsection[@eId='sec_4__subsec_1']", NS)
    assert [p.findtext("a:num", namespaces=NS) for p in claims.findall("a:paragraph", NS)] == [
        f"({chr(c)})" for c in range(ord("a"), ord("w") + 1)
    ]
    lien = root.find(".//a:subsection[@eId='sec_9__subsec_1']", NS)  # "namely (a) claims for wages …"
    assert len(lien.findall("a:paragraph", NS)) == 5
    note = root.find(".//a:section[@eId='sec_1']//a:authorialNote", NS)
    assert note.get("class") == "editorial" and "".join(note.itertext()).strip().startswith("1st April, 2018")


def test_a_gap_in_the_record_is_an_error_naming_the_line(tmp_path: Path) -> None:
    doc = _second_act(tmp_path, None)
    with pytest.raises(QuirksError, match=r"22_2017.json line 84: section '14' does not follow section 12 \(line 78\)"):
        layouts.to_markup(doc, read_document(doc))


def test_a_repeated_section_is_an_error_naming_the_line(tmp_path: Path) -> None:
    doc = _second_act(tmp_path, ABSENT)
    text = (tmp_path / SECOND.name).read_text(encoding="utf-8").replace('"section": "11"', '"section": "10"')
    (tmp_path / SECOND.name).write_text(text, encoding="utf-8")
    entry = {**ENTRY, "sha256": hashlib.sha256(text.encode()).hexdigest()}
    (tmp_path / "catalogue.yaml").write_text(yaml.safe_dump({"documents": [entry]}), encoding="utf-8")
    (doc,) = catalogue.read_catalogue(tmp_path / "catalogue.yaml")
    with pytest.raises(QuirksError, match=r"line 72: section '10' repeats the section before it \(line 66\)"):
        layouts.to_markup(doc, read_document(doc))


def test_an_unknown_quirk_is_an_error_naming_file_line_and_field(tmp_path: Path) -> None:
    doc = _second_act(tmp_path, {**ABSENT, "missing": []})  # yaml.safe_dump sorts: absent (lines 1-7), missing (8)
    with pytest.raises(QuirksError, match=r"^in-ajsmca-2017.yaml: line 8: unknown field 'missing'"):
        layouts.to_markup(doc, read_document(doc))


@pytest.mark.parametrize(
    ("entry", "message"),
    [
        ({**ABSENT["absent"][0], "number": 13}, r"line 3: absent entry 1: field 'number' must be str$"),
        ({**ABSENT["absent"][0], "why": "x"}, r"line 5: absent entry 1: unknown field 'why'"),
        ("13", r"line 2: absent entry 1: must be a mapping"),
    ],
)
def test_a_malformed_quirk_entry_names_its_line(tmp_path: Path, entry: object, message: str) -> None:
    """The file as written (keys sorted): ``absent:``, then the entry's line, number, reason (and why)."""
    doc = _second_act(tmp_path, {"absent": [entry]})
    with pytest.raises(QuirksError, match=rf"^in-ajsmca-2017.yaml: {message}"):
        layouts.to_markup(doc, read_document(doc))


def test_the_committed_catalogue_entry_holds_the_record_and_no_code() -> None:
    entry = next(e for e in yamlio.load(catalogue.CATALOGUE_FILE)["documents"] if e["id"] == DOC)
    assert entry["layout"] == "india-code" and "lines" not in entry
    assert not document(DOC).quirks_path.exists()


# -- the w.e.f. date of a note, as India Code prints it ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("source", "note", "wef"),
    [
        ("28_1993.json", "1 Subs. by Act 44 of 2000, s. 4, for sub-section (1) (w.e.f 5-12-2000).", "2000-12-05"),
        (
            "44_1958.json",
            '3. Subs. by Act 58 of 1960, s. 3 and the Second Schedule, for \\"in any case\\" (w.e.f.16-12-1960).',
            "1960-12-16",
        ),
        (
            "19_1838.json",
            '(as amended by C. O. 29, dated 4-4-1951), for \\"Master-Attendent\\" (w.e.f. 26 -1-1952).',
            "1952-01-26",
        ),
        ("44_1958.json", "1. Ins. by s. 27, ibid. (w.e.f. 1-2-2993).", None),  # a year no date of effect can be
    ],
)
def test_a_notes_wef_date_is_read_however_india_code_prints_it(source: str, note: str, wef: str | None) -> None:
    assert note in (catalogue.SOURCES_DIR / source).read_text(encoding="utf-8")  # as the record prints it
    read = india_code_notes.Note("1", note.replace('\\"', '"'), 0, (0, 0))
    india_code_notes.read_facts(read, None, (1838, 2099))
    assert read.wef == wef


@pytest.mark.parametrize(
    ("doc_id", "section", "run"),
    [
        ("in-mtga-1993", "2", ["(l)", "(la)", "(m)"]),  # "(la)", inserted by Act 44 of 2000 between (l) and (m)
        ("in-msa-1958", "31", ["(a)", "(aa)", "(b)"]),
        ("in-msa-1958", "89", ["(d)", "(dd)", "(e)"]),  # a doubled letter
        ("in-ipa-1908", "14", ["(1A)", "(1B)", "(2)"]),
    ],
)
def test_an_inserted_clause_is_a_sibling_in_its_series(doc_id: str, section: str, run: list[str]) -> None:
    element = cite(doc_id, section).element
    holder = next(e for e in element.iter() if run[1] in _nums(e))  # the provision whose items they are
    nums = _nums(holder)
    assert nums[nums.index(run[0]) : nums.index(run[0]) + 3] == run


def _nums(element: etree._Element) -> list[str]:
    return [c.findtext("a:num", namespaces=NS) for c in element if c.find("a:num", NS) is not None]


def test_a_mark_glued_to_a_year_is_a_mark_only_when_its_footnote_exists() -> None:
    printed = "by the Indian Merchant Shipping Act, 18592 (1 of 1859), section 71;"  # the 1908 Act's s.17(2)(a)
    assert printed in (catalogue.SOURCES_DIR / "15_1908.json").read_text(encoding="utf-8")
    (mark,) = india_code_notes.scan(printed, {"1", "2"})
    assert (mark.mark, printed[: mark.start], printed[mark.start : mark.end]) == ("2", printed[:41], "2")
    assert printed[:41].endswith("Act, 1859")
    assert india_code_notes.scan(printed, {"1"}) == []  # no footnote 2: the number is the year's


MTGA = "in-mtga-1993"
MISPRINT = "  - line: 20\n    wrong: {wrong}\n    right: Act 44 of 2000\n    note: a misprint\n    source: line 20\n"


def _mtga_with(tmp_path: Path, misprint: str) -> catalogue.Document:
    """The Multimodal Transportation of Goods Act, 1993 as committed, its quirks file's ``misprint`` list replaced."""
    real = document(MTGA)
    shutil.copy(real.source_path, tmp_path / real.source_path.name)
    entries = yaml.safe_load((catalogue.SOURCES_DIR / "catalogue.yaml").read_text(encoding="utf-8"))["documents"]
    entry = next(e for e in entries if e["id"] == MTGA)
    (tmp_path / "catalogue.yaml").write_text(yaml.safe_dump({"documents": [entry]}), encoding="utf-8")
    quirks = real.quirks_path.read_text(encoding="utf-8")
    quirks = quirks[: quirks.index("\nmisprint:\n") + 1] + misprint
    (tmp_path / real.quirks_path.name).write_text(quirks, encoding="utf-8")
    (doc,) = catalogue.read_catalogue(tmp_path / "catalogue.yaml")
    return doc


def _note_4(doc: catalogue.Document) -> etree._Element:
    root = build.parse(doc, layouts.to_markup(doc, read_document(doc)).markup)
    return root.find(".//a:section[@eId='sec_2']//a:authorialNote[@marker='4']", NS)


def test_a_misprinted_act_is_read_as_the_reviewed_words_with_a_remark(tmp_path: Path) -> None:
    """Note 4 of the 1993 Act's s.2 prints "Act of 44 of 2000": without the quirk its Act is not read; with it the
    note links the Act, and says what the record prints, where the note stands."""
    bare = _note_4(_mtga_with(tmp_path, ""))
    assert bare.find(".//a:ref", NS) is None and "Act of 44 of 2000" in "".join(bare.itertext())
    note = _note_4(document(MTGA))
    (ref,) = note.findall(".//a:ref", NS)
    assert (ref.get("href"), ref.text) == ("/akn/in/act/2000/44", "Act 44 of 2000")
    assert note.findtext(".//a:inline[@name='section']", namespaces=NS) == "s. 2"
    assert note.find(".//a:date[@class='wef']", NS).get("date") == "2000-12-05"
    remarks = ["".join(r.itertext()) for r in note.iterfind(".//a:remark", NS)]
    assert remarks[0].startswith("[India Code's record prints “Act of 44 of 2000”; read as “Act 44 of 2000”: ")
    assert remarks[1].startswith("[India Code's record does not close this bracket; closed after")


@pytest.mark.parametrize(
    ("wrong", "message"),
    [
        ("Act of 45 of 2000", r"line 31: misprint entry 1: field 'wrong': 'Act of 45 of 2000' is printed 0 times"),
        ("s. 2, ibid.", r"line 31: misprint entry 1: field 'wrong': 's. 2, ibid.' is printed 4 times"),
        (
            "performs or undertakes to perform for hire",
            r"line 31: misprint entry 1: field 'wrong': 'performs or undertakes to perform for hire' is in the law"
            r" text of section 2 \(28_1993.json line 20\), not in a footnote",
        ),
    ],
)
def test_a_misprint_not_printed_once_in_a_note_names_the_quirks_file_line_and_field(
    tmp_path: Path, wrong: str, message: str
) -> None:
    """The quirks file as written: ``misprint:`` on line 29, the entry on 30, its ``wrong`` on 31."""
    doc = _mtga_with(tmp_path, "misprint:\n" + MISPRINT.format(wrong=wrong))
    assert doc.quirks_path.read_text(encoding="utf-8").split("\n")[30] == f"    wrong: {wrong}"
    with pytest.raises(QuirksError, match=rf"^in-mtga-1993.yaml: {message}"):
        layouts.to_markup(doc, read_document(doc))


def test_a_misprint_on_no_sections_content_names_its_entry(tmp_path: Path) -> None:
    doc = _mtga_with(tmp_path, "misprint:\n" + MISPRINT.format(wrong="Act of 44 of 2000").replace("20", "19", 1))
    with pytest.raises(
        QuirksError, match=r"^in-mtga-1993.yaml: line 30: misprint entry 1: field 'line': 28_1993.json line 19 is no"
    ):
        layouts.to_markup(doc, read_document(doc))


def test_a_note_replacing_two_clauses_describes_them_and_names_its_act() -> None:
    """Note 4 of the 1993 Act's s.2 ("Subs. by Act 44 of 2000, s. 2, for clauses (k) and (l) (w.e.f. 5-12-2000)",
    its misprint read as reviewed): the history of clause (k) has its Act, its date and the clauses it replaced."""
    (note,) = amendments.history(cite(MTGA, "2(k)").element)
    assert (note.kind, note.by_href, note.wef) == ("substituted", "/akn/in/act/2000/44", datetime.date(2000, 12, 5))
    assert (note.replaced, note.replaced_as, note.described) == (None, "described", "clauses (k) and (l)")
    with pytest.raises(CitationError, match="clauses \\(k\\) and \\(l\\)"):
        cite(MTGA, "2(k)", as_at=datetime.date(2000, 12, 4))

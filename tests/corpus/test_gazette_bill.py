"""The ``gazette-bill`` layout (corpus/layouts/gazette_bill.py) on extracts of the Gazette (source 003).

Fixtures (tests/corpus/fixtures/gazette/) are extracts cut verbatim from the source, each headed by the file and line
range it was cut from (the test checks that the extract still matches the source); ``<name>.expected`` is the
markup the layout must produce for it, in the style of bluebell's own fixture tests, and the markup round-trips
through bluebell. ``msb_`` extracts are read as the Merchant Shipping Bill (lines 23-4911), ``mpab_`` ones as the
Major Port Authorities Bill (lines 4913-6097), each with its own quirks file: one engine, two documents.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from bluebell.parser import AkomaNtosoParser, parse_to_xml_bytes
from lxml import etree

from corpus import layouts, markup, xmlio
from corpus.catalogue import document, documents
from corpus.clean import gazette, penalty_table
from corpus.layouts import gazette_bill
from corpus.source_text import SourceText, read_document, read_source
from corpus.validate import schema_errors
from corpus.xmlio import NS

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "gazette"
_HEADER = re.compile(r"^# (?P<file>\S+) L(?P<first>\d+)-(?P<last>\d+)$")
NAMES = sorted(p.stem for p in FIXTURES.glob("*.txt") if p.stem.startswith(("msb_", "mpab_")))


def doc_of(name: str) -> str:
    return {"msb": "in-msb-2016", "mpab": "in-mpab-2016", "table": "in-msb-2016"}[name.split("_")[0]]


def extract(name: str) -> SourceText:
    """The fixture ``name`` as a SourceText whose line numbers are those of the source file it was cut from."""
    header, *lines = (FIXTURES / f"{name}.txt").read_text(encoding="utf-8").rstrip("\n").split("\n")
    match = _HEADER.match(header)
    assert match, f"{name}.txt must start with '# <source file> L<first>-<last>'"
    first, last = int(match["first"]), int(match["last"])
    doc = document(doc_of(name))
    assert match["file"] == doc.source_path.name and len(lines) == last - first + 1
    assert doc.lines[0] <= first and last <= doc.lines[1]
    return SourceText(path=doc.source_path, first=first, last=last, all_lines=("",) * (first - 1) + tuple(lines))


def markup_of(name: str) -> str:
    return layouts.to_markup(document(doc_of(name)), extract(name)).markup


def akn(name: str) -> etree._Element:
    doc = document(doc_of(name))
    return xmlio.parse_bytes(parse_to_xml_bytes(markup_of(name), doc.kind, doc.frbr_uri))


def test_there_are_fixtures() -> None:
    assert len(NAMES) >= 5


@pytest.mark.parametrize("name", NAMES)
def test_fixture_is_cut_from_the_source(name: str) -> None:
    piece = extract(name)
    source = read_source(piece.path)
    assert [t for _, t in piece.numbered()] == [source.line(n) for n in range(piece.first, piece.last + 1)]


@pytest.mark.parametrize("name", NAMES)
def test_fixture_markup(name: str) -> None:
    assert markup_of(name) == (FIXTURES / f"{name}.expected").read_text(encoding="utf-8")


@pytest.mark.parametrize("name", NAMES)
def test_fixture_round_trips_through_bluebell_and_is_valid(name: str) -> None:
    doc = document(doc_of(name))
    xml = parse_to_xml_bytes(markup_of(name), doc.kind, doc.frbr_uri)
    unparsed = AkomaNtosoParser(doc.frbr_uri).unparse(etree.fromstring(xml)[0])
    assert parse_to_xml_bytes(unparsed, doc.kind, doc.frbr_uri) == xml
    assert schema_errors(xmlio.parse_bytes(xml)) == []


def _side_notes(root: etree._Element) -> list[tuple[str, str, str]]:
    """(the four words before the note in its paragraph, the note's href, the note as printed) for each side note."""
    found = []
    for note in root.iterfind(".//a:authorialNote[@placement='side']", NS):
        (ref,) = note.findall("a:p/a:ref", NS)
        before = (note.getprevious().tail if note.getprevious() is not None else note.getparent().text) or ""
        found.append((" ".join(before.split()[-4:]), ref.get("href"), ref.text))
    return found


def test_a_margin_citation_is_a_side_note_beside_the_act_it_cites() -> None:
    """L79 "80 of 1976." is printed before (b), which names the Maritime Zones Act, 1976; L85 "18 of 2013." between
    "…section 2 of the" and "Companies Act, 2013;" (s.3(7), s.3(8))."""
    assert _side_notes(akn("msb_s003_margin_citations_as_side_notes")) == [
        ("of India Act, 1976", "/akn/in/act/1976/80", "80 of 1976."),
        ("the Companies Act, 2013", "/akn/in/act/2013/18", "18 of 2013."),
    ]


def test_a_citation_glued_at_a_line_end_goes_with_the_sentence_it_cuts() -> None:
    """MPA L5213 "…the Board of 38 of 1963." / L5215 "Trustees constituted under the Major Port Trusts Act, 1963;"."""
    root = akn("mpab_s018_glued_citation")
    assert _side_notes(root) == [("Port Trusts Act, 1963", "/akn/in/act/1963/38", "38 of 1963.")]
    assert "the Board of Trustees constituted" in " ".join(root.find(".//a:body", NS).itertext())


def test_a_wrap_up_followed_by_a_proviso_is_the_lists_closing_words() -> None:
    """s.23(1) L525 "may issue a provisional certificate …" governs (a), (b) and (c); the proviso (L527) follows it
    at the sub-section's level (an ``hcontainer``: AKN puts no wrap-up before a proviso)."""
    subsection = akn("msb_s023_wrap_up_then_proviso").find(".//a:section/a:subsection", NS)
    kinds = [etree.QName(c).localname for c in subsection if etree.QName(c).localname != "num"]
    assert kinds == ["intro", "paragraph", "paragraph", "paragraph", "hcontainer", "proviso"]
    assert "".join(subsection[-2].itertext()).strip().startswith("may issue a provisional certificate")
    assert "".join(subsection.findall("a:paragraph", NS)[-1].itertext()).strip().endswith("Central Government,")


def test_a_proviso_after_the_last_item_of_a_list_qualifies_the_sub_section() -> None:
    """s.4(2) L305 "Provided that the Shipping Board shall include …", after (b)(iv), the list ending there."""
    subsection = akn("msb_s004_proviso_after_a_list_that_ends").findall(".//a:section/a:subsection", NS)[1]
    assert etree.QName(subsection[-1]).localname == "proviso"
    assert not subsection.findall("a:paragraph//a:proviso", NS)


def test_a_roman_list_after_a_wrap_up_is_at_the_lettered_lists_level() -> None:
    """MPA s.34: (a)-(c), "the Board shall be discharged …—" (L5451), then (i)-(iii) at the same level."""
    section = akn("mpab_s034_wrap_up_then_a_roman_list").find(".//a:section", NS)
    nums = [c.findtext("a:num", namespaces=NS) for c in section.findall("a:paragraph", NS)]
    assert nums == ["(a)", "(b)", "(c)", "(i)", "(ii)", "(iii)"]
    assert "the Board shall be discharged" in "".join(section.find("a:hcontainer", NS).itertext())


# -- the built documents --------------------------------------------------------------------------------------------

_PRINTED = re.compile(r"(?<![(\w])(\d{1,3}) [o0]f (\d{4})\.")


@pytest.mark.parametrize(("doc_id", "count"), [("in-msb-2016", 37), ("in-mpab-2016", 31)])
def test_every_margin_citation_of_the_source_is_kept_as_a_side_note(doc_id: str, count: int) -> None:
    """Every "80 of 1976." the Gazette prints in a Bill's margin (found in the source, not by the layout's code) is a
    side note citing that Act: the MS Bill's 37 (36 lines, L4183 holds two) and the MPA Bill's 31. The citation is
    the Act's work URI when the catalogue holds a Central Act of that number and year (Act 15 of 1908 is
    ``/akn/in/act/1908-12-18/15``), else the year-and-number reference (``/akn/in/act/1963/38``)."""
    doc = document(doc_id)
    source = read_source(doc.source_path)
    catalogued = {(d.number, d.date[:4]): d.frbr_uri for d in documents() if (d.jurisdiction, d.kind) == ("in", "act")}
    printed = sorted(
        catalogued.get((m[0], m[1]), f"/akn/in/act/{m[1]}/{m[0]}")
        for n in range(doc.lines[0], doc.lines[1] + 1)
        for m in _PRINTED.findall(source.line(n))
    )
    root = xmlio.parse_bytes(doc.akn_path.read_bytes())
    kept = sorted(ref.get("href") for ref in root.iterfind(".//a:authorialNote[@placement='side']/a:p/a:ref", NS))
    assert len(printed) == count and kept == printed


def test_the_table_s_printed_column_titles_are_its_header_row() -> None:
    """L3487-3501: "TABLE", the column titles read across the columns (L3489 "penalties imposed", L3491 "Serial
    Offences Section …"), the column numbers and item 1. The Table's own module reads the extract (trained, as in the
    build, on the whole Bill's text): "TABLE" titles it, the titles are five header cells, "(1)"…"(5)" the next."""
    piece = extract("table_s256_header_row")
    lines, _ = gazette.clean(piece.numbered())
    built = penalty_table.to_markup(
        [(n, t) for n, t in lines if t.strip()], read_document(document("in-msb-2016")).numbered()
    )
    assert built.markup + "\n" == (FIXTURES / "table_s256_header_row.expected").read_text(encoding="utf-8")
    block = "\n".join(markup.indent(built.markup.splitlines(), 2))
    wrapped = "BODY\n  SEC 256.\n    SUBSEC (6)\n      Text.\n" + block + "\n"
    doc = document("in-msb-2016")
    root = xmlio.parse_bytes(parse_to_xml_bytes(wrapped, doc.kind, doc.frbr_uri))
    table = root.find(".//a:table", NS)
    assert table.getprevious().text == "TABLE" and not table.findall("a:tr/a:td[@colspan]", NS)
    titles = [" ".join("".join(th.itertext()).split()) for th in table[0].findall("a:th", NS)]
    assert len(titles) == 5 and sorted(" ".join(titles).split()) == sorted(
        (piece.line(3489) + " " + piece.line(3491)).split()
    )


def test_the_s256_table_follows_sub_section_6_as_printed() -> None:
    """L3473-3501: "Penalties.", s.256(1)-(6), then "TABLE", its column titles and item 1. The Gazette prints the
    Table after sub-section (6) (sub-section (2) calls it "the Table below", (4) "the said Table"): the layout ends the
    section with it, after (6), the section's wrap-up in AKN, so that a reader meets (1)-(6) and then the Table."""
    piece = extract("table_s256_after_subsection_6")
    source = read_source(piece.path)
    assert [t for _, t in piece.numbered()] == [source.line(n) for n in range(piece.first, piece.last + 1)]
    assert piece.line(3485).startswith("(6) ") and piece.line(3487) == "TABLE"
    doc = document("in-msb-2016")
    section = xmlio.parse_bytes(parse_to_xml_bytes(layouts.to_markup(doc, piece).markup, doc.kind, doc.frbr_uri)).find(
        ".//a:section", NS
    )
    assert xmlio.num_of(section) == "256." and xmlio.heading_of(section) == "Penalties."
    assert [etree.QName(c).localname for c in section] == ["num", "heading", *["subsection"] * 6, "wrapUp"]
    assert [xmlio.num_of(c) for c in section.findall("a:subsection", NS)] == [f"({n})" for n in range(1, 7)]
    wrap_up = section[-1]
    assert [etree.QName(c).localname for c in wrap_up] == ["p", "table"]
    assert wrap_up[1].get("eId") == "sec_256__wrapup__table_1"
    assert not section.findall("a:subsection//a:table", NS)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"compact": "yes"}, r"in-mpab-2016.yaml: field 'compact' must be true or false"),
        ({"wrap_ups": []}, r"in-mpab-2016.yaml: unknown field 'wrap_ups'"),
        ({"table": {"first": 1, "last": 2}}, r"in-mpab-2016.yaml: table: field 'section' must be"),
        (
            {"table": {"first": 1, "last": 2, "section": 3, "subsection": "(2)"}},
            r"in-mpab-2016.yaml: table: unknown field 'subsection'",
        ),
    ],
)
def test_a_malformed_quirks_file_is_an_error_naming_the_file_and_field(change: dict, message: str) -> None:
    doc = document("in-mpab-2016")
    data = {**layouts.quirks_data(doc), **change}
    with pytest.raises(layouts.QuirksError, match=message):
        gazette_bill.read_quirks(data, doc)


def test_both_bills_are_read_by_the_one_layout() -> None:
    assert document("in-msb-2016").layout == document("in-mpab-2016").layout == "gazette-bill"
    assert gazette_bill.read_quirks(layouts.quirks_data(document("in-mpab-2016")), document("in-mpab-2016")).compact

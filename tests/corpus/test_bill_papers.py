"""The Bills' papers (corpus/clean/bill_papers.py) on real lines of the Gazette, source 003.

``fixtures/mpab/papers_lines.txt`` holds lines cut verbatim from the Gazette, as ``line|text``: the Merchant Shipping
Bill's Statement of Objects and Reasons (L4225-4265) and notes with continuation lines (L4295-4299, L4401-4405), the
end of its delegated-legislation memorandum (L4905-4911), and the Major Port Authorities Bill's Statement and first
notes (L5883-5941) and last papers with the Gazette's closing imprint (L6063-6097). The exact counts of notes are
measured on the whole ranges of the real source file.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from bluebell.parser import parse_to_xml_bytes
from lxml import etree

from corpus import xmlio
from corpus.catalogue import document
from corpus.clean.bill_papers import ListNesting, notes_on_clauses, papers_markup
from corpus.clean.gazette import clean
from corpus.source_text import read_source
from corpus.validate import schema_errors
from corpus.xmlio import NS

FIXTURE = Path(__file__).parent / "fixtures" / "mpab" / "papers_lines.txt"
MS_PAPERS = (4225, 4911)
MPA_PAPERS = (5883, 6097)


def _fixture(first: int, last: int) -> list[tuple[int, str]]:
    pairs = []
    for row in FIXTURE.read_text(encoding="utf-8").splitlines():
        number, text = row.split("|", 1)
        if first <= int(number) <= last:
            pairs.append((int(number), text))
    return pairs


def _source(first: int, last: int) -> list[tuple[int, str]]:
    lines, _ = clean(read_source(document("in-mpab-2016").source_path, first, last).numbered())
    return lines


def _attachments(markup_text: str) -> list[etree._Element]:
    """The attachments of a bill whose body is one placeholder section and whose papers are ``markup_text``."""
    text = "BODY\n  SEC 1.\n    placeholder\n\n" + markup_text
    root = xmlio.parse_bytes(parse_to_xml_bytes(text, "bill", "/akn/in/bill/2016-12-16/328"))
    assert schema_errors(root) == []
    return root.findall(".//a:attachment", NS)


def _nums(element: etree._Element, name: str) -> list[str]:
    return [e.findtext("a:num", namespaces=NS) for e in element.findall(f"a:{name}", NS)]


def _text(element: etree._Element) -> str:
    return " ".join(" ".join(element.itertext()).split())


def test_fixture_is_cut_from_the_source() -> None:
    source = read_source(document("in-mpab-2016").source_path)
    for number, text in _fixture(1, 10**6):
        assert source.line(number) == text


def test_exact_counts_of_notes_on_clauses_in_the_source() -> None:
    for (first, last), count, dash in ((MS_PAPERS, 280, "––"), (MPA_PAPERS, 65, "—")):
        lines = _source(first, last)
        notes = notes_on_clauses(lines)
        assert [clause for clause, _, _ in notes] == list(range(1, count + 1))
        assert papers_markup(lines).facts["notes_on_clauses"] == count
        source = read_source(document("in-mpab-2016").source_path)
        assert all(source.line(line).startswith(f"Clause {clause}.") for clause, line, _ in notes)
        assert dash in source.line(notes[-1][1])
    ms = notes_on_clauses(_source(*MS_PAPERS))
    assert (ms[0][1], ms[-1][1]) == (4269, 4831)
    assert ms[0][2] == "This clause seeks to provide for short title and commencement of the Bill."
    mpa = notes_on_clauses(_source(*MPA_PAPERS))
    assert (mpa[0][1], mpa[-1][1]) == (5937, 6065)
    assert mpa[50][2].startswith("This clause provides for the constitution of the Adjudicatory Board")


def test_running_head_inside_a_note_is_gone() -> None:
    notes = dict((clause, text) for clause, _, text in notes_on_clauses(_source(*MPA_PAPERS)))
    assert "GAZETTE" not in notes[14] and "GAZETTE" not in notes[25]
    assert "exercised or performed by the Deputy Chairperson" in notes[14]


def test_lines_that_do_not_open_the_next_note_continue_the_current_one() -> None:
    notes = notes_on_clauses(_source(4267, 4405))  # the MS Notes up to Clause 67
    assert [clause for clause, _, _ in notes] == list(range(1, 68))
    assert notes[13][2].split("\n")[1].startswith("Sub-clause (2) of this clause enables the registration")
    assert "\nClause 66 also provides that the Central Government" in notes[65][2]


def test_notes_must_come_in_order_from_clause_1() -> None:
    # Clause 14, its "Sub-clause (2) …" paragraph, Clause 15; then Clause 66, "Clause 66 also …", Clause 67: with
    # no Clause 1 before them, none of these lines opens a note, and papers_markup reports them all.
    lines = [(4267, "Notes on clauses"), *_fixture(4295, 4299), *_fixture(4401, 4405)]
    assert notes_on_clauses(lines) == []
    result = papers_markup(lines)
    assert [u.line for u in result.unparsed] == [4295, 4297, 4299, 4401, 4403, 4405]
    (notes,) = _attachments(result.markup)
    assert len(notes.findall(".//a:p[@class='unparsed']", NS)) == 6


def test_ms_statement_of_objects_and_reasons() -> None:
    result = papers_markup(_fixture(4225, 4265))
    assert result.facts["papers"] == ["STATEMENT OF OBJECTS AND REASONS"]
    (sor,) = _attachments(result.markup)
    assert sor.findtext("a:heading", namespaces=NS) == "STATEMENT OF OBJECTS AND REASONS"
    body = sor.find(".//a:mainBody", NS)
    assert _text(body.find("a:p", NS)).startswith("The Merchant Shipping Act, 1958 has been enacted")
    assert _nums(body, "paragraph") == ["2.", "3.", "4.", "5.", "6.", "7."]
    para6 = body.findall("a:paragraph", NS)[4]
    # (i) after (h) is the ninth letter, not a roman list inside (h).
    assert _nums(para6, "subparagraph") == [f"({c})" for c in "abcdefghij"]
    assert _text(body.findall("a:paragraph", NS)[1]).startswith("3. The Coasting Vessels Act, 1838")  # "3.The"
    signature = [_text(p) for p in body.findall("a:p[@class='signature']", NS)]
    assert signature == ["NEW DELHI;", "NITIN GADKARI", "The 5th December, 2016."]


def test_mpa_papers_nest_letters_inside_romans() -> None:
    result = papers_markup(_source(*MPA_PAPERS))
    assert result.unparsed == []
    sor, notes, financial, delegated = _attachments(result.markup)
    para4 = sor.findall(".//a:mainBody/a:paragraph", NS)[2]
    assert para4.findtext("a:num", namespaces=NS) == "4."
    assert _nums(para4, "subparagraph") == ["(i)", "(ii)", "(iii)", "(iv)", "(v)", "(vi)", "(vii)"]
    (iii, v) = (para4.findall("a:subparagraph", NS)[i] for i in (2, 4))
    assert _nums(iii, "clause") == ["(a)", "(b)", "(c)", "(d)", "(e)"]
    assert _nums(v, "clause") == ["(a)", "(b)", "(c)", "(d)", "(e)"]
    assert [_text(p) for p in sor.findall(".//a:p[@class='signature']", NS)] == [
        "NEW DELHI;",
        "NITIN GADKARI The 15th December, 2016.",
    ]
    paragraphs = notes.findall(".//a:mainBody/a:paragraph", NS)
    assert [p.findtext("a:num", namespaces=NS) for p in paragraphs] == [f"Clause {n}." for n in range(1, 66)]
    assert len({p.get("eId") for p in paragraphs}) == 65
    assert _text(paragraphs[0]).startswith("Clause 1. This clause relates to the short title")
    assert _nums(financial.find(".//a:mainBody", NS), "paragraph") == ["2.", "3.", "4.", "5.", "6."]
    assert _nums(delegated.find(".//a:mainBody", NS), "paragraph") == ["2.", "3."]
    assert _text(delegated.find(".//a:mainBody/a:p", NS)).startswith("Clause 60 of the Major Port Authorities Bill")
    assert "ANOOP MISHRA" not in result.markup  # the closing imprint is Gazette noise, removed by the clean-up


def test_ms_papers_are_valid_with_24_delegated_legislation_paragraphs() -> None:
    result = papers_markup(_source(*MS_PAPERS))
    assert result.unparsed == []
    _, notes, financial, delegated = _attachments(result.markup)
    assert notes.findtext("a:heading", namespaces=NS) == "Notes on clauses"
    assert len(notes.findall(".//a:mainBody/a:paragraph", NS)) == 280
    assert financial.findall(".//a:mainBody/a:paragraph", NS) == []  # the MS memorandum is not numbered
    assert len(financial.findall(".//a:mainBody/a:p", NS)) == 14
    assert _nums(delegated.find(".//a:mainBody", NS), "paragraph") == [f"{n}." for n in range(2, 25)]


def test_note_dash_is_recorded_as_an_edit() -> None:
    result = papers_markup(_fixture(5935, 5941))
    assert [(e.line, e.original, e.replacement) for e in result.edits] == [
        (5937, "Clause 1.—", "Clause 1."),
        (5939, "Clause 2.—", "Clause 2."),
        (5941, "Clause 3.—", "Clause 3."),
    ]


def test_lines_before_the_first_paper_are_kept_and_reported() -> None:
    stray = (4223, "(j) the officers existing under the commencement of this Act shall continue")
    result = papers_markup([stray, *_fixture(4225, 4229)])
    assert [(u.line, u.text) for u in result.unparsed] == [stray]
    (sor,) = _attachments(result.markup)
    assert _text(sor.find(".//a:p[@class='unparsed']", NS)) == stray[1]


LETTERS = list("abcdefghijklmnopqrstuvwxyz")


@pytest.mark.parametrize(
    ("labels", "introductions", "depths"),
    [
        (LETTERS[:10], [], [1] * 10),  # MS SOR para 6: (i) after (h) is a letter
        # MPA s.2(1): (t) "owner",— opens a roman list (i), (ii); then (u) … (z), (za) … (zd)
        ([*LETTERS[:20], "i", "ii", *LETTERS[20:], "za", "zb", "zc", "zd"], [20], [1] * 20 + [2, 2] + [1] * 10),
        (["a", "i", "A", "B", "ii", "b"], [], [1, 2, 3, 3, 2, 1]),  # MPA s.35(a)(i)(A)
        (["a", "c"], [], [1, None]),  # a label that neither continues nor opens a list
    ],
)
def test_list_nesting(labels: list[str], introductions: list[int], depths: list[int | None]) -> None:
    nesting = ListNesting()
    assert [nesting.place(label, i in introductions) for i, label in enumerate(labels)] == depths

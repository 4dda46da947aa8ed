"""The Gazette noise clean-up (corpus/clean/gazette.py) on real lines of source 003.

The fixture ``fixtures/gazette/noise_lines.txt`` holds lines cut verbatim from the Gazette, as ``line|text``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from corpus.catalogue import document
from corpus.clean.gazette import clean
from corpus.source_text import read_document, read_source

FIXTURE = Path(__file__).parent / "fixtures" / "gazette" / "noise_lines.txt"


def _fixture() -> list[tuple[int, str]]:
    pairs = []
    for row in FIXTURE.read_text(encoding="utf-8").splitlines():
        number, text = row.split("|", 1)
        pairs.append((int(number), text))
    return pairs


@pytest.fixture(scope="module")
def cleaned() -> tuple[dict[int, list[str]], list]:
    out, edits = clean(_fixture())
    by_line: dict[int, list[str]] = {}
    for number, text in out:
        by_line.setdefault(number, []).append(text)
    return by_line, edits


def test_fixture_is_cut_from_the_source() -> None:
    source = read_source(document("in-msb-2016").source_path)
    for number, text in _fixture():
        assert source.line(number) == text


def test_even_head_splits_two_clauses(cleaned) -> None:
    by_line, edits = cleaned
    assert by_line[51] == [
        "(a) any vessel which is registered in India; or",
        "(b) any vessel which is required by this Act to be so registered, wherever it may be.",
    ]
    assert by_line[315][0] == "and"
    assert by_line[315][1].startswith("(b) on such other matters")
    assert any(e.line == 51 and e.original == "2 THE GAZETTE OF INDIA EXTRAORDINARY [PART II—" for e in edits)


def test_odd_head_glued_mid_word(cleaned) -> None:
    by_line, _ = cleaned
    assert len(by_line[367]) == 1
    assert "provisions of this Act as may be specified in the order" in by_line[367][0]
    assert "GAZETTE" not in by_line[367][0]


def test_page_digits_read_with_the_expected_page(cleaned) -> None:
    by_line, edits = cleaned
    assert "the provisions of section 29 of the Indian Ports Act, 1908" in by_line[4745][0]
    head = next(e for e in edits if e.line == 4745)
    assert head.original.startswith("126 THE GAZETTE")


def test_margin_citations(cleaned) -> None:
    by_line, edits = cleaned
    assert 2085 not in by_line and 4183 not in by_line
    assert by_line[1243] == [
        "(2) The Tribunal shall not be bound by the procedure laid down by the Code of Civil Procedure, 1908 but "
        "shall be guided by the principles of natural justice."
    ]
    assert "contained in the Indian Evidence Act, 1872." in by_line[1245][0]
    reasons = {e.line: e.reason for e in edits}
    assert reasons[2085] == reasons[1243] == "margin Act citation"


def test_only_the_first_column_row_is_kept(cleaned) -> None:
    by_line, edits = cleaned
    assert by_line[3493] == ["(1) (2) (3) (4) (5)"]
    assert 3535 not in by_line
    assert by_line[3745] == ["wages of a sum not Officer"]
    assert by_line[3709][0].endswith("extend to two years or fine which may extend")
    assert sum(e.reason == "repeated Table column row" for e in edits) == 4  # L3535, L3709, L3745, L3849


def test_masthead_garble_and_junk(cleaned) -> None:
    by_line, edits = cleaned
    for number in (1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 3603, 6081, 6091, 6093, 6095, 6097):
        assert number not in by_line, number
    assert by_line[23] == ["BILL NO. 236 OF 2016"]
    assert by_line[3849][0].startswith("53. If the master owner or General")
    assert by_line[4261] == ["NEW DELHI;"] and by_line[4263] == ["NITIN GADKARI"]
    assert {e.line for e in edits if e.reason.startswith("Gazette masthead")} >= {3, 5, 7, 11, 6093}


def test_every_head_of_the_merchant_shipping_bill_is_removed() -> None:
    doc = document("in-msb-2016")
    lines = read_document(doc).numbered()
    out, edits = clean(lines)
    assert sum(e.reason == "running head" for e in edits) == 52
    assert not [t for _, t in out if "GAZETTE OF INDIA" in t]
    pages = [int(e.original.split()[0]) for e in edits if e.reason == "running head" and e.original[0].isdigit()]
    assert pages == sorted(pages) and all(p % 2 == 0 for p in pages)
    source = dict(lines)
    dropped = sum(1 for e in edits if e.replacement == "" and e.original == source[e.line])
    splits = 5  # L51, L315, L859, L1439, L2225: a head between two clauses
    assert len(out) == len(lines) - dropped + splits


def test_bad_input_does_not_crash() -> None:
    assert clean([]) == ([], [])
    out, edits = clean([(1, "99 THE GAZETTE OF INDIA EXTRAORDINARY [PART II—"), (2, "")])
    assert out == [(2, "")]
    assert [e.reason for e in edits] == ["running head"]

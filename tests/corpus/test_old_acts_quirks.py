"""The quirk modules of the 1875/1880 Acts on lines cut from the real sources (tests/corpus/fixtures/old_acts/)."""

from __future__ import annotations

from pathlib import Path

import pytest

from corpus.clean.old_acts_glosses import split_gloss
from corpus.clean.old_acts_marginal_notes import split_item, split_paragraph
from corpus.clean.old_acts_references import references_in
from corpus.clean.old_acts_word_numbers import parse_word_number

FIXTURES = Path(__file__).parent / "fixtures" / "old_acts"


def fixture(name: str) -> str:
    return (FIXTURES / name).read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("words", "value"),
    [
        ("seventy-four", 74),
        ("seventy four", 74),
        ("eight", 8),
        ("forty", 40),
        ("twenty-four", 24),
        ("sixty-two", 62),
        ("one hundred and fifty", 150),
        ("one hundred", 100),
        ("Fifteen", 15),
    ],
)
def test_word_numbers(words: str, value: int) -> None:
    assert parse_word_number(words) == value


@pytest.mark.parametrize("words", ["", "the", "seventy-seventy", "hundred", "forty two three"])
def test_not_word_numbers(words: str) -> None:
    assert parse_word_number(words) is None


def test_glued_note_split() -> None:
    split = split_paragraph(fixture("glued_note_1880_L35.txt"))
    assert split.note == "Master taking unseaworthy ship to sea liable to penalty"
    assert split.text.startswith("Every master of a British Indian ship")


def test_note_before_lower_case_continuation() -> None:
    split = split_paragraph(fixture("glued_note_continuation_1880_L51.txt"))
    assert split.note == "Action on receipt of his report"
    assert split.text.startswith("it shall forthwith appoint")


def test_lower_case_note() -> None:
    split = split_paragraph(fixture("lowercase_note_1880_L61.txt"))
    assert (split.note, split.text[:6]) == ("where they differ", "but if")


def test_abbreviation_is_not_a_note() -> None:
    line = fixture("not_a_note_1880_L311.txt")
    assert split_paragraph(line).note is None
    assert split_paragraph(line).text == line


def test_clause_notes() -> None:
    repeated = split_item(fixture("repeated_clause_note_1880_L321.txt"))
    assert (repeated.label, repeated.note) == ("a", "if he be the owner")
    assert repeated.text.startswith("if he be the owner thereof, give")
    colon = split_item(fixture("colon_clause_note_1875_L61.txt"))
    assert (colon.label, colon.note) == ("a", "entering or leaving port")
    assert colon.text.startswith("for regulating the time")
    dotted = split_item(fixture("dotted_clause_note_1875_L319.txt"))
    assert (dotted.label, dotted.note) == ("a", "if registered")
    assert dotted.text.startswith("If such vessel be a British registered vessel")


def test_clause_without_note() -> None:
    item = split_item("(c) the amount and application of fees; and")  # 1880 L109
    assert item.note is None and item.text == "the amount and application of fees; and"


@pytest.mark.parametrize(
    ("name", "raw", "term", "defined"),
    [
        ("gloss_1880_L7.txt", "ship . ", "ship", "ship"),
        ("gloss_1880_L29.txt", "Unseaworthy . ", "Unseaworthy", "unseaworthy"),
        ("gloss_1880_L205.txt", "Local authority . ", "Local authority", "Local authority"),
        ("gloss_1875_L27.txt", "Vessel. ", "Vessel", "Vessel"),
    ],
)
def test_gloss_repair(name: str, raw: str, term: str, defined: str) -> None:
    line = fixture(name)
    gloss = split_gloss(line)
    assert (gloss.raw, gloss.term) == (raw, term)
    assert gloss.text[gloss.start : gloss.end] == defined
    assert raw + gloss.text == line


def test_a_note_is_not_a_gloss() -> None:
    assert split_gloss(fixture("note_not_gloss_1875_L107.txt")) is None


def test_references() -> None:
    (ref,) = references_in(341, fixture("reference_1880_L341.txt"))
    assert (ref.kind, ref.numbers, ref.external) == ("section", (74,), None)
    (ref,) = references_in(77, fixture("reference_1880_L77.txt"))
    assert ref.numbers == (7, 8)
    refs = references_in(265, fixture("reference_1880_L265.txt"))
    assert [(r.numbers, r.clauses, r.external) for r in refs] == [
        ((62,), ("c",), None),
        ((64,), (), None),
        ((213,), (), "Merchant Shipping Act, 1854"),
    ]
    (ref,) = references_in(17, fixture("reference_1875_L17.txt"))
    assert ref.numbers == (38, 39, 40, 41)


def test_last_preceding_section() -> None:
    refs = references_in(261, fixture("reference_1875_L261.txt"))
    assert [(r.kind, r.numbers) for r in refs] == [("last-preceding", ()), ("section", (15,))]


def test_external_references() -> None:
    (ref,) = references_in(427, fixture("reference_external_1875_L427.txt"))
    assert (ref.numbers, ref.external) == ((1,), "Act No. XIII of 1867")
    (ref,) = references_in(313, fixture("reference_external_1880_L313.txt"))
    assert (ref.numbers, ref.external) == ((40,), "Indian Ports Act, 1875")

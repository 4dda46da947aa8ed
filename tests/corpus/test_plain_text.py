"""corpus.plain_text: each document of the corpus as plain text, on the real documents."""

import re
from collections import Counter

import pytest
from lxml import etree

import corpus
from corpus.plain_text import plain_text

WORD = re.compile(r"\w+")


def xml_words(doc_id: str) -> Counter:
    """Every word of the document's XML outside its metadata (text that touches across elements is one word, as in
    "to<ref>266</ref>")."""
    root = corpus.load(doc_id)
    parts = [
        "".join(child.itertext())
        for doc in root
        for child in doc
        if isinstance(child.tag, str) and etree.QName(child).localname != "meta"
    ]
    return Counter(WORD.findall(" ".join(parts)))


@pytest.mark.parametrize("doc_id", [d.id for d in corpus.documents()])
def test_every_word_of_the_xml_is_in_the_plain_text(doc_id):
    text = plain_text(doc_id)
    missing = xml_words(doc_id) - Counter(WORD.findall(text))
    assert not missing, f"{sum(missing.values())} words of the XML are not in the text, e.g. {list(missing)[:10]}"
    assert text.splitlines()[:2] == [corpus.document(doc_id).title, corpus.document(doc_id).expression_uri]


def test_a_section_is_its_title_line_then_its_provisions_each_beginning_with_its_number():
    lines = plain_text("pk-mso-2001").splitlines()
    start = lines.index("    161. Wages on termination of service by wreck, illness, etc.")
    assert lines[start + 1].startswith("        (1) Where the service of any seaman engaged under this Ordinance")
    assert lines[start + 2] == "          (a) in the case of wreck, loss or abandonment of this ship,––"
    assert lines[start + 4].strip() == "(ii) compensation for the loss of his effects,––"
    assert "Part IV — MANNING OF SHIP" in lines and "  Chapter 11 — WAGES OF SEAMEN" in lines


def test_a_table_row_is_its_cells_and_a_side_note_a_line_of_its_own():
    rows = [line.strip() for line in plain_text("in-msb-2016").splitlines() if " | " in line]
    assert (
        rows[0].startswith("Serial No. | Offences | Section of this Act") and rows[1] == "(1) | (2) | (3) | (4) | (5)"
    )
    assert rows[2].startswith(
        "1. | If any person causes a vessel to proceed to sea in contravention of sub-section (1)"
    )
    assert rows[2].endswith("| Court")
    cited = [line.strip() for line in plain_text("in-msb-2016").splitlines() if line.strip().startswith("[Marginal")]
    assert len(cited) == 37 and cited[0] == "[Marginal note: 80 of 1976.]"  # the Gazette's margin citations
    notes = [line for line in plain_text("in-ipa-1875").splitlines() if line.strip().startswith("[Marginal note: ")]
    assert len(notes) == etree.tostring(corpus.load("in-ipa-1875")).count(b'placement="side"')

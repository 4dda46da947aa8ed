"""Which topic chapter hosts the calculator that runs a section (lex_book/reader/calculator_chapters.py), read from the
real chapters and calculators of the repository."""

from __future__ import annotations

from pathlib import Path

from lex_book.reader import calculator_chapters

ROOT = Path(__file__).resolve().parents[2]


def test_a_chapter_hosts_the_calculators_it_calls_by_their_id():
    hosts = calculator_chapters.hosts(ROOT)
    assert hosts["pk-mso-2001/wages-on-wreck"] == "book/chapters/wages-on-wreck"
    assert hosts["in-msb-2016/load-line"] == "book/chapters/load-lines"
    # comparative.md calls calculator(PK_WRECK): a variable names no calculator here, its own chapter hosts it
    assert "book/chapters/comparative" not in hosts.values()


def test_each_section_a_calculator_implements_links_to_its_chapter(real_corpus):
    table = calculator_chapters.chapters_by_section(ROOT)
    assert table["pk-mso-2001"]["part_IV__chp_11__sec_161"] == ["book/chapters/wages-on-wreck"]
    assert table["pk-mso-2001"]["part_IV__chp_11__sec_160"] == ["book/chapters/wages-on-wreck"]  # s. 160(1)
    assert table["in-msb-2016"]["part_V__sec_69"] == ["book/chapters/wages-on-wreck"]
    # the penalty Table's items 38, 39 and 51 are run by two calculators: s. 256 links to both chapters
    assert table["in-msb-2016"]["part_XIV__sec_256"] == ["book/chapters/desertion", "book/chapters/load-lines"]
    assert "part_IV__chp_11__sec_162" not in table["pk-mso-2001"]


def test_a_provision_outside_the_document_is_no_section():
    assert calculator_chapters.section_of("pk-mso-2001", "part_IV__chp_11__sec_161__subsec_1") == (
        "part_IV__chp_11__sec_161"
    )
    assert calculator_chapters.section_of("pk-mso-2001", "no_such_eid") is None

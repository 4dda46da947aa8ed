"""How the reader cuts a document into pages and where each eId is anchored (book/lex_book/reader/page_map.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

import corpus
from corpus import page_map


def test_a_document_gets_a_contents_page_a_page_per_part_per_section_and_per_attachment(fixture_corpus):
    pages = page_map.document_pages("pk-mso-2001")
    assert [(p.slug, p.kind, p.parent) for p in pages.pages] == [
        ("index", "contents", None),
        ("part-i", "division", "index"),
        ("section-1", "section", "part-i"),
        ("section-2", "section", "part-i"),
        ("part-iv", "division", "index"),
        ("section-160", "section", "part-iv"),
        ("section-161", "section", "part-iv"),
        ("the-schedule", "attachment", "index"),
    ]
    assert pages.page("part-iv").title == "Part IV — SEAMEN"
    assert pages.page("section-161").title == "161. Wages on termination of service by wreck, illness, etc."
    assert pages.contents.title == "The Pakistan Merchant Shipping Ordinance, 2001"


def test_a_section_page_knows_its_parts_and_chapters_and_its_neighbours(fixture_corpus):
    pages = page_map.document_pages("pk-mso-2001")
    page = pages.page("section-161")
    assert [page_map.division_title(d) for d in page.trail] == ["Part IV — SEAMEN", "Chapter 11 — WAGES"]
    before, after = pages.neighbours(page)
    assert before.slug == "section-160" and after is None
    first, second = pages.neighbours(pages.page("section-1"))
    assert first is None and second.slug == "section-2"
    assert pages.neighbours(pages.page("section-160"))[0].slug == "section-2"  # across the Part's boundary


def test_every_eid_is_anchored_on_the_page_that_holds_it(fixture_corpus):
    pages = page_map.document_pages("pk-mso-2001")
    root = corpus.load("pk-mso-2001")
    eids = [el.get("eId") for el in root.iter() if isinstance(el.tag, str) and el.get("eId")]
    assert eids and all(e in pages.anchors for e in eids if not e.startswith("cobalt"))
    assert pages.locate("part_IV__chp_11__sec_161__subsec_1") == (
        "book/reader/pk-mso-2001/section-161",
        "part_IV__chp_11__sec_161__subsec_1",
    )
    assert pages.locate("part_IV__chp_11__sec_161") == (
        "book/reader/pk-mso-2001/section-161",
        "part_IV__chp_11__sec_161",
    )
    # the Part, its Chapter and its cross-heading are on the Part's page, which lists the sections
    assert pages.locate("part_IV") == ("book/reader/pk-mso-2001/part-iv", "part_IV")
    assert pages.locate("part_IV__chp_11") == ("book/reader/pk-mso-2001/part-iv", "part_IV__chp_11")
    assert pages.locate("part_IV__chp_11__crossHeading_1")[0] == "book/reader/pk-mso-2001/part-iv"
    assert pages.locate("preamble__p_1") == ("book/reader/pk-mso-2001/index", "preamble__p_1")
    assert pages.locate(None) == ("book/reader/pk-mso-2001/index", "")
    assert pages.locate("sec_999") is None


def test_an_inline_element_is_reached_through_its_anchored_ancestor(fixture_corpus):
    pages = page_map.document_pages("pk-mso-2001")
    ref = next(corpus.load("pk-mso-2001").iter("{*}ref"))
    page, anchor = pages.locate(ref.get("eId"))
    assert anchor == ref.getparent().get("eId") and page.endswith("/section-2")


def test_sections_outside_any_part_or_chapter_get_a_page_of_their_own(fixture_corpus):
    pages = page_map.document_pages("in-ipa-1875")
    assert [(p.slug, p.title, p.parent) for p in pages.pages[1:]] == [
        ("section-1", "1. Short title.", "index"),
        ("chapter-v", "Chapter V — OF SALVAGE IN PORTS", "index"),
        ("section-40", "40. Salvage.", "chapter-v"),
    ]
    assert pages.page("section-1").trail == []


@pytest.mark.parametrize(
    ("uri", "expected"),
    [
        ("/akn/in/act/1875-01-01/12/~chp_V__sec_40", ("in-ipa-1875", "chp_V__sec_40")),
        ("/akn/in/act/1875-01-01/12/eng@1875-01-01/~chp_V", ("in-ipa-1875", "chp_V")),
        ("/akn/in/act/1875-01-01/12", ("in-ipa-1875", None)),
        ("/akn/in/act/1958/44/~sec_2", None),
    ],
)
def test_a_reference_to_another_document_is_located_by_its_work_uri(uri, expected):
    assert page_map.locate_uri(uri) == expected


def test_titles_leave_editorial_remarks_out(real_corpus):
    chapter = next(corpus.load("in-msa-1880").iter("{*}chapter"))
    assert "[" in page_map.text_of(chapter.find("{*}heading"))
    assert page_map.division_title(chapter) == "Chapter I — PRELIMINARY"


@pytest.mark.parametrize("doc", corpus.documents(), ids=lambda d: d.id)
def test_every_section_of_the_real_corpus_has_a_page_of_its_own(real_corpus, doc):
    pages = page_map.document_pages(doc.id)
    sections = page_map.sections_in(corpus.load(doc.id))
    assert sections and [p.elements[0] for p in pages.sections] == sections  # the smallest Act has 6 sections
    assert len({p.slug for p in pages.pages}) == len(pages.pages)  # every page's name is its own
    for page in pages.sections:
        assert pages.locate(page.elements[0].get("eId"))[0] == page.docname(doc.id)
        assert pages.page(page.parent).kind in {"division", "contents"}


@pytest.mark.parametrize("doc", corpus.documents(), ids=lambda d: d.id)
def test_every_eid_of_the_real_corpus_is_on_a_reader_page(real_corpus, doc):
    pages = page_map.document_pages(doc.id)
    body_eids = [
        el.get("eId")
        for el in corpus.load(doc.id).iter()
        if isinstance(el.tag, str) and el.get("eId") and page_map.local(el) not in {"TLCTerm", "TLCOrganization"}
    ]
    missing = [e for e in body_eids if e not in pages.anchors]
    assert body_eids and not missing


FIXTURE_DOCUMENTS = sorted(p.stem for p in (Path(__file__).parent / "fixtures").glob("*.txt"))
"""The documents the fixture corpus holds (conftest.write_fixture_corpus): a part of each of them."""


@pytest.mark.parametrize("doc_id", FIXTURE_DOCUMENTS)
def test_an_eid_reached_through_an_ancestor_lands_on_an_anchored_one(fixture_corpus, doc_id):
    """A ref inside a table cell's paragraph (the fixture's s.256 Table) is reached through the cell's row: the
    paragraph itself is not anchored."""
    pages = page_map.document_pages(doc_id)
    anchored = {eid for eid, (_, anchor) in pages.anchors.items() if anchor == eid}
    assert all(anchor in anchored for _, anchor in pages.anchors.values() if anchor)

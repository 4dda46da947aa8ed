"""How the reader cuts a document into pages and where each eId is anchored (book/_ext/akn_pages.py)."""

from __future__ import annotations

import akn_pages
import pytest

import corpus


def test_a_document_gets_a_contents_page_a_page_per_part_and_per_attachment(fixture_corpus):
    pages = akn_pages.document_pages("pk-mso-2001")
    assert [(p.slug, p.kind) for p in pages.pages] == [
        ("index", "contents"),
        ("part-i", "division"),
        ("part-iv", "division"),
        ("the-schedule", "attachment"),
    ]
    assert pages.pages[2].title == "Part IV — SEAMEN"
    assert pages.contents.title == "The Pakistan Merchant Shipping Ordinance, 2001"


def test_every_eid_is_anchored_on_the_page_that_holds_it(fixture_corpus):
    pages = akn_pages.document_pages("pk-mso-2001")
    root = corpus.load("pk-mso-2001")
    eids = [el.get("eId") for el in root.iter() if isinstance(el.tag, str) and el.get("eId")]
    assert eids and all(e in pages.anchors for e in eids if not e.startswith("cobalt"))
    assert pages.locate("part_IV__chp_11__sec_161__subsec_1") == (
        "book/reader/pk-mso-2001/part-iv",
        "part_IV__chp_11__sec_161__subsec_1",
    )
    assert pages.locate("preamble__p_1") == ("book/reader/pk-mso-2001/index", "preamble__p_1")
    assert pages.locate(None) == ("book/reader/pk-mso-2001/index", "")
    assert pages.locate("sec_999") is None


def test_an_inline_element_is_reached_through_its_anchored_ancestor(fixture_corpus):
    pages = akn_pages.document_pages("pk-mso-2001")
    ref = next(corpus.load("pk-mso-2001").iter("{*}ref"))
    page, anchor = pages.locate(ref.get("eId"))
    assert anchor == ref.getparent().get("eId") and page.endswith("/part-i")


def test_sections_outside_any_part_or_chapter_get_a_page_of_their_own(fixture_corpus):
    pages = akn_pages.document_pages("in-ipa-1875")
    assert [(p.slug, p.title) for p in pages.pages[1:]] == [
        ("section-1", "Section 1"),
        ("chapter-v", "Chapter V — OF SALVAGE IN PORTS"),
    ]


def test_a_huge_part_is_cut_into_chapter_pages(fixture_corpus, monkeypatch):
    monkeypatch.setattr(akn_pages, "SPLIT_PART_CHARS", 200)
    akn_pages.document_pages.cache_clear()
    pages = akn_pages.document_pages("pk-mso-2001")
    slugs = [p.slug for p in pages.pages]
    assert slugs == ["index", "part-i", "part-i-chapter-1", "part-iv", "part-iv-chapter-11", "the-schedule"]
    assert pages.locate("part_IV") == ("book/reader/pk-mso-2001/part-iv", "part_IV")
    assert pages.locate("part_IV__chp_11__sec_161")[0] == "book/reader/pk-mso-2001/part-iv-chapter-11"
    assert pages.pages[4].title == "Part IV, Chapter 11 — WAGES"
    akn_pages.document_pages.cache_clear()


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
    assert akn_pages.locate_uri(uri) == expected


def test_titles_leave_editorial_remarks_out(real_corpus):
    chapter = next(corpus.load("in-msa-1880").iter("{*}chapter"))
    assert "[" in akn_pages.text_of(chapter.find("{*}heading"))
    assert akn_pages.division_title(chapter) == "Chapter I — PRELIMINARY"


@pytest.mark.parametrize("doc", corpus.documents(), ids=lambda d: d.id)
def test_every_eid_of_the_real_corpus_is_on_a_reader_page(real_corpus, doc):
    pages = akn_pages.document_pages(doc.id)
    body_eids = [
        el.get("eId")
        for el in corpus.load(doc.id).iter()
        if isinstance(el.tag, str) and el.get("eId") and akn_pages.local(el) not in {"TLCTerm", "TLCOrganization"}
    ]
    missing = [e for e in body_eids if e not in pages.anchors]
    assert len(body_eids) > 100 and not missing

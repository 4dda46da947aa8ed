"""Where each document stands, on every page of it and in the chapters that compute from it (issue 15, item 1):
the banner of book/lex_book/reader/document_status.py, from the catalogue's ``standing``."""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path

import pytest
from lxml import html as lxml_html

import corpus
from corpus import derivations, page_map
from lex_book.reader import document_status

ROOT = Path(__file__).resolve().parents[2]
CHAPTERS = sorted((ROOT / "book" / "chapters").glob("*.md"))
USES = re.compile(r"(?:\{provision\}\s+|\")([a-z]{2}-[a-z0-9]+-\d{4})[\s/]")
"""A chapter quoting a document (``{provision} in-msb-2016 69(1)``) or running its calculator (``"in-msb-2016/…"``)."""
STANDING = re.compile(r"^```\{statute-standing\} (\S+)$", re.M)


def test_the_banner_says_what_the_catalogue_says() -> None:
    bill = corpus.document("in-mpab-2016")
    assert document_status.plain_summary(bill) == (
        "Bill · Not enacted; a later Bill became the Major Port Authorities Act, 2021 (not verified) · Text as"
        " introduced,"
        " 16 December 2016"
    )
    assert document_status.plain_summary(corpus.document("in-msb-2016")) == (
        "Bill · Not enacted; a later Bill became the Merchant Shipping Act, 2025 (not verified) · Text as introduced,"
        " 16 December 2016 · Was to repeal the Merchant Shipping Act, 1958"
    )
    # succession, from the catalogue's data, on both documents' banners
    assert document_status.plain_summary(corpus.document("in-msa-1958")).endswith(
        " · A Bill was to repeal it: the Merchant Shipping Bill, 2016"
    )
    assert document_status.plain_summary(corpus.document("in-ipa-1908")).endswith(
        " · Succeeds the Indian Ports Act, 1875"
    )
    assert document_status.plain_summary(corpus.document("in-ipa-1875")).endswith(
        " · Succeeded by the Indian Ports Act, 1908"
    )
    assert document_status.plain_summary(corpus.document("in-mpaa-2021")) == (
        "Act · In force since 3 November 2021 · Text as made, 17 February 2021 · An earlier Bill in this corpus: the"
        " Major Port Authorities Bill, 2016"
    )
    assert document_status.plain_summary(corpus.document("pk-mso-2001")).startswith(
        "Ordinance · Where it stands today is not verified here · Text as made, 3 October 2001"
    )
    assert document_status.plain_summary(corpus.document("in-ipa-1875")).endswith(
        "(not verified) · Text as made, 1875 · Succeeded by the Indian Ports Act, 1908"
    )


def test_the_two_texts_of_a_derivation_table_and_no_other_document_link_to_its_page() -> None:
    pairs = [derivations.documents(path) for path in derivations.tables()]
    assert pairs == [("in-ipa-1875", "in-ipa-1908"), ("in-mpab-2016", "in-mpaa-2021"), ("in-msa-1958", "in-msb-2016")]
    for doc in corpus.documents():
        assert document_status.derivation_pairs(doc) == [p for p in pairs if doc.id in p], doc.id


def test_only_a_standing_sourced_in_the_corpus_or_officially_is_called_verified() -> None:
    for doc in corpus.documents():
        standing = doc.standing
        flagged = "not verified" in document_status.plain_summary(doc)
        assert flagged == (not standing.verified), doc.id
        if standing.verified:
            assert all(s.file or s.official for s in standing.sources), doc.id
        else:
            assert standing.unverified, doc.id


def test_a_bills_chapter_note_says_the_figures_are_the_bills_and_that_it_was_not_enacted() -> None:
    words = "".join(
        p if isinstance(p, str) else p[0] for p in document_status.chapter_parts(corpus.document("in-msb-2016"))
    )
    assert words.startswith(
        "The figures this chapter computes from the Merchant Shipping Bill, 2016 are the Bill's, as introduced,"
        " 16 December 2016: the Bill was not enacted; a later Bill became the Merchant Shipping Act, 2025"
    )
    assert words.endswith("(not verified here).")


@pytest.mark.parametrize("path", CHAPTERS, ids=lambda p: p.stem)
def test_a_chapter_that_computes_from_a_bill_says_where_the_bill_stands(path: Path) -> None:
    source = path.read_text(encoding="utf-8")
    bills = {d for d in USES.findall(source) if corpus.document(d).kind == "bill"}
    assert bills <= set(STANDING.findall(source)), f"{path.name}: no {{statute-standing}} for {bills}"
    for doc_id in STANDING.findall(source):
        corpus.document(doc_id)  # names a document of the catalogue


def test_the_india_chapters_use_the_bill() -> None:
    """The check above is not empty: three chapters compute from the Merchant Shipping Bill, 2016."""
    users = [p.stem for p in CHAPTERS if "in-msb-2016" in USES.findall(p.read_text(encoding="utf-8"))]
    assert {"wages-on-wreck", "desertion", "load-lines"} <= set(users)


# ---- the built book ----------------------------------------------------------------------------------------------


def _page(path: Path) -> lxml_html.HtmlElement:
    return lxml_html.fromstring(path.read_bytes())


@cache
def _ids(path: Path) -> frozenset[str]:
    return frozenset(_page(path).xpath("//@id"))


@pytest.mark.parametrize("doc", corpus.documents(), ids=lambda d: d.id)
def test_every_built_page_of_a_document_has_its_banner(built_site: Path, doc: corpus.Document) -> None:
    folder = built_site / "book" / "reader" / doc.id
    pages = sorted(folder.glob("*.html"))
    sections = [p for p in pages if p.name.startswith("section-")]
    assert pages and sections, doc.id
    expected = document_status.plain_summary(doc)
    for path in pages:
        page = _page(path)
        (banner,) = page.xpath("//article//div[contains(@class, 'lm-status')][@role='note']")
        assert banner.get("aria-label") == "Status of this document", path
        (line,) = banner.xpath("./p[contains(@class, 'lm-status-line')]")
        text = " ".join(line.text_content().split())
        assert text.startswith(expected), (path.name, text)
        for href in line.xpath(".//a/@href"):
            if href.startswith("https://"):
                assert href == doc.standing.official
                continue
            target, _, anchor = href.partition("#")
            resolved = (path.parent / target).resolve() if target else path
            assert resolved.is_file(), (path.name, href)
            if anchor:
                assert anchor in _ids(resolved), (path.name, href)
        derived = line.xpath(".//a[starts-with(normalize-space(), 'From ')]")
        pairs = document_status.derivation_pairs(doc)
        assert [(path.parent / a.get("href")).resolve() for a in derived] == [
            (built_site / f"{page_map.derivation_docname(*pair)}.html").resolve() for pair in pairs
        ], path.name
        for link, (older, newer) in zip(derived, pairs, strict=True):  # the direction and the other text, by name
            table = derivations.load_table(derivations.TABLES_DIR / f"{older}__{newer}.csv")
            other = corpus.document(newer if doc.id == older else older)
            assert " ".join(link.text_content().split()) == f"{derivations.direction(table)}: the {other.short_title}"
        if path.name == "index.html":
            (toggle,) = banner.xpath(".//details[@id='document-status']")
            items = toggle.xpath(".//ul[contains(@class, 'lm-status-sources')]/li")
            assert len(items) == len(doc.standing.sources)
            for item, source in zip(items, doc.standing.sources, strict=True):
                said = " ".join(item.text_content().split())
                assert said.startswith(" ".join(source.fact.split()) + " — "), said
                assert said.endswith(source.url or " ".join(source.quote.split())), said
        else:
            assert line.xpath(".//a[text()='Status and sources']/@href") == ["index.html#document-status"]


def test_the_india_chapters_say_in_the_built_book_that_the_bill_was_not_enacted(built_site: Path) -> None:
    for name in ("wages-on-wreck", "desertion", "load-lines", "comparative"):
        page = _page(built_site / "book" / "chapters" / f"{name}.html")
        notes = [" ".join(n.text_content().split()) for n in page.xpath("//div[contains(@class, 'lm-status-chapter')]")]
        assert any("are the Bill's" in n and "the Bill was not enacted" in n for n in notes), name
        (link,) = page.xpath(
            "//div[contains(@class, 'lm-status-chapter')][contains(., 'Merchant Shipping Bill')]"
            "//a[text()='Where it stands, and the sources']/@href"
        )
        assert link == "../reader/in-msb-2016/index.html#document-status"


def test_the_data_catalogue_gives_each_documents_standing(built_site: Path) -> None:
    entries = {e["id"]: e for e in json.loads((built_site / "data" / "catalogue.json").read_text())["documents"]}
    for doc in corpus.documents():
        standing = entries[doc.id]["standing"]
        assert standing["state"] == doc.standing.state and standing["verified"] == doc.standing.verified
        assert standing["summary"] == document_status.plain_summary(doc)
        assert [s["fact"] for s in standing["sources"]] == [s.fact for s in doc.standing.sources]


def test_a_repeal_is_dated_on_a_day_and_in_a_year() -> None:
    act = corpus.document("in-msa-1958")  # the catalogue: repealed by the Merchant Shipping Act, 2025, 15 March 2026
    assert act.standing.state == "repealed" and len(act.standing.since) == 10
    said = document_status._plain(document_status.standing_parts(act))
    assert said == "Repealed by the Merchant Shipping Act, 2025 on 15 March 2026"

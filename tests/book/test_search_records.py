"""The search's records (lex_book/search/, issue 25 item 3): the statutes' records come from the corpus (the page map,
the citation grammar, the plain text), the other pages' from what the build marks with ``data-pagefind-body``, and
nothing is read back from the HTML by class name; then the search itself in chromium on a small book over the
fixture corpus (a citation, a citation with the statute's year or name, a sub-provision, a term, a phrase), and the
search page opened from the file system saying that it needs the site served (issue 26).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urldefrag

import pytest
from conftest import CHROMIUM, FLAGS, clear_caches, search_results, serving, shows_provision, write_fixture_corpus
from small_book import build
from test_fixture_build import make_book

import corpus
from corpus import catalogue, page_map
from lex_book.search import site_search

DOCS_SHOWN = {p.stem for p in (Path(__file__).resolve().parent / "fixtures").glob("*.txt")}
"""The documents the small book shows (``make_book``: those of the fixture corpus)."""


def record_of(records: list[site_search.Record], url: str) -> site_search.Record:
    (found,) = [r for r in records if r.url == url]
    return found


def parts_of(record: site_search.Record) -> dict[str, str]:
    (parts,) = re.findall(r'data-pagefind-meta="parts:([^"]*)"', record.html)
    return dict(entry.split("=") for entry in parts.split())


# --- the records, from the committed corpus (no build) ---------------------------------------------------------------


def test_a_section_record_is_its_citation_heading_and_text_at_its_anchor(real_corpus):
    statute = site_search.statutes()["pk-mso-2001"]
    records = site_search.statute_records("pk-mso-2001", statute)
    provision = corpus.cite("pk-mso-2001", "161")
    record = record_of(records, f"book/reader/pk-mso-2001/section-161.html#{provision.eid}")
    assert ">s. 161. Wages on termination of service by wreck, illness, etc.</h2>" in record.html
    assert 'data-pagefind-filter="section:161"' in record.html
    assert 'data-pagefind-filter="statute:pk-mso-2001"' in record.html
    assert "whichever be longer" in record.html  # the law's words: s.161(1)(a)(i)
    assert "<p>(2) A seaman shall not be entitled" in record.html  # a sub-provision's block begins with its number
    assert "corpus/annotations" not in record.html and "lm-notes" not in record.html  # the notes are not the law


def test_every_numbered_part_of_a_record_cites_back_to_its_own_element(real_corpus):
    """The meta ``parts`` ("(1)(a)(ii)=__subsec_1__para_a__subpara_ii") is the citation grammar's: the element whose
    eId is the section's and the tail is cited as the section's number and the key."""
    statute = site_search.statutes()["in-msa-1958"]
    checked = 0
    for record in site_search.statute_records("in-msa-1958", statute)[:120]:
        number = re.search(r'data-pagefind-filter="section:([^"]+)"', record.html)
        if number is None:
            continue
        section_eid = urldefrag(record.url).fragment
        for key, tail in parts_of(record).items():
            cited = corpus.citation("in-msa-1958", section_eid + tail)  # "s. 42(2A)"; a query is read lower-case
            assert cited.replace(" ", "").lower() == f"s.{number[1]}{key}", (record.url, key)
            checked += 1
    assert checked > 100


def test_each_section_page_is_one_record_and_every_record_is_a_page_of_the_map(real_corpus):
    statute = site_search.statutes()["in-msb-2016"]
    records = site_search.statute_records("in-msb-2016", statute)
    pages = page_map.document_pages("in-msb-2016")
    sections = [r for r in records if 'data-pagefind-filter="section:' in r.html]
    assert len(sections) == len(pages.sections)
    docnames = {f"{p.docname('in-msb-2016')}.html" for p in pages.pages}
    assert {urldefrag(r.url).url for r in records} <= docnames
    for record in sections:
        page_url, anchor = urldefrag(record.url)
        assert pages.locate(anchor) == (page_url.removesuffix(".html"), anchor)


def test_a_part_page_is_one_record_of_its_titles_not_its_sections_law(real_corpus):
    statute = site_search.statutes()["pk-mso-2001"]
    records = site_search.statute_records("pk-mso-2001", statute)
    record = record_of(records, "book/reader/pk-mso-2001/part-iv.html")
    assert "161. Wages on termination of service by wreck, illness, etc." in record.html  # listed by its title
    assert "whichever be longer" not in record.html  # the law is on the sections' pages
    assert 'data-pagefind-filter="section:' not in record.html
    assert not [r for r in records if r.url.startswith("book/reader/pk-mso-2001/part-iv.html#")]


def test_the_built_pages_read_are_not_the_statutes_pages(tmp_path):
    for url in ["book/chapters/wages.html", "book/reader/glossary.html", "book/reader/in-ipa-1908/section-7.html"]:
        (tmp_path / url).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / url).write_text("<html></html>", encoding="utf-8")
    (tmp_path / "_static").mkdir()
    (tmp_path / "_static" / "x.html").write_text("<html></html>", encoding="utf-8")
    read = [url for url, _ in site_search.page_files(tmp_path, ["in-ipa-1908"])]
    assert read == ["book/chapters/wages.html", "book/reader/glossary.html"]


def test_the_sort_key_follows_the_book_order():
    first, second = site_search.Statute("a", "A", "X", 0), site_search.Statute("b", "B", "X", 1)
    keys = [site_search.sort_key(s, n) for s, n in [(first, "9"), (first, "10"), (first, "10A"), (second, "1")]]
    assert keys == sorted(keys)


# --- the small book over the fixture corpus --------------------------------------------------------------------------


@pytest.fixture(scope="module")
def search_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The small book, built once for the module; the fixture corpus stays in place meanwhile."""
    tmp = tmp_path_factory.mktemp("search-book")
    with pytest.MonkeyPatch.context() as patch:
        write_fixture_corpus(tmp / "akn")
        patch.setattr(catalogue, "AKN_DIR", tmp / "akn")
        clear_caches()
        result, out = build(make_book(tmp))
        assert result == 0, result
        yield out
    clear_caches()


@pytest.fixture(scope="module")
def search_url(search_site: Path) -> Iterator[str]:
    with serving(search_site) as url:
        yield url


@pytest.fixture(scope="module")
def phone():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        context = chromium.new_context(viewport={"width": 390, "height": 800})
        yield context
        chromium.close()


def test_the_pages_the_build_marks_are_the_book_pages_not_the_statutes(search_site):
    def marked(docname: str) -> bool:
        return "data-pagefind-body" in (search_site / f"{docname}.html").read_text(encoding="utf-8")

    assert marked("book/chapters/wages") and marked("book/widget") and marked("book/reader/glossary")
    assert not marked("book/reader/pk-mso-2001/section-161") and not marked("book/reader/pk-mso-2001/part-iv")
    assert not marked("search")
    entry = json.loads((search_site / "pagefind" / "pagefind-entry.json").read_text(encoding="utf-8"))
    (language,) = entry["languages"].values()
    records = sum(len(site_search.statute_records(d, s)) for d, s in site_search.statutes().items() if d in DOCS_SHOWN)
    assert language["page_count"] > records  # the statutes' records and the marked pages


def results(context, site_url: str, query: str) -> list[tuple[str, str]]:
    page = context.new_page()
    try:
        return search_results(page, site_url, query)
    finally:
        page.close()


def lands_on(context, url: str, eid: str) -> bool:
    page = context.new_page()
    try:
        return shows_provision(page, url, eid)
    finally:
        page.close()


@pytest.mark.browser
@pytest.mark.parametrize(
    ("query", "doc_id", "reference"),
    [
        ("161", "pk-mso-2001", "161"),
        ("s.161", "pk-mso-2001", "161"),
        ("section 161 pakistan", "pk-mso-2001", "161"),
        ("s.141 1958", "in-msa-1958", "141"),
        ("section 7 ports act 1908", "in-ipa-1908", "7"),
        ("118 msb", "in-msb-2016", "118"),
        ("s.161(1)(a)(ii)", "pk-mso-2001", "161(1)(a)(ii)"),
        ("s. 141(1)(b)", "in-msa-1958", "141(1)(b)"),
    ],
)
def test_a_citation_lands_on_its_provision_first(phone, search_url, query, doc_id, reference):
    found = results(phone, search_url, query)
    assert found, f"no result for {query!r}"
    url, title = found[0]
    provision = corpus.cite(doc_id, reference)
    section = reference.split("(")[0]
    assert f"/book/reader/{doc_id}/section-{section}.html#" in url, (query, found[:3])
    assert urldefrag(url).fragment == provision.eid
    assert title.startswith(f"s. {reference}.")
    assert lands_on(phone, url, provision.eid)


@pytest.mark.browser
@pytest.mark.parametrize(
    ("query", "doc_id", "reference"),
    [
        ("whichever be longer", "pk-mso-2001", "161"),  # a phrase of s.161(1)(a)(i)
        ("conservator", "in-ipa-1908", "7"),  # a term, in the heading of s.7
        ("load lines submersion", "in-msb-2016", "118"),
    ],
)
def test_words_of_a_section_find_it_at_its_anchor(phone, search_url, query, doc_id, reference):
    found = [(u, t) for u, t in results(phone, search_url, query) if "/book/reader/" in u]
    assert found, f"no reader result for {query!r}"
    url, title = found[0]
    assert f"/book/reader/{doc_id}/section-{reference}.html#" in url and title.startswith(f"s. {reference}.")
    assert lands_on(phone, url, corpus.cite(doc_id, reference).eid)


@pytest.mark.browser
def test_a_book_page_is_found_by_its_words_but_not_by_its_code(phone, search_url):
    assert results(phone, search_url, "fines")[0][0].endswith("/book/math.html")  # its title
    assert any(u.endswith("/book/chapters/wages.html") for u, _ in results(phone, search_url, "calculator not run"))
    # a code cell's source (myst-nb's cell_input: "import ipywidgets") is left out, its output stays
    assert not [u for u, _ in results(phone, search_url, "ipywidgets") if u.endswith("/book/widget.html")]
    assert any(u.endswith("/book/widget.html") for u, _ in results(phone, search_url, "a widget"))


@pytest.mark.browser
def test_the_search_page_from_the_file_system_says_it_needs_the_site_served(phone, search_site, search_url):
    page = phone.new_page()
    page.goto((search_site / "search.html").as_uri() + "?q=161")
    note = page.locator("#lm-search-needs-server")
    note.wait_for(state="visible", timeout=10_000)
    words = " ".join(note.inner_text().split())
    assert "The search needs the site served" in words
    assert "make book" in words and "python3 -m http.server 8000 --directory _build/html" in words
    assert page.locator("#lm-search-results li").count() == 0
    assert "file://" in page.locator("#lm-search-status").inner_text()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390  # the commands wrap on a phone
    page.close()
    served = phone.new_page()
    served.goto(f"{search_url}/search.html?q=161")
    served.wait_for_function("/^Results/.test(document.getElementById('lm-search-status').textContent)")
    assert served.locator("#lm-search-needs-server").is_hidden()
    served.close()

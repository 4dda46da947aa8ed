"""The book's search (lex_book/search/): ``search.html?q=QUERY`` lists the results as links, best first, in
chromium; a citation lands on its section, words rank the topic chapters first; the index is loaded in chunks; no page
has a search script in its head."""

from __future__ import annotations

import json
import re
from urllib.parse import urldefrag

import pytest
from conftest import search_results, shows_provision

from corpus import cite
from lex_book.search import site_search

pytestmark = [pytest.mark.book]
browser_test = pytest.mark.browser


def results(browser, site_url: str, query: str, requests: list | None = None) -> list[tuple[str, str]]:
    """The search page's results for ``query``: (absolute URL, link text), best first."""
    page = browser.new_page(viewport={"width": 390, "height": 800})
    if requests is not None:
        page.on("response", lambda r: requests.append((r.url, r.status)))
    try:
        return search_results(page, site_url, query)
    finally:
        page.close()


def lands_on(browser, url: str, eid: str) -> bool:
    """Following ``url`` shows the provision ``eid``: its element is the link's target or holds it."""
    page = browser.new_page(viewport={"width": 390, "height": 800})
    try:
        return shows_provision(page, url, eid)
    finally:
        page.close()


@browser_test
@pytest.mark.parametrize("query", ["161", "s.161", "s 161", "S. 161", "section 161 pakistan", "sec. 161 ordinance"])
def test_a_citation_of_section_161_lands_on_the_section_first(browser, site_url, query):
    found = results(browser, site_url, query)
    assert found, f"no result for {query!r}"
    url, title = found[0]
    assert title.startswith("s. 161.") and "Wages on termination of service" in title
    assert "/book/reader/pk-mso-2001/" in url
    assert lands_on(browser, url, cite("pk-mso-2001", "161").eid)


@browser_test
def test_a_citation_with_the_bills_short_name_lands_on_its_clause(browser, site_url):
    url, title = results(browser, site_url, "69 msb")[0]
    assert "/book/reader/in-msb-2016/" in url and title.startswith("s. 69.")
    assert lands_on(browser, url, cite("in-msb-2016", "69").eid)


@browser_test
def test_a_bare_number_lists_the_section_of_that_number_of_every_statute_that_has_one_before_the_pages_citing_it(
    browser, site_url
):
    found = results(browser, site_url, "161")
    sections = [title for _, title in found if title.startswith("s. 161.")]
    assert len(sections) >= 2  # the Ordinance's and the Bill's
    assert [title for _, title in found[: len(sections)]] == sections
    assert any(url.endswith("/book/chapters/wages-on-wreck.html") for url, _ in found)


@browser_test
@pytest.mark.parametrize(
    ("query", "chapter"),
    [("wages", "wages-on-wreck"), ("desertion", "desertion"), ("load line", "load-lines"), ("pilgrim", "pilgrims")],
)
def test_a_topic_word_ranks_its_chapter_first_then_sections(browser, site_url, query, chapter):
    found = results(browser, site_url, query)
    assert found[0][0].endswith(f"/book/chapters/{chapter}.html")
    assert any("/book/reader/" in url and "#" in url for url, _ in found[1:6])  # sections, by their anchors


@browser_test
def test_word_results_point_to_the_section_not_the_part(browser, site_url):
    found = results(browser, site_url, "whichever be longer")  # words of s.161(1)(a)(i) of the Ordinance
    in_reader = [(url, title) for url, title in found if "/book/reader/" in url]
    url, title = in_reader[0]
    assert title.startswith("s. 161.") and urldefrag(url).fragment
    assert lands_on(browser, url, cite("pk-mso-2001", "161").eid)
    assert not [u for u, _ in in_reader if not urldefrag(u).fragment]  # no Part page for words of its sections


@browser_test
def test_a_query_loads_a_few_chunks_of_the_index_not_all_of_it(browser, site_url, built_site):
    requests: list = []
    assert results(browser, site_url, "s.161", requests)
    fetched = [(url, status) for url, status in requests if "/pagefind/" in url]
    fragments = [url for url, _ in fetched if "/pagefind/fragment/" in url]
    indexes = [url for url, _ in fetched if "/pagefind/index/" in url]
    assert fragments and indexes
    assert len(fragments) <= 20 < len(list((built_site / "pagefind" / "fragment").iterdir()))
    assert len(indexes) < len(list((built_site / "pagefind" / "index").iterdir()))
    assert {status for _, status in fetched} == {200}


def test_no_page_has_a_search_script_in_its_head_and_sphinx_writes_no_index(built_site):
    assert not (built_site / "searchindex.js").exists()  # Pagefind's index is the search (site_search.py)
    assert (built_site / "search.html").is_file()
    heads = {}
    for path in built_site.rglob("*.html"):
        if path.relative_to(built_site).parts[0] in ("_static", "lite", "pagefind"):
            continue
        html = path.read_text(encoding="utf-8")
        heads[path] = re.findall(r"<script[^>]*>", html[: html.find("</head>")])
    assert len(heads) > 100
    # by the file a tag loads (the search page's own name is in its page-name tag: data-pagename="search")
    searching = {p: s for p, s in heads.items() if any(re.search(r'src="[^"]*(?:search|pagefind)', t) for t in s)}
    assert searching == {}


def test_the_index_holds_the_statutes_records_and_the_marked_pages_not_the_statutes_pages(built_site):
    """The statutes' sections come from the corpus (one record each, at the section's anchor); the reader's pages as
    built are not read again, and every other page of the book is, as its body is marked."""
    entry = json.loads((built_site / "pagefind" / "pagefind-entry.json").read_text(encoding="utf-8"))
    (language,) = entry["languages"].values()
    known = site_search.statutes()
    records = sum(len(site_search.statute_records(doc_id, known[doc_id])) for doc_id in known)
    marked = [
        p.relative_to(built_site).parts for p in built_site.rglob("*.html") if b"data-pagefind-body" in p.read_bytes()
    ]
    assert not [p for p in marked if p[:2] == ("book", "reader") and len(p) == 4 and p[2] in known]
    assert language["page_count"] == records + len(marked)


@browser_test
@pytest.mark.parametrize("citation", ["161(1)(a)(ii)", "161(2)"])
def test_a_citation_of_a_sub_provision_lands_on_it(browser, site_url, citation):
    url, title = results(browser, site_url, f"s.{citation}")[0]
    provision = cite("pk-mso-2001", citation)
    assert urldefrag(url).fragment == provision.eid
    assert title.startswith(f"s. {citation}. Wages on termination")
    assert lands_on(browser, url, provision.eid)

"""The book's search (lex_book/search/): ``search.html?q=QUERY`` lists the results as links, best first, in
chromium; a citation lands on its section, words rank the topic chapters first; the index is loaded in chunks; no page
has a search script in its head."""

from __future__ import annotations

import re
from urllib.parse import quote, urldefrag

import pytest

from corpus import cite
from lex_book.search import site_search

pytestmark = [pytest.mark.book]
browser_test = pytest.mark.browser


def results(browser, site_url: str, query: str, requests: list | None = None) -> list[tuple[str, str]]:
    """The search page's results for ``query``: (absolute URL, link text), best first."""
    page = browser.new_page(viewport={"width": 390, "height": 800})
    if requests is not None:
        page.on("response", lambda r: requests.append((r.url, r.status)))
    page.goto(f"{site_url}/search.html?q={quote(query)}")
    page.wait_for_function(
        "/^(Results|Nothing)/.test(document.getElementById('lm-search-status').textContent)", timeout=20_000
    )
    found = page.eval_on_selector_all(
        "#lm-search-results li > a", "links => links.map(a => [a.href, a.textContent.trim()])"
    )
    page.close()
    return [tuple(r) for r in found]


def lands_on(browser, url: str, eid: str) -> bool:
    """Following ``url`` shows the provision ``eid``: its element is the link's target or holds it."""
    page = browser.new_page(viewport={"width": 390, "height": 800})
    page.goto(url)
    target = urldefrag(url).fragment
    found = page.evaluate(
        "([eid, target]) => { const el = document.getElementById(eid);"
        " const t = target && document.getElementById(target);"
        " return !!el && (!target || t === el || el.contains(t) || t.contains(el)); }",
        [eid, target],
    )
    page.close()
    return found


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


def test_no_page_has_a_search_script_in_its_head(built_site):
    heads = {}
    for path in built_site.rglob("*.html"):
        if path.relative_to(built_site).parts[0] in ("_static", "lite", "pagefind"):
            continue
        html = path.read_text(encoding="utf-8")
        heads[path] = re.findall(r"<script[^>]*>", html[: html.find("</head>")])
    assert len(heads) > 100
    searching = {p: s for p, s in heads.items() if any(re.search(r"search|pagefind", tag) for tag in s)}
    assert searching == {}


def test_a_section_page_is_one_record_with_its_number_and_statute(built_site):
    page = built_site / "book" / "reader" / "pk-mso-2001" / "section-161.html"
    statute = site_search.statutes()["pk-mso-2001"]
    records = site_search.page_records(page.read_bytes(), "book/reader/pk-mso-2001/section-161.html", statute)
    eid = cite("pk-mso-2001", "161").eid
    (record,) = records  # the page's breadcrumb and definitions block are not a second result
    assert record.url == f"book/reader/pk-mso-2001/section-161.html#{eid}"
    assert 'data-pagefind-filter="section:161"' in record.html
    assert 'data-pagefind-filter="statute:pk-mso-2001"' in record.html
    assert "whichever be longer" in record.html and "s. 161. Wages on termination" in record.html
    assert "corpus/annotations" not in record.html  # the notes beside the law are not its text
    assert cite("pk-mso-2001", "161(1)(a)(ii)").eid in record.html  # its numbered parts, for "s.161(1)(a)(ii)"


def test_a_part_page_lists_its_sections_and_gives_no_section_record(built_site):
    part = built_site / "book" / "reader" / "pk-mso-2001" / "part-iv.html"
    statute = site_search.statutes()["pk-mso-2001"]
    records = site_search.page_records(part.read_bytes(), "book/reader/pk-mso-2001/part-iv.html", statute)
    assert [r.url for r in records] == ["book/reader/pk-mso-2001/part-iv.html"]
    assert "whichever be longer" not in records[0].html  # the law is on the sections' pages


@pytest.mark.parametrize("html", [b"", b"   ", b"<meta http-equiv='Refresh' content='0; url=book/intro.html' />"])
def test_a_page_without_an_article_gives_no_record(html):
    assert site_search.page_records(html, "index.html") == []


def test_the_sort_key_follows_the_book_order():
    first, second = site_search.Statute("a", "A", "X", 0), site_search.Statute("b", "B", "X", 1)
    keys = [site_search.sort_key(s, n) for s, n in [(first, "9"), (first, "10"), (first, "10A"), (second, "1")]]
    assert keys == sorted(keys)


SECTION_PAGE = """<html lang="en"><body><nav>Part IV › Chapter 11</nav><article class="bd-article" role="main">
<h1>Section 161. Wages on termination of service by wreck, illness, etc.<a class="headerlink" href="#x">#</a></h1>
<section class="akn-section" id="part_IV__chp_11__sec_161">
<div class="lm-notes">corpus/annotations/concordance.csv</div>
<p>(1) Where the service of any seaman ... for a period of two months, whichever be longer.</p></section>
<footer class="prev-next-area"><a href="sec-160.html">s. 160</a></footer></article></body></html>"""


def test_a_page_of_one_section_gives_one_record_titled_by_its_number():
    """The shape of a reader page of one section (its heading the page's h1): one record, at the section."""
    statute = site_search.statutes()["pk-mso-2001"]
    records = site_search.page_records(SECTION_PAGE.encode(), "book/reader/pk-mso-2001/sec-161.html", statute)
    assert [r.url for r in records] == ["book/reader/pk-mso-2001/sec-161.html#part_IV__chp_11__sec_161"]
    html = records[0].html
    assert ">s. 161. Wages on termination of service by wreck, illness, etc.</h1>" in html
    assert 'data-pagefind-filter="section:161"' in html and "whichever be longer" in html
    assert "corpus/annotations" not in html and "s. 160" not in html and "Chapter 11" not in html


@browser_test
@pytest.mark.parametrize("citation", ["161(1)(a)(ii)", "161(2)"])
def test_a_citation_of_a_sub_provision_lands_on_it(browser, site_url, citation):
    url, title = results(browser, site_url, f"s.{citation}")[0]
    provision = cite("pk-mso-2001", citation)
    assert urldefrag(url).fragment == provision.eid
    assert title.startswith(f"s. {citation}. Wages on termination")
    assert lands_on(browser, url, provision.eid)

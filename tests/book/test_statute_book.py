"""The statute book in the reader (issue 23): a section's amendment history on its page and in ``provisions.json``,
the statutes grouped by country and kind on the front page and in the sidebar, and search by citation with the
statute's year ("s.141 1958", "section 7 ports act 1908").

One small book, built once for this module over the fixture corpus (``tests/book/fixtures``: the 1958 Act's ss.141
and 308 and the 1908 Act's s.7 among the other documents' few sections, real lines of the corpus's markup).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import quote, urldefrag

import pytest
from conftest import CHROMIUM, FLAGS, clear_caches, serving, write_fixture_corpus
from docutils import nodes
from lxml import html as lxml_html
from small_book import build
from test_fixture_build import make_book

import corpus
from corpus import amendments, catalogue
from lex_book.reader import amendment_history, statute_reader

INTRO = "# Lex Maritima\n\nThe reader, on the fixture corpus.\n\n## The statutes\n\n```{statute-list}\n```\n"


# First, on the committed corpus (the small book below puts the fixture corpus in its place for the rest of the module)


def test_an_amending_act_in_the_corpus_is_a_link_to_it():
    note = amendments.history(corpus.cite("in-msa-1958", "141(3)").element)[0]
    here = [r["akn_target"] for r in amendment_history._entry("in-msa-1958", note).findall(nodes.reference)]
    assert here == ["in-msa-1958 sec_141__subsec_3"]  # Act 41 of 1984 is not in the corpus: no link
    ports = amendments.Amendment(**{**note.__dict__, "by_href": "/akn/in/act/1908/15"})
    targets = [r["akn_target"] for r in amendment_history._entry("in-msa-1958", ports).findall(nodes.reference)]
    assert targets == ["in-ipa-1908 ", "in-msa-1958 sec_141__subsec_3"]


def test_a_long_history_starts_closed():
    table = corpus.cite("in-msa-1958", "436").element
    assert len(amendments.history(table)) > amendment_history.OPEN_UP_TO
    (toggle,) = amendment_history.history_nodes("in-msa-1958", table)
    assert not toggle.get("open")


@pytest.fixture(scope="module")
def statute_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The small book with the front page's statute list, built once; the fixture corpus stays in place meanwhile."""
    tmp = tmp_path_factory.mktemp("statute-book")
    with pytest.MonkeyPatch.context() as patch:
        write_fixture_corpus(tmp / "akn")
        patch.setattr(catalogue, "AKN_DIR", tmp / "akn")
        clear_caches()
        book = make_book(tmp)
        (book / "book" / "intro.md").write_text(INTRO, encoding="utf-8")
        result, out = build(book)
        assert result == 0, result
        yield out
    clear_caches()


def page(site: Path, docname: str):
    return lxml_html.fromstring((site / f"{docname}.html").read_bytes())


def words(el) -> str:
    return " ".join(el.text_content().split())


def test_a_section_page_lists_its_amendments_newest_first(statute_site):
    tree = page(statute_site, "book/reader/in-msa-1958/section-308")
    (history,) = tree.xpath("//details[contains(@class, 'akn-history')]")
    assert history.get("open") is not None  # three entries: shown open
    assert words(history.xpath("summary")[0]) == "Amendment history: 3 changes, the latest in force from 28 May 1966"
    entries = [words(li) for li in history.xpath(".//ul[contains(@class, 'akn-history-list')]/li")]
    assert entries == [
        "28 May 1966 · Substituted by Act 21 of 1966, s. 23 — in s. 308(1) Before: “every ship other than an Indian"
        " ship being a passenger ship of five hundred tons gross or more”",
        "28 May 1966 · Omitted by Act 21 of 1966, s. 23 — in s. 308(2) Omitted words: “other than an Indian ship”",
        "28 May 1966 · Inserted by Act 21 of 1966, s. 23 — in s. 308(3)",
    ]
    links = history.xpath(".//a/@href")
    assert links == ["#sec_308__subsec_1", "#sec_308__subsec_2", "#sec_308__subsec_3"]  # on this page
    assert all(tree.get_element_by_id(href[1:]) is not None for href in links)


def test_the_history_of_s141_names_act_41_of_1984_and_the_words_it_replaced(statute_site):
    (history,) = page(statute_site, "book/reader/in-msa-1958/section-141").xpath("//details[@id='amendment-history']")
    assert "15 July 1985 · Substituted by Act 41 of 1984, s. 11 — in s. 141(3)" in words(history)
    assert "Before: “to his legal heirs”" in words(history)


def test_notes_with_no_date_say_so_and_a_section_with_no_note_has_no_history(statute_site):
    (history,) = page(statute_site, "book/reader/in-ipa-1908/section-7").xpath("//details[@id='amendment-history']")
    assert words(history.xpath("summary")[0]) == "Amendment history: 2 changes"
    assert [words(li).split(" · ")[0] for li in history.xpath(".//li")] == ["Date not given", "Date not given"]
    assert "Substituted by the A.O. 1937 — in s. 7(1) Before: “Local Government”" in words(history)
    assert not page(statute_site, "book/reader/pk-mso-2001/section-161").xpath("//details[@id='amendment-history']")


def test_provisions_json_carries_each_sections_history(statute_site):
    data = json.loads((statute_site / "data" / "in-msa-1958" / "provisions.json").read_text(encoding="utf-8"))
    rows = {row["eId"]: row for row in data["provisions"]}
    (change,) = rows["sec_141"]["amendments"]
    assert {k: change[k] for k in ("kind", "act", "section", "wef", "replaced", "at", "at_citation", "document")} == {
        "kind": "substituted",
        "act": "Act 41 of 1984",
        "section": "s. 11",
        "wef": "1985-07-15",
        "replaced": "to his legal heirs",
        "at": "sec_141__subsec_3",
        "at_citation": "s. 141(3)",
        "document": None,
    }
    assert [c["kind"] for c in rows["sec_308"]["amendments"]] == ["substituted", "omitted", "inserted"]
    assert "amendments" not in rows["sec_141__subsec_3"]  # on the section's row only
    ordinance = json.loads((statute_site / "data" / "pk-mso-2001" / "provisions.json").read_text(encoding="utf-8"))
    assert all(r["amendments"] == [] for r in ordinance["provisions"] if r["element"] == "section")


def test_the_front_page_groups_the_statutes_by_country_and_kind(statute_site):
    tree = page(statute_site, "book/intro")
    groups = tree.xpath("//div[contains(concat(' ', @class, ' '), ' lm-statute-group ')]")
    titles = [words(g.xpath(".//p[contains(@class, 'lm-statute-group-title')]")[0]) for g in groups]
    assert titles == ["Pakistan — Ordinances", "India — Acts", "India — Bills"]
    acts = [(words(a), a.get("href")) for a in groups[1].xpath(".//a")]
    assert [t for t, _ in acts] == [
        corpus.document(d).title for d in ("in-ipa-1875", "in-msa-1880", "in-ipa-1908", "in-msa-1958", "in-mpaa-2021")
    ]
    assert acts[3][1] == "reader/in-msa-1958/index.html"
    shown = [p.stem for p in (Path(__file__).parent / "fixtures").glob("*.txt")]
    listed = {d.id for _, docs in statute_reader.statute_groups(shown) for d in docs}
    assert listed == set(shown) and len(tree.xpath("//div[contains(@class, 'lm-statute-groups')]//li")) == len(shown)


def test_the_sidebar_lists_the_statutes_in_the_same_groups(statute_site):
    tree = page(statute_site, "book/reader/glossary")
    captions = [words(c) for c in tree.xpath("//nav[contains(@class, 'bd-docs-nav')]//p[contains(@class, 'caption')]")]
    at = captions.index("The statutes")
    assert captions[at + 1 : at + 4] == ["Pakistan — Ordinances", "India — Acts", "India — Bills"]


# --- in chromium, at a phone's width ----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def statute_url(statute_site: Path) -> Iterator[str]:
    with serving(statute_site) as url:
        yield url


@pytest.fixture(scope="module")
def phone(statute_url):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        context = chromium.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
        yield context
        chromium.close()


@pytest.mark.browser
def test_the_history_fits_a_390px_phone(phone, statute_url, tmp_path):
    tab = phone.new_page()
    tab.goto(f"{statute_url}/book/reader/in-msa-1958/section-308.html#amendment-history")
    history = tab.locator("details.akn-history")
    history.scroll_into_view_if_needed()
    assert history.is_visible() and tab.locator("ul.akn-history-list > li").first.is_visible()
    widest = tab.evaluate(
        "() => Math.max(...[...document.querySelectorAll('details.akn-history *')]"
        ".map(e => e.getBoundingClientRect().right))"
    )
    assert widest <= 390 and tab.evaluate("document.documentElement.scrollWidth") <= 390
    size = tab.evaluate("parseFloat(getComputedStyle(document.querySelector('ul.akn-history-list li')).fontSize)")
    assert size >= 14  # readable without zooming
    tab.screenshot(path=str(tmp_path / "history-390.png"), full_page=False)
    tab.close()


@pytest.mark.browser
@pytest.mark.parametrize(
    ("query", "doc_id", "reference"),
    [("s.141 1958", "in-msa-1958", "141"), ("section 7 ports act 1908", "in-ipa-1908", "7")],
)
def test_a_citation_with_the_statutes_year_lands_on_its_section(phone, statute_url, query, doc_id, reference):
    tab = phone.new_page()
    tab.goto(f"{statute_url}/search.html?q={quote(query)}")
    tab.wait_for_function(
        "/^(Results|Nothing)/.test(document.getElementById('lm-search-status').textContent)", timeout=20_000
    )
    first = tab.eval_on_selector("#lm-search-results li > a", "a => [a.href, a.textContent.trim()]")
    url, title = first
    assert f"/book/reader/{doc_id}/section-{reference}.html" in url, (query, first)
    assert title.startswith(f"s. {reference}.")
    tab.goto(url)
    eid = corpus.cite(doc_id, reference).eid
    assert tab.evaluate("id => !!document.getElementById(id)", eid)
    assert urldefrag(url).fragment in ("", eid)
    tab.close()

"""A small book built with the project's own _config.yml and extensions over the fixture corpus: the reader's pages,
the ``{provision}`` directive, link resolution across pages and documents, and the vendored widget scripts.

The build runs in this process (``jupyter_book.sphinx.build_sphinx``, as ``jupyter-book build`` does), so that the
fixture corpus patched into :mod:`corpus` is the one the extensions read.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path

import ipywidgets
import nbformat
import pytest
import yaml
from conftest import fixture_corpus_in
from ipywidgets.embed import embed_data
from lxml import html as lxml_html
from site_audit import anchors, external_urls, internal_links
from small_book import build

import corpus
from lex_book.reader import document_status
from lex_book.theme import shared_sidebar
from lex_book.theme.vendor_assets import copy_assets

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = Path(__file__).resolve().parent / "fixtures"

PROVISION_PAGE = """# Quoting the law

```{provision} pk-mso-2001 161(1)(a)
```

```{provision} in-msb-2016 118
```
"""


CHAPTER = "book/chapters/wages"
CHAPTER_TEXT = """# Wages on wreck

The chapter's calculator (not run here):

```python
calculator("pk-mso-2001/wages-on-wreck")
```
"""
"""A topic chapter hosting the calculator of s. 161, as book/chapters/wages-on-wreck.md does."""


def widget_notebook() -> nbformat.NotebookNode:
    """A notebook whose output is a real slider with its widget state (as an executed notebook stores it)."""
    slider = ipywidgets.IntSlider(value=3, description="months")
    data = embed_data(views=[slider])
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nb.metadata["widgets"] = {"application/vnd.jupyter.widget-state+json": data["manager_state"]}
    cell = nbformat.v4.new_code_cell("import ipywidgets\nipywidgets.IntSlider(value=3, description='months')")
    cell.outputs = [
        nbformat.v4.new_output(
            "display_data",
            data={
                "application/vnd.jupyter.widget-view+json": data["view_specs"][0],
                "text/plain": "IntSlider(value=3)",
            },
        )
    ]
    nb.cells = [nbformat.v4.new_markdown_cell("# A widget"), cell]
    return nb


def make_book(tmp_path: Path, provision_page: str = PROVISION_PAGE) -> Path:
    book = tmp_path / "book-src"
    (book / "book").mkdir(parents=True)
    config = yaml.safe_load((ROOT / "_config.yml").read_text(encoding="utf-8"))
    config["execute"]["execute_notebooks"] = "off"  # the notebook below is already executed
    config["sphinx"]["config"]["lex_notes_project"] = False  # the fixture corpus cannot hold the project's notes
    # the reader shows the documents the fixture corpus holds (a few sections each), not the whole catalogue
    config["sphinx"]["config"]["statute_reader_documents"] = sorted(p.stem for p in FIXTURES.glob("*.txt"))
    (book / "_config.yml").write_text(yaml.safe_dump(config), encoding="utf-8")
    toc = yaml.safe_load((ROOT / "_toc.yml").read_text(encoding="utf-8"))
    # the book's own statute reader part (its chapters are the project's, not this test's)
    toc["parts"] = [p for p in toc["parts"] if all(c["file"].startswith("book/reader/") for c in p["chapters"])]
    assert toc["parts"], "_toc.yml has no part of reader pages"
    pages = [{"file": "book/quoting"}, {"file": "book/widget"}, {"file": "book/math"}, {"file": CHAPTER}]
    toc["parts"].append({"caption": "Test pages", "chapters": pages})
    (book / "_toc.yml").write_text(yaml.safe_dump(toc), encoding="utf-8")
    # the root page (the book's own landing page links to the chapters and pages this small book leaves out)
    (book / "book" / "intro.md").write_text("# Lex Maritima\n\nThe reader, on the fixture corpus.\n", encoding="utf-8")
    (book / "book" / "quoting.md").write_text(provision_page, encoding="utf-8")
    nbformat.write(widget_notebook(), book / "book" / "widget.ipynb")
    (book / "book" / "math.md").write_text("# Fines\n\nThe fine is $f = 25\\,000 \\times n$ rupees.\n")
    (book / f"{CHAPTER}.md").parent.mkdir(parents=True)
    (book / f"{CHAPTER}.md").write_text(CHAPTER_TEXT, encoding="utf-8")
    vendor = book / "_build" / "vendor-static"
    copy_assets(vendor_dir=vendor)
    for entry in config["sphinx"]["config"]["html_static_path"]:  # the project's other static folders, as they are
        if (book / entry).resolve() != vendor.resolve():
            (book / entry).parent.mkdir(parents=True, exist_ok=True)
            (book / entry).symlink_to(ROOT / entry)
    (book / config["sphinx"]["config"]["html_favicon"]).symlink_to(ROOT / config["sphinx"]["config"]["html_favicon"])
    return book


SIDEBARS: dict[str, tuple[str, str]] = {}
"""Each page's sidebar table as the build drew it (its folder's shared table, marked) and as the theme draws it."""
UNMARKED: list[list[str]] = []
"""The marks :func:`shared_sidebar.mark_page` could not place (the page then got the theme's own drawing)."""


def comparing(sidebar_for: Callable[..., Callable[..., str]]) -> Callable[..., Callable[..., str]]:
    """:func:`shared_sidebar.sidebar_for`, recording for each page what it gives and what the theme draws."""

    def recording(app, pagename: str, templatename: str, draw: Callable[..., str]) -> Callable[..., str]:
        shared = sidebar_for(app, pagename, templatename, draw)

        def sidebar_nav(**kwargs) -> str:
            SIDEBARS[pagename] = (shared(**kwargs), draw(**kwargs))
            return SIDEBARS[pagename][0]

        return sidebar_nav

    return recording


def recording_misses(mark_page: Callable[[str, list[str]], str | None]) -> Callable[[str, list[str]], str | None]:
    def marking(table: str, hrefs: list[str]) -> str | None:
        marked = mark_page(table, hrefs)
        if marked is None:
            UNMARKED.append(hrefs)
        return marked

    return marking


@pytest.fixture(scope="module")
def fixture_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The small book over the fixture corpus, built once for the module's checks of what it holds (the fixture
    corpus stays in place while they run); each page's sidebar is also drawn by the theme itself, for comparison."""
    folder = tmp_path_factory.mktemp("fixture-site")
    with fixture_corpus_in(folder / "akn"), pytest.MonkeyPatch.context() as patch:
        patch.setattr(shared_sidebar, "sidebar_for", comparing(shared_sidebar.sidebar_for))
        patch.setattr(shared_sidebar, "mark_page", recording_misses(shared_sidebar.mark_page))
        result, out = build(make_book(folder))
        assert result == 0, result
        yield out


def tree(site: Path, docname: str):
    return lxml_html.fromstring((site / f"{docname}.html").read_bytes())


def test_the_reader_pages_are_built_with_their_anchors(fixture_site):
    reader = fixture_site / "book/reader/pk-mso-2001"
    assert {"part_IV", "part_IV__chp_11", "part_IV__chp_11__crossHeading_1"} <= anchors(reader / "part-iv.html")
    assert {"part_IV__chp_11__sec_161", "part_IV__chp_11__sec_161__subsec_1"} <= anchors(reader / "section-161.html")
    assert "part_IV__chp_11__sec_161__subsec_1" not in anchors(reader / "part-iv.html")
    hrefs = tree(fixture_site, "book/reader/pk-mso-2001/index").xpath("//ul[contains(@class, 'akn-contents')]//a/@href")
    assert "section-161.html#part_IV__chp_11__sec_161" in hrefs
    assert "the-schedule.html#att_1" in hrefs


def test_a_section_page_has_its_breadcrumb_title_citation_and_neighbours(fixture_site):
    page = tree(fixture_site, "book/reader/pk-mso-2001/section-161")
    assert " ".join(page.xpath("//h1")[0].text_content().split()).startswith(
        "161. Wages on termination of service by wreck, illness, etc."
    )
    crumbs = page.xpath("//p[contains(@class, 'akn-breadcrumb')]")[0]
    assert [(a.text_content(), a.get("href")) for a in crumbs.xpath(".//a")] == [
        ("Merchant Shipping Ordinance, 2001", "index.html"),
        ("Part IV — SEAMEN", "part-iv.html#part_IV"),
        ("Chapter 11 — WAGES", "part-iv.html#part_IV__chp_11"),
    ]
    (cite,) = page.xpath("//p[@id='part_IV__chp_11__sec_161']")
    assert cite.text_content().startswith("Merchant Shipping Ordinance, 2001, s. 161")
    assert page.xpath("//a[contains(@class, 'akn-pager-previous')]/@href") == [
        "section-160.html#part_IV__chp_11__sec_160"
    ]
    assert page.xpath("//a[contains(@class, 'akn-pager-next')]") == []  # the document's last section
    second = tree(fixture_site, "book/reader/pk-mso-2001/section-2")
    assert second.xpath("//a[contains(@class, 'akn-pager-next')]/@href") == [
        "section-160.html#part_IV__chp_11__sec_160"
    ]


def test_the_section_a_calculator_runs_links_to_its_chapter(fixture_site):
    page = tree(fixture_site, "book/reader/pk-mso-2001/section-161")
    (para,) = page.xpath("//p[contains(@class, 'akn-calculators')]")
    assert para.xpath(".//a/@href") == ["../../chapters/wages.html"]
    assert "Wages on wreck" in para.text_content()
    assert not tree(fixture_site, "book/reader/pk-mso-2001/section-2").xpath("//p[contains(@class, 'akn-calculators')]")


def test_a_part_page_lists_its_sections_and_maps_them_for_old_links(fixture_site):
    page = tree(fixture_site, "book/reader/pk-mso-2001/part-iv")
    links = page.xpath("//article//ul[contains(@class, 'akn-contents')]//a")
    assert [(a.text_content(), a.get("href")) for a in links] == [
        ("160. Wages not to depend on freight.", "section-160.html#part_IV__chp_11__sec_160"),
        ("161. Wages on termination of service by wreck, illness, etc.", "section-161.html#part_IV__chp_11__sec_161"),
    ]
    (moved,) = page.xpath("//script[@id='akn-moved']")
    assert json.loads(moved.text) == {
        "part_IV__chp_11__sec_160": "section-160.html",
        "part_IV__chp_11__sec_161": "section-161.html",
    }


def test_every_numbered_provision_has_a_permalink_with_its_citation(fixture_site):
    page = tree(fixture_site, "book/reader/pk-mso-2001/section-161")
    numbered = page.xpath("//div[contains(@class, 'akn-hier')][.//span[contains(@class, 'akn-num')]]")
    assert len(numbered) >= 7
    for provision in numbered:
        (link,) = provision.xpath("./p[1]//a[@class='akn-permalink'] | ./div[1]/p[1]//a[@class='akn-permalink']")
        eid = provision.get("id")
        assert link.get("href") == f"#{eid}" and link.text_content() == "¶"
        label = corpus.citation("pk-mso-2001", eid)
        assert link.get("aria-label") == f"Link to {label}"
        assert link.get("data-akn-cite") == label
    clause = page.xpath("//a[@href='#part_IV__chp_11__sec_161__subsec_1__para_a__subpara_ii']/@data-akn-cite")
    assert clause == ["s. 161(1)(a)(ii)"]
    # the title the citations begin with, once in the page (static/statute_reader.js puts the two together)
    assert page.xpath("//span[@id='akn-work'][@hidden]/@data-akn-title") == ["Merchant Shipping Ordinance, 2001"]


def test_terms_link_to_the_definition_page_with_its_text_on_the_page(fixture_site):
    page = tree(fixture_site, "book/reader/pk-mso-2001/section-161")
    term = page.xpath("//a[contains(@class, 'akn-term')]")[0]
    assert term.get("href") == "section-2.html#part_I__chp_1__sec_2__para_1"
    (held,) = page.xpath(f"//div[@class='akn-definitions']/p[@data-akn-href='{term.get('href')}']")  # its popover
    assert "means a person appointed for training to the sea service" in held.text_content()


def test_references_link_within_and_across_documents(fixture_site):
    page = tree(fixture_site, "book/reader/in-msa-1880/section-55")
    hrefs = page.xpath("//article//a[contains(@class, 'akn-ref')]/@href")
    assert hrefs == ["../in-ipa-1875/section-40.html#chp_V__sec_40", "../in-ipa-1875/chapter-v.html#chp_V"]
    same_page = tree(fixture_site, "book/reader/pk-mso-2001/section-161")
    assert "#part_IV__chp_11__sec_161__subsec_1__para_a__subpara_i" in same_page.xpath("//a/@href")


def test_every_link_of_the_small_book_resolves(fixture_site):
    broken = [
        link.href
        for link in internal_links(fixture_site)
        if not link.target.is_file() or (link.fragment and link.fragment not in anchors(link.target))
    ]
    assert not broken


def test_the_provision_directive_quotes_the_provision_and_links_to_it(fixture_site):
    page = lxml_html.fromstring((fixture_site / "book/quoting.html").read_bytes())
    quotes = page.xpath("//div[contains(@class, 'provision-quote')]")
    assert len(quotes) == 2
    first = " ".join(quotes[0].text_content().split())
    assert first.startswith(
        "Merchant Shipping Ordinance, 2001, s. 161(1)(a) — Wages on termination of service by wreck, illness, etc."
    )
    assert "wages at the rate to which he was entitled" in first and "not less than three month's wages" in first
    link = quotes[0].xpath(".//a[contains(@class, 'provision-link')]/@href")
    assert link == ["reader/pk-mso-2001/section-161.html#part_IV__chp_11__sec_161__subsec_1__para_a"]
    assert not [i for i in quotes[0].xpath(".//@id") if "__" in i]  # the anchors stay in the reader
    second = " ".join(quotes[1].text_content().split())
    assert second.startswith("Merchant Shipping Bill, 2016, s. 118 — Submersion of load lines.")


def test_a_citation_that_names_nothing_stops_the_build(fixture_corpus, tmp_path):
    book = make_book(tmp_path, "# Quoting\n\n```{provision} pk-mso-2001 161(9)\n```\n")
    result, _ = build(book)
    assert result != 0
    assert "161 has no (9)" in str(result)


def test_a_widget_output_shows_its_html_or_text_and_the_page_loads_no_widget_bundle(fixture_site):
    """The book shows a cell's HTML (or text) representation, never the ipywidgets view: no widget state embedded,
    no RequireJS or embed-amd.js, no calculators' script on a page without a calculator
    (book/lex_book/live/live_calculators.py)."""
    page = (fixture_site / "book/widget.html").read_text(encoding="utf-8")
    assert "widget-state+json" not in page and "widget-view+json" not in page
    assert "IntSlider(" in page  # the slider's text representation
    sources = lxml_html.fromstring(page).xpath("//script/@src")
    assert not [s for s in sources if "require.js" in s or "embed-amd" in s or "calculators.js" in s]


def test_a_page_with_mathematics_loads_mathjax_from_the_site(fixture_site):
    tree = lxml_html.fromstring((fixture_site / "book/math.html").read_bytes())
    assert tree.xpath("//span[contains(@class, 'math')]")
    mathjax = [s for s in tree.xpath("//script/@src") if "mathjax" in s.lower() or "tex-chtml" in s]
    assert len(mathjax) == 1 and mathjax[0].startswith("../_static/vendor/mathjax/tex-chtml.js")
    assert (fixture_site / "_static/vendor/mathjax/output/chtml/fonts/woff-v2").is_dir()


def test_the_small_book_fetches_nothing_from_outside(fixture_site):
    assert not [u for u in external_urls(fixture_site) if u.fetched]


def test_the_glossary_lists_each_term_with_its_definition_in_every_document(fixture_site):
    page = lxml_html.fromstring((fixture_site / "book/reader/glossary.html").read_bytes())
    terms = [" ".join(dt.text_content().split()) for dt in page.xpath("//dl[contains(@class, 'statute-glossary')]/dt")]
    assert terms == ["apprentice", "cargo ship", "coasting ship", "coasting trade", "master", "ship"]
    entry = page.xpath("//dt[@id='term-apprentice']/following-sibling::dd[1]")[0]
    assert entry.xpath(".//p[contains(@class, 'glossary-source')]/a/@href") == [
        "pk-mso-2001/section-2.html#part_I__chp_1__sec_2__para_1"
    ]
    assert "means a person appointed for training to the sea service" in entry.text_content()


def test_every_reader_page_has_the_banner_of_where_its_document_stands(fixture_site):
    """Each page of each document (contents, Parts, sections, attachments) opens with the catalogue's standing; the
    contents page holds every fact's source, the other pages link to it (issue 15, item 1)."""
    for doc in (corpus.document(p.stem) for p in sorted(FIXTURES.glob("*.txt"))):  # the small book's documents
        folder = fixture_site / "book/reader" / doc.id
        pages = sorted(folder.glob("*.html"))
        assert len(pages) > 1, doc.id
        for path in pages:
            page = lxml_html.fromstring(path.read_bytes())
            (banner,) = page.xpath("//article//div[contains(@class, 'lm-status')][@role='note']")
            assert banner.get("aria-label") == "Status of this document"
            # first in the page's text, right under the title
            (title,) = page.xpath("//article//h1")
            assert title.getnext() is banner or title.getparent().getnext() is banner, path
            line = " ".join(banner.xpath("./p[contains(@class, 'lm-status-line')]")[0].text_content().split())
            assert line.startswith(document_status.plain_summary(doc)), (path, line)
            details = banner.xpath(".//details[@id='document-status']")
            if path.name == "index.html":
                (toggle,) = details
                assert len(toggle.xpath(".//ul[contains(@class, 'lm-status-sources')]/li")) == len(doc.standing.sources)
            else:
                assert not details
                assert banner.xpath(".//a[text()='Status and sources']/@href") == ["index.html#document-status"]


def test_the_banner_links_a_bill_to_the_act_it_became_and_back(fixture_site):
    bill = tree(fixture_site, "book/reader/in-mpab-2016/section-1")
    (state,) = bill.xpath("//div[contains(@class, 'lm-status')]/p")
    assert (
        "Not enacted; a later Bill became the Major Port Authorities Act, 2021 (not verified)" in state.text_content()
    )
    assert state.xpath(".//a[text()='the Major Port Authorities Act, 2021']/@href") == ["../in-mpaa-2021/index.html"]
    act = tree(fixture_site, "book/reader/in-mpaa-2021/index")
    (line,) = act.xpath("//div[contains(@class, 'lm-status')]/p[contains(@class, 'lm-status-line')]")
    assert "In force since 3 November 2021" in line.text_content()
    assert line.xpath(".//a[text()='the Major Port Authorities Bill, 2016']/@href") == ["../in-mpab-2016/index.html"]
    assert line.xpath(".//a[text()='indiacode.nic.in']/@href") == [corpus.document("in-mpaa-2021").standing.official]
    merchant = tree(fixture_site, "book/reader/in-msb-2016/index")
    (toggle,) = merchant.xpath("//details[@id='document-status']")
    text = " ".join(toggle.text_content().split())
    assert "Not verified here. The Bill was introduced in the Lok Sabha on 16 December 2016" in text
    assert "003_c2326462c9d51eeb.txt, line 23: BILL NO. 236 OF 2016" in text


def test_a_page_written_again_with_nothing_changed_has_the_same_bytes(fixture_site):
    """Sphinx puts a file's checksum in a page's link (``?v=``) only when the file is in ``_static`` as the page is
    written; myst-nb and sphinx-exercise copied their style sheets when the build ended, so a clean build linked them
    bare and the next build that wrote the page with the checksum: new bytes for an unchanged page, and the search
    indexed the whole site again (theme.site_theme ``place_late_assets``)."""
    book = fixture_site.parents[1]
    page = fixture_site / f"{CHAPTER}.html"
    before, written = page.read_bytes(), page.stat().st_mtime_ns
    (book / f"{CHAPTER}.md").touch()
    result, _ = build(book)
    assert result == 0, result
    assert page.stat().st_mtime_ns != written, "the page was written again"
    assert page.read_bytes() == before


def test_every_page_gets_the_sidebar_the_theme_draws_for_it_from_its_folders_shared_table(fixture_site):
    """The sidebar is drawn once per folder and marked for each page (lex_book/theme/shared_sidebar.py): byte for
    byte what pydata-sphinx-theme draws for the page itself, for every kind of page, and never by falling back."""
    written = {str(p.relative_to(fixture_site).with_suffix("")) for p in fixture_site.rglob("*.html")}
    drawn = set(SIDEBARS)
    assert {"book/intro", "book/quoting", CHAPTER, "book/reader/pk-mso-2001/index"} <= drawn
    assert {"book/reader/pk-mso-2001/part-iv", "book/reader/pk-mso-2001/section-161"} <= drawn
    assert drawn <= written
    assert UNMARKED == []
    assert [page for page, (shared, own) in SIDEBARS.items() if shared != own] == []
    part = lxml_html.fromstring(SIDEBARS["book/reader/pk-mso-2001/part-iv"][0])  # a page with an ancestor: both marked
    assert [a.get("href") for a in part.xpath("//li[contains(@class, 'current')]/a")] == ["index.html", "#"]
    assert part.xpath("//li[contains(@class, 'current')]/details/@open") == ["open"]

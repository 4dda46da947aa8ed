"""The built book (``_build/html``, rebuilt by the ``built_site`` fixture when stale), checked as a reader gets it."""

from __future__ import annotations

from pathlib import Path

import lxml.html
import pytest
import yaml
from site_audit import anchors, explanation, external_urls, internal_links, pages

import corpus
from lex_book.reader import statute_reader

pytestmark = pytest.mark.book
ROOT = Path(__file__).resolve().parents[2]
MAX_PAGE_BYTES = 2_000_000


def toc_docnames() -> list[str]:
    """Every file the table of contents lists (the reader's generated pages are checked by the tests below)."""
    toc = yaml.safe_load((ROOT / "_toc.yml").read_text(encoding="utf-8"))
    names = [toc["root"]]

    def walk(entries: list[dict]) -> None:
        for entry in entries:
            if "file" in entry:
                names.append(entry["file"])
            for key in ("chapters", "sections", "parts"):
                walk(entry.get(key, []))

    walk(toc.get("parts", []) + toc.get("chapters", []))
    return names


def test_every_page_of_the_toc_exists(built_site):
    missing = [n for n in toc_docnames() if not (built_site / f"{n}.html").is_file()]
    assert not missing


def test_every_reader_page_of_every_document_exists(built_site, real_corpus):
    from corpus import page_map

    for doc in corpus.documents():
        for page in page_map.document_pages(doc.id).pages:
            assert (built_site / f"{page.docname(doc.id)}.html").is_file(), page.docname(doc.id)


def test_the_issue_s_example_permalink_works(built_site):
    page = built_site / "book/reader/pk-mso-2001/section-161.html"
    assert "part_IV__chp_11__sec_161__subsec_1" in anchors(page)


def test_every_provision_is_anchored_by_its_eid(built_site, real_corpus):
    from corpus import page_map

    for doc in corpus.documents():
        located = page_map.document_pages(doc.id)
        for eid, (page_slug, anchor) in located.anchors.items():
            page = built_site / page_map.READER_DIR / doc.id / f"{page_slug}.html"
            assert anchor in anchors(page), f"{doc.id} {eid} → {page_slug}#{anchor}"


def test_every_internal_link_resolves_to_an_anchor_on_its_page(built_site):
    links = internal_links(built_site)
    assert sum(1 for link in links if "__" in link.fragment) > 5000  # the statutes' eId links are among them
    broken = [
        f"{link.page}: {link.href}"
        for link in links
        if not link.target.is_file() or (link.fragment and link.fragment not in anchors(link.target))
    ]
    assert not broken, f"{len(broken)} broken links, e.g. {broken[:10]}"


def test_no_page_is_over_2_mb(built_site):
    sizes = {p.relative_to(built_site).as_posix(): p.stat().st_size for p in pages(built_site)}
    assert max(sizes.values()) < MAX_PAGE_BYTES, max(sizes, key=sizes.get)


# `make lite` puts the JupyterLite app (lite/build.py) into _build/html/lite/ after the book build; it is not made by
# `jupyter-book build` and is audited with its own allowlist by the tests of lite/, not here.
NOT_THE_BOOK = ("lite/",)


def test_nothing_outside_the_site_is_fetched(built_site):
    found = external_urls(built_site, skip=NOT_THE_BOOK)
    fetched = sorted({f"{u.file}: {u.context} {u.url}" for u in found if u.fetched})
    assert not fetched
    unexplained = sorted({f"{u.file}: {u.url}" for u in found if u.fetched is None and explanation(u) is None})
    assert not unexplained, "script strings with no reason in external_urls_allowed.yaml"
    # The book's only external links: the official pages and the public sources the catalogue's standing of each
    # document names (the status banner, book/lex_book/reader/document_status.py); a link is navigation, never a fetch.
    cited = {
        url for doc in corpus.documents() for url in (doc.standing.official, *(s.url for s in doc.standing.sources))
    }
    links = sorted({f"{u.file}: {u.context} {u.url}" for u in found if u.fetched is False and u.url not in cited})
    assert not links, "external links that no catalogue entry's standing names"


def test_no_page_carries_widget_state_or_loads_the_widget_bundle(built_site):
    """The calculators are HTML forms (lex_book/live/live_calculators.py): no page embeds the ipywidgets state nbclient
    recorded, nor loads RequireJS or embed-amd.js (3.5 MB)."""
    for page in pages(built_site):
        text = page.read_text(encoding="utf-8")
        assert "application/vnd.jupyter.widget-state+json" not in text, page
        assert "embed-amd.js" not in text and "require.js" not in text, page


def test_vendored_assets_are_served(built_site):
    for asset in ("vendor/mathjax/tex-chtml.js", "live/pyodide.asm.wasm", "live/lex-live.zip"):
        assert (built_site / "_static" / asset).is_file(), asset
    assert list((built_site / "_static/vendor/mathjax/output/chtml/fonts/woff-v2").glob("*.woff"))


def test_the_glossary_compares_a_term_across_the_documents(built_site, real_corpus):
    from lex_book.reader.glossary_page import glossary_entries

    entries = glossary_entries([d.id for d in corpus.documents()])
    shared = {name: {doc for doc, _ in places} for name, places in entries.items()}
    assert len(shared["master"]) >= 3  # "master" is defined by most of the Acts and Bills
    page = (built_site / "book/reader/glossary.html").read_text(encoding="utf-8")
    for name in ("master", "ship", "wreck"):
        assert f'id="term-{name}"' in page


def test_the_icon_font_holds_every_icon_the_site_shows_and_little_else(built_site):
    """lex_book/theme/icon_font.py: the theme's Font Awesome font cut to the site's icons (156 KB → a few KB a page)."""
    from fontTools.ttLib import TTFont

    from lex_book.theme import icon_font

    table = icon_font.icon_characters((built_site / icon_font.STYLESHEET).read_text(encoding="utf-8"))
    used = {table[name] for name in icon_font.used_icons(built_site) if name in table}
    assert {table["fa-bars"], table["fa-magnifying-glass"], table["fa-list"]} <= used
    solid = built_site / icon_font.SITE_FONTS / "fa-solid-900.woff2"
    assert used <= set(TTFont(solid).getBestCmap())
    assert solid.stat().st_size * 20 < (icon_font.THEME_FONTS / "fa-solid-900.woff2").stat().st_size


def test_the_front_page_lists_every_statute_of_the_catalogue_linking_to_its_contents(built_site, real_corpus):
    page = lxml.html.fromstring((built_site / "book" / "intro.html").read_bytes())
    (section,) = page.xpath("//section[@id='the-statutes']")
    items = section.xpath(".//li")
    # grouped by country and kind (statute_reader.statute_groups), every document of the catalogue once
    listed = [d for _, docs in statute_reader.statute_groups([d.id for d in corpus.documents()]) for d in docs]
    assert sorted(d.id for d in listed) == sorted(d.id for d in corpus.documents())
    assert [" ".join(li.text_content().split()) for li in items] == [" ".join(d.title.split()) for d in listed]
    assert [li.xpath(".//a/@href")[0] for li in items] == [f"reader/{d.id}/index.html" for d in listed]
    groups = section.xpath(".//p[contains(@class, 'lm-statute-group-title')]")
    assert [" ".join(g.text_content().split()) for g in groups] == [
        "Pakistan — Ordinances",
        "India — Acts",
        "India — Bills",
    ]

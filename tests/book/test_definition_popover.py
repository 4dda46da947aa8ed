"""A defined term's definition in a popover (book/lex_book/reader/definition_popover.py, static/definition_popover.js).

The definitions a page links to are written once into the page; a tap, a click, Enter or Space on a term opens its
definition with a link to the clause, Escape or a tap elsewhere closes it. Checked on the fixture corpus (the block a
page gets) and in the built book with Debian's chromium, on a phone (390 px, touch) and a desktop screen.
"""

from __future__ import annotations

import re
from pathlib import Path
from types import SimpleNamespace

import pytest
from docutils import nodes
from lxml import html as lxml_html
from site_audit import pages

from corpus import page_map
from lex_book.reader import akn_render, definition_popover

SHIP_1880 = "ship includes every description of vessel used in navigation, not propelled by oars:"
"""The 1880 Act's s. 2 definition of "ship" (source line 7, "ship . ship includes…"), its marginal note left out."""
SCREENS = [(390, 844, True), (1280, 800, False)]  # width, height, touch screen
SCREEN_IDS = ["phone", "desktop"]
SHIP = re.compile(r"^ship$")
"""A term link reading "ship" (not "ships", "British ship"…)."""
FINGERTIP = 24
"""px around a tap in which no link or control may stand for the tap to count as a tap elsewhere."""
OUTPUT = Path(__file__).resolve().parents[1] / "output" / "browser"


# -- the definitions block of a page (fixture corpus, no build) ------------------------------------------------------


def rendered_page(doc_id: str, slug: str) -> nodes.document:
    """A reader page's nodes with their links resolved as :func:`statute_reader.resolve_links` resolves them."""
    page = next(p for p in page_map.document_pages(doc_id).pages if p.slug == slug)
    doctree = nodes.document(None, None)
    doctree.extend(akn_render.Renderer(doc_id).blocks(page.elements))
    for ref in doctree.findall(nodes.reference):
        target_doc, _, eid = ref["akn_target"].partition(" ")
        docname, anchor = page_map.document_pages(target_doc).locate(eid)
        ref["refuri"] = ("" if docname.endswith(f"/{slug}") else f"{docname.rsplit('/', 1)[1]}.html") + f"#{anchor}"
    return doctree


def test_a_page_holds_the_definition_of_each_term_it_uses(fixture_corpus):
    entries = definition_popover.collect(rendered_page("in-msa-1880", "section-2"))
    assert entries == [("#chp_I__sec_2__para_nn_1", "Indian Merchant Shipping Act, 1880, s. 2", SHIP_1880, "")]


def test_an_editorial_correction_in_a_definition_is_kept_apart_from_its_text(real_corpus):
    """Pakistan s. 2(10), "distressed seaman": the source's "ship- wrecked" is corrected by an editorial remark,
    which the popover shows as a labelled note, not as words of the definition."""
    source, text, remark = definition_popover.entry("pk-mso-2001", "#term-distressed_seaman")
    assert source == "Merchant Shipping Ordinance, 2001, s. 2(10)"
    assert text.startswith("(10) “distressed seaman” means a seaman engaged under this Ordinance")
    assert "Editorial" not in text and "[" not in text
    assert remark.startswith("Editorial correction: the source reads “from or ship- wrecked in”")
    assert definition_popover.entry("pk-mso-2001", "#term-apprentice")[2] == ""


def test_a_definition_used_twice_is_written_once(fixture_corpus):
    doctree = rendered_page("pk-mso-2001", "part-iv")
    terms = [r for r in doctree.findall(nodes.reference) if "akn-term" in r["classes"]]
    assert len(terms) == 2
    entries = definition_popover.collect(doctree)
    assert [(href, source) for href, source, _, _ in entries] == [
        ("section-2.html#part_I__chp_1__sec_2__para_1", "Merchant Shipping Ordinance, 2001, s. 2(1)")
    ]
    assert entries[0][2].startswith("(1) “apprentice” means a person appointed for training to the sea service")


def test_the_block_is_hidden_html_and_not_text_for_the_search_index(fixture_corpus):
    doctree = rendered_page("pk-mso-2001", "part-iv")
    definition_popover.add_definitions(SimpleNamespace(builder=SimpleNamespace(format="html")), doctree, "part-iv")
    block = doctree.children[-1]
    assert isinstance(block, definition_popover.definitions_block) and not block.astext()
    translator = SimpleNamespace(body=[])
    with pytest.raises(nodes.SkipNode):
        definition_popover.visit_definitions_block(translator, block)
    html = lxml_html.fromstring("".join(translator.body))
    assert html.get("class") == "akn-definitions" and html.get("hidden") is not None
    (entry,) = html.xpath("p")
    assert entry.get("data-akn-href") == "section-2.html#part_I__chp_1__sec_2__para_1"
    assert entry.text_content().startswith("(1) “apprentice” means a person appointed")


# -- the built book -------------------------------------------------------------------------------------------------


@pytest.mark.book
def test_every_term_link_of_the_book_has_its_definition_on_its_page(built_site):
    checked = 0
    for path in pages(built_site, skip=("lite/",)):
        tree = lxml_html.fromstring(path.read_bytes())
        terms = tree.xpath("//a[contains(concat(' ', @class, ' '), ' akn-term ')]")
        if not terms:
            continue
        held = tree.xpath("//div[@class='akn-definitions'][@hidden]/p/@data-akn-href")
        assert len(held) == len(set(held)), f"{path}: a definition written twice"
        assert {t.get("href") for t in terms} == set(held), path
        assert not [t for t in terms if t.get("title")], f"{path}: a term still repeats its definition as a title"
        checked += len(terms)
    assert checked > 5000


@pytest.mark.book
def test_the_1880_act_s_ship_reads_the_term_once(built_site):
    tree = lxml_html.fromstring((built_site / "book/reader/in-msa-1880/section-10.html").read_bytes())
    (ship,) = tree.xpath("//div[@class='akn-definitions']/p[@data-akn-href='section-2.html#chp_I__sec_2__para_nn_1']")
    assert ship.text_content() == SHIP_1880
    assert ship.get("data-akn-source") == "Indian Merchant Shipping Act, 1880, s. 2"


def open_page(browser, url: str, width: int, height: int, touch: bool) -> tuple:
    """The page at ``url`` on that screen, the URLs it requested and the script errors it raised (both growing)."""
    page = browser.new_page(viewport={"width": width, "height": height}, has_touch=touch, is_mobile=touch)
    requests: list[str] = []
    errors: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(url, wait_until="networkidle")
    return page, requests, errors


def focused(page) -> str:
    """The focused element: its id, or its classes."""
    return page.evaluate("document.activeElement.id || document.activeElement.className")


@pytest.mark.book
@pytest.mark.browser
@pytest.mark.parametrize(("width", "height", "touch"), SCREENS, ids=SCREEN_IDS)
def test_a_tap_or_click_on_a_term_shows_its_definition_on_screen(browser, site_url, width, height, touch):
    page, requests, errors = open_page(
        browser, f"{site_url}/book/reader/in-msa-1880/section-10.html", width, height, touch
    )
    term = page.locator("a.akn-term", has_text=SHIP).first
    term.scroll_into_view_if_needed()
    term.tap() if touch else term.click()
    popover = page.locator("[role=dialog].akn-term-popover")
    assert popover.is_visible()
    assert page.url.endswith("/section-10.html")  # the link is not followed
    assert term.get_attribute("aria-expanded") == "true" and term.get_attribute("aria-controls") == "akn-term-popover"
    assert popover.locator(".akn-term-popover-title").inner_text() == "ship"
    assert popover.locator(".akn-term-popover-text").inner_text() == SHIP_1880
    link = popover.locator("a")
    assert link.get_attribute("href") == "section-2.html#chp_I__sec_2__para_nn_1"
    assert link.inner_text() == "Defined in Indian Merchant Shipping Act, 1880, s. 2 →"
    box = popover.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= width  # within the screen, on a phone too
    assert box["y"] >= 0 and box["y"] + box["height"] <= height
    assert page.evaluate("document.documentElement.scrollWidth") <= width  # and the page does not widen
    OUTPUT.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(OUTPUT / f"definition-popover-{width}.png"))
    # elsewhere: the page's margin beside the term's paragraph, above or below the popover, at a point with no link or
    # control within a fingertip (a phone's browser moves a tap onto a link a few pixels away, as it should), once the
    # page has stopped scrolling (the points are measured on the screen)
    page.wait_for_function(
        "() => new Promise(done => { const y = scrollY; setTimeout(() => done(scrollY === y), 150); })"
    )
    box = popover.bounding_box()
    x = max(2, term.locator("xpath=ancestor::p[1]").bounding_box()["x"] - 8)
    ys = [box["y"] - d for d in range(30, 300, 10)] + [box["y"] + box["height"] + d for d in range(30, 300, 10)]
    quiet = [
        y
        for y in ys
        if 0 < y < height
        and page.evaluate(
            "([x, y, reach]) => { for (let dx = -reach; dx <= reach; dx += 4)"
            " for (let dy = -reach; dy <= reach; dy += 4) {"
            " const el = document.elementFromPoint(x + dx, y + dy);"
            " if (el && el.closest('a, button, input, select, textarea, summary, [role=dialog]')) return false; }"
            " return true; }",
            [x, y, FINGERTIP],
        )
    ]
    assert quiet, "no point beside the popover is free of links and controls"
    page.touchscreen.tap(x, quiet[0]) if touch else page.mouse.click(x, quiet[0])
    assert not popover.is_visible() and term.get_attribute("aria-expanded") == "false"
    assert [u for u in requests if not u.startswith(site_url)] == [] and errors == []


@pytest.mark.book
@pytest.mark.browser
def test_the_keyboard_opens_walks_and_closes_the_popover(browser, site_url):
    page, _, errors = open_page(browser, f"{site_url}/book/reader/pk-mso-2001/section-161.html", 1280, 800, False)
    term = page.locator("a.akn-term").nth(3)
    term.focus()
    page.keyboard.press("Tab")
    after = page.evaluate_handle("document.activeElement")  # what follows the term in the page's order
    term.focus()
    page.keyboard.press("Enter")
    popover = page.locator(".akn-term-popover")
    assert popover.is_visible() and focused(page) == "akn-term-popover"
    assert page.url.endswith("/section-161.html")
    page.keyboard.press("Tab")
    assert focused(page) == "akn-term-popover-close"
    page.keyboard.press("Tab")
    assert focused(page) == "akn-term-popover-link"
    page.keyboard.press("Escape")
    assert not popover.is_visible()
    assert term.evaluate("el => el === document.activeElement")  # back on the term
    assert term.get_attribute("aria-expanded") == "false"
    page.keyboard.press(" ")  # Space, as on a button
    assert popover.is_visible()
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")  # past the link: the popover closes, the page goes on after the term
    assert not popover.is_visible()
    assert after.evaluate("el => el === document.activeElement")
    assert errors == []


@pytest.mark.book
@pytest.mark.browser
@pytest.mark.parametrize(("width", "height", "touch"), SCREENS, ids=SCREEN_IDS)
def test_the_popover_s_link_leads_to_the_definition(browser, site_url, width, height, touch):
    page, _, _ = open_page(browser, f"{site_url}/book/reader/pk-mso-2001/section-161.html", width, height, touch)
    term = page.locator("a.akn-term", has_text=SHIP).first
    term.scroll_into_view_if_needed()
    term.tap() if touch else term.click()
    link = page.locator(".akn-term-popover a")
    assert link.inner_text() == "Defined in Merchant Shipping Ordinance, 2001, s. 2(47) →"
    link.tap() if touch else link.click()
    page.wait_for_url("**/section-2.html#part_I__chp_1__sec_2__para_47")
    clause = page.locator("[id='part_I__chp_1__sec_2__para_47']")
    assert clause.is_visible() and "“ship” includes every description of vessel" in clause.inner_text()


@pytest.mark.book
@pytest.mark.browser
def test_a_quotation_in_a_chapter_opens_its_terms_too(browser, site_url):
    page, _, errors = open_page(browser, f"{site_url}/book/chapters/wages-on-wreck.html", 390, 844, True)
    term = page.locator(".provision-quote a.akn-term").first
    href = term.get_attribute("href")
    held = page.locator(".akn-definitions p").evaluate_all(
        "(ps, href) => ps.filter(p => p.dataset.aknHref === href).map(p => p.textContent)", href
    )
    term.scroll_into_view_if_needed()
    term.tap()
    text = page.locator(".akn-term-popover-text")
    assert len(held) == 1 and text.is_visible() and text.inner_text() == held[0]
    assert page.locator(".akn-term-popover a").get_attribute("href") == href
    assert errors == []

"""A reader on a section's page of the built book, in Debian's chromium through playwright, on a phone (390 px) and a
desktop screen: the breadcrumb and previous/next links, one ¶ menu on every numbered provision (a 24 px target at the
end of its first line) with the citation and the link it copies, an old link into a Part's page landing on the section's
page at its provision, the notes closed on a phone, and the penalty Table readable on a phone."""

from __future__ import annotations

import pytest

import corpus
from corpus import cite, page_map

pytestmark = [pytest.mark.book, pytest.mark.browser]
SCREENS = [(390, 844, True), (1280, 800, False)]  # width, height, touch screen
SCREEN_IDS = ["phone", "desktop"]
S161_1_A_II = "part_IV__chp_11__sec_161__subsec_1__para_a__subpara_ii"


def open_page(browser, url: str, width: int, height: int = 844, touch: bool = False) -> tuple:
    """The page at ``url`` on that screen (clipboard allowed) and the script errors it raised."""
    context = browser.new_context(viewport={"width": width, "height": height}, has_touch=touch, is_mobile=touch)
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(url, wait_until="networkidle")
    return page, errors


def no_sideways_scroll(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth")


@pytest.mark.parametrize(("width", "height", "touch"), SCREENS, ids=SCREEN_IDS)
def test_an_old_link_into_part_iv_lands_on_the_section_page_at_its_provision(browser, site_url, width, height, touch):
    old = f"{site_url}/book/reader/pk-mso-2001/part-iv.html#part_IV__chp_11__sec_161__subsec_1"
    page, errors = open_page(browser, old, width, height, touch)
    page.wait_for_url("**/section-161.html#part_IV__chp_11__sec_161__subsec_1")
    provision = page.locator("[id='part_IV__chp_11__sec_161__subsec_1']")
    assert provision.is_visible() and "Where the service of any seaman" in provision.inner_text()
    assert provision.evaluate("el => el.matches(':target')")  # highlighted as the link's target
    assert provision.evaluate("el => getComputedStyle(el).boxShadow") != "none"
    box = provision.bounding_box()
    assert 0 <= box["y"] < height  # scrolled to it
    assert errors == []


def test_a_link_to_the_part_itself_stays_on_the_part_s_contents(browser, site_url):
    page, errors = open_page(browser, f"{site_url}/book/reader/pk-mso-2001/part-iv.html#part_IV__chp_11", 1280)
    assert page.url.endswith("/part-iv.html#part_IV__chp_11")
    assert page.locator("article a[href='section-161.html#part_IV__chp_11__sec_161']").is_visible()
    assert errors == []


@pytest.mark.parametrize(("width", "height", "touch"), SCREENS, ids=SCREEN_IDS)
def test_a_section_page_has_its_breadcrumb_and_previous_and_next_sections(browser, site_url, width, height, touch):
    page, errors = open_page(browser, f"{site_url}/book/reader/pk-mso-2001/section-161.html", width, height, touch)
    crumbs = page.locator("p.akn-breadcrumb a")
    assert crumbs.all_inner_texts() == [
        "Merchant Shipping Ordinance, 2001",
        "Part IV — MANNING OF SHIP",
        "Chapter 11 — WAGES OF SEAMEN",
    ]
    assert crumbs.nth(1).is_visible()
    assert page.locator("article h1").inner_text().startswith("161. Wages on termination of service")
    previous, following = page.locator("a.akn-pager-previous"), page.locator("a.akn-pager-next")
    assert previous.get_attribute("href") == "section-160.html#part_IV__chp_11__sec_160"
    assert following.get_attribute("href") == "section-162.html#part_IV__chp_11__sec_162"
    calculator = page.locator("p.akn-calculators a")
    assert calculator.get_attribute("href") == "../../chapters/wages-on-wreck.html"
    following.click()
    page.wait_for_url("**/section-162.html#part_IV__chp_11__sec_162")
    assert page.locator("article h1").inner_text().startswith("162.")
    assert no_sideways_scroll(page) and errors == []


def open_menu(page, link):
    """Tap or click the provision's ¶: its menu, shared by the page, opens under it."""
    link.scroll_into_view_if_needed()
    link.click()
    menu = page.locator("#akn-cite-menu")
    menu.wait_for(state="visible")
    return menu


@pytest.mark.parametrize(("width", "height", "touch"), SCREENS, ids=SCREEN_IDS)
def test_a_sub_clause_s_one_menu_offers_its_citation_and_its_link(browser, site_url, width, height, touch):
    page, errors = open_page(browser, f"{site_url}/book/reader/pk-mso-2001/section-161.html", width, height, touch)
    provision = page.locator(f"[id='{S161_1_A_II}']")
    link = provision.locator("a.akn-permalink").first
    assert provision.locator("button").count() == 0  # no Cite button in front of every sub-provision any more
    assert link.get_attribute("href") == f"#{S161_1_A_II}"
    assert link.get_attribute("aria-label") == "Cite or link s. 161(1)(a)(ii)"
    assert link.get_attribute("aria-expanded") == "false"
    expected = "Merchant Shipping Ordinance, 2001, s. 161(1)(a)(ii)"
    # keyboard: focus the ¶, Enter opens the menu with focus on "Copy citation", Enter copies
    link.scroll_into_view_if_needed()
    link.focus()
    page.keyboard.press("Enter")
    menu = page.locator("#akn-cite-menu")
    menu.wait_for(state="visible")
    assert link.get_attribute("aria-expanded") == "true"
    assert menu.locator(".akn-cite-menu-text").inner_text() == expected
    copy_cite = menu.get_by_role("button", name="Copy citation")
    assert copy_cite.evaluate("el => el === document.activeElement")
    page.keyboard.press("Enter")
    page.wait_for_function("document.querySelector('[role=status]').textContent.startsWith('Copied')")
    assert page.evaluate("navigator.clipboard.readText()") == expected
    menu.get_by_role("button", name="Copy link").click()
    page.wait_for_function("document.querySelector('[role=status]').textContent.includes('#')")
    assert page.evaluate("navigator.clipboard.readText()") == (
        f"{site_url}/book/reader/pk-mso-2001/section-161.html#{S161_1_A_II}"
    )
    # Escape closes it and gives the focus back to the ¶
    page.keyboard.press("Escape")
    assert menu.is_hidden() and link.evaluate("el => el === document.activeElement")
    # "Go to" leads to the provision, highlighted; the menu fits the screen
    menu = open_menu(page, link)
    box = menu.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= width
    menu.get_by_role("link", name="Go to s. 161(1)(a)(ii)").click()
    assert page.url.endswith(f"#{S161_1_A_II}") and menu.is_hidden()
    assert provision.evaluate("el => el.matches(':target')")
    assert no_sideways_scroll(page) and errors == []


@pytest.mark.parametrize(("width", "height", "touch"), SCREENS, ids=SCREEN_IDS)
def test_the_pilcrow_is_a_24_px_target_at_the_end_of_the_line_never_between_number_and_words(
    browser, site_url, width, height, touch
):
    page, errors = open_page(browser, f"{site_url}/book/reader/pk-mso-2001/section-161.html", width, height, touch)
    found = page.evaluate(
        r"""() => [...document.querySelectorAll('article div.akn-hier a.akn-permalink')].map(link => {
             const box = link.getBoundingClientRect();
             const line = link.parentElement.getBoundingClientRect();
             const num = link.parentElement.querySelector('.akn-num');
             const after = link.nextSibling;  // the provision's first words, which follow its number
             let gap = null;
             if (num && after && after.nodeType === Node.TEXT_NODE && after.textContent.trim()) {
               const start = after.textContent.search(/\S/);
               const range = document.createRange();
               range.setStart(after, start); range.setEnd(after, start + 1);
               const first = range.getClientRects()[0];
               if (first && Math.abs(first.top - num.getBoundingClientRect().top) < 4) {
                 gap = first.left - num.getBoundingClientRect().right;
               }
             }
             return {w: box.width, h: box.height, right: line.right - box.right, gap};
           })"""
    )
    assert len(found) >= 7
    assert all(f["w"] >= 24 and f["h"] >= 24 for f in found), found[:3]
    assert all(f["right"] < 2 for f in found), found[:3]  # against the right edge of its provision's first line
    gaps = [f["gap"] for f in found if f["gap"] is not None]
    assert gaps and all(g < 16 for g in gaps), gaps  # the words follow their number, no control between
    assert errors == []


def test_every_numbered_provision_of_a_long_section_has_its_menu_and_the_page_fits_a_phone(browser, site_url):
    page, errors = open_page(browser, f"{site_url}/book/reader/pk-mso-2001/section-2.html", 390, 844, True)
    numbered = page.locator("div.akn-hier:has(> p .akn-num), div.akn-hier:has(> div.akn-intro > p .akn-num)")
    links = page.locator("a.akn-permalink")
    assert numbered.count() > 40 and links.count() >= numbered.count()
    assert page.locator("button.akn-cite").count() == 0
    menu = open_menu(page, page.locator("a.akn-permalink[href='#part_I__chp_1__sec_2__para_47']"))
    assert menu.locator(".akn-cite-menu-text").inner_text() == "Merchant Shipping Ordinance, 2001, s. 2(47)"
    assert page.locator("div.akn-cite-menu").count() == 1  # one menu for the page
    assert no_sideways_scroll(page) and errors == []


def longest_titled_section(doc_id: str) -> page_map.Page:
    """The reader page of the section of ``doc_id`` whose heading is longest."""

    def heading(page: page_map.Page) -> str:
        found = page.elements[0].find("{*}heading")
        return "" if found is None else page_map.text_of(found)

    return max(page_map.document_pages(doc_id).sections, key=lambda page: len(heading(page)))


@pytest.mark.parametrize("doc_id", [d.id for d in corpus.documents()])
def test_on_a_phone_the_law_of_the_longest_titled_section_begins_on_the_first_screen(browser, site_url, doc_id):
    """Under the title, the status banner, the citation line and the closed notes, the section's first provision
    starts above the fold of a 390 × 844 phone (the theme's 42 px title once took 386 px of it: static_theme/)."""
    section = longest_titled_section(doc_id)
    page, errors = open_page(browser, f"{site_url}/{section.docname(doc_id)}.html", 390, 844, True)
    law = page.locator(f"article [id^='{section.elements[0].get('eId')}__']").first
    box = law.bounding_box()
    assert box is not None and box["y"] + 24 <= 844, (section.docname(doc_id), box)
    assert no_sideways_scroll(page) and errors == []


def test_notes_are_closed_on_a_phone_and_the_readers_notes_open_on_a_wide_screen(browser, site_url):
    phone, _ = open_page(browser, f"{site_url}/book/reader/pk-mso-2001/section-161.html", 390, 844, True)
    assert phone.locator("details.lm-note").count() >= 4
    assert phone.locator("details.lm-note[open]").count() == 0
    desktop, _ = open_page(browser, f"{site_url}/book/reader/pk-mso-2001/section-161.html", 1280, 800)
    opened = desktop.locator("details.lm-note[open]")
    assert opened.count() == desktop.locator("details.lm-note-open-wide").count() > 0
    text = " ".join(phone.locator("article").inner_text().split())
    assert "corpus/" not in text and "TF-IDF" not in text and ".csv" not in text


def test_the_penalty_table_is_readable_on_a_phone_with_its_item_numbers_pinned(browser, site_url):
    """Below 40em a card per item, each cell under its column's heading (issue 26: the Penalties and "By whom
    triable" columns were off screen); wider, a table scrolling in its own box with the item numbers pinned."""
    provision = cite("in-msb-2016", "256 Table")  # after s.256(6), as printed: the section's wrap-up
    page, errors = open_page(browser, f"{site_url}/book/reader/in-msb-2016/section-256.html#{provision.eid}", 390)
    table = page.locator(f"table.akn-table[id='{provision.eid}']")
    header = table.locator("thead tr").first.locator("th")  # the printed column titles; "(1)"-"(5)" below
    assert header.count() == 5 and "section" in header.nth(2).inner_text().lower()
    assert no_sideways_scroll(page)
    box = table.locator("xpath=..")
    assert not box.evaluate("el => el.scrollWidth > el.clientWidth + 1"), "a card per item: nothing off screen"
    first = table.locator("tbody tr").first.locator("td").first
    section = table.locator("tbody tr").first.locator("td").nth(2).locator("a")
    assert section.inner_text() == "14(1)" and section.get_attribute("href").endswith(
        "section-14.html#part_III__chp_I__sec_14__subsec_1"
    )
    assert section.is_visible() and table.locator("tbody tr").first.locator("td").nth(4).is_visible()
    cite_item = first.locator("a.akn-permalink")  # an item's own ¶, first in its card
    assert cite_item.is_visible()
    menu = open_menu(page, cite_item)
    assert menu.locator(".akn-cite-menu-text").inner_text() == "Merchant Shipping Bill, 2016, s. 256 Table item 1"
    assert errors == []
    wider, errors = open_page(browser, f"{site_url}/book/reader/in-msb-2016/section-256.html#{provision.eid}", 700)
    table = wider.locator(f"table.akn-table[id='{provision.eid}']")
    box = table.locator("xpath=..")
    assert box.evaluate("el => el.scrollWidth > el.clientWidth")
    first = table.locator("tbody tr").first.locator("td").first
    before = first.bounding_box()["x"]
    box.evaluate("el => { el.scrollLeft = 300; }")
    assert abs(first.bounding_box()["x"] - before) < 2  # the item number stays in view
    assert errors == []


@pytest.mark.parametrize(("width", "height", "touch"), SCREENS, ids=SCREEN_IDS)
def test_a_definition_s_editorial_correction_is_a_labelled_note_in_its_popover(browser, site_url, width, height, touch):
    page, errors = open_page(browser, f"{site_url}/book/reader/pk-mso-2001/section-129.html", width, height, touch)
    term = page.locator("a.akn-term[href='section-2.html#part_I__chp_1__sec_2__para_10']").first
    term.scroll_into_view_if_needed()
    term.tap() if touch else term.click()
    text = page.locator(".akn-term-popover-text")
    remark = page.locator(".akn-term-popover-remark")
    assert text.is_visible() and "Editorial" not in text.inner_text()
    assert "distressed seaman" in text.inner_text()
    assert remark.is_visible()
    assert page.locator(".akn-term-popover-remark-label").inner_text() == "Editorial correction:"
    assert "the source reads" in remark.inner_text()
    assert errors == []

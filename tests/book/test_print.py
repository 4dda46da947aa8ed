"""A page printed is a handout (issue 26, item 8; book/lex_book/theme/print_handout.py): in Debian's Chromium with
print media, a chapter shows the law it quotes, each calculator's facts and worked result, the what-if cells' outputs
and the exercises' questions, and no form control, button or code toggle; its footer gives its citation, address and
date; a section's page and a statute's contents print their text without the reader's controls; a page shown dark
prints light; and ``page.pdf()`` makes the PDF of each."""

from __future__ import annotations

import re

import pytest

pytestmark = [pytest.mark.book, pytest.mark.browser]

VISIBLE = """sel => [...document.querySelectorAll(sel)]
  .filter(el => el.getClientRects().length && getComputedStyle(el).visibility !== 'hidden')
  .map(el => (el.tagName + '.' + (el.className || '') + ' ' + (el.textContent || '').trim().slice(0, 30)))"""

CONTROLS = (
    "button, [role=button]:not(a.akn-term), details:not([open]):not(.lm-law) > summary, input[type=checkbox],"
    " input[type=radio], input[type=submit], "
    " .lm-ex-row input, .lm-what-if-bar, .bd-header-article, .bd-sidebar-primary, .bd-sidebar-secondary,"
    " #pst-back-to-top, .prev-next-area, .cell_input, details.above-input, nav.akn-jump"
)
"""What a handout never shows. A defined term (a link that opens its definition on a screen) prints as a word; a
summary prints only as the heading of what it opened (no marker: see :func:`toggles`)."""


def toggles(page) -> list[str]:
    """Summaries printed as a toggle: with a disclosure marker, or heading nothing (their details closed)."""
    return page.evaluate(
        """() => [...document.querySelectorAll('summary')].filter(el => el.getClientRects().length)
             .filter(el => getComputedStyle(el).display === 'list-item' || !el.parentElement.open)
             .map(el => el.textContent.trim().slice(0, 40))"""
    )


def printed(browser, url: str, mode: str = "light"):
    context = browser.new_context(viewport={"width": 1280, "height": 900}, color_scheme=mode)
    page = context.new_page()
    page.goto(url, wait_until="networkidle")
    page.evaluate("window.dispatchEvent(new Event('beforeprint'))")  # what the browser fires before it prints
    page.emulate_media(media="print")
    return context, page


def boxes_look_like_text(page) -> list[str]:
    """The calculator's facts as printed: every value box without a border or a widget's look."""
    return page.evaluate(
        """() => [...document.querySelectorAll('.lm-calc-form input, .lm-calc-form select')]
             .filter(el => el.getClientRects().length)
             .filter(el => { const s = getComputedStyle(el);
                             return s.borderTopWidth !== '0px' || s.appearance !== 'none'; })
             .map(el => el.name)"""
    )


def test_a_chapter_prints_as_a_handout(browser, site_url):
    context, page = printed(browser, f"{site_url}/book/chapters/wages-on-wreck.html")
    try:
        assert page.evaluate(VISIBLE, CONTROLS) == []
        assert toggles(page) == []
        assert boxes_look_like_text(page) == []
        # the law: the provisions quoted, and the law beside each calculator, unfolded
        assert page.locator(".provision-quote").first.is_visible()
        law = page.locator("details.lm-law").first
        assert law.evaluate("el => el.open") and "wreck" in law.inner_text().lower()
        # the worked examples with their results: the facts as they stand and the result's amounts
        calc = page.locator(".lm-calc").first
        assert calc.locator(".lm-calc-result .lm-amounts").first.is_visible()
        assert calc.locator("input[name]").first.is_visible()  # the facts, read as text
        assert page.locator(".cell_output").first.is_visible()  # the what-if cells' outputs
        # the exercises' questions, without their answer boxes
        question = page.locator(".lm-exercise .lm-ex-form > label").first
        assert question.is_visible() and len(question.inner_text()) > 20
        footer = page.locator("footer.lm-print-footer")
        assert footer.is_visible()
        text = footer.inner_text()
        assert "Lex Maritima" in text and "Wages" in text
        assert f"{site_url}/book/chapters/wages-on-wreck.html" in text
        assert "Text as built on 20" in text and "printed on 20" in text
        foot = page.evaluate("document.getElementById('lm-print-page').textContent")
        assert "@bottom-left" in foot and "wages-on-wreck.html" in foot
        pdf = page.pdf(format="A4")
        pages = len(re.findall(rb"/Type\s*/Page[^s]", pdf))
        print(f"wages-on-wreck printed: {pages} A4 pages")
        assert pdf.startswith(b"%PDF") and pages >= 1
    finally:
        context.close()


@pytest.mark.parametrize(
    ("address", "citation", "text"),
    [
        (
            "book/reader/pk-mso-2001/section-161.html",
            "Merchant Shipping Ordinance, 2001, s. 161",
            "[id='part_IV__chp_11__sec_161__subsec_1__para_a__subpara_ii']",
        ),
        ("book/reader/pk-mso-2001/index.html", "Merchant Shipping Ordinance, 2001", "ul.akn-contents"),
        (
            "book/reader/in-msb-2016/section-256.html",
            "Merchant Shipping Bill, 2016, s. 256",
            "[id='part_XIV__sec_256__wrapup__table_1'] tbody tr",  # the Table after (6), the section's wrap-up
        ),
    ],
    ids=["section", "statute contents", "section with a Table"],
)
def test_a_section_and_a_statute_print_their_text_cleanly(browser, site_url, address, citation, text):
    context, page = printed(browser, f"{site_url}/{address}", mode="dark")
    try:
        assert page.evaluate(VISIBLE, CONTROLS + ", a.akn-permalink, .akn-cite-menu") == []
        assert toggles(page) == []
        assert page.locator(text).first.is_visible()
        assert page.locator("#jb-print-docs-body h1").is_visible()  # the theme's print header: the page's title
        text_colour = page.evaluate("getComputedStyle(document.querySelector('article')).color")
        assert sum(int(n) for n in text_colour[4:-1].split(",")[:3]) < 3 * 90, text_colour  # dark ink on paper
        body = page.evaluate("getComputedStyle(document.body).backgroundColor")
        assert body in ("rgb(255, 255, 255)", "rgba(0, 0, 0, 0)"), body
        wide = page.evaluate("document.querySelector('article').getBoundingClientRect().width")
        assert wide > 700  # the text takes the page's width, no sidebar's column left empty
        footer = page.locator("footer.lm-print-footer")
        assert footer.locator(".lm-print-cite").inner_text() == citation
        assert page.pdf(format="A4").startswith(b"%PDF")
    finally:
        context.close()


def test_print_footer_is_not_on_the_screen(browser, site_url):
    page = browser.new_page(viewport={"width": 390, "height": 844})
    try:
        page.goto(f"{site_url}/book/chapters/wages-on-wreck.html")
        assert page.locator("footer.lm-print-footer").count() == 1
        assert page.locator("footer.lm-print-footer").is_hidden()
    finally:
        page.close()

"""A reader opens the built book in a real browser (Debian's chromium through playwright): the statute text and the
calculator are on screen, on a wide and on a narrow (phone) screen; each kind of page loads with every file it asks
for found in the site and no error in the console. Screenshots go to tests/output/browser/."""

from __future__ import annotations

from pathlib import Path
from urllib.request import urlopen

import pytest
from conftest import FailedRequests

from corpus import cite

pytestmark = [pytest.mark.book, pytest.mark.browser]
OUTPUT = Path(__file__).resolve().parents[1] / "output" / "browser"


def open_page(browser, url: str, width: int, requests: list[str]):
    page = browser.new_page(viewport={"width": width, "height": 900})
    page.on("request", lambda request: requests.append(request.url))
    page.goto(url, wait_until="networkidle")
    return page


@pytest.mark.parametrize("width", [1280, 390], ids=["desktop", "phone"])
def test_a_reader_page_shows_section_161_at_its_anchor(browser, site_url, width):
    provision = cite("pk-mso-2001", "161(1)(a)(i)")
    requests: list[str] = []
    page = open_page(browser, f"{site_url}/book/reader/pk-mso-2001/section-161.html#{provision.eid}", width, requests)
    anchor = page.locator(f"[id='{provision.eid}']")
    assert anchor.is_visible()
    assert "whichever be longer" in anchor.inner_text()
    OUTPUT.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(OUTPUT / f"reader-161-{width}.png"))
    assert [u for u in requests if not u.startswith(site_url)] == []


@pytest.mark.parametrize("width", [1280, 390], ids=["desktop", "phone"])
def test_a_topic_page_shows_the_provision_and_the_rendered_calculator(browser, site_url, width):
    requests: list[str] = []
    page = open_page(browser, f"{site_url}/book/chapters/wages-on-wreck.html", width, requests)
    assert "whichever be longer" in page.locator("article").inner_text()
    calculator = page.locator(".lm-calc").first
    calculator.wait_for(state="visible", timeout=20_000)
    calculator.scroll_into_view_if_needed()
    text = calculator.inner_text()
    assert "Monthly wage" in text and "statutory minimum" in text
    OUTPUT.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(OUTPUT / f"wages-on-wreck-{width}.png"))
    assert [u for u in requests if not u.startswith(site_url)] == []


PAGES = {
    "chapter with calculators": "book/chapters/wages-on-wreck.html",
    "reader": "book/reader/pk-mso-2001/section-161.html",
    "reader part": "book/reader/pk-mso-2001/part-iv.html",
    "comparison": "book/comparisons/index.html",
    "landing": "index.html",
}


@pytest.mark.parametrize("path", list(PAGES.values()), ids=list(PAGES))
def test_a_page_loads_with_no_failed_request_and_no_console_error(browser, site_url, path):
    """Every file a page asks for is in the site (the icon) and no script reports an error (the theme's colour mode).
    A new page has a new browser context: nothing stored by an earlier page."""
    problems: list[str] = []
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.on("console", lambda m: m.type == "error" and problems.append(f"console error: {m.text} ({m.location})"))
    page.on("pageerror", lambda error: problems.append(f"uncaught: {error}"))
    requests = FailedRequests(page)
    page.goto(f"{site_url}/{path}", wait_until="networkidle")
    page.wait_for_timeout(500)  # the browser asks for the page's icon after the load (once per run: checked below)
    icon = page.evaluate("document.querySelector('link[rel~=icon]')?.href")
    problems += requests.problems()
    page.close()
    assert problems == []
    assert icon is not None and icon.startswith(site_url)
    assert urlopen(icon).status == 200


def test_the_penalty_table_has_its_column_row_as_header_on_a_phone(browser, site_url):
    """003 L3487-3493: the s.256 Table's printed column titles, each in its column, and its (1)…(5) row are the
    table's header (<thead>)."""
    provision = cite("in-msb-2016", "256 Table")  # after s.256(6), as printed: the section's wrap-up
    page = open_page(browser, f"{site_url}/book/reader/in-msb-2016/section-256.html#{provision.eid}", 390, [])
    rows = page.locator(f"table[id='{provision.eid}'] thead tr")
    assert rows.count() == 2
    titles = rows.first.locator("th")
    assert titles.count() == 5 and titles.first.inner_text().strip() == "Serial No."
    assert titles.nth(2).inner_text().strip() == "Section of this Act to which offence has referred"
    numbers = rows.last.locator("th")
    assert numbers.count() == 5 and numbers.first.inner_text().strip() == "(1)"


@pytest.mark.parametrize("path", ["book/intro.html", "book/instructors.html"])
def test_a_page_of_prose_is_no_wider_than_a_phone(browser, site_url, path):
    """Long paths and eIds in inline code wrap (statute_reader.css) instead of widening the page past 390 px."""
    page = open_page(browser, f"{site_url}/{path}", 390, [])
    assert page.evaluate("document.documentElement.scrollWidth") <= 390

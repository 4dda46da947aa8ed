"""A reader finds their way in the built book: on a 390 px phone the menu (the primary sidebar) and the "contents"
button (the page's table of contents) open their drawers and close them again; on a desktop the menu button collapses
the sidebar and brings it back (book/lex_book/theme/site_theme.py). The landing page leads to every part of the book."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

pytestmark = [pytest.mark.book, pytest.mark.browser]
ROOT = Path(__file__).resolve().parents[2]
PAGE = "book/chapters/wages-on-wreck.html"


def open_page(browser, url: str, width: int):
    page = browser.new_page(viewport={"width": width, "height": 800})
    page.goto(url, wait_until="load")
    return page


def is_open(page, dialog: str) -> bool:
    return page.evaluate(f"document.querySelector('{dialog}').open")


@pytest.mark.parametrize(
    ("button", "dialog", "sidebar", "link"),
    [
        (".primary-toggle", "#pst-primary-sidebar-modal", "#pst-primary-sidebar", "Desertion and absence"),
        (".secondary-toggle", "#pst-secondary-sidebar-modal", "#pst-secondary-sidebar", "Exercises"),
    ],
    ids=["menu", "contents"],
)
def test_on_a_phone_the_menu_and_contents_buttons_open_and_close_their_drawers(
    browser, site_url, button, dialog, sidebar, link
):
    page = open_page(browser, f"{site_url}/{PAGE}", 390)
    toggle = page.locator(button)
    assert toggle.count() == 1 and toggle.is_visible()
    assert not is_open(page, dialog)
    drawer_link = page.locator(f"{dialog} a", has_text=link).first
    toggle.click()
    drawer_link.wait_for(state="visible", timeout=2000)
    assert is_open(page, dialog)
    page.keyboard.press("Escape")
    page.wait_for_function(f"!document.querySelector('{dialog}').open", timeout=2000)
    in_sidebar = page.locator(f"{sidebar} a", has_text=link).first  # back in the page's sidebar, hidden on a phone
    in_sidebar.wait_for(state="hidden", timeout=2000)
    assert page.locator(f"{dialog} a").count() == 0
    toggle.click()  # and it opens again: the drawer's content was put back in the page when it closed
    drawer_link.wait_for(state="visible", timeout=2000)
    page.close()


def test_on_a_desktop_the_menu_button_collapses_and_restores_the_sidebar(browser, site_url):
    page = open_page(browser, f"{site_url}/{PAGE}", 1280)
    sidebar = page.locator("#pst-primary-sidebar")
    chapter_link = sidebar.locator("a", has_text="Desertion and absence without leave")
    assert sidebar.is_visible() and chapter_link.is_visible()
    assert page.locator("#pst-secondary-sidebar a", has_text="Exercises").first.is_visible()  # contents beside it
    toggle = page.locator(".primary-toggle")
    assert toggle.count() == 1 and toggle.is_visible()
    toggle.click()
    sidebar.wait_for(state="hidden", timeout=2000)
    assert not is_open(page, "#pst-primary-sidebar-modal")  # collapsed in place, not opened as a drawer
    toggle.click()
    chapter_link.wait_for(state="visible", timeout=2000)
    page.close()


def toc_pages() -> list[str]:
    """Every page _toc.yml lists (the topic chapters, the instructors' page, the comparisons, the statutes, the
    glossary), as paths of the built site."""
    toc = yaml.safe_load((ROOT / "_toc.yml").read_text(encoding="utf-8"))
    return [f"{c['file']}.html" for part in toc["parts"] for c in part["chapters"]]


def test_the_landing_page_links_to_every_chapter_statute_and_reference_page(built_site):
    html = (built_site / "book" / "intro.html").read_text(encoding="utf-8")
    article = html[html.index('<article class="bd-article"') : html.index("</article>")]
    hrefs = re.findall(r'<a class="reference internal" href="([^"#]+)', article)
    links = {(Path("book") / href).as_posix() for href in hrefs}
    chapters = {f"book/chapters/{p.stem}.html" for p in (ROOT / "book" / "chapters").glob("*.md")}
    assert chapters and chapters <= links
    assert set(toc_pages()) <= links
    assert "Start here" in article
    text = re.sub(r"<[^>]+>", " ", article)
    assert not re.search(r"\bmake\b|jupyter-book|\b\w+_[IVXLC\d]+__|__sec_", text)  # no build commands, no eIds

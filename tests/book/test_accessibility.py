"""axe-core (npm, injected into the page by playwright) finds no serious or critical violation on the landing page,
the reader's page of s.161, the page of the Merchant Shipping Bill's penalty Table (s.256), each topic chapter and
the search page, at desktop and phone widths, for a reader whose system asks for light or for dark: the page follows
the system (_config.yml's default_mode "auto"; every other kind of page, in both modes, is measured by
test_dark_mode.py), and no page offers a switch of its own."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from corpus import cite, page_map

pytestmark = [pytest.mark.book, pytest.mark.browser]
ROOT = Path(__file__).resolve().parents[2]
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
CHAPTERS = sorted(p.stem for p in (ROOT / "book" / "chapters").glob("*.md"))


def provision_page(document: str, section: str) -> str:
    """The reader's page that holds a section (a Part page today, the section's own page once the reader has one)."""
    docname, _ = page_map.document_pages(document).locate(cite(document, section).eid)
    return f"{docname}.html"


PAGES = {
    "landing": "book/intro.html",
    "reader s.161": provision_page("pk-mso-2001", "161"),
    "penalty Table": provision_page("in-msb-2016", "256"),
    **{f"chapter {name}": f"book/chapters/{name}.html" for name in CHAPTERS},
    "search": "search.html?q=s.161",
}


def open_in_mode(browser, url: str, width: int, mode: str):
    """The page as a reader whose system asks for ``mode`` sees it (a choice once stored by the theme's old switch is
    set too, and must change nothing)."""
    context = browser.new_context(viewport={"width": width, "height": 900}, color_scheme=mode)
    context.add_init_script(f"localStorage.setItem('mode', '{mode}'); localStorage.setItem('theme', '{mode}');")
    page = context.new_page()
    page.goto(url, wait_until="networkidle")
    if "/chapters/" in url:  # the calculators (HTML forms), one of them live: its result as the page's Python wrote it
        calculator = page.locator(".lm-calc").first
        calculator.locator("input[name]").first.focus()
        calculator.locator("input[name]").first.press("End")
        calculator.locator("input[name]").first.type("0")
        calculator.and_(page.locator("[data-state=live]")).wait_for(timeout=90_000)
        page.wait_for_load_state("networkidle")
    if "search.html" in url:
        page.locator("#lm-search-results li").first.wait_for(timeout=20_000)
    return context, page


def serious_violations(page) -> list[str]:
    page.add_script_tag(path=str(AXE))
    violations = page.evaluate("async () => (await axe.run(document, {resultTypes: ['violations']})).violations")
    return [
        f"{v['id']} ({v['impact']}): {node['target']}"
        for v in violations
        if v["impact"] in ("serious", "critical")
        for node in v["nodes"]
    ]


# Each page once in each mode and at each width: a desktop reader in light, a phone reader whose system is dark (the
# page follows the system, asserted below; both are measured, since the pages differ with the width).
@pytest.mark.parametrize(("width", "mode"), [(1280, "light"), (390, "dark")], ids=["desktop-light", "phone-dark"])
@pytest.mark.parametrize("path", list(PAGES.values()), ids=list(PAGES))
def test_axe_finds_no_serious_or_critical_violation(browser, site_url, path, width, mode):
    context, page = open_in_mode(browser, f"{site_url}/{path}", width, mode)
    try:
        assert page.evaluate("document.documentElement.dataset.theme") == mode
        assert serious_violations(page) == []
    finally:
        context.close()


@pytest.mark.parametrize("mode", ["light", "dark"])
def test_no_page_offers_a_mode_switch_and_the_page_follows_the_system(browser, site_url, mode):
    other = "light" if mode == "dark" else "dark"
    context = browser.new_context(viewport={"width": 390, "height": 900}, color_scheme=mode)
    # a choice the theme's old switch stored, the other way: with no switch to undo it, it is not applied
    context.add_init_script(f"localStorage.setItem('mode', '{other}'); localStorage.setItem('theme', '{other}');")
    page = context.new_page()
    page.goto(f"{site_url}/{PAGES['landing']}", wait_until="networkidle")
    try:
        assert page.locator(".theme-switch-button").count() == 0
        assert page.evaluate("[document.documentElement.dataset.mode, document.documentElement.dataset.theme]") == [
            "auto",
            mode,
        ]
        background = page.evaluate("getComputedStyle(document.body).backgroundColor")
        assert (background in ("rgb(255, 255, 255)", "rgba(0, 0, 0, 0)")) == (mode == "light"), background
    finally:
        context.close()


def test_the_sidebar_toggles_are_named_after_what_they_open(built_site):
    html = (built_site / "book" / "intro.html").read_text(encoding="utf-8")
    summaries = re.findall(r"<summary([^>]*)>\s*<span class=\"toctree-toggle\"", html)
    assert summaries and all('aria-label="Contents of ' in attributes for attributes in summaries)
    assert 'aria-label="Contents of The Pakistan Merchant Shipping Ordinance, 2001"' in html


def test_every_chart_has_alt_text_that_describes_it(built_site):
    charts = []
    for name in CHAPTERS:
        html = (built_site / "book" / "chapters" / f"{name}.html").read_text(encoding="utf-8")
        charts += [(name, alt, src) for alt, src in re.findall(r'<img alt="([^"]*)" src="([^"]*)"', html)]
    assert charts
    assert [(name, alt) for name, alt, src in charts if not alt.strip() or alt == src or alt.endswith(".png")] == []

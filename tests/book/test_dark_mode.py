"""Dark mode follows the reader's system (issue 26, item 8): a phone set to dark gets the dark page, one set to light
the light page, before any script of the theme has run; and axe-core's colour-contrast checks (WCAG AA: text 4.5:1,
large text 3:1, links told apart from the text around them) pass on every kind of page in both modes, at a phone's
width and a desktop's: the landing page, a chapter with its calculators, a statute's contents, a section's page with
its notes and editorial remarks, the glossary, the open-data page, a comparison of two provisions, the 404 page, and
a chapter's exercises after a wrong and a right try (their verdicts are coloured). In Debian's Chromium."""

from __future__ import annotations

import pytest

pytestmark = [pytest.mark.book, pytest.mark.browser]
AXE = "node_modules/axe-core/axe.min.js"

PAGES = {
    "landing": "book/intro.html",
    "chapter with calculator": "book/chapters/wages-on-wreck.html",
    "statute contents": "book/reader/pk-mso-2001/index.html",
    "section page": "book/reader/pk-mso-2001/section-161.html",
    "section with remarks and a Table": "book/reader/in-msb-2016/section-256.html",
    "glossary": "book/reader/glossary.html",
    "data page": "book/data.html",
    "comparison page": "book/comparisons/in-ipa-1875-s-11-in-ipa-1908-s-10.html",
    "404": "404.html",
    "exercises": "book/chapters/desertion.html",
}


def contrast_problems(page) -> list[str]:
    """axe-core's colour checks on the page as it stands: every node that fails, with the colours axe measured."""
    from pathlib import Path

    page.add_script_tag(path=str(Path(__file__).resolve().parents[2] / AXE))
    violations = page.evaluate(
        """async () => (await axe.run(document, {
               runOnly: {type: 'rule', values: ['color-contrast', 'link-in-text-block']},
               resultTypes: ['violations']})).violations"""
    )
    return [
        f"{v['id']}: {node['target']} {node.get('any', [{}])[0].get('message', '')}"
        for v in violations
        for node in v["nodes"]
    ]


def open_page(browser, url: str, width: int, mode: str):
    context = browser.new_context(viewport={"width": width, "height": 844}, color_scheme=mode)
    page = context.new_page()
    page.goto(url, wait_until="networkidle")
    return context, page


def try_the_first_exercise(page) -> None:
    """A wrong answer, then the verdict; the verdict's colour is what is measured."""
    exercise = page.locator(".lm-exercise").first
    exercise.scroll_into_view_if_needed()
    box = exercise.locator(".lm-ex-row input").first
    box.fill("1")
    exercise.locator(".lm-ex-check").first.click()
    exercise.locator(".lm-ex-verdict").first.wait_for()
    page.wait_for_function(
        "el => el.textContent.trim().length > 0", arg=exercise.locator(".lm-ex-verdict").first.element_handle()
    )


@pytest.mark.parametrize("width", [390, 1280])
@pytest.mark.parametrize("mode", ["light", "dark"])
@pytest.mark.parametrize("kind", list(PAGES))
def test_every_kind_of_page_follows_the_system_and_passes_axe_contrast(browser, site_url, kind, mode, width):
    context, page = open_page(browser, f"{site_url}/{PAGES[kind]}", width, mode)
    try:
        if kind != "404":  # the 404 page is the host's, written apart, with the system's own colours
            assert page.evaluate("document.documentElement.dataset.theme") == mode
        background = page.evaluate(
            """() => {
                 const c = getComputedStyle(document.body).backgroundColor;
                 const page = c === 'rgba(0, 0, 0, 0)' ? getComputedStyle(document.documentElement).backgroundColor : c;
                 const [r, g, b] = page.match(/\\d+/g).map(Number);
                 return (r + g + b) / 3;
               }"""
        )
        assert (background < 80) if mode == "dark" else (background > 200), background
        if kind == "exercises":
            try_the_first_exercise(page)
        assert contrast_problems(page) == []
    finally:
        context.close()


def test_the_mode_is_set_before_the_theme_s_script_runs(browser, site_url):
    """With the theme's scripts blocked the page is still dark for a dark system: no light flash first."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, color_scheme="dark")
    context.route("**/pydata-sphinx-theme.js*", lambda route: route.abort())
    page = context.new_page()
    try:
        page.goto(f"{site_url}/{PAGES['section page']}", wait_until="networkidle")
        assert page.evaluate("[document.documentElement.dataset.mode, document.documentElement.dataset.theme]") == [
            "auto",
            "dark",
        ]
        assert page.locator(".theme-switch-button").count() == 0
    finally:
        context.close()

"""The result in sight on a phone (issue 26): after an edit the changed figure is on screen without scrolling (the
calculator's summary line, sticky at the foot of the screen while its form is edited), and no result table is cut at
a phone's edge. In Debian's Chromium, at 390 px and 1280 px."""

from __future__ import annotations

import re

import pytest
from conftest import form_of
from playwright.sync_api import expect

from widgets.views.page import form_result

pytestmark = [pytest.mark.book, pytest.mark.browser]
LIVE_MS = 120_000
HEIGHT = 844


@pytest.mark.parametrize("width", [390, 1280])
@pytest.mark.parametrize("chapter", ["wages-on-wreck", "desertion"])
def test_after_an_edit_the_changed_figure_is_on_screen_without_scrolling(browser, site_url, chapter, width):
    page = browser.new_page(viewport={"width": width, "height": HEIGHT})
    try:
        page.goto(f"{site_url}/book/chapters/{chapter}.html")
        root = page.locator(".lm-calc").first
        wage = root.locator("input[name='monthly_wage']")
        wage.evaluate("el => el.scrollIntoView({block: 'start'})")
        wage.fill("83000")
        expect(root).to_have_attribute("data-state", "live", timeout=LIVE_MS)
        summary = root.locator("[data-summary]")
        want = form_result(root.get_attribute("data-provision-id"), form_of(root))["summary"]
        expect(summary).to_have_text(want)
        box = summary.bounding_box()
        assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= HEIGHT + 1, box
        assert wage.bounding_box()["y"] >= 0, "the field edited is still on screen"
        assert summary.evaluate("el => getComputedStyle(el).position") == "fixed"  # floating over the form
        page.screenshot(path=f"/tmp/result-in-sight-{chapter}-{width}.png")
        summary.click()  # the link goes to the full result
        result = root.locator("[data-result]").bounding_box()
        assert result["y"] < HEIGHT
    finally:
        page.close()


@pytest.mark.parametrize("chapter", ["wages-on-wreck", "desertion", "pilgrims", "load-lines", "comparative"])
def test_no_result_table_is_cut_at_a_phones_edge(browser, site_url, chapter):
    page = browser.new_page(viewport={"width": 390, "height": HEIGHT})
    try:
        page.goto(f"{site_url}/book/chapters/{chapter}.html")
        cut = page.evaluate(
            """() => {
              const found = [];
              for (const kind of document.querySelectorAll('.lm-calc-result .lm-kind')) {
                if (kind.scrollWidth > kind.clientWidth + 1) found.push('kind: ' + kind.textContent);
              }
              for (const box of document.querySelectorAll('.lm-calc-result .lm-table-box')) {
                const table = box.querySelector('table');
                if (table.scrollWidth > box.clientWidth + 1 && getComputedStyle(box).overflowX !== 'auto') {
                  found.push('table: ' + table.textContent.slice(0, 40));
                }
                if (box.getBoundingClientRect().right > innerWidth + 1) found.push('box past the edge');
              }
              return found;
            }"""
        )
        assert cut == []
        assert page.locator(".lm-calc-result .lm-table-box").count() >= 1
    finally:
        page.close()


def test_the_s256_table_is_a_card_per_item_on_a_phone_and_a_table_on_a_desktop(browser, site_url):
    url = f"{site_url}/book/reader/in-msb-2016/section-256.html"
    page = browser.new_page(viewport={"width": 390, "height": HEIGHT})
    try:
        page.goto(url)
        table = page.locator("table.akn-table-wide").first
        expect(table).to_have_class(re.compile(r"\bakn-cards\b"))
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        item = table.locator("tbody tr").nth(0)
        labels = item.evaluate("r => [...r.children].map(c => getComputedStyle(c, '::before').content)")
        assert '"Penalties"' in labels and '"By whom the offence triable and penalties imposed"' in labels
        for cell in item.locator("td").all():
            box = cell.bounding_box()
            assert box["x"] >= 0 and box["x"] + box["width"] <= 390 + 1
        page.screenshot(path="/tmp/s256-cards-390.png")
        page.set_viewport_size({"width": 1280, "height": HEIGHT})
        assert item.evaluate("r => getComputedStyle(r).display") == "table-row"
    finally:
        page.close()


def test_back_to_top_never_covers_a_calculators_control(browser, site_url):
    page = browser.new_page(viewport={"width": 390, "height": HEIGHT})
    try:
        page.goto(f"{site_url}/book/chapters/desertion.html")
        controls = ".lm-calc input, .lm-calc select, .lm-calc button, .lm-exercise input, .lm-what-if textarea"
        overlaps = []
        for y in range(2000, 9000, 350):
            page.evaluate(f"window.scrollTo(0, {y})")
            page.evaluate(f"window.scrollTo(0, {y - 300})")  # scrolling up: the theme shows its pill
            page.wait_for_timeout(150)
            overlaps += page.evaluate(
                """sel => {
                  const pill = document.getElementById('pst-back-to-top');
                  if (!pill) return [];
                  const style = getComputedStyle(pill);
                  if (style.display === 'none' || style.visibility === 'hidden') return [];
                  const box = pill.getBoundingClientRect();
                  return [...document.querySelectorAll(sel)].filter(el => {
                    const r = el.getBoundingClientRect();
                    return r.width && r.right > box.left && r.left < box.right
                      && r.bottom > box.top && r.top < box.bottom;
                  }).map(el => el.name || el.tagName);
                }""",
                controls,
            )
        assert overlaps == []
    finally:
        page.close()


@pytest.mark.parametrize("width", [390, 1280])
def test_the_pilcrow_and_cite_are_24_px_targets(browser, site_url, width):
    page = browser.new_page(viewport={"width": width, "height": HEIGHT})
    try:
        page.goto(f"{site_url}/book/reader/pk-mso-2001/section-161.html")
        sizes = page.evaluate(
            """() => [...document.querySelectorAll('a.akn-permalink, button.akn-cite')]
                 .map(el => el.getBoundingClientRect()).filter(r => r.width).map(r => [r.width, r.height])"""
        )
        assert len(sizes) >= 4
        assert all(w >= 24 and h >= 24 for w, h in sizes), sizes[:5]
        page.screenshot(path=f"/tmp/s161-targets-{width}.png")
    finally:
        page.close()


def test_open_in_jupyterlab_is_offered_on_a_desktop_not_on_a_phone(browser, site_url):
    for width, shown in ((390, False), (1280, True)):
        page = browser.new_page(viewport={"width": width, "height": HEIGHT})
        try:
            page.goto(f"{site_url}/book/chapters/wages-on-wreck.html")
            link = page.locator(".lm-lab").first
            expect(link).to_be_attached()
            assert link.is_visible() == shown, width
        finally:
            page.close()


def test_a_chapter_prints_without_form_controls_or_buttons(browser, site_url):
    page = browser.new_page(viewport={"width": 1280, "height": HEIGHT})
    try:
        page.goto(f"{site_url}/book/chapters/wages-on-wreck.html")
        page.emulate_media(media="print")
        visible = page.evaluate(
            """() => [...document.querySelectorAll(
                  '.lm-compute, .lm-calc-summary, .lm-lab, .lm-ex-check, .lm-ex-row input, .lm-what-if-bar button')]
                 .filter(el => el.getClientRects().length && getComputedStyle(el).visibility !== 'hidden')
                 .map(el => el.className || el.tagName)"""
        )
        assert visible == []
        assert page.locator(".lm-calc-result .lm-amounts").first.is_visible(), "the worked result prints"
        pdf = page.pdf(format="A4")
        assert pdf.startswith(b"%PDF")
    finally:
        page.close()


def test_a_missing_address_gets_the_books_404_page_with_its_way_home(browser, built_site):
    import functools
    import threading
    from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer

    class Host(SimpleHTTPRequestHandler):
        """A static host that answers a missing address with the site's 404.html, as Pages hosts do."""

        def log_message(self, *args: object) -> None:
            pass

        def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
            if code != 404:
                super().send_error(code, message, explain)
                return
            body = (built_site / "404.html").read_bytes()
            self.send_response(404)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Host, directory=str(built_site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}"
    page = browser.new_page(viewport={"width": 390, "height": HEIGHT})
    try:
        response = page.goto(f"{url}/book/chapters/no-such/page.html")
        assert response.status == 404
        expect(page.locator("h1")).to_have_text("Page not found")
        home = page.locator("[data-home]")
        expect(home).to_have_attribute("href", "/book/intro.html")
        home.click()
        page.wait_for_url(f"{url}/book/intro.html")
    finally:
        page.close()
        server.shutdown()
        server.server_close()


@pytest.mark.parametrize(
    ("address", "label", "first", "count"),
    [
        ("book/reader/pk-mso-2001/index.html", "Jump to", "Part I", 10),
        ("book/reader/glossary.html", "Terms from", "A", 15),
    ],
)
def test_a_long_contents_page_and_the_glossary_have_a_jump_list(browser, site_url, address, label, first, count):
    page = browser.new_page(viewport={"width": 390, "height": HEIGHT})
    try:
        page.goto(f"{site_url}/{address}")
        nav = page.get_by_role("navigation", name=label)
        links = nav.locator("a")
        assert links.count() >= count
        assert links.first.inner_text() == first
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        last = links.last
        target = last.get_attribute("href")
        last.click()
        assert page.evaluate(f"document.querySelector('{target}').getBoundingClientRect().top") < HEIGHT
        assert page.evaluate("scrollY") > 2000, "the jump went down the page"
    finally:
        page.close()

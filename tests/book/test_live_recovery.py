"""A calculator that knows when its Python is gone or stuck, in Debian's Chromium (issue 27, item 3).

Every request to the page's ready worker has a deadline (``calculators.js``: ``COMPUTE_MS``, ``RUN_MS``); when it
passes, the worker is ended and a new one started, and the page says so in words. Tested the two ways a Python is
lost: the worker closed under the page (``self.close()`` in the worker: no event reaches the page), and a what-if cell
in an endless loop. Throughout, the words "Worked out in your browser for the facts above" are never shown over a
figure that is not the one for the facts above: a recorder in the page notes the status and the result at every
change. And the deadline never fires while the runtime still downloads (issue 26: no fixed watchdog on a slow link).
"""

from __future__ import annotations

import json
import re
import time
import zipfile
from collections.abc import Iterator
from http.server import SimpleHTTPRequestHandler
from pathlib import Path

import pytest
from conftest import form_of, serving
from playwright.sync_api import Page, expect

from widgets.views.live import run_cell
from widgets.views.page import form_result
from widgets.views.reader_links import link_from_pages

pytestmark = [pytest.mark.book, pytest.mark.browser]
CHAPTER = "book/chapters/wages-on-wreck.html"
PROVISION = "pk-mso-2001/wages-on-wreck"
LIVE_MS = 120_000
LIVE = "Worked out in your browser for the facts above."
COMPUTE_S = 6
RUN_S = 10
"""calculators.js's COMPUTE_MS and RUN_MS, in seconds (checked below against the script)."""
RECORDER = """() => {
  const root = document.querySelector(".lm-calc[data-provision-id='pk-mso-2001/wages-on-wreck']");
  const status = root.querySelector(".lm-calc-status");
  const result = root.querySelector("[data-result]");
  window.lmSeen = [];
  const note = () => window.lmSeen.push({
    state: root.dataset.state, text: status.textContent, stale: result.classList.contains("lm-stale"),
  });
  new MutationObserver(note).observe(root, {subtree: true, childList: true, characterData: true, attributes: true});
}"""
"""Every change of the calculator: its state, its status's words, whether its result is marked stale."""


class Quiet(SimpleHTTPRequestHandler):
    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture(scope="module")
def page_table(built_site: Path) -> dict:
    with zipfile.ZipFile(built_site / "_static/live/lex-live.zip") as bundle:
        return json.loads(bundle.read("reader_pages.json"))


def test_the_deadlines_are_the_scripts():
    script = (Path(__file__).resolve().parents[2] / "book/lex_book/live/static/calculators.js").read_text()
    assert f"var COMPUTE_MS = {COMPUTE_S * 1000};" in script
    assert f"var RUN_MS = {RUN_S * 1000};" in script


def chapter(browser, url: str) -> Page:
    page = browser.new_page(viewport={"width": 390, "height": 844})
    page.goto(f"{url}/{CHAPTER}")
    return page


def edit(page: Page, wage: str) -> None:
    root = page.locator(f".lm-calc[data-provision-id='{PROVISION}']")
    root.locator("input[name='monthly_wage']").fill(wage)


def go_live(page: Page, wage: str) -> None:
    root = page.locator(f".lm-calc[data-provision-id='{PROVISION}']")
    edit(page, wage)
    expect(root).to_have_attribute("data-state", "live", timeout=LIVE_MS)
    page.wait_for_timeout(300)  # the last edit's answer


def the_worker(page: Page):
    found = [w for w in page.workers if w.url.split("?")[0].endswith("/_static/live/worker.js")]
    assert len(found) == 1, [w.url for w in page.workers]
    return found[0]


def assert_right_figure(page: Page, page_table: dict) -> None:
    """The result on the page is what the rules give for the form's facts."""
    root = page.locator(f".lm-calc[data-provision-id='{PROVISION}']")
    form = form_of(root)
    expected = form_result(PROVISION, form, link_from_pages(page_table, "book/chapters"))
    shown = root.locator("[data-result]").inner_html()
    assert shown == as_browser_writes(page, expected["html"])


def as_browser_writes(page: Page, html: str) -> str:
    """``html`` as the browser serialises it (quotes, entities), to compare with an element's ``innerHTML``."""
    script = "h => { const t = document.createElement('template'); t.innerHTML = h; return t.innerHTML }"
    return page.evaluate(script, html)


def never_live_over_a_stale_figure(page: Page) -> list[dict]:
    seen = page.evaluate("window.lmSeen")
    for moment in seen:
        if moment["text"] == LIVE:
            assert not moment["stale"], moment
    return seen


def test_a_closed_worker_is_noticed_said_and_replaced(browser, site_url, page_table):
    page = chapter(browser, site_url)
    go_live(page, "72000")
    assert_right_figure(page, page_table)
    page.evaluate(RECORDER)
    the_worker(page).evaluate("self.close()")  # gone: the page is told nothing
    root = page.locator(f".lm-calc[data-provision-id='{PROVISION}']")
    status = root.locator(".lm-calc-status")
    edit(page, "81000")
    # at once: the figure is marked stale and the words say it is being worked out, not that it was
    assert root.get_attribute("data-state") == "working"
    assert status.inner_text() != LIVE
    expect(root.locator("[data-result]")).to_have_class(re.compile(r"\blm-stale\b"))
    expect(status).to_contain_text("stopped answering, so it was started again", timeout=(COMPUTE_S + 10) * 1000)
    expect(root).to_have_attribute("data-state", "live", timeout=LIVE_MS)
    expect(status).to_have_text(LIVE)
    assert_right_figure(page, page_table)
    never_live_over_a_stale_figure(page)
    # the new worker answers the next edit at once
    edit(page, "90000")
    expect(root).to_have_attribute("data-state", "live", timeout=10_000)
    page.wait_for_timeout(300)
    assert_right_figure(page, page_table)
    page.close()


def test_a_runaway_cell_is_stopped_said_and_the_calculators_carry_on(browser, site_url, page_table):
    page = chapter(browser, site_url)
    go_live(page, "72000")
    page.evaluate(RECORDER)
    cell = page.locator(".lm-what-if").first
    output = page.locator("div.cell.tag_what-if").first.locator(".cell_output")
    cell.locator("textarea").fill("while True:\n    pass")
    started = time.monotonic()
    cell.get_by_role("button", name="Run").click()
    root = page.locator(f".lm-calc[data-provision-id='{PROVISION}']")
    edit(page, "64000")  # waits behind the cell
    expect(root).to_have_attribute("data-state", "working")
    expect(cell).to_have_attribute("data-state", "error", timeout=(RUN_S + 20) * 1000)
    assert time.monotonic() - started >= RUN_S - 0.5, "stopped only when its deadline had passed"
    expect(cell.locator(".lm-cell-status")).to_contain_text(f"ran for more than {RUN_S} s")
    expect(output).to_contain_text("Stopped")
    expect(root.locator(".lm-calc-status")).to_contain_text("ran too long and was stopped")
    expect(root).to_have_attribute("data-state", "live", timeout=LIVE_MS)
    assert_right_figure(page, page_table)
    never_live_over_a_stale_figure(page)
    # the cell runs again, in the new Python
    source = 'outcome("in-msb-2016/wages-on-wreck", ship_trade="coasting")'
    cell.locator("textarea").fill(source)
    cell.get_by_role("button", name="Run").click()
    expect(cell).to_have_attribute("data-state", "live", timeout=LIVE_MS)
    expected = run_cell(source, link_from_pages(page_table, "book/chapters"))["html"]
    assert output.inner_html() == as_browser_writes(page, expected)
    page.close()


class Trickle(Quiet):
    """The built site, the runtime's wasm sent at ``RATE`` bytes a second: a download longer than every deadline."""

    RATE = 600_000

    def copyfile(self, source, outputfile) -> None:  # type: ignore[override]
        if not self.path.split("?")[0].endswith("pyodide.asm.wasm"):
            super().copyfile(source, outputfile)
            return
        while chunk := source.read(64 * 1024):
            outputfile.write(chunk)
            time.sleep(len(chunk) / self.RATE)


@pytest.fixture(scope="module")
def trickling_site(built_site: Path) -> Iterator[str]:
    with serving(built_site, Trickle) as url:
        yield url


def test_no_deadline_fires_while_python_downloads(browser, trickling_site, built_site, page_table):
    wasm = (built_site / "_static/live/pyodide.asm.wasm").stat().st_size
    assert wasm / Trickle.RATE > RUN_S, "the download outlasts every deadline"
    context = browser.new_context(viewport={"width": 390, "height": 844}, service_workers="block")
    page = context.new_page()
    page.goto(f"{trickling_site}/{CHAPTER}")
    page.evaluate(RECORDER)
    started = time.monotonic()
    edit(page, "72000")
    root = page.locator(f".lm-calc[data-provision-id='{PROVISION}']")
    expect(root).to_have_attribute("data-state", "live", timeout=LIVE_MS)
    assert time.monotonic() - started > RUN_S
    texts = [moment["text"] for moment in never_live_over_a_stale_figure(page)]
    assert any("Downloading Python" in text for text in texts)
    assert not any("stopped answering" in text or "cannot run" in text for text in texts), texts
    page.wait_for_timeout(300)
    assert_right_figure(page, page_table)
    context.close()

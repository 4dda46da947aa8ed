"""A repeat visit starts Python as the page opens, from its memory snapshot, in Debian's Chromium with the pinned
Pyodide (issue 26, item 4: the second visit's first result in a second).

``calculators.js`` keeps a hint in localStorage when the worker says it kept a snapshot (``lex-live-snapshot``: the
runtime's digest); on a page with a calculator it then starts the worker as the page opens, before any edit. Such an
early start restores the snapshot and goes no further: when there is none to restore (a hint out of date) it
downloads nothing until the reader wants Python (an edit, a calculator in view). ``worker.js`` reads the snapshot
into a buffer of the size kept beside it while Pyodide makes its module; a snapshot whose bytes are not that size is
deleted and Python started as on a first visit. Never under the browser's data saving.
"""

from __future__ import annotations

import hashlib
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import ClassVar

import pytest
from conftest import QuietHandler, serving
from playwright.sync_api import Page, expect

pytestmark = [pytest.mark.book, pytest.mark.browser]
CHAPTER = "book/chapters/wages-on-wreck.html"
PROVISION = "pk-mso-2001/wages-on-wreck"
LIVE_MS = 120_000
HINT = "lex-live-snapshot"
RUNTIME = ("pyodide.asm.wasm", "pyodide.asm.mjs", "pyodide.mjs", "python_stdlib.zip", "lex-live.zip")
"""The runtime's files an early start must not ask for when it finds no snapshot."""


class Recording(QuietHandler):
    """The built site, every path asked for noted (from the page, its worker or the site's service worker)."""

    asked: ClassVar[list[str]] = []
    lock: ClassVar[threading.Lock] = threading.Lock()

    def send_head(self):  # type: ignore[no-untyped-def]
        with self.lock:
            self.asked.append(self.path.split("?")[0])
        return super().send_head()


@pytest.fixture(scope="module")
def recorded_url(built_site: Path) -> Iterator[str]:
    with serving(built_site, Recording) as url:
        yield url


def runtime_asked() -> list[str]:
    with Recording.lock:
        return [p for p in Recording.asked if p.rsplit("/", 1)[-1] in RUNTIME]


def digest(built_site: Path) -> str:
    return hashlib.sha256((built_site / "_static/live/runtime.json").read_bytes()).hexdigest()[:16]


def calculator(page: Page):
    return page.locator(f".lm-calc[data-provision-id='{PROVISION}']")


def first_visit(page: Page, url: str) -> None:
    """Python started by an edit, its first result, the snapshot kept."""
    page.goto(f"{url}/{CHAPTER}")
    root = calculator(page)
    root.locator("input[name='monthly_wage']").fill("72000")
    expect(root).to_have_attribute("data-state", "live", timeout=LIVE_MS)
    page.wait_for_function("document.documentElement.dataset.lmSnapshot !== undefined", timeout=60_000)
    assert page.evaluate("document.documentElement.dataset.lmSnapshot").startswith("saved ")


def marks(page: Page) -> dict[str, int]:
    return page.evaluate("JSON.parse(document.documentElement.dataset.lmStartMarks || '{}')")


def test_the_second_visit_starts_python_from_the_snapshot_before_any_edit(browser, recorded_url, built_site):
    context = browser.new_context(viewport={"width": 390, "height": 844})
    context.add_init_script("window.IntersectionObserver = undefined")  # no start because a calculator is in view
    try:
        page = context.new_page()
        first_visit(page, recorded_url)
        assert page.evaluate(f"localStorage.getItem('{HINT}')") == digest(built_site), "the hint: this runtime"
        page.close()

        page = context.new_page()
        page.goto(f"{recorded_url}/{CHAPTER}")  # not touched
        page.wait_for_function("document.documentElement.dataset.lmRuntimeStart !== undefined", timeout=30_000)
        assert page.evaluate("document.documentElement.dataset.lmRuntimeStart") == "snapshot"
        steps = marks(page)
        assert "edit" not in steps and steps["worker"] <= steps["ready-seen"]
        assert steps["snapshot-read"] <= steps["python"], "the snapshot read before it was restored"
        root = calculator(page)
        assert root.get_attribute("data-state") == "static", "nothing shown as starting before the reader edits"
        root.locator("input[name='monthly_wage']").fill("81000")
        expect(root).to_have_attribute("data-state", "live", timeout=10_000)
        expect(root.locator("[data-result]")).to_have_attribute("data-live", "true")
        page.close()
    finally:
        context.close()


def test_an_early_start_with_no_snapshot_downloads_nothing_until_the_reader_edits(browser, recorded_url):
    context = browser.new_context(viewport={"width": 390, "height": 844})
    context.add_init_script(f"localStorage.setItem('{HINT}', '0123456789abcdef')")  # a hint out of date
    context.add_init_script("window.IntersectionObserver = undefined")  # Python starts on the first touch only
    try:
        page = context.new_page()
        Recording.asked.clear()
        page.goto(f"{recorded_url}/{CHAPTER}")
        # the worker started as the page opened, looked for the snapshot, found none and waits
        page.wait_for_function("'waited' in JSON.parse(document.documentElement.dataset.lmStartMarks || '{}')")
        page.wait_for_timeout(3000)
        assert runtime_asked() == [], "no byte of the runtime before the reader wants Python"
        root = calculator(page)
        assert root.get_attribute("data-state") == "static"
        assert page.evaluate(f"localStorage.getItem('{HINT}')") is None, "the stale hint is cleared"
        root.locator("input[name='monthly_wage']").fill("72000")
        expect(root).to_have_attribute("data-state", "live", timeout=LIVE_MS)
        assert page.evaluate("document.documentElement.dataset.lmRuntimeStart") == "fresh"
        assert runtime_asked(), "the runtime downloaded once the reader edited"
    finally:
        context.close()


def test_a_snapshot_not_of_its_kept_size_is_deleted_and_python_starts_as_before(browser, site_url, built_site):
    context = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        page = context.new_page()
        first_visit(page, site_url)
        # cut short under its own entry, the size kept beside it unchanged: the buffer is never filled
        size = page.evaluate(
            """async name => {
              const cache = await caches.open(name);
              const [request] = (await cache.keys()).filter(r => r.url.endsWith(".bin"));
              const kept = await cache.match(request);
              const bytes = new Uint8Array(await kept.arrayBuffer());
              await cache.put(request, new Response(bytes.subarray(0, bytes.length - 4096), {headers: kept.headers}));
              return kept.headers.get("X-Snapshot-Bytes");
            }""",
            f"lex-snapshot-{digest(built_site)}",
        )
        assert int(size) > 1_000_000
        page.close()
        page = context.new_page()
        page.goto(f"{site_url}/{CHAPTER}")
        root = calculator(page)
        root.locator("input[name='monthly_wage']").fill("81000")
        expect(root).to_have_attribute("data-state", "live", timeout=LIVE_MS)
        data = page.evaluate("({...document.documentElement.dataset})")
        assert data["lmRuntimeStart"] == "fresh"
        assert "shorter" in data["lmSnapshotDiscarded"]
        page.wait_for_function("document.documentElement.dataset.lmSnapshot !== undefined", timeout=60_000)
        page.close()
        page = context.new_page()
        page.goto(f"{site_url}/{CHAPTER}")
        page.wait_for_function("document.documentElement.dataset.lmRuntimeStart !== undefined", timeout=30_000)
        assert page.evaluate("document.documentElement.dataset.lmRuntimeStart") == "snapshot", "a good one in its place"
    finally:
        context.close()


def test_data_saving_keeps_python_waiting_for_a_touch_even_with_a_snapshot(browser, site_url):
    context = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        page = context.new_page()
        first_visit(page, site_url)
        page.close()
        context.add_init_script("Object.defineProperty(navigator, 'connection', {value: {saveData: true}})")
        page = context.new_page()
        page.goto(f"{site_url}/{CHAPTER}")
        page.wait_for_timeout(3000)
        assert "worker" not in marks(page), "no worker before a touch"
        root = calculator(page)
        root.locator("input[name='monthly_wage']").fill("81000")
        expect(root).to_have_attribute("data-state", "live", timeout=LIVE_MS)
        assert page.evaluate("document.documentElement.dataset.lmRuntimeStart") == "snapshot"
    finally:
        context.close()

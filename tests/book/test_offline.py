"""The book offline (lex_book/offline/), in Debian's Chromium with the network switched off: the site's own server
stopped and the browser context set offline. After one live visit the calculators work offline on that page and on
any other chapter read; a page never read shows the offline page; "Save for offline" on the landing page saves the
chapters, the statutes' contents pages, the search and the calculators; another build's caches are deleted.
"""

from __future__ import annotations

import functools
import hashlib
import json
import re
import threading
from collections.abc import Iterator
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from playwright.sync_api import expect

from lex_book.live import live_runtime
from lex_book.offline import service_worker

pytestmark = [pytest.mark.book, pytest.mark.browser]
LIVE_MS = 120_000


class Quiet(SimpleHTTPRequestHandler):
    def log_message(self, *args: object) -> None:
        pass


class Site:
    """The built site on 127.0.0.1, which a test switches off."""

    def __init__(self, folder: Path) -> None:
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(folder)))
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"

        self.running = True

    def off(self) -> None:
        if self.running:
            self.running = False
            self.server.shutdown()
            self.server.server_close()


@pytest.fixture
def site(built_site: Path) -> Iterator[Site]:
    served = Site(built_site)
    yield served
    served.off()


def network_off(context, site: Site) -> None:
    site.off()
    context.set_offline(True)


def go_live(page, chapter_url: str) -> None:
    page.goto(chapter_url)
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=20_000)
    root = page.locator(".lm-calc").first
    root.locator("input[name='monthly_wage']").fill("72000")
    expect(root).to_have_attribute("data-state", "live", timeout=LIVE_MS)


def test_the_worker_is_versioned_by_the_build_and_the_runtime(built_site: Path):
    worker = (built_site / "sw.js").read_text(encoding="utf-8")
    version = re.search(r'const VERSION = "(\w+)"', worker).group(1)
    runtime = re.search(r'const RUNTIME = "(\w+)"', worker).group(1)
    assert version == service_worker.site_version(built_site)
    assert runtime == hashlib.sha256((built_site / "_static/live/runtime.json").read_bytes()).hexdigest()[:16]
    saved = json.loads((built_site / "offline.json").read_text(encoding="utf-8"))
    for name in ("book/chapters/load-lines.html", "book/reader/pk-mso-2001/index.html", "search.html"):
        assert name in saved["files"]
    assert any(n.startswith("pagefind/index/") for n in saved["files"])
    assert any(n.startswith("_static/live/lex-live.zip?v=") for n in saved["files"])
    assert all((built_site / n.split("?")[0]).is_file() for n in saved["files"])


@pytest.mark.parametrize("width", [390, 1280])
def test_after_one_live_visit_the_calculators_work_offline_and_unread_pages_say_so(browser, site, width):
    context = browser.new_context(viewport={"width": width, "height": 844})
    page = context.new_page()
    try:
        go_live(page, f"{site.url}/book/chapters/wages-on-wreck.html")
        page.goto(f"{site.url}/book/chapters/desertion.html")  # read, not worked out
        page.wait_for_load_state("load")
        network_off(context, site)
        for chapter in ("wages-on-wreck", "desertion"):
            page.goto(f"{site.url}/book/chapters/{chapter}.html")
            root = page.locator(".lm-calc").first
            name = "monthly_wage" if root.locator("input[name='monthly_wage']").count() else None
            assert name, chapter
            root.locator(f"input[name='{name}']").fill("64000")
            expect(root).to_have_attribute("data-state", "live", timeout=LIVE_MS)
            expect(root.locator("[data-result]")).to_have_attribute("data-live", "true")
        page.screenshot(path=f"/tmp/offline-live-{width}.png")
        page.goto(f"{site.url}/book/chapters/pilgrims.html")  # never read
        expect(page.locator("h1")).to_have_text("You are offline")
        home = page.get_by_role("link", name="Wages on wreck")
        assert home.evaluate("a => a.href") == f"{site.url}/book/chapters/wages-on-wreck.html"  # from the root
        home.click()
        expect(page.locator(".lm-calc").first).to_be_visible()  # a page read before, offline
        page.screenshot(path=f"/tmp/offline-page-{width}.png")
    finally:
        context.close()


def test_save_for_offline_saves_the_chapters_contents_search_and_calculators(browser, site):
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    try:
        page.goto(f"{site.url}/book/intro.html")
        box = page.locator("[data-save-offline]")
        expect(box).to_be_visible(timeout=10_000)
        button = box.locator("button[data-save]")
        expect(button).to_contain_text("MB")
        page.screenshot(path="/tmp/save-offline-390.png")
        button.click()
        expect(box).to_have_attribute("data-saved", "true", timeout=180_000)
        expect(box.locator("[data-save-status]")).to_contain_text("Saved")
        network_off(context, site)
        page.goto(f"{site.url}/book/chapters/load-lines.html")  # never read, saved
        root = page.locator(".lm-calc").first
        expect(root).to_be_visible()
        root.locator("input").first.fill("150")
        expect(root).to_have_attribute("data-state", "live", timeout=LIVE_MS)
        page.goto(f"{site.url}/book/reader/pk-mso-2001/index.html")
        assert "You are offline" not in page.locator("h1").first.inner_text()
        page.goto(f"{site.url}/search.html?q=s.161")
        page.wait_for_function(
            "/^(Results|Nothing)/.test(document.getElementById('lm-search-status').textContent)", timeout=30_000
        )
        assert page.locator("#lm-search-results li > a").count() >= 1
    finally:
        context.close()


def test_another_builds_caches_are_deleted(browser, site):
    context = browser.new_context()
    page = context.new_page()
    try:
        page.goto(f"{site.url}/book/intro.html")
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=20_000)
        names = page.evaluate(
            """async () => {
              await (await caches.open('lex-pages-0000000000000000')).put('x', new Response('old build'));
              const channel = new MessageChannel();
              const done = new Promise(resolve => { channel.port1.onmessage = resolve; });
              navigator.serviceWorker.controller.postMessage({type: 'tidy'}, [channel.port2]);
              await done;
              return caches.keys();
            }"""
        )
        assert "lex-pages-0000000000000000" not in names
        assert any(n.startswith("lex-pages-") for n in names), "this build's cache is kept"
    finally:
        context.close()


def test_the_calculators_code_is_kept_with_the_build_and_the_python_with_the_runtime(browser, site):
    """A new build's worker.js reaches a returning reader (it is kept in the build's pages cache, which a new build
    replaces), while the 5 MB runtime stays in its own cache until the runtime itself changes."""
    context = browser.new_context()
    page = context.new_page()
    try:
        go_live(page, f"{site.url}/book/chapters/wages-on-wreck.html")
        kept = page.evaluate(
            """async () => {
              const found = {};
              for (const name of await caches.keys()) {
                if (!name.startsWith('lex-pages-') && !name.startsWith('lex-runtime-')) continue;
                const keys = await (await caches.open(name)).keys();
                found[name.split('-').slice(0, 2).join('-')] = keys.map(r => new URL(r.url).pathname.split('/').pop());
              }
              return found;
            }"""
        )
        assert "worker.js" in kept["lex-pages"] and "worker.js" not in kept["lex-runtime"]
        assert "pyodide.asm.wasm" in kept["lex-runtime"] and "pyodide.asm.wasm" not in kept["lex-pages"]
        assert not set(kept["lex-runtime"]) & set(live_runtime.SERVED)
    finally:
        context.close()

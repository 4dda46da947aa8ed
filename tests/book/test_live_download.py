"""The page's Python on a slow or broken link, in Debian's Chromium: real progress from the runtime's manifest, no
timer that fails a download still receiving bytes, a dropped connection carried on, a missing file and being offline
said at once with what to do (and a Try again that works once the link is back).

The site is served by a server of this module that sends the runtime slowly (``RATE`` bytes a second for the wasm)
and, when asked, cuts the wasm's first response after ``CUT`` bytes, as a phone's link does.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from http.server import SimpleHTTPRequestHandler
from pathlib import Path
from typing import ClassVar

import pytest
from conftest import serving
from playwright.sync_api import expect

pytestmark = [pytest.mark.book, pytest.mark.browser]
RATE = 3_000_000
"""Bytes a second the wasm is sent at: a few seconds of progress."""
CUT = 2_000_000
"""Where the first response for the wasm is cut when the server is told to drop it."""
LIVE_MS = 120_000


class SlowHandler(SimpleHTTPRequestHandler):
    """The built site; the runtime's wasm trickled at ``RATE``, its first response cut at ``CUT`` when ``drop``."""

    drop: ClassVar[dict[str, bool]] = {"armed": False}
    served: ClassVar[list[str]] = []

    def log_message(self, *args: object) -> None:
        pass

    def copyfile(self, source, outputfile) -> None:  # type: ignore[override]
        self.served.append(self.path)
        if not self.path.split("?")[0].endswith("pyodide.asm.wasm"):
            super().copyfile(source, outputfile)
            return
        sent, cut = 0, self.drop["armed"]
        self.drop["armed"] = False
        while chunk := source.read(64 * 1024):
            if cut and sent + len(chunk) > CUT:
                outputfile.write(chunk[: CUT - sent])
                outputfile.flush()
                self.close_connection = True
                self.connection.shutdown(2)  # the link drops mid-file
                return
            outputfile.write(chunk)
            sent += len(chunk)
            time.sleep(len(chunk) / RATE)


@pytest.fixture(scope="module")
def slow_site(built_site: Path) -> Iterator[str]:
    with serving(built_site, SlowHandler) as url:
        yield url


def manifest_total(built_site: Path) -> int:
    manifest = json.loads((built_site / "_static/live/runtime.json").read_text(encoding="utf-8"))
    return sum(manifest["bytes"].values())


def start_chapter(browser, url: str, width: int = 390):
    page = browser.new_page(viewport={"width": width, "height": 844})
    page.goto(f"{url}/book/chapters/wages-on-wreck.html")
    root = page.locator(".lm-calc").first
    root.locator("input[name='monthly_wage']").fill("72000")
    return page, root


def test_the_manifest_lists_the_runtimes_bytes(built_site: Path):
    live = built_site / "_static" / "live"
    manifest = json.loads((live / "runtime.json").read_text(encoding="utf-8"))
    for name in ("pyodide.asm.wasm", "python_stdlib.zip", "lex-live.zip"):
        assert manifest["bytes"][name] == (live / name).stat().st_size
        assert 0 < manifest["gzip"][name] < manifest["bytes"][name]


@pytest.mark.parametrize("width", [390, 1280])
def test_a_slow_download_shows_real_progress_and_is_never_failed_while_bytes_arrive(
    browser, slow_site, built_site, width
):
    page, root = start_chapter(browser, slow_site, width)
    status = root.locator(".lm-calc-status")
    expect(status).to_contain_text("Downloading Python for this page, once:", timeout=20_000)
    seen: list[int] = []
    while root.get_attribute("data-state") == "starting":
        received = page.evaluate("document.documentElement.dataset.lmRuntimeReceived")
        if received is not None:
            seen.append(int(received))
        assert "the book's example" in status.inner_text() or root.get_attribute("data-state") != "starting"
        time.sleep(0.3)
    expect(root).to_have_attribute("data-state", "live", timeout=LIVE_MS)
    assert len(set(seen)) >= 5, "progress moved in steps the reader could see"
    assert seen == sorted(seen) and max(seen) <= manifest_total(built_site)
    expect(root.locator("[data-result]")).to_have_attribute("data-live", "true")
    page.screenshot(path=str(built_site.parent / f"progress-{width}.png"))
    page.close()


def test_a_dropped_connection_is_carried_on(browser, slow_site, built_site):
    SlowHandler.drop["armed"] = True
    SlowHandler.served.clear()
    page, root = start_chapter(browser, slow_site)
    expect(root).to_have_attribute("data-state", "live", timeout=LIVE_MS)
    wasm = [p for p in SlowHandler.served if "pyodide.asm.wasm" in p]
    assert len(wasm) == 2, "asked once more after the cut"
    assert int(page.evaluate("document.documentElement.dataset.lmRuntimeReceived")) <= manifest_total(built_site)
    page.close()


def test_a_missing_file_is_said_at_once_with_what_to_do(browser, site_url):
    # the site's service worker fetches for the page, where page.route cannot answer: it is kept out here
    page = browser.new_page(viewport={"width": 390, "height": 844}, service_workers="block")
    page.route("**/_static/live/python_stdlib.zip*", lambda route: route.fulfill(status=404, body="not here"))
    page.goto(f"{site_url}/book/chapters/wages-on-wreck.html")
    root = page.locator(".lm-calc").first
    started = time.monotonic()
    root.locator("input[name='monthly_wage']").fill("72000")
    expect(root).to_have_attribute("data-state", "error", timeout=20_000)
    assert time.monotonic() - started < 20
    assert root.get_attribute("data-failure") == "missing"
    expect(root.locator(".lm-calc-status")).to_contain_text("python_stdlib.zip: HTTP 404")
    expect(root.locator(".lm-calc-status")).to_contain_text("tell the site's maintainers")
    assert root.locator(".lm-try-again").count() == 0
    page.close()


def test_offline_with_nothing_saved_is_said_at_once_and_try_again_works_online(browser, site_url):
    context = browser.new_context(viewport={"width": 390, "height": 844})
    context.add_init_script("window.IntersectionObserver = undefined")  # Python starts on the first touch only
    page = context.new_page()
    page.goto(f"{site_url}/book/chapters/wages-on-wreck.html")
    root = page.locator(".lm-calc").first
    context.set_offline(True)
    root.locator("input[name='monthly_wage']").fill("72000")
    expect(root).to_have_attribute("data-state", "error", timeout=20_000)
    assert root.get_attribute("data-failure") == "offline"
    expect(root.locator(".lm-calc-status")).to_contain_text("offline")
    expect(root.locator(".lm-calc-status")).to_contain_text("Connect to the internet and press Try again")
    context.set_offline(False)
    root.locator(".lm-try-again").click()
    expect(root).to_have_attribute("data-state", "live", timeout=LIVE_MS)
    expect(root.locator("[data-result]")).to_have_attribute("data-live", "true")
    context.close()

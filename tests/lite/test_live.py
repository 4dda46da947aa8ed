"""The live calculators in the built book, driven in Debian's Chromium: lazy loading, a live recompute that agrees
with ``widgets.evaluate``, nothing fetched from outside 127.0.0.1, and the static page without JavaScript or
WebAssembly.

The page is the wages-on-wreck chapter; its first calculator is ``pk-mso-2001/wages-on-wreck`` (s.161). Every request
is recorded twice: by Playwright (page, workers, service worker) and by a proxy that Chromium must use for anything
that is not loopback (``localsite.OutsideTrap``).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml
from localsite import CHROMIUM, LocalSite, OutsideTrap
from playwright.sync_api import Browser, Page, expect, sync_playwright

import widgets
from widgets.views import opening_facts

pytestmark = pytest.mark.browser

PROVISION = "pk-mso-2001/wages-on-wreck"
PAGE = "book/chapters/wages-on-wreck.html"
START_MS = 180_000
CHROMIUM_OWN = set(yaml.safe_load(Path(__file__).with_name("chromium_own_hosts.yaml").read_text(encoding="utf-8")))
TRAPPED_HOST = re.compile(r"^[A-Z]+ (?:https?://)?([^/:\s]+)")


@pytest.fixture(scope="module")
def served(live_site: Path) -> Iterator[tuple[LocalSite, OutsideTrap, Browser]]:
    with LocalSite(live_site) as site, OutsideTrap() as trap, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=trap.chromium_args())
        yield site, trap, browser
        browser.close()


def _recorded(page: Page) -> list[str]:
    urls: list[str] = []
    page.context.on("request", lambda request: urls.append(request.url))
    return urls


def _outside(urls: list[str], site: LocalSite) -> list[str]:
    return [u for u in urls if not u.startswith((site.url, "data:", "blob:", "about:"))]


def _trapped_from_the_book(trap: OutsideTrap) -> list[str]:
    """Outside requests the proxy refused, less Chromium's own (``chromium_own_hosts.yaml``)."""
    return [a for a in trap.attempts if (m := TRAPPED_HOST.match(a)) is None or m[1] not in CHROMIUM_OWN]


def _money(result: dict[str, Any], name: str) -> str:
    return widgets.format_money(result[name], result["currency"])


def test_run_live_recomputes_like_the_rules_without_leaving_localhost(
    served: tuple[LocalSite, OutsideTrap, Browser],
) -> None:
    site, trap, browser = served
    page = browser.new_page()
    urls = _recorded(page)
    page.goto(site.url + PAGE)
    bar = page.locator(".cell", has_text=f'calculator("{PROVISION}")').locator(".lm-live")
    expect(bar.get_by_role("button", name="Run live")).to_be_enabled()
    page.wait_for_load_state("networkidle")
    assert not [u for u in urls if "/lite/" in u], "the page fetched the lite site before any click"

    bar.get_by_role("button", name="Run live").click()
    expect(bar.locator(".lm-live-status")).to_contain_text("Starting Python")
    expect(bar.locator(".lm-live-status")).to_contain_text("Live:", timeout=START_MS)
    frame = page.frame_locator(".lm-live-frame")
    calculator = frame.locator(".lm-calculator")
    opening = widgets.evaluate(PROVISION, opening_facts(PROVISION))
    total = calculator.locator("tr", has=page.locator("th", has_text="total")).locator(".lm-amount")
    expect(total).to_have_text(_money(opening, "total"))

    wage = calculator.locator(".widget-inline-hbox", has_text="Monthly wage").locator("input")
    wage.fill("90000")
    wage.press("Enter")
    changed = widgets.evaluate(PROVISION, opening_facts(PROVISION, monthly_wage=90000))
    assert changed["total"] != opening["total"]
    expect(total).to_have_text(_money(changed, "total"))
    wages = calculator.locator("tr", has=page.locator("th", has_text="wages")).locator(".lm-amount").first
    expect(wages).to_have_text(_money(changed, "wages"))

    assert page.locator(".cell", has_text=f'calculator("{PROVISION}")').locator(".cell_output").is_hidden()
    assert _outside(urls, site) == []
    assert _trapped_from_the_book(trap) == []
    assert any(path.startswith("/lite/static/pyodide/pyodide.asm.wasm") for path, _ in site.requests)
    page.close()


def test_open_in_jupyterlab_links_the_pages_notebook(served: tuple[LocalSite, OutsideTrap, Browser]) -> None:
    site, _, browser = served
    page = browser.new_page()
    page.goto(site.url + PAGE)
    link = page.locator(".lm-live-lab").first
    href = link.get_attribute("href")
    assert href is not None and href.endswith("lite/lab/index.html?path=chapters/wages-on-wreck.ipynb")
    notebook = page.request.get(site.url + "lite/files/chapters/wages-on-wreck.ipynb")
    assert notebook.ok
    sources = ["".join(cell["source"]) for cell in notebook.json()["cells"]]
    assert "lex_maritima_live.use_exported_texts()" in sources[0]
    assert any(f'calculator("{PROVISION}")' in source for source in sources)
    page.close()


def test_without_webassembly_the_static_calculator_stays(served: tuple[LocalSite, OutsideTrap, Browser]) -> None:
    site, _, browser = served
    page = browser.new_page()
    page.add_init_script("delete globalThis.WebAssembly")
    urls = _recorded(page)
    page.goto(site.url + PAGE)
    bar = page.locator(".cell", has_text=f'calculator("{PROVISION}")').locator(".lm-live")
    expect(bar.get_by_role("button", name="Run live")).to_be_disabled()
    expect(bar.locator(".lm-live-status")).to_contain_text("needs WebAssembly")
    expect(page.locator(".cell", has_text=f'calculator("{PROVISION}")').locator(".lm-calculator")).to_be_visible()
    assert not [u for u in urls if "/lite/" in u]
    page.close()


def test_without_javascript_the_text_and_worked_examples_stay(
    served: tuple[LocalSite, OutsideTrap, Browser],
) -> None:
    site, _, browser = served
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    urls = _recorded(page)
    page.goto(site.url + PAGE)
    assert page.locator(".lm-live").count() == 0
    assert page.locator(".provision-quote", has_text="wreck").count() >= 1
    examples = page.locator("#worked-examples table")
    expect(examples).to_be_visible()
    built = widgets.evaluate(PROVISION, opening_facts(PROVISION, effects_lost_value=0))
    expect(examples).to_contain_text(_money(built, "total"))
    assert not [u for u in urls if "/lite/" in u]
    context.close()

"""Open in JupyterLab: the lite lab opens a chapter's notebook, runs all of it in the browser's Python (Pyodide)
and its calculator computes what ``widgets.evaluate`` computes natively, with nothing fetched from outside 127.0.0.1:
at desktop width from the book's own ``lite/``, at phone width from the same build placed deeper under another
edition's site.

The link the book's pages carry is ``<site root>/lite/lab/index.html?path=chapters/<chapter>.ipynb``. Every request
is recorded twice: by Playwright (page, workers, service worker) and by a proxy that Chromium must use for anything
that is not loopback (``localsite.OutsideTrap``).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml
from localsite import CHROMIUM, LocalSite, OutsideTrap
from playwright.sync_api import Browser, Page, expect, sync_playwright

import widgets
from widgets.views import opening_facts

pytestmark = pytest.mark.browser

PROVISION = "pk-mso-2001/wages-on-wreck"
CHAPTER = "wages-on-wreck"
KERNEL_MS = 180_000
CHROMIUM_OWN = set(yaml.safe_load(Path(__file__).with_name("chromium_own_hosts.yaml").read_text(encoding="utf-8")))
TRAPPED_HOST = re.compile(r"^[A-Z]+ (?:https?://)?([^/:\s]+)")
PLACES = {"lite/": "the book's lite/", "instructor/_build/html/lite/": "another edition's, deeper on the same host"}
VIEWPORTS = {"desktop": {"width": 1280, "height": 900}, "phone": {"width": 390, "height": 844}}
CASES = [("desktop", "lite/"), ("phone", "instructor/_build/html/lite/")]
"""Each width once and each place once (one lab run costs about 20 s of a 2-core machine)."""


@pytest.fixture(scope="module")
def served(
    lite_site: Path, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[tuple[LocalSite, OutsideTrap, Browser]]:
    """One build at each of ``PLACES`` (symbolic links to the same output), Chromium behind the trap."""
    root = tmp_path_factory.mktemp("served")
    for place in PLACES:
        link = root / place.rstrip("/")
        link.parent.mkdir(parents=True, exist_ok=True)
        link.symlink_to(lite_site, target_is_directory=True)
    with LocalSite(root) as site, OutsideTrap() as trap, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=trap.chromium_args())
        yield site, trap, browser
        browser.close()


def _money(result: dict, name: str) -> str:
    return widgets.format_money(result[name], result["currency"])


def _run_all(page: Page) -> None:
    status = page.locator(".jp-StatusBar-TextItem", has_text="Python (Pyodide)")
    expect(status).to_contain_text("Idle", timeout=KERNEL_MS)
    page.get_by_role("menuitem", name="Run", exact=True).click()
    page.get_by_role("menuitem", name="Run All Cells", exact=True).click()
    expect(status).to_contain_text("Busy")
    expect(status).to_contain_text("Idle", timeout=KERNEL_MS)


@pytest.mark.parametrize(("width", "place"), CASES, ids=[f"{w} at {PLACES[p]}" for w, p in CASES])
def test_the_lab_runs_the_chapter_and_its_calculator_computes_like_the_rules(
    served: tuple[LocalSite, OutsideTrap, Browser], lite_site: Path, width: str, place: str
) -> None:
    site, trap, browser = served
    context = browser.new_context(viewport=VIEWPORTS[width], is_mobile=width == "phone", has_touch=width == "phone")
    page = context.new_page()
    urls: list[str] = []
    context.on("request", lambda request: urls.append(request.url))
    trapped_before = len(trap.attempts)
    page.goto(f"{site.url}{place}lab/index.html?path=chapters/{CHAPTER}.ipynb")
    expect(page.get_by_role("tab", name=f"{CHAPTER}.ipynb")).to_be_visible(timeout=KERNEL_MS)
    _run_all(page)

    # Run All stops at the first cell that raises: the last code cell has run, so every cell before it ran cleanly.
    notebook = json.loads((lite_site / "files" / "chapters" / f"{CHAPTER}.ipynb").read_text(encoding="utf-8"))
    code = ["".join(c["source"]) for c in notebook["cells"] if c["cell_type"] == "code"]
    last = page.locator(".jp-CodeCell", has_text=code[-1].splitlines()[-1])
    last.scroll_into_view_if_needed()
    expect(last.locator(".jp-InputPrompt")).to_have_text(f"[{len(code)}]:")

    cell = page.locator(".jp-CodeCell", has_text=f'calculator("{PROVISION}")')
    cell.scroll_into_view_if_needed()
    calculator = cell.locator(".lm-calculator")
    total = calculator.locator("tr", has=page.locator("th", has_text="total")).locator(".lm-amount")
    opening = widgets.evaluate(PROVISION, opening_facts(PROVISION))
    expect(total).to_have_text(_money(opening, "total"))
    expect(calculator).to_contain_text("Monthly wage")

    wage = calculator.locator(".widget-inline-hbox", has_text="Monthly wage").locator("input")
    wage.fill("90000")
    wage.press("Enter")
    changed = widgets.evaluate(PROVISION, opening_facts(PROVISION, monthly_wage=90000))
    assert changed["total"] != opening["total"]
    expect(total).to_have_text(_money(changed, "total"))

    assert [u for u in urls if not u.startswith((site.url, "data:", "blob:", "about:"))] == []
    trapped = [
        a for a in trap.attempts[trapped_before:] if (m := TRAPPED_HOST.match(a)) is None or m[1] not in CHROMIUM_OWN
    ]
    assert trapped == []
    assert any(path.startswith(f"/{place}static/pyodide/pyodide.asm.wasm") for path, _ in site.requests)
    context.close()

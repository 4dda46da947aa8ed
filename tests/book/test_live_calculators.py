"""The calculators and what-if cells of every topic page, live in Debian's Chromium (playwright), at a phone's and a
desktop's width: the page's own Python (Pyodide in a Web Worker, lex_book/live/live_calculators.py) works out each edit
exactly as the rules do natively (``widgets.views.page.form_result``, same HTML), keeps facts typed while it starts,
clears the result for a bad fact, says at once when it cannot run, and sends no request outside 127.0.0.1 (every
other address goes to a proxy that refuses and records it: lite/localsite.py ``OutsideTrap``).

The contract outside checks rely on is asserted too: each calculator's root carries ``data-provision-id`` and
``data-state`` (static → starting → live, or error), its inputs are named by fact, its result region ``data-result``.
"""

from __future__ import annotations

import json
import re
import sys
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml
from conftest import cli_eval, form_of
from playwright.sync_api import Browser, Page, expect, sync_playwright

import widgets
from widgets.views.page import form_facts, form_result
from widgets.views.reader_links import link_from_pages

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "lite"))
from localsite import CHROMIUM, OutsideTrap  # noqa: E402

pytestmark = [pytest.mark.book, pytest.mark.browser]
CHAPTERS = ["wages-on-wreck", "desertion", "pilgrims", "load-lines", "comparative"]
WIDTHS = {"phone": 390, "desktop": 1280}
LIVE_MS = 90_000
"""The longest a first start may take on a loaded 2-core CI machine (measured 1-6 s: benchmarks/live.py)."""
CHROMIUM_OWN = set(yaml.safe_load((ROOT / "tests/lite/chromium_own_hosts.yaml").read_text(encoding="utf-8")))
TRAPPED_HOST = re.compile(r"^[A-Z]+ (?:https?://)?([^/:\s]+)")


@pytest.fixture(scope="module")
def trapped_browser() -> Iterator[tuple[Browser, OutsideTrap]]:
    with OutsideTrap() as trap, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=trap.chromium_args())
        yield browser, trap
        browser.close()


@pytest.fixture(scope="module")
def page_table(built_site: Path) -> dict:
    with zipfile.ZipFile(built_site / "_static/live/lex-live.zip") as bundle:
        return json.loads(bundle.read("reader_pages.json"))


def open_chapter(browser: Browser, site_url: str, chapter: str, width: int) -> tuple[Page, list[str]]:
    page = browser.new_page(viewport={"width": width, "height": 900})
    urls: list[str] = []
    page.context.on("request", lambda request: urls.append(request.url))
    page.goto(f"{site_url}/book/chapters/{chapter}.html")
    return page, urls


def an_edit(root, provision_id: str) -> tuple[str, str]:
    """A fact of the calculator to change and its new text: the first money, count or number field with a value
    (ten more, within its bounds), else a choice."""
    for fact in widgets.describe(provision_id)["facts"]:
        if fact["kind"] not in ("money", "count", "number"):
            continue
        current = root.locator(f"input[name='{fact['name']}']").input_value()
        if current and float(current) + 10 <= fact.get("maximum", float("inf")):
            return fact["name"], f"{float(current) + 10:g}"
    for fact in widgets.describe(provision_id)["facts"]:
        if fact["kind"] == "choice":
            current = root.locator(f"select[name='{fact['name']}']").input_value()
            return fact["name"], next(c for c in fact["choices"] if c != current)
    raise AssertionError(f"{provision_id}: nothing to change")


def change(root, name: str, text: str) -> None:
    control = root.locator(f"[name='{name}']").first
    if control.evaluate("el => el.tagName") == "SELECT":
        control.select_option(text)
    else:
        control.fill(text)


def as_browser_writes(page: Page, html: str) -> str:
    """``html`` as the browser serialises it (quotes, entities), to compare with an element's ``innerHTML``."""
    script = "h => { const t = document.createElement('template'); t.innerHTML = h; return t.innerHTML }"
    return page.evaluate(script, html)


def outside(urls: list[str], site_url: str, trap: OutsideTrap) -> list[str]:
    from_page = [u for u in urls if not u.startswith((site_url, "data:", "blob:", "about:"))]
    trapped = [a for a in trap.attempts if (m := TRAPPED_HOST.match(a)) is None or m[1] not in CHROMIUM_OWN]
    return from_page + trapped


@pytest.mark.parametrize("width", list(WIDTHS.values()), ids=list(WIDTHS))
@pytest.mark.parametrize("chapter", CHAPTERS)
def test_every_calculator_of_a_chapter_goes_live_and_recomputes_as_the_rules_do(
    trapped_browser, site_url, page_table, chapter, width
):
    browser, trap = trapped_browser
    page, urls = open_chapter(browser, site_url, chapter, width)
    roots = page.locator(".lm-calc[data-provision-id]")
    assert roots.count() >= 2
    seen = page.evaluate(
        "() => [...document.querySelectorAll('.lm-calc')].some(c => c.getBoundingClientRect().top < innerHeight)"
    )
    fetched = [u for u in urls if "/_static/live/pyodide" in u]
    assert seen or not fetched, "Python was fetched before a calculator came into view"
    link = link_from_pages(page_table, "book/chapters")
    for i in range(roots.count()):
        root = roots.nth(i)
        provision_id = root.get_attribute("data-provision-id")
        assert root.get_attribute("data-state") == "static"
        for fact in widgets.describe(provision_id)["facts"]:
            assert root.locator(f"[name='{fact['name']}']").count() >= 1, fact["name"]
        name, text = an_edit(root, provision_id)
        root.scroll_into_view_if_needed()
        change(root, name, text)
        expect(root).to_have_attribute("data-state", "live", timeout=LIVE_MS)
        result = root.locator("[data-result]")
        expect(result).to_have_attribute("data-live", "true")
        expected = form_result(provision_id, form_of(root), link)
        assert expected["problems"] == []
        assert result.inner_html() == as_browser_writes(page, expected["html"])
        assert page.evaluate("document.documentElement.scrollWidth") <= width
    assert outside(urls, site_url, trap) == []
    page.close()


def test_facts_typed_while_python_starts_are_kept_and_used(trapped_browser, site_url, page_table):
    browser, _ = trapped_browser
    page, _ = open_chapter(browser, site_url, "wages-on-wreck", 390)
    root = page.locator(".lm-calc[data-provision-id='pk-mso-2001/wages-on-wreck']")
    wage = root.locator("input[name='monthly_wage']")
    wage.fill("7")  # starts Python; the reader goes on typing before it is ready
    wage.press_sequentially("2000")
    root.locator("input[name='effects_lost_value']").fill("5,000")
    expect(root).to_have_attribute("data-state", "live", timeout=LIVE_MS)
    page.wait_for_timeout(300)  # the last edit's answer
    form = form_of(root)
    assert form["monthly_wage"] == "72000" and form["effects_lost_value"] == "5,000"
    expected = form_result("pk-mso-2001/wages-on-wreck", form, link_from_pages(page_table, "book/chapters"))
    expect(root.locator("[data-result]")).to_contain_text(widgets.format_money(72000, "PKR"))
    assert root.locator("[data-result]").inner_html() == as_browser_writes(page, expected["html"])
    page.close()


def test_a_bad_fact_shows_the_rules_message_beside_its_field_and_no_figure(trapped_browser, site_url):
    browser, _ = trapped_browser
    page, _ = open_chapter(browser, site_url, "wages-on-wreck", 390)
    root = page.locator(".lm-calc[data-provision-id='pk-mso-2001/wages-on-wreck']")
    root.locator("input[name='monthly_wage']").fill("72000")
    expect(root).to_have_attribute("data-state", "live", timeout=LIVE_MS)
    root.locator("input[name='arrived_return_port_on']").fill("2023-01-01")  # before service ended
    message = root.locator("[data-error-for='arrived_return_port_on']")
    expect(message).to_be_visible()
    expect(message).to_contain_text("before")
    expect(root.locator("[name='arrived_return_port_on']")).to_have_attribute("aria-invalid", "true")
    result = root.locator("[data-result]")
    expect(result.locator(".lm-error")).to_be_visible()
    assert result.locator(".lm-amounts").count() == 0 and "Rs" not in result.inner_text()
    root.locator("input[name='arrived_return_port_on']").fill("2024-03-20")
    expect(message).to_be_hidden()
    expect(result.locator(".lm-amounts")).to_be_visible()
    page.close()


def test_a_what_if_cell_runs_the_edited_code_in_the_same_python(trapped_browser, site_url, page_table):
    from widgets.views.live import run_cell

    browser, _ = trapped_browser
    page, _ = open_chapter(browser, site_url, "wages-on-wreck", 390)
    cell = page.locator(".lm-what-if").first
    source = 'ship_trade = "foreign-going"\noutcome("in-msb-2016/wages-on-wreck", ship_trade=ship_trade)'
    cell.locator("textarea").fill(source)
    cell.get_by_role("button", name="Run").click()
    expect(cell).to_have_attribute("data-state", "live", timeout=LIVE_MS)
    output = page.locator("div.cell.tag_what-if").first.locator(".cell_output")
    expect(output).to_have_attribute("data-live", "true")
    expected = run_cell(source, link_from_pages(page_table, "book/chapters"))["html"]
    assert output.inner_html() == as_browser_writes(page, expected)
    # the calculators of the page share that Python: no second start
    root = page.locator(".lm-calc").first
    root.locator("input[name='monthly_wage']").fill("70000")
    expect(root).to_have_attribute("data-state", "live", timeout=10_000)
    cell.locator("textarea").fill("undefined_name")
    cell.get_by_role("button", name="Run").click()
    expect(output.locator(".lm-cell-error")).to_contain_text("NameError")
    page.close()


def test_without_webassembly_the_page_says_so_at_once_and_keeps_the_books_result(trapped_browser, site_url):
    browser, _ = trapped_browser
    page = browser.new_page(viewport={"width": 390, "height": 900})
    page.add_init_script("delete globalThis.WebAssembly")
    page.goto(f"{site_url}/book/chapters/wages-on-wreck.html")
    root = page.locator(".lm-calc").first
    expect(root).to_have_attribute("data-state", "error", timeout=2_000)
    expect(root.locator(".lm-calc-status")).to_contain_text("WebAssembly")
    expect(root.locator(".lm-calc-status")).to_contain_text("the book's example")
    assert root.locator("[data-result] .lm-amounts").count() == 1
    page.close()


def test_when_the_runtime_cannot_be_fetched_the_page_says_so_within_seconds(trapped_browser, site_url):
    browser, _ = trapped_browser
    # the site's service worker fetches for the page, where page.route cannot answer: it is kept out here
    page = browser.new_page(viewport={"width": 390, "height": 900}, service_workers="block")
    page.route("**/_static/live/pyodide.asm.wasm*", lambda route: route.fulfill(status=404, body="not here"))
    page.goto(f"{site_url}/book/chapters/wages-on-wreck.html")
    root = page.locator(".lm-calc").first
    root.locator("input[name='monthly_wage']").fill("72000")
    expect(root).to_have_attribute("data-state", "error", timeout=20_000)
    expect(root.locator(".lm-calc-status")).to_contain_text("Python cannot run on this page")
    expect(root.locator("[data-result]")).to_have_class(re.compile(r"\blm-stale\b"))
    page.close()


@pytest.mark.parametrize("width", list(WIDTHS.values()), ids=list(WIDTHS))
@pytest.mark.parametrize("chapter", CHAPTERS)
def test_no_label_overlaps_its_control_and_nothing_is_cut(trapped_browser, site_url, chapter, width):
    """Issue 12, item 5: each label sits clear of its control; option labels wrap; the law panel is no scroll box."""
    browser, _ = trapped_browser
    page = browser.new_page(viewport={"width": width, "height": 900})
    page.goto(f"{site_url}/book/chapters/{chapter}.html")
    overlaps = page.evaluate(
        """() => {
          const bad = [];
          for (const field of document.querySelectorAll(".lm-calc .lm-field")) {
            const label = field.querySelector(":scope > label, :scope > legend");
            const control = field.querySelector("input:not([type=radio]):not([type=checkbox]), select, .lm-radios");
            if (!label || !control) continue;
            const a = label.getBoundingClientRect(), b = control.getBoundingClientRect();
            const apart = a.bottom <= b.top + 0.5 || b.bottom <= a.top + 0.5 || a.right <= b.left || b.right <= a.left;
            if (!apart) bad.push(field.dataset.fact);
            if (label.scrollWidth > label.clientWidth + 1) bad.push(field.dataset.fact + " (label cut)");
            const edge = field.closest(".lm-calc").getBoundingClientRect().right;
            if (b.right > edge + 0.5) bad.push(field.dataset.fact + " (past the edge)");
          }
          for (const law of document.querySelectorAll(".lm-law")) {
            const style = getComputedStyle(law);
            if (style.overflowY === "auto" || style.overflowY === "scroll") bad.push("law panel scrolls");
          }
          return bad;
        }"""
    )
    assert overlaps == []
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    page.close()


def test_the_chapter_page_loads_no_widget_bundle_and_links_to_jupyterlab(trapped_browser, site_url):
    browser, _ = trapped_browser
    page = browser.new_page(viewport={"width": 390, "height": 900})
    urls: list[str] = []
    page.on("request", lambda request: urls.append(request.url))
    page.goto(f"{site_url}/book/chapters/comparative.html", wait_until="networkidle")
    assert not [u for u in urls if "embed-amd" in u or "require.js" in u or "pyodide" in u]
    lab = page.locator(".lm-calc .lm-lab").first
    assert lab.get_attribute("href").endswith("/lite/lab/index.html?path=chapters/comparative.ipynb")
    page.close()


ACT_1958 = {
    "wages-on-wreck": "in-msa-1958/wages-on-wreck",
    "desertion": "in-msa-1958/desertion",
    "pilgrims": "in-msa-1958/pilgrim-refund",
    "load-lines": "in-msa-1958/load-line",
    "comparative": "in-msa-1958/wages-on-wreck",
}
"""The Merchant Shipping Act, 1958 calculator each chapter runs (issue 24)."""
SHOTS = Path(__file__).resolve().parents[1] / "output" / "browser"


def words(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.parametrize("width", list(WIDTHS.values()), ids=list(WIDTHS))
@pytest.mark.parametrize("chapter", list(ACT_1958))
def test_each_chapter_s_1958_calculator_goes_live_and_says_what_the_cli_says(trapped_browser, site_url, chapter, width):
    provision_id = ACT_1958[chapter]
    browser, trap = trapped_browser
    page, urls = open_chapter(browser, site_url, chapter, width)
    root = page.locator(f".lm-calc[data-provision-id='{provision_id}']")
    assert root.count() == 1
    assert root.get_attribute("data-state") == "static"
    root.scroll_into_view_if_needed()
    name, text = an_edit(root, provision_id)
    change(root, name, text)
    expect(root).to_have_attribute("data-state", "live", timeout=LIVE_MS)
    result = root.locator("[data-result]")
    expect(result).to_have_attribute("data-live", "true")
    page.wait_for_timeout(300)  # the edit's answer
    facts = form_facts(provision_id, form_of(root))
    assert facts[name] == pytest.approx(float(text))  # the page computed the edited fact, not the book's
    cli = cli_eval(provision_id, facts)
    shown = words(result.inner_text())
    for key, amount in widgets.formatted(cli).items():  # every amount the CLI gives, as the page writes money
        assert words(amount) in shown, (key, amount, shown[:400])
    for step in cli["steps"]:  # and every step, in its words
        assert words(step["text"]) in shown, step["text"]
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    if width == WIDTHS["phone"]:
        SHOTS.mkdir(parents=True, exist_ok=True)
        root.screenshot(path=str(SHOTS / f"{chapter}-1958-calculator-{width}.png"))
    assert outside(urls, site_url, trap) == []
    page.close()

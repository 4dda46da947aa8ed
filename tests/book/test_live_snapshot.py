"""Repeat visits from a memory snapshot of the page's Python, in Debian's Chromium with the pinned Pyodide (issue 26,
item 4).

The first visit starts Python as ever and, after its first result, makes a snapshot (Pyodide's
``makeMemorySnapshot``) kept in the Cache API under the digest of ``runtime.json`` (``worker.js``). The second visit
restores it and works out the same figures as ``python -m widgets eval``. A snapshot kept for another runtime is never
restored (and is deleted once this runtime's is kept); one that fails to restore is deleted and Python started as on a
first visit, with the right figures still.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest
from conftest import cli_eval, form_of
from playwright.sync_api import Page, expect

import widgets
from widgets.views.page import form_facts

pytestmark = [pytest.mark.book, pytest.mark.browser]
ROOT = Path(__file__).resolve().parents[2]
CHAPTER = "book/chapters/wages-on-wreck.html"
PROVISION = "pk-mso-2001/wages-on-wreck"
LIVE_MS = 120_000
CORRUPT = {
    "bad magic": "(bytes, size) => { bytes[Math.ceil(Math.ceil(size / 4096) / 8)] ^= 0xff; return bytes; }",
    "truncated": "(bytes, size) => bytes.subarray(0, bytes.length >> 1)",
    "a restore that never finished": None,
}
"""Ways a kept snapshot may be spoiled: the snapshot's own header (its first byte, after the map of the blocks kept:
``worker.js`` keeps a snapshot without its blocks of zeros), a write cut short; or its last restore may have hung or
crashed its worker (the marker ``worker.js`` keeps while one runs is still there)."""


def digest(built_site: Path, name: str = "runtime.json") -> str:
    return hashlib.sha256((built_site / "_static/live" / name).read_bytes()).hexdigest()[:16]


def visit(page: Page, url: str, wage: str) -> dict[str, str]:
    """Open the chapter, type ``wage``, wait for the live result; the root's dataset."""
    page.goto(f"{url}/{CHAPTER}")
    root = page.locator(f".lm-calc[data-provision-id='{PROVISION}']")
    root.locator("input[name='monthly_wage']").fill(wage)
    expect(root).to_have_attribute("data-state", "live", timeout=LIVE_MS)
    page.wait_for_timeout(300)  # the last edit's answer
    return page.evaluate("({...document.documentElement.dataset})")


def snapshot_kept(page: Page) -> str:
    page.wait_for_function("document.documentElement.dataset.lmSnapshot !== undefined", timeout=60_000)
    return page.evaluate("document.documentElement.dataset.lmSnapshot")


def says_what_the_cli_says(page: Page, wage: str) -> None:
    """The page's result holds every amount and step ``python -m widgets eval`` gives for the form's facts."""
    root = page.locator(f".lm-calc[data-provision-id='{PROVISION}']")
    form = form_of(root)
    facts = form_facts(PROVISION, form)
    assert facts["monthly_wage"] == pytest.approx(float(wage))
    cli = cli_eval(PROVISION, facts)
    shown = " ".join(root.locator("[data-result]").inner_text().split())
    amounts = widgets.formatted(cli)
    assert amounts
    for key, amount in amounts.items():
        assert " ".join(amount.split()) in shown, (key, amount)
    for step in cli["steps"]:
        assert " ".join(step["text"].split()) in shown, step["text"]


def cache_names(page: Page) -> list[str]:
    return page.evaluate("caches.keys()")


def test_the_second_visit_restores_the_snapshot_and_says_what_the_cli_says(browser, site_url, built_site):
    context = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        page = context.new_page()
        first = visit(page, site_url, "72000")
        assert first["lmRuntimeStart"] == "fresh"
        assert snapshot_kept(page).startswith("saved ")
        kept = f"lex-snapshot-{digest(built_site)}"
        assert kept in cache_names(page), "kept under the digest of runtime.json"
        entries = page.evaluate("async name => (await (await caches.open(name)).keys()).map(r => r.url)", kept)
        assert [e.rsplit("/", 1)[1] for e in entries] == [f"python-snapshot-{digest(built_site, 'worker.js')}.bin"]
        says_what_the_cli_says(page, "72000")
        page.close()

        page = context.new_page()
        second = visit(page, site_url, "81000")
        assert second["lmRuntimeStart"] == "snapshot"
        assert "lmSnapshotDiscarded" not in second
        says_what_the_cli_says(page, "81000")
        # the restored Python answers the next edits too, and its what-if cells run
        root = page.locator(f".lm-calc[data-provision-id='{PROVISION}']")
        root.locator("input[name='monthly_wage']").fill("90000")
        expect(root).to_have_attribute("data-state", "live", timeout=10_000)
        page.wait_for_timeout(300)
        says_what_the_cli_says(page, "90000")
        cell = page.locator(".lm-what-if").first
        cell.locator("textarea").fill('print("from the snapshot")')
        cell.get_by_role("button", name="Run").click()
        expect(cell).to_have_attribute("data-state", "live", timeout=10_000)
        expect(page.locator("div.cell.tag_what-if").first.locator(".cell_output")).to_contain_text("from the snapshot")
        page.close()
    finally:
        context.close()


def test_a_snapshot_of_another_runtime_is_never_restored_and_is_deleted(browser, site_url, built_site):
    context = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        page = context.new_page()
        visit(page, site_url, "72000")
        snapshot_kept(page)
        # this runtime's snapshot moved under another runtime's digest: what a browser holds after a new build
        other = "lex-snapshot-0123456789abcdef"
        page.evaluate(
            """async ([from, to]) => {
              const source = await caches.open(from);
              const [request] = await source.keys();
              const bytes = await (await source.match(request)).arrayBuffer();
              await (await caches.open(to)).put(request, new Response(bytes));
              await caches.delete(from);
            }""",
            [f"lex-snapshot-{digest(built_site)}", other],
        )
        page.close()
        page = context.new_page()
        second = visit(page, site_url, "81000")
        assert second["lmRuntimeStart"] == "fresh"
        says_what_the_cli_says(page, "81000")
        assert snapshot_kept(page).startswith("saved ")
        names = cache_names(page)
        assert f"lex-snapshot-{digest(built_site)}" in names
        assert other not in names
        page.close()
    finally:
        context.close()


@pytest.mark.parametrize("how", list(CORRUPT))
def test_a_snapshot_that_fails_to_restore_is_deleted_and_python_starts_as_before(browser, site_url, built_site, how):
    context = browser.new_context(viewport={"width": 390, "height": 844})
    kept = f"lex-snapshot-{digest(built_site)}"
    try:
        page = context.new_page()
        visit(page, site_url, "72000")
        snapshot_kept(page)
        page.evaluate(
            """async ([name, spoil]) => {
              const cache = await caches.open(name);
              const [request] = await cache.keys();
              if (spoil === null) {
                await cache.put(new URL("python-snapshot-restoring", request.url).href, new Response(""));
                return;
              }
              const kept = await cache.match(request);
              const bytes = new Uint8Array(await kept.arrayBuffer());
              const size = Number(kept.headers.get("X-Snapshot-Bytes"));
              await cache.put(request, new Response((0, eval)(spoil)(bytes, size), {headers: kept.headers}));
            }""",
            [kept, CORRUPT[how]],
        )
        page.close()
        page = context.new_page()
        second = visit(page, site_url, "81000")
        assert second["lmRuntimeStart"] == "fresh"
        assert second["lmSnapshotDiscarded"]
        says_what_the_cli_says(page, "81000")
        assert snapshot_kept(page).startswith("saved "), "a good snapshot in its place"
        page.close()
        page = context.new_page()
        assert visit(page, site_url, "90000")["lmRuntimeStart"] == "snapshot"
        says_what_the_cli_says(page, "90000")
        page.close()
    finally:
        context.close()

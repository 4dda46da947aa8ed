"""A whole statute printed from its contents page (issue 26, item 8; book/lex_book/reader/statute_print.py).

The print plan is checked against the corpus's page map on every document of the real corpus: every section page
once, in order, every Part and Chapter titled. In Debian's Chromium, on the small book over the fixture corpus served
under the site's strict Content-Security-Policy, at 390 px and 1280 px: "Print the whole Ordinance" gathers every
section of the Ordinance once, in the corpus's order, under its Parts' and Chapters' headings, with its schedule,
shows its progress, and prints (``window.print`` called once) with no form control, button or ¶ menu and with the
page's footer; a section's page answering 404, or no connection, says so and prints nothing; offline, a statute whose
pages were read prints from the service worker's cache.
"""

from __future__ import annotations

import functools
import threading
from collections.abc import Iterator
from http.server import ThreadingHTTPServer

import pytest
from conftest import fixture_corpus_in
from small_book import build
from test_fixture_build import make_book
from test_hosting import RECORD_VIOLATIONS, PolicyHandler
from test_print import CONTROLS, VISIBLE, toggles

import corpus
from corpus import page_map
from corpus.page_map import document_pages
from lex_book.reader import document_status
from lex_book.reader.statute_print import print_plan, sections_in_plan

ORDINANCE = "pk-mso-2001"
"""The fixture corpus's statute with Parts, Chapters, a cross-heading and a schedule."""

WATCH = """
window.__printed = 0;
window.print = () => { window.__printed += 1; };
window.__said = [];
document.addEventListener("DOMContentLoaded", () => {
  const status = document.querySelector(".lm-print-statute-status");
  if (status) new MutationObserver(() => window.__said.push(status.textContent)).observe(status,
    {childList: true, characterData: true, subtree: true});
});
"""
"""``window.print`` counted instead of opening the dialog, and every message of the control recorded."""


def test_the_plan_prints_every_section_once_in_the_corpus_order_under_its_parts(real_corpus):
    for doc in corpus.documents():
        pages = document_pages(doc.id)
        plan = print_plan(doc.id)
        assert sections_in_plan(plan) == [p.elements[0].get("eId") for p in pages.sections], doc.id
        headings = {entry["h"] for entry in plan if "h" in entry and not entry.get("c")}
        divisions = {page_map.division_title(p.elements[0]) for p in pages.pages if p.kind == "division"}
        assert divisions <= headings, doc.id
        others = [e["p"] for e in plan if e.get("k") in {"attachment", "provisions"}]
        assert others == [p.docname(doc.id) for p in pages.pages if p.kind in {"attachment", "provisions"}], doc.id
    # the 1880 Act's Chapter VII opens with a recital outside any section: printed from the Chapter's page
    recital = [e for e in print_plan("in-msa-1880") if "ids" in e]
    assert recital == [
        {"p": "book/reader/in-msa-1880/chapter-vii", "ids": ["chp_VII__hcontainer_1"], "l": 1, "k": "division"}
    ]
    assert "it is hereby further enacted" in corpus.load("in-msa-1880").xpath(
        "string(//*[@eId='chp_VII__hcontainer_1'])"
    )


@pytest.fixture(scope="module")
def statute_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, dict]]:
    """The small book over the fixture corpus, served with the site's security headers; its address and what the
    corpus says the Ordinance holds (section eIds in order, Part and Chapter titles, kinds of the documents)."""
    folder = tmp_path_factory.mktemp("print-statute")
    with fixture_corpus_in(folder / "akn"):
        result, site = build(make_book(folder))
        assert result == 0, result
        pages = document_pages(ORDINANCE)
        expected = {
            "sections": [p.elements[0].get("eId") for p in pages.sections],
            "divisions": [page_map.division_title(d) for p in pages.sections for d in p.trail],
            "section_pages": [f"{p.slug}.html" for p in pages.sections],
            "kinds": {d: document_status.kind_label(corpus.document(d)) for d in ("pk-mso-2001", "in-msb-2016",
                                                                                   "in-msa-1958")},
        }  # fmt: skip
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(PolicyHandler, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}", expected
    finally:
        server.shutdown()
        server.server_close()


def contents_page(browser, url: str, doc_id: str, width: int, service_workers: str = "block"):
    context = browser.new_context(viewport={"width": width, "height": 900}, service_workers=service_workers)
    context.add_init_script(RECORD_VIOLATIONS)
    context.add_init_script(WATCH)
    page = context.new_page()
    page.goto(f"{url}/book/reader/{doc_id}/index.html", wait_until="networkidle")
    return context, page


@pytest.mark.browser
@pytest.mark.parametrize("width", [390, 1280])
def test_the_whole_ordinance_prints_in_the_corpus_order(browser, statute_site, width):
    url, expected = statute_site
    context, page = contents_page(browser, url, ORDINANCE, width)
    try:
        button = page.get_by_role("button", name="Print the whole Ordinance")
        assert button.is_visible()
        size = page.locator(".lm-print-statute-size").inner_text()
        assert size.startswith(f"{len(expected['sections'])} sections and The Schedule, gathered from their pages")
        box = button.bounding_box()
        assert box is not None and box["height"] >= 24 and box["x"] + box["width"] <= width
        button.click()
        page.wait_for_function("() => window.__printed > 0", timeout=30_000)
        assert page.evaluate("window.__printed") == 1
        said = page.evaluate("window.__said")
        total = len(expected["sections"]) + 1  # and the schedule
        assert f"0 of {total} pages" in said[0]
        assert any(f"{total} of {total} pages" in s for s in said)
        ready = page.locator(".lm-print-statute-status").inner_text()
        assert (
            f"ready to print: {total} pages gathered in" in ready and "press “Print the whole Ordinance” again" in ready
        )
        assert page.locator("#lm-statute-print").is_hidden()  # on a screen: the contents page as it was
        asked: list[str] = []
        page.on("request", lambda request: asked.append(request.url))
        button.click()  # pressed again: printed at once, nothing fetched again
        page.wait_for_function("() => window.__printed > 1", timeout=5_000)
        assert [a for a in asked if a.endswith(".html")] == []
        assert page.locator("#lm-statute-print").count() == 1

        page.evaluate("window.dispatchEvent(new Event('beforeprint'))")
        page.emulate_media(media="print")
        printed = page.locator("#lm-statute-print")
        assert printed.is_visible()
        eids = printed.locator("section.lm-ps-section").evaluate_all("els => els.map(el => el.dataset.eid)")
        assert eids == expected["sections"]  # every section once, in the corpus's order
        for eid in expected["sections"]:  # each with its text, its heading first
            section = printed.locator(f"section[data-eid='{eid}']")
            assert section.locator(".lm-ps-title").is_visible()
            assert section.locator(f"[id^='{eid}__']").count() >= 1
        titles = printed.locator("h2.lm-ps-division, h3.lm-ps-division").all_inner_texts()
        assert titles == list(dict.fromkeys(expected["divisions"]))  # each Part and Chapter once, in order
        assert printed.locator(".lm-ps-crossheading").first.is_visible()
        assert printed.locator("section.lm-ps-attachment .lm-ps-title").inner_text() == "The Schedule"
        assert page.locator("section#contents").is_hidden()  # the list of contents gives way to the statute
        assert page.locator(".akn-preamble").is_visible()  # the preamble, from the contents page itself
        assert page.locator(".lm-status-line").is_visible()  # where the statute stands
        # nothing of a section's page that is not the law: no banner, breadcrumb, citation line or pager per section
        assert printed.locator(".lm-status, .akn-breadcrumb, .akn-cite-line, .akn-pager, #akn-work").count() == 0
        assert page.evaluate(VISIBLE, CONTROLS + ", a.akn-permalink, .akn-cite-menu, .lm-print-statute") == []
        assert toggles(page) == []
        footer = page.locator("footer.lm-print-footer")
        assert footer.is_visible()
        assert footer.locator(".lm-print-cite").inner_text() == "Merchant Shipping Ordinance, 2001"
        assert f"{url}/book/reader/{ORDINANCE}/index.html" in footer.inner_text()
        assert page.evaluate("window.__cspViolations") == []
        assert page.pdf(format="A4").startswith(b"%PDF")
    finally:
        context.close()


@pytest.mark.browser
def test_the_control_is_worded_for_the_kind_of_document(browser, statute_site):
    url, expected = statute_site
    for doc_id, kind in expected["kinds"].items():
        context, page = contents_page(browser, url, doc_id, 390)
        try:
            assert page.locator("button.lm-print-statute-button").inner_text() == f"Print the whole {kind}"
        finally:
            context.close()
    assert set(expected["kinds"].values()) == {"Act", "Bill", "Ordinance"}


@pytest.mark.browser
@pytest.mark.parametrize("width", [390, 1280])
@pytest.mark.parametrize("failure", ["404", "offline"])
def test_a_section_that_cannot_be_fetched_stops_the_print_and_says_so(browser, statute_site, width, failure):
    url, expected = statute_site
    context, page = contents_page(browser, url, ORDINANCE, width)
    missing = expected["section_pages"][-1]
    try:
        if failure == "404":
            page.route(f"**/{missing}", lambda route: route.fulfill(status=404, body="Not found"))
        else:
            context.set_offline(True)
        page.get_by_role("button", name="Print the whole Ordinance").click()
        status = page.locator(".lm-print-statute-status.lm-print-statute-failed")
        status.wait_for(timeout=30_000)
        message = status.inner_text()
        assert message.startswith("Nothing was printed: ")
        if failure == "404":
            assert f"{missing} could not be fetched (the site answered 404" in message
            assert "Reload this page and press “Print the whole Ordinance” again." in message
        else:
            named = message.removeprefix("Nothing was printed: ").split(" ")[0]  # whichever page failed first
            assert named in [*expected["section_pages"], "the-schedule.html"]
            assert f"{named} is not saved on this device, and there is no connection." in message
            assert "Connect to the internet and press “Print the whole Ordinance” again." in message
        assert message.endswith(f"Nothing is printed until all {len(expected['sections']) + 1} pages can be read.")
        assert status.get_attribute("role") == "alert"
        page.wait_for_timeout(300)
        assert page.evaluate("window.__printed") == 0
        assert page.locator("#lm-statute-print").count() == 0  # no partial statute left to print
        assert page.get_by_role("button", name="Print the whole Ordinance").is_enabled()  # it can be tried again
    finally:
        context.close()


@pytest.mark.browser
def test_offline_a_statute_whose_pages_were_read_prints_from_the_cache(browser, statute_site):
    url, expected = statute_site
    context, page = contents_page(browser, url, ORDINANCE, 390, service_workers="allow")
    try:
        page.wait_for_function("() => navigator.serviceWorker && navigator.serviceWorker.controller", timeout=20_000)
        for section in [*expected["section_pages"], "the-schedule.html"]:  # the reader reads every page once
            page.goto(f"{url}/book/reader/{ORDINANCE}/{section}", wait_until="networkidle")
        page.goto(f"{url}/book/reader/{ORDINANCE}/index.html", wait_until="networkidle")
        context.set_offline(True)
        page.get_by_role("button", name="Print the whole Ordinance").click()
        page.wait_for_function("() => window.__printed > 0", timeout=30_000)
        page.emulate_media(media="print")
        eids = page.locator("#lm-statute-print section.lm-ps-section").evaluate_all(
            "els => els.map(el => el.dataset.eid)"
        )
        assert eids == expected["sections"]
    finally:
        context.close()

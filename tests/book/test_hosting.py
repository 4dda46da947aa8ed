"""The built site served as a static host would serve it, with the Content-Security-Policy that the README's
deployment section proposes: chromium reports no violation of it on every kind of page the site has, and none of
their requests fails or answers 4xx/5xx.

The policy allows only the site itself, and no inline script: the themes' and extensions' inline scripts are files
of the site (book/lex_book/theme/inline_scripts.py), so an injected ``<script>`` or ``onclick`` does not run. The
two pages shown at any address (``404.html``, ``offline.html``) keep one fixed script each, allowed by its hash;
every inline script of the built site must be one the policy allows. Inline styles stay allowed (``style-src
'unsafe-inline'``): MathJax's output writes its fonts and layout into a ``<style>`` element as it typesets, and the
notebooks' outputs and the pages written without the theme (404, offline) carry ``style`` attributes or elements; a
style cannot run code. 'wasm-unsafe-eval' is the search's and the calculators' (Pagefind runs its index, and the
page's Python, Pyodide, runs, in WebAssembly); no 'unsafe-eval': nothing the site runs compiles strings as code. On
the chapter a calculator is made to go live under the policy (its Web Worker, the runtime's files).
``frame-ancestors 'self'`` lets the site frame its own pages."""

from __future__ import annotations

from collections.abc import Iterator
from http.server import SimpleHTTPRequestHandler
from pathlib import Path

import pytest
from conftest import FailedRequests, serving
from playwright.sync_api import expect
from test_hostile_titles import inline_handlers

from corpus import cite, page_map
from lex_book.theme.inline_scripts import inline_scripts, script_hash

pytestmark = [pytest.mark.book, pytest.mark.browser]

ROOT = Path(__file__).resolve().parents[2]

CONTENT_SECURITY_POLICY = (
    "default-src 'self'; "
    "script-src 'self' 'wasm-unsafe-eval' "
    "'sha256-XKNoFs23KmxLZG5STbzVw16TCOIxI8THNv325IB243Q=' 'sha256-waumUGJr2et2bZP6Ov2MKbDRr0UY4zwyYMLHNilhBdU='; "
    "style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; "
    "font-src 'self' data:; "
    "connect-src 'self'; "
    "worker-src 'self' blob:; "
    "object-src 'none'; "
    "base-uri 'self'; "
    "form-action 'self'; "
    "frame-ancestors 'self'"
)


class PolicyHandler(SimpleHTTPRequestHandler):
    """A static host: the files as they are, with the site's security headers."""

    def end_headers(self) -> None:
        self.send_header("Content-Security-Policy", CONTENT_SECURITY_POLICY)
        self.send_header("X-Content-Type-Options", "nosniff")
        super().end_headers()

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture(scope="module")
def hosted_url(built_site: Path) -> Iterator[str]:
    with serving(built_site, PolicyHandler) as url:
        yield url


def reader_page() -> str:
    docname, anchor = page_map.document_pages("pk-mso-2001").locate(cite("pk-mso-2001", "161").eid)
    return f"{docname}.html#{anchor}"


PAGES = {
    "landing": "index.html",  # the redirect to book/intro.html, as a host serves the site's root
    "intro": "book/intro.html",
    "chapter": "book/chapters/wages-on-wreck.html",
    "exercises": "book/chapters/desertion.html?variant=3",
    "instructors": "book/instructors.html",
    "comparisons": "book/comparisons/index.html",
    "comparison": "book/comparisons/in-ipa-1875-s-1-in-ipa-1908-s-1.html",
    "statute contents": "book/reader/pk-mso-2001/index.html",
    "reader": reader_page(),
    "glossary": "book/reader/glossary.html",
    "open data": "book/data.html",
    "search": "search.html?q=s.161",
    "general index": "genindex.html",
    "not found": "404.html",
    "offline": "offline.html",
}
"""Every kind of page the site has (the lab, ``lite/``, has its policy of its own: tests/lite/test_lab_policy.py)."""

RECORD_VIOLATIONS = """
window.__cspViolations = [];
document.addEventListener("securitypolicyviolation", (e) =>
  window.__cspViolations.push(`${e.violatedDirective}: ${e.blockedURI} (${e.sourceFile}:${e.lineNumber})`));
"""


@pytest.mark.parametrize("path", list(PAGES.values()), ids=list(PAGES))
def test_a_page_passes_the_content_security_policy_with_no_failed_request(browser, hosted_url, path):
    problems: list[str] = []
    context = browser.new_context(viewport={"width": 390, "height": 900})
    context.add_init_script(RECORD_VIOLATIONS)
    page = context.new_page()
    page.on("console", lambda m: "Content Security Policy" in m.text and problems.append(f"console: {m.text}"))
    requests = FailedRequests(page)
    try:
        response = page.goto(f"{hosted_url}/{path}", wait_until="networkidle")
        assert response is not None and response.headers["content-security-policy"] == CONTENT_SECURITY_POLICY
        if "chapters" in path:
            calculator = page.locator(".lm-calc").first
            calculator.locator("input[name='monthly_wage']").fill("72000")
            expect(calculator).to_have_attribute("data-state", "live", timeout=90_000)
        if "search.html" in path:
            page.locator("#lm-search-results li a").first.wait_for(timeout=20_000)
        if path == "index.html":
            page.wait_for_url("**/book/intro.html")
            page.locator("article").wait_for()
        page.wait_for_load_state("networkidle")
        page.wait_for_timeout(500)  # the icon, asked for after the load
        problems += [f"violation: {v}" for v in page.evaluate("window.__cspViolations")]
        problems += requests.problems()
    finally:
        context.close()
    assert problems == []


@pytest.mark.parametrize("path", list(PAGES.values()), ids=list(PAGES))
def test_a_page_has_no_inline_event_handler(built_site, path):
    """A policy that refuses inline scripts refuses ``onclick`` attributes: the site carries none."""
    text = (built_site / path.split("?")[0].split("#")[0]).read_text(encoding="utf-8")
    assert inline_handlers(text) == []


def test_every_inline_script_of_the_site_is_one_the_policy_allows_by_its_hash(built_site):
    """No page runs an inline script the policy refuses: the themes' are files of the site, and the two left (the
    404 and offline pages') are listed in the policy by their hashes."""
    refused = {}
    for page in sorted(built_site.rglob("*.html")):
        if page.relative_to(built_site).parts[0] == "lite":  # the lab: its own policy (tests/lite/test_lab_policy.py)
            continue
        for text in inline_scripts(page.read_text(encoding="utf-8")):
            if script_hash(text) not in CONTENT_SECURITY_POLICY:
                refused.setdefault(page.relative_to(built_site).as_posix(), text.strip()[:80])
    assert refused == {}


def test_the_readme_gives_the_sites_policy():
    readme = " ".join((ROOT / "README.md").read_text(encoding="utf-8").split())
    assert f"Content-Security-Policy: {CONTENT_SECURITY_POLICY}" in readme.replace("` `", " ")

"""The small book over the fixture corpus under the README's Content-Security-Policy (no ``'unsafe-inline'`` for
scripts; tests/book/test_hosting.py's, which checks the real book): every kind of page it has — the first page,
a statute's contents, a Part, a section, the glossary, a page quoting provisions, a notebook with a widget's output,
a page MathJax typesets, a chapter, the search, the general index, the 404 and offline pages — loads in chromium
with no violation and no failed request; an inline script put into a page is refused (the check can fail).
"""

from __future__ import annotations

import functools
import threading
from collections.abc import Iterator
from http.server import ThreadingHTTPServer
from pathlib import Path

import pytest
from conftest import FailedRequests
from small_book import build
from test_fixture_build import make_book
from test_hosting import CONTENT_SECURITY_POLICY, RECORD_VIOLATIONS, PolicyHandler

from lex_book.theme.inline_scripts import inline_scripts, script_hash

pytestmark = pytest.mark.browser

PAGES = {
    "landing": "index.html",
    "intro": "book/intro.html",
    "statute contents": "book/reader/pk-mso-2001/index.html",
    "part": "book/reader/pk-mso-2001/part-iv.html",
    "section": "book/reader/pk-mso-2001/section-161.html",
    "glossary": "book/reader/glossary.html",
    "quoting": "book/quoting.html",
    "widget output": "book/widget.html",
    "mathematics": "book/math.html",
    "chapter": "book/chapters/wages.html",
    "search": "search.html?q=s.161",
    "general index": "genindex.html",
    "not found": "404.html",
    "offline": "offline.html",
}


@pytest.fixture
def policy_site(fixture_corpus: Path, tmp_path: Path) -> Iterator[tuple[Path, str]]:
    """The small book built and served with the site's security headers: its folder and address."""
    result, site = build(make_book(tmp_path))
    assert result == 0, result
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(PolicyHandler, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield site, f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


def problems_of(browser, url: str) -> list[str]:
    problems: list[str] = []
    context = browser.new_context(viewport={"width": 390, "height": 900})
    context.add_init_script(RECORD_VIOLATIONS)
    page = context.new_page()
    requests = FailedRequests(page)
    try:
        response = page.goto(url, wait_until="networkidle")
        assert response is not None and response.headers["content-security-policy"] == CONTENT_SECURITY_POLICY
        if "search.html" in url:
            page.locator("#lm-search-results li a").first.wait_for(timeout=20_000)
        if "math.html" in url:
            page.locator("mjx-container").first.wait_for(timeout=20_000)  # typeset: MathJax ran under the policy
        page.wait_for_load_state("networkidle")
        page.wait_for_timeout(300)
        problems += [f"violation: {v}" for v in page.evaluate("window.__cspViolations")]
        problems += requests.problems()
    finally:
        context.close()
    return problems


def test_every_kind_of_page_loads_under_the_policy_with_no_violation(browser, policy_site):
    site, url = policy_site
    found = {kind: problems_of(browser, f"{url}/{path}") for kind, path in PAGES.items()}
    assert {kind: problems for kind, problems in found.items() if problems} == {}
    refused = [
        page.relative_to(site).as_posix()
        for page in site.rglob("*.html")
        if any(script_hash(text) not in CONTENT_SECURITY_POLICY for text in inline_scripts(page.read_text()))
    ]
    assert refused == []
    injected = site / "book" / "injected.html"
    injected.write_text((site / "book" / "intro.html").read_text().replace("</body>", "<script>1</script></body>"))
    assert any("script-src" in p for p in problems_of(browser, f"{url}/book/injected.html"))

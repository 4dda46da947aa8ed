"""Fixtures for the book's tests: a small corpus cut from the real sources, and the built site.

``fixture_corpus`` parses ``tests/book/fixtures/<doc-id>.txt`` (real lines of the sources in bluebell markup, with
the defs, terms, refs, remarks, table and attachments the reader must render) with bluebell, pins its identity as the
build does, and points :mod:`corpus` at it for the duration of a test.

``built_site`` is the real book in ``_build/html``: it is built once per session (``make book-vendor`` and
``jupyter-book build . --warningiserror --keep-going``) when it is missing or older than anything it is built from,
by one test process while the others wait (tests/sites.py).
"""

from __future__ import annotations

import contextlib
import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import quote, urldefrag

import pytest
from bluebell.parser import parse_to_xml_bytes

from corpus import amendments, catalogue, identity, page_map, xmlio
from corpus.cite import load as load_document
from lex_book.reader import akn_render
from tests import sites
from tests.chromium import CHROMIUM, FLAGS  # noqa: F401  (the browser tests import them from here)
from tests.serving import QuietHandler, serving  # noqa: F401  (likewise)

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = Path(__file__).resolve().parent / "fixtures"
SITE = sites.SITE


def clear_caches() -> None:
    """Forget every parsed document (the corpus's and the reader's caches)."""
    load_document.cache_clear()
    page_map.document_pages.cache_clear()
    akn_render.definitions.cache_clear()


def write_fixture_corpus(target: Path) -> None:
    """Parse every fixture markup file into ``target/<doc-id>.xml`` as the corpus build would (without linking)."""
    target.mkdir(parents=True, exist_ok=True)
    for path in sorted(FIXTURES.glob("*.txt")):
        doc = catalogue.document(path.stem)
        root = xmlio.parse_bytes(parse_to_xml_bytes(path.read_text(encoding="utf-8"), doc.kind, doc.frbr_uri))
        amendments.finish(root)  # an India Code Act's amended spans tied to their notes, as the build does
        identity.pin(root, doc)
        (target / f"{doc.id}.xml").write_bytes(xmlio.to_bytes(root))


@contextlib.contextmanager
def fixture_corpus_in(akn: Path) -> Iterator[Path]:
    """The fixture corpus written to ``akn`` and put in place of ``corpus/akn`` while the block runs."""
    write_fixture_corpus(akn)
    with pytest.MonkeyPatch.context() as monkeypatch:
        monkeypatch.setattr(catalogue, "AKN_DIR", akn)
        clear_caches()
        try:
            yield akn
        finally:
            clear_caches()


@pytest.fixture
def fixture_corpus(tmp_path: Path) -> Iterator[Path]:
    """The fixture corpus in place of ``corpus/akn``; yields its folder."""
    with fixture_corpus_in(tmp_path / "akn") as akn:
        yield akn


@pytest.fixture
def real_corpus() -> Iterator[None]:
    """The committed corpus (``corpus/akn``), with fresh caches."""
    clear_caches()
    yield
    clear_caches()


@pytest.fixture(scope="session")
def built_site() -> Path:
    """``_build/html``, (re)built if missing or stale, once for all test processes (tests/sites.py)."""
    sites.build_once(SITE, sites.STUDENT_COMMANDS)
    return SITE


# --- the built site in a real browser (Debian's chromium through playwright; never `playwright install`) ------


@pytest.fixture(scope="module")
def site_url(built_site: Path) -> Iterator[str]:
    """The built site served on a free port of 127.0.0.1 for the duration of the module."""
    with serving(built_site) as url:
        yield url


def form_of(root) -> dict[str, str]:
    """A calculator's form as the page's script reads it (``root``: the calculator's element handle)."""
    return root.evaluate(
        """root => {
          const values = {};
          for (const el of root.querySelector("form").elements) {
            if (!el.name) continue;
            if (el.type === "checkbox") values[el.name] = el.checked ? "true" : "false";
            else if (el.type === "radio") { if (el.checked) values[el.name] = el.value; }
            else values[el.name] = el.value;
          }
          return values;
        }"""
    )


class FailedRequests:
    """What a page asked for and did not get: a failed request, an answer of 4xx/5xx.

    A request chromium aborted is not by itself a failure: it reports every HEAD request as aborted (its answer has no
    body; the calculators' worker asks for its core files with HEAD), and a page that leaves (the landing page's
    refresh) aborts what it was still fetching (its icon). :meth:`problems` asks for each aborted one again: it must be
    served. Any other failure is one."""

    def __init__(self, page) -> None:
        self.page = page
        self.found: list[str] = []
        self.aborted: list[tuple[str, str]] = []
        page.on("requestfailed", self.failed)
        page.on("response", lambda r: r.status >= 400 and self.found.append(f"HTTP {r.status}: {r.url}"))

    def failed(self, request) -> None:
        if request.failure == "net::ERR_ABORTED":
            self.aborted.append((request.method, request.url))
        else:
            self.found.append(f"failed: {request.url} ({request.failure})")

    def problems(self) -> list[str]:
        """The failures so far, the aborted requests asked for again (call it before the page closes)."""
        found = list(self.found)
        for method, url in self.aborted:
            again = self.page.context.request.fetch(url, method=method)
            if again.status >= 400:
                found.append(f"failed: {method} {url} (aborted; asked again: HTTP {again.status})")
        return found


def search_results(page, site_url: str, query: str) -> list[tuple[str, str]]:
    """The search page's results for ``query`` in ``page``: (absolute URL, link text), best first."""
    page.goto(f"{site_url}/search.html?q={quote(query)}")
    page.wait_for_function(
        "/^(Results|Nothing)/.test(document.getElementById('lm-search-status').textContent)", timeout=20_000
    )
    found = page.eval_on_selector_all(
        "#lm-search-results li > a", "links => links.map(a => [a.href, a.textContent.trim()])"
    )
    return [tuple(r) for r in found]


def shows_provision(page, url: str, eid: str) -> bool:
    """Following ``url`` in ``page`` shows the provision ``eid``: its element is the link's target or holds it."""
    page.goto(url)
    target = urldefrag(url).fragment
    return page.evaluate(
        "([eid, target]) => { const el = document.getElementById(eid);"
        " const t = target && document.getElementById(target);"
        " return !!el && (!target || t === el || el.contains(t) || t.contains(el)); }",
        [eid, target],
    )


def cli_eval(provision_id: str, facts: dict) -> dict:
    """What ``python -m widgets eval`` answers for ``facts``: the command a check written from the Act calls."""
    run = subprocess.run(
        [sys.executable, "-m", "widgets", "eval", provision_id],
        input=json.dumps(facts),
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
    )
    return json.loads(run.stdout)

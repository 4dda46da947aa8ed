"""A catalogue whose titles hold markup builds a site where none of it runs: the small book of the fixture corpus
(tests/book/test_fixture_build.py) with every ``title`` and ``short_title`` of the catalogue made hostile, each of its
pages opened in chromium. The theme printed the page's title as plain text, unescaped, in its print header (issue 27,
item 5); no page may carry an inline event handler either, so that a policy without ``'unsafe-inline'`` holds."""

from __future__ import annotations

import functools
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
import yaml
from jupyter_book.sphinx import build_sphinx
from lxml import html as lxml_html
from playwright.sync_api import Error as PlaywrightError
from test_fixture_build import make_book

from corpus import catalogue

ROOT = Path(__file__).resolve().parents[2]
pytestmark = [pytest.mark.book, pytest.mark.browser]

HOSTILE = '<img src=x onerror="window.__lmRan=(window.__lmRan||0)+1"><script>window.__lmRan=99</script>'


def inline_handlers(text: str) -> list[str]:
    """The ``on…`` attributes of a page's elements (an HTML parser's reading, not a pattern over the text)."""
    tree = lxml_html.document_fromstring(text)
    return [f"{el.tag} {name}" for el in tree.iter() if isinstance(el.tag, str) for name in el.attrib
            if name.lower().startswith("on")]  # fmt: skip


class Quiet(SimpleHTTPRequestHandler):
    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture
def hostile_site(fixture_corpus, tmp_path, monkeypatch) -> Path:
    sources = tmp_path / "sources"
    sources.mkdir()
    for path in catalogue.SOURCES_DIR.iterdir():  # the verbatim sources as they are, beside a hostile catalogue
        (sources / path.name).symlink_to(path)
    data = yaml.safe_load(catalogue.CATALOGUE_FILE.read_text(encoding="utf-8"))
    fixtures = {p.stem for p in fixture_corpus.glob("*.xml")}
    for path in (ROOT / "corpus" / "akn").glob("*.xml"):  # the documents the fixture corpus lacks, as committed
        if not (fixture_corpus / path.name).exists():
            (fixture_corpus / path.name).symlink_to(path)
    for entry in data["documents"]:
        entry["title"] = f"{HOSTILE} {entry['title']}"
        entry["short_title"] = f"{HOSTILE} {entry['short_title']}"
    (sources / "catalogue.yaml").unlink()
    (sources / "catalogue.yaml").write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    monkeypatch.setattr(catalogue, "CATALOGUE_FILE", sources / "catalogue.yaml")
    catalogue.documents.cache_clear()
    assert HOSTILE in catalogue.document("pk-mso-2001").title
    book = make_book(tmp_path)  # the fixture corpus's documents only
    config_file = book / "_config.yml"
    config = yaml.safe_load(config_file.read_text(encoding="utf-8"))
    config["sphinx"]["config"]["statute_reader_documents"] = sorted(fixtures)
    config_file.write_text(yaml.safe_dump(config), encoding="utf-8")
    out = book / "_build" / "html"
    try:  # as small_book.build, but a link to a document the fixture corpus lacks is a warning, not an error
        result = build_sphinx(
            str(book), str(out), noconfig=True, path_config=str(config_file),
            confoverrides={"external_toc_path": str(book / "_toc.yml"), "latex_individualpages": False},
            warningiserror=False, really_quiet=True,
        )  # fmt: skip
    finally:
        catalogue.documents.cache_clear()
    assert result == 0, result
    return out


def test_hostile_catalogue_titles_run_nowhere_and_no_page_has_an_inline_handler(hostile_site, browser):
    pages = sorted(p.relative_to(hostile_site).as_posix() for p in hostile_site.rglob("*.html"))
    reader = [p for p in pages if p.startswith("book/reader/")]
    assert len(reader) >= 10
    shown = 0
    for name in pages:
        text = (hostile_site / name).read_text(encoding="utf-8")
        assert inline_handlers(text) == [], name
        shown += "window.__lmRan" in text  # the title is on the page, as text
    assert shown >= 10
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(hostile_site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    context = browser.new_context()
    page = context.new_page()
    ran = {}
    redirects = 0
    try:
        for name in pages:
            try:  # a page that sends the reader on (the landing page, an FRBR address) is left for where it lands,
                # one of the pages too
                page.goto(f"http://127.0.0.1:{server.server_address[1]}/{name}", wait_until="load")
                page.wait_for_timeout(50)
                count = page.evaluate("window.__lmRan || 0")
            except PlaywrightError:
                redirects += 1
                continue
            if count:
                ran[name] = count
    finally:
        context.close()
        server.shutdown()
        server.server_close()
    assert ran == {}
    assert redirects < len(pages) / 2  # most pages were opened and checked

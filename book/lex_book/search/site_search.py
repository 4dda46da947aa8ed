"""the book's search, a Pagefind index of the statutes from the corpus and of the written pages, that knows citations.

Pagefind (npm ``pagefind``; its Rust indexer ships inside the platform package ``@pagefind/<os>-<cpu>``, so
``npm ci --ignore-scripts`` installs it) indexes HTML and writes an index that the browser loads in small chunks: the
words a query needs, then the fragments of the results it shows. After every HTML build (``build-finished``, so each
edition gets its own; skipped when the index there was made of the same statutes, pages and code)
``site_search_index.mjs`` writes the index into ``<outdir>/pagefind/`` from two sources, and nothing here reads the
HTML the build wrote:

* the statutes, from the corpus (:func:`statute_records`): the reader's pages of each document the book shows, as
  :mod:`corpus.page_map` cuts it, one record per section page, addressed ``page.html#EID`` (the section's anchor) and
  titled by its citation and heading ("s. 161. Wages on termination of service …", :mod:`corpus.cite`), its text the
  section's lines (:func:`corpus.plain_text.element_lines`: the law and its editorial corrections, never the notes
  beside it); one record for each other reader page (contents, Part or Chapter, attachments, loose provisions), its
  words weighted low. Each section record carries the filters ``statute`` (the document's id) and ``section`` (its
  number), a sort key in the order of the book, its numbered sub-provisions (meta ``parts``, from their citations,
  so that "s.161(1)(a)" lands on that paragraph), and the statute's names (short title, country, the parts of its id
  such as ``msb``) as words of low weight, so that "69 msb" finds s.69 of the Merchant Shipping Bill and
  "s.141 1958" s.141 of the 1958 Act;
* every other page (the topic chapters, comparisons, glossary, instructors' page), as Pagefind reads a page: the
  build marks what it holds where it renders it (:func:`mark_body`, at ``html-page-context``: its body inside
  ``data-pagefind-body``, its title as ``data-pagefind-meta``), and Pagefind leaves out a page without that mark (the
  landing page, the search page, redirects) and, inside it, what :data:`EXCLUDED` names.

The search page (``templates/search.html``, script ``static/site_search.js``) reads a citation out of the query
("161", "s.161", "s 161", "section 161 pakistan", "cl. 69 msb"): the sections of that number come first (those whose
record also holds the query's other words, else all of them in the book's order), then the word results.
``search.html?q=QUERY`` shows the results as links, best first. Opened from the file system (``file://``), where a
browser loads neither the script nor the index, the page says that the search needs the site served, and how.

The theme's search button and field send the query to ``search.html``; ``site_theme.py`` leaves out the
scripts pydata-sphinx-theme puts in every page's head for Sphinx's own search (``searchtools.js``,
``language_data.js``), and the builder (:class:`PagefindSiteBuilder`) writes no Sphinx ``searchindex.js``.
"""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import subprocess
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from html import escape
from importlib import import_module
from pathlib import Path
from typing import Any

from docutils import nodes
from lxml import etree
from sphinx.application import Sphinx
from sphinx.config import Config
from sphinx.util import logging

import corpus
from corpus import page_map
from corpus.cite import citation_of
from corpus.page_map import Page
from corpus.plain_text import element_lines
from corpus.vocabulary import GROUPS, NUMBERED_LEVELS
from corpus.xmlio import local_name
from lex_book.open_data.open_data import ADDRESS_DIR, DATA_DIR
from lex_book.paths import NODE_MODULES
from lex_book.reader.statute_reader import reader_documents
from lex_book.speed import site_memo
from lex_book.speed.build_cache import CACHE_DIR
from lex_book.speed.complete_build import AtomicPagesBuilder, site_files

logger = logging.getLogger(__name__)

HERE = Path(__file__).resolve().parent
TEMPLATES = HERE / "templates"
STATIC = HERE / "static"
INDEXER = HERE / "site_search_index.mjs"
INDEX_DIR = "pagefind"
"""The index's folder in the built site (Pagefind's own name, which ``site_search.js`` imports from)."""

READER = f"{page_map.READER_DIR}/"
NOT_PAGES = ("_static/", "_sources/", "_images/", "lite/", f"{INDEX_DIR}/", f"{DATA_DIR}/", f"{ADDRESS_DIR}/")
NOT_PAGE_FOLDERS = tuple(folder.rstrip("/") for folder in NOT_PAGES)
"""Folders of the built site that hold no page of the book: assets, the lab, the index itself, the open data and the
FRBR addresses' redirect pages (13,000 files Pagefind would read only to leave out)."""
EXCLUDED = ("h1", "button", "dialog", ".headerlink", ".cell_input")
"""What Pagefind leaves out of a marked page besides its own list (``script``, ``nav``, ``form``, ``label``,
``footer`` …) and ``data-pagefind-ignore``: the page's title (its words are the marked title's, weighted
:data:`TITLE_WEIGHT`), buttons and dialogs (no words of the page), and two marks of the book's tools, not of this
project: Sphinx's permalink sign (``a.headerlink``) and myst-nb's code cells' source (``div.cell_input``; their
outputs stay)."""
PARENTHESES = re.compile(r"(?:\([0-9A-Za-z]+\))+")

TITLE_WEIGHT = "10"
"""A page's own title (Pagefind's weights run from 0 to 10; a paragraph is 1, an ``<h1>`` 7 by default), so that a
topic's word finds its chapter before the sections that use it."""
SECTION_TITLE_WEIGHT = "7"
"""A section's title, and a reader page's."""
LOW_WEIGHT = "0.5"
"""The statute's names on each of its sections, and the words of a reader page that is not a section's."""


@dataclass(frozen=True)
class Statute:
    id: str
    short_title: str
    country: str
    order: int

    @property
    def names(self) -> str:
        """The words a reader may use for the statute: "Merchant Shipping Bill, 2016 India in msb 2016"."""
        return " ".join([self.short_title, self.country, *self.id.split("-")])


@dataclass(frozen=True)
class Record:
    """One search result: the URL (relative to the site's root) a reader lands on and the HTML Pagefind indexes."""

    url: str
    html: str


def statutes() -> dict[str, Statute]:
    return {
        doc.id: Statute(doc.id, doc.short_title, doc.country, order) for order, doc in enumerate(corpus.documents())
    }


def sort_key(statute: Statute, number: str) -> str:
    """The book's order: the statutes as the catalogue lists them, then the sections by number ("00" "00161" "a")."""
    digits = number[: len(number) - len(number.lstrip("0123456789"))]
    return f"{statute.order:02d}{int(digits or 0):05d}{number[len(digits) :].lower()}"


def numbered_parts(section: etree._Element, citation: str) -> str:
    """The section's numbered sub-provisions as "(1)=__subsec_1 (1)(a)=__subsec_1__para_a …": what each one's
    citation adds to the section's ("s. 161" → "s. 161(1)(a)"), then its eId's tail after the section's (what the
    search page appends to the section's address to land on "s.161(1)(a)")."""
    eid = section.get("eId", "")
    parts: dict[str, str] = {}
    for element in section.iter(*(f"{{*}}{name}" for name in NUMBERED_LEVELS)):
        own = element.get("eId", "")
        tail = citation_of(element).removeprefix(citation)
        if own.startswith(f"{eid}__") and PARENTHESES.fullmatch(tail):
            parts.setdefault(tail.lower(), own.removeprefix(eid))  # an unnumbered list cites as its parent: the first
    return " ".join(f"{key}={tail}" for key, tail in parts.items())


def _record(url: str, title: str, body: str, attributes: Iterable[tuple[str, str]]) -> Record:
    markers = "".join(f'<span {attribute}="{escape(value)}"></span>' for attribute, value in attributes)
    return Record(
        url,
        f'<html lang="en"><body><div data-pagefind-body>{markers}'
        f'<h2 data-pagefind-meta="title" data-pagefind-weight="{SECTION_TITLE_WEIGHT}">{escape(title)}</h2>'
        f"{body}</div></body></html>",
    )


def _paragraphs(lines: Iterable[str], weight: str | None = None) -> str:
    weighted = f' data-pagefind-weight="{weight}"' if weight else ""
    return "".join(f"<p{weighted}>{escape(line)}</p>" for line in lines if line)


def _outline(page: Page) -> list[str]:
    """A contents page's or a division's words outside its sections' pages: the titles of what it lists."""
    if page.kind == "contents":
        return element_lines(page.elements)
    lines = []
    for element in page.elements[0].iterdescendants():
        name = local_name(element)
        if name in GROUPS:
            lines.append(page_map.division_title(element))
        elif name == "section":
            lines.append(page_map.section_title(element))
        elif name == "crossHeading":
            lines.append(page_map.text_of(element, remarks=False))
    return lines


def _section_record(pages: page_map.DocumentPages, page: Page, statute: Statute) -> Record | None:
    section = page.elements[0]
    eid = section.get("eId", "")
    located = pages.locate(eid)
    citation = citation_of(section)  # "s. 161"
    number = "".join(c for c in citation.removeprefix("s. ") if c.isalnum()).lower()
    if located is None or not number:
        return None
    docname, anchor = located
    heading = page_map.text_of(page_map.child(section, "heading"), remarks=False)
    title = f"{citation}. {heading}" if heading else citation
    lines = element_lines(c for c in section if local_name(c) not in {"num", "heading"})
    attributes = [
        ("data-pagefind-filter", f"statute:{statute.id}"),
        ("data-pagefind-filter", f"section:{number}"),
        ("data-pagefind-meta", f"statute:{statute.short_title}"),
        ("data-pagefind-sort", f"order:{sort_key(statute, number)}"),
        ("data-pagefind-meta", f"parts:{numbered_parts(section, citation)}"),
    ]
    # the names last: an excerpt without the query's words starts with the law
    body = _paragraphs(lines) + _paragraphs([statute.names], LOW_WEIGHT)
    return _record(f"{docname}.html#{anchor}", title, body, attributes)


def statute_records(doc_id: str, statute: Statute) -> list[Record]:
    """The records of the reader's pages of ``doc_id``, from the corpus: one per section page (at the section), one
    for the contents page and for each other page with words of its own (its titles, its provisions: a Part's
    sections are on their own pages), in the order of the pages."""
    pages = page_map.document_pages(doc_id)
    records = []
    for page in pages.pages:
        if page.kind == "section":
            record = _section_record(pages, page, statute)
        else:
            lines = _outline(page) if page.kind in ("contents", "division") else element_lines(page.elements)
            attributes = [
                ("data-pagefind-filter", f"statute:{statute.id}"),
                ("data-pagefind-meta", f"statute:{statute.short_title}"),
            ]
            body = _paragraphs([*lines, statute.names], LOW_WEIGHT)
            kept = lines or page.kind == "contents"  # the statute's own page is found by its title, even bare
            record = _record(f"{page.docname(doc_id)}.html", page.title, body, attributes) if kept else None
        if record is not None:
            records.append(record)
    return records


def is_page(url: str, doc_ids: Sequence[str]) -> bool:
    """Whether the site's file ``url`` is a built page Pagefind reads: an HTML file, not a reader's page of ``doc_ids``
    (their records are the corpus's) nor in the folders of :data:`NOT_PAGES`."""
    reader = tuple(f"{READER}{doc_id}/" for doc_id in doc_ids)
    return url.endswith(".html") and not url.startswith(NOT_PAGES + reader)


def page_files(outdir: Path, doc_ids: Sequence[str]) -> Iterator[tuple[str, str]]:
    """The built pages Pagefind reads (:func:`is_page`), as (URL relative to the site's root, HTML), in the order of
    their paths. Pagefind keeps those whose body the build marked (:func:`mark_body`)."""
    for url in sorted(site_files(outdir, leave_out=NOT_PAGE_FOLDERS)):
        if is_page(url, doc_ids):
            yield url, (outdir / url).read_text(encoding="utf-8")


def mark_body(app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any) -> None:
    """At ``html-page-context``: what a page of the book holds (``body``, inside the theme's article) is what the
    search indexes of it (``data-pagefind-body``), under the page's title (``data-pagefind-meta``: a hidden copy of
    its heading, weighted :data:`TITLE_WEIGHT`, which stands for the heading, left out by :data:`EXCLUDED`); not the
    reader's pages of the statutes (their records come from the corpus), nor a page without a document (the search
    page, the index)."""
    if doctree is None or not isinstance(context.get("body"), str):
        return
    if pagename.startswith(tuple(f"{READER}{doc_id}/" for doc_id in reader_documents(app.config))):
        return
    heading = next(iter(doctree.findall(nodes.title)), None)
    title = escape(heading.astext() if heading is not None else "")
    context["body"] = (
        f'<div data-pagefind-body><span hidden data-pagefind-meta="title" data-pagefind-weight="{TITLE_WEIGHT}">'
        f"{title}</span>"
        f"{context['body']}</div>"
    )


def write_index(
    records: Iterable[Record], pages: Iterable[tuple[str, str]], target: Path, node_modules: Path
) -> dict[str, Any]:
    """Pagefind's index of ``records`` and of the built ``pages`` written into ``target`` (replaced); returns the
    indexer's report."""
    node = shutil.which("node")
    if node is None or not (node_modules / "pagefind").is_dir():
        raise RuntimeError(f"the search index needs node and npm's pagefind in {node_modules} (npm ci)")
    payload = json.dumps(
        {
            "output": str(target),
            "exclude": list(EXCLUDED),
            "records": [r.__dict__ for r in records],
            "pages": [{"url": url, "html": html} for url, html in pages],
        }
    )
    shutil.rmtree(target, ignore_errors=True)  # the fragments' names are hashes: an old index would pile up
    run = subprocess.run([node, str(INDEXER)], input=payload, capture_output=True, text=True, cwd=node_modules.parent)
    if run.returncode != 0:
        raise RuntimeError(f"the search indexer failed: {run.stderr[-2000:] or run.stdout[-2000:]}")
    return json.loads(run.stdout)


CODE = (
    Path(__file__),
    INDEXER,
    NODE_MODULES / "pagefind" / "package.json",
    *(Path(import_module(f"corpus.{name}").__file__ or "") for name in ("page_map", "cite", "plain_text", "catalogue")),
)
"""What the index is made with besides the pages and the corpus: a change of one of them makes a new index."""


def code_digest() -> str:
    """SHA-256 of the bytes of :data:`CODE`."""
    digest = hashlib.sha256()
    for path in CODE:
        digest.update(path.read_bytes())
    return digest.hexdigest()


def index_inputs(app: Sphinx, doc_ids: Sequence[str], code: str) -> str:
    """A digest of everything the index is made of: :data:`CODE` (``code``: :func:`code_digest`), each statute's AKN
    and catalogue entry, and the bytes of each page Pagefind reads (a page's bytes read again only when it was
    written since the last build: :mod:`lex_book.speed.site_memo`)."""
    outdir = Path(app.outdir)
    listed = site_files(outdir, leave_out=NOT_PAGE_FOLDERS)
    pages = {url: stamp for url, stamp in listed.items() if is_page(url, doc_ids)}
    known = statutes()
    digest = hashlib.sha256(code.encode())
    for doc_id in doc_ids:
        digest.update(corpus.document(doc_id).akn_path.read_bytes() + repr(known[doc_id]).encode())
    digest.update(
        json.dumps(
            site_memo.learnt(outdir, pages, site_memo.sha256, site_memo.store(app, "search-pages"), "sha256"),
            sort_keys=True,
        ).encode()
    )
    return digest.hexdigest()


def corpus_records(doc_ids: Sequence[str], cache: dict[str, list[Any]]) -> list[Record]:
    """The records of the statutes ``doc_ids``, in the book's order. ``cache`` (``{doc_id: [digest of its AKN and
    catalogue entry, records]}``, updated in place) spares reading again a document that did not change."""
    known = statutes()
    records = []
    for doc_id in sorted(doc_ids, key=lambda d: known[d].order):
        statute = known[doc_id]
        digest = hashlib.sha256(corpus.document(doc_id).akn_path.read_bytes() + repr(statute).encode()).hexdigest()
        if doc_id not in cache or cache[doc_id][0] != digest:
            cache[doc_id] = [digest, [r.__dict__ for r in statute_records(doc_id, statute)]]
        records += [Record(**r) for r in cache[doc_id][1]]
    return records


def add_templates_and_static(app: Sphinx, config: Config) -> None:
    config.templates_path.append(str(TEMPLATES))
    config.html_static_path.append(str(STATIC))


def index_site(app: Sphinx, exception: BaseException | None) -> None:
    """Index the site, unless the index there was made of the same statutes, pages and code
    (:func:`index_inputs`): a build that wrote no page, or a page with the same bytes, spares Pagefind's 3-4 s."""
    if exception is not None or app.builder.format != "html":
        return
    outdir = Path(app.outdir)
    doc_ids = reader_documents(app.config)
    code = code_digest()
    inputs = index_inputs(app, doc_ids, code)
    entry, stamp = outdir / INDEX_DIR / "pagefind-entry.json", Path(app.doctreedir) / CACHE_DIR / "search-index.sha256"
    if entry.exists() and stamp.exists() and stamp.read_text() == inputs:
        return
    store = stamp.with_name("search-records.json")
    try:
        stored = json.loads(store.read_text(encoding="utf-8"))
        cache = stored["statutes"] if stored["code"] == code else {}  # records as this code makes them
    except (OSError, ValueError, KeyError, TypeError):
        cache = {}
    records = corpus_records(doc_ids, cache)
    store.parent.mkdir(parents=True, exist_ok=True)
    store.write_text(json.dumps({"code": code, "statutes": cache}), encoding="utf-8")
    try:
        report = write_index(records, page_files(outdir, doc_ids), outdir / INDEX_DIR, NODE_MODULES)
    except RuntimeError as error:
        logger.warning(f"[site_search] {error}")
        return
    stamp.write_text(inputs)
    for problem in report["errors"]:
        logger.warning(f"[site_search] {problem}")
    logger.info(
        f"[site_search] indexed {report['records']} records of the statutes and {report['pages']} pages:"
        f" {report['files']} files in {INDEX_DIR}/"
    )


class PagefindSiteBuilder(AtomicPagesBuilder):
    """The book's HTML builder (pages written whole, :class:`AtomicPagesBuilder`) without Sphinx's own search index.

    The site's search is Pagefind's (:func:`index_site`); Sphinx's ``searchindex.js`` was fed every page, loaded,
    pruned and written again by each build (half a second of a one-page rebuild) for no reader. The search page
    itself is still Sphinx's ``search`` page (``templates/search.html``)."""

    def load_indexer(self, docnames: Iterable[str]) -> None:
        """Nothing to load: there is no Sphinx index."""

    def index_page(self, pagename: str, doctree: nodes.document, title: str) -> None:
        """Nothing fed: Pagefind reads the written pages."""

    def dump_search_index(self) -> None:
        """No ``searchindex.js``; one an older build left is removed."""
        (Path(self.outdir) / self.searchindex_filename).unlink(missing_ok=True)


def register(app: Sphinx) -> None:
    app.add_builder(PagefindSiteBuilder, override=True)  # after lex_book.speed's AtomicPagesBuilder
    app.connect("config-inited", add_templates_and_static)
    app.connect("html-page-context", mark_body)
    app.connect("build-finished", index_site)

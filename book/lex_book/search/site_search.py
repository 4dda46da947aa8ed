"""the book's search, a Pagefind index built from the written pages, that knows citations.

Pagefind (npm ``pagefind``; its Rust indexer ships inside the platform package ``@pagefind/<os>-<cpu>``, so
``npm ci --ignore-scripts`` installs it) indexes HTML and writes an index that the browser loads in small chunks: the
words a query needs, then the fragments of the results it shows. After every HTML build (``build-finished``, so each
edition gets its own; skipped when no page was written since the last index) :func:`site_records` reads the built
pages and hands Pagefind one record per result a reader should land on, and ``site_search_index.mjs`` writes the
index into ``<outdir>/pagefind/`` (2 s for the book's 1,227 records here):

* a page of the statute reader gives one record per section it holds (``<section class="akn-section" id=EID>``),
  addressed ``page.html#EID``; a section's own page (whose section is named by its citation line,
  ``<p class="akn-cite-line" id=EID>``) gives one record, a Part page one per section, and what the
  page holds outside its sections (headings, schedules, tables) one record for the page itself, its words weighted
  low. Each section record carries the filters ``statute`` (the document's id) and ``section`` (its number, from the
  eId), a sort key in the order of the book, its numbered sub-provisions (meta ``parts``, so that "s.161(1)(a)"
  lands on that paragraph), and the statute's names (short title, country, the parts of its id such as ``msb``) as
  words of low weight, so that "69 msb" finds s.69 of the Merchant Shipping Bill;
* every other page (the topic chapters, comparisons, glossary, instructors' page) gives one record of its article,
  its title weighted highest, its code cells, navigation and permalink signs left out.

The search page (``site_search_templates/search.html``, script ``static_search/site_search.js``) reads a citation
out of the query ("161", "s.161", "s 161", "section 161 pakistan", "cl. 69 msb"): the sections of that number come
first (those whose record also holds the query's other words, else all of them in the book's order), then the word
results. ``search.html?q=QUERY`` shows the results as links, best first.

The theme's search button and field send the query to ``search.html``; ``site_theme.py`` leaves out the three
scripts pydata-sphinx-theme puts in every page's head for Sphinx's own search (``searchtools.js``,
``language_data.js`` and the 343 KB ``searchindex.js``), which nothing uses now.
"""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import subprocess
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from html import escape
from pathlib import Path
from typing import Any

import lxml.html
from lxml import etree
from sphinx.application import Sphinx
from sphinx.config import Config
from sphinx.util import logging

import corpus
from lex_book.paths import NODE_MODULES

logger = logging.getLogger(__name__)

HERE = Path(__file__).resolve().parent
"""npm's packages of the repository (package.json), wherever the book being built lies (the tests' small books)."""
TEMPLATES = HERE / "templates"
STATIC = HERE / "static"
INDEXER = HERE / "site_search_index.mjs"
INDEX_DIR = "pagefind"
"""The index's folder in the built site (Pagefind's own name, which ``site_search.js`` imports from)."""

READER = "book/reader/"
SKIPPED = ("_static/", "_sources/", "_images/", "lite/", f"{INDEX_DIR}/", "akn/", "data/")
"""Not indexed: assets, the lab, the index itself, and the FRBR addresses' redirect pages (``open_data.py``)."""
SECTION_NUMBER = re.compile(r"(?:^|__)sec_([0-9A-Za-z]+)$")
HEADINGS = ("h1", "h2", "h3", "h4", "h5", "h6")
NUMBERED_PART = re.compile(r"(?:__(?:subsec|para|subpara|cl|subcl|item|point)_[0-9A-Za-z]+)+")
PART_NUMBER = re.compile(r"_([0-9A-Za-z]+)$")
COUNTRIES = {"pk": "Pakistan", "in": "India"}

# What a record leaves out of a page's article: code cells' source, scripts, the permalink signs, navigation,
# the reader's notes (editorial matter beside the law, not the law), the prev/next links and buttons.
LEFT_OUT = (
    "script",
    "style",
    "noscript",
    "template",
    "nav",
    "button",
    "dialog",
    "*[contains(concat(' ', @class, ' '), ' headerlink ')]",
    "*[contains(concat(' ', @class, ' '), ' cell_input ')]",
    "*[contains(concat(' ', @class, ' '), ' lm-notes ')]",
    "*[contains(concat(' ', @class, ' '), ' prev-next-area ')]",
    "*[@data-pagefind-ignore]",
)
LEFT_OUT_XPATH = " | ".join(f".//{selector}" for selector in LEFT_OUT)

TITLE_WEIGHT = "10"
"""A page's own title (Pagefind's weights run from 0 to 10; a paragraph is 1, an ``<h1>`` 7 by default)."""
SECTION_TITLE_WEIGHT = "7"
LOW_WEIGHT = "0.5"
"""The statute's names on each of its sections, and a reader page's text outside its sections."""


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
        doc.id: Statute(doc.id, doc.short_title, COUNTRIES.get(doc.jurisdiction, doc.jurisdiction.upper()), order)
        for order, doc in enumerate(corpus.documents())
    }


def sort_key(statute: Statute, number: str) -> str:
    """The book's order: the statutes as the catalogue lists them, then the sections by number ("00" "00161" "a")."""
    digits = number[: len(number) - len(number.lstrip("0123456789"))]
    return f"{statute.order:02d}{int(digits or 0):05d}{number[len(digits) :].lower()}"


def numbered_parts(section: etree._Element, eid: str) -> str:
    """The section's numbered sub-provisions as "(1)=__subsec_1 (1)(a)=__subsec_1__para_a …": a citation's
    parentheses, then the eId's tail after the section's (what the search page appends to land on "s.161(1)(a)")."""
    parts = []
    for element in section.iterfind(".//*[@id]"):
        tail = element.get("id").removeprefix(eid)
        if tail != element.get("id") and NUMBERED_PART.fullmatch(tail):
            numbers = [PART_NUMBER.findall(step)[0] for step in tail.split("__")[1:]]  # each step matched it
            parts.append(f"{''.join(f'({n})' for n in numbers).lower()}={tail}")
    return " ".join(parts)


def _text(element: etree._Element) -> str:
    return " ".join(element.text_content().split())


def _wrap(body: str, title: str, title_weight: str, attributes: Iterable[tuple[str, str]] = ()) -> str:
    markers = "".join(f'<span {attribute}="{escape(value)}"></span>' for attribute, value in attributes)
    return (
        f'<html lang="en"><body>{markers}'
        f'<h1 data-pagefind-meta="title" data-pagefind-weight="{title_weight}">{escape(title)}</h1>'
        f"{body}</body></html>"
    )


def _inner_html(element: etree._Element) -> str:
    return "".join(lxml.html.tostring(child, encoding="unicode") for child in element)


def _ids_on_headings(element: etree._Element) -> None:
    """Sphinx puts a heading's id on its ``<section>``; Pagefind makes sub-results of headings with ids."""
    for section in element.iterfind(".//section[@id]"):
        heading = next((c for c in section if c.tag in HEADINGS[1:]), None)
        if heading is not None and heading.get("id") is None:
            heading.set("id", section.get("id"))


def page_records(html: bytes, url: str, statute: Statute | None = None) -> list[Record]:
    """The records of one built page (``url`` relative to the site's root): none for a page without an article (a
    redirect), one per section of a statute's page (``statute`` given) and one for the rest of it, one for any other
    page."""
    if not html.strip():
        return []
    article = next(iter(lxml.html.fromstring(html).xpath("//article[contains(@class, 'bd-article')]")), None)
    if article is None:
        return []
    for element in article.xpath(LEFT_OUT_XPATH):
        if element.getparent() is not None:
            element.drop_tree()
    heading = next(iter(article.iter("h1")), None)
    title = _text(heading) if heading is not None else ""
    if statute is None:
        if heading is not None:
            heading.drop_tree()
        _ids_on_headings(article)
        return [Record(url, _wrap(_inner_html(article), title, TITLE_WEIGHT))]

    records = []
    sections = [
        (s, s.get("id")) for s in article.xpath(".//section[contains(concat(' ', @class, ' '), ' akn-section ')][@id]")
    ]
    own_page = False
    if not sections:  # a section's own page: the page's section, named by its citation line (statute_reader.py)
        line = article.xpath(".//p[contains(concat(' ', @class, ' '), ' akn-cite-line ')][@id]")
        sections = [(line[0].getparent(), line[0].get("id"))] if line else []
        own_page = bool(line)
    for section, eid in sections:
        number = SECTION_NUMBER.search(eid)
        if number is None:
            continue
        # A Part page's section has its own heading (h3 "161. Wages on …"); a section's own page may head it with
        # the page's h1 ("Section 161. Wages on …"), inside the section or before it.
        section_heading = next((c for c in section if c.tag in HEADINGS), heading if len(sections) == 1 else None)
        words = _text(section_heading) if section_heading is not None else ""
        words = re.sub(rf"^(?:section\s+|s\.\s*)?{re.escape(number.group(1))}\.?\s*", "", words, flags=re.I)
        section_title = f"s. {number.group(1)}. {words}".strip()  # "s. 161. Wages on termination of service …"
        if section_heading is not None and section_heading.getparent() is not None:
            section_heading.drop_tree()
        names = f'<p data-pagefind-weight="{LOW_WEIGHT}">{escape(statute.names)}</p>'
        attributes = [
            ("data-pagefind-filter", f"statute:{statute.id}"),
            ("data-pagefind-filter", f"section:{number.group(1).lower()}"),
            ("data-pagefind-meta", f"statute:{statute.short_title}"),
            ("data-pagefind-sort", f"order:{sort_key(statute, number.group(1))}"),
            ("data-pagefind-meta", f"parts:{numbered_parts(section, eid)}"),
        ]
        body = _inner_html(section) + names  # the names last: an excerpt without the query's words starts with the law
        records.append(Record(f"{url}#{eid}", _wrap(body, section_title, SECTION_TITLE_WEIGHT, attributes)))
        section.drop_tree()
    if heading is not None and heading.getparent() is not None:
        heading.drop_tree()
    rest = _text(article)
    if rest and not own_page:  # what a section's page holds besides it (breadcrumb, definitions) is no result
        body = f'<p data-pagefind-weight="{LOW_WEIGHT}">{escape(rest)} {escape(statute.names)}</p>'
        attributes = [
            ("data-pagefind-filter", f"statute:{statute.id}"),
            ("data-pagefind-meta", f"statute:{statute.short_title}"),
        ]
        records.append(Record(url, _wrap(body, title, SECTION_TITLE_WEIGHT, attributes)))
    return records


def site_records(
    outdir: Path, known: Mapping[str, Statute], cache: dict[str, list[Any]] | None = None
) -> Iterator[Record]:
    """The records of every page of a built site, in the order of its files. ``cache`` (``{url: [digest of the
    page's bytes, records]}``, updated in place) spares re-reading a page whose bytes did not change."""
    cache = {} if cache is None else cache
    for path in sorted(outdir.rglob("*.html")):
        url = path.relative_to(outdir).as_posix()
        if url.startswith(SKIPPED) or url in ("search.html", "genindex.html"):
            continue
        html = path.read_bytes()
        digest = hashlib.sha256(html).hexdigest()
        if url not in cache or cache[url][0] != digest:
            parts = url.removeprefix(READER).split("/")
            statute = known.get(parts[0]) if url.startswith(READER) and len(parts) >= 2 else None
            cache[url] = [digest, [r.__dict__ for r in page_records(html, url, statute)]]
        yield from (Record(**r) for r in cache[url][1])


def write_index(records: Iterable[Record], target: Path, node_modules: Path) -> dict[str, Any]:
    """Pagefind's index of ``records`` written into ``target`` (replaced); returns the indexer's report."""
    node = shutil.which("node")
    if node is None or not (node_modules / "pagefind").is_dir():
        raise RuntimeError(f"the search index needs node and npm's pagefind in {node_modules} (npm ci)")
    payload = json.dumps({"output": str(target), "records": [r.__dict__ for r in records]})
    shutil.rmtree(target, ignore_errors=True)  # the fragments' names are hashes: an old index would pile up
    run = subprocess.run([node, str(INDEXER)], input=payload, capture_output=True, text=True, cwd=node_modules.parent)
    if run.returncode != 0:
        raise RuntimeError(f"the search indexer failed: {run.stderr[-2000:] or run.stdout[-2000:]}")
    return json.loads(run.stdout)


def index_is_current(outdir: Path) -> bool:
    """The index was written after the newest page and after the code that writes it (this module, the indexer,
    npm's pagefind): a build that wrote no page keeps it."""
    entry = outdir / INDEX_DIR / "pagefind-entry.json"
    if not entry.exists():
        return False
    written = entry.stat().st_mtime
    code = [Path(__file__), INDEXER, NODE_MODULES / "pagefind" / "package.json"]
    return all(path.stat().st_mtime <= written for path in [*code, *outdir.rglob("*.html")])


def add_templates_and_static(app: Sphinx, config: Config) -> None:
    config.templates_path.append(str(TEMPLATES))
    config.html_static_path.append(str(STATIC))


def index_site(app: Sphinx, exception: BaseException | None) -> None:
    """Index the site, unless no page was written since the last index, or the pages written give the same records
    as before (a page rebuilt with the same text: its records come from the build's cache, and Pagefind's 3-4 s
    are spared)."""
    if exception is not None or app.builder.format != "html":
        return
    outdir = Path(app.outdir)
    if index_is_current(outdir):
        return
    code = hashlib.sha256()
    for path in (Path(__file__), INDEXER, NODE_MODULES / "pagefind" / "package.json"):
        code.update(path.read_bytes())
    store = Path(app.doctreedir) / "lex-maritima" / "search-records.json"
    try:
        stored = json.loads(store.read_text(encoding="utf-8"))
        cache = stored["pages"] if stored["code"] == code.hexdigest() else {}  # records as this code makes them
    except (OSError, ValueError, KeyError, TypeError):
        cache = {}
    records = list(site_records(outdir, statutes(), cache))
    digest = hashlib.sha256(code.hexdigest().encode() + json.dumps([r.__dict__ for r in records]).encode())
    store.parent.mkdir(parents=True, exist_ok=True)
    store.write_text(json.dumps({"code": code.hexdigest(), "pages": cache}), encoding="utf-8")
    entry, stamp = outdir / INDEX_DIR / "pagefind-entry.json", store.with_name("search-index.sha256")
    if entry.exists() and stamp.exists() and stamp.read_text() == digest.hexdigest():
        entry.touch()  # the index is that of these pages
        logger.info("[site_search] the pages' records are unchanged: the index stays")
        return
    try:
        report = write_index(records, outdir / INDEX_DIR, NODE_MODULES)
    except RuntimeError as error:
        logger.warning(f"[site_search] {error}")
        return
    stamp.write_text(digest.hexdigest())
    for problem in report["errors"]:
        logger.warning(f"[site_search] {problem}")
    logger.info(f"[site_search] indexed {report['records']} records: {report['files']} files in {INDEX_DIR}/")


def register(app: Sphinx) -> None:
    app.connect("config-inited", add_templates_and_static)
    app.connect("build-finished", index_site)

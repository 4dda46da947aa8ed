"""the corpus as open data — every document, provision and note downloadable from the built site,
and every document and provision at its FRBR address.

After an HTML build (``build-finished``) :func:`write_open_data` writes :func:`site_files` into the site, from the
catalogue and the corpus:

``data/catalogue.json``
    For each document its id, titles, kind, jurisdiction, status (:attr:`corpus.Document.text_status`), where it
    stands (``standing``: the catalogue's, with the reader's banner in words and a source for each fact), licence
    position (:mod:`corpus.licences`), FRBR work and expression URIs, its reader page, and the URLs of its downloads
    under the keys of :data:`DOWNLOADS` (``akn``, ``markup``, ``text``, ``annotations``, ``report``, ``provisions``;
    their media types under ``media_types``).
    Every URL in the data files is relative to the file that holds it (resolve it as a browser would).
``data/<id>/``
    The downloads: the AKN XML and the bluebell markup byte for byte as committed (``corpus/akn``,
    ``corpus/markup``), the plain text (:func:`corpus.plain_text.plain_text`), the document's notes as a W3C Web
    Annotation collection (JSON-LD, from :func:`corpus.notes.export`: the notes whose target is the document; none
    in a book without the project's notes, :func:`project_notes`), the build report byte for byte
    (``corpus/reports``: what the clean-up removed or corrected, with reasons) and ``provisions.json``: every eId of
    the document in document order with its citation and heading as :mod:`corpus.cite` gives them, its parent's eId,
    its reader page and anchor (:mod:`corpus.page_map`) and its FRBR portion URI; each section's row also has its
    ``amendments``, newest first, as its page shows them (:func:`amendment_history.rows`: kind, amending Act and
    section, w.e.f. date, the words replaced, the provision where the note stands; ``[]`` for a section no note
    amends). ``data/annotations.jsonld`` is every
    note of the corpus in one collection.
``akn/<work URI>/``
    The FRBR addresses, as static pages that send the reader on (``<meta http-equiv=refresh>`` and a plain link: no
    script, so the site's Content-Security-Policy holds): the work (``akn/pk/act/ord/2001-10-03/52/``) and its
    expression (``…/eng@2001-10-03/``) lead to the document's contents page and name the manifestation beside them,
    ``…/eng@2001-10-03.xml`` (the XML, byte for byte); a portion (``…/~part_IV__chp_11__sec_161``) leads to that
    provision's page and anchor, for every eId but a text block's (:data:`TEXT_BLOCKS`). A section is also at
    ``…/~sec_<number>`` (``…/52/~sec_161``) where no eId is that and the number is the document's only section of
    that number. The corpus's own cross-document references (``/akn/in/act/1875-01-01/12/~chp_V``) are such
    addresses, so they resolve on a site served at a host's root.

Nothing is written when nothing it is made from changed since the last build (a digest in the build's doctree
folder); a file whose bytes are the same is left alone, and a file under ``data/`` or ``akn/`` that the corpus no
longer gives is removed.

In the book, the ``{corpus-downloads}`` directive is the table of the documents with their downloads and the
``{corpus-licences}`` directive the licence position of each text (``book/data.md``, "The corpus as data"); each
document's contents page gets its own downloads in its facts list (:func:`add_contents_downloads`, when the page is
read). Pages link the downloads; nothing of them is inlined.
"""

from __future__ import annotations

import json
import posixpath
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from html import escape
from pathlib import Path
from typing import Any

from docutils import nodes
from lxml import etree
from sphinx.application import Sphinx
from sphinx.errors import ExtensionError
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

import corpus
from corpus import annotation_store, catalogue, concordance, licences, notes, page_map
from corpus.plain_text import plain_text
from corpus.xmlio import AKN_NS
from lex_book import atomic_files
from lex_book import state as build_state
from lex_book.reader import amendment_history, document_status, statute_reader
from lex_book.speed import build_cache, content_stamps

logger = logging.getLogger(__name__)

DATA_DIR = "data"
ADDRESS_DIR = "akn"
"""The site's folders this extension owns (it removes what it no longer writes there)."""
CATALOGUE = f"{DATA_DIR}/catalogue.json"
ALL_NOTES = f"{DATA_DIR}/annotations.jsonld"
W3C_CONTEXT = "http://www.w3.org/ns/anno.jsonld"
NOTES_ID = "urn:lex-maritima:notes"
NOTES_LABEL = "Lex Maritima: notes on the corpus"
SECTION_EID = re.compile(r"(?:^|__)sec_([0-9A-Za-z]+)$")
TEXT_BLOCKS = {"p"}
"""Elements with an eId but no portion address of their own: a paragraph of text is reached through its provision
(half the corpus's eIds are ``<p>``; a page each would double the addresses' files for no citation)."""


@dataclass(frozen=True)
class Download:
    """One download of a document: its key in ``catalogue.json``, its label in the book, its file name."""

    key: str
    label: str
    name: str  # "{id}" stands for the document's id
    media_type: str

    def path(self, doc_id: str) -> str:
        """The download's path in the site: ``data/pk-mso-2001/pk-mso-2001.xml``."""
        return f"{DATA_DIR}/{doc_id}/{self.name.format(id=doc_id)}"


DOWNLOADS = (
    Download("akn", "AKN XML", "{id}.xml", "application/akn+xml"),
    Download("markup", "markup", "{id}.bluebell.txt", "text/plain"),
    Download("text", "text", "{id}.txt", "text/plain"),
    Download("annotations", "notes (JSON-LD)", "{id}.annotations.jsonld", "application/ld+json"),
    Download("report", "build report", "{id}.report.json", "application/json"),
    Download("provisions", "provisions", "provisions.json", "application/json"),
)


def reader_documents(app: Sphinx) -> list[corpus.Document]:
    """The documents of the book's reader (``statute_reader_documents``), in catalogue order."""
    wanted = set(statute_reader.reader_documents(app.config))
    return [doc for doc in corpus.documents() if doc.id in wanted]


def relative(target: str, start: str) -> str:
    """The URL of the site path ``target`` from the file at site path ``start`` (a trailing "/" kept)."""
    url = posixpath.relpath(target, posixpath.dirname(start) or ".")
    return f"{url}/" if target.endswith("/") and not url.endswith("/") else url


def address_path(uri: str) -> str:
    """The site folder of an FRBR URI: ``/akn/pk/act/ord/2001-10-03/52`` → ``akn/pk/act/ord/2001-10-03/52/``."""
    return uri.strip("/") + "/"


# ---- the data files ----------------------------------------------------------------------------------------------


def _json(value: Any) -> bytes:
    return (json.dumps(value, ensure_ascii=False, indent=2) + "\n").encode("utf-8")


def _local(el: etree._Element) -> str:
    return etree.QName(el).localname if isinstance(el.tag, str) else ""


def provision_rows(doc: corpus.Document, page_url: Callable[[str], str]) -> list[dict[str, Any]]:
    """Every eId of ``doc`` outside its metadata, in document order: element, citation, heading, parent eId, reader
    page (``page_url(docname)``, with the anchor) and FRBR portion URI. The citation and heading are
    :mod:`corpus.cite`'s; an eId no reader page holds has ``page`` ``None`` (the tests require none)."""
    pages = page_map.document_pages(doc.id)
    root = corpus.load(doc.id)
    metadata = {el for meta in root.iter(f"{{{AKN_NS}}}meta") for el in meta.iter()}
    rows = []
    for el in root.iter():
        eid = el.get("eId") if isinstance(el.tag, str) else None
        if not eid or el in metadata:
            continue
        provision = corpus.by_eid(doc.id, eid)
        parent = next((a.get("eId") for a in el.iterancestors() if a.get("eId")), None)
        located = pages.locate(eid)
        page = None
        if located is not None:
            docname, anchor = located
            page = page_url(docname) + (f"#{anchor}" if anchor else "")
        row = {
            "eId": eid,
            "element": _local(el),
            "citation": provision.citation,
            "heading": provision.heading,
            "parent": parent,
            "page": page,
            "uri": f"{doc.frbr_uri}/~{eid}",
        }
        if row["element"] == "section":
            row["amendments"] = amendment_history.rows(doc.id, el)
        rows.append(row)
    return rows


def _provisions_json(doc: corpus.Document, rows: list[dict[str, Any]]) -> bytes:
    """``provisions.json``: one provision to a line (1 MB for the Ordinance, readable and diffable)."""
    head = {"document": doc.id, "work": doc.frbr_uri, "expression": doc.expression_uri, "count": len(rows)}
    lines = [json.dumps(row, ensure_ascii=False) for row in rows]
    body = json.dumps(head, ensure_ascii=False)[:-1] + ', "provisions": [\n' + ",\n".join(lines) + "\n]}\n"
    return body.encode("utf-8")


def _collection(identifier: str, label: str, items: list[dict]) -> dict:
    """A W3C Web Annotation collection of ``items`` in the form :func:`corpus.notes.export` gives."""
    return {
        "@context": W3C_CONTEXT,
        "id": identifier,
        "type": "AnnotationCollection",
        "label": label,
        "total": len(items),
        "first": {"type": "AnnotationPage", "items": items},
    }


def data_files(
    docs: Iterable[corpus.Document], page_url: Callable[[str], str], rows: Mapping[str, list[dict]], every: dict
) -> dict[str, bytes]:
    """Every file of ``data/``: site path → bytes. ``page_url(docname)``: a page's URL from the site's root;
    ``rows``: each document's :func:`provision_rows`; ``every``: the notes, a collection as
    :func:`corpus.notes.export` gives it."""
    docs = list(docs)
    if every.get("@context") != W3C_CONTEXT:
        raise ExtensionError(f"corpus.notes.export() no longer gives a collection in the {W3C_CONTEXT} context")
    items = every["first"]["items"]
    files = {ALL_NOTES: _json(every)}
    entries = []
    for doc in docs:
        paths = {d.key: d.path(doc.id) for d in DOWNLOADS}
        own = [item for item in items if item["target"]["source"] == doc.expression_uri]
        label = f"Lex Maritima: notes on {doc.title}"
        own_rows = [
            {**row, "page": relative(row["page"], paths["provisions"]) if row["page"] else None} for row in rows[doc.id]
        ]
        files[paths["akn"]] = doc.akn_path.read_bytes()
        files[paths["markup"]] = doc.markup_path.read_bytes()
        files[paths["text"]] = plain_text(doc.id).encode("utf-8")
        files[paths["annotations"]] = _json(_collection(f"urn:lex-maritima:notes:{doc.id}", label, own))
        files[paths["report"]] = doc.report_path.read_bytes()
        files[paths["provisions"]] = _provisions_json(doc, own_rows)
        position = licences.position(doc)
        contents = page_map.document_pages(doc.id).contents.docname(doc.id)
        entries.append(
            {
                "id": doc.id,
                "title": doc.title,
                "short_title": doc.short_title,
                "kind": doc.kind,
                "subtype": doc.subtype,
                "number": doc.number,
                "date": doc.date,
                "jurisdiction": doc.jurisdiction,
                "status": doc.text_status,
                "standing": document_status.standing_data(doc),
                "licence": {"id": position.id, "label": position.label, "text": position.text},
                "frbr_uri": doc.frbr_uri,
                "expression_uri": doc.expression_uri,
                "address": relative(address_path(doc.frbr_uri), CATALOGUE),
                "page": relative(page_url(contents), CATALOGUE),
                **{key: relative(path, CATALOGUE) for key, path in paths.items()},
            }
        )
    catalogue = {
        "title": "Lex Maritima: an annotated Akoma Ntoso corpus of South-Asian maritime law",
        "urls": "relative to this file",
        "media_types": {d.key: d.media_type for d in DOWNLOADS},
        "annotations": relative(ALL_NOTES, CATALOGUE),
        "documents": entries,
    }
    files[CATALOGUE] = _json(catalogue)
    return files


# ---- the FRBR addresses ------------------------------------------------------------------------------------------

REDIRECT = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="0; url={target}">
<title>{title}</title>
<link rel="canonical" href="{target}">{alternate}
</head>
<body>
<p><a href="{target}">{label}</a></p>{more}
</body>
</html>
"""


def redirect_page(here: str, target: str, title: str, label: str, more: Mapping[str, str] = {}) -> bytes:
    """A static page at site path ``here`` that sends the reader to the site path ``target`` (with its anchor): a
    refresh and a plain link, no script. ``more``: further links (label → site path) listed under it; an ``.xml``
    one is also the page's ``alternate`` (the AKN manifestation)."""
    url = escape(relative(target, here))
    links = "".join(f'\n<li><a href="{escape(relative(p, here))}">{escape(t)}</a></li>' for t, p in more.items())
    alternate = "".join(
        f'\n<link rel="alternate" type="application/akn+xml" href="{escape(relative(p, here))}">'
        for p in more.values()
        if p.endswith(".xml")
    )
    return REDIRECT.format(
        target=url,
        title=escape(title),
        label=escape(label),
        alternate=alternate,
        more=f"\n<ul>{links}\n</ul>" if links else "",
    ).encode("utf-8")


def section_aliases(rows: list[dict[str, Any]]) -> dict[str, str]:
    """``sec_<number>`` → the eId of the document's only section of that number, where no eId is ``sec_<number>``."""
    eids = {row["eId"] for row in rows}
    by_number: dict[str, list[str]] = {}
    for row in rows:
        match = SECTION_EID.search(row["eId"]) if row["element"] == "section" else None
        if match:
            by_number.setdefault(f"sec_{match[1]}", []).append(row["eId"])
    return {alias: found[0] for alias, found in by_number.items() if len(found) == 1 and alias not in eids}


def address_files(
    docs: Iterable[corpus.Document], page_url: Callable[[str], str], rows: Mapping[str, list[dict]]
) -> dict[str, bytes]:
    """Every file of ``akn/``: the work, expression and portion pages and the XML manifestation of each document
    (``page_url`` and ``rows`` as for :func:`data_files`)."""
    files: dict[str, bytes] = {}
    for doc in docs:
        work = address_path(doc.frbr_uri)
        expression = address_path(doc.expression_uri)
        manifestation = f"{doc.expression_uri.strip('/')}.xml"
        contents = page_url(page_map.document_pages(doc.id).contents.docname(doc.id))
        links = {
            f"Expression: {doc.expression_uri}": expression,
            f"Manifestation (Akoma Ntoso XML): {doc.expression_uri}.xml": manifestation,
            f"Downloads: {CATALOGUE}": CATALOGUE,
        }
        files[f"{work}index.html"] = redirect_page(
            f"{work}index.html", contents, f"{doc.frbr_uri} — {doc.title}", doc.title, links
        )
        files[f"{expression}index.html"] = redirect_page(
            f"{expression}index.html", contents, f"{doc.expression_uri} — {doc.title}", doc.title, links
        )
        files[manifestation] = doc.akn_path.read_bytes()
        portions = {row["eId"]: row for row in rows[doc.id]}
        for alias, eid in section_aliases(rows[doc.id]).items():
            portions[alias] = portions[eid]
        for name, row in portions.items():
            if row["page"] is None or row["element"] in TEXT_BLOCKS:
                continue
            here = f"{work}~{name}/index.html"
            cited = f"{doc.short_title}, {row['citation']}" if row["citation"] else f"{doc.short_title}, {row['eId']}"
            files[here] = redirect_page(here, row["page"], cited, cited)
    return files


# ---- writing them ------------------------------------------------------------------------------------------------


def site_files(app: Sphinx) -> dict[str, bytes]:
    """Every file this extension writes into the site (site path → bytes), made once per build."""
    state = build_state.of(app)
    if state.open_data_files is None:
        docs = reader_documents(app)
        names = [p.docname(d.id) for d in docs for p in page_map.document_pages(d.id).pages]
        page_url = {name: app.builder.get_target_uri(name) for name in names}.__getitem__
        rows = {doc.id: provision_rows(doc, page_url) for doc in docs}
        every = notes.export() if project_notes(app) else _collection(NOTES_ID, NOTES_LABEL, [])
        state.open_data_files = {**data_files(docs, page_url, rows, every), **address_files(docs, page_url, rows)}
    return state.open_data_files


def project_notes(app: Sphinx) -> bool:
    """Whether the book holds the project's notes: yes, unless ``lex_notes_project`` (:mod:`reader_notes`) is false
    (a book over another corpus, which cannot hold them: the downloads' collections are then empty)."""
    return bool(app.config.lex_notes_project) if "lex_notes_project" in app.config else True


def forget_files(app: Sphinx) -> None:
    """``builder-inited``: nothing made yet in this build."""
    build_state.of(app).open_data_files = None


def input_files(docs: Iterable[corpus.Document]) -> list[Path]:
    """What the files are made from beyond :func:`build_cache.input_files` (the corpus's code and data, the AKN, the
    extensions' code): each document's markup and build report."""
    return [path for doc in docs for path in (doc.markup_path, doc.report_path)]


def write_site_files(outdir: Path, files: Mapping[str, bytes]) -> dict[str, int]:
    """Write ``files`` into ``outdir`` (those whose bytes differ), remove the files of :data:`DATA_DIR` and
    :data:`ADDRESS_DIR` that ``files`` does not hold; return the counts."""
    written = removed = 0
    for name, content in files.items():
        path = outdir / name
        path.parent.mkdir(parents=True, exist_ok=True)
        written += atomic_files.write_bytes(path, content)
    for folder in (DATA_DIR, ADDRESS_DIR):
        for path in sorted((outdir / folder).rglob("*"), reverse=True):
            if path.is_file() and path.relative_to(outdir).as_posix() not in files:
                path.unlink()
                removed += 1
            elif path.is_dir() and not any(path.iterdir()):
                path.rmdir()
    return {"files": len(files), "written": written, "removed": removed}


def write_open_data(app: Sphinx, exception: BaseException | None) -> None:
    """``build-finished``: write the data files and FRBR addresses, unless nothing they are made from changed."""
    if exception is not None or app.builder.format != "html":
        return
    outdir = Path(app.outdir)
    docs = reader_documents(app)
    key = build_cache.digest(
        [*build_cache.input_files(), *input_files(docs)], [[d.id for d in docs], app.builder.name, project_notes(app)]
    )
    stamp = Path(app.doctreedir) / build_cache.CACHE_DIR / "open-data.sha256"
    if (outdir / CATALOGUE).is_file() and stamp.is_file() and stamp.read_text() == key:
        return
    counts = write_site_files(outdir, site_files(app))
    stamp.parent.mkdir(parents=True, exist_ok=True)
    stamp.write_text(key)
    logger.info(
        f"[open_data] {counts['files']} files in {DATA_DIR}/ and {ADDRESS_DIR}/: "
        f"{counts['written']} written, {counts['removed']} removed"
    )


# ---- in the book -------------------------------------------------------------------------------------------------


def _size(count: int) -> str:
    return f"{count / 1_000_000:.1f} MB" if count >= 1_000_000 else f"{max(1, round(count / 1000))} KB"


def download_links(app: Sphinx, doc: corpus.Document, docname: str) -> nodes.paragraph:
    """The downloads of ``doc`` as links from the page ``docname``, each with its size: "AKN XML (1.5 MB) · markup
    (657 KB) · …" (short labels: the page says what each is; a phone's column is narrow)."""
    files = site_files(app)
    here = app.builder.get_target_uri(docname)
    para = nodes.paragraph("", "", classes=["lm-downloads"])
    for index, download in enumerate(DOWNLOADS):
        if index:
            para += nodes.Text(" · ")
        path = download.path(doc.id)
        para += nodes.reference("", download.label, refuri=relative(path, here), internal=True)
        para += nodes.Text(f" ({_size(len(files[path]))})")
    return para


def _note_inputs(env: Any, docs: Iterable[corpus.Document]) -> None:
    """Make the page being read depend on what the downloads' sizes and the licence positions are made from."""
    for doc in docs:
        content_stamps.note(env, doc.akn_path)
        for path in (doc.markup_path, doc.report_path):
            env.note_dependency(str(path))
    for path in [*sorted(annotation_store.ANNOTATIONS_DIR.glob("*.yaml")), concordance.TABLE]:
        content_stamps.note(env, path)
    for path in (licences.LICENCES_FILE, catalogue.CATALOGUE_FILE, Path(__file__)):
        env.note_dependency(str(path))


class CorpusDownloads(SphinxDirective):
    """``{corpus-downloads}``: a table of the documents (title linked to its contents page, status, FRBR work) with
    their downloads, and a line for the catalogue and the whole collection of notes."""

    def run(self) -> list[nodes.Node]:
        docs = reader_documents(self.env.app)
        _note_inputs(self.env, docs)
        app, here = self.env.app, self.env.docname
        table = nodes.table(classes=["lm-data-documents"])
        group = nodes.tgroup(cols=2)
        table += group
        group += [nodes.colspec(colwidth=1), nodes.colspec(colwidth=2)]
        head = nodes.thead()
        head += nodes.row("", *(nodes.entry("", nodes.paragraph("", t)) for t in ("Document", "Downloads")))
        group += head
        body = nodes.tbody()
        for doc in docs:
            contents = app.builder.get_target_uri(page_map.document_pages(doc.id).contents.docname(doc.id))
            link = nodes.reference(
                "", doc.short_title, refuri=relative(contents, app.builder.get_target_uri(here)), internal=True
            )
            title = nodes.paragraph("", "", link)
            words = f"{document_status.plain_summary(doc)}; work {doc.frbr_uri}"
            facts = nodes.paragraph("", words, classes=["lm-data-facts"])
            body += nodes.row(
                "", nodes.entry("", title, facts), nodes.entry("", download_links(app, doc, here))
            )  # fmt: skip
        group += body
        files = site_files(app)
        whole = nodes.paragraph("", "The catalogue of them all: ")
        whole += nodes.reference(
            "", "data/catalogue.json", refuri=relative(CATALOGUE, app.builder.get_target_uri(here))
        )
        whole += nodes.Text(f" ({_size(len(files[CATALOGUE]))}); every note of the corpus in one collection: ")
        whole += nodes.reference(
            "", "data/annotations.jsonld", refuri=relative(ALL_NOTES, app.builder.get_target_uri(here))
        )
        whole += nodes.Text(f" ({_size(len(files[ALL_NOTES]))}).")
        return [table, whole]


class CorpusLicences(SphinxDirective):
    """``{corpus-licences}``: the licence position of each text (:mod:`corpus.licences`), with its grounds."""

    def run(self) -> list[nodes.Node]:
        docs = reader_documents(self.env.app)
        _note_inputs(self.env, docs)
        out = nodes.bullet_list(classes=["lm-data-licences"])
        for doc in docs:
            try:
                position = licences.position(doc)
            except licences.LicenceError as error:
                raise self.error(str(error)) from None
            item = nodes.paragraph("", "")
            item += nodes.strong("", doc.short_title)
            item += nodes.Text(f": {position.label}. {position.text}")
            out += nodes.list_item("", item)
        return [out]


def add_contents_downloads(app: Sphinx, doctree: nodes.document) -> None:
    """``doctree-read``: a document's contents page lists its downloads among its facts (after "Work")."""
    docname = app.env.docname
    for doc in reader_documents(app):
        # the folder first: the page map of a document parses its AKN, needless for every other page of the book
        if not docname.startswith(f"{page_map.READER_DIR}/{doc.id}/"):
            continue
        if docname != page_map.document_pages(doc.id).contents.docname(doc.id):
            continue
        facts = next((n for n in doctree.findall(nodes.field_list) if "akn-facts" in n["classes"]), None)
        if facts is None:
            raise ExtensionError(f"{docname}: the contents page of {doc.id} has no facts list for its downloads")
        _note_inputs(app.env, [doc])
        for name, value in (
            ("Status", nodes.paragraph("", doc.text_status)),
            ("Downloads", download_links(app, doc, docname)),
        ):
            facts += nodes.field("", nodes.field_name("", name), nodes.field_body("", value))


def register(app: Sphinx) -> None:
    app.add_directive("corpus-downloads", CorpusDownloads)
    app.add_directive("corpus-licences", CorpusLicences)
    app.connect("builder-inited", forget_files)
    app.connect("doctree-read", add_contents_downloads)
    app.connect("build-finished", write_open_data, priority=400)  # before the search indexes the written pages

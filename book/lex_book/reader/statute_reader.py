"""the statute reader, generated from the corpus's Akoma Ntoso at build time.

At ``config-inited`` it writes one small MyST stub per reader page under ``book/reader/<doc-id>/`` (a breadcrumb, a
title and a ``{statute-page}`` directive; the folder ignores itself in git) and adds those pages to the book's table
of contents: each document's contents page in a part of its country and kind after "The statutes" and its glossary
("India — Acts": :func:`statute_groups`; ``_toc.yml`` lists only the glossary, so a document of the catalogue is in
the book with no edit of it), and below it the document's Parts (or Chapters), then below each its sections, one
page each (:mod:`corpus.page_map`). The ``{statute-page}`` directive renders the page's AKN
elements as docutils nodes (:mod:`akn_render`), so Sphinx's search indexes the statute text. At
``doctree-resolved`` every pending link (terms, cross-references, the contents lists, ``{provision}`` quotations) gets
its ``page.html#eId`` address.

Every page has, under its title, the banner of where the document stands (:mod:`document_status`: its kind, in force or
repealed or what became of a Bill, the date of the text, the official page; the contents page holds the sources of each
fact) and "Print the whole Act", which gathers the section pages into one print (:mod:`statute_print`). A section's
page: the breadcrumb (document › Part › Chapter), its number and heading as title, its citation with
a permalink, the topic chapter whose calculator runs it (:mod:`calculator_chapters`), its text with a ``¶`` permalink
and a "copy citation" control on every numbered provision (``static/statute_reader.js``), its notes and concordance twin
(:mod:`reader_notes`), its amendment history (:mod:`amendment_history`) and the previous and next sections. A Part's
or Chapter's page is the contents of its sections; a link into it from before sections had pages
(``part-iv.html#part_IV__chp_11__sec_161__subsec_1``) is sent on to the section's page and anchor by the same script,
from the table of moved sections the page holds.

The text is never copied: the stubs hold only page titles, and every word comes from ``corpus.load`` at build time.
Which documents are read is the ``statute_reader_documents`` setting (all of the catalogue by default).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any, ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.config import Config
from sphinx.errors import ExtensionError
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective
from sphinx.writers.html5 import HTML5Translator

import corpus
from corpus import page_map
from corpus.catalogue import CATALOGUE_FILE
from corpus.page_map import READER_DIR, DocumentPages, Page, child, document_pages, local, text_of
from lex_book import atomic_files
from lex_book.notes.note_nodes import markdown_escape
from lex_book.reader import akn_render, amendment_history, calculator_chapters, document_status, statute_print
from lex_book.speed import build_cache, content_stamps

logger = logging.getLogger(__name__)
HERE = Path(__file__).resolve().parent
SOURCES = [
    Path(page_map.__file__).resolve(),
    HERE / "akn_render.py",
    HERE / "amendment_history.py",
    HERE / "definition_popover.py",
    Path(__file__).resolve(),
]
"""The renderer's own code: a reader page is re-read when it changes, like when its XML changes."""
BANNER = [HERE / "document_status.py", CATALOGUE_FILE]
"""What the banner of a reader page is made from (:mod:`document_status`): a reader page is re-read when it changes."""

GLOSSARY = f"{READER_DIR}/glossary"
GLOSSARY_STUB = "# Glossary of defined terms\n\n```{statute-glossary}\n```\n"
"""The glossary page (``{statute-glossary}``, lex_book/reader/glossary_page.py): generated with the reader's pages."""


def reader_documents(config: Config) -> list[str]:
    """The ids of the documents the reader shows."""
    return list(config.statute_reader_documents or [d.id for d in corpus.documents()])


ORPHAN = "---\norphan: true\n---\n"
"""The front matter of a section's page: in no toctree, and Sphinx is told so."""


def stub(doc_id: str, page: Page, calculators: Sequence[str] = ()) -> str:
    """The MyST source of a reader page: its breadcrumb (but the contents page's), title and the directive that
    renders it, naming the chapters whose calculators run it; a section's page is an orphan (:data:`ORPHAN`)."""
    orphan = ORPHAN if page.kind == "section" else ""
    crumbs = "" if page.kind == "contents" else f"```{{statute-breadcrumb}} {doc_id} {page.slug}\n```\n\n"
    options = f":calculators: {' '.join(calculators)}\n" if calculators else ""
    title = markdown_escape(page.title)
    return f"{orphan}{crumbs}# {title}\n\n```{{statute-page}} {doc_id} {page.slug}\n{options}```\n"


def reader_plan(doc_ids: list[str], calculators: dict[str, dict[str, list[str]]]) -> dict[str, list[list]]:
    """Each document's reader pages in order (its contents page first), as [docname, stub, parent docname or None];
    JSON, for the cache. ``calculators``: document → section eId → the chapters whose calculators run it."""
    plan = {}
    for doc_id in doc_ids:
        pages = document_pages(doc_id)
        runs = calculators.get(doc_id, {})
        plan[doc_id] = [
            [
                page.docname(doc_id),
                stub(doc_id, page, runs.get(page.elements[0].get("eId"), []) if page.kind == "section" else []),
                parent.docname(doc_id) if page.parent and (parent := pages.page(page.parent)) else None,
            ]
            for page in pages.pages
        ]
    return plan


def write_stubs(srcdir: Path, plan: dict[str, list[list[str]]]) -> list[str]:
    """Write (or leave unchanged) every reader page's stub, delete stale ones; return the docnames in order."""
    reader = srcdir / READER_DIR
    reader.mkdir(parents=True, exist_ok=True)
    wanted: dict[Path, str] = {
        reader / ".gitignore": "# generated by book/lex_book/reader/statute_reader.py at build time\n*\n",
        srcdir / f"{GLOSSARY}.md": GLOSSARY_STUB,
    }
    docnames = [GLOSSARY]
    for pages in plan.values():
        for docname, text, _ in pages:
            wanted[srcdir / f"{docname}.md"] = text
            docnames.append(docname)
    for path, text in wanted.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        atomic_files.write_text(path, text)  # unless it holds that text: Sphinx would read the page again
    for path in reader.rglob("*.md"):
        if path not in wanted:
            path.unlink()
    return docnames


def add_to_toc(app: Sphinx, config: Config) -> None:
    """Generate the stubs and hang each document's pages below its contents page in the external table of contents:
    its Parts (or Chapters), attachments and loose provisions. The section pages are in the book (its site map) but
    in no toctree (:data:`ORPHAN`): the theme writes the whole table of contents into every page's sidebar, and a
    thousand more entries there would make every page of the book heavier and its build quadratic. A section is
    reached from its Part's page, the document's contents, its neighbours' previous/next links and the search.

    The pages and their stubs come from :func:`reader_plan`, kept between builds by :func:`build_cache.cached` (with
    the chapters and calculators it reads, :func:`calculator_chapters.input_files`).
    """
    from sphinx_external_toc.api import Document, FileItem, GlobItem, TocTree, UrlItem

    doc_ids = reader_documents(config)
    missing = [str(corpus.document(d).akn_path) for d in doc_ids if not corpus.document(d).akn_path.is_file()]
    if missing:
        raise ExtensionError(f"the statute reader needs {', '.join(missing)}: run `make corpus` first")
    root = Path(app.srcdir)
    plan = build_cache.cached(
        app,
        "statute_reader",
        lambda: reader_plan(doc_ids, calculator_chapters.chapters_by_section(root)),
        extra=calculator_chapters.input_files(root),
        settings=doc_ids,
    )
    docnames = write_stubs(root, plan)
    site_map = config.external_site_map
    holder, statutes = _statutes(site_map)
    grouped: dict[str, list[GlobItem | FileItem | UrlItem]] = {}
    for name, docs in statute_groups(doc_ids):
        for doc in docs:
            index = plan[doc.id][0][0]
            if index not in site_map:  # a document of the catalogue: listed in its group's part, after the glossary's
                site_map[index] = Document(docname=index)
                grouped.setdefault(name, []).append(FileItem(index))
    at = site_map[holder].subtrees.index(statutes) + 1
    site_map[holder].subtrees[at:at] = [
        TocTree(items=items, caption=name, hidden=statutes.hidden, titlesonly=statutes.titlesonly)
        for name, items in grouped.items()
    ]
    for doc_id in doc_ids:
        children: dict[str, list[str]] = {}
        for docname, text, parent in plan[doc_id][1:]:
            site_map[docname] = Document(docname=docname)
            if not text.startswith(ORPHAN):  # a section's page is in no toctree
                children.setdefault(parent, []).append(docname)
        for parent, names in children.items():
            site_map[parent].subtrees = [TocTree(items=[FileItem(d) for d in names], hidden=True, titlesonly=True)]
    generated = {f"{d}.md" for d in docnames}
    config["exclude_patterns"] = [p for p in config["exclude_patterns"] if p not in generated]


def _statutes(site_map: Any) -> tuple[str, Any]:
    """The page and toctree of ``_toc.yml`` that list the glossary (the book's part "The statutes"), after which the
    reader adds a part per group of :func:`statute_groups` ("India — Acts"), each listing its documents' contents
    pages: a new document of the catalogue needs no edit of ``_toc.yml``."""
    for docname in site_map:
        for tree in site_map[docname].subtrees:
            if GLOSSARY in tree.items:
                return docname, tree
    raise ExtensionError(f"_toc.yml must list {GLOSSARY}: the statutes' contents pages are added before it")


def add_static(app: Sphinx, config: Config) -> None:
    config.html_static_path.append(str(HERE / "static"))


class moved_sections(nodes.General, nodes.Element):
    """A Part's or Chapter's table of its sections' pages: ``sections`` maps each section's eId to its docname."""


def visit_moved_sections(self: HTML5Translator, node: moved_sections) -> None:
    """``<script type="application/json" id="akn-moved">{"part_IV__chp_11__sec_161": "section-161.html"}</script>``,
    read by ``static/statute_reader.js`` to send an old link into the Part on to the section's page."""
    here = self.builder.current_docname
    table = {eid: self.builder.get_relative_uri(here, docname) for eid, docname in node["sections"].items()}
    text = json.dumps(table, separators=(",", ":")).replace("</", "<\\/")
    self.body.append(f'<script type="application/json" id="akn-moved">{text}</script>\n')
    raise nodes.SkipNode


def skip(self: object, node: nodes.Node) -> None:
    raise nodes.SkipNode


def page_nodes(
    doc_id: str,
    page: Page,
    calculators: Sequence[str] = (),
    docname: str = "",
    renderer: akn_render.Renderer | None = None,
) -> list[nodes.Node]:
    """What the ``{statute-page}`` directive puts under the page's title (links pending, notes not yet placed);
    ``renderer``: the document's renderer to use (one of its own by default)."""
    pages = document_pages(doc_id)
    renderer = renderer or akn_render.Renderer(doc_id)
    out: list[nodes.Node] = [document_status.banner(doc_id, contents=page.kind == "contents")]
    if page.kind == "contents":
        out.extend(_document_facts(doc_id))
        out.append(statute_print.print_control(doc_id))  # "Print the whole Act", with the pages it gathers
        out.extend(renderer.blocks(page.elements))
        out.extend(_contents(pages))
    elif page.kind == "division":
        division = page.elements[0]
        out.append(nodes.target("", "", ids=[division.get("eId")]))
        out.extend(_head(renderer, division))
        out.append(_outline(doc_id, list(division), renderer))
        moved = {p.elements[0].get("eId"): p.docname(doc_id) for p in pages.sections if p.parent == page.slug}
        out.append(moved_sections(sections=moved))  # last: a target before it would pass its id on to it
    elif page.kind == "section":
        section = page.elements[0]
        cite = nodes.paragraph("", "", ids=[section.get("eId")], classes=["akn-cite-line"])
        cite += nodes.Text(akn_render.cite_line(doc_id, section))
        cite += renderer.permalink(section)
        out.append(cite)
        out.extend(_head(renderer, section))
        out.extend(_calculators(calculators, docname))
        out.extend(renderer.blocks(section))
        out.extend(amendment_history.history_nodes(doc_id, section))
        out.append(_pager(doc_id, *pages.neighbours(page)))
    else:
        out.extend(renderer.blocks(page.elements))
    for href in renderer.unresolved:
        logger.warning(f"{doc_id}: reference to {href!r} names no document of the corpus", location=docname)
    out.append(akn_render.work_title(title=corpus.document(doc_id).short_title))  # what the citations begin with
    return out


class StatutePage(SphinxDirective):
    """``{statute-page} <doc-id> <page-slug>``: the AKN elements of one reader page (used by the generated stubs);
    ``:calculators:`` names the chapters whose calculators run the section."""

    required_arguments = 2
    option_spec: ClassVar[dict[str, Any]] = {"calculators": directives.unchanged}

    def run(self) -> list[nodes.Node]:
        doc_id, page_slug = self.arguments
        page = document_pages(doc_id).page(page_slug)
        if page is None:
            raise self.error(f"{doc_id} has no reader page {page_slug!r}")
        content_stamps.note(self.env, corpus.document(doc_id).akn_path)
        for source in [*SOURCES, *BANNER, *([HERE / "statute_print.py"] if page.kind == "contents" else [])]:
            self.env.note_dependency(str(source))
        calculators = (self.options.get("calculators") or "").split()
        out = page_nodes(doc_id, page, calculators, self.env.docname)
        note_link_targets(self.env, out)
        return out


class StatuteBreadcrumb(SphinxDirective):
    """``{statute-breadcrumb} <doc-id> <page-slug>``: the document, Part and Chapter above a reader page, as links."""

    required_arguments = 2

    def run(self) -> list[nodes.Node]:
        doc_id, page_slug = self.arguments
        page = document_pages(doc_id).page(page_slug)
        if page is None:
            raise self.error(f"{doc_id} has no reader page {page_slug!r}")
        return [breadcrumb(doc_id, page)]


class StatuteList(SphinxDirective):
    """``{statute-list}``: every document the reader shows, grouped by country and kind ("India — Acts", "India —
    Bills", "Pakistan — Ordinances": :func:`statute_groups`), each its title linking to its contents page, oldest
    first within a group (the book's front page: a statute added to the catalogue is listed with no edit)."""

    def run(self) -> list[nodes.Node]:
        self.env.note_dependency(str(CATALOGUE_FILE))
        out = nodes.container(classes=["lm-statute-groups"])
        for name, docs in statute_groups(reader_documents(self.config)):
            group = nodes.container(classes=["lm-statute-group"])
            group += nodes.paragraph("", "", nodes.strong("", name), classes=["lm-statute-group-title"])
            listing = nodes.bullet_list(classes=["lm-statute-group-list"])
            for doc in docs:
                listing += nodes.list_item("", nodes.paragraph("", "", _link(doc.id, "", nodes.Text(doc.title))))
            group += listing
            out += group
        return [out]


_PLURALS = {"Act": "Acts", "Ordinance": "Ordinances", "Bill": "Bills"}
"""The kinds of document in the order the statute list gives them (the law first), with their plurals."""


def statute_groups(doc_ids: Sequence[str]) -> list[tuple[str, list[corpus.Document]]]:
    """The documents ``doc_ids`` grouped by country, then kind ("India — Acts"): the countries in the order the
    catalogue first names them, within each the law first (Acts, Ordinances), then the Bills; each group's documents
    by date (oldest first)."""
    groups: dict[tuple[int, int, str], list[corpus.Document]] = {}
    countries: list[str] = []
    wanted = set(doc_ids)
    for doc in (d for d in corpus.documents() if d.id in wanted):  # the catalogue's order, whatever the setting's
        country = doc.country
        countries += [] if country in countries else [country]
        kind = document_status.kind_label(doc)
        rank = list(_PLURALS).index(kind) if kind in _PLURALS else len(_PLURALS)
        groups.setdefault((countries.index(country), rank, f"{country} — {_PLURALS.get(kind, kind)}"), []).append(doc)
    return [(key[2], sorted(groups[key], key=lambda d: d.date)) for key in sorted(groups)]


def breadcrumb(doc_id: str, page: Page) -> nodes.paragraph:
    """``Merchant Shipping Ordinance, 2001 › Part IV — SEAMEN › Chapter 11 — WAGES``, each a link."""
    crumbs = nodes.paragraph("", "", classes=["akn-breadcrumb"])
    crumbs += nodes.inline("", "You are in: ", classes=["akn-visually-hidden"])
    crumbs += _link(doc_id, "", nodes.Text(corpus.document(doc_id).short_title))
    for division in page.trail:
        crumbs += nodes.inline("", " › ", classes=["akn-breadcrumb-sep"])
        crumbs += _link(doc_id, division.get("eId"), nodes.Text(page_map.division_title(division)))
    return crumbs


def _head(renderer: akn_render.Renderer, el) -> list[nodes.Node]:
    """The editorial remarks of a heading and the subheading of a section or division, under its title."""
    out = renderer.title_remarks(el)
    sub = child(el, "subheading")
    if sub is not None:
        out.append(nodes.rubric("", "", *renderer.inline_children(sub), classes=["akn-subheading"]))
    return out


def _calculators(chapters: Sequence[str], docname: str) -> list[nodes.Node]:
    """ "Calculator: <chapter title>": a link to each topic chapter whose calculator runs this section."""
    if not chapters:
        return []
    para = nodes.paragraph("", "", classes=["akn-calculators"])
    para += nodes.Text("A calculator runs this section: " if len(chapters) == 1 else "Calculators run this section: ")
    for index, chapter in enumerate(chapters):
        if index:
            para += nodes.Text("; ")
        xref = addnodes.pending_xref(
            "", refdomain="std", reftype="doc", reftarget=f"/{chapter}", refdoc=docname, refexplicit=False,
            refwarn=True,
        )  # fmt: skip
        xref += nodes.inline("", chapter)
        para += xref
    return [para]


def _pager(doc_id: str, before: Page | None, after: Page | None) -> nodes.container:
    """Links to the previous and next sections (the first section has no previous, the last no next)."""
    pager = nodes.container(classes=["akn-pager"])
    for page, rel, arrow in ((before, "previous", "← "), (after, "next", " →")):
        if page is None:
            continue
        label = nodes.inline("", f"{rel.capitalize()} section", classes=["akn-pager-label"])
        title = nodes.Text(page.title)
        children = [nodes.Text(arrow), title] if rel == "previous" else [title, nodes.Text(arrow)]
        link = _link(doc_id, page.elements[0].get("eId"), *children)
        link["classes"] += ["akn-pager-link", f"akn-pager-{rel}"]
        pager += nodes.paragraph("", "", label, link, classes=[f"akn-pager-{rel}-item"])
    return pager


def note_link_targets(env: Any, rendered: list[nodes.Node]) -> None:
    """Make the page depend on the XML of every document it links into, so that a moved anchor rewrites the link."""
    targets = {
        ref["akn_target"].partition(" ")[0]
        for node in rendered
        for ref in node.findall(nodes.reference)
        if ref.get("akn_target")
    }
    for doc_id in sorted(targets):
        content_stamps.note(env, corpus.document(doc_id).akn_path)


def _document_facts(doc_id: str) -> list[nodes.Node]:
    entry = corpus.document(doc_id)
    facts = nodes.field_list(classes=["akn-facts"])
    for name, value in [
        ("Kind", document_status.kind_label(entry)),
        ("Number", entry.number),
        ("Date", entry.date),
        ("Work", entry.frbr_uri),
    ]:
        facts += nodes.field("", nodes.field_name("", name), nodes.field_body("", nodes.paragraph("", value)))
    return [facts]


def _link(doc_id: str, eid: str, *children: nodes.Node) -> nodes.reference:
    return nodes.reference("", "", *children, internal=True, refuri="", akn_target=f"{doc_id} {eid}")


def _contents(pages: DocumentPages) -> list[nodes.Node]:
    """The contents list of a document: each Part or Chapter with its chapters, cross-headings and sections, and each
    other page (a loose section, the provisions, an attachment)."""
    section = nodes.section(ids=["contents"])
    section += nodes.title("", "Contents")
    top = nodes.bullet_list(classes=["akn-contents"])
    for page in (p for p in pages.pages[1:] if p.parent == pages.contents.slug):
        anchor = page.elements[0].get("eId", "")
        item = nodes.list_item("", nodes.paragraph("", "", _link(pages.doc_id, anchor, nodes.Text(page.title))))
        if page.kind == "division":
            inner = _outline(pages.doc_id, list(page.elements[0]))
            if inner.children:
                item += inner
        top += item
    section += top
    return [section]


def _outline(doc_id: str, elements: list, renderer: akn_render.Renderer | None = None) -> nodes.bullet_list:
    """The chapters, cross-headings and sections of ``elements`` as a nested list of links. With a ``renderer`` (a
    Part's or Chapter's own page) the chapters and cross-headings are anchored under their eIds and whatever else
    the division holds outside a section is rendered in its place."""
    out = nodes.bullet_list(classes=["akn-contents"] if renderer else [])
    for el in elements:
        name = local(el)
        ids = [el.get("eId")] if renderer is not None and el.get("eId") else []
        if name in page_map.GROUPS:
            title = nodes.Text(page_map.division_title(el))
            head = (
                nodes.paragraph("", "", title) if ids else nodes.paragraph("", "", _link(doc_id, el.get("eId"), title))
            )
            item = nodes.list_item("", head, ids=ids)
            inner = _outline(doc_id, list(el), renderer)
            if inner.children:
                item += inner
            out += item
        elif name == "section":
            label = " ".join(filter(None, [text_of(child(el, n), remarks=False) for n in ("num", "heading")]))
            out += nodes.list_item("", nodes.paragraph("", "", _link(doc_id, el.get("eId"), nodes.Text(label))))
        elif name == "crossHeading":
            out += nodes.list_item("", nodes.paragraph("", text_of(el), classes=["akn-crossheading"]), ids=ids)
        elif renderer is not None and name and name not in akn_render.SKIP:
            out += nodes.list_item("", *renderer.block(el))
    return out


def resolve_links(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """Give every pending statute link its address: ``<relative page>.html#<anchor>``."""
    known = set(reader_documents(app.config))
    for ref in list(doctree.findall(nodes.reference)):
        target = ref.get("akn_target")
        if target is None:
            continue
        doc_id, _, eid = target.partition(" ")
        where = document_pages(doc_id).locate(eid or None) if doc_id in known else None
        if where is None:
            logger.warning(f"link to {doc_id} {eid!r}: no reader page holds it", location=docname)
            ref.replace_self(nodes.inline("", "", *ref.children, classes=[*ref["classes"], "akn-ref-unresolved"]))
            continue
        page, anchor = where
        uri = "" if page == docname else app.builder.get_relative_uri(docname, page)
        ref["refuri"] = f"{uri}#{anchor}" if anchor else (uri or "#")
        del ref["akn_target"]


def register(app: Sphinx) -> None:
    app.connect("config-inited", add_to_toc, priority=900)  # after sphinx_external_toc has read _toc.yml
    app.connect("config-inited", add_static)
    app.connect("doctree-resolved", resolve_links)
    app.add_directive("statute-page", StatutePage)
    app.add_directive("statute-breadcrumb", StatuteBreadcrumb)
    app.add_directive("statute-list", StatuteList)  # the front page's list of the statutes
    others: dict[str, Any] = {"latex": (skip, None), "text": (skip, None), "man": (skip, None), "texinfo": (skip, None)}
    app.add_node(akn_render.provision_link, html=(akn_render.visit_provision_link, None), **others)
    app.add_node(moved_sections, html=(visit_moved_sections, None), **others)
    app.add_node(akn_render.work_title, html=(akn_render.visit_work_title, None), **others)
    app.add_css_file("statute_reader.css")
    app.add_js_file("statute_reader.js", loading_method="defer")  # permalinks' "copy citation", moved sections

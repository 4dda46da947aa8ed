"""How a document of the corpus is cut into reader pages, and on which page (and at which anchor) each eId lands.

One contents page per document (its preface and preamble, and the list of its provisions); a contents page per
top-level Part or Chapter of the body (its Chapters, cross-headings and sections as a list, and whatever it holds
outside a section); a page per section, wherever it sits (its breadcrumb is the Parts and Chapters above it); a page
for a run of other provisions that sit directly in the body; and one page per attachment (schedules, the Bills'
statements of objects and reasons, notes on clauses, memoranda).

Every element with an eId is anchored (HTML ``id``) on its page under that eId, except inline markers (refs, terms,
remarks…), which are reached through their nearest anchored ancestor, and the paragraphs of a table's cells, which are
reached through their row (:func:`cell_paragraph`: the penalty Table's 500 cells would otherwise weigh 27 KB of
ids). :meth:`DocumentPages.locate` gives the page and anchor for any eId of the document. A section's page holds the
eIds of the section and of everything in it.

The reader's pages (``lex_book.reader``), the notes, the open data, the live runtime's page table and
``widgets.views.reader_links`` all ask this module; the element names come from :mod:`corpus.vocabulary`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

from lxml import etree

import corpus
from corpus.vocabulary import DIVISIONS, GROUPS, INLINE
from corpus.xmlio import AKN_NS
from corpus.xmlio import local_name as local

READER_DIR = "book/reader"
"""Where the reader's pages live, relative to the book root (generated at build time, never committed)."""

COMPARISONS_DIR = "book/comparisons"
"""Where the comparison pages are generated, relative to the book root (never committed)."""


def derivation_docname(bill: str, act: str) -> str:
    """The docname of the "From Bill to Act" page of the derivation table of ``bill`` and ``act``."""
    return f"{COMPARISONS_DIR}/{bill}-to-{act}"


def child(el: etree._Element, name: str) -> etree._Element | None:
    """The first child of ``el`` named ``name`` (AKN namespace)."""
    return el.find(f"{{{AKN_NS}}}{name}")


def text_of(el: etree._Element | None, remarks: bool = True) -> str:
    """The whitespace-normalised text of ``el`` ("" for ``None``); without editorial remarks if ``remarks=False``."""
    if el is None:
        return ""
    if remarks:
        return " ".join("".join(el.itertext()).split())
    parts = [el.text or ""]
    for sub in el:
        if isinstance(sub.tag, str) and local(sub) != "remark":
            parts.append(text_of(sub, remarks=False))
        parts.append(sub.tail or "")
    return " ".join("".join(parts).split())


def slug(eid: str) -> str:
    """A page name from an eId: ``part_IV`` → ``part-iv``, ``part_III__chp_I`` → ``part-iii-chapter-i``."""
    words = eid.replace("chp_", "chapter_").replace("__", "_").split("_")
    return "-".join(w.lower() for w in words if w)


def division_title(el: etree._Element) -> str:
    """``Part IV — SEAMEN``: the kind of division, its number and its heading."""
    name = {"chp": "Chapter"}.get(local(el), local(el).capitalize())
    num = text_of(child(el, "num"), remarks=False).rstrip(".")
    heading = text_of(child(el, "heading"), remarks=False)
    label = f"{name} {num}".strip()
    return f"{label} — {heading}" if heading else label


def section_title(el: etree._Element) -> str:
    """``161. Wages on termination of service by wreck, illness, etc.``: a section's number and heading."""
    num = text_of(child(el, "num"), remarks=False).rstrip(".")
    heading = text_of(child(el, "heading"), remarks=False)
    if num and heading:
        return f"{num}. {heading}"
    return f"Section {num}" if num else heading or el.get("eId", "")


@dataclass
class Page:
    """One reader page: its file name (without suffix) in the document's folder, title, and the elements it shows."""

    slug: str
    title: str
    elements: list[etree._Element]
    kind: str  # "contents", "division" (contents of a Part or Chapter), "section", "provisions" or "attachment"
    parent: str | None = None
    """The slug of the page whose contents list this one (``None`` for the document's contents page)."""
    trail: list[etree._Element] = field(default_factory=list)
    """A section's Parts and Chapters, outermost first (its breadcrumb)."""

    def docname(self, doc_id: str) -> str:
        return f"{READER_DIR}/{doc_id}/{self.slug}"


@dataclass
class DocumentPages:
    """The pages of one document and where each of its eIds is anchored."""

    doc_id: str
    title: str
    pages: list[Page]
    anchors: dict[str, tuple[str, str]] = field(default_factory=dict)
    """eId → (page slug, anchor id) for every eId of the document."""

    @property
    def contents(self) -> Page:
        return self.pages[0]

    @property
    def sections(self) -> list[Page]:
        """The section pages in document order."""
        return [p for p in self.pages if p.kind == "section"]

    def page(self, slug: str) -> Page | None:
        return next((p for p in self.pages if p.slug == slug), None)

    def neighbours(self, page: Page) -> tuple[Page | None, Page | None]:
        """The section pages before and after the section page ``page`` (``None`` at either end)."""
        sections = self.sections
        index = next(i for i, p in enumerate(sections) if p is page)
        return (sections[index - 1] if index else None), (sections[index + 1] if index + 1 < len(sections) else None)

    def locate(self, eid: str | None) -> tuple[str, str] | None:
        """The docname and anchor of ``eid`` (the contents page and no anchor for ``None``); ``None`` if unknown."""
        if not eid:
            return self.contents.docname(self.doc_id), ""
        found = self.anchors.get(eid)
        if found is None:
            return None
        page_slug, anchor = found
        return f"{READER_DIR}/{self.doc_id}/{page_slug}", anchor


def sections_in(el: etree._Element) -> list[etree._Element]:
    """The sections inside ``el``, in document order (not those quoted inside another section)."""
    return [s for s in el.iter(f"{{{AKN_NS}}}section") if not any(local(a) == "section" for a in s.iterancestors())]


class _Slugs:
    """Page names, each used once in a document."""

    def __init__(self) -> None:
        self.taken: set[str] = set()

    def __call__(self, wanted: str, fallback: str) -> str:
        name = wanted or fallback
        if name in self.taken:
            name = fallback if fallback not in self.taken else f"{fallback}-{len(self.taken)}"
        self.taken.add(name)
        return name


def _section_pages(root: etree._Element, parent: str | None, slugs: _Slugs) -> list[Page]:
    pages = []
    for section in sections_in(root) if local(root) != "section" else [root]:
        trail = [a for a in reversed(list(section.iterancestors())) if local(a) in GROUPS]
        num = text_of(child(section, "num"), remarks=False).rstrip(".")
        wanted = "-".join("".join(c if c.isalnum() else " " for c in num.lower()).split())
        name = slugs(f"section-{wanted}" if wanted else "", slug(section.get("eId") or "section"))
        pages.append(Page(name, section_title(section), [section], "section", parent, trail))
    return pages


def _body_pages(body: etree._Element, slugs: _Slugs) -> list[Page]:
    pages: list[Page] = []
    loose: list[etree._Element] = []

    def flush() -> None:
        if loose:
            name = slugs(slug(loose[0].get("eId") or ""), "provisions")
            pages.append(Page(name, "Provisions", list(loose), "provisions", "index"))
            loose.clear()

    for el in body:
        name = local(el)
        if not name:
            continue
        if name in DIVISIONS:
            flush()
            division = Page(slugs(slug(el.get("eId")), f"division-{len(pages)}"), division_title(el), [el], "division")
            division.parent = "index"
            pages.append(division)
            pages.extend(_section_pages(el, division.slug, slugs))
        elif name == "section":
            flush()
            pages.extend(_section_pages(el, "index", slugs))
        else:
            loose.append(el)
    flush()
    return pages


def _attachment_pages(doc: etree._Element, slugs: _Slugs) -> list[Page]:
    pages = []
    attachments = child(doc, "attachments")
    for index, att in enumerate(attachments if attachments is not None else [], start=1):
        if local(att) != "attachment":
            continue
        heading = text_of(child(att, "heading")) or f"Attachment {index}"
        wanted = "-".join("".join(c if c.isalnum() else " " for c in heading.lower()).split())
        name = slugs(wanted, f"attachment-{index}")
        pages.append(Page(name, heading.title() if heading.isupper() else heading, [att], "attachment", "index"))
    return pages


def cell_paragraph(el: etree._Element) -> bool:
    """Whether ``el`` is a paragraph of a table's cell (anchored through its row, not under its own eId)."""
    parent = el.getparent()
    return local(el) == "p" and parent is not None and local(parent) in {"td", "th"}


def _anchor_all(pages: list[Page]) -> dict[str, tuple[str, str]]:
    """Every eId's page and anchor; a division's page takes only what none of its sections' pages holds."""
    anchors: dict[str, tuple[str, str]] = {}
    for page in sorted(pages, key=lambda p: p.kind == "division"):
        for root in page.elements:
            for el in root.iter():
                eid = el.get("eId") if isinstance(el.tag, str) else None
                if not eid or eid in anchors:
                    continue
                inline = [a for a in (el, *el.iterancestors()) if local(a) in INLINE]
                if inline or cell_paragraph(el):  # an inline element, a block inside one (a side note's <p>), a cell's
                    outer = inline[-1] if inline else el.getparent()
                    # the nearest anchored ancestor: a cell's paragraph is not one (its row is)
                    holder = next((a for a in outer.iterancestors() if a.get("eId") and not cell_paragraph(a)), None)
                    anchors[eid] = (page.slug, holder.get("eId") if holder is not None else "")
                else:
                    anchors[eid] = (page.slug, eid)
    return anchors


@cache
def document_pages(doc_id: str) -> DocumentPages:
    """The reader pages of ``doc_id`` (cached: the XML is read once per build)."""
    entry = corpus.document(doc_id)
    root = corpus.load(doc_id)
    doc = next(c for c in root if local(c))
    slugs = _Slugs()
    contents = Page(
        slugs("index", "index"), entry.title, [c for c in doc if local(c) in {"preface", "preamble"}], "contents"
    )
    body = child(doc, "body") if child(doc, "body") is not None else child(doc, "mainBody")
    pages = [contents, *(_body_pages(body, slugs) if body is not None else [])]
    pages += _attachment_pages(doc, slugs)
    result = DocumentPages(doc_id, entry.title, pages)
    result.anchors = _anchor_all(pages)
    return result


def locate_uri(uri: str) -> tuple[str, str | None] | None:
    """The document and eId an AKN ``href`` to another document names (``/akn/in/act/1875-01-01/12/~chp_V``).

    The expression part (``/eng@…``) is ignored; ``None`` when no document of the corpus has that work URI.
    """
    best = None
    for entry in corpus.documents():
        if (uri == entry.frbr_uri or uri.startswith(entry.frbr_uri + "/") or uri.startswith(entry.frbr_uri + "#")) and (
            best is None or len(entry.frbr_uri) > len(best.frbr_uri)
        ):
            best = entry
    if best is None:
        return None
    rest = uri[len(best.frbr_uri) :].lstrip("/")
    if rest.startswith("eng"):
        rest = rest.split("/", 1)[1] if "/" in rest else ""
    rest = rest.lstrip("~#/")
    return best.id, rest or None

"""How a document of the corpus is cut into reader pages, and on which page (and at which anchor) each eId lands.

One contents page per document (its preface and preamble, and the list of its provisions), one page per top-level
Part or Chapter of the body (a Part whose text is larger than :data:`SPLIT_PART_CHARS` gets one page per Chapter
instead), a page per run of sections that sit directly in the body, and one page per attachment (schedules, the Bills'
statements of objects and reasons, notes on clauses, memoranda).

Every element with an eId is anchored (HTML ``id``) on its page under that eId, except inline markers (refs, terms,
remarks…), which are reached through their nearest anchored ancestor: :meth:`DocumentPages.locate` gives the page and
anchor for any eId of the document.

The XML is read only through :mod:`corpus` (``corpus.load`` and the catalogue). The generic walking below ("the
top-level divisions of a body", "the eIds under an element") is a candidate for a helper in ``corpus`` itself.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

from lxml import etree

import corpus
from corpus.xmlio import AKN_NS

SPLIT_PART_CHARS = 400_000
"""A Part with more text than this is cut into one page per Chapter (every Part of the corpus is well below it)."""

READER_DIR = "book/reader"
"""Where the reader's pages live, relative to the book root (generated at build time, never committed)."""

INLINE = {
    "ref",
    "term",
    "remark",
    "sup",
    "sub",
    "i",
    "b",
    "u",
    "span",
    "inline",
    "abbr",
    "date",
    "eol",
    "img",
    "noteRef",
    "authorialNote",
    "docTitle",
    "docNumber",
    "docDate",
    "docProponent",
    "docStage",
    "docType",
    "entity",
    "placeholder",
    "quantity",
    "person",
    "organization",
    "location",
}
"""Inline AKN elements: never anchored (a link to one goes to its nearest anchored ancestor)."""

DIVISIONS = {"part", "chapter"}
"""The body's top-level divisions that become pages of their own."""


def local(el: etree._Element) -> str:
    """The local name of an AKN element ("" for comments and processing instructions)."""
    return etree.QName(el).localname if isinstance(el.tag, str) else ""


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


@dataclass
class Page:
    """One reader page: its file name (without suffix) in the document's folder, title, and the elements it shows."""

    slug: str
    title: str
    elements: list[etree._Element]
    kind: str  # "contents", "division", "part-head" (of a split Part), "sections" or "attachment"
    anchor: str | None = None
    """An eId anchored at the top of the page besides those of its elements (the split Part's own eId)."""

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

    def locate(self, eid: str | None) -> tuple[str, str] | None:
        """The docname and anchor of ``eid`` (the contents page and no anchor for ``None``); ``None`` if unknown."""
        if not eid:
            return self.contents.docname(self.doc_id), ""
        found = self.anchors.get(eid)
        if found is None:
            return None
        page_slug, anchor = found
        return f"{READER_DIR}/{self.doc_id}/{page_slug}", anchor


def _top_level_pages(body: etree._Element) -> list[Page]:
    pages: list[Page] = []
    loose: list[etree._Element] = []

    def flush() -> None:
        if not loose:
            return
        nums = [text_of(child(el, "num"), remarks=False).rstrip(".") for el in loose if local(el) == "section"]
        if len(nums) > 1:
            name, title = slug(f"sections_{nums[0]}_{nums[-1]}"), f"Sections {nums[0]}–{nums[-1]}"
        elif nums:
            name, title = slug(f"section_{nums[0]}"), f"Section {nums[0]}"
        else:
            name, title = slug(loose[0].get("eId") or "provisions"), "Provisions"
        pages.append(Page(name, title, list(loose), "sections"))
        loose.clear()

    for el in body:
        name = local(el)
        if not name:
            continue
        if name in DIVISIONS:
            flush()
            if name == "part" and len(text_of(el)) > SPLIT_PART_CHARS and child(el, "chapter") is not None:
                pages.extend(_split_part(el))
            else:
                pages.append(Page(slug(el.get("eId")), division_title(el), [el], "division"))
        else:
            loose.append(el)
    flush()
    return pages


def _split_part(part: etree._Element) -> list[Page]:
    """One page per Chapter of ``part``, after a page for the Part itself holding whatever is not in a Chapter."""
    rest = [c for c in part if local(c) not in {"chapter", "num", "heading", ""}]
    pages = [Page(slug(part.get("eId")), division_title(part), rest, "part-head", anchor=part.get("eId"))]
    for chapter in part.iterfind(f"{{{AKN_NS}}}chapter"):
        title = f"{division_title(part).split(' — ')[0]}, {division_title(chapter)}"
        pages.append(Page(slug(chapter.get("eId")), title, [chapter], "division"))
    return pages


def _attachment_pages(doc: etree._Element, taken: set[str]) -> list[Page]:
    pages = []
    attachments = child(doc, "attachments")
    for index, att in enumerate(attachments if attachments is not None else [], start=1):
        if local(att) != "attachment":
            continue
        heading = text_of(child(att, "heading")) or f"Attachment {index}"
        name = "-".join("".join(c if c.isalnum() else " " for c in heading.lower()).split()) or f"attachment-{index}"
        while name in taken:
            name = f"{name}-{index}"
        taken.add(name)
        pages.append(Page(name, heading.title() if heading.isupper() else heading, [att], "attachment"))
    return pages


def _anchor_all(pages: list[Page]) -> dict[str, tuple[str, str]]:
    anchors: dict[str, tuple[str, str]] = {}
    for page in pages:
        if page.anchor:
            anchors[page.anchor] = (page.slug, page.anchor)
        for root in page.elements:
            for el in root.iter():
                eid = el.get("eId") if isinstance(el.tag, str) else None
                if not eid or eid in anchors:
                    continue
                inline = [a for a in (el, *el.iterancestors()) if local(a) in INLINE]
                if inline:  # an inline element, or a block inside one (the <p> of a side note): its holder's anchor
                    outer = inline[-1]
                    holder = next((a for a in outer.iterancestors() if a.get("eId")), None)
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
    contents = Page("index", entry.title, [c for c in doc if local(c) in {"preface", "preamble"}], "contents")
    body = child(doc, "body") if child(doc, "body") is not None else child(doc, "mainBody")
    pages = [contents, *(_top_level_pages(body) if body is not None else [])]
    pages += _attachment_pages(doc, {p.slug for p in pages})
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

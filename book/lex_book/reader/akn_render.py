"""Akoma Ntoso elements (obtained through :mod:`corpus`) as docutils nodes, so that Sphinx indexes the statute text.

Parts, chapters and sections become document sections (their titles feed the page's table of contents and search);
lower levels become ``div`` containers; every non-inline element with an eId gets that eId as its HTML ``id``.

Links are left pending: a ``reference`` node carries ``akn_target = "<doc-id> <eId>"`` and the Sphinx extension
(:mod:`statute_reader`) turns it into ``page.html#eId`` once all pages are known. A defined term links to the clause
that defines it and names its definition (``akn_definition = "<doc-id> #term-x"``); :mod:`definition_popover` puts
each definition used on a page once in that page, where a tap, click or Enter on the term shows it. Editorial remarks,
unparsed source lines and explanations keep their own CSS classes so that they read as distinct from the law text.

On the reader's pages every numbered provision carries a :class:`provision_link`: a visible ``¶`` permalink to its
anchor with the provision's citation ("s. 161(1)(a)(ii)"), which ``static/statute_reader.js`` offers to copy after
the document's title the page holds once (:class:`work_title`): "Merchant Shipping Ordinance, 2001, s. 161(1)(a)(ii)".
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from html import escape
from typing import Any

from docutils import nodes
from lxml import etree

import corpus
from corpus.cite import citation_of
from corpus.page_map import cell_paragraph, child, division_title, local, locate_uri, text_of
from corpus.vocabulary import HIERARCHY, INLINE, SECTIONING

TITLE_CHARS = 400
"""Longest definition text a term's popover shows (its link leads to the full definition)."""

HIER = HIERARCHY
"""Elements rendered as containers with their number in front (:data:`corpus.vocabulary.HIERARCHY`)."""

SKIP = {"meta", "num", "heading", "subheading", "components"}

SECTION_CELL = re.compile(r"\b\d+[A-Z]?(?:\s*\(\s*[0-9A-Za-z]+\s*\))*")
"""A reference in a Table's section column: ``14(1)``, ``94 (1) (b)``, ``83(14)(a)``."""
WRAPPERS = {"intro", "content", "wrapUp", "listIntroduction", "listWrapUp", "mainBody", "body", "doc", "attachments"}


class provision_link(nodes.Inline, nodes.Element):
    """A provision's permalink: ``eid`` (its anchor) and ``label``, its citation ("s. 161(1)(a)(ii)")."""


def visit_provision_link(self: Any, node: provision_link) -> None:
    """``<a class="akn-permalink" href="#eId" aria-label="Link to s. 161(1)" data-akn-cite="s. 161(1)">¶</a>``: the
    citation without the document's title, which the page holds once (:class:`work_title`)."""
    label = escape(node["label"])
    self.body.append(
        f'<a class="akn-permalink" href="#{escape(node["eid"])}" aria-label="Link to {label}" '
        f'data-akn-cite="{label}">¶</a>'
    )
    raise nodes.SkipNode


class work_title(nodes.General, nodes.Element):
    """The title a reader page's citations begin with (``title``: "Merchant Shipping Ordinance, 2001")."""


def visit_work_title(self: Any, node: work_title) -> None:
    """``<span id="akn-work" data-akn-title="…" hidden></span>``, read by ``static/statute_reader.js``."""
    self.body.append(f'<span id="akn-work" data-akn-title="{escape(node["title"])}" hidden></span>\n')
    raise nodes.SkipNode


def cite_line(doc_id: str, el: etree._Element) -> str:
    """The citation of ``el`` with the document's short title: "Merchant Shipping Ordinance, 2001, s. 161(1)"."""
    label = citation_of(el)
    return f"{corpus.document(doc_id).short_title}, {label}" if label else corpus.document(doc_id).short_title


@dataclass(frozen=True)
class Definition:
    """Where a defined term is defined: the anchored clause holding its ``<def>``, that clause's text without its
    editorial remarks, and those remarks ("[Editorial correction: the source reads …]") apart."""

    eid: str
    text: str
    remarks: tuple[str, ...] = ()

    @property
    def short(self) -> str:
        """The text as a term's popover shows it: at most :data:`TITLE_CHARS` characters, cut at a word."""
        return _short(self.text)


MARGINAL_NOTES = {"heading", "subheading"}
"""A defining clause's own title, left out of its definition text."""


def definition_text(clause: etree._Element) -> str:
    """The words of a defining clause (its number and body) without its own heading.

    The heading of a definition is a marginal note that repeats the term: the 1880 Act's source line 7 reads "ship .
    ship includes every description of vessel…", a paragraph headed "ship" (corpus/markup/in-msa-1880.txt,
    ``PARA - ship``); the 1875 Act's are headed "Vessel", "Master"…; and a section that opens with a definition may
    hold an editorial remark in its heading instead (the 1880 Act's s. 71, "wreck"). None of it defines anything.
    """
    words = [clause.text or ""]
    for sub in clause:
        if isinstance(sub.tag, str) and local(sub) not in MARGINAL_NOTES | {"remark"}:
            words.append(text_of(sub, remarks=False))
        words.append(sub.tail or "")
    return " ".join(" ".join(words).split())


def definition_remarks(clause: etree._Element) -> tuple[str, ...]:
    """The editorial remarks in a defining clause's words (not in its heading), without their brackets."""
    heads = [h for name in MARGINAL_NOTES if (h := child(clause, name)) is not None]
    found = [r for r in clause.iter("{*}remark") if not any(h in r.iterancestors() for h in heads)]
    return tuple(text_of(r).strip().removeprefix("[").removesuffix("]").strip() for r in found)


@cache
def definitions(doc_id: str) -> dict[str, Definition]:
    """``refersTo`` (``#term-ship``) → the clause of ``doc_id`` that defines it (the first, in document order)."""
    found: dict[str, Definition] = {}
    for el in corpus.load(doc_id).iter("{*}def"):
        refers = el.get("refersTo")
        if not refers or refers in found:
            continue
        clause = next((a for a in el.iterancestors() if a.get("eId") and local(a) not in INLINE | {"p"}), None)
        if clause is None:
            continue
        found[refers] = Definition(clause.get("eId"), definition_text(clause), definition_remarks(clause))
    return found


def term_names(doc_id: str) -> dict[str, str]:
    """``#term-ship`` → the term's name as the document's TLCTerm (or, failing that, its ``<def>``) gives it."""
    names = {f"#{t.get('eId')}": t.get("showAs", "") for t in corpus.load(doc_id).iter("{*}TLCTerm")}
    for el in corpus.load(doc_id).iter("{*}def"):
        names.setdefault(el.get("refersTo", ""), text_of(el))
    return names


def _short(text: str) -> str:
    return text if len(text) <= TITLE_CHARS else text[: TITLE_CHARS - 2].rsplit(" ", 1)[0] + " …"


class Renderer:
    """Renders the elements of one document.

    For a quotation elsewhere in the book, ``anchors=False`` leaves out the ids (the reader holds them) and
    ``sections=False`` renders parts, chapters and sections as containers, so that they do not enter the quoting
    page's table of contents.
    """

    def __init__(self, doc_id: str, anchors: bool = True, sections: bool = True) -> None:
        self.doc_id = doc_id
        self.anchors = anchors
        self.sections = sections
        self.unresolved: list[str] = []
        """hrefs that name nothing in the corpus's documents (the extension reports them)."""

    # -- blocks ---------------------------------------------------------------------------------------------------

    def ids(self, el: etree._Element) -> list[str]:
        """``el``'s eId as its HTML id (none in a quotation, nor for a table cell's paragraph: its row holds it)."""
        eid = el.get("eId")
        return [eid] if eid and self.anchors and not cell_paragraph(el) else []

    def blocks(self, elements: Iterable[etree._Element]) -> list[nodes.Node]:
        out: list[nodes.Node] = []
        for el in elements:
            out.extend(self.block(el))
        return out

    def block(self, el: etree._Element) -> list[nodes.Node]:
        name = local(el)
        if not name or name in SKIP:
            return []
        if name in SECTIONING:
            return [self.section(el) if self.sections else self.titled_container(el)]
        if name in HIER:
            return [self.hier(el)]
        if name in WRAPPERS:
            return self._wrapped(el)
        if name == "p" or (name == "longTitle" and child(el, "p") is None):
            return [self.paragraph(el)]
        if name in {"crossHeading", "subheading"}:
            return [nodes.rubric("", "", *self.inline_children(el), ids=self.ids(el), classes=["akn-crossheading"])]
        if name == "table":
            return [self.table(el)]
        if name == "attachment":
            return self.attachment(el)
        if name in INLINE:
            return [nodes.paragraph("", "", *self.inline(el))]
        container = nodes.container(ids=self.ids(el), classes=[f"akn-{name}"])
        container.extend(self.blocks(el))
        return [container]

    def _wrapped(self, el: etree._Element) -> list[nodes.Node]:
        name = local(el)
        if name in {"intro", "wrapUp", "listIntroduction", "listWrapUp"}:
            container = nodes.container(ids=self.ids(el), classes=[f"akn-{name.lower()}"])
            container.extend(self.blocks(el))
            return [container]
        return self.blocks(el)

    def title_nodes(self, el: etree._Element) -> list[nodes.Node]:
        """``161. Wages on termination…`` for a section, ``Part IV — SEAMEN`` for a division."""
        heading, num = child(el, "heading"), text_of(child(el, "num"), remarks=False)
        if local(el) == "section":
            label = " ".join(filter(None, [num, text_of(heading, remarks=False)]))
            return [nodes.Text(label or el.get("eId", ""))]
        return [nodes.Text(division_title(el))]

    def title_remarks(self, el: etree._Element) -> list[nodes.Node]:
        """The editorial remarks inside a number or heading, which titles leave out, as a paragraph of their own."""
        found = [
            r for name in ("num", "heading") if (part := child(el, name)) is not None for r in part.iter("{*}remark")
        ]
        if not found:
            return []
        return [nodes.paragraph("", "", *(n for r in found for n in self.inline(r)), classes=["akn-title-remarks"])]

    def section(self, el: etree._Element) -> nodes.section:
        # a section node needs an id even in a quotation, where the eId is left to the reader
        section = nodes.section(ids=self.ids(el) or [f"q-{el.get('eId', 'x')}"], classes=[f"akn-{local(el)}"])
        section += nodes.title("", "", *self.title_nodes(el))
        section.extend(self.title_remarks(el))
        sub = child(el, "subheading")
        if sub is not None:
            section += nodes.rubric("", "", *self.inline_children(sub), classes=["akn-subheading"])
        section.extend(self.blocks(el))
        return section

    def titled_container(self, el: etree._Element) -> nodes.container:
        container = nodes.container(ids=self.ids(el), classes=[f"akn-{local(el)}"])
        container += nodes.paragraph("", "", *self.title_nodes(el), classes=["akn-title"])
        container.extend(self.title_remarks(el))
        sub = child(el, "subheading")
        if sub is not None:
            container += nodes.paragraph("", "", *self.inline_children(sub), classes=["akn-subheading"])
        container.extend(self.blocks(el))
        return container

    def hier(self, el: etree._Element) -> nodes.container:
        own = [
            f"akn-{c}" for c in (el.get("class") or "").split()
        ]  # e.g. an explanation: <blockContainer class="explanation">
        container = nodes.container(ids=self.ids(el), classes=["akn-hier", f"akn-{local(el).lower()}", *own])
        num, heading = child(el, "num"), child(el, "heading")
        lead: list[nodes.Node] = []
        if num is not None:
            lead.append(nodes.inline("", "", *self.inline_children(num), classes=["akn-num"]))
            if self.ids(el):
                lead.append(self.permalink(el))
        if heading is not None:
            lead.append(nodes.strong("", "", *self.inline_children(heading), classes=["akn-heading"]))
        body = self.blocks(el)
        if lead:
            # the number sits on the first paragraph's line when the provision opens with text
            first = body[0] if body else None
            if isinstance(first, nodes.container) and first.children and "akn-intro" in first["classes"]:
                first = first.children[0]
            if isinstance(first, nodes.paragraph):
                for node in reversed(lead):
                    if not isinstance(node, provision_link):  # the permalink sits against its number
                        first.insert(0, nodes.Text(" "))
                    first.insert(0, node)
            else:
                body.insert(0, nodes.paragraph("", "", *lead, classes=["akn-numline"]))
        container.extend(body)
        return container

    def permalink(self, el: etree._Element) -> provision_link:
        """The ``¶`` permalink of a numbered provision, with its citation."""
        return provision_link(eid=el.get("eId"), label=citation_of(el) or el.get("eId"))

    def paragraph(self, el: etree._Element) -> nodes.paragraph:
        classes = [f"akn-{c}" for c in (el.get("class") or "").split()]
        if local(el) == "longTitle":
            classes.append("akn-longtitle")
        para = nodes.paragraph("", "", *self.inline_children(el), ids=self.ids(el), classes=classes)
        if "akn-unparsed" in classes:
            para.insert(0, nodes.inline("", "unparsed source line: ", classes=["akn-label"]))
        return para

    def attachment(self, el: etree._Element) -> list[nodes.Node]:
        out: list[nodes.Node] = [nodes.target("", "", ids=self.ids(el))] if self.ids(el) else []
        sub = child(el, "subheading")
        if sub is not None:
            out.append(nodes.rubric("", "", *self.inline_children(sub), classes=["akn-subheading"]))
        for part in el:
            if local(part) in {"doc", "debateReport", "statement", "act", "bill"}:
                for body in part:
                    if local(body) not in {"meta", ""}:
                        out.extend(self.block(body))
        return out

    def table(self, el: etree._Element, rows: list[etree._Element] | None = None) -> nodes.table:
        """``el`` as a table; with ``rows``, only those of its rows (a quoted item of the penalty table).

        The header cells' rows (with any title row spanning the table above them) are its ``<thead>``; the cells of
        its first column carry ``akn-col-1`` (the item numbers, which stay in view as a wide table scrolls); a column
        whose header names a section ("(3) [column: section of the Bill]") has its references linked; an item's row
        (and a sub-item's) has its permalink after its first words ("1. ¶", "(a) If a seafarer… ¶").
        """
        rows = rows if rows is not None else [r for r in el if local(r) == "tr"]
        grid: dict[tuple[int, int], bool] = {}
        columns: dict[etree._Element, int] = {}  # cell → column (kept alive: lxml reuses the proxy)
        width = 0
        for r, row in enumerate(rows):
            c = 0
            for cell in (x for x in row if local(x) in {"td", "th"}):
                while grid.get((r, c)):
                    c += 1
                columns[cell] = c
                span, down = int(cell.get("colspan", 1)), int(cell.get("rowspan", 1))
                for dr in range(down):
                    for dc in range(span):
                        grid[(r + dr, c + dc)] = True
                c += span
            width = max(width, c, *(k[1] + 1 for k in grid if k[0] == r))
        classes = ["akn-table", *(["akn-table-wide"] if width >= 4 else [])]
        table = nodes.table(ids=self.ids(el), classes=classes)
        group = nodes.tgroup(cols=width)
        table += group
        group.extend(nodes.colspec(colwidth=1) for _ in range(width))
        head_rows: list[etree._Element] = []  # the header cells' rows, with any title row spanning the table above them
        for index, row in enumerate(rows):
            cells = [x for x in row if local(x) in {"td", "th"}]
            if cells and all(local(x) == "th" for x in cells):
                head_rows = rows[: index + 1]
            elif not (len(cells) == 1 and int(cells[0].get("colspan", 1)) == width):
                break
        sections = {
            columns[cell]
            for row in head_rows
            for cell in row
            if local(cell) == "th" and "section" in text_of(cell).lower()
        }
        if head_rows:
            thead = nodes.thead()
            thead.extend(self._row(r, columns, set()) for r in head_rows)
            group += thead
        tbody = nodes.tbody()
        for row in rows[len(head_rows) :]:
            tbody += self._row(row, columns, sections)
            first = tbody[-1].next_node(nodes.paragraph)
            if self.ids(row) and "__item_" in row.get("eId") and first is not None:
                first += self.permalink(row)  # a Table item (38) or sub-item (38(a))
        group += tbody
        return table

    def _row(self, row: etree._Element, columns: dict[etree._Element, int], sections: set[int]) -> nodes.row:
        out = nodes.row(ids=self.ids(row))
        for cell in row:
            if local(cell) not in {"td", "th"}:
                continue
            column = columns.get(cell, -1)
            entry = nodes.entry(ids=self.ids(cell), classes=["akn-col-1"] if column == 0 else [])
            if int(cell.get("colspan", 1)) > 1:
                entry["morecols"] = int(cell.get("colspan")) - 1
            if int(cell.get("rowspan", 1)) > 1:
                entry["morerows"] = int(cell.get("rowspan")) - 1
            entry.extend(self.blocks(cell))
            if column in sections:
                for text in list(entry.findall(nodes.Text)):
                    if not isinstance(text.parent, nodes.reference):
                        text.parent.replace(text, self.section_links(str(text)))
            out += entry
        return out

    def section_links(self, text: str) -> list[nodes.Node]:
        """``14(1)``, ``94 (1) (b)``, ``122(1) or`` in a Table's section column: each reference a link to the
        provision it names in this document; words that name nothing (``General``) stay text."""
        out: list[nodes.Node] = []
        cut = 0
        for match in SECTION_CELL.finditer(text):
            try:
                eid = corpus.cite(self.doc_id, "".join(match[0].split())).eid
            except corpus.CitationError:
                continue
            out += [nodes.Text(text[cut : match.start()])] if match.start() > cut else []
            out.append(
                nodes.reference(
                    "", match[0], internal=True, refuri="", classes=["akn-ref"], akn_target=f"{self.doc_id} {eid}"
                )
            )
            cut = match.end()
        out += [nodes.Text(text[cut:])] if cut < len(text) else []
        return out or [nodes.Text(text)]

    # -- inline ---------------------------------------------------------------------------------------------------

    def inline_children(self, el: etree._Element) -> list[nodes.Node]:
        """The mixed content of ``el`` (text and inline elements), whitespace collapsed."""
        out: list[nodes.Node] = []
        if el.text:
            out.append(nodes.Text(_collapse(el.text)))
        for sub in el:
            if isinstance(sub.tag, str):
                out.extend(self.inline(sub))
            if sub.tail:
                out.append(nodes.Text(_collapse(sub.tail)))
        if out and isinstance(out[0], nodes.Text):
            out[0] = nodes.Text(out[0].lstrip())
        if out and isinstance(out[-1], nodes.Text):
            out[-1] = nodes.Text(out[-1].rstrip())
        return [n for n in out if not (isinstance(n, nodes.Text) and not n)]

    def inline(self, el: etree._Element) -> list[nodes.Node]:
        name = local(el)
        inner = self.inline_children(el)
        if name == "term":
            return [self.term(el, inner)]
        if name == "ref":
            return [self.ref(el, inner)]
        if name == "def":
            return [nodes.inline("", "", *inner, ids=self.ids(el), classes=["akn-def"])]
        if name == "remark" and text_of(el).strip() == "[blank]":  # a table cell the source leaves empty
            return [nodes.inline("", "[blank]", classes=["akn-remark", "akn-blank"])]
        if name == "remark":
            return [nodes.inline("", "", *inner, classes=["akn-remark"])]
        if name == "authorialNote" and el.get("class") == "editorial":
            # a footnote of India Code (commencement, amendment history) at its mark: an editorial note, not law text
            marker = nodes.superscript("", el.get("marker", ""), classes=["akn-note-marker"])
            return [marker, nodes.inline("", "", *inner, classes=["akn-editorial-note"])]
        if name == "authorialNote" and el.get("placement") == "side":
            # a note the source prints in the margin: the 1875/1880 Acts' marginal note beside a line that goes on
            # with the sentence (set apart on its own line), or the Gazette's citation of an Act, one ref ("80 of
            # 1976."), which stays in the sentence beside the Act it cites
            refs = el.findall(".//{*}ref")
            citation = len(refs) == 1 and text_of(el).strip() == text_of(refs[0]).strip()
            return [nodes.inline("", "", *inner, classes=["akn-side-note", *(["akn-margin-citation"] * citation)])]
        if name == "sup":
            return [nodes.superscript("", "", *inner)]
        if name == "sub":
            return [nodes.subscript("", "", *inner)]
        if name == "i":
            return [nodes.emphasis("", "", *inner)]
        if name == "b":
            return [nodes.strong("", "", *inner)]
        if name == "eol":
            return [nodes.Text(" ")]
        if name in {"p", "num", "heading"} or name not in INLINE:
            return [nodes.inline("", "", *inner, classes=[f"akn-{name}"]), nodes.Text(" ")]
        return [nodes.inline("", "", *inner, classes=[f"akn-{name}"])]

    def term(self, el: etree._Element, inner: list[nodes.Node]) -> nodes.Node:
        definition = definitions(self.doc_id).get(el.get("refersTo", ""))
        if definition is None:  # defined in no clause of this document: the term's name is all there is to show
            name = term_names(self.doc_id).get(el.get("refersTo", ""), "")
            return nodes.abbreviation("", "", *inner, explanation=name, classes=["akn-term", "akn-term-undefined"])
        return nodes.reference(
            "", "", *inner, internal=True, refuri="", classes=["akn-term"],
            akn_target=f"{self.doc_id} {definition.eid}", akn_definition=f"{self.doc_id} {el.get('refersTo')}",
        )  # fmt: skip

    def ref(self, el: etree._Element, inner: list[nodes.Node]) -> nodes.Node:
        href = el.get("href", "")
        if href.startswith("#"):
            target: tuple[str, str | None] | None = (self.doc_id, href[1:])
        elif href.startswith("/akn/"):
            target = locate_uri(href)
            if target is None:  # a work outside the corpus: said in the hover text, not linked
                return nodes.abbreviation("", "", *inner, explanation=href, classes=["akn-ref", "akn-ref-external"])
        else:
            target = None
        if target is None:
            self.unresolved.append(href)
            return nodes.inline("", "", *inner, classes=["akn-ref", "akn-ref-unresolved"])
        return nodes.reference(
            "", "", *inner, internal=True, refuri="", classes=["akn-ref"], akn_target=f"{target[0]} {target[1] or ''}"
        )


def _collapse(text: str) -> str:
    """Runs of whitespace (XML indentation included) as one space, keeping a leading or trailing one."""
    core = " ".join(text.split())
    if not core:
        return " "
    return (" " if text[0].isspace() else "") + core + (" " if text[-1].isspace() else "")

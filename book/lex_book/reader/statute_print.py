"""A whole statute printed from its contents page, with no page of its own (issue 26, item 8).

A statute is read one section per page (:mod:`statute_reader`), so the browser cannot print it whole. Its contents
page carries a "Print the whole Act" control (the catalogue's kind: "Bill", "Ordinance") and the statute's print
plan, written by the build from :mod:`corpus.page_map` (never from our own HTML): in document order, the title of
each Part and Chapter and each cross-heading, with the page of each section, run of provisions and attachment
(schedule, statement of objects and reasons), and, where a Part holds text outside its sections (a recital in the
1880 Act's Chapter VII), the eIds of that text on the Part's page. ``static/statute_print.js`` fetches those pages of
the same site in order (six at a time; "12 of 452 sections" as it goes), takes from each the law it shows — the
section's heading, text, notes and amendment history; not its banner, breadcrumb, citation line, calculator links or
pager — into a print container on the contents page and calls ``window.print()``. A page that cannot be fetched (a
404, or offline with the page not saved) stops it with a message saying so and what to do: a statute is printed
whole or not at all. Offline, the service worker (``lex_book/offline``) answers from the pages it kept.

What prints: the contents page's title, banner, facts, preface and preamble, then the assembled statute; not the
contents list or the control (``static/statute_reader.css``); the rest as every printed page
(:mod:`lex_book.theme.print_handout`: no buttons, ¶ menus or toggles; the footer with citation, address and date).

The plan costs the build nothing beyond the contents page it is written into: no page, file or event per statute.
"""

from __future__ import annotations

import json
from html import escape
from typing import Any

from docutils import nodes
from lxml import etree
from sphinx.application import Sphinx
from sphinx.writers.html5 import HTML5Translator

import corpus
from corpus import page_map
from corpus.page_map import document_pages, local, text_of
from lex_book.reader import akn_render, document_status

Entry = dict[str, Any]
"""One step of a print plan: ``{"h": title, "l": depth}`` a Part's or Chapter's heading (``"c": 1`` a
cross-heading); ``{"p": docname, "a": eId, "l": depth, "k": kind}`` a page whose law is printed whole;
``{"p": docname, "ids": [eId, …], "l": depth, "k": "division"}`` the text a Part's page holds outside its sections."""


def print_plan(doc_id: str) -> list[Entry]:
    """What a printed ``doc_id`` holds after its contents page's own text, in document order (docnames, not
    addresses: the contents page's node makes them relative)."""
    pages = document_pages(doc_id)
    plan: list[Entry] = []
    for page in pages.pages[1:]:
        if page.kind == "division":
            plan.extend(_division(doc_id, page.docname(doc_id), page.elements[0], 1))
        elif page.parent == pages.contents.slug:  # a loose section, a run of provisions, an attachment
            plan.append(_page(page.docname(doc_id), page.elements[0], 0, page.kind))
    return plan


def _page(docname: str, el: etree._Element, depth: int, kind: str) -> Entry:
    return {"p": docname, "a": el.get("eId", ""), "l": depth, "k": kind}


def _division(doc_id: str, docname: str, division: etree._Element, depth: int) -> list[Entry]:
    """A Part (or Chapter) as printed: its heading, then what it holds in order; its sections' own pages."""
    pages = document_pages(doc_id)
    out: list[Entry] = [{"h": page_map.division_title(division), "l": depth}]
    loose: list[str] = []

    def flush() -> None:
        if loose:
            out.append({"p": docname, "ids": list(loose), "l": depth, "k": "division"})
            loose.clear()

    for el in division:
        name = local(el)
        if name in page_map.GROUPS:
            flush()
            out.extend(_division(doc_id, docname, el, depth + 1))
        elif name == "section":
            flush()
            where = pages.locate(el.get("eId"))
            if where is not None:
                out.append(_page(where[0], el, depth, "section"))
        elif name == "crossHeading":
            flush()
            out.append({"h": text_of(el), "l": depth + 1, "c": 1})
        elif name and name not in akn_render.SKIP and el.get("eId"):
            loose.append(el.get("eId"))
    flush()
    return out


def sections_in_plan(plan: list[Entry]) -> list[str]:
    """The eIds of the pages of kind "section" a plan prints, in its order."""
    return [entry["a"] for entry in plan if entry.get("k") == "section"]


class statute_print(nodes.General, nodes.Element):
    """The contents page's "Print the whole Act" control: ``kind`` ("Act"), ``plan``
    (:func:`print_plan`), ``extras`` (the titles of the attachments it prints after the sections)."""


def print_control(doc_id: str) -> statute_print:
    doc = corpus.document(doc_id)
    extras = [p.title for p in document_pages(doc_id).pages if p.kind == "attachment"]
    return statute_print(kind=document_status.kind_label(doc), plan=print_plan(doc_id), extras=extras)


def size_line(sections: int, extras: list[str]) -> str:
    """What the control gathers: "611 sections and The Schedule", "280 sections, Statement of Objects and Reasons
    and Notes on Clauses"."""
    parts = [f"{sections} section{'' if sections == 1 else 's'}", *extras]
    return parts[0] if len(parts) == 1 else f"{', '.join(parts[:-1])} and {parts[-1]}"


def visit_statute_print(self: HTML5Translator, node: statute_print) -> None:
    """The control, hidden until its script shows it (a page without scripts has nothing that does nothing), and
    the plan with each docname as an address relative to the contents page."""
    here = self.builder.current_docname
    plan = [
        _compact(entry, self.builder.get_relative_uri(here, entry["p"]) if "p" in entry else "")
        for entry in node["plan"]
    ]
    size = size_line(len(sections_in_plan(node["plan"])), node["extras"])
    kind = node["kind"]
    text = json.dumps(plan, separators=(",", ":"), ensure_ascii=False).replace("</", "<\\/")
    self.body.append(
        f'<div class="lm-print-statute" data-pagefind-ignore="all" data-lm-kind="{escape(kind)}" hidden>'
        f'<button type="button" class="lm-print-statute-button">Print the whole {escape(kind)}</button>'
        f' <span class="lm-print-statute-size">{escape(size)}, gathered from their pages (a connection is needed'
        " for those not saved on this device)</span>"
        '<p class="lm-print-statute-status" role="status" aria-live="polite"></p>'
        f'<script type="application/json" class="lm-print-statute-plan">{text}</script></div>\n'
    )
    raise nodes.SkipNode


def _compact(entry: Entry, uri: str) -> Any:
    """An entry as the page carries it: a section's page as ``["section-161.html#part_IV__chp_11__sec_161", 2]``
    (its address, the anchor its page must hold, its depth: 611 of them on the Ordinance's contents page); any other
    page as ``{"p": address#anchor, "l": depth, "k": kind}`` or ``{"p": address, "ids": […], "l": depth}``."""
    if "p" not in entry:
        return entry
    if "ids" in entry:
        return {**entry, "p": uri}
    address = f"{uri}#{entry['a']}" if entry["a"] else uri
    if entry["k"] == "section":
        return [address, entry["l"]]
    return {"p": address, "l": entry["l"], "k": entry["k"]}


def skip(self: object, node: nodes.Node) -> None:
    raise nodes.SkipNode


def register(app: Sphinx) -> None:
    others: dict[str, Any] = {"latex": (skip, None), "text": (skip, None), "man": (skip, None), "texinfo": (skip, None)}
    app.add_node(statute_print, html=(visit_statute_print, None), **others)
    app.add_js_file("statute_print.js", loading_method="defer")  # the control: fetch, assemble, print

"""the definitions of the defined terms a page uses, once per page, for the terms' popovers.

A defined term is a link to the clause that defines it (:meth:`akn_render.Renderer.term`) naming its definition
(``akn_definition = "<doc-id> #term-x"``). Once the links of a page are resolved, this module appends to the page one
hidden block holding each definition the page links to, keyed by the link's own address::

    <div class="akn-definitions" hidden>
      <p data-akn-href="section-2.html#part_I__chp_1__sec_2__para_47"
         data-akn-source="Merchant Shipping Ordinance, 2001, s. 2(47)">(47) “ship” includes …</p>
    </div>

and ``static/definition_popover.js`` shows the definition of a term in a popover when it is tapped, clicked or
activated from the keyboard, with a link to the clause. An editorial remark in the clause ("Editorial correction: the
source reads …") is not definition text: it rides along as ``data-akn-remark`` and the popover shows it under the
definition as a labelled editorial note. A definition used 150 times on a page is written once (the
hover ``title`` each use carried before made up a third of the largest reader page). The block is an attribute of a
node of its own, not text, so the search index does not take a page's definitions for its words.
"""

from __future__ import annotations

from html import escape
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.writers.html5 import HTML5Translator

import corpus
from lex_book.reader import akn_render

BLOCK_CLASS = "akn-definitions"


class definitions_block(nodes.General, nodes.Element):
    """The definitions a page links to: ``entries`` is a list of ``(href, source, text, remark)``."""


def entry(doc_id: str, refers: str) -> tuple[str, str, str] | None:
    """``(source, text, remark)`` for the definition of ``refers`` in ``doc_id``: ``Merchant Shipping Ordinance,
    2001, s. 2(47)``, the clause's text as the popover shows it and its editorial remarks ("" when it has none);
    ``None`` when no clause of the document defines it."""
    definition = akn_render.definitions(doc_id).get(refers)
    if definition is None:
        return None
    source = f"{corpus.document(doc_id).short_title}, {corpus.citation(doc_id, definition.eid)}"
    return source, definition.short, " ".join(definition.remarks)


def collect(doctree: nodes.Node) -> list[tuple[str, str, str, str]]:
    """``(href, source, text, remark)`` for every definition the resolved term links of ``doctree`` lead to, in page
    order."""
    found: dict[str, tuple[str, str, str, str]] = {}
    for ref in doctree.findall(nodes.reference):
        key, href = ref.get("akn_definition"), ref.get("refuri")
        if not key or not href or href in found:
            continue
        doc_id, _, refers = key.partition(" ")
        described = entry(doc_id, refers)
        if described is not None:
            found[href] = (href, *described)
    return list(found.values())


def add_definitions(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """Append the page's definitions block (HTML builders only; after :func:`statute_reader.resolve_links`)."""
    if app.builder.format != "html":
        return
    entries = collect(doctree)
    if entries:
        doctree += definitions_block(entries=entries)


def visit_definitions_block(self: HTML5Translator, node: definitions_block) -> None:
    self.body.append(f'<div class="{BLOCK_CLASS}" hidden>\n')
    for href, source, text, remark in node["entries"]:
        note = f' data-akn-remark="{escape(remark)}"' if remark else ""
        self.body.append(
            f'<p data-akn-href="{escape(href)}" data-akn-source="{escape(source)}"{note}>'
            f"{escape(text, quote=False)}</p>\n"
        )
    self.body.append("</div>\n")
    raise nodes.SkipNode


def skip(self: Any, node: nodes.Node) -> None:
    raise nodes.SkipNode


def register(app: Sphinx) -> None:
    app.add_node(
        definitions_block,
        html=(visit_definitions_block, None),
        latex=(skip, None),
        text=(skip, None),
        man=(skip, None),
        texinfo=(skip, None),
    )
    app.connect("doctree-resolved", add_definitions, priority=600)  # after statute_reader.resolve_links (500)
    app.add_css_file("definition_popover.css")
    app.add_js_file("definition_popover.js", loading_method="defer")

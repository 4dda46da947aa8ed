"""Sphinx extension: ``{provision} <doc-id> <citation>`` quotes a provision of the corpus anywhere in the book.

    ```{provision} pk-mso-2001 161(1)(a)
    ```

renders the provision as ``corpus.cite`` finds it (its whole subtree, defined terms and cross-references linked into
the reader), under a header with its citation, the document's short title, the section's heading and a link to the
provision in the statute reader. Authors never paste statute text into chapters: they cite it with this directive.

``{provision} in-msb-2016 256(2) item 38`` quotes one item of a table inside the provision (the Merchant Shipping
Bill's penalty table): the rows whose eId is the table's followed by ``__item_38`` (the item's sub-rows included).
"""

from __future__ import annotations

import re
from typing import Any

import akn_render
import content_stamps
from docutils import nodes
from lxml import etree
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective
from statute_reader import SOURCES, note_link_targets

import corpus

TABLE_ITEM = re.compile(r"^(?P<citation>.+?)\s+item\s+(?P<item>\w+)$")


def table_item(element: etree._Element, item: str) -> tuple[etree._Element, list[etree._Element]] | None:
    """The table under ``element`` holding item ``item`` and that item's rows (``<table eId>__item_<item>[__…]``)."""
    for table in element.iter("{*}table"):
        key = f"{table.get('eId')}__item_{item}"
        rows = [r for r in table.iter("{*}tr") if r.get("eId") == key or (r.get("eId") or "").startswith(key + "__")]
        if rows:
            return table, rows
    return None


class ProvisionDirective(SphinxDirective):
    """``{provision} pk-mso-2001 161(1)(a)``: the provision's text, citation and a link to it in the reader."""

    required_arguments = 2
    final_argument_whitespace = True

    def run(self) -> list[nodes.Node]:
        doc_id, reference = self.arguments[0], self.arguments[1]
        item = TABLE_ITEM.match(reference)
        try:
            entry = corpus.document(doc_id)
            provision = corpus.cite(doc_id, item["citation"] if item else reference)
        except (KeyError, corpus.CitationError) as error:
            raise self.error(f"{{provision}} {doc_id} {reference}: {error}") from error
        found = table_item(provision.element, item["item"]) if item else None
        if item and found is None:
            raise self.error(
                f"{{provision}} {doc_id} {reference}: {provision.citation} has no table item {item['item']}"
            )
        content_stamps.note(self.env, entry.akn_path)
        for source in SOURCES:
            self.env.note_dependency(str(source))
        renderer = akn_render.Renderer(doc_id, anchors=False, sections=False)
        box = nodes.container(classes=["provision-quote"])
        header = nodes.paragraph(classes=["provision-citation"])
        label = f"{provision.citation}, Table item {item['item']}" if item else provision.citation
        header += nodes.strong("", f"{entry.short_title}, {label}")
        if provision.heading:
            header += nodes.Text(f" — {provision.heading}")
        header += nodes.Text(" ")
        header += nodes.reference(
            "", "read in the statute", internal=True, refuri="", classes=["provision-link"],
            akn_target=f"{doc_id} {found[1][0].get('eId') if found else provision.eid}",
        )  # fmt: skip
        box += header
        if found:
            box += renderer.table(*found)
        else:
            box.extend(renderer.blocks([provision.element]))
        note_link_targets(self.env, [box])
        return [box]


def setup(app: Sphinx) -> dict[str, Any]:
    app.setup_extension("statute_reader")
    app.add_directive("provision", ProvisionDirective)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}

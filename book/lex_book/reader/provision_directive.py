"""``{provision} <doc-id> <citation>`` quotes a provision of the corpus anywhere in the book.

    ```{provision} pk-mso-2001 161(1)(a)
    ```

renders the provision as ``corpus.cite`` finds it (its whole subtree, defined terms and cross-references linked into
the reader), under a header with its citation, the document's short title, the section's heading and a link to the
provision in the statute reader. Authors never paste statute text into chapters: they cite it with this directive.

``{provision} in-msb-2016 256 Table item 38`` quotes one item of a table in the provision (the Merchant Shipping
Bill's penalty table, printed at the end of s.256): the item's row and its sub-rows, as ``corpus.cite`` gives them.
"""

from __future__ import annotations

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

import corpus
from lex_book.reader import akn_render
from lex_book.reader.statute_reader import SOURCES, note_link_targets
from lex_book.speed import content_stamps


class ProvisionDirective(SphinxDirective):
    """``{provision} pk-mso-2001 161(1)(a)``: the provision's text, citation and a link to it in the reader."""

    required_arguments = 2
    final_argument_whitespace = True

    def run(self) -> list[nodes.Node]:
        doc_id, reference = self.arguments[0], self.arguments[1]
        try:
            entry = corpus.document(doc_id)
            provision = corpus.cite(doc_id, reference)  # "256 Table item 38": the item's row and sub-rows
        except (KeyError, corpus.CitationError) as error:
            raise self.error(f"{{provision}} {doc_id} {reference}: {error}") from error
        content_stamps.note(self.env, entry.akn_path)
        for source in SOURCES:
            self.env.note_dependency(str(source))
        renderer = akn_render.Renderer(doc_id, anchors=False, sections=False)
        box = nodes.container(classes=["provision-quote"])
        header = nodes.paragraph(classes=["provision-citation"])
        header += nodes.strong("", f"{entry.short_title}, {provision.citation}")
        if provision.heading:
            header += nodes.Text(f" — {provision.heading}")
        header += nodes.Text(" ")
        header += nodes.reference(
            "", "read in the statute", internal=True, refuri="", classes=["provision-link"],
            akn_target=f"{doc_id} {provision.eid}",
        )  # fmt: skip
        box += header
        if provision.rows:
            box += renderer.table(provision.table, list(provision.rows))
        else:
            box.extend(renderer.blocks([provision.element]))
        note_link_targets(self.env, [box])
        return [box]


def register(app: Sphinx) -> None:
    app.add_directive("provision", ProvisionDirective)

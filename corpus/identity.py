"""FRBR identity of a built document: title, pinned dates and expression URIs, so that rebuilds are byte-identical.

bluebell stamps today's date on the expression and manifestation; we replace it with the catalogue's pinned
``expression_date`` and name the work after its title.
"""

from __future__ import annotations

from lxml import etree

from corpus.catalogue import Document
from corpus.xmlio import NS


def pin(root: etree._Element, doc: Document) -> None:
    """Give ``root`` (and each attachment's meta) the catalogue's title and pinned FRBR dates."""
    for identification in root.iterfind(".//a:identification", NS):
        work = identification.find("a:FRBRWork", NS)
        alias = work.find("a:FRBRalias", NS)
        if alias is not None and alias.get("value") == "Untitled":
            alias.set("value", doc.title)
        work.find("a:FRBRdate", NS).set("name", doc.work_date_name)
        for level in ("a:FRBRExpression", "a:FRBRManifestation"):
            node = identification.find(level, NS)
            date = node.find("a:FRBRdate", NS)
            date.set("date", doc.expression_date)
            date.set("name", "publication")
            for uri in (node.find("a:FRBRthis", NS), node.find("a:FRBRuri", NS)):
                uri.set("value", uri.get("value").replace("/eng", f"/eng@{doc.expression_date}", 1))

"""Markup fixtures run through bluebell and the terms linker, for the tests of defined terms."""

from bluebell.parser import parse_to_xml_bytes
from lxml import etree

from corpus import catalogue, xmlio
from corpus.link import terms
from corpus.validate import schema_errors
from corpus.xmlio import NS

DOCS = {d.id: d for d in catalogue.documents()}


def linked(markup: str, doc_id: str) -> etree._Element:
    """``markup`` parsed and its terms linked (the references the build links first are marked in the fixtures)."""
    doc = DOCS[doc_id]
    root = xmlio.parse_bytes(parse_to_xml_bytes(markup, doc.kind, doc.frbr_uri))
    terms.link({doc_id: root}, DOCS)
    assert schema_errors(root) == []
    return root


def marked(el: etree._Element) -> list[tuple[str, str]]:
    """(text, refersTo) of every <term> under ``el``, in document order."""
    return [("".join(t.itertext()), t.get("refersTo")) for t in el.iterfind(".//a:term", NS)]

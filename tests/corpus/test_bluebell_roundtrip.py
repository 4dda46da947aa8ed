"""A round trip through bluebell for every layout's committed markup: markup → AKN → markup (bluebell's own
unparser, ``akn_text.xsl``) → the same AKN, byte for byte. What the layouts write is markup bluebell reads and writes
back without loss, as bluebell's own fixture tests require of its grammar."""

import pytest
from bluebell.parser import AkomaNtosoParser, parse_to_xml_bytes
from lxml import etree

from corpus import catalogue


@pytest.mark.parametrize("doc", catalogue.documents(), ids=lambda d: f"{d.layout}:{d.id}")
def test_the_committed_markup_round_trips_through_bluebell(doc):
    xml = parse_to_xml_bytes(doc.markup_path.read_text(encoding="utf-8"), doc.kind, doc.frbr_uri)
    document = etree.fromstring(xml)[0]
    unparsed = AkomaNtosoParser(doc.frbr_uri).unparse(document)
    assert parse_to_xml_bytes(unparsed, doc.kind, doc.frbr_uri) == xml

"""Parsing and writing XML safely and deterministically.

Every XML parse in the project goes through :func:`parse` or :func:`parse_bytes`: entity resolution, DTD loading and
network access are off, so a hostile or broken file cannot reach outside the project.
"""

from __future__ import annotations

from pathlib import Path

from lxml import etree

from corpus.vocabulary import NUMBERED_LEVELS as NUMBERED_LEVELS  # re-exported: the names live in vocabulary

AKN_NS = "http://docs.oasis-open.org/legaldocml/ns/akn/3.0"
NS = {"a": AKN_NS}


def local_name(el: etree._Element) -> str:
    """``section`` for ``{akn}section``; "" for a comment or processing instruction (string slicing: the linkers ask
    this of every element, and it is several times quicker than ``etree.QName``)."""
    tag = el.tag
    return tag[tag.find("}") + 1 :] if isinstance(tag, str) else ""


def normalise_space(value: str) -> str:
    """``value`` with every run of white space made one space, and none at either end."""
    return " ".join(value.split())


def num_of(el: etree._Element) -> str:
    """The text of ``el``'s ``<num>`` child, spaces normalised ("" when it has none)."""
    node = el.find(f"{{{AKN_NS}}}num")
    return normalise_space("".join(node.itertext())) if node is not None else ""


def heading_of(el: etree._Element) -> str:
    """The text of ``el``'s ``<heading>`` child, spaces normalised ("" when it has none)."""
    node = el.find(f"{{{AKN_NS}}}heading")
    return normalise_space("".join(node.itertext())) if node is not None else ""


def _parser() -> etree.XMLParser:
    return etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False, huge_tree=False)


def parse_bytes(data: bytes) -> etree._Element:
    """The root element of the XML document ``data``."""
    return etree.fromstring(data, parser=_parser())


def parse(path: Path) -> etree._ElementTree:
    """The XML tree of the file at ``path``."""
    return etree.parse(str(path), parser=_parser())


def to_bytes(root: etree._Element) -> bytes:
    """``root`` serialised as pretty-printed UTF-8 with an XML declaration (stable across runs)."""
    etree.indent(root, space="  ")
    return etree.tostring(root, xml_declaration=True, encoding="utf-8") + b"\n"

"""The one way in to the text of the corpus: citations to elements and elements to citations.

``cite("pk-mso-2001", "161(1)(a)(i)")`` finds section 161, its subsection (1), paragraph (a) and subparagraph (i);
``citation("pk-mso-2001", eid)`` turns an eId back into "s. 161(1)(a)(i)". The book and the calculators cite through
this module and never through XPath of their own.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from lxml import etree

from corpus import catalogue, xmlio
from corpus.xmlio import AKN_NS, NS, NUMBERED_LEVELS

_REFERENCE = re.compile(
    r"^\s*(?:s\.|section|clause|cl\.)?\s*(?P<section>\d+[A-Z]?)(?P<rest>(?:\s*\([^)\s]+\))*)"
    r"(?:\s*(?:,\s*)?(?:table\s+)?item\s+(?P<item>\d+))?\s*$",
    re.IGNORECASE,
)
_PART = re.compile(r"\(([^)\s]+)\)")
_HIER = NUMBERED_LEVELS | {"section", "level", "proviso"}


class CitationError(LookupError):
    """A citation that names nothing in the document; the message says which part did not match."""


@dataclass(frozen=True)
class Provision:
    """An element of a document of the corpus, with its eId and human citation."""

    document: str
    eid: str
    element: etree._Element
    rows: tuple[etree._Element, ...] = ()  # a table item: its row (``element``) and its sub-rows, in order

    @property
    def citation(self) -> str:
        return citation_of(self.element)

    @property
    def heading(self) -> str:
        """The heading of the enclosing section (its marginal note)."""
        section = self.element if _local(self.element) == "section" else _ancestor(self.element, "section")
        node = section.find("a:heading", NS) if section is not None else None
        return _normalise("".join(node.itertext())) if node is not None else ""

    @property
    def text(self) -> str:
        """The element's text (a table item's: all its rows') with whitespace normalised (editorial remarks
        included, marked off by brackets)."""
        return _normalise(" ".join("".join(el.itertext()) for el in self.rows or (self.element,)))

    @property
    def table(self) -> etree._Element | None:
        """The table a table item stands in."""
        return _ancestor(self.element, "table") if self.rows else None


@cache
def load(doc_id: str) -> etree._Element:
    """The root element of ``doc_id``'s committed AKN."""
    return xmlio.parse(catalogue.document(doc_id).akn_path).getroot()


def _local(el: etree._Element) -> str:
    return etree.QName(el).localname if isinstance(el.tag, str) else ""


def _ancestor(el: etree._Element, name: str) -> etree._Element | None:
    for parent in el.iterancestors():
        if _local(parent) == name:
            return parent
    return None


def _num(el: etree._Element) -> str:
    node = el.find("a:num", NS)
    return _normalise("".join(node.itertext())) if node is not None else ""


def _normalise(value: str) -> str:
    return " ".join(value.split())


def sections(doc_id: str) -> dict[str, etree._Element]:
    """The sections of the document's body by number ("161", "79A"), in document order."""
    body = load(doc_id).find(".//a:body", NS)
    return {_num(s).rstrip("."): s for s in body.iter(f"{{{AKN_NS}}}section")}


def cite(doc_id: str, reference: str) -> Provision:
    """The provision of ``doc_id`` that ``reference`` ("161", "161(1)(a)(i)", "s. 69(2)", "256(2) item 38") names."""
    match = _REFERENCE.match(reference)
    if not match:
        raise CitationError(f"{reference!r} is not a citation such as '161(1)(a)(i)'")
    element = sections(doc_id).get(match["section"])
    if element is None:
        raise CitationError(f"{doc_id} has no section {match['section']}")
    for label in _PART.findall(match["rest"]):
        children = [c for c in element if _local(c) in _HIER and _num(c) == f"({label})"]
        if not children:
            found = _normalise(" ".join(_num(c) for c in element if _local(c) in _HIER))
            raise CitationError(f"{doc_id} s. {citation_of(element)[3:]} has no ({label}); it has: {found or 'none'}")
        element = children[0]
    if match["item"]:
        return _table_item(doc_id, element, match["item"])
    return Provision(doc_id, element.get("eId"), element)


def _table_item(doc_id: str, element: etree._Element, item: str) -> Provision:
    """Item ``item`` of the first table under ``element`` that has one: its row (``…__item_38``) and its sub-rows
    (``…__item_38__row_2`` is item 38(a), s.256(2) of the Merchant Shipping Bill)."""
    for table in element.iter(f"{{{AKN_NS}}}table"):
        key = f"{table.get('eId')}__item_{item}"
        rows = [
            r for r in table.iter(f"{{{AKN_NS}}}tr") if r.get("eId") == key or r.get("eId", "").startswith(key + "__")
        ]
        if rows and rows[0].get("eId") == key:
            return Provision(doc_id, key, rows[0], tuple(rows))
    raise CitationError(f"{doc_id} {citation_of(element)} has no table item {item}")


_EID_INDEXES: dict[int, tuple[etree._Element, dict[str, etree._Element]]] = {}


def _eid_index(root: etree._Element) -> dict[str, etree._Element]:
    """Every element of ``root`` by eId, built once per parsed document (keyed by the tree itself, so a reloaded
    document gets a fresh index)."""
    entry = _EID_INDEXES.get(id(root))
    if entry is None or entry[0] is not root:
        index: dict[str, etree._Element] = {}
        for element in root.iter():
            eid = element.get("eId") if isinstance(element.tag, str) else None
            if eid is not None:
                index.setdefault(eid, element)
        entry = _EID_INDEXES[id(root)] = (root, index)
    return entry[1]


def by_eid(doc_id: str, eid: str) -> Provision:
    """The provision of ``doc_id`` whose eId is ``eid``."""
    found = _eid_index(load(doc_id)).get(eid)
    if found is None:
        raise CitationError(f"{doc_id} has no element with eId {eid!r}")
    return Provision(doc_id, eid, found)


def citation(doc_id: str, eid: str) -> str:
    """The human citation ("s. 161(1)(a)(i)") of the element of ``doc_id`` with eId ``eid``."""
    return by_eid(doc_id, eid).citation


def _sub_row(row: etree._Element) -> str:
    """The label of a table sub-row ("(a)") from the start of its first cell, or "" for an item's first row."""
    if "__row_" not in row.get("eId", "") or not len(row):
        return ""
    match = re.match(r"\((\w+)\)", _normalise("".join(row[0].itertext())))
    return f"({match[1]})" if match else ""


def citation_of(element: etree._Element) -> str:
    """The human citation of ``element``: its section number followed by each lower level's number."""
    chain = [element, *element.iterancestors()]
    parts: list[str] = []
    if _local(element) == "tr" and "__item_" in element.get("eId", ""):
        parts.append(" Table item " + element.get("eId").rsplit("__item_", 1)[1].split("__")[0] + _sub_row(element))
    for el in chain:
        name = _local(el)
        if name == "section":
            return "s. " + _num(el).rstrip(".") + "".join(reversed(parts))
        if name in _HIER and _num(el):
            parts.append(_num(el))
        elif name == "proviso":
            parts.append(" proviso")
    label = _num(element) or element.get("eId", "")
    return label

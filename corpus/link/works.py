"""Links to another document of the corpus as a whole: its work, found through the catalogue.

Two kinds of citation name a law without naming one of its provisions:

- a margin citation of the Gazette Bills, a side note printed beside the Act it cites ("80 of 1976.", 003 L79),
  which the layout writes as a reference to the Act by its year and number, ``/akn/in/act/1976/80``: when the
  catalogue holds that Act (its jurisdiction, kind ``act``, number, and year: of its date or of its short title), the
  reference is given the document's work URI, ``/akn/in/act/1976-08-25/80``; otherwise it stays as it is, a work
  outside the corpus;
- a law named by its short title ("to amend … the Indian Ports Act, 1875", 000 L311): the name becomes a ``<ref>``
  to that document's work when the catalogue holds it, of the citing document's jurisdiction. A reference to one of
  its provisions ("section 40 of the Indian Ports Act, 1875") is the refs linker's, which runs first
  (corpus/link/refs.py); the name inside it is not linked again.

Nothing here is written per document: a document added to the catalogue is cited from then on. So that it is, each
build report lists the laws its document cites, by the last word of the name and the year (``act 1908``, from "the
Indian Ports Act, 1908" or from a margin citation "15 of 1908."), and :func:`answering` says which documents of the
catalogue may answer them: the build rebuilds a document when that answer changes (a cited law added to the
catalogue), and no document that cites no law of that word and year. The key is broad on purpose (a name printed
otherwise than the short title still has it): the Ordinance, which names Pakistan's "Territorial Waters and Maritime
Zones Act, 1976", is rebuilt when Act 80 of 1976 is added, its XML unchanged. Resolving a citation reads only the
catalogue, never another document's XML.
"""

from __future__ import annotations

import re
from pathlib import Path

from lxml import etree

from corpus.catalogue import Document
from corpus.link.refs import SKIP, TextSlot, Title, title_patterns, wrap
from corpus.xmlio import AKN_NS, local_name

# The layout's reference to an Act by its year and number (corpus/clean/gazette.py, Citation.work).
YEAR_AND_NUMBER = re.compile(r"^/akn/(?P<country>[a-z]{2})/act/(?P<year>\d{4})/(?P<number>[^/~]+)$")
# A law named with its year ("Indian Ports Act, 1908", "Indian Penal Code, 1860"): its last word and year are its key.
_NAMED = re.compile(r"\b(?P<word>[A-Z][A-Za-z]+),?\s+(?P<year>1[5-9]\d\d|20\d\d)\b")
_MONTHS = frozenset("january february march april may june july august september october november december".split())
# The runs of text that may hold a year (1500-2099): found by lxml in C, then searched with _YEAR.
_WITH_A_DIGIT = etree.XPath("//text()[contains(., '1') or contains(., '20')]")
_YEAR = re.compile(r"\b(?:1[5-9]|20)\d\d\b")
# Text searched for names: everything but metadata and editorial notes (a reference's own words included).
_NOT_TEXT = frozenset({"meta", "remark"})
# What may stand before a name that is the whole name: not a capitalised word ("Indian Merchant Shipping Act, 1875"
# is not the "Merchant Shipping Act, 1875"), other than "The".
_WORD_BEFORE = re.compile(r"(?P<word>[A-Za-z][\w'’-]*)\s+$")


def _year_of_title(doc: Document) -> str:
    return doc.short_title.rpartition(", ")[2]


def work_cited(href: str, docs: dict[str, Document]) -> Document | None:
    """The document of the catalogue that an Act's year-and-number reference (``/akn/in/act/1976/80``) names: the
    one Act of that jurisdiction and number whose date or short title is of that year; None when there is none (or
    when two would answer)."""
    m = YEAR_AND_NUMBER.match(href)
    if not m:
        return None
    found = [
        d
        for d in docs.values()
        if d.jurisdiction == m["country"]
        and d.kind == "act"
        and d.number == m["number"]
        and m["year"] in {d.date[:4], _year_of_title(d)}
    ]
    return found[0] if len(found) == 1 else None


def keys_of(doc: Document) -> frozenset[str]:
    """How a citation of ``doc`` is keyed: the last word of its short title and its year ("act 1908"; a Bill also as
    "act 2016", as it is cited by the Act it would become); an Act also by the year of its date (a margin citation)."""
    head, _, year = doc.short_title.rpartition(", ")
    keys = {f"{head.split()[-1].lower()} {year}"} if head else set()
    if doc.kind == "bill":
        keys.add(f"act {year}")
    else:
        keys |= {f"act {year}", f"act {doc.date[:4]}"}
    return frozenset(keys)


def _slots_with_a_year(root: etree._Element, skip: frozenset[str]) -> list[TextSlot]:
    """Each run of text of ``root`` that holds a year and is not inside an element named in ``skip``."""
    slots = []
    for text in _WITH_A_DIGIT(root):
        if not _YEAR.search(text):
            continue
        holder = text.getparent()
        slot = TextSlot(holder.getparent(), holder) if text.is_tail else TextSlot(holder, None)
        if (
            not any(local_name(el) in skip for el in slot.parent.iterancestors())
            and local_name(slot.parent) not in skip
        ):
            slots.append(slot)
    return slots


def laws_cited(root: etree._Element) -> list[str]:
    """The keys of the laws that the text of ``root`` names with a year, or cites in the margin (sorted)."""
    keys: set[str] = set()
    for ref in root.iter(f"{{{AKN_NS}}}ref"):
        if m := YEAR_AND_NUMBER.match(ref.get("href", "")):
            keys.add(f"act {m['year']}")
    for slot in _slots_with_a_year(root, _NOT_TEXT):
        for m in _NAMED.finditer(slot.text):
            word = m["word"].lower()
            if len(word) > 2 and word not in _MONTHS:
                keys.add(f"{word} {m['year']}")
    return sorted(keys)


def answering(cited: list[str], doc: Document, docs: dict[str, Document]) -> list[str]:
    """Which other documents of the catalogue the laws ``doc`` cites (``cited``, its report's ``laws cited``) may be:
    each as its id, work URI and short title (of ``doc``'s jurisdiction: what refs.title_patterns links). A change to
    this list is a change to what ``doc``'s links can land on."""
    wanted = set(cited)
    return sorted(
        f"{d.id} {d.frbr_uri} {d.short_title}"
        for d in docs.values()
        if d.id != doc.id and d.jurisdiction == doc.jurisdiction and keys_of(d) & wanted
    )


def _link_margin_citations(root: etree._Element, docs: dict[str, Document]) -> int:
    """Give each margin citation of an Act the catalogue holds that document's work URI; how many."""
    count = 0
    for ref in root.iter(f"{{{AKN_NS}}}ref"):
        cited = work_cited(ref.get("href", ""), docs)
        if cited is not None:
            ref.set("href", cited.frbr_uri)
            count += 1
    return count


def _names_in(slot: TextSlot, titles: dict[str, Title], here: str) -> list[tuple[int, int, str]]:
    """(start, end, document id) of each short title of another document that ``slot`` names whole, in order."""
    text = slot.text
    found: list[tuple[int, int, str]] = []
    for doc_id, title in titles.items():
        if doc_id == here:
            continue
        for m in title.name.finditer(text):
            before = _WORD_BEFORE.search(text, 0, m.start())
            if before and before["word"][0].isupper() and before["word"] != "The":
                continue  # part of a longer name
            found.append((m.start(), m.end(), doc_id))
    found.sort()
    return [span for i, span in enumerate(found) if i == 0 or span[0] >= found[i - 1][1]]


def _link_names(root: etree._Element, doc: Document, docs: dict[str, Document], titles: dict[str, Title]) -> int:
    """Make each short title of another document of the catalogue a ``<ref>`` to its work; how many."""
    count = 0
    for slot in _slots_with_a_year(root, SKIP):
        spans = _names_in(slot, titles, doc.id)
        if spans:
            wrap(slot, [(start, end, _ref(docs[doc_id].frbr_uri)) for start, end, doc_id in spans])
            count += len(spans)
    return count


def _ref(href: str) -> etree._Element:
    return etree.Element(f"{{{AKN_NS}}}ref", href=href)


def link(
    trees: dict[str, etree._Element], docs: dict[str, Document], context: dict[str, Path] | None = None
) -> dict[str, dict[str, int | list[str]]]:
    """The works linker (see :data:`corpus.link.LINKERS`): margin citations and short titles of documents of the
    catalogue link to their works. Reads no other document (``context`` is not needed): the catalogue says what
    a work is."""
    titles = {place: title_patterns(docs, place) for place in {docs[doc_id].jurisdiction for doc_id in trees}}
    counts: dict[str, dict[str, int | list[str]]] = {}
    for doc_id, root in trees.items():
        cited = laws_cited(root)
        here = docs[doc_id]
        works = _link_margin_citations(root, docs) + _link_names(root, here, docs, titles[here.jurisdiction])
        counts[doc_id] = {"works cited": works, "laws cited": cited}
    return counts

"""The one way in to the text of the corpus: citations to elements and elements to citations.

``cite("pk-mso-2001", "161(1)(a)(i)")`` finds section 161, its subsection (1), paragraph (a) and subparagraph (i);
``citation("pk-mso-2001", eid)`` turns an eId back into "s. 161(1)(a)(i)". The book and the calculators cite through
this module and never through XPath of their own. Every citation ``citation`` writes, ``cite`` reads back:

- sections and their levels: "s. 161(1)(a)(i)"; a lettered clause under an unnumbered subsection of the 1875 and 1880
  Acts is cited as the Acts cite it, through the unnumbered container: "s. 5(b)" (in-ipa-1875);
- provisos: "s. 94(2) proviso", and where one provision has several, "s. 321(1) first proviso", "… second proviso"
  (the Indian and Pakistani drafting idiom, "the second proviso to sub-section (1)"); "proviso 2" is read too; the
  clauses of a proviso: "s. 225(1) proviso (a)";
- Explanations and their lists: "s. 86 Explanation (a)", "s. 155 Explanation 2";
- the Merchant Shipping Bill's penalty table, printed at the end of s.256: "s. 256 Table item 38", its sub-rows "…
  item 38(a)", its heading rows "… Table row 1" ("256 item 38" is read too);
- divisions: "Part VI", "Chapter 24", and "Part IX Chapter V" in the Bills whose Chapters restart in each Part;
- the long title, "Long title"; schedules and the Bills' papers by their headings: "Schedule", "First Schedule",
  "Schedule Part II item 16", "Statement of Objects and Reasons para. 6(a)", "Notes on Clauses clause 69".

Elements with no number of their own (text blocks, unnumbered containers, cross-headings, side notes, defined terms)
take the citation of the provision they stand in; elements outside every provision (metadata, the preface) have
none (""). A citation that names nothing, or names two elements, raises :class:`CitationError` saying which.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import cache
from typing import Any

from lxml import etree

from corpus import amendments, catalogue, xmlio
from corpus.outputs import REBUILD, CorpusFileError, shown
from corpus.vocabulary import CITATION_HEADS
from corpus.xmlio import AKN_NS, NS, NUMBERED_LEVELS, local_name, normalise_space, num_of

_HEADS = CITATION_HEADS
_LEAVES = {"meta", "num", "heading", "subheading", "p", "listIntroduction", "crossHeading", "tr", "authorialNote"}
"""Elements that hold no citable element, so the search for one never enters them."""
_MARGINAL = {"num", "heading", "subheading"}
_ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth")
_SMALL_WORDS = {"a", "and", "for", "in", "of", "on", "regarding", "the", "to"}

_SECTION = re.compile(
    r"\s*(?:s\.|sec\.|section|clause|cl\.)?\s*(?P<section>\d+(?:-[A-Z]|[A-Z])?)\b", re.IGNORECASE
)  # "344-I": India Code's hyphen before I and O (the Merchant Shipping Act, 1958, s.344-I); "344I" reads the same
_DIVISION = re.compile(
    r"\s*(?:part\s+(?P<part>[IVXLC]+|\d+)\b)?\s*,?\s*(?:chapter\s+(?P<chapter>[IVXLC]+|\d+[A-Z]?)\b)?\s*$",
    re.IGNORECASE,
)
_LONG_TITLE = re.compile(r"\s*(?:the\s+)?long\s+title\s*$", re.IGNORECASE)
_STEP = re.compile(
    r"""\s*,?\s*(?:
        \(\s*(?P<label>[^()\s]+)\s*\)
      | (?:(?P<ordinal>first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|\d+(?:st|nd|rd|th))\s+)?
        (?P<proviso>proviso)\b(?:\s+(?P<nth_proviso>\d+)\b)?
      | (?P<explanation>explanation)\b(?:\s+(?P<nth_explanation>\d+)\b)?
      | (?P<table>table)\b(?:\s+(?P<nth_table>\d+)\b)?
      | (?P<word>item|row|para\.?|paragraph|clause|part)\s*(?P<number>\d+[A-Z]?|[IVXLC]+)\b\.?
    )""",
    re.IGNORECASE | re.VERBOSE,
)
_SCHEDULE_PART = re.compile(r"\bPART\s+(?P<part>[IVXLC]+)\b", re.IGNORECASE)
_WORD_NUMBER = re.compile(r"^(?P<word>[A-Za-z]+)\s+(?P<number>\w+)$")


class CitationError(LookupError):
    """A citation that names nothing in the document; the message says which part did not match."""


@dataclass(frozen=True)
class Provision:
    """An element of a document of the corpus, with its eId and human citation."""

    document: str
    eid: str
    element: etree._Element
    rows: tuple[etree._Element, ...] = ()  # a table item: its row (``element``) and its sub-rows, in order
    as_at: datetime.date | None = None  # the text is the text in force on this date (``cite(…, as_at=date)``)

    @property
    def citation(self) -> str:
        return citation_of(self.element)

    @property
    def heading(self) -> str:
        """The heading of the enclosing section (its marginal note), or a Part's, Chapter's or schedule's own, without
        editorial remarks: "" where the heading is only a remark (the 1875 and 1880 Acts' "[Section number recovered
        editorially …]")."""
        own = self.element if local_name(self.element) in _HEADS - {"longTitle"} else None
        holder = own if own is not None else _ancestor(self.element, "section")
        node = holder.find("a:heading", NS) if holder is not None else None
        return normalise_space("".join(_words(node, marginal=True))) if node is not None else ""

    @property
    def text(self) -> str:
        """The element's text (a table item's: all its rows') with whitespace normalised: its number, heading and
        words, with the editorial corrections inline in the law text marked off by brackets, but without the
        editorial remarks of headings and numbers (which are about the heading, not the law: "[Section number
        recovered editorially …]") and without side notes (``authorialNote placement="side"``: the 1875 and 1880
        Acts' marginal notes, which the sources print mid-sentence).

        With ``as_at``, the text in force on that date, rebuilt from the amendment notes and without them
        (:func:`corpus.amendments.text_on`)."""
        if self.as_at is not None:
            return amendments.text_on(self.rows or (self.element,), self.as_at)
        return normalise_space(" ".join("".join(_words(el)) for el in self.rows or (self.element,)))

    @property
    def table(self) -> etree._Element | None:
        """The table a table item stands in."""
        return _ancestor(self.element, "table") if self.rows else None


@cache
def load(doc_id: str) -> etree._Element:
    """The root element of ``doc_id``'s committed AKN. A file that is missing, truncated, not well-formed or not an
    Akoma Ntoso document with a body is a :class:`corpus.outputs.CorpusFileError` whose one line names it: every
    reader of the corpus (``stats``, ``notes check``, the rules' trace check, the book) reads through here."""
    path = catalogue.document(doc_id).akn_path
    root = xmlio.parse(path).getroot()
    if root.tag != f"{{{AKN_NS}}}akomaNtoso" or root.find(".//a:body", NS) is None:
        raise CorpusFileError(f"{shown(path)}: not an Akoma Ntoso document with a body; {REBUILD}")
    return root


def _ancestor(el: etree._Element, name: str) -> etree._Element | None:
    for parent in el.iterancestors():
        if local_name(parent) == name:
            return parent
    return None


def _words(el: etree._Element, marginal: bool = False) -> list[str]:
    """The text of ``el`` in document order, leaving out side notes, and editorial remarks inside a number or heading
    (``marginal``: ``el`` is one)."""
    out = [el.text or ""]
    for child in el:
        name = local_name(child)
        side_note = name == "authorialNote" and child.get("placement") == "side"
        if name and not side_note and not (marginal and name == "remark"):
            out += _words(child, marginal or name in _MARGINAL)
        out.append(child.tail or "")
    return out


_INDEXES: dict[tuple[str, int], tuple[etree._Element, Any]] = {}


def _indexed[T](kind: str, root: etree._Element, build: Callable[[etree._Element], T]) -> T:
    """``build(root)``, built once per parsed document (keyed by the tree itself, so a reloaded document, after
    ``load.cache_clear()``, gets a fresh index)."""
    entry = _INDEXES.get((kind, id(root)))
    if entry is None or entry[0] is not root:
        entry = _INDEXES[(kind, id(root))] = (root, build(root))
    return entry[1]


def _sections(root: etree._Element) -> dict[str, etree._Element]:
    body = root.find(".//a:body", NS)
    return {num_of(s).rstrip("."): s for s in body.iter(f"{{{AKN_NS}}}section")}


def sections(doc_id: str) -> dict[str, etree._Element]:
    """The sections of the document's body by number ("161", "79A"), in document order."""
    return dict(_indexed("sections", load(doc_id), _sections))


# ---- what is citable ---------------------------------------------------------------------------------------------


def _explanation(el: etree._Element) -> bool:
    """An Explanation: the ``blockContainer`` of that class, its one shape in every document."""
    return el.get("class") == "explanation" and local_name(el) == "blockContainer"


def _schedule_part(el: etree._Element) -> str:
    """The Part a list of a schedule is ("II" for the Ordinance's Schedule list "B. PART II"), or ""."""
    intro = el.find("a:listIntroduction", NS) if local_name(el) == "blockList" else None
    match = _SCHEDULE_PART.search("".join(intro.itertext())) if intro is not None else None
    return match["part"].upper() if match else ""


def _citable(el: etree._Element) -> bool:
    """Whether ``el`` has a citation of its own (otherwise it takes its nearest citable ancestor's)."""
    name = local_name(el)
    if not el.get("eId"):
        return False
    if name in _HEADS or name in {"proviso", "table", "tr"} or _explanation(el):
        return True
    if name == "blockList":
        return bool(_schedule_part(el))
    return name in NUMBERED_LEVELS | {"level"} and bool(num_of(el))


def _reachable(el: etree._Element) -> list[etree._Element]:
    """The citable elements directly below ``el``: its children, looking through the uncitable containers between
    (the 1875 and 1880 Acts' unnumbered subsections, ``intro``, ``content``, ``wrapUp``, lists)."""
    out = []
    for child in el:
        name = local_name(child)
        if name and _citable(child):
            out.append(child)
        elif name and name not in _LEAVES:
            out += _reachable(child)
    return out


def provision_of(el: etree._Element) -> etree._Element | None:
    """The provision ``el`` stands in: its nearest citable ancestor-or-self (the element its citation names)."""
    return next((e for e in (el, *el.iterancestors()) if _citable(e)), None)


def _citable_parent(el: etree._Element) -> etree._Element | None:
    return next((a for a in el.iterancestors() if _citable(a)), None)


def _position(el: etree._Element, same: Callable[[etree._Element], bool]) -> tuple[int, int]:
    """``el``'s place (from 1) among the elements reachable from its citable parent that ``same`` accepts, and how
    many there are."""
    parent = _citable_parent(el)
    peers = [e for e in _reachable(parent) if same(e)] if parent is not None else [el]
    return peers.index(el) + 1, len(peers)


# ---- element to citation -----------------------------------------------------------------------------------------


def _title(attachment: etree._Element) -> str:
    """An attachment's heading as a citation: "THE FIRST SCHEDULE" -> "First Schedule", "Notes on clauses" ->
    "Notes on Clauses"."""
    node = attachment.find("a:heading", NS)
    words = normalise_space("".join(_words(node, marginal=True)) if node is not None else "").split()
    if words and words[0].casefold() == "the":
        words = words[1:]
    titled = [w.lower() if i and w.lower() in _SMALL_WORDS else w.capitalize() for i, w in enumerate(words)]
    return " ".join(titled) or attachment.get("eId", "")


def _repeating_chapters(root: etree._Element) -> bool:
    """Whether Chapter numbers repeat in the document (the Merchant Shipping Bill's restart in each Part)."""
    numbers = [num_of(c) for c in root.iter(f"{{{AKN_NS}}}chapter")]
    return len(numbers) != len(set(numbers))


def _head(el: etree._Element) -> str:
    name = local_name(el)
    if name == "section":
        return "s. " + num_of(el).rstrip(".")
    if name == "part":
        return "Part " + num_of(el).rstrip(".")
    if name == "chapter":
        part = _ancestor(el, "part")
        within = (
            f"Part {num_of(part).rstrip('.')} " if part is not None and _repeating_chapters(el.getroottree()) else ""
        )
        return f"{within}Chapter {num_of(el).rstrip('.')}"
    if name == "longTitle":
        return "Long title"
    return _title(el)


def _ordinal(word: str, position: int, count: int) -> str:
    if count == 1:
        return f" {word}"
    if word == "proviso" and position <= len(_ORDINALS):
        return f" {_ORDINALS[position - 1]} proviso"
    return f" {word} {position}"


def _label(num: str) -> str:
    """A number without its brackets or full stop: "(a)" -> "a", "2." -> "2", "Clause 1." -> "Clause 1"."""
    return num.strip().removesuffix(".").removeprefix("(").removesuffix(")")


def _piece(el: etree._Element) -> str:
    """What ``el`` adds to its citable parent's citation."""
    name = local_name(el)
    if name == "proviso":
        return _ordinal("proviso", *_position(el, lambda e: local_name(e) == "proviso"))
    if _explanation(el):
        return _ordinal("Explanation", *_position(el, _explanation))
    if name == "table":
        return _ordinal("Table", *_position(el, lambda e: local_name(e) == "table"))
    if name == "tr":
        eid = el.get("eId", "")
        if "__item_" not in eid:
            return " row " + eid.rsplit("__row_", 1)[-1]
        item, _, row = eid.rsplit("__item_", 1)[1].partition("__row_")
        return f" item {item}" + (_sub_row(el) or (f" row {row}" if row else ""))
    if name == "blockList":
        return " Part " + _schedule_part(el)
    num = num_of(el)
    if num.startswith("("):
        return num
    worded = _WORD_NUMBER.match(_label(num))
    if worded:
        return f" {worded['word'].lower()} {worded['number']}"
    return (" item " if name == "item" else " para. ") + _label(num)


def _sub_row(row: etree._Element) -> str:
    """The label of a table sub-row ("(a)") from the start of its first cell, or "" for an item's first row."""
    if "__row_" not in row.get("eId", "") or not len(row):
        return ""
    first = normalise_space("".join(row[0].itertext()))
    if first.startswith("Provided"):  # an item's proviso (the 1958 Act's s.436(2) Table item 100)
        return " proviso"
    match = re.match(r"\((\w+)\)", first)
    return f"({match[1]})" if match else ""


def citation_of(element: etree._Element) -> str:
    """The human citation of ``element`` ("s. 161(1)(a)(i)", "s. 321(1) second proviso", "Part IX Chapter V"): that
    of its nearest citable ancestor-or-self; "" outside every provision (metadata, the preface)."""
    chain = [e for e in (element, *element.iterancestors()) if _citable(e)]
    for index, el in enumerate(chain):
        if local_name(el) in _HEADS:
            out, worded = _head(el), False
            for below in reversed(chain[:index]):
                piece = _piece(below)
                out += " " + piece if worded and piece.startswith("(") else piece  # "proviso (a)", not "… 6(a)"
                worded = local_name(below) == "proviso" or _explanation(below)
            return out
    return ""


# ---- citation to element -----------------------------------------------------------------------------------------


def cite(doc_id: str, reference: str, as_at: datetime.date | str | None = None) -> Provision:
    """The provision of ``doc_id`` that ``reference`` names: "161", "161(1)(a)(i)", "s. 69(2)", "s. 321(1) second
    proviso", "s. 86 Explanation (a)", "256 item 38", "Part IX Chapter V", "First Schedule" … (see the module).

    ``as_at`` (a date, or "YYYY-MM-DD"): the provision as it stood on that date, its ``text`` rebuilt from the
    amendment notes of a consolidated Act (:func:`as_it_stood`)."""
    provision = _cite(doc_id, reference)
    return provision if as_at is None else as_it_stood(provision, as_at)


def as_it_stood(provision: Provision, as_at: datetime.date | str) -> Provision:
    """``provision`` as it stood on ``as_at``, its text rebuilt from the notes of the Act: an insertion's words absent
    before its date, a substitution's quoted words in place of today's, an omission's quoted words back. A
    :class:`CitationError` says why not when no source gives that text: a Bill (never law), a text that is not a
    consolidated one (its source prints it as of one date), a date before the document, a note that had not taken
    effect (or gives no date) and does not quote the words it replaced (naming the note), a provision that had no
    words on that date."""
    date = datetime.date.fromisoformat(as_at) if isinstance(as_at, str) else as_at
    doc = catalogue.document(provision.document)
    where = f"{doc.id} {provision.citation}"
    if doc.kind == "bill":
        raise CitationError(f"{where}: a Bill is not law on any date; it has no text in force on {date}")
    if doc.layout not in amendments.CONSOLIDATED_LAYOUTS:
        raise CitationError(
            f"{where}: the source is the text as printed ({doc.date}), with no notes of later amendments; "
            f"its text on {date} is not known"
        )
    if date.isoformat() < doc.date:
        raise CitationError(f"{where}: the Act dates from {doc.date}; it had no text on {date}")
    dated = replace(provision, as_at=date)
    try:
        dated.text  # noqa: B018 — rebuilt now, so that a text no note gives is an error here, not later
    except amendments.NotRebuilt as error:
        raise CitationError(f"{where} on {date}: {error}") from None
    return dated


def _cite(doc_id: str, reference: str) -> Provision:
    root = load(doc_id)
    if _LONG_TITLE.match(reference):
        found = root.find(".//a:longTitle", NS)
        if found is None:
            raise CitationError(f"{doc_id} has no long title")
        return Provision(doc_id, found.get("eId"), found)
    division = _DIVISION.match(reference)
    if division and (division["part"] or division["chapter"]):
        return _division(doc_id, division["part"], division["chapter"])
    element, position = _start(doc_id, reference)
    walk = _Walk(doc_id, element)
    while reference[position:].strip():
        step = _STEP.match(reference, position)
        if not step or step.end() == position:
            rest = reference[position:].strip()
            raise CitationError(f"{reference!r} is not a citation such as '161(1)(a)(i)' (at {rest!r})")
        walk.take(step)
        position = step.end()
    return walk.provision()


def _start(doc_id: str, reference: str) -> tuple[etree._Element, int]:
    """The section or schedule a citation starts from, and where the rest of the citation starts."""
    root = load(doc_id)
    for attachment, title in _indexed("titles", root, _titles):
        match = title.match(reference)
        if match:
            return attachment, match.end()
    match = _SECTION.match(reference)
    if not match:
        raise CitationError(f"{reference!r} is not a citation such as '161(1)(a)(i)'")
    found = _indexed("sections", root, _sections)
    number = match["section"].upper()
    element = found.get(number)
    if element is None:
        element = found.get(re.sub(r"(\d)([IO])$", r"\1-\2", number))
    if element is None:
        raise CitationError(f"{doc_id} has no section {match['section']}")
    return element, match.end()


def _titles(root: etree._Element) -> list[tuple[etree._Element, re.Pattern[str]]]:
    """Each attachment with a pattern for its title at the start of a citation ("the First Schedule"), longest
    title first."""
    found = []
    for attachment in sorted(root.iter(f"{{{AKN_NS}}}attachment"), key=lambda a: -len(_title(a))):
        words = r"\s+".join(re.escape(w) for w in _title(attachment).split())
        found.append((attachment, re.compile(rf"\s*(?:the\s+)?{words}(?=[\s,]|$)", re.IGNORECASE)))
    return found


def _division(doc_id: str, part: str | None, chapter: str | None) -> Provision:
    """Part ``part``, Chapter ``chapter`` (of Part ``part`` where given)."""
    root = load(doc_id)
    scope = root
    if part:
        found = [p for p in root.iter(f"{{{AKN_NS}}}part") if num_of(p).rstrip(".").upper() == part.upper()]
        if not found:
            raise CitationError(f"{doc_id} has no Part {part}")
        scope = found[0]
    if not chapter:
        return Provision(doc_id, scope.get("eId"), scope)
    chapters = [c for c in scope.iter(f"{{{AKN_NS}}}chapter") if num_of(c).rstrip(".").upper() == chapter.upper()]
    where = f" Part {part}" if part else ""
    if not chapters:
        raise CitationError(f"{doc_id}{where} has no Chapter {chapter}")
    if len(chapters) > 1:
        names = ", ".join(citation_of(c) for c in chapters)
        raise CitationError(f"{doc_id} has {len(chapters)} Chapters {chapter}: cite one of {names}")
    return Provision(doc_id, chapters[0].get("eId"), chapters[0])


class _Walk:
    """The descent from a section or schedule through the steps of a citation, one ``take`` per step."""

    def __init__(self, doc_id: str, element: etree._Element) -> None:
        self.doc_id = doc_id
        self.element = element
        self.rows: tuple[etree._Element, ...] = ()

    def provision(self) -> Provision:
        return Provision(self.doc_id, self.element.get("eId"), self.element, self.rows)

    def _where(self) -> str:
        return f"{self.doc_id} {citation_of(self.element)}"

    def take(self, step: re.Match[str]) -> None:
        if step["label"]:
            self._label(step["label"])
        elif step["proviso"]:
            self._qualifier("proviso", _position_named(step["ordinal"], step["nth_proviso"]))
        elif step["explanation"]:
            self._qualifier("Explanation", int(step["nth_explanation"] or 0))
        elif step["table"]:
            self._qualifier("Table", int(step["nth_table"] or 0))
        elif step["word"].casefold() == "row":
            self._row(step["number"])
        elif step["word"].casefold() == "part":
            self._one(lambda e: _schedule_part(e) == step["number"].upper(), f"Part {step['number']}")
        else:
            self._numbered(step["word"].casefold().rstrip("."), step["number"])

    def _one(self, accepts: Callable[[etree._Element], bool], what: str) -> None:
        found = [e for e in _reachable(self.element) if accepts(e)]
        if not found:
            have = " ".join(num_of(e) for e in _reachable(self.element) if num_of(e))
            raise CitationError(f"{self._where()} has no {what}; it has: {have or 'none'}")
        if len(found) > 1:
            raise CitationError(
                f"{self._where()} {what} is ambiguous: it is " + " and ".join(e.get("eId") for e in found)
            )
        self.element, self.rows = found[0], ()

    def _label(self, label: str) -> None:
        if self.rows:
            return self._sub_row(label)
        self._one(lambda e: num_of(e) == f"({label})", f"({label})")

    def _sub_row(self, label: str) -> None:
        """Sub-row ``label`` of a table item: "(a)" at the start of a sub-row, or after the item's number in its
        first row (item 34 of the s.256 Table of the Merchant Shipping Bill reads "34. (a) If any requirement …")."""
        first = normalise_space("".join(self.rows[0].itertext()))
        for row in self.rows:
            if _sub_row(row) == f"({label})" or (
                row is self.rows[0] and re.match(rf"\w+\.\s*\({re.escape(label)}\)", first)
            ):
                self.element, self.rows = row, ()
                return
        raise CitationError(f"{self._where()} has no sub-row ({label})")

    def _qualifier(self, word: str, position: int) -> None:
        """The proviso, Explanation or Table below the element: the only one, or the ``position``-th (from 1)."""
        if word == "proviso" and self.rows:  # a table item's proviso: its sub-row that starts "Provided"
            provisos = [row for row in self.rows if _sub_row(row) == " proviso"]
            if len(provisos) == 1 and position <= 1:
                self.element, self.rows = provisos[0], ()
                return
        kind = {"proviso": lambda e: local_name(e) == "proviso", "Explanation": _explanation}.get(
            word, lambda e: local_name(e) == "table"
        )
        found = [e for e in _reachable(self.element) if kind(e)]
        if not found:
            raise CitationError(f"{self._where()} has no {word}")
        if not position and len(found) > 1:
            names = ", ".join(_piece(e).strip() for e in found)
            raise CitationError(f"{self._where()} has {len(found)}: cite one of {names}")
        if position > len(found):
            raise CitationError(f"{self._where()} has {len(found)} {word}(s), not {position}")
        self.element, self.rows = found[max(position, 1) - 1], ()

    def _numbered(self, word: str, number: str) -> None:
        """ "para. 2", "clause 69", "item 1" of a schedule or a Bill's paper; "item 38" of a table (the first table
        at or below the element that has one: "256 item 38" finds the Table of s.256)."""
        named = f"{word} {number}".casefold()

        def accepts(e: etree._Element) -> bool:
            return _label(num_of(e)).casefold() in {number.casefold(), named}

        if any(accepts(e) for e in _reachable(self.element)) or word != "item":
            return self._one(accepts, f"{word} {number}")
        tables = [self.element] if local_name(self.element) == "table" else self.element.iter(f"{{{AKN_NS}}}table")
        for table in tables:
            key = f"{table.get('eId')}__item_{number}"
            rows = [
                r
                for r in table.iter(f"{{{AKN_NS}}}tr")
                if r.get("eId", "") == key or r.get("eId", "").startswith(key + "__")
            ]
            if rows and rows[0].get("eId") == key:
                self.element, self.rows = rows[0], tuple(rows)
                return
        raise CitationError(f"{self._where()} has no table item {number}")

    def _row(self, number: str) -> None:
        """A heading row of a table ("Table row 1": the Bill's Table's column headings), or a row of a table item
        whose first cell has no label of its own ("item 38 row 2")."""
        if self.rows:
            key = f"{self.element.get('eId')}__row_{number}"
            found = [r for r in self.rows if r.get("eId") == key]
            if not found:
                raise CitationError(f"{self._where()} has no row {number}")
            self.element, self.rows = found[0], ()
            return
        tables = [self.element] if local_name(self.element) == "table" else self.element.iter(f"{{{AKN_NS}}}table")
        for table in tables:
            row = table.find(f"a:tr[@eId='{table.get('eId')}__row_{number}']", NS)
            if row is not None:
                self.element, self.rows = row, ()
                return
        raise CitationError(f"{self._where()} has no table row {number}")


def _position_named(ordinal: str | None, number: str | None) -> int:
    """1 for "first" or "1st", 2 for "proviso 2"; 0 when the citation gives none ("proviso")."""
    if number:
        return int(number)
    if not ordinal:
        return 0
    ordinal = ordinal.casefold()
    return _ORDINALS.index(ordinal) + 1 if ordinal in _ORDINALS else int(ordinal[:-2])


# ---- by eId ------------------------------------------------------------------------------------------------------


def _eids(root: etree._Element) -> dict[str, etree._Element]:
    """Every element of ``root`` by eId (the first, should one repeat)."""
    index: dict[str, etree._Element] = {}
    for element in root.iter():
        eid = element.get("eId") if isinstance(element.tag, str) else None
        if eid is not None:
            index.setdefault(eid, element)
    return index


def by_eid(doc_id: str, eid: str) -> Provision:
    """The provision of ``doc_id`` whose eId is ``eid``."""
    found = _indexed("eids", load(doc_id), _eids).get(eid)
    if found is None:
        raise CitationError(f"{doc_id} has no element with eId {eid!r}")
    return Provision(doc_id, eid, found)


def citation(doc_id: str, eid: str) -> str:
    """The human citation ("s. 161(1)(a)(i)") of the element of ``doc_id`` with eId ``eid``."""
    return by_eid(doc_id, eid).citation

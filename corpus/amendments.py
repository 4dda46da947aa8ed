"""The amendment notes of India Code's consolidated Acts, finished after bluebell has named their elements.

The layout (:mod:`corpus.layouts.india_code`, whose docstring gives the shape) writes each amended span as
``{{+{class amendment|title N} …}}`` and each note's w.e.f. date as ``{{inline{name wef|title YYYY-MM-DD} …}}``,
because bluebell's markup has no attribute that points at an element it has not yet named, and no ``<date>``.
:func:`finish` makes them what the shape says: the span's ``refersTo`` names its note (``#<eId of the
authorialNote>``), and the date is ``<date date="YYYY-MM-DD" class="wef">``.
"""

from __future__ import annotations

import datetime
import functools
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from lxml import etree

from corpus import catalogue
from corpus.catalogue import Document
from corpus.xmlio import NS

_A = f"{{{NS['a']}}}"


def finish(root: etree._Element) -> int:
    """Tie each amended span of ``root`` to its note and make each w.e.f. date a ``<date>``; how many were done."""
    done = 0
    counts: dict[etree._Element, int] = {}
    for span in root.iter(f"{_A}ins"):
        mark = span.get("title")
        if mark is None or span.get("class") != "amendment":
            continue
        holder = next((a for a in span.iterancestors(f"{_A}section")), root)
        note = holder.find(f".//{_A}authorialNote[@marker='{mark}']")
        if note is None:
            raise ValueError(f"an amended span names note {mark}, which section {holder.get('eId')} lacks")
        del span.attrib["title"]
        span.set("refersTo", f"#{note.get('eId')}")
        holder = next(a for a in span.iterancestors() if a.get("eId"))
        counts[holder] = counts.get(holder, 0) + 1
        span.set("eId", f"{holder.get('eId')}__ins_{counts[holder]}")
        done += 1
    for inline in list(root.iter(f"{_A}inline")):
        if inline.get("name") != "wef":
            continue
        inline.tag = f"{_A}date"
        date = inline.attrib.pop("title")
        del inline.attrib["name"]
        inline.set("date", date)
        inline.set("class", "wef")
        done += 1
    return done


# ---- reading the notes: the amendment history of a provision, and its text on a date ------------------------------

KINDS_OF_CHANGE = frozenset({"substituted", "inserted", "added", "omitted", "renumbered", "repealed", "amended"})
"""The kinds of note that change the words or numbers of the text; ``extended`` (to a port, by a notification) and a
note with no kind (commencement, "See now …") change nothing in it."""

CONSOLIDATED_LAYOUTS = frozenset({"india-code"})
"""The layouts whose source is a consolidated text that notes every amendment at its place (India Code prints the
Acts so). A text of another layout is the text as one print gives it: its text on another date is not known."""

_YEAR_AND_NUMBER = re.compile(r"^/akn/(?P<country>[a-z]{2})/act/(?P<year>\d{4})/(?P<number>[^/~]+)$")
_QUOTES = "\"'“”‘’ "
_LAW_MARGINAL = frozenset({"num", "heading", "subheading"})


class NotRebuilt(LookupError):
    """The text of a provision on a date cannot be told from its notes; the message names the note and why.
    :func:`corpus.cite` raises it as a :class:`corpus.CitationError`."""


@dataclass(frozen=True)
class Amendment:
    """One amendment note of a consolidated Act, its facts as the note's markup gives them (see the module's shape)."""

    note: str  # the note's eId
    kind: str  # "substituted", "inserted" … ("" for a note that says none: commencement, "See now …")
    by: str  # the amending law as printed: "Act 41of 1984", "ibid.", "the A.O. 1937" ("" when the note names none)
    by_href: str  # the amending Act's work, "/akn/in/act/1984/41" ("" for an Adaptation Order or none)
    section: str  # the amending Act's section as printed: "s. 11" ("" when not given)
    replaced: str | None  # the words replaced or omitted, without their quotes, when the note quotes them
    replaced_as: str  # "quoted", "described" (the note only describes them: "for section 51") or "" (says nothing)
    described: str  # the note's words for what it replaced, as printed ("for section 51": 'section 51'), or ""
    wef: datetime.date | None  # from when the change took effect, when the note gives it
    wef_text: str  # the date as printed ("15-7-1985"), or ""
    text: str  # the whole note as printed
    spans: int  # how many amended spans (``ins``) name the note

    @property
    def changes_text(self) -> bool:
        return self.kind in KINDS_OF_CHANGE

    @property
    def act(self) -> str:
        """The amending Act as a reader names it: "Act 41 of 1984" from its work (also for a note that prints
        "ibid."), else the law as printed ("the A.O. 1937")."""
        m = _YEAR_AND_NUMBER.match(self.by_href)
        return f"Act {m['number']} of {m['year']}" if m else self.by

    def document(self) -> Document | None:
        """The document of the corpus that is the amending Act, when the catalogue holds it (by its work URI, or by
        the jurisdiction, number and year of a year-and-number reference ``/akn/in/act/1984/41``)."""
        m = _YEAR_AND_NUMBER.match(self.by_href)
        found = [
            d
            for d in catalogue.documents()
            if d.frbr_uri == self.by_href
            or (m and (d.jurisdiction, d.kind, d.number, d.date[:4]) == (m["country"], "act", m["number"], m["year"]))
        ]
        return found[0] if len(found) == 1 else None

    def data(self) -> dict[str, Any]:
        """The note's facts as JSON-ready data (the open data's ``provisions.json``): the fields, the date as
        ``YYYY-MM-DD``, ``act`` and ``document`` (the amending Act's catalogue id, or None)."""
        found = self.document()
        return {
            **{k: v for k, v in self.__dict__.items() if k not in {"wef", "spans"}},
            "wef": self.wef.isoformat() if self.wef else None,
            "act": self.act,
            "document": found.id if found else None,
        }

    @property
    def label(self) -> str:
        """The note's kind as a reader's word: "Substituted", "Inserted" … ("Note" when it says none)."""
        return self.kind.capitalize() if self.kind else "Note"


def _itertext(el: etree._Element | None) -> str:
    return " ".join("".join(el.itertext()).split()) if el is not None else ""


def amendment_of(note: etree._Element, spans: int) -> Amendment:
    """The facts of the amendment note ``note`` (an editorial ``authorialNote``), which ``spans`` spans name."""
    kind = note.find(f".//{_A}inline[@name='amendment']")
    by = note.find(f".//{_A}ref")
    by_order = note.find(f".//{_A}inline[@name='by']")
    replaced = note.find(f".//{_A}inline[@name='replaced']")
    wef = note.find(f".//{_A}date[@class='wef']")
    replaced_as = replaced.get("class", "") if replaced is not None else ""
    words = _itertext(replaced)
    return Amendment(
        note=note.get("eId", ""),
        kind=kind.get("class", "") if kind is not None else "",
        by=_itertext(by) or _itertext(by_order),
        by_href=by.get("href", "") if by is not None else "",
        section=_itertext(note.find(f".//{_A}inline[@name='section']")),
        replaced=words.strip(_QUOTES) if replaced_as == "quoted" else None,
        replaced_as=replaced_as,
        described=words if replaced_as == "described" else "",
        wef=datetime.date.fromisoformat(wef.get("date")) if wef is not None else None,
        wef_text=_itertext(wef),
        text=_itertext(note),
        spans=spans,
    )


def _is_amendment_note(el: etree._Element) -> bool:
    return el.tag == f"{_A}authorialNote" and el.get("class") == "editorial" and el.get("placement") == "bottom"


def _span_counts(root: etree._Element) -> dict[str, int]:
    counts: dict[str, int] = {}
    for span in root.iter(f"{_A}ins"):
        if span.get("class") == "amendment" and span.get("refersTo", "").startswith("#"):
            counts[span.get("refersTo")[1:]] = counts.get(span.get("refersTo")[1:], 0) + 1
    return counts


_NOTES: dict[int, tuple[etree._Element, dict[str, tuple[etree._Element, Amendment]]]] = {}


def notes(root: etree._Element) -> dict[str, tuple[etree._Element, Amendment]]:
    """Every amendment note of the document ``root`` by eId, with its element (read once per parsed document)."""
    entry = _NOTES.get(id(root))
    if entry is None or entry[0] is not root:
        counts = _span_counts(root)
        found = {}
        for note in root.iter(f"{_A}authorialNote"):
            if _is_amendment_note(note) and note.get("eId"):
                found[note.get("eId")] = (note, amendment_of(note, counts.get(note.get("eId"), 0)))
        entry = _NOTES[id(root)] = (root, found)
    return entry[1]


def history(element: etree._Element) -> list[Amendment]:
    """The amendments of the provision ``element``: the notes in it and the notes its amended spans name (an inserted
    section's note stands in its first paragraph), newest first; notes with no date after the dated ones, in the
    order of the text. Notes that change nothing in the text (commencement, "See now …") are left out."""
    table = notes(element.getroottree().getroot())
    eids = [n.get("eId") for n in element.iter(f"{_A}authorialNote") if _is_amendment_note(n)]
    eids += [s.get("refersTo", "")[1:] for s in element.iter(f"{_A}ins") if s.get("class") == "amendment"]
    found = list(dict.fromkeys(e for e in eids if e in table))
    ordered = [table[e][1] for e in found if table[e][1].kind]
    dated = sorted(((a.wef, a) for a in ordered if a.wef), key=lambda pair: pair[0], reverse=True)
    return [a for _, a in dated] + [a for a in ordered if not a.wef]


class _OnDate:
    """The words of a consolidated Act's elements as they stood on ``date``, rebuilt from the amendment notes."""

    def __init__(self, root: etree._Element, date: datetime.date) -> None:
        self.notes = notes(root)
        self.date = date

    def _why(self, amendment: Amendment, problem: str) -> NotRebuilt:
        return NotRebuilt(f"note {amendment.note} ({amendment.text}) {problem}")

    def in_force(self, amendment: Amendment) -> bool:
        """Whether the change of ``amendment`` had taken effect on the date; an error when the note gives no date."""
        if amendment.wef is None:
            raise self._why(
                amendment, f"gives no date from which it took effect, so the text on {self.date} is not known"
            )
        return amendment.wef <= self.date

    def span(self, span: etree._Element, words: Callable[[], list[str]]) -> list[str]:
        """The words of an amended span on the date: its words now (``words()``: read only when they stand, so that
        the notes inside words replaced as a whole are not asked), none before an insertion, the quoted words before
        a substitution."""
        entry = self.notes.get(span.get("refersTo", "")[1:])
        if entry is None:
            raise NotRebuilt(f"an amended span names {span.get('refersTo')!r}, which is not an amendment note")
        amendment = entry[1]
        if not amendment.changes_text or self.in_force(amendment):
            return words()
        if amendment.kind in {"inserted", "added"}:
            return []
        if amendment.kind == "substituted" and amendment.replaced is not None:
            return [amendment.replaced]
        if amendment.kind == "substituted":
            what = (
                f"only describes the words it replaced ({amendment.described})"
                if amendment.described
                else ("does not say what it replaced")
            )
            raise self._why(amendment, f"{what}, so the text before {amendment.wef} is not known")
        raise self._why(amendment, f"does not say what the text was before {amendment.wef}")

    def note(self, note: etree._Element) -> list[str]:
        """What stands at a note's place on the date: the omitted words before an omission that quotes them (marked
        off by NUL, where a space goes unless punctuation or a space is there), else only the place itself
        (:data:`_PLACE`: the space India Code printed before a mark goes with it when punctuation follows)."""
        amendment = self.notes[note.get("eId", "")][1]
        if not amendment.changes_text or amendment.spans or self.in_force(amendment):
            return [_PLACE]
        if amendment.kind == "omitted" and amendment.replaced is not None:
            return ["\0" + amendment.replaced + "\0"]
        if amendment.kind in {"omitted", "repealed"}:
            raise self._why(
                amendment, f"does not quote what it {amendment.kind}, so the text before {amendment.wef} is not known"
            )
        raise self._why(amendment, f"marks no words in the text, so the text before {amendment.wef} is not known")

    def words(self, el: etree._Element, marginal: bool = False, bare: bool = False) -> list[str]:
        """The text of ``el`` on the date, in document order, leaving out the notes and side notes, and editorial
        remarks inside a number or heading (as :attr:`corpus.Provision.text` does); a numbered provision that had no
        words on the date (inserted later, or omitted) is left out whole, its number too. ``bare``: without ``el``'s
        own number and heading."""
        out = [el.text or ""]
        for child in el:
            if not isinstance(child.tag, str):
                out.append(child.tail or "")
                continue
            name = etree.QName(child).localname
            if name == "authorialNote":
                out += self.note(child) if _is_amendment_note(child) else []
            elif name == "ins" and child.get("class") == "amendment":
                out += self.span(child, functools.partial(self.words, child, marginal))
            elif bare and name in _LAW_MARGINAL:
                pass
            elif not (marginal and name == "remark") and (child.find(f"{_A}num") is None or self.has_words(child)):
                out += self.words(child, marginal or name in _LAW_MARGINAL)
            out.append(child.tail or "")
        return out

    def has_words(self, el: etree._Element) -> bool:
        """Whether ``el`` had words on the date beside its number and heading."""
        return bool("".join(self.words(el, bare=True)).replace("\0", " ").replace(_PLACE, "").strip())


_PLACE = "\x01"
"""Where an amendment note stood in the words of :meth:`_OnDate.words` and nothing of it is read on the date."""


def joined(words: list[str]) -> str:
    """The words of :meth:`_OnDate.words` as one text: whitespace normalised, each restored omission set apart by a
    space unless a space or punctuation stands there already, and no space left before punctuation where a note's
    mark stood ("Indian ship 4***;" is "Indian ship;" once the words are omitted, the 1958 Act's s.87A(b)(iii))."""
    text = re.sub(rf"\s*{_PLACE}(?=[,;:.)\]])", "", "".join(words)).replace(_PLACE, "")
    text = re.sub(r"(?<=[\s(\[])\0|\0(?=[\s,;:.)\]])", "", text)
    return " ".join(text.replace("\0", " ").split())


def text_on(elements: tuple[etree._Element, ...], date: datetime.date) -> str:
    """The text of ``elements`` (a provision, or a table item's rows) as it stood on ``date``, rebuilt from the
    amendment notes: an insertion's words absent before its date, a substitution's quoted words back in place of the
    words now, an omission's quoted words back at its place; :class:`NotRebuilt` naming the note when one that had not
    yet taken effect (or does not say when it did) does not say what the text was, and when the provision itself had
    no words on the date. The notes themselves are not part of the text."""
    on = _OnDate(elements[0].getroottree().getroot(), date)
    for element in elements:
        if not on.has_words(element) and element.find(f"{_A}num") is not None:
            changes = [a for a in history(element) if a.changes_text]
            why = "; ".join(f"{a.text} (note {a.note})" for a in changes) or "no note says why"
            raise NotRebuilt(f"it had no words on {date}: {why}")
    _unplaced(on, elements)
    return joined([w for element in elements for w in [*on.words(element), " "]])


def _unplaced(on: _OnDate, elements: tuple[etree._Element, ...]) -> None:
    """Raise for a note of the enclosing section that changes the text but marks no words in it (India Code prints
    its mark nowhere, or over a whole table), when it had not taken effect on the date: where it changed the
    provision is not known."""
    inside = {id(n) for element in elements for n in element.iter(f"{_A}authorialNote")}
    section = next((a for a in elements[0].iterancestors(f"{_A}section")), elements[0])
    for note in section.iter(f"{_A}authorialNote"):
        if id(note) in inside or not _is_amendment_note(note):
            continue
        entry = on.notes.get(note.get("eId", ""))
        if entry is None:
            continue
        amendment = entry[1]
        unplaced = amendment.changes_text and not amendment.spans and amendment.kind not in {"omitted", "repealed"}
        if unplaced and not on.in_force(amendment):
            raise on._why(amendment, f"marks no words in the text, so the text before {amendment.wef} is not known")

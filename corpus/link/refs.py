"""Cross-references: "section 161", "sub-section (2) of section 94", "this section", "section eight" become ``<ref>``.

A reference to a provision of the same document gets ``href="#<eId>"``; one to another document of the corpus (the
1880 Act's "section 40 of the Indian Ports Act, 1875", 000 L313) gets that work's FRBR URI with the portion after a
tilde, ``/akn/in/act/1875-01-01/12/~sec_40`` (the Akoma Ntoso naming convention's work-level portion, as cobalt's
``FrbrUri`` parses it). References into documents outside the corpus ("section 212 of the Merchant Shipping Act,
1854", 000 L249) stay text and are counted as external; a reference to a number the document does not have stays
text and is counted as unresolved, so no href ever dangles.

References the source prints wrongly (``known_misprints.yaml``, from SURVEY.md §4) are linked as printed and followed
by an editorial remark that says what was probably meant.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import MISSING, dataclass, field, fields
from functools import cache
from pathlib import Path

from lxml import etree

from corpus import xmlio, yamlio
from corpus.catalogue import Document
from corpus.clean.old_acts_word_numbers import WORD_NUMBER, parse_word_number
from corpus.xmlio import AKN_NS, NUMBERED_LEVELS, heading_of, local_name, num_of

MISPRINTS_FILE = Path(__file__).resolve().parent / "known_misprints.yaml"

# Text inside these elements is never searched: numbers, headings, existing inline marks, editorial notes, metadata.
SKIP = frozenset({"num", "heading", "ref", "remark", "term", "def", "meta", "authorialNote", "a"})
HIER = NUMBERED_LEVELS

_NUM = r"\d+[A-Z]?(?![\w-])"
_PAREN = r"\(\w{1,5} ?\)"  # "sub-section (1 ) of section 2" (004 L54): a stray space before ")"
_SECTION_LABEL = rf"(?:{_NUM}|{WORD_NUMBER}\b)(?:\s?{_PAREN})*"
_ORDINAL = r"(?:first|second|third|fourth|fifth)\b"
_ROMAN_OR_DIGITS = r"(?-i:[IVXLC]+[A-Z]?|\d+[A-Z]?)\b"  # "Part XA" (19_2025 s.12(3))
_KEYWORDS = {
    "subsection": r"sub[-–—]?\s?sections?",
    "section": r"sections?",
    # "item (B) of sub-clause (ii)" (003 MSB s.69 Explanation, L1093): the level below a sub-clause
    "clause": r"(?:sub[-–—]?\s?clauses?|clauses?|sub[-–—]?\s?paragraphs?|paragraphs?|items?)",
    "chapter": r"chapters?",
    "part": r"parts?",
}
_LABELS = {
    "subsection": _PAREN,
    "section": _SECTION_LABEL,
    "clause": _PAREN,
    "chapter": _ROMAN_OR_DIGITS,
    "part": _ROMAN_OR_DIGITS,
}
_FLAGS = re.IGNORECASE
# Every form starts with s, c, p, t or i: the look-ahead lets the search pass over other words at once.
_START = re.compile(
    r"(?<![\w-])(?=[scpti])(?:%s|the\s+last\s+preceding\s+section|the\s+(?:%s\s+)?schedule|this\s+(?:%s))\b"
    % (
        "|".join(_KEYWORDS.values()),
        _ORDINAL,
        "|".join(_KEYWORDS[k] for k in ("subsection", "section", "clause", "chapter", "part")),
    ),
    _FLAGS,
)
_KEYWORD = {kind: re.compile(rf"(?P<kw>{pattern})\s*", _FLAGS) for kind, pattern in _KEYWORDS.items()}
_LABEL = {kind: re.compile(pattern, _FLAGS) for kind, pattern in _LABELS.items()}
_NAMELY = re.compile(r"\(namely\),?\s*", _FLAGS)
_SEPARATOR = re.compile(r"\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+|\s+to\s*|\s*[-–]\s*(?=\d)", _FLAGS)
# "clause (c), as the case may be, of section 21" (44_1958 s.435B): the aside does not end the chain.
_OF = re.compile(r"\s*,?\s+(?:as\s+the\s+case\s+may\s+be,\s+)?of\s+(?:the\s+)?", _FLAGS)
_THIS = re.compile(r"this\s+(?P<kw>%s)\b" % "|".join(_KEYWORDS.values()), _FLAGS)
# "the First Schedule"; after "of the" (read with it, :data:`_OF`), just "Schedule": "Part I of the Schedule".
_SCHEDULE = re.compile(r"(?:the\s+)?(?:(?P<ordinal>%s)\s+)?schedule\b" % _ORDINAL, _FLAGS)
_LAST_PRECEDING = re.compile(r"the\s+last\s+preceding\s+section\b", _FLAGS)
# ", clause (c)" after a section of the old Acts: "section sixty-two, clause (c)" (000 L265); ", sub-section (5),
# clause (d)" (15_1908 s.49(2): "section 36, sub-section (5), clause (d)").
# Not when "of" follows: "section 105, sub-section (4) of section 106" (44_1958 s.436(2) Table) names two sections.
_COMMA_CLAUSE = re.compile(r",\s+(?:sub[-–—]?\s?section|clause)\s+(?P<label>\(\w{1,5}\))(?!\s*,?\s+of\b)", _FLAGS)
# "Section 18, 19, 24B, 29 to 34 (both inclusive), 47 to 54 …" (33_1948 s.10): a range's bounds counted in.
_INCLUSIVE = re.compile(r"\s*\(both\s+inclusive\)", _FLAGS)
_LOOK_BEHIND = 120  # characters before a reference searched for the law it belongs to
_OF_OR_TO = r"\s*,?\s+(?:of|to)\s+"
_OF_THIS_DOCUMENT = re.compile(r"\s*,?\s+of\s+(?:this\s+(?:Ordinance|Act|Bill|Code)|the\s+Bill)\b", _FLAGS)
# "of the Merchant Shipping Act, 1854", "of Act No. XIII of 1878", "to the Major Port Trusts Act", "of the Territorial
# Waters and Maritime Zones Act, 1976" (004 L27): another law.
_OF_OTHER_LAW = re.compile(
    r"\s*,?\s+(?:respectively\s+)?(?:of|to)\s+(?:(?:the\s+)?(?:said|aforesaid|principal)\s+(?:Act|Ordinance|Code)\b|that\s+Act\b"
    r"|Act\s+(?:No\.\s*)?[IVXLC\d]+\b|articles?\s+\d+"
    r"|(?:the\s+)?(?:[A-Z][\w.&'()-]*,?\s+(?:(?:and|of|for|on|in|the)\s+)?){0,10}?"
    r"(?:Act|Ordinance|Code|Regulations?|Rules|Statute|Convention|Law|Constitution)\b)"
)
# "the Merchant Shipping Act, 1854, section 228" (002 L331), "Act No. XIII of 1867, section one" (002 L427).
# "the Statute 17th & 18th of Victoria, chapter 104" (002 L405). A law's citation in brackets before the section:
# "the Merchant Shiping Act, 1894 (57 & 58 Vict., c. 60.), section 207", "…, 1859 (1 of 1859), section 71" (15_1908
# ss.43, 17).
_OTHER_LAW_BEFORE = re.compile(
    r"(?:\b(?:Act|Code|Ordinance|Victoria)(?:,?\s+(?:No\.\s*)?[IVXLC\d]+\s+of\s+\d{4})?,?\s+(?:\d{4},?\s+)?"
    r"|\((?:\d+\s+of\s+\d{4}|[^()]*\bVict\b[^()]*)\),?\s+)$"
)


class LinkError(Exception):
    """Linking data that no longer matches the text (a misprint entry that finds no reference)."""


@dataclass(frozen=True)
class Misprint:
    """A reference the source prints wrongly: linked as printed, with an editorial note (SURVEY.md §4)."""

    document: str
    printed: str
    probably: str
    reason: str
    section: str = ""  # the section that prints it, or
    eid: str = ""  # the element that does, outside the sections (a Bill's notes on clauses)

    @property
    def note(self) -> str:
        return f"[Editorial note: the source prints “{self.printed}” here; probably {self.probably} ({self.reason})]"


@cache
def misprints() -> tuple[Misprint, ...]:
    """The reviewed list of wrongly printed references; a malformed entry is a :class:`LinkError` naming the file's
    line, the entry and the field."""
    entries = yamlio.load_marked(MISPRINTS_FILE) or []
    if not isinstance(entries, list):
        raise LinkError(f"{yamlio.where(MISPRINTS_FILE, entries, [])}: must be a list of misprinted references")
    known = [f.name for f in fields(Misprint)]
    required = [f.name for f in fields(Misprint) if f.default is MISSING]
    found = []
    for index, entry in enumerate(entries, start=1):
        wrong = yamlio.wrong_field(entry, known, required)
        if wrong is None:  # text, or a section's number written as one
            wrong = next(
                ((k, f"must be text, not {v!r}") for k, v in entry.items() if not isinstance(v, str | int)), None
            )
        if wrong is not None:
            raise LinkError(yamlio.entry_message(MISPRINTS_FILE, entries, index, *wrong))
        found.append(Misprint(**{k: str(v) for k, v in entry.items()}))
    return tuple(found)


def _section_number(el: etree._Element) -> str:
    match = re.search(r"\d+[A-Z]?", num_of(el))
    return match.group() if match else ""


# --- walking the text of a tree ---------------------------------------------------------------------------------


@dataclass
class TextSlot:
    """A run of text in the tree: ``parent.text`` (``after`` is None) or the tail of ``after``, a child of parent."""

    parent: etree._Element
    after: etree._Element | None

    @property
    def text(self) -> str:
        return (self.parent.text if self.after is None else self.after.tail) or ""


def text_slots(root: etree._Element, skip: frozenset[str] = SKIP) -> Iterator[TextSlot]:
    """Every run of text in ``root`` that is not inside an element named in ``skip`` (each once, in no set order)."""
    skipped = _clark_names(skip)
    stack = [root]
    while stack:
        el = stack.pop()
        if el.text:
            yield TextSlot(el, None)
        searched = []
        for child in el:
            if child.tail:
                yield TextSlot(el, child)
            if isinstance(child.tag, str) and child.tag not in skipped:
                searched.append(child)
        stack.extend(reversed(searched))


@cache
def _clark_names(names: frozenset[str]) -> frozenset[str]:
    """``{akn-namespace}num`` for ``num``: what lxml gives as the tag of an AKN element."""
    return frozenset(f"{{{AKN_NS}}}{name}" for name in names)


def wrap(slot: TextSlot, spans: list[tuple[int, int, etree._Element]]) -> None:
    """Move the text of each ``(start, end, element)`` span of ``slot`` into ``element`` (spans sorted, disjoint)."""
    text = slot.text
    cursor = 0
    previous = slot.after
    head = text[: spans[0][0]] if spans else text
    if slot.after is None:
        slot.parent.text = head
    else:
        slot.after.tail = head
    for index, (start, end, element) in enumerate(spans):
        assert start >= cursor, "spans must be sorted and disjoint"
        element.text = text[start:end]
        following = spans[index + 1][0] if index + 1 < len(spans) else len(text)
        element.tail = text[end:following]
        if previous is None:
            slot.parent.insert(0, element)
        else:
            previous.addnext(element)
        previous = element
        cursor = end


def ancestors(el: etree._Element) -> Iterator[etree._Element]:
    yield el
    yield from el.iterancestors()


# --- the structure of a document --------------------------------------------------------------------------------


@dataclass
class Index:
    """What references can land on in one document: sections, chapters, parts and schedules by number."""

    doc: Document
    root: etree._Element
    sections: dict[str, etree._Element] = field(default_factory=dict)
    order: list[etree._Element] = field(default_factory=list)
    chapters: dict[str, list[etree._Element]] = field(default_factory=dict)  # a Bill restarts them in each Part
    parts: dict[str, list[etree._Element]] = field(default_factory=dict)
    schedules: list[etree._Element] = field(default_factory=list)

    @classmethod
    def of(cls, doc: Document, root: etree._Element) -> Index:
        index = cls(doc, root)
        body = root.find(f".//{{{AKN_NS}}}body")
        if body is not None:
            for section in body.iter(f"{{{AKN_NS}}}section"):
                number = _section_number(section)
                if number and number not in index.sections:
                    index.sections[number] = section
                index.order.append(section)
            for name, table in (("chapter", index.chapters), ("part", index.parts)):
                for el in body.iter(f"{{{AKN_NS}}}{name}"):
                    label = num_of(el).rstrip(".")
                    if label:
                        table.setdefault(label, []).append(el)
        for attachment in root.iter(f"{{{AKN_NS}}}attachment"):
            if "SCHEDULE" in heading_of(attachment).upper():
                index.schedules.append(attachment)
        return index

    def element(self, eid: str) -> etree._Element | None:
        """The element of this document whose eId is ``eid``."""
        found = self.root.xpath("//*[@eId=$eid]", eid=eid)
        return found[0] if found else None

    def href(self, el: etree._Element, here: Document) -> str:
        eid = el.get("eId")
        return f"#{eid}" if self.doc.id == here.id else f"{self.doc.frbr_uri}/~{eid}"

    def schedule(self, ordinal: str | None) -> etree._Element | None:
        if ordinal is None:
            return self.schedules[0] if len(self.schedules) == 1 else None
        word = ordinal.upper()
        for attachment in self.schedules:
            if re.search(rf"\b{word}\s+SCHEDULE\b", heading_of(attachment).upper()):
                return attachment
        return None


class Indexes:
    """The :class:`Index` of each document a reference may land in: the trees being linked, and the committed XML of
    other documents (``context``: their paths), each read the first time a reference lands in it."""

    def __init__(self, docs: dict[str, Document], trees: dict[str, etree._Element], context: dict[str, Path]) -> None:
        self.docs = docs
        self.context = context
        self.built = {doc_id: Index.of(docs[doc_id], root) for doc_id, root in trees.items()}

    def __getitem__(self, doc_id: str) -> Index:
        if doc_id not in self.built and doc_id in self.context:
            self.built[doc_id] = Index.of(self.docs[doc_id], xmlio.parse(self.context[doc_id]).getroot())
        return self.built[doc_id]

    def get(self, doc_id: str) -> Index | None:
        """The index of ``doc_id``; None for a document neither being linked nor built before."""
        return self[doc_id] if doc_id in self.built or doc_id in self.context else None


def descendant(
    base: etree._Element, label: str, kinds: frozenset[str], here: etree._Element | None = None
) -> etree._Element | None:
    """The element below ``base`` of one of ``kinds`` numbered ``label`` ("(2)"), at the shallowest level that has
    one; None when that level has two (a "(i)" in each of two clauses is no answer to "sub-clause (i)").

    A provision that holds the reference (``here``) is not what it names: "in clause (a)" inside s.541(2)(a) is
    s.541(1)(a) (004 L4925).
    """
    holders = set(ancestors(here)) if here is not None else set()
    level = [base]
    while level:
        following = []
        matches = []
        for el in level:
            for child in el:
                if not isinstance(child.tag, str):
                    continue
                name = local_name(child)
                if name in kinds and num_of(child) == label and child not in holders:
                    matches.append(child)
                if name not in {"num", "heading", "section"}:
                    following.append(child)
        if matches:
            return matches[0] if len(matches) == 1 else None
        level = following
    return None


SUBSECTIONS = frozenset({"subsection"})
CLAUSES = HIER - {"subsection"}


def _enclosing(el: etree._Element, name: str) -> etree._Element | None:
    return next((a for a in ancestors(el) if local_name(a) == name), None)


# --- reading a reference ----------------------------------------------------------------------------------------


@dataclass
class Item:
    """One label of a reference ("(2)", "161", "seventy-four") and where it stands in the slot's text."""

    label: str
    start: int
    end: int
    below: list[str] = field(default_factory=list)  # "94(1)(b)" → ["(1)", "(b)"]


@dataclass
class Unit:
    """One level of a reference: "sub-sections (1) and (2)", "section 94", "this section", "the First Schedule"."""

    kind: str  # subsection, section, clause, chapter, part, schedule, this-<kind>, last-preceding
    items: list[Item]
    sub: bool = False  # named one level down: "sub-clauses (i) to (xiii)", not "clause (36)" (004 s.461(2))

    @property
    def start(self) -> int:
        return self.items[0].start

    @property
    def end(self) -> int:
        return self.items[-1].end


def _kind_of(keyword: str) -> str:
    for kind in ("subsection", "section", "clause", "chapter", "part"):
        if re.fullmatch(_KEYWORDS[kind], keyword, _FLAGS):
            return kind
    raise ValueError(keyword)


def _label(kind: str, text: str) -> tuple[str, list[str]]:
    """A section label "94(1)(b)" → ("94", ["(1)", "(b)"]); "seventy-four" → ("74", []); other kinds as printed."""
    text = text.replace(" )", ")")
    if kind != "section":
        return text, []
    below = re.findall(r"\(\w{1,5}\)", text)
    number = re.sub(r"\s?\(\w{1,5}\)", "", text).strip()
    if not number[0].isdigit():
        number = str(parse_word_number(number))
    return number, below


# (kind, keyword, label) of the units a reference is made of, most specific keyword first.
_FORMS = [(kind, _KEYWORD[kind], _LABEL[kind]) for kind in _KEYWORDS]
# A Bill's papers cite its sections as clauses: "Sub-clause (1) of clause 62 of the Bill" (003 L4825).
_BILL_FORMS = [*_FORMS, ("section", re.compile(r"(?P<kw>clauses?)\s+", _FLAGS), re.compile(_NUM))]


def read_unit(text: str, pos: int, single: bool = False, bill: bool = False) -> Unit | None:
    """The reference unit that starts at ``pos`` of ``text``, or None."""
    if m := _THIS.match(text, pos):
        return Unit("this-" + _kind_of(m["kw"]), [Item("", m.start(), m.end())], _is_sub(m["kw"]))
    if m := _LAST_PRECEDING.match(text, pos):
        return Unit("last-preceding", [Item("", m.start(), m.end())])
    if m := _SCHEDULE.match(text, pos):
        return Unit("schedule", [Item(m["ordinal"] or "", m.start(), m.end())])
    for kind, keyword, label_re in _BILL_FORMS if bill else _FORMS:
        m = keyword.match(text, pos)
        if not m:
            continue
        cursor = m.end()
        sub = _is_sub(m["kw"])
        if kind == "section" and (namely := _NAMELY.match(text, cursor)):
            cursor = namely.end()
        items: list[Item] = []
        start = pos
        while label := label_re.match(text, cursor):
            number, below = _label(kind, label.group())
            item = Item(number, start, label.end(), below)
            while kind == "section" and (comma := _COMMA_CLAUSE.match(text, item.end)):
                item.below.append(comma["label"])
                item.end = comma.end()
            items.append(item)
            inclusive = _INCLUSIVE.match(text, item.end)
            sep = None if single else _SEPARATOR.match(text, inclusive.end() if inclusive else item.end)
            if not sep:
                break
            after = sep.end()
            if again := keyword.match(text, after):
                if _is_sub(again["kw"]) != sub:
                    break  # "sub-clauses (i) to (xiii) or clause (36)": another level, another reference
                after = again.end()
            start, cursor = sep.end(), after
        if items:
            return Unit(kind, items, sub)
    return None


def _is_sub(keyword: str) -> bool:
    return keyword[:3].lower() == "sub"


@dataclass
class Reference:
    """A chain "clause (b) of sub-section (1) of section 94": units from the most to the least specific."""

    units: list[Unit]
    end: int  # where the chain's text ends (after "of the Indian Ports Act, 1875" for a cross-document one)
    scope: str  # "internal", "external" or the id of another document of the corpus
    inherited: list[Unit] = field(default_factory=list)  # units borrowed from the next chain, not in this text
    explicit: bool = False  # "of this Ordinance" follows: internal beyond doubt

    @property
    def relative(self) -> bool:
        """Whether it names its target only relative to where it stands ("this section", "sub-section (2)")."""
        return not any(u.kind in _ABSOLUTE for u in [*self.units, *self.inherited])


def read_reference(text: str, pos: int, titles: dict[str, Title], bill: bool = False) -> Reference | None:
    """The reference chain that starts at ``pos`` of ``text``, with where it points (this, another or no document)."""
    first = read_unit(text, pos, bill=bill)
    if first is None:
        return None
    units = [first]
    while True:
        of = _OF.match(text, units[-1].end)
        if not of:
            break
        following = read_unit(text, of.end(), single=True, bill=bill)
        if following is None or following.kind == "last-preceding":
            break
        units.append(following)
    end = units[-1].end
    while len(units) > 1 and units[0].kind == "section" and units[-1].kind in _WHOLES:
        units.pop()  # "clause 192 of this Chapter" (003 L4627): a section's number is the document's
    inclusive = _INCLUSIVE.match(text, end)  # "69 to 80A (both inclusive) of the Calcutta Port Act, 1890"
    law_at = inclusive.end() if inclusive else end
    if _OF_THIS_DOCUMENT.match(text, law_at):
        return Reference(units, end, "internal", explicit=True)
    before = text[max(0, pos - _LOOK_BEHIND) : pos]
    cited = before.rstrip().rstrip(",").lower()  # what a title cited before the reference ends in: its year
    for doc_id, title in titles.items():
        if m := title.after.match(text, law_at):
            return Reference(units, m.end(), doc_id)
        if cited.endswith(title.year) and title.before.search(before):
            return Reference(units, end, doc_id)
    if _OF_OTHER_LAW.match(text, law_at) or _OTHER_LAW_BEFORE.search(before):
        return Reference(units, end, "external")
    return Reference(units, end, "internal")


@dataclass(frozen=True)
class Title:
    """How a reference names a document of the corpus: after it ("section 40 of the Indian Ports Act, 1875", 000
    L313) or before it ("the Indian Ports Act, 1875, section 40"); and the name alone ("Indian Ports Act, 1875",
    without "the": what corpus/link/works.py links to the work)."""

    after: re.Pattern[str]
    before: re.Pattern[str]
    year: str  # lower case: what ``before`` finds ends in it, so a text that does not is passed over without a search
    name: re.Pattern[str]


def title_patterns(docs: dict[str, Document], jurisdiction: str | None = None) -> dict[str, Title]:
    """For each document, how its short title is cited ("the Indian Ports Act, 1875"; a Bill as "...Act, 2016").

    With ``jurisdiction``, only that jurisdiction's documents: a law's name in another country's statute is that
    country's law of the name (the Ordinance's Schedule repeals "The Coasting Vessels Act, 1838" as in force in
    Pakistan, 004 L5558, not India Code's text of it).
    """
    patterns = {}
    for doc_id, doc in docs.items():
        if jurisdiction is not None and doc.jurisdiction != jurisdiction:
            continue
        alternatives = []
        for name in sorted({doc.short_title, doc.short_title.replace(" Bill,", " Act,")}):
            head, _, year = name.rpartition(", ")
            alternatives.append(r"\s+".join(map(re.escape, head.split())) + r",?\s+" + re.escape(year))
        name = rf"(?:{'|'.join(alternatives)})\b"
        title = rf"(?:the\s+)?{name}"
        year = doc.short_title.rpartition(", ")[2].lower()  # the same in a Bill's "… Act, 2016"
        patterns[doc_id] = Title(
            re.compile(_OF_OR_TO + title, _FLAGS),
            re.compile(title + r",?\s+$", _FLAGS),
            year,
            re.compile(r"(?<![\w-])" + name, _FLAGS),
        )
    return patterns


# --- resolving and linking --------------------------------------------------------------------------------------


class Unresolved(LookupError):
    """A reference to a number or label the document does not have."""


def _resolve_one(
    unit: Unit, item: Item, base: etree._Element | None, here: etree._Element, index: Index
) -> etree._Element:
    """The element ``item`` of ``unit`` names, inside ``base`` (or relative to ``here`` when ``base`` is None)."""
    kind = unit.kind
    found: etree._Element | None = None
    if kind == "section":
        found = index.sections.get(item.label)
        if found is None:  # "section 6 (1)" of a record that lacks section 6: the section is what is missing
            raise Unresolved(f"{kind} {item.label}")
        for label in item.below:
            found = descendant(found, f"{label}", HIER) if found is not None else None
    elif kind == "chapter":
        found = _one_of(index.chapters.get(item.label, []), base if base is not None else _enclosing(here, "part"))
    elif kind == "part" and base is not None and local_name(base) == "attachment":
        found = _schedule_part(base, item.label)
    elif kind == "part":
        found = _one_of(index.parts.get(item.label, []), None)
    elif kind == "schedule":
        found = index.schedule(item.label or None)
    elif kind == "last-preceding":
        section = _enclosing(here, "section")
        position = index.order.index(section) if section is not None and section in index.order else 0
        found = index.order[position - 1] if position > 0 else None
    elif kind == "this-clause":
        found = _this_clause(unit, here, index)
    elif kind.startswith("this-"):
        found = _enclosing(here, kind[5:])
    elif kind == "subsection":
        container = base if base is not None else _enclosing(here, "section")
        found = descendant(container, item.label, SUBSECTIONS) if container is not None else None
    elif kind == "clause":
        found = _clause(item, base, here, index)
    if found is None or not found.get("eId"):
        raise Unresolved(f"{kind} {item.label}{''.join(item.below)}")
    return found


def _this_clause(unit: Unit, here: etree._Element, index: Index) -> etree._Element | None:
    """The clause "this clause" (or "this sub-clause", ``unit.sub``) at ``here`` names."""
    numbered = [a for a in ancestors(here) if local_name(a) in CLAUSES and num_of(a)]
    # "sub-clause (i) of this clause" in sub-clause (ii) (3_2022 s.2(1)(i)(ii)): "this clause" is the clause
    # that holds the sub-clause, "this sub-clause" the sub-clause itself
    whole = [a for a in numbered if not local_name(a).startswith("sub")] if not unit.sub else []
    found = next(iter(whole or numbered), None)
    if found is None:  # a definition clause numbered as a sub-section (003 MSB s.3(6), s.3(47) Explanations)
        found = next((a for a in ancestors(here) if local_name(a) == "subsection" and _defines(a)), None)
    if found is None and index.doc.kind == "bill":
        found = _enclosing(here, "section")  # a Bill's sections are its clauses (003 MPA s.14 proviso)
    return found


def _clause(item: Item, base: etree._Element | None, here: etree._Element, index: Index) -> etree._Element | None:
    """The clause ``item`` names: inside ``base``, or (no base) the nearest one at ``here`` with its label."""
    if base is not None:
        found = descendant(base, item.label, CLAUSES)
        if found is None and index.doc.kind == "bill" and local_name(base) == "section":
            found = descendant(base, item.label, SUBSECTIONS)  # "sub-clause (1) of clause 62" (003 L4825)
        return found
    found = None
    for container in ancestors(here):
        if local_name(container) in HIER or local_name(container) == "section":
            found = descendant(container, item.label, CLAUSES, here)
        if found is not None or local_name(container) == "section":
            break
    if found is None:
        # no other clause has the label: the words stand in the clause they name, a list's closing words
        # read into its last clause ("any seaman so engaged under clause (a) or clause (b)", 44_1958 s.102)
        found = next((a for a in ancestors(here) if local_name(a) in CLAUSES and num_of(a) == item.label), None)
    return found


def _defines(subsection: etree._Element) -> bool:
    """Whether a numbered sub-section is a definition clause: its own text (not an Explanation's) defines a term."""
    content = subsection.find(f"{{{AKN_NS}}}content")
    return bool(num_of(subsection)) and content is not None and content.find(f".//{{{AKN_NS}}}def") is not None


def _schedule_part(schedule: etree._Element, label: str) -> etree._Element:
    """Part ``label`` of a schedule: the block that opens with its heading ("(A) PART I.— PAKISTAN LAWS", 004 L5560),
    or the schedule itself when its parts are not blocks of their own."""
    heading = re.compile(rf"{_HEADING_BEFORE.pattern}PART\s+{re.escape(label)}\b", _FLAGS)
    for block in schedule.iter(f"{{{AKN_NS}}}blockList", f"{{{AKN_NS}}}hcontainer", f"{{{AKN_NS}}}p"):
        first = block[0] if local_name(block) == "blockList" and len(block) else block
        if heading.match("".join(first.itertext())) and block.get("eId"):
            return block
    return schedule


def _one_of(candidates: list[etree._Element], within: etree._Element | None) -> etree._Element | None:
    """The one candidate (inside ``within`` when there are several: "Chapter II" in Part IX of the 2016 Bill)."""
    if len(candidates) > 1 and within is not None:
        candidates = [c for c in candidates if within in set(c.iterancestors())]
    return candidates[0] if len(candidates) == 1 else None


@dataclass
class Counts:
    resolved: int = 0
    unresolved: int = 0
    external: int = 0
    missed: list[str] = field(default_factory=list)  # each unresolved reference: its text, where, and why

    def as_dict(self) -> dict[str, int | list[str]]:
        """The counts, and the unresolved references listed for the build report (an editor's to-do list)."""
        return {
            "refs resolved": self.resolved,
            "refs unresolved": self.unresolved,
            "refs external": self.external,
            "unresolved references": self.missed,
        }


def _ref(href: str) -> etree._Element:
    return etree.Element(f"{{{AKN_NS}}}ref", href=href)


def _link_reference(
    ref: Reference, slot: TextSlot, indexes: Indexes, here_doc: Document, counts: Counts
) -> list[tuple[int, int, etree._Element]]:
    """The ``<ref>`` spans for one reference chain (none when it is external or does not resolve)."""
    head, tail = ref.units[0], ref.units[1:] + ref.inherited
    printed = f"{slot.text[head.start : ref.end]} [in {slot.parent.get('eId')}]"
    if ref.scope == "external":
        counts.external += len(head.items)
        return []
    index = indexes.get(here_doc.id if ref.scope == "internal" else ref.scope)
    if index is None:  # a document of the corpus that is not built yet
        counts.unresolved += len(head.items)
        counts.missed.append(f"{printed} (not built yet)")
        return []
    here = slot.parent
    # a reference into another document names it: its report says what that document's record lacks
    where = "" if ref.scope == "internal" else f" in {ref.scope}"
    try:
        base = None
        for unit in reversed(tail):
            base = _resolve_one(unit, unit.items[0], base, here, index)
    except Unresolved as err:
        counts.unresolved += len(head.items)
        counts.missed.append(f"{printed} ({err} not found{where})")
        return []
    spans = []
    for item in head.items:
        try:
            target = _resolve_one(head, item, base, here, index)
        except Unresolved as err:
            counts.unresolved += 1
            counts.missed.append(f"{printed} ({err} not found{where})")
            continue
        end = ref.end if len(head.items) == 1 else item.end
        spans.append((item.start, end, _ref(index.href(target, here_doc))))
    if len(head.items) > 1 and ref.units[1:] and base is not None:
        spans.append((ref.units[1].start, ref.end, _ref(index.href(base, here_doc))))
    counts.resolved += len(spans)
    return spans


_TITLE_AFTER = re.compile(r"\s*(?:[.:–—-]+\s*[A-Z]|$)")
# What may stand before a heading "Part I" at the start of its block: nothing, or a list label ("(A) ", "B. ").
_HEADING_BEFORE = re.compile(r"\s*(?:\(\w{1,3}\)|\w{1,3}\.)?\s*")
_THEREOF = re.compile(r"\s+thereof\b", _FLAGS)
_OF_BARE_NUMBER = re.compile(r"\s+of\s+(?P<number>\d{1,3}[A-Z]?)\b(?!\s*(?:of|\())", _FLAGS)
_OF_THAT_SECTION = re.compile(r"\s*,?\s+of\s+(?:the\s+)?(?:aforesaid|said|that)\s+section\b", _FLAGS)
# The amending formula "in clause (a), in sub-clause (i), for the figure …" (004 s.541(2)): the second inside the first.
_IN_AGAIN = re.compile(r",\s+in\s+", _FLAGS)
_SENTENCE_BREAK = re.compile(r"[.;:]\s")
_WHOLES = {"chapter", "part", "this-chapter", "this-part"}
_ABSOLUTE = {"section", "chapter", "part", "schedule"}
_SHARED_TAIL = re.compile(r",\s+of\s", _FLAGS)
_BRIDGE = re.compile(r"[^.;:()]{1,40}")  # "sections 193 and 228 and for the purposes of section 196 of the IPC"
# "clause (b) or, as the case may be, clause (c) of section 21", "clause (a) or in clause (b)" (44_1958 ss.45, 435B)
_JOINED = re.compile(r"\s*,?\s*(?:and|or)(?:\s+in)?(?:,\s*as\s+the\s+case\s+may\s+be,)?\s+|\s*,\s*", _FLAGS)
_ANCHORS = {"section", "this-section", "last-preceding", "chapter", "part", "schedule"}


# How high each kind of unit stands: "thereof" borrows from the reference before it what stands above its own unit.
_RANK = {"clause": 0, "subsection": 1, "section": 2, "last-preceding": 2, "chapter": 3, "part": 4, "schedule": 5}


def _rank(unit: Unit) -> float:
    """How high ``unit`` stands; a sub-clause ("sub-clause (i)") half a level below a clause."""
    return _RANK[unit.kind.removeprefix("this-")] - (0.5 if unit.sub else 0.0)


def _above(ref: Reference, before: Reference, text: str) -> list[Unit]:
    """The units of ``before`` that stand above all of ``ref``'s own: what "thereof" after ``ref`` names
    ("sub-section (1) thereof" after "section 568" is s.568(1), 004 s.569(2); "clause (b) thereof" after "clause (a)
    of sub-section (1)" is (1)(b), 004 s.541(3); "clause (b) of sub-section (4) thereof" after "… of section 504" is
    s.504(4)(b), 004 s.525), or what "in clause (a), in sub-clause (i)" nests the second in (004 s.541(2)); nothing
    when a sentence ends between them."""
    if ref.inherited or _SENTENCE_BREAK.search(text, before.end, ref.units[0].start):
        return []  # "Clause 128 … under Part VI of the Bill. Sub-clause (2) thereof" (003 L4881): clause 128's
    top = max(_rank(u) for u in ref.units)
    return [u for u in [*before.units, *before.inherited] if _rank(u) > top]


def references_in(text: str, titles: dict[str, Title], own: str, bill: bool = False) -> list[Reference]:
    """Every reference chain in ``text``, in order.

    "clause (b) of sub-section (1) and sub-section (2) of section 481" (004 s.493(2)): a chain with no section of its
    own, joined by "and"/"or" to one that ends in a section, takes that section (and that document) too; a chain of
    sub-clauses joined so to a clause takes the clause as well: "sub-clauses (i) to (xiii) or clause (36) of section 2"
    (004 s.461(2)) names sub-clauses of clause (36).
    """
    found: list[Reference] = []
    pos = 0
    while m := _START.search(text, pos):
        ref = read_reference(text, m.start(), titles, bill)
        if ref is None:
            pos = m.end()
            continue
        pos = ref.end
        if (
            ref.units[0].kind in {"part", "chapter"}
            and len(ref.units) == 1
            and _HEADING_BEFORE.fullmatch(text, 0, ref.units[0].start)
            and _TITLE_AFTER.match(text, ref.end)
        ):
            continue  # "Part I. British Burma." (002 L433), "(A) PART I.— PAKISTAN LAWS" (004 L5560): a heading
        thereof = _THEREOF.match(text, ref.end) if found else None
        if thereof and (above := _above(ref, found[-1], text)):
            # "Part I of the Schedule …, and the enactments specified in Part II thereof" (004 s.610(1), L5536)
            ref.inherited, ref.end, ref.scope = above, thereof.end(), found[-1].scope
        elif (
            thereof
            and found[-1].scope != "internal"
            and not _SENTENCE_BREAK.search(text, found[-1].end, ref.units[0].start)
        ):
            # "section 3 of the Customs Act, 1969 …, and … a customs port as defined in section 2 thereof" (004
            # s.2(9), L60): the other law's section 2, not the Ordinance's
            ref.end, ref.scope = thereof.end(), found[-1].scope
        elif (bare := _OF_BARE_NUMBER.match(text, ref.end)) and not any(u.kind == "section" for u in ref.units):
            # "sub-section (3) of 471, sections 474, 478 and 479" (004 s.494(3), L4484): the word "section" left out
            # (a misprint noted in known_misprints.yaml); read as the section it numbers
            item = Item(bare["number"], bare.start("number"), bare.end("number"))
            ref.units, ref.end = [*ref.units, Unit("section", [item])], bare.end()
        elif (that := _OF_THAT_SECTION.match(text, ref.end)) and not any(u.kind == "section" for u in ref.units):
            # "sub-section (2) of that section" after "sub-section (1) of section 284" (004 s.286(1)), "sub-sections
            # (2) or (3) or (4) of the aforesaid section" after "section 317" (004 s.318(2)): the last section named
            named = [u for before in reversed(found) for u in before.units if u.kind == "section" and len(u.items) == 1]
            if not named:
                pos = that.end()
                continue  # no section named before it in this text: left unlinked rather than guessed
            ref.inherited, ref.end = [named[0]], that.end()
            ref.scope = next(b.scope for b in reversed(found) if named[0] in b.units)
        elif (
            found
            and _IN_AGAIN.fullmatch(text, found[-1].end, ref.units[0].start)
            and (above := _above(ref, found[-1], text))
        ):
            ref.inherited, ref.scope = above, found[-1].scope
        if ref.scope == own:
            ref.scope = "internal"
        found.append(ref)
    _join_chains(found, text)
    return found


def _join_chains(found: list[Reference], text: str) -> None:
    """Give a chain with no section (or clause) of its own that of the chain it is joined to, last pair first:
    :func:`references_in`'s "clause (b) of sub-section (1) and sub-section (2) of section 481"."""
    for first, second in zip(reversed(found[:-1]), reversed(found[1:]), strict=True):
        anchor = second.units[1:] + second.inherited
        head, other = first.units[0], second.units[0]
        if len(first.units) == 1 and head.sub and not other.sub and head.kind == other.kind and len(other.items) == 1:
            anchor = [other, *anchor]
        if (
            _JOINED.fullmatch(text, first.end, second.units[0].start)
            and first.scope == "internal"
            and anchor
            and anchor[-1].kind == "section"
            and not any(u.kind in _ANCHORS for u in first.units)
        ):
            # only what stands above the first's own units: "clause (b) of sub-section (1), or clause (a) … of
            # sub-section (2) of section 319" takes section 319, not sub-section (2) (44_1958 s.436(2) Table)
            top = max(_rank(u) for u in first.units)
            first.inherited = [u for u in anchor if _rank(u) > top]
            first.scope = second.scope
        elif (
            len(first.units) == 1
            and first.scope == "internal"
            and not first.inherited
            and len(second.units) > 1
            and first.units[0].kind == other.kind
            and _SHARED_TAIL.match(text, other.end)
            and _BRIDGE.fullmatch(text, first.end, other.start)
        ):
            # "If a seafarer contravenes clause (a), or an owner contravenes clause (b), of sub-section (14) of
            # section 83" (003, Bill 236 s.256 Table item 33): the comma before "of" gives both clauses its tail.
            first.inherited, first.scope = second.units[1:] + second.inherited, second.scope
        elif (
            second.scope != "internal"
            and first.scope == "internal"
            and not first.explicit
            and first.units[-1].kind == "section"
            and _BRIDGE.fullmatch(text, first.end, second.units[0].start)
        ):
            # "section 331 and the provisions of Part XA, of the Merchant Shipping Act, 1958" (19_2025 s.12(3))
            first.scope = second.scope


# "Section 18, 19, … of the Calcutta Port Act, 1890 are hereby incorporated in this Act subject to the following
# modifications, namely:--" (33_1948 s.10): the clauses after such an intro amend that law, and the sections they name
# ("That in clause (b) of section 19, …") are its sections.
_MODIFICATIONS = re.compile(r"\bsubject\s+to\s+the\s+following\s+modifications\b", _FLAGS)


def _modified_law(section: etree._Element | None, titles: dict[str, Title], own: str) -> str | None:
    """The scope of the law whose sections a section's clauses modify (another document's id, or "external"), when
    its intro says they are modifications of another law; None otherwise."""
    intro = section.find(f"{{{AKN_NS}}}intro") if section is not None else None
    if intro is None:
        return None
    text = "".join(t for slot in text_slots(intro) for t in [slot.text])
    if not _MODIFICATIONS.search(text):
        return None
    for doc_id, title in titles.items():
        if doc_id != own and title.name.search(text):
            return doc_id
    return "external" if _OF_OTHER_LAW.search(text) else None


def link_document(doc: Document, indexes: Indexes, titles: dict[str, Title]) -> Counts:
    """Link every reference in the text of ``doc`` (its index's tree, edited in place)."""
    counts = Counts()
    root = indexes[doc.id].root
    slots = [(slot, local_name(top) == "body") for top in root[0] for slot in text_slots(top)]
    modified: dict[etree._Element | None, str | None] = {}
    for slot, in_body in slots:
        spans: list[tuple[int, int, etree._Element]] = []
        section = _enclosing(slot.parent, "section")
        if section not in modified:
            modified[section] = _modified_law(section, titles, doc.id)
        law = modified[section]
        in_intro = _enclosing(slot.parent, "intro") is not None
        for ref in references_in(slot.text, titles, doc.id, doc.kind == "bill"):
            if ref.relative and not in_body:
                continue  # "this Chapter" in a Bill's notes on clauses: not about the notes' own structure
            if law and not in_intro and ref.scope == "internal" and not ref.explicit and not ref.relative:
                ref.scope = law
            spans.extend(_link_reference(ref, slot, indexes, doc, counts))
        if spans:
            wrap(slot, spans)
    return counts


def annotate_misprints(doc: Document, index: Index) -> None:
    """Put the editorial note after each misprinted reference of ``doc``: after its last ``<ref>``, or after its
    printed words when nothing in them could be linked (a provision that does not exist: "sub-section (3) of section
    3" of the Major Port Authorities Bill, whose section 3 has two sub-sections).

    A place that no longer prints the reference is an error: the list must follow the text.
    """
    for misprint in (m for m in misprints() if m.document == doc.id):
        place = index.sections.get(misprint.section) if misprint.section else index.element(misprint.eid)
        if place is None:
            continue  # a document without that section (a fixture); the corpus tests count the notes
        remarks = [r for r in place.iter(f"{{{AKN_NS}}}remark") if "".join(r.itertext()) == misprint.note]
        if remarks:
            continue  # the committed XML, re-read, already has it
        remark = etree.Element(f"{{{AKN_NS}}}remark", status="editorial")
        remark.text = misprint.note
        found = _printed(place, misprint.printed)
        if found is None:
            where = f"s.{misprint.section}" if misprint.section else misprint.eid
            raise LinkError(f"known_misprints.yaml: “{misprint.printed}” is not printed in {doc.id} {where}")
        block, match = found
        linked = refs_within(block, match.start(), match.end())
        if linked:
            last = linked[-1]
            remark.tail, last.tail = last.tail, None
            last.addnext(remark)
        else:
            _insert_at(block, match.end(), remark)


def _printed(place: etree._Element, printed: str) -> tuple[etree._Element, re.Match[str]] | None:
    """The first ``<p>`` of ``place`` whose text reads ``printed``, and where (the printed words may begin with a
    reference left unlinked: "sub-clauses (i) to (xiii) or clause (36) of section 2", 004 s.461(2), links only
    "clause (36) of section 2")."""
    wanted = re.compile(r"\s+".join(map(re.escape, printed.split())))
    for block in place.iter(f"{{{AKN_NS}}}p"):
        match = wanted.search("".join(block.itertext()))
        if match:
            return block, match
    return None


def _insert_at(block: etree._Element, offset: int, element: etree._Element) -> None:
    """Put ``element`` at character ``offset`` of the joined text of ``block``, splitting the run of text there."""
    cursor = len(block.text or "")
    if offset <= cursor:
        text = block.text or ""
        block.text, element.tail = text[:offset], text[offset:]
        block.insert(0, element)
        return
    for child in block:
        inside = len("".join(child.itertext())) if isinstance(child.tag, str) else 0
        if cursor < offset < cursor + inside:
            raise LinkError(f"a misprint note would fall inside <{local_name(child)}> of {block.get('eId')}")
        cursor += inside
        tail = child.tail or ""
        if offset <= cursor + len(tail):
            cut = offset - cursor
            child.tail, element.tail = tail[:cut], tail[cut:]
            child.addnext(element)
            return
        cursor += len(tail)
    raise LinkError(f"offset {offset} is beyond the text of {block.get('eId')}")


def refs_within(block: etree._Element, start: int, stop: int) -> list[etree._Element]:
    """The ``<ref>`` elements of ``block`` whose text begins between ``start`` and ``stop`` of its joined text."""
    return [el for el, at in _starts(block) if local_name(el) == "ref" and start <= at < stop]


def _starts(block: etree._Element) -> list[tuple[etree._Element, int]]:
    """Each element of ``block`` (itself first, in document order) with where its text starts in the joined text."""
    found: list[tuple[etree._Element, int]] = []
    cursor = 0

    def walk(el: etree._Element) -> None:
        nonlocal cursor
        found.append((el, cursor))
        cursor += len(el.text or "")
        for child in el:
            if isinstance(child.tag, str):
                walk(child)
            cursor += len(child.tail or "")

    walk(block)
    return found


def link(
    trees: dict[str, etree._Element], docs: dict[str, Document], context: dict[str, Path] | None = None
) -> dict[str, dict[str, int | list[str]]]:
    """The refs linker (see :data:`corpus.link.LINKERS`): link every document's references; count them.

    ``context`` holds the committed XML files of other documents, linked before, that a reference may land in
    without their being linked again (an incremental build's unchanged documents); each is read only if one does.
    """
    indexes = Indexes(docs, trees, context or {})
    titles = {place: title_patterns(docs, place) for place in {docs[doc_id].jurisdiction for doc_id in trees}}
    counts = {}
    for doc_id in trees:
        counts[doc_id] = link_document(docs[doc_id], indexes, titles[docs[doc_id].jurisdiction]).as_dict()
        annotate_misprints(docs[doc_id], indexes[doc_id])
    return counts

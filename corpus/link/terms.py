"""Defined terms: every ``<def>`` gets a TLCTerm, and the uses of the term in its scope become ``<term>``.

The builders mark each term where a definitions provision defines it (bluebell ``{{def term}}``). Here each ``<def>``
gets ``refersTo="#term-<slug>"`` and a ``<TLCTerm>`` in ``meta/references``; then every use of the term in the body
of the same document — whole words (a hyphenated word is one), longest term first, in the case as defined ("Master"
in the 1875 Act, "master" in the 2001 Ordinance) or, when its first word is capitalised because its definition opens
a sentence ("Vessel. Vessel includes", 002 L27; "Coasting trade of India", 003 MSB s.3(7)), with that word in lower
case, or, when the definition prints it in Title Case ("Pollution Damage", 003 MSB s.198(e)), all in lower case —
becomes ``<term refersTo="#term-<slug>">``. Plurals are made of the last word only where that is safe ("ships",
"seamen"; not "wages", "prescribed"). A capitalised use that is part of a longer name is not marked: "Deputy
Chairperson", "Master Attendant", "Major Port Trusts Act, 1963", "Board of Trustees" (see
:meth:`Matcher._in_longer_name`).

Scope: a definition applies to the whole document unless its definitions provision, or the Explanation it stands in,
limits it: "In this Part" (003 s.61), "In this Chapter" (004 s.199), "within the meaning of this chapter" (000 L29),
"In this section" (002 L55), "For the purposes of this clause" (003 MPA s.2(1)(u), "transhipper"), "For the purposes
of sub-section (1)" (004 s.535(1), "ship owner", "salvor"). Then it applies only inside that Part, Chapter, section,
sub-section or clause, and there it takes precedence over a document-wide definition of the same words. A provision
may adopt another's definition for its own scope: "For the purposes of this Part, the word "company" … shall have the
same meaning as assigned to it under clause (a) … of section 111" (003 MSB s.139(5), see :func:`borrowings`). A use that
opens a sentence may capitalise a lower-case term ("Ship owners and salvors may limit", 004 s.535(1)). Text in
``<num>``, headings, ``<ref>``, ``<remark>`` and another ``<term>`` or ``<def>`` is never marked, nor the definition
of a term itself. Only the body is linked: the schedules, and the Bills' statements and notes, are not governed by
the definitions.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from lxml import etree

from corpus.catalogue import Document
from corpus.link.refs import (
    CLAUSES,
    HIER,
    SKIP,
    SUBSECTIONS,
    ancestors,
    descendant,
    refs_within,
    text_slots,
    wrap,
)
from corpus.xmlio import AKN_NS, local_name

TERM_SKIP = SKIP | {"subheading", "crossHeading"}
_QUOTES = "\"'“”‘’`"
_SUB = r"sub[-–—]?\s?"
# "In this Chapter", "for the purposes of this clause", "For the purposes of sub-section (1)" (004 s.535(1)) — but not
# "for the purposes of section 93" nor "of sub-section (2) of section 481", which name another provision's purposes.
# A named provision limits only with "for the purposes of": "a person referred to in clause (a) or clause (b) … of
# section 14" (003 s.48(c), L729) names whom the term covers, not where it applies.
_SCOPE = re.compile(
    r"\b(?:(?:in|for\s+the\s+purposes?\s+of|within\s+the\s+meaning\s+of)\s+"
    rf"this\s+(?P<this>part|chapter|section|{_SUB}section|{_SUB}clause|clause|{_SUB}paragraph|paragraph)\b"
    r"|(?:for\s+the\s+purposes?\s+of|within\s+the\s+meaning\s+of)\s+"
    rf"(?P<named>{_SUB}section|{_SUB}clause|clause|{_SUB}paragraph|paragraph)\s*(?P<label>\(\w{{1,5}}\))"
    r"(?:\s+of\s+this\s+section)?(?!\s*,?\s+of\b))",
    re.IGNORECASE,
)
# Blocks that hold an Explanation (004 s.535(1) ``level``; 003 MPA s.2(1)(u) ``blockContainer``): what their opening
# words say limits the definitions inside them, and a definition there is not its whole clause's.
EXPLANATION = frozenset({"level", "blockContainer", "hcontainer"})
# Words that are never a defined term, whatever a builder marked ({{def or}} in 003 L2231 is a quoting slip).
FUNCTION_WORDS = frozenset("a an and any as at by for in of on or the to".split())
INTRO_WINDOW = 120  # characters of a definition's own sentence that may limit its scope ("In this chapter, …")


@dataclass
class Definition:
    """One defined term: its ``<def>`` elements, where it applies and the TLCTerm it refers to. A definition that
    another provision adopts for its own scope (:func:`borrowings`) has no ``<def>`` and shares its origin's TLCTerm."""

    term: str
    slug: str
    scope: etree._Element | None  # None: the whole document
    defs: list[etree._Element]
    provisions: list[etree._Element]  # the definitions themselves, where the term is not marked

    @property
    def eid(self) -> str:
        return f"term-{self.slug}"

    @property
    def wording(self) -> str:
        """The words of the provisions that define the term: "the Board of Major Port Authority" (003 MPA s.2(1)(b),
        L4943) says that "Board of Major Port Authority" is a use of "Board", not another body's name."""
        return " ".join(" ".join("".join(el.itertext()) for el in self.provisions).split())


def term_text(el: etree._Element) -> str:
    """The words a ``<def>`` defines, without the quotation marks around them."""
    return " ".join("".join(el.itertext()).split()).strip(_QUOTES + " ").strip()


def slug(term: str) -> str:
    """``British Indian ship`` → ``british_indian_ship``."""
    return re.sub(r"[^a-z0-9]+", "_", term.lower()).strip("_") or "term"


def _provision(def_el: etree._Element) -> etree._Element:
    """The smallest numbered provision or Explanation holding a ``<def>`` (the definition clause), or its section:
    "transhipper", defined in an Explanation to clause (u) (003 MPA s.2(1)(u)), is used in that clause itself."""
    for el in ancestors(def_el):
        if local_name(el) in HIER or local_name(el) in EXPLANATION or local_name(el) == "section":
            return el
    return def_el.getparent()


def _holders(def_el: etree._Element) -> Iterator[etree._Element]:
    """The provisions and Explanations around a ``<def>``, innermost first, up to its section."""
    for el in ancestors(def_el):
        if local_name(el) in HIER or local_name(el) in EXPLANATION or local_name(el) == "section":
            yield el
        if local_name(el) == "section":
            return


def _intro_texts(def_el: etree._Element) -> list[str]:
    """The words that may limit a definition's scope, nearest first: the opening of its own sentence (000 L23 "In
    this chapter, British Indian ship means"), then the introduction of each provision around it up to its section
    (004 s.199(1) "In this Chapter unless there is anything repugnant…")."""
    texts = ["".join(def_el.getparent().itertext())[:INTRO_WINDOW]]
    for el in _holders(def_el):
        for child in el:
            if local_name(child) in {"intro", "content", "p"} and child.find(f".//{{{AKN_NS}}}def") is None:
                texts.append("".join(child.itertext()))
            if local_name(child) in HIER:
                break
        if local_name(el) == "section":
            texts.append(_opening(el))
    return texts


def _opening(section: etree._Element) -> str:
    """The first words of a section's first block: "In this chapter, British Indian ship means" (000 L23) governs the
    definitions of s.4 that follow it ("British ship", "unseaworthy"…), which do not repeat it."""
    for block in section.iter(f"{{{AKN_NS}}}p"):
        return "".join(block.itertext())[:INTRO_WINDOW]
    return ""


class EidIndex:
    """A document's elements by eId, read once, on the first lookup (a whole-tree search each time cost 4-5 ms on
    the larger documents, asked for some fifty times a build)."""

    def __init__(self, root: etree._Element) -> None:
        self.root = root
        self.by_eid: dict[str, etree._Element] | None = None

    def get(self, eid: str) -> etree._Element | None:
        if self.by_eid is None:
            self.by_eid = {el.get("eId"): el for el in self.root.iter() if el.get("eId")}
        return self.by_eid.get(eid)


def scope_of(def_el: etree._Element, eids: EidIndex | None = None) -> etree._Element | None:
    """The Part, Chapter, section, sub-section or clause a definition is limited to by its words, or None for the
    whole document (``eids``: the document's index, when the caller has one)."""
    eids = eids or EidIndex(def_el.getroottree().getroot())
    named = _scope_by_reference(def_el.getparent(), eids)
    if named is not None:
        return named
    match = next((m for text in _intro_texts(def_el) if (m := _SCOPE.search(text))), None)
    return _scope_named(match, def_el) if match else None


def _scope_named(match: re.Match[str], el: etree._Element) -> etree._Element | None:
    """The provision around ``el`` that a :data:`_SCOPE` phrase names ("this Part", "this clause", "sub-section
    (1)" of its section), or None for the whole document."""
    section = next((a for a in ancestors(el) if local_name(a) == "section"), None)
    wanted = re.sub(r"[-–—\s]", "", (match["this"] or match["named"]).lower())
    if match["label"]:  # "sub-section (1)" of the section the definition stands in (004 s.535(1))
        kinds = SUBSECTIONS if wanted == "subsection" else CLAUSES
        found = descendant(section, match["label"], kinds) if section is not None else None
        return found if found is not None else section
    if wanted in {"part", "chapter", "section"}:
        # "In this chapter" where the builder made no chapter: the document is the nearest whole
        return next((a for a in ancestors(el) if local_name(a) == wanted), None)
    kinds = SUBSECTIONS if wanted == "subsection" else CLAUSES  # "this clause": the numbered clause it stands in
    found = next((a for a in _holders(el) if local_name(a) in kinds and a.find(f"{{{AKN_NS}}}num") is not None), None)
    return found if found is not None else section


_FOR_THE_PURPOSES_OF = re.compile(r"^\W*(?:Explanation\W*)?for\s+the\s+purposes?\s+of\s+$", re.IGNORECASE)


def _scope_by_reference(block: etree._Element, eids: EidIndex) -> etree._Element | None:
    """The provision a block limits its definitions to by a linked reference it opens with: "Explanation.—For the
    purposes of item (B) of sub-clause (ii) of clause (a) of sub-section (1) of this section, "foreign-going ship"
    means" (003 MSB s.69, L1093) applies in s.69(1)(a)(ii)(B) only. The references are linked before the terms."""
    first = block[0] if len(block) else None
    if first is None or local_name(first) != "ref" or not _FOR_THE_PURPOSES_OF.match(block.text or ""):
        return None
    href = first.get("href", "")
    if not href.startswith("#"):
        return None
    return eids.get(href[1:])


def plurals(term: str) -> set[str]:
    """Safe plural forms of ``term`` (its last word): "ship" → "ships", "seaman" → "seamen", "wages" → none."""
    *head, last = term.split(" ")
    if not last.isalpha() or (not last.islower() and not last.istitle()) or last.endswith(("s", "ed")):
        return set()
    if last.lower().endswith("man"):
        plural = last[:-2] + "en"
    elif re.search(r"(?:x|z|ch|sh)$", last):
        plural = last + "es"
    elif re.search(r"[^aeiou]y$", last):
        plural = last[:-1] + "ies"
    else:
        plural = last + "s"
    return {" ".join([*head, plural])}


def definitions(root: etree._Element) -> list[Definition]:
    """The defined terms of a document, in document order, one per term and scope."""
    found: dict[tuple[str, int], Definition] = {}
    used: set[str] = set()
    eids = EidIndex(root)
    for def_el in root.iter(f"{{{AKN_NS}}}def"):
        term = term_text(def_el)
        if not term:
            continue
        scope = scope_of(def_el, eids)
        key = (term, id(scope))
        if key not in found:
            base = slug(term)
            name, n = base, 1
            while name in used:
                n += 1
                name = f"{base}_{n}"
            used.add(name)
            found[key] = Definition(term, name, scope, [], [])
        found[key].defs.append(def_el)
        found[key].provisions.append(_provision(def_el))
    own = list(found.values())
    return [*own, *also_in(own, eids), *borrowings(root, own, eids)]


# "In this section and section 388 the expression “grain” includes" (004 s.389(8), L3442): the sections named after
# "this section" (linked before the terms) are in its scope too
_ALSO_IN = re.compile(r"^\W*(?:in|for\s+the\s+purposes?\s+of)\s+this\s+section\s+and\s+(?:in\s+)?(?=sections?\s)", re.I)


def also_in(defs: list[Definition], eids: EidIndex) -> list[Definition]:
    """The definitions of a section that its words extend to other sections: "In this section and section 388 the
    expression “grain” includes …" (004 s.389(8), L3442) defines "grain" for s.388 as well. Each is the same term
    (its TLCTerm) with the other section as its scope."""
    extended: dict[tuple[str, int], Definition] = {}
    for d in defs:
        if d.scope is None or local_name(d.scope) != "section":
            continue
        for def_el in d.defs:
            block = def_el.getparent()
            text = "".join(block.itertext())
            match = _ALSO_IN.match(text)
            if not match:
                continue
            stop = min((i for i in (text.find(q, match.end()) for q in _QUOTES) if i >= 0), default=len(text))
            for ref in refs_within(block, match.end(), stop):
                found = eids.get(ref.get("href", "")[1:])
                if found is not None and local_name(found) == "section" and found is not d.scope:
                    key = (d.slug, id(found))
                    extended.setdefault(key, Definition(d.term, d.slug, found, [], d.provisions))
    return list(extended.values())


# "the word "company" or "port facility" shall have the same meaning as assigned to it under clause (a) or (b) of
# section 111, respectively" (003 MSB s.139(5), L2001); "has the same meaning as assigned to it in" (s.207(5), L2829)
_BORROWED = re.compile(
    r"\b(?:has|have|shall\s+have)\s+the\s+same\s+meanings?\s+(?:respectively\s+)?(?:as\s+)?(?:is\s+|are\s+)?"
    r"assigned\s+to\s+(?:it|them)\s+(?:in|under)\s+",
    re.IGNORECASE,
)
_QUOTED = re.compile(r"[\"“'‘]{1,2}(?P<words>[^\"“”'‘’]+?)[\"”'’]{1,2}")
_CLAUSE_END = re.compile(r"[.;:](?:\s|$)")


def borrowings(root: etree._Element, defs: list[Definition], eids: EidIndex) -> list[Definition]:
    """The definitions a provision adopts from another provision of the document, with the scope it gives them:
    "Explanation.— For the purposes of this Part, the word "company" or "port facility" shall have the same meaning
    as assigned to it under clause (a) or (b) of section 111, respectively" (003 MSB s.139(5), L2001) gives Part VIII
    s.111(a)'s "company" and s.111(b)'s "port facility", which s.111 defines for Part VI only ("In this Part"). The
    words quoted before "has the same meaning as assigned to it in" are looked up among the definitions inside the
    provisions it then refers to (linked before the terms). A block that defines terms itself (003 MSB s.198(e),
    "shall have same meaning as assigned to it in the 1992 Liability Convention") is a definition, not a borrowing."""
    body = root.find(f"./*/{{{AKN_NS}}}body")
    borrowed: dict[tuple[str, int], Definition] = {}
    for block in body.iter(f"{{{AKN_NS}}}p") if body is not None else []:
        text = "".join(block.itertext())
        match = _BORROWED.search(text)
        if not match or block.find(f".//{{{AKN_NS}}}def") is not None:
            continue
        stop = _CLAUSE_END.search(text, match.end())
        hrefs = [ref.get("href", "") for ref in refs_within(block, match.end(), stop.start() if stop else len(text))]
        targets = [target for href in hrefs if (target := eids.get(href[1:])) is not None]
        opening = text[: match.start()]
        scope = _scope_by_reference(block, eids)
        if scope is None and (limit := _SCOPE.search(opening)):
            scope = _scope_named(limit, block)
        for quoted in _QUOTED.finditer(opening):
            origin = _defined_in(quoted["words"], targets, defs)
            if origin is not None and origin.scope is not scope:
                key = (origin.slug, id(scope))
                borrowed.setdefault(key, Definition(origin.term, origin.slug, scope, [], origin.provisions))
    return list(borrowed.values())


def _defined_in(words: str, targets: list[etree._Element], defs: list[Definition]) -> Definition | None:
    """The definition of ``words`` made inside the first of ``targets`` that defines them (clause (a) or (b) of
    section 111: "port facility" is s.111(b)'s)."""
    for target in targets:
        for d in defs:
            if d.term.lower() == words.strip().lower() and any(target in set(el.iterancestors()) for el in d.defs):
                return d
    return None


def _references(root: etree._Element) -> etree._Element:
    """The main ``meta/references`` block (bluebell makes one for cobalt; made here when it is missing)."""
    meta = root.find(f"./*/{{{AKN_NS}}}meta")
    references = meta.find(f"{{{AKN_NS}}}references")
    if references is None:
        references = etree.Element(f"{{{AKN_NS}}}references", source="#cobalt")
        after = [c for c in meta if local_name(c) in {"identification", "publication", "classification", "lifecycle"}]
        after += [c for c in meta if local_name(c) in {"workflow", "analysis", "temporalData"}]
        (after[-1].addnext if after else lambda e: meta.insert(0, e))(references)
    return references


def _register(root: etree._Element, defs: list[Definition]) -> None:
    references = _references(root)
    existing = {el.get("eId") for el in references}
    for d in defs:
        for def_el in d.defs:
            def_el.set("refersTo", f"#{d.eid}")
        if d.eid not in existing:  # once, also for a definition borrowed elsewhere (:func:`borrowings`)
            etree.SubElement(
                references, f"{{{AKN_NS}}}TLCTerm", eId=d.eid, href=f"/ontology/term/this.eng.{d.slug}", showAs=d.term
            )
            existing.add(d.eid)


# a lower-case compound of two words ("foreign-going"; not "Director-General", "high-water-mark")
_OPEN_COMPOUND = re.compile(r"(?<![\w-])(?P<head>[a-z]+)-(?P<tail>[a-z]+)(?![\w-])")


def spellings(term: str) -> list[str]:
    """The forms a term is used in: as defined; with its first word in lower case when that word is capitalised
    because the definition opens its sentence (002 L27 "Vessel. Vessel includes", used as "vessel"; 003 MSB s.3(7),
    L75, "Coasting trade of India", used as "coasting trade of India"); and, when the definition prints it in Title
    Case, all in lower case (003 MSB s.198(a), (e), L2665, L2679: "Contributing Oil", "Pollution Damage", used as
    "contributing oil", "pollution damage"). Words in capitals ("LLMC") and numbers keep their form. A lower-case
    compound of the term is also used with a space for its hyphen: "foreign-going ship" and "home-trade ship" (004
    s.2(14), (18)) are printed "foreign going ship or home trade ship" (s.140(1), L1248)."""
    words = term.split(" ")
    if len(words) > 1 and all(_capitalised(w) or w in FUNCTION_WORDS or w == w.upper() for w in words):
        forms = [term, " ".join(w.lower() if _capitalised(w) else w for w in words)]
    elif _capitalised(words[0]):
        forms = [term, " ".join([words[0].lower(), *words[1:]])]
    else:
        forms = [term]
    spaced = [_OPEN_COMPOUND.sub(r"\g<head> \g<tail>", form) for form in forms]
    return forms + [form for form in spaced if form not in forms]


def _capitalised(word: str) -> bool:
    """Whether each part of ``word`` is one capital then lower case: "Pollution", "Director-General", "Ship's"."""
    return all(p[:1].isupper() and p[1:] == p[1:].lower() and p[1:] != p[1:].upper() for p in word.split("-"))


_WORD = re.compile(r"[\w-]+")  # a hyphenated word is one word: "ship" is not found in "ship-owner"


class Matcher:
    """Every form of every term of a document, by its first word, longest first; each form knows the definitions it
    may stand for, in order of precedence (the term as defined, then its other spellings, then their plurals)."""

    def __init__(self, defs: list[Definition]) -> None:
        forms: dict[str, list[Definition]] = {}
        for rank in range(3):
            for d in defs:
                if d.term.lower() in FUNCTION_WORDS:
                    continue
                for form in self._forms(d, rank):
                    if d not in forms.setdefault(form, []):
                        forms[form].append(d)
        self.forms = forms
        self.by_first: dict[str, list[str]] = {}
        for form in sorted(forms, key=lambda f: (-len(f), f)):
            first = _WORD.match(form)
            if first is not None:
                self.by_first.setdefault(first.group(), []).append(form)
        # the words a use may begin with, as defined or capitalised: the scan looks at these words only
        starts = {w for first in self.by_first for w in (first, first[:1].upper() + first[1:])}
        self.first_words = re.compile(r"(?<![\w-])" + _alternatives(starts) + r"(?![\w-])")

    @staticmethod
    def _forms(d: Definition, rank: int) -> list[str]:
        if rank == 0:
            return [d.term]
        if rank == 1:
            return spellings(d.term)[1:]
        return [plural for form in spellings(d.term) for plural in plurals(form)]

    def spans(
        self, text: str, in_force: dict[str, tuple[int, Definition]], excluded: set[str], opens: bool = False
    ) -> list[tuple[int, int, str]]:
        """(start, end, TLCTerm eId) of each use in ``text`` of a definition ``in_force`` (by term, with the depth
        of its scope) and not ``excluded``: whole words, the longest form in force at each place, not inside a longer
        name (:meth:`_in_longer_name`). A lower-case form may be capitalised where a sentence opens: after a full
        stop, or at the start of ``text`` when it ``opens`` a block."""
        found: list[tuple[int, int, str]] = []
        end = 0
        for word in self.first_words.finditer(text):
            start = word.start()
            if start < end:
                continue
            candidates = [(form, form) for form in self.by_first.get(word.group(), [])]
            lowered = word.group()[:1].lower() + word.group()[1:]
            if lowered != word.group() and lowered in self.by_first and _opens_sentence(text, start, opens):
                candidates += [(form[0].upper() + form[1:], form) for form in self.by_first[lowered]]
            for printed, form in candidates:
                stop = start + len(printed)
                after = text[stop : stop + 1]
                if not text.startswith(printed, start) or after.isalnum() or after in {"-", "_"}:
                    continue
                # of the definitions this form may stand for, the one of the innermost scope ("seamen" in Chapter
                # 15 of 004 is its s.199(1)(b) "seaman", not s.2(45)'s "Seaman"), else the first in precedence
                options = [
                    (in_force[d.term][0], rank, d)
                    for rank, d in enumerate(self.forms[form])
                    if in_force.get(d.term, (0, None))[1] is d and d.term not in excluded
                ]
                if options:
                    if not_a_use(text, start, stop):
                        end = stop  # nor is a shorter term in it ("rules" in "rules of evidence")
                        break
                    chosen = min(options, key=lambda o: o[:2])[2]
                    if not (printed[:1].isupper() and self._in_longer_name(text, start, stop, chosen, form)):
                        found.append((start, stop, chosen.eid))
                    end = stop  # a term inside a longer name is not marked, nor any shorter term in it
                    break
        return found

    def _in_longer_name(self, text: str, start: int, stop: int, d: Definition, form: str) -> bool:
        """Whether the capitalised use ``text[start:stop]`` (``form``) of ``d`` is part of a longer name: joined to a
        capitalised word before or after it ("Deputy Chairperson", "Master Attendant", 002 L97; "the Indian Ports
        Act, 1875", 002 L1; "Major Port Trusts Act, 1963", 003 MPA s.63(1)), or its possessive is ("Seamen's Welfare
        Officer", 004 s.10(1), L276), or continued by "of" and a capitalised word ("Board of Trustees", 003 MPA s.65;
        "Director-General of International Labour Organisation", 003 MSB s.64(d), L963). Not when the definition
        itself joins them so ("Board of Major Port Authority" is the Board, 003 MPA s.2(1)(b), L4943; "Director-General
        of Shipping", 003 MSB s.3(12), L95), nor when what follows "of" is another term ("Members of Board", 003 MPA
        s.60(2)(b); "the Registrar of Indian vessels", 003 MSB s.15(1)) or the use is a plural, which names no one
        body ("the Major Ports of Chennai, Cochin", 003 MPA s.1(3))."""
        joined = []
        before = _NAME_BEFORE.search(text[max(0, start - 80) : start])
        if before and before["word"].lower() not in FUNCTION_WORDS:  # "Provided that The Board" (003 MPA s.37(4))
            joined.append(f"{before['word']} {d.term}")
        after = _NAME_AFTER.match(text, stop)
        if after and not after["of"]:
            joined.append(f"{d.term} {after['word']}")
        elif after and form in spellings(d.term) and not self._term_at(text, after.start("word")):
            joined.append(f"{d.term} of {after['word']}")
        return any(phrase not in d.wording for phrase in joined)

    def _term_at(self, text: str, start: int) -> bool:
        """Whether a form of a term, as printed, begins at ``start`` of ``text``."""
        word = _WORD.match(text, start)
        return any(
            text.startswith(form, start) and not _WORD.match(text, start + len(form))
            for form in self.by_first.get(word.group() if word else "", [])
        )


# -- words that read as a term but are not a use of it ---------------------------------------------------------------

# What may stand before a noun use of a term: "any proceeding", "the proceeding", "such proceeding".
DETERMINERS = frozenset(
    "a an the any such every no that this those these each all other another some his her its their whose said same"
    " either neither".split()
)
# Words after which a participle or gerund is the verb, not the noun a definition makes of it: "proceed to sea",
# "proceed on a voyage", "proceed with the suit" ("proceeding" is a court's: 003 MSB s.3(37), 004 s.222(1)(b)).
VERB_COMPLEMENTS = frozenset("to on with from towards toward into onto out against".split())
# Set phrases that begin with a term's word and name something else: "the rules of evidence" (003 MSB s.83(3), L1245)
# are not the rules made under the Act (s.3(45)), nor is "the removal of doubts" (s.11(3), L409) a removal of a wreck
# (s.3(44), s.212(k)). By the term's last word (singular): the words that follow "of".
SET_PHRASES: dict[str, tuple[str, ...]] = {
    "rule": ("evidence", "procedure", "practice", "court", "law", "natural justice", "the road", "interpretation"),
    "removal": ("doubts", "difficulties"),
}
_GERUND = re.compile(r"(?<![\w-])[A-Za-z]+ing$")
_NEXT_WORDS = re.compile(r"\s+(?P<first>[A-Za-z]+)(?:\s+(?P<second>[A-Za-z]+))?")
_BEFORE_WORD = re.compile(r"(?P<word>[A-Za-z]+)\s+$")
_OF = re.compile(r"\s+of\s+(?P<rest>[a-z][a-z ]*)", re.IGNORECASE)


def not_a_use(text: str, start: int, stop: int) -> bool:
    """Whether the words ``text[start:stop]``, which read as a term, are not a use of it: the verb of a term that is
    a gerund, or the head of a set phrase (:data:`SET_PHRASES`).

    A term ending in "-ing", printed without a determiner before it, is its verb when a verb's complement follows
    ("is proceeding to sea", 003 MSB s.14(4); "a day for proceeding with the suit", 004 s.227(4), 003 MSB
    s.89(11), L1407; "from proceeding on any voyage", 003 MSB s.141) or another participle joined to it ("a vessel
    proceeding or intending to proceed", 003 MSB s.3(51)); "any proceeding to which" is the noun."""
    printed = text[start:stop]
    if _GERUND.search(printed):
        before = _BEFORE_WORD.search(text, max(0, start - 40), start)
        after = _NEXT_WORDS.match(text, stop)
        determined = before is not None and before["word"].lower() in DETERMINERS
        if after and not determined:
            first, second = after["first"].lower(), (after["second"] or "").lower()
            if first in VERB_COMPLEMENTS or (first in {"or", "and"} and second.endswith("ing")):
                return True
    last = printed.split(" ")[-1].lower()
    head = last[:-1] if last.endswith("s") and last[:-1] in SET_PHRASES else last
    of = _OF.match(text, stop)
    return of is not None and any(re.match(rf"{phrase}\b", of["rest"].lower()) for phrase in SET_PHRASES.get(head, ()))


_NAME_WORD = r"[A-Z][\w'’-]*"
# a capitalised word just before a use, itself inside a sentence (after a word or a comma): "the Indian Ports"
_NAME_BEFORE = re.compile(rf"[\w,]\s+(?P<word>{_NAME_WORD})\s+$")
# a capitalised word just after a use, its possessive, or "of": "Master Attendant", "Seamen's Welfare Officer" (004
# s.10(1), L276), "Board of Trustees"
_NAME_AFTER = re.compile(rf"(?:['’]s)?\s+(?P<of>of\s+)?(?P<word>{_NAME_WORD})")


def _alternatives(words: set[str]) -> str:
    """A regular expression for exactly ``words`` (none empty), as a trie: ``ship|shipping|shore`` →
    ``(?:s(?:hip(?:ping)?|hore))``, so that it costs one look per character, not one per word."""
    if not words:
        return "(?!)"
    tails: dict[str, set[str]] = {}
    for word in words:
        tails.setdefault(word[0], set()).add(word[1:])
    branches = []
    for head, rest in sorted(tails.items()):
        longer = {tail for tail in rest if tail}
        follow = _alternatives(longer) if longer else ""
        branches.append(re.escape(head) + (f"{follow}?" if longer and "" in rest else follow))
    return "(?:" + "|".join(branches) + ")"


_SENTENCE_END = re.compile(r"[.?!][\"'”’)]?\s+$")
_BLOCK_START = re.compile(r"[\s\"'“‘–—-]*")


def _opens_sentence(text: str, start: int, opens: bool) -> bool:
    """Whether a sentence opens at ``start`` of ``text`` ("Ship owners and salvors may limit", 004 s.535(1))."""
    return bool(_SENTENCE_END.search(text, 0, start)) or (opens and bool(_BLOCK_START.fullmatch(text, 0, start)))


def _in_force(defs: list[Definition], scopes: tuple[int, ...]) -> dict[str, tuple[int, Definition]]:
    """The definitions in force inside ``scopes`` (ids of scope elements, innermost first), by term, each with the
    place of its scope (0 innermost, ``len(scopes)`` the document): the innermost scope's definition of a term wins
    over an outer one and over the document's."""
    rank = {scope: i for i, scope in enumerate(scopes)}
    best: dict[str, tuple[int, Definition]] = {}
    for d in defs:
        place = len(scopes) if d.scope is None else rank.get(id(d.scope))
        if place is not None and (d.term not in best or place < best[d.term][0]):
            best[d.term] = (place, d)
    return best


def link_document(root: etree._Element) -> dict[str, int]:
    """Register and mark the definitions of one document and link the uses of its terms; return the counts."""
    defs = definitions(root)
    if not defs:
        return {"definitions": 0, "terms linked": 0}
    _register(root, defs)
    body = root.find(f"./*/{{{AKN_NS}}}body")
    scopes = {id(d.scope) for d in defs if d.scope is not None}
    own: dict[int, set[str]] = {}  # provision → the terms it defines, which are not marked inside it
    for d in defs:
        for provision in d.provisions:
            own.setdefault(id(provision), set()).add(d.term)
    matcher = Matcher(defs)
    in_force: dict[tuple[int, ...], dict[str, tuple[int, Definition]]] = {}
    linked = 0
    for slot in list(text_slots(body, TERM_SKIP)) if body is not None else []:
        held = [id(el) for el in ancestors(slot.parent)]
        key = tuple(i for i in held if i in scopes)
        if key not in in_force:
            in_force[key] = _in_force(defs, key)
        excluded = set().union(*(own[i] for i in held if i in own))
        spans = [
            (start, end, etree.Element(f"{{{AKN_NS}}}term", refersTo=f"#{eid}"))
            for start, end, eid in matcher.spans(slot.text, in_force[key], excluded, slot.after is None)
        ]
        if spans:
            wrap(slot, spans)
            linked += len(spans)
    return {"definitions": sum(len(d.defs) for d in defs), "terms linked": linked}


def link(trees: dict[str, etree._Element], docs: dict[str, Document]) -> dict[str, dict[str, int]]:
    """The terms linker (see :data:`corpus.link.LINKERS`)."""
    return {doc_id: link_document(root) for doc_id, root in trees.items()}

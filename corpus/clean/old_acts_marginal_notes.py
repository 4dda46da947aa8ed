"""Marginal notes glued to the start of a paragraph in the 1875 and 1880 Acts (`Note. Text`).

The sources print each later marginal note in front of the paragraph it stood beside (SURVEY.md §1): 1880 L35
`Master taking unseaworthy ship to sea liable to penalty. Every master…`, L51 `Action on receipt of his report. it
shall forthwith appoint…` (the note before a lower-case continuation), L61 `where they differ. but if…` (a lower-case
note); 1875 L61 `(a) entering or leaving port: for regulating…` (a clause note ending in a colon), L319 `(a). if
registered;. If such vessel…`, and 1880 L321 `(a) if he be the owner; if he be the owner thereof, give…` (a note the
clause text repeats).

The heuristic (SURVEY.md §1): the text before the first `. ` is a note when it has at most 110 characters and no
finite verb, or when the text after it starts in lower case. Notes with a verb are listed by the caller (1880 L39
`Prosecution to be by…`, L263 `Such persons to be deemed…`, 1875 L375 `…pilot may anchor.`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

MAX_NOTE = 110
_FINITE_VERB = re.compile(r"\b(?:shall|may|is|are|means|includes|was|were|has|have)\b")
# A ". " after these is an abbreviation, not the end of a note (1880 L311 `Act No. XIII`, 1875 L347 `Port St. George`).
_ABBREVIATION = re.compile(r"\b(?:No|Nos|St)$")
_ITEM = re.compile(r"^\((?P<label>[a-z]|\d{1,2})\)(?P<dot>\.)? ?(?P<rest>.*)$")


@dataclass(frozen=True)
class Split:
    """A paragraph cut into its glued marginal ``note`` (``None`` when it has none) and its ``text``."""

    note: str | None
    text: str


def _is_note(note: str, text: str) -> bool:
    if not note or len(note) > MAX_NOTE or not text or _ABBREVIATION.search(note) or note.startswith("Provided"):
        return False
    return not _FINITE_VERB.search(note) or text[0].islower()


def split_paragraph(line: str, verb_notes: frozenset[str] = frozenset()) -> Split:
    """Split a plain paragraph into its glued note and its text (``verb_notes`` are known notes with a verb)."""
    note, sep, text = line.partition(". ")
    if not sep:
        return Split(None, line)
    if note in verb_notes or _is_note(note, text):
        return Split(note + "." if note.endswith("&c") else note, text)
    return Split(None, line)


@dataclass(frozen=True)
class Item:
    """A labelled list item: ``label`` ("a", "1"), its glued ``note`` if any, and its ``text``."""

    label: str
    note: str | None
    text: str


def split_item(line: str) -> Item | None:
    """``(a) Note. text`` / ``(a) note: text`` / ``(a). note;. Text`` / ``(a) note; note repeated…`` → an :class:`Item`.

    ``None`` when ``line`` does not start with a label. A clause note needs a sign that it is one: the clause text
    after it starts in lower case (1875 L5, L61), repeats it (1880 L321), or the label itself is followed by a dot
    (1875 L319 `(a). if registered;.`).
    """
    m = _ITEM.match(line)
    if not m:
        return None
    label, rest = m.group("label"), m.group("rest")
    for sep in (":", ".", ";"):
        note, found, text = rest.partition(sep + " ")
        if not found or not text or len(note) > MAX_NOTE:
            continue
        first_word = note.split()[0].lower() if note.split() else ""
        repeats = text.lower().startswith(note.rstrip(";.").lower()) or text.lower().split()[0] == first_word
        if sep == ";" and not repeats:
            continue
        if (text[0].islower() and not _FINITE_VERB.search(note)) or repeats or m.group("dot"):
            return Item(label, note.rstrip(" ;.") if m.group("dot") else note, text)
    return Item(label, None, rest)

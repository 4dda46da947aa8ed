"""The licence position of each text of the corpus, read from ``corpus/sources/licences.yaml``.

``position(document("in-ipa-1875")).label`` is "Public domain (an Act of British India, long out of copyright)".
The positions are rules, not one entry per document (the file's header says how one matches), so a new document of
a known kind has its position without an edit here; one that no rule matches is a :class:`LicenceError` naming it.
"""

from __future__ import annotations

from dataclasses import dataclass
from fnmatch import fnmatch
from functools import cache
from pathlib import Path

from corpus import yamlio
from corpus.catalogue import SOURCES_DIR, Document

LICENCES_FILE = SOURCES_DIR / "licences.yaml"
MATCHING = ("jurisdiction", "kind", "before", "source")
FIELDS = ("id", "label", "text")


class LicenceError(LookupError):
    """A malformed positions file (naming its entry and field), or a document that no position matches."""


@dataclass(frozen=True)
class Position:
    """How a text may be reused, and why: ``label`` in a few words, ``text`` with its grounds."""

    id: str
    label: str
    text: str
    conditions: tuple[tuple[str, str | int], ...]

    def matches(self, doc: Document) -> bool:
        for field, wanted in self.conditions:
            if field == "before":
                if int(doc.date[:4]) >= int(wanted):
                    return False
            elif field == "source":
                if not fnmatch(doc.source, str(wanted)):
                    return False
            elif getattr(doc, field) != wanted:
                return False
        return True


@cache
def positions(path: Path = LICENCES_FILE) -> tuple[Position, ...]:
    """Every position of the file at ``path``, in its order (the first that matches a document is the document's)."""
    found = []
    data = yamlio.load_marked(path)
    if not isinstance(data, dict) or not isinstance(data.get("positions"), list):
        raise LicenceError(f"{yamlio.where(path, data, ['positions'])}: field 'positions' (a list) is missing")
    entries = data["positions"]
    for index, entry in enumerate(entries, start=1):
        wrong = yamlio.wrong_field(entry, FIELDS + MATCHING, ())
        if wrong is None:
            blank = [field for field in FIELDS if not isinstance(entry.get(field), str) or not entry[field].strip()]
            wrong = (blank[0], "missing or empty") if blank else None
        if wrong is not None:
            raise LicenceError(yamlio.entry_message(path, entries, index, *wrong))
        conditions = tuple((field, entry[field]) for field in MATCHING if field in entry)
        found.append(Position(entry["id"], entry["label"], entry["text"], conditions))
    return tuple(found)


def position(doc: Document, path: Path = LICENCES_FILE) -> Position:
    """The licence position of ``doc``: the first of :func:`positions` (of the file at ``path``) that matches it."""
    for candidate in positions(path):
        if candidate.matches(doc):
            return candidate
    raise LicenceError(f"{path}: no position matches {doc.id} ({doc.jurisdiction} {doc.kind}, {doc.date})")

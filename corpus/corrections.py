"""OCR corrections: applied only from the reviewed files in ``corpus/corrections/``, one per document.

Each entry names the source line, the wrong reading, the right one and the reason. The wrong reading must stand on
that source line and exactly once in the document's markup, or the build stops: a correction never lands on the wrong
words. In the XML the right reading is followed by an editorial remark that keeps the original reading.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from corpus import markup, yamlio
from corpus.source_text import SourceText

CORRECTIONS_DIR = Path(__file__).resolve().parent / "corrections"
FIELDS = ("line", "wrong", "right", "reason")


class CorrectionError(Exception):
    """A correction that cannot be read or applied safely; the one-line message names the file, its line, the entry,
    the field and why."""


@dataclass(frozen=True)
class Correction:
    line: int
    wrong: str
    right: str
    reason: str


def path_for(doc_id: str) -> Path:
    return CORRECTIONS_DIR / f"{doc_id}.yaml"


def load(doc_id: str) -> list[Correction]:
    """The reviewed corrections for ``doc_id`` (none when it has no file)."""
    return [correction for correction, _ in _entries(doc_id)]


def _entries(doc_id: str) -> list[tuple[Correction, _Error]]:
    """Each correction for ``doc_id``, every field checked, with the maker of its one-line errors."""
    path = path_for(doc_id)
    if not path.exists():
        return []
    entries = yamlio.load_marked(path) or []
    if not isinstance(entries, list):
        raise CorrectionError(f"{yamlio.where(path, entries, [])}: must be a list of corrections ({', '.join(FIELDS)})")
    found = []
    for index, entry in enumerate(entries, start=1):
        error = _error_of(path, index, entries)
        wrong = yamlio.wrong_field(entry, FIELDS, FIELDS)
        if wrong is not None:
            raise error(*wrong)
        if not isinstance(entry["line"], int) or isinstance(entry["line"], bool) or entry["line"] < 1:
            raise error("line", f"must be a source line's number, not {entry['line']!r}")
        for name in ("wrong", "right", "reason"):  # 'right' may be empty: a correction may strike words out
            if not isinstance(entry[name], str) or (name != "right" and not entry[name].strip()):
                raise error(name, f"must be text, not {entry[name]!r}")
        found.append((Correction(entry["line"], entry["wrong"], entry["right"], entry["reason"]), error))
    return found


_Error = Callable[[str, str], CorrectionError]


def _error_of(path: Path, index: int, entries: list[Any]) -> _Error:
    """``error(field, problem)``: the one-line error of entry ``index`` (1-based) of ``path`` at the field's line
    (the entry's, for a missing field or none)."""

    def error(field: str, problem: str) -> CorrectionError:
        return CorrectionError(yamlio.entry_message(path, entries, index, field, problem))

    return error


def apply(doc_id: str, text: str, source: SourceText) -> tuple[str, list[Correction]]:
    """``text`` (markup) with every correction for ``doc_id`` applied, and the corrections applied."""
    corrections = []
    for c, error in _entries(doc_id):
        if not source.first <= c.line <= source.last or c.wrong not in source.line(c.line):
            raise error("wrong", f"{c.wrong!r}: source line {c.line} does not contain the wrong reading")
        wrong = markup.text(c.wrong).lstrip("\\")
        count = text.count(wrong)
        if count != 1:
            raise error("wrong", f"{c.wrong!r}: found {count} times in the markup; make it longer to be unique")
        note = markup.remark(f"Editorial correction: the source reads “{c.wrong}” (line {c.line}); {c.reason}")
        text = text.replace(wrong, markup.text(c.right).lstrip("\\") + note, 1)
        corrections.append(c)
    return text, corrections

"""OCR corrections: applied only from the reviewed files in ``corpus/corrections/``, one per document.

Each entry names the source line, the wrong reading, the right one and the reason. The wrong reading must stand on
that source line and exactly once in the document's markup, or the build stops: a correction never lands on the wrong
words. In the XML the right reading is followed by an editorial remark that keeps the original reading.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from corpus import markup, yamlio
from corpus.source_text import SourceText

CORRECTIONS_DIR = Path(__file__).resolve().parent / "corrections"
FIELDS = ("line", "wrong", "right", "reason")


class CorrectionError(Exception):
    """A correction that cannot be applied safely; the message names the file, the entry and why."""


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
    path = path_for(doc_id)
    if not path.exists():
        return []
    entries = yamlio.load(path) or []
    corrections = []
    for index, entry in enumerate(entries, start=1):
        missing = [f for f in FIELDS if not isinstance(entry, dict) or f not in entry]
        if missing:
            raise CorrectionError(f"{path}: entry {index} lacks {', '.join(missing)}")
        corrections.append(Correction(int(entry["line"]), str(entry["wrong"]), str(entry["right"]), entry["reason"]))
    return corrections


def apply(doc_id: str, text: str, source: SourceText) -> tuple[str, list[Correction]]:
    """``text`` (markup) with every correction for ``doc_id`` applied, and the corrections applied."""
    corrections = load(doc_id)
    for c in corrections:
        where = f"{path_for(doc_id).name}: line {c.line} {c.wrong!r}"
        if not source.first <= c.line <= source.last or c.wrong not in source.line(c.line):
            raise CorrectionError(f"{where}: the source line does not contain the wrong reading")
        wrong = markup.text(c.wrong).lstrip("\\")
        count = text.count(wrong)
        if count != 1:
            raise CorrectionError(f"{where}: found {count} times in the markup; make 'wrong' longer to be unique")
        note = markup.remark(f"Editorial correction: the source reads “{c.wrong}” (line {c.line}); {c.reason}")
        text = text.replace(wrong, markup.text(c.right).lstrip("\\") + note, 1)
    return text, corrections

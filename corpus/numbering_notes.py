"""The evidence for each recovered section number of the 1875 and 1880 Acts, as notes beside the sections.

The Acts' sources print no section numbers; the reviewed tables ``corpus/clean/old_acts_sections_*.yaml`` give each
section its first line, a confidence and the evidence (the Acts' own cross-references that land on it). The section's
heading carries a short editorial note (number recovered, source lines, confidence); the evidence, which is for the
curious reader and the editor, is a ``recovered-numbering`` annotation anchored to the section. The notes are read
from the build report's facts (``corpus/reports/<id>.json``), so a rebuild carries them along.
"""

from __future__ import annotations

import re

from corpus import catalogue, outputs
from corpus.annotation_store import Note
from corpus.cite import cite

SOURCE = "Lex Maritima editors"
_LINES = re.compile(r"\bL(\d+(?:-\d+)?)\b")


def numbering_notes(doc_id: str) -> list[Note]:
    """One note per section of ``doc_id`` whose number the build recovered (none for a document that prints them)."""
    doc = catalogue.document(doc_id)
    report = outputs.read_json(doc.report_path)
    recovered = report["facts"].get("recovered_numbering", {})
    notes = []
    for number in sorted(recovered, key=int):
        facts = recovered[number]
        first, last = facts["first_line"], facts["last_line"]
        lines = f"line {first}" if first == last else f"lines {first}–{last}"
        notes.append(
            Note(
                id=f"{doc_id}-numbering-s{number}",
                document=doc_id,
                eid=cite(doc_id, number).eid,
                kind="recovered-numbering",
                source=SOURCE,
                text=(
                    f"The source prints no number for this section (its {lines}). Numbered {number} with "
                    f"{facts['confidence']} confidence; the evidence: {_readable(facts['evidence'])}."
                ),
                quote=None,
                target=None,
                file=str(doc.report_path),
                line=0,
            )
        )
    return notes


def _readable(evidence: str) -> str:
    """The editors' evidence for a reader: their "L57" is "line 57" of the source, "L49-51" "lines 49-51"."""
    return _LINES.sub(lambda m: ("lines " if "-" in m[1] else "line ") + m[1], evidence)


def notes() -> list[Note]:
    """The recovered-numbering notes of every document of the corpus."""
    return [note for doc in catalogue.documents() for note in numbering_notes(doc.id)]

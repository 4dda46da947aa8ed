"""The catalogue of the corpus: which documents it holds, where their text comes from, and their FRBR identity.

The data lives in ``corpus/sources/catalogue.yaml``; this module only reads it.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

from corpus import yamlio

CORPUS_DIR = Path(__file__).resolve().parent
SOURCES_DIR = CORPUS_DIR / "sources"
MARKUP_DIR = CORPUS_DIR / "markup"
AKN_DIR = CORPUS_DIR / "akn"
REPORTS_DIR = CORPUS_DIR / "reports"
CATALOGUE_FILE = SOURCES_DIR / "catalogue.yaml"


@dataclass(frozen=True)
class Document:
    """One document of the corpus, as the catalogue describes it."""

    id: str
    title: str
    short_title: str
    jurisdiction: str
    kind: str  # "act" or "bill": the AKN document type
    subtype: str | None
    number: str
    date: str
    date_note: str
    frbr_uri: str
    source: str
    lines: tuple[int, int]
    builder: str
    expression_date: str
    sha256: str  # of the whole source file, as copied verbatim from the seeds
    # What the work date is (FRBRdate/@name): by default "enacted" (an Act) or "introduced" (a Bill); an Act whose
    # source prints no date of assent says what stands in for it ("commencement", "year only").
    date_name: str = ""
    # What the corpus's text of the document is: by default "as made" (an Act as enacted, without later amendments)
    # or "as introduced" (a Bill); a document whose source is a revised text says so ("as amended up to …").
    status: str = ""

    @property
    def work_date_name(self) -> str:
        return self.date_name or ("introduced" if self.kind == "bill" else "enacted")

    @property
    def text_status(self) -> str:
        return self.status or ("as introduced" if self.kind == "bill" else "as made")

    @property
    def source_path(self) -> Path:
        return SOURCES_DIR / self.source

    @property
    def markup_path(self) -> Path:
        return MARKUP_DIR / f"{self.id}.txt"

    @property
    def akn_path(self) -> Path:
        return AKN_DIR / f"{self.id}.xml"

    @property
    def report_path(self) -> Path:
        return REPORTS_DIR / f"{self.id}.json"

    @property
    def expression_uri(self) -> str:
        return f"{self.frbr_uri}/eng@{self.expression_date}"


@cache
def documents() -> tuple[Document, ...]:
    """All documents of the corpus, in catalogue order."""
    data = yamlio.load(CATALOGUE_FILE)
    docs = []
    for entry in data["documents"]:
        entry = dict(entry)
        entry["lines"] = tuple(entry["lines"])
        docs.append(Document(**entry))
    return tuple(docs)


def document(doc_id: str) -> Document:
    """The catalogue entry for ``doc_id``; a ``KeyError`` names the known ids when there is none."""
    for doc in documents():
        if doc.id == doc_id:
            return doc
    known = ", ".join(d.id for d in documents())
    raise KeyError(f"unknown document {doc_id!r}; the corpus holds: {known}")

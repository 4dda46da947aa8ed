"""The catalogue of the corpus: which documents it holds, where their text comes from, and their FRBR identity.

The data lives in ``corpus/sources/catalogue.yaml``; this module only reads it.
"""

from __future__ import annotations

import datetime
import re
from dataclasses import dataclass, field, fields
from functools import cache
from pathlib import Path
from typing import Any

from corpus import yamlio

CORPUS_DIR = Path(__file__).resolve().parent
SOURCES_DIR = CORPUS_DIR / "sources"
MARKUP_DIR = CORPUS_DIR / "markup"
AKN_DIR = CORPUS_DIR / "akn"
REPORTS_DIR = CORPUS_DIR / "reports"
CATALOGUE_FILE = SOURCES_DIR / "catalogue.yaml"
LAYOUTS_DIR = CORPUS_DIR / "layouts"


class CatalogueError(Exception):
    """A catalogue entry cannot be used; the one-line message names the entry and the field."""


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
    sha256: str  # of the whole source file, as copied verbatim
    layout: str  # the module of corpus/layouts/ that reads the source ("pk-ordinance" is pk_ordinance.py)
    expression_date: str
    # the 1-based, inclusive range of the source file that holds the document; None: the whole file
    lines: tuple[int, int] | None = None
    # What the work date is (FRBRdate/@name): by default "enacted" (an Act) or "introduced" (a Bill); an Act whose
    # source prints no date of assent says what stands in for it ("commencement", "year only").
    date_name: str = ""
    # What the corpus's text of the document is: by default "as made" (an Act as enacted, without later amendments)
    # or "as introduced" (a Bill); a document whose source is a revised text says so ("as amended up to …").
    status: str = ""
    # the folder of the catalogue file that lists the document: its source and quirks file are there
    folder: Path = field(default=SOURCES_DIR, repr=False, compare=False)

    @property
    def work_date_name(self) -> str:
        return self.date_name or ("introduced" if self.kind == "bill" else "enacted")

    @property
    def text_status(self) -> str:
        return self.status or ("as introduced" if self.kind == "bill" else "as made")

    @property
    def quirks_path(self) -> Path:
        """The document's quirks for its layout (``corpus/sources/<id>.yaml``; a document may have none)."""
        return self.folder / f"{self.id}.yaml"

    @property
    def source_path(self) -> Path:
        return self.folder / self.source

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


_OPTIONAL = {"lines", "date_name", "status"}
_NOT_FIELDS = {"folder"}  # set from where the catalogue file is, never written in it
_ID = re.compile(r"^[a-z]{2}-[a-z0-9]+(?:-[a-z0-9]+)*$")
_SHA256 = re.compile(r"^[0-9a-f]{64}$")


@cache
def documents() -> tuple[Document, ...]:
    """All documents of the corpus, in catalogue order; a missing or wrong field is a :class:`CatalogueError`."""
    return read_catalogue(CATALOGUE_FILE)


def read_catalogue(path: Path) -> tuple[Document, ...]:
    """The documents of the catalogue file ``path`` (its sources in the same folder), every entry checked."""
    data = yamlio.load(path)
    entries = data.get("documents") if isinstance(data, dict) else None
    if not isinstance(entries, list):
        raise CatalogueError(f"{path.name}: no 'documents' list")
    docs: list[Document] = []
    for index, entry in enumerate(entries, start=1):
        doc = _document(path, index, entry)
        if any(d.id == doc.id for d in docs):
            raise CatalogueError(f"{path.name}: entry {index} ({doc.id}): field 'id': used twice")
        docs.append(doc)
    return tuple(docs)


def _document(path: Path, index: int, entry: Any) -> Document:
    """The :class:`Document` of entry ``index`` (1-based) of the catalogue ``path``, every field checked."""
    name = entry.get("id") if isinstance(entry, dict) else None

    def error(key: str, problem: str) -> CatalogueError:
        return CatalogueError(f"{path.name}: entry {index} ({name or 'no id'}): field '{key}': {problem}")

    if not isinstance(entry, dict):
        raise error("id", "the entry is not a mapping of fields")
    known = {f.name for f in fields(Document)} - _NOT_FIELDS
    for key in entry:
        if key not in known:
            raise error(key, f"unknown field (known: {', '.join(sorted(known))})")
    for key in [f.name for f in fields(Document) if f.name in known - _OPTIONAL]:
        if key not in entry:
            raise error(key, "missing")
        if not isinstance(entry[key], str) and not (key == "subtype" and entry[key] is None):
            raise error(key, f"must be text, not {entry[key]!r}")
    values = dict(entry)
    checks = {
        "id": bool(_ID.match(values["id"])),
        "kind": values["kind"] in {"act", "bill"},
        "sha256": bool(_SHA256.match(values["sha256"])),
        "source": (path.parent / values["source"]).is_file(),
        "layout": (LAYOUTS_DIR / f"{values['layout'].replace('-', '_')}.py").is_file(),
    }
    reasons = {
        "id": "must be lower-case words joined by hyphens, starting with the jurisdiction ('in-mpaa-2021')",
        "kind": "must be 'act' or 'bill'",
        "sha256": "must be the 64 hex digits of the source file's SHA-256",
        "source": f"no such file beside {path.name}",
        "layout": f"no such layout in {LAYOUTS_DIR.name}/",
    }
    for key, ok in checks.items():
        if not ok:
            raise error(key, f"{values[key]!r}: {reasons[key]}")
    for key in ("date", "expression_date"):
        try:
            datetime.date.fromisoformat(values[key])
        except ValueError:
            raise error(key, f"{values[key]!r} is not a date (YYYY-MM-DD)") from None
    subtype = f"/{values['subtype']}" if values["subtype"] else ""
    expected = f"/akn/{values['jurisdiction']}/{values['kind']}{subtype}/{values['date']}/{values['number']}"
    if values["frbr_uri"] != expected:
        raise error("frbr_uri", f"{values['frbr_uri']!r} does not match the entry's other fields ({expected})")
    if "lines" in values:
        lines = values["lines"]
        if not (
            isinstance(lines, list)
            and len(lines) == 2
            and all(isinstance(n, int) for n in lines)
            and 1 <= lines[0] <= lines[1]
        ):
            raise error("lines", f"{lines!r} must be [first, last], 1-based line numbers, first <= last")
        values["lines"] = tuple(lines)
    if "date_name" in values and not isinstance(values["date_name"], str):
        raise error("date_name", f"must be text, not {values['date_name']!r}")
    return Document(**values, folder=path.parent)


def document(doc_id: str) -> Document:
    """The catalogue entry for ``doc_id``; a ``KeyError`` names the known ids when there is none."""
    for doc in documents():
        if doc.id == doc_id:
            return doc
    known = ", ".join(d.id for d in documents())
    raise KeyError(f"unknown document {doc_id!r}; the corpus holds: {known}")

"""The catalogue of the corpus: which documents it holds, where their text comes from, and their FRBR identity.

The data lives in ``corpus/sources/catalogue.yaml``; this module only reads it.
"""

from __future__ import annotations

import datetime
import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field, fields
from functools import cache
from pathlib import Path
from typing import Any

from corpus import yamlio
from corpus.outputs import one_line

CORPUS_DIR = Path(__file__).resolve().parent
SOURCES_DIR = CORPUS_DIR / "sources"
MARKUP_DIR = CORPUS_DIR / "markup"
AKN_DIR = CORPUS_DIR / "akn"
REPORTS_DIR = CORPUS_DIR / "reports"
CATALOGUE_FILE = SOURCES_DIR / "catalogue.yaml"
LAYOUTS_DIR = CORPUS_DIR / "layouts"


class CatalogueError(Exception):
    """A catalogue entry cannot be used; the one-line message names the file, the line, the entry and the field."""


STATES = ("in-force", "repealed", "lapsed", "not-enacted", "enacted", "superseded", "unverified")
"""Where a document stands (:attr:`Standing.state`): an Act or Ordinance in force, repealed or superseded; a Bill
lapsed, not enacted, or enacted as an Act; or ``unverified`` when the project cannot say."""


@dataclass(frozen=True)
class Source:
    """Where one fact of a document's standing is stated: a line of a source file of the catalogue's folder
    (``file`` + ``line``), a field of an India Code record there (``file`` + ``field``, a dotted path such as
    ``provisions.0.content``), each with the words it says (``quote``, checked when the catalogue is read); or a
    public page (``url``; ``official`` when the page is the official publisher's; not checked offline)."""

    fact: str
    file: str = ""
    line: int | None = None
    field: str = ""
    quote: str = ""
    url: str = ""
    publisher: str = ""
    official: bool = False

    @property
    def where(self) -> str:
        """``003_c2326462c9d51eeb.txt, line 23`` / ``1_2021.json, field status`` / the page's publisher and URL."""
        if self.file:
            return f"{self.file}, line {self.line}" if self.line else f"{self.file}, field {self.field}"
        return f"{self.publisher}: {self.url}" if self.publisher else self.url


@dataclass(frozen=True)
class Standing:
    """Where a document stands today, as the catalogue's ``standing`` records it, each fact with its source."""

    state: str  # one of STATES
    verified: bool  # every fact it states is in a source file of the corpus or on an official page
    sources: tuple[Source, ...] = ()
    # what repealed or superseded it, or (not-enacted) what a later Bill became: a catalogue id or a title
    by: str = ""
    enacted_as: str = ""  # a Bill that was enacted: the Act it became (a catalogue id or a title)
    since: str = ""  # YYYY-MM-DD or YYYY: since when it stands so
    unverified: str = ""  # verified: false: what is known, and that it is not verified here (a plain sentence)
    official: str = ""  # the official publisher's page of the document, as one of its sources states it
    official_note: str = ""  # no official page known: what and where the official text is


RELATIONS = {
    "succeeds": ("Succeeds", "Succeeded by"),
    "would-repeal": ("Was to repeal", "A Bill was to repeal it:"),
}
"""A document's succession (:attr:`Document.succession`): the relation, and the banner's words for it on the document
and on the other one (the inverse)."""


@dataclass(frozen=True)
class Succession:
    """One link of a document's succession, as data: ``relation`` (a key of :data:`RELATIONS`) to ``of`` (a catalogue
    id, which the banner links, or a title), with the source that states it."""

    relation: str
    of: str
    source: Source


_STANDING_FIELDS = {f.name for f in fields(Standing)}
_SOURCE_FIELDS = {f.name for f in fields(Source)}
_SINCE = re.compile(r"^\d{4}(?:-\d{2}-\d{2})?$")
_CALENDAR_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
_LAYOUT = re.compile(r"^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$")
_FILE_NAME = re.compile(r"^[\w][\w.-]*$")  # a file beside the catalogue: no folder, no path


def calendar_date(value: object) -> datetime.date:
    """``value`` as a calendar date written ``YYYY-MM-DD``; anything else (an ISO week date ``2024-W03-1``, an
    ordinal date, ``20240115``, a date with a time) is a ``ValueError``. (``datetime.date.fromisoformat`` takes the
    others too; the rules' facts read dates the same way, ``widgets.rules.facts.calendar_date``.)"""
    try:
        if isinstance(value, str) and _CALENDAR_DATE.match(value):
            return datetime.date.fromisoformat(value)
    except ValueError:
        pass  # no such day: 1880-13-01, 1923-02-30
    raise ValueError(f"{value!r} is not a date (YYYY-MM-DD)")


COUNTRIES = {"pk": "Pakistan", "in": "India"}
"""The jurisdictions' names (the AKN country codes of the catalogue's FRBR URIs)."""


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
    # Where the document stands today (in force, repealed and by what, a lapsed Bill, enacted as …), with a source
    # for each fact: the banner of every reader page shows it (book/lex_book/reader/document_status.py).
    standing: Standing
    # the 1-based, inclusive range of the source file that holds the document; None: the whole file
    lines: tuple[int, int] | None = None
    # What the work date is (FRBRdate/@name): by default "enacted" (an Act) or "introduced" (a Bill); an Act whose
    # source prints no date of assent says what stands in for it ("commencement", "year only").
    date_name: str = ""
    # What the corpus's text of the document is: by default "as made" (an Act as enacted, without later amendments)
    # or "as introduced" (a Bill); a document whose source is a revised text says so ("as amended up to …").
    status: str = ""
    # What came before or after it (the 1908 Ports Act succeeds the 1875 Act; the 2016 Bill was to repeal the 1958
    # Act), each with its source: the banners of both documents say it.
    succession: tuple[Succession, ...] = ()
    # the folder of the catalogue file that lists the document: its source and quirks file are there
    folder: Path = field(default=SOURCES_DIR, repr=False, compare=False)

    @property
    def country(self) -> str:
        """The jurisdiction's name as a reader says it ("India", "Pakistan"); its code in capitals for another."""
        return COUNTRIES.get(self.jurisdiction, self.jurisdiction.upper())

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


_Error = Callable[[str, str], CatalogueError]
"""``error(key, problem)``: the one-line :class:`CatalogueError` of an entry's field (``standing.sources[1].quote``)."""
_OPTIONAL = {"lines", "date_name", "status", "succession"}
_STRUCTURED = {"standing", "succession"}  # a mapping, read by _standing
_NOT_FIELDS = {"folder"}  # set from where the catalogue file is, never written in it
_ID = re.compile(r"^[a-z]{2}-[a-z0-9]+(?:-[a-z0-9]+)*$")
_SHA256 = re.compile(r"^[0-9a-f]{64}$")


@cache
def documents() -> tuple[Document, ...]:
    """All documents of the corpus, in catalogue order; a missing or wrong field is a :class:`CatalogueError`."""
    return read_catalogue(CATALOGUE_FILE)


def read_catalogue(path: Path) -> tuple[Document, ...]:
    """The documents of the catalogue file ``path`` (its sources in the same folder), every entry checked."""
    data = yamlio.load_marked(path)
    entries = data.get("documents") if isinstance(data, dict) else None
    if not isinstance(entries, list):
        raise CatalogueError(_at(path, yamlio.line_of(data, ["documents"]) or 1, "no 'documents' list"))
    docs: list[Document] = []
    files = _Files(path.parent)
    for index, entry in enumerate(entries, start=1):
        doc = _document(path, index, entry, files, yamlio.line_of(entries, [index - 1]))
        if any(d.id == doc.id for d in docs):
            line = yamlio.line_of(entry, ["id"])
            raise CatalogueError(_at(path, line, f"entry {index} ({doc.id}): field 'id': used twice"))
        docs.append(doc)
    ids = {d.id for d in docs}
    for index, doc in enumerate(docs, start=1):
        links = [(f"standing.{key}", getattr(doc.standing, key)) for key in ("by", "enacted_as")]
        links += [(f"succession[{number}].of", link.of) for number, link in enumerate(doc.succession, start=1)]
        for key, value in links:
            if _ID.match(value) and value not in ids:
                line = yamlio.line_of(entries[index - 1], yamlio.field_path(key))
                problem = f"{value!r} names no document of the catalogue ({', '.join(sorted(ids))})"
                raise CatalogueError(_at(path, line, f"entry {index} ({doc.id}): field '{key}': {problem}"))
    return tuple(docs)


def _at(path: Path, line: int | None, message: str) -> str:
    """``message`` about the catalogue ``path``, at its ``line`` (when known)."""
    return f"{path.name}: line {line}: {message}" if line else f"{path.name}: {message}"


def succession_of(doc: Document, docs: tuple[Document, ...]) -> list[tuple[str, str]]:
    """What came before and after ``doc``, as the banner says it: (words, catalogue id or title), its own links
    first ("Succeeds", "in-ipa-1875"), then the other documents' links to it, inverted ("Succeeded by",
    "in-ipa-1908")."""
    own = [(RELATIONS[link.relation][0], link.of) for link in doc.succession]
    inverse = [(RELATIONS[link.relation][1], d.id) for d in docs for link in d.succession if link.of == doc.id]
    return own + inverse


class _Files:
    """The catalogue folder's files that standing sources quote, each read (a record: parsed) once per catalogue."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self._lines: dict[str, list[str]] = {}
        self._records: dict[str, Any] = {}

    def text(self, name: str) -> str:
        """The file's text; a ``ValueError`` saying why (with its line) when it is not UTF-8."""
        data = (self.folder / name).read_bytes()
        try:
            return data.decode("utf-8")
        except UnicodeDecodeError as err:
            line = data[: err.start].count(b"\n") + 1
            raise ValueError(f"{name} line {line}: not UTF-8 (byte {data[err.start]:#04x})") from None

    def lines(self, name: str) -> list[str]:
        if name not in self._lines:
            self._lines[name] = self.text(name).split("\n")
        return self._lines[name]

    def record(self, name: str) -> Any:
        if name not in self._records:
            try:
                self._records[name] = json.loads(self.text(name))
            except json.JSONDecodeError as err:
                raise ValueError(f"{name} line {err.lineno}: not JSON ({err.msg})") from None
        return self._records[name]


def _document(path: Path, index: int, entry: Any, files: _Files, line: int | None) -> Document:
    """The :class:`Document` of entry ``index`` (1-based, at ``line``) of the catalogue ``path``, every field
    checked."""
    name = entry.get("id") if isinstance(entry, dict) else None

    def error(key: str, problem: str) -> CatalogueError:
        shown_name = one_line(name, 80) if isinstance(name, str) and name else "no id"
        at = yamlio.line_of(entry, yamlio.field_path(key)) or line
        return CatalogueError(_at(path, at, f"entry {index} ({shown_name}): field '{key}': {one_line(problem)}"))

    if not isinstance(entry, dict):
        raise error("id", "the entry is not a mapping of fields")
    _check_fields(entry, error)
    values = dict(entry)
    _check_values(path, values, error)
    if "lines" in values:
        values["lines"] = _lines(values["lines"], error)
    if "date_name" in values and not isinstance(values["date_name"], str):
        raise error("date_name", f"must be text, not {values['date_name']!r}")
    values["standing"] = _standing(files, values["standing"], error)
    values["succession"] = _succession(files, values.get("succession", []), error)
    return Document(**values, folder=path.parent)


def _check_fields(entry: dict[str, Any], error: _Error) -> None:
    """Every field of the entry known, every required one there, and text where text is required."""
    known = {f.name for f in fields(Document)} - _NOT_FIELDS
    for key in entry:
        if key not in known:
            raise error(key, f"unknown field (known: {', '.join(sorted(known))})")
    for key in [f.name for f in fields(Document) if f.name in known - _OPTIONAL]:
        if key not in entry:
            raise error(key, "missing")
        if key in _STRUCTURED:
            continue
        if not isinstance(entry[key], str) and not (key == "subtype" and entry[key] is None):
            raise error(key, f"must be text, not {entry[key]!r}")


def _check_values(path: Path, values: dict[str, Any], error: _Error) -> None:
    """The entry's text fields (checked as text by :func:`_check_fields`) each of its form, its files there, its
    dates calendar dates and its FRBR URI made of its other fields."""
    checks = {
        "id": bool(_ID.match(values["id"])),
        "kind": values["kind"] in {"act", "bill"},
        "sha256": bool(_SHA256.match(values["sha256"])),
        "source": bool(_FILE_NAME.match(values["source"])) and (path.parent / values["source"]).is_file(),
        "layout": bool(_LAYOUT.match(values["layout"]))
        and (LAYOUTS_DIR / f"{values['layout'].replace('-', '_')}.py").is_file(),
    }
    reasons = {
        "id": "must be lower-case words joined by hyphens, starting with the jurisdiction ('in-mpaa-2021')",
        "kind": "must be 'act' or 'bill'",
        "sha256": "must be the 64 hex digits of the source file's SHA-256",
        "source": f"no such file beside {path.name} (a file name, not a path)",
        "layout": f"no such layout in {LAYOUTS_DIR.name}/ (a layout's name: lower-case words joined by hyphens)",
    }
    for key, ok in checks.items():
        if not ok:
            raise error(key, f"{values[key]!r}: {reasons[key]}")
    for key in ("date", "expression_date"):
        try:
            calendar_date(values[key])
        except ValueError as err:
            raise error(key, str(err)) from None
    subtype = f"/{values['subtype']}" if values["subtype"] else ""
    expected = f"/akn/{values['jurisdiction']}/{values['kind']}{subtype}/{values['date']}/{values['number']}"
    if values["frbr_uri"] != expected:
        raise error("frbr_uri", f"{values['frbr_uri']!r} does not match the entry's other fields ({expected})")


def _lines(lines: object, error: _Error) -> tuple[int, int]:
    """The entry's ``lines``: ``[first, last]``, 1-based, first <= last."""
    if not (
        isinstance(lines, list)
        and len(lines) == 2
        and all(isinstance(n, int) for n in lines)
        and 1 <= lines[0] <= lines[1]
    ):
        raise error("lines", f"{lines!r} must be [first, last], 1-based line numbers, first <= last")
    return lines[0], lines[1]


def _succession(files: _Files, data: Any, error: _Error) -> tuple[Succession, ...]:
    """The entry's ``succession``: a list of ``{relation, of, source: {fact, file, line|field, quote | url, …}}``."""
    if not isinstance(data, list):
        raise error("succession", f"must be a list of {{relation, of, source}}, not {data!r}")
    out = []
    for number, entry in enumerate(data, start=1):
        key = f"succession[{number}]"
        if not isinstance(entry, dict) or set(entry) != {"relation", "of", "source"}:
            raise error(key, "must be a mapping of relation, of and source")
        if entry["relation"] not in RELATIONS:
            raise error(f"{key}.relation", f"{entry['relation']!r}: must be one of {', '.join(RELATIONS)}")
        if not isinstance(entry["of"], str) or not entry["of"]:
            raise error(f"{key}.of", "must be a catalogue id or a title")
        source = _source(files, number, entry["source"], error, f"{key}.source")
        out.append(Succession(entry["relation"], entry["of"], source))
    return tuple(out)


def _standing(files: _Files, data: Any, error: _Error) -> Standing:
    """The entry's ``standing``, every field checked; each source's ``quote`` is read in its file (``error(key,
    problem)`` makes the entry's one-line error)."""
    if not isinstance(data, dict):
        raise error("standing", f"must be a mapping of fields ({', '.join(sorted(_STANDING_FIELDS))}), not {data!r}")
    values = _standing_fields(data, error)
    raw = values.get("sources", [])
    if not isinstance(raw, list):
        raise error("standing.sources", f"must be a list of sources, not {raw!r}")
    sources = tuple(_source(files, n, item, error) for n, item in enumerate(raw, start=1))
    values["sources"] = sources
    if values["verified"] and not any(s.file or s.official for s in sources):
        raise error("standing.sources", "a verified standing needs a source file's line or field, or an official page")
    official = values.get("official", "")
    if official:
        if not official.startswith("https://"):
            raise error("standing.official", f"{official!r} must be an https:// address")
        if not any(official in (s.quote, s.url) for s in sources):
            raise error("standing.official", f"{official!r} is stated by none of its sources (a record's url field)")
    elif not values.get("official_note"):
        raise error("standing.official_note", "missing: with no official page, say where the official text is")
    return Standing(**values)


def _standing_fields(data: dict[str, Any], error: _Error) -> dict[str, Any]:
    """The standing's fields, each known and of its type, and those that one state or another requires there."""
    for key in data:
        if key not in _STANDING_FIELDS:
            raise error(f"standing.{key}", f"unknown field (known: {', '.join(sorted(_STANDING_FIELDS))})")
    for key in ("state", "verified"):
        if key not in data:
            raise error(f"standing.{key}", "missing")
    values = dict(data)
    for key in _STANDING_FIELDS - {"verified", "sources"}:
        if key in values and not isinstance(values[key], str):
            raise error(f"standing.{key}", f"must be text, not {values[key]!r}")
    if values["state"] not in STATES:
        raise error("standing.state", f"{values['state']!r}: must be one of {', '.join(STATES)}")
    if not isinstance(values["verified"], bool):
        raise error("standing.verified", f"must be true or false, not {values['verified']!r}")
    since = values.get("since")
    if since and not (_SINCE.match(since) and (len(since) == 4 or _is_calendar_date(since))):
        raise error("standing.since", f"{since!r} is not a date (YYYY-MM-DD) or a year (YYYY)")
    if values["state"] == "enacted" and not values.get("enacted_as"):
        raise error("standing.enacted_as", "missing: an enacted Bill names the Act it became")
    if values["state"] in {"repealed", "superseded"} and not values.get("by"):
        raise error("standing.by", f"missing: a document {values['state']} names what {values['state']} it")
    if not values["verified"] and not values.get("unverified"):
        raise error("standing.unverified", "missing: an unverified standing says what is known, in a sentence")
    if values["verified"] and values.get("unverified"):
        raise error("standing.unverified", "given, but the standing is verified: set verified: false")
    return values


def _is_calendar_date(value: str) -> bool:
    try:
        calendar_date(value)
    except ValueError:
        return False
    return True


def _source(files: _Files, number: int, data: Any, error: _Error, key: str = "") -> Source:
    """Source ``number`` (1-based) of a standing (or the source at ``key``): its quote checked on the file's line or
    in the record's field."""
    key = key or f"standing.sources[{number}]"
    if not isinstance(data, dict):
        raise error(key, f"must be a mapping of fields ({', '.join(sorted(_SOURCE_FIELDS))}), not {data!r}")
    for name in data:
        if name not in _SOURCE_FIELDS:
            raise error(f"{key}.{name}", f"unknown field (known: {', '.join(sorted(_SOURCE_FIELDS))})")
    if not isinstance(data.get("fact"), str) or not data["fact"]:
        raise error(f"{key}.fact", "missing: the fact it states, in a sentence")
    for name in ("file", "field", "quote", "url", "publisher"):
        if not isinstance(data.get(name, ""), str):
            raise error(f"{key}.{name}", f"must be text, not {data[name]!r}")
    if not isinstance(data.get("official", False), bool):
        raise error(f"{key}.official", f"must be true or false, not {data['official']!r}")
    source = Source(**data)
    if bool(source.file) == bool(source.url):
        raise error(key, "give either a file of the catalogue's folder (with a line or a field) or a url")
    if source.url:
        if not source.url.startswith(("https://", "http://")):
            raise error(f"{key}.url", f"{source.url!r} is not a web address")
        return source
    if not source.quote:
        raise error(f"{key}.quote", "missing: the words of the file that state the fact")
    if not _FILE_NAME.match(source.file) or not (files.folder / source.file).is_file():
        raise error(f"{key}.file", f"{source.file!r}: no such file beside the catalogue")
    try:
        return _quoted(files, source, key, error)
    except ValueError as err:
        raise error(f"{key}.file", str(err)) from None


def _quoted(files: _Files, source: Source, key: str, error: _Error) -> Source:
    """``source``, its quote found on its file's line or in its record's field."""
    if source.line is not None:
        lines = files.lines(source.file)
        if not isinstance(source.line, int) or not 1 <= source.line <= len(lines):
            raise error(f"{key}.line", f"{source.line!r}: {source.file} has lines 1 to {len(lines)}")
        said = lines[source.line - 1]
    elif source.field:
        said = _field(files.record(source.file), source.field)
        if said is None:
            raise error(f"{key}.field", f"{source.field!r}: no such field in {source.file}")
    else:
        raise error(key, f"give the line (or, in a record, the field) of {source.file} that states the fact")
    if " ".join(source.quote.split()) not in " ".join(str(said).split()):
        where = f"line {source.line}" if source.line else f"field {source.field}"
        raise error(f"{key}.quote", f"{source.quote!r} is not on {source.file} {where}")
    return source


def _field(record: Any, dotted: str) -> Any:
    """The value at ``dotted`` (``provisions.0.content``) of a JSON record; None when there is none."""
    value = record
    for part in dotted.split("."):
        if isinstance(value, list) and part.isdigit() and int(part) < len(value):
            value = value[int(part)]
        elif isinstance(value, dict) and part in value:
            value = value[part]
        else:
            return None
    return value


def document(doc_id: str) -> Document:
    """The catalogue entry for ``doc_id``; a ``KeyError`` names the known ids when there is none."""
    for doc in documents():
        if doc.id == doc_id:
            return doc
    known = ", ".join(d.id for d in documents())
    raise KeyError(f"unknown document {doc_id!r}; the corpus holds: {known}")

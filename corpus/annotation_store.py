"""The annotation store: notes anchored to a document and an eId, kept apart from the law text.

Notes live in YAML files, one per source of notes (``corpus/annotations/*.yaml`` for the project's own; an
instructor's course file anywhere). Each file is a list of notes::

    - id: pk-161-floor                    # unique across the loaded files
      document: pk-mso-2001               # a document id of the catalogue
      eid: part_IV__chp_11__sec_161__subsec_1__para_a__subpara_ii
      quote: not less than one month's wages   # optional: narrows the note to a phrase (W3C TextQuoteSelector)
      kind: commentary                    # commentary | note-on-clause | correction | recovered-numbering
                                          # | concordance | history
      source: Lex Maritima editors        # who wrote it (author or the document it comes from)
      text: The effects compensation is a floor here, a ceiling in India's s.69.
      target: {document: in-msb-2016, eid: part_V__chp_VI__sec_69}   # concordance notes only: the twin provision

The rules of a file (``book/instructors.md`` explains them to instructors), each refused with exit 2 by ``python -m
corpus notes check`` and by the book build, in one line naming the file, the line when there is one, and the field
(``(file)`` for the file as a whole): an existing regular file (not a directory) of at most :data:`MAX_FILE_BYTES`,
UTF-8, holding one YAML list of at most :data:`MAX_NOTES` notes (``[]`` for none; an empty file is refused, it is
usually a truncated copy); YAML nested no deeper than a list of notes, a note and its target (:data:`MAX_DEPTH`), so
that no nesting is deep enough to exhaust the parser; each note a mapping giving each field once (a field given twice
is refused, not the last one kept), every value plain text (no YAML tag, no list or mapping but ``target``, no null)
within its :data:`MAX_CHARS`; an id of letters and digits of any script, ``-``, ``_`` and ``.`` only, unique among
every note of the book (compared in Unicode's NFC form, so that two ids that look the same are refused); a source
that ends by naming an eId in brackets ("Maritime Law 301 (part_IV__chp_11__sec_161)": the book links to it) names
one of the text of the note's document.

A note whose eId no longer names an element of its document's text, or whose quote no longer matches its
provision's text, is an orphan: :func:`orphans` lists them and the book build fails on any.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

import yaml

from corpus import catalogue
from corpus.cite import CitationError, Provision, by_eid
from corpus.xmlio import AKN_NS

ANNOTATIONS_DIR = Path(__file__).resolve().parent / "annotations"
KINDS = ("commentary", "note-on-clause", "correction", "recovered-numbering", "concordance", "history")
REQUIRED = ("id", "document", "eid", "kind", "source", "text")
OPTIONAL = ("quote", "target")

MAX_FILE_BYTES = 1_000_000
"""A file's size: 1 MB is some 2,000 notes of the project's commentary (9.7 kB for 22 notes); a larger file is a
mistake (a file that is not notes) or several courses that would read better as several files."""
MAX_NOTES = 1_000
"""A file's notes: the project's whole corpus has some 600; a course with more is a course of several files."""
MAX_DEPTH = 3
"""YAML nesting: the list of notes, a note, a concordance note's target."""
MAX_CHARS = {"id": 100, "eid": 200, "target.eid": 200, "quote": 500, "source": 200, "text": 5_000}
"""A field's length in characters. A note is read in a toggle beside its provision, on a phone as often as not: 5,000
characters is some 800 words, more than the longest note of the corpus (the Merchant Shipping Bill's statement of
objects and reasons, 4,746 characters); a quote is words of one provision; a source is a label on one line."""

_PLAIN = {f"tag:yaml.org,2002:{name}" for name in ("str", "int", "float", "bool", "timestamp")}
"""The tags YAML gives plain text (``161``, ``yes`` and ``2024-01-01`` are read as the text written); a scalar with
any other tag (``!!binary``, ``!!python/…``, ``!custom``) is refused, a null (``~``, ``null``, nothing) is empty."""
_NULL, _MERGE = "tag:yaml.org,2002:null", "tag:yaml.org,2002:merge"
_ID_SIGNS = "-_."
_SOURCE_EID = re.compile(r"\s*\((?P<eid>[A-Za-z0-9_]+__[A-Za-z0-9_]+)\)$")
"""A source naming the element it was read from ("Notes on clauses, Bill No. 236 of 2016 (att_2__para_Clause69)")."""


class AnnotationError(ValueError):
    """A malformed annotation file: one line naming the file, the line (when there is one) and the field."""


@dataclass(frozen=True)
class Anchor:
    document: str
    eid: str


@dataclass(frozen=True)
class Note:
    """One annotation, with the file and line it was read from."""

    id: str
    document: str
    eid: str
    kind: str
    source: str
    text: str
    quote: str | None
    target: Anchor | None
    file: str
    line: int

    @property
    def anchor(self) -> Anchor:
        return Anchor(self.document, self.eid)


@dataclass(frozen=True)
class Orphan:
    """A note that no longer attaches: its eId is gone, or its quote no longer matches."""

    note: Note
    why: str

    def __str__(self) -> str:
        note = self.note
        return f"{note.file}:{note.line}: note {note.id!r} ({note.document} {note.eid}): {self.why}"


def split_source(source: str) -> tuple[str, str | None]:
    """A source and the eId of the note's document it ends by naming in brackets, if any: ("Notes on clauses, Bill
    No. 236 of 2016", "att_2__para_Clause69") for "Notes on clauses, Bill No. 236 of 2016 (att_2__para_Clause69)"."""
    match = _SOURCE_EID.search(source)
    return (source, None) if match is None else (source[: match.start()], match["eid"])


def text_provision(document: str, eid: str) -> Provision:
    """The element of ``document``'s text with eId ``eid``: :class:`CitationError` saying why when there is none (an
    eId of the metadata, a TLC term's ``term-ship``, names nothing the reader shows)."""
    try:
        provision = by_eid(document, eid)
    except CitationError:
        raise CitationError(f"is not in {document}") from None
    if any(a.tag == f"{{{AKN_NS}}}meta" for a in provision.element.iterancestors()):
        raise CitationError(f"is in the metadata of {document}, not in its text")
    return provision


def _short(value: str, room: int = 60) -> str:
    """``value`` quoted on one line (control characters escaped), cut to ``room`` characters."""
    return repr(value if len(value) <= room else value[:room] + "…")


def _file(path: Path | str) -> str:
    """``path`` as an error shows it: as given, or quoted when it holds a control character (a newline)."""
    return str(path) if str(path).isprintable() else repr(str(path))


def _error(path: Path, line: int | None, field: str, why: str) -> AnnotationError:
    where = f"{_file(path)}:{line}" if line else _file(path)
    return AnnotationError(f"{where}: field {_short(field, 40)}: {' '.join(why.split())}")


def _fail(path: Path, node: yaml.Node, field: str, why: str) -> AnnotationError:
    return _error(path, node.start_mark.line + 1, field, why)


def check_path(path: Path) -> None:
    """Refuse (:class:`AnnotationError`) a path that is not an existing regular file of at most
    :data:`MAX_FILE_BYTES`."""
    try:
        if not path.exists():
            raise _error(path, None, "(file)", "no such file")
        if path.is_dir():
            raise _error(path, None, "(file)", "is a directory; name a notes file in it")
        if not path.is_file():
            raise _error(path, None, "(file)", "is not a regular file")
        size = path.stat().st_size
    except OSError as err:
        raise _error(path, None, "(file)", f"cannot be read: {err.strerror}") from None
    if size > MAX_FILE_BYTES:
        raise _error(path, None, "(file)", f"is {size:,} bytes; a notes file has at most {MAX_FILE_BYTES:,}")


def read(path: Path) -> str:
    """The text of the annotation file at ``path`` (:func:`check_path`), which must be UTF-8."""
    check_path(path)
    try:
        with path.open("rb") as handle:
            data = handle.read(MAX_FILE_BYTES + 1)
    except OSError as err:
        raise _error(path, None, "(file)", f"cannot be read: {err.strerror}") from None
    if len(data) > MAX_FILE_BYTES:  # it grew since it was looked at
        raise _error(path, None, "(file)", f"is larger than {MAX_FILE_BYTES:,} bytes, the most a notes file has")
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        raise _error(path, 1, "(file)", "is UTF-16 text; save it as UTF-8")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as err:
        line = data.count(b"\n", 0, err.start) + 1
        why = f"is not UTF-8 text (byte 0x{data[err.start]:02x}); save it as UTF-8"
        raise _error(path, line, "(file)", why) from None


class _Loader(
    yaml.reader.Reader, yaml.scanner.Scanner, yaml.parser.Parser, yaml.composer.Composer, yaml.resolver.Resolver
):
    """PyYAML's safe composer (nodes with their lines; nothing constructed, no alias expanded) refusing nesting
    deeper than :data:`MAX_DEPTH` before it recurses into it."""

    def __init__(self, text: str, path: Path) -> None:
        yaml.reader.Reader.__init__(self, text)
        yaml.scanner.Scanner.__init__(self)
        yaml.parser.Parser.__init__(self)
        yaml.composer.Composer.__init__(self)
        yaml.resolver.Resolver.__init__(self)
        self.path, self.depth = path, 0

    # ``index``: typeshed says int; PyYAML passes a list item's index or a mapping value's key node, which this only
    # hands on
    def compose_node(self, parent: yaml.Node | None, index: int) -> yaml.Node | None:
        event = self.peek_event()
        nested = isinstance(event, (yaml.SequenceStartEvent, yaml.MappingStartEvent))
        if nested and self.depth == MAX_DEPTH:
            why = f"nested deeper than {MAX_DEPTH} levels (the list of notes, a note, its target)"
            raise _error(self.path, event.start_mark.line + 1, "(file)", why)
        self.depth += nested
        try:
            return super().compose_node(parent, index)
        finally:
            self.depth -= nested


def _compose(path: Path, text: str) -> yaml.Node | None:
    loader = None
    try:
        loader = _Loader(text, path)  # its reader refuses a control character here
        return loader.get_single_node()
    except yaml.reader.ReaderError as err:
        line = text.count("\n", 0, err.position) + 1
        raise _error(path, line, "(file)", f"character U+{err.character:04X} is not allowed in YAML") from None
    except yaml.MarkedYAMLError as err:
        mark = err.problem_mark or err.context_mark
        why = ", ".join(filter(None, [err.context, err.problem]))
        raise _error(path, mark.line + 1 if mark else None, "(file)", f"not valid YAML: {why}") from None
    finally:
        if loader is not None:
            loader.dispose()


def _text(path: Path, node: yaml.Node, field: str) -> str:
    """The text of the scalar ``node`` of ``field``: plain (no tag, not null), not empty, within its length."""
    if not isinstance(node, yaml.ScalarNode):
        shape = "list" if isinstance(node, yaml.SequenceNode) else "mapping"
        raise _fail(path, node, field, f"must be a text, not a {shape}")
    if node.tag == _MERGE:
        raise _fail(path, node, field, "a YAML merge key (<<) is not allowed; write out each note's own fields")
    if node.tag not in _PLAIN and node.tag != _NULL:
        raise _fail(path, node, field, f"the YAML tag {_short(node.tag)} is not allowed; write plain text")
    value = str(node.value)
    if node.tag == _NULL or not value.strip():
        raise _fail(path, node, field, "must be a non-empty text")
    limit = MAX_CHARS.get(field)
    if limit is not None and len(value) > limit:
        raise _fail(path, node, field, f"is {len(value):,} characters long; at most {limit:,}")
    return value


def _fields(path: Path, node: yaml.MappingNode, field: str) -> dict[str, tuple[yaml.Node, yaml.Node]]:
    """The fields of a note (``field`` "") or of its target ("target."): name → (key node, value node), each name
    given once."""
    fields: dict[str, tuple[yaml.Node, yaml.Node]] = {}
    for key, value in node.value:
        name = _text(path, key, f"{field}(key)")
        if name in fields:
            first = fields[name][0].start_mark.line + 1
            raise _fail(path, key, f"{field}{name}", f"is given twice (first at line {first}); give each field once")
        fields[name] = (key, value)
    return fields


def _id(path: Path, node: yaml.Node) -> str:
    value = _text(path, node, "id")
    for char in value:
        if not (char.isalnum() or char in _ID_SIGNS or unicodedata.category(char).startswith("M")):
            why = f"{char!r} is not allowed in an id (letters, digits, '-', '_' and '.' are)"
            raise _fail(path, node, "id", why)
    return value


def load_file(path: Path) -> list[Note]:
    """The notes of one annotation file; :class:`AnnotationError` names the file, line and field of any fault."""
    text = read(path)
    root = _compose(path, text)
    if root is None:
        raise _error(path, 1, "(file)", "is empty; a notes file is a list of notes ([] for none)")
    if not isinstance(root, yaml.SequenceNode):
        shape = "mapping" if isinstance(root, yaml.MappingNode) else "text"
        raise _fail(path, root, "(file)", f"must be a list of notes (each starting '- id:'), not a {shape}")
    if len(root.value) > MAX_NOTES:
        raise _fail(path, root.value[MAX_NOTES], "(file)", f"has more than {MAX_NOTES:,} notes; split it into files")
    known_docs = {d.id for d in catalogue.documents()}
    notes = []
    for item in root.value:
        if not isinstance(item, yaml.MappingNode):
            raise _fail(path, item, "(note)", "each note must be a mapping of fields")
        given = _fields(path, item, "")
        for name, (key, _) in given.items():
            if name not in REQUIRED + OPTIONAL:
                raise _fail(path, key, name, f"unknown field; the fields are {', '.join(REQUIRED + OPTIONAL)}")
        fields = {name: value for name, (_, value) in given.items()}
        for name in REQUIRED:
            if name not in fields:
                raise _fail(path, item, name, "is missing")
        values = {name: _text(path, fields[name], name) for name in REQUIRED if name != "id"}
        values["id"] = _id(path, fields["id"])
        if values["document"] not in known_docs:
            raise _fail(
                path, fields["document"], "document", f"unknown document; known: {', '.join(sorted(known_docs))}"
            )
        if values["kind"] not in KINDS:
            raise _fail(path, fields["kind"], "kind", f"must be one of {', '.join(KINDS)}")
        _, source_eid = split_source(values["source"])
        if source_eid is not None:
            try:
                text_provision(values["document"], source_eid)
            except CitationError as err:
                raise _fail(path, fields["source"], "source", f"names the eId {source_eid!r}, which {err}") from None
        quote = _text(path, fields["quote"], "quote") if "quote" in fields else None
        target = _target(path, fields["target"], known_docs) if "target" in fields else None
        if (values["kind"] == "concordance") != (target is not None):
            raise _fail(path, item, "target", "a concordance note needs a target, and only a concordance note has one")
        notes.append(Note(**values, quote=quote, target=target, file=str(path), line=item.start_mark.line + 1))
    return notes


def _target(path: Path, node: yaml.Node, known_docs: set[str]) -> Anchor:
    if not isinstance(node, yaml.MappingNode):
        raise _fail(path, node, "target", "must be a mapping with document and eid")
    fields = {name: value for name, (_, value) in _fields(path, node, "target.").items()}
    if set(fields) != {"document", "eid"}:
        raise _fail(path, node, "target", "must have exactly the fields document and eid")
    document = _text(path, fields["document"], "target.document")
    if document not in known_docs:
        raise _fail(path, fields["document"], "target.document", "unknown document")
    return Anchor(document, _text(path, fields["eid"], "target.eid"))


def unique(notes: Iterable[Note]) -> list[Note]:
    """``notes``, refused (:class:`AnnotationError`) if two share an id (compared in NFC: two ids that look alike)."""
    seen: dict[str, Note] = {}
    out = []
    for note in notes:
        key = unicodedata.normalize("NFC", note.id)
        if key in seen:
            first = seen[key]
            why = f"{_short(note.id)} is already used at {_file(first.file)}:{first.line}"
            if first.id != note.id:
                why += " (in other code points that look the same)"
            raise AnnotationError(f"{_file(note.file)}:{note.line}: field 'id': {why}")
        seen[key] = note
        out.append(note)
    return out


def load(paths: Iterable[Path] | None = None) -> list[Note]:
    """The notes of the given files (default: every ``*.yaml`` in ``corpus/annotations/``); ids must be unique."""
    files = sorted(ANNOTATIONS_DIR.glob("*.yaml")) if paths is None else list(paths)
    return unique(note for path in files for note in load_file(Path(path)))


def _normalise(value: str) -> str:
    return " ".join(value.split()).casefold()


def orphans(notes: Iterable[Note]) -> list[Orphan]:
    """The notes that no longer attach to the text of the corpus as built (:func:`text_provision`)."""
    found = []
    for note in notes:
        for anchor, role in ((note.anchor, "eId"), (note.target, "target eId")):
            if anchor is None:
                continue
            try:
                provision = text_provision(anchor.document, anchor.eid)
            except CitationError as err:
                found.append(Orphan(note, f"{role} {anchor.eid!r} {err}"))
                break
            if role == "eId" and note.quote and _normalise(note.quote) not in _normalise(provision.text):
                found.append(Orphan(note, f"quote {note.quote!r} no longer matches the text of {provision.citation}"))
    return found


def to_web_annotation(note: Note) -> dict:
    """``note`` as a W3C Web Annotation (JSON-LD), targeting the FRBR expression with an eId fragment."""
    doc = catalogue.document(note.document)
    selectors: list[dict] = [{"type": "FragmentSelector", "value": note.eid}]
    if note.quote:
        selectors.append({"type": "TextQuoteSelector", "exact": note.quote})
    body = [
        {"type": "TextualBody", "value": note.text, "format": "text/plain", "language": "en"},
        {"type": "TextualBody", "purpose": "classifying", "value": note.kind},
    ]
    if note.target is not None:
        twin = catalogue.document(note.target.document)
        body.append({"type": "SpecificResource", "source": f"{twin.expression_uri}#{note.target.eid}"})
    return {
        "@context": "http://www.w3.org/ns/anno.jsonld",
        "id": f"urn:lex-maritima:note:{note.id}",
        "type": "Annotation",
        "motivation": "linking" if note.target is not None else "commenting",
        "creator": {"type": "Organization", "name": note.source},
        "body": body,
        "target": {"source": doc.expression_uri, "selector": selectors},
    }

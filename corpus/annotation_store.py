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

A malformed file is rejected with the file, line and field named. A note whose eId no longer exists, or whose quote
no longer matches its provision's text, is an orphan: :func:`orphans` lists them and the book build fails on any.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

import yaml

from corpus import catalogue
from corpus.cite import CitationError, by_eid

ANNOTATIONS_DIR = Path(__file__).resolve().parent / "annotations"
KINDS = ("commentary", "note-on-clause", "correction", "recovered-numbering", "concordance", "history")
REQUIRED = ("id", "document", "eid", "kind", "source", "text")
OPTIONAL = ("quote", "target")


class AnnotationError(ValueError):
    """A malformed annotation file: the message names the file, the line and the field."""


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


def _fail(path: Path, node: yaml.Node, field: str, why: str) -> AnnotationError:
    return AnnotationError(f"{path}:{node.start_mark.line + 1}: field {field!r}: {why}")


def _scalar(path: Path, node: yaml.Node, field: str) -> str:
    if not isinstance(node, yaml.ScalarNode) or not str(node.value).strip():
        raise _fail(path, node, field, "must be a non-empty text")
    return str(node.value)


def load_file(path: Path) -> list[Note]:
    """The notes of one annotation file; :class:`AnnotationError` names the file, line and field of any fault."""
    try:
        root = yaml.compose(path.read_text(encoding="utf-8"))
    except yaml.YAMLError as err:
        mark = getattr(err, "problem_mark", None)
        line = mark.line + 1 if mark else 0
        raise AnnotationError(f"{path}:{line}: not valid YAML: {getattr(err, 'problem', err)}") from None
    if root is None:
        return []
    if not isinstance(root, yaml.SequenceNode):
        raise _fail(path, root, "(file)", "must be a list of notes")
    known_docs = {d.id for d in catalogue.documents()}
    notes = []
    for item in root.value:
        if not isinstance(item, yaml.MappingNode):
            raise _fail(path, item, "(note)", "each note must be a mapping of fields")
        fields = {_scalar(path, k, "(key)"): v for k, v in item.value}
        for name in fields:
            if name not in REQUIRED + OPTIONAL:
                raise _fail(path, item, name, f"unknown field; the fields are {', '.join(REQUIRED + OPTIONAL)}")
        for name in REQUIRED:
            if name not in fields:
                raise _fail(path, item, name, "is missing")
        values = {name: _scalar(path, fields[name], name) for name in REQUIRED}
        if values["document"] not in known_docs:
            raise _fail(
                path, fields["document"], "document", f"unknown document; known: {', '.join(sorted(known_docs))}"
            )
        if values["kind"] not in KINDS:
            raise _fail(path, fields["kind"], "kind", f"must be one of {', '.join(KINDS)}")
        quote = _scalar(path, fields["quote"], "quote") if "quote" in fields else None
        target = _target(path, fields["target"], known_docs) if "target" in fields else None
        if (values["kind"] == "concordance") != (target is not None):
            raise _fail(path, item, "target", "a concordance note needs a target, and only a concordance note has one")
        notes.append(Note(**values, quote=quote, target=target, file=str(path), line=item.start_mark.line + 1))
    return notes


def _target(path: Path, node: yaml.Node, known_docs: set[str]) -> Anchor:
    if not isinstance(node, yaml.MappingNode):
        raise _fail(path, node, "target", "must be a mapping with document and eid")
    fields = {_scalar(path, k, "target"): v for k, v in node.value}
    if set(fields) != {"document", "eid"}:
        raise _fail(path, node, "target", "must have exactly the fields document and eid")
    document = _scalar(path, fields["document"], "target.document")
    if document not in known_docs:
        raise _fail(path, fields["document"], "target.document", "unknown document")
    return Anchor(document, _scalar(path, fields["eid"], "target.eid"))


def load(paths: Iterable[Path] | None = None) -> list[Note]:
    """The notes of the given files (default: every ``*.yaml`` in ``corpus/annotations/``); ids must be unique."""
    files = sorted(ANNOTATIONS_DIR.glob("*.yaml")) if paths is None else list(paths)
    notes: list[Note] = []
    seen: dict[str, Note] = {}
    for path in files:
        for note in load_file(Path(path)):
            if note.id in seen:
                first = seen[note.id]
                where = f"{note.file}:{note.line}"
                raise AnnotationError(f"{where}: field 'id': {note.id!r} is already used at {first.file}:{first.line}")
            seen[note.id] = note
            notes.append(note)
    return notes


def _normalise(value: str) -> str:
    return " ".join(value.split()).casefold()


def orphans(notes: Iterable[Note]) -> list[Orphan]:
    """The notes that no longer attach to the corpus as built."""
    found = []
    for note in notes:
        for anchor, role in ((note.anchor, "eId"), (note.target, "target eId")):
            if anchor is None:
                continue
            try:
                provision = by_eid(anchor.document, anchor.eid)
            except CitationError:
                found.append(Orphan(note, f"{role} {anchor.eid!r} is not in {anchor.document}"))
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
    annotation = {
        "@context": "http://www.w3.org/ns/anno.jsonld",
        "id": f"urn:lex-maritima:note:{note.id}",
        "type": "Annotation",
        "motivation": "linking" if note.kind == "concordance" else "commenting",
        "creator": {"type": "Organization", "name": note.source},
        "body": [
            {"type": "TextualBody", "value": note.text, "format": "text/plain", "language": "en"},
            {"type": "TextualBody", "purpose": "classifying", "value": note.kind},
        ],
        "target": {"source": doc.expression_uri, "selector": selectors},
    }
    if note.target is not None:
        twin = catalogue.document(note.target.document)
        annotation["body"].append({"type": "SpecificResource", "source": f"{twin.expression_uri}#{note.target.eid}"})
    return annotation

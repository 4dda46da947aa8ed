"""The build: source text → per-source clean-up → bluebell markup → bluebell-akn → linking → strict validation.

``python -m corpus build`` runs it. Output (committed): ``corpus/markup/<id>.txt``, ``corpus/akn/<id>.xml`` and
``corpus/reports/<id>.json`` (every edit the clean-up made, with its reason). A document whose inputs have not changed
since the last build is not rebuilt: the inputs' hash is kept in ``corpus/reports/build-manifest.json``.

With ``jobs`` > 1 the documents' builders and bluebell's parse run in that many processes; linking, validation and
writing stay in one (linking crosses documents). The output is the same byte for byte.
"""

from __future__ import annotations

import hashlib
import json
import multiprocessing
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from bluebell.parser import parse_to_xml_bytes
from lxml import etree

from corpus import catalogue, corrections, identity, layouts, link, tables, validate, xmlio
from corpus.catalogue import Document
from corpus.link import works
from corpus.report import MarkupResult
from corpus.source_text import SourceText, read_document
from corpus.validate import schema_errors

MANIFEST = catalogue.REPORTS_DIR / "build-manifest.json"


class BuildError(Exception):
    """The build cannot produce a valid document; the message names the document and the cause."""


@dataclass
class Built:
    """One document's build products, in memory."""

    doc: Document
    result: MarkupResult
    markup: str
    applied_corrections: list[corrections.Correction]
    root: etree._Element


# Modules and data of the package that read the built XML but never shape it: a change to them rebuilds nothing.
READERS_OF_THE_BUILD = (
    "__main__.py",
    "annotation_store.py",
    "bill_notes.py",
    "cite.py",
    "concordance.py",
    "notes.py",
    "numbering_notes.py",
    "stats.py",
    "annotations/",
)


def package_files() -> list[tuple[str, bytes]]:
    """The code and data the build depends on (name relative to the package, content), sorted by path."""
    package = Path(__file__).resolve().parent
    kept = {".py", ".yaml", ".csv"}
    paths = [p for p in sorted(package.rglob("*")) if p.suffix in kept and "__pycache__" not in p.parts]
    named = [(path.relative_to(package).as_posix(), path) for path in paths]
    return [(name, path.read_bytes()) for name, path in named if not name.startswith(READERS_OF_THE_BUILD)]


def inputs_hash(doc: Document, source: SourceText, files: list[tuple[str, bytes]] | None = None) -> str:
    """A hash of what a document's XML depends on: its source lines, catalogue entry, quirks and corrections, the
    shared code (the layouts, the clean-up, the linking). Another document's entry, quirks or corrections are not
    part of it: adding a document rebuilds no other (but those that cite it: :func:`stamp`).

    ``source`` is ``read_document(doc)`` (the build reads it once, for this and the layout); ``files`` is
    :func:`package_files`, read once for all documents.
    """
    digest = hashlib.sha256()
    digest.update("\n".join(t for _, t in source.numbered()).encode())
    digest.update(repr(doc).encode())
    own = {f"sources/{doc.id}.yaml", f"corrections/{doc.id}.yaml"}
    for name, content in package_files() if files is None else files:
        if name.startswith(("sources/", "corrections/")) and name not in own:
            continue  # the catalogue (the entry is hashed above), another document's quirks or corrections
        digest.update(name.encode())
        digest.update(content)
    return digest.hexdigest()


def stamp(inputs: str, doc: Document, cited: list[str], docs: dict[str, Document]) -> str:
    """What the manifest keeps for ``doc``: its :func:`inputs_hash` and, when a law it cites (``cited``: its report's
    ``laws cited``) may be a document of the catalogue, which documents those are (corpus/link/works.py): a document
    added to the catalogue rebuilds the documents that cite it, and only those."""
    answer = works.answering(cited, doc, docs)
    if not answer:
        return inputs
    return hashlib.sha256("\n".join([inputs, *answer]).encode()).hexdigest()


def laws_cited(doc: Document) -> list[str]:
    """The laws ``doc``'s last build found cited (its committed report's ``links``, ``laws cited``)."""
    if not doc.report_path.exists():
        return []
    return json.loads(doc.report_path.read_text(encoding="utf-8")).get("links", {}).get("laws cited", [])


def to_markup(doc: Document, source: SourceText) -> tuple[MarkupResult, str, list[corrections.Correction]]:
    """Read ``doc``'s ``source`` through its layout and apply its reviewed corrections."""
    result = layouts.to_markup(doc, source)
    text, applied = corrections.apply(doc.id, result.markup, source)
    return result, text, applied


def parse(doc: Document, text: str) -> etree._Element:
    """bluebell's AKN for the markup ``text`` of ``doc``, with its FRBR identity pinned and table rows named."""
    return _tree(doc, parse_to_xml_bytes(text, doc.kind, doc.frbr_uri))


def _tree(doc: Document, xml: bytes) -> etree._Element:
    root = xmlio.parse_bytes(xml)
    identity.pin(root, doc)
    tables.number_rows(root)
    return root


def build_one(doc: Document, source: SourceText | None = None) -> Built:
    """``doc`` built from its ``source`` (``read_document(doc)`` when not given)."""
    result, text, applied = to_markup(doc, read_document(doc) if source is None else source)
    return Built(doc, result, text, applied, parse(doc, text))


def _markup_and_xml(doc: Document, source: SourceText) -> tuple[MarkupResult, str, list[corrections.Correction], bytes]:
    """One process's share of a parallel build: ``doc``'s markup and bluebell's XML (a tree cannot be sent back)."""
    result, text, applied = to_markup(doc, source)
    return result, text, applied, parse_to_xml_bytes(text, doc.kind, doc.frbr_uri)


def build_many(docs: list[Document], sources: dict[str, SourceText], jobs: int = 1) -> dict[str, Built]:
    """``build_one`` of each of ``docs`` from its source in ``sources``, in ``jobs`` processes (forked, so nothing
    is imported again)."""
    if jobs <= 1 or len(docs) <= 1:
        return {doc.id: build_one(doc, sources[doc.id]) for doc in docs}
    with ProcessPoolExecutor(min(jobs, len(docs)), mp_context=multiprocessing.get_context("fork")) as pool:
        # the catalogue lists the two big documents first
        running = pool.map(_markup_and_xml, docs, [sources[doc.id] for doc in docs])
        validate.schema()  # loaded here while the workers build
        made = list(running)
    return {doc.id: Built(doc, *parts[:3], _tree(doc, parts[3])) for doc, parts in zip(docs, made, strict=True)}


def build(
    only_changed: bool = True, out_dir: Path | None = None, only: list[str] | None = None, jobs: int = 1
) -> list[str]:
    """Build the corpus; return the ids of the documents (re)built.

    With ``out_dir`` the XML, markup and reports go there instead of ``corpus/`` (the staleness test uses this).
    With ``only``, just those documents are considered (the others' committed XML is still used for linking).
    A reference may land in any document: one in an unchanged document is resolved against its committed XML (read
    only then; linked already, it is not linked again), which is not rebuilt. A document is rebuilt when a law it
    cites becomes a document of the catalogue (:func:`stamp`).
    With ``jobs`` > 1 the documents are built in that many processes (:func:`build_many`).
    """
    docs = {d.id: d for d in catalogue.documents()}
    manifest = json.loads(MANIFEST.read_text()) if MANIFEST.exists() and out_dir is None else {}
    files = package_files()
    considered = [doc_id for doc_id in docs if only is None or doc_id in only]  # the others' inputs are not read
    sources = {doc_id: read_document(docs[doc_id]) for doc_id in considered}
    hashes = {doc_id: inputs_hash(docs[doc_id], sources[doc_id], files) for doc_id in considered}
    fresh = {
        doc_id
        for doc_id in considered
        if doc_id in manifest
        and docs[doc_id].akn_path.exists()
        and manifest[doc_id] == stamp(hashes[doc_id], docs[doc_id], laws_cited(docs[doc_id]), docs)
    }
    todo = [doc_id for doc_id in considered if not only_changed or out_dir is not None or doc_id not in fresh]
    if not todo:
        return []
    built = build_many([docs[doc_id] for doc_id in todo], sources, jobs)
    del sources  # read, not needed again: the peak memory comes later, with every tree linked
    trees = {doc_id: b.root for doc_id, b in built.items()}
    unchanged = {doc_id: doc.akn_path for doc_id, doc in docs.items() if doc_id not in trees and doc.akn_path.exists()}
    counts = link.link_all(trees, docs, unchanged)
    for doc_id, b in built.items():
        errors = schema_errors(b.root)
        if errors:
            raise BuildError(f"{doc_id}: {len(errors)} schema errors, first: {errors[0]}")
        write(b, counts[doc_id], out_dir)
    if out_dir is None:
        catalogue.REPORTS_DIR.mkdir(parents=True, exist_ok=True)
        for doc_id in todo:
            cited = counts[doc_id]["laws cited"]
            assert isinstance(cited, list)
            manifest[doc_id] = stamp(hashes[doc_id], docs[doc_id], cited, docs)
        MANIFEST.write_text(json.dumps(manifest, indent=2, sort_keys=True) + "\n")
    return todo


def write(b: Built, counts: dict[str, int | list[str]], out_dir: Path | None) -> None:
    """Write the markup, XML and report of ``b`` (under ``out_dir`` when given)."""
    doc = b.doc
    paths = (doc.markup_path, doc.akn_path, doc.report_path)
    if out_dir is not None:
        paths = tuple(out_dir / p.parent.name / p.name for p in paths)
    for path in paths:
        path.parent.mkdir(parents=True, exist_ok=True)
    markup_path, akn_path, report_path = paths
    markup_path.write_text(b.markup, encoding="utf-8")
    akn_path.write_bytes(xmlio.to_bytes(b.root))
    report = b.result.to_json()
    report["corrections"] = [c.__dict__ for c in b.applied_corrections]
    report["links"] = counts
    report_path.write_text(json.dumps(report, indent=1, ensure_ascii=False, sort_keys=True) + "\n", encoding="utf-8")

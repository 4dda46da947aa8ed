"""The build: source text → per-source clean-up → bluebell markup → bluebell-akn → linking → strict validation.

``python -m corpus build`` runs it. Output (committed): ``corpus/markup/<id>.txt``, ``corpus/akn/<id>.xml`` and
``corpus/reports/<id>.json`` (every edit the clean-up made, with its reason), each written atomically. A document
whose inputs have not changed since the last build, and whose outputs are still the files that build wrote, is not
rebuilt: ``corpus/reports/build-manifest.json`` keeps the hash of its inputs and of each of its outputs.

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
from typing import Any

from bluebell.parser import parse_to_xml_bytes
from lxml import etree

from corpus import amendments, catalogue, corrections, identity, layouts, link, outputs, tables, validate, xmlio
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
    "derivations.py",
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
    amendments.finish(root)
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


def outputs_of(doc: Document, out_dir: Path | None = None) -> tuple[Path, Path, Path]:
    """Where the build writes ``doc``'s markup, XML and report (under ``out_dir`` when given, else in ``corpus/``)."""
    paths = (doc.markup_path, doc.akn_path, doc.report_path)
    if out_dir is None:
        return paths
    markup, akn, report = (out_dir / p.parent.name / p.name for p in paths)
    return markup, akn, report


def manifest_path(out_dir: Path | None = None) -> Path:
    """The build manifest: ``corpus/reports/build-manifest.json`` (or under ``out_dir``)."""
    return MANIFEST if out_dir is None else out_dir / MANIFEST.parent.name / MANIFEST.name


def read_manifest(path: Path) -> dict[str, dict[str, Any]]:
    """The manifest at ``path``: by document, the hash of its ``inputs`` and of each of its ``outputs`` (by path
    relative to the output folder). A manifest that is missing, unreadable or of an older form reads as empty:
    every document is then rebuilt, which is always right."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(data, dict):
        return {}
    return {
        doc_id: entry
        for doc_id, entry in data.items()
        if isinstance(entry, dict) and isinstance(entry.get("inputs"), str) and isinstance(entry.get("outputs"), dict)
    }


def stale(doc: Document, entry: dict[str, Any] | None, inputs: str, out_dir: Path | None = None) -> str:
    """Why ``doc`` must be rebuilt ("" when it need not): never built, inputs changed since, or an output missing,
    cut short or changed since the build wrote it (its SHA-256 is not the one the manifest records)."""
    if entry is None:
        return "not built before"
    for path in outputs_of(doc, out_dir):  # first: the inputs' stamp reads the report (the laws it cites)
        recorded = entry["outputs"].get(f"{path.parent.name}/{path.name}")
        found = outputs.digest(path)
        if found is None:
            return f"{outputs.shown(path)} is missing"
        if found != recorded:
            return f"{outputs.shown(path)} is not what the build wrote"
    if entry["inputs"] != inputs:
        return "its inputs changed"
    return ""


UNPARSED_SHOWN = 60
"""The most characters of an unparsed line quoted in the error."""


def check_structure(b: Built) -> None:
    """Refuse a document its layout did not understand: a line kept as an unparsed block (the committed corpus has
    none; a statute with one would be published with a paragraph of raw text), or no section at all (the source is
    not a statute of that layout, junk with its digest updated say). The error names the document, the source file,
    the first such line and the catalogue's ``layout``."""
    doc, unparsed = b.doc, b.result.unparsed
    where = f"{doc.id}: {doc.source}"
    if unparsed:
        first = unparsed[0]
        text = first.text if len(first.text) <= UNPARSED_SHOWN else first.text[: UNPARSED_SHOWN - 1] + "…"
        raise BuildError(
            f"{where} line {first.line}: {len(unparsed):,} line(s) the layout {doc.layout!r} (field 'layout') does"
            f" not understand, the first {text!r}; fix the document's quirks or its layout"
        )
    if b.root.find(".//a:body//a:section", xmlio.NS) is None:
        raise BuildError(
            f"{where}: the layout {doc.layout!r} (field 'layout') finds no section in it; is it the statute the"
            " catalogue says, in that layout?"
        )


def build(
    only_changed: bool = True,
    out_dir: Path | None = None,
    only: list[str] | None = None,
    jobs: int = 1,
    why: dict[str, str] | None = None,
) -> list[str]:
    """Build the corpus; return the ids of the documents (re)built.

    A document is rebuilt when its inputs changed since the manifest was written, or when one of its outputs is
    missing, cut short or changed since the build wrote it (:func:`stale`; ``why`` receives the reason of each).
    Every file is written atomically (:mod:`corpus.outputs`), the manifest last: a build killed at any point leaves
    whole files, and the next build rebuilds what the manifest does not vouch for.

    With ``out_dir`` the XML, markup, reports and manifest go there instead of ``corpus/`` (the tests use this).
    With ``only``, just those documents are considered (the others' committed XML is still used for linking).
    A reference may land in any document: one in an unchanged document is resolved against its committed XML (read
    only then; linked already, it is not linked again), which is not rebuilt. A document is rebuilt when a law it
    cites becomes a document of the catalogue (:func:`stamp`).
    With ``jobs`` > 1 the documents are built in that many processes (:func:`build_many`).
    """
    docs = {d.id: d for d in catalogue.documents()}
    manifest_file = manifest_path(out_dir)
    for folder in {p.parent for doc in docs.values() for p in outputs_of(doc, out_dir)} | {manifest_file.parent}:
        outputs.remove_leftovers(folder)
    manifest = read_manifest(manifest_file)
    files = package_files()
    considered = [doc_id for doc_id in docs if only is None or doc_id in only]  # the others' inputs are not read
    sources = {doc_id: read_document(docs[doc_id]) for doc_id in considered}
    hashes = {doc_id: inputs_hash(docs[doc_id], sources[doc_id], files) for doc_id in considered}
    reasons = {
        doc_id: "--all"
        if not only_changed
        else stale(
            docs[doc_id],
            manifest.get(doc_id),
            stamp(hashes[doc_id], docs[doc_id], laws_cited(docs[doc_id]), docs),
            out_dir,
        )
        for doc_id in considered
    }
    todo = [doc_id for doc_id in considered if reasons[doc_id]]
    if why is not None:
        why.update({doc_id: reasons[doc_id] for doc_id in todo})
    if not todo:
        return []
    built = build_many([docs[doc_id] for doc_id in todo], sources, jobs)
    for b in built.values():
        check_structure(b)
    del sources  # read, not needed again: the peak memory comes later, with every tree linked
    trees = {doc_id: b.root for doc_id, b in built.items()}
    unchanged = {doc_id: doc.akn_path for doc_id, doc in docs.items() if doc_id not in trees and doc.akn_path.exists()}
    counts = link.link_all(trees, docs, unchanged)
    for doc_id, b in built.items():
        errors = schema_errors(b.root)
        if errors:
            raise BuildError(f"{doc_id}: {len(errors)} schema errors, first: {errors[0]}")
    for doc_id, b in built.items():
        written = write(b, counts[doc_id], out_dir)
        cited = counts[doc_id]["laws cited"]
        assert isinstance(cited, list)
        manifest[doc_id] = {"inputs": stamp(hashes[doc_id], docs[doc_id], cited, docs), "outputs": written}
    outputs.write_text(manifest_file, json.dumps(manifest, indent=2, sort_keys=True) + "\n")
    return todo


def write(b: Built, counts: dict[str, int | list[str]], out_dir: Path | None) -> dict[str, str]:
    """Write the markup, XML and report of ``b`` (under ``out_dir`` when given), each atomically; return the SHA-256
    of each, by its path relative to the output folder (``akn/pk-mso-2001.xml``), for the manifest."""
    markup_path, akn_path, report_path = outputs_of(b.doc, out_dir)
    report = b.result.to_json()
    report["corrections"] = [c.__dict__ for c in b.applied_corrections]
    report["links"] = counts
    contents = {
        markup_path: b.markup.encode("utf-8"),
        akn_path: xmlio.to_bytes(b.root),
        report_path: (json.dumps(report, indent=1, ensure_ascii=False, sort_keys=True) + "\n").encode("utf-8"),
    }
    for path, data in contents.items():
        outputs.write_bytes(path, data)
    return {f"{path.parent.name}/{path.name}": hashlib.sha256(data).hexdigest() for path, data in contents.items()}

"""Coverage of the built corpus, per document: what ``python -m corpus stats`` prints."""

from __future__ import annotations

from corpus import catalogue, outputs
from corpus.cite import load
from corpus.xmlio import NS

COLUMNS = (
    "sections",
    "subsections",
    "definitions",
    "terms linked",
    "refs resolved",
    "refs unresolved",
    "refs external",
    "corrections",
    "unparsed",
    "noise removed",
)


def document_stats(doc_id: str) -> dict[str, int]:
    """The coverage counts of one built document."""
    doc = catalogue.document(doc_id)
    root = load(doc_id)
    report = outputs.read_json(doc.report_path)
    links = report.get("links", {})
    works = {d.frbr_uri for d in catalogue.documents()}
    refs = [r.get("href", "") for r in root.iterfind(".//a:ref", NS)]
    # a margin citation's side note cites an Act outside the corpus by its work URI (the Gazette Bills): external
    cited = sum(1 for href in refs if not href.startswith("#") and href.partition("/~")[0] not in works)
    return {
        "sections": len(root.findall(".//a:body//a:section", NS)),
        "subsections": len(root.findall(".//a:body//a:subsection", NS)),
        "definitions": len(root.findall(".//a:def", NS)),
        "terms linked": len(root.findall(".//a:term", NS)),
        "refs resolved": len(refs) - cited,
        "refs unresolved": links.get("refs unresolved", 0),
        "refs external": links.get("refs external", 0) + cited,
        "corrections": len(report["corrections"]),
        "unparsed": len(report["unparsed"]),
        "noise removed": sum(1 for e in report["edits"] if not e["replacement"]),
    }


def table() -> str:
    """The counts of every document as a plain-text table."""
    rows = [(d.id, document_stats(d.id)) for d in catalogue.documents()]
    width = max(len(doc_id) for doc_id, _ in rows)
    head = "document".ljust(width) + "".join(f"  {c:>15}" for c in COLUMNS)
    lines = [head, "-" * len(head)]
    for doc_id, counts in rows:
        lines.append(doc_id.ljust(width) + "".join(f"  {counts[c]:>15}" for c in COLUMNS))
    return "\n".join(lines)

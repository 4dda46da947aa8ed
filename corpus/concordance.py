"""The concordance: which provisions of the corpus correspond across jurisdictions and eras.

Two steps, kept apart so that a reader can audit both:

1. :func:`candidates` proposes pairs by a measured method: TF-IDF cosine similarity over each section's heading
   (counted twice, as the marginal note names the subject) and text, computed here in pure Python.
2. ``corpus/annotations/concordance.csv`` is the reviewed table: one row per pair (or per provision with no
   counterpart), with a relation, a confidence and a one-line reason; ``score`` and ``rank`` record what the method
   said of that pair, so the table shows where review departed from it.

Rows name provisions by citation ("161", "Part IV", "256 item 38"); :func:`pairs` resolves them to eIds through the
corpus, so the table survives a rebuild as long as the numbering does.
"""

from __future__ import annotations

import csv
import io
import math
import re
from collections import Counter
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from corpus import catalogue, outputs
from corpus.annotation_store import Anchor, Note
from corpus.cite import CitationError, cite, load, sections
from corpus.xmlio import NS

TABLE = Path(__file__).resolve().parent / "annotations" / "concordance.csv"
RELATIONS = ("equivalent", "partial", "none")
CONFIDENCES = ("high", "medium", "low")
_WORD = re.compile(r"[a-z]{3,}")
_STOP = frozenset(
    "the and any for such with shall under this that which from may such has have been not are his him her its "
    "who whom other all section sub any person made be by of or in to as on at an is it".split()
)


@dataclass(frozen=True)
class Pair:
    """One reviewed row: ``left`` in ``left_document`` corresponds to ``right`` in ``right_document`` (or to none)."""

    topic: str
    left_document: str
    left: str
    right_document: str
    right: str  # empty when relation is "none"
    relation: str
    confidence: str
    score: str
    rank: str
    reason: str
    line: int


def _words(text: str) -> list[str]:
    return [w for w in _WORD.findall(text.lower()) if w not in _STOP]


def _unit_words(element) -> list[str]:
    heading = element.findtext("a:heading", default="", namespaces=NS)
    return _words(heading) * 2 + _words(" ".join(element.itertext()))


@cache
def unit_documents(doc_id: str, unit: str) -> dict[str, list[str]]:
    """Each section's (``unit="section"``) or Part's (``unit="part"``) words, heading twice, by reference."""
    if unit == "section":
        return {num: _unit_words(element) for num, element in sections(doc_id).items()}
    parts = load(doc_id).iterfind(".//a:body//a:part", NS)
    return {"Part " + p.get("eId").removeprefix("part_"): _unit_words(p) for p in parts}


def _vectors(docs: dict[str, list[str]], idf: dict[str, float]) -> dict[str, dict[str, float]]:
    vectors = {}
    for key, words in docs.items():
        counts = Counter(words)
        vec = {w: (1 + math.log(c)) * idf[w] for w, c in counts.items()}
        norm = math.sqrt(sum(v * v for v in vec.values())) or 1.0
        vectors[key] = {w: v / norm for w, v in vec.items()}
    return vectors


@cache
def similarity_index(left: str, right: str, unit: str = "section") -> dict[str, list[tuple[str, float]]]:
    """For every section (or Part) of ``left``, those of ``right`` ranked by TF-IDF cosine similarity."""
    a, b = unit_documents(left, unit), unit_documents(right, unit)
    corpus_docs = list(a.values()) + list(b.values())
    df = Counter(w for words in corpus_docs for w in set(words))
    idf = {w: math.log(len(corpus_docs) / n) + 1 for w, n in df.items()}
    va, vb = _vectors(a, idf), _vectors(b, idf)
    ranked = {}
    for key, vec in va.items():
        scores = [(other, sum(vec.get(w, 0.0) * x for w, x in ovec.items())) for other, ovec in vb.items()]
        ranked[key] = sorted(scores, key=lambda s: -s[1])
    return ranked


def candidates(left: str, right: str, top: int = 3) -> dict[str, list[tuple[str, float]]]:
    """The ``top`` candidates in ``right`` for each section of ``left``."""
    return {key: found[:top] for key, found in similarity_index(left, right).items()}


def measured(pair: Pair) -> tuple[str, str]:
    """What the method says of a reviewed row: (score, rank) as the table records them.

    For a pair, the cosine similarity of the two provisions and the rank of ``right`` among ``left``'s candidates;
    for a "none" row, the best candidate's score (a low one supports the finding) and no rank. Table items are
    compared through the section that holds the table; they get no rank.
    """
    unit = "part" if pair.left.startswith("Part ") else "section"
    ranked = similarity_index(pair.left_document, pair.right_document, unit)[pair.left]
    if pair.relation == "none":
        return f"{ranked[0][1]:.2f}", ""
    right = pair.right.split(" item ")[0]
    for rank, (candidate, score) in enumerate(ranked, start=1):
        if candidate == right:
            return f"{score:.2f}", "" if " item " in pair.right else str(rank)
    raise CitationError(f"{pair.right_document} has no {pair.right!r} to compare")


def rescore(path: Path = TABLE) -> None:
    """Rewrite the ``score`` and ``rank`` columns of the reviewed table from the method (the rest is untouched)."""
    rows = read_table(path)
    with path.open(encoding="utf-8", newline="") as handle:
        header = next(csv.reader(handle))
    buffer = io.StringIO()  # the whole table first, then renamed into place: a failure leaves the old one
    writer = csv.DictWriter(buffer, fieldnames=header, lineterminator="\n")
    writer.writeheader()
    for pair in rows:
        score, rank = measured(pair)
        row = {k: getattr(pair, k) for k in header if k not in ("score", "rank")}
        writer.writerow(row | {"score": score, "rank": rank})
    outputs.write_text(path, buffer.getvalue())


def read_table(path: Path = TABLE) -> list[Pair]:
    """The reviewed concordance rows; a malformed row raises ``ValueError`` naming the file, line and field."""
    rows = []
    with path.open(encoding="utf-8", newline="") as handle:
        reader = csv.DictReader(handle)
        for line, row in enumerate(reader, start=2):
            if None in row or None in row.values():
                raise ValueError(f"{path}:{line}: field 'reason': wrong number of fields (quote a reason with commas)")
            if row["relation"] not in RELATIONS:
                raise ValueError(f"{path}:{line}: field 'relation': must be one of {', '.join(RELATIONS)}")
            if row["confidence"] not in CONFIDENCES:
                raise ValueError(f"{path}:{line}: field 'confidence': must be one of {', '.join(CONFIDENCES)}")
            if (row["relation"] == "none") != (not row["right"]):
                raise ValueError(f"{path}:{line}: field 'right': empty exactly when relation is 'none'")
            rows.append(Pair(**{k: row[k] for k in Pair.__dataclass_fields__ if k != "line"}, line=line))
    return rows


def resolve(document: str, reference: str) -> str:
    """The eId that a concordance reference ("161", "Part IV", "256 item 38") names in ``document``."""
    part = re.fullmatch(r"Part ([IVXL]+)", reference)
    if part:
        eid = f"part_{part[1]}"
        if load(document).find(f".//a:part[@eId='{eid}']", NS) is None:
            raise CitationError(f"{document} has no Part {part[1]}")
        return eid
    return cite(document, reference).eid


_RELATION_WORDS = {"equivalent": "Equivalent to", "partial": "Corresponds in part to"}


def _title(doc_id: str) -> str:
    """The document's title as it reads mid-sentence ("the Merchant Shipping Bill, 2016")."""
    title = catalogue.document(doc_id).title
    return "the" + title[3:] if title.startswith("The ") else title


def readable(reference: str) -> str:
    """A table reference as a reader says it: "161" → "s. 161", "256 item 38" → "s. 256 Table item 38"."""
    return reference if reference.startswith("Part ") else "s. " + reference.replace(" item ", " Table item ")


def notes(path: Path = TABLE) -> list[Note]:
    """The reviewed pairs as concordance annotations (one per pair; "none" rows are notes without a twin)."""
    found = []
    for pair in read_table(path):
        left = resolve(pair.left_document, pair.left)
        if pair.relation == "none":
            kind, target = "commentary", None
            text = f"No counterpart in {_title(pair.right_document)} ({pair.confidence} confidence): {pair.reason}"
        else:
            kind, target = "concordance", Anchor(pair.right_document, resolve(pair.right_document, pair.right))
            twin = f"{readable(pair.right)} of {_title(pair.right_document)}"
            text = f"{_RELATION_WORDS[pair.relation]} {twin} ({pair.confidence} confidence): {pair.reason}"
        names = f"{pair.left_document} {pair.left} {pair.right_document} {pair.right}"
        slug = re.sub(r"[^a-z0-9]+", "-", names.lower())
        found.append(
            Note(
                id=f"concordance-{slug.strip('-')}",
                document=pair.left_document,
                eid=left,
                kind=kind,
                source="Lex Maritima concordance (corpus/annotations/concordance.csv)",
                text=text,
                quote=None,
                target=target,
                file=str(path),
                line=pair.line,
            )
        )
    return found

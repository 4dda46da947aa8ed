"""From Bill to Act: which section of an Act each clause of the Bill it was enacted from became.

One reviewed table per Bill and Act, ``corpus/annotations/derivations/<bill>__<act>.csv`` (document ids of the
catalogue), one row per clause of the Bill and one per section of the Act the Bill did not have::

    bill,act,relation,confidence,score,rank,note
    10,11,amended,high,0.83,1,"Fees and honorarium to Members: the Act pays an honorarium to Independent Members only."

- ``bill``: the clause's number, empty for a ``new`` section; every clause of the Bill in exactly one row.
- ``act``: the section or sections it became, separated by ``;`` ("51;54;55"), empty for a ``dropped`` clause; every
  section of the Act in at least one row.
- ``relation`` (:data:`RELATIONS`): ``same`` (the same text at the same number, or differing only in numbering or
  punctuation), ``renumbered`` (the same text at another number), ``amended`` (the same provision with changed
  words), ``split`` (one clause became several sections), ``merged`` (several clauses became one section: each of
  them has a ``merged`` row naming it), ``dropped``, ``new``.
- ``confidence``: high, medium or low, the reviewer's.
- ``score`` and ``rank``: what the measured method (:func:`candidates`) says of the row: for each section named, the
  TF-IDF similarity of clause and section and the section's rank among the clause's candidates (``;``-separated
  like ``act``); for a ``dropped`` clause, its best candidate's score and no rank; for a ``new`` section, the score of
  the Bill clause most like it and no rank. :func:`rescore` rewrites the two columns; a test holds them to the method.
- ``note``: what changed, read from the two texts.

The method is the concordance's (:func:`corpus.concordance.similarity_index`: TF-IDF cosine over heading, counted
twice, and text), so that one measure proposes pairs across jurisdictions and across a Bill's passage.
``python -m corpus derivations`` checks every table and prints how often the method's first candidate is the reviewed
section (:func:`agreement`); ``--candidates`` prints each clause's candidates, ``--rescore`` rewrites the columns.
"""

from __future__ import annotations

import csv
import io
import re
from collections import Counter
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from corpus import catalogue, outputs
from corpus.annotation_store import Anchor, Note
from corpus.cite import load, sections
from corpus.concordance import candidates, similarity_index
from corpus.xmlio import NS

TABLES_DIR = Path(__file__).resolve().parent / "annotations" / "derivations"
COLUMNS = ("bill", "act", "relation", "confidence", "score", "rank", "note")
RELATIONS = ("same", "renumbered", "amended", "split", "merged", "dropped", "new")
CONFIDENCES = ("high", "medium", "low")
CHANGED = ("amended", "split", "merged")
"""Relations whose texts differ: each pair of them gets a comparison page in the book."""
_NUMBER = re.compile(r"\d+[A-Z]?")


class DerivationError(ValueError):
    """A malformed derivation table: one line naming the file, the line (when there is one) and the field."""


@dataclass(frozen=True)
class Row:
    """One reviewed row of a derivation table."""

    bill: str  # empty for a "new" section
    act: tuple[str, ...]  # empty for a "dropped" clause
    relation: str
    confidence: str
    score: str
    rank: str
    note: str
    line: int


@dataclass(frozen=True)
class Table:
    """A derivation table: the Bill, the Act, the reviewed rows and the file they were read from."""

    bill: str
    act: str
    rows: tuple[Row, ...]
    path: Path

    def of_clause(self, clause: str) -> Row:
        return next(r for r in self.rows if r.bill == clause)

    def into_section(self, section: str) -> list[Row]:
        """The rows naming ``section`` of the Act (one, or several clauses merged into it)."""
        return [r for r in self.rows if section in r.act]


def tables(folder: Path = TABLES_DIR) -> list[Path]:
    """The derivation tables in ``folder`` (the corpus's), by file name."""
    return sorted(folder.glob("*__*.csv"))


def documents(path: Path) -> tuple[str, str]:
    """The Bill's and the Act's document ids a table's file name gives ("in-mpab-2016__in-mpaa-2021.csv")."""
    bill, _, act = path.stem.partition("__")
    for doc_id in (bill, act):
        try:
            catalogue.document(doc_id)
        except KeyError:
            raise DerivationError(f"{path}: field '(file)': {doc_id!r} is not a document of the catalogue") from None
    return bill, act


def _fail(path: Path, line: int, field: str, why: str) -> DerivationError:
    return DerivationError(f"{path}:{line}: field {field!r}: {why}")


def _row(path: Path, line: int, raw: dict[str, str], bill_sections: dict, act_sections: dict) -> Row:
    """One CSV row checked on its own: numbers that exist, the vocabularies, the relation's shape."""
    if None in raw or None in raw.values():
        raise _fail(path, line, "note", "wrong number of fields (quote a note with commas)")
    clause, relation = raw["bill"].strip(), raw["relation"].strip()
    act = tuple(s.strip() for s in raw["act"].split(";")) if raw["act"].strip() else ()
    if relation not in RELATIONS:
        raise _fail(path, line, "relation", f"{relation!r} is not one of {', '.join(RELATIONS)}")
    if raw["confidence"] not in CONFIDENCES:
        raise _fail(path, line, "confidence", f"{raw['confidence']!r} is not one of {', '.join(CONFIDENCES)}")
    if (relation == "new") != (not clause):
        raise _fail(path, line, "bill", "empty exactly when the relation is 'new'")
    if clause and clause not in bill_sections:
        raise _fail(path, line, "bill", f"the Bill has no clause {clause!r}")
    if (relation == "dropped") != (not act):
        raise _fail(path, line, "act", "empty exactly when the relation is 'dropped'")
    for section in act:
        if not _NUMBER.fullmatch(section) or section not in act_sections:
            raise _fail(path, line, "act", f"the Act has no section {section!r}")
    if len(set(act)) != len(act):
        raise _fail(path, line, "act", "a section named twice")
    if relation == "split" and len(act) < 2:
        raise _fail(path, line, "act", "a split clause names two sections or more")
    if relation not in ("split", "amended") and len(act) > 1:
        raise _fail(path, line, "act", f"a {relation!r} clause names one section")
    if relation == "same" and act != (clause,):
        raise _fail(path, line, "act", "'same' is the same number: a clause at another number is 'renumbered'")
    if relation == "renumbered" and act == (clause,):
        raise _fail(path, line, "act", "'renumbered' is another number: the same number is 'same'")
    if not raw["note"].strip():
        raise _fail(path, line, "note", "empty: say what changed (or that nothing did)")
    fields = {k: raw[k] for k in ("confidence", "score", "rank", "note")}
    return Row(bill=clause, act=act, relation=relation, line=line, **fields)


def read_table(path: Path) -> Table:
    """A derivation table, checked: each row (:func:`_row`), then the table as a whole — every clause of the Bill in
    exactly one row, every section of the Act in some row, a section into which clauses are ``merged`` named by two
    rows or more. Any fault raises :class:`DerivationError` naming the file, the line and the field."""
    bill, act = documents(path)
    bill_sections, act_sections = sections(bill), sections(act)
    with path.open(encoding="utf-8", newline="") as handle:
        reader = csv.DictReader(handle)
        if tuple(reader.fieldnames or ()) != COLUMNS:
            raise DerivationError(f"{path}:1: field '(header)': the columns are {','.join(COLUMNS)}")
        rows = [_row(path, line, raw, bill_sections, act_sections) for line, raw in enumerate(reader, start=2)]
    seen: dict[str, int] = {}
    for row in rows:
        if row.bill and row.bill in seen:
            raise _fail(path, row.line, "bill", f"clause {row.bill} has a row already (line {seen[row.bill]})")
        seen.setdefault(row.bill, row.line) if row.bill else None
    end = len(rows) + 2
    missing = [n for n in bill_sections if n not in seen]
    if missing:
        raise _fail(path, end, "bill", f"no row for clause(s) {', '.join(missing)} of {bill}")
    named = Counter(s for r in rows for s in r.act)
    missing = [n for n in act_sections if n not in named]
    if missing:
        raise _fail(path, end, "act", f"no row for section(s) {', '.join(missing)} of {act}")
    for row in rows:
        if row.relation == "merged" and named[row.act[0]] < 2:
            raise _fail(path, row.line, "relation", f"'merged': no other clause became section {row.act[0]}")
        if row.relation == "new" and named[row.act[0]] > 1:
            raise _fail(path, row.line, "relation", f"'new': another row derives section {row.act[0]} from the Bill")
    return Table(bill, act, tuple(rows), path)


@cache
def load_table(path: Path) -> Table:
    """:func:`read_table`, once per file and process."""
    return read_table(path)


def all_tables() -> list[Table]:
    return [load_table(path) for path in tables()]


# ---- the measured method -----------------------------------------------------------------------------------------


def measured(table: Table, row: Row) -> tuple[str, str]:
    """What the method says of a reviewed row: (score, rank) as the table records them (module docstring)."""
    if row.relation == "new":
        best = similarity_index(table.act, table.bill)[row.act[0]][0][1]
        return f"{best:.2f}", ""
    ranked = similarity_index(table.bill, table.act)[row.bill]
    if row.relation == "dropped":
        return f"{ranked[0][1]:.2f}", ""
    place = {section: (rank, score) for rank, (section, score) in enumerate(ranked, start=1)}
    scores = ";".join(f"{place[s][1]:.2f}" for s in row.act)
    return scores, ";".join(str(place[s][0]) for s in row.act)


def rescore(path: Path) -> None:
    """Rewrite the ``score`` and ``rank`` columns of a table from the method (the reviewed columns untouched)."""
    table = read_table(path)
    handle = io.StringIO()  # the whole table first, then renamed into place: a failure leaves the old one
    writer = csv.DictWriter(handle, fieldnames=COLUMNS, lineterminator="\n")
    writer.writeheader()
    for row in table.rows:
        score, rank = measured(table, row)
        writer.writerow({
            "bill": row.bill, "act": ";".join(row.act), "relation": row.relation, "confidence": row.confidence,
            "score": score, "rank": rank, "note": row.note,
        })  # fmt: skip
    outputs.write_text(path, handle.getvalue())
    load_table.cache_clear()


@dataclass(frozen=True)
class Agreement:
    """How often the method's first candidate for a clause is a section the reviewer chose (``agreed`` of
    ``compared`` clauses), and how many of the reviewed clause-section links are a first candidate (``first_links``
    of ``links``: a clause split in five has five links, at most one first)."""

    agreed: int
    compared: int
    first_links: int
    links: int
    departures: tuple[tuple[str, str, str], ...]  # (clause, the method's first candidate, the reviewed sections)

    @property
    def share(self) -> float:
        return self.agreed / self.compared if self.compared else 1.0


def agreement(table: Table) -> Agreement:
    """Agreement over the clauses the reviewer found in the Act (every relation but ``dropped`` and ``new``)."""
    first = {clause: found[0][0] for clause, found in candidates(table.bill, table.act, top=1).items()}
    compared = [r for r in table.rows if r.relation not in ("dropped", "new")]
    departures = tuple((r.bill, first[r.bill], ";".join(r.act)) for r in compared if first[r.bill] not in r.act)
    links = sum(len(r.act) for r in compared)
    first_links = sum(rank == "1" for r in compared for rank in r.rank.split(";"))
    return Agreement(len(compared) - len(departures), len(compared), first_links, links, departures)


def relation_counts(table: Table) -> dict[str, int]:
    counts = Counter(r.relation for r in table.rows)
    return {relation: counts[relation] for relation in RELATIONS}


RELATION_WORDS = {"same": "unchanged"}
"""How a relation reads in a sentence, where it is not its own name ("1 unchanged, 31 renumbered …")."""


def clause_summary(table: Table) -> str:
    """ "Of the Bill's 65 clauses: 1 unchanged, 31 renumbered, 32 amended, 1 split; the Act has 7 new sections." """
    counts = relation_counts(table)
    clauses = sum(n for relation, n in counts.items() if relation != "new")
    said = ", ".join(f"{n} {RELATION_WORDS.get(r, r)}" for r, n in counts.items() if n and r != "new")
    new = counts["new"]
    return f"Of the Bill's {clauses} clauses: {said}; the Act has {new} new section{'s' if new != 1 else ''}."


# ---- the rows as the reader's notes ------------------------------------------------------------------------------


def section_eid(doc_id: str, number: str) -> str:
    return sections(doc_id)[number].get("eId")


def _title(doc_id: str) -> str:
    return catalogue.document(doc_id).short_title


def _names(doc_id: str, numbers: tuple[str, ...], word: str) -> str:
    plural = "s" if len(numbers) > 1 else ""
    listed = ", ".join(numbers[:-1]) + " and " + numbers[-1] if len(numbers) > 1 else numbers[0]
    return f"{word}{plural} {listed} of the {_title(doc_id)}"


SAID = {
    "same": "Enacted unchanged as",
    "renumbered": "Enacted unchanged, renumbered, as",
    "amended": "Enacted with amendments as",
    "split": "Split on enactment into",
    "merged": "Merged on enactment with other clauses into",
}


def notes(table: Table) -> list[Note]:
    """Each row as the reader shows it: a note on the Bill's clause pointing at each section it became (the Act's
    section shows the other side), a note on the clause for a dropped clause, and one on the section for a new
    section. Kind ``derivation``; the source names the table, which the book's "From Bill to Act" page shows."""
    source = f"Lex Maritima derivation table ({table.path.relative_to(TABLES_DIR.parents[2]).as_posix()})"
    found = []
    for row in table.rows:
        where = Anchor(table.bill, section_eid(table.bill, row.bill)) if row.bill else None
        if row.relation == "new":
            anchor, targets = Anchor(table.act, section_eid(table.act, row.act[0])), [None]
            text = f"New in the Act: the {_title(table.bill)} had no such clause. {row.note}"
        elif row.relation == "dropped":
            anchor, targets = where, [None]
            text = f"Dropped: the {_title(table.act)} has no section from this clause. {row.note}"
        else:
            anchor, targets = where, [Anchor(table.act, section_eid(table.act, s)) for s in row.act]
            text = f"{SAID[row.relation]} {_names(table.act, row.act, 'section')} ({row.confidence} confidence). "
            text += row.note
        for target in targets:
            other = f"{target.document}-{target.eid}" if target else row.relation
            ident = re.sub(r"[^a-z0-9]+", "-", f"derivation {anchor.document} {anchor.eid} {other}".lower())
            found.append(
                Note(
                    id=ident.strip("-"),
                    document=anchor.document,
                    eid=anchor.eid,
                    kind="derivation",
                    source=source,
                    text=text,
                    quote=None,
                    target=target,
                    file=str(table.path),
                    line=row.line,
                )
            )
    return found


def whole_bill_key(table: Table) -> tuple[str, str, str, str] | None:
    """(Bill, its long title's eId, Act, its first section's eId): where the note on the Bill as a whole stands and
    what it points at (the section naming the Act), or None for a Bill without a long title."""
    title = long_title_eid(table.bill)
    first = next(iter(sections(table.act).values()), None)
    return None if title is None or first is None else (table.bill, title, table.act, first.get("eId"))


def whole_bill_note(table: Table) -> list[Note]:
    """A note on the Bill's long title saying what became of the Bill, pointing at the Act's first section (the Act
    shows it from its side); the book links it to the "From Bill to Act" page."""
    key = whole_bill_key(table)
    if key is None:
        return []
    act = catalogue.document(table.act)
    text = f"Beside the {act.short_title} (Act No. {act.number} of {act.date[:4]}): {clause_summary(table)}"
    return [
        Note(
            id=f"derivation-{table.bill}-became-{table.act}",
            document=table.bill,
            eid=key[1],
            kind="derivation",
            source=f"Lex Maritima derivation table ({table.path.relative_to(TABLES_DIR.parents[2]).as_posix()})",
            text=text,
            quote=None,
            target=Anchor(table.act, key[3]),
            file=str(table.path),
            line=1,
        )
    ]


def all_notes() -> list[Note]:
    """The notes of every derivation table of the corpus."""
    return [note for table in all_tables() for note in whole_bill_note(table) + notes(table)]


def long_title_eid(doc_id: str) -> str | None:
    """The eId of a document's long title (where the book says the Bill became the Act), if it has one."""
    title = load(doc_id).find(".//a:preface/a:longTitle", NS)
    return None if title is None else title.get("eId")

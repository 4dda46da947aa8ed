"""Lineage as data: which provision of a later text each provision of an earlier one corresponds to.

One reviewed table per pair of texts, ``corpus/annotations/derivations/<from>__<to>.csv`` (document ids of the
catalogue): ``from`` is the OLDER text and ``to`` the NEWER, whatever their kinds — a Bill and the Act passed after
it (``in-mpab-2016__in-mpaa-2021``), an Act and the Act that replaced it (``in-ipa-1875__in-ipa-1908``), an Act and
the Bill that proposed to repeal it (``in-msa-1958__in-msb-2016``). One row per section (a Bill's clause) of the
older text and one per section of the newer text that the older did not have::

    from,to,relation,confidence,score,rank,note
    10,11,amended,high,0.83,1,"Fees and honorarium to Members: the Act pays an honorarium to Independent Members only."

- ``from``: the older text's section, empty for a ``new`` section; every section of the older text in exactly one row.
- ``to``: the section or sections of the newer text it corresponds to, separated by ``;`` ("51;54;55"), empty for a
  ``dropped`` section; every section of the newer text in at least one row.
- ``relation`` (:data:`RELATIONS`): ``same`` (the same text at the same number, or differing only in numbering or
  punctuation), ``renumbered`` (the same text at another number), ``amended`` (the same provision with changed
  words), ``split`` (one section's words are in several sections), ``merged`` (several sections are one section:
  each of them has a ``merged`` row naming it), ``dropped`` (no counterpart in the newer text), ``new`` (no
  counterpart in the older).
- ``confidence``: high, medium or low, the reviewer's.
- ``score`` and ``rank``: what the measured method (:func:`candidates`) says of the row: for each section named, the
  TF-IDF similarity of the two sections and the newer section's rank among the older section's candidates
  (``;``-separated like ``to``); for a ``dropped`` section, its best candidate's score and no rank; for a ``new``
  section, the score of the older text's section most like it and no rank. :func:`rescore` rewrites the two
  columns; a test holds them to the method.
- ``note``: what changed, read from the two texts.

A row may name a section that the document's source lacks, when the build declared it so (an India Code record's
``absent_from_the_record``, in ``corpus/reports/<id>.json``): the reviewer cannot read its words, so such a row says
why in its note, and the method, which has no text to compare, gives it no score and no rank (an empty field in its
place) and the agreement leaves it out. Such rows are a table's ``gaps``, kept apart from its ``rows`` (the pairs a
reader can follow and compare, which the book's pages and comparison pages list).

"Every section" means the whole of both texts unless ``scope.yaml`` in the same folder limits a table to Parts or
sections of either side (:func:`scopes`): the table then covers every section of that scope, and may name sections
outside it. The wording a reader sees never says that a Bill became law unless the catalogue's standing says so
(:func:`said`).

The method is the concordance's (:func:`corpus.concordance.similarity_index`: TF-IDF cosine over heading, counted
twice, and text), so that one measure proposes pairs across jurisdictions and across a Bill's passage.
``python -m corpus derivations`` checks every table and prints how often the method's first candidate is the reviewed
section (:func:`agreement`); ``--candidates`` prints each clause's candidates, ``--rescore`` rewrites the columns.
"""

from __future__ import annotations

import csv
import io
import json
import re
from collections import Counter
from collections.abc import Collection
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from corpus import catalogue, outputs, yamlio
from corpus.annotation_store import Anchor, Note
from corpus.cite import load, sections
from corpus.concordance import candidates, similarity_index
from corpus.xmlio import NS

TABLES_DIR = Path(__file__).resolve().parent / "annotations" / "derivations"
SCOPES = "scope.yaml"
"""The file of :data:`TABLES_DIR` (or of a table's folder) that limits tables to part of a text (:func:`scopes`)."""
COLUMNS = ("from", "to", "relation", "confidence", "score", "rank", "note")
RELATIONS = ("same", "renumbered", "amended", "split", "merged", "dropped", "new")
CONFIDENCES = ("high", "medium", "low")
CHANGED = ("amended", "split", "merged")
"""Relations whose texts differ: each pair of them gets a comparison page in the book."""
_NUMBER = re.compile(r"\d+[A-Z]?")
_PART = re.compile(r"Part ([IVXL]+[A-Z]?)")


class DerivationError(ValueError):
    """A malformed derivation table: one line naming the file, the line (when there is one) and the field."""


@dataclass(frozen=True)
class Row:
    """One reviewed row of a derivation table."""

    older: str  # the older text's section; empty for a "new" section
    newer: tuple[str, ...]  # the newer text's sections; empty for a "dropped" section
    relation: str
    confidence: str
    score: str
    rank: str
    note: str
    line: int

    # The names book/_ext still reads (written when every table was a Bill's and its Act's): to go when it reads
    # ``older`` and ``newer``.
    @property
    def bill(self) -> str:
        return self.older

    @property
    def act(self) -> tuple[str, ...]:
        return self.newer


@dataclass(frozen=True)
class Scope:
    """What part of each text a table covers: the sections (numbers, in the text's order) every one of which has a
    row; ``None`` for the whole text. ``said`` is how a reader is told ("Parts V, VI and XIV")."""

    older: tuple[str, ...] | None = None
    newer: tuple[str, ...] | None = None
    older_said: str = ""
    newer_said: str = ""


@dataclass(frozen=True)
class Table:
    """A derivation table: the older and the newer text, the reviewed rows, the file they were read from and what
    of each text it covers. ``rows`` are the rows whose every section has its words in the corpus, which a reader can
    follow and compare; ``gaps`` the rows that name a section the source lacks (:func:`absent`), whose note stands
    on the side that has words; ``all_rows`` both, in the file's order."""

    older: str
    newer: str
    rows: tuple[Row, ...]
    path: Path
    scope: Scope = Scope()
    gaps: tuple[Row, ...] = ()

    @property
    def all_rows(self) -> tuple[Row, ...]:
        return tuple(sorted(self.rows + self.gaps, key=lambda r: r.line))

    # book/_ext's names (see Row)
    @property
    def bill(self) -> str:
        return self.older

    @property
    def act(self) -> str:
        return self.newer

    def of_section(self, number: str) -> Row:
        """The row of the older text's section ``number``."""
        return next(r for r in self.all_rows if r.older == number)

    of_clause = of_section

    def into_section(self, section: str) -> list[Row]:
        """The rows naming ``section`` of the newer text (one, or several sections merged into it)."""
        return [r for r in self.all_rows if section in r.newer]


def tables(folder: Path = TABLES_DIR) -> list[Path]:
    """The derivation tables in ``folder`` (the corpus's), by file name."""
    return sorted(folder.glob("*__*.csv"))


def documents(path: Path) -> tuple[str, str]:
    """The older and the newer text's document ids that a table's file name gives ("in-ipa-1875__in-ipa-1908.csv"),
    each a document of the catalogue."""
    older, _, newer = path.stem.partition("__")
    for doc_id in (older, newer):
        try:
            catalogue.document(doc_id)
        except KeyError:
            raise DerivationError(f"{path}: field '(file)': {doc_id!r} is not a document of the catalogue") from None
    return older, newer


@cache
def absent(doc_id: str) -> dict[str, str]:
    """The sections the build declared missing from a document's source (number → reason), from its report's
    ``facts``; none for a document whose source is whole."""
    report = json.loads(catalogue.document(doc_id).report_path.read_text(encoding="utf-8"))
    return {entry["number"]: entry["reason"] for entry in report.get("facts", {}).get("absent_from_the_record", [])}


def _fail(path: Path, line: int, field: str, why: str) -> DerivationError:
    return DerivationError(f"{path}:{line}: field {field!r}: {why}")


def _said(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _scope_side(path: Path, table: str, side: str, items: object, doc_id: str) -> tuple[tuple[str, ...], str]:
    """One side of a table's scope: ``Part V`` (every section in that Part of the text) or a section number."""
    where = f"{path}: field '{table}.{side}'"
    if not isinstance(items, list) or not items:
        raise DerivationError(f"{where}: a list of Parts ('Part V') and section numbers")
    numbers = list(sections(doc_id))
    chosen: set[str] = set()
    parts, singles = [], []
    for item in map(str, items):
        part = _PART.fullmatch(item)
        if part:
            prefix = f"part_{part[1]}__"
            found = {n for n, element in sections(doc_id).items() if element.get("eId", "").startswith(prefix)}
            if not found:
                raise DerivationError(f"{where}: {doc_id} has no {item} (or no section in it)")
            chosen |= found
            parts.append(part[1])
        elif item in numbers:
            chosen.add(item)
            singles.append(item)
        else:
            raise DerivationError(f"{where}: {doc_id} has no section {item!r}")
    said = [("Part " if len(parts) == 1 else "Parts ") + _said(parts)] if parts else []
    said += [("section " if len(singles) == 1 else "sections ") + _said(singles)] if singles else []
    return tuple(n for n in numbers if n in chosen), " and ".join(said)


def scopes(path: Path) -> Scope:
    """The scope of the table at ``path``: its entry in the folder's ``scope.yaml`` (keyed by the table's file stem,
    with ``from`` and/or ``to``, each a list of Parts and section numbers), or the whole of both texts. A malformed
    entry raises :class:`DerivationError` naming the file and the field."""
    file = path.parent / SCOPES
    if not file.exists():
        return Scope()
    try:
        entries = yamlio.load(file) or {}
    except yamlio.DataFileError as err:
        raise DerivationError(f"{file.parent}/{err}") from None  # the message names scope.yaml and its line
    if not isinstance(entries, dict):
        raise DerivationError(f"{file}: field '(top)': a mapping of table names to their scope")
    for name, entry in entries.items():
        if not (path.parent / f"{name}.csv").exists():
            raise DerivationError(f"{file}: field {name!r}: no such table in {path.parent}")
        if not isinstance(entry, dict) or set(entry) - {"from", "to"} or not entry:
            raise DerivationError(f"{file}: field {name!r}: 'from' and/or 'to', each a list of Parts and sections")
    entry = entries.get(path.stem)
    if entry is None:
        return Scope()
    older, newer = documents(path)
    found: dict[str, tuple[tuple[str, ...] | None, str]] = {}
    for side, doc_id in (("from", older), ("to", newer)):
        if side in entry:
            found[side] = _scope_side(file, path.stem, side, entry[side], doc_id)
    old = found.get("from", (None, ""))
    new = found.get("to", (None, ""))
    return Scope(old[0], new[0], old[1], new[1])


def _row(
    path: Path, line: int, raw: dict[str, str], older_sections: Collection[str], newer_sections: Collection[str]
) -> Row:
    """One CSV row checked on its own: numbers that exist, the vocabularies, the relation's shape."""
    if None in raw or None in raw.values():
        raise _fail(path, line, "note", "wrong number of fields (quote a note with commas)")
    older, relation = raw["from"].strip(), raw["relation"].strip()
    newer = tuple(s.strip() for s in raw["to"].split(";")) if raw["to"].strip() else ()
    if relation not in RELATIONS:
        raise _fail(path, line, "relation", f"{relation!r} is not one of {', '.join(RELATIONS)}")
    if raw["confidence"] not in CONFIDENCES:
        raise _fail(path, line, "confidence", f"{raw['confidence']!r} is not one of {', '.join(CONFIDENCES)}")
    if (relation == "new") != (not older):
        raise _fail(path, line, "from", "empty exactly when the relation is 'new'")
    if older and older not in older_sections:
        raise _fail(path, line, "from", f"the older text has no section {older!r}")
    if (relation == "dropped") != (not newer):
        raise _fail(path, line, "to", "empty exactly when the relation is 'dropped'")
    for section in newer:
        if not _NUMBER.fullmatch(section) or section not in newer_sections:
            raise _fail(path, line, "to", f"the newer text has no section {section!r}")
    if len(set(newer)) != len(newer):
        raise _fail(path, line, "to", "a section named twice")
    if relation == "split" and len(newer) < 2:
        raise _fail(path, line, "to", "a split section names two sections or more")
    if relation not in ("split", "amended") and len(newer) > 1:
        raise _fail(path, line, "to", f"a {relation!r} row names one section")
    if relation == "same" and newer != (older,):
        raise _fail(path, line, "to", "'same' is the same number: a section at another number is 'renumbered'")
    if relation == "renumbered" and newer == (older,):
        raise _fail(path, line, "to", "'renumbered' is another number: the same number is 'same'")
    if not raw["note"].strip():
        raise _fail(path, line, "note", "empty: say what changed (or that nothing did)")
    fields = {k: raw[k] for k in ("confidence", "score", "rank", "note")}
    return Row(older=older, newer=newer, relation=relation, line=line, **fields)


def read_table(path: Path) -> Table:
    """A derivation table, checked: each row (:func:`_row`), then the table as a whole — every section of the older
    text's scope in exactly one row (and no section in two), every section of the newer text's scope in some row, a
    section into which others are ``merged`` named by two rows or more. Any fault raises :class:`DerivationError`
    naming the file, the line and the field."""
    older, newer = documents(path)
    older_sections, newer_sections = [*sections(older), *absent(older)], [*sections(newer), *absent(newer)]
    scope = scopes(path)
    with path.open(encoding="utf-8", newline="") as handle:
        reader = csv.DictReader(handle)
        if tuple(reader.fieldnames or ()) != COLUMNS:
            raise DerivationError(f"{path}:1: field '(header)': the columns are {','.join(COLUMNS)}")
        rows = [_row(path, line, raw, older_sections, newer_sections) for line, raw in enumerate(reader, start=2)]
    seen: dict[str, int] = {}
    for row in rows:
        if row.older and row.older in seen:
            raise _fail(path, row.line, "from", f"section {row.older} has a row already (line {seen[row.older]})")
        if row.older:
            seen[row.older] = row.line
    end = len(rows) + 2
    missing = [n for n in (scope.older or sections(older)) if n not in seen]
    if missing:
        raise _fail(path, end, "from", f"no row for section(s) {', '.join(missing)} of {older}")
    named = Counter(s for r in rows for s in r.newer)
    missing = [n for n in (scope.newer or sections(newer)) if n not in named]
    if missing:
        raise _fail(path, end, "to", f"no row for section(s) {', '.join(missing)} of {newer}")
    for row in rows:
        if row.relation == "merged" and named[row.newer[0]] < 2:
            raise _fail(path, row.line, "relation", f"'merged': no other section is in section {row.newer[0]}")
        if row.relation == "new" and named[row.newer[0]] > 1:
            raise _fail(path, row.line, "relation", f"'new': another row derives section {row.newer[0]}")
    with_words = set(sections(older)), set(sections(newer))
    whole = [r for r in rows if (not r.older or r.older in with_words[0]) and set(r.newer) <= with_words[1]]
    gaps = [r for r in rows if r not in whole]
    return Table(older, newer, tuple(whole), path, scope, tuple(gaps))


@cache
def load_table(path: Path) -> Table:
    """:func:`read_table`, once per file and process."""
    return read_table(path)


def all_tables() -> list[Table]:
    return [load_table(path) for path in tables()]


def lineage(doc_id: str, number: str) -> list[tuple[Table, Row]]:
    """Every reviewed row of the corpus's tables that names section ``number`` of ``doc_id``, on either side, with its
    table: what a chapter's "what changed" table is drawn from ("141" of the 1958 Act: its row beside the Bill)."""
    found = []
    for table in all_tables():
        for row in table.all_rows:
            if (table.older == doc_id and row.older == number) or (table.newer == doc_id and number in row.newer):
                found.append((table, row))
    return found


def mark(doc_id: str) -> str:
    """ "cl." before a Bill's clause number, "s." before an Act's section number."""
    return "cl." if units(doc_id)[0] == "clause" else "s."


def what_changed(doc_id: str, numbers: tuple[str, ...]) -> list[dict[str, str]]:
    """A chapter's "what changed" table, drawn from the reviewed rows (:func:`lineage`) and never retyped: for each
    section ``numbers`` of ``doc_id`` in turn, each row naming it, as {the text: "s. 141", "counterpart": "cl. 69 of
    the Merchant Shipping Bill, 2016" (or "none in the …"), "relation", "what changed"}. A section no table names
    is an error: the chapter asked for a lineage the data does not have."""
    out = []
    title = _title(doc_id)
    for number in numbers:
        found = lineage(doc_id, number)
        if not found:
            raise DerivationError(f"no derivation table has a row for {mark(doc_id)} {number} of the {title}")
        for table, row in found:
            older = table.older == doc_id
            other = table.newer if older else table.older
            theirs = row.newer if older else ((row.older,) if row.older else ())
            where = f"{mark(other)} {', '.join(theirs)} of the" if theirs else "none in the"
            out.append({
                title: f"{mark(doc_id)} {number}", "counterpart": f"{where} {_title(other)}",
                "relation": RELATION_WORDS.get(row.relation, row.relation), "what changed": row.note,
            })  # fmt: skip
    return out


# ---- the measured method -----------------------------------------------------------------------------------------


def readable(table: Table, row: Row) -> bool:
    """Whether the method can say anything of a row: the older text's section (or, for a new one, the newer text's)
    has words in the corpus, not only a declaration that its source lacks it, and so has at least one of the newer
    text's sections it names."""
    if row.relation == "new":
        return row.newer[0] in sections(table.newer)
    newer = sections(table.newer)
    return row.older in sections(table.older) and (not row.newer or any(s in newer for s in row.newer))


def measured(table: Table, row: Row) -> tuple[str, str]:
    """What the method says of a reviewed row: (score, rank) as the table records them (module docstring); empty
    for a section whose words the corpus lacks (:func:`absent`)."""
    if not readable(table, row):
        return "", ";".join("" for _ in row.newer) if len(row.newer) > 1 else ""
    if row.relation == "new":
        best = similarity_index(table.newer, table.older)[row.newer[0]][0][1]
        return f"{best:.2f}", ""
    ranked = similarity_index(table.older, table.newer)[row.older]
    if row.relation == "dropped":
        return f"{ranked[0][1]:.2f}", ""
    place = {section: (rank, score) for rank, (section, score) in enumerate(ranked, start=1)}
    scores = ";".join(f"{place[s][1]:.2f}" if s in place else "" for s in row.newer)
    return scores, ";".join(str(place[s][0]) if s in place else "" for s in row.newer)


def rescore(path: Path) -> None:
    """Rewrite the ``score`` and ``rank`` columns of a table from the method (the reviewed columns untouched)."""
    table = read_table(path)
    handle = io.StringIO()  # the whole table first, then renamed into place: a failure leaves the old one
    writer = csv.DictWriter(handle, fieldnames=COLUMNS, lineterminator="\n")
    writer.writeheader()
    for row in table.all_rows:
        score, rank = measured(table, row)
        writer.writerow({
            "from": row.older, "to": ";".join(row.newer), "relation": row.relation,
            "confidence": row.confidence, "score": score, "rank": rank, "note": row.note,
        })  # fmt: skip
    outputs.write_text(path, handle.getvalue())
    load_table.cache_clear()


@dataclass(frozen=True)
class Agreement:
    """How often the method's guess — the first candidate it proposes for a section of the older text — is a section
    the reviewer chose (``agreed`` of ``compared`` sections), and how many of the reviewed links are a first
    candidate (``first_links`` of ``links``: a section split in five has five links, at most one first)."""

    agreed: int
    compared: int
    first_links: int
    links: int
    departures: tuple[tuple[str, str, str], ...]  # (older section, the method's first candidate, the reviewed ones)

    @property
    def share(self) -> float:
        return self.agreed / self.compared if self.compared else 1.0


def agreement(table: Table) -> Agreement:
    """Agreement over the older text's sections the reviewer found in the newer (every relation but ``dropped`` and
    ``new``), leaving out a section whose words the corpus lacks (the method has nothing to rank) and counting as
    links only the newer sections that have words."""
    first = {number: found[0][0] for number, found in candidates(table.older, table.newer, top=1).items()}
    readable_newer = sections(table.newer)
    compared = [r for r in table.all_rows if r.relation not in ("dropped", "new") and readable(table, r)]
    departures = tuple((r.older, first[r.older], ";".join(r.newer)) for r in compared if first[r.older] not in r.newer)
    links = sum(s in readable_newer for r in compared for s in r.newer)
    first_links = sum(rank == "1" for r in compared for rank in r.rank.split(";"))
    return Agreement(len(compared) - len(departures), len(compared), first_links, links, departures)


def relation_counts(table: Table) -> dict[str, int]:
    counts = Counter(r.relation for r in table.all_rows)
    return {relation: counts[relation] for relation in RELATIONS}


# ---- how the rows read ------------------------------------------------------------------------------------------

RELATION_WORDS = {"same": "unchanged"}
"""How a relation reads in a sentence, where it is not its own name ("1 unchanged, 31 renumbered …")."""


def _kind_word(doc_id: str) -> str:
    return "Bill" if catalogue.document(doc_id).kind == "bill" else "Act"


def labels(table: Table) -> tuple[str, str]:
    """How the two texts are named short in a sentence: "Bill" and "Act" when their kinds differ, "1875 Act" and
    "1908 Act" when they do not."""
    older, newer = _kind_word(table.older), _kind_word(table.newer)
    if older != newer:
        return older, newer
    year = lambda doc_id: catalogue.document(doc_id).date[:4]  # noqa: E731
    return f"{year(table.older)} {older}", f"{year(table.newer)} {newer}"


def units(doc_id: str) -> tuple[str, str]:
    """What a text's numbered provisions are called: a Bill's clauses, an Act's sections (singular, plural)."""
    return ("clause", "clauses") if _kind_word(doc_id) == "Bill" else ("section", "sections")


def direction(table: Table) -> str:
    """What a table sets side by side, as a reader's heading says it: "From Bill to Act", "From Act to Act", "From Act
    to Bill" (a Bill proposing to replace an Act: never "to law")."""
    return pair_direction(table.older, table.newer)


def pair_direction(older: str, newer: str) -> str:
    """:func:`direction` from the two document ids alone (a table's file name, :func:`documents`): a banner names the
    table's direction without reading its rows."""
    return f"From {_kind_word(older)} to {_kind_word(newer)}"


def page_title(table: Table) -> str:
    """ "From Act to Act: Indian Ports Act, 1875 and Indian Ports Act, 1908": the title of the table's page."""
    return f"{direction(table)}: {_title(table.older)} and {_title(table.newer)}"


def numbered(doc_id: str) -> str:
    """ "Act No. 15 of 1908", "Bill No. 236 of 2016": how a text is numbered, by its kind."""
    doc = catalogue.document(doc_id)
    return f"{_kind_word(doc_id)} No. {doc.number} of {doc.date[:4]}"


def clause_summary(table: Table) -> str:
    """ "Of the Bill's 65 clauses: 1 unchanged, 31 renumbered, 32 amended, 1 split; the Act has 7 new sections."
    A table limited by its scope says which part of each text it counts ("Of the 1958 Act's 40 sections in this
    table: …; Parts V, VI and XIV of the Bill have 12 new clauses.")."""
    counts = relation_counts(table)
    older, newer = labels(table)
    count = sum(n for relation, n in counts.items() if relation != "new")
    said = ", ".join(f"{n} {RELATION_WORDS.get(r, r)}" for r, n in counts.items() if n and r != "new")
    new = counts["new"]
    one, many = units(table.newer)
    unit = one if new == 1 else many
    which = " in this table" if table.scope.older is not None else ""
    where = f"in {table.scope.newer_said} the {newer} has" if table.scope.newer_said else f"the {newer} has"
    return f"Of the {older}'s {count} {units(table.older)[1]}{which}: {said}; {where} {new} new {unit}."


# ---- the rows as the reader's notes ------------------------------------------------------------------------------


def section_eid(doc_id: str, number: str) -> str:
    return sections(doc_id)[number].get("eId")


def _title(doc_id: str) -> str:
    return catalogue.document(doc_id).short_title


def _names(doc_id: str, numbers: tuple[str, ...]) -> str:
    word = units(doc_id)[1 if len(numbers) > 1 else 0]
    return f"{word} {_said(list(numbers))} of the {_title(doc_id)}"


ENACTED = {
    "same": "Enacted unchanged as",
    "renumbered": "Enacted unchanged, renumbered, as",
    "amended": "Enacted with amendments as",
    "split": "Split on enactment into",
    "merged": "Merged on enactment with other clauses into",
}
"""A Bill's clause that the catalogue's standing says was enacted as the newer text (``enacted_as``)."""
CORRESPONDS = {
    "same": "The same words, at the same number, are",
    "renumbered": "The same words, at another number, are",
    "amended": "Corresponds, with changed words, to",
    "split": "Its words are divided among",
    "merged": "Combined with other provisions in",
}
"""Any other pair: what the two texts show, and nothing about how one came from the other."""


def said(table: Table) -> dict[str, str]:
    """The words a row's note starts with: "Enacted … as" only when the catalogue's standing says the older text (a
    Bill) was enacted as the newer; otherwise what the texts show ("Corresponds, with changed words, to")."""
    older = catalogue.document(table.older)
    return ENACTED if older.kind == "bill" and older.standing.enacted_as == table.newer else CORRESPONDS


def _standing_words(doc_id: str) -> str:
    """ " (a Bill, not enacted)" for a Bill the catalogue does not say was enacted; "" otherwise."""
    doc = catalogue.document(doc_id)
    if doc.kind != "bill" or doc.standing.state == "enacted":
        return ""
    return f" (a Bill, {doc.standing.state.replace('-', ' ')})" if doc.standing.state != "unverified" else " (a Bill)"


def notes(table: Table) -> list[Note]:
    """Each row as the reader shows it: a note on the older text's section pointing at each section of the newer
    text it corresponds to (the newer section's page shows the other side), a note on the section for a dropped one,
    and one on the newer text's section for a new one. Kind ``derivation``; the source names the table."""
    source = f"Lex Maritima derivation table ({table.path.relative_to(TABLES_DIR.parents[2]).as_posix()})"
    words = said(table)
    newer_label = labels(table)[1]
    newer_status = _standing_words(table.newer)
    found = []
    older_words, newer_words = sections(table.older), sections(table.newer)
    anchor: Anchor | None
    targets: list[Anchor | None]
    for row in table.all_rows:
        where = Anchor(table.older, section_eid(table.older, row.older)) if row.older in older_words else None
        present = tuple(s for s in row.newer if s in newer_words)
        if row.relation == "new":
            anchor, targets = Anchor(table.newer, section_eid(table.newer, row.newer[0])), [None]
            unit = units(table.older)[0]
            none = f"no {unit} of the {_title(table.older)} corresponds"
            text = f"New in the {newer_label}: {none} ({row.confidence} confidence). {row.note}"
        elif row.relation == "dropped":
            anchor, targets = where, [None]
            gone = units(table.newer)[0]
            none = f"the {_title(table.newer)}{newer_status} has no {gone} corresponding to this one"
            text = f"No counterpart in the {newer_label}: {none} ({row.confidence} confidence). {row.note}"
        elif where is None:  # the older text's source lacks the section: the note stands on the newer side
            anchor, targets = Anchor(table.newer, section_eid(table.newer, present[0])), [None]
            unit = units(table.older)[0]
            why = absent(table.older)[row.older]
            text = (
                f"Corresponds to {unit} {row.older} of the {_title(table.older)}, whose words the corpus lacks ({why})"
                f" ({row.confidence} confidence). {row.note}"
            )
        else:
            targets = [Anchor(table.newer, section_eid(table.newer, s)) for s in present] or [None]
            anchor, named = where, _names(table.newer, row.newer)
            text = f"{words[row.relation]} {named}{newer_status} ({row.confidence} confidence). {row.note}"
        if anchor is None:
            continue
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


def whole_key(table: Table) -> tuple[str, str, str, str] | None:
    """(older text, its long title's eId, newer text, its first section's eId): where the note on the older text as
    a whole stands and what it points at, or None for a text without a long title."""
    title = long_title_eid(table.older)
    first = next(iter(sections(table.newer).values()), None)
    return None if title is None or first is None else (table.older, title, table.newer, first.get("eId"))


whole_bill_key = whole_key  # book/_ext's name


def whole_note(table: Table) -> list[Note]:
    """A note on the older text's long title setting it beside the newer text, with the table's counts, pointing at
    the newer text's first section (the book links it to the table's page)."""
    key = whole_key(table)
    if key is None:
        return []
    newer = catalogue.document(table.newer)
    text = f"Beside the {newer.short_title} ({numbered(newer.id)}){_standing_words(newer.id)}: "
    return [
        Note(
            id=f"derivation-{table.older}-became-{table.newer}",
            document=table.older,
            eid=key[1],
            kind="derivation",
            source=f"Lex Maritima derivation table ({table.path.relative_to(TABLES_DIR.parents[2]).as_posix()})",
            text=text + clause_summary(table),
            quote=None,
            target=Anchor(table.newer, key[3]),
            file=str(table.path),
            line=1,
        )
    ]


def all_notes() -> list[Note]:
    """The notes of every derivation table of the corpus."""
    return [note for table in all_tables() for note in whole_note(table) + notes(table)]


def long_title_eid(doc_id: str) -> str | None:
    """The eId of a document's long title (where the note on the text as a whole stands), if it has one."""
    title = load(doc_id).find(".//a:preface/a:longTitle", NS)
    return None if title is None else title.get("eId")

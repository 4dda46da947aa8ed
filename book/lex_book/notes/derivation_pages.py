"""a "From Bill to Act" page for each derivation table of the corpus (:mod:`corpus.derivations`).

``{statute-derivation} <bill> <act>`` renders the reviewed table ``corpus/annotations/derivations/<bill>__<act>.csv``:
how many clauses were enacted unchanged, renumbered, amended, split, merged or dropped and how many sections are new;
then the table itself, one row per clause (the clause and the section or sections it became, each a link into the
statute reader; the relation, linking to the side-by-side comparison of an amended, split or merged pair; what
changed); then the sections that are new, the clauses dropped and the clauses at a new number. The stub, the place
in the table of contents and the comparison pages are :mod:`comparison_pages`' (one registry of comparison pages).

The table is read on a phone as often as not: ``static/annotations.css`` sets each row out as a block below 40em,
so that the page never scrolls sideways at 390 px. The method's score and rank stay in the CSV, for the editors.
"""

from __future__ import annotations

from pathlib import Path

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

import corpus
from corpus import derivations
from corpus.derivations import Row, Table
from corpus.page_map import READER_DIR, derivation_docname
from lex_book.notes.comparison_pages import comparisons, derivation_tables
from lex_book.notes.note_nodes import akn_link, doc_link
from lex_book.speed import content_stamps


def _clause_link(table: Table, clause: str) -> nodes.reference:
    return akn_link(table.bill, derivations.section_eid(table.bill, clause), nodes.Text(f"cl. {clause}"))


def _section_links(table: Table, numbers: tuple[str, ...]) -> list[nodes.Node]:
    out: list[nodes.Node] = []
    for index, number in enumerate(numbers):
        out += [nodes.Text(", ")] if index else []
        out.append(akn_link(table.act, derivations.section_eid(table.act, number), nodes.Text(f"s. {number}")))
    return out


def _pages_of(row: Row, table: Table) -> list[tuple[str, str]]:
    """The comparison pages of a row: (docname, the Act section compared)."""
    page = derivation_docname(table.bill, table.act)
    return [(c.docname, c.right.reference) for c in comparisons() if c.group == page and c.left.reference == row.bill]


def _row(table: Table, row: Row, docname: str) -> nodes.row:
    """One row: Bill → Act, relation (with its comparison pages), what changed."""
    where = nodes.paragraph()
    if row.bill:
        where += _clause_link(table, row.bill)
    else:
        where += nodes.inline("", "not in the Bill", classes=["lm-derivation-none"])
    where += nodes.Text(" → ")
    if row.act:
        where.extend(_section_links(table, row.act))
    else:
        where += nodes.inline("", "not in the Act", classes=["lm-derivation-none"])
    relation = nodes.paragraph()
    relation += nodes.inline("", row.relation, classes=["lm-derivation-relation", f"lm-derivation-{row.relation}"])
    pages = _pages_of(row, table)
    for index, (page, section) in enumerate(pages):
        relation += nodes.Text(" · " if index else " ")
        relation += doc_link(page, f"compare s. {section}" if len(pages) > 1 else "compare", docname)
    cells = [where, relation, nodes.paragraph("", row.note)]
    out = nodes.row(ids=[f"clause-{row.bill}" if row.bill else f"new-section-{row.act[0]}"])
    for cell in cells:
        out += nodes.entry("", cell)
    return out


def _number_key(number: str) -> tuple[int, str]:
    """A clause or section number in the order of the text: "10" before "10A" before "11"; "" first."""
    digits = number.rstrip("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
    return int(digits or 0), number[len(digits) :]


def table_node(table: Table, docname: str) -> nodes.table:
    """The reviewed table as a three-column table (Bill → Act, relation, what changed), the Bill's order."""
    grid = nodes.tgroup(cols=3)
    for width in (24, 18, 58):  # the widths are annotations.css's (the columns stack on a phone)
        grid += nodes.colspec(colwidth=width)
    head = nodes.thead()
    header = nodes.row()
    for title in ("Bill → Act", "Relation", "What changed"):
        header += nodes.entry("", nodes.paragraph("", title))
    head += header
    grid += head
    body = nodes.tbody()
    for row in sorted(
        table.rows, key=lambda r: (not r.bill, _number_key(r.bill), _number_key(r.act[0] if r.act else ""))
    ):
        body += _row(table, row, docname)
    grid += body
    out = nodes.table(classes=["lm-derivations"])
    out += nodes.title("", f"Every clause of the {corpus.document(table.bill).short_title} and what it became")
    out += grid
    return out


def _summary(table: Table, docname: str) -> list[nodes.Node]:
    bill, act = corpus.document(table.bill), corpus.document(table.act)
    para = nodes.paragraph("", "This page sets the ")
    para += doc_link(f"{READER_DIR}/{bill.id}/index", bill.short_title, docname)
    para += nodes.Text(f" (Bill No. {bill.number} of {bill.date[:4]}) beside the ")
    para += doc_link(f"{READER_DIR}/{act.id}/index", act.short_title, docname)
    para += nodes.Text(
        f" (Act No. {act.number} of {act.date[:4]}), clause by clause. {derivations.clause_summary(table)}"
        f" {len(table.rows)} rows in all."
    )
    how = nodes.paragraph(
        "",
        "Unchanged: the same words at the same number (a comma, a spelling or a cross-reference's number aside). "
        "Renumbered: the same words at another number. Amended: the same provision with words changed; each amended "
        "or split clause links to a page setting it beside its section, word by word. The editors read every clause "
        "against the Act; each row says what changed. Every clause's page in the statute reader links to what it "
        "became, and each section of the Act to the clause it came from, with the Bill's note on that clause.",
    )
    return [para, how]


def _listing(table: Table, rows: list[Row], empty: str, ident: str, title: str, docname: str) -> nodes.section:
    section = nodes.section(ids=[ident])
    section += nodes.title("", title)
    if not rows:
        section += nodes.paragraph("", empty)
        return section
    items = nodes.bullet_list()
    for row in rows:
        para = nodes.paragraph()
        if row.bill:
            para += _clause_link(table, row.bill)
        if row.bill and row.act:
            para += nodes.Text(" → ")
        para.extend(_section_links(table, row.act))
        heading = corpus.by_eid(*(
            (table.act, derivations.section_eid(table.act, row.act[0])) if row.act
            else (table.bill, derivations.section_eid(table.bill, row.bill))
        )).heading.rstrip(".")  # fmt: skip
        said = f" — {heading}. {row.note}" if row.relation in ("new", "dropped") else f" ({row.relation}: {heading})"
        para += nodes.Text(said)
        items += nodes.list_item("", para)
    section += items
    return section


class StatuteDerivation(SphinxDirective):
    """``{statute-derivation} <bill> <act>``: the "From Bill to Act" page of one derivation table."""

    required_arguments = 2

    def run(self) -> list[nodes.Node]:
        bill, act = self.arguments
        table = next((t for t in derivation_tables() if (t.bill, t.act) == (bill, act)), None)
        if table is None:
            raise self.error(f"no derivation table {bill}__{act}.csv in {derivations.TABLES_DIR}")
        content_stamps.note(self.env, table.path)
        for doc_id in (bill, act):
            content_stamps.note(self.env, corpus.document(doc_id).akn_path)
        self.env.note_dependency(str(Path(__file__).resolve()))
        docname = self.env.docname
        moved = [r for r in table.rows if r.bill and r.act and r.act != (r.bill,)]
        out: list[nodes.Node] = [*_summary(table, docname)]
        whole = nodes.section(ids=["the-table"])
        whole += nodes.title("", "The table")
        whole += table_node(table, docname)
        out.append(whole)
        new = [r for r in table.rows if r.relation == "new"]
        dropped = [r for r in table.rows if r.relation == "dropped"]
        out.append(_listing(table, new, "None: every section of the Act comes from a clause of the Bill.",
                            "new-sections", "Sections new in the Act", docname))  # fmt: skip
        out.append(_listing(table, dropped, "None: every clause of the Bill is in the Act.",
                            "dropped-clauses", "Clauses dropped", docname))  # fmt: skip
        out.append(_listing(table, moved, "None: every clause kept its number.",
                            "renumbering", "Clauses at a new number", docname))  # fmt: skip
        return out


def register(app: Sphinx) -> None:
    app.add_directive("statute-derivation", StatuteDerivation)

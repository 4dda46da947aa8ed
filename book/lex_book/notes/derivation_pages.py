"""a page for each derivation table of the corpus (:mod:`corpus.derivations`), titled by what it sets side by side:
"From Bill to Act", "From Act to Act", "From Act to Bill" (:func:`corpus.derivations.direction`).

``{statute-derivation} <older> <newer>`` renders the reviewed table
``corpus/annotations/derivations/<older>__<newer>.csv``: how many of the older text's provisions are unchanged,
renumbered, amended, split, merged or dropped in the newer and how many of the newer's are new; then the table itself,
one row per provision of the older text (it and its counterparts, each a link into the statute reader, named as its
text numbers them: "cl." for a Bill's clause, "s." for an Act's section; the relation, linking to the side-by-side
comparison of an amended, split or merged pair; what changed); then the provisions that are new, those dropped and
those at a new number. Nothing on the page says a Bill became law unless the catalogue's standing says so. The stub,
the place in the table of contents and the comparison pages are :mod:`comparison_pages`' (one registry of comparison
pages).

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
    """A link to the older text's provision ``clause``."""
    eid = derivations.section_eid(table.older, clause)
    return akn_link(table.older, eid, nodes.Text(f"{derivations.mark(table.older)} {clause}"))


def _section_links(table: Table, numbers: tuple[str, ...]) -> list[nodes.Node]:
    """Links to the newer text's provisions ``numbers``."""
    out: list[nodes.Node] = []
    for index, number in enumerate(numbers):
        out += [nodes.Text(", ")] if index else []
        eid = derivations.section_eid(table.newer, number)
        out.append(akn_link(table.newer, eid, nodes.Text(f"{derivations.mark(table.newer)} {number}")))
    return out


def _pages_of(row: Row, table: Table) -> list[tuple[str, str]]:
    """The comparison pages of a row: (docname, the newer text's provision compared)."""
    page = derivation_docname(table.bill, table.act)
    return [(c.docname, c.right.reference) for c in comparisons() if c.group == page and c.left.reference == row.bill]


def _row(table: Table, row: Row, docname: str) -> nodes.row:
    """One row: older → newer, relation (with its comparison pages), what changed."""
    older, newer = derivations.labels(table)
    where = nodes.paragraph()
    if row.bill:
        where += _clause_link(table, row.bill)
    else:
        where += nodes.inline("", f"not in the {older}", classes=["lm-derivation-none"])
    where += nodes.Text(" → ")
    if row.act:
        where.extend(_section_links(table, row.act))
    else:
        where += nodes.inline("", f"not in the {newer}", classes=["lm-derivation-none"])
    relation = nodes.paragraph()
    relation += nodes.inline("", row.relation, classes=["lm-derivation-relation", f"lm-derivation-{row.relation}"])
    pages = _pages_of(row, table)
    for index, (page, section) in enumerate(pages):
        relation += nodes.Text(" · " if index else " ")
        words = f"compare {derivations.mark(table.newer)} {section}" if len(pages) > 1 else "compare"
        relation += doc_link(page, words, docname)
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
    """The reviewed table as a three-column table (older → newer, relation, what changed), the older text's order."""
    grid = nodes.tgroup(cols=3)
    for width in (24, 18, 58):  # the widths are annotations.css's (the columns stack on a phone)
        grid += nodes.colspec(colwidth=width)
    head = nodes.thead()
    header = nodes.row()
    older, newer = derivations.labels(table)
    for title in (f"{older} → {newer}", "Relation", "What changed"):
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
    unit = derivations.units(table.older)[1]
    title = f"Every {unit[:-1]} of the {corpus.document(table.older).short_title} and its counterpart in the "
    out += nodes.title("", f"{title}{corpus.document(table.newer).short_title}")
    out += grid
    return out


def _summary(table: Table, docname: str) -> list[nodes.Node]:
    older, newer = corpus.document(table.older), corpus.document(table.newer)
    older_label, newer_label = derivations.labels(table)
    one = derivations.units(table.older)[0]
    para = nodes.paragraph("", "This page sets the ")
    para += doc_link(f"{READER_DIR}/{older.id}/index", older.short_title, docname)
    para += nodes.Text(f" ({derivations.numbered(older.id)}) beside the ")
    para += doc_link(f"{READER_DIR}/{newer.id}/index", newer.short_title, docname)
    para += nodes.Text(
        f" ({derivations.numbered(newer.id)}), {one} by {one}. {derivations.clause_summary(table)}"
        f" {len(table.rows)} rows in all."
    )
    how = nodes.paragraph(
        "",
        "Unchanged: the same words at the same number (a comma, a spelling or a cross-reference's number aside). "
        "Renumbered: the same words at another number. Amended: the same provision with words changed; each amended "
        f"or split {one} links to a page setting it beside its counterpart, word by word. The editors read every "
        f"{one} against the {newer_label}; each row says what changed. Every {one}'s page in the statute reader links "
        f"to its counterpart in the {newer_label}, and each of the {newer_label}'s {derivations.units(table.newer)[1]} "
        f"to the {one} of the {older_label} it corresponds to, with the note on that {one}.",
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
    """``{statute-derivation} <older> <newer>``: the page of one derivation table ("From Act to Act", …)."""

    required_arguments = 2

    def run(self) -> list[nodes.Node]:
        older, newer = self.arguments
        table = next((t for t in derivation_tables() if (t.older, t.newer) == (older, newer)), None)
        if table is None:
            raise self.error(f"no derivation table {older}__{newer}.csv in {derivations.TABLES_DIR}")
        content_stamps.note(self.env, table.path)
        for doc_id in (older, newer):
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
        older, newer = derivations.labels(table)
        old_one, old_many = derivations.units(table.older)
        new_one, new_many = derivations.units(table.newer)
        out.append(_listing(table, new, f"None: every {new_one} of the {newer} has a counterpart in the {older}.",
                            "new-sections", f"{new_many.capitalize()} new in the {newer}", docname))  # fmt: skip
        out.append(_listing(table, dropped, f"None: every {old_one} of the {older} is in the {newer}.",
                            "dropped-clauses", f"{old_many.capitalize()} of the {older} dropped", docname))  # fmt: skip
        out.append(_listing(table, moved, f"None: every {old_one} kept its number.",
                            "renumbering", f"{old_many.capitalize()} at a new number", docname))  # fmt: skip
        return out


def register(app: Sphinx) -> None:
    app.add_directive("statute-derivation", StatuteDerivation)

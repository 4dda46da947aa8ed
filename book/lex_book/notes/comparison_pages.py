"""a side-by-side comparison page for each pair of corresponding provisions, from two tables.

- The concordance (``corpus/annotations/concordance.csv``, :mod:`corpus.concordance`): its rows whose topic is one of
  :data:`TOPICS` and whose relation is "equivalent" or "partial" (the pilgrim rows are all "none": no page), hung
  below ``book/comparisons/index``, which ``_toc.yml`` lists under the part "Comparisons" and whose
  ``{statute-comparisons}`` directive lists the pairs by topic.
- Each derivation table (``corpus/annotations/derivations/<bill>__<act>.csv``, :mod:`corpus.derivations`): a "From
  Bill to Act" page (:mod:`derivation_pages`, hung below the index) and below it one page per clause and section of
  an amended, split or merged row (:data:`corpus.derivations.CHANGED`).

At ``config-inited`` one MyST stub per page is written under ``book/comparisons/`` (a title and a directive; the
folder ignores itself in git) and hung in the table of contents.

A comparison page shows the row's relation, confidence, reason and measured score, the two provisions as the corpus
holds them side by side (stacked on a narrow screen), and a word-level diff of their texts (:mod:`word_diff`), its
short replacements listed first ("not less than" / "not more than").
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from docutils import nodes
from lxml import etree
from sphinx.application import Sphinx
from sphinx.config import Config
from sphinx.errors import ExtensionError
from sphinx.util.docutils import SphinxDirective

import corpus
from corpus import concordance, derivations
from corpus.page_map import COMPARISONS_DIR, derivation_docname, text_of
from lex_book import atomic_files
from lex_book.notes.note_nodes import HTML_VISITORS, akn_link, deleted, doc_link, inserted, markdown_escape
from lex_book.notes.word_diff import Chunk, diff_words, key_changes, similarity, touches_limit
from lex_book.reader import akn_render
from lex_book.reader.statute_reader import SOURCES, note_link_targets
from lex_book.speed import build_cache, content_stamps

HERE = Path(__file__).resolve().parent
INDEX = f"{COMPARISONS_DIR}/index"
INDEX_STUB = "# Comparisons\n\n```{statute-comparisons}\n```\n"
TOPICS = ("wages-on-wreck", "desertion", "pilgrims", "load-lines")
"""The four topics of the book whose concordance pairs get a comparison page."""

RELATIONS = ("equivalent", "partial")


@dataclass(frozen=True)
class Side:
    """One provision of a pair: its document, the table's reference ("161", "256 item 38") and its eId."""

    document: str
    reference: str
    eid: str

    @property
    def name(self) -> str:
        """ "s. 161, Merchant Shipping Ordinance, 2001"."""
        return f"{corpus.citation(self.document, self.eid)}, {corpus.document(self.document).short_title}"


@dataclass(frozen=True)
class Comparison:
    """A pair of provisions with a page of its own: from the concordance (``group`` its topic) or from a derivation
    table (``group`` the docname of its page, "From Bill to Act", "From Act to Act" or "From Act to Bill")."""

    left: Side
    right: Side
    group: str
    relation: str
    confidence: str
    reason: str
    table: Path
    """The reviewed table the pair comes from (the page depends on it)."""

    @property
    def slug(self) -> str:
        words = [self.left.document, "s", self.left.reference, self.right.document, "s", self.right.reference]
        return re.sub(r"[^a-z0-9]+", "-", " ".join(words).lower()).strip("-")

    @property
    def docname(self) -> str:
        return f"{COMPARISONS_DIR}/{self.slug}"

    @property
    def title(self) -> str:
        return f"{self.left.name} and {self.right.name}"

    @property
    def key(self) -> tuple[str, str, str, str]:
        """(document, eId, twin document, twin eId): how a concordance or derivation note finds its page."""
        return (self.left.document, self.left.eid, self.right.document, self.right.eid)


def derivation_title(table: derivations.Table) -> str:
    """ "From Act to Act: Indian Ports Act, 1875 and Indian Ports Act, 1908": the table's page's title, by the kinds
    of its two texts (:func:`corpus.derivations.page_title`)."""
    return derivations.page_title(table)


def _concordance_pairs() -> list[Comparison]:
    found = []
    for pair in concordance.read_table():
        if pair.topic not in TOPICS or pair.relation not in RELATIONS:
            continue
        try:
            left = Side(pair.left_document, pair.left, concordance.resolve(pair.left_document, pair.left))
            right = Side(pair.right_document, pair.right, concordance.resolve(pair.right_document, pair.right))
        except corpus.CitationError as error:
            raise ExtensionError(f"{concordance.TABLE}:{pair.line}: {error}") from error
        facts = (pair.topic, pair.relation, pair.confidence, pair.reason)
        found.append(Comparison(left, right, *facts, concordance.TABLE))
    return found


def _derivation_pairs(table: derivations.Table) -> list[Comparison]:
    found = []
    for row in table.rows:
        if row.relation not in derivations.CHANGED:
            continue
        left = Side(table.bill, row.bill, derivations.section_eid(table.bill, row.bill))
        for section in row.act:
            right = Side(table.act, section, derivations.section_eid(table.act, section))
            group = derivation_docname(table.bill, table.act)
            found.append(Comparison(left, right, group, row.relation, row.confidence, row.note, table.path))
    return found


@cache
def derivation_tables() -> tuple[derivations.Table, ...]:
    """The derivation tables of the corpus; a malformed one stops the build (file, line and field)."""
    try:
        return tuple(derivations.all_tables())
    except derivations.DerivationError as error:
        raise ExtensionError(str(error)) from None


@cache
def comparisons() -> tuple[Comparison, ...]:
    """The concordance's pairs of :data:`TOPICS` in its order, then each derivation table's changed pairs; a
    reference naming nothing stops the build."""
    return tuple(_concordance_pairs() + [c for t in derivation_tables() for c in _derivation_pairs(t)])


def by_slug(slug: str) -> Comparison | None:
    return next((c for c in comparisons() if c.slug == slug), None)


def note_links() -> dict[tuple[str, ...], tuple[str, str]]:
    """(document, eId, twin document, twin eId) of a note with a target, (document, eId, kind) of one without →
    (docname, link text) of the page that compares them: each pair's comparison page; a derivation table's "From Bill
    to Act" page for its note on the Bill as a whole and its notes on a new section or a dropped clause."""
    links: dict[tuple[str, ...], tuple[str, str]] = {
        c.key: (c.docname, "Compare the two texts side by side") for c in comparisons()
    }
    for table in derivation_tables():
        older, newer = derivations.labels(table)
        unit = derivations.units(table.older)[0]
        page = (
            derivation_docname(table.older, table.newer),
            f"{derivations.direction(table)}: every {unit} of the {older} and its counterpart in the {newer}",
        )
        key = derivations.whole_bill_key(table)
        if key:
            links[key] = page
        for row in table.rows:
            if row.relation == "new":
                links[(table.act, derivations.section_eid(table.act, row.act[0]), "derivation")] = page
            elif row.relation == "dropped":
                links[(table.bill, derivations.section_eid(table.bill, row.bill), "derivation")] = page
    return links


def stub(comparison: Comparison) -> str:
    return f"# {markdown_escape(comparison.title)}\n\n```{{statute-comparison}} {comparison.slug}\n```\n"


def derivation_stub(table: derivations.Table) -> str:
    title = markdown_escape(derivation_title(table))
    return f"# {title}\n\n```{{statute-derivation}} {table.bill} {table.act}\n```\n"


def comparison_plan() -> list[list[str]]:
    """Each page as [docname, stub, parent docname]: the concordance's pairs below the index, each "From Bill to
    Act" page below the index and its pairs below it; JSON, for the cache."""
    plan = [[c.docname, stub(c), INDEX] for c in comparisons() if c.table == concordance.TABLE]
    for table in derivation_tables():
        page = derivation_docname(table.bill, table.act)
        plan.append([page, derivation_stub(table), INDEX])
        plan += [[c.docname, stub(c), page] for c in comparisons() if c.group == page]
    return plan


def write_stubs(srcdir: Path, plan: list[list[str]]) -> list[str]:
    """Write (or leave unchanged) the index and every page's stub, delete stale ones; return the docnames."""
    folder = srcdir / COMPARISONS_DIR
    folder.mkdir(parents=True, exist_ok=True)
    wanted = {
        folder / ".gitignore": "# generated by book/lex_book/notes/comparison_pages.py at build time\n*\n",
        srcdir / f"{INDEX}.md": INDEX_STUB,
    }
    wanted |= {srcdir / f"{docname}.md": text for docname, text, _ in plan}
    for path, text in wanted.items():
        atomic_files.write_text(path, text)  # unless it holds that text: Sphinx would read the page again
    for path in folder.glob("*.md"):
        if path not in wanted:
            path.unlink()
    return [docname for docname, _, _ in plan]


def add_to_toc(app: Sphinx, config: Config) -> None:
    """Generate the stubs and hang the comparison pages below ``book/comparisons/index`` in the table of contents.

    The pages come from :func:`comparison_plan`, kept between builds by :func:`build_cache.cached`; the pairs
    themselves (:func:`comparisons`) are worked out again only when a page that shows them is read.
    """
    from sphinx_external_toc.api import Document, FileItem, TocTree

    comparisons.cache_clear()
    derivation_tables.cache_clear()
    derivations.load_table.cache_clear()
    if not config.lex_notes_project:  # a book without the project's notes has no concordance to compare
        return
    site_map = config.external_site_map
    if INDEX not in site_map:
        raise ExtensionError(f"_toc.yml does not list {INDEX}: the comparison pages would not be in the book")
    plan = build_cache.cached(app, "comparison_pages", comparison_plan)
    docnames = write_stubs(Path(app.srcdir), plan)
    for name in docnames:
        site_map[name] = Document(docname=name)
    for parent in [INDEX, *docnames]:
        children: list[Any] = [FileItem(docname) for docname, _, above in plan if above == parent]  # TocTree's items
        if children:
            site_map[parent].subtrees = [TocTree(items=children, hidden=True, titlesonly=True)]
    generated = {f"{d}.md" for d in [INDEX, *docnames]}
    config["exclude_patterns"] = [p for p in config["exclude_patterns"] if p not in generated]


def _provision(side: Side) -> tuple[list[nodes.Node], str]:
    """The rendered provision (a table item's rows only, for "256 item 38") and its text without remarks."""
    renderer = akn_render.Renderer(side.document, anchors=False, sections=False)
    provision = corpus.cite(side.document, side.reference)
    if provision.rows:
        rows = list(provision.rows)
        return [renderer.table(provision.table, rows)], " ".join(text_of(r, remarks=False) for r in rows)
    element: etree._Element = corpus.by_eid(side.document, side.eid).element
    return renderer.blocks([element]), text_of(element, remarks=False)


def _column(side: Side, rendered: list[nodes.Node]) -> nodes.container:
    column = nodes.container(classes=["lm-compare-side"])
    header = nodes.paragraph(classes=["provision-citation"])
    header += nodes.strong("", side.name)
    heading = corpus.by_eid(side.document, side.eid).heading
    if heading:
        header += nodes.Text(f" — {heading}")
    header += nodes.Text(" ")
    link = akn_link(side.document, side.eid, nodes.Text("read in the statute"))
    link["classes"].append("provision-link")
    header += link
    column += header
    box = nodes.container(classes=["provision-quote"])
    box.extend(rendered)
    column += box
    return column


def diff_paragraph(chunks: list[Chunk]) -> nodes.paragraph:
    """The diff as running text: deleted words in ``<del>``, inserted ones in ``<ins>``; a replacement shows both."""
    para = nodes.paragraph(classes=["lm-diff"])
    for chunk in chunks:
        if chunk.op == "equal":
            para += nodes.Text(" ".join(chunk.old) + " ")
            continue
        limit = ["lm-diff-limit"] if touches_limit(chunk) else []
        change = nodes.inline(classes=["lm-diff-change", f"lm-diff-{chunk.op}", *limit])
        if chunk.old:
            change += deleted("", " ".join(chunk.old))
        if chunk.old and chunk.new:
            change += nodes.Text(" ")
        if chunk.new:
            change += inserted("", " ".join(chunk.new))
        para += change
        para += nodes.Text(" ")
    return para


def key_change_list(chunks: list[Chunk], left: Side, right: Side) -> nodes.Node:
    changes = key_changes(chunks)
    if not changes:
        return nodes.paragraph("", "No short replacement of words: the texts differ only by longer passages.")
    items = nodes.bullet_list(classes=["lm-key-changes"])
    for change in changes:
        para = nodes.paragraph()
        para += nodes.Text(f"… {change.before} " if change.before else "… ")
        limit = ["lm-diff-limit"] if change.limit else []
        para += nodes.inline("", "", deleted("", change.old), nodes.Text(" "), inserted("", change.new),
                             classes=["lm-diff-change", "lm-diff-replace", *limit])  # fmt: skip
        para += nodes.Text(f" {change.after} …" if change.after else " …")
        if change.count > 1:
            para += nodes.inline("", f" ({change.count} times)", classes=["lm-key-count"])
        items += nodes.list_item("", para)
    intro = nodes.paragraph(
        "",
        f"Words replaced (struck through: {left.name}; underlined: {right.name}), each shown once in context; a "
        "change of a word that sets a limit or an obligation (less, more, not, shall, may …) comes first, "
        "framed in red:",
    )
    box = nodes.container(classes=["lm-key-changes-box"])
    box += intro
    box += items
    return box


def _facts(comparison: Comparison, chunks: list[Chunk]) -> nodes.field_list:
    """The pair's facts as a reader needs them; how the pair was found (the TF-IDF score and rank, the table's file
    and line) is the editors' business, documented for instructors, not shown here."""
    facts = nodes.field_list(classes=["lm-compare-facts"])
    derived = comparison.table != concordance.TABLE
    rows = [("Topic", comparison.group.replace("-", " "))] if not derived else []
    rows += [
        ("Relation", f"{comparison.relation} ({comparison.confidence} confidence)"),
        ("What changed" if derived else "Reason", comparison.reason),
        ("Words in common", f"{similarity(chunks):.0%}"),
    ]
    for name, value in rows:
        facts += nodes.field("", nodes.field_name("", name), nodes.field_body("", nodes.paragraph("", value)))
    return facts


def _up_link(comparison: Comparison, docname: str) -> list[nodes.Node]:
    """A derivation pair's way back to its table's page ("From Act to Act: …")."""
    if comparison.table == concordance.TABLE:
        return []
    table = next(t for t in derivation_tables() if derivation_docname(t.bill, t.act) == comparison.group)
    para = nodes.paragraph(classes=["lm-compare-up"])
    para += doc_link(comparison.group, derivation_title(table), docname)
    return [para]


class StatuteComparison(SphinxDirective):
    """``{statute-comparison} <slug>``: one pair's facts, its two texts side by side and their word-level diff."""

    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        comparison = by_slug(self.arguments[0])
        if comparison is None:
            raise self.error(f"no concordance pair {self.arguments[0]!r}")
        code = [
            Path(__file__).resolve(),
            HERE / "word_diff.py",
            HERE / "note_nodes.py",
            HERE / "static" / "annotations.css",
        ]
        for path in [*SOURCES, *code]:
            self.env.note_dependency(str(path))
        content_stamps.note(self.env, comparison.table)
        for side in (comparison.left, comparison.right):
            content_stamps.note(self.env, corpus.document(side.document).akn_path)
        (left_nodes, left_text), (right_nodes, right_text) = _provision(comparison.left), _provision(comparison.right)
        chunks = diff_words(left_text, right_text)
        grid = nodes.container(classes=["lm-compare"])
        grid += _column(comparison.left, left_nodes)
        grid += _column(comparison.right, right_nodes)
        diff = nodes.section(ids=["word-level-differences"])
        diff += nodes.title("", "Word-level differences")
        diff += key_change_list(chunks, comparison.left, comparison.right)
        left, right = comparison.left.name, comparison.right.name
        diff += nodes.paragraph(
            "", f"The whole text, word by word: struck through only in {left}, underlined only in {right}."
        )
        diff += diff_paragraph(chunks)
        out = [*_up_link(comparison, self.env.docname), _facts(comparison, chunks), grid, diff]
        note_link_targets(self.env, out)
        return out


class StatuteComparisons(SphinxDirective):
    """``{statute-comparisons}``: every comparison page, by topic, with the pair's relation and confidence."""

    def run(self) -> list[nodes.Node]:
        content_stamps.note(self.env, concordance.TABLE)
        self.env.note_dependency(str(Path(__file__).resolve()))
        intro = (
            "Each page sets two corresponding provisions side by side, from the editors' reviewed concordance of "
            "the statutes, with a word-level diff of their texts."
        )
        out: list[nodes.Node] = [nodes.paragraph("", intro)]
        for topic in TOPICS:
            pairs = [c for c in comparisons() if c.group == topic]
            section = nodes.section(ids=[f"topic-{topic}"])
            section += nodes.title("", topic.replace("-", " ").capitalize())
            if not pairs:
                section += nodes.paragraph("", "No provision of this topic has a counterpart in the concordance.")
            items = nodes.bullet_list()
            for comparison in pairs:
                para = nodes.paragraph()
                para += doc_link(comparison.docname, comparison.title, self.env.docname)
                para += nodes.Text(f" — {comparison.relation}, {comparison.confidence} confidence")
                items += nodes.list_item("", para)
            if pairs:
                section += items
            out.append(section)
        out.append(self._derivations())
        return out

    def _derivations(self) -> nodes.section:
        section = nodes.section(ids=["from-bill-to-act"])
        section += nodes.title("", "Lineage: one text beside another")
        section += nodes.paragraph(
            "", "A Bill beside the Act it became, an Act beside the Act that replaced it, an Act beside the Bill that "
            "proposed to replace it: every provision with its counterpart, what changed, the new provisions, and the "
            "amended ones side by side. Each page's title says which."
        )  # fmt: skip
        items = nodes.bullet_list()
        for table in derivation_tables():
            content_stamps.note(self.env, table.path)
            para = nodes.paragraph()
            para += doc_link(derivation_docname(table.bill, table.act), derivation_title(table), self.env.docname)
            items += nodes.list_item("", para)
        section += items
        return section


def add_static(app: Sphinx, config: Config) -> None:
    config.html_static_path.append(str(HERE / "static"))


def register(app: Sphinx) -> None:
    for node, visitors in HTML_VISITORS.items():
        app.add_node(node, override=True, html=visitors)
    app.connect("config-inited", add_to_toc, priority=900)  # after sphinx_external_toc has read _toc.yml
    app.add_directive("statute-comparison", StatuteComparison)
    app.add_directive("statute-comparisons", StatuteComparisons)
    app.connect("config-inited", add_static)
    app.add_css_file("annotations.css")

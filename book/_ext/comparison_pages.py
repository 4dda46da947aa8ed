"""Sphinx extension: a side-by-side comparison page for each concordance pair of the four topics.

The pairs are the rows of the reviewed concordance (``corpus/annotations/concordance.csv``, read through
:mod:`corpus.concordance`) whose topic is one of :data:`TOPICS` and whose relation is "equivalent" or "partial" (the
pilgrim rows are all "none": no page). At ``config-inited`` one MyST stub per pair is written under
``book/comparisons/`` (a title and a ``{statute-comparison}`` directive; the folder ignores itself in git) and hung
below ``book/comparisons/index``, which ``_toc.yml`` lists under the part "Comparisons" and whose
``{statute-comparisons}`` directive lists the pairs by topic.

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

import akn_render
import build_cache
import content_stamps
from akn_pages import text_of
from docutils import nodes
from lxml import etree
from note_nodes import HTML_VISITORS, akn_link, deleted, doc_link, inserted
from provision_directive import TABLE_ITEM, table_item
from sphinx.application import Sphinx
from sphinx.config import Config
from sphinx.errors import ExtensionError
from sphinx.util.docutils import SphinxDirective
from statute_reader import SOURCES, _escape, note_link_targets
from word_diff import Chunk, diff_words, key_changes, similarity, touches_limit

import corpus
from corpus import concordance

HERE = Path(__file__).resolve().parent
COMPARISONS_DIR = "book/comparisons"
"""Where the comparison pages are generated, relative to the book root (never committed)."""

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
    """A concordance pair with a page of its own."""

    pair: concordance.Pair
    left: Side
    right: Side

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
        """(document, eId, twin document, twin eId): how a concordance note finds its page."""
        return (self.left.document, self.left.eid, self.right.document, self.right.eid)


@cache
def comparisons() -> tuple[Comparison, ...]:
    """The pairs of :data:`TOPICS` in the reviewed table's order; a reference naming nothing stops the build."""
    found = []
    for pair in concordance.read_table():
        if pair.topic not in TOPICS or pair.relation not in RELATIONS:
            continue
        try:
            left = Side(pair.left_document, pair.left, concordance.resolve(pair.left_document, pair.left))
            right = Side(pair.right_document, pair.right, concordance.resolve(pair.right_document, pair.right))
        except corpus.CitationError as error:
            raise ExtensionError(f"{concordance.TABLE}:{pair.line}: {error}") from error
        found.append(Comparison(pair, left, right))
    return tuple(found)


def by_slug(slug: str) -> Comparison | None:
    return next((c for c in comparisons() if c.slug == slug), None)


def stub(comparison: Comparison) -> str:
    return f"# {_escape(comparison.title)}\n\n```{{statute-comparison}} {comparison.slug}\n```\n"


def comparison_plan() -> list[list[str]]:
    """Each comparison page as [docname, stub], in the table's order; JSON, for the cache."""
    return [[c.docname, stub(c)] for c in comparisons()]


def write_stubs(srcdir: Path, plan: list[list[str]]) -> list[str]:
    """Write (or leave unchanged) the index and every comparison page's stub, delete stale ones; return docnames."""
    folder = srcdir / COMPARISONS_DIR
    folder.mkdir(parents=True, exist_ok=True)
    wanted = {
        folder / ".gitignore": "# generated by book/_ext/comparison_pages.py at build time\n*\n",
        srcdir / f"{INDEX}.md": INDEX_STUB,
    }
    wanted |= {srcdir / f"{docname}.md": text for docname, text in plan}
    for path, text in wanted.items():
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")
    for path in folder.glob("*.md"):
        if path not in wanted:
            path.unlink()
    return [docname for docname, _ in plan]


def add_to_toc(app: Sphinx, config: Config) -> None:
    """Generate the stubs and hang the comparison pages below ``book/comparisons/index`` in the table of contents.

    The pages come from :func:`comparison_plan`, kept between builds by :func:`build_cache.cached`; the pairs
    themselves (:func:`comparisons`) are worked out again only when a page that shows them is read.
    """
    from sphinx_external_toc.api import Document, FileItem, TocTree

    comparisons.cache_clear()
    if not config.lex_notes_project:  # a book without the project's notes has no concordance to compare
        return
    site_map = config.external_site_map
    if INDEX not in site_map:
        raise ExtensionError(f"_toc.yml does not list {INDEX}: the comparison pages would not be in the book")
    docnames = write_stubs(Path(app.srcdir), build_cache.cached(app, "comparison_pages", comparison_plan))
    site_map[INDEX].subtrees = [TocTree(items=[FileItem(d) for d in docnames], hidden=True, titlesonly=True)]
    for name in docnames:
        site_map[name] = Document(docname=name)
    generated = {f"{d}.md" for d in [INDEX, *docnames]}
    config["exclude_patterns"] = [p for p in config["exclude_patterns"] if p not in generated]


def _provision(side: Side) -> tuple[list[nodes.Node], str]:
    """The rendered provision (a table item's rows only, for "256 item 38") and its text without remarks."""
    renderer = akn_render.Renderer(side.document, anchors=False, sections=False)
    item = TABLE_ITEM.match(side.reference)
    if item:
        table, rows = table_item(corpus.cite(side.document, item["citation"]).element, item["item"])
        return [renderer.table(table, rows)], " ".join(text_of(r, remarks=False) for r in rows)
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
    header += akn_link(side.document, side.eid, nodes.Text("read in the statute"))
    header[-1]["classes"].append("provision-link")
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
    pair = comparison.pair
    facts = nodes.field_list(classes=["lm-compare-facts"])
    rank = f", rank {pair.rank} among its candidates" if pair.rank else ""
    for name, value in [
        ("Topic", pair.topic.replace("-", " ")),
        ("Relation", f"{pair.relation} ({pair.confidence} confidence)"),
        ("Reason", pair.reason),
        ("Measured", f"TF-IDF similarity {pair.score}{rank}; words in common {similarity(chunks):.0%}"),
        ("Source", f"corpus/annotations/concordance.csv, line {pair.line}"),
    ]:
        facts += nodes.field("", nodes.field_name("", name), nodes.field_body("", nodes.paragraph("", value)))
    return facts


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
        content_stamps.note(self.env, concordance.TABLE)
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
        out = [_facts(comparison, chunks), grid, diff]
        note_link_targets(self.env, out)
        return out


class StatuteComparisons(SphinxDirective):
    """``{statute-comparisons}``: every comparison page, by topic, with the pair's relation and confidence."""

    def run(self) -> list[nodes.Node]:
        content_stamps.note(self.env, concordance.TABLE)
        self.env.note_dependency(str(Path(__file__).resolve()))
        intro = (
            "Each page sets two corresponding provisions side by side, from the reviewed concordance "
            "(corpus/annotations/concordance.csv), with a word-level diff of their texts."
        )
        out: list[nodes.Node] = [nodes.paragraph("", intro)]
        for topic in TOPICS:
            pairs = [c for c in comparisons() if c.pair.topic == topic]
            section = nodes.section(ids=[f"topic-{topic}"])
            section += nodes.title("", topic.replace("-", " ").capitalize())
            if not pairs:
                section += nodes.paragraph("", "No provision of this topic has a counterpart in the concordance.")
            items = nodes.bullet_list()
            for comparison in pairs:
                para = nodes.paragraph()
                para += doc_link(comparison.docname, comparison.title, self.env.docname)
                para += nodes.Text(f" — {comparison.pair.relation}, {comparison.pair.confidence} confidence")
                items += nodes.list_item("", para)
            if pairs:
                section += items
            out.append(section)
        return out


def setup(app: Sphinx) -> dict[str, Any]:
    app.setup_extension("statute_reader")
    app.add_config_value("lex_notes_project", True, "env", [bool])  # reader_notes.py: the project's notes or not
    for node, visitors in HTML_VISITORS.items():
        app.add_node(node, override=True, html=visitors)
    app.connect("config-inited", add_to_toc, priority=900)  # after sphinx_external_toc has read _toc.yml
    app.add_directive("statute-comparison", StatuteComparison)
    app.add_directive("statute-comparisons", StatuteComparisons)
    app.add_css_file("annotations.css")
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}

"""Issue 24: every topic chapter teaches the Merchant Shipping Act, 1958 (India's law until the Merchant Shipping Act,
2025 came into force) beside the Bill of 2016 and the Pakistan Ordinance, read from the real chapters, the real
exercises and the corpus's derivation table; then, in the built book, the status line of each text where it is
computed, the "what changed" rows as the table has them, a 1958 section's links to its counterparts and the lineage
pages' titles."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from lxml import html as lxml_html

import corpus
from corpus import derivations
from corpus.page_map import derivation_docname
from lex_book.reader import document_status
from widgets import exercises

ROOT = Path(__file__).resolve().parents[2]
CHAPTERS = ROOT / "book" / "chapters"
MSA, MSB, PK = "in-msa-1958", "in-msb-2016", "pk-mso-2001"
TOPICS = {"wages-on-wreck": "wages-on-wreck", "desertion": "desertion", "pilgrims": "pilgrim-refund",
          "load-lines": "load-line"}  # fmt: skip
"""Each topic chapter and the calculator of the 1958 Act it runs."""
TEXTS = {name: (MSA, PK) if name == "pilgrims" else (MSA, MSB, PK) for name in [*TOPICS, "comparative"]}
"""The texts each chapter teaches: the Bill has no pilgrim-ship provisions."""
DIRECTIVE = re.compile(r"^```\{(provision|statute-standing)\} (\S+)", re.M)
CALCULATOR = re.compile(r'calculator\("([a-z0-9-]+)/[a-z-]+"\)')
WHAT_CHANGED = re.compile(r'derivations\.what_changed\("in-msa-1958", (\w+|\([^)]*\))\)')


def source(name: str) -> str:
    return (CHAPTERS / f"{name}.md").read_text(encoding="utf-8")


def sections_of_what_changed(name: str) -> tuple[str, ...]:
    """The 1958 sections a chapter's "what changed" cell asks for (a tuple in the call or a variable just above)."""
    text = source(name)
    (argument,) = WHAT_CHANGED.findall(text)
    if not argument.startswith("("):
        argument = re.search(rf"^{argument} = (\([^)]*\))$", text, re.M)[1]
    return tuple(re.findall(r'"(\w+)"', argument))


@pytest.mark.parametrize("name", list(TEXTS))
def test_a_chapter_quotes_each_of_its_texts_from_the_corpus(name):
    quoted = {doc for kind, doc in DIRECTIVE.findall(source(name)) if kind == "provision"}
    assert set(TEXTS[name]) <= quoted, name
    if name == "pilgrims":
        assert MSB not in quoted


@pytest.mark.parametrize("name", list(TOPICS))
def test_each_calculator_of_a_topic_chapter_has_its_text_s_status_right_above_it(name):
    """The status is said where the figures are computed: the last {statute-standing} before each calculator
    names that calculator's document."""
    text = source(name)
    events = sorted(
        [(m.start(), "standing", m[2]) for m in DIRECTIVE.finditer(text) if m[1] == "statute-standing"]
        + [(m.start(), "calculator", m[1]) for m in CALCULATOR.finditer(text)]
    )
    computed = set()
    last = None
    for _, kind, doc in events:
        if kind == "standing":
            last = doc
        else:
            assert last == doc, f"{name}: calculator of {doc} under the status of {last}"
            computed.add(doc)
    assert computed == set(TEXTS[name]), name
    assert f'calculator("{MSA}/{TOPICS[name]}")' in text


def test_the_comparative_chapter_says_the_status_of_every_text_it_runs():
    text = source("comparative")
    standing = {doc for kind, doc in DIRECTIVE.findall(text) if kind == "statute-standing"}
    assert standing == {MSA, MSB, PK, "in-msa-1880"}
    for pid in ("in-msa-1958/wages-on-wreck", "in-msa-1958/load-line", "in-msb-2016/wages-on-wreck"):
        assert f'"{pid}"' in text  # one set of facts put to every text that has the provision


@pytest.mark.parametrize("name", list(TEXTS))
def test_a_chapter_places_two_exercises_on_the_1958_act_each_with_variants(name):
    on_1958 = [i for i in exercises.exercise_ids(name) if exercises.exercise(i)["provision"].startswith(f"{MSA}/")]
    assert len(on_1958) >= 2, name
    for exercise_id in on_1958:
        assert f"```{{exercise-check}} {exercise_id}\n" in source(name), exercise_id
        assert exercises.exercise(exercise_id)["vary"], exercise_id
        assert len({str(exercises.expected(exercise_id, v)) for v in range(3)}) > 1, exercise_id


@pytest.mark.parametrize("name", list(TOPICS))
def test_the_what_changed_table_is_drawn_from_the_derivation_rows_not_retyped(name):
    numbers = sections_of_what_changed(name)
    assert numbers and all(derivations.lineage(MSA, n) for n in numbers)
    text = source(name)
    for row in derivations.what_changed(MSA, numbers):
        assert row["what changed"][:60] not in text  # the note lives in the table only


def test_the_pilgrims_chapter_says_the_bill_has_no_pilgrim_ship_provisions_as_the_table_does():
    assert "**The Merchant Shipping Bill, 2016 has no pilgrim-ship provisions**" in source("pilgrims")
    rows = derivations.what_changed(MSA, sections_of_what_changed("pilgrims"))
    assert {r["relation"] for r in rows} == {"dropped"}
    assert all(r["counterpart"] == "none in the Merchant Shipping Bill, 2016" for r in rows)


# ---- the built book ----------------------------------------------------------------------------------------------


def _page(path: Path) -> lxml_html.HtmlElement:
    return lxml_html.fromstring(path.read_bytes())


def _words(node) -> str:
    return " ".join(node.text_content().split())


@pytest.mark.book
@pytest.mark.parametrize("name", list(TEXTS))
def test_the_built_chapter_says_the_status_of_each_text_from_the_catalogue(built_site: Path, name: str):
    page = _page(built_site / "book" / "chapters" / f"{name}.html")
    notes = page.xpath("//div[contains(@class, 'lm-status-chapter')]")
    for doc_id in TEXTS[name]:
        doc = corpus.document(doc_id)
        said = "".join(p if isinstance(p, str) else p[0] for p in document_status.chapter_parts(doc))
        (note,) = [n for n in notes if _words(n).startswith(" ".join(said.split()))]
        (link,) = note.xpath(".//a[text()='Where it stands, and the sources']/@href")
        assert link == f"../reader/{doc_id}/index.html#document-status"


@pytest.mark.book
@pytest.mark.parametrize("name", list(TOPICS))
def test_the_built_what_changed_table_shows_every_row_in_full(built_site: Path, name: str):
    page = _page(built_site / "book" / "chapters" / f"{name}.html")
    (table,) = page.xpath(f"//table[@id='T_{name}-what-changed']")
    cells = [_words(td) for td in table.xpath(".//td")]
    for row in derivations.what_changed(MSA, sections_of_what_changed(name)):
        assert " ".join(row["what changed"].split()) in cells
        assert row["counterpart"] in cells


@pytest.mark.book
def test_a_1958_section_page_links_its_counterparts_in_the_bill_and_the_ordinance(built_site: Path):
    page = _page(built_site / "book" / "reader" / MSA / "section-141.html")
    targets = {(Path(href).parent.name, Path(href).name.partition("#")[0]) for href in page.xpath("//a/@href")}
    assert (MSB, "section-69.html") in targets
    assert (PK, "section-161.html") in targets


@pytest.mark.book
@pytest.mark.parametrize(
    ("older", "newer", "title", "numbered"),
    [
        ("in-ipa-1875", "in-ipa-1908", "From Act to Act: Indian Ports Act, 1875 and Indian Ports Act, 1908",
         "Act No. 15 of 1908"),
        (MSA, MSB, "From Act to Bill: Merchant Shipping Act, 1958 and Merchant Shipping Bill, 2016",
         "Act No. 44 of 1958"),
    ],
)  # fmt: skip
def test_a_lineage_page_is_titled_and_numbered_by_the_kinds_of_its_texts(built_site, older, newer, title, numbered):
    page = _page(built_site / f"{derivation_docname(older, newer)}.html")
    assert _words(page.xpath("//h1")[0]).startswith(title)
    article = _words(page.xpath("//article")[0])
    assert numbered in article and "From Bill to Act" not in article
    if older == MSA:
        assert "Bill No." in article and "Act → Bill" in article
    else:
        assert "Bill No." not in article and "1875 Act → 1908 Act" in article

"""The annotated corpus in the book (lex_book/notes/reader_notes.py, note_nodes.py, comparison_pages.py, word_diff.py):
notes beside the provisions they anchor, the twin links, the comparison pages with their word-level diff, the course
files of ``LEX_NOTES`` and the build's refusal of orphaned or malformed notes.

The unit tests render real pages of the committed corpus with its real notes (the commentary on s.161, the Bill's
note on clause 69); the ``book`` tests read the built site; the last tests build a small book over the fixture
corpus with a course file, in this process.
"""

from __future__ import annotations

import csv
import re
from pathlib import Path
from types import SimpleNamespace

import pytest
import yaml
from docutils import nodes
from lxml import html as lxml_html
from sphinx.errors import ExtensionError

import corpus
from corpus import concordance, page_map
from corpus.notes import all_notes
from lex_book.notes import comparison_pages, note_nodes, reader_notes
from lex_book.notes.comparison_pages import Side, diff_paragraph
from lex_book.notes.word_diff import diff_words, key_changes
from lex_book.reader import statute_reader

ROOT = Path(__file__).resolve().parents[2]
SEC_161_II = "part_IV__chp_11__sec_161__subsec_1__para_a__subpara_ii"
EXAMPLE = ROOT / "book" / "examples" / "course-notes.yaml"


def rendered_page(doc_id: str, docname: str, extra: list[Path] = ()) -> nodes.section:
    """A reader page rendered as the statute-page directive does (under its title), with the notes attached as at
    ``doctree-read``."""
    pages = page_map.document_pages(doc_id)
    page = next(p for p in pages.pages if p.docname(doc_id) == docname)
    tree = nodes.section()
    tree += nodes.title("", page.title)
    tree.extend(statute_reader.page_nodes(doc_id, page))
    pair_pages = comparison_pages.note_links()
    course = {str(p) for p in extra}
    placed = reader_notes.place_notes(all_notes(extra), [d.id for d in corpus.documents()], course, pair_pages)
    reader_notes.attach(tree, docname, placed[docname])
    return tree


def element(tree: nodes.Node, ident: str) -> nodes.Element:
    found = [n for n in tree.findall(nodes.Element) if ident in n.get("ids", [])]
    assert len(found) == 1, ident
    return found[0]


def toggles(tree: nodes.Node) -> list[note_nodes.details]:
    return list(tree.findall(note_nodes.details))


def summary_text(toggle: note_nodes.details) -> str:
    return " ".join(next(iter(toggle.findall(note_nodes.summary))).astext().split())


@pytest.fixture(scope="module")
def part_iv() -> nodes.section:
    """The page of s. 161 (once a part of the page of Part IV), with the example course file's notes too."""
    return rendered_page("pk-mso-2001", "book/reader/pk-mso-2001/section-161", [EXAMPLE])


def notes_after(tree: nodes.Node, ident: str) -> list[nodes.Element]:
    """The notes blocks right after the element ``ident`` (its following siblings, up to the first that is not)."""
    found = element(tree, ident)
    parent, out = found.parent, []
    for sibling in parent.children[parent.index(found) + 1 :]:
        if "lm-notes" not in sibling.get("classes", []):
            break
        out.append(sibling)
    return out


def test_a_note_on_s161_1_a_ii_follows_the_end_of_its_sentence_headed_by_its_citation(part_iv):
    """s. 161(1)(a)(ii) is a limb of the sentence of s. 161(1), which ends "…Ordinance." after (b): its notes come
    after that, never between (ii) and (b)."""
    subsection = element(part_iv, "part_IV__chp_11__sec_161__subsec_1")
    assert subsection.astext().rstrip().endswith(".")
    assert not [b for b in element(part_iv, SEC_161_II).findall(nodes.container) if "lm-notes" in b["classes"]]
    blocks = notes_after(part_iv, "part_IV__chp_11__sec_161__subsec_1")
    block = next(b for b in blocks if b[0].astext() == "On s. 161(1)(a)(ii):")
    labels = [summary_text(t) for t in toggles(block)]
    assert "Commentary — Lex Maritima editors on “not less than”" in labels
    note = next(t for t in toggles(block) if t["ids"] == ["note-pk-161-effects"])
    assert not note.get("open") and {"lm-note-commentary", "lm-note-open-wide"} <= set(note["classes"])
    assert "a floor in Pakistan" in note.astext()
    assert [b[0].astext() for b in blocks if "lm-notes-on" in b[0]["classes"]] == [
        "On s. 161(1)(a)(i):",
        "On s. 161(1)(a)(ii):",
    ]  # in document order


def test_no_note_of_the_real_corpus_stands_between_the_words_of_a_sentence():
    """Every notes block of every section page with notes follows a provision whose words end a sentence, a Table
    (its items' notes), or the whole outermost provision of its section (a subsection the source leaves unfinished)."""
    pair_pages = comparison_pages.note_links()
    placed = reader_notes.place_notes(all_notes(), [d.id for d in corpus.documents()], set(), pair_pages)
    checked = 0
    for docname in sorted(placed):
        doc_id, slug = docname.split("/")[-2:]
        if slug.startswith("section-"):
            tree = rendered_page(doc_id, docname)
            for block in (b for b in tree.findall(nodes.container) if "lm-notes" in b["classes"]):
                siblings = [c for c in block.parent.children if "lm-notes" not in c.get("classes", [])]
                before = [c for c in siblings if block.parent.index(c) < block.parent.index(block)][-1]
                words = before.astext().rstrip()
                outermost = not isinstance(block.parent, nodes.container)  # under the page's title
                table = isinstance(before, nodes.table)  # a Table item's notes follow the Table
                assert table or re.search(r"[.!?][\"”’')\]]*$", words) or outermost, (docname, words[-80:])
                checked += 1
    assert checked > 30


def test_the_quoted_words_are_marked_in_the_provision_and_nowhere_else(part_iv):
    provision = element(part_iv, SEC_161_II)
    marked = [n.astext() for n in provision.findall(nodes.inline) if "lm-quoted" in n["classes"]]
    # the commentary's "not less than" in clauses (a) and (b); the course note's longer quote in (a) only
    assert marked == ["not less than", "not less than", "one month's", "wages", "not less than"]
    section = part_iv  # the page of s. 161
    outside = [n for n in section.findall(nodes.inline) if "lm-quoted" in n["classes"] and n.astext() == "whichever"]
    assert not outside  # "whichever be longer" is marked whole, in (i)
    assert "whichever be longer" in [n.astext() for n in section.findall(nodes.inline) if "lm-quoted" in n["classes"]]


def test_a_concorded_section_links_to_its_twin_and_to_the_comparison_page(part_iv):
    note = element(part_iv, "note-concordance-pk-mso-2001-161-in-msb-2016-69")
    assert summary_text(note).startswith("Concordance — Lex Maritima concordance →")  # no repository path
    assert "corpus/" not in note.astext() and "concordance.csv" not in note.astext()
    assert note in toggles(notes_after(part_iv, "part_IV__chp_11__sec_161")[0])  # at the top of the section's page
    assert "→ s. 69, Merchant Shipping Bill, 2016" in summary_text(note)
    twin = [r["akn_target"] for r in note.findall(nodes.reference) if r.get("akn_target")]
    assert twin == ["in-msb-2016 part_V__sec_69"]
    xrefs = [x["reftarget"] for x in note.findall(lambda n: n.tagname == "pending_xref")]
    assert xrefs == ["/book/comparisons/pk-mso-2001-s-161-in-msb-2016-s-69"]


def test_a_course_note_is_shown_and_labelled_as_the_course_s(part_iv):
    note = element(part_iv, "note-ml301-161-floor-or-ceiling")
    assert "lm-note-course" in note["classes"]
    assert summary_text(note) == "Commentary — Maritime Law 301 (example) on “not less than one month's wages”"


def test_the_note_on_clause_69_sits_on_the_bill_s_section_69_and_the_pakistan_twin_links_back():
    page = rendered_page("in-msb-2016", "book/reader/in-msb-2016/section-69")
    (block,) = notes_after(page, "part_V__sec_69")  # right after the section's citation, under its title
    labels = [summary_text(t) for t in toggles(block)]
    assert labels[0] == "Note on clause 69 — Notes on clauses, Bill No. 236 of 2016"
    clause_note = toggles(block)[0]
    assert not clause_note.get("open") and clause_note.astext().count("This clause seeks to entitle the seafarer") == 1
    assert any(r.get("akn_target") == "in-msb-2016 att_2__para_Clause69" for r in clause_note.findall(nodes.reference))
    back = element(page, "twin-concordance-pk-mso-2001-161-in-msb-2016-69")
    assert "← s. 161, Merchant Shipping Ordinance, 2001" in summary_text(back)


def test_every_note_of_the_corpus_finds_a_place_in_the_reader():
    notes = all_notes([EXAMPLE])
    pair_pages = comparison_pages.note_links()
    placed = reader_notes.place_notes(notes, [d.id for d in corpus.documents()], {str(EXAMPLE)}, pair_pages)
    shown = [p for page in placed.values() for group in page.values() for p in group]
    assert sorted(p.note.id for p in shown if not p.twin and not p.borrowed) == sorted(n.id for n in notes)
    assert sum(p.twin for p in shown) == sum(n.target is not None for n in notes)


# -- the comparison pages and their diff ---------------------------------------------------------------------------


def test_the_diff_of_s161_1_a_ii_and_s69_1_a_ii_marks_less_and_more_first():
    left = corpus.cite("pk-mso-2001", "161(1)(a)(ii)").text
    right = corpus.cite("in-msb-2016", "69(1)(a)(ii)").text
    chunks = diff_words(left, right)
    first = key_changes(chunks)[0]
    assert (first.old, first.new, first.count, first.limit) == ("less", "more", 2, True)
    assert first.before.endswith("of not") and first.after.startswith("than one month's")
    para = diff_paragraph(chunks)
    limits = [n for n in para.findall(nodes.inline) if "lm-diff-limit" in n["classes"]]
    assert [(n[0].astext(), n[-1].astext()) for n in limits] == [("less", "more"), ("less", "more")]
    assert isinstance(limits[0][0], note_nodes.deleted) and isinstance(limits[0][-1], note_nodes.inserted)


def test_punctuation_and_spelling_changes_are_not_key_changes():
    chunks = diff_words("a foreign going ship,–– of not less", "a foreign-going ship,— of not less")
    assert [c.op for c in chunks] == ["equal", "replace", "equal"]
    assert key_changes(chunks) == []


def test_a_comparison_page_for_each_pair_of_the_four_topics():
    with concordance.TABLE.open(encoding="utf-8", newline="") as handle:
        rows = [r for r in csv.DictReader(handle) if r["topic"] in comparison_pages.TOPICS and r["relation"] != "none"]
    found = [c for c in comparison_pages.comparisons() if c.table == concordance.TABLE]
    assert len(found) == len(rows) == 44  # 24, and the 1958 Act's 20 rows (the lineage tables' concordance rows)
    assert [(c.left.reference, c.right.reference) for c in found] == [(r["left"], r["right"]) for r in rows]
    pilgrims = {(c.left.document, c.right.document) for c in found if c.group == "pilgrims"}
    assert pilgrims == {("in-msa-1958", "pk-mso-2001")}  # the Bill's pilgrim rows are all "none"
    item = next(c for c in found if c.right.reference == "256 item 38")
    assert item.slug == "pk-mso-2001-s-204-in-msb-2016-s-256-item-38"
    rendered, text = comparison_pages._provision(item.right)
    assert text.startswith("38.") and "desert" in text.lower() and isinstance(rendered[0], nodes.table)


def test_a_side_is_named_by_citation_and_short_title():
    side = Side("in-msb-2016", "69", "part_V__sec_69")
    assert side.name == "s. 69, Merchant Shipping Bill, 2016"


# -- course files, orphans, malformed files --------------------------------------------------------------------------


def config(lex_notes: list[str] | None = None, project: bool = True) -> SimpleNamespace:
    return SimpleNamespace(lex_notes=lex_notes or [], lex_notes_project=project)


def test_lex_notes_names_one_or_more_course_files(tmp_path, monkeypatch):
    other = tmp_path / "seminar.yaml"
    other.write_text("[]\n")
    monkeypatch.setenv("LEX_NOTES", f"{EXAMPLE}:{other}")
    assert reader_notes.course_files(config()) == [EXAMPLE, other]
    monkeypatch.setenv("LEX_NOTES", "")
    assert reader_notes.course_files(config([str(other)])) == []  # set but empty: no course file
    monkeypatch.delenv("LEX_NOTES")
    assert reader_notes.course_files(config([str(other)])) == [other]
    monkeypatch.setenv("LEX_NOTES", str(tmp_path / "missing.yaml"))
    with pytest.raises(ExtensionError, match="missing.yaml"):
        reader_notes.course_files(config())


def test_without_a_course_file_only_the_project_s_notes_are_loaded():
    ids = {n.id for n in reader_notes.load_notes(config())}
    assert "pk-161-effects" in ids and not [i for i in ids if i.startswith("ml301-")]
    with_course = {n.id for n in reader_notes.load_notes(config([str(EXAMPLE)]))}
    assert with_course - ids == {"ml301-161-floor-or-ceiling", "ml301-161-repatriation", "ml301-94-desertion",
                                 "ml301-118-load-line"}  # fmt: skip


ORPHANS = """\
- id: ml301-gone
  document: pk-mso-2001
  eid: part_IV__chp_11__sec_161__subsec_9
  kind: commentary
  source: Maritime Law 301
  text: A sub-section the corpus no longer has.
- id: ml301-misquoted
  document: pk-mso-2001
  eid: part_IV__chp_11__sec_161__subsec_1__para_a__subpara_ii
  quote: not more than
  kind: commentary
  source: Maritime Law 301
  text: Pakistan says "not less than" here.
"""


def test_the_build_names_every_orphaned_note_and_fails(tmp_path):
    course = tmp_path / "course.yaml"
    course.write_text(ORPHANS, encoding="utf-8")
    with pytest.raises(ExtensionError) as raised:
        reader_notes.load_notes(config([str(course)]))
    message = str(raised.value)
    assert message.startswith("2 orphaned note(s)")
    assert f"{course}:1: note 'ml301-gone'" in message and "is not in pk-mso-2001" in message
    assert f"{course}:7: note 'ml301-misquoted'" in message and "quote 'not more than' no longer matches" in message


def test_a_malformed_course_file_fails_with_file_line_and_field(tmp_path):
    course = tmp_path / "course.yaml"
    course.write_text(ORPHANS.replace("kind: commentary\n  source: Maritime Law 301\n  text: A sub", "kind: gloss\n"
                                      "  source: Maritime Law 301\n  text: A sub"), encoding="utf-8")  # fmt: skip
    with pytest.raises(ExtensionError, match=rf"annotations: {course}:4: field 'kind': must be one of commentary"):
        reader_notes.load_notes(config([str(course)]))


# -- the built site ----------------------------------------------------------------------------------------------------


def page(site: Path, docname: str) -> lxml_html.HtmlElement:
    return lxml_html.fromstring((site / f"{docname}.html").read_bytes())


@pytest.mark.book
def test_the_s161_page_shows_the_commentary_note_after_its_sentence(built_site):
    tree = page(built_site, "book/reader/pk-mso-2001/section-161")
    subsection = "part_IV__chp_11__sec_161__subsec_1"
    blocks = f"//*[@id='{subsection}']/following-sibling::div[contains(@class, 'lm-notes')]"
    note = tree.xpath(f"{blocks}/details[@id='note-pk-161-effects']")
    assert len(note) == 1 and note[0].get("open") is None  # closed until the script opens it on a wide screen
    assert " ".join(note[0].xpath("./summary")[0].text_content().split()) == (
        "Commentary — Lex Maritima editors on “not less than”"
    )
    assert tree.xpath(f"//*[@id='{SEC_161_II}']//span[contains(@class, 'lm-quoted')][. = 'not less than']")


@pytest.mark.book
def test_no_reader_or_comparison_page_shows_a_repository_path_or_a_score(built_site):
    """Provenance ("corpus/annotations/concordance.csv, line 3", "TF-IDF 0.75") is for the instructors, not the
    reader: no statute, section or comparison page's text shows it."""
    shown = []
    for folder in ("book/reader", "book/comparisons"):
        for path in sorted((built_site / folder).rglob("*.html")):
            article = lxml_html.fromstring(path.read_bytes()).xpath("//article")
            text = " ".join(article[0].text_content().split()) if article else ""
            shown += [f"{path.name}: {w}" for w in ("corpus/", "TF-IDF", ".csv", ".yaml", ".xml") if w in text]
    assert not shown, shown[:10]


@pytest.mark.book
def test_the_note_on_clause_69_shows_on_the_bill_s_section_69(built_site):
    tree = page(built_site, "book/reader/in-msb-2016/section-69")
    note = tree.xpath("//p[@id='part_V__sec_69']/following-sibling::div[contains(@class, 'lm-notes')][1]/details")[0]
    assert " ".join(note.xpath("./summary")[0].text_content().split()) == (
        "Note on clause 69 — Notes on clauses, Bill No. 236 of 2016"
    )
    assert "This clause seeks to entitle the seafarer" in note.text_content()
    assert "notes-on-clauses.html#att_2__para_Clause69" in " ".join(note.xpath(".//a/@href"))
    twin = tree.xpath("//details[@id='twin-concordance-pk-mso-2001-161-in-msb-2016-69']//a/@href")
    assert twin == ["../pk-mso-2001/section-161.html#part_IV__chp_11__sec_161",
                    "../../comparisons/pk-mso-2001-s-161-in-msb-2016-s-69.html"]  # fmt: skip


@pytest.mark.book
def test_each_comparison_page_exists_is_in_the_toc_and_marks_less_and_more(built_site):
    toc = yaml.safe_load((ROOT / "_toc.yml").read_text(encoding="utf-8"))
    part = next(p for p in toc["parts"] if p["caption"] == "Comparisons")
    assert part["chapters"] == [{"file": comparison_pages.INDEX}]
    index = page(built_site, comparison_pages.INDEX)
    nav = set(index.xpath("//nav[contains(@class, 'bd-docs-nav')]//a/@href"))
    for comparison in comparison_pages.comparisons():
        assert (built_site / f"{comparison.docname}.html").is_file(), comparison.docname
        if comparison.table == concordance.TABLE:  # a derivation pair is below its "From Bill to Act" page
            assert f"{comparison.slug}.html" in nav, comparison.slug
    tree = page(built_site, "book/comparisons/pk-mso-2001-s-161-in-msb-2016-s-69")
    assert len(tree.xpath("//div[contains(@class, 'lm-compare')]/div[contains(@class, 'lm-compare-side')]")) == 2
    first = tree.xpath("//ul[contains(@class, 'lm-key-changes')]/li")[0]
    assert first.xpath(".//del/text()") == ["less"] and first.xpath(".//ins/text()") == ["more"]
    assert "(2 times)" in first.text_content()
    assert "Both give wages to the return port" in tree.text_content() and "high confidence" in tree.text_content()


# -- a small book over the fixture corpus, with a course file -------------------------------------------------------

COURSE_ON_FIXTURE = """\
- id: seminar-161
  document: pk-mso-2001
  eid: part_IV__chp_11__sec_161__subsec_1__para_a__subpara_i
  quote: whichever be longer
  kind: commentary
  source: Maritime Law 301 (example)
  text: Why a month at least?
"""


def course_book(tmp_path: Path, course_text: str) -> Path:
    from test_fixture_build import make_book

    book = make_book(tmp_path)
    course = tmp_path / "course.yaml"
    course.write_text(course_text, encoding="utf-8")
    path = book / "_config.yml"
    settings = yaml.safe_load(path.read_text(encoding="utf-8"))
    settings["sphinx"]["config"] |= {"lex_notes_project": False, "lex_notes": [str(course)]}
    path.write_text(yaml.safe_dump(settings), encoding="utf-8")
    return book


def test_a_course_file_alone_is_shown_on_the_fixture_corpus(fixture_corpus, tmp_path, monkeypatch):
    from test_fixture_build import build

    monkeypatch.delenv("LEX_NOTES", raising=False)
    result, out = build(course_book(tmp_path, COURSE_ON_FIXTURE))
    assert result == 0, result
    tree = page(out, "book/reader/pk-mso-2001/section-161")
    note = tree.xpath("//details[@id='note-seminar-161']")
    assert len(note) == 1 and "lm-note-course" in note[0].get("class")
    assert len(tree.xpath("//details[contains(@class, 'lm-note')]")) == 1  # the project's notes left out


def test_a_build_with_an_orphaned_course_note_fails_naming_it(fixture_corpus, tmp_path, monkeypatch):
    from test_fixture_build import build

    monkeypatch.delenv("LEX_NOTES", raising=False)
    result, _ = build(course_book(tmp_path, COURSE_ON_FIXTURE.replace("whichever be longer", "whichever is longer")))
    assert result != 0
    assert "1 orphaned note(s)" in str(result) and "note 'seminar-161'" in str(result)
    assert "quote 'whichever is longer' no longer matches the text of s. 161(1)(a)(i)" in str(result)

"""From Bill to Act in the book (lex_book/notes/: derivation_pages, comparison_pages, reader_notes): the Major Port
Authorities Bill, 2016 beside the Act of 2021. The "From Bill to Act" page with the reviewed table, the new sections
and the renumbering; a comparison page per amended or split pair; each clause's page linking to what it became and
each section's page to the clause it came from, with the Bill's note on that clause. The unit tests render real pages
of the committed corpus; the ``book`` tests read the built site (every link of these pages resolves) and open the
page on a 390 px phone in Debian's chromium."""

from __future__ import annotations

from pathlib import Path

import pytest
from docutils import nodes
from lxml import html as lxml_html
from site_audit import anchors, internal_links
from test_annotations_in_book import element, rendered_page, summary_text, toggles

from corpus import derivations, page_map
from lex_book.notes import comparison_pages, derivation_pages, note_nodes

BILL, ACT = "in-mpab-2016", "in-mpaa-2021"
TABLE = derivations.load_table(derivations.TABLES_DIR / f"{BILL}__{ACT}.csv")
PAGE = page_map.derivation_docname(BILL, ACT)
OUTPUT = Path(__file__).resolve().parents[1] / "output" / "browser"


def eid(doc_id: str, number: str) -> str:
    return derivations.section_eid(doc_id, number)


def test_a_comparison_page_for_each_section_of_each_amended_or_split_clause():
    derived = [c for c in comparison_pages.comparisons() if c.group == PAGE]
    expected = [(r.bill, s) for r in TABLE.rows if r.relation in derivations.CHANGED for s in r.act]
    assert [(c.left.reference, c.right.reference) for c in derived] == expected
    assert len(expected) == sum(r.relation == "amended" for r in TABLE.rows) + 5  # clause 51 split in five
    plan = {docname: parent for docname, _, parent in comparison_pages.comparison_plan()}
    assert plan[PAGE] == comparison_pages.INDEX
    assert {plan[c.docname] for c in derived} == {PAGE}
    four = next(c for c in derived if c.left.reference == "4")
    assert four.slug == "in-mpab-2016-s-4-in-mpaa-2021-s-4" and four.reason.startswith("A Selection (not Select)")


def test_the_bill_s_clause_links_to_the_section_it_became_and_its_comparison():
    page = rendered_page(BILL, f"book/reader/{BILL}/section-4")
    note = element(page, "note-derivation-in-mpab-2016-chp-ii-sec-4-in-mpaa-2021-sec-4")
    assert summary_text(note) == "Bill to Act — Lex Maritima derivation table → s. 4, Major Port Authorities Act, 2021"
    assert "Enacted with amendments as section 4 of the Major Port Authorities Act, 2021" in note.astext()
    assert [r["akn_target"] for r in note.findall(nodes.reference) if r.get("akn_target")] == [f"{ACT} {eid(ACT, '4')}"]
    xrefs = [x["reftarget"] for x in note.findall(lambda n: n.tagname == "pending_xref")]
    assert xrefs == ["/book/comparisons/in-mpab-2016-s-4-in-mpaa-2021-s-4"]
    labels = [summary_text(t) for t in toggles(page)]
    assert "Note on clause 4 — Notes on clauses, Bill No. 328 of 2016" in labels  # the Bill's own note, as before


def test_the_act_s_section_links_back_to_its_clause_with_the_bill_s_note_on_it():
    page = rendered_page(ACT, f"book/reader/{ACT}/section-4")
    labels = [summary_text(t) for t in toggles(page)]
    assert labels == [
        "Bill to Act — Lex Maritima derivation table ← s. 4, Major Port Authorities Bill, 2016",
        "Note on clause 4 — Notes on clauses, Bill No. 328 of 2016",
    ]
    back, on_clause = toggles(page)
    assert back.astext().startswith("Bill to Act")
    assert f"{BILL} {eid(BILL, '4')}" in [r.get("akn_target") for r in back.findall(nodes.reference)]
    assert "lm-note-note-on-clause" in on_clause["classes"] and not on_clause.get("open")
    assert f"{BILL} att_2__para_Clause4" in [r.get("akn_target") for r in on_clause.findall(nodes.reference)]


def test_each_section_from_the_split_clause_51_shows_clause_51_and_its_note():
    for section in ("54", "55", "56", "58", "59"):
        labels = [summary_text(t) for t in toggles(rendered_page(ACT, f"book/reader/{ACT}/section-{section}"))]
        assert "Bill to Act — Lex Maritima derivation table ← s. 51, Major Port Authorities Bill, 2016" in labels
        assert "Note on clause 51 — Notes on clauses, Bill No. 328 of 2016" in labels, section


def test_a_new_section_says_so_and_the_bill_s_long_title_leads_to_the_page():
    new = toggles(rendered_page(ACT, f"book/reader/{ACT}/section-57"))
    assert [summary_text(t) for t in new] == ["Bill to Act — Lex Maritima derivation table"]
    assert "New in the Act" in new[0].astext() and "Chief Justice of India" in new[0].astext()
    assert [x["reftarget"] for x in new[0].findall(lambda n: n.tagname == "pending_xref")] == [f"/{PAGE}"]
    contents = rendered_page(BILL, f"book/reader/{BILL}/index")
    whole = element(contents, "note-derivation-in-mpab-2016-became-in-mpaa-2021")
    xrefs = [x["reftarget"] for x in whole.findall(lambda n: n.tagname == "pending_xref")]
    assert xrefs == [f"/{PAGE}"]
    assert "Of the Bill's 65 clauses" in whole.astext()


def test_the_page_s_table_has_a_row_per_clause_and_per_new_section():
    table = derivation_pages.table_node(TABLE, PAGE)
    rows = list(next(iter(table.findall(nodes.tbody))).findall(nodes.row))
    assert len(rows) == len(TABLE.rows) == 72
    assert rows[0]["ids"] == ["clause-1"] and rows[64]["ids"] == ["clause-65"] and rows[65]["ids"] == ["new-section-10"]
    split = next(r for r in rows if r["ids"] == ["clause-51"])
    targets = [ref["akn_target"] for ref in split.findall(nodes.reference) if ref.get("akn_target")]
    assert targets == [f"{BILL} {eid(BILL, '51')}", *(f"{ACT} {eid(ACT, s)}" for s in ("54", "55", "56", "58", "59"))]
    assert [x.astext() for x in split.findall(lambda n: n.tagname == "pending_xref")] == [
        "compare s. 54", "compare s. 55", "compare s. 56", "compare s. 58", "compare s. 59"
    ]  # fmt: skip


def test_a_title_is_escaped_in_its_stub_by_the_shared_helper():
    assert note_nodes.markdown_escape("s. 4 (1) *x*") == "s\\. 4 \\(1\\) \\*x\\*"


# -- the built site ---------------------------------------------------------------------------------------------------


def built(site: Path, docname: str) -> lxml_html.HtmlElement:
    return lxml_html.fromstring((site / f"{docname}.html").read_bytes())


@pytest.mark.book
def test_the_from_bill_to_act_page_is_in_the_book_below_the_comparisons(built_site):
    tree = built(built_site, PAGE)
    assert tree.xpath("//h1")[0].text_content().startswith("From Bill to Act: Major Port Authorities Bill, 2016")
    assert len(tree.xpath("//table[contains(@class, 'lm-derivations')]/tbody/tr")) == 72
    sections = {s.get("id") for s in tree.xpath("//section")}
    assert {"the-table", "new-sections", "dropped-clauses", "renumbering"} <= sections
    nav = built(built_site, comparison_pages.INDEX).xpath("//nav[contains(@class, 'bd-docs-nav')]//a/@href")
    assert f"{BILL}-to-{ACT}.html" in nav
    text = " ".join(tree.text_content().split())
    assert (
        "Of the Bill's 65 clauses: 1 unchanged, 31 renumbered, 32 amended, 1 split; the Act has 7 new sections." in text
    )
    assert "TF-IDF" not in text and ".csv" not in text  # the method's figures are the editors'


@pytest.mark.book
def test_every_link_of_the_bill_to_act_pages_and_of_both_documents_resolves(built_site):
    folders = (f"book/reader/{BILL}/", f"book/reader/{ACT}/", f"{PAGE}.html", "book/comparisons/in-mpab-2016-s-")
    links = [link for link in internal_links(built_site) if link.page.startswith(folders)]
    assert len({link.page for link in links}) > 65 + 76
    broken = [
        f"{link.page} → {link.href}"
        for link in links
        if not link.target.is_file() or (link.fragment and link.fragment not in anchors(link.target))
    ]
    assert not broken, broken[:10]
    on_page = {link.href for link in links if link.page == f"{PAGE}.html"}
    assert f"../reader/{ACT}/section-54.html#{eid(ACT, '54')}" in on_page
    assert "in-mpab-2016-s-51-in-mpaa-2021-s-58.html" in on_page


@pytest.mark.book
def test_a_clause_page_and_a_section_page_link_to_each_other(built_site):
    clause = built(built_site, f"book/reader/{BILL}/section-23")
    hrefs = clause.xpath("//details[contains(@class, 'lm-note-derivation')]//a/@href")
    assert hrefs == [
        f"../{ACT}/section-27.html#{eid(ACT, '27')}",
        "../../comparisons/in-mpab-2016-s-23-in-mpaa-2021-s-27.html",
    ]
    section = built(built_site, f"book/reader/{ACT}/section-27")
    back = section.xpath("//details[contains(@class, 'lm-note-twin-of')]//a/@href")
    assert back[0] == f"../{BILL}/section-23.html#{eid(BILL, '23')}"
    notes = " ".join(section.xpath("//details[contains(@class, 'lm-note-note-on-clause')]")[0].text_content().split())
    assert notes.startswith("Note on clause 23 — Notes on clauses, Bill No. 328 of 2016")


@pytest.mark.book
def test_a_derivation_comparison_page_diffs_the_two_texts_and_leads_back(built_site):
    tree = built(built_site, "book/comparisons/in-mpab-2016-s-3-in-mpaa-2021-s-3")
    assert len(tree.xpath("//div[contains(@class, 'lm-compare')]/div[contains(@class, 'lm-compare-side')]")) == 2
    replaced = [(li.xpath(".//del/text()"), li.xpath(".//ins/text()")) for li in tree.xpath("//ul[@class]/li")]
    assert (["three"], ["two"]) in replaced  # Independent Members: not less than three → two
    assert tree.xpath("//p[contains(@class, 'lm-compare-up')]//a/@href") == [f"{BILL}-to-{ACT}.html"]
    assert "What changed" in tree.text_content()


@pytest.mark.book
@pytest.mark.browser
@pytest.mark.parametrize("width", [390, 1280], ids=["phone", "desktop"])
def test_the_table_is_readable_on_a_phone_without_sideways_scrolling(browser, site_url, width):
    context = browser.new_context(viewport={"width": width, "height": 844})
    page = context.new_page()
    page.goto(f"{site_url}/{PAGE}.html#clause-51", wait_until="networkidle")
    assert page.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth")
    row = page.locator("tr#clause-51")
    box = row.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width
    cells = row.locator("td")
    first, last = cells.nth(0).bounding_box(), cells.nth(2).bounding_box()
    if width == 390:  # stacked: the note under the clause, full width
        assert last["y"] > first["y"] and last["width"] > 0.8 * box["width"]
    else:  # three columns side by side
        assert abs(last["y"] - first["y"]) < 2 and last["x"] > first["x"]
    OUTPUT.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(OUTPUT / f"bill-to-act-{width}.png"))
    context.close()

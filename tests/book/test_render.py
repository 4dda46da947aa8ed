"""AKN elements as docutils nodes (lex_book/reader/akn_render.py): anchors, terms with their definitions, references,
editorial matter and tables."""

from __future__ import annotations

import pytest
from docutils import nodes

import corpus
from corpus import page_map
from lex_book.reader import akn_render, statute_reader

SEC_161 = "part_IV__chp_11__sec_161"


def render_page(doc_id: str, slug: str, **options) -> nodes.container:
    page = next(p for p in page_map.document_pages(doc_id).pages if p.slug == slug)
    holder = nodes.container()
    holder.extend(akn_render.Renderer(doc_id, **options).blocks(page.elements))
    return holder


def by_id(tree: nodes.Node, eid: str) -> nodes.Element:
    found = [n for n in tree.findall(nodes.Element) if eid in n.get("ids", [])]
    assert len(found) == 1, f"{len(found)} nodes with id {eid}"
    return found[0]


def test_provisions_carry_their_eid_as_html_id(fixture_corpus):
    tree = render_page("pk-mso-2001", "part-iv")
    section = by_id(tree, "part_IV__chp_11__sec_161")
    assert isinstance(section, nodes.section)
    assert section[0].astext() == "161. Wages on termination of service by wreck, illness, etc."
    clause = by_id(tree, "part_IV__chp_11__sec_161__subsec_1__para_a__subpara_ii__cl_b")
    assert clause.astext().startswith("(b) in the case of seaman employed on a foreign going ship")


def test_a_defined_term_links_to_its_definition_and_names_it(fixture_corpus):
    tree = render_page("pk-mso-2001", "part-iv")
    terms = [r for r in tree.findall(nodes.reference) if "akn-term" in r["classes"]]
    assert [t.astext() for t in terms] == ["apprentice", "apprentice"]
    assert terms[0]["akn_target"] == "pk-mso-2001 part_I__chp_1__sec_2__para_1"
    assert terms[0]["akn_definition"] == "pk-mso-2001 #term-apprentice"
    assert "reftitle" not in terms[0]  # the page holds each definition once (lex_book/reader/definition_popover.py)
    definition = akn_render.definitions("pk-mso-2001")["#term-apprentice"]
    assert definition.text.startswith("(1) “apprentice” means a person appointed for training to the sea service")


def test_a_long_definition_is_shortened_in_the_popover_text_only(fixture_corpus, monkeypatch):
    monkeypatch.setattr(akn_render, "TITLE_CHARS", 40)
    definition = akn_render.definitions("pk-mso-2001")["#term-apprentice"]
    assert len(definition.short) <= 40 and definition.short.endswith("…")
    assert len(definition.text) > 100


def test_a_definition_under_a_marginal_note_repeating_the_term_reads_the_term_once(fixture_corpus):
    """The 1880 Act's ``PARA - ship`` (source line 7, "ship . ship includes…"): the heading is not definition text."""
    definitions = akn_render.definitions("in-msa-1880")
    assert definitions["#term-ship"] == akn_render.Definition(
        "chp_I__sec_2__para_nn_1",
        "ship includes every description of vessel used in navigation, not propelled by oars:",
    )
    assert definitions["#term-master"].text.startswith("master means any person (except a Pilot or Harbour-master)")
    # the clause's number stays: it is not a heading
    cargo_ship = akn_render.definitions("pk-mso-2001")["#term-cargo_ship"]
    assert cargo_ship.text == "(3) “cargo ship” means a ship which is not a passenger ship;"


def test_no_definition_of_the_real_corpus_repeats_its_term(real_corpus):
    """Every document (before the fix: five definitions of the 1880 Act and seven of the 1875 Act, "Vessel Vessel…")."""
    doubled = []
    for doc in corpus.documents():
        names = akn_render.term_names(doc.id)
        for refers, definition in akn_render.definitions(doc.id).items():
            if definition.text.lower().startswith(f"{names[refers]} {names[refers]}".lower()):
                doubled.append(f"{doc.id} {definition.text[:60]}")
    assert not doubled


def test_cross_references_are_pending_links_to_the_eid(fixture_corpus):
    tree = render_page("pk-mso-2001", "part-iv")
    refs = {r.astext(): r["akn_target"] for r in tree.findall(nodes.reference) if "akn-ref" in r["classes"]}
    assert refs == {
        "sub-clause (i) of clause (a) of sub-section (1)": f"pk-mso-2001 {SEC_161}__subsec_1__para_a__subpara_i",
        "section 2": "pk-mso-2001 part_I__chp_1__sec_2",
    }
    other = render_page("in-msa-1880", "chapter-v")
    targets = [r["akn_target"] for r in other.findall(nodes.reference)]
    assert targets == ["in-ipa-1875 chp_V__sec_40", "in-ipa-1875 chp_V"]


def test_editorial_matter_is_marked_apart_from_the_law(fixture_corpus):
    tree = render_page("pk-mso-2001", "part-iv")
    remarks = [n for n in tree.findall(nodes.inline) if "akn-remark" in n["classes"]]
    assert [r.astext() for r in remarks] == ["[editorial: the wreck limb is read with section 160]"]
    unparsed = [p for p in tree.findall(nodes.paragraph) if "akn-unparsed" in p["classes"]]
    assert unparsed[0].astext() == "unparsed source line: 5 0 53. If the master"


def test_the_penalty_table_is_a_table_with_its_spans(fixture_corpus):
    tree = render_page("in-msb-2016", "part-xiv")
    table = next(tree.findall(nodes.table))
    group = table[0]
    assert group["cols"] == 5
    head = next(group.findall(nodes.thead))
    assert [e.astext() for e in head.findall(nodes.entry)][2] == "Section to which the offence refers"
    rows = list(next(group.findall(nodes.tbody)).findall(nodes.row))
    assert rows[0][0].astext() == "51." and rows[0][0]["morerows"] == 1
    assert rows[1][0]["morecols"] == 2 and rows[1][0].astext().startswith("Provided that it shall be a good defence")


def test_a_quotation_has_no_anchors_and_no_document_sections(fixture_corpus):
    element = corpus.cite("pk-mso-2001", "161").element
    holder = nodes.container()
    holder.extend(akn_render.Renderer("pk-mso-2001", anchors=False, sections=False).blocks([element]))
    assert not list(holder.findall(nodes.section))
    assert not [n for n in holder.findall(nodes.Element) if any("__" in i for i in n.get("ids", []))]
    assert "whichever be longer" in holder.astext()


@pytest.mark.parametrize("doc", corpus.documents(), ids=lambda d: d.id)
def test_every_term_of_the_real_corpus_shows_a_definition(real_corpus, doc):
    holder = nodes.container()
    renderer = akn_render.Renderer(doc.id)
    for page in page_map.document_pages(doc.id).pages:  # each as the reader shows it (a Part's page: its contents)
        holder.extend(statute_reader.page_nodes(doc.id, page, renderer=renderer))
    terms = [n for n in holder.findall(nodes.Element) if "akn-term" in n.get("classes", [])]
    assert len(terms) == sum(1 for _ in corpus.load(doc.id).iter("{*}term"))
    defined = akn_render.definitions(doc.id)
    assert all(t.get("akn_definition", " ").partition(" ")[2] in defined or t.get("explanation") for t in terms)
    assert not renderer.unresolved


def test_a_table_item_is_quoted_with_its_sub_rows(real_corpus):
    item = corpus.cite("in-msb-2016", "256 Table item 38")
    quoted = akn_render.Renderer("in-msb-2016", anchors=False).table(item.table, list(item.rows))
    assert quoted.astext().split()[0] == "38." and len(list(quoted.findall(nodes.row))) == 3
    assert "deserts his vessel" in " ".join(quoted.astext().split())


def test_an_explanation_keeps_its_class(real_corpus):
    explanation = next(
        e for e in corpus.load("pk-mso-2001").iter("{*}blockContainer") if e.get("class") == "explanation"
    )
    node = akn_render.Renderer("pk-mso-2001").block(explanation)[0]
    assert "akn-explanation" in node["classes"] and node.astext().startswith("Explanation")


def test_a_margin_note_beside_a_line_in_mid_sentence_is_set_apart_inside_the_sentence(real_corpus):
    """000 L49-51, the 1880 Act's s.8: "…detention of a ship," / "Action on receipt of his report. it shall forthwith
    appoint…": the note is a side note inside the section's one block, not a heading cutting the sentence."""
    section = corpus.cite("in-msa-1880", "8").element
    tree = nodes.container()
    tree.extend(akn_render.Renderer("in-msa-1880").block(section))
    notes = [n for n in tree.findall(nodes.inline) if "akn-side-note" in n["classes"]]
    assert [" ".join(n.astext().split()) for n in notes] == ["Action on receipt of his report"]
    paragraph = notes[0].parent
    assert isinstance(paragraph, nodes.paragraph)
    assert paragraph.astext().split("Action on receipt of his report")[1].strip().startswith("it shall forthwith")
    headings = [n.astext() for n in tree.findall(nodes.strong) if "akn-heading" in n["classes"]]
    assert "Action on receipt of his report" not in headings


def test_a_gazette_margin_citation_is_a_side_note_naming_the_act_it_cites(real_corpus):
    """003 L85-87, the 2016 Bill's s.3(8): "…section 2 of the" / "18 of 2013." (in the margin) / "Companies Act,
    2013;": the citation is a side note after "Companies Act, 2013", its reference to the Act (outside the corpus)
    shown as the citation with the work's address as its hover text, not a link."""
    tree = nodes.container()
    tree.extend(akn_render.Renderer("in-msb-2016").block(corpus.cite("in-msb-2016", "3(8)").element))
    (note,) = [n for n in tree.findall(nodes.inline) if "akn-side-note" in n["classes"]]
    assert " ".join(note.astext().split()) == "18 of 2013."
    (cited,) = note.findall(nodes.abbreviation)
    assert cited["explanation"] == "/akn/in/act/2013/18" and "akn-ref-external" in cited["classes"]
    assert not list(note.findall(nodes.reference))
    assert note.parent.astext().split("18 of 2013.")[0].rstrip().endswith("Companies Act, 2013")
    assert "akn-margin-citation" in note["classes"]  # kept in the sentence, not set on a line of its own


def test_the_1880_act_s_marginal_note_is_no_margin_citation(real_corpus):
    tree = nodes.container()
    tree.extend(akn_render.Renderer("in-msa-1880").block(corpus.cite("in-msa-1880", "8").element))
    (note,) = [n for n in tree.findall(nodes.inline) if "akn-side-note" in n["classes"]]
    assert "akn-margin-citation" not in note["classes"]


def test_an_india_code_footnote_is_an_editorial_note_at_its_mark(real_corpus):
    """1_2021.json L14, the 2021 Act's s.1(2) "such date1 as …": the mark is a superscript 1 after "date", the
    footnote (the commencement) set apart as an editorial note, and the sentence reads on after it."""
    tree = nodes.container()
    tree.extend(akn_render.Renderer("in-mpaa-2021").block(corpus.cite("in-mpaa-2021", "1(2)").element))
    (note,) = [n for n in tree.findall(nodes.inline) if "akn-editorial-note" in n["classes"]]
    assert " ".join(note.astext().split()).startswith("3rd November, 2021, Vide notification")
    marker = note.parent[note.parent.index(note) - 1]
    assert isinstance(marker, nodes.superscript) and marker.astext() == "1"
    text = " ".join(note.parent.astext().split())
    assert text.startswith("(2) It shall come into force on such date1")
    assert text.endswith(
        "sec. 3(ii). as the Central Government may, by notification, in the Official Gazette, appoint."
    )


def test_amended_words_read_on_without_a_space_added(real_corpus):
    """44_1958.json, the 1958 Act's s.141(3) "… or, in the case of a deceased seaman,1[to the person nominated by him
    … to his legal heirs.]": the amended words are an ``ins`` that the sentence runs into and out of as printed, with
    no space the renderer adds after them (``ins`` and ``del`` are inline elements, corpus/vocabulary.py)."""
    tree = nodes.container()
    tree.extend(akn_render.Renderer("in-msa-1958").block(corpus.cite("in-msa-1958", "141(3)").element))
    (span,) = [n for n in tree.findall(nodes.inline) if "akn-ins" in n["classes"]]
    assert span.astext().startswith("to the person nominated by him") and span.astext().endswith("legal heirs.")
    holder = span.parent
    after = holder[holder.index(span) + 1 :]
    assert "".join(n.astext() for n in after) == ""  # the sentence ends with the amended words: nothing after them
    text = holder.astext()
    assert text.endswith("to his legal heirs.") and "legal heirs. " not in text


def test_every_numbered_provision_carries_a_permalink_with_its_citation(fixture_corpus):
    tree = render_page("pk-mso-2001", "section-161")
    links = {link["eid"]: link for link in tree.findall(akn_render.provision_link)}
    numbered = [n["ids"][0] for n in tree.findall(nodes.container) if "akn-hier" in n["classes"]]
    assert len(numbered) == 8 and set(numbered) <= set(links)
    clause = links[f"{SEC_161}__subsec_1__para_a__subpara_ii"]
    assert clause["label"] == "s. 161(1)(a)(ii)"
    assert by_id(tree, f"{SEC_161}__subsec_1__para_a__subpara_ii__cl_b").astext().startswith("(b) in the case of")
    quoted = nodes.container()
    quoted.extend(akn_render.Renderer("pk-mso-2001", anchors=False).blocks([corpus.cite("pk-mso-2001", "161").element]))
    assert not list(quoted.findall(akn_render.provision_link))  # a quotation links to the reader instead


def test_the_penalty_table_pins_its_item_numbers_and_links_its_section_cells(real_corpus):
    table_el = corpus.cite("in-msb-2016", "256 Table").element
    table = akn_render.Renderer("in-msb-2016").table(table_el)
    assert "akn-table-wide" in table["classes"]
    head = list(next(table.findall(nodes.thead)).findall(nodes.row))
    titles, numbers = ([e.astext() for e in row.findall(nodes.entry)] for row in head)
    assert numbers == ["(1)", "(2)", "(3)", "(4)", "(5)"] and titles[2].startswith("Section of this Act")
    rows = list(next(table.findall(nodes.tbody)).findall(nodes.row))
    first = list(rows[0].findall(nodes.entry))
    assert first[0].astext() == "1." and "akn-col-1" in first[0]["classes"]
    (link,) = first[2].findall(nodes.reference)
    assert link.astext() == "14(1)" and link["akn_target"] == "in-msb-2016 part_III__chp_I__sec_14__subsec_1"
    sub_row = next(r for r in rows if "part_XIV__sec_256__wrapup__table_1__item_38__row_2" in r["ids"])
    assert "akn-col-1" not in sub_row[0]["classes"]  # item 38's number spans its sub-rows from the row above
    (item,) = rows[0][0].findall(akn_render.provision_link)  # each item and sub-item has its permalink
    assert item["label"] == "s. 256 Table item 1"
    (sub_item,) = sub_row.findall(akn_render.provision_link)
    assert sub_item["label"] == "s. 256 Table item 38(a)"
    assert len(list(table.findall(akn_render.provision_link))) == len([r for r in rows if "__item_" in r["ids"][0]])
    section_cells = [
        entries[2]
        for r in rows
        if len(entries := list(r.findall(nodes.entry))) == 5 and entries[2].astext()[:1].isdigit()
    ]
    assert len(section_cells) > 60 and all(list(c.findall(nodes.reference)) for c in section_cells)


def test_a_table_cell_s_paragraph_is_reached_through_its_row(real_corpus):
    pages = page_map.document_pages("in-msb-2016")
    assert pages.locate("part_XIV__sec_256__wrapup__table_1__p_11") == (  # item 1's serial number, after the header
        "book/reader/in-msb-2016/section-256",
        "part_XIV__sec_256__wrapup__table_1__item_1",
    )

"""The reviewed derivation table of the Major Port Authorities Bill, 2016 into the Act of 2021 (corpus/derivations.py):
it covers every clause and section the corpus holds, names only sections that exist, records what the method
measured, and a malformed table is refused naming its file, line and field."""

from __future__ import annotations

import csv
import shutil

import pytest

from corpus import catalogue, derivations
from corpus.__main__ import derivations_command, main
from corpus.cite import cite, sections
from corpus.derivations import DerivationError, agreement, measured, read_table

BILL, ACT = "in-mpab-2016", "in-mpaa-2021"
PATH = derivations.TABLES_DIR / f"{BILL}__{ACT}.csv"
TABLE = read_table(PATH)
PORTS_1875, PORTS_1908 = "in-ipa-1875", "in-ipa-1908"
MSA, MSB = "in-msa-1958", "in-msb-2016"
PORTS = read_table(derivations.TABLES_DIR / f"{PORTS_1875}__{PORTS_1908}.csv")
LINEAGE = read_table(derivations.TABLES_DIR / f"{MSA}__{MSB}.csv")


def test_the_corpus_s_three_derivation_tables_name_the_older_text_first():
    names = [p.name for p in derivations.tables()]
    assert names == [f"{PORTS_1875}__{PORTS_1908}.csv", PATH.name, f"{MSA}__{MSB}.csv"]
    assert (TABLE.older, TABLE.newer) == (BILL, ACT)
    assert all(catalogue.document(t.older).date < catalogue.document(t.newer).date for t in derivations.all_tables())


def test_every_clause_of_the_bill_has_exactly_one_row():
    clauses = [r.older for r in TABLE.rows if r.older]
    assert sorted(clauses, key=int) == list(sections(BILL))
    assert len(clauses) == len(set(clauses)) == 65


def test_every_section_of_the_act_is_in_some_row_and_every_section_named_exists():
    named = {s for r in TABLE.rows for s in r.newer}
    assert named == set(sections(ACT))
    assert len(sections(ACT)) == 76
    for row in TABLE.rows:
        for section in row.newer:
            assert cite(ACT, section).element is sections(ACT)[section]


def test_a_new_section_comes_from_no_clause_and_a_split_clause_names_each_part():
    new = [r.newer[0] for r in TABLE.rows if r.relation == "new"]
    from_bill = {s for r in TABLE.rows if r.relation != "new" for s in r.newer}
    assert new and not set(new) & from_bill
    split = TABLE.of_clause("51")
    assert split.relation == "split" and split.newer == ("54", "55", "56", "58", "59")
    assert [r.older for r in TABLE.into_section("58")] == ["51"]


@pytest.mark.parametrize(
    ("table", "row"),
    [(t, r) for t in (PORTS, TABLE, LINEAGE) for r in t.all_rows],
    ids=lambda x: x.path.stem if isinstance(x, derivations.Table) else f"line {x.line}",
)
def test_each_row_s_recorded_score_and_rank_are_what_the_method_says(table, row):
    assert (row.score, row.rank) == measured(table, row), "run python -m corpus derivations --rescore and review"


def test_an_unchanged_clause_has_the_act_s_words_and_a_renumbered_one_its_heading():
    assert cite(BILL, "8").text == cite(ACT, "8").text  # resignation of Members: the one clause 'same'

    def heading(doc_id: str, number: str) -> str:
        words = cite(doc_id, number).heading.casefold().rstrip(".").replace("indorser", "endorser").split()
        return " ".join(w for w in words if w != "the")  # s. 68: "premises of Board" for the Bill's "of the Board"

    for row in (r for r in TABLE.rows if r.relation == "renumbered"):
        assert row.newer != (row.older,)
        assert heading(BILL, row.older) == heading(ACT, row.newer[0]), row.older


def test_the_method_s_agreement_is_measured_from_its_candidates():
    found = agreement(TABLE)
    first = derivations.candidates(BILL, ACT, top=1)
    compared = [r for r in TABLE.rows if r.relation not in ("new", "dropped")]
    assert found.compared == len(compared) == 65
    assert found.agreed == sum(first[r.older][0][0] in r.newer for r in compared)
    assert found.links == sum(len(r.newer) for r in compared) == 69
    assert found.first_links == sum(first[r.older][0][0] == s for r in compared for s in r.newer)
    assert found.share >= 0.9  # the method proposes the reviewed section first for nearly every clause


def test_the_command_checks_the_table_and_prints_the_figures(capsys):
    assert main(["derivations"]) == 0
    out = capsys.readouterr().out
    counts = derivations.relation_counts(TABLE)
    assert f"72 rows: {counts['same']} same, {counts['renumbered']} renumbered" in out
    found = agreement(TABLE)
    assert f"{found.agreed}/{found.compared}" in out and f"{found.first_links}/{found.links}" in out


def test_each_row_is_a_note_on_the_clause_pointing_at_each_section_it_became():
    notes = derivations.notes(TABLE)
    on_51 = [n for n in notes if n.eid == derivations.section_eid(BILL, "51")]
    assert [n.target.eid for n in on_51] == [derivations.section_eid(ACT, s) for s in ("54", "55", "56", "58", "59")]
    # the catalogue does not say this Bill was enacted as the Act: the note says what the texts show, not "enacted"
    assert on_51[0].text.startswith("Its words are divided among sections 54, 55, 56, 58 and 59 of the Major Port")
    new = [n for n in notes if n.document == ACT]
    assert [n.eid for n in new] == [derivations.section_eid(ACT, s) for s in ("10", "16", "19", "57", "60", "61", "67")]
    assert len({n.id for n in derivations.all_notes()}) == len(derivations.all_notes())


# -- malformed tables ------------------------------------------------------------------------------------------------


def rows_of(path) -> list[dict[str, str]]:
    with path.open(encoding="utf-8", newline="") as handle:
        return list(csv.DictReader(handle))


def write(tmp_path, rows: list[dict[str, str]], name: str = PATH.name):
    path = tmp_path / name
    with path.open("w", encoding="utf-8", newline="") as handle:
        writer = csv.DictWriter(handle, fieldnames=derivations.COLUMNS, lineterminator="\n")
        writer.writeheader()
        writer.writerows(rows)
    return path


def changed(tmp_path, line: int, **fields: str):
    rows = rows_of(PATH)
    rows[line - 2] |= fields
    return write(tmp_path, rows)


@pytest.mark.parametrize(
    ("line", "fields", "field", "why"),
    [
        (9, {"relation": "kept"}, "relation", "'kept' is not one of"),
        (9, {"confidence": "sure"}, "confidence", "'sure' is not one of"),
        (9, {"to": "77"}, "to", "the newer text has no section '77'"),
        (9, {"from": "66"}, "from", "the older text has no section '66'"),
        (9, {"to": "9"}, "to", "'same' is the same number"),
        (16, {"to": "15"}, "to", "'renumbered' is another number"),
        (52, {"to": "54"}, "to", "a split section names two sections or more"),
        (9, {"relation": "dropped"}, "to", "empty exactly when the relation is 'dropped'"),
        (9, {"note": " "}, "note", "empty"),
    ],
)
def test_a_malformed_row_names_file_line_and_field(tmp_path, line, fields, field, why):
    with pytest.raises(DerivationError, match=rf"{PATH.name}:{line}: field '{field}': {why}"):
        read_table(changed(tmp_path, line, **fields))


def test_a_clause_with_two_rows_or_none_is_refused(tmp_path):
    rows = rows_of(PATH)
    with pytest.raises(DerivationError, match=rf"{PATH.name}:4: field 'from': section 2 has a row already \(line 3\)"):
        read_table(write(tmp_path, [*rows[:2], rows[1], *rows[3:]]))
    with pytest.raises(DerivationError, match=rf"{PATH.name}:73: field 'from': no row for section\(s\) 3 of {BILL}"):
        read_table(write(tmp_path, rows[:2] + rows[3:]))


def test_a_section_of_the_act_in_no_row_is_refused(tmp_path):
    rows = [r for r in rows_of(PATH) if r["to"] != "67"]
    with pytest.raises(DerivationError, match=rf"field 'to': no row for section\(s\) 67 of {ACT}"):
        read_table(write(tmp_path, rows))


def test_an_unquoted_comma_in_a_note_is_refused_not_truncated(tmp_path):
    path = tmp_path / PATH.name
    shutil.copy(PATH, path)
    with path.open("a", encoding="utf-8") as handle:
        handle.write(",68,new,high,0.1,,Same words, again.\n")
    with pytest.raises(DerivationError, match=rf"{PATH.name}:74: field 'note': wrong number of fields"):
        read_table(path)


def test_a_table_named_for_a_document_the_catalogue_lacks_is_refused(tmp_path):
    path = write(tmp_path, rows_of(PATH), name=f"{BILL}__in-mpaa-2099.csv")
    with pytest.raises(DerivationError, match=r"in-mpaa-2099.csv: field '\(file\)': 'in-mpaa-2099' is not a document"):
        read_table(path)


def test_the_command_refuses_a_malformed_table_in_one_line(tmp_path, capsys):
    changed(tmp_path, 9, relation="kept")
    assert derivations_command(folder=tmp_path) == 2
    assert capsys.readouterr().err.startswith(f"derivation table rejected: {tmp_path / PATH.name}:9: field 'relation'")


# -- older and newer texts, scope and wording ------------------------------------------------------------------------


def test_the_file_names_the_older_text_first_and_the_columns_say_from_and_to():
    assert derivations.documents(PATH) == (BILL, ACT)
    assert PATH.read_text(encoding="utf-8").splitlines()[0] == "from,to,relation,confidence,score,rank,note"
    assert derivations.labels(TABLE) == ("Bill", "Act")
    assert derivations.units(BILL) == ("clause", "clauses") and derivations.units(ACT) == ("section", "sections")


def test_a_bill_the_catalogue_does_not_say_was_enacted_is_never_worded_as_enacted():
    assert catalogue.document(BILL).standing.state == "not-enacted"
    assert derivations.said(TABLE) is derivations.CORRESPONDS
    texts = [n.text for n in derivations.all_notes() if n.document == BILL]
    assert texts and not any("nacted" in t or "became" in t for t in texts)
    whole = derivations.whole_note(TABLE)[0].text
    assert whole.startswith("Beside the Major Port Authorities Act, 2021 (Act No. 1 of 2021): Of the Bill's 65 clauses")


def scoped(tmp_path, scope: str, keep: set[str]):
    rows = [r for r in rows_of(PATH) if r["from"] in keep]
    path = write(tmp_path, rows)
    (tmp_path / derivations.SCOPES).write_text(scope, encoding="utf-8")
    return path


def test_a_scope_limits_the_table_to_the_sections_it_names_on_each_side(tmp_path):
    path = scoped(tmp_path, f"{PATH.stem}:\n  from: ['8', '9']\n  to: ['8', '9']\n", {"8", "9"})
    table = read_table(path)
    assert [(r.older, r.newer) for r in table.rows] == [("8", ("8",)), ("9", ("9",))]
    assert (table.scope.older, table.scope.newer) == (("8", "9"), ("8", "9"))
    assert table.scope.older_said == "sections 8 and 9"
    assert derivations.clause_summary(table) == (
        "Of the Bill's 2 clauses in this table: 1 unchanged, 1 amended; in sections 8 and 9 the Act has 0 new sections."
    )
    with pytest.raises(DerivationError, match=r"field 'from': no row for section\(s\) 9 of in-mpab-2016"):
        read_table(scoped(tmp_path, f"{PATH.stem}:\n  from: ['8', '9']\n  to: ['8']\n", {"8"}))


@pytest.mark.parametrize(
    ("scope", "why"),
    [
        (f"{PATH.stem}:\n  to: [Part IX]\n", rf"field '{PATH.stem}.to': {ACT} has no Part IX"),
        (f"{PATH.stem}:\n  from: ['8', '99']\n", rf"field '{PATH.stem}.from': {BILL} has no section '99'"),
        (f"{PATH.stem}:\n  from: '8'\n", rf"field '{PATH.stem}.from': a list of Parts"),
        (f"{PATH.stem}:\n  older: ['8']\n", rf"field '{PATH.stem}': 'from' and/or 'to'"),
        ("in-ipa-1875__in-msa-1880:\n  from: ['1']\n", r"field 'in-ipa-1875__in-msa-1880': no such table"),
    ],
)
def test_a_malformed_scope_names_its_file_and_field(tmp_path, scope, why):
    with pytest.raises(DerivationError, match=rf"scope.yaml: {why}"):
        read_table(scoped(tmp_path, scope, {"8", "9"}))


def test_the_corpus_s_documents_built_from_whole_sources_declare_no_absent_section():
    assert derivations.absent(BILL) == {} and derivations.absent(ACT) == {}
    assert all(derivations.readable(TABLE, row) for row in TABLE.rows)


def test_the_reader_s_headings_name_the_kinds_of_the_two_texts():
    assert derivations.direction(TABLE) == "From Bill to Act"
    assert (
        derivations.page_title(TABLE)
        == "From Bill to Act: Major Port Authorities Bill, 2016 and Major Port Authorities Act, 2021"
    )
    assert (derivations.numbered(BILL), derivations.numbered(ACT)) == ("Bill No. 328 of 2016", "Act No. 1 of 2021")
    assert [derivations.direction(t) for t in (PORTS, LINEAGE)] == ["From Act to Act", "From Act to Bill"]
    assert derivations.page_title(PORTS) == "From Act to Act: Indian Ports Act, 1875 and Indian Ports Act, 1908"
    assert [derivations.mark(d) for d in (MSA, MSB)] == ["s.", "cl."]


# -- the Indian Ports Act, 1875 beside the Act of 1908 (Act to Act, every section of both) ---------------------------


def test_every_section_of_the_1875_act_has_one_row_and_every_section_of_the_1908_act_some_row():
    assert [r.older for r in PORTS.all_rows if r.older] == list(sections(PORTS_1875))
    assert len(sections(PORTS_1875)) == 79
    named = {s for r in PORTS.all_rows for s in r.newer}
    assert named == set(sections(PORTS_1908)) | {"6"}  # s. 6 (the rules): the record lacks it, the build declares so
    assert derivations.absent(PORTS_1908) == {"6": "not in the record"}
    assert PORTS.scope == derivations.Scope()


def test_the_ports_acts_relations_as_reviewed():
    assert derivations.relation_counts(PORTS) == {
        "same": 0, "renumbered": 11, "amended": 42, "split": 5, "merged": 11, "dropped": 10, "new": 6,
    }  # fmt: skip
    assert PORTS.of_section("9").newer == ("8", "67")  # directions and their penalty; the service of notices
    assert sorted(r.older for r in PORTS.into_section("14")) == ["15", "44"]  # the wreck and the sale of what is saved
    gunpowder = [PORTS.of_section(str(n)) for n in range(28, 35)]
    assert {r.relation for r in gunpowder} == {"dropped"} and all("gunpowder" in r.note.lower() for r in gunpowder)
    assert [r.newer[0] for r in PORTS.all_rows if r.relation == "new"] == ["17", "65", "68A", "68B", "68C", "68D"]


def test_a_row_naming_a_section_the_record_lacks_gets_no_score_and_is_left_out_of_the_agreement():
    rules = PORTS.of_section("7")
    assert rules.newer == ("6",) and (rules.score, rules.rank) == ("", "") and "lacks the text" in rules.note
    assert not derivations.readable(PORTS, rules)
    found = agreement(PORTS)
    assert PORTS.gaps == (rules,) and rules not in PORTS.rows  # the book lists only rows a reader can follow
    assert found.compared == sum(r.relation not in ("new", "dropped") for r in PORTS.all_rows) - 1 == 68
    assert (found.agreed, found.first_links, found.links) == (66, 66, 73)
    assert {d[0] for d in found.departures} == {"63", "78"}  # the method ranks the costs sections first


def test_the_ports_acts_notes_say_what_the_texts_show_on_each_side():
    notes = derivations.notes(PORTS)
    on_22 = next(n for n in notes if n.eid == derivations.section_eid(PORTS_1875, "22"))
    assert on_22.target.eid == derivations.section_eid(PORTS_1908, "21")
    assert on_22.text.startswith("Corresponds, with changed words, to section 21 of the Indian Ports Act, 1908 (high")
    assert "five lakh" in on_22.text
    assert derivations.page_title(PORTS) == "From Act to Act: Indian Ports Act, 1875 and Indian Ports Act, 1908"
    assert derivations.labels(PORTS) == ("1875 Act", "1908 Act")


# -- the Merchant Shipping Act, 1958 beside the Bill of 2016 that was to repeal it (Act to Bill, the topics' Parts) --


def test_every_clause_of_the_bill_s_parts_v_vi_and_xiv_has_a_row():
    parts = [n for n, e in sections(MSB).items() if e.get("eId").split("__")[0] in ("part_V", "part_VI", "part_XIV")]
    assert LINEAGE.scope.newer == tuple(parts) and len(parts) == 50 + 19 + 11
    assert {s for r in LINEAGE.all_rows for s in r.newer} == set(parts)
    assert LINEAGE.scope.newer_said == "Parts V, VI and XIV"
    calculators = ("122", "140", "141", "191", "194", "199", "200", "273", "275", "276", "310", "313", "323", "326")
    assert set(calculators) | {"333", "436"} == set(LINEAGE.scope.older)


def test_the_1958_lineage_as_reviewed():
    assert derivations.relation_counts(LINEAGE) == {
        "same": 0, "renumbered": 22, "amended": 30, "split": 0, "merged": 37, "dropped": 5, "new": 17,
    }  # fmt: skip
    wreck = LINEAGE.of_section("141")
    assert (wreck.newer, wreck.relation, wreck.rank) == (("69",), "amended", "1")
    assert "not MORE than one month's wages" in wreck.note and "not LESS than" in wreck.note
    assert sorted(r.older for r in LINEAGE.into_section("94")) == ["191", "192", "193"]
    assert [r.older for r in LINEAGE.all_rows if r.relation == "dropped"] == ["273", "275", "276", "310", "341"]
    assert all("no pilgrim-ship provisions" in LINEAGE.of_section(n).note for n in ("273", "275", "276"))


def test_the_1958_rows_on_sections_the_record_lacks_stand_on_the_bill_s_side():
    lacked = [r for r in LINEAGE.all_rows if r.older and r.older not in sections(MSA)]
    assert LINEAGE.gaps == tuple(lacked)
    assert [(r.older, r.newer, r.confidence) for r in lacked] == [
        ("95", ("65",), "low"), ("132", ("77",), "low"), ("444", ("263",), "low"),
    ]  # fmt: skip
    assert all(derivations.absent(MSA)[r.older] == "not in the record" for r in lacked)
    notes = [n for n in derivations.notes(LINEAGE) if n.document == MSB and n.target is None and "lacks" in n.text]
    assert [n.eid for n in notes][:3] == [derivations.section_eid(MSB, c) for c in ("65", "77", "263")]
    assert notes[0].text.startswith(
        "Corresponds to section 95 of the Merchant Shipping Act, 1958, whose words the corpus"
    )


def test_the_1958_lineage_never_says_the_bill_became_law():
    assert derivations.direction(LINEAGE) == "From Act to Bill"
    assert catalogue.document(MSB).standing.state == "not-enacted"
    texts = [n.text for n in derivations.whole_note(LINEAGE) + derivations.notes(LINEAGE)]
    assert texts and not any("nacted as" in t or "became" in t for t in texts)
    on_141 = next(n for n in derivations.notes(LINEAGE) if n.eid == derivations.section_eid(MSA, "141"))
    assert on_141.text.startswith(
        "Corresponds, with changed words, to clause 69 of the Merchant Shipping Bill, 2016 (a Bill, not enacted)"
    )
    dropped = next(n for n in derivations.notes(LINEAGE) if n.eid == derivations.section_eid(MSA, "275"))
    assert dropped.text.startswith("No counterpart in the Bill: the Merchant Shipping Bill, 2016 (a Bill, not enacted)")


def test_the_command_reports_the_method_s_hit_rate_per_table(capsys):
    assert main(["derivations"]) == 0
    out = capsys.readouterr().out
    for table in (PORTS, TABLE, LINEAGE):
        found = agreement(table)
        block = out.split(f"{table.path.name}: ")[1].split(".csv: ")[0]
        assert f"method's guess = reviewed section: {found.agreed}/{found.compared} ({found.share:.0%})" in block
    assert "covers the Act's sections 122, 140, 141" in out and "and the Bill's Parts V, VI and XIV" in out
    assert "method's guess = reviewed section: 83/86 (97%)" in out and "66/68 (97%)" in out


@pytest.mark.parametrize("table", [PORTS, TABLE, LINEAGE], ids=lambda t: t.path.stem)
def test_every_row_a_reader_follows_links_both_sides_and_the_gaps_stand_apart(table):
    for row in table.rows:  # what the book's pages list and compare: every section named has an eId
        assert all(derivations.section_eid(table.newer, s) for s in row.newer)
        assert not row.older or derivations.section_eid(table.older, row.older)
    assert table.all_rows == tuple(sorted(table.rows + table.gaps, key=lambda r: r.line))
    for row in table.gaps:
        assert {row.older, *row.newer} & (set(derivations.absent(table.older)) | set(derivations.absent(table.newer)))


def test_a_section_s_lineage_is_found_from_either_side():
    [(table, row)] = derivations.lineage(MSA, "141")
    assert table.path == LINEAGE.path and row.newer == ("69",)
    assert derivations.lineage(MSB, "69") == [(table, row)]
    assert [r.older for _, r in derivations.lineage(MSB, "94")] == ["191", "192", "193"]
    assert [(t.newer, r.newer) for t, r in derivations.lineage(PORTS_1875, "15")] == [(PORTS_1908, ("14",))]
    assert derivations.lineage(MSA, "5") == []  # outside the table's scope: no row, not a guess


def test_a_chapter_s_what_changed_rows_are_the_reviewed_rows_named_as_each_text_numbers_them():
    rows = derivations.what_changed(MSA, ("141", "275"))
    [wreck] = [r for _, r in derivations.lineage(MSA, "141")]
    [pilgrims] = [r for _, r in derivations.lineage(MSA, "275")]
    assert rows == [
        {"Merchant Shipping Act, 1958": "s. 141", "counterpart": "cl. 69 of the Merchant Shipping Bill, 2016",
         "relation": "amended", "what changed": wreck.note},
        {"Merchant Shipping Act, 1958": "s. 275", "counterpart": "none in the Merchant Shipping Bill, 2016",
         "relation": "dropped", "what changed": pilgrims.note},
    ]  # fmt: skip
    assert "no pilgrim-ship provisions" in pilgrims.note
    # from the newer side, the older text's sections; an Act to Act table names sections on both sides
    assert [r["counterpart"] for r in derivations.what_changed(MSB, ("94",))] == [
        f"s. {n} of the Merchant Shipping Act, 1958" for n in ("191", "192", "193")
    ]
    assert derivations.what_changed(PORTS_1875, ("15",))[0]["counterpart"] == "s. 14 of the Indian Ports Act, 1908"


def test_a_what_changed_table_for_a_section_no_table_names_is_an_error_not_an_empty_table():
    with pytest.raises(DerivationError, match=r"no derivation table has a row for s\. 5 of the Merchant Shipping Act"):
        derivations.what_changed(MSA, ("5",))

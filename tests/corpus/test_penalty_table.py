"""The s.256 penalty Table of the Merchant Shipping Bill, 2016 (corpus/clean/penalty_table.py) as built."""

from __future__ import annotations

import copy
import importlib
import re
from collections import Counter

import pytest
from lxml import etree

from corpus import catalogue
from corpus.source_text import read_document
from corpus.xmlio import NS

cite = importlib.import_module("corpus.cite")
DOC = "in-msb-2016"


def _cells(tr) -> list[str]:
    return [" ".join("".join(c.itertext()).split()) for c in tr]


@pytest.fixture(scope="module")
def items() -> dict[str, list[list[str]]]:
    table = cite.cite(DOC, "256 Table").element
    found: dict[str, list[list[str]]] = {}
    current = ""
    for tr in table.findall("a:tr", NS):
        cells = _cells(tr)
        if len(cells) == 5 and re.fullmatch(r"\d{1,2}\.", cells[0]):
            current = cells[0].rstrip(".")
            found[current] = [cells[1:]]
        elif len(cells) == 4 and current:
            found[current].append(cells)
    return found


def test_table_ends_the_section_after_subsection_6() -> None:
    """The Gazette prints the Table after s.256(6) (L3485 "(6) The Director-General may …", L3487 "TABLE"): it is
    the section's last element, after its six sub-sections, and no sub-section holds it."""
    section = cite.cite(DOC, "256").element
    children = [etree.QName(c).localname for c in section]
    assert children == ["num", "heading", *["subsection"] * 6, "wrapUp"]
    assert section[-1].find("a:table", NS) is cite.cite(DOC, "256 Table").element
    assert not section.findall("a:subsection//a:table", NS)


def test_81_items_in_order(items) -> None:
    assert list(items) == [str(n) for n in range(1, 82)]


def test_items_with_sub_rows(items) -> None:
    with_sub_rows = {n for n, rows in items.items() if len(rows) > 1}
    assert {"11", "21", "27", "34", "38", "39", "42", "48", "59", "77"} <= with_sub_rows
    assert [row[0][:5] for row in items["39"][1:]] == ["(i) c", "(ii) ", "(iii)", "(iv) ", "(v) c", "(vi) "]


def test_column_three_names_sections_of_the_bill(items) -> None:
    """Column 3 as a numbering oracle: every section it names exists, with the right number."""
    sections = cite.sections(DOC)
    named = []
    for rows in items.values():
        for _offence, section, _penalty, _triable in rows:
            named += re.findall(r"\b(\d{1,3})\s?\(", section + " ") + re.findall(r"^(\d{1,3})$", section)
    assert len(named) >= 60
    assert all(n in sections for n in named)


def test_column_five_is_court_or_principal_officer(items) -> None:
    for rows in items.values():
        for *_, triable in rows:
            assert triable in {"Court", "Principal Officer", "[blank]"}


def test_item_38_desertion(items) -> None:
    sections = " ".join(row[1] for row in items["38"])
    assert "94(1)(a)" in sections and "94 (1) (b)" in sections
    assert any(row[3] == "Principal Officer" for row in items["38"])


def test_item_51_load_line(items) -> None:
    (_offence, section, penalty, triable), *_ = items["51"]
    assert section == "118(1)"
    assert "four lakh rupees" in penalty
    assert "twenty-five thousand rupees for every inch or fraction of an inch" in penalty
    assert triable == "Principal Officer"


# --- the untangling of col. 2 (Offences) and col. 4 (Penalties imposed) ---------------------------------------------

penalty_table = importlib.import_module("corpus.clean.penalty_table")
PENALTY_START = re.compile(r"^(?:Imprisonment|Fine|Forfeiture|He shall|The (?:owner|master|offender))")
WORD = re.compile(r"[A-Za-z0-9]+")


def test_item_71_has_two_sub_rows_cut_from_one_line(items) -> None:
    """L3945 prints 71 (a) and (b) on one line; (b) has its own section, 243(2)."""
    (a_offence, a_section, *_), (b_offence, b_section, *_) = items["71"]
    assert a_offence.startswith("(a) If any directions given") and a_section == "243(1)"
    assert b_offence.startswith("(b) if the owner, master or") and b_section == "243(2)"


def test_item_38_reads_as_the_statute(items) -> None:
    """L3713-3731, the desertion forfeitures of s.94(1), as the statute's words run."""
    intro, (a_offence, _, a_penalty, _), (_b_offence, _, b_penalty, _) = items["38"]
    assert intro[0] == "If a seafarer,—"
    assert a_offence == "(a) deserts his vessel under clause (a) of sub-section (1) of section 94;"
    assert a_penalty.startswith(
        "He shall be liable to forfeit all or any part of the property leaves on board and of the wages has then earned"
    )
    assert a_penalty.endswith(
        "to any substitute engaged in his place at a higher rate of wages than the rate stipulated to be paid to him."
    )
    assert b_penalty == (
        "He shall, if the contravention does not amount to desertion, be liable to forfeit out of his wages a sum not"
        " exceeding two days pay and in addition for every twenty-four hours of absence either a sum not exceeding six"
        " days' pay or any expenses properly incurred in hiring a substitute."
    )


def test_item_51_reads_as_the_statute(items) -> None:
    """L3835-3841, the load-line fine of s.118(1) with its per-inch addition and the stress-of-weather proviso."""
    (offence, _, penalty, _), *_ = items["51"]
    assert (
        offence
        == "If an vessel other than a vessel exempted under Part VI is loaded in contravention of sub-section (1) of"
        " section 118."
    )
    assert penalty.startswith(
        "The master or owner of the vessel shall be liable to fine which may extend to four lakh rupees and to such"
        " additional fine not exceeding twenty-five thousand rupees for every inch or fraction of an inch by which the"
        " appropriate load lines on each side of the vessel are submerged"
    )
    assert "increased by reason of the submersion: Provided that it shall be a good defence" in penalty
    assert penalty.endswith("could have prevented or forestalled.")


def test_every_penalty_cell_opens_like_a_penalty(items) -> None:
    wrong = [
        (num, row[2][:40])
        for num, rows in items.items()
        for row in rows
        if row[2] != "[blank]" and not PENALTY_START.match(row[2])
    ]
    assert not wrong


def test_every_item_offence_opens_like_an_offence(items) -> None:
    wrong = [(num, rows[0][0][:40]) for num, rows in items.items() if not re.match(r"^(?:\(a\) )?If ", rows[0][0])]
    assert not wrong


def test_no_offence_words_in_penalty_cells(items) -> None:
    """An offence's opening or its cited section never lands in the penalty column."""
    wrong = [
        (num, row[2])
        for num, rows in items.items()
        for row in rows
        if re.search(r"\bIf (?:any|a|an|the)\b|\bof section \d+\.$", row[2])
    ]
    assert not wrong


def test_cells_hold_every_word_of_the_tables_lines() -> None:
    """The Table's source lines (L3487-4003, minus noise and marginal notes, with the reviewed corrections) and the
    table hold the same words, each as often (L3487 ``TABLE`` and the garbled column titles in its title row)."""

    doc = catalogue.document(DOC)
    report = __import__("json").loads(doc.report_path.read_text(encoding="utf-8"))
    source = read_document(doc)
    lines = {n: source.line(n) for n in range(3489, 4004)}  # L3487 "TABLE" is the title before the table
    for edit in report["edits"]:
        if edit["line"] in lines:
            lines[edit["line"]] = lines[edit["line"]].replace(edit["original"], edit["replacement"], 1)
    for fix in report["corrections"]:  # reviewed OCR corrections (L3841 "stress of whether" -> "weather")
        if fix["line"] in lines:
            lines[fix["line"]] = lines[fix["line"]].replace(fix["wrong"], fix["right"], 1)
    for moved in report["moved"]:
        if moved["line"] in lines and moved["to"].startswith(("heading", "side note")):  # L3999 "2 of 1974."
            lines[moved["line"]] = lines[moved["line"]].replace(moved["text"], "", 1)
    expected = Counter(w for text in lines.values() for w in WORD.findall(text))
    # a copy: the remarks are taken out below, and the corpus's parsed tree is shared by every test
    table = copy.deepcopy(cite.cite(DOC, "256 Table").element)
    for remark in list(table.iter(f"{{{NS['a']}}}remark")):  # editorial remarks ([blank], corrections' notes)
        tail = remark.tail or ""
        parent = remark.getparent()
        previous = remark.getprevious()
        if previous is not None:
            previous.tail = (previous.tail or "") + tail
        else:
            parent.text = (parent.text or "") + tail
        parent.remove(remark)
    got = Counter(w for text in table.itertext() for w in WORD.findall(text))
    assert got - expected == Counter() and expected - got == Counter()


def _replayed_table_lines() -> dict[int, str]:
    """The Table's source lines as the builder hands them to penalty_table (the report's edits replayed: running
    heads, repeated column rows and stray digits removed; reviewed corrections come later, on the markup)."""

    doc = catalogue.document(DOC)
    report = __import__("json").loads(doc.report_path.read_text(encoding="utf-8"))
    source = read_document(doc)
    lines = {n: source.line(n) for n in range(3487, 4006)}
    for edit in report["edits"]:
        if edit["line"] in lines:
            lines[edit["line"]] = lines[edit["line"]].replace(edit["original"], edit["replacement"], 1)
    return lines


# Words of a row that are not in its col. 2 and col. 4: col. 5, col. 3's references, a sub-row's label.
NOT_COL_2_OR_4 = re.compile(
    r"^(?:Court|Principal|Officer|General|\d{1,3}(?:\(\w{1,3}\))*[;.]?|\((?:[a-h]|[ivx]{1,4})\))$"
)


def test_reviewed_cells_are_a_permutation_of_their_lines() -> None:
    """Every entry of penalty_table_cells.yaml holds exactly the words of its source lines, minus cols. 1, 3, 5 (an
    entry naming its own col. 3 holds those too). A sub-row printed on its predecessor's line (L3945, 71 (a) and (b))
    takes that line's words up to the next label only, and the next sub-row the words after it."""
    lines = _replayed_table_lines()
    assert len(penalty_table.reviewed_cells()) == 36
    for entry in penalty_table.reviewed_cells():
        numbers = list(entry["lines"])
        if entry.get("intro"):
            numbers.insert(0, numbers[0] - 2)  # the item's own line, two lines up (blank line between)
        texts = []
        for n in numbers:
            text = lines[n]
            if entry["part"] == "(a)" and " (b) " in text:
                text = text[: text.index(" (b) ")]
            elif entry["part"] == "(b)" and " (b) " in text:
                text = text[text.index(" (b) ") + len(" (b) ") :]
            texts.append(text)
        text = " ".join(re.sub(rf"^\s*{entry['item']}\. ", "", t) for t in texts)
        printed = Counter(text.split())
        cells = Counter(penalty_table.reviewed_words(entry))
        extra = printed - cells
        assert cells - printed == Counter(), entry["item"]
        assert all(NOT_COL_2_OR_4.match(w) for w in extra), (entry["item"], entry["part"], extra)
        assert entry["reason"].strip()


def test_every_reviewed_entry_is_used(items) -> None:
    """An entry whose words no longer match its row is silently ignored by the module: none may be. (The built
    cells carry the reviewed OCR corrections with their remarks: L3841 "stress of whether" -> "weather", L3849
    "general which may extend to six" -> "which may extend to six".)"""
    report = __import__("json").loads(catalogue.document(DOC).report_path.read_text(encoding="utf-8"))

    def corrected(text: str, entry: dict) -> str:
        text = " ".join(text.split())
        for fix in report["corrections"]:
            if fix["line"] in entry["lines"]:
                text = text.replace(fix["wrong"], fix["right"], 1)
        return text

    def unremarked(cell: str) -> str:
        return re.sub(r"\[Editorial correction: [^\]]*\]", "", cell)

    for entry in penalty_table.reviewed_cells():
        label = f"{entry['part']} " if entry["part"] else ""
        offence = label + corrected(entry["offence"], entry)
        rows = [row for row in items[str(entry["item"])] if unremarked(row[0]) == offence]
        assert rows, (entry["item"], entry["part"])
        assert unremarked(rows[0][2]) == (corrected(entry["penalty"], entry) or "[blank]")
        if "section" in entry:
            assert rows[0][1] == entry["section"]


# Rows fixed by the reviewed file or by the col. 3 parsing, word for word: (item, row, offence, col. 3, penalty,
# col. 5). "row" counts the item's rows from 0 (its own row, then its sub-rows). Each text is the printed words of
# the row's source lines, read column by column as noted.
STATUTE_ROWS = [
    # L3503, L3507, L3509 + L3505 ("thousand rupees." printed above the rest of the row)
    (
        "2",
        0,
        "If the owner of an Indian vessel fails to comply with, or contravenes, sub-section (1) of section 17.",
        "17(1)",
        "Fine which may extend to fifty thousand rupees.",
        "Principal Officer",
    ),
    # L3581, L3585 + L3583 ("rupees.")
    (
        "15",
        0,
        "If any person obstructs authorised person under sub-section (3) of section 53.",
        "53(3)",
        "Fine which may extend to two lakh rupees.",
        "Principal Officer",
    ),
    # L3587-3591
    (
        "16",
        0,
        "If any person causes a vessel or fishing vessel to proceed to sea without the required certificate personnel.",
        "General",
        "Imprisonment which may extend to six months or fine which may extend to two lakh rupees, or both.",
        "Court",
    ),
    # L3613: the item's own row keeps only its opening
    ("21", 0, "If any person,—", "[blank]", "[blank]", "[blank]"),
    # L3617 + L3615 (printed above it) + L3619
    (
        "21",
        1,
        "(i) is carried sea to work in contravention of sub-section (5) of section 66, or",
        "66(5)",
        "Fine which may extend to two lakh rupees for every seafarer engaged in contravention to section 66 (5).",
        "Principal Officer",
    ),
    # L3623 + L3621 (printed above it)
    (
        "21",
        2,
        "(ii) is engaged to work in any capacity in a vessel in contravention of sub-section (5) of section 66 on"
        " a false representation by his parent or guardian that the young person is of an age at which such engagement"
        " is not in contravention of that section.",
        "[blank]",
        "Fine which may extend to fifty thousand rupees for every seafarer engaged in contravention to section 66 (5).",
        "Principal Officer",
    ),
    # L3659
    (
        "27",
        1,
        "(a) forges or fraudulently alters any certificate of discharge or a certificate as to the work of a"
        " seafarer or a continuous discharge certificate or a copy of any such certificate; or",
        "General",
        "Imprisonment which may extend to six months or fine which may extend to two lakh rupees, or both.",
        "Court",
    ),
    # L3677-3679
    (
        "30",
        0,
        "If a master fails to comply with the provisions of this Act with respect to taking charge of the property"
        " or to making in the official logbook the proper entries relating thereto or to the payment or delivery of"
        " such property as required under section 74.",
        "74",
        "Fine which may extend to three times the value of the property not accounted for or if such value is not"
        " ascertained, to twenty thousand rupees.",
        "Principal Officer",
    ),
    # L3685-3687
    (
        "32",
        0,
        "If any person commits a breach of any term of any award which is binding on him under sub-section (9) of"
        " section 83.",
        "83(9)",
        "Imprisonment which may extend to one month, or fine which may extend to two lakh rupees, or both.",
        "Court",
    ),
    # L3691 + L3689 (printed above it)
    (
        "33",
        0,
        "If a seafarer contravenes clause (a), or an owner contravenes clause (b), of sub-section (14) of section 83.",
        "83(14)(a); 83(14)(b)",
        "Imprisonment which may extend to one month, or fine which may extend to fifty thousand rupees, or both.",
        "Court",
    ),
    # L3693-3697
    (
        "34",
        0,
        "(a) If any requirement under section 88 is not complied within the case of any vessel; or",
        "88",
        "Fine which may extend to fifty thousand rupees unless he can prove that the non-compliance was not caused by"
        " his in attention, neglect or wilful default;",
        "Principal Officer",
    ),
    # L3749-3751
    (
        "39",
        3,
        "(iii) clause (c) of section 95;",
        "95(c)",
        "Imprisonment which may extend to one month and also for every twenty-four hours of continuance of such"
        " disobedience or neglect, forfeiture out of his wages of a sum not exceeding six days' pay or any expenses"
        " which may have been properly incurred in hiring a substitute;",
        "Court",
    ),
    # L3753
    (
        "39",
        4,
        "(iv) clauses (d) and (e) of section 95;",
        "95(d) and 95(e)",
        "Imprisonment which may extend to three months, or fine of fifty thousand rupees which may extend to one"
        " month's pay or both;",
        "Court",
    ),
    # L3849-3851 as printed ("general", col. 3's word printed a second time, is taken out by a reviewed correction)
    (
        "53",
        0,
        "If the master owner or agent of a special trade passenger vessel, after having obtained any of the"
        " certificates referred to in Part VI, fraudulently does or suffers to be done anything whereby the certificate"
        " becomes inapplicable to the altered state of the vessel, or special trade passengers other matters to which"
        " the certificate relates.",
        "General",
        "Imprisonment for a term general which may extend to six months, or fine which may extend to fifty thousand"
        " rupees, or both.",
        "Court",
    ),
    # L3869, L3873 + L3871 ("lakhs rupees, or both." printed above L3873)
    (
        "58",
        0,
        "If any owner causes a vessel to proceed to sea in unseaworthy condition in contravention of section 124.",
        "124",
        "Imprisonment which may extend to one year, or fine which may extend to two lakhs rupees, or both.",
        "Court",
    ),
    # L3879-3881
    (
        "59",
        1,
        "(a) where such discharge is made from an Indian tanker anywhere into the sea;",
        "131",
        "Imprisonment which may extend to six months and the owner or master of the tanker shall be liable to fine"
        " which may extend to twenty-five lakh rupees.",
        "Court",
    ),
    # L3905-3907
    (
        "64",
        0,
        "If any person fails to posses the certificates as required under section 140.",
        "140",
        "Fine which may extend to fifteen lakh rupees and the vessel may also be detained.",
        "Principal Officer",
    ),
    # L3921-3925 (col. 3 on three lines)
    (
        "67",
        0,
        "If any person fails to report under sub-section (1) or sub-section (2) or sub-section (3) of section 214.",
        "214(1); 214(2); 214(3).",
        "Fine which may extend to fifty thousand rupees and in default of payments, simple imprisonment which may"
        " extend to three months.",
        "Court",
    ),
    # L3939-3941, without L3943
    (
        "70",
        0,
        "If any person to whom a licence under sub-section (1) or sub-section (2) of section 240 has been granted"
        " fails to comply with the conditions under sub-section (5) of section 240.",
        "240(5)",
        "Fine which may extend to five lakh rupees and the vessel may also be detained.",
        "Principal Officer",
    ),
    # L3945 up to "(b)" + L3943 (printed above it, after item 70)
    (
        "71",
        0,
        "(a) If any directions given under sub-section (1) of section 243 are not complied with; or",
        "243(1)",
        "Imprisonment which may extend to six months, or fine which may extend to fifty thousand rupees, or both.",
        "Court",
    ),
]


@pytest.mark.parametrize("row", STATUTE_ROWS, ids=lambda r: f"item_{r[0]}_row_{r[1]}")
def test_row_reads_as_the_statute(items, row) -> None:
    """Each cell as printed: a reviewed correction (item 53's "general", item 64's "posses") read back to the
    source's words through its editorial note."""
    num, index, *cells = row
    report = __import__("json").loads(catalogue.document(DOC).report_path.read_text(encoding="utf-8"))

    def as_printed(cell: str) -> str:
        for fix in report["corrections"]:
            note = f"[Editorial correction: the source reads “{fix['wrong']}” (line {fix['line']}); {fix['reason']}]"
            cell = cell.replace(fix["right"] + " ".join(note.split()), fix["wrong"])
        return cell

    assert [as_printed(cell) for cell in items[num][index]] == cells


def test_fixed_rows_come_from_their_own_source_lines() -> None:
    """The quoted rows above are the words of the source lines named beside them (cols. 2-5 together), no more, no
    less: the quotations are cut from the source, not retyped."""
    lines = _replayed_table_lines()
    spans = {
        ("2", 0): [3503, 3505, 3507, 3509],
        ("15", 0): [3581, 3583, 3585],
        ("16", 0): [3587, 3589, 3591],
        ("21", 1): [3615, 3617, 3619],
        ("21", 2): [3621, 3623],
        ("27", 1): [3659],
        ("30", 0): [3677, 3679],
        ("32", 0): [3685, 3687],
        ("33", 0): [3689, 3691],
        ("34", 0): [3693, 3695, 3697],
        ("39", 3): [3749, 3751],
        ("39", 4): [3753],
        ("53", 0): [3849, 3851],
        ("58", 0): [3869, 3871, 3873],
        ("59", 1): [3879, 3881],
        ("64", 0): [3905, 3907],
        ("67", 0): [3921, 3923, 3925],
        ("70", 0): [3939, 3941],
        ("71", 0): [3943, 3945],
    }
    for num, index, *cells in STATUTE_ROWS:
        if (num, index) not in spans:
            continue
        text = " ".join(re.sub(rf"^\s*{num}\. ", "", lines[n]) for n in spans[num, index])
        if " (b) " in text and num == "71":
            text = text[: text.index(" (b) ")]
        printed = Counter(text.split())
        quoted = Counter(" ".join(c for c in cells if c != "[blank]").split())
        assert printed == quoted, (num, index, printed - quoted, quoted - printed)


def test_a_word_broken_at_the_end_of_a_column_line_reads_whole(items) -> None:
    """003 L3913-3915 (item 13 and others): "sub-" ends one line of col. 2 and "section" opens the next; the cell
    reads "sub-section", as the Bill writes it, never "sub- section"."""
    cells = [cell for rows in items.values() for row in rows for cell in row]
    assert not [c for c in cells if re.search(r"\b[a-z]{2,}- [a-z]", c)]
    assert sum(c.count("sub-section") for c in cells) > 40


def test_the_printed_column_titles_are_the_header_row() -> None:
    """003 L3487-3493: "TABLE" titles the table; the column titles the extraction read across the columns (L3489,
    L3491) are the first header row, each in its column (the reviewed reading in penalty_table_cells.yaml, which
    holds exactly the printed words); the printed "(1)"…"(5)" the second."""
    table = cite.cite(DOC, "256 Table").element
    title = table.getprevious()
    assert (etree.QName(title).localname, title.get("class"), title.text) == ("p", "table-title", "TABLE")
    first, second = [[" ".join("".join(th.itertext()).split()) for th in tr.findall("a:th", NS)] for tr in table[:2]]
    assert first == [
        "Serial No.",
        "Offences",
        "Section of this Act to which offence has referred",
        "Penalties",
        "By whom the offence triable and penalties imposed",
    ]
    assert second == ["(1)", "(2)", "(3)", "(4)", "(5)"]
    source = read_document(catalogue.document(DOC))
    printed = Counter(source.line(3489).split() + source.line(3491).split())
    assert Counter(" ".join(first).split()) == printed
    assert not table.findall("a:tr/a:td[@colspan]", NS)  # no longer one scrambled cell


def test_item_53_col_3_reads_general_once() -> None:
    """L3849 prints col. 3's "General" and, between the col. 2 and col. 4 fragments of the next printed line, "general"
    again: col. 3 is "General" (as every other general item's), the offence "agent of a special trade passenger
    vessel", and the penalty "for a term which may extend to six months" through the reviewed correction, whose
    editorial note keeps the printed "general which may extend to six"."""
    table = cite.cite(DOC, "256 Table").element
    row = next(tr for tr in table.findall("a:tr", NS) if (tr.get("eId") or "").endswith("__item_53"))
    cells = row.findall("a:td", NS)
    assert " ".join("".join(cells[2].itertext()).split()) == "General"
    offence = " ".join("".join(cells[1].itertext()).split())
    assert offence.startswith("If the master owner or agent of a special trade passenger vessel, after having obtained")
    penalty = cells[3]
    remarks = ["".join(r.itertext()) for r in penalty.iter(f"{{{NS['a']}}}remark")]
    assert len(remarks) == 1 and remarks[0].startswith(
        "[Editorial correction: the source reads “general which may extend to six” (line 3849);"
    )
    read = " ".join("".join(penalty.itertext()).replace(remarks[0], "").split())
    assert read == (
        "Imprisonment for a term which may extend to six months, or fine which may extend to fifty thousand rupees,"
        " or both."
    )
    report = __import__("json").loads(catalogue.document(DOC).report_path.read_text(encoding="utf-8"))
    assert not [e for e in report["edits"] if e["line"] == 3849 and e["original"] == "general"]

"""The project's annotations attach to the corpus as built; orphans are found, never dropped or misplaced."""

import re
import textwrap

import pytest

from corpus import catalogue, cite
from corpus.annotation_store import load_file, orphans
from corpus.bill_notes import notes_on_clauses, objects_and_reasons
from corpus.cite import load
from corpus.notes import all_notes, check, export

KEY_PROVISIONS = {
    "wages on wreck": [("pk-mso-2001", "160(1)"), ("pk-mso-2001", "161(1)(a)(i)"), ("pk-mso-2001", "161(1)(a)(ii)"),
                       ("pk-mso-2001", "161(2)"), ("in-msb-2016", "69(1)(a)(i)"), ("in-msb-2016", "69(1)(a)(ii)"),
                       ("in-msb-2016", "69(2)")],
    "desertion": [("in-msb-2016", "94(2)"), ("in-msb-2016", "100"), ("in-msb-2016", "101(1)"), ("pk-mso-2001", "204"),
                  ("pk-mso-2001", "211"), ("pk-mso-2001", "212(1)")],
    "pilgrims": [("pk-mso-2001", "317"), ("pk-mso-2001", "318"), ("pk-mso-2001", "319(1)"), ("pk-mso-2001", "321(1)")],
    "load lines": [("in-msb-2016", "118(1)"), ("pk-mso-2001", "358(2)"), ("pk-mso-2001", "364(1)"),
                   ("in-msa-1880", "34"), ("in-msa-1880", "40")],
}  # fmt: skip


def test_every_project_note_attaches():
    assert check() == []


@pytest.mark.parametrize("topic", KEY_PROVISIONS)
def test_each_key_provision_has_commentary_for_students(topic):
    commented = {(n.document, n.eid) for n in all_notes() if n.kind == "commentary" and n.source.endswith("editors")}
    for document, reference in KEY_PROVISIONS[topic]:
        assert (document, cite(document, reference).eid) in commented, f"{document} s. {reference} lacks commentary"


@pytest.mark.parametrize(("bill", "count"), [("in-msb-2016", 280), ("in-mpab-2016", 65)])
def test_each_note_on_clauses_is_attached_to_its_clause(bill, count):
    notes = notes_on_clauses(bill)
    assert [n.id.rsplit("-", 1)[1] for n in notes] == [str(i) for i in range(1, count + 1)]
    for note in notes:
        number = note.id.rsplit("-", 1)[1]
        assert note.eid == cite(bill, number).eid


def test_clause_69_note_speaks_of_wreck_and_sits_on_section_69():
    note = notes_on_clauses("in-msb-2016")[68]
    assert note.eid == cite("in-msb-2016", "69").eid
    assert note.text.startswith("This clause seeks to entitle the seafarer to receive wages")
    assert "piracy" in note.text


@pytest.mark.parametrize("bill", ["in-msb-2016", "in-mpab-2016"])
def test_objects_and_reasons_attach_to_the_bill_as_a_whole(bill):
    (note,) = objects_and_reasons(bill)
    assert note.kind == "history" and note.eid == "preface__longTitle_1"
    assert len(note.text.split()) > 200


def write(tmp_path, body):
    path = tmp_path / "course.yaml"
    path.write_text(textwrap.dedent(body))
    return path


def test_a_note_whose_eid_disappeared_is_an_orphan(tmp_path):
    path = write(
        tmp_path,
        """\
        - id: gone
          document: pk-mso-2001
          eid: part_IV__chp_11__sec_161__subsec_9
          kind: commentary
          source: A lecturer
          text: Sub-section (9) does not exist.
        """,
    )
    (orphan,) = orphans(load_file(path))
    assert "part_IV__chp_11__sec_161__subsec_9" in orphan.why and f"{path}:1" in str(orphan)


def test_a_note_whose_quote_no_longer_matches_is_an_orphan(tmp_path):
    path = write(
        tmp_path,
        f"""\
        - id: drifted
          document: pk-mso-2001
          eid: {cite("pk-mso-2001", "161(1)(a)(i)").eid}
          quote: whichever be shorter
          kind: commentary
          source: A lecturer
          text: The quote has drifted.
        """,
    )
    (orphan,) = orphans(load_file(path))
    assert "whichever be shorter" in orphan.why and "s. 161(1)(a)(i)" in orphan.why


def test_a_course_file_adds_to_the_project_notes_without_touching_them(tmp_path):
    path = write(
        tmp_path,
        f"""\
        - id: course-161
          document: pk-mso-2001
          eid: {cite("pk-mso-2001", "161").eid}
          kind: commentary
          source: Maritime Law 301
          text: Read with s.160 before the seminar.
        """,
    )
    base, with_course = all_notes(), all_notes([path])
    assert len(with_course) == len(base) + 1 and with_course[: len(base)] == base
    assert export([path])["total"] == len(base) + 1


BILL_TO_ACT = ["sec_54__subsec_1", "sec_60__subsec_2", "sec_3__subsec_1__para_f", "sec_27__subsec_1__proviso_nn_2"]


def _words(text):
    return " ".join(text.replace("’", "'").replace("‘", "'").split()).lower()


def test_the_biggest_changes_from_bill_to_act_have_commentary_on_the_act_citing_both_texts():
    notes = [n for n in all_notes() if n.document == "in-mpaa-2021" and n.kind == "commentary"]
    assert sorted(n.eid for n in notes) == sorted(BILL_TO_ACT)
    bill = _words(" ".join(load("in-mpab-2016").itertext()))
    act = _words(" ".join(load("in-mpaa-2021").itertext()))
    for note in notes:
        clauses = re.findall(r"\bcl\.(\d+)", note.text)
        sections = re.findall(r"\bss?\.(\d+)", note.text)
        assert clauses and sections, f"{note.id} must cite the Bill's clause and the Act's section it compares"
        for number in clauses:
            cite("in-mpab-2016", number)  # raises CitationError if the Bill has no such clause
        for number in sections:
            cite("in-mpaa-2021", number)
        # every phrase the note quotes ('…') is the words of one of the two texts
        for quoted in re.findall(r"(?<![a-z])'([^']{12,}?)'(?![a-z])", note.text.replace("''", "'")):
            assert _words(quoted) in bill or _words(quoted) in act, f"{note.id}: {quoted!r} is in neither text"


def test_the_w3c_export_holds_the_notes_on_the_act_targeting_its_expression():
    act = catalogue.document("in-mpaa-2021").expression_uri
    exported = {a["id"]: a for a in export()["first"]["items"]}
    for eid in BILL_TO_ACT:
        note = next(n for n in all_notes() if n.document == "in-mpaa-2021" and n.eid == eid)
        annotation = exported[f"urn:lex-maritima:note:{note.id}"]
        assert annotation["target"]["source"] == act
        assert {"type": "FragmentSelector", "value": eid} in annotation["target"]["selector"]
        assert annotation["body"][0]["value"] == note.text

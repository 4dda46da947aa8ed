"""The reviewed concordance resolves, records what the method measured, and covers the four topics and the Parts."""

import pytest

from corpus import cite
from corpus.cite import load
from corpus.concordance import candidates, measured, read_table, resolve
from corpus.xmlio import NS

TOPIC_SECTIONS = {
    "pk-mso-2001": [*range(160, 164), *range(204, 214), *range(315, 322), *range(358, 366)],
    "in-msb-2016": [69, 70, 71, 94, 100, 101, 102, 118],
}
ROWS = read_table()


@pytest.mark.parametrize("pair", ROWS, ids=lambda p: f"line {p.line}")
def test_each_row_resolves_and_its_recorded_score_is_what_the_method_says(pair):
    resolve(pair.left_document, pair.left)
    if pair.right:
        resolve(pair.right_document, pair.right)
    assert (pair.score, pair.rank) == measured(pair), "rerun corpus.concordance.rescore() and review the change"


@pytest.mark.parametrize("document", TOPIC_SECTIONS)
def test_every_topic_section_is_paired_or_marked_without_counterpart(document):
    listed = {p.left for p in ROWS if p.left_document == document} | {
        p.right for p in ROWS if p.right_document == document
    }
    missing = [n for n in TOPIC_SECTIONS[document] if str(n) not in listed]
    assert missing == []


@pytest.mark.parametrize("document", ["pk-mso-2001", "in-msb-2016"])
def test_every_part_of_the_modern_texts_is_paired_or_marked(document):
    parts = {"Part " + p.get("eId").removeprefix("part_") for p in load(document).iterfind(".//a:body/a:part", NS)}
    listed = {p.left for p in ROWS if p.left_document == document} | {
        p.right for p in ROWS if p.right_document == document
    }
    assert parts - listed == set()


def test_the_method_finds_the_wages_and_desertion_twins_first():
    found = candidates("pk-mso-2001", "in-msb-2016", top=1)
    assert [found[n][0][0] for n in ("161", "204", "211", "212", "362")] == ["69", "94", "100", "101", "118"]


def test_a_table_item_resolves_to_its_row():
    eid = resolve("in-msb-2016", "256 item 51")
    assert eid == cite("in-msb-2016", "256").eid + "__wrapup__table_1__item_51"
    first_cell = load("in-msb-2016").xpath("//*[@eId=$e]", e=eid)[0][0]
    assert "".join(first_cell.itertext()).strip() == "51."


def test_a_malformed_row_names_file_line_and_field(tmp_path):
    path = tmp_path / "concordance.csv"
    path.write_text(
        "topic,left_document,left,right_document,right,relation,confidence,score,rank,reason\n"
        "wages-on-wreck,pk-mso-2001,161,in-msb-2016,69,twin,high,,,Because.\n"
    )
    with pytest.raises(ValueError, match=r"concordance.csv:2: field 'relation'"):
        read_table(path)


def test_an_unquoted_comma_in_a_reason_is_rejected_not_truncated(tmp_path):
    path = tmp_path / "concordance.csv"
    path.write_text(
        "topic,left_document,left,right_document,right,relation,confidence,score,rank,reason\n"
        "wages-on-wreck,pk-mso-2001,161,in-msb-2016,69,equivalent,high,,,Same limbs, same words.\n"
    )
    with pytest.raises(ValueError, match=r"concordance.csv:2: field 'reason'"):
        read_table(path)

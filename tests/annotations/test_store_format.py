"""A malformed annotation file is rejected with the file, line and field named; a good one loads and exports."""

import textwrap

import pytest

from corpus.annotation_store import AnnotationError, load, load_file, to_web_annotation

GOOD = """\
- id: pk-161-floor
  document: pk-mso-2001
  eid: part_IV__chp_11__sec_161
  quote: whichever be longer
  kind: commentary
  source: Lex Maritima editors
  text: The one-month period is a floor on the wages.
- id: pk-161-twin
  document: pk-mso-2001
  eid: part_IV__chp_11__sec_161
  kind: concordance
  source: Lex Maritima editors
  text: India's s.69 is the twin provision.
  target: {document: in-msb-2016, eid: part_V__sec_69}
"""


def write(tmp_path, text, name="course.yaml"):
    path = tmp_path / name
    path.write_text(textwrap.dedent(text))
    return path


def test_a_good_file_loads_with_lines(tmp_path):
    notes = load_file(write(tmp_path, GOOD))
    assert [n.id for n in notes] == ["pk-161-floor", "pk-161-twin"]
    assert [n.line for n in notes] == [1, 8]
    assert notes[1].target.document == "in-msb-2016"


@pytest.mark.parametrize(
    ("broken", "line", "field"),
    [
        (GOOD.replace("  kind: commentary\n", "  kind: gloss\n"), 5, "kind"),
        (GOOD.replace("  source: Lex Maritima editors\n", "", 1), 1, "source"),
        (GOOD.replace("document: pk-mso-2001", "document: pk-mso-2002", 1), 2, "document"),
        (GOOD.replace("  quote: whichever be longer\n", "  quote: whichever be longer\n  colour: red\n"), 5, "colour"),
        (GOOD.replace("  target: {document: in-msb-2016, eid: part_V__sec_69}\n", ""), 8, "target"),
        (GOOD.replace("  text: The one-month period is a floor on the wages.\n", "  text: ''\n"), 7, "text"),
    ],
    ids=["unknown kind", "missing source", "unknown document", "unknown field", "concordance without target", "empty"],
)
def test_a_malformed_note_names_file_line_and_field(tmp_path, broken, line, field):
    path = write(tmp_path, broken)
    with pytest.raises(AnnotationError) as err:
        load_file(path)
    assert str(err.value).startswith(f"{path}:{line}: field {field!r}")


def test_broken_yaml_names_the_line(tmp_path):
    path = write(tmp_path, GOOD.replace("  kind: commentary", "  kind: [commentary"))
    with pytest.raises(AnnotationError, match=f"{path}:\\d+: field '\\(file\\)': not valid YAML"):
        load_file(path)


def test_duplicate_ids_across_files_are_rejected(tmp_path):
    first, second = write(tmp_path, GOOD, "a.yaml"), write(tmp_path, GOOD, "b.yaml")
    with pytest.raises(AnnotationError, match="'pk-161-floor' is already used at .*a.yaml:1"):
        load([first, second])


def test_export_is_a_w3c_web_annotation(tmp_path):
    floor, twin = load_file(write(tmp_path, GOOD))
    annotation = to_web_annotation(floor)
    assert annotation["type"] == "Annotation"
    assert annotation["target"]["source"] == "/akn/pk/act/ord/2001-10-03/52/eng@2001-10-03"
    assert {"type": "TextQuoteSelector", "exact": "whichever be longer"} in annotation["target"]["selector"]
    assert {"type": "FragmentSelector", "value": "part_IV__chp_11__sec_161"} in annotation["target"]["selector"]
    linked = to_web_annotation(twin)
    assert linked["motivation"] == "linking"
    assert linked["body"][-1]["source"] == "/akn/in/bill/2016-12-16/236/eng@2016-12-16#part_V__sec_69"

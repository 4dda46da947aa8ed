"""`python -m corpus stats`: the coverage counts, held to what is known of each document."""

import json
import subprocess
import sys

import pytest

from corpus import catalogue
from corpus.stats import COLUMNS, document_stats

# Sections: exact counts (issue 2; the old Acts' counts are the reviewed recovered numbering). Unparsed: the number
# of source lines each builder keeps verbatim because it does not understand them (known: none).
KNOWN = {
    "pk-mso-2001": {"sections": 611, "unparsed": 0},
    "in-msb-2016": {"sections": 280, "unparsed": 0},
    "in-mpab-2016": {"sections": 65, "unparsed": 0},
    "in-msa-1880": {"sections": 87, "unparsed": 0},
    "in-ipa-1875": {"sections": 79, "unparsed": 0},
    "in-mpaa-2021": {"sections": 76, "unparsed": 0},  # India Code's record: 76 provisions, sections 1-76
}


DOCUMENTS = [d.id for d in catalogue.documents()]


@pytest.mark.parametrize("doc_id", KNOWN)
def test_counts_are_what_is_known(doc_id):
    counts = document_stats(doc_id)
    assert {k: counts[k] for k in KNOWN[doc_id]} == KNOWN[doc_id]
    assert counts["definitions"] > 0 and counts["terms linked"] > counts["definitions"]
    assert counts["refs resolved"] > 0


@pytest.mark.parametrize("doc_id", DOCUMENTS)
def test_every_document_is_wholly_parsed_with_the_sections_its_build_found(doc_id):
    """Any catalogued document (a statute added with a catalogue entry alone needs no line here): no unparsed line,
    and as many sections in the XML as its layout read (an India Code record: its provisions)."""
    counts = document_stats(doc_id)
    report = json.loads(catalogue.document(doc_id).report_path.read_text(encoding="utf-8"))
    assert counts["unparsed"] == 0
    assert counts["sections"] == report["facts"].get("sections", counts["sections"]) > 0


def test_the_command_prints_every_document_and_column():
    out = subprocess.run([sys.executable, "-m", "corpus", "stats"], capture_output=True, text=True, check=True).stdout
    assert all(column in out.splitlines()[0] for column in COLUMNS)
    assert [line.split()[0] for line in out.splitlines()[2:]] == DOCUMENTS

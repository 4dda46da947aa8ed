"""The evidence for the old Acts' recovered section numbers: a note beside each section, not text in its heading."""

from __future__ import annotations

import pytest

from corpus import notes
from corpus.cite import cite, sections
from corpus.numbering_notes import numbering_notes
from corpus.xmlio import NS

ACTS = ["in-msa-1880", "in-ipa-1875"]


@pytest.mark.parametrize("doc_id", ACTS)
def test_every_recovered_section_has_its_evidence_beside_it(doc_id: str) -> None:
    found = numbering_notes(doc_id)
    assert [n.eid for n in found] == [s.get("eId") for s in sections(doc_id).values()]
    assert {n.kind for n in found} == {"recovered-numbering"}
    assert all(" confidence; the evidence: " in n.text for n in found)


def test_the_note_of_section_eight_of_1880_gives_the_cross_reference_it_rests_on() -> None:
    (note,) = [n for n in numbering_notes("in-msa-1880") if n.eid == cite("in-msa-1880", "8").eid]
    assert note.text.startswith("The source prints no number for this section (its lines 49–55). Numbered 8 with high")
    assert "appointed under section eight to survey such ship" in note.text


@pytest.mark.parametrize("doc_id", ACTS)
def test_the_heading_note_is_short_the_evidence_is_not_in_the_law_text(doc_id: str) -> None:
    for section in sections(doc_id).values():
        remark = "".join(section.find("a:heading/a:remark", NS).itertext())
        assert remark.startswith("[Section number recovered editorially (the source prints none; this section is")
        assert remark.endswith(("confidence: high]", "confidence: medium]", "confidence: low]"))


def test_documents_that_print_their_numbers_have_no_such_notes() -> None:
    assert numbering_notes("pk-mso-2001") == numbering_notes("in-msb-2016") == []


def test_the_numbering_notes_are_among_all_notes_and_none_is_orphaned() -> None:
    every = notes.all_notes()
    assert sum(n.kind == "recovered-numbering" for n in every) == 87 + 79
    assert notes.check() == []

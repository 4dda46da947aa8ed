"""corpus.licences: every text of the corpus has a licence position, by rule, and a bad rules file is named."""

import dataclasses

import pytest

import corpus
from corpus.licences import LicenceError, position


def test_every_document_of_the_catalogue_has_a_position_with_its_grounds():
    found = {doc.id: position(doc) for doc in corpus.documents()}
    assert found["pk-mso-2001"].id == "pakistan-law"
    assert found["in-msb-2016"].id == found["in-mpab-2016"].id == "india-gazette-bill"
    assert found["in-msa-1880"].id == found["in-ipa-1875"].id == "india-before-1957"
    assert "s. 52(1)(q)(i)" in found["in-msb-2016"].text  # matter published in an Official Gazette
    assert all(p.label and p.text for p in found.values())


def test_a_new_document_takes_the_position_of_its_kind_without_an_entry_of_its_own():
    ipa = corpus.document("in-ipa-1875")
    act_2021 = dataclasses.replace(ipa, id="in-mpaa-2021", kind="act", date="2021-02-18", source="corpus.txt")
    india_code = dataclasses.replace(act_2021, source="1_2021.json")
    assert position(act_2021).id == "india-act"
    assert position(india_code).id == "india-code-record"
    assert "Government Open Data License" in position(india_code).text
    with pytest.raises(LicenceError, match="no position matches lk-act-2000"):
        position(dataclasses.replace(ipa, id="lk-act-2000", jurisdiction="lk"))


def test_a_malformed_positions_file_is_an_error_naming_the_field(tmp_path):
    bad = tmp_path / "licences.yaml"
    bad.write_text("positions:\n  - id: x\n    label: Public law\n", encoding="utf-8")
    with pytest.raises(LicenceError, match=r"^licences\.yaml: line 2: entry 1: field 'text': missing or empty$"):
        position(corpus.document("in-ipa-1875"), bad)
    bad.write_text("positions:\n  - {id: x, label: a, text: b, country: in}\n", encoding="utf-8")
    with pytest.raises(LicenceError, match=r"^licences\.yaml: line 2: entry 1: field 'country': unknown field"):
        position(corpus.document("in-ipa-1875"), bad)

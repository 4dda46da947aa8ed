"""Links across the statute book (corpus/link/works.py with the refs linker): a margin citation ("15 of 1908.") or a
law named by its short title ("the Indian Ports Act, 1908") resolves to the cited document's work, a reference to one
of its provisions ("section 7 of the Indian Ports Act, 1908") to that provision, when the catalogue holds it.

The Merchant Shipping Bill's lines are real (003, as corpus/markup/in-msb-2016.txt writes them). The catalogue holds
the Indian Ports Act, 1908 and Act 80 of 1976 (India Code's 15_1908.json, 80_1976.json): a test catalogue without
them (``EARLIER``) stands for the corpus before an editor added them, the real one (``LATER``) for after, and a
fixture of the 1908 Act's real sections 3(4), 7(1) and 29 stands in for its text, so that what happens when an editor
adds a cited Act is tested here, with no code edit.
"""

from __future__ import annotations

import dataclasses
import json

import pytest
from bluebell.parser import parse_to_xml_bytes
from lxml import etree

from corpus import build, catalogue, xmlio
from corpus.catalogue import Document
from corpus.cite import load
from corpus.link import link_all, refs, works
from corpus.validate import schema_errors
from corpus.xmlio import NS

DOCS = {d.id: d for d in catalogue.documents()}


def later(doc_id: str, short_title: str, number: str, date: str) -> Document:
    """An India Code Act as its catalogue entry would name it (only its identity matters to a link)."""
    return dataclasses.replace(
        DOCS["in-mpaa-2021"],
        id=doc_id,
        title=f"The {short_title}",
        short_title=short_title,
        number=number,
        date=date,
        frbr_uri=f"/akn/in/act/{date}/{number}",
        expression_date=date,
    )


IPA_1908 = DOCS["in-ipa-1908"]
MZIA_1976 = DOCS["in-mzia-1976"]
LATER = DOCS
EARLIER = {k: d for k, d in DOCS.items() if k not in (IPA_1908.id, MZIA_1976.id)}  # before an editor added them

# 003 L81 (s.3(7)(b), its margin citation L79), L161-173 (s.3(32)-(33)), L3107 (s.223 Explanation), L3253 (s.237(b)):
# the Bill's margin citations as its layout writes them (a side note with a reference to the Act by year and number).
MSB = """
BODY
  SEC 3. - Definitions.
    SUBSEC (7)
      "{{def Coasting trade of India}}" means,—

      PARA (b)
        performing any service within waters in the jurisdiction of India, including the zones as defined under the Territorial Water, Continental Shelf, Exclusive Economic Zones and other Maritime Zones of India Act, 1976{{FOOTNOTE †1}};

        FOOTNOTE{placement side} †1
          {{>/akn/in/act/1976/80 80 of 1976.}}

    SUBSEC (32)
      "{{def port}}" means the port as defined in clause (4) of section 3 of the Indian Ports Act, 1908{{FOOTNOTE †3}};

      FOOTNOTE{placement side} †3
        {{>/akn/in/act/1908/15 15 of 1908.}}

    SUBSEC (33)
      "{{def port authority}}" means,—

      PARA (b)
        in relation to any other port, the conservator of the Port appointed under section 7 of the Indian Ports Act, 1908{{FOOTNOTE †4}};

        FOOTNOTE{placement side} †4
          {{>/akn/in/act/1908/15 15 of 1908.}}
  SEC 223. - Exception to liability.
    SUBSEC (2)
      Where measures are taken under this Chapter to the extent such measures are construed to be salvage under the provisions of section 229, the provisions of said section 229 shall apply for the purposes of remuneration or compensation payable to salvors.

    BLOCKS.explanation
      Explanation.—For the removal of doubts, it is hereby clarified that the provisions of this section shall be construed harmoniously with the provisions of the Indian Ports Act, 1908{{FOOTNOTE †29}} and in case of any ambiguity or conflict thereof, the provisions of the Indian Ports Act, 1908 shall prevail.

      FOOTNOTE{placement side} †29
        {{>/akn/in/act/1908/15 15 of 1908.}}
  SEC 237. - Savings.
    Nothing in this Chapter shall affect,—

    PARA (b)
      the provisions of section 29 of the Indian Ports Act, 1908{{FOOTNOTE †30}}, or any person to salvage in respect of any property recovered by creeping or sweeping in contravention of that section.

      FOOTNOTE{placement side} †30
        {{>/akn/in/act/1908/15 15 of 1908.}}
"""  # noqa: E501

# The Indian Ports Act, 1908 (India Code record 15_1908.json, ss.3, 7, 29), cut down to what the references need.
IPA = """
BODY
  SEC 3. - Definitions.
    In this Act, unless there is anything repugnant in the subject or context,--

    PARA (4)
      "port" includes also any part of a river or channel in which this Act is for the time being in force;
  SEC 7. - Appointment of conservator.
    SUBSEC (1)
      The Government shall appoint some officer or body of persons to be conservator of every port subject to this Act.
  SEC 29. - Unauthorised person not to search for lost stores.
    SUBSEC (1)
      No person, without the permission of the conservator, shall, in any port subject to this Act, creep or sweep for anchors, cables or other stores lost or supposed to be lost therein.
"""  # noqa: E501


def parse(markup: str, doc: Document) -> etree._Element:
    return xmlio.parse_bytes(parse_to_xml_bytes(markup, doc.kind, doc.frbr_uri))


def links(root: etree._Element) -> list[tuple[str, str]]:
    """(text, href) of every <ref>, in document order."""
    return [(" ".join("".join(r.itertext()).split()), r.get("href")) for r in root.iterfind(".//a:ref", NS)]


def test_without_the_cited_act_in_the_catalogue_its_citations_stay_outside_the_corpus():
    root = parse(MSB, EARLIER["in-msb-2016"])
    counts = link_all({"in-msb-2016": root}, EARLIER)["in-msb-2016"]
    assert [link for link in links(root) if link[1].startswith("/akn/")] == [
        ("80 of 1976.", "/akn/in/act/1976/80"),
        ("15 of 1908.", "/akn/in/act/1908/15"),
        ("15 of 1908.", "/akn/in/act/1908/15"),
        ("15 of 1908.", "/akn/in/act/1908/15"),
        ("15 of 1908.", "/akn/in/act/1908/15"),
    ]
    assert counts["works cited"] == 0
    assert counts["refs external"] == 3  # s.3 cl.(4), s.7 and s.29 of the 1908 Act: another law's
    assert counts["laws cited"] == ["act 1908", "act 1976"]


def test_added_to_the_catalogue_the_cited_act_answers_every_citation():
    """The same lines once the catalogue holds the 1908 Act and Act 80 of 1976: the margin citations land on their
    works, the references to the 1908 Act's sections on those sections, its name alone on its work."""
    trees = {"in-msb-2016": parse(MSB, LATER["in-msb-2016"]), "in-ipa-1908": parse(IPA, IPA_1908)}
    counts = link_all(trees, LATER)
    root = trees["in-msb-2016"]
    assert schema_errors(root) == []
    ports, zones = IPA_1908.frbr_uri, MZIA_1976.frbr_uri
    assert links(root) == [
        ("80 of 1976.", zones),
        ("clause (4) of section 3 of the Indian Ports Act, 1908", f"{ports}/~sec_3__para_4"),
        ("15 of 1908.", ports),
        ("section 7 of the Indian Ports Act, 1908", f"{ports}/~sec_7"),
        ("15 of 1908.", ports),
        ("this section", "#sec_223"),  # (the fixture has no Chapters, no s.229: those stay text)
        ("Indian Ports Act, 1908", ports),
        ("15 of 1908.", ports),
        ("Indian Ports Act, 1908", ports),
        ("section 29 of the Indian Ports Act, 1908", f"{ports}/~sec_29"),
        ("15 of 1908.", ports),
    ]
    assert counts["in-msb-2016"]["works cited"] == 7  # 5 margin citations, the 1908 Act named twice
    assert counts["in-msb-2016"]["refs external"] == 0


def test_a_name_printed_otherwise_than_the_short_title_is_left_to_its_margin_citation():
    """003 L81 prints "the Territorial Water, Continental Shelf, Exclusive Economic Zones and other Maritime Zones of
    India Act, 1976": not the Act's short title, so the words are not linked; "80 of 1976." beside them is."""
    root = parse(MSB, LATER["in-msb-2016"])
    link_all({"in-msb-2016": root}, LATER)
    para = root.find(".//a:paragraph[@eId='sec_3__subsec_7__para_b']", NS)
    assert links(para) == [("80 of 1976.", MZIA_1976.frbr_uri)]


def test_a_longer_name_is_not_the_short_title_it_ends_with():
    """000 L311 (1880 s.72): "the Indian Merchant Shipping Act, 1875, and the Indian Ports Act, 1875": with a
    document short-titled "Merchant Shipping Act, 1875" in a test catalogue, only the Ports Act is named whole."""
    other = later("in-msa-1875", "Merchant Shipping Act, 1875", "1", "1875-01-01")
    docs = {**DOCS, other.id: other}
    markup = (
        "BODY\n  SEC 72. - Repeal.\n    and section 5 of Act No. XIII of 1878 (An Act to provide for the recovery in"
        " British India of wages due to, and expenses incurred in respect of, certain seamen and apprentices, and, to"
        " amend the Indian Merchant Shipping Act, 1875, and the Indian Ports Act, 1875) are hereby repealed.\n"
    )
    root = parse(markup, DOCS["in-msa-1880"])
    link_all({"in-msa-1880": root}, docs)
    assert links(root) == [("Indian Ports Act, 1875", DOCS["in-ipa-1875"].frbr_uri)]


def test_a_document_names_itself_without_a_link():
    """The Bill's statement of objects and reasons names "the Merchant Shipping Bill, 2016" (003 L4235): itself."""
    markup = "BODY\n  SEC 1. - Short title.\n    namely, the Merchant Shipping Bill, 2016 to meet the requirements.\n"
    root = parse(markup, DOCS["in-msb-2016"])
    assert link_all({"in-msb-2016": root}, DOCS)["in-msb-2016"]["works cited"] == 0
    assert links(root) == []


def test_the_cited_act_built_before_is_read_only_to_land_a_reference_in_it(tmp_path):
    """An incremental build links the Bill alone against the 1908 Act's committed XML (``context``): read for the
    references to its sections; the margin citations and its name need the catalogue only."""
    ipa = parse(IPA, IPA_1908)
    refs.link({"in-ipa-1908": ipa}, LATER)
    path = tmp_path / "in-ipa-1908.xml"
    path.write_bytes(xmlio.to_bytes(ipa))
    root = parse(MSB, LATER["in-msb-2016"])
    link_all({"in-msb-2016": root}, LATER, {"in-ipa-1908": path})
    assert dict(links(root))["section 7 of the Indian Ports Act, 1908"] == f"{IPA_1908.frbr_uri}/~sec_7"

    alone = parse(MSB, LATER["in-msb-2016"])
    works.link({"in-msb-2016": alone}, LATER, {})  # no other document at hand
    assert [href for text, href in links(alone) if text.endswith(" of 1908.")] == [IPA_1908.frbr_uri] * 4


def test_a_document_that_cites_a_law_added_later_is_rebuilt_and_no_other():
    """The build's manifest stamp (corpus/build.py ``stamp``) of a document changes when the catalogue comes to
    hold a law its report lists as cited: the Bill cites "act 1908"; the 1875 Act cites no law of 1908 or 1976."""
    inputs = "0" * 64
    for doc_id, rebuilt in (("in-msb-2016", True), ("in-ipa-1875", False)):
        doc = DOCS[doc_id]
        cited = build.laws_cited(doc)
        assert (build.stamp(inputs, doc, cited, EARLIER) != build.stamp(inputs, doc, cited, LATER)) is rebuilt, doc_id
    assert "act 1908" in build.laws_cited(DOCS["in-msb-2016"])
    assert works.answering(["act 1908"], DOCS["in-msb-2016"], EARLIER) == []
    assert works.answering(["act 1908"], DOCS["in-msb-2016"], LATER) == [
        "in-ipa-1908 /akn/in/act/1908-12-18/15 Indian Ports Act, 1908"
    ]


def test_a_law_of_another_jurisdiction_is_not_named_by_its_short_title():
    """004 L5558, the Ordinance's Schedule: "1. The Coasting Vessels Act, 1838 (XIX of 1838)." is repealed as in
    force in Pakistan; India Code's text of the Act (in-cva-1838, 19_1838.json) is not what it names."""
    cva, msa = DOCS["in-cva-1838"], DOCS["in-msa-1958"]
    docs = DOCS
    markup = "BODY\n  SEC 610. - Repeal.\n    1. The Coasting Vessels Act, 1838 (XIX of 1838).\n"
    root = parse(markup, DOCS["pk-mso-2001"])
    counts = link_all({"pk-mso-2001": root}, docs)["pk-mso-2001"]
    assert links(root) == []
    assert counts["laws cited"] == ["act 1838"]
    assert works.answering(counts["laws cited"], DOCS["pk-mso-2001"], docs) == []
    repeal = (  # 003 L4195, s.280(1)
        "BODY\n  SEC 280. - Repeal and savings.\n    SUBSEC (1)\n      The Merchant Shipping Act, 1958 and the"
        " Coasting Vessels Act, 1838 are hereby repealed.\n"
    )
    bill = parse(repeal, DOCS["in-msb-2016"])
    link_all({"in-msb-2016": bill}, docs)
    assert links(bill) == [("Merchant Shipping Act, 1958", msa.frbr_uri), ("Coasting Vessels Act, 1838", cva.frbr_uri)]


@pytest.mark.parametrize(
    ("href", "expected"),
    [
        ("/akn/in/act/1908/15", "in-ipa-1908"),
        ("/akn/in/act/1976/80", "in-mzia-1976"),
        ("/akn/in/act/1875/12", "in-ipa-1875"),  # the 1875 Act's date in the catalogue is 1875-01-01
        ("/akn/in/act/1963/38", None),  # the Major Port Trusts Act, 1963: not in the catalogue
        ("/akn/pk/act/1908/15", None),  # another jurisdiction
        ("/akn/in/act/1908-12-18/15", None),  # a work URI already
    ],
)
def test_an_act_cited_by_year_and_number_is_the_catalogue_s_act(href, expected):
    found = works.work_cited(href, LATER)
    assert (found.id if found else None) == expected


# --- the built corpus ----------------------------------------------------------------------------------------


def test_the_1880_act_names_the_1875_act_and_links_it_to_its_work():
    """000 L311 (1880 s.72): "… to amend the Indian Merchant Shipping Act, 1875, and the Indian Ports Act, 1875)"."""
    root = load("in-msa-1880")
    section = root.find(".//a:section[@eId='chp_V__sec_72']", NS)
    assert ("Indian Ports Act, 1875", DOCS["in-ipa-1875"].frbr_uri) in links(section)


@pytest.mark.parametrize("doc_id", sorted(DOCS))
def test_every_report_lists_the_laws_its_document_cites(doc_id):
    report = json.loads(DOCS[doc_id].report_path.read_text(encoding="utf-8"))
    cited = report["links"]["laws cited"]
    assert cited == sorted(set(cited))
    assert all(works.work_cited(ref.get("href"), DOCS) is None for ref in load(doc_id).iterfind(".//a:ref", NS))


def test_adding_the_cited_act_to_the_catalogue_rebuilds_the_act_that_cites_it_and_links_it(tmp_path, monkeypatch):
    """The incremental build end to end, on the real documents, into a temporary corpus: a catalogue without the
    Indian Ports Act, 1875 first (the 1880 Act's "section 40 of the Indian Ports Act, 1875", 000 L313, and the 1908
    Act's "the Indian Ports Act, 1875 (12 of 1875)", its s.1(2), are then another law's), then the catalogue as it
    is. ``python -m corpus build`` rebuilds the 1875 Act and the two documents that cite it, no other, and their XML
    is then the committed one, byte for byte."""
    for name in ("MARKUP_DIR", "AKN_DIR", "REPORTS_DIR"):
        monkeypatch.setattr(catalogue, name, tmp_path / name.removesuffix("_DIR").lower())
    monkeypatch.setattr(build, "MANIFEST", tmp_path / "reports" / "build-manifest.json")
    everything = catalogue.documents()
    without = tuple(d for d in everything if d.id != "in-ipa-1875")
    monkeypatch.setattr(catalogue, "documents", lambda: without)
    assert sorted(build.build()) == sorted(d.id for d in without)
    citing = ("in-ipa-1908", "in-msa-1880")
    for doc_id in citing:
        before = xmlio.parse(tmp_path / "akn" / f"{doc_id}.xml").getroot()
        assert not [r for r in before.iterfind(".//a:ref", NS) if r.get("href").startswith("/akn/in/act/1875")]
    assert build.build() == []

    monkeypatch.setattr(catalogue, "documents", lambda: everything)
    assert sorted(build.build()) == ["in-ipa-1875", *citing]
    for doc_id in citing:
        assert (tmp_path / "akn" / f"{doc_id}.xml").read_bytes() == DOCS[doc_id].akn_path.read_bytes(), doc_id
    assert build.build() == []

"""Defined terms, continued: Title Case definitions, definitions adopted by an Explanation, terms inside longer names.

Fixtures cut from the real sources (abridged where marked), run through bluebell and the linkers; then the corpus.
"""

import re

import pytest
from lxml import etree

from corpus.cite import cite, load
from corpus.link import terms
from corpus.xmlio import NS
from tests.corpus.linked_markup import linked, marked


def at(root: etree._Element, eid: str) -> etree._Element:
    found = root.find(f".//*[@eId='{eid}']", NS)
    assert found is not None, eid
    return found


def refers_to(root: etree._Element, term: str, number: int = 0) -> str:
    """The refersTo of the ``number``-th ``<def>`` of ``term`` in ``root``."""
    return [d.get("refersTo") for d in root.iter(f"{{{NS['a']}}}def") if terms.term_text(d) == term][number]


# 003 MSB s.3(7), (30) (L75, L157), s.197, s.198(a), (c), (e) (L2663-2679, abridged), s.199(1), s.201(1) [abridged],
# s.240(1) (L3279).
MSB_FUND = """
BODY
  PART I - PRELIMINARY
    SEC 3. - Definitions.
      In this Act, unless the context otherwise requires,—
      SUBSEC (7)
        "{{def Coasting trade of India}}" means,—
        PARA (a)
          the carriage by sea of goods, passengers from any port or place in India to any other port or place in India, or
      SUBSEC (30)
        "{{def Pollution damage}}" means,—
        PARA (a)
          loss or damage caused outside the vessel resulting from the escape, emission or discharge of cargo, oil or any other material from the vessel, wherever such escape, emission or discharge may occur, or
  PART IX - MARITIME LIABILITY AND COMPENSATION
    CHAPTER V - INTERNATIONAL OIL POLLUTION COMPENSATION FUND
      SEC 197. - Application.
        This Chapter shall apply to pollution damage caused in the territory, including the territorial waters of India.
      SEC 198. - Definitions.
        In this Chapter unless the context otherwise requires,—
        PARA (a)
          "{{def Contributing Oil}}" means crude oil and fuel oil;
        PARA (c)
          ''{{def Fund Convention}}'' means the International Convention on the establishment of an International Fund for Compensation for Oil Pollution Damage, 1992;
        PARA (e)
          ''{{def Oil}}'', ''{{def Pollution Damage}}'', ''{{def Preventive Measures}}" or "{{def ship}}" shall have same meaning as assigned to it in the 1992 Liability Convention;
      SEC 199. - Contribution to Fund.
        SUBSEC (1)
          Contribution to the Fund, in respect of contributing oil carried by sea to ports or terminal installations in India, shall be payable in accordance with Articles 10 and 12 of the Fund Convention.
      SEC 201. - Liability of Fund.
        SUBSEC (1)
          Where any person suffering pollution damage has been unable to obtain full and adequate compensation for the damage, the Fund shall be liable to pay compensation for pollution damage to such person.
  PART XII - CONTROL OF INDIAN VESSELS AND FOREIGN VESSELS ENGAGED IN COASTING TRADE
    SEC 240. - Licensing of vessels.
      SUBSEC (1)
        No vessel, other than a vessel registered under this Act shall engage in the coasting trade of India or exploration, exploitation or research in the coastal waters of India except under a licence granted by the Director-General under sub-section (4).
"""  # noqa: E501

# 003 MSB s.3(8) (L83), s.111 (L1635-1643, (a) abridged), s.139(5) and its Explanation (L1999-2001), s.140 (L2005),
# s.207(2), (5) and its Explanation (L2811, L2827-2829), s.240(2) (L3281); the references marked as the references
# linker marks them in corpus/akn/in-msb-2016.xml.
MSB_COMPANY = """
BODY
  PART I - PRELIMINARY
    SEC 3. - Definitions.
      In this Act, unless the context otherwise requires,—
      SUBSEC (8)
        "{{def company}}" means a company as defined in clause (20) of section 2 of the Companies Act, 2013;
  PART VI - SAFETY AND SECURITY
    SEC 111. - Definitions.
      In this Part, unless the context otherwise requires,—
      PARA (a)
        "{{def company}}" means the owner of the vessel or any other organisation or person such as the manager, or the bareboat charterer, who has assumed the responsibility for operation of the vessel;
      PARA (b)
        "{{def port facility}}" means any location or area including anchorages or awaiting berths or approaches from seaward as determined by the Central Government where interface between vessel or a vessel and a port takes place;
  PART VIII - SURVEY, AUDIT AND CERTIFICATION
    SEC 139. - Survey, audit and certification.
      SUBSEC (5)
        Subject to any exemption granted by the Central Government, no vessel shall proceed to sea unless the owner, or master, of the vessel holds onboard all the applicable certificates or documents as required under this Act and the rules made thereunder.
      BLOCKS.explanation
        Explanation.— For the purposes of {{>#part_VIII this Part}}, the word "company" or "port facility" shall have the same meaning as assigned to it under {{>#part_VI__sec_111__para_a clause (a)}} or {{>#part_VI__sec_111__para_b (b)}} of {{>#part_VI__sec_111 section 111}}, respectively.
    SEC 140. - Certificates.
      Every vessel, company, port facility, shipyard, ship breaking yard, ship repair unit, offshore facilities or terminal shall, unless exempted, be in possession of such certificates as may be prescribed.
  PART X - INVESTIGATION AND INQUIRIES
    SEC 207. - Marine casualties and report thereof.
      SUBSEC (2)
        In the cases mentioned in sub-section (1), the owner, manager, operator, company, pilot, harbour-master, master, or other person in charge of the vessel shall give notice of the marine casualty.
      SUBSEC (5)
        The body appointed under sub-section (4) shall, make preliminary assessment of the marine casualty and submit its report to the Central Government.
      BLOCKS.explanation
        Explanation.— For the purposes of {{>#part_X this Part}}, the word ''company'' has the same meaning as assigned to it in {{>#part_VI__sec_111__para_a clause (a) of section 111}}.
  PART XII - CONTROL OF INDIAN VESSELS AND FOREIGN VESSELS ENGAGED IN COASTING TRADE
    SEC 240. - Licensing of vessels.
      SUBSEC (2)
        No other vessel chartered by a citizen of India or a company or a co-operative society other than vessel registered under this Act shall be taken to sea from a port or place within or outside India except under a licence.
"""  # noqa: E501

# 003 MPA s.1(1) (L4927), s.2(1)(b), (d), (r) (L4943, L4947, L4977), s.3(1) [abridged] (L5015-5027), s.4(1) (L5045),
# s.60(2)(b) (L5777), s.63(1) (L5829, as corrected) and s.65 (L5881).
MPA = """
BODY
CHAPTER I - PRELIMINARY
  SEC 1. - Short title, commencement and application.
    SUBSEC (1)
      This Act may be called the Major Port Authorities Act, 2016.
  SEC 2. - Definitions.
    SUBSEC (1)
      In this Act, unless the context otherwise requires,—
      PARA (b)
        "{{def Board}}" means the Board of Major Port Authority constituted by the Central Government in accordance with sub-section (1) of section 3 for each Major Port under this Act;
      PARA (d)
        "{{def Chairperson}}" means the Chairperson of the Board appointed under sub-section (1) of section 4;
      PARA (o)
        "{{def Major Port}}" or '{{def Major Port Authority}}' means the Major Port as defined in clause (8) of section 3 of the Indian Ports Act;
      PARA (r)
        "{{def Member}}" means the Member of the Board appointed under section 4;
CHAPTER II - BOARD OF MAJOR PORT AUTHORITY
  SEC 3. - Constitution and composition of Board of Major Port Authority.
    SUBSEC (1)
      The Central Government shall, by notification, in respect of each Major Port, constitute a Board called the Board of Major Port Authority for that Port which shall consist of the following Members, namely:—
      PARA (a)
        a Chairperson;
      PARA (b)
        a Deputy Chairperson;
      PROVISO
        Provided that until the constitution of the Board of Major Port Authority, the Board of Trustees constituted under section 3 of the Major Port Trust Act, 1963 shall continue to function and shall cease to exist immediately after the constitution of the Board under this Act.
  SEC 4. - Qualifications of Chairperson, Deputy Chairperson and Members of Board.
    SUBSEC (1)
      The Chairperson and Deputy Chairperson of the Board shall be appointed by the Central Government on the recommendation of a Select Committee consisting of such persons and in such manner, as may be prescribed.
CHAPTER VIII - MISCELLANEOUS
  SEC 60. - Power of Central Government to make rules.
    SUBSEC (2)
      PARA (b)
        the manner of appointment of Members of Board under sub-section (3) of section 4;
  SEC 63. - Repeal and savings.
    SUBSEC (1)
      The Major Port Trusts Act, 1963 is hereby repealed.
  SEC 65. - Transitional provision.
    Notwithstanding anything contained in this Act, the Board of Trustees functioning as such immediately before the commencement of this Act shall continue to so function until the Board for each Major Port is constituted under this Act, but on the constitution of such Board, under this Act, the Members of the Board of Trustees holding office before such constitution shall cease to hold office.
"""  # noqa: E501

# 002 s.1 (L1), s.4 (L29, L37 [abridged]), s.8 (L93-99) and s.40 [abridged]: "Master Attendant", "Indian Ports Act".
IPA = """
BODY
  CHAPTER I - PRELIMINARY
    SEC 1. - Short title
      This Act may be called The Indian Ports Act, 1875:
    SEC 4. - Interpretation
      In this Act, unless there be something repugnant in the subject or context

      PARA - Master
        {{def Master}}, when used in relation to any vessel, means any person (except a Pilot or Harbour-Master) having for the time being the charge or control of such vessel:

      PARA - Port
        {{def Port}} includes also any part of a river or channel in which this Act is for the time being in force.
  CHAPTER III - OF PORT OFFICERS, THEIR POWERS AND DUTIES
    SEC 8. - Conservators
      SUBSEC
        Subject to any direction by the Local Government to the contrary

        PARA (a)
          in ports where there is a Master Attendant, such Master Attendant shall be the Conservator:
  CHAPTER IV - RULES
    SEC 40. - Creeping or sweeping
      The Master of every such vessel who, having been required by the Conservator to comply with the provisions of this section, shall be punished.
"""  # noqa: E501

# 003 MSB s.3(12) (L95), s.6(1) (L293, abridged) and s.64(d) (L963).
MSB_OFFICERS = """
BODY
  PART I - PRELIMINARY
    SEC 3. - Definitions.
      In this Act, unless the context otherwise requires,—
      SUBSEC (12)
        "{{def Director-General}}" means the Director-General of Shipping appointed under sub-section (1) of section 6;
  PART II - ESTABLISHMENT OF BOARD AND GENERAL ADMINISTRATION
    SEC 6. - Director-General of Shipping.
      SUBSEC (1)
        The Central Government may, by notification, appoint a person to be the Director-General of Shipping for the purposes of exercising or discharging the powers, authority or duties conferred or imposed upon the Director-General by or under this Act.
  PART V - SEAFARERS
    SEC 64. - Duties of shipping master.
      PARA (d)
        to transmit the complaint of any dispute of a foreign seafarer of a ship to the competent authority of the country of registration and to forward a copy of such complaint to the Director-General of International Labour Organisation;
"""  # noqa: E501


# --- 1. Title Case definitions --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("term", "expected"),
    [
        ("ship", ["ship"]),
        ("Vessel", ["Vessel", "vessel"]),
        ("Pollution Damage", ["Pollution Damage", "pollution damage"]),  # 003 MSB s.198(e)
        ("Contributing Oil", ["Contributing Oil", "contributing oil"]),  # s.198(a)
        ("Coasting trade of India", ["Coasting trade of India", "coasting trade of India"]),  # s.3(7): India stays
        ("Ship's tonnage", ["Ship's tonnage", "ship's tonnage"]),  # s.198(f)
        ("LLMC Convention", ["LLMC Convention", "LLMC convention"]),  # capitals keep their form
        ("1992 Liability Convention", ["1992 Liability Convention", "1992 liability convention"]),
    ],
)
def test_spellings(term, expected):
    assert terms.spellings(term) == expected


def test_a_title_case_definition_of_a_chapter_wins_over_the_acts_in_lower_case_uses():
    root = linked(MSB_FUND, "in-msb-2016")
    chapter_v, general = refers_to(root, "Pollution Damage"), refers_to(root, "Pollution damage")
    assert chapter_v != general
    assert marked(at(root, "part_IX__chp_V__sec_197")) == [("pollution damage", chapter_v)]
    s201 = marked(at(root, "part_IX__chp_V__sec_201__subsec_1"))
    assert [t for t in s201 if t[0] == "pollution damage"] == [("pollution damage", chapter_v)] * 2


def test_a_title_case_term_is_found_before_its_shorter_parts():
    root = linked(MSB_FUND, "in-msb-2016")
    s199 = marked(at(root, "part_IX__chp_V__sec_199__subsec_1"))
    assert ("contributing oil", refers_to(root, "Contributing Oil")) in s199
    assert ("oil", refers_to(root, "Oil")) not in s199


def test_a_definition_capitalised_as_a_sentence_keeps_its_proper_noun():
    root = linked(MSB_FUND, "in-msb-2016")
    assert ("coasting trade of India", refers_to(root, "Coasting trade of India")) in marked(
        at(root, "part_XII__sec_240__subsec_1")
    )


# --- 2. Definitions adopted by an Explanation ----------------------------------------------------------------


def test_an_explanation_adopting_another_sections_definition_applies_it_in_its_part():
    root = linked(MSB_COMPANY, "in-msb-2016")
    act, part_vi = refers_to(root, "company", 0), refers_to(root, "company", 1)
    port_facility = refers_to(root, "port facility")
    assert act != part_vi
    s140 = marked(at(root, "part_VIII__sec_140"))
    assert ("company", part_vi) in s140 and ("port facility", port_facility) in s140
    assert ("company", act) not in s140 and ("port", None) not in s140
    # s.207(5)'s Explanation adopts s.111(a) for Part X
    assert ("company", part_vi) in marked(at(root, "part_X__sec_207__subsec_2"))
    # outside Parts VI, VIII and X "company" is still the Act's (s.3(8), the Companies Act meaning)
    assert marked(at(root, "part_XII__sec_240__subsec_2")) == [("company", act)]


def test_borrowings_read_the_scope_and_the_referenced_clauses():
    root = linked(MSB_COMPANY, "in-msb-2016")
    found = [d for d in terms.definitions(root) if not d.defs]
    assert sorted((d.term, d.scope.get("eId")) for d in found) == [
        ("company", "part_VIII"),
        ("company", "part_X"),
        ("port facility", "part_VIII"),
    ]
    references = root.find("./a:bill/a:meta/a:references", NS)
    eids = [t.get("eId") for t in references.iterfind("a:TLCTerm", NS)]
    assert len(eids) == len(set(eids))  # a borrowed definition shares its origin's TLCTerm


# --- 3. Terms inside longer names --------------------------------------------------------------------------------


def test_terms_inside_longer_names_are_not_marked_in_the_major_ports_bill():
    root = linked(MPA, "in-mpab-2016")
    board, chairperson = refers_to(root, "Board"), refers_to(root, "Chairperson")
    major_port_authority, member = refers_to(root, "Major Port Authority"), refers_to(root, "Member")
    assert marked(at(root, "chp_I__sec_1__subsec_1")) == []  # its own short title
    assert marked(at(root, "chp_II__sec_3__subsec_1__para_b")) == []  # "a Deputy Chairperson"
    assert marked(at(root, "chp_II__sec_3__subsec_1__para_a")) == [("Chairperson", chairperson)]
    assert marked(at(root, "chp_II__sec_4__subsec_1")) == [("Chairperson", chairperson), ("Board", board)]
    assert marked(at(root, "chp_VIII__sec_63__subsec_1")) == []  # "The Major Port Trusts Act, 1963"
    # "Board of Trustees", the predecessor body, is not the Board; "the Board for each Major Port" is
    assert marked(at(root, "chp_VIII__sec_65")) == [
        ("Board", board),
        ("Major Port", refers_to(root, "Major Port")),
        ("Board", board),
        ("Members", member),
    ]
    proviso = marked(at(root, "chp_II__sec_3__subsec_1__proviso_nn_1"))
    assert proviso == [("Board", board), ("Major Port Authority", major_port_authority), ("Board", board)]


def test_a_name_the_definition_itself_uses_or_that_continues_with_a_term_is_still_marked():
    root = linked(MPA, "in-mpab-2016")
    board = refers_to(root, "Board")
    # "Board" means the Board of Major Port Authority (s.2(1)(b))
    assert marked(at(root, "chp_II__sec_3__subsec_1"))[:4] == [
        ("Major Port", refers_to(root, "Major Port")),
        ("Board", board),
        ("Board", board),
        ("Major Port Authority", refers_to(root, "Major Port Authority")),
    ]
    assert marked(at(root, "chp_VIII__sec_60__subsec_2__para_b")) == [
        ("Members", refers_to(root, "Member")),
        ("Board", board),
    ]


def test_master_attendant_and_the_indian_ports_act_are_names_in_the_1875_act():
    root = linked(IPA, "in-ipa-1875")
    master = refers_to(root, "Master")
    assert marked(at(root, "chp_I__sec_1")) == []  # "The Indian Ports Act, 1875"
    assert [t for t in marked(at(root, "chp_III__sec_8")) if t[0] == "Master"] == []  # "such Master Attendant"
    assert ("Master", master) in marked(at(root, "chp_IV__sec_40"))  # "The Master of every such vessel"


def test_director_general_of_another_body_is_not_the_director_general_of_shipping():
    root = linked(MSB_OFFICERS, "in-msb-2016")
    director_general = refers_to(root, "Director-General")
    assert marked(at(root, "part_V__sec_64__para_d")) == []
    assert marked(at(root, "part_II__sec_6__subsec_1")) == [
        ("Director-General", director_general),  # "of Shipping": as the definition calls it
        ("Director-General", director_general),
    ]


# --- the built corpus ----------------------------------------------------------------------------------------


def uses(doc_id: str, text: str, ref: str | None = None) -> list[tuple[str, str]]:
    """(words before, words after) each ``<term>`` reading ``text`` in the built ``doc_id``."""
    found = []
    for t in load(doc_id).iter(f"{{{NS['a']}}}term"):
        if "".join(t.itertext()) != text or (ref is not None and t.get("refersTo") != ref):
            continue
        before = (t.getparent().text or "") + "".join(
            "".join(n.itertext()) + (n.tail or "") for n in reversed(list(t.itersiblings(preceding=True)))
        )
        after = (t.tail or "") + "".join("".join(n.itertext()) + (n.tail or "") for n in t.itersiblings())
        found.append((before, after))
    return found


def test_built_chapter_v_of_the_bill_uses_its_own_title_case_definitions():
    root = load("in-msb-2016")
    chapter_v, general = refers_to(root, "Pollution Damage"), refers_to(root, "Pollution damage")
    for reference in ("197", "201(1)", "201(2)", "205"):
        used = marked(cite("in-msb-2016", reference).element)
        assert ("pollution damage", chapter_v) in used, reference
        assert ("pollution damage", general) not in used, reference
    contributing = [t for t in marked(cite("in-msb-2016", "199").element) if t[0] == "contributing oil"]
    assert contributing == [("contributing oil", refers_to(root, "Contributing Oil"))] * 7
    for reference in ("240(1)", "240(4)(b)", "246(1)(d)"):
        assert ("coasting trade of India", refers_to(root, "Coasting trade of India")) in marked(
            cite("in-msb-2016", reference).element
        ), reference


def test_built_parts_viii_and_x_of_the_bill_use_section_111s_company_and_port_facility():
    root = load("in-msb-2016")
    act, part_vi = refers_to(root, "company", 0), refers_to(root, "company", 1)
    assert cite("in-msb-2016", "3(8)").element.find(".//a:def", NS).get("refersTo") == act
    assert cite("in-msb-2016", "111(a)").element.find(".//a:def", NS).get("refersTo") == part_vi
    for part in ("part_VIII", "part_X"):
        companies = [t for t in marked(at(root, part)) if t[0] in {"company", "companies"}]
        assert companies and set(companies) == {("company", part_vi)}, part
    assert ("port facility", refers_to(root, "port facility")) in marked(cite("in-msb-2016", "140").element)
    assert ("company", act) in marked(cite("in-msb-2016", "240(2)").element)


@pytest.mark.parametrize(
    ("doc_id", "text", "name"),
    [
        ("in-mpab-2016", "Major Port", "Major Port Trusts Act"),
        ("in-mpab-2016", "Major Port Authorities", "Major Port Authorities Act, 2016"),
        ("in-mpab-2016", "Board", "Board of Trustees"),
        ("in-mpab-2016", "Chairperson", "Deputy Chairperson"),
        ("in-ipa-1875", "Master", "Master Attendant"),
        ("in-ipa-1875", "Ports", "Indian Ports Act"),
        ("in-ipa-1875", "Port", "Port Fund"),  # 002 L293 "the Account of the Port Fund"
        ("pk-mso-2001", "Seamen", "Seamen’s Welfare Officer"),  # 004 s.10(1), L276
        ("in-msb-2016", "Convention", "United Nations Convention"),
        ("in-msb-2016", "Oil", "International Oil Pollution Compensation Fund"),
        ("in-msb-2016", "Oil", "Number Four Fuel Oil"),
        ("in-msb-2016", "Director-General", "Director-General of International Labour Organisation"),
    ],
)
def test_built_terms_are_not_marked_inside_longer_names(doc_id, text, name):
    words = " ".join("".join(load(doc_id).find("./*/a:body", NS).itertext()).split())
    assert name in words
    inside = [(b[-40:], a[:40]) for b, a in uses(doc_id, text) if _within(name, b, text, a)]
    assert inside == []


def _within(name: str, before: str, text: str, after: str) -> bool:
    """Whether ``name`` is printed around the use ``text`` (between ``before`` and ``after``), containing it."""
    before, after = re.sub(r"\s+", " ", before)[-80:], re.sub(r"\s+", " ", after)[:80]
    start, stop = len(before), len(before) + len(text)
    return any(m.start() <= start and stop <= m.end() for m in re.finditer(re.escape(name), before + text + after))


def test_built_names_that_the_definition_uses_are_still_marked():
    assert [a for _, a in uses("in-mpab-2016", "Board") if re.match(r"\s*of Major Port Authority", a)]
    assert [a for _, a in uses("in-msb-2016", "Director-General") if re.match(r"\s*of Shipping", a)]
    assert ("Chairperson", "#term-chairperson") in marked(cite("in-mpab-2016", "4(1)").element)

"""Defined terms: fixtures cut from the real sources, run through bluebell and the terms linker; then the corpus."""

import re

import pytest
from bluebell.parser import parse_to_xml_bytes
from lxml import etree

from corpus import catalogue, xmlio
from corpus.cite import cite, load
from corpus.link import terms
from corpus.validate import schema_errors
from corpus.xmlio import NS

DOCS = {d.id: d for d in catalogue.documents()}


def linked(markup: str, doc_id: str) -> tuple[etree._Element, dict[str, int]]:
    doc = DOCS[doc_id]
    root = xmlio.parse_bytes(parse_to_xml_bytes(markup, doc.kind, doc.frbr_uri))
    counts = terms.link({doc_id: root}, DOCS)[doc_id]
    assert schema_errors(root) == []
    return root, counts


def marked(el: etree._Element) -> list[tuple[str, str]]:
    """(text, refersTo) of every <term> under ``el``, in document order."""
    return [("".join(t.itertext()), t.get("refersTo")) for t in el.iterfind(".//a:term", NS)]


# 004 s.2(1), (50) [abridged], s.199 (a Chapter's own "seaman"), s.161(3) (L1439), s.204(1) (L1771).
PK = """
BODY
  PART I -
    CHAPTER 1 - PRELIMINARY
      SEC 2. - Definitions.
        In this Ordinance, unless there is anything repugnant in the subject or context,—

        PARA (1)
          “{{def apprentice}}” means a person appointed for training to the sea service under this Ordinance, whether called an apprentice or a cadet, or by any other name whatever;

        PARA (50)
          “{{def Seaman}}” means a person employed or engaged, or to be employed or engaged, for service in any capacity on board any ship, but does not include master, pilot or apparentice;

        PARA (51)
          “{{def ship}}” includes every description of vessel used in navigation not propelled by oars;
  PART IV -
    CHAPTER 11 - WAGES
      SEC 161. - Wages on termination of service by wreck, illness, etc.
        SUBSEC (3)
          This section shall apply to every person employed or engaged in any capacity on board any ship and entered in the agreement, including the master, pilot and apprentice.
    CHAPTER 15 - DESERTION
      SEC 199. - Definitions.
        SUBSEC (1)
          In this Chapter unless there is anything repugnant in the subject or context––

          PARA (a)
            “{{def officer}}” means an officer qualified for the purposes of section 93 of this Ordinance; and

          PARA (b)
            “{{def seaman}}” does not include an officer.
      SEC 204. - Desertion and absence without leave.
        SUBSEC (1)
          ––No seaman or apprentice shall desert his ship.
"""  # noqa: E501

# 002 s.4 (L25-29): the definitions open their sentences, so the term is capitalised; uses are "vessel".
IPA = """
BODY
  CHAPTER I - PRELIMINARY
    SEC 4. - Interpretation
      In this Act, unless there be something repugnant in the subject or context

      PARA - Vessel
        {{def Vessel}} includes anything made for the conveyance by water of human beings or of property:

      PARA - Master
        {{def Master}}, when used in relation to any vessel, means any person (except a Pilot or Harbour-Master) having for the time being the charge or control of such vessel:
  CHAPTER IV - RULES
    SEC 40. - Creeping or sweeping
      The Master of every such vessel who, having been required by the Conservator to comply with the provisions of this section, shall be punished.
"""  # noqa: E501

# 000 s.2 and s.4 (L5-7, L23-29): "In this chapter" opens s.4 and governs its later definitions too.
MSA = """
BODY
  CHAPTER I - PRELIMINARY
    SEC 2. - Interpretation
      In this Act, unless there is something repugnant in the subject or context,

      PARA - ship
        {{def ship}} includes every description of vessel used in navigation, not propelled by oars:
  CHAPTER II - UNSEAWORTHY AND UNSAFE SHIPS
    SEC 4. - Definitions
      PARA
        In this chapter, {{def British Indian ship}} means a ship registered under Act No. XIX of 1838:

      PARA - British ship
        {{def British ship}} includes a British Indian ship:

      PARA - Unsafe
        A ship is {{def unsafe}} within the meaning of this chapter when by reason of the defective condition, of her hull, equipments or machinery, she is unfit to proceed to sea.
    SEC 5. - Sending unsafe ship to sea
      Every person who sends or attempts to send a British ship to sea in such unsafe state as to endanger life shall be guilty.
  CHAPTER III - DISTRESSED SEAMEN
    SEC 57. - Relief
      If any seaman belonging to any British ship is left behind, the ship shall be unsafe.
"""  # noqa: E501


# 004 s.85 (L749), s.245(1), (2)(a) (L2042-2046) and s.535(1)-(3) (L4867-4879): the Explanation to s.535(1)
# defines "ship owner" and "salvor" "For the purposes of sub-section (1)" only.
PK_535 = """
BODY
  PART III -
    CHAPTER 5 - GENERAL
      SEC 85. - Representative Organizations.
        For the purposes of this Ordinance, the Federal Government may, by notification in Official Gazette, designate representative organizations of ship owners and shippers.
  PART IV -
    CHAPTER 20 - MARITIME ADVISORY COMMITTEE
      SEC 245. - Constitution and functions of Central Maritime Advisory Committee.
        SUBSEC (1)
          The Federal Government may, by notification in the official Gazette, constitute a Maritime Advisory Committee, consisting of such representatives of ship owners, seaman and the Federal Government as it may deem fit.

        SUBSEC (2)
          The functions of the Committee shall be—

          PARA (a)
            to prevent and adjust differences between ship owners and seaman;
  PART XIII -
    CHAPTER 41 - LIMITATION OF LIABILITY
      SEC 535. - Persons entitled to limit liability.
        SUBSEC (1)
          Ship owners and salvors may limit their liability in accordance with the provisions of this chapter in relation to claims which are set out in section 536.

          LEVEL.explanation
            Explanation.—For the purposes of sub-section (1)—

            PARA (a)
              “{{def ship owner}}” means the owner and includes the charterer, manager and operator of any ship; and

            PARA (b)
              “{{def salvor}}” means any person rendering services in direct connection with salvage operations.

        SUBSEC (2)
          If any claims set out in section 537 are made against any person for whose act, neglect or default the ship owner or salvor is responsible, such person shall be entitled to avail himself of the limitation of liability provided for in this chapter.

        SUBSEC (3)
          In this chapter the liability of a ship owner shall include liability in action brought against the ship herself.
"""  # noqa: E501

# 003 s.2(1)(u) (L71-73), MPA: the Explanation to clause (u) defines "transhipper" "For the purposes of this clause".
MPA = """
BODY
  CHAPTER I - PRELIMINARY
    SEC 2. - Definitions.
      SUBSEC (1)
        In this Act, unless the context otherwise requires,—

        PARA (u)
          "{{def pier}}" includes any stage, stairs, landing place, hard, jetty, floating barge, transhipper or pontoon, and any bridges or other works connected therewith.

          BLOCKS.explanation
            Explanation.—For the purposes of this clause, the term "{{def transhipper}}" means a floating craft or vessel, whether dumb or self-propelled, on which gears are provided for discharging cargo from a barge or wharf and loading it into a ship;

        PARA (v)
          "{{def port}}" means any major port to which this Act applies, and a transhipper may be used in it.
"""  # noqa: E501


def test_an_explanation_for_the_purposes_of_a_sub_section_limits_its_terms_to_that_sub_section():
    root, _ = linked(PK_535, "pk-mso-2001")
    subsec1 = root.find(".//a:subsection[@eId='part_XIII__chp_41__sec_535__subsec_1']", NS)
    # the sentence opens with the term, so it is capitalised
    assert marked(subsec1) == [("Ship owners", "#term-ship_owner"), ("salvors", "#term-salvor")]
    for eid in ("part_III__chp_5__sec_85", "part_IV__chp_20__sec_245", "part_XIII__chp_41__sec_535__subsec_2"):
        element = root.find(f".//*[@eId='{eid}']", NS)
        assert "ship owner" in "".join(element.itertext()), eid
        assert marked(element) == [], eid


def test_scopes_read_from_the_words_of_the_definition():
    root, _ = linked(PK_535, "pk-mso-2001")
    scopes = {d.term: d.scope.get("eId") for d in terms.definitions(root)}
    assert scopes == {
        "ship owner": "part_XIII__chp_41__sec_535__subsec_1",
        "salvor": "part_XIII__chp_41__sec_535__subsec_1",
    }
    root, _ = linked(PK, "pk-mso-2001")
    scopes = {d.term: d.scope.get("eId") if d.scope is not None else None for d in terms.definitions(root)}
    assert scopes["seaman"] == "part_IV__chp_15"  # "In this Chapter" (s.199(1))
    assert scopes["ship"] is None  # "In this Ordinance"


def test_an_explanation_for_the_purposes_of_this_clause_applies_in_that_clause_only():
    root, _ = linked(MPA, "in-mpab-2016")
    pier = root.find(".//a:paragraph[@eId='chp_I__sec_2__subsec_1__para_u']", NS)
    assert ("transhipper", "#term-transhipper") in marked(pier)  # the clause the Explanation belongs to
    port = root.find(".//a:paragraph[@eId='chp_I__sec_2__subsec_1__para_v']", NS)
    assert ("transhipper", "#term-transhipper") not in marked(port)


def test_each_def_refers_to_a_tlcterm_in_the_references():
    root, counts = linked(PK, "pk-mso-2001")
    references = root.find("./a:act/a:meta/a:references", NS)
    tlc = {t.get("eId"): t for t in references.iterfind("a:TLCTerm", NS)}
    for def_el in root.iterfind(".//a:def", NS):
        eid = def_el.get("refersTo").lstrip("#")
        assert tlc[eid].get("showAs") == terms.term_text(def_el)
        assert tlc[eid].get("href") == f"/ontology/term/this.eng.{eid.removeprefix('term-')}"
    assert counts["definitions"] == 5


def test_uses_are_marked_whole_word_plural_and_not_in_their_own_definition():
    root, _ = linked(PK, "pk-mso-2001")
    s161 = root.find(".//a:section[@eId='part_IV__chp_11__sec_161']", NS)
    assert marked(s161) == [("ship", "#term-ship"), ("apprentice", "#term-apprentice")]
    apprentice = root.find(".//a:paragraph[@eId='part_I__chp_1__sec_2__para_1']", NS)
    assert marked(apprentice) == []  # "whether called an apprentice": the definition itself is not marked
    seaman = root.find(".//a:paragraph[@eId='part_I__chp_1__sec_2__para_50']", NS)
    assert marked(seaman) == [("ship", "#term-ship")]  # "apparentice" (OCR) is not "apprentice"


def test_a_chapter_definition_wins_inside_its_chapter_only():
    root, _ = linked(PK, "pk-mso-2001")
    s204 = root.find(".//a:section[@eId='part_IV__chp_15__sec_204']", NS)
    assert marked(s204) == [
        ("seaman", "#term-seaman_2"),  # s.199(b), "In this Chapter"
        ("apprentice", "#term-apprentice"),
        ("ship", "#term-ship"),
    ]
    chapter15 = root.find(".//a:chapter[@eId='part_IV__chp_15']", NS)
    outside = [t for t in root.iterfind(".//a:term", NS) if chapter15 not in set(t.iterancestors())]
    assert outside and not [t for t in outside if t.get("refersTo") in {"#term-seaman_2", "#term-officer"}]


def test_a_term_capitalised_by_its_definition_matches_lower_case_uses_in_the_1875_act():
    root, _ = linked(IPA, "in-ipa-1875")
    s40 = root.find(".//a:section[@eId='chp_IV__sec_40']", NS)
    assert marked(s40) == [("Master", "#term-master"), ("vessel", "#term-vessel")]
    master = root.find(".//a:paragraph[a:heading='Master']", NS)
    assert ("vessel", "#term-vessel") in marked(master)
    assert "Harbour-Master" in "".join(master.itertext())
    assert ("Master", "#term-master") not in marked(master)  # its own definition, and "Harbour-Master" is one word


def test_in_this_chapter_governs_the_definitions_that_follow_in_the_1880_act():
    root, _ = linked(MSA, "in-msa-1880")
    s5 = root.find(".//a:section[@eId='chp_II__sec_5']", NS)
    assert marked(s5) == [("British ship", "#term-british_ship"), ("unsafe", "#term-unsafe")]
    s57 = root.find(".//a:section[@eId='chp_III__sec_57']", NS)
    # outside Chapter II only the Act-wide "ship" applies: not "British ship", not "unsafe"
    assert marked(s57) == [("ship", "#term-ship"), ("ship", "#term-ship")]


def test_terms_are_never_marked_in_headings_numbers_refs_or_remarks():
    markup = PK.replace(
        "––No seaman or apprentice shall desert his ship.",
        "––No seaman shall desert his ship {{*[a ship remark]}} under {{>#part_I__chp_1__sec_2 the ship section}}.",
    ).replace("Desertion and absence without leave.", "Desertion from a ship.")
    root, _ = linked(markup, "pk-mso-2001")
    s204 = root.find(".//a:section[@eId='part_IV__chp_15__sec_204']", NS)
    assert marked(s204) == [("seaman", "#term-seaman_2"), ("ship", "#term-ship")]
    for name in ("heading", "num", "ref", "remark", "def"):
        for el in root.iterfind(f".//a:{name}", NS):
            assert el.find(".//a:term", NS) is None, name


def test_a_function_word_marked_as_a_definition_is_never_linked():
    # 003 L2231: a quoting slip made the builder mark "or" as a defined term
    markup = MSA.replace("{{def unsafe}}", "{{def or}} {{def unsafe}}")
    root, _ = linked(markup, "in-msa-1880")
    assert not [t for t in root.iterfind(".//a:term", NS) if "".join(t.itertext()) == "or"]


def test_linking_twice_adds_nothing():
    root, _ = linked(PK, "pk-mso-2001")
    before = etree.tostring(root)
    terms.link({"pk-mso-2001": root}, DOCS)
    assert etree.tostring(root) == before


@pytest.mark.parametrize(
    ("term", "expected"),
    [
        ("ship", {"ships"}),
        ("seaman", {"seamen"}),
        ("wages", set()),
        ("prescribed", set()),
        ("port authority", {"port authorities"}),
    ],
)
def test_plurals(term, expected):
    assert terms.plurals(term) == expected


# --- the built corpus ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("doc", catalogue.documents(), ids=lambda d: d.id)
def test_every_def_and_term_refers_to_a_tlcterm(doc):
    root = load(doc.id)
    tlc = {t.get("eId") for t in root.iterfind(".//a:TLCTerm", NS)}
    defs = root.findall(".//a:def", NS)
    text = " ".join("".join(root.find(".//a:body", NS).itertext()).split())
    defining = re.search(r"[\"“][^\"“”]{1,60}[\"”],? (?:means|includes)\b", text)
    assert defs or defining is None, f"{doc.id} has no definitions, though its text defines: {defining and defining[0]}"
    for el in [*defs, *root.iterfind(".//a:term", NS)]:
        assert el.get("refersTo", "").lstrip("#") in tlc


def test_pakistan_s161_uses_seaman_and_ship_as_defined_in_s2():
    s161 = cite("pk-mso-2001", "161(3)").element
    assert ("ship", "#term-ship") in marked(s161)
    assert ("apprentice", "#term-apprentice") in marked(s161)


def test_pakistan_s535_ship_owner_applies_in_s535_1_only():
    root = load("pk-mso-2001")
    uses = [t for t in root.iterfind(".//a:term", NS) if t.get("refersTo") == "#term-ship_owner"]
    subsec1 = cite("pk-mso-2001", "535(1)").element
    assert uses and all(subsec1 in set(t.iterancestors()) for t in uses)
    for reference in ("85", "117(2)(c)", "245(1)", "245(2)(a)", "535(3)"):
        text = cite("pk-mso-2001", reference).text
        assert "ship owner" in text, reference
        assert ("ship owner", "#term-ship_owner") not in marked(cite("pk-mso-2001", reference).element), reference
    assert ("seaman", "#term-seaman_2") in marked(cite("pk-mso-2001", "204(1)").element)  # s.199's, in Chapter 15


def test_the_first_words_of_terms_match_whole_words_only_as_defined_or_capitalised():
    """The scan looks only at words a term may begin with ("ship", "ship-owner", "shipping", and "Ship" where a
    sentence opens), each as a whole word: not "ships-" nor the "ship" in "ship-owner" unless that is a term."""
    defs = [terms.Definition(t, terms.slug(t), None, [], []) for t in ("ship", "ship-owner", "shipping company")]
    matcher = terms.Matcher(defs)
    text = "A ship-owner's shipping company. Ship ships shipyard ship_x warship"
    assert [m.group() for m in matcher.first_words.finditer(text)] == ["ship-owner", "shipping", "Ship", "ships"]


def test_an_explanation_for_the_purposes_of_a_linked_item_limits_its_term_to_that_item():
    """003 L1093, MSB s.69: "For the purposes of item (B) of sub-clause (ii) …, "foreign-going ship" means" — the
    definition holds in s.69(1)(a)(ii)(B) only, where the term is used (L1077)."""
    root = load("in-msb-2016")
    (def_el,) = [d for d in root.iter(f"{{{NS['a']}}}def") if terms.term_text(d) == "foreign-going ship"]
    assert terms.scope_of(def_el) is cite("in-msb-2016", "69(1)(a)(ii)(B)").element
    uses = cite("in-msb-2016", "69(1)(a)(ii)(B)").element.iterfind(".//a:term", NS)
    assert [u.get("refersTo") for u in uses if u.text == "foreign-going ship"] == [def_el.get("refersTo")]


def test_a_plural_takes_the_definition_of_the_innermost_scope():
    """004 Chapter 15: s.199(1)(b) defines "seaman" for the Chapter; "seamen" there (s.201) is that definition's
    plural, not that of s.2(45)'s document-wide "Seaman". Outside the Chapter (s.161) it is s.2(45)'s."""
    root = load("pk-mso-2001")
    by_term = {terms.term_text(d): d.get("refersTo") for d in root.iter(f"{{{NS['a']}}}def")}
    inside = cite("pk-mso-2001", "201").element.iterfind(".//a:term", NS)
    assert {t.get("refersTo") for t in inside if t.text == "seamen"} == {by_term["seaman"]}
    outside = cite("pk-mso-2001", "161").element.iterfind(".//a:term", NS)
    assert {t.get("refersTo") for t in outside if t.text in {"seaman", "seamen"}} == {by_term["Seaman"]}


def test_a_definition_naming_a_clause_it_covers_is_not_limited_to_that_clause():
    """003 L729, MSB s.48(c): "Indian charterer" means "a person referred to in clause (a) or clause (b) …  of
    section 14": the definition holds in the Chapter (s.48's "In this Chapter"), so s.49(1)'s use is linked."""
    root = load("in-msb-2016")
    (def_el,) = [d for d in root.iter(f"{{{NS['a']}}}def") if terms.term_text(d) == "Indian charterer"]
    assert terms.scope_of(def_el).get("eId") == "part_III__chp_II"
    uses = cite("in-msb-2016", "49(1)").element.iterfind(".//a:term", NS)
    assert [u.get("refersTo") for u in uses if u.text == "Indian charterer"] == [def_el.get("refersTo")]

"""Words that read as a defined term but are not a use of it, and a compound term printed with a space for its hyphen.

Fixtures are real text from the sources (file and line in each comment), run through bluebell and the terms linker;
then the built corpus. The rules: :func:`corpus.link.terms.not_a_use` (a gerund term used as its verb, "proceeding to
sea"; a set phrase, "rules of evidence") and :func:`corpus.link.terms.spellings` ("foreign going ship").
"""

import pytest

from corpus.cite import cite, load
from corpus.link import terms
from corpus.xmlio import NS
from tests.corpus.linked_markup import linked, marked

# 003 MSB s.3(37) (L183), (45) (L199); s.14(4) (L465); s.83(3) (L1245); s.83(6) (L1269); s.89(11) (L1407).
MSB = """
BODY
  PART I - PRELIMINARY
    SEC 3. - Definitions.
      In this Act, unless the context otherwise requires,—

      SUBSEC (37)
        "{{def proceeding}}" includes any suit, appeal or application under this Act;

      SUBSEC (45)
        "{{def rule}}" means the rule made under this Act;
  PART III - REGISTRATION
    SEC 14. - Registration.
      SUBSEC (4)
        If an Indian vessel is proceeding to sea without its valid certificate of registry, such Indian vessel shall be detained until it produces its valid certificate of registry to the proper officer.
  PART V - SEAFARERS
    SEC 83. - Tribunal.
      SUBSEC (3)
        The Tribunal shall also not be bound by the rules of evidence contained in the 10 of 1872. Indian Evidence Act, 1872.

      SUBSEC (6)
        No party to a dispute shall be entitled to be represented by a legal practitioner in any proceeding before the Tribunal except with the consent of the other party or parties to the proceeding and with the leave of the Tribunal.
    SEC 89. - Setting aside.
      SUBSEC (11)
        Where a court sets aside a decree or order under this section, it shall appoint a day for proceeding with the suit, appeal or application, as the case may be, in respect of which the decree or order was passed.
"""  # noqa: E501

# 004 s.2(14) (L70, abridged), (18) (L84, abridged), (47) (L186, abridged); s.140(1) (L1248).
PK = """
BODY
  PART I -
    CHAPTER 1 - PRELIMINARY
      SEC 2. - Definitions.
        In this Ordinance, unless there is anything repugnant in the subject or context,—

        PARA (14)
          “{{def foreign-going ship}}” means a ship, not being a coasting ship or a home-trade ship, employed in trading between any port or place in Pakistan and any other port or place;

        PARA (18)
          “{{def home-trade ship}}” or “{{def home-trade passenger ship}}” means ship employed in trading between ports and places in Pakistan;

        PARA (47)
          “{{def ship}}” includes every description of vessel used in navigation not propelled by oars or paddles;
  PART IV -
    CHAPTER 10 - DISCHARGE
      SEC 140. - Discharge of seamen.
        SUBSEC (1)
          When a seaman serving in a foreign going ship or home trade ship is, on the termination of his engagement. discharged in Pakistan, he shall, whether the agreement with the crew be an agreement for the voyage or a running agreement, be discharged in the manner provided by this Ordinance in the presence of a Shipping Master.
"""  # noqa: E501


def test_proceeding_to_sea_and_with_the_suit_are_the_verb_any_proceeding_before_the_tribunal_the_noun():
    root = linked(MSB, "in-msb-2016")
    body = root.find(".//a:body", NS)
    uses = [(text, p) for p in body.iter(f"{{{NS['a']}}}p") for text, _ in marked(p)]
    proceeding = ["".join(p.itertext())[:40] for text, p in uses if text == "proceeding"]
    assert proceeding == ["No party to a dispute shall be entitled ", "No party to a dispute shall be entitled "]
    assert not any(text == "proceeding" for text, _ in marked(body.find(".//a:section[@eId='part_III__sec_14']", NS)))


def test_the_rules_of_evidence_are_not_the_rules_made_under_the_act():
    root = linked(MSB, "in-msb-2016")
    section = root.find(".//a:section[@eId='part_V__sec_83']", NS)
    assert ("rules", "#term-rule") not in marked(section)


def test_a_compound_term_is_used_with_a_space_for_its_hyphen():
    root = linked(PK, "pk-mso-2001")
    section = root.find(".//a:section[@eId='part_IV__chp_10__sec_140']", NS)
    assert marked(section) == [
        ("foreign going ship", "#term-foreign_going_ship"),
        ("home trade ship", "#term-home_trade_ship"),
    ]


@pytest.mark.parametrize(
    ("text", "term", "use"),
    [
        ("shall, before proceeding to sea from any port", "proceeding", False),  # 003 MSB s.57(1)
        ("a vessel proceeding or intending to proceed beyond waters", "proceeding", False),  # 003 MSB s.3(51)
        ("delay her from proceeding on any voyage", "proceeding", False),  # 003 MSB s.141(1)
        ("for the purpose of proceeding on the voyage", "proceeding", False),  # 003 MSB s.94(7)
        ("When a vessel so proceeding to sea takes to sea", "proceeding", False),  # 003 MSB s.263(3)
        ("it shall appoint a day for proceeding with the suit", "proceeding", False),  # 004 s.227(4)
        ("in any proceeding before the Tribunal", "proceeding", True),  # 003 MSB s.83(6)
        ("the other party or parties to the proceeding and with the leave", "proceeding", True),  # 003 MSB s.83(6)
        ("any proceeding to which he is a party", "proceeding", True),  # a determiner: the noun
        ("any legal proceeding relating to", "proceeding", True),  # 003 MSB
        ("postpone the proceeding in respect of", "proceeding", True),  # 004 s.226
        ("in proceedings brought by", "proceedings", True),  # a plural is the noun
        ("not be bound by the rules of evidence contained in", "rules", False),  # 003 MSB s.83(3)
        ("according to the rules of procedure of the court", "rules", False),
        ("subject to the rule of law", "rule", False),
        ("by the rules of natural justice", "rules", False),
        ("For the removal of doubts, it is hereby clarified", "removal", False),  # 003 MSB s.11(3)
        ("for the removal of difficulties", "removal", False),
        ("the rules made under this Act", "rules", True),
        ("the rules of this Part", "rules", True),  # "of" then words that make no set phrase
        ("the removal of the wreck", "removal", True),  # 003 MSB Part XI
    ],
)
def test_not_a_use(text: str, term: str, use: bool) -> None:
    start = text.index(term)
    assert terms.not_a_use(text, start, start + len(term)) is not use


@pytest.mark.parametrize(
    ("term", "forms"),
    [
        ("foreign-going ship", ["foreign-going ship", "foreign going ship"]),
        ("home-trade passenger ship", ["home-trade passenger ship", "home trade passenger ship"]),
        ("sea-going", ["sea-going", "sea going"]),
        ("high-water-mark", ["high-water-mark"]),  # three parts: not opened
        ("ship", ["ship"]),
    ],
)
def test_spellings_open_a_compound(term: str, forms: list[str]) -> None:
    assert terms.spellings(term) == forms


def test_a_definition_in_this_section_and_section_388_applies_in_section_388():
    """004 s.389(8), L3442: "In this section and section 388 the expression “grain” includes …"."""
    root = load("pk-mso-2001")
    s388 = cite("pk-mso-2001", "388").element
    (grain,) = [d for d in terms.definitions(root) if d.term == "grain" and d.scope is s388]
    assert grain.slug == "grain" and grain.defs == []
    assert ("grain", "#term-grain") in marked(cite("pk-mso-2001", "388(1)").element)
    assert ("grain", "#term-grain") in marked(cite("pk-mso-2001", "389(1)").element)
    assert ("grain", "#term-grain") not in marked(cite("pk-mso-2001", "387").element)
    s389_4 = marked(cite("pk-mso-2001", "389(4)").element)
    assert ("ship carrying a cargo of grain", "#term-ship_carrying_a_cargo_of_grain") in s389_4


def test_the_missed_definitions_of_section_389_8_and_542_2_are_marked():
    defs = {"".join(d.itertext()): d.get("refersTo") for d in load("pk-mso-2001").iterfind(".//a:def", NS)}
    assert defs["grain"] == "#term-grain"
    assert defs["ship carrying a cargo of grain"] == "#term-ship_carrying_a_cargo_of_grain"
    claims = "claims for loss of life or personal injury to passengers on a ship"
    assert defs[claims] == "#term-" + terms.slug(claims)

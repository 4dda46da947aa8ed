"""The penalty for a submerged load line.

- ``in-msb-2016/load-line``: Merchant Shipping Bill, 2016 (India), s. 118 and the s. 256 penalty Table, item 51
  (fine up to four lakh rupees and up to twenty-five thousand rupees more "for every inch or fraction of an inch"
  submerged; the stress-of-weather proviso; detention under s. 118(2)).
- ``pk-mso-2001/load-line``: Pakistan Merchant Shipping Ordinance, 2001, s. 358 (exemptions), s. 362 and s. 363
  (submersion), s. 364 (fine up to one hundred thousand rupees "for each offence", and detention): no per-inch rule;
  s. 362 and s. 363 bind "A Pakistani ship", so a ship of another flag is dealt with by inspection and detention
  under s. 374(4) (with s. 400), not by the s. 364 fine.

- ``in-msa-1958/load-line``: Merchant Shipping Act, 1958 (India, in force until 2026), s. 313 (an Indian ship), s. 326
  (applying s. 313 to another ship in a port in India; from 21 July 1968 a Load Line Convention ship only after a
  s. 323 inspection), s. 333 (an Indian passenger ship's sub-division load line), s. 310 (exemptions), s. 343(3) (a
  foreign ship in port only by stress of weather) and the s. 436(2) Table's items 100 (with its proviso; the fine an
  inch raised from one to five thousand rupees on 18 May 1983) and 107. The items are cited by their rows'
  eIds, as the Bill's.

The texts judge the submersion "in salt water" with "no list". A measurement taken in a dock, with a list, is brought
to that condition by two conventions (documented here and in the book; they are seamanship, not the statute's words):

- no list: the mean of the depths the load line is submerged on the port and starboard sides;
- salt water: the fresh-water allowance FWA (mm) = displacement (t) / (4 × TPC), TPC being tonnes per centimetre
  immersion in salt water, and the dock-water allowance DWA = FWA × (1.025 − ρ) / 0.025 for water of density ρ t/m³;
  in water lighter than salt water the ship floats deeper by DWA, so the salt-water depth is the mean less DWA (in
  denser water, DWA is negative and the salt-water depth larger). The FWA is the one on the ship's load line
  certificate when it is given (``fresh_water_allowance_mm``); otherwise it is worked from ``displacement_t`` and
  ``tpc``, which are then required whenever ρ is not 1.025.

India counts "every inch or fraction of an inch" at 25.4 mm to the inch, rounding any fraction up. The arithmetic is
in ``Decimal`` so that exactly one inch (25.4 mm) is one inch, not two.

The Bill's Table item 51 is cited by its row's eId (``part_XIV__sec_256__wrapup__table_1__item_51``; corpus/tables.py
names the rows), so the traceability check follows that item's own text; its proviso sits in the same cell.
"""

from __future__ import annotations

import datetime as dt
from decimal import ROUND_CEILING, Decimal

from widgets.rules.dated import Dated, Value
from widgets.rules.facts import NOT_SHOWN, Fact, Facts, Schema, date, flag, number, option, proof
from widgets.rules.provisions import Ref
from widgets.rules.registry import Rule
from widgets.rules.result import MAXIMUM, Result
from widgets.rules.wording import counted, date_text, figure, measure, money_text

IN, PK, MSA = "in-msb-2016", "pk-mso-2001", "in-msa-1958"

_TABLE = "part_XIV__sec_256__wrapup__table_1"
IN_S118_1 = Ref(IN, "part_VI__sec_118__subsec_1", "s. 118(1)")
IN_S118_2 = Ref(IN, "part_VI__sec_118__subsec_2", "s. 118(2)")
IN_ITEM_51 = Ref(IN, f"{_TABLE}__item_51", "s. 256 Table item 51")
IN_ITEM_51_PROVISO = Ref(IN, f"{_TABLE}__item_51", "s. 256 Table item 51 proviso")

_CH24 = "part_VI__chp_24"
PK_S358 = Ref(PK, f"{_CH24}__sec_358", "s. 358")
PK_S362 = Ref(PK, f"{_CH24}__sec_362", "s. 362")
PK_S363 = Ref(PK, f"{_CH24}__sec_363", "s. 363")
PK_S364_1 = Ref(PK, f"{_CH24}__sec_364__subsec_1", "s. 364(1)")
PK_S364_2 = Ref(PK, f"{_CH24}__sec_364__subsec_2", "s. 364(2)")
PK_S374_4 = Ref(PK, "part_VI__chp_26__sec_374__subsec_4", "s. 374(4)")
PK_S400 = Ref(PK, "part_VI__chp_28__sec_400", "s. 400")
PK_S402 = Ref(PK, "part_VI__chp_28__sec_402", "s. 402")

_MSA_TABLE = "sec_436__subsec_2__table_1"
MSA_S310 = Ref(MSA, "sec_310", "s. 310")
MSA_S313_1 = Ref(MSA, "sec_313__subsec_1", "s. 313(1)")
MSA_S313_2 = Ref(MSA, "sec_313__subsec_2", "s. 313(2)")
MSA_S323 = Ref(MSA, "sec_323", "s. 323")
MSA_S326 = Ref(MSA, "sec_326", "s. 326")
MSA_S333_1 = Ref(MSA, "sec_333__subsec_1", "s. 333(1)")
MSA_S333_2 = Ref(MSA, "sec_333__subsec_2", "s. 333(2)")
MSA_S343_3 = Ref(MSA, "sec_343__subsec_3", "s. 343(3)")
MSA_ITEM_100 = Ref(MSA, f"{_MSA_TABLE}__item_100", "s. 436(2) Table item 100")
MSA_ITEM_100_PROVISO = Ref(MSA, f"{_MSA_TABLE}__item_100__row_2", "s. 436(2) Table item 100 proviso")
MSA_ITEM_107 = Ref(MSA, f"{_MSA_TABLE}__item_107", "s. 436(2) Table item 107")

MM_PER_INCH = Decimal("25.4")
SALT_WATER = Decimal("1.025")
IN_BASE_FINE = Decimal(400_000)
"""Item 51: "fine which may extend to four lakh rupees"."""
IN_FINE_PER_INCH = Decimal(25_000)
"""Item 51: "additional fine not exceeding twenty-five thousand rupees for every inch or fraction of an inch"."""
PK_FINE = Decimal(100_000)
"""s. 364(1): "a fine which may extend to one hundred thousand rupees"."""

MSA_ITEM_100_FINE = Decimal(10_000)
"""1958 Act, item 100: "fine which may extend to ten thousand rupees" (the record notes no amendment of these words)."""
MSA_ITEM_100_PER_INCH = Dated(
    "s. 436(2) Table item 100: the additional fine for every inch or fraction of an inch",
    (
        Value(None, Decimal(1_000), 'item 100 as enacted: "one thousand rupees" (the words footnote 312 replaced)'),
        Value(
            dt.date(1983, 5, 18),
            Decimal(5_000),
            'Act 12 of 1983, s. 16 (w.e.f. 18-5-1983): "five thousand rupees" for "one thousand rupees" (footnote 312)',
        ),
    ),
)
MSA_ITEM_107_FINE = Decimal(10_000)
"""1958 Act, item 107: "fine which may extend to ten thousand rupees" (no amendment noted)."""
MSA_ITEM_107_PER_INCH = Decimal(1_000)
"""1958 Act, item 107: "an additional fine not exceeding one thousand rupees for every inch or fraction of an inch"."""
MSA_S326_A = Dated(
    "s. 326(a): a Load Line Convention ship is detained or proceeded against only after a s. 323 inspection",
    (
        Value(None, False, "s. 326 as enacted, before clause (a) was inserted"),
        Value(
            dt.date(1968, 7, 21),
            True,
            "clause (a) inserted by Act 25 of 1970, s. 13 (w.e.f. 21-7-1968)",
            "Act 25 of 1970, s. 13",
        ),
    ),
)

DEFENCE_REACH = option(
    "stress_of_weather_reach",
    ("fine-only", "fine-and-detention"),
    "fine-only",
    "What the stress-of-weather proviso of Table item 51 answers. fine-only (default): it is 'a good defence for the "
    "master or owner' to the penalty in the Table, while detention under s. 118(2) is of a vessel 'loaded in "
    "contravention of this section', 'without prejudice to any other proceedings', and lasts only 'until she ceases "
    "to be so loaded'; fine-and-detention: the defence also answers the detention.",
)
SUBDIVISION_INCHES = option(
    "subdivision_inches_measure",
    ("as-floating", "salt-water"),
    "as-floating",
    "How the inches of the 1958 Act's item 107 are measured. as-floating (default): as the item says, the inches "
    "'by which the appropriate sub-division load line on each side was submerged or would have been submerged if the "
    "ship had no list', with no words of salt water (item 100's 'if the ship had been in salt waters and had no list' "
    "are not repeated), so the depth as she floats, only the list taken out; salt-water: the depth in salt water, as "
    "s. 333(1) judges the contravention.",
)
S402_REACH = option(
    "s402_reach",
    ("no-detention", "s400-only"),
    "no-detention",
    "What s. 402 takes away from a ship other than a Pakistani ship in port only by stress of weather or the like "
    "('Nothing in this Chapter shall apply'). no-detention (default): s. 374(4)'s detention works through s. 400 ('the "
    "ship may be detained and the provisions of section 400 shall apply'), which applies Chapter 28's detention "
    "provisions to her; with Chapter 28 disapplied there is nothing to detain her by (the 1958 Act's s. 343(3), the "
    "text it descends from, disapplies the whole Part); s400-only: s. 374(4), in Chapter 26, still lets her be "
    "detained, and only s. 400's procedure falls away.",
)
S364_2_READING = option(
    "s364_2_reference",
    ("sections-362-363", "literal"),
    "sections-362-363",
    "s. 364(2) detains a ship 'loaded in contravention of section 366 or section 367', but s. 366 is inspection and "
    "s. 367 the issue of certificates, neither of which a ship can be loaded in contravention of. sections-362-363 "
    "(default): read as the submersion sections the heading of s. 364 names ('Penalty for submersion of load lines and "
    "sub-division load lines'); literal: as printed, so s. 364(2) gives no detention for submersion.",
)


def _in_port_by_weather(own: str) -> Fact:
    """The fact of s. 402 (Pakistan) and s. 343(3) (the 1958 Act): a foreign ship in port only by stress of weather."""
    return proof(
        "in_port_by_stress_of_weather",
        f"A ship other than {own} ship: she would not have been within the port but for stress of weather or another "
        "circumstance neither master, owner nor charterer could have prevented or forestalled (Pakistan s. 402, the "
        "1958 Act s. 343(3)); another fact than the Table's stress-of-weather defence.",
        burden="the master or owner",
    )


def _schema(text: str) -> Schema:
    """The facts of one text: ``pk`` (the Ordinance), ``msb`` (the Bill) or ``msa`` (the 1958 Act)."""
    side = "Depth (mm) the appropriate load line is under water on the {} side; negative: freeboard to spare."
    proviso = {"msb": "India, item 51 proviso", "msa": "s. 436(2) Table item 100 proviso"}.get(text)
    facts = [
        number("submerged_mm_port", side.format("port"), -100_000, 100_000, unit="mm"),
        number("submerged_mm_starboard", side.format("starboard"), -100_000, 100_000, unit="mm"),
        number("water_density", "Density of the water the ship floats in.", 0.95, 1.05, default=1.025, unit="t/m³"),
        number("displacement_t", "Displacement (needed unless in salt water).", 1, 10_000_000, default=None, unit="t"),
        number("tpc", "Tonnes per centimetre immersion (needed unless in salt water).", 0.01, 100_000, None, "t/cm"),
        number(
            "fresh_water_allowance_mm",
            "The fresh-water allowance on the ship's load line certificate, when known (then displacement and TPC are "
            "not needed).",
            0,
            2_000,
            default=None,
            unit="mm",
        ),
        proof(
            "stress_of_weather",
            "The contravention was due solely to deviation or delay caused solely by stress of weather or another "
            "circumstance neither master, owner nor charterer could have prevented or forestalled ("
            + (f"{proviso})." if proviso else "a defence of the Indian texts' Table; the Ordinance has none)."),
            burden="the master or owner",
        ),
        flag("exempt", "The ship is exempted from the provisions relating to load lines.", default=False),
    ]
    if text == "pk":
        facts.append(
            flag(
                "pakistani_ship",
                "The ship is a Pakistani ship (s. 362 and s. 363 bind only a Pakistani ship; another is inspected and "
                "may be detained under s. 374).",
                default=True,
            )
        )
        facts.append(
            flag(
                "subdivision_load_line",
                "The load line in question is a passenger ship's appropriate sub-division load line (s. 363).",
                default=False,
            )
        )
        facts.append(_in_port_by_weather("a Pakistani"))
        facts.append(S364_2_READING)
        facts.append(S402_REACH)
    elif text == "msa":
        facts += [
            flag(
                "subdivision_load_line",
                "The load line in question is an Indian passenger ship's appropriate sub-division load line, lower "
                "than her load line (s. 333).",
                default=False,
            ),
            flag(
                "indian_ship",
                "The ship is an Indian ship (s. 313 binds an Indian ship; s. 326 applies it to another ship while "
                "within a port in India, which she is taken to be).",
                default=True,
            ),
            flag(
                "convention_ship",
                "A ship other than an Indian ship of a Load Line Convention country, existing and of 150 tons gross or "
                "more or new and of 24 metres or more (s. 326(a)).",
                default=False,
            ),
            flag("inspected_under_s323", "A surveyor has inspected her under s. 323.", default=False),
            date(
                "offence_on",
                "The day she was so loaded: the Table's amounts and s. 326(a) are those in force that day; not given, "
                "the current text's.",
                default=None,
            ),
            _in_port_by_weather("an Indian"),
            DEFENCE_REACH,
            SUBDIVISION_INCHES,
        ]
    else:
        facts.append(DEFENCE_REACH)
    return Schema(*facts)


def _check(facts: Facts) -> list[tuple[str, str]]:
    """The dock-water allowance needs the certificate's fresh-water allowance, or the displacement and the TPC to work
    it out, whenever the water is not salt water."""
    if Decimal(str(facts.water_density)) == SALT_WATER or facts.fresh_water_allowance_mm is not None:
        return []
    why = (
        f"is required when water_density is not 1.025 (got {facts.water_density:g}), for the dock-water allowance "
        "(or give fresh_water_allowance_mm)"
    )
    return [(name, why) for name in ("displacement_t", "tpc") if getattr(facts, name) is None]


def _level(depth_mm: Decimal) -> str:
    """How far the load line is under water, or (a negative depth) clear of it: "submerged 30 mm", "15 mm clear ..."."""
    if depth_mm > 0:
        return f"submerged {measure(depth_mm, 'mm')}"
    if depth_mm < 0:
        return f"{measure(-depth_mm, 'mm')} clear of the water"
    return "exactly at the waterline"


def _sides(port: Decimal, starboard: Decimal) -> str:
    """The two sides' measurements in words, saying "submerged" or "clear of the water" once when they agree."""
    if port == starboard:
        return f"{_level(port)} on each side"
    both = f"{measure(abs(port), 'mm')} to port and {measure(abs(starboard), 'mm')} to starboard"
    if port > 0 and starboard > 0:
        return f"submerged {both}"
    if port < 0 and starboard < 0:
        return f"{both} clear of the water"
    return f"{_level(port)} to port and {_level(starboard)} to starboard"


def _salt_water_no_list(result: Result, ref: Ref) -> Decimal:
    """The depth (mm) the load line would be submerged "if the ship were in salt water and had no list": the mean of
    the two sides, less the dock-water allowance (the conventions of the module docstring)."""
    facts = result.facts
    port, starboard = Decimal(str(facts.submerged_mm_port)), Decimal(str(facts.submerged_mm_starboard))
    mean = (port + starboard) / 2
    text = f"The load line is {_sides(port, starboard)}: with no list, {_level(mean)}"
    density = Decimal(str(facts.water_density))
    if density == SALT_WATER:
        result.step(ref, text + " in salt water.")
        if facts.fresh_water_allowance_mm is not None or facts.displacement_t is not None or facts.tpc is not None:
            result.step(
                ref, "In salt water there is no dock-water allowance: the FWA, displacement and TPC are unused."
            )
        return mean
    if facts.fresh_water_allowance_mm is not None:
        fwa, source = Decimal(str(facts.fresh_water_allowance_mm)), "on the load line certificate"
        if facts.displacement_t is not None or facts.tpc is not None:
            result.step(
                ref, "The certificate's fresh-water allowance is used: the displacement and TPC are not needed."
            )
    else:
        fwa, source = Decimal(str(facts.displacement_t)) / (4 * Decimal(str(facts.tpc))), "worked out"
    dwa = fwa * (SALT_WATER - density) / Decimal("0.025")
    depth = mean - dwa
    result.value("dock_water_allowance_mm", float(dwa))
    result.step(
        ref,
        f"{text} in water of density {figure(density, 4)} t/m³; with a fresh-water allowance of "
        f"{measure(fwa, 'mm')} ({source}) the dock-water allowance is {measure(dwa, 'mm')}, so "
        f"{_level(depth)} in salt water.",
    )
    return depth


# --- India: Merchant Shipping Bill, 2016 --------------------------------------------------------------------------


def _in_compute(facts: Facts, result: Result) -> None:
    """s. 118(1): "No vessel, other than a vessel exempted from the provisions of this Part relating to load lines,
    shall be so loaded as to submerge in salt water, when the vessel has no list, the appropriate load line on each
    side of the vessel" (in-msb-2016, part_VI__sec_118__subsec_1)."""
    depth = _salt_water_no_list(result, IN_S118_1)
    result.value("submerged_salt_water_mm", float(depth))
    if facts.exempt:
        _not_submerged(
            result, IN_S118_1, "The vessel is exempted from the provisions relating to load lines.", inches=True
        )
        return
    if depth <= 0:
        _not_submerged(
            result, IN_S118_1, "The load line is not submerged in salt water with no list: no offence.", inches=True
        )
        return
    inches = _in_inches(result, depth)
    defence = _in_stress_of_weather(result)
    fine = Decimal(0) if defence else IN_BASE_FINE + IN_FINE_PER_INCH * inches
    if not defence:
        result.step(
            IN_ITEM_51,
            f"A fine of up to four lakh rupees and up to twenty-five thousand rupees more for every inch or fraction "
            f"of an inch ({counted(inches, 'inch', 'inches')}): at most {money_text(result, fine)}.",
        )
    result.amount("max_fine", fine, MAXIMUM, IN_ITEM_51_PROVISO if defence else IN_ITEM_51)
    _in_detention(result, defence)


def _in_inches(result: Result, depth: Decimal) -> int:
    """Item 51: "additional fine not exceeding twenty-five thousand rupees for every inch or fraction of an inch by
    which the appropriate load lines on each side of the vessel are submerged or would have been submerged if the
    vessel had been in salt waters and had no list" (in-msb-2016, part_XIV__sec_256__wrapup__table_1__item_51)."""
    inches = int((depth / MM_PER_INCH).to_integral_value(rounding=ROUND_CEILING))
    result.value("inches_charged", inches)
    result.step(
        IN_ITEM_51,
        f"{measure(depth, 'mm', places=3)} is {counted(inches, 'inch', 'inches')}, counting a fraction of an inch as "
        "an inch.",
    )
    return inches


def _in_stress_of_weather(result: Result) -> bool:
    """Item 51, proviso: "it shall be a good defence for the master or owner to prove that a contravention was due
    solely to deviation or delay caused solely by stress of whether [weather] or other circumstance which neither the
    master nor the owner nor the charterer, if any, could have prevented or forestalled" (in-msb-2016,
    part_XIV__sec_256__wrapup__table_1__item_51, its proviso). The master or owner must prove it: not shown, no
    defence."""
    value = result.facts.stress_of_weather
    if value is True:
        result.burden("stress_of_weather", IN_ITEM_51_PROVISO, "proved: a good defence to the fine")
        result.step(IN_ITEM_51_PROVISO, "Due solely to stress of weather or the like: a good defence, no fine.")
        return True
    effect = "not shown: no defence" if value == NOT_SHOWN else "no such cause: no defence"
    result.burden("stress_of_weather", IN_ITEM_51_PROVISO, effect)
    return False


def _in_detention(result: Result, defence: bool) -> None:
    """s. 118(2): "Without prejudice to any other proceedings under this Act, any vessel which is loaded in
    contravention of this section may be detained until she ceases to be so loaded" (in-msb-2016,
    part_VI__sec_118__subsec_2)."""
    if defence and result.option("stress_of_weather_reach") == "fine-and-detention":
        result.value("detention", False)
        result.step(IN_S118_2, "Read as reaching the detention too, the defence leaves no power to detain.")
        return
    result.value("detention", True)
    result.step(IN_S118_2, "Loaded in contravention of s. 118: the vessel may be detained until she ceases to be so.")


NO_CONTRAVENTION = {
    IN: (("stress_of_weather", "a defence matters only to a contravention, and there is none"),),
    PK: (
        ("pakistani_ship", "with no contravention to answer for, the flag does not matter"),
        ("in_port_by_stress_of_weather", "with no submersion to answer for, why she is in port does not matter"),
    ),
    MSA: (
        ("stress_of_weather", "a defence matters only to a contravention, and there is none"),
        ("indian_ship", "with no contravention to answer for, the flag does not matter"),
        ("convention_ship", "with no contravention to answer for, s. 326(a) does not matter"),
        ("inspected_under_s323", "with no contravention to answer for, an inspection does not matter"),
        ("in_port_by_stress_of_weather", "with no contravention to answer for, why she is in port does not matter"),
        ("offence_on", "with no contravention, no amount in force that day is applied"),
    ),
}
"""Facts that matter only once the load line is submerged in a ship the provisions reach, by text."""


def _not_submerged(result: Result, ref: Ref, why: str, inches: bool = False) -> None:
    """No contravention (``why``, citing ``ref``): the facts that bear only on one reported unused, nothing charged."""
    result.step(ref, why)
    for fact, unused_why in NO_CONTRAVENTION[result.rule.id.partition("/")[0]]:
        result.unused(fact, ref, unused_why)
    _nothing_charged(result, ref, inches)


def _nothing_charged(result: Result, ref: Ref, inches: bool = True) -> None:
    """No fine (a maximum of nothing, citing ``ref``), no detention and, for the Indian texts that fine by the inch,
    no inch charged."""
    result.amount("max_fine", Decimal(0), MAXIMUM, ref)
    result.value("detention", False)
    if inches:
        result.value("inches_charged", 0)


def _in_port_by_weather_shown(result: Result, ref: Ref, proved: str) -> bool:
    """The burden of the Ordinance's s. 402 and the 1958 Act's s. 343(3), which share their words: a ship other than
    the country's own, within its port only "for stress of weather or any other circumstance that neither the master
    nor the owner nor the charter(er) ... could have prevented or forestalled". The master or owner, who relies on it,
    must show it: not shown (or shown not so), ``ref`` does not apply; proved, the burden says ``proved``. Returns
    whether it was proved."""
    value = result.facts.in_port_by_stress_of_weather
    if value is not True:
        effect = "not shown" if value == NOT_SHOWN else "she was not in port by stress of weather"
        result.burden("in_port_by_stress_of_weather", ref, f"{effect}: {ref.citation} does not apply")
        return False
    result.burden("in_port_by_stress_of_weather", ref, proved)
    return True


# --- Pakistan: Merchant Shipping Ordinance, 2001 ------------------------------------------------------------------


def _pk_compute(facts: Facts, result: Result) -> None:
    """s. 362: "A Pakistani ship, not being exempt from the provisions of this Part, shall not be so loaded that the
    appropriate load line on each side of the ship ... is submerged if the ship is in salt water and has no list or
    would be submerged if the ship were in salt water and had no list" (pk-mso-2001, part_VI__chp_24__sec_362).

    s. 363: where a passenger ship's "appropriate sub-division load line" is the lower, "the ship shall not be so
    loaded that the appropriate load line on each side of the ship is submerged" in the same conditions
    (part_VI__chp_24__sec_363)."""
    result.unused(
        "stress_of_weather",
        PK_S364_1,
        "s. 364 has no defence of a contravention due solely to deviation or delay by stress of weather (the Indian "
        "texts' Table has); a foreign ship in port only by stress of weather is another fact, s. 402's",
    )
    result.value("fine_liable", None)  # who is liable, once a fine is due (s. 364(1))
    section = PK_S363 if facts.subdivision_load_line else PK_S362
    depth = _salt_water_no_list(result, section)
    result.value("submerged_salt_water_mm", float(depth))
    if facts.exempt:
        _pk_exempt(result)
        return
    if depth <= 0:
        _not_submerged(result, section, "The load line is not submerged in salt water with no list: no offence.")
        return
    if not facts.pakistani_ship:
        _pk_foreign_ship(result, section)
        return
    result.unused("in_port_by_stress_of_weather", PK_S402, "s. 402 is for a ship other than a Pakistani ship")
    result.step(section, "The appropriate load line is submerged in salt water with no list: loaded in contravention.")
    _pk_fine(result)
    _pk_detention(result)


def _pk_foreign_ship(result: Result, section: Ref) -> None:
    """s. 362 and s. 363 bind "A Pakistani ship" (pk-mso-2001, part_VI__chp_24__sec_362, __sec_363), so a ship of
    another flag does not contravene them and s. 364's fine does not reach her. s. 374(4): "If it is found on any such
    inspection that the ship is loaded beyond the limits allowed by the certificate, the ship may be detained and the
    provisions of section 400 shall apply" (part_VI__chp_26__sec_374__subsec_4) — the inspection of s. 374(1), in a
    port in Pakistan, of a ship "other than a Pakistani ship" of a country to which the Load Line Convention applies;
    s. 400 (part_VI__chp_28__sec_400) applies the detention provisions to her with the consular officer's part."""
    result.step(
        section, "Not a Pakistani ship: s. 362 and s. 363 bind a Pakistani ship only, so no offence under them."
    )
    result.amount("max_fine", Decimal(0), MAXIMUM, PK_S364_1)
    result.step(PK_S364_1, "The s. 364(1) fine is for a contravention of s. 362 or s. 363: none is due.")
    if _pk_in_port_by_weather(result):
        return
    result.value("detention", True)
    result.step(
        PK_S374_4,
        "Found on inspection in a port in Pakistan to be loaded beyond the limits of her certificate, she may be "
        "detained (taken as given: a ship of a Load Line Convention country, of the size s. 374(1)'s proviso names, "
        "inspected under s. 374(1)).",
    )
    result.step(
        PK_S400, "The detention provisions apply to her as if she were a Pakistani ship, with s. 400's changes."
    )


def _pk_in_port_by_weather(result: Result) -> bool:
    """s. 402: "Nothing in this- Chapter shall apply to any ship other than a Pakistani ship while it is within any
    port in Pakistan if it would not have been within such port but for stress of whether or any other circumstances
    that neither the master nor the owner nor the charter, if any, of the ship could have prevented or forestalled"
    (pk-mso-2001, part_VI__chp_28__sec_402). "This Chapter" is Chapter 28, whose s. 400 applies the detention
    provisions to a foreign ship and which s. 374(4) calls in; what that takes away is the option ``s402_reach``
    (by default the detention). The master or owner, who relies on it, must show it: not shown, s. 374(4) stands.
    Returns whether the detention is taken away (the result then recorded)."""
    if not _in_port_by_weather_shown(result, PK_S402, "proved: Chapter 28 does not apply to her"):
        return False
    result.step(
        PK_S402,
        "She is in the port only by stress of weather or a circumstance no one could have prevented or forestalled: "
        "nothing in Chapter 28 applies to her, s. 400 included.",
    )
    if result.option("s402_reach") == "s400-only":
        result.value("detention", True)
        result.step(
            PK_S374_4,
            "Read as taking away s. 400 only (option s400-only), she may still be detained under s. 374(4), without "
            "s. 400's procedure.",
        )
        return True
    result.value("detention", False)
    result.step(
        PK_S374_4,
        "s. 374(4)'s detention works through s. 400 and Chapter 28's detention provisions, which do not apply to her: "
        "she may not be detained.",
    )
    return True


def _pk_exempt(result: Result) -> None:
    """s. 358(2): "The provisions of this Chapter relating to load lines shall not apply to— (a) ships of war; (b) any
    ship solely engaged in fishing; (c) any pleasure yacht not engaged in trade; (d) any existing ship of a gross
    tonnage of less than one hundred and fifty; and (e) any new ship of less than twenty-four meters (79 ft) in
    length"; s. 358(3): the Federal Government "may ... exempt" further ships (pk-mso-2001,
    part_VI__chp_24__sec_358)."""
    _not_submerged(result, PK_S358, "The ship is exempt (s. 358(2), or by order under s. 358(3)): no offence.")


def _pk_fine(result: Result) -> None:
    """s. 364(1): "If any ship is loaded in contravention of section 362 or section 363 the owner and master thereof
    shall, for each offence, be liable to a fine which may extend to one hundred thousand rupees" (pk-mso-2001,
    part_VI__chp_24__sec_364__subsec_1). One ceiling however deep the submersion: there is no per-inch rule. The
    owner and the master are each liable: the ceiling is per person liable, not shared."""
    result.amount("max_fine", PK_FINE, MAXIMUM, PK_S364_1)
    result.value("fine_liable", "the owner and the master, each")
    result.step(
        PK_S364_1,
        f"The owner and the master are each liable to a fine of up to {money_text(result, PK_FINE)} for the offence, "
        "whatever the depth: the Ordinance has no per-inch rule.",
    )


def _pk_detention(result: Result) -> None:
    """s. 364(2): "Without prejudice to any proceedings under this Ordinance, any ship which is loaded in contravention
    of section 366 or section 367 may be detained until the ship ceases to be so loaded" (pk-mso-2001,
    part_VI__chp_24__sec_364__subsec_2): a misprinted reference, read by default as ss. 362–363."""
    if result.option("s364_2_reference") == "literal":
        result.value("detention", False)
        result.step(PK_S364_2, "Read as printed (ss. 366–367), s. 364(2) gives no detention for submersion.")
        return
    result.value("detention", True)
    result.step(PK_S364_2, "Loaded in contravention (ss. 362–363): the ship may be detained until she ceases to be so.")


# --- India: Merchant Shipping Act, 1958 ---------------------------------------------------------------------------


def _msa_compute(facts: Facts, result: Result) -> None:
    """s. 313(1): "An Indian ship (not being exempt from the provisions of this Part relating to load lines) shall not
    be so loaded as to submerge in salt water, when the ship has no list, the appropriate load line on each side of the
    ship" (in-msa-1958, sec_313__subsec_1); s. 333(1): where "an Indian passenger ship has been marked with sub-division
    load lines" and "the appropriate sub-division load line ... is lower than the load line indicating the maximum
    depth to which the ship is for the time being entitled ... to be loaded, the ship shall not be so loaded as to
    submerge in salt water the appropriate sub-division load line on each side of the ship when the ship has no list"
    (sec_333__subsec_1)."""
    section = MSA_S333_1 if facts.subdivision_load_line else MSA_S313_1
    depth = _salt_water_no_list(result, section)
    result.value("submerged_salt_water_mm", float(depth))
    result.value("fine_liable", None)
    if facts.exempt:
        _not_submerged(
            result, MSA_S310, "The ship is exempt from the provisions of this Part relating to load lines.", inches=True
        )
        return
    if not facts.indian_ship and _msa_in_port_by_weather(result):
        return
    if facts.indian_ship:
        for fact in ("convention_ship", "inspected_under_s323", "in_port_by_stress_of_weather"):
            result.unused(fact, MSA_S326, "it bears on a ship other than an Indian ship only")
    elif facts.subdivision_load_line:
        _not_submerged(
            result,
            MSA_S333_1,
            "s. 333 binds an Indian passenger ship only, and s. 326 applies s. 313, not s. 333, to other ships: no "
            "offence under s. 333 (her ordinary load line, not given here, is s. 313's).",
            inches=True,
        )
        return
    if depth <= 0:
        _not_submerged(
            result, section, "The load line is not submerged in salt water with no list: no offence.", inches=True
        )
        return
    if not facts.indian_ship and not _msa_foreign_ship(result):
        return
    result.step(section, "The appropriate load line is submerged in salt water with no list: loaded in contravention.")
    if facts.subdivision_load_line:
        _msa_item_107(result, depth)
        result.value("detention", True)
        result.step(MSA_S333_2, "Loaded in contravention of s. 333: she may be detained until she ceases to be so.")
        return
    defence = _msa_item_100(result, depth)
    _msa_detention(result, defence)


def _msa_in_port_by_weather(result: Result) -> bool:
    """s. 343(3): "Nothing in this Part shall apply to any ship other than an Indian ship while it is within any port
    in India if it would not have been within such port but for stress of weather or any other circumstance that
    neither the master nor the owner nor the charterer, if any, of the ship could have prevented or forestalled"
    (in-msa-1958, sec_343__subsec_3). The Part (Part IX, Safety) holds the load line sections, ss. 313, 323, 326 and
    333 among them: none applies to her, so neither the offence nor the detention. The master or owner, who relies on
    it, must show it; not shown, the Part applies. Returns whether it disapplied the Part (the result then
    recorded)."""
    if not _in_port_by_weather_shown(result, MSA_S343_3, "proved: nothing in the Part applies to her"):
        return False
    for fact in ("stress_of_weather", "convention_ship", "inspected_under_s323", "subdivision_load_line"):
        result.unused(fact, MSA_S343_3, "nothing in the Part applies to her")
    result.step(
        MSA_S343_3,
        "Not an Indian ship, and within the port only by stress of weather or a circumstance no one could have "
        "prevented or forestalled: nothing in the Part applies to her, the load line sections included.",
    )
    _nothing_charged(result, MSA_S343_3)
    return True


def _msa_foreign_ship(result: Result) -> bool:
    """s. 326: "The provisions of section 313 shall apply to ships other than Indian ships, while they are within any
    port in India as they apply to Indian ships subject to the following modifications, namely:-- 1[(a) no ship
    belonging to a country to which the Load Line Convention applies being an existing ship of one hundred and fifty
    tons gross or more or being a new ship of twenty-four metres or more in length shall be detained and no
    proceedings shall be taken against the owner or master thereof by virtue of the said section except after an
    inspection by a surveyor as provided by section 323; and]" (in-msa-1958, sec_326). Clause (a) was inserted by Act
    25 of 1970, s. 13, with effect from 21 July 1968 (``MSA_S326_A``): before that day it did not bind.

    s. 323(3): "If it is found on any inspection under sub-section (2) ... that the ship is loaded beyond the limits
    allowed by the certificate, the ship may be detained and the provisions of section 342 shall apply"; (7): she is
    "deemed to be loaded beyond the limits allowed by the certificate if she is so loaded as to submerge in salt
    water, when the ship has no list, the appropriate load line on each side" (sec_323). Returns whether the fine and
    detention of s. 313 may follow (the result recorded otherwise)."""
    facts = result.facts
    result.step(
        MSA_S326,
        "Not an Indian ship: s. 313 applies to her while she is within a port in India (taken as given), as to an "
        "Indian ship.",
    )
    if not facts.convention_ship:
        result.unused("inspected_under_s323", MSA_S326, "s. 326(a) asks for an inspection of a Convention ship only")
        return True
    in_force = MSA_S326_A.at(facts.offence_on)
    if not in_force.value:
        result.unused("inspected_under_s323", MSA_S326, "s. 326(a) was not yet in force")
        result.step(
            MSA_S326,
            f"On {date_text(facts.offence_on)} s. 326 had no clause (a), inserted {MSA_S326_A.current.described()}: no "
            "inspection was needed before detention or proceedings.",
        )
        return True
    if not facts.inspected_under_s323:
        result.step(
            MSA_S326,
            "A ship of a Load Line Convention country of the size s. 326(a) names, not inspected by a surveyor under "
            "s. 323: she may not be detained, nor the owner or master proceeded against, by virtue of s. 313.",
        )
        _nothing_charged(result, MSA_S326)
        result.unused("stress_of_weather", MSA_S326, "no proceedings may be taken, so there is nothing to answer")
        return False
    result.step(
        MSA_S323,
        "Inspected by a surveyor under s. 323 and found so loaded as to submerge the load line in salt water with no "
        "list: loaded beyond the limits allowed by her certificate (s. 323(7)); she may be detained and s. 342 "
        "applies (s. 323(3)).",
    )
    return True


def _msa_inches(result: Result, depth: Decimal, ref: Ref) -> int:
    """Every inch or fraction of an inch of ``depth`` (mm), as the Table counts them (25.4 mm an inch, a fraction
    counted whole)."""
    inches = max(int((depth / MM_PER_INCH).to_integral_value(rounding=ROUND_CEILING)), 0)
    result.value("inches_charged", inches)
    result.step(
        ref,
        f"{measure(depth, 'mm', places=3)} is {counted(inches, 'inch', 'inches')}, counting a fraction of an inch as "
        "an inch.",
    )
    return inches


def _msa_item_100(result: Result, depth: Decimal) -> bool:
    """Item 100, s. 313: "The master or owner shall be liable to fine which may extend to ten thousand rupees and to
    such additional fine not exceeding 312[five thousand rupees] for every inch or fraction of an inch by which the
    appropriate load lines on each side of the ship are submerged or would have been submerged if the ship had been
    in salt waters and had no list ...: Provided that it shall be a good deference [defence] for the master or owner
    to prove that a contravention was due solely to deviation or delay caused solely by stress of whether [weather] or
    other circumstance which neither the master nor the owner nor the charterer, if any, could have prevented or
    forestalled" (in-msa-1958, sec_436__subsec_2__table_1__item_100 and its proviso, __item_100__row_2). "Five
    thousand rupees" replaced "one thousand rupees" from 18 May 1983 (Act 12 of 1983, s. 16; footnote 312): the figure
    in force on ``offence_on`` (``MSA_ITEM_100_PER_INCH``). Returns whether the proviso's defence is made out."""
    facts = result.facts
    inches = _msa_inches(result, depth, MSA_ITEM_100)
    per_inch = MSA_ITEM_100_PER_INCH.at(facts.offence_on)
    when = f"on {date_text(facts.offence_on)}" if facts.offence_on else "now (no date given: the current text)"
    result.step(
        MSA_ITEM_100,
        f"The additional fine for each inch in force {when}: {money_text(result, per_inch.value)}, "
        f"{per_inch.described()}.",
    )
    value = facts.stress_of_weather
    if value is True:
        result.burden("stress_of_weather", MSA_ITEM_100_PROVISO, "proved: a good defence to the fine")
        result.step(MSA_ITEM_100_PROVISO, "Due solely to stress of weather or the like: a good defence, no fine.")
        result.amount("max_fine", Decimal(0), MAXIMUM, MSA_ITEM_100_PROVISO)
        return True
    effect = "not shown: no defence" if value == NOT_SHOWN else "no such cause: no defence"
    result.burden("stress_of_weather", MSA_ITEM_100_PROVISO, effect)
    fine = MSA_ITEM_100_FINE + per_inch.value * inches
    result.value("fine_liable", "the master or owner")
    result.step(
        MSA_ITEM_100,
        f"The master or owner: a fine of up to {money_text(result, MSA_ITEM_100_FINE)} and up to "
        f"{money_text(result, per_inch.value)} more for every inch or fraction of an inch "
        f"({counted(inches, 'inch', 'inches')}): at most {money_text(result, fine)}.",
    )
    result.amount("max_fine", fine, MAXIMUM, MSA_ITEM_100)
    return False


def _msa_item_107(result: Result, salt_water_depth: Decimal) -> None:
    """Item 107, s. 333(1): "The master or owner shall be liable to fine which may extend to ten thousand rupees and to
    an additional fine not exceeding one thousand rupees for every inch or fraction of an inch by which the
    appropriate sub-division load line on each side was submerged or would have been submerged if the ship had no
    list" (in-msa-1958, sec_436__subsec_2__table_1__item_107). No words of salt water: the inches are measured as
    she floats, the list taken out, unless the option ``subdivision_inches_measure`` reads salt water in. The item
    has no proviso: item 100's stress-of-weather defence is that item's."""
    facts = result.facts
    if result.option("subdivision_inches_measure") == "as-floating":
        depth = (Decimal(str(facts.submerged_mm_port)) + Decimal(str(facts.submerged_mm_starboard))) / 2
        result.step(MSA_ITEM_107, f"Measured as she floats, with no list: {_level(depth)}.")
    else:
        depth = salt_water_depth
        result.step(MSA_ITEM_107, "Measured in salt water with no list (option salt-water).")
    inches = _msa_inches(result, depth, MSA_ITEM_107)
    result.unused(
        "stress_of_weather", MSA_ITEM_107, "the stress-of-weather defence is item 100's proviso; item 107 has none"
    )
    result.unused("offence_on", MSA_ITEM_107, "no amendment of item 107 is noted, so its amounts are the same any day")
    fine = MSA_ITEM_107_FINE + MSA_ITEM_107_PER_INCH * inches
    result.value("fine_liable", "the master or owner")
    result.step(
        MSA_ITEM_107,
        f"The master or owner: a fine of up to {money_text(result, MSA_ITEM_107_FINE)} and up to "
        f"{money_text(result, MSA_ITEM_107_PER_INCH)} more for every inch or fraction of an inch "
        f"({counted(inches, 'inch', 'inches')}): at most {money_text(result, fine)}.",
    )
    result.amount("max_fine", fine, MAXIMUM, MSA_ITEM_107)


def _msa_detention(result: Result, defence: bool) -> None:
    """s. 313(2): "Without prejudice to any other proceedings under this Act, any ship which is loaded in contravention
    of this section may be detained until she ceases to be so loaded" (in-msa-1958, sec_313__subsec_2); for a ship
    other than an Indian ship, through s. 326. Whether item 100's proviso answers it too is the option
    ``stress_of_weather_reach``, as for the Bill's s. 118(2)."""
    if defence and result.option("stress_of_weather_reach") == "fine-and-detention":
        result.value("detention", False)
        result.step(MSA_S313_2, "Read as reaching the detention too, the defence leaves no power to detain.")
        return
    result.value("detention", True)
    result.step(MSA_S313_2, "Loaded in contravention of s. 313: she may be detained until she ceases to be so.")


RULES = (
    Rule(
        id="in-msb-2016/load-line",
        title="Submersion of load lines (India, Merchant Shipping Bill 2016, s. 118, Table item 51)",
        currency="INR",
        facts=_schema("msb"),
        provisions=(IN_S118_1, IN_S118_2, IN_ITEM_51, IN_ITEM_51_PROVISO),
        compute=_in_compute,
        check=_check,
    ),
    Rule(
        id="pk-mso-2001/load-line",
        title="Submersion of load lines (Pakistan, Merchant Shipping Ordinance 2001, ss. 358, 362–364)",
        currency="PKR",
        facts=_schema("pk"),
        provisions=(PK_S358, PK_S362, PK_S363, PK_S364_1, PK_S364_2, PK_S374_4, PK_S400, PK_S402),
        compute=_pk_compute,
        check=_check,
    ),
    Rule(
        id="in-msa-1958/load-line",
        title="Submersion of load lines (India, Merchant Shipping Act 1958, ss. 310, 313, 323, 326, 333, 343(3), "
        "s. 436(2) Table items 100 and 107)",
        currency="INR",
        facts=_schema("msa"),
        provisions=(
            MSA_S310,
            MSA_S313_1,
            MSA_S313_2,
            MSA_S323,
            MSA_S326,
            MSA_S333_1,
            MSA_S333_2,
            MSA_S343_3,
            MSA_ITEM_100,
            MSA_ITEM_100_PROVISO,
            MSA_ITEM_107,
        ),
        compute=_msa_compute,
        check=_check,
    ),
)

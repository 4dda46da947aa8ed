"""The penalty for a submerged load line.

- ``in-msb-2016/load-line``: Merchant Shipping Bill, 2016 (India), s. 118 and the s. 256(2) penalty Table, item 51
  (fine up to four lakh rupees and up to twenty-five thousand rupees more "for every inch or fraction of an inch"
  submerged; the stress-of-weather proviso; detention under s. 118(2)).
- ``pk-mso-2001/load-line``: Pakistan Merchant Shipping Ordinance, 2001, s. 358 (exemptions), s. 362 and s. 363
  (submersion), s. 364 (fine up to one hundred thousand rupees "for each offence", and detention): no per-inch rule;
  s. 362 and s. 363 bind "A Pakistani ship", so a ship of another flag is dealt with by inspection and detention
  under s. 374(4) (with s. 400), not by the s. 364 fine.

Both texts judge the submersion "in salt water" with "no list". A measurement taken in a dock, with a list, is brought
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

The Bill's Table item 51 is cited by its row's eId (``part_XIV__sec_256__subsec_2__table_1__item_51``; corpus/tables.py
names the rows), so the traceability check follows that item's own text; its proviso sits in the same cell.
"""

from __future__ import annotations

from decimal import ROUND_CEILING, Decimal

from widgets.rules.facts import NOT_SHOWN, Facts, Schema, flag, number, option, proof
from widgets.rules.provisions import Ref
from widgets.rules.registry import Rule
from widgets.rules.result import MAXIMUM, Result
from widgets.rules.wording import counted, figure, measure, money_text

IN, PK = "in-msb-2016", "pk-mso-2001"

_TABLE = "part_XIV__sec_256__subsec_2__table_1"
IN_S118_1 = Ref(IN, "part_VI__sec_118__subsec_1", "s. 118(1)")
IN_S118_2 = Ref(IN, "part_VI__sec_118__subsec_2", "s. 118(2)")
IN_ITEM_51 = Ref(IN, f"{_TABLE}__item_51", "s. 256(2) Table item 51")
IN_ITEM_51_PROVISO = Ref(IN, f"{_TABLE}__item_51", "s. 256(2) Table item 51 proviso")

_CH24 = "part_VI__chp_24"
PK_S358 = Ref(PK, f"{_CH24}__sec_358", "s. 358")
PK_S362 = Ref(PK, f"{_CH24}__sec_362", "s. 362")
PK_S363 = Ref(PK, f"{_CH24}__sec_363", "s. 363")
PK_S364_1 = Ref(PK, f"{_CH24}__sec_364__subsec_1", "s. 364(1)")
PK_S364_2 = Ref(PK, f"{_CH24}__sec_364__subsec_2", "s. 364(2)")
PK_S374_4 = Ref(PK, "part_VI__chp_26__sec_374__subsec_4", "s. 374(4)")
PK_S400 = Ref(PK, "part_VI__chp_28__sec_400", "s. 400")

MM_PER_INCH = Decimal("25.4")
SALT_WATER = Decimal("1.025")
IN_BASE_FINE = Decimal(400_000)
"""Item 51: "fine which may extend to four lakh rupees"."""
IN_FINE_PER_INCH = Decimal(25_000)
"""Item 51: "additional fine not exceeding twenty-five thousand rupees for every inch or fraction of an inch"."""
PK_FINE = Decimal(100_000)
"""s. 364(1): "a fine which may extend to one hundred thousand rupees"."""

DEFENCE_REACH = option(
    "stress_of_weather_reach",
    ("fine-only", "fine-and-detention"),
    "fine-only",
    "What the stress-of-weather proviso of Table item 51 answers. fine-only (default): it is 'a good defence for the "
    "master or owner' to the penalty in the Table, while detention under s. 118(2) is of a vessel 'loaded in "
    "contravention of this section', 'without prejudice to any other proceedings', and lasts only 'until she ceases "
    "to be so loaded'; fine-and-detention: the defence also answers the detention.",
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


def _schema(pakistan: bool) -> Schema:
    side = "Depth (mm) the appropriate load line is under water on the {} side; negative: freeboard to spare."
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
            "circumstance neither master, owner nor charterer could have prevented or forestalled (India, item 51 "
            "proviso; the Ordinance has none).",
            burden="the master or owner",
        ),
        flag("exempt", "The ship is exempted from the provisions relating to load lines.", default=False),
    ]
    if pakistan:
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
        facts.append(S364_2_READING)
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
        _not_submerged(result, IN_S118_1, "The vessel is exempted from the provisions relating to load lines.")
        result.value("inches_charged", 0)
        return
    if depth <= 0:
        _not_submerged(result, IN_S118_1, "The load line is not submerged in salt water with no list: no offence.")
        result.value("inches_charged", 0)
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
    vessel had been in salt waters and had no list" (in-msb-2016, part_XIV__sec_256__subsec_2__table_1__item_51)."""
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
    part_XIV__sec_256__subsec_2__table_1__item_51, its proviso). The master or owner must prove it: not shown, no
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


def _not_submerged(result: Result, ref: Ref, why: str) -> None:
    result.step(ref, why)
    result.amount("max_fine", Decimal(0), MAXIMUM, ref)
    result.value("detention", False)


# --- Pakistan: Merchant Shipping Ordinance, 2001 ------------------------------------------------------------------


def _pk_compute(facts: Facts, result: Result) -> None:
    """s. 362: "A Pakistani ship, not being exempt from the provisions of this Part, shall not be so loaded that the
    appropriate load line on each side of the ship ... is submerged if the ship is in salt water and has no list or
    would be submerged if the ship were in salt water and had no list" (pk-mso-2001, part_VI__chp_24__sec_362).

    s. 363: where a passenger ship's "appropriate sub-division load line" is the lower, "the ship shall not be so
    loaded that the appropriate load line on each side of the ship is submerged" in the same conditions
    (part_VI__chp_24__sec_363)."""
    if facts.stress_of_weather is True:
        result.step(
            PK_S364_1,
            "Stress of weather is a defence only under the Indian Bill's Table; the Ordinance has none: no effect.",
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
    result.value("detention", True)
    result.step(
        PK_S374_4,
        "Found on inspection in a port in Pakistan to be loaded beyond the limits of her certificate, she may be "
        "detained (a ship of a Load Line Convention country, inspected under s. 374(1)).",
    )
    result.step(
        PK_S400, "The detention provisions apply to her as if she were a Pakistani ship, with s. 400's changes."
    )


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


RULES = (
    Rule(
        id="in-msb-2016/load-line",
        title="Submersion of load lines (India, Merchant Shipping Bill 2016, s. 118, Table item 51)",
        currency="INR",
        facts=_schema(pakistan=False),
        provisions=(IN_S118_1, IN_S118_2, IN_ITEM_51, IN_ITEM_51_PROVISO),
        compute=_in_compute,
        check=_check,
    ),
    Rule(
        id="pk-mso-2001/load-line",
        title="Submersion of load lines (Pakistan, Merchant Shipping Ordinance 2001, ss. 358, 362–364)",
        currency="PKR",
        facts=_schema(pakistan=True),
        provisions=(PK_S358, PK_S362, PK_S363, PK_S364_1, PK_S364_2, PK_S374_4, PK_S400),
        compute=_pk_compute,
        check=_check,
    ),
)

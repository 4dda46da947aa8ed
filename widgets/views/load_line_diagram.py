"""A to-scale drawing of the load line mark with the waterline a set of load-line facts describes.

    from widgets.views.load_line_diagram import load_line_figure
    load_line_figure({"submerged_mm_port": 60, "submerged_mm_starboard": 40})

A pure function from facts (the facts of ``in-msb-2016/load-line`` / ``pk-mso-2001/load-line``) to a matplotlib
``Figure`` (no pyplot, no global state) that shows itself as a PNG in any notebook, the built book and JupyterLite
(no backend needed): one panel per side of the ship, as seen from outboard, in millimetres with an
equal aspect, so the mark, the waterline and the allowances are drawn to one scale. Each panel shows

- the mark: the disc with the horizontal line through its centre, and the appropriate load line (the one the statutes
  test, s. 118(1) of the Bill and s. 362 of the Ordinance) at the upper edge of that line;
- the waterline on that side (the load line under water by ``submerged_mm_<side>``), so a list shows as two waterlines
  at different heights;
- the mean of the two sides (the "no list" level) and, when the ship floats in water lighter or heavier than salt
  water, the salt-water equivalent the rule works out (the mean less the dock-water allowance), with the fresh-water
  line F drawn at the fresh-water allowance above the appropriate line.

The salt-water depth is read from ``widgets.evaluate`` for the same facts, so the drawing and the calculator agree.

Dimensions of the modern mark (``mark="1966"``): International Convention on Load Lines, 1966, Annex I, reg. 5 (ring
300 mm outside diameter and 25 mm wide, horizontal line 450 mm by 25 mm whose upper edge passes through the centre)
and reg. 6 (load lines 230 mm by 25 mm off a vertical line 25 mm wide, 540 mm forward of the centre of the ring). The
Pakistan Ordinance leaves the marks to the load line rules (s. 359(2)(b)–(c)) and the Bill to its rules, so these are
the Convention's figures, not the corpus's. ``mark="1880"`` draws the Indian Merchant Shipping Act, 1880's disc
instead: "a circular disc twelve inches in diameter, with a horizontal line eighteen inches in length drawn through
its centre", the centre marking "the maximum load-line in salt-water" (in-msa-1880, s. 34 and s. 38); the Act gives no
breadth for the disc's lines, so they are drawn one inch, the breadth s. 33 gives the deck lines.

The fresh-water allowance uses the rules' convention (``widgets/rules/load_line.py``): FWA (mm) = displacement /
(4 × TPC); T, W and WNA lines depend on the summer draught, which the facts do not give, so they are not drawn.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from typing import Any

from matplotlib.figure import Figure
from matplotlib.patches import Annulus, Rectangle

import widgets


class DiagramFigure(Figure):
    """A matplotlib ``Figure`` that a notebook shows as an image without pyplot's inline backend."""

    def _repr_png_(self) -> bytes:
        buffer = io.BytesIO()
        self.savefig(buffer, format="png", dpi=100)
        return buffer.getvalue()


INCH = 25.4
SALT_WATER = 1.025


@dataclass(frozen=True)
class MarkGeometry:
    """The dimensions (mm) of a load line mark: ring, line through its centre, load line ticks."""

    name: str
    ring_diameter: float
    ring_width: float
    line_length: float
    line_width: float
    ticks: bool  # whether the vertical line and the S / F load lines are part of the mark
    line_centred: bool  # the load line is the centre of the horizontal line (1880), not its upper edge (1966)
    tick_length: float = 230.0
    tick_offset: float = 540.0


MARKS = {
    "1966": MarkGeometry("Load Line Convention 1966 (reg. 5–6)", 300.0, 25.0, 450.0, 25.0, True, False),
    "1880": MarkGeometry("Indian Merchant Shipping Act 1880 (s. 34)", 12 * INCH, INCH, 18 * INCH, INCH, False, True),
}

WATER = "#4f8fc0"
MARK_COLOUR = "#222222"


@dataclass(frozen=True)
class Levels:
    """Heights (mm) above the appropriate load line: each side's waterline, the mean, the salt-water equivalent."""

    port: float
    starboard: float
    mean: float
    salt_water: float
    fwa: float | None
    density: float


def waterline_levels(facts: dict[str, Any], provision_id: str = "in-msb-2016/load-line") -> Levels:
    """The levels the drawing needs, the salt-water equivalent taken from the rule's own result for ``facts``."""
    result = widgets.evaluate(provision_id, facts)
    port = float(facts["submerged_mm_port"])
    starboard = float(facts["submerged_mm_starboard"])
    density = float(facts.get("water_density", SALT_WATER))
    fwa = None
    if facts.get("displacement_t") and facts.get("tpc"):
        fwa = float(facts["displacement_t"]) / (4 * float(facts["tpc"]))
    return Levels(port, starboard, (port + starboard) / 2, float(result["submerged_salt_water_mm"]), fwa, density)


def _draw_mark(ax: Any, geometry: MarkGeometry, forward: float, levels: Levels) -> None:
    outer = geometry.ring_diameter / 2
    ax.add_patch(Annulus((0, 0), outer, geometry.ring_width, color=MARK_COLOUR, zorder=3))
    half = geometry.line_length / 2
    bottom = -geometry.line_width / 2 if geometry.line_centred else -geometry.line_width
    ax.add_patch(Rectangle((-half, bottom), geometry.line_length, geometry.line_width, color=MARK_COLOUR, zorder=3))
    if not geometry.ticks:
        return
    x_vertical = forward * geometry.tick_offset
    top = max(outer, (levels.fwa or 0) + 40)
    ax.add_patch(Rectangle((min(x_vertical, x_vertical + forward * 25), -outer), 25, top + outer,
                           color=MARK_COLOUR, zorder=3))  # fmt: skip
    s_start = x_vertical + forward * 25
    ax.add_patch(Rectangle((min(s_start, s_start + forward * geometry.tick_length), -25), geometry.tick_length, 25,
                           color=MARK_COLOUR, zorder=3))  # fmt: skip
    ax.text(s_start + forward * (geometry.tick_length + 15), -12, "S", ha="center", va="center", fontsize=9)
    if levels.fwa is not None:
        f_end = x_vertical
        ax.add_patch(Rectangle((min(f_end, f_end - forward * geometry.tick_length), levels.fwa - 25),
                               geometry.tick_length, 25, color=MARK_COLOUR, zorder=3))  # fmt: skip
        ax.text(f_end - forward * (geometry.tick_length + 15), levels.fwa - 12, "F", ha="center", va="center",
                fontsize=9)  # fmt: skip


def _draw_side(ax: Any, side: str, level: float, levels: Levels, geometry: MarkGeometry) -> None:
    # Seen from outboard, the bow is to the right on the starboard side and to the left on the port side.
    forward = 1.0 if side == "starboard" else -1.0
    reach = geometry.tick_offset + 25 + geometry.tick_length + 60 if geometry.ticks else geometry.line_length / 2 + 60
    aft = geometry.line_length / 2 + 320  # room aft of the mark for the box of levels
    left, right = (-aft, reach) if forward > 0 else (-reach, aft)
    heights = [level, levels.mean, levels.salt_water, levels.fwa or 0, geometry.ring_diameter / 2]
    heights.append(-geometry.ring_diameter / 2)
    low, high = min(heights) - 120, max(heights) + 120
    ax.set_xlim(left, right)
    ax.set_ylim(low, high)
    ax.set_aspect("equal")
    ax.add_patch(Rectangle((left, low), right - left, level - low, color=WATER, alpha=0.35, lw=0, zorder=1))
    ax.axhline(level, color=WATER, lw=2, zorder=2, label="waterline on this side")
    _draw_mark(ax, geometry, forward, levels)
    ax.axhline(levels.mean, color="#555", lw=1, ls="--", zorder=4, label="mean of both sides (no list)")
    if abs(levels.salt_water - levels.mean) > 1e-9:
        ax.axhline(levels.salt_water, color="#b00020", lw=1, ls=":", zorder=4, label="salt-water equivalent, no list")
    ax.text(0.02 if forward > 0 else 0.98, 0.04, f"waterline {level:+.0f} mm\nno list {levels.mean:+.1f} mm"
            + (f"\nsalt water {levels.salt_water:+.1f} mm" if abs(levels.salt_water - levels.mean) > 1e-9 else ""),
            transform=ax.transAxes, ha="left" if forward > 0 else "right", va="bottom", fontsize=7,
            bbox={"facecolor": "white", "alpha": 0.8, "lw": 0}, zorder=6)  # fmt: skip
    ax.set_title(f"{side.capitalize()} side (bow {'→' if forward > 0 else '←'})", fontsize=10)
    ax.set_xlabel("mm")
    ax.set_ylabel("mm above the appropriate load line")
    ax.tick_params(labelsize=7)


def load_line_figure(
    facts: dict[str, Any], provision_id: str = "in-msb-2016/load-line", mark: str = "1966", width_in: float = 10.0
) -> Figure:
    """The load line mark on each side of the ship with the waterline ``facts`` describe, drawn to scale.

    ``facts`` are load-line facts (``submerged_mm_port``, ``submerged_mm_starboard``, and ``water_density``,
    ``displacement_t``, ``tpc`` when not in salt water); ``provision_id`` is the rule whose salt-water depth is shown;
    ``mark`` is "1966" (the Convention's mark) or "1880" (the 1880 Act's disc). Raises ``widgets.FactError`` for facts
    the rule rejects, naming the field.
    """
    if mark not in MARKS:
        raise ValueError(f"mark must be one of {sorted(MARKS)}, not {mark!r}")
    geometry = MARKS[mark]
    levels = waterline_levels(facts, provision_id)
    figure = DiagramFigure(figsize=(width_in, width_in * 0.36), layout="constrained")
    axes = figure.subplots(1, 2)
    _draw_side(axes[0], "port", levels.port, levels, geometry)
    _draw_side(axes[1], "starboard", levels.starboard, levels, geometry)
    listing = levels.port - levels.starboard
    heel = "no list" if listing == 0 else f"list to {'port' if listing > 0 else 'starboard'} ({abs(listing):.0f} mm)"
    water = "salt water" if levels.density == SALT_WATER else f"water of density {levels.density:g} t/m³"
    fwa = f"; FWA {levels.fwa:.0f} mm" if levels.fwa is not None else ""
    handles, labels = axes[0].get_legend_handles_labels()
    figure.legend(handles, labels, loc="outside lower center", ncols=len(labels), fontsize=8, frameon=False)
    level = "centre of the disc" if geometry.line_centred else "upper edge of the line through the ring"
    figure.suptitle(f"{geometry.name}, load line at the {level}: {heel}, {water}{fwa} — drawn to scale", fontsize=10)
    return figure

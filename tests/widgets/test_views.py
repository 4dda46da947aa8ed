"""The ipywidgets calculators: built for every rule, recomputed on a change, errors shown inside, corpus text."""

from __future__ import annotations

import datetime as dt
import html

import ipywidgets as w
import pytest

import corpus
import widgets
from widgets.views import calculator, opening_facts, outcome
from widgets.views.load_line_diagram import load_line_figure, waterline_levels

# One fact per rule to change, and its new value (a value the rule accepts and that changes an amount).
CHANGES = {
    "pk-mso-2001/wages-on-wreck": ("monthly_wage", 72000.0),
    "in-msb-2016/wages-on-wreck": ("effects_lost_value", 30000.0),
    "pk-mso-2001/pilgrim-refund": ("passage_money", 210000.0),
    "pk-mso-2001/pilgrim-delay": ("departed_on", dt.date(2024, 5, 12)),
    "pk-mso-2001/pilgrim-detention": ("embarked_on", dt.date(2024, 8, 30)),
    "in-msb-2016/desertion": ("wages_earned", 120000.0),
    "pk-mso-2001/desertion": ("offence", "quits-ship-at-port-of-delivery"),
    "in-msb-2016/load-line": ("submerged_mm_port", 110.0),
    "pk-mso-2001/load-line": ("submerged_mm_port", 110.0),
    "in-msa-1958/wages-on-wreck": ("effects_lost_value", 300000.0),
    "in-msa-1958/desertion": ("wages_earned", 120000.0),
    "in-msa-1958/pilgrim-refund": ("passage_money", 210000.0),
    "in-msa-1958/load-line": ("submerged_mm_port", 110.0),
}
PROVED = {"engaged": True, "left_before_completion": True}


def _facts_shown(box: w.Widget) -> dict:
    """The facts the calculator's controls hold, as the rule receives them."""
    raw = {}
    for name, control in box.controls.items():
        value = control.value
        if isinstance(value, dt.date):
            value = value.isoformat()
        if isinstance(control, w.Text):
            value = float(value) if value.strip() else None
        if value is not None:
            raw[name] = value
    return raw


def test_every_provision_has_a_change_to_try() -> None:
    assert set(CHANGES) == set(widgets.provision_ids())


@pytest.mark.parametrize("provision_id", sorted(CHANGES))
def test_calculator_builds_and_recomputes(provision_id: str) -> None:
    opening = PROVED if provision_id.endswith("desertion") else {}
    box = calculator(provision_id, **opening)
    assert "lm-calculator" in box._dom_classes
    name, value = CHANGES[provision_id]
    before = box.output.value
    box.controls[name].value = value
    after = box.output.value
    assert after != before, f"changing {name} did not recompute"
    result = widgets.evaluate(provision_id, _facts_shown(box))
    raw = value.isoformat() if isinstance(value, dt.date) else value
    want = widgets.evaluate(provision_id, opening_facts(provision_id, **opening, **{name: raw}))
    assert result["amounts"] == want["amounts"]
    for amount in widgets.formatted(result).values():
        assert html.escape(amount) in after
    assert "lm-error" not in after


def test_shown_amount_equals_evaluate_for_wages() -> None:
    box = calculator("pk-mso-2001/wages-on-wreck")
    box.controls["ship_trade"].value = "home-trade"
    box.controls["effects_lost_value"].value = 10000.0
    want = widgets.evaluate(
        "pk-mso-2001/wages-on-wreck",
        opening_facts("pk-mso-2001/wages-on-wreck", ship_trade="home-trade", effects_lost_value=10000.0),
    )
    assert html.escape(widgets.formatted(want)["effects_compensation"]) in box.output.value
    assert "statutory minimum" in box.output.value


def test_bad_input_shows_the_field_inside_the_widget() -> None:
    box = calculator("in-msb-2016/load-line")
    box.controls["water_density"].value = 1.0  # fresh water needs displacement and TPC (the dock-water allowance)
    assert "lm-error" in box.output.value
    assert "<b>Displacement</b>" in box.output.value and "<b>TPC</b>" in box.output.value
    box.controls["displacement_t"].value = "a lot"  # an optional number typed as text
    assert "lm-error" in box.output.value
    assert "<b>Displacement</b>" in box.output.value


def test_bad_date_order_shows_the_field() -> None:
    box = calculator("pk-mso-2001/wages-on-wreck")
    box.controls["arrived_return_port_on"].value = dt.date(2023, 1, 1)
    assert "lm-error" in box.output.value
    assert "Arrived return port on" in box.output.value


@pytest.mark.parametrize(
    "provision_id", ["pk-mso-2001/wages-on-wreck", "in-msb-2016/desertion", "in-msb-2016/load-line"]
)
def test_text_panel_holds_the_corpus_text_and_links_to_the_reader(provision_id: str) -> None:
    box = calculator(provision_id)
    panel = " ".join(child.value for child in box.children[0].children[1].children)
    ref = widgets.describe(provision_id)["provisions"][0]
    text = corpus.by_eid(ref["document"], ref["eid"]).text
    assert html.escape(" ".join(text.split()[:15])) in panel
    assert f"../reader/{ref['document']}/" in panel and f"#{ref['eid']}" in panel


def test_outcome_shows_errors_instead_of_raising() -> None:
    good = outcome("in-msb-2016/wages-on-wreck", ship_trade="coasting")
    assert (
        good["total"]
        == widgets.evaluate(
            "in-msb-2016/wages-on-wreck", opening_facts("in-msb-2016/wages-on-wreck", ship_trade="coasting")
        )["total"]
    )
    bad = outcome("in-msb-2016/wages-on-wreck", ship_trade="home-trade")  # Pakistan's word, not India's
    assert "lm-error" in bad._repr_html_() and "Ship trade" in bad._repr_html_()
    with pytest.raises(KeyError):
        bad["total"]


def test_load_line_figure_draws_the_facts_to_scale() -> None:
    facts = {"submerged_mm_port": 160, "submerged_mm_starboard": 120, "water_density": 1.010,
             "displacement_t": 20000, "tpc": 25}  # fmt: skip
    levels = waterline_levels(facts)
    assert levels.fwa == 200  # 20000 / (4 × 25)
    assert levels.salt_water == widgets.evaluate("in-msb-2016/load-line", facts)["submerged_salt_water_mm"]
    figure = load_line_figure(facts)
    port, starboard = figure.axes
    assert port.get_aspect() == 1.0 and starboard.get_aspect() == 1.0
    for ax, level in ((port, 160), (starboard, 120)):
        heights = {round(line.get_ydata()[0], 6) for line in ax.get_lines()}
        assert {level, 140.0, round(levels.salt_water, 6)} <= heights
    old = load_line_figure({"submerged_mm_port": 10, "submerged_mm_starboard": 10}, mark="1880")
    ring = next(p for p in old.axes[0].patches if type(p).__name__ == "Annulus")
    assert ring.get_radii() == pytest.approx((6 * 25.4, 6 * 25.4))  # 1880 Act s. 34: a disc twelve inches in diameter


def test_load_line_figure_rejects_bad_facts() -> None:
    with pytest.raises(widgets.FactError, match="tpc"):
        load_line_figure({"submerged_mm_port": 10, "submerged_mm_starboard": 10, "water_density": 1.0})
    with pytest.raises(ValueError, match="mark"):
        load_line_figure({"submerged_mm_port": 10, "submerged_mm_starboard": 10}, mark="1990")


def test_the_load_line_figure_shows_as_an_image_without_pyplot() -> None:
    """A notebook (the built book, JupyterLab, JupyterLite) shows the figure as a PNG, not as "<Figure size …>"."""
    from IPython.core.formatters import DisplayFormatter

    data, _ = DisplayFormatter().format(load_line_figure({"submerged_mm_port": 60, "submerged_mm_starboard": 40}))
    assert data["image/png"][:8] == b"\x89PNG\r\n\x1a\n"

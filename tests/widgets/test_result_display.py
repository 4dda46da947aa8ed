"""What a reader sees in a calculator: every value in words, kinds as the rule returns them, whole labels with units.

Run on the real results of every case in widgets/cases/ (the facts the rules are tested on), so each rule's outcomes
(booleans, numbers, nulls, amounts of each kind) pass through the panel.
"""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
import yaml

import widgets
from widgets.views import calculator, display, opening_facts
from widgets.views.panels import result_html

CASES_DIR = Path(widgets.__file__).parent / "cases"
RAW_WORDS = re.compile(r"\b(None|True|False|nan|inf)\b")
LONG_DECIMAL = re.compile(r"\d\.\d{3,}")


def _cases() -> list:
    params = []
    for path in sorted(CASES_DIR.glob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        for case in data["cases"]:
            if "error" not in case:
                params.append(pytest.param(data["provision"], case["facts"], id=f"{path.stem}: {case['name'][:60]}"))
    return params


def _text(fragment: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", " ", fragment))


def _rows(panel: str) -> list[tuple[str, str, str]]:
    """(name, value, kind) of each row of the amounts table, in order."""
    found = re.findall(
        r"<tr><th scope='row'[^>]*>(.*?)(?:<br>.*?)?</th><td class='lm-amount'[^>]*>(.*?)</td>"
        r"<td><span class='lm-kind'[^>]*>(.*?)</span>",
        panel,
    )
    return [tuple(html.unescape(cell) for cell in row) for row in found]


def _outcomes(panel: str) -> dict[str, str]:
    """The other outcomes listed under the amounts: label → text."""
    listed = re.search(r"<ul class='lm-outcomes'>(.*?)</ul>", panel)
    items = re.findall(r"<li><b>(.*?)</b>: (.*?)</li>", listed.group(1)) if listed else []
    return {html.unescape(label): html.unescape(text) for label, text in items}


@pytest.mark.parametrize(("provision_id", "facts"), _cases())
def test_no_raw_python_value_reaches_the_panel(provision_id: str, facts: dict) -> None:
    result = widgets.evaluate(provision_id, facts)
    panel = result_html(result)
    shown = _text(panel)
    assert not RAW_WORDS.search(shown), RAW_WORDS.search(shown).group(0)
    values = _text(panel.split("<details")[0])  # the amounts and outcomes (the steps are the rule's own sentences)
    assert not LONG_DECIMAL.search(values)
    outcomes = _outcomes(panel)
    specs = display.labels()["values"]
    for name, value in result.items():
        if name in result["amounts"] or name in ("provision_id", "currency") or isinstance(value, list | dict):
            continue
        if name in display.reasons_used(result):
            continue  # shown as the reason of another outcome
        text = outcomes[display.outcome_label(name)]
        spec = specs.get(name, {})
        if isinstance(value, bool):
            assert text == spec.get("when_true" if value else "when_false", "yes" if value else "no")
        elif isinstance(value, int | float):
            unit = display.unit_word(spec["unit"], value)
            assert re.fullmatch(rf"-?[\d,]+(\.\d{{1,2}})? {unit}", text), (name, text)
        elif value is None:
            assert text.startswith(spec.get("missing", "not applicable"))
            reason = result.get(spec.get("reason_from", ""))
            if reason:
                assert reason in text
        else:
            assert text == value


@pytest.mark.parametrize(("provision_id", "facts"), _cases())
def test_each_amount_reads_as_the_kind_the_rule_returns(provision_id: str, facts: dict) -> None:
    result = widgets.evaluate(provision_id, facts)
    rows = _rows(result_html(result))
    assert len(rows) == len(result["amounts"])
    for (label, value, kind), (name, amount) in zip(rows, result["amounts"].items(), strict=True):
        if amount["value"]:
            assert kind == display.KINDS[amount["kind"]][0], name
        else:  # a ceiling or floor of nothing is not a statutory maximum or minimum a reader should see
            assert kind == "nil", name
        assert value == widgets.format_money(amount["value"], amount["currency"])
        assert label == display.amount_label(name)


def test_an_amount_the_text_does_not_fix_reads_not_fixed_with_the_rules_reason() -> None:
    # widgets/cases/pk-mso-2001__desertion.yaml, first case: the Ordinance fixes no forfeiture for desertion.
    facts = {"offence": "desertion", "wages_earned": 20000, "property_on_board_value": 5000, "engaged": True,
             "left_before_completion": True}  # fmt: skip
    result = widgets.evaluate("pk-mso-2001/desertion", facts)
    assert result["max_forfeiture"] is None
    outcomes = _outcomes(result_html(result))
    assert outcomes["Maximum forfeiture"] == f"not fixed by the text — {result['forfeiture_note']}"
    assert outcomes["To the Government"] == "not applicable"
    assert "Why no forfeiture is fixed" not in outcomes  # shown once, as the reason


def test_a_long_float_is_shown_to_two_decimals_with_its_unit() -> None:
    # The dock-water case of widgets/cases/in-msb-2016__load-line.yaml with a TPC that does not divide evenly.
    facts = {"submerged_mm_port": 160, "submerged_mm_starboard": 120, "water_density": 1.010, "displacement_t": 20000,
             "tpc": 35}  # fmt: skip
    result = widgets.evaluate("in-msb-2016/load-line", facts)
    assert LONG_DECIMAL.search(repr(result["dock_water_allowance_mm"]))  # the rule's own float is long
    panel = result_html(result)
    assert not LONG_DECIMAL.search(_text(panel.split("<details")[0]))
    outcomes = _outcomes(panel)
    assert outcomes["Dock-water allowance"] == "85.71 mm"  # 20000 / (4 × 35) × (1.025 − 1.010) / 0.025
    assert outcomes[display.outcome_label("submerged_salt_water_mm")] == "54.29 mm"  # (160 + 120) / 2 − 85.71


def test_numbers_and_values_read_for_a_reader() -> None:
    assert display.number(0.1 + 0.2) == "0.3"
    assert display.number(12.345678, "mm") == "12.35 mm"
    assert display.number(-0.001, "mm") == "0 mm"
    assert display.number(1, "inch") == "1 inch" and display.number(3, "inch") == "3 inches"
    assert display.number(1234567.891) == "1,234,567.89"
    assert display.shown(None) == "not applicable"
    assert display.shown(True) == "yes" and display.shown(False) == "no"
    assert display.shown(12.5, currency="INR") == "₹12.50"
    assert display.shown(1234567.5, currency="PKR") == "Rs\u00a01,234,567.50"


def test_the_desertion_calculator_opens_on_a_real_forfeiture() -> None:
    pid = "in-msb-2016/desertion"
    opening = opening_facts(pid)
    cases = yaml.safe_load((CASES_DIR / "in-msb-2016__desertion.yaml").read_text(encoding="utf-8"))["cases"]
    proof = {k: v for k, v in opening.items() if k in ("offence", "engaged", "left_before_completion")}
    assert any(proof.items() <= case["facts"].items() for case in cases)  # the proof a real case rests on
    result = widgets.evaluate(pid, opening)
    assert result["max_forfeiture"] > 0 and result["deemed_proved"] is True
    box = calculator(pid)
    rows = {name: (value, kind) for name, value, kind in _rows(box.output.value)}
    value, kind = rows["Maximum forfeiture"]
    assert value == widgets.format_money(result["max_forfeiture"], "INR") != "₹0.00"
    assert kind == "statutory maximum"
    assert "lm-error" not in box.output.value


@pytest.mark.parametrize("provision_id", widgets.provision_ids())
def test_control_labels_are_never_cut_and_wrap_on_a_narrow_screen(provision_id: str) -> None:
    box = calculator(provision_id)
    for name, control in box.controls.items():
        assert control.style.description_width == "initial", name
        assert control.layout.flex_flow == "row wrap" and control.layout.max_width == "100%", name


@pytest.mark.parametrize("provision_id", ["in-msb-2016/load-line", "pk-mso-2001/load-line"])
def test_load_line_controls_name_their_units(provision_id: str) -> None:
    controls = calculator(provision_id).controls
    assert controls["tpc"].description == "TPC (tonnes per centimetre immersion)"
    assert controls["displacement_t"].description == "Displacement (tonnes)"
    assert controls["water_density"].description.endswith("(t/m³)")
    for side in ("port", "starboard"):
        assert controls[f"submerged_mm_{side}"].description.endswith("(mm)")


def test_money_controls_carry_the_currency_sign() -> None:
    assert calculator("in-msb-2016/desertion").controls["wages_earned"].description == "Wages earned (₹)"
    assert calculator("pk-mso-2001/desertion").controls["wages_earned"].description == "Wages earned (Rs)"


@pytest.mark.parametrize("provision_id", widgets.provision_ids())
def test_every_option_control_names_the_question_of_law_it_answers(provision_id):
    """An interpretive option is labelled by its question ("Reading: what the s. 160(1) bar takes away"), never by
    its Python name made into words ("S160 bar scope")."""
    info = widgets.describe(provision_id)
    for fact in (f for f in info["facts"] if f["kind"] == "option"):
        assert display.fact_label(fact, info["currency"]).startswith("Reading: "), fact["name"]

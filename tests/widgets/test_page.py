"""The calculator as HTML (widgets.views.page) and what the page's runtime runs (widgets.views.live): the form holds
every fact under its name, opens on the book's result, reads back what a reader types, and a bad fact gives the
rule's own message and no figure."""

from __future__ import annotations

import json
import re

import pytest

import widgets
from widgets.rules.facts import NOT_SHOWN
from widgets.views import opening_facts, page
from widgets.views.live import WHAT_IF_NAMES, Runtime, run_cell
from widgets.views.page import calculator_html, form_facts, form_result
from widgets.views.panels import result_html
from widgets.views.reader_links import link_from_pages, page_of

PROVISIONS = widgets.provision_ids()
WAGES = "pk-mso-2001/wages-on-wreck"


def opening_form(provision_id: str) -> dict[str, str]:
    """The strings the calculator's form opens with."""
    return page.opening_form(provision_id, opening_facts(provision_id))


@pytest.mark.parametrize("provision_id", PROVISIONS)
def test_the_form_names_every_fact_and_opens_on_the_books_result(provision_id):
    page = calculator_html(provision_id, opening_facts(provision_id))
    assert f"data-provision-id='{provision_id}'" in page and "data-state='static'" in page
    for fact in widgets.describe(provision_id)["facts"]:
        assert f"name='{fact['name']}'" in page, fact["name"]
        assert f"data-error-for='{fact['name']}'" in page
    region = re.search(
        r"<div class='lm-calc-result' id='[^']+' data-result aria-live='polite'>(.*)</div></section>$", page
    )
    expected = result_html(widgets.evaluate(provision_id, form_facts(provision_id, opening_form(provision_id))))
    assert region is not None and region.group(1) == expected


@pytest.mark.parametrize("provision_id", PROVISIONS)
def test_the_opening_form_reads_back_as_the_opening_facts(provision_id):
    """What the page sends for an untouched form is what the book computed with (no fact lost or retyped)."""
    info = widgets.describe(provision_id)
    defaults = {f["name"]: f.get("default") for f in info["facts"]}
    wanted = {k: v for k, v in (defaults | opening_facts(provision_id)).items() if v is not None}
    assert widgets.evaluate(provision_id, form_facts(provision_id, opening_form(provision_id))) == widgets.evaluate(
        provision_id, wanted
    )


@pytest.mark.parametrize("typed", ["150000", "1,50,000", "150,000.00", "Rs 150,000.00", "₹1,50,000", " 150000 "])
def test_a_sum_is_read_as_a_student_types_it(typed):
    assert form_facts(WAGES, {"monthly_wage": typed}) == {"monthly_wage": 150000.0}


def test_an_empty_field_is_left_to_its_default_and_words_reach_the_rule():
    facts = form_facts(
        "pk-mso-2001/desertion",
        {"monthly_wage": "", "engaged": NOT_SHOWN, "left_before_completion": "proved", "sufficient_reason": "x"},
    )
    assert "monthly_wage" not in facts
    assert facts["engaged"] == NOT_SHOWN and facts["left_before_completion"] is True
    assert facts["sufficient_reason"] == "x"  # not a proof value: the rule says why


def test_a_bad_fact_names_its_field_and_shows_no_figure():
    form = opening_form(WAGES) | {"monthly_wage": "a lot", "arrived_return_port_on": "2023-01-01"}
    answer = form_result(WAGES, form)
    fields = [field for field, _ in answer["problems"]]
    assert fields == ["monthly_wage"] or set(fields) >= {"monthly_wage"}
    assert "a lot" in answer["problems"][0][1]
    assert "lm-amounts" not in answer["html"] and "Rs" not in answer["html"]
    dates = form_result(WAGES, opening_form(WAGES) | {"arrived_return_port_on": "2023-01-01"})
    assert [f for f, _ in dates["problems"]] == ["arrived_return_port_on"]
    assert "lm-amounts" not in dates["html"]


def test_the_runtime_answers_as_json_with_links_from_the_page_table():
    runtime = Runtime({"pk-mso-2001": {"part_IV__chp_11__sec_161": "book/reader/pk-mso-2001/s161"}}, "book/chapters")
    answer = json.loads(runtime.compute(WAGES, json.dumps(opening_form(WAGES) | {"monthly_wage": "72000"})))
    assert answer["problems"] == []
    assert widgets.format_money(72000, "PKR") in answer["html"]
    assert "href='../reader/pk-mso-2001/s161.html#part_IV__chp_11__sec_161__subsec_1__para_a" in answer["html"]
    unknown = json.loads(runtime.compute("xx/none", "{}"))
    assert unknown["problems"][0][0] == "provision_id"


def test_a_page_table_finds_the_page_of_any_provision_under_an_entry():
    table = {"part_IV": "a", "part_IV__chp_11__sec_161": "b"}
    assert page_of(table, "part_IV__chp_11__sec_161__subsec_1__para_a") == "b"
    assert page_of(table, "part_IV__chp_11__sec_16") == "a"
    assert page_of(table, "part_V__sec_1") is None
    assert link_from_pages({"d": table}, "book/chapters")("d", "part_V__sec_1") == "#part_V__sec_1"


def test_a_what_if_cell_shows_what_it_printed_and_its_last_value():
    out = run_cell('x = 2\nprint("twice", x)\noutcome("in-msb-2016/wages-on-wreck", ship_trade="coasting")', None)
    assert out["error"] is None
    assert out["html"].startswith("<pre class='lm-cell-stdout'>twice 2\n</pre><div class='lm-outcome'")
    assert run_cell("{1: 2}", None)["html"] == "<pre class='lm-cell-value'>{1: 2}</pre>"
    assert run_cell("y = 1", None)["html"] == ""


def test_a_failing_what_if_cell_says_why_in_one_line():
    out = run_cell('print("before")\noutcome("in-msb-2016/wages-on-wreck", monthly_wage=1/0)', None)
    assert out["error"] == "ZeroDivisionError: division by zero"
    assert "before" in out["html"] and "lm-cell-error" in out["html"]
    assert run_cell("def (", None)["error"].startswith("SyntaxError")


def test_a_what_if_cells_bad_fact_is_the_rules_message_not_an_error():
    out = run_cell('outcome("pk-mso-2001/wages-on-wreck", monthly_wage="lots")', None)
    assert out["error"] is None and "lm-error" in out["html"] and "lots" in out["html"]


def test_the_what_if_namespace_is_what_the_docstring_says():
    assert WHAT_IF_NAMES == ("widgets", "outcome", "opening_facts", "display", "shown", "dt")


@pytest.mark.parametrize("provision_id", PROVISIONS)
def test_a_form_that_sends_every_field_at_its_default_explains_the_same_as_the_facts_it_stands_for(provision_id):
    """The form sends every field, those not touched at their defaults: a fact at its default is not "given", so no
    step reports it as having no effect, and the result reads as for the opening facts alone."""
    opening = opening_facts(provision_id)
    from_form = widgets.evaluate(provision_id, form_facts(provision_id, page.opening_form(provision_id, opening)))
    alone = widgets.evaluate(provision_id, opening)
    assert from_form["steps"] == alone["steps"]
    assert from_form["amounts"] == alone["amounts"]


def _all_problems(provision_id: str) -> list[tuple[str, str]]:
    """Every message the rule gives on its opening form with one fact made bad: each money fact negative, each
    number below its minimum, each date a day before the rule's earliest and each date set before every other."""
    info = widgets.describe(provision_id)
    form = opening_form(provision_id)
    dates = [f["name"] for f in info["facts"] if f["kind"] == "date"]
    changes: list[dict[str, str]] = []
    for fact in info["facts"]:
        if fact["kind"] in ("money", "count"):
            changes.append({fact["name"]: "-5000"})
        if fact["kind"] == "number" and "minimum" in fact:
            changes.append({fact["name"]: str(fact["minimum"] - 1000)})
    changes += [{d: "1849-12-31"} for d in dates]
    changes += [{a: "2024-06-15", b: "2024-06-01"} for a in dates for b in dates if a != b]
    problems = []
    for change in changes:
        problems += form_result(provision_id, form | change)["problems"]
    return problems


@pytest.mark.parametrize("provision_id", PROVISIONS)
def test_every_message_speaks_the_pages_words_not_code(provision_id):
    # "is before hajj_day (2024-06-15)", "got -5000.0": fact names, ISO dates and floats are how the rule holds them
    problems = _all_problems(provision_id)
    assert problems
    for field, why in problems:
        assert field in {f["name"] for f in widgets.describe(provision_id)["facts"]}  # the page finds the field
        assert not re.search(r"(?<!\w)[a-z][a-z0-9]*(?:_[a-z0-9]+)+(?!\w)", why), why
        assert not re.search(r"\d{4}-\d{2}-\d{2}", why), why
        assert not re.search(r"\d\.0(?!\d)", why), why


def test_the_issues_messages_read_as_the_page_shows_them():
    detention = "pk-mso-2001/pilgrim-detention"
    form = opening_form(detention) | {"hajj_day": "2024-06-15", "embarked_on": "2024-06-01"}
    problems = dict(form_result(detention, form)["problems"])
    assert problems["embarked_on"] == "is before “Hajj day” (15 June 2024)"
    wages = form_result(WAGES, opening_form(WAGES) | {"monthly_wage": "-5000"})
    assert dict(wages["problems"])["monthly_wage"] == "must not be negative, got -5000"
    assert "got -5000" in wages["html"] and "-5000.0" not in wages["html"]


@pytest.mark.parametrize("provision_id", PROVISIONS)
def test_options_are_described_in_words(provision_id):
    html = calculator_html(provision_id, opening_facts(provision_id))
    shown = re.findall(r"<option value='([^']*)'[^>]*>([^<]*)</option>", html)
    assert shown
    for value, text in shown:
        assert re.fullmatch(r"[A-Za-z0-9 ,.'’()&#;]+", text), (value, text)  # no "monthly*12/365"
    result = widgets.evaluate(WAGES, {**opening_facts(WAGES), "day_pay": "monthly*12/365"})
    panel = result_html(result)
    assert "a year&#x27;s wages divided by 365 (not the default: the monthly wage divided by 30)" in panel
    assert "<code>" not in panel and "monthly*12/365" not in panel


@pytest.mark.parametrize("provision_id", PROVISIONS)
def test_the_summary_names_the_total_its_value_and_kind_and_links_to_the_result(provision_id):
    html = calculator_html(provision_id, opening_facts(provision_id))
    summary = re.search(r"<a class='lm-calc-summary' href='#([^']+)' data-summary>([^<]+)</a>", html)
    assert summary and f"id='{summary.group(1)}' data-result" in html
    result = widgets.evaluate(provision_id, form_facts(provision_id, opening_form(provision_id)))
    if result["amounts"]:
        name = next((n for n in result["amounts"] if n.startswith("total")), next(iter(result["amounts"])))
        amount = result["amounts"][name]
        assert widgets.format_money(amount["value"], amount["currency"]) in summary.group(2)
        assert re.search(r"\((entitlement|statutory maximum|statutory minimum|nil)\)$", summary.group(2))
    bad = form_result(provision_id, opening_form(provision_id) | {f["name"]: "a lot" for f in
                      widgets.describe(provision_id)["facts"] if f["kind"] == "money"})  # fmt: skip
    if bad["problems"]:
        assert bad["summary"] == "Please check the facts marked above."

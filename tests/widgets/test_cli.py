"""``python -m widgets``: JSON on stdout with exit 0; bad input exits 2 with one line on stderr and no traceback."""

from __future__ import annotations

import contextlib
import json
import subprocess
import sys

import pytest

import widgets

WRECK = {
    "monthly_wage": 30000,
    "cause": "wreck",
    "service_terminated_on": "2024-01-10",
    "arrived_return_port_on": "2024-01-25",
    "ship_trade": "foreign-going",
}


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "widgets", *args], input=stdin, capture_output=True, text=True, timeout=60
    )


def test_list_prints_the_provision_ids_one_a_line():
    done = run("list")
    assert done.returncode == 0
    assert done.stdout.splitlines() == widgets.provision_ids()
    assert "pk-mso-2001/wages-on-wreck" in done.stdout.splitlines()


def test_eval_prints_the_result_as_json():
    done = run("eval", "pk-mso-2001/wages-on-wreck", stdin=json.dumps(WRECK))
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == widgets.evaluate("pk-mso-2001/wages-on-wreck", WRECK)
    assert done.stderr == ""


@pytest.mark.parametrize(
    ("facts", "fields"),
    [
        ({**WRECK, "monthly_wage": -5}, ["monthly_wage"]),
        ({**WRECK, "cause": "fire", "bonus": 1}, ["cause", "bonus"]),
        ({k: v for k, v in WRECK.items() if k != "ship_trade"}, ["ship_trade"]),
        ({**WRECK, "arrived_return_port_on": "2023-12-31"}, ["arrived_return_port_on"]),
    ],
)
def test_invalid_facts_exit_2_with_one_line_naming_each_field(facts, fields):
    done = run("eval", "pk-mso-2001/wages-on-wreck", stdin=json.dumps(facts))
    assert done.returncode == 2
    assert done.stdout == ""
    assert len(done.stderr.strip().splitlines()) == 1
    assert "Traceback" not in done.stderr
    for field in fields:
        assert f"{field}:" in done.stderr


@pytest.mark.parametrize(
    ("stdin", "named"),
    [("{not json", "facts:"), ("[1, 2]", "facts:"), ("42", "facts:")],
)
def test_stdin_that_is_not_a_json_object_exits_2(stdin, named):
    done = run("eval", "pk-mso-2001/pilgrim-delay", stdin=stdin)
    assert done.returncode == 2
    assert len(done.stderr.strip().splitlines()) == 1
    assert done.stderr.startswith(named)


def test_unknown_provision_exits_2_naming_it():
    done = run("eval", "pk-mso-2001/no-such-rule", stdin="{}")
    assert done.returncode == 2
    assert len(done.stderr.strip().splitlines()) == 1
    assert "no-such-rule" in done.stderr and "Traceback" not in done.stderr


def test_empty_stdin_reports_the_missing_facts():
    done = run("eval", "pk-mso-2001/pilgrim-delay")
    assert done.returncode == 2
    assert "departed_on: is required" in done.stderr


def test_facts_describes_the_accepted_facts():
    done = run("facts", "in-msb-2016/wages-on-wreck")
    assert done.returncode == 0
    described = json.loads(done.stdout)
    names = [fact["name"] for fact in described["facts"]]
    assert {"monthly_wage", "cause", "ship_trade", "effects_measure"} <= set(names)
    assert {"document": "in-msb-2016", "eid": "part_V__sec_69__subsec_3", "citation": "s. 69(3)"} in described[
        "provisions"
    ]


# Hostile input: exit 2, one line naming the field (or the facts) and why, no traceback, never a figure on stdout.


def run_bytes(*args: str, stdin: bytes) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "widgets", *args], input=stdin, capture_output=True, timeout=120)


def _refused(done: subprocess.CompletedProcess, named: str) -> str:
    err = done.stderr.decode("utf-8") if isinstance(done.stderr, bytes) else done.stderr
    out = done.stdout.decode("utf-8") if isinstance(done.stdout, bytes) else done.stdout
    assert done.returncode == 2, err
    assert out == "", "a figure was printed for refused facts"
    assert "Traceback" not in err
    assert len(err.strip().splitlines()) == 1
    assert err.startswith(named) or f"; {named}" in err, err
    return err


@pytest.mark.parametrize(
    ("facts", "named"),
    [
        ({**WRECK, "monthly_wage": 10**27}, "monthly_wage:"),
        ({**WRECK, "monthly_wage": 1e26}, "monthly_wage:"),
        ({**WRECK, "arrived_return_port_on": "9999-12-31"}, "arrived_return_port_on:"),
        (
            {**WRECK, "service_terminated_on": "0001-01-01", "arrived_return_port_on": "9999-12-31"},
            "service_terminated_on:",
        ),
        ({**WRECK, "service_terminated_on": "1849-12-31"}, "service_terminated_on:"),
        ({**WRECK, "days_negligent": 10**9}, "days_negligent:"),
        ({**WRECK, "effects_lost_value": [1, 2]}, "effects_lost_value:"),
        ({**WRECK, "cause": {"nested": ["x"]}}, "cause:"),
    ],
)
def test_implausible_facts_are_refused_by_name(facts, named):
    _refused(run("eval", "pk-mso-2001/wages-on-wreck", stdin=json.dumps(facts)), named)


def test_a_service_from_0001_to_9999_is_refused_not_computed():
    facts = {**WRECK, "service_terminated_on": "0001-01-01", "arrived_return_port_on": "9999-12-31"}
    err = _refused(run("eval", "in-msb-2016/wages-on-wreck", stdin=json.dumps(facts)), "service_terminated_on:")
    assert "arrived_return_port_on:" in err and "1850-01-01 and 2100-12-31" in err


def test_an_integer_literal_of_five_thousand_digits_is_refused_as_invalid_json():
    text = json.dumps(WRECK)[:-1] + ', "days_negligent": ' + "9" * 5000 + "}"
    _refused(run("eval", "pk-mso-2001/wages-on-wreck", stdin=text), "facts: not valid JSON")


def test_deeply_nested_json_is_refused_as_invalid_json():
    _refused(run("eval", "pk-mso-2001/wages-on-wreck", stdin="[" * 200_000 + "]" * 200_000), "facts:")


def test_bytes_that_are_not_utf8_are_refused_whatever_the_locale():
    stdin = b'{"monthly_wage": 30000, "cause": "wr\xe9ck"}'
    err = _refused(run_bytes("eval", "pk-mso-2001/wages-on-wreck", stdin=stdin), "facts: not UTF-8")
    assert "0xe9" in err


def test_a_long_string_is_not_echoed_whole_into_the_error():
    facts = {**WRECK, "monthly_wage": "9" * 900_000}
    err = _refused(run("eval", "pk-mso-2001/wages-on-wreck", stdin=json.dumps(facts)), "monthly_wage:")
    assert len(err) < 300 and "900,000 characters" in err


def test_more_than_a_megabyte_of_facts_is_refused():
    facts = {**WRECK, "monthly_wage": "9" * 2_000_000}
    _refused(run("eval", "pk-mso-2001/wages-on-wreck", stdin=json.dumps(facts)), "facts: more than 1,000,000 bytes")


def test_an_unknown_fact_with_a_huge_name_is_named_briefly():
    facts = {**WRECK, "x" * 500_000: 1}
    err = _refused(run("eval", "pk-mso-2001/wages-on-wreck", stdin=json.dumps(facts)), "“xxx")
    assert len(err) < 1_000


def test_evaluate_raises_only_fact_error_for_any_bad_value():
    """Every fact of every rule given each hostile value: ``FactError`` (never a bare ValueError or TypeError)."""
    hostile = [None, True, -1, 1e308, float("nan"), 10**30, 10**5000, "x" * 100, [], {}, "9999-12-31", "0001-01-01"]
    for provision_id in widgets.provision_ids():
        for fact in widgets.describe(provision_id)["facts"]:
            for value in hostile:
                with contextlib.suppress(widgets.FactError):
                    widgets.evaluate(provision_id, {fact["name"]: value})

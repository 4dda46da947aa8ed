"""``python -m widgets``: JSON on stdout with exit 0; bad input exits 2 with one line on stderr and no traceback."""

from __future__ import annotations

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

"""Every case file in widgets/cases/: each case's facts through ``widgets.evaluate``, checked against its expectation.

A case file is ``widgets/cases/<provision id with / replaced by __>.yaml``::

    provision: pk-mso-2001/wages-on-wreck
    cases:
      - name: A sentence saying what the statute makes of these facts
        facts: {...}
        expect:                       # result fields compared as given (numbers to the paisa)
          wages: 30000
          kinds: {effects_compensation: minimum}
          cites: ["s. 161(1)(a)(i)"]  # citations that must appear among the steps
          options: {month_measure: calendar}
          burden_on: {exerted_utmost: the owner or master resisting the wage claim}
          says: ["no effect"]         # words that must appear in some step (a fact reported as not bearing)
      - name: ...
        facts: {...}
        error: [monthly_wage]         # FactError naming each of these fields
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

import widgets

CASES_DIR = Path(widgets.__file__).parent / "cases"
MINIMUM_CASES = 8


def _files() -> list[Path]:
    return sorted(CASES_DIR.glob("*.yaml"))


def _load(path: Path) -> dict:
    return yaml.safe_load(path.read_text(encoding="utf-8"))


def _cases() -> list:
    out = []
    for path in _files():
        data = _load(path)
        for case in data["cases"]:
            out.append(pytest.param(data["provision"], case, id=f"{path.stem}: {case['name']}"))
    return out


@pytest.mark.parametrize("path", _files(), ids=lambda p: p.stem)
def test_case_file_is_named_for_a_registered_provision(path):
    data = _load(path)
    assert data["provision"] in widgets.provision_ids()
    assert path.stem == data["provision"].replace("/", "__")
    names = [case["name"] for case in data["cases"]]
    assert len(names) >= MINIMUM_CASES, f"{path.name} has {len(names)} cases"
    assert len(set(names)) == len(names), "case names repeat"


@pytest.mark.parametrize("provision_id", widgets.provision_ids())
def test_every_provision_has_a_case_file(provision_id):
    assert (CASES_DIR / f"{provision_id.replace('/', '__')}.yaml").exists()


def _expect_value(result: dict, key: str, expected) -> None:
    assert key in result, f"the result has no {key!r}"
    actual = result[key]
    if isinstance(expected, int | float) and not isinstance(expected, bool):
        assert actual == pytest.approx(expected, abs=0.005), f"{key}: {actual} != {expected}"
    else:
        assert actual == expected, f"{key}: {actual!r} != {expected!r}"


def _check_expectation(result: dict, expect: dict) -> None:
    for key, expected in expect.items():
        if key == "kinds":
            for name, kind in expected.items():
                assert result["amounts"][name]["kind"] == kind, f"{name} is {result['amounts'][name]['kind']}"
        elif key == "cites":
            cited = [step["citation"] for step in result["steps"]]
            for citation in expected:
                assert citation in cited, f"no step cites {citation}; steps cite {cited}"
        elif key == "options":
            used = {option["name"]: option["value"] for option in result["options"]}
            assert {name: used.get(name) for name in expected} == expected
        elif key == "says":
            texts = [step["text"] for step in result["steps"]]
            for words in expected:
                assert any(words in text for text in texts), f"no step says {words!r}; steps: {texts}"
        elif key == "burden_on":
            found = {burden["fact"]: burden["burden_on"] for burden in result["burdens"]}
            assert {fact: found.get(fact) for fact in expected} == expected
        else:
            _expect_value(result, key, expected)


@pytest.mark.parametrize(("provision_id", "case"), _cases())
def test_case(provision_id, case):
    if "error" in case:
        with pytest.raises(widgets.FactError) as raised:
            widgets.evaluate(provision_id, case["facts"])
        named = [name for name, _why in raised.value.problems]
        for field in case["error"]:
            assert field in named, f"the error names {named}, not {field}"
        return
    result = widgets.evaluate(provision_id, case["facts"])
    _check_expectation(result, case["expect"])
    for step in result["steps"]:
        assert step["citation"].startswith("s. ") and step["eid"] and step["text"]

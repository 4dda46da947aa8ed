"""widgets.exercises: answers computed by the rules from widgets/exercises.yaml, and check()'s feedback."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

import widgets
from widgets import exercises
from widgets.exercises import check, exercise_ids, expected

CHAPTERS = ("wages-on-wreck", "desertion", "pilgrims", "load-lines", "comparative")


def test_every_chapter_has_at_least_three_exercises() -> None:
    for chapter in CHAPTERS:
        assert len(exercise_ids(chapter)) >= 3, chapter


@pytest.mark.parametrize("exercise_id", exercise_ids())
def test_every_exercise_is_answered_by_its_rule(exercise_id: str) -> None:
    spec = exercises.exercise(exercise_id)
    assert spec["provision"] in widgets.provision_ids()
    result = widgets.evaluate(spec["provision"], spec["facts"])
    if "less" not in spec and "per" not in spec:
        assert expected(exercise_id) == result[spec["asks"]]
    assert check(exercise_id, expected(exercise_id))


def test_a_floor_exercise_is_the_floor_not_the_loss() -> None:
    # s. 161(1)(a)(ii)(b): not less than three months' wages; the effects were worth less than that.
    spec = exercises.exercise("wreck-floor-pk")
    assert spec["facts"]["effects_lost_value"] < 3 * spec["facts"]["monthly_wage"]
    assert expected("wreck-floor-pk") == 3 * spec["facts"]["monthly_wage"]


def test_right_answer_as_number_or_as_formatted_money() -> None:
    want = expected("wreck-cap-in")
    assert check("wreck-cap-in", want).status == "correct"
    assert check("wreck-cap-in", widgets.format_money(want, "INR")).status == "correct"
    assert check("wreck-cap-in", want + 0.6)  # within the default tolerance of one rupee


def test_wrong_answer_gives_a_hint_but_not_the_answer() -> None:
    want = expected("wreck-cap-in")
    feedback = check("wreck-cap-in", want + 5000)
    assert not feedback
    assert feedback.status == "incorrect"
    assert feedback.expected is None
    assert "ceiling" in feedback.message  # the hint from the YAML
    assert widgets.format_money(want, "INR") not in feedback.message
    assert f"{want:.0f}" not in feedback.message


def test_reveal_gives_the_expected_answer() -> None:
    want = expected("wreck-cap-in")
    feedback = check("wreck-cap-in", want + 5000, reveal=True)
    assert feedback.status == "incorrect"
    assert feedback.expected == want
    assert widgets.format_money(want, "INR") in feedback.message


def test_yes_no_answers() -> None:
    deemed = expected("desertion-deemed-in")
    assert isinstance(deemed, bool)
    assert check("desertion-deemed-in", deemed)
    assert check("desertion-deemed-in", "yes" if deemed else "no")
    assert not check("desertion-deemed-in", not deemed)


def test_unknown_exercise_and_unreadable_answer_do_not_raise() -> None:
    feedback = check("no-such-exercise", 1)
    assert feedback.status == "unknown-exercise"
    assert "wreck-floor-pk" in feedback.message
    unreadable = check("wreck-floor-pk", "a lot")
    assert unreadable.status == "unreadable"
    assert "number" in unreadable.message
    assert "<div" in check("no-such-exercise", 1)._repr_html_()


def test_comparison_in_months_wages() -> None:
    spec = exercises.exercise("compare-wreck-total")
    pk = widgets.evaluate(spec["provision"], spec["facts"])
    india = widgets.evaluate(spec["less"]["provision"], spec["facts"])
    wage = spec["facts"]["monthly_wage"]
    assert expected("compare-wreck-total") == pytest.approx(pk["total"] / wage - india["total"] / wage)


def test_rupees_of_two_countries_are_not_subtracted(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    bad = {"bad": {"chapter": "x", "provision": "in-msb-2016/load-line", "asks": "max_fine",
                   "facts": {"submerged_mm_port": 30, "submerged_mm_starboard": 30},
                   "less": {"provision": "pk-mso-2001/load-line"}}}  # fmt: skip
    path = tmp_path / "exercises.yaml"
    path.write_text(yaml.safe_dump(bad), encoding="utf-8")
    monkeypatch.setattr(exercises, "EXERCISES_FILE", path)
    exercises._all.cache_clear()
    try:
        with pytest.raises(ValueError, match="cannot be subtracted"):
            expected("bad")
    finally:
        exercises._all.cache_clear()


def test_solution_markdown_names_the_provisions() -> None:
    text = exercises.solution_markdown("wreck-floor-pk")
    assert "s. 161(1)(a)(ii)(b)" in text
    assert widgets.format_money(expected("wreck-floor-pk"), "PKR") in text


def test_the_book_config_is_the_student_edition_and_the_instructor_copy_shows_solutions(tmp_path: Path) -> None:
    book = yaml.safe_load(Path("_config.yml").read_text(encoding="utf-8"))
    assert book["sphinx"]["config"]["hide_solutions"] is True
    target = tmp_path / "instructor" / "_config.yml"
    exercises.write_instructor_config(Path("_config.yml"), target)
    config = yaml.safe_load(target.read_text(encoding="utf-8"))
    assert config["sphinx"]["config"]["hide_solutions"] is False
    assert "sphinx_exercise" in config["sphinx"]["extra_extensions"]
    for path in config["sphinx"]["local_extensions"].values():
        assert Path(path).is_absolute() and Path(path).is_dir()


@pytest.mark.parametrize("exercise_id", sorted(exercises._all()))
def test_facts_and_solutions_read_as_the_calculators_do(exercise_id):
    """What the book prints under an exercise: money with its sign, units, dates in words, yes/no, and the amount
    kinds of the result panels ("statutory maximum", "nil"); never Python's True/None or an ISO date."""
    printed = exercises.facts_markdown(exercise_id) + "\n" + exercises.solution_markdown(exercise_id)
    assert not re.search(r"\b(?:True|False|None)\b", printed)
    assert not re.search(r"\*\*\d{4}-\d{2}-\d{2}\*\*|\(\s*(?:minimum|maximum),", printed)


def test_a_measured_answer_has_its_unit():
    """The dock-water exercise asks for a depth: "30 mm", not a bare 30."""
    assert exercises.solution_markdown("loadline-dock-in").startswith("**Answer: 30 mm**")

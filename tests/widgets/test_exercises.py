"""widgets.exercises: answers computed by the rules from widgets/exercises.yaml, variants, the salted check, and the
instructors' assignment notebooks. Every exercise is checked for every one of the page's 20 variants."""

from __future__ import annotations

import csv
import datetime as dt
import json
import re
from pathlib import Path

import nbformat
import pytest
import yaml

import widgets
from widgets import exercise_check, exercises
from widgets.exercises import check, exercise_ids, expected

TOPICS = ("wages-on-wreck", "desertion", "pilgrims", "load-lines")
CHAPTERS = (*TOPICS, "comparative")
VARIANTS = range(exercises.VARIANTS)
ALL = exercise_ids()


def test_every_chapter_has_its_exercises_and_one_that_turns_on_an_option() -> None:
    for chapter in CHAPTERS:
        ids = exercise_ids(chapter)
        assert len(ids) >= (3 if chapter in TOPICS else 2), chapter
        assert any(exercises.exercise(i).get("turns_on") for i in ids), f"{chapter}: none turns on an option"


@pytest.mark.parametrize("exercise_id", ALL)
def test_every_exercise_is_answered_by_its_rule(exercise_id: str) -> None:
    spec = exercises.exercise(exercise_id)
    assert spec["provision"] in widgets.provision_ids()
    assert exercises.variant_facts(exercise_id, 0) == spec["facts"], "variant 0 is the book's facts"
    result = widgets.evaluate(spec["provision"], spec["facts"])
    if "less" not in spec and "per" not in spec:
        assert expected(exercise_id) == result[spec["asks"]]
    assert check(exercise_id, expected(exercise_id))


def _wrong(spec: dict, want: object) -> list[object]:
    """Answers the check must refuse: the other yes/no; a number just beyond the tolerance, and far off."""
    if spec["kind"] == "yes-no":
        return [not want]
    if spec["kind"] == "count":
        return [want + 1, want - 1]
    tolerance = spec["tolerance"]
    return [float(want) + 1.01 * tolerance, float(want) - 1.01 * tolerance, float(want) * 2 + 1000]


@pytest.mark.parametrize("exercise_id", ALL)
def test_the_check_accepts_the_rules_answer_and_refuses_a_wrong_one_in_every_variant(exercise_id: str) -> None:
    spec = exercises.answer_spec(exercise_id)
    for variant in VARIANTS:
        want = expected(exercise_id, variant)
        shown = exercises.describe_answer(exercise_id, want)
        assert check(exercise_id, want, variant=variant).status == "correct", (variant, want)
        assert check(exercise_id, shown, variant=variant).status == "correct", (variant, shown)
        for wrong in _wrong(spec, want):
            feedback = check(exercise_id, wrong, variant=variant)
            assert feedback.status == "incorrect", (variant, want, wrong)
            assert spec["hint"] in feedback.message


@pytest.mark.parametrize("exercise_id", [i for i in ALL if exercises.answer_spec(i)["kind"] == "number"])
def test_a_number_is_right_within_three_quarters_of_the_tolerance_and_never_beyond_it(exercise_id: str) -> None:
    spec = exercises.answer_spec(exercise_id)
    tolerance = spec["tolerance"]
    for variant in VARIANTS:
        want = float(expected(exercise_id, variant))
        for fraction in (-0.75, -0.5, -0.1, 0.1, 0.5, 0.75):
            assert check(exercise_id, want + fraction * tolerance, variant=variant), (variant, fraction)
        for fraction in (-1.5, -1.001, 1.001, 1.5):
            assert not check(exercise_id, want + fraction * tolerance, variant=variant), (variant, fraction)


@pytest.mark.parametrize("exercise_id", ALL)
def test_variants_differ_and_are_legally_meaningful(exercise_id: str) -> None:
    spec = exercises.exercise(exercise_id)
    variants = [exercises.variant_facts(exercise_id, v) for v in VARIANTS]
    assert len({json.dumps(f, sort_keys=True) for f in variants}) == len(variants), "two variants alike"
    kinds = {f["name"]: f["kind"] for f in widgets.describe(spec["provision"])["facts"]}
    for facts in variants:
        assert exercises.problems(exercise_id, facts) == []
        for name, rule in spec["vary"].items():
            if "after" in rule:  # dates in order
                assert dt.date.fromisoformat(facts[name]) > dt.date.fromisoformat(facts[rule["after"]])
            if kinds[name] == "option":
                assert facts[name] in next(f["choices"] for f in widgets.describe(spec["provision"])["facts"]
                                           if f["name"] == name)  # fmt: skip
    records = {json.dumps(exercises.record(exercise_id, v)) for v in VARIANTS}
    assert len(records) == len(variants), "each variant has its own salt"


@pytest.mark.parametrize("exercise_id", [i for i in ALL if exercises.exercise(i).get("turns_on")])
def test_an_option_exercise_has_a_different_answer_under_each_reading_in_every_variant(exercise_id: str) -> None:
    option = exercises.exercise(exercise_id)["turns_on"]
    choices = next(f["choices"] for f in widgets.describe(exercises.exercise(exercise_id)["provision"])["facts"]
                   if f["name"] == option)  # fmt: skip
    for variant in VARIANTS:
        facts = exercises.variant_facts(exercise_id, variant)
        answers = [exercises.expected_for(exercise_id, {**facts, option: choice}) for choice in choices]
        assert len(set(map(str, answers))) == len(answers), (variant, answers)
    readings = {exercises.variant_facts(exercise_id, v)[option] for v in VARIANTS}
    assert readings == set(choices), "the variants use every reading"


def _close(a: object, b: object, tolerance: float) -> bool:
    if isinstance(a, float | int) and isinstance(b, float | int) and not isinstance(a, bool):
        return abs(float(a) - float(b)) <= tolerance
    return a == b


@pytest.mark.parametrize("exercise_id", ALL)
def test_every_reading_the_answer_turns_on_is_stated_with_the_facts(exercise_id: str) -> None:
    """An interpretive option the question's facts leave at its default must not change the answer in any variant:
    a reading the answer turns on is given with the facts (shown under the question), so a student who reads the law
    another way can see why the page expects what it does. Options only one of a comparison's rules has cannot be
    given to both, and are left out."""
    spec = exercises.exercise(exercise_id)
    runs = [spec["provision"], *([spec["less"]["provision"]] if "less" in spec else [])]
    options = [{f["name"]: f["choices"] for f in widgets.describe(p)["facts"] if f["kind"] == "option"} for p in runs]
    shared = set(options[0]).intersection(*options[1:])
    tolerance = float(spec.get("tolerance", exercises.DEFAULT_TOLERANCE)) * 0.5
    for variant in VARIANTS:
        facts = exercises.variant_facts(exercise_id, variant)
        want = exercises.expected_for(exercise_id, facts)
        for name in sorted(shared - set(facts)):
            for choice in options[0][name]:
                other = exercises.expected_for(exercise_id, {**facts, name: choice})
                assert _close(other, want, tolerance), f"variant {variant}: {name}={choice} gives {other}, not {want}"


@pytest.mark.parametrize("exercise_id", ALL)
def test_every_measured_fact_is_shown_at_the_precision_it_was_drawn(exercise_id: str) -> None:
    """The page shows each number fact as drawn (a density of 1.018 t/m³ as "1.018", 1.010 as "1.010"), never
    rounded to the panels' two decimals, so that the answer can be computed from what the page shows."""
    spec = exercises.exercise(exercise_id)
    for variant in VARIANTS:
        facts = exercises.variant_facts(exercise_id, variant)
        shown = exercises.facts_markdown(exercise_id, variant)
        for name, value in facts.items():
            if isinstance(value, float):
                step = spec.get("vary", {}).get(name, {}).get("step")
                places = len(repr(step).split(".")[1]) if isinstance(step, float) else 0
                assert f"**{value:,.{places}f}" in shown or f"**{value:,}" in shown, (variant, name, value, shown)


def test_a_density_is_shown_to_three_decimals() -> None:
    densities = {exercises.variant_facts("loadline-dock-in", v)["water_density"] for v in VARIANTS}
    assert any(round(d, 2) != d for d in densities), "some variant's density has a third decimal"
    for variant in VARIANTS:
        density = exercises.variant_facts("loadline-dock-in", variant)["water_density"]
        assert f"Density of the water: **{density:.3f} t/m³**" in exercises.facts_markdown("loadline-dock-in", variant)


def test_the_same_seed_gives_the_same_facts_and_another_seed_others() -> None:
    a = exercises.drawn_facts("wreck-floor-pk", "seed-1")
    assert a == exercises.drawn_facts("wreck-floor-pk", "seed-1")
    assert a != exercises.drawn_facts("wreck-floor-pk", "seed-2")
    assert exercises.assignment_facts("wreck-floor-pk", "ml301", "alice") != exercises.assignment_facts(
        "wreck-floor-pk", "ml301", "bob"
    )


def test_a_student_id_picks_a_drawn_variant_the_same_way_every_time() -> None:
    picked = {exercises.variant_for_student("wreck-floor-pk", f"student{n}") for n in range(60)}
    assert 0 not in picked and picked <= set(range(1, exercises.VARIANTS))
    assert len(picked) > 10
    assert exercises.variant_for_student("wreck-floor-pk", " Alice ") == exercises.variant_for_student(
        "wreck-floor-pk", "alice"
    )


def test_a_floor_exercise_is_the_floor_not_the_loss() -> None:
    # s. 161(1)(a)(ii)(b): not less than three months' wages; the effects were worth less than that, in every variant.
    for variant in VARIANTS:
        facts = exercises.variant_facts("wreck-floor-pk", variant)
        assert facts["effects_lost_value"] < 3 * facts["monthly_wage"]
        assert expected("wreck-floor-pk", variant) == 3 * facts["monthly_wage"]


TYPED = yaml.safe_load((Path(__file__).parent / "typed_answers.yaml").read_text(encoding="utf-8"))


@pytest.mark.parametrize(("typed", "value"), TYPED)
def test_numbers_are_read_in_the_forms_students_type_them(typed: str, value: float | None) -> None:
    assert exercise_check.read_number(typed) == value


def test_a_lakh_answer_is_right_and_a_word_the_reader_does_not_know_is_could_not_read() -> None:
    # The case: "1.5 lakh" was read as 1.5 and marked wrong with a legal hint; "Rs. 150,000/-" unreadable.
    spec = {"kind": "number", "tolerance": 1.0, "step": 0.25, "hint": "a floor, not a ceiling"}
    forms = exercise_check.accepted_forms(spec, 150000)
    salt = "a3f9"
    record = {"salt": salt, "digests": [exercise_check.digest(salt, f) for f in forms]}
    for typed in ("1.5 lakh", "Rs 1.5 lakh", "150k", "Rs. 150,000/-", "₹ 1,50,000.00", "0.015 crore"):
        assert exercise_check.verdict("x", spec, record, typed).status == "correct", typed
    for typed in ("15 lakh", "1.5"):
        assert exercise_check.verdict("x", spec, record, typed).status == "incorrect", typed
    refused = exercise_check.verdict("x", spec, record, "1.5 billion")
    assert refused.status == "unreadable" and refused.message.startswith("Could not read '1.5 billion'")
    assert "floor" not in refused.message  # no legal hint for an answer that was not read


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
    assert check("desertion-deemed-in", " YES " if deemed else "No")
    assert not check("desertion-deemed-in", not deemed)
    answers = {expected("desertion-deemed-in", v) for v in VARIANTS}
    assert answers == {True, False}, "the variants ask both ways"


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
            exercises.expected_for("bad", bad["bad"]["facts"])
    finally:
        exercises._all.cache_clear()


def test_solution_markdown_names_the_provisions() -> None:
    text = exercises.solution_markdown("wreck-floor-pk")
    assert "s. 161(1)(a)(ii)(b)" in text
    assert widgets.format_money(expected("wreck-floor-pk"), "PKR") in text
    other = exercises.solution_markdown("wreck-floor-pk", 5)
    assert widgets.format_money(expected("wreck-floor-pk", 5), "PKR") in other


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


@pytest.mark.parametrize("exercise_id", ALL)
def test_facts_and_solutions_read_as_the_calculators_do(exercise_id):
    """What the book prints under an exercise: money with its sign, units, dates in words, yes/no, and the amount
    kinds of the result panels ("statutory maximum", "nil"); never Python's True/None or an ISO date."""
    for variant in (0, 7):
        printed = (
            exercises.facts_markdown(exercise_id, variant) + "\n" + exercises.solution_markdown(exercise_id, variant)
        )
        assert not re.search(r"\b(?:True|False|None)\b", printed)
        assert not re.search(r"\*\*\d{4}-\d{2}-\d{2}\*\*|\(\s*(?:minimum|maximum),", printed)


def test_a_measured_answer_has_its_unit():
    """The dock-water exercise asks for a depth: "30 mm", not a bare 30."""
    assert exercises.solution_markdown("loadline-dock-in").startswith("**Answer: 30 mm**")
    assert exercises.answer_spec("loadline-dock-in")["prompt"] == "in mm, within 0.5"


# --- the instructors' assignment --------------------------------------------------------------------------------


def _run(notebook: dict, answers: dict[str, object]) -> dict[str, bool]:
    """Run the notebook's cells as a grader would (in this Python), with ``answers`` put in the answer cells; the
    verdict of each autograded test cell by its grade_id."""
    namespace: dict[str, object] = {}
    verdicts: dict[str, bool] = {}
    for cell in notebook["cells"]:
        meta = cell["metadata"].get("nbgrader", {})
        if cell["cell_type"] != "code":
            continue
        if meta.get("solution"):
            name = cell["source"].split(" = ")[0]
            namespace[name] = answers[meta["grade_id"].removeprefix("answer-")]
            continue
        try:
            exec(cell["source"], namespace)  # the notebook this test has just written
            passed = True
        except AssertionError:
            passed = False
        if meta.get("grade"):
            verdicts[meta["grade_id"]] = passed
    return verdicts


def _graded(notebook: dict) -> list[tuple[str, dict]]:
    return [(c["source"], c["metadata"]["nbgrader"]) for c in notebook["cells"] if "nbgrader" in c["metadata"]]


NBGRADER_KEYS = {"schema_version", "grade", "locked", "solution", "task", "grade_id", "points", "checksum", "cell_type"}


def _assert_nbgrader_v3(notebook: dict) -> None:
    """The rules of nbgrader's cell metadata, schema 3 (nbgrader/nbgraderformat/v3.json and v3.py): the required
    keys and no others, a grade_id of letters, digits, _ and -, unique in the notebook, points on a graded cell."""
    ids = []
    for _, meta in _graded(notebook):
        assert {"schema_version", "grade", "locked", "solution"} <= set(meta) <= NBGRADER_KEYS
        assert meta["schema_version"] == 3
        if meta["grade"] or meta["solution"] or meta["locked"]:
            assert re.fullmatch(r"[a-zA-Z0-9_\-]+", meta["grade_id"])
            ids.append(meta["grade_id"])
        if meta["grade"]:
            assert meta["points"] >= 0
    assert len(ids) == len(set(ids))


def test_the_assignment_writes_a_notebook_per_student_in_nbgrader_format_and_the_key_apart(tmp_path: Path) -> None:
    seed, students = "ml301-2026", ("alice", "bob")
    written = exercises.write_assignment("wages-on-wreck", seed, list(students), tmp_path)
    assert {p.relative_to(tmp_path).parts[0] for p in written} == {"source", "notebooks", "answer-key"}
    ids = exercise_ids("wages-on-wreck")
    source = nbformat.read(tmp_path / "source" / "wages-on-wreck.ipynb", as_version=4)
    books = {s: nbformat.read(tmp_path / "notebooks" / s / "wages-on-wreck.ipynb", as_version=4) for s in students}
    for student, book in books.items():
        nbformat.validate(book)
        # nbgrader restores the cells it grades from the source copy: they must be the same in every notebook
        assert _graded(book) == _graded(source)
        text = "\n".join(c["source"] for c in book["cells"])
        assert "{glue" not in text and "{exercise" not in text and "solution_markdown" not in text
        _assert_nbgrader_v3(book)
        graded = [m for _, m in _graded(book) if m["grade"]]
        answers = [m for _, m in _graded(book) if m["solution"]]
        assert len(graded) == len(answers) == len(ids)
        assert all(m["locked"] and m["points"] == 1 for m in graded)
        assert all(not m["locked"] for m in answers)
        for exercise_id in ids:
            facts = exercises.assignment_facts(exercise_id, seed, student)
            assert exercises.facts_markdown_of(exercise_id, facts) in text  # the facts as text
            answer = exercises.describe_answer(exercise_id, exercises.expected_for(exercise_id, facts))
            if answer not in exercises.facts_markdown_of(exercise_id, facts):
                assert answer not in text, "the notebook holds no answer"
        right = {i: exercises.expected_for(i, exercises.assignment_facts(i, seed, student)) for i in ids}
        assert all(_run(book, right).values())
        wrong = {i: float(v) + 1000 for i, v in right.items()}
        assert not any(_run(book, wrong).values())
    assert books["alice"]["cells"][2]["source"] != books["bob"]["cells"][2]["source"], "students get their own facts"
    assert "Rs " not in "\n".join(c["source"] for c in source["cells"]), "the source copy has no student's facts"
    key = (tmp_path / "answer-key" / "wages-on-wreck.csv").read_text(encoding="utf-8").splitlines()
    assert len(key) == 1 + 2 * len(ids)
    assert "**Answer:" in (tmp_path / "answer-key" / "wages-on-wreck-alice.md").read_text(encoding="utf-8")


def test_the_assignment_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    roster = tmp_path / "roster.txt"
    roster.write_text("s001\ns002\n\ns003\n", encoding="utf-8")
    exercises.main(["assignment", "pilgrims", "--seed", "2026", "--students", f"@{roster}", "--out", str(tmp_path)])
    assert "3 notebook(s)" in capsys.readouterr().out
    assert len(list((tmp_path / "notebooks").glob("*/pilgrims.ipynb"))) == 3
    with pytest.raises(SystemExit):
        exercises.main(["assignment", "no-such-chapter", "--seed", "1", "--students", "a", "--out", str(tmp_path)])
    assert "no exercises in chapter 'no-such-chapter'" in capsys.readouterr().err


# --- the assignment tool refuses what it cannot write safely, with one line, writing nothing (issue 27, item 6) ----

_ROSTERS = {
    "parent folder": ("..,bob", "id 1 '..' must be letters, digits and . @ _ -"),
    "this folder": (".,bob", "id 1 '.' must be letters, digits and . @ _ -"),
    "a path": ("bob,ann/../../x", "id 2 'ann/../../x' must be letters, digits and . @ _ -"),
    "over-long": ("bob," + "x" * 300, "id 2 'xxxxxxxx"),
    "a control character": ("bob,a\x1bb", "id 2 'a\\x1bb' must be letters, digits and . @ _ -"),
    "the same but for case": ("Ann,bob,ann", "id 3 'ann' is the same folder as 'Ann'"),
    "the same but for Unicode form": ("ann,\uff41nn", "id 2 '\\uff41nn' is the same folder as 'ann'"),
    "none": (",, ,", "--students: no student ids"),
}


@pytest.mark.parametrize(("students", "message"), _ROSTERS.values(), ids=_ROSTERS.keys())
def test_the_assignment_refuses_unsafe_or_colliding_ids_writing_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], students: str, message: str
) -> None:
    out = tmp_path / "out"
    with pytest.raises(SystemExit) as stopped:
        exercises.main(["assignment", "pilgrims", "--seed", "1", "--students", students, "--out", str(out)])
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and len(err) < 300, err
    assert message in err
    assert not out.exists(), "nothing is written"


def _bad_roster(tmp_path: Path, kind: str) -> tuple[Path, str]:
    if kind == "missing":
        return tmp_path / "roster.txt", "roster.txt: No such file or directory"
    if kind == "a folder":
        return tmp_path, "is a folder, not a file of ids"
    path = tmp_path / "roster.txt"
    path.write_bytes(b"ann\nb\xf6b\n")  # Latin-1, as a spreadsheet exports it
    return path, "roster.txt line 2: not UTF-8"


@pytest.mark.parametrize("kind", ["missing", "a folder", "not UTF-8"])
def test_a_bad_roster_file_is_one_line_writing_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], kind: str
) -> None:
    roster, message = _bad_roster(tmp_path, kind)
    out = tmp_path / "out"
    with pytest.raises(SystemExit) as stopped:
        exercises.main(["assignment", "pilgrims", "--seed", "1", "--students", f"@{roster}", "--out", str(out)])
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and message in err, err
    assert not out.exists()


@pytest.mark.parametrize("where", [".", "notebooks", "notebooks/ann"])
def test_an_out_that_is_or_holds_a_file_is_one_line_writing_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], where: str
) -> None:
    out = tmp_path / "out"
    blocker = out / where
    blocker.parent.mkdir(parents=True, exist_ok=True)
    if blocker.exists():
        blocker.rmdir()
    blocker.write_text("not a folder\n", encoding="utf-8")
    before = sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*"))
    with pytest.raises(SystemExit) as stopped:
        exercises.main(["assignment", "pilgrims", "--seed", "1", "--students", "ann,bob", "--out", str(out)])
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and f"--out: {blocker} is a file, not a folder" in err, err
    assert sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*")) == before, "nothing is written"


def _answer(path: Path, answers: dict[str, str]) -> None:
    """A student's returned notebook: each answer cell's source replaced by ``answers[exercise_id]`` (Python)."""
    book = nbformat.read(path, as_version=4)
    for cell in book.cells:
        grade_id = cell["metadata"].get("nbgrader", {}).get("grade_id", "")
        if grade_id.startswith("answer-") and grade_id.removeprefix("answer-") in answers:
            cell.source = answers[grade_id.removeprefix("answer-")]
    nbformat.write(book, path)


def test_marking_without_nbgrader_runs_every_check_and_writes_marks_per_student(tmp_path: Path) -> None:
    seed, chapter = "ml301-2026", "wages-on-wreck"
    students = ["alice", "bob", "carol", "dave"]
    exercises.write_assignment(chapter, seed, students, tmp_path)
    ids = exercise_ids(chapter)
    right = {s: {i: exercises.expected_for(i, exercises.assignment_facts(i, seed, s)) for i in ids} for s in students}
    notebooks = tmp_path / "notebooks"
    name = {i: "answer_" + re.sub(r"\W", "_", i) for i in ids}
    _answer(notebooks / "alice" / f"{chapter}.ipynb", {i: f"{name[i]} = {v!r}" for i, v in right["alice"].items()})
    # bob: the first answer wrong, the second as a ledger writes it in lakh, the third words the reader does not know
    bob = right["bob"]
    lakh = f"{bob[ids[1]] / 100000:.6f}".rstrip("0")
    _answer(notebooks / "bob" / f"{chapter}.ipynb", {ids[0]: f"{name[ids[0]]} = {bob[ids[0]] + 5000!r}",
                                                     ids[1]: f"{name[ids[1]]} = 'Rs {lakh} lakh'",
                                                     ids[2]: f"{name[ids[2]]} = '{bob[ids[2]]} or so'"})  # fmt: skip
    # carol: her first answer cell raises; the ones after it still count
    carol = {i: f"{name[i]} = {v!r}" for i, v in right["carol"].items()}
    carol[ids[0]] = f"{name[ids[0]]} = 1 / 0"
    _answer(notebooks / "carol" / f"{chapter}.ipynb", carol)
    (notebooks / "dave" / f"{chapter}.ipynb").unlink()  # dave returned nothing
    marks = tmp_path / "marks"
    exercises.main(["mark", chapter, "--seed", seed, "--submissions", str(notebooks), "--out", str(marks)])

    def rows(student: str) -> list[dict[str, str]]:
        with (marks / f"{student}.csv").open(encoding="utf-8") as handle:
            return list(csv.DictReader(handle))

    assert [r["status"] for r in rows("alice")] == ["correct"] * len(ids)
    bobs = rows("bob")
    assert [r["status"] for r in bobs[:3]] == ["incorrect", "correct", "unreadable"]
    assert bobs[1]["answer"] == f"Rs {lakh} lakh" and bobs[2]["message"].startswith("Could not read")
    assert all(r["status"] == "no answer" for r in rows("bob")[3:]), "bob left the others as None"
    carols = rows("carol")
    assert carols[0]["status"] == "no answer" and "ZeroDivisionError" in carols[0]["message"]
    assert [r["status"] for r in carols[1:]] == ["correct"] * (len(ids) - 1)
    assert {r["status"] for r in rows("dave")} == {"not run"}
    with (marks / f"{chapter}.csv").open(encoding="utf-8") as handle:
        totals = {r["student"]: (int(r["points"]), int(r["out of"])) for r in csv.DictReader(handle)}
    n = len(ids)
    assert totals == {"alice": (n, n), "bob": (1, n), "carol": (n - 1, n), "dave": (0, n)}


@pytest.mark.parametrize("exercise_id", ["wreck-floor-pk", "desertion-deemed-in", "loadline-dock-in"])
def test_a_sealed_solution_opens_with_every_accepted_form_and_with_nothing_else(exercise_id: str) -> None:
    """A variant's worked solution, as the student edition writes it, is read only with its right answer."""
    spec = exercises.answer_spec(exercise_id)
    for variant in (0, 7):
        text = exercises.solution_markdown(exercise_id, variant)
        want = expected(exercise_id, variant)
        assert f"Answer: {exercises.describe_answer(exercise_id, want)}" in text
        sealed = exercises.sealed_solution(exercise_id, variant, text)
        written = json.dumps(sealed)
        assert "Answer" not in written and exercises.describe_answer(exercise_id, want) not in written
        assert sealed == exercises.sealed_solution(exercise_id, variant, text)  # byte-identical rebuilds
        salt = exercises.record(exercise_id, variant)["salt"]
        forms = exercise_check.accepted_forms(spec, want)
        for form in forms:  # every answer the check accepts opens it: each grid point of the tolerance has a wrap
            assert exercise_check.unseal(salt, form, sealed) == text
        typed = exercises.describe_answer(exercise_id, want)
        assert exercise_check.unseal(salt, exercise_check.canonical(spec, typed), sealed) == text
        if spec["kind"] == "yes-no":
            wrong = ["no" if want else "yes"]
        else:
            wrong = [str(int(forms[0]) - 1), str(int(forms[-1]) + 1), "0"]
        for form in wrong:
            assert exercise_check.unseal(salt, form, sealed) is None
        tampered = dict(sealed, tag="0" * 32)
        assert exercise_check.unseal(salt, forms[0], tampered) is None

"""The book's exercises: questions and facts in ``exercises.yaml``, answers computed by the rules, student variants.

    from widgets.exercises import check
    check("wreck-floor-pk", 150000)               # ✓ or ✗ with a hint; the expected answer is not shown
    check("wreck-floor-pk", 120000, reveal=True)  # ✗ and what was expected, with the steps that produce it
    check("wreck-floor-pk", 150000, variant=3)    # the page's variant 3 (``?variant=3``)

Each exercise (``exercises.yaml``, whose header lists the fields) names a chapter, a provision id, its question, the
book's facts and the result field it asks for (``asks``); ``vary`` declares the ranges and choices a variant's facts
are drawn from, ``require`` what a variant's facts must satisfy to be legally meaningful and not trivial, and
``turns_on`` an interpretive option whose readings must give different answers in every variant. Nothing in the file
is an answer: :func:`expected` runs ``widgets.evaluate`` every time, so a change in a rule changes every variant's
answer and the solution printed in the book, never a typed number.

Variant 0 is the book's facts (the chapter's prose and the instructor edition's solution speak of them); variants 1 to
``VARIANTS - 1`` are drawn deterministically (a seeded ``random.Random`` per exercise and variant), as are an
assignment's (seeded by the instructor's seed and the student's name). This module knows the answers, so it is kept
out of what the reader's browser loads (the lite lab's wheel and the page's Python); the browser's side of a check is
:mod:`widgets.exercise_check`, against the digests :func:`record` writes.

``python -m widgets.exercises assignment CHAPTER --seed S --students a,b --out DIR`` writes the instructors'
notebooks (:func:`write_assignment`); ``python -m widgets.exercises mark CHAPTER --seed S --submissions DIR --out
MARKS`` marks the returned notebooks without nbgrader (:func:`mark_submissions`: every exercise, a CSV per student);
``python -m widgets.exercises instructor-config`` the instructor edition's config.
"""

from __future__ import annotations

import argparse
import ast
import csv
import datetime as dt
import hashlib
import io
import json
import operator
import random
import re
import sys
import unicodedata
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from decimal import Decimal
from functools import cache
from pathlib import Path
from typing import Any

import yaml

import widgets
from widgets.exercise_check import GRID, Feedback, accepted_forms, digest, seal, verdict, what_to_type
from widgets.rules.facts import calendar_date
from widgets.views import display

EXERCISES_FILE = Path(__file__).with_name("exercises.yaml")
DEFAULT_TOLERANCE = 1.0
"""Amounts are accepted within one rupee, so a student may round to the rupee."""
VARIANTS = 20
"""Variants per exercise in the book's pages: 0 (the book's facts) and 19 drawn ones."""
DRAWS = 400
"""Draws tried for one variant before its exercise is declared to have no legal variant."""


class ExerciseError(ValueError):
    """An exercise of ``exercises.yaml`` that cannot be used, naming the exercise and the field."""


@cache
def _all() -> dict[str, dict[str, Any]]:
    return yaml.safe_load(EXERCISES_FILE.read_text(encoding="utf-8"))


def exercise_ids(chapter: str | None = None) -> list[str]:
    """The ids of the exercises (of one chapter, if given), in the file's order."""
    return [key for key, spec in _all().items() if chapter is None or spec["chapter"] == chapter]


def chapters() -> list[str]:
    """The chapters that have exercises, sorted."""
    return sorted({spec["chapter"] for spec in _all().values()})


def exercise(exercise_id: str) -> dict[str, Any]:
    """The stored definition of an exercise; ``KeyError`` naming the known ids if there is none."""
    try:
        return _all()[exercise_id]
    except KeyError:
        raise KeyError(f"no exercise {exercise_id!r}; known: {', '.join(exercise_ids())}") from None


# --- the facts of a variant ----------------------------------------------------------------------------------------

# each takes the operands' values (a fact's, a constant's: numbers, dates, text), whatever their types
_OPERATORS: dict[type[ast.AST], Callable[..., Any]] = {
    ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul, ast.Div: operator.truediv,
    ast.Lt: operator.lt, ast.LtE: operator.le, ast.Gt: operator.gt, ast.GtE: operator.ge, ast.Eq: operator.eq,
    ast.NotEq: operator.ne, ast.USub: operator.neg, ast.Not: operator.not_,
}  # fmt: skip


def _value(node: ast.AST, names: Mapping[str, Any]) -> Any:
    """A ``require`` expression's value: names of facts (dates as dates) and ``answer``, numbers, strings, + - * /,
    comparisons, ``and``/``or``/``not`` and ``.days`` of a difference of dates; nothing else is read."""
    if isinstance(node, ast.Expression):
        return _value(node.body, names)
    if isinstance(node, ast.Constant):
        return node.value
    if isinstance(node, ast.Name):
        return names[node.id]
    if isinstance(node, ast.Attribute) and node.attr == "days":
        return _value(node.value, names).days
    if isinstance(node, ast.BinOp) and type(node.op) in _OPERATORS:
        return _OPERATORS[type(node.op)](_value(node.left, names), _value(node.right, names))
    if isinstance(node, ast.UnaryOp) and type(node.op) in _OPERATORS:
        return _OPERATORS[type(node.op)](_value(node.operand, names))
    if isinstance(node, ast.BoolOp):
        values = [_value(v, names) for v in node.values]
        return all(values) if isinstance(node.op, ast.And) else any(values)
    if isinstance(node, ast.Compare):
        left = _value(node.left, names)
        for op, right_node in zip(node.ops, node.comparators, strict=True):
            right = _value(right_node, names)
            if type(op) not in _OPERATORS or not _OPERATORS[type(op)](left, right):
                return False
            left = right
        return True
    raise ExerciseError(f"`require` may not use {ast.dump(node)[:60]}")


def _draw_one(exercise_id: str, rule: Any, rng: random.Random, drawn: dict[str, Any]) -> Any:
    """One fact from its ``vary`` rule: ``{from, to, step}`` (numbers or ISO dates), ``{after, days: [a, b]}`` or
    ``{choices: [...]}``."""
    if not isinstance(rule, dict):
        raise ExerciseError(f"exercise {exercise_id}: a `vary` entry must be a mapping, not {rule!r}")
    if "choices" in rule:
        return rng.choice(rule["choices"])
    if "after" in rule:
        low, high = rule["days"]
        start = calendar_date(str(drawn[rule["after"]]))
        return (start + dt.timedelta(days=rng.randint(low, high))).isoformat()
    low, high = rule["from"], rule["to"]
    if isinstance(low, dt.date | str):
        first, last = calendar_date(str(low)), calendar_date(str(high))
        return (first + dt.timedelta(days=rng.randint(0, (last - first).days))).isoformat()
    step = rule.get("step", 1)
    value = low + step * rng.randint(0, round((high - low) / step))
    return round(value, 6) if isinstance(step, float) else int(value)


def _names(facts: Mapping[str, Any]) -> dict[str, Any]:
    names: dict[str, Any] = {}
    for key, value in facts.items():
        if isinstance(value, str) and re.fullmatch(r"\d{4}-\d{2}-\d{2}", value):
            value = dt.date.fromisoformat(value)
        names[key] = value
    return names


def problems(exercise_id: str, facts: Mapping[str, Any]) -> list[str]:
    """Why ``facts`` are no good for ``exercise_id``: a rule refuses them, a ``require`` fails, or the ``turns_on``
    option's readings give one answer. Empty when the facts are legally meaningful and not trivial."""
    spec = exercise(exercise_id)
    try:
        answer = expected_for(exercise_id, facts)
    except widgets.FactError as error:
        return [f"the rule refuses them: {error}"]
    found = []
    names = _names(facts) | {"answer": answer}
    for condition in spec.get("require", []):
        if not _value(ast.parse(condition, mode="eval"), names):
            found.append(f"`{condition}` does not hold")
    option = spec.get("turns_on")
    if option:
        fact = next(f for f in widgets.describe(spec["provision"])["facts"] if f["name"] == option)
        answers = {json.dumps(expected_for(exercise_id, {**facts, option: c})) for c in fact["choices"]}
        if len(answers) < 2:
            found.append(f"every reading of {option} gives the same answer")
    return found


def drawn_facts(exercise_id: str, seed: str) -> dict[str, Any]:
    """Facts drawn for ``exercise_id`` from its ``vary`` rules with ``seed``, the first draw that has no
    :func:`problems`; ``ExerciseError`` when none of :data:`DRAWS` draws has."""
    spec = exercise(exercise_id)
    for attempt in range(DRAWS):
        rng = random.Random(f"{exercise_id}/{seed}/{attempt}")
        facts = dict(spec["facts"])
        for name, rule in spec.get("vary", {}).items():
            facts[name] = _draw_one(exercise_id, rule, rng, facts)
        if not problems(exercise_id, facts):
            return facts
    raise ExerciseError(f"exercise {exercise_id}: no legal variant in {DRAWS} draws (seed {seed!r}): check its vary")


@cache
def page_variants(exercise_id: str) -> tuple[dict[str, Any], ...]:
    """The facts of the book's variants: the book's own, then :data:`VARIANTS` - 1 drawn, no two alike."""
    spec = exercise(exercise_id)
    if "vary" not in spec:
        raise ExerciseError(f"exercise {exercise_id}: no `vary`, so every student would get the same facts")
    variants = [dict(spec["facts"])]
    seen = {json.dumps(variants[0], sort_keys=True)}
    number = 1
    while len(variants) < VARIANTS:
        facts = drawn_facts(exercise_id, f"page-{number}")
        number += 1
        key = json.dumps(facts, sort_keys=True)
        if key not in seen:
            seen.add(key)
            variants.append(facts)
        if number > VARIANTS * 20:
            raise ExerciseError(f"exercise {exercise_id}: its vary gives fewer than {VARIANTS} different variants")
    return tuple(variants)


def variant_facts(exercise_id: str, variant: int = 0) -> dict[str, Any]:
    """The facts of the page's variant ``variant`` (0: the book's)."""
    variants = page_variants(exercise_id)
    if not 0 <= variant < len(variants):
        raise ExerciseError(f"exercise {exercise_id} has variants 0 to {len(variants) - 1}, not {variant}")
    return dict(variants[variant])


def assignment_facts(exercise_id: str, seed: str, student: str) -> dict[str, Any]:
    """The facts of ``student``'s variant in an assignment seeded ``seed`` (never one of the page's draws)."""
    return drawn_facts(exercise_id, f"assignment/{seed}/{student}")


def variant_for_student(exercise_id: str, student: str) -> int:
    """The page's variant a student id typed on the page gives (the page's script computes the same)."""
    number = int(hashlib.sha256(f"student:{student.strip().lower()}:{exercise_id}".encode()).hexdigest()[:8], 16)
    return 1 + number % (VARIANTS - 1)


# --- the answer -------------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Evaluation:
    """One run of a rule for an exercise and the field it asks for."""

    provision_id: str
    facts: dict[str, Any]
    asks: str
    result: dict[str, Any]

    @property
    def value(self) -> Any:
        return self.result[self.asks]


def evaluations_for(exercise_id: str, facts: Mapping[str, Any]) -> list[Evaluation]:
    """The evaluation the exercise asks about, then the one subtracted from it (``less``), if any."""
    spec = exercise(exercise_id)
    runs = [(spec["provision"], dict(facts), spec["asks"])]
    if "less" in spec:
        less = spec["less"]
        runs.append((less["provision"], {**facts, **less.get("facts", {})}, less.get("asks", spec["asks"])))
    return [Evaluation(pid, f, asks, widgets.evaluate(pid, f)) for pid, f, asks in runs]


def evaluations(exercise_id: str, variant: int = 0) -> list[Evaluation]:
    """:func:`evaluations_for` the facts of a page variant."""
    return evaluations_for(exercise_id, variant_facts(exercise_id, variant))


def _scaled(run: Evaluation, per: str | None) -> Any:
    return run.value if per is None else float(run.value) / float(run.facts[per])


def expected_for(exercise_id: str, facts: Mapping[str, Any]) -> Any:
    """The answer for ``facts``, computed by the rules: the asked field (divided by ``per``; less the second
    evaluation's)."""
    spec = exercise(exercise_id)
    runs = evaluations_for(exercise_id, facts)
    per = spec.get("per")
    if len(runs) == 1:
        return _scaled(runs[0], per)
    first, second = runs
    if per is None and first.result["currency"] != second.result["currency"]:
        raise ExerciseError(f"exercise {exercise_id}: rupees of {first.result['currency']} and "
                            f"{second.result['currency']} cannot be subtracted; compare them with `per`")  # fmt: skip
    return round(float(_scaled(first, per)) - float(_scaled(second, per)), 4)


def expected(exercise_id: str, variant: int = 0) -> Any:
    """The answer to a page variant (0: the book's facts)."""
    return expected_for(exercise_id, variant_facts(exercise_id, variant))


def answer_spec(exercise_id: str) -> dict[str, Any]:
    """How the answer is typed and compared (:mod:`widgets.exercise_check`): ``kind``, ``tolerance`` and grid
    ``step`` for a number, the hint, and what the answer box says."""
    spec = exercise(exercise_id)
    value = expected(exercise_id)
    if isinstance(value, bool):
        kind = "yes-no"
    elif isinstance(value, str):
        kind = "text"
    elif isinstance(value, int):
        kind = "count"
    else:
        kind = "number"
    answer: dict[str, Any] = {"kind": kind, "hint": spec.get("hint", "")}
    if kind == "number":
        tolerance = float(spec.get("tolerance", DEFAULT_TOLERANCE))
        answer |= {"tolerance": tolerance, "step": tolerance / GRID}
    answer["prompt"] = _prompt(exercise_id, answer)
    return answer


def _prompt(exercise_id: str, answer: Mapping[str, Any]) -> str:
    """What the answer box asks for: "an amount in ₹ (within ₹1)", "yes or no", "mm (within 0.5)"."""
    spec = exercise(exercise_id)
    if answer["kind"] != "number":
        return what_to_type(dict(answer))
    run = evaluations(exercise_id)[0]
    tolerance = answer["tolerance"]
    if spec.get("unit"):
        return f"in {spec['unit']}, within {tolerance:g}"
    if run.asks in run.result["amounts"] or spec.get("less"):
        return f"an amount, within {widgets.format_money(tolerance, run.result['currency'])}"
    unit = display.outcome(run.asks, run.result)[1].split(" ", 1)
    return f"in {unit[1]}, within {tolerance:g}" if len(unit) == 2 else f"a number, within {tolerance:g}"


def record(exercise_id: str, variant: int = 0, facts: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """What a page (or a lab) keeps to check one variant: a salt and the digests of every accepted canonical form."""
    facts = variant_facts(exercise_id, variant) if facts is None else dict(facts)
    key = json.dumps(facts, sort_keys=True)
    salt = hashlib.sha256(f"{exercise_id}/{key}".encode()).hexdigest()[:16]
    forms = accepted_forms(answer_spec(exercise_id), expected_for(exercise_id, facts))
    return {"salt": salt, "digests": sorted({digest(salt, form) for form in forms})}


def sealed_solution(exercise_id: str, variant: int, text: str) -> dict[str, Any]:
    """A variant's worked solution ``text`` sealed with its right answer (:func:`widgets.exercise_check.seal`)."""
    facts = variant_facts(exercise_id, variant)
    salt = record(exercise_id, variant)["salt"]
    return seal(salt, accepted_forms(answer_spec(exercise_id), expected_for(exercise_id, facts)), text)


def describe_answer(exercise_id: str, value: Any) -> str:
    """``value`` as a reader expects it: money in the exercise's currency, yes/no, or as it is."""
    run = evaluations(exercise_id)[0]
    unit = exercise(exercise_id).get("unit")
    if isinstance(value, bool):
        return "yes" if value else "no"
    if unit:
        return f"{value:.4g} {unit}"
    if run.asks in run.result["amounts"] or (exercise(exercise_id).get("less") and isinstance(value, float)):
        return widgets.format_money(value, run.result["currency"])
    if run.asks in run.result:  # an outcome of the rule: in words, with its unit ("30 mm"), as the panels show it
        return display.outcome(run.asks, {**run.result, run.asks: value})[1]
    return display.shown(value)


def check(exercise_id: str, answer: Any, reveal: bool = False, variant: int = 0) -> Feedback:
    """Immediate feedback on ``answer`` to exercise ``exercise_id`` (its page variant ``variant``, 0: the book's
    facts); ``reveal=True`` also gives the expected answer.

    The same check as the page's (:func:`widgets.exercise_check.verdict` against :func:`record`). Amounts may be given
    as numbers or as text ("Rs 1,50,000", "₹1,50,000.00"); yes/no answers as ``True``/``False`` or "yes"/"no". Never
    raises for a bad answer or an unknown exercise: the message says what is wrong.
    """
    if exercise_id not in _all():
        return Feedback(exercise_id, "unknown-exercise", f"There is no exercise {exercise_id!r}. "
                        f"The exercises are: {', '.join(exercise_ids())}.")  # fmt: skip
    spec = answer_spec(exercise_id)
    feedback = verdict(exercise_id, spec, record(exercise_id, variant), answer)
    if feedback.status == "unreadable":
        return feedback
    want = expected(exercise_id, variant)
    shown = describe_answer(exercise_id, want)
    if feedback:
        return Feedback(exercise_id, "correct", f"Correct: {shown}.", want if reveal else None)
    if reveal:
        return Feedback(exercise_id, "incorrect", f"{feedback.message}\nExpected: {shown}.", want)
    again = f"check({exercise_id!r}, answer, reveal=True)"
    return Feedback(exercise_id, "incorrect", f"{feedback.message}\nTry again, or call {again} to see the answer.")


# --- the exercise as text -----------------------------------------------------------------------------------------


def _fact_line(provision_id: str, name: str, value: Any, places: int = 0) -> str:
    """One fact as a reader reads it: its name, and its value as money, with its unit, yes/no, or as it is."""
    info = widgets.describe(provision_id)
    fact = next((f for f in info["facts"] if f["name"] == name), {"name": name, "kind": ""})
    if fact["kind"] == "money" and isinstance(value, int | float):
        text = widgets.format_money(value, info["currency"])
    elif fact["kind"] == "date":
        text = display.shown(dt.date.fromisoformat(str(value)))
    elif isinstance(value, float) and fact["kind"] == "number":
        text = _as_given(value, fact.get("unit", ""), places)
    elif isinstance(value, bool | int | float):
        text = display.shown(value, unit=fact.get("unit", ""))
    elif fact["kind"] in ("choice", "option"):
        text = display.choice_words(name, str(value))
    else:
        text = str(value)
    return f"{display.fact_name(name)}: **{text}**"


def _as_given(value: float, unit: str, places: int = 0) -> str:
    """A measured fact at the precision it was given (at least ``places`` decimals: those of the step its variants
    are drawn by), with its unit: a density of 1.018 t/m³ stays "1.018" and 1.010 reads "1.010", where the result
    panels' two decimals would show "1.02" and leave the answer impossible to compute from the page."""
    exact = Decimal(repr(value)).normalize()
    if _exponent(exact) > -places:
        exact = exact.quantize(Decimal(1).scaleb(-places))
    elif _exponent(exact) > 0:
        exact = exact.quantize(Decimal(1))
    text = f"{exact:,f}"
    return f"{text} {display.unit_word(unit, value)}".strip() if unit else text


def _places(step: Any) -> int:
    """The decimals of a ``vary`` step (0.001: 3; 500: 0)."""
    if not isinstance(step, float):
        return 0
    return max(-_exponent(Decimal(repr(step)).normalize()), 0)


def _exponent(number: Decimal) -> int:
    """The exponent of the finite ``number`` (1.018: -3; 5E+2: 2)."""
    exponent = number.as_tuple().exponent
    if isinstance(exponent, str):  # "n", "N", "F": NaN or infinity, which no measured fact or step is
        raise ValueError(f"{number} is not a finite number")
    return exponent


def facts_markdown_of(exercise_id: str, facts: Mapping[str, Any]) -> str:
    """``facts`` of the exercise as a Markdown list."""
    spec = exercise(exercise_id)
    vary = spec.get("vary", {})
    lines = [
        f"- {_fact_line(spec['provision'], name, value, _places(vary.get(name, {}).get('step')))}"
        for name, value in facts.items()
    ]
    if "less" in spec and spec["less"].get("facts"):
        other = spec["less"].get("provision", spec["provision"])
        changed = ", ".join(_fact_line(other, k, v) for k, v in spec["less"]["facts"].items())
        lines.append(f"- for {spec['less']['provision']}: {changed}")
    return "\n".join(lines)


def facts_markdown(exercise_id: str, variant: int = 0) -> str:
    """The facts of a page variant as a Markdown list (shown in the book under the question)."""
    return facts_markdown_of(exercise_id, variant_facts(exercise_id, variant))


def question_markdown(exercise_id: str) -> str:
    """The exercise's question (Markdown), as ``exercises.yaml`` words it."""
    return exercise(exercise_id)["question"].strip()


def solution_markdown_of(exercise_id: str, facts: Mapping[str, Any]) -> str:
    """The worked solution for ``facts`` in Markdown: the answer, its kind and provision, and the rules' steps."""
    runs = evaluations_for(exercise_id, facts)
    parts = [f"**Answer: {describe_answer(exercise_id, expected_for(exercise_id, facts))}**"]
    for run in runs:
        amount = run.result["amounts"].get(run.asks)
        name = display.amount_label(run.asks) if amount else display.outcome_label(run.asks)
        what = f"{name} under `{run.provision_id}`"
        if amount:
            money = widgets.format_money(amount["value"], amount["currency"])
            what += f": {money} ({display.kind(amount)[0]}, {amount['citation']})"
        else:
            what += f": {describe_answer(exercise_id, run.value)}"
        parts.append(what)
        parts.append("\n".join(f"1. *{s['citation']}* — {s['text']}" for s in run.result["steps"]))
    return "\n\n".join(parts)


def solution_markdown(exercise_id: str, variant: int = 0) -> str:
    """The worked solution of a page variant (0: the book's facts)."""
    return solution_markdown_of(exercise_id, variant_facts(exercise_id, variant))


# --- the instructors' assignment ----------------------------------------------------------------------------------


def _nbgrader(grade_id: str, *, solution: bool = False, grade: bool = False, locked: bool = True,
              points: int = 0) -> dict[str, Any]:  # fmt: skip
    """nbgrader's cell metadata (schema 3): an answer cell is ``solution``; an autograded test ``grade``, ``locked``."""
    meta: dict[str, Any] = {"schema_version": 3, "grade_id": grade_id, "solution": solution, "grade": grade,
                            "locked": locked, "task": False}  # fmt: skip
    if grade:
        meta["points"] = points
    return {"nbgrader": meta}


def grade(exercise_id: str, seed: str, student: str, answer: Any) -> bool:
    """Whether ``answer`` is right for ``student``'s facts in the assignment seeded ``seed`` (the notebooks' tests)."""
    facts = assignment_facts(exercise_id, seed, student)
    return bool(verdict(exercise_id, answer_spec(exercise_id), record(exercise_id, facts=facts), answer))


def _python_name(exercise_id: str) -> str:
    return "answer_" + re.sub(r"\W", "_", exercise_id)


SEED_CELL = """# Your facts are drawn for you from these two values: do not change this cell.
STUDENT = {student!r}
SEED = {seed!r}"""


def assignment_notebook(chapter: str, seed: str, student: str | None) -> dict[str, Any]:
    """One student's notebook (nbformat 4), or with ``student`` None nbgrader's source copy (no facts).

    nbgrader's cell metadata: the introduction is locked, each answer cell is a ``solution`` cell and each test a
    locked ``grade`` cell worth a point, which recomputes the answer with the rule for the student's facts; these are
    the same in every student's notebook, so ``nbgrader autograde`` may restore them from the source copy. What
    differs (the ``STUDENT``/``SEED`` cell and the facts) carries no nbgrader metadata, and nbgrader leaves it as the
    student received it."""
    import nbformat

    title = f"Exercises: {chapter.replace('-', ' ')}"
    intro = (
        f"# {title}\n\nWork each exercise from the text of the law, then put your answer in the cell below it (an "
        'amount as a number, e.g. `150000`; yes/no as `"yes"` or `"no"`) and run the test cell under it. Change '
        "nothing else."
    )
    cells = [
        nbformat.v4.new_markdown_cell(intro, metadata=_nbgrader("intro")),
        nbformat.v4.new_code_cell(SEED_CELL.format(student=student or "", seed=seed)),
    ]
    for number, exercise_id in enumerate(exercise_ids(chapter), 1):
        spec = answer_spec(exercise_id)
        if student is None:
            facts_text = "*(each student's notebook has that student's facts here)*"
        else:
            facts_text = facts_markdown_of(exercise_id, assignment_facts(exercise_id, seed, student))
        body = (
            f"## Exercise {number}\n\n{question_markdown(exercise_id)}\n\n{facts_text}\n\nAnswer with {spec['prompt']}."
        )
        name = _python_name(exercise_id)
        cells.append(nbformat.v4.new_markdown_cell(body))
        answer_cell = _nbgrader(f"answer-{exercise_id}", solution=True, locked=False)
        cells.append(nbformat.v4.new_code_cell(f"{name} = None  # your answer", metadata=answer_cell))
        test = (
            "from widgets.exercises import grade\n\n"
            f'assert grade({exercise_id!r}, SEED, STUDENT, {name}), "not the answer to exercise {number}"'
        )
        cells.append(nbformat.v4.new_code_cell(test, metadata=_nbgrader(f"test-{exercise_id}", grade=True, points=1)))
    notebook = nbformat.v4.new_notebook(cells=cells)
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    notebook.metadata["lex_maritima"] = {"chapter": chapter, "seed": seed, "student": student}
    return notebook


STUDENT_ID_MAX = 64
"""The longest student id: it names a folder of the assignment (``notebooks/<id>/``) and a file of the key."""
_STUDENT_ID = re.compile(r"[\w@-][\w.@-]*")


def check_students(students: list[str]) -> None:
    """Refuse, naming the first bad id, a list of student ids that cannot each name a folder safely: empty, not
    letters, digits and ``. @ _ -`` (no ``/``, no control character), starting with a dot (``.``, ``..``), longer
    than :data:`STUDENT_ID_MAX`, or the same as another but for case or Unicode form (``Ann`` and ``ann`` would be
    one folder on a case-insensitive disk)."""
    if not students:
        raise ExerciseError("--students: no student ids")
    seen: dict[str, str] = {}
    for number, student in enumerate(students, 1):
        shown = ascii(student) if len(student) <= STUDENT_ID_MAX else ascii(student[:STUDENT_ID_MAX]) + "…"
        if len(student) > STUDENT_ID_MAX:
            raise ExerciseError(f"--students: id {number} {shown} is longer than {STUDENT_ID_MAX} characters")
        if not _STUDENT_ID.fullmatch(student):
            raise ExerciseError(
                f"--students: id {number} {shown} must be letters, digits and . @ _ - (not starting with a dot)"
            )
        folded = unicodedata.normalize("NFKC", student).casefold()
        if folded in seen:
            raise ExerciseError(f"--students: id {number} {shown} is the same folder as {seen[folded]!a}")
        seen[folded] = student


def assignment_files(chapter: str, seed: str, students: list[str]) -> dict[str, bytes]:
    """The files of an assignment (see :func:`write_assignment`) by path relative to its folder, made in memory."""
    import nbformat

    if not exercise_ids(chapter):
        raise ExerciseError(f"no exercises in chapter {chapter!r}; chapters: {', '.join(chapters())}")
    check_students(students)

    def notebook(student: str | None) -> bytes:
        text = nbformat.writes(nbformat.from_dict(assignment_notebook(chapter, seed, student)))
        return (text if text.endswith("\n") else text + "\n").encode()  # as nbformat.write ends a file

    files = {f"source/{chapter}.ipynb": notebook(None)}
    rows = []
    for student in students:
        files[f"notebooks/{student}/{chapter}.ipynb"] = notebook(student)
        solutions = [f"# {chapter}: the answer key for {student} (seed {seed})"]
        for exercise_id in exercise_ids(chapter):
            facts = assignment_facts(exercise_id, seed, student)
            answer = expected_for(exercise_id, facts)
            rows.append([student, exercise_id, json.dumps(facts, sort_keys=True), answer,
                         describe_answer(exercise_id, answer)])  # fmt: skip
            solutions.append(f"## {exercise_id}\n\n{facts_markdown_of(exercise_id, facts)}\n\n"
                             f"{solution_markdown_of(exercise_id, facts)}")  # fmt: skip
        files[f"answer-key/{chapter}-{student}.md"] = ("\n\n".join(solutions) + "\n").encode()
    table = io.StringIO()
    writer = csv.writer(table)
    writer.writerow(["student", "exercise", "facts", "answer", "answer as read"])
    writer.writerows(rows)
    files[f"answer-key/{chapter}.csv"] = table.getvalue().encode()
    return files


def write_assignment(chapter: str, seed: str, students: list[str], out: Path) -> list[Path]:
    """Write ``out/notebooks/<student>/<chapter>.ipynb`` for each student, nbgrader's source copy
    ``out/source/<chapter>.ipynb``, and the answer key apart in ``out/answer-key/`` (a CSV of every student's facts
    and answers, and each student's worked solutions in Markdown). Returns the files written.

    Everything is checked and made first (the chapter, every student id, that ``out`` and the folders in it are
    folders or can be), and nothing is written if anything is wrong; each file is then written atomically."""
    from corpus import outputs

    files = assignment_files(chapter, seed, students)
    for folder in sorted({(out / name).parent for name in files} | {out}):
        for place in (folder, *folder.parents):
            if place.exists() and not place.is_dir():
                raise ExerciseError(f"--out: {place} is a file, not a folder")
    written = []
    for name, data in files.items():
        outputs.write_bytes(out / name, data)
        written.append(out / name)
    return written


def read_students(argument: str) -> list[str]:
    """The student ids of ``--students``: separated by commas, or ``@FILE``, one id a line (UTF-8)."""
    if not argument.startswith("@"):
        return [s.strip() for s in argument.split(",") if s.strip()]
    path = Path(argument[1:])
    try:
        data = path.read_bytes()
    except IsADirectoryError:
        raise ExerciseError(f"--students: {path} is a folder, not a file of ids") from None
    except OSError as error:
        raise ExerciseError(f"--students: {path}: {error.strerror or error}") from None
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        raise ExerciseError(f"--students: {path} line {line}: not UTF-8") from None
    return [line.strip() for line in text.splitlines() if line.strip()]


# --- marking submitted notebooks without nbgrader ------------------------------------------------------------------

ANSWERS_MARK = "lex-maritima-answers:"
"""The line the grader's last cell prints, before the answers as JSON."""
MARK_COLUMNS = ["student", "exercise", "number", "answer", "status", "points", "out of", "message"]


@dataclass(frozen=True)
class Mark:
    """One exercise of one student's submission: what was answered, and the check's verdict (``status`` is
    "correct", "incorrect", "unreadable", "no answer" or "not run")."""

    student: str
    exercise_id: str
    number: int
    answer: Any
    status: str
    message: str

    @property
    def points(self) -> int:
        return int(self.status == "correct")

    def row(self) -> list[Any]:
        answer = "" if self.answer is None else self.answer
        return [self.student, self.exercise_id, self.number, answer, self.status, self.points, 1, self.message]


def _is_test_cell(cell: Mapping[str, Any]) -> bool:
    """A cell of the assignment that checks an answer (left out when marking: the marker checks every answer)."""
    return bool(cell.get("metadata", {}).get("nbgrader", {}).get("grade")) or "import grade" in cell.get("source", "")


def submitted_answers(path: Path, timeout: int = 120) -> tuple[dict[str, Any], str]:
    """The answers of a submitted notebook, by exercise id, as its cells leave them when run in order in a fresh
    kernel (its own cells, a failing one included, but not the test cells); and the first error its cells raised
    ("" when none). Runs the student's code, as ``nbgrader autograde`` and ``jupyter nbconvert --execute`` do."""
    import nbformat
    from nbclient import NotebookClient

    notebook = nbformat.read(path, as_version=4)
    chapter = notebook.metadata.get("lex_maritima", {}).get("chapter") or path.stem
    names = {_python_name(i): i for i in exercise_ids(chapter)}
    notebook.cells = [c for c in notebook.cells if c.cell_type == "code" and not _is_test_cell(c)]
    probe = (
        "import json as _json\n"
        f"_names = {sorted(names)!r}\n"
        f"print({ANSWERS_MARK!r} + _json.dumps({{n: globals().get(n) for n in _names}}, default=str))"
    )
    notebook.cells.append(nbformat.v4.new_code_cell(probe))
    client = NotebookClient(notebook, timeout=timeout, allow_errors=True, kernel_name="python3",
                            resources={"metadata": {"path": str(path.parent)}})  # fmt: skip
    client.execute()
    errors = [o for c in notebook.cells[:-1] for o in c.get("outputs", []) if o.get("output_type") == "error"]
    error = f"{errors[0]['ename']}: {errors[0]['evalue']}" if errors else ""
    printed = "".join(o.get("text", "") for o in notebook.cells[-1].get("outputs", []) if o.get("name") == "stdout")
    line = next((x for x in printed.splitlines() if x.startswith(ANSWERS_MARK)), None)
    if line is None:
        raise ExerciseError(f"{path}: the notebook's answers could not be read ({error or 'nothing printed'})")
    values = json.loads(line.removeprefix(ANSWERS_MARK))
    return {names[n]: v for n, v in values.items()}, error


def mark(chapter: str, seed: str, student: str, answers: Mapping[str, Any], error: str = "") -> list[Mark]:
    """Every exercise of ``chapter`` checked for ``student`` (the roster's id, not the notebook's ``STUDENT`` cell),
    each on its own: a wrong, unreadable or missing answer does not stop the others."""
    marks = []
    for number, exercise_id in enumerate(exercise_ids(chapter), 1):
        answer = answers.get(exercise_id)
        if answer is None:
            why = f"no answer (a cell failed: {error})" if error else "no answer"
            marks.append(Mark(student, exercise_id, number, None, "no answer", why))
            continue
        facts = assignment_facts(exercise_id, seed, student)
        feedback = verdict(exercise_id, answer_spec(exercise_id), record(exercise_id, facts=facts), answer)
        marks.append(Mark(student, exercise_id, number, answer, feedback.status, feedback.message))
    return marks


def mark_submissions(chapter: str, seed: str, submissions: Path, out: Path) -> list[Path]:
    """Mark ``submissions/<student>/<chapter>.ipynb`` (the folders as the assignment wrote them, each student's
    returned notebook in place): ``out/<student>.csv`` for each student, a row per exercise (answer, status,
    points, the check's message), and ``out/<chapter>.csv``, a student's total a row. A missing or broken notebook
    is marked "not run" with the reason, and the others are still marked. Returns the files written."""
    import nbformat

    if not exercise_ids(chapter):
        raise ExerciseError(f"no exercises in chapter {chapter!r}; chapters: {', '.join(chapters())}")
    students = sorted(p.name for p in submissions.iterdir() if p.is_dir()) if submissions.is_dir() else []
    if not students:
        raise ExerciseError(f"{submissions}: no student folders (expected <student>/{chapter}.ipynb)")
    out.mkdir(parents=True, exist_ok=True)
    written, totals = [], []
    for student in students:
        path = submissions / student / f"{chapter}.ipynb"
        try:
            answers, error = submitted_answers(path)
            marks = mark(chapter, seed, student, answers, error)
        except (OSError, ValueError, nbformat.ValidationError, RuntimeError) as problem:
            reason = f"not run: {problem}".replace("\n", " ")
            marks = [Mark(student, i, n, None, "not run", reason) for n, i in enumerate(exercise_ids(chapter), 1)]
        with (out / f"{student}.csv").open("w", newline="", encoding="utf-8") as handle:
            writer = csv.writer(handle)
            writer.writerow(MARK_COLUMNS)
            writer.writerows(m.row() for m in marks)
        written.append(out / f"{student}.csv")
        totals.append([student, sum(m.points for m in marks), len(marks)])
    with (out / f"{chapter}.csv").open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(["student", "points", "out of"])
        writer.writerows(totals)
    written.append(out / f"{chapter}.csv")
    return written


# --- the instructor edition -----------------------------------------------------------------------------------------


def write_instructor_config(source: Path, target: Path) -> None:
    """A copy of the book's ``_config.yml`` for the instructor edition: sphinx-exercise's ``hide_solutions`` off.

    The book's own ``_config.yml`` is the student edition (what one publishes: solutions hidden). Jupyter Book
    resolves ``local_extensions`` against the folder of the config file, so those paths are made absolute for a copy
    written elsewhere (``make book-instructor`` writes it under ``_build/instructor``).
    """
    config = yaml.safe_load(source.read_text(encoding="utf-8"))
    sphinx = config.setdefault("sphinx", {})
    sphinx.setdefault("config", {})["hide_solutions"] = False
    root = source.resolve().parent
    extensions = sphinx.get("local_extensions") or {}
    sphinx["local_extensions"] = {name: str((root / path).resolve()) for name, path in extensions.items()}
    from corpus import outputs

    outputs.write_text(target, yaml.safe_dump(config, sort_keys=False, allow_unicode=True))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m widgets.exercises", description="The book's exercises.")
    commands = parser.add_subparsers(dest="command", required=True)
    config = commands.add_parser("instructor-config", help="the instructor edition's copy of _config.yml")
    config.add_argument("source", type=Path)
    config.add_argument("target", type=Path)
    assign = commands.add_parser("assignment", help="a chapter's exercises as a notebook per student (nbgrader)")
    assign.add_argument("chapter", help="a topic chapter: " + ", ".join(chapters()))
    assign.add_argument("--seed", required=True, help="the assignment's seed (e.g. the course and term)")
    assign.add_argument("--students", required=True,
                        help="student ids separated by commas, or @FILE with one id a line")  # fmt: skip
    assign.add_argument("--out", type=Path, required=True, help="the folder to write into")
    marking = commands.add_parser("mark", help="mark returned notebooks without nbgrader: a marks CSV per student")
    marking.add_argument("chapter", help="a topic chapter: " + ", ".join(chapters()))
    marking.add_argument("--seed", required=True, help="the assignment's seed")
    marking.add_argument("--submissions", type=Path, required=True, help="the folder of <student>/<chapter>.ipynb")
    marking.add_argument("--out", type=Path, required=True, help="the folder to write the marks into")
    args = parser.parse_args(argv)
    if args.command == "mark":
        try:
            files = mark_submissions(args.chapter, args.seed, args.submissions, args.out)
        except ExerciseError as error:
            parser.exit(2, f"{parser.prog}: error: {error}\n")
        print(f"{len(files) - 1} student(s) marked: {args.out / (args.chapter + '.csv')} and a CSV per student")
        return 0
    try:
        if args.command == "instructor-config":
            write_instructor_config(args.source, args.target)
            return 0
        students = read_students(args.students)
        written = write_assignment(args.chapter, args.seed, students, args.out)
    except ExerciseError as error:
        parser.exit(2, f"{parser.prog}: error: {error}\n")
    except (OSError, yaml.YAMLError) as error:  # a disk that fills up, a config that is not YAML
        reason = error.strerror if isinstance(error, OSError) and error.strerror else type(error).__name__
        where = getattr(error, "filename", None) or ""
        parser.exit(1, f"{parser.prog}: error: {where}{': ' if where else ''}{reason}\n")
    print(f"{len(students)} notebook(s) in {args.out / 'notebooks'}, nbgrader's source copy in {args.out / 'source'}, "
          f"the answer key in {args.out / 'answer-key'} ({len(written)} files)")  # fmt: skip
    return 0


if __name__ == "__main__":
    from corpus.outputs import run_command

    sys.exit(run_command(main, "python -m widgets.exercises"))

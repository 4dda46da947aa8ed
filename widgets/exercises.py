"""The book's exercises: facts in ``exercises.yaml``, answers computed by the rules, feedback for a student.

    from widgets.exercises import check
    check("wreck-floor-pk", 150000)               # ✓ or ✗ with a hint; the expected answer is not shown
    check("wreck-floor-pk", 120000, reveal=True)  # ✗ and what was expected, with the steps that produce it

Each exercise (``exercises.yaml``) names a chapter, a provision id, the facts, and the result field it asks for
(``asks``); optionally ``less``, a second evaluation whose answer is subtracted (a comparison), ``per``, a fact the
answer is divided by, with ``unit`` naming the result ("months' wages": the way to compare rupees of India and of
Pakistan), and ``tolerance`` (default: one rupee for amounts, none for counts and yes/no answers). Nothing in the
file is an answer: :func:`expected` runs ``widgets.evaluate`` every time, so a change in a rule changes the answer and
the solution printed in the book, never a typed number.
"""

from __future__ import annotations

import datetime as dt
import html
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import yaml

import widgets
from widgets.views import display

EXERCISES_FILE = Path(__file__).with_name("exercises.yaml")
DEFAULT_TOLERANCE = 1.0
"""Amounts are accepted within one rupee, so a student may round to the rupee."""

YES = {"yes", "y", "true", "t", "1", "proved", "deemed proved"}
NO = {"no", "n", "false", "f", "0", "not proved", "none"}


@cache
def _all() -> dict[str, dict[str, Any]]:
    return yaml.safe_load(EXERCISES_FILE.read_text(encoding="utf-8"))


def exercise_ids(chapter: str | None = None) -> list[str]:
    """The ids of the exercises (of one chapter, if given), in the file's order."""
    return [key for key, spec in _all().items() if chapter is None or spec["chapter"] == chapter]


def exercise(exercise_id: str) -> dict[str, Any]:
    """The stored definition of an exercise; ``KeyError`` naming the known ids if there is none."""
    try:
        return _all()[exercise_id]
    except KeyError:
        raise KeyError(f"no exercise {exercise_id!r}; known: {', '.join(exercise_ids())}") from None


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


def evaluations(exercise_id: str) -> list[Evaluation]:
    """The evaluation the exercise asks about, then the one subtracted from it (``less``), if any."""
    spec = exercise(exercise_id)
    runs = [(spec["provision"], spec["facts"], spec["asks"])]
    if "less" in spec:
        less = spec["less"]
        runs.append((less["provision"], {**spec["facts"], **less.get("facts", {})}, less.get("asks", spec["asks"])))
    return [Evaluation(pid, facts, asks, widgets.evaluate(pid, facts)) for pid, facts, asks in runs]


def _scaled(run: Evaluation, per: str | None) -> Any:
    return run.value if per is None else float(run.value) / float(run.facts[per])


def expected(exercise_id: str) -> Any:
    """The answer, computed by the rules: the asked field (divided by ``per``; less the second evaluation's)."""
    spec = exercise(exercise_id)
    runs = evaluations(exercise_id)
    per = spec.get("per")
    if len(runs) == 1:
        return _scaled(runs[0], per)
    first, second = runs
    if per is None and first.result["currency"] != second.result["currency"]:
        raise ValueError(f"exercise {exercise_id}: rupees of {first.result['currency']} and "
                         f"{second.result['currency']} cannot be subtracted; compare them with `per`")  # fmt: skip
    return round(float(_scaled(first, per)) - float(_scaled(second, per)), 4)


def _as_number(answer: Any) -> float | None:
    if isinstance(answer, bool):
        return None
    if isinstance(answer, int | float):
        return float(answer)
    if isinstance(answer, str):
        digits = re.sub(r"[^\d.\-]", "", answer.replace("Rs", "").replace("₹", ""))
        try:
            return float(digits)
        except ValueError:
            return None
    return None


def _as_bool(answer: Any) -> bool | None:
    if isinstance(answer, bool):
        return answer
    if isinstance(answer, str) and answer.strip().lower() in YES | NO:
        return answer.strip().lower() in YES
    return None


def _normalise_text(text: Any) -> str:
    words = str(text).strip().lower().split()
    return " ".join(words[1:] if words and words[0] in ("the", "his", "her") else words)


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


@dataclass(frozen=True)
class Feedback:
    """What :func:`check` says: whether the answer is right, a message, and the expected answer only if asked."""

    exercise_id: str
    status: str  # "correct", "incorrect", "unreadable" (the answer could not be read) or "unknown-exercise"
    message: str
    expected: Any = None

    def __bool__(self) -> bool:
        return self.status == "correct"

    def __str__(self) -> str:
        return self.message

    def _repr_html_(self) -> str:
        colour = {"correct": "#1b5e20", "incorrect": "#b00020"}.get(self.status, "#8a4b00")
        mark = {"correct": "✓", "incorrect": "✗"}.get(self.status, "?")
        body = html.escape(self.message).replace("\n", "<br>")
        return f"<div class='lm-check lm-check-{self.status}' style='color:{colour}'><b>{mark}</b> {body}</div>"


def check(exercise_id: str, answer: Any, reveal: bool = False) -> Feedback:
    """Immediate feedback on ``answer`` to exercise ``exercise_id``; ``reveal=True`` also gives the expected answer.

    Amounts may be given as numbers or as text ("Rs 1,50,000", "₹1,50,000.00"); yes/no answers as ``True``/``False``
    or "yes"/"no". Never raises for a bad answer or an unknown exercise: the message says what is wrong.
    """
    if exercise_id not in _all():
        return Feedback(exercise_id, "unknown-exercise", f"There is no exercise {exercise_id!r}. "
                        f"The exercises are: {', '.join(exercise_ids())}.")  # fmt: skip
    spec = exercise(exercise_id)
    want = expected(exercise_id)
    if isinstance(want, bool):
        given: Any = _as_bool(answer)
        right = given is not None and given == want
    elif isinstance(want, int | float):
        given = _as_number(answer)
        tolerance = float(spec.get("tolerance", DEFAULT_TOLERANCE if isinstance(want, float) else 0))
        right = given is not None and abs(given - float(want)) <= tolerance
    else:
        given = _normalise_text(answer) if answer is not None else None
        right = given is not None and given == _normalise_text(want)
    if given is None:
        kind = "yes or no" if isinstance(want, bool) else "a number" if isinstance(want, int | float) else "a text"
        return Feedback(exercise_id, "unreadable", f"Could not read {answer!r} as {kind}: please answer with {kind}.")
    shown = describe_answer(exercise_id, want)
    if right:
        return Feedback(exercise_id, "correct", f"Correct: {shown}.", want if reveal else None)
    message = "Not quite."
    if spec.get("hint"):
        message += f" Hint: {spec['hint']}"
    if reveal:
        message += f"\nExpected: {shown}."
        return Feedback(exercise_id, "incorrect", message, want)
    message += f"\nTry again, or call check({exercise_id!r}, answer, reveal=True) to see the expected answer."
    return Feedback(exercise_id, "incorrect", message)


def _fact_line(provision_id: str, name: str, value: Any) -> str:
    """One fact as a reader reads it: its name, and its value as money, with its unit, yes/no, or as it is."""
    info = widgets.describe(provision_id)
    fact = next((f for f in info["facts"] if f["name"] == name), {"name": name, "kind": ""})
    if fact["kind"] == "money" and isinstance(value, int | float):
        text = widgets.format_money(value, info["currency"])
    elif fact["kind"] == "date":
        text = display.shown(dt.date.fromisoformat(str(value)))
    elif isinstance(value, bool | int | float):
        text = display.shown(value, unit=fact.get("unit", ""))
    else:
        text = str(value)
    return f"{display.fact_name(name)}: **{text}**"


def facts_markdown(exercise_id: str) -> str:
    """The facts of the exercise as a Markdown list (shown in the book under the question)."""
    spec = exercise(exercise_id)
    lines = [f"- {_fact_line(spec['provision'], name, value)}" for name, value in spec["facts"].items()]
    if "less" in spec and spec["less"].get("facts"):
        other = spec["less"].get("provision", spec["provision"])
        changed = ", ".join(_fact_line(other, k, v) for k, v in spec["less"]["facts"].items())
        lines.append(f"- for {spec['less']['provision']}: {changed}")
    return "\n".join(lines)


def solution_markdown(exercise_id: str) -> str:
    """The worked solution in Markdown: the answer, its kind and provision, and the steps the rules took."""
    runs = evaluations(exercise_id)
    parts = [f"**Answer: {describe_answer(exercise_id, expected(exercise_id))}**"]
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
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(yaml.safe_dump(config, sort_keys=False, allow_unicode=True), encoding="utf-8")


if __name__ == "__main__":
    import sys

    if len(sys.argv) != 4 or sys.argv[1] != "instructor-config":
        sys.exit("usage: python -m widgets.exercises instructor-config SOURCE_CONFIG TARGET_CONFIG")
    write_instructor_config(Path(sys.argv[2]), Path(sys.argv[3]))

"""Time of one in-process evaluation of each provision id (goal: ≤ 50 µs best of the rounds, so that a 10,000-point
what-if sweep in the book takes well under a second), side by side with every interpretive option set.

    .venv/bin/python benchmarks/rules.py [--rounds 200] [--batch 50]

The facts of each id are those of the first valid case in its file in widgets/cases/; "options set" adds every option
of the rule, each at its last choice (a reading other than the default, which also makes the rule parse and record
every option). Each round times a batch of evaluations; the table reports per evaluation the best round (the goal's
measure: the least disturbed by other work on the machine) and the median.
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

import yaml

import widgets

GOAL_US = 50.0
CASES_DIR = Path(__file__).resolve().parents[1] / "widgets" / "cases"


def sample_facts(provision_id: str) -> dict:
    """The facts of the first case without an expected error in ``provision_id``'s case file."""
    data = yaml.safe_load((CASES_DIR / f"{provision_id.replace('/', '__')}.yaml").read_text(encoding="utf-8"))
    return next(case["facts"] for case in data["cases"] if "error" not in case)


def options_set(provision_id: str, facts: dict) -> dict:
    """``facts`` with every option of the rule given, each at its last choice."""
    described = widgets.describe(provision_id)["facts"]
    return {**facts, **{f["name"]: f["choices"][-1] for f in described if f["kind"] == "option"}}


def time_one(provision_id: str, facts: dict, rounds: int, batch: int) -> list[float]:
    """Per-evaluation time of each round, in microseconds."""
    evaluate = widgets.evaluate
    for _ in range(batch):
        evaluate(provision_id, facts)
    out = []
    for _ in range(rounds):
        start = time.perf_counter_ns()
        for _ in range(batch):
            evaluate(provision_id, facts)
        out.append((time.perf_counter_ns() - start) / batch / 1000)
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=200)
    parser.add_argument("--batch", type=int, default=50)
    args = parser.parse_args()
    rows = []
    for provision_id in widgets.provision_ids():
        try:
            facts = sample_facts(provision_id)
        except (OSError, StopIteration):
            rows.append((provision_id, None))
            continue
        plain = time_one(provision_id, facts, args.rounds, args.batch)
        options = time_one(provision_id, options_set(provision_id, facts), args.rounds, args.batch)
        rows.append((provision_id, (min(plain), statistics.median(plain), min(options), statistics.median(options))))
    width = max(len(row[0]) for row in rows)
    print(f"{'':<{width}}  {'first case':>19}  {'options set':>19}")
    columns = f"{'best µs':>9}{'median':>10}"
    print(f"{'provision id':<{width}}  {columns}  {columns}  goal: best ≤ {GOAL_US:g}")
    for provision_id, times in rows:
        if times is None:
            print(f"{provision_id:<{width}}  {'no case file':>19}")
            continue
        verdict = "ok" if max(times[0], times[2]) <= GOAL_US else "OVER"
        print(
            f"{provision_id:<{width}}  {times[0]:>9.1f}{times[1]:>10.1f}  {times[2]:>9.1f}{times[3]:>10.1f}  {verdict}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Median time of one in-process evaluation of each provision id (goal: ≤ 50 µs, so that a 10,000-point what-if
sweep in the book takes well under a second).

    .venv/bin/python benchmarks/rules.py [--rounds 200] [--batch 50]

The facts of each id are those of the first valid case in its file in widgets/cases/; each round times a batch of
evaluations and the table reports the median, the fastest and the slowest round per evaluation.
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
            rows.append((provision_id, None, None, None))
            continue
        times = time_one(provision_id, facts, args.rounds, args.batch)
        rows.append((provision_id, statistics.median(times), min(times), max(times)))
    width = max(len(row[0]) for row in rows)
    print(f"{'provision id':<{width}}  {'median µs':>10}  {'min µs':>8}  {'max µs':>8}  goal ≤ {GOAL_US:g} µs")
    for provision_id, median, fastest, slowest in rows:
        if median is None:
            print(f"{provision_id:<{width}}  {'no case file':>10}")
            continue
        verdict = "ok" if median <= GOAL_US else "OVER"
        print(f"{provision_id:<{width}}  {median:>10.1f}  {fastest:>8.1f}  {slowest:>8.1f}  {verdict}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

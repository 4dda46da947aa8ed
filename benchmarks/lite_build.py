"""Benchmark of the lite build (issue 11, item 6). Run: .venv/bin/python benchmarks/lite_build.py

Runs the command of ``make lite`` (``lite/build.py``) twice with a fresh staging folder and output of its own (in a
temporary folder, so ``_build/`` is left alone and no earlier lite build is reused):

* fresh: an empty staging folder (no ``.cache`` of the lock step, no wheels, no notebooks); the global pip and uv
  caches are whatever this machine has (pass ``--no-global-caches`` to give the build empty ones: then every wheel
  the lock step takes comes from PyPI again);
* rebuild: the same command again with nothing changed.

Each run reports its seconds and the phases the build's log names (``[lite]`` lines, then ``jupyter lite build``'s
tasks); the site's size and file count are reported too. Goal: the fresh build ≤ 60 s on 2 cores. Needs ``make
setup`` and ``npm ci``. Results are printed and written to benchmarks/results/lite_build.json.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "benchmarks" / "results" / "lite_build.json"
GOALS = {"fresh_seconds": 60.0}


def run_build(output: Path, stage: Path, env: dict[str, str]) -> tuple[float, str]:
    """Seconds taken by one ``lite/build.py --output output --stage stage``, and its log."""
    command = [sys.executable, str(ROOT / "lite" / "build.py"), "--output", str(output), "--stage", str(stage)]
    start = time.perf_counter()
    run = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, env=env)
    seconds = time.perf_counter() - start
    if run.returncode != 0:
        sys.exit(f"the lite build failed:\n{run.stdout[-3000:]}\n{run.stderr[-3000:]}")
    return seconds, run.stdout + run.stderr


def site_size(output: Path) -> dict[str, int]:
    files = [p for p in output.rglob("*") if p.is_file()]
    return {"files": len(files), "bytes": sum(p.stat().st_size for p in files)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--no-global-caches", action="store_true", help="empty pip and uv caches for both runs")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="lex-lite-bench-") as tmp:
        env = dict(os.environ)
        if args.no_global_caches:
            env |= {"PIP_CACHE_DIR": f"{tmp}/pip-cache", "UV_CACHE_DIR": f"{tmp}/uv-cache"}
        output, stage = Path(tmp) / "html" / "lite", Path(tmp) / "lite-src"
        fresh, fresh_log = run_build(output, stage, env)
        rebuild, _ = run_build(output, stage, env)
        results = {
            "fresh_seconds": round(fresh, 1),
            "rebuild_seconds": round(rebuild, 1),
            "global_caches": "empty" if args.no_global_caches else "this machine's",
            "site": site_size(output),
            "fresh_log": [line for line in fresh_log.splitlines() if line.startswith("[lite]")],
            "cpus": os.cpu_count(),
            "goals": GOALS,
            "meets_goals": fresh <= GOALS["fresh_seconds"],
        }
    print(json.dumps(results, indent=1))
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()

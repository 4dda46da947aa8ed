"""Benchmark of the book build (issue 4, item 10). Run: .venv/bin/python benchmarks/book_build.py [--touch PAGE ...]
or, to compare two checkouts: .venv/bin/python benchmarks/book_build.py --compare TREE_A TREE_B [--keep DIR]

Builds the book from the working tree with the command of ``make book-build`` (``jupyter-book build .
--warningiserror --keep-going``) into a fresh temporary output folder (``--path-output``), so the measured clean build
has no Sphinx environment and no execution cache, and ``_build/`` is left alone:

* clean: the first build (reader pages generated from corpus/akn, notebooks executed, search index written);
* no-op: the same build again with nothing changed (Jupyter Book's and Sphinx's fixed cost);
* rebuilds: the same build again after touching one page, for each ``--touch`` in turn (by default the landing page
  book/intro.md and the topic chapter book/chapters/wages-on-wreck.md, a notebook whose unchanged code must come
  from the execution cache). Each rebuild reports the pages Sphinx re-read and the notebooks executed or taken from
  the cache, as the build's log states them (``inputs_changed_during_run`` flags a run in which the no-op build read a
  page or a rebuild read more than the page touched: the working tree changed under it, measure again);
* the largest HTML page, the total size of the site and the size without the vendored front-end files.

Goals: clean build ≤ 240 s and a no-op build ≤ 20 s (issue 12); every one-page rebuild ≤ 6 s with the 21-statute
corpus (issue 23) and ≤ 10 % of the clean build (``rebuild_fraction`` is the slowest rebuild's); no page over 2 MB of
HTML. Needs the vendored assets
(``make book-vendor``) and the corpus XML. Results are printed and written to benchmarks/results/book_build.json.

``--compare TREE_A TREE_B`` (issue 25, item 8) measures two checkouts of the project side by side in one run, e.g.
the commits before and after a restructure of the build, each ready as its own Makefile's book target needs (its own
``make setup`` .venv, ``npm ci`` node_modules, ``make book-vendor``). Each side is built by its own tree's
``jupyter-book`` (the command above) into its own fresh temporary output folder, and the steps alternate so that the
machine's load falls on both alike: A clean, B clean, A no-op, B no-op, then book/intro.md (or ``--touch``'s first
page) touched in each tree and A one-page, B one-page. It prints and writes benchmarks/results/book_build_compare.json:
the seconds of each step per side (and B's over A's) with what each build did (``rereads``: a side whose no-op build
read a page or whose one-page rebuild read more than one), the load average before and after, and the difference of
the two built sites (site_diff.py): files only in one, and the files that differ, split into those that differ only
by hashed static names and build dates and every other, with what differs first. ``--keep DIR`` builds into DIR/a
and DIR/b and leaves them, with each build's log as DIR/<side>-<step>.log (to read after); ``--sites SITE_A SITE_B``
only diffs two sites already built (benchmarks/results/book_build_site_diff.json).
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from results_file import write_results
from site_diff import site_diff

ROOT = Path(__file__).resolve().parents[1]
GOALS = {
    "clean_seconds": 240.0,
    "noop_seconds": 20.0,
    "rebuild_seconds": 6.0,
    "rebuild_fraction": 0.10,
    "largest_page_bytes": 2_000_000,
}
TOUCHED = ["book/intro.md", "book/chapters/wages-on-wreck.md"]
UPDATING = re.compile(r"updating environment: (?:\[.*?\] )?(\d+) added, (\d+) changed, (\d+) removed")
ANSI = re.compile(r"\x1b\[[0-9;]*m")


def build(output: Path, tree: Path = ROOT) -> tuple[float, str]:
    """Seconds taken by one ``jupyter-book build`` of ``tree`` (by default this working tree), with its own
    jupyter-book, into ``output``, and its log."""
    command = [str(tree / ".venv/bin/jupyter-book"), "build", ".", "--warningiserror", "--keep-going"]
    start = time.perf_counter()
    run = subprocess.run([*command, "--path-output", str(output)], cwd=tree, capture_output=True, text=True)
    seconds = time.perf_counter() - start
    if run.returncode != 0:
        sys.exit(f"the book build of {tree} failed:\n{run.stdout[-3000:]}\n{run.stderr[-3000:]}")
    return seconds, ANSI.sub("", run.stdout + run.stderr)


def work_done(log: str) -> dict[str, int]:
    """What a build did, from its log: pages (re-)read, notebooks executed and notebooks taken from the cache."""
    found = UPDATING.search(log)
    added, changed = (int(found[1]), int(found[2])) if found else (0, 0)
    return {
        "pages_read": added + changed,
        "notebooks_executed": log.count("Executing notebook"),
        "notebooks_from_cache": log.count("Using cached notebook"),
    }


def sizes(site: Path) -> dict[str, int | str]:
    pages = {p.relative_to(site).as_posix(): p.stat().st_size for p in site.rglob("*.html")}
    files = [p for p in site.rglob("*") if p.is_file()]
    vendor = site / "_static" / "vendor"
    largest = max(pages, key=pages.__getitem__)
    return {
        "pages": len(pages),
        "reader_pages": sum(1 for name in pages if name.startswith("book/reader/")),
        "largest_page": largest,
        "largest_page_bytes": pages[largest],
        "site_bytes": sum(p.stat().st_size for p in files),
        "site_bytes_without_vendor": sum(p.stat().st_size for p in files if vendor not in p.parents),
    }


def single(touched: list[str]) -> None:
    """The benchmark of this working tree alone (the module's first part)."""
    for page in touched:
        if not (ROOT / page).is_file():
            sys.exit(f"{page} is not a page of the book")
    with tempfile.TemporaryDirectory(prefix="book-bench-") as tmp:
        output = Path(tmp)
        clean, clean_log = build(output)
        noop, noop_log = build(output)
        noop_work = work_done(noop_log)
        result: dict[str, object] = {
            "clean_seconds": round(clean, 1),
            "clean": work_done(clean_log),
            "noop_seconds": round(noop, 1),
            "noop": noop_work,
        }
        rebuilds: list[dict[str, object]] = []
        times, pages_read = [], []
        for page in touched:
            (ROOT / page).touch()
            seconds, log = build(output)
            work = work_done(log)
            times.append(seconds)
            pages_read.append(work["pages_read"])
            rebuilds.append(
                {"touched": page, "seconds": round(seconds, 1), "fraction": round(seconds / clean, 3), **work}
            )
        result["rebuilds"] = rebuilds
        site = sizes(output / "_build" / "html")
        result.update(site)
    slowest = max(times)
    result["rebuild_seconds"] = round(slowest, 1)
    result["rebuild_fraction"] = round(slowest / clean, 3)
    result["goals_met"] = {
        "clean_seconds": clean <= GOALS["clean_seconds"],
        "noop_seconds": round(noop, 1) <= GOALS["noop_seconds"],
        "rebuild_seconds": round(slowest, 1) <= GOALS["rebuild_seconds"],
        "rebuild_fraction": slowest / clean <= GOALS["rebuild_fraction"],
        "largest_page_bytes": int(site["largest_page_bytes"]) <= GOALS["largest_page_bytes"],
    }
    spurious = noop_work["pages_read"] > 0 or any(read > 1 for read in pages_read)
    result["inputs_changed_during_run"] = spurious
    if spurious:  # e.g. the corpus rebuilt with new contents while this ran
        print("warning: a build read more pages than the one touched: the inputs changed under it", file=sys.stderr)
    write_results("book_build", result, indent=2)
    for key, value in result.items():
        print(f"{key:>26}: {value}")


SIDES = ("a", "b")
STEPS = ("clean", "noop", "one_page")


def load() -> list[float]:
    """The machine's load average over 1, 5 and 15 minutes."""
    return [round(value, 2) for value in os.getloadavg()]


def check_tree(tree: Path, page: str) -> None:
    """Exit with one line unless ``tree`` is ready for a build of its own."""
    if not (tree / ".venv/bin/jupyter-book").is_file():
        sys.exit(f"{tree} has no .venv/bin/jupyter-book: run its make setup")
    if not (tree / page).is_file():
        sys.exit(f"{page} is not a page of the book in {tree}")


Steps = dict[str, dict[str, dict[str, object]]]
"""Per side, per step: what the build did (:func:`work_done`) and the load average after it."""


def compare_builds(
    trees: dict[str, Path], outputs: dict[str, Path], page: str, logs: bool
) -> tuple[dict[str, list[float]], Steps]:
    """Each step of :data:`STEPS` for side a then side b, so that both meet the same load: per step the seconds of
    side a and b, and per side and step what the build did (with ``logs``, its log beside the outputs too)."""
    seconds: dict[str, list[float]] = {step: [] for step in STEPS}
    steps: Steps = {side: {} for side in SIDES}
    for step in STEPS:
        for side in SIDES:
            if step == "one_page":
                (trees[side] / page).touch()
            took, log = build(outputs[side], trees[side])
            if logs:
                (outputs[side].parent / f"{side}-{step}.log").write_text(log, encoding="utf-8")
            seconds[step].append(round(took, 1))
            steps[side][step] = {"load": load(), **work_done(log)}
            print(f"{side} {step:>8}: {took:7.1f} s", file=sys.stderr, flush=True)
    return seconds, steps


def comparison_table(seconds: dict[str, list[float]]) -> dict[str, dict[str, float]]:
    """Per step: side a's and side b's seconds and b / a."""
    return {step: {"a": a, "b": b, "b_over_a": round(b / a, 3) if a else 0.0} for step, (a, b) in seconds.items()}


def compare(trees: dict[str, Path], page: str, keep: Path | None) -> None:
    """Builds and compares the two trees (the module's ``--compare``)."""
    for tree in trees.values():
        check_tree(tree, page)
    with tempfile.TemporaryDirectory(prefix="book-compare-") as tmp:
        base = keep or Path(tmp)
        outputs = {side: base / side for side in SIDES}
        for output in outputs.values():
            if output.exists() and any(output.iterdir()):
                sys.exit(f"{output} is not empty: a clean build needs a fresh output folder")
        result: dict[str, object] = {"trees": {side: str(tree) for side, tree in trees.items()}, "touched": page}
        result["load_before"] = load()
        seconds, steps = compare_builds(trees, outputs, page, logs=keep is not None)
        result["load_after"] = load()
        result["seconds"] = comparison_table(seconds)
        result["steps"] = steps
        result["rereads"] = {  # a no-op build that read a page, a one-page rebuild that read more than one
            side: work["noop"]["pages_read"] != 0 or work["one_page"]["pages_read"] != 1 for side, work in steps.items()
        }
        result["site_diff"] = site_diff(outputs["a"] / "_build" / "html", outputs["b"] / "_build" / "html").summary()
    path = write_results("book_build_compare", result, indent=2)
    print_comparison(result)
    print(f"written to {path}")


def print_comparison(result: dict[str, Any]) -> None:
    """The table of seconds per step and side, the load, and the site's difference in short."""
    print(f"{'':>10} {'A':>8} {'B':>8} {'B/A':>6}   A = {result['trees']['a']}, B = {result['trees']['b']}")
    for step, row in result["seconds"].items():
        print(f"{step:>10} {row['a']:>8.1f} {row['b']:>8.1f} {row['b_over_a']:>6.2f}")
    print(f"load average before {result['load_before']}, after {result['load_after']}")
    for side, rereads in result["rereads"].items():
        if rereads:
            print(f"warning: {side.upper()}'s no-op build read a page or its one-page rebuild read more than one: the")
            print("  inputs changed under it, or that tree's build reads pages it need not (its log says which)")
    print_site_diff(result["site_diff"])


def print_site_diff(diff: dict[str, Any]) -> None:
    print(f"only in A: {len(diff['only_in_a'])}, only in B: {len(diff['only_in_b'])}")
    for name in [*diff["only_in_a"], *diff["only_in_b"]]:
        print(f"  {name}")
    print(f"differing only by hashed names and dates: {diff['differing_hashed_names_only']}")
    print(f"differing otherwise: {len(diff['differing_otherwise'])}")
    for name, lines in diff["differing_otherwise"].items():
        print(f"  {name}: {lines[0] if lines else 'binary'}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--touch", action="append", help="a page touched before a rebuild (repeatable)")
    parser.add_argument("--compare", nargs=2, type=Path, metavar=("TREE_A", "TREE_B"), help="two checkouts to compare")
    parser.add_argument("--keep", type=Path, help="with --compare: build into DIR/a and DIR/b and leave them there")
    parser.add_argument("--sites", nargs=2, type=Path, metavar=("SITE_A", "SITE_B"), help="only diff two built sites")
    args = parser.parse_args()
    touched = args.touch or TOUCHED
    if args.sites:
        diff = site_diff(*args.sites).summary()
        path = write_results("book_build_site_diff", {"sites": [str(site) for site in args.sites], **diff}, indent=2)
        print_site_diff(diff)
        print(f"written to {path}")
    elif args.compare:
        compare(dict(zip(SIDES, (tree.resolve() for tree in args.compare), strict=True)), touched[0], args.keep)
    else:
        single(touched)


if __name__ == "__main__":
    main()

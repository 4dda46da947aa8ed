"""Benchmark of the book build (issue 4, item 10). Run: .venv/bin/python benchmarks/book_build.py [--touch PAGE ...]

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

Goals: clean build ≤ 240 s and a no-op build ≤ 20 s (issue 12); every one-page rebuild ≤ 10 % of the clean build
(``rebuild_fraction`` is the slowest rebuild's); no page over 2 MB of HTML. Needs the vendored assets
(``make book-vendor``) and the corpus XML. Results are printed and written to benchmarks/results/book_build.json.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from results_file import write_results

ROOT = Path(__file__).resolve().parents[1]
GOALS = {"clean_seconds": 240.0, "noop_seconds": 20.0, "rebuild_fraction": 0.10, "largest_page_bytes": 2_000_000}
TOUCHED = ["book/intro.md", "book/chapters/wages-on-wreck.md"]
UPDATING = re.compile(r"updating environment: (?:\[.*?\] )?(\d+) added, (\d+) changed, (\d+) removed")
ANSI = re.compile(r"\x1b\[[0-9;]*m")


def build(output: Path) -> tuple[float, str]:
    """Seconds taken by one ``jupyter-book build`` of the working tree into ``output``, and its log."""
    command = [str(ROOT / ".venv/bin/jupyter-book"), "build", ".", "--warningiserror", "--keep-going"]
    start = time.perf_counter()
    run = subprocess.run([*command, "--path-output", str(output)], cwd=ROOT, capture_output=True, text=True)
    seconds = time.perf_counter() - start
    if run.returncode != 0:
        sys.exit(f"the book build failed:\n{run.stdout[-3000:]}\n{run.stderr[-3000:]}")
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


def sizes(site: Path) -> dict[str, object]:
    pages = {p.relative_to(site).as_posix(): p.stat().st_size for p in site.rglob("*.html")}
    files = [p for p in site.rglob("*") if p.is_file()]
    vendor = site / "_static" / "vendor"
    largest = max(pages, key=pages.get)
    return {
        "pages": len(pages),
        "reader_pages": sum(1 for name in pages if name.startswith("book/reader/")),
        "largest_page": largest,
        "largest_page_bytes": pages[largest],
        "site_bytes": sum(p.stat().st_size for p in files),
        "site_bytes_without_vendor": sum(p.stat().st_size for p in files if vendor not in p.parents),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--touch", action="append", help="a page touched before a rebuild (repeatable)")
    args = parser.parse_args()
    touched = args.touch or TOUCHED
    for page in touched:
        if not (ROOT / page).is_file():
            sys.exit(f"{page} is not a page of the book")
    with tempfile.TemporaryDirectory(prefix="book-bench-") as tmp:
        output = Path(tmp)
        clean, clean_log = build(output)
        noop, noop_log = build(output)
        result: dict[str, object] = {
            "clean_seconds": round(clean, 1),
            "clean": work_done(clean_log),
            "noop_seconds": round(noop, 1),
            "noop": work_done(noop_log),
        }
        rebuilds, times = [], []
        for page in touched:
            (ROOT / page).touch()
            seconds, log = build(output)
            times.append(seconds)
            rebuilds.append({"touched": page, "seconds": round(seconds, 1), "fraction": round(seconds / clean, 3)})
            rebuilds[-1].update(work_done(log))
        result["rebuilds"] = rebuilds
        result.update(sizes(output / "_build" / "html"))
    slowest = max(times)
    result["rebuild_seconds"] = round(slowest, 1)
    result["rebuild_fraction"] = round(slowest / clean, 3)
    result["goals_met"] = {
        "clean_seconds": clean <= GOALS["clean_seconds"],
        "noop_seconds": result["noop_seconds"] <= GOALS["noop_seconds"],
        "rebuild_fraction": slowest / clean <= GOALS["rebuild_fraction"],
        "largest_page_bytes": result["largest_page_bytes"] <= GOALS["largest_page_bytes"],
    }
    spurious = result["noop"]["pages_read"] > 0 or any(r["pages_read"] > 1 for r in rebuilds)
    result["inputs_changed_during_run"] = spurious
    if spurious:  # e.g. the corpus rebuilt with new contents while this ran
        print("warning: a build read more pages than the one touched: the inputs changed under it", file=sys.stderr)
    write_results("book_build", result, indent=2)
    for key, value in result.items():
        print(f"{key:>26}: {value}")


if __name__ == "__main__":
    main()

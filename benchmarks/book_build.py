"""Benchmark of the book build (issue 4, item 10). Run: .venv/bin/python benchmarks/book_build.py [--touch PAGE]

Builds the book from the working tree into a fresh temporary output folder (``jupyter-book build . --path-output``),
so the measured clean build has no Sphinx environment and no execution cache, and ``_build/`` is left alone:

* clean: the first build (reader pages generated from corpus/akn, notebooks executed, search index written);
* no-op: the same build again with nothing changed (Jupyter Book's and Sphinx's fixed cost);
* rebuild: the same build again after touching one page (``--touch``, by default book/intro.md);
* the largest HTML page, the total size of the site and the size without the vendored front-end files.

Goals: clean build ≤ 300 s; a one-page rebuild ≤ 10 % of the clean build; no page over 2 MB of HTML. Needs the
vendored assets (``make book-vendor``) and the corpus XML. Results are printed and written to
benchmarks/results/book_build.json.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "benchmarks" / "results" / "book_build.json"
GOALS = {"clean_seconds": 300.0, "rebuild_fraction": 0.10, "largest_page_bytes": 2_000_000}


def build(output: Path) -> float:
    """Seconds taken by one ``jupyter-book build`` of the working tree into ``output``; exits on a failed build."""
    command = [str(ROOT / ".venv/bin/jupyter-book"), "build", ".", "--warningiserror", "--keep-going"]
    start = time.perf_counter()
    run = subprocess.run([*command, "--path-output", str(output)], cwd=ROOT, capture_output=True, text=True)
    seconds = time.perf_counter() - start
    if run.returncode != 0:
        sys.exit(f"the book build failed:\n{run.stdout[-3000:]}\n{run.stderr[-3000:]}")
    return seconds


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
    parser.add_argument("--touch", default="book/intro.md", help="the page touched before the rebuild")
    args = parser.parse_args()
    touched = ROOT / args.touch
    if not touched.is_file():
        sys.exit(f"{args.touch} is not a page of the book")
    with tempfile.TemporaryDirectory(prefix="book-bench-") as tmp:
        output = Path(tmp)
        clean = build(output)
        noop = build(output)
        touched.touch()
        rebuild = build(output)
        result = {
            "clean_seconds": round(clean, 1),
            "noop_seconds": round(noop, 1),
            "rebuild_seconds": round(rebuild, 1),
            "touched": args.touch,
        }
        result.update(sizes(output / "_build" / "html"))
    result["rebuild_fraction"] = round(rebuild / clean, 3)
    result["goals_met"] = {
        "clean_seconds": clean <= GOALS["clean_seconds"],
        "rebuild_fraction": rebuild / clean <= GOALS["rebuild_fraction"],
        "largest_page_bytes": result["largest_page_bytes"] <= GOALS["largest_page_bytes"],
    }
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(json.dumps(result, indent=2) + "\n")
    for key, value in result.items():
        print(f"{key:>26}: {value}")


if __name__ == "__main__":
    main()

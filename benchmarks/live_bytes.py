"""The bytes of the page's Python (``_static/live/``), part by part, and the floor for the pinned Pyodide.

    .venv/bin/python benchmarks/live_bytes.py [--site _build/html]

Needs the built book (``make book-build``), Node and ``node_modules/pyodide`` (``npm ci``). Everything the worker
fetches before the first live result is counted, as a static host would send it:

- **as served**: each file gzipped (level 9) as the README tells a host to (the zips as they are: deflated inside);
- **host gzip / host brotli**: the zips' members stored uncompressed and the whole file compressed by the host, with
  gzip (level 9) or Brotli (quality 11), which compresses across members as the zips' deflate cannot.

The parts: ``wasm`` (``pyodide.asm.wasm``); Pyodide's scripts (``pyodide.mjs``, ``pyodide.asm.mjs``); the page's
scripts (``calculators.js``, ``worker.js``, ``calculators.css``, ``runtime.json``, ``pyodide-lock.json``); the
standard library (``python_stdlib.zip``) split into what Pyodide itself imports before any page code runs (found by
starting Node's Pyodide with its whole library and listing ``sys.modules``) and what the rules import besides; the
bundle (``lex-live.zip``) split into the packages (babel with its CLDR data, PyYAML), the rules and views
(``widgets``) and the page table (``reader_pages.json``).

The **floor** is what no page code can remove without changing Pyodide: the wasm, Pyodide's scripts and the modules
Pyodide's own start-up imports (its event loop pulls in asyncio, ssl, socket, subprocess, logging; its package loader
pathlib, zipfile, shutil, tempfile; ...), each compressed by the host. Printed, and written to
benchmarks/results/live_bytes.json.
"""

from __future__ import annotations

import argparse
import functools
import gzip
import io
import json
import subprocess
import sys
import zipfile
from collections.abc import Callable, Iterable
from pathlib import Path

import brotli

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))

from results_file import write_results  # noqa: E402

NODE_PYODIDE = ROOT / "node_modules" / "pyodide"
PYODIDE_SCRIPTS = ("pyodide.mjs", "pyodide.asm.mjs")
PAGE_SCRIPTS = ("calculators.js", "worker.js", "calculators.css", "runtime.json", "pyodide-lock.json")
FETCHED = ("pyodide.asm.wasm", *PYODIDE_SCRIPTS, "python_stdlib.zip", "lex-live.zip", *PAGE_SCRIPTS)
"""What the worker fetches before the first live result."""
STARTUP_PROBE = """
import { pathToFileURL } from "node:url";
const dir = process.argv[1];
const { loadPyodide } = await import(pathToFileURL(`${dir}/pyodide.mjs`).href);
const pyodide = await loadPyodide({ indexURL: `${dir}/`, stdout: () => {}, stderr: () => {} });
console.log(pyodide.runPython("import json, sys; json.dumps(sorted(sys.modules))"));
"""
"""Node: the modules in ``sys.modules`` once Pyodide has started, before any page code."""


@functools.cache
def sizes(data: bytes) -> dict[str, int]:
    """``data``'s bytes: raw, gzip level 9, Brotli quality 11 (the wasm's Brotli takes about 40 s: once)."""
    return {"raw": len(data), "gzip": len(gzip.compress(data, 9, mtime=0)), "brotli": len(brotli.compress(data))}


def stored(archive: zipfile.ZipFile, keep: Callable[[str], bool]) -> bytes:
    """The members of ``archive`` that ``keep`` accepts, in a zip that stores them uncompressed."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_STORED) as out:
        for info in archive.infolist():
            if keep(info.filename):
                out.writestr(zipfile.ZipInfo(info.filename, (1980, 1, 1, 0, 0, 0)), archive.read(info))
    return buffer.getvalue()


def module_name(path: str) -> str:
    """``asyncio/base_events.pyc`` → ``asyncio.base_events``; a package's ``__init__`` is the package."""
    name = path.rsplit(".", 1)[0].replace("/", ".")
    return name.removesuffix(".__init__")


def pyodide_startup_modules() -> set[str]:
    """The modules Pyodide's own start-up imports (Node, the whole library of ``node_modules/pyodide``)."""
    run = subprocess.run(["node", "--input-type=module", "-e", STARTUP_PROBE, str(NODE_PYODIDE)],
                         capture_output=True, text=True, timeout=300, check=True)  # fmt: skip
    return set(json.loads(run.stdout.strip().splitlines()[-1]))


def deflated(archive: zipfile.ZipFile, keep: Callable[[str], bool]) -> int:
    """The bytes the members ``keep`` accepts take in ``archive`` today (deflated, with their headers)."""
    return sum(i.compress_size + 30 + len(i.filename) * 2 + 46 for i in archive.infolist() if keep(i.filename))


def part(name: str, served: int, data: bytes, files: Iterable[str] = ()) -> dict[str, object]:
    measured = sizes(data)
    row: dict[str, object] = {"part": name, "served_gzip": served, "host_gzip": measured["gzip"],
                              "host_brotli": measured["brotli"], "raw": measured["raw"]}  # fmt: skip
    if files:
        row["files"] = len(list(files))
    return row


def measure(live: Path) -> dict[str, object]:
    read = {p.name: p.read_bytes() for p in live.iterdir() if p.is_file()}
    rows = [part("wasm (pyodide.asm.wasm)", sizes(read["pyodide.asm.wasm"])["gzip"], read["pyodide.asm.wasm"])]
    scripts = b"".join(read[n] for n in PYODIDE_SCRIPTS)
    rows.append(part("Pyodide's scripts", sum(sizes(read[n])["gzip"] for n in PYODIDE_SCRIPTS), scripts))
    startup = pyodide_startup_modules()
    library = zipfile.ZipFile(io.BytesIO(read["python_stdlib.zip"]))
    ours = zipfile.ZipFile(io.BytesIO(read["lex-live.zip"]))
    library_parts: list[tuple[str, Callable[[str], bool]]] = [
        ("stdlib: Pyodide's own start-up", lambda f: module_name(f) in startup),
        ("stdlib: what the rules import besides", lambda f: module_name(f) not in startup),
    ]
    for name, keep in library_parts:
        members = [i.filename for i in library.infolist() if keep(i.filename)]
        rows.append(part(name, deflated(library, keep), stored(library, keep), members))
    bundle_parts: list[tuple[str, Callable[[str], bool]]] = [
        ("packages: babel (CLDR)", lambda f: f.startswith("babel/")),
        ("packages: PyYAML", lambda f: f.startswith("yaml/")),
        ("rules and views (widgets)", lambda f: f.startswith("widgets/")),
        ("page table (reader_pages.json)", lambda f: f == "reader_pages.json"),
    ]
    for name, keep in bundle_parts:
        members = [i.filename for i in ours.infolist() if keep(i.filename)]
        rows.append(part(name, deflated(ours, keep), stored(ours, keep), members))
    page = b"".join(read[n] for n in PAGE_SCRIPTS if n in read)
    rows.append(part("page scripts", sum(sizes(read[n])["gzip"] for n in PAGE_SCRIPTS if n in read), page))
    # the whole download: each file as served today, and with the zips stored for the host to compress
    host = {name: read[name] for name in FETCHED if name in read}
    host |= {"python_stdlib.zip": stored(library, lambda f: True), "lex-live.zip": stored(ours, lambda f: True)}
    total = {
        "served_gzip": sum(sizes(read[name])["gzip"] for name in host),
        "host_gzip": sum(sizes(data)["gzip"] for data in host.values()),
        "host_brotli": sum(sizes(data)["brotli"] for data in host.values()),
    }
    floor = {key: sum(int(row[key]) for row in rows[:3]) for key in ("host_gzip", "host_brotli")}  # type: ignore[call-overload]
    return {"parts": rows, "total": total, "floor": floor, "startup_modules": len(startup)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", type=Path, default=ROOT / "_build" / "html")
    args = parser.parse_args()
    live = args.site / "_static" / "live"
    if not (live / "pyodide.asm.wasm").is_file():
        parser.exit(2, f"error: {live} has no runtime: build the book first (make book-build)\n")
    found = measure(live)
    print(f"{'part':45s} {'served gzip':>12s} {'host gzip':>12s} {'host brotli':>12s} {'raw':>12s}")
    for row in found["parts"]:  # type: ignore[union-attr]
        print(f"{row['part']:45s} {row['served_gzip']:>12,} {row['host_gzip']:>12,} {row['host_brotli']:>12,} "
              f"{row['raw']:>12,}")  # fmt: skip
    total, floor = found["total"], found["floor"]
    print(f"{'total fetched to the first live result':45s} {total['served_gzip']:>12,} {total['host_gzip']:>12,} "
          f"{total['host_brotli']:>12,}")  # type: ignore[index]  # fmt: skip
    print(f"{'floor (wasm, Pyodide scripts, its start-up)':45s} {'':>12s} {floor['host_gzip']:>12,} "
          f"{floor['host_brotli']:>12,}")  # type: ignore[index]  # fmt: skip
    print(f"written to {write_results('live_bytes', found)}")


if __name__ == "__main__":
    main()

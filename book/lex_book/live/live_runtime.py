"""The page's in-browser Python, built with the book: Pyodide, a trimmed standard library and the rules' bundle.

:func:`build` writes into ``<site>/_static/live/`` everything a page's calculators need to run in the reader's
browser, all from this machine (npm's ``pyodide`` in ``node_modules``, the packages installed in the build's Python):

``pyodide.mjs``, ``pyodide.asm.mjs``, ``pyodide.asm.wasm``
    Pyodide's core, byte for byte from the npm package pinned in ``package.json``.
``pyodide-lock.json``
    Pyodide's lock with no package in it: the runtime loads none (the npm package holds no wheel; the rules need
    none that is not in the bundle), and nothing can point outside the site.
``python_stdlib.zip``
    The standard library cut to the files the runtime really loads, compiled: Node runs Pyodide with the whole
    library, does what a page does (``live/stdlib_probe.mjs``: start, compute every calculator, run a what-if cell,
    fail one), takes the library's files then in ``sys.modules`` and compiles each in that same Python (hash-based
    ``.pyc``, unchecked, which ``zipimport`` loads as it is; optimised as ``python -OO``), so the reader's browser
    compiles no Python source at start: the start takes less than half as long (``benchmarks/live.py``). Most of it
    is what Pyodide's own start-up imports (its event loop, its package loader: ``benchmarks/live_bytes.py``); a
    what-if cell that imports a module the rules never load is told that the module is not in the book's Python.
``lex-live.zip``
    The ``widgets`` package (rules, their YAML, the views that need neither ipywidgets nor lxml; money is laid out
    from ``widgets/rules/money_styles.py``, so no babel), PyYAML's pure-Python modules (taken from the installed
    package: its C speed-ups are optional) and ``reader_pages.json`` (the reader's page of each provision, for links:
    ``widgets.views.reader_links.link_from_pages``), every module compiled by the probe likewise. Packed by
    :mod:`widgets.browser`, the packager of the lab's wheels too, with its one list of what a browser must not get
    (the exercises' answers); written deterministically (sorted, fixed times).

``runtime.json``
    A digest of the bundle and of the library, which the worker adds to their URLs: a rebuilt site is never run
    with the rules a browser cached from an earlier one; and the bytes of the wasm, the library and the bundle
    (``bytes``; ``gzip``, as gzip would send them), which the page counts as they arrive to show real progress.
``calculators.js``, ``calculators.css``, ``worker.js``
    The page's script and styles and the Web Worker that runs Pyodide (``lex_book/live/static/``), copied when the build
    starts (:func:`copy_front_end`), so that the pages' links to them carry their checksums.

Both zips *store* their files: the host compresses each zip whole (gzip or Brotli, as the README asks), which
compresses across files as a zip's per-file deflate cannot (the library: 1.3 MB as deflated files, 0.9 MB with Brotli).

The probe is the slow part (a few seconds of Node): its output is kept under a digest of the bundle and Pyodide's
version, so an unchanged build reuses it.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import shutil
import subprocess
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import widgets
from lex_book import atomic_files
from lex_book.paths import NODE_MODULES
from widgets import browser
from widgets.views import opening_facts
from widgets.views.page import opening_form

FRONT_END = Path(__file__).resolve().parent / "static"
SERVED = ("calculators.js", "calculators.css", "worker.js")
PROBE = FRONT_END / "stdlib_probe.mjs"
NODE_PYODIDE = NODE_MODULES / "pyodide"
PYODIDE_CORE = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm")
RUNTIME_DIR = Path("_static") / "live"
BUNDLE = "lex-live.zip"
STDLIB = "python_stdlib.zip"
PAGES = "reader_pages.json"
COUNTED = ("pyodide.asm.wasm", STDLIB, BUNDLE)
"""The files whose bytes the page counts as they arrive (worker.js): their sizes are in ``runtime.json``."""
PROBE_CELL = 'print("probe")\noutcome("pk-mso-2001/wages-on-wreck", ship_trade="home-trade")'
PROBE_FAILING_CELL = "undefined_name + 1"


class RuntimeBuildError(RuntimeError):
    """A part of the runtime is missing (``npm ci`` not run) or the probe failed."""


def bundle_files(reader_pages: Mapping[str, Mapping[str, str]]) -> dict[str, bytes]:
    """The bundle's files by path: widgets and PyYAML's pure-Python package as the one packager sends them to the
    page's runtime (:func:`widgets.browser.package_files`), and the page table."""
    files = browser.package_files("widgets", page_runtime=True) | browser.package_files("yaml", page_runtime=True)
    files[PAGES] = json.dumps(reader_pages, sort_keys=True, separators=(",", ":")).encode()
    return files


def probe_calls() -> dict[str, Any]:
    """What the probe does in Pyodide: every calculator's opening form, a what-if cell, a failing one."""
    compute = [[pid, opening_form(pid, opening_facts(pid))] for pid in widgets.provision_ids()]
    return {"compute": compute, "run": [PROBE_CELL, PROBE_FAILING_CELL]}


def probe(bundle: Path, work: Path, node: str = "node") -> tuple[bytes, bytes]:
    """The trimmed, compiled standard library and the compiled bundle (see the module docstring)."""
    calls = work / "probe-calls.json"
    calls.write_text(json.dumps(probe_calls()), encoding="utf-8")
    stdlib, compiled = work / "probe-stdlib.zip", work / "probe-bundle.zip"
    command = [node, str(PROBE), str(NODE_PYODIDE), str(bundle), str(calls), str(stdlib), str(compiled)]
    run = subprocess.run(command, capture_output=True, text=True, timeout=300)
    if run.returncode != 0:
        raise RuntimeBuildError(f"{PROBE.name} failed (exit {run.returncode}):\n{run.stderr[-3000:]}")
    return stdlib.read_bytes(), compiled.read_bytes()


def _pyodide_version() -> str:
    package = NODE_PYODIDE / "package.json"
    if not package.is_file():
        raise RuntimeBuildError(f"{package} is missing: run `npm ci` at the repository root")
    return json.loads(package.read_text(encoding="utf-8"))["version"]


def gzip_sizes(files: Mapping[str, bytes], cache_dir: Path) -> dict[str, int]:
    """Each file's size gzipped (level 6, as a host compresses), kept in ``cache_dir`` by the files' digest: gzipping
    the 8 MB wasm took 0.5 s of every build."""
    digest = hashlib.sha256(json.dumps(sorted(files)).encode())
    for data in files.values():
        digest.update(hashlib.sha256(data).digest())
    kept = cache_dir / f"gzip-{digest.hexdigest()[:20]}.json"
    try:
        sizes: dict[str, int] = json.loads(kept.read_text(encoding="utf-8"))
        return sizes
    except (OSError, ValueError):
        sizes = {name: len(gzip.compress(data, 6, mtime=0)) for name, data in files.items()}
    cache_dir.mkdir(parents=True, exist_ok=True)
    atomic_files.write_text(kept, json.dumps(sizes))
    return sizes


def empty_lock() -> bytes:
    """Pyodide's lock file without its packages (see the module docstring)."""
    lock = json.loads((NODE_PYODIDE / "pyodide-lock.json").read_text(encoding="utf-8"))
    lock["packages"] = {}
    return json.dumps(lock, sort_keys=True, separators=(",", ":")).encode()


def copy_front_end(outdir: Path) -> None:
    """The page's script, styles and worker into ``outdir/_static/live``."""
    target = outdir / RUNTIME_DIR
    target.mkdir(parents=True, exist_ok=True)
    for name in SERVED:
        shutil.copyfile(FRONT_END / name, target / name)


def build(outdir: Path, reader_pages: Mapping[str, Mapping[str, str]], cache_dir: Path) -> dict[str, int]:
    """Write the runtime into ``outdir/_static/live`` (beside the front end :func:`copy_front_end` put there when the
    build started); return each file's size in bytes."""
    version = _pyodide_version()
    target = outdir / RUNTIME_DIR
    for name in PYODIDE_CORE:
        atomic_files.write_bytes(target / name, (NODE_PYODIDE / name).read_bytes())  # unchanged: left, time and all
    atomic_files.write_bytes(target / "pyodide-lock.json", empty_lock())
    bundle = browser.zip_bytes(bundle_files(reader_pages))
    key = hashlib.sha256(bundle + version.encode() + PROBE.read_bytes()).hexdigest()
    cached = {name: cache_dir / f"{key}-{name}" for name in (STDLIB, BUNDLE)}
    if not all(path.is_file() for path in cached.values()):
        cache_dir.mkdir(parents=True, exist_ok=True)
        source = cache_dir / "bundle-source.zip"
        source.write_bytes(bundle)
        stdlib, compiled = probe(source, cache_dir)
        cached[STDLIB].write_bytes(stdlib)
        cached[BUNDLE].write_bytes(compiled)
    for name, path in cached.items():
        atomic_files.write_bytes(target / name, path.read_bytes())
    versions = {name: hashlib.sha256((target / name).read_bytes()).hexdigest()[:16] for name in (BUNDLE, STDLIB)}
    counted = {name: (target / name).read_bytes() for name in COUNTED}
    manifest = {
        "pyodide": version,
        "versions": versions,
        "bytes": {name: len(data) for name, data in counted.items()},
        "gzip": gzip_sizes(counted, cache_dir),
    }
    atomic_files.write_text(target / "runtime.json", json.dumps(manifest, indent=1) + "\n")
    return {p.name: p.stat().st_size for p in sorted(target.iterdir())}

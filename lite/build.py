"""Build the JupyterLite site behind "Open in JupyterLab": ``python lite/build.py --output DIR``.

``make lite`` runs it once per edition of the book (``_build/html/lite``, ``_build/instructor/_build/html/lite``);
it takes about ten seconds (``benchmarks/lite_build.py``). The output names no path of the machine that built it and
every URL in it is relative, so one build works wherever it is placed. The site is JupyterLab only (the whole chapter
notebook, ``lab/index.html?path=chapters/<chapter>.ipynb``); the book's in-page calculators do not use it. Everything
the site loads at read time is inside it; the build itself reads only the venv, ``node_modules`` and the wheels
``make setup`` fetched from PyPI (``.venv/lite-wheels``, pinned with their hashes in ``requirements.lock``: see
``wheels.py``), so it runs with the network off:

1. Pyodide: the npm package ``pyodide`` (``node_modules/pyodide``, pinned in package.json to the version
   jupyterlite-pyodide-kernel was made for) is copied to ``static/pyodide/``. Its ``pyodide-lock.json`` lists ~350
   packages whose wheels the npm package does not hold (they are on Pyodide's CDN only); the copy's lock keeps none
   of them, so nothing in the site can point outside it, and the lock add-on resolves every wheel from PyPI instead.
2. Wheels (``wheels/``), made here, never downloaded or compiled, by the packager of the page's runtime too
   (``widgets/browser.py``, with its one list of what a browser must not get): this project's wheel (corpus +
   widgets, AKN and YAML as package data, without ``widgets/exercises.py``: it knows the exercises' answers),
   PyYAML's pure-Python package (``pyyaml_pure.py``) and Babel with the English locale data only
   (``babel_slim.py``), both repacked from the venv's installed files, and ``lex-maritima-live`` (``live/`` plus the
   provision text and the exercises' digests exported by ``export_texts.py``). lxml has no Pyodide wheel outside the
   CDN, so it is left out of the lock (``jupyter_lite_config.json``), which is why the text is exported.
3. The topic chapters as notebooks for the lab (``notebooks.py``), in ``files/``.
4. ``jupyter lite build`` with the Pyodide kernel and its lock add-on (``PyodideLockAddon``): ipywidgets, IPython,
   micropip… are pure-Python wheels from PyPI, copied into ``static/pyodide-lock/``, resolved by ``uv pip compile
   --python-version 3.14`` (Pyodide's Python) from the folder of pinned wheels alone (``--offline --no-index
   --find-links``, added to the staged config: :func:`stage_config`); ``--lock`` resolves on PyPI instead, once, to
   write the pins (``make lock``). Told a version and no interpreter, uv would download a CPython 3.14
   from GitHub to resolve with; it needs none (``--no-build``: wheels only), so the lock step passes
   ``--no-python-downloads`` and uv resolves for 3.14 from whatever Python it finds. The kernel installs jedi when
   it starts; ``jedi<0.20`` (1.6 MB, against 4.9 MB for 0.20 with its bundled typeshed) keeps the lab's download
   small. widgetsnbextension and jupyterlab-widgets (the front-end halves of ipywidgets, which the lite site has as a
   lab extension) are left out of the lock.
5. Check: no URL with a scheme in the lock or in ``jupyter-lite.json``; the PyPI fallback of ``%pip`` is off.
"""

from __future__ import annotations

import argparse
import importlib.metadata
import json
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

LITE = Path(__file__).resolve().parent
ROOT = LITE.parent
sys.path.insert(0, str(LITE))
sys.path.insert(0, str(ROOT))

import babel_slim  # noqa: E402
import export_texts  # noqa: E402
import notebooks  # noqa: E402
import pyyaml_pure  # noqa: E402
import wheels  # noqa: E402

from widgets import browser  # noqa: E402

STAGE = ROOT / "_build" / "lite-src"
OUTPUT = ROOT / "_build" / "html" / "lite"
NPM_PYODIDE = ROOT / "node_modules" / "pyodide"
CHAPTERS = ROOT / "book" / "chapters"
STAMP = "lex-maritima-lite.json"
"""Written last into the output: what was built, from which Pyodide, when (tests check freshness against it)."""
PYODIDE_SKIP = (".map", ".d.ts", ".html", "README.md", "package.json")
PROJECT_PACKAGES = ("corpus", "widgets")


def log(message: str) -> None:
    print(f"[lite] {message}", flush=True)


def pyodide_version() -> str:
    """The npm package's Pyodide version, which must be the one jupyterlite-pyodide-kernel was made for."""
    from jupyterlite_pyodide_kernel.constants import PYODIDE_VERSION

    package = NPM_PYODIDE / "package.json"
    if not package.is_file():
        raise SystemExit(f"{package} is missing: run `npm ci` (package.json pins pyodide {PYODIDE_VERSION})")
    version = json.loads(package.read_text(encoding="utf-8"))["version"]
    if version != PYODIDE_VERSION:
        raise SystemExit(f"node_modules has pyodide {version}; jupyterlite-pyodide-kernel needs {PYODIDE_VERSION}")
    return version


def stage_pyodide(static: Path) -> None:
    """Copy the npm Pyodide into ``static/pyodide`` with a lock that lists no package (see the module docstring)."""
    target = static / "pyodide"
    shutil.rmtree(target, ignore_errors=True)
    target.mkdir(parents=True)
    for path in sorted(NPM_PYODIDE.iterdir()):
        if path.is_file() and not path.name.endswith(PYODIDE_SKIP) and path.name != "pyodide-lock.json":
            shutil.copy2(path, target / path.name)
    lock = json.loads((NPM_PYODIDE / "pyodide-lock.json").read_text(encoding="utf-8"))
    lock["packages"] = {}
    (target / "pyodide-lock.json").write_text(json.dumps(lock, indent=1), encoding="utf-8")


def project_wheel(out_dir: Path) -> Path:
    """This project's wheel: ``corpus`` and ``widgets`` as :func:`widgets.browser.package_files` sends them to the lab
    (not the exercises' answers: a student checks with the digests of ``exercise_checks.json``, through
    ``lex_maritima_live.check``), with the installed project's name, version and requirements."""
    return browser.installed_wheel(out_dir, "lex-maritima", PROJECT_PACKAGES)


def live_wheel(out_dir: Path) -> Path:
    """``lex-maritima-live``: ``live/lex_maritima_live`` and the provision text exported from the corpus."""
    files = browser.package_files("lex_maritima_live", page_runtime=False, folder=LITE / "live" / "lex_maritima_live")
    texts = json.dumps(export_texts.export(), ensure_ascii=False, sort_keys=True, indent=1) + "\n"
    files["lex_maritima_live/provision_texts.json"] = texts.encode("utf-8")
    checks = json.dumps(export_texts.exercise_checks(), ensure_ascii=False, sort_keys=True, indent=1) + "\n"
    files["lex_maritima_live/exercise_checks.json"] = checks.encode("utf-8")
    version = importlib.metadata.version("lex-maritima")
    return browser.write_wheel(out_dir, "lex-maritima-live", version, files, ("lex-maritima", "ipywidgets>=8.1,<9"))


def offline_args(pinned: Path) -> list[str]:
    """What makes the lock step's uv resolve from the folder of pinned wheels alone, reaching no index
    (``wheels.py``)."""
    return ["--offline", "--no-index", f"--find-links={pinned}"]


def stage_config(lite_dir: Path, pinned: Path | None) -> None:
    """The config files into ``lite_dir``: as they are in ``lite/``, and with uv told to resolve from ``pinned`` (the
    wheels of ``lite/requirements.lock``) alone, offline, unless ``pinned`` is None (the online build of ``--lock``)."""
    shutil.copy2(LITE / "jupyter-lite.json", lite_dir / "jupyter-lite.json")
    config = json.loads((LITE / "jupyter_lite_config.json").read_text(encoding="utf-8"))
    if pinned is not None:
        options = config["PyodideLockAddon"].setdefault("pyodide_lock_uv_options", {})
        options["extra_uv_args"] = [*options.get("extra_uv_args", []), *offline_args(pinned)]
    (lite_dir / "jupyter_lite_config.json").write_text(json.dumps(config, indent=2) + "\n", encoding="utf-8")


def stage(lite_dir: Path) -> None:
    """Wheels and notebooks into the staging folder ``lite_dir`` (its ``.cache`` is kept between builds)."""
    wheels = lite_dir / "wheels"
    shutil.rmtree(wheels, ignore_errors=True)
    wheels.mkdir()
    built = [project_wheel(wheels), pyyaml_pure.build(wheels), babel_slim.build(wheels), live_wheel(wheels)]
    for wheel in built:
        log(f"wheel {wheel.name}: {wheel.stat().st_size / 1e6:.2f} MB")
    files = lite_dir / "files"
    shutil.rmtree(files, ignore_errors=True)
    chapters = sorted(CHAPTERS.glob("*.md"))
    if not chapters:
        raise SystemExit(f"no topic chapters in {CHAPTERS}: the lite lab has nothing to open")
    for chapter in chapters:
        notebooks.convert(chapter, files / "chapters")
    log(f"{len(chapters)} chapter notebook(s) from {CHAPTERS.relative_to(ROOT)}")


def check_offline(output: Path) -> None:
    """Fail unless every package of the lock and the Pyodide URL point inside the site."""
    lock = json.loads((output / "static" / "pyodide-lock" / "pyodide-lock.json").read_text(encoding="utf-8"))
    remote = sorted(name for name, pkg in lock["packages"].items() if "://" in pkg["file_name"])
    missing = sorted(
        name
        for name, pkg in lock["packages"].items()
        if not (output / "static" / "pyodide" / pkg["file_name"]).resolve().is_file()
    )
    config = json.loads((output / "jupyter-lite.json").read_text(encoding="utf-8"))["jupyter-config-data"]
    kernel = config["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    problems = [f"remote wheel: {name}" for name in remote] + [f"wheel not in the site: {name}" for name in missing]
    if "://" in kernel.get("pyodideUrl", "://"):
        problems.append(f"pyodideUrl is not local: {kernel.get('pyodideUrl')}")
    if not kernel.get("disablePyPIFallback"):
        problems.append("the kernel may fall back to PyPI")
    if problems:
        raise SystemExit("the lite site is not self-contained:\n  " + "\n  ".join(problems))
    log(f"lock: {len(lock['packages'])} packages, all local; pyodideUrl {kernel['pyodideUrl']}")


def build(output: Path = OUTPUT, lite_dir: Path = STAGE, pinned: Path | None = wheels.FOLDER) -> Path:
    """Build the lite site into ``output`` (staging it in ``lite_dir``) and return it: offline, the lock step
    resolving from the folder ``pinned`` alone (``wheels.py``), or from PyPI when ``pinned`` is None."""
    started = time.monotonic()
    version = pyodide_version()
    if pinned is not None:
        log(f"{len(wheels.check(pinned))} wheels of lite/requirements.lock in {pinned}; no index")
    lite_dir.mkdir(parents=True, exist_ok=True)
    stage_pyodide(lite_dir / "static")
    stage_config(lite_dir, pinned)
    stage(lite_dir)
    shutil.rmtree(output, ignore_errors=True)
    (lite_dir / ".jupyterlite.doit.db").unlink(missing_ok=True)  # its task state describes the output just removed
    subprocess.run(
        [str(Path(sys.executable).with_name("jupyter")), "lite", "build", "--lite-dir", str(lite_dir),
         "--output-dir", str(output)],
        check=True,
        cwd=lite_dir,
    )  # fmt: skip
    check_offline(output)
    size = sum(p.stat().st_size for p in output.rglob("*") if p.is_file())
    stamp = {"pyodide": version, "bytes": size, "built": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())}
    (output / STAMP).write_text(json.dumps(stamp, indent=1) + "\n", encoding="utf-8")
    log(f"{output}: {size / 1e6:.1f} MB in {time.monotonic() - started:.0f} s")
    return output


def lock() -> None:
    """Refresh ``lite/requirements.lock``: build once with uv resolving from PyPI (in a folder of its own, from
    nothing), and pin what it took (``wheels.write_lock``)."""
    with tempfile.TemporaryDirectory(prefix="lex-lite-lock-") as tmp:
        lite_dir = Path(tmp) / "src"
        build(Path(tmp) / "html" / "lite", lite_dir, pinned=None)
        pinned = wheels.write_lock(lite_dir / ".cache" / "pyodide-lock" / "_work" / "pylock.toml")
    log(f"{wheels.LOCK.relative_to(ROOT)}: {len(pinned)} wheels pinned")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--output", type=Path, default=OUTPUT, help="where the site goes (default: %(default)s)")
    parser.add_argument("--stage", type=Path, default=STAGE, help="the staging folder (default: %(default)s)")
    parser.add_argument(
        "--wheels",
        type=Path,
        default=wheels.FOLDER,
        help="the pinned wheels, fetched by `make setup` (default: %(default)s)",
    )
    parser.add_argument("--lock", action="store_true", help="refresh lite/requirements.lock from PyPI (`make lock`)")
    args = parser.parse_args()
    if args.lock:
        lock()
    else:
        build(args.output.resolve(), args.stage.resolve(), args.wheels.resolve())


if __name__ == "__main__":
    main()

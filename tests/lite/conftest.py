"""The built book with its lite site, for the live-calculator tests: reused when fresh, (re)built when not.

The book (``jupyter-book build``) is rebuilt when a topic page is missing, does not load ``live_calculators.js`` or
is older than what it is built from; the lite site (``lite/build.py``) when its stamp is missing or older than the
lite sources, the rules and views, the corpus or the chapters.
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterable
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / "_build" / "html"
PAGE = SITE / "book" / "chapters" / "wages-on-wreck.html"
LITE_STAMP = SITE / "lite" / "lex-maritima-lite.json"
sys.path.insert(0, str(ROOT / "lite"))


def _files(*patterns: str) -> Iterable[Path]:
    for pattern in patterns:
        yield from (p for p in ROOT.glob(pattern) if p.is_file() and "__pycache__" not in p.parts)


def _newest(*patterns: str) -> float:
    return max(p.stat().st_mtime for p in _files(*patterns))


def book_is_stale() -> bool:
    if not PAGE.is_file() or "live_calculators.js" not in PAGE.read_text(encoding="utf-8"):
        return True
    return _newest("_config.yml", "_toc.yml", "book/chapters/*.md", "lite/static/*") > PAGE.stat().st_mtime


def lite_is_stale() -> bool:
    if not LITE_STAMP.is_file():
        return True
    inputs = ("lite/**/*", "widgets/**/*.py", "widgets/**/*.yaml", "corpus/akn/*.xml", "book/chapters/*.md")
    return _newest(*inputs, "package-lock.json") > LITE_STAMP.stat().st_mtime


def _run(command: list[str]) -> None:
    run = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
    if run.returncode != 0:
        pytest.fail(f"{' '.join(command)} failed:\n{run.stdout[-4000:]}\n{run.stderr[-4000:]}")


@pytest.fixture(scope="session")
def live_site() -> Path:
    """``_build/html`` with the book's topic pages and ``lite/`` built and fresh."""
    if book_is_stale():
        _run(["make", "book-vendor"])
        _run([str(ROOT / ".venv/bin/jupyter-book"), "build", ".", "--warningiserror", "--keep-going"])
    if lite_is_stale():
        if not (ROOT / "node_modules" / "pyodide" / "package.json").is_file():
            _run(["npm", "ci", "--no-audit", "--no-fund", "--ignore-scripts"])
        _run([sys.executable, str(ROOT / "lite" / "build.py")])
    return SITE

"""The one list of what a reader's browser receives of ``widgets`` (widgets/browser.py), which the packager of both the
page's runtime (book/lex_book/live/live_runtime.py) and the lab's wheel (lite/build.py) applies: the answers are
withheld, and nothing that is sent needs them (tests/lite/test_packager.py: both are made by the one packager)."""

from __future__ import annotations

import ast
import fnmatch
from pathlib import Path

from widgets import browser, exercises

ROOT = Path(__file__).resolve().parents[2]


def modules() -> dict[str, Path]:
    return {p.relative_to(ROOT).as_posix(): p for p in sorted((ROOT / "widgets").rglob("*.py"))}


def imports(path: Path) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            found |= {node.module, *(f"{node.module}.{a.name}" for a in node.names)}
    return found


def test_the_answers_and_worked_solutions_are_withheld_from_both():
    assert Path(exercises.__file__).resolve().relative_to(ROOT).as_posix() in browser.WITHHELD
    assert hasattr(exercises, "solution_markdown")  # what the withheld module holds: the worked solutions
    for page_runtime in (True, False):
        assert not browser.sent("widgets/exercises.py", page_runtime)
        assert browser.sent("widgets/exercise_check.py", page_runtime)  # the check, by salted digests, is sent


def test_every_entry_of_the_lists_names_a_file():
    files = [p.relative_to(ROOT).as_posix() for p in sorted((ROOT / "widgets").rglob("*")) if p.is_file()]
    for entry in (*browser.WITHHELD, *browser.PAGE_RUNTIME_UNNEEDED):
        assert fnmatch.filter(files, entry), entry
    assert set(browser.WITHHELD) <= set(files)  # names, never patterns: the one list is read as it is written


def test_nothing_sent_to_a_browser_imports_what_is_withheld():
    withheld = {name.removesuffix(".py").replace("/", ".") for name in browser.WITHHELD}
    for name, path in modules().items():
        if browser.sent(name, page_runtime=False):
            assert not imports(path) & withheld, f"{name} imports {imports(path) & withheld}, which is withheld"

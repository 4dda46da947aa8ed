"""The house's import direction (ARCHITECTURE.md): data flows one way, sources → corpus → rules → views → book, and no
module imports upward. Read from the source (every import statement, at any depth, of every module of the three
packages), so that an import inside a function counts as much as one at the top."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = {"corpus": ROOT / "corpus", "widgets": ROOT / "widgets", "lex_book": ROOT / "book" / "lex_book"}

FORBIDDEN = {
    "corpus": {"widgets", "lex_book", "ipywidgets", "sphinx", "docutils"},
    "widgets": {"lex_book", "sphinx", "docutils"},
    "widgets.rules": {"lex_book", "ipywidgets", "matplotlib", "widgets.views", "widgets.exercises", "sphinx"},
}
"""What each package (or sub-package) must not import: the packages downstream of it."""


def module_name(path: Path) -> str:
    for package, folder in PACKAGES.items():
        if path.is_relative_to(folder):
            parts = path.relative_to(folder).with_suffix("").parts
            return ".".join([package, *parts]).removesuffix(".__init__")
    raise ValueError(path)


def imported(path: Path) -> set[str]:
    """Every module ``path`` imports (relative imports resolved), at any depth of its code."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[: len(anchor) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            found |= {base, *(f"{base}.{alias.name}" for alias in node.names)}
    return found


def modules() -> list[Path]:
    return sorted(p for folder in PACKAGES.values() for p in folder.rglob("*.py") if "__pycache__" not in p.parts)


def upward(path: Path) -> list[str]:
    name = module_name(path)
    rules = [banned for owner, banned in FORBIDDEN.items() if name == owner or name.startswith(owner + ".")]
    return sorted(
        target
        for target in imported(path)
        for banned in set().union(*rules)
        if target == banned or target.startswith(banned + ".")
    )


@pytest.mark.parametrize("path", modules(), ids=lambda p: p.relative_to(ROOT).as_posix())
def test_no_module_imports_upward(path: Path) -> None:
    assert upward(path) == [], f"{path.relative_to(ROOT)} imports downstream: {upward(path)}"


def test_the_check_sees_an_upward_import_inside_a_function(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The rule bites: a corpus module that imports the book's package inside a function is caught."""
    folder = tmp_path / "corpus"
    folder.mkdir()
    (folder / "probe.py").write_text("def f():\n    from lex_book.reader import akn_render\n    from . import cite\n")
    monkeypatch.setitem(PACKAGES, "corpus", folder)
    assert upward(folder / "probe.py") == ["lex_book.reader", "lex_book.reader.akn_render"]


def test_no_package_module_edits_sys_path_or_loads_a_module_by_its_file() -> None:
    for path in modules():
        text = path.read_text(encoding="utf-8")
        assert "sys.path" not in text and "spec_from_file_location" not in text, path.relative_to(ROOT)

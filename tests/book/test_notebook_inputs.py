"""The chapters' outputs follow the code they run (book/lex_book/speed/notebook_inputs.py, ``lex_notebook_inputs`` in
_config.yml): the execution cache is dropped and the executed pages read again when a file the notebooks import
changes its bytes, and kept, with no page read, when nothing changed or a file was rewritten with the same bytes.

The end-to-end test builds a one-chapter book in this process (as ``jupyter-book build`` does) whose notebook imports
a module of its own, and really executes it; the others check the project's own globs on a temporary copy of
``widgets/`` and against what the chapters import.
"""

from __future__ import annotations

import ast
import re
import shutil
from pathlib import Path
from types import SimpleNamespace

import yaml
from small_book import build as build_book

import corpus
from lex_book import state as build_state
from lex_book.speed import notebook_inputs

ROOT = Path(__file__).resolve().parents[2]


class FakeApp:
    """An application with only what a handler reads (an object of its own, so that the build state is keyed by
    it as by Sphinx's application)."""

    def __init__(self, **attributes: object) -> None:
        self.__dict__.update(attributes)


PATTERNS = yaml.safe_load((ROOT / "_config.yml").read_text(encoding="utf-8"))["sphinx"]["config"]["lex_notebook_inputs"]

CHAPTER = """---
jupytext:
  text_representation:
    format_name: myst
kernelspec:
  name: python3
  display_name: Python 3
---
# Wages on wreck

```{code-cell} ipython3
from wreck_rule import minimum_months

print(f"wages for at least {minimum_months()} month(s)")
```
"""
RULE = '"""s. 161(1)(a)(i): wages "for a period of one month, whichever be longer"."""\n\n\ndef minimum_months():\n'


def make_book(tmp_path: Path) -> Path:
    book = tmp_path / "book"
    book.mkdir()
    config = {
        "title": "Notebook inputs",
        "execute": {"execute_notebooks": "cache", "timeout": 120},
        "sphinx": {
            "extra_extensions": ["lex_book.speed.extension"],
            "config": {"lex_notebook_inputs": ["wreck_rule.py"]},
        },
    }
    (book / "_config.yml").write_text(yaml.safe_dump(config), encoding="utf-8")
    (book / "_toc.yml").write_text("format: jb-book\nroot: wages\n", encoding="utf-8")
    (book / "wages.md").write_text(CHAPTER, encoding="utf-8")
    (book / "wreck_rule.py").write_text(RULE + "    return 1\n", encoding="utf-8")
    return book


def build(book: Path) -> str:
    """Build ``book``; return the chapter's HTML."""
    result, out = build_book(book)
    assert result == 0, result
    return (out / "wages.html").read_text(encoding="utf-8")


def state(book: Path) -> dict[str, object]:
    """When the chapter was last read, and what the execution cache holds (its executed notebooks, the digest)."""
    cache = book / "_build" / ".jupyter_cache"
    return {
        "doctree": (book / "_build" / ".doctrees" / "wages.doctree").stat().st_mtime_ns,
        "executed": {p.name: p.stat().st_mtime_ns for p in (cache / "executed").iterdir()},
        "digest": (cache / notebook_inputs.STAMP).read_text(encoding="utf-8"),
    }


def test_the_cache_is_dropped_when_an_imported_module_changes_and_kept_otherwise(tmp_path):
    book = make_book(tmp_path)
    assert "wages for at least 1 month(s)" in build(book)
    first = state(book)
    assert len(first["executed"]) == 1

    assert "wages for at least 1 month(s)" in build(book)
    assert state(book) == first  # nothing read again, the cache as it was
    rule = book / "wreck_rule.py"
    rule.write_bytes(rule.read_bytes())  # a newer file with the same bytes
    assert "wages for at least 1 month(s)" in build(book)
    assert state(book) == first

    rule.write_text(RULE + "    return 2\n", encoding="utf-8")  # the code changes, the chapter does not
    assert "wages for at least 2 month(s)" in build(book)
    after = state(book)
    assert after["doctree"] > first["doctree"]
    # executed again: the same code cells, so the same key, but a new record in place of the old one
    assert after["executed"].keys() == first["executed"].keys()
    assert all(after["executed"][key] > first["executed"][key] for key in first["executed"])
    assert after["digest"] != first["digest"]


def test_a_build_that_stops_stores_no_digest(tmp_path):
    cache = tmp_path / ".jupyter_cache"
    app = FakeApp(env=SimpleNamespace(mystnb_config=SimpleNamespace(execution_cache_path=cache)))
    build_state.of(app).notebook_inputs = "abc"
    notebook_inputs.store_digest(app, RuntimeError("a page failed to build"))
    assert notebook_inputs.stored_digest(cache) is None
    notebook_inputs.store_digest(app, None)
    assert notebook_inputs.stored_digest(cache) == "abc"


def test_the_project_s_globs_see_a_change_to_a_widgets_source_and_nothing_else(tmp_path):
    shutil.copytree(ROOT / "widgets", tmp_path / "widgets", ignore=shutil.ignore_patterns("__pycache__"))
    before = notebook_inputs.digest(tmp_path, PATTERNS)
    rule = tmp_path / "widgets" / "rules" / "wages_on_wreck.py"
    assert rule in notebook_inputs.input_files(tmp_path, PATTERNS)
    rule.write_bytes(rule.read_bytes())
    assert notebook_inputs.digest(tmp_path, PATTERNS) == before
    (tmp_path / "widgets" / "rules" / "__pycache__").mkdir()
    (tmp_path / "widgets" / "rules" / "__pycache__" / "wages_on_wreck.cpython-312.pyc").write_bytes(b"\0")
    assert notebook_inputs.digest(tmp_path, PATTERNS) == before
    rule.write_text(rule.read_text(encoding="utf-8").replace("whichever be longer", "whichever is longer"))
    assert notebook_inputs.digest(tmp_path, PATTERNS) != before
    examples = tmp_path / "widgets" / "views" / "examples.yaml"
    changed = notebook_inputs.digest(tmp_path, PATTERNS)
    examples.write_text(examples.read_text(encoding="utf-8") + "\n# another example\n")
    assert notebook_inputs.digest(tmp_path, PATTERNS) != changed


def project_module(name: str) -> list[Path]:
    """The files of the repository that ``import name`` runs: each package's ``__init__.py`` and the module."""
    parts, files = name.split("."), []
    for depth in range(1, len(parts) + 1):
        stem = ROOT.joinpath(*parts[:depth])
        files += [p for p in (stem / "__init__.py", stem.with_suffix(".py")) if p.is_file()]
    return files


def imported_names(tree: ast.AST, package: str) -> set[str]:
    """Every module an import of ``tree`` names (lazy imports too); relative ones are resolved in ``package``."""
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join([*package.split(".")[: len(package.split(".")) - node.level + 1], base]).strip(".")
            names |= {base} | {f"{base}.{alias.name}" for alias in node.names}
    return names


def test_every_project_module_the_chapters_import_is_an_input():
    code = "\n".join(
        cell
        for chapter in sorted((ROOT / "book" / "chapters").glob("*.md"))
        for cell in re.findall(
            r"^```\{code-cell\}[^\n]*\n(?:---\n.*?^---\n)?(.*?)^```", chapter.read_text(encoding="utf-8"), re.M | re.S
        )
    )  # a cell's source, without its YAML options block
    code = "\n".join(line for line in code.splitlines() if not line.startswith((":", "%")))  # cell options, magics
    pending, seen = [(ast.parse(code), "")], set()
    while pending:
        tree, package = pending.pop()
        for name in imported_names(tree, package):
            for path in project_module(name):
                if path not in seen:
                    seen.add(path)
                    module = ".".join(path.relative_to(ROOT).with_suffix("").parts)
                    init = path.name == "__init__.py"
                    package_of = module.removesuffix(".__init__") if init else module.rpartition(".")[0]
                    pending.append((ast.parse(path.read_text(encoding="utf-8")), package_of))
    inputs = set(notebook_inputs.input_files(ROOT, PATTERNS))
    assert {p.relative_to(ROOT).as_posix() for p in seen} >= {"widgets/views/__init__.py", "corpus/cite.py"}
    assert sorted(p.relative_to(ROOT).as_posix() for p in seen - inputs) == []
    assert ROOT / "corpus" / "page_map.py" in inputs  # widgets/views/reader_links.py imports it
    assert {d.akn_path for d in corpus.documents()} <= inputs  # the text the calculators quote

"""The lite lab's copies of the topic chapters: ``book/chapters/*.md`` (MyST notebooks) as ``.ipynb`` for the browser.

Each copy is the chapter read by jupytext, with two changes, both visible in the notebook:

- after the chapter's first code cell (its imports), a cell that takes ``calculator`` and ``outcome`` from
  ``lex_maritima_live``: the same views, given the provision text and reader links exported at build time;
- each exercise (``{exercise}`` holding ``{exercise-check} <id>``) becomes Markdown the lab shows as it is: its
  question, the book's facts and the ``check(...)`` call to try; the ``{solution}`` blocks are left out, and the lab's
  ``check`` is ``lex_maritima_live``'s (the exported digests: the lab has no ``widgets.exercises``);
- statements that need a module the browser cannot load (``browser_unavailable.yaml``: pandas, matplotlib, myst-nb…)
  are left out: in a setup cell only those statements go (the cell keeps its other imports); any other cell that needs
  one becomes a note pointing to the book's page, where its output was computed at build time.

``for_jupyterlab`` makes the copies a real Jupyter server opens (``make notebooks`` → ``_build/notebooks/``, the
README's "The notebooks in JupyterLab"): the same exercises as text and no solution blocks, with ``check`` from
``widgets.exercises`` (a clone of the project has it), and every cell as the chapter has it.

    python lite/notebooks.py --jupyterlab OUT_DIR book/chapters/*.md
"""

from __future__ import annotations

import ast
import re
from pathlib import Path
from typing import Any

import jupytext
import nbformat
import yaml

UNAVAILABLE_FILE = Path(__file__).with_name("browser_unavailable.yaml")
LITE_CELL = """\
# In the browser the calculators show the provision text and reader links exported when the book was built: the
# corpus reads its XML with lxml, which this Python (Pyodide, offline) cannot load. These replace the names above.
# An exercise's answer is checked with check("<exercise id>", your_answer), against digests exported at build time.
from lex_maritima_live import calculator, check, outcome"""
NOTE = (
    "*This cell needs {modules}, which the browser's Python cannot load offline; its output is on the book's page."
    "*\n\n```python\n{source}\n```"
)


EXERCISE = re.compile(r"````\{exercise\}\n:label: ex-(\S+)\n\n```\{exercise-check\} \1\n```\n````")
SOLUTION = re.compile(r"````\{solution\} ex-\S+\n.*?\n````\n*", re.S)


def exercise_text(exercise_id: str) -> str:
    """An exercise as the lab shows it: its question, the book's facts, and how to check an answer."""
    from widgets import exercises  # the build's Python has it; the lab's has not

    return (
        f"**Exercise `{exercise_id}`.** {exercises.question_markdown(exercise_id)}\n\n"
        f"{exercises.facts_markdown(exercise_id)}\n\n"
        f"Check your answer ({exercises.answer_spec(exercise_id)['prompt']}) in a code cell: "
        f'`check("{exercise_id}", your_answer)`.'
    )


def exercises_as_text(source: str) -> str:
    """A Markdown cell's exercise blocks as text and its solution blocks left out (see the module docstring)."""
    source = SOLUTION.sub("", source)
    return EXERCISE.sub(lambda match: exercise_text(match.group(1)), source).rstrip("\n")


def _unavailable() -> tuple[set[str], dict[str, str]]:
    data = yaml.safe_load(UNAVAILABLE_FILE.read_text(encoding="utf-8"))
    return set(data["modules"]), dict(data["names"])


def _needs(statement: ast.stmt, modules: set[str], names: dict[str, str], bound: dict[str, str]) -> set[str]:
    """The unavailable modules ``statement`` imports or uses (through ``bound`` names or the project's ``names``)."""
    found: set[str] = set()
    for node in ast.walk(statement):
        if isinstance(node, ast.Import):
            found |= {alias.name.split(".")[0] for alias in node.names} & modules
        elif isinstance(node, ast.ImportFrom) and node.module:
            top = node.module.split(".")[0]
            if top in modules:
                found.add(top)
            found |= {names[alias.name] for alias in node.names if alias.name in names}
        elif isinstance(node, ast.Name) and node.id in bound:
            found.add(bound[node.id])
        elif isinstance(node, ast.Name) and node.id in names:
            found.add(names[node.id])
    return found


def _bound_names(statement: ast.stmt, modules: set[str]) -> dict[str, str]:
    """Names an import statement binds to an unavailable module (``import pandas as pd`` → ``{"pd": "pandas"}``)."""
    bound: dict[str, str] = {}
    if isinstance(statement, ast.Import):
        for alias in statement.names:
            top = alias.name.split(".")[0]
            if top in modules:
                bound[alias.asname or top] = top
    elif isinstance(statement, ast.ImportFrom) and statement.module and statement.module.split(".")[0] in modules:
        for alias in statement.names:
            bound[alias.asname or alias.name] = statement.module.split(".")[0]
    return bound


def for_browser(notebook: Any) -> Any:
    """``notebook`` with the lite cell added and what the browser cannot run left out (see the module docstring)."""
    modules, names = _unavailable()
    bound: dict[str, str] = {}
    cells: list[Any] = []
    for cell in _exercises_as_text(_after_imports(notebook, LITE_CELL)).cells:
        if cell.cell_type != "code":
            cells.append(cell)
            continue
        try:
            tree = ast.parse(cell.source)
        except SyntaxError:  # IPython magics: left as they are
            cells.append(cell)
            continue
        lines = cell.source.splitlines()
        dropped: set[int] = set()
        needed: set[str] = set()
        for statement in tree.body:
            bound |= _bound_names(statement, modules)
            uses = _needs(statement, modules, names, bound)
            if uses:
                needed |= uses
                dropped |= set(range(statement.lineno - 1, statement.end_lineno or statement.lineno))
        if not needed:
            cells.append(cell)
        elif "remove-cell" in cell.metadata.get("tags", []):
            cell.source = "\n".join(line for i, line in enumerate(lines) if i not in dropped).strip("\n")
            cells.append(cell)
        else:
            text = NOTE.format(modules=", ".join(sorted(needed)), source=cell.source)
            cells.append(nbformat.v4.new_markdown_cell(text))
    notebook.cells = cells
    return notebook


JUPYTERLAB_CELL = """\
# Check an exercise's answer with check("<exercise id>", your_answer), against the book's facts.
from widgets.exercises import check"""


def for_jupyterlab(notebook: Any) -> Any:
    """``notebook`` as a Jupyter server shows it: exercises as text, no solution blocks, ``check`` imported."""
    return _exercises_as_text(_after_imports(notebook, JUPYTERLAB_CELL))


def _after_imports(notebook: Any, source: str) -> Any:
    """``notebook`` with a code cell of ``source`` after its first code cell (the chapter's imports)."""
    first_code = next((i for i, cell in enumerate(notebook.cells) if cell.cell_type == "code"), None)
    if first_code is None:
        raise ValueError("a chapter with no code cell has no imports to follow (nor a calculator)")
    notebook.cells.insert(first_code + 1, nbformat.v4.new_code_cell(source))
    return notebook


def _exercises_as_text(notebook: Any) -> Any:
    for cell in notebook.cells:
        if cell.cell_type == "markdown":
            cell.source = exercises_as_text(cell.source)
    return notebook


def _write(notebook: Any, out_dir: Path, stem: str) -> Path:
    notebook.metadata.pop("jupytext", None)
    out_dir.mkdir(parents=True, exist_ok=True)
    target = out_dir / f"{stem}.ipynb"
    nbformat.write(notebook, target)
    return target


def convert_for_jupyterlab(chapter: Path, out_dir: Path) -> Path:
    """Write ``chapter`` as ``out_dir/<stem>.ipynb`` for a Jupyter server (``for_jupyterlab``)."""
    return _write(for_jupyterlab(jupytext.read(chapter)), out_dir, chapter.stem)


def convert(chapter: Path, out_dir: Path) -> Path:
    """Write the lite copy of ``chapter`` (a MyST ``.md`` notebook) as ``out_dir/<stem>.ipynb``."""
    notebook = for_browser(jupytext.read(chapter))
    notebook.metadata["kernelspec"] = {"name": "python", "display_name": "Python (Pyodide)", "language": "python"}
    return _write(notebook, out_dir, chapter.stem)


if __name__ == "__main__":
    import argparse

    parser = argparse.ArgumentParser(description="The chapters as notebooks for a Jupyter server.")
    parser.add_argument("--jupyterlab", type=Path, required=True, metavar="OUT_DIR")
    parser.add_argument("chapters", type=Path, nargs="+")
    args = parser.parse_args()
    for path in args.chapters:
        print(convert_for_jupyterlab(path, args.jupyterlab))

"""The lite site as ``lite/build.py`` writes it: self-contained (every URL of its lock and config inside the site, no
absolute path of the build machine, so it works wherever it is placed), pure-Python wheels only, and each topic
chapter as a notebook for the lab, robust to the tags the chapters' cells carry."""

from __future__ import annotations

import ast
import json
import re
import sys
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import notebooks
import yaml

ROOT = Path(__file__).resolve().parents[2]
CHAPTERS = sorted((ROOT / "book" / "chapters").glob("*.md"))
SCHEME = re.compile(r"\b[a-z][a-z0-9+.-]*://", re.IGNORECASE)
CALCULATOR = re.compile(r"""calculator\(\s*["']([a-z0-9-]+/[a-z0-9-]+)["']""")
TEXT_SUFFIXES = (".json", ".js", ".html", ".ipynb", ".css", ".webmanifest")
COMPILED = (".so", ".pyd", ".dylib", ".dll")


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield key
            yield from _strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)


def test_the_lock_and_the_config_point_only_inside_the_site(lite_site: Path) -> None:
    lock_path = lite_site / "static" / "pyodide-lock" / "pyodide-lock.json"
    lock = json.loads(lock_path.read_text(encoding="utf-8"))
    assert {"ipywidgets", "lex-maritima", "lex-maritima-live", "pyyaml", "babel"} <= set(lock["packages"])
    for name, package in lock["packages"].items():
        assert not SCHEME.search(package["file_name"]), name
        assert (lite_site / "static" / "pyodide" / package["file_name"]).resolve().is_file(), name
    configs = sorted(lite_site.rglob("jupyter-lite.json"))
    assert lite_site / "jupyter-lite.json" in configs
    for config in configs:
        data = json.loads(config.read_text(encoding="utf-8"))
        assert [s for s in _strings(data) if SCHEME.search(s)] == [], config
    kernel = json.loads((lite_site / "jupyter-lite.json").read_text(encoding="utf-8"))["jupyter-config-data"][
        "litePluginSettings"
    ]["@jupyterlite/pyodide-kernel-extension:kernel"]
    assert kernel["disablePyPIFallback"] is True
    assert kernel["pyodideUrl"] == "./static/pyodide/pyodide.mjs"
    assert (lite_site / "static" / "pyodide" / "pyodide.asm.wasm").is_file()


def test_the_site_names_no_path_of_the_machine_that_built_it(lite_site: Path) -> None:
    """What makes one build work under any edition's site (``_build/html/lite``, ``_build/instructor/...``)."""
    machine_paths = [str(ROOT), str(lite_site.parents[1])]
    found = []
    for path in lite_site.rglob("*"):
        if path.is_file() and path.name.endswith(TEXT_SUFFIXES):
            text = path.read_text(encoding="utf-8", errors="replace")
            found += [f"{path.relative_to(lite_site)}: {p}" for p in machine_paths if p in text]
    assert found == []


def test_every_wheel_the_lab_installs_is_pure_python(lite_site: Path) -> None:
    wheels = sorted((lite_site / "static" / "pyodide-lock").glob("*.whl"))
    assert len(wheels) >= 10
    for wheel in wheels:
        assert wheel.name.endswith("-none-any.whl") and "py3" in wheel.name.split("-")[-3], wheel.name
        with zipfile.ZipFile(wheel) as archive:
            assert [n for n in archive.namelist() if n.endswith(COMPILED)] == [], wheel.name
    (pyyaml,) = [w for w in wheels if w.name.startswith("PyYAML-")]
    with zipfile.ZipFile(pyyaml) as archive:
        names = set(archive.namelist())
        assert {"yaml/__init__.py", "yaml/constructor.py", "yaml/cyaml.py"} <= names
        assert "from .cyaml import *" in archive.read("yaml/__init__.py").decode()  # the fallback that makes it work
    (babel,) = [w for w in wheels if w.name.startswith("babel-")]
    with zipfile.ZipFile(babel) as archive:
        locales = {n.removeprefix("babel/locale-data/") for n in archive.namelist() if n.endswith(".dat")}
    assert {"root.dat", "en.dat", "en_IN.dat", "en_PK.dat"} <= locales
    assert "fr.dat" not in locales and "ur_PK.dat" not in locales


def _code(notebook: dict[str, Any]) -> list[str]:
    return ["".join(c["source"]) for c in notebook["cells"] if c["cell_type"] == "code"]


def test_every_chapter_is_a_notebook_with_its_calculators_and_nothing_the_browser_cannot_import(
    lite_site: Path,
) -> None:
    unavailable = set(yaml.safe_load(notebooks.UNAVAILABLE_FILE.read_text(encoding="utf-8"))["modules"])
    assert CHAPTERS
    for chapter in CHAPTERS:
        path = lite_site / "files" / "chapters" / f"{chapter.stem}.ipynb"
        notebook = json.loads(path.read_text(encoding="utf-8"))
        code = _code(notebook)
        assert code[1] == notebooks.LITE_CELL  # right after the chapter's imports, which it overrides
        assert notebook["metadata"]["kernelspec"]["name"] == "python"
        assert sorted(CALCULATOR.findall("\n".join(code))) == sorted(CALCULATOR.findall(chapter.read_text("utf-8")))
        for source in code:
            for node in ast.walk(ast.parse(source)):
                if isinstance(node, ast.Import):
                    assert {a.name.split(".")[0] for a in node.names}.isdisjoint(unavailable), (chapter.name, source)
                elif isinstance(node, ast.ImportFrom) and node.module:
                    assert node.module.split(".")[0] not in unavailable, (chapter.name, source)
    assert any(CALCULATOR.search(chapter.read_text("utf-8")) for chapter in CHAPTERS)


def test_tagged_what_if_cells_stay_code_cells_with_their_tags(tmp_path: Path) -> None:
    """The chapters' what-if cells (``tags: [what-if]``): the lite copy keeps them, tags and code."""
    for chapter in CHAPTERS:
        tagged = chapter.read_text(encoding="utf-8").count(":tags: [what-if]")
        notebook = json.loads(notebooks.convert(chapter, tmp_path).read_text(encoding="utf-8"))
        cells = [c for c in notebook["cells"] if "what-if" in c["metadata"].get("tags", [])]
        assert len(cells) == tagged >= 2, chapter.name
        assert all(c["cell_type"] == "code" for c in cells)


def test_the_lab_shows_each_exercise_as_text_and_has_no_solution_to_call(lite_site: Path) -> None:
    """The lab's chapters: each exercise's question and the book's facts as Markdown (no MyST directive), no
    solution block; its copy of the project has no ``widgets.exercises`` (the answers and worked solutions)."""
    from widgets import exercises

    for chapter in CHAPTERS:
        notebook = json.loads((lite_site / "files" / "chapters" / f"{chapter.stem}.ipynb").read_text("utf-8"))
        text = "\n".join("".join(c["source"]) for c in notebook["cells"] if c["cell_type"] == "markdown")
        code = "\n".join(_code(notebook))
        assert "{exercise" not in text and "{solution" not in text and "{glue" not in text, chapter.name
        assert "widgets.exercises" not in code and "solution_markdown" not in code, chapter.name
        for exercise_id in exercises.exercise_ids(chapter.stem):
            assert exercises.question_markdown(exercise_id) in text
            assert exercises.facts_markdown(exercise_id) in text
            assert f'check("{exercise_id}", your_answer)' in text
    wheel = next(lite_site.rglob("lex_maritima-*.whl"))
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
    assert "widgets/exercise_check.py" in names and "widgets/rules/wages_on_wreck.py" in names
    assert "widgets/exercises.py" not in names


def test_the_labs_check_is_the_pages_against_the_exported_digests(lite_site: Path, tmp_path: Path) -> None:
    """``lex_maritima_live.check`` (the lab's) accepts the rule's answer and refuses a wrong one, for a variant too,
    from ``exercise_checks.json``, which holds digests and no answer."""
    from widgets import exercises

    wheel = next(p for p in lite_site.rglob("lex_maritima_live-*.whl"))
    with zipfile.ZipFile(wheel) as archive:
        archive.extractall(tmp_path)
    checks = (tmp_path / "lex_maritima_live" / "exercise_checks.json").read_text(encoding="utf-8")
    assert "Answer" not in checks and "solution" not in checks
    sys.path.insert(0, str(tmp_path))
    try:
        import lex_maritima_live

        for exercise_id in ("wreck-floor-pk", "desertion-deemed-in", "loadline-dock-in"):
            for variant in (0, 9):
                want = exercises.expected(exercise_id, variant)
                assert lex_maritima_live.check(exercise_id, want, variant=variant).status == "correct"
                wrong = (not want) if isinstance(want, bool) else float(want) + 100
                assert lex_maritima_live.check(exercise_id, wrong, variant=variant).status == "incorrect"
        assert lex_maritima_live.check("no-such", 1).status == "unknown-exercise"
    finally:
        sys.path.remove(str(tmp_path))
        sys.modules.pop("lex_maritima_live", None)


def test_the_jupyterlab_notebooks_show_each_exercise_as_text_and_check_it(tmp_path: Path) -> None:
    """``make notebooks``: a chapter for a Jupyter server shows its exercises' questions and facts, no directive, no
    solution block; its ``check`` accepts the rule's answer for the book's facts."""
    from widgets import exercises

    for chapter in CHAPTERS:
        ids = re.findall(r"\{exercise-check\} (\S+)", chapter.read_text(encoding="utf-8"))
        notebook = json.loads(notebooks.convert_for_jupyterlab(chapter, tmp_path).read_text(encoding="utf-8"))
        text = "\n".join("".join(c["source"]) for c in notebook["cells"] if c["cell_type"] == "markdown")
        assert ids and "{exercise-check}" not in text and "{solution}" not in text, chapter.name
        for exercise_id in ids:
            assert f"**Exercise `{exercise_id}`.**" in text
            assert exercises.facts_markdown(exercise_id) in text
        code = "\n".join("".join(c["source"]) for c in notebook["cells"] if c["cell_type"] == "code")
        assert "from widgets.exercises import check" in code

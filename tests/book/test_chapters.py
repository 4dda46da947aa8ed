"""The topic chapters (book/chapters/*.md): in the toc, MyST notebooks, exercises with computed solutions, the law
quoted through the {provision} directive and never pasted: no run of 12 words of a cited provision's corpus text
appears in a chapter outside its directives."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

import corpus
from widgets.exercises import exercise_ids

ROOT = Path(__file__).resolve().parents[2]
CHAPTERS = sorted((ROOT / "book" / "chapters").glob("*.md"))
RUN = 12
DIRECTIVE = re.compile(r"^(`{3,})\{provision\}\s+(\S+)\s+(.+?)\s*$(.*?)^\1\s*$", re.M | re.S)
EXERCISE = re.compile(r"^`{3,}\{exercise\}\s*\n:label:\s*(\S+)", re.M)
SOLUTION = re.compile(r"^`{3,}\{solution\}\s+(\S+)", re.M)
CHECKED = re.compile(r"^`{3,}\{exercise-check\}\s+(\S+)\s*$", re.M)
WORKED = re.compile(r"^`{3,}\{exercise-solution\}\s+(\S+)\s*$", re.M)
CODE_CELL = re.compile(r"^```\{code-cell\}[^\n]*\n(.*?)^```\s*$", re.M | re.S)


def toc_files() -> set[str]:
    toc = yaml.safe_load((ROOT / "_toc.yml").read_text(encoding="utf-8"))
    found: set[str] = set()

    def walk(node: object) -> None:
        if isinstance(node, dict):
            if "file" in node:
                found.add(node["file"])
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(toc)
    return found


def words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9]+", text.lower())


def runs(tokens: list[str]) -> set[tuple[str, ...]]:
    return {tuple(tokens[i : i + RUN]) for i in range(len(tokens) - RUN + 1)}


def test_there_are_five_chapters() -> None:
    assert {p.stem for p in CHAPTERS} == {"wages-on-wreck", "desertion", "pilgrims", "load-lines", "comparative"}


@pytest.mark.parametrize("path", CHAPTERS, ids=lambda p: p.stem)
def test_chapter_is_in_the_toc_and_a_myst_notebook(path: Path) -> None:
    assert f"book/chapters/{path.stem}" in toc_files()
    source = path.read_text(encoding="utf-8")
    header = yaml.safe_load(source.split("---", 2)[1])
    assert header["jupytext"]["text_representation"]["format_name"] == "myst"
    assert header["kernelspec"]["name"] == "python3"


@pytest.mark.parametrize("path", CHAPTERS, ids=lambda p: p.stem)
def test_chapter_has_three_exercises_with_computed_solutions(path: Path) -> None:
    source = path.read_text(encoding="utf-8")
    labels = EXERCISE.findall(source)
    assert len(labels) >= 3
    assert set(SOLUTION.findall(source)) == set(labels), "every exercise has a solution, every solution an exercise"
    # Each exercise is the YAML's, checked in the page ({exercise-check}), and each solution the one the rules compute
    # for the variant shown ({exercise-solution}); every exercise of the chapter in the YAML is in the chapter.
    ids = sorted(label.removeprefix("ex-") for label in labels)
    assert sorted(CHECKED.findall(source)) == ids
    assert sorted(WORKED.findall(source)) == ids
    assert set(ids) == set(exercise_ids(path.stem))
    assert "glue:md" not in source, "the facts and solutions come from the exercise directives, not pasted outputs"


@pytest.mark.parametrize("path", CHAPTERS, ids=lambda p: p.stem)
def test_chapter_quotes_the_law_and_runs_a_calculator(path: Path) -> None:
    source = path.read_text(encoding="utf-8")
    directives = DIRECTIVE.findall(source)
    assert directives, "the chapter quotes no provision"
    for _, doc, citation, body in directives:
        assert corpus.cite(doc, citation).eid
        assert not body.strip(), f"{{provision}} {doc} {citation} has content pasted into it"
    code = "\n".join(CODE_CELL.findall(source))
    assert re.search(r"^calculator\(", code, re.M), "no code cell shows a calculator"


@pytest.mark.parametrize("path", CHAPTERS, ids=lambda p: p.stem)
def test_no_statute_text_is_pasted(path: Path) -> None:
    source = path.read_text(encoding="utf-8")
    cited = set()
    for _, doc, citation, _ in DIRECTIVE.findall(source):
        cited |= runs(words(corpus.cite(doc, citation).text))
    prose = words(DIRECTIVE.sub("", source))
    copied = [" ".join(run) for run in runs(prose) & cited]
    assert not copied, f"{path.name} repeats the statute's words: {copied[:3]}"


def test_the_copy_check_would_catch_a_pasted_sentence() -> None:
    text = corpus.cite("pk-mso-2001", "161(2)").text
    pasted = "As the Ordinance puts it: " + " ".join(text.split()[5:25])
    assert runs(words(pasted)) & runs(words(text))

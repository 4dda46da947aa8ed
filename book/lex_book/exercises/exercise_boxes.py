"""The chapters' exercises, checked in the page: an answer box per exercise, a variant per student, no kernel.

In a chapter, inside sphinx-exercise's ``{exercise}`` and ``{solution}``::

    ```{exercise-check} wreck-floor-pk
    ```
    ```{exercise-solution} wreck-floor-pk
    ```

``{exercise-check}`` writes the exercise's question, the facts of the book's variant and an answer box, with, for each
of the page's variants (``widgets.exercises.VARIANTS``), its facts and the salted digests of its accepted answers
(``widgets.exercises.record``), all computed by the rules now, at build time. The page's script
(``exercises/exercises.js``, 7 KB, no WebAssembly, no worker) picks the variant (``?variant=N`` in the address, else
the one a student id typed once gives, kept in ``localStorage``, else the book's), hashes what the student typed
in the same canonical form (:mod:`widgets.exercise_check`) and says whether it is right, with the exercise's hint.

The page holds no answer: the worked solutions of the variants are in ``_static/exercises/<id>-<digest>.json``.
With ``lex_exercise_solutions: after-right`` (the default) each is sealed with its variant's right answer
(:func:`widgets.exercise_check.seal`): after a right answer the page fetches the file and opens the variant's solution
with the canonical form the student typed (WebCrypto: PBKDF2, HMAC), and a wrong try gets only the hint. With
``after-try`` (an instructor's choice) the file is plain and offered after any try: a student who reads the file's
address off the page reads every variant's solution. ``never`` writes no such file and offers no button.
``{exercise-solution}`` (in the instructor edition only, where sphinx-exercise keeps ``{solution}``) shows the worked
solution of the variant shown.

The contract outside checks rely on: the root ``.lm-exercise`` carries ``data-exercise-id``, ``data-provision-id``,
``data-facts`` (the JSON facts of the variant shown), ``data-answer-key`` (the result key checked) and
``data-variant``; it holds ``input[name=answer]`` and ``button[data-check]``; after a check its ``data-verdict`` is
``correct`` or ``incorrect``.
"""

from __future__ import annotations

import hashlib
import html
import json
import shutil
from functools import cache
from pathlib import Path
from typing import Any

from docutils import nodes
from markdown_it import MarkdownIt
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

from lex_book import atomic_files
from lex_book import state as build_state
from lex_book.speed import build_cache
from widgets import exercise_check, exercises

FRONT_END = Path(__file__).resolve().parent / "static"
SERVED = ("exercises.js", "exercises.css")
STATIC = Path("_static") / "exercises"
WIDGETS = Path(exercises.__file__).resolve().parent
"""The exercises' package: its code and data (exercises.yaml, the rules) make the worked solutions."""
MARKER = "class='lm-exercise'"
STUDENT_NOTE = (
    f"Your student id picks one of {exercises.VARIANTS - 1} sets of facts for each exercise, so a classmate is unlikely"
    " to have yours (the id is kept in this browser only)."
)
_markdown = MarkdownIt("commonmark")


def _e(text: Any) -> str:
    return html.escape(str(text), quote=True)


def markdown_html(text: str) -> str:
    """The exercises' Markdown (questions, facts, solutions) as HTML."""
    return _markdown.render(text).strip()


def _script_json(value: Any) -> str:
    """JSON safe inside ``<script type="application/json">``."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":")).replace("<", "\\u003c")


MODES = ("after-right", "after-try")
"""The values of ``lex_exercise_solutions`` that write the solutions' file (``never`` writes none)."""


@cache
def solution_texts(exercise_id: str) -> tuple[str, ...]:
    """An exercise's worked solutions as HTML, one per page variant (build side only)."""
    count = len(exercises.page_variants(exercise_id))
    return tuple(markdown_html(exercises.solution_markdown(exercise_id, v)) for v in range(count))


@cache
def solutions(exercise_id: str, mode: str = "after-right") -> tuple[str, bytes]:
    """The file name and bytes of an exercise's worked solutions, per page variant: sealed with its right answer
    (``after-right``) or plain (``after-try``)."""
    texts = solution_texts(exercise_id)
    if mode == "after-right":
        sealed = [exercises.sealed_solution(exercise_id, v, text) for v, text in enumerate(texts)]
        content: dict[str, Any] = {"exercise": exercise_id, "iterations": exercise_check.KDF_ITERATIONS}
        content["sealed"] = sealed
    else:
        content = {"exercise": exercise_id, "solutions": list(texts)}
    data = json.dumps(content, ensure_ascii=False, separators=(",", ":")).encode()
    return f"{exercise_id}-{hashlib.sha256(data).hexdigest()[:12]}.json", data


def page_data(exercise_id: str, mode: str, solutions_file: str | None) -> dict[str, Any]:
    """What the page's script needs: the answer's form and, per variant, its facts and its digests.
    ``solutions_file``: the name of its solutions' file (:func:`solution_files`), for a ``mode`` of :data:`MODES`."""
    spec = exercises.answer_spec(exercise_id)
    variants = []
    for number, facts in enumerate(exercises.page_variants(exercise_id)):
        rec = exercises.record(exercise_id, number)
        facts_html = markdown_html(exercises.facts_markdown(exercise_id, number))
        variants.append({"facts": facts, "factsHtml": facts_html, "salt": rec["salt"], "digests": rec["digests"]})
    data: dict[str, Any] = {"answer": spec, "variants": variants}
    if spec["kind"] in ("number", "count"):
        data["words"] = exercise_check.WORDS  # the script reads a number as Python does, with the same words
    if mode in MODES:
        data["solutions"] = f"{STATIC.as_posix()}/{solutions_file}"
        data["solutionsAfter"] = "right" if mode == "after-right" else "try"
    return data


def box_html(exercise_id: str, mode: str, solutions_file: str | None) -> str:
    """The exercise as the page shows it (see the module docstring)."""
    spec = exercises.exercise(exercise_id)
    data = page_data(exercise_id, mode, solutions_file)
    first = data["variants"][0]
    answer = data["answer"]
    ident = f"lm-ex-{exercise_id}"
    mode = "decimal" if answer["kind"] in ("number", "count") else "text"
    return (
        f"<section class='lm-exercise' data-exercise-id='{_e(exercise_id)}' data-provision-id='{_e(spec['provision'])}'"
        f" data-facts='{_e(json.dumps(first['facts'], ensure_ascii=False))}' data-answer-key='{_e(spec['asks'])}'"
        f" data-variant='0' aria-label='Exercise {_e(exercise_id)}'>"
        f"<div class='lm-ex-question'>{markdown_html(exercises.question_markdown(exercise_id))}</div>"
        f"<div class='lm-ex-facts' data-facts-list>{first['factsHtml']}</div>"
        f"<p class='lm-ex-variant' data-variant-note>The book's facts. <small>Exercise id: <code>{_e(exercise_id)}"
        "</code></small></p>"
        f"<form class='lm-ex-form' novalidate><label for='{ident}-answer'>Your answer "
        f"<small>({_e(answer['prompt'])})</small></label><div class='lm-ex-row'>"
        f"<input type='text' id='{ident}-answer' name='answer' inputmode='{mode}' autocomplete='off'"
        f" autocapitalize='off' spellcheck='false' aria-describedby='{ident}-verdict'>"
        "<button type='submit' class='lm-ex-check' data-check>Check</button></div></form>"
        f"<p class='lm-ex-verdict' id='{ident}-verdict' role='status' aria-live='polite'></p>"
        "<noscript><p class='lm-ex-verdict'>Checking an answer needs JavaScript (no download, no Python).</p>"
        "</noscript>"
        "<div class='lm-ex-more'>"
        "<button type='button' class='lm-ex-show' data-show-solution hidden>Show the worked solution</button>"
        f"<details class='lm-ex-student'><summary>Facts of your own</summary><p>{_e(STUDENT_NOTE)}</p>"
        f"<label for='{ident}-student'>Student id</label><div class='lm-ex-row'>"
        f"<input type='text' id='{ident}-student' name='student' autocomplete='off' autocapitalize='off'>"
        "<button type='button' data-student-use>Use</button></div>"
        "<button type='button' class='lm-ex-book' data-student-clear>Back to the book's facts</button></details>"
        "</div>"
        "<div class='lm-ex-solution' data-solution hidden></div>"
        f"<script type='application/json' data-exercise-data>{_script_json(data)}</script>"
        "</section>"
    )


def solution_html(exercise_id: str) -> str:
    """The worked solutions (instructor edition): the book's variant shown, every variant's for the script."""
    body = list(solution_texts(exercise_id))
    return (
        f"<div class='lm-ex-solution-text' data-solution-for='{_e(exercise_id)}'>{body[0]}</div>"
        f"<script type='application/json' data-solutions-for='{_e(exercise_id)}'>{_script_json(body)}</script>"
    )


class _ExerciseDirective(SphinxDirective):
    required_arguments = 1
    has_content = False

    def exercise_id(self) -> str:
        exercise_id = self.arguments[0]
        exercises.exercise(exercise_id)  # KeyError naming the known ids
        chapter = Path(self.env.docname).name
        if exercises.exercise(exercise_id)["chapter"] != chapter:
            raise self.error(f"exercise {exercise_id} belongs to {exercises.exercise(exercise_id)['chapter']}")
        root = Path(self.env.srcdir)
        for path in sorted((root / "widgets").rglob("*")):  # the answers follow the rules and the exercises
            if path.suffix in (".py", ".yaml") and "__pycache__" not in path.parts:
                self.env.note_dependency(str(path))
        return exercise_id


class ExerciseCheck(_ExerciseDirective):
    """``{exercise-check} <id>``: the exercise's question, facts and answer box."""

    def run(self) -> list[nodes.Node]:
        exercise_id = self.exercise_id()
        mode = self.config.lex_exercise_solutions
        name = solution_files(self.env.app, mode)[exercise_id][0] if mode in MODES else None
        return [nodes.raw("", box_html(exercise_id, mode, name), format="html")]


class ExerciseSolution(_ExerciseDirective):
    """``{exercise-solution} <id>``: the worked solution of the variant shown (in a ``{solution}``)."""

    def run(self) -> list[nodes.Node]:
        return [nodes.raw("", solution_html(self.exercise_id()), format="html")]


def page_context(app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any) -> None:
    """The exercises' script and styles on a page that has an exercise box, and on no other."""
    if MARKER in context.get("body", ""):
        app.add_js_file("exercises/exercises.js", loading_method="defer")
        app.add_css_file("exercises/exercises.css")


def front_end(app: Sphinx) -> None:
    """The script and styles into ``_static/exercises/`` before any page is written (their links' checksums)."""
    if app.builder.format != "html":
        return
    target = Path(app.outdir) / STATIC
    target.mkdir(parents=True, exist_ok=True)
    for name in SERVED:
        shutil.copyfile(FRONT_END / name, target / name)


def solution_files(app: Sphinx, mode: str) -> dict[str, list[str]]:
    """Every exercise's worked solutions file (:func:`solutions`) for ``mode``: exercise id → its name and text. Their
    names and bytes are kept from the last build while the exercises, the rules and this code stay the same
    (:func:`lex_book.speed.build_cache.cached`): sealing them is some 3 s a build, and half a second of reading a
    chapter again; worked out once a build (:mod:`lex_book.state`), for the boxes that name them and for
    :func:`write_solutions`."""
    files = build_state.of(app).solution_files
    if mode not in files:
        files[mode] = build_cache.cached(
            app,
            f"solutions-{mode}",
            lambda: {e: [name, data.decode()] for e in exercises.exercise_ids() for name, data in [solutions(e, mode)]},
            extra=sorted(
                p for p in WIDGETS.rglob("*") if p.suffix in (".py", ".yaml") and "__pycache__" not in p.parts
            ),
            settings=mode,
        )
    return files[mode]


def write_solutions(app: Sphinx, exception: Exception | None) -> None:
    """Every exercise's worked solutions into ``_static/exercises/`` (unless ``lex_exercise_solutions`` is never)."""
    mode = app.config.lex_exercise_solutions
    if exception is not None or app.builder.format != "html" or mode not in MODES:
        return
    target = Path(app.outdir) / STATIC
    for name, text in solution_files(app, mode).values():
        atomic_files.write_bytes(target / name, text.encode())  # unless it holds those bytes


def register(app: Sphinx) -> None:
    app.add_directive("exercise-check", ExerciseCheck)
    app.add_directive("exercise-solution", ExerciseSolution)
    app.connect("builder-inited", front_end)
    app.connect("html-page-context", page_context)
    app.connect("build-finished", write_solutions)

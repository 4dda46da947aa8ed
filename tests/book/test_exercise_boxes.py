"""The exercises checked in the built page (lex_book/exercises/), in Debian's Chromium (playwright), with no
WebAssembly and no Web Worker in the page: a sample of exercises and variants (``?variant=N``) accepts the rule's
answer as a student types it and refuses a wrong one with the hint; a student id picks the student's own variant and
is remembered; the script's canonical forms, SHA-256 and student variants are Python's (widgets.exercise_check); the
answer box is comfortable on a 390 px phone; and the student edition's page source holds no plain answer.

Every exercise and every variant is checked in Python (tests/widgets/test_exercises.py), against the same digests.
"""

from __future__ import annotations

import hashlib
import html
import json
import re
import zipfile
from pathlib import Path

import pytest
import yaml

from widgets import exercise_check, exercises

pytestmark = [pytest.mark.book, pytest.mark.browser]
CHAPTERS = ["wages-on-wreck", "desertion", "pilgrims", "load-lines", "comparative"]
SAMPLE = {  # one exercise a chapter, of each kind of answer: amounts, yes/no, a measure, a ratio
    "wages-on-wreck": "wreck-s160-pk",
    "desertion": "desertion-deemed-in",
    "pilgrims": "pilgrim-delay-total",
    "load-lines": "loadline-dock-in",
    "comparative": "compare-home-coasting",
}
SAMPLE_VARIANTS = (0, 4, 13, 19)
NO_PYTHON = "delete window.WebAssembly; window.Worker = undefined;"
"""What a browser without WebAssembly and Web Workers lacks: the check must not need either."""
AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
BOX = re.compile(r"<section class='lm-exercise'.*?</section>", re.S)
TYPED = yaml.safe_load((Path(__file__).parents[1] / "widgets" / "typed_answers.yaml").read_text(encoding="utf-8"))
"""The answers as students type them that both readers must read alike (tests/widgets/typed_answers.yaml)."""


def open_page(browser, site_url: str, chapter: str, width: int = 390, query: str = ""):
    context = browser.new_context(viewport={"width": width, "height": 844})
    context.add_init_script(NO_PYTHON)
    page = context.new_page()
    page.goto(f"{site_url}/book/chapters/{chapter}.html{query}")
    page.locator("html[data-lm-exercises=ready]").wait_for(timeout=20_000)
    return context, page


def answer(page, exercise_id: str, typed: str) -> str:
    root = page.locator(f".lm-exercise[data-exercise-id='{exercise_id}']")
    root.locator("input[name=answer]").fill(typed)
    root.locator("button[data-check]").click()
    return root.get_attribute("data-verdict")


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_the_page_checks_a_sample_of_variants_without_python(browser, site_url, chapter):
    exercise_id = SAMPLE[chapter]
    spec = exercises.answer_spec(exercise_id)
    for variant in SAMPLE_VARIANTS:
        context, page = open_page(browser, site_url, chapter, query=f"?variant={variant}")
        try:
            root = page.locator(f".lm-exercise[data-exercise-id='{exercise_id}']")
            assert root.get_attribute("data-variant") == str(variant)
            assert root.get_attribute("data-provision-id") == exercises.exercise(exercise_id)["provision"]
            assert root.get_attribute("data-answer-key") == exercises.exercise(exercise_id)["asks"]
            facts = json.loads(root.get_attribute("data-facts"))
            assert facts == exercises.variant_facts(exercise_id, variant)
            want = exercises.expected_for(exercise_id, facts)  # the rule, on the facts the page shows
            wrong = (
                ("no" if want else "yes") if spec["kind"] == "yes-no" else f"{float(want) + 2 * spec['tolerance']:.4f}"
            )
            assert answer(page, exercise_id, wrong) == "incorrect"
            assert spec["hint"] in root.locator(".lm-ex-verdict").inner_text()
            assert answer(page, exercise_id, "no idea") == "incorrect"
            assert "Could not read" in root.locator(".lm-ex-verdict").inner_text()
            # wrong tries get the hint only: no worked solution is offered
            assert root.locator("button[data-show-solution]").is_hidden()
            assert answer(page, exercise_id, exercises.describe_answer(exercise_id, want)) == "correct"
            assert "Correct" in root.locator(".lm-ex-verdict").inner_text()
            # after the right answer the worked solution of the variant shown opens with it
            root.locator("button[data-show-solution]").click()
            solution = root.locator("[data-solution]")
            solution.wait_for(state="visible", timeout=10_000)
            assert f"Answer: {exercises.describe_answer(exercise_id, want)}" in solution.inner_text()
        finally:
            context.close()


def test_the_scripts_canonical_forms_digests_and_student_variants_are_pythons(browser, site_url):
    context, page = open_page(browser, site_url, "wages-on-wreck")
    try:
        specs = [{"kind": "number", "step": 0.25}, {"kind": "number", "step": 0.0025}, {"kind": "count"},
                 {"kind": "yes-no"}, {"kind": "text"}]  # fmt: skip
        typed = [t for t, _ in TYPED if t] + ["Yes", " deemed  proved ", "NO", "t", "The Limit", "loss-within-limit",
                                              "350", "350.5"]  # fmt: skip
        # the words a number may carry, as the page holds them (written from widgets.exercise_check.WORDS)
        words = page.evaluate("JSON.parse(document.querySelector('script[data-exercise-data]').textContent).words")
        assert words == json.loads(json.dumps(exercise_check.WORDS))
        cases = [(spec, text) for spec in specs for text in typed]
        from_js = page.evaluate(
            "([cases, words]) => cases.map(([s, t]) => window.lmExercises.canonical(s, t, words))", [cases, words]
        )
        for (spec, text), js in zip(cases, from_js, strict=True):
            python = exercise_check.canonical(spec, text) if text else None
            if spec["kind"] == "count" and python is not None and not python.lstrip("-").isdigit():
                assert js is not None and js.startswith("not-whole:"), text  # never a whole number, either side
            else:
                assert js == python, (spec, text)
        strings = ["", "abc", "a3f9:600000", "student:alice:wreck-floor-pk", "₹ and ü", "x" * 200]
        digests = page.evaluate("ss => ss.map(s => window.lmExercises.sha256(s))", strings)
        assert digests == [hashlib.sha256(s.encode()).hexdigest() for s in strings]
        students = ["alice", "Bob", "s-0042"]
        picked = page.evaluate(
            f"ss => ss.map(s => window.lmExercises.studentVariant(s, 'wreck-floor-pk', {exercises.VARIANTS}))",
            students,
        )
        assert picked == [exercises.variant_for_student("wreck-floor-pk", s) for s in students]
    finally:
        context.close()


def test_a_student_id_gives_the_students_own_facts_and_is_remembered(browser, site_url):
    context, page = open_page(browser, site_url, "load-lines")
    try:
        first = exercises.exercise_ids("load-lines")[0]
        root = page.locator(f".lm-exercise[data-exercise-id='{first}']")
        assert root.get_attribute("data-variant") == "0"
        root.locator("details.lm-ex-student summary").click()
        root.locator("input[name=student]").fill("ml301-s042")
        root.locator("[data-student-use]").click()
        for exercise_id in exercises.exercise_ids("load-lines"):
            box = page.locator(f".lm-exercise[data-exercise-id='{exercise_id}']")
            variant = exercises.variant_for_student(exercise_id, "ml301-s042")
            assert box.get_attribute("data-variant") == str(variant)
            assert json.loads(box.get_attribute("data-facts")) == exercises.variant_facts(exercise_id, variant)
        want = exercises.expected(first, exercises.variant_for_student(first, "ml301-s042"))
        assert answer(page, first, exercises.describe_answer(first, want)) == "correct"
        page.reload()
        page.locator("html[data-lm-exercises=ready]").wait_for()
        assert root.get_attribute("data-variant") == str(exercises.variant_for_student(first, "ml301-s042"))
        root.locator("details.lm-ex-student summary").click()
        root.locator("[data-student-clear]").click()
        assert root.get_attribute("data-variant") == "0"
    finally:
        context.close()


def test_the_answer_box_is_comfortable_on_a_390_px_phone(browser, site_url):
    context, page = open_page(browser, site_url, "wages-on-wreck", width=390)
    try:
        root = page.locator(".lm-exercise").first
        root.scroll_into_view_if_needed()
        field = root.locator("input[name=answer]").bounding_box()
        button = root.locator("button[data-check]").bounding_box()
        assert field["height"] >= 44 and button["height"] >= 44 and button["width"] >= 44
        assert field["width"] >= 180, "room to type an amount"
        assert abs(field["y"] - button["y"]) < 2, "the box and its button share a row"
        assert button["x"] + button["width"] <= 390
        assert (
            page.evaluate("getComputedStyle(document.querySelector('.lm-exercise input[name=answer]')).fontSize")
            == "16px"
        )
        overflow = page.evaluate(
            "[...document.querySelectorAll('.lm-exercise')].some(e => e.scrollWidth > e.clientWidth + 1)"
        )
        assert not overflow
    finally:
        context.close()


def _unshown_parts(box: str) -> str:
    """A box's HTML without the facts it shows (of every variant): what remains must not give an answer away."""
    data = json.loads(html.unescape(re.search(r"data-exercise-data>(.*?)</script>", box, re.S).group(1)))
    text = box
    for variant in data["variants"]:
        text = text.replace(variant["factsHtml"], "")
        text = text.replace(json.dumps(variant["factsHtml"], ensure_ascii=False)[1:-1].replace("<", "\\u003c"), "")
    text = re.sub(r"data-facts='[^']*'", "", text)
    text = re.sub(r'"facts":\{[^}]*\}', "", text)
    return text


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_the_student_editions_page_holds_no_plain_answer(built_site: Path, chapter: str):
    source = (built_site / "book" / "chapters" / f"{chapter}.html").read_text(encoding="utf-8")
    boxes = BOX.findall(source)
    assert len(boxes) == len(exercises.exercise_ids(chapter))
    assert "Answer:" not in source and "data-solution-for" not in source
    for box in boxes:
        exercise_id = re.search(r"data-exercise-id='([^']+)'", box).group(1)
        rest = _unshown_parts(box)
        for variant in range(exercises.VARIANTS):
            want = exercises.expected(exercise_id, variant)
            if isinstance(want, bool):
                continue  # a yes/no answer is one of two words the page must say anyway ("yes or no")
            assert exercises.describe_answer(exercise_id, want) not in rest, (exercise_id, variant)
            number = f"{float(want):.2f}".rstrip("0").rstrip(".")
            if len(number.strip("-").replace(".", "")) < 3:
                continue  # "0", "2": too short to tell an answer from any other figure of the page
            assert not re.search(rf"(?<![\w.]){re.escape(number)}(?![\w.])", rest.replace(",", "")), (
                exercise_id, variant, number,
            )  # fmt: skip
    # the worked solutions are a separate file, each variant's sealed with its right answer
    names = re.findall(r"_static/exercises/[\w-]+\.json", source)
    assert len(names) == len(boxes)
    for name in names:
        written = (built_site / name).read_text(encoding="utf-8")
        assert "Answer" not in written and "<p>" not in written and '"solutions"' not in written


def test_the_pages_python_cannot_call_a_solution(built_site: Path):
    """The page's Python (what a what-if cell runs in) has the check and not ``widgets.exercises``."""
    with zipfile.ZipFile(built_site / "_static" / "live" / "lex-live.zip") as bundle:
        names = {name.removesuffix("c") for name in bundle.namelist()}
    assert "widgets/exercise_check.py" in names
    assert "widgets/exercises.py" not in names


@pytest.mark.parametrize("width", [390, 1280])
def test_axe_finds_no_serious_violation_in_a_checked_exercise(browser, site_url, width):
    """The box after a wrong then a right answer, with the student's form open and the worked solution shown."""
    context, page = open_page(browser, site_url, "desertion", width=width)
    try:
        exercise_id = exercises.exercise_ids("desertion")[1]
        root = page.locator(f".lm-exercise[data-exercise-id='{exercise_id}']")
        assert answer(page, exercise_id, "1") == "incorrect"
        assert root.locator("button[data-show-solution]").is_hidden()
        want = exercises.expected(exercise_id, 0)
        assert answer(page, exercise_id, exercises.describe_answer(exercise_id, want)) == "correct"
        root.locator("details.lm-ex-student summary").click()
        root.locator("button[data-show-solution]").click()
        root.locator("[data-solution]").wait_for(state="visible", timeout=10_000)
        page.add_script_tag(path=str(AXE))
        violations = page.evaluate(
            "async () => (await axe.run('.lm-exercise', {resultTypes: ['violations']})).violations"
        )
        serious = [f"{v['id']}: {n['target']}" for v in violations if v["impact"] in ("serious", "critical")
                   for n in v["nodes"]]  # fmt: skip
        assert serious == []
    finally:
        context.close()


def test_amounts_typed_in_lakh_crore_and_k_are_right_and_unknown_words_could_not_read(browser, site_url):
    # the issue: "1.5 lakh" was read as 1.5 and marked wrong with a legal hint
    exercise_id = "wreck-floor-pk"
    context, page = open_page(browser, site_url, "wages-on-wreck")
    try:
        want = exercises.expected(exercise_id)
        assert want >= 1000
        lakh = f"{want / 100000:.6f}".rstrip("0").rstrip(".")
        root = page.locator(f".lm-exercise[data-exercise-id='{exercise_id}']")
        for typed in (f"{lakh} lakh", f"Rs {lakh} lakh", f"{want / 1000:g}k", f"Rs. {want:,.0f}/-",
                      f"₹ {exercises.describe_answer(exercise_id, want).lstrip('Rs').strip()}"):  # fmt: skip
            assert answer(page, exercise_id, typed) == "correct", typed
        assert answer(page, exercise_id, f"{lakh} billion") == "incorrect"
        verdict = root.locator(".lm-ex-verdict").inner_text()
        assert "Could not read" in verdict and "Hint" not in verdict
        assert answer(page, exercise_id, lakh) == "incorrect"  # "1.5" alone is 1.5 rupees: wrong, with the hint
        assert "Hint" in root.locator(".lm-ex-verdict").inner_text()
    finally:
        context.close()


@pytest.mark.parametrize("width", [390, 1280])
def test_progress_is_kept_per_exercise_and_variant_and_can_be_cleared(browser, site_url, width):
    chapter = "wages-on-wreck"
    ids = exercises.exercise_ids(chapter)
    context, page = open_page(browser, site_url, chapter, width=width)
    try:
        summary = page.locator(".lm-ex-progress")
        assert summary.locator("[data-progress-count]").inner_text() == f"0 of {len(ids)} done"
        assert summary.locator("[data-progress-clear]").is_hidden()
        for exercise_id in ids[:2]:
            shown = exercises.describe_answer(exercise_id, exercises.expected(exercise_id))
            assert answer(page, exercise_id, shown) == "correct"
        assert answer(page, ids[2], "no idea") == "incorrect"  # tried, not done
        assert summary.locator("[data-progress-count]").inner_text() == f"2 of {len(ids)} done"
        page.reload()
        page.locator("html[data-lm-exercises=ready]").wait_for()
        assert summary.locator("[data-progress-count]").inner_text() == f"2 of {len(ids)} done"
        for exercise_id in ids:
            root = page.locator(f".lm-exercise[data-exercise-id='{exercise_id}']")
            assert (root.get_attribute("data-done") == "true") == (exercise_id in ids[:2]), exercise_id
        assert "answered these facts correctly before" in page.locator(".lm-ex-verdict").first.inner_text()
        # another variant of the same exercise is not done
        other = context.new_page()
        other.goto(f"{site_url}/book/chapters/{chapter}.html?variant=5")
        other.locator("html[data-lm-exercises=ready]").wait_for()
        assert other.locator("[data-progress-count]").inner_text() == f"0 of {len(ids)} done"
        other.close()
        box = summary.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= width
        summary.locator("[data-progress-clear]").click()
        assert summary.locator("[data-progress-count]").inner_text() == f"0 of {len(ids)} done"
        assert page.evaluate("localStorage.getItem('lm-exercise-progress')") is None
        page.reload()
        page.locator("html[data-lm-exercises=ready]").wait_for()
        assert page.locator(".lm-exercise[data-done=true]").count() == 0
    finally:
        context.close()

"""The two editions: the default build is the student edition (what one publishes, ``make book-build`` into
``_build/html``: exercises without solutions); ``make book-instructor`` builds the instructor edition (solutions
shown) into ``_build/instructor/_build/html``. The instructor edition is built here by that command, once per session,
when it is missing or older than its inputs.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests import sites

INSTRUCTOR_SITE = sites.INSTRUCTOR_SITE
CHAPTERS = ["wages-on-wreck", "desertion", "pilgrims", "load-lines", "comparative"]


@pytest.fixture(scope="session")
def instructor_site() -> Path:
    sites.build_once(INSTRUCTOR_SITE, sites.INSTRUCTOR_COMMANDS)
    return INSTRUCTOR_SITE


def _count(page: Path, kind: str) -> int:
    return len(re.findall(rf'class="{kind} admonition"', page.read_text(encoding="utf-8")))


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_the_default_build_keeps_the_exercises_and_drops_the_solutions(instructor_site, built_site, chapter):
    student = built_site / "book" / "chapters" / f"{chapter}.html"
    instructor = instructor_site / "book" / "chapters" / f"{chapter}.html"
    exercises = _count(instructor, "exercise")
    assert exercises >= 3
    assert _count(instructor, "solution") == exercises
    assert _count(student, "exercise") == exercises
    assert _count(student, "solution") == 0


def test_the_instructor_edition_still_has_the_statutes_and_the_calculators(instructor_site):
    reader = instructor_site / "book" / "reader" / "pk-mso-2001" / "section-161.html"
    assert 'id="part_IV__chp_11__sec_161__subsec_1"' in reader.read_text(encoding="utf-8")
    chapter = (instructor_site / "book" / "chapters" / "wages-on-wreck.html").read_text(encoding="utf-8")
    assert "data-provision-id='pk-mso-2001/wages-on-wreck'" in chapter


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_the_instructor_edition_shows_the_worked_solution_of_every_variant(instructor_site, built_site, chapter):
    """Each {solution} holds the book's variant's worked solution and every variant's, for the page's script to show
    the one of the variant shown; the student edition has neither."""
    import json

    from widgets import exercises

    page = (instructor_site / "book" / "chapters" / f"{chapter}.html").read_text(encoding="utf-8")
    student = (built_site / "book" / "chapters" / f"{chapter}.html").read_text(encoding="utf-8")
    for exercise_id in exercises.exercise_ids(chapter):
        assert f"data-solution-for='{exercise_id}'" in page
        found = re.search(rf"<script type='application/json' data-solutions-for='{exercise_id}'>(.*?)</script>", page)
        solutions = json.loads(found.group(1))
        assert len(solutions) == exercises.VARIANTS
        for variant in (0, 6):
            want = exercises.describe_answer(exercise_id, exercises.expected(exercise_id, variant))
            assert f"Answer: {want}" in solutions[variant]
        assert f"data-solution-for='{exercise_id}'" not in student

"""The student edition (``make book-student``): the same book with the exercises' solutions removed.

Issue 4, item 6: an instructor edition with solutions (``make book-build``, ``_build/html``) and a student edition
without (sphinx-exercise's ``hide_solutions``), each built by one documented command. The student edition is built
here by that command, once per session, when it is missing or older than its inputs.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest
from conftest import ROOT, _inputs

STUDENT_SITE = ROOT / "_build" / "student" / "_build" / "html"
CHAPTERS = ["wages-on-wreck", "desertion", "pilgrims", "load-lines", "comparative"]


@pytest.fixture(scope="session")
def student_site() -> Path:
    stamp = STUDENT_SITE / "searchindex.js"
    if not stamp.exists() or max(f.stat().st_mtime for f in _inputs()) > stamp.stat().st_mtime:
        run = subprocess.run(["make", "book-student"], cwd=ROOT, capture_output=True, text=True)
        if run.returncode != 0:
            pytest.fail(f"make book-student failed:\n{run.stdout[-4000:]}\n{run.stderr[-4000:]}")
    return STUDENT_SITE


def _count(page: Path, kind: str) -> int:
    return len(re.findall(rf'class="{kind} admonition"', page.read_text(encoding="utf-8")))


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_the_student_edition_keeps_the_exercises_and_drops_the_solutions(student_site, built_site, chapter):
    student = student_site / "book" / "chapters" / f"{chapter}.html"
    instructor = built_site / "book" / "chapters" / f"{chapter}.html"
    exercises = _count(instructor, "exercise")
    assert exercises >= 3
    assert _count(instructor, "solution") == exercises
    assert _count(student, "exercise") == exercises
    assert _count(student, "solution") == 0


def test_the_student_edition_still_has_the_statutes_and_the_calculators(student_site):
    reader = student_site / "book" / "reader" / "pk-mso-2001" / "section-161.html"
    assert 'id="part_IV__chp_11__sec_161__subsec_1"' in reader.read_text(encoding="utf-8")
    chapter = (student_site / "book" / "chapters" / "wages-on-wreck.html").read_text(encoding="utf-8")
    assert "application/vnd.jupyter.widget-state+json" in chapter

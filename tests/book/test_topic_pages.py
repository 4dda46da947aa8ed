"""Each topic chapter, as built: it executed without error, and each calculator is on the page as an HTML form with
the result worked out when the book was built (so the static site shows it with no Python at all)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

pytestmark = pytest.mark.book
CHAPTERS = ["wages-on-wreck", "desertion", "pilgrims", "load-lines", "comparative"]
CALCULATOR_CALL = re.compile(r"^calculator\(", re.M)
ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_the_chapter_executed_without_error(built_site, chapter):
    page = (built_site / "book" / "chapters" / f"{chapter}.html").read_text(encoding="utf-8")
    assert "output traceback" not in page and "output stderr" not in page
    assert "Traceback (most recent call last)" not in page
    assert "&lt;Figure size" not in page, "a figure printed as text, not drawn"


def test_the_load_line_chapter_draws_its_two_diagrams(built_site):
    """The to-scale mark with the facts' waterline: the modern mark and the 1880 Act's disc, as images."""
    page = (built_site / "book" / "chapters" / "load-lines.html").read_text(encoding="utf-8")
    section = page[page.index('id="the-mark-the-waterline-and-the-allowances-to-scale"') :]
    section = section[: section.index("<section ")] if "<section " in section else section
    assert len(re.findall(r"<img [^>]*src=\"[^\"]+\.png\"", section)) == 2


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_each_calculator_is_a_form_with_its_build_time_result(built_site, chapter):
    page = (built_site / "book" / "chapters" / f"{chapter}.html").read_text(encoding="utf-8")
    source = (ROOT / "book" / "chapters" / f"{chapter}.md").read_text(encoding="utf-8")
    roots = re.findall(r"<section class='lm-calc' data-provision-id='([a-z0-9-]+/[a-z0-9-]+)' data-state='static'",
                       page)  # fmt: skip
    assert len(roots) == len(CALCULATOR_CALL.findall(source)) >= 2
    assert page.count("data-result") >= len(roots)
    assert page.count("<table class='lm-amounts'") + page.count("class='lm-no-amounts'") >= len(roots)
    assert "widget-state+json" not in page and "widget-view+json" not in page

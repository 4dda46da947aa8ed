"""Each topic chapter, as built: it executed without error, and its calculators are embedded with their widget state
(so the static site shows them without a kernel)."""

from __future__ import annotations

import json
import re

import pytest

pytestmark = pytest.mark.book
CHAPTERS = ["wages-on-wreck", "desertion", "pilgrims", "load-lines", "comparative"]
STATE = re.compile(r'<script type="application/vnd.jupyter.widget-state\+json">(.*?)</script>', re.DOTALL)
VIEW = 'type="application/vnd.jupyter.widget-view+json"'


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
def test_the_chapter_embeds_its_calculators_widget_state(built_site, chapter):
    page = (built_site / "book" / "chapters" / f"{chapter}.html").read_text(encoding="utf-8")
    (state,) = STATE.findall(page)
    models = json.loads(state)["state"]
    views = page.count(VIEW)
    assert views >= 1
    assert any(m["model_name"] == "BoundedFloatTextModel" for m in models.values())  # a fact control
    assert any("lm-amounts" in str(m["state"].get("value", "")) for m in models.values())  # the computed result

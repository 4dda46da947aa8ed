"""The chapters' what-if cells (tagged ``what-if``) run as the page runs them: in a fresh namespace holding only
``widgets.views.live.WHAT_IF_NAMES``, with no error, showing what a notebook shows. Every code cell of a "What if…?"
section is one, unless it needs what the page's Python does not have (the corpus and its XML parser)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from widgets.views.live import run_cell
from widgets.views.reader_links import reader_link

ROOT = Path(__file__).resolve().parents[2]
CHAPTERS = sorted((ROOT / "book" / "chapters").glob("*.md"))
CELL = re.compile(r"^```\{code-cell\}[^\n]*\n(---\n.*?^---\n|(?::[^\n]*\n)*)\n?(.*?)^```\s*$", re.M | re.S)
"""A code cell: its options (``:tags: …`` lines, or a YAML block between ``---`` lines), then its source."""
NOT_IN_THE_PAGE = re.compile(r"^\s*(?:from|import) corpus\b", re.M)


def what_if_sections(text: str) -> list[str]:
    return re.findall(r"^## What if[^\n]*\n(.*?)(?=^## |\Z)", text, re.M | re.S)


def cells(text: str) -> list[tuple[str, str]]:
    """(option lines, source) of each code cell."""
    return [(m.group(1), m.group(2)) for m in CELL.finditer(text)]


WHAT_IF = [
    pytest.param(source, id=f"{chapter.stem}-{n}")
    for chapter in CHAPTERS
    for n, (options, source) in enumerate(cells(chapter.read_text(encoding="utf-8")))
    if "what-if" in options
]


def test_every_chapter_has_what_if_cells():
    for chapter in CHAPTERS:
        tagged = [o for o, _ in cells(chapter.read_text(encoding="utf-8")) if "what-if" in o]
        assert len(tagged) >= 2, chapter.name


@pytest.mark.parametrize("source", WHAT_IF)
def test_a_what_if_cell_runs_in_the_pages_namespace(source):
    out = run_cell(source, reader_link())
    assert out["error"] is None, out["error"]
    assert out["html"]


@pytest.mark.parametrize("chapter", CHAPTERS, ids=lambda p: p.stem)
def test_every_visible_cell_of_a_what_if_section_is_a_what_if_cell(chapter):
    for section in what_if_sections(chapter.read_text(encoding="utf-8")):
        for options, source in cells(section):
            if "hide-input" in options or "remove-cell" in options:
                continue
            assert "what-if" in options or NOT_IN_THE_PAGE.search(source), source

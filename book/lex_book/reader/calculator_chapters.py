"""Which topic chapter hosts the calculator that runs a section of a statute (the reader's "run it" links).

A calculator implements provisions: ``widgets.describe(pid)["provisions"]`` gives the document and eId of each. The
chapter that hosts it is the ``book/chapters/*.md`` whose code calls ``calculator("<pid>")`` with the id written out;
a call through a variable (the comparative chapter's ``calculator(PK_WRECK)``) hosts nothing here, as the same
calculator's own chapter already does. A provision below a section (``…__sec_161__subsec_1``, a Table item of
s. 256) counts for its section.
"""

from __future__ import annotations

import re
from pathlib import Path

import corpus

CHAPTERS = "book/chapters"
"""Where the topic chapters live, relative to the book's root."""

CALL = re.compile(r"""\bcalculator\(\s*["']([^"']+)["']\s*\)""")
"""A literal ``calculator("pk-mso-2001/wages-on-wreck")`` call in a chapter's code."""


def hosts(root: Path) -> dict[str, str]:
    """Calculator id → the docname of the chapter that calls it literally (the first chapter, by file name)."""
    found: dict[str, str] = {}
    for path in sorted((root / CHAPTERS).glob("*.md")):
        for pid in CALL.findall(path.read_text(encoding="utf-8")):
            found.setdefault(pid, f"{CHAPTERS}/{path.stem}")
    return found


def section_of(doc_id: str, eid: str) -> str | None:
    """The eId of the section holding ``eid`` (``eid`` itself for a section); ``None`` outside every section."""
    try:
        element = corpus.by_eid(doc_id, eid).element
    except LookupError:  # corpus.CitationError among them: an eId the document does not have
        return None
    for el in (element, *element.iterancestors()):
        if isinstance(el.tag, str) and el.tag.endswith("}section"):
            return el.get("eId")
    return None


def chapters_by_section(root: Path) -> dict[str, dict[str, list[str]]]:
    """Document → section eId → the chapters (docnames, in calculator order) whose calculators run that section."""
    import widgets  # the calculators' rules: imported only when the table is (re)computed

    by_chapter = hosts(root)
    table: dict[str, dict[str, list[str]]] = {}
    for pid in widgets.provision_ids():
        chapter = by_chapter.get(pid)
        if chapter is None:
            continue
        for provision in widgets.describe(pid)["provisions"]:
            section = section_of(provision["document"], provision["eid"])
            if section is None:
                continue
            chapters = table.setdefault(provision["document"], {}).setdefault(section, [])
            if chapter not in chapters:
                chapters.append(chapter)
    return table


def input_files(root: Path) -> list[Path]:
    """What the table depends on: the chapters' sources and the calculators' rules."""
    widgets_dir = root / "widgets"
    rules = [p for p in widgets_dir.rglob("*") if p.suffix in {".py", ".yaml"} and "__pycache__" not in p.parts]
    return [*sorted((root / CHAPTERS).glob("*.md")), *sorted(rules)]

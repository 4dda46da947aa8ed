"""A change to a static file reaches the site in an incremental build (lex_book/speed/static_files.py): a small book of
the tests' own with a style sheet in its ``html_static_path``, built by ``jupyter-book build`` in a process of its
own each time (in one process the themes add their templates to ``templates_path`` again on each build, which
changes the build's config hash and so writes every page anyway). Without the extension the second build says "no
targets are out of date" and keeps the old copy in ``_static``."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from lex_book.speed import static_files

pytestmark = pytest.mark.book
ROOT = Path(__file__).resolve().parents[2]
RULE = ".bd-article h1 {{ font-size: {size}; }}\n"
JUPYTER_BOOK = Path(sys.executable).parent / "jupyter-book"


def build(book: Path) -> Path:
    """``jupyter-book build`` of ``book``, warnings as errors; the output folder."""
    run = subprocess.run([JUPYTER_BOOK, "build", book, "--warningiserror"], capture_output=True, text=True)
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-2000:]
    return book / "_build" / "html"


def make_book(tmp_path: Path) -> Path:
    book = tmp_path / "book"
    (book / "style").mkdir(parents=True)
    config = {
        "title": "Static files",
        "sphinx": {
            "extra_extensions": ["lex_book.speed.extension"],
            "config": {"html_static_path": ["style"], "html_css_files": ["phone.css"]},
        },
    }
    (book / "_config.yml").write_text(yaml.safe_dump(config), encoding="utf-8")
    (book / "_toc.yml").write_text("format: jb-book\nroot: intro\n", encoding="utf-8")
    (book / "intro.md").write_text("# Wages on wreck\n\nSection 161.\n", encoding="utf-8")
    (book / "style" / "phone.css").write_text(RULE.format(size="2.5rem"), encoding="utf-8")
    return book


def checksum(out: Path) -> str:
    """The ``?v=`` checksum of the style sheet in the page's head."""
    (found,) = re.findall(r'href="_static/phone\.css\?v=([0-9a-f]+)"', (out / "intro.html").read_text(encoding="utf-8"))
    return found


def test_an_edited_style_sheet_is_copied_and_the_pages_name_its_new_checksum(tmp_path: Path) -> None:
    book = make_book(tmp_path)
    out = build(book)
    first = checksum(out)
    assert "2.5rem" in (out / "_static" / "phone.css").read_text(encoding="utf-8")
    page_read = (book / "_build" / ".doctrees" / "intro.doctree").stat().st_mtime_ns

    (book / "style" / "phone.css").write_text(RULE.format(size="1.75rem"), encoding="utf-8")
    out = build(book)
    assert "1.75rem" in (out / "_static" / "phone.css").read_text(encoding="utf-8")
    assert checksum(out) != first
    assert (book / "_build" / ".doctrees" / "intro.doctree").stat().st_mtime_ns == page_read  # written, not read again


def test_the_digest_follows_the_bytes_and_names_of_the_files_not_their_times(tmp_path: Path) -> None:
    book = make_book(tmp_path)
    digest = static_files.static_digest(book, ["style"])
    sheet = book / "style" / "phone.css"
    sheet.write_bytes(sheet.read_bytes())  # rewritten with the same bytes (as `make book-vendor` does)
    assert static_files.static_digest(book, ["style"]) == digest
    sheet.rename(book / "style" / "narrow.css")
    assert static_files.static_digest(book, ["style"]) != digest
    (book / "style" / "narrow.css").rename(sheet)
    assert static_files.static_digest(book, ["style"]) == digest
    sheet.write_text(RULE.format(size="1.75rem"), encoding="utf-8")
    assert static_files.static_digest(book, ["style"]) != digest

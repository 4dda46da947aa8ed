"""A book build killed at any point is finished by the next one (lex_book/speed/complete_build.py): the small book over
the fixture corpus is built in a process of its own, killed (SIGKILL) at timed points — while it reads pages, while
it writes them, after the pages are written and before the build has finished — and built again; the site it then
gives is byte for byte the site of a clean build of the same sources. Before this, the build after a kill during
writing said "no targets are out of date" and kept the stale pages.

Each killed build has work to do: the sources are switched between two versions (the first page's title, a quoted
provision) before it, so a page it did not write again is a stale page. The clean build of each version is a build
into a fresh folder; nothing in the site depends on the folder it is built in (checked first).
"""

from __future__ import annotations

import filecmp
import os
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from conftest import write_fixture_corpus
from test_fixture_build import make_book

from lex_book.atomic_files import PARTIAL
from lex_book.speed import complete_build

BUILD = """
import sys
from pathlib import Path

from corpus import catalogue

catalogue.AKN_DIR = Path(sys.argv[2])  # the fixture corpus, as tests/book/conftest.py's fixture_corpus patches it
from jupyter_book.sphinx import build_sphinx

book = Path(sys.argv[1])
result = build_sphinx(
    str(book), str(book / "_build" / "html"), noconfig=True, path_config=str(book / "_config.yml"),
    confoverrides={"external_toc_path": str(book / "_toc.yml"), "latex_individualpages": False},
    warningiserror=True,
)
sys.exit(0 if result == 0 else f"the build failed: {result}")
"""
"""tests/book/small_book.py's build, in a process that can be killed (with its log on stdout, line by line)."""

VERSIONS = {
    "a": ("Lex Maritima", "# Lex Maritima\n\nThe reader, on the fixture corpus.\n", "pk-mso-2001 161(1)(a)"),
    "b": (
        "Lex Maritima, healed",
        "# Lex Maritima\n\nThe reader, on the fixture corpus, again.\n",
        "pk-mso-2001 161(2)",
    ),
}
"""Two versions of the small book's sources: the book's title (in every page, which every build then writes again),
the first page's text and the provision the quoting page quotes (two pages read again)."""


def switch(book: Path, version: str) -> None:
    title, intro, provision = VERSIONS[version]
    config = book / "_config.yml"
    config.write_text(yaml.safe_dump({**yaml.safe_load(config.read_text(encoding="utf-8")), "title": title}))
    (book / "book" / "intro.md").write_text(intro, encoding="utf-8")
    quoting = book / "book" / "quoting.md"
    text = quoting.read_text(encoding="utf-8")
    for _, _, other in VERSIONS.values():
        text = text.replace(other, provision)
    quoting.write_text(text, encoding="utf-8")


def run(book: Path, akn: Path, kill_at: tuple[str, int] | None = None) -> str:
    """Build ``book``; with ``kill_at`` (a text and a count), kill the build when its log shows that text for the
    count-th time (a line of a phase's progress: with its ``%]``, when the text ends in ``[``). Return the log; a
    build not killed must pass."""
    process = subprocess.Popen(
        [sys.executable, "-u", "-c", BUILD, str(book), str(akn)],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env={**os.environ, "NO_COLOR": "1"},
    )  # fmt: skip
    assert process.stdout is not None
    log, seen = [], 0
    for line in process.stdout:
        log.append(line)
        if (
            kill_at
            and all(part in line for part in kill_at[0].split("["))
            and ("%]" in line) == kill_at[0].endswith("[")
        ):
            seen += 1
            if seen == kill_at[1]:
                process.send_signal(signal.SIGKILL)
                break
    process.stdout.close()
    status = process.wait()
    text = "".join(log)
    if kill_at:
        assert status == -signal.SIGKILL, f"the build ended before {kill_at} was seen:\n{text[-2000:]}"
    else:
        assert status == 0, text[-3000:]
    return text


def differences(site: Path, clean: Path) -> list[str]:
    """The files that differ between two sites (missing from one, or with other bytes); the lab aside."""
    problems: list[str] = []

    def walk(compare: filecmp.dircmp, prefix: str) -> None:
        problems.extend(f"{prefix}{name}: only in the rebuilt site" for name in compare.left_only)
        problems.extend(f"{prefix}{name}: only in the clean build" for name in compare.right_only)
        _, mismatch, errors = filecmp.cmpfiles(compare.left, compare.right, compare.common_files, shallow=False)
        problems.extend(f"{prefix}{name}: differs" for name in mismatch + errors)
        for name, sub in sorted(compare.subdirs.items()):
            walk(sub, f"{prefix}{name}/")

    walk(filecmp.dircmp(site, clean, ignore=[*complete_build.KEPT]), "")
    return problems


@pytest.fixture(scope="module")
def akn(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The fixture corpus's AKN files (the build's process reads them in place of corpus/akn)."""
    folder = tmp_path_factory.mktemp("fixture-corpus") / "akn"
    write_fixture_corpus(folder)
    return folder


@pytest.fixture(scope="module")
def sources(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The small book's sources, made once: every copy holds the same notebook (a new one has new widget ids)."""
    return make_book(tmp_path_factory.mktemp("sources"))


def copy_of(sources: Path, folder: Path, version: str) -> Path:
    book = folder / "book-src"
    shutil.copytree(sources, book, symlinks=True)
    switch(book, version)
    return book


@pytest.fixture(scope="module")
def clean_sites(akn: Path, sources: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """A clean build of each version of the sources, each in a fresh folder of its own."""
    sites = {}
    for version in VERSIONS:
        book = copy_of(sources, tmp_path_factory.mktemp(f"clean-{version}"), version)
        run(book, akn)
        sites[version] = book / "_build" / "html"
    return sites


KILLS = [
    ("reading", ("reading sources... [", 1), "b"),
    ("writing", ("writing output... [", 5), "a"),
    ("after writing", ("dumping object inventory", 1), "b"),
]
"""Where a build is killed: at a line of its log (and the how-manieth such line), with the version it builds."""


def test_the_build_after_a_killed_one_gives_the_clean_builds_site(akn, sources, tmp_path, clean_sites):
    book = copy_of(sources, tmp_path, "a")
    site = book / "_build" / "html"
    run(book, akn)
    assert differences(site, clean_sites["a"]) == []  # the same site wherever it is built
    for point, kill_at, version in KILLS:
        switch(book, version)
        run(book, akn, kill_at=kill_at)
        log = run(book, akn)
        assert "[complete_build] the last build did not finish: every page" in log, point
        assert (point, differences(site, clean_sites[version])) == (point, [])
        assert not list(site.rglob(f"*{PARTIAL}")), point
    assert "no targets are out of date" in run(book, akn)  # finished: the next build has nothing to do
    assert differences(site, clean_sites[version]) == []


def test_a_page_changed_or_removed_after_a_finished_build_is_written_again(akn, sources, tmp_path, clean_sites):
    book = copy_of(sources, tmp_path, "a")
    site = book / "_build" / "html"
    run(book, akn)
    page = site / "book" / "quoting.html"
    page.write_bytes(page.read_bytes()[:100])  # as a full disk leaves it
    assert "[complete_build] book/quoting.html changed since the last build finished" in run(book, akn)
    assert differences(site, clean_sites["a"]) == []
    (site / "book" / "intro.html").unlink()
    (site / "stray.html").write_text("<p>not the book's</p>")
    assert "[complete_build] book/intro.html is missing since" in run(book, akn)
    assert differences(site, clean_sites["a"]) == []

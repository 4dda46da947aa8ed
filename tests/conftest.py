"""Test-wide settings: property tests are derandomised (the same examples on every run, so CI cannot flake) and
have no per-example deadline (the 2-core CI machine is shared); the book's builds start first and the tests that need
them run last (tests/sites.py)."""

import os
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import settings

from tests import sites
from tests.chromium import CHROMIUM, FLAGS

settings.register_profile("lex-maritima", derandomize=True, deadline=None, print_blob=True)
settings.load_profile("lex-maritima")


def wants_a_built_book(config: pytest.Config) -> bool:
    """Whether this run's paths include the tests of the built book (the whole suite, or tests/book)."""
    paths = [Path(arg.split("::")[0]).resolve() for arg in config.args] or [sites.ROOT / "tests"]
    book = sites.ROOT / "tests" / "book"
    return any(path == book or book.is_relative_to(path) or path.is_relative_to(book) for path in paths)


def pytest_sessionstart(session: pytest.Session) -> None:
    """Under ``pytest -n`` (``make test``), the controlling process starts the student edition's build at once, so
    that it overlaps the tests that need no built site (tests/sites.py), and each test process runs a little below
    the build's priority: the build is the one thing every browser test waits for, and on two cores three processes
    would otherwise share them evenly (the build took 12 minutes instead of 7)."""
    config = session.config
    if hasattr(config, "workerinput"):
        os.nice(NICER)
        return
    if getattr(config.option, "numprocesses", None) and wants_a_built_book(config):
        sites.start_in_background(nice=NICER)


def pytest_sessionfinish(session: pytest.Session) -> None:
    """Each process ends the book builds it started that still run (a session stopped early)."""
    sites.stop_builds()


NICER = 5  # the test processes' niceness under -n; the instructor edition, needed by three tests, builds at it too


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The test files that need a built site run after all the others, the files with the most tests first (whole
    files, so that ``--dist loadfile`` keeps each in one process; the longest first, so that no process is left
    with a long file at the end); the order within a file is kept."""
    needs_site = {item.path for item in items if sites.FIXTURES & set(getattr(item, "fixturenames", ()))}
    count = Counter(item.path for item in items)
    items.sort(key=lambda item: (item.path in needs_site, -count[item.path] if item.path in needs_site else 0))


@pytest.fixture(scope="module")
def browser():
    """Debian's chromium, headless, for the module's tests."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield chromium
        chromium.close()

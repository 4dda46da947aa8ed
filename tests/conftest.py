"""Test-wide settings: property tests are derandomised (the same examples on every run, so CI cannot flake) and
have no per-example deadline (the 2-core CI machine is shared); the book's builds start first and the tests that need
them run last (tests/sites.py)."""

from pathlib import Path

import pytest
from hypothesis import settings

from tests import sites

settings.register_profile("lex-maritima", derandomize=True, deadline=None, print_blob=True)
settings.load_profile("lex-maritima")


def wants_a_built_book(config: pytest.Config) -> bool:
    """Whether this run's paths include the tests of the built book (the whole suite, or tests/book)."""
    paths = [Path(arg.split("::")[0]).resolve() for arg in config.args] or [sites.ROOT / "tests"]
    book = sites.ROOT / "tests" / "book"
    return any(path == book or book.is_relative_to(path) or path.is_relative_to(book) for path in paths)


def pytest_sessionstart(session: pytest.Session) -> None:
    """Under ``pytest -n`` (``make test``), the controlling process starts the book's builds at once, so that they
    overlap the tests that need no built site (tests/sites.py)."""
    config = session.config
    is_controller = hasattr(config.option, "numprocesses") and not hasattr(config, "workerinput")
    if is_controller and config.option.numprocesses and wants_a_built_book(config):
        sites.start_in_background()


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The test files that need a built site run after all the others (whole files, so that ``--dist loadfile``
    keeps each file in one process), in their own order otherwise."""
    needs_site = {item.path for item in items if sites.FIXTURES & set(getattr(item, "fixturenames", ()))}
    items.sort(key=lambda item: item.path in needs_site)  # sort is stable: the order within each group is kept

"""The book's extension package (book/lex_book/): one extension, the event order its docstring states, one declared
configuration, and normal imports (no module put on sys.path or loaded by its file path)."""

from __future__ import annotations

import ast
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import yaml

import lex_book
from lex_book import config as book_config

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "book" / "lex_book"
ROW = re.compile(r"^([a-z-]+)\s+(\d+)\s+([\w.]+)", re.MULTILINE)


class Recorder:
    """A Sphinx application that records what the extension registers (and accepts everything else)."""

    def __init__(self) -> None:
        self.handlers: list[tuple[str, int, str]] = []
        self.settings: list[str] = []

    def connect(self, event: str, handler: Callable[..., Any], priority: int = 500) -> int:
        name = f"{handler.__module__.removeprefix('lex_book.')}.{handler.__qualname__}"
        self.handlers.append((event, priority, name))
        return len(self.handlers)

    def add_config_value(self, name: str, *args: Any, **kwargs: Any) -> None:
        self.settings.append(name)

    def __getattr__(self, name: str) -> Callable[..., None]:
        return lambda *args, **kwargs: None


def registered() -> Recorder:
    app = Recorder()
    lex_book.setup(app)  # type: ignore[arg-type]
    return app


def run_order(handlers: list[tuple[str, int, str]]) -> dict[str, list[tuple[int, str]]]:
    """Each event's handlers in the order Sphinx runs them: by priority, then in the order registered."""
    events: dict[str, list[tuple[int, str]]] = {}
    for event, priority, name in handlers:
        events.setdefault(event, []).append((priority, name))
    return {event: sorted(found, key=lambda item: item[0]) for event, found in events.items()}


def test_the_event_table_of_the_package_docstring_is_the_order_sphinx_runs_the_handlers():
    table = [(event, int(priority), name) for event, priority, name in ROW.findall(lex_book.__doc__ or "")]
    assert len(table) > 30
    assert run_order(table) == run_order(registered().handlers)
    assert len(table) == len(registered().handlers)  # every handler once


def test_every_setting_is_declared_once_in_config_with_a_meaning():
    app = registered()
    names = [s.name for s in book_config.SETTINGS]
    assert app.settings == names and len(set(names)) == len(names)
    assert all(len(s.meaning) > 30 for s in book_config.SETTINGS)
    calls = [p for p in PACKAGE.rglob("*.py") if "add_config_value" in p.read_text(encoding="utf-8")]
    assert calls == [PACKAGE / "config.py"]


def test_a_setting_outside_its_allowed_values_stops_the_build_naming_it():
    class Config(dict):
        pass

    config = Config({s.name: s.default for s in book_config.SETTINGS}, lex_exercise_solutions="sometimes")
    try:
        book_config.check(None, config)  # type: ignore[arg-type]
    except ValueError as error:
        assert str(error) == "lex_exercise_solutions must be after-right or after-try or never, not 'sometimes'"
    else:
        raise AssertionError("a bad lex_exercise_solutions was accepted")


def test_the_book_names_one_extension_of_its_own_and_no_local_extensions():
    sphinx = yaml.safe_load((ROOT / "_config.yml").read_text(encoding="utf-8"))["sphinx"]
    assert "local_extensions" not in sphinx
    assert [e for e in sphinx["extra_extensions"] if e.startswith("lex_")] == ["lex_book"]


def test_no_module_of_the_package_edits_sys_path_loads_a_file_as_a_module_or_keeps_state_on_the_app():
    for path in PACKAGE.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert "sys.path" not in text, path
        assert "spec_from_file_location" not in text, path
        assert not re.search(r"\bapp\.\w+\s*=[^=]", text), path  # build state: lex_book.state
        others = re.findall(r"app\.setup_extension\((.*?)\)", text)  # another package's extension only
        assert all(name == '"sphinx_external_toc"' for name in others), path


def test_every_import_of_a_book_module_is_by_its_package_name():
    modules = {p.stem for p in PACKAGE.rglob("*.py")} - {"__init__", "extension"}
    for path in [*PACKAGE.rglob("*.py"), *(ROOT / "tests").rglob("*.py"), *(ROOT / "widgets").rglob("*.py")]:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                bare = [a.name for a in node.names if a.name in modules]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                bare = [node.module] if node.module.split(".")[0] in modules else []
            else:
                continue
            assert not bare, f"{path}: import {bare} (use lex_book.<folder>.<module>)"


def test_every_file_a_page_is_made_to_depend_on_exists():
    """A dependency that is not there has Sphinx read the page again on every build (a moved module did)."""
    from lex_book.notes import comparison_pages, reader_notes
    from lex_book.reader import statute_reader

    noted = [
        *statute_reader.SOURCES,
        *statute_reader.BANNER,
        *reader_notes.CODE,
        comparison_pages.HERE / "note_nodes.py",
    ]
    assert [p for p in noted if not Path(p).is_file()] == []

"""One packager of the browser's Python (``widgets/browser.py``) for the page's runtime (``lex-live.zip``,
``book/lex_book/live/live_runtime.py``) and the lab's wheels (``lite/build.py``), with one list of what a browser must
not receive: both are made by :func:`widgets.browser.package_files`, neither holds a withheld file, and a file added
to the one list leaves both."""

from __future__ import annotations

import zipfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import build as lite_build  # lite/build.py (tests/lite/conftest.py puts lite/ first on the path)
import pytest

from lex_book.live import live_runtime
from widgets import browser

ROOT = Path(__file__).resolve().parents[2]
PAGES = {"pk-mso-2001": {"sec_161": "book/statutes/pk-mso-2001/sec_161"}}
SENT_TO_BOTH = "widgets/rules/money_styles.py"
"""A module both the page's runtime and the lab need (the rules lay out amounts with it)."""


def wheel_files(wheel: Path) -> dict[str, bytes]:
    with zipfile.ZipFile(wheel) as archive:
        return {n: archive.read(n) for n in archive.namelist() if ".dist-info/" not in n}


def spy(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, bool]]:
    """Record every call of the packager (its package and whether it packs for the page's runtime)."""
    calls: list[tuple[str, bool]] = []
    real: Callable[..., dict[str, bytes]] = browser.package_files

    def recorded(package: str, page_runtime: bool, *args: Any, **kwargs: Any) -> dict[str, bytes]:
        calls.append((package, page_runtime))
        return real(package, page_runtime, *args, **kwargs)

    monkeypatch.setattr(browser, "package_files", recorded)
    return calls


def test_the_page_runtime_and_the_labs_wheel_are_made_by_the_one_packager(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    calls = spy(monkeypatch)
    bundle = live_runtime.bundle_files(PAGES)
    assert calls == [("widgets", True), ("yaml", True)]
    calls.clear()
    wheel = wheel_files(lite_build.project_wheel(tmp_path))
    assert calls == [("corpus", False), ("widgets", False)]
    # what each holds of widgets is the packager's output, byte for byte, and nothing else
    widgets_sent = {name: data for name, data in bundle.items() if name.startswith("widgets/")}
    assert widgets_sent == browser.package_files("widgets", page_runtime=True)
    assert wheel == browser.package_files("corpus", False) | browser.package_files("widgets", False)
    assert SENT_TO_BOTH in bundle and SENT_TO_BOTH in wheel


def test_neither_the_page_runtime_nor_any_wheel_of_the_lab_holds_a_withheld_file(tmp_path: Path) -> None:
    assert "widgets/exercises.py" in browser.WITHHELD  # the answers and the worked solutions
    for path in browser.WITHHELD:
        assert (ROOT / path).is_file(), path  # a list of real files, so the check below can fail
    bundle = live_runtime.bundle_files(PAGES)
    wheels = [lite_build.project_wheel(tmp_path), lite_build.live_wheel(tmp_path)]
    for held in [set(bundle), *(set(wheel_files(w)) for w in wheels)]:
        assert held.isdisjoint(browser.WITHHELD)


def test_a_file_put_on_the_one_list_leaves_both(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """The list is read when each is packed, not copied: withholding one more file withholds it from both."""
    monkeypatch.setattr(browser, "WITHHELD", (*browser.WITHHELD, SENT_TO_BOTH))
    assert SENT_TO_BOTH not in live_runtime.bundle_files(PAGES)
    assert SENT_TO_BOTH not in wheel_files(lite_build.project_wheel(tmp_path))


def test_the_labs_wheel_in_the_built_site_is_the_packagers(lite_site: Path) -> None:
    (wheel,) = (lite_site / "static" / "pyodide-lock").glob("lex_maritima-*.whl")
    assert wheel_files(wheel) == browser.package_files("corpus", False) | browser.package_files("widgets", False)
    for other in (lite_site / "static" / "pyodide-lock").glob("*.whl"):
        assert set(wheel_files(other)).isdisjoint(browser.WITHHELD), other.name


def test_the_page_runtime_built_by_node_holds_the_packagers_files_compiled(tmp_path: Path) -> None:
    """The real runtime (the probe runs every calculator in Node's Pyodide): its bundle is the packager's files, each
    module compiled, and no withheld one."""
    live_runtime.copy_front_end(tmp_path)
    live_runtime.build(tmp_path, PAGES, tmp_path / "cache")
    with zipfile.ZipFile(tmp_path / live_runtime.RUNTIME_DIR / live_runtime.BUNDLE) as archive:
        names = {name.removesuffix("c") for name in archive.namelist()}
    assert names == set(live_runtime.bundle_files(PAGES))
    assert names.isdisjoint(browser.WITHHELD)

"""The tests' book builds (tests/sites.py): a build still running when the session ends is ended with it."""

from __future__ import annotations

import subprocess
import threading
import time
from pathlib import Path

from tests import sites


def test_a_build_still_running_is_ended_with_its_process_group(tmp_path: Path, monkeypatch) -> None:
    """A command that starts a child of its own (as ``make`` starts ``jupyter-book``) is ended with that child."""
    monkeypatch.setattr(sites, "LOCK", tmp_path / "build.lock")
    child_pid = tmp_path / "child.pid"
    command = ["sh", "-c", f"sleep 120 & echo $! > {child_pid}; wait"]
    failures: list[str] = []
    thread = threading.Thread(target=sites.build_once, args=(tmp_path / "no-site", [command], failures.append))
    started = time.monotonic()
    thread.start()
    while not child_pid.exists() or not child_pid.read_text().strip():
        assert time.monotonic() - started < 30, "the build command did not start"
        time.sleep(0.05)
    assert sites.RUNNING  # the command is known while it runs
    sites.stop_builds()
    thread.join(timeout=30)
    assert not thread.is_alive() and time.monotonic() - started < 30
    assert not sites.RUNNING
    assert len(failures) == 1 and "failed" in failures[0]  # a build ended part way is not a built site
    child = int(child_pid.read_text())
    still_there = subprocess.run(["ps", "-o", "stat=", "-p", str(child)], capture_output=True, text=True).stdout
    # gone, or a zombie ("Z", "ZN" in a niced test process) waiting for its parent to read its status
    assert still_there.strip()[:1] in ("", "Z"), f"the command's child {child} still runs ({still_there.strip()})"

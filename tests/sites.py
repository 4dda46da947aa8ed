"""The real book's two editions as the tests need them: built when missing or stale, once for every test process.

``make test`` runs the suite in several processes (``pytest -n``, pytest-xdist). Each edition is built by the
command a reader would run (``make book-vendor`` + ``jupyter-book build``; ``make book-instructor``) under one file
lock: the first process to ask builds while the others wait, then find it fresh. Both editions share the lock because
both builds write the same generated pages into ``book/`` (the reader's and comparison pages' stubs).

So that the builds overlap the tests that need neither, the controlling process starts them in a thread as the
session starts (:func:`start_in_background`; the student edition first and at the tests' priority or above, since
every browser test waits for it), and the tests that need a built site run last
(``tests/conftest.py``). A build that fails there is simply tried again by the first test that needs it, which then
fails with the build's log.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import threading
from collections.abc import Callable
from pathlib import Path

import pytest
import yaml
from filelock import FileLock

ROOT = Path(__file__).resolve().parents[1]
SITE = ROOT / "_build" / "html"
INSTRUCTOR_SITE = ROOT / "_build" / "instructor" / "_build" / "html"
LOCK = ROOT / "_build" / ".book-build.lock"
STUDENT_COMMANDS = [
    ["make", "book-vendor"],
    [str(ROOT / ".venv/bin/jupyter-book"), "build", ".", "--warningiserror", "--keep-going"],
]
INSTRUCTOR_COMMANDS = [["make", "book-instructor"]]
FIXTURES = {"built_site", "instructor_site"}  # the fixtures that need a built edition


def book_inputs() -> list[Path]:
    """Everything the built site depends on (the generated reader stubs excepted)."""
    import corpus  # here, not at the top: the thread below starts before the tests import the project

    files = [ROOT / "_config.yml", ROOT / "_toc.yml", ROOT / "package-lock.json"]
    files += [p for p in (ROOT / "book").rglob("*") if p.is_file() and "reader" not in p.relative_to(ROOT).parts]
    files += [d.akn_path for d in corpus.documents()]
    files += [p for p in (ROOT / "corpus" / "annotations").rglob("*") if p.is_file()]  # notes, derivation tables
    notebook_inputs = yaml.safe_load(files[0].read_text(encoding="utf-8"))["sphinx"]["config"]["lex_notebook_inputs"]
    files += [p for pattern in notebook_inputs for p in ROOT.glob(pattern)]  # what the chapters run (widgets, corpus)
    return [f for f in files if f.exists() and "__pycache__" not in f.parts]


def is_stale(site: Path) -> bool:
    """Whether ``site`` is missing or older than anything it is built from: the stamp a finished build writes last
    (``lex_book.speed.complete_build``, in the doctree folder beside the site) is missing or older."""
    from lex_book.speed.complete_build import STAMP

    stamp = site.parent / ".doctrees" / STAMP
    if not stamp.exists():
        return True
    return max(f.stat().st_mtime for f in book_inputs()) > stamp.stat().st_mtime


def build_once(site: Path, commands: list[list[str]], fail: Callable[[str], object] = pytest.fail) -> None:
    """Run ``commands`` in the project if ``site`` is stale, one process at a time; a failed command is ``fail``ed
    with its log."""
    LOCK.parent.mkdir(parents=True, exist_ok=True)
    with FileLock(LOCK):
        if not is_stale(site):
            return
        for command in commands:
            pipe = subprocess.PIPE  # the command in a process group of its own, to be ended whole
            with subprocess.Popen(
                command, cwd=ROOT, stdout=pipe, stderr=pipe, text=True, start_new_session=True
            ) as run:
                RUNNING.add(run)
                try:
                    stdout, stderr = run.communicate()
                finally:
                    RUNNING.discard(run)
            if run.returncode != 0:
                fail(f"{' '.join(command)} failed:\n{stdout[-4000:]}\n{stderr[-4000:]}")
                return


RUNNING: set[subprocess.Popen[str]] = set()
"""The build commands running in this process (:func:`build_once`), for :func:`stop_builds`."""


def stop_builds() -> None:
    """End the builds this process started and that are still running: a session that stops early (a failure under
    ``-x``, Ctrl-C, a file name mistyped) must not leave its background build racing the next session's. A build
    stopped part way leaves no finished-build stamp, so the next one writes the site whole
    (``lex_book.speed.complete_build``)."""
    for run in list(RUNNING):
        with contextlib.suppress(ProcessLookupError):
            os.killpg(run.pid, signal.SIGTERM)  # the command and what it started (make's jupyter-book, its kernels)
        try:
            run.wait(timeout=30)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(run.pid, signal.SIGKILL)


def start_in_background(nice: int) -> threading.Thread:
    """Build the student edition, then the instructor's at niceness ``nice`` (the test processes'), in a thread of
    this process (the builds themselves are subprocesses): the test processes wait on the lock only if they need a
    site before it is ready."""

    def build_both() -> None:
        build_once(SITE, STUDENT_COMMANDS, fail=lambda _log: None)
        nicer = [["nice", "-n", str(nice), *command] for command in INSTRUCTOR_COMMANDS]
        build_once(INSTRUCTOR_SITE, nicer, fail=lambda _log: None)

    thread = threading.Thread(target=build_both, name="book-builds", daemon=True)
    thread.start()
    return thread

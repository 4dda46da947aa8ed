"""The project's command lines in hostile environments (issue 27, item 6): UTF-8 bytes on standard output whatever
the locale, and an output that cannot be written (a closed or full standard output, a pipe whose reader has gone) is
one line on standard error with exit status 74, never half a JSON document followed by a traceback.

Each command runs as a user runs it, in a fresh process (``python -m …``) from the project's folder.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from corpus.outputs import OUTPUT_FAILED
from widgets import provision_ids

PROJECT = Path(__file__).resolve().parents[2]
CASES = PROJECT / "widgets" / "cases"


def first_case(provision_id: str) -> dict:
    """The facts of the first case written for ``provision_id`` (``widgets/cases/``)."""
    data = yaml.safe_load((CASES / f"{provision_id.replace('/', '__')}.yaml").read_text(encoding="utf-8"))
    return data["cases"][0]["facts"]


def run(
    args: list[str], stdin: str = "", env: dict[str, str] | None = None, stdout: int | None = subprocess.PIPE, **kw
) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", *args], cwd=PROJECT, input=stdin.encode(), stdout=stdout, stderr=subprocess.PIPE,
        env={**os.environ, **(env or {})}, timeout=300, **kw,
    )  # fmt: skip


ASCII = {"LC_ALL": "C", "LANG": "C", "PYTHONIOENCODING": "ascii"}
PER_RULE = [("facts", p, "") for p in provision_ids()] + [
    ("eval", p, json.dumps(first_case(p), default=str)) for p in provision_ids()
]


@pytest.mark.parametrize(("command", "provision_id", "facts"), PER_RULE, ids=[f"{c} {p}" for c, p, _ in PER_RULE])
def test_a_rule_answers_in_utf8_under_an_ascii_locale(command: str, provision_id: str, facts: str) -> None:
    """Before: the Ordinance's desertion and load-line descriptions (an en or em dash) and the Bill's load line ("³")
    died with UnicodeEncodeError after a part of the JSON."""
    done = run(["widgets", command, provision_id], stdin=facts, env=ASCII)
    assert done.returncode == 0, done.stderr.decode()
    assert done.stderr == b""
    same = run(["widgets", command, provision_id], stdin=facts, env={"PYTHONIOENCODING": "utf-8"})
    assert done.stdout == same.stdout, "the bytes do not depend on the locale"
    json.loads(done.stdout.decode("utf-8"))


def assignment_args(tmp_path: Path) -> list[str]:
    return ["widgets.exercises", "assignment", "pilgrims", "--seed", "s", "--students", "ann", "--out", str(tmp_path)]


COMMANDS = {
    "widgets list": ["widgets", "list"],
    "widgets facts": ["widgets", "facts", "pk-mso-2001/desertion"],
    "corpus stats": ["corpus", "stats"],
    "corpus notes export": ["corpus", "notes", "export"],  # 700 KB of JSON-LD, more than a pipe holds
    "corpus derivations": ["corpus", "derivations"],
    "trace check": ["widgets.trace", "check"],
}


@pytest.mark.parametrize("args", COMMANDS.values(), ids=COMMANDS.keys())
def test_every_command_writes_utf8_under_an_ascii_locale(args: list[str]) -> None:
    done = run(args, env=ASCII)
    assert done.returncode == 0, done.stderr.decode()
    assert done.stdout == run(args).stdout
    done.stdout.decode("utf-8")


def one_line_error(done: subprocess.CompletedProcess[bytes], name: str, why: str) -> None:
    err = done.stderr.decode("utf-8")
    assert "Traceback" not in err and "Exception ignored" not in err, err
    assert err.splitlines() == [f"python -m {name}: cannot write to standard output ({why})"], err
    assert done.returncode == OUTPUT_FAILED


HOSTILE = {**COMMANDS, "widgets eval": ["widgets", "eval", "pk-mso-2001/wages-on-wreck"]}


@pytest.mark.parametrize("args", HOSTILE.values(), ids=HOSTILE.keys())
def test_a_full_standard_output_is_one_line(args: list[str]) -> None:
    stdin = json.dumps(first_case("pk-mso-2001/wages-on-wreck"), default=str)
    with open("/dev/full", "wb") as full:
        done = run(args, stdin=stdin, stdout=full.fileno())
    one_line_error(done, args[0], "No space left on device")


@pytest.mark.parametrize("args", HOSTILE.values(), ids=HOSTILE.keys())
def test_a_broken_pipe_is_one_line(args: list[str]) -> None:
    """The reader of the pipe has gone before the output comes (``| head -c1`` that has had its byte)."""
    stdin = json.dumps(first_case("pk-mso-2001/wages-on-wreck"), default=str)
    read, write = os.pipe()
    os.close(read)
    try:
        done = run(args, stdin=stdin, stdout=write)
    finally:
        os.close(write)
    one_line_error(done, args[0], "Broken pipe")


@pytest.mark.parametrize("args", HOSTILE.values(), ids=HOSTILE.keys())
def test_a_closed_standard_output_is_one_line(args: list[str]) -> None:
    stdin = json.dumps(first_case("pk-mso-2001/wages-on-wreck"), default=str)
    done = run(args, stdin=stdin, stdout=None, preexec_fn=lambda: os.close(1))
    one_line_error(done, args[0], "it is closed")


def test_the_assignment_tool_on_a_full_standard_output_has_written_its_files(tmp_path: Path) -> None:
    """Its files are written before its one line of summary, which then fails cleanly."""
    with open("/dev/full", "wb") as full:
        done = run(assignment_args(tmp_path), stdout=full.fileno())
    one_line_error(done, "widgets.exercises", "No space left on device")
    assert (tmp_path / "notebooks" / "ann" / "pilgrims.ipynb").is_file()


def test_a_reader_that_stops_after_a_byte_gets_no_traceback() -> None:
    """The probe as typed: ``python -m corpus notes export | head -c1``."""
    shell = f"{sys.executable} -m corpus notes export | head -c1"
    done = subprocess.run(["bash", "-c", shell], cwd=PROJECT, capture_output=True, timeout=300)
    assert done.stdout == b"{"
    assert b"Traceback" not in done.stderr and b"Exception ignored" not in done.stderr

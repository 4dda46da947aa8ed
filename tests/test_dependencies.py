"""Locked dependencies (issue 27, item 7): the Python side is installed from ``requirements.lock``, every package
pinned with its hashes, the dev tools included; ``requirements.txt`` (what Binder reads) and
``requirements-dev.txt`` stay the readable intent, and the lock satisfies every line of them; ``make setup`` (and so
CI's ``make test``) installs the lock with ``--require-hashes``; ``make lock`` refreshes it."""

from __future__ import annotations

import re
import subprocess
from importlib import metadata
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

PROJECT = Path(__file__).resolve().parents[1]
LOCK = PROJECT / "requirements.lock"


def locked() -> dict[str, tuple[str, list[str]]]:
    """The lock's pins: by canonical name, the version and the hashes."""
    text = LOCK.read_text(encoding="utf-8")
    pins: dict[str, tuple[str, list[str]]] = {}
    for block in re.split(r"\n(?=[A-Za-z0-9])", text):
        pin = re.match(r"([A-Za-z0-9][A-Za-z0-9._-]*)==(\S+)", block)
        if pin:
            pins[canonicalize_name(pin[1])] = (pin[2], re.findall(r"--hash=sha256:([0-9a-f]{64})", block))
    return pins


def intent(path: Path) -> list[Requirement]:
    """The requirements of a readable requirements file, following its ``-r`` includes."""
    found = []
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.split(" #", 1)[0].strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("-r "):
            found += intent(path.parent / line[3:].strip())
            continue
        found.append(Requirement(line))
    return found


def test_every_locked_package_is_pinned_with_hashes() -> None:
    pins = locked()
    assert len(pins) > 100, "the lock holds the whole environment, not the top-level names"
    assert [name for name, (_, hashes) in pins.items() if not hashes] == []
    text = LOCK.read_text(encoding="utf-8")
    assert not re.search(r"^(-i|--index-url|--extra-index-url|--find-links|-f)\b", text, re.M), "no local index"


@pytest.mark.parametrize("requirement", intent(PROJECT / "requirements-dev.txt"), ids=str)
def test_the_lock_satisfies_each_line_of_the_readable_requirements(requirement: Requirement) -> None:
    """``requirements.txt`` (runtime and book, Binder's) and ``requirements-dev.txt`` (pytest, ruff, playwright,
    hypothesis): a line edited without ``make lock`` fails here."""
    pins = locked()
    name = canonicalize_name(requirement.name)
    assert name in pins, f"{requirement} is not in requirements.lock: run `make lock`"
    assert requirement.specifier.contains(pins[name][0], prereleases=True), (
        f"requirements.lock pins {name}=={pins[name][0]}, outside {requirement}: run `make lock`"
    )


def test_the_projects_own_dependencies_are_locked() -> None:
    """``pyproject.toml``'s dependencies (what ``pip install -e .`` would ask for) are in the lock too."""
    import tomllib

    project = tomllib.loads((PROJECT / "pyproject.toml").read_text(encoding="utf-8"))
    pins = locked()
    for line in project["project"]["dependencies"]:
        requirement = Requirement(line)
        assert requirement.specifier.contains(pins[canonicalize_name(requirement.name)][0])


def test_the_environment_is_the_lock() -> None:
    """The venv the tests run in was installed from the lock (``make setup``): the same version of every package."""
    pins = locked()
    differ = {}
    for name, (version, _) in pins.items():
        try:
            installed = metadata.version(name)
        except metadata.PackageNotFoundError:
            differ[name] = (version, None)
            continue
        if installed != version:
            differ[name] = (version, installed)
    assert differ == {}, f"installed packages differ from requirements.lock (locked, installed): {differ}"


def test_setup_and_ci_install_the_lock_with_hashes() -> None:
    """``make setup`` (which ``make test``, CI's command, runs first) installs ``requirements.lock`` with
    ``--require-hashes``, then the project with ``--no-deps``; ``make lock`` is the one command that refreshes it."""
    plan = subprocess.run(
        ["make", "-n", "-B", "setup", "PYTHON=python3"], cwd=PROJECT, capture_output=True, text=True, check=True
    ).stdout
    installs = [line for line in plan.splitlines() if "pip install" in line]
    assert installs[0].endswith("pip install --quiet --require-hashes --no-deps -r requirements.lock"), installs
    assert "--no-deps" in installs[1] and installs[1].endswith("-e ."), installs
    assert len(installs) == 2, "nothing is installed from outside the lock"
    assert "pip check" in plan
    assert "make test" in (PROJECT / ".ci" / "run").read_text(encoding="utf-8")
    refresh = subprocess.run(
        ["make", "-n", "lock", "PYTHON=python3"], cwd=PROJECT, capture_output=True, text=True, check=True
    ).stdout
    assert "pip-compile" in refresh and "--generate-hashes" in refresh and "--output-file requirements.lock" in refresh
    assert "`make lock`" in (PROJECT / "README.md").read_text(encoding="utf-8")

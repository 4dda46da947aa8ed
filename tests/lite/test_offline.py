"""The lite build offline (issue 27, item 7): the wheels the lab takes from PyPI are pinned with their hashes in
``lite/requirements.lock`` and fetched by ``make setup`` (``lite/wheels.py``), and ``lite/build.py`` resolves from
that folder alone. Proved by running the build in a network namespace of its own, where no host can be reached (the
same build asked to resolve on PyPI fails there), and finding the lab it makes the same as the one built with the
network on."""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import wheels  # lite/wheels.py (tests/lite/conftest.py puts lite/ first on the path)

ROOT = Path(__file__).resolve().parents[2]
LITE = ROOT / "lite"
MADE_HERE = {"lex-maritima", "lex-maritima-live", "pyyaml", "babel"}
"""The lab's wheels lite/build.py makes from the venv (never fetched, never pinned)."""
FROM_THE_KERNEL = "../../extensions/@jupyterlite/pyodide-kernel-extension/static/pypi/"
"""Where the wheels that jupyterlite-pyodide-kernel ships in its lab extension sit (ipykernel, piplite, its kernel)."""
TIMESTAMPED = ("created", "last_modified")


def network_cut() -> list[str]:
    """A prefix that runs a command with no network at all: a network namespace of its own, holding only a loopback
    that is down (``unshare -n`` as root, as CI runs; ``unshare -rn``, in a user namespace, otherwise)."""
    for prefix in (["unshare", "-n"], ["unshare", "-rn"]):
        if shutil.which(prefix[0]) and subprocess.run([*prefix, "true"], capture_output=True).returncode == 0:
            return prefix
    pytest.fail("cannot run a command without a network here: `unshare -n` (as root) or `unshare -rn` is needed")


def run_cut(command: list[str], tmp: Path) -> subprocess.CompletedProcess[str]:
    """``command`` with no network, and empty pip and uv caches (nothing an earlier online run cached can serve)."""
    env = dict(os.environ) | {"UV_CACHE_DIR": str(tmp / "uv-cache"), "PIP_CACHE_DIR": str(tmp / "pip-cache")}
    return subprocess.run([*network_cut(), *command], cwd=ROOT, capture_output=True, text=True, env=env)


def build_command(output: Path, stage: Path, online: bool) -> list[str]:
    """The lite build as ``make lite`` runs it, or (``online``) asked to resolve on PyPI as ``make lock`` does."""
    if not online:
        return [sys.executable, str(LITE / "build.py"), "--output", str(output), "--stage", str(stage)]
    code = f"import build; from pathlib import Path; build.build(Path({str(output)!r}), Path({str(stage)!r}), None)"
    return [sys.executable, "-c", f"import sys; sys.path.insert(0, {str(LITE)!r}); {code}"]


def comparable(site: Path) -> dict[str, Any]:
    """Every file of a lab by its path, as bytes, except what differs between any two builds: the build's time
    (the stamp), JupyterLite's file times (the contents listings) and nbformat's random cell ids (the notebooks)."""
    found: dict[str, Any] = {}
    for path in sorted(p for p in site.rglob("*") if p.is_file()):
        name = path.relative_to(site).as_posix()
        if name == "lex-maritima-lite.json":
            found[name] = {k: v for k, v in json.loads(path.read_text(encoding="utf-8")).items() if k != "built"}
        elif name.startswith("api/contents/") and name.endswith("all.json"):
            listing = json.loads(path.read_text(encoding="utf-8"))
            for entry in listing["content"]:
                for key in TIMESTAMPED:
                    entry.pop(key, None)
            found[name] = {k: v for k, v in listing.items() if k not in TIMESTAMPED}
        elif name.endswith(".ipynb"):
            notebook = json.loads(path.read_text(encoding="utf-8"))
            for cell in notebook["cells"]:
                cell.pop("id", None)
            found[name] = notebook
        else:
            found[name] = path.read_bytes()
    return found


@pytest.fixture(scope="module")
def offline_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    work = tmp_path_factory.mktemp("lite-offline")
    output = work / "html" / "lite"
    run = run_cut(build_command(output, work / "src", online=False), work)
    assert run.returncode == 0, f"the lite build needed the network:\n{run.stdout[-3000:]}\n{run.stderr[-3000:]}"
    assert "wheels of lite/requirements.lock" in run.stdout
    return output


def test_no_host_can_be_reached_under_the_cut(tmp_path: Path) -> None:
    probe = "import socket; socket.create_connection(('pypi.org', 443), timeout=10)"
    run = run_cut([sys.executable, "-c", probe], tmp_path)
    assert run.returncode != 0 and ("gaierror" in run.stderr or "OSError" in run.stderr), run.stderr[-500:]


def test_the_build_asked_to_resolve_on_pypi_fails_under_the_cut(tmp_path: Path) -> None:
    """What the offline build is measured against: the lock step of the build before the pins (and of ``make
    lock``) reaches PyPI, and under the cut it cannot."""
    run = run_cut(build_command(tmp_path / "html" / "lite", tmp_path / "src", online=True), tmp_path)
    assert run.returncode != 0
    assert "pylock.toml" in run.stdout + run.stderr  # it failed where uv resolves, not before
    assert not (tmp_path / "html" / "lite" / wheels.LOCK.name).exists()


def test_the_lite_build_runs_offline_and_makes_the_same_lab(offline_site: Path, lite_site: Path) -> None:
    online, offline = comparable(lite_site), comparable(offline_site)
    assert sorted(offline) == sorted(online)
    assert [name for name in online if offline[name] != online[name]] == []


def test_the_lock_pins_every_wheel_the_lab_takes_from_pypi_and_no_other(offline_site: Path) -> None:
    lock = json.loads((offline_site / "static" / "pyodide-lock" / "pyodide-lock.json").read_text(encoding="utf-8"))
    pins = wheels.pins()
    taken = {}
    for name, package in lock["packages"].items():
        if name in MADE_HERE or package["file_name"].startswith(FROM_THE_KERNEL):
            continue
        wheel = offline_site / "static" / "pyodide" / package["file_name"]
        taken[name] = (package["version"], hashlib.sha256(wheel.read_bytes()).hexdigest())
    assert taken == pins


def test_a_missing_or_altered_wheel_is_one_line_saying_to_run_setup(tmp_path: Path) -> None:
    fetched = wheels.check()  # make setup has run
    for wheel in fetched:
        shutil.copy2(wheel, tmp_path / wheel.name)
    assert wheels.check(tmp_path) == sorted(tmp_path / w.name for w in fetched)
    gone, altered = tmp_path / fetched[0].name, tmp_path / fetched[1].name
    gone.unlink()
    altered.write_bytes(altered.read_bytes() + b"\0")
    with pytest.raises(wheels.WheelsError) as error:
        wheels.check(tmp_path)
    message = str(error.value)
    assert "\n" not in message and message.endswith("run `make setup`")
    names = [re.sub(r"-\d.*", "", w.name).lower().replace("_", "-") for w in (gone, altered)]
    assert all(name in message.lower() for name in names), message


def test_setup_fetches_the_pins_lite_reads_them_and_lock_refreshes_them() -> None:
    def plan(*target: str) -> str:
        command = ["make", "-n", "-B", *target, "PYTHON=python3"]
        return subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=True).stdout

    assert "lite/wheels.py fetch --into .venv/lite-wheels" in plan("setup")
    assert "lite/build.py --output _build/html/lite --wheels .venv/lite-wheels" in plan("lite")
    assert "lite/build.py --lock" in plan("lock")


def test_a_line_of_the_lock_that_is_not_a_pin_is_refused(tmp_path: Path) -> None:
    """Nothing in the lock is skipped unread: a pin without its hash is an error, not a wheel left out."""
    lock = tmp_path / "requirements.lock"
    lock.write_text(wheels.LOCK.read_text(encoding="utf-8") + "extra-package==1.0\n", encoding="utf-8")
    with pytest.raises(wheels.WheelsError, match="extra-package==1.0"):
        wheels.pins(lock)

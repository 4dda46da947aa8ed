"""The wheels the lab takes from PyPI, pinned with their hashes and fetched at set-up, so the lite build runs offline.

``lite/requirements.lock`` pins each pure-Python wheel the lab's lock step takes from PyPI (ipywidgets, IPython,
jedi, micropip… every one the ``uv pip compile`` of ``lite/build.py`` step 4 resolves that is not made here), with its
SHA-256. Three commands:

``python lite/wheels.py fetch [--into DIR]``
    What ``make setup`` runs: pip downloads the locked wheels (``--require-hashes``, no dependency resolution, wheels
    only, for Pyodide's Python) into ``.venv/lite-wheels``, the folder the lite build reads; a wheel there that the
    lock no longer names is removed, and every wheel is checked against its hash.
``python lite/build.py`` (``make lite``)
    Checks the folder (:func:`check`: a missing or altered wheel is one line saying to run ``make setup``) and has uv
    resolve from it alone (``--offline --no-index --find-links``): the build reaches no network.
``python lite/build.py --lock`` (part of ``make lock``)
    Builds the lab once with uv resolving from PyPI, the newest releases ``jupyter_lite_config.json`` allows, and
    writes the lock from that resolution (:func:`write_lock`); review the diff, run ``make test``, commit.
"""

from __future__ import annotations

import argparse
import hashlib
import re
import subprocess
import sys
import tomllib
from pathlib import Path

LITE = Path(__file__).resolve().parent
ROOT = LITE.parent
LOCK = LITE / "requirements.lock"
FOLDER = ROOT / ".venv" / "lite-wheels"
HEADER = """\
# The wheels the JupyterLite lab takes from PyPI (lite/build.py, step 4), each pinned with its SHA-256 hash.
# `make setup` fetches them into .venv/lite-wheels (python lite/wheels.py fetch), the only place the lite build
# resolves from, offline. Written by `make lock` (python lite/build.py --lock) from an online build; do not edit.
"""
PIN = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)==(\S+) \\\n\s+--hash=sha256:([0-9a-f]{64})$", re.M)


class WheelsError(SystemExit):
    """The lock or the folder of wheels is not what the lite build needs: one line, saying what to run."""


def pins(lock: Path = LOCK) -> dict[str, tuple[str, str]]:
    """The lock's pins: ``{name: (version, sha256)}``."""
    if not lock.is_file():
        raise WheelsError(f"{lock} is missing: run `make lock`")
    text = "".join(line for line in lock.read_text(encoding="utf-8").splitlines(True) if not line.startswith("#"))
    found = {name: (version, digest) for name, version, digest in PIN.findall(text)}
    stray = PIN.sub("", text).split()
    if stray or not found:
        raise WheelsError(f"{lock}: {' '.join(stray[:3]) or 'no pin'} is not a pin with its hash: run `make lock`")
    return found


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def check(folder: Path = FOLDER, lock: Path = LOCK) -> list[Path]:
    """The locked wheels in ``folder``, each present once and with its pinned hash (else :class:`WheelsError`)."""
    by_digest = {_sha256(path): path for path in sorted(folder.glob("*.whl"))} if folder.is_dir() else {}
    wanted = pins(lock)
    missing = sorted(f"{name}=={version}" for name, (version, digest) in wanted.items() if digest not in by_digest)
    if missing:
        raise WheelsError(
            f"the lab's wheels in {folder} lack {', '.join(missing)} (or differ from lite/requirements.lock):"
            " run `make setup`"
        )
    return sorted(by_digest[digest] for _, digest in wanted.values())


def fetch(folder: Path = FOLDER, lock: Path = LOCK) -> list[Path]:
    """Download the locked wheels into ``folder`` (see the module docstring) and return them, checked."""
    from jupyterlite_pyodide_kernel.constants import PYODIDE_PYTHON_VERSION

    folder.mkdir(parents=True, exist_ok=True)
    command = [
        sys.executable, "-m", "pip", "download", "--quiet", "--disable-pip-version-check", "--require-hashes",
        "--no-deps", "--only-binary=:all:", f"--python-version={PYODIDE_PYTHON_VERSION}", "--dest", str(folder),
        "-r", str(lock),
    ]  # fmt: skip
    subprocess.run(command, check=True)
    kept = check(folder, lock)
    for stale in sorted(set(folder.glob("*.whl")) - set(kept)):
        stale.unlink()
    return kept


def write_lock(pylock_toml: Path, lock: Path = LOCK) -> dict[str, tuple[str, str]]:
    """Write the lock from the ``pylock.toml`` of an online lock step: every package resolved to a wheel on an index
    (those made here or shipped by the kernel are local files, not pinned), with that wheel's hash."""
    found: dict[str, tuple[str, str]] = {}
    for package in tomllib.loads(pylock_toml.read_text(encoding="utf-8")).get("packages", []):
        wheels = package.get("wheels") or []
        if len(wheels) == 1 and wheels[0].get("url", "").startswith("https://"):
            found[package["name"]] = (package["version"], wheels[0]["hashes"]["sha256"])
    if not found:
        raise WheelsError(f"{pylock_toml}: no wheel from an index (was the lock step offline?)")
    lines = [f"{name}=={version} \\\n    --hash=sha256:{digest}\n" for name, (version, digest) in sorted(found.items())]
    lock.write_text(HEADER + "".join(lines), encoding="utf-8")
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("command", choices=["fetch", "check"])
    parser.add_argument("--into", type=Path, default=FOLDER, help="the folder of wheels (default: %(default)s)")
    args = parser.parse_args()
    wheels = fetch(args.into.resolve()) if args.command == "fetch" else check(args.into.resolve())
    print(f"[lite] {len(wheels)} locked wheels in {args.into}")


if __name__ == "__main__":
    main()

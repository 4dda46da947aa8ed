"""PyYAML for the browser: the pure-Python ``yaml`` package of PyYAML's own source distribution, as a wheel.

Pyodide ships PyYAML only as a compiled wheel on its CDN, which the offline site cannot fetch, and PyPI has no Pyodide
wheel of it. PyYAML's sdist holds the complete pure-Python implementation (``lib/yaml``; the C speed-ups in
``yaml/_yaml`` are optional: ``yaml/__init__.py`` falls back when ``from .cyaml import *`` fails), so the wheel made
here is PyYAML itself, minus the speed-ups, at the version Pyodide's lock names.
"""

from __future__ import annotations

import subprocess
import sys
import tarfile
from pathlib import Path

from wheelfile import write_wheel


def build(version: str, work: Path, out_dir: Path) -> Path:
    """Download PyYAML ``version``'s sdist from PyPI into ``work`` and write its pure-Python wheel into ``out_dir``."""
    work.mkdir(parents=True, exist_ok=True)
    sdist = work / f"pyyaml-{version}.tar.gz"
    if not sdist.is_file():
        subprocess.run(
            [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--no-binary", ":all:",
             f"pyyaml=={version}", "-d", str(work)],
            check=True,
        )  # fmt: skip
    prefix = f"pyyaml-{version}/lib/yaml/"
    files: dict[str, bytes] = {}
    with tarfile.open(sdist) as archive:
        for member in archive.getmembers():
            if member.isfile() and member.name.startswith(prefix) and member.name.endswith(".py"):
                handle = archive.extractfile(member)
                assert handle is not None
                files["yaml/" + member.name.removeprefix(prefix)] = handle.read()
    if "yaml/__init__.py" not in files:
        raise SystemExit(f"{sdist}: no {prefix}__init__.py: not PyYAML's usual layout")
    return write_wheel(out_dir, "PyYAML", version, files)

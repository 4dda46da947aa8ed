"""The lite site (``lite/build.py``), built once per test session into a folder of its own.

The build is the command of ``make lite`` with a temporary output and staging folder, so it neither needs nor
touches a book build in ``_build/`` and starts from nothing (no lock cache, no wheels, no notebooks): the tests see a
fresh build, which takes seconds (``benchmarks/lite_build.py``).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "lite"))


@pytest.fixture(scope="session")
def lite_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh lite site: the output folder of ``lite/build.py`` (what the book serves as ``lite/``)."""
    if not (ROOT / "node_modules" / "pyodide" / "package.json").is_file():
        pytest.fail("node_modules/pyodide is missing: run `npm ci --no-audit --no-fund --ignore-scripts`")
    work = tmp_path_factory.mktemp("lite-build")
    output = work / "html" / "lite"
    command = [sys.executable, str(ROOT / "lite" / "build.py"), "--output", str(output), "--stage", str(work / "src")]
    run = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
    if run.returncode != 0:
        pytest.fail(f"lite/build.py failed:\n{run.stdout[-4000:]}\n{run.stderr[-4000:]}")
    return output

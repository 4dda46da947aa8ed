"""Babel for the browser: the wheel from PyPI with only the CLDR locale data the calculators use.

``widgets.rules.money`` formats rupees with the ``en_IN`` and ``en_PK`` locales. Babel's wheel carries every CLDR
locale (about 11 MB zipped), which would be a third of the live calculators' download; ``babel/locale-data/*.dat`` is
read one locale at a time (``babel.localedata.load``), so the files of other languages are never opened. This keeps
``root`` and every ``en*`` locale (the parents of ``en_IN``/``en_PK`` are among them) and everything outside
``locale-data`` byte for byte.
"""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

from wheelfile import write_wheel

LOCALE_DATA = "babel/locale-data/"
KEPT_LOCALES = ("root.dat", "en.dat", "en_")


def build(requirement: str, work: Path, out_dir: Path) -> Path:
    """Download ``requirement``'s wheel from PyPI into ``work`` and write the slimmed wheel into ``out_dir``."""
    work.mkdir(parents=True, exist_ok=True)
    subprocess.run(
        [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary", ":all:", requirement,
         "-d", str(work)],
        check=True,
    )  # fmt: skip
    wheel = max(work.glob("babel-*-py3-none-any.whl"))
    version = wheel.name.split("-")[1]
    files: dict[str, bytes] = {}
    requires: tuple[str, ...] = ()
    with zipfile.ZipFile(wheel) as archive:
        for name in archive.namelist():
            if ".dist-info/" in name:
                if name.endswith("/METADATA"):
                    meta = archive.read(name).decode()
                    requires = tuple(
                        line.removeprefix("Requires-Dist: ")
                        for line in meta.splitlines()
                        if line.startswith("Requires-Dist: ") and "extra ==" not in line
                    )
                continue
            leaf = name.removeprefix(LOCALE_DATA)
            if name.startswith(LOCALE_DATA) and leaf.endswith(".dat") and not leaf.startswith(KEPT_LOCALES):
                continue
            files[name] = archive.read(name)
    return write_wheel(out_dir, "babel", version, files, requires)

"""PyYAML for the browser: the pure-Python ``yaml`` package of the PyYAML installed in the build's venv, as a wheel.

Pyodide ships PyYAML only as a compiled wheel on its CDN, which the offline site cannot fetch, and PyPI has no Pyodide
wheel of it. PyYAML's binary wheels (the one in ``.venv``) hold its complete pure-Python implementation beside the
optional C speed-ups (``yaml/_yaml*.so``; ``yaml/__init__.py`` falls back when ``from .cyaml import *`` fails), so the
wheel made here is PyYAML itself, at the version the book is built with, minus the speed-ups: nothing is downloaded,
nothing compiled (building PyYAML's sdist would also build Cython from source: ten minutes on two cores).
"""

from __future__ import annotations

from pathlib import Path

from widgets.browser import installed_wheel


def build(out_dir: Path) -> Path:
    """Write the pure-Python wheel of the installed PyYAML (its ``yaml`` package) into ``out_dir``."""
    return installed_wheel(out_dir, "PyYAML", ("yaml",))

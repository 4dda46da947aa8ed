"""Babel for the browser: the installed Babel (a PyPI wheel, pure Python) with only the locale data used.

``widgets.rules.money`` formats rupees with the ``en_IN`` and ``en_PK`` locales. Babel carries every CLDR locale
(about 11 MB zipped), which would be a third of the lab's download; ``babel/locale-data/*.dat`` is read one locale at
a time (``babel.localedata.load``), so the files of other languages are never opened. This keeps ``root`` and every
``en*`` locale (the parents of ``en_IN``/``en_PK`` are among them) and everything outside ``locale-data`` byte for
byte, from the Babel installed in the build's venv (so at the version the book is built with, and nothing downloaded).
"""

from __future__ import annotations

from pathlib import Path

from widgets.browser import installed_wheel

LOCALE_DATA = "babel/locale-data/"
KEPT_LOCALES = ("root.dat", "en.dat", "en_")


def kept(path: str) -> bool:
    """Whether ``path`` (in the installed Babel) goes into the browser's wheel."""
    if not path.startswith("babel/"):
        return False
    leaf = path.removeprefix(LOCALE_DATA)
    return not (path.startswith(LOCALE_DATA) and leaf.endswith(".dat") and not leaf.startswith(KEPT_LOCALES))


def build(out_dir: Path) -> Path:
    """Write the slimmed wheel of the installed Babel into ``out_dir``."""
    return installed_wheel(out_dir, "babel", ("babel",), kept)

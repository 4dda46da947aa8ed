"""the theme's icon font cut to the icons the site shows.

pydata-sphinx-theme draws its icons (the menu, search, contents, download buttons, the chevrons of the sidebar) with
Font Awesome 6's font, ``fa-solid-900.woff2``: 156 KB, half of what a statute's section page transfers, for the
dozen glyphs of 1,400 the site uses. When the build finishes, every page and script of the site is read for the
icon classes it names (``fa-bars``, ``fa-magnifying-glass``…), the theme's stylesheet says which character each one
is (``.fa-bars:before{content:"\\f0c9"}``), and each of the theme's ``.woff2`` fonts is written again from the theme's
own copy with only those characters (fontTools' subsetter; WOFF2 needs ``brotli``). An icon a later build adds is
in the font that build writes: the cut starts from the theme's file every time, and is kept under a digest of the
characters and the font (``_build/.doctrees/lex-maritima/icons``) so an unchanged build only copies it.
"""

from __future__ import annotations

import hashlib
import io
import re
import shutil
from pathlib import Path

import pydata_sphinx_theme
from sphinx.application import Sphinx
from sphinx.util import logging

from lex_book.open_data.open_data import ADDRESS_DIR, DATA_DIR
from lex_book.speed import complete_build, site_memo

LOGGER = logging.getLogger(__name__)
THEME_FONTS = Path(pydata_sphinx_theme.__file__).parent / "theme/pydata_sphinx_theme/static/vendor/fontawesome/webfonts"
SITE_FONTS = Path("_static/vendor/fontawesome/webfonts")
STYLESHEET = Path("_static/styles/pydata-sphinx-theme.css")
UNTHEMED = ("lite", "_sources", "_images", "pagefind", DATA_DIR, ADDRESS_DIR)
"""The site's folders that hold no page or script of the theme: the lab, the sources, the search index, the open
data (downloads, and its addresses' redirect pages)."""
ICON_CLASS = re.compile(r"\bfa-[a-z0-9]+(?:-[a-z0-9]+)*")
ICON_RULE = re.compile(r"((?:\.fa-[a-z0-9-]+:{1,2}before,?)+)\{content:\"\\([0-9a-f]+)\"")
"""``.fa-bars:before,.fa-navicon:before{content:"\\f0c9"}``: the classes and the character they draw."""


def icon_characters(stylesheet: str) -> dict[str, int]:
    """Each icon class of the theme's stylesheet and the character it draws."""
    found: dict[str, int] = {}
    for classes, code in ICON_RULE.findall(stylesheet):
        for name in re.findall(r"\.(fa-[a-z0-9-]+):", classes):
            found[name] = int(code, 16)
    return found


def used_icons(site: Path, kept: Path | None = None) -> set[str]:
    """The icon classes named anywhere in the site's pages and scripts. With a store (``kept``), a file is read again
    only when it was written since (:mod:`lex_book.speed.site_memo`)."""
    files = {
        path: stamp
        for path, stamp in complete_build.site_files(site, leave_out=UNTHEMED).items()
        if path.endswith(".html") or (path.startswith("_static/") and path.endswith(".js"))
    }
    found = site_memo.learnt(site, files, _icons, kept, ICON_CLASS.pattern)
    return {name for names in found.values() for name in names}


def _icons(path: Path) -> list[str]:
    return sorted(set(ICON_CLASS.findall(path.read_text(encoding="utf-8", errors="replace"))))


def cut(font: Path, characters: set[int]) -> bytes:
    """``font`` (WOFF2) with only ``characters`` (those it has), as WOFF2."""
    from fontTools import subset  # here: a build whose icons did not change cuts no font (0.1 s of every start)
    from fontTools.ttLib import TTFont

    options = subset.Options()
    options.flavor = "woff2"
    options.layout_features = ["*"]
    face = TTFont(font, recalcTimestamp=False)  # the theme font's date, not the build's: the same bytes each build
    kept = characters & set(face.getBestCmap())
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=sorted(kept))
    subsetter.subset(face)
    out = io.BytesIO()
    face.flavor = "woff2"
    face.save(out)
    return out.getvalue()


def write_fonts(app: Sphinx, exception: Exception | None) -> None:
    if exception is not None or app.builder.format != "html":
        return
    site = Path(app.outdir)
    table = icon_characters((site / STYLESHEET).read_text(encoding="utf-8"))
    characters = {table[name] for name in used_icons(site, site_memo.store(app, "icons")) if name in table}
    cache = Path(app.doctreedir) / "lex-maritima" / "icons"
    cache.mkdir(parents=True, exist_ok=True)
    sizes = []
    for font in sorted(THEME_FONTS.glob("*.woff2")):
        key = hashlib.sha256(font.read_bytes() + repr(sorted(characters)).encode() + b"dated").hexdigest()[:20]
        kept = cache / f"{font.stem}-{key}.woff2"
        if not kept.is_file():
            kept.write_bytes(cut(font, characters))
        shutil.copyfile(kept, site / SITE_FONTS / font.name)
        sizes.append(f"{font.name} {font.stat().st_size / 1e3:.0f} → {kept.stat().st_size / 1e3:.1f} kB")
    LOGGER.info("icon fonts: %d icons; %s", len(characters), ", ".join(sizes))


def register(app: Sphinx) -> None:
    app.connect("build-finished", write_fonts)

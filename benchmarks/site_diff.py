"""The difference between two built sites (``_build/html``), for ``book_build.py --compare``: files only in one
site, files in both that differ, and for each differing file whether it differs only by what a build may change
without changing the site — hashed static names (``?digest=…``, ``name.<hash>.css``) and build dates — or by
something else, with the first lines that differ so that a reader can say why.

Two kinds of binary file are read inside: a zip (the calculators' Python, ``_static/live/lex-live.zip``) is compared
member by member, and a font (the icon fonts the book cuts, ``*.woff2``) table by table with fontTools (in the
project's lock), its ``head`` table's dates (``modified``, ``created``) and checksum left out. Any other binary file
that differs is listed as such. The benchmark imports this module beside itself; the tests as ``benchmarks.site_diff``.
"""

from __future__ import annotations

import difflib
import hashlib
import io
import re
import zipfile
from dataclasses import dataclass, field
from pathlib import Path

from fontTools.ttLib import TTFont

VOLATILE: list[tuple[re.Pattern[str], str]] = [
    # the cache-busting digest Sphinx adds to each static file's address (pydata-sphinx-theme, sphinx-book-theme)
    (re.compile(r"\?digest=[0-9a-f]+"), "?digest=#"),
    # Sphinx's ``?v=<checksum>`` after a css/js address, written only when the file is already in _static as the
    # page is written: myst-nb copies its mystnb.<hash>.css late, so a page written by a first build lacks it and
    # the same page written again by a later build has it
    (re.compile(r"\?v=[0-9a-f]{8}\b"), ""),
    # a content hash in a file name: mystnb.<sha256>.css, pagefind's en_<hash>.pf_meta / .pf_fragment / .pf_index
    (re.compile(r"\.[0-9a-f]{16,}\.(css|js)\b"), r".#.\1"),
    (re.compile(r"\b(en|unknown)_[0-9a-f]{6,}\b"), r"\1_#"),
]
"""What may differ between two builds of the same input, and what each is replaced by before comparing."""

EXCERPT = 160
"""Characters of each differing line kept in the report."""

FONTS = (".woff2", ".woff", ".ttf", ".otf")
FONT_DATES = ("modified", "created", "checkSumAdjustment")
"""The fields of a font's ``head`` table that say when it was made (and its checksum, which covers them)."""


def normalise(text: str) -> str:
    """``text`` with every hashed static name and build date replaced by a placeholder (:data:`VOLATILE`)."""
    for pattern, placeholder in VOLATILE:
        text = pattern.sub(placeholder, text)
    return text


def files(site: Path) -> dict[str, Path]:
    """Every file of ``site`` by its path relative to it."""
    return {p.relative_to(site).as_posix(): p for p in site.rglob("*") if p.is_file()}


def differing_lines(a: str, b: str, limit: int = 3) -> list[list[str]]:
    """The first ``limit`` pairs of lines that differ between ``a`` and ``b`` (after :func:`normalise`), cut short."""
    pairs: list[list[str]] = []
    left, right = a.splitlines(), b.splitlines()
    matcher = difflib.SequenceMatcher(None, left, right, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag != "equal":
            pairs.append(["\n".join(left[i1:i2])[:EXCERPT], "\n".join(right[j1:j2])[:EXCERPT]])
        if len(pairs) == limit:
            break
    return pairs


@dataclass
class SiteDiff:
    only_a: list[str] = field(default_factory=list)
    only_b: list[str] = field(default_factory=list)
    hashed_only: list[str] = field(default_factory=list)
    """Files that differ only by hashed static names and build dates."""
    other: dict[str, list[list[str]]] = field(default_factory=dict)
    """Every other differing file, with its first differing lines (``[]`` for a binary file)."""

    def summary(self) -> dict[str, object]:
        return {
            "only_in_a": self.only_a,
            "only_in_b": self.only_b,
            "differing_hashed_names_only": len(self.hashed_only),
            "differing_hashed_names_only_files": self.hashed_only,
            "differing_otherwise": self.other,
        }


def font_tables(raw: bytes) -> dict[str, bytes]:
    """Each table of a font, compiled, with the dates and checksum of its ``head`` table set to zero."""
    font = TTFont(io.BytesIO(raw), recalcTimestamp=False)
    for name in FONT_DATES:
        setattr(font["head"], name, 0)
    tags = [tag for tag in font.keys() if tag != "GlyphOrder"]  # noqa: SIM118  # a TTFont is not iterable
    return {tag: font[tag].compile(font) for tag in tags}


def compare_fonts(raw_a: bytes, raw_b: bytes) -> list[list[str]] | None:
    """``None`` when two fonts differ only by the dates in their ``head`` table; else the tables that differ."""
    tables_a, tables_b = font_tables(raw_a), font_tables(raw_b)
    differ = sorted(tag for tag in tables_a.keys() | tables_b.keys() if tables_a.get(tag) != tables_b.get(tag))
    return [[f"table {tag}", f"table {tag}"] for tag in differ] or None


def members(raw: bytes) -> dict[str, str]:
    with zipfile.ZipFile(io.BytesIO(raw)) as archive:
        return {name: hashlib.sha256(archive.read(name)).hexdigest()[:12] for name in archive.namelist()}


def compare_zips(raw_a: bytes, raw_b: bytes) -> list[list[str]] | None:
    """The members of two zip files that differ, each as ``name: digest`` (``-`` when missing), in name order."""
    members_a, members_b = members(raw_a), members(raw_b)
    names = sorted(name for name in members_a.keys() | members_b.keys() if members_a.get(name) != members_b.get(name))
    return [[f"{name}: {members_a.get(name, '-')}", f"{name}: {members_b.get(name, '-')}"] for name in names] or None


def compare_file(name: str, raw_a: bytes, raw_b: bytes) -> list[list[str]] | None:
    """``None`` when two versions of the file ``name`` are the same but for hashed names and dates; else what
    differs first: lines of text, members of a zip, tables of a font (``[]`` for any other binary file)."""
    if name.endswith(FONTS):
        return compare_fonts(raw_a, raw_b)
    if name.endswith(".zip"):
        return compare_zips(raw_a, raw_b)
    try:
        text_a, text_b = normalise(raw_a.decode("utf-8")), normalise(raw_b.decode("utf-8"))
    except UnicodeDecodeError:
        return []
    return None if text_a == text_b else differing_lines(text_a, text_b)


def site_diff(site_a: Path, site_b: Path) -> SiteDiff:
    """How ``site_b`` differs from ``site_a``."""
    files_a, files_b = files(site_a), files(site_b)
    diff = SiteDiff(only_a=sorted(files_a.keys() - files_b), only_b=sorted(files_b.keys() - files_a))
    for name in sorted(files_a.keys() & files_b):
        raw_a, raw_b = files_a[name].read_bytes(), files_b[name].read_bytes()
        if raw_a == raw_b:
            continue
        lines = compare_file(name, raw_a, raw_b)
        if lines is None:
            diff.hashed_only.append(name)
        else:
            diff.other[name] = lines
    return diff

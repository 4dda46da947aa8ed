"""The site diff of ``benchmarks/book_build.py --compare`` (benchmarks/site_diff.py): what it calls a difference of
hashed names and dates only, and what it keeps as a difference. The inputs are real: lines and icon fonts of the two
builds compared for issue 25 (commits 6dda724, before the book's package, and 5db6a80, after it)."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

from benchmarks.site_diff import compare_file, normalise, site_diff

FIXTURES = Path(__file__).resolve().parent / "site_diff_fixtures"

MYSTNB = (
    '    <link rel="stylesheet" type="text/css" '
    'href="../../_static/mystnb.11b39860a7a0cbfd473a3ad8a317855267ff0bd372690045ca344a6b62be495e.css{} />'
)
"""The line of book/comparisons/index.html that differed: written by the before's first build without Sphinx's
``?v=`` checksum (myst-nb's style sheet was not yet in _static), by the after's later full rebuild with it."""
BEFORE_PAGE, AFTER_PAGE = MYSTNB.format('"'), MYSTNB.format('?v=8cd3d715"')

RUNTIME_BEFORE, RUNTIME_AFTER = '  "lex-live.zip": "8b3894198792de16",', '  "lex-live.zip": "7175702f4fc4ef8e",'
"""_static/live/runtime.json: the digest of the calculators' Python, whose modules the package merge changed."""

BUILDINFO_BEFORE, BUILDINFO_AFTER = (
    "config: 1c7bcc433c41e21cddb67c5b8d6af7e3",
    "config: 93ac5231325b643a6c3eba483598959f",
)
""".buildinfo: the hash of Sphinx's configuration, which the merge changed (one extension instead of 18)."""


def test_sphinx_checksum_query_is_a_hashed_name() -> None:
    assert BEFORE_PAGE != AFTER_PAGE
    assert normalise(BEFORE_PAGE) == normalise(AFTER_PAGE)
    assert compare_file("book/comparisons/index.html", BEFORE_PAGE.encode(), AFTER_PAGE.encode()) is None


def test_a_changed_digest_of_content_is_kept_as_a_difference() -> None:
    assert compare_file("_static/live/runtime.json", RUNTIME_BEFORE.encode(), RUNTIME_AFTER.encode()) == [
        [RUNTIME_BEFORE, RUNTIME_AFTER]
    ]
    assert compare_file(".buildinfo", BUILDINFO_BEFORE.encode(), BUILDINFO_AFTER.encode()) == [
        [BUILDINFO_BEFORE, BUILDINFO_AFTER]
    ]


def test_icon_fonts_that_differ_by_their_date_only_are_the_same() -> None:
    before = (FIXTURES / "fa-regular-400.before.woff2").read_bytes()
    after = (FIXTURES / "fa-regular-400.after.woff2").read_bytes()
    assert before != after  # the before's cut carried the build's date, the after's the theme font's
    assert compare_file("_static/vendor/fontawesome/webfonts/fa-regular-400.woff2", before, after) is None


def test_icon_fonts_with_other_glyphs_differ_by_their_tables() -> None:
    regular = (FIXTURES / "fa-regular-400.before.woff2").read_bytes()
    solid = (FIXTURES / "fa-solid-900.before.woff2").read_bytes()
    tables = compare_file("fa.woff2", regular, solid)
    assert tables is not None
    assert ["table cmap", "table cmap"] in tables and ["table glyf", "table glyf"] in tables


def zipped(members: dict[str, bytes]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, data in members.items():
            archive.writestr(name, data)
    return buffer.getvalue()


def test_a_zip_is_compared_member_by_member() -> None:
    before = zipped({"reader_pages.json": b"{}", "widgets/views/page.pyc": b"old"})
    after = zipped({"reader_pages.json": b"{}", "widgets/views/page.pyc": b"new", "widgets/browser.pyc": b"x"})
    differ = compare_file("_static/live/lex-live.zip", before, after)
    assert differ is not None
    assert [pair[0].split(":")[0] for pair in differ] == ["widgets/browser.pyc", "widgets/views/page.pyc"]
    assert differ[0][0] == "widgets/browser.pyc: -"
    assert (
        compare_file("same.zip", before, zipped({"reader_pages.json": b"{}", "widgets/views/page.pyc": b"old"})) is None
    )


def test_site_diff_sorts_files_into_only_one_side_hashed_names_only_and_other(tmp_path: Path) -> None:
    sites = {side: tmp_path / side for side in "ab"}
    for side, (page, runtime) in {"a": (BEFORE_PAGE, RUNTIME_BEFORE), "b": (AFTER_PAGE, RUNTIME_AFTER)}.items():
        (sites[side] / "book").mkdir(parents=True)
        (sites[side] / "book" / "index.html").write_text(f"<head>\n{page}\n</head>\n", encoding="utf-8")
        (sites[side] / "runtime.json").write_text(f"{{\n{runtime}\n}}\n", encoding="utf-8")
        (sites[side] / "same.txt").write_text("unchanged\n", encoding="utf-8")
    (sites["b"] / "sw.js").write_text("// new\n", encoding="utf-8")
    diff = site_diff(sites["a"], sites["b"])
    assert diff.only_a == [] and diff.only_b == ["sw.js"]
    assert diff.hashed_only == ["book/index.html"]
    assert diff.other == {"runtime.json": [[RUNTIME_BEFORE, RUNTIME_AFTER]]}

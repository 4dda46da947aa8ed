"""The fixed cost of a rebuild cut without its risks (lex_book/speed/build_cache.py, gc_freeze.py, template_cache.py,
toc_only.py, content_stamps.py), on the small book over the fixture corpus.

A rebuild with nothing changed reads no page again and rewrites no generated stub, nor does one after the corpus was
rewritten with the same bytes, while one byte more has its pages read again; what is kept between builds is
reused only for the same bytes, so a course note orphaned after a passing build still stops the next one; the garbage
collector is left as the build found it; a page the table of contents does not list is still not read. The timings
themselves are measured by benchmarks/book_build.py, not here.
"""

from __future__ import annotations

import gc
from pathlib import Path
from types import SimpleNamespace

from test_annotations_in_book import COURSE_ON_FIXTURE, course_book
from test_fixture_build import build, make_book

from lex_book.speed import build_cache, gc_freeze


def mtimes(folder: Path, pattern: str) -> dict[Path, int]:
    return {p: p.stat().st_mtime_ns for p in folder.rglob(pattern)}


def test_a_rebuild_with_nothing_changed_reads_no_page_and_rewrites_no_stub(fixture_corpus, tmp_path):
    book = make_book(tmp_path)
    result, out = build(book)
    assert result == 0, result
    doctrees, stubs = mtimes(out.parent / ".doctrees", "*.doctree"), mtimes(book / "book" / "reader", "*")
    assert len(doctrees) > 10 and len(stubs) > 10
    result, _ = build(book)
    assert result == 0, result
    assert mtimes(out.parent / ".doctrees", "*.doctree") == doctrees  # Sphinx writes a doctree for each page it reads
    assert mtimes(book / "book" / "reader", "*") == stubs
    assert (out.parent / ".doctrees" / build_cache.CACHE_DIR / "statute_reader.json").is_file()


def test_an_akn_file_rewritten_with_the_same_bytes_has_no_page_read_again(fixture_corpus, tmp_path):
    book = make_book(tmp_path)
    result, out = build(book)
    assert result == 0, result
    doctrees = out.parent / ".doctrees"
    reader_pages = mtimes(doctrees / "book" / "reader" / "in-msa-1880", "*.doctree")
    other_pages = mtimes(doctrees / "book" / "reader" / "pk-mso-2001", "*.doctree")
    akn = fixture_corpus / "in-msa-1880.xml"
    akn.write_bytes(akn.read_bytes())  # as `make corpus` does after a change of the corpus code
    result, _ = build(book)
    assert result == 0, result
    assert mtimes(doctrees / "book" / "reader" / "in-msa-1880", "*.doctree") == reader_pages
    akn.write_bytes(akn.read_bytes() + b"\n")
    result, _ = build(book)
    assert result == 0, result
    again = mtimes(doctrees / "book" / "reader" / "in-msa-1880", "*.doctree")
    assert again.keys() == reader_pages.keys() and all(again[p] > reader_pages[p] for p in again)
    assert mtimes(doctrees / "book" / "reader" / "pk-mso-2001", "*.doctree") == other_pages


def test_a_course_note_orphaned_after_a_passing_build_stops_the_next_one(fixture_corpus, tmp_path, monkeypatch):
    monkeypatch.delenv("LEX_NOTES", raising=False)
    book = course_book(tmp_path, COURSE_ON_FIXTURE)
    result, _ = build(book)
    assert result == 0, result
    (tmp_path / "course.yaml").write_text(COURSE_ON_FIXTURE.replace("whichever be longer", "whichever is longer"))
    result, _ = build(book)
    assert result != 0
    assert "1 orphaned note(s)" in str(result) and "note 'seminar-161'" in str(result)


def test_a_cached_value_is_reused_only_for_the_same_bytes_and_settings(real_corpus, tmp_path):
    app = SimpleNamespace(doctreedir=str(tmp_path / "doctrees"))
    source = tmp_path / "input.txt"
    source.write_text("s. 161")
    calls = []

    def compute() -> dict[str, str]:
        calls.append(source.read_text())
        return {"read": source.read_text()}

    assert build_cache.cached(app, "probe", compute, extra=[source]) == {"read": "s. 161"}
    assert build_cache.cached(app, "probe", compute, extra=[source]) == {"read": "s. 161"}
    assert calls == ["s. 161"]
    source.write_text("s. 69")
    assert build_cache.cached(app, "probe", compute, extra=[source]) == {"read": "s. 69"}
    assert build_cache.cached(app, "probe", compute, extra=[source], settings=["in-msb-2016"]) == {"read": "s. 69"}
    assert calls == ["s. 161", "s. 69", "s. 69"]


def test_a_build_leaves_the_collector_running_and_the_next_one_unfreezes_what_it_froze(fixture_corpus, tmp_path):
    result, _ = build(make_book(tmp_path))
    assert result == 0, result
    assert gc.isenabled()  # paused while Sphinx walks every doctree, resumed after
    assert gc.get_freeze_count() > 0  # the finished build's state, until the next build of this process
    gc_freeze.register(SimpleNamespace(connect=lambda *args, **kwargs: None))
    assert gc.get_freeze_count() == 0


def test_a_page_outside_the_table_of_contents_is_not_read(fixture_corpus, tmp_path):
    book = make_book(tmp_path)
    (book / "book" / "draft.md").write_text("# A draft\n\n```{provision} pk-mso-2001 161(9)\n```\n")
    result, out = build(book)
    assert result == 0, result  # read, its citation would stop the build, as would "not in any toctree"
    assert not (out / "book" / "draft.html").exists()
    assert (out / "book" / "quoting.html").is_file()

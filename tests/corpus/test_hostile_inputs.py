"""Hostile data and sources (issue 27, item 6): the catalogue loader, the data files and the layouts refuse a
non-UTF-8 file, an alias bomb, a path where a name belongs, a week date where a calendar date belongs, and junk
with its digest updated, each with one bounded line naming the file (the line, the entry and the field), at once."""

from __future__ import annotations

import hashlib
import random
import re
import time
from pathlib import Path

import pytest

import widgets
from corpus import catalogue, yamlio
from corpus.catalogue import CatalogueError
from corpus.source_text import SOURCE_MAX_BYTES, SourceError, read_document
from tests.corpus.test_build_integrity import project, run  # noqa: F401 (the fixture: a copy of the packages)
from tests.corpus.test_sources import _catalogue


def _bomb(levels: int = 16) -> str:
    """The classic alias bomb (each anchor's list holds the previous one nine times): 9**16 strings in 1 KB."""
    text = 'a0: &a0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]\n'
    for level in range(1, levels):
        text += f"a{level}: &a{level} [{', '.join([f'*a{level - 1}'] * 9)}]\n"
    return text + f"documents: [{{id: *a{levels - 1}}}]\n"


def test_an_alias_bomb_is_one_short_line_at_once(tmp_path: Path) -> None:
    """Before: the loader built the bomb (shared references), then the error quoted it: 522 MB on one line."""
    path = tmp_path / "catalogue.yaml"
    path.write_text(_bomb(), encoding="utf-8")
    started = time.perf_counter()
    with pytest.raises(yamlio.DataFileError) as raised:
        catalogue.read_catalogue(path)
    assert time.perf_counter() - started < 2
    message = str(raised.value)
    assert message.startswith("catalogue.yaml: line ") and "stand for more than 200,000 values" in message
    assert "\n" not in message and len(message) < 300


def test_the_aliases_the_project_uses_still_read() -> None:
    """``corpus/link/known_misprints.yaml`` shares a note between two entries through an anchor."""
    path = catalogue.CORPUS_DIR / "link" / "known_misprints.yaml"
    assert "*" in path.read_text(encoding="utf-8")
    assert yamlio.load(path)


def test_a_data_file_past_the_bound_is_refused_unread(tmp_path: Path) -> None:
    path = tmp_path / "pk-mso-2001.yaml"
    path.write_text("# " + "x" * yamlio.MAX_BYTES + "\n", encoding="utf-8")
    with pytest.raises(yamlio.DataFileError, match=r"^pk-mso-2001\.yaml: [\d,]+ bytes, more than a data file"):
        yamlio.load(path)


def test_a_huge_value_is_quoted_within_bounds(tmp_path: Path) -> None:
    """An entry's field holding a megabyte list: the error is still one line of a few hundred characters."""
    path = _catalogue(tmp_path, lambda e: e.update(number=list(range(200_000))))
    with pytest.raises(CatalogueError) as raised:
        catalogue.read_catalogue(path)
    assert re.match(
        r"catalogue\.yaml: line \d+: entry 4 \(in-msa-1880\): field 'number': must be text, not \[", str(raised.value)
    )
    assert len(str(raised.value)) <= 400


@pytest.mark.parametrize(
    ("change", "message"),
    [
        # corpus/build.py is a file, so before, ../build passed the check and the build died importing it
        (lambda e: e.update(layout="../build"), "field 'layout': '../build': no such layout in layouts/"),
        (lambda e: e.update(layout="old_acts"), "field 'layout': 'old_acts': no such layout in layouts/"),
        (lambda e: e.update(source="../build.py"), "field 'source': '../build.py': no such file beside catalogue.yaml"),
        (lambda e: e.update(source="/etc/passwd"), "field 'source': '/etc/passwd': no such file beside catalogue.yaml"),
        (
            lambda e: e["standing"]["sources"][0].update(file="../build.py"),
            "field 'standing.sources[1].file': '../build.py': no such file beside the catalogue",
        ),
        (lambda e: e.update(date="1880-W03-1"), "field 'date': '1880-W03-1' is not a date (YYYY-MM-DD)"),
        (lambda e: e.update(date="18800115"), "field 'date': '18800115' is not a date (YYYY-MM-DD)"),
        (lambda e: e.update(expression_date="1880-015"), "field 'expression_date': '1880-015' is not a date"),
        (lambda e: e["standing"].update(since="1923-02-30"), "field 'standing.since': '1923-02-30' is not a date"),
    ],
    ids=[
        "layout ../build", "layout with underscore", "source ../build.py", "source absolute", "standing file path",
        "ISO week date", "basic date", "ordinal date", "no such day",
    ],
)  # fmt: skip
def test_a_path_or_a_date_that_is_not_one_is_refused(tmp_path: Path, change, message: str) -> None:
    with pytest.raises(CatalogueError, match=re.escape(message)) as raised:
        catalogue.read_catalogue(_catalogue(tmp_path, change))
    assert "\n" not in str(raised.value)


def test_a_quoted_source_not_in_utf8_is_one_line_naming_it(tmp_path: Path) -> None:
    """The 1880 Act's standing quotes its source file's line 3: that file in Latin-1 (before: UnicodeDecodeError)."""
    doc = catalogue.document("in-msa-1880")
    copy = tmp_path / doc.source
    copy.write_bytes(doc.source_path.read_bytes().replace(b"\n", b"\n\xe9", 4))
    path = _catalogue(tmp_path, lambda e: None)
    with pytest.raises(CatalogueError) as raised:
        catalogue.read_catalogue(path)
    lines = path.read_text(encoding="utf-8").split("\n")
    line = lines.index(f"      file: {doc.source}", lines.index("- id: in-msa-1880")) + 1  # as safe_dump lays it out
    assert str(raised.value) == (
        f"catalogue.yaml: line {line}: entry 4 (in-msa-1880): field 'standing.sources[1].file': {doc.source} line 2:"
        " not UTF-8 (byte 0xe9)"
    )


def test_a_source_past_the_bound_is_refused_unread(tmp_path: Path, monkeypatch) -> None:
    doc = catalogue.document("in-ipa-1875")
    big = tmp_path / doc.source
    with big.open("wb") as out:
        out.truncate(SOURCE_MAX_BYTES + 1)
    monkeypatch.setattr(catalogue.Document, "source_path", property(lambda self: big))
    started = time.perf_counter()
    with pytest.raises(SourceError, match=f"holds {SOURCE_MAX_BYTES + 1:,} bytes, more than a source may"):
        read_document(doc)
    assert time.perf_counter() - started < 1


def _junk(lines: int) -> bytes:
    words = ["lorem", "ipsum", "dolor", "sit", "amet", "qux", "zzz", "ab", "foo"]
    rng = random.Random(27)
    return "".join(" ".join(rng.choice(words) for _ in range(8)) + "\n" for _ in range(lines)).encode()


def _replace_source(project: Path, doc_id: str, data: bytes) -> str:  # noqa: F811
    """Give ``doc_id`` the source ``data`` in the copy, its digest updated in the copy's catalogue."""
    doc = catalogue.document(doc_id)
    source = project / "corpus" / "sources" / doc.source
    old = hashlib.sha256(source.read_bytes()).hexdigest()
    source.write_bytes(data)
    listing = project / "corpus" / "sources" / "catalogue.yaml"
    listing.write_text(listing.read_text(encoding="utf-8").replace(old, hashlib.sha256(data).hexdigest()))
    return doc.source


def test_junk_after_a_statute_is_refused_naming_its_first_line(project: Path) -> None:  # noqa: F811
    """The probe: junk with its SHA-256 updated (here after the Ordinance's own text, whose standing quotes its
    first lines). Before: built with 19,999 unparsed blocks and exit 0."""
    doc = catalogue.document("pk-mso-2001")
    original = doc.source_path.read_bytes()
    junk = _junk(20_000)
    name = _replace_source(project, doc.id, original + junk)
    done = run(project, "corpus", "build")
    assert done.returncode == 1
    # the first junk line is read as the end of the Schedule's last paragraph; every other is refused
    first = original.count(b"\n") + 2
    second = junk.decode().splitlines()[1]
    assert done.stderr.splitlines() == [
        f"corpus build failed: pk-mso-2001: {name} line {first}: 19,999 line(s) the layout 'pk-ordinance' (field"
        f" 'layout') does not understand, the first {second!r}; fix the document's quirks or its layout"
    ], done.stderr
    assert (project / "corpus" / "akn" / "pk-mso-2001.xml").read_bytes() == doc.akn_path.read_bytes()


def test_a_whole_file_of_junk_is_refused_at_once(project: Path) -> None:  # noqa: F811
    """50 MB of junk (the probe's size): refused by its size before anything reads it."""
    name = catalogue.document("in-ipa-1875").source
    line = _junk(1)
    _replace_source(project, "in-ipa-1875", line * (50 * 1024 * 1024 // len(line)))
    started = time.perf_counter()
    done = run(project, "corpus", "build")
    assert time.perf_counter() - started < 30
    assert done.returncode == 1
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and f"{name} holds 52," in lines[0] and "more than a source may" in lines[0], lines


def test_a_fact_date_is_a_calendar_date_only() -> None:
    """``2024-W03-1`` is ten characters, and ``date.fromisoformat`` reads it as 15 January 2024: it was accepted."""
    facts = {"monthly_wage": 30000, "cause": "wreck", "arrived_return_port_on": "2024-01-25",
             "ship_trade": "foreign-going"}  # fmt: skip
    assert widgets.evaluate("pk-mso-2001/wages-on-wreck", {**facts, "service_terminated_on": "2024-01-10"})
    for week_date in ("2024-W03-1", "2024W031", "20240115"):
        with pytest.raises(widgets.FactError, match="service_terminated_on"):
            widgets.evaluate("pk-mso-2001/wages-on-wreck", {**facts, "service_terminated_on": week_date})


def test_no_yaml_loader_of_the_corpus_bypasses_the_bounds() -> None:
    """Every data file of the corpus is read through ``corpus.yamlio`` (so the bounds above hold for all of them)."""
    package = catalogue.CORPUS_DIR
    direct = [
        p.relative_to(package).as_posix()
        for p in package.rglob("*.py")
        if re.search(r"yaml\.(safe_)?load\(", p.read_text(encoding="utf-8")) and p.name != "yamlio.py"
    ]
    assert direct == []

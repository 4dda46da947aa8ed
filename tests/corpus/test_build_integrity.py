"""Nothing half-written, nothing stale: the corpus build writes every output atomically, records each output's
hash in its manifest, and rebuilds an output that is missing, cut short or changed; every reader of a broken XML
(``stats``, ``notes check``, the rules' trace check, the book through ``corpus.load``) stops with one line naming it.

The commands run as a user runs them (``python -m corpus build``), in a copy of the project's ``corpus`` and
``widgets`` packages in a temporary folder (the working folder comes first on a ``python -m`` path), so that the
committed corpus is never touched.
"""

from __future__ import annotations

import resource
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import corpus
from corpus import catalogue, outputs
from corpus.build import MANIFEST
from corpus.cite import load

PROJECT = catalogue.CORPUS_DIR.parent


def outputs_of_the_build() -> list[str]:
    """Every file the build writes, relative to the project (``corpus/akn/pk-mso-2001.xml`` …)."""
    found = [p for d in catalogue.documents() for p in (d.markup_path, d.akn_path, d.report_path)] + [MANIFEST]
    return [p.relative_to(PROJECT).as_posix() for p in found]


@pytest.fixture()
def project(tmp_path: Path) -> Path:
    """A copy of the ``corpus`` and ``widgets`` packages, with the committed outputs, to run the commands in."""
    ignore = shutil.ignore_patterns("__pycache__")
    for package in ("corpus", "widgets"):
        shutil.copytree(PROJECT / package, tmp_path / package, ignore=ignore)
    return tmp_path


def run(folder: Path, *args: str, limit_bytes: int | None = None) -> subprocess.CompletedProcess[str]:
    def limited() -> None:
        if limit_bytes is not None:  # a full disk, or a kill in the middle of a write: no file can grow past this
            resource.setrlimit(resource.RLIMIT_FSIZE, (limit_bytes, limit_bytes))

    return subprocess.run(
        [sys.executable, "-m", *args], cwd=folder, capture_output=True, text=True, preexec_fn=limited, timeout=600
    )


def test_the_copy_runs_its_own_packages(project: Path) -> None:
    """The commands below really read and write the copy (else the other tests would prove nothing)."""
    found = subprocess.run(
        [sys.executable, "-c", "import corpus, widgets; print(corpus.__file__); print(widgets.__file__)"],
        cwd=project, capture_output=True, text=True, check=True,
    ).stdout.split()  # fmt: skip
    assert found == [str(project / "corpus" / "__init__.py"), str(project / "widgets" / "__init__.py")]


def test_a_build_stopped_while_writing_leaves_every_output_whole(project: Path) -> None:
    """A build whose files cannot grow past 64 KB (a disk that fills up; SIGXFSZ kills it mid-write, as a kill
    would) leaves each committed output as it was, and the next build finds the corpus up to date and whole."""
    before = {name: (PROJECT / name).read_bytes() for name in outputs_of_the_build()}
    stopped = run(project, "corpus", "build", "--all", limit_bytes=64 * 1024)
    assert stopped.returncode != 0, "the build was not stopped: the limit no longer cuts a write short"
    broken = [name for name, data in before.items() if (project / name).read_bytes() != data]
    assert not broken, f"a build stopped while writing left half-written outputs: {broken}"
    again = run(project, "corpus", "build")
    assert again.returncode == 0, again.stderr
    assert again.stdout.strip() == "corpus is up to date"
    leftovers = sorted(p.name for p in (project / "corpus").rglob(f".*{outputs.TEMPORARY_SUFFIX}"))
    assert leftovers == [], "the next build removes the temporary files of the stopped one"


def test_an_output_missing_cut_short_or_changed_is_rebuilt(project: Path) -> None:
    """The probe: a half-written XML, a markup file edited by hand and a deleted report. Before, the next build
    said "corpus is up to date" and kept them; now it names each and rebuilds it, byte for byte."""
    xml = project / "corpus" / "akn" / "in-ipa-1875.xml"
    xml.write_bytes(xml.read_bytes()[:50_000])
    markup = project / "corpus" / "markup" / "in-msa-1880.txt"
    markup.write_text(markup.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    (project / "corpus" / "reports" / "in-mpaa-2021.json").unlink()
    rebuilt = run(project, "corpus", "build")
    assert rebuilt.returncode == 0, rebuilt.stderr
    assert "in-ipa-1875 (corpus/akn/in-ipa-1875.xml is not what the build wrote)" in rebuilt.stdout
    assert "in-msa-1880 (corpus/markup/in-msa-1880.txt is not what the build wrote)" in rebuilt.stdout
    assert "in-mpaa-2021 (corpus/reports/in-mpaa-2021.json is missing)" in rebuilt.stdout
    assert "pk-mso-2001" not in rebuilt.stdout, "a whole, unchanged document is not rebuilt"
    for name in outputs_of_the_build()[:-1]:  # the manifest may order or phrase nothing differently either
        assert (project / name).read_bytes() == (PROJECT / name).read_bytes(), f"{name} is not rebuilt as it was"
    assert run(project, "corpus", "build").stdout.strip() == "corpus is up to date"


def test_the_manifest_records_each_outputs_hash() -> None:
    manifest = outputs.read_json(MANIFEST)
    for doc in catalogue.documents():
        recorded = manifest[doc.id]["outputs"]
        for path in (doc.markup_path, doc.akn_path, doc.report_path):
            assert recorded[f"{path.parent.name}/{path.name}"] == outputs.digest(path), f"{path.name} is stale"


READERS = {
    "stats": ("corpus", "stats"),
    "notes check": ("corpus", "notes", "check"),
    "trace check": ("widgets.trace", "check"),
}


@pytest.mark.parametrize("command", READERS.values(), ids=READERS.keys())
def test_a_reader_of_a_broken_xml_stops_with_one_line_naming_it(project: Path, command: tuple[str, ...]) -> None:
    xml = project / "corpus" / "akn" / "pk-mso-2001.xml"
    xml.write_bytes(xml.read_bytes()[:100_000])
    done = run(project, *command)
    assert done.returncode != 0
    assert "Traceback" not in done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    assert "corpus/akn/pk-mso-2001.xml: line " in lines[0]
    assert "not well-formed XML" in lines[0]
    assert "python -m corpus build" in lines[0]


def test_stats_on_a_broken_report_is_one_line_naming_it(project: Path) -> None:
    report = project / "corpus" / "reports" / "in-msa-1880.json"
    report.write_bytes(report.read_bytes()[:1000])
    done = run(project, "corpus", "stats")
    assert done.returncode == 1
    assert (
        done.stderr.strip().splitlines() == [done.stderr.strip()]
        and "corpus/reports/in-msa-1880.json: line " in done.stderr
    )
    assert "not JSON" in done.stderr


@pytest.mark.parametrize(
    ("damage", "problem"),
    [
        (lambda data: data[:20_000], "not well-formed XML"),
        (lambda data: b"", "not well-formed XML"),
        (lambda data: b'<?xml version="1.0"?>\n<html/>\n', "not an Akoma Ntoso document"),
    ],
    ids=["cut short", "empty", "not akn"],
)
def test_the_read_api_names_a_broken_document(tmp_path: Path, monkeypatch, damage, problem: str) -> None:
    """``corpus.load`` (what the book, the notes, the stats and the rules read through) raises one line naming the
    file, never lxml's own error."""
    akn = tmp_path / "akn"
    akn.mkdir()
    doc = catalogue.document("in-ipa-1875")
    (akn / doc.akn_path.name).write_bytes(damage(doc.akn_path.read_bytes()))
    monkeypatch.setattr(catalogue, "AKN_DIR", akn)
    load.cache_clear()
    try:
        with pytest.raises(outputs.CorpusFileError) as raised:
            corpus.load("in-ipa-1875")
    finally:
        load.cache_clear()
    message = str(raised.value)
    assert "\n" not in message
    assert str(akn / doc.akn_path.name) in message or "akn/in-ipa-1875.xml" in message
    assert problem in message
    assert len(message) < 500


def test_an_atomic_write_that_fails_leaves_the_old_file(tmp_path: Path, monkeypatch) -> None:
    """The helper every writer uses: the old content stays until the new is complete, and nothing is left over."""
    target = tmp_path / "out.xml"
    target.write_bytes(b"old")

    def full_disk(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(outputs.os, "fsync", full_disk)
    with pytest.raises(OSError):
        outputs.write_bytes(target, b"new" * 1000)
    assert target.read_bytes() == b"old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.xml"]

"""The build: deterministic, the committed output is what a fresh build makes, every document strictly valid."""

import re
from collections import Counter
from pathlib import Path

import pytest

from corpus import catalogue, xmlio
from corpus.build import build
from corpus.cite import load
from corpus.link import works as link_works
from corpus.validate import schema_errors
from corpus.xmlio import NS, local_name


def products(root: Path) -> dict[str, bytes]:
    """Every file the build writes for the catalogue's documents under ``root``, by relative path."""
    found = {}
    for doc in catalogue.documents():
        for path in (doc.markup_path, doc.akn_path, doc.report_path):
            relative = f"{path.parent.name}/{path.name}"
            target = root / relative
            found[relative] = target.read_bytes() if target.exists() else b""
    return found


@pytest.fixture(scope="module")
def fresh(tmp_path_factory) -> dict[str, bytes]:
    out = tmp_path_factory.mktemp("fresh")
    assert sorted(build(out_dir=out)) == sorted(d.id for d in catalogue.documents())
    return products(out)


def test_the_build_is_deterministic_in_one_process_or_two(fresh, tmp_path):
    build(out_dir=tmp_path, jobs=2)
    again = products(tmp_path)
    differing = [name for name in fresh if fresh[name] != again[name]]
    assert not differing, f"a serial and a parallel build differ in {differing}"


@pytest.mark.parametrize("doc", catalogue.documents(), ids=lambda d: d.id)
def test_the_committed_output_is_fresh(fresh, doc):
    committed = products(catalogue.CORPUS_DIR)
    for path in (doc.markup_path, doc.akn_path, doc.report_path):
        name = f"{path.parent.name}/{path.name}"
        assert committed[name], f"{name} is not committed; run `python -m corpus build`"
        assert committed[name] == fresh[name], f"{name} is stale; run `python -m corpus build`"


@pytest.mark.parametrize("doc", catalogue.documents(), ids=lambda d: d.id)
def test_rebuilding_one_document_writes_what_the_full_build_does(fresh, doc, tmp_path):
    """The incremental build links the one document against the others' committed XML, without relinking them."""
    assert build(only_changed=False, out_dir=tmp_path, only=[doc.id]) == [doc.id]
    again = products(tmp_path)
    for path in (doc.markup_path, doc.akn_path, doc.report_path):
        name = f"{path.parent.name}/{path.name}"
        assert again[name] == fresh[name], f"{name} differs when {doc.id} is rebuilt alone"
    others = [d for d in catalogue.documents() if d.id != doc.id]
    assert all(not again[f"akn/{d.akn_path.name}"] for d in others), "only the one document is written"


def test_a_reference_into_an_unchanged_document_resolves_against_its_committed_xml(tmp_path):
    """000 L313 "section 40 of the Indian Ports Act, 1875": the 1880 Act rebuilt alone still links into the 1875 Act."""
    build(only_changed=False, out_dir=tmp_path, only=["in-msa-1880"])
    root = xmlio.parse(tmp_path / "akn" / "in-msa-1880.xml").getroot()
    ports_act = next(d for d in catalogue.documents() if d.id == "in-ipa-1875").frbr_uri
    hrefs = [ref.get("href") for ref in root.iterfind(".//a:ref", NS)]
    assert f"{ports_act}/~chp_IV__sec_40" in hrefs


@pytest.mark.parametrize("doc", catalogue.documents(), ids=lambda d: d.id)
def test_every_document_validates_strictly(doc):
    root = xmlio.parse(doc.akn_path).getroot()
    assert schema_errors(root) == []


@pytest.mark.parametrize("doc", catalogue.documents(), ids=lambda d: d.id)
def test_eids_are_unique(doc):
    counts = Counter(load(doc.id).xpath("//@eId"))
    assert [eid for eid, n in counts.items() if n > 1] == []


@pytest.mark.parametrize("doc", catalogue.documents(), ids=lambda d: d.id)
def test_every_href_resolves(doc):
    """A "#eId" lands in the same document; "<work FRBR URI>/~eId" lands in that document of the corpus, and a work
    URI alone (a margin citation or a short title of a document of the corpus, corpus/link/works.py) names one; only
    a margin citation (a side note of the Gazette Bills, "80 of 1976.") names a work outside it: a Central Act by its
    year and number, the citation itself, which the catalogue does not hold."""
    root = load(doc.id)
    docs = {d.id: d for d in catalogue.documents()}
    works = {d.frbr_uri: d.id for d in docs.values()}
    for ref in root.iterfind(".//a:ref", NS):
        href = ref.get("href")
        if href.startswith("#"):
            assert root.xpath("//*[@eId=$e]", e=href[1:]), f"{doc.id}: {href} dangles"
            continue
        note = ref.getparent().getparent()
        if href not in works and local_name(note) == "authorialNote" and note.get("placement") == "side":
            number, year = re.fullmatch(r"/akn/in/act/(\d{4})/(\d+)", href).group(2, 1)
            assert re.fullmatch(rf"{number} [o0]f {year}\.", ref.text), f"{doc.id}: {href} is not what it cites"
            assert link_works.work_cited(href, docs) is None, f"{doc.id}: {href} is in the corpus, not linked to it"
            continue
        amendment = next((a for a in ref.iterancestors() if local_name(a) == "authorialNote"), None)
        if href not in works and amendment is not None and amendment.get("class") == "editorial":
            # an India Code note's amending Act ("Subs. by Act 41 of 1984, s. 11", or "ibid." naming the Act of
            # the note before it): a Central Act by its year and number, outside the corpus
            number, year = re.fullmatch(r"/akn/in/act/(\d{4})/(\d+)", href).group(2, 1)
            assert ref.text == "ibid." or re.fullmatch(rf"Act {number} ?of ?{year}", ref.text), f"{doc.id}: {href}"
            continue
        work, _, eid = href.partition("/~")
        assert work in works, f"{doc.id}: {href} names no document of the corpus"
        assert not eid or load(works[work]).xpath("//*[@eId=$e]", e=eid), f"{doc.id}: {href} dangles"

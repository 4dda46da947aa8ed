"""The corpus as open data in the built site (lex_book/open_data/): the catalogue and every file it lists, the
FRBR addresses and where they lead, the downloads linked from the data page and each contents page."""

from __future__ import annotations

import functools
import json
import re
import threading
from collections.abc import Iterator
from http.server import ThreadingHTTPServer
from pathlib import Path
from urllib.parse import unquote, urljoin, urlsplit

import pytest
from lxml import etree
from lxml import html as lxml_html
from site_audit import anchors
from test_accessibility import open_in_mode, serious_violations
from test_hosting import CONTENT_SECURITY_POLICY, PolicyHandler

import corpus
from corpus import licences, notes, page_map
from corpus.plain_text import plain_text

pytestmark = pytest.mark.book

CATALOGUE = "data/catalogue.json"
DOWNLOADS = ("akn", "markup", "text", "annotations", "report", "provisions")
W3C_CONTEXT = "http://www.w3.org/ns/anno.jsonld"
# The terms of the W3C Web Annotation context (http://www.w3.org/ns/anno.jsonld) that the notes use, as keys and as
# values of "type", "motivation" and "purpose": a key or value outside the context would be lost on JSON-LD expansion.
W3C_KEYS = {
    "@context", "id", "type", "label", "total", "first", "items", "motivation", "creator", "name", "body", "target",
    "source", "selector", "value", "format", "language", "purpose", "exact", "prefix", "suffix", "conformsTo",
}  # fmt: skip
W3C_TYPES = {
    "AnnotationCollection", "AnnotationPage", "Annotation", "TextualBody", "SpecificResource", "FragmentSelector",
    "TextQuoteSelector", "Organization", "Person", "Software",
}  # fmt: skip
W3C_MOTIVATIONS = {"commenting", "linking", "describing", "tagging", "classifying", "identifying", "replying"}


def site_url(path: Path, site: Path) -> str:
    return path.relative_to(site).as_posix()


def resolve(site: Path, base: str, url: str) -> tuple[Path, str]:
    """The file (a folder's index.html) and fragment that ``url``, relative to the site path ``base``, names."""
    parts = urlsplit(urljoin(f"http://site/{base}", url))
    path = site / unquote(parts.path).lstrip("/")
    return (path / "index.html" if path.is_dir() else path), unquote(parts.fragment)


@pytest.fixture(scope="module")
def catalogue(built_site: Path) -> dict:
    return json.loads((built_site / CATALOGUE).read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def entries(catalogue: dict) -> dict[str, dict]:
    return {entry["id"]: entry for entry in catalogue["documents"]}


def body_eids(doc_id: str) -> list[str]:
    """Every eId of the document outside its metadata, in document order."""
    root = corpus.load(doc_id)
    return [
        el.get("eId")
        for el in root.iter()
        if isinstance(el.tag, str)
        and el.get("eId")
        and not any(etree.QName(a).localname == "meta" for a in el.iterancestors())
    ]


def refresh_target(page: Path) -> str:
    """Where a redirect page sends the reader: its refresh URL, which its first link must name too."""
    tree = lxml_html.fromstring(page.read_bytes())
    content = tree.xpath("//meta[@http-equiv='refresh']/@content")[0]
    target = content.partition("url=")[2]
    assert tree.xpath("//body//a/@href")[0] == target, page
    assert not tree.xpath("//script"), f"{page}: a redirect page needs no script"
    return target


# ---- the catalogue and its files ---------------------------------------------------------------------------------


def test_the_catalogue_lists_every_document_with_its_facts(catalogue, entries):
    assert list(entries) == [doc.id for doc in corpus.documents()]
    assert catalogue["media_types"]["akn"] == "application/akn+xml"
    assert catalogue["media_types"]["annotations"] == "application/ld+json"
    for doc in corpus.documents():
        entry = entries[doc.id]
        assert (entry["title"], entry["kind"], entry["jurisdiction"]) == (doc.title, doc.kind, doc.jurisdiction)
        assert entry["status"] == doc.text_status
        assert entry["frbr_uri"] == doc.frbr_uri and entry["expression_uri"] == doc.expression_uri
        assert entry["licence"]["id"] == licences.position(doc).id
    assert entries["in-msb-2016"]["status"] == "as introduced" and entries["pk-mso-2001"]["status"] == "as made"


def test_every_file_the_catalogue_lists_exists(built_site, entries):
    for entry in entries.values():
        for key in (*DOWNLOADS, "page", "address"):
            path, _ = resolve(built_site, CATALOGUE, entry[key])
            assert path.is_file(), f"{entry['id']} {key}: {entry[key]}"
            assert path.stat().st_size > 0


def test_the_xml_markup_and_report_are_the_committed_files_byte_for_byte(built_site, entries):
    for doc in corpus.documents():
        entry = entries[doc.id]
        for key, committed in (("akn", doc.akn_path), ("markup", doc.markup_path), ("report", doc.report_path)):
            assert resolve(built_site, CATALOGUE, entry[key])[0].read_bytes() == committed.read_bytes(), key
        manifestation = built_site / f"{doc.expression_uri.strip('/')}.xml"
        assert manifestation.read_bytes() == doc.akn_path.read_bytes()
        root = etree.fromstring(manifestation.read_bytes())
        assert root.find(".//{*}FRBRExpression/{*}FRBRthis").get("value") == doc.expression_uri


def test_the_plain_text_is_the_corpus_s(built_site, entries):
    for doc in corpus.documents():
        text = resolve(built_site, CATALOGUE, entries[doc.id]["text"])[0].read_text(encoding="utf-8")
        assert text == plain_text(doc.id)
    text = resolve(built_site, CATALOGUE, entries["pk-mso-2001"]["text"])[0].read_text(encoding="utf-8")
    assert "    161. Wages on termination of service by wreck, illness, etc.\n" in text


def check_w3c_terms(value: object, where: str) -> None:
    if isinstance(value, dict):
        assert set(value) <= W3C_KEYS, f"{where}: keys outside the W3C context: {set(value) - W3C_KEYS}"
        if "type" in value:
            assert value["type"] in W3C_TYPES, f"{where}: type {value['type']!r}"
        if "motivation" in value:
            assert value["motivation"] in W3C_MOTIVATIONS, where
        if "purpose" in value:
            assert value["purpose"] in W3C_MOTIVATIONS, where
        for key, inner in value.items():
            check_w3c_terms(inner, f"{where}.{key}")
    elif isinstance(value, list):
        for index, inner in enumerate(value):
            check_w3c_terms(inner, f"{where}[{index}]")


def test_the_annotations_are_w3c_web_annotations_of_the_document_s_notes(built_site, entries):
    expected = {
        doc.id: {note.id for note in notes.all_notes() if note.document == doc.id} for doc in corpus.documents()
    }
    for doc in corpus.documents():
        path = resolve(built_site, CATALOGUE, entries[doc.id]["annotations"])[0]
        collection = json.loads(path.read_text(encoding="utf-8"))
        assert collection["@context"] == W3C_CONTEXT and collection["type"] == "AnnotationCollection"
        check_w3c_terms(collection, path.name)
        items = collection["first"]["items"]
        assert collection["total"] == len(items)
        assert items or not expected[doc.id], f"{doc.id}: its notes are missing from its download"
        assert {item["id"].removeprefix("urn:lex-maritima:note:") for item in items} == expected[doc.id]
        eids = set(body_eids(doc.id))
        for item in items:
            assert item["type"] == "Annotation" and item["@context"] == W3C_CONTEXT
            assert item["target"]["source"] == doc.expression_uri
            fragment = next(s for s in item["target"]["selector"] if s["type"] == "FragmentSelector")
            assert fragment["value"] in eids, item["id"]
    whole = json.loads(resolve(built_site, CATALOGUE, "annotations.jsonld")[0].read_text(encoding="utf-8"))
    assert whole == notes.export()


def test_provisions_json_gives_every_eid_its_citation_heading_parent_and_page(built_site, entries):
    for doc in corpus.documents():
        path = resolve(built_site, CATALOGUE, entries[doc.id]["provisions"])[0]
        data = json.loads(path.read_text(encoding="utf-8"))
        rows = data["provisions"]
        assert [row["eId"] for row in rows] == body_eids(doc.id)
        assert data["count"] == len(rows) and data["work"] == doc.frbr_uri
        known = {row["eId"] for row in rows}
        for row in rows:
            provision = corpus.by_eid(doc.id, row["eId"])
            assert (row["citation"], row["heading"]) == (provision.citation, provision.heading)
            assert row["parent"] is None or row["parent"] in known
            assert row["uri"] == f"{doc.frbr_uri}/~{row['eId']}"
            page, anchor = resolve(built_site, site_url(path, built_site), row["page"])
            docname, expected_anchor = page_map.document_pages(doc.id).locate(row["eId"])
            assert page == built_site / f"{docname}.html" and anchor == expected_anchor
            assert anchor in anchors(page), f"{doc.id} {row['eId']}: {row['page']}"
    rows = json.loads(resolve(built_site, CATALOGUE, entries["pk-mso-2001"]["provisions"])[0].read_text())["provisions"]
    row = next(r for r in rows if r["eId"] == corpus.cite("pk-mso-2001", "161(1)(a)(ii)").eid)
    assert row["citation"] == "s. 161(1)(a)(ii)" and row["heading"].startswith("Wages on termination of service")
    assert row["page"].endswith("book/reader/pk-mso-2001/section-161.html#" + row["eId"])


# ---- the FRBR addresses ------------------------------------------------------------------------------------------


def test_the_work_and_expression_addresses_lead_to_the_contents_page_and_name_the_xml(built_site):
    for doc in corpus.documents():
        contents = built_site / f"{page_map.document_pages(doc.id).contents.docname(doc.id)}.html"
        for uri in (doc.frbr_uri, doc.expression_uri):
            page = built_site / uri.strip("/") / "index.html"
            base = site_url(page, built_site)
            assert resolve(built_site, base, refresh_target(page)) == (contents, "")
            links = {resolve(built_site, base, href)[0] for href in lxml_html.parse(page).xpath("//a/@href")}
            assert built_site / f"{doc.expression_uri.strip('/')}.xml" in links


def test_every_portion_address_leads_to_its_provision_s_page_and_anchor(built_site):
    for doc in corpus.documents():
        located = page_map.document_pages(doc.id)
        work = built_site / doc.frbr_uri.strip("/")
        root = corpus.load(doc.id)
        portions = 0
        for eid in body_eids(doc.id):
            page = work / f"~{eid}" / "index.html"
            if etree.QName(corpus.by_eid(doc.id, eid).element).localname == "p":
                assert not page.exists()  # a text block is reached through its provision
                continue
            docname, anchor = located.locate(eid)
            target = resolve(built_site, site_url(page, built_site), refresh_target(page))
            assert target == (built_site / f"{docname}.html", anchor), f"{doc.id} {eid}"
            assert anchor in anchors(target[0])
            portions += 1
        assert portions > len(root.findall(".//{*}section"))


def test_a_section_is_also_at_its_number(built_site):
    page = built_site / "akn/pk/act/ord/2001-10-03/52/~sec_161/index.html"
    target = resolve(built_site, site_url(page, built_site), refresh_target(page))
    assert target == (built_site / "book/reader/pk-mso-2001/section-161.html", corpus.cite("pk-mso-2001", "161").eid)
    title = lxml_html.parse(page).findtext(".//title")
    assert title == "Merchant Shipping Ordinance, 2001, s. 161"


def test_the_corpus_s_cross_document_references_resolve_in_the_site(built_site):
    hrefs = {
        href
        for doc in corpus.documents()
        for href in re.findall(r'href="(/akn/[^"]+)"', doc.akn_path.read_text(encoding="utf-8"))
        if page_map.locate_uri(href) is not None  # not a margin citation of an Act outside the corpus
    }
    assert hrefs  # the 1880 Act's references into the Ports Act, 1875
    for href in sorted(hrefs):
        page = built_site / href.lstrip("/") / "index.html"
        assert page.is_file(), href
        doc_id, eid = page_map.locate_uri(href)
        docname, anchor = page_map.document_pages(doc_id).locate(eid)
        assert resolve(built_site, site_url(page, built_site), refresh_target(page)) == (
            built_site / f"{docname}.html",
            anchor,
        )


# ---- the pages that link them ------------------------------------------------------------------------------------


def linked_files(site: Path, page: Path) -> set[Path]:
    base = site_url(page, site)
    return {resolve(site, base, href)[0] for href in lxml_html.parse(page).xpath("//article//a/@href")}


def test_the_data_page_links_every_download_of_every_document(built_site, entries):
    page = built_site / "book/data.html"
    links = linked_files(built_site, page)
    for entry in entries.values():
        for key in (*DOWNLOADS, "page"):
            assert resolve(built_site, CATALOGUE, entry[key])[0] in links, f"{entry['id']} {key}"
    assert built_site / CATALOGUE in links and built_site / "data/annotations.jsonld" in links
    text = lxml_html.parse(page).xpath("string(//article)")
    for doc in corpus.documents():
        said = f"{doc.short_title}: {licences.position(doc).label}. {licences.position(doc).text}"
        assert " ".join(said.split()) in " ".join(text.split())  # a record's title may hold a no-break space
    assert page.stat().st_size < 200_000  # links, nothing inlined


def test_each_contents_page_links_its_own_downloads(built_site, entries):
    for doc in corpus.documents():
        page = built_site / f"{page_map.document_pages(doc.id).contents.docname(doc.id)}.html"
        links = linked_files(built_site, page)
        own = {resolve(built_site, CATALOGUE, entries[doc.id][key])[0] for key in DOWNLOADS}
        assert own <= links, doc.id
        others = {
            resolve(built_site, CATALOGUE, entry[key])[0] for entry in entries.values() for key in DOWNLOADS
        } - own
        assert not links & others


# ---- in a browser, under the site's Content-Security-Policy ------------------------------------------------------


@pytest.fixture(scope="module")
def hosted(built_site: Path) -> Iterator[str]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(PolicyHandler, directory=str(built_site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


@pytest.mark.browser
def test_a_portion_address_takes_the_reader_to_the_provision_under_the_policy(browser, hosted):
    eid = corpus.cite("in-ipa-1875", "40").eid
    context = browser.new_context(viewport={"width": 390, "height": 900})
    page = context.new_page()
    problems: list[str] = []
    page.on("console", lambda m: "Content Security Policy" in m.text and problems.append(m.text))
    try:
        response = page.goto(f"{hosted}/akn/in/act/1875-01-01/12/~{eid}", wait_until="commit")
        assert response is not None and response.headers["content-security-policy"] == CONTENT_SECURITY_POLICY
        page.wait_for_url(f"**/book/reader/in-ipa-1875/section-40.html#{eid}", timeout=20_000)
        page.locator(f"[id='{eid}']").wait_for()
    finally:
        context.close()
    assert problems == []


@pytest.mark.browser
@pytest.mark.parametrize("path", ["book/data.html", "book/reader/in-msb-2016/index.html"])
def test_axe_finds_no_serious_violation_on_the_data_page_or_a_contents_page_on_a_phone(browser, site_url, path):
    context, page = open_in_mode(browser, f"{site_url}/{path}", 390, "light")
    try:
        assert page.locator(".lm-downloads a").count() >= len(DOWNLOADS)
        assert serious_violations(page) == []
    finally:
        context.close()

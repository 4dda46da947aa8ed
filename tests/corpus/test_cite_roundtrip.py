"""Every element of the built corpus that has an eId reads back from its own citation.

An element with a citation of its own (a Part, Chapter, section, numbered level, proviso, Explanation, table, table
row, schedule or numbered paragraph of a schedule, the long title) must come back from it:
``cite(doc, citation(doc, eid)).eid == eid``. The rest are named below with the reason they have none; each of them
takes the citation of the nearest element that has one (or none at all, outside every provision), and that citation
reads back to that element.
"""

import pytest
from lxml import etree

from corpus import catalogue, citation, cite, load

WITHOUT_A_CITATION = {
    "TLCTerm": "metadata: the document's register of defined terms",
    "TLCOrganization": "metadata: the document's register of sources",
    "def": "inline: the term a definition defines, inside its sentence",
    "authorialNote": "inline: a side note printed beside the sentence (the 1875 and 1880 Acts, the Gazette's margin "
    "citations of other Acts)",
    "ref": "inline: a margin citation's reference to the Act it cites, inside its side note",
    "ins": "inline: words a later Act inserted or substituted (India Code's brackets), inside their sentence",
    "p": "a block of text: the provision it stands in is what one cites",
    "listIntroduction": "a block of text: the opening words of a schedule's list",
    "hcontainer": "unnumbered words between provisions (a wrap-up, the 1880 Act's recital of Chapter VII)",
    "crossHeading": "an unnumbered heading between sections, which the statutes never cite",
}
UNNUMBERED = "an unnumbered subsection, paragraph or level (the 1875 and 1880 Acts): cited through, as the Acts do"
LIST = "a list inside an Explanation: its items are cited, the list is not"


def _local(el: etree._Element) -> str:
    return etree.QName(el).localname


def _num(el: etree._Element) -> str:
    return "".join(el.find("{*}num").itertext()).strip() if el.find("{*}num") is not None else ""


def why_not(el: etree._Element) -> str | None:
    """Why ``el`` has no citation of its own, or None when it has one."""
    name = _local(el)
    if name in WITHOUT_A_CITATION:
        return WITHOUT_A_CITATION[name]
    if name in {"subsection", "paragraph", "level"} and not _num(el) and el.get("class") != "explanation":
        return UNNUMBERED
    intro = el.find("{*}listIntroduction")
    if name == "blockList" and (intro is None or "PART" not in "".join(intro.itertext()).upper()):
        return LIST
    return None


def elements(doc_id: str) -> list[etree._Element]:
    return [el for el in load(doc_id).iter() if isinstance(el.tag, str) and el.get("eId")]


@pytest.mark.parametrize("doc", catalogue.documents(), ids=lambda d: d.id)
def test_every_element_with_a_citation_reads_back_from_it(doc):
    cited = [el for el in elements(doc.id) if why_not(el) is None]
    failures = []
    for el in cited:
        eid = el.get("eId")
        written = citation(doc.id, eid)
        try:
            found = cite(doc.id, written).eid
        except LookupError as error:
            found = f"error: {error}"
        if not written or found != eid:
            failures.append(f"{eid}: {written!r} -> {found}")
    assert cited
    assert failures == [], f"{len(failures)} of {len(cited)} do not read back:\n" + "\n".join(failures[:20])


@pytest.mark.parametrize("doc", catalogue.documents(), ids=lambda d: d.id)
def test_an_element_without_a_citation_takes_its_provisions(doc):
    failures = []
    for el in elements(doc.id):
        if why_not(el) is None:
            continue
        holder = next((a for a in el.iterancestors() if a.get("eId") and why_not(a) is None), None)
        written = citation(doc.id, el.get("eId"))
        if holder is None:
            ok = written == ""
        else:
            ok = written == citation(doc.id, holder.get("eId")) and cite(doc.id, written).element is holder
        if not ok:
            failures.append(
                f"{el.get('eId')}: {written!r} (its provision: {holder.get('eId') if holder is not None else None})"
            )
    assert failures == [], "\n".join(failures[:20])


def test_the_elements_without_a_citation_are_only_the_kinds_named():
    """Nothing numbered falls into the excluded kinds by accident: every proviso, Explanation, section and numbered
    level of the corpus has a citation of its own."""
    for doc in catalogue.documents():
        for el in elements(doc.id):
            if _local(el) in {"section", "proviso", "part", "chapter", "attachment", "tr"} or _num(el):
                assert why_not(el) is None, el.get("eId")

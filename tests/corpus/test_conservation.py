"""Nothing is lost: every word of the source, minus what the clean-up says it removed, is in the XML, in order.

For each document the source lines are replayed through the report the build wrote (corpus/reports/<id>.json): each
Edit turns its ``original`` into its ``replacement`` on its line, each reviewed correction its ``wrong`` into its
``right``, and each Moved text is taken out of its line. The words left ([A-Za-z0-9]+, case-folded) must appear in
the XML's text as a subsequence; the XML may have more words (editorial remarks, recovered numbers). The moved texts
are checked separately, in order but anywhere in the XML: a displaced marginal note becomes a heading elsewhere,
perhaps with a correction's remark inside it.
"""

import json
import re
from collections import Counter

import pytest
from lxml import etree

from corpus import catalogue
from corpus.cite import load
from corpus.source_text import read_document

WORD = re.compile(r"[A-Za-z0-9]+")
# Source words that bluebell turns into structure: "PART I" becomes <part><num>I</num>, read as "Part I".
SPOKEN = frozenset({"part", "chapter"})
LEAP = 400  # words: longer than any editorial remark the builders add


def xml_words(root: etree._Element) -> list[str]:
    """The words of the document's text in document order: its text nodes joined as they stand, so that a word split
    by inline markup ("to<ref>266</ref>") stays one word; the metadata left out; a Part or Chapter says its name."""
    pieces: list[str] = []

    def walk(el: etree._Element) -> None:
        name = etree.QName(el).localname if isinstance(el.tag, str) else ""
        if name == "meta":
            return
        if name in SPOKEN:
            pieces.append(f" {name} ")
        pieces.append(el.text or "")
        for child in el:
            walk(child)
            pieces.append(child.tail or "")

    walk(root)
    return [w.casefold() for w in WORD.findall("".join(pieces))]


def replayed(doc: catalogue.Document) -> tuple[list[tuple[int, str]], list[str]]:
    """The document's source lines after the report's edits, corrections and moves; and the moved texts (with the
    corrections that fell inside them)."""
    report = json.loads(doc.report_path.read_text(encoding="utf-8"))
    lines = dict(read_document(doc).numbered())
    for edit in report["edits"]:
        line = lines[edit["line"]]
        assert edit["original"] in line, f"{doc.id}: edit {edit} does not match source line {edit['line']}: {line!r}"
        lines[edit["line"]] = line.replace(edit["original"], edit["replacement"], 1)
    moved = [(m["line"], m["text"]) for m in report["moved"]]
    for correction in report["corrections"]:
        number, wrong, right = correction["line"], correction["wrong"], correction["right"]
        assert wrong in lines[number], f"{doc.id}: correction {correction} is not on line {number}"
        lines[number] = lines[number].replace(wrong, right, 1)
        moved = [(n, t.replace(wrong, right, 1) if n == number else t) for n, t in moved]
    for number, text in moved:
        assert text in lines[number], f"{doc.id}: moved text {text!r} is not on source line {number}: {lines[number]!r}"
        lines[number] = lines[number].replace(text, " ", 1)
    return sorted(lines.items()), [text for _, text in moved]


def first_missing(needles: list[tuple[int, str]], haystack: list[str]) -> tuple[int, int] | None:
    """The index of the first needle word that does not follow the previous ones in ``haystack``, and where the
    search stood; None when all of them appear in order."""
    position = 0
    for index, (_, word) in enumerate(needles):
        try:
            position = haystack.index(word, position) + 1
        except ValueError:
            return index, position
    return None


def first_leap(needles: list[tuple[int, str]], haystack: list[str], leap: int = LEAP) -> int | None:
    """The index of the first needle word found only more than ``leap`` words after the previous one: when a word is
    missing, the in-order search runs ahead to a later use of it, and this is usually where the loss is."""
    position = 0
    for index, (_, word) in enumerate(needles):
        try:
            found = haystack.index(word, position)
        except ValueError:
            return index
        if found - position > leap:
            return index
        position = found + 1
    return None


@pytest.mark.parametrize("doc", catalogue.documents(), ids=lambda d: d.id)
def test_every_source_word_is_in_the_xml_in_order(doc):
    lines, _ = replayed(doc)
    needles = [(number, w.casefold()) for number, text in lines for w in WORD.findall(text)]
    haystack = xml_words(load(doc.id))
    missing = first_missing(needles, haystack)
    if missing is not None:
        index, position = missing
        number, word = needles[index]
        leap = needles[first_leap(needles, haystack)]
        text = dict(lines)
        pytest.fail(
            f"{doc.id}: source word {word!r} (line {number}: {text[number][:160]!r}) is not in the XML after word "
            f"{position} of {len(haystack)}; the in-order search first ran far ahead at {leap[1]!r} (line {leap[0]}: "
            f"{text[leap[0]][:160]!r})"
        )


@pytest.mark.parametrize("doc", catalogue.documents(), ids=lambda d: d.id)
def test_no_word_is_lost_anywhere(doc):
    """Moved text included: every word occurs in the XML at least as often as in the replayed source. (A moved text
    need not keep its order: the s.256 Table's lines are redistributed to its cells.)"""
    lines, moved = replayed(doc)
    source = Counter(w.casefold() for text in [t for _, t in lines] + moved for w in WORD.findall(text))
    short = (
        {word: n - have for word, n in source.items() if (have := xml_count[word]) < n}
        if (xml_count := Counter(xml_words(load(doc.id))))
        else dict(source)
    )
    assert short == {}, f"{doc.id}: words missing from the XML (word: how many): {short}"


@pytest.mark.parametrize("doc", catalogue.documents(), ids=lambda d: d.id)
def test_moved_headings_keep_their_words_in_order(doc):
    """A displaced marginal note that became a heading reads as printed."""
    _, moved = replayed(doc)
    haystack = xml_words(load(doc.id))
    report = json.loads(doc.report_path.read_text(encoding="utf-8"))
    for entry, record in zip(moved, report["moved"], strict=True):
        if "Table" in record["to"]:
            continue  # interleaved table columns: covered by test_no_word_is_lost_anywhere and the table's tests
        needles = [(0, w.casefold()) for w in WORD.findall(entry)]
        assert first_missing(needles, haystack) is None, f"{doc.id}: moved text {entry!r} is not in the XML"


def test_a_dropped_word_is_caught():
    # 004 L1420 (s.161(1)(a)(i)) against the XML of the same provision with "longer" taken out
    needles = [(1420, w) for w in "or for a period of one month whichever be longer".split()]
    haystack = "or for a period of one month whichever be".split()
    assert first_missing(needles, haystack) == (9, 9)
    assert first_leap(needles, haystack) == 9
    assert first_missing(needles, [*haystack, "longer"]) is None

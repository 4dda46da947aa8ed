"""The amendment notes of India Code's consolidated Acts, finished after bluebell has named their elements.

The layout (:mod:`corpus.layouts.india_code`, whose docstring gives the shape) writes each amended span as
``{{+{class amendment|title N} …}}`` and each note's w.e.f. date as ``{{inline{name wef|title YYYY-MM-DD} …}}``,
because bluebell's markup has no attribute that points at an element it has not yet named, and no ``<date>``.
:func:`finish` makes them what the shape says: the span's ``refersTo`` names its note (``#<eId of the
authorialNote>``), and the date is ``<date date="YYYY-MM-DD" class="wef">``.
"""

from __future__ import annotations

from lxml import etree

from corpus.xmlio import NS

_A = f"{{{NS['a']}}}"


def finish(root: etree._Element) -> int:
    """Tie each amended span of ``root`` to its note and make each w.e.f. date a ``<date>``; how many were done."""
    done = 0
    counts: dict[etree._Element, int] = {}
    for span in root.iter(f"{_A}ins"):
        mark = span.get("title")
        if mark is None or span.get("class") != "amendment":
            continue
        holder = next((a for a in span.iterancestors(f"{_A}section")), root)
        note = holder.find(f".//{_A}authorialNote[@marker='{mark}']")
        if note is None:
            raise ValueError(f"an amended span names note {mark}, which section {holder.get('eId')} lacks")
        del span.attrib["title"]
        span.set("refersTo", f"#{note.get('eId')}")
        holder = next(a for a in span.iterancestors() if a.get("eId"))
        counts[holder] = counts.get(holder, 0) + 1
        span.set("eId", f"{holder.get('eId')}__ins_{counts[holder]}")
        done += 1
    for inline in list(root.iter(f"{_A}inline")):
        if inline.get("name") != "wef":
            continue
        inline.tag = f"{_A}date"
        date = inline.attrib.pop("title")
        del inline.attrib["name"]
        inline.set("date", date)
        inline.set("class", "wef")
        done += 1
    return done

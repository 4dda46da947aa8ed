"""Builder for the Indian Ports Act, 1875 (002_de765a92e2e97eb1.txt, lines 1–445).

The source lost its section numbers; they are recovered in corpus/clean/old_acts_sections_1875.yaml (reviewed, with
evidence and confidence) and marked in the document as editorial. The shared layout of the 1875/1880 sources is in
corpus/clean/old_acts_layout.py; this module names what is particular to this Act, each with its source line, and
writes the two schedules (L429–445), which are stubs in the source: their tables are missing.
"""

from __future__ import annotations

from corpus import markup
from corpus.clean import old_acts_layout, old_acts_sections
from corpus.report import MarkupResult
from corpus.source_text import SourceText

TABLE = "old_acts_sections_1875.yaml"

QUIRKS = old_acts_layout.Quirks(
    # a glued note that contains a verb: L375
    verb_notes=frozenset({"And if Master refuses to do so, pilot may anchor"}),
    # terms defined in the two Explanations: L55 (s.5) and L225 (s.37)
    terms_in_text={55: "high-water-mark", 225: "Inflammable oil"},
)

STUB = (
    "The source gives only the heading and the cross-reference of this schedule; its table ({what}) is missing,"
    " so the schedule is a stub"
)
WHAT = {429: "the ports and their port-dues", 443: "the Acts repealed, with the extent of repeal in a third column"}
# L441 repeats the first schedule's "(See section 2)." after the Note
STRAY = {441: "A second '(See section 2).' stands here in the source, after the Note"}


def schedules(source: SourceText, starts: list[int]) -> list[str]:
    """The schedules as bluebell attachments: heading line, then the "(See section N)." line as sub-heading."""
    out: list[str] = []
    bounds = [*starts, source.last + 1]
    for start, stop in zip(starts, bounds[1:], strict=True):
        lines = [(n, source.line(n)) for n in range(start + 1, stop) if source.line(n).strip()]
        out.append(f"ATTACHMENT {markup.text(source.line(start))}")
        if lines and lines[0][1].startswith("(See section"):
            out.append(f"  SUBHEADING {markup.text(lines[0][1])}")
            lines = lines[1:]
        out.append("")
        out.append("  " + markup.remark(STUB.format(what=WHAT[start])))
        out.append("")
        for n, text in lines:
            out.append("  " + markup.text(text) + (" " + markup.remark(STRAY[n]) if n in STRAY else ""))
            out.append("")
    return out


def to_markup(source: SourceText) -> MarkupResult:
    """The bluebell markup of the Act, with its edits, moved notes and recovered numbering (``facts``)."""
    numbering = old_acts_sections.load(TABLE)
    return old_acts_layout.write(source, numbering, QUIRKS, schedules(source, numbering.schedules))

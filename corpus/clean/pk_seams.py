"""Section heading/body seams in the Pakistan Merchant Shipping Ordinance, 2001 (source 004).

A section starts with its heading on a line of its own, ``161. Wages on termination of service by wreck, illness,
etc.`` (L1418), and the body follows on the next line. Where the print's marginal heading ran over, the seam went
wrong in four ways, each repaired here and recorded (:class:`~corpus.report.Edit` / :class:`~corpus.report.Moved`):

- heading and body on one line: s.13 (L296) ``…of Pakistani ships.—(I) For…``, whose subsection number is printed
  as a capital ``(I)``: it is read as ``(1)`` (an edit, and a remark in the text keeps the printed form);
- the heading's tail continued at the start of the body line, before the dash: s.243 ``leave.`` + ``s.––Where``
  (L2031/L2032: "leaves"), s.374 ``Load Line.`` + ``Convention applies.—(1)`` (L3275/L3276), s.380 ``non-.`` +
  ``Convention countries.––`` (L3349/L3350), s.429 ``ship.`` + ``s.—(1)`` (L3809/L3810: "ships"), s.601 ``in.`` +
  ``Pakistan.––`` (L5491/L5492): the tail joins the heading and the stray full stop at the break goes;
- the heading's tail repeated at the start of the body line: s.141 (L1259), s.255 ``employed.––`` (L2130), s.481
  ``misconduct.—(1)`` (L4351), s.489 (L4433): the repetition goes;
- a two-line heading: s.79A (L708/L709) ``…Shipping Companies and Shipping.`` + ``Agents etc.``;
- body text lost at the start of s.240 (L2019 ``Officer or any officer…``) and s.311 (L2578 ``keep such diaries…``):
  kept as printed, with an editorial remark saying words are missing. Which paragraphs lost their opening is the
  document's data (``lost_openings`` in ``corpus/sources/pk-mso-2001.yaml``: each entry names its line and the words
  that line starts with, checked).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from corpus import markup
from corpus.report import Edit, Moved

HEADING = re.compile(r"^(?P<num>\d+[A-Z]?)\. (?P<heading>.+)$")
_ONE_LINE = re.compile(r"^(?P<heading>.+?\.)(?P<dash>[—–]+)(?P<body>\S.*)$")
_TAIL = re.compile(r"^(?P<tail>[^—–()]{1,60}?\.)(?P<dash>\s?[—–-]+\s*)")
_CAPITAL_ONE = "(I)"


@dataclass(frozen=True)
class LostOpening:
    """A paragraph whose opening words the print lost: source ``line`` starts with ``words``; ``note`` says so."""

    line: int
    words: str
    note: str

    @property
    def remark(self) -> str:
        return markup.remark(self.note[0].upper() + self.note[1:])


@dataclass
class Seam:
    """A section's heading and the first paragraph of its body, once the seam between them is repaired."""

    num: str
    heading: str
    body: str | None  # None when the body starts on a later line
    body_line: int
    edits: list[Edit] = field(default_factory=list)
    moved: list[Moved] = field(default_factory=list)
    remark: str = ""  # an editorial remark for the first paragraph of the body
    heading_remark: str = ""  # an editorial remark on the heading (s.79A: inserted by amendment)


def read_heading(line: int, text: str) -> Seam | None:
    """The section number and heading on the heading line ``text`` (s.13: and its body); None if it is none."""
    match = HEADING.match(text)
    if not match:
        return None
    seam = Seam(match["num"], match["heading"], None, line + 1)
    one_line = _ONE_LINE.match(seam.heading)
    if one_line:
        seam.heading, seam.body_line = one_line["heading"], line
        seam.edits.append(Edit(line, one_line["dash"], "", "dash between the heading and the body, on one line"))
        seam.body = _capital_one(seam, line, one_line["body"])
    return seam


def is_heading_continuation(text: str) -> bool:
    """Whether a short line right under a heading is the heading's second line (s.79A L709 ``Agents etc.``)."""
    return len(text) < 40 and text.endswith(".") and not re.search(r"[—–()]", text)


def continue_heading(seam: Seam, line: int, text: str) -> None:
    """Join the heading's second line (source ``line``) to the heading, dropping the full stop at the break."""
    end = _last_words(seam.heading)
    seam.edits.append(Edit(line - 1, end, end[:-1], "full stop where the heading breaks across two lines"))
    seam.moved.append(Moved(line, text, f"heading of section {seam.num}"))
    seam.heading = f"{seam.heading[:-1]} {text}"
    seam.body_line = line + 1


def repair_body_start(seam: Seam, heading_line: int, line: int, text: str) -> str:
    """The first body paragraph ``text`` (source ``line``) with a continued or repeated heading tail taken off."""
    match = _TAIL.match(text)
    if match:
        tail, dash = match["tail"], match["dash"]
        stem = seam.heading[:-1] if seam.heading.endswith(".") else seam.heading
        if stem.endswith(tail[:-1]):
            seam.edits.append(Edit(line, tail + dash, "", "the heading's tail repeated at the start of the body"))
        else:
            _continue_tail(seam, heading_line, line, tail)
            seam.edits.append(Edit(line, dash, "", "dash between the heading's tail and the body"))
        text = text[match.end() :]
    return _capital_one(seam, line, text)


def _capital_one(seam: Seam, line: int, text: str) -> str:
    """``text`` with a leading subsection number printed as a capital I (s.13 L296) read as ``(1)``."""
    if not text.startswith(_CAPITAL_ONE):
        return text
    seam.edits.append(Edit(line, _CAPITAL_ONE, "(1)", "subsection number printed as a capital I (s.13)"))
    seam.remark = markup.remark("The source prints the number of this subsection as “(I)”")
    return "(1)" + text[len(_CAPITAL_ONE) :]


def _continue_tail(seam: Seam, heading_line: int, line: int, tail: str) -> None:
    """Join a heading tail printed on the body line: a word ending (``s.``) or whole words (``Convention …``)."""
    end = _last_words(seam.heading)
    if tail[0].islower() and len(tail) <= 3:
        joined = end[:-1] + tail
        seam.edits.append(Edit(heading_line, end, joined, f"the heading's last word ends on the body line ({tail!r})"))
        seam.edits.append(Edit(line, tail, "", f"end of the heading's last word, joined up: {joined!r}"))
        seam.heading = seam.heading[: -len(end)] + joined
        return
    seam.edits.append(Edit(heading_line, end, end[:-1], "full stop where the heading breaks"))
    seam.moved.append(Moved(line, tail, f"heading of section {seam.num}"))
    separator = "" if end.endswith("-.") else " "
    seam.heading = seam.heading[:-1] + separator + tail


def _last_words(heading: str) -> str:
    """The last two words of ``heading``: long enough to name the place of an edit on its line unambiguously."""
    return " ".join(heading.split(" ")[-2:])


def with_lost_opening_remark(text: str, line: int, lost: dict[int, LostOpening]) -> str:
    """``text`` (the markup of a paragraph that starts on source ``line``) after a remark saying that its opening
    words are missing, when the print lost them (``lost``, by line)."""
    return f"{lost[line].remark} {text}" if line in lost else text

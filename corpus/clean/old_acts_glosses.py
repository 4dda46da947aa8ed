"""Definition glosses in the 1875 and 1880 Acts: the marginal note that names the defined term, glued in front.

The printed Acts set each defined term in quotation marks with the term again in the margin; the sources lost the
quotation marks and glued the margin in front with ` . ` (1880) or `. ` (1875):
1880 L7 `ship . ship includes every description of vessel…`, L29 `Unseaworthy . A ship is unseaworthy within the
meaning of this chapter…`, L205 `Local authority . In this chapter Local authority means…`; 1875 L27 `Vessel. Vessel
includes anything made…`. The repair: the gloss leaves the text (it becomes the heading of the definition) and the
term, where the text uses it, is marked as the defined term.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_GLOSS = re.compile(r"^(?P<term>[A-Za-z][A-Za-z -]{0,40}?) ?\. (?P<text>.+)$")
_DEFINING = r"[^.:;]{0,40}? (?:means|includes|within the meaning)\b"


@dataclass(frozen=True)
class Gloss:
    """A definition paragraph: its gloss as printed (``raw``, e.g. "ship . "), the ``term`` and the ``text``.

    ``start``/``end`` locate the defined term inside ``text``.
    """

    raw: str
    term: str
    text: str
    start: int
    end: int


def split_gloss(line: str) -> Gloss | None:
    """The gloss of a definition paragraph, or ``None`` when ``line`` does not start with one.

    A gloss is a short term before ` . `/`. ` that the text then defines: the term (in any case) stands in the text
    followed, within a few words ("port in any provision of this Act includes"), by "means", "includes" or
    "within the meaning".
    """
    m = _GLOSS.match(line)
    if not m:
        return None
    term, text = m.group("term"), m.group("text")
    used = re.search(rf"\b(?:is )?(?P<term>{re.escape(term)}){_DEFINING}", text, re.IGNORECASE)
    if not used:
        return None
    raw = line[: m.start("text")]
    return Gloss(raw, term, text, used.start("term"), used.end("term"))

"""Amendment insertion marks in the Pakistan Merchant Shipping Ordinance, 2001 (source 004): section 79A.

Section 79A was inserted into the Ordinance by a later amendment; the source shows it the way Pakistani reprints do,
between the footnote-numbered brackets ``¹[`` (L708, before ``79A.``) and ``]¹`` (L719, after the last words of
subsection (4)). The marks are not words of the law: they are removed (each removal an
:class:`~corpus.report.Edit`) and their meaning is kept as an editorial remark on the section's heading.
"""

from __future__ import annotations

from corpus import markup
from corpus.report import Edit

OPEN = "¹["
CLOSE = "]¹"
REMARK = markup.remark(
    "Inserted by amendment: the source prints the insertion marks (a superscript 1 with an opening square bracket)"
    " before section 79A's number and (a closing square bracket with a superscript 1) after the end of subsection (4)"
)


def strip_open(line: int, text: str) -> tuple[str, Edit | None]:
    """``text`` without a leading opening mark ``¹[``, and the edit recording it (None when there is none)."""
    if not text.startswith(OPEN):
        return text, None
    return text[len(OPEN) :], Edit(line, OPEN, "", "opening mark of text inserted by amendment (section 79A)")


def strip_close(line: int, text: str) -> tuple[str, Edit | None]:
    """``text`` without a trailing closing mark ``]¹``, and the edit recording it (None when there is none)."""
    if not text.endswith(CLOSE):
        return text, None
    return text[: -len(CLOSE)], Edit(line, CLOSE, "", "closing mark of text inserted by amendment (section 79A)")

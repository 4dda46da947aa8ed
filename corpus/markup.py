"""Writing bluebell markup: the few rules every source builder needs to produce text that bluebell reads back exactly.

Builders assemble markup as lines with two-space indentation (bluebell's convention). Source text goes through
:func:`text` so that characters bluebell treats as markup (``**``, ``//``, ``__``, ``{{``, ``\\``) and words it treats
as structure keywords at the start of a line (``PART``, ``SCHEDULE``, ``P`` …) stay literal text.
"""

from __future__ import annotations

import re

# Every word bluebell's grammar (bluebell/akn.peg) reads as a keyword at the start of a line.
KEYWORDS = (
    "ALINEA ARTICLE ART ATTACHMENT APPENDIX ANNEXURE BLOCKLIST BLOCKS BODY BOOK BULLETS CHAPTER CHAP CLAUSE "
    "CONCLUSIONS CROSSHEADING DIVISION FOOTNOTE INDENT ITEM ITEMS LEVEL LIST LONGTITLE P PARA PARAGRAPH PART POINT "
    "PREAMBLE PREFACE PROVISO QUOTE RULE SCHEDULE SEC SECTION SUBCHAP SUBCHAPTER SUBCLAUSE SUBDIVISION SUBHEADING "
    "SUBLIST SUBPARA SUBPARAGRAPH SUBPART SUBRULE SUBSEC SUBSECTION SUBTITLE TABLE TC TH TITLE TOME TR TRANSITIONAL"
).split()
_KEYWORD_START = re.compile(r"^(?:%s)(?=[\s.{]|$)" % "|".join(sorted(KEYWORDS, key=len, reverse=True)))
_INLINE_MARKERS = [("**", r"\*\*"), ("//", r"\/\/"), ("__", r"\_\_"), ("{{", r"\{\{"), ("}}", r"\}\}")]


def text(value: str) -> str:
    """``value`` (one line of source text) escaped so that bluebell reads it back as literal text."""
    value = value.replace("\\", "\\\\")
    for marker, escaped in _INLINE_MARKERS:
        value = value.replace(marker, escaped)
    if _KEYWORD_START.match(value):
        value = "\\" + value
    return value


def indent(lines: list[str], level: int) -> list[str]:
    """``lines`` indented by ``level`` steps of two spaces (blank lines stay blank)."""
    pad = "  " * level
    return [pad + line if line else line for line in lines]


def remark(note: str) -> str:
    """An inline editorial remark (``<remark status="editorial">``): for notes that are not law text."""
    return "{{*[" + text(note).replace("]", ")").replace("[", "(") + "]}}"

"""What a source-to-markup builder reports besides the markup: every change it made to the words of the source.

Nothing is lost silently. The conservation test (tests/corpus/test_conservation.py) replays these records on the
source and checks that every remaining word appears in the XML, in order.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any


@dataclass(frozen=True)
class Edit:
    """``original`` on source ``line`` became ``replacement`` ("" when it was noise), for ``reason``."""

    line: int
    original: str
    replacement: str
    reason: str


@dataclass(frozen=True)
class Moved:
    """Text of source ``line`` that now stands elsewhere (a displaced marginal note made a heading)."""

    line: int
    text: str
    to: str  # where it went, e.g. "heading of section 69"


@dataclass(frozen=True)
class Unparsed:
    """A source line the builder did not understand; it is kept verbatim in the XML."""

    line: int
    text: str


@dataclass
class MarkupResult:
    """The output of a builder: bluebell markup and the record of every change to the source's words."""

    markup: str
    edits: list[Edit] = field(default_factory=list)
    moved: list[Moved] = field(default_factory=list)
    unparsed: list[Unparsed] = field(default_factory=list)
    facts: dict[str, Any] = field(default_factory=dict)  # builder-specific findings, e.g. recovered numbering

    def to_json(self) -> dict[str, Any]:
        return {
            "edits": [asdict(e) for e in self.edits],
            "moved": [asdict(m) for m in self.moved],
            "unparsed": [asdict(u) for u in self.unparsed],
            "facts": self.facts,
        }

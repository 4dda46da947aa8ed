"""A word-level diff of two provisions' texts (:mod:`difflib` over words), for the comparison pages.

Words are compared without regard to case; each chunk keeps the words as each text prints them. Besides the full
diff, :func:`key_changes` lists the short replacements ("less" → "more" in "not less than" / "not more than", Pakistan
s.161(1)(a)(ii) against India s.69(1)(a)(ii)), each once with how often it occurs and the words around its first
occurrence: the changes a reader must not miss in a long text that otherwise agrees.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass

KEY_CHANGE_WORDS = 3
"""A replacement of at most this many words on each side is a key change."""

CONTEXT_WORDS = 4
"""Words of unchanged text shown on each side of a key change."""

LIMIT_WORDS = frozenset("less more least most minimum maximum exceed exceeding not no shall may".split())
"""Words that set a limit or an obligation: a change touching one of them ("not less than" → "not more than") can
reverse the rule, so it is listed first and marked more strongly."""


@dataclass(frozen=True)
class Chunk:
    """A run of the diff: ``op`` is "equal", "delete", "insert" or "replace"; ``old``/``new`` are its words."""

    op: str
    old: tuple[str, ...]
    new: tuple[str, ...]


@dataclass(frozen=True)
class KeyChange:
    """A short replacement, how many times it occurs, and the unchanged words around its first occurrence."""

    old: str
    new: str
    count: int
    before: str
    after: str
    limit: bool


def diff_words(old: str, new: str) -> list[Chunk]:
    """The word-level diff of ``old`` and ``new`` (whitespace-separated words, compared case-insensitively)."""
    a, b = old.split(), new.split()
    matcher = difflib.SequenceMatcher(None, [w.casefold() for w in a], [w.casefold() for w in b], autojunk=False)
    return [Chunk(op, tuple(a[i1:i2]), tuple(b[j1:j2])) for op, i1, i2, j1, j2 in matcher.get_opcodes()]


def similarity(chunks: list[Chunk]) -> float:
    """The share of words the two texts have in common (difflib's ratio: 1.0 for identical texts)."""
    same = sum(len(c.old) for c in chunks if c.op == "equal")
    total = sum(len(c.old) + len(c.new) for c in chunks)
    return 2 * same / total if total else 1.0


def _bare(words: tuple[str, ...]) -> str:
    return re.sub(r"\W", "", "".join(words).casefold())


def touches_limit(chunk: Chunk) -> bool:
    """Whether a change adds, removes or replaces a word of :data:`LIMIT_WORDS`."""
    return any(_bare((w,)) in LIMIT_WORDS for w in chunk.old + chunk.new)


def key_changes(chunks: list[Chunk], size: int = KEY_CHANGE_WORDS) -> list[KeyChange]:
    """Every replacement of at most ``size`` words a side that changes more than punctuation, spacing or a number,
    repeats counted once; those touching a limit word first, then in order of first occurrence."""
    found: dict[tuple[str, str], KeyChange] = {}
    for index, chunk in enumerate(chunks):
        if chunk.op != "replace" or len(chunk.old) > size or len(chunk.new) > size:
            continue
        if _bare(chunk.old) == _bare(chunk.new) or (_bare(chunk.old) + _bare(chunk.new)).isdigit():
            continue
        key = (" ".join(chunk.old), " ".join(chunk.new))
        if key in found:
            seen = found[key]
            found[key] = KeyChange(seen.old, seen.new, seen.count + 1, seen.before, seen.after, seen.limit)
            continue
        previous, following = chunks[index - 1] if index else None, chunks[index + 1 : index + 2]
        before = previous.old[-CONTEXT_WORDS:] if previous and previous.op == "equal" else ()
        after = following[0].old[:CONTEXT_WORDS] if following and following[0].op == "equal" else ()
        found[key] = KeyChange(key[0], key[1], 1, " ".join(before), " ".join(after), touches_limit(chunk))
    return sorted(found.values(), key=lambda change: not change.limit)

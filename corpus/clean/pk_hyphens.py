"""Words broken at the end of a printed line in the Pakistan Merchant Shipping Ordinance, 2001 (source 004).

The source runs each paragraph of the print on one line, but kept the hyphens where the print broke a word at the end of
a line: ``the grant of provisional cer-tificates`` (s.449(2)(f) L4002), ``in a case of col-lision has failed to render
such assistance … as is required by sec-tion 413`` (s.486(2)(b) L4405). The print also has real compounds:
``home-trade``, ``sea-going``, ``log-book``, ``sub-section``. Which is which is read from the Ordinance itself: a
hyphenated word ``A-B`` is a broken word when the same text prints the joined word ``AB`` (in any case) at least as
often as it prints ``A-B`` (``certificates`` 130 times, ``cer-tificates`` once; ``inconsistent`` 5 times,
``in-consistent`` twice); it is a compound when it is hyphenated more often than not (``sub-section`` 300 times,
``subsection`` 4; ``free-board`` 3, ``freeboard`` once) or never printed solid (``re-registered``, ``non-compliance``).
Only words of two parts are read so (``power-of-attorney``, ``next-of-kin`` stay as they are).

The text does not always hold the evidence: ``exclud-ing`` (s.552(g) L5060) and ``un-employed`` (s.233 L1980) are
broken words whose joined form it never prints. Those are the document's data (``broken_words`` in
``corpus/sources/pk-mso-2001.yaml``, each entry naming its line, checked). A hyphen that stands for a space (``of-it``
L1062, ``the-owner``) is a misreading, corrected through ``corpus/corrections/pk-mso-2001.yaml``.

The evidence is the whole source file the document is read from (the Ordinance is the whole of source 004), also
when only an extract of it is read (a test's fixture): an extract of one section seldom prints the joined word itself.
Each join is an :class:`~corpus.report.Edit` on its line, so that every later reading (the seams, the references
``section 413`` then links to) sees the word whole.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

from corpus.report import Edit
from corpus.source_text import SourceText

_HYPHENATED = re.compile(r"(?<![\w-])(?P<head>[A-Za-z]+)-(?P<tail>[A-Za-z]+)(?![\w-])")
_SOLID = re.compile(r"(?<![\w-])[A-Za-z]+(?![\w-])")
REASON = "a word broken at the end of a printed line ({evidence})"


@dataclass(frozen=True)
class Broken:
    """A hyphenated word on source ``line`` that is a broken word although the text never prints it joined."""

    line: int
    word: str


def evidence(lines: list[str]) -> tuple[Counter[str], Counter[str]]:
    """How often ``lines`` print each word solid and each two-part word hyphenated (both in lower case)."""
    solid: Counter[str] = Counter()
    hyphenated: Counter[str] = Counter()
    for text in lines:
        solid.update(m.group().lower() for m in _SOLID.finditer(text))
        hyphenated.update(m.group().lower() for m in _HYPHENATED.finditer(text))
    return solid, hyphenated


def is_broken(word: str, solid: Counter[str], hyphenated: Counter[str]) -> bool:
    """Whether the two-part hyphenated ``word`` is a broken word by the text's evidence (see the module)."""
    joined = word.replace("-", "").lower()
    return solid[joined] > 0 and solid[joined] >= hyphenated[word.lower()]


def join(source: SourceText, broken: tuple[Broken, ...] = ()) -> tuple[SourceText, list[Edit]]:
    """``source`` with its broken words joined, and the edit recording each join (in line order)."""
    numbered = source.numbered()
    solid, hyphenated = evidence(list(source.all_lines))
    listed = {(b.line, b.word) for b in broken}
    lines = list(source.all_lines)
    edits = []
    for number, text in numbered:

        def joined(match: re.Match[str], number: int = number) -> str:
            word = match.group()
            if (number, word) in listed:
                why = "the joined word is not elsewhere in the text; listed in the document's quirks"
            elif is_broken(word, solid, hyphenated):
                why = f"“{match['head']}{match['tail']}” {_times(solid[word.replace('-', '').lower()])} elsewhere"
            else:
                return word
            edits.append(Edit(number, word, match["head"] + match["tail"], REASON.format(evidence=why)))
            return match["head"] + match["tail"]

        lines[number - 1] = _HYPHENATED.sub(joined, text)
    return SourceText(source.path, source.first, source.last, tuple(lines)), edits


def _times(n: int) -> str:
    return "once" if n == 1 else f"{n} times"

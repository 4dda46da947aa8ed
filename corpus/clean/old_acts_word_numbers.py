"""Numbers written as words, as the 1875 and 1880 Acts cite their own sections ("section seventy-four").

Both Acts lost their printed section numbers (SURVEY.md §1–2); the word-form cross-references are what is left to
recover them from. This module reads those words: "eight" → 8, "twenty-four" → 24, "seventy four" → 74,
"one hundred and fifty" → 150. It knows nothing about sections; old_acts_references.py finds the references.
"""

from __future__ import annotations

import re

UNITS = {
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
    "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16,
    "seventeen": 17, "eighteen": 18, "nineteen": 19,
}  # fmt: skip
TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90}

_UNIT = "|".join(sorted(UNITS, key=len, reverse=True))
_TEN = "|".join(TENS)
_BELOW_HUNDRED = rf"(?:(?:{_TEN})(?:[- ](?:{_UNIT}))?|{_UNIT})"
# A number from 1 to 999 in words: "forty", "seventy-four", "one hundred", "one hundred and fifty".
WORD_NUMBER = rf"(?:(?:{_UNIT}) hundred(?: and {_BELOW_HUNDRED})?|{_BELOW_HUNDRED})"
_WHOLE = re.compile(rf"^{WORD_NUMBER}$", re.IGNORECASE)


def parse_word_number(words: str) -> int | None:
    """The value of ``words`` ("seventy-four" → 74), or ``None`` when they are not a number in words."""
    text = " ".join(words.strip().lower().split())
    if not text or not _WHOLE.match(text):
        return None
    total = 0
    if " hundred" in text:
        head, _, text = text.partition(" hundred")
        total = UNITS[head] * 100
        text = text.removeprefix(" and ").strip()
        if not text:
            return total
    tens, _, unit = text.replace("-", " ").partition(" ")
    if tens in TENS:
        return total + TENS[tens] + (UNITS[unit] if unit else 0)
    return total + UNITS[tens]

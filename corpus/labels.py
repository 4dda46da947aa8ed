"""Label series of numbered provisions (``(1)``, ``(a)`` … ``(za)``, ``(i)``, ``(A)``): one place for all layouts.

A label belongs to a series ("arabic", "letter", "roman", "upper") and has an ordinal in it. ``(i)``, ``(v)`` and
``(x)`` are both a letter and a roman numeral: :func:`candidates` gives both readings and the layout decides from the
list they continue (the Pakistan Ordinance s.552(i) at L5062 is the letter after (h); its s.552(e)(i) at L5048 opens a
roman list). :func:`next_label` and :func:`follows` answer "which label comes next" for the Gazette Bills' lists.
"""

from __future__ import annotations

import re

ROMAN = re.compile(r"^(?=[ivxl]+$)x{0,3}(?:ix|iv|v?i{0,3})$")
_ROMAN_VALUES = {"i": 1, "v": 5, "x": 10, "l": 50}
_ROMANS = ("i ii iii iv v vi vii viii ix x xi xii xiii xiv xv xvi xvii xviii xix xx").split()
INSERTED = re.compile(r"^\d{1,2}[a-zA-Z]$")
"""A number with a letter, inserted into a numbered series by a later Act: (5a), (5b) after (5) (the Indian Ports
Act, 1908, s.36); (1A), (1B) after (1) (its s.31)."""
_INSERTED_LETTERED = re.compile(r"^(?P<base>[a-z]|[ivx]{1,5})(?P<letter>[a-z])$")
"""A clause label with a letter, inserted into a series of letters or roman numerals by a later Act: (la) after (l)
(the Multimodal Transportation of Goods Act, 1993, s.2), (aa) after (a) (the Merchant Shipping Act, 1958, s.31),
(iia) after (ii), and a letter doubled, (dd) after (d) (its s.89); never a label that is itself a letter or numeral
of a series ((ii), (za), (xi))."""


def _inserted(label: str) -> tuple[str, str] | None:
    """(the label it is inserted after or beside, its letter) when ``label`` is an inserted label, else None."""
    if INSERTED.match(label):
        return label[:-1], label[-1]
    found = _INSERTED_LETTERED.match(label)
    if found is None or is_roman(label) or (label[0] == "z" and len(label) == 2):
        return None
    base = found["base"]
    if len(base) > 1 and not is_roman(base):
        return None
    return base, found["letter"]


def is_inserted(label: str) -> bool:
    """Whether ``label`` is a number or clause label inserted into its series by a later Act: (5a), (1A), (la),
    (aa), (iia)."""
    return _inserted(label) is not None


def inserted_after(previous: str, label: str) -> bool:
    """``label`` is an inserted label after ``previous``: (5a) after (5), (5b) after (5a); (la) after (l), (lb)
    after (la); a letter doubled, (dd) after (d) (the Merchant Shipping Act, 1958, s.89)."""
    found = _inserted(label)
    if found is None:
        return False
    base, letter = found
    return (previous == base and letter in f"aA{base}") or previous == base + chr(ord(letter) - 1)


#: the series a first label opens
FIRST_LABELS = {"a": "alpha", "i": "roman", "A": "upper", "1": "number"}


def is_roman(label: str) -> bool:
    """Whether ``label`` is a well-formed lower-case roman numeral of i, v, x and l."""
    return bool(ROMAN.match(label))


def roman_value(label: str) -> int:
    """The value of a lower-case roman numeral made of i, v, x and l."""
    values = [_ROMAN_VALUES[c] for c in label]
    return sum(-v if v < w else v for v, w in zip(values, [*values[1:], 0], strict=True))


def candidates(label: str) -> list[tuple[str, int]]:
    """The readings of a label as (series, ordinal): ``"ii"`` → roman 2; ``"i"`` → letter 9 and roman 1."""
    if label.isdigit():
        return [("arabic", int(label))]
    if INSERTED.match(label):  # (5a), inserted after (5) by a later Act (Indian Ports Act, 1908, s.36(5a)-(5c))
        return [("arabic", int(label[:-1]))]
    if label.isupper():
        return [("upper", ord(label) - ord("A") + 1)]
    found = []
    if len(label) == 1:
        found.append(("letter", ord(label) - ord("a") + 1))
    elif len(label) == 2 and label[0] == "z":  # after (z): (za), (zb) … (MPA 2021 s.2(1)(za)-(zg))
        found.append(("letter", 26 + ord(label[1]) - ord("a") + 1))
    if is_roman(label) and set(label) <= {"i", "v", "x"}:
        found.append(("roman", roman_value(label)))
    return found


def next_label(label: str, kind: str) -> str | None:
    """The label that follows ``label`` in a list of ``kind`` ("alpha", "roman", "upper", "number")."""
    if kind == "roman":
        index = _ROMANS.index(label) if label in _ROMANS else -1
        return _ROMANS[index + 1] if 0 <= index < len(_ROMANS) - 1 else None
    if kind == "number":
        return str(int(label) + 1)
    if kind == "upper":
        return chr(ord(label) + 1) if label < "Z" else None
    if len(label) == 1:  # a … z, then za, zb … (MPA s.2(1)(za)-(zd))
        return chr(ord(label) + 1) if label < "z" else "za"
    return label[0] + chr(ord(label[1]) + 1) if label[1] < "z" else None


def follows(previous: str, token: str) -> bool:
    """``token`` is the label after ``previous``: (b) after (a), (ii) after (i), (2) after (1)."""
    if previous.isdigit() and token.isdigit():
        return int(token) == int(previous) + 1
    if is_roman(previous) and is_roman(token) and roman_value(token) == roman_value(previous) + 1:
        return True
    return len(previous) == len(token) == 1 and previous.isalpha() and ord(token) == ord(previous) + 1

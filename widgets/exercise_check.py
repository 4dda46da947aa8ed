"""Checking a student's answer against a salted digest, never against the answer: the student's side of the exercises.

    spec, record = ...   # written at build time (widgets.exercises: the answer's form, one variant's digests)
    verdict("wreck-floor-pk", spec, record, "Rs 1,50,000")   # Feedback: correct / incorrect / unreadable, a hint

The book's pages, the lite lab and a notebook all check the same way, and nothing here knows an answer: the build
(``widgets.exercises.record``) runs the rule for each variant, puts the answer in its *canonical form* and keeps only
``sha256(salt ":" form)`` (16 hex digits) of it, with a salt of its own per exercise and variant. A typed answer is
put in the same form and hashed; it is right when its digest is one of the variant's. The page's script
(``book/lex_book/exercises/static/exercises.js``) is a line-for-line twin of :func:`canonical` and :func:`digest`.

The canonical forms (:func:`canonical`):

``number`` (amounts, measures, ratios), with a tolerance ``t`` > 0
    the number read from what was typed (:func:`read_number`: "1,50,000", "Rs. 150,000/-", "₹ 1,50,000.00",
    "1.5 lakh", "2 crore", "150k", "30 mm"; any other word makes it unreadable, see :data:`WORDS`) divided by
    the grid step ``t / 4`` and rounded (half up): the digit string of that integer. The build keeps the digest of
    every grid point within ``7t/8`` of the rule's answer, so an answer within ``3t/4`` of it is always accepted and
    one further than ``t`` never is (a grid point is at most ``t/8`` from what was typed). For amounts ``t`` is one
    rupee, so any answer rounded to the rupee is right.
``count`` (a number of days, of pilgrims): the integer itself; anything else is wrong.
``yes-no``: ``yes`` or ``no`` (from the words of :data:`YES` and :data:`NO`).
``text`` (a choice): lower case, single spaces, a leading "the" left out.

What the digest does not do: hide an answer from a student who writes a program to try every candidate (an amount has
a few hundred thousand, yes/no two). It keeps the answer from being *read off* the page, and keeps one variant's answer
from telling another's; the assessed path is the instructor's assignment (``python -m widgets.exercises assignment``).

A variant's worked solution is *sealed* with its right answer (:func:`seal`, :func:`unseal`): a content key encrypts
it (HMAC-SHA256 in counter mode, then an HMAC tag: what the standard library and the browser's WebCrypto both have),
and that key is wrapped once for each accepted canonical form, under a key derived from the form by PBKDF2-SHA256 with
the variant's salt. An amount is accepted as several grid points (an answer within ``3t/4``), so there is one wrap per
accepted grid point, found by that form's digest: whichever accepted form the student typed opens the same solution,
and nothing else does. Brute force is no slower than the digests allow (they are checked first, at SHA-256 speed): the
seal keeps the solution as secret as the answer, no more.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import html
import math
import re
from dataclasses import dataclass
from typing import Any

YES = ("yes", "y", "true", "t", "proved", "deemed proved")
NO = ("no", "n", "false", "f", "not proved", "none")
GRID = 4
"""The grid step of a number is its tolerance divided by this."""
WORDS: dict[str, Any] = {
    "currency": ["rs.", "rs", "inr", "pkr", "₹", "rupees", "rupee"],
    "scale": {"k": 3, "thousand": 3, "thousands": 3, "l": 5, "lakh": 5, "lakhs": 5, "lac": 5, "lacs": 5,
              "million": 6, "mn": 6, "cr": 7, "crore": 7, "crores": 7},
    "unit": ["mm", "millimetre", "millimetres", "millimeter", "millimeters", "day", "days", "month's wages",
             "months' wages", "months wages", "month wages", "months", "month"],
    "ending": ["/-", "/="],
}  # fmt: skip
"""The words a number may carry, as students write them: a currency before or after it ("Rs.", "₹", "rupees"), a
scale after it, as the power of ten it multiplies by ("1.5 lakh", "2 crore", "150k", "15L"), a unit ("30 mm",
"2 months' wages") and the ledger's ending ("Rs. 150,000/-", Pakistan's "/="). Anything else after the number makes
the answer unreadable: never a number smaller than the student meant. The page's script reads the same table, from
the page (``book/lex_book/exercises``), so the two cannot differ."""
KINDS = ("number", "count", "yes-no", "text")


def _either(words: Any) -> str:
    """A regular expression for one of ``words`` (spaces in a word optional, longest first)."""
    squeezed = sorted({re.sub(r"\s", "", w) for w in words}, key=lambda w: (-len(w), w))
    return "|".join(re.escape(w) for w in squeezed)


NUMBER = re.compile(
    rf"^(?:{_either(WORDS['currency'])})?([+-]?)([0-9]*)(?:\.([0-9]*))?(?:({_either(WORDS['scale'])}))?"
    rf"(?:{_either(WORDS['currency'] + WORDS['unit'])})?(?:{_either(WORDS['ending'])})?$"
)
"""A number once commas, spaces and underscores are gone and letters are lower case: an optional currency, the
digits, an optional scale, an optional currency or unit, an optional ending (:data:`WORDS`)."""


def read_number(text: str) -> float | None:
    """The number a student typed ("1,50,000", "Rs. 150,000/-", "1.5 lakh", "150k", "−3", "30 mm"), or ``None``.

    A scale moves the decimal point in the digits as typed ("1.1 lakh" is exactly 110000), so the page's script,
    which does the same, reads the same number."""
    cleaned = re.sub(r"[,\s_]", "", str(text).replace("\u2212", "-").lower())
    match = NUMBER.match(cleaned)
    if not match:
        return None
    sign, whole, fraction, scale = match.groups()
    fraction = fraction or ""
    if not whole and not fraction:
        return None
    if scale:
        shift = WORDS["scale"][scale]
        fraction = fraction.ljust(shift, "0")
        whole, fraction = whole + fraction[:shift], fraction[shift:]
    return float(f"{sign}{whole or '0'}.{fraction or '0'}")


def read_yes_no(text: str) -> str | None:
    """``"yes"`` or ``"no"`` for the words of :data:`YES` / :data:`NO`, else ``None``."""
    words = " ".join(str(text).strip().lower().split())
    return "yes" if words in YES else "no" if words in NO else None


def read_text(text: str) -> str | None:
    """A choice as typed, in one form: lower case, single spaces, a leading "the" left out."""
    words = str(text).strip().lower().replace("-", " ").split()
    if words and words[0] == "the":
        words = words[1:]
    return " ".join(words) or None


def grid_point(value: float, step: float) -> int:
    """The grid point nearest ``value`` (half up), as the page's script computes it: ``floor(value / step + 0.5)``."""
    return math.floor(value / step + 0.5)


def canonical(spec: dict[str, Any], answer: Any) -> str | None:
    """The canonical form of ``answer`` for an exercise whose answer form is ``spec`` (``kind``, ``step``); ``None``
    when it cannot be read as that kind."""
    kind = spec["kind"]
    if isinstance(answer, bool):
        answer = "yes" if answer else "no"
    if kind == "yes-no":
        return read_yes_no(answer)
    if kind == "text":
        return read_text(answer)
    value = float(answer) if isinstance(answer, int | float) else read_number(answer)
    if value is None or not math.isfinite(value):
        return None
    if kind == "count":
        return str(int(value)) if value.is_integer() else f"{value!r}"
    return str(grid_point(value, spec["step"]))


def digest(salt: str, form: str) -> str:
    """The 16 hex digits the page keeps for a canonical ``form``."""
    return hashlib.sha256(f"{salt}:{form}".encode()).hexdigest()[:16]


def accepted_forms(spec: dict[str, Any], value: Any) -> list[str]:
    """The canonical forms of every answer accepted for the rule's answer ``value`` (see the module docstring)."""
    kind = spec["kind"]
    if kind == "number":
        step, reach = spec["step"], spec["tolerance"] - spec["step"] / 2
        low, high = math.ceil((float(value) - reach) / step), math.floor((float(value) + reach) / step)
        return [str(k) for k in range(low, high + 1)]
    form = canonical(spec, value)
    if form is None:
        raise ValueError(f"the rule's answer {value!r} has no {kind} form")
    return [form]


KDF_ITERATIONS = 1000
"""PBKDF2's rounds for a solution's key: few, since the digests (one SHA-256) already bound a brute-forcer's cost."""


def _hmac(key: bytes, data: bytes) -> bytes:
    return hmac.new(key, data, hashlib.sha256).digest()


def _xor(data: bytes, pad: bytes) -> bytes:
    return bytes(a ^ b for a, b in zip(data, pad, strict=False))


def _keystream_xor(key: bytes, data: bytes) -> bytes:
    return _xor(data, b"".join(_hmac(key, i.to_bytes(4, "big")) for i in range((len(data) + 31) // 32)))


def answer_key(salt: str, form: str) -> bytes:
    """The key a canonical ``form`` of the answer derives (PBKDF2-SHA256, the variant's salt)."""
    return hashlib.pbkdf2_hmac("sha256", form.encode(), f"{salt}:solution".encode(), KDF_ITERATIONS)


def seal(salt: str, forms: list[str], text: str) -> dict[str, Any]:
    """``text`` readable only with one of the canonical ``forms`` (see the module docstring); deterministic."""
    content = hashlib.sha256(f"lex-solution:{salt}:{text}".encode()).digest()
    body = _keystream_xor(_hmac(content, b"enc"), text.encode())
    wraps = {digest(salt, form): _xor(content, _hmac(answer_key(salt, form), b"wrap")).hex() for form in set(forms)}
    tag = _hmac(_hmac(content, b"mac"), body)[:16].hex()
    return {"wraps": dict(sorted(wraps.items())), "body": base64.b64encode(body).decode(), "tag": tag}


def unseal(salt: str, form: str, sealed: dict[str, Any]) -> str | None:
    """The text :func:`seal` sealed, for an accepted canonical ``form``; ``None`` for any other."""
    wrap = sealed["wraps"].get(digest(salt, form))
    if wrap is None:
        return None
    content = _xor(bytes.fromhex(wrap), _hmac(answer_key(salt, form), b"wrap"))
    body = base64.b64decode(sealed["body"])
    if not hmac.compare_digest(_hmac(_hmac(content, b"mac"), body)[:16].hex(), sealed["tag"]):
        return None
    return _keystream_xor(_hmac(content, b"enc"), body).decode()


@dataclass(frozen=True)
class Feedback:
    """What a check says: ``status`` is "correct", "incorrect", "unreadable" or "unknown-exercise"."""

    exercise_id: str
    status: str
    message: str
    expected: Any = None

    def __bool__(self) -> bool:
        return self.status == "correct"

    def __str__(self) -> str:
        return self.message

    def _repr_html_(self) -> str:
        colour = {"correct": "#1b5e20", "incorrect": "#b00020"}.get(self.status, "#8a4b00")
        mark = {"correct": "✓", "incorrect": "✗"}.get(self.status, "?")
        body = html.escape(self.message).replace("\n", "<br>")
        return f"<div class='lm-check lm-check-{self.status}' style='color:{colour}'><b>{mark}</b> {body}</div>"


def what_to_type(spec: dict[str, Any]) -> str:
    """How the answer is to be typed, as the page and the messages say it."""
    return {"number": "a number", "count": "a whole number", "yes-no": "yes or no", "text": "one of the choices"}[
        spec["kind"]
    ]


def verdict(exercise_id: str, spec: dict[str, Any], record: dict[str, Any], answer: Any) -> Feedback:
    """``answer`` checked against one variant's ``record`` (``salt``, ``digests``); the hint on a wrong answer."""
    form = canonical(spec, answer) if answer is not None else None
    if form is None:
        kind = what_to_type(spec)
        return Feedback(exercise_id, "unreadable", f"Could not read {answer!r} as {kind}: please answer with {kind}.")
    if digest(record["salt"], form) in record["digests"]:
        return Feedback(exercise_id, "correct", "Correct.")
    hint = f" Hint: {spec['hint']}" if spec.get("hint") else ""
    return Feedback(exercise_id, "incorrect", f"Not quite.{hint}")

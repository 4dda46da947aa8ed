"""Parts, Chapters and lettered sub-parts of the Pakistan Merchant Shipping Ordinance, 2001 (source 004).

``PART I``–``XVI`` and ``CHAPTER 1``–``46`` (numbered continuously through the Ordinance) stand on lines of their own,
each followed on the next line by its title, except that Parts I (L11), XIV (L5034) and XVI (L5530) and Chapter 17
(L1971) have none. Three Chapter titles run over two lines and are joined: 14 (L1627/L1628 ``…FOR SEAMEN AND THEIR``
+ ``HEALTH``), 22 (L2896/L2897) and 26 (L3264/L3265). Some titles carry a dash prefix (Part VI ``––SAFETY`` L2772,
Chapters 21–24, 37, 44–46), removed as an edit by :mod:`corpus.clean.pk_dashes`.

Chapters 11 and 17 are divided into lettered sub-parts: ``(A) PAYMENT OF WAGES`` (L1328), ``(B)`` (L1408) and ``(C)``
(L1474); ``A.—UNIFORM`` (L1972) to ``F. —NATIONAL WELFARE. BOARD FOR SEAMEN`` (L2056). They are cross-headings:
they do not number anything, so the eIds of the sections under them do not change.
"""

from __future__ import annotations

import re

PART = re.compile(r"^PART (?P<num>[IVXL]+)$")
CHAPTER = re.compile(r"^CHAPTER (?P<num>\d+)$")
CROSSHEADING = re.compile(r"^(?:\([A-Z]\)|[A-Z]\.)\s*[—–]*\s*[A-Z][A-Z .,]+$")


def is_title_line(text: str) -> bool:
    """Whether ``text`` is (part of) a Part or Chapter title: capitals, with an optional dash prefix."""
    stripped = text.lstrip("—–- ")
    return bool(stripped) and stripped.upper() == stripped and any(c.isalpha() for c in stripped)


def is_crossheading(text: str) -> bool:
    """Whether ``text`` is a lettered sub-part heading of Ch 11 or 17 (``(A) PAYMENT OF WAGES``, ``A.—UNIFORM``)."""
    return bool(CROSSHEADING.match(text))

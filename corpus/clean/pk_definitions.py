"""Defined terms in the Pakistan Merchant Shipping Ordinance, 2001 (source 004), marked ``{{def term}}`` for bluebell.

The definitions sections are s.2 (L37, 60 clauses), s.199 (L1743), s.222 (L1894) and s.552 (L5039); each clause
starts with the term in curly quotes and a verb: ``(1) “apprentice” means …`` (L40), ``(18) “home-trade ship” or
“home-trade passenger ship” means …`` (two terms), ``(11) “effects”, in relation to a seaman, includes …``. The words
inside the quotes are the term (the quotes stay outside the mark). The print's quotes are not always a pair:
``“surveyor'`` (s.2(41)), ``wages”`` (s.2(58), no opening quote), ``“oil tanker’`` (s.552(p)); s.552(m) has none
(``Noxious liquid substances means …``): then the words before the verb are the term.

Explanations define terms too, as ``the expression “crew accommodation” includes`` (s.194 L1708) or with a list of
clauses (s.535 L4871: ``(a) “ship owner” means …``); they are marked the same way. So does a provision that opens by
limiting what it defines to its place: s.389(8) L3442 ``In this section and section 388 the expression “grain”
includes … and the expression “ship carrying a cargo of grain” means …``, s.542(2) L4956 ``For the purpose of this
section “claims for loss of life or personal injury to passengers on a ship” means …`` (:func:`mark_scoped`).
"""

from __future__ import annotations

import re

_VERB = re.compile(
    r"\s(means|includes|include|does not include|shall include|shall mean|shall have the same meaning)\b"
)
_QUOTED = re.compile(r"[“‘\"']([^“”‘’\"']+)[”’\"']")
_EXPRESSION = re.compile(r"([“‘]|(?<=\s)\")([^“”‘’\"]+)([”’\"]\s+(?:means|includes)\b)")
# a term alone before the list that defines it: the Major Port Authorities Act, 2021 s.2(1)(v) '"owner", ---' and its
# clauses (i) "in relation to goods, includes …", (ii) …
_TERM_BEFORE_ITS_LIST = re.compile(r"^([“‘\"])([^“”‘’\"]{1,60})([”’\"]\s*,?\s*[-–—:]+\s*)$")
_QUOTES = "“”‘’\"'"
# "In this section", "For the purpose of this section", "For the purposes of this Chapter" at a paragraph's start
_SCOPED = re.compile(
    r"^(?:In|For\s+the\s+purposes?\s+of)\s+this\s+(?:section|sub-section|Chapter|Part)\b", re.IGNORECASE
)


def mark_clause(text: str) -> str | None:
    """``text`` (a definition clause, markup-escaped) with its defined terms marked; None if it defines nothing."""
    verb = _VERB.search(text)
    if not verb:
        alone = _TERM_BEFORE_ITS_LIST.match(text)
        return alone.expand(r"\1{{def \2}}\3") if alone else None
    head = text[: verb.start()]
    if ", in relation to" in head:
        head = head[: head.index(", in relation to")]
    terms = _QUOTED.findall(head)
    if not terms:
        bare = head.strip().strip(_QUOTES + ",").strip()
        if not bare or len(bare.split()) > 5:
            return None
        terms = [bare]
    marked, position = text, 0
    for term in terms:
        start = marked.index(term, position)
        wrapped = "{{def " + term + "}}"
        marked = marked[:start] + wrapped + marked[start + len(term) :]
        position = start + len(wrapped)
    return marked


def mark_expressions(text: str) -> str:
    """``text`` (markup-escaped) with each term it defines (``the expression “X” means``, ``“port” means``) marked."""
    return _EXPRESSION.sub(lambda m: m[1] + "{{def " + m[2] + "}}" + m[3], text)


def mark_scoped(text: str) -> str:
    """``text`` (a paragraph's markup) with the terms it defines marked when it opens by naming where its definitions
    apply ("In this section and section 388 the expression “grain” includes", s.389(8)); unchanged otherwise, and
    when its terms are marked already (a definitions section's clause, an Explanation)."""
    if "{{def " in text or not _SCOPED.match(text):
        return text
    return mark_expressions(text)

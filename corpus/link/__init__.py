"""Post-processing that links the text of the parsed documents: definitions and terms, cross-references.

Each linker takes the parsed trees of the whole corpus (so that a reference can cross to another document) and edits
them in place, returning counts for the build report.
"""

from __future__ import annotations

from collections.abc import Callable

from lxml import etree

from corpus.catalogue import Document
from corpus.link import refs, terms

# A linker returns, per document, its counts (and any list of what it could not do) for the build report.
Linker = Callable[[dict[str, etree._Element], dict[str, Document]], dict[str, dict[str, int | list[str]]]]

# refs first, so that a term never splits the words of a reference ("the First Schedule").
LINKERS: list[Linker] = [refs.link, terms.link]


def link_all(trees: dict[str, etree._Element], docs: dict[str, Document]) -> dict[str, dict[str, int | list[str]]]:
    """Run every linker over ``trees``; return, per document id, the counts each linker reported."""
    counts: dict[str, dict[str, int | list[str]]] = {doc_id: {} for doc_id in trees}
    for linker in LINKERS:
        for doc_id, found in linker(trees, docs).items():
            counts[doc_id].update(found)
    return counts

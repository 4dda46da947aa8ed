"""Post-processing that links the text of the parsed documents: definitions and terms, cross-references.

Each linker takes the parsed trees of the documents being built, and the paths of the other documents' committed XML
(so that a reference can cross to any document of the corpus), edits the trees in place and returns counts for the
build report.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path

from lxml import etree

from corpus.catalogue import Document
from corpus.link import refs, terms, works

# A linker returns, per document of ``trees``, its counts (and any list of what it could not do) for the build report;
# the third argument holds other documents' committed XML files, linked before, that a reference may land in.
# what a linker reports, per document: its counts (a Mapping, read only, so a linker reporting numbers alone fits)
Linker = Callable[
    [dict[str, etree._Element], dict[str, Document], dict[str, Path]], Mapping[str, Mapping[str, int | list[str]]]
]


def link_terms(
    trees: dict[str, etree._Element], docs: dict[str, Document], context: dict[str, Path]
) -> dict[str, dict[str, int]]:
    """The terms linker: a definition governs its own document only, so no other document's tree is needed."""
    return terms.link(trees, docs)


# refs first, so that a term never splits the words of a reference ("the First Schedule"); then the works linker,
# whose names of other documents ("the Indian Ports Act, 1875") are outside refs' references to their provisions.
LINKERS: list[Linker] = [refs.link, works.link, link_terms]


def link_all(
    trees: dict[str, etree._Element], docs: dict[str, Document], context: dict[str, Path] | None = None
) -> dict[str, dict[str, int | list[str]]]:
    """Run every linker over ``trees``; return, per document id, the counts each linker reported.

    ``context`` holds the committed XML files of other documents of the corpus, linked before: a reference in
    ``trees`` may land in them (each is read only if one does), but they are not linked again, so an incremental
    build links what it rebuilt only.
    """
    counts: dict[str, dict[str, int | list[str]]] = {doc_id: {} for doc_id in trees}
    for linker in LINKERS:
        for doc_id, found in linker(trees, docs, context or {}).items():
            counts[doc_id].update(found)
    return counts

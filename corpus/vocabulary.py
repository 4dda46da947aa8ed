"""The Akoma Ntoso element vocabulary of the corpus: which elements divide a document, which number the levels below
a section, which a citation starts from, which are inline. One place for these names: the citation grammar
(:mod:`corpus.cite`), the plain text (:mod:`corpus.plain_text`), the reader's page map (:mod:`corpus.page_map`) and
the book's rendering (``lex_book.reader``) all read them here.
"""

from __future__ import annotations

DIVISIONS = frozenset({"part", "chapter"})
"""The divisions a citation names ("Part IX Chapter V") and the reader gives a contents page of its own."""

GROUPS = frozenset({"part", "chapter", "subpart", "subchapter", "division", "subdivision", "title", "subtitle"})
"""Every division that groups sections: a section's breadcrumb names those above it; the plain text heads them."""

SECTIONING = GROUPS | {"section"}
"""What the reader renders as a document section with a title: the groups and the sections."""

NUMBERED_LEVELS = frozenset(
    {"subsection", "paragraph", "subparagraph", "clause", "subclause", "point", "item", "list", "alinea", "indent"}
)
"""The elements that number the levels below a section: "(1)", "(a)", "(i)" …"""

HIERARCHY = NUMBERED_LEVELS | {
    "level",
    "proviso",
    "rule",
    "subrule",
    "article",
    "hcontainer",
    "transitional",
    "blockList",
    "blockContainer",
    "tblock",
}
"""The containers below a section, shown with their number in front of their content."""

CITATION_HEADS = frozenset({"section", "attachment", "longTitle", *DIVISIONS})
"""The elements a citation starts from: nothing above them is part of it."""

INLINE = frozenset(
    {
        "ref",
        "term",
        "remark",
        "sup",
        "sub",
        "i",
        "b",
        "u",
        "span",
        "inline",
        "abbr",
        "date",
        "eol",
        "img",
        "noteRef",
        "authorialNote",
        "docTitle",
        "docNumber",
        "docDate",
        "docProponent",
        "docStage",
        "docType",
        "entity",
        "placeholder",
        "quantity",
        "person",
        "organization",
        "location",
    }
)
"""Inline elements: never anchored on a page (a link to one goes to its nearest anchored ancestor)."""

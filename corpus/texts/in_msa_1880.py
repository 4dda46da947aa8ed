"""Builder for the Indian Merchant Shipping Act, 1880 (000_dea9069417b7d41d.txt, lines 1–363).

The source lost its section numbers; they are recovered in corpus/clean/old_acts_sections_1880.yaml (reviewed, with
evidence and confidence) and marked in the document as editorial. The shared layout of the 1875/1880 sources is in
corpus/clean/old_acts_layout.py; this module names what is particular to this Act, each with its source line.
"""

from __future__ import annotations

from corpus.clean import old_acts_layout, old_acts_sections
from corpus.report import MarkupResult
from corpus.source_text import SourceText

TABLE = "old_acts_sections_1880.yaml"

QUIRKS = old_acts_layout.Quirks(
    # glued notes that contain a verb (SURVEY.md §1): L39, L263
    verb_notes=frozenset(
        {
            "Prosecution to be by, or with consent of, Local Government",
            "Such persons to be deemed persons filling a public office",
        }
    ),
    # a definition without a gloss: s.4's first term (L23); "wreck" is defined in the intro of s.71 (L299)
    inline_definitions={23: "British Indian ship"},
    terms_in_text={299: "wreck"},
    # the five unlabelled limbs of "wreck" (L301–309)
    unlabelled_items=frozenset({301, 303, 305, 307, 309}),
    # s.62's first clause lost its label (L251); L253 (b), L255 (c) follow and L265 cites clause (c)
    supplied_labels={
        251: (
            "a",
            "The label (a) is not in the source; supplied editorially: clauses (b) and (c) follow, and line 265 cites"
            " clause (c) of this section",
        )
    },
)


def to_markup(source: SourceText) -> MarkupResult:
    """The bluebell markup of the Act, with its edits, moved notes and recovered numbering (``facts``)."""
    numbering = old_acts_sections.load(TABLE)
    return old_acts_layout.write(source, numbering, QUIRKS, [])

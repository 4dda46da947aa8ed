"""References from a rule to the statute text it implements: document id, AKN eId and the human citation.

The eIds are AKN-NC as the corpus produces them (``part_IV__chp_11__sec_161__subsec_1__para_a__subpara_i``); the
citation is what a reader sees ("s. 161(1)(a)(i)"). Rules carry both so that they run without the corpus (in
Pyodide); ``tests/widgets/test_traceability.py`` checks every reference against the corpus and the text hash recorded
by ``python -m widgets.trace record``.
"""

from __future__ import annotations

from typing import NamedTuple


class Ref(NamedTuple):
    """One provision of one document of the corpus (a tuple: hashed at C speed, as each step records its Ref)."""

    document: str
    eid: str
    citation: str

    def __str__(self) -> str:
        return self.citation

    def as_dict(self) -> dict[str, str]:
        return {"document": self.document, "eid": self.eid, "citation": self.citation}

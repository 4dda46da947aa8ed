"""The corpus: five South-Asian maritime statutes as Akoma Ntoso 3.0, and the one way in to their text.

    from corpus import cite, citation
    provision = cite("pk-mso-2001", "161(1)(a)(i)")   # the element, its eId and its text
    citation("pk-mso-2001", provision.eid)             # back to "s. 161(1)(a)(i)"

``python -m corpus build`` rebuilds the XML from the sources; ``python -m corpus stats`` shows the coverage.
"""

from corpus.catalogue import Document, document, documents
from corpus.cite import CitationError, Provision, by_eid, citation, cite, load

__all__ = [
    "CitationError",
    "Document",
    "Provision",
    "by_eid",
    "citation",
    "cite",
    "document",
    "documents",
    "load",
]

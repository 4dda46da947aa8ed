"""The speed folder's part of the book's extension: each module registers its directives, nodes, assets
and event handlers, in this order (the order matters where two handlers share an event and a priority: see the
event table of :mod:`lex_book`)."""

from __future__ import annotations

from typing import Any

from sphinx.application import Sphinx

from lex_book.config import setup_config
from lex_book.speed import (
    complete_build,
    content_stamps,
    gc_freeze,
    notebook_inputs,
    static_files,
    template_cache,
    toc_only,
)


def setup_speed(app: Sphinx) -> None:
    complete_build.register(app)  # a stopped build's site written again whole; pages written whole
    content_stamps.register(app)  # pages depend on the corpus's files by their bytes (first: before any page is read)
    notebook_inputs.register(app)  # the execution cache follows lex_notebook_inputs
    gc_freeze.register(app)  # the cyclic collector skips the state a build starts from
    template_cache.register(app)  # the theme's templates compiled once
    toc_only.register(app)  # only the pages of _toc.yml are read
    static_files.register(app)  # lex_static_digest: an edited static file has the pages written again


def setup(app: Sphinx) -> dict[str, Any]:
    """This folder as an extension of its own (``extra_extensions: [lex_book.speed.extension]``), for a book that
    wants only it: the tests' small books of tests/book/test_static_files.py and test_notebook_inputs.py."""
    setup_config(app)
    setup_speed(app)
    return {"parallel_read_safe": True, "parallel_write_safe": True}

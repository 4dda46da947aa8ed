"""Building a small book of the tests' own in this process, as ``jupyter-book build`` does (Sphinx underneath)."""

from __future__ import annotations

from pathlib import Path

from jupyter_book.sphinx import build_sphinx


def build(book: Path) -> tuple[int | Exception, Path]:
    """Build the book in ``book`` (its ``_config.yml`` and ``_toc.yml``) into ``book/_build/html``, warnings as errors;
    return Sphinx's result (0 when it passed) and the output folder."""
    out = book / "_build" / "html"
    result = build_sphinx(
        str(book), str(out), noconfig=True, path_config=str(book / "_config.yml"),
        confoverrides={"external_toc_path": str(book / "_toc.yml"), "latex_individualpages": False},
        warningiserror=True, really_quiet=True,
    )  # fmt: skip
    return result, out

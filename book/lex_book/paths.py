"""Where the book's build finds what is not in this package: the repository's root and its npm packages."""

from __future__ import annotations

from pathlib import Path

PACKAGE = Path(__file__).resolve().parent
REPOSITORY = PACKAGE.parents[1]
"""The repository's root (``book/lex_book`` is two levels below it)."""
NODE_MODULES = REPOSITORY / "node_modules"
"""``npm ci``'s folder: Pyodide (live/) and Pagefind (search/)."""

"""a change to a file the pages load (a style sheet, a script, a vendored asset) reaches the site in
an incremental build.

Sphinx 7.4 copies the ``html_static_path`` folders into ``_static`` only when it writes pages: after an edit of
``static_theme/site_theme.css`` alone, ``jupyter-book build`` said "no targets are out of date" and left the old copy
in ``_build/html/_static`` (and every page's ``?v=`` checksum of it) — an editor saw no change, and a test of the
built site checked the old style sheet. The digest of every file in ``html_static_path`` is the config value
``lex_static_digest`` of rebuild kind ``html``: when a file changes, the build's ``.buildinfo`` differs, and Sphinx
writes every page again from its stored doctree (no page is read again) after copying the static files.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from sphinx.application import Sphinx
from sphinx.config import Config


def static_digest(confdir: Path, static_paths: list[str]) -> str:
    """The sha256 of the names and bytes of every file under ``static_paths`` (relative to ``confdir``), in order."""
    digest = hashlib.sha256()
    for entry in static_paths:
        root = confdir / entry
        files = sorted(p for p in root.rglob("*") if p.is_file()) if root.is_dir() else [root]
        for path in files:
            if path.is_file():
                digest.update(str(path.relative_to(root.parent)).encode() + b"\0")
                digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()


def record_digest(app: Sphinx, config: Config) -> None:
    """Set ``lex_static_digest`` once every extension has added its folder (``config-inited``, priority 900)."""
    config.lex_static_digest = static_digest(Path(app.confdir), list(config.html_static_path))


def register(app: Sphinx) -> None:
    app.connect("config-inited", record_digest, priority=900)  # after the extensions' own folders (500)

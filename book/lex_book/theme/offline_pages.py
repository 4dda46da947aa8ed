"""no page of the book loads anything from outside the site.

Jupyter Book always loads sphinx-thebe, which puts on every page a script naming thebe's bundle on unpkg.com (fetched
when a reader starts a live-code session, which needs a remote Jupyter server anyway). The book is read offline, so
those scripts are dropped. Then every page's script and stylesheet list is checked: an external one is a build warning
(an error under ``--warningiserror``), naming the page and the URL. MathJax and the widget scripts come from the site
(``_config.yml``: ``mathjax_path``, ``nb_ipywidgets_js``; ``book/lex_book/theme/vendor_assets.py``).
"""

from __future__ import annotations

import re
from typing import Any

from sphinx.application import Sphinx
from sphinx.util import logging

logger = logging.getLogger(__name__)
EXTERNAL = re.compile(r"^(?:[a-z][a-z0-9+.-]*:)?//", re.IGNORECASE)
THEBE_MARKERS = ("THEBE_JS_URL", "sphinx-thebe.js")


def _is_thebe(asset: Any) -> bool:
    body = getattr(asset, "attributes", {}).get("body", "") or ""
    return any(marker in body or _url(asset).endswith(marker) for marker in THEBE_MARKERS)


def _url(asset: Any) -> str:
    return str(getattr(asset, "filename", asset) or "")


def keep_pages_offline(app: Sphinx, pagename: str, templatename: str, context: dict, doctree: Any) -> None:
    """Drop sphinx-thebe's loader from the page and warn about any script or stylesheet from outside the site."""
    for key in ("script_files", "css_files"):
        assets = context.get(key)
        if assets is None:
            continue
        assets[:] = [a for a in assets if not _is_thebe(a)]
        for asset in assets:
            if EXTERNAL.match(_url(asset)):
                logger.warning(f"page {pagename} loads {_url(asset)} from outside the site", location=pagename)


def register(app: Sphinx) -> None:
    app.connect("html-page-context", keep_pages_offline, priority=900)  # after every extension has added its assets

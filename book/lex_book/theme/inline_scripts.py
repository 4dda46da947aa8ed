"""No page of the book runs an inline script, so that the site holds under a Content-Security-Policy whose
``script-src`` has no ``'unsafe-inline'`` (the README's deployment section): an injected ``<script>`` or ``onclick``
then never runs.

The themes and Sphinx's extensions write their settings as inline scripts: sphinx-togglebutton its labels and
selector, pydata-sphinx-theme ``DOCUMENTATION_OPTIONS.search_as_you_type`` and the page's name, sphinx.ext.mathjax
MathJax's configuration (``app.add_js_file(None, body=...)``), sphinx-thebe a ``kernelName`` on every page with code,
and the layout the colour mode (``templates/layout.html`` now loads ``_static/site_mode.js`` instead). So, when a
page is written (``html-page-context``, after every extension added its scripts):

* each inline script of the page's list becomes a file, ``_static/inline/<sha256 of its text>.js``, loaded where it
  stood (a plain ``<script src>`` runs in order, as the inline one did): the same text on every page is one file;
* the page's name, the one text that differs from page to page, is read from its script element instead:
  ``<script src="_static/page_name.js" data-pagename="...">``;
* sphinx-thebe's ``kernelName`` is left out (``doctree-resolved``): it is read only by thebe's live-code session,
  which the book does not load (:mod:`lex_book.theme.offline_pages` drops thebe's loader).

Two pages the site writes itself keep a fixed inline script, which the policy allows by its hash: ``404.html`` and
``offline.html`` are shown at any address, at any depth, so they cannot name a script by a relative path. The
README's policy lists their hashes (:func:`script_hash`); ``tests/book/test_hosting.py`` checks that every inline
script of the site is one it allows.
"""

from __future__ import annotations

import base64
import hashlib
import re
from pathlib import Path
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.builders.html._assets import _JavaScript

from lex_book import atomic_files

INLINE_DIR = "_static/inline"
"""Where the inline scripts' files are written in the site (named by their text's digest)."""
PAGE_NAME_SCRIPT = "_static/page_name.js"
PAGE_NAME = re.compile(r"DOCUMENTATION_OPTIONS\.pagename = '([^'\\]*)';")
"""pydata-sphinx-theme's line naming the page (``__init__.py``: ``update_and_remove_templates``)."""
THEBE_KERNEL = re.compile(r"<script>kernelName = '[^'\\]*'</script>")
INLINE_SCRIPT = re.compile(r"<script(?![^>]*\bsrc=)(?P<attributes>[^>]*)>(?P<text>.*?)</script>", re.DOTALL)
SCRIPT_TYPE = re.compile(r"""\btype\s*=\s*["']?([^"'\s>]+)""", re.IGNORECASE)
RUN_TYPES = {"text/javascript", "application/javascript", "module"}
"""The ``type`` of a script a browser runs; any other (JSON, thebe's configuration) is data."""


def script_file(outdir: Path, text: str) -> str:
    """The site's file holding ``text`` (written unless it is there), by its path relative to the site."""
    name = f"{INLINE_DIR}/{hashlib.sha256(text.encode()).hexdigest()[:20]}.js"
    path = outdir / name
    path.parent.mkdir(parents=True, exist_ok=True)
    atomic_files.write_text(path, text)
    return name


def move_inline_scripts(app: Sphinx, pagename: str, templatename: str, context: dict, doctree: Any) -> None:
    """Replace each inline script of the page's script list by a file of the site (see the module docstring)."""
    scripts = context.get("script_files")
    if not isinstance(scripts, list):
        return
    moved: list[Any] = []
    for script in scripts:
        body = script.attributes.get("body") if isinstance(script, _JavaScript) else None
        if not body or script.filename:
            moved.append(script)
            continue
        attributes = {k: v for k, v in script.attributes.items() if k != "body"}
        if named := PAGE_NAME.fullmatch(body.strip()):
            attributes["data-pagename"] = named[1]
            moved.append(_JavaScript(PAGE_NAME_SCRIPT, priority=script.priority, **attributes))
        else:
            name = script_file(Path(app.outdir), body)
            moved.append(_JavaScript(name, priority=script.priority, **attributes))
    context["script_files"] = moved


def drop_thebe_kernel_name(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """Leave out the ``<script>kernelName = ...</script>`` sphinx-thebe appends to a page with code."""
    for raw in list(doctree.findall(nodes.raw)):
        if THEBE_KERNEL.fullmatch(raw.astext().strip()):
            raw.parent.remove(raw)


def inline_scripts(page: str) -> list[str]:
    """The text of each inline script of an HTML page that a browser would run (data blocks aside)."""
    found = []
    for script in INLINE_SCRIPT.finditer(page):
        kind = SCRIPT_TYPE.search(script["attributes"])
        if kind is None or kind[1].lower() in RUN_TYPES:
            found.append(script["text"])
    return found


def script_hash(text: str) -> str:
    """A Content-Security-Policy source allowing the inline script ``text``: ``'sha256-<base64>'``."""
    return f"'sha256-{base64.b64encode(hashlib.sha256(text.encode()).digest()).decode()}'"


def register(app: Sphinx) -> None:
    app.connect("doctree-resolved", drop_thebe_kernel_name, priority=600)  # after sphinx-thebe's (500)
    app.connect("html-page-context", move_inline_scripts, priority=950)  # after every extension added its scripts

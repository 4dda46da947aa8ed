"""The topic pages' calculators and what-if cells, live in the reader's browser.

A chapter's ``calculator("<provision id>")`` cell displays, in the book, as the HTML form of ``widgets.views.page``
with its build-time result (``_config.yml`` ranks ``text/html`` above the ipywidgets view for the HTML builder); a
what-if cell (tagged ``what-if``) displays its ``outcome(...)``. This extension:

- adds ``live/calculators.js`` (deferred, 10 KB) and ``live/calculators.css`` to the pages that have either, and to
  no other page; those pages do not load the ipywidgets bundle (``nb_ipywidgets_js`` is empty in ``_config.yml``)
  and carry no widget state (nbclient records it while executing the chapter; nothing on the page reads it);
- writes the in-browser runtime into ``_static/live/`` when the build finishes (:mod:`live_runtime`: Pyodide from
  npm, a trimmed standard library, the rules' bundle with the reader's page table for links).

The page's script starts the runtime (a Web Worker) on the reader's first touch of a calculator or what-if cell,
keeps what was typed meanwhile, and recomputes on every edit; see ``live/calculators.js``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sphinx.application import Sphinx
from sphinx.util import logging

import widgets
from corpus import page_map
from lex_book.live import live_runtime
from widgets.views.reader_links import page_of

LOGGER = logging.getLogger(__name__)
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"
MARKERS = ("class='lm-calc'", "class='lm-outcome'")
"""How a page's HTML shows it has a calculator or a what-if result (``widgets.views.page`` / ``Outcome``)."""


def reader_pages() -> dict[str, dict[str, str]]:
    """The reader's page of each provision of the documents the rules cite: ``{document: {eId: docname}}``, only
    the outermost eId of each run on one page (``widgets.views.reader_links.page_of`` finds the rest)."""
    documents = sorted({p["document"] for pid in widgets.provision_ids() for p in widgets.describe(pid)["provisions"]})
    table: dict[str, dict[str, str]] = {}
    for document in documents:
        pages = page_map.document_pages(document)
        found: dict[str, str] = {}
        for eid, (docname, _) in sorted(pages.anchors.items(), key=lambda item: (item[0].count("__"), item[0])):
            if page_of(found, eid) != docname:
                found[eid] = docname
        table[document] = found
    return table


def page_context(app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any) -> None:
    """The calculators' script and styles on a page that has one; no widget state on any page."""
    scripts = context.get("script_files")
    if scripts is not None:
        scripts[:] = [s for s in scripts if getattr(s, "attributes", {}).get("type") != WIDGET_STATE]
    if any(marker in context.get("body", "") for marker in MARKERS):
        app.add_js_file("live/calculators.js", loading_method="defer")
        app.add_css_file("live/calculators.css")


def front_end(app: Sphinx) -> None:
    """The page's script and styles into ``_static/live/`` before any page is written (their links' checksums)."""
    if app.builder.format == "html":
        live_runtime.copy_front_end(Path(app.outdir))


def write_runtime(app: Sphinx, exception: Exception | None) -> None:
    """The in-browser runtime into ``_static/live/`` (:func:`live_runtime.build`)."""
    if exception is not None or app.builder.format != "html":
        return
    sizes = live_runtime.build(Path(app.outdir), reader_pages(), Path(app.doctreedir) / "lex-maritima" / "live")
    LOGGER.info("live calculators: %s", ", ".join(f"{name} {size / 1e3:.0f} kB" for name, size in sizes.items()))


def register(app: Sphinx) -> None:
    app.connect("builder-inited", front_end)
    app.connect("html-page-context", page_context, priority=900)  # after myst-nb has added its scripts
    app.connect("build-finished", write_runtime)

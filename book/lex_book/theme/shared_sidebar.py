"""The sidebar's table of contents drawn once per folder, then marked for each page.

The theme writes the book's whole table of contents into every page's sidebar: Sphinx's ``toctree`` resolves every
entry for the page, then pydata-sphinx-theme's ``generate_toctree_html`` parses, reworks and prints it with
BeautifulSoup (about 60 KB of HTML, 0.2–0.4 s a page). On the 2,300 pages of the 21-statute book that was two thirds
of a clean build; sharing it among a statute's section pages alone left a third (``benchmarks/book_build.py``).

For two pages of one folder the table differs only in where it marks the page being read: its links are relative to
the folder, and the marks are the page's own entry and its ancestors'. So the table is drawn once per folder (and set
of arguments) as the theme draws it for a page of that folder that no toctree lists (:func:`folder_table`: what a
statute's section page shows, for those pages are in no toctree), and each page then gets that HTML with its marks
added (:func:`mark_page`), the marks Sphinx and the theme would have put there:

* the page's own entry: its ``<li>`` gets ``current active`` after its ``toctree-lN`` class, its link
  ``class="current reference internal" href="#"``, and its ``<details>`` (if it has pages below it) ``open="open"``;
* each ancestor's entry: ``current active`` on its ``<li>``, ``open="open"`` on its ``<details>``, and ``current`` on
  the list of its children that holds the page (``<ul class="current">``);
* the top-level list that holds them all: ``<ul class="current nav bd-sidenav">``.

A page's ancestors are its parents in Sphinx's ``toctree_includes``, taken as Sphinx takes them. Where a mark cannot
be placed exactly (an entry's link not found exactly once, or an unexpected shape), the page gets the theme's own
drawing, so a change of the theme costs speed, never a wrong sidebar. ``tests/book/test_fixture_build.py`` checks that
every page of a book gets, byte for byte, the table the theme draws for it.
"""

from __future__ import annotations

import json
import posixpath
import re
from collections.abc import Callable, Mapping
from typing import Any, cast

from pydata_sphinx_theme.toctree import add_toctree_functions
from sphinx.application import Sphinx
from sphinx.builders.html import StandaloneHTMLBuilder
from sphinx.environment.adapters.toctree import global_toctree_for_doc

from lex_book import state as build_state

NO_PAGE = "lex-sidebar-of-the-folder"
"""The page, in each folder, that the shared table is drawn for: no document has that name, so nothing is marked."""

TOP_LIST = '<ul class="nav bd-sidenav">'


def name_sidebar_toggles(generate: Callable[..., Any]) -> Callable[..., Any]:
    """pydata-sphinx-theme's ``generate_toctree_html``, with a name on each ``<summary>`` that holds no text."""

    def generate_named(*args: Any, **kwargs: Any) -> Any:
        tree = generate(*args, **kwargs)
        for summary in getattr(tree, "select", lambda _: [])("li.has-children > details > summary"):
            if summary.get_text(strip=True) or summary.get("aria-label"):
                continue
            link = summary.find_parent("li").find("a", recursive=False)
            if link is not None:
                summary["aria-label"] = f"Contents of {link.get_text(' ', strip=True)}"
        return tree

    return generate_named


def folder_table(app: Sphinx, folder: str, templatename: str, kwargs: Mapping[str, Any]) -> str:
    """The sidebar's table (pydata-sphinx-theme's ``generate_toctree_html(**kwargs)``) as the theme draws it for a page
    of ``folder`` that no toctree lists."""
    builder = cast(StandaloneHTMLBuilder, app.builder)  # html-page-context: an HTML builder
    page = posixpath.join(folder, NO_PAGE)

    def toctree(collapse: bool = True, **options: Any) -> str:
        """The page's ``toctree()``, as Sphinx's HTML builder gives it to a page's templates."""
        options.setdefault("includehidden", False)
        if options.get("maxdepth") == "":
            options.pop("maxdepth")
        tree = global_toctree_for_doc(builder.env, page, builder, collapse=collapse, **options)
        return builder.render_partial(tree)["fragment"]

    context: dict[str, Any] = {"toctree": toctree}
    add_toctree_functions(app, page, templatename, context, None)
    return str(name_sidebar_toggles(context["generate_toctree_html"])(**kwargs))


def ancestry(includes: Mapping[str, list[str]], docname: str) -> list[str]:
    """``docname`` and its ancestors in the toctrees, nearest first (Sphinx's rule: a page listed twice takes the last
    parent that lists it)."""
    parents = {child: parent for parent, children in includes.items() for child in children}
    chain = [docname]
    while chain[-1] in parents and parents[chain[-1]] not in chain:
        chain.append(parents[chain[-1]])
    return chain


def mark_page(table: str, hrefs: list[str]) -> str | None:
    """``table`` (drawn by :func:`folder_table`) with the marks of the page whose entry links to ``hrefs[0]`` and whose
    ancestors' entries link to ``hrefs[1:]``, nearest first; ``None`` where a mark cannot be placed exactly."""
    top = None
    for depth, href in enumerate(hrefs):
        entry = re.compile(
            r'<li class="(toctree-l\d+)( has-children)?"><a class="reference internal" href="' + re.escape(href) + '">'
        )
        found = list(entry.finditer(table))
        if len(found) != 1:
            return None
        (match,) = found
        own = depth == 0
        link = 'class="current reference internal" href="#"' if own else f'class="reference internal" href="{href}"'
        marked = f'<li class="{match[1]} current active{match[2] or ""}"><a {link}>'
        after = table[match.end() :]
        if match[2]:  # pages below it: its disclosure opens, and an ancestor's list of them holds the page
            head = re.match(r"(.*?</a>)<details>(<summary[^>]*>.*?</summary>)<ul>", after, re.DOTALL)
            if head is None:
                return None
            children = "<ul>" if own else '<ul class="current">'
            after = f'{head[1]}<details open="open">{head[2]}{children}{after[head.end() :]}'
        table = table[: match.start()] + marked + after
        top = match.start()
    if top is None:
        return table
    start = table.rfind(TOP_LIST, 0, top)
    if start < 0:
        return None
    return table[:start] + '<ul class="current nav bd-sidenav">' + table[start + len(TOP_LIST) :]


def sidebar_for(app: Sphinx, pagename: str, templatename: str, draw: Callable[..., str]) -> Callable[..., str]:
    """The ``sidebar_nav`` of page ``pagename``: its folder's shared table, marked for it; ``draw`` (the theme's own
    drawing for the page) where the marks cannot be placed."""
    folder = posixpath.dirname(pagename)

    def sidebar_nav(**kwargs: Any) -> str:
        shared = build_state.of(app).sidebars
        key = (folder, json.dumps(kwargs, sort_keys=True, default=str))
        if key not in shared:
            shared[key] = folder_table(app, folder, templatename, kwargs)
        env = app.builder.env
        chain = ancestry(env.toctree_includes, pagename)
        if len(chain) == 1:  # in no toctree (a section's page, the root): nothing to mark
            chain = []
        base = posixpath.join(folder, NO_PAGE)  # the shared table's links are relative to its folder
        hrefs = [app.builder.get_relative_uri(base, d) for d in chain if d != env.config.root_doc]
        marked = mark_page(shared[key], hrefs)
        return marked if marked is not None else draw(**kwargs)

    return sidebar_nav

"""the theme's chrome works on a phone and passes axe-core — the menu and contents buttons, the
sidebar's disclosure buttons, the code cells' toggles, the colour mode of the reader's system.

**The buttons.** sphinx-book-theme (1.3.0) draws its own header above the article: the primary-sidebar toggle, the
page's buttons (search) and the secondary-sidebar ("contents") toggle. It leaves pydata-sphinx-theme's navbar empty
(its ``theme.conf`` sets every ``navbar_*`` option blank) and hides that navbar's sidebar buttons with CSS.
pydata-sphinx-theme 0.17.1, which sphinx-book-theme 1.3.0 requires, fills ``navbar_persistent`` with its search field
whenever the site's own ``html_theme_options`` do not name it (``update_config`` in its ``__init__.py``): its navbar
was then drawn, with a hidden ``.primary-toggle`` and ``.secondary-toggle`` placed before sphinx-book-theme's. Both
themes' scripts bind the first element of each class (``document.querySelector(".primary-toggle")``): the phone
drawer, the contents drawer and sphinx-book-theme's desktop collapse were bound to the hidden buttons and none of the
visible ones did anything. :func:`keep_pydata_navbar_undrawn` sets ``navbar_persistent`` to ``[]`` (what
sphinx-book-theme's ``theme.conf`` asks for; a site that sets it keeps its value): the first toggles on the page are
the visible ones, and both themes bind them. The search button stays in sphinx-book-theme's article header, and the
search field in the sidebar. The theme versions are pinned in ``requirements.txt``, since this depends on how they
draw and bind (``tests/book/test_navigation.py`` clicks the buttons in chromium at phone and desktop widths).

**Names.** The sidebar's ``<summary>`` that opens a chapter's or a statute's pages holds only a chevron icon: it gets
a name ("Contents of Merchant Shipping ..."; :func:`shared_sidebar.name_sidebar_toggles`, in the one sidebar_nav
the sidebar's template draws the table with: :func:`add_sidebar_nav`). myst-nb names each code cell's "Show code
cell source" toggle "Toggle hidden content" (``aria-label``), a name that does not contain its visible words; the
label is dropped so the visible words name it (:func:`name_toggles_by_their_words`).

**No inline handler, no unescaped title.** The theme's print and full-screen buttons were ``onclick`` attributes,
which a Content-Security-Policy without ``'unsafe-inline'`` refuses: ``templates/article-header-buttons.html`` draws
them with ``data-lm-action``, bound by ``static/header_actions.js``. The theme prints the page's and the book's titles
as plain text unescaped (:data:`PLAIN_TITLES`): :func:`fix_page` escapes them.

**Colours.** The links' colour (sphinx-book-theme's primary colour) is made dark enough for the tinted boxes it
appears on (``static_theme/site_theme.css``).

**The system's colour mode.** The page follows the reader's system, a phone's dark mode included (``_config.yml``:
``default_mode: auto``; ``templates/layout.html`` sets the mode before the first paint). Dark mode was switched off
once because it failed colour contrast on the reader's notes and the calculators (118 serious nodes on Pakistan Part
IV against 38 in light); the book's own colours are now defined once for both modes (``static/site_theme.css``:
``--lm-*``, and tints mixed into the page's background) and axe-core checks every kind of page in both
(``tests/book/test_dark_mode.py``). There is no switch (``theme-switcher.html`` is empty); ``layout.html`` also
leaves Sphinx's own search scripts out of every page's head (see ``site_search.py``).
"""

from __future__ import annotations

from html import escape
from pathlib import Path
from typing import Any

from myst_nb.sphinx_ext import add_global_html_resources
from sphinx.application import Sphinx
from sphinx.config import Config
from sphinx_exercise import copy_asset_files

from lex_book import atomic_files
from lex_book.theme import shared_sidebar

HERE = Path(__file__).resolve().parent
TEMPLATES = HERE / "templates"
STATIC = HERE / "static"
MYST_NB_TOGGLE = '<summary aria-label="Toggle hidden content">'


def keep_pydata_navbar_undrawn(app: Sphinx, config: Config) -> None:
    config.html_theme_options.setdefault("navbar_persistent", [])


def add_templates_and_static(app: Sphinx, config: Config) -> None:
    # first: sphinx-book-theme appends its components' folder at config-inited too, before this extension's turn
    config.templates_path.insert(0, str(TEMPLATES))
    config.html_static_path.append(str(STATIC))


def add_sidebar_nav(app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any) -> None:
    """``sidebar_nav`` for ``templates/sbt-sidebar-nav.html``: the theme's ``generate_toctree_html`` with named
    toggles, as a string, drawn once per folder and marked for the page (:mod:`lex_book.theme.shared_sidebar`). Where
    a mark cannot be placed, the page's own ``generate_toctree_html`` (which pydata-sphinx-theme adds later, at 500:
    it is looked up when called)."""

    def own(**kwargs: Any) -> str:
        return str(shared_sidebar.name_sidebar_toggles(context["generate_toctree_html"])(**kwargs))

    context["sidebar_nav"] = shared_sidebar.sidebar_for(app, pagename, templatename, own)


def name_toggles_by_their_words(body: str) -> str:
    return body.replace(MYST_NB_TOGGLE, "<summary>")


PLAIN_TITLES = ("pagetitle", "root_title")
"""What sphinx-book-theme puts in the page as plain text (``title.astext()``) and prints unescaped: the page's title
in its print header, the book's in the sidebar. A title with markup in it (a catalogue's ``<script>``) ran there."""


def fix_page(app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any) -> None:
    for key in PLAIN_TITLES:
        if isinstance(context.get(key), str):
            context[key] = escape(context[key])
    if isinstance(context.get("body"), str):
        context["body"] = name_toggles_by_their_words(context["body"])


LANDING = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>{title}</title>
<link rel="icon" href="_static/{icon}">
<meta http-equiv="Refresh" content="0; url={first}">
</head>
<body><p><a href="{first}">{title}</a></p></body>
</html>
"""
"""The site's root page: sphinx-external-toc writes a bare ``<meta http-equiv="Refresh">`` there, which names no
icon, so that a browser that asks before it follows the refresh gets a 404 for /favicon.ico (seen in chromium)."""


def write_landing(app: Sphinx, exception: Exception | None) -> None:
    """Write ``index.html``, a refresh to the first page naming the site's icon, before sphinx-external-toc's
    ``ensure_index_file`` (which writes its bare one only where there is none)."""
    if exception is not None or app.builder.format != "html" or app.config.root_doc == "index":
        return
    icon = Path(app.config.html_favicon or "").name
    first = f"{app.config.root_doc}.html"
    text = LANDING.format(title=escape(app.config.html_title or app.config.project), icon=escape(icon), first=first)
    atomic_files.write_text(Path(app.outdir, "index.html"), text)


NOT_FOUND = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Page not found — {title}</title><style>
:root {{ color-scheme: light dark; }}
body {{ font: 1rem/1.5 system-ui, sans-serif; max-width: 36rem; margin: 2rem auto; padding: 0 1rem;
  background: Canvas; color: CanvasText; }}
a {{ color: LinkText; }} input, button {{ font: inherit; min-height: 2.75rem; }}
</style></head><body><main>
<h1>Page not found</h1>
<p>There is no page at this address in <i>{title}</i>. A section of a statute has its own page: search for it by its
citation (“s.161 pakistan”, “69 msb”).</p>
<form data-search role="search"><label for="q">Search the book</label><br>
<input id="q" name="q" type="search"> <button type="submit">Search</button></form>
<p><a data-home href="{first}">The book's first page</a></p>
</main><script>
// A host serves this page at any missing address, at any depth: find the site's root (the nearest folder above
// with {first} in it), then point the links there.
(async () => {{
  const parts = location.pathname.split("/").slice(0, -1);
  for (let n = parts.length; n >= 1; n--) {{
    const root = parts.slice(0, n).join("/") + "/";
    try {{
      if ((await fetch(root + "{first}", {{ method: "HEAD" }})).ok) {{
        document.querySelector("[data-home]").href = root + "{first}";
        document.querySelector("[data-search]").action = root + "search.html";
        return;
      }}
    }} catch (error) {{ return; }}
  }}
}})();
</script></body></html>
"""
"""The host's page for a missing address (``404.html``: GitHub and GitLab Pages, Netlify, Cloudflare serve it)."""


def write_not_found(app: Sphinx, exception: Exception | None) -> None:
    """Write ``404.html`` (:data:`NOT_FOUND`)."""
    if exception is not None or app.builder.format != "html":
        return
    title = escape(app.config.html_title or app.config.project)
    text = NOT_FOUND.format(title=title, first=f"{app.config.root_doc}.html")
    atomic_files.write_text(Path(app.outdir, "404.html"), text)


LATE_ASSETS = (add_global_html_resources, copy_asset_files)
"""The extensions' ``build-finished`` handlers that copy a style sheet into ``_static`` only when the build ends."""


def place_late_assets(app: Sphinx) -> None:
    """The style sheets of :data:`LATE_ASSETS` into ``_static`` before any page is written, as the other extensions'
    assets are. Sphinx puts a file's checksum in a page's link (``?v=``) only when the file is already there: a clean
    build's pages linked them bare and a later build's with the checksum, so a page rebuilt with nothing changed had new
    bytes (and the search indexed the whole site again). Each handler runs again when the build ends, as before."""
    if app.builder.format != "html":
        return
    for copy in LATE_ASSETS:
        copy(app, None)


def register(app: Sphinx) -> None:
    app.connect("builder-inited", place_late_assets)
    app.connect("config-inited", keep_pydata_navbar_undrawn)
    app.connect("config-inited", add_templates_and_static)
    app.add_css_file("site_theme.css")
    app.add_js_file("header_actions.js", loading_method="defer")
    app.connect("html-page-context", add_sidebar_nav, priority=400)  # before the theme's empty-template check (500)
    app.connect("html-page-context", fix_page, priority=600)  # after pydata-sphinx-theme's functions (500)
    app.connect("build-finished", write_landing, priority=400)  # before sphinx-external-toc's (500)
    app.connect("build-finished", write_not_found, priority=400)

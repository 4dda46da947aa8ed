"""The theme folder's part of the book's extension: each module registers its directives, nodes, assets
and event handlers, in this order (the order matters where two handlers share an event and a priority: see the
event table of :mod:`lex_book`)."""

from __future__ import annotations

from sphinx.application import Sphinx

from lex_book.theme import icon_font, inline_scripts, offline_pages, print_handout, site_theme


def setup_theme(app: Sphinx) -> None:
    site_theme.register(app)  # templates, site_theme.css, the page fixes and the landing page
    print_handout.register(app)  # the printed page's footer and its address
    icon_font.register(app)  # the theme's Font Awesome cut to the site's icons
    offline_pages.register(app)  # no page loads a script or style sheet from outside the site
    inline_scripts.register(app)  # no page runs an inline script (a strict Content-Security-Policy holds)

"""Sphinx extension: the phone menu, the "contents" button and the desktop sidebar collapse work.

sphinx-book-theme (1.3.0) draws its own header above the article: the primary-sidebar toggle, the page's buttons
(theme switch, search) and the secondary-sidebar ("contents") toggle. It leaves pydata-sphinx-theme's navbar empty
(its ``theme.conf`` sets every ``navbar_*`` option blank) and hides that navbar's sidebar buttons with CSS.

pydata-sphinx-theme 0.17.1, which sphinx-book-theme 1.3.0 requires, fills ``navbar_persistent`` with its search
field whenever the site's own ``html_theme_options`` do not name it (``update_config`` in its ``__init__.py``): its
navbar is then drawn, with a hidden ``.primary-toggle`` and ``.secondary-toggle`` placed before sphinx-book-theme's.
Both themes' scripts bind the first element of each class (``document.querySelector(".primary-toggle")``): the phone
drawer, the contents drawer and sphinx-book-theme's desktop collapse were bound to the hidden buttons and none of the
visible ones did anything.

Setting ``navbar_persistent`` to ``[]`` (what sphinx-book-theme's ``theme.conf`` asks for) keeps pydata's navbar
undrawn, so the first toggles on the page are the visible ones, and both themes bind them. The search button and the
theme switch stay in sphinx-book-theme's article header, and the search field in the sidebar. A site that sets the
option itself keeps its value. ``tests/book/test_navigation.py`` clicks the buttons in chromium at phone and desktop
widths; the theme versions are pinned in ``requirements.txt`` because this depends on how they draw and bind.
"""

from __future__ import annotations

from typing import Any

from sphinx.application import Sphinx
from sphinx.config import Config


def keep_pydata_navbar_undrawn(app: Sphinx, config: Config) -> None:
    config.html_theme_options.setdefault("navbar_persistent", [])


def setup(app: Sphinx) -> dict[str, Any]:
    app.connect("config-inited", keep_pydata_navbar_undrawn)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}

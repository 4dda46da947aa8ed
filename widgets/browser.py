"""What of this package a reader's browser receives: one list for the page's runtime (``book/lex_book/live``, the
calculators' Pyodide worker) and the JupyterLite lab (``lite/build.py``, the project's wheel), so that neither can
send what the other withholds. ``tests/widgets/test_browser.py`` checks that nothing sent imports what is withheld.
"""

from __future__ import annotations

WITHHELD = ("widgets/exercises.py",)
"""Never sent to a browser: the exercises' answers and worked solutions. The page and the lab check an answer with
:mod:`widgets.exercise_check` against salted digests instead."""

PAGE_RUNTIME_UNNEEDED = (
    "widgets/__main__.py",
    "widgets/trace.py",
    "widgets/views/controls.py",
    "widgets/views/load_line_diagram.py",
    "widgets/views/notebook.py",
)
"""Left out of the page's runtime as well (the lab keeps them): the command line, the drift check against the corpus,
and the ipywidgets and matplotlib views, which the page's worker has no use for."""


def sent(path: str, page_runtime: bool) -> bool:
    """Whether the file ``path`` of the package (``widgets/...``) goes to the browser: to the page's runtime
    (``page_runtime``) or to the lab."""
    return path not in WITHHELD and not (page_runtime and path in PAGE_RUNTIME_UNNEEDED)

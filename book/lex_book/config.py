"""The book's settings, each declared once: its name, default, what it means and when Sphinx rebuilds for it.

They are set in ``_config.yml`` under ``sphinx: config:`` (Sphinx's flat names, as they always were). Every folder
reads them from ``app.config``; none declares its own. An allowed value outside its list stops the build at
``config-inited`` with one line naming the setting (:func:`check`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from sphinx.application import Sphinx
from sphinx.config import Config


@dataclass(frozen=True)
class Setting:
    name: str
    default: Any
    meaning: str
    rebuild: Literal["env", "html", ""]  # Sphinx's: read every page again, write every page again, or nothing
    types: tuple[type, ...] = ()
    allowed: tuple[Any, ...] = ()  # when not empty, the only values accepted


SETTINGS: tuple[Setting, ...] = (
    Setting(
        "statute_reader_documents",
        None,
        "The catalogue ids of the documents the reader builds pages for; None: every document of the catalogue.",
        "env",
        (list, type(None)),
    ),
    Setting(
        "lex_notes",
        [],
        "A course's own annotation files, shown beside the project's (also LEX_NOTES=a.yaml:b.yaml; notes/).",
        "env",
        (list,),
    ),
    Setting(
        "lex_notes_project",
        True,
        "Whether the project's notes, concordance and comparison pages are in the book (notes/).",
        "env",
        (bool,),
    ),
    Setting(
        "lex_exercise_solutions",
        "after-right",
        "after-right: each variant's worked solution reaches the site sealed with its right answer and is shown after "
        "it; after-try: in plain text, offered after any try (readable by a determined student); never: no solution.",
        "html",
        (str,),
        ("after-right", "after-try", "never"),
    ),
    Setting(
        "lex_notebook_inputs",
        [],
        "Globs (from the book's root) of what the chapters' notebooks import or read: a change of their bytes "
        "drops the execution cache (speed/notebook_inputs.py).",
        "",
        (list,),
    ),
    Setting(
        "lex_static_digest",
        "",
        "Not to be set: the SHA-256 of every html_static_path file, worked out at config-inited, so that an edited "
        "style sheet has every page written again (speed/static_files.py).",
        "html",
    ),
)


def check(app: Sphinx, config: Config) -> None:
    """At ``config-inited``: every setting with a list of allowed values holds one of them."""
    for setting in SETTINGS:
        value = config[setting.name]
        if setting.allowed and value not in setting.allowed:
            allowed = " or ".join(str(a) for a in setting.allowed)
            raise ValueError(f"{setting.name} must be {allowed}, not {value!r}")


def setup_config(app: Sphinx) -> None:
    for setting in SETTINGS:
        app.add_config_value(setting.name, setting.default, setting.rebuild, list(setting.types))
    app.connect("config-inited", check, priority=400)

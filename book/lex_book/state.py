"""The book's build state: one namespace per Sphinx application, not attributes stuck on the application.

Every value an extension works out in one event and reads in a later one of the same build is a field of
:class:`BuildState`, with the folder that writes it. :func:`of` gives the state of a build (made on first use, gone
with the application); a new application (the next build of the same process, as the tests' small books do) starts
from the defaults. Nothing here is pickled into Sphinx's environment: a build's state is not the next build's.
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sphinx.application import Sphinx


@dataclass
class BuildState:
    # speed/content_stamps.py: each tracked corpus file → its stamp file (builder-inited)
    stamps: dict[Path, Path] = field(default_factory=dict)
    # speed/gc_freeze.py: the cyclic collector is paused while the environment is updated
    gc_paused: bool = False
    # speed/notebook_inputs.py: the digest of the notebooks' inputs (env-get-outdated), and the line it logs
    notebook_inputs: str | None = None
    notebook_news: str | None = None
    # theme/shared_sidebar.py: the sidebar's table drawn once per folder (and arguments), for no page of it
    sidebars: dict[tuple[str, str], str] = field(default_factory=dict)
    # notes/reader_notes.py: the annotation files of this build, and the notes placed on each page (on first need)
    notes_files: list[Path] = field(default_factory=list)
    notes_by_page: dict[str, Any] | None = None
    # open_data/open_data.py: the open data's files by path (worked out once, when first needed)
    open_data_files: dict[str, Any] | None = None
    # exercises/exercise_boxes.py: each exercise's solutions file, name and text, per mode (when first needed)
    solution_files: dict[str, dict[str, list[str]]] = field(default_factory=dict)


_STATES: weakref.WeakKeyDictionary[Sphinx, BuildState] = weakref.WeakKeyDictionary()


def of(app: Sphinx) -> BuildState:
    """The state of ``app``'s build."""
    state = _STATES.get(app)
    if state is None:
        state = _STATES[app] = BuildState()
    return state

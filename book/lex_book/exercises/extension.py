"""The exercises folder's part of the book's extension: each module registers its directives, nodes, assets
and event handlers, in this order (the order matters where two handlers share an event and a priority: see the
event table of :mod:`lex_book`)."""

from __future__ import annotations

from sphinx.application import Sphinx

from lex_book.exercises import exercise_boxes


def setup_exercises(app: Sphinx) -> None:
    exercise_boxes.register(app)  # {exercise-check}, {exercise-solution}, their script and the solutions

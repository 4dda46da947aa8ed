"""Exercises: an answer box per exercise checked in the page (salted digests of the answers), a variant per student,
the worked solution after a try.

Its setup: :func:`lex_book.exercises.extension.setup_exercises`."""

"""Notes and comparisons: the annotated corpus's notes beside their provisions (a course's own too), a side-by-side
comparison page per concordance pair, and a From Bill to Act page per derivation table.

Its setup: :func:`lex_book.notes.extension.setup_notes`."""

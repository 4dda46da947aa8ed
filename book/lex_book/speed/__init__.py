"""Build speed: the fixed cost of every build — pages depend on the corpus by content, start-of-build work cached, the
collector frozen, templates compiled once, only the pages of _toc.yml read, the notebooks' cache dropped when their
code changes, an edited static file reaching the site.

Its setup: :func:`lex_book.speed.extension.setup_speed`."""

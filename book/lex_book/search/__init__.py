"""Search: a Pagefind index of the written pages, one result per section of a statute, that knows citations;
search.html?q=QUERY lists the results.

Its setup: :func:`lex_book.search.extension.setup_search`."""

"""Reader pages: the statutes as pages generated from corpus/akn at build time (a contents page, a page per Part or
Chapter, a page per section), the {provision} quotes, the glossary, the terms' popovers and every page's standing
banner.

Its setup: :func:`lex_book.reader.extension.setup_reader`."""

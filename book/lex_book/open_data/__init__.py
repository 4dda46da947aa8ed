"""Open data: data/catalogue.json, each document's downloads and its FRBR addresses, written into the site from the
corpus at the end of the build; the page "The corpus as data".

Its setup: :func:`lex_book.open_data.extension.setup_open_data`."""

"""Offline reading: a service worker from the site that keeps the pages read and the calculators' runtime, an offline
page, and "Save for offline" on the landing page.

Its setup: :func:`lex_book.offline.extension.setup_offline`."""

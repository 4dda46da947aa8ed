"""Live calculators: each calculator of a topic page is an HTML form recomputed in the reader's browser by the same
rules (Pyodide in a Web Worker); the runtime is written into _static/live/.

Its setup: :func:`lex_book.live.extension.setup_live`."""

"""A folder served over HTTP on a free port of 127.0.0.1 for a test: the built site, a small book, the lab.

One place for every test folder (``tests/book``, ``tests/lite``): ``from tests.serving import serving``.
"""

from __future__ import annotations

import contextlib
import functools
import threading
from collections.abc import Iterator
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path


class QuietHandler(SimpleHTTPRequestHandler):
    """Python's file handler, without a log line per request."""

    def log_message(self, *args: object) -> None:
        pass


@contextlib.contextmanager
def serving(folder: Path, handler: type[SimpleHTTPRequestHandler] = QuietHandler) -> Iterator[str]:
    """``folder`` served by ``handler`` on a free port of 127.0.0.1 while the block runs; yields its address."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(handler, directory=str(folder)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()

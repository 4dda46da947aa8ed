"""The built book on 127.0.0.1 for the browser test and the benchmark, with every byte and every request recorded.

``LocalSite`` serves a folder from a thread and records each request's path and the bytes sent. ``OutsideTrap`` is
the proxy Chromium is given for everything that is not loopback (``chromium_args``): it records the host of any
request that tries to leave the machine and refuses it, so a request from a page, a worker or a service worker alike
cannot go unseen.
"""

from __future__ import annotations

import functools
import http.server
import socketserver
import threading
from pathlib import Path
from typing import Any

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]


class _Recording(http.server.SimpleHTTPRequestHandler):
    site: LocalSite

    def log_message(self, format: str, *args: Any) -> None:  # the record below replaces the access log
        pass

    def copyfile(self, source: Any, outputfile: Any) -> None:
        before = source.tell()
        super().copyfile(source, outputfile)
        self.site.record(self.path, source.tell() - before)


class LocalSite:
    """``folder`` served on 127.0.0.1 from a thread; ``requests`` lists (path, bytes) in order."""

    def __init__(self, folder: Path) -> None:
        handler = type("Handler", (_Recording,), {"site": self})
        self.server = http.server.ThreadingHTTPServer(
            ("127.0.0.1", 0), functools.partial(handler, directory=str(folder))
        )
        self.requests: list[tuple[str, int]] = []
        self._lock = threading.Lock()
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}/"

    def record(self, path: str, size: int) -> None:
        with self._lock:
            self.requests.append((path, size))

    def bytes_sent(self) -> int:
        with self._lock:
            return sum(size for _, size in self.requests)

    def reset(self) -> None:
        with self._lock:
            self.requests.clear()

    def __enter__(self) -> LocalSite:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.shutdown()
        self.server.server_close()
        self.thread.join()


class _Trap(socketserver.StreamRequestHandler):
    trap: OutsideTrap

    def handle(self) -> None:
        line = self.rfile.readline(65536).decode("latin-1").strip()
        if line:
            self.trap.attempts.append(line)
        self.wfile.write(b"HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")


class OutsideTrap:
    """A proxy that refuses and records every request Chromium sends it (``attempts``: the request lines)."""

    def __init__(self) -> None:
        handler = type("Handler", (_Trap,), {"trap": self})
        self.server = socketserver.ThreadingTCPServer(("127.0.0.1", 0), handler)
        self.server.daemon_threads = True
        self.attempts: list[str] = []
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def chromium_args(self) -> list[str]:
        """Chromium's flags with this trap as the proxy of everything but loopback (which Chromium never proxies)."""
        return [*CHROMIUM_FLAGS, f"--proxy-server=http://127.0.0.1:{self.server.server_address[1]}"]

    def __enter__(self) -> OutsideTrap:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.shutdown()
        self.server.server_close()
        self.thread.join()

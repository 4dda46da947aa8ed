"""Benchmark of the lite build (issue 11, item 6). Run: .venv/bin/python benchmarks/lite_build.py

Runs the command of ``make lite`` (``lite/build.py``) twice with a fresh staging folder and output of its own (in a
temporary folder, so ``_build/`` is left alone and no earlier lite build is reused):

* fresh: an empty staging folder (no ``.cache`` of the lock step, no wheels, no notebooks); the global pip and uv
  caches are whatever this machine has (pass ``--no-global-caches`` to give the build empty ones); the wheels the
  lock step takes come from ``.venv/lite-wheels``, which ``make setup`` fetched (``lite/wheels.py``);
* rebuild: the same command again with nothing changed.

Each run reports its seconds and the build's own ``[lite]`` lines; the site's size and file count are reported too.
Both runs go through a recording proxy (``HTTP(S)_PROXY``, which pip, uv and urllib all honour) that tunnels every
connection and notes its host: ``hosts`` lists them. Goals: the fresh build ≤ 60 s on 2 cores; no host at all (the
build is offline since the lab's wheels are fetched at set-up; ``tests/lite/test_offline.py`` proves it without a
network). Needs ``make setup`` and ``npm ci``. Results are printed and written to benchmarks/results/lite_build.json.
"""

from __future__ import annotations

import argparse
import json
import os
import select
import socket
import socketserver
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from results_file import write_results

ROOT = Path(__file__).resolve().parents[1]
GOALS: dict[str, Any] = {"fresh_seconds": 60.0, "hosts": []}


class _Tunnel(socketserver.StreamRequestHandler):
    recorder: RecordingProxy

    def handle(self) -> None:
        method, _, rest = self.rfile.readline(65536).decode("latin-1").partition(" ")
        while self.rfile.readline(65536) not in (b"\r\n", b"\n", b""):
            pass
        host, _, port = rest.split(" ")[0].rpartition(":")
        self.recorder.hosts.add(host if method == "CONNECT" else f"{method} {rest.split(' ')[0]}")
        if method != "CONNECT":  # every client here speaks HTTPS through CONNECT; anything else is only recorded
            self.wfile.write(b"HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\n\r\n")
            return
        with socket.create_connection((host, int(port)), timeout=60) as upstream:
            self.wfile.write(b"HTTP/1.1 200 Connection established\r\n\r\n")
            self.wfile.flush()
            sockets = [self.connection, upstream]
            while True:
                readable, _, _ = select.select(sockets, [], [], 60)
                if not readable:
                    return
                for source in readable:
                    data = source.recv(65536)
                    if not data:
                        return
                    (upstream if source is self.connection else self.connection).sendall(data)


class RecordingProxy:
    """An HTTPS proxy on 127.0.0.1 that tunnels every ``CONNECT`` and records the hosts asked for."""

    def __init__(self) -> None:
        handler = type("Handler", (_Tunnel,), {"recorder": self})
        self.server = socketserver.ThreadingTCPServer(("127.0.0.1", 0), handler)
        self.server.daemon_threads = True
        self.hosts: set[str] = set()
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}"

    def __enter__(self) -> RecordingProxy:
        self.thread.start()
        return self

    def __exit__(self, *exc: Any) -> None:
        self.server.shutdown()
        self.server.server_close()


def run_build(output: Path, stage: Path, env: dict[str, str]) -> tuple[float, str]:
    """Seconds taken by one ``lite/build.py --output output --stage stage``, and its log."""
    command = [sys.executable, str(ROOT / "lite" / "build.py"), "--output", str(output), "--stage", str(stage)]
    start = time.perf_counter()
    run = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, env=env)
    seconds = time.perf_counter() - start
    if run.returncode != 0:
        sys.exit(f"the lite build failed:\n{run.stdout[-3000:]}\n{run.stderr[-3000:]}")
    return seconds, run.stdout + run.stderr


def site_size(output: Path) -> dict[str, int]:
    files = [p for p in output.rglob("*") if p.is_file()]
    return {"files": len(files), "bytes": sum(p.stat().st_size for p in files)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--no-global-caches", action="store_true", help="empty pip and uv caches for both runs")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="lex-lite-bench-") as tmp, RecordingProxy() as proxy:
        env = dict(os.environ) | {
            name: proxy.url for name in ("HTTPS_PROXY", "https_proxy", "HTTP_PROXY", "http_proxy")
        }
        env |= {"NO_PROXY": "127.0.0.1,localhost", "no_proxy": "127.0.0.1,localhost"}
        if args.no_global_caches:
            env |= {"PIP_CACHE_DIR": f"{tmp}/pip-cache", "UV_CACHE_DIR": f"{tmp}/uv-cache"}
        output, stage = Path(tmp) / "html" / "lite", Path(tmp) / "lite-src"
        fresh, fresh_log = run_build(output, stage, env)
        rebuild, _ = run_build(output, stage, env)
        results = {
            "fresh_seconds": round(fresh, 1),
            "rebuild_seconds": round(rebuild, 1),
            "global_caches": "empty" if args.no_global_caches else "this machine's",
            "site": site_size(output),
            "hosts": sorted(proxy.hosts),
            "fresh_log": [line for line in fresh_log.splitlines() if line.startswith("[lite]")],
            "cpus": os.cpu_count(),
            "goals": GOALS,
            "meets_goals": fresh <= GOALS["fresh_seconds"] and proxy.hosts <= set(GOALS["hosts"]),
        }
    print(json.dumps(results, indent=1))
    write_results("lite_build", results)


if __name__ == "__main__":
    main()

"""What a reader's browser transfers for a page before any interaction, gzip as a static host serves it.

    .venv/bin/python benchmarks/page_weight.py [--site _build/html]

Headless Debian Chromium, a fresh profile for each page, the site behind ``benchmarks/live.py``'s gzip static server:
a topic chapter with its calculators, a statute's section page (s.161 of the Ordinance, and s.256 of the Bill, the
penalty Table), the landing page. Reports the bytes on the wire until the network is idle, the largest script loaded
without ``defer``/``async``/``type=module`` in the head (render-blocking), and the heaviest files. Goals (issue 12,
item 9): a topic page ≤ 700 KB, a section page ≤ 250 KB, no render-blocking script over 100 KB. Results: printed and
written to benchmarks/results/page_weight.json.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from urllib.parse import unquote, urlparse

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))
sys.path.insert(0, str(ROOT / "lite"))

from live import GzipSite  # noqa: E402
from localsite import CHROMIUM, CHROMIUM_FLAGS  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402
from results_file import write_results  # noqa: E402

PAGES = {
    "topic page (wages on wreck)": ("book/chapters/wages-on-wreck.html", 700_000),
    "topic page (desertion)": ("book/chapters/desertion.html", 700_000),
    "section page (s.161)": ("book/reader/pk-mso-2001/section-161.html", 250_000),
    "section page (s.256, the Table)": ("book/reader/in-msb-2016/section-256.html", 250_000),
    "landing page": ("book/intro.html", 700_000),
}
BLOCKING = 100_000
HEAD_SCRIPTS = """() => [...document.head.querySelectorAll('script[src]')]
  .filter(s => !s.defer && !s.async && s.type !== 'module').map(s => s.src)"""


def weigh(browser, site: GzipSite, folder: Path, path: str) -> dict:
    page = browser.new_context().new_page()
    before = site.wire
    files: list[str] = []
    page.on("request", lambda request: files.append(request.url))
    page.goto(site.url + path, wait_until="networkidle")
    wire = site.wire - before
    blocking = []
    for url in page.evaluate(HEAD_SCRIPTS):
        local = folder / unquote(urlparse(url).path).lstrip("/")
        blocking.append((local.stat().st_size if local.is_file() else 0, url.removeprefix(site.url)))
    page.context.close()
    sizes = []
    for url in files:
        local = folder / unquote(urlparse(url).path).lstrip("/")
        if local.is_file():
            sizes.append((len(site.compressed(local)) if local.suffix in (".html", ".js", ".css") else
                          local.stat().st_size, url.removeprefix(site.url).split("?")[0]))  # fmt: skip
    return {"wire_bytes": wire, "requests": len(files), "largest_blocking_script": max(blocking, default=(0, "")),
            "heaviest": sorted(sizes, reverse=True)[:5]}  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, default=ROOT / "_build" / "html")
    folder = parser.parse_args().site.resolve()
    results = {}
    with GzipSite(folder) as site, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
        for name, (path, goal) in PAGES.items():
            results[name] = weigh(browser, site, folder, path) | {"goal_bytes": goal}
        browser.close()
    for name, r in results.items():
        blocking = r["largest_blocking_script"][0]
        ok = r["wire_bytes"] <= r["goal_bytes"] and blocking <= BLOCKING
        weight = f"{r['wire_bytes'] / 1e3:7.0f} kB ({r['requests']} requests), goal ≤ {r['goal_bytes'] / 1e3:.0f} kB"
        print(f"{name:<34} {weight}; largest blocking script {blocking / 1e3:.0f} kB  {'ok' if ok else 'MISSED'}")
    write_results("page_weight", results)


if __name__ == "__main__":
    main()

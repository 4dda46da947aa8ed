"""The live calculators in headless Chromium on 127.0.0.1: what "Run live" costs a reader, and what the lite site
adds to the book.

    .venv/bin/python benchmarks/live.py [--recomputes 20]

Needs the built book with its lite site (``make book-build``). On the wages-on-wreck chapter it clicks "Run live" on
the first calculator and measures the bytes the server sent between the click and the first live result, the time
from the click to that result (the calculator's total on screen in the frame), then the time of each recompute: a
new monthly wage committed in the frame until the total changes (timed in the page, with ``performance.now()``).
A fresh browser profile (empty cache) makes it a first visit. Goals (issue 5): ≤ 30 MB and ≤ 15 s
to the first result; ≤ 200 ms per recompute. Results: printed, and written to benchmarks/results/live.json.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "lite"))

from localsite import CHROMIUM, LocalSite, OutsideTrap  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

SITE = ROOT / "_build" / "html"
PAGE = "book/chapters/wages-on-wreck.html"
PROVISION = "pk-mso-2001/wages-on-wreck"
GOALS = {"first_result_mb": 30.0, "first_result_s": 15.0, "recompute_ms": 200.0}
RECOMPUTE_JS = """async (wage) => {
  const calc = document.querySelector('.lm-calculator');
  const total = [...calc.querySelectorAll('tr')].find(r => r.querySelector('th')?.textContent === 'total')
    .querySelector('.lm-amount');
  const before = total.textContent;
  const input = [...calc.querySelectorAll('.widget-inline-hbox')]
    .find(b => b.textContent.includes('Monthly wage')).querySelector('input');
  const changed = new Promise(resolve => {
    const seen = new MutationObserver(() => {
      const cell = [...calc.querySelectorAll('tr')].find(r => r.querySelector('th')?.textContent === 'total');
      const now = cell && cell.querySelector('.lm-amount').textContent;
      if (now && now !== before) { seen.disconnect(); resolve(performance.now()); }
    });
    seen.observe(calc, {subtree: true, childList: true, characterData: true});
  });
  const start = performance.now();
  input.value = String(wage);
  input.dispatchEvent(new Event('change', {bubbles: true}));
  return (await changed) - start;
}"""


def folder_bytes(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file())


def measure(recomputes: int) -> dict:
    lite = SITE / "lite"
    if not (lite / "lex-maritima-lite.json").is_file():
        raise SystemExit("no lite site in _build/html/lite: run `make book-build` (or `make lite`) first")
    with LocalSite(SITE) as site, OutsideTrap() as trap, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=trap.chromium_args())
        page = browser.new_page()
        page.goto(site.url + PAGE)
        page.wait_for_load_state("networkidle")
        page_bytes = site.bytes_sent()
        lite_before_click = sum(size for path, size in site.requests if path.startswith("/lite/"))
        site.reset()
        bar = page.locator(".cell", has_text=f'calculator("{PROVISION}")').locator(".lm-live")
        started = time.monotonic()
        bar.get_by_role("button", name="Run live").click()
        frame = page.frame_locator(".lm-live-frame")
        total = frame.locator(".lm-calculator tr", has=page.locator("th", has_text="total")).locator(".lm-amount")
        total.wait_for(timeout=180_000)
        first_s = time.monotonic() - started
        first_bytes = site.bytes_sent()
        first_requests = len(site.requests)
        live = next(f for f in page.frames if f.url.startswith(site.url + "lite/repl/"))
        times = [live.evaluate(RECOMPUTE_JS, 60_000 + 1_000 * i) for i in range(1, recomputes + 1)]
        browser.close()
    return {
        "page_bytes_before_click": page_bytes,
        "lite_bytes_before_click": lite_before_click,
        "first_result_bytes": first_bytes,
        "first_result_requests": first_requests,
        "first_result_s": round(first_s, 2),
        "recompute_ms_median": round(statistics.median(times), 1),
        "recompute_ms_max": round(max(times), 1),
        "recomputes": recomputes,
        "lite_site_bytes": folder_bytes(lite),
        "book_bytes_without_lite": folder_bytes(SITE) - folder_bytes(lite),
        "outside_requests_refused": len(trap.attempts),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--recomputes", type=int, default=20)
    result = measure(parser.parse_args().recomputes)
    mb = result["first_result_bytes"] / 1e6
    rows = [
        ("bytes before the first live result", f"{mb:.1f} MB ({result['first_result_requests']} requests)",
         f"≤ {GOALS['first_result_mb']:.0f} MB", mb <= GOALS["first_result_mb"]),
        ("time to the first live result", f"{result['first_result_s']:.1f} s", f"≤ {GOALS['first_result_s']:.0f} s",
         result["first_result_s"] <= GOALS["first_result_s"]),
        ("recompute (median / max)", f"{result['recompute_ms_median']:.0f} / {result['recompute_ms_max']:.0f} ms",
         f"≤ {GOALS['recompute_ms']:.0f} ms", result["recompute_ms_max"] <= GOALS["recompute_ms"]),
        ("lite bytes loaded before any click", f"{result['lite_bytes_before_click']}", "0",
         result["lite_bytes_before_click"] == 0),
        ("size the lite site adds to the book", f"{result['lite_site_bytes'] / 1e6:.1f} MB "
         f"(book without it: {result['book_bytes_without_lite'] / 1e6:.1f} MB)", "", True),
    ]  # fmt: skip
    for name, value, goal, ok in rows:
        print(f"{name:<38} {value:<40} {goal:<10} {'ok' if ok else 'MISSED'}")
    out = ROOT / "benchmarks" / "results" / "live.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()

"""The page's Python on a phone's link: first live result under slow and fast 3G, the second visit, offline.

    .venv/bin/python benchmarks/live_phone.py [--site _build/html] [--profiles slow-3g,fast-3g,none]

Needs the built book (``make book-build``). Headless Debian Chromium at 390 × 844 on 127.0.0.1, a fresh profile per
profile, behind the proxy that refuses every request leaving the machine (``lite/localsite.py``), and
``benchmarks/live.py``'s gzip server made a phone's link: every response waits the round trip before its first byte
and all responses share the link's rate (a token bucket), so the worker's own requests are throttled too; the page's
main thread is slowed four times (CDP ``Emulation.setCPUThrottlingRate``; playwright reaches no dedicated worker, so
the worker's thread runs at this machine's speed: a real phone is slower there).

Profiles (the issue's): ``slow-3g`` 400 kbit/s, 400 ms; ``fast-3g`` 1.44 Mbit/s, 562.5 ms (DevTools' Fast 3G); ``none``.
For each: seconds and bytes from the first edit to the first live result (a cold cache), whether the page ever
said it failed, the progress the page showed; then, in the same profile, the second visit's first live result
(the service worker's cache, the link still slow) and the same page with the site switched off (offline).

Goals (issue 26): fast 3G ≤ 15 s; slow 3G no failure and ≤ 70 s; second visit ≤ 1 s; offline live. Printed, and
written to benchmarks/results/live_phone.json.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "lite"))
sys.path.insert(0, str(ROOT / "benchmarks"))

from live import PAGE, GzipSite  # noqa: E402
from localsite import CHROMIUM, OutsideTrap  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402
from results_file import write_results  # noqa: E402

PROFILES = {"slow-3g": (400_000 / 8, 0.4), "fast-3g": (1_440_000 / 8, 0.5625), "none": (0.0, 0.0)}
"""Bytes a second and round trip of each profile."""
GOALS = {"fast-3g": 15.0, "slow-3g": 70.0, "second_visit": 1.0}
LIVE_MS = 600_000


def first_result(page: Any, url: str) -> dict[str, Any]:
    """The first live result of the page's first calculator after an edit: seconds, and what the page said."""
    page.goto(url)
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60_000)
    root = page.locator(".lm-calc").first
    said: list[str] = []
    started = time.monotonic()
    root.locator("input[name=monthly_wage]").fill("72000")
    while root.get_attribute("data-state") not in ("live", "error"):
        text = root.locator(".lm-calc-status").inner_text()
        if not said or said[-1] != text:
            said.append(text)
        if time.monotonic() - started > LIVE_MS / 1000:
            break
        time.sleep(0.5)
    seconds = time.monotonic() - started
    return {"s": round(seconds, 2), "state": root.get_attribute("data-state"),
            "failed": root.get_attribute("data-state") == "error", "said": said[:3] + said[-2:]}  # fmt: skip


def measure(folder: Path, profiles: list[str]) -> dict[str, Any]:
    results: dict[str, Any] = {}
    with OutsideTrap() as trap, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=trap.chromium_args())
        for name in profiles:
            rate, rtt = PROFILES[name]
            with GzipSite(folder, rate=rate, rtt=rtt) as site:
                context = browser.new_context(viewport={"width": 390, "height": 844})
                page = context.new_page()
                if name != "none":
                    context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": 4})
                page.goto(site.url + "book/intro.html")  # the worker installs on the first page read
                page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60_000)
                before = site.wire
                first = first_result(page, site.url + PAGE)
                first["bytes"] = site.wire - before
                second = first_result(page, site.url + PAGE)  # the second visit: from the worker's cache
            context.set_offline(True)  # and the site's server is stopped: the network is off
            offline = first_result(page, site.url + PAGE)
            context.close()
            results[name] = {"first": first, "second_visit": second, "offline": offline}
        browser.close()
    results["outside_requests_refused"] = len(trap.attempts)
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, default=ROOT / "_build" / "html")
    parser.add_argument("--profiles", default="slow-3g,fast-3g,none")
    args = parser.parse_args()
    result = measure(args.site.resolve(), args.profiles.split(","))
    for name, found in result.items():
        if not isinstance(found, dict):
            continue
        first, second, offline = found["first"], found["second_visit"], found["offline"]
        goal = GOALS.get(name)
        verdict = "" if goal is None else ("ok" if not first["failed"] and first["s"] <= goal else "MISSED")
        failed = "FAILED" if first["failed"] else "no failure"
        target = f"(goal ≤ {goal:.0f} s) {verdict}" if goal else ""
        print(f"{name:8} first live result {first['s']:7.1f} s, {first['bytes'] / 1e6:.2f} MB, {failed} {target}")
        print(
            f"{'':8} second visit {second['s']:.2f} s (goal ≤ 1 s); offline: {offline['state']} in {offline['s']:.2f} s"
        )
        print(f"{'':8} the page said: {first['said']}")
    write_results("live_phone", result)


if __name__ == "__main__":
    main()

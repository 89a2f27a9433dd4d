"""Start-up benchmark: Omen against a stock PyScript page, measured in the same run.

    .venv/bin/python bench/startup.py [--runs 5]

For each page and CPU speed (1x, and 4x throttled through CDP as a mid-range phone),
with a fresh persistent Chromium profile per run: the cold load, a warm reload (HTTP
cache and service worker filled) and an offline reload (Omen only: the server is still
up but the context is offline), each until the ready marker and until the first roll is
painted. Times are read from performance.now() in the page after the fact. Prints
medians and the ratios Omen / stock. Figures, not pass/fail.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

from browser import CHROMIUM, FLAGS  # noqa: E402
from serve import serve_in_background  # noqa: E402

PAGES = {
    "omen": ("/index.html?seed=1", "[data-action='next-turn']", "[data-bind='result-title']"),
    "stock": ("/bench/stock/index.html", "#roll", "#out"),
}


def ready_and_first_roll(page: Page, button: str, output: str) -> tuple[float, float]:
    page.locator("html[data-ready='true']").wait_for(state="attached", timeout=180_000)
    ready = float(page.evaluate("performance.now()"))
    # The click and the paint are timed inside the page, so Playwright's own latency
    # does not count: from the click event to the next animation frame after the change.
    painted = page.evaluate(
        """([button, output]) => new Promise((resolve) => {
            const target = document.querySelector(output);
            const before = target.textContent;
            const start = performance.now();
            const watch = () => {
              if (target.textContent !== before) {
                requestAnimationFrame(() => resolve(performance.now() - start));
              } else { setTimeout(watch, 0); }
            };
            document.querySelector(button).click();
            watch();
        })""",
        [button, output],
    )
    return ready, float(painted)


def measure(base: str, name: str, throttle: int, runs: int) -> dict[str, list[float]]:
    path, button, output = PAGES[name]
    figures: dict[str, list[float]] = {}
    with sync_playwright() as playwright:
        for _ in range(runs):
            with tempfile.TemporaryDirectory() as profile:
                context = playwright.chromium.launch_persistent_context(
                    profile,
                    executable_path=CHROMIUM,
                    args=FLAGS,
                    viewport={"width": 390, "height": 844},
                )
                page = context.new_page()
                cdp = context.new_cdp_session(page)
                cdp.send("Emulation.setCPUThrottlingRate", {"rate": throttle})
                phases = ["cold", "warm"] + (["offline"] if name == "omen" else [])
                for phase in phases:
                    if phase == "cold":
                        page.goto(base + path)
                    else:
                        if phase == "offline":
                            context.set_offline(True)
                        page.reload()
                    ready, click = ready_and_first_roll(page, button, output)
                    figures.setdefault(f"{phase} ready", []).append(ready)
                    figures.setdefault(f"{phase} click to paint", []).append(click)
                    if phase == "cold" and name == "omen":
                        page.wait_for_function(
                            "navigator.serviceWorker.controller !== null", timeout=60_000
                        )
                context.close()
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    server, base = serve_in_background(ROOT)
    results: dict[tuple[str, int], dict[str, float]] = {}
    try:
        for throttle in (1, 4):
            for name in ("stock", "omen"):
                raw = measure(base, name, throttle, args.runs)
                results[(name, throttle)] = {k: statistics.median(v) for k, v in raw.items()}
    finally:
        server.shutdown()
    for throttle in (1, 4):
        print(f"\n== CPU {throttle}x, medians of {args.runs} runs (ms) ==")
        stock, omen = results[("stock", throttle)], results[("omen", throttle)]
        for key in sorted(omen):
            base_value: Any = stock.get(key)
            line = f"{key:24} omen {omen[key]:8.1f}"
            if base_value:
                line += f"   stock {base_value:8.1f}   ratio {omen[key] / base_value:5.2f}"
            print(line)


if __name__ == "__main__":
    main()

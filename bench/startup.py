"""Start-up benchmark: Omen against a stock PyScript page, measured in the same run.

    .venv/bin/python bench/startup.py [--runs 5] [--cpu 1 4] [--variants omen omen-normal]

Variants: ``stock`` (a stock PyScript page on the same self-hosted Pyodide), ``omen``
(Omen as shipped: a normal first start, then a memory snapshot made in a background
worker and used by every later visit) and ``omen-normal`` (Omen with ``?snapshot=off``).
For each variant and CPU speed (1x, and 4x throttled through CDP as a mid-range phone),
with a fresh persistent Chromium profile per run: the cold load (first visit), two
reloads (``warm``, the first return visit: HTTP cache, service worker and snapshot
filled; ``again``, the next one, once the browser's code caches are filled too) and an
offline reload (Omen only). The first reload comes 2 s after the first visit's
background work is done (for Omen: the service worker controls the page and the snapshot
is stored). Each is timed until ready (the first roll is possible:
``<html data-ready="true">`` and the main thread free again, noted in the page) and
from a click to the painted roll, with performance.now() in the page. Also: the bytes the server sent for a first visit (pre-compressed files where the
browser takes gzip; for Omen until the service worker holds every file and the snapshot
is stored), the snapshot's size, the storage the origin uses and the page's memory.
Prints medians and the ratios against stock, one line each, like ``warm ratio 0.27``.
Figures, not pass/fail. The worker's work is not CPU-throttled (CDP cannot reach it).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
os.environ.setdefault("OMEN_SERVE_QUIET", "1")

from launch import heap_mb, open_page  # noqa: E402

from serve import Handler, serve_in_background  # noqa: E402

PAGES = {
    "omen": ("/index.html?seed=1", "[data-action='next-turn']", "[data-bind='result-title']"),
    "omen-normal": (
        "/index.html?seed=1&snapshot=off",
        "[data-action='next-turn']",
        "[data-bind='result-title']",
    ),
    "stock": ("/bench/stock/index.html", "#roll", "#out"),
}
VARIANTS = ("stock", "omen-normal", "omen")
SETTLE_MS = 2000  # after the first visit (and its service worker and snapshot), every variant
MARKS = """() => {
  const at = (name) => performance.getEntriesByName(name)[0]?.startTime ?? 0;
  const start = at("omen:engine-start"), asks = at("omen:pyscript-asks");
  const loaded = at("omen:engine-loaded"), main = at("omen:main");
  const ready = window.omenBenchReady;
  return { "until Python starts": start, "until PyScript asks": asks,
           "Python start": loaded - start, "until main.py": main - loaded,
           "main.py until ready": ready - main };
}"""
SIZES = """async () => {
  const out = { storage: (await navigator.storage.estimate()).usage };
  const stored = await (await caches.open("omen.snapshot")).match(
    new URL("static/build/engine-snapshot", location.href).href);
  out.snapshot = stored ? Number(stored.headers.get("x-omen-size")) : 0;
  out.memory = stored ? Number(stored.headers.get("x-omen-memory")) : 0;
  const engine = await import("/static/engine.mjs");
  out.wasm = engine.started ? engine.started._module.HEAP8.length : 0;
  return out;
}"""


# Added to every page before its own scripts: notes when <html data-ready="true"> is set,
# then when the main thread is next free to handle a tap (a task queued behind whatever
# the page is still doing). Reading the time from Playwright after its wait would add
# Playwright's polling interval (up to half a second) to every figure.
WATCH_READY = """
new MutationObserver((_, observer) => {
  if (document.documentElement?.dataset.ready !== "true") return;
  observer.disconnect();
  setTimeout(() => { window.omenBenchReady = performance.now(); }, 0);
}).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-ready"] });
"""


def ready_and_first_roll(page: Page, button: str, output: str) -> tuple[float, float]:
    page.wait_for_function("window.omenBenchReady !== undefined", timeout=180_000)
    ready = float(page.evaluate("window.omenBenchReady"))
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


def measure(base: str, name: str, throttle: int, runs: int) -> dict[str, list[float]]:  # noqa: C901 (one benchmark run: each variant's steps in order, read as a script)
    path, button, output = PAGES[name]
    figures: dict[str, list[float]] = {}
    with sync_playwright() as playwright:
        for _ in range(runs):
            with open_page(playwright, throttle, WATCH_READY) as (context, page, cdp):
                phases = ["cold", "warm", "again"] + (["offline"] if name != "stock" else [])
                for phase in phases:
                    if phase == "cold":
                        Handler.sent = 0
                        page.goto(base + path)
                    else:
                        if phase == "offline":
                            context.set_offline(True)
                        page.reload()
                    ready, click = ready_and_first_roll(page, button, output)
                    figures.setdefault(f"{phase} ready", []).append(ready)
                    figures.setdefault(f"{phase} click to paint", []).append(click)
                    if name != "stock":  # where the time goes: before, in, after Pyodide
                        marks = page.evaluate(MARKS)
                        for label, value in marks.items():
                            figures.setdefault(f"{phase} {label}", []).append(value)
                    if phase == "cold" and name != "stock":
                        page.wait_for_function(
                            "navigator.serviceWorker.controller !== null", timeout=120_000
                        )
                    if phase == "cold" and name == "omen":
                        page.locator("html[data-snapshot='saved']").wait_for(
                            state="attached", timeout=120_000
                        )
                    if phase == "cold":
                        # A return visit comes later: let the first visit's background
                        # work (service worker install, snapshot, idle imports) settle.
                        page.wait_for_timeout(SETTLE_MS)
                        figures.setdefault("first visit KB", []).append(Handler.sent / 1024)
                    if phase == "warm":
                        figures.setdefault("JS heap MB", []).append(heap_mb(cdp))
                        if name != "stock":
                            sizes = page.evaluate(SIZES)
                            figures.setdefault("storage MB", []).append(sizes["storage"] / 2**20)
                            figures.setdefault("snapshot MB", []).append(sizes["snapshot"] / 2**20)
                            figures.setdefault("snapshot of memory MB", []).append(
                                sizes["memory"] / 2**20
                            )
                            figures.setdefault("wasm memory MB", []).append(sizes["wasm"] / 2**20)
    return figures


RATIOS = {  # line label: figure compared with stock's
    "cold ratio": "cold ready",
    "warm ratio": "warm ready",
    "again ratio": "again ready",
    "bytes ratio": "first visit KB",
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument(
        "--cpu", type=int, nargs="+", default=[1, 4], help="CPU slow-downs to measure"
    )
    parser.add_argument(
        "--variants",
        nargs="+",
        choices=VARIANTS,
        default=list(VARIANTS),
        help="variants to measure (stock is always measured: the ratios need it)",
    )
    args = parser.parse_args()
    variants = ["stock"] + [name for name in VARIANTS[1:] if name in args.variants]
    server, base = serve_in_background(ROOT)
    results: dict[tuple[str, int], dict[str, float]] = {}
    try:
        for throttle in args.cpu:
            for name in variants:
                raw = measure(base, name, throttle, args.runs)
                results[(name, throttle)] = {k: statistics.median(v) for k, v in raw.items()}
    finally:
        server.shutdown()
    for throttle in args.cpu:
        print(f"\n== CPU {throttle}x, medians of {args.runs} runs (ms unless named) ==")
        stock = results[("stock", throttle)]
        for name in variants:
            for key, value in sorted(results[(name, throttle)].items()):
                print(f"{throttle}x {name:12} {key:24} {value:9.1f}")
        for name in variants[1:]:
            figures = results[(name, throttle)]
            for label, key in RATIOS.items():
                ratio: Any = figures[key] / stock[key]
                print(f"{throttle}x {name:12} {label} {ratio:.2f}")


if __name__ == "__main__":
    main()

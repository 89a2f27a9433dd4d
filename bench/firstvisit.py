"""First-visit benchmark: a shared link opened on a phone network, Omen against stock.

    .venv/bin/python bench/firstvisit.py [--runs 3] [--variants omen omen-gzip]

A player opens a link to a table on a phone with poor reception. For each variant, on a
fresh persistent Chromium profile per run, at 4x CPU (CDP), once on a throttled network
(1.6 Mbit/s down, 750 kbit/s up, 150 ms round trip: CDP Network.emulateNetworkConditions)
and once with no network throttle:

- **bytes until ready**: response bytes the server sent until the page is ready (and,
  for Omen, **bytes in all** once the service worker holds every file and the snapshot
  is stored, as bench/startup.py counts them);
- **first useful paint**: the first paint that names the link's content (Omen's shell
  preview, `<html data-link-preview="shown">`, then the next frame). A stock PyScript
  page can only name it once Python runs, so its figure is its ready time;
- **ready**: the first roll is possible (`<html data-ready="true">` and the main thread
  free again), noted in the page as bench/startup.py does.

Variants: ``stock`` (bench/stock/, a stock PyScript page on an untouched Pyodide, every
file gzip -9: the baseline), ``omen-gzip`` (Omen from a host that serves only the .gz
copies) and ``omen`` (Omen from a host that serves the .br copies where the browser takes
brotli, as tools/serve.py does). Medians, then the ratios against stock. Figures, not
pass/fail.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT / "py"))
os.environ.setdefault("OMEN_SERVE_QUIET", "1")

from launch import open_page  # noqa: E402

from omen.campaign.share import encode_link, share_table  # noqa: E402
from omen.campaign.tables import Entry, Library, Table  # noqa: E402
from serve import GzipOnly, Handler, serve_in_background  # noqa: E402

VARIANTS = ("stock", "omen-gzip", "omen")
NETWORKS = {
    "phone": {
        "offline": False,
        "latency": 150,
        "downloadThroughput": 1_600_000 / 8,
        "uploadThroughput": 750_000 / 8,
    },
    "no throttle": None,
}
CPU = 4

# Added before the page's own scripts: the time of the next frame after the preview is
# shown, and when the main thread is next free once the page is ready.
WATCH = """
new MutationObserver((_, observer) => {
  const root = document.documentElement;
  if (root?.dataset.linkPreview === "shown" && window.omenBenchPreview === undefined) {
    window.omenBenchPreview = null;
    requestAnimationFrame(() => setTimeout(() => { window.omenBenchPreview = performance.now(); }, 0));
  }
  if (root?.dataset.ready !== "true") return;
  observer.disconnect();
  setTimeout(() => { window.omenBenchReady = performance.now(); }, 0);
}).observe(document, { attributes: true, subtree: true,
                       attributeFilter: ["data-ready", "data-link-preview"] });
"""


def the_link() -> str:
    table = Table(
        "wolves",
        "Wolves on the road",
        "d6",
        tuple(Entry(text, i + 1, i + 1) for i, text in enumerate("ABCDEF")),
    )
    return encode_link("table", share_table(Library((table,)), "wolves"))


def measure(name: str, network: str, runs: int) -> dict[str, list[float]]:
    server, base = serve_in_background(ROOT, 0, Handler if name == "omen" else GzipOnly)
    path = "/bench/stock/index.html" if name == "stock" else f"/index.html?seed=1#{the_link()}"
    figures: dict[str, list[float]] = {}
    try:
        with sync_playwright() as playwright:
            for _ in range(runs):
                with open_page(playwright, CPU, WATCH, locale="en-US") as (_context, page, cdp):
                    if NETWORKS[network]:
                        cdp.send("Network.enable")
                        cdp.send("Network.emulateNetworkConditions", NETWORKS[network])
                    Handler.sent = 0
                    page.goto(base + path)
                    page.wait_for_function("window.omenBenchReady !== undefined", timeout=300_000)
                    ready = float(page.evaluate("window.omenBenchReady"))
                    figures.setdefault("bytes until ready KB", []).append(Handler.sent / 1024)
                    figures.setdefault("ready ms", []).append(ready)
                    preview = page.evaluate("window.omenBenchPreview")
                    figures.setdefault("first useful paint ms", []).append(
                        float(preview) if preview else ready
                    )
                    if name != "stock":
                        page.wait_for_function(
                            "navigator.serviceWorker.controller !== null", timeout=300_000
                        )
                        page.locator("html[data-snapshot]").wait_for(
                            state="attached", timeout=300_000
                        )
                        page.wait_for_timeout(1000)
                        figures.setdefault("bytes in all KB", []).append(Handler.sent / 1024)
    finally:
        server.shutdown()
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument(
        "--variants",
        nargs="+",
        choices=VARIANTS,
        default=list(VARIANTS),
        help="variants to measure (stock is always measured: the ratios need it)",
    )
    parser.add_argument("--networks", nargs="+", choices=list(NETWORKS), default=list(NETWORKS))
    args = parser.parse_args()
    variants = ["stock"] + [name for name in VARIANTS[1:] if name in args.variants]
    results: dict[tuple[str, str], dict[str, float]] = {}
    for network in args.networks:
        for name in variants:
            raw = measure(name, network, args.runs)
            results[(name, network)] = {k: statistics.median(v) for k, v in raw.items()}
    for network in args.networks:
        print(f"\n== {network}, CPU {CPU}x, medians of {args.runs} runs ==")
        stock = results[("stock", network)]
        for name in variants:
            for key, value in sorted(results[(name, network)].items()):
                print(f"{network:11} {name:10} {key:24} {value:9.1f}")
        for name in variants[1:]:
            figures = results[(name, network)]
            for key in ("bytes until ready KB", "ready ms"):
                ratio: Any = figures[key] / stock[key]
                print(f"{network:11} {name:10} {key.split()[0]} ratio {ratio:.2f}")


if __name__ == "__main__":
    main()

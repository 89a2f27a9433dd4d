"""One kind of tap, many times, in two checkouts: which one does the tap's work faster.

    flock /tmp/omen-browser.lock .venv/bin/python bench/taps.py \\
        [--tap next-turn] [--screen explore] [--taps 150] [--cpu 1] [--rounds 2] BEFORE AFTER

BEFORE and AFTER are two built checkouts of Omen (``make build`` in each; a git worktree
of the commit before a change and this one). Each round opens each in turn, in a fresh
Chromium profile at the CPU speed asked for, waits until every screen is built, shows
``--screen`` (its button in the navigation; Explore, the first screen, by default), then
taps the button ``[data-action=TAP]`` on the screen on show ``--taps`` times at a calm
pace (the next tap once the last one's frame and the task after it have run, so a tap
never waits for the one before). For each tap, timed inside the page: its *work* (from
the click until the handler has run and the page is restyled and laid out) and its
click-to-paint (until the next animation frame). The baseline, in the same page, is a
click nothing answers. Rounds alternate the two checkouts, so the machine's drift over
the run falls on both. Prints medians and p95 for each checkout and round, and the ratio
of AFTER's work median to BEFORE's over all rounds. Figures, not pass/fail.

Where bench/session.py plays a whole session, this isolates one action: a change to one
handler shows here above the noise of a 2,000-action run.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
os.environ.setdefault("OMEN_SERVE_QUIET", "1")

from launch import open_page  # noqa: E402

from serve import serve_in_background  # noqa: E402

SHOWN = "section.screen:not([hidden])"
# One tap timed in the page: the work (forced style and layout included) and the
# click-to-paint; resolved after the task that follows the frame (the tap's saves).
TAP = """(selector) => new Promise((resolve) => {
  const start = performance.now();
  document.querySelector(selector).click();
  void document.body.offsetHeight;
  const work = performance.now() - start;
  requestAnimationFrame(() => {
    const paint = performance.now() - start;
    setTimeout(() => resolve([work, paint]), 0);
  });
})"""
BASELINE_TAPS = 20


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]


def measure(tree: Path, tap: str, taps: int, cpu: float, screen: str) -> dict[str, float]:
    """One checkout, one fresh profile: the tap's work and paint, and the baseline."""
    server, base = serve_in_background(tree)
    try:
        with sync_playwright() as playwright, open_page(playwright, cpu) as (_, page, _cdp):
            page.goto(base + "/index.html?seed=1")
            page.locator("html[data-built='true']").wait_for(state="attached", timeout=300_000)
            page.locator(f"nav [data-nav='{screen}']").click()
            button = f"{SHOWN} [data-action='{tap}']"
            page.locator(button).wait_for()
            timed = [page.evaluate(TAP, button) for _ in range(taps)]
            idle = [page.evaluate(TAP, "body") for _ in range(BASELINE_TAPS)]
    finally:
        server.shutdown()
    work = [w for w, _ in timed]
    paint = [p for _, p in timed]
    return {
        "work median": statistics.median(work),
        "work p95": p95(work),
        "paint median": statistics.median(paint),
        "paint p95": p95(paint),
        "baseline paint median": statistics.median(p for _, p in idle),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("before", type=Path)
    parser.add_argument("after", type=Path)
    parser.add_argument("--tap", default="next-turn", help="the data-action to tap")
    parser.add_argument("--screen", default="explore", help="the screen the button is on")
    parser.add_argument("--taps", type=int, default=150)
    parser.add_argument("--cpu", type=float, default=1)
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args()
    medians: dict[str, list[float]] = {"before": [], "after": []}
    for round_number in range(1, args.rounds + 1):
        for name, tree in (("before", args.before), ("after", args.after)):
            figures = measure(tree.resolve(), args.tap, args.taps, args.cpu, args.screen)
            medians[name].append(figures["work median"])
            line = ", ".join(f"{key} {value:.2f}" for key, value in figures.items())
            print(f"round {round_number} {name:6} ({args.tap}, {args.cpu:g}x): {line} ms")
    ratio = statistics.median(medians["after"]) / statistics.median(medians["before"])
    print(f"after / before, work median over the rounds: {ratio:.2f}")


if __name__ == "__main__":
    main()

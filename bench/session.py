"""A long session benchmark: 2,000 scripted actions in one page, both ends measured.

    flock /tmp/omen-browser.lock .venv/bin/python bench/session.py [--actions 2000] [--cpu 1 4]
        [--visit first return] [--no-control] [--pause 0]

The script plays what a game master does at the table, in cycles of about twenty
actions: screen switches, Next turn and Draw attention on Explore, opening a table and
saving an edit on Tables, rolling a test on Tests, a stress box up or down on Crew, the
Log screen opened, and now and then Undo there. Each action is a click timed inside the
page (Playwright's own latency does not count) two ways: from the click to the next
animation frame ("click-to-paint"), and its *work*, from the click until the handler
has run and the browser has restyled and laid out the page (forced at once, so the
wait for the next frame is left out). The baseline, measured in the same page between
cycles, is a click nothing answers, timed the same way: its click-to-frame time is the
wait for a frame alone, a floor under every click-to-paint figure (at 60 frames a
second, up to 16.7 ms). Printed for each CPU speed (1x, and 4x throttled through CDP as
a mid-range phone): click-to-paint and work, median and p95 over the first and the last
100 actions and the ratio of the medians; the baseline; the JS heap at the start and the end (after a garbage
collection); characters written to localStorage per action at the start and the end
(``setItem`` is counted in the page: key and value, up to the task after the frame,
when the writes that wait for the frame are done); the Log screen's open time at the
start and the end; and how many entries the log held. Then, for each kind of action,
its click-to-paint and work medians and p95 over the first and the last fifth of the session (which
actions make the p95), and Python's side: the WebAssembly memory (Python's objects live
there, not in the JS heap) and how many objects Python holds, at the start and the end.
Each CPU speed is measured on a first visit (the page as a new device first opens it,
while its background work, the service worker and the memory snapshot, still runs) and
on a return visit (opened again once that is done: started from the snapshot, the
browser's caches filled). Either way the session begins when the page's idle work is
done (every screen built), as a game master looks at the screen before the first tap.

**The control.** This machine's own speed moves during a run (other programs, the CPU's
clock), and at 4x its ups and downs are large: the first and last 100 actions are
minutes apart. So, unless ``--no-control``, a fresh session is opened right after the
long one is done and closed (the same visit, the same CPU speed), and plays its first
100 actions alone, at the same pace. The ratio of the last 100 actions' median to the
fresh session's is the session's own slowing, with the machine's drift over the run
taken out of it (the two are a minute or two apart, not the run's length); the plain
last/first ratio is printed too. The two pages never run at once, so neither page's
work after a click (its storage writes, its idle draws) falls on the other's clicks, and
every click of the session, first 100 and last 100, comes at the same pace.

**The pace.** By default each click comes as soon as the one before it is timed, a few
ms after its frame: faster than anyone taps, so a click may land on the page's own work
after the last one (its storage writes, the idle draws of other screens) and wait for
it. ``--pause MS`` waits that long before every click, the baseline's too, as a game
master looks at the screen between taps. Figures, not pass/fail.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import statistics
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, sync_playwright
from playwright.sync_api import TimeoutError as PlaywrightTimeout

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
os.environ.setdefault("OMEN_SERVE_QUIET", "1")

from launch import heap_mb, open_page  # noqa: E402

from serve import serve_in_background  # noqa: E402

# Counts what is written to localStorage, in characters (as the quota counts them).
COUNT_WRITES = """
(() => {
  window.omenWritten = 0;
  const setItem = Storage.prototype.setItem;
  Storage.prototype.setItem = function (key, value) {
    window.omenWritten += String(key).length + String(value).length;
    return setItem.call(this, key, value);
  };
})();
"""
# One click, timed in the page: from the click to the next animation frame.
CLICK = """(selector) => new Promise((resolve, reject) => {
  const target = [...document.querySelectorAll(selector)].find((n) => n.checkVisibility());
  if (!target) { reject(new Error("nothing to click: " + selector)); return; }
  const written = window.omenWritten;
  const start = performance.now();
  target.click();
  void document.body.offsetHeight;  // style and layout now, so the work is timed whole
  const worked = performance.now() - start;
  requestAnimationFrame(() => {
    const took = performance.now() - start;
    // Omen writes to storage in a task after the frame: what the tap wrote is counted then.
    setTimeout(() => resolve([took, window.omenWritten - written, worked]), 0);
  });
})"""
# The baseline, in the same page: a click nothing answers, timed the same way. Its
# click-to-frame time is the wait for the next frame alone (the floor under every figure).
IDLE = """() => new Promise((resolve) => {
  const start = performance.now();
  document.body.click();
  void document.body.offsetHeight;
  const worked = performance.now() - start;
  requestAnimationFrame(() => resolve([performance.now() - start, 0, worked]));
})"""
# Python's side, through the engine module: WebAssembly memory and objects held (those
# frozen once every screen is built, omen_web/kit/app.py, counted too).
PYTHON = """async () => {
  const engine = await import("/static/engine.mjs");
  const objects = engine.started.runPython(
    "import gc\\ngc.collect()\\nlen(gc.get_objects()) + gc.get_freeze_count()"
  );
  return [engine.started._module.HEAP8.length / 2 ** 20, Number(objects)];
}"""
SHOWN = "section.screen:not([hidden])"
NAV = "nav [data-nav='{}'], [data-nav='{}']"


def nav(name: str) -> str:
    return NAV.format(name, name)


def cycle(number: int) -> list[tuple[str, str]]:
    """One round at the table: (what, selector to click), about twenty actions."""
    steps = [("switch", nav("explore"))]
    steps += [("turn", f"{SHOWN} [data-action='next-turn']")] * 8
    steps += [("attention", f"{SHOWN} [data-action='draw-attention']")]
    steps += [("switch", nav("tables")), ("table", f"{SHOWN} .tables-list .table-open")]
    steps += [("table edit", f"{SHOWN} [data-action='save-table']")]
    steps += [("switch", nav("tests"))] + [("test", f"{SHOWN} [data-action='roll-test']")] * 2
    step = "more" if number % 2 == 0 else "less"
    steps += [("switch", nav("crew")), ("crew", f"{SHOWN} .character .track .step.{step}")]
    steps += [("log", nav("log"))]
    if number % 4 == 3:
        steps += [("undo", f"{SHOWN} [data-action='undo']")]
    return steps


def prepare(page: Page, base: str) -> None:
    """A fresh campaign with one character, so every action has something to act on."""
    page.goto(base + "/index.html?seed=1")
    page.locator("html[data-ready='true']").wait_for(state="attached", timeout=300_000)
    page.locator("[data-nav='crew']").click()
    page.evaluate("document.querySelector(\"[data-bind='new-character']\").open = true")
    page.locator("[data-bind='new-name']").fill("Vera")
    build = page.locator("[data-bind='new-values'] select")
    for index, value in enumerate(("4", "3", "3", "2", "3", "1")):
        build.nth(index).select_option(value)
    page.locator("[data-action='add-character']").click()
    page.locator("article.character").first.wait_for()


def settle(page: Page) -> None:
    """The game master looks at the screen a moment before the first tap: the page's idle
    work (every screen built, ``<html data-built>``; pages that do not say get 2 s)."""
    with contextlib.suppress(PlaywrightTimeout):
        page.locator("html[data-built='true']").wait_for(state="attached", timeout=15_000)
    page.wait_for_timeout(2000)


def come_back(page: Page) -> None:
    """A return visit: once the first visit's background work is done (the service worker
    holds the files, the memory snapshot is stored), the page is opened again."""
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=120_000)
    page.locator("html[data-snapshot='saved']").wait_for(state="attached", timeout=180_000)
    page.wait_for_timeout(2000)
    page.reload()
    page.locator("html[data-ready='true']").wait_for(state="attached", timeout=300_000)


def edit_table(page: Page, turn: int) -> None:
    """Change the first entry's text of the open table (typed, not timed)."""
    field = page.locator(f"{SHOWN} [data-bind='edit-entries'] .text").first
    field.fill(f"Fog comes up off the river (take {turn}).")


Done = list[tuple[str, float, int, float]]


def times(part: Done, kind: str = "") -> list[float]:
    """Click-to-paint times of the actions (of one kind, if asked)."""
    return [t for what, t, *_ in part if not kind or what == kind]


def work(part: Done, kind: str = "") -> list[float]:
    """The actions' work: from the click to the page restyled and laid out."""
    return [w for what, _t, _c, w in part if not kind or what == kind]


def p95(values: list[float]) -> float:
    return statistics.quantiles(values, n=20)[-1] if len(values) > 1 else values[0]


def controlled(last: Done, fresh: Done) -> dict[str, float]:
    """The last 100 actions against a fresh session's first 100, played right after:
    the machine's drift over the run (another program, the CPU's clock) is taken out,
    so their ratio is the session's own slowing."""
    return {
        "fresh session right after, first 100 median ms": statistics.median(times(fresh)),
        "fresh session right after, first 100 p95 ms": p95(times(fresh)),
        "last 100 / fresh session's first 100, median": (
            statistics.median(times(last)) / statistics.median(times(fresh))
        ),
        "work, last 100 / fresh session's first 100, median": (
            statistics.median(work(last)) / statistics.median(work(fresh))
        ),
    }


class Player:
    """One page playing the script: the next action clicked and timed, the baseline
    clicks after each cycle."""

    def __init__(self, page: Page, pause: int) -> None:
        self.page = page
        self.pause = pause  # ms the game master looks at the screen before a click
        self.done: Done = []
        self.idle: list[tuple[float, float]] = []
        self.number = 0
        self.steps = iter(cycle(0))

    def act(self) -> None:
        """The next action; at a cycle's end, five baseline clicks first."""
        step = next(self.steps, None)
        if step is None:
            for _ in range(5):
                self.look()
                took, _written, worked = self.page.evaluate(IDLE)
                self.idle.append((float(took), float(worked)))
            self.number += 1
            self.steps = iter(cycle(self.number))
            step = next(self.steps)
        what, selector = step
        if what == "table edit":
            edit_table(self.page, len(self.done))
        self.look()
        took, written, worked = self.page.evaluate(CLICK, selector)
        self.done.append((what, float(took), int(written), float(worked)))

    def look(self) -> None:
        """The pause before a click (``--pause``), if any: the page's work after the
        last tap (its writes, idle draws) is done by then, as between a GM's taps."""
        if self.pause:
            self.page.wait_for_timeout(self.pause)


@contextlib.contextmanager
def session_page(playwright: Any, base: str, throttle: int, visit: str) -> Iterator[Any]:
    """A page with a fresh campaign, on the visit asked, settled, with its CDP session."""
    with open_page(playwright, throttle, COUNT_WRITES, locale="en-US") as (_c, page, cdp):
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        prepare(page, base)
        if visit == "return":
            come_back(page)
        settle(page)
        yield page, cdp
        if errors:
            raise SystemExit(f"the page failed: {errors[0]}")


def run(
    base: str, throttle: int, actions: int, visit: str, control: bool, pause: int
) -> dict[str, Any]:
    with sync_playwright() as playwright:
        with session_page(playwright, base, throttle, visit) as (page, cdp):
            cdp.send("HeapProfiler.collectGarbage")
            heap_start = heap_mb(cdp)
            wasm_start, objects_start = page.evaluate(PYTHON)
            player = Player(page, pause)
            while len(player.done) < actions:
                player.act()
            cdp.send("HeapProfiler.collectGarbage")
            heap_end = heap_mb(cdp)
            wasm_end, objects_end = page.evaluate(PYTHON)
            page.evaluate(CLICK, nav("explore"))
            log_open = float(page.evaluate(CLICK, nav("log"))[0])
            entries = page.locator(f"{SHOWN} .log-entry").count()
            held = page.evaluate(
                "Object.keys(localStorage).filter((k) => k.startsWith('omen/log')).length"
            )
        fresh: Player | None = None
        if control:
            # The control: a fresh session, opened once the long one is closed, plays its
            # first 100 actions alone, at the same pace.
            with session_page(playwright, base, throttle, visit) as (fresh_page, _cdp):
                fresh = Player(fresh_page, pause)
                while len(fresh.done) < min(100, actions):
                    fresh.act()
    done, idle = player.done, player.idle
    first, last = done[:100], done[-100:]

    def writes(part: Done) -> float:
        taps = [w for what, _, w, _ in part if what in ("turn", "attention")]
        return statistics.mean(taps) if taps else 0.0

    logs = [t for what, t, *_ in done if what == "log"]
    fifth = max(100, len(done) // 5)
    kinds: dict[str, float] = {}
    for kind in sorted({what for what, *_ in done}):
        for label, part in (("first", done[:fifth]), ("last", done[-fifth:])):
            taken, worked = times(part, kind), work(part, kind)
            if taken:
                kinds[f"  {kind}, {label} fifth: median ms"] = statistics.median(taken)
                kinds[f"  {kind}, {label} fifth: p95 ms"] = p95(taken)
                kinds[f"  {kind}, {label} fifth: work median ms"] = statistics.median(worked)
                kinds[f"  {kind}, {label} fifth: work p95 ms"] = p95(worked)
    return {
        "first 100 median ms": statistics.median(times(first)),
        "first 100 p95 ms": p95(times(first)),
        "last 100 median ms": statistics.median(times(last)),
        "last 100 p95 ms": p95(times(last)),
        "last/first median": statistics.median(times(last)) / statistics.median(times(first)),
        "baseline, a click nothing answers: median ms": statistics.median(t for t, _ in idle),
        "baseline, a click nothing answers: p95 ms": p95([t for t, _ in idle]),
        "work (click to layout done), first 100 median ms": statistics.median(work(first)),
        "work, first 100 p95 ms": p95(work(first)),
        "work, last 100 median ms": statistics.median(work(last)),
        "work, last 100 p95 ms": p95(work(last)),
        "work, last/first median": statistics.median(work(last)) / statistics.median(work(first)),
        "Next turn first 100 median ms": statistics.median(times(first, "turn")),
        "Next turn last 100 median ms": statistics.median(times(last, "turn")),
        "JS heap start MB": heap_start,
        "JS heap end MB": heap_end,
        "chars written per turn, first 100": writes(first),
        "chars written per turn, last 100": writes(last),
        "chars written per action, first 100": statistics.mean(w for _, _, w, _ in first),
        "chars written per action, last 100": statistics.mean(w for _, _, w, _ in last),
        "Log screen open, first ms": logs[0],
        "Log screen open, last ms": logs[-1],
        "Log screen open, median of last 10 ms": statistics.median(logs[-10:]),
        "Log screen open from Explore at the end ms": log_open,
        "log entries shown at the end": entries,
        "log keys in storage at the end": held,
        "WebAssembly memory start MB": float(wasm_start),
        "WebAssembly memory end MB": float(wasm_end),
        "Python objects start": int(objects_start),
        "Python objects end": int(objects_end),
        **(controlled(last, fresh.done) if fresh else {}),
        "by kind of action:": "",
        **kinds,
        "actions": len(done),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--actions", type=int, default=2000)
    parser.add_argument("--cpu", type=int, nargs="+", default=[1, 4])
    parser.add_argument(
        "--no-control",
        dest="control",
        action="store_false",
        help="no fresh session played beside the last 100 actions",
    )
    parser.add_argument(
        "--visit",
        nargs="+",
        choices=("first", "return"),
        default=["first", "return"],
        help="the session on a first visit, and on a return visit (snapshot, caches)",
    )
    parser.add_argument(
        "--pause",
        type=int,
        default=0,
        help="ms between two clicks (0: each click as soon as the last is timed)",
    )
    args = parser.parse_args()
    server, base = serve_in_background(ROOT)
    try:
        for throttle in args.cpu:
            for visit in args.visit:
                figures = run(base, throttle, args.actions, visit, args.control, args.pause)
                paused = f", {args.pause} ms between clicks" if args.pause else ""
                print(
                    f"--- {throttle}x CPU, {visit} visit, {figures.pop('actions')} actions" + paused
                )
                for label, value in figures.items():
                    shown = f"{value:.2f}" if isinstance(value, float) else str(value)
                    print(f"{label}: {shown}")
    finally:
        server.shutdown()


if __name__ == "__main__":
    main()

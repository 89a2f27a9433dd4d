"""Players' phones benchmark: the player page's first visit, and a tap's way to a player.

    flock /tmp/omen-browser.lock .venv/bin/python bench/players.py [--runs 3] [--taps 30]

**First visit** (``player.html`` opened from a game master's link, as a player does,
until its joining form is shown): on
a fresh persistent Chromium profile per run, at 4x CPU and on bench/firstvisit.py's
phone network (1.6 Mbit/s down, 750 kbit/s up, 150 ms round trip):

- **bytes until shown**: the compressed bodies the page downloaded until its joining
  form is on it (Resource Timing's ``encodedBodySize``: brotli where the browser takes
  it, as tools/serve.py serves; ``player-gzip`` from a host that serves only the .gz
  copies), and **bytes in all**, the response bytes the server sent once the player
  page's service worker holds its files too;
- **shown**: from the start of the navigation to the next frame after the page shows the
  joining form (``<body data-ready="yes">``), with performance.now() in the page.

The baseline, measured in the same run the same way: ``floor``, a one-line page
(bench/floor.html): what the network alone costs before anything can be shown.

**A tap to a player's screen**: the game master's page (Omen, ``?seed=1``) and a player's
page in one Chromium, joined as at a table (the player's answer pasted), the game master's
page slowed to 4x CPU (CDP ``Emulation.setCPUThrottlingRate``; ``--player-cpu`` slows the
player's page too). "Next turn" is tapped ``--taps`` times at a calm pace; each tap is timed
from the click to the next frame after the player's clock shows the new turn (both pages
read the same clock: ``performance.timeOrigin + performance.now()``). The baseline, in
the same taps: the click to the next frame on the game master's own page.

Medians (and p95 of the taps). Figures, not pass/fail; the issue's goals: the first visit
at most 100 KB compressed and shown within 1.5 s, a tap on a player's screen within
200 ms.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import sys
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT / "py"))
os.environ.setdefault("OMEN_SERVE_QUIET", "1")

from firstvisit import CPU, NETWORKS  # noqa: E402
from launch import VIEWPORT, open_page  # noqa: E402

from browser import ANSWER_SCRIPT, CHROMIUM, FLAGS  # noqa: E402
from omen.campaign.players import Message, pack, qr_parts  # noqa: E402
from omen.campaign.sdp import Candidate, Details  # noqa: E402
from serve import GzipOnly, Handler, serve_in_background  # noqa: E402

VARIANTS = ("floor", "player-gzip", "player")
TIMEOUT = 300_000  # ms
# Added before the page's own scripts: the next frame after the page shows something
# (the player page: its joining form drawn, <body data-ready="yes">; the floor: its text).
SHOWN = """
(() => {
  // The page's own downloads so far (its service worker's are its own): compressed bodies.
  const bytes = () => [
    ...performance.getEntriesByType("navigation"),
    ...performance.getEntriesByType("resource"),
  ].reduce((sum, entry) => sum + entry.encodedBodySize, 0);
  const mark = () => requestAnimationFrame(() => setTimeout(() => {
    window.omenBenchBytes = bytes();
    window.omenBenchShown = performance.now();
  }, 0));
  if (location.pathname.endsWith("/floor.html")) {
    document.addEventListener("DOMContentLoaded", mark);
    return;
  }
  new MutationObserver((_, observer) => {
    if (document.body?.dataset.ready !== "yes") return;
    observer.disconnect();
    mark();
  }).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-ready"] });
})();
"""
# The player's clock, watched: the next frame after each change, on the shared clock.
WATCH_CLOCK = """() => {
  window.omenBenchSeen = [];
  const clock = document.querySelector('[data-bind="clock"]');
  new MutationObserver(() => requestAnimationFrame(() => setTimeout(() => {
    window.omenBenchSeen.push(performance.timeOrigin + performance.now());
  }, 0))).observe(clock, { childList: true, subtree: true, characterData: true });
}"""
# One tap on the game master's page: its time on the shared clock, and the click to the
# next frame on that page.
TAP = """(selector) => new Promise((resolve) => {
  const start = performance.timeOrigin + performance.now();
  document.querySelector(selector).click();
  requestAnimationFrame(() => setTimeout(() => {
    resolve([start, performance.timeOrigin + performance.now() - start]);
  }, 0));
})"""


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]


def a_link(base: str) -> str:
    """A game master's invitation as a player receives it: a token and an offer (the
    view comes over the channel)."""
    offer = Details(
        "uEs2",
        "ot8ep/pWuCLbEvEaAcwr2fbk",
        bytes(range(32)),
        "actpass",
        "0",
        (Candidate("host", "192.0.2.10", 54321), Candidate("host", "192.0.2.11", 54322)),
    ).sdp()
    return f"{base}/player.html#join=" + pack(
        Message("join", "bench-token-1", 1, {"offer": offer, "stun": ""})
    )


def first_visit(name: str, runs: int) -> dict[str, list[float]]:
    server, base = serve_in_background(ROOT, 0, GzipOnly if name == "player-gzip" else Handler)
    url = f"{base}/bench/floor.html" if name == "floor" else a_link(base)
    figures: dict[str, list[float]] = {}
    try:
        with sync_playwright() as playwright:
            for _ in range(runs):
                with open_page(playwright, CPU, SHOWN, locale="en-US") as (_context, page, cdp):
                    cdp.send("Network.enable")
                    cdp.send("Network.emulateNetworkConditions", NETWORKS["phone"])
                    Handler.sent = 0
                    page.goto(url)
                    shown = wait_for(page, "window.omenBenchShown")
                    until = float(page.evaluate("window.omenBenchBytes"))
                    figures.setdefault("bytes until shown KB", []).append(until / 1024)
                    figures.setdefault("shown ms", []).append(float(shown))
                    if name != "floor":
                        wait_for(page, "navigator.serviceWorker.controller ? true : undefined")
                        page.wait_for_timeout(1000)
                        figures.setdefault("bytes in all KB", []).append(Handler.sent / 1024)
    finally:
        server.shutdown()
    return figures


def wait_for(page: Page, expression: str) -> Any:
    """The value of ``expression`` once it is not undefined (polled through the debugging
    protocol: the player page's CSP has no 'unsafe-eval' for wait_for_function)."""
    for _ in range(TIMEOUT // 50):
        value = page.evaluate(f"(() => {{ const v = {expression}; return v ?? null; }})()")
        if value is not None:
            return value
        page.wait_for_timeout(50)
    raise TimeoutError(f"{expression} never came")


def taps(count: int, player_cpu: float) -> dict[str, list[float]]:
    """The game master taps "Next turn"; how long until the player's clock shows it."""
    server, base = serve_in_background(ROOT)
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
            master = browser.new_context(viewport=VIEWPORT, locale="en-US")
            master.add_init_script(ANSWER_SCRIPT)
            phone = browser.new_context(viewport=VIEWPORT, locale="en-US")
            gm = master.new_page()
            gm.goto(f"{base}/index.html?seed=1", wait_until="commit", timeout=TIMEOUT)
            gm.locator("html[data-built='true']").wait_for(state="attached", timeout=TIMEOUT)
            gm.get_by_role("button", name="Settings").click()
            gm.get_by_role("button", name="Invite players").click()
            sheet = gm.get_by_role("dialog", name="Players")
            link = sheet.get_by_role("textbox", name="Link for a player")
            expect(link).to_have_value(re.compile(r"#join="), timeout=TIMEOUT)
            player = phone.new_page()
            player.goto(link.input_value())
            player.get_by_role("textbox", name="Your name").fill("Eva")
            player.get_by_role("button", name="Join the table").click()
            answer = player.get_by_role("textbox", name="Your answer for the game master")
            expect(answer).to_have_value(re.compile(r"^omen-answer:"), timeout=TIMEOUT)
            sheet.get_by_role("textbox", name="The player's answer").fill(answer.input_value())
            sheet.get_by_role("button", name="Add a player").click()
            expect(player.get_by_role("status").first).to_contain_text("· live", timeout=TIMEOUT)
            sheet.get_by_role("button", name="Close").click()
            gm.get_by_role("button", name="Explore").click()
            button = "section.screen:not([hidden]) [data-action='next-turn']"
            gm.locator(button).wait_for()
            gm.context.new_cdp_session(gm).send("Emulation.setCPUThrottlingRate", {"rate": CPU})
            phone.new_cdp_session(player).send(
                "Emulation.setCPUThrottlingRate", {"rate": player_cpu}
            )
            player.evaluate(WATCH_CLOCK)
            figures: dict[str, list[float]] = {}
            for _ in range(count):
                player.evaluate("window.omenBenchSeen = []")
                start, own = gm.evaluate(TAP, button)
                for _ in range(TIMEOUT // 10):
                    seen = player.evaluate("window.omenBenchSeen")
                    if seen:
                        break
                    player.wait_for_timeout(10)
                else:
                    raise TimeoutError("the player's clock did not change")
                figures.setdefault("to the player ms", []).append(seen[0] - start)
                figures.setdefault("own paint ms", []).append(float(own))
                gm.wait_for_timeout(300)  # a calm pace
            browser.close()
    finally:
        server.shutdown()
    return figures


def sizes() -> None:
    """For each game: a real invitation and answer between two Chromium pages, their
    lengths in characters and the QR version segno picks for them, drawn as the pages
    draw them (error level L, the code after the prefix in alphanumeric mode)."""
    from segno import consts, encoder

    modes = {"byte": consts.MODE_BYTE, "alphanumeric": consts.MODE_ALPHANUMERIC}
    server, base = serve_in_background(ROOT)
    print("== invitation and answer, characters and QR version (error level L) ==")
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
            master = browser.new_context(viewport=VIEWPORT, locale="en-US")
            master.add_init_script(ANSWER_SCRIPT)
            gm = master.new_page()
            gm.goto(f"{base}/index.html?seed=1", wait_until="commit", timeout=TIMEOUT)
            gm.locator("html[data-built='true']").wait_for(state="attached", timeout=TIMEOUT)
            for game in ("liminal_horror", "ose", "gurps", "eotw"):
                gm.get_by_role("button", name="Settings").click()
                gm.get_by_role("combobox", name="Game").select_option(game)
                gm.get_by_role("button", name="Invite players").click()
                sheet = gm.get_by_role("dialog", name="Players")
                link = sheet.get_by_role("textbox", name="Link for a player")
                expect(link).to_have_value(re.compile(r"#join="), timeout=TIMEOUT)
                if game != "liminal_horror":  # the sheet keeps its code: a fresh one
                    used = link.input_value()
                    sheet.get_by_role("button", name="New code").click()
                    expect(link).not_to_have_value(used, timeout=TIMEOUT)
                    expect(link).to_have_value(re.compile(r"#join="), timeout=TIMEOUT)
                phone = browser.new_context(viewport=VIEWPORT, locale="en-US")
                player = phone.new_page()
                player.goto(link.input_value())
                player.get_by_role("textbox", name="Your name").fill("Eva")
                player.get_by_role("button", name="Join the table").click()
                field = player.get_by_role("textbox", name="Your answer for the game master")
                expect(field).to_have_value(re.compile(r"^omen-answer:", re.I), timeout=TIMEOUT)
                for what, text in (
                    ("invitation", link.input_value()),
                    ("answer", field.input_value()),
                ):
                    parts = [(part, modes[mode]) for part, mode in qr_parts(text)]
                    version = encoder.encode(
                        parts, error="l", micro=False, boost_error=False
                    ).version
                    print(f"{game:15} {what:11} {len(text):5} characters  QR version {version}")
                    if os.environ.get("OMEN_BENCH_SDP"):
                        print(text)
                phone.close()
                sheet.get_by_role("button", name="Close").click()
            browser.close()
    finally:
        server.shutdown()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--taps", type=int, default=30)
    parser.add_argument("--player-cpu", type=float, default=1)
    parser.add_argument(
        "--parts", nargs="+", choices=("visit", "taps", "sizes"), default=["visit", "taps"]
    )
    args = parser.parse_args()
    if "sizes" in args.parts:
        sizes()
    if "visit" in args.parts:
        visit(args.runs)
    if "taps" in args.parts:
        print(
            f"\n== a tap to the player's screen: game master {CPU}x CPU, player "
            f"{args.player_cpu:g}x, {args.taps} taps =="
        )
        tapped = taps(args.taps, args.player_cpu)
        for key, values in tapped.items():
            print(f"{key:22} median {statistics.median(values):7.1f}  p95 {p95(values):7.1f}")


def visit(runs: int) -> None:
    print(f"== first visit, phone network, CPU {CPU}x, medians of {runs} runs ==")
    results = {name: first_visit(name, runs) for name in VARIANTS}
    for name in VARIANTS:
        for key, values in sorted(results[name].items()):
            print(f"{name:12} {key:22} {statistics.median(values):9.1f}")
    floor = statistics.median(results["floor"]["shown ms"])
    shown = statistics.median(results["player"]["shown ms"])
    print(f"player       shown ratio to floor {shown / floor:.2f}")


if __name__ == "__main__":
    main()

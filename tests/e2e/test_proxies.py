"""Redraws make no proxies: events are bound once per screen, by delegation.

Every JavaScript function the adapter makes for Python (a proxy) is counted in
``window.omenProxies`` (``omen_web.kit.dom.proxy``). Once every screen is built, drawing them
again, by the game master's taps or a hundred times over, must not add one: a proxy kept
for the page's life per redraw is memory that a long session never gets back.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import open_app
from tests.e2e.walk import unfold

TABS = ("Encounter", "Tests", "Crew", "Tables", "Log", "Settings", "Explore")


def visit_every_screen(page: Page) -> None:
    for name in TABS:
        page.get_by_role("button", name=name, exact=True).first.click()
        expect(page.locator(f'[data-screen="{name.lower()}"]')).to_be_visible()


def proxies(page: Page) -> int:
    return int(page.evaluate("window.omenProxies"))


def test_taps_and_redraws_of_every_screen_make_no_proxy(page: Page, base: str) -> None:
    open_app(page, base, "?seed=7")
    visit_every_screen(page)
    page.get_by_role("button", name="Next turn").click()  # a log entry, a result
    visit_every_screen(page)
    built = proxies(page)
    assert built > 0  # the count is kept: a page that counted nothing would pass anything

    for _ in range(10):
        page.get_by_role("button", name="Next turn").click()
    expect(page.locator('[data-bind="turn"]')).to_have_text("11")
    visit_every_screen(page)
    page.get_by_role("button", name="Log", exact=True).click()
    expect(page.locator('[data-bind="log"] li').first).to_be_visible()
    assert proxies(page) == built

    page.evaluate("window.omenRedrawEverything(100)")
    page.get_by_role("button", name="Explore", exact=True).click()
    expect(page.locator('[data-bind="turn"]')).to_have_text("11")  # still drawn right
    expect(page.get_by_text(re.compile("Turn"))).not_to_have_count(0)
    assert proxies(page) == built


def test_the_ose_sequence_and_the_gurps_distance_redraw_without_new_proxies(
    page: Page, base: str
) -> None:
    """Both encounter procedures bind their events once, on their own panel, and their
    taps, typing and redraws make no proxy."""
    open_app(page, base, "?seed=7")
    visit_every_screen(page)
    page.get_by_role("button", name="Encounter", exact=True).click()
    ose = page.locator('[data-procedure="ose"]')
    gurps = page.locator('[data-procedure="gurps"]')
    # Each is a screen of the kit: one set of listeners on its panel, by delegation.
    expect(ose).to_have_attribute("data-kit-root", "ose")
    expect(gurps).to_have_attribute("data-kit-root", "gurps")
    page.get_by_role("radio", name="Old-School Essentials encounter").check()
    ose.get_by_role("button", name="Next: surprise").click()
    page.get_by_role("radio", name="GURPS encounter distance").check()
    gurps.get_by_role("button", name="Find the distance").click()
    built = proxies(page)

    page.get_by_role("radio", name="Old-School Essentials encounter").check()
    ose.get_by_role("button", name="Next: distance").click()
    ose.get_by_role("button", name="Next: reaction").click()
    for _ in range(5):
        ose.get_by_role("button", name=re.compile(r"^Next: round")).click()
    expect(ose.locator('[data-bind="ose-round"]')).to_have_text("5")
    unfold(ose.locator("[data-stage='surprise']"))  # finished steps fold
    ose.get_by_role("checkbox", name="It is dark here").click()
    ose.locator("[data-stage='morale'] > summary").click()
    morale = ose.locator("[data-stage='morale']")
    morale.get_by_role("spinbutton", name="Monsters in the group").fill("6")
    morale.get_by_role("spinbutton", name="Killed").fill("1")
    morale.get_by_role("spinbutton", name="Situation adjustment (−2 to +2)").fill("-1")
    expect(morale.locator(".ose-odds li").first).to_have_text("Morale 7 adjusted by −1 is 6.")
    morale.get_by_role("button", name="Roll morale").click()
    ose.get_by_role("button", name="New encounter").click()
    page.get_by_role("radio", name="GURPS encounter distance").check()
    side_a = gurps.locator('[data-side="a"]')
    side_a.get_by_role("spinbutton", name="Group size").fill("3")
    side_a.get_by_role("spinbutton", name="Group size").press("Tab")
    for _ in range(5):
        gurps.get_by_role("button", name="Find the distance").click()
    expect(gurps.locator('[data-bind="gurps-title"]')).not_to_have_text(
        "Fill in what you know and tap Find the distance; the defaults work."
    )
    assert proxies(page) == built

    page.evaluate("window.omenRedrawEverything(100)")
    expect(side_a.get_by_role("spinbutton", name="Group size")).to_have_value("3")
    page.get_by_role("radio", name="Old-School Essentials encounter").check()
    expect(ose.get_by_role("button", name="Next: surprise")).to_be_visible()  # still drawn
    assert proxies(page) == built


TURN_AND_FRAME = """() => new Promise((done) => {
  document.querySelector("[data-action='next-turn']").click();
  requestAnimationFrame(() => setTimeout(done, 0));
})"""


def heap_after_gc(page: Page) -> float:
    """The page's JavaScript heap in use after a full garbage collection, in MB."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("HeapProfiler.collectGarbage")
    cdp.send("Performance.enable")
    metrics = cdp.send("Performance.getMetrics")["metrics"]
    cdp.detach()
    return next(m["value"] for m in metrics if m["name"] == "JSHeapUsedSize") / 2**20


@pytest.mark.fresh_profile
def test_a_long_run_of_turns_keeps_the_pages_memory_level(page: Page, base: str) -> None:
    """What the page keeps of storage (static/lists.js: the texts of the keys it used
    lately) stays a few texts: 300 turns write the log's newest page 300 times, and
    once kept as Python hands it over (pieces joined), each would keep its pieces; that
    held 4.6 MB after 300 turns."""
    open_app(page, base, "?seed=1")
    turn = page.get_by_role("button", name="Next turn")
    for _ in range(20):
        turn.click()
    expect(page.locator('[data-bind="turn"]')).to_have_text("20")
    before = heap_after_gc(page)
    for _ in range(300):  # each turn saved in the task after its frame, as a tap's is
        page.evaluate(TURN_AND_FRAME)
    expect(page.locator('[data-bind="turn"]')).to_have_text("320")
    assert heap_after_gc(page) - before < 1.5

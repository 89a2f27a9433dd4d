"""Redraws make no proxies: events are bound once per screen, by delegation (issue 14).

Every JavaScript function the adapter makes for Python (a proxy) is counted in
``window.omenProxies`` (``omen_web.dom.proxy``). Once every screen is built, drawing them
again, by the game master's taps or a hundred times over, must not add one: a proxy kept
for the page's life per redraw is memory that a long session never gets back.
"""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from tests.e2e.conftest import open_app

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

"""GURPS travel: the hours on the road roll into days, night falls, and the encounter
distance takes the darkness of the hour the encounter happens without it being typed in
by hand."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from .conftest import open_app, reload_app
from .test_games_gurps_eotw import choose_game, travel, typed_travel


def test_night_falls_on_the_road_and_sets_the_darkness(page: Page, base: str) -> None:
    open_app(page, base, "?seed=5")
    choose_game(page, "gurps")
    panel = travel(page)
    when = panel.locator("[data-bind='travel-time']")
    expect(when).to_have_text("Day 1, 8:00: daylight (0)")
    panel.get_by_role("combobox", name="Location").select_option(label="Example: Main Street")
    # Eight turns of 4 hours: 32 hours on the road is day 2 at 16:00, still daylight.
    for _ in range(8):
        typed_travel(page, "4")
    expect(panel.locator("[data-bind='travel-hours']")).to_have_text("32 h")
    expect(when).to_have_text("Day 2, 16:00: daylight (0)")
    typed_travel(page, "5")
    expect(when).to_have_text("Day 2, 20:00: deep twilight (−3)")
    # The next turn's check brings an encounter as the turn sets out at 20:00: the
    # distance opens in that hour's deep twilight, not in the starlight of midnight,
    # when the turn's hours are over.
    typed_travel(page, "1 6")
    expect(when).to_have_text("Day 3, 0:00: starlight (−7)")
    expect(panel.locator("[data-bind='travel-met-at']")).to_have_text(
        "The encounter happens as the travel turn begins, on day 2 at 20:00 (deep twilight, −3)."
    )
    panel.get_by_role("button", name="Work out the distance (GURPS)").click()
    lighting = page.locator("[data-procedure='gurps']").get_by_role("combobox", name="Lighting")
    expect(lighting).to_have_value("-3")
    # Undo takes the turn back, and the clock with it; a reload keeps it.
    page.get_by_role("button", name="Log").click()
    page.get_by_role("button", name="Undo last action").click()
    page.get_by_role("navigation", name="Screens").get_by_role("button", name="Explore").click()
    expect(when).to_have_text("Day 2, 20:00: deep twilight (−3)")
    reload_app(page)
    expect(travel(page).locator("[data-bind='travel-time']")).to_have_text(
        "Day 2, 20:00: deep twilight (−3)"
    )

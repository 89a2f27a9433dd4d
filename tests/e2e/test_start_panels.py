"""A start builds the Explore panels on show only (App.build_unless_hidden): another
game's panel is built when the game master chooses it, and then looks and works as it
always did, chosen right at ready, before the idle moments build it."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from .conftest import open_app


def test_another_games_panel_chosen_at_once_is_drawn_and_rolls(page: Page, base: str) -> None:
    open_app(page, base, "?seed=5")  # a Liminal Horror campaign: its checks on show
    page.get_by_role("radio", name="GURPS travel").check()
    panel = page.get_by_role("region", name="GURPS wilderness travel")
    expect(panel).to_be_visible()
    expect(panel.locator("[data-bind='travel-odds'] li").first).to_have_text(
        "Encounter Die: an encounter on the next travel turn: 16.7%"
    )
    panel.get_by_role("button", name="Next travel turn").click()
    expect(panel.locator("[data-bind='travel-turn']")).to_have_text("1")
    expect(panel.locator("[data-bind='travel-title']")).not_to_be_empty()
    page.get_by_role("radio", name="Liminal Horror checks").check()
    expect(page.get_by_role("button", name="Next turn")).to_be_visible()
    expect(panel).to_be_hidden()

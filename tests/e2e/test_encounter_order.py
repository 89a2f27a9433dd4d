"""The Encounter screen lists its procedures in the campaign's game's order (issue 44,
item 9; each GameSpec declares it): the game's own procedure first and chosen, then the
reaction roll every game may use, then the other games'. A GURPS campaign opens on the
GURPS encounter distance, never on the Old-School Essentials sequence, and an OSE
campaign the other way round; a game switched in Settings reorders the list at once.
"""

from __future__ import annotations

from playwright.sync_api import Page, expect

from .conftest import open_app

NAMES = {
    "ose": "Old-School Essentials encounter",
    "gurps": "GURPS encounter distance",
    "reaction": "Reaction roll",
}


def choose_game(page: Page, game: str) -> None:
    page.get_by_role("button", name="Settings").click()
    page.get_by_role("combobox", name="Game").select_option(game)
    page.locator("[data-nav='encounter']").click()


def shows_first(page: Page, own: str, order: tuple[str, str, str]) -> None:
    screen = page.locator("[data-screen='encounter']")
    choices = screen.get_by_role("group", name="Procedure").get_by_role("radio")
    expect(choices).to_have_count(3)
    for index, key in enumerate(order):
        expect(choices.nth(index)).to_have_accessible_name(NAMES[key])
    expect(screen.get_by_role("radio", name=NAMES[own])).to_be_checked()
    for key in NAMES:
        panel = screen.locator(f"[data-procedure='{key}']")
        if key == own:
            expect(panel).to_be_visible()
        else:
            expect(panel).to_be_hidden()


def test_a_gurps_campaign_lists_gurps_first_and_an_ose_campaign_ose(page: Page, base: str) -> None:
    open_app(page, base)
    choose_game(page, "gurps")
    shows_first(page, "gurps", ("gurps", "reaction", "ose"))
    choose_game(page, "ose")
    shows_first(page, "ose", ("ose", "reaction", "gurps"))
    choose_game(page, "gurps")  # and back: the order follows the game, not the last visit
    shows_first(page, "gurps", ("gurps", "reaction", "ose"))

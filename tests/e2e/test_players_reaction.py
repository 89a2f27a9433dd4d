"""Liminal Horror's and The End of the World's reaction roll reaches the players' phones
as the encounter's fact (the reaction's words, never the odds or the table), and the game
master hides it as any encounter's facts."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from .conftest import PHONE, open_app
from .test_players import add, answer, invite

REACTION = re.compile(r"^Reaction \d+: (Hostile|Wary|Curious|Kind|Helpful)$")


@pytest.mark.parametrize("game", ["liminal_horror", "eotw"])
def test_the_encounters_reaction_reaches_a_player_and_is_hidden_again(
    page: Page, base: str, browser: Browser, game: str
) -> None:
    gm = open_app(page, base, "?seed=4")
    gm.get_by_role("button", name="Settings").click()
    gm.get_by_role("combobox", name="Game").select_option(game)
    link = invite(gm)
    phone = browser.new_context(viewport=PHONE, locale="en-US")
    try:
        player = phone.new_page()
        add(gm, answer(player, link, "Eva"))
        expect(player.get_by_role("status").first).to_contain_text("· live")
        gm.get_by_role("dialog", name="Players").get_by_role("button", name="Close").click()
        facts = player.get_by_role("region", name="The encounter")
        expect(facts).to_be_hidden()  # nothing rolled yet
        gm.get_by_role("button", name="Encounter", exact=True).click()
        panel = gm.locator('[data-screen="encounter"] > [data-procedure="reaction"]')
        panel.get_by_role("button", name="Roll reaction").click()
        headline = panel.locator('[data-bind="reaction-result-title"]')
        expect(headline).to_have_text(REACTION)
        said = headline.inner_text()
        expect(facts.get_by_role("listitem")).to_have_text([said])
        expect(facts).not_to_contain_text("%")
        expect(facts).not_to_contain_text("Cairn")
        expect(
            gm.get_by_text("Players see the encounter's facts (the distance, surprise, reaction).")
        ).to_be_visible()
        gm.get_by_role("button", name="Hide from players").click()
        expect(facts).to_be_hidden()
        gm.get_by_role("button", name="Show players").click()
        expect(facts.get_by_role("listitem")).to_have_text([said])
    finally:
        phone.close()

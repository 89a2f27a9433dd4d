"""Three phones at one table: the game master's and two players'. What the game master
does reaches both players: the clock of every game, a result shown and hidden again, the
encounter's facts hidden and shown again (and the choice survives a reload)."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, BrowserContext, Page, expect

from .conftest import PHONE, open_app
from .test_players import add, answer, invite
from .walk import unfold


def seat_two(gm: Page, browser: Browser) -> tuple[list[BrowserContext], list[Page]]:
    """Invite two players (each joins by a pasted answer) and close the sheet."""
    link = invite(gm)
    sheet = gm.get_by_role("dialog", name="Players")
    contexts: list[BrowserContext] = []
    players: list[Page] = []
    for name in ("Eva", "Jan"):
        if players:
            sheet.get_by_role("button", name="New code").click()
            box = sheet.get_by_role("textbox", name="Link for a player")
            expect(box).to_have_value(re.compile(r"/player\.html#join="))
            link = box.input_value()
        context = browser.new_context(viewport=PHONE, locale="en-US")
        contexts.append(context)
        player = context.new_page()
        players.append(player)
        add(gm, answer(player, link, name))
        expect(player.get_by_role("status").first).to_contain_text("· live")
    sheet.get_by_role("button", name="Close").click()
    return contexts, players


def clock(player: Page) -> object:
    return player.get_by_role("region", name="Clock").get_by_role("listitem")


def choose_game(gm: Page, game: str) -> None:
    gm.get_by_role("button", name="Settings").click()
    gm.get_by_role("combobox", name="Game").select_option(game)


def test_a_next_turn_and_a_shown_result_reach_both_players(
    page: Page, base: str, browser: Browser
) -> None:
    gm = open_app(page, base, "?seed=4")
    contexts, players = seat_two(gm, browser)
    try:
        gm.get_by_role("button", name="Explore").click()
        gm.get_by_role("button", name="Next turn").click()
        for player in players:
            expect(clock(player)).to_have_text(["Turn 1", "0 h 10 min"])
        # Time passes (three turns unless an encounter stops it): both follow the turn.
        checks = gm.locator("[data-panel='checks']")
        checks.get_by_role("button", name="Let the time pass").click()
        expect(checks.locator("[data-bind='result-title']")).to_contain_text("Time passes")
        turn = checks.locator("[data-bind='turn']").inner_text()
        assert turn != "1"
        for player in players:
            expect(clock(player).first).to_have_text(f"Turn {turn}")
        gm.get_by_role("button", name="Log").click()
        newest = gm.locator(".log-entry").first
        title = newest.locator(".title").inner_text()
        newest.get_by_role("button", name="Show players").click()
        for player in players:
            results = player.get_by_role("region", name="Results")
            expect(results.get_by_text(title, exact=True)).to_be_visible()
        newest.get_by_role("button", name="Hide from players").click()
        for player in players:
            results = player.get_by_role("region", name="Results")
            expect(results.get_by_role("listitem")).to_have_text(["Nothing yet."])
    finally:
        for context in contexts:
            context.close()


def test_an_ose_clock_and_its_encounter_facts_hidden_and_shown_again(
    page: Page, base: str, browser: Browser
) -> None:
    gm = open_app(page, base, "?seed=4")
    choose_game(gm, "ose")
    contexts, players = seat_two(gm, browser)
    try:
        for player in players:
            expect(clock(player)).to_have_text(["Dungeon turn 0", "0 h 0 min"])
        gm.get_by_role("button", name="Explore").click()
        gm.get_by_role("button", name="Next dungeon turn").click()
        for player in players:
            expect(clock(player)).to_have_text(["Dungeon turn 1", "0 h 10 min"])
        gm.get_by_role("button", name="Encounter", exact=True).click()
        distance = gm.locator("[data-stage='distance']")
        unfold(distance)
        distance.get_by_role("button", name="Roll distance").click()
        said = gm.get_by_text(
            "Players see the encounter's facts (the distance, surprise, reaction)."
        )
        expect(said).to_be_visible()
        for player in players:
            facts = player.get_by_role("region", name="The encounter")
            expect(facts.get_by_text(re.compile(r"^Distance: \d+ feet$"))).to_be_visible()
        gm.get_by_role("button", name="Hide from players").click()
        expect(gm.get_by_text("The encounter's facts are hidden from players.")).to_be_visible()
        for player in players:
            expect(player.get_by_role("region", name="The encounter")).to_be_hidden()
        gm.get_by_role("button", name="Show players").click()
        for player in players:
            facts = player.get_by_role("region", name="The encounter")
            expect(facts.get_by_text(re.compile(r"^Distance: "))).to_be_visible()
        # The choice is kept: hidden, then the page reloaded, it is still hidden.
        gm.get_by_role("button", name="Hide from players").click()
        expect(gm.get_by_text("The encounter's facts are hidden from players.")).to_be_visible()
        open_app(gm, base, "?seed=4")
        gm.get_by_role("button", name="Encounter", exact=True).click()
        expect(gm.get_by_text("The encounter's facts are hidden from players.")).to_be_visible()
        expect(gm.get_by_role("button", name="Show players")).to_be_visible()
    finally:
        for context in contexts:
            context.close()


def test_a_gurps_travel_turn_and_time_of_day_reach_both_players(
    page: Page, base: str, browser: Browser
) -> None:
    gm = open_app(page, base, "?seed=4")
    choose_game(gm, "gurps")
    contexts, players = seat_two(gm, browser)
    try:
        for player in players:
            expect(clock(player)).to_have_text(["Travel turn 0", "Day 1, 8:00: daylight (0)"])
        gm.get_by_role("button", name="Explore").click()
        gm.get_by_role("button", name="Next travel turn").click()
        for player in players:
            expect(clock(player)).to_have_text(["Travel turn 1", "Day 1, 12:00: daylight (0)"])
    finally:
        for context in contexts:
            context.close()

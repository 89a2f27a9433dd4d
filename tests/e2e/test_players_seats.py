"""The players' seats outlive the game master's page: a reload keeps every seated
player (listed as not connected) and their waiting requests; a player who rejoins with
a fresh code and their kept seat takes their place back, and "Roll" reaches them.
"Show players" is offered only while a player has a seat."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, Page, expect

from .conftest import PHONE, open_app, reload_app, saved
from .test_eotw import add_ana
from .test_players import add, answer, invite
from .test_players_public import choose_game
from .walk import unfold


def test_a_waiting_request_and_the_seat_survive_the_game_masters_reload(
    page: Page, base: str, browser: Browser
) -> None:
    gm = open_app(page, base, "?seed=4")
    gm.get_by_role("button", name="Settings").click()
    gm.get_by_role("combobox", name="Game").select_option("eotw")
    add_ana(gm)
    link = invite(gm)
    phone = browser.new_context(viewport=PHONE, locale="en-US")
    try:
        player = phone.new_page()
        add(gm, answer(player, link, "Eva"))
        expect(player.get_by_role("status").first).to_contain_text("· live")
        asking = player.get_by_role("region", name="Ask for a test")
        sheet = gm.get_by_role("dialog", name="Players")
        requests = sheet.get_by_role("list", name="Requests")
        for characteristic in ("dexterity", "logic"):
            asking.get_by_role("combobox", name="Characteristic").select_option(characteristic)
            asking.get_by_role("button", name="Ask the game master").click()
        asked = [
            re.compile(r"^Eva asks for a test of Dexterity"),
            re.compile(r"^Eva asks for a test of Logic"),
        ]
        expect(requests.get_by_role("listitem")).to_have_text(asked)
        # The game master's phone reloads (or the browser killed the tab): the channel
        # is gone, the seat and the request are not.
        reload_app(saved(gm))
        expect(player.get_by_role("status").first).to_contain_text("· not live")
        gm.get_by_role("button", name="Settings").click()
        seated = gm.locator("[data-bind='players-list']").get_by_role("listitem")
        expect(seated).to_have_text(["Eva: not connectedRemove"])
        link = invite(gm)
        rows = sheet.locator("[data-bind='players-sheet-list']").get_by_role("listitem")
        expect(rows).to_have_text(["Eva: not connectedRemove"])
        expect(requests.get_by_role("listitem")).to_have_text(asked)
        # Eva opens the fresh code on her phone: her name and seat are kept there.
        again = phone.new_page()
        again.goto(link)
        expect(again.get_by_role("textbox", name="Your name")).to_have_value("Eva")
        again.get_by_role("button", name="Join the table").click()
        text = again.get_by_role("textbox", name="Your answer for the game master")
        expect(text).to_have_value(re.compile(r"^omen-answer:"))
        add(gm, text.input_value())
        expect(sheet.get_by_role("status")).to_have_text("Eva is back at the table.")
        expect(rows).to_have_text(["Eva: connectedRemove"])
        expect(again.get_by_role("status").first).to_contain_text("· live")
        # Her requests from before the reload are still there; Decline and Roll reach her.
        expect(requests.get_by_role("listitem")).to_have_text(asked)
        requests.get_by_role("button", name="Decline for Eva").first.click()
        expect(sheet.get_by_role("status")).to_have_text(
            "Declined: Eva asks for a test of Dexterity"
        )
        asking = again.get_by_role("region", name="Ask for a test")
        expect(asking.get_by_role("status")).to_have_text("The game master declined: not now")
        requests.get_by_role("button", name="Roll for Eva").click()
        expect(requests).to_be_hidden()
        results = again.get_by_role("region", name="Results")
        expect(results.get_by_text(re.compile(r"^Eva asked: Ana: "))).to_be_visible()
        expect(results.get_by_text(re.compile("Eva asks for a test of Logic"))).to_be_visible()
    finally:
        phone.close()


def test_show_players_is_offered_only_while_a_player_has_a_seat(
    page: Page, base: str, browser: Browser
) -> None:
    """The Log's and the Encounter's "Show players" mean something only with a player
    seated (connected or not): none before anyone joins, and none once the last place
    ends; what was marked shown stays as it was."""
    gm = open_app(page, base, "?seed=4")
    choose_game(gm, "ose")
    gm.get_by_role("button", name="Explore").click()
    gm.get_by_role("button", name="Next dungeon turn").click()
    gm.get_by_role("button", name="Encounter", exact=True).click()
    distance = gm.locator("[data-stage='distance']")
    unfold(distance)
    distance.get_by_role("button", name="Roll distance").click()
    said = gm.get_by_text("Players see the encounter's facts (the distance, surprise, reaction).")
    show = gm.get_by_role("button", name="Show players")
    hide = gm.get_by_role("button", name="Hide from players")
    expect(distance.get_by_text(re.compile(r"Distance: \d+ feet"))).not_to_have_count(0)
    expect(said).to_be_hidden()
    expect(hide).to_have_count(0)
    gm.get_by_role("button", name="Log").click()
    expect(gm.locator(".log-entry").first).to_contain_text("Distance: ")
    expect(show).to_have_count(0)
    # Eva joins: now there is someone to show things to.
    link = invite(gm)
    phone = browser.new_context(viewport=PHONE, locale="en-US")
    try:
        player = phone.new_page()
        add(gm, answer(player, link, "Eva"))
        expect(player.get_by_role("status").first).to_contain_text("· live")
        sheet = gm.get_by_role("dialog", name="Players")
        sheet.get_by_role("button", name="Close").click()
        gm.get_by_role("button", name="Log").click()
        newest = gm.locator(".log-entry").first
        newest.get_by_role("button", name="Show players").click()
        expect(newest.get_by_role("button", name="Hide from players")).to_be_visible()
        gm.get_by_role("button", name="Encounter", exact=True).click()
        expect(said).to_be_visible()
        expect(hide).to_be_visible()
        # Her channel drops: her seat is kept, and so are the buttons.
        player.close()
        gm.get_by_role("button", name="Settings").click()
        seated = gm.locator("[data-bind='players-list']").get_by_role("listitem")
        expect(seated).to_have_text(["Eva: not connectedRemove"])
        gm.get_by_role("button", name="Log").click()
        expect(gm.get_by_role("button", name="Hide from players")).to_be_visible()
        # Her place ends: no one to show anything to, and nothing offered.
        gm.get_by_role("button", name="Settings").click()
        gm.get_by_role("button", name="Remove Eva").click()
        expect(seated).to_have_count(0)
        gm.get_by_role("button", name="Log").click()
        expect(gm.locator(".log-entry").first).to_be_visible()
        expect(show).to_have_count(0)
        expect(hide).to_have_count(0)
        gm.get_by_role("button", name="Encounter", exact=True).click()
        expect(said).to_be_hidden()
        # What was marked shown is kept: it is back with the next player.
        reload_app(saved(gm))
        link = invite(gm)
        again = phone.new_page()
        add(gm, answer(again, link, "Jan"))
        expect(again.get_by_role("status").first).to_contain_text("· live")
        gm.get_by_role("dialog", name="Players").get_by_role("button", name="Close").click()
        gm.get_by_role("button", name="Log").click()
        expect(
            gm.locator(".log-entry").first.get_by_role("button", name="Hide from players")
        ).to_be_visible()
    finally:
        phone.close()

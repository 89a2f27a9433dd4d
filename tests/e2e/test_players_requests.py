"""Players' requests: with the campaign's setting "Roll players' requests at once" off (the
default) a request waits for the game master's Roll; on, it is rolled as it arrives (one
log entry naming the player, the result on both phones), and one the rules rule out is
declined with the engine's sentence."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, Page, expect

from .conftest import PHONE, open_app
from .test_players import add, answer, invite

SETTING = "Roll players' requests at once"


def ask_stealth(player: Page, level: str) -> None:
    rolling = player.get_by_role("region", name="Ask for a success roll")
    rolling.get_by_role("textbox", name="Skill", exact=True).fill("Stealth")
    rolling.get_by_role("spinbutton", name="Skill level").fill(level)
    rolling.get_by_role("textbox", name="Modifiers, like −2 +1").fill("-2")
    rolling.get_by_role("button", name="Ask the game master").click()


def test_a_request_waits_for_roll_by_default_and_is_rolled_as_it_arrives_with_the_setting(
    page: Page, base: str, browser: Browser
) -> None:
    gm = open_app(page, base, "?seed=4")
    gm.get_by_role("button", name="Settings").click()
    gm.get_by_role("combobox", name="Game").select_option("gurps")
    at_once = gm.get_by_role("checkbox", name=SETTING)
    expect(at_once).not_to_be_checked()
    expect(
        gm.get_by_text(re.compile(r"^Off \(the default\): a test a player asks"))
    ).to_be_visible()
    link = invite(gm)
    phone = browser.new_context(viewport=PHONE, locale="en-US")
    try:
        player = phone.new_page()
        add(gm, answer(player, link, "Eva"))
        expect(player.get_by_role("status").first).to_contain_text("· live")
        results = player.get_by_role("region", name="Results")
        # Off: the request waits for the game master's Roll; nothing is rolled.
        ask_stealth(player, "12")
        sheet = gm.get_by_role("dialog", name="Players")
        requests = sheet.get_by_role("list", name="Requests")
        expect(requests.get_by_role("button", name="Roll for Eva")).to_be_visible()
        expect(results.get_by_role("listitem")).to_have_text(["Nothing yet."])
        requests.get_by_role("button", name="Decline for Eva").click()
        sheet.get_by_role("button", name="Close").click()
        # On: rolled as it arrives, on both phones, with no tap.
        at_once.check()
        ask_stealth(player, "13")
        expect(
            results.get_by_text(re.compile(r"^Eva asked: Stealth \(effective 11\): "))
        ).to_be_visible()
        expect(
            gm.get_by_role("alert").filter(has_text="Eva asked: Stealth (effective 11)")
        ).to_be_visible()
        expect(requests).to_be_hidden()
        # One the engine refuses is declined at once with its sentence.
        ask_stealth(player, "4")
        expect(
            player.get_by_role("region", name="Ask for a success roll").get_by_role("status")
        ).to_have_text(re.compile(r"^The game master declined: Effective skill 2 is below 3"))
        expect(requests).to_be_hidden()
        expect(sheet).to_be_hidden()  # nothing waits: the sheet stays closed
        gm.get_by_role("button", name="Log").click()
        expect(gm.locator(".log-entry").filter(has_text="Eva asked")).to_have_count(1)
        expect(gm.locator(".log-entry").first).to_contain_text("Eva asked: Stealth (effective 11)")
    finally:
        phone.close()

"""Lights and timers have a help sheet, one tap from every lights panel: what they are,
the campaign's game's units (each game tells the sheet in its own words, as its GameSpec
declares), time passing and the look-ahead, in English and in Czech."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from .conftest import open_app
from .test_games_gurps_eotw import choose_game


def test_the_lights_help_sheet_in_english_and_czech(page: Page, base: str) -> None:
    open_app(page, base)
    lights = page.locator("[data-bind='explore-lights-box']")
    opener = lights.get_by_role("button", name="Help: Lights and timers")
    opener.click()
    sheet = page.get_by_role("dialog", name="Lights and timers")
    expect(sheet).to_be_visible()
    rule = sheet.locator("[data-bind='help-rule'] li")
    expect(rule).to_have_count(5)  # Liminal Horror's units only, no other game's
    expect(rule.nth(1)).to_have_text(re.compile(r"^Liminal Horror counts exploration turns"))
    expect(rule.nth(2)).to_have_text(re.compile(r"^In every game a longer span takes off"))
    expect(rule.nth(4)).to_have_text(re.compile(r"the look-ahead names each light or timer"))
    expect(sheet).not_to_contain_text("GURPS")
    expect(sheet).not_to_contain_text("Old-School Essentials")
    expect(
        sheet.get_by_text("Nothing to set: this procedure runs as the rules say.")
    ).to_be_visible()
    sheet.get_by_role("button", name="Close").click()
    expect(opener).to_be_focused()

    choose_game(page, "ose")
    turn = page.locator("[data-panel='ose_turn']")
    turn.get_by_role("button", name="Help: Lights and timers").click()
    expect(page.get_by_role("dialog", name="Lights and timers")).to_be_visible()
    page.keyboard.press("Escape")

    page.get_by_role("button", name="Settings").click()
    page.get_by_role("combobox", name="Language").select_option("cs")
    page.get_by_role("button", name="Průzkum").click()
    turn.get_by_role("button", name="Nápověda: Světla a odpočty").click()
    sheet = page.get_by_role("dialog", name="Světla a odpočty")
    expect(sheet.locator("[data-bind='help-rule'] li").nth(1)).to_have_text(
        "Old-School Essentials počítá desetiminutové směny: pochodeň hoří 6 směn, "
        "lucerna 24; hodina má 6 směn a den cesty divočinou 144, takže za den každá "
        "pochodeň i lucerna dohoří."
    )
    expect(sheet.get_by_text(re.compile(r"^Vlastní postup Omenu"))).to_be_visible()
    page.keyboard.press("Escape")

    # A GURPS campaign's sheet counts hours on the road, in its words (its travel turn,
    # „směna cesty“, never OSE's ten-minute turns).
    page.get_by_role("button", name="Nastavení").click()
    page.get_by_role("combobox", name="Hra").select_option("gurps")
    page.get_by_role("button", name="Průzkum").click()
    travel = page.locator("[data-panel='gurps_travel']")
    travel.get_by_role("button", name="Nápověda: Světla a odpočty").click()
    rule = sheet.locator("[data-bind='help-rule'] li")
    expect(rule).to_have_count(5)
    expect(rule.nth(1)).to_have_text(re.compile(r"^GURPS počítá hodiny na cestě"))
    expect(sheet).not_to_contain_text("desetiminutov")
    expect(sheet).not_to_contain_text("Old-School Essentials")

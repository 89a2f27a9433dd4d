"""Lights and timers have a help sheet, one tap from every lights panel: what they are,
each game's units, time passing and the look-ahead, in English and in Czech."""

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
    expect(rule).to_have_count(8)
    expect(rule.nth(1)).to_have_text(re.compile(r"a torch burns 6 turns, a lantern 24"))
    expect(rule.nth(2)).to_have_text(re.compile(r"^Liminal Horror counts exploration turns"))
    expect(rule.nth(3)).to_have_text(re.compile(r"^GURPS counts hours on the road"))
    expect(rule.nth(4)).to_have_text(re.compile(r"^The End of the World counts scenes or days"))
    expect(rule.nth(4)).to_have_text(
        re.compile(r"a day that passes ends every light and timer counted in scenes\.$")
    )
    expect(rule.nth(5)).to_have_text(re.compile(r"^In every game a longer span takes off"))
    expect(rule.nth(7)).to_have_text(re.compile(r"the look-ahead names each light or timer"))
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

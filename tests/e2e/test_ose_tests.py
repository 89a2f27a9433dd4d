"""An OSE campaign's Tests screen opens on OSE's own checks (saving throws and ability
checks, from the OSE SRD) with exact odds; The End of the World's pool is one tap away,
and a GURPS campaign opens on GURPS's success rolls."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from .conftest import open_app, reload_app
from .test_games_gurps_eotw import choose_game, log_titles, nav


def test_ose_tests_are_saves_and_ability_checks_first(page: Page, base: str) -> None:
    open_app(page, base, "?seed=2")
    choose_game(page, "ose")
    nav(page, "Tests")
    expect(page.get_by_role("radio", name="OSE saving throw")).to_be_checked()
    expect(page.get_by_role("radio", name="The End of the World dice pool")).not_to_be_checked()
    expect(page.get_by_role("button", name="Roll", exact=True)).to_be_hidden()
    expect(page.get_by_role("radio", name="GURPS success roll")).to_be_hidden()
    odds = page.locator("[data-bind='ose-check-odds']")
    expect(odds).to_have_text("Success: 35.0% (7 in 20)")  # 14 or more on 1d20
    value = page.get_by_role("spinbutton", name="Saving throw value")
    modifier = page.get_by_role("spinbutton", name="Modifier to the roll")
    page.get_by_role("textbox", name="What is rolled").fill("Poison")
    value.fill("12")
    expect(odds).to_have_text("Success: 45.0% (9 in 20)")
    modifier.fill("2")
    expect(odds).to_have_text("Success: 55.0% (11 in 20)")
    page.locator("[data-bind='ose-tests']").get_by_text("Use physical dice").click()
    page.get_by_role("textbox", name="d20 face you rolled").fill("10")
    page.get_by_role("button", name="Roll 1d20").click()
    title = page.locator("[data-bind='ose-check-title']")
    expect(title).to_have_text("Poison: saved (10 against 12)")
    page.get_by_text("How the check went").click()
    expect(page.locator("[data-bind='ose-check-steps'] li")).to_have_text(
        ["1d20: 10", "10 with the modifier +2 is 12, at least 12: saved."]
    )

    # An ability check: low rolls succeed, 1 always, 20 never.
    page.get_by_role("radio", name="OSE ability check").check()
    score = page.get_by_role("spinbutton", name="Ability score")
    expect(score).to_have_value("10")
    score.fill("18")
    modifier.fill("-4")
    expect(odds).to_have_text("Success: 95.0% (19 in 20)")
    page.get_by_role("textbox", name="d20 face you rolled").fill("20")
    page.get_by_role("button", name="Roll 1d20").click()
    expect(title).to_have_text("Poison: the check fails (20 against 18)")
    score.fill("30")
    expect(odds).to_contain_text("No odds until the fields read")
    page.get_by_role("button", name="Roll 1d20").click()
    expect(page.locator("#notices")).to_contain_text("Ability score must be a whole number")
    score.fill("18")

    entries = log_titles(page)
    expect(entries.first).to_contain_text("Poison: the check fails (20 against 18)")
    nav(page, "Tests")

    # The pool stays one tap away; the choice and the values survive a reload.
    page.get_by_role("radio", name="The End of the World dice pool").check()
    expect(page.get_by_role("button", name="Roll", exact=True)).to_be_visible()
    expect(page.get_by_role("button", name="Roll 1d20")).to_be_hidden()
    page.get_by_role("radio", name="OSE ability check").check()
    reload_app(page)
    nav(page, "Tests")
    expect(page.get_by_role("radio", name="OSE ability check")).to_be_checked()
    expect(page.get_by_role("spinbutton", name="Ability score")).to_have_value("18")
    expect(page.get_by_role("button", name="Roll", exact=True)).to_be_hidden()

    # Another game's Tests: GURPS opens on GURPS, and no OSE check shows.
    choose_game(page, "gurps")
    nav(page, "Tests")
    expect(page.get_by_role("radio", name="GURPS success roll")).to_be_checked()
    expect(page.get_by_role("radio", name="OSE saving throw")).to_be_hidden()
    expect(page.get_by_role("button", name="Roll 1d20")).to_be_hidden()
    choose_game(page, "eotw")
    nav(page, "Tests")
    expect(page.get_by_role("button", name="Roll", exact=True)).to_be_visible()
    expect(page.get_by_role("radio", name="OSE saving throw")).to_be_hidden()

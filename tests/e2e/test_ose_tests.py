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
    expect(page.locator("main .refusal")).to_contain_text("Ability score must be a whole number")
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


def test_ose_tests_roll_a_reaction_and_a_morale_check(page: Page, base: str) -> None:
    open_app(page, base, "?seed=2")
    choose_game(page, "ose")
    nav(page, "Tests")
    odds = page.locator("[data-bind='ose-check-odds']")
    title = page.locator("[data-bind='ose-check-title']")
    tests = page.locator("[data-bind='ose-tests']")

    # A reaction: nobody talks until a Charisma is typed; the odds follow each keystroke.
    page.get_by_role("radio", name="OSE reaction roll (2d6)").check()
    charisma = page.get_by_role("spinbutton", name="Speaker's Charisma (empty: nobody talks)")
    expect(charisma).to_have_value("")
    expect(odds).to_contain_text("Attacks: 2.8%")
    expect(odds).to_contain_text("Uncertain, confused: 44.4%")
    charisma.fill("18")  # +2: a 2 or less cannot be rolled
    expect(odds).to_contain_text("Attacks: 0.0%")
    expect(odds).to_contain_text("Eager, friendly: 16.7%")
    page.get_by_role("textbox", name="What is rolled").fill("The miller")
    tests.get_by_text("Use physical dice").click()
    page.get_by_role("textbox", name="Faces you rolled, in order").fill("4 5")
    page.get_by_role("button", name="Roll reaction (2d6)").click()
    expect(title).to_have_text("The miller: Indifferent, may negotiate (11)")
    tests.get_by_text("How the check went").click()
    expect(page.locator("[data-bind='ose-check-steps'] li")).to_have_text(
        [
            "The speaker's Charisma 18 gives +2.",
            "2d6: 4 + 5 = 9",
            "9 with modifier +2 makes 11",
            "11 on the reaction table: Indifferent, may negotiate",
        ]
    )
    expect(page.get_by_role("textbox", name="Faces you rolled, in order")).to_have_value("")
    charisma.fill("30")
    expect(odds).to_contain_text("No odds until the fields read: A Charisma score runs from 3")

    # Morale: 2d6 against the score, the situation adjusting it.
    page.get_by_role("radio", name="OSE morale check (2d6)").check()
    score = page.get_by_role("spinbutton", name="Morale score (2–12)")
    expect(score).to_have_value("7")
    expect(odds).to_have_text(
        "They break: 41.7%. Morale 7: they break on 8 or more (15 of the 36 throws of 2d6)."
    )
    page.get_by_role("spinbutton", name="Situation adjustment (−2 to +2)").fill("-1")
    expect(odds).to_contain_text("They break: 58.3%.")
    page.get_by_role("textbox", name="What is rolled").fill("Goblins")
    page.get_by_role("textbox", name="Faces you rolled, in order").fill("3 4")
    page.get_by_role("button", name="Roll morale (2d6)").click()
    expect(title).to_have_text("Goblins: they break (7 against 6)")
    score.fill("12")
    expect(odds).to_have_text(
        "Scores of 2 and 12 are never adjusted. These monsters fight to the death: no check is rolled."
    )
    page.get_by_role("button", name="Roll morale (2d6)").click()
    expect(title).to_have_text("Goblins: no check, they fight to the end (morale 12)")
    expect(log_titles(page).first).to_contain_text("Goblins: no check")
    nav(page, "Tests")

    # The help sheet names all four checks; the choice survives a reload.
    page.get_by_role(
        "button", name="Help: Saving throws, ability checks, reaction and morale"
    ).click()
    sheet = page.get_by_role("dialog", name="Saving throws, ability checks, reaction and morale")
    expect(sheet.get_by_text("A morale check is 2d6 against the morale score")).to_be_visible()
    page.keyboard.press("Escape")
    reload_app(page)
    nav(page, "Tests")
    expect(page.get_by_role("radio", name="OSE morale check (2d6)")).to_be_checked()
    expect(page.get_by_role("spinbutton", name="Morale score (2–12)")).to_have_value("12")
    page.get_by_role("radio", name="OSE reaction roll (2d6)").check()
    expect(
        page.get_by_role("spinbutton", name="Speaker's Charisma (empty: nobody talks)")
    ).to_have_value("18")

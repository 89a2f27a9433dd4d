"""A GURPS campaign and an End of the World campaign, each on a fresh profile, as a game
master runs them: choose the game, take turns, meet a creature, resolve tests, read the log."""

from __future__ import annotations

import os
from pathlib import Path

from playwright.sync_api import Locator, Page, expect

from .conftest import open_app, reload_app

SHOTS = Path(os.environ.get("OMEN_SHOTS", "/tmp/omen-shots"))


def nav(page: Page, name: str) -> None:
    page.get_by_role("navigation", name="Screens").get_by_role("button", name=name).click()


def choose_game(page: Page, game: str) -> None:
    page.get_by_role("button", name="Settings").click()
    page.get_by_role("combobox", name="Game").select_option(game)
    nav(page, "Explore")


def log_titles(page: Page) -> Locator:
    page.get_by_role("button", name="Log").click()
    return page.locator(".log-entry")


def add_ana(page: Page) -> None:
    """On Crew: a new character, Ana, with five of her six characteristics picked."""
    page.get_by_role("textbox", name="Name", exact=True).fill("Ana")
    for characteristic, value in {
        "Dexterity": "4",
        "Vitality": "3",
        "Logic": "3",
        "Willpower": "2",
        "Charisma": "3",
    }.items():
        page.get_by_role("combobox", name=characteristic).select_option(value)
    page.get_by_role("button", name="Add character").click()


def travel(page: Page) -> Locator:
    return page.get_by_role("region", name="GURPS wilderness travel")


def typed_travel(page: Page, faces: str) -> None:
    panel = travel(page)
    details = panel.locator("details.physical")
    if details.get_attribute("open") is None:
        panel.get_by_text("Roll the travel check with your own dice").click()
    panel.get_by_role("textbox", name="Faces you rolled, in order").fill(faces)
    panel.get_by_role("button", name="Next travel turn").click()


def roller(page: Page, name: str) -> Locator:
    return page.get_by_role("group", name=name, exact=True)


def enter(field: Locator, value: str) -> None:
    field.fill(value)
    field.press("Tab")


def test_a_gurps_campaign_travels_meets_and_rolls(page: Page, base: str) -> None:
    open_app(page, base, "?seed=5")
    choose_game(page, "gurps")
    panel = travel(page)
    expect(panel).to_be_visible()
    expect(panel.locator("[data-bind='travel-odds'] li").first).to_have_text(
        "Encounter Die: an encounter on the next travel turn: 16.7%"
    )
    panel.get_by_role("combobox", name="Location").select_option(label="Example: Main Street")

    # Three travel turns: nothing, a sign, then an encounter on Main Street's table.
    typed_travel(page, "4")
    expect(panel.locator("[data-bind='travel-title']")).to_have_text(
        "Encounter Die 4: Nothing happens."
    )
    typed_travel(page, "2 1")  # a sign rolls on Main Street's sign table (its clues)
    expect(panel.locator("[data-bind='travel-title']")).to_have_text(
        "Encounter Die 2: a sign or a clue: "
        "A tide line of silt runs along the walls, a metre above any flood."
    )
    typed_travel(page, "1 6")
    expect(panel.locator("[data-bind='travel-turn']")).to_have_text("3")
    expect(panel.locator("[data-bind='travel-hours']")).to_have_text("12 h")
    expect(panel.locator("[data-bind='travel-met']")).to_have_text(
        "Met: Something wearing the grocer's face steps out of the shop window."
    )

    # The encounter opens the GURPS distance, the creature as side B.
    panel.get_by_role("button", name="Work out the distance (GURPS)").click()
    expect(page.get_by_role("radio", name="GURPS encounter distance")).to_be_checked()
    side_b = page.get_by_role("group", name="Side B", exact=True)
    expect(side_b.get_by_role("textbox", name="Name of the side")).to_have_value(
        "Something wearing the grocer's face steps out of the shop window."
    )
    gurps = page.locator("[data-procedure='gurps']")
    gurps.get_by_text("Use physical dice").click()
    gurps.get_by_role("textbox", name="Maximum encounter distance: dice total").fill("15")
    page.get_by_role("button", name="Find the distance").click()
    expect(page.locator("[data-bind='gurps-title']")).to_contain_text("The encounter starts at")

    # Tests is success rolls: skill and modifiers, the exact odds, then the margin.
    nav(page, "Tests")
    expect(page.get_by_role("radio", name="GURPS success roll")).to_be_checked()
    expect(page.get_by_role("button", name="Roll", exact=True)).to_be_hidden()
    roll = roller(page, "Success roll")
    enter(roll.get_by_role("textbox", name="What is rolled"), "Stealth")
    enter(roll.get_by_role("textbox", name="Skill"), "14")
    enter(roll.get_by_role("textbox", name="Modifiers"), "-2 +1")
    expect(page.locator("[data-bind='gurps-roll-level']")).to_have_text(
        "skill 14, modifiers −2 +1: effective skill 13"
    )
    odds = page.locator("[data-bind='gurps-roll-odds'] li")
    expect(odds).to_have_text(
        [
            "Success: 83.8% (181 in 216)",
            "Critical success: 1.9% (4 in 216)",
            "Critical failure: 1.9% (4 in 216)",
            "Succeeding by 5 or more: 25.9% (56 in 216)",
        ]
    )
    page.get_by_text("The margin of each roll").click()
    row = page.get_by_role("row").filter(has=page.get_by_role("rowheader", name="17", exact=True))
    expect(row.get_by_role("cell")).to_have_text(["−4", "critical failure", "1.4%"])
    # a bad modifier is named and tied to its field as it is typed; no odds are shown for
    # it, and the roll is refused
    enter(roll.get_by_role("textbox", name="Modifiers"), "-2 x")
    expect(roll.get_by_role("textbox", name="Modifiers")).to_have_attribute("aria-invalid", "true")
    expect(roll.get_by_role("textbox", name="Modifiers")).to_have_accessible_description(
        "Write modifiers as whole numbers with their signs, like −2 +1."
    )
    expect(odds).to_have_text(
        [
            "No odds until the fields read: Write modifiers as whole numbers with their signs,"
            " like −2 +1."
        ]
    )
    page.get_by_role("button", name="Roll 3d6").click()
    expect(page.locator("main .refusal")).to_contain_text("Write modifiers as whole numbers")
    enter(roll.get_by_role("textbox", name="Modifiers"), "-2 +1")
    expect(roll.get_by_role("textbox", name="Modifiers")).not_to_have_attribute(
        "aria-invalid", "true"
    )
    page.locator("[data-bind='gurps-roll']").get_by_text("Use physical dice").click()
    page.get_by_role("textbox", name="3d6 total you rolled").fill("9")
    page.get_by_role("button", name="Roll 3d6").click()
    expect(page.locator("[data-bind='gurps-test-title']")).to_have_text(
        "Stealth (effective 13): success by 4"
    )
    expect(page.locator("[data-bind='gurps-test-margins']")).to_have_text(
        "Rolled 9: success, margin +4"
    )

    # A Quick Contest with odds before and both margins after.
    page.get_by_role("radio", name="GURPS Quick Contest").check()
    a, b = roller(page, "Side A"), roller(page, "Side B")
    enter(a.get_by_role("textbox", name="Name of the side"), "Ana")
    enter(a.get_by_role("textbox", name="Skill"), "12")
    enter(b.get_by_role("textbox", name="Name of the side"), "Ogre")
    enter(b.get_by_role("textbox", name="Skill"), "11")
    enter(b.get_by_role("textbox", name="Modifiers"), "+1")
    contest_odds = page.locator("[data-bind='gurps-contest-odds'] li")
    expect(contest_odds.nth(0)).to_have_text("Ana at effective skill 12")
    expect(contest_odds.nth(1)).to_have_text("Ogre at effective skill 12")
    expect(contest_odds.nth(2)).to_contain_text("Ana wins: ")
    contest = page.locator("[data-bind='gurps-contest']")
    contest.get_by_text("Use physical dice").click()
    contest.get_by_role("textbox", name="3d6 total for Ana").fill("8")
    contest.get_by_role("textbox", name="3d6 total for Ogre").fill("12")
    page.get_by_role("button", name="Roll the Quick Contest").click()
    expect(page.locator("[data-bind='gurps-test-title']")).to_have_text(
        "Quick Contest: Ana wins by 4"
    )
    expect(page.locator("[data-bind='gurps-test-margins']")).to_have_text(
        "Ana rolled 8: success, margin +4 · Ogre rolled 12: success, margin 0"
    )

    # The End of the World's pool stays one tap away.
    page.get_by_role("radio", name="The End of the World dice pool").check()
    expect(page.get_by_role("button", name="Roll", exact=True)).to_be_visible()
    page.get_by_role("radio", name="GURPS Quick Contest").check()

    entries = log_titles(page)
    expect(entries.first).to_contain_text("Quick Contest: Ana wins by 4")
    expect(page.locator(".log-entry").filter(has_text="Stealth (effective 13)")).to_have_count(1)
    expect(page.locator(".log-entry").filter(has_text="Encounter Die 1")).to_have_count(1)

    SHOTS.mkdir(parents=True, exist_ok=True)
    nav(page, "Tests")
    page.screenshot(path=str(SHOTS / "gurps-contest-en-light.png"))

    # Everything typed survives a reload.
    reload_app(page)
    nav(page, "Tests")
    expect(page.get_by_role("radio", name="GURPS Quick Contest")).to_be_checked()
    expect(roller(page, "Side B").get_by_role("textbox", name="Modifiers")).to_have_value("+1")
    nav(page, "Explore")
    expect(travel(page).locator("[data-bind='travel-turn']")).to_have_text("3")


def test_gurps_odds_follow_each_keystroke(page: Page, base: str) -> None:
    """The success roll's odds change as the modifiers are typed, before the field is left,
    and the roll made is the one the odds were for."""
    open_app(page, base, "?seed=5")
    choose_game(page, "gurps")
    nav(page, "Tests")
    roll = roller(page, "Success roll")
    skill = roll.get_by_role("textbox", name="Skill")
    modifiers = roll.get_by_role("textbox", name="Modifiers")
    skill.fill("12")
    level = page.locator("[data-bind='gurps-roll-level']")
    odds = page.locator("[data-bind='gurps-roll-odds'] li").first
    expect(level).to_have_text("skill 12, no modifiers")
    modifiers.click()
    modifiers.press_sequentially("-4")  # typed key by key, the field still focused
    expect(level).to_have_text("skill 12, modifiers −4: effective skill 8")
    expect(odds).to_have_text("Success: 25.9% (56 in 216)")
    expect(modifiers).to_have_value("-4")  # the text typed is not rewritten under the thumb
    modifiers.press_sequentially(" +")  # half a modifier: no odds, and the field says why
    expect(odds).to_contain_text("No odds until the fields read")
    expect(modifiers).to_have_attribute("aria-invalid", "true")
    modifiers.press_sequentially("1")
    expect(level).to_have_text("skill 12, modifiers −4 +1: effective skill 9")
    expect(odds).to_have_text("Success: 37.5% (81 in 216)")
    expect(modifiers).not_to_have_attribute("aria-invalid", "true")
    expect(modifiers).to_be_focused()
    page.locator("[data-bind='gurps-roll']").get_by_text("Use physical dice").click()
    page.get_by_role("textbox", name="3d6 total you rolled").fill("9")
    page.get_by_role("button", name="Roll 3d6").click()
    expect(page.locator("[data-bind='gurps-test-title']")).to_have_text(
        "Success roll (effective 9): success by 0"
    )
    # the contest's odds follow keystrokes too
    page.get_by_role("radio", name="GURPS Quick Contest").check()
    side_b = roller(page, "Side B").get_by_role("textbox", name="Modifiers")
    side_b.click()
    side_b.press_sequentially("+2")
    contest_odds = page.locator("[data-bind='gurps-contest-odds'] li")
    expect(contest_odds.nth(1)).to_have_text("Side B at effective skill 12")


def test_gurps_below_effective_skill_3_only_a_defence_roll(page: Page, base: str) -> None:
    """Basic Set p. B344: at effective skill 2 the success roll is refused with the reason
    and the odds say there is no roll; marked as a defence roll it is rolled (a 4
    succeeds) and its steps say why it was allowed."""
    open_app(page, base, "?seed=5")
    choose_game(page, "gurps")
    nav(page, "Tests")
    roll = roller(page, "Success roll")
    roll.get_by_role("textbox", name="What is rolled").fill("Climbing")
    enter(roll.get_by_role("textbox", name="Skill"), "5")
    enter(roll.get_by_role("textbox", name="Modifiers"), "-3")
    level = page.locator("[data-bind='gurps-roll-level']")
    odds = page.locator("[data-bind='gurps-roll-odds'] li")
    expect(level).to_have_text("skill 5, modifiers −3: effective skill 2")
    expect(odds).to_have_text(
        [
            "No roll: effective skill 2 is below 3 (GURPS Basic Set, p. B344); "
            "only a defence roll may be made."
        ]
    )
    expect(page.locator("[data-bind='gurps-roll-margins'] tr")).to_have_count(0)
    page.locator("[data-bind='gurps-roll']").get_by_text("Use physical dice").click()
    page.get_by_role("textbox", name="3d6 total you rolled").fill("4")
    page.get_by_role("button", name="Roll 3d6").click()
    expect(page.get_by_role("alert")).to_contain_text(
        "Effective skill 2 is below 3: no success roll is allowed (GURPS Basic Set, p. B344), "
        "except a defence roll."
    )
    title = page.locator("[data-bind='gurps-test-title']")
    expect(title).to_have_text("")

    defence = roll.get_by_role("checkbox", name="A defence roll (dodge, parry or block)")
    defence.check()
    expect(odds.first).to_have_text("Success: 1.9% (4 in 216)")
    roll.get_by_role("textbox", name="What is rolled").fill("Dodge")
    page.get_by_role("button", name="Roll 3d6").click()
    expect(title).to_have_text("Dodge (effective 2): critical success on a 4")
    page.locator("[data-bind='gurps-test-details'] summary").click()
    expect(page.locator("[data-bind='gurps-test-steps'] li").nth(1)).to_have_text(
        "A defence roll: allowed below effective skill 3 (GURPS Basic Set, p. B344)."
    )
    # the Quick Contest has no such mark: it is rolled whatever the skills
    page.get_by_role("radio", name="GURPS Quick Contest").check()
    expect(roller(page, "Side A").get_by_role("checkbox")).to_have_count(0)


def test_a_check_table_for_travel(page: Page, base: str) -> None:
    open_app(page, base, "?seed=3")
    choose_game(page, "gurps")
    panel = travel(page)
    panel.get_by_role("radio", name="Check table").check()
    chooser = panel.get_by_role("combobox", name="Table to roll on")
    expect(chooser).to_be_visible()
    chooser.select_option(label="Example: Main Street encounters")
    expect(panel.locator("[data-bind='travel-odds'] li").first).to_have_text(
        "Check table: an encounter on the next travel turn: 33.3%"
    )
    # Every other row is something the party comes across on the way: a sign or clue.
    expect(panel.locator("[data-bind='travel-odds'] li").nth(1)).to_have_text(
        "A sign or a clue on the next travel turn: 66.7%"
    )
    typed_travel(page, "4")
    expect(panel.locator("[data-bind='travel-title']")).to_have_text(
        "Example: Main Street encounters: an encounter: Sheriff Dunmore wants to know why you are asking questions."
    )
    typed_travel(page, "3")
    expect(panel.locator("[data-bind='travel-title']")).to_contain_text(
        "Example: Main Street encounters: A delivery van idles"
    )
    expect(panel.get_by_role("button", name="Work out the distance (GURPS)")).to_be_hidden()


def test_another_game_keeps_the_pool_and_no_gurps_panels(page: Page, base: str) -> None:
    open_app(page, base)
    expect(travel(page)).to_be_hidden()
    nav(page, "Tests")
    expect(page.get_by_role("radio", name="GURPS success roll")).to_be_hidden()
    expect(page.get_by_role("button", name="Roll", exact=True)).to_be_visible()


def test_an_end_of_the_world_campaign(page: Page, base: str) -> None:
    open_app(page, base, "?seed=7")
    choose_game(page, "eotw")
    scene = page.get_by_role("region", name="This scene")
    expect(scene).to_be_visible()
    survival = scene.get_by_role("radio", name="Survival encounter")
    expect(survival).to_have_accessible_description(
        "Time presses and lives are at risk: fights, fire, storms and other threats."
    )
    survival.check()
    # A character, for the test and for downtime.
    nav(page, "Crew")
    add_ana(page)
    expect(page.get_by_role("radio", name="Survival encounter")).to_be_checked()

    # Three turns of Explore's checks, in this game's words (an exploration turn).
    nav(page, "Explore")
    page.get_by_role("radio", name="Liminal Horror checks").check()
    expect(page.locator("[data-bind='result-title']")).to_have_text(
        "Tap Play a turn when the party takes a significant action."
    )
    for _ in range(3):
        page.get_by_role("button", name="Play a turn").click()
    expect(page.locator("[data-bind='turn']")).to_have_text("3")

    # A test for Ana that leaves stress, given to her.
    nav(page, "Tests")
    page.get_by_role("combobox", name="Who is tested").select_option(label="Ana")
    page.get_by_role("button", name="One die more: Danger or difficulty").click()
    page.get_by_role("button", name="One die more: Danger or difficulty").click()
    page.locator(".eotw-tests > .physical").get_by_text("Use physical dice").click()
    page.get_by_role("textbox", name="Positive faces").fill("2")
    page.get_by_role("textbox", name="Negative faces").fill("5 6")
    page.get_by_role("button", name="Roll", exact=True).click()
    expect(page.locator("[data-bind='test-title']")).to_have_text(
        "Ana: Success: 1 success, 2 stress"
    )
    page.get_by_role("button", name="Give 2 stress (Physical) to Ana").click()

    # Downtime: the stress is offered for conversion, and done in one tap.
    nav(page, "Explore")
    page.get_by_role("radio", name="The End of the World scene").check()
    scene.get_by_role("radio", name="Downtime scene").check()
    offer = scene.get_by_role(
        "button", name="Ana: work through 2 stress (Physical) into a trauma of severity 1"
    )
    expect(offer).to_be_visible()
    offer.click()
    expect(offer).to_be_hidden()
    treat = scene.get_by_role(
        "button", name="Ana: treat unnamed trauma (Physical) (one day), then a Vitality test"
    )
    expect(treat).to_be_visible()
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "eotw-downtime-en-light.png"))
    treat.click()
    expect(page.locator("[data-bind='purpose-text']")).to_be_visible()

    entries = log_titles(page)
    expect(entries.filter(has_text="Ana works through 2 stress (Physical)")).to_have_count(1)
    expect(entries.filter(has_text="The scene is now: Downtime scene")).to_have_count(1)
    expect(entries.filter(has_text="Ana: Success: 1 success, 2 stress")).to_have_count(1)


def test_gurps_screens_in_czech_and_dark(page: Page, base: str) -> None:
    open_app(page, base, "?seed=5")
    page.get_by_role("button", name="Settings").click()
    page.get_by_role("combobox", name="Game").select_option("gurps")
    page.get_by_role("combobox", name="Theme").select_option("dark")
    page.get_by_role("combobox", name="Language").select_option("cs")
    page.locator("[data-nav='tests']").click()
    expect(page.get_by_role("radio", name="Hod na úspěch (GURPS)")).to_be_checked()
    expect(page.locator("[data-bind='gurps-roll-odds'] li").first).to_have_text(
        "Úspěch: 50,0\u00a0% (108 z 216)"
    )
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "gurps-roll-cs-dark.png"))
    page.locator("[data-nav='explore']").click()
    expect(page.get_by_role("region", name="Cesta divočinou (GURPS)")).to_be_visible()
    page.screenshot(path=str(SHOTS / "gurps-travel-cs-dark.png"))

"""The Old-School Essentials turn on Explore, as a referee at the table uses it: three
dungeon turns, wandering monsters from the location's table, the encounter sequence with
morale, the log; a torch that burns down, warns one turn ahead and survives a reload.

Dice are typed in as physical dice where the result matters, so every face is known:

- turn 1 is not checked (the check comes every 2 turns);
- turn 2 is checked at 1 in 6: a 5, nobody comes;
- turn 3 is noisy, so it is checked at 2 in 6: a 2 brings wandering monsters, and the
  4 that follows rolls "Sheriff Dunmore..." on Main Street's d6 table;
- morale 8 against the first death: 6 + 5 = 11 is above 8, so the monsters break
  (10 of the 36 throws of 2d6 break a score of 8: 27.8%).
"""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page, expect

from .conftest import open_app, reload_app
from .walk import unfold

SHOTS = Path(__file__).resolve().parent.parent.parent / ".cache" / "shots"
SHERIFF = "Sheriff Dunmore wants to know why you are asking questions."


def choose_ose(page: Page, language: str = "en", theme: str = "") -> None:
    page.get_by_role("button", name="Settings").click()
    page.get_by_role("combobox", name="Game").select_option("ose")
    if theme:
        page.get_by_role("combobox", name="Theme").select_option(theme)
    if language != "en":
        page.get_by_role("combobox", name="Language").select_option(language)
        expect(page.locator("html")).to_have_attribute("lang", language)
    page.locator("[data-nav='explore']").click()


def panel(page: Page):  # type: ignore[no-untyped-def]
    return page.locator("[data-panel='ose_turn']")


def next_turn(page: Page, faces: str = "") -> None:
    turn = panel(page)
    if faces:
        physical = turn.locator("details.physical")
        if physical.get_attribute("open") is None:
            physical.locator("summary").click()
        turn.get_by_role("textbox", name="Faces you rolled, in order").fill(faces)
    turn.get_by_role("button", name="Next dungeon turn").click()


def test_three_turns_wandering_monsters_the_sequence_with_morale_and_the_log(
    page: Page, base: str
) -> None:
    open_app(page, base)
    choose_ose(page)
    turn = panel(page)
    expect(turn.get_by_role("heading", name="Old-School Essentials turn")).to_be_visible()
    title = turn.locator("[data-bind='oseturn-title']")
    expect(title).to_have_text("Tap Next dungeon turn at the end of each ten-minute turn.")
    odds = turn.locator("[data-bind='oseturn-odds'] li")
    expect(odds.nth(0)).to_have_text("Turn 1 is not checked: a check comes every 2 turns.")

    next_turn(page)
    expect(title).to_have_text("Turn 1: no check this turn.")
    expect(odds.nth(0)).to_have_text("Wandering monsters on a 1 on a d6 (1 in 6).")
    expect(odds.nth(1)).to_have_text("Wandering monsters this turn: 16.7%")
    next_turn(page, "5")
    expect(title).to_have_text("Turn 2: wandering monsters? 5 on the d6: nobody comes.")

    turn.get_by_role("combobox", name="Location").select_option(label="Example: Main Street")
    turn.get_by_role("checkbox", name="The party makes noise").check()
    expect(odds.nth(0)).to_have_text("Noise: this turn is checked, and the chance rises by +1.")
    expect(odds.nth(2)).to_have_text("Wandering monsters this turn: 33.3%")
    next_turn(page, "2 4")
    expect(title).to_have_text("Turn 3: wandering monsters! (2 on the d6)")
    expect(turn.locator("[data-bind='oseturn-met']")).to_have_text(f"Met: {SHERIFF}")
    expect(turn.get_by_role("checkbox", name="The party makes noise")).not_to_be_checked()

    # The encounter opens the OSE sequence in the dungeon, with the creature's name.
    turn.get_by_role("button", name="Run the encounter").click()
    sequence = page.locator("[data-procedure='ose']")
    expect(sequence).to_be_visible()
    expect(sequence.get_by_role("textbox", name="Creature")).to_have_value(SHERIFF)
    expect(sequence.get_by_role("radio", name="Dungeon")).to_be_checked()
    distance = sequence.locator("[data-stage='distance']")
    unfold(distance)
    expect(distance.locator(".ose-odds li").nth(0)).to_have_text("Dice in a dungeon: 2d6×10")
    expect(distance.locator(".ose-odds li").nth(1)).to_have_text(
        "From 20 feet to 120 feet, 70 feet on average."
    )

    # Morale: when to check, the exact odds, then the roll.
    morale = sequence.locator("[data-stage='morale']")
    unfold(morale)
    due = morale.locator("[data-bind='ose-morale-due']")
    expect(due).to_have_text(
        "No check is due yet: roll when the first of them is killed or half are down."
    )
    morale.get_by_role("spinbutton", name="Morale score (2–12)").fill("8")
    morale.get_by_role("spinbutton", name="Monsters in the group").fill("4")
    morale.get_by_role("spinbutton", name="Killed").fill("1")
    expect(due).to_have_text("Check: the first of them is killed.")
    morale_odds = morale.locator(".ose-odds li")
    expect(morale_odds).to_have_text(
        [
            "Morale 8: they break on 9 or more (10 of the 36 throws of 2d6).",
            "They break: 27.8%",
            "They fight on: 72.2%",
        ]
    )
    morale.locator("details.physical summary").click()
    morale.get_by_role("textbox", name="Faces you rolled, in order").fill("6 5")
    morale.get_by_role("button", name="Roll morale").click()
    result = sequence.locator("[data-bind='ose-result-title']")
    expect(result).to_have_text("Morale 11: The monsters break: they flee or give up.")
    expect(morale.locator(".ose-stage-steps li")).to_have_text(
        [
            "Check: the first of them is killed.",
            "Morale 8: they break on 9 or more (10 of the 36 throws of 2d6).",
            "2d6: 6 + 5 = 11",
            "11 is above 8: the monsters break, fleeing or giving up.",
        ]
    )

    page.locator("[data-nav='log']").click()
    titles = page.locator(".log-entry .title")
    expect(titles.nth(0)).to_have_text("Morale 11: The monsters break: they flee or give up.")
    expect(titles.nth(1)).to_have_text("Turn 3: wandering monsters! (2 on the d6)")
    expect(titles.nth(2)).to_have_text("Turn 2: wandering monsters? 5 on the d6: nobody comes.")
    expect(titles.nth(3)).to_have_text("Turn 1: no check this turn.")

    # Undo goes through the store: the morale roll is taken back.
    page.get_by_role("button", name="Undo last action").click()
    page.locator("[data-nav='encounter']").click()
    expect(due).to_have_text("Check: the first of them is killed.")


def test_a_torch_warns_one_turn_before_it_goes_out_and_survives_a_reload(
    page: Page, base: str
) -> None:
    open_app(page, base)
    choose_ose(page)
    turn = panel(page)
    lights = turn.locator("[data-bind='oseturn-lights'] li")
    warnings = turn.locator("[data-bind='oseturn-warnings'] li")
    expect(lights).to_have_text(["Nothing is burning and no timer runs."])
    turn.get_by_role("button", name="Light a torch").click()
    expect(lights).to_have_text(["Torch 1: 6 turns leftPut out"])
    turn.get_by_role("textbox", name="Timer").fill("Bless")
    turn.get_by_role("spinbutton", name="Turns").fill("2")
    turn.get_by_role("button", name="Add timer").click()
    expect(lights.nth(1)).to_have_text("Bless: 2 turns leftEnd")
    for faces in ("", "6", "", "6"):
        next_turn(page, faces)
    expect(lights).to_have_text(["Torch 1: 2 turns leftPut out"])  # Bless has run out
    expect(warnings).to_have_count(0)
    next_turn(page)  # turn 5: one turn of light is left
    expect(lights).to_have_text(["Torch 1: 1 turn leftPut out"])
    expect(warnings.nth(0)).to_have_text("Torch 1 goes out at the end of the next turn.")
    steps = turn.locator("[data-bind='oseturn-steps'] li")
    expect(steps.last).to_have_text(
        "Torch 1 has one turn left: it goes out at the end of the next turn."
    )

    reload_app(page)
    turn = panel(page)
    lights = turn.locator("[data-bind='oseturn-lights'] li")
    warnings = turn.locator("[data-bind='oseturn-warnings'] li")
    expect(lights).to_have_text(["Torch 1: 1 turn leftPut out"])
    expect(warnings.nth(0)).to_have_text("Torch 1 goes out at the end of the next turn.")
    expect(turn.locator("[data-bind='oseturn-turn']")).to_have_text("5")

    next_turn(page, "6")
    expect(lights).to_have_text(["Nothing is burning and no timer runs."])
    expect(turn.locator("[data-bind='oseturn-steps'] li").last).to_have_text("Torch 1 goes out.")


def test_screenshots_in_czech_and_english_light_and_dark(page: Page, base: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    open_app(page, base)
    choose_ose(page, "cs", "dark")
    turn = panel(page)
    turn.get_by_role("button", name="Zapálit pochodeň").click()
    turn.get_by_role("button", name="Další směna").click()
    expect(turn.locator("[data-bind='oseturn-title']")).to_have_text(
        "Směna 1: tentokrát se nehází."
    )
    expect(turn.locator("[data-bind='oseturn-lights'] li")).to_have_text(
        ["Pochodeň 1: zbývá 5 směnZhasnout"]
    )
    page.screenshot(path=str(SHOTS / "oseturn-cs-dark.png"))
    page.get_by_role("button", name="Nastavení").click()
    page.get_by_role("combobox", name="Vzhled").select_option("light")
    page.locator("[data-nav='explore']").click()
    page.screenshot(path=str(SHOTS / "oseturn-cs-light.png"))
    page.get_by_role("button", name="Nastavení").click()
    page.get_by_role("combobox", name="Jazyk").select_option("en")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    page.locator("[data-nav='explore']").click()
    expect(panel(page).locator("[data-bind='oseturn-title']")).to_have_text(
        "Turn 1: no check this turn."
    )
    page.screenshot(path=str(SHOTS / "oseturn-en-light.png"))
    page.get_by_role("button", name="Settings").click()
    page.get_by_role("combobox", name="Theme").select_option("dark")
    page.locator("[data-nav='explore']").click()
    page.screenshot(path=str(SHOTS / "oseturn-en-dark.png"))


def test_the_wilderness_empty_state_names_next_day_in_both_languages(page: Page, base: str) -> None:
    open_app(page, base)
    choose_ose(page, "cs")
    turn = panel(page)
    title = turn.locator("[data-bind='oseturn-title']")
    expect(title).to_have_text("Na konci každé desetiminutové směny klepněte na „Další směna“.")
    turn.get_by_role("radio", name="Divočina").check()
    expect(turn.get_by_role("button", name="Další den")).to_be_visible()
    expect(title).to_have_text("Každý den cesty odehrajte klepnutím na „Další den“.")
    page.get_by_role("button", name="Nastavení").click()
    page.get_by_role("combobox", name="Jazyk").select_option("en")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    page.locator("[data-nav='explore']").click()
    expect(turn.get_by_role("button", name="Next day")).to_be_visible()
    expect(title).to_have_text("Tap Next day to play each day of travel.")
    turn.get_by_role("radio", name="Dungeon").check()
    expect(title).to_have_text("Tap Next dungeon turn at the end of each ten-minute turn.")

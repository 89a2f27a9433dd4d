"""A day of wilderness travel in Old-School Essentials, as a referee at the table rolls it:
the plan (terrain, slowest speed, route, what the party does), the odds before the roll,
the day step by step after it, Undo, and a reload.

Dice are typed as physical dice, so every face is known:

- forest, 90', foraging across country: lost on 1-2 in 6 (33.3%), food on 1 in 6;
- the day rolls 2 (lost), 1 (food found), 3 (food for 3 people), then the day's check 4
  (forest brings monsters on 1-2): nobody comes.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from .conftest import open_app, reload_app
from .test_carry import start_with
from .test_games_gurps_eotw import choose_game, travel, typed_travel
from .test_violent import main_street_turn


def choose_ose_travel(page: Page, language: str = "en") -> None:
    page.get_by_role("button", name="Settings").click()
    page.get_by_role("combobox", name="Game").select_option("ose")
    if language != "en":
        page.get_by_role("combobox", name="Language").select_option(language)
        expect(page.locator("html")).to_have_attribute("lang", language)
    page.locator("[data-nav='explore']").click()
    label = (
        "Den cesty (Old-School Essentials)"
        if language == "cs"
        else "Old-School Essentials travel day"
    )
    page.get_by_role("radio", name=label).check()


def panel(page: Page):  # type: ignore[no-untyped-def]
    return page.locator("[data-panel='ose_travel']")


def type_faces(page: Page, faces: str, name: str = "Faces you rolled, in order") -> None:
    travel = panel(page)
    physical = travel.locator("details.physical")
    if physical.get_attribute("open") is None:
        physical.locator("summary").click()
    travel.get_by_role("textbox", name=name).fill(faces)


def test_a_day_in_the_forest_lost_and_foraging_then_undo_and_reload(page: Page, base: str) -> None:
    open_app(page, base)
    choose_ose_travel(page)
    travel = panel(page)
    expect(travel.get_by_role("heading", name="Old-School Essentials travel day")).to_be_visible()
    title = travel.locator("[data-bind='osetravel-title']")
    expect(title).to_have_text("Set the day's plan, then tap Roll the day.")

    travel.get_by_role("combobox", name="Terrain").select_option(label="Forest")
    travel.get_by_role("spinbutton", name="Slowest movement rate (feet)").fill("90")
    travel.get_by_role("combobox", name="Today").select_option(label="Travel and forage")
    odds = travel.locator("[data-bind='osetravel-odds'] li")
    expect(odds).to_have_text(
        [
            "Forest: 12 miles in a day.",
            "Getting lost: 2 in 6.",
            "Finding food: 1 in 6.",
            "Wandering monsters: 2 in 6.",
            "Lost today: 33.3%",
            "Food today: 16.7%",
            "Wandering monsters today: 33.3%",
        ]
    )

    type_faces(page, "2 1 3 4")
    travel.get_by_role("button", name="Roll the day").click()
    expect(title).to_have_text(
        "Day 1: 12 miles through Forest; lost; food for 3 found; no wandering monsters."
    )
    travel.locator("[data-bind='osetravel-details'] summary").click()
    expect(travel.locator("[data-bind='osetravel-steps'] li")).to_have_text(
        [
            "Slowest speed 90': 18 miles a day on open land.",
            "Forest slows the party to 2/3 of that.",
            "The party covers 12 miles.",
            "Getting lost (2 in 6): the d6 shows 2: the party is lost!",
            "The day's miles go in a direction the referee chooses, not the one the party "
            "meant; the players are not told.",
            "Foraging (1 in 6): the d6 shows 1: food found.",
            "1d6 shows 3: enough food for 3 people for a day.",
            "Forest: wandering monsters on 2 in 6.",
            "The d6 shows 4: nobody comes.",
        ]
    )
    expect(travel.locator("[data-bind='osetravel-miles']")).to_have_text("12")
    expect(travel.locator("[data-bind='osetravel-food']")).to_have_text("3")
    expect(travel.locator("[data-bind='osetravel-day']")).to_have_text("1")
    expect(travel.locator("[data-bind='osetravel-warnings'] li")).to_have_text(
        ["The party is lost: its course is not the one it meant."]
    )

    # A second day on a road: no lost die, and the road's rate in place of the forest's:
    # 27 miles (18 and half again); one Undo takes it back.
    travel.get_by_role("combobox", name="Route").select_option(label="On a maintained road")
    travel.get_by_role("combobox", name="Today").select_option(label="Travel")
    expect(odds.nth(1)).to_have_text("The party cannot get lost today.")
    type_faces(page, "6")
    travel.get_by_role("button", name="Roll the day").click()
    expect(title).to_have_text("Day 2: 27 miles through Forest; no wandering monsters.")
    expect(travel.locator("[data-bind='osetravel-miles']")).to_have_text("39")
    page.locator("[data-nav='log']").click()
    titles = page.locator(".log-entry .title")
    expect(titles.nth(0)).to_have_text("Day 2: 27 miles through Forest; no wandering monsters.")
    expect(titles.nth(1)).to_have_text(
        "Day 1: 12 miles through Forest; lost; food for 3 found; no wandering monsters."
    )
    page.get_by_role("button", name="Undo last action").click()
    expect(page.locator(".log-entry").nth(0)).to_contain_text("(undone)")
    page.locator("[data-nav='explore']").click()
    expect(title).to_have_text(
        "Day 1: 12 miles through Forest; lost; food for 3 found; no wandering monsters."
    )
    expect(travel.locator("[data-bind='osetravel-miles']")).to_have_text("12")
    expect(travel.locator("[data-bind='osetravel-day']")).to_have_text("1")

    reload_app(page)
    page.locator("[data-nav='explore']").click()
    page.get_by_role("radio", name="Old-School Essentials travel day").check()
    travel = panel(page)
    expect(travel.locator("[data-bind='osetravel-title']")).to_have_text(
        "Day 1: 12 miles through Forest; lost; food for 3 found; no wandering monsters."
    )
    expect(travel.locator("[data-bind='osetravel-food']")).to_have_text("3")
    expect(travel.get_by_role("combobox", name="Terrain")).to_have_value("forest")
    expect(travel.get_by_role("spinbutton", name="Slowest movement rate (feet)")).to_have_value(
        "90"
    )


def test_a_day_of_hunting_in_czech_with_k6(page: Page, base: str) -> None:
    open_app(page, base)
    choose_ose_travel(page, "cs")
    travel = panel(page)
    travel.get_by_role("combobox", name="Dnes").select_option(label="Celý den lovit (bez cesty)")
    odds = travel.locator("[data-bind='osetravel-odds'] li")
    expect(odds.nth(1)).to_have_text("Zvěř: 1 ze 6, navíc k hodu na potulné nestvůry.")
    type_faces(page, "2 5", "Čísla, která padla, popořadě")
    travel.get_by_role("button", name="Hodit na den").click()
    title = travel.locator("[data-bind='osetravel-title']")
    expect(title).to_contain_text("bez cesty")
    travel.locator("[data-bind='osetravel-details'] summary").click()
    expect(travel.locator("[data-bind='osetravel-steps'] li").nth(1)).to_have_text(
        "Lov (1 ze 6): na k6 padla 2: dnes žádná zvěř."
    )
    expect(travel.get_by_role("button", name="Zapsat jídlo")).to_be_hidden()


def test_a_hunting_day_meets_game_animals_and_opens_the_encounter(page: Page, base: str) -> None:
    """Issue 43, item 1 (OSE SRD, Wilderness Adventuring: hunting): the hunt's d6 shows 1,
    game animals; the day's check shows 6, nobody else. The encounter opens with the game
    animals; the food they bring is recorded after it, not rolled."""
    open_app(page, base)
    choose_ose_travel(page)
    travel = panel(page)
    travel.get_by_role("combobox", name="Today").select_option(label="Hunt all day (no travel)")
    expect(travel.locator("[data-bind='osetravel-odds'] li")).to_have_text(
        [
            "Clear: no travel today.",
            "Game animals: 1 in 6, on top of the wandering-monster check.",
            "Wandering monsters: 1 in 6.",
            "Game animals today: 16.7%",
            "Wandering monsters today: 16.7%",
        ]
    )
    type_faces(page, "1 6")
    travel.get_by_role("button", name="Roll the day").click()
    title = travel.locator("[data-bind='osetravel-title']")
    expect(title).to_have_text("Day 1: no travel; game animals; no wandering monsters.")
    travel.locator("[data-bind='osetravel-details'] summary").click()
    expect(travel.locator("[data-bind='osetravel-steps'] li")).to_have_text(
        [
            "The party hunts all day and does not travel.",
            "Hunting (1 in 6): the d6 shows 1: game animals!",
            "Animals that may be good to eat, if the party can catch them: run the encounter, "
            "then record the food it brings.",
            "Clear: wandering monsters on 1 in 6.",
            "The d6 shows 6: nobody comes.",
        ]
    )
    expect(travel.locator("[data-bind='osetravel-met']")).to_have_text("Met: Game animals")
    expect(travel.locator("[data-bind='osetravel-food']")).to_have_text("0")

    travel.get_by_role("button", name="Run the encounter").click()
    encounter = page.locator("[data-screen='encounter']")
    expect(encounter.locator("[data-bind='encounter-creature']")).to_have_text(
        "Encounter with: Game animals"
    )

    page.locator("[data-nav='explore']").click()
    travel.get_by_role("spinbutton", name="People fed by the hunt").fill("5")
    travel.get_by_role("button", name="Record the food").click()
    expect(travel.locator("[data-bind='osetravel-food']")).to_have_text("5")
    page.locator("[data-nav='log']").click()
    expect(page.locator(".log-entry .title").first).to_have_text(
        "Food recorded: enough for 5 people for a day (5 in all)."
    )


CLUE = "The parish register has a page torn out: the year the old bell sank."


def test_a_sign_rolls_on_the_location_sign_table_chosen_on_tables(page: Page, base: str) -> None:
    open_app(page, base)
    screen = main_street_turn(page, "2 2")
    title = page.locator("[data-bind='result-title']")
    expect(title).to_have_text(f"Encounter Die 2: a sign, omen or clue: {CLUE}")

    # The Tables screen offers the sign table; with none, a sign has no words again.
    page.locator("[data-nav='tables']").click()
    signs = page.get_by_role("combobox", name="Sign table of Example: Main Street")
    expect(signs).to_have_value("ex-clue")
    signs.select_option(label="(none)")
    expect(signs).to_have_value("")
    page.locator("[data-nav='explore']").click()
    screen.get_by_role("textbox", name="Faces you rolled, in order").fill("3")
    page.get_by_role("button", name="Next turn").click()
    expect(title).to_have_text("Encounter Die 3: A sign, omen or clue.")

    reload_app(page)
    page.locator("[data-nav='tables']").click()
    expect(page.get_by_role("combobox", name="Sign table of Example: Main Street")).to_have_value(
        ""
    )


def test_gurps_a_sign_a_camp_for_the_night_and_a_day_march(page: Page, base: str) -> None:
    open_app(page, base)
    choose_game(page, "gurps")
    panel = travel(page)
    when = panel.locator("[data-bind='travel-time']")
    title = panel.locator("[data-bind='travel-title']")
    panel.get_by_role("combobox", name="Location").select_option(label="Example: Main Street")
    typed_travel(page, "2 2")  # a sign, and Main Street's clue table shows 2
    expect(title).to_have_text(f"Encounter Die 2: a sign or a clue: {CLUE}")
    typed_travel(page, "5")
    typed_travel(page, "6")
    expect(when).to_have_text("Day 1, 20:00: deep twilight (−3)")

    panel.get_by_role("button", name="Camp for the night").click()
    expect(title).to_have_text("Camp for the night: 11 hours. Day 2, 7:00: daylight (0)")
    expect(when).to_have_text("Day 2, 7:00: daylight (0)")
    expect(panel.locator("[data-bind='travel-hours']")).to_have_text("23 h")
    typed_travel(page, "6")
    expect(when).to_have_text("Day 2, 11:00: daylight (0)")

    march = panel.locator("[data-bind='travel-march'] li")
    expect(march.last).to_have_text("A day's march: 50 miles.")
    panel.get_by_role("spinbutton", name="Slowest Move in the party").fill("4")
    panel.get_by_role("combobox", name="Ground").select_option(
        label="Bad (forest, broken ground, steep hills)"
    )
    panel.get_by_role("checkbox", name="Everyone made their Hiking roll").check()
    expect(march).to_have_text(
        [
            "Move 4: 40 miles a day on ideal ground.",
            "Bad (forest, broken ground, steep hills): ×1/2",
            "Everyone made their Hiking roll: 20% farther.",
            "A day's march: 24 miles.",
        ]
    )

    reload_app(page)
    panel = travel(page)
    expect(panel.locator("[data-bind='travel-time']")).to_have_text("Day 2, 11:00: daylight (0)")
    expect(panel.get_by_role("spinbutton", name="Slowest Move in the party")).to_have_value("4")
    expect(panel.get_by_role("combobox", name="Ground")).to_have_value("bad")


@pytest.mark.first_start
def test_the_fen_road_is_swamp_in_the_field_the_odds_and_the_roll(page: Page, base: str) -> None:
    """Issue 44, item 1: the terrain shown, the odds shown and the terrain rolled are one
    value, the location's. The fen road is swamp: 12 miles at 120', lost on 3 in 6,
    wandering monsters on 3 in 6; faces 4 (keeps its course) and 4 (nobody comes)."""
    start_with(page, base, "Old-School Essentials")
    page.get_by_role("radio", name="Old-School Essentials travel day").check()
    travel = panel(page)
    terrain = travel.get_by_role("combobox", name="Terrain")
    terrain.select_option(label="Forest")
    travel.get_by_role("combobox", name="Location").select_option(label="Example: The fen road")
    expect(terrain).to_have_value("swamp")
    expect(terrain).to_be_disabled()
    expect(terrain).to_have_accessible_description(
        "The location sets the terrain: change it on Tables."
    )
    odds = travel.locator("[data-bind='osetravel-odds'] li")
    expect(odds).to_have_text(
        [
            "Swamp: 12 miles in a day.",
            "Getting lost: 3 in 6.",
            "Wandering monsters: 3 in 6.",
            "Lost today: 50.0%",
            "Wandering monsters today: 50.0%",
        ]
    )
    type_faces(page, "4 4")
    travel.get_by_role("button", name="Roll the day").click()
    title = travel.locator("[data-bind='osetravel-title']")
    expect(title).to_have_text("Day 1: 12 miles through Swamp; no wandering monsters.")
    travel.locator("[data-bind='osetravel-details'] summary").click()
    steps = travel.locator("[data-bind='osetravel-steps'] li")
    expect(steps.filter(has_text="Getting lost")).to_have_text(
        "Getting lost (3 in 6): the d6 shows 4: the party keeps its course."
    )
    expect(steps.filter(has_text="wandering monsters on")).to_have_text(
        "Swamp: wandering monsters on 3 in 6."
    )
    expect(terrain).to_have_value("swamp")

    # The turn panel's wilderness day reads the same terrain.
    page.get_by_role("radio", name="Old-School Essentials turn").check()
    turn = page.locator("[data-panel='ose_turn']")
    turn.get_by_role("radio", name="Wilderness").check()
    expect(turn.get_by_role("combobox", name="Terrain")).to_have_value("swamp")
    expect(turn.locator("[data-bind='oseturn-odds'] li").first).to_have_text(
        "Swamp: wandering monsters on 3 in 6."
    )

    # Without a location the referee's choice is back, and can be changed.
    turn.get_by_role("combobox", name="Location").select_option(index=0)
    expect(turn.get_by_role("combobox", name="Terrain")).to_be_enabled()


def test_three_days_pass_in_the_forest_as_whole_travel_days_then_undo(
    page: Page, base: str
) -> None:
    """Issue 43, item 2: Time passes over three wilderness days plays each as Roll the day
    does. The plan (forest, 90', foraging) is the travel day's. Faces: day 1 lost (2),
    food (1) for 3 (3), nobody (4); day 2 keeps its course (5), no food (6), nobody (6);
    day 3 lost (1), no food (4), nobody (5)."""
    open_app(page, base)
    choose_ose_travel(page)
    travel = panel(page)
    travel.get_by_role("combobox", name="Terrain").select_option(label="Forest")
    travel.get_by_role("spinbutton", name="Slowest movement rate (feet)").fill("90")
    travel.get_by_role("combobox", name="Today").select_option(label="Travel and forage")

    page.get_by_role("radio", name="Old-School Essentials turn").check()
    turn = page.locator("[data-panel='ose_turn']")
    turn.get_by_role("radio", name="Wilderness").check()
    expect(turn.get_by_role("combobox", name="Counted in")).to_have_value("day")
    turn.get_by_role("spinbutton", name="How much").fill("3")
    expect(turn.locator("[data-bind='oseturn-span-odds'] li")).to_have_text(
        [
            "In the next 3 days: 70.4% at least one encounter.",
            "In the next 3 days: 54.7% lost at least once.",
            "Each day as the travel day plans it: 12 miles through Forest.",
        ]
    )
    physical = turn.locator("details.physical")
    physical.locator("summary").click()
    physical.get_by_role("textbox").fill("2 1 3 4 5 6 6 1 4 5")
    turn.get_by_role("button", name="Let the time pass").click()
    title = turn.locator("[data-bind='oseturn-title']")
    expect(title).to_have_text(
        "Time passes (3 days). Day 3: 12 miles through Forest; lost; no wandering monsters. "
        "In all: 36 miles."
    )
    expect(turn.locator("[data-bind='oseturn-day']")).to_have_text("3")
    turn.get_by_text("How this day was rolled").click()
    steps = turn.locator("[data-bind='oseturn-steps'] li")
    expect(steps.filter(has_text="The party covers")).to_have_text(
        ["The party covers 12 miles."] * 3
    )
    expect(steps.filter(has_text="Getting lost")).to_have_text(
        [
            "Getting lost (2 in 6): the d6 shows 2: the party is lost!",
            "Getting lost (2 in 6): the d6 shows 5: the party keeps its course.",
            "Getting lost (2 in 6): the d6 shows 1: the party is lost!",
        ]
    )
    expect(steps.filter(has_text="enough food")).to_have_text(
        ["1d6 shows 3: enough food for 3 people for a day."]
    )

    # The journey's totals are the travel day's: one log entry, and one Undo takes all back.
    page.get_by_role("radio", name="Old-School Essentials travel day").check()
    expect(travel.locator("[data-bind='osetravel-miles']")).to_have_text("36")
    expect(travel.locator("[data-bind='osetravel-food']")).to_have_text("3")
    expect(travel.locator("[data-bind='osetravel-day']")).to_have_text("3")
    expect(travel.locator("[data-bind='osetravel-warnings'] li")).to_have_text(
        ["The party is lost: its course is not the one it meant."]
    )
    page.locator("[data-nav='log']").click()
    expect(page.locator(".log-entry .title").first).to_have_text(
        "Time passes (3 days). Day 3: 12 miles through Forest; lost; no wandering monsters. "
        "In all: 36 miles."
    )
    page.get_by_role("button", name="Undo last action").click()
    expect(page.locator(".log-entry").nth(0)).to_contain_text("(undone)")
    page.locator("[data-nav='explore']").click()
    expect(travel.locator("[data-bind='osetravel-miles']")).to_have_text("0")
    expect(travel.locator("[data-bind='osetravel-food']")).to_have_text("0")
    expect(travel.locator("[data-bind='osetravel-day']")).to_have_text("0")


def test_next_day_in_the_wilderness_is_the_travel_day_then_undo(page: Page, base: str) -> None:
    """Issue 43, item 2: the turn panel's Next day plays the day Roll the day plays, with
    the travel panel's plan (forest, 90', foraging). Faces: lost (2), food (1) for 3
    (3), nobody (4). Both panels show that day; one log entry, one Undo."""
    open_app(page, base)
    choose_ose_travel(page)
    travel = panel(page)
    travel.get_by_role("combobox", name="Terrain").select_option(label="Forest")
    travel.get_by_role("spinbutton", name="Slowest movement rate (feet)").fill("90")
    travel.get_by_role("combobox", name="Today").select_option(label="Travel and forage")

    page.get_by_role("radio", name="Old-School Essentials turn").check()
    turn = page.locator("[data-panel='ose_turn']")
    turn.get_by_role("radio", name="Wilderness").check()
    # what Next day will make of the day is in view before the tap
    odds = turn.locator("[data-bind='oseturn-odds'] li")
    expect(odds.filter(has_text="travel day plans")).to_have_text(
        "Each day as the travel day plans it: 12 miles through Forest."
    )
    expect(odds.filter(has_text="Lost today")).to_have_text("Lost today: 33.3%")
    physical = turn.locator("details.physical")
    physical.locator("summary").click()
    physical.get_by_role("textbox").fill("2 1 3 4")
    turn.get_by_role("button", name="Next day").click()
    day = "Day 1: 12 miles through Forest; lost; food for 3 found; no wandering monsters."
    title = turn.locator("[data-bind='oseturn-title']")
    expect(title).to_have_text(day)
    expect(title).to_be_in_viewport()
    expect(turn.locator("[data-bind='oseturn-day']")).to_have_text("1")
    turn.get_by_text("How this day was rolled").click()
    steps = turn.locator("[data-bind='oseturn-steps'] li")
    expect(steps.filter(has_text="Getting lost")).to_have_text(
        "Getting lost (2 in 6): the d6 shows 2: the party is lost!"
    )
    expect(steps.filter(has_text="The party covers")).to_have_text("The party covers 12 miles.")

    # The travel panel shows the same day and the journey's totals moved with it.
    page.get_by_role("radio", name="Old-School Essentials travel day").check()
    expect(travel.locator("[data-bind='osetravel-title']")).to_have_text(day)
    expect(travel.locator("[data-bind='osetravel-day']")).to_have_text("1")
    expect(travel.locator("[data-bind='osetravel-miles']")).to_have_text("12")
    expect(travel.locator("[data-bind='osetravel-food']")).to_have_text("3")
    expect(travel.locator("[data-bind='osetravel-warnings'] li")).to_have_text(
        ["The party is lost: its course is not the one it meant."]
    )
    page.locator("[data-nav='log']").click()
    expect(page.locator(".log-entry .title").first).to_have_text(day)
    page.get_by_role("button", name="Undo last action").click()
    expect(page.locator(".log-entry").nth(0)).to_contain_text("(undone)")
    page.locator("[data-nav='explore']").click()
    expect(travel.locator("[data-bind='osetravel-miles']")).to_have_text("0")
    expect(travel.locator("[data-bind='osetravel-food']")).to_have_text("0")
    expect(travel.locator("[data-bind='osetravel-day']")).to_have_text("0")
    page.get_by_role("radio", name="Old-School Essentials turn").check()
    expect(turn.locator("[data-bind='oseturn-day']")).to_have_text("0")

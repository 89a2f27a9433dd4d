"""What one step learns reaches the next, in the browser: a row's number and stats.

Each game starts as a new game master's does, with its example campaign, and meets a
creature from a table row that carries its stats. Nothing Omen already rolled or stored
is typed again: the location's terrain is the procedure's, the number rolled in the row
is the group's size, the row's stats fill the encounter's form.

Faces are typed as physical dice, so every result is known:

- OSE, a day on the fen road (swamp: monsters on 1-3 in 6): a 1 brings them, a 5 on the
  fens' d6 is the lizard men, and 3 on their [[1d4]] makes three of them;
- GURPS, a travel turn on the logging road: an Encounter Die 1, a 1 on the road's d6 is
  the wolves, and 4 on their [[1d6]] makes four.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Locator, Page, expect

from .conftest import open_app, reload_app

QUESTION = "Which game does your table play?"


def start_with(page: Page, base: str, game: str) -> None:
    """A fresh profile answers the first start's question with ``game`` and its example."""
    open_app(page, base, "?seed=4")
    dialog = page.get_by_role("dialog", name=QUESTION)
    dialog.get_by_role("radio", name=game).check()
    expect(
        dialog.get_by_role("checkbox", name="Start with this game's example campaign")
    ).to_be_checked()
    dialog.get_by_role("button", name="Start").click()
    expect(dialog).to_be_hidden()


def wolves_on_the_logging_road(page: Page, base: str) -> Locator:
    """A GURPS campaign's first travel turn on the example's logging road, its check
    typed so that an encounter happens now (the wolves); the travel panel."""
    start_with(page, base, "GURPS / Dungeon Fantasy")
    travel = page.get_by_role("region", name="GURPS wilderness travel")
    travel.get_by_role("combobox", name="Location").select_option(
        label="Example: The old logging road"
    )
    physical(travel, "1 1 4", "Roll the travel check with your own dice")
    travel.get_by_role("button", name="Next travel turn").click()
    return travel


def go(page: Page, name: str) -> None:
    page.get_by_role("navigation").get_by_role("button", name=name, exact=True).click()


def physical(panel, faces: str, summary: str) -> None:  # type: ignore[no-untyped-def]
    details = panel.locator("details.physical")
    if details.get_attribute("open") is None:
        panel.get_by_text(summary).click()
    panel.get_by_role("textbox", name="Faces you rolled, in order").fill(faces)


def open_step(page: Page, name: str) -> None:
    step = page.locator("details.ose-step").filter(has=page.get_by_text(name, exact=True))
    if step.get_attribute("open") is None:
        step.locator(":scope > summary").click()


@pytest.mark.first_start
def test_an_ose_day_on_the_fen_road_fills_the_encounter_from_the_row(page: Page, base: str) -> None:
    start_with(page, base, "Old-School Essentials")
    turn = page.locator("[data-panel='ose_turn']")
    turn.get_by_role("radio", name="Wilderness").check()
    turn.get_by_role("combobox", name="Location").select_option(label="Example: The fen road")
    # The location is on the swamp: the day is checked on the swamp's row, nothing typed.
    expect(turn.get_by_role("combobox", name="Terrain")).to_have_value("swamp")
    expect(turn.locator("[data-bind='oseturn-odds'] li").first).to_have_text(
        "Swamp: wandering monsters on 3 in 6."
    )
    physical(turn, "6 1 5 3", "Type the faces of real dice")  # kept its course, then met
    turn.get_by_role("button", name="Next day").click()
    expect(turn.locator("[data-bind='oseturn-met']")).to_have_text(
        "Met: 3 lizard men fishing from a sunken boat."
    )
    turn.get_by_role("button", name="Run the encounter").click()

    encounter = page.locator("[data-screen='encounter']")
    expect(encounter.locator("[data-bind='encounter-creature']")).to_have_text(
        "Encounter with: 3 lizard men fishing from a sunken boat."
    )
    expect(encounter.locator("[data-bind='encounter-stats']")).to_have_text(
        "Number appearing: 3; HD 2+1, AC 5, ML 12, TT D"
    )
    open_step(page, "7. Morale")
    expect(encounter.get_by_role("spinbutton", name="Morale score (2–12)")).to_have_value("12")
    expect(encounter.get_by_role("spinbutton", name="Monsters in the group")).to_have_value("3")
    open_step(page, "6. Evasion and pursuit")
    expect(encounter.get_by_role("spinbutton", name="Creatures pursuing")).to_have_value("3")

    # The meeting is the store's: a reload still says who the encounter is with.
    reload_app(page)
    go(page, "Encounter")
    expect(encounter.locator("[data-bind='encounter-stats']")).to_have_text(
        "Number appearing: 3; HD 2+1, AC 5, ML 12, TT D"
    )

    # The Tables screen shows the row's stats and the location's terrain, for OSE.
    go(page, "Tables")
    tables = page.locator("[data-screen='tables']")
    tables.get_by_role("button", name="Example: Wandering monsters on the fen road").click()
    entry = tables.get_by_role("listitem", name="Entry 5")
    expect(entry.get_by_role("textbox", name="Creature's stats")).to_have_value(
        "HD 2+1, AC 5, ML 12, TT D"
    )
    location = tables.locator("li.location-row").filter(has_text="Example: The fen road")
    location.get_by_text("Edit the location").click()
    expect(location.get_by_role("combobox", name="Terrain of Example: The fen road")).to_have_value(
        "swamp"
    )


@pytest.mark.first_start
def test_a_gurps_travel_turn_fills_side_b_and_the_terrain_from_the_row(
    page: Page, base: str
) -> None:
    travel = wolves_on_the_logging_road(page, base)
    expect(travel.locator("[data-bind='travel-met']")).to_have_text(
        "Met: 4 wolves, thin after the winter."
    )
    travel.get_by_role("button", name="Work out the distance (GURPS)").click()

    side_b = page.get_by_role("group", name="Side B", exact=True)
    expect(side_b.get_by_role("textbox", name="Name of the side")).to_have_value(
        "4 wolves, thin after the winter."
    )
    expect(side_b.get_by_role("spinbutton", name="Group size")).to_have_value("4")
    expect(side_b.get_by_role("spinbutton", name="Vision", exact=True)).to_have_value("12")
    expect(side_b.get_by_role("spinbutton", name="Stealth", exact=True)).to_have_value("13")
    gurps = page.locator("[data-procedure='gurps']")
    # The logging road runs through a forest, not "Grassland (other)".
    expect(gurps.get_by_role("combobox", name="Terrain")).to_have_value("forest_deciduous")
    expect(page.locator("[data-bind='encounter-stats']")).to_have_text(
        "Number appearing: 4; SM 0, Vision 12, Stealth 13"
    )

"""Lights and named timers on Explore in Liminal Horror, GURPS and The End of the World:
light one, set a timer, see the look-ahead name what goes out, let time pass, see it
end in the headline, Undo, and find it all after a reload.

Faces are typed in as physical dice where a check is rolled, so every result is known.
"""

from __future__ import annotations

import re

from playwright.sync_api import Locator, Page, expect

from .conftest import open_app, reload_app, saved
from .test_games_gurps_eotw import choose_game, travel


def undo(page: Page) -> None:
    page.get_by_role("button", name="Log").click()
    page.get_by_role("button", name="Undo last action").click()
    page.get_by_role("button", name="Explore").click()


def lights(panel: Locator) -> Locator:
    return panel.get_by_role("region", name="Light and timers")


def rows(panel: Locator) -> Locator:
    """Each light or timer's text (its button apart), or the line saying there is none."""
    return lights(panel).locator("li > span, li:not(:has(span))")


def light(panel: Locator, unit: str, count: str, kind: str = "Torch") -> None:
    box = lights(panel)
    box.get_by_role("combobox", name="Light source").select_option(label=kind)
    box.get_by_role("spinbutton", name=unit, exact=True).fill(count)
    box.get_by_role("button", name="Light it").click()


def timer(panel: Locator, name: str, count: str, unit: str | None = None) -> None:
    """A timer named, for ``count``: in the panel's one unit (its How long names it), or in
    the ``unit`` chosen."""
    box = lights(panel)
    box.get_by_role("textbox", name="Timer").fill(name)
    box.get_by_role("spinbutton", name="How long").fill(count)
    if unit is not None:
        box.get_by_role("combobox", name="Counted in").select_option(label=unit)
    box.get_by_role("button", name="Add timer").click()


def test_liminal_horror_a_torch_goes_out_while_three_turns_pass(page: Page, base: str) -> None:
    open_app(page, base)
    checks = page.locator("[data-panel='checks']")
    expect(rows(checks)).to_have_text(["Nothing is burning and no timer runs."])
    light(checks, "Exploration turns", "2")
    expect(
        lights(checks).get_by_role("spinbutton", name="How long (exploration turns)")
    ).to_be_visible()
    timer(checks, "Ward <b>", "5")
    expect(rows(checks)).to_have_text(
        [
            "Torch 1: 2 exploration turns left",
            "Timer 'Ward <b>': 5 exploration turns left",
        ]
    )
    expect(lights(checks).get_by_role("button", name="End Timer 'Ward <b>'")).to_be_visible()
    odds = checks.locator("[data-bind='explore-span-odds'] li")
    expect(odds.nth(1)).to_have_text("Torch 1 goes out in 2 exploration turns.")

    details = checks.locator("details.physical")
    if details.get_attribute("open") is None:
        details.locator("summary").click()
    checks.get_by_role("textbox", name="Faces you rolled, in order").fill("1 2 3")
    checks.get_by_role("button", name="Let the time pass").click()
    title = checks.locator("[data-bind='result-title']")
    headline = (
        "Time passes (3 turns). Tension Die: nothing yet (pool 14). "
        "Torch 1 goes out (exploration turn 2 of 3)."
    )
    expect(title).to_have_text(headline)
    expect(rows(checks)).to_have_text(["Timer 'Ward <b>': 2 exploration turns left"])
    expect(checks.locator("[data-bind='explore-warnings'] li")).to_have_text(
        ["Torch 1 goes out (exploration turn 2 of 3)."]
    )

    undo(page)
    expect(rows(checks)).to_have_text(
        [
            "Torch 1: 2 exploration turns left",
            "Timer 'Ward <b>': 5 exploration turns left",
        ]
    )
    lights(checks).get_by_role("button", name="Put out Torch 1").click()
    expect(rows(checks)).to_have_text(["Timer 'Ward <b>': 5 exploration turns left"])
    saved(page)
    reload_app(page)
    expect(rows(checks)).to_have_text(["Timer 'Ward <b>': 5 exploration turns left"])
    undo(page)  # the torch put out comes back
    expect(rows(checks).first).to_have_text("Torch 1: 2 exploration turns left")


def test_gurps_a_torch_goes_out_in_the_first_hour_of_a_travel_turn(page: Page, base: str) -> None:
    open_app(page, base)
    light(page.locator("[data-panel='checks']"), "Exploration turns", "6")  # in Liminal Horror
    choose_game(page, "gurps")
    panel = travel(page)
    # a light counted in another game's turns is not this panel's
    expect(rows(panel)).to_have_text(["Nothing is burning and no timer runs."])
    expect(page.locator("[data-bind='explore-lights-box']")).to_be_hidden()
    light(panel, "Hours", "1")
    timer(panel, "Patrol", "6")
    expect(rows(panel)).to_have_text(["Torch 1: 1 hour left", "Timer 'Patrol': 6 hours left"])
    odds = panel.locator("[data-bind='travel-span-odds'] li")
    expect(odds.nth(1)).to_have_text(re.compile(r"at least one sign or clue\.$"))
    expect(odds.nth(2)).to_have_text("Torch 1 goes out in 1 hour.")

    details = panel.locator("details.physical")
    if details.get_attribute("open") is None:
        panel.get_by_text("Roll the travel check with your own dice").click()
    panel.get_by_role("textbox", name="Faces you rolled, in order").fill("6")
    panel.get_by_role("button", name="Next travel turn").click()
    title = panel.locator("[data-bind='travel-title']")
    expect(title).to_contain_text("Torch 1 goes out (hour 1 of 4).")
    expect(rows(panel)).to_have_text(["Timer 'Patrol': 2 hours left"])
    expect(panel.locator("[data-bind='travel-warnings'] li")).to_have_text(
        ["Torch 1 goes out (hour 1 of 4)."]
    )

    saved(page)
    reload_app(page)
    expect(title).to_contain_text("Torch 1 goes out (hour 1 of 4).")
    expect(rows(panel)).to_have_text(["Timer 'Patrol': 2 hours left"])
    undo(page)
    expect(rows(panel)).to_have_text(["Torch 1: 1 hour left", "Timer 'Patrol': 6 hours left"])
    expect(panel.locator("[data-bind='travel-turn']")).to_have_text("0")


def test_end_of_the_world_scenes_pass_and_a_flashlight_goes_out(page: Page, base: str) -> None:
    open_app(page, base)
    choose_game(page, "eotw")
    panel = page.get_by_role("region", name="This scene")
    light(panel, "Scenes", "2", kind="Flashlight")
    timer(panel, "Treatment", "3", unit="Days")
    expect(rows(panel)).to_have_text(
        ["Flashlight 1: 2 scenes left", "Timer 'Treatment': 3 days left"]
    )
    span = panel.get_by_role("spinbutton", name="How much")
    odds = panel.locator("[data-bind='scene-span-odds'] li")
    expect(odds).to_have_text(["Nothing runs out in the next 1 scene."])
    span.fill("2")
    expect(odds).to_have_text(["Flashlight 1 goes out in 2 scenes."])

    panel.get_by_role("button", name="Let the time pass").click()
    title = panel.locator("[data-bind='scene-title']")
    expect(title).to_have_text("Time passes (2 scenes). Flashlight 1 goes out (scene 2 of 2).")
    expect(rows(panel)).to_have_text(["Timer 'Treatment': 3 days left"])
    warned = panel.locator("[data-bind='scene-warnings'] li")
    expect(warned).to_have_text(["Flashlight 1 goes out (scene 2 of 2)."])

    panel.get_by_role("combobox", name="Counted in").first.select_option(label="Days")
    span.fill("3")
    expect(odds).to_have_text(["Timer 'Treatment' runs out in 3 days."])
    panel.get_by_role("button", name="Let the time pass").click()
    expect(title).to_have_text("Time passes (3 days). Timer 'Treatment' runs out (day 3 of 3).")
    expect(rows(panel)).to_have_text(["Nothing is burning and no timer runs."])

    saved(page)
    reload_app(page)
    expect(title).to_have_text("Time passes (3 days). Timer 'Treatment' runs out (day 3 of 3).")
    undo(page)
    expect(rows(panel)).to_have_text(["Timer 'Treatment': 3 days left"])
    expect(title).to_have_text("Time passes (2 scenes). Flashlight 1 goes out (scene 2 of 2).")


def test_end_of_the_world_a_torch_with_one_scene_left_goes_out_when_two_days_pass(
    page: Page, base: str
) -> None:
    open_app(page, base)
    choose_game(page, "eotw")
    panel = page.get_by_role("region", name="This scene")
    light(panel, "Scenes", "1")
    timer(panel, "Treatment", "7", unit="Days")
    expect(rows(panel)).to_have_text(["Torch 1: 1 scene left", "Timer 'Treatment': 7 days left"])
    panel.get_by_role("combobox", name="Counted in").first.select_option(label="Days")
    panel.get_by_role("spinbutton", name="How much").fill("2")
    odds = panel.locator("[data-bind='scene-span-odds'] li")
    expect(odds).to_have_text(["Torch 1 will go out (day 1 of 2)."])

    panel.get_by_role("button", name="Let the time pass").click()
    title = panel.locator("[data-bind='scene-title']")
    expect(title).to_have_text("Time passes (2 days). Torch 1 goes out (day 1 of 2).")
    expect(rows(panel)).to_have_text(["Timer 'Treatment': 5 days left"])
    warned = panel.locator("[data-bind='scene-warnings'] li")
    expect(warned).to_have_text(["Torch 1 goes out (day 1 of 2)."])
    undo(page)
    expect(rows(panel)).to_have_text(["Torch 1: 1 scene left", "Timer 'Treatment': 7 days left"])

"""Each GURPS roll button answers in its own result area: a refusal stands in place of
that area (announced, in the free part of the screen, the older result hidden meanwhile)
and the next roll's result shows there, brought into view (issue 44 leftovers: every
GURPS button checked; the reaction roll, which GURPS campaigns roll on the Encounter
screen, had no result area of its own, nor had each side's "Use this SM")."""

from __future__ import annotations

from playwright.sync_api import Locator, Page, expect

from .conftest import open_app
from .test_games_gurps_eotw import choose_game, travel
from .test_taps import refusal, to_the_foot
from .walk import in_free_view


def refused_in_place_of(page: Page, text: str, result: Locator) -> None:
    """The refusal says ``text`` in view, just before ``result`` (which is hidden)."""
    said = refusal(page, text)
    expect(result).to_be_hidden()
    assert said.evaluate(
        "(note, area) => note.nextElementSibling === area", result.element_handle()
    )


def test_every_gurps_roll_button_answers_in_its_own_result_area(page: Page, base: str) -> None:
    open_app(page, base, "?seed=2")
    choose_game(page, "gurps")
    panel = travel(page)
    road = panel.locator("[data-result~='travel-pass']")
    # Time passes on the road: its button is far below the panel's result area.
    panel.get_by_role("spinbutton", name="How much").fill("3")
    panel.get_by_role("combobox", name="Counted in").select_option(label="Hours")
    to_the_foot(page)
    panel.get_by_role("button", name="Let the time pass").click()
    refused_in_place_of(page, "3 hours are not a whole number of 4-hour travel turns", road)
    panel.get_by_role("combobox", name="Counted in").select_option(label="Travel turns")
    panel.get_by_role("button", name="Let the time pass").click()
    expect(page.get_by_role("alert")).to_have_count(0)
    in_free_view(road.locator("[data-bind='travel-title']"))
    expect(road).to_contain_text("Time passes (3 travel turns")

    # The encounter distance: typed dice that cannot be rolled, then Omen's roll.
    page.get_by_role("navigation", name="Screens").get_by_role("button", name="Encounter").click()
    gurps = page.locator("[data-procedure='gurps']")
    distance = gurps.locator("[data-result~='gurps-find']")
    gurps.get_by_text("Use physical dice").click()
    gurps.get_by_role("textbox", name="Maximum encounter distance: dice total").fill("999")
    gurps.get_by_role("button", name="Find the distance").click()
    refused_in_place_of(page, "999 cannot be rolled", distance)
    gurps.get_by_role("textbox", name="Maximum encounter distance: dice total").fill("")
    gurps.get_by_role("button", name="Find the distance").click()
    in_free_view(distance.locator("[data-bind='gurps-title']"))

    # The SM from a size, on side B (each side has its own "Use this SM"): no size typed,
    # then 3 yards, then no size again.
    b = gurps.get_by_role("group", name="Side B", exact=True)
    a_size = gurps.get_by_role("group", name="Side A", exact=True).locator("[data-bind='sm-steps']")
    size = b.locator("[data-result~='gurps-use-sm']")
    b.get_by_text("SM from the longest dimension").click()
    to_the_foot(page)
    b.get_by_role("button", name="Use this SM").click()
    refused_in_place_of(page, "Type the longest dimension first, like 2 or 1.5.", size)
    expect(a_size).to_be_attached()  # side A's answer stays where it was, and empty
    assert a_size.evaluate("area => area.previousElementSibling.className") != "refusal"
    b.get_by_role("textbox", name="Longest dimension").fill("3")
    b.get_by_role("button", name="Use this SM").click()
    expect(page.get_by_role("alert")).to_have_count(0)
    expect(size).to_have_text("longest dimension 3 yards: SM +1")
    in_free_view(size)
    expect(b.get_by_role("spinbutton", name="SM", exact=True)).to_have_value("1")
    b.get_by_role("textbox", name="Longest dimension").fill("")
    b.get_by_role("button", name="Use this SM").click()  # the answer above is hidden meanwhile
    refused_in_place_of(page, "Type the longest dimension first, like 2 or 1.5.", size)

    # The reaction roll, on the same screen: faces that are no number, then a roll.
    page.get_by_role("radio", name="Reaction roll").check()
    reaction = page.locator("[data-procedure='reaction']")
    answer = reaction.locator("[data-result~='reaction-roll']")
    reaction.get_by_text("Use physical dice").click()
    reaction.get_by_role("textbox", name="Faces you rolled, in order").fill("six")
    to_the_foot(page)
    reaction.get_by_role("button", name="Roll reaction").click()
    refused_in_place_of(page, "Type the faces as whole numbers", answer)
    reaction.get_by_role("textbox", name="Faces you rolled, in order").fill("3 4 1")
    to_the_foot(page)
    reaction.get_by_role("button", name="Roll reaction").click()
    title = reaction.locator("[data-bind='reaction-result-title']")
    expect(title).to_have_text("Reaction 8: Poor")  # GURPS's own table, on 3d6
    in_free_view(title)

    # Tests: a Quick Contest with one side's total typed, then both.
    page.get_by_role("navigation", name="Screens").get_by_role("button", name="Tests").click()
    page.get_by_role("radio", name="GURPS Quick Contest").check()
    tests = page.locator("[data-result~='gurps-contest']")
    contest = page.locator("[data-bind='gurps-contest']")
    contest.get_by_text("Use physical dice").click()
    typed = contest.locator("details.physical").get_by_role("textbox")
    typed.first.fill("10")
    contest.get_by_role("button", name="Roll the Quick Contest").click()
    refused_in_place_of(page, "Type both sides' 3d6 totals, or leave both empty.", tests)
    typed.last.fill("12")
    contest.get_by_role("button", name="Roll the Quick Contest").click()
    in_free_view(tests.locator("[data-bind='gurps-test-title']"))

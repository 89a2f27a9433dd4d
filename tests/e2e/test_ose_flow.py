"""One OSE session that flows: what the turn clock knows reaches the encounter, a
light that burns out is said in the headline, the result of a tap is brought into view,
and once the encounter is over no screen offers what came before its end.

Dice are typed as physical dice: turn 1 is not checked; turn 2 is checked at 1 in 6, and
a 1 brings wandering monsters (no location is chosen, so the referee makes them up).
"""

from __future__ import annotations

from playwright.sync_api import Page, expect

from .conftest import open_app, reload_app
from .test_ose_turn import choose_ose, next_turn, panel
from .walk import unfold


def scroll_to_bottom(page: Page) -> None:
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")


def test_a_burnt_out_torch_is_in_the_headline_and_the_result_comes_into_view(
    page: Page, base: str
) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    open_app(page, base)
    choose_ose(page)
    turn = panel(page)
    title = turn.locator("[data-bind='oseturn-title']")
    warnings = turn.locator("[data-bind='oseturn-warnings'] li")
    turn.get_by_role("button", name="Light a torch").click()
    for faces in ("", "6", "", "6", ""):
        next_turn(page, faces)
    expect(warnings.nth(0)).to_have_text("Torch 1 goes out at the end of the next turn.")
    # The page scrolled down to the typed dice: the result lands above the viewport.
    scroll_to_bottom(page)
    expect(title).not_to_be_in_viewport()
    next_turn(page, "6")
    expect(title).to_have_text(
        "Turn 6: wandering monsters? 6 on the d6: nobody comes. Torch 1 goes out."
    )
    expect(title).to_be_in_viewport()
    expect(warnings.nth(0)).to_have_text("Torch 1 has burnt out.")
    expect(warnings.nth(0)).to_be_in_viewport()
    reload_app(page)
    expect(panel(page).locator("[data-bind='oseturn-warnings'] li").nth(0)).to_have_text(
        "Torch 1 has burnt out."
    )


def test_with_reduced_motion_the_result_is_brought_into_view_at_once(page: Page, base: str) -> None:
    page.emulate_media(reduced_motion="reduce")
    page.set_viewport_size({"width": 390, "height": 844})
    open_app(page, base)
    choose_ose(page)
    turn = panel(page)
    turn.get_by_role("button", name="Light a torch").click()
    scroll_to_bottom(page)
    next_turn(page, "")
    expect(turn.locator("[data-bind='oseturn-title']")).to_have_text("Turn 1: no check this turn.")
    # no smooth scroll: the page is where it goes as soon as the tap is drawn
    top = page.evaluate(
        "document.querySelector('[data-bind=oseturn-title]').getBoundingClientRect().top"
    )
    assert 0 <= top < 844


def test_the_clock_sets_light_and_dark_and_the_end_of_the_encounter_reaches_every_screen(
    page: Page, base: str
) -> None:
    open_app(page, base)
    choose_ose(page)
    turn = panel(page)
    turn.get_by_role("button", name="Light a torch").click()
    next_turn(page)
    next_turn(page, "1")
    expect(turn.locator("[data-bind='oseturn-title']")).to_have_text(
        "Turn 2: wandering monsters! (1 on the d6)"
    )
    turn.get_by_role("button", name="Run the encounter").click()
    sequence = page.locator("[data-procedure='ose']")
    expect(sequence.get_by_role("radio", name="Dungeon")).to_be_checked()
    expect(sequence.get_by_role("checkbox", name="It is dark here")).to_be_checked()
    expect(sequence.get_by_role("checkbox", name="The party carries light")).to_be_checked()

    # The party outruns the monsters: the encounter is over, there is nothing to fight.
    evasion = sequence.locator("[data-stage='evasion']")
    unfold(evasion)
    evasion.get_by_role("spinbutton", name="Base speed of the pursuers").fill("90")
    evasion.get_by_role("button", name="Try to evade").click()
    result = sequence.locator("[data-bind='ose-result-title']")
    expect(result).to_have_text("Evasion succeeds: the fleeing side gets away.")
    action = sequence.locator("[data-stage='action']")
    unfold(action)
    expect(action.get_by_role("button", name="Fight")).to_be_disabled()
    expect(action.get_by_role("button", name="Fight")).to_have_accessible_description(
        "One side got away: the encounter is over, so there is no fight. End it."
    )
    main = sequence.locator("[data-action='ose-next']")
    expect(main).to_have_text("End the encounter")
    main.click()
    expect(result).to_have_text("The encounter is over: 1 turn passes.")
    expect(main).to_have_text("Continue exploring")
    main.click()

    # Explore caught up: the clock moved on, and the finished turn's encounter is gone.
    expect(turn).to_be_visible()
    expect(turn.locator("[data-bind='oseturn-title']")).to_have_text(
        "The encounter took 1 turn: the clock is at turn 3."
    )
    expect(turn.get_by_role("button", name="Run the encounter")).to_be_hidden()
    reload_app(page)
    expect(panel(page).get_by_role("button", name="Run the encounter")).to_be_hidden()
    page.locator("[data-nav='encounter']").click()
    expect(page.locator("[data-action='ose-next']")).to_have_text("Continue exploring")


def test_a_daytime_wilderness_encounter_is_not_dark(page: Page, base: str) -> None:
    open_app(page, base)
    choose_ose(page)
    turn = panel(page)
    turn.get_by_role("radio", name="Wilderness").check()
    turn.locator("details.physical summary").click()
    turn.get_by_role("textbox", name="Faces you rolled, in order").fill("6 1")
    turn.get_by_role("button", name="Next day").click()
    expect(turn.locator("[data-bind='oseturn-title']")).to_have_text(
        "Day 1: 24 miles through Clear; wandering monsters!"
    )
    turn.get_by_role("button", name="Run the encounter").click()
    sequence = page.locator("[data-procedure='ose']")
    expect(sequence.get_by_role("radio", name="Wilderness")).to_be_checked()
    expect(sequence.get_by_role("checkbox", name="It is dark here")).not_to_be_checked()
    expect(sequence.get_by_role("checkbox", name="The party carries light")).not_to_be_checked()


def test_after_a_morale_roll_the_status_says_what_it_came_to(page: Page, base: str) -> None:
    open_app(page, base)
    choose_ose(page)
    page.locator("[data-nav='encounter']").click()
    sequence = page.locator("[data-procedure='ose']")
    morale = sequence.locator("[data-stage='morale']")
    unfold(morale)
    due = morale.locator("[data-bind='ose-morale-due']")
    morale.get_by_role("spinbutton", name="Monsters in the group").fill("4")
    morale.get_by_role("spinbutton", name="Killed").fill("1")
    expect(due).to_have_text("Check: the first of them is killed.")
    morale.locator("details.physical summary").click()
    morale.get_by_role("textbox", name="Faces you rolled, in order").fill("1 2")
    morale.get_by_role("button", name="Roll morale").click()
    expect(due).to_have_text("They held: the next check comes when half of them are down.")


def test_a_reset_of_the_tension_pool_updates_the_headline(page: Page, base: str) -> None:
    open_app(page, base)
    page.get_by_role("radio", name="Tension Die").check()
    page.locator("details.physical summary").first.click()
    page.get_by_role("textbox", name="Faces you rolled, in order").first.fill("6 1")
    page.get_by_role("button", name="Next turn").click()
    title = page.locator("[data-bind='result-title']")
    expect(title).to_have_text("Tension Die: nothing yet (pool 13)")
    page.get_by_role("button", name="Reset pool").click()
    expect(title).to_have_text("The tension pool is reset to 20.")
    expect(page.locator("[data-bind='pool']")).to_have_text("20 of 20")

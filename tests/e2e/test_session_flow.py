"""One session that flows, per game, on a fresh profile.

Each test starts as a new game master does: the first start's question answered with
the game and its example campaign. It plays the game's time steps on Explore with the
page scrolled to its foot, so that every result would land off screen unless Omen brings
it into view; meets a creature from one of the example's table rows that carries stats
(faces typed as physical dice, so the row is known) and checks that the procedure's
forms are filled from it with nothing typed by hand; runs the game's sequence to its end
and checks that no screen still offers a step from before that end; rolls a test, takes
it back with Undo, and reloads to find everything where it was.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Locator, Page, expect

from .conftest import reload_app
from .test_carry import go, physical, start_with
from .test_games_gurps_eotw import add_ana
from .walk import in_free_view


def to_the_foot(page: Page) -> None:
    """Scroll to the bottom of the page: a result drawn higher up is then off screen."""
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")


def seen(locator: Locator, text: str) -> None:
    """The result says ``text`` and is on screen, where the game master is looking: in
    the free part of it, not under the header or the bars (issue 44)."""
    expect(locator).to_have_text(text)
    in_free_view(locator)


def undo(page: Page) -> None:
    go(page, "Log")
    page.get_by_role("button", name="Undo last action").click()


def stage(page: Page, name: str) -> Locator:
    found = page.locator(f"[data-procedure='ose'] [data-stage='{name}']")
    if found.get_attribute("open") is None:
        found.locator(":scope > summary").click()
    return found


@pytest.mark.first_start
def test_an_ose_session_three_days_lizard_men_evaded_a_save_undone(page: Page, base: str) -> None:
    start_with(page, base, "Old-School Essentials")
    turn = page.locator("[data-panel='ose_turn']")
    title = turn.locator("[data-bind='oseturn-title']")
    turn.get_by_role("radio", name="Wilderness").check()
    turn.get_by_role("combobox", name="Location").select_option(label="Example: The fen road")
    # Each Next day is a whole travel day (12 miles across the swamp): its lost die (1-3
    # in 6), then its check (monsters on 1-3 in 6). Two quiet days, the second astray,
    # then a 1 and the fens' d6.
    for faces, said in (
        ("6 6", "Day 1: 12 miles through Swamp; no wandering monsters."),
        ("2 4", "Day 2: 12 miles through Swamp; lost; no wandering monsters."),
        ("6 1 5 3", "Day 3: 12 miles through Swamp; wandering monsters!"),
    ):
        physical(turn, faces, "Type the faces of real dice")
        to_the_foot(page)
        turn.get_by_role("button", name="Next day").click()
        seen(title, said)
    met = turn.locator("[data-bind='oseturn-met']")
    seen(met, "Met: 3 lizard men fishing from a sunken boat.")
    turn.get_by_role("button", name="Run the encounter").click()

    # The encounter is filled from the row and the location: nothing typed by hand.
    sequence = page.locator("[data-procedure='ose']")
    expect(page.locator("[data-bind='encounter-stats']")).to_have_text(
        "Number appearing: 3; HD 2+1, AC 5, ML 12, TT D"
    )
    expect(sequence.get_by_role("radio", name="Wilderness")).to_be_checked()
    expect(sequence.get_by_role("checkbox", name="It is dark here")).not_to_be_checked()
    morale = stage(page, "morale")
    expect(morale.get_by_role("spinbutton", name="Morale score (2–12)")).to_have_value("12")
    expect(morale.get_by_role("spinbutton", name="Monsters in the group")).to_have_value("3")
    # Morale 12 never checks: said once, not again as odds.
    expect(morale.locator("[data-bind='ose-morale-due']")).to_have_text(
        "These monsters fight to the death: no check is rolled."
    )
    expect(morale.get_by_role("heading", name="Odds")).to_be_hidden()
    evasion = stage(page, "evasion")
    expect(evasion.get_by_role("spinbutton", name="Creatures pursuing")).to_have_value("3")

    # The sequence to its end: surprise, distance, reaction, a round, evasion, the end.
    result = sequence.locator("[data-bind='ose-result-title']")
    main = sequence.locator("[data-action='ose-next']")
    surprise = stage(page, "surprise")
    physical(surprise, "4 5", "Use physical dice")
    to_the_foot(page)
    expect(main).to_have_text("Next: surprise")
    main.click()
    seen(result, "Nobody is surprised.")
    distance = stage(page, "distance")
    physical(distance, "3 3 2 2", "Use physical dice")
    to_the_foot(page)
    expect(main).to_have_text("Next: distance")
    main.click()
    seen(result, "Distance: 100 yards")
    reaction = stage(page, "reaction")
    physical(reaction, "3 4", "Use physical dice")
    to_the_foot(page)
    expect(main).to_have_text("Next: reaction")
    main.click()
    seen(result, "Reaction 7: Uncertain, confused")
    initiative = stage(page, "initiative")
    physical(initiative, "5 2", "Use physical dice")
    to_the_foot(page)
    expect(main).to_have_text("Next: round 1")
    main.click()
    seen(result, "Round 1: the party acts first")
    # The party flees: three lizard men pursue, which nobody typed.
    stage(page, "action").get_by_role("button", name="Evade", exact=True).click()
    evasion = stage(page, "evasion")
    expect(evasion.get_by_role("spinbutton", name="Creatures pursuing")).to_have_value("3")
    physical(evasion, "40", "Use physical dice")
    to_the_foot(page)
    evasion.get_by_role("button", name="Try to evade").click()
    # The finished step folds to its one line, which says the result; the headline too.
    seen(
        evasion.locator("[data-summary='evasion']"),
        "· Evasion succeeds: the fleeing side gets away.",
    )
    expect(evasion).not_to_have_attribute("open", "")
    # An evasion the rules rule out now is off, and says why.
    try_again = stage(page, "evasion").get_by_role("button", name="Try to evade")
    expect(try_again).to_be_disabled()
    expect(try_again).to_have_accessible_description(
        "The fleeing side got away already: there is nothing to evade. End it."
    )
    expect(result).to_have_text("Evasion succeeds: the fleeing side gets away.")
    # Nothing from before the escape is offered: no next round, no fight.
    expect(main).to_have_text("End the encounter")
    fight = stage(page, "action").get_by_role("button", name="Fight")
    expect(fight).to_be_disabled()
    main.click()
    seen(result, "The encounter is over; the day's travel goes on.")
    expect(main).to_have_text("Continue exploring")
    ended = stage(page, "conclusion")
    expect(ended.get_by_role("button", name="End the encounter")).to_be_disabled()
    expect(ended).to_contain_text("This encounter is over already")
    main.click()
    expect(turn.get_by_role("button", name="Run the encounter")).to_be_hidden()
    # The wilderness clock still speaks in days: the encounter was part of day 3.
    over = "Day 3: the encounter is over; the day's travel goes on."
    expect(title).to_have_text(over)
    expect(title).to_be_in_viewport()
    go(page, "Encounter")
    expect(main).to_have_text("Continue exploring")
    expect(main).not_to_contain_text("round")

    # A saving throw on Tests, taken back by Undo; a reload loses nothing.
    go(page, "Tests")
    expect(page.get_by_role("radio", name="OSE saving throw")).to_be_checked()
    page.get_by_role("textbox", name="What is rolled").fill("Breath of the bog")
    page.get_by_role("spinbutton", name="Saving throw value").fill("12")
    page.locator("[data-bind='ose-tests']").get_by_text("Use physical dice").click()
    page.get_by_role("textbox", name="d20 face you rolled").fill("15")
    to_the_foot(page)
    page.get_by_role("button", name="Roll 1d20").click()
    check = page.locator("[data-bind='ose-check-title']")
    seen(check, "Breath of the bog: saved (15 against 12)")
    # A tab the phone killed comes back with the last result where it was.
    reload_app(page)
    go(page, "Tests")
    expect(check).to_have_text("Breath of the bog: saved (15 against 12)")
    undo(page)
    expect(page.locator(".log-entry").first).to_contain_text("(undone)")
    go(page, "Tests")
    expect(check).not_to_contain_text("saved")
    reload_app(page)
    go(page, "Tests")
    expect(check).not_to_contain_text("saved")
    expect(page.get_by_role("spinbutton", name="Saving throw value")).to_have_value("12")
    go(page, "Explore")
    expect(title).to_have_text(over)
    expect(turn.locator("[data-bind='oseturn-day']")).to_have_text("3")
    expect(turn.get_by_role("button", name="Run the encounter")).to_be_hidden()
    expect(turn.get_by_role("combobox", name="Location")).to_have_value("ose-ex-fen-road")
    go(page, "Encounter")
    expect(page.locator("[data-bind='encounter-stats']")).to_have_text(
        "Number appearing: 3; HD 2+1, AC 5, ML 12, TT D"
    )
    expect(main).to_have_text("Continue exploring")
    go(page, "Log")
    expect(page.locator(".log-entry .title").nth(1)).to_have_text(
        "The encounter is over; the day's travel goes on."
    )
    # Travel goes on with the next day.
    go(page, "Explore")
    physical(turn, "6 6", "Type the faces of real dice")
    turn.get_by_role("button", name="Next day").click()
    seen(title, "Day 4: 12 miles through Swamp; no wandering monsters.")


@pytest.mark.first_start
def test_a_gurps_session_three_travel_turns_wolves_at_a_distance_a_roll_undone(
    page: Page, base: str
) -> None:
    start_with(page, base, "GURPS / Dungeon Fantasy")
    travel = page.get_by_role("region", name="GURPS wilderness travel")
    title = travel.locator("[data-bind='travel-title']")
    travel.get_by_role("combobox", name="Location").select_option(
        label="Example: The old logging road"
    )
    for faces, said in (
        ("4", "Encounter Die 4: Nothing happens."),
        ("5", "Encounter Die 5: Nothing happens."),
        ("1 1 4", "Encounter Die 1: An encounter happens now."),
    ):
        physical(travel, faces, "Roll the travel check with your own dice")
        to_the_foot(page)
        travel.get_by_role("button", name="Next travel turn").click()
        seen(title, said)
    seen(travel.locator("[data-bind='travel-met']"), "Met: 4 wolves, thin after the winter.")
    meet = travel.get_by_role("button", name="Work out the distance (GURPS)")
    meet.click()

    # Side B and the terrain come from the row and the location: nothing typed by hand.
    side_b = page.get_by_role("group", name="Side B", exact=True)
    expect(side_b.get_by_role("textbox", name="Name of the side")).to_have_value(
        "4 wolves, thin after the winter."
    )
    expect(side_b.get_by_role("spinbutton", name="Group size")).to_have_value("4")
    expect(side_b.get_by_role("spinbutton", name="Vision", exact=True)).to_have_value("12")
    expect(side_b.get_by_role("spinbutton", name="Stealth", exact=True)).to_have_value("13")
    gurps = page.locator("[data-procedure='gurps']")
    expect(gurps.get_by_role("combobox", name="Terrain")).to_have_value("forest_deciduous")

    # The distance procedure to its end, its result in view.
    gurps.get_by_text("Use physical dice").click()
    gurps.get_by_role("textbox", name="Maximum encounter distance: dice total").fill("15")
    to_the_foot(page)
    gurps.get_by_role("button", name="Find the distance").click()
    result = page.locator("[data-bind='gurps-title']")
    expect(result).to_contain_text("The encounter starts at")
    expect(result).to_be_in_viewport()
    # Explore no longer offers the encounter that was just run.
    go(page, "Explore")
    expect(meet).to_be_hidden()
    expect(title).to_have_text("Encounter Die 1: An encounter happens now.")

    # A success roll on Tests, taken back by Undo; a reload loses nothing.
    go(page, "Tests")
    expect(page.get_by_role("radio", name="GURPS success roll")).to_be_checked()
    roll = page.get_by_role("group", name="Success roll", exact=True)
    roll.get_by_role("textbox", name="What is rolled").fill("Tracking")
    roll.get_by_role("textbox", name="Skill").fill("13")
    page.locator("[data-bind='gurps-roll']").get_by_text("Use physical dice").click()
    page.get_by_role("textbox", name="3d6 total you rolled").fill("9")
    to_the_foot(page)
    page.get_by_role("button", name="Roll 3d6").click()
    rolled = page.locator("[data-bind='gurps-test-title']")
    seen(rolled, "Tracking (effective 13): success by 4")
    # A tab the phone killed comes back with the last results where they were.
    reload_app(page)
    go(page, "Tests")
    expect(rolled).to_have_text("Tracking (effective 13): success by 4")
    go(page, "Encounter")
    expect(result).to_contain_text("The encounter starts at")
    undo(page)
    expect(page.locator(".log-entry").first).to_contain_text("(undone)")
    go(page, "Tests")
    expect(rolled).not_to_contain_text("success by 4")
    reload_app(page)
    go(page, "Tests")
    expect(rolled).not_to_contain_text("success by 4")
    expect(roll.get_by_role("textbox", name="Skill")).to_have_value("13")
    go(page, "Explore")
    expect(title).to_have_text("Encounter Die 1: An encounter happens now.")
    expect(travel.locator("[data-bind='travel-turn']")).to_have_text("3")
    expect(meet).to_be_hidden()
    go(page, "Encounter")
    expect(side_b.get_by_role("spinbutton", name="Group size")).to_have_value("4")
    expect(gurps.get_by_role("combobox", name="Terrain")).to_have_value("forest_deciduous")
    expect(result).to_contain_text("The encounter starts at")


@pytest.mark.first_start
def test_an_end_of_the_world_session_three_turns_scavengers_an_opposed_test_undone(
    page: Page, base: str
) -> None:
    start_with(page, base, "The End of the World")
    go(page, "Crew")
    add_ana(page)
    go(page, "Explore")
    page.get_by_role("radio", name="Liminal Horror checks").check()
    checks = page.locator("[data-panel='checks']")
    checks.get_by_role("radio", name="Encounter Die").check()
    checks.get_by_role("combobox", name="Location").select_option(
        label="Example: The flooded supermarket"
    )
    title = checks.locator("[data-bind='result-title']")
    for faces, said in (
        ("4", "Encounter Die 4: Nothing happens."),
        ("5", "Encounter Die 5: Nothing happens."),
        ("1 1", "Encounter Die 1: An encounter happens now."),
    ):
        physical(checks, faces, "Use physical dice")
        to_the_foot(page)
        checks.get_by_role("button", name="Play a turn").click()
        seen(title, said)
    seen(
        checks.locator("[data-bind='result-met']"),
        "Met: Scavengers pushing a trolley full of batteries.",
    )
    meet = checks.get_by_role("button", name="Roll their reaction")
    meet.click()
    expect(page.locator("[data-bind='encounter-stats']")).to_have_text(
        "DEX 2, VIT 2, LOG 1, WIL 1, CHA 2, EMP 1"
    )
    reaction = page.locator("[data-procedure='reaction']")
    physical(reaction, "3 4", "Use physical dice")
    to_the_foot(page)
    reaction.get_by_role("button", name="Roll reaction").click()
    seen(reaction.locator("[data-bind='reaction-result-title']"), "Reaction 7: Curious")

    # Tests: the scavengers' side of an opposed test is filled from the row.
    go(page, "Tests")
    tests = page.locator("[data-screen='tests']")
    tests.get_by_text("Opposed test", exact=True).click()
    name = page.get_by_role("textbox", name="Contestant's name")
    expect(name).to_have_value("Scavengers pushing a trolley full of batteries")
    expect(page.get_by_role("combobox", name="Characteristic")).to_have_value("dexterity")
    expect(page.get_by_role("combobox", name="Value")).to_have_value("2")
    expect(page.get_by_role("combobox", name="Who is tested")).to_have_value("")
    page.get_by_role("button", name="Add this pool as a contestant").click()
    page.get_by_role("combobox", name="Who is tested").select_option(label="Ana")
    expect(page.get_by_role("combobox", name="Value")).to_have_value("4")
    page.get_by_role("button", name="One die more: Danger or difficulty").click()
    page.get_by_role("button", name="Add this pool as a contestant").click()
    # Ana is the whole crew and is in: the choice stays, never silently blank.
    who = page.get_by_role("combobox", name="Who is tested")
    expect(who.locator("option:checked")).to_have_text("Ana")
    expect(page.locator("[data-bind='contestants'] .label")).to_have_text(
        [
            "Scavengers pushing a trolley full of batteries: Dexterity 2,"
            " 1 positive and 0 negative dice",
            "Ana: Dexterity 4, 1 positive and 1 negative dice",
        ]
    )
    # The scavengers roll 3 (no success against 2); Ana 2 (a success) and 5 (stress).
    page.get_by_role("textbox", name="Faces rolled, in order (optional)").fill("3 2 5")
    to_the_foot(page)
    page.get_by_role("button", name="Roll the opposed test").click()
    outcome = page.locator("[data-bind='test-title']")
    seen(outcome, "Ana wins the opposed test.")
    give = page.get_by_role("button", name="Give 1 stress (Physical) to Ana")
    give.click()
    stress = page.locator("[data-bind='opposed-stress']")
    expect(stress).to_have_text("Stress track (Physical): 0 → 1 of 9 boxes")
    go(page, "Crew")
    ana = page.get_by_role("article", name="Ana")
    expect(ana.get_by_role("img", name="Physical stress 1 of 9")).to_be_visible()
    undo(page)
    expect(page.locator(".log-entry").first).to_contain_text("(undone)")
    go(page, "Crew")
    expect(ana.get_by_role("img", name="Physical stress 0 of 9")).to_be_visible()

    # The encounter is over: Explore no longer offers its reaction roll.
    go(page, "Explore")
    expect(title).to_have_text("Encounter Die 1: An encounter happens now.")
    expect(meet).to_be_hidden()
    reload_app(page)
    expect(title).to_have_text("Encounter Die 1: An encounter happens now.")
    expect(meet).to_be_hidden()
    expect(page.locator("[data-bind='turn']")).to_have_text("3")
    go(page, "Crew")
    expect(ana.get_by_role("img", name="Physical stress 0 of 9")).to_be_visible()
    go(page, "Tests")
    tests.get_by_text("Opposed test", exact=True).click()
    expect(page.locator("[data-bind='contestants'] .label")).to_have_count(2)
    # The last result comes back where it was, from the log.
    expect(outcome).to_have_text("Ana wins the opposed test.")


@pytest.mark.first_start
def test_a_liminal_horror_session_three_turns_townsfolk_the_sheriff_reaction_undone(
    page: Page, base: str
) -> None:
    start_with(page, base, "Liminal Horror")
    checks = page.locator("[data-panel='checks']")
    checks.get_by_role("radio", name="Encounter Die").check()
    checks.get_by_role("combobox", name="Location").select_option(label="Example: Main Street")
    title = checks.locator("[data-bind='result-title']")
    met = checks.locator("[data-bind='result-met']")
    meet = checks.get_by_role("button", name="Roll their reaction")
    # 1 brings an encounter: a 2 on Main Street's d6 is the townsfolk, 2 on their
    # [[1d4+1]] makes three of them; then a quiet turn; then the sheriff.
    for faces, said, who in (
        (
            "1 2 2",
            "Encounter Die 1: An encounter happens now.",
            "Met: 3 townsfolk stand facing the church in silence.",
        ),
        ("4", "Encounter Die 4: Nothing happens.", ""),
        (
            "1 4",
            "Encounter Die 1: An encounter happens now.",
            "Met: Sheriff Dunmore wants to know why you are asking questions.",
        ),
    ):
        physical(checks, faces, "Use physical dice")
        to_the_foot(page)
        checks.get_by_role("button", name="Next turn").click()
        seen(title, said)
        if who:
            seen(met, who)
        else:
            expect(met).to_be_hidden()
    meet.click()

    # The Encounter screen: Cairn's reaction table, the sheriff named, nothing typed.
    expect(page.locator("[data-bind='encounter-creature']")).to_contain_text("Sheriff Dunmore")
    reaction = page.locator("[data-procedure='reaction']")
    reaction_title = reaction.locator("[data-bind='reaction-result-title']")
    physical(reaction, "1 2", "Use physical dice")
    to_the_foot(page)
    reaction.get_by_role("button", name="Roll reaction").click()
    seen(reaction_title, "Reaction 3: Wary")
    go(page, "Explore")
    expect(meet).to_be_hidden()  # the sheriff's reaction is rolled: not offered again

    # Undo takes the reaction back: Explore offers it again, the panel shows no result.
    undo(page)
    expect(page.locator(".log-entry").first).to_contain_text("(undone)")
    go(page, "Explore")
    expect(meet).to_be_visible()
    meet.click()
    expect(reaction_title).to_have_text("Roll 2d6 when the creature's attitude is not obvious.")
    physical(reaction, "5 4", "Use physical dice")
    reaction.get_by_role("button", name="Roll reaction").click()
    seen(reaction_title, "Reaction 9: Kind")

    # A test on Tests, its result in view; a reload loses nothing.
    go(page, "Tests")
    page.get_by_role("combobox", name="Value").select_option("3")
    page.locator("[data-screen='tests'] .eotw-tests").get_by_text("Use physical dice").click()
    page.get_by_role("textbox", name="Positive faces").fill("2")
    to_the_foot(page)
    page.get_by_role("button", name="Roll", exact=True).click()
    seen(page.locator("[data-bind='test-title']"), "Success: 1 success, 0 stress")
    reload_app(page)
    expect(title).to_have_text("Encounter Die 1: An encounter happens now.")
    expect(met).to_have_text("Met: Sheriff Dunmore wants to know why you are asking questions.")
    expect(meet).to_be_hidden()
    expect(page.locator("[data-bind='turn']")).to_have_text("3")

"""What a tap answers appears beside it (issue 44, items 4 and 5): a refusal, or a request
for more input, is said where the tap's result would have gone, announced and inside the
free part of the screen (between the sticky header and the bars at the bottom), with the
result of an earlier tap out of the way; a result drawn under a bar is brought out."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Locator, Page, expect

from .conftest import open_app
from .test_carry import go, physical, start_with
from .test_eotw import add_ana, go_to_crew, go_to_tests
from .test_session_flow import seen, stage
from .walk import in_free_view


def to_the_foot(page: Page) -> None:
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")


def refusal(page: Page, text: str) -> Locator:
    """The refusal on show: announced, saying ``text``, in the free part of the screen,
    and not (only) in the banner at the top."""
    said = page.locator("main").get_by_role("alert").filter(has_text=text)
    expect(said).to_have_count(1)
    in_free_view(said)
    expect(page.locator("#notices")).not_to_contain_text(text)
    return said


def test_eotw_typed_dice_short_of_the_pool_are_refused_in_place_of_the_result(
    page: Page, base: str
) -> None:
    open_app(page, base, "?seed=3")
    go_to_tests(page)
    page.locator("[data-screen='tests'] .eotw-tests").get_by_text("Use physical dice").click()
    page.get_by_role("textbox", name="Positive faces").fill("6")
    page.get_by_role("button", name="Roll", exact=True).click()
    title = page.locator("[data-bind='test-title']")
    expect(title).not_to_have_text("Build the pool, check the odds, then roll.")
    # Two positive dice now, one face typed: more dice are needed, said where the
    # result goes, and the last roll's result does not stand beside it.
    page.get_by_role("button", name="One die more: Equipment").click()
    page.get_by_role("textbox", name="Positive faces").fill("6")
    to_the_foot(page)
    page.get_by_role("button", name="Roll", exact=True).click()
    refusal(page, "More dice are needed")
    expect(title).to_be_hidden()
    # The next roll answers for itself: the refusal goes, its result shows.
    page.get_by_role("textbox", name="Positive faces").fill("6 2")
    page.get_by_role("button", name="Roll", exact=True).click()
    expect(page.get_by_role("alert").filter(has_text="More dice are needed")).to_have_count(0)
    in_free_view(title)


def test_testing_a_character_out_of_play_is_refused_in_view(page: Page, base: str) -> None:
    open_app(page, base, "?seed=1")
    add_ana(page)
    ana = page.get_by_role("article", name="Ana")
    for _ in range(9):
        ana.get_by_role("button", name="Add 1 stress (Physical)").click()
    go_to_tests(page)
    page.get_by_role("combobox", name="Who is tested").select_option(
        label="Ana (cannot be tested now)"
    )
    to_the_foot(page)
    page.get_by_role("button", name="Roll", exact=True).click()
    refusal(page, "Ana cannot be tested now")
    go_to_crew(page)
    expect(page.get_by_role("alert").filter(has_text="Ana cannot be tested now")).to_have_count(0)


def test_a_table_rolled_or_saved_from_its_editor_says_so_in_view(page: Page, base: str) -> None:
    open_app(page, base, "?seed=5")
    go(page, "Tables")
    page.get_by_role("button", name="New table").click()
    page.get_by_role("textbox", name="Table name").fill("Sewer")
    page.get_by_role("textbox", name="Die (empty: every entry equally likely)").fill("d6")
    for _ in range(5):
        page.get_by_role("button", name="Add an entry").click()
    for index in range(6):
        page.get_by_role("textbox", name="Faces").nth(index).fill(str(index + 1))
        page.get_by_role("textbox", name="Entry text").nth(index).fill(f"{index + 1} rats")
    page.get_by_role("textbox", name="Table name").focus()  # the editor's top in view
    editor = page.locator("[data-bind='table-editor']")
    line = editor.locator("[data-bind='edit-result']")
    editor.get_by_role("button", name="Save the table").click()
    expect(line).to_have_text("Table saved: Sewer")
    in_free_view(line)
    page.get_by_role("textbox", name="Table name").focus()
    editor.get_by_role("button", name="Roll this table").click()
    expect(line).to_have_text(re.compile(r"^Sewer: \d rats$"))
    in_free_view(line)
    # Typed faces short of the table's die are refused where the result goes, and the
    # last roll's result is out of the way.
    editor.get_by_text("Use physical dice").click()
    editor.get_by_role("textbox", name="Faces you rolled, in order").fill("9")
    page.get_by_role("textbox", name="Table name").focus()
    editor.get_by_role("button", name="Roll this table").click()
    refusal(page, "9 is not a face of a d6")
    expect(line).to_be_hidden()


def three_days_to_the_lizard_men(page: Page) -> Locator:
    """On the example's fen road: two quiet days, then the lizard men; the turn panel."""
    turn = page.locator("[data-panel='ose_turn']")
    turn.get_by_role("radio", name="Wilderness").check()
    turn.get_by_role("combobox", name="Location").select_option(label="Example: The fen road")
    # Each Next day is a whole travel day: its lost die (6: on course) comes first.
    for faces in ("6 6", "6 4", "6 1 5 3"):
        physical(turn, faces, "Type the faces of real dice")
        turn.get_by_role("button", name="Next day").click()
    expect(turn.locator("[data-bind='oseturn-met']")).to_have_text(
        "Met: 3 lizard men fishing from a sunken boat."
    )
    return turn


@pytest.mark.first_start
def test_an_ose_encounter_follows_the_rules_and_the_next_starts_fresh(
    page: Page, base: str
) -> None:
    start_with(page, base, "Old-School Essentials")
    turn = three_days_to_the_lizard_men(page)
    turn.get_by_role("button", name="Run the encounter").click()
    sequence = page.locator("[data-procedure='ose']")
    main = sequence.locator("[data-action='ose-next']")
    result = sequence.locator("[data-bind='ose-result-title']")
    # The pursuers' speed set for this encounter only.
    speed = stage(page, "evasion").get_by_role("spinbutton", name="Base speed of the pursuers")
    speed.fill("60")
    expect(speed).to_have_value("60")
    physical(stage(page, "surprise"), "4 5", "Use physical dice")
    main.click()
    seen(result, "Nobody is surprised.")
    # The finished step folds to its line, the next one opens.
    expect(sequence.locator("[data-stage='surprise']")).not_to_have_attribute("open", "")
    expect(sequence.locator("[data-stage='distance']")).to_have_attribute("open", "")
    # Fight chosen before any reaction: the main button offers the first round.
    stage(page, "action").get_by_role("button", name="Fight").click()
    expect(main).to_have_text("Next: round 1")
    main.click()
    seen(result, re.compile(r"^Round 1: "))
    # The next round tapped with its button at the top of the screen: the round's
    # result, above the button, is brought out from under the header.
    initiative = stage(page, "initiative")
    next_round = initiative.get_by_role("button", name="Next round")
    next_round.evaluate("(node) => window.scrollBy(0, node.getBoundingClientRect().top - 80)")
    next_round.click()
    seen(initiative.locator(".ose-stage-title"), re.compile(r"^Round 2: "))
    expect(main).to_have_text("Next: round 3")
    conclusion = stage(page, "conclusion")
    conclusion.get_by_role("button", name="End the encounter").click()
    # Explore no longer names who was met once the encounter is over.
    go(page, "Explore")
    expect(turn.locator("[data-bind='oseturn-met']")).to_be_hidden()
    # The next meeting: a fresh encounter, from the row and the location only, its
    # steps folded but the first.
    physical(turn, "6 1 5 3", "Type the faces of real dice")
    turn.get_by_role("button", name="Next day").click()
    turn.get_by_role("button", name="Run the encounter").click()
    expect(main).to_have_text("Next: surprise")
    steps = sequence.locator("details.ose-step")
    expect(sequence.locator("details.ose-step[open]")).to_have_count(1)
    expect(steps.first).to_have_attribute("open", "")
    expect(
        stage(page, "evasion").get_by_role("spinbutton", name="Base speed of the pursuers")
    ).to_have_value("120")
    expect(
        stage(page, "evasion").get_by_role("spinbutton", name="Creatures pursuing")
    ).to_have_value("3")


@pytest.mark.first_start
def test_the_encounter_tab_says_who_was_met_without_a_reaction_row(page: Page, base: str) -> None:
    start_with(page, base, "Liminal Horror")
    checks = page.locator("[data-panel='checks']")
    checks.get_by_role("radio", name="Encounter Die").check()
    checks.get_by_role("combobox", name="Location").select_option(label="Example: Main Street")
    physical(checks, "1 1", "Use physical dice")  # the postmistress: no reaction, no harm
    checks.get_by_role("button", name="Next turn").click()
    seen(
        checks.locator("[data-bind='result-met']"),
        "Met: The postmistress stops you: her husband sent her a letter. Postmarked today.",
    )
    go(page, "Encounter")
    expect(page.locator("[data-bind='encounter-creature']")).to_have_text(
        "Encounter with: The postmistress stops you: her husband sent her a letter."
        " Postmarked today."
    )

"""A row marked violent reaches the Encounter screen (Liminal Horror, the example's
Main Street): Explore says it is violent and offers the encounter, not a reaction as if
the creature might be friendly; the Encounter screen says so, and a reaction roll stays
one tap away. A reload keeps it; an Undo takes the violent turn back; a row asking for a
reaction offers the reaction."""

from __future__ import annotations

from playwright.sync_api import Locator, Page, expect

from .conftest import open_app, reload_app

GROCER = "Something wearing the grocer's face steps out of the shop window."
HORROR = "A horror: this encounter is violent."
PLAIN = "They mean harm: their attitude is plain, no reaction roll is needed."


def main_street_turn(page: Page, faces: str) -> Locator:
    """A Liminal Horror turn on the Encounter Die in the example's Main Street, its faces
    typed as physical dice; the Explore screen."""
    explore = page.locator("[data-screen='explore']")
    page.get_by_role("radio", name="Encounter Die").check()
    explore.get_by_role("combobox", name="Location").select_option(label="Example: Main Street")
    explore.get_by_text("Use physical dice").click()
    explore.get_by_role("textbox", name="Faces you rolled, in order").fill(faces)
    page.get_by_role("button", name="Next turn").click()
    return explore


def test_a_violent_row_on_explore_and_on_the_encounter_screen(page: Page, base: str) -> None:
    open_app(page, base)
    explore = main_street_turn(page, "1 6")
    faces = explore.get_by_role("textbox", name="Faces you rolled, in order")
    expect(explore.locator("[data-bind='result-met']")).to_have_text(f"Met: {GROCER}")
    expect(explore.locator("[data-bind='result-violent']")).to_have_text(HORROR)
    expect(explore.get_by_role("button", name="Roll their reaction")).to_be_hidden()

    explore.get_by_role("button", name="Run the encounter").click()
    encounter = page.locator("[data-screen='encounter']")
    expect(encounter.locator("[data-bind='encounter-creature']")).to_have_text(
        f"Encounter with: {GROCER}"
    )
    expect(encounter.locator("[data-bind='encounter-violent']")).to_have_text(HORROR)
    reaction = encounter.locator("[data-procedure='reaction']")
    expect(reaction.locator("[data-bind='reaction-result-title']")).to_have_text(PLAIN)
    expect(reaction.get_by_role("heading", name="Odds")).to_be_hidden()
    expect(reaction.get_by_role("button", name="Roll reaction", exact=True)).to_be_hidden()

    page.locator("[data-nav='log']").click()
    page.get_by_role("button", name="Undo last action").click()  # the violent turn
    page.locator("[data-nav='explore']").click()
    expect(explore.locator("[data-bind='result-violent']")).to_be_hidden()
    expect(explore.get_by_role("button", name="Run the encounter")).to_be_hidden()

    faces.fill("1 6")
    page.get_by_role("button", name="Next turn").click()
    expect(explore.locator("[data-bind='result-violent']")).to_have_text(HORROR)
    reload_app(page)
    expect(explore.locator("[data-bind='result-violent']")).to_have_text(HORROR)
    expect(explore.get_by_role("button", name="Run the encounter")).to_be_visible()
    page.locator("[data-nav='encounter']").click()
    expect(encounter.locator("[data-bind='encounter-violent']")).to_have_text(HORROR)
    expect(reaction.locator("[data-bind='reaction-result-title']")).to_have_text(PLAIN)
    # One tap still rolls a reaction, if the game master wants one.
    reaction.get_by_role("button", name="Roll a reaction anyway").click()
    expect(reaction.locator("[data-bind='reaction-result-title']")).to_contain_text("Reaction ")
    page.locator("[data-nav='explore']").click()

    # The sheriff's row asks for a reaction: the reaction is offered, nothing violent.
    explore.get_by_text("Use physical dice").click()  # folded again after the reload
    faces.fill("1 4")
    page.get_by_role("button", name="Next turn").click()
    expect(explore.locator("[data-bind='result-violent']")).to_be_hidden()
    explore.get_by_role("button", name="Roll their reaction").click()
    expect(encounter.locator("[data-bind='encounter-violent']")).to_be_hidden()
    expect(reaction.get_by_role("button", name="Roll reaction", exact=True)).to_be_visible()
    expect(reaction.get_by_role("heading", name="Odds")).to_be_visible()

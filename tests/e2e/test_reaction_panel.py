"""The Encounter screen's reaction roll panel, as Liminal Horror's game master uses it."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from .conftest import open_app, reload_app
from .test_games_gurps_eotw import choose_game


def open_reaction(page: Page) -> None:
    page.get_by_role("button", name="Encounter", exact=True).click()
    page.get_by_role("radio", name="Reaction roll").check()


def test_a_reload_keeps_the_last_reaction_rolled(page: Page, base: str) -> None:
    """A phone drops the page after a reaction roll: opened again, the panel shows the
    roll, its headline and how it was worked out, not the prompt to roll."""
    open_app(page, base, "?seed=1")
    open_reaction(page)
    reaction = page.locator("[data-procedure='reaction']")
    title = reaction.locator("[data-bind='reaction-result-title']")
    steps = reaction.locator("[data-bind='reaction-result-steps'] li")
    expect(title).to_have_text("Roll 2d6 when the creature's attitude is not obvious.")
    reaction.get_by_role("button", name="Roll reaction").click()
    expect(title).to_have_text(re.compile(r"^Reaction \d+: \w"))
    said, worked_out = title.inner_text(), steps.all_text_contents()
    assert any(text.startswith("2d6: ") for text in worked_out)

    reload_app(page)
    open_reaction(page)
    expect(title).to_have_text(said)
    expect(steps).to_have_text(worked_out)
    page.get_by_role("button", name="Log").click()
    expect(page.locator(".log-entry").first).to_contain_text(said)


def test_gurps_reacts_on_its_own_3d6_table_with_typed_modifiers(page: Page, base: str) -> None:
    """A GURPS campaign's reaction roll is the Basic Set's Reaction Table (pp. B560-B561):
    3d6 plus the modifiers the game master types, eight bands, the odds before the roll.
    The faces 6, 5 and 4 make 15, +2 −1 makes 16: Very good. After a reload the roll is
    still there; The End of the World's panel says why it borrows Cairn's table."""
    open_app(page, base)
    choose_game(page, "gurps")
    open_reaction(page)
    reaction = page.locator("[data-procedure='reaction']")
    expect(reaction.locator("[data-bind='reaction-table']")).to_have_text("GURPS reaction table")
    expect(reaction.get_by_role("spinbutton", name="Speaker's Charisma (3–18)")).to_be_hidden()
    odds = reaction.locator("[data-bind='reaction-odds'] li")
    expect(odds).to_have_text(
        [
            "Modifier: 0",
            "Disastrous: 0.0%",
            "Very bad: 0.5%",
            "Bad: 8.8%",
            "Poor: 28.2%",
            "Neutral: 36.6%",
            "Good: 21.3%",
            "Very good: 4.6%",
            "Excellent: 0.0%",
        ]
    )
    modifiers = reaction.get_by_role("textbox", name="Reaction modifiers")
    modifiers.fill("+2 x")
    expect(odds).to_have_text(
        ["Write reaction modifiers as whole numbers with their signs, like +2 −1."]
    )
    modifiers.fill("+2 −1")
    expect(odds.first).to_have_text("Modifier: +1")
    expect(odds.last).to_have_text("Excellent: 0.5%")
    title = reaction.locator("[data-bind='reaction-result-title']")
    expect(title).to_have_text("Roll 3d6 when the creature's attitude is not obvious.")
    reaction.get_by_text("Use physical dice").click()
    reaction.get_by_role("textbox", name="Faces you rolled, in order").fill("6 5 4")
    reaction.get_by_role("button", name="Roll reaction").click()
    expect(title).to_have_text("Reaction 16: Very good")
    steps = reaction.locator("[data-bind='reaction-result-steps'] li")
    expect(steps).to_have_text(
        [
            "GURPS Basic Set, Reaction Table (pp. B560–B561): 3d6 plus modifiers.",
            "3d6: 6 + 5 + 4 = 15",
            "15 with modifier +1 makes 16",
            "16 on the reaction table: Very good",
        ]
    )
    reload_app(page)
    open_reaction(page)
    expect(title).to_have_text("Reaction 16: Very good")

    choose_game(page, "eotw")
    open_reaction(page)
    expect(reaction.locator("[data-bind='reaction-table']")).to_have_text("Cairn 2e reaction table")
    expect(reaction.locator("[data-bind='reaction-source']")).to_have_text(
        "Table from Cairn 2e: The End of the World has no reaction roll of its own."
    )
    expect(reaction.get_by_role("textbox", name="Reaction modifiers")).to_be_hidden()
    expect(odds.first).to_have_text("Hostile: 2.8%")

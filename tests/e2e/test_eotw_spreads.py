"""A new The End of the World character in a few taps (issue 44, item 10): a common
spread of the build points fills the six dropdowns in one tap, and they stay open to
change before the character is added."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from .conftest import open_app
from .test_eotw import go_to_crew

CHARACTERISTICS = ("Dexterity", "Vitality", "Logic", "Willpower", "Charisma", "Empathy")


def values_shown(page: Page, *values: str) -> None:
    form = page.locator("details.new-character")
    for name, value in zip(CHARACTERISTICS, values, strict=True):
        expect(form.get_by_role("combobox", name=name, exact=True)).to_have_value(value)


def test_a_character_made_with_a_spread_in_one_tap_and_a_name(page: Page, base: str) -> None:
    """Four taps: the Crew tab, "Most to Dexterity", the Name field (then "Ana" typed),
    "Add character". Spending the points over the six dropdowns took twelve taps of the
    fourteen before."""
    open_app(page, base, "?seed=3")
    go_to_crew(page)
    form = page.locator("details.new-character")
    expect(form).to_have_attribute("open", "")  # an empty crew opens it by itself
    spreads = form.get_by_role("group", name="Spend the points in one tap")
    expect(spreads.get_by_role("button")).to_have_text(
        ["Evenly", *(f"Most to {name}" for name in CHARACTERISTICS)]
    )
    spreads.get_by_role("button", name="Most to Dexterity").click()
    values_shown(page, "5", "3", "2", "2", "2", "2")
    expect(form.get_by_text("Points above 1: 10 of 10")).to_be_visible()
    form.get_by_role("textbox", name="Name", exact=True).fill("Ana")
    form.get_by_role("button", name="Add character").click()
    expect(page.locator("[data-bind='crew-title']")).to_have_text("Ana joins the crew.")
    card = page.locator("article.character").filter(has_text="Ana")
    expect(card.locator(".values")).to_have_text(
        "Dexterity 5 · Vitality 3 · Logic 2 · Willpower 2 · Charisma 2 · Empathy 2"
    )


def test_a_spread_is_a_start_the_dropdowns_still_change(page: Page, base: str) -> None:
    open_app(page, base, "?seed=3")
    go_to_crew(page)
    form = page.locator("details.new-character")
    form.get_by_role("button", name="Evenly").click()
    values_shown(page, "3", "3", "3", "3", "2", "2")
    # A point moved from Logic to Empathy: still the rule's ten points.
    form.get_by_role("combobox", name="Logic", exact=True).select_option("2")
    expect(form.get_by_text("Points above 1: 9 of 10")).to_be_visible()
    form.get_by_role("combobox", name="Empathy", exact=True).select_option("3")
    expect(form.get_by_text("Points above 1: 10 of 10")).to_be_visible()
    form.get_by_role("textbox", name="Name", exact=True).fill("Bo")
    form.get_by_role("button", name="Add character").click()
    card = page.locator("article.character").filter(has_text="Bo")
    expect(card.locator(".values")).to_have_text(
        "Dexterity 3 · Vitality 3 · Logic 2 · Willpower 3 · Charisma 2 · Empathy 3"
    )
    # The form folds; opened again it starts from 1 everywhere, and a spread fills it.
    expect(form).not_to_have_attribute("open", "")
    form.get_by_text("New character", exact=True).click()
    values_shown(page, "1", "1", "1", "1", "1", "1")
    form.get_by_role("button", name="Most to Empathy").click()
    values_shown(page, "2", "2", "2", "2", "3", "5")

"""The End of the World: what the rules rule out is refused on the Tests screen, with a
reason on show."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from .conftest import open_app
from .test_eotw import add_ana, go_to_crew, go_to_tests


def test_a_bonus_die_stays_with_its_contestant(page: Page, base: str) -> None:
    open_app(page, base)
    go_to_tests(page)
    page.get_by_role("combobox", name="Value").select_option("3")
    page.get_by_role("button", name="One die more: Equipment").click()
    page.get_by_role(
        "checkbox", name="Push yourself: one more positive and one more negative die"
    ).check()
    total = page.locator("[data-bind='pool-total']")
    expect(total).to_have_text("Pool: 3 positive and 1 negative dice")
    page.locator("[data-screen='tests']").get_by_text("Opposed test", exact=True).click()
    page.get_by_role("textbox", name="Contestant's name").fill("Ana")
    page.get_by_role("button", name="Add this pool as a contestant").click()
    # The next contestant starts from one positive die: no bonus die, no push.
    expect(total).to_have_text("Pool: 1 positive and 0 negative dice")
    expect(page.get_by_role("button", name="One die fewer: Equipment")).to_be_disabled()
    expect(
        page.get_by_role(
            "checkbox", name="Push yourself: one more positive and one more negative die"
        )
    ).not_to_be_checked()
    page.get_by_role("textbox", name="Contestant's name").fill("Rat")
    page.get_by_role("button", name="Add this pool as a contestant").click()
    contestants = page.locator("[data-bind='contestants'] .label")
    expect(contestants).to_have_text(
        [
            "Ana: Dexterity 3, 3 positive and 1 negative dice",
            "Rat: Dexterity 3, 1 positive and 0 negative dice",
        ]
    )
    # Ana's faces 1 5 6 and 5 (the fives cancel), the Rat's 2: one success each; Ana is
    # not stronger, so it is a draw, and each rolled only their own dice.
    page.get_by_role("textbox", name="Faces rolled, in order (optional)").fill("1 5 6 5 2")
    page.get_by_role("button", name="Roll the opposed test").click()
    expect(page.locator("[data-bind='test-title']")).to_have_text("The opposed test is a draw.")
    page.locator("[data-screen='tests']").get_by_text("How it was rolled").click()
    steps = page.locator("[data-bind='test-steps'] li")
    expect(steps.nth(0)).to_have_text("Ana: positive 1, 5, 6; negative 5; 0 stress")
    expect(steps.nth(1)).to_have_text("Rat: positive 2; negative –; 0 stress")


def test_out_of_play_cannot_be_tested_until_back(page: Page, base: str) -> None:
    open_app(page, base, "?seed=1")
    add_ana(page)
    ana = page.get_by_role("article", name="Ana")
    for _ in range(9):
        ana.get_by_role("button", name="Add 1 stress (Physical)").click()
    expect(ana.get_by_role("img", name="Physical stress 9 of 9")).to_be_visible()

    # A full track to settle: no plain test, and the screen says why.
    go_to_tests(page)
    chooser = page.get_by_role("combobox", name="Who is tested")
    chooser.select_option(label="Ana (cannot be tested now)")
    expect(chooser).to_have_accessible_description(
        "Ana cannot be tested now: the Physical track is full; cling to life or let go"
        " on Crew first."
    )
    page.get_by_role("button", name="Roll", exact=True).click()
    expect(page.locator("main .refusal")).to_contain_text("Ana cannot be tested now")
    expect(page.locator("[data-bind='test-title']")).to_have_text(
        "Build the pool, check the odds, then roll."
    )

    # She clings to life: out of play for now, still not tested.
    go_to_crew(page)
    ana.get_by_role("group", name="Full track (Physical)").get_by_role(
        "button", name="Cling to life"
    ).click()
    page.locator("[data-screen='tests'] .eotw-tests").get_by_text("Use physical dice").click()
    page.get_by_role("textbox", name="Positive faces").fill("1")
    page.get_by_role("button", name="Roll", exact=True).click()
    expect(page.locator("[data-bind='test-title']")).to_have_text(
        "Ana clings to life and is out of play for now."
    )
    refused = page.locator("[data-bind='test-refused']")
    expect(refused).to_have_text(
        "Ana cannot be tested now: out of play for now (Physical). Bring them back into play"
        " on Crew first."
    )
    page.locator("[data-screen='tests']").get_by_text("Opposed test", exact=True).click()
    page.get_by_role("button", name="Add this pool as a contestant").click()
    expect(page.locator("main .refusal")).to_contain_text("Bring them back into play on Crew first")
    expect(page.locator("[data-bind='contestants'] .label")).to_have_count(0)

    # Back in play: tested again.
    go_to_crew(page)
    ana.get_by_role("button", name="Back in play").click()
    go_to_tests(page)
    expect(chooser.locator("option:checked")).to_have_text("Ana")
    expect(refused).to_be_hidden()
    page.get_by_role("button", name="Roll", exact=True).click()
    expect(page.locator("[data-bind='test-title']")).to_contain_text("Ana: ")

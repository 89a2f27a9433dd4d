"""Crew, Tests and the EotW scene draw only what changed, and still show it all.

Each screen keeps its regions (a character's card, the odds, the result, the downtime
offers) and draws one again only when what it shows changed. These tests go where that
could go wrong for a game master: two characters and an Undo, a language switch with the
cards drawn, characters added and deleted after a render, a field typed on one card while
another changes, a stress given from Tests, downtime offers after a change on Crew.
"""

from __future__ import annotations

import re

from playwright.sync_api import Locator, Page, expect

from .conftest import open_app
from .test_eotw import BUILD, go_to_crew, go_to_tests
from .test_games_gurps_eotw import choose_game


def add_character(page: Page, name: str) -> None:
    go_to_crew(page)
    form = page.locator("[data-bind='new-character']")
    if not form.evaluate("node => node.open"):
        form.get_by_text("New character", exact=True).click()
    form.get_by_role("textbox", name="Name", exact=True).fill(name)
    for characteristic, value in BUILD.items():
        form.get_by_role("combobox", name=characteristic).select_option(value)
    form.get_by_role("button", name="Add character").click()
    expect(page.locator("[data-bind='crew-title']")).to_have_text(f"{name} joins the crew.")


def card(page: Page, name: str) -> Locator:
    return page.get_by_role("article", name=name)


def stress(page: Page, name: str, category: str, filled: int) -> None:
    """The card shows ``filled`` boxes of the track, and its "−" is enabled when any."""
    who = card(page, name)
    boxes = who.get_by_role("img", name=f"{category} stress {filled} of 9")
    expect(boxes).to_be_visible()
    expect(boxes.locator(".box.filled")).to_have_count(filled)
    expect(boxes.locator(".box")).to_have_count(9)
    less = who.get_by_role("button", name=f"Remove 1 stress ({category})")
    if filled:
        expect(less).to_be_enabled()
    else:
        expect(less).to_be_disabled()


def undo(page: Page) -> None:
    page.get_by_role("button", name="Log").click()
    page.get_by_role("button", name="Undo last action").click()
    go_to_crew(page)


def cards(page: Page) -> Locator:
    return page.locator("[data-bind='characters'] > article")


def test_stress_on_one_of_two_characters_and_undo_redraw_each_card_right(
    page: Page, base: str
) -> None:
    open_app(page, base, "?seed=1")
    add_character(page, "Ana")
    add_character(page, "Bo")
    expect(cards(page)).to_have_count(2)
    card(page, "Ana").get_by_role("button", name="Add 1 stress (Physical)").click()
    card(page, "Bo").get_by_role("button", name="Add 1 stress (Mental)").click()
    card(page, "Bo").get_by_role("button", name="Add 1 stress (Mental)").click()
    title = page.locator("[data-bind='crew-title']")
    expect(title).to_have_text(re.compile(r"^Bo takes 1 stress \(Mental\)"))
    stress(page, "Ana", "Physical", 1)
    stress(page, "Ana", "Mental", 0)
    stress(page, "Bo", "Mental", 2)
    stress(page, "Bo", "Physical", 0)

    undo(page)  # Bo's second box
    stress(page, "Bo", "Mental", 1)
    stress(page, "Ana", "Physical", 1)
    expect(title).to_have_text("Your crew: stress, traumas and goals. Changes are saved as you go.")
    undo(page)  # Bo's first
    stress(page, "Bo", "Mental", 0)
    stress(page, "Ana", "Physical", 1)
    undo(page)  # Ana's
    stress(page, "Ana", "Physical", 0)
    stress(page, "Bo", "Mental", 0)
    # The cards answer again after all that: the next tap lands on the right one.
    card(page, "Bo").get_by_role("button", name="Add 1 stress (Physical)").click()
    stress(page, "Bo", "Physical", 1)
    stress(page, "Ana", "Physical", 0)


def test_a_language_switch_redraws_the_cards_and_the_tests(page: Page, base: str) -> None:
    open_app(page, base, "?seed=1")
    add_character(page, "Ana")
    card(page, "Ana").get_by_role("button", name="Add 1 stress (Physical)").click()
    stress(page, "Ana", "Physical", 1)
    go_to_tests(page)
    expect(page.get_by_role("rowheader", name="At least one success")).to_be_visible()

    page.get_by_role("button", name="Settings").click()
    page.get_by_role("combobox", name="Language").select_option("cs")
    page.locator("[data-nav='crew']").click()
    ana = card(page, "Ana")
    expect(ana.get_by_role("img", name="Stres (Tělo): 1 z 9")).to_be_visible()
    expect(ana.get_by_role("button", name="Přidat 1 bod stresu (Tělo)")).to_be_visible()
    expect(ana.get_by_role("button", name="Smazat postavu")).to_be_visible()
    ana.get_by_role("button", name="Přidat 1 bod stresu (Tělo)").click()
    expect(ana.get_by_role("img", name="Stres (Tělo): 2 z 9")).to_be_visible()
    page.locator("[data-nav='tests']").click()
    expect(page.get_by_role("rowheader", name="Aspoň jeden úspěch")).to_be_visible()
    expect(
        page.get_by_role("combobox", name="Kdo se testuje").locator("option").first
    ).to_have_text("Nikdo z družiny")

    page.locator("[data-nav='settings']").click()
    page.locator("select[name='language']").select_option("en")
    go_to_crew(page)
    stress(page, "Ana", "Physical", 2)
    expect(card(page, "Ana").get_by_role("button", name="Delete character")).to_be_visible()


def test_characters_added_and_deleted_after_a_render_keep_their_order(
    page: Page, base: str
) -> None:
    open_app(page, base, "?seed=1")
    add_character(page, "Ana")
    go_to_tests(page)
    who = page.get_by_role("combobox", name="Who is tested").locator("option")
    expect(who).to_have_text(["Nobody from the crew", "Ana"])
    add_character(page, "Bo")
    add_character(page, "Cy")
    expect(cards(page).locator(".name")).to_have_text(["Ana", "Bo", "Cy"])
    # The new character's form starts afresh, and so does its count of points.
    page.get_by_text("New character", exact=True).click()
    expect(page.locator("[data-bind='build-points']")).to_have_text(
        re.compile(r"^Points above 1: 0 of 10")
    )
    go_to_tests(page)
    expect(who).to_have_text(["Nobody from the crew", "Ana", "Bo", "Cy"])

    go_to_crew(page)
    card(page, "Bo").get_by_role("button", name="Delete character").click()
    expect(cards(page).locator(".name")).to_have_text(["Ana", "Cy"])
    go_to_tests(page)
    expect(who).to_have_text(["Nobody from the crew", "Ana", "Cy"])
    undo(page)
    expect(cards(page).locator(".name")).to_have_text(["Ana", "Bo", "Cy"])
    # Bo's card is a new one and answers as the old did.
    card(page, "Bo").get_by_role("button", name="Add 1 stress (Social)").click()
    stress(page, "Bo", "Social", 1)
    stress(page, "Cy", "Social", 0)
    go_to_tests(page)
    expect(who).to_have_text(["Nobody from the crew", "Ana", "Bo", "Cy"])


def test_what_is_typed_on_one_card_stays_while_another_changes(page: Page, base: str) -> None:
    open_app(page, base, "?seed=1")
    add_character(page, "Ana")
    add_character(page, "Bo")
    bo = card(page, "Bo")
    bo.get_by_text("Add a trauma", exact=True).click()
    bo.get_by_role("textbox", name="Trauma name").fill("Fear of the dark")
    bo.get_by_role("combobox", name="Category").select_option("mental")
    # A keyboard user taps "+" twice on Ana's card: the focus stays on the button.
    plus = card(page, "Ana").get_by_role("button", name="Add 1 stress (Physical)")
    plus.focus()
    page.keyboard.press("Enter")
    stress(page, "Ana", "Physical", 1)
    expect(plus).to_be_focused()
    page.keyboard.press("Enter")
    stress(page, "Ana", "Physical", 2)
    # Bo's card was not drawn again: the form is as Bo's player left it.
    expect(bo.get_by_role("textbox", name="Trauma name")).to_have_value("Fear of the dark")
    expect(bo.get_by_role("combobox", name="Category")).to_have_value("mental")

    bo.get_by_role("button", name="Add trauma").click()
    expect(bo.get_by_role("textbox", name="Trauma 1: name")).to_have_value("Fear of the dark")
    # The form is emptied and closed for the next one.
    expect(bo.get_by_role("textbox", name="Trauma name")).to_be_hidden()
    bo.get_by_text("Add a trauma", exact=True).click()
    expect(bo.get_by_role("textbox", name="Trauma name")).to_have_value("")
    undo(page)
    expect(bo.get_by_role("textbox", name="Trauma 1: name")).to_have_count(0)
    stress(page, "Ana", "Physical", 2)


def test_a_roll_on_tests_is_drawn_and_its_stress_shows_on_the_card(page: Page, base: str) -> None:
    open_app(page, base, "?seed=1")
    add_character(page, "Ana")
    add_character(page, "Bo")
    go_to_tests(page)
    page.get_by_role("combobox", name="Who is tested").select_option(label="Bo")
    expect(page.get_by_role("combobox", name="Value")).to_have_value("4")  # his Dexterity
    page.get_by_role("button", name="One die more: Danger or difficulty").click()
    page.locator("[data-screen='tests'] .eotw-tests").get_by_text("Use physical dice").click()
    title = page.locator("[data-bind='test-title']")
    negative = page.get_by_role("list", name="Negative dice").get_by_role("listitem")
    page.get_by_role("textbox", name="Positive faces").fill("1")
    page.get_by_role("textbox", name="Negative faces").fill("2")
    page.get_by_role("button", name="Roll", exact=True).click()
    expect(title).to_have_text("Bo: Success: 1 success, 1 stress")
    expect(negative).to_have_text(["2 stress"])
    # The same pool again, other faces: the result is drawn anew, the odds stay.
    page.get_by_role("textbox", name="Positive faces").fill("5")
    page.get_by_role("textbox", name="Negative faces").fill("5")
    page.get_by_role("button", name="Roll", exact=True).click()
    expect(title).to_have_text("Bo: failure, 0 stress")
    expect(negative).to_have_text(["5 cancelled"])
    page.get_by_role("textbox", name="Positive faces").fill("1")
    page.get_by_role("textbox", name="Negative faces").fill("3")
    page.get_by_role("button", name="Roll", exact=True).click()
    expect(title).to_have_text("Bo: Success: 1 success, 1 stress")
    page.get_by_role("button", name="Give 1 stress (Physical) to Bo").click()
    expect(page.locator("[data-bind='stress-given']")).to_be_visible()
    expect(page.get_by_role("button", name="Give 1 stress (Physical) to Bo")).to_be_hidden()
    # A change of the pool redraws the odds.
    odds = page.get_by_role("row").filter(has=page.get_by_role("rowheader", name="Expected stress"))
    expect(odds.get_by_role("cell").first).not_to_have_text("0.00")
    page.get_by_role("button", name="One die fewer: Danger or difficulty").click()
    expect(odds.get_by_role("cell").first).to_have_text("0.00")

    go_to_crew(page)
    stress(page, "Bo", "Physical", 1)
    stress(page, "Ana", "Physical", 0)
    expect(page.locator("[data-bind='crew-title']")).to_have_text(
        re.compile(r"^Bo takes 1 stress \(Physical\)")
    )
    undo(page)
    stress(page, "Bo", "Physical", 0)


def test_downtime_offers_follow_the_crew(page: Page, base: str) -> None:
    open_app(page, base, "?seed=1")
    choose_game(page, "eotw")
    add_character(page, "Ana")
    page.get_by_role("navigation", name="Screens").get_by_role("button", name="Explore").click()
    page.get_by_role("radio", name="The End of the World scene").check()
    scene = page.get_by_role("region", name="This scene")
    scene.get_by_role("radio", name="Downtime scene").check()
    offer = scene.get_by_role(
        "button", name="Ana: work through 1 stress (Mental) into a trauma of severity 1"
    )
    expect(offer).to_have_count(0)

    go_to_crew(page)
    expect(page.get_by_role("radio", name="Downtime scene")).to_be_checked()
    card(page, "Ana").get_by_role("button", name="Add 1 stress (Mental)").click()
    page.get_by_role("navigation", name="Screens").get_by_role("button", name="Explore").click()
    expect(offer).to_be_visible()
    offer.click()
    expect(offer).to_have_count(0)
    treat = scene.get_by_role("button", name=re.compile(r"^Ana: treat unnamed trauma \(Mental\)"))
    expect(treat).to_be_visible()

    page.get_by_role("button", name="Log").click()
    page.get_by_role("button", name="Undo last action").click()
    page.get_by_role("navigation", name="Screens").get_by_role("button", name="Explore").click()
    expect(offer).to_be_visible()
    expect(treat).to_have_count(0)
    scene.get_by_role("radio", name="Social encounter").check()
    expect(offer).to_be_hidden()
    go_to_crew(page)
    expect(page.get_by_role("radio", name="Social encounter")).to_be_checked()
    card(page, "Ana").get_by_role("button", name="Remove 1 stress (Mental)").click()
    page.get_by_role("navigation", name="Screens").get_by_role("button", name="Explore").click()
    scene.get_by_role("radio", name="Downtime scene").check()
    expect(offer).to_have_count(0)
    expect(
        scene.get_by_text("Nobody has stress to work through or a trauma to treat.")
    ).to_be_visible()

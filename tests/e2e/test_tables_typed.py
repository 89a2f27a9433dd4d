"""Crew in OSE and GURPS campaigns, table rows with dice and typed physical dice, and
Settings search in every language, as a game master sees them."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from .conftest import open_app
from .test_games_gurps_eotw import choose_game, nav

# --- 16: Settings search finds a decision by its words in either language ----------------


def test_settings_search_finds_czech_words_in_an_english_app(page: Page, base: str) -> None:
    open_app(page, base)
    page.get_by_role("button", name="Settings").click()
    search = page.get_by_role("searchbox", name="Search the settings")
    search.fill("iniciativa")  # Czech, typed in the English app
    expect(page.get_by_role("status").filter(has_text="found")).to_have_text("1 setting found")
    expect(page.get_by_role("combobox", name="Initiative ties")).to_be_visible()
    search.fill("napeti")  # Czech without its accents: the Tension Die (kostka napětí)
    expect(page.get_by_role("spinbutton", name="Tension Die starting pool")).to_be_visible()
    expect(page.get_by_role("combobox", name="Initiative ties")).to_be_hidden()

    page.get_by_role("combobox", name="Language").select_option("cs")
    search = page.get_by_role("searchbox", name="Hledat v nastavení")
    search.fill("initiative")  # English, typed in the Czech app
    expect(page.get_by_role("combobox", name="Remízy v iniciativě")).to_be_visible()
    expect(page.get_by_role("status").filter(has_text="Nalezen")).to_have_text(
        "Nalezeno 1 nastavení"
    )
    search.fill("zzzz")
    expect(page.get_by_text("Hledání „zzzz“ neodpovídá žádnému nastavení.")).to_be_visible()


# --- 10: Crew shows the campaign game's own rolls first ----------------------------------


def test_crew_in_ose_and_gurps_opens_on_the_games_own_rolls(page: Page, base: str) -> None:
    open_app(page, base, "?seed=2")
    choose_game(page, "ose")
    nav(page, "Crew")
    own = page.get_by_role("region", name="Old-School Essentials: the party's rolls")
    expect(own).to_be_visible()
    eotw = page.locator("[data-bind='crew-eotw']")
    expect(eotw.get_by_text("The End of the World: scene, goals and characters")).to_be_visible()
    expect(page.get_by_role("heading", name="The group's goals")).to_be_hidden()  # closed
    expect(page.get_by_role("region", name="GURPS: the party's rolls")).to_be_hidden()
    own.get_by_role("button", name="Morale check").click()
    expect(page.get_by_role("radio", name="OSE morale check (2d6)")).to_be_checked()
    expect(page.get_by_role("button", name="Roll morale (2d6)")).to_be_in_viewport()

    nav(page, "Crew")  # The End of the World one tap away
    eotw.get_by_text("The End of the World: scene, goals and characters").click()
    expect(page.get_by_role("heading", name="The group's goals")).to_be_visible()

    choose_game(page, "gurps")
    nav(page, "Crew")
    gurps = page.get_by_role("region", name="GURPS: the party's rolls")
    expect(gurps).to_be_visible()
    expect(
        page.get_by_role("region", name="Old-School Essentials: the party's rolls")
    ).to_be_hidden()
    expect(page.get_by_role("heading", name="The group's goals")).to_be_hidden()
    gurps.get_by_role("button", name="Quick Contest").click()
    expect(page.get_by_role("radio", name="GURPS Quick Contest")).to_be_checked()

    choose_game(page, "eotw")  # The End of the World's own crew: open, no other game's rolls
    nav(page, "Crew")
    expect(page.get_by_role("heading", name="The group's goals")).to_be_visible()
    expect(page.get_by_role("region", name="GURPS: the party's rolls")).to_be_hidden()


# --- 14 and 13: a row's dice, as typed and as rolled with physical dice -------------------


def new_rats_table(page: Page) -> None:
    """On Tables: a new d6 table whose first entry is "2d4 rats" (without brackets)."""
    nav(page, "Tables")
    page.get_by_role("button", name="New table").click()
    page.get_by_role("textbox", name="Table name").fill("Cellar")
    page.get_by_role("textbox", name="Die (empty: every entry equally likely)").fill("d6")
    page.get_by_role("textbox", name="Faces").nth(0).fill("1-6")
    page.get_by_role("textbox", name="Entry text").nth(0).fill("2d4 rats")


def test_a_bare_2d4_is_previewed_and_made_a_rolled_number(page: Page, base: str) -> None:
    open_app(page, base)
    new_rats_table(page)
    row = page.get_by_role("listitem", name="Entry 1")
    expect(row.get_by_text("“2d4” is plain text: it is not rolled.")).to_be_visible()
    text = row.get_by_role("textbox", name="Entry text")
    text.fill("2d4 rats and d6 bats")  # the preview follows the typing
    expect(
        row.get_by_text("“2d4” is plain text: it is not rolled. “d6” is plain text")
    ).to_be_visible()
    row.get_by_role("button", name="Roll 2d4, d6 when the entry is drawn").click()
    expect(text).to_have_value("[[2d4]] rats and [[d6]] bats")
    expect(text).to_be_focused()
    expect(row.get_by_role("button", name="Roll 2d4, d6 when the entry is drawn")).to_be_hidden()
    expect(
        row.get_by_text(
            "[[2d4]] rolls 2 to 8 when the entry is drawn. [[d6]] rolls 1 to 6 when the entry is drawn."
        )
    ).to_be_visible()
    text.fill("Nothing but dust")
    expect(row.locator(".entry-dice")).to_be_hidden()

    # In Czech, dice written with k are read the same way.
    page.get_by_role("button", name="Settings").click()
    page.get_by_role("combobox", name="Language").select_option("cs")
    page.get_by_role("navigation", name="Obrazovky").get_by_role("button", name="Tabulky").click()
    row = page.get_by_role("listitem", name="Položka 1")
    text = row.get_by_role("textbox", name="Text položky")
    text.fill("2k4 krys")
    expect(row.get_by_text("„2k4“ je jen text: nehází se na to.")).to_be_visible()
    row.get_by_role("button", name="Házet 2k4, když padne tato položka").click()
    expect(text).to_have_value("[[2k4]] krys")
    expect(row.get_by_text("Když padne tato položka, hodí se [[2k4]]: 2 až 8.")).to_be_visible()


def test_typed_dice_ask_for_exactly_what_is_missing(page: Page, base: str) -> None:
    open_app(page, base)
    new_rats_table(page)
    page.get_by_role("button", name="Roll 2d4 when the entry is drawn").click()
    page.get_by_role("button", name="Save the table").click()
    editor = page.locator("[data-bind='table-editor']")
    editor.get_by_text("Use physical dice").click()
    typed = editor.get_by_role("textbox", name="Faces you rolled, in order")
    roll = editor.get_by_role("button", name="Roll this table")
    notices = page.locator("main .refusal")  # said where the result goes

    typed.fill("3")
    roll.click()
    asked = "More dice are needed: type 2d4 for [[2d4]]."
    expect(notices).to_contain_text(asked)
    expect(editor.locator("#edit-typed-error")).to_have_text(asked)  # beside the field, too
    expect(roll).to_be_in_viewport()  # the page stays on the editor
    typed.fill("3 2")
    roll.click()
    expect(notices).to_have_text("More dice are needed: type 1d4 for [[2d4]].")
    typed.fill("3 2 4")
    roll.click()
    line = editor.locator("[data-bind='edit-result']")
    expect(line).to_have_text("Cellar: 6 rats")
    expect(line).to_be_in_viewport()
    expect(roll).to_be_in_viewport()
    expect(notices).to_have_count(0)  # cleared by the roll
    expect(editor.get_by_text("More dice are needed")).to_be_hidden()
    expect(typed).to_have_value("")
    expect(page.locator("[data-bind='tables-result-title']")).to_have_text("Cellar: 6 rats")

    typed.fill("9")  # not a face of a d6: said as the roll would, and cleared by the next roll
    roll.click()
    expect(notices).to_have_text("9 is not a face of a d6: it shows 1 to 6.")
    typed.fill("1 1 1")
    roll.click()
    expect(line).to_have_text("Cellar: 2 rats")
    expect(notices).to_have_count(0)

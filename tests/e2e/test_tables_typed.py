"""Issue 34, items 10 (Crew in OSE and GURPS), 13 and 14 (table rows with dice, typed
physical dice), and 16 (Settings search in every language), as a game master sees them."""

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

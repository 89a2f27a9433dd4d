"""Settings and help, in the browser: the first start's question, Settings by
game with its search, and a help sheet from a screen."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Page, expect

from .conftest import open_app, reload_app, saved

QUESTION = "Which game does your table play?"


def go(page: Page, name: str) -> None:
    page.get_by_role("navigation").get_by_role("button", name=name, exact=True).click()


def settings_sections(page: Page) -> list[str]:
    return page.locator("[data-bind='rule-settings'] > details > summary").all_inner_texts()


@pytest.mark.first_start
def test_a_fresh_profile_is_asked_once_picks_ose_and_gets_its_example(
    page: Page, base: str
) -> None:
    open_app(page, base, "?seed=2")
    dialog = page.get_by_role("dialog", name=QUESTION)
    expect(dialog).to_be_visible()
    games = dialog.get_by_role("radio")
    expect(games).to_have_count(4)
    expect(dialog.get_by_role("radio", name="Liminal Horror")).to_be_checked()
    expect(dialog.get_by_role("radio", name="Liminal Horror")).to_be_focused()
    example = dialog.get_by_role("checkbox", name="Start with this game's example campaign")
    expect(example).to_be_checked()
    # By keyboard: the arrow moves to the next game, Tab reaches the switch and Start.
    page.keyboard.press("ArrowDown")
    expect(dialog.get_by_role("radio", name="Old-School Essentials")).to_be_checked()
    page.keyboard.press("Tab")
    expect(example).to_be_focused()
    page.keyboard.press("Tab")
    expect(dialog.get_by_role("button", name="Start")).to_be_focused()
    page.keyboard.press("Enter")
    expect(dialog).to_be_hidden()

    go(page, "Tables")
    tables = page.locator("[data-screen='tables']")
    expect(
        tables.get_by_role("button", name="Example: Wandering monsters in the cellars")
    ).to_be_visible()
    expect(tables.get_by_role("button", name="Example: Main Street encounters")).to_have_count(0)
    page.get_by_role("button", name="Settings").click()
    expect(page.get_by_role("combobox", name="Game")).to_have_value("ose")
    prefs = json.loads(saved(page).evaluate("localStorage.getItem('omen/prefs')"))
    assert (prefs["schema"], prefs["data"]["game_asked"]) == (3, True)

    reload_app(page)
    expect(page.get_by_role("dialog", name=QUESTION)).to_have_count(0)  # hidden: never shown
    expect(page.locator("[data-bind='game-dialog'][open]")).to_have_count(0)
    page.get_by_role("button", name="Settings").click()
    expect(page.get_by_role("combobox", name="Game")).to_have_value("ose")
    # The question is answered; the game stays changeable here.
    page.get_by_role("combobox", name="Game").select_option("gurps")
    reload_app(page)
    expect(page.locator("[data-bind='game-dialog'][open]")).to_have_count(0)
    page.get_by_role("button", name="Settings").click()
    expect(page.get_by_role("combobox", name="Game")).to_have_value("gurps")


@pytest.mark.first_start
def test_the_question_is_asked_again_after_a_reload_until_it_is_answered(
    page: Page, base: str
) -> None:
    open_app(page, base)
    expect(page.get_by_role("dialog", name=QUESTION)).to_be_visible()
    reload_app(page)  # the example tables were written meanwhile: still a first start
    dialog = page.get_by_role("dialog", name=QUESTION)
    expect(dialog).to_be_visible()
    dialog.get_by_role("radio", name="The End of the World").check()
    dialog.get_by_role("checkbox", name="Start with this game's example campaign").uncheck()
    dialog.get_by_role("button", name="Start").click()
    go(page, "Tables")
    tables = page.locator("[data-screen='tables']")
    expect(tables.get_by_role("button", name=re.compile("^Example: "))).to_have_count(0)
    page.get_by_role("button", name="Settings").click()
    expect(page.get_by_role("combobox", name="Game")).to_have_value("eotw")


@pytest.mark.first_start
def test_a_game_master_with_data_and_no_prefs_is_not_asked(page: Page, base: str) -> None:
    campaign = {"app": "omen", "kind": "campaign", "schema": 1,
                "data": {"name": "Old table", "game": "gurps", "settings": {}}}  # fmt: skip
    page.context.add_init_script(
        "if (!localStorage.getItem('omen/campaign')) localStorage.setItem('omen/campaign', "
        f"{json.dumps(json.dumps(campaign))});"
    )
    open_app(page, base)
    expect(page.locator("[data-bind='game-dialog'][open]")).to_have_count(0)
    expect(page.get_by_text("Old table")).to_be_visible()
    assert page.evaluate("localStorage.getItem('omen/prefs')") is None  # nothing written


@pytest.mark.first_start
def test_the_question_in_czech_and_escape_keeps_the_defaults(page: Page, base: str) -> None:
    page.context.add_init_script(
        "Object.defineProperty(navigator, 'languages', {get: () => ['cs-CZ', 'cs']});"
    )
    open_app(page, base)
    dialog = page.get_by_role("dialog", name="Jakou hru u vašeho stolu hrajete?")
    expect(dialog).to_be_visible()
    expect(
        dialog.get_by_role("checkbox", name="Začít s ukázkovou kampaní pro tuto hru")
    ).to_be_checked()
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    go(page, "Tabulky")
    tables = page.locator("[data-screen='tables']")
    expect(tables.get_by_role("button", name="Příklad: Setkání na Hlavní ulici")).to_be_visible()
    reload_app(page)
    expect(page.locator("[data-bind='game-dialog'][open]")).to_have_count(0)


def test_the_encounter_screen_leaves_the_settings_groups_in_sight(page: Page, base: str) -> None:
    """The Encounter screen shows the chosen procedure's panel and hides the others; the
    Settings screen's group for each procedure is not one of them, however the two are
    drawn (drawing the Encounter screen once hid every group but its own)."""
    open_app(page, base)
    go(page, "Encounter")
    go(page, "Settings")
    page.get_by_role("combobox", name="Game").select_option("ose")
    go(page, "Encounter")  # drawn again for the new game
    expect(page.get_by_role("button", name="Next: surprise")).to_be_visible()
    go(page, "Settings")
    expect(page.get_by_role("heading", name="The encounter sequence")).to_be_visible()
    page.get_by_role("combobox", name="Initiative ties").select_option("simultaneous")
    expect(page.get_by_role("combobox", name="Initiative ties")).to_have_value("simultaneous")


def test_settings_shows_the_games_decisions_first_and_the_others_closed_with_counts(
    page: Page, base: str
) -> None:
    open_app(page, base)
    page.get_by_role("button", name="Settings").click()
    page.get_by_role("spinbutton", name="Tension Die starting pool").fill("12")
    page.get_by_role("spinbutton", name="Tension Die starting pool").press("Tab")
    assert settings_sections(page) == [
        "Liminal Horror",
        "Every game",
        "Old-School Essentials\n0 decisions changed",
        "GURPS / Dungeon Fantasy\n0 decisions changed",
        "The End of the World\n0 decisions changed",
    ]
    page.get_by_role("combobox", name="Game").select_option("ose")
    sections = page.locator("[data-bind='rule-settings'] > details")
    assert settings_sections(page) == [
        "Old-School Essentials",
        "Every game",
        "Liminal Horror\n1 decision changed",
        "GURPS / Dungeon Fantasy\n0 decisions changed",
        "The End of the World\n0 decisions changed",
    ]
    expect(sections.nth(0)).to_have_attribute("open", "")
    for closed in (2, 3, 4):
        expect(sections.nth(closed)).not_to_have_attribute("open", "")
    ose = sections.nth(0)
    expect(ose.get_by_role("heading", level=4)).to_have_text(
        ["Dungeon turn and wilderness day", "The encounter sequence", "Evasion and pursuit"]
    )
    expect(ose.get_by_role("combobox", name="Initiative ties")).to_be_visible()
    expect(page.get_by_role("spinbutton", name="Tension Die starting pool")).to_be_hidden()
    page.get_by_role("combobox", name="Initiative ties").select_option("simultaneous")
    page.get_by_role("combobox", name="Game").select_option("eotw")
    # The End of the World, every game, then Liminal Horror, OSE and GURPS, closed.
    expect(sections.nth(3).locator("summary")).to_have_text(
        re.compile("^Old-School Essentials\\s+1 decision changed$")
    )
    # A closed section opens with a tap, and its settings work as ever.
    sections.nth(2).locator("summary").click()
    expect(page.get_by_role("spinbutton", name="Tension Die starting pool")).to_have_value("12")


def test_searching_finds_a_setting_in_english_and_in_czech(page: Page, base: str) -> None:
    open_app(page, base)
    page.get_by_role("button", name="Settings").click()
    search = page.get_by_role("searchbox", name="Search the settings")
    search.fill("initiative")
    expect(page.get_by_role("status").filter(has_text="found")).to_have_text("1 setting found")
    expect(page.get_by_role("combobox", name="Initiative ties")).to_be_visible()  # opened
    expect(page.get_by_role("spinbutton", name="Tension Die starting pool")).to_be_hidden()
    search.fill("zzzz")
    expect(page.get_by_text("No setting matches “zzzz”.")).to_be_visible()
    search.fill("")
    expect(page.get_by_role("spinbutton", name="Tension Die starting pool")).to_be_visible()
    expect(page.get_by_role("combobox", name="Initiative ties")).to_be_hidden()  # closed again

    page.get_by_role("combobox", name="Language").select_option("cs")
    search = page.get_by_role("searchbox", name="Hledat v nastavení")
    search.fill("iniciativa")
    expect(page.get_by_role("combobox", name="Remízy v iniciativě")).to_be_visible()
    expect(page.get_by_role("status").filter(has_text="Nalezen")).to_have_text(
        "Nalezeno 1 nastavení"
    )
    search.fill("napeti")  # no accents typed: finds the Tension Die (kostka napětí)
    expect(page.get_by_role("spinbutton", name="Počáteční zásobník kostky napětí")).to_be_visible()
    expect(page.get_by_role("combobox", name="Remízy v iniciativě")).to_be_hidden()


def test_a_help_sheet_opens_from_a_screen_and_from_settings(page: Page, base: str) -> None:
    open_app(page, base)
    opener = page.get_by_role("button", name="Help: Tension Die")
    opener.click()
    sheet = page.get_by_role("dialog", name="Tension Die")
    expect(sheet).to_be_visible()
    expect(sheet.get_by_role("listitem").first).to_have_text(
        "A pool of points starts at the number set below."
    )
    expect(sheet.get_by_text("Tension Die starting pool")).to_be_visible()  # from the registry
    expect(sheet.get_by_text("Now: 20", exact=True)).to_be_visible()
    expect(sheet.get_by_text(re.compile("^Liminal Horror SRD"))).to_be_visible()
    sheet.get_by_role("button", name="Close").click()
    expect(sheet).to_be_hidden()
    expect(opener).to_be_focused()  # back where the game master was

    page.get_by_role("button", name="Help: Encounter Die").click()
    sheet = page.get_by_role("dialog", name="Encounter Die")
    expect(
        sheet.get_by_text("Nothing to set: this procedure runs as the rules say.")
    ).to_be_visible()
    page.keyboard.press("Escape")

    page.get_by_role("button", name="Settings").click()
    page.get_by_role("button", name="Help: Voidcrawl").click()
    sheet = page.get_by_role("dialog", name="Voidcrawl")
    page.get_by_role("combobox", name="Voidcrawl: level of each face")  # listed on the sheet
    sheet.get_by_role("button", name="Open in Settings").click()
    expect(sheet).to_be_hidden()
    expect(page.get_by_role("combobox", name="Voidcrawl: level of each face")).to_be_in_viewport()

    page.get_by_role("combobox", name="Language").select_option("cs")
    go(page, "Setkání")
    page.locator("input[name='encounter-procedure'][value='ose']").check()
    page.get_by_role("button", name="Nápověda: Únik a pronásledování").click()
    sheet = page.get_by_role("dialog", name="Únik a pronásledování")
    expect(sheet.get_by_text("Náhodný směr útěku")).to_be_visible()
    expect(sheet.get_by_text(re.compile("^Old-School Essentials SRD"))).to_be_visible()


def shared_link(kind: str, record: object) -> str:
    from omen.campaign.share import encode_link

    return encode_link(kind, record)


def open_link(page: Page, base: str, fragment: str) -> None:
    page.goto(f"{base}/#{fragment}")
    page.locator("html[data-ready='true']").wait_for(state="attached")


@pytest.mark.first_start
def test_a_link_on_a_fresh_device_asks_the_import_first_then_the_game(
    page: Page, base: str
) -> None:
    from omen.campaign.share import share_table
    from omen.campaign.tables import Entry, Library, Table

    table = Table("ghouls", "Ghouls", "d2", (Entry("Two", 1, 1), Entry("Many", 2, 2)))
    open_link(page, base, shared_link("table", share_table(Library((table,)), "ghouls")))
    importer = page.get_by_role("dialog", name="Import")
    expect(importer).to_be_visible()
    expect(page.locator("dialog[open]")).to_have_count(1)  # one thing at a time
    importer.get_by_role("button", name="Import").click()
    question = page.get_by_role("dialog", name=QUESTION)
    expect(question).to_be_visible()
    expect(page.locator("dialog[open]")).to_have_count(1)
    question.get_by_role("radio", name="GURPS / Dungeon Fantasy").check()
    question.get_by_role("button", name="Start").click()
    expect(page.locator("dialog[open]")).to_have_count(0)
    go(page, "Tables")
    tables = page.locator("[data-screen='tables']")
    expect(tables.get_by_role("button", name="Ghouls")).to_be_visible()  # kept, not replaced
    reload_app(page)
    expect(page.locator("dialog[open]")).to_have_count(0)  # asked once, answered
    page.get_by_role("button", name="Settings").click()
    expect(page.get_by_role("combobox", name="Game")).to_have_value("gurps")

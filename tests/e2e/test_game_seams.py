"""The seams of a session that the game's shape decides: the screen reopened after a
reload, the opposed test's contestant named from the tested character, the overflow
stress point on the card, a restore on a fresh device, each game's own words, and the
build spreads of an End of the World character."""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import Page, expect

from .conftest import open_app, reload_app, saved
from .test_eotw import add_ana, ana_rolls_with_equipment_and_danger, go_to_tests
from .test_share import importer


def nav(page: Page, name: str):  # type: ignore[no-untyped-def]
    return page.get_by_role("navigation", name="Screens").get_by_role("button", name=name)


def test_a_reload_reopens_tests_with_the_stress_still_to_give(page: Page, base: str) -> None:
    open_app(page, base, "?seed=1")
    add_ana(page)
    ana_rolls_with_equipment_and_danger(page)
    give = page.get_by_role("button", name="Give 1 stress (Physical) to Ana")
    expect(give).to_be_visible()
    saved(page)

    reload_app(page)  # no tap: the stress waits on the screen the game master left
    expect(nav(page, "Tests")).to_have_attribute("aria-current", "page")
    expect(page.locator("[data-bind='test-title']")).to_have_text(
        "Ana: Success: 1 success, 1 stress"
    )
    expect(give).to_be_visible()
    expect(page.locator("[data-screen='explore']")).to_be_hidden()

    nav(page, "Explore").click()
    saved(page)
    reload_app(page)
    expect(nav(page, "Explore")).to_have_attribute("aria-current", "page")
    expect(page.locator("[data-screen='tests']")).to_be_hidden()


def test_a_stored_screen_the_page_does_not_know_opens_explore(page: Page, base: str) -> None:
    open_app(page, base)
    page.evaluate(
        "localStorage.setItem('omen/view', JSON.stringify("
        "{app: 'omen', kind: 'view', schema: 1, data: {screen: 'dungeon'}}))"
    )
    reload_app(page)
    expect(nav(page, "Explore")).to_have_attribute("aria-current", "page")
    go_to_tests(page)
    saved(page)
    reload_app(page)
    expect(nav(page, "Tests")).to_have_attribute("aria-current", "page")


def test_the_opposed_test_names_the_character_already_chosen(page: Page, base: str) -> None:
    """The tested character chosen before a reload (or by any other way than the
    chooser's own change) names the opposed test's next contestant."""
    open_app(page, base)
    add_ana(page)
    go_to_tests(page)
    page.get_by_role("combobox", name="Who is tested").select_option(label="Ana")
    saved(page)
    reload_app(page)
    page.locator("[data-screen='tests']").get_by_text("Opposed test", exact=True).click()
    name = page.get_by_role("textbox", name="Contestant's name")
    expect(name).to_have_value("Ana")
    page.get_by_role("button", name="Add this pool as a contestant").click()
    expect(page.locator("[data-bind='contestants'] li").first).to_contain_text("Ana")
    expect(name).to_have_value("")  # Ana is in already: the next one is named anew


def test_the_tenth_stress_point_shows_on_the_card(page: Page, base: str) -> None:
    open_app(page, base)
    add_ana(page)
    ana = page.get_by_role("article", name="Ana")
    more = ana.get_by_role("button", name="Add 1 stress (Physical)")
    for _ in range(9):
        more.click()
    track = ana.get_by_role("img", name="Physical stress 9 of 9")
    expect(track).to_be_visible()
    expect(ana.get_by_text("+1 over")).to_have_count(0)
    more.click()  # the tenth: it overflows the full track
    expect(ana.get_by_role("img", name="Physical stress 9 of 9, 1 over")).to_be_visible()
    expect(ana.get_by_text("+1 over", exact=True)).to_be_visible()
    ana.get_by_role("button", name="Remove 1 stress (Physical)").click()
    expect(ana.get_by_role("img", name="Physical stress 9 of 9")).to_be_visible()
    expect(ana.get_by_text("+1 over")).to_be_hidden()


def test_a_backup_on_a_device_with_only_the_example_is_restored_whole(
    page: Page, base: str, tmp_path: Path
) -> None:
    open_app(page, base, "?seed=1")
    page.get_by_role("button", name="Next turn").click()
    page.get_by_role("button", name="Next turn").click()
    expect(page.locator("[data-bind='turn']")).to_have_text("2")
    page.get_by_role("button", name="Settings").click()
    backup = tmp_path / "backup.json"
    with page.expect_download() as info:
        page.get_by_role("button", name="Export everything to a file").click()
    info.value.save_as(backup)

    page.evaluate("localStorage.clear()")  # a fresh phone: the example, nothing else
    reload_app(page)
    page.get_by_role("button", name="Settings").click()
    page.get_by_label("Import a file").set_input_files(str(backup))
    dialog = importer(page)
    restore = dialog.get_by_role("button", name="Restore the backup")
    add = dialog.get_by_role("button", name="Import", exact=True)
    expect(restore).to_have_class(re.compile(r"\bprimary\b"))
    expect(add).to_have_class(re.compile(r"\bsecondary\b"))
    expect(dialog.locator(".actions button").last).to_have_text("Restore the backup")
    ways = dialog.locator("[data-bind='import-ways'] li")
    expect(ways.first).to_have_text(
        re.compile(r"^Restore: \d+ tables, \d+ locations, turn 2 will replace what is here "
                   r"\(\d+ tables, \d+ locations, turn 0\)\.$")
    )  # fmt: skip
    expect(ways.last).to_have_text(re.compile(r"^Add as new: its \d+ tables, \d+ locations join"))
    # The example's names are here too, but restoring replaces them all: nothing to choose.
    expect(dialog.get_by_role("group", name=re.compile("already here"))).to_have_count(0)
    expect(dialog.get_by_role("combobox")).to_have_count(0)
    restore.click()
    expect(dialog).to_be_hidden()
    page.get_by_role("button", name="Explore").click()
    expect(page.locator("[data-bind='turn']")).to_have_text("2")

    # A device with a log of its own: adding as new stays the main button.
    page.get_by_role("button", name="Settings").click()
    page.get_by_label("Import a file").set_input_files(str(backup))
    expect(add).to_have_class(re.compile(r"\bprimary\b"))
    expect(dialog.locator(".actions button").last).to_have_text("Import")
    expect(ways.first).to_have_text(re.compile(r"^Add as new: "))
    # Adding as new is the choice now, so the names already here ask what to do.
    expect(dialog.get_by_role("group", name=re.compile("names are already here"))).to_be_visible()
    dialog.get_by_role("button", name="Cancel").click()


def test_the_restore_sentence_in_czech(page: Page, base: str, tmp_path: Path) -> None:
    open_app(page, base, "?seed=1")
    page.get_by_role("button", name="Settings").click()
    page.get_by_role("combobox", name="Language").select_option("cs")
    page.get_by_role("button", name="Průzkum", exact=True).click()
    for _ in range(3):
        page.get_by_role("button", name="Další směna", exact=True).click()
    page.get_by_role("button", name="Nastavení").click()
    backup = tmp_path / "backup.json"
    with page.expect_download() as info:
        page.get_by_role("button", name="Exportovat vše do souboru").click()
    info.value.save_as(backup)
    page.evaluate(
        "(() => { const p = localStorage.getItem('omen/prefs');"
        " localStorage.clear(); localStorage.setItem('omen/prefs', p); })()"
    )
    reload_app(page)
    page.get_by_role("button", name="Nastavení").click()
    page.get_by_label("Importovat soubor").set_input_files(str(backup))
    ways = page.locator("[data-bind='import-ways'] li")
    expect(ways.first).to_have_text(
        re.compile(r"^Obnovit: \d+ tabul(ka|ky|ek), \d+ míst(o|a)?, směna 3 ze zálohy nahradí, "
                   r"co je zde \(\d+ tabul(ka|ky|ek), \d+ míst(o|a)?, směna 0\)\.$")
    )  # fmt: skip

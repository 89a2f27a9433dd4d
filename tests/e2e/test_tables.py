"""The Tables screen and the Explore screen's locations and Voidcrawl, on a phone."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from .conftest import open_app, reload_app


def result(page: Page):  # type: ignore[no-untyped-def]
    return page.locator("[data-bind='result-title']")


def explore_steps(page: Page):  # type: ignore[no-untyped-def]
    return page.locator("[data-bind='result-steps'] li")


def go(page: Page, name: str) -> None:
    page.get_by_role("navigation", name="Screens").get_by_role("button", name=name).click()


def type_faces(page: Page, faces: str) -> None:
    box = page.get_by_role("textbox", name="Faces you rolled, in order")
    if not box.is_visible():
        page.locator("[data-screen='explore'] details.physical summary").click()
    box.fill(faces)


def test_a_new_table_rolls_on_explore_and_survives_a_reload(page: Page, base: str) -> None:
    open_app(page, base)
    go(page, "Tables")
    expect(page.get_by_text("An example campaign written for Omen")).to_be_visible()
    page.get_by_role("button", name="Clear the example").click()
    expect(page.get_by_role("button", name="Clear the example")).to_be_hidden()

    page.get_by_role("textbox", name="New location's name").fill("Old mill")
    page.get_by_role("button", name="Add the location").click()

    page.get_by_role("button", name="New table").click()
    page.get_by_role("textbox", name="Table name").fill("Mill encounters")
    page.get_by_role("textbox", name="Die (empty: every entry equally likely)").fill("d4")
    page.get_by_role("textbox", name="Faces").nth(0).fill("1-2")
    page.get_by_role("textbox", name="Entry text").nth(0).fill("A miller covered in flour")
    expect(page.get_by_text("Worth a look: faces 3-4 are not covered")).to_be_visible()
    page.get_by_role("button", name="Add an entry").click()
    page.get_by_role("textbox", name="Faces").nth(1).fill("3-4")
    page.get_by_role("textbox", name="Entry text").nth(1).fill("Rats in the grain")
    page.get_by_role("checkbox", name="Reaction roll").nth(0).check()
    page.get_by_role("textbox", name="Faces").nth(1).fill("2-4")
    expect(page.get_by_text("Must be fixed:").first).to_be_visible()
    expect(page.get_by_role("button", name="Save the table")).to_be_disabled()
    page.get_by_role("textbox", name="Faces").nth(1).fill("3-4")
    expect(page.get_by_role("button", name="Save the table")).to_be_enabled()
    page.get_by_role("button", name="Save the table").click()
    expect(page.get_by_role("button", name="Mill encounters")).to_be_visible()

    page.get_by_role("combobox", name="Encounter table of Old mill").select_option(
        label="Mill encounters"
    )

    go(page, "Explore")
    page.get_by_role("radio", name="Encounter Die").check()
    page.get_by_role("combobox", name="Location").select_option(label="Old mill")
    type_faces(page, "1 2")
    page.get_by_role("button", name="Next turn").click()
    expect(result(page)).to_have_text("Encounter Die 1: An encounter happens now.")
    expect(page.get_by_text("Met: A miller covered in flour")).to_be_visible()
    page.locator("[data-bind='result-details'] summary").click()
    expect(explore_steps(page).filter(has_text="2 falls in 1-2")).to_have_count(1)
    page.get_by_role("button", name="Roll their reaction").click()
    expect(page.get_by_text("Encounter with: A miller covered in flour")).to_be_visible()

    reload_app(page)
    expect(page.get_by_role("combobox", name="Location")).to_have_value("old-mill")
    go(page, "Tables")
    expect(page.get_by_role("button", name="Clear the example")).to_be_hidden()
    page.get_by_role("button", name="Mill encounters").click()
    expect(page.get_by_role("textbox", name="Entry text").nth(1)).to_have_value("Rats in the grain")
    expect(page.get_by_role("checkbox", name="Reaction roll").nth(0)).to_be_checked()


def test_paste_import(page: Page, base: str) -> None:
    open_app(page, base)
    go(page, "Tables")
    page.get_by_text("Paste a table").click()
    page.get_by_role("textbox", name="Name of the pasted table").fill("Road")
    page.get_by_role("textbox", name="Lines of the table, one entry a line").fill(
        "1-3 A cart\n4-5 A patrol\n6 A ghost"
    )
    page.get_by_role("button", name="Read the pasted lines").click()
    expect(page.get_by_text("Read 3 entries with the die d6.")).to_be_visible()
    page.get_by_role("button", name="Save the pasted table").click()
    page.get_by_role("button", name="Road", exact=True).click()
    expect(page.get_by_role("textbox", name="Entry text").nth(2)).to_have_value("A ghost")
    page.locator("[data-bind='table-editor'] details.physical summary").click()
    page.get_by_role("textbox", name="Faces you rolled, in order").fill("5")
    page.get_by_role("button", name="Roll this table").click()
    expect(page.locator("[data-bind='tables-result-title']")).to_have_text("Road: A patrol")


def test_voidcrawl_by_day_and_by_night(page: Page, base: str) -> None:
    open_app(page, base)
    page.get_by_role("radio", name="Voidcrawl").check()
    expect(page.get_by_text("Night Encounter within the next 3 checks: 0.0%")).to_be_visible()
    type_faces(page, "5")
    page.get_by_role("button", name="Next turn").click()
    expect(result(page)).to_have_text("Voidcrawl: nothing happens")
    page.locator("[data-bind='result-details'] summary").click()
    expect(explore_steps(page).nth(3)).to_have_text(
        "Nothing happens: Horror is level 5, and by day only results up to level 3 count."
    )
    page.get_by_role("radio", name="Night").check()
    expect(page.get_by_text("Night Encounter on the next check: 12.5%")).to_be_visible()
    type_faces(page, "6 3")
    page.get_by_role("button", name="Next turn").click()
    expect(result(page)).to_have_text("Voidcrawl: Night Encounter")
    expect(
        page.get_by_text("Met: The Bell-Diver climbs the pier, dragging its chain.")
    ).to_be_visible()


def test_removing_an_entry_can_be_undone_from_the_log(page: Page, base: str) -> None:
    open_app(page, base)
    go(page, "Tables")
    page.get_by_role("button", name="Example: Locality").click()
    expect(page.get_by_role("textbox", name="Entry text")).to_have_count(4)
    page.get_by_role("button", name="Remove", exact=True).nth(0).click()
    expect(page.get_by_role("textbox", name="Entry text")).to_have_count(3)
    page.get_by_role("button", name="Move the entry down").nth(0).click()
    expect(page.get_by_role("textbox", name="Entry text").nth(1)).to_have_value(
        "The power fails across town; only the church is lit."
    )
    page.get_by_role("button", name="Log").click()
    page.get_by_role("button", name="Undo").click()
    expect(page.get_by_role("textbox", name="Entry text")).to_have_count(4)
    expect(page.get_by_role("textbox", name="Entry text").nth(0)).to_have_value(
        "Fog comes up off the river and swallows the streetlights."
    )


def test_removing_a_location_can_be_undone(page: Page, base: str) -> None:
    open_app(page, base)
    go(page, "Tables")
    page.get_by_role("button", name="Remove the location Example: Main Street").click()
    expect(
        page.get_by_role("combobox", name="Encounter table of Example: Main Street")
    ).to_have_count(0)
    page.get_by_role("button", name="Log").click()
    page.get_by_role("button", name="Undo").click()
    go(page, "Tables")
    expect(
        page.get_by_role("combobox", name="Encounter table of Example: Main Street")
    ).to_have_value("ex-main-street")

"""The Tables screen and the Explore screen's locations and Voidcrawl, on a phone."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from .conftest import every_screen_built, open_app, reload_app


def result(page: Page):  # type: ignore[no-untyped-def]
    return page.locator("[data-bind='result-title']")


def explore_steps(page: Page):  # type: ignore[no-untyped-def]
    return page.locator("[data-bind='result-steps'] li")


def go(page: Page, name: str) -> None:
    page.get_by_role("navigation", name="Screens").get_by_role("button", name=name).click()


def type_faces(page: Page, faces: str) -> None:
    box = page.get_by_role("textbox", name="Faces you rolled, in order")
    if not box.is_visible():
        page.locator("[data-panel='checks'] details.physical summary").click()
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
    expect(page.get_by_text("Encounter with: A miller covered in flour")).to_be_visible()
    go(page, "Explore")  # the reload reopened Encounter, the screen the tap led to
    expect(page.get_by_role("combobox", name="Location")).to_have_value("old-mill")
    go(page, "Tables")
    expect(page.get_by_role("button", name="Clear the example")).to_be_hidden()
    page.get_by_role("button", name="Mill encounters").click()
    expect(page.get_by_role("textbox", name="Entry text").nth(1)).to_have_value("Rats in the grain")
    expect(page.get_by_role("checkbox", name="Reaction roll").nth(0)).to_be_checked()


def test_paste_import_and_the_last_roll_after_a_reload(page: Page, base: str) -> None:
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
    title = page.locator("[data-bind='tables-result-title']")
    expect(title).to_have_text("Road: A patrol")
    # A reload keeps the last roll on the Tables screen (from its log entry).
    reload_app(page)
    go(page, "Tables")
    expect(title).to_have_text("Road: A patrol")


def test_voidcrawl_by_day_and_by_night(page: Page, base: str) -> None:
    open_app(page, base)
    page.get_by_role("radio", name="Voidcrawl").check()
    page.get_by_role("radio", name="Day", exact=True).check()  # no cycle until chosen
    expect(page.get_by_text("Night Encounter within the next 3 checks: 0.0%")).to_be_visible()
    type_faces(page, "5")
    page.get_by_role("button", name="Next turn").click()
    expect(result(page)).to_have_text("Voidcrawl: nothing happens")
    page.locator("[data-bind='result-details'] summary").click()
    expect(explore_steps(page).nth(3)).to_have_text(
        "Nothing happens: Horror is level 5, and by day only results up to level 3 count."
    )
    page.get_by_role("radio", name="Night", exact=True).check()
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


def crawl_face(page: Page, number: int, what: str):  # type: ignore[no-untyped-def]
    return page.get_by_label(f"Face {number}: {what}", exact=True)


def test_a_d8_voidcrawl_edited_on_tables_filters_by_level_on_explore(page: Page, base: str) -> None:
    open_app(page, base)
    go(page, "Tables")
    page.get_by_role("button", name="Clear the example").click()
    page.get_by_text("The Voidcrawl", exact=True).click()
    expect(
        page.get_by_text("Worth a look: The Omen has no Fallout table to roll on yet.")
    ).to_be_visible()
    page.get_by_role("combobox", name="Voidcrawl die").select_option(label="d8")
    expect(crawl_face(page, 8, "result")).to_be_visible()
    # face 7: Regroup at level 1 (set here, not left to the die's growth)
    crawl_face(page, 7, "result").select_option(label="Stress")
    expect(crawl_face(page, 7, "level")).to_have_value("5")
    crawl_face(page, 7, "result").select_option(label="Regroup")
    crawl_face(page, 7, "level").select_option("1")
    # face 8: the GM's own words at level 5
    crawl_face(page, 8, "result").select_option(label="Your own result")
    crawl_face(page, 8, "own words").fill("The streetlights go out one by one")
    crawl_face(page, 8, "own words").press("Enter")
    crawl_face(page, 8, "level").select_option("5")
    crawl_face(page, 8, "own words").fill("")
    crawl_face(page, 8, "own words").press("Enter")
    expect(page.get_by_role("alert").filter(has_text="Face 8 needs its own words.")).to_be_visible()
    expect(crawl_face(page, 8, "own words")).to_have_value("The streetlights go out one by one")

    reload_app(page)  # saved
    go(page, "Explore")
    page.get_by_role("radio", name="Voidcrawl").check()
    page.get_by_role("radio", name="Day", exact=True).check()
    type_faces(page, "7")
    page.get_by_role("button", name="Next turn").click()
    expect(result(page)).to_have_text("Voidcrawl: Regroup")
    type_faces(page, "8")
    page.get_by_role("button", name="Next turn").click()
    expect(result(page)).to_have_text("Voidcrawl: nothing happens")
    page.locator("[data-bind='result-details'] summary").click()
    expect(
        explore_steps(page).filter(
            has_text="Nothing happens: The streetlights go out one by one is level 5, "
            "and by day only results up to level 3 count."
        )
    ).to_have_count(1)

    # a face's table is any table of the library, edited like any other; undo from the log
    go(page, "Tables")
    page.get_by_text("The Voidcrawl", exact=True).click()
    page.get_by_role("button", name="New table").click()
    page.get_by_role("textbox", name="Table name").fill("Quiet moments")
    page.get_by_role("textbox", name="Entry text").nth(0).fill("A diner still open")
    page.get_by_role("textbox", name="Faces").nth(0).fill("1-6")
    page.get_by_role("button", name="Save the table").click()
    crawl_face(page, 7, "table").select_option(label="Quiet moments")
    page.get_by_role("button", name="Edit this table: face 7").click()
    expect(page.get_by_role("textbox", name="Table name")).to_have_value("Quiet moments")
    page.get_by_role("button", name="Log").click()
    page.get_by_role("button", name="Undo").click()
    go(page, "Tables")
    expect(crawl_face(page, 7, "table")).to_have_value("")
    page.get_by_role("combobox", name="Voidcrawl die").select_option(label="d6")
    expect(crawl_face(page, 7, "result")).to_have_count(0)


def test_levels_from_the_die_show_in_the_editor_and_cannot_be_changed(
    page: Page, base: str
) -> None:
    open_app(page, base)
    go(page, "Tables")
    page.get_by_text("The Voidcrawl", exact=True).click()
    page.get_by_role("combobox", name="Voidcrawl die").select_option(label="d10")
    crawl_face(page, 2, "level").select_option("6")
    hint = page.get_by_text("Each face's level comes from its place on the die")
    expect(hint).to_be_hidden()

    page.get_by_role("button", name="Settings").click()
    page.get_by_role("combobox", name="Voidcrawl: level of each face").select_option(
        label="From the face's position on the die"
    )
    go(page, "Tables")
    expect(hint).to_be_visible()
    # a d10's faces by place: 1, 2, 2, 3, 3, 4, 5, 5, 6, 6
    for number, level in ((1, "1"), (2, "2"), (6, "4"), (10, "6")):
        expect(crawl_face(page, number, "level")).to_have_value(level)
        expect(crawl_face(page, number, "level")).to_be_disabled()

    page.get_by_role("button", name="Settings").click()
    page.get_by_role("combobox", name="Voidcrawl: level of each face").select_option(
        label="Each face's own level"
    )
    go(page, "Tables")
    expect(hint).to_be_hidden()
    expect(crawl_face(page, 2, "level")).to_have_value("6")  # the face's own level, kept
    expect(crawl_face(page, 2, "level")).to_be_enabled()


def test_editing_a_location(page: Page, base: str) -> None:
    open_app(page, base)
    go(page, "Tables")
    row = page.locator(".location-row[data-location='ex-main-street']")
    row.get_by_text("Edit the location").click()
    row.get_by_role("textbox", name="Name of Example: Main Street").fill("Church Street")
    row.get_by_role("textbox", name="Name of Example: Main Street").press("Enter")
    row = page.locator(".location-row[data-location='ex-main-street']")
    row.get_by_role("combobox", name="Kind of place of Church Street").select_option("dangerous")
    row.get_by_role("combobox", name="Dark descent level of Church Street").select_option("1")
    row.get_by_role("checkbox", name="Example: Locality").check()
    reload_app(page)
    go(page, "Tables")
    row = page.locator(".location-row[data-location='ex-main-street']")
    row.get_by_text("Edit the location").click()
    expect(row.get_by_role("combobox", name="Kind of place of Church Street")).to_have_value(
        "dangerous"
    )
    expect(row.get_by_role("combobox", name="Dark descent level of Church Street")).to_have_value(
        "1"
    )
    expect(row.get_by_role("checkbox", name="Example: Locality")).to_be_checked()
    expect(row.get_by_role("checkbox", name="Example: Main Street encounters")).to_be_checked()
    expect(row.get_by_role("checkbox", name="Example: Clues")).to_be_checked()  # its sign table
    expect(row.get_by_role("checkbox", name="Example: Setbacks")).not_to_be_checked()
    # on Explore: a dangerous place lets a Horror (level 5) through by day, but the
    # dark descent at level 1 stops everything above level 2
    go(page, "Explore")
    page.get_by_role("radio", name="Voidcrawl").check()
    page.get_by_role("radio", name="Day", exact=True).check()
    page.get_by_role("combobox", name="Location").select_option(label="Church Street")
    type_faces(page, "5")
    page.get_by_role("button", name="Next turn").click()
    page.locator("[data-bind='result-details'] summary").click()
    expect(
        explore_steps(page).filter(
            has_text="Nothing happens: Horror is level 5, and at dark descent level 1 only "
            "results up to level 2 count."
        )
    ).to_have_count(1)


def test_weighted_entries_when_the_die_is_empty(page: Page, base: str) -> None:
    open_app(page, base)
    go(page, "Tables")
    page.get_by_role("button", name="New table").click()
    page.get_by_role("textbox", name="Table name").fill("Weather")
    page.get_by_role("textbox", name="Die (empty: every entry equally likely)").fill("")
    expect(page.get_by_role("textbox", name="Faces")).to_be_hidden()
    page.get_by_role("textbox", name="Entry text").nth(0).fill("Drizzle")
    page.get_by_role("textbox", name="Weight").nth(0).fill("3")
    page.get_by_role("button", name="Add an entry").click()
    page.get_by_role("textbox", name="Entry text").nth(1).fill("Fog")
    page.get_by_role("textbox", name="Weight").nth(1).fill("500")
    expect(page.get_by_text("Must be fixed: Write a weight as a whole number")).to_be_visible()
    page.get_by_role("textbox", name="Weight").nth(1).fill("1")
    page.get_by_role("button", name="Save the table").click()
    page.locator("[data-bind='table-editor'] details.physical summary").click()
    page.get_by_role("textbox", name="Faces you rolled, in order").fill("4")
    page.get_by_role("button", name="Roll this table").click()
    expect(page.locator("[data-bind='tables-result-title']")).to_have_text("Weather: Fog")
    page.locator("[data-bind='tables-result-details'] summary").click()
    expect(
        page.locator("[data-bind='tables-result-steps'] li").filter(
            has_text="Drawing from Weather by weight, 4 in all"
        )
    ).to_have_count(1)
    reload_app(page)
    go(page, "Tables")
    page.get_by_role("button", name="Weather", exact=True).click()
    expect(page.get_by_role("textbox", name="Weight").nth(0)).to_have_value("3")


def test_a_redraw_keeps_what_was_typed_in_the_editor(page: Page, base: str) -> None:
    open_app(page, base)
    go(page, "Tables")
    page.get_by_role("button", name="New table").click()
    page.get_by_role("textbox", name="Table name").fill("Half done")
    page.get_by_role("textbox", name="Entry text").nth(0).fill("A half-written line")
    page.get_by_role("textbox", name="Faces").nth(0).fill("1-")
    expect(page.get_by_text("Must be fixed: Write faces as a number or a range")).to_be_visible()
    # another change on the screen redraws everything
    page.get_by_role("textbox", name="New location's name").fill("Quarry")
    page.get_by_role("button", name="Add the location").click()
    expect(page.get_by_role("combobox", name="Encounter table of Quarry")).to_be_visible()
    expect(page.get_by_role("textbox", name="Faces").nth(0)).to_have_value("1-")
    expect(page.get_by_role("textbox", name="Entry text").nth(0)).to_have_value(
        "A half-written line"
    )
    expect(page.get_by_role("textbox", name="Table name")).to_have_value("Half done")
    expect(page.get_by_role("button", name="Save the table")).to_be_disabled()


@pytest.mark.fresh_profile  # a fake clock: Playwright installs it in the whole context
def test_the_real_time_reminder(page: Page, base: str) -> None:
    page.clock.install()
    open_app(page, base)
    nudge = page.get_by_role("status").filter(has_text="without a turn")
    page.clock.fast_forward("30:00")
    expect(nudge).to_have_count(0)  # off by default
    page.get_by_role("button", name="Settings").click()
    page.get_by_role("checkbox", name="Remind me when real time makes a turn").check()
    page.get_by_role("spinbutton", name="Real minutes before the reminder").fill("20")
    page.get_by_role("spinbutton", name="Real minutes before the reminder").press("Tab")
    go(page, "Explore")
    page.clock.fast_forward("19:00")
    expect(nudge).to_have_count(0)
    page.clock.fast_forward("01:30")
    expect(nudge).to_have_text("20 minutes without a turn: time for Next turn?")
    page.get_by_role("button", name="Next turn").click()
    expect(nudge).to_be_hidden()
    page.clock.fast_forward("19:00")
    expect(nudge).to_be_hidden()
    page.clock.fast_forward("01:30")
    expect(nudge).to_be_visible()
    # seen from another screen too: the Explore tab carries the reminder
    tab = page.get_by_role("navigation", name="Screens").get_by_role("button", name="Explore")
    expect(tab).to_have_accessible_name("Explore (time for a turn)")
    go(page, "Tables")
    expect(tab).to_have_accessible_name("Explore (time for a turn)")
    go(page, "Explore")
    page.get_by_role("button", name="Next turn").click()
    expect(tab).to_have_accessible_name("Explore")


def test_pasted_faces_past_the_limit_are_refused_and_the_library_survives_a_reload(
    page: Page, base: str
) -> None:
    # Faces past the limit are refused before anything is saved, so the library still
    # passes its stored-data check after a reload.
    open_app(page, base)
    go(page, "Tables")
    saved = page.locator("[data-bind='tables-list'] li")
    expect(page.get_by_role("button", name="Example: Day encounters")).to_be_visible()
    count = saved.count()
    assert count > 0
    page.get_by_text("Paste a table").click()
    lines = page.get_by_role("textbox", name="Lines of the table, one entry a line")
    lines.fill("1-99999 Vlci")
    page.get_by_role("button", name="Read the pasted lines").click()
    expect(
        page.get_by_text("Must be fixed: line 1: faces must be between −10000 and 10000")
    ).to_be_visible()
    expect(page.get_by_text("Nothing was saved: fix what is marked below")).to_be_visible()
    expect(page.get_by_role("button", name="Save the pasted table")).to_be_hidden()
    expect(lines).to_have_value("1-99999 Vlci")  # nothing lost
    page.screenshot(path="/tmp/omen-paste-refused.png")

    reload_app(page)
    go(page, "Tables")
    expect(page.get_by_role("button", name="Example: Day encounters")).to_be_visible()
    expect(saved).to_have_count(count)  # the library is all there, nothing set aside


def test_a_unicode_digit_typed_as_a_die_is_a_message_not_a_page_error(
    page: Page, base: str
) -> None:
    # A die typed with a Unicode digit ("d①") is refused with a sentence.
    open_app(page, base)
    go(page, "Tables")
    page.get_by_role("button", name="New table").click()
    page.get_by_role("textbox", name="Table name").fill("Hills")
    page.get_by_role("textbox", name="Entry text").nth(0).fill("Wolves")
    page.get_by_role("textbox", name="Die (empty: every entry equally likely)").fill("d①")
    refusal = page.get_by_text("Must be fixed: The die 'd①' cannot be used")
    expect(refusal).to_be_visible()
    expect(page.get_by_role("button", name="Save the table")).to_be_disabled()
    refusal.scroll_into_view_if_needed()
    page.screenshot(path="/tmp/omen-die-refused.png")
    page.get_by_role("textbox", name="Die (empty: every entry equally likely)").fill("d6")
    expect(page.get_by_role("button", name="Save the table")).to_be_enabled()


def test_redrawing_the_tables_screen_makes_no_new_proxies(page: Page, base: str) -> None:
    """Rows are drawn from templates and answer through the screen's section (kit
    delegation): however often the screen redraws, it binds nothing new."""
    open_app(page, base)
    every_screen_built(page)  # the page builds every screen when idle, binding each once
    go(page, "Tables")
    expect(page.get_by_role("button", name="Clear the example")).to_be_visible()
    page.get_by_role("button", name="New table").click()
    page.get_by_role("button", name="Close").click()
    before = page.evaluate("window.omenProxies")
    for number in range(1, 6):
        page.get_by_role("textbox", name="New location's name").fill(f"Place {number}")
        page.get_by_role("button", name="Add the location").click()
        expect(
            page.get_by_role("button", name=f"Remove the location Place {number}")
        ).to_be_visible()
    page.get_by_role("button", name="New table").click()
    for _ in range(5):
        page.get_by_role("button", name="Add an entry").click()
    page.get_by_role("textbox", name="Faces").nth(0).fill("1")
    page.get_by_role("button", name="Move the entry down").nth(0).click()
    page.get_by_role("button", name="Close").click()
    go(page, "Explore")
    go(page, "Tables")
    page.get_by_role("button", name="Remove the location Place 5").click()
    expect(page.get_by_role("button", name="Remove the location Place 5")).to_be_hidden()
    assert page.evaluate("window.omenProxies") == before


def test_opening_a_table_pops_no_keyboard_and_the_voidcrawl_is_liminal_horrors(
    page: Page, base: str
) -> None:
    open_app(page, base)
    go(page, "Tables")
    tables = page.locator("[data-screen='tables']")
    crew = tables.get_by_text("Investigators for the Voidcrawl's Omen")
    expect(crew).to_be_visible()  # Liminal Horror: the Voidcrawl's set-up is here
    tables.get_by_role("button", name="Example: Locality").click()
    expect(tables.get_by_role("heading", name="Edit the table")).to_be_focused()
    expect(tables.get_by_role("textbox", name="Table name")).not_to_be_focused()
    page.get_by_role("button", name="Settings").click()
    page.get_by_role("combobox", name="Game").select_option("ose")
    go(page, "Tables")
    expect(crew).to_be_hidden()  # an OSE campaign is not offered the Voidcrawl's crew

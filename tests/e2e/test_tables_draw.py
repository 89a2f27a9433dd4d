"""Tables and the Log draw only what changed: what a game master sees after
saving, undoing, renaming, deleting and switching language is still all there and right.

Each test here fails when a region is left as it was drawn although what it shows
changed (a memo that answers "unchanged" once a region was drawn at all)."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from .conftest import every_screen_built, open_app, saved

LOCALITY_1 = "Fog comes up off the river and swallows the streetlights."


def nav(page: Page, name: str) -> None:
    """A screen by its data-nav name (the same in every language)."""
    page.locator(f"nav [data-nav='{name}']").click()


def editor(page: Page):  # type: ignore[no-untyped-def]
    return page.locator("[data-bind='table-editor']")


def saved_tables(page: Page):  # type: ignore[no-untyped-def]
    return page.locator("[data-bind='tables-list']")


def entry_text(page: Page, index: int):  # type: ignore[no-untyped-def]
    return editor(page).get_by_role("textbox", name="Entry text").nth(index)


def test_an_edit_saved_then_undone_in_the_log_shows_the_earlier_table(
    page: Page, base: str
) -> None:
    open_app(page, base)
    nav(page, "tables")
    saved_tables(page).get_by_role("button", name="Example: Locality").click()
    page.get_by_role("textbox", name="Table name").fill("Locality, rewritten")
    page.get_by_role("textbox", name="Die (empty: every entry equally likely)").fill(" d4 ")
    entry_text(page, 0).fill("Fog rolls in.")
    page.get_by_role("textbox", name="Faces").nth(1).fill("2-")
    expect(editor(page).get_by_text("Must be fixed: Write faces as")).to_be_visible()
    page.get_by_role("textbox", name="Faces").nth(1).fill("2")
    page.get_by_role("button", name="Save the table").click()
    # the editor shows the table as saved: the die without its spaces, no problem left
    expect(saved_tables(page).get_by_role("button", name="Locality, rewritten")).to_be_visible()
    expect(saved_tables(page).get_by_role("button", name="Example: Locality")).to_have_count(0)
    expect(
        page.get_by_role("textbox", name="Die (empty: every entry equally likely)")
    ).to_have_value("d4")
    expect(editor(page).get_by_text("Must be fixed:")).to_have_count(0)
    expect(entry_text(page, 0)).to_have_value("Fog rolls in.")

    nav(page, "log")
    page.get_by_role("button", name="Undo last action").click()
    nav(page, "tables")
    expect(saved_tables(page).get_by_role("button", name="Example: Locality")).to_be_visible()
    expect(saved_tables(page).get_by_role("button", name="Locality, rewritten")).to_have_count(0)
    expect(page.get_by_role("textbox", name="Table name")).to_have_value("Example: Locality")
    expect(entry_text(page, 0)).to_have_value(LOCALITY_1)
    page.screenshot(path="/tmp/omen-tables-undone-save.png")


def test_an_edit_not_saved_stays_in_the_editor_when_something_else_is_undone(
    page: Page, base: str
) -> None:
    open_app(page, base)
    nav(page, "tables")
    page.get_by_role("textbox", name="New location's name").fill("Quarry")
    page.get_by_role("button", name="Add the location").click()
    saved_tables(page).get_by_role("button", name="Example: Locality").click()
    entry_text(page, 0).fill("Half written")
    nav(page, "log")
    page.get_by_role("button", name="Undo last action").click()  # the location added
    nav(page, "tables")
    expect(page.get_by_role("combobox", name="Encounter table of Quarry")).to_have_count(0)
    expect(entry_text(page, 0)).to_have_value("Half written")


def test_a_renamed_table_shows_its_new_name_in_every_list(page: Page, base: str) -> None:
    open_app(page, base)
    nav(page, "tables")
    saved_tables(page).get_by_role("button", name="Example: Under the water").click()
    page.get_by_role("textbox", name="Table name").fill("Below the pier")
    page.get_by_role("button", name="Save the table").click()
    expect(saved_tables(page).get_by_role("button", name="Below the pier")).to_be_visible()
    expect(saved_tables(page).get_by_role("button", name="Example: Under the water")).to_have_count(
        0
    )
    ferry = page.locator(".location-row[data-location='ex-ferry-landing']")
    ferry.get_by_text("Edit the location").click()
    expect(ferry.get_by_role("checkbox", name="Below the pier")).to_be_checked()
    expect(
        ferry.get_by_role("combobox", name="Encounter table of Example: The old ferry landing")
        .locator("option")
        .filter(has_text="Below the pier")
    ).to_have_count(1)
    expect(
        editor(page).locator(".entry-row").first.locator(".link option", has_text="Below the pier")
    ).to_have_count(1)
    page.get_by_text("The Voidcrawl", exact=True).click()
    expect(
        page.get_by_label("Face 1: table", exact=True).locator("option", has_text="Below the pier")
    ).to_have_count(1)


def test_a_deleted_table_comes_back_with_undo(page: Page, base: str) -> None:
    open_app(page, base)
    nav(page, "tables")
    ferry = page.locator(".location-row[data-location='ex-ferry-landing']")
    ferry.get_by_text("Edit the location").click()
    used = ferry.get_by_role("checkbox", name="Example: Under the water")
    expect(used).to_be_checked()
    for undo_from in ("tables", "log"):
        saved_tables(page).get_by_role("button", name="Example: Under the water").click()
        page.get_by_role("button", name="Delete the table").click()
        expect(editor(page)).to_be_hidden()
        expect(
            saved_tables(page).get_by_role("button", name="Example: Under the water")
        ).to_have_count(0)
        expect(used).to_have_count(0)
        if undo_from == "tables":
            page.locator("[data-screen='tables'] [data-action='undo-delete']").click()
        else:
            nav(page, "log")
            page.get_by_role("button", name="Undo last action").click()
            nav(page, "tables")
        expect(
            saved_tables(page).get_by_role("button", name="Example: Under the water")
        ).to_be_visible()
        expect(used).to_be_checked()  # its location uses it again, and is still open
    saved_tables(page).get_by_role("button", name="Example: Under the water").click()
    expect(entry_text(page, 0)).to_have_value("A pale hand grips the pier post, then lets go.")


def test_a_language_switch_redraws_the_open_editor_and_keeps_what_was_typed(
    page: Page, base: str
) -> None:
    open_app(page, base)
    nav(page, "tables")
    page.get_by_role("button", name="Clear the example").click()
    page.get_by_role("textbox", name="New location's name").fill("Old mill")
    page.get_by_role("button", name="Add the location").click()
    page.get_by_role("button", name="New table").click()
    page.get_by_role("textbox", name="Table name").fill("Mill")
    entry_text(page, 0).fill("A miller")
    page.get_by_role("button", name="Add an entry").click()
    entry_text(page, 1).fill("Rats")
    page.get_by_role("textbox", name="Faces").nth(1).fill("4-")  # not readable yet
    expect(editor(page).get_by_role("listitem", name="Entry 2")).to_be_visible()

    nav(page, "settings")
    page.get_by_role("combobox", name="Language").select_option("cs")
    nav(page, "tables")
    expect(editor(page).get_by_role("listitem", name="Položka 2")).to_be_visible()
    expect(editor(page).get_by_role("listitem", name="Entry 2")).to_have_count(0)
    expect(editor(page).locator(".link").first.locator("option").first).to_have_text("(nic)")
    expect(
        page.get_by_role("combobox", name="Tabulka setkání pro místo „Old mill“")
    ).to_be_visible()
    expect(editor(page).get_by_role("textbox", name="Text položky").nth(1)).to_have_value("Rats")
    expect(editor(page).locator(".entry-row .faces").nth(1)).to_have_value("4-")
    page.set_viewport_size({"width": 390, "height": 844})
    editor(page).scroll_into_view_if_needed()
    page.screenshot(path="/tmp/omen-tables-editor-cs.png")

    nav(page, "settings")
    page.get_by_role("combobox", name="Jazyk").select_option("en")
    nav(page, "tables")
    expect(editor(page).get_by_role("listitem", name="Entry 2")).to_be_visible()
    expect(editor(page).locator(".link").first.locator("option").first).to_have_text("(nothing)")
    expect(entry_text(page, 0)).to_have_value("A miller")


def test_rows_made_ahead_follow_the_language_and_the_library(page: Page, base: str) -> None:
    """The editor's rows are made ahead in idle moments (TablesScreen.ahead) and only
    filled when a table is opened: made in English, they are not shown in Czech; made
    before a table was added, their lists offer it all the same; a table longer than
    those made ahead gets the rest, numbered on."""
    open_app(page, base)
    every_screen_built(page)
    # the idle moments after that, when the rows are made: as many as the longest table
    # has, up to 12 (tablesscreen.AHEAD_ROWS), all in the closed editor
    wanted = saved(page).evaluate(
        """Math.min(12, Math.max(...JSON.parse(localStorage.getItem('omen/library')).data
            .tables.map((table) => table.entries.length)))"""
    )
    expect(page.locator("[data-bind='edit-entries'] > .entry-row")).to_have_count(wanted)
    nav(page, "settings")
    page.get_by_role("combobox", name="Language").select_option("cs")
    nav(page, "tables")
    saved_tables(page).get_by_role("button").first.click()
    first = editor(page).get_by_role("listitem", name="Položka 1")
    expect(first).to_be_visible()
    expect(first.get_by_role("textbox", name="Text položky")).to_have_count(1)
    expect(first.locator(".link option").first).to_have_text("(nic)")
    expect(editor(page).get_by_role("listitem", name="Entry 1")).to_have_count(0)

    nav(page, "settings")
    page.get_by_role("combobox", name="Jazyk").select_option("en")
    nav(page, "tables")
    page.get_by_role("button", name="Close").click()
    page.get_by_role("button", name="New table").click()
    page.get_by_role("textbox", name="Table name").fill("Long night")
    page.get_by_role("textbox", name="Die (empty: every entry equally likely)").fill("")
    for _ in range(13):
        page.get_by_role("button", name="Add an entry").click()
    for index in range(14):  # drawn by weight: each entry's weight stays 1
        entry_text(page, index).fill(f"Night {index + 1}")
    page.get_by_role("button", name="Save the table").click()
    expect(saved_tables(page).get_by_role("button", name="Long night")).to_be_visible()

    saved_tables(page).get_by_role("button", name="Example: Under the water").click()
    rows = editor(page).locator(".entry-row")
    expect(rows).to_have_count(4)  # the example's d4 table
    expect(rows.first.locator(".link option", has_text="Long night")).to_have_count(1)
    expect(entry_text(page, 0)).to_have_value("A pale hand grips the pier post, then lets go.")
    saved_tables(page).get_by_role("button", name="Long night").click()
    expect(rows).to_have_count(14)
    last = editor(page).get_by_role("listitem", name="Entry 14")
    expect(last.get_by_role("textbox", name="Entry text")).to_have_value("Night 14")
    saved_tables(page).get_by_role("button", name="Example: Under the water").click()
    expect(rows).to_have_count(4)
    expect(editor(page).get_by_role("listitem", name="Entry 4")).to_be_visible()
    expect(editor(page).get_by_role("listitem", name="Entry 5")).to_have_count(0)
    saved_tables(page).get_by_role("button", name="Long night").click()
    expect(editor(page).get_by_role("listitem", name="Entry 14")).to_be_visible()
    expect(entry_text(page, 13)).to_have_value("Night 14")
    expect(entry_text(page, 6)).to_have_value("Night 7")


def test_undo_in_the_log_marks_only_its_entry(page: Page, base: str) -> None:
    open_app(page, base, "?seed=1")
    for _ in range(3):
        page.get_by_role("button", name="Next turn").click()
    nav(page, "log")
    entries = page.locator("[data-screen='log'] .log-entry")
    expect(entries).to_have_count(3)
    for index in (0, 2):  # the newest and the oldest opened to read their steps
        entries.nth(index).locator("summary").click()
    undo = page.get_by_role("button", name="Undo last action")
    undo.click()
    expect(entries).to_have_count(3)
    expect(page.locator("[data-screen='log'] .log-entry.undone")).to_have_count(1)
    expect(entries.nth(0)).to_contain_text("(undone)")
    expect(entries.nth(0).locator("details")).to_have_attribute("open", "")  # marked in place
    expect(entries.nth(2).locator("details")).to_have_attribute("open", "")
    for index in (1, 2):
        expect(entries.nth(index)).not_to_contain_text("(undone)")
    expect(entries.nth(0).locator(".steps li").first).to_be_visible()
    undo.click()
    undo.click()
    expect(page.locator("[data-screen='log'] .log-entry.undone")).to_have_count(3)
    expect(undo).to_be_disabled()

    nav(page, "settings")
    page.get_by_role("combobox", name="Language").select_option("cs")
    nav(page, "log")
    expect(entries).to_have_count(3)
    expect(entries.nth(2)).to_contain_text("(vráceno)")
    expect(entries.nth(2)).to_contain_text("Začíná směna 1.")
    page.set_viewport_size({"width": 390, "height": 844})
    page.screenshot(path="/tmp/omen-log-undone-cs.png")

"""The seams of a session that the game's shape decides: the screen reopened after a
reload, the opposed test's contestant named from the tested character, the overflow
stress point on the card, a restore on a fresh device, each game's own words, and the
build spreads of an End of the World character."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from .conftest import open_app, reload_app, saved
from .test_eotw import add_ana, ana_rolls_with_equipment_and_danger, go_to_tests


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

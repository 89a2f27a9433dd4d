"""The GURPS wilderness encounter distance on a phone, as a GM at the table uses it."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Locator, Page, expect

from .conftest import open_app, reload_app
from .test_carry import wolves_on_the_logging_road


def open_gurps(page: Page) -> Locator:
    page.get_by_role("button", name="Encounter", exact=True).click()
    page.get_by_role("radio", name="GURPS encounter distance").check()
    return page.locator("[data-procedure='gurps']")


def side(page: Page, name: str) -> Locator:
    return page.get_by_role("group", name=name, exact=True)


def enter(field: Locator, value: str) -> None:
    field.fill(value)
    field.press("Tab")  # leaving the field saves it, as on a phone


def number(group: Locator, name: str) -> Locator:
    return group.get_by_role("spinbutton", name=name, exact=True)


def title(page: Page) -> Locator:
    return page.locator("[data-bind='gurps-title']")


def fact(page: Page, label: str) -> Locator:
    return page.locator(".gurps-facts div").filter(has=page.get_by_text(label, exact=True))


def seed_example_1(page: Page) -> Locator:
    """The seed's first example on the form: the man (Stealth 10) and ten orcs (Vision
    9) in rocky hills in a drizzle."""
    panel = open_gurps(page)
    a, b = side(page, "Side A"), side(page, "Side B")
    enter(a.get_by_role("textbox", name="Name of the side"), "the man")
    enter(number(a, "Stealth"), "10")
    enter(b.get_by_role("textbox", name="Name of the side"), "the orcs")
    enter(number(b, "Group size"), "10")
    enter(number(b, "Vision"), "9")
    panel.get_by_role("combobox", name="Terrain").select_option(label="Hills (rocky/terraced)")
    enter(page.get_by_role("spinbutton", name="Weather penalty"), "-1")
    enter(page.get_by_role("spinbutton", name="per yards"), "50")
    return panel


def try_for_surprise_7_against_15(page: Page, panel: Locator) -> None:
    """The seed's second alternative: 7 against Stealth 10, 15 against Vision 7; the man
    surprises the orcs and may start as close as 20 yards."""
    panel.get_by_role("textbox", name="Side A: 3d6 total for the contest").fill("7")
    panel.get_by_role("textbox", name="Side B: 3d6 total for the contest").fill("15")
    page.get_by_role("button", name="Try for surprise").click()
    expect(title(page)).to_have_text(
        "the man surprises the orcs: it may start anywhere from 20 to 100 yards away, or evade."
    )
    expect(fact(page, "Distance")).to_contain_text("20 to 100 yards")


def test_seed_example_1_with_typed_rolls(page: Page, base: str) -> None:
    open_app(page, base)
    panel = seed_example_1(page)

    # Odds before the roll: Stealth 10 against Vision 7 (9, −2 for drizzle at 100 yards).
    odds = page.locator("[data-bind='gurps-odds'] li")
    expect(odds).to_contain_text(
        [
            "Without surprise the encounter starts at 100 yards.",
            "the man sees the orcs first and may evade.",
            "If the man tries for surprise:",
            "the man wins the contest: 72.1%",
            "the orcs wins the contest: 20.6%",
            "a tie: 7.4%",
            "the man achieves surprise: 54.6%",
        ]
    )

    panel.get_by_text("Use physical dice").click()
    panel.get_by_role("textbox", name="Maximum encounter distance: dice total").fill("15")
    page.get_by_role("button", name="Find the distance").click()
    expect(title(page)).to_have_text("The encounter starts at 100 yards; nobody is surprised.")
    expect(fact(page, "Distance")).to_contain_text("100 yards")
    expect(fact(page, "Spots the other first")).to_contain_text("the man")
    expect(fact(page, "May evade")).to_contain_text("the man")
    expect(fact(page, "Surprised")).to_contain_text("nobody")
    panel.get_by_text("How it was worked out").click()
    steps = page.locator("[data-bind='gurps-steps'] li")
    expect(steps).to_contain_text(
        [
            "4d rolled at the table: 15",
            "15×10 = 150",
            "−40% weather −4 (−1 per 50 yards at 200 yards)",
            "+50% group of 10 creatures",
            "200 yards × 110% = 220 yards",
            "200 yards × 50% = 100 yards",
            "the man sees the orcs first, from 150 yards against 100 yards",
            "the man may evade the encounter automatically",
        ]
    )

    try_for_surprise_7_against_15(page, panel)
    expect(fact(page, "Surprised")).to_contain_text("the orcs")
    expect(steps).to_contain_text(
        ["the man wins by 11 (+3 minus −8)", "100 yards × 20% = 20 yards"]
    )
    expect(page.get_by_role("button", name="Try for surprise")).to_be_hidden()

    # The form survives a reload; both results are in the log with their steps.
    reload_app(page)
    open_gurps(page)
    expect(number(side(page, "Side A"), "Stealth")).to_have_value("10")
    expect(side(page, "Side B").get_by_role("textbox", name="Name of the side")).to_have_value(
        "the orcs"
    )
    expect(panel.get_by_role("combobox", name="Terrain")).to_have_value("hills_rocky")
    expect(page.get_by_role("spinbutton", name="per yards")).to_have_value("50")
    # The last result is shown whole, as it was before the reload.
    expect(title(page)).to_have_text(
        "the man surprises the orcs: it may start anywhere from 20 to 100 yards away, or evade."
    )
    expect(fact(page, "Distance")).to_contain_text("20 to 100 yards")
    expect(fact(page, "Surprised")).to_contain_text("the orcs")
    expect(page.get_by_role("button", name="Try for surprise")).to_be_hidden()
    page.get_by_role("button", name="Log").click()
    entries = page.locator(".log-entry")
    expect(entries).to_have_count(2)
    expect(entries.first).to_contain_text("the man surprises the orcs")


def test_a_reload_keeps_the_whole_distance_and_the_offer_to_try_for_surprise(
    page: Page, base: str
) -> None:
    """A phone drops the page between the distance and the decision to try for
    surprise: opened again, the facts and the offer are there, and trying for surprise
    goes on from the same distance (its MED, rolled at the table, is not rolled again)."""
    open_app(page, base)
    panel = seed_example_1(page)
    panel.get_by_text("Use physical dice").click()
    panel.get_by_role("textbox", name="Maximum encounter distance: dice total").fill("15")
    page.get_by_role("button", name="Find the distance").click()
    expect(title(page)).to_have_text("The encounter starts at 100 yards; nobody is surprised.")

    reload_app(page)
    panel = open_gurps(page)
    expect(title(page)).to_have_text("The encounter starts at 100 yards; nobody is surprised.")
    expect(fact(page, "Distance")).to_contain_text("100 yards")
    expect(fact(page, "Spots the other first")).to_contain_text("the man")
    expect(fact(page, "May evade")).to_contain_text("the man")
    expect(fact(page, "Surprised")).to_contain_text("nobody")
    panel.get_by_text("Use physical dice").click()
    try_for_surprise_7_against_15(page, panel)
    panel.get_by_text("How it was worked out").click()
    steps = page.locator("[data-bind='gurps-steps'] li")
    expect(steps.filter(has_text="4d rolled at the table: 15")).to_have_count(1)
    expect(steps.filter(has_text="100 yards × 20% = 20 yards")).to_have_count(1)

    # A kept distance that does not work out to the log's newest entry (edited in
    # storage, with a MED of 40 instead of 150) is not shown: the log's headline and
    # steps are, without facts or an offer.
    page.evaluate(
        """() => {
        const kept = JSON.parse(localStorage.getItem('omen/gurps_found'));
        kept.data.med = 40;
        kept.data.try_surprise = false;
        delete kept.data.rolls;
        localStorage.setItem('omen/gurps_found', JSON.stringify(kept));
    }"""
    )
    reload_app(page)
    open_gurps(page)
    expect(title(page)).to_have_text(
        "the man surprises the orcs: it may start anywhere from 20 to 100 yards away, or evade."
    )
    expect(page.locator(".gurps-facts")).to_be_hidden()
    expect(page.get_by_role("button", name="Try for surprise")).to_be_hidden()


def test_seeded_default_run_gives_a_distance_with_its_steps(page: Page, base: str) -> None:
    open_app(page, base, "?seed=7")
    panel = open_gurps(page)
    expect(page.get_by_text("Maximum encounter distance: rolled, 4d×10 yards")).to_be_visible()
    b = side(page, "Side B")
    b.get_by_text("SM from the longest dimension").click()
    b.get_by_role("textbox", name="Longest dimension").fill("3")
    b.get_by_role("button", name="Use this SM").click()
    expect(number(b, "SM")).to_have_value("1")
    expect(b.get_by_text("longest dimension 3 yards: SM +1")).to_be_visible()
    page.get_by_role("button", name="Find the distance").click()
    expect(title(page)).to_have_text(re.compile(r"The encounter starts at \d+ yards"))
    expect(fact(page, "Distance")).to_have_text(re.compile(r"\d+ yards"))
    panel.get_by_text("How it was worked out").click()
    steps = page.locator("[data-bind='gurps-steps'] li")
    expect(steps.first).to_have_text("Grassland (other): maximum encounter distance 4d×10 yards")
    expect(
        steps.filter(has_text=re.compile(r"^maximum encounter distance: \d+ yards$"))
    ).to_have_count(1)
    expect(steps.filter(has_text="+10% target size (SM +1)")).to_have_count(1)


def test_czech_form_and_result(page: Page, base: str) -> None:
    open_app(page, base, "?seed=3")
    page.get_by_role("button", name="Settings").click()
    page.get_by_role("combobox", name="Language").select_option("cs")
    expect(page.locator("html")).to_have_attribute("lang", "cs")
    page.locator("[data-nav='encounter']").click()
    page.locator("input[name='encounter-procedure'][value='gurps']").check()
    find = page.locator("[data-action='gurps-find']")
    expect(find).to_have_text("Zjistit vzdálenost")
    expect(side(page, "Strana B").get_by_role("spinbutton", name="Zrak", exact=True)).to_have_value(
        "10"
    )
    find.click()
    expect(title(page)).to_have_text(re.compile(r"^Setkání začíná na \d+ yd"))
    expect(fact(page, "Vzdálenost")).to_have_text(re.compile(r"\d+ yd"))


def test_a_contest_the_app_rolled_comes_back_whole_after_a_reload(page: Page, base: str) -> None:
    """The app's own 3d6 (no totals typed): the steps name each face, and the distance
    found comes back with them, word for word."""
    open_app(page, base, "?seed=4")
    panel = seed_example_1(page)
    panel.get_by_text("Use physical dice").click()
    panel.get_by_role("textbox", name="Maximum encounter distance: dice total").fill("15")
    page.get_by_role("button", name="Find the distance").click()
    page.get_by_role("button", name="Try for surprise").click()
    expect(title(page)).not_to_have_text("The encounter starts at 100 yards; nobody is surprised.")
    said = title(page).inner_text()
    steps = page.locator("[data-bind='gurps-steps'] li")
    worked_out = steps.all_text_contents()
    assert any(re.match(r"^3d6: \d, \d, \d = \d+$", text) for text in worked_out), worked_out
    surprised = fact(page, "Surprised").text_content() or ""

    reload_app(page)
    open_gurps(page)
    expect(title(page)).to_have_text(said)
    expect(fact(page, "Surprised")).to_have_text(surprised)
    expect(steps).to_have_text(worked_out)


@pytest.mark.first_start
def test_undo_of_the_travel_encounters_distance_leaves_a_newer_distance_whole(
    page: Page, base: str
) -> None:
    """A distance found for the travel turn's encounter (undoable: Explore offers the
    encounter again), then another found by hand (no Undo), then Undo: the Undo takes
    back the first only; the newer distance stays whole, before and after a reload."""
    travel = wolves_on_the_logging_road(page, base)
    travel.get_by_role("button", name="Work out the distance (GURPS)").click()
    gurps = page.locator("[data-procedure='gurps']")
    gurps.get_by_text("Use physical dice").click()
    total = gurps.get_by_role("textbox", name="Maximum encounter distance: dice total")
    total.fill("15")
    page.get_by_role("button", name="Find the distance").click()
    expect(title(page)).to_contain_text("The encounter starts at")
    total.fill("30")  # a second distance, by hand, further away
    page.get_by_role("button", name="Find the distance").click()
    expect(title(page)).to_contain_text("The encounter starts at")
    said, distance = title(page).inner_text(), fact(page, "Distance").text_content() or ""

    page.get_by_role("button", name="Log").click()
    page.get_by_role("button", name="Undo last action").click()
    open_gurps(page)
    expect(title(page)).to_have_text(said)
    reload_app(page)
    open_gurps(page)
    expect(title(page)).to_have_text(said)
    expect(fact(page, "Distance")).to_have_text(distance)

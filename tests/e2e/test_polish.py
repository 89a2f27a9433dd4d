"""What a game master sees on a phone (390 px) on the GURPS, OSE and End of the World
screens: no empty box above a roll not made, an example that fits its field, downtime
offers as plain buttons, a help sheet one tap from every turn panel, groups framed as
the app's others."""

from __future__ import annotations

from playwright.sync_api import Locator, Page, expect

from .conftest import open_app
from .test_games_gurps_eotw import add_ana


def nav(page: Page, name: str) -> None:
    page.get_by_role("navigation", name="Screens").get_by_role("button", name=name).click()


def choose_game(page: Page, game: str) -> None:
    page.get_by_role("button", name="Settings").click()
    page.get_by_role("combobox", name="Game").select_option(game)


def enter(field: Locator, value: str) -> None:
    field.fill(value)
    field.press("Tab")


# The width a field's placeholder needs, in its own font, and the room the field gives it.
PLACEHOLDER_FITS = """(field) => {
  const style = getComputedStyle(field);
  const canvas = document.createElement('canvas').getContext('2d');
  canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
  const room = field.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  return [canvas.measureText(field.placeholder).width, room];
}"""


def test_a_gurps_roll_shows_no_result_box_until_it_is_rolled(page: Page, base: str) -> None:
    open_app(page, base, "?seed=2")
    choose_game(page, "gurps")
    nav(page, "Tests")
    result = page.locator("[data-bind='gurps-tests'] > .result")
    expect(page.get_by_role("radio", name="GURPS success roll")).to_be_checked()
    expect(result).to_be_hidden()
    roll = page.get_by_role("group", name="Success roll", exact=True)
    enter(roll.get_by_role("textbox", name="Skill"), "12")
    page.locator("[data-bind='gurps-roll']").get_by_text("Use physical dice").click()
    page.get_by_role("textbox", name="3d6 total you rolled").fill("10")
    page.get_by_role("button", name="Roll 3d6").click()
    expect(result).to_be_visible()
    expect(result).to_contain_text("Rolled 10: success, margin +2")
    # The Quick Contest has not been rolled: its place shows no box either.
    page.get_by_role("radio", name="GURPS Quick Contest").check()
    expect(result).to_be_hidden()
    page.get_by_role("radio", name="GURPS success roll").check()
    expect(result).to_contain_text("Rolled 10: success, margin +2")
    # the tests' own help sheet is one tap away, as every procedure's is
    page.get_by_role("button", name="Help: Success rolls and Quick Contests").click()
    sheet = page.get_by_role("dialog", name="Success rolls and Quick Contests")
    expect(sheet).to_contain_text("A 3 or 4 is always a critical success")
    sheet.get_by_role("button", name="Close").click()


def test_the_modifiers_example_fits_its_field_in_english_and_czech(page: Page, base: str) -> None:
    open_app(page, base)
    choose_game(page, "gurps")
    nav(page, "Tests")
    field = page.get_by_role("group", name="Success roll", exact=True).get_by_role(
        "textbox", name="Modifiers"
    )
    expect(field).to_have_attribute("placeholder", "for example −2 +1")
    needed, room = field.evaluate(PLACEHOLDER_FITS)
    assert needed <= room, (needed, room)
    # the group is framed like the app's other groups, not the browser's grooved box
    frame = page.get_by_role("group", name="Success roll", exact=True)
    assert frame.evaluate("f => getComputedStyle(f).borderTopStyle") == "solid"
    assert frame.evaluate("f => parseFloat(getComputedStyle(f).borderTopLeftRadius)") >= 8
    page.get_by_role("button", name="Settings").click()
    page.get_by_role("combobox", name="Language").select_option("cs")
    page.locator("[data-nav='tests']").click()
    page.get_by_role("radio", name="Rychlé soupeření (GURPS)").check()
    for side in ("a", "b"):
        field = page.locator(f"[data-bind='gurps-roller-{side}'] [data-field='modifiers']")
        expect(field).to_have_attribute("placeholder", "třeba −2 +1")
        needed, room = field.evaluate(PLACEHOLDER_FITS)
        assert needed <= room, (side, needed, room)
    # Czech writes dice with k (kostka), as the seed does
    page.get_by_role("radio", name="Hod na úspěch (GURPS)").check()
    expect(page.get_by_role("button", name="Hodit 3k6")).to_be_visible()


def test_downtime_offers_are_buttons_without_bullets(page: Page, base: str) -> None:
    open_app(page, base, "?seed=7")
    choose_game(page, "eotw")
    nav(page, "Crew")
    add_ana(page)
    page.get_by_role("button", name="Add 1 stress (Physical)").click()
    nav(page, "Explore")
    scene = page.get_by_role("region", name="This scene")
    scene.get_by_role("radio", name="Downtime scene").check()
    offer = scene.get_by_role(
        "button", name="Ana: work through 1 stress (Physical) into a trauma of severity 1"
    )
    expect(offer).to_be_visible()
    item = offer.locator("xpath=..")
    expect(item).to_have_role("listitem")
    assert item.evaluate("li => getComputedStyle(li).listStyleType") == "none"
    # the button takes the list's width, its words from its left edge
    width = offer.evaluate("b => b.getBoundingClientRect().width")
    room = (
        scene.get_by_role("region", name="What downtime offers")
        .get_by_role("list")
        .evaluate("l => l.getBoundingClientRect().width")
    )
    assert width >= room - 1, (width, room)


def test_the_ose_turn_and_gurps_travel_have_their_help_sheet_one_tap_away(
    page: Page, base: str
) -> None:
    open_app(page, base)
    choose_game(page, "ose")
    nav(page, "Explore")
    turn = page.get_by_role("region", name="Old-School Essentials turn")
    turn.get_by_role("button", name="Help: Dungeon turn and wilderness day").click()
    sheet = page.get_by_role("dialog", name="Dungeon turn and wilderness day")
    expect(sheet).to_be_visible()
    sheet.get_by_role("button", name="Close").click()
    expect(sheet).to_be_hidden()
    # the panel's title is the chosen procedure's own words, so it is not shown twice
    expect(page.get_by_role("radio", name="Old-School Essentials turn")).to_be_checked()
    title = turn.get_by_role("heading", name="Old-School Essentials turn")
    assert title.evaluate("h => h.getBoundingClientRect().height") <= 1

    choose_game(page, "gurps")
    nav(page, "Explore")
    travel = page.get_by_role("region", name="GURPS wilderness travel")
    travel.get_by_role("button", name="Help: Travel checks").click()
    expect(page.get_by_role("dialog", name="Travel checks")).to_be_visible()


def test_the_ose_clock_shares_its_row_and_add_goal_lines_up(page: Page, base: str) -> None:
    open_app(page, base)
    choose_game(page, "ose")
    nav(page, "Explore")
    turn = page.get_by_role("region", name="Old-School Essentials turn")
    boxes = turn.locator(".clock > div:visible")
    expect(boxes).to_have_count(2)
    row = turn.locator(".clock").evaluate("c => c.getBoundingClientRect().width")
    first = boxes.first.evaluate("d => d.getBoundingClientRect().width")
    assert first > row / 2 - 8, (first, row)  # two boxes fill the row, no empty third

    nav(page, "Crew")
    # In an OSE campaign the End of the World's goals are one tap away, labelled.
    other = page.locator("details.other-game").filter(
        has_text="The End of the World: scene, goals and characters"
    )
    if other.get_attribute("open") is None:
        other.get_by_text("The End of the World: scene, goals and characters").click()
    field = page.get_by_role("textbox", name="New goal")
    button = page.get_by_role("button", name="Add goal")
    bottom = field.evaluate("f => f.getBoundingClientRect().bottom")
    assert abs(button.evaluate("b => b.getBoundingClientRect().bottom") - bottom) <= 1


def test_each_help_sheet_opens_at_its_title(page: Page, base: str) -> None:
    open_app(page, base)
    choose_game(page, "ose")
    nav(page, "Encounter")
    page.get_by_role("button", name="Help: The encounter sequence").click()
    sheet = page.get_by_role("dialog", name="The encounter sequence")
    expect(sheet).to_be_visible()
    sheet.evaluate("d => d.scrollBy(0, 2000)")  # read to the end of a long sheet
    expect(sheet.get_by_role("heading", name="The encounter sequence")).not_to_be_in_viewport()
    sheet.get_by_role("button", name="Close").click()
    page.get_by_role("button", name="Help: Evasion and pursuit").click()
    other = page.get_by_role("dialog", name="Evasion and pursuit")
    expect(other.get_by_role("heading", name="Evasion and pursuit", exact=True)).to_be_in_viewport()


# The colour a result's headline is drawn in, and the app's colours for success and failure.
HEADLINE_COLOUR = """(title) => {
  const probe = document.createElement('span');
  document.body.append(probe);
  const colour = (name) => { probe.style.color = `var(${name})`; return getComputedStyle(probe).color; };
  const out = [getComputedStyle(title).color, colour('--ok'), colour('--danger')];
  probe.remove();
  return out;
}"""


def test_a_gurps_success_is_green_and_a_failure_red(page: Page, base: str) -> None:
    """A success (critical or not) reads as a success, a failure as a failure: never the
    encounter's red for a critical success."""
    open_app(page, base, "?seed=2")
    choose_game(page, "gurps")
    nav(page, "Tests")
    roll = page.get_by_role("group", name="Success roll", exact=True)
    enter(roll.get_by_role("textbox", name="Skill"), "12")
    page.locator("[data-bind='gurps-roll']").get_by_text("Use physical dice").click()
    typed = page.get_by_role("textbox", name="3d6 total you rolled")
    title = page.locator("[data-bind='gurps-test-title']")
    for total, headline, colour in (("3", "critical success", 1), ("18", "critical failure", 2)):
        typed.fill(total)
        page.get_by_role("button", name="Roll 3d6").click()
        expect(title).to_contain_text(headline, ignore_case=True)
        shown = title.evaluate(HEADLINE_COLOUR)
        assert shown[0] == shown[colour], (headline, shown)

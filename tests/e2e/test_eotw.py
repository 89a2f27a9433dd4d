"""The End of the World at the table: dice pool tests, their odds, and the crew."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from .conftest import open_app, reload_app

BUILD = {
    "Dexterity": "4",
    "Vitality": "3",
    "Logic": "3",
    "Willpower": "2",
    "Charisma": "3",
    "Empathy": "1",
}


def go_to_tests(page: Page) -> None:
    page.get_by_role("navigation", name="Screens").get_by_role("button", name="Tests").click()


def go_to_crew(page: Page) -> None:
    page.get_by_role("navigation", name="Screens").get_by_role("button", name="Crew").click()


def add_ana(page: Page) -> None:
    go_to_crew(page)
    page.get_by_role("textbox", name="Name", exact=True).fill("Ana")
    for characteristic, value in BUILD.items():
        page.get_by_role("combobox", name=characteristic).select_option(value)
    expect(page.get_by_text("Points above 1: 10 of 10")).to_be_visible()
    page.get_by_role("button", name="Add character").click()
    expect(page.locator("[data-bind='crew-title']")).to_have_text("Ana joins the crew.")


def ana_against_the_rat(page: Page) -> None:
    """On Tests: Ana (Dexterity 4, one danger die) and a Rat (2) as an opposed test's
    contestants."""
    go_to_tests(page)
    page.get_by_role("combobox", name="Who is tested").select_option(label="Ana")
    page.get_by_role("button", name="One die more: Danger or difficulty").click()
    page.locator("[data-screen='tests']").get_by_text("Opposed test", exact=True).click()
    expect(page.get_by_role("textbox", name="Contestant's name")).to_have_value("Ana")
    page.get_by_role("button", name="Add this pool as a contestant").click()
    page.get_by_role("button", name="Clear pool").click()
    page.get_by_role("combobox", name="Who is tested").select_option(label="Nobody from the crew")
    page.get_by_role("combobox", name="Value").select_option("2")
    page.get_by_role("textbox", name="Contestant's name").fill("Rat")
    page.get_by_role("button", name="Add this pool as a contestant").click()


def ana_rolls_with_equipment_and_danger(page: Page) -> None:
    """On Tests: Ana's Dexterity (4) with an equipment and a danger die, rolled (seed 1
    rolls 2 and 5 on the positive dice and 1 on the negative one)."""
    go_to_tests(page)
    page.get_by_role("combobox", name="Who is tested").select_option(label="Ana")
    page.get_by_role("button", name="One die more: Equipment").click()
    page.get_by_role("button", name="One die more: Danger or difficulty").click()
    page.get_by_role("button", name="Roll", exact=True).click()


def undo_last(page: Page) -> None:
    page.get_by_role("button", name="Log").click()
    page.get_by_role("button", name="Undo last action").click()


def expect_physical_stress(page: Page, filled: int) -> None:
    """Ana's physical stress track on Crew shows ``filled`` of 9 boxes."""
    go_to_crew(page)
    ana = page.get_by_role("article", name="Ana")
    expect(ana.get_by_role("img", name=f"Physical stress {filled} of 9")).to_be_visible()


def odds_row(page: Page, label: str):  # type: ignore[no-untyped-def]
    return page.get_by_role("row").filter(has=page.get_by_role("rowheader", name=label))


def test_odds_of_a_small_pool_with_and_without_pushing(page: Page, base: str) -> None:
    open_app(page, base)
    go_to_tests(page)
    page.get_by_role("combobox", name="Value").select_option("3")
    expect(page.locator("[data-bind='pool-total']")).to_have_text(
        "Pool: 1 positive and 0 negative dice"
    )
    # The engine's exact odds, worked out by hand in tests/unit/test_eotw.py
    # (test_odds_worked_out_by_hand, test_a_pushed_single_die_worked_out_by_hand): 1/2
    # and, pushed (2 positive, 1 negative die), 2/3; expected stress 0 and 25/36.
    expect(odds_row(page, "At least one success").get_by_role("cell")).to_have_text(
        ["50.0%", "66.7%"]
    )
    expect(odds_row(page, "Expected stress").get_by_role("cell")).to_have_text(["0.00", "0.69"])
    expect(odds_row(page, "Exactly 1 stress").get_by_role("cell")).to_have_text(["0.0%", "69.4%"])
    page.get_by_role("button", name="One die more: Danger or difficulty").click()
    expect(page.locator("[data-bind='pool-total']")).to_have_text(
        "Pool: 1 positive and 1 negative dice"
    )
    # 1 positive, 1 negative, value 3: 5/12 (tests/unit/test_eotw.py)
    expect(odds_row(page, "At least one success").get_by_role("cell").first).to_have_text("41.7%")


def test_typed_faces_and_an_opposed_test(page: Page, base: str) -> None:
    open_app(page, base)
    go_to_tests(page)
    page.get_by_role("combobox", name="Value").select_option("3")
    page.get_by_role("button", name="One die more: Equipment").click()
    page.get_by_role("button", name="One die more: Negative feature").click()
    page.locator("[data-screen='tests'] .eotw-tests").get_by_text("Use physical dice").click()
    page.get_by_role("textbox", name="Positive faces").fill("2 4")
    page.get_by_role("textbox", name="Negative faces").fill("2")
    page.get_by_role("button", name="Roll", exact=True).click()
    title = page.locator("[data-bind='test-title']")
    expect(title).to_have_text("Failure, 0 stress")
    expect(page.get_by_role("list", name="Positive dice").get_by_role("listitem")).to_have_text(
        ["2 cancelled", "4 no success"]
    )
    expect(page.get_by_role("list", name="Negative dice").get_by_role("listitem")).to_have_text(
        ["2 cancelled"]
    )
    page.get_by_role("button", name="Clear pool").click()
    page.locator("[data-screen='tests']").get_by_text("Opposed test", exact=True).click()
    page.get_by_role("textbox", name="Contestant's name").fill("Ana")
    page.get_by_role("button", name="Add this pool as a contestant").click()
    page.get_by_role("combobox", name="Value").select_option("2")
    page.get_by_role("textbox", name="Contestant's name").fill("Rat")
    page.get_by_role("button", name="Add this pool as a contestant").click()
    page.get_by_role("textbox", name="Faces rolled, in order (optional)").fill("1 2")
    page.get_by_role("button", name="Roll the opposed test").click()
    expect(title).to_have_text("Ana wins the opposed test.")
    page.locator("[data-screen='tests']").get_by_text("How it was rolled").click()
    expect(page.locator("[data-bind='test-steps'] li").last).to_have_text(
        "Tied on successes: Ana wins with the higher characteristic (3)."
    )


def test_a_roll_stress_clinging_and_a_trauma_survive_a_reload(page: Page, base: str) -> None:
    open_app(page, base, "?seed=1")
    add_ana(page)
    ana = page.get_by_role("article", name="Ana")
    expect(ana.get_by_role("img", name="Physical stress 0 of 9")).to_be_visible()

    go_to_tests(page)
    page.get_by_role("combobox", name="Who is tested").select_option(label="Ana")
    expect(page.get_by_role("combobox", name="Value")).to_have_value("4")  # her Dexterity
    page.get_by_role("button", name="One die more: Equipment").click()
    page.get_by_role("button", name="One die more: Danger or difficulty").click()
    page.get_by_role("button", name="Roll", exact=True).click()
    # Seed 1 rolls 2 and 5 on the positive dice and 1 on the negative one.
    expect(page.locator("[data-bind='test-title']")).to_have_text(
        "Ana: Success: 1 success, 1 stress"
    )
    expect(page.get_by_role("list", name="Positive dice").get_by_role("listitem")).to_have_text(
        ["2 success", "5 no success"]
    )
    expect(page.get_by_role("list", name="Negative dice").get_by_role("listitem")).to_have_text(
        ["1 stress"]
    )
    page.get_by_role("button", name="Give 1 stress (Physical) to Ana").click()
    expect(page.locator("[data-bind='stress-given']")).to_have_text(
        "Stress track (Physical): 0 → 1 of 9 boxes"
    )
    expect(page.get_by_role("button", name="Give 1 stress (Physical) to Ana")).to_be_hidden()

    go_to_crew(page)
    expect(ana.get_by_role("img", name="Physical stress 1 of 9")).to_be_visible()
    for _ in range(8):
        ana.get_by_role("button", name="Add 1 stress (Physical)").click()
    expect(ana.get_by_role("img", name="Physical stress 9 of 9")).to_be_visible()
    full = ana.get_by_role("group", name="Full track (Physical)")
    expect(full).to_contain_text("cling to life with a test of Vitality (3)")
    # Clinging is rolled on the Tests screen with her pool; typed faces still work there.
    full.get_by_role("button", name="Cling to life").click()
    purpose = page.get_by_role("group", name=re.compile(r"^Cling to life: Ana tests Vitality"))
    expect(purpose).to_contain_text("Ana tests Vitality (3) to survive the full track (Physical)")
    expect(page.get_by_role("combobox", name="Value")).to_have_value("3")
    expect(page.get_by_role("combobox", name="Value")).to_be_disabled()
    expect(page.get_by_role("combobox", name="Characteristic")).to_have_value("vitality")
    expect(page.locator("[data-bind='pool-total']")).to_have_text(
        "Pool: 1 positive and 0 negative dice"
    )
    page.locator("[data-screen='tests'] .eotw-tests").get_by_text("Use physical dice").click()
    page.get_by_role("textbox", name="Positive faces").fill("1")
    page.get_by_role("button", name="Roll", exact=True).click()
    expect(page.locator("[data-bind='test-title']")).to_have_text(
        "Ana clings to life and is out of play for now."
    )
    expect(purpose).to_be_hidden()
    expect(page.get_by_role("combobox", name="Value")).to_be_enabled()
    go_to_crew(page)
    expect(page.locator("[data-bind='crew-title']")).to_have_text(
        "Ana clings to life and is out of play for now."
    )
    expect(ana.get_by_text("Out of play for now (Physical)")).to_be_visible()
    expect(ana.get_by_role("img", name="Physical stress 3 of 9")).to_be_visible()
    expect(ana.get_by_text("Physical, severity 3. Treatment takes one month")).to_be_visible()

    ana.get_by_role("button", name="Turn stress (Physical) into a trauma").click()
    expect(ana.get_by_role("img", name="Physical stress 0 of 9")).to_be_visible()
    expect(ana.get_by_text("Physical, severity 1. Treatment takes one day")).to_be_visible()
    name = ana.get_by_role("textbox", name="Trauma 2: name")
    name.fill("Cracked rib")
    name.press("Enter")
    expect(page.locator("[data-bind='crew-title']")).to_have_text(
        "Ana: trauma renamed to Cracked rib"
    )

    reload_app(page)
    go_to_crew(page)
    ana = page.get_by_role("article", name="Ana")
    expect(ana.get_by_text("Out of play for now (Physical)")).to_be_visible()
    expect(ana.get_by_role("img", name="Physical stress 0 of 9")).to_be_visible()
    expect(ana.get_by_role("textbox", name="Trauma 2: name")).to_have_value("Cracked rib")
    expect(ana).to_contain_text("Dexterity 4 · Vitality 3 · Logic 3")

    # Back in play (out of play, she is not tested): her two physical traumas hinder her
    # Dexterity tests; the GM can untick one.
    ana.get_by_role("button", name="Back in play").click()
    go_to_tests(page)
    page.get_by_role("combobox", name="Who is tested").select_option(label="Ana")
    total = page.locator("[data-bind='pool-total']")
    expect(total).to_have_text("Pool: 1 positive and 2 negative dice")
    page.get_by_role("checkbox", name="Trauma: Cracked rib (severity 1)").uncheck()
    expect(total).to_have_text("Pool: 1 positive and 1 negative dice")

    # A recovery test: Vitality 3, both physical traumas ticked again, pushed once.
    go_to_crew(page)
    ana.get_by_role("button", name="Recovery test: Cracked rib").click()
    purpose = page.get_by_role("group", name=re.compile(r"^Recovery test for Cracked rib"))
    expect(purpose).to_contain_text("after one day of treatment, Ana tests Vitality (3)")
    expect(total).to_have_text("Pool: 1 positive and 2 negative dice")
    expect(page.get_by_role("checkbox", name="Trauma: Cracked rib (severity 1)")).to_be_checked()
    page.get_by_role("checkbox", name=re.compile("^Push yourself")).check()
    expect(total).to_have_text("Pool: 2 positive and 3 negative dice")
    page.locator("[data-screen='tests'] .eotw-tests").get_by_text("Use physical dice").click()
    page.get_by_role("textbox", name="Positive faces").fill("6 2")
    page.get_by_role("textbox", name="Negative faces").fill("6 5 4")
    page.get_by_role("button", name="Roll", exact=True).click()
    # 6 cancels 6; 2 is a success against 3; 5 and 4 stay: 2 stress onto her track.
    expect(page.locator("[data-bind='test-title']")).to_have_text(
        "The treatment works: Cracked rib is healed."
    )
    expect(page.get_by_role("checkbox", name=re.compile("^Push yourself"))).not_to_be_checked()
    go_to_crew(page)
    expect(ana.get_by_role("textbox", name="Trauma 2: name")).to_have_count(0)
    expect(ana.get_by_role("img", name="Physical stress 2 of 9")).to_be_visible()
    page.get_by_role("button", name="Log").click()
    page.get_by_role("button", name="Undo last action").click()
    go_to_crew(page)
    expect(ana.get_by_role("textbox", name="Trauma 2: name")).to_have_value("Cracked rib")
    expect(ana.get_by_role("img", name="Physical stress 0 of 9")).to_be_visible()


def test_deleting_a_character_can_be_undone(page: Page, base: str) -> None:
    open_app(page, base)
    add_ana(page)
    page.get_by_role("button", name="Delete character: Ana").click()
    expect(page.get_by_role("article", name="Ana")).to_have_count(0)
    # exact: the emptied crew opens the new character's form, whose "Most to Logic" holds "Log"
    page.get_by_role("button", name="Log", exact=True).click()
    page.get_by_role("button", name="Undo last action").click()
    go_to_crew(page)
    expect(page.get_by_role("article", name="Ana")).to_be_visible()
    reload_app(page)
    go_to_crew(page)
    expect(page.get_by_role("article", name="Ana")).to_be_visible()


def test_scene_and_goals_are_kept(page: Page, base: str) -> None:
    open_app(page, base)
    go_to_crew(page)
    page.get_by_role("radio", name="Survival encounter").check()
    expect(
        page.locator("[data-screen='crew']").get_by_text("Time presses and lives are at risk")
    ).to_be_visible()
    page.get_by_role("checkbox", name="Acquire weapons").check()
    page.get_by_role("textbox", name="New goal").fill("Find Mara")
    page.get_by_role("button", name="Add goal").click()
    reload_app(page)
    go_to_crew(page)
    expect(page.get_by_role("radio", name="Survival encounter")).to_be_checked()
    expect(page.get_by_role("checkbox", name="Acquire weapons")).to_be_checked()
    expect(page.get_by_role("checkbox", name="Find Mara")).not_to_be_checked()


def test_opposed_stress_goes_to_the_crew_and_contestants_survive_a_reload(
    page: Page, base: str
) -> None:
    open_app(page, base)
    add_ana(page)
    ana_against_the_rat(page)
    tests = page.locator("[data-screen='tests']")
    page.get_by_role("button", name="One die more: Equipment").click()

    reload_app(page)
    go_to_tests(page)
    tests.get_by_text("Opposed test", exact=True).click()
    expect(page.locator("[data-bind='contestants'] .label")).to_have_text(
        [
            "Ana: Dexterity 4, 1 positive and 1 negative dice",
            "Rat: Dexterity 2, 1 positive and 0 negative dice",
        ]
    )
    # The pool being built, its value and who is tested are kept too.
    expect(page.locator("[data-bind='pool-total']")).to_have_text(
        "Pool: 2 positive and 0 negative dice"
    )
    expect(page.get_by_role("combobox", name="Value")).to_have_value("2")
    expect(page.get_by_role("combobox", name="Who is tested")).to_have_value("")

    # Ana rolls 1 (a success against 4) and 5 (stress); the Rat rolls 3 (no success).
    page.get_by_role("textbox", name="Faces rolled, in order (optional)").fill("1 5 3")
    page.get_by_role("button", name="Roll the opposed test").click()
    expect(page.locator("[data-bind='test-title']")).to_have_text("Ana wins the opposed test.")
    give = page.get_by_role("button", name="Give 1 stress (Physical) to Ana")
    give.click()
    expect(page.locator("[data-bind='opposed-stress']")).to_have_text(
        "Stress track (Physical): 0 → 1 of 9 boxes"
    )
    expect(give).to_have_count(0)
    expect_physical_stress(page, 1)
    undo_last(page)
    expect_physical_stress(page, 0)


def test_characteristics_and_goals_can_be_changed_later(page: Page, base: str) -> None:
    open_app(page, base)
    add_ana(page)
    ana = page.get_by_role("article", name="Ana")
    ana.get_by_text("Change characteristics").click()
    ana.get_by_role("combobox", name="Dexterity").select_option("5")
    # 11 points above 1 now: later changes are not held to the build rule.
    expect(page.locator("[data-bind='crew-title']")).to_have_text("Ana: Dexterity 4 → 5")
    expect(ana).to_contain_text("Dexterity 5 · Vitality 3")
    wording = page.get_by_role("textbox", name="Wording of goal 1")
    expect(wording).to_have_value("Acquire weapons")
    wording.fill("Acquire a rifle")
    wording.press("Enter")
    expect(page.locator("[data-bind='crew-title']")).to_have_text(
        "Goal reworded: Acquire weapons → Acquire a rifle"
    )
    page.get_by_role("checkbox", name="Acquire a rifle").check()
    reload_app(page)
    go_to_crew(page)
    expect(page.get_by_role("checkbox", name="Acquire a rifle")).to_be_checked()
    expect(ana).to_contain_text("Dexterity 5 · Vitality 3")
    go_to_tests(page)
    page.get_by_role("combobox", name="Who is tested").select_option(label="Ana")
    expect(page.get_by_role("combobox", name="Value")).to_have_value("5")


def test_a_pool_built_and_rolled_in_czech(page: Page, base: str) -> None:
    open_app(page, base, "?seed=1")
    page.get_by_role("button", name="Settings").click()
    page.get_by_role("combobox", name="Language").select_option("cs")
    nav = page.get_by_role("navigation", name="Obrazovky")
    nav.get_by_role("button", name="Testy").click()
    page.get_by_role("combobox", name="Hodnota").select_option("3")
    page.get_by_role("button", name="O kostku víc: Vybavení").click()
    page.get_by_role("button", name="O kostku víc: Nebezpečí nebo obtížnost").click()
    total = page.locator("[data-bind='pool-total']")
    expect(total).to_have_text("Zásoba: kladné kostky 2, záporné kostky 1")
    # 2 positive and 1 negative die against 3: 2/3 succeed (see the first test's method).
    expect(odds_row(page, "Aspoň jeden úspěch").get_by_role("cell").first).to_have_text(
        "66,7\u00a0%"
    )
    expect(page.get_by_role("columnheader", name="Bez vypětí")).to_be_visible()
    page.get_by_role("button", name="Hodit", exact=True).click()
    # Seed 1 rolls 2 and 5 on the positive dice and 1 on the negative one.
    expect(page.locator("[data-bind='test-title']")).to_have_text("1 úspěch, 1 bod stresu")
    expect(page.get_by_role("list", name="Kladné kostky").get_by_role("listitem")).to_have_text(
        ["2 úspěch", "5 bez úspěchu"]
    )
    expect(page.get_by_role("list", name="Záporné kostky").get_by_role("listitem")).to_have_text(
        ["1 stres"]
    )
    expect(page.get_by_role("button", name="Vyprázdnit zásobu")).to_be_visible()
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path="/tmp/eotw-cs.png")
    page.screenshot(path="/tmp/eotw-cs-full.png", full_page=True)
    nav.get_by_role("button", name="Družina").click()
    expect(page.get_by_role("textbox", name="Znění cíle 1")).to_have_value("Získat zbraně")
    page.screenshot(path="/tmp/eotw-cs-crew.png", full_page=True)


def test_letting_go_and_a_failed_cling_show_the_same_ending(page: Page, base: str) -> None:
    """A full Mental track: letting go and failing to cling to life (Willpower 2, a 6 on
    the one positive die) both leave Ana lost to madness for good, said before the choice
    and on her card after it."""
    open_app(page, base)
    add_ana(page)
    ana = page.get_by_role("article", name="Ana")
    for _ in range(9):
        ana.get_by_role("button", name="Add 1 stress (Mental)").click()
    full = ana.get_by_role("group", name="Full track (Mental)")
    expect(full).to_contain_text(
        "Letting go or failing the test leaves them lost to madness for good."
    )
    ending = "Lost to madness for good (Mental)"
    full.get_by_role("button", name="Let go").click()
    expect(page.locator("[data-bind='crew-title']")).to_have_text(
        "Ana lets go and is lost to madness for good."
    )
    expect(ana.get_by_text(ending)).to_be_visible()
    expect(ana.get_by_role("button", name="Back in play")).to_be_hidden()
    let_go_status = ana.locator(".status").inner_text()

    page.get_by_role("button", name="Log").click()
    page.get_by_role("button", name="Undo last action").click()
    go_to_crew(page)
    full.get_by_role("button", name="Cling to life").click()
    page.locator("[data-screen='tests'] .eotw-tests").get_by_text("Use physical dice").click()
    page.get_by_role("textbox", name="Positive faces").fill("6")
    page.get_by_role("button", name="Roll", exact=True).click()
    expect(page.locator("[data-bind='test-title']")).to_have_text(
        "Ana fails to hold on and is lost to madness for good."
    )
    go_to_crew(page)
    expect(ana.get_by_text(ending)).to_be_visible()
    assert ana.locator(".status").inner_text() == let_go_status
    reload_app(page)
    go_to_crew(page)
    expect(page.get_by_role("article", name="Ana").get_by_text(ending)).to_be_visible()


def test_a_reload_keeps_the_dice_and_the_stress_still_to_give(page: Page, base: str) -> None:
    """A phone drops the page after a roll: opened again, the Tests screen shows the
    dice and offers the stress not given yet; once given, a reload does not offer it
    twice, and Undo offers it again."""
    open_app(page, base, "?seed=1")
    add_ana(page)
    ana_rolls_with_equipment_and_danger(page)
    title = page.locator("[data-bind='test-title']")
    expect(title).to_have_text("Ana: Success: 1 success, 1 stress")
    give = page.get_by_role("button", name="Give 1 stress (Physical) to Ana")
    given = page.locator("[data-bind='stress-given']")

    reload_app(page)
    go_to_tests(page)
    expect(title).to_have_text("Ana: Success: 1 success, 1 stress")
    expect(page.get_by_role("list", name="Positive dice").get_by_role("listitem")).to_have_text(
        ["2 success", "5 no success"]
    )
    expect(page.get_by_role("list", name="Negative dice").get_by_role("listitem")).to_have_text(
        ["1 stress"]
    )
    give.click()
    expect(given).to_have_text("Stress track (Physical): 0 → 1 of 9 boxes")

    reload_app(page)
    go_to_tests(page)
    expect(title).to_have_text("Ana: Success: 1 success, 1 stress")
    expect(given).to_have_text("Stress track (Physical): 0 → 1 of 9 boxes")
    expect(give).to_be_hidden()
    expect_physical_stress(page, 1)

    # Undo takes the stress back, and the Tests screen offers it again.
    undo_last(page)
    go_to_tests(page)
    expect(give).to_be_visible()
    expect(given).to_be_hidden()
    reload_app(page)
    go_to_tests(page)
    expect(give).to_be_visible()


def test_a_reload_keeps_an_opposed_tests_stress_still_to_give(page: Page, base: str) -> None:
    open_app(page, base)
    add_ana(page)
    ana_against_the_rat(page)
    # Ana rolls 1 (a success against 4) and 5 (stress); the Rat rolls 3 (no success).
    page.get_by_role("textbox", name="Faces rolled, in order (optional)").fill("1 5 3")
    page.get_by_role("button", name="Roll the opposed test").click()
    title = page.locator("[data-bind='test-title']")
    expect(title).to_have_text("Ana wins the opposed test.")

    reload_app(page)
    go_to_tests(page)
    expect(title).to_have_text("Ana wins the opposed test.")
    give = page.get_by_role("button", name="Give 1 stress (Physical) to Ana")
    give.click()
    opposed = page.locator("[data-bind='opposed-stress']")
    expect(opposed).to_have_text("Stress track (Physical): 0 → 1 of 9 boxes")

    reload_app(page)
    go_to_tests(page)
    expect(opposed).to_have_text("Stress track (Physical): 0 → 1 of 9 boxes")
    expect(give).to_have_count(0)


def test_a_reload_keeps_a_test_the_crew_screen_asked_for(page: Page, base: str) -> None:
    open_app(page, base)
    add_ana(page)
    ana = page.get_by_role("article", name="Ana")
    for _ in range(9):
        ana.get_by_role("button", name="Add 1 stress (Physical)").click()
    full = ana.get_by_role("group", name="Full track (Physical)")
    full.get_by_role("button", name="Cling to life").click()
    page.locator("[data-screen='tests'] .eotw-tests").get_by_text("Use physical dice").click()
    page.get_by_role("textbox", name="Positive faces").fill("1")
    page.get_by_role("button", name="Roll", exact=True).click()
    title = page.locator("[data-bind='test-title']")
    expect(title).to_have_text("Ana clings to life and is out of play for now.")

    reload_app(page)
    go_to_tests(page)
    expect(title).to_have_text("Ana clings to life and is out of play for now.")
    expect(page.get_by_role("list", name="Positive dice").get_by_role("listitem")).to_have_text(
        ["1 success"]
    )
    expect(page.get_by_role("button", name=re.compile("^Give "))).to_be_hidden()


def test_undo_of_an_older_give_leaves_a_newer_test_and_its_stress_to_give(
    page: Page, base: str
) -> None:
    """Stress given after one test, then an opposed test rolled, then Undo: the Undo
    takes back the older give only; the opposed test stays on show, before and after a
    reload, with its own stress still to give."""
    open_app(page, base, "?seed=1")
    add_ana(page)
    ana_rolls_with_equipment_and_danger(page)
    page.get_by_role("button", name="Give 1 stress (Physical) to Ana").click()
    expect_physical_stress(page, 1)

    go_to_tests(page)
    page.get_by_role("button", name="Clear pool").click()
    ana_against_the_rat(page)
    # Ana rolls 1 (a success against 4) and 5 (stress); the Rat rolls 3 (no success).
    page.get_by_role("textbox", name="Faces rolled, in order (optional)").fill("1 5 3")
    page.get_by_role("button", name="Roll the opposed test").click()
    title = page.locator("[data-bind='test-title']")
    expect(title).to_have_text("Ana wins the opposed test.")
    give = page.get_by_role("button", name="Give 1 stress (Physical) to Ana")
    expect(give).to_be_visible()

    undo_last(page)  # the first test's stress
    expect_physical_stress(page, 0)
    go_to_tests(page)
    expect(title).to_have_text("Ana wins the opposed test.")
    expect(give).to_be_visible()
    reload_app(page)
    go_to_tests(page)
    expect(title).to_have_text("Ana wins the opposed test.")
    give.click()
    expect(page.locator("[data-bind='opposed-stress']")).to_have_text(
        "Stress track (Physical): 0 → 1 of 9 boxes"
    )
    expect_physical_stress(page, 1)

"""The End of the World's Crew and Tests on the store and screen kit.

Redrawing Crew and Tests, by taps or a hundred times over, makes no new proxy; and a
test asked for on Crew is written into the Tests form through the store, rolled there,
applied to the character, and taken back by one Undo: the character and the Tests form
both, as they were before the roll.
"""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from .conftest import open_app, reload_app
from .test_eotw import add_ana, go_to_crew, go_to_tests
from .test_proxies import visit_every_screen


def proxies(page: Page) -> int:
    return int(page.evaluate("window.omenProxies"))


def fill_physical_track(page: Page) -> None:
    ana = page.get_by_role("article", name="Ana")
    for _ in range(9):
        ana.get_by_role("button", name="Add 1 stress (Physical)").click()
    expect(ana.get_by_role("img", name="Physical stress 9 of 9")).to_be_visible()


def test_crew_and_tests_redraws_make_no_proxy(page: Page, base: str) -> None:
    open_app(page, base, "?seed=4")
    add_ana(page)
    go_to_tests(page)
    page.get_by_role("combobox", name="Who is tested").select_option(label="Ana")
    page.get_by_role("button", name="Roll", exact=True).click()
    visit_every_screen(page)  # every screen built: from here on nothing is bound anew
    go_to_crew(page)
    built = proxies(page)
    assert built > 0

    ana = page.get_by_role("article", name="Ana")
    for _ in range(5):  # taps that redraw Crew's cards and Tests' pool
        ana.get_by_role("button", name="Add 1 stress (Mental)").click()
        ana.get_by_role("button", name="Remove 1 stress (Mental)").click()
    page.get_by_role("textbox", name="New goal").fill("Find the radio")
    page.get_by_role("button", name="Add goal").click()
    page.get_by_role("checkbox", name="Find the radio").check()
    go_to_tests(page)
    for _ in range(5):
        page.get_by_role("button", name="One die more: Equipment").click()
        page.get_by_role("button", name="One die fewer: Equipment").click()
    page.get_by_role("button", name="Roll", exact=True).click()
    expect(page.locator("[data-bind='test-title']")).to_contain_text("Ana:")
    assert proxies(page) == built

    page.evaluate("window.omenRedrawEverything(100)")
    go_to_crew(page)
    expect(page.get_by_role("article", name="Ana")).to_be_visible()  # still drawn right
    expect(page.get_by_role("checkbox", name="Find the radio")).to_be_checked()
    go_to_tests(page)
    expect(page.get_by_role("combobox", name="Who is tested")).to_have_value(re.compile(".+"))
    assert proxies(page) == built


def test_a_cling_asked_on_crew_comes_back_and_undoes_in_one_step(page: Page, base: str) -> None:
    open_app(page, base, "?seed=1")
    add_ana(page)
    fill_physical_track(page)
    ana = page.get_by_role("article", name="Ana")
    ana.get_by_role("group", name="Full track (Physical)").get_by_role(
        "button", name="Cling to life"
    ).click()

    # The Tests screen opens with the test asked for, from the store's Tests form.
    purpose = page.get_by_role("group", name=re.compile(r"^Cling to life: Ana tests Vitality"))
    expect(purpose).to_be_visible()
    expect(page.get_by_role("combobox", name="Who is tested")).to_have_value(re.compile(".+"))
    expect(page.get_by_role("combobox", name="Characteristic")).to_have_value("vitality")
    push = page.get_by_role("checkbox", name=re.compile("^Push yourself"))
    push.check()
    total = page.locator("[data-bind='pool-total']")
    expect(total).to_have_text("Pool: 2 positive and 1 negative dice")
    # The test asked for is kept with the form: a reload still has it.
    reload_app(page)
    go_to_tests(page)
    expect(purpose).to_be_visible()
    expect(push).to_be_checked()

    page.locator("[data-screen='tests'] .eotw-tests").get_by_text("Use physical dice").click()
    page.get_by_role("textbox", name="Positive faces").fill("1 6")
    page.get_by_role("textbox", name="Negative faces").fill("6")
    page.get_by_role("button", name="Roll", exact=True).click()
    expect(page.locator("[data-bind='test-title']")).to_have_text(
        "Ana clings to life and is out of play for now."
    )
    expect(purpose).to_be_hidden()
    expect(push).not_to_be_checked()  # a push is for one test
    go_to_crew(page)
    expect(page.locator("[data-bind='crew-title']")).to_have_text(
        "Ana clings to life and is out of play for now."
    )
    expect(ana.get_by_text("Out of play for now (Physical)")).to_be_visible()
    expect(ana.get_by_role("img", name="Physical stress 3 of 9")).to_be_visible()

    # One Undo takes back the character and the Tests form together.
    page.get_by_role("button", name="Log").click()
    log = page.locator("[data-bind='log'] li")
    expect(log.first).to_contain_text("Ana clings to life")
    page.get_by_role("button", name="Undo last action").click()
    go_to_crew(page)
    expect(ana.get_by_role("img", name="Physical stress 9 of 9")).to_be_visible()
    expect(ana.get_by_role("group", name="Full track (Physical)")).to_be_visible()
    expect(page.locator("[data-bind='crew-title']")).not_to_have_text(
        "Ana clings to life and is out of play for now."
    )
    go_to_tests(page)
    expect(purpose).to_be_visible()
    expect(push).to_be_checked()
    expect(total).to_have_text("Pool: 2 positive and 1 negative dice")
    expect(page.locator("[data-bind='test-title']")).to_have_text(
        "Build the pool, check the odds, then roll."
    )

    # A second Undo goes to the ninth stress box, not to the Tests form again.
    page.get_by_role("button", name="Log").click()
    page.get_by_role("button", name="Undo last action").click()
    go_to_crew(page)
    expect(ana.get_by_role("img", name="Physical stress 8 of 9")).to_be_visible()
    go_to_tests(page)
    expect(purpose).to_be_hidden()  # the test no longer fits: the track is not full

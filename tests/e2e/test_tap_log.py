"""A tap's log entry is written after the frame that shows the tap (omen_web.kit.store),
and never lost: a page closed right after the tap, before any frame, keeps it, and two
taps in one frame keep both, in order."""

from __future__ import annotations

import json
import re

from playwright.sync_api import Page, expect

from .conftest import open_app, reload_app

# Taps the button (twice, or once) and hides the page in the same task, before any
# frame: what a phone does when the game master taps and at once switches apps or
# closes the tab. Then reads what localStorage holds, still in that task.
TAP_AND_CLOSE = """(button, taps) => {
    for (let i = 0; i < taps; i += 1) button.click();
    dispatchEvent(new PageTransitionEvent("pagehide", { persisted: false }));
    return [localStorage.getItem("omen/log") || "", localStorage.getItem("omen/exploration") || ""];
}"""


def log_entries(page: Page):  # type: ignore[no-untyped-def]
    return page.locator("[data-screen='log'] .log-entry")


def test_a_page_closed_right_after_a_tap_keeps_its_log_entry(page: Page, base: str) -> None:
    open_app(page, base, "?seed=3")
    next_turn = page.get_by_role("button", name="Next turn")
    log, exploration = next_turn.evaluate(TAP_AND_CLOSE, 1)
    assert [entry["id"] for entry in json.loads(log)["data"]["entries"]] == [1]  # on pagehide
    assert exploration  # and the turn's own save
    reload_app(page)
    expect(page.locator("[data-bind='turn']")).to_have_text("1")
    page.get_by_role("button", name="Log").click()
    expect(log_entries(page).first).to_contain_text("Turn 1 begins.")
    page.get_by_role("button", name="Undo last action").click()
    page.get_by_role("button", name="Explore").click()
    expect(page.locator("[data-bind='turn']")).to_have_text("0")


def test_two_taps_in_one_frame_keep_both_entries(page: Page, base: str) -> None:
    open_app(page, base, "?seed=4")
    next_turn = page.get_by_role("button", name="Next turn")
    log, _exploration = next_turn.evaluate(TAP_AND_CLOSE, 2)
    assert [entry["id"] for entry in json.loads(log)["data"]["entries"]] == [2, 1]
    reload_app(page)
    page.get_by_role("button", name="Log").click()
    expect(log_entries(page).filter(has_text="begins.")).to_have_text(
        [re.compile(r"Turn 2 begins\."), re.compile(r"Turn 1 begins\.")]  # newest first
    )

"""The Log screen over a long log kept in pages: older entries on demand, Undo across
pages and after a reload, and the warning before storage runs out."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from omen.campaign.logbook import LogBook
from omen.campaign.state import Outcome
from omen.core.roll import Step
from omen.core.store import Keeper, MemoryBackend

from .conftest import open_app, reload_app, saved


def seeded_log(count: int) -> dict[str, str]:
    """The storage of a log of ``count`` dice rolls (no undo), as Omen lays it out."""
    backend = MemoryBackend(room=10**9)
    book = LogBook(Keeper(backend, lambda step: None, lambda: "T"))
    for turn in range(1, count + 1):
        title = Step("Turn {turn} begins.", {"turn": turn})
        book.add("2026-12-01T20:00:00.000Z", Outcome(title, (), "nothing"), f"Turn {turn}", None)
    return backend.items


def store(page: Page, items: dict[str, str]) -> None:
    page.evaluate(
        "(items) => { for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v); }",
        items,
    )


def entries(page: Page):  # type: ignore[no-untyped-def]
    return page.locator("[data-screen='log'] .log-entry")


@pytest.mark.browser_context_args(timezone_id="America/St_Johns")
def test_each_entry_shows_its_time_on_the_devices_clock(page: Page, base: str) -> None:
    """Newfoundland is 2 h 30 behind UTC in summer and 3 h 30 in winter (a half-hour
    zone, and summer time, are both where a time of day goes wrong)."""
    backend = MemoryBackend(room=10**9)
    book = LogBook(Keeper(backend, lambda step: None, lambda: "T"))
    for at in ("2026-07-01T22:45:10.000Z", "2026-12-02T01:05:00.000Z"):
        book.add(at, Outcome(Step("Turn {turn} begins.", {"turn": 1}), (), "nothing"), "", None)
    open_app(page, base)
    store(page, backend.items)
    reload_app(page)
    page.get_by_role("button", name="Log").click()
    expect(entries(page).locator("time")).to_have_text(["21:35", "20:15"])  # newest first
    expect(entries(page).locator("time").first).to_have_attribute(
        "datetime", "2026-12-02T01:05:00.000Z"
    )


def test_the_log_shows_the_newest_entries_and_older_ones_on_demand(page: Page, base: str) -> None:
    open_app(page, base)
    store(page, seeded_log(120))
    reload_app(page)
    page.get_by_role("button", name="Log").click()
    expect(entries(page)).to_have_count(50)
    expect(entries(page).first).to_contain_text("Turn 120 begins.")
    older = page.get_by_role("button", name="Show older entries")
    older.click()
    expect(entries(page)).to_have_count(100)
    older.click()
    expect(entries(page)).to_have_count(120)
    expect(entries(page).last).to_contain_text("Turn 1 begins.")
    expect(older).to_be_hidden()
    page.screenshot(path="/tmp/omen-log-older.png")


def test_undo_reaches_back_across_pages_after_a_reload(page: Page, base: str) -> None:
    open_app(page, base, "?seed=1")
    for _ in range(21):
        page.get_by_role("button", name="Next turn").click()
    expect(page.locator("[data-bind='turn']")).to_have_text("21")
    keys = saved(page).evaluate("Object.keys(localStorage).filter((k) => k.startsWith('omen/log'))")
    assert sorted(keys) == ["omen/log", "omen/log/1"]  # twenty on a page, one on top
    reload_app(page)
    page.get_by_role("button", name="Log").click()
    undo = page.get_by_role("button", name="Undo last action")
    undo.click()
    undo.click()  # the second one is on the older page
    expect(page.locator("[data-screen='log'] .log-entry.undone")).to_have_count(2)
    reload_app(page)
    page.get_by_role("button", name="Log").click()
    expect(page.locator("[data-screen='log'] .log-entry.undone")).to_have_count(2)
    page.get_by_role("button", name="Explore").click()
    expect(page.locator("[data-bind='turn']")).to_have_text("19")


def test_storage_running_low_is_told_and_old_entries_go_to_a_file_first(
    page: Page, base: str
) -> None:
    open_app(page, base)
    items = seeded_log(260)
    store(page, items)
    used = sum(len(k) + len(v) for k, v in items.items())
    filler = 5_242_880 * 85 // 100 - used
    page.evaluate("(size) => localStorage.setItem('other-site-data', 'x'.repeat(size))", filler)
    reload_app(page)
    page.get_by_role("button", name="Log").click()
    warning = page.locator("[data-bind='log-room']")
    expect(warning).to_contain_text("Omen's storage on this device is")
    expect(warning).to_contain_text("more log entries fit")
    page.screenshot(path="/tmp/omen-log-room.png")
    with page.expect_download() as saving:
        page.get_by_role("button", name="Export old entries").click()
    file = json.loads(Path(saving.value.path()).read_text(encoding="utf-8"))
    exported = file["data"]["parts"]["log"]["data"]["entries"]
    assert [e["id"] for e in exported] == list(range(60, 0, -1))  # all but the newest 200
    page.get_by_role("button", name="Remove the exported entries").click()
    expect(page.get_by_role("button", name="Remove the exported entries")).to_be_hidden()
    expect(entries(page).first).to_contain_text("Removed 60 old entries from this device")
    keys = saved(page).evaluate(
        "Object.keys(localStorage).filter((k) => k.startsWith('omen/log/'))"
    )
    assert len(keys) == 10  # the 200 newest stay, twenty a page
    reload_app(page)
    page.get_by_role("button", name="Log").click()
    for _ in range(4):
        page.get_by_role("button", name="Show older entries").click()
    expect(entries(page)).to_have_count(201)
    expect(entries(page).last).to_contain_text("Turn 61 begins.")

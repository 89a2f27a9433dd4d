"""Two tabs of one profile rolling in turn, neither hearing of the other's writes: both
tabs' log entries are kept, and Undo still works after a reload."""

from __future__ import annotations

from playwright.sync_api import BrowserContext, Page, expect

from .conftest import open_app, reload_app, saved

# Neither page hears of the other's writes (their storage events are never delivered),
# as when both tap before the other's event arrives.
DEAF = "window.addEventListener('storage', (event) => event.stopImmediatePropagation(), true)"


def next_turn(page: Page) -> None:
    page.get_by_role("button", name="Next turn").click()


def test_two_tabs_rolling_in_turn_keep_every_log_entry(
    page: Page, base: str, context: BrowserContext
) -> None:
    context.add_init_script(DEAF)
    open_app(page, base)
    other = context.new_page()
    errors: list[str] = []
    other.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    other.on("pageerror", lambda error: errors.append(str(error)))
    open_app(other, base)
    for _ in range(12):  # each tab rolls past a page of 20 entries
        next_turn(page)
        saved(page)
        for _ in range(2):
            next_turn(other)
        saved(other)
    for tab in (page, other):
        saved(tab)
    reload_app(page)
    page.get_by_role("button", name="Log").click()
    log = page.locator("[data-screen='log'] .log-entry")
    expect(log).to_have_count(36)
    # the log's pages were merged, not kept aside (each tab's turn clock was: one part)
    quarantine = "Object.keys(localStorage).filter(k => k.startsWith('omen/quarantine/log'))"
    assert page.evaluate(quarantine) == []
    page.get_by_role("button", name="Undo last action").click()
    expect(page.locator("[data-screen='log'] .log-entry.undone")).to_have_count(1)
    reload_app(page)
    page.get_by_role("button", name="Log").click()
    expect(page.locator("[data-screen='log'] .log-entry.undone")).to_have_count(1)
    expect(log).to_have_count(36)
    assert errors == []

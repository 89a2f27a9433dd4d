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


# What the page remembers of storage (static/lists.js: omenStorage) and what Python asks
# it (omen_web.kit.storage.LocalBackend.holds), in the running app.
HOLDS = """
from omen_web.kit.storage import LocalBackend
from pyscript import window
backend = LocalBackend(window.omenStorage)
text = backend.get("omen/test/a")
answers = [backend.holds("omen/test/a", text)]
window.localStorage.setItem("omen/test/a", "another tab's")
answers.append(backend.holds("omen/test/a", text))
text = backend.get("omen/test/a")
for number in range(20):  # the page remembers the keys it used lately, not this one now
    backend.get(f"omen/test/other-{number}")
answers.append(not isinstance(window.omenStorage.unchanged("omen/test/a"), bool))
answers.append("omen/test/a" not in backend.seen and len(backend.seen) == backend.kept)
answers.append(backend.holds("omen/test/a", text))
window.localStorage.setItem("omen/test/a", "a third tab's")
answers.append(backend.holds("omen/test/a", text))
str(answers)
"""


def test_whether_another_tab_wrote_is_answered_in_the_page_or_read_when_not_remembered(
    page: Page, base: str
) -> None:
    """Storage holds what this page last saw (yes), another tab wrote (no), and the
    same two answers for a key the page no longer remembers, read and compared; Python
    keeps the texts of no more keys than the page remembers."""
    open_app(page, base)
    page.evaluate("localStorage.setItem('omen/test/a', 'this tab')")
    answer = page.evaluate(
        "async (code) => (await import('./static/engine.mjs')).started.runPython(code)", HOLDS
    )
    assert answer == "[True, False, True, True, True, False]"

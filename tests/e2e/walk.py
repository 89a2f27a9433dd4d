"""Visit every screen of Omen, in every game and both languages, pressing each main action.

Shared by tests/e2e/test_every_screen.py (any module missing from the trimmed standard
library fails there, in CI, not on a phone) and tools/stdlib_modules.py (which records
the modules a full walk imports).
"""

from __future__ import annotations

from playwright.sync_api import Page

GAMES = ("liminal_horror", "ose", "gurps", "eotw")


def press_visible_actions(page: Page) -> int:
    """Press the enabled main buttons of the screen on show; how many were pressed."""
    pressed = 0
    buttons = page.locator("section.screen:not([hidden]) .actions button")
    for index in range(buttons.count()):
        button = buttons.nth(index)
        if button.is_visible() and button.is_enabled():
            button.click()
            pressed += 1
    return pressed


def visit_every_screen(page: Page) -> int:
    """Open each tab and press its actions; the number of buttons pressed."""
    pressed = 0
    tabs = page.locator("[data-nav]")
    for index in range(tabs.count()):
        tab = tabs.nth(index)
        if not tab.is_visible():
            continue
        tab.click()
        pressed += press_visible_actions(page)
    return pressed


def walk(page: Page) -> int:
    """Every game, in English and in Czech; the app must be open and ready."""
    pressed = 0
    for language in ("en", "cs"):
        for game in GAMES:
            page.locator("[data-nav='settings']").click()
            page.locator("select[name='language']").select_option(language)
            page.locator("select[name='game']").select_option(game)
            pressed += visit_every_screen(page)
    return pressed

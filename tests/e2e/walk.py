"""Visit every screen of Omen, in every game and both languages, pressing each main action.

Shared by tests/e2e/test_every_screen.py (any module missing from the trimmed standard
library fails there, in CI, not on a phone) and tools/stdlib_modules.py (which records
the modules a full walk imports).
"""

from __future__ import annotations

from playwright.sync_api import Locator, Page, expect

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


# The free part of the screen: under the sticky header, above the tab bar and the
# action bar of the screen on show.
FREE = """(node) => {
  const box = node.getBoundingClientRect();
  let top = document.querySelector('header.top').getBoundingClientRect().bottom;
  let bottom = innerHeight;
  for (const bar of document.querySelectorAll(
      'nav.tabbar, main > .screen:not([hidden]) .actions')) {
    const edge = bar.getBoundingClientRect();
    if (edge.height > 0) bottom = Math.min(bottom, edge.top);
  }
  return box.height > 0 && box.top >= top - 1 && box.top < bottom
    && Math.min(box.bottom, bottom) - box.top >= Math.min(box.height, 24);
}"""


def in_free_view(locator: Locator) -> None:
    """The element is on show, its top (or all of it) inside the free part of the screen."""
    expect(locator).to_be_visible()
    locator.page.wait_for_function(FREE, arg=locator.element_handle(), timeout=5_000)


def unfold(step: Locator) -> Locator:
    """Open a folded step (a ``<details>``): its summary tapped unless it is open already
    (a finished step folds, the next one opens by itself)."""
    if step.get_attribute("open") is None:
        step.locator(":scope > summary").click()
    return step

"""The Encounter screen's reaction roll panel, as Liminal Horror's game master uses it."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from .conftest import open_app, reload_app


def open_reaction(page: Page) -> None:
    page.get_by_role("button", name="Encounter", exact=True).click()
    page.get_by_role("radio", name="Reaction roll").check()


def test_a_reload_keeps_the_last_reaction_rolled(page: Page, base: str) -> None:
    """A phone drops the page after a reaction roll: opened again, the panel shows the
    roll, its headline and how it was worked out, not the prompt to roll."""
    open_app(page, base, "?seed=1")
    open_reaction(page)
    reaction = page.locator("[data-procedure='reaction']")
    title = reaction.locator("[data-bind='reaction-result-title']")
    steps = reaction.locator("[data-bind='reaction-result-steps'] li")
    expect(title).to_have_text("Roll 2d6 when the creature's attitude is not obvious.")
    reaction.get_by_role("button", name="Roll reaction").click()
    expect(title).to_have_text(re.compile(r"^Reaction \d+: \w"))
    said, worked_out = title.inner_text(), steps.all_text_contents()
    assert any(text.startswith("2d6: ") for text in worked_out)

    reload_app(page)
    open_reaction(page)
    expect(title).to_have_text(said)
    expect(steps).to_have_text(worked_out)
    page.get_by_role("button", name="Log").click()
    expect(page.locator(".log-entry").first).to_contain_text(said)

"""A refusal said in place (role=alert) is said again in the new language when the
language changes in Settings, as results are; and it stays on show through the change,
which answers no tap."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from .conftest import open_app

ENGLISH = "Paste a share link or the text of an Omen file first."
CZECH = "Nejdřív vložte odkaz ke sdílení nebo text souboru z Omenu."


def test_a_refusal_on_show_is_said_again_in_czech_after_the_switch(page: Page, base: str) -> None:
    open_app(page, base, "?seed=1")
    page.get_by_role("button", name="Settings").click()
    settings = page.locator("[data-screen='settings']")
    settings.get_by_role("button", name="Open what I pasted").click()
    alert = settings.get_by_role("alert")
    expect(alert).to_have_text(ENGLISH)
    settings.get_by_role("combobox", name="Language").select_option("cs")
    expect(page.locator("html")).to_have_attribute("lang", "cs")
    expect(alert).to_have_text(CZECH)
    expect(page.get_by_text(ENGLISH)).to_have_count(0)
    # A change of theme answers no tap either; the next action does, and the refusal goes.
    settings.get_by_role("combobox", name="Vzhled").select_option(index=2)
    expect(alert).to_have_text(CZECH)
    settings.get_by_role("button", name="Otevřít vložené").click()
    expect(alert).to_have_text(CZECH)  # the same refusal, said for this tap
    settings.get_by_role("combobox", name="Jazyk").select_option("en")
    expect(alert).to_have_text(ENGLISH)

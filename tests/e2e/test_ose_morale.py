"""The OSE sequence's morale step keeps the referee's situation adjustment with the
encounter: the odds use it, a reload finds it, and a number the rules refuse says why."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from .conftest import open_app, reload_app


def open_morale(page: Page):  # type: ignore[no-untyped-def]
    page.get_by_role("button", name="Encounter", exact=True).click()
    page.get_by_role("radio", name="Old-School Essentials encounter").check()
    morale = page.locator("[data-procedure='ose'] [data-stage='morale']")
    if morale.get_attribute("open") is None:
        morale.locator(":scope > summary").click()
    return morale


def test_the_morale_adjustment_survives_a_reload(page: Page, base: str) -> None:
    open_app(page, base)
    morale = open_morale(page)
    adjust = morale.get_by_role("spinbutton", name="Situation adjustment (−2 to +2)")
    expect(adjust).to_have_value("0")
    morale.get_by_role("spinbutton", name="Morale score (2–12)").fill("8")
    adjust.fill("-2")
    odds = morale.locator(".ose-odds li")
    expect(odds.nth(0)).to_have_text("Morale 8 adjusted by −2 is 6.")
    expect(odds.nth(1)).to_have_text(
        "Morale 6: they break on 7 or more (21 of the 36 throws of 2d6)."
    )

    reload_app(page)
    morale = open_morale(page)
    adjust = morale.get_by_role("spinbutton", name="Situation adjustment (−2 to +2)")
    expect(adjust).to_have_value("-2")
    expect(morale.get_by_role("spinbutton", name="Morale score (2–12)")).to_have_value("8")
    odds = morale.locator(".ose-odds li")
    expect(odds.nth(0)).to_have_text("Morale 8 adjusted by −2 is 6.")

    # A number out of bounds is not kept: the odds say why, and a reload finds the last.
    adjust.fill("3")
    expect(odds.nth(0)).to_have_text("A morale adjustment is from -2 to +2.")
    reload_app(page)
    morale = open_morale(page)
    expect(morale.get_by_role("spinbutton", name="Situation adjustment (−2 to +2)")).to_have_value(
        "-2"
    )

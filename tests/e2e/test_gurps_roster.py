"""The GURPS encounter knows its creatures, in the browser and in Czech: a table row with
stats and HP opens a roster of as many as came; one tap per damage, with the threshold
of p. B419 each creature stands at; out of the fight, dies, flees; the end of the fight
offered once none fights on; Undo; a reload mid-fight.

The example campaign's logging road on the GURPS travel panel, faces typed: the travel
check's 1 is an encounter, a 3 on the road's d6 is the orc scouts (SM 0, Vision 11,
Stealth 12, HP 11) and 2 on their [[1d4+1]] makes three of them.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Locator, Page, expect

from .conftest import open_app, reload_app

QUESTION = "Which game does your table play?"
SHOTS = Path(__file__).resolve().parent.parent.parent / ".cache" / "shots"


def orcs_on_the_logging_road(page: Page, base: str, language: str = "en") -> Locator:
    """A new GURPS game master's example campaign: the orc scouts met on the first
    travel turn on the logging road and their encounter opened; the roster."""
    open_app(page, base, "?seed=4")
    dialog = page.get_by_role("dialog", name=QUESTION)
    dialog.get_by_role("radio", name="GURPS / Dungeon Fantasy").check()
    dialog.get_by_role("button", name="Start").click()
    expect(dialog).to_be_hidden()
    if language == "cs":
        page.get_by_role("button", name="Settings").click()
        page.get_by_role("combobox", name="Language").select_option("cs")
        expect(page.locator("html")).to_have_attribute("lang", "cs")
        page.locator("[data-nav='explore']").click()
    travel = page.locator("[data-panel='gurps_travel']")
    place = "Příklad: Stará lesní cesta" if language == "cs" else "Example: The old logging road"
    travel.get_by_role("combobox", name="Místo" if language == "cs" else "Location").select_option(
        label=place
    )
    travel.locator("details.physical > summary").click()
    faces = "Čísla, která padla, popořadě" if language == "cs" else "Faces you rolled, in order"
    travel.get_by_role("textbox", name=faces).fill("1 3 2")
    travel.locator("[data-action='travel-turn']").click()
    travel.locator("[data-action='travel-meet']").click()
    return page.locator("[data-roster='gurps']")


def hit(roster: Locator, name: str, amount: int) -> None:
    """One tap: ``amount`` damage to the creature called ``name``."""
    roster.get_by_role("group", name=name).first.get_by_role(
        "button", name=f"−{amount}", exact=True
    ).click()


def tap(roster: Locator, name: str, button: str) -> None:
    roster.get_by_role("group", name=name).last.get_by_role("button", name=button).click()


@pytest.mark.first_start
def test_a_fight_with_three_orc_scouts_to_its_end(page: Page, base: str) -> None:
    roster = orcs_on_the_logging_road(page, base)
    status = roster.locator("[data-bind='groster-status']")
    hp = roster.locator(".roster-hp")
    condition = roster.locator(".roster-condition")
    expect(roster.get_by_role("heading", name="Creatures")).to_be_visible()
    # The row's name once, over the creatures it brought, each by its number.
    expect(roster.get_by_role("heading", name="Orc scouts", exact=True)).to_be_visible()
    for index, name in enumerate(("No. 1", "No. 2", "No. 3")):
        expect(roster.get_by_role("textbox", name="Name").nth(index)).to_have_value(name)
    expect(hp).to_have_text(["11/11 HP"] * 3)  # the row's HP 11: nothing typed
    expect(status).to_have_text(
        "Fighting: 3 of 3. Dead: 0. Out of the fight, fled or surrendered: 0."
    )

    hit(roster, "Orc scouts no. 1", 8)  # 3 of 11: below a third, it reels
    expect(hp.first).to_have_text("3/11 HP")
    expect(condition.first).to_have_text(
        "Less than 1/3 of its HP left: it reels, its Move and Dodge halved (p. B419)."
    )
    hit(roster, "Orc scouts no. 1", 4)  # −1: HT rolls to stay conscious
    expect(hp.first).to_have_text("−1/11 HP")
    expect(condition.first).to_have_text(
        "0 HP or less: an HT roll now and each turn it acts, or it falls unconscious (p. B419)."
    )
    # Undo takes back one change: the last blow.
    roster.get_by_role("button", name="Undo last action").click()
    expect(hp.first).to_have_text("3/11 HP")
    expect(condition.first).to_contain_text("it reels")
    hit(roster, "Orc scouts no. 1", 4)
    expect(hp.first).to_have_text("−1/11 HP")
    tap(roster, "Orc scouts no. 1", "Put out of the fight")  # its HT roll failed
    expect(roster.locator(".roster-state").first).to_have_text("out of the fight")

    # A damage typed, missing first: the refusal says where to type it.
    tap(roster, "Orc scouts no. 2", "Damage by the amount")
    expect(page.get_by_role("alert").filter(has_text="Type the amount")).to_have_text(
        "Type the amount in “Other amount (damage or healing)” first."
    )
    roster.get_by_role("spinbutton", name="Other amount (damage or healing)").fill("30")
    tap(roster, "Orc scouts no. 2", "Damage by the amount")
    expect(hp.nth(1)).to_have_text("−19/11 HP")
    expect(condition.nth(1)).to_have_text(
        "−1×HP or less: an HT roll against death at each multiple passed, at −1 to stay "
        "conscious (p. B419)."
    )

    # A reload mid-fight shows the same roster.
    reload_app(page)
    page.locator("[data-nav='encounter']").click()
    expect(hp).to_have_text(["−1/11 HP", "−19/11 HP", "11/11 HP"])
    expect(roster.locator(".roster-state")).to_have_text(
        ["out of the fight", "fighting", "fighting"]
    )
    expect(roster.get_by_role("textbox", name="Name").nth(1)).to_have_value("No. 2")
    # The third one given a name goes by it from then on.
    roster.get_by_role("textbox", name="Name").nth(2).fill("Grishnak")
    roster.get_by_role("textbox", name="Name").nth(2).press("Enter")
    expect(roster.get_by_role("group", name="Grishnak")).to_have_count(2)

    tap(roster, "Orc scouts no. 2", "Dies")  # its HT roll against death failed
    tap(roster, "Grishnak", "Flees")
    expect(status).to_have_text(
        "Fighting: 0 of 3. Dead: 1. Out of the fight, fled or surrendered: 2."
    )
    expect(roster.locator(".roster-state")).to_have_text(["out of the fight", "dead", "fled"])
    expect(roster.get_by_role("group", name="Orc scouts no. 2")).to_have_count(0)  # no taps left

    end = roster.locator("[data-bind='groster-end']")
    expect(end).to_contain_text("The fight is over.")
    end.get_by_role("button", name="End the fight").click()
    expect(end.get_by_role("button", name="End the fight")).to_be_disabled()
    expect(end).to_contain_text("The fight is ended: the log says who fell, fled or surrendered.")
    page.locator("[data-nav='log']").click()
    expect(page.get_by_text("The fight is over: 3 creatures defeated.").first).to_be_visible()
    for line in (
        "Dead: Orc scouts no. 2.",
        "Out of the fight: Orc scouts no. 1.",
        "Fled: Grishnak.",
    ):
        expect(page.get_by_text(line, exact=True).first).to_be_attached()


@pytest.mark.first_start
def test_the_roster_in_czech_and_its_screenshots_light_and_dark(page: Page, base: str) -> None:
    """In Czech: a creature reeling, one dead at −5×HP; the four looks at 390×844."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    roster = orcs_on_the_logging_road(page, base, "cs")
    expect(roster.get_by_role("heading", name="Nestvůry")).to_be_visible()
    expect(roster.get_by_role("heading", name="Orkští zvědové", exact=True)).to_be_visible()
    expect(roster.get_by_role("textbox", name="Jméno").first).to_have_value("č. 1")
    expect(roster.locator(".roster-hp")).to_have_text(["HP 11/11"] * 3)
    hit(roster, "Orkští zvědové, č. 1", 8)
    expect(roster.locator(".roster-condition").first).to_have_text(
        "Zbývá méně než 1/3 HP: vrávorá, Pohyb a Úhyb má poloviční (s. B419)."
    )
    roster.get_by_role("spinbutton", name="Jiné číslo (zranění nebo léčení)").fill("66")
    tap(roster, "Orkští zvědové, č. 2", "Zranit o zadané číslo")
    expect(roster.locator(".roster-state").nth(1)).to_have_text("po smrti")
    expect(roster.locator(".roster-condition").nth(1)).to_have_text(
        "−5×HP nebo méně: smrt (s. B419)."
    )
    expect(roster.locator("[data-bind='groster-status']")).to_have_text(
        "V boji: 2 z 3. Po smrti: 1. Mimo boj, na útěku nebo vzdané: 0."
    )
    for language, theme, settings, look, back in (
        ("cs", "light", "Nastavení", "Vzhled", "Setkání"),
        ("cs", "dark", "Nastavení", "Vzhled", "Setkání"),
        ("en", "dark", "Nastavení", "Vzhled", "Encounter"),
        ("en", "light", "Settings", "Theme", "Encounter"),
    ):
        page.get_by_role("button", name=settings).click()
        page.get_by_role("combobox", name=look).select_option(theme)
        if page.locator("html").get_attribute("lang") != language:
            page.get_by_role("combobox", name="Jazyk").select_option(language)
            expect(page.locator("html")).to_have_attribute("lang", language)
        page.locator("[data-nav='encounter']").click()
        expect(page.get_by_role("heading", name=back, exact=True)).to_be_visible()
        roster.get_by_role("heading", level=3).evaluate("node => node.scrollIntoView()")
        page.screenshot(path=str(SHOTS / f"gurps-roster-{language}-{theme}.png"))

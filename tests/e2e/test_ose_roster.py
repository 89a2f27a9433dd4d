"""The OSE encounter knows its creatures, in the browser and in Czech: a table row with
stats opens a roster with hit points rolled from its hit dice; one tap per damage; the
morale check offered exactly at the first death and when half are down; the side that
breaks marked in one tap; the experience at the end; Undo; a reload mid-fight.

The example campaign's abbey cellars on the dungeon turn clock, faces typed: turn 2's
1 brings wandering monsters, a 4 on the cellars' d6 is the goblins (HD 1-1, ML 7) and
3 on their [[1d4]] makes three of them. Their hit points and the morale rolls come
from ``?seed=4``: 3, 4 and 1.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Locator, Page, expect

from .conftest import open_app, reload_app

QUESTION = "Which game does your table play?"
SHOTS = Path(__file__).resolve().parent.parent.parent / ".cache" / "shots"


def goblins_in_the_cellars(page: Page, base: str) -> Locator:
    """A new OSE game master's example campaign, in Czech: the goblins met in the
    cellars on turn 2 and their encounter opened; the roster."""
    open_app(page, base, "?seed=4")
    dialog = page.get_by_role("dialog", name=QUESTION)
    dialog.get_by_role("radio", name="Old-School Essentials").check()
    dialog.get_by_role("button", name="Start").click()
    expect(dialog).to_be_hidden()
    page.get_by_role("button", name="Settings").click()
    page.get_by_role("combobox", name="Language").select_option("cs")
    expect(page.locator("html")).to_have_attribute("lang", "cs")
    page.locator("[data-nav='explore']").click()
    turn = page.locator("[data-panel='ose_turn']")
    turn.get_by_role("combobox", name="Místo").select_option(label="Příklad: Sklepení opatství")
    turn.locator("details.physical > summary").click()
    faces = turn.get_by_role("textbox", name="Čísla, která padla, popořadě")
    for typed in ("", "1 4 3"):
        faces.fill(typed)
        turn.get_by_role("button", name="Další směna").click()
    expect(turn.locator("[data-bind='oseturn-title']")).to_have_text(
        "Směna 2: potulné nestvůry! (1 na k6)"
    )
    turn.get_by_role("button", name="Odehrát setkání").click()
    return page.locator("[data-roster='ose']")


def creature(roster: Locator, name: str) -> Locator:
    return roster.locator(".roster-creature").filter(
        has=roster.page.get_by_role("group", name=name).first
    )


def hit(roster: Locator, name: str, amount: int) -> None:
    """One tap: ``amount`` damage to the creature called ``name``."""
    roster.get_by_role("group", name=name).first.get_by_role("button", name=f"−{amount}").click()


@pytest.mark.first_start
def test_a_fight_with_three_goblins_in_czech(page: Page, base: str) -> None:
    roster = goblins_in_the_cellars(page, base)
    status = roster.locator("[data-bind='roster-status']")
    offer = roster.locator("[data-bind='roster-offer']")
    expect(roster.get_by_role("heading", name="Nestvůry")).to_be_visible()
    # The row's name once, over the creatures it brought, each by its number.
    expect(roster.get_by_role("heading", name="Skřeti", exact=True)).to_be_visible()
    for index, name in enumerate(("č. 1", "č. 2", "č. 3")):
        expect(roster.get_by_role("textbox", name="Jméno").nth(index)).to_have_value(name)
    expect(roster.locator(".roster-hp")).to_have_text(["Životy 3/3", "Životy 4/4", "Životy 1/1"])
    expect(status).to_have_text("V boji: 3 z 3. Mrtvé: 0. Mimo boj: 0.")
    expect(offer).to_be_hidden()
    # How each one's hit points were rolled: a d8 less 1, at least 1.
    first = roster.locator(".roster-creature").first
    first.get_by_text("Jak padly životy").click()
    expect(first.locator(".roster-roll-steps li")).to_have_text(
        ["Kostky životů 1-1: 1k8 − 1: 4 − 1 = 3"]
    )

    taps = 0
    hit(roster, "Skřeti, č. 2", 2)  # hurt, not killed: no check yet
    taps += 1
    expect(roster.locator(".roster-hp").nth(1)).to_have_text("Životy 2/4")
    expect(offer).to_be_hidden()

    hit(roster, "Skřeti, č. 1", 3)  # the first death: the check is offered, with its odds
    taps += 1
    expect(status).to_have_text("V boji: 2 z 3. Mrtvé: 1. Mimo boj: 0.")
    expect(offer.locator("[data-bind='roster-offer-why']")).to_have_text(
        "Hod na morálku: padla první z nich."
    )
    expect(offer.locator("li").last).to_have_text("Bojují dál: 58,3 %")
    # Undo takes the death back, and the offer with it; the tap again brings both.
    roster.get_by_role("button", name="Vrátit poslední akci").click()
    expect(roster.locator(".roster-hp").first).to_have_text("Životy 3/3")
    expect(offer).to_be_hidden()
    hit(roster, "Skřeti, č. 1", 3)
    taps += 1
    expect(offer).to_be_visible()
    # The morale form counts the roster's losses: nothing typed.
    morale = page.locator("[data-procedure='ose'] [data-stage='morale']")
    morale.locator(":scope > summary").click()
    expect(morale.get_by_role("spinbutton", name="Zabitých")).to_have_value("1")
    expect(morale.get_by_role("spinbutton", name="Nestvůr ve skupině")).to_have_value("3")
    morale.locator(":scope > summary").click()

    # A reload mid-fight shows the same roster and the same offer.
    reload_app(page)
    page.locator("[data-nav='encounter']").click()
    expect(roster.locator(".roster-hp")).to_have_text(["Životy 0/3", "Životy 2/4", "Životy 1/1"])
    expect(offer).to_be_visible()

    offer.get_by_role("button", name="Hodit na morálku").click()
    taps += 1
    result = roster.locator("[data-bind='roster-morale-result']")
    expect(result).to_have_text("Nestvůry vydrží a bojují dál. Hod na morálku: 5.")
    expect(offer).to_be_hidden()

    # Half of the group down (one killed, one asleep): the check is offered again.
    roster.get_by_role("group", name="Skřeti, č. 2").last.get_by_role(
        "button", name="Vyřadit z boje"
    ).click()
    taps += 1
    expect(status).to_have_text("V boji: 1 z 3. Mrtvé: 1. Mimo boj: 1.")
    expect(offer.locator("[data-bind='roster-offer-why']")).to_have_text(
        "Hod na morálku: polovina skupiny je vyřazená z boje."
    )
    # This time the referee throws real dice, typed in the morale step: 6 and 6.
    morale.locator(":scope > summary").click()
    morale.locator("details.physical > summary").click()
    morale.get_by_role("textbox", name="Čísla, která padla, popořadě").fill("6 6")
    morale.locator(":scope > summary").click()
    offer.get_by_role("button", name="Hodit na morálku").click()
    taps += 1
    expect(result).to_have_text(
        "Nestvůry se zlomí a prchají, nebo se vzdávají. Hod na morálku: 12."
    )
    broken = roster.locator("[data-bind='roster-broken']")
    expect(broken).to_be_visible()
    page.screenshot(path="/tmp/roster2.png")
    broken.get_by_role("button", name="Prchají").click()
    taps += 1
    expect(broken).to_be_hidden()
    expect(roster.locator(".roster-state")).to_have_text(["po smrti", "mimo boj", "na útěku"])

    # The end of the fight: the experience for the three goblins, to share.
    end = roster.locator("[data-bind='roster-end']")
    expect(end.locator("li")).to_have_text(
        [
            "Kostky životů 1-1: 5 ZK.",
            "3 poražené nestvůry × 5 ZK = 15 ZK, k rozdělení v družině.",
        ]
    )
    end.scroll_into_view_if_needed()
    page.screenshot(path="/tmp/roster3.png")
    end.get_by_role("button", name="Ukončit setkání").click()
    taps += 1
    expect(end.get_by_role("button", name="Ukončit setkání")).to_be_disabled()
    # Damage taps, two morale rolls, one mark of the broken side, the end: nothing typed
    # but the two faces of the physical dice.
    assert taps == 8


@pytest.mark.first_start
def test_screenshots_of_the_roster_in_czech_and_english_light_and_dark(
    page: Page, base: str
) -> None:
    """The roster at the first death, with the morale check offered: the four looks."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    roster = goblins_in_the_cellars(page, base)
    hit(roster, "Skřeti, č. 1", 3)
    offer = roster.locator("[data-bind='roster-offer']")
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
        offer.scroll_into_view_if_needed()
        page.screenshot(path=str(SHOTS / f"roster-{language}-{theme}.png"))

"""Czech that reads as Czech, in the browser: a new Czech game master's OSE example.

The phone's language is Czech, so the first start loads the Czech example. A day on the
fen road is typed as physical dice: a 1 brings monsters (swamp: 1-3 in 6), a 5 on the
fens' k6 is the lizard men, and 3 on their [[1k4]] makes three of them. The encounter
shows the row's stats in Czech words, not the English book's HD, AC, ML and TT.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from .conftest import open_app


@pytest.mark.first_start
def test_a_czech_ose_day_meets_lizard_men_with_their_stats_in_czech(page: Page, base: str) -> None:
    page.context.add_init_script(
        "Object.defineProperty(navigator, 'languages', {get: () => ['cs-CZ', 'cs']});"
    )
    open_app(page, base, "?seed=4")
    dialog = page.get_by_role("dialog", name="Jakou hru u vašeho stolu hrajete?")
    dialog.get_by_role("radio", name="Old-School Essentials").check()
    dialog.get_by_role("button", name="Začít").click()
    expect(dialog).to_be_hidden()

    turn = page.locator("[data-panel='ose_turn']")
    turn.get_by_role("radio", name="Divočina").check()
    expect(turn.get_by_role("button", name="Další den")).to_be_visible()
    turn.get_by_role("combobox", name="Místo").select_option(label="Příklad: Cesta přes slatiny")
    # Building another screen of Explore later translates the section's markup again: the
    # button keeps the words the panel drew (it once went back to "Další směna").
    page.evaluate("window.omenTranslateAgain()")
    details = turn.locator("details.physical")
    if details.get_attribute("open") is None:
        turn.get_by_text("Zadat hodnoty skutečných kostek").click()
    turn.get_by_role("textbox", name="Čísla, která padla, popořadě").fill("6 1 5 3")
    turn.get_by_role("button", name="Další den").click()
    expect(turn.locator("[data-bind='oseturn-met']")).to_have_text(
        "Setkání: Ještěří muži (3) rybaří z potopené lodi."
    )
    turn.get_by_role("button", name="Odehrát setkání").click()

    encounter = page.locator("[data-screen='encounter']")
    expect(encounter.locator("[data-bind='encounter-stats']")).to_have_text(
        "Počet tvorů: 3; kostky životů 2+1, obranné číslo 5, morálka 12, typ pokladu D"
    )

"""The table editor's stats field speaks the page's language (issue 44, item 9's words):
in Czech an OSE row's stats are written with the Czech labels (počet, KŽ, OČ, morálka,
TP) and k for a die, and what a Czech game master types with them is stored as the same
stats as the English labels give (a row saved with the English labels reads too).
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from .conftest import saved
from .test_carry import go, start_with

TABLE = "Příklad: Potulné nestvůry na cestě přes slatiny"  # the Czech example's


def stored_stats(page: Page) -> list[dict[str, Any]]:
    """The stats of every stored table row that has some, as stored (by field name)."""
    saved(page)
    library = json.loads(page.evaluate("localStorage.getItem('omen/library')"))
    return [
        entry["stats"]
        for table in library["data"]["tables"]
        for entry in table["entries"]
        if entry.get("stats")
    ]


@pytest.mark.first_start
def test_an_ose_rows_stats_in_czech_words_stored_as_in_english(page: Page, base: str) -> None:
    start_with(page, base, "Old-School Essentials")
    page.get_by_role("button", name="Settings").click()
    page.get_by_role("combobox", name="Language").select_option("cs")
    expect(page.locator("html")).to_have_attribute("lang", "cs")
    go(page, "Tabulky")
    tables = page.locator("[data-screen='tables']")
    tables.get_by_role("button", name=TABLE).click()
    stats = tables.get_by_role("listitem", name="Položka 5").get_by_role(
        "textbox", name="Hodnoty tvora"
    )
    expect(stats).to_have_value(re.compile(r"^KŽ 2\+1, OČ 5, morálka 12, TP D$"))
    expect(stats).to_have_attribute("placeholder", "počet 2k4, KŽ 1, OČ 6, morálka 7, TP R")
    stats.fill("počet 1k4, kostky životů 3, oc 4, morálka 9, TP D")
    tables.get_by_role("button", name="Uložit tabulku").click()
    expect(stats).to_have_value("počet 1k4, KŽ 3, OČ 4, morálka 9, TP D")
    # Stored by field name, as a row typed with the English labels is.
    want = {"number": "1k4", "hd": "3", "ac": 4, "morale": 9, "treasure": "D"}
    assert want in stored_stats(page)

    # Typed with the English labels in Czech, it reads as well and is written in Czech.
    stats.fill("NA 1k4, HD 3, AC 4, ML 9, TT D")
    tables.get_by_role("button", name="Uložit tabulku").click()
    expect(stats).to_have_value("počet 1k4, KŽ 3, OČ 4, morálka 9, TP D")
    assert want in stored_stats(page)

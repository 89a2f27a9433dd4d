"""Installing and importing at the table: the iOS install hint, and importing the
example campaign into an app that already holds it (one choice for all, exceptions)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from .conftest import READY_TIMEOUT, open_app, reload_app, saved

IPHONE_SAFARI = (
    "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 "
    "(KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1"
)


def stored(page: Page, kind: str) -> Any:
    raw = saved(page).evaluate(f"localStorage.getItem('omen/{kind}')")
    return None if raw is None else json.loads(raw)["data"]


def table_names(page: Page) -> list[str]:
    return [t["name"] for t in stored(page, "library")["tables"]]


@pytest.mark.browser_context_args(user_agent=IPHONE_SAFARI)
def test_ios_safari_shows_the_install_hint_until_it_is_dismissed(page: Page, base: str) -> None:
    assert "iPhone" in page.evaluate("navigator.userAgent")
    open_app(page, base)
    hint = page.get_by_role("region", name="Install Omen")
    expect(hint).to_be_visible()
    expect(hint).to_contain_text("tap Share, then Add to Home Screen")
    reload_app(page)
    expect(hint).to_be_visible()  # not dismissed yet: shown again
    hint.get_by_role("button", name="Got it").click()
    expect(hint).to_be_hidden()
    assert stored(page, "prefs")["install_hint_seen"] is True
    reload_app(page)
    expect(page.get_by_role("button", name="Next turn")).to_be_enabled()
    expect(hint).to_be_hidden()  # dismissed once: never again on this device


def test_other_browsers_get_no_install_hint(page: Page, base: str) -> None:
    open_app(page, base)
    expect(page.get_by_role("button", name="Next turn")).to_be_enabled()
    expect(page.get_by_role("region", name="Install Omen")).to_be_hidden()


def test_importing_the_example_again_asks_once_for_all_with_exceptions(
    page: Page, base: str
) -> None:
    open_app(page, base)
    names = table_names(page)
    assert len(names) == 12 and "Example: Clues" in names
    page.get_by_role("button", name="Settings").click()
    page.get_by_role("button", name="Share the campaign").click()
    sheet = page.get_by_role("dialog", name="Share")
    summary = "Campaign data: 12 tables, 2 locations"
    expect(sheet.get_by_text(summary, exact=True)).to_be_visible()
    link = sheet.get_by_role("textbox", name="Link").input_value()
    sheet.get_by_role("button", name="Close").click()

    page.goto(link.replace("#", "?again#"))
    page.locator("html[data-ready='true']").wait_for(state="attached", timeout=READY_TIMEOUT)
    dialog = page.get_by_role("dialog", name="Import")
    expect(dialog.get_by_text(summary, exact=True)).to_be_visible()  # counted as the sheet does
    everything = dialog.get_by_role("group", name="14 names are already here. For all of them:")
    expect(everything).to_be_visible()
    expect(everything.get_by_role("radio", name="Add them as new")).to_be_checked()
    # The choices item by item are folded away, and Import is in reach without scrolling.
    one = dialog.get_by_role("combobox", name="A table named 'Example: Clues' is already here.")
    expect(one).to_be_hidden()
    expect(dialog.get_by_role("button", name="Import")).to_be_in_viewport()

    everything.get_by_role("radio", name="Keep yours, skip them").check()
    dialog.get_by_text("Exceptions, item by item (0 chosen)").click()
    expect(one).to_have_value("")  # as chosen for all
    one.select_option("new")
    expect(dialog.get_by_text("Exceptions, item by item (1 chosen)")).to_be_visible()
    street = "A location named 'Example: Main Street' is already here."
    expect(dialog.get_by_role("combobox", name=street)).to_have_value("")
    dialog.get_by_role("button", name="Import").click()
    expect(dialog).to_be_hidden()

    after = table_names(page)
    assert after == [*names, "Example: Clues (2)"]  # kept all but the one exception
    assert len(stored(page, "library")["locations"]) == 2
    alert = page.get_by_role("alert").filter(has_text=f"Imported: {summary}")
    expect(alert).to_be_visible()

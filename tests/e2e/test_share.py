"""Sharing by link and by file, hostile input, storage failures and two tabs."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from omen.crew import Character
from omen.share import encode_link, share_table
from omen.tables import Entry, Library, Table

from .conftest import READY_TIMEOUT, open_app, reload_app

# Every page records CSP violations, alert/confirm/prompt dialogs, and a flag payloads set.
WATCH = """
window.__csp = [];
document.addEventListener('securitypolicyviolation', (e) => {
  window.__csp.push(e.violatedDirective + ' ' + e.blockedURI);
});
"""


@pytest.fixture
def watched(page: Page) -> Iterator[dict[str, list[Any]]]:
    seen: dict[str, list[Any]] = {"dialogs": []}

    def on_dialog(dialog: Any) -> None:
        seen["dialogs"].append(dialog.message)
        dialog.dismiss()

    page.on("dialog", on_dialog)
    page.add_init_script(WATCH)
    yield seen
    assert seen["dialogs"] == []
    assert page.evaluate("window.__csp") == []


def table_link(name: str, entries: tuple[str, ...] = ("Two of them", "Many")) -> str:
    rows = tuple(Entry(text, i + 1, i + 1) for i, text in enumerate(entries))
    table = Table("ghouls", name, f"d{len(rows)}", rows)
    return encode_link("table", share_table(Library((table,)), "ghouls"))


def stored(page: Page, kind: str) -> Any:
    raw = page.evaluate(f"localStorage.getItem('omen/{kind}')")
    return None if raw is None else json.loads(raw)["data"]


def table_names(page: Page) -> list[str]:
    return [t["name"] for t in stored(page, "library")["tables"]]


def importer(page: Page):  # type: ignore[no-untyped-def]
    return page.get_by_role("dialog", name="Import")


def open_link(page: Page, base: str, fragment: str) -> Page:
    page.goto(f"{base}/#{fragment}")
    page.locator("html[data-ready='true']").wait_for(state="attached", timeout=READY_TIMEOUT)
    return page


def test_a_link_on_a_fresh_profile_imports_after_confirmation(
    page: Page, base: str, watched: dict[str, list[Any]]
) -> None:
    open_link(page, base, table_link("Ghouls 👻"))
    dialog = importer(page)
    expect(dialog).to_be_visible()
    expect(dialog.get_by_text("Table 'Ghouls 👻': d2, 2 entries")).to_be_visible()
    assert "Ghouls 👻" not in table_names(page)  # nothing before the choice
    dialog.get_by_role("button", name="Import").click()
    expect(dialog).to_be_hidden()
    assert "Ghouls 👻" in table_names(page)
    assert page.evaluate("location.hash") == ""
    expect(page.get_by_role("alert").filter(has_text="Imported: Table 'Ghouls 👻'")).to_be_visible()
    reload_app(page)
    expect(importer(page)).to_be_hidden()  # the link is not offered twice
    assert table_names(page).count("Ghouls 👻") == 1


def test_a_name_already_here_asks_and_never_overwrites_unasked(
    page: Page, base: str, watched: dict[str, list[Any]]
) -> None:
    open_link(page, base, table_link("Ghouls"))
    importer(page).get_by_role("button", name="Import").click()
    first = stored(page, "library")["tables"]
    page.goto(f"{base}/?again#{table_link('Ghouls', ('Three', 'Four'))}")
    page.locator("html[data-ready='true']").wait_for(state="attached", timeout=READY_TIMEOUT)
    dialog = importer(page)
    choice = dialog.get_by_role("combobox", name="A table named 'Ghouls' is already here.")
    expect(choice).to_have_value("new")
    dialog.get_by_role("button", name="Cancel").click()
    assert stored(page, "library")["tables"] == first  # cancelled: nothing changed
    page.get_by_role("button", name="Settings").click()
    page.get_by_role("textbox", name="Or paste a share link or a file's text").fill(
        f"{base}/#{table_link('Ghouls', ('Three', 'Four'))}"
    )
    page.get_by_role("button", name="Open what I pasted").click()
    choice.select_option("replace")
    dialog.get_by_role("button", name="Import").click()
    expect(dialog).to_be_hidden()
    ghouls = [t for t in stored(page, "library")["tables"] if t["name"] == "Ghouls"]
    assert len(ghouls) == 1 and ghouls[0]["entries"][0]["text"] == "Three"
    page.get_by_role("textbox", name="Or paste a share link or a file's text").fill(
        table_link("Ghouls")
    )
    page.get_by_role("button", name="Open what I pasted").click()
    dialog.get_by_role("button", name="Import").click()  # the default: add it as new
    assert "Ghouls (2)" in table_names(page)
    page.get_by_role("button", name="Log").click()
    page.get_by_role("button", name="Undo last action").click()
    expect(page.get_by_role("alert").filter(has_text="Imported")).to_have_count(2)
    assert "Ghouls (2)" not in table_names(page)


def test_share_sheet_offers_copy_qr_and_a_file(
    page: Page, base: str, context: BrowserContext, watched: dict[str, list[Any]]
) -> None:
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    open_app(page, base)
    page.get_by_role("button", name="Settings").click()
    page.get_by_role("button", name="Share the campaign").click()
    sheet = page.get_by_role("dialog", name="Share")
    expect(sheet).to_be_visible()
    link = sheet.get_by_role("textbox", name="Link").input_value()
    assert "#share=" in link
    expect(sheet.get_by_text("fine for a message")).to_be_visible()
    if len(link) > 1200:
        expect(sheet.get_by_text("Too long for a QR code")).to_be_visible()
        expect(sheet.get_by_role("img", name="QR code of the link")).to_have_count(0)
    sheet.get_by_role("button", name="Copy link").click()
    expect(sheet.get_by_text("Link copied.")).to_be_visible()
    assert page.evaluate("navigator.clipboard.readText()") == link
    with page.expect_download() as info:
        sheet.get_by_role("button", name="Save as a file").click()
    text = open(info.value.path(), encoding="utf-8").read()
    assert json.loads(text)["kind"] == "campaign"
    sheet.get_by_role("button", name="Close").click()
    expect(sheet).to_be_hidden()


def test_a_character_card_shares_a_short_link_with_a_qr_code_loaded_on_demand(
    page: Page, base: str, watched: dict[str, list[Any]]
) -> None:
    requests: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    open_link(page, base, encode_link("character", Character("c1", "Ada")))
    assert not [url for url in requests if "segno" in url]  # start-up does not load it
    importer(page).get_by_role("button", name="Import").click()
    page.get_by_role("button", name="Crew").click()
    page.get_by_role("button", name="Share Ada").click()
    sheet = page.get_by_role("dialog", name="Share")
    expect(sheet.get_by_text("Character 'Ada'")).to_be_visible()
    expect(sheet.get_by_text("Fits in a QR code")).to_be_visible()
    qr = sheet.get_by_role("img", name="QR code of the link")
    expect(qr).to_be_visible()
    assert [url for url in requests if "segno" in url]
    assert qr.locator("path").count() == 1  # drawn as one SVG path, no markup from text
    link = sheet.get_by_role("textbox", name="Link").input_value()
    sheet.get_by_role("button", name="Close").click()
    page.goto(link.replace("#", "?other#"))  # the same link opened again: a conflict
    page.locator("html[data-ready='true']").wait_for(state="attached", timeout=READY_TIMEOUT)
    expect(
        importer(page).get_by_role("combobox", name="A character named 'Ada' is already here.")
    ).to_have_value("new")


def test_tables_and_locations_have_share_buttons(
    page: Page, base: str, watched: dict[str, list[Any]]
) -> None:
    open_app(page, base)
    page.get_by_role("button", name="Tables").click()
    tables = page.locator("[data-screen='tables']")
    tables.get_by_role("button", name=re.compile("^Share the location ")).first.click()
    sheet = page.get_by_role("dialog", name="Share")
    expect(sheet.get_by_text(re.compile(r"^Location '.+' with \d+ tables?$"))).to_be_visible()
    sheet.get_by_role("button", name="Close").click()

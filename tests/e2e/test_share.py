"""Sharing by link and by file, hostile input, storage failures and two tabs."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from omen.campaign.share import encode_link, export_file, pack, share_table
from omen.campaign.tables import Entry, Library, Table
from omen.eotw.crew import Character, Crew

from .conftest import READY_TIMEOUT, open_app, reload_app, saved

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
    raw = saved(page).evaluate(f"localStorage.getItem('omen/{kind}')")
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


def test_a_link_that_fails_is_cleared_from_the_address(page: Page, base: str) -> None:
    open_link(page, base, table_link("Ghouls")[:-6])  # damaged
    expect(page.get_by_role("alert").filter(has_text="This link is damaged")).to_be_visible()
    assert page.evaluate("location.hash") == ""
    reload_app(page)
    expect(page.get_by_role("alert")).to_have_count(0)


@pytest.mark.allow_console_errors
def test_a_link_nested_ten_thousand_deep_then_a_reload_starts_clean(page: Page, base: str) -> None:
    """The address is cleared before the link is decoded, so even a link that crashed
    the interpreter is not opened again by a reload."""
    deep = "[" * 10_000 + "]" * 10_000
    text = '{"app": "omen", "kind": "table", "v": 1, "data": ' + deep + "}"
    page.goto(f"{base}/#share={pack(text.encode('utf-8'))}")
    page.wait_for_function("location.hash === ''", timeout=READY_TIMEOUT)
    reload_app(page)
    expect(importer(page)).to_be_hidden()
    page.get_by_role("button", name="Next turn").click()
    expect(page.locator("[data-bind='turn']")).to_have_text("1")


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
    text = Path(info.value.path()).read_text(encoding="utf-8")
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


# --- hostile input ------------------------------------------------------------------------

TEMPLATES = (
    '<img src=x onerror="window.__xss=1">',
    "<svg onload=window.__xss=1><circle r=9></svg>",
    "javascript:window.__xss=1",
    "</textarea><script>window.__xss=1</script>",
    '"><img src=x onerror=alert(1)>',
    "</dialog></main><iframe src=javascript:alert(1)></iframe>",
    '<a href="javascript:alert(1)">tap</a>',
    "<style>*{display:none}</style>",
    "\u202eevil\u202c name \u2066ltr\u2069",
    "<math><mi xlink:href=javascript:alert(1)>x</mi></math>",
)
PAYLOADS = [f"{t} #{i}" for i in range(5) for t in TEMPLATES]  # 50 payloads
DANGER = "img, script, iframe, object, embed, style, math, a[href], svg:not(.qr svg)"


def count_danger(page: Page) -> int:
    return int(
        page.evaluate(
            f"document.querySelectorAll('main :is({DANGER}), dialog :is({DANGER}),"
            f" #notices :is({DANGER})').length"
        )
    )


def hostile_crew() -> Crew:
    return Crew(tuple(Character(f"c{i + 1}", p[:200]) for i, p in enumerate(PAYLOADS)))


def hostile_table() -> Table:
    rows = tuple(Entry(p[:400], i + 1, i + 1) for i, p in enumerate(PAYLOADS))
    return Table("evil", PAYLOADS[0][:80], "d50", rows)


def test_fifty_payloads_through_a_link_a_file_and_an_editor_stay_text(
    page: Page, base: str, watched: dict[str, list[Any]], tmp_path: Any
) -> None:
    open_app(page, base)
    before = count_danger(page)
    scripts = page.evaluate("document.querySelectorAll('script').length")
    page.goto(f"{base}/?x#{encode_link('crew', hostile_crew())}")
    page.locator("html[data-ready='true']").wait_for(state="attached", timeout=READY_TIMEOUT)
    dialog = importer(page)
    expect(dialog.get_by_text(f"Character '{PAYLOADS[0]}': In play")).to_be_visible()
    dialog.get_by_role("button", name="Import").click()
    page.get_by_role("button", name="Crew").click()
    for payload in PAYLOADS[:10]:
        expect(page.get_by_role("heading", name=payload, exact=True)).to_be_visible()
    # a file, through the picker (any type accepted)
    table = hostile_table()
    path = tmp_path / "evil.json"
    path.write_text(export_file(share_table(Library((table,)), "evil"), "table"), encoding="utf-8")
    page.get_by_role("button", name="Settings").click()
    page.get_by_label("Import a file").set_input_files(str(path))
    expect(dialog.get_by_text(f"Table '{PAYLOADS[0][:80]}': d50, 50 entries")).to_be_visible()
    dialog.get_by_role("button", name="Import").click()
    # an editor: the campaign name
    name = page.get_by_role("textbox", name="Campaign name")
    name.fill(PAYLOADS[3][:120])
    name.press("Tab")
    expect(page.locator("[data-bind='campaign-name']")).to_have_text(PAYLOADS[3][:120])
    # a 10,000-character name is refused with a message, nothing imported
    huge = json.dumps(
        {"app": "omen", "kind": "character", "v": 1, "data": {"id": "c9", "name": "<b>" * 3334}}
    )
    page.get_by_role("textbox", name="Or paste a share link or a file's text").fill(huge)
    page.get_by_role("button", name="Open what I pasted").click()
    expect(page.get_by_role("alert").last).to_be_visible()
    expect(dialog).to_be_hidden()
    for screen in ("Log", "Tables", "Crew", "Explore"):
        page.get_by_role("button", name=screen, exact=True).click()
    assert page.evaluate("window.__xss") is None
    assert count_danger(page) == before
    assert page.evaluate("document.querySelectorAll('script').length") == scripts


# --- storage failures and two tabs -----------------------------------------------------------

FULL = """
const setItem = Storage.prototype.setItem;
Storage.prototype.setItem = function (key, value) {
  if (window.__full) throw new DOMException('full', 'QuotaExceededError');
  return setItem.call(this, key, value);
};
"""


def test_a_full_storage_says_so_and_keeps_the_data_intact(
    page: Page, base: str, watched: dict[str, list[Any]]
) -> None:
    page.add_init_script(FULL)
    open_app(page, base)
    library = stored(page, "library")
    page.evaluate("window.__full = true")
    page.get_by_role("button", name="Settings").click()
    page.get_by_role("textbox", name="Or paste a share link or a file's text").fill(
        table_link("Ghouls")
    )
    page.get_by_role("button", name="Open what I pasted").click()
    importer(page).get_by_role("button", name="Import").click()
    expect(page.get_by_role("alert").filter(has_text="Omen could not save")).to_be_visible()
    assert stored(page, "library") == library  # nothing half written
    reload_app(page)
    assert stored(page, "library") == library
    expect(page.get_by_role("alert")).to_have_count(0)


def paste(page: Page, text: str) -> None:
    page.get_by_role("button", name="Settings").click()
    page.get_by_role("textbox", name="Or paste a share link or a file's text").fill(text)
    page.get_by_role("button", name="Open what I pasted").click()
    importer(page).get_by_role("button", name="Import").click()


def test_two_tabs_keep_in_step_and_lose_no_write(
    page: Page, base: str, context: BrowserContext, watched: dict[str, list[Any]]
) -> None:
    open_app(page, base)
    other = context.new_page()
    errors: list[str] = []
    other.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    open_app(other, base)
    paste(page, table_link("Ghouls"))
    expect(other.get_by_role("alert").filter(has_text="Changed in another tab: ")).to_contain_text(
        "the tables and locations"
    )
    expect(other.get_by_role("alert").filter(has_text="Changed in another tab: ")).to_be_visible()
    paste(other, encode_link("character", Character("c1", "Ada")))
    expect(page.get_by_role("alert").filter(has_text="Changed in another tab: ")).to_contain_text(
        "the crew"
    )
    paste(page, encode_link("character", Character("c2", "Bea")))  # written over Ada's crew
    reload_app(page)
    names = [c["name"] for c in stored(page, "crew")["characters"]]
    assert names == ["Ada", "Bea"]
    assert "Ghouls" in table_names(page)
    # writes that cross (no storage event in between) while this tab has the crew open:
    # the other value is kept aside
    page.get_by_role("button", name="Crew").click()
    expect(page.get_by_role("region", name="Crew")).to_be_visible()
    page.evaluate(
        """() => { const raw = JSON.parse(localStorage.getItem('omen/crew'));
        raw.data.characters[0].name = 'Ada the Second';
        localStorage.setItem('omen/crew', JSON.stringify(raw)); }"""
    )
    paste(page, encode_link("character", Character("c3", "Cy")))
    expect(
        page.get_by_role("alert").filter(has_text="Another tab changed the crew at the same time")
    ).to_be_visible()
    aside = saved(page).evaluate(
        "Object.keys(localStorage).filter(k => k.startsWith('omen/quarantine/crew/'))"
    )
    assert len(aside) == 1
    assert "Ada the Second" in page.evaluate(f"localStorage.getItem('{aside[0]}')")
    assert errors == []


def test_two_tabs_on_the_tests_screen_lose_no_change(
    page: Page, base: str, context: BrowserContext
) -> None:
    """B adds a die, then A changes the characteristic: after both reload, both changes
    are there (A took in B's form before building on it), and nothing was kept aside."""
    other = context.new_page()
    errors: list[str] = []
    other.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    for tab in (page, other):
        open_app(tab, base)
        tab.get_by_role("navigation", name="Screens").get_by_role("button", name="Tests").click()
    other.get_by_role("button", name="One die more: Equipment").click()
    expect(page.get_by_role("alert").filter(has_text="Changed in another tab: ")).to_contain_text(
        "the dice pool on the Tests screen"
    )
    equipment = page.locator(".reason").filter(has_text="Equipment").locator(".count")
    expect(equipment).to_have_text("1")  # shown in A before A changes anything
    page.locator("[data-bind='test-characteristic']").select_option("logic")
    for tab in (page, other):
        reload_app(tab)
        tab.get_by_role("navigation", name="Screens").get_by_role("button", name="Tests").click()
        expect(tab.locator(".reason").filter(has_text="Equipment").locator(".count")).to_have_text(
            "1"
        )
        expect(tab.locator("[data-bind='test-characteristic']")).to_have_value("logic")
    assert stored(page, "eotw_tests")["pool"] == {"equipment": 1}
    assert page.evaluate("Object.keys(localStorage).filter(k => k.includes('quarantine'))") == []
    assert errors == []


def test_a_backup_holds_the_tests_form(page: Page, base: str, tmp_path: Path) -> None:
    open_app(page, base)
    page.get_by_role("navigation", name="Screens").get_by_role("button", name="Tests").click()
    page.get_by_role("button", name="One die more: Danger or difficulty").click()
    page.get_by_role("button", name="Settings").click()
    with page.expect_download() as info:
        page.get_by_role("button", name="Export everything to a file").click()
    backup = tmp_path / "backup.json"
    info.value.save_as(backup)
    parts = json.loads(backup.read_text(encoding="utf-8"))["data"]["parts"]
    assert parts["eotw_tests"]["data"]["pool"] == {"danger": 1}
    page.evaluate("localStorage.clear()")
    reload_app(page)
    page.get_by_role("button", name="Settings").click()
    page.get_by_label("Import a file").set_input_files(str(backup))
    importer(page).get_by_role("button", name="Restore the backup").click()
    expect(importer(page)).to_be_hidden()
    reload_app(page)
    page.get_by_role("navigation", name="Screens").get_by_role("button", name="Tests").click()
    danger = page.locator(".reason").filter(has_text="Danger or difficulty").locator(".count")
    expect(danger).to_have_text("1")


def test_export_everything_and_restore_the_backup(
    page: Page, base: str, watched: dict[str, list[Any]]
) -> None:
    open_app(page, base)
    page.get_by_role("button", name="Settings").click()
    name = page.get_by_role("textbox", name="Campaign name")
    name.fill("Before")
    name.press("Tab")
    with page.expect_download() as info:
        page.get_by_role("button", name="Export everything to a file").click()
    backup = Path(info.value.path())
    assert json.loads(backup.read_text(encoding="utf-8"))["kind"] == "campaign"
    name.fill("After")
    name.press("Tab")
    page.get_by_label("Import a file").set_input_files(str(backup))
    dialog = importer(page)
    expect(dialog.get_by_text("Campaign settings of 'Before'")).to_be_visible()
    dialog.get_by_role("button", name="Restore the backup").click()
    expect(dialog).to_be_hidden()
    expect(page.locator("[data-bind='campaign-name']")).to_have_text("Before")
    reload_app(page)
    expect(page.locator("[data-bind='campaign-name']")).to_have_text("Before")


def restore_a_backup_over_a_turn(page: Page, base: str, tmp_path: Path) -> None:
    """Export a backup, take a turn and rename the campaign, then restore the backup."""
    open_app(page, base, "?seed=1")
    backup = tmp_path / "backup.json"
    page.get_by_role("button", name="Settings").click()
    with page.expect_download() as info:
        page.get_by_role("button", name="Export everything to a file").click()
    info.value.save_as(backup)
    name = page.get_by_role("textbox", name="Campaign name")
    name.fill("After")
    name.press("Tab")
    page.get_by_role("button", name="Explore").click()
    page.get_by_role("button", name="Next turn").click()
    expect(page.locator("[data-bind='turn']")).to_have_text("1")
    page.get_by_role("button", name="Settings").click()
    page.get_by_label("Import a file").set_input_files(str(backup))
    importer(page).get_by_role("button", name="Restore the backup").click()
    expect(importer(page)).to_be_hidden()
    expect(page.locator("[data-bind='campaign-name']")).to_have_text("My campaign")


def test_restoring_a_backup_can_be_undone_after_a_reload(
    page: Page, base: str, tmp_path: Path, watched: dict[str, list[Any]]
) -> None:
    restore_a_backup_over_a_turn(page, base, tmp_path)
    assert saved(page).evaluate("localStorage.getItem('omen/before_import')") is not None
    page.get_by_role("button", name="Explore").click()
    expect(page.locator("[data-bind='turn']")).to_have_text("0")
    reload_app(page)
    page.get_by_role("button", name="Log").click()
    log = page.get_by_role("region", name="Log")
    expect(log.get_by_role("listitem").first).to_contain_text("Restored the backup")
    page.get_by_role("button", name="Undo last action").click()
    # Every part as it was before the restore, the log included, with the restore on
    # top of that log, marked undone.
    expect(page.locator("[data-bind='campaign-name']")).to_have_text("After")
    expect(log.get_by_role("listitem").first).to_contain_text("Restored the backup")
    expect(log.get_by_role("listitem").first).to_contain_text("(undone)")
    expect(log.get_by_role("listitem").nth(1)).to_contain_text("Tension Die")
    assert saved(page).evaluate("localStorage.getItem('omen/before_import')") is None  # freed
    reload_app(page)
    expect(page.locator("[data-bind='campaign-name']")).to_have_text("After")
    expect(page.locator("[data-bind='turn']")).to_have_text("1")


def test_undo_of_a_restore_says_so_when_its_copy_is_gone(
    page: Page, base: str, tmp_path: Path, watched: dict[str, list[Any]]
) -> None:
    restore_a_backup_over_a_turn(page, base, tmp_path)
    page.evaluate("localStorage.removeItem('omen/before_import')")
    reload_app(page)
    page.get_by_role("button", name="Log").click()
    page.get_by_role("button", name="Undo last action").click()
    expect(
        page.get_by_role("alert").filter(has_text="no longer kept on this device")
    ).to_be_visible()
    expect(page.locator("[data-bind='campaign-name']")).to_have_text("My campaign")


def test_the_share_sheet_and_the_import_dialog_speak_czech(
    page: Page, base: str, watched: dict[str, list[Any]]
) -> None:
    open_app(page, base)
    page.get_by_role("button", name="Settings").click()
    page.get_by_role("combobox", name="Language").select_option("cs")
    expect(page.locator("html")).to_have_attribute("lang", "cs")
    page.get_by_role("button", name="Sdílet kampaň").click()
    sheet = page.get_by_role("dialog", name="Sdílet")
    expect(sheet.get_by_role("textbox", name="Odkaz")).to_have_value(re.compile("#share="))
    expect(sheet.get_by_text(re.compile(r"znaků: \d+"))).to_be_visible()
    for name in ("Kopírovat odkaz", "Uložit jako soubor", "Zavřít"):
        expect(sheet.get_by_role("button", name=name)).to_be_visible()
    expect(sheet).not_to_contain_text(re.compile("fine for a message|Copy link|Close"))
    sheet.get_by_role("button", name="Zavřít").click()
    box = page.get_by_role("textbox", name="Nebo vložte odkaz ke sdílení či text souboru")
    box.fill(table_link("Ghúlové"))
    page.get_by_role("button", name="Otevřít vložené").click()
    dialog = page.get_by_role("dialog", name="Importovat")
    expect(dialog.get_by_role("button", name="Zrušit")).to_be_visible()
    expect(dialog).not_to_contain_text(re.compile("Cancel|Restore the backup|This backup|Table"))
    dialog.get_by_role("button", name="Importovat").click()
    expect(dialog).to_be_hidden()
    assert "Ghúlové" in table_names(page)

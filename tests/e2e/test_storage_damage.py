"""Browser tests: a damaged stored value, a full storage, and the copies kept aside.

Whatever a stored key holds, Omen must start, say what it kept aside (once, however
often it starts), and start that part afresh; a change made while storage is full must
be saved once there is room again; Settings shows the copies kept aside and lets the
game master export them, then clear them.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from .conftest import open_app, reload_app, saved

LABELS = {"prefs": "the language and theme", "campaign": "the campaign settings"}
LABELS["log"] = "the roll log"
GOOD = {
    "prefs": {"language": "en", "theme": "dark"},
    "campaign": {"name": "Hřbitov", "game": "eotw", "settings": {}},
    "log": {"entries": []},
}


def damage(kind: str, how: str) -> str:
    good = json.dumps({"app": "omen", "kind": kind, "schema": 1, "data": GOOD[kind]})
    return {
        "garbage": "☠ not json {{{",
        "truncated": good[: len(good) // 2],
        "huge": "x" * 1_200_000,
        "newer": json.dumps({"app": "omen", "kind": kind, "schema": 9, "data": GOOD[kind]}),
    }[how]


def kept_aside(page: Page) -> dict[str, str]:
    return saved(page).evaluate(
        "Object.fromEntries(Object.keys(localStorage)"
        ".filter(k => k.startsWith('omen/quarantine/')).map(k => [k, localStorage.getItem(k)]))"
    )


@pytest.mark.parametrize("how", ["garbage", "truncated", "huge", "newer"])
@pytest.mark.parametrize("kind", ["prefs", "campaign", "log"])
def test_a_damaged_key_is_kept_aside_once_and_the_app_starts(
    page: Page, base: str, kind: str, how: str
) -> None:
    open_app(page, base, "?seed=1")
    raw = damage(kind, how)
    page.evaluate("([key, value]) => localStorage.setItem(key, value)", [f"omen/{kind}", raw])
    for start in range(5):
        reload_app(page)
        if start == 0:
            alert = page.get_by_role("alert").filter(has_text=f"could not load {LABELS[kind]}")
            expect(alert).to_be_visible()
            expect(alert).to_contain_text("omen/quarantine/")
            if how == "newer":
                expect(alert).to_contain_text("saved by a newer version of Omen (format 9)")
        else:
            expect(page.get_by_role("alert")).to_have_count(0)
        assert list(kept_aside(page).values()) == [raw]  # untouched, once
    assert saved(page).evaluate(f"localStorage.getItem('omen/{kind}')") in (None, "")
    page.get_by_role("button", name="Next turn").click()  # the app works
    expect(page.locator("[data-bind='turn']")).to_have_text("1")


FULL = """
window.__fill = () => {
  const chunk = 'f'.repeat(256 * 1024);
  let n = 0;
  for (let size = chunk.length; size >= 1; size = Math.floor(size / 2)) {
    try { for (;;) localStorage.setItem('filler/' + (n++), chunk.slice(0, size)); }
    catch (e) { n--; }
  }
};
window.__free = () => {
  for (const key of Object.keys(localStorage))
    if (key.startsWith('filler/')) localStorage.removeItem(key);
};
"""


def rename(page: Page, name: str) -> None:
    page.get_by_role("button", name="Settings").click()
    field = page.get_by_role("textbox", name="Campaign name")
    field.fill(name)
    field.press("Tab")


def stored_name(page: Page) -> str | None:
    raw = saved(page).evaluate("localStorage.getItem('omen/campaign')")
    return None if raw is None else json.loads(raw)["data"]["name"]


def test_a_change_made_while_storage_is_full_is_saved_once_there_is_room(
    page: Page, base: str
) -> None:
    page.add_init_script(FULL)
    open_app(page, base, "?seed=1")
    page.evaluate("window.__fill()")
    rename(page, "Hřbitov za mlýnem")
    expect(page.get_by_role("alert").filter(has_text="Omen could not save")).to_be_visible()
    assert stored_name(page) != "Hřbitov za mlýnem"
    page.evaluate("window.__free()")
    page.get_by_role("button", name="Explore").click()
    page.get_by_role("button", name="Next turn").click()
    expect(page.get_by_role("alert").filter(has_text="Omen can save again")).to_be_visible()
    assert stored_name(page) == "Hřbitov za mlýnem"
    reload_app(page)
    expect(page.locator("[data-bind='campaign-name']")).to_have_text("Hřbitov za mlýnem")
    expect(page.locator("[data-bind='turn']")).to_have_text("1")


def test_settings_show_the_copies_kept_aside_and_export_then_clear_them(
    page: Page, base: str, tmp_path: Path
) -> None:
    open_app(page, base)
    page.evaluate("localStorage.setItem('omen/log', '{broken')")
    reload_app(page)
    page.get_by_role("button", name="Settings").click()
    section = page.get_by_role("region", name="Copies kept aside")
    expect(section.get_by_role("status")).to_contain_text("1 copy kept aside")
    expect(section.get_by_role("listitem")).to_contain_text(
        re.compile(r"^Kept \d{4}-\d\d-\d\d \d\d:\d\d: the roll log, 1 KB$")
    )
    clear = section.get_by_role("button", name="Clear the copies")
    expect(clear).to_be_disabled()  # export first
    with page.expect_download() as info:
        section.get_by_role("button", name="Export the copies to a file").click()
    exported = json.loads(Path(info.value.path()).read_text(encoding="utf-8"))
    assert [copy["text"] for copy in exported["copies"]] == ["{broken"]
    expect(clear).to_be_enabled()
    clear.click()
    expect(section.get_by_role("status")).to_have_text("Nothing is kept aside.")
    expect(page.get_by_role("alert").filter(has_text="Cleared 1 copy kept aside.")).to_be_visible()
    assert kept_aside(page) == {}
    reload_app(page)
    assert kept_aside(page) == {}


def test_the_copies_kept_aside_are_listed_in_czech(page: Page, base: str) -> None:
    open_app(page, base)
    prefs = json.dumps({"app": "omen", "kind": "prefs", "schema": 1, "data": {"language": "cs"}})
    newer = json.dumps({"app": "omen", "kind": "campaign", "schema": 9, "data": {}})
    page.evaluate(
        "([prefs, campaign]) => { localStorage.setItem('omen/prefs', prefs);"
        " localStorage.setItem('omen/campaign', campaign);"
        " localStorage.setItem('omen/log', 'x'.repeat(300000)); }",
        [prefs, newer],
    )
    reload_app(page)
    page.get_by_role("button", name="Nastavení").click()
    section = page.get_by_role("region", name="Odložené kopie")
    expect(section.get_by_role("status")).to_contain_text(
        re.compile(r"^2 odložené kopie: 6\d\d KB, tedy 6 % místa")
    )
    expect(section.get_by_role("listitem").first).to_contain_text(
        re.compile(r"^Odloženo .*: nastavení kampaně, 1 KB$")
    )

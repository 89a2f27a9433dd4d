"""The foundation's vertical slice, as a game master at the table would use it."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

import build
from serve import serve_in_background

from .conftest import ROOT, open_app, reload_app


def result(page: Page):  # type: ignore[no-untyped-def]
    return page.locator("[data-bind='result-title']")


def explore(page: Page):  # type: ignore[no-untyped-def]
    """The Explore screen, so texts other screens share do not get in the way."""
    return page.locator("[data-screen='explore']")


def test_boots_on_a_phone_with_controls_ready(page: Page, base: str) -> None:
    open_app(page, base)
    expect(page.get_by_role("button", name="Next turn")).to_be_enabled()
    expect(page.get_by_role("button", name="Draw attention")).to_be_enabled()
    expect(page.locator("#loading")).to_be_hidden()
    expect(result(page)).to_have_text("Tap Next turn when the party takes a significant action.")
    expect(explore(page).get_by_text("Encounter on the next check: 0.0%")).to_be_visible()
    expect(explore(page).get_by_text("Encounter within the next 3 checks: 8.4%")).to_be_visible()


def test_seeded_next_turn_shows_result_and_steps(page: Page, base: str) -> None:
    open_app(page, base, "?seed=1")
    page.get_by_role("button", name="Next turn").click()
    expect(result(page)).to_have_text("Tension Die: nothing yet (pool 18)")
    explore(page).get_by_text("How it was rolled").click()
    steps = page.locator("[data-bind='result-steps'] li")
    expect(steps).to_have_text(["Turn 1 begins.", "rolled 2", "pool 20 → 18"])
    expect(page.locator("[data-bind='turn']")).to_have_text("1")
    expect(page.locator("[data-bind='pool']")).to_have_text("18 of 20")


def test_each_turns_steps_and_odds_are_the_logs_and_the_pools(page: Page, base: str) -> None:
    """The result's steps and the odds keep their list items from turn to turn (a redraw
    changes only the texts that changed): what they show must still be exactly this
    turn's, as the Log (drawn afresh) shows it, however many steps the turn had, and the
    odds must be the same for the same pool and differ for another."""
    open_app(page, base, "?seed=3")
    steps = page.locator("[data-bind='result-steps'] li")
    odds = page.locator("[data-bind='odds'] li")
    counts, by_pool = set(), {}
    for turn in range(1, 13):
        page.get_by_role("button", name="Explore").click()
        page.get_by_role("button", name="Next turn").click()
        expect(page.locator("[data-bind='turn']")).to_have_text(str(turn))
        pool = page.locator("[data-bind='pool']").inner_text()
        shown = steps.all_text_contents()  # folded under "How it was rolled"
        expect(odds).to_have_count(3)
        texts = tuple(odds.all_inner_texts())
        assert by_pool.setdefault(pool, texts) == texts, pool
        page.get_by_role("button", name="Log").click()
        newest = page.locator("[data-screen='log'] .log-entry").first
        newest.locator("summary").click()
        expect(newest.locator(".steps li")).to_have_text(shown)
        counts.add(len(shown))
    assert len(counts) > 1, counts  # some turns had more steps than others
    assert len(by_pool) > 1 and len(set(by_pool.values())) == len(by_pool)


def test_draw_attention_checks_without_advancing_the_turn(page: Page, base: str) -> None:
    open_app(page, base, "?seed=1")
    page.get_by_role("button", name="Draw attention").click()
    expect(page.locator("[data-bind='turn']")).to_have_text("0")
    expect(result(page)).to_have_text("Tension Die: nothing yet (pool 18)")


def test_typed_faces_drive_the_encounter_die(page: Page, base: str) -> None:
    open_app(page, base)
    page.get_by_role("radio", name="Encounter Die").check()
    explore(page).get_by_text("Use physical dice").click()
    page.get_by_role("textbox", name="Faces you rolled, in order").fill("1")
    page.get_by_role("button", name="Next turn").click()
    expect(result(page)).to_have_text("Encounter Die 1: An encounter happens now.")
    page.get_by_role("textbox", name="Faces you rolled, in order").fill("9")
    page.get_by_role("button", name="Next turn").click()
    expect(page.get_by_role("alert").filter(has_text="9 is not a face of a d6")).to_be_visible()
    expect(page.locator("[data-bind='turn']")).to_have_text("1")


def test_tension_pool_triggers_and_resets(page: Page, base: str) -> None:
    open_app(page, base)
    explore(page).get_by_text("Use physical dice").click()
    faces = page.get_by_role("textbox", name="Faces you rolled, in order")
    for typed in ("6 6", "5", "4"):  # 20 -12 = 8, -5 = 3, -4 = -1: encounter
        faces.fill(typed)
        page.get_by_role("button", name="Next turn").click()
    expect(result(page)).to_have_text("Tension Die: an encounter! The pool resets to 20.")
    expect(page.locator("[data-bind='pool']")).to_have_text("20 of 20")


def test_state_and_log_survive_a_reload(page: Page, base: str) -> None:
    open_app(page, base, "?seed=1")
    page.get_by_role("button", name="Next turn").click()
    page.get_by_role("button", name="Next turn").click()
    expect(page.locator("[data-bind='turn']")).to_have_text("2")
    pool = page.locator("[data-bind='pool']").inner_text()
    reload_app(page)
    expect(page.locator("[data-bind='turn']")).to_have_text("2")
    expect(page.locator("[data-bind='pool']")).to_have_text(pool)
    page.get_by_role("button", name="Log").click()
    expect(page.locator(".log-entry")).to_have_count(2)


def test_undo_puts_the_last_check_back_and_keeps_it_in_the_log(page: Page, base: str) -> None:
    open_app(page, base, "?seed=1")
    page.get_by_role("button", name="Next turn").click()
    page.get_by_role("button", name="Log").click()
    page.get_by_role("button", name="Undo last action").click()
    entry = page.locator(".log-entry")
    expect(entry).to_have_count(1)
    expect(entry).to_contain_text("(undone)")
    expect(page.get_by_role("button", name="Undo last action")).to_be_disabled()
    page.get_by_role("button", name="Explore").click()
    expect(page.locator("[data-bind='turn']")).to_have_text("0")
    expect(page.locator("[data-bind='pool']")).to_have_text("20 of 20")


def test_corrupt_saved_value_is_kept_aside_with_a_banner(page: Page, base: str) -> None:
    open_app(page, base)
    page.evaluate("localStorage.setItem('omen/exploration', '{not json')")
    reload_app(page)
    alert = page.get_by_role("alert").filter(has_text="Omen could not load the exploration turn")
    expect(alert).to_be_visible()
    expect(alert).to_contain_text("omen/quarantine/exploration/")
    kept = page.evaluate(
        "Object.keys(localStorage).filter(k => k.startsWith('omen/quarantine/exploration/'))"
        ".map(k => localStorage.getItem(k))"
    )
    assert kept == ["{not json"]
    page.get_by_role("button", name="Next turn").click()
    expect(page.locator("[data-bind='turn']")).to_have_text("1")


def test_a_full_storage_says_so_and_the_app_keeps_working(page: Page, base: str) -> None:
    page.add_init_script(
        "Storage.prototype.setItem = function () {"
        " throw new DOMException('full', 'QuotaExceededError'); };"
    )
    open_app(page, base)
    page.get_by_role("button", name="Next turn").click()
    expect(page.get_by_role("alert").filter(has_text="could not save")).to_be_visible()
    expect(page.locator("[data-bind='turn']")).to_have_text("1")


def test_czech_language_switch_persists(page: Page, base: str) -> None:
    open_app(page, base)
    page.get_by_role("button", name="Settings").click()
    page.get_by_role("combobox", name="Language").select_option("cs")
    expect(page.locator("html")).to_have_attribute("lang", "cs")
    reload_app(page)
    expect(page.locator("html")).to_have_attribute("lang", "cs")
    # A reload reopens the screen the game master was on: Settings, in Czech.
    expect(page.get_by_role("combobox", name="Jazyk")).to_have_value("cs")
    page.locator("[data-nav='explore']").click()
    next_turn = page.locator("[data-action='next-turn']")
    expect(next_turn).not_to_have_text("Next turn")
    expect(explore(page).get_by_text(re.compile(r"0,0\u00a0%")).first).to_be_visible()
    expect(page.get_by_role("heading", level=1)).to_have_text(re.compile("Moje kampaň"))
    # And back: every label returns to English, including those the shell translated early.
    page.locator("[data-nav='settings']").click()
    page.locator("select[name='language']").select_option("en")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(next_turn).to_have_text("Next turn")
    expect(page.locator("[data-nav='log']")).to_have_text("Log")
    expect(page.get_by_role("heading", level=1)).to_have_text(re.compile("My campaign"))


@pytest.mark.fresh_profile  # routes the runtime, which the warm service worker would serve
def test_the_shell_speaks_czech_before_python_is_ready(page: Page, base: str) -> None:
    """static/boot.js reads the compiled catalog itself: with the engine held back, the
    screen's labels are already Czech (and say so to screen readers via lang)."""
    page.add_init_script(
        "localStorage.setItem('omen/prefs', JSON.stringify({app: 'omen', kind: 'prefs',"
        " schema: 1, data: {language: 'cs'}}));"
    )
    page.route("**/pyodide.asm.wasm", lambda route: None)  # never answered: no Python
    page.goto(f"{base}/")
    expect(page.locator("html")).to_have_attribute("lang", "cs")
    expect(page.locator("[data-nav='log']")).to_have_text("Deník")
    expect(page.locator("[data-nav='explore']")).to_have_text(re.compile("Průzkum"))
    expect(page.locator("html")).not_to_have_attribute("data-ready", "true")


@pytest.mark.fresh_profile  # the service worker's first visit
def test_loads_offline_after_one_visit(page: Page, base: str) -> None:
    open_app(page, base, "?seed=1")
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60_000)
    page.get_by_role("button", name="Next turn").click()
    page.context.set_offline(True)
    reload_app(page)
    expect(page.locator("[data-bind='turn']")).to_have_text("1")
    page.get_by_role("button", name="Next turn").click()
    expect(page.locator("[data-bind='turn']")).to_have_text("2")


@pytest.mark.fresh_profile  # routes the runtime, which the warm service worker would serve
@pytest.mark.allow_console_errors
def test_engine_failure_is_explained_with_a_reload(page: Page, base: str) -> None:
    page.route("**/pyodide.asm.wasm", lambda route: route.fulfill(status=404, body="gone"))
    page.goto(base + "/")
    expect(page.get_by_text("The rules engine could not start.")).to_be_visible(timeout=60_000)
    expect(page.get_by_role("button", name="Reload")).to_be_visible()


@pytest.mark.fresh_profile  # a service worker update
def test_a_new_deploy_offers_an_update_and_keeps_the_data(page: Page, tmp_path: Path) -> None:
    # A deploy of its own in a temporary folder, so the test can publish a new version.
    for name in [*build.site_files(), "static/build/precache.js"]:
        target = tmp_path / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(ROOT / name, target)
    server, url = serve_in_background(tmp_path)
    try:
        open_app(page, url, "?seed=1")
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60_000)
        page.get_by_role("button", name="Next turn").click()
        expect(page.locator("[data-bind='turn']")).to_have_text("1")
        precache = tmp_path / "static" / "build" / "precache.js"
        precache.write_text(precache.read_text().replace('"version": "', '"version": "next-'))
        page.evaluate("navigator.serviceWorker.getRegistration().then((r) => r.update())")
        update = page.get_by_role("button", name="Update now")
        expect(update).to_be_visible(timeout=60_000)
        with page.expect_event("load", timeout=60_000):
            update.click()
        page.locator("html[data-ready='true']").wait_for(state="attached", timeout=90_000)
        expect(page.locator("[data-bind='turn']")).to_have_text("1")
        expect(page.get_by_role("button", name="Update now")).to_be_hidden()
    finally:
        server.shutdown()


def test_the_theme_follows_the_device_unless_one_is_chosen(page: Page, base: str) -> None:
    def background() -> str:
        return str(page.evaluate("getComputedStyle(document.body).backgroundColor"))

    dark, light = "rgb(20, 18, 27)", "rgb(246, 244, 239)"
    page.emulate_media(color_scheme="dark")
    open_app(page, base)
    assert background() == dark
    page.emulate_media(color_scheme="light")
    expect(page.locator("body")).to_have_css("background-color", light)
    page.get_by_role("button", name="Settings").click()
    page.get_by_role("combobox", name="Theme").select_option("dark")
    expect(page.locator("body")).to_have_css("background-color", dark)
    reload_app(page)  # the choice is kept
    expect(page.locator("body")).to_have_css("background-color", dark)
    page.emulate_media(color_scheme="dark")
    page.get_by_role("button", name="Settings").click()
    page.get_by_role("combobox", name="Theme").select_option("light")
    expect(page.locator("body")).to_have_css("background-color", light)


def test_a_new_voidcrawl_counts_every_result_until_day_and_night_are_turned_on(
    page: Page, base: str
) -> None:
    """The day/night cycle is an option ("Phases can be used to create a day/night
    cycle"): on a fresh profile (the example campaign's d8 Voidcrawl) every result
    counts, 1 in 8 each, Setback, Horror and Night Encounter too, and the odds say no
    filter is in force; Day turns the cycle on and holds levels 4-6 back."""
    open_app(page, base)
    page.get_by_role("radio", name="Voidcrawl").check()
    expect(page.get_by_role("radio", name="No day/night cycle")).to_be_checked()
    expect(page.get_by_role("radio", name="Day", exact=True)).not_to_be_checked()
    odds = explore(page).locator("[data-bind='odds'] li")
    expect(odds).to_have_text(
        [
            "No day/night cycle.",
            "Every result counts.",
            "Day Encounter on the next check: 12.5%",
            "Clue on the next check: 12.5%",
            "Omen on the next check: 12.5%",
            "Setback on the next check: 12.5%",
            "Horror on the next check: 12.5%",
            "Night Encounter on the next check: 12.5%",
            "Locality on the next check: 12.5%",
            "Scenario Theme on the next check: 12.5%",
            "Nothing Happens on the next check: 0.0%",
            "Night Encounter within the next 3 checks: 33.0%",  # 1 - (7/8)^3
        ]
    )
    explore(page).get_by_text("Use physical dice").click()
    faces = page.get_by_role("textbox", name="Faces you rolled, in order")
    faces.fill("5 1")  # face 5, then its table
    page.get_by_role("button", name="Next turn").click()
    expect(result(page)).to_have_text("Voidcrawl: Horror")

    page.get_by_role("radio", name="Day", exact=True).check()
    expect(odds.nth(0)).to_have_text("Day/night cycle: day.")
    expect(odds.nth(1)).to_have_text("Only results up to level 3 count (by day).")
    expect(explore(page).get_by_text("Setback on the next check: 0.0%")).to_be_visible()
    expect(explore(page).get_by_text("Horror on the next check: 0.0%")).to_be_visible()
    # Setback, Horror, Night Encounter held back: 3 of 8 faces
    expect(explore(page).get_by_text("Nothing Happens on the next check: 37.5%")).to_be_visible()
    page.get_by_role("radio", name="Night", exact=True).check()
    expect(odds.nth(0)).to_have_text("Day/night cycle: night.")
    expect(odds.nth(1)).to_have_text("Every result counts.")
    reload_app(page)  # the choice is kept
    expect(page.get_by_role("radio", name="Night", exact=True)).to_be_checked()
    page.get_by_role("radio", name="No day/night cycle").check()
    reload_app(page)
    expect(page.get_by_role("radio", name="No day/night cycle")).to_be_checked()
    expect(odds.nth(0)).to_have_text("No day/night cycle.")


def test_explore_redraws_what_changed_on_other_screens_and_in_another_language(
    page: Page, base: str
) -> None:
    """Explore draws only the regions whose state changed: each still follows a change
    made elsewhere (a location added on Tables, a language chosen in Settings) and its
    own choices (the procedure shows or hides the tension pool)."""
    open_app(page, base)
    nav = page.get_by_role("navigation", name="Screens")
    page.get_by_role("button", name="Next turn").click()
    expect(explore(page).get_by_text("Encounter on the next check:")).to_be_visible()
    english = result(page).inner_text()
    nav.get_by_role("button", name="Tables").click()
    page.get_by_role("textbox", name="New location's name").fill("Old mill")
    page.get_by_role("button", name="Add the location").click()
    nav.get_by_role("button", name="Explore").click()
    where = explore(page).get_by_role("combobox", name="Location")
    expect(where.locator("option", has_text="Old mill")).to_have_count(1)
    pool = explore(page).get_by_text("Tension pool", exact=True)
    expect(pool).to_be_visible()
    explore(page).get_by_role("radio", name="Encounter Die").check()
    expect(pool).to_be_hidden()
    explore(page).get_by_role("radio", name="Tension Die").check()
    expect(pool).to_be_visible()
    page.get_by_role("button", name="Settings").click()
    page.get_by_role("combobox", name="Language").select_option("cs")
    expect(page.locator("html")).to_have_attribute("lang", "cs")
    page.locator("[data-nav='explore']").click()
    expect(explore(page).get_by_text("Encounter on the next check:")).to_have_count(0)
    expect(explore(page).get_by_text(re.compile(r"\u00a0%"))).not_to_have_count(0)
    expect(result(page)).not_to_have_text(english)
    chooser = explore(page).locator("[data-bind='explore-location']")  # its name is Czech now
    expect(chooser.locator("option", has_text="Old mill")).to_have_count(1)
    expect(chooser.locator("option").first).not_to_have_text("No location")

"""Screenshots of every screen at a phone's size, to look at before a screen change ships.

Usage (the browser is shared, so under the lock):

    flock /tmp/omen-browser.lock .venv/bin/python tools/screenshots.py [--out DIR]
        [--only en-light,cs-dark] [--games ose,gurps]

For each game (Liminal Horror, Old-School Essentials, GURPS, The End of the World) and
each language and theme, a fresh profile answers the first start's question with that
game, then the script walks the game's screens: Explore (its turn), Encounter (its
sequence; GURPS's distance and the reaction roll again after a reload), Tests (before and after a roll; The End
of the World's again after a reload), Crew, Tables (Liminal Horror: the library and a
table open), Settings (a search, a closed game) and
two help sheets. Each screen is shot at 390x844 as a phone shows it, scrolled down in
steps where it is longer than the phone; ``DIR/sheets/`` puts each screen's steps side
by side in one picture, to look at them quickly. English light and Czech dark get every
screen; Czech light and English dark get Explore, Tests, Tables and Settings.
``--players`` shoots the player page instead: a link with each game's public view
(Old-School Essentials, GURPS, The End of the World), in each language and theme.
"""

from __future__ import annotations

import argparse
import base64
import json
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
os.environ.setdefault("OMEN_SERVE_QUIET", "1")

from browser import CHROMIUM, FLAGS  # noqa: E402
from serve import serve_in_background  # noqa: E402

PHONE = {"width": 390, "height": 844}
READY = 120_000
STEP = 640  # px scrolled between two shots of one long screen
MOST = 6  # shots of one screen at most
GAMES = ("liminal_horror", "ose", "gurps", "eotw")
COMBOS = ("en-light", "cs-dark", "cs-light", "en-dark")
FULL = {"en-light", "cs-dark"}  # every screen; the others: Explore, Tests, Settings


def fresh_prefs(language: str, theme: str) -> str:
    """An init script: a fresh profile with the language and theme chosen, not yet asked."""
    prefs = {
        "app": "omen",
        "kind": "prefs",
        "schema": 3,
        "data": {
            "language": language,
            "theme": theme,
            "vibrate": True,
            "sound": False,
            "install_hint_seen": True,
            "game_asked": False,
        },
    }
    return (
        "(() => { try {"
        " if (!Object.keys(localStorage).some(k => k.startsWith('omen/')))"
        f" localStorage.setItem('omen/prefs', {json.dumps(json.dumps(prefs))});"
        " } catch (e) {} })();"
    )


class Shooter:
    def __init__(self, page: Page, out: Path, prefix: str) -> None:
        self.page = page
        self.out = out
        self.prefix = prefix
        self.czech = "-cs-" in prefix
        self.taken: list[tuple[str, list[Path]]] = []

    def settle(self) -> None:
        self.page.wait_for_timeout(250)

    def shot(self, name: str, *, long: bool = True, at: str | None = None) -> None:
        """Shoot the screen as shown; ``long``: scroll down in steps; ``at``: start there."""
        page = self.page
        self.settle()
        if at is not None:
            page.locator(at).first.scroll_into_view_if_needed()
            page.evaluate("window.scrollBy(0, -70)")
        else:
            page.evaluate("window.scrollTo(0, 0)")
        wide = page.evaluate("document.documentElement.scrollWidth - innerWidth")
        if wide > 0:
            print(
                f"{self.prefix}-{name}: the page is {wide} px wider than the phone", file=sys.stderr
            )
        files: list[Path] = []
        for index in range(MOST if long else 1):
            path = self.out / f"{self.prefix}-{name}-{index + 1}.png"
            page.wait_for_timeout(80)
            page.screenshot(path=str(path))
            files.append(path)
            before = page.evaluate("window.scrollY")
            page.evaluate(f"window.scrollBy(0, {STEP})")
            if page.evaluate("window.scrollY") == before:
                break
        self.taken.append((f"{self.prefix}-{name}", files))

    def dialog(self, name: str, selector: str) -> None:
        """A modal sheet: shot as shown, then scrolled inside in steps."""
        page = self.page
        self.settle()
        files: list[Path] = []
        for index in range(MOST):
            path = self.out / f"{self.prefix}-{name}-{index + 1}.png"
            page.screenshot(path=str(path))
            files.append(path)
            moved = page.evaluate(
                f"(() => {{ const d = document.querySelector({json.dumps(selector)});"
                f" const b = d.scrollTop; d.scrollBy(0, {STEP}); return d.scrollTop !== b; }})()"
            )
            if not moved:
                break
        self.taken.append((f"{self.prefix}-{name}", files))


def reload(page: Page) -> None:
    """Open the page again, as a phone does after dropping it."""
    page.reload()
    page.locator("html[data-ready='true']").wait_for(state="attached", timeout=READY)


def nav(page: Page, screen: str) -> None:
    page.locator(f"[data-nav='{screen}']").first.click()
    page.wait_for_timeout(200)


def act(page: Page, action: str, scope: str = "") -> None:
    page.locator(f"{scope} [data-action='{action}']".strip()).first.click()
    page.wait_for_timeout(200)


def fill(page: Page, selector: str, value: str) -> None:
    field = page.locator(selector).first
    field.fill(value)
    field.press("Tab")
    page.wait_for_timeout(150)


def open_details(page: Page, selector: str) -> None:
    details = page.locator(selector).first
    if details.get_attribute("open") is None:
        details.locator("> summary").click()
        page.wait_for_timeout(150)


def help_sheet(s: Shooter, key: str, name: str) -> None:
    page = s.page
    button = page.locator(f"button.help[data-help='{key}']:visible")
    if not button.count():
        print(f"{s.prefix}: no help button for {key} on this screen", file=sys.stderr)
        return
    button.first.click()
    page.locator("[data-bind='help-sheet'][open]").wait_for()
    s.dialog(name, "[data-bind='help-sheet']")
    act(page, "help-close")


def settings(s: Shooter, game: str) -> None:
    page = s.page
    nav(page, "settings")
    s.shot("settings")
    s.shot("settings-rules", long=False, at="[data-bind='settings-search']")
    others = page.locator("details.settings-game:not([open])")
    if others.count():
        s.shot("settings-closed", long=False, at="details.settings-game:not([open])")
    word = {"ose": "rest", "gurps": "critical", "eotw": "stress"}.get(game, "encounter")
    if s.czech:
        word = {"ose": "odpočinek", "gurps": "kritick", "eotw": "stres"}.get(game, "setkání")
    fill(page, "[data-bind='settings-search']", word)
    s.shot("settings-search", at="[data-bind='settings-search']")
    fill(page, "[data-bind='settings-search']", "")


def lights(s: Shooter, prefix: str, name: str) -> None:
    """A torch (or the first light) lit and a named timer set on a panel's lights."""
    page = s.page
    page.locator(
        f"[data-bind='{prefix}-lights-box'] form[data-action='lights-light'] button"
    ).click()
    page.wait_for_timeout(150)
    fill(page, f"[data-bind='{prefix}-timer-name']", name)
    page.locator(
        f"[data-bind='{prefix}-lights-box'] form[data-action='lights-timer'] button"
    ).click()
    page.wait_for_timeout(150)


def explore_lh(s: Shooter, full: bool) -> None:
    page = s.page
    nav(page, "explore")
    fill(page, "[data-bind='explore-light-count']", "3")  # goes out on the third turn
    lights(s, "explore", "Ochranný kruh" if s.czech else "Warding circle")
    for _ in range(3):
        act(page, "next-turn")
    s.shot("explore")
    if full:
        help_sheet(s, "encounter_die", "help-encounter-die")
        help_sheet(s, "lights_timers", "help-lights-timers")
    # A violent row met: Main Street's grocer (Encounter Die 1, then 6 on its table).
    page.locator("input[name='procedure'][value='encounter_die']").check()
    page.locator("[data-bind='explore-location']").select_option("ex-main-street")
    open_details(page, "[data-panel='checks'] details.physical")
    page.locator("[data-bind='typed-faces']").fill("1 6")
    act(page, "next-turn")
    s.shot("explore-violent", long=False, at="[data-bind='explore-result']")


def explore_ose(s: Shooter, full: bool) -> None:
    page = s.page
    nav(page, "explore")
    act(page, "oseturn-torch")
    fill(page, "[data-bind='oseturn-timer-name']", "Požehnání" if s.czech else "Bless")
    fill(page, "[data-bind='oseturn-timer-turns']", "12")
    page.locator("form[data-action='oseturn-timer'] button[type='submit']").click()
    for _ in range(4):
        act(page, "oseturn-next")
    act(page, "oseturn-lantern")
    act(page, "oseturn-next")
    s.shot("explore-dungeon")
    page.locator("input[name='oseturn-mode'][value='wilderness']").check()
    page.wait_for_timeout(200)
    act(page, "oseturn-next")
    s.shot("explore-wilderness")
    page.locator("input[name='oseturn-mode'][value='dungeon']").check()
    if full:
        help_sheet(s, "ose_turn", "help-ose-turn")
    page.locator("input[name='explore-panel'][value='ose_travel']").check()
    page.locator("[data-bind='osetravel-terrain']").select_option("forest")
    page.locator("[data-bind='osetravel-activity']").select_option("forage")
    for _ in range(2):
        act(page, "osetravel-day")
    page.locator("[data-bind='osetravel-details'] summary").click()
    s.shot("explore-travel-day")
    page.locator("input[name='explore-panel'][value='ose_turn']").check()


def explore_gurps(s: Shooter, full: bool) -> None:
    page = s.page
    nav(page, "explore")
    fill(page, "[data-bind='travel-light-count']", "16")
    lights(s, "travel", "Hlídka se vrací" if s.czech else "The patrol returns")
    for _ in range(3):
        act(page, "travel-turn")
    s.shot("explore-travel")
    act(page, "travel-camp")
    page.locator("[data-bind='travel-ground']").select_option("bad")
    s.shot("explore-travel-camp")
    if full:
        help_sheet(s, "gurps_travel", "help-gurps-travel")


def explore_eotw(s: Shooter, full: bool) -> None:
    page = s.page
    nav(page, "explore")
    page.locator("input[name='eotw-scene'][value='survival']").check()
    page.locator("[data-bind='scene-light-kind']").select_option("flashlight")
    lights(s, "scene", "Jana se léčí" if s.czech else "Jana heals")
    act(page, "scene-pass")
    s.shot("explore-scene")


def encounter_lh(s: Shooter) -> None:
    page = s.page
    nav(page, "explore")
    violent = page.locator("[data-action='meet-encounter']:visible")
    if violent.count():  # the violent row Explore met: the Encounter screen says so
        violent.first.click()
        page.wait_for_timeout(200)
    else:
        nav(page, "encounter")
    page.locator("input[name='encounter-procedure'][value='reaction']").check()
    s.shot("encounter-reaction-before")
    page.locator("[data-action^='reaction-']:is(button):visible").last.click()
    page.wait_for_timeout(200)
    s.shot("encounter-reaction")
    reload(page)  # the last reaction comes back from the log
    nav(page, "encounter")
    page.locator("input[name='encounter-procedure'][value='reaction']").check()
    s.shot("encounter-reaction-reloaded", at="[data-bind='reaction-result-title']")
    if s.prefix.startswith("liminal"):
        help_sheet(s, "reaction", "help-reaction")


def encounter_ose(s: Shooter) -> None:
    page = s.page
    nav(page, "encounter")
    page.locator("input[name='encounter-procedure'][value='ose']").check()
    fill(page, "[data-bind='ose-creature']", "Skřeti" if s.czech else "Goblins")
    open_details(page, "details[data-stage='surprise']")
    act(page, "ose-surprise")
    open_details(page, "details[data-stage='distance']")
    act(page, "ose-distance")
    open_details(page, "details[data-stage='morale']")
    fill(page, "[data-bind='ose-morale-group']", "6")
    fill(page, "[data-bind='ose-morale-killed']", "1")
    s.shot("encounter-ose")
    act(page, "ose-morale")
    s.shot("encounter-ose-morale", at="details[data-stage='morale']")
    help_sheet(s, "ose_sequence", "help-ose-sequence")


def encounter_gurps(s: Shooter) -> None:
    page = s.page
    nav(page, "encounter")
    page.locator("input[name='encounter-procedure'][value='gurps']").check()
    s.shot("encounter-gurps-before")
    act(page, "gurps-find")
    s.shot("encounter-gurps")
    reload(page)  # the last distance comes back whole
    nav(page, "encounter")
    page.locator("input[name='encounter-procedure'][value='gurps']").check()
    s.shot("encounter-gurps-reloaded", at="[data-bind='gurps-title']")
    help_sheet(s, "gurps_distance", "help-gurps-distance")


def tests_eotw(s: Shooter) -> None:
    page = s.page
    nav(page, "tests")
    s.shot("tests-pool-before")
    page.locator("[data-bind='negative-reasons'] button.more").first.click()
    act(page, "roll-test")
    s.shot("tests-pool")
    reload(page)  # the last test comes back with its dice
    nav(page, "tests")
    s.shot("tests-pool-reloaded", at="[data-bind='test-title']")
    if s.prefix.startswith("eotw"):
        help_sheet(s, "eotw_tests", "help-eotw-tests")


def tests_ose(s: Shooter) -> None:
    page = s.page
    nav(page, "tests")
    s.shot("tests-save-before")
    fill(page, "[data-bind='ose-check-what']", "Jed" if s.czech else "Poison")
    act(page, "ose-check-roll")
    s.shot("tests-save")


def tests_gurps(s: Shooter) -> None:
    page = s.page
    nav(page, "tests")
    page.locator("input[name='tests-mode'][value='roll']").check()
    s.shot("tests-roll-before")
    roll = "[data-bind='gurps-roller-roll']"
    fill(page, f"{roll} input[data-field='name']", "Plížení" if s.czech else "Stealth")
    fill(page, f"{roll} input[data-field='skill']", "13")
    fill(page, f"{roll} input[data-field='modifiers']", "-2 +1")
    act(page, "gurps-roll")
    s.shot("tests-roll")
    page.locator("input[name='tests-mode'][value='contest']").check()
    page.wait_for_timeout(200)
    s.shot("tests-contest-before")
    fill(page, "[data-bind='gurps-roller-a'] input[data-field='name']", "Ana")
    fill(page, "[data-bind='gurps-roller-a'] input[data-field='skill']", "12")
    fill(page, "[data-bind='gurps-roller-b'] input[data-field='name']", "Ogre")
    fill(page, "[data-bind='gurps-roller-b'] input[data-field='skill']", "11")
    act(page, "gurps-contest")
    s.shot("tests-contest")
    help_sheet(s, "gurps_tests", "help-gurps-tests")


def crew(s: Shooter) -> None:
    page = s.page
    nav(page, "crew")
    fill(page, "[data-bind='new-name']", "Ana")
    selects = page.locator("[data-bind='new-values'] select")
    for index, value in enumerate(("4", "3", "3", "2", "3")):
        if index < selects.count():
            selects.nth(index).select_option(value)
    act(page, "add-character")
    more = page.locator(".character .track button.more").first
    more.click()
    more.click()
    page.locator("input[name='encounter-type'][value='downtime']").check()
    s.shot("crew-downtime")
    help_sheet(s, "eotw_crew", "help-eotw-crew")
    nav(page, "explore")
    panel = page.locator("input[name='explore-panel'][value='eotw_scene']")
    if panel.count():
        panel.check()
        s.shot("explore-downtime", at="[data-panel='eotw_scene']")


def tables(s: Shooter) -> None:
    """Tables: the library, then its first table open in the editor (its rows are made
    ahead in idle moments, so wait for those first) and a draw from it."""
    page = s.page
    page.locator("html[data-built='true']").wait_for(state="attached", timeout=READY)
    page.wait_for_timeout(800)
    nav(page, "tables")
    s.shot("tables")
    page.locator("[data-bind='tables-list'] button").first.click()
    page.wait_for_timeout(200)
    s.shot("tables-editor", at="[data-bind='table-editor']")
    page.locator("[data-bind='table-editor'] [data-action='close-table']").first.click()


EXPLORE: dict[str, Callable[[Shooter, bool], None]] = {
    "liminal_horror": explore_lh,
    "ose": explore_ose,
    "gurps": explore_gurps,
    "eotw": explore_eotw,
}
ENCOUNTER: dict[str, Callable[[Shooter], None]] = {
    "liminal_horror": encounter_lh,
    "ose": encounter_ose,
    "gurps": encounter_gurps,
    "eotw": encounter_lh,
}
TESTS: dict[str, Callable[[Shooter], None]] = {
    "liminal_horror": tests_eotw,
    "ose": tests_ose,
    "gurps": tests_gurps,
    "eotw": tests_eotw,
}


def screens(s: Shooter, game: str, full: bool) -> None:
    """One game's screens; a step that stops is reported and the next one goes on."""
    steps: list[Callable[[], None]] = [lambda: EXPLORE[game](s, full)]
    if full:
        steps.append(lambda: ENCOUNTER[game](s))
    if full or game in ("gurps", "eotw"):
        steps.append(lambda: TESTS[game](s))
    if full and game == "eotw":
        steps.append(lambda: crew(s))
    if game == "liminal_horror":  # the same library for every game: one game's shots
        steps.append(lambda: tables(s))
    if full or game in ("ose", "liminal_horror"):
        steps.append(lambda: settings(s, game))
    for step in steps:
        try:
            step()
        except Exception as error:  # keep going: report it and shoot the rest
            print(f"{s.prefix}: a step stopped: {error}".splitlines()[0], file=sys.stderr)
            s.page.keyboard.press("Escape")


def walk(
    browser: Any, url: str, out: Path, combo: str, games: list[str]
) -> list[tuple[str, list[Path]]]:
    """One profile per language and theme: the first start answers with the first game,
    Settings switches to each next one."""
    language, theme = combo.split("-")
    full = combo in FULL
    context = browser.new_context(viewport=PHONE, locale="en-US")
    context.add_init_script(fresh_prefs(language, theme))
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.goto(f"{url}/?seed=1")
    page.locator("html[data-ready='true']").wait_for(state="attached", timeout=READY)
    page.set_default_timeout(8000)
    taken: list[tuple[str, list[Path]]] = []
    for number, game in enumerate(games):
        print(f"{game} {combo}", flush=True)
        s = Shooter(page, out, f"{game}-{combo}")
        if number == 0:
            dialog = page.locator("[data-bind='game-dialog']")
            dialog.locator(f"input[name='first-game'][value='{game}']").check()
            s.dialog("first-start", "[data-bind='game-dialog']")
            dialog.locator("button[type='submit']").click()
            page.wait_for_timeout(400)
        else:
            nav(page, "settings")
            page.locator("select[name='game']").select_option(game)
            page.wait_for_timeout(300)
        screens(s, game, full)
        taken += s.taken
    context.close()
    if errors:
        print(f"{combo}: page errors: {errors}", file=sys.stderr)
    return taken


def sheets(browser: Any, out: Path, taken: list[tuple[str, list[Path]]]) -> None:
    """Each screen's shots side by side (three to a picture)."""
    folder = out / "sheets"
    folder.mkdir(exist_ok=True)
    context = browser.new_context(viewport={"width": 3 * 390 + 16, "height": 844})
    page = context.new_page()
    for name, files in taken:
        for start in range(0, len(files), 3):
            group = files[start : start + 3]
            images = "".join(
                f'<img src="data:image/png;base64,{base64.b64encode(path.read_bytes()).decode()}">'
                for path in group
            )
            page.set_content(
                "<body style='margin:0;background:#888;display:flex;gap:8px'>"
                f"<style>img{{width:390px;height:844px}}</style>{images}</body>"
            )
            page.wait_for_timeout(50)
            part = f"-{start // 3 + 1}" if len(files) > 3 else ""
            page.screenshot(path=str(folder / f"{name}{part}.png"))
    context.close()


def player_views(language: str) -> dict[str, dict[str, Any]]:
    """A public view per game for the player page, worded in ``language``: the clock,
    lights and timers, the encounter's facts and a shown result (The End of the World:
    the characters), as the game master's phone would send them."""
    sys.path.insert(0, str(ROOT / "py"))
    from omen.campaign.players import Showing, public_view, show_result
    from omen.campaign.state import Log
    from omen.core.dice import ScriptedDice
    from omen.core.i18n import Translator
    from omen.eotw.crew import Character, Crew, take_stress
    from omen.eotw.pools import Category
    from omen.gurps.travel import Travel
    from omen.ose import session as ose_session
    from omen.ose.turn import LightKind, TurnState, add_light, add_timer

    t = (
        Translator.english()
        if language == "en"
        else Translator.load(language, ROOT / "static" / "build" / "locale")
    )
    encounter = ose_session.new_session("3 ghouls")
    _, reaction = ose_session.roll_reaction(encounter, ScriptedDice([6, 5]), 13)
    log = Log().add("2026-12-06T20:40:00.000Z", reaction, "", None)
    shown = show_result(Showing(), log.entries[0].id, True)
    encounter, _ = ose_session.roll_surprise(encounter, ScriptedDice([5, 1]))
    encounter, _ = ose_session.roll_distance(encounter, ScriptedDice([2, 3]))
    clock = add_timer(add_light(TurnState(turn=7), LightKind.TORCH), "Bless", 1)
    ana = take_stress(Character("c1", "Ana", logic=3), Category.MENTAL, 4).character
    parts: dict[str, dict[str, Any]] = {
        "ose": {"ose_turn": clock, "ose_encounter": encounter, "log": log, "players_shown": shown},
        "gurps": {"gurps_travel": Travel(turn=4)},
        "eotw": {"crew": Crew((ana, Character("c2", "Bo")))},
    }
    values = {"gurps.travel_hours": 4, "turn.minutes": 10}
    return {
        game: public_view(held, game, values, t, "20:41").to_json() for game, held in parts.items()
    }


def players(browser: Any, url: str, out: Path, combos: list[str]) -> list[tuple[str, list[Path]]]:
    """The player page (player.html): each game's view as the page keeps and shows it,
    and, opened from a link, the joining form and the answer made, waiting to connect
    (in the phone's language)."""
    sys.path.insert(0, str(ROOT / "py"))
    from omen.campaign.players import Message, pack
    from omen.campaign.sdp import Candidate, Details

    offer = Details(
        "uEs2", "ot8ep/pWuCLbEvEaAcwr2fbk", bytes(range(32)), "actpass", "0",
        (Candidate("host", "192.0.2.10", 54321),),
    ).sdp()  # fmt: skip
    link = f"{url}/player.html#join=" + pack(
        Message("join", "shot-token-1", 1, {"offer": offer, "stun": ""})
    )
    taken: list[tuple[str, list[Path]]] = []
    for combo in combos:
        language, theme = combo.split("-")
        locale = "cs-CZ" if language == "cs" else "en-US"
        for game, view in player_views(language).items():
            # a fresh profile for each view: the page keeps the last view it was shown
            context = browser.new_context(viewport=PHONE, locale=locale, color_scheme=theme)
            page = context.new_page()
            page.goto(f"{url}/player.html")
            page.locator("body[data-ready]").wait_for(state="attached", timeout=READY)
            page.evaluate(
                "(view) => localStorage.setItem('omen-player/view', JSON.stringify(view))", view
            )
            page.goto(f"{url}/player.html")
            page.locator("body[data-ready]").wait_for(state="attached", timeout=READY)
            s = Shooter(page, out, f"player-{game}-{combo}")
            s.shot("page")
            taken += s.taken
            context.close()
        context = browser.new_context(viewport=PHONE, locale=locale, color_scheme=theme)
        page = context.new_page()
        page.goto(link)
        page.locator("body[data-ready]").wait_for(state="attached", timeout=READY)
        s = Shooter(page, out, f"player-join-{combo}")
        s.shot("form")
        page.get_by_role("textbox").first.fill("Eva")
        page.locator("[data-bind='join-form'] button").click()
        page.locator("[data-bind='answer-qr'] svg").wait_for(timeout=READY)
        s.shot("answer")
        taken += s.taken
        context.close()
    return taken


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", type=Path, default=Path("/tmp/omen-screens"))
    parser.add_argument("--only", default=",".join(COMBOS))
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument(
        "--players", action="store_true", help="shoot only the player page (player.html)"
    )
    args = parser.parse_args()
    out: Path = args.out
    out.mkdir(parents=True, exist_ok=True)
    httpd, url = serve_in_background(ROOT)
    taken: list[tuple[str, list[Path]]] = []
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
            if args.players:
                taken = players(browser, url, out, args.only.split(","))
                sheets(browser, out, taken)
                browser.close()
                print(f"{sum(len(f) for _, f in taken)} shots in {out}")
                return
            games = args.games.split(",")
            for number, combo in enumerate(args.only.split(",")):
                # each profile starts with another game, so the first start's question
                # is seen with each game chosen
                turn = number % len(games)
                try:
                    taken += walk(browser, url, out, combo, games[turn:] + games[:turn])
                except Exception as error:  # keep going: report and shoot the rest
                    print(f"{combo}: stopped: {error}", file=sys.stderr)
            sheets(browser, out, taken)
            browser.close()
    finally:
        httpd.shutdown()
    print(f"{sum(len(f) for _, f in taken)} shots in {out}")


if __name__ == "__main__":
    main()

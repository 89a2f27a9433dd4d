"""Accessibility at the table: axe-core on every screen and sub-state, Tab stops that stay in
sight, targets a thumb can hit, and borders that can be seen in a dim room.

axe-core comes bundled in the PyPI package ``axe-playwright-python`` (pinned in
pyproject.toml's test extras). Every state in :func:`each_state` is walked once per
language and theme (:func:`walked`): at each stop axe runs, the targets are measured and,
in two of the four, every Tab stop is visited; the tests below each check their part of
that one walk, so a run costs one start and one walk per language and theme.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect

from omen.campaign.share import encode_link, share_table
from omen.campaign.tables import Entry, Library, Table

from .conftest import open_app, saved

COMBOS = [("en", "light"), ("en", "dark"), ("cs", "light"), ("cs", "dark")]

# Everything axe checks against WCAG 2.2 A and AA and its best practices, and the rule
# that a control's visible text is part of its name (2.5.3), which axe keeps opt-in.
AXE_OPTIONS = {
    "runOnly": {
        "type": "tag",
        "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"],
    },
    "rules": {"label-content-name-mismatch": {"enabled": True}},
    "resultTypes": ["violations"],
}


def configure(page: Page, base: str, language: str, theme: str) -> None:
    open_app(page, base)
    page.locator("[data-nav='settings']").click()
    page.locator("select[name='language']").select_option(language)
    page.locator("select[name='theme']").select_option(theme)
    expect(page.locator("html")).to_have_attribute("lang", language)
    expect(page.locator("html")).to_have_attribute("data-theme", theme)


def nav(page: Page, screen: str) -> None:
    page.locator(f"[data-nav='{screen}']").click()
    expect(page.locator(f"section[data-screen='{screen}']")).to_be_visible()


def press(page: Page, action: str) -> None:
    page.locator(f"[data-action='{action}']").click()


def open_details(page: Page, selector: str) -> None:
    """Open every closed <details> matching the selector that is on show."""
    page.evaluate(
        """(sel) => { for (const d of document.querySelectorAll(sel)) {
            if (d.checkVisibility()) d.open = true; } }""",
        selector,
    )


def a_table_link() -> str:
    rows = (Entry("Two ghouls", 1, 1), Entry("Many ghouls", 2, 2))
    return encode_link(
        "table", share_table(Library((Table("ghouls", "Ghouls", "d2", rows),)), "ghouls")
    )


def each_state(page: Page) -> Iterator[str]:
    """Walk every screen and sub-state a game master meets; yield a name at each stop."""
    nav(page, "explore")
    yield "explore"
    press(page, "next-turn")
    open_details(page, "section[data-screen='explore'] details")
    yield "explore, rolled, steps and physical dice open"
    page.locator("input[name='explore-panel'][value='ose_travel']").check()
    press(page, "osetravel-day")
    open_details(page, "[data-panel='ose_travel'] details")
    yield "explore: the OSE travel day, rolled"
    page.locator("input[name='explore-panel'][value='gurps_travel']").check()
    press(page, "travel-camp")
    yield "explore: GURPS travel, camped"
    page.locator("input[name='explore-panel'][value='checks']").check()
    # A violent row met (Main Street's grocer: Encounter Die 1, then 6 on its table).
    page.locator("input[name='procedure'][value='encounter_die']").check()
    page.locator("[data-bind='explore-location']").select_option("ex-main-street")
    open_details(page, "[data-panel='checks'] details")
    page.locator("[data-bind='typed-faces']").fill("1 6")
    press(page, "next-turn")
    expect(page.locator("[data-bind='result-violent']")).to_be_visible()
    yield "explore: a violent row met"
    press(page, "meet-encounter")  # the Encounter screen, violent, from here on

    nav(page, "encounter")
    for procedure in ("ose", "gurps", "reaction"):
        page.locator(f"input[name='encounter-procedure'][value='{procedure}']").check()
        yield f"encounter: {procedure}"
        if procedure == "ose":
            press(page, "ose-next")
        elif procedure == "gurps":
            press(page, "gurps-find")
        else:
            press(page, "reaction-anyway")  # the creature met is violent
        open_details(page, f"[data-procedure='{procedure}'] details")
        yield f"encounter: {procedure}, rolled, every section open"

    nav(page, "tests")
    yield "tests"
    press(page, "roll-test")
    open_details(page, "section[data-screen='tests'] details")
    yield "tests, rolled, every section open"

    nav(page, "crew")
    yield "crew, empty"
    open_details(page, "[data-bind='new-character']")
    page.locator("[data-bind='new-name']").fill("Vera Kovářová")
    build = page.locator("[data-bind='new-values'] select")
    for index, value in enumerate(("4", "3", "3", "2", "3", "1")):  # 10 points above 1
        build.nth(index).select_option(value)
    press(page, "add-character")
    expect(page.locator("article.character")).to_have_count(1)
    open_details(page, "section[data-screen='crew'] details")
    yield "crew, with a character, every section open"

    nav(page, "tables")
    yield "tables"
    open_details(page, "section[data-screen='tables'] details")
    yield "tables, every section open"
    page.locator(".tables-list .table-open").first.click()
    expect(page.locator("[data-bind='table-editor']")).to_be_visible()
    yield "tables: the table editor"
    press(page, "roll-table")
    open_details(page, "section[data-screen='tables'] details")
    yield "tables: the table editor, rolled"
    press(page, "share-table")
    expect(page.locator("[data-bind='share-sheet']")).to_be_visible()
    yield "tables: the share sheet"
    press(page, "share-close")
    press(page, "close-table")

    nav(page, "log")
    open_details(page, "section[data-screen='log'] details")
    yield "log, every entry open"

    nav(page, "settings")
    yield "settings"
    page.locator("[data-bind='import-text']").fill(a_table_link())
    press(page, "import-text")
    expect(page.locator("[data-bind='import-dialog']")).to_be_visible()
    yield "settings: the import dialog"
    press(page, "import-cancel")
    nav(page, "settings")
    page.locator("select[name='game']").select_option("gurps")
    yield from each_roster_state(page, "gurps")
    nav(page, "settings")
    yield from each_ose_state(page)


def each_ose_state(page: Page) -> Iterator[str]:
    """The states an OSE campaign adds: the dungeon turn's Time passes and its look-ahead,
    Tests' reaction and morale checks, Crew's OSE rolls, and on Tables the location's
    terrain and sign table, an entry's dice line, its bracket button and its stats."""
    page.locator("select[name='game']").select_option("ose")
    nav(page, "explore")
    page.locator("input[name='explore-panel'][value='ose_turn']").check()
    odds = page.locator("[data-bind='oseturn-span-odds'] li").first
    before = odds.text_content()
    page.locator("[data-bind='oseturn-span-count']").fill("6")
    expect(odds).not_to_have_text(before or "")  # the look-ahead for 6 turns is drawn
    yield "explore: the OSE turn, Time passes with its look-ahead"
    yield from each_roster_state(page, "ose")

    nav(page, "tests")
    for mode in ("reaction", "morale"):
        page.locator(f"input[name='ose-tests-mode'][value='{mode}']").check()
        yield f"tests: OSE {mode}"
        press(page, "ose-check-roll")
        open_details(page, "section[data-screen='tests'] details")
        yield f"tests: OSE {mode}, rolled, every section open"

    nav(page, "crew")
    yield "crew: an OSE campaign's rolls"

    nav(page, "tables")
    open_details(page, "section[data-screen='tables'] details")
    expect(page.locator(".terrain-field").first).to_be_visible()
    yield "tables: an OSE campaign's locations, terrain and sign table"
    page.locator(".tables-list .table-open").first.click()
    row = page.locator("[data-bind='table-editor'] .entry-row").first
    row.locator(".text").fill("2d4 wolves")
    expect(row.locator(".bracket")).to_be_visible()
    expect(row.locator(".stats")).to_be_visible()
    yield "tables: an OSE entry's dice line, bracket button and stats"


def each_roster_state(page: Page, game: str) -> Iterator[str]:
    """A game's roster of creatures (``"ose"`` or ``"gurps"``): three drowned dogs met
    at the ferry landing (Encounter Die 1, a 1 on the ferry's d8, 1 and 2 on their
    [[2d4]]), their hit points typed, one hurt and one out of the fight."""
    nav(page, "explore")
    page.locator("input[name='explore-panel'][value='checks']").check()
    page.locator("input[name='procedure'][value='encounter_die']").check()
    page.locator("[data-bind='explore-location']").select_option("ex-ferry-landing")
    open_details(page, "[data-panel='checks'] details")
    page.locator("[data-bind='typed-faces']").fill("1 1 1 2")
    press(page, "next-turn")
    expect(page.locator("[data-bind='result-violent']")).to_be_visible()
    press(page, "meet-encounter")
    expect(page.locator("section[data-screen='encounter']")).to_be_visible()
    page.locator(f"input[name='encounter-procedure'][value='{game}']").check()
    creatures = page.locator(f"[data-roster='{game}'] .roster-creature")
    expect(creatures).to_have_count(3)
    for index in range(3):
        typed = creatures.nth(index).locator(".roster-hp-typed")
        typed.fill("9")
        typed.press("Enter")
        expect(creatures.nth(index).locator(".roster-hurt")).to_be_visible()
    creatures.nth(0).locator("[data-action='roster-damage'][data-amount='5']").click()
    expect(creatures.nth(0).locator(".roster-hp")).to_contain_text("4/9")
    creatures.nth(1).locator("[data-action='roster-out']").click()
    expect(creatures.nth(1)).to_have_attribute("data-state", "out")
    open_details(page, f"[data-roster='{game}'] details")
    yield f"encounter: the {game} roster, one creature hurt and one out"


AXE_RUN = "(options) => axe.run(document, options).then((results) => results.violations)"


def report(found: dict[str, list[str]]) -> str:
    """Every finding, state by state, in full (pytest would cut a dict short)."""
    return "\n".join(f"{state}:\n  " + "\n  ".join(lines) for state, lines in found.items())


def describe(violations: list[dict[str, Any]]) -> list[str]:
    lines = []
    for violation in violations:
        targets = [" ".join(map(str, node["target"])) for node in violation["nodes"][:4]]
        lines.append(f"{violation['id']} ({len(violation['nodes'])}): {'; '.join(targets)}")
    return lines


@pytest.mark.parametrize(("language", "theme"), COMBOS)
def test_axe_finds_nothing_on_any_screen(page: Page, base: str, language: str, theme: str) -> None:
    found = walked(page, base, language, theme)["axe"]
    assert not found, report(found)


# A Tab stop is in sight when it lies wholly inside the viewport and nothing is drawn over
# it: at its centre and near each corner, the topmost element is the stop itself (or a
# part of it, or an ancestor showing through a rounded corner), not the sticky header, the
# action bar or the tab bar.
STOP = """(first) => {
  const el = document.activeElement;
  if (!el || el === document.body) return null;
  if (first) window.__firstStop = el;
  else if (el === window.__firstStop) return {again: true};
  const r = el.getBoundingClientRect();
  const out = r.top < -0.5 || r.left < -0.5 || r.bottom > innerHeight + 0.5 || r.right > innerWidth + 0.5;
  const inset = Math.min(3, r.width / 4, r.height / 4);
  const points = [[r.left + inset, r.top + inset], [r.right - inset, r.top + inset],
    [r.left + inset, r.bottom - inset], [r.right - inset, r.bottom - inset],
    [(r.left + r.right) / 2, (r.top + r.bottom) / 2]];
  const over = new Set();
  for (const [x, y] of points) {
    const hit = document.elementFromPoint(x, y);
    // A rounded corner lets the point fall on an ancestor, which is never drawn over it.
    if (hit && hit !== el && !el.contains(hit) && !hit.contains(el)) {
      const bar = hit.closest('header, nav, .actions, dialog');
      over.add(bar ? bar.className || bar.tagName : hit.tagName.toLowerCase());
    }
  }
  const label = el.labels && el.labels[0] ? el.labels[0].textContent : '';
  return {
    what: (el.getAttribute('aria-label') || label || el.textContent || el.tagName).trim().replace(/\\s+/g, ' ').slice(0, 40),
    tag: el.tagName.toLowerCase(), top: Math.round(r.top), bottom: Math.round(r.bottom),
    under: [...over], out, again: false,
  };
}"""


# A tap's result is scrolled into view smoothly: the page has come to rest when it has
# not moved between two frames (a smooth scroll under way would leave a control half
# under the header for the checks of size and sight).
STILL = """() => new Promise((done) => {
  let last = -1;
  const look = () => {
    if (window.scrollY === last) return done();
    last = window.scrollY;
    requestAnimationFrame(() => requestAnimationFrame(look));
  };
  look();
})"""

# The page's next idle moment: idle work asked for before it has had its turn.
IDLE = "() => new Promise((done) => requestIdleCallback(() => done(), { timeout: 2000 }))"


def tab_through(page: Page, limit: int = 250) -> tuple[int, list[str]]:
    """Tab from the top of the page until focus comes round again; stops and hidden ones.
    The state's own drawing is done first, and the page's idle work waiting then (a
    redraw landing mid-walk would move a stop after the browser scrolled it into sight).
    Each stop is looked at once the page has come to rest after its key: a scroll the
    key set off (a smooth one takes a dozen frames) is seen where it ends, on a fast
    machine as on a loaded one, not caught half-way by chance."""
    saved(page)
    page.evaluate(IDLE)
    page.evaluate("() => { document.activeElement?.blur(); window.scrollTo(0, 0); }")
    page.locator("h1.brand").click(position={"x": 1, "y": 1})
    stops = 0
    hidden: list[str] = []
    for _ in range(limit):
        page.keyboard.press("Tab")
        page.evaluate(STILL)
        stop = page.evaluate(STOP, stops == 0)
        if stop is None or stop["again"]:  # focus came round to the first stop again
            break
        stops += 1
        if stop["under"] or stop["out"]:
            where = f"{stop['top']}-{stop['bottom']} px"
            hidden.append(f"{stop['tag']} {stop['what']!r} at {where}: {stop['under'] or 'off'}")
    return stops, hidden


SCREEN_STATES = {
    "explore",
    "encounter: ose",
    "encounter: gurps",
    "encounter: reaction",
    "tests, rolled, every section open",
    "crew, with a character, every section open",
    "tables, every section open",
    "tables: the table editor, rolled",
    "log, every entry open",
    "settings",
    "explore: the OSE turn, Time passes with its look-ahead",
    "tests: OSE morale, rolled, every section open",
    "crew: an OSE campaign's rolls",
    "encounter: the gurps roster, one creature hurt and one out",
    "encounter: the ose roster, one creature hurt and one out",
}


# The action bar of the screen on show: how many buttons, in how many rows, and the gap
# between it and the tab bar (where text scrolling under them would show).
BAR = """() => {
  const bar = [...document.querySelectorAll('main .actions')].find((b) => b.checkVisibility());
  if (!bar) return null;
  const buttons = [...bar.querySelectorAll('button')].filter((b) => b.checkVisibility());
  const rows = new Set(buttons.map((b) => Math.round(b.getBoundingClientRect().top + b.getBoundingClientRect().height / 2)));
  const tabs = document.querySelector('nav.tabbar').getBoundingClientRect();
  return {buttons: buttons.length, rows: rows.size, gap: Math.round(tabs.top - bar.getBoundingClientRect().bottom),
    height: Math.round(bar.getBoundingClientRect().height + tabs.height)};
}"""


TAB_COMBOS = [("en", "light"), ("cs", "dark")]  # the walks that also visit every Tab stop


def tab_stops(page: Page, state: str, found: dict[str, list[str]], stops: dict[str, int]) -> None:
    """The action bar's shape and every Tab stop of a screen's state."""
    bar = page.evaluate(BAR)
    if bar is not None and (bar["buttons"] > 3 or bar["rows"] > 1 or bar["gap"] > 0):
        found[f"{state}: action bar"] = [str(bar)]  # one row, three buttons, no strip
    count, hidden = tab_through(page)
    stops[state] = count
    if hidden:
        found[state] = hidden


@pytest.mark.parametrize(("language", "theme"), TAB_COMBOS)
def test_every_tab_stop_is_in_sight(page: Page, base: str, language: str, theme: str) -> None:
    walk = walked(page, base, language, theme)
    stops, found = walk["stops"], walk["tab"]
    assert set(stops) == SCREEN_STATES, set(stops) ^ SCREEN_STATES
    assert all(count > 5 for count in stops.values()), stops
    assert not found, report(found)


# Every control a finger may aim at: its box at least 44x44 CSS px. A check box or radio
# button counts with its label (a tap on the label sets it). Links inside a sentence are
# exempt, as WCAG 2.5.8 exempts inline targets; Omen has none today, and any link that is
# the only thing in its block is checked like a button.
TARGETS = """() => {
  const small = [];
  const controls = document.querySelectorAll('button, a[href], input:not([type=hidden]), select, textarea, summary, [role=button]');
  for (const el of controls) {
    if (!el.checkVisibility({visibilityProperty: true, opacityProperty: false})) continue;
    if (el.closest('.visually-hidden')) continue;
    if (el.closest('dialog:not([open])')) continue;
    let box = el;
    if (el.matches('input[type=checkbox], input[type=radio], input[type=file]') && el.closest('label')) box = el.closest('label');
    if (el.matches('a') && el.parentElement && el.parentElement.textContent.trim() !== el.textContent.trim()) continue;  // inline link
    const r = box.getBoundingClientRect();
    if (r.right <= 0 || r.bottom <= -scrollY) continue;  // parked off-screen (the skip link until focused)
    if (r.width < 43.5 || r.height < 43.5) {
      small.push(`${el.tagName.toLowerCase()} ${(el.getAttribute('aria-label') || el.textContent || el.name || '').trim().replace(/\\s+/g, ' ').slice(0, 30)} ${Math.round(r.width)}x${Math.round(r.height)}`);
    }
  }
  return small;
}"""


@pytest.mark.parametrize(("language", "theme"), [("en", "light"), ("cs", "dark")])
def test_every_target_is_at_least_44_px(page: Page, base: str, language: str, theme: str) -> None:
    walk = walked(page, base, language, theme)
    # every state was measured
    assert walk["states"][-1] == "tables: an OSE entry's dice line, bracket button and stats"
    found = walk["targets"]
    assert not found, report(found)


def luminance(rgb: tuple[float, ...]) -> float:
    def channel(c: float) -> float:
        c /= 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in rgb[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    def parse(colour: str) -> tuple[float, ...]:
        numbers = re.findall(r"[\d.]+", colour)
        assert len(numbers) >= 3, colour
        return tuple(float(n) for n in numbers[:3])

    la, lb = sorted((luminance(parse(a)), luminance(parse(b))), reverse=True)
    return (la + 0.05) / (lb + 0.05)


COLOURS = """() => {
  const style = (sel, prop, pseudo) => getComputedStyle(document.querySelector(sel), pseudo || null)[prop];
  return {
    page: style('body', 'backgroundColor'),
    card: style('.clock div', 'backgroundColor'),
    text_field: style('[data-bind="new-location-name"]', 'borderTopColor'),
    select: style('[data-bind="explore-location"]', 'borderTopColor'),
    secondary: style('[data-action="reset-pool"]', 'borderTopColor'),
    grid_field: style('.gurps-grid input', 'borderTopColor'),
    grid_fill: style('.gurps-grid input', 'backgroundColor'),
    grid_card: style('.gurps-side', 'backgroundColor'),
    track: style('[data-bind="pool-meter"]', 'borderTopColor'),
  };
}"""


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_field_borders_and_the_meter_track_stand_out(page: Page, base: str, theme: str) -> None:
    """WCAG 1.4.11: a field's edge and the meter's empty track 3:1 against what is behind
    (read on the Encounter screen with the GURPS procedure chosen)."""
    colours = walked(page, base, "en", theme)["colours"]
    behind_grid = colours["page"] if "0, 0, 0, 0" in colours["grid_card"] else colours["grid_card"]
    ratios = {
        "text field": contrast(colours["text_field"], colours["page"]),
        "select": contrast(colours["select"], colours["page"]),
        "secondary button": contrast(colours["secondary"], colours["page"]),
        "GURPS number field": contrast(colours["grid_field"], behind_grid),
        "meter track's edge": contrast(colours["track"], colours["card"]),
    }
    assert {name: round(r, 2) for name, r in ratios.items() if r < 3} == {}


# One walk per language and theme, shared by the tests above (whichever runs first walks;
# its page's console guard covers the walk).
WALKS: dict[tuple[str, str], dict[str, Any]] = {}


def walked(page: Page, base: str, language: str, theme: str) -> dict[str, Any]:
    """What one walk through :func:`each_state` found in ``language`` and ``theme``: axe's
    violations, targets under 44 px, the Tab stops (in :data:`TAB_COMBOS`) and the colours
    of the Encounter screen's GURPS form; each a dict by state."""
    key = (language, theme)
    if key in WALKS:
        return WALKS[key]
    configure(page, base, language, theme)
    page.evaluate(Axe().axe_script)  # once: the walk stays on this page
    walk: dict[str, Any] = {"axe": {}, "targets": {}, "tab": {}, "stops": {}, "states": []}
    for state in each_state(page):
        saved(page)  # the frame that shows the last tap, and the task after it, have run
        page.evaluate(STILL)  # and a result brought into view has come to rest
        walk["states"].append(state)
        violations = page.evaluate(AXE_RUN, AXE_OPTIONS)
        if violations:
            walk["axe"][state] = describe(violations)
        small = page.evaluate(TARGETS)
        if small:
            walk["targets"][state] = small
        if state == "encounter: gurps":
            walk["colours"] = page.evaluate(COLOURS)
        if key in TAB_COMBOS and state in SCREEN_STATES:
            tab_stops(page, state, walk["tab"], walk["stops"])
    WALKS[key] = walk
    return walk


# Whether the OSE turn's result is out of sight, above the foot of the sticky header.
RESULT_HIDDEN = """() => {
  const result = document.querySelector("[data-panel='ose_turn'] .result");
  return result.getBoundingClientRect().top < document.querySelector('header.top').getBoundingClientRect().bottom;
}"""


def test_a_key_that_only_moves_the_focus_leaves_the_page_where_the_focus_put_it(
    page: Page, base: str
) -> None:
    """Tab from an action's button moves the focus and nothing else: the action's result
    is brought into view when the action runs, not on a key pressed on its button. (A
    Tab from "Let the time pass" scrolled the page smoothly back up to the turn's
    result, and the next stop slid under the action bar; the Tab walk, looking at once
    after each key, caught it half-way only on a loaded machine.)"""
    open_app(page, base)
    page.get_by_role("button", name="Settings").click()
    page.get_by_role("combobox", name="Game").select_option("ose")
    nav(page, "explore")
    turn = page.locator("[data-panel='ose_turn']")
    turn.get_by_role("button", name="Let the time pass").focus()
    page.evaluate(STILL)
    assert page.evaluate(RESULT_HIDDEN)  # the turn's result is scrolled away above
    page.keyboard.press("Tab")
    expect(turn.get_by_role("button", name="Light a torch")).to_be_focused()
    page.evaluate(STILL)
    stop = page.evaluate(STOP, True)
    assert stop["under"] == [] and not stop["out"], stop
    assert page.evaluate(RESULT_HIDDEN)


def test_deleting_a_table_stands_apart_and_undoes_on_the_spot(page: Page, base: str) -> None:
    open_app(page, base)
    page.get_by_role("navigation", name="Screens").get_by_role("button", name="Tables").click()
    page.get_by_role("button", name="Example: Locality").click()
    editor = page.get_by_role("form", name="Edit the table")
    bar = editor.locator(".actions")
    expect(bar.get_by_role("button")).to_have_text(["Close", "Roll this table", "Save the table"])
    delete = editor.get_by_role("button", name="Delete the table")
    expect(delete).to_be_visible()
    assert bar.get_by_role("button", name="Delete the table").count() == 0
    delete.click()
    expect(editor).to_be_hidden()
    expect(page.get_by_role("button", name="Example: Locality")).to_have_count(0)
    undo = page.get_by_role("button", name="Undo", exact=True)
    expect(undo).to_be_focused()
    undo.click()
    expect(page.get_by_role("button", name="Example: Locality")).to_be_visible()
    expect(undo).to_be_hidden()
    page.get_by_role("button", name="Log").click()
    expect(page.locator(".log-entry.undone")).to_have_count(1)


# Every buzz and every sound the page asks for, recorded instead of made.
FEEDBACK_SPY = """
window.__buzz = [];
window.__sounds = 0;
Object.defineProperty(Navigator.prototype, 'vibrate', {configurable: true, value: (p) => { window.__buzz.push(p); return true; }});
const Real = window.AudioContext;
window.AudioContext = class extends Real { constructor() { super(); }
  createBufferSource() { window.__sounds += 1; return super.createBufferSource(); } };
"""


def test_a_roll_buzzes_and_rattles_only_as_the_settings_and_the_device_allow(
    page: Page, base: str
) -> None:
    page.add_init_script(FEEDBACK_SPY)
    open_app(page, base)
    roll = page.get_by_role("button", name="Next turn")
    roll.click()
    expect(page.locator("[data-bind='result-title']")).not_to_be_empty()
    assert page.evaluate("window.__buzz.length") == 1
    assert page.evaluate("window.__sounds") == 0  # the sound is off until chosen
    explore = page.get_by_role("region", name="Explore")
    explore.get_by_text("Use physical dice").click()
    explore.get_by_role("textbox", name="Faces you rolled, in order").fill("3")
    roll.click()
    assert page.evaluate("window.__buzz.length") == 1  # typed faces: the GM rolled, not Omen

    page.get_by_role("button", name="Settings").click()
    page.get_by_role("checkbox", name="Play a dice sound").check()
    page.get_by_role("checkbox", name="Buzz the phone").uncheck()
    assert page.evaluate("window.__sounds") == 1  # a sample when it is switched on
    page.get_by_role("navigation", name="Screens").get_by_role("button", name="Explore").click()
    roll.click()
    assert page.evaluate("[window.__buzz.length, window.__sounds]") == [1, 2]

    page.emulate_media(reduced_motion="reduce")
    page.get_by_role("button", name="Settings").click()
    page.get_by_role("checkbox", name="Buzz the phone").check()
    page.get_by_role("navigation", name="Screens").get_by_role("button", name="Explore").click()
    roll.click()
    assert page.evaluate("[window.__buzz.length, window.__sounds]") == [1, 2]
    stored = saved(page).evaluate("JSON.parse(localStorage.getItem('omen/prefs')).data")
    assert (stored["vibrate"], stored["sound"]) == (True, True)

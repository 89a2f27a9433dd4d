"""Time passes on Explore and the screen kept on, as a game master at the table uses them.

Faces are typed in as physical dice, so every result is known:

- Liminal Horror, Tension Die from 20: 3 turns with faces 1 2 3 leave the pool at 14;
- OSE, a torch lit, one hour (six turns, checked on turns 2, 4 and 6 at 1 in 6): three
  6s, nobody comes, and the torch goes out on the last turn of the hour.

The wake lock is checked through the page's own record (``<html data-wake-lock>``),
with the browser's ``navigator.wakeLock`` replaced by a stand-in that grants the lock
(headless Chromium may refuse a real one) or taken away.
"""

from __future__ import annotations

import re
from fractions import Fraction

from playwright.sync_api import Page, expect

from omen.campaign.clock import chance_within, encounter_die_transition, tension_transition
from omen.campaign.exploration import EncounterKind, TensionSettings

from .conftest import every_screen_built, open_app, reload_app
from .test_games_gurps_eotw import choose_game, travel
from .test_ose_turn import choose_ose

# A stand-in wake lock: it grants every request with a lock that can be let go.
FAKE_WAKE_LOCK = """
(() => {
  window.wakeCalls = [];
  const fake = {
    request(kind) {
      window.wakeCalls.push(kind);
      const lock = new EventTarget();
      lock.released = false;
      lock.release = () => {
        lock.released = true;
        lock.dispatchEvent(new Event("release"));
        return Promise.resolve();
      };
      return Promise.resolve(lock);
    },
  };
  Object.defineProperty(Navigator.prototype, "wakeLock", { get: () => fake, configurable: true });
  let shown = "visible";
  Object.defineProperty(Document.prototype, "visibilityState", {
    get: () => shown, configurable: true,
  });
  window.setShown = (state) => {
    shown = state;
    document.dispatchEvent(new Event("visibilitychange"));
  };
})();
"""
NO_WAKE_LOCK = """
Object.defineProperty(Navigator.prototype, "wakeLock", { get: () => undefined, configurable: true });
"""


def percent(chance: Fraction) -> str:
    return f"{float(chance * 100):.1f}%"


def physical(panel, faces: str) -> None:  # type: ignore[no-untyped-def]
    details = panel.locator("details.physical")
    if details.get_attribute("open") is None:
        details.locator("summary").click()
    panel.get_by_role("textbox", name="Faces you rolled, in order").fill(faces)


def undo(page: Page) -> None:
    page.locator("[data-nav='log']").click()
    page.get_by_role("button", name="Undo last action").click()
    page.locator("[data-nav='explore']").click()


def test_liminal_horror_three_turns_pass_with_odds_before_and_steps_after(
    page: Page, base: str
) -> None:
    open_app(page, base)
    checks = page.locator("[data-panel='checks']")
    span = checks.get_by_role("spinbutton", name="How much")
    expect(span).to_have_value("3")
    expect(checks.get_by_role("combobox", name="Counted in")).to_have_value("turn")
    within = chance_within(20, tension_transition(TensionSettings()), 3)
    odds = checks.locator("[data-bind='explore-span-odds'] li")
    expect(odds).to_have_text([f"In the next 3 turns: {percent(within)} at least one encounter."])
    span.fill("5")
    five = chance_within(20, tension_transition(TensionSettings()), 5)
    expect(odds).to_have_text([f"In the next 5 turns: {percent(five)} at least one encounter."])
    span.fill("3")

    physical(checks, "1 2 3")
    checks.get_by_role("button", name="Let the time pass").click()
    title = checks.locator("[data-bind='result-title']")
    expect(title).to_have_text("Time passes (3 turns). Tension Die: nothing yet (pool 14)")
    expect(checks.locator("[data-bind='turn']")).to_have_text("3")
    expect(checks.locator("[data-bind='pool']")).to_have_text("14 of 20")
    checks.get_by_text("How it was rolled").click()
    steps = checks.locator("[data-bind='result-steps'] li")
    expect(steps.filter(has_text="begins.")).to_have_text(
        ["Turn 1 begins.", "Turn 2 begins.", "Turn 3 begins."]
    )
    expect(steps.filter(has_text=re.compile(r"^pool \d+ → \d+$"))).to_have_text(
        ["pool 20 → 19", "pool 19 → 17", "pool 17 → 14"]
    )
    # the odds now start from the pool left
    later = chance_within(14, tension_transition(TensionSettings()), 3)
    expect(odds).to_have_text([f"In the next 3 turns: {percent(later)} at least one encounter."])

    reload_app(page)
    expect(title).to_have_text("Time passes (3 turns). Tension Die: nothing yet (pool 14)")
    expect(checks.locator("[data-bind='turn']")).to_have_text("3")

    undo(page)  # the whole span, at once
    expect(checks.locator("[data-bind='turn']")).to_have_text("0")
    expect(checks.locator("[data-bind='pool']")).to_have_text("20 of 20")
    page.locator("[data-nav='log']").click()
    expect(page.locator(".log-entry .title").first).to_have_text(
        "Time passes (3 turns). Tension Die: nothing yet (pool 14)"
    )


def test_liminal_horror_real_minutes_pass_as_the_turns_they_make(page: Page, base: str) -> None:
    # the reminder's setting is 25 real minutes a turn: 60 real minutes make 2 turns
    open_app(page, base)
    checks = page.locator("[data-panel='checks']")
    span = checks.get_by_role("spinbutton", name="How much")
    checks.get_by_role("combobox", name="Counted in").select_option(label="Real minutes")
    odds = checks.locator("[data-bind='explore-span-odds'] li")
    span.fill("10")
    expect(odds).to_have_text(
        ["Too few real minutes for a turn: a turn is 25 real minutes at the table."]
    )
    span.fill("60")
    two = chance_within(20, tension_transition(TensionSettings()), 2)
    expect(odds).to_have_text(
        [f"In the next 60 real minutes, 2 turns: {percent(two)} at least one encounter."]
    )

    physical(checks, "1 2")
    checks.get_by_role("button", name="Let the time pass").click()
    title = checks.locator("[data-bind='result-title']")
    headline = "Time passes (60 real minutes, 2 turns). Tension Die: nothing yet (pool 17)"
    expect(title).to_have_text(headline)
    expect(checks.locator("[data-bind='turn']")).to_have_text("2")
    expect(checks.locator("[data-bind='pool']")).to_have_text("17 of 20")

    reload_app(page)
    expect(title).to_have_text(headline)
    expect(checks.locator("[data-bind='turn']")).to_have_text("2")

    undo(page)
    expect(checks.locator("[data-bind='turn']")).to_have_text("0")
    expect(checks.locator("[data-bind='pool']")).to_have_text("20 of 20")


def test_gurps_a_day_on_the_road_passes_until_an_encounter(page: Page, base: str) -> None:
    # travel turns of 4 hours (the default): a day is 6 checks on the Encounter Die
    open_app(page, base)
    choose_game(page, "gurps")
    panel = travel(page)
    span = panel.get_by_role("spinbutton", name="How much")
    unit = panel.get_by_role("combobox", name="Counted in")
    odds = panel.locator("[data-bind='travel-span-odds'] li")
    unit.select_option(label="Hours")
    span.fill("6")
    expect(odds).to_have_text(
        ["6 hours are not a whole number of 4-hour travel turns: pass the time in travel turns."]
    )
    span.fill("8")
    two = 1 - Fraction(5, 6) ** 2
    signs = chance_within(None, encounter_die_transition, 2, EncounterKind.SIGN)  # 50%
    expect(odds).to_have_text(
        [
            f"In the next 8 hours, 2 travel turns: {percent(two)} at least one encounter.",
            f"In the next 8 hours, 2 travel turns: {percent(signs)} at least one sign or clue.",
        ]
    )
    unit.select_option(label="Days")
    span.fill("1")
    six = 1 - Fraction(5, 6) ** 6
    signs = chance_within(None, encounter_die_transition, 6, EncounterKind.SIGN)
    expect(odds).to_have_text(
        [
            f"In the next 1 day, 6 travel turns: {percent(six)} at least one encounter.",
            f"In the next 1 day, 6 travel turns: {percent(signs)} at least one sign or clue.",
        ]
    )

    details = panel.locator("details.physical")
    if details.get_attribute("open") is None:
        panel.get_by_text("Roll the travel check with your own dice").click()
    panel.get_by_role("textbox", name="Faces you rolled, in order").fill("5 6 4 5 1 6")
    panel.get_by_role("button", name="Let the time pass").click()
    title = panel.locator("[data-bind='travel-title']")
    stopped = re.compile(
        r"^Time passes \(1 day, 6 travel turns\): stopped after 5 by an encounter\. "
        r"Encounter Die 1: "
    )
    expect(title).to_have_text(stopped)
    expect(panel.locator("[data-bind='travel-turn']")).to_have_text("5")
    expect(panel.locator("[data-bind='travel-hours']")).to_have_text("20 h")
    panel.get_by_text("How this travel turn was rolled").click()
    steps = panel.locator("[data-bind='travel-steps'] li")
    expect(steps.filter(has_text="begins:")).to_have_count(5)
    expect(panel.get_by_role("button", name="Work out the distance (GURPS)")).to_be_visible()

    reload_app(page)
    panel = travel(page)
    expect(panel.locator("[data-bind='travel-title']")).to_have_text(stopped)
    expect(panel.locator("[data-bind='travel-turn']")).to_have_text("5")

    page.locator("[data-nav='log']").click()
    page.get_by_role("button", name="Undo last action").click()
    page.locator("[data-nav='explore']").click()
    expect(panel.locator("[data-bind='travel-turn']")).to_have_text("0")
    expect(panel.locator("[data-bind='travel-hours']")).to_have_text("0 h")


def test_ose_an_hour_passes_and_the_torch_goes_out_in_it(page: Page, base: str) -> None:
    open_app(page, base)
    choose_ose(page)
    turn = page.locator("[data-panel='ose_turn']")
    turn.get_by_role("button", name="Light a torch").click()
    turn.get_by_role("combobox", name="Counted in").select_option("hour")
    odds = turn.locator("[data-bind='oseturn-span-odds'] li")
    expect(odds).to_have_text(
        [
            "In the next 1 hour: 42.1% at least one wandering monster.",
            "Torch 1 goes out in 6 turns.",
            "Rest due in 5 turns.",
        ]
    )
    physical(turn, "6 6 6")
    turn.get_by_role("button", name="Let the time pass").click()
    title = turn.locator("[data-bind='oseturn-title']")
    expect(title).to_have_text(
        "Time passes (1 hour). Turn 6: wandering monsters? 6 on the d6: nobody comes. "
        "Torch 1 goes out."
    )
    expect(turn.locator("[data-bind='oseturn-turn']")).to_have_text("6")
    expect(turn.locator("[data-bind='oseturn-lights'] li")).to_have_text(
        ["Nothing is burning and no timer runs."]
    )
    turn.get_by_text("How this turn was rolled").click()
    steps = turn.locator("[data-bind='oseturn-steps'] li")
    expect(steps.filter(has_text="The d6 shows")).to_have_count(3)
    expect(steps.filter(has_text=re.compile(r"^Torch 1 goes out\.$"))).to_have_count(1)

    reload_app(page)
    page.locator("[data-nav='explore']").click()
    expect(turn.locator("[data-bind='oseturn-turn']")).to_have_text("6")
    undo(page)
    expect(turn.locator("[data-bind='oseturn-turn']")).to_have_text("0")
    expect(turn.locator("[data-bind='oseturn-lights'] li span")).to_have_text(
        ["Torch 1: 6 turns left"]
    )


def test_ose_wilderness_days_pass_until_wandering_monsters_in_czech(page: Page, base: str) -> None:
    open_app(page, base)
    choose_ose(page, "cs")
    turn = page.locator("[data-panel='ose_turn']")
    turn.get_by_role("radio", name="Divočina").check()
    unit = turn.get_by_role("combobox", name="Počítáno v")
    expect(unit).to_have_value("day")
    turn.get_by_role("spinbutton", name="Kolik").fill("3")
    odds = turn.locator("[data-bind='oseturn-span-odds'] li")
    # each day is a whole day of travel (clear land, 120', across country): its lost die
    # (1 in 6), then its check (1 in 6)
    expect(odds).to_have_text(
        [
            "Příští úsek (3 dny): 42,1\u00a0% aspoň jedno setkání.",
            "Příští úsek (3 dny): 36,3\u00a0%, že družina aspoň jednou zabloudí.",
            "Podle plánu dne cesty ujde družina každý den 24 mil (terén: Otevřená krajina).",
        ]
    )
    physical_cs = turn.locator("details.physical")
    physical_cs.locator("summary").click()
    physical_cs.get_by_role("textbox").fill("6 6 6 1 4 4")
    turn.get_by_role("button", name="Nechat čas plynout").click()
    title = turn.locator("[data-bind='oseturn-title']")
    expect(title).to_contain_text("Čas plyne (3 dny): setkání jej zastavilo po 2. kroku.")
    expect(turn.locator("[data-bind='oseturn-day']")).to_have_text("2")


def test_the_screen_is_kept_on_released_when_switched_off_and_asked_again(
    page: Page, base: str
) -> None:
    page.add_init_script(FAKE_WAKE_LOCK)
    open_app(page, base)
    every_screen_built(page)
    html = page.locator("html")
    expect(html).to_have_attribute("data-wake-lock", "held")
    expect(html).to_have_attribute("data-wake-requests", "1")
    # the page goes to the background: the lock goes; back: asked again
    page.evaluate("setShown('hidden')")
    expect(html).to_have_attribute("data-wake-lock", "released")
    page.evaluate("setShown('visible')")
    expect(html).to_have_attribute("data-wake-lock", "held")
    expect(html).to_have_attribute("data-wake-requests", "2")
    # the setting turns it off, and on again
    page.get_by_role("button", name="Settings").click()
    setting = page.get_by_role("checkbox", name="Keep the screen on")
    expect(setting).to_be_checked()
    setting.uncheck()
    expect(html).to_have_attribute("data-wake-lock", "released")
    setting.check()
    expect(html).to_have_attribute("data-wake-lock", "held")
    expect(html).to_have_attribute("data-wake-requests", "3")
    assert page.evaluate("window.wakeCalls") == ["screen", "screen", "screen"]


def test_a_browser_without_a_wake_lock_says_nothing(page: Page, base: str) -> None:
    page.add_init_script(NO_WAKE_LOCK)
    open_app(page, base)
    every_screen_built(page)
    expect(page.locator("html")).to_have_attribute("data-wake-lock", "unsupported")
    expect(page.locator("#notices")).not_to_contain_text("screen")
    expect(page.get_by_role("button", name="Let the time pass").first).to_be_enabled()


def test_liminal_horror_look_ahead_names_signs_and_each_voidcrawl_result(
    page: Page, base: str
) -> None:
    open_app(page, base)
    checks = page.locator("[data-panel='checks']")
    odds = checks.locator("[data-bind='explore-span-odds'] li")
    page.get_by_role("radio", name="Encounter Die").check()
    signs = chance_within(None, encounter_die_transition, 3, EncounterKind.SIGN)
    expect(odds).to_have_text(
        [
            f"In the next 3 turns: {percent(1 - Fraction(5, 6) ** 3)} at least one encounter.",
            f"In the next 3 turns: {percent(signs)} at least one sign, omen or clue.",
        ]
    )
    page.get_by_role("radio", name="Voidcrawl").check()
    checks.get_by_role("radio", name="Day", exact=True).check()
    # The example's Voidcrawl is a d8; by day results above level 3 count as nothing, so
    # Setback and Horror are not named; every result that can come is, after encounters.
    share = r"In the next 3 turns: \d+\.\d% at least one "
    expect(odds).to_have_text(
        [
            re.compile(share + r"encounter\.$"),
            re.compile(share + r"Clue\.$"),
            re.compile(share + r"Omen\.$"),
            re.compile(share + r"Locality\.$"),
            re.compile(share + r"Scenario Theme\.$"),
        ]
    )
    checks.get_by_role("radio", name="Night", exact=True).check()
    expect(odds.filter(has_text="Horror")).to_have_count(1)
    expect(odds.filter(has_text="Setback")).to_have_count(1)

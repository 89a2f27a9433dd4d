"""The app: loads saved state, wires the screens, and renders in the chosen language.

One :class:`App` lives for the page's lifetime. Screens get it as their first argument
and use its services: the translator (:meth:`App.t`), the dice (:meth:`App.dice`), the
store of everything Omen keeps (:attr:`App.store`: its parts, the log, Undo), navigation
(:meth:`App.show`) and notices (:meth:`App.notify`). Errors a user can cause (:class:`omen.core.errors.RulesError`) become
notices through :meth:`App.guard`; anything else propagates and fails loudly.
"""

from __future__ import annotations

import gc
import importlib
import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol
from urllib.parse import parse_qs

from pyscript import document, window

from omen.campaign.games import GAMES
from omen.campaign.logbook import LogBook
from omen.campaign.parts import PARTS
from omen.campaign.state import (
    DEFAULT_CAMPAIGN_NAME,
    WHOLE_CAMPAIGN,
    Campaign,
    Prefs,
    View,
    ask_for_game,
)
from omen.core.dice import Dice, ScriptedDice, SeededDice, SystemDice
from omen.core.errors import RulesError
from omen.core.i18n import Translator, pick_language
from omen.core.notation import is_digits
from omen.core.roll import N_, Step
from omen_web.kit import dom, fields, focus
from omen_web.kit import screen as kit
from omen_web.kit.storage import Storage
from omen_web.kit.store import Store
from omen_web.shell import helpsheet, installhint

if TYPE_CHECKING:
    from omen.campaign.table_draw import Found

LOCALE_DIR = "locale"
# Settings' actions that change only how the page looks: a refusal on show stays.
LOOKS_ONLY = frozenset({"choose-language", "choose-theme"})
# Every screen: its name, and the module and class that draw it ("module:Class"), in
# drawing order: the screens every game has, each game's own as its GameSpec names them
# (in the order of omen.campaign.games.PACKAGES), then the log and settings. A screen is
# imported and built when first needed (shown, or asked for by another screen), so a
# start pays only for the screen on show and those it depends on.
COMMON_SCREENS = {
    "explore": "omen_web.screens.common.explore:ExploreScreen",
    "turn": "omen_web.screens.common.turn:TurnScreen",
    "encounter": "omen_web.screens.common.encounter:EncounterScreen",
    "tests": "omen_web.screens.common.tests:TestsScreen",
    "tables": "omen_web.screens.common.tables.screen:TablesScreen",
    "reaction": "omen_web.screens.common.reaction:ReactionScreen",
}
LAST_SCREENS = {
    "log": "omen_web.shell.log:LogScreen",
    "settings": "omen_web.shell.settings:SettingsScreen",
    "share": "omen_web.shell.share:ShareScreen",
    "players": "omen_web.shell.players:PlayersScreen",
}
SCREENS: dict[str, tuple[str, str]] = {
    name: (at.split(":")[0], at.split(":")[1])
    for name, at in (
        *COMMON_SCREENS.items(),
        *(item for game in GAMES.values() for item in game.screens.items()),
        *LAST_SCREENS.items(),
    )
}
# Screens drawn inside another screen's section: the Encounter screen's procedures, and
# the share sheet and import dialog, whose buttons are on Settings; and each game's own.
SECTIONS = {
    "turn": "explore",
    "reaction": "encounter",
    "share": "settings",
    "players": "settings",
    **{name: section for game in GAMES.values() for name, section in game.sections.items()},
}


# The idle work (App.work_when_idle) waits for an idle moment with this long left before
# the next frame, in ms: one that begins as a frame ends (up to 16.7 at 60 frames a
# second) or a longer one when nothing is being drawn (up to 50), never the few ms
# between a tap's work and the frame that shows it. Where the browser cannot say, it
# waits for this long without a tap.
IDLE_MS = 12
QUIET_MS = 400
START_WAIT_MS = 500  # after start, before the first idle work is asked for


# What Undo puts back besides the parts' values, and the screen that knows how: the
# Tables editor's draft, and the whole campaign as it was before an import.
RESTORED_BY = {"table-draft": "tables", WHOLE_CAMPAIGN: "share"}


class Screen(Protocol):
    @property
    def name(self) -> str: ...

    def render(self) -> None: ...


class App:
    def __init__(self) -> None:
        # Notices wait in ``pending`` until start() has wired the page: loading the parts
        # below may already have something to say (a damaged value kept aside).
        self.wired = False
        self.pending: list[Step] = []
        self.notices: list[tuple[Any, Step]] = []
        self.refusal: Step | None = None  # the refusal on show, to say again in a new language
        self.translator = Translator.english()
        self.translated: set[str] = set()  # templates in the current language (clone)
        self.storage = Storage(self.notify)
        self.stamp = dom.now_iso()
        self.store = Store(
            self.storage, self.stamp, dom.now_iso, self.t, lambda: self.translator.language
        )
        self.store.wants_restorer = self._build_restorer
        self.store.recorded = self._after_record
        self.store.subscribe(("prefs",), self._prefs_changed)
        self.store.subscribe(("campaign",), lambda _kinds: self.show_campaign_name())
        for kind in ("prefs", "campaign"):  # what a damaged value costs is said now
            self.store.get(kind)
        self.store.book  # noqa: B018 (the log's newest page, opened now for the same reason)
        # Whether this is a first start, from what the device held before anything is
        # written (a device with data and no preferences is not asked as new).
        held = [kind for kind, part in PARTS.items() if self.storage.read(part.key) is not None]
        self.ask_game = ask_for_game(self.prefs if "prefs" in held else None, held)
        self.translator = self._translator()
        fields.use_translator(self.t)
        self.source = self._dice_source()
        self.rolled = False  # Omen's own dice were asked for in the action under way
        self.built: dict[str, Screen] = {}
        self.current = "explore"
        self.stale: set[str] = set()  # screens to redraw when next shown (or when idle)
        self.ahead: list[str] = []  # screens with work to do ahead, in idle moments
        self.idle: Any = None  # the page's one idle callback (a proxy), made at start
        self.idle_asked = False  # whether it waits for an idle moment now
        self.all_built = False  # whether every screen is built (said on <html>)
        self.last_tap = 0.0  # when the last event was answered (performance.now())
        self.idle_callbacks = hasattr(window, "requestIdleCallback")  # Safari has none
        # The sections and the navigation buttons are the page's own, found once.
        self.section_nodes = {str(node.dataset.screen): node for node in dom.every("[data-screen]")}
        self.sections = set(self.section_nodes)
        self.nav_buttons = [(str(node.dataset.nav), node) for node in dom.every("[data-nav]")]
        self.shown: str | None = None  # the section show() showed last (None: as marked up)
        self._on_show: dict[str, list[str]] = {}  # on_show's answers, by section
        self.help: helpsheet.HelpSheet | None = None  # the help sheets' dialog, once wired

    # --- state (the store's; these read it) ---------------------------------------

    @property
    def prefs(self) -> Prefs:
        prefs: Prefs = self.store.get("prefs")
        return prefs

    @property
    def campaign(self) -> Campaign:
        campaign: Campaign = self.store.get("campaign")
        return campaign

    @property
    def log(self) -> LogBook:
        return self.store.log

    # --- language ------------------------------------------------------------

    def _translator(self) -> Translator:
        language = self.prefs.language or pick_language(
            [str(tag) for tag in window.navigator.languages] or ["en"]
        )
        return Translator.load(language, LOCALE_DIR)

    def t(self, step: Step) -> str:
        return self.translator.render(step)

    def tr(self, message: str) -> str:
        return self.translator.gettext(message)

    def apply_language(self) -> None:
        """Translate the static markup and re-render everything in the current language."""
        document.documentElement.lang = self.translator.language
        self.translated.clear()  # each template is translated again when next copied
        translate_markup(document, self.translator)
        helpsheet.label(document, self)
        if self.help is not None:
            self.help.render()
        for node, step in self.notices:
            dom.text(dom.one(".text", node), self.t(step))
        if self.refusal is not None:
            focus.reword_refusals(self.t(self.refusal))
        self.show_campaign_name()
        self.redraw_in_language()

    def set_prefs(self, prefs: Prefs) -> None:
        self.store.put("prefs", prefs)

    def _prefs_changed(self, _kinds: frozenset[str]) -> None:
        """A new theme shows at once; a new language translates the page."""
        document.documentElement.dataset.theme = self.prefs.theme
        language = self.translator.language
        self.translator = self._translator()
        if self.translator.language != language:
            fields.use_translator(self.t)
            self.apply_language()

    # --- dice --------------------------------------------------------------------

    def _dice_source(self) -> Dice:
        query = parse_qs(str(window.location.search).lstrip("?"))
        seed = query.get("seed", [""])[0]
        self.seeded = is_digits(seed) and len(seed) <= 18
        if self.seeded:
            return SeededDice(int(seed))
        return SystemDice()

    def dice(self, typed: str = "") -> Dice:
        """The app's dice, or the faces a game master typed from physical dice."""
        if not typed.strip():
            self.rolled = True
            return self.source
        faces = re.split(r"[\s,;]+", typed.strip())
        if not all(is_digits(face) and len(face) <= 4 for face in faces):
            raise RulesError(
                Step(N_("Type the faces as whole numbers separated by spaces, like 6 3."))
            )
        return ScriptedDice(int(face) for face in faces)

    # --- notices, log, saving -----------------------------------------------------

    def clone(self, template_id: str) -> Any:
        """A copy of a ``<template>``, in the current language: a template is translated
        when first copied in a language, so a copy costs one call, however much text
        it holds (copies made before a change of language are translated with the page)."""
        if template_id not in self.translated:
            translate_markup(dom.template(template_id), self.translator)
            self.translated.add(template_id)
        return dom.clone(template_id)

    def fill_list(self, target: Any, steps: Any) -> None:
        """Replace a list's items with one ``<li>`` per step, in the current language."""
        dom.items(target, [self.t(step) for step in steps])

    def notify(self, step: Step) -> None:
        if not self.wired:
            self.pending.append(step)  # before the page is wired: shown by start()
            return
        node = self.clone("tpl-notice")
        dom.text(dom.one(".text", node), self.t(step))
        self.notices.append((node, step))
        dom.one("#notices").append(node)

    def dismiss(self, event: Any) -> None:
        """A notice's Dismiss button: bound once, on the notices' container."""
        target = event.target
        if not dom.found(target) or not dom.found(target.closest(".dismiss")):
            return
        for entry in list(self.notices):
            if entry[0].contains(target):
                self.notices.remove(entry)
                entry[0].remove()

    def guard(self, handler: Callable[[Any], object]) -> Callable[[Any], None]:
        """Run an event handler; a user's mistake becomes a notice, nothing else is caught.
        The result of an action is brought into view only when the handler says an action
        answered the event (true): a Tab or an arrow key pressed inside an action's form
        reaches the handler too, and must leave the page where the focus put it."""

        def run(event: Any) -> None:
            # A screen drawn inside another (a roster inside its encounter procedure):
            # the event bubbles on to the outer screen's root, whose guard would clear
            # the refusal the inner one has just said. The first guard answers it alone.
            if getattr(event, "omenGuarded", False):
                return
            event.omenGuarded = True
            self.rolled = False
            self.tapped()
            if self.answers_action(event) and not self.looks_only(event):
                focus.clear_refusals()  # this action answers for itself
            try:
                answered = handler(event)
            except RulesError as error:
                self.draw_uncovered()  # a panel or procedure the action put on show
                # Said where the result would have gone, or as a notice without one.
                target = getattr(event, "target", None)
                if target is not None and focus.refuse(target, self.t(error.message)):
                    self.refusal = error.message
                else:
                    self.notify(error.message)
                return
            self.draw_uncovered()
            if answered:
                focus.reveal_result(event.target)  # the result it drew, brought into view

        return run

    @staticmethod
    def looks_only(event: Any) -> bool:
        """Whether ``event`` only changes how the page looks (its language, its theme):
        that answers no earlier tap, so a refusal on show stays, said again in the new
        language (:meth:`apply_language`)."""
        target: Any = getattr(event, "target", None)
        if not hasattr(target, "closest"):
            return False
        action = target.closest("[data-action]")
        return dom.found(action) and str(action.dataset.action) in LOOKS_ONLY

    @staticmethod
    def answers_action(event: Any) -> bool:
        """Whether ``event`` reaches an action (a click, a field changed or typed in, a
        form sent), not a key pressed or a tap beside one."""
        if str(getattr(event, "type", "")) not in ("click", "change", "input", "submit"):
            return False
        target: Any = getattr(event, "target", None)
        return hasattr(target, "closest") and dom.found(target.closest("[data-action]"))

    def _after_record(self) -> None:
        if self.rolled:  # a roll by Omen's dice, not typed faces: buzz and rattle
            self.rolled = False
            from omen_web.shell import feedback

            feedback.after_roll(self.prefs.vibrate, self.prefs.sound)

    # --- screens -----------------------------------------------------------------

    def screen(self, name: str) -> Any:
        """The screen called ``name``, imported and built the first time it is asked for
        (and drawn then if it is on show; otherwise when it is shown)."""
        built = self.built.get(name)
        if built is None:
            module, cls = SCREENS[name]
            built = getattr(importlib.import_module(module), cls)(self)
            self.built[name] = built
            if isinstance(built, kit.Screen):  # asked once; it asks again (work_ahead)
                self.ahead.append(name)
            # What the screen copied from templates is in English until translated.
            section = SECTIONS.get(name, name)
            translate_markup(dom.one(f'[data-screen="{section}"]'), self.translator)
            helpsheet.label(dom.one(f'[data-screen="{section}"]'), self)
            if self.drawn_now(name, built):
                built.render()
            else:
                self.wait_to_draw(name)
        return built

    def redraw_everything(self, times: int) -> None:
        """Draw every screen ``times`` times over (for the test that a redraw makes no
        proxy; reached only from a page opened with ``?seed=``)."""
        for _ in range(int(times)):
            for screen in self.every_screen():
                screen.render()

    def every_screen(self) -> list[Screen]:
        """Every screen, building any not built yet (for actions that reach them all)."""
        return [self.screen(name) for name in SCREENS]

    def _build_restorer(self, kind: str) -> None:
        """Undo asks for a change no restorer is registered for yet: build the screen
        that keeps it (:data:`RESTORED_BY`), which registers one as it is built."""
        owner = RESTORED_BY.get(kind)
        if owner is not None:
            self.screen(owner)

    def redraw(self, screen: Screen) -> None:
        """A screen's parts changed: draw it now if it is on show, else when it is shown."""
        if self.drawn_now(screen.name, screen):
            screen.render()
            self.stale.discard(screen.name)
        else:
            self.wait_to_draw(screen.name)

    def drawn_now(self, name: str, screen: Screen) -> bool:
        """Whether a screen is on show, so drawn at once: in the section shown, and not
        covered inside it (a panel or procedure another is shown in place of)."""
        if name not in self.on_show(self.current):
            return False
        return not (isinstance(screen, kit.Screen) and screen.covered())

    def draw_uncovered(self) -> None:
        """Draw the screens waiting to be drawn that are on show now (a panel the game
        master just chose, a procedure just opened): after every event and every show."""
        if not self.stale and len(self.built) == len(SCREENS):
            return
        for name in self.on_show(self.current):
            screen = self.built.get(name)
            if screen is None:
                self.build_unless_hidden(name)  # a panel the game master just chose
            elif name in self.stale and self.drawn_now(name, screen):
                self.stale.discard(name)
                screen.render()

    def build_unless_hidden(self, name: str) -> None:
        """Build screen ``name`` now unless it is a panel its section hides
        (:meth:`hidden_panel`): that one is built when it is chosen (the next
        :meth:`draw_uncovered`) or in an idle moment, so a start pays for the panels of
        the campaign's game only, not for every game's modules and screens."""
        if not self.hidden_panel(name):
            self.screen(name)

    def hidden_panel(self, name: str) -> bool:
        """Whether screen ``name`` draws a ``data-panel`` that is hidden now (another
        game's turn procedure on Explore, hidden in the markup until it is chosen)."""
        section = self.section_nodes.get(SECTIONS.get(name, name))
        if section is None:
            return False
        node = section.querySelector(f'[data-panel="{name}"]')
        return dom.found(node) and bool(node.hidden)

    # --- while the game master is not tapping -------------------------------------------

    def wait_to_draw(self, name: str) -> None:
        """Screen ``name`` changed while not on show: draw it when next shown, or sooner,
        when the browser is idle (:meth:`when_idle`)."""
        self.stale.add(name)
        self.when_idle()

    def when_idle(self) -> None:
        """Ask for the next idle moment, if there is work for it and it is not asked for
        already (one request at a time, through one proxy made at start)."""
        if self.idle is None or self.idle_asked:
            return
        if len(self.built) == len(SCREENS):
            if not self.all_built:  # said once, for tests that count what is made
                self.all_built = True
                from omen_web.shell import wakelock  # the screen kept on, once idle

                self.awake = wakelock.start(self)
                # What start-up made (modules, screens, their elements) lives as long as
                # the page: later collections of cycles need not walk it again (without
                # this, 23 ms at 1x and 40 ms at 4x, once or twice in 200 actions).
                gc.freeze()
                document.documentElement.dataset.built = "true"
            if not self.stale and not self.ahead:
                return
        self.idle_asked = True
        if self.idle_callbacks:
            window.requestIdleCallback(self.idle)
        else:  # no idle callbacks (Safari): a moment when no tap came for a while
            window.setTimeout(self.idle, QUIET_MS)

    def begin_idle_work(self) -> None:
        """Once the page is idle, the screens not built yet are built (the share screen
        asks the browser to keep the game master's data) and drawn, one per idle moment;
        the first a while after start, so a tap that comes at once finds the page free."""
        self.idle = dom.proxy(self.work_when_idle)
        self.idle_asked = True  # by the timer: work_when_idle then asks for idle moments
        window.setTimeout(self.idle, START_WAIT_MS)

    def tapped(self) -> None:
        """The game master did something: the changes and log entries that wait are
        written first (:meth:`defer_log_entries`), and where the browser has no idle
        callbacks, the idle work waits a while longer (:meth:`work_when_idle`)."""
        self.store.write_waiting()
        if not self.idle_callbacks:
            self.last_tap = float(window.performance.now())

    def next_to_draw(self) -> str | None:
        """The first screen (in drawing order) that waits to be drawn and is not covered
        inside its section; one covered is drawn when it is uncovered."""
        for name in SCREENS:
            screen = self.built.get(name)
            if name not in self.stale or screen is None:
                continue
            if not (isinstance(screen, kit.Screen) and screen.covered()):
                return name
        return None

    def work_ahead(self, name: str) -> None:
        """Screen ``name`` has work to do ahead (:meth:`kit.Screen.ahead`): it is asked
        in the coming idle moments."""
        if name not in self.ahead:
            self.ahead.append(name)
            self.when_idle()

    def worked_ahead(self) -> bool:
        """One piece of a screen's work ahead, if one has some; whether one had."""
        while self.ahead:
            screen = self.built[self.ahead[0]]
            if isinstance(screen, kit.Screen) and screen.ahead():
                return True
            del self.ahead[0]
        return False

    def work_when_idle(self, deadline: Any = None) -> None:
        """One piece of work done in an idle moment: build a screen not built yet, or
        else draw one that waits to be drawn, or else a piece of a screen's work ahead
        (:meth:`kit.Screen.ahead`); then ask for the next moment.

        So the first tap on a screen does not wait for it to be built, and a tap that
        shows a screen does not wait for it to be drawn (the section it is in keeps its
        layout while hidden, see ``app.css``): it is drawn already. One screen at a time,
        so a tap that comes meanwhile waits for one screen's work at most. When every
        screen is built, ``<html data-built="true">`` says so (for tests that count).

        The work waits for an idle moment with :data:`IDLE_MS` left before the next
        frame, not the short gap between a tap's work and the frame that shows it, so it
        does not hold back what a tap did. Where the browser cannot say (no
        ``requestIdleCallback``), it waits until no tap came for :data:`QUIET_MS`.
        """
        self.idle_asked = False
        if deadline is None and self.idle_callbacks:  # the timer set at start
            self.when_idle()  # from now on, idle moments
            return
        if deadline is not None:
            short = float(deadline.timeRemaining()) < IDLE_MS
        else:
            short = float(window.performance.now()) - self.last_tap < QUIET_MS
        if short:
            self.when_idle()
            return
        waiting = [name for name in SCREENS if name not in self.built]
        if waiting:
            self.screen(waiting[0])
        else:
            name = self.next_to_draw()
            if name is not None:
                self.stale.discard(name)
                self.built[name].render()
            elif not self.worked_ahead():
                return  # what waits is covered (drawn when uncovered); nothing is ahead
        self.when_idle()

    def on_show(self, name: str) -> list[str]:
        """The screens drawn in section ``name`` (and those drawn outside any section)."""
        found = self._on_show.get(name)
        if found is None:  # the sections never change: worked out once for each
            found = self._on_show[name] = [
                screen
                for screen in SCREENS
                if SECTIONS.get(screen, screen) == name
                or SECTIONS.get(screen, screen) not in self.sections
            ]
        return found

    def campaign_name(self) -> str:
        """The campaign's name; the name every new campaign has, in the current language."""
        name = self.campaign.name
        return self.tr(name) if name == DEFAULT_CAMPAIGN_NAME else name

    def show_campaign_name(self) -> None:
        dom.text(dom.bound("campaign-name"), self.campaign_name())

    def redraw_in_language(self) -> None:
        """A new language: every screen built is drawn again, whatever its parts (each
        drew its text in the language before). What is on show is drawn now; the other
        screens when they are shown, or in idle moments.

        A change of language then pays only for the screen the game master is looking at.
        """
        for name, screen in list(self.built.items()):
            if self.drawn_now(name, screen):
                screen.render()
                self.stale.discard(name)
            else:
                self.wait_to_draw(name)
        self.draw_uncovered()  # what the screens drawn first uncovered

    # --- navigation ------------------------------------------------------------------

    def show(self, name: str) -> None:
        self.tapped()
        self.current = name
        if name in self.navigable and self.store.get("view").screen != name:
            self.store.put("view", View(name))  # a reload reopens it (reopen_last_screen)
        for screen in self.on_show(name):  # in drawing order: a panel after its chooser
            if screen not in self.built:
                self.build_unless_hidden(screen)  # drawn as it is built (if not covered)
            elif screen in self.stale and self.drawn_now(screen, self.built[screen]):
                self.built[screen].render()
                self.stale.discard(screen)
        # Only the section and buttons that change are touched: the one shown before and
        # this one (every one the first time, over the markup's own state).
        before, self.shown = self.shown, name
        for section, node in self.section_nodes.items():
            if before is None or section in (before, name):
                dom.show(node, section == name)
        for nav, button in self.nav_buttons:
            if before is None or nav in (before, name):
                if nav == name:
                    button.setAttribute("aria-current", "page")
                else:
                    button.removeAttribute("aria-current")
        # Focus the screen for keyboards and screen readers, and start at its top.
        dom.one("#main").focus(dom.options(preventScroll=True))
        window.scrollTo(0, 0)
        focus.clear_refusals()  # a refusal answered a tap on the screen left

    def open_tab(self, name: str) -> None:
        """A tab tapped: its screen. The Encounter tab, while Explore's last check met a
        creature whose encounter was not begun (a row that asks for no reaction roll
        offers no button), begins it as its button would, so the screen says what was
        met."""
        if name == "encounter":
            exploration = self.store.get("exploration")
            met = exploration.met
            if met and met != self.store.get("meeting").creature:
                self.begin_encounter(met, exploration.found)  # shows the screen
                return
        self.show(name)

    @property
    def navigable(self) -> set[str]:
        """The screens the navigation buttons open."""
        return {name for name, _button in self.nav_buttons}

    def last_screen(self) -> str:
        """The screen this device showed last, if the navigation still opens it (a name
        it does not know, or none stored: Explore)."""
        screen = str(self.store.get("view").screen)
        return screen if screen in self.navigable else "explore"

    def share(self, kind: str, item: str = "") -> None:
        """Open the share sheet for a "table", "location" or "character" (by its id), or
        the whole "campaign"."""
        self.screen("share").open_sheet(kind, item)

    def begin_encounter(
        self, creature: str, found: Found | None = None, procedure: str = "", place: str = ""
    ) -> None:
        """Open the Encounter screen for a creature met while exploring.

        ``found`` is how many came and their stats, from the table row; ``procedure``
        opens that encounter procedure ("ose" from the OSE turn, whatever the campaign's
        game), ``place`` is where it happens ("dungeon", "wilderness"). The meeting,
        with the location's terrain, goes into the store's ``meeting``; each procedure
        starts from it.
        """
        from omen.campaign.meeting import meeting_at

        exploration = self.store.get("exploration")
        meeting = meeting_at(
            creature, found, self.store.get("library"), exploration.location, procedure, place
        )
        self.store.put("meeting", meeting)
        if self.campaign.game == "eotw" and meeting.stats.given("eotw"):
            from omen.eotw.npc import facing_npc

            # The NPC's characteristics start the Tests form: an opposed test is one tap.
            self.store.put("eotw_tests", facing_npc(self.store.get("eotw_tests"), meeting.stats))
        for name in self.on_show("encounter"):  # the procedures start from the meeting
            screen = self.screen(name)
            begin = getattr(screen, "on_begin_encounter", None)
            if begin is not None:
                begin(meeting)
                self.redraw(screen)  # its own choices (the procedure shown) are not stored
        self.show("encounter")

    # --- the log entry of a tap, written after its frame ----------------------------

    def defer_log_entries(self) -> None:
        """From now on an action's log entry, and the saving of the parts it changed, are
        done in a task right after the frame that shows the action
        (:meth:`Store.write_waiting`) and saved in that task, and before the next event
        (:meth:`tapped`), any read of the log, and when the page is hidden or closed,
        with the storage's waiting writes: a closing page keeps them."""
        self.log_written = dom.proxy(self.write_log_and_save)  # one proxy each, at start
        self.log_frame = dom.proxy(lambda *_args: window.setTimeout(self.log_written, 0))
        dom.on(window, "pagehide", self.write_log_and_save)
        dom.on(document, "visibilitychange", self.write_log_and_save)
        self.store.defer = self.write_log_soon

    def write_log_soon(self) -> None:
        """Ask for what waits (log entries, parts to save) to be written after the next
        frame (a hidden page draws none: in a task of its own)."""
        if document.hidden:
            window.setTimeout(self.log_written, 0)
        else:
            window.requestAnimationFrame(self.log_frame)

    def write_log_and_save(self, *_args: Any) -> None:
        """The entries that wait, then every write that waits, in one task: the task
        after the frame, or the page hidden or closing."""
        self.store.write_waiting()
        self.storage.settle()

    def wire_navigation(self) -> None:
        for name, button in self.nav_buttons:
            dom.on(button, "click", lambda _event, name=name: self.open_tab(name))


def translate_markup(root: Any, translator: Translator) -> None:
    """Translate ``data-i18n`` text and ``data-i18n-*`` attributes under ``root``.

    The English text is kept in ``data-msgid`` the first time, so switching language
    back and forth always starts from the message, not from a translation. In English,
    text that was never translated is already right and is not touched (a start in
    English then costs a few attribute writes, not one call per text on the page).

    A text already in this language (``data-lang``) is left alone: a screen may have
    drawn its own words there since (a button that says "Next day" in the wilderness),
    and building another screen of the same section translates the section again.
    """
    selector = "[data-i18n][data-msgid]" if translator.untranslated else "[data-i18n]"
    nodes = list(root.querySelectorAll(selector))
    if getattr(root, "dataset", None) is not None and root.matches(selector):
        nodes.append(root)
    language = translator.language
    for node in nodes:
        if node.getAttribute("data-lang") == language:
            continue
        if not node.hasAttribute("data-msgid"):
            node.setAttribute("data-msgid", " ".join(str(node.textContent).split()))
        node.textContent = translator.gettext(str(node.getAttribute("data-msgid")))
        node.setAttribute("data-lang", language)
    for attribute in ("aria-label", "placeholder", "title"):
        for node in root.querySelectorAll(f"[data-i18n-{attribute}]"):
            message = str(node.getAttribute(f"data-i18n-{attribute}"))
            node.setAttribute(attribute, translator.gettext(message))


def ask_for_the_game(app: App) -> None:
    """The first start's question (omen_web.shell.firststart, which brings the example
    campaigns in both languages): imported on a first start only."""
    from omen_web.shell import firststart

    share = app.built.get("share")
    firststart.offer(app, getattr(share, "dialog", None))


def start() -> None:
    app = App()
    pending, app.pending = app.pending, []
    document.documentElement.dataset.theme = app.prefs.theme
    app.wired = True
    app.defer_log_entries()
    app.wire_navigation()
    dom.on(dom.one("#notices"), "click", app.dismiss)
    focus.wire()
    app.help = helpsheet.HelpSheet(app)
    for node in dom.every("[data-needs-engine]"):
        node.removeAttribute("disabled")
    app.apply_language()
    if app.last_screen() != "explore":  # a reload opens the screen the game master was on
        app.show(app.last_screen())
    for name in app.on_show(app.current):  # the rest are built when first shown
        app.build_unless_hidden(name)  # another game's panel: when chosen, or when idle
    # Other tabs' changes and shared links are answered from the start; the share
    # screen that handles them is built when one comes (or when the page is idle).
    dom.on(window, "storage", lambda event: app.screen("share").other_tab(event))
    dom.on(window, "hashchange", app.guard(lambda _e: app.screen("share").open_hash()))
    if str(window.location.hash).startswith("#share="):
        app.screen("share").check_hash()
    for step in pending:
        app.notify(step)
    installhint.offer(app)  # a one-time hint on iOS Safari, which offers no install prompt
    if app.seeded:  # tests repeat with ?seed=N; they may also redraw every screen at will
        window.omenRedrawEverything = dom.proxy(lambda times: app.redraw_everything(times))
        # ... or translate the page's markup again, as building a screen translates its
        # section (what a screen drew there since must stay).
        window.omenTranslateAgain = dom.proxy(lambda: translate_markup(document, app.translator))
    if app.ask_game:  # a first start asks which game the table plays (after a link's import)
        ask_for_the_game(app)
    dom.show(dom.one("#loading"), False)
    document.documentElement.dataset.ready = "true"
    app.begin_idle_work()

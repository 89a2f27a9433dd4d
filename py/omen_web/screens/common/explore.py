"""The Explore screen: the turn clock, the encounter check, its odds and its result."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from pyscript import window

from omen.campaign.clock import (
    Span,
    Unit,
    exploration_ahead,
    exploration_turns,
    pass_exploration,
    span_words,
    turns_in_hour,
)
from omen.campaign.exploration import (
    EncounterDieOdds,
    EncounterKind,
    Procedure,
    TensionSettings,
    elapsed_text,
    reminder_minutes,
    reminder_text,
    tension_odds,
    time_passed,
)
from omen.campaign.games import game_of
from omen.campaign.state import (
    Exploration,
    Outcome,
    check,
    reset_pool,
    tension_settings,
)
from omen.campaign.tables import Library
from omen.campaign.timers import Unit as TimeUnit
from omen.campaign.voidcrawl import (
    KIND_NAMES,
    CrawlSetup,
    Kind,
    Phase,
    VoidcrawlSettings,
    filters_in_force,
    voidcrawl_odds,
)
from omen.core.errors import RulesError
from omen.core.roll import N_, Step
from omen_web.kit import dom
from omen_web.kit import screen as kit
from omen_web.screens.common import timepasses
from omen_web.screens.common.lights import Lights

if TYPE_CHECKING:
    from collections.abc import Hashable

    from omen_web.kit.app import App

NO_CYCLE = "none"  # the phase radio for no day/night cycle


def ahead_line(kind: Hashable, span: Step, chance: str) -> Step:
    """One line of the look-ahead: at least one encounter, sign or Voidcrawl result."""
    args: dict[str, str | Step] = {"span": span, "chance": chance}
    if kind is EncounterKind.ENCOUNTER:
        return Step(N_("In the next {span}: {chance} at least one encounter."), args)
    if kind is EncounterKind.SIGN:
        return Step(N_("In the next {span}: {chance} at least one sign, omen or clue."), args)
    if isinstance(kind, Kind):
        args["result"] = Step(KIND_NAMES[kind])
    else:
        args["result"] = str(kind)
    return Step(N_("In the next {span}: {chance} at least one {result}."), args)


class ExploreScreen(kit.Screen):
    """Liminal Horror's checks: the Encounter Die, the Tension Die and the Voidcrawl;
    in a Liminal Horror campaign, its lights and timers in exploration turns."""

    app: App  # the kit's Host, with all of the app this screen uses

    name = "explore"
    root_selector = '[data-panel="checks"]'
    parts = ("exploration", "library", "voidcrawl", "campaign", "timers")

    def build(self) -> None:
        self.lights = Lights(self, "explore", "liminal_horror", (TimeUnit.TURN,))
        self.jobs = (self.lights,)  # it answers its own actions
        self.store.encoders["exploration"] = self.encode
        # The real-time reminder: a timer restarted by every Next turn; when it runs
        # out, ``reminding`` holds the minutes and the screen shows the nudge.
        self.reminder_timer: Any = None
        self.reminder_wait: int | None = None
        self.reminding: int | None = None
        self.reminder_proxy = dom.proxy(self.remind)
        self.store.subscribe(("campaign",), self.settings_changed)
        self.restart_reminder()
        # The Tension Die's settings and the span whose look-ahead from every pool is
        # worked out in an idle moment (:meth:`ahead`).
        self.worked_out_for: tuple[TensionSettings, int] | None = None

    @property
    def state(self) -> Exploration:
        """The exploration as the store holds it."""
        state: Exploration = self.store.get("exploration")
        return state

    @state.setter
    def state(self, value: Exploration) -> None:  # an import puts a new one in
        self.store.put("exploration", value)

    def tables(self) -> tuple[Library, CrawlSetup]:
        """The tables library and the Voidcrawl set-up, from the store."""
        return self.store.get("library"), self.store.get("voidcrawl")

    # --- actions -----------------------------------------------------------------

    def _check(self, advance: bool) -> None:
        typed = self.bound("typed-faces")
        dice = self.app.dice(str(typed.value))
        library, setup = self.tables()
        state, outcome = check(
            self.state,
            self.app.campaign.values,
            dice,
            advance=advance,
            library=library,
            voidcrawl=setup.voidcrawl,
            investigators=setup.investigators,
            game=self.app.campaign.game,
        )
        typed.value = ""
        self.commit(state, outcome)

    def commit(self, state: Exploration, outcome: Outcome) -> None:
        """The check's new state and result, with the exploration turns it took off the
        lights and timers (an ending in its headline): one log entry."""
        turns = state.clock.turn - self.state.clock.turn
        if turns <= 0 or not self.lights.timers.entries:
            self.store.act(outcome, exploration=state)
            return
        timers, outcome = self.lights.tick(outcome, turns, TimeUnit.TURN)
        self.store.act(outcome, exploration=replace(state, last=outcome), timers=timers)

    def on_next_turn(self, _target: Any, _event: Any) -> None:
        self._check(advance=True)
        self.restart_reminder()
        self.render_reminder()

    def units(self) -> tuple[Unit, ...]:
        """Exploration turns, hours when a whole number of turns makes one, and real
        minutes at the table (a turn for every 20 to 30 of them, as the reminder counts)."""
        minutes = self.app.campaign.values.get("turn.minutes", 10)
        if isinstance(minutes, int) and minutes >= 1 and turns_in_hour(minutes).denominator == 1:
            return (Unit.TURN, Unit.HOUR, Unit.REAL)
        return (Unit.TURN, Unit.REAL)

    def picked(self) -> Span | None:
        """The span picked, or None while the number is half typed."""
        return timepasses.read_span(
            self.bound("explore-span-count"), self.bound("explore-span-unit"), self.units()
        )

    def on_explore_span(self, _target: Any, _event: Any) -> None:
        self.render_span()

    def on_explore_pass(self, _target: Any, _event: Any) -> None:
        """Let the span pass: every turn of it checked in order, one log entry."""
        span = timepasses.span(
            self.bound("explore-span-count"), self.bound("explore-span-unit"), self.units()
        )
        typed = self.bound("typed-faces")
        dice = self.app.dice(str(typed.value))
        library, setup = self.tables()
        state, outcome = pass_exploration(
            self.state,
            self.app.campaign.values,
            dice,
            span,
            library=library,
            voidcrawl=setup.voidcrawl,
            investigators=setup.investigators,
            game=self.app.campaign.game,
        )
        typed.value = ""
        self.commit(state, outcome)
        self.restart_reminder()
        self.render_reminder()

    def on_draw_attention(self, _target: Any, _event: Any) -> None:
        self._check(advance=False)

    def on_reset_pool(self, _target: Any, _event: Any) -> None:
        state = reset_pool(self.state, self.app.campaign.values)
        self.store.act(state.last, exploration=state)

    def on_choose_procedure(self, target: Any, _event: Any) -> None:
        self.state = replace(self.state, procedure=Procedure(str(target.value)))

    def on_choose_phase(self, target: Any, _event: Any) -> None:
        """No cycle (every result counts), or the cycle turned on at Day or Night."""
        value = str(target.value)
        self.state = replace(self.state, phase=None if value == NO_CYCLE else Phase(value))

    def on_choose_location(self, target: Any, _event: Any) -> None:
        self.state = replace(self.state, location=str(target.value) or None)

    def on_choose_descent(self, target: Any, _event: Any) -> None:
        value = str(target.value)
        self.state = replace(self.state, descent=int(value) if value else None)

    def on_meet_reaction(self, _target: Any, _event: Any) -> None:
        self.app.begin_encounter(self.state.met, self.state.found)

    def on_meet_encounter(self, _target: Any, _event: Any) -> None:
        """A violent encounter: the Encounter screen, which says so."""
        self.app.begin_encounter(self.state.met, self.state.found)

    # --- the real-time reminder ---------------------------------------------------

    def restart_reminder(self) -> None:
        """Start the wait for the reminder again (or stop it when it is switched off)."""
        if self.reminder_timer is not None:
            window.clearTimeout(self.reminder_timer)
            self.reminder_timer = None
        self.reminding = None
        self.reminder_wait = reminder_minutes(self.app.campaign.values)
        if self.reminder_wait is not None:
            self.reminder_timer = window.setTimeout(
                self.reminder_proxy, self.reminder_wait * 60_000
            )

    def remind(self, *_args: Any) -> None:
        self.reminder_timer = None
        self.reminding = self.reminder_wait
        self.render_reminder()

    def render_reminder(self) -> None:
        """The reminder on Explore, and a mark on the Explore tab seen from every screen."""
        words = game_of(self.app.campaign.game).turn
        if self.unchanged("reminder", self.reminding, words):
            return
        nudge = self.bound("explore-reminder")
        dom.show(dom.bound("nav-reminder"), self.reminding is not None)
        if self.reminding is None:
            dom.show(nudge, False)
            return
        dom.text(nudge, self.t(reminder_text(self.reminding, words)))
        dom.show(nudge, True)

    def encode(self, state: Exploration) -> Any:
        """What is stored: the exploration, and its last result's headline as shown, for
        the page's shell to show before Python is ready."""
        data = state.to_json()
        if state.last is not None:
            data["last_text"] = self.t(state.last.title)
        return data

    def settings_changed(self, _kinds: frozenset[str] = frozenset()) -> None:
        """Keep the pool within a changed starting value; a changed reminder starts
        its wait again."""
        start = tension_settings(self.app.campaign.values).start
        if self.state.pool > start:
            self.state = replace(self.state, pool=start)
        if reminder_minutes(self.app.campaign.values) != self.reminder_wait:
            self.restart_reminder()

    # --- rendering ---------------------------------------------------------------

    def render(self) -> None:
        """Each region is drawn when what it shows changed: a Next turn draws the turn,
        the result and (with the tension pool) the pool and its odds, nothing else."""
        app, state = self.app, self.state
        values = app.campaign.values
        library, setup = self.tables()
        words = game_of(app.campaign.game).turn  # the turn in the game's words
        if not self.unchanged("words", words):
            dom.text(self.bound("turn-label"), self.tr(words.clock))
            dom.text(self.one('[data-action="next-turn"]'), self.tr(words.next))
        if not self.unchanged("procedure", state.procedure):
            self.render_procedure()
        if not self.unchanged("turn", state.clock, state.pool, values):
            self.render_turn()
        place = (state.location, state.phase, state.descent, library, values)
        if not self.unchanged("where", *place):
            self.render_where()
        if not self.unchanged("odds", state.procedure, state.pool, *place, setup):
            self.render_odds()
        if not self.unchanged("result", state.last, state.met, state.reaction, words):
            self.render_result()
        timers = self.lights.timers
        if not self.unchanged("span", state.procedure, state.pool, *place, setup, timers):
            self.render_span()
        self.lights.render()
        self.lights.render_warnings(state.last)
        self.render_reminder()

    def render_turn(self) -> None:
        app, state = self.app, self.state
        values = app.campaign.values
        minutes = values["turn.minutes"]
        assert isinstance(minutes, int)
        dom.text(self.bound("turn"), str(state.clock.turn))
        dom.text(self.bound("elapsed"), app.t(elapsed_text(time_passed(state.clock.turn, minutes))))
        start = tension_settings(values).start
        dom.text(
            self.bound("pool"),
            app.t(Step(N_("{pool} of {start}"), {"pool": state.pool, "start": start})),
        )
        meter = self.bound("pool-meter")
        meter.max = start
        meter.value = state.pool

    def render_procedure(self) -> None:
        """The procedure chosen, and the tension pool shown with the Tension Die only."""
        procedure = self.state.procedure
        for radio in dom.every('input[name="procedure"]', self.root):
            radio.checked = radio.value == procedure.value
        tension = procedure is Procedure.TENSION_DIE
        dom.show(self.bound("pool-box"), tension)
        dom.show(self.one('[data-action="reset-pool"]'), tension)

    def render_where(self) -> None:
        app, state = self.app, self.state
        library, _setup = self.tables()
        select = self.bound("explore-location")
        places = [(place.id, place.name) for place in library.locations]
        dom.fill_options(select, [("", app.tr(N_("No location"))), *places])
        select.value = state.location if state.place(library) is not None else ""
        phase = NO_CYCLE if state.phase is None else state.phase.value
        for radio in dom.every('input[name="phase"]'):
            radio.checked = radio.value == phase
        levels = VoidcrawlSettings.from_values(app.campaign.values).descent_levels
        descent = self.bound("explore-descent")
        numbers = [(str(level), str(level)) for level in range(1, levels + 1)]
        dom.fill_options(descent, [("", app.tr(N_("As the location says"))), *numbers])
        descent.value = "" if state.descent is None else str(state.descent)

    def render_odds(self) -> None:
        app, state = self.app, self.state
        lines: list[Step] = []
        if state.procedure is Procedure.VOIDCRAWL:
            library, setup = self.tables()
            conditions = state.conditions(library)
            rules = VoidcrawlSettings.from_values(app.campaign.values)
            crawl = voidcrawl_odds(setup.voidcrawl, conditions, rules)
            lines = [*filters_in_force(conditions, rules)]  # which filter the odds are under
            lines += [
                Step(
                    N_("{result} on the next check: {chance}"),
                    {"result": Step(KIND_NAMES[kind]), "chance": app.translator.percent(chance)},
                )
                for kind, chance in crawl.kinds
            ]
            lines.append(
                Step(
                    N_("Night Encounter within the next 3 checks: {chance}"),
                    {"chance": app.translator.percent(crawl.night_within_three)},
                )
            )
        else:
            percent = app.translator.percent
            if state.procedure is Procedure.TENSION_DIE:
                odds = tension_odds(state.pool, tension_settings(app.campaign.values))
                next_check, within_three = odds.next_check, odds.within_three
                last = Step(
                    N_("Checks until the encounter, on average: {checks}"),
                    {"checks": app.translator.number(odds.expected_checks, 1)},
                )
            else:
                die = EncounterDieOdds()
                next_check, within_three = die.next_check, die.within_three
                last = Step(
                    N_("Sign, omen or clue on the next check: {chance}"),
                    {"chance": percent(die.sign_next_check)},
                )
            lines = [
                Step(N_("Encounter on the next check: {chance}"), {"chance": percent(next_check)}),
                Step(
                    N_("Encounter within the next 3 checks: {chance}"),
                    {"chance": percent(within_three)},
                ),
                last,
            ]
        self.fill_steps("odds", lines)

    def render_span(self) -> None:
        """The span picker's units, and the odds of an encounter within the span."""
        timepasses.fill_units(self, self.bound("explore-span-unit"), self.units())
        span = self.picked()
        lines: list[Step] = []
        if span is not None:
            state, values = self.state, self.app.campaign.values
            library, setup = self.tables()
            try:
                turns = exploration_turns(values, span)
            except RulesError as error:  # too long a span: said instead of the odds
                self.fill_steps("explore-span-odds", [error.message])
                return
            self.work_out_ahead(turns)
            words = span_words(span, turns)
            percent = self.app.translator.percent
            for kind, chance in exploration_ahead(
                state, values, turns, library=library, voidcrawl=setup.voidcrawl
            ):
                lines.append(ahead_line(kind, words, percent(chance)))
            lines.extend(self.lights.ahead(turns, TimeUnit.TURN))
        self.fill_steps("explore-span-odds", lines)

    def work_out_ahead(self, turns: int) -> None:
        """Ask for the look-ahead from every pool the Tension Die can reach to be
        worked out in an idle moment (:meth:`ahead`), once for each set of settings
        and span."""
        if self.state.procedure is not Procedure.TENSION_DIE:
            return
        key = (tension_settings(self.app.campaign.values), turns)
        if key != self.worked_out_for:
            self.worked_out_for = key
            self.app.work_ahead(self.name)

    def ahead(self) -> bool:
        """In an idle moment: the look-ahead of the span from every pool the Tension Die
        can reach, each kept (omen.campaign.clock.chance_within), so a Next turn or
        Draw attention reads its odds instead of working them out."""
        state, values = self.state, self.app.campaign.values
        if self.worked_out_for is not None and state.procedure is Procedure.TENSION_DIE:
            settings, turns = self.worked_out_for
            for pool in range(settings.start, 0, -1):
                exploration_ahead(replace(state, pool=pool), values, turns)
        return False

    def render_result(self) -> None:
        last = self.state.last
        title = self.bound("result-title")
        details = self.bound("result-details")
        if last is None:
            words = game_of(self.app.campaign.game).turn
            dom.text(title, self.tr(words.tap))
            title.dataset.kind = ""
            dom.show(details, False)
            dom.show(self.bound("result-met"), False)
            dom.show(self.bound("result-violent"), False)
            dom.show(self.one('[data-action="meet-reaction"]'), False)
            dom.show(self.one('[data-action="meet-encounter"]'), False)
            return
        dom.text(title, self.t(last.title))
        title.dataset.kind = last.kind
        self.fill_steps("result-steps", last.steps)
        dom.show(details, bool(last.steps))
        met = self.bound("result-met")
        state = self.state
        dom.text(met, self.t(Step(N_("Met: {creature}"), {"creature": state.met})))
        dom.show(met, bool(state.met))
        reaction = self.one('[data-action="meet-reaction"]')
        dom.show(reaction, bool(state.met) and state.reaction)
        self.render_violent()

    def render_violent(self) -> None:
        """A violent encounter said in the game's words, and the encounter offered
        (the reaction instead when the row asks for one)."""
        state = self.state
        violent = bool(state.met) and state.violent
        line = self.bound("result-violent")
        if violent:  # the meeting's words are imported when a violent row is met
            from omen.campaign.meeting import violent_words

            dom.text(line, self.t(violent_words(self.app.campaign.game)))
        dom.show(line, violent)
        dom.show(self.one('[data-action="meet-encounter"]'), violent and not state.reaction)

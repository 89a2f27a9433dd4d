"""The Explore screen: the turn clock, the encounter check, its odds and its result."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from pyodide.ffi import create_proxy
from pyscript import window

from omen.campaign import (
    EXPLORATION,
    Exploration,
    Outcome,
    check,
    reset_pool,
    tension_settings,
)
from omen.exploration import (
    EncounterDieOdds,
    Procedure,
    elapsed_text,
    reminder_minutes,
    reminder_text,
    tension_odds,
)
from omen.roll import N_, Step
from omen.tables import Library
from omen.voidcrawl import (
    KIND_NAMES,
    CrawlSetup,
    Phase,
    VoidcrawlSettings,
    filters_in_force,
    voidcrawl_odds,
)
from omen_web import dom
from omen_web.app import App

NO_CYCLE = "none"  # the phase radio for no day/night cycle


class ExploreScreen:
    name = "explore"

    def __init__(self, app: App) -> None:
        self.app = app
        values = app.campaign.values
        self.state = app.storage.load(EXPLORATION, app.stamp) or Exploration(
            pool=tension_settings(values).start
        )
        app.restorers["exploration"] = self.restore
        dom.on(dom.one('[data-action="next-turn"]'), "click", app.guard(self.next_turn))
        dom.on(dom.one('[data-action="draw-attention"]'), "click", app.guard(self.draw_attention))
        dom.on(dom.one('[data-action="reset-pool"]'), "click", app.guard(self.reset))
        for radio in dom.every('input[name="procedure"]'):
            dom.on(radio, "change", app.guard(self.choose_procedure))
        for radio in dom.every('input[name="phase"]'):
            dom.on(radio, "change", app.guard(self.choose_phase))
        dom.on(dom.bound("explore-location"), "change", app.guard(self.choose_location))
        dom.on(dom.bound("explore-descent"), "change", app.guard(self.choose_descent))
        dom.on(dom.one('[data-action="meet-reaction"]'), "click", app.guard(self.meet_reaction))
        # The real-time reminder: a timer restarted by every Next turn; when it runs
        # out, ``reminding`` holds the minutes and the screen shows the nudge.
        self.reminder_timer: Any = None
        self.reminder_wait: int | None = None
        self.reminding: int | None = None
        self.reminder_proxy = create_proxy(self.remind)
        self.restart_reminder()

    def tables(self) -> tuple[Library, CrawlSetup]:
        """The library and Voidcrawl set-up kept by the Tables screen."""
        screen = self.app.screen("tables")
        return screen.library, screen.setup

    # --- actions -----------------------------------------------------------------

    def _check(self, advance: bool) -> None:
        typed = dom.bound("typed-faces")
        dice = self.app.dice(str(typed.value))
        before = self.state.to_json()
        library, setup = self.tables()
        self.state, outcome = check(
            self.state,
            self.app.campaign.values,
            dice,
            advance=advance,
            library=library,
            voidcrawl=setup.voidcrawl,
            investigators=setup.investigators,
        )
        typed.value = ""
        self.save()
        self.app.record(outcome, ("exploration", before))
        self.app.render_all()

    def next_turn(self, _event: Any) -> None:
        self._check(advance=True)
        self.restart_reminder()
        self.render_reminder()

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
        nudge = dom.bound("explore-reminder")
        dom.show(dom.bound("nav-reminder"), self.reminding is not None)
        if self.reminding is None:
            dom.show(nudge, False)
            return
        dom.text(nudge, self.app.t(reminder_text(self.reminding)))
        dom.show(nudge, True)

    def draw_attention(self, _event: Any) -> None:
        self._check(advance=False)

    def reset(self, _event: Any) -> None:
        before = self.state.to_json()
        self.state = reset_pool(self.state, self.app.campaign.values)
        outcome = Outcome(
            Step(N_("The tension pool is reset to {pool}."), {"pool": self.state.pool}), (), "reset"
        )
        self.save()
        self.app.record(outcome, ("exploration", before))
        self.app.render_all()

    def choose_procedure(self, event: Any) -> None:
        self.state = replace(self.state, procedure=Procedure(str(event.target.value)))
        self.save()
        self.render()

    def choose_phase(self, event: Any) -> None:
        """No cycle (every result counts), or the cycle turned on at Day or Night."""
        value = str(event.target.value)
        self.state = replace(self.state, phase=None if value == NO_CYCLE else Phase(value))
        self.save()
        self.render()

    def choose_location(self, event: Any) -> None:
        self.state = replace(self.state, location=str(event.target.value) or None)
        self.save()
        self.render()

    def choose_descent(self, event: Any) -> None:
        value = str(event.target.value)
        self.state = replace(self.state, descent=int(value) if value else None)
        self.save()
        self.render()

    def meet_reaction(self, _event: Any) -> None:
        self.app.begin_encounter(self.state.met)

    def restore(self, data: Any) -> None:
        self.state = Exploration.from_json(data)
        self.save()

    def save(self) -> None:
        data = self.state.to_json()
        if self.state.last is not None:
            data["last_text"] = self.app.t(self.state.last.title)  # for the shell at start-up
        self.app.storage.save(EXPLORATION, data)

    def settings_changed(self) -> None:
        """Keep the pool within a changed starting value; a changed reminder starts
        its wait again."""
        start = tension_settings(self.app.campaign.values).start
        if self.state.pool > start:
            self.state = replace(self.state, pool=start)
            self.save()
        if reminder_minutes(self.app.campaign.values) != self.reminder_wait:
            self.restart_reminder()

    # --- rendering ---------------------------------------------------------------

    def render(self) -> None:
        app, state = self.app, self.state
        values = app.campaign.values
        minutes = values["turn.minutes"]
        assert isinstance(minutes, int)
        dom.text(dom.bound("turn"), str(state.clock.turn))
        dom.text(dom.bound("elapsed"), app.t(elapsed_text(state.clock.turn * minutes)))
        tension = state.procedure is Procedure.TENSION_DIE
        dom.show(dom.bound("pool-box"), tension)
        dom.show(dom.one('[data-action="reset-pool"]'), tension)
        start = tension_settings(values).start
        dom.text(
            dom.bound("pool"),
            app.t(Step(N_("{pool} of {start}"), {"pool": state.pool, "start": start})),
        )
        meter = dom.bound("pool-meter")
        meter.max = start
        meter.value = state.pool
        for radio in dom.every('input[name="procedure"]'):
            radio.checked = radio.value == state.procedure.value
        self.render_where()
        self.render_odds()
        self.render_result()
        self.render_reminder()

    def render_where(self) -> None:
        app, state = self.app, self.state
        library, _setup = self.tables()
        select = dom.bound("explore-location")
        places = [(place.id, place.name) for place in library.locations]
        dom.fill_options(select, [("", app.tr(N_("No location"))), *places])
        select.value = state.location if state.place(library) is not None else ""
        phase = NO_CYCLE if state.phase is None else state.phase.value
        for radio in dom.every('input[name="phase"]'):
            radio.checked = radio.value == phase
        levels = VoidcrawlSettings.from_values(app.campaign.values).descent_levels
        descent = dom.bound("explore-descent")
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
        app.fill_list(dom.bound("odds"), lines)

    def render_result(self) -> None:
        last = self.state.last
        title = dom.bound("result-title")
        details = dom.bound("result-details")
        if last is None:
            dom.text(
                title, self.app.tr(N_("Tap Next turn when the party takes a significant action."))
            )
            title.dataset.kind = ""
            dom.show(details, False)
            dom.show(dom.bound("result-met"), False)
            dom.show(dom.one('[data-action="meet-reaction"]'), False)
            return
        dom.text(title, self.app.t(last.title))
        title.dataset.kind = last.kind
        self.app.fill_list(dom.bound("result-steps"), last.steps)
        dom.show(details, True)
        met = dom.bound("result-met")
        state = self.state
        dom.text(met, self.app.t(Step(N_("Met: {creature}"), {"creature": state.met})))
        dom.show(met, bool(state.met))
        reaction = dom.one('[data-action="meet-reaction"]')
        dom.show(reaction, bool(state.met) and state.reaction)

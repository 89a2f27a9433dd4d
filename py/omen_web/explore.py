"""The Explore screen: the turn clock, the encounter check, its odds and its result."""

from __future__ import annotations

from typing import Any

from omen.campaign import (
    EXPLORATION,
    Exploration,
    Outcome,
    check,
    reset_pool,
    tension_settings,
)
from omen.exploration import EncounterDieOdds, Procedure, elapsed_text, tension_odds
from omen.roll import N_, Step
from omen_web import dom
from omen_web.app import App


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

    # --- actions -----------------------------------------------------------------

    def _check(self, advance: bool) -> None:
        typed = dom.bound("typed-faces")
        dice = self.app.dice(str(typed.value))
        before = self.state.to_json()
        self.state, outcome = check(self.state, self.app.campaign.values, dice, advance=advance)
        typed.value = ""
        self.save()
        self.app.record(outcome, ("exploration", before))
        self.app.render_all()

    def next_turn(self, _event: Any) -> None:
        self._check(advance=True)

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
        self.state = Exploration(
            Procedure(str(event.target.value)), self.state.clock, self.state.pool, self.state.last
        )
        self.save()
        self.render()

    def restore(self, data: Any) -> None:
        self.state = Exploration.from_json(data)
        self.save()

    def save(self) -> None:
        data = self.state.to_json()
        if self.state.last is not None:
            data["last_text"] = self.app.t(self.state.last.title)  # for the shell at start-up
        self.app.storage.save(EXPLORATION, data)

    def settings_changed(self) -> None:
        """Keep the pool within a changed starting value."""
        start = tension_settings(self.app.campaign.values).start
        if self.state.pool > start:
            self.state = Exploration(self.state.procedure, self.state.clock, start, self.state.last)
            self.save()

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
        self.render_odds()
        self.render_result()

    def render_odds(self) -> None:
        app, state = self.app, self.state
        lines: list[Step] = []
        if state.procedure is Procedure.TENSION_DIE:
            odds = tension_odds(state.pool, tension_settings(app.campaign.values))
            lines = [
                Step(
                    N_("Encounter on the next check: {chance}"),
                    {"chance": app.translator.percent(odds.next_check)},
                ),
                Step(
                    N_("Encounter within the next 3 checks: {chance}"),
                    {"chance": app.translator.percent(odds.within_three)},
                ),
                Step(
                    N_("Checks until the encounter, on average: {checks}"),
                    {"checks": app.translator.number(odds.expected_checks, 1)},
                ),
            ]
        else:
            die = EncounterDieOdds()
            lines = [
                Step(
                    N_("Encounter on the next check: {chance}"),
                    {"chance": app.translator.percent(die.next_check)},
                ),
                Step(
                    N_("Encounter within the next 3 checks: {chance}"),
                    {"chance": app.translator.percent(die.within_three)},
                ),
                Step(
                    N_("Sign, omen or clue on the next check: {chance}"),
                    {"chance": app.translator.percent(die.sign_next_check)},
                ),
            ]
        target = dom.bound("odds")
        dom.clear(target)
        for step in lines:
            item = dom.element("li")
            dom.text(item, app.t(step))
            target.append(item)

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
            return
        dom.text(title, self.app.t(last.title))
        title.dataset.kind = last.kind
        steps = dom.bound("result-steps")
        dom.clear(steps)
        for step in last.steps:
            item = dom.element("li")
            dom.text(item, self.app.t(step))
            steps.append(item)
        dom.show(details, True)

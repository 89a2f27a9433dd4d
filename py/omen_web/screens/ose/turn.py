"""The Old-School Essentials turn on the Explore screen: the dungeon turn or the
wilderness day, the check's exact odds, rest, noise, light and timers.

The rules are :mod:`omen.ose.turn`'s; this panel reads the clock from the store
(``ose_turn``), shows it, and sends each tap through ``store.act`` so it goes to the log
and Undo takes it back. Wandering monsters are rolled on the current location's table
(the location chosen on Explore, kept in ``exploration``), and *Run the encounter* opens
the OSE sequence in the place of the check (a dungeon's distance in feet, the
wilderness's in yards). In the wilderness, *Next day* plays the whole travel day the
travel day panel plans (``ose_travel``: miles, getting lost, food, rest and the check),
the same day its *Roll the day* plays, and *Let the time pass* plays several such days;
each is one log entry that one Undo takes back.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

from omen.campaign.clock import Unit
from omen.campaign.state import Outcome
from omen.core.errors import RulesError
from omen.core.roll import N_, Step
from omen.ose import span as ose_span
from omen.ose import turn as ose_turn
from omen.ose import wilderness as ose_wilderness
from omen.ose.sequence import Place
from omen.ose.turn import LightKind, Mode, Terrain, TurnState
from omen_web.kit import dom, fields
from omen_web.kit import screen as kit
from omen_web.screens.common import panels, timepasses

# the span picker's units in OSE's words
UNIT_LABELS = {
    Unit.TURN: N_("Dungeon turns"),
    Unit.HOUR: N_("Hours"),
    Unit.DAY: N_("Days of travel"),
}

if TYPE_CHECKING:
    from omen_web.kit.app import App


class OseTurnScreen(kit.Screen):
    app: App  # the kit's Host, with all of the app this screen uses
    name = "ose_turn"
    section = "explore"
    root_selector = '[data-panel="ose_turn"]'
    parts = ("ose_turn", "ose_travel", "exploration", "library", "campaign")
    games = frozenset({"ose"})

    # --- reading ----------------------------------------------------------------------

    @property
    def state(self) -> TurnState:
        """The clock as the store holds it."""
        value: TurnState = self.store.get("ose_turn")
        return value

    def field(self, name: str) -> Any:
        return self.bound(name)

    def build(self) -> None:
        self.render()

    # --- actions --------------------------------------------------------------------------

    def act(self, outcome: Any, state: TurnState) -> None:
        self.store.act(outcome, ose_turn=state)

    def on_oseturn_next(self, _target: Any, _event: Any) -> None:
        state = self.state
        values = self.store.get("campaign").values
        library = self.store.get("library")
        location = self.store.get("exploration").location
        with panels.typed_dice(self, self.field("oseturn-typed")) as dice:
            if state.mode is Mode.WILDERNESS:  # the travel panel's day, with its plan
                clock, journey, result = ose_span.next_day(
                    state,
                    self.store.get("ose_travel"),
                    values,
                    dice,
                    library=library,
                    location=location,
                )
                self.store.act(result, ose_turn=clock, ose_travel=journey)
                return
            new, outcome = ose_turn.next_turn(
                state,
                values,
                dice,
                noise=bool(self.field("oseturn-noise").checked),
                rest=bool(self.field("oseturn-rest").checked),
                library=library,
                location=location,
            )
            self.field("oseturn-noise").checked = False
            self.field("oseturn-rest").checked = False
            self.act(outcome, new)

    def units(self) -> tuple[Unit, ...]:
        """What a span is counted in where the party is."""
        return tuple(ose_span.UNITS[self.state.mode])

    def on_oseturn_span(self, _target: Any, _event: Any) -> None:
        self.render_span(self.state)

    def on_oseturn_pass(self, _target: Any, _event: Any) -> None:
        """Let the span pass: each turn (or day) played in order, one log entry."""
        state = self.state
        span = timepasses.span(
            self.field("oseturn-span-count"), self.field("oseturn-span-unit"), self.units()
        )
        values = self.store.get("campaign").values
        if state.mode is Mode.WILDERNESS:  # whole days of travel, as the travel day plans them
            with panels.typed_dice(self, self.field("oseturn-typed")) as dice:
                clock, journey, outcome = ose_span.pass_days(
                    state,
                    self.store.get("ose_travel"),
                    values,
                    dice,
                    span,
                    library=self.store.get("library"),
                    location=self.store.get("exploration").location,
                )
                self.store.act(outcome, ose_turn=clock, ose_travel=journey)
            return
        with panels.typed_dice(self, self.field("oseturn-typed")) as dice:
            new, outcome = ose_span.pass_time(
                state,
                values,
                dice,
                span,
                rest=bool(self.field("oseturn-rest").checked),
                noise=bool(self.field("oseturn-noise").checked),
                library=self.store.get("library"),
                location=self.store.get("exploration").location,
            )
            self.field("oseturn-noise").checked = False
            self.field("oseturn-rest").checked = False
            self.act(outcome, new)

    def on_oseturn_mode(self, target: Any, _event: Any) -> None:
        self.store.act(None, ose_turn=ose_turn.set_mode(self.state, Mode(str(target.value))))

    def on_oseturn_terrain(self, target: Any, _event: Any) -> None:
        self.store.act(None, ose_turn=ose_turn.set_terrain(self.state, Terrain(str(target.value))))

    def on_oseturn_odds(self, _target: Any, _event: Any) -> None:
        self.render()

    def on_oseturn_location(self, target: Any, _event: Any) -> None:
        """The party's location, shared with the other turn procedures; a location that
        names its terrain puts the wilderness day on that terrain's row
        (:func:`omen.ose.turn.terrain_here`, read wherever the terrain is shown or used)."""
        panels.choose_location(self, target)

    def here(self) -> TurnState:
        """The clock with the terrain of the day: the location's when it names one."""
        return ose_turn.at_location(
            self.state, self.store.get("library"), self.store.get("exploration").location
        )

    def _light(self, kind: LightKind) -> None:
        state = ose_turn.add_light(self.state, kind)
        light = state.lights[-1]
        title = Step(
            N_("{light} {number} lit: it burns for {count} turn."),
            {
                "light": Step(ose_turn.LIGHT_NAMES[kind]),
                "number": light.number,
                "count": light.left,
            },
            plural=N_("{light} {number} lit: it burns for {count} turns."),
        )
        self.act(Outcome(title, (), ose_turn.KIND), state)

    def on_oseturn_torch(self, _target: Any, _event: Any) -> None:
        self._light(LightKind.TORCH)

    def on_oseturn_lantern(self, _target: Any, _event: Any) -> None:
        self._light(LightKind.LANTERN)

    def on_oseturn_timer(self, _target: Any, _event: Any) -> None:
        name_field = self.field("oseturn-timer-name")
        turns = fields.whole(
            self.field("oseturn-timer-turns"), 1, ose_turn.MAX_TIMER_TURNS, N_("Turns")
        )
        state = ose_turn.add_timer(self.state, str(name_field.value), turns)
        timer = state.timers[-1]
        title = Step(
            N_("Timer '{name}' set for {count} turn."),
            {"name": timer.name, "count": timer.left},
            plural=N_("Timer '{name}' set for {count} turns."),
        )
        name_field.value = ""
        self.act(Outcome(title, (), ose_turn.KIND), state)

    def on_oseturn_put_out(self, target: Any, _event: Any) -> None:
        number = int(str(target.dataset.id))
        state = self.state
        light = next((x for x in state.lights if x.id == number), None)
        if light is not None:
            title = Step(
                N_("{light} {number} put out."),
                {"light": Step(ose_turn.LIGHT_NAMES[light.kind]), "number": light.number},
            )
        else:
            timer = next(x for x in state.timers if x.id == number)
            title = Step(N_("Timer '{name}' stopped."), {"name": timer.name})
        self.act(Outcome(title, (), ose_turn.KIND), ose_turn.put_out(state, number))

    def on_oseturn_meet(self, _target: Any, _event: Any) -> None:
        state = self.state
        place = Place.WILDERNESS if state.mode is Mode.WILDERNESS else Place.DUNGEON
        self.app.begin_encounter(met_here(self), state.found, procedure="ose", place=place.value)

    # --- drawing ------------------------------------------------------------------------

    def render(self) -> None:
        state = self.state
        wilderness = state.mode is Mode.WILDERNESS
        for radio in dom.every('input[name="oseturn-mode"]', self.root):
            radio.checked = radio.value == state.mode.value
        dom.text(self.field("oseturn-turn"), str(state.turn))
        dom.text(self.field("oseturn-since-rest"), str(state.since_rest))
        dom.text(self.field("oseturn-day"), str(state.day))
        dom.show(self.field("oseturn-turn-box"), not wilderness)
        dom.show(self.field("oseturn-rest-box"), not wilderness)
        dom.show(self.field("oseturn-day-box"), wilderness)
        dom.show(self.field("oseturn-dungeon"), not wilderness)
        dom.show(self.field("oseturn-wilderness"), wilderness)
        show_terrain(self, self.field("oseturn-terrain"), self.field("oseturn-terrain-hint"))
        if not wilderness:
            dom.show(self.field("oseturn-terrain-hint"), False)
        panels.fill_locations(self, self.field("oseturn-location"))
        next_label = N_("Next day") if wilderness else N_("Next dungeon turn")
        dom.text(dom.one('[data-action="oseturn-next"]', self.root), self.tr(next_label))
        how = N_("How this day was rolled") if wilderness else N_("How this turn was rolled")
        dom.text(dom.one("summary", self.field("oseturn-details")), self.tr(how))
        self.render_result(state)
        self.render_odds(state)
        self.render_span(state)
        self.render_lights(state)
        self.fill_steps("oseturn-warnings", ose_turn.warnings(state))

    def render_result(self, state: TurnState) -> None:
        title = self.field("oseturn-title")
        details = self.field("oseturn-details")
        met = self.field("oseturn-met")
        meet = dom.one('[data-action="oseturn-meet"]', self.root)
        last = state.last
        if last is None:
            wilderness = state.mode is Mode.WILDERNESS
            empty = (
                N_("Tap Next day to play each day of travel.")
                if wilderness
                else N_("Tap Next dungeon turn at the end of each ten-minute turn.")
            )
            dom.text(title, self.tr(empty))
            title.dataset.kind = ""
            dom.show(details, False)
            panels.show_met(self, met, meet, "", False)
            return
        dom.text(title, self.t(last.title))
        title.dataset.kind = last.kind
        self.fill_steps("oseturn-steps", last.steps)
        dom.show(details, bool(last.steps))
        panels.show_met(self, met, meet, met_here(self), state.encounter)

    def render_odds(self, state: TurnState) -> None:
        percent = self.app.translator.percent
        values = self.store.get("campaign").values
        if state.mode is Mode.WILDERNESS:
            here = self.here()
            odds = ose_turn.day_odds(here)
            lines = [
                *odds.steps,
                Step(N_("Wandering monsters today: {chance}"), {"chance": percent(odds.chance)}),
                Step(
                    N_("Within the next 3 days: {chance}"),
                    {"chance": percent(ose_turn.within(odds.chance, 3))},
                ),
                *self.day_plan(here),
            ]
        else:
            odds = ose_turn.turn_odds(
                state,
                values,
                noise=bool(self.field("oseturn-noise").checked),
                rest=bool(self.field("oseturn-rest").checked),
            )
            rates = ose_turn.Rates.of(values)
            per_check = Fraction(rates.chance, ose_turn.DIE)
            checks = ose_turn.checks_within(6, rates.every, state.turn)
            lines = [
                *odds.steps,
                Step(
                    N_("Wandering monsters this turn: {chance}"), {"chance": percent(odds.chance)}
                ),
                Step(
                    N_("Within the next 6 turns (one hour): {chance}"),
                    {"chance": percent(ose_turn.within(per_check, checks))},
                ),
            ]
        self.fill_steps("oseturn-odds", lines)

    def day_plan(self, here: TurnState) -> list[Step]:
        """What Next day makes of the day in the wilderness, as the travel day panel plans
        it: the miles and the chance of getting lost, or a day without travel (and a hunt's
        chance of game animals)."""
        plan = self.store.get("ose_travel")
        terrain = here.terrain
        percent = self.app.translator.percent
        if not ose_wilderness.travels(plan):
            lines = ose_wilderness.plan_steps(plan, terrain, 0)[:1]
            if ose_wilderness.game_faces(plan):
                chance = percent(ose_wilderness.game_chance(plan))
                lines.append(Step(N_("Game animals today: {chance}"), {"chance": chance}))
            return lines
        lines = [
            Step(
                N_("Each day as the travel day plans it: {count} mile through {terrain}."),
                {
                    "count": ose_wilderness.miles_per_day(plan, terrain),
                    "terrain": Step(ose_turn.TERRAIN_NAMES[terrain]),
                },
                plural=N_("Each day as the travel day plans it: {count} miles through {terrain}."),
            )
        ]
        if ose_wilderness.lost_faces(plan, terrain):
            chance = percent(ose_wilderness.lost_chance(plan, terrain))
            lines.append(Step(N_("Lost today: {chance}"), {"chance": chance}))
        return lines

    def render_span(self, state: TurnState) -> None:
        """The span picker in the units where the party is, and what the span may bring."""
        timepasses.fill_units(self, self.field("oseturn-span-unit"), self.units(), UNIT_LABELS)
        dom.show(self.field("oseturn-span-hint"), state.mode is Mode.DUNGEON)
        span = timepasses.read_span(
            self.field("oseturn-span-count"), self.field("oseturn-span-unit"), self.units()
        )
        lines: tuple[Step, ...] = ()
        if span is not None and state.mode is Mode.WILDERNESS:
            lines = ose_span.days_look_ahead(
                state,
                self.store.get("ose_travel"),
                span,
                library=self.store.get("library"),
                location=self.store.get("exploration").location,
                percent=self.app.translator.percent,
            )
        elif span is not None:
            try:
                lines = ose_span.look_ahead(
                    self.here(),
                    self.store.get("campaign").values,
                    span,
                    rest=bool(self.field("oseturn-rest").checked),
                    noise=bool(self.field("oseturn-noise").checked),
                    percent=self.app.translator.percent,
                )
            except RulesError as error:  # too long a span: said instead of the odds
                lines = (error.message,)
        self.fill_steps("oseturn-span-odds", lines)

    def render_lights(self, state: TurnState) -> None:
        target = self.field("oseturn-lights")
        dom.clear(target)
        rows: list[tuple[int, Step, bool, bool]] = []
        for light in state.lights:
            rows.append(
                (
                    light.id,
                    Step(
                        N_("{light} {number}: {count} turn left"),
                        {
                            "light": Step(ose_turn.LIGHT_NAMES[light.kind]),
                            "number": light.number,
                            "count": light.left,
                        },
                        plural=N_("{light} {number}: {count} turns left"),
                    ),
                    light.left == 1,
                    True,
                )
            )
        for timer in state.timers:
            rows.append(
                (
                    timer.id,
                    Step(
                        N_("{name}: {count} turn left"),
                        {"name": timer.name, "count": timer.left},
                        plural=N_("{name}: {count} turns left"),
                    ),
                    timer.left == 1,
                    False,
                )
            )
        if not rows:
            item = dom.element("li")
            dom.text(item, self.tr(N_("Nothing is burning and no timer runs.")))
            target.append(item)
            return
        for number, text, last_turn, is_light in rows:
            item = dom.element("li")
            label = dom.element("span")
            dom.text(label, self.t(text))
            item.append(label)
            if last_turn:
                item.dataset.warn = "true"
            button = dom.element("button")
            button.type = "button"
            button.className = "secondary small"
            button.dataset.action = "oseturn-put-out"
            button.dataset.id = str(number)
            # a light is put out, a timer ended
            label_text, aria = (
                (N_("Put out"), N_("Put out {what}")) if is_light else (N_("End"), N_("End {what}"))
            )
            dom.text(button, self.tr(label_text))
            button.setAttribute("aria-label", self.t(Step(aria, {"what": text})))
            item.append(button)
            target.append(item)


def met_here(screen: kit.Screen) -> str:
    """Who the clock's encounter is with, in the screen's language: the table's creature,
    or game animals when the day's hunt met them (:func:`omen.ose.wilderness.met`)."""
    who = ose_wilderness.met(screen.store.get("ose_turn"), screen.store.get("ose_travel"))
    return screen.tr(N_("Game animals")) if who is None else who


def show_terrain(screen: kit.Screen, select: Any, hint: Any) -> None:
    """The terrain of the day in ``select``: the location's when it names one (the
    field then fixed, ``hint`` saying why), else the referee's choice. The odds and the
    roll read the same value (:func:`omen.ose.turn.terrain_here`)."""
    clock: TurnState = screen.store.get("ose_turn")
    library = screen.store.get("library")
    location = screen.store.get("exploration").location
    fixed = ose_turn.location_terrain(library, location) is not None
    here = ose_turn.terrain_here(clock, library, location)
    fields.choices(
        select, [(t.value, screen.tr(ose_turn.TERRAIN_NAMES[t])) for t in Terrain], here.value
    )
    select.disabled = fixed
    dom.text(hint, screen.tr(N_("The location sets the terrain: change it on Tables.")))
    dom.show(hint, fixed)

"""GURPS wilderness travel on the Explore screen: a check for each stretch of the road.

The game master picks the tool (the Encounter Die, or a check table from the Tables
library), sees the exact chance of an encounter on the next travel turn and within three,
and taps *Next travel turn*. An encounter names who is met (from the location's
encounter table, or the check table's entry) and opens the GURPS encounter distance on
the Encounter screen with the creature as side B, in the darkness of the hour on the
road it was met (:mod:`omen.gurps.daylight`: the hours roll into days from the hour set out, and
night falls). State: the store's ``gurps_travel``
(:data:`omen.gurps.travel.GURPS_TRAVEL`); each turn goes to the log and can be undone.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from omen.campaign.clock import Span, Unit
from omen.campaign.state import Exploration, Outcome, depth_limit
from omen.campaign.tables import Library
from omen.campaign.timers import Unit as TimeUnit
from omen.core.errors import RulesError
from omen.core.roll import N_, Step
from omen.gurps.daylight import DARKNESS_NAME, NIGHT, START_HOUR, TimeOfDay, time_of_day
from omen.gurps.travel import (
    CHECK_NAMES,
    GROUND_NAMES,
    MAX_MOVE,
    Ground,
    Travel,
    TravelCheck,
    camp,
    choose,
    hours_on_road,
    march,
    met_at,
    travel_odds,
    travel_turn,
)
from omen_web.kit import dom, fields
from omen_web.kit import screen as kit
from omen_web.screens.common import panels, timepasses
from omen_web.screens.common.lights import Lights

if TYPE_CHECKING:
    from omen.gurps.distance import GurpsForm
    from omen_web.kit.app import App

NO_TABLE = ""
# the span picker's units on the road
SPAN_UNITS = (Unit.TURN, Unit.HOUR, Unit.DAY)
SPAN_LABELS = {
    Unit.TURN: N_("Travel turns"),
    Unit.HOUR: N_("Hours"),
    Unit.DAY: N_("Days"),
}


class GurpsTravelPanel(kit.Screen):
    app: App  # the kit's Host, with all of the app this screen uses
    name = "gurps_travel"
    section = "explore"
    root_selector = '[data-panel="gurps_travel"]'
    parts = ("gurps_travel", "library", "exploration", "campaign", "timers")
    games = frozenset({"gurps"})

    def build(self) -> None:
        self.lights = Lights(self, "travel", "gurps", (TimeUnit.HOUR,))
        self.jobs = (self.lights,)  # it answers its own actions

    @property
    def state(self) -> Travel:
        """The travel checks as the store holds them."""
        travel: Travel = self.store.get("gurps_travel")
        return travel

    def library(self) -> Library:
        library: Library = self.store.get("library")
        return library

    def exploration(self) -> Exploration:
        """The exploration: the location chosen for the party."""
        state: Exploration = self.store.get("exploration")
        return state

    def hours(self) -> int:
        hours = self.app.campaign.values.get("gurps.travel_hours", 4)
        return hours if isinstance(hours, int) and not isinstance(hours, bool) else 4

    def clock(self) -> tuple[int, int]:
        """The hour the journey set out and the night's darkness, from the settings."""
        values = self.app.campaign.values
        start, night = values.get("gurps.travel_start_hour"), values.get("gurps.night_darkness")
        return (
            start if isinstance(start, int) and not isinstance(start, bool) else START_HOUR,
            night if isinstance(night, int) and not isinstance(night, bool) else NIGHT,
        )

    def when(self) -> TimeOfDay:
        """The time of day on the road now: the hours so far from the hour set out."""
        return time_of_day(hours_on_road(self.state, self.hours()), *self.clock())

    def start_hour(self) -> int:
        start = self.app.campaign.values.get("gurps.travel_start_hour")
        return start if isinstance(start, int) and not isinstance(start, bool) else START_HOUR

    # --- actions ---------------------------------------------------------------------

    def commit(self, state: Travel, outcome: Outcome) -> None:
        """The road's new state and result, with the hours it took off the lights and
        timers (an ending in its headline): one log entry."""
        hours = hours_on_road(state, self.hours()) - hours_on_road(self.state, self.hours())
        if hours <= 0 or not self.lights.timers.entries:
            self.store.act(outcome, gurps_travel=state)
            return
        timers, outcome = self.lights.tick(outcome, hours, TimeUnit.HOUR)
        self.store.act(outcome, gurps_travel=replace(state, last=outcome), timers=timers)

    def on_travel_camp(self, _target: Any, _event: Any) -> None:
        state, outcome = camp(self.state, self.hours(), self.start_hour())
        self.commit(state, outcome)

    def on_travel_march(self, _target: Any, _event: Any) -> None:
        move = fields.whole(self.bound("travel-move"), 1, MAX_MOVE, N_("Move"))
        ground = Ground(str(self.bound("travel-ground").value))
        self.store.put("gurps_travel", replace(self.state, move=move, ground=ground))

    def on_travel_check(self, target: Any, _event: Any) -> None:
        check = TravelCheck(str(target.value))
        table = str(self.bound("travel-table").value) or None
        if check is TravelCheck.TABLE and table is None:
            library = self.library()
            table = self.state.table if library.find_table(self.state.table or "") else None
            if table is None and library.tables:
                table = library.tables[0].id
        self.store.put("gurps_travel", choose(self.state, check, table))

    def on_travel_table(self, target: Any, _event: Any) -> None:
        table = str(target.value)
        if table:
            self.store.put("gurps_travel", choose(self.state, TravelCheck.TABLE, table))

    def on_travel_location(self, target: Any, _event: Any) -> None:
        panels.choose_location(self, target)

    def on_travel_turn(self, _target: Any, _event: Any) -> None:
        values = self.app.campaign.values
        with panels.typed_dice(self, self.bound("travel-typed")) as dice:
            state, outcome = travel_turn(
                self.state,
                self.library(),
                self.exploration(),
                self.hours(),
                dice,
                depth_limit(values),
            )
        self.commit(state, outcome)

    def on_travel_span(self, _target: Any, _event: Any) -> None:
        self.render_span()

    def on_travel_pass(self, _target: Any, _event: Any) -> None:
        """Let the span pass on the road: each travel turn checked in order, one log
        entry."""
        from omen.gurps.span import pass_travel

        span = timepasses.span(
            self.bound("travel-span-count"), self.bound("travel-span-unit"), SPAN_UNITS
        )
        values = self.app.campaign.values
        with panels.typed_dice(self, self.bound("travel-typed")) as dice:
            state, outcome = pass_travel(
                self.state,
                self.library(),
                self.exploration(),
                self.hours(),
                dice,
                span,
                depth_limit(values),
            )
        self.commit(state, outcome)

    def on_travel_meet(self, _target: Any, _event: Any) -> None:
        # The darkness of the hour the encounter happens (its travel turn's start, not
        # the hour the turn or the span ends) is filled in.
        form: GurpsForm = self.store.get("gurps_form")
        darkness = met_at(self.state, self.hours(), *self.clock()).darkness
        self.store.put(
            "gurps_form", replace(form, conditions=replace(form.conditions, darkness=darkness))
        )
        self.app.begin_encounter(self.state.met, self.state.found)
        procedure = dom.one('input[name="encounter-procedure"][value="gurps"]')
        if not procedure.checked:
            procedure.click()  # the GURPS distance, whatever the Encounter screen showed last

    # --- drawing ---------------------------------------------------------------------

    def render_met_at(self, state: Travel) -> None:
        """While an encounter waits to be run: the hour it happens and its darkness, which
        the distance takes (:func:`omen.gurps.travel.met_at`), beside the clock's now."""
        line = dom.bound("travel-met-at", self.root)
        if state.encounter:
            when = met_at(state, self.hours(), *self.clock())
            said = Step(
                N_(
                    "The encounter happens as the travel turn begins, on day {day} at"
                    " {hour}:00 ({light}, {penalty})."
                ),
                {
                    "day": when.day,
                    "hour": when.hour,
                    "light": Step(DARKNESS_NAME[when.darkness]),
                    "penalty": str(when.darkness).replace("-", "−"),
                },
            )
            dom.text(line, self.t(said))
        dom.show(line, state.encounter)

    def render(self) -> None:
        state, panel = self.state, self.root
        library = self.library()
        last = state.last
        title = dom.bound("travel-title", panel)
        dom.text(
            title, self.t(last.title) if last is not None else self.tr(N_("No travel check yet."))
        )
        title.dataset.kind = last.kind if last is not None else ""
        details = dom.bound("travel-details", panel)
        dom.show(details, last is not None)
        self.app.fill_list(dom.bound("travel-steps", panel), last.steps if last else ())
        panels.show_met(
            self,
            dom.bound("travel-met", panel),
            dom.bound("travel-meet", panel),
            state.met,
            state.encounter,
        )
        self.render_met_at(state)
        dom.text(dom.bound("travel-turn", panel), str(state.turn))
        dom.text(
            dom.bound("travel-hours", panel),
            self.t(Step(N_("{hours} h"), {"hours": hours_on_road(state, self.hours())})),
        )
        dom.text(dom.bound("travel-time", panel), self.t(self.when().title))
        for radio in panel.querySelectorAll('input[name="travel-check"]'):
            radio.checked = str(radio.value) == state.check.value
        tables = [(table.id, table.name) for table in library.tables]
        chooser = dom.bound("travel-table", panel)
        chosen = (state.table or NO_TABLE) if library.find_table(state.table or "") else NO_TABLE
        fields.choices(chooser, [(NO_TABLE, self.tr(N_("Choose a table"))), *tables], chosen)
        panels.fill_locations(self, dom.bound("travel-location", panel))
        dom.show(dom.bound("travel-table-row", panel), state.check is TravelCheck.TABLE)
        lines: list[Step] = []
        try:
            odds = travel_odds(state, library, depth_limit(self.app.campaign.values))
        except RulesError as problem:
            lines.append(problem.message)
        else:
            percent = self.app.translator.percent
            tool = Step(CHECK_NAMES[state.check])
            lines.append(
                Step(
                    N_("{tool}: an encounter on the next travel turn: {chance}"),
                    {"tool": tool, "chance": percent(odds.encounter)},
                )
            )
            lines.append(
                Step(
                    N_("A sign or a clue on the next travel turn: {chance}"),
                    {"chance": percent(odds.sign)},
                )
            )
            lines.append(
                Step(
                    N_("An encounter within three travel turns: {chance}"),
                    {"chance": percent(odds.within_three)},
                )
            )
        self.app.fill_list(dom.bound("travel-odds", panel), lines)
        self.render_march(state)
        self.render_span()
        self.lights.render()
        self.lights.render_warnings(state.last)

    def picked(self) -> Span | None:
        """The span picked, or None while the number is half typed."""
        return timepasses.read_span(
            self.bound("travel-span-count"), self.bound("travel-span-unit"), SPAN_UNITS
        )

    def render_span(self) -> None:
        """The span picker, and the exact chance of an encounter and of a sign or clue
        within the span."""
        from omen.campaign.exploration import EncounterKind
        from omen.gurps.span import look_ahead, span_text, span_turns

        timepasses.fill_units(self, self.bound("travel-span-unit"), SPAN_UNITS, SPAN_LABELS)
        span = self.picked()
        lines: list[Step] = []
        if span is not None:
            state, hours = self.state, self.hours()
            try:
                turns = span_turns(span, hours)
                kinds = look_ahead(
                    state, self.library(), hours, span, depth_limit(self.app.campaign.values)
                )
            except RulesError as error:  # a span the travel turns do not fit, or no table
                self.fill_steps("travel-span-odds", [error.message])
                return
            for kind, chance in kinds:
                args: dict[str, str | Step] = {
                    "span": span_text(span, turns),
                    "chance": self.app.translator.percent(chance),
                }
                said = (
                    N_("In the next {span}: {chance} at least one sign or clue.")
                    if kind is EncounterKind.SIGN
                    else N_("In the next {span}: {chance} at least one encounter.")
                )
                lines.append(Step(said, args))
            lines.extend(self.lights.ahead(turns * hours, TimeUnit.HOUR))
        self.fill_steps("travel-span-odds", lines)

    def render_march(self, state: Travel) -> None:
        """The day's march: the party's Move and the ground, and the miles it makes."""
        move = self.bound("travel-move")
        if str(move.value) != str(state.move) and not move.matches(":focus"):
            move.value = str(state.move)
        fields.choices(
            self.bound("travel-ground"),
            [(g.value, self.tr(GROUND_NAMES[g])) for g in Ground],
            state.ground.value,
        )
        _miles, steps = march(state, bool(self.bound("travel-hiking").checked))
        self.fill_steps("travel-march", steps)

"""The Old-School Essentials travel day on the Explore screen: the party's slowest speed,
its route, guide, forced march and what it does with the day; the day's exact odds; and
*Roll the day*, which rolls getting lost, food and the wandering-monster check in one
log entry that one Undo takes back.

The rules are :mod:`omen.ose.wilderness`'s. The terrain and the day count are the OSE
turn clock's (``ose_turn``), shared with the turn panel's wilderness day; the plan and the
journey's totals are ``ose_travel``. A day of travel leaves lights and timers alone.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from omen.campaign.state import Outcome
from omen.core.roll import N_, Step
from omen.ose import turn as ose_turn
from omen.ose import wilderness
from omen.ose.sequence import Place
from omen.ose.turn import Terrain, TurnState
from omen.ose.wilderness import Activity, Journey, Route
from omen_web.kit import dom, fields
from omen_web.kit import screen as kit
from omen_web.screens.common import panels
from omen_web.screens.ose.turn import met_here, show_terrain

if TYPE_CHECKING:
    from omen_web.kit.app import App


class OseTravelScreen(kit.Screen):
    app: App  # the kit's Host, with all of the app this screen uses
    name = "ose_travel"
    section = "explore"
    root_selector = '[data-panel="ose_travel"]'
    parts = ("ose_travel", "ose_turn", "exploration", "library", "campaign")
    games = frozenset({"ose"})

    # --- reading ----------------------------------------------------------------------

    @property
    def journey(self) -> Journey:
        """The journey as the store holds it."""
        value: Journey = self.store.get("ose_travel")
        return value

    @property
    def clock(self) -> TurnState:
        """The OSE turn clock: its terrain and day count."""
        value: TurnState = self.store.get("ose_turn")
        return value

    def build(self) -> None:
        self.render()

    def plan(self) -> Journey:
        """The journey with the plan as the form shows it."""
        speed = fields.whole(
            self.bound("osetravel-speed"),
            wilderness.MIN_SPEED,
            wilderness.MAX_SPEED,
            N_("Slowest movement rate (feet)"),
        )
        return replace(
            self.journey,
            speed=speed,
            route=Route(str(self.bound("osetravel-route").value)),
            activity=Activity(str(self.bound("osetravel-activity").value)),
            guide=bool(self.bound("osetravel-guide").checked),
            forced=bool(self.bound("osetravel-forced").checked),
        )

    # --- actions --------------------------------------------------------------------------

    def on_osetravel_plan(self, _target: Any, _event: Any) -> None:
        self.store.put("ose_travel", self.plan())

    def on_osetravel_terrain(self, target: Any, _event: Any) -> None:
        self.store.act(None, ose_turn=ose_turn.set_terrain(self.clock, Terrain(str(target.value))))

    def on_osetravel_location(self, target: Any, _event: Any) -> None:
        """The party's location, shared with the other turn procedures."""
        panels.choose_location(self, target)

    def on_osetravel_day(self, _target: Any, _event: Any) -> None:
        plan = self.plan()
        values = self.store.get("campaign").values
        library = self.store.get("library")
        location = self.store.get("exploration").location
        with panels.typed_dice(self, self.bound("osetravel-typed")) as dice:
            clock, journey, outcome = wilderness.travel_day(
                self.clock, plan, values, dice, library=library, location=location
            )
            self.store.act(outcome, ose_turn=clock, ose_travel=journey)

    def on_osetravel_new(self, _target: Any, _event: Any) -> None:
        title = Step(N_("A new wilderness journey begins."))
        clock = replace(self.clock, day=0, met="", encounter=False)
        self.store.act(
            Outcome(title, (), wilderness.KIND),
            ose_turn=clock,
            ose_travel=wilderness.new_journey(self.journey),
        )

    def on_osetravel_meet(self, _target: Any, _event: Any) -> None:
        self.app.begin_encounter(
            met_here(self), self.clock.found, procedure="ose", place=Place.WILDERNESS.value
        )

    def on_osetravel_food(self, _target: Any, _event: Any) -> None:
        """The food the hunt brought home, as the referee rules after its encounter."""
        fed = fields.whole(
            self.bound("osetravel-hunted"), 1, wilderness.MAX_FOOD, N_("People fed by the hunt")
        )
        journey, outcome = wilderness.record_food(self.journey, fed)
        self.bound("osetravel-hunted").value = ""
        self.store.act(outcome, ose_travel=journey)

    # --- drawing ------------------------------------------------------------------------

    def render(self) -> None:
        journey, clock = self.journey, self.clock
        dom.text(self.bound("osetravel-day"), str(clock.day))
        dom.text(self.bound("osetravel-miles"), str(journey.miles))
        dom.text(self.bound("osetravel-food"), str(journey.food))
        show_terrain(self, self.bound("osetravel-terrain"), self.bound("osetravel-terrain-hint"))
        fields.choices(
            self.bound("osetravel-route"),
            [(r.value, self.tr(wilderness.ROUTE_NAMES[r])) for r in Route],
            journey.route.value,
        )
        fields.choices(
            self.bound("osetravel-activity"),
            [(a.value, self.tr(wilderness.ACTIVITY_NAMES[a])) for a in Activity],
            journey.activity.value,
        )
        speed = self.bound("osetravel-speed")
        if str(speed.value) != str(journey.speed) and not speed.matches(":focus"):
            speed.value = str(journey.speed)
        self.bound("osetravel-guide").checked = journey.guide
        self.bound("osetravel-forced").checked = journey.forced
        panels.fill_locations(self, self.bound("osetravel-location"))
        self.render_result(journey, clock)
        self.render_odds(journey, clock)
        self.fill_steps("osetravel-warnings", warnings(journey))

    def render_result(self, journey: Journey, clock: TurnState) -> None:
        title = self.bound("osetravel-title")
        details = self.bound("osetravel-details")
        met = self.bound("osetravel-met")
        meet = dom.one('[data-action="osetravel-meet"]', self.root)
        last = journey.last
        if last is None:
            dom.text(title, self.tr(N_("Set the day's plan, then tap Roll the day.")))
            title.dataset.kind = ""
            dom.show(details, False)
            panels.show_met(self, met, meet, "", False)
            return
        dom.text(title, self.t(last.title))
        title.dataset.kind = last.kind
        self.fill_steps("osetravel-steps", last.steps)
        dom.show(details, bool(last.steps))
        fresh = clock.last == last  # the clock's encounter is this day's
        panels.show_met(self, met, meet, met_here(self) if fresh else "", fresh and clock.encounter)
        dom.show(self.bound("osetravel-hunt"), journey.game and fresh)

    def render_odds(self, journey: Journey, clock: TurnState) -> None:
        percent = self.app.translator.percent
        clock = ose_turn.at_location(
            clock, self.store.get("library"), self.store.get("exploration").location
        )
        terrain = clock.terrain
        lines = list(wilderness.odds(journey, terrain))
        if wilderness.travels(journey):
            lines.append(
                Step(
                    N_("Lost today: {chance}"),
                    {"chance": percent(wilderness.lost_chance(journey, terrain))},
                )
            )
        if wilderness.food_faces(journey):
            lines.append(
                Step(
                    N_("Food today: {chance}"),
                    {"chance": percent(wilderness.food_chance(journey))},
                )
            )
        if wilderness.game_faces(journey):
            lines.append(
                Step(
                    N_("Game animals today: {chance}"),
                    {"chance": percent(wilderness.game_chance(journey))},
                )
            )
        day = ose_turn.day_odds(replace(clock, last=None))
        lines.append(
            Step(N_("Wandering monsters today: {chance}"), {"chance": percent(day.chance)})
        )
        self.fill_steps("osetravel-odds", lines)


def warnings(journey: Journey) -> tuple[Step, ...]:
    """What the referee should know before the next day: a rest due, a party astray."""
    steps: list[Step] = []
    if journey.must_rest:
        steps.append(Step(N_("After the forced march the party must rest today.")))
    elif journey.days_travelled == wilderness.TRAVEL_DAYS_BEFORE_REST:
        steps.append(Step(N_("Six days of travel: today should be a day of rest.")))
    elif journey.days_travelled > wilderness.TRAVEL_DAYS_BEFORE_REST:
        steps.append(
            Step(
                N_("No day of rest: -{penalty} to attack and damage until the party rests."),
                {"penalty": wilderness.NOT_RESTING_PENALTY},
            )
        )
    if journey.lost:
        steps.append(Step(N_("The party is lost: its course is not the one it meant.")))
    return tuple(steps)

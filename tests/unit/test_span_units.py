"""Span units crossing every light and timer, game by game: each unit a game lets time
pass in (turns, hours, days, real minutes, scenes) against each unit its lights and
timers count in. The counts expected are written out from the rule (an hour is six
ten-minute turns, a day 24 hours or 144 ten-minute turns, a day ends every scene), not
worked out by the code under test. The End of the World's scenes and days are in
test_timers.py; the rule itself, pair by pair, too.
"""

from __future__ import annotations

import pytest

from omen.campaign.clock import Span, pass_exploration
from omen.campaign.clock import Unit as SpanUnit
from omen.campaign.exploration import Procedure
from omen.campaign.state import Exploration
from omen.campaign.tables import Library
from omen.campaign.timers import LightKind, Timers, Unit, add_light, add_timer, tick
from omen.core.dice import ScriptedDice
from omen.gurps.span import pass_travel
from omen.gurps.travel import Travel, camp, hours_on_road
from omen.ose import span as ose_span
from omen.ose import turn as ose
from omen.ose import wilderness

QUIET = ScriptedDice([6] * 200)  # a 6 brings nothing on the Encounter Die or an OSE check


def ends_exactly_at(units: int, unit: Unit, passed: int) -> None:
    """A timer with ``units`` left ends when ``passed`` units go by; one more lasts."""
    state = add_timer(add_light(Timers(), LightKind.TORCH, units + 1, unit), "Ward", units, unit)
    after, burn = tick(state, passed, unit)
    assert [x.left for x in after.entries] == [1]
    assert [entry.name for entry, _ in burn.ended] == ["Ward"]


# --- Liminal Horror: exploration turns, spans in turns, hours and real minutes ---------------


@pytest.mark.parametrize(
    ("span", "minutes", "turns"),
    [
        (Span(3, SpanUnit.TURN), 10, 3),
        (Span(1, SpanUnit.HOUR), 10, 6),
        (Span(2, SpanUnit.HOUR), 20, 6),
        (Span(1, SpanUnit.HOUR), 60, 1),
        (Span(50, SpanUnit.REAL), 10, 2),  # a turn for every 25 real minutes
    ],
)
def test_liminal_horror_a_span_takes_its_turns_off_the_lights(
    span: Span, minutes: int, turns: int
) -> None:
    before = Exploration(procedure=Procedure.ENCOUNTER_DIE)
    values = {"turn.minutes": minutes, "reminder.minutes": 25}
    after, _ = pass_exploration(before, values, QUIET, span)  # type: ignore[arg-type]
    passed = after.clock.turn - before.clock.turn
    assert passed == turns
    ends_exactly_at(turns, Unit.TURN, passed)


# --- GURPS: hours, spans in travel turns, hours and days, and a night in camp ----------------


@pytest.mark.parametrize(
    ("span", "hours"),
    [
        (Span(1, SpanUnit.TURN), 4),
        (Span(3, SpanUnit.TURN), 12),
        (Span(8, SpanUnit.HOUR), 8),
        (Span(1, SpanUnit.DAY), 24),
        (Span(2, SpanUnit.DAY), 48),
    ],
)
def test_gurps_a_span_takes_its_hours_off_the_lights(span: Span, hours: int) -> None:
    before = Travel()
    after, _ = pass_travel(before, Library(), None, 4, QUIET, span)
    passed = hours_on_road(after, 4) - hours_on_road(before, 4)
    assert passed == hours
    ends_exactly_at(hours, Unit.HOUR, passed)


def test_gurps_a_night_in_camp_takes_its_hours_off_the_lights() -> None:
    before = Travel(turn=3)  # set out at 8:00: now 20:00, camp until 7:00
    after, _ = camp(before, 4)
    passed = hours_on_road(after, 4) - hours_on_road(before, 4)
    assert passed == 11
    ends_exactly_at(11, Unit.HOUR, passed)


# --- Old-School Essentials: ten-minute turns, spans in turns, hours and wilderness days -------


def torch_and_lantern(mode: ose.Mode) -> ose.TurnState:
    state = ose.add_light(ose.TurnState(mode=mode), ose.LightKind.TORCH)
    state = ose.add_light(state, ose.LightKind.LANTERN)
    return ose.add_timer(state, "Long ward", 150)


@pytest.mark.parametrize(
    ("span", "torch", "lantern", "ward"),
    [
        (Span(5, SpanUnit.TURN), 1, 19, 145),
        (Span(6, SpanUnit.TURN), None, 18, 144),
        (Span(1, SpanUnit.HOUR), None, 18, 144),
        (Span(4, SpanUnit.HOUR), None, None, 126),
    ],
)
def test_ose_a_dungeon_span_burns_its_turns(
    span: Span, torch: int | None, lantern: int | None, ward: int
) -> None:
    state, result = ose_span.pass_time(torch_and_lantern(ose.Mode.DUNGEON), {}, QUIET, span)
    left = {x.kind: x.left for x in state.lights}
    assert (left.get(ose.LightKind.TORCH), left.get(ose.LightKind.LANTERN)) == (torch, lantern)
    assert [x.left for x in state.timers] == [ward]
    assert ("Torch 1 goes out." in result.title.english()) is (torch is None)


def test_ose_a_wilderness_day_puts_every_torch_and_lantern_out() -> None:
    state = torch_and_lantern(ose.Mode.WILDERNESS)
    ahead = [s.english() for s in ose_span.look_ahead(state, {}, Span(2, SpanUnit.DAY))]
    assert ahead[1:] == [
        "Torch 1 will go out (day 1 of 2).",
        "Lantern 1 will go out (day 1 of 2).",
        "Timer 'Long ward' will run out (day 2 of 2).",
    ]
    after, result = ose_span.pass_time(state, {}, QUIET, Span(1, SpanUnit.DAY))
    assert after.lights == () and [x.left for x in after.timers] == [6]
    assert result.title.english() == (
        "Time passes (1 day). Day 1: 24 miles through Clear; no wandering monsters. "
        "Torch 1 goes out. 1 more light or timer ran out too. In all: 24 miles."
    )
    after, result = ose_span.pass_time(state, {}, QUIET, Span(2, SpanUnit.DAY))
    assert after.lights == () and after.timers == ()


def test_ose_a_travel_day_names_the_light_that_went_out() -> None:
    clock = ose.add_light(ose.TurnState(), ose.LightKind.TORCH)
    clock, _plan, outcome = wilderness.travel_day(
        clock, wilderness.Journey(route=wilderness.Route.ROAD), {}, QUIET
    )
    assert clock.lights == ()
    assert outcome.title.english().endswith("Torch 1 goes out.")

"""Days of wilderness travel passing as a span (issue 43, item 2), from the OSE SRD's
*Wilderness Adventuring* in our words: each day of the span is the whole travel day
(:func:`omen.ose.wilderness.travel_day`: miles, getting lost, food, rest, the check),
played in order with the first encounter stopping the run; one result for the span.

The span is checked against ``travel_day`` played day by day with the same scripted
dice, and its look-ahead against every way the dice can fall."""

from __future__ import annotations

import itertools
import random
from dataclasses import replace
from fractions import Fraction

import pytest

from omen.campaign.clock import Span, Unit
from omen.campaign.tables import Entry, Library, Location, Table
from omen.core.dice import ScriptedDice
from omen.core.errors import RulesError
from omen.ose import span as ose_span
from omen.ose import wilderness as w
from omen.ose.turn import Mode, Terrain, TurnState
from omen.ose.wilderness import Activity, Journey, Route

WILD = TurnState(mode=Mode.WILDERNESS)

PLANS = [
    Journey(),
    Journey(speed=90, activity=Activity.FORAGE),
    Journey(speed=60, forced=True),
    Journey(route=Route.ROAD),
    Journey(route=Route.TRAIL, activity=Activity.FORAGE),
    Journey(guide=True),
    Journey(activity=Activity.REST, days_travelled=7),
    Journey(activity=Activity.HUNT),
    Journey(days_travelled=4),
    Journey(must_rest=True, days_travelled=2),
]

FENS = Library(
    tables=(Table("fens", "Fens", "d6", tuple(Entry(f"Creature {n}", n, n) for n in range(1, 7))),),
    locations=(Location("road", "The fen road", encounter="fens", terrain="swamp"),),
)


def day_by_day(
    clock: TurnState, plan: Journey, faces: list[int], days: int, **where: object
) -> tuple[TurnState, Journey, list[str]]:
    """``travel_day`` played ``days`` times by hand, stopping at the first encounter."""
    dice = ScriptedDice(faces)
    said: list[str] = []
    for _ in range(days):
        clock, plan, outcome = w.travel_day(clock, plan, {}, dice, **where)  # type: ignore[arg-type]
        said.append(outcome.title.english())
        said.extend(step.english() for step in outcome.steps)
        if outcome.kind == "encounter":
            break
    return clock, plan, said


@pytest.mark.parametrize("plan", PLANS, ids=lambda p: f"{p.activity.value}-{p.route.value}")
@pytest.mark.parametrize("terrain", [Terrain.CLEAR, Terrain.FOREST, Terrain.SWAMP])
@pytest.mark.parametrize("seed", range(12))
def test_a_span_of_days_is_travel_day_played_day_by_day(
    plan: Journey, terrain: Terrain, seed: int
) -> None:
    rng = random.Random(seed)
    days = rng.randint(1, 8)
    faces = [rng.randint(1, 6) for _ in range(4 * days)]
    clock = replace(WILD, terrain=terrain, day=rng.randint(0, 5))
    by_hand, journey, said = day_by_day(clock, plan, faces, days)
    after, passed, result = ose_span.pass_days(
        clock, plan, {}, ScriptedDice(faces), Span(days, Unit.DAY)
    )
    # the clock and the journey are the same, day count, miles, food, rest and lost
    assert replace(after, last=None) == replace(by_hand, last=None)
    assert replace(passed, last=None) == replace(journey, last=None)
    assert after.last == passed.last == result
    # every day's headline and steps are in the span's steps, in order
    assert [step.english() for step in result.steps] == said
    played = after.day - clock.day
    stopped = result.kind == "encounter"
    assert played == days or stopped
    assert f"In all: {passed.miles - plan.miles} mile" in result.title.english()


def test_the_first_encounter_stops_the_run_and_opens_it() -> None:
    """On the fen road (swamp, 12 miles at 120'): day 1 keeps its course (4) and meets
    nobody (5); day 2 is lost (2) and meets the road's creature 3 (1, 3); day 3 never
    comes."""
    after, plan, result = ose_span.pass_days(
        WILD,
        Journey(),
        {},
        ScriptedDice([4, 5, 2, 1, 3, 6, 6]),
        Span(3, Unit.DAY),
        library=FENS,
        location="road",
    )
    assert (after.day, plan.miles, plan.lost, result.kind) == (2, 24, True, "encounter")
    assert after.encounter and after.met == "Creature 3"
    assert result.title.english() == (
        "Time passes (3 days): stopped after 2 by an encounter. "
        "Day 2: 12 miles through Swamp; lost; wandering monsters! In all: 24 miles."
    )


def test_a_forced_march_then_the_rest_it_owes_and_six_days_in_the_steps() -> None:
    forced = Journey(forced=True, days_travelled=4)
    _after, plan, result = ose_span.pass_days(
        WILD, forced, {}, ScriptedDice([6] * 12), Span(3, Unit.DAY)
    )
    said = [step.english() for step in result.steps]
    assert plan.miles == 36 + 24 + 24  # half again on the first day only
    assert "Forced march: half as far again; tomorrow the party must rest." in said
    assert "The party marched on after a forced march: it needed a day of rest." in said
    assert "No day of rest: -1 to attack and damage until the party rests." in said
    assert plan.days_travelled == 7 and not plan.forced


def test_days_are_refused_in_a_dungeon_and_turns_in_the_wilderness() -> None:
    with pytest.raises(RulesError):
        ose_span.pass_days(TurnState(), Journey(), {}, ScriptedDice([]), Span(1, Unit.DAY))
    with pytest.raises(RulesError):
        ose_span.pass_days(WILD, Journey(), {}, ScriptedDice([]), Span(1, Unit.TURN))


# --- Next day: the turn panel's day is the travel panel's day -----------------------------


@pytest.mark.parametrize("plan", PLANS, ids=lambda p: f"{p.activity.value}-{p.route.value}")
@pytest.mark.parametrize("terrain", [Terrain.CLEAR, Terrain.FOREST, Terrain.SWAMP])
@pytest.mark.parametrize("seed", range(6))
def test_next_day_is_the_travel_day_with_the_same_dice(
    plan: Journey, terrain: Terrain, seed: int
) -> None:
    """Next day (the turn panel) and Roll the day (``travel_day``) play one and the same
    day from the same plan and faces: clock, journey and result, steps and all."""
    rng = random.Random(seed)
    faces = [rng.randint(1, 6) for _ in range(6)]
    clock = replace(WILD, terrain=terrain, day=rng.randint(0, 5))
    where = {"library": FENS, "location": "road"} if seed % 2 else {}
    rolled = w.travel_day(clock, plan, {}, ScriptedDice(faces), **where)  # type: ignore[arg-type]
    nexted = ose_span.next_day(clock, plan, {}, ScriptedDice(faces), **where)  # type: ignore[arg-type]
    assert nexted == rolled
    after, journey, result = nexted
    assert after.last == journey.last == result  # both panels show this day
    # and the same day as a span of one day plays
    spanned, passed, _ = ose_span.pass_days(
        clock,
        plan,
        {},
        ScriptedDice(faces),
        Span(1, Unit.DAY),
        **where,  # type: ignore[arg-type]
    )
    assert replace(spanned, last=None) == replace(after, last=None)
    assert replace(passed, last=None) == replace(journey, last=None)


def test_next_day_travels_gets_lost_and_counts_toward_rest() -> None:
    """Not the check alone: in forest at 120' the day covers 16 miles, its lost die (2)
    strays, and it is the sixth day of travel; the check (5) meets nobody."""
    clock, plan, result = ose_span.next_day(
        replace(WILD, terrain=Terrain.FOREST, day=5),
        Journey(days_travelled=5),
        {},
        ScriptedDice([2, 5]),
    )
    assert (clock.day, plan.miles, plan.lost, plan.days_travelled) == (6, 16, True, 6)
    assert result.title.english() == "Day 6: 16 miles through Forest; lost; no wandering monsters."
    said = [step.english() for step in result.steps]
    assert "Six days of travel: the next day should be a rest." in said


def test_next_day_is_refused_in_a_dungeon() -> None:
    with pytest.raises(RulesError):
        ose_span.next_day(TurnState(), Journey(), {}, ScriptedDice([6, 6]))


# --- the look-ahead, against every way the dice can fall ---------------------------------


def enumerate_days(clock: TurnState, plan: Journey, days: int) -> tuple[Fraction, Fraction]:
    """The share of all face sequences (two d6 a day: the lost die, then the check) whose
    span meets an encounter, and whose played days include a lost one."""
    met = lost = 0
    total = 0
    for faces in itertools.product(range(1, 7), repeat=2 * days):
        _after, _passed, result = ose_span.pass_days(
            clock, plan, {}, ScriptedDice(list(faces)), Span(days, Unit.DAY)
        )
        total += 1
        met += result.kind == "encounter"
        lost += any("the party is lost!" in step.english() for step in result.steps)
    return Fraction(met, total), Fraction(lost, total)


@pytest.mark.parametrize(
    "terrain", [Terrain.CLEAR, Terrain.FOREST, Terrain.SWAMP, Terrain.MOUNTAINS]
)
@pytest.mark.parametrize("days", [1, 2])
@pytest.mark.parametrize("plan", [Journey(), Journey(activity=Activity.HUNT)])
def test_the_look_ahead_is_the_share_of_every_fall_of_the_dice(
    terrain: Terrain, days: int, plan: Journey
) -> None:
    """Two d6 a day: across country the lost die and the check; hunting, the hunt's die
    (game animals on 1) and the check."""
    clock = replace(WILD, terrain=terrain)
    assert ose_span.days_chances(clock, plan, days) == enumerate_days(clock, plan, days)


def test_the_look_ahead_in_words() -> None:
    forest = replace(WILD, terrain=Terrain.FOREST)
    lines = ose_span.days_look_ahead(forest, Journey(days_travelled=4), Span(3, Unit.DAY))
    # an encounter: 1 - (2/3)^3; lost (its die before the check, days after an
    # encounter not played): 1/3 + (2/3)^2 1/3 + (2/3)^4 1/3 = 133/243
    assert ose_span.days_chances(forest, Journey(), 3) == (
        1 - Fraction(2, 3) ** 3,
        Fraction(133, 243),
    )
    assert [line.english() for line in lines] == [
        "In the next 3 days: 70.4% at least one encounter.",
        "In the next 3 days: 54.7% lost at least once.",
        "Each day as the travel day plans it: 16 miles through Forest.",
        "After day 2 of the span a day of rest is due.",
    ]
    road = ose_span.days_look_ahead(forest, Journey(route=Route.ROAD), Span(2, Unit.DAY))
    assert road[1].english() == "The party cannot get lost on these days."
    fens = ose_span.days_look_ahead(
        WILD, Journey(), Span(1, Unit.DAY), library=FENS, location="road"
    )
    assert fens[-1].english() == "Each day as the travel day plans it: 12 miles through Swamp."

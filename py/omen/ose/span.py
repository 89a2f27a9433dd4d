"""Time passes on the Old-School Essentials clock: a span of dungeon turns or hours, or
days of wilderness travel, played turn by turn (:mod:`omen.campaign.clock`).

Sources: the OSE SRD, *Dungeon Adventuring* and *Wandering Monsters*, in our own words
(the turn itself is :mod:`omen.ose.turn`'s). An hour is six ten-minute turns. Each turn
of the span is an ordinary dungeon turn: the wandering-monster check when the schedule
(or noise, on the span's first turn only) calls for one, rest counted, every light and
timer burning down. A party that rests for the span rests every turn of it. The first
wandering monsters stop the run. The span's headline names the first light or timer
that ended in it.

**In the wilderness** the span is counted in days, and each day is a whole day as the
travel day plays it (:func:`omen.ose.wilderness.travel_day`, :func:`pass_days`): the
miles by terrain and speed, the getting-lost roll when the party goes across country,
foraging or hunting when chosen, a forced march's day of rest, the rest due after six
days of travel, and the day's wandering-monster check, at the terrain of the location
when it names one. The days are played in order; the first encounter stops the run;
the whole span is one result (one log entry, one Undo). The turn panel's *Next day* is
that same travel day, once (:func:`next_day`): one day, one rule, whichever button plays it.

The look-ahead is exact and uses the turn's own odds (:func:`omen.ose.turn.turn_odds`,
what the roll uses) turn by turn, the schedule included; over days of travel it names
the chance of at least one encounter and of getting lost at least once among the days
played (:func:`days_look_ahead`).

>>> from omen.core.dice import ScriptedDice
>>> from omen.campaign.clock import Span, Unit
>>> from omen.ose.turn import LightKind, TurnState, add_light
>>> state = add_light(TurnState(), LightKind.TORCH)
>>> state, result = pass_time(state, {}, ScriptedDice([4, 5, 6]), Span(1, Unit.HOUR))
>>> result.title.english()
'Time passes (1 hour). Turn 6: wandering monsters? 6 on the d6: nobody comes. Torch 1 goes out.'
>>> state.turn, state.lights
(6, ())
>>> [s.english() for s in look_ahead(TurnState(), {}, Span(3, Unit.TURN))]
['In the next 3 dungeon turns: 16.7% at least one wandering monster.', 'Rest due in 5 turns.']

Three days through forest, foraging: each day its lost die, its forage die and its check.

>>> from omen.ose.turn import Mode, Terrain
>>> from omen.ose.wilderness import Activity, Journey
>>> forest = TurnState(mode=Mode.WILDERNESS, terrain=Terrain.FOREST)
>>> clock, plan, result = pass_days(forest, Journey(activity=Activity.FORAGE), {},
...     ScriptedDice([3, 1, 4, 5, 6, 6, 4, 2, 5, 1]), Span(3, Unit.DAY))
>>> result.title.english()
'Time passes (3 days). Day 3: 16 miles through Forest; lost; wandering monsters! In all: 48 miles.'
>>> plan.miles, plan.food, plan.days_travelled, clock.day
(48, 4, 3, 3)
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from dataclasses import replace
from fractions import Fraction
from functools import lru_cache

from omen.campaign.clock import (
    Span,
    Unit,
    chance_within,
    constant_transition,
    outcome,
    run,
)
from omen.campaign.exploration import EncounterKind
from omen.campaign.state import Outcome
from omen.campaign.tables import Library
from omen.campaign.timers import UNIT_NAMES, taken_by
from omen.campaign.timers import Unit as Counted
from omen.core.dice import Dice
from omen.core.errors import RulesError
from omen.core.roll import N_, Step
from omen.core.setting import Value
from omen.ose import turn as ose
from omen.ose import wilderness
from omen.ose.turn import LIGHT_NAMES, REST_EVERY, TURN_MINUTES, Mode, TurnState
from omen.ose.wilderness import Journey, travel_day

UNITS: Mapping[Mode, tuple[Unit, ...]] = {
    Mode.DUNGEON: (Unit.TURN, Unit.HOUR),
    Mode.WILDERNESS: (Unit.DAY,),
}


def span_text(span: Span) -> Step:
    """The span in OSE's words: dungeon turns, hours or days."""
    if span.unit is Unit.TURN:
        return Step(
            N_("{count} dungeon turn"), {"count": span.count}, plural=N_("{count} dungeon turns")
        )
    return span.text()


def _fits(state: TurnState, span: Span) -> None:
    if span.unit not in UNITS[state.mode]:
        raise RulesError(
            Step(N_("In the wilderness time passes in days; in a dungeon, in turns or hours."))
        )


def pass_time(
    state: TurnState,
    values: Mapping[str, Value],
    dice: Dice,
    span: Span,
    *,
    rest: bool = False,
    noise: bool = False,
    library: Library | None = None,
    location: str | None = None,
) -> tuple[TurnState, Outcome]:
    """Let ``span`` pass: each turn (or day) played in order, stopping at the first
    wandering monsters; one result for the whole span."""
    _fits(state, span)
    if state.mode is Mode.WILDERNESS:  # whole days of travel, as a fresh journey plans them
        after, _plan, result = pass_days(
            state, Journey(), values, dice, span, library=library, location=location
        )
        return after, result
    planned = span.turns(TURN_MINUTES)
    first = state.turn

    def one(now: TurnState) -> tuple[TurnState, Outcome]:
        return ose.next_turn(
            now,
            values,
            dice,
            noise=noise and now.turn == first,
            rest=rest,
            library=library,
            location=location,
        )

    after, ran, steps, last = run(state, planned, one)
    if last is not None:  # the span's headline names every ending once, below
        last = replace(last, title=_without_endings(last.title))
    result = outcome(span, ran, steps, last, span_text(span))
    result = replace(result, title=ose.with_endings(result.title, steps))
    return replace(after, last=result), result


def pass_days(
    clock: TurnState,
    plan: Journey,
    values: Mapping[str, Value],
    dice: Dice,
    span: Span,
    *,
    library: Library | None = None,
    location: str | None = None,
) -> tuple[TurnState, Journey, Outcome]:
    """Let ``span`` days of travel pass, each the whole day ``plan`` makes of it
    (:func:`omen.ose.wilderness.travel_day`), in order, stopping at the first encounter:
    the clock and the journey after, and one result for the span (every day's headline
    and steps, the miles in all)."""
    if clock.mode is not Mode.WILDERNESS or span.unit is not Unit.DAY:
        raise RulesError(
            Step(N_("In the wilderness time passes in days; in a dungeon, in turns or hours."))
        )
    start = plan.miles

    def one(now: tuple[TurnState, Journey]) -> tuple[tuple[TurnState, Journey], Outcome]:
        day, journey, result = travel_day(
            now[0], now[1], values, dice, library=library, location=location
        )
        return (day, journey), result

    (after, journey), ran, steps, last = run((clock, plan), span.count, one)
    result = outcome(span, ran, steps, last, span_text(span))
    title = Step(
        N_("{headline} In all: {count} mile."),
        {"headline": result.title, "count": journey.miles - start},
        plural=N_("{headline} In all: {count} miles."),
    )
    result = replace(result, title=title)
    return replace(after, last=result), replace(journey, last=result), result


def next_day(
    clock: TurnState,
    plan: Journey,
    values: Mapping[str, Value],
    dice: Dice,
    *,
    library: Library | None = None,
    location: str | None = None,
) -> tuple[TurnState, Journey, Outcome]:
    """The clock's *Next day* in the wilderness: the whole travel day ``plan`` makes of
    it, the very day the travel panel's *Roll the day* plays
    (:func:`omen.ose.wilderness.travel_day`: miles, getting lost, food or game, rest and
    the check), so the clock and the journey move together. A dungeon has no days.

    >>> from omen.core.dice import ScriptedDice
    >>> from omen.ose.turn import Terrain
    >>> forest = TurnState(mode=Mode.WILDERNESS, terrain=Terrain.FOREST)
    >>> clock, plan, result = next_day(forest, Journey(), {}, ScriptedDice([3, 4]))
    >>> result.title.english(), plan.miles, plan.days_travelled, clock.day
    ('Day 1: 16 miles through Forest; no wandering monsters.', 16, 1, 1)
    """
    if clock.mode is not Mode.WILDERNESS:
        raise RulesError(
            Step(N_("In the wilderness time passes in days; in a dungeon, in turns or hours."))
        )
    return travel_day(clock, plan, values, dice, library=library, location=location)


def days_chances(
    clock: TurnState,
    plan: Journey,
    days: int,
    *,
    library: Library | None = None,
    location: str | None = None,
) -> tuple[Fraction, Fraction]:
    """The exact chances, over ``days`` days of travel played as :func:`pass_days` plays
    them (the first encounter ends the run), of at least one encounter and of the party
    getting lost at least once (on a day that is played; the lost die comes before the
    day's check).

    >>> from omen.ose.turn import Terrain
    >>> swamp = TurnState(mode=Mode.WILDERNESS, terrain=Terrain.SWAMP)
    >>> days_chances(swamp, Journey(), 2)
    (Fraction(3, 4), Fraction(5, 8))
    """
    here = ose.at_location(clock, library, location)
    met = wilderness.encounter_chance(plan, here.terrain)
    lost = wilderness.lost_chance(plan, here.terrain)
    encounter = chance_within(None, constant_transition(met), days)
    return encounter, chance_within(None, _lost_transition(lost, met), days, LOST)


LOST = "lost"  # what the lost look-ahead counts


@lru_cache(maxsize=64)
def _lost_transition(
    lost: Fraction, met: Fraction
) -> Callable[[None], tuple[tuple[Fraction, Hashable, None], ...]]:
    """One day for the lost look-ahead: lost (counted), else an encounter (the run ends),
    else on to the next day. One rule per pair of chances, so its sums are kept."""

    def step(_state: None) -> tuple[tuple[Fraction, Hashable, None], ...]:
        return (
            (lost, LOST, None),
            ((1 - lost) * met, EncounterKind.ENCOUNTER, None),
            ((1 - lost) * (1 - met), EncounterKind.NOTHING, None),
        )

    return step


def days_look_ahead(
    clock: TurnState,
    plan: Journey,
    span: Span,
    *,
    library: Library | None = None,
    location: str | None = None,
    percent: Callable[[Fraction], str] | None = None,
) -> tuple[Step, ...]:
    """Before a span of days: the chance of at least one encounter and of getting lost at
    least once, each day as the plan makes it, and a rest falling due within it."""
    show = percent or (lambda x: f"{float(x) * 100:.1f}%")
    here = ose.at_location(clock, library, location)
    met, lost = days_chances(clock, plan, span.count, library=library, location=location)
    each = (
        Step(
            N_("Each day as the travel day plans it: {count} mile through {terrain}."),
            {
                "count": wilderness.miles_per_day(plan, here.terrain),
                "terrain": Step(ose.TERRAIN_NAMES[here.terrain]),
            },
            plural=N_("Each day as the travel day plans it: {count} miles through {terrain}."),
        )
        if wilderness.travels(plan)
        else wilderness.plan_steps(plan, here.terrain, 0)[0]
    )
    lines = [
        Step(
            N_("In the next {span}: {chance} at least one encounter."),
            {"span": span_text(span), "chance": show(met)},
        )
    ]
    if wilderness.lost_faces(plan, here.terrain):
        lines.append(
            Step(
                N_("In the next {span}: {chance} lost at least once."),
                {"span": span_text(span), "chance": show(lost)},
            )
        )
    elif wilderness.travels(plan):
        lines.append(Step(N_("The party cannot get lost on these days.")))
    lines.append(each)
    if wilderness.travels(plan) and not plan.must_rest:
        due = wilderness.TRAVEL_DAYS_BEFORE_REST - plan.days_travelled
        if 0 < due <= span.count:
            lines.append(
                Step(
                    N_("After day {count} of the span a day of rest is due."),
                    {"count": due},
                )
            )
    return tuple(lines)


def _without_endings(title: Step) -> Step:
    """A turn's headline before :func:`omen.ose.turn.with_endings` added its endings."""
    if title.key in ("{headline} {ending}", "{headline} {ending} {more}"):
        inner = title.args["headline"]
        if isinstance(inner, Step):
            return inner
    return title


def chance_in(
    state: TurnState,
    values: Mapping[str, Value],
    span: Span,
    *,
    rest: bool = False,
    noise: bool = False,
) -> Fraction:
    """The exact chance of at least one wandering monster in the span.

    >>> from omen.campaign.clock import Span, Unit
    >>> chance_in(TurnState(), {}, Span(1, Unit.HOUR)) == 1 - Fraction(5, 6) ** 3
    True
    """
    _fits(state, span)
    if state.mode is Mode.WILDERNESS:
        return chance_within(None, constant_transition(ose.day_odds(state).chance), span.count)
    first = state.turn

    def transition(turn: int) -> tuple[tuple[Fraction, Hashable, int], ...]:
        odds = ose.turn_odds(
            replace(state, turn=turn), values, noise=noise and turn == first, rest=rest
        )
        return (
            (odds.chance, EncounterKind.ENCOUNTER, turn + 1),
            (1 - odds.chance, EncounterKind.NOTHING, turn + 1),
        )

    return chance_within(state.turn, transition, span.turns(TURN_MINUTES))


def _endings_within(state: TurnState, span: Span) -> list[Step]:
    """The lights and timers that end within the span, and when: in how many turns, or
    in a wilderness span on which day (a day holds 144 turns: omen.campaign.timers says
    how units relate)."""
    unit = Counted.DAY if state.mode is Mode.WILDERNESS else Counted.TURN
    count = span.count if unit is Counted.DAY else span.turns(TURN_MINUTES)
    lines: list[Step] = []
    things: list[tuple[int, Step, bool]] = [
        (
            x.left,
            Step(N_("{light} {number}"), {"light": Step(LIGHT_NAMES[x.kind]), "number": x.number}),
            True,
        )
        for x in state.lights
    ]
    things.extend(
        (x.left, Step(N_("Timer '{name}'"), {"name": x.name}), False) for x in state.timers
    )
    for left, what, light in things:
        _, at = taken_by(left, count, unit, Counted.TURN, TURN_MINUTES)
        if not at:
            continue
        if unit is Counted.DAY:
            said = (
                N_("{what} will go out ({unit} {at} of {count}).")
                if light
                else N_("{what} will run out ({unit} {at} of {count}).")
            )
            named = Step(UNIT_NAMES[unit])
            lines.append(Step(said, {"what": what, "unit": named, "at": at, "count": count}))
        elif light:
            lines.append(
                Step(
                    N_("{light} {number} goes out in {count} turn."),
                    {**what.args, "count": left},
                    plural=N_("{light} {number} goes out in {count} turns."),
                )
            )
        else:
            lines.append(
                Step(
                    N_("Timer '{name}' runs out in {count} turn."),
                    {**what.args, "count": left},
                    plural=N_("Timer '{name}' runs out in {count} turns."),
                )
            )
    return lines


def look_ahead(
    state: TurnState,
    values: Mapping[str, Value],
    span: Span,
    *,
    rest: bool = False,
    noise: bool = False,
    percent: Callable[[Fraction], str] | None = None,
) -> tuple[Step, ...]:
    """Before the span: the chance of wandering monsters in it, the lights and timers
    that end within it, and when rest falls due."""
    show = percent or (lambda x: f"{float(x) * 100:.1f}%")
    chance = chance_in(state, values, span, rest=rest, noise=noise)
    lines = [
        Step(
            N_("In the next {span}: {chance} at least one wandering monster."),
            {"span": span_text(span), "chance": show(chance)},
        )
    ]
    lines.extend(_endings_within(state, span))
    if not rest and state.mode is Mode.DUNGEON:
        due = REST_EVERY - 1 - state.since_rest
        if due <= 0:
            lines.append(Step(N_("Rest is due now.")))
        else:
            lines.append(
                Step(
                    N_("Rest due in {count} turn."),
                    {"count": due},
                    plural=N_("Rest due in {count} turns."),
                )
            )
    return tuple(lines)

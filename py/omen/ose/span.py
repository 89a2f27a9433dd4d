"""Time passes on the Old-School Essentials clock: a span of dungeon turns or hours, or
days of wilderness travel, played turn by turn (:mod:`omen.campaign.clock`).

Sources: the OSE SRD, *Dungeon Adventuring* and *Wandering Monsters*, in our own words
(the turn itself is :mod:`omen.ose.turn`'s). An hour is six ten-minute turns. Each turn
of the span is an ordinary dungeon turn: the wandering-monster check when the schedule
(or noise, on the span's first turn only) calls for one, rest counted, every light and
timer burning down. A party that rests for the span rests every turn of it. In the
wilderness the span is counted in days of travel, each its day's check. The first
wandering monsters stop the run. The span's headline names the first light or timer
that ended in it.

The look-ahead is exact and uses the turn's own odds (:func:`omen.ose.turn.turn_odds`,
what the roll uses) turn by turn, the schedule included.

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
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from dataclasses import replace
from fractions import Fraction

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
from omen.ose.turn import LIGHT_NAMES, REST_EVERY, TURN_MINUTES, Mode, TurnState

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
    one: Callable[[TurnState], tuple[TurnState, Outcome]]
    if state.mode is Mode.WILDERNESS:
        planned = span.count

        def one(now: TurnState) -> tuple[TurnState, Outcome]:
            # a day of travel: the entry point for the wilderness day procedure
            return ose.next_day(now, dice, values, library=library, location=location)

    else:
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

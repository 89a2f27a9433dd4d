"""Time passes on the GURPS road: a span of travel turns, hours or days, each travel
turn played in order with its check (:mod:`omen.campaign.clock`).

Omen's own procedure on top of :mod:`omen.gurps.travel` (GURPS leaves the frequency of
wilderness encounters to the game master). A span is counted in travel turns, in hours
(a whole number of travel turns of the ``gurps.travel_hours`` length) or in days of 24
hours on the road (when a travel turn divides the day). Each travel turn of the span is
the ordinary one: its check by the tool chosen, a sign rolled on the location's sign
table, an encounter on its encounter table. The first encounter stops the run; the
whole span is one result for the log and one Undo. Camps stay as they are (*Camp for
the night*, played on its own).

The look-ahead is exact and follows the same rule the roll does: the Encounter Die's
faces run through the die itself, a check table's chance of an entry that brings an
encounter from the table and its links (:func:`omen.gurps.travel.travel_odds`).

>>> from omen.campaign.clock import Span, Unit
>>> from omen.campaign.tables import Library
>>> from omen.core.dice import ScriptedDice
>>> state, result = pass_travel(Travel(), Library(), None, 4, ScriptedDice([4, 5, 6]), Span(12, Unit.HOUR))
>>> state.turn, result.title.english()
(3, 'Time passes (12 hours, 3 travel turns). Encounter Die 6: Nothing happens.')
>>> chance_in(Travel(), Library(), 4, Span(1, Unit.DAY))
Fraction(31031, 46656)
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import replace
from fractions import Fraction

from omen.campaign.clock import (
    MAX_SPAN_TURNS,
    Span,
    Transition,
    Unit,
    ahead,
    chance_within,
    constant_transition,
    encounter_die_transition,
    outcome,
    run,
)
from omen.campaign.exploration import EncounterKind
from omen.campaign.state import Exploration, Outcome
from omen.campaign.tables import DEFAULT_DEPTH, Library
from omen.campaign.timers import DAY_HOURS
from omen.core.dice import Dice
from omen.core.errors import RulesError
from omen.core.roll import N_, Step
from omen.gurps.travel import Travel, TravelCheck, travel_odds, travel_turn

UNITS = (Unit.TURN, Unit.HOUR, Unit.DAY)


def span_turns(span: Span, hours: int) -> int:
    """How many travel turns of ``hours`` hours the span holds.

    >>> span_turns(Span(2, Unit.DAY), 4)
    12
    >>> span_turns(Span(6, Unit.HOUR), 4)
    Traceback (most recent call last):
    omen.core.errors.RulesError: 6 hours are not a whole number of 4-hour travel turns: pass the time in travel turns.
    """
    if span.unit is Unit.TURN:
        turns = span.count
    elif span.unit in (Unit.HOUR, Unit.DAY):
        total = span.count * (DAY_HOURS if span.unit is Unit.DAY else 1)
        if hours < 1 or total % hours:
            raise RulesError(
                Step(
                    N_(
                        "{count} hours are not a whole number of {hours}-hour travel turns: "
                        "pass the time in travel turns."
                    ),
                    {"count": total, "hours": hours},
                )
            )
        turns = total // hours
    else:
        raise RulesError(Step(N_("On the road time passes in travel turns, hours or days.")))
    if turns > MAX_SPAN_TURNS:
        raise RulesError(Step(N_("At most {limit} turns pass at once."), {"limit": MAX_SPAN_TURNS}))
    return turns


def span_text(span: Span, turns: int) -> Step:
    """The span in words; hours and days say the travel turns they make."""
    if span.unit is Unit.TURN:
        return Step(
            N_("{count} travel turn"), {"count": span.count}, plural=N_("{count} travel turns")
        )
    return Step(
        N_("{span}, {count} travel turn"),
        {"span": span.text(), "count": turns},
        plural=N_("{span}, {count} travel turns"),
    )


def pass_travel(
    state: Travel,
    library: Library,
    exploration: Exploration | None,
    hours: int,
    dice: Dice,
    span: Span,
    depth_limit: int = DEFAULT_DEPTH,
) -> tuple[Travel, Outcome]:
    """Let ``span`` pass on the road: each travel turn played in order, stopping at the
    first encounter; one result for the whole span (the last turn's encounter, if any,
    is the one the Meet button takes on)."""
    turns = span_turns(span, hours)

    def one(now: Travel) -> tuple[Travel, Outcome]:
        return travel_turn(now, library, exploration, hours, dice, depth_limit)

    after, ran, steps, last = run(state, turns, one)
    result = outcome(span, ran, steps, last, span_text(span, turns))
    return replace(after, last=result), result


def travel_transition(
    state: Travel, library: Library, depth_limit: int = DEFAULT_DEPTH
) -> Transition[None]:
    """One travel turn's check as the roll makes it (:func:`omen.gurps.travel.travel_turn`):
    the Encounter Die's faces run through the die itself; a check table's rows that bring
    an encounter (violent, or asking for a reaction, along the links), a face no row
    covers for nothing, and every other row for a sign or clue found on the way."""
    if state.check is TravelCheck.TABLE:
        odds = travel_odds(state, library, depth_limit)
        return constant_transition(odds.encounter, odds.sign)
    return encounter_die_transition


def chance_in(
    state: Travel,
    library: Library,
    hours: int,
    span: Span,
    depth_limit: int = DEFAULT_DEPTH,
    kind: Hashable = EncounterKind.ENCOUNTER,
) -> Fraction:
    """The exact chance of at least one encounter (or result of ``kind``) in the span,
    by the tool chosen."""
    turns = span_turns(span, hours)
    return chance_within(None, travel_transition(state, library, depth_limit), turns, kind)


def look_ahead(
    state: Travel,
    library: Library,
    hours: int,
    span: Span,
    depth_limit: int = DEFAULT_DEPTH,
) -> tuple[tuple[Hashable, Fraction], ...]:
    """At least one encounter in the span, and at least one sign or clue (counted before
    the first encounter, which stops the run), each exact.

    >>> [(k.value, c) for k, c in look_ahead(Travel(), Library(), 4, Span(2, Unit.TURN))]
    [('encounter', Fraction(11, 36)), ('sign', Fraction(1, 2))]
    """
    turns = span_turns(span, hours)
    return ahead(None, travel_transition(state, library, depth_limit), turns)

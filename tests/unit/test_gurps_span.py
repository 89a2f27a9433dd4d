"""Time passes on the GURPS road (omen.gurps.span): the look-ahead against every face
sequence run through the span itself, spans in hours and days, an encounter stopping
the run, one result and the hours on the road after it."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from omen.campaign.clock import Span, Unit
from omen.campaign.tables import Entry, Library, Table
from omen.core.dice import ScriptedDice
from omen.core.errors import RulesError
from omen.gurps.daylight import time_of_day
from omen.gurps.span import chance_in, pass_travel, span_turns
from omen.gurps.travel import Travel, TravelCheck, hours_on_road, met_at, travel_turn

ROAD = Table(
    "road",
    "The north road",
    "d6",
    (
        Entry("Two ogres", 1, 1, violent=True),
        Entry("A trader", 2, 2, reaction=True),
        Entry("An empty camp", 3, 6),
    ),
)
LIBRARY = Library((ROAD,))


def enumerated(state: Travel, library: Library, hours: int, span: Span) -> Fraction:
    """The share of every d6 face sequence whose span meets an encounter."""
    turns = span_turns(span, hours)
    met = 0
    for faces in itertools.product(range(1, 7), repeat=turns):
        _after, result = pass_travel(state, library, None, hours, ScriptedDice(list(faces)), span)
        met += result.kind == "encounter"
    return Fraction(met, 6**turns)


@pytest.mark.parametrize(
    ("hours", "span"),
    [
        (4, Span(1, Unit.TURN)),
        (4, Span(3, Unit.TURN)),
        (4, Span(8, Unit.HOUR)),
        (8, Span(1, Unit.DAY)),
        (6, Span(18, Unit.HOUR)),
    ],
)
@pytest.mark.parametrize("check", [TravelCheck.ENCOUNTER_DIE, TravelCheck.TABLE])
def test_look_ahead_matches_every_face_sequence(hours: int, span: Span, check: TravelCheck) -> None:
    state = Travel(check, "road" if check is TravelCheck.TABLE else None)
    assert chance_in(state, LIBRARY, hours, span) == enumerated(state, LIBRARY, hours, span)


def test_a_day_of_four_hour_turns_is_six_checks() -> None:
    assert span_turns(Span(1, Unit.DAY), 4) == 6
    assert chance_in(Travel(), Library(), 4, Span(1, Unit.DAY)) == 1 - Fraction(5, 6) ** 6


def test_a_table_twice_as_likely_doubles_each_check() -> None:
    state = Travel(TravelCheck.TABLE, "road")  # ogres or a trader: 2 in 6
    assert chance_in(state, LIBRARY, 4, Span(2, Unit.TURN)) == 1 - Fraction(4, 6) ** 2


def test_hours_that_split_a_travel_turn_are_refused_with_a_sentence() -> None:
    with pytest.raises(RulesError) as caught:
        span_turns(Span(6, Unit.HOUR), 4)
    assert caught.value.message.english() == (
        "6 hours are not a whole number of 4-hour travel turns: pass the time in travel turns."
    )
    with pytest.raises(RulesError):
        span_turns(Span(1, Unit.DAY), 5)  # 24 hours are not whole 5-hour turns
    with pytest.raises(RulesError):
        span_turns(Span(60, Unit.REAL), 4)


def test_a_span_longer_than_144_travel_turns_is_refused() -> None:
    assert span_turns(Span(144, Unit.TURN), 4) == 144
    with pytest.raises(RulesError):
        span_turns(Span(25, Unit.DAY), 1)


def test_a_check_on_the_last_turn_is_rolled_and_the_hours_roll_on() -> None:
    state = Travel(camped=11)
    after, result = pass_travel(
        state, Library(), None, 4, ScriptedDice([5, 6, 4, 5, 6, 2]), Span(1, Unit.DAY)
    )
    assert after.turn == 6
    assert hours_on_road(after, 4) == 24 + 11
    assert result.kind != "encounter"
    assert result.title.english() == (
        "Time passes (1 day, 6 travel turns). Encounter Die 2: A sign, omen or clue."
    )
    begins = [s.english() for s in result.steps if "begins" in s.english()]
    assert len(begins) == 6
    assert after.last == result


def test_an_encounter_stops_the_run_and_is_met_from_the_table() -> None:
    state = Travel(TravelCheck.TABLE, "road")
    after, result = pass_travel(
        state, LIBRARY, None, 4, ScriptedDice([4, 1, 6]), Span(3, Unit.TURN)
    )
    assert after.turn == 2
    assert after.encounter and after.met == "Two ogres"
    assert result.kind == "encounter"
    assert result.title.english() == (
        "Time passes (3 travel turns): stopped after 2 by an encounter. "
        "The north road: an encounter: Two ogres"
    )


def test_a_missing_check_table_is_said_before_and_on_the_roll() -> None:
    state = Travel(TravelCheck.TABLE, "gone")
    with pytest.raises(RulesError):
        chance_in(state, LIBRARY, 4, Span(1, Unit.TURN))
    with pytest.raises(RulesError):
        pass_travel(state, LIBRARY, None, 4, ScriptedDice([1]), Span(1, Unit.TURN))


def test_an_encounter_mid_span_is_met_in_the_darkness_of_its_own_hour() -> None:
    """A day of 4-hour travel turns set out at 8:00: the fifth turn's check (the table's
    ogres) is made at midnight, in the night's starlight; its turn ends at 4:00 in deep
    twilight and the whole day would have ended at 8:00 in daylight."""
    state = Travel(TravelCheck.TABLE, "road")
    after, result = pass_travel(
        state, LIBRARY, None, 4, ScriptedDice([4, 5, 6, 3, 1]), Span(1, Unit.DAY)
    )
    assert after.turn == 5 and after.encounter and result.kind == "encounter"
    ended = time_of_day(hours_on_road(after, 4))
    assert (ended.day, ended.hour, ended.darkness) == (2, 4, -3)
    met = met_at(after, 4)
    assert (met.day, met.hour, met.darkness) == (2, 0, -7)
    assert met_at(after, 4, start_hour=8, night=-9).darkness == -9


def test_an_encounter_on_a_single_turn_is_met_as_the_turn_begins() -> None:
    state = Travel(TravelCheck.TABLE, "road", turn=2, camped=0)  # now 16:00, daylight
    after, _ = travel_turn(state, LIBRARY, None, 4, ScriptedDice([1]))
    assert time_of_day(hours_on_road(after, 4)).darkness == -3  # 20:00 when it is over
    assert met_at(after, 4).title.english() == "Day 1, 16:00: daylight (0)"
    assert met_at(after, 4, start_hour=12).title.english() == "Day 1, 20:00: deep twilight (−3)"

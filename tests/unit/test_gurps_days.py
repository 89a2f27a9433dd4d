"""GURPS travel in days and camps: the hours of travel turns and camps roll into days,
a camp moves the clock to the next morning, and a day's march comes from the party's
Move and the ground (GURPS Basic Set, p. B351, Hiking). Stored fields are optional and
a crafted value is refused."""

from __future__ import annotations

from typing import Any

import pytest

from omen.campaign.tables import Library
from omen.core.dice import ScriptedDice
from omen.core.errors import RulesError
from omen.gurps.daylight import time_of_day
from omen.gurps.travel import (
    Ground,
    Travel,
    camp,
    hours_on_road,
    march,
    travel_turn,
)


@pytest.mark.parametrize(
    ("move", "ground", "miles"),
    [
        (5, Ground.AVERAGE, 50),
        (5, Ground.GOOD, 62),  # 62.5 rounded down
        (5, Ground.BAD, 25),
        (5, Ground.VERY_BAD, 10),
        (4, Ground.GOOD, 50),
        (3, Ground.VERY_BAD, 6),
        (1, Ground.VERY_BAD, 2),
    ],
)
def test_ten_miles_per_point_of_move_times_the_ground(
    move: int, ground: Ground, miles: int
) -> None:
    assert march(Travel(move=move, ground=ground))[0] == miles


def test_everyone_making_hiking_marches_a_fifth_farther() -> None:
    miles, steps = march(Travel(move=5, ground=Ground.BAD), made_hiking=True)
    assert miles == 30
    assert [s.english() for s in steps] == [
        "Move 5: 50 miles a day on ideal ground.",
        "Bad (forest, broken ground, steep hills): ×1/2",
        "Everyone made their Hiking roll: 20% farther.",
        "A day's march: 30 miles.",
    ]


def test_hours_of_travel_turns_roll_into_days() -> None:
    state = Travel()
    for _ in range(5):  # five turns of 4 hours from 8:00: day 1, 4:00 next morning
        state, _ = travel_turn(state, Library(), None, 4, ScriptedDice([6]))
    when = time_of_day(hours_on_road(state, 4))
    assert (when.day, when.hour, when.darkness) == (2, 4, -3)


def test_a_camp_at_night_moves_the_clock_to_the_next_morning() -> None:
    state = Travel(turn=3)  # 20:00 on day 1
    after, outcome = camp(state, 4)
    when = time_of_day(hours_on_road(after, 4))
    assert (when.day, when.hour, when.darkness) == (2, 7, 0)
    assert outcome.title.english() == "Camp for the night: 11 hours. Day 2, 7:00: daylight (0)"
    assert [s.english() for s in outcome.steps] == [
        "The party makes camp at 20:00.",
        "It breaks camp at 7:00, in full daylight.",
    ]
    # the next travel turn counts the night in camp
    _after, outcome = travel_turn(after, Library(), None, 4, ScriptedDice([6]))
    assert outcome.steps[0].english() == "Travel turn 4 begins: 23 hours on the road so far."


def test_a_camp_before_dawn_ends_the_same_morning_and_one_at_seven_a_day_later() -> None:
    before_dawn, _ = camp(Travel(turn=5), 4)  # 4:00 on day 2
    assert before_dawn.camped == 3
    at_seven, _ = camp(Travel(camped=23), 4)  # 8 + 23 = 7:00 on day 2
    assert at_seven.camped == 23 + 24


def test_a_camp_clears_the_last_encounter() -> None:
    after, outcome = camp(Travel(turn=2, met="Wolves", encounter=True), 4)
    assert (after.met, after.encounter, after.last) == ("", False, outcome)


def test_the_new_fields_load_back_and_old_data_still_reads() -> None:
    state = Travel(turn=3, camped=11, move=7, ground=Ground.VERY_BAD)
    assert Travel.from_json(state.to_json()) == state
    assert Travel.from_json({"check": "encounter_die", "turn": 2}) == Travel(turn=2)
    assert set(Travel().to_json()) == {"check", "turn"}  # defaults are not written


@pytest.mark.parametrize(
    "change",
    [
        {"camped": -1},
        {"camped": 10**12},
        {"camped": "11"},
        {"move": 0},
        {"move": 101},
        {"move": True},
        {"ground": "lava"},
        {"ground": 3},
    ],
)
def test_crafted_days_and_march_fields_are_refused(change: dict[str, Any]) -> None:
    with pytest.raises(RulesError):
        Travel.from_json({"check": "encounter_die", "turn": 0, **change})

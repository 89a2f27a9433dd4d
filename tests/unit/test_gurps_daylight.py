"""GURPS travel's clock: hours on the road roll into days, night falls, and the darkness
follows the hour."""

from __future__ import annotations

import pytest

from omen.core.errors import RulesError
from omen.gurps.daylight import DARKNESS_NAME, darkness_at, time_of_day
from omen.gurps.distance import DARKNESS


def test_the_ladder_is_the_distance_procedures() -> None:
    assert dict(DARKNESS) == DARKNESS_NAME


@pytest.mark.parametrize(
    ("hours", "day", "hour", "darkness"),
    [
        (0, 1, 8, 0),  # set out at 8:00, in daylight
        (9, 1, 17, 0),
        (10, 1, 18, -1),  # sunset
        (11, 1, 19, -2),
        (12, 1, 20, -3),
        (13, 1, 21, -7),  # night: starlight
        (16, 2, 0, -7),
        (20, 2, 4, -3),
        (22, 2, 6, -1),  # sunrise
        (23, 2, 7, 0),
        (32, 2, 16, 0),  # 32 hours on the road: day 2, in the afternoon
        (36, 2, 20, -3),
        (40, 3, 0, -7),  # 40 hours: the second night
    ],
)
def test_hours_roll_into_days_and_night_falls(
    hours: int, day: int, hour: int, darkness: int
) -> None:
    when = time_of_day(hours)
    assert (when.day, when.hour, when.darkness) == (day, hour, darkness)


def test_the_start_hour_and_the_night_are_the_game_masters() -> None:
    assert time_of_day(8, start_hour=18, night=-9).darkness == -9  # 2:00 on a dark night
    assert time_of_day(8, start_hour=18, night=-9).day == 2
    assert darkness_at(20, night=-1) == -1  # twilight is never darker than the night
    assert time_of_day(3 * 24, start_hour=0).title.english() == "Day 4, 0:00: starlight (−7)"


def test_every_hour_has_a_darkness_on_the_ladder() -> None:
    for night in range(-10, 1):
        for hour in range(24):
            assert darkness_at(hour, night) in DARKNESS_NAME


@pytest.mark.parametrize(
    ("hours", "start", "night"), [(-1, 8, -7), (0, 24, -7), (0, 8, 1), (True, 8, -7)]
)
def test_a_clock_out_of_range_is_refused(hours: int, start: int, night: int) -> None:
    with pytest.raises(RulesError):
        time_of_day(hours, start, night)

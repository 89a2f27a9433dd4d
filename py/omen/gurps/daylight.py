"""GURPS travel: the time of day on the road, and the darkness it brings.

GURPS gives darkness penalties (the ladder below, from daylight 0 to total darkness
−10) but ties them to no clock. Omen keeps the clock for the game master: a journey
sets out at an hour of the day (the ``gurps.travel_start_hour`` setting, 8 unless
changed); each travel turn adds its hours, so hours on the road roll into days. The
darkness at an hour is Omen's own simple day, the same every day of the year: full
daylight from 7:00 to 17:59; sunrise and sunset (−1) in the hours 6 and 18; twilight
(−2) in 5 and 19; deep twilight (−3) in 4 and 20; from 21:00 to 3:59 the night's
darkness, which depends on the moon and the clouds (the ``gurps.night_darkness``
setting, −7 starlight unless changed). Twilight is never darker than the night set.
The GURPS encounter distance takes this darkness when an encounter on the road opens
it; the game master can still change it there.

>>> when = time_of_day(36, start_hour=8)
>>> when.day, when.hour, when.darkness, when.title.english()
(2, 20, -3, 'Day 2, 20:00: deep twilight (−3)')
>>> time_of_day(40).title.english()
'Day 3, 0:00: starlight (−7)'
"""

from __future__ import annotations

from dataclasses import dataclass

from omen.core.errors import RulesError
from omen.core.roll import N_, Step

DARKNESS: tuple[tuple[int, str], ...] = (
    (0, N_("daylight")),
    (-1, N_("sunrise or sunset (dusk)")),
    (-2, N_("twilight")),
    (-3, N_("deep twilight")),
    (-4, N_("full moon")),
    (-5, N_("half moon")),
    (-6, N_("quarter moon")),
    (-7, N_("starlight")),
    (-8, N_("starlight through clouds")),
    (-9, N_("overcast night without a moon")),
    (-10, N_("total darkness")),
)
"""The GM's darkness ladder (clear skies; heavy clouds make it one step darker)."""

DARKNESS_NAME = dict(DARKNESS)
START_HOUR = 8
NIGHT = -7
# Hours of the day that are not full daylight or full night: the twilight's penalty.
_TWILIGHT = {6: -1, 18: -1, 5: -2, 19: -2, 4: -3, 20: -3}
_DAYLIGHT = range(7, 18)
MAX_HOURS = 24 * 10**6


def darkness_at(hour: int, night: int = NIGHT) -> int:
    """The darkness penalty at ``hour`` (0 to 23) on a night of darkness ``night``.

    >>> [darkness_at(h) for h in (3, 4, 5, 6, 7, 12, 17, 18, 19, 20, 21)]
    [-7, -3, -2, -1, 0, 0, 0, -1, -2, -3, -7]
    >>> darkness_at(4, night=-2)
    -2
    """
    if hour in _DAYLIGHT:
        return 0
    twilight = _TWILIGHT.get(hour)
    return night if twilight is None else max(twilight, night)


@dataclass(frozen=True)
class TimeOfDay:
    """Where the clock stands on the road: the day (1 the first), the hour, the darkness."""

    day: int
    hour: int
    darkness: int

    @property
    def title(self) -> Step:
        """One line: the day, the hour and the light, as the travel panel shows it."""
        penalty = str(self.darkness).replace("-", "−")
        return Step(
            N_("Day {day}, {hour}:00: {light} ({penalty})"),
            {
                "day": self.day,
                "hour": self.hour,
                "light": Step(DARKNESS_NAME[self.darkness]),
                "penalty": penalty,
            },
        )


def time_of_day(hours_on_road: int, start_hour: int = START_HOUR, night: int = NIGHT) -> TimeOfDay:
    """The time of day after ``hours_on_road`` hours, for a journey set out at
    ``start_hour`` on day 1, with nights of darkness ``night``."""
    for value, low, high in ((hours_on_road, 0, MAX_HOURS), (start_hour, 0, 23), (night, -10, 0)):
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise RulesError(
                Step(
                    N_("The travel clock takes whole numbers from {low} to {high}."),
                    {"low": low, "high": high},
                )
            )
    clock = start_hour + hours_on_road
    hour = clock % 24
    return TimeOfDay(clock // 24 + 1, hour, darkness_at(hour, night))

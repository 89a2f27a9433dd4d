"""The game master's choices for GURPS encounter distance.

Where the procedure leaves a decision open, Omen picks a default and shows it as a
setting (:mod:`omen.campaign.settings`). They live here rather than in
:mod:`omen.gurps.distance`, so that the settings registry can list them without loading
the procedure: a start that only explores does not compile it.

>>> [setting.key for setting in SETTINGS][0]
'gurps.med'
>>> MAX_WEATHER_YARDS
5280
"""

from __future__ import annotations

from omen.core.roll import N_
from omen.core.setting import Setting

MAX_WEATHER_YARDS = 3 * 1760  # three miles, the farthest base distance (gurps_distance.FAR_BASE)


SETTINGS: tuple[Setting, ...] = (
    Setting(
        "gurps.med",
        "roll",
        N_("Maximum encounter distance"),
        N_("Roll the terrain's dice for the maximum encounter distance, or take its average."),
        choices=(("roll", N_("Roll the dice")), ("average", N_("Take the average"))),
        game="gurps",
        procedure="gurps_distance",
    ),
    Setting(
        "gurps.steppe_rating_example",
        False,
        N_("Steppe Terrain Rating 4"),
        N_(
            "Off: Grassland (steppe) has Terrain Rating 5, as its table row says. "
            "On: 4, as the rule's second worked example uses."
        ),
        game="gurps",
        procedure="gurps_distance",
    ),
    Setting(
        "gurps.night_vision_mvd",
        True,
        N_("Night Vision lengthens sight"),
        N_(
            "On: Night Vision also cancels darkness when working out how far a side can see, "
            "as the ogre of the worked examples does. Off: it helps only Vision rolls."
        ),
        game="gurps",
        procedure="gurps_distance",
    ),
    Setting(
        "gurps.weather_mvd_yards",
        200,
        N_("Yards for range-based weather in sight distance"),
        N_(
            "Weather that worsens per so many yards is counted at this distance when working "
            "out how far a side can see; 200 yards matches the drizzle example."
        ),
        low=1,
        high=MAX_WEATHER_YARDS,
        game="gurps",
        procedure="gurps_distance",
    ),
    Setting(
        "gurps.weather_partial_steps",
        False,
        N_("Count part of a weather step"),
        N_(
            "Off: weather such as -1 per 50 yards counts only whole 50 yards. "
            "On: any part of 50 yards counts as a whole step."
        ),
        game="gurps",
        procedure="gurps_distance",
    ),
    Setting(
        "gurps.spot_first",
        "either",
        N_("Who spots the other first"),
        N_(
            "When the two sides see to different distances, the side that sees farther spots "
            "the other first. Choose whether that needs one side's sight to fall short of the "
            "maximum encounter distance (as the first worked example does) or both sides'."
        ),
        choices=(
            ("either", N_("One side's sight falls short")),
            ("both", N_("Both sides' sight falls short")),
        ),
        game="gurps",
        procedure="gurps_distance",
    ),
    Setting(
        "gurps.both_stealthy_rating",
        False,
        N_("Terrain Rating when both sides sneak"),
        N_(
            "Off: when both sides are stealthy, any win surprises, as the rule says. "
            "On: the winner also needs a margin of victory of at least the Terrain Rating."
        ),
        game="gurps",
        procedure="gurps_distance",
    ),
    Setting(
        "gurps.travel_hours",
        4,
        N_("Hours of travel per check"),
        N_(
            "How many hours of wilderness travel one travel turn on the Explore screen "
            "stands for; each turn makes one encounter check."
        ),
        low=1,
        high=24,
        game="gurps",
        procedure="gurps_travel",
    ),
    Setting(
        "gurps.travel_start_hour",
        8,
        N_("Hour the journey sets out"),
        N_(
            "The hour of day 1 when the first travel turn begins (0 to 23). The travel "
            "hours roll on from it into days, and the time of day sets the darkness of an "
            "encounter met on the road."
        ),
        low=0,
        high=23,
        game="gurps",
        procedure="gurps_travel",
    ),
    Setting(
        "gurps.night_darkness",
        -7,
        N_("Darkness at night"),
        N_(
            "The darkness penalty from 21:00 to 3:59 on the road, by moon and clouds: −4 "
            "full moon, −7 starlight, −9 an overcast night without a moon, −10 total "
            "darkness. Twilight before and after is never darker."
        ),
        low=-10,
        high=0,
        game="gurps",
        procedure="gurps_travel",
    ),
)

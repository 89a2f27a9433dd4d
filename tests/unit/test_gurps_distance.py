"""GURPS wilderness encounter distance: the seed's worked examples, every rule, odds."""

from __future__ import annotations

import json
import math
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from omen.core import notation
from omen.core.dice import ScriptedDice
from omen.core.errors import RulesError, StoredDataError
from omen.core.store import decode, encode
from omen.gurps.detection import Stealthy, plan, resolve
from omen.gurps.distance import (
    DARKNESS,
    FAR_BASE,
    GURPS_FORM,
    TERRAINS,
    Conditions,
    DistanceRules,
    GurpsForm,
    Shape,
    Side,
    SideId,
    Target,
    Unit,
    group_bonus,
    maximum_encounter_distance,
    side_visibility,
    size_modifier,
    terrain,
    terrain_rating,
    visibility,
    weather_penalty,
)
from omen.gurps.rolls import Winner, contest_odds
from omen.gurps.settings import MAX_WEATHER_YARDS, SETTINGS

A, B = SideId.A, SideId.B


def english(steps: tuple[object, ...]) -> list[str]:
    return [step.english() for step in steps]  # type: ignore[attr-defined]


# --- the seed's worked examples -------------------------------------------------------

MAN = Side(vision=10, stealth=10)
ORCS = Side(group_size=10, vision=9)
DRIZZLE = Conditions(terrain="hills_rocky", weather=-1, weather_per_yards=50)

HALFLING = Side(sm=-2, vision=12, stealth=12, stealthy=True)
OGRE = Side(sm=1, vision=9, hearing=10, night_vision=4)
STEPPE_DUSK = Conditions(terrain="grassland_steppe", darkness=-1)
FOREST_DUSK = Conditions(terrain="forest_deciduous", darkness=-1)

EXAMPLE_1_PLAN = [
    "Hills (rocky/terraced): maximum encounter distance 150 yards, Terrain Rating 3",
    "how far side A can see side B:",
    "base 200 yards to spot creatures",
    "−40% weather −4 (−1 per 50 yards at 200 yards)",
    "+50% group of 10 creatures",
    "200 yards × 110% = 220 yards",
    "how far side B can see side A:",
    "base 200 yards to spot creatures",
    "−40% weather −4 (−1 per 50 yards at 200 yards)",
    "−10% Vision 9",
    "200 yards × 50% = 100 yards",
    "without surprise the encounter starts at 100 yards, the least of the maximum "
    "encounter distance and both visibility distances",
    "side A sees side B first, from 150 yards against 100 yards",
    "nobody is being stealthy",
    "Quick Contest if rolled: side A with Stealth 10 against side B with Vision 7",
    "range does not modify these rolls",
    "Vision 9 −2 for weather (−1 per 50 yards at 100 yards) = 7",
    "surprise needs a margin of victory of at least 3, the Terrain Rating",
]


def example_1() -> object:
    med = maximum_encounter_distance("hills_rocky", 15)  # 4d shows 15: 150 yards
    assert med.value == 150
    assert english(med.steps) == [
        "Hills (rocky/terraced): maximum encounter distance 4d×10 yards",
        "4d rolled at the table: 15",
        "15×10 = 150",
        "maximum encounter distance: 150 yards",
    ]
    return plan(MAN, ORCS, DRIZZLE, med.value)


def test_example_1_visibility_and_who_spots_first() -> None:
    setup = example_1()
    assert (setup.mvd_a.value, setup.mvd_b.value, setup.distance) == (220, 100, 100)
    assert setup.spotter is A
    assert setup.stealthy is Stealthy.NOBODY
    assert english(setup.steps) == EXAMPLE_1_PLAN
    assert setup.contest is not None and setup.contest.optional
    assert (setup.contest.skill_a, setup.contest.skill_b) == (10, 7)


def test_example_1_the_man_may_simply_evade() -> None:
    outcome = resolve(example_1())
    assert (outcome.distance, outcome.closest) == (100, 100)
    assert outcome.may_evade == (A,)
    assert outcome.surprised == () and outcome.contest is None
    assert english(outcome.steps)[len(EXAMPLE_1_PLAN) :] == [
        "side A may evade the encounter automatically",
        "side A may also start the encounter at 100 yards or try for surprise",
        "The encounter starts at 100 yards; nobody is surprised.",
    ]


def test_example_1_tie() -> None:
    outcome = resolve(example_1(), 13, 10, try_surprise=True)
    assert outcome.contest is not None and outcome.contest.winner is Winner.TIE
    assert (outcome.distance, outcome.closest, outcome.surprised) == (100, 100, ())
    assert outcome.may_evade == ()
    assert english(outcome.steps)[len(EXAMPLE_1_PLAN) :] == [
        "3d6 rolled at the table: 13",
        "side A rolled 13 against Stealth 10: failure, margin −3",
        "3d6 rolled at the table: 10",
        "side B rolled 10 against Vision 7: failure, margin −3",
        "equal results: the contest is a tie",
        "a tie: nobody is surprised",
        "The encounter starts at 100 yards; nobody is surprised.",
    ]


def test_example_1_first_alternative_wins_too_narrowly() -> None:
    outcome = resolve(example_1(), 10, 8, try_surprise=True)
    assert outcome.contest is not None
    assert (outcome.contest.winner, outcome.contest.margin_of_victory) == (Winner.A, 1)
    assert (outcome.distance, outcome.closest, outcome.surprised) == (100, 100, ())
    assert english(outcome.steps)[len(EXAMPLE_1_PLAN) :] == [
        "3d6 rolled at the table: 10",
        "side A rolled 10 against Stealth 10: success, margin 0",
        "3d6 rolled at the table: 8",
        "side B rolled 8 against Vision 7: failure, margin −1",
        "a success beats a failure",
        "side A wins by 1 (0 minus −1)",
        "a margin of victory of 1 is less than the Terrain Rating 3: nobody is surprised",
        "The encounter starts at 100 yards; nobody is surprised.",
    ]


def test_example_1_second_alternative_surprises_at_up_to_80_percent() -> None:
    outcome = resolve(example_1(), 7, 15, try_surprise=True)
    assert outcome.contest is not None and outcome.contest.margin_of_victory == 11
    assert (outcome.distance, outcome.closest) == (100, 20)
    assert (outcome.surprising, outcome.surprised, outcome.may_evade) == (A, (B,), (A,))
    assert english(outcome.steps)[len(EXAMPLE_1_PLAN) :] == [
        "3d6 rolled at the table: 7",
        "side A rolled 7 against Stealth 10: success, margin +3",
        "3d6 rolled at the table: 15",
        "side B rolled 15 against Vision 7: failure, margin −8",
        "a success beats a failure",
        "side A wins by 11 (+3 minus −8)",
        "a margin of victory of 11 reaches the Terrain Rating 3: side A achieves surprise",
        "a margin of victory of 11 would cut 110% off the distance, but the cut is at most 80%",
        "100 yards × 20% = 20 yards",
        "side A surprises side B: it may start anywhere from 20 to 100 yards away, or evade.",
    ]
    assert outcome.headline.english() == outcome.steps[-1].english()


def test_example_1_with_physical_dice_faces() -> None:
    med = maximum_encounter_distance("hills_rocky", ScriptedDice([3, 4, 5, 3]))
    assert med.value == 150
    assert english(med.steps)[1:] == [
        "4d: 3, 4, 5, 3 = 15",
        "15×10 = 150",
        "maximum encounter distance: 150 yards",
    ]
    dice = ScriptedDice([1, 2, 4, 6, 6, 3])  # side A rolls 7, side B 15
    outcome = resolve(plan(MAN, ORCS, DRIZZLE, med.value), dice, dice, try_surprise=True)
    assert (outcome.closest, outcome.surprised) == (20, (B,))
    assert dice.remaining == 0


def test_example_2_the_halfling_spots_the_ogre_first() -> None:
    med = maximum_encounter_distance("grassland_steppe", 23)
    assert med.value == 690
    setup = plan(HALFLING, OGRE, STEPPE_DUSK, med.value)
    assert (setup.mvd_a.value, setup.mvd_b.value, setup.distance) == (240, 140, 140)
    assert english(setup.mvd_a.steps) == [
        "base 200 yards to spot creatures",
        "−10% darkness (−1)",
        "+10% target size (SM +1)",
        "+20% Vision 12",
        "200 yards × 120% = 240 yards",
    ]
    assert english(setup.mvd_b.steps) == [
        "base 200 yards to spot creatures",
        "darkness −1 ignored thanks to Night Vision 4",
        "−20% target size (SM −2)",
        "−10% Vision 9",
        "200 yards × 70% = 140 yards",
    ]
    assert setup.spotter is A
    assert setup.terrain_rating == 5  # the table's rating wins over the example's 4
    assert setup.contest is not None and not setup.contest.optional
    assert (setup.contest.sneak, setup.contest.skill_a, setup.contest.skill_b) == (A, 12, 10)
    assert english(setup.steps)[-6:] == [
        "side A is being stealthy",
        "Quick Contest: side A with Stealth 12 against side B with Hearing 10",
        "range does not modify these rolls",
        "darkness −1 ignored thanks to Night Vision 4",
        "side B watches with its best sense: Hearing 10",
        "surprise needs a margin of victory of at least 5, the Terrain Rating",
    ]
    example = plan(HALFLING, OGRE, STEPPE_DUSK, 690, DistanceRules(steppe_rating_example=True))
    assert example.terrain_rating == 4


def test_example_3_the_ogre_hears_the_halfling() -> None:
    med = maximum_encounter_distance("forest_deciduous", 20)
    assert english(med.steps) == [
        "Forest (deciduous): maximum encounter distance 6d yards",
        "6d rolled at the table: 20",
        "maximum encounter distance: 20 yards",
    ]
    setup = plan(HALFLING, OGRE, FOREST_DUSK, med.value)
    assert (setup.mvd_a.value, setup.mvd_b.value, setup.distance) == (240, 140, 20)
    assert setup.spotter is None  # both see past the 20 yards the forest allows
    outcome = resolve(setup, 9, 6)
    assert outcome.contest is not None
    assert (outcome.contest.winner, outcome.contest.margin_of_victory) == (Winner.B, 1)
    assert (outcome.distance, outcome.closest, outcome.surprised) == (20, 20, ())
    assert english(outcome.steps)[len(setup.steps) :] == [
        "3d6 rolled at the table: 9",
        "side A rolled 9 against Stealth 12: success, margin +3",
        "3d6 rolled at the table: 6",
        "side B rolled 6 against Hearing 10: success, margin +4",
        "both succeed: the larger margin wins",
        "side B wins by 1 (+4 minus +3)",
        "side B notices side A: nobody is surprised",
        "The encounter starts at 20 yards; nobody is surprised.",
    ]


def test_named_sides_appear_in_the_steps() -> None:
    man = Side(name="the man", stealth=10)
    orcs = Side(name="the orcs", group_size=10, vision=9)
    outcome = resolve(plan(man, orcs, DRIZZLE, 150), 7, 15, try_surprise=True)
    assert outcome.headline.english() == (
        "the man surprises the orcs: it may start anywhere from 20 to 100 yards away, or evade."
    )


# --- the terrain table ----------------------------------------------------------------

ROWS = [
    ("barrens", "4d×10", 140, 3),
    ("desert_rocky", "6d×30", 630, 4),
    ("desert_sandy", "4d×10", 140, 3),
    ("forest_deciduous", "6d", 21, 2),
    ("forest_taiga", "3d×5", 52, 2),
    ("grassland_other", "4d×10", 140, 4),
    ("grassland_steppe", "6d×30", 630, 5),
    ("hills_forested", "6d", 21, 2),
    ("hills_rocky", "4d×10", 140, 3),
    ("jungle", "4d-1", 13, 0),
    ("mountains_forested", "6d", 21, 2),
    ("mountains_rocky", "4d×10", 140, 3),
    ("scrubland_low", "4d×10", 140, 3),
    ("scrubland_high", "3d×5", 52, 2),
    ("swamp_marshy", "3d×5", 52, 2),
    ("swamp_scrubby", "6d", 21, 2),
    ("swamp_forested", "4d-1", 13, 1),
]


def test_the_table_has_seventeen_rows_in_the_seed_order() -> None:
    assert [row.key for row in TERRAINS] == [key for key, *_ in ROWS]


@pytest.mark.parametrize(("key", "dice", "average", "rating"), ROWS)
def test_terrain_row(key: str, dice: str, average: int, rating: int) -> None:
    row = terrain(key)
    assert (row.med, row.average, row.rating) == (dice, average, rating)
    # The table's average is the exact mean, rounded down (3d×5 averages 52.5).
    assert math.floor(notation.mean(dice)) == average
    assert maximum_encounter_distance(key).value == average
    low, high = notation.bounds(dice)
    count = int(dice[0])
    assert maximum_encounter_distance(key, count).value == low
    assert maximum_encounter_distance(key, 6 * count).value == high
    assert maximum_encounter_distance(key, ScriptedDice([6] * count)).value == high
    assert row.mountains == key.startswith("mountains")


def test_average_med_steps() -> None:
    assert english(maximum_encounter_distance("forest_taiga").steps) == [
        "Forest (taiga): average maximum encounter distance 52 yards"
    ]


def test_jungle_subtracts_after_the_dice() -> None:
    med = maximum_encounter_distance("jungle", 4)
    assert med.value == 3
    assert english(med.steps)[1:] == [
        "4d rolled at the table: 4",
        "4-1 = 3",
        "maximum encounter distance: 3 yards",
    ]


@pytest.mark.parametrize("total", [3, 25, 0])
def test_impossible_med_totals_are_refused(total: int) -> None:
    with pytest.raises(RulesError) as caught:
        maximum_encounter_distance("barrens", total)
    assert str(caught.value) == f"4d totals 4 to 24; {total} cannot be rolled."


def test_unknown_terrain() -> None:
    with pytest.raises(RulesError) as caught:
        Conditions(terrain="moon")
    assert str(caught.value) == "'moon' is not a terrain in the table."


# --- the maximum visibility distance: each modifier alone -----------------------------


@pytest.mark.parametrize(
    ("kwargs", "yards"),
    [
        ({}, 200),
        ({"darkness": -3}, 140),
        ({"darkness": -5, "night_vision": 2}, 140),  # -3 left
        ({"darkness": -1, "night_vision": 4}, 200),  # the ogre at dusk
        ({"weather": -2}, 160),  # flat weather
        ({"weather": -1, "weather_per_yards": 50}, 120),  # 4 steps at 200 yards
        ({"weather": -1, "weather_per_yards": 60}, 140),  # 3 full steps of 60 in 200
        ({"target_sm": -2}, 160),
        ({"target_sm": 3}, 260),
        ({"vision": 12}, 240),
        ({"vision": 7}, 140),
        ({"group_size": 9}, 200),
        ({"group_size": 10}, 300),
        ({"group_size": 30}, 300),
        ({"group_size": 31}, 400),
        ({"group_size": 60}, 400),
        ({"group_size": 61}, 600),
        ({"group_size": 240}, 600),
        ({"group_size": 241}, 1200),
    ],
)
def test_one_modifier(kwargs: dict[str, int], yards: int) -> None:
    assert visibility(Target.CREATURES, **kwargs).value == yards


def test_group_bonus_bands() -> None:
    assert [group_bonus(n) for n in (1, 9, 10, 30, 31, 60, 61, 240, 241, 10**6)] == [
        0,
        0,
        50,
        50,
        100,
        100,
        200,
        200,
        500,
        500,
    ]


def test_modifiers_add_as_percentages() -> None:
    # -20% darkness, -10% weather, +20% SM, +10% Vision, +100% group = +100%: 400 yards.
    # Multiplying instead would give 200 × 0.8 × 0.9 × 1.2 × 1.1 × 2 = 380.16.
    result = visibility(darkness=-2, weather=-1, target_sm=2, vision=11, group_size=40)
    assert result.value == 400
    assert english(result.steps) == [
        "base 200 yards to spot creatures",
        "−20% darkness (−2)",
        "−10% weather −1",
        "+20% target size (SM +2)",
        "+10% Vision 11",
        "+100% group of 40 creatures",
        "200 yards × 200% = 400 yards",
    ]


def test_creatures_are_never_seen_beyond_three_miles() -> None:
    result = visibility(target_sm=300)  # 200 yards × 3100% = 6200 yards
    assert result.value == 5280
    assert english(result.steps)[-2:] == [
        "200 yards × 3100% = 6200 yards",
        "creatures are never seen beyond the horizon, 3 miles: 5280 yards",
    ]


def test_penalties_cannot_make_sight_negative() -> None:
    result = visibility(darkness=-8, target_sm=-5)  # -130%
    assert result.value == 0
    assert english(result.steps)[-1] == "the penalties leave nothing to see by: 0 yards"


def test_night_vision_never_helps_in_total_darkness() -> None:
    result = visibility(darkness=-10, night_vision=9)
    assert result.value == 0
    assert english(result.steps)[1:3] == [
        "Night Vision does not help in total darkness",
        "−100% darkness (−10)",
    ]
    assert visibility(darkness=-9, night_vision=9).value == 200


def test_night_vision_setting_off_keeps_the_darkness() -> None:
    rules = DistanceRules(night_vision_mvd=False)
    result = visibility(darkness=-1, night_vision=4, rules=rules)
    assert result.value == 180
    assert english(result.steps)[1] == "Night Vision does not lengthen sight (a setting)"
    # The ogre of example 2 then sees the halfling from 120 yards, not 140.
    assert side_visibility(OGRE, HALFLING, STEPPE_DUSK, rules).value == 120


def test_weather_distance_and_partial_step_settings() -> None:
    per_60 = {"weather": -1, "weather_per_yards": 60}
    assert visibility(**per_60, rules=DistanceRules(weather_partial_steps=True)).value == 120
    assert (
        visibility(
            weather=-1, weather_per_yards=50, rules=DistanceRules(weather_mvd_yards=100)
        ).value
        == 160
    )
    assert weather_penalty(-1, 50, 100) == (-2, 2)
    assert weather_penalty(-1, 50, 149) == (-2, 2)
    assert weather_penalty(-1, 50, 149, DistanceRules(weather_partial_steps=True)) == (-3, 3)
    assert weather_penalty(-3, 0, 5000) == (-3, 1)


def test_terrain_and_fire() -> None:
    assert visibility(Target.TERRAIN).value == 5280
    # Terrain takes darkness, weather and Vision, but no SM and no group bonus.
    assert visibility(Target.TERRAIN, darkness=-2, target_sm=5, group_size=100).value == 4224
    fire = visibility(Target.FIRE, darkness=-6, vision=5, weather=-3, elevation_feet=14_000)
    # The seed's bonfire on a 14,000-foot mountain: 3 × 2 × 2 × 2 = 24 miles.
    assert fire.value == 24 * 1760
    assert english(fire.steps) == [
        "base 3 miles (5280 yards) to spot a fire; nothing modifies it",
        "×8 for 14000 feet of elevation (double for every full 4,000 feet): 42240 yards",
        "that is 24 miles",
    ]


@pytest.mark.parametrize(
    ("feet", "factor"), [(0, 1), (3999, 1), (4000, 2), (7999, 2), (8000, 4), (12_000, 8)]
)
def test_elevation_doubles_for_each_full_4000_feet(feet: int, factor: int) -> None:
    assert visibility(Target.TERRAIN, elevation_feet=feet).value == 5280 * factor
    assert visibility(Target.CREATURES, elevation_feet=feet).value == 200  # never for creatures


# --- the SM helper --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("length", "unit", "sm"),
    [
        (2, Unit.YARDS, 0),
        ("1.8", Unit.YARDS, 0),  # between sizes: the larger counts
        ("2.1", Unit.YARDS, 1),
        (4, Unit.YARDS, 2),  # GURPS's 4-yard giant
        (6, Unit.FEET, 0),
        ("1,5", Unit.YARDS, -1),  # a Czech decimal comma
        (1, Unit.YARDS, -2),
        (1, Unit.FEET, -5),
        (1, Unit.INCHES, -11),
        (Fraction(1, 5), Unit.INCHES, -15),
        (Fraction(1, 100), Unit.INCHES, -15),  # the table starts at SM -15
        (100, Unit.YARDS, 10),
        (7000, Unit.YARDS, 21),
        (3, Unit.MILES, 21),  # 5280 yards: above 5000, so 7000 counts
    ],
)
def test_size_modifier(length: int | str | Fraction, unit: Unit, sm: int) -> None:
    assert size_modifier(length, unit).value == sm


def test_size_modifier_steps_and_shapes() -> None:
    giant = size_modifier(4)
    assert english(giant.steps) == [
        "longest dimension 4 yards: SM +2",
        "between two sizes of the table, the larger one counts",
    ]
    assert size_modifier(4, shape=Shape.ELONGATED).value == 3  # GURPS's car
    building = size_modifier(4, shape=Shape.BOX)
    assert building.value == 4
    assert english(building.steps)[-2:] == [
        "shaped like a box, a sphere or a blob: +2 to SM",
        "SM +4",
    ]
    assert english(size_modifier(2).steps) == ["longest dimension 2 yards: SM 0"]


@pytest.mark.parametrize("length", ["abc", "", "0", -1, 0])
def test_size_modifier_refuses_non_lengths(length: str | int) -> None:
    with pytest.raises(RulesError):
        size_modifier(length)


# --- inputs: validation and storage ---------------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"vision": 41}, "Vision must be a whole number from 0 to 40."),
        ({"sm": -16}, "SM must be a whole number from −15 to 300."),
        ({"group_size": 0}, "Group size must be a whole number from 1 to 1000000."),
        ({"night_vision": 10}, "Night Vision must be a whole number from 0 to 9."),
        ({"hearing": True}, "Hearing must be a whole number from 0 to 40."),
        ({"stealth": 2.5}, "Stealth must be a whole number from 0 to 40."),
        ({"name": "x" * 81}, "A side's name may be at most 80 characters."),
        ({"flying": 1}, "A side's yes-or-no choices must be yes or no."),
    ],
)
def test_side_validation(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(RulesError) as caught:
        Side(**kwargs)  # type: ignore[arg-type]
    assert str(caught.value) == message


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"darkness": 1}, "Darkness must be a whole number from −10 to 0."),
        ({"darkness": -11}, "Darkness must be a whole number from −10 to 0."),
        ({"weather": 2}, "Weather penalty must be a whole number from −10 to 0."),
        (
            {"weather_per_yards": -5},
            "Yards per weather step must be a whole number from 0 to 5280.",
        ),
    ],
)
def test_conditions_validation(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(RulesError) as caught:
        Conditions(**kwargs)  # type: ignore[arg-type]
    assert str(caught.value) == message


def test_sides_and_conditions_round_trip_through_json() -> None:
    side = Side(
        name="Orcs",
        group_size=12,
        sm=1,
        vision=9,
        hearing=11,
        observation=12,
        night_vision=3,
        stealth=8,
        perception_stealth=9,
        camouflage=7,
        stealthy=True,
        camouflaged=True,
        flying=True,
    )
    assert Side.from_json(json.loads(json.dumps(side.to_json()))) == side
    assert Conditions.from_json(json.loads(json.dumps(DRIZZLE.to_json()))) == DRIZZLE
    # Missing entries take their defaults; unknown entries are ignored.
    assert Side.from_json({"vision": 12, "colour": "red"}) == Side(vision=12)


@pytest.mark.parametrize(
    "data", [None, [], "side", {"vision": "ten"}, {"group_size": 0}, {"stealthy": "yes"}]
)
def test_damaged_stored_sides_are_refused(data: object) -> None:
    with pytest.raises(StoredDataError):
        Side.from_json(data)


def test_damaged_conditions_explain_themselves() -> None:
    with pytest.raises(StoredDataError) as caught:
        Conditions.from_json({"terrain": "moon"})
    assert str(caught.value) == "'moon' is not a terrain in the table."
    with pytest.raises(StoredDataError) as caught:
        Conditions.from_json(3)
    assert str(caught.value) == "Saved encounter conditions are damaged and cannot be read."


def test_med_must_be_a_distance() -> None:
    with pytest.raises(RulesError):
        plan(MAN, ORCS, DRIZZLE, -1)


# --- settings -------------------------------------------------------------------------


def test_weather_yards_stop_at_the_farthest_base_distance() -> None:
    assert MAX_WEATHER_YARDS == FAR_BASE


def test_settings_are_gurps_settings_with_acceptable_defaults() -> None:
    keys = [setting.key for setting in SETTINGS]
    assert len(set(keys)) == len(keys)
    for setting in SETTINGS:
        assert setting.game == "gurps" and setting.key.startswith("gurps.")
        assert setting.accepts(setting.default)
        assert setting.label and setting.explanation


def test_rules_from_settings() -> None:
    assert DistanceRules.from_settings({}) == DistanceRules()
    flipped = DistanceRules.from_settings(
        {
            "gurps.med": "average",
            "gurps.steppe_rating_example": True,
            "gurps.night_vision_mvd": False,
            "gurps.weather_mvd_yards": 100,
            "gurps.weather_partial_steps": True,
            "gurps.spot_first": "both",
            "gurps.both_stealthy_rating": True,
        }
    )
    assert flipped == DistanceRules(True, True, False, 100, True, True, True)
    # Values a setting does not accept fall back to the default.
    junk = {"gurps.med": "guess", "gurps.weather_mvd_yards": 0, "gurps.spot_first": 3}
    assert DistanceRules.from_settings(junk) == DistanceRules()


def test_steppe_rating_setting_only_touches_the_steppe() -> None:
    rules = DistanceRules(steppe_rating_example=True)
    assert terrain_rating(terrain("grassland_steppe"), rules) == 4
    assert terrain_rating(terrain("desert_rocky"), rules) == 4
    assert terrain_rating(terrain("barrens"), rules) == 3


def test_darkness_ladder_runs_from_daylight_to_total_darkness() -> None:
    assert [penalty for penalty, _ in DARKNESS] == list(range(0, -11, -1))


# --- detection ------------------------------------------------------------------------

OPEN = Conditions(terrain="grassland_other")  # MED 4d×10


def test_nobody_stealthy_and_equal_sight() -> None:
    setup = plan(Side(), Side(), OPEN, 140)
    assert (setup.distance, setup.spotter, setup.contest, setup.odds) == (140, None, None, None)
    outcome = resolve(setup)
    assert (outcome.distance, outcome.closest, outcome.may_evade, outcome.surprised) == (
        140,
        140,
        (),
        (),
    )
    with pytest.raises(RulesError) as caught:
        resolve(setup, try_surprise=True)
    assert "Only a side that spots the other first" in str(caught.value)


def test_sides_that_both_see_past_the_med_start_at_the_med() -> None:
    setup = plan(Side(vision=14), Side(vision=12), OPEN, 150)
    assert (setup.mvd_a.value, setup.mvd_b.value) == (280, 240)
    assert (setup.distance, setup.spotter) == (150, None)


def test_spot_first_setting_both() -> None:
    both = DistanceRules(spot_first_needs_both=True)
    # Example 1: only the orcs' sight falls short, so nobody spots first.
    setup = plan(MAN, ORCS, DRIZZLE, 150, both)
    assert (setup.distance, setup.spotter, setup.contest) == (100, None, None)
    # When both fall short of the MED and differ, the farther-seeing side spots first.
    setup = plan(MAN, ORCS, DRIZZLE, 250, both)
    assert (setup.distance, setup.spotter) == (100, A)


def test_side_b_can_be_the_spotter() -> None:
    setup = plan(ORCS, MAN, DRIZZLE, 150)
    assert (setup.spotter, setup.distance) == (B, 100)


def test_try_for_surprise_needs_stealth() -> None:
    setup = plan(Side(), ORCS, DRIZZLE, 150)
    assert setup.spotter is A and setup.contest is None
    with pytest.raises(RulesError) as caught:
        resolve(setup, 10, 10, try_surprise=True)
    assert str(caught.value) == "Enter Stealth for side A: it is needed for the stealth contest."


def test_a_stealthy_side_needs_its_skill() -> None:
    with pytest.raises(RulesError) as caught:
        plan(Side(stealthy=True, camouflaged=True, stealth=12), Side(), OPEN, 140)
    assert str(caught.value) == (
        "Enter Camouflage for side A: it is needed for the stealth contest."
    )


def test_a_contest_needs_both_rolls_and_checks_typed_totals() -> None:
    setup = plan(HALFLING, OGRE, FOREST_DUSK, 20)
    with pytest.raises(RulesError) as caught:
        resolve(setup, 9)
    assert str(caught.value) == "The Quick Contest needs a 3d6 roll for each side."
    with pytest.raises(RulesError) as caught:
        resolve(setup, 9, 19)
    assert str(caught.value) == "Three six-sided dice total 3 to 18; 19 cannot be rolled."


def test_camouflage_replaces_stealth_when_waiting_still() -> None:
    ambush = Side(stealth=10, camouflage=14, stealthy=True, camouflaged=True)
    setup = plan(Side(), ambush, OPEN, 140)
    assert setup.contest is not None
    assert (setup.contest.sneak, setup.contest.skill_b) == (B, 14)
    assert setup.contest.skill_name_b.english() == "Camouflage 14"


def test_sentries_observation_suffers_darkness_but_hearing_does_not() -> None:
    sentries = Side(vision=10, hearing=11, observation=14)
    sneak = Side(stealth=12, stealthy=True)
    night = Conditions(terrain="grassland_other", darkness=-4)
    setup = plan(sneak, sentries, night, 140)
    assert setup.contest is not None and setup.contest.skill_b == 11  # Hearing beats 10 - 4
    assert english(setup.contest.steps) == [
        "range does not modify these rolls",
        "Vision 10 −4 for darkness = 6",
        "Observation 14 −4 for darkness = 10",
        "side B watches with its best sense: Hearing 11",
    ]
    lit = plan(sneak, sentries, OPEN, 140)
    assert lit.contest is not None and lit.contest.skill_b == 14


def test_darkness_and_range_weather_together_in_the_contest() -> None:
    sneak = Side(stealth=12, stealthy=True)
    watcher = Side(vision=12, night_vision=1)
    rainy_night = Conditions(
        terrain="grassland_other", darkness=-3, weather=-1, weather_per_yards=50
    )
    setup = plan(sneak, watcher, rainy_night, 140)
    # The sneak sees 200 × (100 - 30 - 40)% = 60 yards; the watcher, with darkness
    # eased to -2, 200 × (100 - 20 - 40 + 20)% = 120 yards. They start at 60 yards,
    # where the rain costs one step of -1.
    assert (setup.mvd_a.value, setup.mvd_b.value, setup.distance) == (60, 120, 60)
    assert setup.contest is not None and setup.contest.skill_b == 12 - 2 - 1
    assert english(setup.contest.steps) == [
        "range does not modify these rolls",
        "darkness −3 eased to −2 by Night Vision 1",
        "Vision 12 −2 for darkness −1 for weather (−1 per 50 yards at 60 yards) = 9",
    ]


def test_surprise_rounds_the_distance_up() -> None:
    # Forest, 21 yards, Terrain Rating 2: a margin of victory of 3 cuts 30%:
    # 21 × 70% = 14.7, rounded up to 15.
    sneak = Side(stealth=12, stealthy=True)
    setup = plan(sneak, Side(), Conditions(terrain="forest_deciduous"), 21)
    outcome = resolve(setup, 9, 10)
    assert (outcome.distance, outcome.closest, outcome.surprised) == (21, 15, (B,))
    assert english(outcome.steps)[-2:] == [
        "21 yards × 70% = 15 yards, rounded up",
        "side A surprises side B: it may start anywhere from 15 to 21 yards away, or evade.",
    ]


def test_a_margin_of_exactly_eight_is_not_capped() -> None:
    sneak = Side(stealth=12, stealthy=True)
    setup = plan(sneak, Side(), Conditions(terrain="forest_deciduous"), 21)
    outcome = resolve(setup, 6, 12)  # +6 against -2: margin of victory 8
    assert outcome.closest == 5  # 21 × 20% = 4.2, rounded up
    assert "but the cut is at most 80%" not in " ".join(english(outcome.steps))


def test_winning_by_exactly_the_terrain_rating_surprises() -> None:
    setup = plan(Side(stealth=12, stealthy=True), Side(), Conditions(terrain="barrens"), 140)
    assert setup.terrain_rating == 3
    assert resolve(setup, 9, 10).surprising is A  # +3 against 0: by 3
    assert resolve(setup, 10, 11).surprising is A  # +2 against -1: by 3
    assert resolve(setup, 10, 10).surprising is None  # by 2


def test_an_automatic_success_wins_without_closing_in() -> None:
    # Jungle, Terrain Rating 0. Stealth 2 rolls 4 (automatic success, margin -2) and
    # Vision 10 rolls 11 (margin -1): the sneak wins by -1, less than 0.
    setup = plan(Side(stealth=2, stealthy=True), Side(), Conditions(terrain="jungle"), 13)
    assert resolve(setup, 4, 11).surprising is None
    # When both sneak (any win surprises) the same rolls surprise but shrink nothing.
    both = plan(
        Side(perception_stealth=2, stealthy=True),
        Side(perception_stealth=10, stealthy=True),
        Conditions(terrain="jungle"),
        13,
    )
    outcome = resolve(both, 4, 11)
    assert (outcome.surprising, outcome.closest, outcome.distance) == (A, 13, 13)


def test_both_stealthy_tie_surprises_both() -> None:
    a = Side(perception_stealth=11, stealth=5, stealthy=True)
    b = Side(perception_stealth=9, stealthy=True)
    setup = plan(a, b, Conditions(terrain="hills_forested"), 21)
    assert setup.stealthy is Stealthy.BOTH
    assert setup.contest is not None and setup.contest.sneak is None
    assert (setup.contest.skill_a, setup.contest.skill_b) == (11, 9)
    assert english(setup.steps)[-2:] == [
        "Quick Contest: side A with Perception-based Stealth 11 against side B with "
        "Perception-based Stealth 9",
        "the winner achieves surprise; a tie surprises both sides",
    ]
    outcome = resolve(setup, 12, 10)  # -1 and -1
    assert (outcome.distance, outcome.closest, outcome.surprised) == (21, 21, (A, B))
    assert outcome.surprising is None and outcome.may_evade == ()
    assert english(outcome.steps)[-2:] == [
        "a tie: both sides are surprised",
        "The encounter starts at 21 yards, and both sides are surprised.",
    ]


def test_both_stealthy_any_win_surprises_unless_the_setting_asks_for_the_rating() -> None:
    a = Side(perception_stealth=10, stealthy=True)
    b = Side(perception_stealth=10, stealthy=True)
    hills = Conditions(terrain="hills_rocky")  # Terrain Rating 3
    outcome = resolve(plan(a, b, hills, 140), 11, 10)  # side B wins by 1
    assert (outcome.surprising, outcome.surprised, outcome.closest) == (B, (A,), 126)
    assert english(outcome.steps)[-3:] == [
        "side B wins and achieves surprise",
        "140 yards × 90% = 126 yards",
        "side B surprises side A: it may start anywhere from 126 to 140 yards away, or evade.",
    ]
    strict = DistanceRules(both_stealthy_rating=True)
    assert resolve(plan(a, b, hills, 140, strict), 11, 10).surprising is None
    assert resolve(plan(a, b, hills, 140, strict), 13, 10).surprising is B


def test_both_stealthy_needs_perception_based_stealth() -> None:
    with pytest.raises(RulesError) as caught:
        plan(Side(perception_stealth=10, stealthy=True), Side(stealth=10, stealthy=True), OPEN, 1)
    assert str(caught.value) == (
        "Enter Perception-based Stealth for side B: it is needed for the stealth contest."
    )


def test_the_spotter_may_evade_before_a_stealth_contest() -> None:
    setup = plan(HALFLING, OGRE, STEPPE_DUSK, 690)
    outcome = resolve(setup, 11, 10)  # -1 against 0: the ogre notices the halfling
    assert outcome.may_evade == (A,)
    assert outcome.surprised == ()
    assert "side A may evade the encounter automatically" in english(outcome.steps)


def test_flyers_and_mountains() -> None:
    hawk = Side(flying=True)
    setup = plan(hawk, Side(), Conditions(terrain="forest_deciduous"), 21)
    outcome = resolve(setup)
    assert (outcome.max_altitude, outcome.elevation_gap) == (10, None)
    assert english(outcome.steps)[-1] == (
        "a flyer may start up to 10 yards up, half the encounter distance"
    )
    peaks = Conditions(terrain="mountains_rocky")
    outcome = resolve(plan(Side(), Side(), peaks, 150))
    assert (outcome.max_altitude, outcome.elevation_gap) == (None, 75)
    assert english(outcome.steps)[-1] == (
        "in the mountains, one side may start up to 75 yards higher than the other, "
        "half the encounter distance; the GM picks which"
    )
    outcome = resolve(plan(hawk, Side(), peaks, 150))
    assert (outcome.max_altitude, outcome.elevation_gap) == (75, None)
    surprise = resolve(plan(Side(stealth=12, stealthy=True), Side(), peaks, 150), 9, 10)
    assert english(surprise.steps)[-1] == (
        "if the surprising side closes in, halve the distance it picks instead"
    )


# --- exact odds before rolling ----------------------------------------------------------


def test_example_1_odds_are_the_contest_odds() -> None:
    setup = example_1()
    odds = contest_odds(10, 7)
    assert setup.odds is not None
    assert (setup.odds.a_wins, setup.odds.b_wins, setup.odds.tie) == (
        odds.a_wins,
        odds.b_wins,
        odds.tie,
    )
    assert setup.odds.a_surprises == odds.a_wins_by_at_least(3)
    assert setup.odds.b_surprises == setup.odds.both_surprised == 0


def test_surprise_odds_by_hand() -> None:
    # Equal skills 10 against 10: the side rolling lower wins, by the difference of the
    # rolls, so every win is by at least 1. A wins 21162 of 46656 pairs (half of what
    # is not a tie; ties are the 4332 pairs of equal rolls).
    sneak = Side(stealth=10, stealthy=True)
    for key in ("jungle", "swamp_forested"):  # Terrain Rating 0 and 1
        setup = plan(sneak, Side(), Conditions(terrain=key), 13)
        assert setup.odds is not None
        assert setup.odds.a_surprises == setup.odds.a_wins == Fraction(21162, 46656)
    both = plan(
        Side(perception_stealth=10, stealthy=True),
        Side(perception_stealth=10, stealthy=True),
        Conditions(terrain="hills_rocky"),
        140,
    )
    assert both.odds is not None
    assert both.odds.both_surprised == Fraction(4332, 46656)
    assert both.odds.a_surprises == both.odds.b_surprises == Fraction(21162, 46656)


# --- properties -------------------------------------------------------------------------

levels = st.integers(0, 20)
sides = st.builds(
    Side,
    group_size=st.integers(1, 400),
    sm=st.integers(-4, 6),
    vision=levels,
    hearing=st.none() | levels,
    observation=st.none() | levels,
    night_vision=st.integers(0, 9),
    stealth=levels,
    perception_stealth=levels,
    camouflage=levels,
    stealthy=st.booleans(),
    camouflaged=st.booleans(),
    flying=st.booleans(),
)
conditions = st.builds(
    Conditions,
    terrain=st.sampled_from([row.key for row in TERRAINS]),
    darkness=st.integers(-10, 0),
    weather=st.integers(-3, 0),
    weather_per_yards=st.sampled_from([0, 10, 50, 100]),
)


@settings(max_examples=60, deadline=None)
@given(sides, sides, conditions, st.integers(0, 700), st.integers(3, 18), st.integers(3, 18))
def test_any_encounter_is_consistent(
    a: Side, b: Side, where: Conditions, med: int, roll_a: int, roll_b: int
) -> None:
    setup = plan(a, b, where, med)
    assert setup.distance == min(med, setup.mvd_a.value, setup.mvd_b.value)
    assert 0 <= setup.mvd_a.value <= 5280 and 0 <= setup.mvd_b.value <= 5280
    if setup.odds is not None:
        odds = setup.odds
        assert odds.a_wins + odds.b_wins + odds.tie == 1
        assert odds.a_surprises <= odds.a_wins and odds.b_surprises <= odds.b_wins
    outcome = resolve(
        setup, roll_a, roll_b, try_surprise=setup.contest is not None and setup.contest.optional
    )
    assert outcome.distance == setup.distance
    assert math.ceil(Fraction(outcome.distance, 5)) <= outcome.closest <= outcome.distance
    if outcome.surprising is not None:
        assert outcome.surprised == (outcome.surprising.other,)
        assert outcome.surprising in outcome.may_evade
    else:
        assert outcome.closest == outcome.distance


# --- the screen's stored form ---------------------------------------------------------


def test_the_form_round_trips_through_its_storage_envelope() -> None:
    form = GurpsForm(Side(name="the man", stealth=10), Side(group_size=10, vision=9), DRIZZLE)
    assert decode(GURPS_FORM, encode(GURPS_FORM, form.to_json())) == form
    assert GurpsForm.from_json({}) == GurpsForm()
    assert GurpsForm.from_json({"b": {"vision": 9}}).b == Side(vision=9)


@pytest.mark.parametrize(
    "data", [None, [], {"a": 3}, {"b": {"vision": 99}}, {"conditions": {"terrain": "moon"}}]
)
def test_a_damaged_stored_form_is_refused(data: object) -> None:
    with pytest.raises(StoredDataError):
        GurpsForm.from_json(data)
    with pytest.raises(StoredDataError):
        decode(GURPS_FORM, encode(GURPS_FORM, data))


def test_a_sense_drowned_by_weather_rolls_against_the_lowest_skill() -> None:
    # Found by the property test: −1 per 10 yards at 510 yards is −51, and Vision 0 − 51
    # is below the lowest effective skill a roll accepts (−50).
    sneak = Side(group_size=241, vision=0, stealth=0, stealthy=True)
    watcher = Side(group_size=241, vision=0)
    storm = Conditions(terrain="barrens", weather=-1, weather_per_yards=10)
    setup = plan(sneak, watcher, storm, 510)
    assert setup.distance == 510  # both see 200 × 300% = 600 yards
    assert setup.contest is not None and setup.contest.skill_b == -50
    assert english(setup.steps)[-3:-1] == [
        "Vision 0 −51 for weather (−1 per 10 yards at 510 yards) = -51",
        "Vision counts as −50, the lowest skill Omen rolls against",
    ]
    outcome = resolve(setup, 3, 3)
    assert outcome.contest is not None and outcome.contest.winner is Winner.A


def test_every_headline_says_whether_anyone_is_surprised_for_a_reload() -> None:
    from omen.gurps.detection import HEADLINES

    outcomes = [resolve(example_1())] + [
        resolve(example_1(), a, b, try_surprise=True) for a in range(3, 19) for b in range(3, 19)
    ]
    for outcome in outcomes:
        assert outcome.headline.key in HEADLINES
        assert HEADLINES[outcome.headline.key] == bool(outcome.surprised)
    assert {outcome.headline.key for outcome in outcomes} >= {
        key for key, surprised in HEADLINES.items() if not surprised
    }

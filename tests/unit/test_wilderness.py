"""The OSE wilderness day, from the SRD's Wilderness Adventuring in our words: a day's
miles by the slowest speed and the land, the chance of getting lost by terrain (and when
a party cannot), foraging and hunting, the day's check, rest, and a day's whole trace."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import Any

import pytest

from omen.campaign.state import Outcome
from omen.campaign.tables import Entry, Library, Location, Table
from omen.core.dice import ScriptedDice
from omen.core.errors import RulesError, StoredDataError
from omen.core.roll import Step
from omen.core.store import compact, decode, encode, enveloped
from omen.ose import turn as ose_turn
from omen.ose import wilderness as w
from omen.ose.turn import LightKind, Terrain, TurnState, add_light, add_timer
from omen.ose.wilderness import Activity, Journey, Route

OPEN = (Terrain.CLEAR, Terrain.GRASSLAND, Terrain.SETTLED, Terrain.CITY)
ROUGH = (Terrain.BARREN, Terrain.DESERT, Terrain.FOREST, Terrain.HILLS)
HARD = (Terrain.JUNGLE, Terrain.MOUNTAINS, Terrain.SWAMP)


# --- miles a day ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("speed", "open_land", "rough", "hard"),
    [(120, 24, 16, 12), (90, 18, 12, 9), (60, 12, 8, 6), (30, 6, 4, 3), (40, 8, 5, 4)],
)
def test_a_fifth_of_the_slowest_speed_in_miles_cut_by_a_third_or_a_half(
    speed: int, open_land: int, rough: int, hard: int
) -> None:
    plan = Journey(speed=speed)
    assert {w.miles_per_day(plan, t) for t in OPEN} == {open_land}
    assert {w.miles_per_day(plan, t) for t in ROUGH} == {rough}
    assert {w.miles_per_day(plan, t) for t in HARD} == {hard}


def test_a_road_adds_half_and_a_forced_march_half_again() -> None:
    assert w.miles_per_day(Journey(route=Route.ROAD), Terrain.CLEAR) == 36
    assert w.miles_per_day(Journey(route=Route.ROAD, forced=True), Terrain.CLEAR) == 54
    assert w.miles_per_day(Journey(route=Route.TRAIL), Terrain.FOREST) == 16
    assert w.miles_per_day(Journey(forced=True), Terrain.SWAMP) == 18


@pytest.mark.parametrize("terrain", [*ROUGH, *HARD])
def test_a_road_takes_the_place_of_the_land_it_crosses(terrain: Terrain) -> None:
    plan = Journey(route=Route.ROAD)
    assert w.miles_per_day(plan, terrain) == 36
    _c, _p, outcome = w.travel_day(TurnState(terrain=terrain), plan, {}, ScriptedDice([6]))
    said = [step.english() for step in outcome.steps]
    assert "A maintained road: half as far again." in said
    assert not any("slows the party" in line for line in said)
    assert "The party covers 36 miles." in said


def test_water_and_air_are_not_slowed_by_the_land() -> None:
    for terrain in (Terrain.RIVER, Terrain.OCEAN, Terrain.AERIAL):
        assert w.miles_per_day(Journey(speed=180), terrain) == 36


def test_hunting_and_resting_go_nowhere() -> None:
    for activity in (Activity.HUNT, Activity.REST):
        assert w.miles_per_day(Journey(activity=activity), Terrain.CLEAR) == 0


# --- getting lost, counted over every face ------------------------------------------------------


def lost_on_every_face(plan: Journey, terrain: Terrain) -> Fraction:
    """Roll a day with each face of the lost die in turn (the rest of the day's dice
    fixed) and count the days that went astray."""
    lost = 0
    for face in range(1, 7):
        _clock, after, _ = w.travel_day(
            TurnState(terrain=terrain), plan, {}, ScriptedDice([face, 6])
        )
        lost += after.lost
    return Fraction(lost, 6)


@pytest.mark.parametrize("terrain", list(Terrain))
def test_lost_odds_per_terrain_match_the_faces_that_lose_the_way(terrain: Terrain) -> None:
    expected = {
        Terrain.CLEAR: Fraction(1, 6),
        Terrain.GRASSLAND: Fraction(1, 6),
        Terrain.DESERT: Fraction(1, 2),
        Terrain.JUNGLE: Fraction(1, 2),
        Terrain.SWAMP: Fraction(1, 2),
        Terrain.RIVER: Fraction(0),
    }.get(terrain, Fraction(1, 3))
    plan = Journey()
    assert w.lost_chance(plan, terrain) == expected
    if expected:
        assert lost_on_every_face(plan, terrain) == expected


@pytest.mark.parametrize(
    "plan",
    [Journey(route=Route.ROAD), Journey(route=Route.TRAIL), Journey(guide=True)],
)
def test_a_road_a_trail_or_a_guide_cannot_get_lost_and_rolls_no_die(plan: Journey) -> None:
    for terrain in Terrain:
        assert w.lost_chance(plan, terrain) == 0
    # only the day's check is rolled: one die
    clock, after, outcome = w.travel_day(
        TurnState(terrain=Terrain.SWAMP), plan, {}, ScriptedDice([6])
    )
    assert not after.lost and clock.day == 1
    assert "no getting lost" in outcome.steps[-3].english()


# --- food ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(("activity", "faces"), [(Activity.FORAGE, 1)])
def test_food_odds_match_the_faces_that_find_food(activity: Activity, faces: int) -> None:
    plan = Journey(activity=activity, route=Route.ROAD)  # no lost die
    found = 0
    for face in range(1, 7):
        _c, after, _ = w.travel_day(
            TurnState(terrain=Terrain.CLEAR), plan, {}, ScriptedDice([face, 4, 6])
        )
        found += after.food > 0
        assert after.food in ((4,) if face <= faces else (0,))
    assert Fraction(found, 6) == w.food_chance(plan) == Fraction(faces, 6)


def test_travelling_without_foraging_finds_no_food_and_rolls_no_die_for_it() -> None:
    assert w.food_chance(Journey()) == 0
    _c, after, _ = w.travel_day(TurnState(), Journey(route=Route.ROAD), {}, ScriptedDice([6]))
    assert after.food == 0


def test_hunting_takes_the_day_but_the_check_is_still_made() -> None:
    """A hunt does not find food by itself: a 2 on its die meets no game; the check's 1
    brings wandering monsters."""
    clock, after, outcome = w.travel_day(
        TurnState(terrain=Terrain.FOREST),
        Journey(activity=Activity.HUNT),
        {},
        ScriptedDice([2, 1]),
    )
    assert (after.miles, after.food, after.game, clock.day, clock.encounter) == (
        0,
        0,
        False,
        1,
        True,
    )
    assert outcome.title.english() == "Day 1: no travel; wandering monsters!"
    assert [s.english() for s in outcome.steps][:2] == [
        "The party hunts all day and does not travel.",
        "Hunting (1 in 6): the d6 shows 2: no game today.",
    ]


# --- hunting: game animals on 1 in 6, on top of the day's check (OSE SRD) ---------------------


@pytest.mark.parametrize("terrain", list(Terrain))
def test_a_hunting_days_two_checks_by_enumeration(terrain: Terrain) -> None:
    """Every pair of faces (the hunt's d6, then the check's d6): game animals on a 1, the
    wandering monsters on the terrain's faces, an encounter when either comes; no food is
    ever rolled, no mile made."""
    plan = Journey(activity=Activity.HUNT)
    check = ose_turn.TERRAIN_CHANCE[terrain]
    game = met = monsters = 0
    for hunt_face in range(1, 7):
        for check_face in range(1, 7):
            clock, after, outcome = w.travel_day(
                TurnState(terrain=terrain), plan, {}, ScriptedDice([hunt_face, check_face])
            )
            assert after.game is (hunt_face <= 1)
            assert (after.food, after.miles, after.lost) == (0, 0, False)
            assert (outcome.kind == "encounter") is clock.encounter
            assert clock.encounter is (hunt_face <= 1 or check_face <= check)
            assert ("; game animals;" in outcome.title.english()) is after.game
            game += after.game
            monsters += check_face <= check
            met += clock.encounter
    assert Fraction(game, 36) == w.game_chance(plan) == Fraction(1, 6)
    assert Fraction(monsters, 36) == ose_turn.day_odds(TurnState(terrain=terrain)).chance
    assert Fraction(met, 36) == w.encounter_chance(plan, terrain)
    assert w.food_chance(plan) == 0


def test_game_animals_open_the_encounter_and_wandering_monsters_come_first() -> None:
    fens = Library(
        tables=(
            Table("t", "Fens", "d6", tuple(Entry(f"Creature {n}", n, n) for n in range(1, 7))),
        ),
        locations=(Location("road", "Road", encounter="t", terrain="swamp"),),
    )
    where: dict[str, Any] = {"library": fens, "location": "road"}
    hunt = Journey(activity=Activity.HUNT)
    # game animals (1), nobody from the check (6): the encounter is the game, named by the screen
    clock, plan, outcome = w.travel_day(TurnState(), hunt, {}, ScriptedDice([1, 6]), **where)
    assert clock.encounter and plan.game and clock.met == ""
    assert w.met(clock, plan) is None
    assert outcome.title.english() == "Day 1: no travel; game animals; no wandering monsters."
    # both (1, then 2 and creature 4): the wandering monsters are the encounter run first
    clock, plan, outcome = w.travel_day(TurnState(), hunt, {}, ScriptedDice([1, 2, 4]), **where)
    assert w.met(clock, plan) == "Creature 4"
    assert outcome.steps[-1].english() == (
        "The wandering monsters come first; the game animals after them."
    )
    # a later day without a hunt does not name game animals
    clock, plan, _ = w.travel_day(clock, Journey(), {}, ScriptedDice([6, 6]), **where)
    assert not plan.game and w.met(clock, plan) == ""


def test_food_from_the_hunt_is_recorded_not_rolled() -> None:
    plan, outcome = w.record_food(Journey(food=3, game=True), 4)
    assert plan.food == 7 and outcome.kind == w.KIND
    assert outcome.title.english() == "Food recorded: enough for 4 people for a day (7 in all)."
    for wrong in (0, -1, w.MAX_FOOD + 1, True):
        with pytest.raises(RulesError):
            w.record_food(Journey(), wrong)  # type: ignore[arg-type]
    assert Journey.from_json(plan.to_json()) == plan
    assert Journey.from_json({"game": True}).game  # an older form without it reads too
    with pytest.raises(StoredDataError):
        Journey.from_json({"game": "yes"})


# --- the day's whole trace ----------------------------------------------------------------------


def test_a_day_in_the_hills_step_by_step() -> None:
    clock = add_timer(
        add_light(TurnState(terrain=Terrain.HILLS, day=3), LightKind.TORCH), "Bless", 2
    )
    plan = Journey(speed=90, activity=Activity.FORAGE, miles=40)
    # lost die 2 (lost on 1-2), forage 1 (found), 1d6 = 3 fed, the check's d6 = 4
    after_clock, after, outcome = w.travel_day(clock, plan, {}, ScriptedDice([2, 1, 3, 4]))
    assert (
        outcome.title.english()
        == "Day 4: 12 miles through Hills; lost; food for 3 found; no wandering monsters. "
        "Torch 1 goes out. 1 more light or timer ran out too."
    )
    assert [s.english() for s in outcome.steps] == [
        "Slowest speed 90': 18 miles a day on open land.",
        "Hills slows the party to 2/3 of that.",
        "The party covers 12 miles.",
        "Getting lost (2 in 6): the d6 shows 2: the party is lost!",
        "The day's miles go in a direction the referee chooses, not the one the party meant; "
        "the players are not told.",
        "Foraging (1 in 6): the d6 shows 1: food found.",
        "1d6 shows 3: enough food for 3 people for a day.",
        "Hills: wandering monsters on 2 in 6.",
        "The d6 shows 4: nobody comes.",
        "Torch 1 goes out.",
        "Timer 'Bless' has run out.",
    ]
    assert (after.miles, after.food, after.lost, after.days_travelled) == (52, 3, True, 1)
    assert after.last == outcome == after_clock.last
    # a day of travel holds 144 turns: the torch and the two-turn timer are done
    assert after_clock.lights == () and after_clock.timers == ()
    assert after_clock.turn == clock.turn and after_clock.day == 4


def test_wandering_monsters_roll_on_the_location_table() -> None:
    wolves = Table("wolves", "Wolves", "d6", (Entry("A pack of wolves", 1, 6),))
    library = Library((wolves,), (Location("moor", "The moor", ("wolves",), "wolves"),))
    clock, _after, outcome = w.travel_day(
        TurnState(terrain=Terrain.SWAMP),
        Journey(route=Route.ROAD),
        {},
        ScriptedDice([3, 5, 1, 1, 1]),
        library=library,
        location="moor",
    )
    assert clock.encounter and clock.met == "A pack of wolves"
    assert outcome.kind == "encounter"
    assert outcome.title.english() == "Day 1: 36 miles through Swamp; wandering monsters!"


# --- rest and the forced march ------------------------------------------------------------------


def test_six_days_of_travel_then_a_rest_is_due_and_going_on_costs_a_penalty() -> None:
    clock, plan = TurnState(), Journey(route=Route.ROAD)
    for _ in range(6):
        clock, plan, outcome = w.travel_day(clock, plan, {}, ScriptedDice([6]))
    assert plan.days_travelled == 6
    assert outcome.steps[-3].english() == "Six days of travel: the next day should be a rest."
    clock, plan, outcome = w.travel_day(clock, plan, {}, ScriptedDice([6]))
    assert "-1 to attack and damage" in outcome.steps[-3].english()
    clock, plan, outcome = w.travel_day(
        clock, replace(plan, activity=Activity.REST), {}, ScriptedDice([6])
    )
    assert plan.days_travelled == 0 and plan.miles == 7 * 36
    assert outcome.steps[1].english() == "Rested: the party is fit to travel again."


def test_a_forced_march_asks_for_a_rest_the_next_day() -> None:
    clock, plan, _ = w.travel_day(
        TurnState(), Journey(forced=True, route=Route.ROAD), {}, ScriptedDice([6])
    )
    assert plan.must_rest and not plan.forced and plan.miles == 54
    _c, later, outcome = w.travel_day(clock, plan, {}, ScriptedDice([6]))
    assert not later.must_rest
    assert "needed a day of rest" in outcome.steps[-3].english()


# --- stored values, and hostile ones ------------------------------------------------------------


def test_a_journey_loads_back_as_it_was_saved() -> None:
    _c, plan, _ = w.travel_day(
        TurnState(), Journey(activity=Activity.FORAGE), {}, ScriptedDice([1, 1, 6, 6])
    )
    assert decode(w.SCHEMA, encode(w.SCHEMA, plan.to_json())) == plan
    assert Journey.from_json({}) == Journey()  # an older form without the fields


def stored(data: Any) -> str:
    return enveloped(w.SCHEMA, compact(data))


@pytest.mark.parametrize(
    "change",
    [
        {"speed": 0},
        {"speed": 10**9},
        {"speed": True},
        {"speed": "120"},
        {"route": "teleport"},
        {"activity": None},
        {"miles": -1},
        {"food": 10**12},
        {"days_travelled": 1.5},
        {"guide": 1},
        {"lost": "yes"},
        {"last": {"t": "<script>"}},
        {"smuggled": 1},
    ],
)
def test_a_crafted_journey_is_refused_with_a_sentence(change: dict[str, Any]) -> None:
    data = {**Journey().to_json(), **change}
    with pytest.raises(StoredDataError) as refused:
        decode(w.SCHEMA, stored(data))
    assert str(refused.value) in (
        "The stored OSE wilderness journey is damaged and cannot be read.",
        "The saved value 'outcome' is missing or damaged.",  # the last day's record
    )


def test_a_crafted_journey_that_is_not_an_object_is_refused() -> None:
    for data in ([], "journey", None, 7):
        with pytest.raises(StoredDataError):
            decode(w.SCHEMA, stored(data))


def test_a_speed_out_of_range_is_a_sentence_for_the_referee() -> None:
    with pytest.raises(RulesError) as refused:
        Journey(speed=2)
    assert refused.value.message == Step(
        "The slowest speed is a whole number of feet from {low} to {high}.", {"low": 5, "high": 960}
    )


def test_a_journey_keeps_its_last_outcome() -> None:
    outcome = Outcome(
        Step("Day {day}: {what}", {"day": 1, "what": Step("no travel")}), (), "nothing"
    )
    plan = Journey(last=outcome)
    assert Journey.from_json(plan.to_json()).last == outcome


# --- one terrain: the location's when it names one (issue 44, item 1) -----------------------

FENS = Library(locations=(Location("fens", "The fen road", terrain="swamp"),))


@pytest.mark.parametrize("lost_face", range(1, 7))
@pytest.mark.parametrize("check_face", range(1, 7))
def test_the_fen_road_is_swamp_for_the_miles_the_lost_die_the_check_and_the_headline(
    lost_face: int, check_face: int
) -> None:
    """The clock says forest; the location says swamp: every part of the day is swamp's."""
    forest = TurnState(terrain=Terrain.FOREST)
    clock, plan, outcome = w.travel_day(
        forest, Journey(), {}, ScriptedDice([lost_face, check_face]), library=FENS, location="fens"
    )
    assert clock.terrain is Terrain.SWAMP
    assert plan.miles == w.miles_per_day(Journey(), Terrain.SWAMP) == 12
    assert plan.lost is (lost_face <= 3)  # swamp: 3 in 6, not forest's 2
    assert clock.encounter is (check_face <= 3)
    said = [step.english() for step in outcome.steps]
    assert "Swamp: wandering monsters on 3 in 6." in said
    assert "through Swamp" in outcome.title.english()
    assert not any("Forest" in line for line in [*said, outcome.title.english()])


def test_the_terrain_shown_is_the_one_the_odds_and_the_roll_use() -> None:
    from omen.ose import turn as ose_turn

    forest = TurnState(terrain=Terrain.FOREST)
    here = ose_turn.at_location(forest, FENS, "fens")
    assert ose_turn.terrain_here(forest, FENS, "fens") is here.terrain is Terrain.SWAMP
    assert ose_turn.day_odds(here).chance == Fraction(1, 2)
    assert w.lost_chance(Journey(), here.terrain) == Fraction(1, 2)
    assert ose_turn.at_location(forest, FENS, None) is forest
    assert ose_turn.at_location(forest, Library(), "fens") is forest


def test_the_hunt_meets_the_rows_marked_as_game_animals_as_likely_as_on_the_table() -> None:
    """A d6 table: deer on 1-2 and a boar on 3 are game animals, the rest are not: the
    hunt draws among those two alone, deer two ways in three (a d3 of 1-2), the boar one."""
    woods = Table(
        "w",
        "Woods",
        "d6",
        (
            Entry("[[1d4]] deer", 1, 2, animal=True),
            Entry("A boar", 3, 3, animal=True),
            Entry("Bandits", 4, 6, violent=True),
        ),
    )
    where: dict[str, Any] = {
        "library": Library(tables=(woods,), locations=(Location("wood", "Wood", encounter="w"),)),
        "location": "wood",
    }
    hunt = Journey(activity=Activity.HUNT)
    met = {}
    for draw in (1, 2, 3):
        # the hunt's 1, the check's 6, the draw, then the deer's 1d4 (3)
        clock, plan, outcome = w.travel_day(
            TurnState(), hunt, {}, ScriptedDice([1, 6, draw, 3]), **where
        )
        met[draw] = w.met(clock, plan)
        assert clock.encounter and outcome.kind == "encounter"
        said = [s.english() for s in outcome.steps]
        assert "Game animals: a draw among the rows of Woods marked as game animals." in said
    assert met == {1: "3 deer", 2: "3 deer", 3: "A boar"}
    assert Entry.from_json(Entry("A boar", 3, animal=True).to_json()).animal
    # none marked: the referee names them
    plain = Table("w", "Woods", "d6", (Entry("Bandits", 1, 6),))
    where["library"] = Library(
        tables=(plain,), locations=(Location("wood", "Wood", encounter="w"),)
    )
    clock, plan, outcome = w.travel_day(TurnState(), hunt, {}, ScriptedDice([1, 6]), **where)
    assert w.met(clock, plan) is None
    assert outcome.steps[-1].english() == (
        "No row of Woods is marked as game animals: name them yourself."
    )

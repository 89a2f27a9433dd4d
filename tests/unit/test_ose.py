"""The Old-School Essentials encounter sequence: golden traces, table edges, exact odds."""

from __future__ import annotations

import json
from dataclasses import replace
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from omen.core.dice import ScriptedDice
from omen.core.errors import RulesError, ScriptExhausted, StoredDataError
from omen.core.setting import Setting
from omen.ose.evasion import (
    ChaseStatus,
    Drop,
    DungeonEvasionOutcome,
    PursuitState,
    PursuitStatus,
    Terrain,
    WildernessEvasion,
    WildernessPursuit,
    catch_up_chance,
    drop_stop_chance,
    dungeon_evasion,
    escape_pursuit,
    give_up,
    pursuit_odds,
    pursuit_round,
    rounds_to_catch,
    start_pursuit,
    water_evasion,
    water_evasion_chance,
    wilderness_base_chance,
    wilderness_evasion,
    wilderness_evasion_chance,
    wilderness_pursuit_day,
)
from omen.ose.sequence import (
    Encounter,
    Order,
    Place,
    Side,
    SideSetup,
    SurpriseOutcome,
    Unit,
    conclusion,
    conclusion_turns,
    distance_odds,
    encounter_distance,
    encounter_movement,
    encounter_speed,
    initiative_odds,
    next_round,
    roll_initiative,
    start_encounter,
    surprise,
    surprise_odds,
)
from omen.ose.settings import SETTINGS, BothSurprised, Directions, Ties, Tiring


def texts(record: object) -> list[str]:
    return [step.english() for step in record.steps]  # type: ignore[attr-defined]


def roundtrip(data: object) -> object:
    return json.loads(json.dumps(data))


# --- surprise ------------------------------------------------------------------------


def test_both_unaware_golden_trace() -> None:
    result = surprise(SideSetup(), SideSetup(surprised_on=1), ScriptedDice([3, 1]))
    assert (result.party_face, result.monsters_face) == (3, 1)
    assert result.outcome is SurpriseOutcome.MONSTERS
    assert result.acts_alone is Side.PARTY
    assert texts(result) == [
        "The party rolls 3 (surprised on 1-2): the party is not surprised.",
        "The monsters roll 1 (surprised on a 1 only): the monsters are surprised.",
        "The monsters are surprised: the party acts alone for one round.",
    ]


def test_both_surprised_gives_nobody_the_advantage() -> None:
    result = surprise(SideSetup(), SideSetup(), ScriptedDice([2, 1]))
    assert result.outcome is SurpriseOutcome.BOTH
    assert result.acts_alone is None
    assert texts(result)[-1] == (
        "Both sides are surprised: a moment of confusion, and nobody has the advantage."
    )


def test_nobody_surprised() -> None:
    result = surprise(SideSetup(), SideSetup(), ScriptedDice([3, 6]))
    assert result.outcome is SurpriseOutcome.NOBODY
    assert result.acts_alone is None
    assert texts(result)[-1] == "Nobody is surprised."


def test_a_side_that_expected_the_encounter_does_not_roll() -> None:
    result = surprise(SideSetup(unaware=False), SideSetup(light=True), ScriptedDice([4]))
    assert result.party_face is None
    assert result.monsters_face == 4
    assert texts(result) == [
        "The party expected the encounter: no surprise roll.",
        "The monsters roll 4 (surprised on 1-2): the monsters are not surprised.",
        "Nobody is surprised.",
    ]


def test_light_in_the_dark_gives_its_carrier_away() -> None:
    # The party's torches: the monsters see them coming and do not roll. The party still
    # rolls against monsters hiding in the dark, and here it is surprised.
    dice = ScriptedDice([2])
    result = surprise(SideSetup(light=True), SideSetup(), dice)
    assert dice.remaining == 0
    assert result.monsters_face is None
    assert result.outcome is SurpriseOutcome.PARTY
    assert result.acts_alone is Side.MONSTERS
    assert texts(result)[1] == (
        "The party carries light in the dark, so the monsters see it coming: no surprise roll."
    )


def test_monsters_light_protects_the_party() -> None:
    result = surprise(SideSetup(), SideSetup(light=True), ScriptedDice([1]))
    assert result.party_face is None
    assert result.outcome is SurpriseOutcome.MONSTERS
    assert texts(result)[0] == (
        "The monsters carry light in the dark, so the party sees them coming: no surprise roll."
    )


def test_light_in_daylight_changes_nothing() -> None:
    result = surprise(
        SideSetup(light=True), SideSetup(light=True), ScriptedDice([1, 1]), dark=False
    )
    assert result.outcome is SurpriseOutcome.BOTH


def test_both_carry_light_nobody_rolls() -> None:
    result = surprise(SideSetup(light=True), SideSetup(light=True), ScriptedDice([]))
    assert result.outcome is SurpriseOutcome.NOBODY
    assert (result.party_face, result.monsters_face) == (None, None)


@pytest.mark.parametrize(
    ("top", "face", "surprised"),
    [
        (1, 1, True),
        (1, 2, False),
        (2, 2, True),
        (2, 3, False),
        (3, 3, True),
        (3, 4, False),
        (4, 4, True),
        (4, 5, False),
    ],
)
def test_special_ranges_at_their_edges(top: int, face: int, surprised: bool) -> None:
    result = surprise(SideSetup(surprised_on=top), SideSetup(unaware=False), ScriptedDice([face]))
    assert (result.outcome is SurpriseOutcome.PARTY) is surprised
    expected_range = "on a 1 only" if top == 1 else f"on 1-{top}"
    assert f"(surprised {expected_range})" in texts(result)[0]


@pytest.mark.parametrize("top", [0, 6, -1])
def test_surprise_range_out_of_bounds(top: int) -> None:
    with pytest.raises(RulesError, match="surprised on a 1 only, or on 1 up to 1-5"):
        SideSetup(surprised_on=top)


def test_surprise_odds_default() -> None:
    # Each side is surprised on 2 faces of 6 = 1/3, independently:
    # nobody 2/3·2/3 = 4/9, party only 1/3·2/3 = 2/9, monsters only 2/9, both 1/9.
    odds = surprise_odds(SideSetup(), SideSetup())
    assert (odds.party, odds.monsters) == (Fraction(1, 3), Fraction(1, 3))
    assert odds.outcomes == {
        SurpriseOutcome.NOBODY: Fraction(4, 9),
        SurpriseOutcome.PARTY: Fraction(2, 9),
        SurpriseOutcome.MONSTERS: Fraction(2, 9),
        SurpriseOutcome.BOTH: Fraction(1, 9),
    }


def test_surprise_odds_with_light_and_ranges() -> None:
    # The party carries light: the monsters (range 1-4) cannot be surprised, m = 0.
    # The party is surprised only on a 1: p = 1/6.
    odds = surprise_odds(SideSetup(light=True, surprised_on=1), SideSetup(surprised_on=4))
    assert (odds.party, odds.monsters) == (Fraction(1, 6), Fraction(0))
    assert odds.outcomes[SurpriseOutcome.PARTY] == Fraction(1, 6)
    assert odds.outcomes[SurpriseOutcome.NOBODY] == Fraction(5, 6)
    assert odds.outcomes[SurpriseOutcome.BOTH] == 0
    # Without the light the monsters are surprised on 4 of 6: both = 1/6 · 2/3 = 1/9.
    odds = surprise_odds(SideSetup(surprised_on=1), SideSetup(surprised_on=4), dark=True)
    assert odds.outcomes[SurpriseOutcome.BOTH] == Fraction(1, 9)
    assert sum(odds.outcomes.values()) == 1


# --- distance ------------------------------------------------------------------------


def test_dungeon_distance() -> None:
    result = encounter_distance(Place.DUNGEON, ScriptedDice([3, 4]))
    assert (result.value, result.unit, result.dice) == (70, Unit.FEET, "2d6×10")
    assert texts(result) == [
        "2d6: 3, 4 = 7",
        "7×10 = 70",
        "Encounter distance in the dungeon: 70 feet.",
    ]


def test_dungeon_distance_ignores_surprise() -> None:
    result = encounter_distance(Place.DUNGEON, ScriptedDice([6, 6]), surprised=True)
    assert result.value == 120


def test_wilderness_distance() -> None:
    result = encounter_distance(Place.WILDERNESS, ScriptedDice([1, 2, 3, 4]))
    assert (result.value, result.unit) == (100, Unit.YARDS)
    assert texts(result)[-1] == "Encounter distance in the wilderness: 100 yards."


def test_water_distance_with_surprise() -> None:
    result = encounter_distance(Place.WATER, ScriptedDice([3]), surprised=True)
    assert result.value == 30
    assert texts(result) == [
        "A side is surprised, so the distance is only 1d4×10 yards.",
        "1d4: 3",
        "3×10 = 30",
        "Encounter distance on water: 30 yards.",
    ]


def test_distance_odds() -> None:
    # 2d6 = 7 in 6 of 36 ways; 4d6 = 14 in 146 of 1296 ways; 1d4 flat.
    assert distance_odds(Place.DUNGEON)[70] == Fraction(1, 6)
    assert distance_odds(Place.WILDERNESS)[140] == Fraction(146, 1296)
    assert distance_odds(Place.WATER, surprised=True) == {
        10: Fraction(1, 4),
        20: Fraction(1, 4),
        30: Fraction(1, 4),
        40: Fraction(1, 4),
    }


# --- initiative ----------------------------------------------------------------------


def test_initiative_tie_rerolled() -> None:
    result = roll_initiative(1, ScriptedDice([3, 3, 5, 2]))
    assert result.order is Order.PARTY_FIRST
    assert result.rolls == ((3, 3), (5, 2))
    assert texts(result) == [
        "Round 1: the party rolls 3, the monsters roll 3.",
        "A tie: both sides roll again.",
        "Round 1: the party rolls 5, the monsters roll 2.",
        "The party acts first, then the monsters.",
    ]


def test_initiative_tie_simultaneous() -> None:
    result = roll_initiative(2, ScriptedDice([4, 4]), Ties.SIMULTANEOUS)
    assert result.order is Order.SIMULTANEOUS
    assert texts(result) == [
        "Round 2: the party rolls 4, the monsters roll 4.",
        "A tie: both sides act at the same time.",
    ]


def test_initiative_monsters_first() -> None:
    result = roll_initiative(3, ScriptedDice([1, 2]), Ties.SIMULTANEOUS)
    assert result.order is Order.MONSTERS_FIRST
    assert texts(result)[-1] == "The monsters act first, then the party."


def test_initiative_odds() -> None:
    # 36 pairs: 15 party higher, 15 monsters higher, 6 ties.
    assert initiative_odds(Ties.SIMULTANEOUS) == {
        Order.PARTY_FIRST: Fraction(5, 12),
        Order.MONSTERS_FIRST: Fraction(5, 12),
        Order.SIMULTANEOUS: Fraction(1, 6),
    }
    # Re-rolling ties: 15 : 15, so one half each.
    assert initiative_odds(Ties.REROLL) == {
        Order.PARTY_FIRST: Fraction(1, 2),
        Order.MONSTERS_FIRST: Fraction(1, 2),
    }


def test_surprise_round_then_initiative() -> None:
    opening = surprise(SideSetup(), SideSetup(), ScriptedDice([5, 2]))
    encounter = start_encounter(Place.DUNGEON, opening, None)
    assert encounter.round == 0
    first = next_round(encounter, ScriptedDice([]))  # no dice: the party acts alone
    assert first.round == 1
    assert first.initiative is not None
    assert first.initiative.order is Order.PARTY_ALONE
    assert texts(first.initiative) == [
        "Round 1: the monsters are surprised, so the party acts alone."
    ]
    second = next_round(first, ScriptedDice([2, 6]))
    assert second.round == 2
    assert second.initiative is not None
    assert second.initiative.order is Order.MONSTERS_FIRST


def test_party_surprised_monsters_act_alone() -> None:
    encounter = Encounter(Place.WILDERNESS, SurpriseOutcome.PARTY, 30)
    first = next_round(encounter, ScriptedDice([]))
    assert first.initiative is not None
    assert first.initiative.order is Order.MONSTERS_ALONE


def test_both_surprised_roll_initiative_in_round_one() -> None:
    encounter = Encounter(Place.DUNGEON, SurpriseOutcome.BOTH, 40)
    first = next_round(encounter, ScriptedDice([6, 6, 1, 2]), Ties.REROLL)
    assert first.initiative is not None
    assert first.initiative.order is Order.MONSTERS_FIRST
    assert first.initiative.rolls == ((6, 6), (1, 2))


def test_encounter_round_trips_through_json() -> None:
    encounter = start_encounter(
        Place.DUNGEON,
        surprise(SideSetup(), SideSetup(), ScriptedDice([4, 4])),
        encounter_distance(Place.DUNGEON, ScriptedDice([2, 2])),
    )
    assert encounter.distance == 40
    for dice in ([1, 6], [3, 3, 2, 1], [5, 5, 6, 1]):
        encounter = next_round(encounter, ScriptedDice(dice))
        assert Encounter.from_json(roundtrip(encounter.to_json())) == encounter
    assert encounter.round == 3


@given(
    st.sampled_from(list(SurpriseOutcome)),
    st.lists(st.integers(1, 6), min_size=60, max_size=60),
    st.sampled_from(list(Ties)),
    st.integers(1, 6),
)
def test_rounds_state_machine(
    opening: SurpriseOutcome, faces: list[int], ties: Ties, rounds: int
) -> None:
    # Enough faces for any run: append a non-tie pair after the random ones.
    dice = ScriptedDice([*faces, 1, 2] * rounds)
    encounter = Encounter(Place.DUNGEON, opening, 50)
    for number in range(1, rounds + 1):
        before = dice.remaining
        encounter = next_round(encounter, dice, ties)
        initiative = encounter.initiative
        assert encounter.round == number and initiative is not None
        alone = number == 1 and opening in (SurpriseOutcome.PARTY, SurpriseOutcome.MONSTERS)
        assert (before == dice.remaining) == alone
        assert (initiative.rolls == ()) == alone
        for party, monsters in initiative.rolls[:-1]:
            assert party == monsters and ties is Ties.REROLL
        if initiative.rolls:
            party, monsters = initiative.rolls[-1]
            expected = (
                Order.PARTY_FIRST
                if party > monsters
                else Order.MONSTERS_FIRST
                if monsters > party
                else Order.SIMULTANEOUS
            )
            assert initiative.order is expected
        assert Encounter.from_json(roundtrip(encounter.to_json())) == encounter
    assert conclusion(encounter).turns == 1


@pytest.mark.parametrize(
    "data",
    [
        None,
        {"place": "moon", "surprise": "nobody", "distance": 10, "round": 0, "initiative": None},
        {"place": "dungeon", "surprise": "nobody", "distance": -1, "round": 0, "initiative": None},
        {
            "place": "dungeon",
            "surprise": "nobody",
            "distance": 10,
            "round": "1",
            "initiative": None,
        },
        {
            "place": "dungeon",
            "surprise": "nobody",
            "distance": 10,
            "round": 1,
            "initiative": {"round": 1, "order": "party_first", "rolls": [[7, 1]], "steps": []},
        },
        {
            "place": "dungeon",
            "surprise": "nobody",
            "distance": 10,
            "round": 1,
            "initiative": {"round": 1, "order": "party_first", "rolls": [], "steps": [{"x": 1}]},
        },
    ],
)
def test_damaged_encounter(data: object) -> None:
    with pytest.raises(StoredDataError, match="stored encounter is damaged"):
        Encounter.from_json(data)


# --- movement and conclusion -------------------------------------------------------


def test_encounter_speed_in_a_dungeon() -> None:
    move = encounter_movement(120, Place.DUNGEON)
    assert (move.per_round, move.distance, move.unit) == (40, 40, Unit.FEET)
    assert texts(move) == ["Encounter speed: 120 ÷ 3 = 40 feet per round."]


def test_encounter_speed_outdoors_rounded_down() -> None:
    move = encounter_movement(40, Place.WILDERNESS, 3)
    assert (move.per_round, move.distance, move.unit) == (13, 39, Unit.YARDS)
    assert texts(move) == [
        "Encounter speed: 40 ÷ 3 = 13 yards per round, rounded down.",
        "3 rounds at 13 yards per round: 39 yards.",
    ]
    assert encounter_speed(90) == 30


def test_movement_lasts_at_most_one_turn() -> None:
    assert encounter_movement(120, Place.DUNGEON, 60).distance == 2400
    for rounds in (0, 61):
        with pytest.raises(RulesError, match="from 1 to 60 rounds"):
            encounter_movement(120, Place.DUNGEON, rounds)
    with pytest.raises(RulesError, match="speed must be a whole number"):
        encounter_speed(0)


@pytest.mark.parametrize(
    ("rounds", "turns"), [(0, 1), (1, 1), (59, 1), (60, 1), (61, 2), (120, 2), (121, 3)]
)
def test_conclusion_turns(rounds: int, turns: int) -> None:
    assert conclusion_turns(rounds) == turns


def test_conclusion_steps() -> None:
    assert conclusion_turns() == 1
    with pytest.raises(RulesError):
        conclusion_turns(-1)
    end = conclusion(Encounter(Place.DUNGEON, round=61))
    assert end.turns == 2
    assert texts(end)[-1] == "The encounter is over: 2 turns pass."
    assert texts(conclusion())[-1] == "The encounter is over: 1 turn passes."


# --- dungeon evasion and pursuit -----------------------------------------------------


@pytest.mark.parametrize(
    ("fleeing", "pursuing", "forced", "outcome"),
    [
        (120, 90, False, DungeonEvasionOutcome.EVADED),
        (91, 90, False, DungeonEvasionOutcome.EVADED),
        (90, 90, False, DungeonEvasionOutcome.PURSUIT),
        (60, 90, False, DungeonEvasionOutcome.PURSUIT),
        (120, 90, True, DungeonEvasionOutcome.CORNERED),
    ],
)
def test_dungeon_evasion(fleeing: int, pursuing: int, forced: bool, outcome: object) -> None:
    result = dungeon_evasion(fleeing, pursuing, forced_to_stop=forced)
    assert result.outcome is outcome
    assert result.chance == (1 if outcome is DungeonEvasionOutcome.EVADED else 0)


def test_dungeon_evasion_trace() -> None:
    assert texts(dungeon_evasion(120, 90)) == [
        "Running speeds: the fleeing side 120 feet per round, the pursuers 90 feet.",
        "The fleeing side is faster and gets away.",
    ]


def test_pursuit_closes_and_catches() -> None:
    state = start_pursuit(Side.PARTY, 60, 90, 120)
    assert rounds_to_catch(state) == 2
    state = pursuit_round(state, ScriptedDice([]))
    assert (state.round, state.gap, state.status) == (1, 30, PursuitStatus.RUNNING)
    assert texts(state) == ["Round 1 of the pursuit.", "The gap goes from 60 feet to 30 feet."]
    state = pursuit_round(state, ScriptedDice([4]), drop=Drop.TREASURE, tempted=True)
    assert (state.round, state.gap, state.status) == (2, 0, PursuitStatus.CAUGHT)
    assert texts(state) == [
        "Round 2 of the pursuit.",
        "The fleeing side drops treasure.",
        "Rolled 4 (they stop on 1-3): the pursuers run on.",
        "The gap goes from 30 feet to 0 feet.",
        "The pursuers catch up with the fleeing side.",
    ]
    with pytest.raises(RulesError, match="pursuit is over"):
        pursuit_round(state, ScriptedDice([]))


def test_dropped_treasure_stops_on_three() -> None:
    state = start_pursuit(Side.PARTY, 60, 90, 120)
    state = pursuit_round(state, ScriptedDice([3]), drop=Drop.TREASURE, tempted=True)
    assert state.status is PursuitStatus.ESCAPED
    assert state.gap == 60
    assert texts(state)[-1] == (
        "Rolled 3 (they stop on 1-3): the pursuers stop for the treasure and the fleeing side "
        "gets away."
    )


def test_dropped_food_stops_on_one() -> None:
    state = start_pursuit(Side.MONSTERS, 60, 90, 120)
    state = pursuit_round(state, ScriptedDice([1]), drop=Drop.FOOD, tempted=True)
    assert state.status is PursuitStatus.ESCAPED
    assert "stop for the food" in texts(state)[-1]


def test_untempted_pursuers_ignore_the_drop_without_a_roll() -> None:
    state = start_pursuit(Side.PARTY, 60, 90, 120)
    state = pursuit_round(state, ScriptedDice([]), drop=Drop.FOOD, tempted=False)
    assert state.status is PursuitStatus.RUNNING
    assert texts(state)[1:3] == [
        "The fleeing side drops food.",
        "The pursuers are neither hungry nor dim-witted and run on.",
    ]


def test_pursuit_odds() -> None:
    state = start_pursuit(Side.PARTY, 30, 90, 120)
    # The gap closes this round; a tempting drop stops them on 3 of 6 first.
    odds = pursuit_odds(state, Drop.TREASURE, tempted=True)
    assert (odds.stop, odds.caught, odds.rounds_to_catch) == (
        Fraction(1, 2),
        Fraction(1, 2),
        1,
    )
    assert pursuit_odds(state).caught == 1
    assert pursuit_odds(replace(state, gap=31)).caught == 0
    assert drop_stop_chance(Drop.NOTHING, True) == 0
    assert drop_stop_chance(Drop.FOOD, False) == 0


@pytest.mark.parametrize(
    ("gap", "fleeing", "pursuing", "rounds"),
    [
        (60, 90, 120, 2),
        (61, 90, 120, 3),
        (0, 120, 120, 1),
        (10, 120, 120, None),
        (0, 150, 120, None),
    ],
)
def test_rounds_to_catch(gap: int, fleeing: int, pursuing: int, rounds: int | None) -> None:
    assert rounds_to_catch(start_pursuit(Side.PARTY, gap, fleeing, pursuing)) == rounds


def run(state: PursuitState, rounds: int, tiring: Tiring = Tiring.PARTY) -> PursuitState:
    for _ in range(rounds):
        state = pursuit_round(state, ScriptedDice([]), tiring=tiring)
    return state


def test_exhaustion_after_thirty_rounds() -> None:
    state = run(start_pursuit(Side.PARTY, 50, 120, 120), 29)
    assert state.exhausted == ()
    assert state.gap == 50
    state = run(state, 1)
    assert state.round == 30
    assert state.exhausted == (Side.PARTY,)
    assert texts(state)[-1] == (
        "The party has run for 30 rounds and is exhausted: -2 to attacks, damage and Armour "
        "Class until it rests for 3 turns."
    )
    # The penalty is announced once; the pursuit runs on until the referee ends it.
    state = run(state, 1)
    assert state.exhausted == (Side.PARTY,)
    assert len(texts(state)) == 2
    ended = give_up(state)
    assert ended.status is PursuitStatus.ESCAPED
    assert texts(ended) == ["The pursuers lose sight of the fleeing side and give up."]
    with pytest.raises(RulesError):
        give_up(ended)


def test_party_tires_when_it_pursues_too() -> None:
    state = run(start_pursuit(Side.MONSTERS, 50, 120, 120), 30)
    assert state.exhausted == (Side.PARTY,)


def test_both_sides_tire_by_setting() -> None:
    state = run(start_pursuit(Side.MONSTERS, 50, 120, 120), 30, Tiring.BOTH)
    assert state.exhausted == (Side.PARTY, Side.MONSTERS)
    assert texts(state)[-1].startswith("The monsters have run for 30 rounds")


@given(
    gap=st.integers(0, 300),
    fleeing=st.integers(1, 240),
    pursuing=st.integers(1, 240),
    plan=st.lists(
        st.tuples(st.sampled_from(list(Drop)), st.booleans(), st.integers(1, 6)),
        min_size=1,
        max_size=40,
    ),
)
def test_pursuit_state_machine(
    gap: int, fleeing: int, pursuing: int, plan: list[tuple[Drop, bool, int]]
) -> None:
    state = start_pursuit(Side.PARTY, gap, fleeing, pursuing)
    predicted = rounds_to_catch(state)
    dropped_stop = False
    for drop, tempted, face in plan:
        if state.status is not PursuitStatus.RUNNING:
            with pytest.raises(RulesError):
                pursuit_round(state, ScriptedDice([face]), drop=drop, tempted=tempted)
            break
        before = state
        dice = ScriptedDice([face])
        state = pursuit_round(state, dice, drop=drop, tempted=tempted)
        rolled = drop is not Drop.NOTHING and tempted
        assert dice.remaining == (0 if rolled else 1)
        assert state.round == before.round + 1
        stopped = rolled and face <= 3
        dropped_stop = dropped_stop or stopped
        if stopped:
            assert state.status is PursuitStatus.ESCAPED
            assert state.gap == before.gap
        else:
            assert state.gap == max(0, before.gap + fleeing - pursuing)
            assert (state.status is PursuitStatus.CAUGHT) == (state.gap == 0)
        assert (state.exhausted == (Side.PARTY,)) == (state.round >= 30)
        assert PursuitState.from_json(roundtrip(state.to_json())) == state
    if state.status is PursuitStatus.CAUGHT and not dropped_stop:
        assert predicted == state.round


def test_damaged_pursuit() -> None:
    data = start_pursuit(Side.PARTY, 60, 90, 120).to_json()
    for key, value in (("gap", -5), ("fleeing", "elves"), ("fleeing_speed", 0), ("steps", 3)):
        broken = dict(data, **{key: value})
        with pytest.raises(StoredDataError):
            PursuitState.from_json(broken)


# --- wilderness evasion --------------------------------------------------------------

# Every cell of the table, at both edges of its band of pursuers, for the smallest and
# the largest size of each fleeing group.
CELLS = [
    # fleeing sizes, pursuer band (low, high), percent
    ((1, 4), (1, 1), 50),
    ((1, 4), (2, 3), 70),
    ((1, 4), (4, 10_000), 90),
    ((5, 12), (1, 3), 35),
    ((5, 12), (4, 8), 50),
    ((5, 12), (9, 10_000), 70),
    ((13, 24), (1, 6), 25),
    ((13, 24), (7, 16), 35),
    ((13, 24), (17, 10_000), 50),
    ((25, 10_000), (1, 10), 10),
    ((25, 10_000), (11, 30), 25),
    ((25, 10_000), (31, 10_000), 35),
]


@pytest.mark.parametrize(("sizes", "band", "percent"), CELLS)
def test_every_cell_of_the_wilderness_table(
    sizes: tuple[int, int], band: tuple[int, int], percent: int
) -> None:
    for fleeing in sizes:
        for pursuers in band:
            assert wilderness_base_chance(fleeing, pursuers) == percent, (fleeing, pursuers)


@pytest.mark.parametrize(("fleeing", "pursuers"), [(0, 1), (1, 0), (10_001, 1), (1, 10_001)])
def test_group_sizes_out_of_range(fleeing: int, pursuers: int) -> None:
    with pytest.raises(RulesError, match="Group sizes"):
        wilderness_base_chance(fleeing, pursuers)


def chance(**kwargs: object) -> int:
    options = {k: kwargs.pop(k) for k in ("surprised_in_woods", "both_surprised") if k in kwargs}
    return wilderness_evasion_chance(WildernessEvasion(**kwargs), **options).percent  # type: ignore[arg-type]


def test_speed_modifier_needs_twice_the_speed() -> None:
    assert chance(fleeing=6, pursuers=4, fleeing_speed=240, pursuer_speed=120) == 75
    assert chance(fleeing=6, pursuers=4, fleeing_speed=239, pursuer_speed=120) == 50
    assert chance(fleeing=6, pursuers=4, fleeing_speed=60, pursuer_speed=120) == 25
    assert chance(fleeing=6, pursuers=4, fleeing_speed=61, pursuer_speed=120) == 50


def test_terrain_and_referee_modifiers() -> None:
    assert chance(fleeing=6, pursuers=4, terrain=Terrain.DENSE_WOODS) == 75
    assert chance(fleeing=6, pursuers=4, modifier=-10) == 40
    result = wilderness_evasion_chance(
        WildernessEvasion(6, 4, 60, 120, terrain=Terrain.DENSE_WOODS, modifier=-5)
    )
    assert result.percent == 45 and not result.automatic
    assert texts(result) == [
        "6 fleeing from 4: the table gives 50%.",
        "The pursuers are at least twice as fast: -25%.",
        "Dense woods: +25%.",
        "The referee's modifier: −5%.",
        "Chance to evade: 45%.",
    ]
    with pytest.raises(RulesError, match="modifier must be between"):
        WildernessEvasion(6, 4, modifier=101)


def test_minimum_five_percent() -> None:
    # 25+ fleeing from 1-10: 10%; pursuers twice as fast: -25% -> -15%, raised to 5%.
    result = wilderness_evasion_chance(WildernessEvasion(30, 1, 120, 240))
    assert result.percent == 5
    assert result.chance == Fraction(1, 20)
    assert texts(result)[-2:] == [
        "-15% is below the minimum: the chance is 5%.",
        "Chance to evade: 5%.",
    ]
    # Exactly 5% and 6% are kept as they are.
    assert chance(fleeing=30, pursuers=1, modifier=-5) == 5
    assert chance(fleeing=30, pursuers=1, modifier=-4) == 6
    assert chance(fleeing=30, pursuers=1, modifier=-6) == 5


def test_hundred_percent_or_more_is_automatic() -> None:
    exactly = wilderness_evasion_chance(
        WildernessEvasion(1, 1, terrain=Terrain.DENSE_WOODS, modifier=25)
    )
    assert exactly.automatic and exactly.chance == 1
    assert texts(exactly)[-1] == "100% is 100% or more: the fleeing side evades without a roll."
    over = wilderness_evasion_chance(WildernessEvasion(3, 4, 240, 120, terrain=Terrain.DENSE_WOODS))
    assert over.automatic
    below = wilderness_evasion_chance(WildernessEvasion(1, 1, modifier=49))
    assert (below.percent, below.automatic) == (99, False)
    dice = ScriptedDice([])
    assert wilderness_evasion(WildernessEvasion(1, 4, modifier=10), dice).evaded
    assert dice.remaining == 0


def test_surprised_side_cannot_evade() -> None:
    situation = WildernessEvasion(3, 1, fleeing_surprised=True, terrain=Terrain.DENSE_WOODS)
    strict = wilderness_evasion_chance(situation)
    assert strict.impossible and strict.chance == 0
    assert texts(strict) == ["The fleeing side is surprised and cannot evade."]
    result = wilderness_evasion(situation, ScriptedDice([]))
    assert not result.evaded and result.roll is None


def test_referee_allows_ten_percent_in_dense_woods() -> None:
    situation = WildernessEvasion(3, 1, fleeing_surprised=True, terrain=Terrain.DENSE_WOODS)
    result = wilderness_evasion(situation, ScriptedDice([10]), surprised_in_woods=10)
    assert result.chance.percent == 10 and result.evaded
    assert texts(result) == [
        "The fleeing side is surprised, but in dense woods the referee allows 10%.",
        "d%: 10 against 10%: the fleeing side evades.",
    ]
    assert not wilderness_evasion(situation, ScriptedDice([11]), surprised_in_woods=10).evaded
    # Only in dense woods.
    open_ground = replace(situation, terrain=Terrain.OPEN)
    assert wilderness_evasion_chance(open_ground, surprised_in_woods=10).impossible


def test_surprising_side_evades_automatically() -> None:
    result = wilderness_evasion_chance(WildernessEvasion(30, 40, pursuers_surprised=True))
    assert result.automatic
    assert texts(result) == ["The pursuers are surprised: the fleeing side evades automatically."]


def test_both_surprised_by_setting() -> None:
    assert chance(fleeing=6, pursuers=4, fleeing_surprised=True, pursuers_surprised=True) == 50
    none = wilderness_evasion_chance(
        WildernessEvasion(6, 4, fleeing_surprised=True, pursuers_surprised=True),
        both_surprised=BothSurprised.NONE,
    )
    assert none.impossible


def test_evasion_roll_at_the_edge() -> None:
    situation = WildernessEvasion(6, 4)
    hit = wilderness_evasion(situation, ScriptedDice([50]))
    assert hit.evaded and hit.roll == 50
    assert texts(hit)[-1] == "d%: 50 against 50%: the fleeing side evades."
    miss = wilderness_evasion(situation, ScriptedDice([51]))
    assert not miss.evaded
    assert texts(miss)[-1] == "d%: 51 against 50%: the evasion fails."


def test_daily_pursuit_faster_pursuers() -> None:
    chase = WildernessPursuit(pursuers_faster=True)
    assert catch_up_chance(True) == Fraction(1, 2)
    day = wilderness_pursuit_day(chase, ScriptedDice([2, 51]))
    assert (day.day, day.direction, day.status) == (1, "north-east", ChaseStatus.GOING)
    assert texts(day) == [
        "Day 1: the fleeing side runs north-east (rolled 2 on 1d6).",
        "The pursuers are faster: d% 51 against 50%: they do not catch up, and the fleeing "
        "side may try to evade again.",
    ]
    day = wilderness_pursuit_day(day, ScriptedDice([6, 50]))
    assert (day.day, day.direction, day.status) == (2, "north-west", ChaseStatus.CAUGHT)
    with pytest.raises(RulesError, match="pursuit is over"):
        wilderness_pursuit_day(day, ScriptedDice([1, 1]))
    assert WildernessPursuit.from_json(roundtrip(day.to_json())) == day


def test_daily_pursuit_slower_pursuers_on_a_compass() -> None:
    assert catch_up_chance(False) == 0
    dice = ScriptedDice([7])
    day = wilderness_pursuit_day(WildernessPursuit(False), dice, Directions.COMPASS)
    assert dice.remaining == 0
    assert day.direction == "west"
    assert day.status is ChaseStatus.GOING
    assert texts(day)[0] == "Day 1: the fleeing side runs west (rolled 7 on 1d8)."
    free = escape_pursuit(day)
    assert free.status is ChaseStatus.ESCAPED
    with pytest.raises(RulesError):
        escape_pursuit(free)
    with pytest.raises(ScriptExhausted):
        wilderness_pursuit_day(WildernessPursuit(True), ScriptedDice([1]))


@given(st.lists(st.tuples(st.integers(1, 6), st.integers(1, 100)), min_size=1, max_size=15))
def test_daily_pursuit_state_machine(days: list[tuple[int, int]]) -> None:
    chase = WildernessPursuit(pursuers_faster=True)
    for number, (face, roll) in enumerate(days, 1):
        chase = wilderness_pursuit_day(chase, ScriptedDice([face, roll]))
        assert chase.day == number
        assert (chase.status is ChaseStatus.CAUGHT) == (roll <= 50)
        assert WildernessPursuit.from_json(roundtrip(chase.to_json())) == chase
        if chase.status is ChaseStatus.CAUGHT:
            break


def test_damaged_wilderness_pursuit() -> None:
    with pytest.raises(StoredDataError):
        WildernessPursuit.from_json({"pursuers_faster": 1, "day": 0, "status": "going"})
    with pytest.raises(StoredDataError):
        WildernessPursuit.from_json(
            {"pursuers_faster": True, "day": 1, "status": "going", "direction": "up", "steps": []}
        )


# --- water evasion -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("fleeing", "pursuing", "percent"),
    [
        (121, 120, 80),
        (120, 120, 50),
        (90, 120, 50),  # 30 slower
        (89, 120, 40),  # 31
        (60, 120, 40),  # 60
        (59, 120, 35),  # 61
        (30, 120, 35),  # 90
        (29, 120, 25),  # 91
        (30, 150, 25),  # 120
        (29, 150, 10),  # 121
        (1, 1000, 10),
    ],
)
def test_water_evasion_table(fleeing: int, pursuing: int, percent: int) -> None:
    result = water_evasion_chance(fleeing, pursuing)
    assert result.percent == percent
    assert result.chance == Fraction(percent, 100)
    assert not result.automatic


def test_water_evasion_trace() -> None:
    result = water_evasion(100, 161, ScriptedDice([36]))
    assert not result.evaded
    assert texts(result) == [
        "The fleeing vessel is slower by 61 feet per round: 35%.",
        "d%: 36 against 35%: the evasion fails.",
    ]
    assert texts(water_evasion_chance(90, 90)) == ["The vessels are equally fast: 50%."]


# --- settings ------------------------------------------------------------------------


def test_settings_are_declared_for_ose() -> None:
    keys = {s.key: s for s in SETTINGS}
    assert set(keys) == {
        "ose.initiative_ties",
        "ose.surprised_evasion_woods",
        "ose.both_surprised_evasion",
        "ose.exhaustion",
        "ose.flight_direction",
        "ose.check_every",
        "ose.check_chance",
        "ose.noise_chance",
        "ose.rest_chance",
    }
    for setting in SETTINGS:
        assert isinstance(setting, Setting)
        assert setting.game == "ose"
        assert setting.accepts(setting.default)
        assert setting.label and setting.explanation
    assert Ties(keys["ose.initiative_ties"].default) is Ties.REROLL
    assert BothSurprised(keys["ose.both_surprised_evasion"].default) is BothSurprised.ROLL
    assert Tiring(keys["ose.exhaustion"].default) is Tiring.PARTY
    assert Directions(keys["ose.flight_direction"].default) is Directions.HEX
    assert keys["ose.surprised_evasion_woods"].default == 0
    assert keys["ose.surprised_evasion_woods"].accepts(10)
    assert not keys["ose.initiative_ties"].accepts("coin flip")


# --- Czech ---------------------------------------------------------------------------


def test_czech_catalog_covers_this_procedure() -> None:
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    sys.path.insert(0, str(root / "tools"))
    import i18n_check

    have = i18n_check.catalog("cs")
    mine = {
        message: where
        for message, where in i18n_check.python_messages().items()
        if where.startswith(
            ("py/omen/ose/sequence.py", "py/omen/ose/evasion.py", "py/omen/campaign/reaction.py")
        )
    }
    assert len(mine) > 100
    for (msgid, plural), where in mine.items():
        forms = have.get((msgid, plural))
        assert forms and all(forms), f"{where}: {msgid!r} is not in Czech"
        assert len(forms) == (1 if plural is None else 3), msgid
        for form in forms:
            assert i18n_check.placeholders(form) == i18n_check.placeholders(msgid), form

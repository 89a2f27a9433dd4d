"""GURPS wilderness travel checks: the Encounter Die or a check table, with exact odds."""

from __future__ import annotations

from fractions import Fraction

import pytest

from omen.campaign.state import Exploration
from omen.campaign.tables import Entry, Library, Location, Table
from omen.core.dice import ScriptedDice
from omen.core.errors import RulesError, StoredDataError
from omen.core.store import decode, encode
from omen.gurps.travel import (
    GURPS_TRAVEL,
    Travel,
    TravelCheck,
    choose,
    encounter_run,
    travel_odds,
    travel_turn,
)

OGRES = Table("ogres", "Ogres", "d6", (Entry("[[1d2]] ogres", 1, 6, violent=True),))
ROAD = Table(
    "road",
    "North road",
    "d6",
    (
        Entry("Trouble", 1, 1, link="ogres"),  # a link on to a violent entry: an encounter
        Entry("A merchant", 2, 2, reaction=True),
        Entry("Old tracks", 3, 5),
        Entry("", 6, 6),
    ),
)
WEIGHTS = Table(
    "weights",
    "Weighted",
    None,
    (Entry("Wolves", weight=1, violent=True), Entry("Wind", weight=3)),
)
FOREST = Location("forest", "Forest", ("ogres",), "ogres")
LIBRARY = Library((OGRES, ROAD, WEIGHTS), (FOREST,))


def test_the_encounter_die_meets_the_locations_creature() -> None:
    here = Exploration(location="forest")
    state, outcome = travel_turn(Travel(), LIBRARY, here, 4, ScriptedDice([1, 4, 2]))
    assert state.turn == 1 and state.encounter and state.met == "2 ogres"
    assert outcome.kind == "encounter"
    assert outcome.title.english() == "Encounter Die 1: An encounter happens now."
    assert outcome.steps[0].english() == "Travel turn 1 begins: 0 hours on the road so far."
    state, outcome = travel_turn(state, LIBRARY, here, 4, ScriptedDice([2]))
    assert (state.turn, state.encounter, state.met, outcome.kind) == (2, False, "", "sign")
    assert outcome.steps[0].english() == "Travel turn 2 begins: 4 hours on the road so far."
    state, outcome = travel_turn(state, LIBRARY, None, 6, ScriptedDice([1]))
    assert state.encounter and state.met == ""
    assert outcome.steps[-1].english() == "No location is chosen: make up the encounter."


def test_an_encounter_run_is_no_longer_offered_and_keeps_the_rest_of_the_turn() -> None:
    here = Exploration(location="forest")
    state, _ = travel_turn(Travel(), LIBRARY, here, 4, ScriptedDice([1, 4, 2]))
    after = encounter_run(state)
    assert not after.encounter
    assert (after.turn, after.met, after.last, after.found) == (
        state.turn,
        state.met,
        state.last,
        state.found,
    )
    assert Travel.from_json(after.to_json()) == after  # what is saved loads back


def test_a_check_table_decides_by_its_entries() -> None:
    state = choose(Travel(), TravelCheck.TABLE, "road")
    after, outcome = travel_turn(state, LIBRARY, None, 4, ScriptedDice([1, 3, 1]))
    assert after.encounter and after.met == "Trouble → 1 ogres"
    assert outcome.title.english() == "North road: an encounter: Trouble → 1 ogres"
    after, outcome = travel_turn(state, LIBRARY, None, 4, ScriptedDice([2]))
    assert after.encounter and after.met == "A merchant"
    after, outcome = travel_turn(state, LIBRARY, None, 4, ScriptedDice([4]))
    assert not after.encounter and outcome.kind == "sign"
    assert outcome.title.english() == "North road: Old tracks"
    after, outcome = travel_turn(state, LIBRARY, None, 4, ScriptedDice([6]))
    assert outcome.kind == "nothing"
    assert outcome.title.english() == "North road: nothing comes of it"


def enumerate_encounters(table: Table) -> Fraction:
    """Count by hand: the faces (or weights) whose entry, or linked table, is an encounter."""
    if table.die is None:
        total = sum(e.weight for e in table.entries)
        return Fraction(sum(e.weight for e in table.entries if e.violent or e.reaction), total)
    hits = 0
    for face in range(1, 7):
        entry = next(e for e in table.entries if e.covers(face))
        linked = LIBRARY.find_table(entry.link) if entry.link else None
        if entry.violent or entry.reaction:
            hits += 6
        elif linked is not None:
            hits += 6 * enumerate_encounters(linked)  # type: ignore[assignment]
    return Fraction(hits, 36)


@pytest.mark.parametrize("table", ["road", "weights", "ogres"])
def test_a_check_tables_odds_are_exact(table: str) -> None:
    state = choose(Travel(), TravelCheck.TABLE, table)
    odds = travel_odds(state, LIBRARY)
    assert odds.encounter == enumerate_encounters(LIBRARY.table(table))
    assert odds.sign == 1 - odds.encounter  # every face has a row: the rest are signs
    assert odds.within_three == 1 - (1 - odds.encounter) ** 3


def test_the_road_by_hand() -> None:
    odds = travel_odds(choose(Travel(), TravelCheck.TABLE, "road"), LIBRARY)
    assert odds.encounter == Fraction(2, 6)  # face 1 (via Ogres, always) and face 2
    die = travel_odds(Travel(), LIBRARY)
    assert (die.encounter, die.sign) == (Fraction(1, 6), Fraction(1, 3))
    assert die.within_three == Fraction(91, 216)


def test_a_check_table_that_is_gone_or_missing_is_a_clear_error() -> None:
    with pytest.raises(RulesError, match="Choose the table"):
        choose(Travel(), TravelCheck.TABLE, None)
    gone = Travel(TravelCheck.TABLE, "nowhere")
    with pytest.raises(RulesError, match="no longer in the library"):
        travel_turn(gone, LIBRARY, None, 4, ScriptedDice([1]))
    with pytest.raises(RulesError, match="no longer in the library"):
        travel_odds(gone, LIBRARY)
    # back to the Encounter Die, the table is remembered for later
    back = choose(Travel(TravelCheck.TABLE, "road"), TravelCheck.ENCOUNTER_DIE)
    assert back.check is TravelCheck.ENCOUNTER_DIE and back.table == "road"


@pytest.mark.parametrize("hours", [0, 25, True, -1])
def test_hours_outside_a_day_are_refused(hours: int) -> None:
    with pytest.raises(RulesError):
        travel_turn(Travel(), LIBRARY, None, hours, ScriptedDice([4]))


def test_the_travel_state_round_trips() -> None:
    state, _ = travel_turn(
        Travel(), LIBRARY, Exploration(location="forest"), 4, ScriptedDice([1, 4, 2])
    )
    assert decode(GURPS_TRAVEL, encode(GURPS_TRAVEL, state.to_json())) == state
    assert Travel.from_json({}) == Travel()


@pytest.mark.parametrize(
    "data",
    [
        None,
        [],
        {"check": "tarot"},
        {"turn": -1},
        {"turn": True},
        {"turn": 10**7},
        {"table": "bad id!"},
        {"table": 5},
        {"met": "x" * 4001},
        {"encounter": "yes"},
        {"last": {"kind": "encounter"}},
        {"last": {"title": {"key": "not a message we know"}, "steps": [], "kind": "x"}},
        {"colour": 1},
    ],
)
def test_a_crafted_travel_state_is_refused(data: object) -> None:
    with pytest.raises(StoredDataError):
        decode(GURPS_TRAVEL, encode(GURPS_TRAVEL, data))

"""The last GURPS distance found, kept for a reload (``gurps_found``): what it keeps, that
its replay is the very result the screen showed, and what a stored value may not hold."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from omen.core.dice import RecordedDice, ScriptedDice
from omen.core.errors import RulesError, StoredDataError
from omen.core.store import decode, encode
from omen.gurps.detection import FOUND, FoundDistance, plan, resolve
from omen.gurps.distance import TERRAINS, Conditions, DistanceRules, Side

MAN = Side(name="the man", vision=10, stealth=10)
ORCS = Side(name="the orcs", group_size=10, vision=9)
HILLS = Conditions(terrain="hills_rocky", weather=-1, weather_per_yards=50)


def stored(found: FoundDistance) -> Any:
    return json.loads(encode(FOUND, found.to_json()))


def read(data: Any) -> FoundDistance:
    return decode(
        FOUND, json.dumps({"app": "omen", "kind": "gurps_found", "schema": 1, "data": data})
    )


def test_the_seed_example_without_a_contest_replays_to_the_same_result() -> None:
    setup = plan(MAN, ORCS, HILLS, med=150)
    outcome = resolve(setup)
    found = FoundDistance.of(setup, outcome, False)
    assert found.rolls is None and found.kept
    assert stored(found)["data"] == {
        "a": MAN.to_json(),
        "b": ORCS.to_json(),
        "conditions": HILLS.to_json(),
        "rules": {
            "med_average": False,
            "steppe_rating_example": False,
            "night_vision_mvd": True,
            "weather_mvd_yards": 200,
            "weather_partial_steps": False,
            "spot_first_needs_both": False,
            "both_stealthy_rating": False,
        },
        "med": 150,
    }
    again = decode(FOUND, encode(FOUND, found.to_json()))
    assert again == found
    assert again.replay() == (setup, outcome)


def test_trying_for_surprise_keeps_both_dice_totals() -> None:
    setup = plan(MAN, ORCS, HILLS, med=150)
    outcome = resolve(setup, 7, 15, try_surprise=True)
    found = decode(FOUND, encode(FOUND, FoundDistance.of(setup, outcome, True).to_json()))
    assert found.rolls == ((7,), (15,)) and found.try_surprise
    assert found.replay()[1] == outcome
    assert outcome.closest == 20


def test_the_rules_in_play_are_kept_with_it() -> None:
    """The campaign's settings may change after the roll: the kept rules are the roll's."""
    rules = DistanceRules(spot_first_needs_both=True, weather_mvd_yards=100)
    setup = plan(MAN, ORCS, HILLS, med=150, rules=rules)
    found = decode(FOUND, encode(FOUND, FoundDistance.of(setup, resolve(setup), False).to_json()))
    assert found.rules == rules
    assert found.replay()[0] == setup


def test_nothing_found_is_an_empty_object_and_reads_back() -> None:
    assert FoundDistance().to_json() == {}
    assert read({}) == FoundDistance()
    assert not read({}).kept


@settings(max_examples=60, deadline=None)
@given(
    terrain=st.sampled_from([row.key for row in TERRAINS]),
    med=st.integers(1, 2000),
    vision=st.integers(0, 20),
    stealth=st.integers(0, 20),
    rolls=st.tuples(st.integers(3, 18), st.integers(3, 18)),
)
def test_any_found_distance_reads_back_and_replays_the_same(
    terrain: str, med: int, vision: int, stealth: int, rolls: tuple[int, int]
) -> None:
    a = Side(name="A", vision=vision, stealth=stealth)
    b = Side(name="B", vision=12)
    setup = plan(a, b, Conditions(terrain=terrain), med)
    try:
        outcome = resolve(setup, *rolls, try_surprise=True)
        try_surprise = True
    except RulesError:  # nobody spots first, or somebody sneaks: no choice to make
        outcome = resolve(setup, *rolls)
        try_surprise = False
    found = FoundDistance.of(setup, outcome, try_surprise)
    again = decode(FOUND, encode(FOUND, found.to_json()))
    assert again == found
    assert again.replay() == (setup, outcome)


# --- what a stored value may not hold (edited in storage, or crafted into a backup) ---

GOOD = FoundDistance.of(
    plan(MAN, ORCS, HILLS, med=150),
    resolve(plan(MAN, ORCS, HILLS, med=150), 7, 15, try_surprise=True),
    True,
).to_json()


@pytest.mark.parametrize(
    ("change", "says"),
    [
        ({"med": 0}, "med"),
        ({"med": -150}, "med"),
        ({"med": 10**9}, "med"),
        ({"med": "150"}, "med"),
        ({"med": True}, "med"),
        ({"rolls": [[7]]}, "rolls"),
        ({"rolls": [[7], [15], [3]]}, "rolls"),
        ({"rolls": "7,15"}, "rolls"),
        ({"rolls": [7, 15]}, "rolls"),
        ({"rolls": [[2], [15]]}, "rolls"),
        ({"rolls": [[7], [19]]}, "rolls"),
        ({"rolls": [[7.0], [15]]}, "rolls"),
        ({"rolls": [[False], [15]]}, "rolls"),
        ({"rolls": [[1, 2], [15]]}, "rolls"),
        ({"rolls": [[1, 2, 7], [15]]}, "rolls"),
        ({"rolls": [[0, 2, 3], [15]]}, "rolls"),
        ({"rolls": [[1, 2, 3, 4], [15]]}, "rolls"),
        ({"try_surprise": "yes"}, "try_surprise"),
        ({"rules": {"med_average": 1}}, "rules"),
        ({"rules": {"weather_mvd_yards": 0}}, "rules"),
        ({"rules": {"run_code": True}}, "rules"),
        ({"rules": []}, "rules"),
        ({"script": "<img src=x onerror=alert(1)>"}, "script"),
    ],
)
def test_a_field_that_does_not_fit_is_refused_naming_it(change: dict[str, Any], says: str) -> None:
    with pytest.raises(StoredDataError) as refused:
        read({**GOOD, **change})
    assert says in refused.value.message.english()


@pytest.mark.parametrize(
    "change",
    [
        {"a": {"vision": "ten"}},
        {"a": {"group_size": 0}},
        {"b": "orcs"},
        {"conditions": {"terrain": "the moon"}},
        {"conditions": None},
    ],
)
def test_a_side_or_conditions_the_rules_refuse_are_refused(change: dict[str, Any]) -> None:
    with pytest.raises(StoredDataError):
        read({**GOOD, **change})


def test_a_kept_distance_that_makes_no_result_is_a_rules_error_not_a_crash() -> None:
    """Well formed, but asking to try for surprise where nobody may (both sides see as
    far): the screen then shows the log's headline alone."""
    both_see = replace(
        FoundDistance.from_json(GOOD), a=Side(name="A", vision=9), b=Side(name="B", vision=9)
    )
    with pytest.raises(RulesError):
        both_see.replay()


@settings(max_examples=60, deadline=None)
@given(
    faces=st.lists(st.integers(1, 6), min_size=6, max_size=6),
    typed_a=st.one_of(st.none(), st.integers(3, 18)),
)
def test_the_apps_own_dice_are_kept_as_faces_and_replay_the_same_steps(
    faces: list[int], typed_a: int | None
) -> None:
    """The app rolls 3d6 for a side (its steps name each face), or the game master typed
    a side's total: either way the replay's steps are the roll's, word for word."""
    setup = plan(MAN, ORCS, HILLS, med=150)
    dice = ScriptedDice(faces)
    sources = (RecordedDice(dice) if typed_a is None else typed_a, RecordedDice(dice))
    outcome = resolve(setup, *sources, try_surprise=True)
    found = FoundDistance.of(setup, outcome, True, sources)
    assert found.rolls is not None
    assert found.rolls[1] == tuple(faces[3:6] if typed_a is None else faces[:3])
    again = decode(FOUND, encode(FOUND, found.to_json()))
    assert again.replay() == (setup, outcome)
    assert again.replay()[1].steps == outcome.steps

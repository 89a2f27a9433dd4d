"""The End of the World: the spreads a new character's form offers in one tap
(omen.eotw.crew.spreads), checked against every build the rule allows, enumerated."""

from __future__ import annotations

import itertools
from collections import defaultdict

import pytest

from omen.eotw.crew import BUILD_BASE, CrewSettings, build_problem, new_character, spreads
from omen.eotw.pools import MAX_VALUE, Characteristic
from omen.eotw.settings import BUILD_POINTS

ROOM = len(Characteristic) * (MAX_VALUE - BUILD_BASE)  # 24: every value at the top


def _legal_builds() -> dict[int, set[tuple[int, ...]]]:
    """Every build the rule allows, by its points: each of the six values from 1 to 5
    tried, and kept where the build rule finds nothing wrong with it."""
    legal: dict[int, set[tuple[int, ...]]] = defaultdict(set)
    for values in itertools.product(range(1, 6), repeat=len(Characteristic)):
        points = sum(values) - BUILD_BASE * len(Characteristic)
        if build_problem(dict(zip(Characteristic, values, strict=True)), points) is None:
            legal[points].add(values)
    return legal


LEGAL = _legal_builds()


def test_the_enumeration_holds_every_value_combination() -> None:
    assert sum(len(builds) for builds in LEGAL.values()) == 5 ** len(Characteristic)
    assert sorted(LEGAL) == list(range(ROOM + 1))


@pytest.mark.parametrize("points", range(ROOM + 1))
def test_every_spread_offered_is_a_legal_build_of_those_points(points: int) -> None:
    offered = spreads(points)
    assert offered
    assert {spread.values for spread in offered} <= LEGAL[points]
    assert len({spread.values for spread in offered}) == len(offered)  # no two the same
    for spread in offered:
        made = new_character("c1", "Ana", spread.as_values(), CrewSettings(build_points=points))
        assert tuple(made.value(c) for c in Characteristic) == spread.values


@pytest.mark.parametrize("points", range(ROOM + 1))
def test_evenly_is_the_most_even_legal_build(points: int) -> None:
    even = spreads(points)[0]
    assert even.key == "even"
    narrowest = min(max(values) - min(values) for values in LEGAL[points])
    assert max(even.values) - min(even.values) == narrowest


@pytest.mark.parametrize("points", range(ROOM + 1))
def test_a_lean_puts_its_characteristic_as_high_as_any_legal_build_can(points: int) -> None:
    for spread in spreads(points)[1:]:
        lead = Characteristic(spread.key)
        highest = max(values[list(Characteristic).index(lead)] for values in LEGAL[points])
        assert spread.value(lead) == highest == max(spread.values)
        # The rest as even as it can be, the lead's partner first among equals.
        rest = [spread.value(c) for c in Characteristic if c is not lead]
        assert max(rest) - min(rest) <= 1
        partner = next(c for c in Characteristic if c.category is lead.category and c != lead)
        assert spread.value(partner) == max(rest)


def test_the_published_ten_points_offer_seven_spreads() -> None:
    offered = spreads(BUILD_POINTS)
    assert [s.key for s in offered] == ["even", *(c.value for c in Characteristic)]
    assert offered[0].values == (3, 3, 3, 3, 2, 2)
    assert offered[4].as_values() == {
        Characteristic.DEXTERITY: 2,
        Characteristic.VITALITY: 2,
        Characteristic.LOGIC: 3,  # Willpower's partner in the Mental category
        Characteristic.WILLPOWER: 5,
        Characteristic.CHARISMA: 2,
        Characteristic.EMPATHY: 2,
    }
    assert offered[4].key == "willpower"


@pytest.mark.parametrize(
    ("points", "keys"),
    [
        (0, ["even"]),  # all at 1
        (1, ["even", "vitality", "logic", "willpower", "charisma", "empathy"]),  # even: Dex 2
        (20, ["even", "logic", "charisma"]),  # even is the two Physical at 5, the rest 4
        (24, ["even"]),  # all at 5
    ],
)
def test_spreads_that_come_out_the_same_are_offered_once(points: int, keys: list[str]) -> None:
    assert [s.key for s in spreads(points)] == keys


@pytest.mark.parametrize("points", [-1, ROOM + 1, True, "10"])
def test_points_that_cannot_all_be_spent_offer_no_spread(points: object) -> None:
    assert spreads(points) == ()  # type: ignore[arg-type]

"""OSE saving throws and ability checks (OSE SRD): golden rolls and exact odds against
enumeration of the d20."""

from __future__ import annotations

from fractions import Fraction

import pytest

from omen.core.dice import ScriptedDice
from omen.core.errors import RulesError
from omen.ose.checks import Check, ability_check, check_odds, roll_check, saving_throw


def english(result) -> list[str]:  # type: ignore[no-untyped-def]
    return [step.english() for step in result.steps]


def test_a_save_succeeds_at_or_above_its_value() -> None:
    assert saving_throw(14, ScriptedDice([14])).success
    assert not saving_throw(14, ScriptedDice([13])).success
    assert english(saving_throw(14, 14)) == ["1d20: 14", "14 is at least 14: saved."]
    assert english(saving_throw(14, 13, modifier=2)) == [
        "1d20: 13",
        "13 with the modifier +2 is 15, at least 14: saved.",
    ]


def test_an_ability_check_succeeds_at_or_below_the_score() -> None:
    assert english(ability_check(12, 12)) == [
        "1d20: 12",
        "12 is not above 12: the ability check succeeds.",
    ]
    assert english(ability_check(12, 10, modifier=4)) == [
        "1d20: 10",
        "10 with the modifier +4 is 14, above 12: the ability check fails.",
    ]


def test_natural_one_and_twenty_decide_an_ability_check() -> None:
    one = ability_check(3, 1, modifier=4)
    assert one.success and english(one)[1] == (
        "A natural 1 always succeeds: the ability check succeeds."
    )
    twenty = ability_check(18, 20, modifier=-4)
    assert not twenty.success
    assert english(twenty)[1] == "A natural 20 always fails: the ability check fails."


@pytest.mark.parametrize("check", list(Check))
@pytest.mark.parametrize("modifier", [-6, -4, 0, 2, 4, 7])
def test_odds_match_an_enumeration_of_the_d20(check: Check, modifier: int) -> None:
    low, high = (2, 20) if check is Check.SAVE else (3, 18)
    for value in range(low, high + 1):
        wins = sum(roll_check(check, value, face, modifier).success for face in range(1, 21))
        assert check_odds(check, value, modifier) == Fraction(wins, 20)


def test_known_odds() -> None:
    assert check_odds(Check.SAVE, 14) == Fraction(7, 20)
    assert check_odds(Check.SAVE, 2) == Fraction(19, 20)
    assert check_odds(Check.ABILITY, 18, -4) == Fraction(19, 20)  # 20 still fails
    assert check_odds(Check.ABILITY, 3, 4) == Fraction(1, 20)  # 1 still succeeds


@pytest.mark.parametrize(
    ("check", "value", "modifier"),
    [
        (Check.SAVE, 1, 0),
        (Check.SAVE, 21, 0),
        (Check.ABILITY, 2, 0),
        (Check.ABILITY, 19, 0),
        (Check.SAVE, 14, 21),
        (Check.ABILITY, 10, True),
    ],
)
def test_out_of_range_is_refused(check: Check, value: int, modifier: int) -> None:
    with pytest.raises(RulesError):
        check_odds(check, value, modifier)


def test_a_typed_face_out_of_range_is_refused() -> None:
    with pytest.raises(RulesError):
        saving_throw(14, 21)

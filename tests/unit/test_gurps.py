"""GURPS success rolls and Quick Contests: criticals, margins, ties, exact odds."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from omen.core.dice import ScriptedDice
from omen.core.errors import RulesError
from omen.core.roll import Step
from omen.gurps.rolls import (
    THREE_D6,
    Result,
    Winner,
    classify,
    contest,
    contest_odds,
    quick_contest,
    signed,
    success_chance,
    success_roll,
)

# 3d6 counts out of 216 for totals 3..18, written out by hand.
COUNTS = [1, 3, 6, 10, 15, 21, 25, 27, 27, 25, 21, 15, 10, 6, 3, 1]


def test_three_d6_distribution_is_the_hand_counted_one() -> None:
    hand = {total: Fraction(n, 216) for total, n in zip(range(3, 19), COUNTS, strict=True)}
    assert hand == THREE_D6


# --- classify: every critical rule, at its edges -------------------------------------

CLASSIFIED = [
    # (skill, roll, result)
    (10, 3, Result.CRITICAL_SUCCESS),
    (10, 4, Result.CRITICAL_SUCCESS),
    (1, 4, Result.CRITICAL_SUCCESS),  # 3-4 succeed whatever the skill
    (-5, 3, Result.CRITICAL_SUCCESS),
    (14, 5, Result.SUCCESS),
    (15, 5, Result.CRITICAL_SUCCESS),
    (15, 6, Result.SUCCESS),
    (16, 6, Result.CRITICAL_SUCCESS),
    (16, 7, Result.SUCCESS),
    (10, 10, Result.SUCCESS),
    (10, 11, Result.FAILURE),
    (15, 17, Result.CRITICAL_FAILURE),  # 17 at skill 15 or less
    (16, 17, Result.FAILURE),  # 17 at skill 16+: an ordinary failure
    (20, 17, Result.FAILURE),  # 17 always fails, even at skill 20
    (25, 18, Result.CRITICAL_FAILURE),
    (20, 18, Result.CRITICAL_FAILURE),
    (5, 14, Result.FAILURE),  # 9 above the skill
    (5, 15, Result.CRITICAL_FAILURE),  # 10 above the skill
    (2, 12, Result.CRITICAL_FAILURE),
    (7, 16, Result.FAILURE),
]


@pytest.mark.parametrize(("skill", "roll", "result"), CLASSIFIED)
def test_classify(skill: int, roll: int, result: Result) -> None:
    assert classify(skill, roll) is result


def test_success_roll_with_dice_keeps_the_faces_and_the_margin() -> None:
    roll = success_roll(12, ScriptedDice([2, 3, 4]), who="Bilbo")
    assert (roll.roll, roll.margin, roll.result, roll.succeeded) == (9, 3, Result.SUCCESS, True)
    assert [s.english() for s in roll.steps] == [
        "3d6: 2, 3, 4 = 9",
        "Bilbo rolled 9 against 12: success, margin +3",
    ]


def test_typed_in_total_and_a_named_skill() -> None:
    roll = success_roll(7, 15, Step("Vision {level}", {"level": 7}), who=Step("side B"))
    assert (roll.margin, roll.result) == (-8, Result.FAILURE)
    assert [s.english() for s in roll.steps] == [
        "3d6 rolled at the table: 15",
        "side B rolled 15 against Vision 7: failure, margin −8",
    ]


def test_criticals_are_reported_and_leave_the_margin_alone() -> None:
    low = success_roll(1, 4)
    assert (low.result, low.margin, low.critical) == (Result.CRITICAL_SUCCESS, -3, True)
    assert [s.english() for s in low.steps] == [
        "3d6 rolled at the table: 4",
        "rolled 4 against 1: critical success, margin −3",
        "a 3 or 4 is always a critical success",
    ]
    assert success_roll(15, 5).steps[-1].english() == (
        "a 5 is a critical success at effective skill 15 or more"
    )
    assert success_roll(16, 6).steps[-1].english() == (
        "a 6 is a critical success at effective skill 16 or more"
    )
    assert success_roll(20, 18).steps[-1].english() == "an 18 is always a critical failure"
    assert success_roll(15, 17).steps[-1].english() == (
        "a 17 is a critical failure at effective skill 15 or less"
    )
    ordinary = success_roll(18, 17)
    assert (ordinary.result, ordinary.margin, ordinary.critical) == (Result.FAILURE, 1, False)
    assert ordinary.steps[-1].english() == "a 17 always fails, even when the skill is higher"
    far = success_roll(4, 14)
    assert far.result is Result.CRITICAL_FAILURE
    assert far.steps[-1].english() == (
        "a roll 10 or more above the effective skill is a critical failure"
    )
    assert len(success_roll(10, 9).steps) == 2  # nothing special: no extra step


@pytest.mark.parametrize("total", [2, 19, 0, -3, 100])
def test_impossible_typed_in_totals_are_refused(total: int) -> None:
    with pytest.raises(RulesError) as caught:
        success_roll(10, total)
    assert str(caught.value) == f"Three six-sided dice total 3 to 18; {total} cannot be rolled."


def test_a_bool_is_not_a_total_and_a_skill_must_be_in_range() -> None:
    with pytest.raises(RulesError):
        success_roll(10, True)
    with pytest.raises(RulesError) as caught:
        success_roll(100, 10)
    assert str(caught.value) == "An effective skill must be a whole number from -50 to 99."


def test_signed_uses_a_true_minus() -> None:
    assert (signed(3), signed(0), signed(-2)) == ("+3", "0", "−2")


# --- Quick Contests -------------------------------------------------------------------


def test_two_failures_by_the_same_amount_tie() -> None:
    # The seed's first worked example: Stealth 10 rolls 13, Vision 7 rolls 10.
    result = quick_contest(10, 13, 7, 10)
    assert (result.winner, result.margin_of_victory) == (Winner.TIE, 0)
    assert result.steps[-1].english() == "equal results: the contest is a tie"


def test_two_successes_by_the_same_amount_tie() -> None:
    result = quick_contest(12, 9, 10, 7)
    assert (result.winner, result.margin_of_victory) == (Winner.TIE, 0)


def test_a_success_beats_a_failure() -> None:
    result = quick_contest(10, 10, 7, 8, "the man", "the orcs")
    assert (result.winner, result.margin_of_victory) == (Winner.A, 1)
    assert [s.english() for s in result.steps[-2:]] == [
        "a success beats a failure",
        "the man wins by 1 (0 minus −1)",
    ]


def test_two_successes_larger_margin_wins() -> None:
    # The seed's third example: Stealth 12 rolls 9 (+3), Hearing 10 rolls 6 (+4).
    result = quick_contest(12, 9, 10, 6)
    assert (result.winner, result.margin_of_victory) == (Winner.B, 1)
    assert [s.english() for s in result.steps[-2:]] == [
        "both succeed: the larger margin wins",
        "side B wins by 1 (+4 minus +3)",
    ]


def test_two_failures_smaller_failure_wins() -> None:
    result = quick_contest(10, 12, 8, 14)
    assert (result.winner, result.margin_of_victory) == (Winner.A, 4)
    assert result.steps[-2].english() == "both fail: the smaller failure wins"


def test_big_win() -> None:
    result = quick_contest(10, 7, 7, 15)
    assert (result.winner, result.margin_of_victory) == (Winner.A, 11)


def test_an_automatic_success_can_win_by_nothing_or_less() -> None:
    # Skill 2 rolls 4: an automatic success, margin -2. Skill 10 rolls 11: a failure,
    # margin -1. The success wins, yet by 1 less than nothing.
    result = quick_contest(2, 4, 10, 11)
    assert (result.winner, result.margin_of_victory) == (Winner.A, -1)


def test_two_failures_where_17_fails_above_the_skill() -> None:
    # Skill 18 rolls 17 (fails, margin +1) against skill 20 rolling 18 (margin +2).
    result = quick_contest(18, 17, 20, 18)
    assert (result.winner, result.margin_of_victory) == (Winner.B, 1)


def test_contest_reads_both_rolls_from_one_dice_source() -> None:
    dice = ScriptedDice([1, 2, 4, 6, 6, 3])  # side A 7, side B 15
    result = quick_contest(10, dice, 7, dice)
    assert (result.a.roll, result.b.roll, result.winner) == (7, 15, Winner.A)
    assert dice.remaining == 0


# --- exact odds -----------------------------------------------------------------------


def test_success_chance_by_hand() -> None:
    # Skill 10: totals 3-10 are 1+3+6+10+15+21+25+27 = 108 of 216.
    assert success_chance(10) == Fraction(108, 216)
    # Skill 12: add 27 + 25 for 11 and 12: 160 of 216.
    assert success_chance(12) == Fraction(160, 216)
    # Skill 3 or less still succeeds on 3 and 4: 1 + 3 = 4 of 216.
    assert success_chance(3) == success_chance(-5) == Fraction(4, 216)
    # Skill 16 or more fails only on 17 and 18: 3 + 1 = 4 of 216.
    assert success_chance(16) == success_chance(30) == Fraction(212, 216)


def test_equal_skills_by_hand() -> None:
    # Skill 10 against 10: a tie exactly when both roll the same total, so the chance
    # is the sum of squared counts: 1+9+36+100+225+441+625+729 twice = 4332 of 46656.
    # The rest splits evenly: (46656 - 4332) / 2 = 21162 each.
    odds = contest_odds(10, 10)
    assert odds.tie == Fraction(4332, 46656)
    assert odds.a_wins == odds.b_wins == Fraction(21162, 46656)
    # A wins by rB - rA. By 15 or more: only A 3, B 18 (1 × 1 way).
    assert odds.a_wins_by_at_least(15) == Fraction(1, 46656)
    # By 14 or more: (3, 17) 1 × 3, (3, 18) 1 × 1, (4, 18) 3 × 1 = 7 ways.
    assert odds.a_wins_by_at_least(14) == Fraction(7, 46656)
    assert odds.a_wins_by_at_least(16) == 0
    assert odds.a_wins_by_at_least(1) == odds.a_wins


def test_contest_odds_agree_with_rolling_every_pair() -> None:
    for skill_a, skill_b in ((10, 7), (2, 16), (18, 20), (12, 12)):
        odds = contest_odds(skill_a, skill_b)
        counted = {Winner.A: Fraction(0), Winner.B: Fraction(0), Winner.TIE: Fraction(0)}
        by_three = Fraction(0)
        for roll_a, p_a in THREE_D6.items():
            for roll_b, p_b in THREE_D6.items():
                result = contest(success_roll(skill_a, roll_a), success_roll(skill_b, roll_b))
                counted[result.winner] += p_a * p_b
                if result.winner is Winner.A and result.margin_of_victory >= 3:
                    by_three += p_a * p_b
        assert (odds.a_wins, odds.b_wins, odds.tie) == (
            counted[Winner.A],
            counted[Winner.B],
            counted[Winner.TIE],
        )
        assert odds.a_wins_by_at_least(3) == by_three


@given(st.integers(-50, 99), st.integers(-50, 99))
def test_contest_odds_sum_to_one_and_mirror(skill_a: int, skill_b: int) -> None:
    odds = contest_odds(skill_a, skill_b)
    assert odds.a_wins + odds.b_wins + odds.tie == 1
    mirror = contest_odds(skill_b, skill_a)
    assert (mirror.a_wins, mirror.b_wins, mirror.tie) == (odds.b_wins, odds.a_wins, odds.tie)
    assert mirror.a_margins == odds.b_margins


@given(st.integers(-50, 98))
def test_more_skill_never_lowers_the_chance(skill: int) -> None:
    assert success_chance(skill + 1) >= success_chance(skill)

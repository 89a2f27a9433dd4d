"""The End of the World dice pools: cancelling, successes, stress, odds, opposed tests."""

from __future__ import annotations

import itertools
import shutil
import sys
from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from omen.core.dice import ScriptedDice
from omen.core.errors import LimitError, RulesError, ScriptExhausted, StoredDataError
from omen.core.i18n import Translator
from omen.eotw import pools as eotw
from omen.eotw import settings as eotw_settings
from omen.eotw.pools import (
    Category,
    Characteristic,
    Contestant,
    Pool,
    PoolSettings,
    Reason,
    TestResult,
)
from omen.eotw.settings import TieRule

ROOT = Path(__file__).resolve().parents[2]
SUCCESSES_FIRST = PoolSettings(cancel_first=False)
REROLL = PoolSettings(tie=TieRule.REROLL)


def english(steps: tuple[eotw.Step, ...]) -> list[str]:
    return [step.english() for step in steps]


# --- characteristics ----------------------------------------------------------------


def test_each_category_has_an_offensive_and_a_defensive_characteristic() -> None:
    assert Category.PHYSICAL.offensive is Characteristic.DEXTERITY
    assert Category.PHYSICAL.defensive is Characteristic.VITALITY
    assert Category.MENTAL.offensive is Characteristic.LOGIC
    assert Category.MENTAL.defensive is Characteristic.WILLPOWER
    assert Category.SOCIAL.offensive is Characteristic.CHARISMA
    assert Category.SOCIAL.defensive is Characteristic.EMPATHY
    assert Characteristic.EMPATHY.category is Category.SOCIAL
    assert Characteristic.LOGIC.offensive and not Characteristic.WILLPOWER.offensive
    assert Characteristic.VITALITY.label.english() == "Vitality"


@pytest.mark.parametrize("value", [0, 6, -1])
def test_values_outside_one_to_five_are_refused(value: int) -> None:
    with pytest.raises(RulesError, match="from 1 to 5"):
        eotw.check_value(value)


# --- the pool -----------------------------------------------------------------------


def test_the_pool_starts_with_one_positive_die_and_adds_one_per_reason() -> None:
    assert (Pool().positive, Pool().negative) == (1, 0)
    pool = Pool(positive_features=1, equipment=2, assistance=1, benefits=1)
    pool = pool.add(Reason.DANGER).add(Reason.TRAUMAS, 2).add(Reason.HINDRANCES)
    pool = pool.with_count(Reason.NEGATIVE_FEATURES, 1)
    assert (pool.positive, pool.negative) == (6, 5)
    assert pool.count(Reason.TRAUMAS) == 2
    assert [r.positive for r in Reason] == [True] * 4 + [False] * 4


def test_push_adds_one_die_of_each_kind_once_only() -> None:
    pushed = Pool(danger=1).push()
    assert (pushed.positive, pushed.negative) == (2, 2)
    with pytest.raises(RulesError, match="only once per test"):
        pushed.push()
    assert pushed.unpush() == Pool(danger=1)


def test_a_pool_refuses_negative_counts_and_too_many_dice() -> None:
    with pytest.raises(RulesError, match="fewer than zero dice for Equipment"):
        Pool().add(Reason.EQUIPMENT, -1)
    Pool(equipment=eotw.MAX_DICE - 1)  # 30 dice: the limit itself is fine
    with pytest.raises(LimitError, match="at most 30 dice"):
        Pool(equipment=eotw.MAX_DICE - 1, danger=1)
    with pytest.raises(LimitError):
        Pool(equipment=14, danger=15).push()


# --- one test: golden traces -----------------------------------------------------------


def test_doubles_cancel_before_successes_are_counted() -> None:
    # Positive 3, 3, 6 and negative 3, 5 against 3: one pair of 3s leaves; the second
    # positive 3 still succeeds; the 6 fails; the negative 5 is one stress.
    pool = Pool(equipment=2, danger=2)
    result = eotw.test(
        pool, 3, ScriptedDice([3, 3, 6, 3, 5]), characteristic=Characteristic.DEXTERITY
    )
    assert result.positive == (3, 3, 6) and result.negative == (3, 5)
    assert result.cancelled == ((0, 0),)
    assert result.successes == (1,)
    assert result.stress_dice == (1,)
    assert (result.success, result.success_count, result.stress) == (True, 1, 1)
    assert english(result.steps) == [
        "Test of Dexterity 3",
        "Positive dice rolled: 3, 3, 6",
        "Negative dice rolled: 3, 5",
        "1 pair of 3s cancels out",
        "1 success (positive dice left showing 3 or less)",
        "1 stress (negative dice left)",
        "The test succeeds.",
    ]


def test_a_cancelled_success_is_lost_when_cancelling_first() -> None:
    # Positive 2 against negative 2: the pair cancels, nothing is left: no success, no stress.
    result = eotw.resolve(3, [2], [2])
    assert (result.success, result.stress, result.cancelled) == (False, 0, ((0, 0),))
    assert english(result.steps)[-3:] == [
        "0 successes (positive dice left showing 3 or less)",
        "0 stress (negative dice left)",
        "The test fails.",
    ]


def test_the_setting_counts_successes_before_cancelling() -> None:
    result = eotw.resolve(3, [2], [2], settings=SUCCESSES_FIRST)
    assert (result.success, result.stress, result.cancelled) == (True, 0, ((0, 0),))
    assert english(result.steps)[-3] == (
        "1 success (positive dice showing 3 or less, before cancelling)"
    )


def test_pairs_cancel_one_at_a_time_in_rolling_order() -> None:
    # Three positive 4s and two negative 4s: two pairs go, the third positive 4 stays.
    result = eotw.resolve(4, [4, 4, 4, 1], [4, 6, 4])
    assert result.cancelled == ((0, 0), (1, 2))
    assert result.successes == (2, 3)
    assert result.stress_dice == (1,)
    assert "2 pairs of 4s cancel out" in english(result.steps)


def test_no_negative_dice_and_no_matches_are_said_plainly() -> None:
    assert "No negative dice." in english(eotw.resolve(2, [5], []).steps)
    steps = english(eotw.resolve(2, [5], [1, 2]).steps)
    assert "No positive die matches a negative die, so nothing cancels." in steps
    assert steps[-2:] == ["2 stress (negative dice left)", "The test fails."]


@pytest.mark.parametrize("value", [1, 2, 3, 4, 5])
def test_positive_dice_at_or_below_the_value_succeed(value: int) -> None:
    result = eotw.resolve(value, [1, 2, 3, 4, 5, 6], [])
    assert result.successes == tuple(range(value))
    assert result.success_count == value


def test_typed_faces_must_be_faces_of_a_d6_and_enough() -> None:
    with pytest.raises(RulesError):
        eotw.test(Pool(), 3, ScriptedDice([7]))
    with pytest.raises(ScriptExhausted):
        eotw.test(Pool(danger=1), 3, ScriptedDice([2]))
    with pytest.raises(RulesError, match="shows 1 to 6"):
        eotw.resolve(3, [0], [])
    with pytest.raises(RulesError, match="at least one positive die"):
        eotw.resolve(3, [], [2])


# --- exact odds -----------------------------------------------------------------------


def brute_force(
    positive: int, negative: int, value: int, cancel_first: bool
) -> Counter[tuple[int, int]]:
    """Every one of the 6 ** n rolls, judged face by face with Counters."""
    out: Counter[tuple[int, int]] = Counter()
    for faces in itertools.product(range(1, 7), repeat=positive + negative):
        pos, neg = Counter(faces[:positive]), Counter(faces[positive:])
        successes = sum(
            (pos[f] - min(pos[f], neg[f])) if cancel_first else pos[f] for f in range(1, value + 1)
        )
        stress = sum(neg[f] - min(pos[f], neg[f]) for f in range(1, 7))
        out[(successes, stress)] += 1
    return out


@pytest.mark.parametrize("cancel_first", [True, False])
@pytest.mark.parametrize("value", [1, 2, 3, 4, 5])
@pytest.mark.parametrize(
    ("positive", "negative"), [(1, 0), (1, 1), (2, 1), (1, 2), (2, 2), (3, 1), (2, 3)]
)
def test_odds_match_full_enumeration(
    positive: int, negative: int, value: int, cancel_first: bool
) -> None:
    counts = eotw.outcome_counts(positive, negative, value, cancel_first)
    assert counts == dict(brute_force(positive, negative, value, cancel_first))


def test_resolve_agrees_with_the_brute_force_judge_on_every_roll_of_three_dice() -> None:
    for faces in itertools.product(range(1, 7), repeat=3):
        for value in (2, 5):
            result = eotw.resolve(value, faces[:2], faces[2:])
            expected = brute_force_one(faces[:2], faces[2:], value)
            assert (result.success_count, result.stress) == expected


def brute_force_one(
    pos_faces: tuple[int, ...], neg_faces: tuple[int, ...], value: int
) -> tuple[int, int]:
    pos, neg = Counter(pos_faces), Counter(neg_faces)
    successes = sum(pos[f] - min(pos[f], neg[f]) for f in range(1, value + 1))
    return successes, sum(neg[f] - min(pos[f], neg[f]) for f in range(1, 7))


def test_odds_worked_out_by_hand() -> None:
    # One positive die against 3: faces 1-3 of 6 succeed: 1/2.
    assert eotw.odds(1, 0, 3).success == Fraction(1, 2)
    # One positive and one negative against 3: success needs the positive die on 1-3
    # (1/2) and the negative die on another face (5/6): 5/12. The negative die is stress
    # unless it matches the positive one: stress 0 with 1/6, 1 with 5/6, mean 5/6.
    one_each = eotw.odds(1, 1, 3)
    assert one_each.success == Fraction(5, 12)
    assert one_each.stress == (Fraction(1, 6), Fraction(5, 6))
    assert one_each.expected_stress == Fraction(5, 6)
    assert one_each.expected_successes == Fraction(5, 12)
    # Success with no stress: the positive die on 1-3 and the negative die matching it,
    # which cancels it: impossible. So 0.
    assert one_each.success_without_stress == 0
    # Two positive dice against 2: at least one on 1-2: 1 - (4/6)^2 = 5/9; expected
    # successes 2 * 2/6 = 2/3; distribution 16/36, 16/36, 4/36.
    two = eotw.odds(2, 0, 2)
    assert two.success == Fraction(5, 9)
    assert two.expected_successes == Fraction(2, 3)
    assert two.successes == (Fraction(4, 9), Fraction(4, 9), Fraction(1, 9))
    # Counting successes first, one positive and one negative against 3 is just 1/2.
    assert eotw.odds(1, 1, 3, cancel_first=False).success == Fraction(1, 2)


def test_a_pushed_single_die_worked_out_by_hand() -> None:
    """The Tests screen's first pool (one positive die against 3), pushed: 2 positive
    and 1 negative die (the browser test checks the screen shows these figures)."""
    pushed = eotw.push_comparison(Pool(), 3).with_push
    assert (pushed.positive, pushed.negative) == (2, 1)
    # The negative die shows 4-6 (1/2): fail only if both positive dice are high (1/4).
    # It shows n in 1-3 (1/2): fail if both are high (1/4) or one shows n and the other
    # is high (2 * 1/6 * 1/2 = 1/6); so failing is 1/8 + 5/24 = 1/3.
    assert pushed.success == Fraction(2, 3)
    # The negative die stays (1 stress) unless a positive die matches it: (5/6)^2.
    assert pushed.expected_stress == Fraction(25, 36)
    assert pushed.stress == (Fraction(11, 36), Fraction(25, 36))
    assert eotw.push_comparison(Pool(), 3).without_push.expected_stress == 0


def test_odds_for_fifteen_dice_are_quick_and_whole() -> None:
    result = eotw.odds(8, 7, 3)
    assert sum(result.stress) == 1 and sum(result.successes) == 1
    assert eotw.odds(30, 0, 5).success == 1 - Fraction(1, 6) ** 30


def test_odds_refuse_impossible_pools() -> None:
    with pytest.raises(RulesError):
        eotw.odds(0, 1, 3)
    with pytest.raises(LimitError):
        eotw.odds(20, 11, 3)
    with pytest.raises(RulesError):
        eotw.odds(1, 0, 6)


@settings(max_examples=60, deadline=None)
@given(
    positive=st.integers(1, 9),
    negative=st.integers(0, 9),
    value=st.integers(1, 5),
    cancel_first=st.booleans(),
)
def test_odds_always_sum_to_one(
    positive: int, negative: int, value: int, cancel_first: bool
) -> None:
    result = eotw.odds(positive, negative, value, cancel_first)
    assert sum(result.successes) == 1
    assert sum(result.stress) == 1
    assert result.success == 1 - result.successes[0]
    assert result.expected_stress == sum(k * p for k, p in enumerate(result.stress))
    assert 0 <= result.success_without_stress <= result.success
    # Cancelling first can only take successes away.
    assert result.success <= eotw.odds(positive, negative, value, False).success


def test_push_comparison_shows_both_pools() -> None:
    comparison = eotw.push_comparison(Pool(danger=1), 3)
    assert (comparison.without_push.positive, comparison.without_push.negative) == (1, 1)
    assert (comparison.with_push.positive, comparison.with_push.negative) == (2, 2)
    assert eotw.push_comparison(Pool(danger=1).push(), 3) == comparison
    assert comparison.without_push.success == Fraction(5, 12)


# --- opposed tests ---------------------------------------------------------------------


def test_more_successes_win() -> None:
    ana, ben = Contestant("Ana", Pool(equipment=1), 2), Contestant("Ben", Pool(), 5)
    result = eotw.opposed_test([ana, ben], ScriptedDice([1, 2, 4]))
    assert result.winner == 0
    assert english(result.steps) == [
        "Ana: 2 successes",
        "Ben: 1 success",
        "Ana wins with the most successes.",
    ]


def test_equal_successes_go_to_the_higher_characteristic() -> None:
    ana, ben = Contestant("Ana", Pool(), 2), Contestant("Ben", Pool(), 4)
    result = eotw.opposed_test([ana, ben], ScriptedDice([1, 3]))
    assert result.winner == 1
    assert english(result.steps)[-1] == (
        "Tied on successes: Ben wins with the higher characteristic (4)."
    )


def test_a_full_tie_is_a_draw_by_default() -> None:
    ana, ben = Contestant("Ana", Pool(), 3), Contestant("Ben", Pool(), 3)
    result = eotw.opposed_test([ana, ben], ScriptedDice([1, 2]))
    assert result.draw and len(result.rounds) == 1
    assert english(result.steps)[-1] == (
        "Ana, Ben are tied on successes and characteristic. The contest is a draw."
    )


def test_a_full_tie_rolls_again_with_the_setting() -> None:
    ana, ben = Contestant("Ana", Pool(danger=1), 3), Contestant("Ben", Pool(), 3)
    # Roll 1: Ana 2 (negative 5: 1 stress), Ben 1: tied. Roll 2: Ana 6 (negative 4), Ben 3.
    result = eotw.opposed_test([ana, ben], ScriptedDice([2, 5, 1, 6, 4, 3]), REROLL)
    assert result.winner == 1
    assert len(result.rounds) == 2
    assert result.stress(0) == 2 and result.stress(1) == 0
    assert english(result.steps) == [
        "Ana: 1 success",
        "Ben: 1 success",
        "Ana, Ben are tied on successes and characteristic. They roll again.",
        "Roll 2",
        "Ana: 0 successes",
        "Ben: 1 success",
        "Ben wins with the most successes.",
    ]


def test_when_everybody_fails_it_is_a_draw_even_with_different_characteristics() -> None:
    ana, ben = Contestant("Ana", Pool(), 1), Contestant("Ben", Pool(), 5)
    result = eotw.opposed_test([ana, ben], ScriptedDice([6, 6]))
    assert result.draw
    assert english(result.steps)[-1] == "Nobody succeeded. The contest is a draw."


def test_when_everybody_fails_everybody_rolls_again_with_the_setting() -> None:
    ana, ben = Contestant("Ana", Pool(), 1), Contestant("Ben", Pool(), 5)
    result = eotw.opposed_test([ana, ben], ScriptedDice([6, 6, 1, 6]), REROLL)
    assert result.winner == 0
    assert [r.taking_part for r in result.rounds] == [(0, 1), (0, 1)]


def test_endless_ties_stop_as_a_draw() -> None:
    ana, ben = Contestant("Ana", Pool(), 1), Contestant("Ben", Pool(), 1)
    result = eotw.opposed_test([ana, ben], ScriptedDice([6] * 2 * eotw.MAX_ROUNDS), REROLL)
    assert result.draw and len(result.rounds) == eotw.MAX_ROUNDS
    assert english(result.steps)[-1] == "No winner after 50 rolls: the contest is a draw."


def test_several_opponents_the_best_wins_and_only_the_tied_roll_again() -> None:
    ana = Contestant("Ana", Pool(equipment=1), 3)
    ben = Contestant("Ben", Pool(equipment=1), 3)
    cid = Contestant("Cid", Pool(), 5)
    # Roll 1: Ana 1, 2 (2); Ben 3, 1 (2); Cid 4 (1): Ana and Ben tie on 2 and on 3.
    # Roll 2, only Ana and Ben: Ana 6, 6 (0); Ben 2, 6 (1): Ben wins.
    result = eotw.opposed_test([ana, ben, cid], ScriptedDice([1, 2, 3, 1, 4, 6, 6, 2, 6]), REROLL)
    assert result.winner == 1
    assert [r.taking_part for r in result.rounds] == [(0, 1, 2), (0, 1)]
    # With a clear best among three, the best wins at once.
    result = eotw.opposed_test([ana, ben, cid], ScriptedDice([6, 6, 1, 2, 1]))
    assert result.winner == 1
    assert english(result.steps)[-1] == "Ben wins with the most successes."


def test_judge_needs_two_results() -> None:
    ana = Contestant("Ana", Pool(), 3)
    with pytest.raises(RulesError, match="two or more"):
        eotw.judge([ana], [eotw.resolve(3, [1], [])])
    with pytest.raises(RulesError, match="two or more"):
        eotw.opposed_test([ana], ScriptedDice([1]))


# --- settings and storage ---------------------------------------------------------------


def test_settings_are_declared_and_read() -> None:
    keys = {setting.key: setting for setting in eotw_settings.SETTINGS}
    assert keys["eotw.opposed_tie"].default == "draw"
    assert keys["eotw.cancel_first"].default is True
    assert all(setting.game == "eotw" for setting in eotw_settings.SETTINGS)
    assert all(setting.accepts(setting.default) for setting in eotw_settings.SETTINGS)
    read = PoolSettings.from_values({"eotw.opposed_tie": "reroll", "eotw.cancel_first": False})
    assert read == PoolSettings(cancel_first=False, tie=TieRule.REROLL)
    assert PoolSettings.from_values({"eotw.opposed_tie": "coin"}) == PoolSettings()


pools = st.builds(
    Pool,
    positive_features=st.integers(0, 3),
    equipment=st.integers(0, 3),
    assistance=st.integers(0, 3),
    benefits=st.integers(0, 3),
    danger=st.integers(0, 3),
    negative_features=st.integers(0, 3),
    traumas=st.integers(0, 3),
    hindrances=st.integers(0, 3),
    pushed=st.booleans(),
)


@given(pools)
def test_pools_round_trip_through_json(pool: Pool) -> None:
    assert Pool.from_json(pool.to_json()) == pool


@given(
    st.integers(1, 5),
    st.lists(st.integers(1, 6), min_size=1, max_size=6),
    st.lists(st.integers(1, 6), max_size=6),
    st.sampled_from([None, *Characteristic]),
    st.booleans(),
)
def test_test_results_round_trip_through_json(
    value: int,
    positive: list[int],
    negative: list[int],
    characteristic: Characteristic | None,
    cancel_first: bool,
) -> None:
    result = eotw.resolve(
        value,
        positive,
        negative,
        characteristic=characteristic,
        settings=PoolSettings(cancel_first=cancel_first),
    )
    assert TestResult.from_json(result.to_json()) == result


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([], "pool must be a record"),
        ({"equipment": -1}, "pool.equipment must be a whole number, zero or more"),
        ({"danger": True}, "pool.danger must be a whole number"),
        ({"pushed": 1}, "pool.pushed must be true or false"),
        ({"luck": 1}, "Omen knows no field pool.luck"),
        ({"equipment": 40}, "at most 30 dice"),
    ],
)
def test_bad_stored_pools_are_named(data: object, message: str) -> None:
    with pytest.raises(StoredDataError, match=message):
        Pool.from_json(data)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ("x", "test must be a record"),
        ({"value": 6, "positive": [1], "negative": []}, "test.value must be"),
        ({"value": 3, "positive": [], "negative": []}, "test.positive must be"),
        ({"value": 3, "positive": [7], "negative": []}, "test.positive must be"),
        ({"value": 3, "positive": [1]}, "test.negative must be"),
        (
            {"value": 3, "positive": [1], "negative": [], "characteristic": "luck"},
            "test.characteristic",
        ),
        ({"value": 3, "positive": [1], "negative": [], "cancel_first": "no"}, "test.cancel_first"),
    ],
)
def test_bad_stored_tests_are_named(data: object, message: str) -> None:
    with pytest.raises(StoredDataError, match=message):
        TestResult.from_json(data)


# --- Czech ---------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def czech(tmp_path_factory: pytest.TempPathFactory) -> Translator:
    """Only this module's catalog (with core's header), compiled the way the app does."""
    sys.path.insert(0, str(ROOT / "tools"))
    from msgfmt import compile_language

    source = tmp_path_factory.mktemp("po") / "cs"
    source.mkdir()
    shutil.copy(ROOT / "locale" / "cs" / "core.po", source / "a_core.po")
    shutil.copy(ROOT / "locale" / "cs" / "eotw.po", source / "eotw.po")
    out = tmp_path_factory.mktemp("build")
    compile_language(source, out)
    return Translator.load("cs", out / "locale")


def test_czech_steps_use_all_three_plural_forms(czech: Translator) -> None:
    result = eotw.resolve(3, [3, 3, 6, 1, 2], [3, 5, 5], characteristic=Characteristic.WILLPOWER)
    assert [czech.render(step) for step in result.steps] == [
        "Test: Vůle 3",
        "Kladné kostky: 3, 3, 6, 1, 2",
        "Záporné kostky: 3, 5, 5",
        "Zruší se 1 dvojice kostek s hodnotou 3",
        "3 úspěchy (zbylé kladné kostky s hodnotou 3 nebo nižší)",
        "2 body stresu (zbylé záporné kostky)",
        "Test uspěl.",
    ]
    assert czech.render(eotw.resolve(1, [6] * 5, []).steps[-3]) == (
        "0 úspěchů (zbylé kladné kostky s hodnotou 1 nebo nižší)"
    )

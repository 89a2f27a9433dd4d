"""Reaction rolls: both tables at every boundary, the Charisma modifier, exact odds."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from omen.campaign.reaction import (
    LIMINAL_HORROR_REACTIONS,
    LOOKED_UP,
    OSE_REACTIONS,
    ROLLED,
    ReactionResult,
    cha_modifier,
    reaction_odds,
    reaction_roll,
    reaction_told,
    speaker_modifier,
    table_for,
)
from omen.core.dice import ScriptedDice
from omen.core.errors import RulesError, StoredDataError
from omen.core.roll import Step


def faces_for(total: int) -> tuple[int, int]:
    """Two d6 faces summing to ``total`` (2-12)."""
    first = min(6, total - 1)
    return first, total - first


# --- OSE table: each boundary, reached with and without a modifier ----------------

OSE_BOUNDARIES = [
    # (2d6 sum, modifier, band)
    (2, 0, "attacks"),
    (3, 0, "hostile"),
    (5, 0, "hostile"),
    (6, 0, "uncertain"),
    (8, 0, "uncertain"),
    (9, 0, "indifferent"),
    (11, 0, "indifferent"),
    (12, 0, "friendly"),
    # totals beyond the printed ends belong to the end bands
    (2, -2, "attacks"),  # total 0
    (3, -2, "attacks"),  # total 1
    (4, -2, "attacks"),  # total 2
    (5, -2, "hostile"),  # total 3
    (12, 2, "friendly"),  # total 14
    (11, 1, "friendly"),  # total 12
    (10, 1, "indifferent"),  # total 11
    (7, -1, "uncertain"),  # total 6
    (6, -1, "hostile"),  # total 5
]


@pytest.mark.parametrize(("rolled", "modifier", "band"), OSE_BOUNDARIES)
def test_ose_bands_at_their_edges(rolled: int, modifier: int, band: str) -> None:
    result = reaction_roll(OSE_REACTIONS, ScriptedDice(faces_for(rolled)), modifier)
    assert result.total == rolled + modifier
    assert result.band.key == band


LH_BOUNDARIES = [
    (2, 0, "hostile"),
    (3, 0, "wary"),
    (5, 0, "wary"),
    (6, 0, "curious"),
    (8, 0, "curious"),
    (9, 0, "kind"),
    (11, 0, "kind"),
    (12, 0, "helpful"),
    (2, -3, "hostile"),  # total -1
    (12, 3, "helpful"),  # total 15
    (4, -1, "wary"),  # total 3
    (3, -1, "hostile"),  # total 2
]


@pytest.mark.parametrize(("rolled", "modifier", "band"), LH_BOUNDARIES)
def test_cairn_table_for_liminal_horror(rolled: int, modifier: int, band: str) -> None:
    result = reaction_roll(LIMINAL_HORROR_REACTIONS, ScriptedDice(faces_for(rolled)), modifier)
    assert result.band.key == band


def test_golden_trace_ose_with_charisma() -> None:
    result = reaction_roll(OSE_REACTIONS, ScriptedDice([1, 2]), cha_modifier(3))
    assert result.faces == (1, 2)
    assert result.total == 1
    assert [s.english() for s in result.steps] == [
        "2d6: 1 + 2 = 3",
        "3 with modifier −2 makes 1",
        "1 on the reaction table: Attacks",
    ]


def test_golden_trace_without_modifier_has_no_modifier_step() -> None:
    result = reaction_roll(OSE_REACTIONS, ScriptedDice([6, 6]))
    assert [s.english() for s in result.steps] == [
        "2d6: 6 + 6 = 12",
        "12 on the reaction table: Eager, friendly",
    ]


def test_liminal_horror_says_where_the_table_comes_from() -> None:
    assert LIMINAL_HORROR_REACTIONS.borrowed_from == "cairn"
    assert OSE_REACTIONS.borrowed_from == ""
    assert OSE_REACTIONS.source is None
    result = reaction_roll(LIMINAL_HORROR_REACTIONS, ScriptedDice([3, 4]))
    assert [s.english() for s in result.steps] == [
        "Table from Cairn 2e: Liminal Horror calls for a reaction roll but gives no table.",
        "2d6: 3 + 4 = 7",
        "7 on the reaction table: Curious",
    ]


@pytest.mark.parametrize(
    ("score", "modifier"),
    [(3, -2), (4, -1), (8, -1), (9, 0), (12, 0), (13, 1), (17, 1), (18, 2)],
)
def test_charisma_modifier_at_each_edge(score: int, modifier: int) -> None:
    assert cha_modifier(score) == modifier


def test_nobody_talking_adds_nothing() -> None:
    assert speaker_modifier(None) == 0
    assert speaker_modifier(4) == -1
    with pytest.raises(RulesError):
        speaker_modifier(19)


@pytest.mark.parametrize("score", [2, 19, 0, -3])
def test_charisma_out_of_range(score: int) -> None:
    with pytest.raises(RulesError) as caught:
        cha_modifier(score)
    assert str(caught.value) == "A Charisma score runs from 3 to 18."


def test_modifier_limits() -> None:
    with pytest.raises(RulesError, match="between -10 and \\+10"):
        reaction_roll(OSE_REACTIONS, ScriptedDice([1, 1]), 11)
    with pytest.raises(RulesError):
        reaction_odds(OSE_REACTIONS, -11)


def test_odds_with_plus_one_worked_by_hand() -> None:
    # With +1 the totals run 3-13, so "attacks" is impossible.
    # hostile 3-5  <- 2d6 sums 2-4:  1+2+3 = 6 ways  -> 6/36  = 1/6
    # uncertain 6-8 <- sums 5-7:    4+5+6 = 15 ways -> 15/36 = 5/12
    # indifferent 9-11 <- sums 8-10: 5+4+3 = 12 ways -> 12/36 = 1/3
    # friendly 12+ <- sums 11-12:   2+1   = 3 ways  -> 3/36  = 1/12
    odds = reaction_odds(OSE_REACTIONS, 1)
    assert [odds[b] for b in OSE_REACTIONS.bands] == [
        Fraction(0),
        Fraction(1, 6),
        Fraction(5, 12),
        Fraction(1, 3),
        Fraction(1, 12),
    ]


def test_odds_without_modifier_worked_by_hand() -> None:
    # sums 2 | 3-5 | 6-8 | 9-11 | 12  ->  1 | 2+3+4=9 | 5+6+5=16 | 4+3+2=9 | 1  (of 36)
    odds = reaction_odds(LIMINAL_HORROR_REACTIONS, 0)
    assert [odds[b] for b in LIMINAL_HORROR_REACTIONS.bands] == [
        Fraction(1, 36),
        Fraction(1, 4),
        Fraction(4, 9),
        Fraction(1, 4),
        Fraction(1, 36),
    ]


def test_odds_with_minus_two_worked_by_hand() -> None:
    # totals 0-10: attacks <- sums 2-4 (1+2+3=6), hostile <- 5-7 (4+5+6=15),
    # uncertain <- 8-10 (5+4+3=12), indifferent <- 11-12 (2+1=3), friendly none.
    odds = reaction_odds(OSE_REACTIONS, -2)
    assert [odds[b] * 36 for b in OSE_REACTIONS.bands] == [6, 15, 12, 3, 0]


@given(st.integers(-10, 10))
def test_odds_always_sum_to_one(modifier: int) -> None:
    for table in (OSE_REACTIONS, LIMINAL_HORROR_REACTIONS):
        assert sum(reaction_odds(table, modifier).values()) == 1


@given(st.integers(1, 6), st.integers(1, 6), st.integers(-10, 10))
def test_stored_roll_round_trips(first: int, second: int, modifier: int) -> None:
    result = reaction_roll(OSE_REACTIONS, ScriptedDice([first, second]), modifier)
    again = ReactionResult.from_json(json.loads(json.dumps(result.to_json())))
    assert again == result


@pytest.mark.parametrize(
    "data",
    [
        None,
        {"game": "ose", "faces": [7, 1], "modifier": 0},
        {"game": "chess", "faces": [1, 1], "modifier": 0},
        {"game": "ose", "faces": [1], "modifier": 0},
        {"game": "ose", "faces": [1, 1], "modifier": True},
        {"game": "ose", "faces": [1, 1], "modifier": 40},
    ],
)
def test_damaged_stored_roll(data: object) -> None:
    with pytest.raises(StoredDataError, match="damaged"):
        ReactionResult.from_json(data)


def test_table_for_games() -> None:
    assert table_for("ose") is OSE_REACTIONS
    assert table_for("liminal_horror") is LIMINAL_HORROR_REACTIONS
    with pytest.raises(RulesError, match="no reaction table"):
        table_for("gurps")


# --- a reaction roll told again from a log entry's steps (the panel after a reload) ---


@given(first=st.integers(1, 6), second=st.integers(1, 6), modifier=st.integers(-3, 3))
def test_a_reaction_roll_is_told_again_from_its_steps(
    first: int, second: int, modifier: int
) -> None:
    for table in (OSE_REACTIONS, LIMINAL_HORROR_REACTIONS):
        rolled = reaction_roll(table, ScriptedDice([first, second]), modifier)
        assert reaction_told(table, rolled.steps) == rolled


def test_steps_that_are_not_a_reaction_rolls_tell_none() -> None:
    rolled = reaction_roll(OSE_REACTIONS, ScriptedDice([4, 5]), 1)
    speaker = Step("Nobody talks: no modifier.")
    edited_total = tuple(
        Step(step.key, {**step.args, "total": 2}) if step.key == LOOKED_UP else step
        for step in rolled.steps
    )
    seven = tuple(
        Step(step.key, {**step.args, "first": 7}) if step.key == ROLLED else step
        for step in rolled.steps
    )
    text_face = tuple(
        Step(step.key, {**step.args, "first": "4"}) if step.key == ROLLED else step
        for step in rolled.steps
    )
    for steps in (
        (speaker, *rolled.steps),  # the OSE encounter's reaction, with its speaker
        edited_total,
        seven,
        text_face,
        rolled.steps[:-1],
        (),
    ):
        assert reaction_told(OSE_REACTIONS, steps) is None
    assert reaction_told(LIMINAL_HORROR_REACTIONS, rolled.steps) is None  # another table's

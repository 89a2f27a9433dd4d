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
    read_modifier,
    speaker_modifier,
    table_for,
)
from omen.core.dice import ScriptedDice
from omen.core.errors import RulesError, StoredDataError
from omen.core.roll import Step
from omen.eotw.reaction import EOTW_REACTIONS
from omen.gurps.reaction import GURPS_REACTIONS


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
    """Each game's table is the one its GameSpec declares."""
    assert table_for("ose") is OSE_REACTIONS
    assert table_for("liminal_horror") is LIMINAL_HORROR_REACTIONS
    assert table_for("gurps") is GURPS_REACTIONS
    assert table_for("eotw") is EOTW_REACTIONS
    with pytest.raises(RulesError, match="no reaction table"):
        table_for("chess")


# --- GURPS: 3d6 plus reaction modifiers (Basic Set, Reaction Table, pp. B560-B561) ------

GURPS_BANDS = [
    # (lowest total, highest total, band), None: no end
    (None, 0, "disastrous"),
    (1, 3, "very_bad"),
    (4, 6, "bad"),
    (7, 9, "poor"),
    (10, 12, "neutral"),
    (13, 15, "good"),
    (16, 18, "very_good"),
    (19, None, "excellent"),
]


@pytest.mark.parametrize(("low", "high", "key"), GURPS_BANDS)
def test_gurps_bands_at_every_boundary(low: int | None, high: int | None, key: str) -> None:
    band = GURPS_REACTIONS.band(key)
    for total in (low, high):
        if total is not None:
            assert GURPS_REACTIONS.lookup(total) == band
    if low is not None:
        assert GURPS_REACTIONS.lookup(low - 1) != band
    if high is not None:
        assert GURPS_REACTIONS.lookup(high + 1) != band


@given(st.integers(-10, 10))
def test_gurps_odds_are_every_fall_of_three_dice(modifier: int) -> None:
    """Against a count of all 216 falls of 3d6, written here from the table's ranges."""

    def band_of(total: int) -> str:
        for low, high, key in GURPS_BANDS:
            if (low is None or total >= low) and (high is None or total <= high):
                return key
        raise AssertionError(total)

    counts: dict[str, int] = {}
    for a in range(1, 7):
        for b in range(1, 7):
            for c in range(1, 7):
                key = band_of(a + b + c + modifier)
                counts[key] = counts.get(key, 0) + 1
    odds = reaction_odds(GURPS_REACTIONS, modifier)
    assert {band.key: chance * 216 for band, chance in odds.items() if chance} == counts


def test_gurps_unmodified_never_reaches_the_ends() -> None:
    odds = reaction_odds(GURPS_REACTIONS)
    assert odds[GURPS_REACTIONS.band("disastrous")] == 0
    assert odds[GURPS_REACTIONS.band("excellent")] == 0
    assert odds[GURPS_REACTIONS.band("neutral")] == Fraction(79, 216)


def test_a_gurps_roll_says_its_three_faces_and_the_modifier() -> None:
    result = reaction_roll(GURPS_REACTIONS, ScriptedDice([6, 6, 5]), 3)
    assert [step.english() for step in result.steps] == [
        "GURPS Basic Set, Reaction Table (pp. B560–B561): 3d6 plus modifiers.",
        "3d6: 6 + 6 + 5 = 17",
        "17 with modifier +3 makes 20",
        "20 on the reaction table: Excellent",
    ]
    assert result.faces == (6, 6, 5)
    assert ReactionResult.from_json(json.loads(json.dumps(result.to_json()))) == result


@given(st.tuples(st.integers(1, 6), st.integers(1, 6), st.integers(1, 6)), st.integers(-5, 5))
def test_a_gurps_roll_is_told_again_from_its_steps(
    faces: tuple[int, int, int], modifier: int
) -> None:
    rolled = reaction_roll(GURPS_REACTIONS, ScriptedDice(list(faces)), modifier)
    assert reaction_told(GURPS_REACTIONS, rolled.steps) == rolled
    assert reaction_told(EOTW_REACTIONS, rolled.steps) is None
    assert reaction_told(LIMINAL_HORROR_REACTIONS, rolled.steps) is None


def test_a_stored_gurps_roll_with_two_faces_is_damaged() -> None:
    with pytest.raises(StoredDataError, match="damaged"):
        ReactionResult.from_json({"game": "gurps", "faces": [3, 4], "modifier": 0})
    with pytest.raises(StoredDataError, match="damaged"):
        ReactionResult.from_json({"game": "ose", "faces": [3, 4, 5], "modifier": 0})


def test_eotw_borrows_cairn_and_says_so_in_its_own_words() -> None:
    assert EOTW_REACTIONS.bands == LIMINAL_HORROR_REACTIONS.bands
    rolled = reaction_roll(EOTW_REACTIONS, ScriptedDice([6, 6]))
    assert rolled.steps[0].english() == (
        "Table from Cairn 2e: The End of the World has no reaction roll of its own."
    )
    assert reaction_told(LIMINAL_HORROR_REACTIONS, rolled.steps) is None


@pytest.mark.parametrize(
    ("text", "total"),
    [("", 0), ("+2", 2), ("-1", -1), ("−3", -3), ("+2 −1, 3", 4), ("  5 ", 5), ("+10", 10)],
)
def test_typed_reaction_modifiers_are_added_up(text: str, total: int) -> None:
    assert read_modifier(text) == total


@pytest.mark.parametrize(
    "text", ["two", "+", "2.5", "+11", "+6 +6", "٣", "1e3", "+2 -", "9" * 41, "+1 " * 20]
)
def test_typed_reaction_modifiers_refused_with_a_sentence(text: str) -> None:
    with pytest.raises(RulesError) as refused:
        read_modifier(text)
    assert "modifier" in refused.value.message.english()


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

"""OSE's Tests screen rolls a reaction (2d6) and a morale check (2d6 against morale) on
their own, by the rules of omen.campaign.reaction and omen.ose.morale, and keeps its form."""

from __future__ import annotations

from fractions import Fraction

import pytest

from omen.campaign.reaction import OSE_REACTIONS, reaction_odds, reaction_roll
from omen.core.dice import ScriptedDice
from omen.core.errors import RulesError, StoredDataError
from omen.core.store import decode, encode
from omen.ose import morale
from omen.ose.checks import (
    MAX_REACTION_MODIFIER,
    OSE_TESTS,
    ChecksForm,
    Mode,
    morale_check_odds,
    morale_roll,
    reaction_check,
    reaction_check_odds,
)

# --- the reaction roll ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("charisma", "faces", "total", "band"),
    [
        (None, [1, 1], 2, "attacks"),
        (3, [2, 2], 2, "attacks"),  # 4 with −2
        (8, [3, 3], 5, "hostile"),  # 6 with −1
        (10, [4, 3], 7, "uncertain"),
        (13, [4, 5], 10, "indifferent"),
        (18, [5, 5], 12, "friendly"),  # 10 with +2
    ],
)
def test_the_speakers_charisma_moves_the_reaction(
    charisma: int | None, faces: list[int], total: int, band: str
) -> None:
    result = reaction_check(charisma, 0, ScriptedDice(faces))
    assert (result.total, result.band.key) == (total, band)


def test_a_reaction_says_who_talks_then_the_dice_then_the_band() -> None:
    result = reaction_check(13, -2, ScriptedDice([6, 3]))
    assert [step.english() for step in result.steps] == [
        "The speaker's Charisma 13 gives +1.",
        "2d6: 6 + 3 = 9",
        "9 with modifier −1 makes 8",
        "8 on the reaction table: Uncertain, confused",
    ]
    quiet = reaction_check(None, 0, ScriptedDice([6, 6]))
    assert quiet.steps[0].english() == "Nobody talks: no Charisma modifier."
    assert quiet.band.key == "friendly"


def test_it_is_the_shared_rule_not_a_copy() -> None:
    for charisma, modifier, combined in ((None, 3, 3), (18, -4, -2), (3, 8, 6)):
        ours = reaction_check(charisma, modifier, ScriptedDice([2, 5]))
        shared = reaction_roll(OSE_REACTIONS, ScriptedDice([2, 5]), combined)
        assert (ours.total, ours.band) == (shared.total, shared.band)
        assert ours.steps[1:] == shared.steps
        assert reaction_check_odds(charisma, modifier) == reaction_odds(OSE_REACTIONS, combined)


def test_reaction_odds_are_exact_and_whole() -> None:
    odds = reaction_check_odds(None, 0)
    assert sum(odds.values()) == 1
    assert odds[OSE_REACTIONS.band("attacks")] == Fraction(1, 36)
    assert odds[OSE_REACTIONS.band("uncertain")] == Fraction(16, 36)
    assert reaction_check_odds(18, MAX_REACTION_MODIFIER)[OSE_REACTIONS.band("friendly")] == 1


@pytest.mark.parametrize(
    ("charisma", "modifier"),
    [(2, 0), (19, 0), (10, MAX_REACTION_MODIFIER + 1), (10, -9), (True, 0), (10, True)],
)
def test_a_reaction_out_of_range_is_refused(charisma: int, modifier: int) -> None:
    with pytest.raises(RulesError):
        reaction_check(charisma, modifier, ScriptedDice([3, 3]))
    with pytest.raises(RulesError):
        reaction_check_odds(charisma, modifier)


def test_a_typed_reaction_face_must_be_on_a_d6() -> None:
    with pytest.raises(RulesError) as caught:
        reaction_check(None, 0, ScriptedDice([7, 1]))
    assert caught.value.message.english() == "7 is not a face of a d6: it shows 1 to 6."


# --- the morale check ----------------------------------------------------------------


def test_morale_breaks_above_the_score_and_holds_at_it() -> None:
    broke = morale_roll(7, 0, ScriptedDice([4, 4]))
    assert (broke.value, broke.outcome) == (8, morale.Outcome.BREAKS)
    held = morale_roll(7, 0, ScriptedDice([3, 4]))
    assert (held.value, held.outcome) == (7, morale.Outcome.HOLDS)
    assert held.steps[-1].english() == "7 is not above 7: the monsters fight on."


def test_the_situation_adjusts_the_score() -> None:
    result = morale_roll(7, -1, ScriptedDice([3, 4]))
    assert result.outcome is morale.Outcome.BREAKS  # 7 above 6
    assert result.steps[0].english() == "Morale 7 adjusted by −1 is 6."
    assert morale_check_odds(7, -1).breaks == morale.morale_odds(7, -1).breaks == Fraction(21, 36)


@pytest.mark.parametrize(
    ("score", "outcome"), [(2, morale.Outcome.NEVER_FIGHTS), (12, morale.Outcome.FEARLESS)]
)
def test_scores_of_2_and_12_roll_nothing(score: int, outcome: morale.Outcome) -> None:
    dice = ScriptedDice([])  # no die may be asked for
    result = morale_roll(score, 2, dice)
    assert (result.value, result.outcome) == (None, outcome)
    assert not morale_check_odds(score, 0).rolled


@pytest.mark.parametrize(("score", "adjustment"), [(1, 0), (13, 0), (7, 3), (7, -3)])
def test_a_morale_out_of_range_is_refused(score: int, adjustment: int) -> None:
    with pytest.raises(RulesError):
        morale_roll(score, adjustment, ScriptedDice([3, 3]))


# --- the form, stored -----------------------------------------------------------------


def test_the_form_keeps_the_reaction_and_morale_fields() -> None:
    form = ChecksForm(Mode.REACTION, "Kupec", charisma=15, reaction_modifier=-3, morale=9)
    form = ChecksForm(**{**form.__dict__, "adjustment": -2})
    assert decode(OSE_TESTS, encode(OSE_TESTS, form.to_json())) == form
    morale_form = ChecksForm(Mode.MORALE)
    assert decode(OSE_TESTS, encode(OSE_TESTS, morale_form.to_json())) == morale_form


def test_an_older_form_without_the_new_fields_still_loads() -> None:
    old = {"mode": "save", "save": 12, "ability": 9, "modifier": 2}
    form = ChecksForm.from_json(old)
    assert (form.charisma, form.reaction_modifier, form.morale, form.adjustment) == (None, 0, 7, 0)
    assert form.to_json() == old  # defaults are not written


@pytest.mark.parametrize(
    "crafted",
    [
        {"mode": "reaction", "save": 14, "ability": 10, "charisma": 2},
        {"mode": "reaction", "save": 14, "ability": 10, "charisma": "13"},
        {"mode": "reaction", "save": 14, "ability": 10, "reaction_modifier": 99},
        {"mode": "morale", "save": 14, "ability": 10, "morale": 13},
        {"mode": "morale", "save": 14, "ability": 10, "morale": True},
        {"mode": "morale", "save": 14, "ability": 10, "adjustment": -3},
        {"mode": "panic", "save": 14, "ability": 10},
        {"mode": "morale", "save": 14, "ability": 10, "rally": 1},
    ],
)
def test_a_crafted_form_with_a_valid_checksum_is_refused(crafted: dict[str, object]) -> None:
    # encode() wraps whatever it is given with a correct checksum: only the fields stop it.
    with pytest.raises(StoredDataError):
        decode(OSE_TESTS, encode(OSE_TESTS, crafted))

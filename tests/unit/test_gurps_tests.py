"""GURPS success rolls with criticals, effective skill and the Tests screen's form.

The odds are checked against all 216 ways three dice can fall, classified by the rule as
the GURPS Basic Set writes it (here, independently of ``omen.gurps.rolls.classify``), and
against the Basic Set's table of critical ranges by effective skill.
"""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from omen.core.dice import ScriptedDice
from omen.core.errors import RulesError, StoredDataError
from omen.core.roll import Step
from omen.core.store import decode, encode
from omen.gurps.rolls import (
    Result,
    Winner,
    contest_odds,
    effective_skill,
    modifiers_text,
    read_modifiers,
    roll_odds,
)
from omen.gurps.tests import GURPS_TESTS, GurpsTestsForm, Mode, Roller, contest_for, roll_for
from omen.gurps.tests import said as headline_said

FACES = range(1, 7)
ROLLS = [sum(dice) for dice in itertools.product(FACES, FACES, FACES)]


def by_the_book(skill: int, total: int) -> Result:
    """The Basic Set's wording, one sentence at a time."""
    critical_success = (
        total in (3, 4) or (total == 5 and skill >= 15) or (total == 6 and skill >= 16)
    )
    if critical_success:
        return Result.CRITICAL_SUCCESS
    critical_failure = total == 18 or (total == 17 and skill < 16) or total >= skill + 10
    if critical_failure:
        return Result.CRITICAL_FAILURE
    if total >= 17 or total > skill:
        return Result.FAILURE
    return Result.SUCCESS


@pytest.mark.parametrize("skill", range(3, 21))
def test_odds_for_skills_3_to_20_match_the_216_outcomes(skill: int) -> None:
    counts = {result: 0 for result in Result}
    for total in ROLLS:
        counts[by_the_book(skill, total)] += 1
    odds = roll_odds(skill)
    assert odds.critical_success == Fraction(counts[Result.CRITICAL_SUCCESS], 216)
    assert odds.critical_failure == Fraction(counts[Result.CRITICAL_FAILURE], 216)
    wins = counts[Result.SUCCESS] + counts[Result.CRITICAL_SUCCESS]
    assert odds.success == Fraction(wins, 216)
    assert odds.failure == Fraction(216 - wins, 216)
    # the margins: one per total, skill minus roll, each with its count
    margins = {margin: p for margin, p, _ in odds.margins}
    for margin in margins:
        assert margins[margin] == Fraction(ROLLS.count(skill - margin), 216)
    assert sum(margins.values()) == 1
    for margin, _, result in odds.margins:
        assert result is by_the_book(skill, skill - margin)
    for at_least in range(-20, 20):
        expected = sum(
            1
            for t in ROLLS
            if skill - t >= at_least
            and by_the_book(skill, t) in (Result.SUCCESS, Result.CRITICAL_SUCCESS)
        )
        assert odds.margin_at_least(at_least) == Fraction(expected, 216)


# The Basic Set's table: effective skill -> (critical success totals, critical failure totals)
TABLE = {
    3: ((3, 4), range(13, 19)),
    4: ((3, 4), range(14, 19)),
    5: ((3, 4), range(15, 19)),
    6: ((3, 4), range(16, 19)),
    **{skill: ((3, 4), (17, 18)) for skill in range(7, 15)},
    15: ((3, 4, 5), (17, 18)),
    **{skill: ((3, 4, 5, 6), (18,)) for skill in range(16, 21)},
}


@pytest.mark.parametrize("skill", range(3, 21))
def test_critical_ranges_are_the_basic_sets_table(skill: int) -> None:
    successes, failures = TABLE[skill]
    odds = roll_odds(skill)
    got_success = tuple(skill - m for m, _, r in odds.margins if r is Result.CRITICAL_SUCCESS)
    got_failure = tuple(skill - m for m, _, r in odds.margins if r is Result.CRITICAL_FAILURE)
    assert got_success == tuple(successes)
    assert got_failure == tuple(failures)


def test_hand_worked_figures() -> None:
    assert roll_odds(10).success == Fraction(1, 2)
    assert roll_odds(16).success == Fraction(212, 216)  # only 17 and 18 fail
    assert roll_odds(20).success == Fraction(212, 216)  # still only 17 and 18 fail
    assert roll_odds(3).success == Fraction(4, 216)  # only a 3 or a 4
    assert roll_odds(3).critical_failure == Fraction(56, 216)  # 13 to 18
    assert roll_odds(15).critical_success == Fraction(10, 216)
    assert roll_odds(16).critical_success == Fraction(20, 216)


# --- effective skill ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "modifiers"),
    [
        ("", ()),
        ("   ", ()),
        ("-2", (-2,)),
        ("−2 +1", (-2, 1)),
        ("+3, -1", (3, -1)),
        ("3", (3,)),
        ("-2+1", (-2, 1)),
        ("+0", (0,)),
        ("– 4", (-4,)),
    ],
)
def test_modifiers_as_typed(text: str, modifiers: tuple[int, ...]) -> None:
    assert read_modifiers(text) == modifiers


@pytest.mark.parametrize(
    "text",
    ["two", "--2", "+", "-2 x", "٣", "+２", "1.5", "-1000", "+100", "+1 " * 13, "x" * 200],
)
def test_modifiers_that_are_not_modifiers_are_refused(text: str) -> None:
    with pytest.raises(RulesError):
        read_modifiers(text)


def test_effective_skill_sums_and_says_so() -> None:
    level = effective_skill(12, (-2, 1))
    assert level.value == 11
    assert [s.english() for s in level.steps] == ["skill 12, modifiers −2 +1: effective skill 11"]
    assert effective_skill(12).steps[0].english() == "skill 12, no modifiers"
    assert modifiers_text((0, -3, 4)) == "+0 −3 +4"
    with pytest.raises(RulesError, match="must be"):
        effective_skill(99, (5,))
    with pytest.raises(RulesError):
        effective_skill(True, ())  # type: ignore[arg-type]
    with pytest.raises(RulesError):
        effective_skill(10, (True,))  # type: ignore[arg-type]


@given(st.lists(st.integers(-99, 99), max_size=12))
def test_modifiers_written_back_read_the_same(modifiers: list[int]) -> None:
    assert read_modifiers(modifiers_text(modifiers)) == tuple(modifiers)


# --- the Tests screen's rolls -------------------------------------------------------------


def test_a_success_roll_names_the_skill_and_keeps_the_margin() -> None:
    title, roll = roll_for(Roller("Stealth", 12, (-2,)), ScriptedDice([2, 3, 4]))
    assert title.english() == "Stealth (effective 10): success by 1"
    assert [s.english() for s in roll.steps] == [
        "skill 12, modifiers −2: effective skill 10",
        "3d6: 2, 3, 4 = 9",
        "rolled 9 against Stealth 10: success, margin +1",
    ]


def test_a_typed_in_critical_failure() -> None:
    title, roll = roll_for(Roller("", 5), 15)
    assert roll.result is Result.CRITICAL_FAILURE and roll.margin == -10
    assert title.english() == "Success roll (effective 5): critical failure by 10"
    assert roll.steps[-1].english() == (
        "a roll 10 or more above the effective skill is a critical failure"
    )


def test_a_6_at_effective_16_is_critical_even_after_modifiers() -> None:
    title, roll = roll_for(Roller("Broadsword", 18, (-2,)), 6)
    assert roll.result is Result.CRITICAL_SUCCESS
    assert title.english() == "Broadsword (effective 16): critical success by 10"
    title, roll = roll_for(Roller("Broadsword", 18, (-3,)), 6)
    assert roll.result is Result.SUCCESS


def test_a_quick_contest_with_modifiers() -> None:
    title, fight = contest_for(Roller("Ana", 14, (-1,)), Roller("Ogre", 11, (2,)), 9, 12)
    assert title.english() == "Quick Contest: Ana wins by 3"  # +4 against +1
    assert [s.english() for s in fight.steps][:2] == [
        "Ana: skill 14, modifiers −1: effective skill 13",
        "Ogre: skill 11, modifiers +2: effective skill 13",
    ]
    title, fight = contest_for(Roller("", 10), Roller("", 12), 12, 14)
    assert title.english() == "Quick Contest: a tie"
    title, _ = contest_for(Roller("", 10), Roller("", 12), ScriptedDice([6, 6, 6, 1, 1, 1]), 0 + 3)
    assert title.english() == "Quick Contest: side B wins by 17"


def test_contest_odds_with_effective_skills_sum_to_one() -> None:
    a, b = Roller("A", 14, (-1,)), Roller("B", 11, (2,))
    odds = contest_odds(a.level, b.level)
    assert odds.a_wins + odds.b_wins + odds.tie == 1
    assert odds.a_wins == odds.b_wins  # both at 13


# --- stored form -----------------------------------------------------------------------


def test_the_form_round_trips() -> None:
    form = GurpsTestsForm(Mode.CONTEST, Roller("Plížení", 13, (-2, 1)), Roller("Ana", 9), Roller())
    assert decode(GURPS_TESTS, encode(GURPS_TESTS, form.to_json())) == form
    assert GurpsTestsForm.from_json({}) == GurpsTestsForm()


@pytest.mark.parametrize(
    "data",
    [
        [],
        {"mode": "duel"},
        {"extra": 1},
        {"roll": {"skill": True}},
        {"roll": {"skill": 100}},
        {"roll": {"skill": "12"}},
        {"roll": {"skill": 12, "modifiers": [1.5]}},
        {"roll": {"skill": 12, "modifiers": [True]}},
        {"roll": {"skill": 12, "modifiers": [100]}},
        {"roll": {"skill": 12, "modifiers": [1] * 13}},
        {"roll": {"skill": 99, "modifiers": [99]}},  # each in range, the sum not
        {"a": {"name": "x" * 81}},
        {"b": {"name": 5}},
        {"a": {"skill": 10, "colour": "red"}},
    ],
)
def test_a_crafted_stored_form_is_refused_with_a_named_field(data: object) -> None:
    with pytest.raises(StoredDataError):
        GurpsTestsForm.from_json(data)
    text = encode(GURPS_TESTS, data)  # a valid envelope around it
    with pytest.raises(StoredDataError):
        decode(GURPS_TESTS, text)


def test_a_form_cannot_hold_what_it_could_not_load() -> None:
    with pytest.raises(RulesError):
        Roller("x", 99, (99,))
    with pytest.raises(RulesError):
        GurpsTestsForm().with_roller("c", Roller())


def test_a_logged_headline_says_which_result_it_was_for_a_reload() -> None:
    from omen.gurps.tests import SAID, said

    for total in range(3, 19):
        title, roll = roll_for(Roller("Tracking", 12), total)
        assert title.key in SAID and said(title) == (Mode.ROLL, roll.result)
        for other in (3, 10, 18):
            title, _ = contest_for(Roller("Ana", 12), Roller("Ogre", 11), total, other)
            assert title.key in SAID and said(title) == (Mode.CONTEST, None)
    assert said(Step("Turn {turn} begins.", {"turn": 2})) is None


# --- effective skill below 3 (Basic Set p. B344) ------------------------------------------


@pytest.mark.parametrize("level", range(-5, 3))
def test_below_effective_skill_3_a_success_roll_is_refused_with_the_reason(level: int) -> None:
    roller = Roller("Climbing", 3, (level - 3,))
    assert roller.level == level
    for total in range(3, 19):  # whatever the dice would show: no roll is made
        with pytest.raises(RulesError) as refused:
            roll_for(roller, total)
        said = refused.value.message.english()
        assert f"Effective skill {level} is below 3" in said
        assert "p. B344" in said and "except a defence roll" in said


@pytest.mark.parametrize("level", range(-5, 3))
def test_below_effective_skill_3_a_defence_roll_is_rolled_as_usual(level: int) -> None:
    """As a defence roll, every one of the 216 falls of the dice: a 3 or 4 succeeds
    (critically), anything else fails, and the criticals are the book's."""
    roller = Roller("Dodge", 3, (level - 3,), defence=True)
    results = {result: 0 for result in Result}
    for dice in itertools.product(FACES, FACES, FACES):
        _title, rolled = roll_for(roller, ScriptedDice(list(dice)))
        assert rolled.result is by_the_book(level, sum(dice))
        assert rolled.margin == level - sum(dice)
        results[rolled.result] += 1
        assert "A defence roll: allowed below effective skill 3" in rolled.steps[1].english()
    assert results[Result.CRITICAL_SUCCESS] == 4  # 3 (1 way) and 4 (3 ways)
    assert results[Result.SUCCESS] == 0
    assert Fraction(results[Result.CRITICAL_SUCCESS], 216) == roll_odds(level).success


@pytest.mark.parametrize("defence", [False, True])
def test_at_effective_skill_3_or_more_any_roll_is_made(defence: bool) -> None:
    title, rolled = roll_for(Roller("Climbing", 3, defence=defence), 4)
    assert rolled.succeeded and title.english() == "Climbing (effective 3): critical success on a 4"
    assert not any("defence roll" in step.english() for step in rolled.steps)


@pytest.mark.parametrize("level", range(3, 26))
def test_a_headline_never_gives_a_margin_against_its_result(level: int) -> None:
    """Every total at every skill: a success "by" a margin has a margin of 0 or more and a
    failure "by" one less than 0; where the book's 3-4 and 17-18 run against the margin,
    the headline says the roll instead (an audit saw "failure by 3" for a 17 at skill 20)."""
    for total in range(3, 19):
        title, rolled = roll_for(Roller("Climb", level), total)
        said = title.english()
        if " by " in said:
            assert (rolled.margin >= 0) == rolled.succeeded
            assert said.endswith(f" by {abs(rolled.margin)}")
        else:
            assert (rolled.margin >= 0) != rolled.succeeded
            assert said.endswith(f" on a {total}")
        assert headline_said(title) == (Mode.ROLL, rolled.result)


def test_a_contest_a_critical_decides_names_the_winner_without_a_margin() -> None:
    title, decided = contest_for(Roller("A", 2), Roller("B", 20), 4, 17)
    assert decided.winner is Winner.A
    assert title.english() == "Quick Contest: A wins"
    assert headline_said(title) == (Mode.CONTEST, None)


def test_a_quick_contest_below_3_is_rolled_as_before() -> None:
    title, decided = contest_for(Roller("Ana", 2), Roller("Ogre", -1), 4, 3)
    assert decided.a.succeeded and decided.b.succeeded
    # both succeed on their 3 or 4; the margins (2 − 4 = −2, −1 − 3 = −4) decide
    assert title.english() == "Quick Contest: Ana wins by 2"


def test_the_defence_mark_is_kept_and_a_damaged_one_refused() -> None:
    form = GurpsTestsForm(roll=Roller("Dodge", 2, defence=True))
    assert GurpsTestsForm.from_json(form.to_json()) == form
    assert "defence" not in Roller("Dodge", 2).to_json()
    with pytest.raises(StoredDataError):
        GurpsTestsForm.from_json({"roll": {"skill": 2, "defence": "yes"}})

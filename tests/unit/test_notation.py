"""Dice notation: parsing, printing, rolling with steps, errors, limits and exact odds."""

from __future__ import annotations

import sys
from collections.abc import Callable
from fractions import Fraction
from types import FrameType
from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from omen.core import notation
from omen.core.dice import ScriptedDice, SeededDice
from omen.core.errors import LimitError, NotationError, ScriptExhausted
from omen.core.notation import (
    MAX_DEPTH,
    BinOp,
    DiceTerm,
    Expr,
    Negate,
    Number,
    bounds,
    distribution,
    mean,
    parse,
    roll,
)

# --- golden parses ------------------------------------------------------------------

GOLDEN_TREES = [
    ("2d6×10", BinOp("×", DiceTerm(2, 6, "2d6"), Number(10))),
    ("4d6x10", BinOp("×", DiceTerm(4, 6, "4d6"), Number(10))),
    ("4d6X10", BinOp("×", DiceTerm(4, 6, "4d6"), Number(10))),
    ("3d6*2", BinOp("×", DiceTerm(3, 6, "3d6"), Number(2))),
    ("3d×5", BinOp("×", DiceTerm(3, 6, "3d"), Number(5))),
    ("4d-1", BinOp("-", DiceTerm(4, 6, "4d"), Number(1))),
    ("1d4×10", BinOp("×", DiceTerm(1, 4, "1d4"), Number(10))),
    ("6d", DiceTerm(6, 6, "6d")),
    ("d%", DiceTerm(1, 100, "d%")),
    ("d100", DiceTerm(1, 100, "d100")),
    ("d66", DiceTerm(1, 66, "d66")),
    ("2D6", DiceTerm(2, 6, "2D6")),
    ("2d6+1", BinOp("+", DiceTerm(2, 6, "2d6"), Number(1))),
    (" 2d6 + 1 ", BinOp("+", DiceTerm(2, 6, "2d6"), Number(1))),
    ("(2d6+1)×10", BinOp("×", BinOp("+", DiceTerm(2, 6, "2d6"), Number(1)), Number(10))),
    ("2×(d6+1)", BinOp("×", Number(2), BinOp("+", DiceTerm(1, 6, "d6"), Number(1)))),
    ("((3))", Number(3)),
    ("-d6", Negate(DiceTerm(1, 6, "d6"))),
    # left-associative: d6-d4-1 is (d6-d4)-1
    ("d6-d4-1", BinOp("-", BinOp("-", DiceTerm(1, 6, "d6"), DiceTerm(1, 4, "d4")), Number(1))),
    # × binds tighter than +
    ("1+2×3", BinOp("+", Number(1), BinOp("×", Number(2), Number(3)))),
]


@pytest.mark.parametrize(("text", "tree"), GOLDEN_TREES)
def test_golden_parse(text: str, tree: Expr) -> None:
    assert parse(text) == tree


PRINTED = [
    ("2d6×10", "2d6×10"),
    ("4d6x10", "4d6×10"),
    ("3d6*2", "3d6×2"),
    ("3d×5", "3d×5"),
    ("4d-1", "4d-1"),
    ("1d4×10", "1d4×10"),
    ("6d", "6d"),
    ("d%", "d%"),
    ("d66", "d66"),
    ("2d6+1", "2d6+1"),
    ("2d6 + 1", "2d6+1"),
    ("(2d6+1)×10", "(2d6+1)×10"),
    ("2×(d6+1)", "2×(d6+1)"),
    ("d6-(d4+1)", "d6-(d4+1)"),
    ("d6-(d4-1)", "d6-(d4-1)"),
    ("(d6-1)×-2", "(d6-1)×-2"),
    ("-(d6+1)", "-(d6+1)"),
    ("((3))", "3"),
    ("(d6)", "d6"),
]


@pytest.mark.parametrize(("text", "printed"), PRINTED)
def test_str_prints_the_canonical_form_and_reads_back(text: str, printed: str) -> None:
    tree = parse(text)
    assert str(tree) == printed
    assert parse(printed) == tree
    assert str(parse(printed)) == printed


def test_a_tree_built_by_hand_prints_count_and_sides() -> None:
    assert str(DiceTerm(3, 6)) == "3d6"
    assert str(DiceTerm(1, 8)) == "d8"
    assert str(BinOp("-", Number(10), BinOp("-", Number(3), Number(1)))) == "10-(3-1)"
    assert str(BinOp("×", BinOp("+", Number(1), Number(2)), Number(3))) == "(1+2)×3"


# --- rolling: values and the English steps ------------------------------------------

ROLLS = [
    ("2d6×10", [3, 4], 70, ["2d6: 3, 4 = 7", "7×10 = 70"]),
    ("4d6x10", [1, 2, 3, 4], 100, ["4d6: 1, 2, 3, 4 = 10", "10×10 = 100"]),
    ("3d×5", [6, 6, 6], 90, ["3d: 6, 6, 6 = 18", "18×5 = 90"]),
    ("4d-1", [1, 1, 1, 1], 3, ["4d: 1, 1, 1, 1 = 4", "4-1 = 3"]),
    ("1d4×10", [4], 40, ["1d4: 4", "4×10 = 40"]),
    ("6d", [1, 2, 3, 4, 5, 6], 21, ["6d: 1, 2, 3, 4, 5, 6 = 21"]),
    ("d%", [57], 57, ["d%: 57"]),
    ("d%", [100], 100, ["d%: 100"]),
    ("d66", [3, 5], 35, ["d66: 3 and 5 read as 35"]),
    ("d66", [6, 1], 61, ["d66: 6 and 1 read as 61"]),
    (
        "2d66",
        [1, 2, 6, 6],
        78,
        ["2d66: 1 and 2 read as 12", "2d66: 6 and 6 read as 66", "78 = 78"],
    ),
    ("2d6+1", [6, 5], 12, ["2d6: 6, 5 = 11", "11+1 = 12"]),
    ("(2d6+1)×10", [2, 3], 60, ["2d6: 2, 3 = 5", "(5+1)×10 = 60"]),
    ("2×(d6+1)", [4], 10, ["d6: 4", "2×(4+1) = 10"]),
    ("-d6", [2], -2, ["d6: 2", "-2 = -2"]),
    ("(d6-1)×-2", [3], -4, ["d6: 3", "(3-1)×-2 = -4"]),
    ("d6-d4-1", [5, 2], 2, ["d6: 5", "d4: 2", "5-2-1 = 2"]),
]


@pytest.mark.parametrize(("text", "faces", "value", "steps"), ROLLS)
def test_golden_rolls(text: str, faces: list[int], value: int, steps: list[str]) -> None:
    dice = ScriptedDice(faces)
    result = roll(text, dice)
    assert result.value == value
    assert [step.english() for step in result.steps] == steps
    assert dice.remaining == 0  # exactly as many dice as the expression needs


def test_roll_line_joins_steps_and_value() -> None:
    assert roll("2d6x10", ScriptedDice([3, 4])).english() == "2d6: 3, 4 = 7; 7×10 = 70 → 70"


def test_roll_accepts_a_parsed_tree() -> None:
    assert roll(parse("4d-1"), ScriptedDice([6, 6, 6, 6])).value == 23


def test_roll_asks_for_more_typed_dice() -> None:
    with pytest.raises(ScriptExhausted) as caught:
        roll("2d6", ScriptedDice([3]))
    assert str(caught.value) == "More dice are needed: type one more d6."


# The calculation step shows the rolled totals in place of the dice. When the
# expression subtracts or negates a bracketed sum, the brackets are lost, so the
# shown sum reads as a different number from the value it claims to equal.
@pytest.mark.parametrize(
    ("text", "faces", "calculation"),
    [
        ("d6-(d4+1)", [2, 3], "2-(3+1) = -2"),
        ("2-(3-1)", [], "2-(3-1) = 0"),
        ("-(d6+1)", [3], "-(3+1) = -4"),
    ],
)
def test_the_shown_calculation_keeps_its_brackets(
    text: str, faces: list[int], calculation: str
) -> None:
    assert roll(text, ScriptedDice(faces)).steps[-1].english() == calculation


# --- bad input ----------------------------------------------------------------------

BAD = [
    # (text, 1-based position, what was expected there)
    ("3d!", 3, "the number of sides after 'd'"),
    ("2dd6", 3, "the number of sides after 'd'"),
    ("", 1, "a number or a die such as d6"),
    ("   ", 4, "a number or a die such as d6"),
    ("abc", 1, "a number or a die such as d6"),
    ("+3", 1, "a number or a die such as d6"),
    ("2d6+", 5, "a number or a die such as d6"),
    ("3d6-", 5, "a number or a die such as d6"),
    ("2d6×", 5, "a number or a die such as d6"),
    ("d6x", 4, "a number or a die such as d6"),
    ("2d6++1", 5, "a number or a die such as d6"),
    ("()", 2, "a number or a die such as d6"),
    ("(2d6", 5, "a closing bracket"),
    ("((2d6+1)×3", 11, "a closing bracket"),
    ("2d6)", 4, "'+', '-', '×' or the end"),
    ("2d6 7", 5, "'+', '-', '×' or the end"),
    ("d%%", 3, "'+', '-', '×' or the end"),
    ("0d6", 1, "at least one die"),
    ("d1", 2, "a die with at least 2 sides"),
    ("3d0", 3, "a die with at least 2 sides"),
]


@pytest.mark.parametrize(("text", "position", "expected"), BAD)
def test_bad_input_says_where_and_what(text: str, position: int, expected: str) -> None:
    with pytest.raises(NotationError) as caught:
        parse(text)
    error = caught.value
    assert error.position == position
    assert error.text == text
    assert error.expected.english() == expected
    assert str(error) == f"expected {expected} at position {position} in '{text}'"
    assert error.message.english() == str(error)


def test_the_documented_example_message() -> None:
    with pytest.raises(NotationError) as caught:
        parse("3d!")
    assert str(caught.value) == "expected the number of sides after 'd' at position 3 in '3d!'"


# --- limits -----------------------------------------------------------------------

LIMITS = [
    ("101d6", "At most 100 dice can be rolled at once."),
    ("50d6+51d6", "At most 100 dice can be rolled at once."),
    ("d1001", "A die may have at most 1000 sides."),
    ("1" * 201, "A dice expression may be at most 200 characters."),
    ("d6+" * 66 + "d66", "A dice expression may be at most 200 characters."),
    ("1000001", "Numbers above 1000000 are not allowed."),
    ("9" * 200, "Numbers above 1000000 are not allowed."),
    ("(" * 25 + "1" + ")" * 25, "Too many brackets: at most 20 levels."),
]


def lines_run(call: Callable[[], object]) -> int:
    """How many lines of omen/core/notation.py ``call()`` runs: its work, counted, not timed
    (the same on every machine; bench/odds.py has the times)."""
    count = 0

    def trace(frame: FrameType, event: str, _arg: Any) -> Any:
        nonlocal count
        if frame.f_code.co_filename != notation.__file__:
            return None
        if event == "line":
            count += 1
        return trace

    before = sys.gettrace()
    sys.settrace(trace)
    try:
        call()
    finally:
        sys.settrace(before)
    return count


def refusal(text: str) -> LimitError:
    with pytest.raises(LimitError) as caught:
        parse(text)
    return caught.value


@pytest.mark.parametrize(("text", "message"), LIMITS)
def test_limits_are_refused_having_read_the_text_at_most_once(text: str, message: str) -> None:
    # A refusal reads the text once at most (a few lines of the parser per character),
    # with a little fixed work around it: nothing is worked out before it is refused.
    assert str(refusal(text)) == message
    assert lines_run(lambda: refusal(text)) <= 100 + 8 * len(text)


@pytest.mark.parametrize(
    "text", ["1" * 100_000, "(" * 50_000, "d6+" * 40_000], ids=["digits", "brackets", "terms"]
)
def test_a_text_past_the_length_limit_is_refused_before_it_is_read(text: str) -> None:
    assert str(refusal(text)) == "A dice expression may be at most 200 characters."
    assert lines_run(lambda: refusal(text)) <= 10


def test_the_largest_allowed_values_parse() -> None:
    assert parse("100d6") == DiceTerm(100, 6, "100d6")
    assert parse("d1000") == DiceTerm(1, 1000, "d1000")
    assert parse("1000000") == Number(1_000_000)
    assert parse("(" * (MAX_DEPTH - 1) + "1" + ")" * (MAX_DEPTH - 1)) == Number(1)


def test_twenty_levels_of_brackets_are_allowed() -> None:
    assert parse("(" * MAX_DEPTH + "1" + ")" * MAX_DEPTH) == Number(1)


def test_too_many_totals_for_exact_odds_is_refused_before_any_work() -> None:
    # 100d1000 has 99 901 totals, past MAX_OUTCOMES: refused before a step is counted.
    work = notation.Work()
    with pytest.raises(LimitError) as caught:
        distribution("100d1000", work)
    assert str(caught.value) == "Too many possible totals to work out the odds exactly."
    assert work.done == 0


def _odds_or_refusal(text: str) -> None:
    # The work is counted, not timed: the counter refuses before the work is done, and
    # bench/odds.py measures what a counted step costs (a full budget is well under 0.1 s).
    work = notation.Work()
    try:
        result = distribution(text, work)
    except LimitError as error:
        assert str(error) == "Too many possible totals to work out the odds exactly."
        assert work.done <= notation.MAX_WORK
        return
    assert 0 < work.done <= notation.MAX_WORK
    assert sum(result.values()) == 1


@pytest.mark.parametrize("text", ["d1000×d1000", "10d1000", "2d1000", "100d6", "d1000+d100+d100"])
def test_odds_are_quick_or_refused(text: str) -> None:
    _odds_or_refusal(text)


# Every expression parse() accepts should get its odds worked out or be refused with
# a LimitError without freezing the page. MAX_PAIRS bounds one combination of two
# distributions, but not the sum over the one-die-at-a-time convolution: on CPython
# 20d100 takes about 6 s, 100d20 about 8 s, and 40d100 works for about 7 s before it
# is refused. Pyodide is slower still.
@pytest.mark.parametrize("text", ["20d100", "100d20", "40d100"])
def test_odds_of_many_dice_are_quick_or_refused(text: str) -> None:
    _odds_or_refusal(text)


# --- exact distributions ------------------------------------------------------------


def test_two_d6_distribution() -> None:
    # Of the 36 ordered pairs, 6 - |s - 7| sum to s (one way to make 2, six to make 7).
    expected = {s: Fraction(6 - abs(s - 7), 36) for s in range(2, 13)}
    assert distribution("2d6") == expected


def test_three_d6_ten() -> None:
    # Triples summing to 10: (1,3,6)×6, (1,4,5)×6, (2,2,6)×3, (2,3,5)×6, (2,4,4)×3,
    # (3,3,4)×3 = 27 of 216 ordered rolls.
    odds = distribution("3d6")
    assert odds[10] == Fraction(27, 216)
    assert odds[3] == odds[18] == Fraction(1, 216)
    assert sum(odds.values()) == 1


def test_d66_is_uniform_over_its_36_readings() -> None:
    odds = distribution("d66")
    assert sorted(odds) == [10 * t + u for t in range(1, 7) for u in range(1, 7)]
    assert set(odds.values()) == {Fraction(1, 36)}
    assert 17 not in odds and 60 not in odds
    assert bounds("d66") == (11, 66)
    # mean of the tens digit 3.5, of the units 3.5: 35 + 3.5
    assert mean("d66") == Fraction(77, 2)


def test_percentile_dice() -> None:
    odds = distribution("d%")
    assert odds == distribution("d100")
    assert len(odds) == 100 and odds[1] == odds[100] == Fraction(1, 100)


def test_one_d4_times_ten() -> None:
    assert distribution("1d4×10") == {v: Fraction(1, 4) for v in (10, 20, 30, 40)}
    assert mean("1d4×10") == 25


def test_four_d_minus_one() -> None:
    # GURPS 4d-1: four d6 (4..24) less one, so 3..23; the mean is 4 × 3.5 - 1 = 13.
    odds = distribution("4d-1")
    assert bounds("4d-1") == (3, 23)
    assert (min(odds), max(odds)) == (3, 23)
    assert odds[3] == odds[23] == Fraction(1, 6**4)
    assert mean("4d-1") == 13


def test_multipliers_and_negation() -> None:
    assert mean("2d6×10") == 70
    assert bounds("3d×5") == (15, 90)
    assert mean("3d×5") == Fraction(105, 2)
    assert distribution("-d4") == {-v: Fraction(1, 4) for v in range(1, 5)}
    assert bounds("d6-(d4+1)") == (-4, 4)
    assert bounds("(d6-4)×(d6-4)") == (-6, 9)
    assert distribution("7") == {7: Fraction(1)}


# --- properties over random small expressions ---------------------------------------

SIDES = st.sampled_from([2, 3, 4, 6, 66])
LEAVES: st.SearchStrategy[Expr] = st.one_of(
    st.builds(Number, st.integers(0, 12)),
    st.builds(DiceTerm, st.integers(1, 3), SIDES),
)


def _extend(children: st.SearchStrategy[Expr]) -> st.SearchStrategy[Expr]:
    return st.one_of(
        st.builds(Negate, children),
        st.builds(BinOp, st.sampled_from(["+", "-", "×"]), children, children),
    )


EXPRESSIONS = st.recursive(LEAVES, _extend, max_leaves=4)


@settings(max_examples=150, deadline=None)
@given(EXPRESSIONS, st.integers(0, 2**32))
def test_random_expressions_are_consistent(tree: Expr, seed: int) -> None:
    text = str(tree)
    parsed = parse(text)
    assert str(parsed) == text  # printing is stable
    try:
        odds = distribution(parsed)
    except LimitError:
        assume(False)  # refused as too big to work out: fine, and nothing to compare
    assert odds == distribution(tree)  # printing keeps the meaning
    assert sum(odds.values()) == 1
    assert all(p > 0 for p in odds.values())
    low, high = bounds(parsed)
    assert low <= min(odds) and max(odds) <= high
    for offset in range(3):
        value = roll(parsed, SeededDice(seed + offset)).value
        assert low <= value <= high
        assert odds.get(value, 0) > 0


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 4), st.sampled_from([2, 4, 6, 8, 10, 12, 20, 66, 100]))
def test_bounds_are_exact_for_plain_dice(count: int, sides: int) -> None:
    text = f"{count}d{sides}"
    odds = distribution(text)
    assert bounds(text) == (min(odds), max(odds))


# --- Czech dice: "k" (kostka) where English writes "d" -------------------------------

CZECH = [
    ("2k6", "2d6"),
    ("k20", "d20"),
    ("3k6+1", "3d6+1"),
    ("2K6×10", "2d6×10"),
    ("4k6x10", "4d6x10"),
    ("3k", "3d"),
    ("4k-1", "4d-1"),
    ("k%", "d%"),
    ("k66", "d66"),
    ("(2k6+1)×10", "(2d6+1)×10"),
    ("k6-k4-1", "d6-d4-1"),
]


@pytest.mark.parametrize(("czech", "english"), CZECH)
def test_czech_dice_read_as_the_english_ones(czech: str, english: str) -> None:
    tree = parse(czech)
    assert str(tree) == czech.replace("x", "×")  # printed as the user typed it
    assert distribution(tree) == distribution(english)
    assert bounds(tree) == bounds(english)
    assert roll(tree, SeededDice(7)).value == roll(english, SeededDice(7)).value


def test_a_czech_roll_names_the_dice_as_typed() -> None:
    result = roll("2k6+1", ScriptedDice([2, 5]))
    assert result.value == 8
    assert [step.english() for step in result.steps] == ["2k6: 2, 5 = 7", "7+1 = 8"]


@pytest.mark.parametrize(
    ("text", "position", "expected"),
    [
        ("3k!", 3, "the number of sides after 'd'"),
        ("0k6", 1, "at least one die"),
        ("k1", 2, "a die with at least 2 sides"),
        ("2k6 krys", 5, "'+', '-', '×' or the end"),
    ],
)
def test_bad_czech_dice_say_where_and_what(text: str, position: int, expected: str) -> None:
    with pytest.raises(NotationError) as caught:
        parse(text)
    assert caught.value.position == position
    assert caught.value.expected.english() == expected


def _czech(text: str) -> str:
    return text.replace("d", "k")


@settings(max_examples=100, deadline=None)
@given(EXPRESSIONS, st.integers(0, 2**32))
def test_random_czech_expressions_round_trip(tree: Expr, seed: int) -> None:
    text = _czech(str(tree))
    parsed = parse(text)
    assert str(parsed) == text  # a Czech expression prints back as typed
    assert parse(str(parsed)) == parsed
    assert bounds(parsed) == bounds(tree)
    try:
        odds = distribution(parsed)
    except LimitError:
        assume(False)
    assert odds == distribution(tree)  # "k" means exactly what "d" means
    assert roll(parsed, SeededDice(seed)).value == roll(tree, SeededDice(seed)).value

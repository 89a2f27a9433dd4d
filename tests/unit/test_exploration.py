"""Exploration turn, Encounter Die and Tension Die: golden traces and exact odds."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from omen.campaign.exploration import (
    MAX_MINUTES,
    EncounterDieOdds,
    EncounterKind,
    TensionSettings,
    TurnClock,
    elapsed_text,
    encounter_die,
    tension_die,
    tension_odds,
)
from omen.core.dice import ScriptedDice
from omen.core.errors import RulesError

ONCE = TensionSettings()
CHAIN = TensionSettings(keep_exploding=True)

# --- Encounter Die ------------------------------------------------------------------

ENCOUNTER_FACES = [
    (1, EncounterKind.ENCOUNTER, "An encounter happens now."),
    (2, EncounterKind.SIGN, "A sign, omen or clue."),
    (3, EncounterKind.SIGN, "A sign, omen or clue."),
    (4, EncounterKind.NOTHING, "Nothing happens."),
    (5, EncounterKind.NOTHING, "Nothing happens."),
    (6, EncounterKind.NOTHING, "Nothing happens."),
]


@pytest.mark.parametrize(("face", "kind", "meaning"), ENCOUNTER_FACES)
def test_encounter_die_faces(face: int, kind: EncounterKind, meaning: str) -> None:
    dice = ScriptedDice([face])
    result = encounter_die(dice)
    assert (result.face, result.kind) == (face, kind)
    assert [s.english() for s in result.steps] == [
        f"rolled {face}",
        f"{face} on the Encounter Die: {meaning}",
    ]
    assert dice.remaining == 0


def test_encounter_die_odds() -> None:
    odds = EncounterDieOdds()
    # One face of six is an encounter; two of six are a sign.
    assert odds.next_check == Fraction(1, 6)
    assert odds.sign_next_check == Fraction(1, 3)
    # No encounter in three checks: (5/6)^3 = 125/216, so at least one is 91/216.
    assert odds.within_three == Fraction(91, 216)


# --- Tension Die golden traces ------------------------------------------------------


def test_no_six() -> None:
    dice = ScriptedDice([4, 6])
    result = tension_die(20, ONCE, dice)
    assert result.faces == (4,)
    assert (result.pool_before, result.pool_after, result.triggered) == (20, 16, False)
    assert result.decrement == 4
    assert [s.english() for s in result.steps] == ["rolled 4", "pool 20 → 16"]
    assert dice.remaining == 1  # the 6 after it was never rolled


def test_six_explodes_once() -> None:
    result = tension_die(20, ONCE, ScriptedDice([6, 3]))
    assert result.faces == (6, 3)
    assert result.pool_after == 11
    assert [s.english() for s in result.steps] == [
        "rolled 6",
        "6 explodes: rolled 3",
        "pool 20 → 11",
    ]


def test_six_six_stops_after_one_extra_die_by_default() -> None:
    dice = ScriptedDice([6, 6, 2])
    result = tension_die(20, ONCE, dice)
    assert result.faces == (6, 6)
    assert result.pool_after == 8
    assert [s.english() for s in result.steps] == [
        "rolled 6",
        "6 explodes: rolled 6",
        "pool 20 → 8",
    ]
    assert dice.remaining == 1


def test_keep_exploding_chains_every_six() -> None:
    dice = ScriptedDice([6, 6, 6, 2, 5])
    result = tension_die(30, CHAIN, dice)
    assert result.faces == (6, 6, 6, 2)
    assert result.decrement == 20
    assert result.pool_after == 10
    assert [s.english() for s in result.steps] == [
        "rolled 6",
        "6 explodes: rolled 6",
        "6 explodes: rolled 6",
        "6 explodes: rolled 2",
        "pool 30 → 10",
    ]
    assert dice.remaining == 1


def test_trigger_at_exactly_zero_resets_to_start() -> None:
    result = tension_die(4, ONCE, ScriptedDice([4]))
    assert result.triggered
    assert result.pool_after == 20
    assert [s.english() for s in result.steps] == [
        "rolled 4",
        "pool 4 → 0",
        "The pool is spent: an encounter happens, and the pool resets to 20.",
    ]


def test_overshoot_below_zero_also_triggers_and_resets_to_the_setting() -> None:
    result = tension_die(3, TensionSettings(start=12), ScriptedDice([6, 5]))
    assert result.triggered
    assert (result.pool_before, result.pool_after, result.decrement) == (3, 12, 11)
    assert [s.english() for s in result.steps] == [
        "rolled 6",
        "6 explodes: rolled 5",
        "pool 3 → -8",
        "The pool is spent: an encounter happens, and the pool resets to 12.",
    ]


def test_one_point_left_stays_above_zero() -> None:
    result = tension_die(5, ONCE, ScriptedDice([4]))
    assert not result.triggered
    assert result.pool_after == 1


@pytest.mark.parametrize("start", [0, -5, 201])
def test_starting_pool_outside_1_to_200_is_refused(start: int) -> None:
    with pytest.raises(RulesError) as caught:
        TensionSettings(start=start)
    assert str(caught.value) == "The starting pool must be between 1 and 200 points."


def test_starting_pool_limits_are_allowed() -> None:
    assert TensionSettings(start=1).start == 1
    assert TensionSettings(start=200).start == 200


# --- Tension Die odds ---------------------------------------------------------------

# Chance that one check empties a pool of p points = P(decrement >= p).
# Exploding once, the decrement is 1..5 (1/6 each) or 6 + (1..6) = 7..12 (1/36 each);
# 6 itself is impossible. So P(>= p) is (7 - p)/6 for p = 1..5, 6/36 for p = 6 and 7,
# then (13 - p)/36 for p = 7..12 and 0 from 13.
NEXT_CHECK_ONCE = {
    1: Fraction(1),
    2: Fraction(5, 6),
    3: Fraction(4, 6),
    4: Fraction(3, 6),
    5: Fraction(2, 6),
    6: Fraction(6, 36),
    7: Fraction(6, 36),
    8: Fraction(5, 36),
    9: Fraction(4, 36),
    10: Fraction(3, 36),
    11: Fraction(2, 36),
    12: Fraction(1, 36),
    13: Fraction(0),
}
# Keep exploding: the same up to 12 (a 6 then 1..5 is 7..11, a 6 then 6 is >= 13);
# P(>= 12) = P(two sixes) = 1/36, and P(>= 13) is also 1/36 since two sixes always
# go on to remove at least one more point.
NEXT_CHECK_CHAIN = {**NEXT_CHECK_ONCE, 13: Fraction(1, 36)}


@pytest.mark.parametrize("pool", range(1, 14))
def test_next_check_chance(pool: int) -> None:
    assert tension_odds(pool, ONCE).next_check == NEXT_CHECK_ONCE[pool]
    assert tension_odds(pool, CHAIN).next_check == NEXT_CHECK_CHAIN[pool]


def test_next_check_of_a_spent_pool_is_certain() -> None:
    assert tension_odds(0, ONCE).next_check == 1
    assert tension_odds(-3, CHAIN).next_check == 1


def test_expected_checks_small_pools() -> None:
    # Pool 1: the first check always empties it. Pool 2: it survives only a 1 (1/6),
    # leaving pool 1, so E = 1 + 1/6 × 1 = 7/6.
    assert tension_odds(1, ONCE).expected_checks == 1
    assert tension_odds(2, ONCE).expected_checks == Fraction(7, 6)
    # For p <= 6 only faces 1..5 can leave points, so E(p) = 1 + (E(1)+...+E(p-1))/6,
    # hence E(p+1) = E(p) × 7/6 and E(p) = (7/6)^(p-1); pool 3: 49/36.
    for pool in range(1, 7):
        assert tension_odds(pool, ONCE).expected_checks == Fraction(7, 6) ** (pool - 1)
        assert tension_odds(pool, CHAIN).expected_checks == Fraction(7, 6) ** (pool - 1)


def _decrements(keep_exploding: bool, up_to: int) -> dict[int, Fraction]:
    """Distribution of one check's decrement, truncated at ``up_to``, by enumeration."""
    out: dict[int, Fraction] = {}

    def walk(total: int, chance: Fraction, dice_rolled: int) -> None:
        for face in range(1, 7):
            value, p = total + face, chance / 6
            if value > up_to:
                out[up_to + 1] = out.get(up_to + 1, Fraction(0)) + p  # "more than enough"
            elif face == 6 and (dice_rolled == 0 or keep_exploding):
                walk(value, p, dice_rolled + 1)
            else:
                out[value] = out.get(value, Fraction(0)) + p

    walk(0, Fraction(1), 0)
    return out


def _sum_of_checks(keep_exploding: bool, checks: int, up_to: int) -> dict[int, Fraction]:
    """Distribution of the total removed by ``checks`` checks (capped at up_to + 1)."""
    one = _decrements(keep_exploding, up_to)
    total = {0: Fraction(1)}
    for _ in range(checks):
        nxt: dict[int, Fraction] = {}
        for a, pa in total.items():
            for b, pb in one.items():
                key = min(a + b, up_to + 1)
                nxt[key] = nxt.get(key, Fraction(0)) + pa * pb
        total = nxt
    return total


def _expected_checks_by_tail_sum(pool: int, keep_exploding: bool) -> Fraction:
    # A different method from the engine's recursion: with S_n the points removed by
    # n checks and N the check that empties the pool, E[N] = sum over n >= 0 of
    # P(N > n) = sum over n of P(S_n < pool). Each check removes at least 1 point, so
    # the terms vanish from n = pool on.
    return sum(
        (
            sum(
                (p for v, p in _sum_of_checks(keep_exploding, n, pool).items() if v < pool),
                Fraction(0),
            )
            for n in range(pool)
        ),
        Fraction(0),
    )


def test_independent_decrement_enumeration_matches_the_hand_table() -> None:
    for pool, chance in NEXT_CHECK_ONCE.items():
        tail = sum((p for v, p in _decrements(False, 20).items() if v >= pool), Fraction(0))
        assert tail == chance


@pytest.mark.parametrize("keep_exploding", [False, True])
@pytest.mark.parametrize("pool", [7, 13, 20])
def test_expected_checks_match_an_independent_tail_sum(pool: int, keep_exploding: bool) -> None:
    settings = TensionSettings(keep_exploding=keep_exploding)
    assert tension_odds(pool, settings).expected_checks == _expected_checks_by_tail_sum(
        pool, keep_exploding
    )


def test_expected_checks_pool_7_by_hand() -> None:
    # Pool 7, exploding once: a check leaves points only with a face 1..5, so
    # E(7) = 1 + (E(6) + E(5) + E(4) + E(3) + E(2)) / 6 with E(p) = (7/6)^(p-1).
    e = [Fraction(7, 6) ** (p - 1) for p in range(0, 7)]  # e[p] for p = 1..6
    assert tension_odds(7, ONCE).expected_checks == 1 + sum(e[2:7], Fraction(0)) / 6


@pytest.mark.parametrize("keep_exploding", [False, True])
@pytest.mark.parametrize("pool", [1, 4, 9, 20, 37])
def test_within_three_checks(pool: int, keep_exploding: bool) -> None:
    # The pool only falls until it triggers, so "an encounter within three checks" is
    # exactly "three checks remove at least `pool` points": P(S_3 >= pool).
    settings = TensionSettings(keep_exploding=keep_exploding)
    s3 = _sum_of_checks(keep_exploding, 3, pool)
    expected = sum((p for v, p in s3.items() if v >= pool), Fraction(0))
    assert tension_odds(pool, settings).within_three == expected


def test_within_three_by_hand_for_pool_4() -> None:
    # Exploding once, pool 4 survives three checks only if they remove 3 or fewer
    # points in all: faces (1,1,1) only, 1/216, so the chance is 215/216.
    assert tension_odds(4, ONCE).within_three == Fraction(215, 216)


def test_largest_pool_odds_are_available() -> None:
    odds = tension_odds(200, CHAIN)
    # 33 sixes remove 198 points; the next die must then add at least 2 (a 2-5 stops
    # at 200-203, a 6 goes on), so the chance is (1/6)^33 × 5/6.
    assert odds.next_check == Fraction(1, 6) ** 33 * Fraction(5, 6)
    # Wald: the points removed by N checks average N × mu and are at least 200, so
    # E[N] >= 200 / mu with mu = 3.5 × 6/5 = 4.2 when every 6 explodes (a geometric
    # number of dice, 6/5 on average); the overshoot past 0 is small, so E[N] stays
    # within a couple of checks of that bound (Lorden).
    assert Fraction(200) / Fraction(21, 5) <= odds.expected_checks <= 200 / Fraction(21, 5) + 2
    # Exploding once: mu = 15/6 + 57/36 = 49/12.
    once = tension_odds(200, ONCE).expected_checks
    assert 200 / Fraction(49, 12) <= once <= 200 / Fraction(49, 12) + 2


# --- the turn clock ----------------------------------------------------------------


def test_next_turn_advances_turn_and_checks() -> None:
    clock = TurnClock().next_turn().next_turn()
    assert (clock.turn, clock.checks) == (2, 2)
    assert clock.elapsed_minutes == 20


def test_draw_attention_checks_without_advancing() -> None:
    clock = TurnClock(turn=3, checks=3).draw_attention()
    assert (clock.turn, clock.checks) == (3, 4)


def test_advance_moves_time_without_a_check() -> None:
    clock = TurnClock(turn=2, minutes_per_turn=60, checks=5).advance(3)
    assert (clock.turn, clock.checks) == (5, 5)
    assert clock.elapsed_minutes == 300


def test_clock_is_a_value() -> None:
    clock = TurnClock()
    clock.next_turn()
    assert clock == TurnClock(turn=0, minutes_per_turn=10, checks=0)


@pytest.mark.parametrize("minutes", [0, -10, MAX_MINUTES + 1])
def test_turn_length_must_be_1_minute_to_7_days(minutes: int) -> None:
    with pytest.raises(RulesError) as caught:
        TurnClock(minutes_per_turn=minutes)
    assert str(caught.value) == "A turn must last between 1 minute and 7 days."


def test_turn_length_limits_are_allowed() -> None:
    assert TurnClock(minutes_per_turn=1).minutes_per_turn == 1
    assert TurnClock(minutes_per_turn=7 * 24 * 60).minutes_per_turn == 10080


# A negative number of turns moves the clock backwards, even below turn 0. The
# stored exploration then refuses to load ('turn' must be 0 or more).
def test_advance_refuses_negative_turns() -> None:
    with pytest.raises(RulesError):
        TurnClock(turn=1).advance(-2)


@given(st.lists(st.sampled_from(["next", "attention"]), max_size=40))
def test_clock_counts_turns_and_checks(actions: list[str]) -> None:
    clock = TurnClock()
    for action in actions:
        clock = clock.next_turn() if action == "next" else clock.draw_attention()
    assert clock.turn == actions.count("next")
    assert clock.checks == len(actions)


ELAPSED = [
    (0, "0 h 0 min"),
    (59, "0 h 59 min"),
    (150, "2 h 30 min"),
    (1439, "23 h 59 min"),
    (1440, "day 2, 0 h 0 min"),
    (3000, "day 3, 2 h 0 min"),
]


@pytest.mark.parametrize(("minutes", "text"), ELAPSED)
def test_elapsed_text(minutes: int, text: str) -> None:
    assert elapsed_text(minutes).english() == text


# --- the real-time reminder ------------------------------------------------------------


def test_reminder_is_off_by_default_and_waits_25_minutes_once_on() -> None:
    from omen.campaign import settings
    from omen.campaign.exploration import reminder_minutes, reminder_text

    values = settings.defaults()
    assert values["reminder.on"] is False
    assert reminder_minutes(values) is None
    assert reminder_minutes({**values, "reminder.on": True}) == 25
    assert reminder_minutes({**values, "reminder.on": True, "reminder.minutes": 20}) == 20
    assert reminder_text(30).english() == "30 minutes without a turn: time for Next turn?"


def test_reminder_minutes_setting_accepts_20_to_30_only() -> None:
    from omen.campaign import settings

    minutes = settings.by_key()["reminder.minutes"]
    assert [minutes.accepts(n) for n in (19, 20, 25, 30, 31)] == [False, True, True, True, False]
    assert settings.clean({"reminder.minutes": 45})["reminder.minutes"] == 25

"""The last test rolled on the Tests screen, kept for a reload (``eotw_result``): a plain
or opposed test's dice read back and replay to the very result shown; the stress given
is kept with them; a stored value that does not fit is refused, naming its field."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from omen.core.dice import ScriptedDice
from omen.core.errors import RulesError, StoredDataError
from omen.core.roll import Step
from omen.core.store import decode, encode
from omen.eotw.crew import Category, Character, Crew, settle, take_stress
from omen.eotw.kept import (
    GIFTS_KEPT,
    GIVEN_STRESS,
    KEPT_TEST,
    PLAIN_GIVEN,
    GivenStress,
    KeptTest,
)
from omen.eotw.pools import (
    Characteristic,
    Contestant,
    Pool,
    PoolSettings,
    Purpose,
    opposed_test,
    resolve,
)
from omen.eotw.settings import TieRule

LINE = Step(
    "Stress track ({category}): {before} → {after} of {boxes} boxes",
    {"category": Step("Physical"), "before": 1, "after": 3, "boxes": 9},
)
ANA = Contestant("Ana", Pool(equipment=1, danger=1), 3, Characteristic.DEXTERITY, "c1")
GUARD = Contestant("Stráž", Pool(assistance=1), 2, Characteristic.DEXTERITY)


def stored(kept: KeptTest) -> KeptTest:
    """Saved and read back, as a reload does."""
    return decode(KEPT_TEST, encode(KEPT_TEST, kept.to_json()))


def read(data: Any) -> KeptTest:
    envelope = {"app": "omen", "kind": "eotw_result", "schema": 1, "data": data}
    return decode(KEPT_TEST, json.dumps(envelope))


def test_a_plain_test_with_stress_owed_reads_back_and_replays() -> None:
    result = resolve(3, [6, 3], [3, 5], characteristic=Characteristic.DEXTERITY)
    kept = stored(KeptTest.plain(result, PoolSettings(), owed="c1"))
    assert kept.replay_plain() == result
    assert kept.owed == "c1" and result.stress == 1
    assert GivenStress().to(kept) == {}


def given_back(given: GivenStress) -> GivenStress:
    """Saved and read back, as a reload does."""
    return decode(GIVEN_STRESS, encode(GIVEN_STRESS, given.to_json()))


def test_the_stress_given_is_kept_for_its_own_test() -> None:
    result = resolve(3, [6, 3], [3, 5])
    kept = KeptTest.plain(result, PoolSettings(), "c1", "2026-12-04T20:00:00.000Z")
    given = given_back(GivenStress().with_given(kept, PLAIN_GIVEN, LINE))
    assert given.to(kept) == {PLAIN_GIVEN: LINE}
    # Given twice (another tab's give): one line, the last.
    twice = given.with_given(kept, PLAIN_GIVEN, LINE)
    assert len(twice.gifts) == 1 and len(twice.to(kept)) == 1
    # The same dice rolled again are another test: nothing given to it yet.
    again = KeptTest.plain(result, PoolSettings(), "c1", "2026-12-04T20:00:05.000Z")
    assert given.to(again) == {}
    assert given.with_given(again, PLAIN_GIVEN, LINE).to(kept) == {PLAIN_GIVEN: LINE}
    # Nothing to give after a test asked for, nor to a contestant a test has not.
    with pytest.raises(RulesError):
        GivenStress().with_given(KeptTest.asked(result, PoolSettings(), LINE), 0, LINE)
    with pytest.raises(RulesError):
        GivenStress().with_given(kept, 1, LINE)


def test_two_tests_given_stress_are_both_remembered() -> None:
    """Two tabs, each showing its own test, each give its stress: neither forgets the
    other's; past GIFTS_KEPT tests the oldest is let go."""
    result = resolve(3, [6, 3], [3, 5])
    first = KeptTest.plain(result, PoolSettings(), "c1", "2026-12-04T20:00:00.000Z")
    second = KeptTest.plain(result, PoolSettings(), "c2", "2026-12-04T20:00:09.000Z")
    given = GivenStress().with_given(first, PLAIN_GIVEN, LINE)
    given = given_back(given.with_given(second, PLAIN_GIVEN, LINE))
    assert given.to(first) == given.to(second) == {PLAIN_GIVEN: LINE}
    for n in range(GIFTS_KEPT):
        later = KeptTest.plain(result, PoolSettings(), "c1", f"2026-12-04T21:00:0{n}.000Z")
        given = given.with_given(later, PLAIN_GIVEN, LINE)
    assert given.to(first) == {} and len(given.gifts) == GIFTS_KEPT
    twice = {"gifts": [given.gifts[0].to_json(), given.gifts[0].to_json()]}
    with pytest.raises(StoredDataError):  # the same test twice
        decode(GIVEN_STRESS, encode(GIVEN_STRESS, twice))


def test_a_test_asked_for_keeps_its_dice_and_the_headline_it_was_logged_with() -> None:
    ana = take_stress(Character("a", "Ana", vitality=3), Category.PHYSICAL, 9).character
    result = resolve(3, [1], [], characteristic=Characteristic.VITALITY)
    settled = settle(Crew((ana,)), Purpose("a", Category.PHYSICAL), result)
    kept = stored(KeptTest.asked(result, PoolSettings(), settled.title, "2026-12-04T20:00Z"))
    assert kept.said == settled.title and kept.gives == 0
    assert kept.replay_plain() == result
    assert kept.to_json()["kind"] == "asked"
    # Only a test asked for has a headline kept, and it must be one of Omen's messages.
    for bad in (
        {**PLAIN, "said": settled.title.to_json()},
        {**kept.to_json(), "said": None},
        {**kept.to_json(), "said": {"k": "You have been hacked"}},
        {**kept.to_json(), "owed": "a"},
        {**kept.to_json(), "contestants": OPPOSED["contestants"]},
    ):
        with pytest.raises(StoredDataError):
            read(bad)


def test_the_rules_in_play_are_the_kept_ones() -> None:
    """Cancelling before or after counting successes changes the result: the kept test
    replays with the setting it was rolled under, whatever the campaign says now."""
    rules = PoolSettings(cancel_first=False)
    result = resolve(3, [2, 6], [2], settings=rules)
    kept = stored(KeptTest.plain(result, rules))
    assert kept.settings == rules
    assert kept.replay_plain() == result


def test_an_opposed_test_with_rerolls_replays_round_after_round() -> None:
    rules = PoolSettings(tie=TieRule.REROLL)
    # Ana rolls two positive dice and one negative, the guard two positive. Round 1: both
    # fail (Ana 5 4 against 3, the guard 6 5 against 2); round 2: Ana's 1 and 2 succeed.
    faces = [5, 4, 6, 6, 5, 1, 2, 6, 6, 5]
    outcome = opposed_test((ANA, GUARD), ScriptedDice(faces), rules)
    assert len(outcome.rounds) == 2 and outcome.winner == 0
    kept = stored(KeptTest.opposed(outcome, rules))
    assert kept.positive == tuple(faces)
    assert kept.replay_opposed() == outcome
    assert given_back(GivenStress().with_given(kept, 0, LINE)).to(kept) == {0: LINE}


@settings(max_examples=80, deadline=None)
@given(
    pools=st.lists(
        st.tuples(st.integers(1, 4), st.integers(0, 3), st.integers(1, 5)), min_size=2, max_size=4
    ),
    seed=st.lists(st.integers(1, 6), min_size=400, max_size=400),
    reroll=st.booleans(),
)
def test_any_opposed_test_reads_back_and_replays_the_same(
    pools: list[tuple[int, int, int]], seed: list[int], reroll: bool
) -> None:
    contestants = tuple(
        Contestant(f"C{n}", Pool(equipment=positive - 1, danger=negative), value)
        for n, (positive, negative, value) in enumerate(pools)
    )
    rules = PoolSettings(tie=TieRule.REROLL if reroll else TieRule.DRAW)
    try:
        outcome = opposed_test(contestants, ScriptedDice(seed), rules)
    except RulesError:  # the 400 faces ran out in a long run of ties
        return
    kept = stored(KeptTest.opposed(outcome, rules))
    assert kept.replay_opposed() == outcome


@settings(max_examples=80, deadline=None)
@given(
    value=st.integers(1, 5),
    positive=st.lists(st.integers(1, 6), min_size=1, max_size=12),
    negative=st.lists(st.integers(1, 6), max_size=12),
    cancel_first=st.booleans(),
)
def test_any_plain_test_reads_back_and_replays_the_same(
    value: int, positive: list[int], negative: list[int], cancel_first: bool
) -> None:
    rules = PoolSettings(cancel_first=cancel_first)
    result = resolve(value, positive, negative, settings=rules)
    assert stored(KeptTest.plain(result, rules)).replay_plain() == result


def test_dice_that_are_not_the_tests_own_are_a_rules_error() -> None:
    """Well formed, but one face too many or too few for the contestants' pools: the
    screen then shows the log's headline and steps alone."""
    outcome = opposed_test((ANA, GUARD), ScriptedDice([6, 1, 2, 6, 5]))
    kept = KeptTest.opposed(outcome, PoolSettings())
    for faces in ((*kept.positive, 4), kept.positive[:-1]):
        with pytest.raises(RulesError):
            read({**kept.to_json(), "positive": list(faces)}).replay_opposed()
    with pytest.raises(RulesError):
        kept.replay_plain()


def test_nothing_kept_is_an_empty_object() -> None:
    assert KeptTest().to_json() == {}
    assert read({}) == KeptTest()


# --- what a stored value may not hold (edited in storage, or crafted into a backup) ---

PLAIN = KeptTest.plain(resolve(3, [6, 3], [3, 5]), PoolSettings(), "c1").to_json()
OPPOSED = KeptTest.opposed(
    opposed_test((ANA, GUARD), ScriptedDice([6, 1, 2, 6, 5])), PoolSettings()
).to_json()


@pytest.mark.parametrize(
    ("base", "change", "says"),
    [
        (PLAIN, {"kind": "secret"}, "kind"),
        (PLAIN, {"value": 9}, "value"),
        (PLAIN, {"value": "3"}, "value"),
        (PLAIN, {"positive": [0, 3]}, "positive"),
        (PLAIN, {"positive": [7]}, "positive"),
        (PLAIN, {"positive": [True]}, "positive"),
        (PLAIN, {"positive": "63"}, "positive"),
        (PLAIN, {"negative": [1] * 31}, "negative"),
        (PLAIN, {"characteristic": "luck"}, "characteristic"),
        (PLAIN, {"owed": "c" * 101}, "owed"),
        (PLAIN, {"owed": 7}, "owed"),
        (PLAIN, {"settings": {"tie": "coin"}}, "settings"),
        (PLAIN, {"settings": {"cancel_first": "no"}}, "settings"),
        (PLAIN, {"settings": []}, "settings"),
        (PLAIN, {"contestants": OPPOSED["contestants"]}, "contestants"),
        (PLAIN, {"at": "x" * 41}, "at"),
        (PLAIN, {"given": [[0, LINE.to_json()]]}, "given"),
        (PLAIN, {"onclick": "alert(1)"}, "onclick"),
        (OPPOSED, {"value": 3}, "value"),
        (OPPOSED, {"negative": [1]}, "negative"),
        (OPPOSED, {"owed": "c1"}, "owed"),
        (OPPOSED, {"characteristic": "logic"}, "characteristic"),
        (OPPOSED, {"contestants": [{"name": "x", "pool": {}, "value": 3}] * 21}, "contestants"),
        (OPPOSED, {"positive": [6] * 30_001}, "positive"),
    ],
)
def test_a_field_that_does_not_fit_is_refused_naming_it(
    base: dict[str, Any], change: dict[str, Any], says: str
) -> None:
    with pytest.raises(StoredDataError) as refused:
        read({**base, **change})
    assert says in refused.value.message.english()


def read_given(gift: Any) -> GivenStress:
    """One test's stress given, as stored, read back."""
    data = {"gifts": [gift]}
    envelope = {"app": "omen", "kind": "eotw_given", "schema": 1, "data": data}
    return decode(GIVEN_STRESS, json.dumps(envelope))


@pytest.mark.parametrize(
    ("given", "says"),
    [
        ({"test": PLAIN, "given": [[1, LINE.to_json()]]}, "given"),
        ({"test": PLAIN, "given": [[0]]}, "given"),
        ({"test": PLAIN, "given": [["0", LINE.to_json()]]}, "given"),
        ({"test": PLAIN, "given": [[0, LINE.to_json()], [0, LINE.to_json()]]}, "given"),
        ({"test": PLAIN, "given": []}, "given"),
        ({"test": PLAIN}, "given"),
        ({"test": OPPOSED, "given": [[2, LINE.to_json()]]}, "given"),
        ({"test": {"kind": "plain", "positive": [9]}, "given": [[0, LINE.to_json()]]}, "positive"),
        ({"given": [[0, LINE.to_json()]]}, "eotw_given.gifts.0.test"),
        ({"test": PLAIN, "given": [[0, LINE.to_json()]], "more": 1}, "more"),
    ],
)
def test_a_stress_record_that_does_not_fit_is_refused_naming_it(
    given: dict[str, Any], says: str
) -> None:
    with pytest.raises(StoredDataError) as refused:
        read_given(given)
    assert says in refused.value.message.english()


@pytest.mark.parametrize(
    "line",
    [
        {"k": "<img src=x onerror=alert(1)>"},  # a message Omen does not have
        {"k": "Stress track ({category}): {before} → {after} of {boxes} boxes", "a": {}},
        "Ana takes 2 stress",
    ],
)
def test_a_given_line_that_is_not_one_of_omens_messages_is_refused(line: Any) -> None:
    with pytest.raises(StoredDataError):
        read_given({"test": PLAIN, "given": [[0, line]]})

"""OSE morale from the SRD's rule: 2d6 above the score breaks; 2 and 12 never check;
checks on the first death and at half the group down; two held checks end the checks."""

from __future__ import annotations

import itertools
import json
from fractions import Fraction

import pytest

from omen.core.dice import ScriptedDice
from omen.core.errors import RulesError, StoredDataError
from omen.ose import morale as m


def texts(result: m.MoraleResult) -> list[str]:
    return [step.english() for step in result.steps]


@pytest.mark.parametrize("score", range(2, 13))
@pytest.mark.parametrize("adjustment", range(-2, 3))
def test_the_odds_for_each_score_match_every_throw_of_2d6(score: int, adjustment: int) -> None:
    odds = m.morale_odds(score, adjustment)
    if score in (2, 12):
        assert not odds.rolled and odds.breaks == 0 and odds.target == score
        return
    target = max(2, min(12, score + adjustment))
    throws = list(itertools.product(range(1, 7), repeat=2))
    breaking = sum(1 for a, b in throws if a + b > target)
    assert odds.breaks == Fraction(breaking, 36)
    assert odds.holds == 1 - odds.breaks
    # and the roll itself agrees with the odds, throw by throw
    for a, b in throws:
        _, result = m.check(
            m.Morale(score=score, group=4, killed=1), ScriptedDice([a, b]), adjustment
        )
        assert result.value == a + b
        assert (result.outcome is m.Outcome.BREAKS) == (a + b > target)


def test_a_roll_of_two_never_breaks() -> None:
    for score in range(3, 12):
        _, result = m.check(m.Morale(score=score, group=2, killed=1), ScriptedDice([1, 1]), -2)
        assert result.outcome is m.Outcome.HOLDS


def test_a_score_of_2_never_fights_and_12_never_breaks_without_a_roll() -> None:
    for score, outcome in ((2, m.Outcome.NEVER_FIGHTS), (12, m.Outcome.FEARLESS)):
        side = m.Morale(score=score, group=3, killed=2)
        assert m.due(side) is None
        _, result = m.check(side, ScriptedDice([]), 2)  # no die is taken
        assert result.value is None and result.outcome is outcome
    assert "Scores of 2 and 12 are never adjusted." in [
        s.english() for s in m.morale_odds(12, -2).steps
    ]


def test_when_to_check_first_death_then_half_down() -> None:
    side = m.Morale(score=8, group=6)
    assert m.due(side) is None
    side = m.losses(side, out=2)  # two asleep: nobody killed, not half yet
    assert m.due(side) is None
    side = m.losses(side, out=3)  # half of six out of the fight
    assert m.due(side) is m.Trigger.HALF_DOWN
    side = m.losses(side, killed=1, out=0)
    assert m.due(side) is m.Trigger.FIRST_DEATH


def test_golden_trace_two_held_checks_and_no_more() -> None:
    side = m.Morale(score=8, group=4, killed=1)
    side, first = m.check(side, ScriptedDice([3, 4]))
    assert texts(first) == [
        "Check: the first of them is killed.",
        "Morale 8: they break on 9 or more (10 of the 36 throws of 2d6).",
        "2d6: 3 + 4 = 7",
        "7 is not above 8: the monsters fight on.",
    ]
    assert m.due(side) is None
    side = m.losses(side, killed=2)
    assert m.due(side) is m.Trigger.HALF_DOWN
    side, second = m.check(side, ScriptedDice([6, 2]), -1)
    assert texts(second) == [
        "Check: half of the group is out of the fight.",
        "Morale 8 adjusted by −1 is 7.",
        "Morale 7: they break on 8 or more (15 of the 36 throws of 2d6).",
        "2d6: 6 + 2 = 8",
        "8 is above 7: the monsters break, fleeing or giving up.",
    ]
    assert side.broken and second.outcome is m.Outcome.BREAKS
    with pytest.raises(RulesError, match="already broken"):
        m.check(side, ScriptedDice([1, 1]))


def test_two_held_checks_mean_a_fight_to_the_end() -> None:
    side = m.Morale(score=9, group=4, killed=1)
    side, _ = m.check(side, ScriptedDice([1, 2]))
    side = m.losses(side, killed=2)
    side, second = m.check(side, ScriptedDice([2, 2]))
    assert "That is their second held check: they fight on until killed." in texts(second)
    assert side.steadfast and m.due(m.losses(side, killed=4)) is None
    _, third = m.check(side, ScriptedDice([]))
    assert third.outcome is m.Outcome.FEARLESS and third.value is None


@pytest.mark.parametrize("score", [1, 13, True, "7", 7.0])
def test_a_score_outside_2_to_12_is_refused(score: object) -> None:
    with pytest.raises(RulesError, match="from 2 to 12"):
        m.morale_odds(score)  # type: ignore[arg-type]


@pytest.mark.parametrize("adjustment", [3, -3, True])
def test_an_adjustment_outside_minus_2_to_plus_2_is_refused(adjustment: object) -> None:
    with pytest.raises(RulesError, match="-2 to \\+2"):
        m.morale_odds(7, adjustment)  # type: ignore[arg-type]


def test_more_down_than_in_the_group_is_refused() -> None:
    with pytest.raises(RulesError, match="Only 3 monsters"):
        m.losses(m.Morale(group=3), killed=2, out=2)


def good() -> dict[str, object]:
    side, _ = m.check(m.Morale(score=8, group=5, killed=1), ScriptedDice([1, 1]))
    return json.loads(json.dumps(side.to_json()))


def test_a_record_loads_back() -> None:
    assert m.Morale.from_json(good()).to_json() == good()


@pytest.mark.parametrize(
    "change",
    [
        {"score": 13},
        {"score": True},
        {"group": 0},
        {"killed": 4, "out": 2},
        {"killed": -1},
        {"held": 3},
        {"checked": ["first_death", "first_death", "half_down"]},
        {"checked": ["panic"]},
        {"checked": "first_death"},
        {"checked": [["first_death"]]},
        {"broken": "no"},
        {"extra": 1},
        {"adjustment": 3},
        {"adjustment": -3},
        {"adjustment": 10**400},
        {"adjustment": True},
        {"adjustment": 1.0},
        {"adjustment": "+1"},
        {"adjustment": None},
    ],
)
def test_a_crafted_record_is_refused(change: dict[str, object]) -> None:
    with pytest.raises(StoredDataError, match="morale record is damaged"):
        m.Morale.from_json({**good(), **change})


# --- in the encounter sequence ---------------------------------------------------------------


def test_morale_in_the_sequence_is_logged_stored_and_migrated() -> None:
    from omen.core.store import decode, encode
    from omen.ose import session as s

    session = s.set_morale(s.new_session("Goblins"), score=7, group=6)
    assert s.morale_due(session) is None
    session = s.set_morale(session, killed=1)
    assert s.morale_due(session).english() == "Check: the first of them is killed."
    assert s.morale_odds(session).breaks == Fraction(15, 36)
    session, outcome = s.roll_morale(session, ScriptedDice([6, 6]))
    assert outcome.title.english() == "Morale 12: The monsters break: they flee or give up."
    assert session.latest == "morale" and session.morale.broken
    back = decode(s.SCHEMA, encode(s.SCHEMA, json.loads(json.dumps(session.to_json()))))
    assert back == session
    # an encounter saved before morale (format 2) loads with the usual score
    old = {k: v for k, v in s.new_session("Orcs").to_json().items() if k != "morale"}
    envelope = json.dumps({"app": "omen", "kind": "ose_encounter", "schema": 2, "data": old})
    assert decode(s.SCHEMA, envelope).morale == m.Morale()


def test_the_situation_adjustment_is_kept_with_the_encounter() -> None:
    from omen.core.store import decode, encode
    from omen.ose import session as s

    session = s.set_morale(s.new_session("Goblins"), score=7, group=6, killed=1)
    session = s.set_morale(session, adjustment=-2)
    assert session.morale.adjustment == -2
    # Morale 7 adjusted by -2 is 5: they break on 6 or more, 26 of the 36 throws.
    assert s.morale_odds(session).breaks == Fraction(26, 36)
    session = s.set_morale(session, score=8)  # a new score keeps the situation
    assert session.morale.adjustment == -2 and session.morale.held == 0
    rolled, outcome = s.roll_morale(session, ScriptedDice([3, 4]))
    assert "Morale 8 adjusted by −2 is 6." in [step.english() for step in outcome.steps]
    assert rolled.morale.broken and rolled.morale.adjustment == -2
    back = decode(s.SCHEMA, encode(s.SCHEMA, json.loads(json.dumps(rolled.to_json()))))
    assert back == rolled


def test_an_encounter_of_format_3_loads_with_no_adjustment() -> None:
    from omen.core.store import decode
    from omen.ose import session as s

    data = json.loads(json.dumps(s.set_morale(s.new_session("Orcs"), score=9).to_json()))
    del data["morale"]["adjustment"]
    envelope = json.dumps({"app": "omen", "kind": "ose_encounter", "schema": 3, "data": data})
    loaded = decode(s.SCHEMA, envelope)
    assert loaded.morale == m.Morale(score=9) and loaded.morale.adjustment == 0


@pytest.mark.parametrize("adjustment", [3, -3, 10**400, True, 1.5, "1", None])
def test_a_stored_adjustment_out_of_bounds_is_refused(adjustment: object) -> None:
    from omen.core.store import decode, encode
    from omen.ose import session as s

    data = json.loads(json.dumps(s.new_session("Orcs").to_json()))
    data["morale"]["adjustment"] = adjustment
    with pytest.raises(StoredDataError):
        decode(s.SCHEMA, encode(s.SCHEMA, data))


@pytest.mark.parametrize("adjustment", [3, -3, 10**400])
def test_a_typed_adjustment_out_of_bounds_is_refused_by_the_same_check(adjustment: int) -> None:
    from omen.ose import session as s

    with pytest.raises(RulesError, match="A morale adjustment is from -2 to \\+2"):
        s.set_morale(s.new_session(), adjustment=adjustment)


def test_a_new_score_starts_the_checks_afresh() -> None:
    from omen.ose import session as s

    session = s.set_morale(s.new_session(), score=8, group=4, killed=1)
    session, _ = s.roll_morale(session, ScriptedDice([1, 1]))
    assert session.morale.held == 1
    session = s.set_morale(session, score=9)
    assert session.morale.held == 0 and session.morale.checked == frozenset()
    assert session.morale.killed == 1


def test_a_low_reaction_means_pursuit_is_likely() -> None:
    from omen.ose import session as s

    session, _ = s.roll_reaction(s.new_session(), ScriptedDice([1, 2]), None)
    assert s.pursuit_likely(session)
    session, _ = s.roll_reaction(s.new_session(), ScriptedDice([4, 4]), None)
    assert not s.pursuit_likely(session)


def test_nobody_left_standing_has_no_check_due_and_none_is_rolled() -> None:
    side = m.Morale(score=8, group=3, killed=2, out=1)
    assert m.nobody_left(side)
    assert m.due(side) is None
    with pytest.raises(RulesError, match="left standing"):
        m.check(side, ScriptedDice([1, 1]))
    one_standing = m.Morale(score=8, group=3, killed=2)
    assert m.due(one_standing) is m.Trigger.FIRST_DEATH

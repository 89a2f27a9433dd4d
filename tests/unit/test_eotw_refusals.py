"""The End of the World, states the rules rule out: one contestant's dice do
not carry into the next contestant's pool, and a character out of play (or with a full
track still to settle) is not tested until back in play."""

from __future__ import annotations

import pytest

from omen.core.dice import ScriptedDice
from omen.core.errors import RulesError
from omen.eotw.crew import (
    Character,
    Crew,
    Status,
    check_testable,
    cling_to_life,
    return_to_play,
    take_stress,
    untestable,
)
from omen.eotw.pools import (
    Category,
    Characteristic,
    Contestant,
    Pool,
    Reason,
    TestsForm,
    opposed_test,
    resolve,
)

V = Characteristic.VITALITY


def test_adding_a_contestant_starts_the_next_pool_afresh() -> None:
    # Ana has equipment (a bonus die) and pushes; the Ogre is built next, from nothing.
    form = TestsForm(
        character="a",
        characteristic=Characteristic.DEXTERITY,
        value=4,
        pool=Pool().add(Reason.EQUIPMENT, 1).push(),
        unticked=(0,),
    )
    ana = Contestant("Ana", form.pool, 4, Characteristic.DEXTERITY, "a")
    after = form.with_contestant(ana)
    assert after.contestants == (ana,)
    assert after.pool == Pool()
    assert (after.pool.positive, after.pool.negative, after.pool.pushed) == (1, 0, False)
    assert after.character == "" and after.unticked == ()
    assert after.characteristic is Characteristic.DEXTERITY  # the contest's characteristic stays
    ogre = Contestant("Ogre", after.pool, 3, Characteristic.DEXTERITY)
    both = after.with_contestant(ogre)
    assert [c.pool.positive for c in both.contestants] == [3, 1]
    assert [c.pool.negative for c in both.contestants] == [1, 0]


def test_a_golden_opposed_test_rolls_each_pool_as_built() -> None:
    # Ana: 3 positive (1 + equipment + push), 1 negative (push); Ogre: 1 positive.
    form = TestsForm(value=4, pool=Pool().add(Reason.EQUIPMENT, 1).push())
    form = form.with_contestant(Contestant("Ana", form.pool, 4))
    form = form.with_contestant(Contestant("Ogre", form.pool, 3))
    # Ana's faces 1 5 6 | 5 (the 5s cancel): 1 success; the Ogre's 2: 1 success, lower value.
    outcome = opposed_test(form.contestants, ScriptedDice([1, 5, 6, 5, 2]))
    first, second = outcome.rounds[0].results
    assert (first.positive, first.negative, first.success_count) == ((1, 5, 6), (5,), 1)
    assert (second.positive, second.negative, second.success_count) == ((2,), (), 1)
    assert outcome.winner == 0
    assert outcome.steps[-1].english() == (
        "Tied on successes: Ana wins with the higher characteristic (4)."
    )


def _full(name: str = "Ana") -> Character:
    return take_stress(Character("a", name, vitality=3), Category.PHYSICAL, 9).character


def test_an_active_character_can_be_tested() -> None:
    ana = Character("a", "Ana")
    assert untestable(ana) is None
    check_testable(Crew((ana,)), ["a", ""])  # "" is a contestant not from the crew


def test_a_full_track_still_to_settle_is_refused_with_a_reason() -> None:
    reason = untestable(_full())
    assert reason is not None
    assert reason.english() == (
        "Ana cannot be tested now: the Physical track is full; cling to life or let go"
        " on Crew first."
    )


def test_out_of_play_is_refused_until_back_in_play() -> None:
    clung = cling_to_life(_full(), Category.PHYSICAL, resolve(3, [1], [], characteristic=V))
    ana = clung.character
    assert ana.status is Status.OUT_FOR_NOW and not ana.pending
    reason = untestable(ana)
    assert reason is not None
    assert reason.english() == (
        "Ana cannot be tested now: out of play for now (Physical). Bring them back into"
        " play on Crew first."
    )
    with pytest.raises(RulesError) as refused:
        check_testable(Crew((ana,)), ["a"])
    assert refused.value.message == reason
    back = return_to_play(ana).character
    assert untestable(back) is None
    check_testable(Crew((back,)), ["a"])


def test_gone_for_good_is_refused() -> None:
    ana = Character("a", "Ana", status=Status.DEAD, removed_by=Category.PHYSICAL)
    reason = untestable(ana)
    assert reason is not None
    assert reason.english() == "Ana is out of the story: nothing more can change."


def test_a_contestant_no_longer_in_the_crew_is_not_checked() -> None:
    check_testable(Crew(), ["gone"])  # the contestant is then only a name

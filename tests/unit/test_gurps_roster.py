"""The GURPS encounter's creatures from the Basic Set's rules on lost hit points (p. B419):
the roster made from a table row, damage and healing with the threshold each creature
stands at, the states a creature takes in the fight, the end of the fight, and the
stored part."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from omen.campaign.meeting import Meeting
from omen.campaign.table_draw import Found
from omen.campaign.tables import read_stats
from omen.core.errors import RulesError, StoredDataError
from omen.core.roll import ArgValue, Step
from omen.core.store import decode, encode
from omen.gurps import roster as r
from omen.gurps.injury import Condition, injury
from omen.gurps.roster import Creature, Roster, State


def said(name: ArgValue) -> str:
    """A creature's name as an English line says it."""
    return name.english() if isinstance(name, Step) else str(name)


def wolves(count: int = 3, hp: int | None = 12) -> Roster:
    return r.muster("3 wolves", count, hp)[0]


# --- the roster from the encounter's row ------------------------------------------------


def test_muster_gives_each_creature_the_rows_hp_under_the_rows_name() -> None:
    roster, outcome = r.muster("5 Wolves (hungry)", 3, 12)
    assert roster.group == "Wolves" and [c.name for c in roster.creatures] == ["", "", ""]
    assert [said(r.called(roster, i)) for i in range(3)] == [
        "Wolves no. 1",
        "Wolves no. 2",
        "Wolves no. 3",
    ]
    assert all((c.hp, c.max_hp, c.state) == (12, 12, State.FIGHTING) for c in roster.creatures)
    assert roster.row_hp == 12 and not roster.over and not roster.ended
    assert outcome.title.english() == "3 creatures on the roster, 12 HP each."
    assert r.muster("a wolf", 1, 9)[1].title.english() == "1 creature on the roster, 9 HP each."


def test_a_row_without_hp_gives_creatures_whose_hp_are_typed() -> None:
    roster, outcome = r.muster("A patrol resting by the road", 2, None)
    assert roster.group == "" and said(r.called(roster, 1)) == "Creature no. 2"
    assert outcome.title.english() == "2 creatures on the roster: type their HP."
    with pytest.raises(RulesError, match=r"Type the HP of Creature no\. 1 first"):
        r.damage(roster, 0, 3)
    roster, outcome = r.set_hit_points(roster, 0, 15)
    assert (roster.creatures[0].hp, roster.creatures[0].max_hp) == (15, 15)
    assert outcome.title.english() == "Creature no. 1: 15 HP."
    roster, _ = r.damage(roster, 0, 6)
    roster, _ = r.set_hit_points(roster, 0, 10)  # typed again: the 6 damage stay
    assert (roster.creatures[0].hp, roster.creatures[0].max_hp) == (4, 10)


def test_the_number_that_came_is_the_encounters_never_typed() -> None:
    stats = read_stats("SM 0, Vision 11, Stealth 12, Group 4, HP 11")
    rolled = r.met(Meeting("3 orc scouts, painting arrows", found=Found(3, stats)))
    assert rolled is not None
    assert rolled[0].group == "Orc scouts" and len(rolled[0].creatures) == 3
    assert said(r.called(rolled[0], 2)) == "Orc scouts no. 3"
    assert {c.max_hp for c in rolled[0].creatures} == {11}
    group = r.met(Meeting("Orc scouts", found=Found(None, stats)))  # no dice: the group size
    assert group is not None and len(group[0].creatures) == 4
    one = r.met(Meeting("A troll", found=Found(None, read_stats("SM 1"))))
    assert one is not None and len(one[0].creatures) == 1 and one[0].row_hp is None
    counted = r.met(Meeting("2 bandits", found=Found(2)))  # no stats: HP typed
    assert counted is not None and counted[0].row_hp is None and len(counted[0].creatures) == 2
    assert r.met(Meeting("A wounded knight")) is None
    assert r.met(Meeting("A quiet road", found=Found(None, read_stats("HD 2")))) is None  # OSE's
    assert r.met(Meeting("Bats", found=Found(500))) is None  # a battle, not a roster


@pytest.mark.parametrize("count", [0, -1, 101, True, 2.0])
def test_a_count_the_roster_cannot_hold_is_refused(count: Any) -> None:
    with pytest.raises(RulesError, match="A roster holds 1 to 100 creatures"):
        r.muster("orcs", count, 10)


@pytest.mark.parametrize("hp", [0, -3, 10_001, True, "12"])
def test_hp_outside_the_rules_are_refused(hp: Any) -> None:
    with pytest.raises(RulesError, match="HP are a whole number from 1 to 10000"):
        r.muster("orcs", 2, hp)
    with pytest.raises(RulesError, match="HP are a whole number from 1 to 10000"):
        r.set_hit_points(wolves(), 0, hp)


# --- the thresholds, HP by HP -----------------------------------------------------------


def expected(hp: int, full: int) -> Condition:
    """B419 in plain arithmetic, written apart from the module under test."""
    if hp <= -10 * full:
        return Condition.DESTROYED
    if hp <= -5 * full:
        return Condition.DEAD
    if hp <= -full:
        return Condition.DYING
    if hp <= 0:
        return Condition.COLLAPSING
    if hp * 3 < full:
        return Condition.REELING
    return Condition.HURT if hp < full else Condition.UNHURT


@pytest.mark.parametrize("full", [1, 2, 3, 4, 5, 9, 10, 11, 12, 20, 31])
def test_every_hp_a_creature_can_fall_to_shows_its_b419_threshold(full: int) -> None:
    for amount in range(1, 6 * full + 1):
        roster, outcome = r.damage(wolves(1, full), 0, amount)
        creature = roster.creatures[0]
        left = full - amount
        assert creature.hp == left
        condition = expected(left, full)
        assert creature.injury is not None and creature.injury.condition is condition
        dead = left <= -5 * full
        assert (creature.state is State.DEAD) is dead
        title = outcome.title.english()
        shown = str(left).replace("-", "−")
        if dead:
            assert title == f"Wolves no. 1 takes {amount} damage and dies."
        else:
            assert title == f"Wolves no. 1 takes {amount} damage: {shown} of {full} HP."
        said = [step.english() for step in outcome.steps]
        assert said[0] == f"HP: {full} − {amount} = {shown} of {full}."
        if condition in (Condition.UNHURT, Condition.HURT):
            assert said == said[:1]
        else:
            assert said[1] == injury(left, full).english() and "(p. B419)" in said[1]


def test_the_thresholds_of_a_12_hp_wolf_in_words() -> None:
    roster = wolves(1, 12)
    said = []
    for amount in (4, 5, 4, 12, 24, 12):  # 8, 3, -1, -13, -37, -49
        roster, outcome = r.damage(roster, 0, amount)
        said.append(outcome.steps[-1].english())
    assert said == [
        "HP: 12 − 4 = 8 of 12.",
        "Less than 1/3 of its HP left: it reels, its Move and Dodge halved (p. B419).",
        "0 HP or less: an HT roll now and each turn it acts, or it falls unconscious (p. B419).",
        "−1×HP or less: an HT roll against death at each multiple passed, at −1 to stay conscious (p. B419).",
        "−3×HP or less: an HT roll against death at each multiple passed, at −3 to stay conscious (p. B419).",
        "−4×HP or less: an HT roll against death at each multiple passed, at −4 to stay conscious (p. B419).",
    ]
    roster, outcome = r.damage(roster, 0, 11)  # -60: -5×HP
    assert outcome.title.english() == "Wolves no. 1 takes 11 damage and dies."
    assert outcome.steps[-1].english() == "−5×HP or less: it is dead (p. B419)."


def test_healing_stops_at_full_hp_and_says_when_a_threshold_is_left_behind() -> None:
    roster, _ = r.damage(wolves(), 0, 10)  # 2 of 12: reeling
    roster, outcome = r.heal(roster, 0, 3)
    assert outcome.title.english() == "Wolves no. 1 heals: 5 of 12 HP."
    assert [s.english() for s in outcome.steps] == ["Hurt, still fighting as well as ever."]
    roster, outcome = r.heal(roster, 0, 50)
    assert roster.creatures[0].hp == 12 and outcome.steps == ()
    with pytest.raises(RulesError, match=r"Wolves no\. 1 has all its HP already"):
        r.heal(roster, 0, 1)


@pytest.mark.parametrize("amount", [0, -2, 10_000, True, 1.5, "3"])
def test_an_amount_outside_the_rules_is_refused(amount: Any) -> None:
    with pytest.raises(RulesError, match="An amount is a whole number from 1 to 9999"):
        r.damage(wolves(), 0, amount)
    with pytest.raises(RulesError, match="An amount is a whole number from 1 to 9999"):
        r.heal(wolves(), 0, amount)


def test_a_creature_that_is_not_there_is_refused() -> None:
    for index in (-1, 3, True):
        with pytest.raises(RulesError, match="That creature is not on the roster"):
            r.damage(wolves(), index, 1)


# --- states and the end of the fight ----------------------------------------------------


def test_the_dead_stay_dead_until_undo() -> None:
    roster, outcome = r.set_state(wolves(), 0, State.DEAD)  # a failed HT roll against death
    assert outcome.title.english() == "Wolves no. 1 dies."
    for change in (
        lambda: r.damage(roster, 0, 1),
        lambda: r.heal(roster, 0, 1),
        lambda: r.set_state(roster, 0, State.FIGHTING),
        lambda: r.set_hit_points(roster, 0, 20),
    ):
        with pytest.raises(
            RulesError, match=r"Wolves no\. 1 is dead already: Undo takes a death back"
        ):
            change()


def test_a_state_it_is_in_already_is_refused() -> None:
    roster, _ = r.set_state(wolves(), 1, State.FLED)
    with pytest.raises(RulesError, match=r"Wolves no\. 2 is fled already"):
        r.set_state(roster, 1, State.FLED)
    with pytest.raises(RulesError, match=r"Wolves no\. 1 is fighting already"):
        r.set_state(roster, 0, State.FIGHTING)


def test_a_fight_to_its_end_in_a_golden_trace() -> None:
    roster = wolves()
    with pytest.raises(RulesError, match=r"The fight goes on\. Still fighting: Wolves nos\. 1, 2"):
        r.conclude(r.set_state(roster, 2, State.FLED)[0])
    roster, _ = r.damage(roster, 0, 13)  # -1: an HT roll to stay conscious
    roster, outcome = r.set_state(roster, 0, State.OUT)
    assert (
        outcome.title.english()
        == "Wolves no. 1 is out of the fight (unconscious, stunned or held)."
    )
    roster, _ = r.damage(roster, 1, 72)  # -60: -5×HP, dead
    assert not roster.over
    roster, _ = r.set_state(roster, 2, State.SURRENDERED)
    assert roster.over and not roster.ended
    roster, outcome = r.conclude(roster)
    assert roster.ended
    assert [outcome.title.english(), *(s.english() for s in outcome.steps)] == [
        "The fight is over: 3 creatures defeated.",
        "Dead: Wolves no. 2.",
        "Out of the fight: Wolves no. 1.",
        "Surrendered: Wolves no. 3.",
    ]
    with pytest.raises(RulesError, match="This fight is ended already"):
        r.conclude(roster)
    back, _ = r.set_state(roster, 0, State.FIGHTING)  # it wakes: the fight goes on
    assert not back.over and not back.ended


def test_named_and_numbered_creatures_in_one_line() -> None:
    roster = r.rename(wolves(), 1, "Alpha")
    roster, outcome = r.damage(roster, 1, 3)
    assert outcome.title.english() == "Alpha takes 3 damage: 9 of 12 HP."
    for index in range(3):
        roster, _ = r.set_state(roster, index, State.FLED)
    assert [s.english() for s in r.conclude(roster)[1].steps] == ["Fled: Wolves nos. 1, 3, Alpha."]
    back = r.rename(roster, 1, "")  # no name: its number again
    assert said(r.called(back, 1)) == "Wolves no. 2"


def test_a_roster_stored_before_groups_loads_with_its_names() -> None:
    creature = {"name": "Wolf 1", "hp": 12, "max_hp": 12, "state": "fighting"}
    old = {"row_hp": 12, "ended": False, "creatures": [creature]}
    text = json.dumps({"app": "omen", "kind": "gurps_roster", "schema": 1, "data": old})
    roster = decode(r.SCHEMA, text)
    assert roster.group == "" and r.called(roster, 0) == "Wolf 1"


def test_a_rename_is_kept_and_changes_nothing_else() -> None:
    roster, _ = r.damage(wolves(), 1, 5)
    renamed = r.rename(roster, 1, "  Alpha  ")
    assert renamed.creatures[1] == Creature("Alpha", 7, 12)
    assert renamed.creatures[0] == roster.creatures[0]


# --- the state machine, whatever the order of taps ---------------------------------------

CHANGES = st.lists(
    st.tuples(
        st.integers(0, 5),
        st.sampled_from(["damage", "heal", "hp", "out", "fled", "surrendered", "dead", "back"]),
        st.integers(1, 60),
    ),
    max_size=40,
)
STATES = {
    "out": State.OUT,
    "fled": State.FLED,
    "surrendered": State.SURRENDERED,
    "dead": State.DEAD,
    "back": State.FIGHTING,
}


def apply(roster: Roster, change: tuple[int, str, int]) -> tuple[Roster, bool]:
    index, kind, amount = change
    index %= len(roster.creatures)
    try:
        if kind == "damage":
            return r.damage(roster, index, amount)[0], True
        if kind == "heal":
            return r.heal(roster, index, amount)[0], True
        if kind == "hp":
            return r.set_hit_points(roster, index, amount)[0], True
        return r.set_state(roster, index, STATES[kind])[0], True
    except RulesError:
        return roster, False  # refused: the roster stays as it was


@settings(max_examples=300, deadline=None)
@given(st.integers(1, 6), st.one_of(st.none(), st.integers(1, 30)), CHANGES)
def test_any_order_of_changes_keeps_the_rules(
    group: int, hp: int | None, changes: list[tuple[int, str, int]]
) -> None:
    """Whatever is tapped in whatever order: HP never above full, -5×HP or below is
    dead, the dead never change again, each change touches one creature, the fight is
    over exactly when nobody fights, and every roster is saved and read back as it was."""
    roster = r.muster("orcs", group, hp)[0]
    for change in changes:
        before = roster
        roster, done = apply(roster, change)
        changed = [
            i
            for i, (a, b) in enumerate(zip(before.creatures, roster.creatures, strict=True))
            if a != b
        ]
        assert len(changed) <= 1 and (done or not changed)
        for old, new in zip(before.creatures, roster.creatures, strict=True):
            if old.state is State.DEAD:
                assert new == old
            if new.hp is not None and new.max_hp is not None:
                assert new.hp <= new.max_hp
                if new.hp <= -5 * new.max_hp:
                    assert new.state is State.DEAD
                assert new.injury is not None
                assert new.injury.condition is expected(new.hp, new.max_hp)
        assert roster.over == all(c.state is not State.FIGHTING for c in roster.creatures)
        assert Roster.from_json(json.loads(json.dumps(roster.to_json()))) == roster
    if roster.over:
        ended, outcome = r.conclude(roster)
        assert ended.ended and len(outcome.steps) >= 1
        assert Roster.from_json(ended.to_json()) == ended


# --- the stored part, and what it may not hold --------------------------------------------


def test_the_roster_is_saved_and_loaded_back() -> None:
    roster, _ = r.damage(wolves(), 0, 9)
    roster = r.rename(roster, 1, "Šéf 👑")
    text = encode(r.SCHEMA, roster.to_json())
    assert decode(r.SCHEMA, text) == roster
    assert Roster.from_json(json.loads(json.dumps(Roster().to_json()))) == Roster()


GOOD = r.damage(wolves(), 0, 5)[0].to_json()
FIRST = GOOD["creatures"][0]


@pytest.mark.parametrize(
    "bad",
    [
        None,
        [],
        {},
        {**GOOD, "extra": 1},
        {**GOOD, "row_hp": 0},
        {**GOOD, "row_hp": "12"},
        {**GOOD, "row_hp": True},
        {**GOOD, "ended": 1},
        {**GOOD, "ended": True},  # ended while creatures still fight
        {**GOOD, "creatures": {}},
        {**GOOD, "creatures": [FIRST] * 101},
        {**GOOD, "creatures": [{**FIRST, "hp": -60}]},  # -5×HP yet fighting
        {**GOOD, "creatures": [{**FIRST, "hp": 99}]},  # above its full HP
        {**GOOD, "creatures": [{**FIRST, "hp": -(10**9), "state": "dead"}]},
        {**GOOD, "creatures": [{**FIRST, "hp": True}]},
        {**GOOD, "creatures": [{**FIRST, "hp": 7.0}]},
        {**GOOD, "creatures": [{**FIRST, "max_hp": None}]},
        {**GOOD, "creatures": [{**FIRST, "max_hp": 0, "hp": 0}]},
        {**GOOD, "creatures": [{**FIRST, "name": " "}]},
        {**GOOD, "creatures": [{**FIRST, "name": "Alpha "}]},
        {**GOOD, "group": None},
        {**GOOD, "group": "x" * 41},
        {**GOOD, "group": "\tWolves"},
        {k: v for k, v in GOOD.items() if k != "group"},
        {**GOOD, "creatures": [{**FIRST, "name": "x" * 41}]},
        {**GOOD, "creatures": [{**FIRST, "name": 7}]},
        {**GOOD, "creatures": [{**FIRST, "state": "zombie"}]},
        {**GOOD, "creatures": [{**FIRST, "state": ["dead"]}]},
        {**GOOD, "creatures": [{**FIRST, "faces": [3]}]},
        {**GOOD, "creatures": [{k: v for k, v in FIRST.items() if k != "hp"}]},
    ],
)
def test_a_damaged_roster_is_refused_with_a_sentence(bad: Any) -> None:
    with pytest.raises(StoredDataError, match="GURPS roster of creatures is damaged"):
        Roster.from_json(bad)


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**6), 10**6) | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=5)
    ),
    max_leaves=20,
)


@settings(max_examples=300, deadline=None)
@given(JSON)
def test_any_json_loads_or_is_refused_as_damaged(data: Any) -> None:
    try:
        roster = Roster.from_json(data)
    except StoredDataError:
        return
    assert Roster.from_json(roster.to_json()) == roster


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(["name", "hp", "max_hp", "state", "row_hp", "ended", "group"]), JSON)
def test_one_field_changed_to_anything_loads_or_is_refused(field: str, value: Any) -> None:
    if field in ("row_hp", "ended", "group"):
        data = {**GOOD, field: value}
    else:
        data = {**GOOD, "creatures": [{**FIRST, field: value}]}
    try:
        roster = Roster.from_json(data)
    except StoredDataError:
        return
    assert all(isinstance(c, Creature) for c in roster.creatures)
    assert Roster.from_json(roster.to_json()) == roster

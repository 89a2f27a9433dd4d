"""The OSE encounter's creatures from the SRD's rules: hit points from every form of hit
dice (d8 per HD, the modifier once, ½ HD as a d4, at least 1), experience by HD and
special abilities, and the roster's changes feeding the morale rule."""

from __future__ import annotations

import itertools
import json
from collections import Counter
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from omen.core.dice import ScriptedDice, SeededDice
from omen.core.errors import RulesError, StoredDataError
from omen.core.roll import ArgValue, Step
from omen.core.store import decode, encode
from omen.ose import hit_dice as hd
from omen.ose import morale as m
from omen.ose import roster as r
from omen.ose.roster import Creature, Roster, State

# --- hit points ------------------------------------------------------------------------

FORMS = {
    # written: (dice, sides, modifier, abilities)
    "1-1": (1, 8, -1, 0),
    "1+1": (1, 8, 1, 0),
    "½": (1, 4, 0, 0),
    "1/2": (1, 4, 0, 0),
    "3*": (3, 8, 0, 1),
    "2+2": (2, 8, 2, 0),
    "1": (1, 8, 0, 0),
    "4+1**": (4, 8, 1, 2),
    "2-3": (2, 8, -3, 0),
}


@pytest.mark.parametrize("written", FORMS)
def test_hit_points_of_every_form_by_enumerating_every_throw(written: str) -> None:
    count, sides, modifier, abilities = FORMS[written]
    dice = hd.read_hit_dice(written)
    assert (dice.count, dice.sides, dice.modifier, dice.abilities) == (
        count,
        sides,
        modifier,
        abilities,
    )
    throws = list(itertools.product(range(1, sides + 1), repeat=count))
    expected = Counter(max(1, sum(throw) + modifier) for throw in throws)
    odds = hd.hit_point_odds(dice)
    assert odds == {hp: Fraction(n, len(throws)) for hp, n in expected.items()}
    assert sum(odds.values()) == 1 and min(odds) >= 1
    for throw in throws:  # and the roll itself gives what the enumeration counted
        rolled = hd.roll_hit_points(dice, ScriptedDice(throw))
        assert rolled.value == max(1, sum(throw) + modifier)
        assert rolled.faces == throw
        floored = sum(throw) + modifier < 1
        assert ("A monster has at least 1 hit point." in [s.english() for s in rolled.steps]) is (
            floored
        )


def test_the_minimum_of_one_hit_point() -> None:
    odds = hd.hit_point_odds(hd.read_hit_dice("1-1"))
    assert odds[1] == Fraction(2, 8)  # a 1 and a 2 on the d8 both leave 1
    assert 0 not in odds
    odds = hd.hit_point_odds(hd.read_hit_dice("2-3"))
    assert odds[1] == Fraction(6, 64)  # totals 2, 3 and 4 of 2d8: 1 + 2 + 3 throws


def test_the_steps_of_a_roll() -> None:
    rolled = hd.roll_hit_points(hd.read_hit_dice("1-1"), ScriptedDice([1]))
    assert [s.english() for s in rolled.steps] == [
        "HD 1-1: 1d8 − 1: 1 − 1 = 0",
        "A monster has at least 1 hit point.",
    ]
    rolled = hd.roll_hit_points(hd.read_hit_dice("½"), ScriptedDice([3]))
    assert [s.english() for s in rolled.steps] == ["HD ½: 1d4: 3 = 3"]


@pytest.mark.parametrize("text", ["", "x", "0", "1++1", "½+1", "-1", "1d8", "101", "1**********"])
def test_hit_dice_the_books_never_write_are_refused(text: str) -> None:
    with pytest.raises(RulesError):
        hd.read_hit_dice(text)


def test_typed_faces_must_fit_the_dice() -> None:
    with pytest.raises(RulesError, match="d4"):
        hd.roll_hit_points(hd.read_hit_dice("½"), ScriptedDice([5]))


# --- experience ------------------------------------------------------------------------

# The OSE SRD's table for defeated monsters: (HD as written, base XP, bonus per ability).
XP_TABLE = [
    ("½", 5, 1),
    ("1-1", 5, 1),
    ("1", 10, 3),
    ("1+1", 15, 4),
    ("2", 20, 5),
    ("2+2", 25, 10),
    ("3", 35, 15),
    ("3+1", 50, 25),
    ("4", 75, 50),
    ("4+2", 125, 75),
    ("5", 175, 125),
    ("5+1", 225, 175),
    ("6", 275, 225),
    ("6+3", 350, 300),
    ("7", 450, 400),
    ("7+1", 450, 400),
    ("8", 650, 550),
    ("8+2", 650, 550),
    ("9", 900, 700),
    ("10+1", 900, 700),
    ("11", 1100, 800),
    ("12+2", 1100, 800),
    ("13", 1350, 950),
    ("16+1", 1350, 950),
    ("17", 2000, 1150),
    ("20+3", 2000, 1150),
    ("21", 2500, 2000),
    ("21+1", 2500, 2000),
    ("22", 2750, 2250),
    ("25", 3500, 3000),
    ("3-1", 25, 10),  # below 3: among the 2+ monsters
]


@pytest.mark.parametrize(("written", "base", "bonus"), XP_TABLE)
def test_experience_per_hd_from_the_table(written: str, base: int, bonus: int) -> None:
    for stars in range(3):
        result = hd.experience(hd.read_hit_dice(written + "*" * stars))
        assert (result.base, result.bonus) == (base, bonus)
        assert result.value == base + stars * bonus


def test_a_2_2_monster_is_worth_more_than_a_2() -> None:
    assert hd.experience(hd.read_hit_dice("2")).value == 20
    assert hd.experience(hd.read_hit_dice("2+2")).value == 25


# --- the roster --------------------------------------------------------------------------


def goblins(count: int = 4, faces: tuple[int, ...] = (5, 4, 8, 6)) -> Roster:
    roster, _ = r.muster("2d4 goblins", count, "1-1", ScriptedDice(faces))
    return roster


def test_muster_rolls_each_creature_from_the_rows_hit_dice() -> None:
    roster, outcome = r.muster("2d4 goblins", 3, "1-1", ScriptedDice([5, 1, 8]))
    assert roster.group == "Goblins"
    assert [(c.name, c.hp, c.max_hp, c.faces) for c in roster.creatures] == [
        ("", 4, 4, (5,)),
        ("", 1, 1, (1,)),
        ("", 7, 7, (8,)),
    ]
    assert outcome.title.english() == "3 creatures on the roster, hit points rolled."
    assert [s.english() for s in outcome.steps] == [
        "Goblins no. 1: HD 1-1: 1d8 − 1: 5 − 1 = 4",
        "Goblins no. 2: HD 1-1: 1d8 − 1: 1 − 1 = 0",
        "Goblins no. 2: A monster has at least 1 hit point.",
        "Goblins no. 3: HD 1-1: 1d8 − 1: 8 − 1 = 7",
    ]
    assert [s.english() for s in r.hit_point_steps(roster, 2)] == ["HD 1-1: 1d8 − 1: 8 − 1 = 7"]


def test_a_row_without_hit_dice_gives_creatures_whose_hit_points_are_typed() -> None:
    roster, outcome = r.muster("bandits", 2, "", ScriptedDice([]))
    assert [c.hp for c in roster.creatures] == [None, None]
    assert outcome.title.english() == "2 creatures on the roster: type their hit points."
    with pytest.raises(RulesError, match=r"Type the hit points of Bandits no\. 1 first"):
        r.damage(roster, 0, 3)
    roster, _ = r.set_hit_points(roster, 0, 6)
    roster, _ = r.damage(roster, 0, 2)
    roster, _ = r.set_hit_points(roster, 0, 9)  # the damage taken stays
    assert (roster.creatures[0].hp, roster.creatures[0].max_hp) == (7, 9)
    assert r.spoils(roster).each is None


def test_damage_to_zero_kills_and_the_dead_stay_dead() -> None:
    roster = goblins()
    roster, outcome = r.damage(roster, 0, 3)
    assert outcome.title.english() == "Goblins no. 1 takes 3 damage: 1 hit points left."
    roster, outcome = r.damage(roster, 0, 1)
    assert roster.creatures[0].state is State.KILLED and roster.creatures[0].hp == 0
    assert outcome.title.english() == "Goblins no. 1 takes 1 damage and is killed."
    for change in (
        lambda: r.damage(roster, 0, 1),
        lambda: r.heal(roster, 0, 1),
        lambda: r.set_state(roster, 0, State.FIGHTING),
    ):
        with pytest.raises(RulesError, match="killed already"):
            change()


def test_heal_stops_at_full_hit_points() -> None:
    roster = goblins()
    roster, _ = r.damage(roster, 1, 2)
    roster, outcome = r.heal(roster, 1, 5)
    assert (
        roster.creatures[1].hp == 3
        and outcome.title.english() == "Goblins no. 2 heals: 3 of 3 hit points."
    )
    with pytest.raises(RulesError, match="all its hit points"):
        r.heal(roster, 1, 1)


@pytest.mark.parametrize("amount", [0, -1, 10_000, True, "3", 1.5])
def test_an_amount_outside_the_rules_is_refused(amount: Any) -> None:
    with pytest.raises(RulesError):
        r.damage(goblins(), 0, amount)


def test_a_broken_side_flees_or_surrenders_and_the_fight_is_over() -> None:
    roster = goblins()
    roster, _ = r.damage(roster, 0, 9)
    roster, _ = r.set_state(roster, 1, State.OUT)
    assert not roster.over
    roster, outcome = r.rout(roster, State.SURRENDERED)
    assert outcome.title.english() == "The side breaks: 2 creatures surrender."
    assert [c.state for c in roster.creatures] == [
        State.KILLED,
        State.OUT,
        State.SURRENDERED,
        State.SURRENDERED,
    ]
    assert roster.over
    spoils = r.spoils(roster)
    assert spoils.total == 20 and spoils.defeated == 4
    assert [s.english() for s in spoils.steps] == [
        "HD 1-1: 5 XP.",
        "4 creatures defeated × 5 XP = 20 XP, to share among the party.",
    ]


# --- morale from the roster, in every order of changes ---------------------------------

CHANGES = st.lists(
    st.tuples(
        st.integers(0, 5),
        st.sampled_from(["damage", "heal", "out", "fled", "killed", "back"]),
        st.integers(1, 9),
    ),
    max_size=30,
)


def apply(roster: Roster, change: tuple[int, str, int]) -> Roster:
    index, kind, amount = change
    index %= len(roster.creatures)
    try:
        if kind == "damage":
            return r.damage(roster, index, amount)[0]
        if kind == "heal":
            return r.heal(roster, index, amount)[0]
        state = {
            "out": State.OUT,
            "fled": State.FLED,
            "killed": State.KILLED,
            "back": State.FIGHTING,
        }[kind]
        return r.set_state(roster, index, state)[0]
    except RulesError:
        return roster  # refused: the roster stays as it was


@settings(max_examples=300, deadline=None)
@given(st.integers(1, 6), CHANGES, st.integers(3, 11), st.integers(0, 1000))
def test_morale_is_offered_exactly_when_a_change_calls_for_it(
    group: int, changes: list[tuple[int, str, int]], score: int, seed: int
) -> None:
    """Whatever the order of changes: the first death is offered at the change that
    kills the first creature, half out at the change that brings half the group down,
    each until it is checked; a checked trigger is never offered again."""
    roster, _ = r.muster("orcs", group, "1", SeededDice(seed))
    side = m.Morale(score=score, group=group)
    dice = SeededDice(seed + 1)
    first_death_seen = half_seen = False
    for change in changes:
        before = roster
        roster = apply(roster, change)
        fed = r.feed(side, roster)
        assert (fed.group, fed.killed, fed.out) == (group, roster.killed, roster.out)
        assert fed.killed + fed.out == sum(c.down for c in roster.creatures)
        offer = r.offered(side, roster)
        newly_dead = roster.killed >= 1 and before.killed == 0
        half_down = 2 * (roster.killed + roster.out) >= group
        if side.broken or side.steadfast or fed.down >= group:
            assert offer is None  # nobody left standing has morale to check
        elif m.Trigger.FIRST_DEATH not in side.checked and roster.killed >= 1:
            assert offer is m.Trigger.FIRST_DEATH
            if not first_death_seen:
                assert newly_dead  # offered at the very change of the first death
        elif m.Trigger.HALF_DOWN not in side.checked and half_down:
            assert offer is m.Trigger.HALF_DOWN
        else:
            assert offer is None
        first_death_seen |= roster.killed >= 1
        half_seen |= half_down
        if offer is not None:  # the referee rolls the check offered
            side, result = m.check(fed, dice)
            assert result.trigger is offer
            assert r.offered(side, roster) is not offer
            if side.broken:
                if not roster.over:
                    roster, _ = r.rout(roster, State.FLED)
                assert roster.over and r.offered(side, roster) is None


def test_no_check_is_offered_when_every_monster_is_down() -> None:
    """One ogre killed outright: the fight is over and no morale check is offered (an
    audit saw "the monsters break" offered for a group with nobody left)."""
    roster, _ = r.muster("ogre", 1, "4+1", ScriptedDice([8, 8, 8, 8]))
    roster, _ = r.damage(roster, 0, 50)
    assert roster.over
    assert r.offered(m.Morale(score=10), roster) is None
    three = goblins()
    for index in range(3):
        three, _ = r.damage(three, index, 10)
    three, _ = r.set_state(three, 3, State.OUT)
    assert r.offered(m.Morale(score=7, group=4), three) is None


def test_first_death_then_half_down_in_a_golden_trace() -> None:
    roster = goblins()  # 4 goblins: 4, 3, 7, 5 hit points
    side = m.Morale(score=7, group=4)
    roster, _ = r.damage(roster, 2, 3)
    assert r.offered(side, roster) is None
    roster, _ = r.damage(roster, 0, 4)
    assert r.offered(side, roster) is m.Trigger.FIRST_DEATH
    side, result = m.check(r.feed(side, roster), ScriptedDice([3, 3]))
    assert result.outcome is m.Outcome.HOLDS and r.offered(side, roster) is None
    roster, _ = r.set_state(roster, 1, State.OUT)  # asleep: two of four down
    assert r.offered(side, roster) is m.Trigger.HALF_DOWN
    side, result = m.check(r.feed(side, roster), ScriptedDice([6, 5]))
    assert side.broken
    roster, _ = r.rout(roster, State.FLED)
    assert roster.over and r.spoils(roster).total == 20


# --- the stored part, and what it may not hold ------------------------------------------


def said(name: ArgValue) -> str:
    """A creature's name as an English line says it."""
    return name.english() if isinstance(name, Step) else str(name)


def test_each_creature_goes_by_its_number_in_the_group_unless_named() -> None:
    roster = goblins()
    assert [said(r.called(roster, i)) for i in range(2)] == ["Goblins no. 1", "Goblins no. 2"]
    roster = r.rename(roster, 1, "  Grub  ")
    roster, outcome = r.damage(roster, 1, 1)
    assert outcome.title.english() == "Grub takes 1 damage: 2 hit points left."
    roster = r.rename(roster, 1, "   ")  # an empty name: its number again
    assert roster.creatures[1].name == "" and said(r.called(roster, 1)) == "Goblins no. 2"
    scene, _ = r.muster("3 goblins dragging a silver candlestick", 2, "1", ScriptedDice([3, 4]))
    assert scene.group == "" and said(r.called(scene, 1)) == "Creature no. 2"


def test_a_roster_stored_before_groups_loads_with_its_names() -> None:
    old = {
        "app": "omen",
        "kind": "ose_roster",
        "schema": 1,
        "data": {
            "hd": "1-1",
            "creatures": [
                {"name": "Goblin 1", "hp": 4, "max_hp": 4, "faces": [5], "state": "fighting"}
            ],
        },
    }
    roster = decode(r.SCHEMA, json.dumps(old))
    assert roster.group == "" and r.called(roster, 0) == "Goblin 1"


def test_the_roster_is_saved_and_loaded_back() -> None:
    roster = goblins()
    roster, _ = r.damage(roster, 0, 9)
    roster = r.rename(roster, 1, "Šéf 👑")
    text = encode(r.SCHEMA, roster.to_json())
    assert decode(r.SCHEMA, text) == roster
    assert Roster.from_json(json.loads(json.dumps(Roster().to_json()))) == Roster()


GOOD = goblins().to_json()


@pytest.mark.parametrize(
    "bad",
    [
        None,
        [],
        {},
        {**GOOD, "extra": 1},
        {**GOOD, "hd": "1d8"},
        {**GOOD, "hd": 5},
        {**GOOD, "creatures": {}},
        {**GOOD, "creatures": [GOOD["creatures"][0]] * 101},
        {**GOOD, "creatures": [{**GOOD["creatures"][0], "hp": 0}]},  # 0 HP yet fighting
        {**GOOD, "creatures": [{**GOOD["creatures"][0], "hp": 99}]},  # above its full HP
        {**GOOD, "creatures": [{**GOOD["creatures"][0], "hp": True}]},
        {**GOOD, "creatures": [{**GOOD["creatures"][0], "max_hp": None}]},
        {**GOOD, "creatures": [{**GOOD["creatures"][0], "name": " "}]},
        {**GOOD, "creatures": [{**GOOD["creatures"][0], "name": " Grub"}]},
        {**GOOD, "group": 7},
        {**GOOD, "group": "x" * 41},
        {**GOOD, "group": " Goblins"},
        {k: v for k, v in GOOD.items() if k != "group"},
        {**GOOD, "creatures": [{**GOOD["creatures"][0], "name": "x" * 41}]},
        {**GOOD, "creatures": [{**GOOD["creatures"][0], "name": 7}]},
        {**GOOD, "creatures": [{**GOOD["creatures"][0], "state": "zombie"}]},
        {**GOOD, "creatures": [{**GOOD["creatures"][0], "faces": [9]}]},
        {**GOOD, "creatures": [{**GOOD["creatures"][0], "faces": "5"}]},
        {**GOOD, "creatures": [{**GOOD["creatures"][0], "faces": [1] * 101}]},
        {**GOOD, "creatures": [{k: v for k, v in GOOD["creatures"][0].items() if k != "hp"}]},
    ],
)
def test_a_damaged_roster_is_refused_with_a_sentence(bad: Any) -> None:
    with pytest.raises(StoredDataError, match="roster of creatures is damaged"):
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
@given(st.sampled_from(["name", "hp", "max_hp", "faces", "state"]), JSON)
def test_one_field_of_a_creature_changed_to_anything(field: str, value: Any) -> None:
    creature = {**GOOD["creatures"][0], field: value}
    try:
        roster = Roster.from_json({**GOOD, "creatures": [creature]})
    except StoredDataError:
        return
    assert isinstance(roster.creatures[0], Creature)
    assert Roster.from_json(roster.to_json()) == roster

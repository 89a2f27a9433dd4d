"""The creatures of a GURPS encounter, one by one: the roster.

Source: GURPS Basic Set, *General Injury: Lost Hit Points* (p. B419, with pp. B327 and
B380), in our own words; the thresholds themselves are in :mod:`omen.gurps.injury`.

When an encounter opens from a table row, the roster lists each creature that came
under the row's name, by number ("Wolves no. 1", "Wolves no. 2" ...: why a number, in
:mod:`omen.campaign.roster_names`): as many as the encounter says came (the number rolled for the
row, else the row's group size), each with the full hit points (HP) the row gives, or,
for a row without HP, waiting for the game master to type them. In the fight each
creature is hurt or healed, drops out of the fight (unconscious, stunned, held), flees,
surrenders or dies. Its hit points say what the hurt does to it, threshold by threshold:

- below 1/3 of its HP it reels, its Move and Dodge halved;
- at 0 HP or below it rolls HT each turn to stay conscious;
- at -1×HP and at each further multiple it rolls HT or dies (the game master marks a
  failed roll with "Dies");
- at -5×HP it is dead, with no roll.

**The end of the fight.** Once no creature fights on (each is dead, out of the fight,
fled or surrendered), the fight can be ended: the log says who ended how.

Every change is a pure function: it takes the roster and returns the next one with a
headline and steps for the log, so Undo is putting the earlier roster back.
The shape every game's roster shares (a creature and its name, the roster, picking a
creature, the refusals, the change of state, the rename, the stored form's checks) is
:mod:`omen.campaign.roster`'s; this module keeps this game's states, hit points and
death.

>>> roster, outcome = muster("3 wolves", 3, 10)
>>> roster.group, [c.hp for c in roster.creatures]
('Wolves', [10, 10, 10])
>>> roster, outcome = damage(roster, 1, 8)
>>> outcome.title.english()
'Wolves no. 2 takes 8 damage: 2 of 10 HP.'
>>> outcome.steps[-1].english()
'Less than 1/3 of its HP left: it reels, its Move and Dodge halved (p. B419).'
>>> roster, outcome = damage(roster, 1, 52)
>>> outcome.title.english(), roster.creatures[1].state.name
('Wolves no. 2 takes 52 damage and dies.', 'DEAD')
>>> Roster.from_json(roster.to_json()) == roster
True
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from omen.campaign import roster as common
from omen.campaign.roster import whole
from omen.campaign.roster_names import group_name, listed
from omen.campaign.state import Outcome
from omen.core.errors import RulesError, StoredDataError
from omen.core.roll import N_, ArgValue, Step
from omen.core.store import Schema
from omen.gurps.injury import DEAD_AT, Condition, Injury, injury

if TYPE_CHECKING:
    from omen.campaign.meeting import Meeting

KIND = "gurps"
MAX_CREATURES = common.MAX_CREATURES
MAX_HIT_POINTS = common.MAX_HIT_POINTS
MAX_AMOUNT = common.MAX_AMOUNT
# The lowest HP a record holds: a dead creature takes no more damage, so this is as far
# as one blow (or HP typed lower after the damage) can reach past -5×HP.
LOWEST_HP = -(DEAD_AT * MAX_HIT_POINTS) - MAX_AMOUNT


class State(enum.Enum):
    """Where a creature stands in the fight."""

    FIGHTING = "fighting"
    OUT = "out"  # unconscious, stunned, held: out of the fight but alive
    FLED = "fled"
    SURRENDERED = "surrendered"
    DEAD = "dead"


STATE_WORDS = {
    State.FIGHTING: N_("fighting"),
    State.OUT: N_("out of the fight"),
    State.FLED: N_("fled"),
    State.SURRENDERED: N_("surrendered"),
    State.DEAD: N_("dead"),
}

_STATE_TITLE = {
    State.FIGHTING: N_("{name} is back in the fight."),
    State.OUT: N_("{name} is out of the fight (unconscious, stunned or held)."),
    State.FLED: N_("{name} flees."),
    State.SURRENDERED: N_("{name} surrenders."),
    State.DEAD: N_("{name} dies."),
}

# The end of the fight names who ended how, one line for each way.
_ENDED_LINE = {
    State.DEAD: N_("Dead: {names}."),
    State.OUT: N_("Out of the fight: {names}."),
    State.FLED: N_("Fled: {names}."),
    State.SURRENDERED: N_("Surrendered: {names}."),
}


def signed(value: int) -> int | str:
    """A number of HP as the page shows it: below zero with a true minus sign (−1).

    >>> signed(4), signed(-12)
    (4, '−12')
    """
    return value if value >= 0 else f"−{-value}"


@dataclass(frozen=True)
class Creature(common.Creature):
    """One creature: its own name (``""``: called by its number), its hit points now
    and at full (``None`` until typed, for a row without HP) and where it stands. At
    -5×HP or below it is dead."""

    name: str = ""
    hp: int | None = None
    max_hp: int | None = None
    state: State = State.FIGHTING

    def __post_init__(self) -> None:
        self.check_name_and_hit_points()
        if not isinstance(self.state, State):
            raise common.damaged_record()
        if self.hp is not None and self.max_hp is not None:
            if not whole(self.max_hp) or not 1 <= self.max_hp <= MAX_HIT_POINTS:
                raise RulesError(
                    Step(N_("HP are a whole number from 1 to {high}."), {"high": MAX_HIT_POINTS})
                )
            if not whole(self.hp) or not LOWEST_HP <= self.hp <= self.max_hp:
                raise common.damaged_record()
            if self.hp <= -DEAD_AT * self.max_hp and self.state is not State.DEAD:
                raise common.damaged_record()

    @property
    def injury(self) -> Injury | None:
        """What its lost hit points do to it (p. B419); ``None`` until its HP are known."""
        if self.hp is None or self.max_hp is None:
            return None
        return injury(self.hp, self.max_hp)

    def to_json(self) -> dict[str, Any]:
        """Its stored form."""
        return {"name": self.name, "hp": self.hp, "max_hp": self.max_hp, "state": self.state.value}

    @classmethod
    def from_json(cls, data: Any) -> Creature:
        """A stored creature goes through the same checks as a new one."""
        keys = ("name", "hp", "max_hp", "state")
        fields = common.stored_fields(data, keys, ("hp", "max_hp"), _damaged())
        state = common.stored_state(fields, State, _damaged())
        try:
            return cls(fields["name"], fields["hp"], fields["max_hp"], state)
        except (RulesError, TypeError) as error:
            raise _damaged() from error


@dataclass(frozen=True)
class Roster(common.Roster[Creature]):
    """The creatures of the encounter, the full HP the row gave them (``None`` when it
    gave none: each is typed), whether the fight has been ended, and the group's name
    (empty when the row tells a scene)."""

    creatures: tuple[Creature, ...] = ()
    row_hp: int | None = None
    ended: bool = False
    group: str = ""

    def __post_init__(self) -> None:
        self.check_creatures(Creature)
        if self.row_hp is not None and (
            not whole(self.row_hp) or not 1 <= self.row_hp <= MAX_HIT_POINTS
        ):
            raise common.damaged_record()
        if not isinstance(self.ended, bool) or (self.ended and not self.over):
            raise common.damaged_record()

    def count(self, state: State) -> int:
        """How many are in ``state``."""
        return sum(1 for c in self.creatures if c.state is state)

    def to_json(self) -> dict[str, Any]:
        """Its stored form."""
        return {
            "row_hp": self.row_hp,
            "ended": self.ended,
            "group": self.group,
            "creatures": [c.to_json() for c in self.creatures],
        }

    @classmethod
    def from_json(cls, data: Any) -> Roster:
        """Read its stored form back; a :class:`StoredDataError` when it does not fit."""
        keys = ("row_hp", "ended", "group", "creatures")
        fields = common.stored_fields(data, keys, ("row_hp",), _damaged())
        creatures = common.stored_creatures(fields, _damaged())
        try:
            return cls(
                tuple(Creature.from_json(c) for c in creatures),
                data["row_hp"],
                data["ended"],
                data["group"],
            )
        except (RulesError, TypeError) as error:
            raise _damaged() from error


def _damaged() -> StoredDataError:
    return StoredDataError(
        Step(N_("A stored GURPS roster of creatures is damaged and cannot be read."))
    )


SCHEMA: Schema[Roster] = Schema("gurps_roster", 2, {1: common.before_groups}, Roster.from_json)


# --- making the roster -----------------------------------------------------------------


def muster(text: str, count: int, hp: int | None) -> tuple[Roster, Outcome]:
    """The roster of ``count`` creatures met as ``text`` (their group named as
    :func:`~omen.campaign.roster_names.group_name` says), each with the row's full
    ``hp`` (with none given, each waits for its HP to be typed).

    >>> roster, outcome = muster("A band of ogres in the ruins", 2, None)
    >>> called(roster, 1).english(), outcome.title.english()
    ('Creature no. 2', '2 creatures on the roster: type their HP.')
    """
    if not whole(count) or not 1 <= count <= MAX_CREATURES:
        raise RulesError(
            Step(
                N_("A roster holds 1 to {limit} creatures: {count} came."),
                {"limit": MAX_CREATURES, "count": count if whole(count) else str(count)[:20]},
            )
        )
    if hp is not None and (not whole(hp) or not 1 <= hp <= MAX_HIT_POINTS):
        raise RulesError(
            Step(N_("HP are a whole number from 1 to {high}."), {"high": MAX_HIT_POINTS})
        )
    creatures = tuple(Creature("", hp, hp) for _number in range(count))
    if hp is None:
        title = Step(
            N_("{count} creature on the roster: type its HP."),
            {"count": count},
            plural=N_("{count} creatures on the roster: type their HP."),
        )
    else:
        title = Step(
            N_("{count} creature on the roster, {hp} HP each."),
            {"count": count, "hp": hp},
            plural=N_("{count} creatures on the roster, {hp} HP each."),
        )
    return Roster(creatures, hp, group=group_name(text)), Outcome(title, (), KIND)


def met(meeting: Meeting) -> tuple[Roster, Outcome] | None:
    """The roster of an encounter opened from a table row: as many as came (the number
    rolled for the row, else the row's group size, else one creature for a row with
    GURPS stats), each with the row's HP. ``None`` when the meeting names no count and
    no GURPS stats, or more than a roster holds (a battle): then there is no roster.

    >>> from omen.campaign.meeting import Meeting
    >>> from omen.campaign.table_draw import Found
    >>> from omen.campaign.tables import read_stats
    >>> stats = read_stats("SM 0, Group 2, HP 14")
    >>> [len(met(Meeting("Ogres", found=Found(n, stats)))[0].creatures) for n in (3, None)]
    [3, 2]
    >>> met(Meeting("A quiet road")) is None
    True
    """
    stats = meeting.stats
    count = meeting.count if meeting.count is not None and meeting.count >= 1 else None
    if count is None and not stats.given(KIND):
        return None
    count = count or stats.group or 1
    if count > MAX_CREATURES:
        return None
    return muster(meeting.creature, count, stats.hp)


# --- changes in the fight --------------------------------------------------------------


called = common.called
rename = common.rename

_STATES = common.States(
    STATE_WORDS,
    _STATE_TITLE,
    State.DEAD,
    N_("{name} is dead already: Undo takes a death back."),
    KIND,
)


def _with(roster: Roster, index: int, creature: Creature) -> Roster:
    """The roster with one creature changed: a fight ended goes on again."""
    return common.with_creature(roster, index, creature, ended=False)


def _known(roster: Roster, index: int) -> tuple[int, int]:
    return common.known(roster, index, N_("Type the HP of {name} first."))


def _condition_steps(before: Injury | None, after: Injury) -> tuple[Step, ...]:
    """The threshold a creature stands at now, when it is one of B419's (reeling or
    worse), or when it has just climbed back above one."""
    if after.condition not in (Condition.UNHURT, Condition.HURT):
        return (after.step,)
    if before is not None and before.condition not in (Condition.UNHURT, Condition.HURT):
        return (after.step,)
    return ()


def damage(roster: Roster, index: int, amount: int) -> tuple[Roster, Outcome]:
    """``amount`` damage to one creature; at -5×HP or below it dies (p. B419)."""
    common.creature(roster, index)
    amount = common.amount(amount)
    creature = _STATES.alive(roster, index)
    hp, max_hp = _known(roster, index)
    left = max(hp - amount, LOWEST_HP)
    now = injury(left, max_hp)
    steps: tuple[Step, ...] = (
        Step(
            N_("HP: {before} − {amount} = {after} of {max}."),
            {"before": signed(hp), "amount": amount, "after": signed(left), "max": max_hp},
        ),
        *_condition_steps(creature.injury, now),
    )
    if left <= -DEAD_AT * max_hp:
        hurt = replace(creature, hp=left, state=State.DEAD)
        title = Step(
            N_("{name} takes {amount} damage and dies."),
            {"name": called(roster, index), "amount": amount},
        )
    else:
        hurt = replace(creature, hp=left)
        title = Step(
            N_("{name} takes {amount} damage: {hp} of {max} HP."),
            {"name": called(roster, index), "amount": amount, "hp": signed(left), "max": max_hp},
        )
    return _with(roster, index, hurt), Outcome(title, steps, KIND)


def heal(roster: Roster, index: int, amount: int) -> tuple[Roster, Outcome]:
    """``amount`` HP back, never above the creature's full HP."""
    common.creature(roster, index)
    amount = common.amount(amount)
    creature = _STATES.alive(roster, index)
    hp, max_hp = _known(roster, index)
    if hp >= max_hp:
        raise RulesError(
            Step(N_("{name} has all its HP already."), {"name": called(roster, index)})
        )
    after = min(max_hp, hp + amount)
    title = Step(
        N_("{name} heals: {hp} of {max} HP."),
        {"name": called(roster, index), "hp": signed(after), "max": max_hp},
    )
    steps = _condition_steps(creature.injury, injury(after, max_hp))
    return _with(roster, index, replace(creature, hp=after)), Outcome(title, steps, KIND)


def set_state(roster: Roster, index: int, state: State) -> tuple[Roster, Outcome]:
    """A creature drops out of the fight, flees, surrenders, dies (a failed HT roll
    against death) or comes back into the fight. The dead stay dead (Undo takes a death
    back)."""
    return _STATES.change(roster, index, state, ended=False)


def set_hit_points(roster: Roster, index: int, hp: int) -> tuple[Roster, Outcome]:
    """The game master types a creature's full HP (a row without HP, or one creature
    tougher than the rest); the damage it took so far is kept."""
    creature = _STATES.alive(roster, index)
    if not whole(hp) or not 1 <= hp <= MAX_HIT_POINTS:
        raise RulesError(
            Step(N_("HP are a whole number from 1 to {high}."), {"high": MAX_HIT_POINTS})
        )
    taken = 0 if creature.hp is None or creature.max_hp is None else creature.max_hp - creature.hp
    now = max(hp - taken, LOWEST_HP)
    state = State.DEAD if now <= -DEAD_AT * hp else creature.state
    typed = replace(creature, hp=now, max_hp=hp, state=state)
    title = Step(N_("{name}: {hp} HP."), {"name": called(roster, index), "hp": hp})
    steps = () if taken == 0 else _condition_steps(creature.injury, injury(now, hp))
    return _with(roster, index, typed), Outcome(title, steps, KIND)


# --- the end ---------------------------------------------------------------------------


def _listed(roster: Roster, state: State) -> ArgValue:
    """The creatures in ``state``, named in one line (``""`` for none)."""
    picked = [(c.name, n) for n, c in enumerate(roster.creatures, 1) if c.state is state]
    return listed(roster.group, picked)


def conclude(roster: Roster) -> tuple[Roster, Outcome]:
    """End a fight in which no creature fights on: the log names who ended how.

    >>> roster, _ = muster("2 orcs", 2, 12)
    >>> roster, _ = damage(roster, 0, 72)
    >>> roster, _ = set_state(roster, 1, State.FLED)
    >>> roster, outcome = conclude(roster)
    >>> [outcome.title.english(), *(step.english() for step in outcome.steps)]
    ['The fight is over: 2 creatures defeated.', 'Dead: Orcs no. 1.', 'Fled: Orcs no. 2.']
    """
    if roster.ended:
        raise RulesError(Step(N_("This fight is ended already.")))
    standing = _listed(roster, State.FIGHTING)
    if not roster.creatures or standing:
        raise RulesError(
            Step(N_("The fight goes on. Still fighting: {names}."), {"names": standing})
        )
    count = len(roster.creatures)
    title = Step(
        N_("The fight is over: {count} creature defeated."),
        {"count": count},
        plural=N_("The fight is over: {count} creatures defeated."),
    )
    steps = tuple(
        Step(line, {"names": _listed(roster, state)})
        for state, line in _ENDED_LINE.items()
        if roster.count(state)
    )
    return replace(roster, ended=True), Outcome(title, steps, KIND)

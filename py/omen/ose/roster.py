"""The monsters of an Old-School Essentials encounter, one by one: the roster.

Sources: the OSE SRD, *Monsters* (hit points from hit dice), *Combat* (a creature
reduced to 0 hit points or fewer is killed), *Morale* (checks at the first death and when
half of the group is out of the fight) and *Awarding XP*, in our own words; the hit
dice and experience themselves are in :mod:`omen.ose.hit_dice`.

When an encounter opens from a table row, the roster lists each creature that came
under the row's name, by number ("Goblins no. 1", "Goblins no. 2" ...: why a number, in
:mod:`omen.campaign.roster_names`), with hit points rolled from the row's hit dice (or, for a
row without them, typed by the referee). In the fight each creature is hurt or healed,
put out of the fight (asleep, held, paralysed), flees, surrenders or is killed; at 0 hit
points or fewer it is killed.

**Morale from the roster.** The side's losses are the roster's: the killed are counted
as killed, and a creature asleep, held, fled or surrendered as out of the fight. The
morale rule (:mod:`omen.ose.morale`) then says, from those counts alone, when a check is
due: the change that kills the side's first creature calls for one, and so does the
change that puts half of the group out of the fight. A side that breaks leaves the
fight: every creature still fighting flees or surrenders (the referee says which).

**The end of the fight.** Once no creature fights on, the fight is over. The OSE SRD
counts every monster defeated (slain, overcome, captured or scared away) for experience,
so every creature on the roster earns its XP then, to share among the party.

Every change is a pure function: it takes the roster and returns the next one with a
headline and steps for the log, so Undo is putting the earlier roster back.
The shape every game's roster shares (a creature and its name, the roster, picking a
creature, the refusals, the change of state, the rename, the stored form's checks) is
:mod:`omen.campaign.roster`'s; this module keeps this game's states, hit points and
death.

>>> from omen.core.dice import ScriptedDice
>>> roster, outcome = muster("3 goblins", 3, "1-1", ScriptedDice([5, 1, 8]))
>>> roster.group, [c.hp for c in roster.creatures]
('Goblins', [4, 1, 7])
>>> roster, outcome = damage(roster, 1, 2)
>>> outcome.title.english()
'Goblins no. 2 takes 2 damage and is killed.'
>>> side = feed(Morale(score=7), roster)
>>> side.group, side.killed, due(side).name
(3, 1, 'FIRST_DEATH')
>>> Roster.from_json(roster.to_json()) == roster
True
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, replace
from typing import Any

from omen.campaign import roster as common
from omen.campaign.roster import whole
from omen.campaign.roster_names import group_name, label
from omen.campaign.state import Outcome
from omen.core.dice import Dice
from omen.core.errors import RulesError, StoredDataError
from omen.core.roll import N_, Step
from omen.core.store import Schema
from omen.ose.hit_dice import (
    Experience,
    HitDice,
    experience,
    hit_points,
    read_hit_dice,
    roll_hit_points,
)
from omen.ose.morale import Morale, Trigger, due, losses

KIND = "ose"
MAX_HD_TEXT = 12
MAX_CREATURES = common.MAX_CREATURES
MAX_HIT_POINTS = common.MAX_HIT_POINTS
MAX_AMOUNT = common.MAX_AMOUNT


class State(enum.Enum):
    """Where a creature stands in the fight."""

    FIGHTING = "fighting"
    OUT = "out"  # asleep, held, paralysed: out of the fight but alive
    FLED = "fled"
    SURRENDERED = "surrendered"
    KILLED = "killed"


STATE_WORDS = {
    State.FIGHTING: N_("fighting"),
    State.OUT: N_("out of the fight"),
    State.FLED: N_("fled"),
    State.SURRENDERED: N_("surrendered"),
    State.KILLED: N_("killed"),
}

_STATE_TITLE = {
    State.FIGHTING: N_("{name} is back in the fight."),
    State.OUT: N_("{name} is out of the fight (asleep, held, paralysed)."),
    State.FLED: N_("{name} flees."),
    State.SURRENDERED: N_("{name} surrenders."),
    State.KILLED: N_("{name} is killed."),
}


@dataclass(frozen=True)
class Creature(common.Creature):
    """One creature: its own name (``""``: called by its number), hit points now and at
    full (``None`` until typed for a row without hit dice), the faces its hit points
    were rolled from (none when typed) and where it stands. At 0 hit points or fewer it
    is killed."""

    name: str = ""
    hp: int | None = None
    max_hp: int | None = None
    faces: tuple[int, ...] = ()
    state: State = State.FIGHTING

    def __post_init__(self) -> None:
        self.check_name_and_hit_points()
        if self.max_hp is not None and self.hp is not None:
            if not whole(self.max_hp) or not 1 <= self.max_hp <= MAX_HIT_POINTS:
                raise RulesError(
                    Step(
                        N_("Hit points are a whole number from 1 to {high}."),
                        {"high": MAX_HIT_POINTS},
                    )
                )
            if not whole(self.hp) or not -MAX_HIT_POINTS <= self.hp <= self.max_hp:
                raise common.damaged_record()
            if self.hp <= 0 and self.state is not State.KILLED:
                raise common.damaged_record()
        if not isinstance(self.state, State) or not all(
            whole(face) and 1 <= face <= 8 for face in self.faces
        ):
            raise common.damaged_record()

    def to_json(self) -> dict[str, Any]:
        """Its stored form."""
        return {
            "name": self.name,
            "hp": self.hp,
            "max_hp": self.max_hp,
            "faces": list(self.faces),
            "state": self.state.value,
        }

    @classmethod
    def from_json(cls, data: Any) -> Creature:
        """A stored creature goes through the same checks as a new one."""
        keys = ("name", "hp", "max_hp", "faces", "state")
        fields = common.stored_fields(data, keys, ("hp", "max_hp"), _damaged())
        faces = fields["faces"]
        if not isinstance(faces, list) or len(faces) > common.MAX_FACES:
            raise _damaged()
        if not all(whole(face) for face in faces):
            raise _damaged()
        state = common.stored_state(fields, State, _damaged())
        try:
            return cls(fields["name"], fields["hp"], fields["max_hp"], tuple(faces), state)
        except (RulesError, TypeError) as error:
            raise _damaged() from error


@dataclass(frozen=True)
class Roster(common.Roster[Creature]):
    """The creatures of the encounter, the hit dice they share (as the row writes
    them; empty when the row gives none) and the group's name (empty when the row tells
    a scene)."""

    creatures: tuple[Creature, ...] = ()
    hd: str = ""
    group: str = ""

    def __post_init__(self) -> None:
        self.check_creatures(Creature)
        if not isinstance(self.hd, str) or len(self.hd) > MAX_HD_TEXT:
            raise common.damaged_record()
        if self.hd:
            read_hit_dice(self.hd)

    @property
    def hit_dice(self) -> HitDice | None:
        """The creatures' hit dice, when the row gives them."""
        return read_hit_dice(self.hd) if self.hd else None

    @property
    def killed(self) -> int:
        """How many are killed."""
        return sum(1 for c in self.creatures if c.state is State.KILLED)

    @property
    def out(self) -> int:
        """How many are out of the fight alive: asleep, held, fled or surrendered."""
        return sum(1 for c in self.creatures if c.down and c.state is not State.KILLED)

    def to_json(self) -> dict[str, Any]:
        """Its stored form."""
        return {
            "hd": self.hd,
            "group": self.group,
            "creatures": [c.to_json() for c in self.creatures],
        }

    @classmethod
    def from_json(cls, data: Any) -> Roster:
        """Read its stored form back; a :class:`StoredDataError` when it does not fit."""
        fields = common.stored_fields(data, ("hd", "group", "creatures"), (), _damaged())
        creatures = common.stored_creatures(fields, _damaged())
        try:
            return cls(tuple(Creature.from_json(c) for c in creatures), data["hd"], data["group"])
        except (RulesError, TypeError) as error:
            raise _damaged() from error


def _damaged() -> StoredDataError:
    return StoredDataError(Step(N_("A stored roster of creatures is damaged and cannot be read.")))


SCHEMA: Schema[Roster] = Schema("ose_roster", 2, {1: common.before_groups}, Roster.from_json)


# --- making the roster -----------------------------------------------------------------


def muster(text: str, count: int, hd: str, dice: Dice) -> tuple[Roster, Outcome]:
    """The roster of ``count`` creatures met as ``text`` (their group named as
    :func:`~omen.campaign.roster_names.group_name` says), each with its hit points rolled from
    the row's hit dice ``hd`` (with none given, each waits for its hit points to be
    typed)."""
    if not whole(count) or not 1 <= count <= MAX_CREATURES:
        raise RulesError(
            Step(
                N_("A roster holds 1 to {limit} creatures: {count} came."),
                {"limit": MAX_CREATURES, "count": count},
            )
        )
    group = group_name(text)
    hit_dice = read_hit_dice(hd) if hd else None
    creatures: list[Creature] = []
    steps: list[Step] = []
    for number in range(1, count + 1):
        if hit_dice is None:
            creatures.append(Creature(""))
            continue
        rolled = roll_hit_points(hit_dice, dice)
        creatures.append(Creature("", rolled.value, rolled.value, rolled.faces))
        name = label(group, "", number)
        steps.extend(Step(N_("{name}: {step}"), {"name": name, "step": s}) for s in rolled.steps)
    if hit_dice is None:
        title = Step(
            N_("{count} creature on the roster: type its hit points."),
            {"count": count},
            plural=N_("{count} creatures on the roster: type their hit points."),
        )
    else:
        title = Step(
            N_("{count} creature on the roster, hit points rolled."),
            {"count": count},
            plural=N_("{count} creatures on the roster, hit points rolled."),
        )
    roster = Roster(tuple(creatures), "" if hit_dice is None else hit_dice.written(), group)
    return roster, Outcome(title, tuple(steps), KIND)


def hit_point_steps(roster: Roster, index: int) -> tuple[Step, ...]:
    """How a creature's hit points came about (none for typed ones)."""
    creature = common.creature(roster, index)
    hit_dice = roster.hit_dice
    if hit_dice is None or not creature.faces:
        return ()
    return hit_points(hit_dice, creature.faces).steps


# --- changes in the fight --------------------------------------------------------------


called = common.called
rename = common.rename

_STATES = common.States(
    STATE_WORDS,
    _STATE_TITLE,
    State.KILLED,
    N_("{name} is killed already: Undo takes a death back."),
    KIND,
)


def _known(roster: Roster, index: int) -> tuple[int, int]:
    return common.known(roster, index, N_("Type the hit points of {name} first."))


def damage(roster: Roster, index: int, amount: int) -> tuple[Roster, Outcome]:
    """``amount`` damage to one creature; at 0 hit points or fewer it is killed."""
    common.creature(roster, index)
    amount = common.amount(amount)
    creature = _STATES.alive(roster, index)
    hp, max_hp = _known(roster, index)
    left = max(hp - amount, -MAX_HIT_POINTS)
    steps: tuple[Step, ...] = (
        Step(
            N_("Hit points: {before} − {amount} = {after} of {max}."),
            {"before": hp, "amount": amount, "after": left, "max": max_hp},
        ),
    )
    if left <= 0:
        hurt = replace(creature, hp=left, state=State.KILLED)
        title = Step(
            N_("{name} takes {amount} damage and is killed."),
            {"name": called(roster, index), "amount": amount},
        )
        steps = (*steps, Step(N_("At 0 hit points or fewer a creature is killed.")))
    else:
        hurt = replace(creature, hp=left)
        title = Step(
            N_("{name} takes {amount} damage: {hp} hit points left."),
            {"name": called(roster, index), "amount": amount, "hp": left},
        )
    return common.with_creature(roster, index, hurt), Outcome(title, steps, KIND)


def heal(roster: Roster, index: int, amount: int) -> tuple[Roster, Outcome]:
    """``amount`` hit points back, never above the creature's full hit points."""
    common.creature(roster, index)
    amount = common.amount(amount)
    creature = _STATES.alive(roster, index)
    hp, max_hp = _known(roster, index)
    if hp >= max_hp:
        raise RulesError(
            Step(N_("{name} has all its hit points already."), {"name": called(roster, index)})
        )
    after = min(max_hp, hp + amount)
    title = Step(
        N_("{name} heals: {hp} of {max} hit points."),
        {"name": called(roster, index), "hp": after, "max": max_hp},
    )
    return common.with_creature(roster, index, replace(creature, hp=after)), Outcome(
        title, (), KIND
    )


def set_state(roster: Roster, index: int, state: State) -> tuple[Roster, Outcome]:
    """A creature falls out of the fight, flees, surrenders, is killed outright or comes
    back into the fight. The dead stay dead (Undo takes a death back)."""
    return _STATES.change(roster, index, state)


def set_hit_points(roster: Roster, index: int, hp: int) -> tuple[Roster, Outcome]:
    """The referee types a creature's hit points (a row without hit dice, or dice
    rolled at the table); the damage it took so far is kept."""
    creature = _STATES.alive(roster, index)
    if not whole(hp) or not 1 <= hp <= MAX_HIT_POINTS:
        raise RulesError(
            Step(N_("Hit points are a whole number from 1 to {high}."), {"high": MAX_HIT_POINTS})
        )
    taken = 0 if creature.hp is None or creature.max_hp is None else creature.max_hp - creature.hp
    now = hp - taken
    state = State.KILLED if now <= 0 else creature.state
    typed = replace(creature, hp=now, max_hp=hp, faces=(), state=state)
    title = Step(N_("{name}: {hp} hit points."), {"name": called(roster, index), "hp": hp})
    return common.with_creature(roster, index, typed), Outcome(title, (), KIND)


ROUTS = (State.FLED, State.SURRENDERED)


def rout(roster: Roster, state: State) -> tuple[Roster, Outcome]:
    """A broken side leaves the fight: every creature still fighting flees or
    surrenders."""
    if state not in ROUTS:
        raise RulesError(Step(N_("A broken side flees or surrenders.")))
    standing = [i for i, c in enumerate(roster.creatures) if c.state is State.FIGHTING]
    if not standing:
        raise RulesError(Step(N_("No creature is still fighting.")))
    for index in standing:
        roster = common.with_creature(roster, index, replace(roster.creatures[index], state=state))
    count = {"count": len(standing)}
    if state is State.FLED:
        title = Step(
            N_("The side breaks: {count} creature flees."),
            count,
            plural=N_("The side breaks: {count} creatures flee."),
        )
    else:
        title = Step(
            N_("The side breaks: {count} creature surrenders."),
            count,
            plural=N_("The side breaks: {count} creatures surrender."),
        )
    return roster, Outcome(title, (), KIND)


# --- morale and the end ----------------------------------------------------------------


def feed(side: Morale, roster: Roster) -> Morale:
    """The morale side with the roster's losses: the group is the roster, its killed are
    the killed, its out of the fight the rest who no longer fight. A roster without
    creatures leaves the side as it is."""
    if not roster.creatures:
        return side
    group = len(roster.creatures)
    if group != side.group:
        side = Morale(side.score, group, adjustment=side.adjustment)
    return losses(side, killed=roster.killed, out=roster.out)


def offered(side: Morale, roster: Roster) -> Trigger | None:
    """The morale check the roster calls for now, if any."""
    return due(feed(side, roster))


@dataclass(frozen=True)
class Spoils:
    """The experience for the creatures defeated: each one's, the total, and the steps."""

    each: Experience | None
    defeated: int
    total: int
    steps: tuple[Step, ...]


def spoils(roster: Roster) -> Spoils:
    """The XP the party earns for the creatures of a fight that is over (nothing when
    the row gives no hit dice: the referee works it out from the creature's entry).

    >>> from omen.core.dice import ScriptedDice
    >>> roster, _ = muster("2 bugbears", 2, "3+1", ScriptedDice([4, 4, 4, 4, 4, 4]))
    >>> roster, _ = rout(roster, State.FLED)
    >>> [step.english() for step in spoils(roster).steps]
    ['HD 3+1: 50 XP.', '2 creatures defeated × 50 XP = 100 XP, to share among the party.']
    """
    hit_dice = roster.hit_dice
    defeated = sum(1 for c in roster.creatures if c.down)
    if hit_dice is None:
        return Spoils(
            None,
            defeated,
            0,
            (Step(N_("The row gives no hit dice: see the creature's entry for its XP.")),),
        )
    each = experience(hit_dice)
    total = each.value * defeated
    steps = (
        *each.steps,
        Step(
            N_("{count} creature defeated × {xp} XP = {total} XP, to share among the party."),
            {"count": defeated, "xp": each.value, "total": total},
            plural=N_(
                "{count} creatures defeated × {xp} XP = {total} XP, to share among the party."
            ),
        ),
    )
    return Spoils(each, defeated, total, steps)

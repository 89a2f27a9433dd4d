"""What every game's encounter roster has in common: the creatures one by one.

When an encounter opens from a table row, a game with a roster (Old-School Essentials,
GURPS) lists each creature that came, under the group's name and by number
(:mod:`omen.campaign.roster_names`). Whatever the game, a creature has a name of its own
or none, hit points now and at full (unknown until the game master types them for a row
that gives none) and a state in the fight, one of which is death. The game master picks
a creature by its place on the roster; a change to it is refused with a sentence when
the creature is not there, is dead already (the dead stay dead: only Undo takes a death
back), has no hit points yet, or is in the state asked for already. A new name is no
action in the fight and is not logged. Every change is a pure function returning the
next roster, so Undo is putting the earlier roster back.

What each game keeps for itself: its states and their words, how hurt tells (OSE's hit
points, GURPS's HP and the thresholds of p. B419), when a creature dies, and what else
its roster stores (OSE's hit dice, GURPS's row HP and whether the fight was ended).
This module holds the shape both follow: the creature's and the roster's common checks,
the lookups and refusals, the change of state, the rename, and the stored form's
skeleton, which refuses hostile input before a game reads its own fields.

>>> from omen.core.roll import Step
>>> import enum
>>> class Mood(enum.Enum):
...     FIGHTING = "fighting"
...     DEAD = "dead"
>>> words = {Mood.FIGHTING: "fighting", Mood.DEAD: "dead"}
>>> titles = {Mood.FIGHTING: "{name} fights.", Mood.DEAD: "{name} dies."}
>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Orc(Creature):
...     name: str = ""
...     hp: int | None = None
...     max_hp: int | None = None
...     state: Mood = Mood.FIGHTING
>>> @dataclass(frozen=True)
... class Orcs(Roster[Orc]):
...     creatures: tuple[Orc, ...] = ()
...     group: str = ""
>>> orcs = Orcs((Orc(), Orc()), "Orcs")
>>> rules = States(words, titles, Mood.DEAD, "{name} is dead already.", "test")
>>> orcs, outcome = rules.change(orcs, 1, Mood.DEAD)
>>> outcome.title.english(), orcs.creatures[1].state.name
('Orcs no. 2 dies.', 'DEAD')
>>> called(rename(orcs, 0, " Grub "), 0)
'Grub'
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Any, Generic, TypeVar, cast

from omen.campaign.roster_names import MAX_NAME, label
from omen.campaign.state import Outcome
from omen.core.errors import RulesError, StoredDataError
from omen.core.roll import N_, ArgValue, Step

MAX_CREATURES = 100  # a roster this long is already a battle
MAX_HIT_POINTS = 10_000  # as a table row's hit points may say
MAX_AMOUNT = 9_999  # damage or healing in one change
MAX_FACES = 100  # dice faces a stored creature may keep


def whole(value: Any) -> bool:
    """Whether ``value`` is a whole number (``True`` and ``False`` are not)."""
    return isinstance(value, int) and not isinstance(value, bool)


def damaged_record() -> RulesError:
    """The refusal of a creature or roster that cannot be (a damaged record)."""
    return RulesError(Step(N_("A creature's record is damaged.")))


class Creature:
    """What every game's creature has (each game's class is a frozen dataclass with
    these fields, and its ``state``): its own name (``""``: called by its number), hit
    points now and at full (both ``None`` until typed)."""

    name: str
    hp: int | None
    max_hp: int | None
    state: Any  # the game's State

    def check_name_and_hit_points(self) -> None:
        """The checks every game makes of a creature: a name of at most ``MAX_NAME``
        characters with no space around it, hit points known or unknown together."""
        name = self.name
        if not isinstance(name, str) or name != name.strip() or len(name) > MAX_NAME:
            raise RulesError(
                Step(N_("A creature's name is 1 to {limit} characters."), {"limit": MAX_NAME})
            )
        if not isinstance(self.state, enum.Enum) or (self.hp is None) != (self.max_hp is None):
            raise damaged_record()

    @property
    def down(self) -> bool:
        """Whether it no longer fights (dead, out of the fight, fled or surrendered):
        every game stores the state of a creature still fighting as ``"fighting"``."""
        return bool(self.state.value != "fighting")


C = TypeVar("C", bound=Creature)
R = TypeVar("R", bound="Roster[Any]")


class Roster(Generic[C]):
    """What every game's roster has (each game's class is a frozen dataclass with these
    fields and its own): the creatures and the group's name (``""`` for a row that tells
    a scene)."""

    creatures: tuple[C, ...]
    group: str

    def check_creatures(self, kind: type[C]) -> None:
        """The checks every game makes of a roster: at most ``MAX_CREATURES`` creatures,
        each one of the game's, and a group's name like a creature's."""
        if not isinstance(self.creatures, tuple) or len(self.creatures) > MAX_CREATURES:
            raise RulesError(
                Step(N_("A roster holds at most {limit} creatures."), {"limit": MAX_CREATURES})
            )
        if not all(isinstance(c, kind) for c in self.creatures) or not good_group(self.group):
            raise damaged_record()

    @property
    def over(self) -> bool:
        """Whether the fight is over: there are creatures and none fights on."""
        return bool(self.creatures) and all(c.down for c in self.creatures)


def good_group(group: Any) -> bool:
    """Whether ``group`` can be a group's name."""
    return isinstance(group, str) and group == group.strip() and len(group) <= MAX_NAME


# --- picking a creature, and the refusals ----------------------------------------------


def creature(roster: Roster[C], index: int) -> C:
    """The creature at ``index``; a refusal when there is none."""
    if not whole(index) or not 0 <= index < len(roster.creatures):
        raise RulesError(Step(N_("That creature is not on the roster.")))
    return roster.creatures[index]


def called(roster: Roster[Any], index: int) -> ArgValue:
    """What the creature at ``index`` is called in the log (its name, else its number)."""
    return label(roster.group, creature(roster, index).name, index + 1)


def with_creature(roster: R, index: int, changed: Creature, **more: Any) -> R:
    """The roster with the creature at ``index`` changed (and ``more`` of its fields)."""
    creatures = list(roster.creatures)
    creatures[index] = changed
    return cast("R", replace(cast("Any", roster), creatures=tuple(creatures), **more))


def amount(value: Any) -> int:
    """Damage or healing in one change: a whole number from 1 to ``MAX_AMOUNT``."""
    if not whole(value) or not 1 <= value <= MAX_AMOUNT:
        raise RulesError(
            Step(N_("An amount is a whole number from 1 to {high}."), {"high": MAX_AMOUNT})
        )
    return int(value)


def known(roster: Roster[Any], index: int, missing: str) -> tuple[int, int]:
    """The hit points now and at full of the creature at ``index``; the message
    ``missing`` (naming ``{name}``) when they are not typed yet."""
    found = creature(roster, index)
    if found.hp is None or found.max_hp is None:
        raise RulesError(Step(missing, {"name": called(roster, index)}))
    return found.hp, found.max_hp


def rename(roster: R, index: int, name: str) -> R:
    """A creature's new name (not logged: a name is no action in the fight); an empty
    one calls it by its number again."""
    named = replace(cast("Any", creature(roster, index)), name=name.strip()[:MAX_NAME])
    creatures = list(roster.creatures)
    creatures[index] = named
    return cast("R", replace(cast("Any", roster), creatures=tuple(creatures)))


@dataclass(frozen=True)
class States:
    """A game's states in the fight: each one's word and the log's headline for it,
    the state of the dead and the refusal of a change to one (naming ``{name}``), and
    the game's log kind."""

    words: Mapping[Any, str]
    titles: Mapping[Any, str]
    dead: Any
    dead_already: str
    kind: str

    def alive(self, roster: Roster[C], index: int) -> C:
        """The creature at ``index``, refused when it is dead already."""
        found = creature(roster, index)
        if found.state is self.dead:
            raise RulesError(Step(self.dead_already, {"name": called(roster, index)}))
        return found

    def change(self, roster: R, index: int, state: Any, **more: Any) -> tuple[R, Outcome]:
        """The creature at ``index`` takes ``state``; the dead stay dead, and a state it
        is in already is refused."""
        found = self.alive(roster, index)
        if state not in self.words:
            raise damaged_record()
        if found.state is state:
            raise RulesError(
                Step(
                    N_("{name} is {state} already."),
                    {"name": called(roster, index), "state": Step(self.words[state])},
                )
            )
        title = Step(self.titles[state], {"name": called(roster, index)})
        changed = replace(cast("Any", found), state=state)
        return with_creature(roster, index, changed, **more), Outcome(title, (), self.kind)


# --- the stored form ---------------------------------------------------------------------


def stored_fields(
    data: Any, keys: Iterable[str], numbers: Iterable[str], damaged: StoredDataError
) -> dict[str, Any]:
    """A stored record (a creature's or a roster's) checked for its shape: an object
    with exactly ``keys``, and each of ``numbers`` a whole number or ``None``; else
    ``damaged`` is raised. A game then builds its record from the fields, with every
    check a new one has."""
    if not isinstance(data, dict) or set(data) != set(keys):
        raise damaged
    if any(data[key] is not None and not whole(data[key]) for key in numbers):
        raise damaged
    return data


def stored_creatures(data: dict[str, Any], damaged: StoredDataError) -> list[Any]:
    """A stored roster's list of creatures, checked for its length."""
    creatures = data["creatures"]
    if not isinstance(creatures, list) or len(creatures) > MAX_CREATURES:
        raise damaged
    return creatures


def stored_state(data: dict[str, Any], states: type[enum.Enum], damaged: StoredDataError) -> Any:
    """A stored creature's state, one of the game's ``states``."""
    value = data["state"]
    if not isinstance(value, str):
        raise damaged
    try:
        return states(value)
    except ValueError:
        raise damaged from None


def before_groups(data: Any) -> Any:
    """Format 1 had no group's name: each creature kept the name it was given."""
    return {**data, "group": ""} if isinstance(data, dict) else data

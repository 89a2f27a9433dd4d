"""Reaction rolls: how a creature meets the party, read from a game's 2d6 table.

**The roll.** Roll 2d6 and add a modifier; the total falls in one band of the game's
table, and the band says how the creature behaves. Totals beyond the table's ends (a low
roll with a penalty, a high roll with a bonus) belong to the first or last band.

**Old-School Essentials.** When one character does the talking, that character's
Charisma modifier is added; when nobody talks, nothing is added. 2 or less: it attacks;
3-5: hostile, it may attack; 6-8: uncertain, confused; 9-11: indifferent, it may
negotiate; 12 or more: eager, friendly. The Charisma modifier is -2 for a score of 3,
-1 for 4-8, 0 for 9-12, +1 for 13-17 and +2 for 18.

**Liminal Horror** names a reaction roll but prints no table. Liminal Horror is a hack
of Cairn, so Omen borrows Cairn 2e's table and says so on the screen: 2 hostile,
3-5 wary, 6-8 curious, 9-11 kind, 12 helpful. **The End of the World** has no reaction
roll of its own; Omen offers the same borrowed table, and says so in that game's words
(:mod:`omen.eotw.reaction`). **GURPS** has its own table, rolled on 3d6
(:mod:`omen.gurps.reaction`).

**Which table.** Each game declares its table once, in its
:class:`~omen.campaign.spec.GameSpec` (``reaction``); :func:`table_for` reads that
declaration, so the screen names no game.

>>> from omen.core.dice import ScriptedDice
>>> result = reaction_roll(OSE_REACTIONS, ScriptedDice([4, 5]), cha_modifier(13))
>>> result.total, result.band.key
(10, 'indifferent')
>>> for step in result.steps:
...     print(step.english())
2d6: 4 + 5 = 9
9 with modifier +1 makes 10
10 on the reaction table: Indifferent, may negotiate
>>> reaction_odds(OSE_REACTIONS, 0)[OSE_REACTIONS.band("attacks")]
Fraction(1, 36)
>>> LIMINAL_HORROR_REACTIONS.borrowed_from
'cairn'
>>> table_for("gurps").dice, table_for("eotw").borrowed_from
(3, 'cairn')
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from omen.core.dice import Dice, ScriptedDice
from omen.core.errors import RulesError, StoredDataError
from omen.core.roll import N_, Step, signed

MAX_MODIFIER = 10
CHA_LOW = 3
CHA_HIGH = 18


@dataclass(frozen=True)
class ReactionBand:
    """One row of a reaction table: totals from ``low`` to ``high`` (None: no end)."""

    key: str
    low: int | None
    high: int | None
    label: Step

    def holds(self, total: int) -> bool:
        """Whether ``total`` falls in the band."""
        return (self.low is None or total >= self.low) and (self.high is None or total <= self.high)


CAIRN_NAME = Step(N_("Cairn 2e reaction table"))  # what the screen calls a borrowed table


@dataclass(frozen=True)
class ReactionTable:
    """A game's reaction table.

    ``borrowed_from`` names the game the table was taken from when the game itself gives
    none (``"cairn"`` for Liminal Horror), and ``source`` is the sentence the screen shows
    about it. ``dice`` is how many d6 are rolled; ``name`` is what the screen calls the
    table. What may be added: ``speaker`` for the talking character's Charisma modifier
    (Old-School Essentials), ``modifiers`` for reaction modifiers the game master types
    (GURPS); neither, nothing.
    """

    game: str
    bands: tuple[ReactionBand, ...]
    borrowed_from: str = ""
    source: Step | None = None
    dice: int = 2
    name: Step = CAIRN_NAME
    speaker: bool = False
    modifiers: bool = False

    def band(self, key: str) -> ReactionBand:
        """The band named ``key``."""
        for band in self.bands:
            if band.key == key:
                return band
        raise KeyError(key)

    def lookup(self, total: int) -> ReactionBand:
        """The band a total falls in."""
        for band in self.bands:
            if band.holds(total):
                return band
        raise AssertionError(f"reaction table {self.game} leaves {total} out")


OSE_REACTIONS = ReactionTable(
    "ose",
    (
        ReactionBand("attacks", None, 2, Step(N_("Attacks"))),
        ReactionBand("hostile", 3, 5, Step(N_("Hostile, may attack"))),
        ReactionBand("uncertain", 6, 8, Step(N_("Uncertain, confused"))),
        ReactionBand("indifferent", 9, 11, Step(N_("Indifferent, may negotiate"))),
        ReactionBand("friendly", 12, None, Step(N_("Eager, friendly"))),
    ),
    name=Step(N_("Old-School Essentials reaction table")),
    speaker=True,
)

LIMINAL_HORROR_REACTIONS = ReactionTable(
    "liminal_horror",
    (
        ReactionBand("hostile", None, 2, Step(N_("Hostile"))),
        ReactionBand("wary", 3, 5, Step(N_("Wary"))),
        ReactionBand("curious", 6, 8, Step(N_("Curious"))),
        ReactionBand("kind", 9, 11, Step(N_("Kind"))),
        ReactionBand("helpful", 12, None, Step(N_("Helpful"))),
    ),
    borrowed_from="cairn",
    source=Step(
        N_("Table from Cairn 2e: Liminal Horror calls for a reaction roll but gives no table.")
    ),
)


def table_for(game: str) -> ReactionTable:
    """The reaction table ``game`` declares (:attr:`GameSpec.reaction`)."""
    from omen.campaign.games import GAMES  # the declarations, read when asked for
    from omen.campaign.spec import named

    spec = GAMES.get(game)
    if spec is None:
        raise RulesError(
            Step(N_("There is no reaction table for the game '{game}'."), {"game": game})
        )
    table: ReactionTable = named(spec.reaction)
    return table


def cha_modifier(score: int) -> int:
    """Old-School Essentials' Charisma modifier to reaction rolls, for a score of 3-18."""
    if isinstance(score, bool) or not isinstance(score, int) or not CHA_LOW <= score <= CHA_HIGH:
        raise RulesError(
            Step(
                N_("A Charisma score runs from {low} to {high}."),
                {"low": CHA_LOW, "high": CHA_HIGH},
            )
        )
    if score == 3:
        return -2
    if score <= 8:
        return -1
    if score <= 12:
        return 0
    if score <= 17:
        return 1
    return 2


def speaker_modifier(score: int | None) -> int:
    """The OSE reaction modifier: the speaker's Charisma modifier, 0 when nobody talks.

    >>> speaker_modifier(None), speaker_modifier(18)
    (0, 2)
    """
    return 0 if score is None else cha_modifier(score)


_TYPED = re.compile(r"\s*([+-]?)\s*([0-9]{1,2})\s*,?", re.ASCII)
MAX_TYPED = 40  # characters of typed reaction modifiers


def read_modifier(text: str) -> int:
    """Reaction modifiers as the game master types them (``+2 -1``, ``−3``), added up;
    an empty text is no modifier. A digit is an ASCII digit.

    >>> read_modifier("+2 −1, 3"), read_modifier("")
    (4, 0)
    >>> read_modifier("two")
    Traceback (most recent call last):
    omen.core.errors.RulesError: Write reaction modifiers as whole numbers with their signs, like +2 −1.
    """
    rest = text.replace("−", "-").replace("–", "-").strip() if isinstance(text, str) else "?"
    if len(rest) > MAX_TYPED:
        rest = "?"
    total = 0
    while rest:
        match = _TYPED.match(rest)
        if match is None:
            raise RulesError(
                Step(N_("Write reaction modifiers as whole numbers with their signs, like +2 −1."))
            )
        value = int(match.group(2))
        total += -value if match.group(1) == "-" else value
        rest = rest[match.end() :].strip()
    check_modifier(total)
    return total


def check_modifier(modifier: int) -> None:
    """A :class:`RulesError` unless ``modifier`` is a whole number within Omen's limit."""
    if isinstance(modifier, bool) or not isinstance(modifier, int) or abs(modifier) > MAX_MODIFIER:
        raise RulesError(
            Step(
                N_("A reaction modifier must be between -{limit} and +{limit}."),
                {"limit": MAX_MODIFIER},
            )
        )


@dataclass(frozen=True)
class ReactionResult:
    """A reaction roll: the table, its faces (two or three), the modifier."""

    table: ReactionTable
    faces: tuple[int, ...]
    modifier: int
    total: int
    band: ReactionBand
    steps: tuple[Step, ...]

    def to_json(self) -> dict[str, Any]:
        """Its stored form: plain JSON values (dicts, lists, text, numbers)."""
        return {"game": self.table.game, "faces": list(self.faces), "modifier": self.modifier}

    @classmethod
    def from_json(cls, data: Any) -> ReactionResult:
        """Rebuild a stored reaction roll (the band and steps are worked out again)."""
        bad = StoredDataError(Step(N_("A stored reaction roll is damaged and cannot be read.")))
        if not isinstance(data, dict):
            raise bad
        faces, modifier, game = data.get("faces"), data.get("modifier"), data.get("game")
        if (
            not isinstance(game, str)
            or game not in _games()
            or not isinstance(faces, list)
            or len(faces) != table_for(game).dice
            or not all(isinstance(f, int) and not isinstance(f, bool) for f in faces)
            or not isinstance(modifier, int)
            or isinstance(modifier, bool)
        ):
            raise bad
        try:
            return reaction_roll(table_for(game), ScriptedDice(faces), modifier)
        except RulesError as error:
            raise bad from error


def _games() -> tuple[str, ...]:
    from omen.campaign.games import GAMES

    return tuple(GAMES)


# The steps every reaction roll says: its faces, and the total read on the table.
ROLLED = N_("2d6: {first} + {second} = {sum}")
ROLLED_3 = N_("3d6: {first} + {second} + {third} = {sum}")
ROLLS = {2: ROLLED, 3: ROLLED_3}
FACE_NAMES = ("first", "second", "third")
LOOKED_UP = N_("{total} on the reaction table: {reaction}")


def reaction_roll(table: ReactionTable, dice: Dice, modifier: int = 0) -> ReactionResult:
    """Roll the table's d6 (two, or three), add ``modifier`` and read the band from
    ``table``."""
    check_modifier(modifier)
    faces = tuple(dice.roll(6) for _ in range(table.dice))
    rolled = sum(faces)
    total = rolled + modifier
    steps: list[Step] = []
    if table.source is not None:
        steps.append(table.source)
    steps.append(
        Step(
            ROLLS[table.dice],
            {**dict(zip(FACE_NAMES[: table.dice], faces, strict=True)), "sum": rolled},
        )
    )
    if modifier:
        steps.append(
            Step(
                N_("{sum} with modifier {modifier} makes {total}"),
                {"sum": rolled, "modifier": signed(modifier), "total": total},
            )
        )
    band = table.lookup(total)
    steps.append(
        Step(
            LOOKED_UP,
            {"total": total, "reaction": band.label},
        )
    )
    return ReactionResult(table, faces, modifier, total, band, tuple(steps))


# The headline of a reaction roll on the Encounter screen: the total and the reaction's words.
REACTION = N_("Reaction {total}: {reaction}")


def reaction_title(result: ReactionResult) -> Step:
    """A reaction roll's headline, as the log and the Encounter screen say it."""
    return Step(REACTION, {"total": result.total, "reaction": result.band.label})


def reaction_told(table: ReactionTable, steps: tuple[Step, ...]) -> ReactionResult | None:
    """The reaction roll on ``table`` whose steps are ``steps`` (a log entry's), worked
    out again from the faces and total they name; None when they are not such a roll's
    steps (another table's, another procedure's, or edited).

    >>> rolled = reaction_roll(OSE_REACTIONS, ScriptedDice([4, 5]), 1)
    >>> reaction_told(OSE_REACTIONS, rolled.steps) == rolled
    True
    >>> reaction_told(LIMINAL_HORROR_REACTIONS, rolled.steps) is None
    True
    """
    said = next((step.args for step in steps if step.key == ROLLS[table.dice]), None)
    looked_up = next((step.args for step in steps if step.key == LOOKED_UP), None)
    if said is None or looked_up is None:
        return None
    faces = [said.get(name) for name in FACE_NAMES[: table.dice]]
    total = looked_up.get("total")
    if not (all(isinstance(face, int) for face in faces) and isinstance(total, int)):
        return None
    whole = [int(face) for face in faces if isinstance(face, int)]
    try:
        result = reaction_roll(table, ScriptedDice(whole), total - sum(whole))
    except RulesError:
        return None
    return result if result.steps == steps else None


def reaction_odds(table: ReactionTable, modifier: int = 0) -> dict[ReactionBand, Fraction]:
    """The exact chance of every band (in table order, impossible bands at 0), from
    every fall of the table's dice."""
    check_modifier(modifier)
    odds = {band: Fraction(0) for band in table.bands}
    each = Fraction(1, 6**table.dice)
    for faces in itertools.product(range(1, 7), repeat=table.dice):
        odds[table.lookup(sum(faces) + modifier)] += each
    return odds

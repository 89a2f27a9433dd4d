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
3-5 wary, 6-8 curious, 9-11 kind, 12 helpful.

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
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from omen.core.dice import Dice, ScriptedDice
from omen.core.errors import RulesError, StoredDataError
from omen.core.roll import N_, Step

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


@dataclass(frozen=True)
class ReactionTable:
    """A game's reaction table.

    ``borrowed_from`` names the game the table was taken from when the game itself gives
    none (``"cairn"`` for Liminal Horror), and ``source`` is the sentence the screen shows
    about it.
    """

    game: str
    bands: tuple[ReactionBand, ...]
    borrowed_from: str = ""
    source: Step | None = None

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

TABLES: dict[str, ReactionTable] = {
    table.game: table for table in (OSE_REACTIONS, LIMINAL_HORROR_REACTIONS)
}


def table_for(game: str) -> ReactionTable:
    """The reaction table a game uses."""
    table = TABLES.get(game)
    if table is None:
        raise RulesError(
            Step(N_("There is no reaction table for the game '{game}'."), {"game": game})
        )
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


def signed(value: int) -> str:
    """A modifier as the rules print it: ``+1``, ``−2`` (a true minus sign), ``0``."""
    return f"+{value}" if value > 0 else f"−{-value}" if value < 0 else "0"


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
    """A reaction roll: the table, the two faces, the modifier."""

    table: ReactionTable
    faces: tuple[int, int]
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
            or game not in TABLES
            or not isinstance(faces, list)
            or len(faces) != 2
            or not all(isinstance(f, int) and not isinstance(f, bool) for f in faces)
            or not isinstance(modifier, int)
            or isinstance(modifier, bool)
        ):
            raise bad
        try:
            return reaction_roll(TABLES[game], ScriptedDice(faces), modifier)
        except RulesError as error:
            raise bad from error


# The steps every reaction roll says: its two faces, and the total read on the table.
ROLLED = N_("2d6: {first} + {second} = {sum}")
LOOKED_UP = N_("{total} on the reaction table: {reaction}")


def reaction_roll(table: ReactionTable, dice: Dice, modifier: int = 0) -> ReactionResult:
    """Roll 2d6, add ``modifier`` and read the band from ``table``."""
    check_modifier(modifier)
    first, second = dice.roll(6), dice.roll(6)
    rolled = first + second
    total = rolled + modifier
    steps: list[Step] = []
    if table.source is not None:
        steps.append(table.source)
    steps.append(
        Step(
            ROLLED,
            {"first": first, "second": second, "sum": rolled},
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
    return ReactionResult(table, (first, second), modifier, total, band, tuple(steps))


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
    faces = next((step.args for step in steps if step.key == ROLLED), None)
    looked_up = next((step.args for step in steps if step.key == LOOKED_UP), None)
    if faces is None or looked_up is None:
        return None
    first, second, total = faces.get("first"), faces.get("second"), looked_up.get("total")
    if not (isinstance(first, int) and isinstance(second, int) and isinstance(total, int)):
        return None
    try:
        result = reaction_roll(table, ScriptedDice([first, second]), total - first - second)
    except RulesError:
        return None
    return result if result.steps == steps else None


def reaction_odds(table: ReactionTable, modifier: int = 0) -> dict[ReactionBand, Fraction]:
    """The exact chance of every band (in table order, impossible bands at 0)."""
    check_modifier(modifier)
    odds = {band: Fraction(0) for band in table.bands}
    for first in range(1, 7):
        for second in range(1, 7):
            odds[table.lookup(first + second + modifier)] += Fraction(1, 36)
    return odds

"""Old-School Essentials hit dice: a monster's hit points, and the experience it is worth.

Source: the OSE SRD, *Monsters* (hit dice and hit points) and *Awarding XP* (the table of
experience for defeated monsters), in our own words.

**Hit points.** A monster's hit dice (HD) say how many eight-sided dice give its hit
points. The HD may carry a fixed bonus or penalty, added to the total once: ``2+2`` is
2d8 + 2, ``1-1`` is 1d8 - 1. Half a hit die (``½``, also written ``1/2``) is one
four-sided die. Whatever the dice and the modifier come to, a monster has at least 1
hit point.

**Special abilities.** Each asterisk after the HD (``3*``, ``5**``) marks one special
ability; it does not change the hit points, only the experience.

**Experience.** A defeated monster (slain, overcome, captured, driven off or scared
away) is worth a base amount of XP for its HD, plus a bonus for each special ability.
Monsters with bonus hit points (``2+2``) count in the row above those with plain HD
(``2``); a monster with fewer than one full HD (``½``, ``1-1``) is in the lowest row.
From 7 HD up the rows cover several HD; above 21 HD, every further HD adds 250 XP to
both the base and the bonus. The XP of an encounter is shared among the characters.

>>> from omen.core.dice import ScriptedDice
>>> hd = read_hit_dice("2+2")
>>> result = roll_hit_points(hd, ScriptedDice([5, 3]))
>>> result.value, [step.english() for step in result.steps]
(10, ['HD 2+2: 2d8 + 2: 5 + 3 + 2 = 10'])
>>> roll_hit_points(read_hit_dice("1-1"), ScriptedDice([1])).value
1
>>> hit_point_odds(read_hit_dice("1-1"))[1]
Fraction(1, 4)
>>> experience(read_hit_dice("3*")).value
50
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction

from omen.core.dice import Dice
from omen.core.errors import RulesError
from omen.core.roll import N_, Step

MAX_HIT_DICE = 100  # more than any monster of the books
MAX_MODIFIER = 100
MAX_ABILITIES = 9
HIT_DIE = 8  # a monster's hit die
HALF_DIE = 4  # half a hit die
MIN_HIT_POINTS = 1

_FORM = re.compile(
    r"(?:(?P<half>½|1/2)|(?P<dice>[0-9]{1,3})(?P<modifier>[+-][0-9]{1,3})?)(?P<stars>\**)"
)


@dataclass(frozen=True)
class HitDice:
    """A monster's hit dice as the book writes them: ``dice`` eight-sided dice (none
    when ``half``: one four-sided die), a ``modifier`` added once, and how many special
    ``abilities`` (asterisks) it has."""

    dice: int = 1
    modifier: int = 0
    abilities: int = 0
    half: bool = False

    def __post_init__(self) -> None:
        if self.half and (self.dice or self.modifier):
            raise RulesError(Step(N_("Half a hit die has no other dice and no modifier.")))
        if not self.half and not 1 <= self.dice <= MAX_HIT_DICE:
            raise RulesError(Step(N_("Hit dice are from ½ to {high}."), {"high": MAX_HIT_DICE}))
        if abs(self.modifier) > MAX_MODIFIER or not 0 <= self.abilities <= MAX_ABILITIES:
            raise RulesError(Step(N_("These hit dice are not written as the books write them.")))

    @property
    def sides(self) -> int:
        """The die rolled for hit points: a d8, or a d4 for half a hit die."""
        return HALF_DIE if self.half else HIT_DIE

    @property
    def count(self) -> int:
        """How many dice are rolled."""
        return 1 if self.half else self.dice

    def written(self) -> str:
        """As the book writes them: ``2+2``, ``1-1``, ``½``, ``3*``."""
        if self.half:
            body = "½"
        elif self.modifier:
            body = f"{self.dice}{self.modifier:+d}"
        else:
            body = str(self.dice)
        return body + "*" * self.abilities

    def expression(self) -> Step:
        """The roll in dice notation, a step so that each language writes its dice
        (``2d8 + 2``, ``1d4``; in Czech ``2k8 + 2``)."""
        if self.modifier > 0:
            return Step(
                N_("{count}d{sides} + {bonus}"),
                {"count": self.count, "sides": self.sides, "bonus": self.modifier},
            )
        if self.modifier < 0:
            return Step(
                N_("{count}d{sides} − {malus}"),
                {"count": self.count, "sides": self.sides, "malus": -self.modifier},
            )
        return Step(N_("{count}d{sides}"), {"count": self.count, "sides": self.sides})


def read_hit_dice(text: str) -> HitDice:
    """Hit dice as a table row writes them (``1``, ``1-1``, ``1+1``, ``½`` or ``1/2``,
    ``3*``, ``2+2``); a :class:`RulesError` saying how to write them otherwise.

    >>> read_hit_dice("4+1**")
    HitDice(dice=4, modifier=1, abilities=2, half=False)
    >>> read_hit_dice("1/2").written()
    '½'
    """
    match = _FORM.fullmatch(text.replace(" ", "").replace("−", "-"))
    if match is None:
        raise RulesError(
            Step(
                N_("Write hit dice as the books do, like 1, 1-1, 2+2, ½ or 3*: not {text}."),
                {"text": text[:20]},
            )
        )
    abilities = len(match["stars"])
    if match["half"]:
        return HitDice(0, 0, abilities, half=True)
    modifier = int(match["modifier"]) if match["modifier"] else 0
    return HitDice(int(match["dice"]), modifier, abilities)


@dataclass(frozen=True)
class HitPoints:
    """A monster's hit points: the value, the faces rolled and how it came about."""

    value: int
    faces: tuple[int, ...]
    steps: tuple[Step, ...]


def hit_points(hd: HitDice, faces: tuple[int, ...]) -> HitPoints:
    """The hit points ``faces`` give (one face per die of ``hd``), with their steps."""
    if len(faces) != hd.count or not all(1 <= face <= hd.sides for face in faces):
        raise RulesError(
            Step(
                N_("HD {hd} rolls {dice}: type that many faces of a d{sides}."),
                {"hd": hd.written(), "dice": hd.expression(), "sides": hd.sides},
            )
        )
    total = sum(faces) + hd.modifier
    sum_text = " + ".join(str(face) for face in faces)
    if hd.modifier:
        sum_text += f" {'+' if hd.modifier > 0 else '−'} {abs(hd.modifier)}"
    steps = [
        Step(
            N_("HD {hd}: {dice}: {sum} = {total}"),
            {"hd": hd.written(), "dice": hd.expression(), "sum": sum_text, "total": total},
        )
    ]
    value = max(MIN_HIT_POINTS, total)
    if value != total:
        steps.append(Step(N_("A monster has at least 1 hit point.")))
    return HitPoints(value, tuple(faces), tuple(steps))


def roll_hit_points(hd: HitDice, dice: Dice) -> HitPoints:
    """Roll a monster's hit points from its hit dice."""
    return hit_points(hd, tuple(dice.roll(hd.sides) for _ in range(hd.count)))


def hit_point_odds(hd: HitDice) -> dict[int, Fraction]:
    """The exact chance of every number of hit points (the dice summed one at a time,
    then the modifier, then the minimum of 1).

    >>> odds = hit_point_odds(read_hit_dice("½"))
    >>> sorted(odds.items())[0]
    (1, Fraction(1, 4))
    """
    ways: dict[int, int] = {0: 1}
    for _ in range(hd.count):
        step: dict[int, int] = {}
        for total, count in ways.items():
            for face in range(1, hd.sides + 1):
                step[total + face] = step.get(total + face, 0) + count
        ways = step
    throws = hd.sides**hd.count
    odds: dict[int, Fraction] = {}
    for total, count in ways.items():
        value = max(MIN_HIT_POINTS, total + hd.modifier)
        odds[value] = odds.get(value, Fraction(0)) + Fraction(count, throws)
    return dict(sorted(odds.items()))


# --- experience --------------------------------------------------------------------

# (lowest HD, with bonus hit points) -> (base XP, bonus XP per special ability), from the
# OSE SRD's table for defeated monsters. The rows are in order; a monster takes the last
# row at or below it. HD 0 stands for "less than 1".
XP_ROWS: tuple[tuple[tuple[int, bool], int, int], ...] = (
    ((0, False), 5, 1),
    ((1, False), 10, 3),
    ((1, True), 15, 4),
    ((2, False), 20, 5),
    ((2, True), 25, 10),
    ((3, False), 35, 15),
    ((3, True), 50, 25),
    ((4, False), 75, 50),
    ((4, True), 125, 75),
    ((5, False), 175, 125),
    ((5, True), 225, 175),
    ((6, False), 275, 225),
    ((6, True), 350, 300),
    ((7, False), 450, 400),
    ((8, False), 650, 550),
    ((9, False), 900, 700),
    ((11, False), 1100, 800),
    ((13, False), 1350, 950),
    ((17, False), 2000, 1150),
    ((21, False), 2500, 2000),
)
TOP_ROW_HD = 21
PER_HD_ABOVE = 250  # XP added to base and bonus for each HD above the table


def xp_row(hd: HitDice) -> tuple[int, bool]:
    """Where ``hd`` stands on the table: whole HD and whether it has bonus hit points
    (a penalty puts it among the bonus ones of the HD below; under 1 HD is row 0)."""
    if hd.half:
        return (0, False)
    if hd.modifier < 0:
        return (0, False) if hd.dice <= 1 else (hd.dice - 1, True)
    return (hd.dice, hd.modifier > 0)


@dataclass(frozen=True)
class Experience:
    """The XP one monster is worth, and how it is worked out."""

    value: int
    base: int
    bonus: int  # per special ability
    steps: tuple[Step, ...]


def experience(hd: HitDice) -> Experience:
    """The XP a defeated monster with ``hd`` is worth: the base for its HD and the bonus
    once for every special ability.

    >>> [experience(read_hit_dice(t)).value for t in ("½", "1-1", "1", "1+1", "2+2", "3*")]
    [5, 5, 10, 15, 25, 50]
    >>> experience(read_hit_dice("23**")).value
    8000
    """
    row = xp_row(hd)
    _, base, bonus = [entry for entry in XP_ROWS if entry[0] <= row][-1]
    above = max(0, row[0] - TOP_ROW_HD)
    base, bonus = base + above * PER_HD_ABOVE, bonus + above * PER_HD_ABOVE
    value = base + bonus * hd.abilities
    if hd.abilities:
        step = Step(
            N_(
                "HD {hd}: {base} XP, and {bonus} XP for each of its {count} special ability: {xp} XP."
            ),
            {"hd": hd.written(), "base": base, "bonus": bonus, "count": hd.abilities, "xp": value},
            plural=N_(
                "HD {hd}: {base} XP, and {bonus} XP for each of its {count} special abilities: {xp} XP."
            ),
        )
    else:
        step = Step(N_("HD {hd}: {xp} XP."), {"hd": hd.written(), "xp": value})
    return Experience(value, base, bonus, (step,))

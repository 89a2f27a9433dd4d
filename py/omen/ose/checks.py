"""Old-School Essentials checks on the Tests screen: saving throws, ability checks,
reaction rolls and morale checks.

Source: the OSE SRD, *Saving Throws*, the optional rule *Ability Checks*, *Encounters*
(the reaction roll) and *Morale*, in our own words.

**A saving throw** resists a harmful special attack or magical effect. Its category
(death or poison; wands; paralysis or petrification; breath attacks; spells, rods or
staves) and the value to reach come from the character's class and level, or the
monster's table. Roll 1d20: a result **equal to or above** the value saves, below it
fails. A save against damage halves the damage; against any other effect it avoids the
effect entirely. A modifier the referee allows (a magic item, a Wisdom bonus against
magic) is added to the roll.

**An ability check** asks whether a character succeeds at a hard task with one of their
ability scores. Roll 1d20: a result **equal to or below** the score succeeds, above it
fails. The referee may add a modifier to the roll for the task (−4 an easy task, +4 a
very hard one). Whatever the modifier, a natural 1 succeeds and a natural 20 fails.

**A reaction roll** (2d6) and **a morale check** (2d6 against the morale score) are the
rules of :mod:`omen.campaign.reaction` and :mod:`omen.ose.morale`, rolled here on their
own, outside an encounter: the reaction of someone the party meets in town, a hireling's
or a group's morale when the referee calls for it. The reaction adds the speaker's
Charisma modifier (nothing when nobody talks) and any modifier the referee allows.

Every check returns its value and its steps; the odds before the roll are exact.

>>> from omen.core.dice import ScriptedDice
>>> saved = saving_throw(14, ScriptedDice([15]), modifier=-2)
>>> saved.success, [step.english() for step in saved.steps]
(False, ['1d20: 15', '15 with the modifier −2 is 13, below 14: the saving throw fails.'])
>>> check_odds(Check.ABILITY, 12, 0)
Fraction(3, 5)
>>> met = reaction_check(13, 0, ScriptedDice([4, 5]))
>>> met.total, met.band.key, met.steps[0].english()
(10, 'indifferent', "The speaker's Charisma 13 gives +1.")
>>> morale_roll(7, -1, ScriptedDice([4, 4])).outcome.name
'BREAKS'
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from omen.campaign.reaction import (
    CHA_HIGH,
    CHA_LOW,
    OSE_REACTIONS,
    ReactionBand,
    ReactionResult,
    cha_modifier,
    reaction_odds,
    reaction_roll,
    speaker_modifier,
)
from omen.campaign.reaction import MAX_MODIFIER as REACTION_LIMIT
from omen.campaign.tables import Fields
from omen.core.dice import Dice
from omen.core.errors import RulesError
from omen.core.roll import N_, ArgValue, Step, signed
from omen.core.store import Schema
from omen.ose import morale

SIDES = 20
MAX_MODIFIER = 20


class Check(enum.Enum):
    """Which check: a saving throw (roll high) or an ability check (roll low)."""

    SAVE = "save"
    ABILITY = "ability"


VALUE_RANGE = {Check.SAVE: (2, 20), Check.ABILITY: (3, 18)}
VALUE_NAME = {Check.SAVE: N_("Saving throw value"), Check.ABILITY: N_("Ability score")}


def check_numbers(check: Check, value: int, modifier: int) -> None:
    """Refuse a value or a modifier out of range, naming what is wrong."""
    low, high = VALUE_RANGE[check]
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise RulesError(
            Step(
                N_("{what} must be a whole number from {low} to {high}."),
                {"what": Step(VALUE_NAME[check]), "low": low, "high": high},
            )
        )
    if isinstance(modifier, bool) or not isinstance(modifier, int) or abs(modifier) > MAX_MODIFIER:
        raise RulesError(
            Step(
                N_("A modifier is a whole number from −{limit} to +{limit}."),
                {"limit": MAX_MODIFIER},
            )
        )


def succeeds(check: Check, value: int, modifier: int, face: int) -> bool:
    """Whether a d20 face succeeds (the rule in the module's docstring)."""
    total = face + modifier
    if check is Check.SAVE:
        return total >= value
    if face == 1:
        return True
    if face == SIDES:
        return False
    return total <= value


def check_odds(check: Check, value: int, modifier: int = 0) -> Fraction:
    """The exact chance that the check succeeds: the faces of 1d20 that succeed, of 20."""
    check_numbers(check, value, modifier)
    wins = sum(succeeds(check, value, modifier, face) for face in range(1, SIDES + 1))
    return Fraction(wins, SIDES)


@dataclass(frozen=True)
class CheckResult:
    """A check rolled: the face, the total with the modifier, success, and the steps."""

    check: Check
    value: int
    modifier: int
    face: int
    success: bool
    steps: tuple[Step, ...]

    @property
    def total(self) -> int:
        """The face with the modifier."""
        return self.face + self.modifier


def _face(source: Dice | int) -> int:
    if isinstance(source, int) and not isinstance(source, bool):
        if not 1 <= source <= SIDES:
            raise RulesError(Step(N_("A d20 shows a whole number from 1 to 20.")))
        return source
    if isinstance(source, bool):
        raise RulesError(Step(N_("A d20 shows a whole number from 1 to 20.")))
    return source.roll(SIDES)


def _verdict(check: Check, value: int, modifier: int, face: int, success: bool) -> Step:
    total = face + modifier
    if check is Check.ABILITY and face in (1, SIDES):
        return Step(
            N_("A natural 1 always succeeds: the ability check succeeds.")
            if face == 1
            else N_("A natural 20 always fails: the ability check fails.")
        )
    args: dict[str, ArgValue] = {"total": total, "value": value}
    if modifier:  # only the modified messages name the face and the modifier
        args.update(face=face, modifier=signed(modifier))
    if check is Check.SAVE:
        if modifier:
            text = (
                N_("{face} with the modifier {modifier} is {total}, at least {value}: saved.")
                if success
                else N_(
                    "{face} with the modifier {modifier} is {total}, below {value}:"
                    " the saving throw fails."
                )
            )
        else:
            text = (
                N_("{total} is at least {value}: saved.")
                if success
                else N_("{total} is below {value}: the saving throw fails.")
            )
        return Step(text, args)
    if modifier:
        text = (
            N_(
                "{face} with the modifier {modifier} is {total}, not above {value}:"
                " the ability check succeeds."
            )
            if success
            else N_(
                "{face} with the modifier {modifier} is {total}, above {value}:"
                " the ability check fails."
            )
        )
    else:
        text = (
            N_("{total} is not above {value}: the ability check succeeds.")
            if success
            else N_("{total} is above {value}: the ability check fails.")
        )
    return Step(text, args)


def roll_check(check: Check, value: int, source: Dice | int, modifier: int = 0) -> CheckResult:
    """Roll ``check`` against ``value`` with ``modifier``, from dice or a typed face."""
    check_numbers(check, value, modifier)
    face = _face(source)
    success = succeeds(check, value, modifier, face)
    steps = (
        Step(N_("1d20: {face}"), {"face": face}),
        _verdict(check, value, modifier, face, success),
    )
    return CheckResult(check, value, modifier, face, success, steps)


def saving_throw(value: int, source: Dice | int, modifier: int = 0) -> CheckResult:
    """A saving throw against ``value`` (roll it or higher)."""
    return roll_check(Check.SAVE, value, source, modifier)


def ability_check(score: int, source: Dice | int, modifier: int = 0) -> CheckResult:
    """An ability check against ``score`` (roll it or lower; 1 succeeds, 20 fails)."""
    return roll_check(Check.ABILITY, score, source, modifier)


# --- reaction rolls and morale checks, on their own ------------------------------------

# The referee's own modifier to a reaction roll: with the speaker's Charisma (±2) it stays
# within the reaction table's limit.
MAX_REACTION_MODIFIER = REACTION_LIMIT - 2
MORALE_DEFAULT = 7


def check_reaction(charisma: int | None, modifier: int) -> None:
    """Refuse a Charisma score or a reaction modifier out of range, naming what is wrong."""
    if charisma is not None:
        cha_modifier(charisma)
    if (
        isinstance(modifier, bool)
        or not isinstance(modifier, int)
        or abs(modifier) > MAX_REACTION_MODIFIER
    ):
        raise RulesError(
            Step(
                N_("A modifier is a whole number from −{limit} to +{limit}."),
                {"limit": MAX_REACTION_MODIFIER},
            )
        )


def reaction_check_odds(charisma: int | None, modifier: int) -> dict[ReactionBand, Fraction]:
    """The exact chance of each reaction, for this speaker and modifier."""
    check_reaction(charisma, modifier)
    return reaction_odds(OSE_REACTIONS, speaker_modifier(charisma) + modifier)


def reaction_check(charisma: int | None, modifier: int, dice: Dice) -> ReactionResult:
    """A reaction roll on OSE's table: 2d6, the speaker's Charisma modifier (``None``:
    nobody talks) and the referee's ``modifier``; the first step names the speaker's part."""
    check_reaction(charisma, modifier)
    speaker = speaker_modifier(charisma)
    result = reaction_roll(OSE_REACTIONS, dice, speaker + modifier)
    if charisma is None:
        lead = Step(N_("Nobody talks: no Charisma modifier."))
    else:
        lead = Step(
            N_("The speaker's Charisma {score} gives {modifier}."),
            {"score": charisma, "modifier": signed(speaker)},
        )
    return replace(result, steps=(lead, *result.steps))


def morale_check_odds(score: int, adjustment: int) -> morale.MoraleOdds:
    """The exact odds of a morale check for ``score`` with the situation ``adjustment``."""
    return morale.morale_odds(score, adjustment)


def morale_roll(score: int, adjustment: int, dice: Dice) -> morale.MoraleResult:
    """A morale check the referee calls for (2d6 against the adjusted score); scores of
    2 and 12 roll nothing, as :mod:`omen.ose.morale` says."""
    side = morale.Morale(score=score, adjustment=adjustment)
    _side, result = morale.check(side, dice, adjustment)
    return result


# --- the Tests screen's form, as stored ---------------------------------------------------


class Mode(enum.Enum):
    """What the Tests screen shows in an OSE campaign: a check, or the dice pool."""

    SAVE = "save"
    ABILITY = "ability"
    REACTION = "reaction"
    MORALE = "morale"
    POOL = "pool"  # The End of the World's dice pool, still one tap away


MAX_WHAT = 80
DEFAULTS = {Check.SAVE: 14, Check.ABILITY: 10}


@dataclass(frozen=True)
class ChecksForm:
    """What the OSE Tests screen keeps: the mode, what is rolled, the values and modifier
    of the d20 checks, the reaction's speaker (``None``: nobody talks) and modifier, and
    the morale score with its situation adjustment."""

    mode: Mode = Mode.SAVE
    what: str = ""
    save: int = DEFAULTS[Check.SAVE]
    ability: int = DEFAULTS[Check.ABILITY]
    modifier: int = 0
    charisma: int | None = None
    reaction_modifier: int = 0
    morale: int = MORALE_DEFAULT
    adjustment: int = 0

    def __post_init__(self) -> None:
        check_numbers(Check.SAVE, self.save, self.modifier)
        check_numbers(Check.ABILITY, self.ability, self.modifier)
        check_reaction(self.charisma, self.reaction_modifier)
        morale.effective(self.morale, self.adjustment)  # refuses either out of range
        if not isinstance(self.what, str) or len(self.what) > MAX_WHAT:
            raise RulesError(Step(N_("A name fits in {limit} characters."), {"limit": MAX_WHAT}))

    @property
    def check(self) -> Check | None:
        """The d20 check on show (None: a 2d6 roll or the dice pool)."""
        if self.mode in (Mode.SAVE, Mode.ABILITY):
            return Check(self.mode.value)
        return None

    def value(self, check: Check) -> int:
        """The value the check is rolled against."""
        return self.save if check is Check.SAVE else self.ability

    def to_json(self) -> dict[str, Any]:
        """Its stored form (the fields added with the reaction and morale only when set)."""
        out: dict[str, Any] = {"mode": self.mode.value, "save": self.save, "ability": self.ability}
        optional: dict[str, Any] = {
            "what": self.what,
            "modifier": self.modifier,
            "charisma": self.charisma,
            "reaction_modifier": self.reaction_modifier,
            "morale": None if self.morale == MORALE_DEFAULT else self.morale,
            "adjustment": self.adjustment,
        }
        out.update((key, value) for key, value in optional.items() if value)
        return out

    @classmethod
    def from_json(cls, data: Any) -> ChecksForm:
        """Read its stored form back, every field checked."""
        keys = ("mode", "what", "save", "ability", "modifier")
        added = ("charisma", "reaction_modifier", "morale", "adjustment")
        fields = Fields(data, "ose_tests", keys + added)
        limit = MAX_REACTION_MODIFIER
        return cls(
            Mode(fields.choice("mode", tuple(m.value for m in Mode), Mode.SAVE.value)),
            fields.optional_text("what", MAX_WHAT) or "",
            fields.integer("save", *VALUE_RANGE[Check.SAVE], default=DEFAULTS[Check.SAVE]),
            fields.integer("ability", *VALUE_RANGE[Check.ABILITY], default=DEFAULTS[Check.ABILITY]),
            fields.integer("modifier", -MAX_MODIFIER, MAX_MODIFIER, default=0),
            fields.optional_integer("charisma", CHA_LOW, CHA_HIGH),
            fields.integer("reaction_modifier", -limit, limit, default=0),
            fields.integer("morale", morale.LOWEST, morale.HIGHEST, default=MORALE_DEFAULT),
            fields.integer("adjustment", -morale.MAX_ADJUSTMENT, morale.MAX_ADJUSTMENT, default=0),
        )


OSE_TESTS = Schema("ose_tests", 1, {}, ChecksForm.from_json)

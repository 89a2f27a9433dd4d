"""Old-School Essentials checks on the Tests screen: saving throws and ability checks.

Source: the OSE SRD, *Saving Throws* and the optional rule *Ability Checks*, in our own
words.

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

Every check returns its value and its steps; the odds before the roll are exact.

>>> from omen.core.dice import ScriptedDice
>>> saved = saving_throw(14, ScriptedDice([15]), modifier=-2)
>>> saved.success, [step.english() for step in saved.steps]
(False, ['1d20: 15', '15 with the modifier −2 is 13, below 14: the saving throw fails.'])
>>> check_odds(Check.ABILITY, 12, 0)
Fraction(3, 5)
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from omen.campaign.tables import Fields
from omen.core.dice import Dice
from omen.core.errors import RulesError
from omen.core.roll import N_, ArgValue, Step
from omen.core.store import Schema

SIDES = 20
MAX_MODIFIER = 20


class Check(enum.Enum):
    """Which check: a saving throw (roll high) or an ability check (roll low)."""

    SAVE = "save"
    ABILITY = "ability"


VALUE_RANGE = {Check.SAVE: (2, 20), Check.ABILITY: (3, 18)}
VALUE_NAME = {Check.SAVE: N_("Saving throw value"), Check.ABILITY: N_("Ability score")}


def _signed(value: int) -> str:
    return f"+{value}" if value > 0 else str(value).replace("-", "−")


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
        args.update(face=face, modifier=_signed(modifier))
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


# --- the Tests screen's form, as stored ---------------------------------------------------


class Mode(enum.Enum):
    """What the Tests screen shows in an OSE campaign: a check, or the dice pool."""

    SAVE = "save"
    ABILITY = "ability"
    POOL = "pool"  # The End of the World's dice pool, still one tap away


MAX_WHAT = 80
DEFAULTS = {Check.SAVE: 14, Check.ABILITY: 10}


@dataclass(frozen=True)
class ChecksForm:
    """What the OSE Tests screen keeps: the mode, what is rolled, the values and modifier."""

    mode: Mode = Mode.SAVE
    what: str = ""
    save: int = DEFAULTS[Check.SAVE]
    ability: int = DEFAULTS[Check.ABILITY]
    modifier: int = 0

    def __post_init__(self) -> None:
        check_numbers(Check.SAVE, self.save, self.modifier)
        check_numbers(Check.ABILITY, self.ability, self.modifier)
        if not isinstance(self.what, str) or len(self.what) > MAX_WHAT:
            raise RulesError(Step(N_("A name fits in {limit} characters."), {"limit": MAX_WHAT}))

    @property
    def check(self) -> Check | None:
        """The check on show (None: the dice pool)."""
        return None if self.mode is Mode.POOL else Check(self.mode.value)

    def value(self, check: Check) -> int:
        """The value the check is rolled against."""
        return self.save if check is Check.SAVE else self.ability

    def to_json(self) -> dict[str, Any]:
        """Its stored form."""
        out: dict[str, Any] = {"mode": self.mode.value, "save": self.save, "ability": self.ability}
        if self.what:
            out["what"] = self.what
        if self.modifier:
            out["modifier"] = self.modifier
        return out

    @classmethod
    def from_json(cls, data: Any) -> ChecksForm:
        """Read its stored form back, every field checked."""
        fields = Fields(data, "ose_tests", ("mode", "what", "save", "ability", "modifier"))
        return cls(
            Mode(fields.choice("mode", tuple(m.value for m in Mode), Mode.SAVE.value)),
            fields.optional_text("what", MAX_WHAT) or "",
            fields.integer("save", *VALUE_RANGE[Check.SAVE], default=DEFAULTS[Check.SAVE]),
            fields.integer("ability", *VALUE_RANGE[Check.ABILITY], default=DEFAULTS[Check.ABILITY]),
            fields.integer("modifier", -MAX_MODIFIER, MAX_MODIFIER, default=0),
        )


OSE_TESTS = Schema("ose_tests", 1, {}, ChecksForm.from_json)

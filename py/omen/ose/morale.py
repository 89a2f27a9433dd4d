"""Old-School Essentials morale: whether the monsters keep fighting.

Source: the OSE SRD, *Morale* (an optional rule), in our own words.

Every monster has a morale score from 2 to 12; the higher, the braver. When its side
takes a blow in battle, the referee rolls 2d6 against the score: a roll **above** the
score means the monsters break (they flee or give up), a roll at or below it means they
fight on.

- A score of **2** means the monster does not fight at all: no check is rolled.
- A score of **12** means it fights to the death: no check is rolled either.
- **When to check**: the first time one of the monsters is killed, and when half of the
  group is out of the fight (killed, paralysed, asleep and the like). Each of these calls
  for one check.
- **Two held checks**: a monster that has passed two checks in one encounter fights on
  until it is killed, with no more checks.
- **Nobody left**: when every one of the group is killed or out of the fight, there is
  nobody to break or fight on, so no check is due and none is rolled (Omen's reading:
  the check decides what the standing monsters do).
- The referee may adjust the score by -2 to +2 for the situation (a losing side -1, a
  winning one +1); scores of 2 and 12 are never adjusted, and an adjusted score stays
  within 2-12, so a roll of 2 never breaks anyone, whatever the adjustment.

>>> from omen.core.dice import ScriptedDice
>>> morale_odds(7).breaks
Fraction(5, 12)
>>> side = Morale(score=7, group=6)
>>> due(side) is None
True
>>> side = losses(side, killed=1)
>>> due(side).name
'FIRST_DEATH'
>>> side, result = check(side, ScriptedDice([5, 4]))
>>> result.value, result.outcome.name
(9, 'BREAKS')
>>> for step in result.steps:
...     print(step.english())
Check: the first of them is killed.
Morale 7: they break on 8 or more (15 of the 36 throws of 2d6).
2d6: 5 + 4 = 9
9 is above 7: the monsters break, fleeing or giving up.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from omen.core.dice import Dice
from omen.core.errors import RulesError, StoredDataError
from omen.core.roll import N_, Step, signed

LOWEST = 2  # does not fight: never checks
HIGHEST = 12  # fights to the death: never checks
MAX_ADJUSTMENT = 2
HELD_TO_STAND = 2  # two passed checks: fights on to the end
MAX_GROUP = 10_000

# 2d6: how many of the 36 throws give each total.
_WAYS = {total: 6 - abs(total - 7) for total in range(2, 13)}


class Trigger(enum.Enum):
    """What calls for a morale check."""

    FIRST_DEATH = "first_death"
    HALF_DOWN = "half_down"


TRIGGER_TEXT = {
    Trigger.FIRST_DEATH: N_("Check: the first of them is killed."),
    Trigger.HALF_DOWN: N_("Check: half of the group is out of the fight."),
}


class Outcome(enum.Enum):
    """What a morale check comes to."""

    HOLDS = "holds"  # fights on
    BREAKS = "breaks"  # flees or surrenders
    NEVER_FIGHTS = "never_fights"  # score 2
    FEARLESS = "fearless"  # score 12, or two held checks


OUTCOME_TEXT = {
    Outcome.HOLDS: N_("The monsters hold and fight on."),
    Outcome.BREAKS: N_("The monsters break: they flee or give up."),
    Outcome.NEVER_FIGHTS: N_("Morale 2: these monsters do not fight, so no check is rolled."),
    Outcome.FEARLESS: N_("These monsters fight to the death: no check is rolled."),
}


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def check_score(score: Any) -> int:
    """The morale score, checked: a whole number from 2 to 12."""
    if not _whole(score) or not LOWEST <= score <= HIGHEST:
        raise RulesError(
            Step(
                N_("A morale score is a whole number from {low} to {high}."),
                {"low": LOWEST, "high": HIGHEST},
            )
        )
    return int(score)


def check_adjustment(adjustment: Any) -> int:
    """The situation adjustment, checked: a whole number within the limit."""
    if not _whole(adjustment) or abs(adjustment) > MAX_ADJUSTMENT:
        raise RulesError(
            Step(
                N_("A morale adjustment is from -{limit} to +{limit}."),
                {"limit": MAX_ADJUSTMENT},
            )
        )
    return int(adjustment)


def effective(score: int, adjustment: int = 0) -> int:
    """The score the roll is compared with: adjusted, except a 2 or a 12."""
    check_score(score)
    check_adjustment(adjustment)
    if score in (LOWEST, HIGHEST):
        return score
    return max(LOWEST, min(HIGHEST, score + adjustment))


def break_chance(target: int) -> Fraction:
    """The exact chance that 2d6 rolls above ``target``."""
    return Fraction(sum(ways for total, ways in _WAYS.items() if total > target), 36)


@dataclass(frozen=True)
class MoraleOdds:
    """Before the roll: the score in force, and the chances to break and to hold
    (both 0 when no check is rolled at all)."""

    score: int
    target: int
    rolled: bool  # False for 2 and 12: no check
    breaks: Fraction
    holds: Fraction
    steps: tuple[Step, ...]


def morale_odds(score: int, adjustment: int = 0) -> MoraleOdds:
    """The exact odds of a morale check for ``score`` (adjusted by ``adjustment``).

    >>> [str(morale_odds(s).breaks) for s in range(3, 12)]
    ['11/12', '5/6', '13/18', '7/12', '5/12', '5/18', '1/6', '1/12', '1/36']
    >>> morale_odds(12).rolled, morale_odds(2).rolled
    (False, False)
    """
    target = effective(score, adjustment)
    steps: list[Step] = []
    if score in (LOWEST, HIGHEST) and adjustment:
        steps.append(Step(N_("Scores of 2 and 12 are never adjusted.")))
    elif adjustment:
        steps.append(
            Step(
                N_("Morale {score} adjusted by {adjustment} is {target}."),
                {"score": score, "adjustment": signed(adjustment), "target": target},
            )
        )
    if score == LOWEST:
        steps.append(Step(OUTCOME_TEXT[Outcome.NEVER_FIGHTS]))
        return MoraleOdds(score, target, False, Fraction(0), Fraction(0), tuple(steps))
    if score == HIGHEST:
        steps.append(Step(OUTCOME_TEXT[Outcome.FEARLESS]))
        return MoraleOdds(score, target, False, Fraction(0), Fraction(0), tuple(steps))
    breaks = break_chance(target)
    steps.append(_odds_step(target, breaks))
    return MoraleOdds(score, target, True, breaks, 1 - breaks, tuple(steps))


def _odds_step(target: int, breaks: Fraction) -> Step:
    if breaks == 0:
        return Step(
            N_("Morale {target}: no roll of 2d6 is above it, so they hold."), {"target": target}
        )
    if breaks == 1:
        return Step(
            N_("Morale {target}: every roll of 2d6 is above it, so they break."), {"target": target}
        )
    return Step(
        N_("Morale {target}: they break on {low} or more ({ways} of the 36 throws of 2d6)."),
        {"target": target, "low": max(target + 1, 2), "ways": int(breaks * 36)},
    )


# --- the side's losses and when to check --------------------------------------------


@dataclass(frozen=True)
class Morale:
    """The monsters' side in a fight: its score, how many there are, how many are
    killed and how many are otherwise out of the fight, which checks were rolled and
    how many held, whether it broke, and the referee's situation adjustment (-2 to +2)
    for the next check.

    The check is one check: what is constructed (by an action) is what a stored copy
    must pass to load.
    """

    score: int = 7
    group: int = 1
    killed: int = 0
    out: int = 0  # incapacitated but not killed: paralysed, asleep, held
    checked: frozenset[Trigger] = frozenset()
    held: int = 0
    broken: bool = False
    adjustment: int = 0  # the situation: -1 for a losing side, +1 for a winning one

    def __post_init__(self) -> None:
        check_score(self.score)
        check_adjustment(self.adjustment)
        for value in (self.group, self.killed, self.out, self.held):
            if not _whole(value) or not 0 <= value <= MAX_GROUP:
                raise RulesError(
                    Step(
                        N_("A number of monsters is a whole number from 0 to {high}."),
                        {"high": MAX_GROUP},
                    )
                )
        if self.group < 1:
            raise RulesError(Step(N_("A group holds at least one monster.")))
        if self.killed + self.out > self.group:
            raise RulesError(
                Step(
                    N_("Only {group} monsters are in the group: no more can be down."),
                    {"group": self.group},
                )
            )
        if not isinstance(self.broken, bool) or self.held > len(Trigger):
            raise RulesError(Step(N_("A morale record is damaged.")))
        if not isinstance(self.checked, frozenset) or not all(
            isinstance(t, Trigger) for t in self.checked
        ):
            raise RulesError(Step(N_("A morale record is damaged.")))

    @property
    def down(self) -> int:
        """How many of the group are dead or out of the fight."""
        return self.killed + self.out

    @property
    def steadfast(self) -> bool:
        """Two checks held: it fights on to the end."""
        return self.held >= HELD_TO_STAND

    def to_json(self) -> dict[str, Any]:
        """Its stored form."""
        return {
            "score": self.score,
            "group": self.group,
            "killed": self.killed,
            "out": self.out,
            "checked": sorted(t.value for t in self.checked),
            "held": self.held,
            "broken": self.broken,
            "adjustment": self.adjustment,
        }

    @classmethod
    def from_json(cls, data: Any) -> Morale:
        """A stored record goes through the same checks as a new one."""
        fields = {"score", "group", "killed", "out", "checked", "held", "broken", "adjustment"}
        if not isinstance(data, dict) or set(data) != fields:
            raise _damaged()
        checked = data["checked"]
        if not isinstance(checked, list) or len(checked) > len(Trigger):
            raise _damaged()
        try:
            triggers = frozenset(Trigger(value) for value in checked)
            return cls(
                data["score"],
                data["group"],
                data["killed"],
                data["out"],
                triggers,
                data["held"],
                data["broken"],
                data["adjustment"],
            )
        except (ValueError, TypeError, RulesError) as error:
            raise _damaged() from error


def _damaged() -> StoredDataError:
    return StoredDataError(Step(N_("A stored morale record is damaged and cannot be read.")))


def nobody_left(side: Morale) -> bool:
    """Whether every one of the group is killed or out of the fight.

    >>> nobody_left(Morale(score=8, group=3, killed=2, out=1)), nobody_left(Morale(8, 3))
    (True, False)
    """
    return side.group > 0 and side.down >= side.group


def due(side: Morale) -> Trigger | None:
    """The check the side's losses call for now, if any (the first death first)."""
    if side.broken or side.steadfast or side.score in (LOWEST, HIGHEST) or nobody_left(side):
        return None
    if side.killed >= 1 and Trigger.FIRST_DEATH not in side.checked:
        return Trigger.FIRST_DEATH
    if 2 * side.down >= side.group and Trigger.HALF_DOWN not in side.checked:
        return Trigger.HALF_DOWN
    return None


def losses(side: Morale, *, killed: int | None = None, out: int | None = None) -> Morale:
    """The side with its count of killed and otherwise fallen monsters set."""
    return replace(
        side,
        killed=side.killed if killed is None else killed,
        out=side.out if out is None else out,
    )


@dataclass(frozen=True)
class MoraleResult:
    """One morale check: the 2d6 total (None when nothing was rolled), the outcome and
    how it came about."""

    value: int | None
    outcome: Outcome
    trigger: Trigger | None
    steps: tuple[Step, ...]


def check(side: Morale, dice: Dice, adjustment: int = 0) -> tuple[Morale, MoraleResult]:
    """Roll the check the side's losses call for (or one the referee asks for when none
    is due: the rules leave the referee free to call for more)."""
    trigger = due(side)
    steps: list[Step] = []
    if trigger is not None:
        steps.append(Step(TRIGGER_TEXT[trigger]))
    if side.broken:
        raise RulesError(Step(N_("These monsters have already broken: no more checks.")))
    if nobody_left(side):
        raise RulesError(
            Step(N_("None of these monsters is left standing: there is no morale to check."))
        )
    if side.score in (LOWEST, HIGHEST):
        outcome = Outcome.NEVER_FIGHTS if side.score == LOWEST else Outcome.FEARLESS
        steps.append(Step(OUTCOME_TEXT[outcome]))
        return side, MoraleResult(None, outcome, trigger, tuple(steps))
    if side.steadfast:
        steps.append(Step(N_("They have held two checks: they fight on until killed.")))
        return side, MoraleResult(None, Outcome.FEARLESS, trigger, tuple(steps))
    odds = morale_odds(side.score, adjustment)
    steps.extend(odds.steps)
    first, second = dice.roll(6), dice.roll(6)
    total = first + second
    steps.append(
        Step(
            N_("2d6: {first} + {second} = {sum}"), {"first": first, "second": second, "sum": total}
        )
    )
    checked = side.checked | ({trigger} if trigger is not None else set())
    if total > odds.target:
        steps.append(
            Step(
                N_("{total} is above {target}: the monsters break, fleeing or giving up."),
                {"total": total, "target": odds.target},
            )
        )
        side = replace(side, checked=frozenset(checked), broken=True)
        return side, MoraleResult(total, Outcome.BREAKS, trigger, tuple(steps))
    held = side.held + 1
    steps.append(
        Step(
            N_("{total} is not above {target}: the monsters fight on."),
            {"total": total, "target": odds.target},
        )
    )
    if held >= HELD_TO_STAND:
        steps.append(Step(N_("That is their second held check: they fight on until killed.")))
    side = replace(side, checked=frozenset(checked), held=min(held, HELD_TO_STAND))
    return side, MoraleResult(total, Outcome.HOLDS, trigger, tuple(steps))

"""GURPS on the Tests screen: a success roll or a Quick Contest, as the game master types it.

**A success roll.** Name what is rolled (Stealth, a Fright Check), type the skill and its
modifiers; the effective skill is their sum. Before the roll the exact chance of success,
of a critical success and of a critical failure shows, with the margin each roll would
give; after it, the roll, its result and its margin (skill minus roll). Below effective
skill 3 the roll is refused, with the reason, unless the game master marks it a defence
roll (:func:`omen.gurps.rolls.no_roll`).

**A Quick Contest.** Two sides, each with a name, a skill and modifiers. Both roll; the
result follows :func:`omen.gurps.rolls.contest` (a success beats a failure, then the larger
margin; equal is a tie). Before the roll: each side's chance to win, the tie, and the
chance of each margin of victory.

The form is kept between visits (:data:`GURPS_TESTS`); a result goes to the log.

>>> from omen.core.dice import ScriptedDice
>>> form = GurpsTestsForm(roll=Roller("Stealth", 12, (-2,)))
>>> title, roll = roll_for(form.roll, ScriptedDice([2, 3, 4]))
>>> title.english(), roll.margin
('Stealth (effective 10): success by 1', 1)
>>> roll_for(Roller("Climbing", 4, (-2,)), 3)
Traceback (most recent call last):
omen.core.errors.RulesError: Effective skill 2 is below 3: no success roll is allowed (GURPS Basic Set, p. B344), except a defence roll.
>>> roll_for(Roller("Dodge", 4, (-2,), defence=True), 4)[0].english()
'Dodge (effective 2): critical success on a 4'
>>> title, fight = contest_for(Roller("Ana", 13), Roller("Ogre", 11), 9, 12)
>>> title.english()
'Quick Contest: Ana wins by 5'

A headline never gives a margin that runs against its result: a 4 that succeeds below
skill 3, or a 17 that fails at skill 20, is told by its roll; a Quick Contest that such a
roll decides names the winner without a margin of victory.

>>> roll_for(Roller("Climb", 20), 17)[0].english()
'Climb (effective 20): failure on a 17'
>>> contest_for(Roller("A", 2), Roller("B", 20), 4, 17)[0].english()
'Quick Contest: A wins'
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field, replace
from typing import Any

from omen.campaign.tables import Fields, stored_error
from omen.core.dice import Dice
from omen.core.errors import RulesError
from omen.core.roll import N_, ArgValue, Step
from omen.core.store import Schema
from omen.gurps.rolls import (
    MAX_MODIFIER,
    MAX_MODIFIERS,
    MAX_SKILL,
    MIN_SKILL,
    NO_ROLL_BELOW,
    QuickContest,
    Result,
    SuccessRoll,
    Winner,
    check_modifiers,
    contest,
    effective_skill,
    no_roll,
    success_roll,
)

MAX_NAME = 80


class Mode(enum.Enum):
    """What the Tests screen shows in a GURPS campaign."""

    ROLL = "roll"  # a success roll
    CONTEST = "contest"  # a Quick Contest
    POOL = "pool"  # The End of the World's dice pool, still one tap away


@dataclass(frozen=True)
class Roller:
    """Who or what rolls: a name (may be empty), the skill and its modifiers, and whether
    the roll is a defence roll (allowed below effective skill 3; a success roll's only)."""

    name: str = ""
    skill: int = 10
    modifiers: tuple[int, ...] = ()
    defence: bool = False

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or len(self.name) > MAX_NAME:
            raise RulesError(Step(N_("A name fits in {limit} characters."), {"limit": MAX_NAME}))
        if not isinstance(self.defence, bool):
            raise RulesError(Step(N_("The defence roll mark is damaged.")))
        effective_skill(self.skill, self.modifiers)

    @property
    def level(self) -> int:
        """The effective skill."""
        return effective_skill(self.skill, self.modifiers).value

    def to_json(self) -> dict[str, Any]:
        """Its stored form."""
        out: dict[str, Any] = {"skill": self.skill}
        if self.name:
            out["name"] = self.name
        if self.modifiers:
            out["modifiers"] = list(self.modifiers)
        if self.defence:
            out["defence"] = True
        return out

    @classmethod
    def from_json(cls, data: Any, path: str) -> Roller:
        """Read its stored form back; ``path`` names it in a message."""
        fields = Fields(data, path, ("name", "skill", "modifiers", "defence"))
        modifiers = tuple(
            _stored_modifier(item, where)
            for where, item in fields.items("modifiers", MAX_MODIFIERS)
        )
        skill = fields.integer("skill", MIN_SKILL, MAX_SKILL, default=10)
        name = fields.optional_text("name", MAX_NAME) or ""
        defence = fields.boolean("defence")
        try:
            return cls(name, skill, check_modifiers(modifiers), defence)
        except RulesError:
            raise stored_error(
                path,
                Step(
                    N_("holds an effective skill outside {low} to {high}"),
                    {"low": MIN_SKILL, "high": MAX_SKILL},
                ),
            ) from None


def _stored_modifier(value: Any, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or abs(value) > MAX_MODIFIER:
        raise stored_error(
            where,
            Step(N_("must be a whole number from −{limit} to +{limit}"), {"limit": MAX_MODIFIER}),
        )
    return value


DEFAULT_A = Roller(skill=12)
DEFAULT_B = Roller(skill=10)


@dataclass(frozen=True)
class GurpsTestsForm:
    """What the GURPS Tests screen keeps: the mode, the roll, and the contest's sides."""

    mode: Mode = Mode.ROLL
    roll: Roller = field(default_factory=Roller)
    a: Roller = DEFAULT_A
    b: Roller = DEFAULT_B

    def with_roller(self, which: str, roller: Roller) -> GurpsTestsForm:
        """The form with the roller ``which`` ("roll", "a" or "b") replaced."""
        if which == "roll":
            return replace(self, roll=roller)
        if which == "a":
            return replace(self, a=roller)
        if which == "b":
            return replace(self, b=roller)
        raise RulesError(Step(N_("There is no such side.")))

    def to_json(self) -> dict[str, Any]:
        """Its stored form."""
        return {
            "mode": self.mode.value,
            "roll": self.roll.to_json(),
            "a": self.a.to_json(),
            "b": self.b.to_json(),
        }

    @classmethod
    def from_json(cls, data: Any) -> GurpsTestsForm:
        """Read its stored form back, every field checked."""
        path = "gurps_tests"
        fields = Fields(data, path, ("mode", "roll", "a", "b"))
        mode = Mode(fields.choice("mode", tuple(m.value for m in Mode), Mode.ROLL.value))
        rollers = {
            key: Roller.from_json(fields.raw(key), f"{path}.{key}")
            if fields.raw(key) is not None
            else default
            for key, default in (("roll", Roller()), ("a", DEFAULT_A), ("b", DEFAULT_B))
        }
        return cls(mode, rollers["roll"], rollers["a"], rollers["b"])


GURPS_TESTS = Schema("gurps_tests", 1, {}, GurpsTestsForm.from_json)


# --- rolling ----------------------------------------------------------------------------

_RESULT_TITLE = {
    Result.CRITICAL_SUCCESS: N_("{what} (effective {level}): critical success by {margin}"),
    Result.SUCCESS: N_("{what} (effective {level}): success by {margin}"),
    Result.FAILURE: N_("{what} (effective {level}): failure by {margin}"),
    Result.CRITICAL_FAILURE: N_("{what} (effective {level}): critical failure by {margin}"),
}

# A roll whose margin runs against its result (a 3 or 4 below skill 3, a 17 or 18 that
# fails at a high skill) is told by its roll, not by a margin that would mislead.
_ON_A_ROLL = {
    Result.CRITICAL_SUCCESS: N_("{what} (effective {level}): critical success on a {roll}"),
    Result.SUCCESS: N_("{what} (effective {level}): success on a {roll}"),
    Result.FAILURE: N_("{what} (effective {level}): failure on a {roll}"),
    Result.CRITICAL_FAILURE: N_("{what} (effective {level}): critical failure on a {roll}"),
}

CONTEST_TIE = N_("Quick Contest: a tie")
CONTEST_WON = N_("Quick Contest: {who} wins by {victory}")
CONTEST_WON_ONLY = N_("Quick Contest: {who} wins")  # a success over a failure, no margin


def said(title: Step) -> tuple[Mode, Result | None] | None:
    """What a logged headline says: a success roll (and its result) or a Quick Contest
    (no one result), or None for another's; a reload shows the last one again.

    >>> said(Step(_RESULT_TITLE[Result.SUCCESS], {"what": "Tracking", "level": 13, "margin": 4}))
    (<Mode.ROLL: 'roll'>, <Result.SUCCESS: 'success'>)
    >>> said(Step(CONTEST_TIE)), said(Step("Turn {turn} begins."))
    ((<Mode.CONTEST: 'contest'>, None), None)
    """
    for titles in (_RESULT_TITLE, _ON_A_ROLL):
        for result, key in titles.items():
            if title.key == key:
                return Mode.ROLL, result
    if title.key in (CONTEST_TIE, CONTEST_WON, CONTEST_WON_ONLY):
        return Mode.CONTEST, None
    return None


# every headline :func:`said` knows
SAID = frozenset(
    {*_RESULT_TITLE.values(), *_ON_A_ROLL.values(), CONTEST_TIE, CONTEST_WON, CONTEST_WON_ONLY}
)


def _what(roller: Roller, fallback: Step) -> ArgValue:
    return roller.name.strip() or fallback


def roll_for(roller: Roller, source: Dice | int) -> tuple[Step, SuccessRoll]:
    """Roll ``roller``'s effective skill: the headline for the log and the roll. Below
    effective skill 3 only a defence roll is made; anything else is refused."""
    level = effective_skill(roller.skill, roller.modifiers)
    why = no_roll(level.value, roller.defence)
    if why is not None:
        raise RulesError(why)
    what = _what(roller, Step(N_("Defence roll") if roller.defence else N_("Success roll")))
    rolled = success_roll(
        level.value, source, Step(N_("{what} {level}"), {"what": what, "level": level.value})
    )
    if (rolled.margin >= 0) == rolled.succeeded:
        title = Step(
            _RESULT_TITLE[rolled.result],
            {"what": what, "level": level.value, "margin": abs(rolled.margin)},
        )
    else:  # the margin runs against the result: the roll says it
        title = Step(
            _ON_A_ROLL[rolled.result], {"what": what, "level": level.value, "roll": rolled.roll}
        )
    steps = level.steps
    if roller.defence and level.value < NO_ROLL_BELOW:
        steps = (
            *steps,
            Step(N_("A defence roll: allowed below effective skill 3 (GURPS Basic Set, p. B344).")),
        )
    return title, replace(rolled, steps=(*steps, *rolled.steps))


def contest_for(
    a: Roller, b: Roller, source_a: Dice | int, source_b: Dice | int
) -> tuple[Step, QuickContest]:
    """Roll a Quick Contest between ``a`` and ``b`` (A first when both use the same dice)."""
    name_a = _what(a, Step(N_("side A")))
    name_b = _what(b, Step(N_("side B")))
    level_a = effective_skill(a.skill, a.modifiers)
    level_b = effective_skill(b.skill, b.modifiers)
    roll_a = success_roll(level_a.value, source_a, who=name_a)
    roll_b = success_roll(level_b.value, source_b, who=name_b)
    decided = contest(roll_a, roll_b, name_a, name_b)
    if decided.winner is Winner.TIE:
        title = Step(CONTEST_TIE)
    elif decided.margin_of_victory < 1:  # a success over a failure, the margins odd
        title = Step(CONTEST_WON_ONLY, {"who": name_a if decided.winner is Winner.A else name_b})
    else:
        title = Step(
            CONTEST_WON,
            {
                "who": name_a if decided.winner is Winner.A else name_b,
                "victory": decided.margin_of_victory,
            },
        )
    setup = (
        Step(N_("{who}: {line}"), {"who": name_a, "line": level_a.steps[0]}),
        Step(N_("{who}: {line}"), {"who": name_b, "line": level_b.steps[0]}),
    )
    return title, replace(decided, steps=(*setup, *decided.steps))

"""GURPS success rolls and Quick Contests, with their exact odds.

**Success roll.** Roll 3d6 against an effective skill: a total at or below the skill
succeeds. Whatever the skill, a 3 or 4 always succeeds and a 17 or 18 always fails. The
margin is the skill minus the roll: positive or zero is how far a success beat the
skill, negative is how far a failure missed it.

**Criticals**, as GURPS reports them. A critical success is a 3 or 4 always, a 5 when
the effective skill is 15 or more, and a 6 when it is 16 or more. A critical failure is
an 18 always, a 17 when the effective skill is 15 or less (with skill 16 or more a 17 is
an ordinary failure), and any roll 10 or more above the effective skill. Criticals are
reported; they never change a margin.

**Quick Contest.** Both sides roll at once. A success beats a failure; between two
successes the larger margin wins; between two failures the smaller failure (the larger
margin) wins; equal results are a tie. The margin of victory is the winner's margin
minus the loser's. When a 3-4 or a 17-18 overrides the skill, a success can beat a
failure with a margin no larger than the loser's, so the margin of victory of such a win
can be zero or less.

**Below effective skill 3** no success roll may be made at all, unless it is a defence
roll (an active defence: a dodge, parry or block); a defence roll at such a skill is
rolled as usual, a 3 or 4 still succeeding (:func:`no_roll`). A Quick Contest is rolled
whatever the sides' skills (Omen's ruling): a side below 3 still succeeds on a 3 or 4,
and its margin counts as any other.

**Effective skill.** The game master types the skill and any modifiers (``-2 +1``); the
effective skill is their sum, and it is what the roll is made against. Before the roll
Omen shows the exact chance of success, of a critical success and of a critical failure,
and the chance of each margin; after it, the margin the dice gave.

Rolls come from a :class:`~omen.core.dice.Dice` or as a 3d6 total typed in from physical
dice; either way the steps say what happened.

Source: GURPS Basic Set, Fourth Edition, *Success Rolls* (p. B343; the limit of
effective skill 3, p. B344) and *Critical Success and Failure* (pp. B347-B348); the
Quick Contest as the seed uses it.

>>> from omen.core.dice import ScriptedDice
>>> roll = success_roll(12, ScriptedDice([2, 3, 4]), Step(N_("Stealth {level}"), {"level": 12}))
>>> roll.result.name, roll.margin
('SUCCESS', 3)
>>> [step.english() for step in roll.steps]
['3d6: 2, 3, 4 = 9', 'rolled 9 against Stealth 12: success, margin +3']
>>> contest = quick_contest(10, 13, 7, 10)
>>> contest.winner.name, contest.margin_of_victory
('TIE', 0)
>>> success_chance(10)
Fraction(1, 2)
>>> contest_odds(10, 10).tie
Fraction(361, 3888)
>>> level = effective_skill(14, read_modifiers("-2 +1"))
>>> level.value, level.steps[0].english()
(13, 'skill 14, modifiers −2 +1: effective skill 13')
>>> odds = roll_odds(16)
>>> odds.critical_success, odds.critical_failure, odds.margin_at_least(0)
(Fraction(5, 54), Fraction(1, 216), Fraction(53, 54))
"""

from __future__ import annotations

import enum
import re
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from omen.core import notation
from omen.core.dice import Dice
from omen.core.errors import RulesError
from omen.core.roll import N_, ArgValue, Step
from omen.core.roll import signed as signed  # shown with its sign, as the rules print it

LOWEST_ROLL = 3
HIGHEST_ROLL = 18
NO_ROLL_BELOW = 3  # no success roll below this effective skill, but a defence roll
MIN_SKILL = -50
MAX_SKILL = 99
MAX_MODIFIER = 99  # one modifier, either way
MAX_MODIFIERS = 12  # modifiers on one roll
MAX_MODIFIER_TEXT = 120

THREE_D6: dict[int, Fraction] = dict(sorted(notation.distribution("3d6").items()))


class Result(enum.Enum):
    """How a success roll came out: critical success, success, failure or critical failure."""

    CRITICAL_SUCCESS = "critical_success"
    SUCCESS = "success"
    FAILURE = "failure"
    CRITICAL_FAILURE = "critical_failure"

    @property
    def succeeded(self) -> bool:
        """Whether it is a success, critical or not."""
        return self in (Result.CRITICAL_SUCCESS, Result.SUCCESS)


RESULT_TEXT = {
    Result.CRITICAL_SUCCESS: N_("critical success"),
    Result.SUCCESS: N_("success"),
    Result.FAILURE: N_("failure"),
    Result.CRITICAL_FAILURE: N_("critical failure"),
}


def check_skill(skill: int) -> None:
    """Refuse an effective skill that is not a whole number in Omen's range."""
    if isinstance(skill, bool) or not isinstance(skill, int) or not MIN_SKILL <= skill <= MAX_SKILL:
        raise RulesError(
            Step(
                N_("An effective skill must be a whole number from {low} to {high}."),
                {"low": MIN_SKILL, "high": MAX_SKILL},
            )
        )


def no_roll(skill: int, defence: bool = False) -> Step | None:
    """Why no success roll may be made at effective ``skill``, or None when it may: below 3
    only a defence roll is allowed.

    >>> no_roll(2).english()
    'Effective skill 2 is below 3: no success roll is allowed (GURPS Basic Set, p. B344), except a defence roll.'
    >>> no_roll(2, defence=True), no_roll(3)
    (None, None)
    """
    if defence or skill >= NO_ROLL_BELOW:
        return None
    return Step(
        N_(
            "Effective skill {level} is below 3: no success roll is allowed "
            "(GURPS Basic Set, p. B344), except a defence roll."
        ),
        {"level": skill},
    )


def check_total(total: int) -> None:
    """Refuse a typed-in 3d6 total that three six-sided dice cannot show."""
    if (
        isinstance(total, bool)
        or not isinstance(total, int)
        or not LOWEST_ROLL <= total <= HIGHEST_ROLL
    ):
        raise RulesError(
            Step(
                N_("Three six-sided dice total {low} to {high}; {total} cannot be rolled."),
                {"low": LOWEST_ROLL, "high": HIGHEST_ROLL, "total": str(total)},
            )
        )


def roll_3d6(source: Dice | int) -> tuple[int, tuple[Step, ...]]:
    """A 3d6 total from dice, or a typed-in total checked to be possible."""
    if isinstance(source, int):
        check_total(source)
        return source, (Step(N_("3d6 rolled at the table: {total}"), {"total": source}),)
    rolled = notation.roll("3d6", source)
    return rolled.value, rolled.steps


def classify(skill: int, roll: int) -> Result:
    """What a 3d6 ``roll`` against effective ``skill`` is, criticals included."""
    if roll <= 4 or (roll == 5 and skill >= 15) or (roll == 6 and skill >= 16):
        return Result.CRITICAL_SUCCESS
    if roll == 18 or (roll == 17 and skill <= 15) or roll - skill >= 10:
        return Result.CRITICAL_FAILURE
    if roll == 17 or roll > skill:
        return Result.FAILURE
    return Result.SUCCESS


def _why(skill: int, roll: int, result: Result) -> Step | None:
    """The rule behind a critical or an automatic result, when one applies."""
    if result is Result.CRITICAL_SUCCESS:
        if roll <= 4:
            return Step(N_("a 3 or 4 is always a critical success"))
        if roll == 5:
            return Step(N_("a 5 is a critical success at effective skill 15 or more"))
        return Step(N_("a 6 is a critical success at effective skill 16 or more"))
    if result is Result.CRITICAL_FAILURE:
        if roll == 18:
            return Step(N_("an 18 is always a critical failure"))
        if roll == 17 and skill <= 15:
            return Step(N_("a 17 is a critical failure at effective skill 15 or less"))
        return Step(N_("a roll 10 or more above the effective skill is a critical failure"))
    if result is Result.FAILURE and roll == 17 and roll <= skill:
        return Step(N_("a 17 always fails, even when the skill is higher"))
    return None


@dataclass(frozen=True)
class SuccessRoll:
    """One 3d6 roll against an effective skill."""

    skill: int
    roll: int
    result: Result
    steps: tuple[Step, ...]

    @property
    def succeeded(self) -> bool:
        """Whether the roll succeeded."""
        return self.result.succeeded

    @property
    def critical(self) -> bool:
        """Whether the roll was a critical success or failure."""
        return self.result in (Result.CRITICAL_SUCCESS, Result.CRITICAL_FAILURE)

    @property
    def margin(self) -> int:
        """Skill minus roll; criticals and automatic results leave it as it is."""
        return self.skill - self.roll


def success_roll(
    skill: int,
    source: Dice | int,
    skill_name: ArgValue | None = None,
    who: ArgValue | None = None,
) -> SuccessRoll:
    """Roll 3d6 against ``skill`` (from ``source``: dice, or a typed-in total).

    ``skill_name`` is how the steps name what was rolled (a Step such as "Stealth 12";
    the bare number when omitted) and ``who`` names the roller.
    """
    check_skill(skill)
    roll, steps = roll_3d6(source)
    result = classify(skill, roll)
    args: dict[str, ArgValue] = {
        "roll": roll,
        "skill": skill if skill_name is None else skill_name,
        "result": Step(RESULT_TEXT[result]),
        "margin": signed(skill - roll),
    }
    if who is None:
        line = Step(N_("rolled {roll} against {skill}: {result}, margin {margin}"), args)
    else:
        line = Step(
            N_("{who} rolled {roll} against {skill}: {result}, margin {margin}"),
            {**args, "who": who},
        )
    why = _why(skill, roll, result)
    return SuccessRoll(skill, roll, result, (*steps, line, *(() if why is None else (why,))))


# --- Quick Contests ---------------------------------------------------------------


class Winner(enum.Enum):
    """Who won a Quick Contest: side A, side B, or a tie."""

    A = "a"
    B = "b"
    TIE = "tie"


def decide(a: SuccessRoll, b: SuccessRoll) -> tuple[Winner, int]:
    """Who wins a Quick Contest of two rolls, and the margin of victory (0 on a tie)."""
    return _decide(a.succeeded, a.margin, b.succeeded, b.margin)


def _decide(a_ok: bool, a_margin: int, b_ok: bool, b_margin: int) -> tuple[Winner, int]:
    if a_ok != b_ok:
        winner = Winner.A if a_ok else Winner.B
    elif a_margin == b_margin:
        return Winner.TIE, 0
    else:
        winner = Winner.A if a_margin > b_margin else Winner.B
    victory = a_margin - b_margin if winner is Winner.A else b_margin - a_margin
    return winner, victory


@dataclass(frozen=True)
class QuickContest:
    """A Quick Contest: both success rolls and the winner."""

    a: SuccessRoll
    b: SuccessRoll
    winner: Winner
    margin_of_victory: int  # 0 on a tie
    steps: tuple[Step, ...]


DEFAULT_A = Step(N_("side A"))
DEFAULT_B = Step(N_("side B"))


def contest(
    a: SuccessRoll, b: SuccessRoll, name_a: ArgValue = DEFAULT_A, name_b: ArgValue = DEFAULT_B
) -> QuickContest:
    """Decide a Quick Contest between two rolls already made, and say why."""
    winner, victory = decide(a, b)
    steps = [*a.steps, *b.steps]
    if winner is Winner.TIE:
        steps.append(Step(N_("equal results: the contest is a tie")))
        return QuickContest(a, b, winner, 0, tuple(steps))
    if a.succeeded != b.succeeded:
        steps.append(Step(N_("a success beats a failure")))
    elif a.succeeded:
        steps.append(Step(N_("both succeed: the larger margin wins")))
    else:
        steps.append(Step(N_("both fail: the smaller failure wins")))
    winner_name, loser = (name_a, b) if winner is Winner.A else (name_b, a)
    won = a if winner is Winner.A else b
    steps.append(
        Step(
            N_("{who} wins by {victory} ({won} minus {lost})"),
            {
                "who": winner_name,
                "victory": victory,
                "won": signed(won.margin),
                "lost": signed(loser.margin),
            },
        )
    )
    return QuickContest(a, b, winner, victory, tuple(steps))


def quick_contest(
    skill_a: int,
    source_a: Dice | int,
    skill_b: int,
    source_b: Dice | int,
    name_a: ArgValue = DEFAULT_A,
    name_b: ArgValue = DEFAULT_B,
) -> QuickContest:
    """Roll a Quick Contest (side A rolls first when both use the same dice)."""
    a = success_roll(skill_a, source_a, who=name_a)
    b = success_roll(skill_b, source_b, who=name_b)
    return contest(a, b, name_a, name_b)


# --- exact odds -----------------------------------------------------------------------


def success_chance(skill: int) -> Fraction:
    """The exact chance that 3d6 succeeds against ``skill``."""
    check_skill(skill)
    return sum((p for roll, p in THREE_D6.items() if classify(skill, roll).succeeded), Fraction(0))


@dataclass(frozen=True)
class ContestOdds:
    """Exact odds of a Quick Contest, with the margins of victory each side can win by."""

    skill_a: int
    skill_b: int
    a_wins: Fraction
    b_wins: Fraction
    tie: Fraction
    a_margins: tuple[tuple[int, Fraction], ...]  # (margin of victory, chance), ascending
    b_margins: tuple[tuple[int, Fraction], ...]

    def a_wins_by_at_least(self, margin: int) -> Fraction:
        """Chance that side A wins with a margin of victory of ``margin`` or more."""
        return sum((p for m, p in self.a_margins if m >= margin), Fraction(0))

    def b_wins_by_at_least(self, margin: int) -> Fraction:
        """The chance that B wins by ``margin`` or more."""
        return sum((p for m, p in self.b_margins if m >= margin), Fraction(0))


def contest_odds(skill_a: int, skill_b: int) -> ContestOdds:
    """Exact odds of a Quick Contest, by going through all 216 × 216 pairs of rolls."""
    check_skill(skill_a)
    check_skill(skill_b)
    return _contest_odds(skill_a, skill_b)


@lru_cache(maxsize=1024)
def _contest_odds(skill_a: int, skill_b: int) -> ContestOdds:
    tie = Fraction(0)
    wins: dict[Winner, dict[int, Fraction]] = {Winner.A: {}, Winner.B: {}}
    for roll_a, p_a in THREE_D6.items():
        a_ok = classify(skill_a, roll_a).succeeded
        for roll_b, p_b in THREE_D6.items():
            b_ok = classify(skill_b, roll_b).succeeded
            winner, victory = _decide(a_ok, skill_a - roll_a, b_ok, skill_b - roll_b)
            if winner is Winner.TIE:
                tie += p_a * p_b
            else:
                table = wins[winner]
                table[victory] = table.get(victory, Fraction(0)) + p_a * p_b
    a_margins = tuple(sorted(wins[Winner.A].items()))
    b_margins = tuple(sorted(wins[Winner.B].items()))
    return ContestOdds(
        skill_a,
        skill_b,
        sum((p for _, p in a_margins), Fraction(0)),
        sum((p for _, p in b_margins), Fraction(0)),
        tie,
        a_margins,
        b_margins,
    )


# --- effective skill ------------------------------------------------------------------

# ASCII digits only; a true minus sign (−) reads as a hyphen.
_MODIFIER = re.compile(r"\s*([+-]?)\s*([0-9]{1,3})\s*,?", re.ASCII)


def read_modifiers(text: str) -> tuple[int, ...]:
    """Modifiers as the game master types them: ``-2 +1``, ``−4, +2``, ``3`` (a plus).

    An empty text is no modifiers; anything else is a :class:`RulesError` saying how to
    write them.
    """
    if not isinstance(text, str) or len(text) > MAX_MODIFIER_TEXT:
        raise RulesError(
            Step(N_("Modifiers fit in {limit} characters."), {"limit": MAX_MODIFIER_TEXT})
        )
    rest = text.replace("−", "-").replace("–", "-").strip()
    found: list[int] = []
    while rest:
        match = _MODIFIER.match(rest)
        if match is None:
            raise RulesError(
                Step(N_("Write modifiers as whole numbers with their signs, like −2 +1."))
            )
        value = int(match.group(2))
        found.append(-value if match.group(1) == "-" else value)
        rest = rest[match.end() :].strip()
    return check_modifiers(found)


def check_modifiers(modifiers: Sequence[int]) -> tuple[int, ...]:
    """Refuse modifiers that are not whole numbers in range, or too many of them."""
    if len(modifiers) > MAX_MODIFIERS:
        raise RulesError(
            Step(N_("A roll takes at most {limit} modifiers."), {"limit": MAX_MODIFIERS})
        )
    for value in modifiers:
        if (
            isinstance(value, bool)
            or not isinstance(value, int)
            or not -MAX_MODIFIER <= value <= MAX_MODIFIER
        ):
            raise RulesError(
                Step(
                    N_("A modifier is a whole number from −{limit} to +{limit}."),
                    {"limit": MAX_MODIFIER},
                )
            )
    return tuple(modifiers)


def modifiers_text(modifiers: Sequence[int]) -> str:
    """Modifiers written back the way they are shown: ``−2 +1`` (empty for none)."""
    return " ".join(signed(value) if value else "+0" for value in modifiers)


@dataclass(frozen=True)
class EffectiveSkill:
    """A skill and its modifiers: what a roll is made against, and how it was reached."""

    skill: int
    modifiers: tuple[int, ...]

    @property
    def value(self) -> int:
        """The effective skill: the skill plus every modifier."""
        return self.skill + sum(self.modifiers)

    @property
    def steps(self) -> tuple[Step, ...]:
        """How the effective skill was reached, one line."""
        if not self.modifiers:
            return (Step(N_("skill {skill}, no modifiers"), {"skill": self.skill}),)
        return (
            Step(
                N_("skill {skill}, modifiers {modifiers}: effective skill {level}"),
                {
                    "skill": self.skill,
                    "modifiers": modifiers_text(self.modifiers),
                    "level": self.value,
                },
            ),
        )


def effective_skill(skill: int, modifiers: Sequence[int] = ()) -> EffectiveSkill:
    """The effective skill of ``skill`` with ``modifiers``, checked to be in Omen's range."""
    check_skill(skill)
    level = EffectiveSkill(skill, check_modifiers(modifiers))
    if not MIN_SKILL <= level.value <= MAX_SKILL:
        raise RulesError(
            Step(
                N_("Skill {skill} with these modifiers is {level}; it must be {low} to {high}."),
                {"skill": skill, "level": level.value, "low": MIN_SKILL, "high": MAX_SKILL},
            )
        )
    return level


@dataclass(frozen=True)
class RollOdds:
    """The exact odds of one success roll, before it is made.

    ``margins`` holds each margin the roll can give (skill minus roll, largest first)
    with its chance and what that roll would be.
    """

    skill: int
    success: Fraction
    critical_success: Fraction
    critical_failure: Fraction
    margins: tuple[tuple[int, Fraction, Result], ...]

    @property
    def failure(self) -> Fraction:
        """Any failure, critical ones included."""
        return 1 - self.success

    def margin_at_least(self, margin: int) -> Fraction:
        """The chance of a margin of ``margin`` or more (a success by that much when it is
        0 or more; a 17 or 18 is counted only when it succeeds, which it never does)."""
        return sum(
            (p for m, p, result in self.margins if m >= margin and result.succeeded),
            Fraction(0),
        )


def roll_odds(skill: int) -> RollOdds:
    """Exact odds of a 3d6 roll against effective ``skill``: every total, criticals too."""
    check_skill(skill)
    margins = tuple((skill - roll, p, classify(skill, roll)) for roll, p in THREE_D6.items())

    def chance(*results: Result) -> Fraction:
        return sum((p for _, p, r in margins if r in results), Fraction(0))

    return RollOdds(
        skill,
        chance(Result.SUCCESS, Result.CRITICAL_SUCCESS),
        chance(Result.CRITICAL_SUCCESS),
        chance(Result.CRITICAL_FAILURE),
        margins,
    )

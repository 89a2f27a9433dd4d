"""The exploration turn and its two simplest encounter checks (Liminal Horror).

**Exploration turn.** One significant action (moving between spaces, searching a space,
resting somewhere unsafe) or 20-30 real minutes without conflict. How long a turn lasts
in the game world is a campaign setting. A check is made every turn, and also whenever
the party draws attention; that extra check does not advance the turn. Because real
time makes turns too, the app can remind the game master when a set number of real
minutes (20-30, 25 unless changed) pass without a turn (off unless switched on).

**Encounter Die.** Roll a d6: 1 an encounter happens now; 2-3 a sign, omen or clue;
4-6 nothing. A location may name a sign table: a sign then rolls on it for its words, as
an encounter rolls on the encounter table (:func:`omen.campaign.state.sign`).

**Tension Die.** A pool starts at 20 points (a setting: 10-15 keeps tension high, 25-30+
is a slow burn). Each check subtracts a d6; a 6 rolls one more d6 and both are
subtracted (by default a 6 explodes once; the "keep exploding" setting lets every 6
roll again). When the pool reaches 0 or below an encounter happens and the pool resets.

>>> from omen.core.dice import ScriptedDice
>>> result = tension_die(20, TensionSettings(), ScriptedDice([6, 3]))
>>> result.pool_after, result.triggered
(11, False)
>>> [step.english() for step in result.steps]
['rolled 6', '6 explodes: rolled 3', 'pool 20 → 11']
>>> tension_odds(4, TensionSettings()).next_check
Fraction(1, 2)
>>> reminder_minutes({"reminder.on": True, "reminder.minutes": 25})
25
>>> reminder_text(25).english()
'25 minutes without a turn: time for Next turn?'
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import lru_cache

from omen.campaign.spec import CHECKS_TURN, TurnWords
from omen.core.dice import Dice
from omen.core.errors import RulesError
from omen.core.roll import N_, Step
from omen.core.setting import Setting, Value

MIN_POOL = 1
MAX_POOL = 200
MAX_MINUTES = 7 * 24 * 60
REMINDER_LOW, REMINDER_HIGH = 20, 30  # real minutes that make a turn, by the rules

SETTINGS: tuple[Setting, ...] = (
    Setting(
        "reminder.on",
        False,
        N_("Remind me when real time makes a turn"),
        N_(
            "The Explore screen nudges you when the real minutes below pass without a "
            "turn, since that much quiet time counts as a turn too."
        ),
        procedure="reminder",
    ),
    Setting(
        "reminder.minutes",
        25,
        N_("Real minutes before the reminder"),
        N_(
            "How many real minutes without a turn before Omen suggests Next turn; "
            "the rules say 20 to 30."
        ),
        low=REMINDER_LOW,
        high=REMINDER_HIGH,
        procedure="reminder",
    ),
)


class Procedure(enum.Enum):
    """How exploring checks for encounters: Encounter Die, Tension Die or Voidcrawl."""

    ENCOUNTER_DIE = "encounter_die"
    TENSION_DIE = "tension_die"
    VOIDCRAWL = "voidcrawl"


class EncounterKind(enum.Enum):
    """What a check found."""

    ENCOUNTER = "encounter"
    SIGN = "sign"
    NOTHING = "nothing"


KIND_TEXT = {
    EncounterKind.ENCOUNTER: N_("An encounter happens now."),
    EncounterKind.SIGN: N_("A sign, omen or clue."),
    EncounterKind.NOTHING: N_("Nothing happens."),
}


@dataclass(frozen=True)
class EncounterDieResult:
    """One Encounter Die check: the face, what it means, and the steps."""

    face: int
    kind: EncounterKind
    steps: tuple[Step, ...]


def encounter_die(dice: Dice) -> EncounterDieResult:
    """Roll the Encounter Die once."""
    face = dice.roll(6)
    if face == 1:
        kind = EncounterKind.ENCOUNTER
    elif face <= 3:
        kind = EncounterKind.SIGN
    else:
        kind = EncounterKind.NOTHING
    steps = (
        Step(N_("rolled {face}"), {"face": face}),
        Step(
            N_("{face} on the Encounter Die: {meaning}"),
            {"face": face, "meaning": Step(KIND_TEXT[kind])},
        ),
    )
    return EncounterDieResult(face, kind, steps)


@dataclass(frozen=True)
class EncounterDieOdds:
    """The Encounter Die's exact odds (the same every turn: one d6)."""

    next_check: Fraction = Fraction(1, 6)
    within_three: Fraction = 1 - Fraction(5, 6) ** 3
    sign_next_check: Fraction = Fraction(1, 3)


# --- Tension Die ---------------------------------------------------------------


@dataclass(frozen=True)
class TensionSettings:
    """The Tension Die's starting pool and whether every 6 explodes."""

    start: int = 20
    keep_exploding: bool = False

    def __post_init__(self) -> None:
        check_pool(self.start)


def check_pool(start: int) -> None:
    """A :class:`RulesError` unless ``start`` is a pool size Omen allows."""
    if not MIN_POOL <= start <= MAX_POOL:
        raise RulesError(
            Step(
                N_("The starting pool must be between {low} and {high} points."),
                {"low": MIN_POOL, "high": MAX_POOL},
            )
        )


@dataclass(frozen=True)
class TensionResult:
    """One Tension Die check: the faces, the pool before and after, and the steps."""

    faces: tuple[int, ...]
    pool_before: int
    pool_after: int  # after the reset, when the check triggered
    triggered: bool
    steps: tuple[Step, ...]

    @property
    def decrement(self) -> int:
        """How much the check took from the pool: the sum of its faces."""
        return sum(self.faces)


def tension_die(pool: int, settings: TensionSettings, dice: Dice) -> TensionResult:
    """Make one Tension Die check against ``pool``."""
    faces = [dice.roll(6)]
    steps = [Step(N_("rolled {face}"), {"face": faces[0]})]
    while faces[-1] == 6 and (len(faces) == 1 or settings.keep_exploding):
        faces.append(dice.roll(6))
        steps.append(Step(N_("6 explodes: rolled {face}"), {"face": faces[-1]}))
    after = pool - sum(faces)
    steps.append(Step(N_("pool {before} → {after}"), {"before": pool, "after": after}))
    triggered = after <= 0
    if triggered:
        steps.append(
            Step(
                N_("The pool is spent: an encounter happens, and the pool resets to {start}."),
                {"start": settings.start},
            )
        )
        after = settings.start
    return TensionResult(tuple(faces), pool, after, triggered, tuple(steps))


def _decrement_chance(value: int, keep_exploding: bool) -> Fraction:
    """Chance that one check removes exactly ``value`` points."""
    if value <= 0:
        return Fraction(0)
    if value <= 5:
        return Fraction(1, 6)
    if not keep_exploding:
        return Fraction(1, 36) if 7 <= value <= 12 else Fraction(0)
    sixes, rest = divmod(value, 6)
    if rest == 0:
        return Fraction(0)  # a chain always ends on a face below 6
    return Fraction(1, 6) ** (sixes + 1)


@lru_cache(maxsize=4096)
def _trigger_chance(pool: int, keep_exploding: bool) -> Fraction:
    """Chance that one check empties a pool of ``pool`` points."""
    below = sum((_decrement_chance(v, keep_exploding) for v in range(1, pool)), Fraction(0))
    return 1 - below


@lru_cache(maxsize=4096)
def _expected_checks(pool: int, keep_exploding: bool) -> Fraction:
    """Expected number of checks until a pool of ``pool`` points triggers.

    E(p) = 1 + sum over decrements d < p of P(d) * E(p - d); the chain is finite because
    every check removes at least one point.
    """
    total = Fraction(1)
    for value in range(1, pool):
        chance = _decrement_chance(value, keep_exploding)
        if chance:
            total += chance * _expected_checks(pool - value, keep_exploding)
    return total


@lru_cache(maxsize=4096)
def _trigger_within(pool: int, checks: int, keep_exploding: bool) -> Fraction:
    if checks == 0:
        return Fraction(0)
    chance = _trigger_chance(pool, keep_exploding)
    for value in range(1, pool):
        step = _decrement_chance(value, keep_exploding)
        if step:
            chance += step * _trigger_within(pool - value, checks - 1, keep_exploding)
    return chance


@dataclass(frozen=True)
class TensionOdds:
    """The Tension Die's exact odds from the current pool."""

    next_check: Fraction
    within_three: Fraction
    expected_checks: Fraction


@lru_cache(maxsize=256)  # redrawn after every turn, from one of a few pools
def tension_odds(pool: int, settings: TensionSettings) -> TensionOdds:
    """Exact odds of an encounter from a pool of ``pool`` points."""
    pool = max(pool, 1)
    return TensionOdds(
        _trigger_chance(pool, settings.keep_exploding),
        _trigger_within(pool, 3, settings.keep_exploding),
        _expected_checks(pool, settings.keep_exploding),
    )


# --- the turn clock --------------------------------------------------------------


def time_passed(turns: int, length: int, besides: int = 0) -> int:
    """The time passed once ``turns`` turns of ``length`` (minutes, hours) are over,
    with ``besides`` passed outside the turns (a night in camp): the one count every
    clock of turns makes.

    >>> time_passed(3, 10), time_passed(3, 4, 11)
    (30, 23)
    """
    return turns * length + besides


def passed_before(turn: int, length: int, besides: int = 0) -> int:
    """The time passed when turn number ``turn`` (1 the first) begins: the turns before
    it are over, not the turn itself. Turn 1 begins at 0; turn 6 of 4-hour travel turns
    begins after 20 hours.

    >>> passed_before(1, 10), passed_before(6, 4), passed_before(4, 4, 11)
    (0, 20, 23)
    """
    return time_passed(max(turn - 1, 0), length, besides)


@dataclass(frozen=True)
class TurnClock:
    """How many exploration turns have passed, and how long each lasts in the game."""

    turn: int = 0
    minutes_per_turn: int = 10
    checks: int = 0  # every check, including those from drawing attention

    def __post_init__(self) -> None:
        if not 1 <= self.minutes_per_turn <= MAX_MINUTES:
            raise RulesError(
                Step(
                    N_("A turn must last between 1 minute and {days} days."),
                    {"days": MAX_MINUTES // (24 * 60)},
                )
            )

    @property
    def elapsed_minutes(self) -> int:
        """In-game minutes passed: turns times minutes per turn."""
        return time_passed(self.turn, self.minutes_per_turn)

    def next_turn(self) -> TurnClock:
        """The clock one turn later, with one more check made."""
        return replace(self, turn=self.turn + 1, checks=self.checks + 1)

    def draw_attention(self) -> TurnClock:
        """The clock with one more check and no time passed (noise, light, lingering)."""
        return replace(self, checks=self.checks + 1)

    def advance(self, turns: int) -> TurnClock:
        """Let ``turns`` turns pass without a check (an encounter's conclusion)."""
        if turns < 0:
            raise RulesError(Step(N_("Turns can only move forward.")))
        return replace(self, turn=self.turn + turns)


def elapsed_text(minutes: int) -> Step:
    """In-game time as words: "2 h 30 min" style, translated."""
    days, rest = divmod(minutes, 24 * 60)
    hours, mins = divmod(rest, 60)
    if days:
        return Step(
            N_("day {days}, {hours} h {minutes} min"),
            {"days": days + 1, "hours": hours, "minutes": mins},
        )
    return Step(N_("{hours} h {minutes} min"), {"hours": hours, "minutes": mins})


# --- the real-time reminder ------------------------------------------------------------


def reminder_minutes(values: Mapping[str, Value]) -> int | None:
    """The real minutes without a turn before the reminder, or None when it is off."""
    if values.get("reminder.on") is not True:
        return None
    minutes = values.get("reminder.minutes", 25)
    if isinstance(minutes, bool) or not isinstance(minutes, int):
        return 25
    return min(max(minutes, REMINDER_LOW), REMINDER_HIGH)


def real_turn_minutes(values: Mapping[str, Value]) -> int:
    """The real minutes at the table that make one turn (the reminder's setting, read
    whether or not the reminder is on).

    >>> real_turn_minutes({}), real_turn_minutes({"reminder.minutes": 99})
    (25, 30)
    """
    minutes = values.get("reminder.minutes", 25)
    if isinstance(minutes, bool) or not isinstance(minutes, int):
        return 25
    return min(max(minutes, REMINDER_LOW), REMINDER_HIGH)


def reminder_text(minutes: int, words: TurnWords | None = None) -> Step:
    """The nudge shown when ``minutes`` real minutes passed without a turn (in the
    game's ``words``; Liminal Horror's when none are given)."""
    one, many = (words or CHECKS_TURN).reminder
    return Step(one, {"count": minutes}, plural=many)

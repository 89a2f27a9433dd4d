"""Evasion and pursuit in Old-School Essentials: in a dungeon, in the wilderness and on water.

**Evasion.** A side may try to evade only before combat begins (the session in
:mod:`omen.ose.session` refuses it once the referee has chosen to fight). In a
dungeon, a fleeing side that is faster than its pursuers gets away unless something
forces it to stop. Otherwise the pursuit runs round by round at full
running speed (the base speed per round): each round the gap changes by the difference
of the two speeds, and the pursuers catch up when it reaches zero. Dropped treasure
stops treasure-loving pursuers on 1-3 on a d6, dropped food stops hungry or dim-witted
ones likewise. Whoever has run for 30 rounds is exhausted: -2 to attacks, damage and
Armour Class until it rests for 3 turns (the rule speaks of characters, so by default
only the party tires; a setting lets monsters tire too). The pursuit goes on until the
pursuers catch up, stop for a dropped item, or the referee says they give up (most
monsters stop once the fleeing side is out of sight).

In the wilderness the chance to evade is read from a table by the size of the fleeing
group and the number of pursuers, then 25 points are added when the fleeing side is at
least twice as fast as the pursuers (subtracted when the pursuers are at least twice as
fast), the terrain's modifier is added (dense woods +25) and any other modifier of the
referee's. The chance never drops below 5%, and 100% or more succeeds without a roll.
A surprised side cannot evade (the referee may allow about 10% in dense woods: a
setting), and a side that surprised its pursuers evades without a roll. A failed
evasion becomes a pursuit of one day at a time: the fleeing side runs in a random
direction, faster pursuers catch up on 50%, and otherwise the fleeing side may try to
evade again. On water only the vessels' speeds count: a faster fleeing vessel gets away
on 80%; a slower one by 0-30 feet per round on 50%, 31-60 on 40%, 61-90 on 35%,
91-120 on 25%, and 121 or more on 10%.

>>> wilderness_evasion_chance(WildernessEvasion(fleeing=6, pursuers=4)).percent
50
"""

from __future__ import annotations

import enum
import math
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any

from omen.core.dice import Dice
from omen.core.errors import RulesError
from omen.core.roll import N_, Step, signed
from omen.ose.sequence import (
    CATCH_UP_PERCENT,
    DENSE_WOODS_MODIFIER,
    DROP_STOPS_ON,
    EXHAUSTION_PENALTY,
    EXHAUSTION_REST_TURNS,
    EXHAUSTION_ROUNDS,
    MAX_DISTANCE,
    MAX_GROUP,
    MAX_REFEREE_MODIFIER,
    MIN_WILDERNESS_CHANCE,
    SPEED_MODIFIER,
    Side,
    Unit,
    _check_speed,
    _damaged,
    _enum,
    _steps,
    _whole,
    measure,
)
from omen.ose.settings import BothSurprised, Directions, Tiring

# --- evasion: chances --------------------------------------------------------------


@dataclass(frozen=True)
class EvasionChance:
    """The chance to evade before the roll.

    ``automatic``: it succeeds without a roll; otherwise ``percent`` is rolled on d%
    (0: it cannot succeed).
    """

    percent: int
    automatic: bool
    steps: tuple[Step, ...]
    stated: bool = False  # the steps end by saying the chance in percent

    @property
    def chance(self) -> Fraction:
        """The chance to evade, as an exact fraction."""
        return Fraction(1) if self.automatic else Fraction(self.percent, 100)

    @property
    def impossible(self) -> bool:
        """Whether evasion cannot succeed."""
        return not self.automatic and self.percent <= 0


@dataclass(frozen=True)
class EvasionResult:
    """An evasion attempt: the chance, the d% face (None: no roll needed), the outcome."""

    chance: EvasionChance
    roll: int | None  # the d% face; None when no roll was needed
    evaded: bool
    steps: tuple[Step, ...]


def roll_evasion(chance: EvasionChance, dice: Dice) -> EvasionResult:
    """Roll d% against the chance: the fleeing side evades on the chance or less."""
    steps = list(chance.steps)
    if chance.automatic:
        return EvasionResult(chance, None, True, tuple(steps))
    if chance.impossible:
        return EvasionResult(chance, None, False, tuple(steps))
    face = dice.roll(100)
    evaded = face <= chance.percent
    text = (
        N_("d%: {roll} against {percent}%: the fleeing side evades.")
        if evaded
        else N_("d%: {roll} against {percent}%: the evasion fails.")
    )
    steps.append(Step(text, {"roll": face, "percent": chance.percent}))
    return EvasionResult(chance, face, evaded, tuple(steps))


# --- evasion in the wilderness ----------------------------------------------------

# (smallest fleeing group, ((fewest pursuers, percent), ...)), largest groups last
WILDERNESS_TABLE: tuple[tuple[int, tuple[tuple[int, int], ...]], ...] = (
    (1, ((1, 50), (2, 70), (4, 90))),
    (5, ((1, 35), (4, 50), (9, 70))),
    (13, ((1, 25), (7, 35), (17, 50))),
    (25, ((1, 10), (11, 25), (31, 35))),
)


def wilderness_base_chance(fleeing: int, pursuers: int) -> int:
    """The table's percent chance for a group of ``fleeing`` chased by ``pursuers``."""
    if not (_whole(fleeing) and _whole(pursuers)) or not (
        1 <= fleeing <= MAX_GROUP and 1 <= pursuers <= MAX_GROUP
    ):
        raise RulesError(
            Step(N_("Group sizes must be whole numbers from 1 to {high}."), {"high": MAX_GROUP})
        )
    row = next(bands for low, bands in reversed(WILDERNESS_TABLE) if fleeing >= low)
    return next(percent for low, percent in reversed(row) if pursuers >= low)


class Terrain(enum.Enum):
    """Wilderness terrain, which sets the chance to evade."""

    OPEN = "open"
    DENSE_WOODS = "dense_woods"


TERRAIN_MODIFIER = {Terrain.OPEN: 0, Terrain.DENSE_WOODS: DENSE_WOODS_MODIFIER}


@dataclass(frozen=True)
class WildernessEvasion:
    """The situation when one side tries to evade the other outdoors.

    ``fleeing`` and ``pursuers`` count creatures; speeds are base speeds (any unit, the
    same for both); ``modifier`` is any other adjustment of the referee's, in percentage
    points.
    """

    fleeing: int
    pursuers: int
    fleeing_speed: int = 120
    pursuer_speed: int = 120
    terrain: Terrain = Terrain.OPEN
    modifier: int = 0
    fleeing_surprised: bool = False
    pursuers_surprised: bool = False

    def __post_init__(self) -> None:
        wilderness_base_chance(self.fleeing, self.pursuers)
        _check_speed(self.fleeing_speed, self.pursuer_speed)
        if not _whole(self.modifier) or abs(self.modifier) > MAX_REFEREE_MODIFIER:
            raise RulesError(
                Step(
                    N_("The referee's modifier must be between -{limit}% and +{limit}%."),
                    {"limit": MAX_REFEREE_MODIFIER},
                )
            )


def wilderness_evasion_chance(  # noqa: C901 (the SRD's table of evasion chances, one branch per row)
    situation: WildernessEvasion,
    *,
    surprised_in_woods: int = 0,
    both_surprised: BothSurprised = BothSurprised.ROLL,
) -> EvasionChance:
    """The chance to evade outdoors, with every modifier shown.

    ``surprised_in_woods``: the percent chance the referee allows a surprised side in
    dense woods (the ``ose.surprised_evasion_woods`` setting; 0 keeps the strict rule).
    """
    if not _whole(surprised_in_woods) or not 0 <= surprised_in_woods <= 100:
        raise RulesError(Step(N_("A chance must be between 0% and 100%.")))
    steps: list[Step] = []
    fleeing_stuck = situation.fleeing_surprised
    if situation.fleeing_surprised and situation.pursuers_surprised:
        if both_surprised is BothSurprised.ROLL:
            steps.append(
                Step(N_("Both sides are surprised, so neither has the advantage: roll as usual."))
            )
            fleeing_stuck = False
        else:
            steps.append(
                Step(N_("Both sides are surprised; by this campaign's setting that stops evasion."))
            )
    elif situation.pursuers_surprised:
        steps.append(Step(N_("The pursuers are surprised: the fleeing side evades automatically.")))
        return EvasionChance(100, True, tuple(steps))
    if fleeing_stuck:
        if situation.terrain is Terrain.DENSE_WOODS and surprised_in_woods > 0:
            steps.append(
                Step(
                    N_(
                        "The fleeing side is surprised, but in dense woods the referee allows "
                        "{percent}%."
                    ),
                    {"percent": surprised_in_woods},
                )
            )
            return EvasionChance(surprised_in_woods, surprised_in_woods >= 100, tuple(steps))
        steps.append(Step(N_("The fleeing side is surprised and cannot evade.")))
        return EvasionChance(0, False, tuple(steps))

    percent = wilderness_base_chance(situation.fleeing, situation.pursuers)
    steps.append(
        Step(
            N_("{fleeing} fleeing from {pursuers}: the table gives {percent}%."),
            {"fleeing": situation.fleeing, "pursuers": situation.pursuers, "percent": percent},
        )
    )
    if situation.fleeing_speed >= 2 * situation.pursuer_speed:
        percent += SPEED_MODIFIER
        steps.append(
            Step(
                N_("The fleeing side is at least twice as fast: +{bonus}%."),
                {"bonus": SPEED_MODIFIER},
            )
        )
    elif situation.pursuer_speed >= 2 * situation.fleeing_speed:
        percent -= SPEED_MODIFIER
        steps.append(
            Step(
                N_("The pursuers are at least twice as fast: -{bonus}%."),
                {"bonus": SPEED_MODIFIER},
            )
        )
    terrain = TERRAIN_MODIFIER[situation.terrain]
    if terrain:
        percent += terrain
        steps.append(Step(N_("Dense woods: +{bonus}%."), {"bonus": terrain}))
    if situation.modifier:
        percent += situation.modifier
        steps.append(
            Step(
                N_("The referee's modifier: {modifier}%."),
                {"modifier": signed(situation.modifier)},
            )
        )
    return _finish_chance(percent, steps, minimum=MIN_WILDERNESS_CHANCE)


def _finish_chance(percent: int, steps: list[Step], minimum: int = 0) -> EvasionChance:
    if percent >= 100:
        steps.append(
            Step(
                N_("{percent}% is 100% or more: the fleeing side evades without a roll."),
                {"percent": percent},
            )
        )
        return EvasionChance(100, True, tuple(steps))
    if percent < minimum:
        steps.append(
            Step(
                N_("{percent}% is below the minimum: the chance is {minimum}%."),
                {"percent": percent, "minimum": minimum},
            )
        )
        percent = minimum
    steps.append(Step(N_("Chance to evade: {percent}%."), {"percent": percent}))
    return EvasionChance(percent, False, tuple(steps), stated=True)


def wilderness_evasion(
    situation: WildernessEvasion,
    dice: Dice,
    *,
    surprised_in_woods: int = 0,
    both_surprised: BothSurprised = BothSurprised.ROLL,
) -> EvasionResult:
    """Work out the chance and roll for it."""
    chance = wilderness_evasion_chance(
        situation, surprised_in_woods=surprised_in_woods, both_surprised=both_surprised
    )
    return roll_evasion(chance, dice)


HEX_DIRECTIONS = (
    N_("north"),
    N_("north-east"),
    N_("south-east"),
    N_("south"),
    N_("south-west"),
    N_("north-west"),
)
COMPASS_DIRECTIONS = (
    N_("north"),
    N_("north-east"),
    N_("east"),
    N_("south-east"),
    N_("south"),
    N_("south-west"),
    N_("west"),
    N_("north-west"),
)


class ChaseStatus(enum.Enum):
    """A wilderness chase: still going, caught, or escaped."""

    GOING = "going"  # not caught today: the fleeing side may try to evade again
    CAUGHT = "caught"
    ESCAPED = "escaped"  # a later evasion roll succeeded


@dataclass(frozen=True)
class WildernessPursuit:
    """A pursuit outdoors after a failed evasion, one day at a time."""

    pursuers_faster: bool
    day: int = 0
    status: ChaseStatus = ChaseStatus.GOING
    direction: str = ""  # the last day's direction (an English word; translate it)
    steps: tuple[Step, ...] = ()  # the last day's steps

    def to_json(self) -> dict[str, Any]:
        """Its stored form: plain JSON values (dicts, lists, text, numbers)."""
        return {
            "pursuers_faster": self.pursuers_faster,
            "day": self.day,
            "status": self.status.value,
            "direction": self.direction,
            "steps": [step.to_json() for step in self.steps],
        }

    @classmethod
    def from_json(cls, data: Any) -> WildernessPursuit:
        """Read its stored form back; a :class:`RulesError` saying what does not fit."""
        bad = _damaged()
        if not isinstance(data, dict):
            raise bad
        faster, day, direction = data.get("pursuers_faster"), data.get("day"), data.get("direction")
        if not isinstance(faster, bool) or not _whole(day) or day < 0:
            raise bad
        if not isinstance(direction, str) or direction not in ("", *COMPASS_DIRECTIONS):
            raise bad
        return cls(
            faster,
            day,
            _enum(ChaseStatus, data.get("status")),
            direction,
            _steps(data.get("steps")),
        )


def catch_up_chance(pursuers_faster: bool) -> Fraction:
    """The chance that the pursuers catch up in one day of pursuit."""
    return Fraction(CATCH_UP_PERCENT, 100) if pursuers_faster else Fraction(0)


def wilderness_pursuit_day(
    chase: WildernessPursuit, dice: Dice, directions: Directions = Directions.HEX
) -> WildernessPursuit:
    """One day of pursuit: a random direction, then whether faster pursuers catch up."""
    if chase.status is not ChaseStatus.GOING:
        raise RulesError(Step(N_("This pursuit is over.")))
    names = HEX_DIRECTIONS if directions is Directions.HEX else COMPASS_DIRECTIONS
    day = chase.day + 1
    face = dice.roll(len(names))
    direction = names[face - 1]
    steps = [
        Step(
            N_("Day {day}: the fleeing side runs {direction} (rolled {face} on 1d{sides})."),
            {"day": day, "direction": Step(direction), "face": face, "sides": len(names)},
        )
    ]
    status = ChaseStatus.GOING
    if chase.pursuers_faster:
        roll = dice.roll(100)
        caught = roll <= CATCH_UP_PERCENT
        text = (
            N_("The pursuers are faster: d% {roll} against {percent}%: they catch up.")
            if caught
            else N_(
                "The pursuers are faster: d% {roll} against {percent}%: they do not catch up, "
                "and the fleeing side may try to evade again."
            )
        )
        steps.append(Step(text, {"roll": roll, "percent": CATCH_UP_PERCENT}))
        if caught:
            status = ChaseStatus.CAUGHT
    else:
        steps.append(
            Step(
                N_(
                    "The pursuers are not faster and cannot catch up: the fleeing side may try "
                    "to evade again."
                )
            )
        )
    return WildernessPursuit(chase.pursuers_faster, day, status, direction, tuple(steps))


def escape_pursuit(chase: WildernessPursuit) -> WildernessPursuit:
    """A new evasion roll during the pursuit succeeded: the pursuit ends."""
    if chase.status is not ChaseStatus.GOING:
        raise RulesError(Step(N_("This pursuit is over.")))
    return replace(
        chase,
        status=ChaseStatus.ESCAPED,
        steps=(Step(N_("The fleeing side shakes off the pursuit.")),),
    )


# --- evasion on water -----------------------------------------------------------

# (largest shortfall in feet per round, percent); beyond the last: the final percent
WATER_TABLE: tuple[tuple[int, int], ...] = ((30, 50), (60, 40), (90, 35), (120, 25))
WATER_FASTER = 80
WATER_SLOWEST = 10


def water_evasion_chance(fleeing_speed: int, pursuer_speed: int) -> EvasionChance:
    """The chance for a vessel to evade another; speeds in feet per round."""
    _check_speed(fleeing_speed, pursuer_speed)
    steps: list[Step] = []
    shortfall = pursuer_speed - fleeing_speed
    if shortfall < 0:
        percent = WATER_FASTER
        steps.append(Step(N_("The fleeing vessel is faster: {percent}%."), {"percent": percent}))
    else:
        percent = next((p for top, p in WATER_TABLE if shortfall <= top), WATER_SLOWEST)
        if shortfall == 0:
            steps.append(
                Step(N_("The vessels are equally fast: {percent}%."), {"percent": percent})
            )
        else:
            steps.append(
                Step(
                    N_("The fleeing vessel is slower by {difference} per round: {percent}%."),
                    {"difference": measure(shortfall, Unit.FEET), "percent": percent},
                )
            )
    return EvasionChance(percent, False, tuple(steps))


def water_evasion(fleeing_speed: int, pursuer_speed: int, dice: Dice) -> EvasionResult:
    """Roll to evade at sea, from the two ships' speeds."""
    return roll_evasion(water_evasion_chance(fleeing_speed, pursuer_speed), dice)


# --- evasion in a dungeon --------------------------------------------------------


class DungeonEvasionOutcome(enum.Enum):
    """How an evasion in a dungeon ends: evaded, pursued, or cornered."""

    EVADED = "evaded"
    PURSUIT = "pursuit"
    CORNERED = "cornered"


@dataclass(frozen=True)
class DungeonEvasion:
    """An evasion in a dungeon: the outcome and the steps."""

    outcome: DungeonEvasionOutcome
    steps: tuple[Step, ...]

    @property
    def chance(self) -> Fraction:
        """The chance of getting away at once: certain or none."""
        return Fraction(1 if self.outcome is DungeonEvasionOutcome.EVADED else 0)


def dungeon_evasion(
    fleeing_speed: int, pursuer_speed: int, *, forced_to_stop: bool = False
) -> DungeonEvasion:
    """Whether a fleeing side simply gets away, or a pursuit starts. Speeds are base
    speeds, which are also the running speeds in feet per round."""
    _check_speed(fleeing_speed, pursuer_speed)
    steps = [
        Step(
            N_("Running speeds: the fleeing side {fleeing} per round, the pursuers {pursuers}."),
            {
                "fleeing": measure(fleeing_speed, Unit.FEET),
                "pursuers": measure(pursuer_speed, Unit.FEET),
            },
        )
    ]
    if forced_to_stop:
        outcome = DungeonEvasionOutcome.CORNERED
        steps.append(Step(N_("The fleeing side is forced to stop: it cannot get away.")))
    elif fleeing_speed > pursuer_speed:
        outcome = DungeonEvasionOutcome.EVADED
        steps.append(Step(N_("The fleeing side is faster and gets away.")))
    else:
        outcome = DungeonEvasionOutcome.PURSUIT
        steps.append(
            Step(N_("The pursuers are at least as fast: the pursuit goes round by round."))
        )
    return DungeonEvasion(outcome, tuple(steps))


class Drop(enum.Enum):
    """What the fleeing side drops to slow the pursuers."""

    NOTHING = "nothing"
    TREASURE = "treasure"  # tempts treasure-loving pursuers
    FOOD = "food"  # tempts hungry or dim-witted pursuers


class PursuitStatus(enum.Enum):
    """A dungeon pursuit: still running, caught, or escaped."""

    RUNNING = "running"
    CAUGHT = "caught"
    ESCAPED = "escaped"


_DROP_TEXT = {
    Drop.TREASURE: N_("The fleeing side drops treasure."),
    Drop.FOOD: N_("The fleeing side drops food."),
}
_NOT_TEMPTED = {
    Drop.TREASURE: N_("The pursuers care nothing for treasure and run on."),
    Drop.FOOD: N_("The pursuers are neither hungry nor dim-witted and run on."),
}
_STOPPED = {
    Drop.TREASURE: N_(
        "Rolled {face} (they stop on 1-{top}): the pursuers stop for the treasure and the "
        "fleeing side gets away."
    ),
    Drop.FOOD: N_(
        "Rolled {face} (they stop on 1-{top}): the pursuers stop for the food and the "
        "fleeing side gets away."
    ),
}
_EXHAUSTED = {
    Side.PARTY: N_(
        "The party has run for {rounds} rounds and is exhausted: -{penalty} to attacks, "
        "damage and Armour Class until it rests for {turns} turns."
    ),
    Side.MONSTERS: N_(
        "The monsters have run for {rounds} rounds and are exhausted: -{penalty} to attacks, "
        "damage and Armour Class until they rest for {turns} turns."
    ),
}


@dataclass(frozen=True)
class PursuitState:
    """A pursuit in a dungeon, round by round; ``gap`` in feet."""

    fleeing: Side
    gap: int
    fleeing_speed: int
    pursuer_speed: int
    round: int = 0
    status: PursuitStatus = PursuitStatus.RUNNING
    exhausted: tuple[Side, ...] = ()
    steps: tuple[Step, ...] = field(default=())  # the last round's steps

    @property
    def pursuers(self) -> Side:
        """The side giving chase."""
        return self.fleeing.other

    def to_json(self) -> dict[str, Any]:
        """Its stored form: plain JSON values (dicts, lists, text, numbers)."""
        return {
            "fleeing": self.fleeing.value,
            "gap": self.gap,
            "fleeing_speed": self.fleeing_speed,
            "pursuer_speed": self.pursuer_speed,
            "round": self.round,
            "status": self.status.value,
            "exhausted": [side.value for side in self.exhausted],
            "steps": [step.to_json() for step in self.steps],
        }

    @classmethod
    def from_json(cls, data: Any) -> PursuitState:
        """Read its stored form back; a :class:`RulesError` saying what does not fit."""
        bad = _damaged()
        if not isinstance(data, dict):
            raise bad
        numbers = [data.get(k) for k in ("gap", "fleeing_speed", "pursuer_speed", "round")]
        if not all(_whole(n) and n >= 0 for n in numbers):
            raise bad
        exhausted = data.get("exhausted")
        if not isinstance(exhausted, list):
            raise bad
        try:
            return cls(
                _enum(Side, data.get("fleeing")),
                data["gap"],
                data["fleeing_speed"],
                data["pursuer_speed"],
                data["round"],
                _enum(PursuitStatus, data.get("status")),
                tuple(_enum(Side, side) for side in exhausted),
                _steps(data.get("steps")),
            )
        except RulesError as error:
            raise bad from error

    def __post_init__(self) -> None:
        _check_speed(self.fleeing_speed, self.pursuer_speed)
        if not _whole(self.gap) or not 0 <= self.gap <= MAX_DISTANCE:
            raise RulesError(
                Step(
                    N_("The distance must be a whole number from 0 to {high}."),
                    {"high": MAX_DISTANCE},
                )
            )


def start_pursuit(
    fleeing: Side, distance: int, fleeing_speed: int, pursuer_speed: int
) -> PursuitState:
    """A pursuit from the encounter distance (feet); speeds are running speeds."""
    return PursuitState(fleeing, distance, fleeing_speed, pursuer_speed)


def rounds_to_catch(state: PursuitState) -> int | None:
    """Rounds until the pursuers catch up if nothing stops them (None: never).

    They catch up in the first round in which the gap, shrinking by the difference of the
    speeds each round, reaches zero.
    """
    if state.status is not PursuitStatus.RUNNING:
        return None
    closing = state.pursuer_speed - state.fleeing_speed
    if closing < 0 or (closing == 0 and state.gap > 0):
        return None
    if closing == 0:
        return 1
    return max(1, math.ceil(state.gap / closing))


def drop_stop_chance(drop: Drop, tempted: bool) -> Fraction:
    """The chance that a dropped item stops the pursuers: 3 in 6 if it tempts them."""
    return Fraction(DROP_STOPS_ON, 6) if drop is not Drop.NOTHING and tempted else Fraction(0)


@dataclass(frozen=True)
class PursuitOdds:
    """One pursuit round's exact chances: the pursuers stop for a dropped item, or catch up."""

    stop: Fraction  # the pursuers stop for a dropped item this round
    caught: Fraction  # the pursuers catch up this round
    rounds_to_catch: int | None


def pursuit_odds(
    state: PursuitState, drop: Drop = Drop.NOTHING, tempted: bool = False
) -> PursuitOdds:
    """Exact chances for the next round."""
    stop = drop_stop_chance(drop, tempted)
    closes = state.gap + state.fleeing_speed - state.pursuer_speed <= 0
    caught = (1 - stop) if closes and state.status is PursuitStatus.RUNNING else Fraction(0)
    return PursuitOdds(stop, caught, rounds_to_catch(state))


def pursuit_round(
    state: PursuitState,
    dice: Dice,
    *,
    drop: Drop = Drop.NOTHING,
    tempted: bool = False,
    tiring: Tiring = Tiring.PARTY,
) -> PursuitState:
    """One round of a dungeon pursuit.

    First the fleeing side may drop something: ``tempted`` says the pursuers care for it
    (treasure-loving for treasure, hungry or dim-witted for food), and then they stop on
    1-3 on a d6. Otherwise both sides run and the gap changes by the difference of their
    speeds; at zero the pursuers have caught up. After 30 rounds the runners tire.
    """
    if state.status is not PursuitStatus.RUNNING:
        raise RulesError(Step(N_("This pursuit is over.")))
    number = state.round + 1
    steps = [Step(N_("Round {round} of the pursuit."), {"round": number})]
    status = PursuitStatus.RUNNING
    gap = state.gap
    if drop is not Drop.NOTHING:
        steps.append(Step(_DROP_TEXT[drop]))
        if not tempted:
            steps.append(Step(_NOT_TEMPTED[drop]))
        else:
            face = dice.roll(6)
            if face <= DROP_STOPS_ON:
                status = PursuitStatus.ESCAPED
                steps.append(Step(_STOPPED[drop], {"face": face, "top": DROP_STOPS_ON}))
            else:
                steps.append(
                    Step(
                        N_("Rolled {face} (they stop on 1-{top}): the pursuers run on."),
                        {"face": face, "top": DROP_STOPS_ON},
                    )
                )
    if status is PursuitStatus.RUNNING:
        gap = max(0, state.gap + state.fleeing_speed - state.pursuer_speed)
        steps.append(
            Step(
                N_("The gap goes from {before} to {after}."),
                {"before": measure(state.gap, Unit.FEET), "after": measure(gap, Unit.FEET)},
            )
        )
        if gap == 0:
            status = PursuitStatus.CAUGHT
            steps.append(Step(N_("The pursuers catch up with the fleeing side.")))
    exhausted = state.exhausted
    if number >= EXHAUSTION_ROUNDS and not exhausted:
        tired = (Side.PARTY,) if tiring is Tiring.PARTY else (state.fleeing, state.pursuers)
        exhausted = tuple(side for side in (Side.PARTY, Side.MONSTERS) if side in tired)
        for side in exhausted:
            steps.append(
                Step(
                    _EXHAUSTED[side],
                    {
                        "rounds": EXHAUSTION_ROUNDS,
                        "penalty": EXHAUSTION_PENALTY,
                        "turns": EXHAUSTION_REST_TURNS,
                    },
                )
            )
    return replace(
        state, gap=gap, round=number, status=status, exhausted=exhausted, steps=tuple(steps)
    )


def give_up(state: PursuitState) -> PursuitState:
    """The referee ends the pursuit: the pursuers lose sight of their quarry or tire of it."""
    if state.status is not PursuitStatus.RUNNING:
        raise RulesError(Step(N_("This pursuit is over.")))
    return replace(
        state,
        status=PursuitStatus.ESCAPED,
        steps=(Step(N_("The pursuers lose sight of the fleeing side and give up.")),),
    )


# --- stored data ---------------------------------------------------------------

"""The Old-School Essentials encounter sequence: surprise, distance, initiative, evasion.

An encounter runs in five stages: the referee checks for **surprise**, sets the
**distance** between the two sides, the sides that are not surprised roll
**initiative**, everybody **acts** (talks, fights, flees) and at the **conclusion** at
least one full turn has passed. The two sides are the party and the monsters.

**Surprise.** A side that did not expect the encounter rolls 1d6 and is surprised on
1-2; some creatures change that range (1-3, 1-4, or only on a 1), so each side carries
its own range: the faces on which *that side* is surprised. A side that carries light
in the dark cannot surprise the other: its light gives it away, so the other side is
aware of it, makes no surprise roll and cannot be surprised by it. (The light never
protects its own carrier: a party with torches still rolls against monsters lurking in
the dark.) If exactly one side is surprised, the other side acts alone for one round;
if both are, nobody has the advantage and initiative is rolled as usual.

**Distance.** In a dungeon 2d6×10 feet; in the wilderness or on water 4d6×10 yards, or
1d4×10 yards when either side is surprised.

**Initiative.** Every round each side rolls 1d6 and the higher acts first. A tie is
either rolled again or both sides act at once (a setting). In the first round a side
that is surprised does not act, so a lone unsurprised side acts without a roll.

**Movement.** In an encounter a creature moves a third of its base speed per round
(rounded down to whole feet or yards): feet in a dungeon, yards outdoors, for at most
60 rounds, which is one turn.

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

>>> from omen.core.dice import ScriptedDice
>>> result = surprise(SideSetup(light=True), SideSetup(), ScriptedDice([2]))
>>> result.outcome.name, result.acts_alone.name
('PARTY', 'MONSTERS')
>>> for step in result.steps:
...     print(step.english())
The party rolls 2 (surprised on 1-2): the party is surprised.
The party carries light in the dark, so the monsters see it coming: no surprise roll.
The party is surprised: the monsters act alone for one round.
>>> encounter_distance(Place.DUNGEON, ScriptedDice([3, 4])).value
70
>>> wilderness_evasion_chance(WildernessEvasion(fleeing=6, pursuers=4)).percent
50
"""

from __future__ import annotations

import enum
import math
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any, TypeGuard

from omen.core import notation
from omen.core.dice import Dice
from omen.core.errors import RulesError, StoredDataError
from omen.core.roll import N_, Step
from omen.ose.settings import BothSurprised, Directions, Ties, Tiring

DEFAULT_SURPRISE_RANGE = 2
MAX_SURPRISE_RANGE = 5
MAX_SPEED = 1000
MAX_DISTANCE = 10_000
MAX_GROUP = 10_000
MAX_REFEREE_MODIFIER = 100
ROUNDS_PER_TURN = 60
EXHAUSTION_ROUNDS = 30
EXHAUSTION_PENALTY = 2
EXHAUSTION_REST_TURNS = 3
DROP_STOPS_ON = 3  # dropped treasure or food stops the tempted pursuers on 1-3 on a d6
SPEED_MODIFIER = 25
DENSE_WOODS_MODIFIER = 25
MIN_WILDERNESS_CHANCE = 5
SUGGESTED_WOODS_CHANCE = 10
CATCH_UP_PERCENT = 50


# --- the words of the procedure ----------------------------------------------------


class Side(enum.Enum):
    """The two sides of an encounter: the party and the monsters."""

    PARTY = "party"
    MONSTERS = "monsters"

    @property
    def other(self) -> Side:
        """The other side."""
        return Side.MONSTERS if self is Side.PARTY else Side.PARTY


class Place(enum.Enum):
    """Where the encounter happens: it decides the dice for distance and the unit."""

    DUNGEON = "dungeon"
    WILDERNESS = "wilderness"
    WATER = "water"


class Unit(enum.Enum):
    """Distances in feet (dungeon) or yards (wilderness)."""

    FEET = "feet"
    YARDS = "yards"


def unit_of(place: Place) -> Unit:
    """Feet underground, yards outdoors."""
    return Unit.FEET if place is Place.DUNGEON else Unit.YARDS


def measure(value: int, unit: Unit) -> Step:
    """A length as words: "70 feet", "1 yard"."""
    if unit is Unit.FEET:
        return Step(N_("{count} foot"), {"count": value}, plural=N_("{count} feet"))
    return Step(N_("{count} yard"), {"count": value}, plural=N_("{count} yards"))


def _whole(value: Any) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_speed(*speeds: int) -> None:
    for speed in speeds:
        if not _whole(speed) or not 1 <= speed <= MAX_SPEED:
            raise RulesError(
                Step(N_("A speed must be a whole number from 1 to {high}."), {"high": MAX_SPEED})
            )


@dataclass(frozen=True)
class SideSetup:
    """One side before the encounter.

    ``unaware``: it did not expect the other side and rolls for surprise. ``light``: it
    carries light. ``surprised_on``: it is surprised on 1 to this face of a d6 (2 by
    default; 1, 3 or 4 when a creature's description says so).
    """

    unaware: bool = True
    light: bool = False
    surprised_on: int = DEFAULT_SURPRISE_RANGE

    def __post_init__(self) -> None:
        if not _whole(self.surprised_on) or not 1 <= self.surprised_on <= MAX_SURPRISE_RANGE:
            raise RulesError(
                Step(
                    N_("A side is surprised on a 1 only, or on 1 up to 1-{high}."),
                    {"high": MAX_SURPRISE_RANGE},
                )
            )


class SurpriseOutcome(enum.Enum):
    """Who is surprised: nobody, the party, the monsters, or both."""

    NOBODY = "nobody"
    PARTY = "party"
    MONSTERS = "monsters"
    BOTH = "both"

    @classmethod
    def of(cls, party: bool, monsters: bool) -> SurpriseOutcome:
        """The outcome for whether the party and the monsters are surprised."""
        if party and monsters:
            return cls.BOTH
        if party:
            return cls.PARTY
        return cls.MONSTERS if monsters else cls.NOBODY

    @property
    def acts_alone(self) -> Side | None:
        """The side that acts alone in the first round, if any."""
        if self is SurpriseOutcome.PARTY:
            return Side.MONSTERS
        if self is SurpriseOutcome.MONSTERS:
            return Side.PARTY
        return None

    @property
    def anyone(self) -> bool:
        """Whether any side is surprised."""
        return self is not SurpriseOutcome.NOBODY

    def surprised(self, side: Side) -> bool:
        """Whether ``side`` is surprised."""
        return self is SurpriseOutcome.BOTH or self.value == side.value


OUTCOME_TEXT = {
    SurpriseOutcome.NOBODY: N_("Nobody is surprised."),
    SurpriseOutcome.PARTY: N_("The party is surprised: the monsters act alone for one round."),
    SurpriseOutcome.MONSTERS: N_("The monsters are surprised: the party acts alone for one round."),
    SurpriseOutcome.BOTH: N_(
        "Both sides are surprised: a moment of confusion, and nobody has the advantage."
    ),
}

_EXPECTED = {
    Side.PARTY: N_("The party expected the encounter: no surprise roll."),
    Side.MONSTERS: N_("The monsters expected the encounter: no surprise roll."),
}
_SEES_LIGHT = {  # keyed by the side that would have rolled
    Side.PARTY: N_(
        "The monsters carry light in the dark, so the party sees them coming: no surprise roll."
    ),
    Side.MONSTERS: N_(
        "The party carries light in the dark, so the monsters see it coming: no surprise roll."
    ),
}
_ROLLED = {
    (Side.PARTY, True): N_("The party rolls {face} (surprised {range}): the party is surprised."),
    (Side.PARTY, False): N_(
        "The party rolls {face} (surprised {range}): the party is not surprised."
    ),
    (Side.MONSTERS, True): N_(
        "The monsters roll {face} (surprised {range}): the monsters are surprised."
    ),
    (Side.MONSTERS, False): N_(
        "The monsters roll {face} (surprised {range}): the monsters are not surprised."
    ),
}


def surprise_range(top: int) -> Step:
    """The faces that surprise, as words: "on a 1 only", "on 1-3"."""
    if top == 1:
        return Step(N_("on a 1 only"))
    return Step(N_("on 1-{top}"), {"top": top})


def rolls_for_surprise(side: SideSetup, other: SideSetup, dark: bool) -> bool:
    """Whether ``side`` rolls: it must be unaware, and the other side must not give
    itself away with light in the dark."""
    return side.unaware and not (dark and other.light)


@dataclass(frozen=True)
class SurpriseResult:
    """A surprise check: each side's d6 face (None when it made no roll) and who is surprised."""

    party_face: int | None  # None: the party made no roll
    monsters_face: int | None
    outcome: SurpriseOutcome
    steps: tuple[Step, ...]

    @property
    def acts_alone(self) -> Side | None:
        """The side that gets a free round, or None."""
        return self.outcome.acts_alone


def surprise(
    party: SideSetup, monsters: SideSetup, dice: Dice, *, dark: bool = True
) -> SurpriseResult:
    """Roll for surprise: the party's die first, then the monsters'.

    ``dark``: the encounter happens in the dark, so carried light gives its side away.
    """
    steps: list[Step] = []
    faces: dict[Side, int | None] = {}
    surprised: dict[Side, bool] = {}
    for side, setup, other in ((Side.PARTY, party, monsters), (Side.MONSTERS, monsters, party)):
        faces[side] = None
        surprised[side] = False
        if not setup.unaware:
            steps.append(Step(_EXPECTED[side]))
        elif dark and other.light:
            steps.append(Step(_SEES_LIGHT[side]))
        else:
            face = dice.roll(6)
            faces[side] = face
            surprised[side] = face <= setup.surprised_on
            steps.append(
                Step(
                    _ROLLED[(side, surprised[side])],
                    {"face": face, "range": surprise_range(setup.surprised_on)},
                )
            )
    outcome = SurpriseOutcome.of(surprised[Side.PARTY], surprised[Side.MONSTERS])
    steps.append(Step(OUTCOME_TEXT[outcome]))
    return SurpriseResult(faces[Side.PARTY], faces[Side.MONSTERS], outcome, tuple(steps))


@dataclass(frozen=True)
class SurpriseOdds:
    """Exact chances that each side, or both, are surprised."""

    party: Fraction  # chance the party is surprised
    monsters: Fraction
    outcomes: Mapping[SurpriseOutcome, Fraction]


def surprise_odds(party: SideSetup, monsters: SideSetup, *, dark: bool = True) -> SurpriseOdds:
    """Exact chances, side by side and for each outcome (the two dice are independent)."""
    p = (
        Fraction(party.surprised_on, 6)
        if rolls_for_surprise(party, monsters, dark)
        else Fraction(0)
    )
    m = (
        Fraction(monsters.surprised_on, 6)
        if rolls_for_surprise(monsters, party, dark)
        else Fraction(0)
    )
    outcomes = {
        SurpriseOutcome.NOBODY: (1 - p) * (1 - m),
        SurpriseOutcome.PARTY: p * (1 - m),
        SurpriseOutcome.MONSTERS: (1 - p) * m,
        SurpriseOutcome.BOTH: p * m,
    }
    return SurpriseOdds(p, m, outcomes)


# --- distance ----------------------------------------------------------------------

_DISTANCE_TEXT = {
    Place.DUNGEON: N_("Encounter distance in the dungeon: {distance}."),
    Place.WILDERNESS: N_("Encounter distance in the wilderness: {distance}."),
    Place.WATER: N_("Encounter distance on water: {distance}."),
}


def distance_dice(place: Place, surprised: bool = False) -> str:
    """The dice for the encounter distance; surprise shortens it only outdoors."""
    if place is Place.DUNGEON:
        return "2d6×10"
    return "1d4×10" if surprised else "4d6×10"


@dataclass(frozen=True)
class Distance:
    """How far apart the sides are when they meet, in the place's unit, and the dice rolled."""

    value: int
    unit: Unit
    dice: str
    steps: tuple[Step, ...]


def encounter_distance(place: Place, dice: Dice, *, surprised: bool = False) -> Distance:
    """Roll how far apart the two sides are; ``surprised``: either side is surprised."""
    expression = distance_dice(place, surprised)
    rolled = notation.roll(expression, dice)
    unit = unit_of(place)
    steps = list(rolled.steps)
    if surprised and place is not Place.DUNGEON:
        steps.insert(0, Step(N_("A side is surprised, so the distance is only 1d4×10 yards.")))
    steps.append(Step(_DISTANCE_TEXT[place], {"distance": measure(rolled.value, unit)}))
    return Distance(rolled.value, unit, expression, tuple(steps))


def distance_odds(place: Place, *, surprised: bool = False) -> dict[int, Fraction]:
    """The exact chance of every distance."""
    return notation.distribution(distance_dice(place, surprised))


@dataclass(frozen=True)
class DistanceRange:
    """What the distance roll can give, before it is rolled: the nearest, the farthest
    and the exact mean (the mean of 2d6×10 is 70)."""

    low: int
    high: int
    mean: Fraction
    unit: Unit

    def steps(self) -> tuple[Step, ...]:
        """The range in words, the mean rounded down to a whole foot or yard."""
        return (
            Step(
                N_("From {low} to {high}, {average} on average."),
                {
                    "low": measure(self.low, self.unit),
                    "high": measure(self.high, self.unit),
                    "average": measure(math.floor(self.mean), self.unit),
                },
            ),
        )


def distance_range(place: Place, *, surprised: bool = False) -> DistanceRange:
    """The range and mean of the encounter distance in ``place``.

    >>> r = distance_range(Place.WILDERNESS, surprised=True)
    >>> r.low, r.high, r.mean, r.unit.name
    (10, 40, Fraction(25, 1), 'YARDS')
    """
    odds = distance_odds(place, surprised=surprised)
    mean = sum((value * chance for value, chance in odds.items()), Fraction(0))
    return DistanceRange(min(odds), max(odds), mean, unit_of(place))


# --- initiative --------------------------------------------------------------------


class Order(enum.Enum):
    """Who acts when in a round."""

    PARTY_FIRST = "party_first"
    MONSTERS_FIRST = "monsters_first"
    SIMULTANEOUS = "simultaneous"
    PARTY_ALONE = "party_alone"  # the monsters are surprised in the first round
    MONSTERS_ALONE = "monsters_alone"


_ORDER_TEXT = {
    Order.PARTY_FIRST: N_("The party acts first, then the monsters."),
    Order.MONSTERS_FIRST: N_("The monsters act first, then the party."),
    Order.SIMULTANEOUS: N_("A tie: both sides act at the same time."),
    Order.PARTY_ALONE: N_("Round {round}: the monsters are surprised, so the party acts alone."),
    Order.MONSTERS_ALONE: N_("Round {round}: the party is surprised, so the monsters act alone."),
}


@dataclass(frozen=True)
class InitiativeResult:
    """Initiative for a round: the order, and every pair of rolls, re-rolls included."""

    round: int
    order: Order
    rolls: tuple[tuple[int, int], ...]  # (party, monsters) for every roll, re-rolls included
    steps: tuple[Step, ...]

    def to_json(self) -> dict[str, Any]:
        """Its stored form: plain JSON values (dicts, lists, text, numbers)."""
        return {
            "round": self.round,
            "order": self.order.value,
            "rolls": [list(pair) for pair in self.rolls],
            "steps": [step.to_json() for step in self.steps],
        }

    @classmethod
    def from_json(cls, data: Any) -> InitiativeResult:
        """Read its stored form back; a :class:`RulesError` saying what does not fit."""
        bad = _damaged()
        if not isinstance(data, dict):
            raise bad
        number, rolls = data.get("round"), data.get("rolls")
        if not _whole(number) or number < 1 or not isinstance(rolls, list):
            raise bad
        pairs: list[tuple[int, int]] = []
        for pair in rolls:
            if (
                not isinstance(pair, list)
                or len(pair) != 2
                or not all(_whole(face) and 1 <= face <= 6 for face in pair)
            ):
                raise bad
            pairs.append((pair[0], pair[1]))
        return cls(number, _enum(Order, data.get("order")), tuple(pairs), _steps(data.get("steps")))


def roll_initiative(round_number: int, dice: Dice, ties: Ties = Ties.REROLL) -> InitiativeResult:
    """Each side rolls 1d6 (the party first); the higher acts first."""
    rolls: list[tuple[int, int]] = []
    steps: list[Step] = []
    while True:
        party, monsters = dice.roll(6), dice.roll(6)
        rolls.append((party, monsters))
        steps.append(
            Step(
                N_("Round {round}: the party rolls {party}, the monsters roll {monsters}."),
                {"round": round_number, "party": party, "monsters": monsters},
            )
        )
        if party != monsters:
            order = Order.PARTY_FIRST if party > monsters else Order.MONSTERS_FIRST
            break
        if ties is Ties.SIMULTANEOUS:
            order = Order.SIMULTANEOUS
            break
        steps.append(Step(N_("A tie: both sides roll again.")))
    steps.append(Step(_ORDER_TEXT[order]))
    return InitiativeResult(round_number, order, tuple(rolls), tuple(steps))


def initiative_odds(ties: Ties = Ties.REROLL) -> dict[Order, Fraction]:
    """Exact chance of each order in a normal round.

    One roll: the party is higher in 15 of 36 pairs, the monsters in 15, a tie in 6.
    Re-rolling ties leaves 15 against 15, so each side wins half the time.
    """
    if ties is Ties.REROLL:
        return {Order.PARTY_FIRST: Fraction(1, 2), Order.MONSTERS_FIRST: Fraction(1, 2)}
    return {
        Order.PARTY_FIRST: Fraction(15, 36),
        Order.MONSTERS_FIRST: Fraction(15, 36),
        Order.SIMULTANEOUS: Fraction(6, 36),
    }


@dataclass(frozen=True)
class Encounter:
    """An encounter in progress: what the screen stores between rounds."""

    place: Place
    surprise: SurpriseOutcome = SurpriseOutcome.NOBODY
    distance: int | None = None  # in the place's unit (feet or yards)
    round: int = 0  # rounds begun so far; 0 before the first
    initiative: InitiativeResult | None = None  # the current round's

    @property
    def unit(self) -> Unit:
        """The unit of distances where the encounter happens."""
        return unit_of(self.place)

    def to_json(self) -> dict[str, Any]:
        """Its stored form: plain JSON values (dicts, lists, text, numbers)."""
        return {
            "place": self.place.value,
            "surprise": self.surprise.value,
            "distance": self.distance,
            "round": self.round,
            "initiative": None if self.initiative is None else self.initiative.to_json(),
        }

    @classmethod
    def from_json(cls, data: Any) -> Encounter:
        """Read its stored form back; a :class:`RulesError` saying what does not fit."""
        bad = _damaged()
        if not isinstance(data, dict):
            raise bad
        distance, number, initiative = (
            data.get("distance"),
            data.get("round"),
            data.get("initiative"),
        )
        if distance is not None and (not _whole(distance) or distance < 0):
            raise bad
        if not _whole(number) or number < 0:
            raise bad
        return cls(
            _enum(Place, data.get("place")),
            _enum(SurpriseOutcome, data.get("surprise")),
            distance,
            number,
            None if initiative is None else InitiativeResult.from_json(initiative),
        )


def start_encounter(
    place: Place, surprise: SurpriseResult | None = None, distance: Distance | None = None
) -> Encounter:
    """An encounter before its first round, from the surprise and distance rolls."""
    return Encounter(
        place,
        SurpriseOutcome.NOBODY if surprise is None else surprise.outcome,
        None if distance is None else distance.value,
    )


def next_round(encounter: Encounter, dice: Dice, ties: Ties = Ties.REROLL) -> Encounter:
    """Begin the next round and settle who acts first.

    In the first round a side that was surprised does not act: when only one side was
    surprised, the other acts alone without rolling; when both were, nobody has the
    advantage and initiative is rolled as usual.
    """
    number = encounter.round + 1
    alone = encounter.surprise.acts_alone if number == 1 else None
    if alone is not None:
        order = Order.PARTY_ALONE if alone is Side.PARTY else Order.MONSTERS_ALONE
        result = InitiativeResult(number, order, (), (Step(_ORDER_TEXT[order], {"round": number}),))
    else:
        result = roll_initiative(number, dice, ties)
    return replace(encounter, round=number, initiative=result)


# --- movement ----------------------------------------------------------------------


@dataclass(frozen=True)
class Movement:
    """How far a side moves: per round, and in the rounds given."""

    per_round: int
    distance: int  # covered in the given rounds
    rounds: int
    unit: Unit
    steps: tuple[Step, ...]


def encounter_speed(base_speed: int) -> int:
    """A third of the base speed, rounded down."""
    _check_speed(base_speed)
    return base_speed // 3


def encounter_movement(base_speed: int, place: Place, rounds: int = 1) -> Movement:
    """How far a creature with ``base_speed`` moves in ``rounds`` rounds of an encounter."""
    per_round = encounter_speed(base_speed)
    if not _whole(rounds) or not 1 <= rounds <= ROUNDS_PER_TURN:
        raise RulesError(
            Step(
                N_("Movement at encounter speed lasts from 1 to {limit} rounds (one turn)."),
                {"limit": ROUNDS_PER_TURN},
            )
        )
    unit = unit_of(place)
    speed_text = (
        N_("Encounter speed: {base} ÷ 3 = {speed} per round.")
        if base_speed % 3 == 0
        else N_("Encounter speed: {base} ÷ 3 = {speed} per round, rounded down.")
    )
    steps = [Step(speed_text, {"base": base_speed, "speed": measure(per_round, unit)})]
    distance = per_round * rounds
    if rounds > 1:
        steps.append(
            Step(
                N_("{count} round at {speed} per round: {distance}."),
                {
                    "count": rounds,
                    "speed": measure(per_round, unit),
                    "distance": measure(distance, unit),
                },
                plural=N_("{count} rounds at {speed} per round: {distance}."),
            )
        )
    return Movement(per_round, distance, rounds, unit, tuple(steps))


# --- conclusion --------------------------------------------------------------------


def conclusion_turns(rounds: int = 0) -> int:
    """Exploration turns to advance when an encounter ends: one at least, and one more
    for every 60 rounds begun beyond the first turn."""
    if not _whole(rounds) or rounds < 0:
        raise RulesError(Step(N_("The number of rounds cannot be negative.")))
    return max(1, math.ceil(rounds / ROUNDS_PER_TURN))


@dataclass(frozen=True)
class Conclusion:
    """How many turns the encounter took and the steps saying so."""

    turns: int
    steps: tuple[Step, ...]


def conclusion(encounter: Encounter | None = None) -> Conclusion:
    """The end of an encounter: how many turns the turn clock advances."""
    rounds = 0 if encounter is None else encounter.round
    turns = conclusion_turns(rounds)
    return Conclusion(
        turns,
        (
            Step(
                N_(
                    "An encounter takes at least one full turn, with time to catch breath, "
                    "bind wounds and set gear in order."
                )
            ),
            Step(
                N_("The encounter is over: {count} turn passes."),
                {"count": turns},
                plural=N_("The encounter is over: {count} turns pass."),
            ),
        ),
    )


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
                {"modifier": _signed(situation.modifier)},
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


def _damaged() -> StoredDataError:
    return StoredDataError(Step(N_("A stored encounter is damaged and cannot be read.")))


def _enum(kind: type[enum.Enum], value: Any) -> Any:
    try:
        return kind(value)
    except ValueError as error:
        raise _damaged() from error


def _steps(data: Any) -> tuple[Step, ...]:
    if not isinstance(data, list):
        raise _damaged()
    try:
        return tuple(Step.from_json(item) for item in data)
    except (StoredDataError, ValueError) as error:
        raise _damaged() from error


def _signed(value: int) -> str:
    return f"+{value}" if value > 0 else str(value)

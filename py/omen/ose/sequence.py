"""The Old-School Essentials encounter sequence: surprise, distance, initiative, movement.

Evasion and pursuit are in :mod:`omen.ose.evasion`.

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
"""

from __future__ import annotations

import enum
import math
from collections.abc import Mapping
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any, TypeGuard

from omen.core import notation
from omen.core.dice import Dice
from omen.core.errors import RulesError, StoredDataError
from omen.core.roll import N_, Step
from omen.core.store import read_step
from omen.ose.settings import Ties

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
    """How many turns the encounter took, the headline saying it is over, and the steps."""

    turns: int
    title: Step
    steps: tuple[Step, ...]


def conclusion(encounter: Encounter | None = None) -> Conclusion:
    """The end of an encounter: how many turns the turn clock advances. Outdoors the
    clock counts days of travel, and the encounter is a part of the day.

    >>> end = conclusion(Encounter(Place.WILDERNESS, round=3))
    >>> end.title.english(), [step.english() for step in end.steps]
    ("The encounter is over; the day's travel goes on.", ["Outdoors the clock counts days: the encounter is part of the day's travel."])
    """
    rounds = 0 if encounter is None else encounter.round
    turns = conclusion_turns(rounds)
    if encounter is not None and encounter.place is not Place.DUNGEON:
        return Conclusion(
            turns,
            Step(N_("The encounter is over; the day's travel goes on.")),
            (
                Step(
                    N_("Outdoors the clock counts days: the encounter is part of the day's travel.")
                ),
            ),
        )
    over = Step(
        N_("The encounter is over: {count} turn passes."),
        {"count": turns},
        plural=N_("The encounter is over: {count} turns pass."),
    )
    return Conclusion(
        turns,
        over,
        (
            Step(
                N_(
                    "An encounter takes at least one full turn, with time to catch breath, "
                    "bind wounds and set gear in order."
                )
            ),
            over,
        ),
    )


def conclusion_hint(encounter: Encounter) -> Step:
    """What ending the encounter now will do to the clock, said before it ends.

    >>> conclusion_hint(Encounter(Place.DUNGEON, round=7)).english()
    'Rounds so far: 7. Ending the encounter advances the exploration clock by 1 turn.'
    >>> conclusion_hint(Encounter(Place.WILDERNESS, round=2)).english()
    "Rounds so far: 2. Outdoors the clock counts days: the day's travel goes on."
    """
    if encounter.place is not Place.DUNGEON:
        return Step(
            N_(
                "Rounds so far: {rounds}. Outdoors the clock counts days: the day's travel goes on."
            ),
            {"rounds": encounter.round},
        )
    return Step(
        N_(
            "Rounds so far: {rounds}. Ending the encounter advances the exploration clock by {count} turn."
        ),
        {"rounds": encounter.round, "count": conclusion_turns(encounter.round)},
        plural=N_(
            "Rounds so far: {rounds}. Ending the encounter advances the exploration clock by {count} turns."
        ),
    )


# --- reading stored values ---------------------------------------------------------


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
        return tuple(read_step(item) for item in data)
    except (StoredDataError, ValueError) as error:
        raise _damaged() from error

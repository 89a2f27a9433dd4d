"""The Old-School Essentials wilderness day: how far the party gets, whether it loses its
way, what it finds to eat, and the day's wandering-monster check.

Source: the OSE SRD, *Wilderness Adventuring* (travel, losing direction, finding food,
resting) and *Wandering Monsters* (the daily check), in our own words.

**Miles a day.** A party moves as fast as its slowest member. A base movement rate (in
feet per exploration turn) divided by five is the miles covered in a day of travel: 120'
makes 24 miles, 90' makes 18, 60' makes 12, 30' makes 6.

**Terrain.** Open land (clear, grassland, settled land, a city) leaves the rate as it
is. Barren land, desert, forest and hills cut it by a third; jungle, mountains and swamp
by half. A maintained road is a line of its own in the terrain list: on it the party
makes half again its rate, whatever land the road crosses (the road's line takes the
place of the land's, it is not applied on top of it). On a river, at sea or in the air
the rate given is the boat's, the ship's or the flyer's, and the land does not slow it.
Omen rounds a day's miles down to a whole mile (Omen's ruling: the rules give the
fractions, not the rounding).

**Forced march.** A party may push on for half as far again, but it must then rest a
whole day. **Rest.** A party rests one day in every seven: after six days of travel the
next should be a rest, and a party that goes on has -1 to attack and damage rolls
until it rests.

**Losing direction.** At the start of a day of travel the referee rolls a d6 in secret:
the party strays on 1 in 6 in clear land and grassland, 3 in 6 in desert, jungle and
swamp, 2 in 6 anywhere else. A party that follows a road, a trail or a river cannot get
lost; Omen treats a guide who knows the land the same way (Omen's ruling, shown as a
choice the referee makes). A lost party still covers the day's miles, but in a direction the referee
chooses, not the one it meant; the players are not told.

**Finding food** (the OSE SRD, *Wilderness Adventuring*: Foraging and Hunting).
Foraging goes on while the party travels, costing no time: on 1 in 6 it finds enough
food for 1d6 human-sized people. Hunting is the party's whole day: no travel and no
rest. It does not bring food by itself: on 1 in 6 the hunters come upon animals that
may be good to eat, if they can catch them, an encounter the referee runs (game animals
for the referee to name). This chance comes on top of the day's wandering-monster
check, which is made as usual (:func:`omen.ose.turn.next_day`, at the terrain's
chance). The food the hunt brings home is whatever the referee makes of that encounter,
recorded on the day (:func:`record_food`), not rolled. When both come on the same day
the wandering monsters are the encounter run first (Omen's ruling) and the game animals
are said in the steps. Whatever the party does, the day burns the 144 ten-minute turns
it holds off every light and timer (a torch or a lantern goes out).

Every chance is exact: a lost day in swamp is ``Fraction(1, 2)``, a forage
``Fraction(1, 6)``.

>>> from omen.core.dice import ScriptedDice
>>> from omen.ose.turn import Terrain, TurnState
>>> clock = TurnState(terrain=Terrain.FOREST)
>>> plan = Journey(speed=90, activity=Activity.FORAGE)
>>> miles_per_day(plan, Terrain.FOREST)
12
>>> lost_chance(plan, Terrain.FOREST)
Fraction(1, 3)
>>> clock, plan, outcome = travel_day(clock, plan, {}, ScriptedDice([4, 1, 3, 5]))
>>> outcome.title.english()
'Day 1: 12 miles through Forest; food for 3 found; no wandering monsters.'
>>> plan.miles, plan.food, clock.day
(12, 3, 1)
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from omen.campaign.exploration import EncounterKind
from omen.campaign.state import Outcome
from omen.campaign.table_draw import Found, roll_table
from omen.campaign.tables import Entry, Library, Table
from omen.core.dice import Dice
from omen.core.errors import RulesError, StoredDataError
from omen.core.roll import N_, Step
from omen.core.setting import Value
from omen.core.store import Schema
from omen.ose import turn as ose_turn
from omen.ose.turn import TERRAIN_NAMES, Terrain, TurnState

KIND = "ose_travel"
DIE = 6
FEET_PER_MILE_A_DAY = 5  # a base rate of 120' makes 24 miles a day
MIN_SPEED = 5
MAX_SPEED = 960
MAX_MILES = 10**7
MAX_FOOD = 10**6
TRAVEL_DAYS_BEFORE_REST = 6  # one day of rest in every seven
NOT_RESTING_PENALTY = 1
FOOD_DIE = 6


class Route(enum.Enum):
    """How the party finds its way: across the land, or along a road, trail or river."""

    ACROSS = "across"  # across country: the terrain slows it and it may get lost
    TRAIL = "trail"  # a trail or a river: the terrain's rate, but no getting lost
    ROAD = "road"  # a maintained road: half again as far, and no getting lost


class Activity(enum.Enum):
    """What the party does with the day."""

    TRAVEL = "travel"
    FORAGE = "forage"  # travel and forage as it goes
    HUNT = "hunt"  # hunt all day: no travel
    REST = "rest"  # rest all day: no travel


ROUTE_NAMES: Mapping[Route, str] = {
    Route.ACROSS: N_("Across country"),
    Route.TRAIL: N_("Along a trail or river"),
    Route.ROAD: N_("On a maintained road"),
}

ACTIVITY_NAMES: Mapping[Activity, str] = {
    Activity.TRAVEL: N_("Travel"),
    Activity.FORAGE: N_("Travel and forage"),
    Activity.HUNT: N_("Hunt all day (no travel)"),
    Activity.REST: N_("Rest all day (no travel)"),
}

# How the land changes a day's miles.
TERRAIN_RATE: Mapping[Terrain, Fraction] = {
    **{t: Fraction(1) for t in Terrain},
    **{t: Fraction(2, 3) for t in (Terrain.BARREN, Terrain.DESERT, Terrain.FOREST, Terrain.HILLS)},
    **{t: Fraction(1, 2) for t in (Terrain.JUNGLE, Terrain.MOUNTAINS, Terrain.SWAMP)},
}

# The faces of the d6 on which a party strays from its course.
LOST_FACES: Mapping[Terrain, int] = {
    **{t: 2 for t in Terrain},
    Terrain.CLEAR: 1,
    Terrain.GRASSLAND: 1,
    Terrain.DESERT: 3,
    Terrain.JUNGLE: 3,
    Terrain.SWAMP: 3,
    Terrain.RIVER: 0,  # a party on a river follows it
}

# A maintained road's rate, in place of the land's.
ROAD_RATE = Fraction(3, 2)

FORAGE_FACES = 1
GAME_FACES = 1  # a hunt meets game animals on 1 in 6


def _whole(value: Any, low: int, high: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def _refuse(message: str, **args: Any) -> RulesError:
    return RulesError(Step(message, args))


@dataclass(frozen=True)
class Journey:
    """A wilderness journey as the Travel day panel keeps it: the plan for the next day
    (slowest speed, route, guide, forced march, what the party does) and what the days so
    far have added up to.
    """

    speed: int = 120  # the slowest member's base movement rate, feet per turn
    route: Route = Route.ACROSS
    guide: bool = False
    forced: bool = False  # push on for half as far again
    activity: Activity = Activity.TRAVEL
    miles: int = 0  # miles covered on the journey
    food: int = 0  # people fed for a day, found by foraging and hunting
    days_travelled: int = 0  # days of travel since the last day of rest
    must_rest: bool = False  # a forced march: the next day must be a rest
    lost: bool = False  # the last day of travel went astray
    last: Outcome | None = None
    game: bool = False  # the last day's hunt met game animals

    def __post_init__(self) -> None:
        if not isinstance(self.route, Route) or not isinstance(self.activity, Activity):
            raise _refuse(N_("The journey is damaged."))
        if not _whole(self.speed, MIN_SPEED, MAX_SPEED):
            raise _refuse(
                N_("The slowest speed is a whole number of feet from {low} to {high}."),
                low=MIN_SPEED,
                high=MAX_SPEED,
            )
        if not _whole(self.miles, 0, MAX_MILES) or not _whole(self.food, 0, MAX_FOOD):
            raise _refuse(N_("The journey is damaged."))
        if not _whole(self.days_travelled, 0, ose_turn.MAX_DAY):
            raise _refuse(N_("The journey is damaged."))
        flags = (self.guide, self.forced, self.must_rest, self.lost, self.game)
        if not all(isinstance(x, bool) for x in flags):
            raise _refuse(N_("The journey is damaged."))
        if self.last is not None and not isinstance(self.last, Outcome):
            raise _refuse(N_("The journey is damaged."))

    def to_json(self) -> dict[str, Any]:
        """Its stored form."""
        return {
            "speed": self.speed,
            "route": self.route.value,
            "guide": self.guide,
            "forced": self.forced,
            "activity": self.activity.value,
            "miles": self.miles,
            "food": self.food,
            "days_travelled": self.days_travelled,
            "must_rest": self.must_rest,
            "lost": self.lost,
            "last": None if self.last is None else self.last.to_json(),
            "game": self.game,
        }

    @classmethod
    def from_json(cls, data: Any) -> Journey:
        """Read its stored form back; damaged data is refused. A field missing from an
        older form takes its default."""
        fields = set(Journey().to_json())
        if not isinstance(data, dict) or not set(data) <= fields:
            raise _damaged()
        data = {**Journey().to_json(), **data}
        try:
            last = data["last"]
            return cls(
                data["speed"],
                Route(data["route"]),
                data["guide"],
                data["forced"],
                Activity(data["activity"]),
                data["miles"],
                data["food"],
                data["days_travelled"],
                data["must_rest"],
                data["lost"],
                None if last is None else Outcome.from_json(last),
                data["game"],
            )
        except StoredDataError:
            raise
        except (RulesError, ValueError, TypeError, KeyError) as error:
            raise _damaged() from error


def _damaged() -> StoredDataError:
    return StoredDataError(
        Step(N_("The stored OSE wilderness journey is damaged and cannot be read."))
    )


SCHEMA: Schema[Journey] = Schema("ose_travel", 1, {}, Journey.from_json)


# --- the rules ------------------------------------------------------------------------------


def travels(plan: Journey) -> bool:
    """Whether the day is spent on the move (not hunting or resting)."""
    return plan.activity in (Activity.TRAVEL, Activity.FORAGE)


def miles_per_day(plan: Journey, terrain: Terrain) -> int:
    """The miles the party makes in a day of travel, rounded down.

    >>> miles_per_day(Journey(speed=120), Terrain.SWAMP)
    12
    >>> miles_per_day(Journey(speed=120, route=Route.ROAD), Terrain.CLEAR)
    36
    >>> miles_per_day(Journey(speed=120, route=Route.ROAD), Terrain.HILLS)
    36
    >>> miles_per_day(Journey(speed=120, route=Route.TRAIL), Terrain.HILLS)
    16
    >>> miles_per_day(Journey(speed=60, forced=True), Terrain.HILLS)
    12
    >>> miles_per_day(Journey(activity=Activity.HUNT), Terrain.CLEAR)
    0
    """
    if not travels(plan):
        return 0
    land = ROAD_RATE if plan.route is Route.ROAD else TERRAIN_RATE[terrain]
    rate = Fraction(plan.speed, FEET_PER_MILE_A_DAY) * land
    if plan.forced:
        rate *= Fraction(3, 2)
    return int(rate)


def cannot_get_lost(plan: Journey, terrain: Terrain) -> bool:
    """A party on a road, trail or river, or with a guide, or not travelling, keeps its way."""
    return (
        not travels(plan)
        or plan.route is not Route.ACROSS
        or plan.guide
        or LOST_FACES[terrain] == 0
    )


def lost_faces(plan: Journey, terrain: Terrain) -> int:
    """The faces of the d6 (1 up to this) on which the party strays; 0 when it cannot."""
    return 0 if cannot_get_lost(plan, terrain) else LOST_FACES[terrain]


def lost_chance(plan: Journey, terrain: Terrain) -> Fraction:
    """The exact chance that the day's travel goes astray.

    >>> lost_chance(Journey(), Terrain.CLEAR), lost_chance(Journey(), Terrain.JUNGLE)
    (Fraction(1, 6), Fraction(1, 2))
    >>> lost_chance(Journey(guide=True), Terrain.JUNGLE)
    Fraction(0, 1)
    """
    return Fraction(lost_faces(plan, terrain), DIE)


def food_faces(plan: Journey) -> int:
    """The faces of the d6 on which foraging finds food; 0 when nobody forages (a hunt
    meets game animals instead: :func:`game_faces`)."""
    return FORAGE_FACES if plan.activity is Activity.FORAGE else 0


def food_chance(plan: Journey) -> Fraction:
    """The exact chance that the day's foraging finds food.

    >>> food_chance(Journey(activity=Activity.FORAGE)), food_chance(Journey(activity=Activity.HUNT))
    (Fraction(1, 6), Fraction(0, 1))
    """
    return Fraction(food_faces(plan), DIE)


def game_faces(plan: Journey) -> int:
    """The faces of the d6 on which a hunt meets game animals; 0 when the party does not hunt."""
    return GAME_FACES if plan.activity is Activity.HUNT else 0


def game_chance(plan: Journey) -> Fraction:
    """The exact chance that the day's hunt meets game animals.

    >>> game_chance(Journey(activity=Activity.HUNT)), game_chance(Journey())
    (Fraction(1, 6), Fraction(0, 1))
    """
    return Fraction(game_faces(plan), DIE)


def encounter_chance(plan: Journey, terrain: Terrain) -> Fraction:
    """The exact chance that the day brings an encounter: the day's wandering-monster
    check at the terrain's chance, or on a hunting day game animals (on top of it).

    >>> encounter_chance(Journey(), Terrain.SWAMP)
    Fraction(1, 2)
    >>> encounter_chance(Journey(activity=Activity.HUNT), Terrain.SWAMP)  # 1 - 1/2 * 5/6
    Fraction(7, 12)
    """
    check = Fraction(ose_turn.TERRAIN_CHANCE[terrain], DIE)
    return 1 - (1 - check) * (1 - game_chance(plan))


def odds(plan: Journey, terrain: Terrain) -> tuple[Step, ...]:
    """What the next day risks, in words, each chance exact (the percent by the screen).
    A day spent hunting or resting says it goes nowhere, not that it makes no miles.

    >>> [line.english() for line in odds(Journey(activity=Activity.HUNT), Terrain.HILLS)]
    ... # doctest: +NORMALIZE_WHITESPACE
    ['Hills: no travel today.', 'Game animals: 1 in 6, on top of the wandering-monster check.',
     'Wandering monsters: 2 in 6.']
    """
    name = Step(TERRAIN_NAMES[terrain])
    lines = [
        Step(
            N_("{terrain}: {count} mile in a day."),
            {"terrain": name, "count": miles_per_day(plan, terrain)},
            plural=N_("{terrain}: {count} miles in a day."),
        )
        if travels(plan)
        else Step(N_("{terrain}: no travel today."), {"terrain": name})
    ]
    if travels(plan):
        faces = lost_faces(plan, terrain)
        lines.append(
            Step(N_("Getting lost: {faces} in 6."), {"faces": faces})
            if faces
            else Step(N_("The party cannot get lost today."))
        )
    if food_faces(plan):
        lines.append(Step(N_("Finding food: {faces} in 6."), {"faces": food_faces(plan)}))
    if game_faces(plan):
        lines.append(
            Step(
                N_("Game animals: {faces} in 6, on top of the wandering-monster check."),
                {"faces": game_faces(plan)},
            )
        )
    day = ose_turn.day_odds(TurnState(terrain=terrain))
    lines.append(Step(N_("Wandering monsters: {faces} in 6."), {"faces": day.faces}))
    return tuple(lines)


# --- a day ----------------------------------------------------------------------------------


def plan_steps(plan: Journey, terrain: Terrain, miles: int) -> list[Step]:
    """What the plan makes of the day: no travel (hunting, resting), or the miles and why."""
    if not travels(plan):
        return [
            Step(
                N_("The party hunts all day and does not travel.")
                if plan.activity is Activity.HUNT
                else N_("The party rests all day and does not travel.")
            )
        ]
    steps = [
        Step(
            N_("Slowest speed {speed}': {count} mile a day on open land."),
            {"speed": plan.speed, "count": plan.speed // FEET_PER_MILE_A_DAY},
            plural=N_("Slowest speed {speed}': {count} miles a day on open land."),
        )
    ]
    rate = TERRAIN_RATE[terrain]
    if rate != 1 and plan.route is not Route.ROAD:
        steps.append(
            Step(
                N_("{terrain} slows the party to {rate} of that."),
                {"terrain": Step(TERRAIN_NAMES[terrain]), "rate": str(rate)},
            )
        )
    if plan.route is Route.ROAD:
        steps.append(Step(N_("A maintained road: half as far again.")))
    if plan.forced:
        steps.append(Step(N_("Forced march: half as far again; tomorrow the party must rest.")))
    steps.append(
        Step(
            N_("The party covers {count} mile."),
            {"count": miles},
            plural=N_("The party covers {count} miles."),
        )
    )
    return steps


def _lost(plan: Journey, terrain: Terrain, dice: Dice) -> tuple[bool, list[Step]]:
    if not travels(plan):
        return False, []
    faces = lost_faces(plan, terrain)
    if faces == 0:
        if plan.route is not Route.ACROSS or LOST_FACES[terrain] == 0:
            return False, [Step(N_("Following a road, trail or river: no getting lost."))]
        return False, [Step(N_("A guide who knows the land: no getting lost."))]
    face = dice.roll(DIE)
    if face <= faces:
        return True, [
            Step(
                N_("Getting lost ({faces} in 6): the d6 shows {face}: the party is lost!"),
                {"faces": faces, "face": face},
            ),
            Step(
                N_(
                    "The day's miles go in a direction the referee chooses, "
                    "not the one the party meant; the players are not told."
                )
            ),
        ]
    return False, [
        Step(
            N_("Getting lost ({faces} in 6): the d6 shows {face}: the party keeps its course."),
            {"faces": faces, "face": face},
        )
    ]


def _food(plan: Journey, dice: Dice) -> tuple[int, list[Step]]:
    faces = food_faces(plan)
    if faces == 0:
        return 0, []
    how = N_("Foraging")
    face = dice.roll(DIE)
    if face > faces:
        return 0, [
            Step(
                N_("{how} ({faces} in 6): the d6 shows {face}: nothing found."),
                {"how": Step(how), "faces": faces, "face": face},
            )
        ]
    fed = dice.roll(FOOD_DIE)
    return fed, [
        Step(
            N_("{how} ({faces} in 6): the d6 shows {face}: food found."),
            {"how": Step(how), "faces": faces, "face": face},
        ),
        Step(
            N_("1d6 shows {count}: enough food for {count} person for a day."),
            {"count": fed},
            plural=N_("1d6 shows {count}: enough food for {count} people for a day."),
        ),
    ]


def _game_animals(
    library: Library | None, location: str | None, dice: Dice
) -> tuple[str, list[Step], Found | None]:
    """The game animals a hunt meets: a row of the location's encounter table marked as
    game animals, drawn among those rows alone, each as likely as on the table (its faces,
    or its weight); its dice rolled, its link not followed (Omen's ruling). None marked:
    nothing drawn, and the referee names them."""
    if library is None or location is None:
        return "", [], None
    here = next((p for p in library.locations if p.id == location), None)
    table = None if here is None or here.encounter is None else library.find_table(here.encounter)
    if table is None:
        return "", [], None
    rows = tuple(
        replace(entry, low=None, high=None, weight=_likeliness(table, entry), link=None)
        for entry in table.entries
        if entry.animal and _likeliness(table, entry)
    )
    if not rows:
        return (
            "",
            [
                Step(
                    N_("No row of {table} is marked as game animals: name them yourself."),
                    {"table": table.name},
                )
            ],
            None,
        )
    game = Table(table.id, table.name, None, rows)
    result = roll_table(Library(tables=(game,)), game.id, dice)
    steps = [
        Step(
            N_("Game animals: a draw among the rows of {table} marked as game animals."),
            {"table": table.name},
        ),
        *result.steps,
    ]
    return result.text, steps, result.found or None


def _likeliness(table: Table, entry: Entry) -> int:
    """How many ways a row comes up on its table: its faces on a table with a die, else
    its weight."""
    if table.die is None:
        return entry.weight
    if entry.low is None or entry.high is None:
        return 0
    return max(0, entry.high - entry.low + 1)


def _game(plan: Journey, dice: Dice) -> tuple[bool, list[Step]]:
    faces = game_faces(plan)
    if faces == 0:
        return False, []
    face = dice.roll(DIE)
    if face > faces:
        return False, [
            Step(
                N_("Hunting ({faces} in 6): the d6 shows {face}: no game today."),
                {"faces": faces, "face": face},
            )
        ]
    return True, [
        Step(
            N_("Hunting ({faces} in 6): the d6 shows {face}: game animals!"),
            {"faces": faces, "face": face},
        ),
        Step(
            N_(
                "Animals that may be good to eat, if the party can catch them: run the "
                "encounter, then record the food it brings."
            )
        ),
    ]


def _rest_steps(plan: Journey, resting: bool, days: int) -> list[Step]:
    if resting:
        if plan.days_travelled > TRAVEL_DAYS_BEFORE_REST or plan.must_rest:
            return [Step(N_("Rested: the party is fit to travel again."))]
        return []
    if plan.must_rest:
        return [Step(N_("The party marched on after a forced march: it needed a day of rest."))]
    if days == TRAVEL_DAYS_BEFORE_REST:
        return [Step(N_("Six days of travel: the next day should be a rest."))]
    if days > TRAVEL_DAYS_BEFORE_REST:
        return [
            Step(
                N_("No day of rest: -{penalty} to attack and damage until the party rests."),
                {"penalty": NOT_RESTING_PENALTY},
            )
        ]
    return []


def _title(
    day: int, miles: int, terrain: Terrain, lost: bool, fed: int, found: bool, game: bool
) -> Step:
    parts: list[Step] = [
        Step(
            N_("{count} mile through {terrain}"),
            {"count": miles, "terrain": Step(TERRAIN_NAMES[terrain])},
            plural=N_("{count} miles through {terrain}"),
        )
        if miles
        else Step(N_("no travel"))
    ]
    if lost:
        parts.append(Step(N_("lost")))
    if fed:
        parts.append(Step(N_("food for {fed} found"), {"fed": fed}))
    if game:
        parts.append(Step(N_("game animals")))
    parts.append(Step(N_("wandering monsters!")) if found else Step(N_("no wandering monsters.")))
    return Step(N_("Day {day}: {what}"), {"day": day, "what": _joined(parts)})


def _joined(parts: list[Step]) -> Step:
    joined = parts[0]
    for part in parts[1:]:
        joined = Step(N_("{first}; {then}"), {"first": joined, "then": part})
    return joined


def travel_day(
    clock: TurnState,
    plan: Journey,
    values: Mapping[str, Value],
    dice: Dice,
    *,
    library: Library | None = None,
    location: str | None = None,
) -> tuple[TurnState, Journey, Outcome]:
    """One wilderness day as the plan says: getting lost (a d6, if the party can), food
    (a d6 and 1d6, if it forages or hunts), then the day's wandering-monster check at the
    clock's terrain (:func:`omen.ose.turn.next_day`, which rolls on ``location``'s table).
    The day burns its turns off the lights and timers; what went out is in the title.
    The day's terrain is ``location``'s when it names one
    (:func:`omen.ose.turn.terrain_here`): the miles, the getting lost, the check and the
    headline all use that one terrain.
    """
    clock = ose_turn.at_location(clock, library, location)
    terrain = clock.terrain
    miles = miles_per_day(plan, terrain)
    if plan.miles + miles > MAX_MILES:
        raise _refuse(N_("The journey's miles are full: start a new journey."))
    steps = plan_steps(plan, terrain, miles)
    lost, more = _lost(plan, terrain, dice)
    steps.extend(more)
    fed, more = _food(plan, dice)
    steps.extend(more)
    game, more = _game(plan, dice)
    steps.extend(more)
    resting = plan.activity is Activity.REST
    days = 0 if resting else plan.days_travelled + 1
    steps.extend(_rest_steps(plan, resting, days))
    clock, check = ose_turn.next_day(clock, dice, values, library=library, location=location)
    steps.extend(check.steps[1:])  # its first step names the day, as the title does
    title = ose_turn.with_endings(
        _title(clock.day, miles, terrain, lost, fed, clock.encounter, game), steps
    )
    if game and clock.encounter:
        steps.append(Step(N_("The wandering monsters come first; the game animals after them.")))
    elif game:  # the game animals are the day's encounter
        animals, more, found = _game_animals(library, location, dice)
        steps.extend(more)
        clock = replace(clock, met=animals, found=found)
    kind = EncounterKind.ENCOUNTER.value if game else check.kind
    outcome = Outcome(title, tuple(steps), kind)
    clock = replace(clock, last=outcome, encounter=clock.encounter or game)
    plan = replace(
        plan,
        miles=plan.miles + miles,
        food=min(plan.food + fed, MAX_FOOD),
        days_travelled=min(days, ose_turn.MAX_DAY),
        must_rest=plan.forced and not resting,
        forced=False,
        lost=lost,
        last=outcome,
        game=game,
    )
    return clock, plan, outcome


def met(clock: TurnState, plan: Journey) -> str | None:
    """Who the day's encounter is with: the table's creature the check brought, or None
    for game animals the hunt met (the screen names them in its language), or ``""``
    when nothing is to be run."""
    if clock.met or not plan.game or plan.last is None or clock.last != plan.last:
        return clock.met
    return None


def record_food(plan: Journey, fed: int) -> tuple[Journey, Outcome]:
    """Food the referee records after a hunt's encounter (or any other found): people fed
    for a day, added to the journey's food.

    >>> plan, outcome = record_food(Journey(food=2), 5)
    >>> plan.food, outcome.title.english()
    (7, 'Food recorded: enough for 5 people for a day (7 in all).')
    """
    if not _whole(fed, 1, MAX_FOOD) or plan.food + fed > MAX_FOOD:
        raise _refuse(
            N_("Food is recorded as a whole number of people fed, from 1 to {limit}."),
            limit=MAX_FOOD,
        )
    plan = replace(plan, food=plan.food + fed)
    title = Step(
        N_("Food recorded: enough for {count} person for a day ({total} in all)."),
        {"count": fed, "total": plan.food},
        plural=N_("Food recorded: enough for {count} people for a day ({total} in all)."),
    )
    return plan, Outcome(title, (), KIND)


def new_journey(plan: Journey) -> Journey:
    """The same party starting a new journey: its plan kept, the counts at nothing."""
    return Journey(plan.speed, plan.route, plan.guide)

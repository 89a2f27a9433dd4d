"""The Old-School Essentials dungeon turn and wilderness day: time, wandering monsters,
rest, light and timers.

Sources: the OSE SRD, *Dungeon Adventuring*, *Wilderness Adventuring* and *Wandering
Monsters*, in our own words; what the rules leave to the referee is a setting
(:mod:`omen.ose.settings`).

**The dungeon turn** is ten minutes. Every so many turns (every 2 by default) the
referee rolls a d6 for wandering monsters, and a monster turns up on 1 up to the chance
(1-in-6 by default); both numbers are settings. A noisy turn (forcing a door, a fight,
shouting) is always checked, even off the schedule, and the chance rises by the noise
setting (+1 by default). A turn of rest is checked as usual, with the rest setting's
change to the chance (none by default; a referee who thinks a quiet rest draws less
attention sets -1).

**Rest.** The party must rest one turn in every six: after five turns of exploring the
next should be a rest. A party that goes on without one has -1 to attack and damage
rolls until it rests for a turn.

**Light** burns on the turn clock: a torch lasts 6 turns, a lantern's flask of oil 24.
At the end of each turn every light burns one turn down; one with a single turn left
is warned about (it goes out at the end of the next turn), and one at none goes out.
**Named timers** (a spell, an effect) count down the same way.

**The wilderness day.** The referee checks once a day of travel, on a d6 at the
terrain's chance: 1-in-6 in clear, grassland, settled land and cities; 2-in-6 in barren
land, desert, forest, hills, on rivers, at sea and in the air; 3-in-6 in jungle,
mountains and swamps. The encounter's distance is the wilderness row of the encounter
sequence (4d6 x 10 yards, 1d4 x 10 when either side is surprised). Lights and timers
count dungeon turns, and a day holds 144 of them (:mod:`omen.campaign.timers` says how
units relate): a day of travel puts out every torch and lantern and takes 144 turns
off every timer.

Each check's odds are exact: 1 in 6 at a time, and ``1 - (5/6)^n`` for an encounter
within ``n`` checks.

>>> from omen.core.dice import ScriptedDice
>>> state = add_light(TurnState(), LightKind.TORCH)
>>> state, outcome = next_turn(state, {}, ScriptedDice([]))
>>> outcome.title.english()
'Turn 1: no check this turn.'
>>> state, outcome = next_turn(state, {}, ScriptedDice([3]))
>>> outcome.title.english()
'Turn 2: wandering monsters? 3 on the d6: nobody comes.'
>>> state.lights[0].left
4
>>> within(Fraction(1, 6), 3)
Fraction(91, 216)
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from omen.campaign.exploration import EncounterKind, passed_before
from omen.campaign.games import game_of
from omen.campaign.state import Exploration, Outcome, meet
from omen.campaign.table_draw import Found
from omen.campaign.tables import Library
from omen.campaign.timers import Unit as Counted
from omen.campaign.timers import clean_name, taken_by
from omen.core.dice import Dice
from omen.core.errors import RulesError, StoredDataError
from omen.core.roll import N_, Step, signed
from omen.core.setting import Value
from omen.core.store import Schema

KIND = "ose_turn"
DIE = 6
TURN_MINUTES = 10
REST_EVERY = 6  # one turn of rest in every six
NOT_RESTING_PENALTY = 1  # -1 to attack and damage until they rest
MAX_TURN = 10**6
MAX_DAY = 10**5
MAX_LIGHTS = 20
MAX_TIMERS = 20
MAX_TIMER_TURNS = 10_000
MAX_MET = 4000


class Mode(enum.Enum):
    """Where the party is: a dungeon (turns) or the wilderness (days)."""

    DUNGEON = "dungeon"
    WILDERNESS = "wilderness"


class Terrain(enum.Enum):
    """The land a wilderness day crosses, as the wandering-monster table groups it."""

    CLEAR = "clear"
    GRASSLAND = "grassland"
    SETTLED = "settled"
    CITY = "city"
    BARREN = "barren"
    DESERT = "desert"
    FOREST = "forest"
    HILLS = "hills"
    RIVER = "river"
    OCEAN = "ocean"
    AERIAL = "aerial"
    JUNGLE = "jungle"
    MOUNTAINS = "mountains"
    SWAMP = "swamp"


TERRAIN_CHANCE: Mapping[Terrain, int] = {
    Terrain.CLEAR: 1,
    Terrain.GRASSLAND: 1,
    Terrain.SETTLED: 1,
    Terrain.CITY: 1,
    Terrain.BARREN: 2,
    Terrain.DESERT: 2,
    Terrain.FOREST: 2,
    Terrain.HILLS: 2,
    Terrain.RIVER: 2,
    Terrain.OCEAN: 2,
    Terrain.AERIAL: 2,
    Terrain.JUNGLE: 3,
    Terrain.MOUNTAINS: 3,
    Terrain.SWAMP: 3,
}

TERRAIN_NAMES: Mapping[Terrain, str] = {
    Terrain.CLEAR: N_("Clear"),
    Terrain.GRASSLAND: N_("Grassland"),
    Terrain.SETTLED: N_("Settled land"),
    Terrain.CITY: N_("City"),
    Terrain.BARREN: N_("Barren land"),
    Terrain.DESERT: N_("Desert"),
    Terrain.FOREST: N_("Forest"),
    Terrain.HILLS: N_("Hills"),
    Terrain.RIVER: N_("River"),
    Terrain.OCEAN: N_("Ocean"),
    Terrain.AERIAL: N_("In the air"),
    Terrain.JUNGLE: N_("Jungle"),
    Terrain.MOUNTAINS: N_("Mountains"),
    Terrain.SWAMP: N_("Swamp"),
}


class LightKind(enum.Enum):
    """What gives the party light."""

    TORCH = "torch"
    LANTERN = "lantern"


BURNS: Mapping[LightKind, int] = {LightKind.TORCH: 6, LightKind.LANTERN: 24}
LIGHT_NAMES: Mapping[LightKind, str] = {
    LightKind.TORCH: N_("Torch"),
    LightKind.LANTERN: N_("Lantern"),
}


@dataclass(frozen=True)
class Light:
    """One burning light: its id (to put it out by), its kind, turns left, and the
    number it is called by, counted per kind (Torch 1, Torch 2, Lantern 1)."""

    id: int
    kind: LightKind
    left: int
    number: int = 1


@dataclass(frozen=True)
class Timer:
    """A named count of turns: a spell's duration, an effect wearing off."""

    id: int
    name: str
    left: int


def _whole(value: Any, low: int, high: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def _refuse(message: str, **args: Any) -> RulesError:
    return RulesError(Step(message, args))


@dataclass(frozen=True)
class TurnState:
    """The OSE turn clock as the Explore panel keeps it.

    Every state is checked as it is made (:meth:`__post_init__`), and a stored state is
    read by making one, so what an action can write is exactly what a load accepts.
    """

    mode: Mode = Mode.DUNGEON
    turn: int = 0  # dungeon turns taken
    since_rest: int = 0  # turns since the last turn of rest
    day: int = 0  # wilderness days travelled
    terrain: Terrain = Terrain.CLEAR
    lights: tuple[Light, ...] = ()
    timers: tuple[Timer, ...] = ()
    next_id: int = 1
    last: Outcome | None = None
    met: str = ""  # who the last encounter brought, from the location's table
    encounter: bool = False  # the last check found wandering monsters
    found: Found | None = None  # how many the last encounter brought, and their stats

    def __post_init__(self) -> None:  # noqa: C901 (every field's limit checked in turn, each with its own message)
        if not isinstance(self.mode, Mode) or not isinstance(self.terrain, Terrain):
            raise _refuse(N_("The turn clock is damaged."))
        if not _whole(self.turn, 0, MAX_TURN) or not _whole(self.since_rest, 0, MAX_TURN):
            raise _refuse(N_("The turn count is out of range."))
        if not _whole(self.day, 0, MAX_DAY):
            raise _refuse(N_("The day count is out of range."))
        if len(self.lights) > MAX_LIGHTS:
            raise _refuse(N_("At most {limit} lights can burn at once."), limit=MAX_LIGHTS)
        if len(self.timers) > MAX_TIMERS:
            raise _refuse(N_("At most {limit} timers can run at once."), limit=MAX_TIMERS)
        if not _whole(self.next_id, 1, 10**9):
            raise _refuse(N_("The turn clock is damaged."))
        ids: set[int] = set()
        for light in self.lights:
            if (
                not isinstance(light, Light)
                or not isinstance(light.kind, LightKind)
                or not _whole(light.left, 1, BURNS[light.kind])
                or not _whole(light.number, 1, MAX_LIGHTS)
            ):
                raise _refuse(N_("A light on the turn clock is damaged."))
            ids.add(light.id)
        called = [(x.kind, x.number) for x in self.lights]
        if len(set(called)) != len(called):
            raise _refuse(N_("A light on the turn clock is damaged."))
        for timer in self.timers:
            if not isinstance(timer, Timer) or not _whole(timer.left, 1, MAX_TIMER_TURNS):
                raise _refuse(N_("A timer on the turn clock is damaged."))
            if clean_name(timer.name) != timer.name:
                raise _refuse(N_("A timer on the turn clock is damaged."))
            ids.add(timer.id)
        numbered = [*(x.id for x in self.lights), *(x.id for x in self.timers)]
        if len(ids) != len(numbered) or not all(_whole(i, 1, self.next_id - 1) for i in ids):
            raise _refuse(N_("The turn clock is damaged."))
        if not isinstance(self.met, str) or len(self.met) > MAX_MET:
            raise _refuse(N_("The turn clock is damaged."))
        if not isinstance(self.encounter, bool):
            raise _refuse(N_("The turn clock is damaged."))
        if self.last is not None and not isinstance(self.last, Outcome):
            raise _refuse(N_("The turn clock is damaged."))

    @property
    def tired(self) -> bool:
        """Six turns or more without rest: -1 to attack and damage until they rest."""
        return self.since_rest >= REST_EVERY

    @property
    def rest_due(self) -> bool:
        """Five turns of exploring: the next turn should be a rest."""
        return self.since_rest == REST_EVERY - 1

    def to_json(self) -> dict[str, Any]:
        """Its stored form."""
        return {
            "mode": self.mode.value,
            "turn": self.turn,
            "since_rest": self.since_rest,
            "day": self.day,
            "terrain": self.terrain.value,
            "lights": [[x.id, x.kind.value, x.left, x.number] for x in self.lights],
            "timers": [[x.id, x.name, x.left] for x in self.timers],
            "next_id": self.next_id,
            "last": None if self.last is None else self.last.to_json(),
            "met": self.met,
            "encounter": self.encounter,
            **({"found": self.found.to_json()} if self.found else {}),
        }

    @classmethod
    def from_json(cls, data: Any) -> TurnState:
        """Read its stored form back; damaged data is refused."""
        if not isinstance(data, dict) or set(data) - {"found"} != set(TurnState().to_json()):
            raise _damaged()
        lights, timers = data["lights"], data["timers"]
        if not isinstance(lights, list) or not isinstance(timers, list):
            raise _damaged()
        if len(lights) > MAX_LIGHTS or len(timers) > MAX_TIMERS:
            raise _damaged()
        try:
            last = data["last"]
            return cls(
                Mode(data["mode"]),
                data["turn"],
                data["since_rest"],
                data["day"],
                Terrain(data["terrain"]),
                _numbered(tuple(_light(x) for x in lights)),
                tuple(_timer(x) for x in timers),
                data["next_id"],
                None if last is None else Outcome.from_json(last),
                data["met"],
                data["encounter"],
                None if "found" not in data else Found.from_json(data["found"]) or None,
            )
        except StoredDataError:
            raise
        except (RulesError, ValueError, TypeError, KeyError) as error:
            raise _damaged() from error


def _light(data: Any) -> Light:
    if not isinstance(data, list) or len(data) not in (3, 4):
        raise _damaged()
    if len(data) == 3:  # stored before lights were numbered per kind: see _numbered
        return Light(data[0], LightKind(data[1]), data[2], 0)
    if not _whole(data[3], 1, MAX_LIGHTS):
        raise _damaged()
    return Light(data[0], LightKind(data[1]), data[2], data[3])


def _numbered(lights: tuple[Light, ...]) -> tuple[Light, ...]:
    """Lights stored without their per-kind number get one, in the order they were lit."""
    out: list[Light] = []
    for light in lights:
        if light.number == 0:
            light = replace(light, number=_free_number(out, light.kind))
        out.append(light)
    return tuple(out)


def _free_number(lights: Sequence[Light], kind: LightKind) -> int:
    """The lowest number no burning light of this kind is called by."""
    taken = {x.number for x in lights if x.kind is kind}
    return next(n for n in range(1, len(taken) + 2) if n not in taken)


def _timer(data: Any) -> Timer:
    if not isinstance(data, list) or len(data) != 3 or not isinstance(data[1], str):
        raise _damaged()
    return Timer(data[0], data[1], data[2])


def _damaged() -> StoredDataError:
    return StoredDataError(Step(N_("The stored OSE turn clock is damaged and cannot be read.")))


SCHEMA: Schema[TurnState] = Schema("ose_turn", 1, {}, TurnState.from_json)


# --- the settings in force ----------------------------------------------------------------


@dataclass(frozen=True)
class Rates:
    """How often and at what chance the dungeon is checked, from the campaign settings."""

    every: int = 2
    chance: int = 1
    noise: int = 1
    rest: int = 0

    @classmethod
    def of(cls, values: Mapping[str, Value]) -> Rates:
        """The rates of the checks, from the campaign's settings."""

        def number(key: str, default: int) -> int:
            value = values.get(key, default)
            return value if isinstance(value, int) and not isinstance(value, bool) else default

        base = cls()
        return cls(
            number("ose.check_every", base.every),
            number("ose.check_chance", base.chance),
            number("ose.noise_chance", base.noise),
            number("ose.rest_chance", base.rest),
        )


def within(chance: Fraction, checks: int) -> Fraction:
    """The exact chance of at least one encounter in ``checks`` checks at ``chance``."""
    if checks < 0:
        raise _refuse(N_("A number of checks cannot be negative."))
    return 1 - (1 - chance) ** checks


@dataclass(frozen=True)
class CheckOdds:
    """Before the next turn or day: whether it is checked, on which faces, the chance."""

    checked: bool
    faces: int  # a monster comes on 1 up to this face of the d6 (0: never)
    chance: Fraction
    steps: tuple[Step, ...]


def _faces(value: int) -> int:
    return max(0, min(DIE, value))


def scheduled(turn: int, every: int) -> bool:
    """Whether dungeon turn ``turn`` (counted from 1) is one the schedule checks."""
    return every >= 1 and turn % every == 0


def turn_odds(
    state: TurnState,
    values: Mapping[str, Value],
    *,
    noise: bool = False,
    rest: bool = False,
) -> CheckOdds:
    """The odds of the next dungeon turn, as the referee set it up (noisy, resting).

    >>> turn_odds(TurnState(turn=1), {}).chance
    Fraction(1, 6)
    >>> turn_odds(TurnState(turn=0), {}).checked
    False
    >>> turn_odds(TurnState(turn=0), {}, noise=True).chance
    Fraction(1, 3)
    """
    rates = Rates.of(values)
    coming = state.turn + 1
    steps: list[Step] = []
    checked = scheduled(coming, rates.every) or noise
    faces = rates.chance
    if noise:
        faces += rates.noise
        steps.append(
            Step(
                N_("Noise: this turn is checked, and the chance rises by {change}."),
                {"change": signed(rates.noise)},
            )
        )
    if rest:
        faces += rates.rest
        if rates.rest:
            steps.append(
                Step(N_("Rest: the chance changes by {change}."), {"change": signed(rates.rest)})
            )
    faces = _faces(faces)
    if not checked:
        steps.append(
            Step(
                N_("Turn {turn} is not checked: a check comes every {count} turn."),
                {"turn": coming, "count": rates.every},
                plural=N_("Turn {turn} is not checked: a check comes every {count} turns."),
            )
        )
        return CheckOdds(False, faces, Fraction(0), tuple(steps))
    steps.append(_chance_step(faces))
    return CheckOdds(True, faces, Fraction(faces, DIE), tuple(steps))


def day_odds(state: TurnState) -> CheckOdds:
    """The odds of the next day's check in the state's terrain.

    >>> day_odds(TurnState(terrain=Terrain.SWAMP)).chance
    Fraction(1, 2)
    """
    faces = TERRAIN_CHANCE[state.terrain]
    steps = (
        Step(
            N_("{terrain}: wandering monsters on {faces} in 6."),
            {"terrain": Step(TERRAIN_NAMES[state.terrain]), "faces": faces},
        ),
    )
    return CheckOdds(True, faces, Fraction(faces, DIE), steps)


def _chance_step(faces: int) -> Step:
    if faces == 0:
        return Step(N_("Wandering monsters cannot come at this chance (0 in 6)."))
    if faces == 1:
        return Step(N_("Wandering monsters on a 1 on a d6 (1 in 6)."))
    return Step(N_("Wandering monsters on 1-{faces} on a d6 ({faces} in 6)."), {"faces": faces})


def checks_within(turns: int, every: int, start: int = 0) -> int:
    """How many of the ``turns`` turns after turn ``start`` the schedule checks.

    >>> checks_within(6, 2), checks_within(5, 2, start=1)
    (3, 3)
    """
    if every < 1:
        return 0
    return (start + turns) // every - start // every


# --- actions -------------------------------------------------------------------------


def _burn(
    state: TurnState, unit: Counted = Counted.TURN
) -> tuple[tuple[Light, ...], tuple[Timer, ...], list[Step]]:
    """One turn (or one day: the turns it holds, by the one rule of how units relate,
    :func:`omen.campaign.timers.taken_by`) off every light and timer: the steps say which
    went out and which have a single turn left."""
    steps: list[Step] = []
    lights: list[Light] = []
    for light in state.lights:
        name = Step(LIGHT_NAMES[light.kind])
        left, _at = taken_by(light.left, 1, unit, Counted.TURN, TURN_MINUTES)
        if left <= 0:
            steps.append(
                Step(N_("{light} {number} goes out."), {"light": name, "number": light.number})
            )
            continue
        if left == 1:
            steps.append(
                Step(
                    N_(
                        "{light} {number} has one turn left: it goes out at the end of the next turn."
                    ),
                    {"light": name, "number": light.number},
                )
            )
        lights.append(replace(light, left=left))
    timers: list[Timer] = []
    for timer in state.timers:
        left, _at = taken_by(timer.left, 1, unit, Counted.TURN, TURN_MINUTES)
        if left <= 0:
            steps.append(Step(N_("Timer '{name}' has run out."), {"name": timer.name}))
            continue
        if left == 1:
            steps.append(
                Step(
                    N_(
                        "Timer '{name}' has one turn left: it runs out at the end of the next turn."
                    ),
                    {"name": timer.name},
                )
            )
        timers.append(replace(timer, left=left))
    return tuple(lights), tuple(timers), steps


def _meet(
    library: Library | None, location: str | None, values: Mapping[str, Value], dice: Dice
) -> tuple[str, tuple[Step, ...], Found | None]:
    if library is None:
        return "", (), None
    said = game_of("ose").violent  # a violent row in OSE's words
    met = meet(Exploration(location=location), library, dict(values), dice, said)
    return met.text, met.steps, met.found


def next_turn(
    state: TurnState,
    values: Mapping[str, Value],
    dice: Dice,
    *,
    noise: bool = False,
    rest: bool = False,
    library: Library | None = None,
    location: str | None = None,
) -> tuple[TurnState, Outcome]:
    """One dungeon turn: the wandering-monster check (if this turn has one), then the
    turn's end: rest counted, lights and timers burned down.

    With a ``library``, wandering monsters are rolled on ``location``'s encounter table.
    """
    if state.turn >= MAX_TURN:
        raise _refuse(N_("The turn clock is full: start a new expedition."))
    odds = turn_odds(state, values, noise=noise, rest=rest)
    turn = state.turn + 1
    steps: list[Step] = [
        Step(
            N_("Turn {turn} begins ({count} minute in)."),
            {"turn": turn, "count": passed_before(turn, TURN_MINUTES)},
            plural=N_("Turn {turn} begins ({count} minutes in)."),
        ),
        *odds.steps,
    ]
    met, carried = "", None
    if odds.checked:
        face = dice.roll(DIE)
        found = face <= odds.faces
        steps.append(
            Step(
                N_("The d6 shows {face}: wandering monsters!")
                if found
                else N_("The d6 shows {face}: nobody comes."),
                {"face": face},
            )
        )
        if found:
            met, more, carried = _meet(library, location, values, dice)
            steps.extend(more)
            title = Step(
                N_("Turn {turn}: wandering monsters! ({face} on the d6)"),
                {"turn": turn, "face": face},
            )
        else:
            title = Step(
                N_("Turn {turn}: wandering monsters? {face} on the d6: nobody comes."),
                {"turn": turn, "face": face},
            )
    else:
        found = False
        title = Step(N_("Turn {turn}: no check this turn."), {"turn": turn})
    since_rest = 0 if rest else state.since_rest + 1
    if rest:
        steps.append(Step(N_("The party rests this turn.")))
        if state.tired:
            steps.append(Step(N_("Rested: the -1 to attack and damage is gone.")))
    elif since_rest == REST_EVERY - 1:
        steps.append(Step(N_("Five turns without rest: the next turn should be a rest.")))
    elif since_rest == REST_EVERY:
        steps.append(
            Step(
                N_("No rest for six turns: -{penalty} to attack and damage until the party rests."),
                {"penalty": NOT_RESTING_PENALTY},
            )
        )
    lights, timers, burned = _burn(state)
    steps.extend(burned)
    outcome = Outcome(
        with_endings(title, burned),
        tuple(steps),
        EncounterKind.ENCOUNTER.value if found else EncounterKind.NOTHING.value,
    )
    new = replace(
        state,
        mode=Mode.DUNGEON,
        turn=turn,
        since_rest=min(since_rest, MAX_TURN),
        lights=lights,
        timers=timers,
        last=outcome,
        met=met,
        encounter=found,
        found=carried,
    )
    return new, outcome


def next_day(
    state: TurnState,
    dice: Dice,
    values: Mapping[str, Value] | None = None,
    *,
    library: Library | None = None,
    location: str | None = None,
) -> tuple[TurnState, Outcome]:
    """A wilderness day's clock and check at the terrain's chance (the whole travel day,
    miles and all, is :func:`omen.ose.wilderness.travel_day`, which plays this): the terrain
    of ``location`` when it names one (the land there), else the state's
    (:func:`terrain_here`). The day burns
    the 144 turns it holds off every light and timer: a torch or a lantern goes out.

    >>> from omen.core.dice import ScriptedDice
    >>> state = add_light(TurnState(mode=Mode.WILDERNESS), LightKind.LANTERN)
    >>> state, outcome = next_day(state, ScriptedDice([5]))
    >>> outcome.title.english(), state.lights
    ('Day 1: 5 on the d6, an uneventful day. Lantern 1 goes out.', ())
    """
    if state.day >= MAX_DAY:
        raise _refuse(N_("The day count is full: start a new journey."))
    state = at_location(state, library, location)
    odds = day_odds(state)
    day = state.day + 1
    face = dice.roll(DIE)
    found = face <= odds.faces
    steps: list[Step] = [Step(N_("Day {day} of travel."), {"day": day}), *odds.steps]
    steps.append(
        Step(
            N_("The d6 shows {face}: wandering monsters!")
            if found
            else N_("The d6 shows {face}: nobody comes."),
            {"face": face},
        )
    )
    met, carried = "", None
    if found:
        met, more, carried = _meet(library, location, values or {}, dice)
        steps.extend(more)
        title = Step(
            N_("Day {day}: wandering monsters! ({face} on the d6)"), {"day": day, "face": face}
        )
    else:
        title = Step(
            N_("Day {day}: {face} on the d6, an uneventful day."), {"day": day, "face": face}
        )
    lights, timers, burned = _burn(state, Counted.DAY)
    steps.extend(burned)
    outcome = Outcome(
        with_endings(title, steps),
        tuple(steps),
        EncounterKind.ENCOUNTER.value if found else EncounterKind.NOTHING.value,
    )
    new = replace(
        state,
        mode=Mode.WILDERNESS,
        day=day,
        lights=lights,
        timers=timers,
        last=outcome,
        met=met,
        encounter=found,
        found=carried,
    )
    return new, outcome


def pass_turns(state: TurnState, turns: int) -> tuple[TurnState, tuple[Step, ...]]:
    """Turns spent in an encounter (its conclusion: at least one): the clock, rest and
    lights move on as on any turn, with no wandering-monster check (the party has met
    its monsters). A turn of fighting is no rest.

    >>> state, steps = pass_turns(add_light(TurnState(), LightKind.TORCH), 5)
    >>> state.turn, state.lights[0].left, steps[-1].english()
    (5, 1, 'Torch 1 has one turn left: it goes out at the end of the next turn.')
    """
    if not _whole(turns, 0, MAX_TIMER_TURNS):
        raise _refuse(
            N_("A number of turns is a whole number from 0 to {limit}."), limit=MAX_TIMER_TURNS
        )
    steps: list[Step] = []
    for _ in range(turns):
        if state.turn >= MAX_TURN:
            break
        lights, timers, burned = _burn(state)
        steps.extend(burned)
        state = replace(
            state,
            turn=state.turn + 1,
            since_rest=min(state.since_rest + 1, MAX_TURN),
            lights=lights,
            timers=timers,
        )
    # only the last warning of each light matters once several turns have passed
    warned = [s for s in steps if s.key.endswith("it goes out at the end of the next turn.")]
    kept = [s for s in steps if s not in warned or s in _still_warned(state)]
    return state, tuple(dict.fromkeys(kept))


def after_encounter(state: TurnState, turns: int) -> tuple[TurnState, Outcome]:
    """The clock once an encounter is over: its turns pass (:func:`pass_turns`), the
    turn's encounter is done (nothing is left to run, and nobody is named as met: the
    last result is now what the turns did), and what the turns did is the clock's last
    result, a light that burnt out in its headline.

    >>> state = replace(add_light(TurnState(turn=3), LightKind.TORCH), encounter=True, met="Orcs")
    >>> state, outcome = after_encounter(replace(state, lights=(state.lights[0],)), 6)
    >>> outcome.title.english()
    'The encounter took 6 turns: the clock is at turn 9. Torch 1 goes out.'
    >>> state.encounter, state.met
    (False, '')

    In the wilderness the encounter is part of the day's travel: the clock still counts
    days (the day burned its turns off the lights and timers; rest counts dungeon turns
    only), and the next day is the next.

    >>> day = TurnState(mode=Mode.WILDERNESS, day=3, encounter=True)
    >>> day, outcome = after_encounter(day, 1)
    >>> outcome.title.english()
    "Day 3: the encounter is over; the day's travel goes on."
    >>> day.day, day.turn, day.encounter
    (3, 0, False)
    """
    if state.mode is Mode.WILDERNESS:
        return _after_wilderness_encounter(state)
    state, steps = pass_turns(state, turns)
    title = Step(
        N_("The encounter took {count} turn: the clock is at turn {turn}."),
        {"count": turns, "turn": state.turn},
        plural=N_("The encounter took {count} turns: the clock is at turn {turn}."),
    )
    outcome = Outcome(with_endings(title, steps), steps, KIND)
    return replace(state, last=outcome, encounter=False, met="", found=None), outcome


def _after_wilderness_encounter(state: TurnState) -> tuple[TurnState, Outcome]:
    title = Step(
        N_("Day {day}: the encounter is over; the day's travel goes on."), {"day": state.day}
    )
    steps = (
        Step(
            N_(
                "The encounter is part of day {day} of travel: the clock counts days. "
                "The day has burned its turns off the lights and timers; the rest count "
                "stands."
            ),
            {"day": state.day},
        ),
    )
    outcome = Outcome(title, steps, KIND)
    return replace(state, last=outcome, encounter=False, met="", found=None), outcome


# what a turn's end says of a light or timer that ran out
ENDINGS = frozenset({"{light} {number} goes out.", "Timer '{name}' has run out."})


def with_endings(title: Step, steps: Sequence[Step]) -> Step:
    """A turn's headline followed by the first light that burnt out or timer that ran
    out in its steps (and how many more did), so an ending is never only inside the
    steps; the warnings name each one.

    >>> with_endings(Step("Turn 4."), (Step("{light} {number} goes out.",
    ...     {"light": Step(LIGHT_NAMES[LightKind.TORCH]), "number": 2}),)).english()
    'Turn 4. Torch 2 goes out.'
    """
    ended = [step for step in steps if step.key in ENDINGS]
    if not ended:
        return title
    if len(ended) == 1:
        return Step(N_("{headline} {ending}"), {"headline": title, "ending": ended[0]})
    more = Step(
        N_("{count} more light or timer ran out too."),
        {"count": len(ended) - 1},
        plural=N_("{count} more lights or timers ran out too."),
    )
    return Step(
        N_("{headline} {ending} {more}"), {"headline": title, "ending": ended[0], "more": more}
    )


def endings(state: TurnState) -> tuple[Step, ...]:
    """The lights that burnt out and the timers that ran out at the end of the clock's
    last turn (or the encounter's turns), as warnings."""
    if state.last is None:
        return ()
    out: list[Step] = []
    for step in state.last.steps:
        if step.key == "{light} {number} goes out.":
            out.append(Step(N_("{light} {number} has burnt out."), step.args))
        elif step.key == "Timer '{name}' has run out.":
            out.append(step)
    return tuple(out)


def _still_warned(state: TurnState) -> list[Step]:
    return [
        Step(
            N_("{light} {number} has one turn left: it goes out at the end of the next turn."),
            {"light": Step(LIGHT_NAMES[x.kind]), "number": x.number},
        )
        for x in state.lights
        if x.left == 1
    ]


def darkness(state: TurnState) -> bool:
    """Whether an encounter met on this clock starts in the dark: in a dungeon, yes; on a
    wilderness day of travel (travel is by day), no.

    >>> darkness(TurnState()), darkness(TurnState(mode=Mode.WILDERNESS))
    (True, False)
    """
    return state.mode is Mode.DUNGEON


def carries_light(state: TurnState) -> bool:
    """Whether the party carries light: a torch or lantern burns on the clock.

    >>> carries_light(add_light(TurnState(), LightKind.LANTERN)), carries_light(TurnState())
    (True, False)
    """
    return bool(state.lights)


def set_mode(state: TurnState, mode: Mode) -> TurnState:
    """The state with the party in a dungeon or in the wilderness."""
    return replace(state, mode=mode)


def location_terrain(library: Library | None, location: str | None) -> Terrain | None:
    """The terrain a location names, when it names one of this game's (a location of
    the moors set to barren land puts the day's check on that row).

    >>> from omen.campaign.tables import Location
    >>> moor = Location("moor", "The moor", terrain="barren")
    >>> location_terrain(Library(locations=(moor,)), "moor")
    <Terrain.BARREN: 'barren'>
    """
    if library is None or location is None:
        return None
    here = next((p for p in library.locations if p.id == location), None)
    if here is None or here.terrain not in {t.value for t in Terrain}:
        return None
    return Terrain(here.terrain)


def terrain_here(state: TurnState, library: Library | None, location: str | None) -> Terrain:
    """The terrain of the day, the one value the terrain field shows, the odds use and the
    day rolls: the location's when it names one, else the one the referee chose.

    >>> from omen.campaign.tables import Location
    >>> fens = Library(locations=(Location("fens", "The fen road", terrain="swamp"),))
    >>> terrain_here(TurnState(terrain=Terrain.FOREST), fens, "fens")
    <Terrain.SWAMP: 'swamp'>
    >>> terrain_here(TurnState(terrain=Terrain.FOREST), fens, None)
    <Terrain.FOREST: 'forest'>
    """
    here = location_terrain(library, location)
    return state.terrain if here is None else here


def at_location(state: TurnState, library: Library | None, location: str | None) -> TurnState:
    """The clock with the terrain of the day (:func:`terrain_here`)."""
    here = terrain_here(state, library, location)
    return state if here is state.terrain else replace(state, terrain=here)


def set_terrain(state: TurnState, terrain: Terrain) -> TurnState:
    """The state with the party in another terrain."""
    return replace(state, terrain=terrain)


def add_light(state: TurnState, kind: LightKind) -> TurnState:
    """Light a fresh torch or fill a lantern with a flask of oil."""
    if len(state.lights) >= MAX_LIGHTS:
        raise _refuse(N_("At most {limit} lights can burn at once."), limit=MAX_LIGHTS)
    light = Light(state.next_id, kind, BURNS[kind], _free_number(state.lights, kind))
    return replace(state, lights=(*state.lights, light), next_id=state.next_id + 1)


def add_timer(state: TurnState, name: str, turns: int) -> TurnState:
    """A named timer that runs out after ``turns`` turns."""
    if len(state.timers) >= MAX_TIMERS:
        raise _refuse(N_("At most {limit} timers can run at once."), limit=MAX_TIMERS)
    if not _whole(turns, 1, MAX_TIMER_TURNS):
        raise _refuse(
            N_("A timer runs for a whole number of turns from 1 to {limit}."),
            limit=MAX_TIMER_TURNS,
        )
    timer = Timer(state.next_id, clean_name(name), turns)
    return replace(state, timers=(*state.timers, timer), next_id=state.next_id + 1)


def put_out(state: TurnState, number: int) -> TurnState:
    """Put out a light or stop a timer before it runs out."""
    lights = tuple(x for x in state.lights if x.id != number)
    timers = tuple(x for x in state.timers if x.id != number)
    if len(lights) == len(state.lights) and len(timers) == len(state.timers):
        raise _refuse(N_("That light or timer is no longer on the clock."))
    return replace(state, lights=lights, timers=timers)


def warnings(state: TurnState) -> tuple[Step, ...]:
    """What needs the referee's eye before the next turn: lights and timers that ran out
    at the end of the last turn or have one turn left, and in a dungeon a rest that is due or a party that has gone without one.

    >>> tired = replace(TurnState(), since_rest=6)
    >>> [step.english() for step in warnings(tired)]
    ['The party needs rest: -1 to attack and damage until it rests a turn.']
    >>> warnings(set_mode(tired, Mode.WILDERNESS))
    ()
    """
    out: list[Step] = list(endings(state))
    for light in state.lights:
        if light.left == 1:
            out.append(
                Step(
                    N_("{light} {number} goes out at the end of the next turn."),
                    {"light": Step(LIGHT_NAMES[light.kind]), "number": light.number},
                )
            )
    for timer in state.timers:
        if timer.left == 1:
            out.append(
                Step(
                    N_("Timer '{name}' runs out at the end of the next turn."), {"name": timer.name}
                )
            )
    if state.mode is not Mode.DUNGEON:  # a turn's rest is the dungeon's rule
        return tuple(out)
    if state.rest_due:
        out.append(Step(N_("Five turns without rest: the next turn should be a rest.")))
    if state.tired:
        out.append(
            Step(
                N_("The party needs rest: -{penalty} to attack and damage until it rests a turn."),
                {"penalty": NOT_RESTING_PENALTY},
            )
        )
    return tuple(out)

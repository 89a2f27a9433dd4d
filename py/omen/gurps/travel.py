"""GURPS wilderness travel: one encounter check for each stretch of the road.

**Travel turns.** A travel turn is a stretch of wilderness travel, a number of hours
long (the ``gurps.travel_hours`` setting, 4 unless changed). Each turn makes one check,
by one of two tools the game master chooses:

- **the Encounter Die**: a d6; 1 an encounter, 2-3 a sign or a clue, 4-6 nothing. An
  encounter rolls on the current location's encounter table for who is met, a sign on
  its sign table (when it has one) for what the party finds;
- **a check table** from the Tables library: one roll on it, following its links. An
  entry marked violent or calling for a reaction roll brings an encounter (the drawn
  text says who); any other entry is what the party comes across on the way.

**Days and camps.** The travel turns' hours add up on the clock from the hour the
journey set out (:mod:`omen.gurps.daylight`), rolling into days; night brings its
darkness, which the encounter distance takes at the hour the encounter happens: a travel
turn's check is made as the turn begins, so whoever it brings is met at that hour, not
when the turn's hours (or a span of them) are over. *Camp for the night* moves the clock on to
the next morning's full daylight (7:00). GURPS rolls nothing for a night in camp, so
Omen rolls nothing either.

**A day's march** (GURPS Basic Set, p. B351, *Hiking*, in our words): a party covers
ten miles a day for each point of its slowest member's Move (encumbrance counted), times
the ground's rate: very bad ground (jungle, mountains, swamp, deep snow) a fifth, bad
ground (forest, broken ground, steep hills) a half, average ground as it is, good ground
(level plains, hard desert) a quarter more. When everyone makes a Hiking roll (p. B200)
the day's march is a fifth longer. Omen rounds down to a whole mile.

GURPS itself leaves the frequency of wilderness encounters to the game master; both
tools are Omen's, the first borrowed from Liminal Horror. The chance of an encounter on
the next turn shows before the roll, exactly. An encounter goes on to the GURPS
encounter distance (:mod:`omen.gurps.distance`), where side B is the creature met.

>>> from omen.core.dice import ScriptedDice
>>> from omen.campaign.tables import Entry, Library, Table
>>> road = Table("road", "The north road", "d6", (
...     Entry("Two ogres", 1, 1, violent=True),
...     Entry("An empty camp", 2, 6),
... ))
>>> state = Travel(TravelCheck.TABLE, "road")
>>> after, outcome = travel_turn(state, Library((road,)), None, 4, ScriptedDice([1]))
>>> after.turn, after.met, outcome.kind, outcome.title.english()
(1, 'Two ogres', 'encounter', 'The north road: an encounter: Two ogres')
>>> travel_odds(state, Library((road,))).encounter
Fraction(1, 6)
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from omen.campaign.exploration import (
    KIND_TEXT,
    EncounterKind,
    encounter_die,
    passed_before,
    time_passed,
)
from omen.campaign.games import game_of
from omen.campaign.state import Exploration, Outcome, meet, sign
from omen.campaign.table_draw import Found, flag_chance, roll_table, table_odds
from omen.campaign.tables import DEFAULT_DEPTH, MAX_DEPTH, Entry, Fields, Library
from omen.core.dice import Dice
from omen.core.errors import RulesError
from omen.core.roll import N_, Step
from omen.core.store import Schema
from omen.gurps.daylight import NIGHT, START_HOUR, TimeOfDay, time_of_day

MAX_TURNS = 10**6
MAX_MET = 4000


MAX_CAMPED = 24 * MAX_TURNS
MAX_MOVE = 100
MARCH_MILES_PER_MOVE = 10  # a day's march is ten miles for each point of Move
HIKING_BONUS = Fraction(6, 5)  # everyone's Hiking roll made: 20% farther
MORNING = 7  # full daylight (omen.gurps.daylight)


class Ground(enum.Enum):
    """The terrain of a day's march, as the Basic Set grades it (p. B351)."""

    VERY_BAD = "very_bad"  # deep snow, dense forest, jungle, mountains, soft sand, swamp
    BAD = "bad"  # broken ground, forest, steep hills
    AVERAGE = "average"  # light forest, rolling hills
    GOOD = "good"  # hard-packed desert, level plains


GROUND_RATE = {
    Ground.VERY_BAD: Fraction(1, 5),
    Ground.BAD: Fraction(1, 2),
    Ground.AVERAGE: Fraction(1),
    Ground.GOOD: Fraction(5, 4),
}

GROUND_NAMES = {
    Ground.VERY_BAD: N_("Very bad (jungle, mountains, swamp, deep snow)"),
    Ground.BAD: N_("Bad (forest, broken ground, steep hills)"),
    Ground.AVERAGE: N_("Average (light forest, rolling hills)"),
    Ground.GOOD: N_("Good (level plains, hard desert)"),
}


class TravelCheck(enum.Enum):
    """How a travel turn is checked: the Encounter Die or a check table."""

    ENCOUNTER_DIE = "encounter_die"
    TABLE = "table"


CHECK_NAMES = {
    TravelCheck.ENCOUNTER_DIE: N_("Encounter Die"),
    TravelCheck.TABLE: N_("Check table"),
}


def brings_encounter(entry: Entry) -> bool:
    """Whether a check table's entry is an encounter: violent, or asking for a reaction."""
    return entry.violent or entry.reaction


@dataclass(frozen=True)
class Travel:
    """The travel checks so far: the tool, its table, the turn, and the last result."""

    check: TravelCheck = TravelCheck.ENCOUNTER_DIE
    table: str | None = None  # the check table's id
    turn: int = 0
    last: Outcome | None = None
    met: str = ""  # who the last encounter brought ("" when it brought none)
    encounter: bool = False  # the last turn brought an encounter
    found: Found | None = None  # how many it brought and their stats, from the table row
    camped: int = 0  # hours spent in camp, on the clock with the travel turns
    move: int = 5  # the party's slowest Move (with encumbrance), for a day's march
    ground: Ground = Ground.AVERAGE  # the terrain of the day's march

    def to_json(self) -> dict[str, Any]:
        """Its stored form (the fields after ``encounter`` only when not their default,
        so what older versions stored reads as before)."""
        out: dict[str, Any] = {"check": self.check.value, "turn": self.turn}
        if self.camped:
            out["camped"] = self.camped
        if self.move != 5:
            out["move"] = self.move
        if self.ground is not Ground.AVERAGE:
            out["ground"] = self.ground.value
        if self.table is not None:
            out["table"] = self.table
        if self.last is not None:
            out["last"] = self.last.to_json()
        if self.met:
            out["met"] = self.met
        if self.encounter:
            out["encounter"] = True
        if self.found:
            out["found"] = self.found.to_json()
        return out

    @classmethod
    def from_json(cls, data: Any) -> Travel:
        """Read its stored form back, every field checked."""
        fields = Fields(
            data,
            "gurps_travel",
            (
                "check",
                "table",
                "turn",
                "last",
                "met",
                "encounter",
                "found",
                "camped",
                "move",
                "ground",
            ),
        )
        found = fields.raw("found")
        check = TravelCheck(
            fields.choice("check", tuple(c.value for c in TravelCheck), "encounter_die")
        )
        last = fields.raw("last")
        return cls(
            check,
            fields.optional_identifier("table"),
            fields.integer("turn", 0, MAX_TURNS, default=0),
            None if last is None else Outcome.from_json(last),
            fields.optional_text("met", MAX_MET) or "",
            fields.boolean("encounter"),
            None if found is None else Found.from_json(found, "gurps_travel.found") or None,
            fields.integer("camped", 0, MAX_CAMPED, default=0),
            fields.integer("move", 1, MAX_MOVE, default=5),
            Ground(fields.choice("ground", tuple(g.value for g in Ground), "average")),
        )


GURPS_TRAVEL = Schema("gurps_travel", 1, {}, Travel.from_json)


def choose(state: Travel, check: TravelCheck, table: str | None = None) -> Travel:
    """The state with another tool (a check table needs its id)."""
    if check is TravelCheck.TABLE and not table:
        raise RulesError(Step(N_("Choose the table to check on.")))
    return replace(state, check=check, table=table if check is TravelCheck.TABLE else state.table)


def _check_table(state: Travel, library: Library) -> Any:
    table = library.find_table(state.table or "")
    if table is None:
        raise RulesError(
            Step(
                N_(
                    "The check table is no longer in the library: choose another, or the Encounter Die."
                )
            )
        )
    return table


def _depth(depth_limit: int) -> int:
    return depth_limit if 0 <= depth_limit <= MAX_DEPTH else DEFAULT_DEPTH


def travel_turn(
    state: Travel,
    library: Library,
    exploration: Exploration | None,
    hours: int,
    dice: Dice,
    depth_limit: int = DEFAULT_DEPTH,
) -> tuple[Travel, Outcome]:
    """One travel turn of ``hours`` hours and its check.

    With the Encounter Die, an encounter rolls on the encounter table of the location
    chosen on the Explore screen (``exploration``'s), when there is one.
    """
    if isinstance(hours, bool) or not isinstance(hours, int) or not 1 <= hours <= 24:
        raise RulesError(Step(N_("A travel turn lasts 1 to 24 hours.")))
    turn = min(state.turn + 1, MAX_TURNS)
    why = Step(
        N_("Travel turn {turn} begins: {count} hour on the road so far."),
        {"turn": turn, "count": passed_before(turn, hours, state.camped)},
        plural=N_("Travel turn {turn} begins: {count} hours on the road so far."),
    )
    met, found = "", None
    violent = game_of("gurps").violent  # a violent row in GURPS's words
    if state.check is TravelCheck.TABLE:
        table = _check_table(state, library)
        drawn = roll_table(library, table.id, dice, _depth(depth_limit), violent)
        encounter = drawn.violent or drawn.reaction
        text = drawn.text
        if encounter:
            kind = EncounterKind.ENCOUNTER
            met, found = text, drawn.found or None
            title = Step(N_("{table}: an encounter: {met}"), {"table": table.name, "met": text})
        elif text:
            kind = EncounterKind.SIGN
            title = Step(N_("{table}: {text}"), {"table": table.name, "text": text})
        else:
            kind = EncounterKind.NOTHING
            title = Step(N_("{table}: nothing comes of it"), {"table": table.name})
        steps = (why, *drawn.steps)
    else:
        rolled = encounter_die(dice)
        kind = rolled.kind
        title = Step(
            N_("Encounter Die {face}: {meaning}"),
            {"face": rolled.face, "meaning": Step(KIND_TEXT[rolled.kind])},
        )
        more: tuple[Step, ...] = ()
        values: dict[str, Any] = {"tables.depth_limit": _depth(depth_limit)}
        if kind is EncounterKind.ENCOUNTER:
            meeting = meet(exploration or Exploration(), library, values, dice, violent)
            met, more, found = meeting.text, meeting.steps, meeting.found
        if kind is EncounterKind.SIGN:
            words, more = sign(exploration or Exploration(), library, values, dice, violent)
            if words:
                title = Step(
                    N_("Encounter Die {face}: a sign or a clue: {sign}"),
                    {"face": rolled.face, "sign": words},
                )
        steps = (why, *rolled.steps, *more)
    outcome = Outcome(title, steps, kind.value)
    encounter = kind is EncounterKind.ENCOUNTER
    new = replace(
        state, turn=turn, last=outcome, met=met[:MAX_MET], encounter=encounter, found=found
    )
    return new, outcome


@dataclass(frozen=True)
class TravelOdds:
    """The exact chance that the next travel turn brings an encounter, and a sign or
    clue (the Encounter Die's sign faces; a check table's rows that bring no encounter)."""

    encounter: Fraction
    sign: Fraction
    within_three: Fraction  # an encounter in the next three turns

    @classmethod
    def of(cls, encounter: Fraction, sign: Fraction) -> TravelOdds:
        """The odds of one check, and of an encounter within three."""
        return cls(encounter, sign, 1 - (1 - encounter) ** 3)


def travel_odds(state: Travel, library: Library, depth_limit: int = DEFAULT_DEPTH) -> TravelOdds:
    """The odds of the next travel turn's check: on a check table, the rows that bring
    an encounter (along the links), a face no row covers for nothing, and every other
    row for a sign or clue found on the way.

    >>> odds = travel_odds(Travel(), Library())
    >>> odds.encounter, odds.sign
    (Fraction(1, 6), Fraction(1, 3))
    """
    if state.check is TravelCheck.TABLE:
        table = _check_table(state, library)
        encounter = flag_chance(table, library, brings_encounter, _depth(depth_limit))
        return TravelOdds.of(encounter, 1 - encounter - table_odds(table).uncovered)
    return TravelOdds.of(Fraction(1, 6), Fraction(1, 3))


# --- days and camps ----------------------------------------------------------------------------


def hours_on_road(state: Travel, hours: int) -> int:
    """The hours since the journey set out: its travel turns of ``hours`` hours, and its
    nights in camp.

    >>> hours_on_road(Travel(turn=3, camped=11), 4)
    23
    """
    return time_passed(state.turn, hours, state.camped)


def met_at(
    state: Travel, hours: int, start_hour: int = START_HOUR, night: int = NIGHT
) -> TimeOfDay:
    """The time of day, and its darkness, when the party meets whoever the last travel
    turn brought: as that turn began, when its check was made (a span's turns before it
    are on the clock by then, the turn's own hours only after).

    >>> late = Travel(turn=3, met="Two ogres", encounter=True)  # set out at 8:00: now 20:00
    >>> met_at(late, 4).title.english(), time_of_day(hours_on_road(late, 4)).darkness
    ('Day 1, 16:00: daylight (0)', -3)
    """
    return time_of_day(passed_before(state.turn, hours, state.camped), start_hour, night)


def encounter_run(state: Travel) -> Travel:
    """The encounter the last travel turn brought has been run (its distance worked out
    on the Encounter screen): the turn no longer offers it. Who was met stays named, and
    the clock does not move: GURPS counts the encounter's seconds in combat, not on the
    road.

    >>> after = encounter_run(Travel(turn=3, met="Two ogres", encounter=True))
    >>> after.encounter, after.met, after.turn
    (False, 'Two ogres', 3)
    """
    return replace(state, encounter=False)


def camp(state: Travel, hours: int, start_hour: int = START_HOUR) -> tuple[Travel, Outcome]:
    """Make camp until the next morning: the clock moves on to 7:00 (full daylight) of
    the next day, or of this one when it is still before dawn. GURPS rolls nothing for a
    night in camp, so nothing is rolled: an encounter in the night is the game master's
    call (or a travel turn checked before breaking camp).

    >>> after, outcome = camp(Travel(turn=3), 4)  # set out at 8:00: now 20:00
    >>> after.camped, outcome.title.english()
    (11, 'Camp for the night: 11 hours. Day 2, 7:00: daylight (0)')
    """
    now = start_hour + hours_on_road(state, hours)
    hour = now % 24
    until = (MORNING - hour) % 24 or 24
    camped = state.camped + until
    if camped > MAX_CAMPED:
        raise RulesError(Step(N_("The travel clock is full: start a new journey.")))
    after = replace(state, camped=camped, last=None, met="", encounter=False, found=None)
    morning = time_of_day(hours_on_road(after, hours), start_hour)
    title = Step(
        N_("Camp for the night: {hours} hours. {morning}"),
        {"hours": until, "morning": morning.title},
    )
    steps = (
        Step(N_("The party makes camp at {hour}:00."), {"hour": hour}),
        Step(N_("It breaks camp at {hour}:00, in full daylight."), {"hour": MORNING}),
    )
    outcome = Outcome(title, steps, "camp")
    return replace(after, last=outcome), outcome


def march(state: Travel, made_hiking: bool = False) -> tuple[int, tuple[Step, ...]]:
    """A day's march in miles (rounded down) and how it was worked out: ten miles for
    each point of the party's slowest Move, times the terrain's rate, and 20% farther
    when everyone made their Hiking roll (GURPS Basic Set, p. B351 and Hiking, p. B200).

    >>> march(Travel(move=5))[0], march(Travel(move=5, ground=Ground.VERY_BAD))[0]
    (50, 10)
    >>> march(Travel(move=4, ground=Ground.BAD), made_hiking=True)[0]
    24
    """
    base = MARCH_MILES_PER_MOVE * state.move
    rate = GROUND_RATE[state.ground]
    miles = base * rate * (HIKING_BONUS if made_hiking else 1)
    steps = [
        Step(
            N_("Move {move}: {miles} miles a day on ideal ground."),
            {"move": state.move, "miles": base},
        ),
        Step(
            N_("{ground}: ×{rate}"),
            {"ground": Step(GROUND_NAMES[state.ground]), "rate": str(rate)},
        ),
    ]
    if made_hiking:
        steps.append(Step(N_("Everyone made their Hiking roll: 20% farther.")))
    steps.append(Step(N_("A day's march: {miles} miles."), {"miles": int(miles)}))
    return int(miles), tuple(steps)

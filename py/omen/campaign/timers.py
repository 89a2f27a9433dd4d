"""Lights and named timers on any game's clock: what burns down or runs out as time
passes, counted in the game's own units.

Omen's own procedure (no rule book of the four games describes it; Old-School
Essentials keeps its torch and lantern on its turn clock in :mod:`omen.ose.turn`). At the
table the game master keeps a count of what runs out: a torch, a lantern, a flashlight's
battery, a spell, a ward, a patrol due back. Each is lit or set with a count of the
game's own unit (an exploration turn in Liminal Horror, an hour on the GURPS road, a
scene or a day in The End of the World), and each unit that passes takes one off it.
At none it is gone: a light goes out, a timer runs out. The game master may put a light
out or end a timer by hand at any time.

When a span of several units passes at once, each thing that ends says in which unit of
the span it ended ("Torch 1 goes out (exploration turn 2 of 3)"), and the first one is
in the span's headline: an ending is never only inside the steps. Before the span, the
look-ahead names what will end within it and when.

**How the units relate** (one rule for every game, :func:`span_holds`). A turn, an
hour and a day have a length: an exploration turn the game's turn (10 minutes unless a
game sets another), an hour 60 minutes, a day 24 hours. A span in one of them takes off
a thing counted in another the whole units it holds: an hour takes 6 ten-minute turns
off a torch, a day 144, so a torch or a lantern never outlasts a day. A scene has no
length: it is a stretch of play within a day, so a day ends everything counted in
scenes (in the span's first day), and a scene takes nothing off a count of days. A span
shorter than one unit of a thing (a scene against days, a turn against hours) leaves
it as it is. No game counts scenes beside turns or hours, so those leave each other.

Lights are numbered per kind (Torch 1, Torch 2, Lantern 1) among those counted in the
same unit; a timer is called by its name.

>>> state = add_light(Timers(), LightKind.TORCH, 3, Unit.TURN)
>>> state = add_timer(state, "Ward", 5, Unit.TURN)
>>> state, burn = tick(state, 4, Unit.TURN)
>>> [step.english() for step in burn.steps]
['Torch 1 goes out (exploration turn 3 of 4).', "Timer 'Ward': one exploration turn left."]
>>> state.entries[0].left
1
>>> [step.english() for step in look_ahead(state, 2, Unit.TURN)]
["Timer 'Ward' runs out in 1 exploration turn."]
>>> torch = add_light(Timers(), LightKind.TORCH, 1, Unit.SCENE)
>>> after, burn = tick(torch, 2, Unit.DAY)
>>> after.entries, [step.english() for step in burn.steps]
((), ['Torch 1 goes out (day 1 of 2).'])
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, replace
from fractions import Fraction
from math import ceil
from typing import Any

from omen.campaign.state import Outcome
from omen.core.errors import RulesError, StoredDataError
from omen.core.roll import N_, Step
from omen.core.store import Schema

KIND = "timers"
MAX_ENTRIES = 40  # lights and timers together on one clock
MAX_COUNT = 10_000  # units one light or timer may last
MAX_NAME = 60  # characters of a timer's name
MAX_ID = 10**9


class Unit(enum.Enum):
    """What a light or timer is counted in: the game's own units of time."""

    TURN = "turn"  # an exploration turn (Liminal Horror)
    HOUR = "hour"  # an hour (GURPS travel)
    SCENE = "scene"  # a scene (The End of the World)
    DAY = "day"  # a day (The End of the World's downtime)


# the unit's name, as in "exploration turn 2 of 3"
UNIT_NAMES: Mapping[Unit, str] = {
    Unit.TURN: N_("exploration turn"),
    Unit.HOUR: N_("hour"),
    Unit.SCENE: N_("scene"),
    Unit.DAY: N_("day"),
}


# --- how the units relate ------------------------------------------------------------------

TURN_MINUTES = 10  # an exploration turn, unless the game sets its own length
HOUR_MINUTES = 60  # minutes in an hour
DAY_HOURS = 24  # hours in a day


def minutes_in(unit: Unit, turn_minutes: int = TURN_MINUTES) -> int | None:
    """How many minutes one ``unit`` lasts; a scene has no length (None).

    >>> minutes_in(Unit.DAY), minutes_in(Unit.TURN, 20), minutes_in(Unit.SCENE)
    (1440, 20, None)
    """
    if unit is Unit.TURN:
        return turn_minutes
    if unit is Unit.HOUR:
        return HOUR_MINUTES
    if unit is Unit.DAY:
        return DAY_HOURS * HOUR_MINUTES
    return None


def span_holds(span: Unit, unit: Unit, turn_minutes: int = TURN_MINUTES) -> Fraction | None:
    """How many of ``unit`` one unit of a span in ``span`` holds: by their lengths
    (:func:`minutes_in`), or None when it ends everything counted in ``unit`` (a day
    ends every scene). A scene beside a unit with a length holds none of it, and none
    of a scene is in one of them, except the day's ending.

    >>> span_holds(Unit.HOUR, Unit.TURN), span_holds(Unit.DAY, Unit.HOUR)
    (Fraction(6, 1), Fraction(24, 1))
    >>> span_holds(Unit.TURN, Unit.HOUR), span_holds(Unit.DAY, Unit.SCENE)
    (Fraction(1, 6), None)
    >>> span_holds(Unit.SCENE, Unit.DAY), span_holds(Unit.SCENE, Unit.TURN)
    (Fraction(0, 1), Fraction(0, 1))
    """
    if span is unit:
        return Fraction(1)
    if span is Unit.DAY and unit is Unit.SCENE:
        return None
    length, counted = minutes_in(span, turn_minutes), minutes_in(unit, turn_minutes)
    if length is None or counted is None:
        return Fraction(0)
    return Fraction(length, counted)


def taken_by(
    left: int, count: int, span: Unit, unit: Unit, turn_minutes: int = TURN_MINUTES
) -> tuple[int, int]:
    """What ``count`` units of ``span`` do to a thing with ``left`` of ``unit`` left:
    the units it has left after (0: it ended), and the unit of the span it ended in
    (0 while it lasts).

    >>> taken_by(6, 1, Unit.DAY, Unit.TURN), taken_by(150, 1, Unit.DAY, Unit.TURN)
    ((0, 1), (6, 0))
    >>> taken_by(7, 2, Unit.HOUR, Unit.TURN), taken_by(3, 5, Unit.TURN, Unit.HOUR)
    ((0, 2), (3, 0))
    """
    holds = span_holds(span, unit, turn_minutes)
    if count <= 0:
        return left, 0
    if holds is None:
        return 0, 1
    passed = int(count * holds)  # whole units only
    if left > passed:
        return left - passed, 0
    return 0, ceil(left / holds)


class LightKind(enum.Enum):
    """What gives the party light."""

    TORCH = "torch"
    LANTERN = "lantern"
    FLASHLIGHT = "flashlight"


LIGHT_NAMES: Mapping[LightKind, str] = {
    LightKind.TORCH: N_("Torch"),
    LightKind.LANTERN: N_("Lantern"),
    LightKind.FLASHLIGHT: N_("Flashlight"),
}


def count_text(count: int, unit: Unit) -> Step:
    """A count of a unit in words.

    >>> count_text(2, Unit.SCENE).english()
    '2 scenes'
    """
    args = {"count": count}
    if unit is Unit.HOUR:
        return Step(N_("{count} hour"), args, plural=N_("{count} hours"))
    if unit is Unit.SCENE:
        return Step(N_("{count} scene"), args, plural=N_("{count} scenes"))
    if unit is Unit.DAY:
        return Step(N_("{count} day"), args, plural=N_("{count} days"))
    return Step(N_("{count} exploration turn"), args, plural=N_("{count} exploration turns"))


def _whole(value: Any, low: int, high: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def _refuse(message: str, **args: Any) -> RulesError:
    return RulesError(Step(message, args))


def clean_name(name: Any) -> str:
    """A timer's name: spaces joined, one line, no control characters, 1 to 60 characters.

    >>> clean_name("  Bless   spell ")
    'Bless spell'
    >>> clean_name("x" * 61)
    Traceback (most recent call last):
    omen.core.errors.RulesError: A timer's name is at most 60 characters.
    """
    if not isinstance(name, str):
        raise _refuse(N_("A timer needs a name."))
    text = " ".join(name.split())
    if not text:
        raise _refuse(N_("A timer needs a name."))
    if len(text) > MAX_NAME:
        raise _refuse(N_("A timer's name is at most {limit} characters."), limit=MAX_NAME)
    if any(ord(c) < 32 or 0x7F <= ord(c) < 0xA0 or 0x202A <= ord(c) <= 0x202E for c in text):
        raise _refuse(N_("A timer's name holds a character that cannot be shown."))
    return text


@dataclass(frozen=True)
class Entry:
    """One light or timer on the clock: its id (to put it out by), what is left of it and
    in which unit; a light has its kind and its number among lights of that kind, a timer
    its name."""

    id: int
    left: int
    unit: Unit
    kind: LightKind | None = None
    number: int = 0
    name: str = ""

    @property
    def light(self) -> bool:
        """Whether it is a light (else a named timer)."""
        return self.kind is not None

    def called(self) -> Step:
        """What it is called: "Torch 2", "Timer 'Bless'"."""
        if self.kind is not None:
            return Step(
                N_("{light} {number}"),
                {"light": Step(LIGHT_NAMES[self.kind]), "number": self.number},
            )
        return Step(N_("Timer '{name}'"), {"name": self.name})

    def left_text(self) -> Step:
        """It and what is left of it: "Torch 2: 3 exploration turns left"."""
        return Step(N_("{what}: {left} left"), {"what": self.called(), "left": self.counted()})

    def counted(self) -> Step:
        """What is left of it, in its unit."""
        return count_text(self.left, self.unit)


@dataclass(frozen=True)
class Timers:
    """Every light and timer on a campaign's clock, in the order they were lit or set.

    Every value is checked as it is made, and a stored value is read by making one, so
    what an action can write is exactly what a load accepts.
    """

    entries: tuple[Entry, ...] = ()
    next_id: int = 1
    last: Outcome | None = None  # the last span let pass where no other clock shows it

    def __post_init__(self) -> None:
        if not isinstance(self.entries, tuple) or len(self.entries) > MAX_ENTRIES:
            raise _refuse(
                N_("At most {limit} lights and timers can run at once."), limit=MAX_ENTRIES
            )
        if not _whole(self.next_id, 1, MAX_ID):
            raise _refuse(N_("The lights and timers are damaged."))
        if self.last is not None and not isinstance(self.last, Outcome):
            raise _refuse(N_("The lights and timers are damaged."))
        ids: set[int] = set()
        called: set[tuple[LightKind, Unit, int]] = set()
        for entry in self.entries:
            _check(entry, self.next_id)
            ids.add(entry.id)
            if entry.kind is not None:
                called.add((entry.kind, entry.unit, entry.number))
        lights = sum(1 for entry in self.entries if entry.kind is not None)
        if len(ids) != len(self.entries) or len(called) != lights:
            raise _refuse(N_("The lights and timers are damaged."))

    @property
    def lights(self) -> tuple[Entry, ...]:
        """The lights burning."""
        return tuple(entry for entry in self.entries if entry.light)

    def to_json(self) -> dict[str, Any]:
        """Its stored form: ``[id, left, unit, kind or null, number, name]`` each, and
        the last span's result when there is one."""
        out: dict[str, Any] = {
            "entries": [
                [x.id, x.left, x.unit.value, x.kind.value if x.kind else None, x.number, x.name]
                for x in self.entries
            ],
            "next_id": self.next_id,
        }
        if self.last is not None:
            out["last"] = self.last.to_json()
        return out

    @classmethod
    def from_json(cls, data: Any) -> Timers:
        """Read its stored form back; damaged data is refused with a sentence.

        >>> Timers.from_json({"entries": [[1, -3, "turn", "torch", 1, ""]], "next_id": 2})
        Traceback (most recent call last):
        omen.core.errors.StoredDataError: The stored lights and timers are damaged and cannot be read.
        """
        if not isinstance(data, dict) or set(data) - {"last"} != {"entries", "next_id"}:
            raise _damaged()
        rows = data["entries"]
        if not isinstance(rows, list) or len(rows) > MAX_ENTRIES:
            raise _damaged()
        try:
            last = data.get("last")
            return cls(
                tuple(_entry(row) for row in rows),
                data["next_id"],
                None if last is None else Outcome.from_json(last),
            )
        except StoredDataError:
            raise
        except (RulesError, ValueError, TypeError) as error:
            raise _damaged() from error


def _check(entry: Any, next_id: int) -> None:
    if (
        not isinstance(entry, Entry)
        or not _whole(entry.id, 1, next_id - 1)
        or not _whole(entry.left, 1, MAX_COUNT)
        or not isinstance(entry.unit, Unit)
    ):
        raise _refuse(N_("The lights and timers are damaged."))
    if entry.kind is None:
        if entry.number != 0 or clean_name(entry.name) != entry.name:
            raise _refuse(N_("The lights and timers are damaged."))
    elif (
        not isinstance(entry.kind, LightKind)
        or not _whole(entry.number, 1, MAX_ENTRIES)
        or entry.name != ""
    ):
        raise _refuse(N_("The lights and timers are damaged."))


def _entry(row: Any) -> Entry:
    if not isinstance(row, list) or len(row) != 6:
        raise _damaged()
    ident, left, unit, kind, number, name = row
    if not isinstance(unit, str) or not (kind is None or isinstance(kind, str)):
        raise _damaged()
    if not isinstance(name, str):
        raise _damaged()
    return Entry(ident, left, Unit(unit), None if kind is None else LightKind(kind), number, name)


def _damaged() -> StoredDataError:
    return StoredDataError(Step(N_("The stored lights and timers are damaged and cannot be read.")))


SCHEMA: Schema[Timers] = Schema("timers", 1, {}, Timers.from_json)


# --- lighting, setting, putting out -------------------------------------------------------


def _room(state: Timers) -> None:
    if len(state.entries) >= MAX_ENTRIES:
        raise _refuse(N_("At most {limit} lights and timers can run at once."), limit=MAX_ENTRIES)


def _count(count: Any, unit: Unit) -> int:
    if not isinstance(unit, Unit):
        raise _refuse(N_("A light or timer is counted in the game's own units."))
    if not _whole(count, 1, MAX_COUNT):
        raise _refuse(
            N_("A light or timer lasts a whole number from 1 to {limit}."), limit=MAX_COUNT
        )
    return int(count)


def add_light(state: Timers, kind: LightKind, count: int, unit: Unit) -> Timers:
    """Light a torch, a lantern or a flashlight that lasts ``count`` units; it takes the
    lowest number no burning light of its kind counted in the same unit has.

    >>> add_light(Timers(), LightKind.LANTERN, 0, Unit.HOUR)
    Traceback (most recent call last):
    omen.core.errors.RulesError: A light or timer lasts a whole number from 1 to 10000.
    """
    _room(state)
    left = _count(count, unit)
    if not isinstance(kind, LightKind):
        raise _refuse(N_("A light is a torch, a lantern or a flashlight."))
    taken = {x.number for x in state.entries if x.kind is kind and x.unit is unit}
    number = next(n for n in range(1, len(taken) + 2) if n not in taken)
    light = Entry(state.next_id, left, unit, kind, number)
    return replace(state, entries=(*state.entries, light), next_id=state.next_id + 1)


def add_timer(state: Timers, name: str, count: int, unit: Unit) -> Timers:
    """Set a named timer that runs out after ``count`` units."""
    _room(state)
    left = _count(count, unit)
    timer = Entry(state.next_id, left, unit, name=clean_name(name))
    return replace(state, entries=(*state.entries, timer), next_id=state.next_id + 1)


def put_out(state: Timers, ident: int) -> tuple[Timers, Step]:
    """Put a light out or end a timer by hand: the clock without it, and what was done.

    >>> state = add_light(Timers(), LightKind.TORCH, 6, Unit.TURN)
    >>> state, said = put_out(state, 1)
    >>> state.entries, said.english()
    ((), 'Torch 1 put out.')
    """
    entry = next((x for x in state.entries if x.id == ident), None)
    if entry is None:
        raise _refuse(N_("That light or timer is no longer on the clock."))
    kept = tuple(x for x in state.entries if x.id != ident)
    said = N_("{what} put out.") if entry.light else N_("{what} ended.")
    return replace(state, entries=kept), Step(said, {"what": entry.called()})


def lit_text(entry: Entry) -> Step:
    """What lighting or setting it says: "Torch 1 lit: it lasts 6 exploration turns."."""
    said = N_("{what} lit: it lasts {left}.") if entry.light else N_("{what} set: {left}.")
    return Step(said, {"what": entry.called(), "left": entry.counted()})


# --- time passing -----------------------------------------------------------------------


@dataclass(frozen=True)
class Burn:
    """What a span did to the clock: each light or timer that ended, with the unit of the
    span it ended in, and the steps saying so (warnings after them: one unit left)."""

    ended: tuple[tuple[Entry, int], ...]
    steps: tuple[Step, ...]
    count: int
    unit: Unit

    def endings(self) -> tuple[Step, ...]:
        """One step for each light or timer that ended."""
        return tuple(ending(entry, at, self.count, self.unit) for entry, at in self.ended)


def ending(entry: Entry, at: int, count: int, unit: Unit | None = None) -> Step:
    """How one light or timer ended: alone in a span of one unit, or in which unit of a
    longer span (the span's ``unit``, its own unless said).

    >>> torch = Entry(1, 2, Unit.HOUR, LightKind.TORCH, 1)
    >>> ending(torch, 2, 3).english(), ending(torch, 1, 1).english()
    ('Torch 1 goes out (hour 2 of 3).', 'Torch 1 goes out.')
    >>> ending(torch, 1, 2, Unit.DAY).english()
    'Torch 1 goes out (day 1 of 2).'
    """
    what = entry.called()
    if count == 1:
        said = N_("{what} goes out.") if entry.light else N_("{what} runs out.")
        return Step(said, {"what": what})
    said = (
        N_("{what} goes out ({unit} {at} of {count}).")
        if entry.light
        else N_("{what} runs out ({unit} {at} of {count}).")
    )
    named = Step(UNIT_NAMES[unit or entry.unit])
    return Step(said, {"what": what, "unit": named, "at": at, "count": count})


def tick(
    state: Timers,
    count: int,
    unit: Unit,
    turn_minutes: int = TURN_MINUTES,
    among: tuple[Unit, ...] | None = None,
) -> tuple[Timers, Burn]:
    """Let ``count`` units pass: each light and timer loses what the span holds of its
    own unit (:func:`taken_by`: all of it in ``unit``, a day's worth of turns in a day,
    every scene in a day); one that reaches none ends, in the unit of the span it reached
    none. Zero units change nothing. With ``among``, the units the game counts in, what
    is counted in another unit (another game's, before the campaign changed game)
    stands still.

    >>> state = add_timer(Timers(), "Patrol", 2, Unit.DAY)
    >>> after, burn = tick(state, 3, Unit.SCENE)
    >>> after == state, burn.ended
    (True, ())
    >>> tick(state, -1, Unit.DAY)
    Traceback (most recent call last):
    omen.core.errors.RulesError: Time passes by a whole number from 0 to 10000.
    """
    if not isinstance(unit, Unit):
        raise _refuse(N_("A light or timer is counted in the game's own units."))
    if not _whole(count, 0, MAX_COUNT):
        raise _refuse(N_("Time passes by a whole number from 0 to {limit}."), limit=MAX_COUNT)
    kept: list[Entry] = []
    ended: list[tuple[Entry, int]] = []
    for entry in state.entries:
        if among is not None and entry.unit not in among:
            kept.append(entry)
            continue
        left, at = taken_by(entry.left, count, unit, entry.unit, turn_minutes)
        if at:
            ended.append((entry, at))
        else:
            kept.append(entry if left == entry.left else replace(entry, left=left))
    ended.sort(key=lambda pair: pair[1])  # in the order they ended
    after = replace(state, entries=tuple(kept))
    burn = Burn(tuple(ended), (), count, unit)
    moved = replace(after, entries=tuple(x for x in kept if among is None or x.unit in among))
    steps = (*burn.endings(), *warnings(moved, unit, turn_minutes)) if count else ()
    return after, replace(burn, steps=steps)


def moves(span: Unit, unit: Unit, turn_minutes: int = TURN_MINUTES) -> bool:
    """Whether a span in ``span`` can take anything off a count in ``unit``.

    >>> moves(Unit.DAY, Unit.SCENE), moves(Unit.SCENE, Unit.DAY)
    (True, False)
    """
    holds = span_holds(span, unit, turn_minutes)
    return holds is None or holds > 0


def warnings(
    state: Timers, unit: Unit | None = None, turn_minutes: int = TURN_MINUTES
) -> tuple[Step, ...]:
    """The lights and timers with one unit left (those a span in ``unit`` moves, or all).

    >>> [s.english() for s in warnings(add_light(Timers(), LightKind.TORCH, 1, Unit.HOUR))]
    ['Torch 1: one hour left.']
    """
    return tuple(
        Step(N_("{what}: one {unit} left."), {"what": x.called(), "unit": Step(UNIT_NAMES[x.unit])})
        for x in state.entries
        if x.left == 1 and (unit is None or moves(unit, x.unit, turn_minutes))
    )


# what a span's steps say of a light or timer that ended in it
ENDINGS = frozenset(
    {
        "{what} goes out.",
        "{what} runs out.",
        "{what} goes out ({unit} {at} of {count}).",
        "{what} runs out ({unit} {at} of {count}).",
    }
)


def ended_in(outcome: Outcome | None) -> tuple[Step, ...]:
    """The lights and timers a result says ended, to stand among the warnings under it.

    >>> state = add_light(Timers(), LightKind.TORCH, 1, Unit.TURN)
    >>> _, burn = tick(state, 2, Unit.TURN)
    >>> result = follow(Outcome(Step("Turn {turn} begins.", {"turn": 2}), (), "nothing"), burn)
    >>> [step.english() for step in ended_in(result)], ended_in(None)
    (['Torch 1 goes out (exploration turn 1 of 2).'], ())
    """
    if outcome is None:
        return ()
    return tuple(step for step in outcome.steps if step.key in ENDINGS)


def look_ahead(
    state: Timers,
    count: int,
    unit: Unit,
    turn_minutes: int = TURN_MINUTES,
    among: tuple[Unit, ...] | None = None,
) -> tuple[Step, ...]:
    """What will end within the next ``count`` units, and in how many of them (the
    span's units), soonest first; with ``among``, of what is counted in those units.

    >>> state = add_light(Timers(), LightKind.FLASHLIGHT, 9, Unit.SCENE)
    >>> look_ahead(state, 8, Unit.SCENE), len(look_ahead(state, 9, Unit.SCENE))
    ((), 1)
    >>> [step.english() for step in look_ahead(state, 3, Unit.DAY)]
    ['Flashlight 1 will go out (day 1 of 3).']
    """
    if not _whole(count, 0, MAX_COUNT):
        return ()
    due = sorted(
        (
            (at, x)
            for x in state.entries
            if among is None or x.unit in among
            for _, at in [taken_by(x.left, count, unit, x.unit, turn_minutes)]
            if at
        ),
        key=lambda pair: pair[0],
    )
    return tuple(ahead_text(x, at, count, unit) for at, x in due)


def ahead_text(entry: Entry, at: int, count: int, unit: Unit) -> Step:
    """What the look-ahead says of one light or timer that ends in unit ``at`` of a span
    of ``count`` ``unit``: in how many of its own units, or (counted in another unit) in
    which unit of the span.

    >>> torch = Entry(1, 2, Unit.SCENE, LightKind.TORCH, 1)
    >>> ahead_text(torch, 2, 3, Unit.SCENE).english(), ahead_text(torch, 1, 2, Unit.DAY).english()
    ('Torch 1 goes out in 2 scenes.', 'Torch 1 will go out (day 1 of 2).')
    """
    what = entry.called()
    if entry.unit is unit:
        said = N_("{what} goes out in {left}.") if entry.light else N_("{what} runs out in {left}.")
        return Step(said, {"what": what, "left": entry.counted()})
    said = (
        N_("{what} will go out ({unit} {at} of {count}).")
        if entry.light
        else N_("{what} will run out ({unit} {at} of {count}).")
    )
    return Step(said, {"what": what, "unit": Step(UNIT_NAMES[unit]), "at": at, "count": count})


def follow(outcome: Outcome, burn: Burn) -> Outcome:
    """A result with what the span did to the clock: the first ending in its headline
    (and how many more ended), every ending and warning after its own steps.

    >>> state = add_light(Timers(), LightKind.TORCH, 1, Unit.TURN)
    >>> _, burn = tick(state, 1, Unit.TURN)
    >>> follow(Outcome(Step("Turn 4."), (), "nothing"), burn).title.english()
    'Turn 4. Torch 1 goes out.'
    """
    if not burn.steps:
        return outcome
    return Outcome(headline(outcome.title, burn), (*outcome.steps, *burn.steps), outcome.kind)


def headline(title: Step, burn: Burn) -> Step:
    """``title`` followed by the first light or timer that ended, and how many more did."""
    endings = burn.endings()
    if not endings:
        return title
    if len(endings) == 1:
        return Step(N_("{headline} {ending}"), {"headline": title, "ending": endings[0]})
    more = Step(
        N_("{count} more light or timer ran out too."),
        {"count": len(endings) - 1},
        plural=N_("{count} more lights or timers ran out too."),
    )
    return Step(
        N_("{headline} {ending} {more}"),
        {"headline": title, "ending": endings[0], "more": more},
    )

"""The game master's session state: exploration, preferences and the roll log.

These are the records the app keeps between visits, each with its own storage key and
format (see :mod:`omen.store`). Actions are pure functions: they take the current
record and return the next one together with what to show, so undo is simply putting
the earlier record back.

>>> from omen.dice import ScriptedDice
>>> state = Exploration()
>>> state, outcome = check(state, settings.defaults(), ScriptedDice([6, 3]), advance=True)
>>> state.clock.turn, state.pool
(1, 11)
>>> outcome.title.english()
'Tension Die: nothing yet (pool 11)'
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from omen import settings
from omen.dice import Dice
from omen.errors import StoredDataError
from omen.exploration import (
    KIND_TEXT,
    EncounterKind,
    Procedure,
    TensionSettings,
    TurnClock,
    encounter_die,
    tension_die,
)
from omen.i18n import LANGUAGES
from omen.roll import N_, Step
from omen.store import Schema

GAMES = ("liminal_horror", "ose", "gurps", "eotw")
GAME_NAMES = {
    "liminal_horror": N_("Liminal Horror"),
    "ose": N_("Old-School Essentials"),
    "gurps": N_("GURPS / Dungeon Fantasy"),
    "eotw": N_("The End of the World"),
}
THEMES = ("auto", "light", "dark")
LOG_LIMIT = 300


def _bad(field_name: str) -> StoredDataError:
    return StoredDataError(
        Step(N_("The saved value '{field}' is missing or damaged."), {"field": field_name})
    )


def _int(data: dict[str, Any], name: str, low: int, high: int) -> int:
    value = data.get(name)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise _bad(name)
    return value


# --- the result of a check ---------------------------------------------------------


@dataclass(frozen=True)
class Outcome:
    """What one action produced: a headline, its steps, and the kind of result."""

    title: Step
    steps: tuple[Step, ...]
    kind: str  # "encounter", "sign", "nothing" or another procedure's word

    def to_json(self) -> dict[str, Any]:
        return {
            "title": self.title.to_json(),
            "steps": [s.to_json() for s in self.steps],
            "kind": self.kind,
        }

    @classmethod
    def from_json(cls, data: Any) -> Outcome:
        if not isinstance(data, dict) or not isinstance(data.get("kind"), str):
            raise _bad("outcome")
        steps = data.get("steps")
        if not isinstance(steps, list):
            raise _bad("outcome.steps")
        try:
            return cls(
                Step.from_json(data.get("title")),
                tuple(Step.from_json(s) for s in steps),
                data["kind"],
            )
        except ValueError:
            raise _bad("outcome") from None


# --- exploration -------------------------------------------------------------------


@dataclass(frozen=True)
class Exploration:
    procedure: Procedure = Procedure.TENSION_DIE
    clock: TurnClock = field(default_factory=TurnClock)
    pool: int = 20
    last: Outcome | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "procedure": self.procedure.value,
            "turn": self.clock.turn,
            "checks": self.clock.checks,
            "pool": self.pool,
            "last": None if self.last is None else self.last.to_json(),
        }

    @classmethod
    def from_json(cls, data: Any) -> Exploration:
        if not isinstance(data, dict):
            raise _bad("exploration")
        try:
            procedure = Procedure(data.get("procedure"))
        except ValueError:
            raise _bad("procedure") from None
        last = data.get("last")
        return cls(
            procedure,
            TurnClock(turn=_int(data, "turn", 0, 10**6), checks=_int(data, "checks", 0, 10**7)),
            _int(data, "pool", 1, 200),
            None if last is None else Outcome.from_json(last),
        )


def tension_settings(values: dict[str, settings.Value]) -> TensionSettings:
    start = values["tension.start"]
    explode = values["tension.keep_exploding"]
    assert isinstance(start, int) and isinstance(explode, bool)
    return TensionSettings(start, explode)


def check(
    state: Exploration, values: dict[str, settings.Value], dice: Dice, *, advance: bool
) -> tuple[Exploration, Outcome]:
    """One encounter check: ``advance`` for Next turn, not for Draw attention."""
    clock = state.clock.next_turn() if advance else state.clock.draw_attention()
    why = (
        Step(N_("Turn {turn} begins."), {"turn": clock.turn})
        if advance
        else Step(N_("The party draws attention (turn {turn} goes on)."), {"turn": clock.turn})
    )
    if state.procedure is Procedure.TENSION_DIE:
        tension = tension_settings(values)
        result = tension_die(state.pool, tension, dice)
        if result.triggered:
            kind = EncounterKind.ENCOUNTER
            title = Step(
                N_("Tension Die: an encounter! The pool resets to {pool}."),
                {"pool": result.pool_after},
            )
        else:
            kind = EncounterKind.NOTHING
            title = Step(N_("Tension Die: nothing yet (pool {pool})"), {"pool": result.pool_after})
        outcome = Outcome(title, (why, *result.steps), kind.value)
        return replace(state, clock=clock, pool=result.pool_after, last=outcome), outcome
    rolled = encounter_die(dice)
    title = Step(
        N_("Encounter Die {face}: {meaning}"),
        {"face": rolled.face, "meaning": Step(KIND_TEXT[rolled.kind])},
    )
    outcome = Outcome(title, (why, *rolled.steps), rolled.kind.value)
    return replace(state, clock=clock, last=outcome), outcome


def reset_pool(state: Exploration, values: dict[str, settings.Value]) -> Exploration:
    return replace(state, pool=tension_settings(values).start)


EXPLORATION = Schema("exploration", 1, {}, Exploration.from_json)


# --- campaign settings ---------------------------------------------------------------


@dataclass(frozen=True)
class Campaign:
    """The campaign's name, its game, and every rules setting."""

    name: str = "My campaign"
    game: str = "liminal_horror"
    values: dict[str, settings.Value] = field(default_factory=settings.defaults)

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "game": self.game, "settings": dict(self.values)}

    @classmethod
    def from_json(cls, data: Any) -> Campaign:
        if not isinstance(data, dict):
            raise _bad("campaign")
        name = data.get("name")
        if not isinstance(name, str) or not 0 < len(name) <= 120:
            raise _bad("name")
        game = data.get("game")
        if game not in GAMES:
            raise _bad("game")
        stored = data.get("settings", {})
        if not isinstance(stored, dict):
            raise _bad("settings")
        return cls(name, str(game), settings.clean(stored))


CAMPAIGN = Schema("campaign", 1, {}, Campaign.from_json)


# --- preferences -------------------------------------------------------------------


@dataclass(frozen=True)
class Prefs:
    language: str = ""  # "" until chosen: follow the browser
    theme: str = "auto"

    def to_json(self) -> dict[str, Any]:
        return {"language": self.language, "theme": self.theme}

    @classmethod
    def from_json(cls, data: Any) -> Prefs:
        if not isinstance(data, dict):
            raise _bad("prefs")
        language = data.get("language", "")
        theme = data.get("theme", "auto")
        if language not in ("", *LANGUAGES):
            raise _bad("language")
        if theme not in THEMES:
            raise _bad("theme")
        return cls(language, theme)


PREFS = Schema("prefs", 1, {}, Prefs.from_json)


# --- the roll log --------------------------------------------------------------------


@dataclass(frozen=True)
class Entry:
    """One line of the session's memory. ``before`` restores the state it changed."""

    id: int
    at: str  # ISO time, for people
    title: Step
    steps: tuple[Step, ...]
    text: str  # the line as first shown, for the shell before Python is ready
    undone: bool = False
    before: tuple[str, Any] | None = None  # (kind, data in JSON form)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "id": self.id,
            "at": self.at,
            "title": self.title.to_json(),
            "steps": [s.to_json() for s in self.steps],
            "text": self.text,
            "undone": self.undone,
        }
        if self.before is not None:
            out["before"] = {"kind": self.before[0], "data": self.before[1]}
        return out

    @classmethod
    def from_json(cls, data: Any) -> Entry:
        if not isinstance(data, dict):
            raise _bad("log entry")
        try:
            before = data.get("before")
            if before is not None and not (
                isinstance(before, dict) and isinstance(before.get("kind"), str)
            ):
                raise _bad("log entry.before")
            steps = data.get("steps")
            if not isinstance(steps, list):
                raise _bad("log entry.steps")
            text, at, undone = data.get("text"), data.get("at"), data.get("undone", False)
            if not isinstance(text, str) or not isinstance(at, str) or not isinstance(undone, bool):
                raise _bad("log entry")
            return cls(
                _int(data, "id", 0, 10**12),
                at,
                Step.from_json(data.get("title")),
                tuple(Step.from_json(s) for s in steps),
                text,
                undone,
                None if before is None else (before["kind"], before.get("data")),
            )
        except ValueError:
            raise _bad("log entry") from None


@dataclass(frozen=True)
class Log:
    entries: tuple[Entry, ...] = ()  # newest first

    def add(self, at: str, outcome: Outcome, text: str, before: tuple[str, Any] | None) -> Log:
        next_id = (self.entries[0].id + 1) if self.entries else 1
        entry = Entry(next_id, at, outcome.title, outcome.steps, text, False, before)
        return Log((entry, *self.entries)[:LOG_LIMIT])

    def last_undoable(self) -> Entry | None:
        """The newest action that can still be undone (undo goes one step back at a time)."""
        for entry in self.entries:
            if not entry.undone and entry.before is not None:
                return entry
        return None

    def mark_undone(self, entry_id: int) -> Log:
        return Log(tuple(replace(e, undone=True) if e.id == entry_id else e for e in self.entries))

    def to_json(self) -> dict[str, Any]:
        return {"entries": [e.to_json() for e in self.entries]}

    @classmethod
    def from_json(cls, data: Any) -> Log:
        if not isinstance(data, dict) or not isinstance(data.get("entries"), list):
            raise _bad("log")
        return cls(tuple(Entry.from_json(e) for e in data["entries"][:LOG_LIMIT]))


LOG = Schema("log", 1, {}, Log.from_json)

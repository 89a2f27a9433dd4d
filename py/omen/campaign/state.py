"""The game master's session state: exploration, preferences and the roll log.

These are the records the app keeps between visits, each with its own storage key and
format (see :mod:`omen.core.store`). Actions are pure functions: they take the current
record and return the next one together with what to show, so undo is simply putting
the earlier record back.

>>> from omen.core.dice import ScriptedDice
>>> state = Exploration()
>>> state, outcome = check(state, settings.defaults(), ScriptedDice([6, 3]), advance=True)
>>> state.clock.turn, state.pool
(1, 11)
>>> outcome.title.english()
'Tension Die: nothing yet (pool 11)'

**The Voidcrawl's day and night.** The text offers a day/night cycle as something the
phases *can* be used for, so a new exploration has none (``phase`` is ``None``) and
every Voidcrawl result counts; the game master turns the cycle on by choosing Day or
Night on the Explore screen. Explorations stored in format 1 always held a phase (Day
when nobody had chosen one, as the screen then started on Day); a stored Day cannot be
told from a chosen one, so it is kept as it was.

>>> Exploration().phase is None
True
>>> from omen.core.store import decode
>>> decode(EXPLORATION, '{"app": "omen", "kind": "exploration", "schema": 1, '
...     '"data": {"procedure": "voidcrawl", "turn": 0, "checks": 0, "pool": 20}}').phase
<Phase.DAY: 'day'>
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from itertools import pairwise
from typing import Any

from omen.campaign import games, settings
from omen.campaign.exploration import (
    KIND_TEXT,
    EncounterKind,
    Procedure,
    TensionSettings,
    TurnClock,
    encounter_die,
    tension_die,
)
from omen.campaign.spec import CHECKS_TURN, TABLE_VIOLENT, TurnWords
from omen.campaign.table_draw import Found, roll_encounter, roll_table
from omen.campaign.tables import DEFAULT_DEPTH, MAX_DEPTH, Library, Location
from omen.campaign.voidcrawl import (
    Conditions,
    Kind,
    Phase,
    Voidcrawl,
    VoidcrawlSettings,
    default_voidcrawl,
    voidcrawl_check,
)
from omen.core.dice import Dice
from omen.core.errors import StoredDataError
from omen.core.i18n import LANGUAGES
from omen.core.roll import N_, Step
from omen.core.setting import Value
from omen.core.store import Schema, read_step

GAMES = tuple(games.GAMES)  # every game's key, from its package's GameSpec
GAME_NAMES = {key: game.name for key, game in games.GAMES.items()}
THEMES = ("auto", "light", "dark")


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
        """Its stored form: plain JSON values (dicts, lists, text, numbers)."""
        return {
            "title": self.title.to_json(),
            "steps": [s.to_json() for s in self.steps],
            "kind": self.kind,
        }

    @classmethod
    def from_json(cls, data: Any) -> Outcome:
        """Read its stored form back; a :class:`RulesError` saying what does not fit."""
        if not isinstance(data, dict) or not isinstance(data.get("kind"), str):
            raise _bad("outcome")
        steps = data.get("steps")
        if not isinstance(steps, list):
            raise _bad("outcome.steps")
        try:
            return cls(
                read_step(data.get("title")),
                tuple(read_step(s) for s in steps),
                data["kind"],
            )
        except ValueError:
            raise _bad("outcome") from None


# --- exploration -------------------------------------------------------------------


@dataclass(frozen=True)
class Exploration:
    """Where exploring stands: procedure, turn clock, Tension Die pool, last check."""

    procedure: Procedure = Procedure.TENSION_DIE
    clock: TurnClock = field(default_factory=TurnClock)
    pool: int = 20
    last: Outcome | None = None
    location: str | None = None  # the id of the location the party is in
    phase: Phase | None = None  # None: no day/night cycle, every result counts
    descent: int | None = None  # dark descent level; None: the location's own
    met: str = ""  # who or what the last encounter brought
    reaction: bool = False  # the last encounter calls for a reaction roll
    found: Found | None = None  # how many it brought and their stats, from the table row

    def to_json(self) -> dict[str, Any]:
        """Its stored form: plain JSON values (dicts, lists, text, numbers)."""
        out = {
            "procedure": self.procedure.value,
            "turn": self.clock.turn,
            "checks": self.clock.checks,
            "pool": self.pool,
            "last": None if self.last is None else self.last.to_json(),
            "location": self.location,
            "phase": None if self.phase is None else self.phase.value,
            "descent": self.descent,
            "met": self.met,
            "reaction": self.reaction,
        }
        if self.found:
            out["found"] = self.found.to_json()
        return out

    @classmethod
    def from_json(cls, data: Any) -> Exploration:
        """Read its stored form back; a :class:`RulesError` saying what does not fit."""
        if not isinstance(data, dict):
            raise _bad("exploration")
        try:
            procedure = Procedure(data.get("procedure"))
        except ValueError:
            raise _bad("procedure") from None
        last = data.get("last")
        location = data.get("location")
        if location is not None and not (isinstance(location, str) and len(location) <= 40):
            raise _bad("location")
        # Format 1 (and an Undo of it from the log) read a missing phase as Day.
        phase_value = data.get("phase", Phase.DAY.value)
        try:
            phase = None if phase_value is None else Phase(phase_value)
        except ValueError:
            raise _bad("phase") from None
        descent = data.get("descent")
        if descent is not None:
            descent = _int(data, "descent", 1, 6)
        met, reaction = data.get("met", ""), data.get("reaction", False)
        if not isinstance(met, str) or len(met) > 4000:
            raise _bad("met")
        if not isinstance(reaction, bool):
            raise _bad("reaction")
        found = data.get("found")
        return cls(
            procedure,
            TurnClock(turn=_int(data, "turn", 0, 10**6), checks=_int(data, "checks", 0, 10**7)),
            _int(data, "pool", 1, 200),
            None if last is None else Outcome.from_json(last),
            location,
            phase,
            descent,
            met,
            reaction,
            None if found is None else Found.from_json(found, "exploration.found") or None,
        )

    @property
    def violent(self) -> bool:
        """Whether the last encounter is violent (its row was marked so, or the
        Voidcrawl brought a Night Encounter)."""
        return self.found is not None and self.found.violent

    def place(self, library: Library) -> Location | None:
        """The current location, or None when none is chosen or it was deleted."""
        return next((p for p in library.locations if p.id == self.location), None)

    def conditions(self, library: Library) -> Conditions:
        """Day or night, the kind of place and the dark descent (chosen here, or else
        the location's own)."""
        location = self.place(library)
        base = Conditions.at(location, self.phase)
        if self.descent is not None:
            return replace(base, descent=self.descent)
        return base


def tension_settings(values: dict[str, Value]) -> TensionSettings:
    """The Tension Die's settings (starting pool, exploding 6s) from the campaign's values."""
    start = values["tension.start"]
    explode = values["tension.keep_exploding"]
    assert isinstance(start, int) and isinstance(explode, bool)
    return TensionSettings(start, explode)


def depth_limit(values: dict[str, Value]) -> int:
    """How deep linked tables may go, from the campaign's values (else the default)."""
    depth = values.get("tables.depth_limit", DEFAULT_DEPTH)
    if isinstance(depth, bool) or not isinstance(depth, int) or not 0 <= depth <= MAX_DEPTH:
        return DEFAULT_DEPTH
    return depth


@dataclass(frozen=True)
class Met:
    """What a roll on a location's encounter table brought: its text, whether it calls
    for a reaction roll, the steps, and how many came with their stats (:class:`Found`)."""

    text: str
    reaction: bool
    steps: tuple[Step, ...]
    found: Found | None = None


def meet(
    state: Exploration,
    library: Library,
    values: dict[str, Value],
    dice: Dice,
    violent: str = TABLE_VIOLENT,
) -> Met:
    """Roll on the current location's encounter table: what is met, whether it calls
    for a reaction roll, the steps (a line saying why nothing was rolled, if so), and
    how many came with their stats. A violent row says so with ``violent``, the line of
    the campaign's game (:attr:`omen.campaign.spec.GameSpec.violent`)."""
    location = state.place(library)
    if location is None:
        return Met("", False, (Step(N_("No location is chosen: make up the encounter.")),))
    if location.encounter is None or library.find_table(location.encounter) is None:
        return Met(
            "",
            False,
            (
                Step(
                    N_("{location} has no encounter table: make up the encounter."),
                    {"location": location.name},
                ),
            ),
        )
    result = roll_encounter(library, location.id, dice, depth_limit(values), violent)
    return Met(result.text, result.reaction, result.steps, result.found or None)


def sign(
    state: Exploration,
    library: Library,
    values: dict[str, Value],
    dice: Dice,
    violent: str = TABLE_VIOLENT,
) -> tuple[str, tuple[Step, ...]]:
    """Roll on the current location's sign table: the sign, omen or clue in words, and
    the steps. A location without a sign table (or no location) rolls nothing: the game
    master describes the sign as before.

    >>> from omen.campaign.tables import Entry, Table
    >>> from omen.core.dice import ScriptedDice
    >>> crows = Table("crows", "Omens", "d6", (Entry("Crows circle the mill", 1, 6),))
    >>> here = Library((crows,), (Location("mill", "The mill", ("crows",), signs="crows"),))
    >>> sign(Exploration(location="mill"), here, {}, ScriptedDice([4]))[0]
    'Crows circle the mill'
    """
    location = state.place(library)
    if location is None or location.signs is None or library.find_table(location.signs) is None:
        return "", ()
    result = roll_table(library, location.signs, dice, depth_limit(values), violent)
    return result.text, result.steps


def check(
    state: Exploration,
    values: dict[str, Value],
    dice: Dice,
    *,
    advance: bool,
    library: Library | None = None,
    voidcrawl: Voidcrawl | None = None,
    investigators: Sequence[str] = (),
    game: str = "",
) -> tuple[Exploration, Outcome]:
    """One encounter check: ``advance`` for Next turn, not for Draw attention.

    With a ``library``, an encounter rolls on the current location's encounter table;
    the Voidcrawl uses ``voidcrawl`` (the rules' d6 when None) and picks an Omen's
    investigator from ``investigators``. The turn and a table's violent row are said
    in ``game``'s words (its GameSpec's ``turn`` and ``violent``; Liminal Horror's and
    the tables' own when no game is named).
    """
    spec = games.game_of(game) if game else None
    return _turn_check(
        state,
        values,
        dice,
        advance=advance,
        library=library,
        voidcrawl=voidcrawl,
        investigators=investigators,
        violent=spec.violent if spec else TABLE_VIOLENT,
        words=spec.turn if spec else CHECKS_TURN,
    )


def _turn_check(
    state: Exploration,
    values: dict[str, Value],
    dice: Dice,
    *,
    advance: bool,
    library: Library | None = None,
    voidcrawl: Voidcrawl | None = None,
    investigators: Sequence[str] = (),
    violent: str = TABLE_VIOLENT,
    words: TurnWords = CHECKS_TURN,
) -> tuple[Exploration, Outcome]:

    clock = state.clock.next_turn() if advance else state.clock.draw_attention()
    why = Step(words.begins if advance else words.attention, {"turn": clock.turn})
    met, reaction, found = "", False, None
    if state.procedure is Procedure.VOIDCRAWL:
        crawl = voidcrawl_check(
            voidcrawl or default_voidcrawl(),
            library or Library(),
            state.conditions(library or Library()),
            dice,
            VoidcrawlSettings.from_values(values),
            investigators,
            depth_limit(values),
            violent,
        )
        steps = [why, *crawl.steps]
        crawl_kind = crawl.kind.value if crawl.happened else "nothing"
        if crawl.happened and crawl.kind in (Kind.DAY_ENCOUNTER, Kind.NIGHT_ENCOUNTER):
            crawl_kind = EncounterKind.ENCOUNTER.value
            if crawl.table is not None:
                met, reaction = crawl.table.text, crawl.table.reaction
                found = crawl.table.found or None
            elif library is not None:
                meeting = meet(state, library, values, dice, violent)
                met, reaction, found = meeting.text, meeting.reaction, meeting.found
                steps.extend(meeting.steps)
            if crawl.kind is Kind.NIGHT_ENCOUNTER:  # a horror, now: violent by the rule
                found = replace(found or Found(), violent=True)
        outcome = Outcome(crawl.title, tuple(steps), crawl_kind)
        new = replace(state, clock=clock, last=outcome, met=met, reaction=reaction, found=found)
        return new, outcome
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
        more: tuple[Step, ...] = ()
        if kind is EncounterKind.ENCOUNTER and library is not None:
            meeting = meet(state, library, values, dice, violent)
            met, reaction, more, found = (
                meeting.text,
                meeting.reaction,
                meeting.steps,
                meeting.found,
            )
        outcome = Outcome(title, (why, *result.steps, *more), kind.value)
        new = replace(
            state,
            clock=clock,
            pool=result.pool_after,
            last=outcome,
            met=met,
            reaction=reaction,
            found=found,
        )
        return new, outcome
    state = replace(state, clock=clock)
    return _encounter_die(state, values, dice, why, library, violent)


def _encounter_die(
    state: Exploration,
    values: dict[str, Value],
    dice: Dice,
    why: Step,
    library: Library | None,
    violent: str = TABLE_VIOLENT,
) -> tuple[Exploration, Outcome]:
    """The Encounter Die's check: an encounter rolls on the location's encounter table,
    a sign on its sign table (when it has one), whose words go into the headline."""
    rolled = encounter_die(dice)
    title = Step(
        N_("Encounter Die {face}: {meaning}"),
        {"face": rolled.face, "meaning": Step(KIND_TEXT[rolled.kind])},
    )
    met, reaction, found = "", False, None
    more: tuple[Step, ...] = ()
    if rolled.kind is EncounterKind.ENCOUNTER and library is not None:
        meeting = meet(state, library, values, dice, violent)
        met, reaction, more, found = meeting.text, meeting.reaction, meeting.steps, meeting.found
    if rolled.kind is EncounterKind.SIGN and library is not None:
        words, more = sign(state, library, values, dice, violent)
        if words:
            title = Step(
                N_("Encounter Die {face}: a sign, omen or clue: {sign}"),
                {"face": rolled.face, "sign": words},
            )
    outcome = Outcome(title, (why, *rolled.steps, *more), rolled.kind.value)
    new = replace(state, last=outcome, met=met, reaction=reaction, found=found)
    return new, outcome


def reset_pool(state: Exploration, values: dict[str, Value]) -> Exploration:
    """The exploration with the Tension Die's pool back at its starting size; its last
    result says so, so the headline never shows a pool from before the reset (who was
    met stays, with the encounter still to run)."""
    start = tension_settings(values).start
    outcome = Outcome(
        Step(N_("The tension pool is reset to {pool}."), {"pool": start}), (), "reset"
    )
    return replace(state, pool=start, last=outcome)


def _phase_kept(data: Any) -> Any:
    """Format 1 to 2: a phase may now be null (no day/night cycle). Format 1 read a
    missing phase as Day, so that is what such a save keeps."""
    if not isinstance(data, dict):
        raise _bad("exploration")
    return {**data, "phase": data.get("phase", Phase.DAY.value)}


EXPLORATION = Schema("exploration", 2, {1: _phase_kept}, Exploration.from_json)


# --- campaign settings ---------------------------------------------------------------


# The name a new campaign has until the game master gives it one; shown translated.
DEFAULT_CAMPAIGN_NAME = N_("My campaign")


@dataclass(frozen=True)
class Campaign:
    """The campaign's name, its game, and every rules setting."""

    name: str = DEFAULT_CAMPAIGN_NAME
    game: str = "liminal_horror"
    values: dict[str, Value] = field(default_factory=settings.defaults)

    def to_json(self) -> dict[str, Any]:
        """Its stored form: plain JSON values (dicts, lists, text, numbers)."""
        return {"name": self.name, "game": self.game, "settings": dict(self.values)}

    @classmethod
    def from_json(cls, data: Any) -> Campaign:
        """Read its stored form back; a :class:`RulesError` saying what does not fit."""
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
    """How this device shows Omen: language, theme, what a roll feels and sounds like,
    whether the game master dismissed the hint on how to install Omen (shown on iOS
    Safari, which offers no install prompt), and whether Omen has asked which game the
    table plays.

    ``vibrate`` buzzes the phone on a roll (where the browser can), ``sound`` plays a short
    dice rattle; both stay quiet when the device asks for reduced motion.

    ``game_asked``: a first start asks once which game the table plays (and offers its
    example campaign); the answer goes to the campaign, this says the question was put.
    Preferences saved by an Omen before format 3 come from a game master who used Omen
    before the question existed: they are not asked (see :func:`ask_for_game`).

    >>> Prefs.from_json({"language": "cs"})
    Prefs(language='cs', theme='auto', vibrate=True, sound=False, install_hint_seen=False, game_asked=False)
    """

    language: str = ""  # "" until chosen: follow the browser
    theme: str = "auto"
    vibrate: bool = True
    sound: bool = False
    install_hint_seen: bool = False
    game_asked: bool = False

    def to_json(self) -> dict[str, Any]:
        """Its stored form: plain JSON values (dicts, lists, text, numbers)."""
        return {
            "language": self.language,
            "theme": self.theme,
            "vibrate": self.vibrate,
            "sound": self.sound,
            "install_hint_seen": self.install_hint_seen,
            "game_asked": self.game_asked,
        }

    @classmethod
    def from_json(cls, data: Any) -> Prefs:
        """Read its stored form back; a :class:`RulesError` saying what does not fit."""
        if not isinstance(data, dict):
            raise _bad("prefs")
        language = data.get("language", "")
        theme = data.get("theme", "auto")
        flags: dict[str, Any] = {}
        for name, default in (
            ("vibrate", True),
            ("sound", False),
            ("install_hint_seen", False),
            ("game_asked", False),
        ):
            flags[name] = data.get(name, default)
            if not isinstance(flags[name], bool):
                raise _bad(name)
        if language not in ("", *LANGUAGES):
            raise _bad("language")
        if theme not in THEMES:
            raise _bad("theme")
        return cls(language, theme, **flags)


def _prefs_1_to_2(data: Any) -> Any:
    """Format 1 had no roll feedback and no install hint: a buzz where the device can, no
    sound, and the hint not dismissed yet."""
    if not isinstance(data, dict):
        return data
    return {**data, "vibrate": True, "sound": False, "install_hint_seen": False}


def _prefs_2_to_3(data: Any) -> Any:
    """Format 2 had no first-start question: whoever saved it used Omen before the
    question existed, and their campaign already has its game, so it counts as asked."""
    if not isinstance(data, dict):
        return data
    return {**data, "game_asked": True}


PREFS = Schema("prefs", 3, {1: _prefs_1_to_2, 2: _prefs_2_to_3}, Prefs.from_json)


# --- the screen on show --------------------------------------------------------------


SCREEN_NAMES = 24  # the longest screen name a view may hold


@dataclass(frozen=True)
class View:
    """The screen this device showed last (``"tests"``, ``"crew"`` ...; ``""``: none
    yet), so a reload reopens the screen the game master was on: stress still to give on
    Tests waits there, not behind Explore. The page checks the name against its screens
    (one it does not know opens Explore).

    >>> View.from_json({"screen": "tests"})
    View(screen='tests')
    >>> View.from_json({"screen": "<b>"})
    Traceback (most recent call last):
    omen.core.errors.StoredDataError: The saved value 'screen' is missing or damaged.
    """

    screen: str = ""

    def to_json(self) -> dict[str, Any]:
        """Its stored form: plain JSON values."""
        return {"screen": self.screen}

    @classmethod
    def from_json(cls, data: Any) -> View:
        """Read its stored form back; a :class:`RulesError` saying what does not fit."""
        if not isinstance(data, dict):
            raise _bad("view")
        screen = data.get("screen", "")
        if not isinstance(screen, str) or len(screen) > SCREEN_NAMES:
            raise _bad("screen")
        if any(not ("a" <= letter <= "z" or letter == "_") for letter in screen):
            raise _bad("screen")
        return cls(screen)


VIEW = Schema("view", 1, {}, View.from_json)


def ask_for_game(prefs: Prefs | None, stored: Iterable[str]) -> bool:
    """Whether a start asks which game the table plays: only a first start does.

    ``prefs`` are the stored preferences (None when none loaded) and ``stored`` the kinds
    of every other value this device holds. Preferences say it themselves; without them,
    a device that holds anything else (a campaign, tables, a log) belongs to a game
    master who has used Omen already, and who is not asked as if new.

    >>> ask_for_game(None, []), ask_for_game(None, ["library"]), ask_for_game(Prefs(), [])
    (True, False, True)
    >>> ask_for_game(Prefs(game_asked=True), [])
    False
    """
    if prefs is not None:
        return not prefs.game_asked
    return not any(kind != "prefs" for kind in stored)


# --- the roll log --------------------------------------------------------------------

# What Undo can put back: an undo kind is a stored part (its data saved with the part's
# format and read with the part's own check), or a group of parts saved together, or one
# of the kinds below that are the adapter's own.
MANY = "many"  # an action that changed several kinds: {kind: data}, each kind as below
# The table screen's library and Voidcrawl set-up, as one undo: {name: data}, each name
# one part (the screen restores both at once).
GROUPS = {"tables": {"library": "library", "setup": "voidcrawl"}}
# The undo kind of an action that kept the whole campaign from before it, its log
# included (an import, a restored backup): Undo puts all of it back, and the action's
# entry goes on top of the log put back, marked undone (see Log.with_undone). Its data
# is the token of the copy kept under ``omen/before_import``.
WHOLE_CAMPAIGN = "kept"
# The table editor's draft as it was before an entry was removed from it.
TABLE_DRAFT = "table-draft"
NOT_UNDONE = frozenset({"log", "before_import"})  # parts no action's Undo puts back


def _undo_part(kind: str) -> Schema[Any]:
    """The schema of a part an Undo can put back (the kind is checked against the
    registry of stored parts)."""
    from omen.campaign import parts

    part = parts.PARTS.get(kind)
    if part is None or kind in NOT_UNDONE:
        raise _bad("log entry.before")
    return part.schema


def _group_part(group: str, name: Any) -> str:
    part = GROUPS[group].get(name)
    if not isinstance(part, str):
        raise _bad("log entry.before")
    return part


def _own_undo(kind: str, data: Any) -> Any:
    if kind == WHOLE_CAMPAIGN:
        if not isinstance(data, str) or not 0 < len(data) <= 100:
            raise _bad("log entry.before")
        return data
    if kind == TABLE_DRAFT:
        from omen.campaign.tables import Table

        if not isinstance(data, dict) or not isinstance(data.get("new"), bool):
            raise _bad("log entry.before")
        die = data.get("die")
        if die is not None and not isinstance(die, str):
            raise _bad("log entry.before")
        Table.from_json(data.get("draft"), "draft")
        return data
    raise _bad("log entry.before")


def _part_data(kind: str, wrapped: Any) -> Any:
    """One part's data from a log entry, checked as the part's own storage checks it and
    brought up to the part's current format (so Undo never hands old data to a loader)."""
    from omen.core.store import upgrade

    if not isinstance(wrapped, dict) or set(wrapped) != {"schema", "data"}:
        raise _bad("log entry.before")
    return upgrade(_undo_part(kind), wrapped["schema"], wrapped["data"])[0]


def before_from_json(data: Any) -> tuple[str, Any] | None:  # noqa: C901 (each stored field checked in turn, as the format lists them)
    """A log entry's undo data, checked and migrated; None when the entry has none.

    >>> before_from_json({"kind": "exploration", "schema": 1,
    ...     "data": {"procedure": "tension_die", "turn": 2, "checks": 2, "pool": 18}})[1]["phase"]
    'day'
    >>> before_from_json({"kind": "crew", "schema": 1, "data": {"characters": "many"}})
    Traceback (most recent call last):
    omen.core.errors.StoredDataError: Stored data does not fit: crew.characters must be a list of at most 50 characters.
    """
    from omen.core.errors import RulesError

    if data is None:
        return None
    if not isinstance(data, dict) or not isinstance(data.get("kind"), str):
        raise _bad("log entry.before")
    kind = data["kind"]
    try:
        if kind == MANY:
            many = data.get("data")
            if not isinstance(many, dict) or not many or set(data) != {"kind", "data"}:
                raise _bad("log entry.before")
            checked: dict[str, Any] = {}
            for name, member in many.items():
                if name == MANY or not isinstance(member, dict) or member.get("kind") != name:
                    raise _bad("log entry.before")
                found = before_from_json(member)
                assert found is not None
                checked[name] = found[1]
            return MANY, checked
        if kind in GROUPS:
            group = data.get("data")
            if not isinstance(group, dict) or not group or set(data) != {"kind", "data"}:
                raise _bad("log entry.before")
            return kind, {str(k): _part_data(_group_part(kind, k), v) for k, v in group.items()}
        if kind in (WHOLE_CAMPAIGN, TABLE_DRAFT):
            return kind, _own_undo(kind, data.get("data"))
        return kind, _part_data(kind, {"schema": data.get("schema"), "data": data.get("data")})
    except StoredDataError:
        raise
    except RulesError as error:
        raise StoredDataError(error.message) from None


def checked_before(before: tuple[str, Any] | None) -> tuple[str, Any] | None:
    """Undo data as it will load back: the check a log entry's data passes when it is
    read, made when it is written (a wiring bug then fails where it is made)."""
    return None if before is None else before_from_json(before_to_json(before))


def before_to_json(before: tuple[str, Any]) -> dict[str, Any]:
    """The stored form of undo data: each part's data with its part's current format."""
    kind, data = before
    if kind == MANY:
        if not isinstance(data, dict) or MANY in data:
            raise _bad("log entry.before")
        return {"kind": MANY, "data": {k: before_to_json((k, v)) for k, v in data.items()}}
    if kind in GROUPS:
        if not isinstance(data, dict):
            raise _bad("log entry.before")
        wrapped = {
            k: {"schema": _undo_part(_group_part(kind, k)).current, "data": v}
            for k, v in data.items()
        }
        return {"kind": kind, "data": wrapped}
    if kind in (WHOLE_CAMPAIGN, TABLE_DRAFT):
        return {"kind": kind, "data": data}
    return {"kind": kind, "schema": _undo_part(kind).current, "data": data}


@dataclass(frozen=True)
class Entry:
    """One line of the session's memory. ``before`` restores the state it changed:
    ``(kind, data)`` with data in the part's JSON form at its current format."""

    id: int
    at: str  # ISO time, for people
    title: Step
    steps: tuple[Step, ...]
    text: str  # the line as first shown, for the shell before Python is ready
    undone: bool = False
    before: tuple[str, Any] | None = None  # (kind, data in JSON form)

    def to_json(self) -> dict[str, Any]:
        """Its stored form: plain JSON values (dicts, lists, text, numbers)."""
        out: dict[str, Any] = {
            "id": self.id,
            "at": self.at,
            "title": self.title.to_json(),
            "steps": [s.to_json() for s in self.steps],
            "text": self.text,
            "undone": self.undone,
        }
        if self.before is not None:
            out["before"] = before_to_json(self.before)
        return out

    @classmethod
    def from_json(cls, data: Any) -> Entry:
        """Read its stored form back; a :class:`RulesError` saying what does not fit."""
        if not isinstance(data, dict):
            raise _bad("log entry")
        try:
            before = before_from_json(data.get("before"))
            steps = data.get("steps")
            if not isinstance(steps, list):
                raise _bad("log entry.steps")
            text, at, undone = data.get("text"), data.get("at"), data.get("undone", False)
            if not isinstance(text, str) or not isinstance(at, str) or not isinstance(undone, bool):
                raise _bad("log entry")
            if len(text) > 4000 or len(at) > 40:
                raise _bad("log entry")
            return cls(
                _int(data, "id", 0, 10**12),
                at,
                read_step(data.get("title")),
                tuple(read_step(s) for s in steps),
                text,
                undone,
                before,
            )
        except ValueError:
            raise _bad("log entry") from None


@dataclass(frozen=True)
class Older:
    """Where the older entries of a log kept as pages are: pages ``first`` to ``last``
    (``omen/log/<n>``), each of exactly ``size`` entries, oldest page first."""

    first: int
    last: int
    size: int

    @property
    def pages(self) -> range:
        """The numbers of the older pages, oldest first."""
        return range(self.first, self.last + 1)

    def to_json(self) -> dict[str, Any]:
        """Its stored form."""
        return {"first": self.first, "last": self.last, "size": self.size}

    @classmethod
    def from_json(cls, data: Any) -> Older:
        """Read its stored form back, the page numbers checked."""
        if not isinstance(data, dict) or set(data) != {"first", "last", "size"}:
            raise _bad("log.older")
        last = _int(data, "last", 0, 10**6)
        return cls(_int(data, "first", 1, last + 1), last, _int(data, "size", 1, 1000))


@dataclass(frozen=True)
class Log:
    """Entries newest first. A log kept in storage holds its newest entries here and
    says in ``older`` where the pages of older ones are (see :mod:`omen.campaign.logbook`); a
    log in a backup file, or one page, holds all its entries and no ``older``."""

    entries: tuple[Entry, ...] = ()  # newest first
    older: Older | None = None

    def add(self, at: str, outcome: Outcome, text: str, before: tuple[str, Any] | None) -> Log:
        """The log with a new entry for ``outcome`` on top (the oldest falls off past the limit)."""
        next_id = (self.entries[0].id + 1) if self.entries else 1
        entry = Entry(next_id, at, outcome.title, outcome.steps, text, False, before)
        return Log((entry, *self.entries), self.older)

    def last_undoable(self) -> Entry | None:
        """The newest action that can still be undone (undo goes one step back at a time)."""
        for entry in self.entries:
            if not entry.undone and entry.before is not None:
                return entry
        return None

    def with_undone(self, entry: Entry) -> Log:
        """The log with ``entry`` on top, marked undone: for an Undo that put back a
        whole earlier log, so the action taken back still shows where it happened.

        >>> earlier = Log().add("t1", Outcome(Step("Turn 1"), (), "explore"), "Turn 1", None)
        >>> later = earlier.add("t2", Outcome(Step("Restored"), (), "share"), "Restored", ("kept", "t2"))
        >>> back = earlier.with_undone(later.entries[0])
        >>> [(e.id, e.text, e.undone, e.before) for e in back.entries]
        [(2, 'Restored', True, None), (1, 'Turn 1', False, None)]
        """
        next_id = (self.entries[0].id + 1) if self.entries else 1
        top = replace(entry, id=next_id, undone=True, before=None)
        return Log((top, *self.entries), self.older)

    def mark_undone(self, entry_id: int) -> Log:
        """The log with the entry ``entry_id`` marked undone."""
        return Log(
            tuple(replace(e, undone=True) if e.id == entry_id else e for e in self.entries),
            self.older,
        )

    def to_json(self) -> dict[str, Any]:
        """Its stored form: plain JSON values (dicts, lists, text, numbers)."""
        out: dict[str, Any] = {"entries": [e.to_json() for e in self.entries]}
        if self.older is not None:
            out["older"] = self.older.to_json()
        return out

    @classmethod
    def from_json(cls, data: Any) -> Log:
        """Read its stored form back; a :class:`RulesError` saying what does not fit."""
        if not isinstance(data, dict) or not isinstance(data.get("entries"), list):
            raise _bad("log")
        entries = tuple(Entry.from_json(e) for e in data["entries"])
        ids = [e.id for e in entries]
        if any(newer <= older for newer, older in pairwise(ids)):
            raise _bad("log entry.id")  # newest first, each id once
        older = data.get("older")
        return cls(entries, None if older is None else Older.from_json(older))


def _before_1_to_2(before: Any) -> Any:
    """Undo data of format 1 had no format number: it is given format 1 of its part
    (every part was at format 1 then, or reads format 1 alike: an exploration without
    a phase is Day either way)."""
    if not isinstance(before, dict) or not isinstance(before.get("kind"), str):
        return before
    kind, data = before["kind"], before.get("data")
    if kind == MANY and isinstance(data, dict):
        many = {k: _before_1_to_2({"kind": k, "data": v}) for k, v in data.items()}
        return {"kind": MANY, "data": many}
    if kind in GROUPS and isinstance(data, dict):
        return {"kind": kind, "data": {k: {"schema": 1, "data": v} for k, v in data.items()}}
    if kind in (WHOLE_CAMPAIGN, TABLE_DRAFT):
        return {"kind": kind, "data": data}
    return {"kind": kind, "schema": 1, "data": data}


def _log_1_to_2(data: Any) -> Any:
    """Format 1 to 2: each entry's undo data carries its part's format."""
    if not isinstance(data, dict) or not isinstance(data.get("entries"), list):
        raise _bad("log")
    entries = [
        {**e, "before": _before_1_to_2(e["before"])} if isinstance(e, dict) and "before" in e else e
        for e in data["entries"]
    ]
    return {**data, "entries": entries}


LOG = Schema("log", 2, {1: _log_1_to_2}, Log.from_json)

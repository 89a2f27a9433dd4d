"""The store: the one place the page keeps Omen's state, saves it and says what changed.

Every stored part (:data:`omen.campaign.parts.PARTS`) has one value here. A screen reads a part
with :meth:`Store.get` and changes it through the store:

- :meth:`Store.put` keeps a new value and saves it (a choice in a form: no log entry);
- :meth:`Store.act` is one action of the game master: it keeps the new values, saves
  them, remembers the old ones for Undo and adds the outcome to the log;
- :meth:`Store.undo` puts back what the last undoable entry changed.

After each change the store tells the screens that subscribed to the parts changed, once
per action (:meth:`Store.subscribe`). No screen keeps its own copy of a part or reads
another screen's: the Explore screen reads the tables library here, not from Tables.

A part not stored yet starts from its fresh value, declared in :data:`FRESH`. The
modules behind a fresh value are imported when it is first needed, so a start pays only
for the parts on show.

An action's log entry, and the saving of the parts it changed, happen after the frame
that shows the action, when the page gives the store ``defer`` (:meth:`Store.write_waiting`):
the entry's undo data made into JSON, checked and pushed onto the log's newest page is
about a quarter of a Next turn's work, each changed part made into JSON another tenth, and
nothing on screen needs either in that frame (the page shows the values the store holds).
Whatever waits is written before anything reads the log (:attr:`Store.log`, Undo, another
tab's page), before another tab's change is taken in, before the next event and when the
page is hidden or closed (the app calls :meth:`Store.write_waiting` there), so nothing is
lost.

The log is kept in pages (:class:`omen.campaign.logbook.LogBook`): :attr:`Store.log` is the log
book (its newest entries, older ones on demand, Undo's entry on whichever page), and a
tap writes its newest page only. ``get("log")`` is the whole log as one value, for a
backup; ``put``, ``hold`` and ``replace`` of the log lay a whole log out as pages.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Sequence
from itertools import islice
from typing import Any

from omen.campaign import parts
from omen.campaign.logbook import LogBook
from omen.campaign.state import WHOLE_CAMPAIGN, Entry, Outcome
from omen.core.roll import Step
from omen.core.store import Keeper

Listener = Callable[[frozenset[str]], None]
MANY = "many"  # a log entry's undo data for an action that changed several parts
# Undo data written by earlier versions under names that are not parts.
EXAMPLE = ("library", "voidcrawl")  # the parts the example campaign fills on a new device
LOOK_BACK = 200  # how far back a screen looks in the log for the last result it showed
OLD_UNDO = {"tables": {"library": "library", "setup": "voidcrawl"}}


def _fresh_exploration(store: Store) -> Any:
    from omen.campaign.state import Exploration, tension_settings

    return Exploration(pool=tension_settings(store.get("campaign").values).start)


def _example(store: Store) -> dict[str, Any]:
    """The example campaign's tables and Voidcrawl, for a device that has neither."""
    from omen.campaign.example import example_campaign
    from omen.campaign.voidcrawl import CrawlSetup

    example = example_campaign(store.language())
    setup = CrawlSetup(example.voidcrawl, example.investigators, example=True)
    return {"library": example.library, "voidcrawl": setup}


def _fresh_library(store: Store) -> Any:
    from omen.campaign.tables import Library

    return Library()


def _fresh_voidcrawl(store: Store) -> Any:
    from omen.campaign.voidcrawl import CrawlSetup, default_voidcrawl

    return CrawlSetup(default_voidcrawl())


def _fresh(at: str) -> Callable[[Store], Any]:
    def make(_store: Store) -> Any:
        from omen.campaign.spec import named

        return named(at)()

    return make


def _fresh_parts() -> dict[str, Callable[[Store], Any]]:
    """Each game's parts as their GameSpec declares them fresh (read without importing
    the game's procedures: only the names are kept)."""
    from omen.campaign.games import GAMES

    return {part.kind: _fresh(part.fresh) for game in GAMES.values() for part in game.parts}


def _undo_data(old: dict[str, Any]) -> tuple[str, Any] | None:
    """What Undo puts back for an action that changed the parts ``old`` holds (their
    values before it): one part's data, several parts' (:data:`MANY`), or nothing."""
    before = {kind: value.to_json() for kind, value in old.items()}
    if not before:
        return None
    if len(before) == 1:
        return next(iter(before.items()))
    return (MANY, before)


# What each part is before anything is stored: a function of the store, because some
# start from another part (the Tension Die pool from the campaign's settings).
FRESH: dict[str, Callable[[Store], Any]] = {
    "prefs": _fresh("omen.campaign.state:Prefs"),
    "view": _fresh("omen.campaign.state:View"),
    "campaign": _fresh("omen.campaign.state:Campaign"),
    "log": _fresh("omen.campaign.state:Log"),
    "exploration": _fresh_exploration,
    "meeting": _fresh("omen.campaign.meeting:Meeting"),
    "library": _fresh_library,
    "voidcrawl": _fresh_voidcrawl,
    "timers": _fresh("omen.campaign.timers:Timers"),
    "players_shown": _fresh("omen.campaign.players:Showing"),
    "players_seats": _fresh("omen.campaign.seats:Seating"),
    **_fresh_parts(),
}


class Store:
    """Omen's state in the page: one value per stored part, saved through a keeper.

    ``language`` says the current language (the example campaign is written in it);
    ``recorded`` runs after every log entry an action adds (the roll's buzz and sound).
    """

    def __init__(
        self,
        keeper: Keeper,
        stamp: str,
        now: Callable[[], str],
        title: Callable[[Step], str],
        language: Callable[[], str],
    ) -> None:
        self.keeper = keeper
        self.stamp = stamp
        self.now = now
        self.title = title  # an outcome's headline as shown now, kept for the shell
        self.language = language
        self.values: dict[str, Any] = {}
        self.listeners: list[tuple[frozenset[str], Listener]] = []
        # How a part's value becomes the data stored (default: its ``to_json()``).
        self.encoders: dict[str, Callable[[Any], Any]] = {}
        # Undo of changes that are not a part's value (a table's draft in the editor,
        # the campaign as it was before an import): the screen that keeps it says how.
        self.restorers: dict[str, Callable[[Any], None]] = {}
        # Asked for a kind of change no restorer is registered for yet: the app builds the
        # screen that keeps it (it registers its restorer as it is built).
        self.wants_restorer: Callable[[str], None] = lambda _kind: None
        self.recorded: Callable[[], None] = lambda: None
        # The entry the last Undo took back, until the next action: a screen that shows
        # a result of its own (not a part's value) takes it down when it is this one.
        self.undone: Entry | None = None
        self._book: LogBook | None = None
        # Asks for write_waiting() soon after the next frame; None: each change is saved
        # and each entry written at once. The parts changed, to be saved (the value as it
        # was changed last); the entries waiting: when, the outcome, its headline and its
        # undo data (made when written, from the old values, never changed in place).
        self.defer: Callable[[], None] | None = None
        self.unsaved: dict[str, Any] = {}
        self.asked = False  # defer() asked, write_waiting() not run since
        self.unwritten: list[tuple[str, Outcome, str, Callable[[], Any]]] = []

    # --- reading -----------------------------------------------------------------

    def get(self, kind: str) -> Any:
        """The value of part ``kind``: loaded the first time, fresh if nothing is stored."""
        if kind == "log":
            return self.book.whole()  # every page read: for a backup, not for a screen
        if kind not in self.values:
            if kind in EXAMPLE and not any(self.stored(part) for part in EXAMPLE):
                # A device with neither tables nor a Voidcrawl starts from the example
                # campaign's, kept as the game master's own from then on.
                self._keep(_example(self))
                return self.values[kind]
            loaded = self.keeper.load(parts.PARTS[kind].schema, self.stamp)
            self.values[kind] = FRESH[kind](self) if loaded is None else loaded
        return self.values[kind]

    def stored(self, kind: str) -> bool:
        """Whether part ``kind`` has a value in storage (or in this page)."""
        return kind in self.values or self.keeper.read(parts.PARTS[kind].key) is not None

    @property
    def book(self) -> LogBook:
        """The log book, opened the first time it is needed (its newest page only), with
        every change and entry that waits written first."""
        self.write_waiting()
        return self._opened()

    def _opened(self) -> LogBook:
        if self._book is None:
            self._book = LogBook(self.keeper, self.stamp)
        return self._book

    @property
    def log(self) -> LogBook:
        """The roll log: ``newest(n)``, ``older(id, n)``, ``last_undoable()``, ``room()``."""
        return self.book

    # --- changing ----------------------------------------------------------------

    def put(self, kind: str, value: Any) -> None:
        """Keep and save a new value of one part, and tell its screens; no log entry."""
        self._keep({kind: value})
        self._tell({kind})

    def act(self, outcome: Outcome | None, **values: Any) -> None:
        """One action of the game master: new values for the parts named, and its outcome
        in the log with the old values, so Undo can put them back."""
        old = {kind: self.get(kind) for kind in values}
        self.undone = None
        self._keep(values)
        changed = set(values)
        if outcome is not None:
            self._add(outcome, lambda: _undo_data(old))
            changed.add("log")
        self._tell(changed)  # once for the action: its parts and the log together

    def record(self, outcome: Outcome, before: tuple[str, Any] | None = None) -> None:
        """Add an entry to the log (``before`` is what Undo puts back, if anything)."""
        self.undone = None
        self._add(outcome, lambda: before)
        self._tell({"log"})

    def _add(self, outcome: Outcome, before: Callable[[], tuple[str, Any] | None]) -> None:
        """Log an outcome now, or after the frame (``defer``): its time and headline are
        taken now, its undo data when it is written."""
        self.unwritten.append((self.now(), outcome, self.title(outcome.title), before))
        if self.defer is None:
            self.write_waiting()
        else:
            self._later()
        self.recorded()

    def _later(self) -> None:
        """Ask for :meth:`write_waiting` after the next frame, once for what waits."""
        if self.defer is not None and not self.asked:
            self.asked = True
            self.defer()

    def write_waiting(self) -> None:
        """Save the parts changed, then write the log entries, that wait, oldest first
        (see the module's text): the parts as an action changes them before its entry."""
        while self.unsaved:
            kind = next(iter(self.unsaved))
            self._save(kind, self.unsaved.pop(kind))
        while self.unwritten:
            at, outcome, text, before = self.unwritten.pop(0)
            self._opened().add(at, outcome, text, before())
        self.asked = False

    def hold(self, kind: str, value: Any) -> None:
        """Keep a value in the page without saving it (one saved already, by another tab
        or by the caller), and tell the part's screens. A whole log is laid out as pages
        (an import or a restore writes it)."""
        if kind == "log":
            self.book.replace(value)
        else:
            self.write_waiting()  # this page's own change first, as the keeper expects
            self.values[kind] = value
        self._tell({kind})

    def replace(self, values: dict[str, Any]) -> None:
        """Many parts at once, as an import or a restore brings them; no log entry."""
        self._keep(values)
        self._tell(set(values))

    def take_in(self, kind: str) -> bool:
        """Take in part ``kind`` as another tab saved it; whether there was a new value."""
        if kind == "log":
            return self.take_in_key(parts.PARTS[kind].key)
        self.write_waiting()  # the keeper then knows of this page's own waiting change
        value = self.keeper.take_in(parts.PARTS[kind].schema)
        if value is None:
            return False
        self.values[kind] = value
        self._tell({kind})
        return True

    def take_in_key(self, key: str) -> bool:
        """Take in a page of a paged part (``omen/log`` or ``omen/log/<n>``) that another
        tab wrote; whether this page took it in (its screens are told)."""
        if not self.book.take_in(key):
            return False
        self._tell({"log"})
        return True

    def undo(self) -> bool:
        """Put back what the last undoable log entry changed; whether there was one."""
        entry = self.book.last_undoable()  # on whichever page it is
        if entry is None or entry.before is None:
            return False
        kind, data = entry.before
        self.undone = entry
        if kind == WHOLE_CAMPAIGN:
            self._restores(kind)
            # The whole campaign before an import, the log included: its restorer puts
            # that log back, with this entry on top, marked undone.
            self.restorers[kind]((data, entry))
            self._tell(set(parts.PARTS))
            return True
        if self._restores(kind):  # what a screen keeps besides the parts
            changes = {kind: data}
        elif kind == MANY:
            changes = dict(data)
        elif kind in OLD_UNDO:
            changes = {OLD_UNDO[kind][name]: value for name, value in data.items()}
        else:
            changes = {kind: data}
        values: dict[str, Any] = {}
        for part, part_data in changes.items():
            if self._restores(part):  # what a screen keeps besides the parts
                self.restorers[part](part_data)
            elif part in parts.PARTS:
                values[part] = parts.PARTS[part].schema.load(part_data)
            else:
                raise RuntimeError(f"nothing restores {part!r}")  # a wiring bug: fail loudly
        self._keep(values)
        self.book.mark_undone(entry.id)  # rewrites the entry's page only
        self._tell({*values, "log"})
        return True

    def took_back(self, title: Step | None, steps: Sequence[Step]) -> bool:
        """Whether the last Undo took back the action that said ``title`` and ``steps``
        (a result a screen shows of its own, which then goes back with it)."""
        undone = self.undone
        return (
            title is not None
            and undone is not None
            and undone.title == title
            and undone.steps == tuple(steps)
        )

    def last_said(self, keys: Collection[str], within: int = LOOK_BACK) -> Entry | None:
        """The result a screen shows of its own, as the log holds it after a reload: the
        newest of the last ``within`` entries whose headline is one of ``keys`` (the
        messages that screen's results say), or None when there is none or Undo took
        it back (the screen showed nothing then either)."""
        for entry in islice(self.book.walk(), within):
            if entry.title.key in keys:
                return None if entry.undone else entry
        return None

    def _restores(self, kind: str) -> bool:
        """Whether ``kind`` is a change a screen restores (not a part's value)."""
        if kind not in self.restorers and kind not in parts.PARTS and kind != MANY:
            self.wants_restorer(kind)
        return kind in self.restorers

    def subscribe(self, kinds: Iterable[str], listener: Listener) -> None:
        """Call ``listener(changed)`` after every change to any of ``kinds``."""
        self.listeners.append((frozenset(kinds), listener))

    # --- inside --------------------------------------------------------------------

    def _keep(self, values: dict[str, Any]) -> None:
        for kind, value in values.items():
            if kind == "log":
                self.book.replace(value)  # a whole log: laid out as pages
                continue
            self.values[kind] = value
            if self.defer is None:
                self._save(kind, value)
            else:
                self.unsaved.pop(kind, None)  # saved once, as it is last changed
                self.unsaved[kind] = value
                self._later()

    def _save(self, kind: str, value: Any) -> None:
        encode = self.encoders.get(kind)
        data = encode(value) if encode is not None else value.to_json()
        self.keeper.save(parts.PARTS[kind].schema, data)

    def _tell(self, changed: set[str]) -> None:
        told = frozenset(changed)
        for kinds, listener in list(self.listeners):
            if kinds & told:
                listener(told)

"""Saved data: one versioned JSON envelope per storage key, and a chain of migrations.

Every value Omen keeps is wrapped as ``{"app": "omen", "kind": K, "schema": N,
"data": ...}``. Reading applies the kind's migrations one schema at a time up to the
current one, then validates the data into records. Anything that does not load raises
:class:`~omen.core.errors.StoredDataError` with a sentence saying why; the browser adapter
then keeps the raw text aside instead of overwriting it: :class:`Keeper` holds those
rules (a damaged value kept aside once, a capped quarantine, changes written once
saving works again, two tabs), over a :class:`Backend` the adapter gives it.

>>> schema = Schema("prefs", 2, {1: lambda d: {**d, "theme": "auto"}}, dict)
>>> decode(schema, '{"app": "omen", "kind": "prefs", "schema": 1, "data": {"language": "cs"}}')
{'language': 'cs', 'theme': 'auto'}
>>> decode(schema, '{"app": "omen", "kind": "prefs", "schema": 3, "data": {}}')
Traceback (most recent call last):
omen.core.errors.StoredDataError: This was saved by a newer version of Omen (format 3); this version reads up to format 2.
"""

from __future__ import annotations

import json
import operator
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from enum import Enum
from itertools import accumulate, count
from typing import Any, Generic, Protocol, TypeVar

from omen.core import roll
from omen.core.errors import RulesError, StoredDataError
from omen.core.roll import N_, Roll, Step

T = TypeVar("T")
PREFIX = "omen/"  # every key Omen stores starts so
# What messages call each kind of stored value: named by the campaign layer
# (omen.campaign.parts names every part it declares as it loads), read here.
_NAMES: dict[str, str] = {}
MAX_TEXT = 4_000_000  # characters; localStorage holds about 5 MB in all
MAX_NESTING = 64  # lists and objects in one another; Omen's own data stays under 40
_NOT_BRACKET = bytes(set(range(256)) - set(b"[]{}"))
_TWO_OR_ZERO = bytes.maketrans(b"[{]}", b"\x02\x02\x00\x00")
_RUN = re.compile(rb"[\[{]+|[\]}]+")


def kind_of(key: str) -> str:
    """The kind of value a storage key holds: what follows ``omen/`` up to the next
    slash, so the pages of a part (``omen/log/3``) are kept aside and named as that part.

    >>> kind_of("omen/log"), kind_of("omen/log/3")
    ('log', 'log')
    """
    return key.removeprefix(PREFIX).partition("/")[0]


def name_kinds(names: Mapping[str, str]) -> None:
    """Name kinds of stored value for messages (:mod:`omen.campaign.parts` names every
    part it declares, so the codec needs no list of parts of its own)."""
    _NAMES.update(names)


def kind_label(kind: str) -> Step:
    """A translatable name for a kind of saved value (as :func:`name_kinds` was told; the
    kind itself if Omen does not store it)."""
    label = _NAMES.get(kind)
    return Step(label, {}) if label is not None else Step(N_("{kind}"), {"kind": kind})


@dataclass(frozen=True)
class Schema(Generic[T]):
    """How one kind of saved value is read: its current format and how to reach it.

    ``migrations[n]`` turns format ``n`` data into format ``n + 1``.
    """

    kind: str
    current: int
    migrations: Mapping[int, Callable[[Any], Any]]
    load: Callable[[Any], T]

    @property
    def key(self) -> str:
        """Its storage key (``omen/`` and the kind)."""
        return PREFIX + self.kind


def encode(schema: Schema[Any], data: Any) -> str:
    """The text to store for ``data`` (already in JSON form) at the current format."""
    return enveloped(schema, compact(data))


def compact(data: Any) -> str:
    """JSON text as Omen stores it: no spaces, and letters as they are (not escaped)."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def enveloped(schema: Schema[Any], text: str) -> str:
    """The text to store for data already written as JSON ``text`` (:func:`compact`):
    the same text :func:`encode` writes for that data, so a part kept as pieces (the
    log, each entry's JSON written once) is stored without writing its JSON again.

    >>> schema = Schema("prefs", 2, {}, dict)
    >>> enveloped(schema, compact({"language": "cs"})) == encode(schema, {"language": "cs"})
    True
    >>> encode(schema, {"language": "cs"})
    '{"app":"omen","kind":"prefs","schema":2,"data":{"language":"cs"}}'
    """
    head = compact({"app": "omen", "kind": schema.kind, "schema": schema.current})
    return head[:-1] + ',"data":' + text + "}"


def json_extent(text: str) -> tuple[int, int]:
    """How deep JSON text nests lists and objects, and the fewest values it can hold,
    found without parsing it.

    The standard ``json`` reader recurses once per level, and in the browser a text
    nested ten thousand deep overflows the interpreter's stack before Python can raise
    anything, so every reader of stored or shared JSON measures the text first. The
    scan drops strings and keeps the brackets, takes away innermost empty pairs a few
    times (each time the depth goes down by one), then counts along the rest by runs of
    brackets. On JSON the depth is exact; on other text it is a fair measure, and the
    scan still takes time linear in the text.

    >>> json_extent('{"a": [1, 2, "[[[x"], "b": {}}')
    (2, 4)
    >>> json_extent("[" * 10_000 + "]" * 10_000)
    (10000, 1)
    """
    if "\\" in text:  # an escaped quote or backslash is no delimiter
        text = text.replace("\\\\", "").replace('\\"', "")
    shape = "".join(text.split('"')[::2]).encode("utf-8", "surrogatepass")
    values = shape.count(b",") + 1
    brackets = shape.translate(None, _NOT_BRACKET)
    if not brackets:
        return 0, values
    removed = 0
    for _ in range(4):  # wide data (many small lists) is gone after these
        # each pair taken away at once (no pair the first replace makes is taken too)
        shorter = brackets.replace(b"[]", b".").replace(b"{}", b".").replace(b".", b"")
        if len(shorter) == len(brackets):
            break
        brackets, removed = shorter, removed + 1
    if sum(map(brackets.count, (b"][", b"]{", b"}[", b"}{"))) > 100_000:
        steps = map(operator.sub, accumulate(brackets.translate(_TWO_OR_ZERO)), count(1))
        return removed + max(0, *steps), values
    deepest = depth = 0
    for run in _RUN.finditer(brackets):
        if run[0][0] in b"[{":
            depth += len(run[0])
            deepest = max(deepest, depth)
        else:
            depth -= len(run[0])
    return removed + deepest, values


def _fail(message: str, **args: Any) -> StoredDataError:
    return StoredDataError(Step(message, args))


def decode(schema: Schema[T], text: str) -> T:
    """Read stored text back into records, migrating old formats on the way."""
    if len(text) > MAX_TEXT:
        raise _fail(N_("The saved data is too large to be Omen's."))
    if json_extent(text)[0] > MAX_NESTING:
        raise _fail(N_("The saved data is nested deeper than {limit} levels."), limit=MAX_NESTING)
    try:
        envelope = json.loads(text)
    except (ValueError, RecursionError):
        raise _fail(N_("The saved data is not valid JSON.")) from None
    if not isinstance(envelope, dict) or envelope.get("app") != "omen":
        raise _fail(N_("The saved data was not written by Omen."))
    if envelope.get("kind") != schema.kind:
        raise _fail(
            N_("This holds {found}, not {expected}."),
            expected=kind_label(schema.kind),
            found=kind_label(str(envelope.get("kind"))[:40]),
        )
    return upgrade(schema, envelope.get("schema"), envelope.get("data"))[1]


def upgrade(schema: Schema[T], version: Any, data: Any) -> tuple[Any, T]:
    """Data saved at format ``version`` brought up to the current format and read: the
    data in its current JSON form and the record. This is the check every stored value
    passes, whether it has a key of its own or is kept inside another (the state a log
    entry's Undo puts back).

    >>> schema = Schema("prefs", 2, {1: lambda d: {**d, "theme": "auto"}}, dict)
    >>> upgrade(schema, 1, {"language": "cs"})[0]
    {'language': 'cs', 'theme': 'auto'}
    >>> upgrade(schema, 3, {})
    Traceback (most recent call last):
    omen.core.errors.StoredDataError: This was saved by a newer version of Omen (format 3); this version reads up to format 2.
    """
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise _fail(N_("The saved data has no readable format number."))
    if version > schema.current:
        raise _fail(
            N_(
                "This was saved by a newer version of Omen (format {found}); "
                "this version reads up to format {current}."
            ),
            found=version,
            current=schema.current,
        )
    try:
        while version < schema.current:
            data = schema.migrations[version](data)
            version += 1
        return data, schema.load(data)
    except StoredDataError:
        raise
    except RulesError as error:
        raise StoredDataError(error.message) from error
    except (
        KeyError,
        TypeError,
        ValueError,
        AttributeError,
        RecursionError,
        OverflowError,
    ) as error:
        raise _fail(
            N_("The saved data (format {version}) could not be read: {detail}."),
            version=version,
            detail=type(error).__name__,
        ) from error


# --- a stored step and a stored roll --------------------------------------------------


def read_step(data: Any) -> Step:
    """A stored step read back: data, never a template to run. It takes only a message
    the engine knows (:mod:`omen.core.catalog`), with exactly that message's arguments,
    each a bounded number or text or a step checked the same way, nested at most
    :data:`~omen.core.roll.MAX_DEPTH` deep; anything else is a
    :class:`~omen.core.errors.StoredDataError`.

    >>> read_step(Step("rolled {face}", {"face": 6}).to_json()).english()
    'rolled 6'
    >>> read_step({"k": "{pool:>400000000}", "a": {"pool": 1}})
    Traceback (most recent call last):
    omen.core.errors.StoredDataError: A saved step names a message Omen does not know: '{pool:>400000000}'.
    """
    return _read_step(data, 1)


def _read_step(data: Any, depth: int) -> Step:  # noqa: C901 (a stored step's every shape refused in turn (hostile input))
    from omen.core import catalog  # only when something stored is read (57 KB)

    if depth > roll.MAX_DEPTH:
        raise _fail(N_("A saved step is nested deeper than {limit} levels."), limit=roll.MAX_DEPTH)
    if not isinstance(data, dict) or not set(data) <= {"k", "a", "p"}:
        raise _fail(N_("A saved step is damaged."))
    key = data.get("k")
    plural = data.get("p")
    raw_args = data.get("a", {})
    if isinstance(key, str) and key not in catalog.IDS:
        key, plural, raw_args = _former(key, plural, raw_args)
    if not isinstance(key, str) or key not in catalog.IDS:
        shown = key[:60] if isinstance(key, str) else ""
        raise _fail(N_("A saved step names a message Omen does not know: '{text}'."), text=shown)
    if plural != catalog.PLURALS[key]:
        raise _fail(N_("A saved step's plural does not belong to '{text}'."), text=key[:60])
    if not isinstance(raw_args, dict) or set(raw_args) != roll.placeholders(key):
        raise _fail(N_("A saved step's values do not fit its message '{text}'."), text=key[:60])
    args: dict[str, roll.ArgValue] = {}
    for name, value in raw_args.items():
        if isinstance(value, dict):
            args[name] = _read_step(value, depth + 1)
        elif isinstance(value, int) and not isinstance(value, bool):
            if abs(value) > roll.MAX_NUMBER:
                raise _fail(N_("A saved step holds a number too large for Omen."))
            args[name] = value
        elif isinstance(value, str):
            if len(value) > roll.MAX_TEXT:
                raise _fail(
                    N_("A saved step holds a text longer than {limit} characters."),
                    limit=roll.MAX_TEXT,
                )
            args[name] = value
        else:
            raise _fail(N_("A saved step holds a value Omen cannot show."))
    return Step(key, args, catalog.PLURALS[key])


def _former(key: str, plural: Any, raw_args: Any) -> tuple[str, Any, Any]:
    """A step stored under a message's old words, as the message that took its place
    (:mod:`omen.core.former`): its key, the plural the catalog gives it and the stored
    values under their new names. Anything else is handed back as it came, to be refused.

    >>> _former("Turn {turn} begins ({minutes} minutes in).", None, {"turn": 2, "minutes": 10})
    ('Turn {turn} begins ({count} minute in).', 'Turn {turn} begins ({count} minutes in).', {'turn': 2, 'count': 10})
    """
    from omen.core import catalog
    from omen.core.former import FORMER  # only when a stored step names an old message

    renamed = FORMER.get(key)
    if renamed is None or not isinstance(raw_args, dict) or set(raw_args) != roll.placeholders(key):
        return key, plural, raw_args  # the old message with other values: not a step Omen wrote
    args = {renamed.fields.get(name, name): value for name, value in raw_args.items()}
    return renamed.key, catalog.PLURALS.get(renamed.key), args


def read_roll(data: Any) -> Roll:
    """A stored roll read back: a bounded whole number and at most
    :data:`~omen.core.roll.MAX_STEPS` steps, each checked as :func:`read_step` does.

    >>> read_roll(Roll(7, (Step("rolled {face}", {"face": 6}),)).to_json()).english()
    'rolled 6 → 7'
    """
    if not isinstance(data, dict) or not set(data) <= {"v", "s"}:
        raise _fail(N_("A saved roll is damaged."))
    value = data.get("v")
    if isinstance(value, bool) or not isinstance(value, int) or abs(value) > roll.MAX_NUMBER:
        raise _fail(N_("A saved roll is damaged."))
    steps = data.get("s", [])
    if not isinstance(steps, list) or len(steps) > roll.MAX_STEPS:
        raise _fail(N_("A saved roll is damaged."))
    return Roll(value, tuple(_read_step(step, 1) for step in steps))


# --- keeping values: copies kept aside, changes not saved yet, two tabs --------------

QUARANTINE = PREFIX + "quarantine/"
ASIDE_COUNT = 20  # copies kept aside at most
ASIDE_CHARS = 2_000_000  # characters kept aside at most, of about 5.2 million in all
ROOM = 5_242_880  # characters a browser keeps for one site's localStorage (keys too)


class Backend(Protocol):
    """Where values are kept: a browser's localStorage, or memory in tests."""

    def get(self, key: str) -> str | None:
        """The text stored under ``key``, or None."""
        ...

    def put(self, key: str, text: str) -> bool:
        """Store ``text``; False when the device refused (full, or switched off)."""
        ...

    def drop(self, key: str) -> None:
        """Forget ``key`` (nothing happens if it is not there)."""
        ...

    def names(self) -> list[str]:
        """Every key stored."""
        ...

    def holds(self, key: str, text: str | None) -> bool:
        """Whether ``key`` holds exactly ``text`` now (None: nothing). Asked before each
        write, to see whether another tab wrote there since this page last did; a
        browser's storage answers it without handing the whole text over."""
        ...


class MemoryBackend:
    """A backend in memory with a browser's quota: keys and values, in characters."""

    def __init__(self, items: Mapping[str, str] | None = None, room: int = ROOM) -> None:
        self.items: dict[str, str] = dict(items or {})
        self.room = room

    def used(self) -> int:
        """Characters stored, keys included (the room counts the same way)."""
        return sum(len(key) + len(value) for key, value in self.items.items())

    def get(self, key: str) -> str | None:
        """The text stored under ``key``, or None."""
        return self.items.get(key)

    def put(self, key: str, text: str) -> bool:
        """Store ``text``; False, storing nothing, when it does not fit the room left."""
        before = len(key) + len(self.items[key]) if key in self.items else 0
        if self.used() - before + len(key) + len(text) > self.room:
            return False
        self.items[key] = text
        return True

    def drop(self, key: str) -> None:
        """Forget ``key``."""
        self.items.pop(key, None)

    def names(self) -> list[str]:
        """Every key stored."""
        return list(self.items)

    def holds(self, key: str, text: str | None) -> bool:
        """Whether ``key`` holds exactly ``text`` (None: nothing).

        >>> MemoryBackend({"omen/prefs": "{}"}).holds("omen/prefs", "{}")
        True
        """
        return self.items.get(key) == text


@dataclass(frozen=True)
class Aside:
    """A copy kept aside: its key (``omen/quarantine/<kind>/<when>~<why>~<digest>``), the
    kind of value it was, and its size in characters."""

    key: str
    kind: str
    chars: int

    @property
    def when(self) -> str:
        """When it was kept aside (an ISO time; older keys hold only that)."""
        rest = self.key.removeprefix(QUARANTINE).partition("/")[2]
        return rest.split("~")[0].removesuffix("-other-tab")


class Refused(Enum):
    """Why a copy could not be kept aside."""

    LIMIT = "limit"  # the copies kept aside are at ASIDE_COUNT or ASIDE_CHARS
    ROOM = "room"  # the device's storage is full


def digest(text: str) -> str:
    """A short name for a value's content, so the same value is kept aside once."""
    import hashlib  # only when a copy is kept aside: a start does not pay for it

    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:16]


class Keeper:
    """Saving and loading through a :class:`Backend`, so that nothing is lost silently.

    - A value that does not load is kept aside under ``omen/quarantine/`` once (by its
      content), and its key is then removed, so the part starts afresh; if it cannot be
      kept aside (no room, or the copies kept aside are at their limit) it stays where
      it is and this page does not overwrite it (the key is *held*).
    - A write that fails is kept in memory (the key is *dirty*) and written by the next
      write that works, or by :meth:`flush`; the game master is told once it is saved.
    - Two tabs: the keeper remembers the text it last read or wrote for each key. If
      another tab wrote something else since, that value is kept aside before this one
      overwrites it. :meth:`take_in` reads another tab's write for a part this tab shows.
    - Given ``later`` (the browser's "soon after this frame"), a write waits: it is in
      the page at once (:meth:`read` gives it back) and reaches storage when ``later``
      calls :meth:`settle`, so a tap's frame does not wait for storage. Anything that
      looks at storage itself settles first, so what it sees is what the page holds.

    >>> told = []
    >>> keeper = Keeper(MemoryBackend({"omen/prefs": "{oops"}), told.append, lambda: "T1")
    >>> keeper.load(Schema("prefs", 1, {}, dict)) is None
    True
    >>> [copy.key for copy in keeper.aside()], keeper.read("omen/prefs")
    (['omen/quarantine/prefs/T1~damaged~935aaf3a54c0648c'], None)
    """

    def __init__(
        self,
        backend: Backend | None,
        notify: Callable[[Step], None],
        now: Callable[[], str],
        later: Callable[[], None] | None = None,
    ) -> None:
        self._backend = backend
        self.notify = notify
        self.now = now
        self.later = later  # asked to call settle() soon; None: every write at once
        self.pending: dict[str, bool] = {}  # written here, waiting for settle(): quiet?
        self.memory: dict[str, str] = {}  # the latest text this page has for each key
        self.known: dict[str, str | None] = {}  # what this page last read or wrote, by key
        self.dirty: set[str] = set()  # changed here, not in storage yet
        self.held: dict[str, str] = {}  # keys not to overwrite until this is kept aside
        self.sizes: dict[str, int] = {}  # the size of values read only to measure them
        self.warned_write = False
        self.warned_limit = False
        # Asked before waiting writes go to storage: a part kept as pieces (the log) takes
        # in what another tab wrote meanwhile, so its own writes are made over that.
        self.before_settle: Callable[[], object] | None = None
        self.syncing = False
        self.needs: dict[str, set[str]] = {}  # keys to be saved before each of these

    @property
    def backend(self) -> Backend | None:
        """Storage itself, once every waiting write is in it (see :meth:`settle`)."""
        if self.pending:
            self.settle()
        return self._backend

    # --- reading ---------------------------------------------------------------------

    def read(self, key: str) -> str | None:
        """The text for ``key``: memory's while a write waits (or with no storage), else storage's."""
        if key in self.pending or key in self.dirty or self._backend is None:
            return self.memory.get(key)
        value = self._backend.get(key)  # no write waits for this key: storage has it
        self.known[key] = value
        return value

    def load(
        self, schema: Schema[T], stamp: str = "", key: str = "", what: Step | None = None
    ) -> T | None:
        """The stored value, or None when there is none or it does not load.

        ``key`` reads one page of a part kept in several (``omen/log/3``) and ``what``
        says in messages which of it was lost (the rest of the part is kept).
        """
        key = key or schema.key
        raw = self.read(key)
        if raw is None:
            return None
        try:
            return decode(schema, raw)
        except StoredDataError as error:
            self._damaged(key, raw, error.message, stamp, what)
            return None

    def refuse(self, key: str, reason: Step, stamp: str = "", what: Step | None = None) -> None:
        """Treat the value under ``key`` as damaged (it loaded, but does not fit what
        holds it, e.g. a log page with the wrong entries): kept aside as :meth:`load`
        keeps a value that does not load."""
        raw = self.read(key)
        if raw is not None:
            self._damaged(key, raw, reason, stamp, what)

    def used(self) -> int:
        """Characters in storage now, keys included (as a browser counts its quota).

        A value this page read or wrote is measured from what it holds; any other is
        read once and its size remembered, so asking again costs a look at the keys.
        """
        if self.backend is None:
            return sum(len(key) + len(text) for key, text in self.memory.items())
        total = 0
        for key in self.backend.names():
            text = self.known.get(key)
            if text is not None:
                size = len(text)
            elif key in self.sizes:
                size = self.sizes[key]
            else:
                size = self.sizes[key] = len(self.backend.get(key) or "")
            total += len(key) + size
        return total

    def _damaged(
        self, key: str, raw: str, reason: Step, stamp: str, page: Step | None = None
    ) -> None:
        kind = kind_of(key)
        aside = self.keep_aside(kind, raw, "damaged", stamp)
        what = kind_label(kind) if page is None else page
        if isinstance(aside, str):
            assert self.backend is not None
            self.backend.drop(key)  # kept safely: the key starts afresh
            self.known[key] = None
            if page is None:
                message = N_(
                    "Omen could not load {what}: {reason} A copy was kept "
                    "aside as {aside}, and that part starts afresh."
                )
            else:
                message = N_(
                    "Omen could not load {what}: {reason} A copy was kept aside as "
                    "{aside}; the rest is kept."
                )
            self.notify(Step(message, {"what": what, "reason": reason, "aside": aside}))
            return
        self.held[key] = raw
        if aside is Refused.LIMIT:
            message = N_(
                "Omen could not load {what}: {reason} The copies kept aside are at their "
                "limit, so this one stays where it is and changes to that part stay in this "
                "page only. Export the kept-aside copies in Settings, then clear them."
            )
        else:
            message = N_(
                "Omen could not load {what}: {reason} There was no room "
                "to keep a copy aside, so Omen will not overwrite it; changes "
                "to that part stay in this page only."
            )
        self.notify(Step(message, {"what": what, "reason": reason}))

    # --- writing ---------------------------------------------------------------------

    def write(
        self,
        key: str,
        text: str,
        quiet: bool = False,
        now: bool = False,
        after: Iterable[str] = (),
    ) -> bool:
        """Store ``text``; False when it could not be (told once, unless ``quiet``).

        ``after`` names keys that must be in storage first (a log's pages before the
        index that names them): while one of them is not saved, neither is this.

        With ``later`` (and not ``now``) the write waits for :meth:`settle` and the
        answer is True: a failure is then told when it is tried.

        >>> asked = []
        >>> keeper = Keeper(MemoryBackend(), [].append, lambda: "T1", lambda: asked.append(1))
        >>> keeper.write("omen/prefs", "{}"), keeper.read("omen/prefs"), len(asked)
        (True, '{}', 1)
        >>> keeper.write("omen/prefs", "{ }"), len(asked)  # still waiting: asked once
        (True, 1)
        >>> keeper.backend.get("omen/prefs")  # a look at storage itself settles first
        '{ }'
        """
        self.memory[key] = text
        if after:
            self.needs.setdefault(key, set()).update(after)
        if self._backend is None:
            return False
        if key not in self.known:  # never read here: the change is made over what is there now
            self.known[key] = self._backend.get(key)
        if self.later is not None and not now:
            if not self.pending:
                self.later()
            self.pending[key] = self.pending.get(key, True) and quiet
            return True
        if self.pending:
            self.settle()  # what waits goes first
        return self._write(key, text, quiet)

    def settle(self) -> None:
        """Write what waits (see :meth:`write`), in the order it was written."""
        if self.pending:
            self._before_writing()  # may add waiting writes of its own
        while self.pending:  # a key that must follow others after them (see write)
            key = min(self.pending, key=lambda name: name in self.needs)
            quiet = self.pending.pop(key)
            self._write(key, self.memory[key], quiet)

    def _before_writing(self) -> None:
        if self.before_settle is not None and not self.syncing:
            self.syncing = True
            try:
                self.before_settle()
            finally:
                self.syncing = False

    def _waits(self, key: str) -> bool:
        """Whether a key ``key`` must follow (see :meth:`write`) is not saved yet."""
        needs = self.needs.get(key)
        if not needs:
            return False
        needs &= self.dirty | set(self.pending) | set(self.held)
        if not needs:
            del self.needs[key]
        return bool(needs)

    def _write(self, key: str, text: str, quiet: bool) -> bool:
        if self._backend is None:
            return False
        if self._waits(key) or key in self.held or not self._put(key, text):
            self.dirty.add(key)
            if not quiet and not self.warned_write and key not in self.held:
                self.warned_write = True
                self.notify(
                    Step(
                        N_(
                            "Omen could not save: the device's storage is full or switched "
                            "off. Everything keeps working, but recent changes are only in "
                            "this page until saving works again. Export your data to be safe."
                        )
                    )
                )
            return False
        self.dirty.discard(key)
        self._flush()
        return True

    def save(self, schema: Schema[Any], data: Any, quiet: bool = False, now: bool = False) -> bool:
        """Encode ``data`` with its schema and write it (see :meth:`write`)."""
        return self.write(schema.key, encode(schema, data), quiet, now)

    def _put(self, key: str, text: str) -> bool:
        assert self._backend is not None
        if not self._crossed(key, text) or not self._backend.put(key, text):
            return False
        self.known[key] = text
        return True

    def _crossed(self, key: str, text: str) -> bool:
        """Keep aside what another tab wrote to ``key`` since this page last saw it
        (unless it wrote ``text`` too); False when that could not be done (the key is
        then held)."""
        assert self._backend is not None
        if key not in self.known or self._backend.holds(key, self.known[key]):
            return True  # never read here, or nothing new there
        there = self._backend.get(key)
        if there is None or there == self.known[key] or there == text:
            return True
        kind = kind_of(key)
        aside = self.keep_aside(kind, there, "other-tab")
        if isinstance(aside, str):
            self.known[key] = there
            self.notify(
                Step(
                    N_(
                        "Another tab changed {what} at the same time as this one. This tab's "
                        "version is saved; the other tab's was kept aside as {aside}."
                    ),
                    {"what": kind_label(kind), "aside": aside},
                )
            )
            return True
        self.held[key] = there
        self.notify(
            Step(
                N_(
                    "Another tab changed {what} while this one did too. There is no room "
                    "to keep its version aside, so this tab will not overwrite it; "
                    "reload this page to see the other tab's version."
                ),
                {"what": kind_label(kind)},
            )
        )
        return False

    def flush(self) -> bool:
        """Write what is only in this page; True when nothing is left unsaved."""
        if self.pending:
            self.settle()
        return self._flush()

    def _flush(self) -> bool:
        if self._backend is None:
            return not self.dirty
        if self.dirty - set(self.held):
            self._before_writing()
        for key in sorted(self.dirty - set(self.held), key=lambda k: (k in self.needs, k)):
            if not self._waits(key) and self._put(key, self.memory[key]):
                self.dirty.discard(key)
        if self.warned_write and not self.dirty - set(self.held):
            self.warned_write = False
            self.notify(
                Step(N_("Omen can save again: the changes kept only in this page are saved."))
            )
        return not self.dirty

    def remove(self, key: str) -> None:
        """Forget what is stored under ``key``."""
        self.memory.pop(key, None)
        self.pending.pop(key, None)
        self.dirty.discard(key)
        if self.backend is None or key in self.held:
            return
        self.backend.drop(key)
        self.known[key] = None

    # --- two tabs --------------------------------------------------------------------

    @property
    def has_storage(self) -> bool:
        """Whether there is storage at all (a browser with it switched off has none)."""
        return self._backend is not None

    def stored(self, key: str) -> str | None:
        """What storage itself holds under ``key`` now, whatever this page waits to write
        there (the way to see whether another tab wrote it since :meth:`known_text`)."""
        return self._backend.get(key) if self._backend is not None else self.memory.get(key)

    def unchanged(self, key: str) -> bool:
        """Whether storage holds under ``key`` what this page last read or wrote there
        (False for a key never read here): nothing another tab wrote since to take in.

        >>> keeper = Keeper(MemoryBackend({"omen/log": "a"}), print, lambda: "")
        >>> keeper.unchanged("omen/log"), keeper.look("omen/log"), keeper.unchanged("omen/log")
        (False, 'a', True)
        """
        if self._backend is None:
            return True
        return key in self.known and self._backend.holds(key, self.known[key])

    def known_text(self, key: str) -> str | None:
        """The text this page last read or wrote under ``key`` in storage (None: none)."""
        return self.known.get(key)

    def look(self, key: str) -> str | None:
        """Read what storage holds under ``key`` and count it as seen: this page's next
        write there is made over it (the caller took it in), so it is not kept aside."""
        value = self.stored(key)
        if self._backend is not None:
            self.known[key] = value
            self.held.pop(key, None)  # taken in: this page's next write carries it
        return value

    def unsaved(self) -> set[str]:
        """The keys this page wrote that storage does not hold yet (waiting or refused)."""
        return set(self.pending) | self.dirty

    def forget(self, key: str) -> None:
        """Drop this page's unsaved write to ``key`` (its content went elsewhere), leaving
        storage as it is."""
        self.memory.pop(key, None)
        self.pending.pop(key, None)
        self.dirty.discard(key)
        self.known.pop(key, None)

    def hold(self, key: str, text: str) -> None:
        """Leave ``text`` under ``key`` alone: this page does not write there until it
        could be kept aside (see :meth:`clear_aside`)."""
        self.held[key] = text

    def is_held(self, key: str) -> bool:
        """Whether this page will not write ``key`` (a value there could not be kept aside)."""
        return key in self.held

    def adopt(self, key: str, text: str) -> None:
        """Take another tab's ``text`` for ``key`` as this page's own: nothing of this
        page's waits to be written there any more."""
        self.memory[key] = text
        self.pending.pop(key, None)
        self.dirty.discard(key)
        self.known[key] = text

    def expect_absent(self, key: str) -> None:
        """Say that ``key`` is to be written as a new key (a log page claimed): if another
        tab has written anything there by then, that is kept aside, not overwritten."""
        if key not in self.known:
            self.known[key] = None

    def seen(self, key: str, value: str | None) -> None:
        """Another tab wrote ``value`` to ``key``, a key this page does not take in."""
        if key not in self.dirty and key not in self.held and key not in self.pending:
            self.known[key] = value

    def take_in(self, schema: Schema[T], key: str = "") -> T | None:
        """Another tab saved ``schema``'s part: its value, for this page to show.

        None when there is nothing to take in: the value is gone, or this page has
        changes of its own waiting to be saved (the other tab's value is then kept
        aside when they are), or the value does not load here (a newer Omen wrote it:
        this page then leaves it alone and says so).
        """
        key = key or schema.key
        if self.backend is None or key in self.dirty or key in self.held:
            return None
        raw = self.backend.get(key)
        if raw is None:
            self.known[key] = None
            return None
        try:
            record = decode(schema, raw)
        except StoredDataError as error:
            self.held[key] = raw
            self.notify(
                Step(
                    N_(
                        "Another tab saved {what}, but this page cannot read it: {reason} "
                        "This page will not overwrite it; reload to see what it holds."
                    ),
                    {"what": kind_label(schema.kind), "reason": error.message},
                )
            )
            return None
        self.known[key] = raw
        return record

    # --- copies kept aside -----------------------------------------------------------

    def aside(self) -> list[Aside]:
        """Every copy kept aside, oldest first (what waits to be written is written first)."""
        if self.pending:
            self.settle()
        return self._aside()

    def _aside(self) -> list[Aside]:
        if self._backend is None:
            return []
        copies = []
        for key in self._backend.names():
            if key.startswith(QUARANTINE):
                text = self._backend.get(key) or ""
                kind = key.removeprefix(QUARANTINE).partition("/")[0]
                copies.append(Aside(key, kind, len(text)))
        return sorted(copies, key=lambda copy: (copy.when, copy.key))

    def keep_aside(self, kind: str, text: str, why: str, stamp: str = "") -> str | Refused:
        """Keep ``text`` aside once (a copy with the same content is not kept again): the
        copy's key, or why it could not be kept."""
        assert self._backend is not None
        name = digest(text)
        copies = self._aside()
        folder = f"{QUARANTINE}{kind}/"
        for copy in copies:
            same = copy.key.startswith(folder) and copy.key.endswith("~" + name)
            if same and self._backend.get(copy.key) == text:
                return copy.key
        held = sum(copy.chars for copy in copies)
        if len(copies) >= ASIDE_COUNT or held + len(text) > ASIDE_CHARS:
            if not self.warned_limit:
                self.warned_limit = True
                self.notify(
                    Step(
                        N_(
                            "The copies Omen keeps aside are at their limit ({size} KB in "
                            "all): nothing more is kept aside, and nothing is removed, until "
                            "you export and clear them in Settings."
                        ),
                        {"size": kilobytes(held)},
                    )
                )
            return Refused.LIMIT
        key = f"{folder}{stamp or self.now()}~{why}~{name}"
        if not self._backend.put(key, text):
            return Refused.ROOM
        return key

    def aside_file(self) -> str:
        """Every copy kept aside, as the text of a file to download."""
        assert self.backend is not None
        copies = [
            {"key": copy.key, "text": self.backend.get(copy.key) or ""} for copy in self.aside()
        ]
        record = {"app": "omen", "kind": "kept_aside", "saved": self.now(), "copies": copies}
        return json.dumps(record, ensure_ascii=False, indent=1)

    def clear_aside(self) -> int:
        """Remove every copy kept aside (after the game master exported them); then keep
        aside what was held for want of room, and save what waited for it. Returns how
        many copies were removed."""
        copies = self.aside()
        if self.backend is None:
            return 0
        for copy in copies:
            self.backend.drop(copy.key)
        self.warned_limit = False
        for key, raw in list(self.held.items()):
            kind = kind_of(key)
            if self.backend.get(key) != raw:
                continue  # changed since (another tab): read again on the next write
            if isinstance(self.keep_aside(kind, raw, "damaged"), Refused):
                continue
            del self.held[key]
            self.known[key] = raw
            if key not in self.dirty:
                self.backend.drop(key)
                self.known[key] = None
        self.flush()
        return len(copies)


def kilobytes(chars: int) -> int:
    """Characters as the kilobytes (1000 bytes, rounded up) a browser stores them in."""
    return -(-2 * chars // 1000)

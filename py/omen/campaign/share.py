"""Sharing by link and by file: one versioned envelope, packed small and checked twice.

**What can be shared.** A table (with every table its entries lead on to), a location
with its tables, a character, the whole crew, or the campaign. Each kind is one entry
in :data:`KINDS`: how its data is read back, and a one-line summary that answers the
question "this link contains…" before anything is imported.

**A link.** The record goes in an envelope ``{"app": "omen", "kind": K, "v": N,
"data": ...}`` written as compact JSON. Omen puts the CRC-32 of that JSON in front of the
zlib-compressed JSON, and writes the bytes in base64url without padding after
``#share=`` in the page address. zlib's own checksum and Omen's CRC-32 together make a
damaged link fail loudly instead of opening as something else.

**A file.** The same envelope as readable JSON, not compressed. The campaign's file
holds every part Omen stores (the exploration turn, campaign settings, preferences and
the log too); a campaign link leaves those out and carries tables, locations, the
Voidcrawl and the crew.

**Opening.** Size is checked before each stage: the text, the unpacked bytes (unpacking
stops at the limit, so a "zip bomb" costs almost nothing), the nesting, the strings and
the number of values, then every field through the records' own readers. A table shared
on its own must also be one the table editor would save. The whole payload loads, or it
is refused with a :class:`ShareError` that says where and why: nothing is half imported.

**Importing.** An item with the same name as one already in the campaign is a conflict
the game master settles: add it as new (a fresh id, and a name like "Wolves (2)"),
replace the one there (it keeps its id, so links to it still work), or keep theirs and
skip the incoming one. Nothing is overwritten without a choice.

>>> from omen.campaign.tables import Entry, Table
>>> wolves = Table("wolves", "Vlci 🐺", "d6", (Entry("[[1d4+1]] vlků", 1, 6),))
>>> fragment = encode_link("table", share_table(Library((wolves,)), "wolves"))
>>> fragment.startswith("share=")
True
>>> shared = decode_link("https://example.org/omen/#" + fragment)
>>> shared.record.table == wolves, shared.summary.english()
(True, "Table 'Vlci 🐺': d6, 1 entry")
>>> decode_link(fragment[:-3])
Traceback (most recent call last):
omen.campaign.share.ShareError: This link is damaged: part of it is missing or changed. Ask for it again.
"""

from __future__ import annotations

import base64
import binascii
import enum
import functools
import json
import re
import zlib
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from omen.campaign import table_checks, tables
from omen.campaign.parts import Place, StoredPart, in_place
from omen.campaign.spec import SharedItems, named
from omen.campaign.tables import Fields, Library, Location, Table
from omen.campaign.voidcrawl import CrawlSetup, Voidcrawl
from omen.core import store
from omen.core.errors import RulesError
from omen.core.roll import N_, Step

APP = "omen"
FRAGMENT = "share="  # the page address ends in #share=<payload>
FRAME = 1  # the layout of the packed bytes: [FRAME][CRC-32 of the JSON][zlib stream]
QR_BYTES = 2953  # a QR code, version 40, error correction L, byte mode
QR_PRACTICAL = 1200  # characters a phone still scans reliably from a screen or paper
MESSENGER_LIMIT = 8000  # characters: above this, offer a file instead of a link
MAX_TABLES = tables.MAX_TABLES  # tables in one shared table or location
_B64 = re.compile(r"[A-Za-z0-9_-]*")
_SUFFIX = re.compile(r"\s\(([0-9]{1,4})\)$")


class ShareError(RulesError):
    """A link or file that cannot be opened or made, with a sentence saying why."""


def _error(message: str, **args: Any) -> ShareError:
    return ShareError(Step(message, args))


@dataclass(frozen=True)
class Limits:
    """How much a link or a file may hold, checked before each stage of opening it."""

    text: int  # characters of the link's payload or of the file
    unpacked: int  # bytes of JSON after decompression (links only)
    depth: int = 40  # nesting of lists and objects
    string: int = 20_000  # characters in one string
    values: int = 300_000  # lists, objects, strings and numbers in all
    number: int = 10**15  # largest whole number


LINK_LIMITS = Limits(text=150_000, unpacked=2_000_000)
FILE_LIMITS = Limits(text=10_000_000, unpacked=10_000_000, values=2_000_000)


# --- the kinds of record that can be shared ------------------------------------------


@dataclass(frozen=True)
class ShareKind:
    """One kind of shared record: how to read it (raising :class:`RulesError` on bad
    data), how to write it, and what to say about it before importing.

    ``version`` is the format written now; ``migrations[n]`` turns format ``n`` data
    into format ``n + 1``, so old links keep opening.
    """

    name: str
    load: Callable[[Any], Any]
    summary: Callable[[Any], Step]
    details: Callable[[Any], tuple[Step, ...]] = lambda record: ()
    dump: Callable[[Any], Any] = lambda record: record.to_json()
    version: int = 1
    migrations: Mapping[int, Callable[[Any], Any]] = field(default_factory=dict)


KINDS: dict[str, ShareKind] = {}


def register(kind: ShareKind) -> ShareKind:
    """Add a kind of shared record (a new kind is one call)."""
    KINDS[kind.name] = kind
    return kind


@dataclass(frozen=True)
class Shared:
    """An opened link or file: the kind, the record, and what to tell the game master."""

    kind: str
    record: Any
    summary: Step  # one line: "Table 'Wolves': d6, 6 entries"
    details: tuple[Step, ...] = ()  # one line per item inside, when there are several


# --- a table, a location -------------------------------------------------------------


def _name_of(data: Any, limit: int) -> str | None:
    name = data.get("name") if isinstance(data, dict) else None
    return name[:limit] if isinstance(name, str) else None


def _read_table(data: Any, path: str) -> Table:
    try:
        return Table.from_json(data, path)
    except RulesError as error:
        name = _name_of(data, tables.MAX_NAME)
        if name is None:
            raise
        raise _error(N_("Table '{name}': {problem}"), name=name, problem=error.message) from None


def _read_tables(fields: Fields, key: str) -> tuple[Table, ...]:
    return tuple(_read_table(item, where) for where, item in fields.items(key, MAX_TABLES))


def _check_tables(found: Sequence[Table]) -> None:
    """Refuse tables the table editor would not save: the first error, named."""
    if len(found) > MAX_TABLES:
        raise _error(N_("A link holds at most {limit} tables."), limit=MAX_TABLES)
    seen: set[str] = set()
    for table in found:
        if table.id in seen:
            raise _error(N_("Two tables in it share the id '{id}'."), id=table.id)
        seen.add(table.id)
    problem = table_checks.library_refusal(Library(tuple(found)))
    if problem is not None:
        raise ShareError(problem)


def _linked(library: Library, start: Iterable[str]) -> list[Table]:
    """The tables named in ``start`` and every table their entries lead on to, in the
    order first met; missing tables are skipped (the editor reports them)."""
    found: dict[str, Table] = {}
    queue = list(start)
    while queue and len(found) <= MAX_TABLES:
        table = library.find_table(queue.pop(0))
        if table is None or table.id in found:
            continue
        found[table.id] = table
        queue.extend(entry.link for entry in table.entries if entry.link is not None)
    return list(found.values())


def _entries(table: Table) -> Step:
    die: str | Step = table.die if table.die is not None else Step(N_("drawn by weight"))
    return Step(
        N_("Table '{name}': {die}, {count} entry"),
        {"name": table.name, "die": die, "count": len(table.entries)},
        plural=N_("Table '{name}': {die}, {count} entries"),
    )


@dataclass(frozen=True)
class TableShare:
    """A table and the tables its entries link to (so the link works on its own)."""

    table: Table
    linked: tuple[Table, ...] = ()

    @property
    def tables(self) -> tuple[Table, ...]:
        """The shared table and the tables it links to."""
        return (self.table, *self.linked)

    def to_json(self) -> dict[str, Any]:
        """Its stored form: plain JSON values (dicts, lists, text, numbers)."""
        return {"table": self.table.to_json(), "linked": [t.to_json() for t in self.linked]}

    @classmethod
    def from_json(cls, data: Any) -> TableShare:
        """Read its stored form back; a :class:`RulesError` saying what does not fit."""
        fields = Fields(data, "shared", ("table", "linked"))
        if fields.raw("table") is None:
            raise _error(N_("The shared table is missing."))
        table = _read_table(fields.raw("table"), "table")
        linked = _read_tables(fields, "linked")
        _check_tables((table, *linked))
        return cls(table, linked)


def share_table(library: Library, table_id: str) -> TableShare:
    """What a link to one table carries: the table and every table it leads on to."""
    table = library.table(table_id)
    return TableShare(table, tuple(_linked(library, [table_id])[1:]))


def _table_summary(record: TableShare) -> Step:
    if not record.linked:
        return _entries(record.table)
    return Step(
        N_("Table '{name}' and {count} linked table"),
        {"name": record.table.name, "count": len(record.linked)},
        plural=N_("Table '{name}' and {count} linked tables"),
    )


@dataclass(frozen=True)
class LocationShare:
    """A location and every table it uses, directly or through links."""

    location: Location
    tables: tuple[Table, ...] = ()

    def to_json(self) -> dict[str, Any]:
        """Its stored form: plain JSON values (dicts, lists, text, numbers)."""
        return {"location": self.location.to_json(), "tables": [t.to_json() for t in self.tables]}

    @classmethod
    def from_json(cls, data: Any) -> LocationShare:
        """Read its stored form back; a :class:`RulesError` saying what does not fit."""
        fields = Fields(data, "shared", ("location", "tables"))
        if fields.raw("location") is None:
            raise _error(N_("The shared location is missing."))
        try:
            location = Location.from_json(fields.raw("location"), "location")
        except RulesError as error:
            name = _name_of(fields.raw("location"), tables.MAX_NAME)
            if name is None:
                raise
            raise _error(
                N_("Location '{name}': {problem}"), name=name, problem=error.message
            ) from None
        found = _read_tables(fields, "tables")
        if not location.name.strip():
            raise _error(N_("The shared location has no name."))
        _check_tables(found)
        ids = {table.id for table in found}
        for table_id in (*location.tables, *filter(None, [location.encounter, location.signs])):
            if table_id not in ids:
                raise _error(
                    N_("Location '{name}' uses a table that is not in it ('{id}')."),
                    name=location.name,
                    id=table_id,
                )
        return cls(location, found)


def share_location(library: Library, location_id: str) -> LocationShare:
    """What a link to a location carries: the location and the tables it needs."""
    location = library.location(location_id)
    used = [*location.tables, *filter(None, [location.encounter, location.signs])]
    return LocationShare(location, tuple(_linked(library, used)))


def _location_summary(record: LocationShare) -> Step:
    return Step(
        N_("Location '{name}' with {count} table"),
        {"name": record.location.name, "count": len(record.tables)},
        plural=N_("Location '{name}' with {count} tables"),
    )


# --- the campaign: every stored part ------------------------------------------------


# Every part a backup holds, in order, from the registry of stored parts; a campaign
# link carries those marked for links (see :mod:`omen.campaign.parts`).
PARTS: dict[str, StoredPart] = {part.kind: part for part in in_place(Place.BACKUP)}

# A game's parts that links and files carry item by item (the crew's characters), each
# with its codec as its game declares it (StoredPart.share), by the kind of one item.
ITEMS: dict[str, SharedItems] = {
    codec.item: codec for codec in (named(part.share) for part in PARTS.values() if part.share)
}


@dataclass(frozen=True)
class Everything:
    """A campaign's stored records by part name (the storage kind, see :data:`PARTS`):
    ``"library"`` a :class:`~omen.campaign.tables.Library`, ``"voidcrawl"`` a
    :class:`~omen.campaign.voidcrawl.CrawlSetup`, a game's own part its record (``"crew"``,
    The End of the World's crew), ``"campaign"``, ``"exploration"``, ``"prefs"``, ``"log"`` the records of
    :mod:`omen.campaign.state`, and so on. Parts not there are simply left out."""

    parts: Mapping[str, Any] = field(default_factory=dict)

    def get(self, name: str, default: Any = None) -> Any:
        """The record of part ``name``, or ``default``."""
        return self.parts.get(name, default)

    def with_part(self, name: str, record: Any) -> Everything:
        """A copy with part ``name`` set to ``record``."""
        return Everything({**self.parts, name: record})

    def for_link(self) -> Everything:
        """Only the parts a campaign link carries."""
        return Everything({k: v for k, v in self.parts.items() if PARTS[k].in_links})

    def to_json(self) -> dict[str, Any]:
        """Its stored form: plain JSON values (dicts, lists, text, numbers)."""
        out = {}
        for name, part in PARTS.items():
            if name in self.parts:
                out[name] = {"schema": part.schema.current, "data": self.parts[name].to_json()}
        unknown = set(self.parts) - set(PARTS)
        if unknown:
            raise _error(
                N_("Omen cannot share a part it does not know: {part}."), part=min(unknown)
            )
        return {"parts": out}

    @classmethod
    def from_json(cls, data: Any) -> Everything:
        """Read its stored form back; a :class:`RulesError` saying what does not fit."""
        fields = Fields(data, "shared", ("parts",))
        raw = fields.raw("parts")
        if not isinstance(raw, dict):
            raise _error(N_("The shared campaign holds no parts."))
        parts: dict[str, Any] = {}
        for name, wrapped in raw.items():
            part = PARTS.get(name)
            if part is None:
                raise _error(
                    N_("It holds a part this version of Omen does not know: {part}."),
                    part=str(name)[:40],
                )
            if not isinstance(wrapped, dict) or set(wrapped) != {"schema", "data"}:
                raise _error(N_("{part}: the part is damaged."), part=Step(part.file_label))
            envelope = {"app": APP, "kind": name, "schema": wrapped["schema"]}
            envelope["data"] = wrapped["data"]
            text = json.dumps(envelope, ensure_ascii=False, allow_nan=False)
            try:
                parts[name] = store.decode(part.schema, text)
            except RulesError as error:
                raise _error(
                    N_("{part}: {problem}"), part=Step(part.file_label), problem=error.message
                ) from None
        library = parts.get("library")
        if library is not None:
            # The same check as a link to a table or a location, but a saved library
            # may name tables that are gone (see table_checks.library_refusal).
            problem = table_checks.library_refusal(library, missing_ok=True)
            if problem is not None:
                label = Step(PARTS["library"].label)
                raise _error(N_("{part}: {problem}"), part=label, problem=problem)
        order = list(PARTS)
        return cls(dict(sorted(parts.items(), key=lambda item: order.index(item[0]))))


@dataclass(frozen=True)
class Kept:
    """The whole campaign as it was just before an import or a restore changed it.

    Undo puts every part of it back, the roll log included, so even a restored backup
    can be taken back. ``token`` ties it to the log entry of that import: a later
    import keeps its own copy instead, and Undo of the earlier entry then says so.

    >>> kept = Kept("2026-11-30T10:00:00Z", Everything({"library": Library()}))
    >>> Kept.from_json(kept.to_json()) == kept
    True
    """

    token: str
    everything: Everything

    def to_json(self) -> dict[str, Any]:
        """Its stored form: plain JSON values (dicts, lists, text, numbers)."""
        return {"token": self.token, "everything": self.everything.to_json()}

    @classmethod
    def from_json(cls, data: Any) -> Kept:
        """Read its stored form back; a :class:`RulesError` saying what does not fit."""
        fields = Fields(data, "kept", ("token", "everything"))
        token = fields.raw("token")
        if not isinstance(token, str) or not token:
            raise _error(N_("The copy kept for Undo has no name."))
        return cls(token, Everything.from_json(fields.raw("everything")))


KEPT = store.Schema("before_import", 1, {}, Kept.from_json)


def _everything_summary(record: Everything) -> Step:
    """What an import of the campaign adds: its tables, locations and characters.

    Counted the same for a link (which carries only those, and the Voidcrawl) and for a
    file of the same campaign (which also holds settings, the log and so on: its details
    list every part). An empty campaign still says what it is.
    """
    library = record.get("library", Library())
    counts: list[Step] = []
    if library.tables:
        counts.append(
            Step(N_("{count} table"), {"count": len(library.tables)}, plural=N_("{count} tables"))
        )
    if library.locations:
        counts.append(
            Step(
                N_("{count} location"),
                {"count": len(library.locations)},
                plural=N_("{count} locations"),
            )
        )
    for codec in ITEMS.values():
        items = codec.items(record.get(codec.part, codec.fresh()))
        if items:
            counts.append(codec.count(len(items)))
    if not counts:
        return Step(N_("Campaign data: no tables, locations or characters"))
    what = counts[0]
    for step in counts[1:]:
        what = Step(N_("{first}, {next}"), {"first": what, "next": step})
    return Step(N_("Campaign data: {what}"), {"what": what})


def _describe(name: str, record: Any) -> Step:
    describe = PARTS[name].describe
    assert describe is not None  # every part in backups has one (omen.campaign.parts checks)
    return describe(record)


def _everything_details(record: Everything) -> tuple[Step, ...]:
    return tuple(_describe(name, value) for name, value in record.parts.items())


register(
    ShareKind(
        "table",
        TableShare.from_json,
        _table_summary,
        details=lambda record: tuple(_entries(t) for t in record.tables) if record.linked else (),
    )
)
register(
    ShareKind(
        "location",
        LocationShare.from_json,
        _location_summary,
        details=lambda record: tuple(_entries(t) for t in record.tables),
    )
)


def _item_lines(codec: SharedItems, record: Any) -> tuple[Step, ...]:
    return tuple(codec.item_line(item) for item in codec.items(record))


for _codec in ITEMS.values():  # a game's item alone, and its whole part (a character, the crew)
    register(ShareKind(_codec.item, _codec.read_item, _codec.item_line))
    register(
        ShareKind(
            _codec.whole,
            _codec.read_whole,
            _codec.whole_line,
            details=functools.partial(_item_lines, _codec),
        )
    )
register(
    ShareKind("campaign", Everything.from_json, _everything_summary, details=_everything_details)
)


# --- the envelope -------------------------------------------------------------------


def _kind(name: str) -> ShareKind:
    found = KINDS.get(name)
    if found is None:
        raise _error(N_("Omen cannot share a '{kind}'."), kind=str(name)[:40])
    return found


def _envelope(kind: str, record: Any, limits: Limits) -> dict[str, Any]:
    """The envelope for ``record``, checked as it will be when opened (so what Omen
    makes, Omen opens)."""
    share = _kind(kind)
    data = share.dump(record)
    try:
        check_shape(data, replace(limits, depth=limits.depth - 1))  # the envelope is one more
        _load(share, share.version, json.loads(json.dumps(data)))
    except ShareError as error:
        raise _error(N_("This cannot be shared yet: {problem}"), problem=error.message) from None
    return {"app": APP, "kind": kind, "v": share.version, "data": data}


def _load(share: ShareKind, version: int, data: Any) -> Any:
    """Migrate ``data`` from ``version`` and read it into the kind's record."""
    try:
        while version < share.version:
            data = share.migrations[version](data)
            version += 1
        return share.load(data)
    except ShareError:
        raise
    except RulesError as error:
        raise ShareError(error.message) from None
    except (KeyError, TypeError, ValueError, AttributeError, IndexError, RecursionError):
        raise _error(N_("The shared data could not be read.")) from None


def _open(envelope: Any) -> Shared:
    if not isinstance(envelope, dict) or envelope.get("app") != APP:
        raise _error(N_("This was not shared by Omen."))
    if set(envelope) != {"app", "kind", "v", "data"}:
        raise _error(N_("The shared data has fields Omen does not know."))
    name = envelope["kind"]
    if not isinstance(name, str) or name not in KINDS:
        raise _error(
            N_("This holds a kind of record this version of Omen does not know: '{kind}'."),
            kind=str(name)[:40],
        )
    share = KINDS[name]
    version = envelope["v"]
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise _error(N_("The shared data has no readable format number."))
    if version > share.version:
        raise _error(
            N_(
                "This was shared from a newer version of Omen (format {found}); "
                "this version reads up to format {current}."
            ),
            found=version,
            current=share.version,
        )
    record = _load(share, version, envelope["data"])
    return Shared(name, record, share.summary(record), share.details(record))


def _reject_constant(token: str) -> Any:
    raise ValueError(token)


def _strict_object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise ValueError("repeated key")
        out[key] = value
    return out


def _finite(token: str) -> float:
    value = float(token)
    if value in (float("inf"), float("-inf")):
        raise ValueError(token)
    return value


_SURROGATE = re.compile(r"\\u[dD][89a-fA-F]")


def _parse(text: str, limits: Limits) -> Any:
    """Read JSON text strictly, then check its shape against ``limits``.

    Depth and size are measured before ``json.loads`` runs (see
    :func:`omen.core.store.json_extent`): in the browser, its recursion into text nested
    thousands deep kills the interpreter instead of raising an error.
    """
    deepest, fewest_values = store.json_extent(text)
    if deepest > limits.depth:
        raise _too_deep(limits)
    if fewest_values > limits.values:
        raise _error(N_("The shared data holds more than {limit} values."), limit=limits.values)
    try:
        data = json.loads(
            text,
            parse_constant=_reject_constant,
            parse_float=_finite,
            object_pairs_hook=_strict_object,
        )
    except RecursionError:
        raise _too_deep(limits) from None
    except ValueError:
        raise _error(N_("The shared data is not valid JSON.")) from None
    # Text decoded from UTF-8 holds no lone surrogates; a \u escape can add one, and so
    # can text pasted or handed over as a string (checked here once, as a whole).
    try:
        text.encode("utf-8")
        pasted_surrogate = False
    except UnicodeEncodeError:
        pasted_surrogate = True
    check_shape(data, limits, unicode=pasted_surrogate or _SURROGATE.search(text) is not None)
    return data


def _too_deep(limits: Limits) -> ShareError:
    return _error(N_("The shared data is nested deeper than {limit} levels."), limit=limits.depth)


def check_shape(data: Any, limits: Limits, unicode: bool = True) -> None:
    """Refuse JSON nested too deep, with too many values, strings too long or (when
    ``unicode``) not writable as UTF-8, or whole numbers too large, before any record
    reader sees it."""
    stack: list[tuple[Any, int]] = [(data, 0)]
    count = 0
    while stack:
        value, depth = stack.pop()
        count += 1
        kind = type(value)
        if kind is str:
            _check_string(value, limits, unicode)
        elif kind is dict:
            if depth >= limits.depth:
                raise _too_deep(limits)
            for key, item in value.items():
                _check_string(key, limits, unicode)
                stack.append((item, depth + 1))
        elif kind is list:
            if depth >= limits.depth:
                raise _too_deep(limits)
            stack.extend((item, depth + 1) for item in value)
        elif kind is int and abs(value) > limits.number:
            raise _error(N_("The shared data holds a number too large for Omen."))
        if count > limits.values:
            raise _error(N_("The shared data holds more than {limit} values."), limit=limits.values)


def _check_string(value: str, limits: Limits, unicode: bool) -> None:
    if len(value) > limits.string:
        raise _error(
            N_("The shared data holds a text longer than {limit} characters."),
            limit=limits.string,
        )
    if unicode:
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            raise _error(N_("The shared data holds text that is not valid Unicode.")) from None


def _compact(envelope: dict[str, Any]) -> bytes:
    return json.dumps(envelope, ensure_ascii=False, separators=(",", ":"), allow_nan=False).encode(
        "utf-8"
    )


# --- links ---------------------------------------------------------------------------


def pack(payload: bytes) -> str:
    """Bytes as link text: frame byte, CRC-32 of ``payload``, zlib stream, base64url."""
    crc = zlib.crc32(payload).to_bytes(4, "big")
    raw = bytes([FRAME]) + crc + zlib.compress(payload, 9)
    return base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=")


def _damaged() -> ShareError:
    return _error(N_("This link is damaged: part of it is missing or changed. Ask for it again."))


def unpack(text: str, limits: Limits = LINK_LIMITS) -> bytes:  # noqa: C901 (a hostile link's every refusal, one after another, in the order they are checked)
    """The payload bytes of link text, refusing anything damaged or too large.

    Decompression stops one byte past ``limits.unpacked``, so a payload that would
    inflate to gigabytes is refused after inflating only that much.
    """
    if len(text) > limits.text:
        raise _error(
            N_("This link is too long to open (more than {limit} characters)."),
            limit=limits.text,
        )
    text = text.rstrip("=")
    if not _B64.fullmatch(text) or len(text) % 4 == 1:
        raise _damaged()
    try:
        raw = base64.b64decode(text + "=" * (-len(text) % 4), altchars=b"-_", validate=True)
    except (binascii.Error, ValueError):
        raise _damaged() from None
    if not raw:
        raise _error(N_("The link holds nothing to open."))
    if raw[0] != FRAME:
        if raw[0] > FRAME and len(raw) > 5:
            raise _error(N_("This link was made by a newer version of Omen, or it is damaged."))
        raise _damaged()
    if len(raw) < 6:
        raise _damaged()
    inflater = zlib.decompressobj()
    try:
        payload = inflater.decompress(raw[5:], limits.unpacked + 1)
    except zlib.error:
        raise _damaged() from None
    if len(payload) > limits.unpacked:
        raise _error(
            N_("This link unpacks to more than {limit} bytes, too much for Omen to open."),
            limit=limits.unpacked,
        )
    if not inflater.eof or inflater.unused_data or inflater.unconsumed_tail:
        raise _damaged()
    if zlib.crc32(payload).to_bytes(4, "big") != raw[1:5]:
        raise _damaged()
    return payload


def encode_link(kind: str, record: Any) -> str:
    """The page address fragment (``share=…``, without ``#``) that carries ``record``.

    A campaign link carries only the parts marked ``in_links`` in :data:`PARTS`.
    """
    if kind == "campaign" and isinstance(record, Everything):
        record = record.for_link()
    payload = _compact(_envelope(kind, record, LINK_LIMITS))
    if len(payload) > LINK_LIMITS.unpacked:
        raise _error(N_("This is too much for a link: save it as a file instead."))
    text = pack(payload)
    if len(text) > LINK_LIMITS.text:
        raise _error(N_("This is too much for a link: save it as a file instead."))
    return FRAGMENT + text


def link_payload(link: str) -> str:
    """The payload part of a fragment, a ``#share=…`` fragment or a whole address.

    Spaces and line breaks a messenger put into a long link are dropped.
    """
    text = link.strip()
    if "#" in text:
        text = text.split("#", 1)[1]
    if not text.startswith(FRAGMENT):
        raise _error(N_("This is not an Omen share link: it has no '#share=' part."))
    return "".join(text[len(FRAGMENT) :].split())


def share_url(page: str, fragment: str) -> str:
    """The address to send: the page's address (without its own fragment) and ours.

    >>> share_url("https://omen.campaign.example/app/#explore", "share=AbC")
    'https://omen.campaign.example/app/#share=AbC'
    """
    return page.split("#", 1)[0] + "#" + fragment


def decode_link(link: str, limits: Limits = LINK_LIMITS) -> Shared:
    """Open a share link (the fragment, with or without ``#``, or the whole address).

    ``Shared.record`` is a :class:`TableShare`, :class:`LocationShare`,
    :class:`~omen.eotw.crew.Character`, :class:`~omen.eotw.crew.Crew` or :class:`Everything`
    (for a campaign: only the parts links carry), as ``Shared.kind`` says.
    """
    if len(link) > 2 * limits.text:
        raise _error(
            N_("This link is too long to open (more than {limit} characters)."),
            limit=limits.text,
        )
    payload = unpack(link_payload(link), limits)
    try:
        text = payload.decode("utf-8")
    except UnicodeDecodeError:
        raise _error(N_("The shared data is not valid UTF-8 text.")) from None
    shared = _open(_parse(text, limits))
    if shared.kind == "campaign" and shared.record.for_link() != shared.record:
        raise _error(
            N_(
                "A campaign link carries only tables, locations, the Voidcrawl and the crew; "
                "this one holds more."
            )
        )
    return shared


# --- files ---------------------------------------------------------------------------


def export_file(record: Any, kind: str = "campaign") -> str:
    """The text of an export file: the envelope as readable JSON.

    With an :class:`Everything` this is the full backup, every stored part included.
    """
    envelope = _envelope(kind, record, FILE_LIMITS)
    text = json.dumps(envelope, ensure_ascii=False, indent=1, allow_nan=False) + "\n"
    if len(text) > FILE_LIMITS.text:
        raise _error(
            N_("This is more than {limit} characters, too much for one file."),
            limit=FILE_LIMITS.text,
        )
    return text


def import_file(text: str, limits: Limits = FILE_LIMITS) -> Shared:
    """Open an export file's text (any kind: a table, a character, a campaign)."""
    if len(text) > limits.text:
        raise _error(
            N_("This file is too large to be Omen's (more than {limit} characters)."),
            limit=limits.text,
        )
    return _open(_parse(text.lstrip("\ufeff"), limits))


def open_shared(text: str) -> Shared:
    """Open whatever was pasted or picked: an export file's JSON, or a link."""
    if text.lstrip("\ufeff \t\r\n").startswith("{"):
        return import_file(text)
    return decode_link(text)


# --- how long a link may be ----------------------------------------------------------


@dataclass(frozen=True)
class Fit:
    """Whether a link fits somewhere, and a sentence saying why."""

    ok: bool
    reason: Step


def qr_capacity_ok(link: str) -> Fit:
    """Whether the whole link (address included) makes a QR code a phone can scan."""
    size = len(link.encode("utf-8"))
    if size > QR_BYTES:
        return Fit(
            False,
            Step(
                N_("Too long for a QR code: the link has {count} bytes, a QR code holds {limit}."),
                {"count": size, "limit": QR_BYTES},
            ),
        )
    if len(link) > QR_PRACTICAL:
        return Fit(
            False,
            Step(
                N_(
                    "Too long for a QR code: {count} characters make a code too dense to scan "
                    "from a phone (up to {limit} scan well)."
                ),
                {"count": len(link), "limit": QR_PRACTICAL},
            ),
        )
    return Fit(
        True,
        Step(N_("Fits in a QR code ({count} characters)."), {"count": len(link)}),
    )


def messenger_ok(link: str) -> Fit:
    """Whether the link is short enough to paste into a chat; if not, offer a file."""
    if len(link) > MESSENGER_LIMIT:
        return Fit(
            False,
            Step(
                N_(
                    "The link has {count} characters; messengers may cut links longer than "
                    "{limit}. Send a file instead."
                ),
                {"count": len(link), "limit": MESSENGER_LIMIT},
            ),
        )
    return Fit(
        True,
        Step(N_("The link has {count} characters: fine for a message."), {"count": len(link)}),
    )


# --- importing: conflicts by name ---------------------------------------------------------


class Choice(enum.Enum):
    """What to do with an incoming item whose name is already taken."""

    NEW = "new"  # add it as new: a fresh id and a name like "Wolves (2)"
    REPLACE = "replace"  # replace the item there; it keeps its id, so links still work
    KEEP = "keep"  # keep the one there and skip the incoming one


_CONFLICT_TEXT = {
    "table": N_("A table named '{name}' is already here."),
    "location": N_("A location named '{name}' is already here."),
    "voidcrawl": N_("The campaign already has a Voidcrawl."),
}


@dataclass(frozen=True)
class Conflict:
    """An incoming item with the name of one already there (``existing`` is its id)."""

    kind: str  # "table", "location", "voidcrawl" or a game's item ("character")
    name: str
    incoming: str
    existing: str

    @property
    def key(self) -> str:
        """What a choice for this conflict is filed under."""
        return f"{self.kind}:{self.incoming}"

    @property
    def message(self) -> Step:
        """The sentence that names the conflict, to translate."""
        text = _CONFLICT_TEXT.get(self.kind) or ITEMS[self.kind].conflict
        return Step(text, {"name": self.name})


@dataclass(frozen=True)
class Merged:
    """The campaign after an import, and one step per item added, replaced or kept."""

    result: Everything
    steps: tuple[Step, ...]


def _same(name: str) -> str:
    """Names match ignoring case and surrounding spaces."""
    return " ".join(name.split()).casefold()


def fresh_name(name: str, taken: Iterable[str], limit: int = tables.MAX_NAME) -> str:
    """``name`` with the first free " (n)" after it, n from 2.

    >>> fresh_name("Wolves", ["wolves", "Wolves (2)"])
    'Wolves (3)'
    >>> fresh_name("Wolves (2)", ["Wolves", "Wolves (2)"])
    'Wolves (3)'
    """
    used = {_same(item) for item in taken}
    base = _SUFFIX.sub("", name.strip()) or name.strip()
    number = 2
    while True:
        suffix = f" ({number})"
        candidate = base[: max(limit - len(suffix), 0)].rstrip() + suffix
        if _same(candidate) not in used:
            return candidate
        number += 1


def _by_name(items: Iterable[Any]) -> dict[str, Any]:
    found: dict[str, Any] = {}
    for item in items:
        if item.name.strip():
            found.setdefault(_same(item.name), item)
    return found


def _incoming(record: Any, kind: str) -> dict[str, list[Any]]:
    """The items a shared record brings, by kind: its tables, its locations and each
    game's items (:data:`ITEMS`), every kind there (empty when it brings none)."""
    found: dict[str, list[Any]] = {"table": [], "location": [], **{item: [] for item in ITEMS}}
    if kind == "table":
        found["table"] = list(record.tables)
    elif kind == "location":
        found["table"], found["location"] = list(record.tables), [record.location]
    elif kind == "campaign":
        library = record.get("library", Library())
        found["table"], found["location"] = list(library.tables), list(library.locations)
        for item, codec in ITEMS.items():
            part = record.get(codec.part)
            found[item] = list(codec.items(part)) if part is not None else []
    elif kind in ITEMS:
        found[kind] = [record]
    else:
        whole = next((codec for codec in ITEMS.values() if codec.whole == kind), None)
        if whole is None:
            raise _error(N_("Omen cannot import a '{kind}'."), kind=kind)
        found[whole.item] = list(whole.items(record))
    return found


@dataclass(frozen=True)
class ImportPlan:
    """What importing ``shared`` into ``current`` would do, and the conflicts to settle.

    Call :meth:`merged` with a choice for each conflict (by :attr:`Conflict.key`) or one
    choice for all; the inputs are never changed.
    """

    current: Everything
    shared: Shared
    conflicts: tuple[Conflict, ...]

    def merged(
        self, choices: Mapping[str, Choice] | None = None, default: Choice | None = None
    ) -> Merged:
        """The import's result, ``choices`` settling conflicts (``default`` for the rest)."""
        return _merge(self, dict(choices or {}), default)

    def all_new(self) -> Merged:
        """The result with every conflict imported as a new copy."""
        return self.merged(default=Choice.NEW)

    def all_replace(self) -> Merged:
        """The result with every conflict replacing what is here."""
        return self.merged(default=Choice.REPLACE)


def plan_import(current: Everything, shared: Shared) -> ImportPlan:
    """The conflicts by name between what is there and what a link or file brings.

    Tables, locations and characters are matched by name; a campaign's Voidcrawl
    conflicts with one already there. Other parts of a campaign file (settings, the
    exploration state, preferences, the log) are not merged: see :func:`restore`.
    """
    incoming = _incoming(shared.record, shared.kind)
    library = current.get("library", Library())
    there_now = {
        "table": library.tables,
        "location": library.locations,
        **{
            item: codec.items(current.get(codec.part, codec.fresh()))
            for item, codec in ITEMS.items()
        },
    }
    conflicts: list[Conflict] = []
    for kind, items in there_now.items():
        there = _by_name(items)
        for item in incoming[kind]:
            match = there.get(_same(item.name)) if item.name.strip() else None
            if match is not None:
                conflicts.append(Conflict(kind, item.name, item.id, match.id))
    if (
        shared.kind == "campaign"
        and "voidcrawl" in shared.record.parts
        and "voidcrawl" in current.parts
        and current.parts["voidcrawl"] != shared.record.parts["voidcrawl"]
    ):
        conflicts.append(Conflict("voidcrawl", "Voidcrawl", "voidcrawl", "voidcrawl"))
    return ImportPlan(current, shared, tuple(conflicts))


def _choice(conflict: Conflict, choices: Mapping[str, Choice], default: Choice | None) -> Choice:
    choice = choices.get(conflict.key, default)
    if choice is None:
        raise _error(
            N_("{conflict} Choose: add it as new, replace yours, or keep yours."),
            conflict=conflict.message,
        )
    return choice


@dataclass(frozen=True)
class _Merging:
    """One import under way: the choices made, the incoming items and the conflicts, and
    what the merges so far left for the next (where each incoming table went, the steps).
    """

    choices: Mapping[str, Choice]
    default: Choice | None
    incoming: Mapping[str, Sequence[Any]]
    conflicts: Mapping[str, Conflict]  # by key
    table_ids: dict[str, str] = field(default_factory=dict)  # incoming id: id in the campaign
    steps: list[Step] = field(default_factory=list)

    def decide(self, kind: str, incoming_id: str) -> tuple[Choice, Conflict | None]:
        """The choice for an incoming item: NEW when it conflicts with nothing."""
        conflict = self.conflicts.get(f"{kind}:{incoming_id}")
        if conflict is None:
            return Choice.NEW, None
        return _choice(conflict, self.choices, self.default), conflict


def _merge_tables(merging: _Merging, result: Everything) -> Everything:
    """Incoming tables added, or replacing or keeping yours; their links follow them."""
    library: Library = result.get("library", Library())
    out_tables = list(library.tables)
    ids = {table.id for table in out_tables}
    names = [table.name for table in out_tables]
    replaced: set[str] = set()
    placed: list[tuple[Table, str, str, Choice]] = []
    for table in merging.incoming["table"]:
        choice, conflict = merging.decide("table", table.id)
        if conflict is not None and choice is Choice.KEEP:
            merging.table_ids[table.id] = conflict.existing
            merging.steps.append(Step(N_("Kept your table '{name}'."), {"name": conflict.name}))
            continue
        if conflict is not None and choice is Choice.REPLACE and conflict.existing not in replaced:
            replaced.add(conflict.existing)
            new_id, name = conflict.existing, table.name
        else:
            new_id = table.id if table.id not in ids else tables.make_id(table.name, ids)
            name = table.name if conflict is None else fresh_name(table.name, names)
            choice = Choice.NEW
        ids.add(new_id)
        names.append(name)
        merging.table_ids[table.id] = new_id
        placed.append((table, new_id, name, choice))
    for table, new_id, name, choice in placed:
        entries = tuple(
            replace(entry, link=merging.table_ids.get(entry.link, entry.link))
            if entry.link is not None
            else entry
            for entry in table.entries
        )
        made = replace(table, id=new_id, name=name, entries=entries)
        if choice is Choice.REPLACE:
            out_tables = [made if t.id == new_id else t for t in out_tables]
            merging.steps.append(Step(N_("Replaced the table '{name}'."), {"name": name}))
        else:
            out_tables.append(made)
            merging.steps.append(Step(N_("Added the table '{name}'."), {"name": name}))
    too_many = N_("After this import the campaign would hold more than {limit} tables.")
    return _in_library(merging, result, "table", out_tables, tables.MAX_TABLES, too_many)


def _merge_locations(merging: _Merging, result: Everything) -> Everything:
    """Incoming locations added, or replacing or keeping yours, naming the tables where
    the tables' merge put them."""
    library: Library = result.get("library", Library())
    table_ids = merging.table_ids
    out_locations = list(library.locations)
    location_ids = {place.id for place in out_locations}
    location_names = [place.name for place in out_locations]
    for location in merging.incoming["location"]:
        choice, conflict = merging.decide("location", location.id)
        if conflict is not None and choice is Choice.KEEP:
            merging.steps.append(Step(N_("Kept your location '{name}'."), {"name": conflict.name}))
            continue
        moved = replace(
            location,
            tables=tuple(table_ids.get(t, t) for t in location.tables),
            encounter=None
            if location.encounter is None
            else table_ids.get(location.encounter, location.encounter),
            signs=None if location.signs is None else table_ids.get(location.signs, location.signs),
        )
        if conflict is not None and choice is Choice.REPLACE:
            place = replace(moved, id=conflict.existing)
            out_locations = [place if p.id == conflict.existing else p for p in out_locations]
            merging.steps.append(Step(N_("Replaced the location '{name}'."), {"name": place.name}))
            continue
        new_id = (
            location.id
            if location.id not in location_ids
            else tables.make_id(location.name, location_ids, "location")
        )
        name = location.name if conflict is None else fresh_name(location.name, location_names)
        location_ids.add(new_id)
        location_names.append(name)
        out_locations.append(replace(moved, id=new_id, name=name))
        merging.steps.append(Step(N_("Added the location '{name}'."), {"name": name}))
    too_many = N_("After this import the campaign would hold more than {limit} locations.")
    return _in_library(merging, result, "location", out_locations, tables.MAX_LOCATIONS, too_many)


def _in_library(
    merging: _Merging, result: Everything, kind: str, items: list[Any], limit: int, too_many: str
) -> Everything:
    """The library holding the merged ``items`` (its tables or its locations, by ``kind``),
    refused with ``too_many`` when they are more than ``limit``; the result as it was
    when nothing of that kind came in."""
    if len(items) > limit:
        raise _error(too_many, limit=limit)
    if not merging.incoming[kind]:
        return result
    library: Library = result.get("library", Library())
    return result.with_part("library", replace(library, **{f"{kind}s": tuple(items)}))


def _merge_items(codec: SharedItems, merging: _Merging, result: Everything) -> Everything:
    """A game's incoming items (the crew's characters) added to its part, or replacing
    or keeping yours, as its codec says (:class:`~omen.campaign.spec.SharedItems`)."""
    if not merging.incoming[codec.item]:
        return result
    part = result.get(codec.part, codec.fresh())
    items = list(codec.items(part))
    taken = {item.id for item in items}
    names = [item.name for item in items]
    for item in merging.incoming[codec.item]:
        choice, conflict = merging.decide(codec.item, item.id)
        if conflict is not None and choice is Choice.KEEP:
            merging.steps.append(Step(codec.kept, {"name": conflict.name}))
            continue
        if conflict is not None and choice is Choice.REPLACE:
            made = replace(item, id=conflict.existing)
            items = [made if there.id == conflict.existing else there for there in items]
            merging.steps.append(Step(codec.replaced, {"name": made.name}))
            continue
        new_id = item.id if item.id not in taken else codec.fresh_id(taken)
        name = item.name if conflict is None else fresh_name(item.name, names, codec.max_name)
        taken.add(new_id)
        names.append(name)
        items.append(replace(item, id=new_id, name=name))
        merging.steps.append(Step(codec.added, {"name": name}))
    if len(items) > codec.max_items:
        raise _error(codec.too_many, limit=codec.max_items)
    return result.with_part(codec.part, codec.with_items(part, tuple(items)))


def _merge_voidcrawl(merging: _Merging, result: Everything) -> Everything:
    """A campaign's Voidcrawl set up from the import unless you keep yours; its faces
    and Fallout name the tables where the tables' merge put them."""
    if not merging.incoming["voidcrawl"]:
        return result
    setup: CrawlSetup = merging.incoming["voidcrawl"][0]
    choice, conflict = merging.decide("voidcrawl", "voidcrawl")
    if conflict is not None and choice is not Choice.REPLACE:
        merging.steps.append(Step(N_("Kept your Voidcrawl.")))
        return result
    table_ids = merging.table_ids
    faces = tuple(
        face if face.table is None else replace(face, table=table_ids.get(face.table))
        for face in setup.voidcrawl.faces
    )
    fallout = setup.voidcrawl.fallout
    crawl = Voidcrawl(faces, None if fallout is None else table_ids.get(fallout))
    merging.steps.append(Step(N_("Set up the Voidcrawl from the import.")))
    return result.with_part("voidcrawl", replace(setup, voidcrawl=crawl))


# One merge for each kind of item an import brings, in this order: tables first, so the
# locations, links and the Voidcrawl that name them can follow where they went; each
# game's items (ITEMS) after the locations.
_MERGES: Mapping[str, Callable[[_Merging, Everything], Everything]] = {
    "table": _merge_tables,
    "location": _merge_locations,
    **{item: functools.partial(_merge_items, codec) for item, codec in ITEMS.items()},
    "voidcrawl": _merge_voidcrawl,
}


def _merge(plan: ImportPlan, choices: Mapping[str, Choice], default: Choice | None) -> Merged:
    shared = plan.shared
    has_crawl = shared.kind == "campaign" and "voidcrawl" in shared.record.parts
    incoming: dict[str, Sequence[Any]] = {
        **_incoming(shared.record, shared.kind),
        "voidcrawl": [shared.record.parts["voidcrawl"]] if has_crawl else [],
    }
    by_key = {conflict.key: conflict for conflict in plan.conflicts}
    merging = _Merging(choices, default, incoming, by_key)
    result = plan.current
    for merge in _MERGES.values():
        result = merge(merging, result)
    return Merged(result, tuple(merging.steps))


def restore(current: Everything, shared: Shared) -> Everything:
    """A campaign file restored as it was saved: each part it holds replaces the one
    there (ask first: this overwrites); parts it does not hold are kept."""
    if shared.kind != "campaign":
        raise _error(N_("Only a campaign file can be restored."))
    return Everything({**current.parts, **shared.record.parts})


# --- a backup on a device that holds nothing of its own -------------------------------


def _holdings(record: Everything) -> Step:
    """What a campaign holds, in numbers: its tables, locations, characters and
    exploration turn (``"13 tables, 4 locations, turn 17"``)."""
    library = record.get("library", Library())
    counts = [
        Step(N_("{count} table"), {"count": len(library.tables)}, plural=N_("{count} tables")),
        Step(
            N_("{count} location"),
            {"count": len(library.locations)},
            plural=N_("{count} locations"),
        ),
    ]
    for codec in ITEMS.values():  # a game's items (the crew's characters), when it has any
        held = len(codec.items(record.get(codec.part, codec.fresh())))
        if held:
            counts.append(codec.count(held))
    exploration = record.get("exploration")
    if exploration is not None:
        counts.append(Step(N_("turn {turn}"), {"turn": exploration.clock.turn}))
    what = counts[0]
    for step in counts[1:]:
        what = Step(N_("{first}, {next}"), {"first": what, "next": step})
    return what


def holds_nothing_of_its_own(current: Everything, example_library: bool) -> bool:
    """Whether a device holds nothing the game master made: no character, an empty log,
    and tables that are an example as it came or none (``example_library``, which the
    caller works out with :func:`omen.campaign.example.which_example`). A backup brought
    to such a device is restored whole unless the game master chooses otherwise.

    >>> from omen.campaign.state import Log
    >>> holds_nothing_of_its_own(Everything({"log": Log()}), True)
    True
    >>> holds_nothing_of_its_own(Everything({"log": Log()}), False)
    False
    """
    log = current.get("log")
    items = any(codec.items(current.get(codec.part, codec.fresh())) for codec in ITEMS.values())
    return example_library and not items and (log is None or not log.entries)


def what_restore_does(current: Everything, shared: Shared) -> Step:
    """Restoring a campaign file, in numbers: what it brings replaces what is here.

    >>> backup = Shared("campaign", Everything({"library": Library()}), Step(""))
    >>> from omen.core.i18n import Translator
    >>> Translator.english().render(what_restore_does(Everything(), backup))
    'Restore: 0 tables, 0 locations will replace what is here (0 tables, 0 locations).'
    """
    return Step(
        N_("Restore: {theirs} will replace what is here ({ours})."),
        {"theirs": _holdings(shared.record), "ours": _holdings(current)},
    )


def what_import_adds(current: Everything, shared: Shared) -> Step:
    """Importing a campaign file, in numbers: its tables, locations and characters join
    those here; the rest (settings, the turn, the log) stay as they are here."""
    theirs, ours = (
        _holdings(Everything({kind: whole.get(kind, fresh()) for kind, fresh in _ADDED}))
        for whole in (shared.record, current)
    )
    return Step(
        N_("Add as new: its {theirs} join the {ours} here; the turn and the log stay yours."),
        {"theirs": theirs, "ours": ours},
    )


# The parts an import adds to rather than replaces: the tables, and each game's items.
_ADDED: tuple[tuple[str, Callable[[], Any]], ...] = (
    ("library", Library),
    *((codec.part, codec.fresh) for codec in ITEMS.values()),
)

"""Saved data: one versioned JSON envelope per storage key, and a chain of migrations.

Every value Omen keeps is wrapped as ``{"app": "omen", "kind": K, "schema": N,
"data": ...}``. Reading applies the kind's migrations one schema at a time up to the
current one, then validates the data into records. Anything that does not load raises
:class:`~omen.errors.StoredDataError` with a sentence saying why; the browser adapter
then keeps the raw text aside instead of overwriting it.

>>> schema = Schema("prefs", 2, {1: lambda d: {**d, "theme": "auto"}}, dict)
>>> decode(schema, '{"app": "omen", "kind": "prefs", "schema": 1, "data": {"language": "cs"}}')
{'language': 'cs', 'theme': 'auto'}
>>> decode(schema, '{"app": "omen", "kind": "prefs", "schema": 3, "data": {}}')
Traceback (most recent call last):
omen.errors.StoredDataError: This was saved by a newer version of Omen (format 3); this version reads up to format 2.
"""

from __future__ import annotations

import json
import operator
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from itertools import accumulate, count
from typing import Any, Generic, TypeVar

from omen.errors import RulesError, StoredDataError
from omen.roll import N_, Step

T = TypeVar("T")
PREFIX = "omen/"
MAX_TEXT = 4_000_000  # characters; localStorage holds about 5 MB in all
MAX_NESTING = 64  # lists and objects in one another; Omen's own data stays under 40
_NOT_BRACKET = bytes(set(range(256)) - set(b"[]{}"))
_TWO_OR_ZERO = bytes.maketrans(b"[{]}", b"\x02\x02\x00\x00")
_RUN = re.compile(rb"[\[{]+|[\]}]+")


# What each kind of saved value is called when a message has to name it.
KIND_LABELS = {
    "exploration": N_("the exploration turn"),
    "campaign": N_("the campaign settings"),
    "prefs": N_("the language and theme"),
    "log": N_("the roll log"),
    "crew": N_("the crew"),
    "eotw_tests": N_("the dice pool on the Tests screen"),
    "gurps_form": N_("the GURPS distance form"),
    "ose_encounter": N_("the Old-School Essentials encounter"),
    "library": N_("the tables and locations"),
    "voidcrawl": N_("the Voidcrawl"),
    "before_import": N_("the campaign as it was before the last import"),
}


def kind_label(kind: str) -> Step:
    """A translatable name for a kind of saved value (the kind itself if unnamed)."""
    if kind in KIND_LABELS:
        return Step(KIND_LABELS[kind])
    return Step(N_("{kind}"), {"kind": kind})


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
        return PREFIX + self.kind


def encode(schema: Schema[Any], data: Any) -> str:
    """The text to store for ``data`` (already in JSON form) at the current format."""
    envelope = {"app": "omen", "kind": schema.kind, "schema": schema.current, "data": data}
    return json.dumps(envelope, ensure_ascii=False, separators=(",", ":"))


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
    version = envelope.get("schema")
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
    data = envelope.get("data")
    try:
        while version < schema.current:
            data = schema.migrations[version](data)
            version += 1
        return schema.load(data)
    except StoredDataError:
        raise
    except RulesError as error:
        raise StoredDataError(error.message) from error
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        raise _fail(
            N_("The saved data (format {version}) could not be read: {detail}."),
            version=version,
            detail=type(error).__name__,
        ) from error

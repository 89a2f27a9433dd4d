"""Steps and rolls: how a result came about, kept as data.

A :class:`Step` is an English message template with named arguments. It is translated
when shown (see :mod:`omen.core.i18n`), so the same record reads correctly after the game
master switches language, and it serialises to JSON for the roll log. An argument may
itself be a Step (a term that needs translating too).

>>> step = Step("rolled {face}", {"face": 6})
>>> step.english()
'rolled 6'
>>> step.to_json()
{'k': 'rolled {face}', 'a': {'face': 6}}
>>> roll = Roll(7, (Step("2d6: {faces}", {"faces": "3+4"}),))
>>> roll.english()
'2d6: 3+4 → 7'

A stored step is data, never a template to run: it is read back by
:func:`omen.core.store.read_step` (a roll by :func:`~omen.core.store.read_roll`), which
takes only a message the engine knows, with exactly that message's arguments, within the
limits below (this module stands under :mod:`omen.core.errors`, so the reading that
refuses is there, above both). Rendering fills plain ``{name}`` fields only (:func:`fill`):
no format specs, conversions or lookups, whatever the template says.

>>> fill("{name} wins", {"name": "Ana"})
'Ana wins'
"""

from __future__ import annotations

import re
import string
from collections.abc import ItemsView, Iterator, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Union

# omen.core.catalog (every message id, 57 KB) is imported where a stored step is checked
# (omen.core.store.read_step), not here: a first start, with nothing stored, never reads it.

ArgValue = Union[int, str, "Step"]
# The limits of a stored step (omen.core.store.read_step checks them).
MAX_DEPTH = 8  # a stored step holds steps in its arguments at most this deep
MAX_NUMBER = 10**15  # the largest whole number a stored step holds (as a share link's)
MAX_TEXT = 20_000  # characters in one stored text argument (as in a share link)
MAX_STEPS = 2000  # steps in one stored roll
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*", re.ASCII)
_PARSED: dict[str, tuple[tuple[str, str | None], ...]] = {}


def N_(message: str) -> str:
    """Mark a message for translation without translating it (gettext's convention)."""
    return message


@dataclass(frozen=True)
class Step:
    """One line of explanation: ``key`` is the English template, ``args`` fill it.

    When ``plural`` is set the message has a plural form chosen by the argument named
    ``count`` (Czech has three forms; the catalog decides).
    """

    key: str
    args: Mapping[str, ArgValue] = field(default_factory=dict)
    plural: str | None = None

    def __post_init__(self) -> None:
        # Keep the record immutable and hashable: store arguments as a sorted tuple.
        object.__setattr__(self, "args", _FrozenArgs(self.args))

    def english(self) -> str:
        """The message in English, with every nested step rendered too."""
        template = self.key
        if self.plural is not None and self.args.get("count") != 1:
            template = self.plural
        values = {
            name: value.english() if isinstance(value, Step) else value
            for name, value in self.args.items()
        }
        return fill(template, joined(self.key, values))

    def to_json(self) -> dict[str, Any]:
        """Its stored form: plain JSON values (dicts, lists, text, numbers)."""
        out: dict[str, Any] = {"k": self.key}
        if self.args:
            out["a"] = {
                name: value.to_json() if isinstance(value, Step) else value
                for name, value in self.args.items()
            }
        if self.plural is not None:
            out["p"] = self.plural
        return out


def _parsed(template: str) -> tuple[tuple[str, str | None], ...]:
    """``template`` as (literal text, field name or None) pairs; a ``ValueError`` when a
    field is anything but a plain ``{name}`` (a format spec, a conversion, an index or
    attribute, a number, an unmatched brace)."""
    found = _PARSED.get(template)
    if found is not None:
        return found
    parts: list[tuple[str, str | None]] = []
    try:
        fields = list(string.Formatter().parse(template))
    except ValueError:
        raise ValueError(f"not a template: {template[:60]!r}") from None
    for literal, name, spec, conversion in fields:
        if name is not None and (spec or conversion or not _NAME.fullmatch(name)):
            raise ValueError(f"not a plain field in template {template[:60]!r}")
        parts.append((literal, name))
    found = tuple(parts)
    if len(_PARSED) < 4096:
        _PARSED[template] = found
    return found


# Messages that put a sentence after a headline ("Turn 4." + "Torch 1 goes out."): the
# headline, as rendered in the language shown, ends as a sentence before the next one.
SENTENCE_JOINS = frozenset({"{headline} {ending}", "{headline} {ending} {more}"})
_SENTENCE_END = (".", "!", "?", "…")


def signed(value: int) -> str:
    """A modifier or margin as the rules print it, with its sign: ``+1``, ``−2`` (a true
    minus sign, U+2212), ``0``.

    >>> signed(3), signed(-2), signed(0)
    ('+3', '−2', '0')
    """
    return f"+{value}" if value > 0 else f"−{-value}" if value < 0 else "0"


def as_sentence(text: str) -> str:
    """``text`` ending as a sentence: a full stop added unless it ends with one (or with
    ``!``, ``?``, ``…``).

    >>> as_sentence("Tension Die: nothing yet (pool 12)"), as_sentence("Nobody comes.")
    ('Tension Die: nothing yet (pool 12).', 'Nobody comes.')
    """
    stripped = text.rstrip()
    if not stripped or stripped.endswith(_SENTENCE_END):
        return stripped
    return stripped + "."


def joined(key: str, values: dict[str, Any]) -> dict[str, Any]:
    """``values`` of the message ``key`` with its headline ended as a sentence, when the
    message joins a headline and a sentence after it (:data:`SENTENCE_JOINS`).

    >>> Step("{headline} {ending}", {"headline": Step("Turn 4 (pool 12)"),
    ...      "ending": Step("Torch 1 goes out.")}).english()
    'Turn 4 (pool 12). Torch 1 goes out.'
    """
    headline = values.get("headline")
    if key in SENTENCE_JOINS and isinstance(headline, str):
        values["headline"] = as_sentence(headline)
    return values


def fill(template: str, values: Mapping[str, object]) -> str:
    """``template`` with each plain ``{name}`` field replaced by ``str(values[name])``.

    Unlike :meth:`str.format`, nothing in the template is run: a format spec,
    conversion, attribute or index is refused with a ``ValueError``.

    >>> fill("{side} is surprised ({chance}){{!}}", {"side": "the party", "chance": "1 in 3"})
    'the party is surprised (1 in 3){!}'
    >>> fill("{pool.__class__}", {"pool": 1})
    Traceback (most recent call last):
    ValueError: not a plain field in template '{pool.__class__}'
    """
    out: list[str] = []
    for literal, name in _parsed(template):
        out.append(literal)
        if name is not None:
            out.append(str(values[name]))
    return "".join(out)


@lru_cache(maxsize=4096)  # asked for every stored step read: once per message
def placeholders(key: str) -> frozenset[str]:
    """The argument names a catalog message takes (its plural's included).

    >>> sorted(placeholders("2d6: {first} + {second} = {sum}"))
    ['first', 'second', 'sum']
    """
    from omen.core import catalog

    names = {name for _, name in _parsed(key) if name is not None}
    plural = catalog.PLURALS.get(key)
    if plural is not None:
        names.update(name for _, name in _parsed(plural) if name is not None)
    return frozenset(names)


class _FrozenArgs(Mapping[str, ArgValue]):
    """A read-only, hashable mapping of step arguments."""

    __slots__ = ("_items",)

    def __init__(self, source: Mapping[str, ArgValue]) -> None:
        self._items = tuple(sorted(dict(source).items()))

    def __getitem__(self, name: str) -> ArgValue:
        for key, value in self._items:
            if key == name:
                return value
        raise KeyError(name)

    def __iter__(self) -> Any:
        return (key for key, _ in self._items)

    def __len__(self) -> int:
        return len(self._items)

    def items(self) -> ItemsView[str, ArgValue]:
        """Its pairs, in name order, read straight from the tuple (every draw and every
        stored step goes through them, so the generic view's lookups would add up).

        >>> list(Step("{b} and {a}", {"b": 1, "a": Step("x")}).args.items())
        [('a', Step(key='x', args={}, plural=None)), ('b', 1)]
        """
        return _ArgItems(self)

    def __hash__(self) -> int:
        return hash(self._items)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Mapping):
            return dict(self._items) == dict(other)
        return NotImplemented

    def __repr__(self) -> str:
        return repr(dict(self._items))


@dataclass(frozen=True)
class Roll:
    """A number and the ordered steps that produced it."""

    value: int
    steps: tuple[Step, ...] = ()

    def english(self) -> str:
        """One line: the steps joined, then the value."""
        parts = [step.english() for step in self.steps]
        return "; ".join(parts) + f" → {self.value}"

    def to_json(self) -> dict[str, Any]:
        """Its stored form: plain JSON values (dicts, lists, text, numbers)."""
        return {"v": self.value, "s": [step.to_json() for step in self.steps]}


class _ArgItems(ItemsView[str, ArgValue]):
    """The pairs of a :class:`_FrozenArgs`, iterated without a lookup per name."""

    __slots__ = ("_pairs",)

    def __init__(self, args: _FrozenArgs) -> None:
        super().__init__(args)
        self._pairs = args._items

    def __iter__(self) -> Iterator[tuple[str, ArgValue]]:
        return iter(self._pairs)

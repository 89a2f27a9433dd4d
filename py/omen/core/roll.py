"""Steps and rolls: how a result came about, kept as data.

A :class:`Step` is an English message template with named arguments. It is translated
when shown (see :mod:`omen.core.i18n`), so the same record reads correctly after the game
master switches language, and it serialises to JSON for the roll log. An argument may
itself be a Step (a term that needs translating too).

>>> step = Step("rolled {face}", {"face": 6})
>>> step.english()
'rolled 6'
>>> Step.from_json(step.to_json()) == step
True
>>> roll = Roll(7, (Step("2d6: {faces}", {"faces": "3+4"}),))
>>> roll.english()
'2d6: 3+4 → 7'

A stored step is data, never a template to run: :meth:`Step.from_json` takes only a
message the engine knows (:mod:`omen.core.catalog`), with exactly that message's
arguments, each a bounded number or text or a step checked the same way, nested at
most :data:`MAX_DEPTH` deep. Rendering fills plain ``{name}`` fields only (:func:`fill`):
no format specs, conversions or lookups, whatever the template says.

>>> Step.from_json({"k": "{pool:>400000000}", "a": {"pool": 1}})
Traceback (most recent call last):
omen.core.errors.StoredDataError: A saved step names a message Omen does not know: '{pool:>400000000}'.
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

# omen.core.catalog (every message id, 57 KB) is imported where a stored step is checked, not
# here: a first start, with nothing stored, never reads it.

ArgValue = Union[int, str, "Step"]
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

    @classmethod
    def from_json(cls, data: Any) -> Step:
        """Rebuild a stored step, checking it against the catalog (see the module's
        text); raises :class:`~omen.core.errors.StoredDataError` on anything that is not one."""
        return _read_step(data, 1)


def _refuse(message: str, **args: ArgValue) -> Exception:
    """A :class:`~omen.core.errors.StoredDataError` (that module is built on this one, so
    it is imported when a stored step is refused, not as this module loads)."""
    from omen.core.errors import StoredDataError

    return StoredDataError(Step(message, args))


def _read_step(data: Any, depth: int) -> Step:  # noqa: C901 (a stored step's every shape refused in turn (hostile input))
    from omen.core import catalog

    if depth > MAX_DEPTH:
        raise _refuse(N_("A saved step is nested deeper than {limit} levels."), limit=MAX_DEPTH)
    if not isinstance(data, dict) or not set(data) <= {"k", "a", "p"}:
        raise _refuse(N_("A saved step is damaged."))
    key = data.get("k")
    plural = data.get("p")
    if isinstance(key, str) and key not in catalog.IDS and plural is None:
        key, plural = _given_plurals(catalog.PLURALS).get(key, (key, None))
    if not isinstance(key, str) or key not in catalog.IDS:
        shown = key[:60] if isinstance(key, str) else ""
        raise _refuse(N_("A saved step names a message Omen does not know: '{text}'."), text=shown)
    if plural != catalog.PLURALS[key]:
        raise _refuse(N_("A saved step's plural does not belong to '{text}'."), text=key[:60])
    raw_args = data.get("a", {})
    if not isinstance(raw_args, dict) or set(raw_args) != placeholders(key):
        raise _refuse(N_("A saved step's values do not fit its message '{text}'."), text=key[:60])
    args: dict[str, ArgValue] = {}
    for name, value in raw_args.items():
        if isinstance(value, dict):
            args[name] = _read_step(value, depth + 1)
        elif isinstance(value, int) and not isinstance(value, bool):
            if abs(value) > MAX_NUMBER:
                raise _refuse(N_("A saved step holds a number too large for Omen."))
            args[name] = value
        elif isinstance(value, str):
            if len(value) > MAX_TEXT:
                raise _refuse(
                    N_("A saved step holds a text longer than {limit} characters."),
                    limit=MAX_TEXT,
                )
            args[name] = value
        else:
            raise _refuse(N_("A saved step holds a value Omen cannot show."))
    return Step(key, args, catalog.PLURALS[key])


def _given_plurals(plurals: Mapping[str, str | None]) -> dict[str, tuple[str, str]]:
    """Each plural form -> its message and plural: a count message given plural forms
    after a step was stored keeps its old English as the plural ("{count} turns."), so a
    step stored under it still reads (as the message, its plural set). Worked out only
    for a key the catalog does not know, which is rare.

    >>> _given_plurals({"{count} turn.": "{count} turns.", "Hi.": None})
    {'{count} turns.': ('{count} turn.', '{count} turns.')}
    """
    return {p: (s, p) for s, p in plurals.items() if p is not None and p not in plurals}


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

    @classmethod
    def from_json(cls, data: Any) -> Roll:
        """Rebuild a stored roll: a bounded whole number and at most :data:`MAX_STEPS`
        steps, each checked as :meth:`Step.from_json` does."""
        if not isinstance(data, dict) or not set(data) <= {"v", "s"}:
            raise _refuse(N_("A saved roll is damaged."))
        value = data.get("v")
        if isinstance(value, bool) or not isinstance(value, int) or abs(value) > MAX_NUMBER:
            raise _refuse(N_("A saved roll is damaged."))
        steps = data.get("s", [])
        if not isinstance(steps, list) or len(steps) > MAX_STEPS:
            raise _refuse(N_("A saved roll is damaged."))
        return cls(value, tuple(Step.from_json(s) for s in steps))


class _ArgItems(ItemsView[str, ArgValue]):
    """The pairs of a :class:`_FrozenArgs`, iterated without a lookup per name."""

    __slots__ = ("_pairs",)

    def __init__(self, args: _FrozenArgs) -> None:
        super().__init__(args)
        self._pairs = args._items

    def __iter__(self) -> Iterator[tuple[str, ArgValue]]:
        return iter(self._pairs)

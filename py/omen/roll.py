"""Steps and rolls: how a result came about, kept as data.

A :class:`Step` is an English message template with named arguments. It is translated
when shown (see :mod:`omen.i18n`), so the same record reads correctly after the game
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
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Union

ArgValue = Union[int, str, "Step"]


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
        return template.format(**values)

    def to_json(self) -> dict[str, Any]:
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
        """Rebuild a step; raises ``ValueError`` on anything that is not one."""
        if not isinstance(data, dict) or not isinstance(data.get("k"), str):
            raise ValueError("not a step")
        raw_args = data.get("a", {})
        if not isinstance(raw_args, dict):
            raise ValueError("step arguments are not a mapping")
        args: dict[str, ArgValue] = {}
        for name, value in raw_args.items():
            if isinstance(value, dict):
                args[name] = cls.from_json(value)
            elif isinstance(value, (int, str)) and not isinstance(value, bool):
                args[name] = value
            else:
                raise ValueError("step argument of an unknown type")
        plural = data.get("p")
        if plural is not None and not isinstance(plural, str):
            raise ValueError("step plural is not text")
        return cls(data["k"], args, plural)


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
        return {"v": self.value, "s": [step.to_json() for step in self.steps]}

    @classmethod
    def from_json(cls, data: Any) -> Roll:
        if not isinstance(data, dict) or not isinstance(data.get("v"), int):
            raise ValueError("not a roll")
        steps = data.get("s", [])
        if not isinstance(steps, list):
            raise ValueError("roll steps are not a list")
        return cls(data["v"], tuple(Step.from_json(s) for s in steps))

"""Where randomness comes from: the :class:`Dice` protocol and its three sources, and
:class:`RecordedDice`, which keeps the faces another source gave.

The engine never calls :mod:`random` itself. A procedure takes a ``Dice`` and asks it
for one face at a time, so the browser can pass system randomness, a test can pass a
seeded or scripted source, and a game master can type the faces of physical dice.

>>> dice = ScriptedDice([6, 3])
>>> dice.roll(6), dice.roll(6)
(6, 3)
>>> SeededDice(7).roll(6) == SeededDice(7).roll(6)
True
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Protocol

from omen.core.errors import RulesError, ScriptExhausted
from omen.core.roll import N_, Step


class Dice(Protocol):
    """A source of die faces."""

    def roll(self, sides: int) -> int:
        """One face of a die with ``sides`` faces, from 1 to ``sides``."""
        ...


class SystemDice:
    """Dice from the operating system's randomness (the browser's crypto source)."""

    def __init__(self) -> None:
        self._random = random.SystemRandom()

    def roll(self, sides: int) -> int:
        """One face of a die with ``sides`` faces, from the system's random source."""
        return self._random.randint(1, sides)


class SeededDice:
    """Reproducible dice: the same seed gives the same faces (``?seed=N`` in the URL)."""

    def __init__(self, seed: int) -> None:
        self._random = random.Random(seed)

    def roll(self, sides: int) -> int:
        """One face of a die with ``sides`` faces, repeatable from the seed."""
        return self._random.randint(1, sides)


class ScriptedDice:
    """Faces given in advance: golden tests, and physical dice typed in at the table."""

    def __init__(self, faces: Iterable[int]) -> None:
        self._faces = list(faces)
        self._next = 0

    @property
    def remaining(self) -> int:
        """How many scripted faces are left."""
        return len(self._faces) - self._next

    def roll(self, sides: int) -> int:
        """The next scripted face; :class:`ScriptExhausted` when none is left."""
        if self._next >= len(self._faces):
            raise ScriptExhausted(
                Step(N_("More dice are needed: type one more d{sides}."), {"sides": sides})
            )
        face = self._faces[self._next]
        if not 1 <= face <= sides:
            raise RulesError(
                Step(
                    N_("{face} is not a face of a d{sides}: it shows 1 to {sides}."),
                    {"face": face, "sides": sides},
                )
            )
        self._next += 1
        return face


class RecordedDice:
    """Faces from another source, each one kept in order as it is given: a roll that is
    worked out again later (after a reload) keeps the very faces it rolled.

    >>> dice = RecordedDice(ScriptedDice([2, 6, 1]))
    >>> dice.roll(6) + dice.roll(6), dice.faces
    (8, [2, 6])
    """

    def __init__(self, source: Dice) -> None:
        self.source = source
        self.faces: list[int] = []

    def roll(self, sides: int) -> int:
        """The source's next face, kept."""
        face = self.source.roll(sides)
        self.faces.append(face)
        return face

"""Errors a user can cause, each carrying a sentence a player understands.

A :class:`RulesError` holds its message as a :class:`omen.core.roll.Step`, so the screen can
show it in the current language; ``str()`` gives the English sentence.

>>> from omen.core.roll import N_, Step
>>> err = RulesError(Step("The pool must hold at least {n} points.", {"n": 1}))
>>> str(err)
'The pool must hold at least 1 points.'
"""

from __future__ import annotations

from omen.core.roll import N_, Step


class RulesError(Exception):
    """Something the user asked for that the rules (or Omen's limits) do not allow."""

    def __init__(self, message: Step) -> None:
        super().__init__(message.english())
        self.message = message


class NotationError(RulesError):
    """A dice expression that cannot be read.

    ``position`` is 1-based, counted in characters of ``text``; ``expected`` says what
    would have been understood there.
    """

    def __init__(self, text: str, position: int, expected: Step) -> None:
        self.text = text
        self.position = position
        self.expected = expected
        super().__init__(
            Step(
                N_("expected {expected} at position {position} in '{text}'"),
                {"expected": expected, "position": position, "text": text},
            )
        )


class LimitError(RulesError):
    """A request so large that working it out could freeze the page."""


class ScriptExhausted(RulesError):
    """Typed-in dice ran out before the roll was finished."""


class StoredDataError(RulesError):
    """Saved or imported data that does not fit what Omen can load."""

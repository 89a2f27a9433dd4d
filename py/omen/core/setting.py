"""One rules decision a game master can change: a setting, and the values it may hold.

A :class:`Setting` names its key, its default, the values it accepts and two messages:
a label and one sentence explaining what changes. It is a leaf: procedure modules declare
their own settings with it, and :mod:`omen.campaign.settings` gathers them, so neither imports the
other's way round.

>>> pool = Setting("tension.start", 20, "Pool", "Where the pool starts.", low=1, high=200)
>>> pool.accepts(12), pool.accepts(0), pool.accepts(True)
(True, False, False)

A text the game master types (no choices) is off when empty; otherwise it must match its
``pattern`` whole, and ``refusal`` says what to type instead:

>>> server = Setting("a.server", "", "Server", "Where to ask.", pattern="x:[a-z]+")
>>> server.accepts(""), server.accepts("x:abc"), server.accepts("y:abc"), server.accepts(1)
(True, True, False, False)
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

Value = bool | int | str
MAX_TEXT = 200  # characters of a typed setting


@dataclass(frozen=True)
class Setting:
    """One rules decision: its key, default, accepted values, label and explanation."""

    key: str
    default: Value
    label: str
    explanation: str
    choices: tuple[tuple[str, str], ...] = ()  # (value, label) for a choice of text values
    low: int | None = None  # bounds for whole numbers
    high: int | None = None
    game: str = ""  # the game whose rules this belongs to ("" = every game)
    # The procedure it changes: a key of omen.campaign.procedures.PROCEDURES, which names it and
    # holds its help sheet (Settings groups by it; the help sheet lists its settings).
    procedure: str = ""
    # A typed text (no choices): the regular expression a value must match whole, at most
    # MAX_TEXT characters (empty is always accepted: the setting is off), and the
    # sentence that says what to type when a value does not match.
    pattern: str = ""
    refusal: str = ""

    def accepts(self, value: Any) -> bool:
        """Whether ``value`` is one this setting can hold."""
        if isinstance(self.default, bool):
            return isinstance(value, bool)
        if isinstance(self.default, int):
            if isinstance(value, bool) or not isinstance(value, int):
                return False
            return (self.low is None or value >= self.low) and (
                self.high is None or value <= self.high
            )
        if not isinstance(value, str):
            return False
        if self.pattern and not self.choices:
            return value == "" or (
                len(value) <= MAX_TEXT and re.fullmatch(self.pattern, value) is not None
            )
        return value in {v for v, _ in self.choices}

"""What each region of a screen was last drawn from, so a render draws only what changed.

A screen's ``render()`` runs whenever one of its parts changes, but most taps change one
region of it: a Next turn changes the turn and the result, not the odds of a pool that
stayed the same or the list of locations. Each region names what it is drawn from (its
*key*) and is drawn only when that differs from the last time::

    if self.unchanged("odds", state.procedure, state.pool, values):
        return
    ...draw the odds...

Store values are frozen and replaced when they change, so a value is its own cheap key:
Python compares equal tuples element by element and an element by identity first. The
language is part of every key (a translated page is drawn anew), and :meth:`forget`
drops every key, for a screen whose markup something else reset.

This module touches no page, so it is tested on CPython (``tests/unit/test_drawn.py``).

>>> drawn = Drawn()
>>> drawn.unchanged("odds", "en", 3), drawn.unchanged("odds", "en", 3)
(False, True)
>>> drawn.unchanged("odds", "en", 2), drawn.unchanged("odds", "cs", 2)
(False, False)
>>> drawn.forget(); drawn.unchanged("odds", "cs", 2)
False
"""

from __future__ import annotations


class Drawn:
    """The keys a screen's regions were last drawn from."""

    def __init__(self) -> None:
        self.keys: dict[str, tuple[object, ...]] = {}

    def unchanged(self, region: str, *key: object) -> bool:
        """Whether ``region`` was last drawn from an equal ``key`` (then it is left as it
        is); otherwise ``key`` is remembered and the caller draws the region."""
        if self.keys.get(region) == key:
            return True
        self.keys[region] = key
        return False

    def forget(self, region: str | None = None) -> None:
        """Draw ``region`` (or every region) next time, whatever its key."""
        if region is None:
            self.keys.clear()
        else:
            self.keys.pop(region, None)

"""Time passes on Explore: the span picker (how much, counted in which unit) every
game's turn panel shows, read into a :class:`omen.campaign.clock.Span`.

The rules are :mod:`omen.campaign.clock`'s; a panel names the units its game counts in
and the words it shows for them, and reads the span when the odds are drawn (quietly:
a half-typed number shows no odds) and when the game master lets the time pass (aloud:
a number out of range is said under the field).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any
from weakref import WeakKeyDictionary

from omen.campaign.clock import MAX_COUNT, Span, Unit
from omen.core.notation import read_whole
from omen.core.roll import N_
from omen_web.kit import fields
from omen_web.kit import screen as kit

LABELS: Mapping[Unit, str] = {
    Unit.TURN: N_("Exploration turns"),
    Unit.HOUR: N_("Hours"),
    Unit.DAY: N_("Days"),
    Unit.REAL: N_("Real minutes"),
}


def fill_units(
    screen: kit.Screen,
    select: Any,
    units: Sequence[Unit],
    labels: Mapping[Unit, str] = LABELS,
) -> None:
    """The unit list for the game's units, keeping the one chosen when it is still
    offered. Drawn after every tap that moves time, it is filled again only when the
    units or the language changed: the page then has no list to lay out again."""
    pairs = [(unit.value, screen.tr(labels[unit])) for unit in units]
    last = _filled.get(screen)
    if last is not None and last[0] is select and last[1] == pairs:
        return  # as this left it; the game master's choice stands
    chosen = str(select.value)
    values = [unit.value for unit in units]
    fields.choices(select, pairs, chosen if chosen in values else values[0])
    _filled[screen] = (select, pairs)


# The unit list each screen filled last, with the list element (a screen's own, for the
# page's life) and the pairs it was filled with.
_filled: WeakKeyDictionary[kit.Screen, tuple[Any, list[tuple[str, str]]]] = WeakKeyDictionary()


def read_span(count: Any, unit: Any, units: Sequence[Unit]) -> Span | None:
    """The span picked, or None while the number typed is not one (no odds shown)."""
    number = read_whole(str(count.value), 1, MAX_COUNT)
    chosen = next((u for u in units if u.value == str(unit.value)), units[0])
    return None if number is None else Span(number, chosen)


def span(count: Any, unit: Any, units: Sequence[Unit]) -> Span:
    """The span picked; a number out of range is said under its field."""
    number = fields.whole(count, 1, MAX_COUNT, N_("how much time passes"))
    chosen = next((u for u in units if u.value == str(unit.value)), units[0])
    return Span(number, chosen)

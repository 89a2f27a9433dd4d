"""What the turn panels on Explore share: the party's location, typed dice, who was met.

The GURPS travel panel (:mod:`omen_web.screens.gurps.travel`) and the OSE turn panel
(:mod:`omen_web.screens.ose.turn`) each have a location chooser, a field for the faces of
physical dice and a line naming who the party met with a button that runs the encounter;
these draw and read them the same way in both:

- :func:`fill_locations` fills a chooser with "No location" and the library's locations,
  the exploration's own chosen (the party is in one place, whichever procedure runs the
  turn), and :func:`choose_location` keeps a choice in the store's ``exploration``;
- :func:`typed_dice` hands an action the dice for a turn (the typed faces, or Omen's own)
  and empties the field once the action went through (faces the rules refused stay);
- :func:`show_met` says who was met and shows the button while the encounter is to run.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from omen.core.dice import Dice
from omen.core.roll import N_, Step
from omen_web.kit import dom, fields
from omen_web.kit import screen as kit

if TYPE_CHECKING:
    from omen.campaign.state import Exploration
    from omen.campaign.tables import Library

NO_LOCATION = ""


def fill_locations(screen: kit.Screen, select: Any) -> None:
    """The location chooser: "No location" and every location of the library, with the
    exploration's location chosen (none when it is not in the library any more)."""
    library: Library = screen.store.get("library")
    exploration: Exploration = screen.store.get("exploration")
    here = exploration.place(library)
    fields.choices(
        select,
        [
            (NO_LOCATION, screen.tr(N_("No location"))),
            *((place.id, place.name) for place in library.locations),
        ],
        here.id if here is not None else NO_LOCATION,
    )


def choose_location(screen: kit.Screen, select: Any) -> None:
    """The location chosen in ``select``, kept in the exploration (no log entry)."""
    exploration: Exploration = screen.store.get("exploration")
    location = str(select.value) or None
    screen.store.put("exploration", replace(exploration, location=location))


@contextmanager
def typed_dice(screen: kit.Screen, field: Any) -> Iterator[Dice]:
    """The dice for an action: the faces typed in ``field``, or Omen's own when it is
    empty. The field is emptied when the action went through."""
    yield screen.app.dice(str(field.value))
    field.value = ""


def show_met(screen: kit.Screen, line: Any, button: Any, met: str, encounter: bool) -> None:
    """ "Met: …" for the creature the last check found, and the button that runs the
    encounter, shown while there is one to run."""
    dom.text(line, screen.t(Step(N_("Met: {creature}"), {"creature": met})) if met else "")
    dom.show(line, bool(met))
    dom.show(button, encounter)

"""The Crew screen's top in a game whose crew Omen does not keep: that game's own rolls.

In an Old-School Essentials or a GURPS campaign, Crew opens on the rolls a game master
makes for the party in that game, each one tap from its form on the Tests screen (OSE:
saving throw, ability check, reaction, morale; GURPS: success roll, Quick Contest).
The End of the World's scene, goals and characters stay below, closed and labelled with
their game (:class:`omen_web.screens.eotw.crew.CrewScreen` opens them where they are the
game's own). Each game has its own small screen (``ose_crew``, ``gurps_crew``) drawn by
these two functions.
"""

from __future__ import annotations

from dataclasses import replace
from enum import Enum
from typing import Any

from omen.campaign import games
from omen_web.kit import dom
from omen_web.kit import screen as kit


def show_for(screen: kit.Screen, game: str, tests: str) -> None:
    """Show the screen's block only when the campaign's ``game`` has Tests mode ``tests``."""
    dom.show(screen.root, games.game_of(game).tests == tests)


def open_tests(screen: kit.Screen, form: str, modes: type[Enum], target: Any) -> None:
    """Set the stored Tests ``form`` to the roll the button names (its value, one of
    ``modes``) and show the Tests screen there."""
    mode = modes(str(target.value))
    screen.store.put(form, replace(screen.store.get(form), mode=mode))
    screen.app.show("tests")

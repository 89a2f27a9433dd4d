"""The taps every game's encounter roster answers alike: which creature a button is
for, the amount of damage or healing (carried by the button, else typed above the list),
its hit points typed, its name (the group's name once as a heading, each creature by
its number unless it is given a name: :mod:`omen.campaign.roster_names`), the state
buttons, and Undo.

A game's roster screen (``screens/ose/roster.py``, ``screens/gurps/roster.py``) owns one
:class:`RosterTaps` as its job, naming its rules module (``engine``: ``damage``,
``heal``, ``set_state``, ``set_hit_points``, ``rename`` and the limits ``MAX_AMOUNT`` and
``MAX_HIT_POINTS``), its typed-amount field and its state buttons; the screen says what
one change stores (its ``change``) and answers the taps only its game has. The rules of
each game's fight stay in its engine.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from omen.campaign.roster_names import label, number_label
from omen.core.errors import RulesError
from omen.core.notation import read_whole
from omen.core.roll import N_, Step
from omen_web.kit import dom
from omen_web.kit import screen as kit


class RosterTaps(kit.Actions):
    """A roster screen's shared taps; the screen (``screen``) has ``roster``, ``change``
    and the part named as the screen."""

    def __init__(
        self, screen: Any, engine: Any, amount_field: str, state_buttons: Mapping[str, Any]
    ) -> None:
        self.screen = screen
        self.engine = engine  # the game's roster rules module
        self.amount_field = amount_field  # the data-bind name of the typed amount
        self.state_buttons = state_buttons  # data-action -> the game's State

    def index_of(self, target: Any) -> int:
        return int(str(target.closest(".roster-creature").dataset.index))

    def amount(self, target: Any, default: int | None = None) -> int:
        """The amount a button carries, else the amount typed (else ``default``); a
        missing amount says where to type it."""
        carried = target.getAttribute("data-amount")
        if carried:
            return int(str(carried))
        field = self.screen.bound(self.amount_field)
        typed = read_whole(str(field.value), 0, self.engine.MAX_AMOUNT)
        if typed is None or typed < 1:
            if default is not None:
                return default
            raise RulesError(
                Step(
                    N_("Type the amount in “{field}” first."),
                    {"field": Step(N_("Other amount (damage or healing)"))},
                )
            )
        return typed

    def on_roster_damage(self, target: Any, _event: Any) -> None:
        roster = self.screen.roster
        self.screen.change(*self.engine.damage(roster, self.index_of(target), self.amount(target)))

    def on_roster_heal(self, target: Any, _event: Any) -> None:
        amount = self.amount(target, default=1)
        self.screen.change(*self.engine.heal(self.screen.roster, self.index_of(target), amount))

    def state(self, target: Any, action: str) -> None:
        """The state button ``action`` tapped, for the creature it is on."""
        index, state = self.index_of(target), self.state_buttons[action]
        self.screen.change(*self.engine.set_state(self.screen.roster, index, state))

    def on_roster_out(self, target: Any, _event: Any) -> None:
        self.state(target, "roster-out")

    def on_roster_fled(self, target: Any, _event: Any) -> None:
        self.state(target, "roster-fled")

    def on_roster_back(self, target: Any, _event: Any) -> None:
        self.state(target, "roster-back")

    def on_roster_hp(self, target: Any, _event: Any) -> None:
        typed = read_whole(str(target.value), 0, self.engine.MAX_HIT_POINTS)
        if typed is None:
            return
        roster = self.screen.roster
        self.screen.change(*self.engine.set_hit_points(roster, self.index_of(target), typed))

    # --- names -------------------------------------------------------------------------

    def called(self, group: str, name: str, index: int) -> str:
        """What a creature is called on the page: its name, else its number in the group."""
        said = label(group, name, index + 1)
        return said if isinstance(said, str) else self.screen.t(said)

    def draw_group(self, group: str) -> None:
        """The group's name once, as the heading over its numbered creatures."""
        if self.screen.unchanged("group", group):
            return
        heading = self.screen.one(".roster-group")
        dom.show(heading, bool(group))
        dom.text(heading, group)

    def draw_name(self, item: Any, group: str, name: str, index: int) -> None:
        """A creature's name field: its own name, else its number ("No. 2")."""
        field = dom.one(".roster-name", item)
        shown = name or self.screen.t(number_label(index + 1))
        if str(field.value) != shown and not field.matches(":focus"):
            field.value = shown

    def on_roster_rename(self, target: Any, _event: Any) -> None:
        """A name typed; an empty field, or the number it showed, calls it by its number."""
        index = self.index_of(target)
        name = str(target.value).strip()
        if name == self.screen.t(number_label(index + 1)):
            name = ""
        roster = self.screen.roster
        if name != roster.creatures[index].name:
            self.screen.store.put(self.screen.name, self.engine.rename(roster, index, name))
        else:  # nothing new: the field shows what it is called again
            target.value = name or self.screen.t(number_label(index + 1))

    def on_roster_undo(self, _target: Any, _event: Any) -> None:
        self.screen.store.undo()

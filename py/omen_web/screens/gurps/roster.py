"""The creatures of a GURPS encounter, inside its Encounter procedure.

When an encounter opens from a table row, the roster lists every creature that came
(:func:`omen.gurps.roster.muster`: as many as the encounter says came, each with the
row's HP, or typed for a row without them). Each creature has big buttons: damage in
common amounts in one tap, the amount typed above the list, healing, out of the fight,
flees, surrenders, dies, back in the fight; beside its HP, the threshold of p. B419 it
stands at (reeling, HT rolls to stay conscious, HT rolls against death). Every change
is one ``store.act`` with the roster (``gurps_roster``), so Undo takes it back. Once no
creature fights on, the fight can be ended. The roster is read from the store on every
draw, so a reload, an Undo or another tab shows it as it is.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from omen.campaign.state import Outcome
from omen.core.roll import N_, Step
from omen.gurps import roster as gurps_roster
from omen.gurps.injury import Condition
from omen.gurps.roster import Roster, State
from omen_web.kit import dom
from omen_web.kit import screen as kit
from omen_web.screens.common.roster import RosterTaps

if TYPE_CHECKING:
    from omen.campaign.meeting import Meeting
    from omen_web.kit.app import App

PART = "gurps_roster"

STATE_BUTTONS = {
    "roster-out": State.OUT,
    "roster-fled": State.FLED,
    "roster-surrendered": State.SURRENDERED,
    "roster-dead": State.DEAD,
    "roster-back": State.FIGHTING,
}
# A creature's injury is shown from the first threshold of B419 on (and "hurt" too).
QUIET = (Condition.UNHURT,)


class GurpsRosterScreen(kit.Screen):
    app: App
    name = "gurps_roster"
    section = "encounter"
    root_selector = '[data-roster="gurps"]'
    parts = (PART,)
    games = frozenset({"gurps"})
    hides_itself = True

    def build(self) -> None:
        self.items: list[Any] = []
        self.taps = RosterTaps(self, gurps_roster, "groster-amount", STATE_BUTTONS)
        self.jobs = (self.taps,)  # the taps every game's roster answers alike

    @property
    def roster(self) -> Roster:
        """The roster as the store holds it."""
        roster: Roster = self.store.get(PART)
        return roster

    def change(self, roster: Roster, outcome: Outcome) -> None:
        """One change in the fight: one action in the log, one Undo."""
        self.store.act(outcome, gurps_roster=roster)

    # --- starting from a table row -------------------------------------------------------

    def on_begin_encounter(self, meeting: Meeting) -> None:
        """A creature met while exploring: as many as came (the number rolled for the
        row, else the row's group size), with the row's HP; a meeting with no count and
        no GURPS stats starts no roster."""
        mustered = gurps_roster.met(meeting)
        if mustered is None:
            if self.roster.creatures:
                self.store.put(PART, Roster())
            return
        self.change(*mustered)

    # --- the game master's taps ---------------------------------------------------------

    def on_roster_surrendered(self, target: Any, _event: Any) -> None:
        self.taps.state(target, "roster-surrendered")

    def on_roster_dead(self, target: Any, _event: Any) -> None:
        self.taps.state(target, "roster-dead")

    def on_roster_conclude(self, _target: Any, _event: Any) -> None:
        self.change(*gurps_roster.conclude(self.roster))

    # --- drawing -------------------------------------------------------------------------

    def render(self) -> None:
        roster = self.roster
        dom.show(self.root, bool(roster.creatures))
        if not roster.creatures:
            return
        self.taps.draw_group(roster.group)
        self.render_status(roster)
        self.render_list(roster)
        self.render_end(roster)

    def render_status(self, roster: Roster) -> None:
        status = Step(
            N_(
                "Fighting: {fighting} of {group}. Dead: {dead}. Out of the fight, fled or "
                "surrendered: {out}."
            ),
            {
                "fighting": roster.count(State.FIGHTING),
                "group": len(roster.creatures),
                "dead": roster.count(State.DEAD),
                "out": sum(
                    1 for c in roster.creatures if c.state not in (State.FIGHTING, State.DEAD)
                ),
            },
        )
        dom.text(self.bound("groster-status"), self.t(status))

    def render_list(self, roster: Roster) -> None:
        holder = self.bound("groster-list")
        while len(self.items) < len(roster.creatures):
            item = self.app.clone("tpl-gurps-creature")
            item.dataset.index = str(len(self.items))
            holder.append(item)
            self.items.append(item)
        while len(self.items) > len(roster.creatures):
            self.items.pop().remove()
        typed_hp = roster.row_hp is None
        for index, creature in enumerate(roster.creatures):
            if not self.unchanged(f"creature-{index}", creature, typed_hp, roster.group):
                self.draw_creature(self.items[index], roster, index, typed_hp)

    def draw_creature(self, item: Any, roster: Roster, index: int, typed_hp: bool) -> None:
        creature = roster.creatures[index]
        item.dataset.state = creature.state.value
        self.taps.draw_name(item, roster.group, creature.name, index)
        if creature.hp is None:
            hp = Step(N_("Full HP: type them"))
        else:
            hp = Step(
                N_("{hp}/{max} HP"),
                {"hp": gurps_roster.signed(creature.hp), "max": creature.max_hp or 0},
            )
        dom.text(dom.one(".roster-hp", item), self.t(hp))
        dom.text(dom.one(".roster-state", item), self.tr(gurps_roster.STATE_WORDS[creature.state]))
        condition = dom.one(".roster-condition", item)
        injury = creature.injury
        shown = injury is not None and injury.condition not in QUIET
        if shown and creature.state is State.DEAD:  # dead by a roll: no rolls left to make
            shown = injury is not None and injury.condition in (Condition.DEAD, Condition.DESTROYED)
        dom.show(condition, shown)
        if injury is not None and shown:
            dom.text(condition, self.t(injury.step))
        alive = creature.state is not State.DEAD
        hurt = dom.one(".roster-hurt", item)
        more = dom.one(".roster-more", item)
        for group in (hurt, more):
            group.setAttribute("aria-label", self.taps.called(roster.group, creature.name, index))
        dom.show(hurt, alive and creature.hp is not None)
        dom.show(more, alive)
        for action, state in STATE_BUTTONS.items():
            button = dom.one(f'[data-action="{action}"]', more)
            if state is State.FIGHTING:
                dom.show(button, creature.state is not State.FIGHTING)
            else:
                dom.show(button, creature.state is not state)
        dom.show(dom.one('[data-action="roster-damage"]', more), creature.hp is not None)
        hurt_now = creature.hp is not None and creature.hp < (creature.max_hp or 0)
        dom.show(dom.one('[data-action="roster-heal"]', more), hurt_now)
        dom.show(dom.one(".roster-typed", item), alive and (typed_hp or creature.hp is None))

    def render_end(self, roster: Roster) -> None:
        end = self.bound("groster-end")
        dom.show(end, roster.over)
        if not roster.over:
            return
        button = self.bound("groster-conclude")
        button.disabled = roster.ended
        dom.show(self.bound("groster-ended"), roster.ended)

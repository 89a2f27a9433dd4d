"""The creatures of an Old-School Essentials encounter, inside its Encounter procedure.

When an encounter opens from a table row, the roster lists every creature that came
(:func:`omen.ose.roster.muster`: hit points rolled from the row's hit dice, or typed for
a row without them). Each creature has big buttons: damage 1 to 8 in one tap, the
amount typed above the list, healing, out of the fight, fled, killed, back in the fight.
Every change is one ``store.act`` with the roster (``ose_roster``) and the encounter
(``ose_encounter``) whose morale counts the roster's losses, so Undo takes back both.

The moment a change calls for a morale check (the first death, half the group down),
the check is offered here with its odds; its roll is the encounter's own (the morale
stage's result). A side that broke is marked fled or surrendered in one tap. Once no
creature fights on, the fight's experience is shown and the encounter can end. The
roster is read from the store on every draw, so a reload, an Undo or another tab shows
it as it is.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from omen.campaign.state import Outcome
from omen.core.errors import RulesError
from omen.core.roll import N_, Step
from omen.ose import morale as ose_morale
from omen.ose import roster as ose_roster
from omen.ose import session as ose_session
from omen.ose.hit_dice import read_hit_dice
from omen.ose.roster import Roster, State
from omen.ose.session import OseSession
from omen_web.kit import dom
from omen_web.kit import screen as kit
from omen_web.screens.common.roster import RosterTaps

if TYPE_CHECKING:
    from omen.campaign.meeting import Meeting
    from omen_web.kit.app import App

PART = "ose_roster"
ENCOUNTER = "ose_encounter"

STATE_BUTTONS = {
    "roster-out": State.OUT,
    "roster-fled": State.FLED,
    "roster-killed": State.KILLED,
    "roster-back": State.FIGHTING,
}


class OseRosterScreen(kit.Screen):
    app: App
    name = "ose_roster"
    section = "encounter"
    root_selector = '[data-roster="ose"]'
    parts = (PART, ENCOUNTER)
    games = frozenset({"ose"})
    hides_itself = True

    def build(self) -> None:
        self.items: list[Any] = []
        self.taps = RosterTaps(self, ose_roster, "roster-amount", STATE_BUTTONS)
        self.jobs = (self.taps,)  # the taps every game's roster answers alike

    @property
    def roster(self) -> Roster:
        """The roster as the store holds it."""
        roster: Roster = self.store.get(PART)
        return roster

    # --- state -----------------------------------------------------------------------

    @property
    def session(self) -> OseSession:
        session: OseSession = self.store.get(ENCOUNTER)
        return session

    def change(self, roster: Roster, outcome: Outcome) -> None:
        """One change in the fight: the roster and the morale counts it gives, one action."""
        session = replace(self.session, morale=ose_roster.feed(self.session.morale, roster))
        self.store.act(outcome, ose_roster=roster, ose_encounter=session)

    # --- starting from a table row -------------------------------------------------------

    def on_begin_encounter(self, meeting: Meeting) -> None:
        """A creature met while exploring: the creatures that came, with hit points from
        the row's hit dice; a meeting with no count and no stats starts no roster."""
        stats = meeting.stats
        count = meeting.count
        if count is None and not stats.given("ose"):
            if self.roster.creatures:
                self.store.put(PART, Roster())
            return
        count = max(1, count or 1)
        if count > ose_roster.MAX_CREATURES:  # a battle: the morale form counts it
            self.store.put(PART, Roster())
            return
        hd = stats.hd or ""
        try:
            read_hit_dice(hd) if hd else None
        except RulesError:
            hd = ""  # hit dice the books never write: the referee types the hit points
        roster, outcome = ose_roster.muster(meeting.creature, count, hd, self.app.dice())
        self.change(roster, outcome)

    # --- the game master's taps ---------------------------------------------------------

    def on_roster_killed(self, target: Any, event: Any) -> None:
        self.taps.state(target, "roster-killed")

    def on_roster_morale(self, _target: Any, _event: Any) -> None:
        """The check the roster calls for: the encounter's own morale roll."""
        self.app.screen("ose").roll("morale")

    def on_roster_flee(self, _target: Any, _event: Any) -> None:
        self.change(*ose_roster.rout(self.roster, State.FLED))

    def on_roster_surrender(self, _target: Any, _event: Any) -> None:
        self.change(*ose_roster.rout(self.roster, State.SURRENDERED))

    def on_roster_conclude(self, target: Any, event: Any) -> None:
        self.app.screen("ose").on_ose_conclude(target, event)

    # --- drawing -------------------------------------------------------------------------

    def render(self) -> None:
        roster, session = self.roster, self.session
        dom.show(self.root, bool(roster.creatures))
        if not roster.creatures:
            return
        self.taps.draw_group(roster.group)
        self.render_status(roster, session)
        self.render_offer(roster, session)
        self.render_list(roster)
        self.render_end(roster, session)

    def render_status(self, roster: Roster, session: OseSession) -> None:
        fighting = sum(1 for c in roster.creatures if not c.down)
        status = Step(
            N_("Fighting: {fighting} of {group}. Killed: {killed}. Out of the fight: {out}."),
            {
                "fighting": fighting,
                "group": len(roster.creatures),
                "killed": roster.killed,
                "out": roster.out,
            },
        )
        dom.text(self.bound("roster-status"), self.t(status))

    def render_offer(self, roster: Roster, session: OseSession) -> None:
        side = ose_roster.feed(session.morale, roster)
        trigger = ose_morale.due(side)
        offer = self.bound("roster-offer")
        dom.show(offer, trigger is not None)
        if trigger is not None:
            dom.text(self.bound("roster-offer-why"), self.tr(ose_morale.TRIGGER_TEXT[trigger]))
            odds = ose_session.morale_odds(session)
            lines = list(odds.steps)
            if odds.rolled:
                pct = self.app.translator.percent
                lines.append(Step(N_("They break: {chance}"), {"chance": pct(odds.breaks)}))
                lines.append(Step(N_("They fight on: {chance}"), {"chance": pct(odds.holds)}))
            self.fill_steps("roster-offer-odds", lines)
        latest = session.results.get("morale")
        shown = latest is not None and session.latest == "morale" and trigger is None
        result = self.bound("roster-morale-result")
        dom.show(result, shown)
        if latest is not None and shown:
            dom.text(result, self.t(latest.title))
        standing = any(c.state is State.FIGHTING for c in roster.creatures)
        dom.show(self.bound("roster-broken"), session.morale.broken and standing)

    def render_list(self, roster: Roster) -> None:
        holder = self.bound("roster-list")
        while len(self.items) < len(roster.creatures):
            item = self.app.clone("tpl-ose-creature")
            item.dataset.index = str(len(self.items))
            holder.append(item)
            self.items.append(item)
        while len(self.items) > len(roster.creatures):
            self.items.pop().remove()
        typed_hp = not roster.hd
        for index, creature in enumerate(roster.creatures):
            item = self.items[index]
            if not self.unchanged(f"creature-{index}", creature, roster.hd, roster.group):
                self.draw_creature(item, roster, index, typed_hp)

    def draw_creature(self, item: Any, roster: Roster, index: int, typed_hp: bool) -> None:
        creature = roster.creatures[index]
        item.dataset.state = creature.state.value
        self.taps.draw_name(item, roster.group, creature.name, index)
        if creature.hp is None:
            hp = Step(N_("HP: type them"))
        else:
            hp = Step(N_("HP {hp}/{max}"), {"hp": creature.hp, "max": creature.max_hp or 0})
        dom.text(dom.one(".roster-hp", item), self.t(hp))
        dom.text(dom.one(".roster-state", item), self.tr(ose_roster.STATE_WORDS[creature.state]))
        alive = creature.state is not State.KILLED
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
        typed = dom.one(".roster-typed", item)
        dom.show(typed, alive and (typed_hp or creature.hp is None))
        steps = ose_roster.hit_point_steps(roster, index)
        roll = dom.one(".roster-roll", item)
        dom.show(roll, bool(steps))
        self.app.fill_list(dom.one(".roster-roll-steps", item), steps)

    def render_end(self, roster: Roster, session: OseSession) -> None:
        end = self.bound("roster-end")
        dom.show(end, roster.over)
        if not roster.over:
            return
        self.fill_steps("roster-xp", ose_roster.spoils(roster).steps)
        self.bound("roster-end").querySelector("button").disabled = ose_session.ended(session)

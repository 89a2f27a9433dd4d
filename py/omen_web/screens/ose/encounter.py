"""The Old-School Essentials encounter sequence on the Encounter screen.

Step panels in the rules' order (surprise, distance, reaction, initiative, actions,
evasion and pursuit, movement, conclusion), each with its odds before the roll, its own
roll button, typed faces from physical dice, and its steps after. The game master may go
through them in order (the big *Next* button rolls the next step) or jump around. The
encounter is one :class:`omen.ose.session.OseSession`, the store's part ``ose_encounter``
(the fields as the referee left them, the morale and its situation adjustment with it):
the screen reads it from the store on every draw, a change of a field is a
``store.put``, every roll a ``store.act`` that goes to the log, and the store's Undo puts
the earlier encounter back (its fields with it, as the next draw fills them).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from omen.campaign.reaction import OSE_REACTIONS, reaction_odds, speaker_modifier
from omen.campaign.state import Outcome
from omen.core.errors import RulesError
from omen.core.notation import read_whole
from omen.core.roll import N_, Step, signed
from omen.ose import evasion
from omen.ose import morale as ose_morale
from omen.ose import sequence as ose
from omen.ose import session as ose_session
from omen.ose import turn as ose_turn
from omen.ose.evasion import Drop, Terrain
from omen.ose.roster import Roster
from omen.ose.sequence import Place, Side, SideSetup, SurpriseOutcome
from omen.ose.session import Action, Flight, Form, OseSession
from omen.ose.settings import Directions, Ties, Tiring
from omen_web.kit import dom
from omen_web.kit import screen as kit

if TYPE_CHECKING:
    from omen.campaign.meeting import Meeting
    from omen_web.kit.app import App

PART = "ose_encounter"
KIND_FROM_CLOCK = "ose"  # the procedure the OSE turn clock's Run the encounter asks for
# The panel of each step the main button takes (a pursuit's rounds and days are evasion's).
PANEL_OF = {"pursuit": "evasion", "day": "evasion", "explore": "conclusion"}
RANGES = (2, 1, 3, 4)

PLACE_WORDS = {
    Place.DUNGEON: N_("in a dungeon"),
    Place.WILDERNESS: N_("in the wilderness"),
    Place.WATER: N_("on water"),
}


def whole(node: Any) -> int | None:
    """A whole number from an input, or None while it holds something else."""
    return read_whole(str(node.value), -999_999, 9_999_999)


def number(node: Any, label: str) -> int:
    """A whole number from an input, or a notice naming the field."""
    value = whole(node)
    if value is None:
        raise RulesError(Step(N_("Enter a whole number in “{field}”."), {"field": Step(label)}))
    return value


class OseScreen(kit.Screen):
    app: App  # the kit's Host, with all of the app this screen uses
    name = "ose"
    section = "encounter"
    root_selector = '[data-procedure="ose"]'
    parts = (PART, "campaign")
    games = frozenset({"ose"})

    def build(self) -> None:
        self.boxes: dict[str, Any] = {}
        for holder in dom.every("[data-rollbox]", self.root):
            box = dom.clone("tpl-ose-roll")
            holder.append(box)
            # The step's result is its title: a roll brings it into view, a refusal stands
            # in its place (kit.focus), not in place of the odds and the typed faces.
            dom.one(".ose-stage-title", box).setAttribute("data-result", holder.dataset.result)
            holder.removeAttribute("data-result")
            self.boxes[str(holder.dataset.rollbox)] = box
        self.panels = {str(p.dataset.stage): p for p in dom.every("[data-stage]", self.root)}
        first = self.next_stage()
        self.panels[first if first in self.panels else "conclusion"].setAttribute("open", "")

    def field(self, name: str) -> Any:
        return self.bound(name)

    # --- state -----------------------------------------------------------------------

    @property
    def session(self) -> OseSession:
        """The encounter as the store holds it (``ose_encounter``)."""
        session: OseSession = self.store.get(PART)
        return session

    def keep(self, session: OseSession) -> None:
        """A change of the set-up or a field: kept and saved, no log entry. The store
        redraws the screen; when nothing changed, it is drawn again here (a field the
        rules refuse shows its mistake in place of the odds)."""
        if session == self.session:
            self.render()
        else:
            self.store.put(PART, session)

    def commit(self, session: OseSession, outcome: Outcome) -> None:
        """Keep the new encounter, log the action with the earlier one for Undo."""
        self.store.act(outcome, ose_encounter=session)

    def next_stage(self) -> str:
        """What the big button does next: the next step the rules allow
        (:func:`omen.ose.session.next_step`)."""
        return ose_session.next_step(self.session)

    # --- the game master's actions ----------------------------------------------------

    def on_ose_setup(self, _target: Any, _event: Any) -> None:
        place = next(
            (
                Place(str(r.value))
                for r in dom.every('input[name="ose-place"]', self.root)
                if r.checked
            ),
            self.session.place,
        )
        self.keep(
            ose_session.set_up(
                self.session,
                place=place,
                dark=bool(self.field("ose-dark").checked),
                party=SideSetup(
                    unaware=bool(self.field("ose-party-unaware").checked),
                    light=bool(self.field("ose-party-light").checked),
                ),
                monsters=SideSetup(
                    unaware=bool(self.field("ose-monsters-unaware").checked),
                    light=bool(self.field("ose-monsters-light").checked),
                    surprised_on=int(str(self.field("ose-monsters-range").value)),
                ),
                creature=str(self.field("ose-creature").value),
            )
        )

    def on_ose_form(self, _target: Any, _event: Any) -> None:
        self.keep(ose_session.set_up(self.session, form=self.read_form()))

    def on_ose_surprise(self, _target: Any, _event: Any) -> None:
        self.roll("surprise")

    def on_ose_distance(self, _target: Any, _event: Any) -> None:
        self.roll("distance")

    def on_ose_reaction(self, _target: Any, _event: Any) -> None:
        self.roll("reaction")

    def on_ose_initiative(self, _target: Any, _event: Any) -> None:
        self.roll("initiative")

    def on_ose_try_evade(self, _target: Any, _event: Any) -> None:
        self.roll("evasion")

    def on_ose_pursuit_round(self, _target: Any, _event: Any) -> None:
        self.roll("pursuit")

    def on_ose_pursuit_day(self, _target: Any, _event: Any) -> None:
        self.roll("day")

    def on_ose_morale(self, _target: Any, _event: Any) -> None:
        self.roll("morale")

    def on_ose_give_up(self, _target: Any, _event: Any) -> None:
        self.commit(*ose_session.pursuers_give_up(self.session))

    def on_ose_fight(self, _target: Any, _event: Any) -> None:
        self.act(Action.FIGHT)

    def on_ose_parley(self, _target: Any, _event: Any) -> None:
        self.act(Action.PARLEY)

    def on_ose_evade(self, _target: Any, _event: Any) -> None:
        self.act(Action.EVADE)

    def on_ose_new(self, _target: Any, _event: Any) -> None:
        self.new_encounter("")

    def on_ose_next(self, target: Any, event: Any) -> None:
        stage = self.next_stage()
        if stage == "explore":
            self.app.show("explore")
            return
        self.panels[PANEL_OF.get(stage, stage)].setAttribute("open", "")
        if stage == "conclusion":
            self.on_ose_conclude(target, event)
            return
        self.roll(stage)  # the result at the top is brought into view (kit.focus)

    def typed(self, stage: str) -> Any:
        box = "evasion" if stage in ("pursuit", "day") else stage
        return dom.one(".ose-typed", self.boxes[box])

    def roll(self, stage: str) -> None:
        typed = self.typed(stage)
        dice = self.app.dice(str(typed.value))
        values = self.app.campaign.values
        session = self.session
        if stage == "surprise":
            session, outcome = ose_session.roll_surprise(session, dice)
        elif stage == "distance":
            session, outcome = ose_session.roll_distance(session, dice)
        elif stage == "reaction":
            session, outcome = ose_session.roll_reaction(session, dice, self.charisma())
        elif stage == "initiative":
            ties = Ties(str(values["ose.initiative_ties"]))
            session, outcome = ose_session.roll_round(session, dice, ties)
        elif stage == "evasion":
            session, outcome = ose_session.evade(session, self.flight(), dice, values)
        elif stage == "pursuit":
            drop = Drop(str(self.field("ose-drop").value))
            tempted = bool(self.field("ose-tempted").checked)
            tiring = Tiring(str(values["ose.exhaustion"]))
            session, outcome = ose_session.pursue(session, dice, drop, tempted, tiring)
        elif stage == "morale":
            session, outcome = ose_session.roll_morale(session, dice, self.adjustment())
        else:
            directions = Directions(str(values["ose.flight_direction"]))
            session, outcome = ose_session.pursue_day(session, dice, directions)
        typed.value = ""
        self.commit(session, outcome)

    def act(self, action: Action) -> None:
        target = {Action.FIGHT: "initiative", Action.PARLEY: "reaction", Action.EVADE: "evasion"}
        self.commit(*ose_session.choose_action(self.session, action))
        self.panels[target[action]].setAttribute("open", "")

    def on_ose_conclude(self, _target: Any, _event: Any) -> None:
        """End the encounter: at least one turn passes on the Explore screen's clock."""
        session, outcome, turns = ose_session.conclude(self.session)
        store = self.store
        exploration, clock = store.get("exploration"), store.get("ose_turn")
        # the OSE turn clock too: the encounter's turns burn light and count against rest,
        # and Explore shows what they did in place of the turn's encounter, now run
        clock, passed = ose_turn.after_encounter(clock, turns)
        title = ose_turn.with_endings(outcome.title, passed.steps)
        outcome = Outcome(title, (*outcome.steps, *passed.steps), outcome.kind)
        # One action: Undo puts back the clocks and the encounter as they were.
        store.act(
            outcome,
            exploration=replace(
                exploration, clock=exploration.clock.advance(turns), reaction=False
            ),
            ose_turn=clock,
            ose_encounter=session,
        )

    def new_encounter(self, creature: str) -> None:
        """A fresh encounter (the last one stays in the log and comes back with Undo)."""
        session = self.session
        fresh = ose_session.fresh_encounter(creature, session)
        if session.results:  # the last one stays in the log, and Undo brings it back
            title = (
                Step(N_("New encounter with {creature}."), {"creature": creature})
                if creature
                else Step(N_("New encounter."))
            )
            # the roster of the last encounter goes with it (Undo brings both back)
            self.store.act(
                Outcome(title, (), ose_session.KIND), ose_encounter=fresh, ose_roster=Roster()
            )
        else:
            self.keep(fresh)
            self.store.put("ose_roster", Roster())

    def on_begin_encounter(self, meeting: Meeting) -> None:
        """A creature met while exploring: a fresh encounter with it (called by the app).
        Met on the OSE turn clock, the place, the dark and the party's light are the
        clock's (:func:`omen.ose.session.from_clock`), else the last encounter's
        (:func:`omen.ose.session.fresh_encounter`); how many came, their morale and the
        location's terrain fill the form (:func:`omen.ose.session.from_meeting`); nothing
        else of the last encounter is carried over."""
        session = self.session
        creature = meeting.creature
        if meeting.procedure == KIND_FROM_CLOCK:
            fresh = ose_session.from_clock(creature, self.store.get("ose_turn"))
        else:
            fresh = ose_session.fresh_encounter(creature, session)
        fresh = ose_session.from_meeting(fresh, meeting)
        if session.results:
            title = Step(N_("New encounter with {creature}."), {"creature": creature})
            self.store.act(Outcome(title, (), ose_session.KIND), ose_encounter=fresh)
        else:
            self.keep(fresh)

    # --- morale ----------------------------------------------------------------------------

    def on_ose_morale_form(self, _target: Any, _event: Any) -> None:
        """The monsters' score, number and losses and the situation adjustment as typed
        (a field being typed keeps its last value; a number the rules refuse shows in
        place of the odds, or, for the score and the numbers, as a notice)."""
        m = self.session.morale

        def kept(name: str, value: int) -> int:
            typed = whole(self.field(name))
            return value if typed is None else typed

        adjust = whole(self.field("ose-morale-adjust"))
        if adjust is None or abs(adjust) > ose_morale.MAX_ADJUSTMENT:
            adjust = m.adjustment  # the odds say what is wrong with it
        try:
            session = ose_session.set_morale(
                self.session,
                score=kept("ose-morale-score", m.score),
                group=kept("ose-morale-group", m.group),
                killed=kept("ose-morale-killed", m.killed),
                out=kept("ose-morale-out", m.out),
                adjustment=adjust,
            )
        except RulesError:
            self.render_morale()
            raise
        self.keep(session)

    def adjustment(self) -> int:
        """The situation adjustment as typed (the same, once typed right, as the one kept
        with the encounter); a mistake in it stops the roll and says why."""
        value = number(self.field("ose-morale-adjust"), N_("Situation adjustment (−2 to +2)"))
        return ose_morale.check_adjustment(value)

    def morale_odds(self) -> list[Step]:
        odds = ose_session.morale_odds(self.session, self.adjustment())
        out = list(odds.steps)
        if odds.rolled:
            out.append(Step(N_("They break: {chance}"), {"chance": self.pct(odds.breaks)}))
            out.append(Step(N_("They fight on: {chance}"), {"chance": self.pct(odds.holds)}))
        return out

    def render_morale(self) -> None:
        """The morale fields as kept, unless a field holds it already or is being typed
        (an adjustment the rules refuse stays, and the odds say why)."""
        m = self.session.morale
        for name, value in (
            ("ose-morale-score", m.score),
            ("ose-morale-group", m.group),
            ("ose-morale-killed", m.killed),
            ("ose-morale-out", m.out),
            ("ose-morale-adjust", m.adjustment),
        ):
            node = self.field(name)
            typed = whole(node)
            refused = (
                name == "ose-morale-adjust"
                and typed is not None
                and abs(typed) > ose_morale.MAX_ADJUSTMENT
            )
            if typed is not None and typed != value and not refused:
                node.value = str(value)
        status = ose_session.morale_status(self.session)
        dom.text(self.field("ose-morale-due"), self.t(status))
        # Odds that only say the status again (monsters that never check) are not repeated.
        odds = [line for line in self.guarded(self.morale_odds) if line != status]
        box = self.boxes["morale"]
        self.lines(dom.one(".ose-odds", box), odds)
        dom.show(dom.one(".odds", box), bool(odds))

    # --- the form, kept with the encounter ------------------------------------------------

    def read_form(self) -> Form:
        """The fields as they are now; a number field being typed keeps its last value."""
        old = self.session.form
        flight = old.flight

        def kept(name: str, value: int) -> int:
            typed = whole(self.field(name))
            return value if typed is None else typed

        return Form(
            Flight(
                fleeing=Side(str(self.field("ose-fleeing").value)),
                fleeing_speed=kept("ose-fleeing-speed", flight.fleeing_speed),
                pursuer_speed=kept("ose-pursuer-speed", flight.pursuer_speed),
                fleeing_count=kept("ose-fleeing-count", flight.fleeing_count),
                pursuer_count=kept("ose-pursuer-count", flight.pursuer_count),
                terrain=Terrain(str(self.field("ose-terrain").value)),
                modifier=kept("ose-modifier", flight.modifier),
                forced_to_stop=bool(self.field("ose-forced").checked),
            ),
            drop=Drop(str(self.field("ose-drop").value)),
            tempted=bool(self.field("ose-tempted").checked),
            move_speed=kept("ose-move-speed", old.move_speed),
            move_rounds=kept("ose-move-rounds", old.move_rounds),
            charisma=kept("ose-cha", old.charisma),
            nobody_talks=bool(self.field("ose-nobody-talks").checked),
        )

    def fill_speaker(self) -> None:
        """The speaker as kept with the encounter (the reaction panel changes it too),
        unless the field holds it already or is being typed."""
        form = self.session.form
        field = self.field("ose-cha")
        typed = whole(field)
        if typed is not None and typed != form.charisma:
            field.value = str(form.charisma)
        self.field("ose-nobody-talks").checked = form.nobody_talks

    def fill_form(self) -> None:
        """The kept fields, as the store holds them (after a reload, an Undo, an import
        or another tab's change); a number field being typed, or holding the number
        kept, is left as it is."""
        form = self.session.form
        flight = form.flight
        choices = {
            "ose-fleeing": flight.fleeing.value,
            "ose-terrain": flight.terrain.value,
            "ose-drop": form.drop.value,
        }
        for name, value in choices.items():
            self.field(name).value = value
        numbers = {
            "ose-fleeing-speed": flight.fleeing_speed,
            "ose-pursuer-speed": flight.pursuer_speed,
            "ose-fleeing-count": flight.fleeing_count,
            "ose-pursuer-count": flight.pursuer_count,
            "ose-modifier": flight.modifier,
            "ose-move-speed": form.move_speed,
            "ose-move-rounds": form.move_rounds,
        }
        for name, number_kept in numbers.items():
            node = self.field(name)
            typed = whole(node)
            if typed is not None and typed != number_kept:
                node.value = str(number_kept)
        self.field("ose-forced").checked = flight.forced_to_stop
        self.field("ose-tempted").checked = form.tempted
        self.fill_speaker()

    # --- reading the form -------------------------------------------------------------

    def charisma(self) -> int | None:
        if self.field("ose-nobody-talks").checked:
            return None
        return number(self.field("ose-cha"), N_("Speaker's Charisma (3–18)"))

    def flight(self) -> Flight:
        return Flight(
            fleeing=Side(str(self.field("ose-fleeing").value)),
            fleeing_speed=number(
                self.field("ose-fleeing-speed"), N_("Base speed of the fleeing side")
            ),
            pursuer_speed=number(self.field("ose-pursuer-speed"), N_("Base speed of the pursuers")),
            fleeing_count=number(self.field("ose-fleeing-count"), N_("Creatures fleeing")),
            pursuer_count=number(self.field("ose-pursuer-count"), N_("Creatures pursuing")),
            terrain=Terrain(str(self.field("ose-terrain").value)),
            modifier=number(self.field("ose-modifier"), N_("Referee's modifier (%)")),
            forced_to_stop=bool(self.field("ose-forced").checked),
        )

    # --- rendering ----------------------------------------------------------------------

    def pct(self, chance: Fraction) -> str:
        return self.app.translator.percent(chance)

    def lines(self, target: Any, steps: list[Step] | tuple[Step, ...]) -> None:
        self.app.fill_list(target, steps)

    def guarded(self, make: Callable[[], list[Step]]) -> list[Step]:
        """Odds that depend on the form: a mistake in it shows in place of the odds."""
        try:
            return make()
        except RulesError as error:
            return [error.message]

    def render(self) -> None:
        app, session = self.app, self.session
        self.render_setup()
        self.fill_form()
        latest = session.results.get(session.latest)
        title = self.field("ose-result-title")
        details = self.field("ose-result-details")
        if latest is None:
            dom.text(title, app.tr(N_("Set the situation, then roll for surprise.")))
            dom.show(details, False)
        else:
            dom.text(title, app.t(latest.title))
            self.lines(self.field("ose-result-steps"), latest.steps)
            dom.show(details, bool(latest.steps))
        for stage in ose_session.STAGES:
            summary = dom.one(f'[data-summary="{stage}"]', self.root)
            done = session.results.get(stage)
            dom.text(summary, "· " + app.t(done.title) if done else "")
        for stage, box in self.boxes.items():
            done = session.results.get(stage)
            dom.text(dom.one(".ose-stage-title", box), app.t(done.title) if done else "")
            dom.show(dom.one(".ose-stage-details", box), done is not None and bool(done.steps))
            self.lines(dom.one(".ose-stage-steps", box), done.steps if done else ())
        self.lines(dom.one(".ose-odds", self.boxes["surprise"]), self.surprise_odds())
        self.lines(dom.one(".ose-odds", self.boxes["distance"]), self.distance_odds())
        self.lines(dom.one(".ose-odds", self.boxes["reaction"]), self.guarded(self.reaction_odds))
        self.lines(dom.one(".ose-odds", self.boxes["initiative"]), self.initiative_odds())
        self.lines(dom.one(".ose-odds", self.boxes["evasion"]), self.guarded(self.evasion_odds))
        self.render_round()
        self.render_evasion()
        self.render_pursuit()
        self.render_morale()
        likely = self.field("ose-pursuit-likely")
        dom.show(likely, ose_session.pursuit_likely(session))
        dom.text(
            likely, app.tr(N_("A low reaction: if the party flees, the monsters may well pursue."))
        )
        self.lines(self.field("ose-movement"), self.guarded(self.movement))
        over = ose_session.ended(session)
        hint = Step(ose_session.ALREADY_OVER) if over else ose.conclusion_hint(session.encounter)
        dom.text(self.field("ose-conclusion-hint"), app.t(hint))
        self.one('[data-action="ose-conclude"]').disabled = over
        stage = self.next_stage()
        self.fold(stage)
        label = {
            "surprise": Step(N_("Next: surprise")),
            "distance": Step(N_("Next: distance")),
            "reaction": Step(N_("Next: reaction")),
            "initiative": Step(N_("Next: round {round}"), {"round": session.encounter.round + 1}),
            "evasion": Step(N_("Next: try to evade")),
            "pursuit": Step(N_("Next: pursuit round")),
            "day": Step(N_("Next: day of pursuit")),
            "conclusion": Step(N_("End the encounter")),
            "explore": Step(N_("Continue exploring")),
        }[stage]
        dom.text(self.one('[data-action="ose-next"]'), app.t(label))

    def fold(self, stage: str) -> None:
        """Once a step is rolled (or the encounter changes), the finished steps fold to
        their one-line summary and the next step opens; a step opened by hand stays open
        until the next roll."""
        session = self.session
        key = (stage, session.creature, session.latest, tuple(sorted(session.results)))
        if self.unchanged("fold", key, session.results.get(session.latest)):
            return
        current = PANEL_OF.get(stage, stage)
        for name, panel in self.panels.items():
            if name == current:
                panel.setAttribute("open", "")
            else:
                panel.removeAttribute("open")

    def render_setup(self) -> None:
        app, session = self.app, self.session
        creature = self.field("ose-creature")
        if str(creature.value) != session.creature:
            creature.value = session.creature
        for radio in dom.every('input[name="ose-place"]', self.root):
            radio.checked = radio.value == session.place.value
        self.field("ose-dark").checked = session.dark
        self.field("ose-party-unaware").checked = session.party.unaware
        self.field("ose-party-light").checked = session.party.light
        self.field("ose-monsters-unaware").checked = session.monsters.unaware
        self.field("ose-monsters-light").checked = session.monsters.light
        select = self.field("ose-monsters-range")
        for option, top in zip(select.options, RANGES, strict=True):
            text = ose.surprise_range(top)
            if top == ose.DEFAULT_SURPRISE_RANGE:
                text = Step(N_("{range} (usual)"), {"range": text})
            option.textContent = app.t(text)
        select.value = str(session.monsters.surprised_on)
        outdoors = session.place is not Place.DUNGEON
        dom.show(self.field("ose-dungeon-only"), not outdoors)
        dom.show(self.field("ose-wilderness-only"), session.place is Place.WILDERNESS)

    def surprise_odds(self) -> list[Step]:
        s = self.session
        odds = ose_session.surprise_odds(s)
        out: list[Step] = []
        for rolls, chance, surprised, no_roll in (
            (
                ose.rolls_for_surprise(s.party, s.monsters, s.dark),
                odds.party,
                N_("The party is surprised: {chance}"),
                N_("The party makes no surprise roll."),
            ),
            (
                ose.rolls_for_surprise(s.monsters, s.party, s.dark),
                odds.monsters,
                N_("The monsters are surprised: {chance}"),
                N_("The monsters make no surprise roll."),
            ),
        ):
            if rolls:
                out.append(Step(surprised, {"chance": self.pct(chance)}))
            else:
                out.append(Step(no_roll))
        names = {
            SurpriseOutcome.NOBODY: N_("Nobody surprised: {chance}"),
            SurpriseOutcome.PARTY: N_("Only the party surprised: {chance}"),
            SurpriseOutcome.MONSTERS: N_("Only the monsters surprised: {chance}"),
            SurpriseOutcome.BOTH: N_("Both sides surprised: {chance}"),
        }
        for outcome, message in names.items():
            out.append(Step(message, {"chance": self.pct(odds.outcomes[outcome])}))
        return out

    def distance_odds(self) -> list[Step]:
        s = self.session
        dice = ose_session.distance_dice(s)
        span = ose.distance_range(s.place, surprised=s.encounter.surprise.anyone)
        out = [
            Step(N_("Dice {place}: {dice}"), {"place": Step(PLACE_WORDS[s.place]), "dice": dice}),
            *span.steps(),
        ]
        if s.place is not Place.DUNGEON and s.encounter.surprise.anyone:
            out.insert(0, Step(N_("A side is surprised, so the distance is only 1d4×10 yards.")))
        return out

    def reaction_odds(self) -> list[Step]:
        modifier = speaker_modifier(self.charisma())
        out = [Step(N_("Modifier: {modifier}"), {"modifier": signed(modifier)})]
        for band, chance in reaction_odds(OSE_REACTIONS, modifier).items():
            out.append(
                Step(
                    N_("{reaction}: {chance}"), {"reaction": band.label, "chance": self.pct(chance)}
                )
            )
        return out

    def initiative_odds(self) -> list[Step]:
        s = self.session
        number_next = s.encounter.round + 1
        alone = s.encounter.surprise.acts_alone if number_next == 1 else None
        if alone is not None:
            order = ose.Order.PARTY_ALONE if alone is Side.PARTY else ose.Order.MONSTERS_ALONE
            return [
                Step(
                    N_("Round {round}: {order}, without a roll."),
                    {"round": number_next, "order": Step(ose_session.ORDER_WORDS[order])},
                )
            ]
        ties = Ties(str(self.app.campaign.values["ose.initiative_ties"]))
        names = {
            ose.Order.PARTY_FIRST: N_("The party acts first: {chance}"),
            ose.Order.MONSTERS_FIRST: N_("The monsters act first: {chance}"),
            ose.Order.SIMULTANEOUS: N_("Both sides act at the same time: {chance}"),
        }
        return [
            Step(names[order], {"chance": self.pct(chance)})
            for order, chance in ose.initiative_odds(ties).items()
        ]

    def render_round(self) -> None:
        s = self.session
        dom.text(self.field("ose-round"), str(s.encounter.round))
        ties = Ties(str(self.app.campaign.values["ose.initiative_ties"]))
        rule = N_("Roll again") if ties is Ties.REROLL else N_("Act at the same time")
        dom.text(
            self.field("ose-ties"),
            self.app.t(Step(N_("Ties (see Settings): {rule}"), {"rule": Step(rule)})),
        )

    def evasion_odds(self) -> list[Step]:
        if not ose_session.can_evade(self.session):
            return []  # the hint above the button says why
        chance = ose_session.evasion_chance(self.session, self.flight(), self.app.campaign.values)
        steps = list(chance.steps)
        if not chance.stated:  # said once is enough
            steps.append(Step(N_("Evasion chance: {chance}"), {"chance": self.pct(chance.chance)}))
        return steps

    def render_evasion(self) -> None:
        """Once the fight has begun there is no evasion, and once a side got away (or is
        being pursued) no fight: those buttons are off and say why."""
        why_not = ose_session.no_fight(self.session)
        self.one('[data-action="ose-fight"]').disabled = why_not is not None
        hint = self.field("ose-no-fight")
        dom.text(hint, "" if why_not is None else self.app.t(why_not))
        dom.show(hint, why_not is not None)
        why_no_evasion = ose_session.no_evasion(self.session)
        allowed = why_no_evasion is None
        why = "" if why_no_evasion is None else self.app.t(why_no_evasion)
        for action, hint in (("ose-evade", "ose-no-evade"), ("ose-try-evade", "ose-no-evasion")):
            self.one(f'[data-action="{action}"]').disabled = not allowed
            node = self.field(hint)
            dom.text(node, why)
            dom.show(node, not allowed)

    def render_pursuit(self) -> None:
        s = self.session
        box, chase_box = self.field("ose-pursuit"), self.field("ose-chase")
        dom.show(box, s.pursuit is not None)
        dom.show(chase_box, s.chase is not None)
        if s.pursuit is not None:
            state = s.pursuit
            running = state.status is evasion.PursuitStatus.RUNNING
            status = Step(
                N_("Rounds run: {round}. Gap: {gap}."),
                {"round": state.round, "gap": ose.measure(state.gap, ose.Unit.FEET)},
            )
            dom.text(
                self.field("ose-pursuit-status"),
                self.app.t(status)
                + ("" if running else " " + self.app.tr(N_("The pursuit is over."))),
            )
            self.lines(self.field("ose-pursuit-odds"), self.pursuit_odds() if running else [])
            for action in ("ose-pursuit-round", "ose-give-up"):
                self.one(f'[data-action="{action}"]').disabled = not running
        if s.chase is not None:
            chase = s.chase
            going = chase.status is evasion.ChaseStatus.GOING
            status = Step(N_("Days of pursuit: {day}."), {"day": chase.day})
            dom.text(
                self.field("ose-chase-status"),
                self.app.t(status)
                + ("" if going else " " + self.app.tr(N_("The pursuit is over."))),
            )
            self.lines(
                self.field("ose-chase-odds"),
                [
                    Step(
                        N_("The pursuers catch up on a day: {chance}"),
                        {"chance": self.pct(evasion.catch_up_chance(chase.pursuers_faster))},
                    )
                ]
                if going
                else [],
            )
            self.one('[data-action="ose-pursuit-day"]').disabled = not going

    def pursuit_odds(self) -> list[Step]:
        assert self.session.pursuit is not None
        drop = Drop(str(self.field("ose-drop").value))
        odds = evasion.pursuit_odds(
            self.session.pursuit, drop, bool(self.field("ose-tempted").checked)
        )
        out = [Step(N_("Caught in the next round: {chance}"), {"chance": self.pct(odds.caught)})]
        if drop is not Drop.NOTHING:
            out.insert(
                0,
                Step(
                    N_("The pursuers stop for the dropped item: {chance}"),
                    {"chance": self.pct(odds.stop)},
                ),
            )
        if odds.rounds_to_catch is None:
            out.append(Step(N_("At these speeds the pursuers never catch up.")))
        else:
            out.append(
                Step(
                    N_("If nothing stops them, they catch up in {count} round."),
                    {"count": odds.rounds_to_catch},
                    plural=N_("If nothing stops them, they catch up in {count} rounds."),
                )
            )
        return out

    def movement(self) -> list[Step]:
        speed = number(self.field("ose-move-speed"), N_("Base speed"))
        rounds = number(self.field("ose-move-rounds"), N_("Rounds (1–60)"))
        return list(ose.encounter_movement(speed, self.session.place, rounds).steps)

"""The reaction roll panel on the Encounter screen: the campaign game's own table, as
its GameSpec declares it (:func:`omen.campaign.reaction.table_for`).

Old-School Essentials adds the speaker's Charisma modifier (or nothing when nobody
talks); GURPS rolls 3d6 and adds the reaction modifiers the game master types. Liminal
Horror and The End of the World use Cairn 2e's table, and the panel says so in each
game's words. The odds of every band show before the roll; the roll and its steps go to
the log.

The last roll is the panel's own (the log keeps every one); after a reload it comes back
from its log entry, worked out again from the faces the entry names
(:func:`omen.campaign.reaction.reaction_told`).

A creature whose row was marked violent means harm: its attitude is plain, so the panel
says so and shows no odds as if it might be friendly; *Roll a reaction anyway* stays a
tap away (:mod:`omen.campaign.meeting`). A violent row that asks for a reaction roll
gets the panel as usual.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from omen.campaign.games import game_of
from omen.campaign.reaction import (
    REACTION,
    ReactionResult,
    ReactionTable,
    reaction_odds,
    reaction_roll,
    reaction_title,
    reaction_told,
    read_modifier,
    speaker_modifier,
    table_for,
)
from omen.campaign.state import Outcome
from omen.core.errors import RulesError
from omen.core.roll import N_, Step, signed
from omen.ose import session as ose_session
from omen.ose.session import OseSession
from omen_web.kit import dom
from omen_web.kit import screen as kit
from omen_web.screens.ose.encounter import number, whole

if TYPE_CHECKING:
    from omen_web.kit.app import App


class ReactionScreen(kit.Screen):
    app: App  # the kit's Host, with all of the app this screen uses
    name = "reaction"
    section = "encounter"
    root_selector = '[data-procedure="reaction"]'
    parts = ("ose_encounter", "campaign", "exploration", "meeting")

    def build(self) -> None:
        self.last: ReactionResult | None = None
        self.logged: Outcome | None = None  # the roll in the log that Undo can take back
        self.show_last()

    def show_last(self) -> None:
        """After a reload: the last reaction rolled on this panel, from its log entry,
        when its steps are a roll's on the campaign game's table (the OSE encounter's
        reaction, logged with its speaker, stays that procedure's)."""
        entry = self.store.last_said({REACTION})
        if entry is None:
            return
        result = reaction_told(self.table, entry.steps)
        if result is not None and entry.title == reaction_title(result):
            self.last = result
            self.logged = Outcome(entry.title, entry.steps, "reaction")

    @property
    def session(self) -> OseSession:
        session: OseSession = self.store.get("ose_encounter")
        return session

    def on_reaction_speaker(self, _target: Any, _event: Any) -> None:
        """The speaker's Charisma is kept with the OSE encounter (its form), so the OSE
        sequence's reaction step has the same speaker; a number being typed keeps the
        last one."""
        form = self.session.form
        typed = whole(self.bound("reaction-cha"))
        nobody = bool(self.bound("reaction-nobody-talks").checked)
        charisma = form.charisma if typed is None else typed
        if (charisma, nobody) != (form.charisma, form.nobody_talks):
            changed = replace(form, charisma=charisma, nobody_talks=nobody)
            self.store.put("ose_encounter", ose_session.set_up(self.session, form=changed))
        self.render()

    def fill_speaker(self) -> None:
        """The speaker as kept, unless the field holds it already (or is being typed)."""
        form = self.session.form
        field = self.bound("reaction-cha")
        typed = whole(field)
        if typed is not None and typed != form.charisma:
            field.value = str(form.charisma)
        self.bound("reaction-nobody-talks").checked = form.nobody_talks

    @property
    def table(self) -> ReactionTable:
        return table_for(game_of(self.app.campaign.game).key)

    def on_reaction_modifiers(self, _target: Any, _event: Any) -> None:
        self.render()

    def modifier(self) -> int:
        """OSE: the speaker's Charisma modifier; GURPS: the typed reaction modifiers;
        Cairn's table has none."""
        table = self.table
        if table.modifiers:
            return read_modifier(str(dom.bound("reaction-modifiers", self.root).value))
        if not table.speaker or dom.bound("reaction-nobody-talks", self.root).checked:
            return 0
        score = number(dom.bound("reaction-cha", self.root), N_("Speaker's Charisma (3–18)"))
        return speaker_modifier(score)

    def on_reaction_roll(self, _target: Any, _event: Any) -> None:
        typed = dom.bound("reaction-typed", self.root)
        dice = self.app.dice(str(typed.value))
        result = reaction_roll(self.table, dice, self.modifier())
        typed.value = ""
        self.last = result
        outcome = Outcome(reaction_title(result), result.steps, "reaction")
        exploration = self.store.get("exploration")
        if exploration.reaction and exploration.met:
            # The reaction Explore's encounter asked for is rolled: Explore offers it no
            # longer, and Undo offers it again (and takes this result off the panel).
            self.logged = outcome
            self.store.act(outcome, exploration=replace(exploration, reaction=False))
        else:
            self.logged = None
            self.store.record(outcome)
        self.render()

    def on_reaction_anyway(self, target: Any, event: Any) -> None:
        """A reaction rolled for a creature that means harm: the game master's call."""
        self.on_reaction_roll(target, event)

    def render(self) -> None:
        self.fill_speaker()
        app, table = self.app, self.table
        dom.text(dom.bound("reaction-table", self.root), app.t(table.name))
        source = dom.bound("reaction-source", self.root)
        dom.show(source, table.source is not None)
        dom.text(source, app.t(table.source) if table.source is not None else "")
        dom.show(dom.bound("reaction-cha-box", self.root), table.speaker)
        dom.show(dom.bound("reaction-modifiers-box", self.root), table.modifiers)
        lines: list[Step]
        try:
            modifier = self.modifier()
            lines = (
                [Step(N_("Modifier: {modifier}"), {"modifier": signed(modifier)})]
                if table.speaker or table.modifiers
                else []
            )
            for band, chance in reaction_odds(table, modifier).items():
                lines.append(
                    Step(
                        N_("{reaction}: {chance}"),
                        {
                            "reaction": band.label,
                            "chance": app.translator.percent(Fraction(chance)),
                        },
                    )
                )
        except RulesError as error:
            lines = [error.message]
        app.fill_list(dom.bound("reaction-odds", self.root), lines)
        meeting = self.store.get("meeting")
        plain = meeting.violent and not meeting.reaction  # hostile: no roll needed
        dom.show(dom.bound("reaction-odds-box", self.root), not plain)
        dom.show(dom.bound("reaction-roll", self.root), not plain)
        dom.show(dom.bound("reaction-anyway", self.root), plain)
        title = dom.bound("reaction-result-title", self.root)
        details = dom.bound("reaction-result-details", self.root)
        if self.logged is not None and self.store.took_back(
            self.logged.title, self.logged.steps
        ):  # Undo took the roll back
            self.last, self.logged = None, None
        last = self.last
        if last is None or last.table is not table:
            from omen.campaign.meeting import NO_REACTION

            prompt = (
                NO_REACTION
                if plain
                else N_("Roll 3d6 when the creature's attitude is not obvious.")
                if table.dice == 3
                else N_("Roll 2d6 when the creature's attitude is not obvious.")
            )
            dom.text(title, app.tr(prompt))
            dom.show(details, False)
            return
        dom.text(title, app.t(reaction_title(last)))
        app.fill_list(dom.bound("reaction-result-steps", self.root), last.steps)
        dom.show(details, True)

"""The Encounter screen: picks which encounter procedure is shown.

The campaign's game decides the first choice and the order of the choices
(:attr:`omen.campaign.spec.GameSpec.encounters`: Old-School Essentials opens its
sequence, GURPS its distance procedure, the others the reaction roll); every procedure
stays one tap away. A creature met on the Explore screen is carried over with what the table row
brought (how many came, their stats) and the location's terrain: the store's part
``meeting`` (:mod:`omen.campaign.meeting`, written by
:meth:`omen_web.kit.app.App.begin_encounter`). This screen names the creature and shows
the row's stats for the campaign's game, and, for a row marked violent, says so in the
game's words (:func:`omen.campaign.meeting.violent_lines`); each procedure fills its form
from the meeting.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from omen.campaign.games import game_of
from omen.campaign.players import (
    LOOK_BACK,
    GameFacts,
    Showing,
    facts_public,
    game_facts,
    public_kinds,
    show_facts,
)
from omen.campaign.state import Log
from omen.campaign.tables import shown_stats
from omen.core.roll import N_, Step
from omen_web.kit import dom
from omen_web.kit import screen as kit

if TYPE_CHECKING:
    from omen.campaign.meeting import Meeting
    from omen_web.kit.app import App


class EncounterScreen(kit.Screen):
    """Its own element is the choice of procedure; each procedure is a screen of its own."""

    app: App  # the kit's Host, with all of the app this screen uses

    name = "encounter"
    root_selector = '[data-bind="encounter-procedure"]'
    also = ('[data-bind="encounter-players"]',)
    # The games' encounters whose facts players may see (omen.campaign.players), what
    # the game master chose to show them, and whether any player has a seat to see them.
    # (Liminal Horror's and The End of the World's are the reaction in the log.)
    parts = (
        "campaign",
        "meeting",
        "players_shown",
        "ose_encounter",
        "gurps_found",
        "log",
        "players_seats",
    )

    def build(self) -> None:
        self.chosen = ""  # "" follows the campaign's game
        # The procedures' panels, in this section only (the Settings screen's groups of
        # each procedure's settings carry data-procedure too, and are not this screen's).
        section = dom.one('[data-screen="encounter"]')
        self.panels = dom.every(":scope > [data-procedure]", section)
        self.radios = dom.every('input[name="encounter-procedure"]', self.root)

    @property
    def meeting(self) -> Meeting:
        """The encounter to run, as the store holds it."""
        meeting: Meeting = self.store.get("meeting")
        return meeting

    @property
    def procedure(self) -> str:
        return self.chosen or self.meeting.procedure or game_of(self.app.campaign.game).encounter

    def on_begin_encounter(self, meeting: Meeting) -> None:
        """An encounter that names its procedure (one from the OSE turn) opens it."""
        if meeting.procedure:
            self.chosen = ""

    def public_facts(self) -> tuple[GameFacts, Showing]:
        """The encounter's facts players may see, and what the game master chose."""
        game = self.app.campaign.game
        maker = game_facts(game)
        held = {kind: self.store.get(kind) for kind in public_kinds(game)}
        held["log"] = Log(tuple(self.store.log.newest(LOOK_BACK)))  # as the players' view
        facts = maker(held, self.app.campaign.values) if maker is not None else GameFacts()
        return facts, held["players_shown"]

    def on_encounter_show_players(self, _target: Any, _event: Any) -> None:
        """Show the encounter's facts to the players, or hide them again."""
        facts, showing = self.public_facts()
        public = facts_public(showing, self.app.campaign.values, facts.encounter)
        self.store.put("players_shown", show_facts(showing, facts.encounter, not public))

    def on_choose_encounter_procedure(self, target: Any, _event: Any) -> None:
        self.chosen = str(target.value)
        self.render()

    def render(self) -> None:
        procedure = self.procedure
        for panel in self.panels:
            dom.show(panel, panel.dataset.procedure == procedure)
        # The choices in the order the game declares (its own first).
        order = game_of(self.app.campaign.game).encounters
        for radio in sorted(self.radios, key=lambda radio: order.index(str(radio.value))):
            radio.checked = radio.value == procedure
            self.root.appendChild(radio.closest("label"))
        meeting = self.meeting
        creature = meeting.creature
        line = dom.bound("encounter-creature")
        if creature:
            dom.text(
                line, self.app.t(Step(N_("Encounter with: {creature}"), {"creature": creature}))
            )
        dom.show(line, bool(creature))
        self.render_stats(meeting)
        self.render_violent(meeting)
        self.render_players()

    def render_players(self) -> None:
        """Whether the players see the encounter's facts, and the tap that changes it;
        nothing while no player has a seat (connected or not)."""
        facts, showing = self.public_facts()
        box = dom.bound("encounter-players")
        seated = bool(self.store.get("players_seats").seats)
        dom.show(box, bool(facts.facts) and seated)
        if not facts.facts or not seated:
            return
        public = facts_public(showing, self.app.campaign.values, facts.encounter)
        said = (
            N_("Players see the encounter's facts (the distance, surprise, reaction).")
            if public
            else N_("The encounter's facts are hidden from players.")
        )
        dom.text(dom.bound("encounter-players-said"), self.tr(said))
        button = dom.one('[data-action="encounter-show-players"]', box)
        dom.text(button, self.tr(N_("Hide from players") if public else N_("Show players")))

    def render_violent(self, meeting: Meeting) -> None:
        """A violent encounter said plainly, in the game's words."""
        from omen.campaign.meeting import violent_lines

        lines = violent_lines(meeting, self.app.campaign.game)
        line = dom.bound("encounter-violent")
        dom.text(line, " ".join(self.app.t(step) for step in lines))
        dom.show(line, bool(lines))

    def render_stats(self, meeting: Meeting) -> None:
        """How many came and the row's stats for the campaign's game, on one line."""
        parts = []
        if meeting.count is not None:
            parts.append(
                self.app.t(Step(N_("Number appearing: {count}"), {"count": meeting.count}))
            )
        shown = shown_stats(meeting.stats, self.app.campaign.game)
        if shown:
            parts.append(", ".join(self.app.t(step) for step in shown))
        line = dom.bound("encounter-stats")
        dom.text(line, "; ".join(parts))
        dom.show(line, bool(meeting.creature) and bool(parts))

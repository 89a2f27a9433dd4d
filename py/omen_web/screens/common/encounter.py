"""The Encounter screen: picks which encounter procedure is shown.

The campaign's game decides the first choice (Old-School Essentials opens its sequence,
GURPS its distance procedure, the others the reaction roll); every procedure stays one
tap away. A creature met on the Explore screen is carried over by name
(:meth:`omen_web.kit.app.App.begin_encounter`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from omen.core.roll import N_, Step
from omen_web.kit import dom
from omen_web.kit import screen as kit

if TYPE_CHECKING:
    from omen_web.kit.app import App

FIRST_CHOICE = {"ose": "ose", "gurps": "gurps"}


class EncounterScreen(kit.Screen):
    """Its own element is the choice of procedure; each procedure is a screen of its own."""

    app: App  # the kit's Host, with all of the app this screen uses

    name = "encounter"
    root_selector = '[data-bind="encounter-procedure"]'
    parts = ("campaign",)

    def build(self) -> None:
        self.chosen = ""  # "" follows the campaign's game
        # The procedures' panels, in this section only (the Settings screen's groups of
        # each procedure's settings carry data-procedure too, and are not this screen's).
        section = dom.one('[data-screen="encounter"]')
        self.panels = dom.every(":scope > [data-procedure]", section)
        self.radios = dom.every('input[name="encounter-procedure"]', self.root)

    @property
    def procedure(self) -> str:
        return (
            self.chosen
            or self.app.encounter_procedure
            or FIRST_CHOICE.get(self.app.campaign.game, "reaction")
        )

    def on_begin_encounter(self, _creature: str) -> None:
        """An encounter that names its procedure (one from the OSE turn) opens it."""
        if self.app.encounter_procedure:
            self.chosen = ""

    def on_choose_encounter_procedure(self, target: Any, _event: Any) -> None:
        self.chosen = str(target.value)
        self.render()

    def render(self) -> None:
        procedure = self.procedure
        for panel in self.panels:
            dom.show(panel, panel.dataset.procedure == procedure)
        for radio in self.radios:
            radio.checked = radio.value == procedure
        creature = self.app.creature
        line = dom.bound("encounter-creature")
        if creature:
            dom.text(
                line, self.app.t(Step(N_("Encounter with: {creature}"), {"creature": creature}))
            )
        dom.show(line, bool(creature))

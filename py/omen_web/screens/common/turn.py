"""Explore's turn procedures: the campaign's game puts its own first, the rest stay near.

Each game's turn procedure is a panel on the Explore screen (``data-panel``), drawn by its
own screen. This one only arranges them: the game's own panels first (see
:mod:`omen.campaign.games`), the others after, and a choice of which one is on show. The choice
follows the campaign's game until the game master picks another; it is not stored,
because the next session starts from the game's own procedure again.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from omen.campaign.games import game_of, ordered
from omen.core.roll import N_
from omen_web.kit import dom
from omen_web.kit import screen as kit

if TYPE_CHECKING:
    from omen_web.kit.app import App

# Every panel, by its data-panel name, and what the choice calls it.
PANELS = {
    "checks": N_("Liminal Horror checks"),
    "ose_turn": N_("Old-School Essentials turn"),
    "ose_travel": N_("Old-School Essentials travel day"),
    "gurps_travel": N_("GURPS travel"),
    "eotw_scene": N_("The End of the World scene"),
}


class TurnScreen(kit.Screen):
    app: App  # the kit's Host, with all of the app this screen uses
    name = "turn"
    section = "explore"
    root_selector = '[data-bind="explore-panels"]'
    parts = ("campaign",)
    hides_itself = True  # the choice is hidden while there is one panel only

    def build(self) -> None:
        self.chosen = ""  # "" follows the campaign's game

    def present(self) -> tuple[str, ...]:
        """The panels in the page, the game's own first."""
        section = dom.one('[data-screen="explore"]')
        names = tuple(str(node.dataset.panel) for node in dom.every("[data-panel]", section))
        return ordered(tuple(name for name in PANELS if name in names), self.own())

    def own(self) -> tuple[str, ...]:
        return game_of(self.app.campaign.game).explore

    @property
    def showing(self) -> str:
        present = self.present()
        if self.chosen in present:
            return self.chosen
        return present[0] if present else "checks"

    def on_choose_panel(self, target: Any, _event: Any) -> None:
        self.chosen = str(target.value)
        self.render()

    def render(self) -> None:
        present = self.present()
        showing = self.showing
        section = dom.one('[data-screen="explore"]')
        for panel in dom.every("[data-panel]", section):
            dom.show(panel, panel.dataset.panel == showing)
        # One panel needs no choice; two or more are offered, the game's own first.
        dom.show(self.root, len(present) > 1)
        holder = self.bound("explore-panel-choices")
        dom.clear(holder)
        for name in present:
            label = dom.element("label")
            radio = dom.element("input")
            radio.type = "radio"
            radio.name = "explore-panel"
            radio.value = name
            radio.checked = name == showing
            radio.setAttribute("data-action", "choose-panel")
            text = dom.element("span")
            dom.text(text, self.tr(PANELS[name]))
            label.append(radio, " ", text)
            holder.append(label)

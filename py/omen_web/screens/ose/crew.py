"""Old-School Essentials on top of the Crew screen: the party's rolls (saving throw,
ability check, reaction, morale), each one tap from its form on Tests; see
:mod:`omen_web.screens.common.gametools`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from omen.ose.checks import Mode
from omen_web.kit import screen as kit
from omen_web.screens.common import gametools

if TYPE_CHECKING:
    from omen_web.kit.app import App


class OseCrewScreen(kit.Screen):
    app: App  # the kit's Host, with all of the app this screen uses
    name = "ose_crew"
    section = "crew"
    root_selector = '[data-bind="ose-crew"]'
    parts = ("campaign",)
    games = frozenset({"ose"})
    hides_itself = True

    def render(self) -> None:
        gametools.show_for(self, self.app.campaign.game, "ose")

    def on_ose_crew_check(self, target: Any, _event: Any) -> None:
        gametools.open_tests(self, "ose_tests", Mode, target)

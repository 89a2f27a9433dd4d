"""GURPS on top of the Crew screen: the party's success rolls and Quick Contests, each
one tap from its form on Tests; see :mod:`omen_web.screens.common.gametools`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from omen.gurps.tests import Mode
from omen_web.kit import screen as kit
from omen_web.screens.common import gametools

if TYPE_CHECKING:
    from omen_web.kit.app import App


class GurpsCrewScreen(kit.Screen):
    app: App  # the kit's Host, with all of the app this screen uses
    name = "gurps_crew"
    section = "crew"
    root_selector = '[data-bind="gurps-crew"]'
    parts = ("campaign",)
    games = frozenset({"gurps"})
    hides_itself = True

    def render(self) -> None:
        gametools.show_for(self, self.app.campaign.game, "gurps")

    def on_gurps_crew_check(self, target: Any, _event: Any) -> None:
        gametools.open_tests(self, "gurps_tests", Mode, target)

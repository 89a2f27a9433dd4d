"""GURPS on top of the Crew screen: the party's success rolls and Quick Contests, each
one tap from its form on Tests; see :mod:`omen_web.screens.common.gametools`."""

from __future__ import annotations

from typing import Any

from omen.gurps.tests import Mode
from omen_web.kit import screen as kit
from omen_web.screens.common import gametools


class GurpsCrewScreen(kit.Screen):
    name = "gurps_crew"
    section = "crew"
    root_selector = '[data-bind="gurps-crew"]'
    parts = ("campaign",)
    games = frozenset({"gurps"})
    hides_itself = True

    def render(self) -> None:
        gametools.show_for(self, "gurps")

    def on_gurps_crew_check(self, target: Any, _event: Any) -> None:
        gametools.open_tests(self, "gurps_tests", Mode, target)

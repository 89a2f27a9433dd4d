"""Old-School Essentials on top of the Crew screen: the party's rolls (saving throw,
ability check, reaction, morale), each one tap from its form on Tests; see
:mod:`omen_web.screens.common.gametools`."""

from __future__ import annotations

from typing import Any

from omen.ose.checks import Mode
from omen_web.kit import screen as kit
from omen_web.screens.common import gametools


class OseCrewScreen(kit.Screen):
    name = "ose_crew"
    section = "crew"
    root_selector = '[data-bind="ose-crew"]'
    parts = ("campaign",)
    games = frozenset({"ose"})
    hides_itself = True

    def render(self) -> None:
        gametools.show_for(self, "ose")

    def on_ose_crew_check(self, target: Any, _event: Any) -> None:
        gametools.open_tests(self, "ose_tests", Mode, target)

"""GURPS at the players' phones: the travel clock and the encounter's distance.

Omen's own procedure (the GURPS Basic Set says nothing about phones). Players see the
road's clock as the game master keeps it (:mod:`omen.gurps.travel`): the travel turn,
and the day, the hour and the light it brings (:mod:`omen.gurps.daylight`, with the
darkness penalty everyone rolls under). The encounter's fact is the headline of the last
distance found (:mod:`omen.gurps.detection`): how far, who spotted or surprised whom.
Never the chance of an encounter, a table's rows, or the skills and rolls behind the
distance.

>>> from omen.gurps.travel import Travel
>>> facts = public_facts({"gurps_travel": Travel(turn=3)}, {"gurps.travel_hours": 4})
>>> [step.english() for step in facts.clock]
['Travel turn 3', 'Day 1, 20:00: deep twilight (−3)']
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from omen.campaign.players import GameFacts
from omen.core.errors import RulesError
from omen.core.roll import N_, Step
from omen.gurps.daylight import NIGHT, START_HOUR, time_of_day
from omen.gurps.detection import FoundDistance
from omen.gurps.travel import Travel, hours_on_road


def _whole(values: Mapping[str, Any], key: str, default: int) -> int:
    value = values.get(key, default)
    return value if isinstance(value, int) and not isinstance(value, bool) else default


def public_facts(parts: Mapping[str, Any], values: Mapping[str, Any]) -> GameFacts:
    """The travel turn, the time of day and its darkness, and the distance found."""
    travel: Travel = parts.get("gurps_travel") or Travel()
    hours = _whole(values, "gurps.travel_hours", 4)
    try:
        when = time_of_day(
            hours_on_road(travel, hours),
            _whole(values, "gurps.travel_start_hour", START_HOUR),
            _whole(values, "gurps.night_darkness", NIGHT),
        ).title
    except RulesError as error:
        when = error.message
    clock = (Step(N_("Travel turn {turn}"), {"turn": travel.turn}), when)
    found: FoundDistance | None = parts.get("gurps_found")
    facts: tuple[Step, ...] = ()
    key = ""
    if found is not None and found.kept:
        try:
            _plan, outcome = found.replay()
        except RulesError:
            outcome = None
        if outcome is not None:
            facts = (outcome.headline,)
            key = f"gurps|{found.b.name}|{found.med}|{found.rolls}"
    return GameFacts(clock=clock, facts=facts, encounter=key)

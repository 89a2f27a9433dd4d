"""Old-School Essentials at the players' phones: the turn clock and the encounter's facts.

Omen's own procedure (the OSE SRD says nothing about phones). Players see the turn clock
as the referee keeps it (:mod:`omen.ose.turn`): in a dungeon, the turn and the time it
has taken (ten minutes a turn); in the wilderness, the day of travel and the terrain;
and every light and timer with the turns it has left. The encounter's facts are the
headlines of its opening steps as they were rolled (:mod:`omen.ose.session`): who is
surprised, the distance, the monsters' reaction in words. Never the odds of a check,
the chance of wandering monsters, or what a table holds.

>>> from omen.ose.turn import LightKind, TurnState, add_light
>>> facts = public_facts({"ose_turn": add_light(TurnState(turn=4), LightKind.TORCH)}, {})
>>> [step.english() for step in facts.clock], [step.english() for step in facts.lights]
(['Dungeon turn 4', '0 h 40 min'], ['Torch 1: 6 turns left'])
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from omen.campaign.exploration import elapsed_text
from omen.campaign.players import GameFacts
from omen.core.roll import N_, Step
from omen.ose.session import OseSession
from omen.ose.turn import LIGHT_NAMES, TERRAIN_NAMES, TURN_MINUTES, Mode, TurnState

FACT_STAGES = ("surprise", "distance", "reaction")  # the opening steps players may see


def public_facts(parts: Mapping[str, Any], _values: Mapping[str, Any]) -> GameFacts:
    """The turn clock, its lights and timers, and the encounter's rolled facts."""
    state: TurnState = parts.get("ose_turn") or TurnState()
    if state.mode is Mode.WILDERNESS:
        clock = (
            Step(N_("Wilderness day {day}"), {"day": state.day}),
            Step(N_("Terrain: {terrain}"), {"terrain": Step(TERRAIN_NAMES[state.terrain])}),
        )
    else:
        clock = (
            Step(N_("Dungeon turn {turn}"), {"turn": state.turn}),
            elapsed_text(state.turn * TURN_MINUTES),
        )
    lights = tuple(
        Step(
            N_("{light} {number}: {count} turn left"),
            {"light": Step(LIGHT_NAMES[x.kind]), "number": x.number, "count": x.left},
            plural=N_("{light} {number}: {count} turns left"),
        )
        for x in state.lights
    ) + tuple(
        Step(
            N_("{name}: {count} turn left"),
            {"name": x.name, "count": x.left},
            plural=N_("{name}: {count} turns left"),
        )
        for x in state.timers
    )
    session: OseSession | None = parts.get("ose_encounter")
    facts: tuple[Step, ...] = ()
    key = ""
    if session is not None:
        facts = tuple(
            session.results[stage].title for stage in FACT_STAGES if stage in session.results
        )
        if facts:
            key = f"ose|{session.creature}|{facts[0].english()}"
    return GameFacts(clock=clock, facts=facts, lights=lights, encounter=key)

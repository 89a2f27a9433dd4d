"""Liminal Horror: the game Omen was first written for, and its default.

Its procedures (the exploration turn, the Encounter Die, the Tension Die, the Voidcrawl)
and Cairn's reaction table are offered to every game, and the campaign state holds their
clock, so they live in :mod:`omen.campaign` (``exploration``, ``voidcrawl``,
``reaction``); its example campaign is :mod:`omen.campaign.example`'s own, and its
settings are the campaign's (:mod:`omen.campaign.settings`). This package declares the
game.
"""

from __future__ import annotations

from omen.campaign.spec import GameSpec
from omen.core.roll import N_

GAME = GameSpec(
    "liminal_horror",
    N_("Liminal Horror"),
    explore=("checks",),
    encounter="reaction",
    tests="eotw",
    procedures=("omen.campaign.procedures:LIMINAL_HORROR",),
    public="omen.campaign.players:exploration_facts",
    reaction="omen.campaign.reaction:LIMINAL_HORROR_REACTIONS",
    example_note=N_(
        "An example campaign written for Omen, to show how tables, locations and the "
        "Voidcrawl fit together: change it or replace it with your own."
    ),
)

"""The End of the World's reaction roll: the game has none of its own.

The End of the World's rules (the seed's summary) give encounter types and tests but no
roll for how a stranger takes to the crew. Omen offers Cairn 2e's 2d6 table, the one it
borrows for Liminal Horror (:data:`omen.campaign.reaction.LIMINAL_HORROR_REACTIONS`:
2 hostile, 3–5 wary, 6–8 curious, 9–11 kind, 12 helpful), and says on the screen that
it is borrowed and why, in this game's words.

>>> from omen.core.dice import ScriptedDice
>>> from omen.campaign.reaction import reaction_roll
>>> [step.english() for step in reaction_roll(EOTW_REACTIONS, ScriptedDice([2, 5])).steps]
... # doctest: +NORMALIZE_WHITESPACE
['Table from Cairn 2e: The End of the World has no reaction roll of its own.',
 '2d6: 2 + 5 = 7', '7 on the reaction table: Curious']
"""

from __future__ import annotations

from dataclasses import replace

from omen.campaign.reaction import LIMINAL_HORROR_REACTIONS
from omen.core.roll import N_, Step

EOTW_REACTIONS = replace(
    LIMINAL_HORROR_REACTIONS,
    game="eotw",
    source=Step(N_("Table from Cairn 2e: The End of the World has no reaction roll of its own.")),
)

"""The GURPS reaction roll: how a creature or a person the party meets takes to it.

Source: GURPS Basic Set, Fourth Edition, the *Reaction Table* (pp. B560–B561) and the
reaction rolls it serves, in our own words.

**The roll.** Roll 3d6 and add every reaction modifier that applies (looks, reputation,
a skill roll made for the occasion, the situation); unlike a success roll, a high roll
is good. The total is read on the table:

- 0 or less: disastrous; 1–3: very bad; 4–6: bad; 7–9: poor;
- 10–12: neutral; 13–15: good; 16–18: very good; 19 or more: excellent.

Unmodified, 3d6 cannot reach the two ends of the table: only modifiers make a reaction
disastrous or excellent. The game master types the modifiers, added up
(:func:`omen.campaign.reaction.read_modifier`, within ±10 as every reaction roll in Omen).
What each reaction means at the table (a fight, a bargain, help, information, loyalty)
is the game master's to play from it.

>>> from omen.core.dice import ScriptedDice
>>> from omen.campaign.reaction import reaction_odds, reaction_roll
>>> result = reaction_roll(GURPS_REACTIONS, ScriptedDice([4, 3, 5]), -2)
>>> [step.english() for step in result.steps[1:]]
['3d6: 4 + 3 + 5 = 12', '12 with modifier −2 makes 10', '10 on the reaction table: Neutral']
>>> odds = reaction_odds(GURPS_REACTIONS)
>>> odds[GURPS_REACTIONS.band("neutral")], odds[GURPS_REACTIONS.band("excellent")]
(Fraction(79, 216), Fraction(0, 1))
"""

from __future__ import annotations

from omen.campaign.reaction import ReactionBand, ReactionTable
from omen.core.roll import N_, Step

GURPS_REACTIONS = ReactionTable(
    "gurps",
    (
        ReactionBand("disastrous", None, 0, Step(N_("Disastrous"))),
        ReactionBand("very_bad", 1, 3, Step(N_("Very bad"))),
        ReactionBand("bad", 4, 6, Step(N_("Bad"))),
        ReactionBand("poor", 7, 9, Step(N_("Poor"))),
        ReactionBand("neutral", 10, 12, Step(N_("Neutral"))),
        ReactionBand("good", 13, 15, Step(N_("Good"))),
        ReactionBand("very_good", 16, 18, Step(N_("Very good"))),
        ReactionBand("excellent", 19, None, Step(N_("Excellent"))),
    ),
    source=Step(N_("GURPS Basic Set, Reaction Table (pp. B560–B561): 3d6 plus modifiers.")),
    dice=3,
    name=Step(N_("GURPS reaction table")),
    modifiers=True,
)

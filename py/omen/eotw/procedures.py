"""The End of the World's procedures as Settings and the help sheets name them: each one's name,
the rule in a few lines of our own words, and its source. The game's ``GameSpec`` names
this tuple; :mod:`omen.campaign.procedures` gathers every game's.

>>> [procedure.key for procedure in PROCEDURES]
['eotw_tests', 'eotw_crew']
"""

from __future__ import annotations

from omen.campaign.spec import Procedure
from omen.core.roll import N_

PROCEDURES: tuple[Procedure, ...] = (
    Procedure(
        "eotw_tests",
        N_("Tests"),
        "eotw",
        (
            N_("Pick a characteristic; the pool starts with one positive die."),
            N_(
                "Each thing that helps adds a positive die; each danger, hindrance or "
                "relevant trauma adds a negative one. Pushing adds one of each, once."
            ),
            N_("Roll them all: a positive and a negative die showing the same face cancel out."),
            N_(
                "Each positive die left at or under the characteristic is a success; each "
                "negative die left is one stress."
            ),
            N_("In an opposed test more successes win, then the higher characteristic."),
        ),
        N_("The End of the World cheat sheet, the seed Omen follows."),
    ),
    Procedure(
        "eotw_crew",
        N_("Stress and trauma"),
        "eotw",
        (
            N_(
                "Each character has a stress track of nine boxes in three tiers for each "
                "category: physical, mental and social."
            ),
            N_(
                "A full track ends the character, unless they cling to life with a test "
                "of that category's defensive characteristic."
            ),
            N_(
                "In downtime stress can become a trauma, as severe as the number of tiers "
                "the stress reached."
            ),
            N_(
                "Treatment takes a day, a week or a month by severity; then a test lowers "
                "the severity by one."
            ),
        ),
        N_("The End of the World cheat sheet, the seed Omen follows."),
    ),
)

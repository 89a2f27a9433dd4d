"""GURPS / Dungeon Fantasy's procedures as Settings and the help sheets name them: each one's name,
the rule in a few lines of our own words, and its source. The game's ``GameSpec`` names
this tuple; :mod:`omen.campaign.procedures` gathers every game's.

>>> [procedure.key for procedure in PROCEDURES]
['gurps_distance', 'gurps_roster', 'gurps_travel', 'gurps_tests']
"""

from __future__ import annotations

from omen.campaign.spec import Procedure
from omen.core.roll import N_

PROCEDURES: tuple[Procedure, ...] = (
    Procedure(
        "gurps_distance",
        N_("Encounter distance"),
        "gurps",
        (
            N_(
                "The terrain gives the farthest an encounter can start (rolled or "
                "averaged) and a Terrain Rating."
            ),
            N_(
                "Each side sees to a distance worked out from 200 yards, shortened or "
                "lengthened by darkness, weather, size, Vision and the size of the group."
            ),
            N_("When nobody sneaks, the encounter starts at the shorter of those distances."),
            N_(
                "A side that sneaks rolls a Quick Contest of Stealth against the other's "
                "senses; winning by the Terrain Rating or more gives surprise."
            ),
        ),
        N_(
            "The seed's house rule for Dungeon Fantasy RPG, Wilderness Random Encounter "
            "Distance, on the success rolls and Quick Contests of the GURPS Basic Set."
        ),
    ),
    Procedure(
        "gurps_roster",
        N_("The creatures in the fight"),
        "gurps",
        (
            N_(
                "The roster lists each creature that came, with the HP the table row "
                "gives (HP 11 in its stats), or typed for each one."
            ),
            N_("Below 1/3 of its HP a creature reels: its Move and Dodge are halved."),
            N_(
                "At 0 HP or below it rolls HT at once and each turn it acts, or falls "
                "unconscious; at −1×HP and at each further multiple it rolls HT or dies."
            ),
            N_("At −5×HP it is dead, with no roll."),
            N_(
                "Once every creature is dead, out of the fight, fled or surrendered, the fight can end."
            ),
        ),
        N_("GURPS Basic Set, General Injury: Lost Hit Points, p. B419, in our own words."),
    ),
    Procedure(
        "gurps_travel",
        N_("Travel checks"),
        "gurps",
        (
            N_("Each travel turn stands for some hours on the road and makes one encounter check."),
            N_(
                "The check is the Encounter Die, or a check table from Tables: an entry "
                "that is violent or calls for a reaction roll counts as an encounter."
            ),
            N_("An encounter opens the GURPS encounter distance with the creature met."),
            N_(
                "Hours roll into days; a camp moves the clock on to the next morning. A "
                "day's march is ten miles per point of Move, times the ground's rate, a "
                "fifth more when everyone makes a Hiking roll."
            ),
        ),
        N_(
            "Omen's own procedure for wilderness travel in GURPS, using the seed's "
            "Encounter Die and the tables of the campaign; the day's march from the "
            "GURPS Basic Set, p. B351 (Hiking)."
        ),
    ),
    Procedure(
        "gurps_tests",
        N_("Success rolls and Quick Contests"),
        "gurps",
        (
            N_(
                "The effective skill is the skill with all its modifiers added; roll 3d6, "
                "and a total no higher than the effective skill succeeds."
            ),
            N_(
                "The margin is the effective skill minus the total: how far a success "
                "beat it, or how far a failure missed it."
            ),
            N_(
                "A 3 or 4 is always a critical success, a 5 at effective skill 15 or more "
                "and a 6 at 16 or more."
            ),
            N_(
                "An 18 is always a critical failure, a 17 at effective skill 15 or less, "
                "and so is any total 10 or more above the effective skill."
            ),
            N_(
                "Below effective skill 3 no success roll may be made, except a defence "
                "roll (a dodge, parry or block): Omen refuses the roll and says why, and "
                "rolls it when it is marked as a defence roll."
            ),
            N_(
                "In a Quick Contest both sides roll at once: a success beats a failure, "
                "then the larger margin wins; equal margins are a tie."
            ),
            N_(
                "Omen rolls a Quick Contest whatever the sides' effective skills: a side "
                "below 3 still succeeds on a 3 or 4, and its margin counts (Omen's ruling; "
                "p. B344 forbids only success rolls below 3)."
            ),
        ),
        N_(
            "GURPS Basic Set, Fourth Edition: Success Rolls (p. B343; effective skill "
            "below 3, p. B344), Critical Success and Failure, and Quick Contests, as the "
            "seed uses them."
        ),
    ),
)

"""Old-School Essentials's procedures as Settings and the help sheets name them: each one's name,
the rule in a few lines of our own words, and its source. The game's ``GameSpec`` names
this tuple; :mod:`omen.campaign.procedures` gathers every game's.

>>> [procedure.key for procedure in PROCEDURES]
['ose_sequence', 'ose_evasion', 'ose_roster', 'ose_turn', 'ose_checks', 'ose_travel']
"""

from __future__ import annotations

from omen.campaign.spec import Procedure
from omen.core.roll import N_

PROCEDURES: tuple[Procedure, ...] = (
    Procedure(
        "ose_sequence",
        N_("The encounter sequence"),
        "ose",
        (
            N_(
                "An encounter goes in order: surprise, distance, reaction, initiative, "
                "what each side does, and how it ends."
            ),
            N_("Each side not expecting the other rolls a d6; a 1 or 2 means it is surprised."),
            N_(
                "Distance is 2d6 × 10 feet in a dungeon and 4d6 × 10 yards outdoors, or "
                "1d4 × 10 yards when a side is surprised."
            ),
            N_("Each round both sides roll a d6 for initiative; the higher acts first."),
            N_("When the encounter is over, at least one full turn has gone by."),
        ),
        N_(
            "The seed's encounter text (Old-School Essentials, in Czech) and the "
            "Old-School Essentials SRD, Encounters (OGL)."
        ),
    ),
    Procedure(
        "ose_evasion",
        N_("Evasion and pursuit"),
        "ose",
        (
            N_("A side can try to get away only before the fighting starts."),
            N_(
                "In a dungeon a faster fleeing side gets away; otherwise the chase runs "
                "round by round, and dropped treasure or food may stop the pursuers "
                "(3 in 6)."
            ),
            N_(
                "Outdoors the chance to get away depends on the size of both groups, "
                "moved by speed and terrain; a failure starts a pursuit, a day at a time."
            ),
            N_("After 30 rounds of running, runners are worn out until they rest 3 turns."),
        ),
        N_("Old-School Essentials SRD, Evasion and Pursuit (OGL), and the seed's encounter text."),
    ),
    Procedure(
        "ose_roster",
        N_("The creatures in the fight"),
        "ose",
        (
            N_(
                "A monster has a d8 of hit points for each hit die, plus the bonus its hit "
                "dice carry (2+2: 2d8 + 2), and at least 1; half a hit die is a d4."
            ),
            N_("At 0 hit points or fewer a monster is killed."),
            N_(
                "The roster counts the killed and those out of the fight: the first death "
                "and half of the group down each call for a morale check."
            ),
            N_(
                "A side that breaks flees or surrenders. Every monster defeated (slain, "
                "overcome, captured or scared away) is worth XP by its hit dice, more for "
                "each asterisk (special ability), shared among the party."
            ),
        ),
        N_(
            "Old-School Essentials SRD, Monsters, Combat, Morale and Awarding XP (OGL), "
            "in our own words."
        ),
    ),
    Procedure(
        "ose_turn",
        N_("Dungeon turn and wilderness day"),
        "ose",
        (
            N_(
                "A dungeon turn is ten minutes. Every few turns the referee checks for "
                "wandering monsters, at a chance in six; noise forces a check at a "
                "higher chance."
            ),
            N_("The party rests one turn in six; until it does, it fights at a penalty."),
            N_(
                "A torch burns for six turns and a lantern's oil for twenty-four; Omen "
                "warns one turn before a light goes out, and counts named timers too."
            ),
            N_(
                "In the wilderness, Next day plays the whole travel day the travel day panel "
                "plans (miles, getting lost, food, rest) with its one check, at the chance "
                "the terrain gives; an encounter starts at the wilderness distance."
            ),
        ),
        N_(
            "Old-School Essentials SRD: Dungeon Adventuring, Wilderness Adventuring and "
            "Wandering Monsters."
        ),
    ),
    Procedure(
        "ose_checks",
        N_("Saving throws, ability checks, reaction and morale"),
        "ose",
        (
            N_(
                "A saving throw rolls 1d20 and saves on the saving throw value or more; "
                "an allowed modifier is added to the roll."
            ),
            N_(
                "An ability check rolls 1d20 and succeeds on the ability score or less; "
                "a 1 always succeeds and a 20 always fails."
            ),
            N_(
                "A reaction roll is 2d6 plus the speaker's Charisma modifier: 2 or less "
                "attacks, 3-5 hostile, 6-8 uncertain, 9-11 indifferent, 12 or more friendly."
            ),
            N_(
                "A morale check is 2d6 against the morale score, adjusted by the "
                "situation: above it, they break; 2 never fights and 12 never breaks."
            ),
        ),
        N_(
            "Old-School Essentials SRD (OGL): Saving Throws, Ability Checks, "
            "Encounters (reactions) and Morale."
        ),
    ),
    Procedure(
        "ose_travel",
        N_("Wilderness travel day"),
        "ose",
        (
            N_(
                "A party makes its slowest member's base movement rate divided by five "
                "in miles a day; rough land cuts that by a third or a half, a maintained "
                "road gives half again whatever the land, and a forced march half again "
                "at the price of a day's rest. A party rests one day in seven; without it, "
                "−1 to attack and damage until it rests."
            ),
            N_(
                "Across country the party may get lost: 1, 2 or 3 in 6 by terrain; on a "
                "road, trail or river it cannot, nor (Omen's ruling) with a guide."
            ),
            N_(
                "Foraging while travelling finds food for 1d6 people on 1 in 6. Every day "
                "has its wandering-monster check, and no light burns down."
            ),
            N_(
                "Hunting is the party's whole day, with no travel and no rest: on 1 in 6 it "
                "meets animals that may be good to eat, on top of the day's check. That "
                "encounter opens like any other; the food it brings is what the referee "
                "records after it, not a roll."
            ),
            N_(
                "When time passes in the wilderness, each day is a whole travel day as "
                "the plan says, played in order until the first encounter."
            ),
        ),
        N_(
            "Old-School Essentials SRD: Wilderness Adventuring (travel, getting lost, "
            "foraging and hunting, resting) and Wandering Monsters."
        ),
    ),
)

"""The game master's choices for the Old-School Essentials encounter sequence.

Where the rules leave a decision open, Omen picks a default and shows it as a setting
(:mod:`omen.campaign.settings`). They live here, beside the enums they name, rather than in
:mod:`omen.ose.sequence`, so that the settings registry can list them without loading the whole
procedure: a start that only explores does not compile the encounter sequence.

>>> [setting.key for setting in SETTINGS][:2]
['ose.check_every', 'ose.check_chance']
>>> Ties("simultaneous") is Ties.SIMULTANEOUS
True
"""

from __future__ import annotations

import enum

from omen.core.roll import N_
from omen.core.setting import Setting

GAME = "ose"


class Ties(enum.Enum):
    """What a tied initiative roll means."""

    REROLL = "reroll"
    SIMULTANEOUS = "simultaneous"


class BothSurprised(enum.Enum):
    """Wilderness evasion when both sides were surprised."""

    ROLL = "roll"
    NONE = "none"


class Tiring(enum.Enum):
    """Who is exhausted after 30 rounds of running."""

    PARTY = "party"
    BOTH = "both"


class Directions(enum.Enum):
    """The die for a random direction of flight: hex sides or compass points."""

    HEX = "hex"
    COMPASS = "compass"


SETTINGS: tuple[Setting, ...] = (
    Setting(
        "ose.check_every",
        2,
        N_("Dungeon: check for wandering monsters every ... turns"),
        N_(
            "The rules' usual rhythm is a check every 2 turns; 1 suits a dangerous level, "
            "3 or more a quiet one."
        ),
        low=1,
        high=12,
        game=GAME,
        procedure="ose_turn",
    ),
    Setting(
        "ose.check_chance",
        1,
        N_("Dungeon: wandering monsters come on 1 to ... of a d6"),
        N_(
            "The usual chance is 1 in 6; the rules let the referee raise it where the "
            "dungeon is busy or dangerous."
        ),
        low=0,
        high=6,
        game=GAME,
        procedure="ose_turn",
    ),
    Setting(
        "ose.noise_chance",
        1,
        N_("Dungeon: a noisy turn raises the chance by"),
        N_(
            "A noisy turn (a door forced, a fight, shouting) is always checked, even off "
            "the schedule, and its chance rises by this many faces; Omen's default is 1."
        ),
        low=0,
        high=5,
        game=GAME,
        procedure="ose_turn",
    ),
    Setting(
        "ose.rest_chance",
        0,
        N_("Dungeon: a turn of rest changes the chance by"),
        N_(
            "The rules check a turn of rest like any other, so 0 keeps them; -1 makes a "
            "quiet rest in a safe corner less likely to draw monsters."
        ),
        low=-5,
        high=5,
        game=GAME,
        procedure="ose_turn",
    ),
    Setting(
        "ose.initiative_ties",
        Ties.REROLL.value,
        N_("Initiative ties"),
        N_(
            "The rules allow both: re-roll until one side is higher, or let both sides act "
            "at the same time."
        ),
        choices=(
            (Ties.REROLL.value, N_("Roll again")),
            (Ties.SIMULTANEOUS.value, N_("Act at the same time")),
        ),
        game=GAME,
        procedure="ose_sequence",
    ),
    Setting(
        "ose.surprised_evasion_woods",
        0,
        N_("Evasion chance of a surprised side in dense woods (%)"),
        N_(
            "A surprised side cannot evade; the rules let the referee allow about 10% in "
            "dense woods, so 0 keeps the strict rule and 10 follows the suggestion."
        ),
        low=0,
        high=50,
        game=GAME,
        procedure="ose_evasion",
    ),
    Setting(
        "ose.both_surprised_evasion",
        BothSurprised.ROLL.value,
        N_("Evasion when both sides are surprised"),
        N_(
            "The rules do not say; when both sides are surprised nobody has the advantage, "
            "so by default the usual chance is rolled."
        ),
        choices=(
            (BothSurprised.ROLL.value, N_("Roll the usual chance")),
            (BothSurprised.NONE.value, N_("The fleeing side cannot evade")),
        ),
        game=GAME,
        procedure="ose_evasion",
    ),
    Setting(
        "ose.exhaustion",
        Tiring.PARTY.value,
        N_("Who tires after 30 rounds of running"),
        N_(
            "The exhaustion rule is written for characters, so by default only the party "
            "tires; choose both sides to exhaust running monsters too."
        ),
        choices=(
            (Tiring.PARTY.value, N_("The party only")),
            (Tiring.BOTH.value, N_("Both sides")),
        ),
        game=GAME,
        procedure="ose_evasion",
    ),
    Setting(
        "ose.flight_direction",
        Directions.HEX.value,
        N_("Random direction of flight"),
        N_(
            "The rules only say the direction is random: a d6 picks a side of a hex on a "
            "hex map, a d8 picks a compass point."
        ),
        choices=(
            (Directions.HEX.value, N_("Hex side (d6)")),
            (Directions.COMPASS.value, N_("Compass point (d8)")),
        ),
        game=GAME,
        procedure="ose_evasion",
    ),
)


# --- surprise ----------------------------------------------------------------------

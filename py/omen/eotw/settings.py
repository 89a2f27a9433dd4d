"""The game master's choices for The End of the World: tests, and the crew.

Where the rules leave a decision open, Omen picks a default and shows it as a setting
(:mod:`omen.campaign.settings`). They live here rather than in :mod:`omen.eotw.pools` and
:mod:`omen.eotw.crew`, so that the settings registry can list them without loading either
procedure: a start that only explores does not compile dice pools or stress tracks.

>>> TieRule(by_key["eotw.opposed_tie"].default) is TieRule.DRAW
True
>>> by_key["eotw.build_points"].default == BUILD_POINTS == 10
True
"""

from __future__ import annotations

import enum

from omen.core.roll import N_
from omen.core.setting import Setting

BUILD_POINTS = 10  # characteristic points a new character spends above 1 (the published game)


class TieRule(enum.Enum):
    """What happens when an opposed test is still tied, or nobody succeeded."""

    DRAW = "draw"
    REROLL = "reroll"


SETTINGS: tuple[Setting, ...] = (
    Setting(
        "eotw.opposed_tie",
        TieRule.DRAW.value,
        N_("Tied opposed tests"),
        N_(
            "When successes and characteristics are both equal, or nobody succeeds: a draw,"
            " or the tied contestants roll again until someone wins."
        ),
        choices=(
            (TieRule.DRAW.value, N_("Call it a draw")),
            (TieRule.REROLL.value, N_("Roll again until someone wins")),
        ),
        game="eotw",
        procedure="eotw_tests",
    ),
    Setting(
        "eotw.cancel_first",
        True,
        N_("Cancel doubles before counting successes"),
        N_(
            "On: matching positive and negative dice leave the pool before successes are"
            " counted. Off: successes are counted first, so matching dice only remove stress."
        ),
        game="eotw",
        procedure="eotw_tests",
    ),
)


CREW_SETTINGS: tuple[Setting, ...] = (
    Setting(
        "eotw.check_build",
        True,
        N_("Check a new character's characteristic points"),
        N_(
            "On: a new character starts at 1 in every characteristic and spends exactly the"
            " points set below. Off: any values from 1 to 5."
        ),
        game="eotw",
        procedure="eotw_crew",
    ),
    Setting(
        "eotw.build_points",
        BUILD_POINTS,
        N_("Characteristic points for a new character"),
        N_(
            "Points a new character adds above 1 across the six characteristics; the"
            " published game gives 10."
        ),
        low=0,
        high=6 * 4,
        game="eotw",
        procedure="eotw_crew",
    ),
    Setting(
        "eotw.crew_test_stress",
        True,
        N_("Stress from clinging and treatment tests"),
        N_(
            "On: negative dice left in a test to cling to life or to treat a trauma add"
            " stress in that category, like any test. Off: these tests cause no stress."
        ),
        game="eotw",
        procedure="eotw_crew",
    ),
)


by_key = {setting.key: setting for setting in (*SETTINGS, *CREW_SETTINGS)}

"""GURPS: what lost hit points do to a creature, threshold by threshold.

Source: GURPS Basic Set, *General Injury: Lost Hit Points* (p. B419, also pp. B327 and
B380), in our own words.

A creature's hit points (HP) fall as it is hurt; what happens depends on where they
stand against its full HP:

- **less than 1/3 of its HP left**: it is reeling, and its Move and Dodge are halved
  (rounded up);
- **0 HP or less**: it must roll against HT at once and at the start of each turn it
  acts, at −1 for every full multiple of its HP below zero, or fall unconscious;
- **−1×HP**: it must roll against HT or die, and again at each further full multiple
  (−2×, −3×, −4×HP);
- **−5×HP**: it is dead; at **−10×HP** its body is destroyed.

>>> injury(3, 10).english()
'Less than 1/3 of its HP left: it reels, its Move and Dodge halved (p. B419).'
>>> injury(-25, 10).english()
'−2×HP or less: an HT roll against death at each multiple passed, at −2 to stay conscious (p. B419).'
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from omen.core.errors import RulesError
from omen.core.roll import N_, Step

PAGE = "B419"
DEAD_AT = 5  # multiples of HP below zero
DESTROYED_AT = 10


class Condition(enum.Enum):
    """Where a creature's hit points stand."""

    UNHURT = "unhurt"
    HURT = "hurt"
    REELING = "reeling"
    COLLAPSING = "collapsing"  # 0 HP or less
    DYING = "dying"  # -1×HP or less: HT rolls against death
    DEAD = "dead"  # -5×HP
    DESTROYED = "destroyed"  # -10×HP


@dataclass(frozen=True)
class Injury:
    """A creature's condition from its HP now and at full, with the multiple of HP it is
    below zero (0 above zero)."""

    condition: Condition
    below: int
    step: Step

    def english(self) -> str:
        """The condition in English."""
        return self.step.english()


def injury(hp: int, full: int) -> Injury:
    """The condition of a creature at ``hp`` of ``full`` hit points.

    >>> [injury(hp, 12).condition.name for hp in (12, 5, 3, 0, -12, -60, -120)]
    ['UNHURT', 'HURT', 'REELING', 'COLLAPSING', 'DYING', 'DEAD', 'DESTROYED']
    """
    if not isinstance(full, int) or isinstance(full, bool) or full < 1:
        raise RulesError(Step(N_("Full hit points are a whole number of 1 or more.")))
    if not isinstance(hp, int) or isinstance(hp, bool) or hp > full:
        raise RulesError(
            Step(N_("Hit points now are a whole number, at most the full hit points."))
        )
    below = 0 if hp > 0 else (-hp) // full
    page = {"page": PAGE}
    if below >= DESTROYED_AT:
        return Injury(
            Condition.DESTROYED,
            below,
            Step(N_("−10×HP or less: the body is destroyed (p. {page})."), page),
        )
    if below >= DEAD_AT:
        return Injury(
            Condition.DEAD, below, Step(N_("−5×HP or less: it is dead (p. {page})."), page)
        )
    if below >= 1:
        return Injury(
            Condition.DYING,
            below,
            Step(
                N_(
                    "−{multiple}×HP or less: an HT roll against death at each multiple passed, at −{multiple} to stay conscious (p. {page})."
                ),
                {"multiple": below, "page": PAGE},
            ),
        )
    if hp <= 0:
        return Injury(
            Condition.COLLAPSING,
            0,
            Step(
                N_(
                    "0 HP or less: an HT roll now and each turn it acts, or it falls unconscious (p. {page})."
                ),
                page,
            ),
        )
    if 3 * hp < full:
        return Injury(
            Condition.REELING,
            0,
            Step(
                N_(
                    "Less than 1/3 of its HP left: it reels, its Move and Dodge halved (p. {page})."
                ),
                page,
            ),
        )
    if hp < full:
        return Injury(Condition.HURT, 0, Step(N_("Hurt, still fighting as well as ever.")))
    return Injury(Condition.UNHURT, 0, Step(N_("Unhurt.")))

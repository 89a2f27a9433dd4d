"""Time passes in The End of the World: a scene, or days of downtime.

The seed's rules put almost nothing on a clock. Scenes follow one another as the story
goes (social, exploration, survival, downtime), and the only counted time in them is a
trauma's treatment: a day, a week or a month by its severity, then a recovery test
(:func:`omen.eotw.crew.downtime` offers it). Omen rolls nothing for time passing in this
game and invents no rule that would: letting a scene or some days pass moves the lights
and named timers the game master keeps (:mod:`omen.campaign.timers`), counted in scenes
or in days (a treatment is a timer in days: "Jana's burns, 7 days"), and says what ran
out. A scene is a stretch of play within a day, so a timer in days stands still through
a scene, and a day that passes ends everything counted in scenes, in its first day (the
one rule of how units relate: :func:`omen.campaign.timers.span_holds`).

The span is one result for the log and one Undo.

>>> from omen.campaign.timers import LightKind, Timers, add_light, add_timer
>>> state = add_timer(Timers(), "Jana's burns", 7, Unit.DAY)
>>> state, result = pass_time(state, 7, Unit.DAY)
>>> result.title.english()
"Time passes (7 days). Timer 'Jana's burns' runs out (day 7 of 7)."
>>> torch = add_light(Timers(), LightKind.TORCH, 1, Unit.SCENE)
>>> pass_time(torch, 2, Unit.DAY)[1].title.english()
'Time passes (2 days). Torch 1 goes out (day 1 of 2).'
>>> pass_time(state, 0, Unit.SCENE)
Traceback (most recent call last):
omen.core.errors.RulesError: Time passes by a whole number from 1 to 366.
"""

from __future__ import annotations

from dataclasses import replace

from omen.campaign.state import Outcome
from omen.campaign.timers import Timers, Unit, count_text, follow, tick
from omen.core.errors import RulesError
from omen.core.roll import N_, Step

KIND = "time_passes"
UNITS = (Unit.SCENE, Unit.DAY)
MAX_SPAN = 366  # a year of downtime at most at once


def pass_time(state: Timers, count: int, unit: Unit) -> tuple[Timers, Outcome]:
    """Let ``count`` scenes or days pass: the clock after, and one result saying what ran
    out (in its headline) and what has one unit left."""
    if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= MAX_SPAN:
        raise RulesError(
            Step(N_("Time passes by a whole number from 1 to {limit}."), {"limit": MAX_SPAN})
        )
    if unit not in UNITS:
        raise RulesError(Step(N_("In this game time passes in scenes or days.")))
    after, burn = tick(state, count, unit, among=UNITS)
    title = Step(N_("Time passes ({span})."), {"span": count_text(count, unit)})
    result = follow(Outcome(title, (), KIND), burn)
    return replace(after, last=result), result

"""Step 3 of the GURPS encounter distance (:mod:`omen.gurps.distance`, a house rule):
detection and surprise, and how the encounter starts.

**3. Detection and surprise.** Each side sees as far as the lesser of MED and its own
MVD, and the encounter starts at the least of MED and both MVDs. When the two sides'
sight differs, the side that sees farther spots the other first and may evade
automatically; otherwise it may start at the shorter distance or try for surprise with
a stealth contest.

*Who spots first* (a visible setting). The rule's text grants the first look only when
*both* MVDs are below MED and they differ; its first worked example grants it to the
man although only the orcs' MVD (100 yards) falls short of MED (150) and his (220) does
not. Omen follows the example by default: it is enough that the two sides' sight
(the lesser of MED and each MVD) differs, so one side's MVD falling short will do.
Settings, *GURPS / Dungeon Fantasy*, "Who spots the other first"
(``gurps.spot_first``, :mod:`omen.gurps.settings`) can demand the text's literal
reading, both sides' sight falling short.

- If one side is stealthy, it rolls a Quick Contest of its worst Stealth (Camouflage
  when it waits still and camouflaged) against the other side's best Vision, Hearing or
  Observation. Range never modifies these rolls, but darkness does (less Night Vision),
  and so does weather, with a per-yards penalty worked out at the starting distance.
- If both sides are stealthy, each rolls its worst Perception-based Stealth; a tie
  starts the encounter with both sides surprised.
- A stealthy side that wins by at least the Terrain Rating surprises the other (when
  both sneak, any win surprises). It may start up to 10% closer per point of margin of
  victory (at most 80% closer; the distance is rounded up to whole yards), or evade.

A flyer may start at an altitude of up to half the encounter distance. In the
mountains, one side may start up to half the encounter distance higher than the other.

>>> from omen.gurps.distance import Conditions, Side
>>> a = Side(name="the man", vision=10, stealth=10)
>>> b = Side(name="the orcs", group_size=10, vision=9)
>>> weather = Conditions(terrain="hills_rocky", weather=-1, weather_per_yards=50)
>>> setup = plan(a, b, weather, med=150)
>>> setup.mvd_a.value, setup.mvd_b.value, setup.distance, setup.spotter
(220, 100, 100, <SideId.A: 'a'>)
>>> outcome = resolve(setup, 7, 15, try_surprise=True)
>>> outcome.surprised, outcome.closest, outcome.distance
((<SideId.B: 'b'>,), 20, 100)
>>> print(outcome.headline.english())
the man surprises the orcs: it may start anywhere from 20 to 100 yards away, or evade.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from fractions import Fraction
from typing import Any

from omen.campaign.tables import Fields, stored_error
from omen.core.dice import Dice, RecordedDice, ScriptedDice
from omen.core.errors import RulesError, StoredDataError
from omen.core.roll import N_, ArgValue, Roll, Step
from omen.core.store import Schema
from omen.gurps.distance import (
    DEFAULT_RULES,
    FAR_BASE,
    MAX_MED,
    Conditions,
    DistanceRules,
    Side,
    SideId,
    Terrain,
    checked_int,
    darkness_after_night_vision,
    side_name,
    side_visibility,
    terrain_rating,
    weather_penalty,
)
from omen.gurps.rolls import (
    MIN_SKILL,
    ContestOdds,
    QuickContest,
    Winner,
    contest,
    contest_odds,
    signed,
)
from omen.gurps.rolls import success_roll as gurps_success_roll

MAX_REDUCTION = 8  # tenths: at most 80% closer


class Stealthy(enum.Enum):
    """Which sides move stealthily: nobody, one or both."""

    NOBODY = "nobody"
    ONE = "one"
    BOTH = "both"


@dataclass(frozen=True)
class ContestSetup:
    """The Quick Contest the encounter calls for, with effective skills.

    ``sneak`` is the side trying to stay unseen (None when both sneak); ``optional``
    marks a contest the spotting side may choose to roll (nobody was stealthy);
    ``needs_rating`` says whether surprise needs a margin of victory of at least the
    Terrain Rating.
    """

    sneak: SideId | None
    skill_a: int
    skill_b: int
    skill_name_a: Step
    skill_name_b: Step
    optional: bool
    needs_rating: bool
    steps: tuple[Step, ...]

    def skill(self, which: SideId) -> int:
        """The skill side ``which`` rolls against."""
        return self.skill_a if which is SideId.A else self.skill_b


@dataclass(frozen=True)
class DetectionOdds:
    """Exact chances before the contest is rolled."""

    a_wins: Fraction
    b_wins: Fraction
    tie: Fraction
    a_surprises: Fraction
    b_surprises: Fraction
    both_surprised: Fraction


@dataclass(frozen=True)
class Plan:
    """Everything worked out before any contest is rolled."""

    a: Side
    b: Side
    conditions: Conditions
    rules: DistanceRules
    terrain: Terrain
    terrain_rating: int
    med: int
    mvd_a: Roll  # how far side A sees side B
    mvd_b: Roll
    distance: int  # the least of MED and both MVDs
    spotter: SideId | None  # the side that sees the other first
    stealthy: Stealthy
    contest: ContestSetup | None
    odds: DetectionOdds | None
    steps: tuple[Step, ...]

    def side(self, which: SideId) -> Side:
        """Side ``which``."""
        return self.a if which is SideId.A else self.b

    def name(self, which: SideId) -> ArgValue:
        """Side ``which``'s name, as the steps say it."""
        return side_name(self.side(which), which)


def _sneak_skill(side: Side, which: SideId, both: bool) -> tuple[int, Step] | None:
    if both:
        if side.perception_stealth is None:
            return None
        return side.perception_stealth, Step(
            N_("Perception-based Stealth {level}"), {"level": side.perception_stealth}
        )
    if side.camouflaged:
        if side.camouflage is None:
            return None
        return side.camouflage, Step(N_("Camouflage {level}"), {"level": side.camouflage})
    if side.stealth is None:
        return None
    return side.stealth, Step(N_("Stealth {level}"), {"level": side.stealth})


def _missing_sneak_skill(side: Side, which: SideId, both: bool) -> RulesError:
    if both:
        skill = N_("Perception-based Stealth")
    elif side.camouflaged:
        skill = N_("Camouflage")
    else:
        skill = N_("Stealth")
    return RulesError(
        Step(
            N_("Enter {skill} for {side}: it is needed for the stealth contest."),
            {"skill": Step(skill), "side": side_name(side, which)},
        )
    )


def _watch_skill(  # noqa: C901 (the rule's list of watch skills, one branch per case)
    side: Side, which: SideId, conditions: Conditions, distance: int, rules: DistanceRules
) -> tuple[int, Step, list[Step]]:
    """The watching side's best sense against a sneak, with darkness and weather.

    Darkness (less Night Vision) and weather hamper the senses that see (Vision and
    Observation), never Hearing.
    """
    steps: list[Step] = []
    darkness, why = darkness_after_night_vision(conditions.darkness, side.night_vision)
    if why is not None:
        steps.append(why)
    weather, _ = weather_penalty(conditions.weather, conditions.weather_per_yards, distance, rules)
    reasons: list[Step] = []
    if darkness:
        reasons.append(Step(N_("{penalty} for darkness"), {"penalty": signed(darkness)}))
    if weather and conditions.weather_per_yards:
        reasons.append(
            Step(
                N_("{penalty} for weather ({step} per {per} yards at {yards} yards)"),
                {
                    "penalty": signed(weather),
                    "step": signed(conditions.weather),
                    "per": conditions.weather_per_yards,
                    "yards": distance,
                },
            )
        )
    elif weather:
        reasons.append(Step(N_("{penalty} for weather"), {"penalty": signed(weather)}))
    options: list[tuple[int, Step]] = []
    for level, sense, named in (
        (side.vision, N_("Vision"), N_("Vision {level}")),
        (side.observation, N_("Observation"), N_("Observation {level}")),
    ):
        if level is None:
            continue
        effective = level + darkness + weather
        options.append((effective, Step(named, {"level": effective})))
        if reasons:
            steps.append(
                Step(
                    N_("{sense} {base} {reasons} = {effective}"),
                    {
                        "sense": Step(sense),
                        "base": level,
                        "reasons": _join(reasons),
                        "effective": effective,
                    },
                )
            )
        if effective < MIN_SKILL:  # hopeless either way; the contest rolls against the floor
            options[-1] = (MIN_SKILL, Step(named, {"level": MIN_SKILL}))
            steps.append(
                Step(
                    N_("{sense} counts as {floor}, the lowest skill Omen rolls against"),
                    {"sense": Step(sense), "floor": signed(MIN_SKILL)},
                )
            )
    if side.hearing is not None:
        options.append((side.hearing, Step(N_("Hearing {level}"), {"level": side.hearing})))
    best, best_name = max(options, key=lambda option: option[0])
    if len(options) > 1:
        steps.append(
            Step(
                N_("{side} watches with its best sense: {skill}"),
                {"side": side_name(side, which), "skill": best_name},
            )
        )
    return best, best_name, steps


def _join(reasons: list[Step]) -> Step:
    if len(reasons) == 1:
        return reasons[0]
    return Step(N_("{first} {second}"), {"first": reasons[0], "second": reasons[1]})


def plan(  # noqa: C901 (the procedure's steps in the rule's order)
    a: Side,
    b: Side,
    conditions: Conditions,
    med: int,
    rules: DistanceRules = DEFAULT_RULES,
) -> Plan:
    """Work out sight, who spots whom, the contest called for and its exact odds.

    ``med`` is the maximum encounter distance in yards (see
    :func:`maximum_encounter_distance`).
    """
    checked_int(med, N_("Maximum encounter distance"), 0, MAX_MED)
    row = conditions.terrain_row
    rating = terrain_rating(row, rules)
    names = {SideId.A: side_name(a, SideId.A), SideId.B: side_name(b, SideId.B)}
    steps: list[Step] = [
        Step(
            N_("{terrain}: maximum encounter distance {yards} yards, Terrain Rating {rating}"),
            {"terrain": row.label, "yards": med, "rating": rating},
        )
    ]
    mvd = {
        SideId.A: side_visibility(a, b, conditions, rules),
        SideId.B: side_visibility(b, a, conditions, rules),
    }
    for which in SideId:
        steps.append(
            Step(
                N_("how far {side} can see {other}:"),
                {"side": names[which], "other": names[which.other]},
            )
        )
        steps.extend(mvd[which].steps)
    sight = {which: min(med, mvd[which].value) for which in SideId}
    distance = min(sight.values())
    steps.append(
        Step(
            N_(
                "without surprise the encounter starts at {yards} yards, the least of the "
                "maximum encounter distance and both visibility distances"
            ),
            {"yards": distance},
        )
    )
    spotter: SideId | None = None
    if sight[SideId.A] != sight[SideId.B]:
        short = all(mvd[which].value < med for which in SideId)
        if short or not rules.spot_first_needs_both:
            spotter = SideId.A if sight[SideId.A] > sight[SideId.B] else SideId.B
            steps.append(
                Step(
                    N_("{side} sees {other} first, from {far} yards against {near} yards"),
                    {
                        "side": names[spotter],
                        "other": names[spotter.other],
                        "far": sight[spotter],
                        "near": distance,
                    },
                )
            )
    sides = {SideId.A: a, SideId.B: b}
    if a.stealthy and b.stealthy:
        stealthy = Stealthy.BOTH
        steps.append(Step(N_("both sides are being stealthy")))
    elif a.stealthy or b.stealthy:
        stealthy = Stealthy.ONE
        sneak = SideId.A if a.stealthy else SideId.B
        steps.append(Step(N_("{side} is being stealthy"), {"side": names[sneak]}))
    else:
        stealthy = Stealthy.NOBODY
        steps.append(Step(N_("nobody is being stealthy")))
    setup: ContestSetup | None = None
    if stealthy is Stealthy.BOTH:
        found = {}
        for which in SideId:
            skill = _sneak_skill(sides[which], which, both=True)
            if skill is None:
                raise _missing_sneak_skill(sides[which], which, both=True)
            found[which] = skill
        setup = ContestSetup(
            None,
            found[SideId.A][0],
            found[SideId.B][0],
            found[SideId.A][1],
            found[SideId.B][1],
            optional=False,
            needs_rating=rules.both_stealthy_rating,
            steps=(),
        )
    else:
        sneak_side: SideId | None = None
        if stealthy is Stealthy.ONE:
            sneak_side = SideId.A if a.stealthy else SideId.B
            if _sneak_skill(sides[sneak_side], sneak_side, both=False) is None:
                raise _missing_sneak_skill(sides[sneak_side], sneak_side, both=False)
        elif spotter is not None and _sneak_skill(sides[spotter], spotter, both=False):
            sneak_side = spotter
        if sneak_side is not None:
            setup = _one_sneak_setup(
                sides, sneak_side, conditions, distance, rules, optional=stealthy is Stealthy.NOBODY
            )
    if setup is not None:
        steps.append(
            Step(
                N_(
                    "Quick Contest if rolled: {side} with {skill} "
                    "against {other} with {other_skill}"
                )
                if setup.optional
                else N_("Quick Contest: {side} with {skill} against {other} with {other_skill}"),
                {
                    "side": names[SideId.A],
                    "skill": setup.skill_name_a,
                    "other": names[SideId.B],
                    "other_skill": setup.skill_name_b,
                },
            )
        )
        steps.extend(setup.steps)
        if setup.needs_rating:
            steps.append(
                Step(
                    N_(
                        "surprise needs a margin of victory of at least {rating}, "
                        "the Terrain Rating"
                    ),
                    {"rating": rating},
                )
            )
        else:
            steps.append(Step(N_("the winner achieves surprise; a tie surprises both sides")))
    odds = None if setup is None else _odds(setup, rating)
    return Plan(
        a,
        b,
        conditions,
        rules,
        row,
        rating,
        med,
        mvd[SideId.A],
        mvd[SideId.B],
        distance,
        spotter,
        stealthy,
        setup,
        odds,
        tuple(steps),
    )


def _one_sneak_setup(
    sides: dict[SideId, Side],
    sneak: SideId,
    conditions: Conditions,
    distance: int,
    rules: DistanceRules,
    optional: bool,
) -> ContestSetup:
    found = _sneak_skill(sides[sneak], sneak, both=False)
    assert found is not None
    watcher = sneak.other
    watch, watch_name, steps = _watch_skill(sides[watcher], watcher, conditions, distance, rules)
    steps.insert(0, Step(N_("range does not modify these rolls")))
    skills = {sneak: found, watcher: (watch, watch_name)}
    return ContestSetup(
        sneak,
        skills[SideId.A][0],
        skills[SideId.B][0],
        skills[SideId.A][1],
        skills[SideId.B][1],
        optional=optional,
        needs_rating=True,
        steps=tuple(steps),
    )


def _odds(setup: ContestSetup, rating: int) -> DetectionOdds:
    odds: ContestOdds = contest_odds(setup.skill_a, setup.skill_b)
    a_surprises = odds.a_wins_by_at_least(rating) if setup.needs_rating else odds.a_wins
    b_surprises = odds.b_wins_by_at_least(rating) if setup.needs_rating else odds.b_wins
    if setup.sneak is SideId.A:
        b_surprises = Fraction(0)
    elif setup.sneak is SideId.B:
        a_surprises = Fraction(0)
    both = odds.tie if setup.sneak is None else Fraction(0)
    return DetectionOdds(odds.a_wins, odds.b_wins, odds.tie, a_surprises, b_surprises, both)


# --- the outcome ------------------------------------------------------------------------


@dataclass(frozen=True)
class Outcome:
    """How the encounter starts.

    ``distance`` is where it starts unless a surprising side closes in; ``closest`` is
    the nearest that side may start (equal to ``distance`` without surprise).
    ``max_altitude`` is set when a side flies, ``elevation_gap`` in the mountains.
    """

    distance: int
    closest: int
    spotter: SideId | None
    surprising: SideId | None
    surprised: tuple[SideId, ...]
    may_evade: tuple[SideId, ...]
    contest: QuickContest | None
    max_altitude: int | None
    elevation_gap: int | None
    headline: Step
    steps: tuple[Step, ...]


def resolve(  # noqa: C901 (the procedure's steps in the rule's order)
    setup: Plan,
    roll_a: Dice | int | None = None,
    roll_b: Dice | int | None = None,
    *,
    try_surprise: bool = False,
) -> Outcome:
    """Roll the contest the plan calls for (from dice or typed-in totals) and conclude.

    When nobody was stealthy, the contest is rolled only if ``try_surprise`` says the
    spotting side tries for surprise. Side A's roll is made first.
    """
    names = {which: setup.name(which) for which in SideId}
    steps = list(setup.steps)
    distance = setup.distance
    contest_setup = setup.contest
    if try_surprise and (contest_setup is None or not contest_setup.optional):
        if setup.spotter is None or setup.stealthy is not Stealthy.NOBODY:
            raise RulesError(
                Step(
                    N_(
                        "Only a side that spots the other first, when nobody sneaks, "
                        "can choose to try for surprise."
                    )
                )
            )
        raise _missing_sneak_skill(setup.side(setup.spotter), setup.spotter, both=False)
    may_evade: list[SideId] = []
    if setup.spotter is not None and not try_surprise:
        may_evade.append(setup.spotter)
        steps.append(
            Step(N_("{side} may evade the encounter automatically"), {"side": names[setup.spotter]})
        )
    if contest_setup is None or (contest_setup.optional and not try_surprise):
        if setup.spotter is not None:
            steps.append(
                Step(
                    N_("{side} may also start the encounter at {yards} yards or try for surprise"),
                    {"side": names[setup.spotter], "yards": distance},
                )
            )
        return _finish(setup, steps, distance, distance, None, (), may_evade, None)
    if roll_a is None or roll_b is None:
        raise RulesError(Step(N_("The Quick Contest needs a 3d6 roll for each side.")))
    rolled_a = gurps_success_roll(
        contest_setup.skill_a, roll_a, contest_setup.skill_name_a, names[SideId.A]
    )
    rolled_b = gurps_success_roll(
        contest_setup.skill_b, roll_b, contest_setup.skill_name_b, names[SideId.B]
    )
    result = contest(rolled_a, rolled_b, names[SideId.A], names[SideId.B])
    steps.extend(result.steps)
    rating = setup.terrain_rating
    winner = (
        None
        if result.winner is Winner.TIE
        else (SideId.A if result.winner is Winner.A else SideId.B)
    )
    victory = result.margin_of_victory
    surprising: SideId | None = None
    if winner is None:
        if contest_setup.sneak is None:
            steps.append(Step(N_("a tie: both sides are surprised")))
            return _finish(setup, steps, distance, distance, None, tuple(SideId), may_evade, result)
        steps.append(Step(N_("a tie: nobody is surprised")))
    elif contest_setup.sneak is not None and winner is not contest_setup.sneak:
        steps.append(
            Step(
                N_("{side} notices {other}: nobody is surprised"),
                {"side": names[winner], "other": names[winner.other]},
            )
        )
    elif contest_setup.needs_rating and victory < rating:
        steps.append(
            Step(
                N_(
                    "a margin of victory of {margin} is less than the Terrain Rating {rating}: "
                    "nobody is surprised"
                ),
                {"margin": victory, "rating": rating},
            )
        )
    else:
        surprising = winner
        if contest_setup.needs_rating:
            steps.append(
                Step(
                    N_(
                        "a margin of victory of {margin} reaches the Terrain Rating {rating}: "
                        "{side} achieves surprise"
                    ),
                    {"margin": victory, "rating": rating, "side": names[winner]},
                )
            )
        else:
            steps.append(Step(N_("{side} wins and achieves surprise"), {"side": names[winner]}))
    if surprising is None:
        return _finish(setup, steps, distance, distance, None, (), may_evade, result)
    closest = _closer(distance, victory, steps)
    if surprising not in may_evade:
        may_evade.append(surprising)
    return _finish(
        setup, steps, distance, closest, surprising, (surprising.other,), may_evade, result
    )


def _closer(distance: int, victory: int, steps: list[Step]) -> int:
    """The nearest start a surprising side may pick: 10% closer per point, at most 80%."""
    tenths = max(0, victory)
    if tenths > MAX_REDUCTION:
        steps.append(
            Step(
                N_(
                    "a margin of victory of {margin} would cut {percent}% off the distance, "
                    "but the cut is at most 80%"
                ),
                {"margin": victory, "percent": 10 * tenths},
            )
        )
        tenths = MAX_REDUCTION
    kept = 10 - tenths
    exact = Fraction(distance * kept, 10)
    closest = -((-exact.numerator) // exact.denominator)  # rounded up
    steps.append(
        Step(
            N_("{yards} yards × {kept}% = {closest} yards")
            if exact == closest
            else N_("{yards} yards × {kept}% = {closest} yards, rounded up"),
            {"yards": distance, "kept": 10 * kept, "closest": closest},
        )
    )
    return closest


SURPRISES = N_(
    "{side} surprises {other}: it may start anywhere from {closest} to {yards} yards away, "
    "or evade."
)
BOTH_SURPRISED = N_("The encounter starts at {yards} yards, and both sides are surprised.")
NOBODY_SURPRISED = N_("The encounter starts at {yards} yards; nobody is surprised.")
# Each headline :func:`resolve` ends with, and whether it says someone is surprised: what
# the log's entry says of the result when the screen shows it again after a reload.
HEADLINES: Mapping[str, bool] = {SURPRISES: True, BOTH_SURPRISED: True, NOBODY_SURPRISED: False}


def _finish(
    setup: Plan,
    steps: list[Step],
    distance: int,
    closest: int,
    surprising: SideId | None,
    surprised: tuple[SideId, ...],
    may_evade: list[SideId],
    result: QuickContest | None,
) -> Outcome:
    names = {which: setup.name(which) for which in SideId}
    if surprising is not None:
        headline = Step(
            SURPRISES,
            {
                "side": names[surprising],
                "other": names[surprising.other],
                "closest": closest,
                "yards": distance,
            },
        )
    elif surprised:
        headline = Step(BOTH_SURPRISED, {"yards": distance})
    else:
        headline = Step(NOBODY_SURPRISED, {"yards": distance})
    steps.append(headline)
    max_altitude = None
    if setup.a.flying or setup.b.flying:
        max_altitude = distance // 2
        steps.append(
            Step(
                N_("a flyer may start up to {yards} yards up, half the encounter distance"),
                {"yards": max_altitude},
            )
        )
    elevation_gap = None
    if setup.terrain.mountains and max_altitude is None:
        elevation_gap = distance // 2
        steps.append(
            Step(
                N_(
                    "in the mountains, one side may start up to {yards} yards higher than the "
                    "other, half the encounter distance; the GM picks which"
                ),
                {"yards": elevation_gap},
            )
        )
    if surprising is not None and (max_altitude is not None or elevation_gap is not None):
        steps.append(
            Step(N_("if the surprising side closes in, halve the distance it picks instead"))
        )
    return Outcome(
        distance,
        closest,
        setup.spotter,
        surprising,
        surprised,
        tuple(may_evade),
        result,
        max_altitude,
        elevation_gap,
        headline,
        tuple(steps),
    )


# --- the last distance found, kept for a reload ---------------------------------------


@dataclass(frozen=True)
class FoundDistance:
    """The last distance found, kept so that a page opened again shows all of it: the
    facts (distance, who spots first, who may evade, who is surprised) and the offer to
    try for surprise, not only the log's headline and steps.

    Nothing in it is rolled but the MED and the contest's two 3d6; the plan and the
    outcome follow from the sides, the conditions and the rules. So it keeps those
    inputs and each side's dice (:data:`Rolled`: the three faces the app rolled, or the
    total typed in from dice at the table), and :meth:`replay` works the same plan and
    outcome out again, by the same code that found them. The screen shows the replay
    only when it says exactly what the log's newest distance entry says, so a kept value
    that does not fit the log (another tab's, or one made up) is never shown. ``med`` 0
    is "none found yet".

    >>> from omen.gurps.distance import Conditions, Side
    >>> a = Side(name="the man", vision=10, stealth=10)
    >>> b = Side(name="the orcs", group_size=10, vision=9)
    >>> hills = Conditions(terrain="hills_rocky", weather=-1, weather_per_yards=50)
    >>> setup = plan(a, b, hills, med=150)
    >>> found = FoundDistance.of(setup, resolve(setup, 7, 15, try_surprise=True), True)
    >>> again = FoundDistance.from_json(found.to_json())
    >>> _plan, outcome = again.replay()
    >>> outcome == resolve(setup, 7, 15, try_surprise=True), again.rolls
    (True, ((7,), (15,)))
    >>> FoundDistance().kept, FoundDistance.from_json({}) == FoundDistance()
    (False, True)
    """

    a: Side = field(default_factory=Side)
    b: Side = field(default_factory=Side)
    conditions: Conditions = field(default_factory=Conditions)
    rules: DistanceRules = DEFAULT_RULES
    med: int = 0
    rolls: tuple[Rolled, Rolled] | None = None  # the contest's dice, A's and B's
    try_surprise: bool = False

    @classmethod
    def of(
        cls,
        setup: Plan,
        outcome: Outcome,
        try_surprise: bool,
        sources: tuple[Dice | int, Dice | int] | None = None,
    ) -> FoundDistance:
        """What to keep of a distance found from ``setup``; ``sources`` are the contest's
        dice as :func:`resolve` was given them (a :class:`RecordedDice` keeps its faces;
        without one, each side's total is kept as if typed in).

        >>> from omen.core.dice import RecordedDice, ScriptedDice
        >>> from omen.gurps.distance import Conditions, Side
        >>> a = Side(name="the man", vision=10, stealth=10)
        >>> b = Side(name="the orcs", group_size=10, vision=9)
        >>> hills = Conditions(terrain="hills_rocky", weather=-1, weather_per_yards=50)
        >>> setup = plan(a, b, hills, med=150)
        >>> dice = ScriptedDice([1, 2, 3, 4, 5, 6])
        >>> sources = (RecordedDice(dice), RecordedDice(dice))
        >>> outcome = resolve(setup, *sources, try_surprise=True)
        >>> found = FoundDistance.of(setup, outcome, True, sources)
        >>> found.rolls, found.replay()[1] == outcome
        (((1, 2, 3), (4, 5, 6)), True)
        """
        contest = outcome.contest
        rolls: tuple[Rolled, Rolled] | None = None
        if contest is not None:
            a, b = sources if sources is not None else (contest.a.roll, contest.b.roll)
            rolls = (_rolled(a, contest.a.roll), _rolled(b, contest.b.roll))
        return cls(setup.a, setup.b, setup.conditions, setup.rules, setup.med, rolls, try_surprise)

    @property
    def kept(self) -> bool:
        """Whether a distance is kept (not the fresh value)."""
        return self.med > 0

    def replay(self) -> tuple[Plan, Outcome]:
        """The plan and the outcome again, from the kept inputs and dice; a
        :class:`RulesError` when they do not make a result."""
        setup = plan(self.a, self.b, self.conditions, self.med, self.rules)
        if self.rolls is None:
            return setup, resolve(setup, try_surprise=self.try_surprise)
        roll_a, roll_b = (_source(rolled) for rolled in self.rolls)
        return setup, resolve(setup, roll_a, roll_b, try_surprise=self.try_surprise)

    def to_json(self) -> dict[str, Any]:
        """Its stored form (an empty object when nothing is kept)."""
        if not self.kept:
            return {}
        data: dict[str, Any] = {
            "a": self.a.to_json(),
            "b": self.b.to_json(),
            "conditions": self.conditions.to_json(),
            "rules": {f.name: getattr(self.rules, f.name) for f in fields(self.rules)},
            "med": self.med,
        }
        if self.rolls is not None:
            data["rolls"] = [list(rolled) for rolled in self.rolls]
        if self.try_surprise:
            data["try_surprise"] = True
        return data

    @classmethod
    def from_json(cls, data: Any) -> FoundDistance:
        """Read the stored form back, every field checked."""
        path = "gurps_found"
        found = Fields(
            data, path, ("a", "b", "conditions", "rules", "med", "rolls", "try_surprise")
        )
        if not data:
            return cls()
        raw = found.raw("rolls")
        rolls: tuple[Rolled, Rolled] | None = None
        if raw is not None:
            if not isinstance(raw, list) or len(raw) != 2:
                raise stored_error(found.where("rolls"), Step(N_("must be two sides' dice")))
            rolls = (_read_rolled(raw[0], found), _read_rolled(raw[1], found))
        try:
            return cls(
                Side.from_json(found.raw("a")),
                Side.from_json(found.raw("b")),
                Conditions.from_json(found.raw("conditions")),
                _rules_from_json(found.raw("rules"), found.where("rules")),
                found.integer("med", 1, MAX_MED),
                rolls,
                found.boolean("try_surprise"),
            )
        except StoredDataError:
            raise
        except RulesError as error:  # a value the rules refuse (a side's, the rules')
            raise StoredDataError(error.message) from error


# One side's 3d6 in the contest, as kept: the three faces the app rolled, or the one
# total typed in from dice at the table.
Rolled = tuple[int, ...]


def _rolled(source: Dice | int, total: int) -> Rolled:
    if isinstance(source, RecordedDice) and len(source.faces) == 3:
        return tuple(source.faces)
    return (total,)


def _source(rolled: Rolled) -> Dice | int:
    return rolled[0] if len(rolled) == 1 else ScriptedDice(rolled)


def _read_rolled(raw: Any, found: Fields) -> Rolled:
    where = found.where("rolls")
    faces = isinstance(raw, list) and len(raw) == 3
    if not (faces or (isinstance(raw, list) and len(raw) == 1)):
        raise stored_error(where, Step(N_("must hold three faces or one total for each side")))
    low, high = (1, 6) if faces else (3, 18)
    for value in raw:
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise stored_error(
                where, Step(N_("must be between {low} and {high}"), {"low": low, "high": high})
            )
    return tuple(raw)


def _rules_from_json(data: Any, path: str) -> DistanceRules:
    names = tuple(f.name for f in fields(DistanceRules))
    stored = Fields(data, path, names)
    values: dict[str, Any] = {}
    for name in names:
        if name == "weather_mvd_yards":
            values[name] = stored.integer(name, 1, FAR_BASE, DEFAULT_RULES.weather_mvd_yards)
        else:
            values[name] = stored.boolean(name, getattr(DEFAULT_RULES, name))
    return DistanceRules(**values)


FOUND = Schema("gurps_found", 1, {}, FoundDistance.from_json)

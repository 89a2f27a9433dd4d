"""How far apart two sides are when a wilderness encounter starts (a GURPS house rule).

The rule joins three ideas: a terrain's maximum encounter distance, each side's maximum
visibility distance, and a stealth contest that may let one side surprise the other.

**1. Maximum encounter distance (MED).** The terrain table gives dice in yards (GURPS
writes ``3d×5`` for three six-sided dice times five), their average, and a Terrain
Rating. The GM rolls the dice or takes the average. Geography and plants set this limit.

**2. Maximum visibility distance (MVD)**, worked out for each side as spotter. Light and
weather set this limit. The base is 200 yards to spot creatures, or 3 miles to spot
terrain or a fire. Every modifier is a share of the base, and the shares are added
before the base is multiplied (this reproduces all the worked examples):

- −10% per point of darkness penalty and per point of weather penalty;
- −10% per SM below 0 of the largest creature spotted, +10% per SM above 0;
- −10% per level of the spotter's Vision below 10, +10% per level above 10;
- +50% for a group of 10-30 creatures, +100% for 31-60, +200% for 61-240, +500% beyond.

Creatures are never seen beyond the horizon, 3 miles. Terrain and fires are seen twice
as far for every full 4,000 feet of elevation; fires take no other modifier. Night
Vision N cancels up to N points of darkness, but never total darkness (−10). Weather
given as a penalty per so many yards is worked out at 200 yards for the MVD.

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
from dataclasses import dataclass, field, fields, replace
from fractions import Fraction
from typing import Any, TypeVar

from omen.campaign.meeting import Meeting
from omen.core import notation
from omen.core.dice import Dice
from omen.core.errors import RulesError, StoredDataError
from omen.core.roll import N_, ArgValue, Roll, Step
from omen.core.setting import Value
from omen.core.store import Schema
from omen.gurps.daylight import DARKNESS as DARKNESS
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
from omen.gurps.settings import MAX_WEATHER_YARDS, SETTINGS

YARDS_PER_MILE = 1760
CREATURE_BASE = 200  # yards
FAR_BASE = 3 * YARDS_PER_MILE  # 3 miles, for terrain and fires
HORIZON = 3 * YARDS_PER_MILE  # creatures are never seen farther
ELEVATION_STEP = 4000  # feet per doubling
MAX_REDUCTION = 8  # tenths: at most 80% closer
TOTAL_DARKNESS = -10

MIN_SM, MAX_SM = -15, 300
MIN_LEVEL, MAX_LEVEL = 0, 40
MAX_NIGHT_VISION = 9
MAX_GROUP = 1_000_000
MAX_PENALTY = 10
MAX_ELEVATION = 100_000
MAX_MED = 100_000
MAX_NAME = 80


# --- the terrain table ----------------------------------------------------------------


@dataclass(frozen=True)
class Terrain:
    """One row of the wilderness encounter distance table."""

    key: str
    name: str  # an N_ message
    med: str  # dice in yards, in the rules' own notation
    average: int  # the table's average in yards
    rating: int  # Terrain Rating
    mountains: bool = False

    @property
    def label(self) -> Step:
        """The terrain's name, to translate."""
        return Step(self.name)


TERRAINS: tuple[Terrain, ...] = (
    Terrain("barrens", N_("Barrens (any)"), "4d×10", 140, 3),
    Terrain("desert_rocky", N_("Desert (rocky)"), "6d×30", 630, 4),
    Terrain("desert_sandy", N_("Desert (sandy)"), "4d×10", 140, 3),
    Terrain("forest_deciduous", N_("Forest (deciduous)"), "6d", 21, 2),
    Terrain("forest_taiga", N_("Forest (taiga)"), "3d×5", 52, 2),
    Terrain("grassland_other", N_("Grassland (other)"), "4d×10", 140, 4),
    Terrain("grassland_steppe", N_("Grassland (steppe)"), "6d×30", 630, 5),
    Terrain("hills_forested", N_("Hills (forested)"), "6d", 21, 2),
    Terrain("hills_rocky", N_("Hills (rocky/terraced)"), "4d×10", 140, 3),
    Terrain("jungle", N_("Jungle (any)"), "4d-1", 13, 0),
    Terrain("mountains_forested", N_("Mountains (forested)"), "6d", 21, 2, mountains=True),
    Terrain(
        "mountains_rocky", N_("Mountains (rocky/snowy/terraced)"), "4d×10", 140, 3, mountains=True
    ),
    Terrain("scrubland_low", N_("Scrubland (low, sparse)"), "4d×10", 140, 3),
    Terrain("scrubland_high", N_("Scrubland (high, dense)"), "3d×5", 52, 2),
    Terrain("swamp_marshy", N_("Swamp (marshy)"), "3d×5", 52, 2),
    Terrain("swamp_scrubby", N_("Swamp (scrubby)"), "6d", 21, 2),
    Terrain("swamp_forested", N_("Swamp (forested)"), "4d-1", 13, 1),
)

TERRAIN_BY_KEY: dict[str, Terrain] = {row.key: row for row in TERRAINS}
STEPPE_EXAMPLE_RATING = 4  # the seed's second example gives the steppe 4, its table 5


def terrain(key: str | Terrain) -> Terrain:
    """A terrain row by its key (a row passes through unchanged)."""
    if isinstance(key, Terrain):
        return key
    row = TERRAIN_BY_KEY.get(key) if isinstance(key, str) else None
    if row is None:
        raise RulesError(Step(N_("'{terrain}' is not a terrain in the table."), {"terrain": key}))
    return row


# --- darkness -------------------------------------------------------------------------

# The ladder lives with the travel clock (omen.gurps.daylight), which sets it on the road.


# --- validation helpers ---------------------------------------------------------------


def _check_int(value: Any, field_name: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise RulesError(
            Step(
                N_("{field} must be a whole number from {low} to {high}."),
                {"field": Step(field_name), "low": _plain(low), "high": _plain(high)},
            )
        )
    return value


def _plain(value: int) -> str:
    """A whole number with a true minus sign when negative and no plus sign."""
    return signed(value) if value < 0 else str(value)


def _check_optional(value: Any, field_name: str, low: int, high: int) -> None:
    if value is not None:
        _check_int(value, field_name, low, high)


@dataclass(frozen=True)
class DistanceRules:
    """The settings above, as the procedures read them."""

    med_average: bool = False
    steppe_rating_example: bool = False
    night_vision_mvd: bool = True
    weather_mvd_yards: int = CREATURE_BASE
    weather_partial_steps: bool = False
    spot_first_needs_both: bool = False
    both_stealthy_rating: bool = False

    def __post_init__(self) -> None:
        _check_int(self.weather_mvd_yards, N_("Yards for range-based weather"), 1, FAR_BASE)

    @classmethod
    def from_settings(cls, values: Mapping[str, Any]) -> DistanceRules:
        """Read the settings; a missing or unacceptable value falls back to its default."""
        known = {setting.key: setting for setting in SETTINGS}

        def get(key: str) -> Value:
            setting = known[key]
            value = values.get(key, setting.default)
            return value if setting.accepts(value) else setting.default

        yards = get("gurps.weather_mvd_yards")
        return cls(
            med_average=get("gurps.med") == "average",
            steppe_rating_example=get("gurps.steppe_rating_example") is True,
            night_vision_mvd=get("gurps.night_vision_mvd") is True,
            weather_mvd_yards=yards if isinstance(yards, int) else CREATURE_BASE,
            weather_partial_steps=get("gurps.weather_partial_steps") is True,
            spot_first_needs_both=get("gurps.spot_first") == "both",
            both_stealthy_rating=get("gurps.both_stealthy_rating") is True,
        )


DEFAULT_RULES = DistanceRules()


def terrain_rating(row: Terrain, rules: DistanceRules = DEFAULT_RULES) -> int:
    """The Terrain Rating in play: the table's, unless the steppe setting says 4."""
    if row.key == "grassland_steppe" and rules.steppe_rating_example:
        return STEPPE_EXAMPLE_RATING
    return row.rating


# --- the two sides and the conditions -------------------------------------------------


class SideId(enum.Enum):
    """Which of the two sides: A or B."""

    A = "a"
    B = "b"

    @property
    def other(self) -> SideId:
        """The other side."""
        return SideId.B if self is SideId.A else SideId.A


@dataclass(frozen=True)
class Side:
    """One side of the encounter, as the GM fills it in.

    Numbers describe the side as a whole: ``sm`` of its largest creature, ``vision``
    of its sharpest eyes (for sight distance), ``hearing`` and ``observation`` (sentries)
    of its best listener and watcher, and the sneaking skills of its clumsiest member:
    ``stealth``, ``perception_stealth`` (Stealth based on Perception, rolled when both
    sides sneak) and ``camouflage`` (rolled instead of Stealth when the side waits still
    and ``camouflaged``). A sense or skill left as ``None`` is not used.
    """

    name: str = ""
    group_size: int = 1
    sm: int = 0
    vision: int = 10
    hearing: int | None = None
    observation: int | None = None
    night_vision: int = 0
    stealth: int | None = None
    perception_stealth: int | None = None
    camouflage: int | None = None
    stealthy: bool = False
    camouflaged: bool = False
    flying: bool = False

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or len(self.name) > MAX_NAME:
            raise RulesError(
                Step(N_("A side's name may be at most {limit} characters."), {"limit": MAX_NAME})
            )
        _check_int(self.group_size, N_("Group size"), 1, MAX_GROUP)
        _check_int(self.sm, N_("SM"), MIN_SM, MAX_SM)
        _check_int(self.vision, N_("Vision"), MIN_LEVEL, MAX_LEVEL)
        _check_optional(self.hearing, N_("Hearing"), MIN_LEVEL, MAX_LEVEL)
        _check_optional(self.observation, N_("Observation"), MIN_LEVEL, MAX_LEVEL)
        _check_int(self.night_vision, N_("Night Vision"), 0, MAX_NIGHT_VISION)
        _check_optional(self.stealth, N_("Stealth"), MIN_LEVEL, MAX_LEVEL)
        _check_optional(
            self.perception_stealth, N_("Perception-based Stealth"), MIN_LEVEL, MAX_LEVEL
        )
        _check_optional(self.camouflage, N_("Camouflage"), MIN_LEVEL, MAX_LEVEL)
        for flag in (self.stealthy, self.camouflaged, self.flying):
            if not isinstance(flag, bool):
                raise RulesError(Step(N_("A side's yes-or-no choices must be yes or no.")))

    def to_json(self) -> dict[str, Any]:
        """Its stored form: plain JSON values (dicts, lists, text, numbers)."""
        return {f.name: getattr(self, f.name) for f in fields(self)}

    @classmethod
    def from_json(cls, data: Any) -> Side:
        """Rebuild a stored side; missing entries take their defaults."""
        return _from_json(cls, data, N_("A saved encounter side is damaged and cannot be read."))


@dataclass(frozen=True)
class Conditions:
    """Where and in what light and weather the encounter happens.

    ``darkness`` is a penalty from 0 to −10 (see :data:`DARKNESS`). ``weather`` is a
    penalty too: flat when ``weather_per_yards`` is 0, otherwise that much for every
    ``weather_per_yards`` yards of distance (a drizzle: −1 per 50 yards).
    """

    terrain: str = "grassland_other"
    darkness: int = 0
    weather: int = 0
    weather_per_yards: int = 0

    def __post_init__(self) -> None:
        terrain(self.terrain)
        _check_int(self.darkness, N_("Darkness"), TOTAL_DARKNESS, 0)
        _check_int(self.weather, N_("Weather penalty"), -MAX_PENALTY, 0)
        _check_int(self.weather_per_yards, N_("Yards per weather step"), 0, MAX_WEATHER_YARDS)

    @property
    def terrain_row(self) -> Terrain:
        """The terrain table's row for these conditions."""
        return terrain(self.terrain)

    def to_json(self) -> dict[str, Any]:
        """Its stored form: plain JSON values (dicts, lists, text, numbers)."""
        return {f.name: getattr(self, f.name) for f in fields(self)}

    @classmethod
    def from_json(cls, data: Any) -> Conditions:
        """Read its stored form back; a :class:`RulesError` saying what does not fit."""
        return _from_json(
            cls, data, N_("Saved encounter conditions are damaged and cannot be read.")
        )


_Stored = TypeVar("_Stored", "Side", "Conditions")


def _from_json(cls: type[_Stored], data: Any, message: str) -> _Stored:
    if not isinstance(data, dict):
        raise StoredDataError(Step(message))
    known = {f.name for f in fields(cls)}
    try:
        return cls(**{k: v for k, v in data.items() if k in known})
    except RulesError as error:
        raise StoredDataError(error.message) from error
    except TypeError as error:
        raise StoredDataError(Step(message)) from error


@dataclass(frozen=True)
class GurpsForm:
    """What the GM last entered on the screen: both sides and the conditions."""

    a: Side = field(default_factory=Side)
    b: Side = field(default_factory=Side)
    conditions: Conditions = field(default_factory=Conditions)

    def to_json(self) -> dict[str, Any]:
        """Its stored form: plain JSON values (dicts, lists, text, numbers)."""
        return {
            "a": self.a.to_json(),
            "b": self.b.to_json(),
            "conditions": self.conditions.to_json(),
        }

    def met(self, meeting: Meeting) -> GurpsForm:
        """The form with side B as the party met it (see :mod:`omen.campaign.meeting`):
        its name, its group size (how many came, else the row's group size), its SM,
        Vision and Stealth from the row's stats; the terrain is the location's, when it
        names a row of the table. What the meeting does not give stays as it was.

        >>> from omen.campaign.tables import Found, read_stats
        >>> met = Meeting("3 wolves", found=Found(3, read_stats("SM 0, Vision 12, Stealth 13")),
        ...               terrain="forest_taiga")
        >>> form = GurpsForm().met(met)
        >>> form.b.name, form.b.group_size, form.b.vision, form.b.stealth, form.conditions.terrain
        ('3 wolves', 3, 12, 13, 'forest_taiga')
        """
        stats, count = meeting.stats, meeting.count
        changes: dict[str, Any] = {"name": meeting.creature.strip()[:MAX_NAME]}
        group = count if count is not None and count >= 1 else stats.group
        if group is not None and 1 <= group <= MAX_GROUP:
            changes["group_size"] = group
        for name in ("sm", "vision", "stealth"):
            value = getattr(stats, name)
            if value is not None:
                changes[name] = value
        b = replace(self.b, **changes)
        conditions = self.conditions
        if meeting.terrain in TERRAIN_BY_KEY:
            conditions = replace(conditions, terrain=meeting.terrain)
        return replace(self, b=b, conditions=conditions)

    @classmethod
    def from_json(cls, data: Any) -> GurpsForm:
        """Rebuild the stored form; a missing part takes its defaults."""
        if not isinstance(data, dict):
            raise StoredDataError(
                Step(N_("The saved encounter distance form is damaged and cannot be read."))
            )
        return cls(
            Side.from_json(data.get("a", {})),
            Side.from_json(data.get("b", {})),
            Conditions.from_json(data.get("conditions", {})),
        )


GURPS_FORM = Schema("gurps_form", 1, {}, GurpsForm.from_json)


def side_name(side: Side, which: SideId) -> ArgValue:
    """What the steps call a side: its name, or "side A" / "side B"."""
    if side.name.strip():
        return side.name.strip()
    return Step(N_("side A")) if which is SideId.A else Step(N_("side B"))


# --- step 1: the maximum encounter distance -------------------------------------------


def _dice_term(node: notation.Expr) -> notation.DiceTerm:
    if isinstance(node, notation.DiceTerm):
        return node
    if isinstance(node, notation.BinOp):
        for part in (node.left, node.right):
            if not isinstance(part, notation.Number):
                return _dice_term(part)
    if isinstance(node, notation.Negate):
        return _dice_term(node.operand)
    raise AssertionError("a terrain's distance has no dice")


def _with_total(node: notation.Expr, total: int) -> tuple[int, str]:
    """Evaluate the expression with its dice replaced by a typed-in total."""
    if isinstance(node, notation.Number):
        return node.value, str(node.value)
    if isinstance(node, notation.DiceTerm):
        return total, str(total)
    if isinstance(node, notation.Negate):
        value, shown = _with_total(node.operand, total)
        return -value, f"-{shown}"
    left, left_shown = _with_total(node.left, total)
    right, right_shown = _with_total(node.right, total)
    if node.op == "+":
        return left + right, f"{left_shown}+{right_shown}"
    if node.op == "-":
        return left - right, f"{left_shown}-{right_shown}"
    return left * right, f"{left_shown}×{right_shown}"


def maximum_encounter_distance(row: Terrain | str, source: Dice | int | None = None) -> Roll:
    """The MED in yards: rolled with ``source`` dice, from a typed-in dice total, or
    (``source=None``) the table's average.
    """
    row = terrain(row)
    if source is None:
        return Roll(
            row.average,
            (
                Step(
                    N_("{terrain}: average maximum encounter distance {yards} yards"),
                    {"terrain": row.label, "yards": row.average},
                ),
            ),
        )
    tree = notation.parse(row.med)
    steps = [
        Step(
            N_("{terrain}: maximum encounter distance {dice} yards"),
            {"terrain": row.label, "dice": row.med},
        )
    ]
    if isinstance(source, int):
        dice = _dice_term(tree)
        low, high = dice.count, dice.count * dice.sides
        if isinstance(source, bool) or not low <= source <= high:
            raise RulesError(
                Step(
                    N_("{dice} totals {low} to {high}; {total} cannot be rolled."),
                    {"dice": str(dice), "low": low, "high": high, "total": str(source)},
                )
            )
        value, shown = _with_total(tree, source)
        steps.append(
            Step(N_("{dice} rolled at the table: {total}"), {"dice": str(dice), "total": source})
        )
        if tree != dice:
            steps.append(
                Step(N_("{calculation} = {value}"), {"calculation": shown, "value": value})
            )
    else:
        rolled = notation.roll(tree, source)
        value = rolled.value
        steps.extend(rolled.steps)
    steps.append(Step(N_("maximum encounter distance: {yards} yards"), {"yards": value}))
    return Roll(value, tuple(steps))


# --- size modifier from the longest dimension -----------------------------------------


class Unit(enum.Enum):
    """The units a size or distance is written in."""

    INCHES = "in"
    FEET = "ft"
    YARDS = "yd"
    MILES = "mi"


UNIT_INCHES = {Unit.INCHES: 1, Unit.FEET: 12, Unit.YARDS: 36, Unit.MILES: 63360}
UNIT_TEXT = {
    Unit.INCHES: N_("{length} inches"),
    Unit.FEET: N_("{length} feet"),
    Unit.YARDS: N_("{length} yards"),
    Unit.MILES: N_("{length} miles"),
}


class Shape(enum.Enum):
    """A target's shape, for the size modifier."""

    ORDINARY = "ordinary"
    ELONGATED = "elongated"  # an elongated box, like most ground vehicles: +1
    BOX = "box"  # box-, sphere- or blob-shaped: +2


SHAPE_BONUS = {Shape.ORDINARY: 0, Shape.ELONGATED: 1, Shape.BOX: 2}
SHAPE_TEXT = {
    Shape.ELONGATED: N_("elongated like a vehicle: {bonus} to SM"),
    Shape.BOX: N_("shaped like a box, a sphere or a blob: {bonus} to SM"),
}

# The size table below 1 yard, in inches, from SM -15 up to SM -3.
_SMALL_SIZES: tuple[Fraction, ...] = tuple(
    Fraction(x)
    for x in ("1/5", "1/3", "1/2", "2/3", "1", "3/2", "2", "3", "5", "8", "12", "18", "24")
)
# From 1 yard up, the sizes repeat 1, 1.5, 2, 3, 5, 7 times a power of ten, one SM apart.
_CYCLE: tuple[Fraction, ...] = tuple(Fraction(x) for x in ("1", "3/2", "2", "3", "5", "7"))
_MAX_LENGTH = Fraction(10) ** 12  # inches: far beyond anything a GM will measure


def _read_length(length: int | Fraction | str) -> Fraction:
    if isinstance(length, bool):
        raise RulesError(Step(N_("A length must be a number.")))
    if isinstance(length, str):
        text = length.strip().replace(",", ".")
        try:
            value = Fraction(text)
        except (ValueError, ZeroDivisionError):
            raise RulesError(
                Step(N_("'{text}' is not a length: type a number such as 1.5."), {"text": length})
            ) from None
    elif isinstance(length, (int, Fraction)):
        value = Fraction(length)
    else:
        raise RulesError(Step(N_("A length must be a number.")))
    return value


def _shown(value: Fraction) -> str:
    if value.denominator == 1:
        return str(value.numerator)
    return f"{float(value):g}"


def size_modifier(
    length: int | Fraction | str, unit: Unit = Unit.YARDS, shape: Shape = Shape.ORDINARY
) -> Roll:
    """The SM of a thing whose longest dimension is ``length`` ``unit`` long.

    GURPS's size table: 2 yards is SM 0, and the sizes run 1, 1.5, 2, 3, 5, 7 times a
    power of ten yards, one SM apart (+6 for every tenfold). A length between two sizes
    counts as the larger one. Shapes like a box add 2, long boxes like vehicles add 1.
    """
    value = _read_length(length)
    inches = value * UNIT_INCHES[unit]
    if inches <= 0:
        raise RulesError(Step(N_("A length must be more than zero.")))
    if inches > _MAX_LENGTH:
        raise RulesError(Step(N_("That length is too large for the size table.")))
    sm: int | None = None
    size = Fraction(0)
    for index, small in enumerate(_SMALL_SIZES):
        if inches <= small:
            sm, size = MIN_SM + index, small
            break
    decade = 0
    while sm is None:
        for index, step in enumerate(_CYCLE):
            candidate = step * 36 * Fraction(10) ** decade
            if inches <= candidate:
                sm, size = -2 + 6 * decade + index, candidate
                break
        decade += 1
    shown = length.strip() if isinstance(length, str) else _shown(value)
    steps = [
        Step(
            N_("longest dimension {length}: SM {sm}"),
            {"length": Step(UNIT_TEXT[unit], {"length": shown}), "sm": signed(sm)},
        )
    ]
    if inches != size and inches > _SMALL_SIZES[0]:
        steps.append(Step(N_("between two sizes of the table, the larger one counts")))
    bonus = SHAPE_BONUS[shape]
    if bonus:
        sm += bonus
        steps.append(Step(SHAPE_TEXT[shape], {"bonus": signed(bonus)}))
        steps.append(Step(N_("SM {sm}"), {"sm": signed(sm)}))
    return Roll(sm, tuple(steps))


# --- step 2: the maximum visibility distance ------------------------------------------


class Target(enum.Enum):
    """What is being seen: creatures, terrain or a fire."""

    CREATURES = "creatures"
    TERRAIN = "terrain"
    FIRE = "fire"


def group_bonus(size: int) -> int:
    """The MVD bonus in percent for spotting a group of ``size`` creatures."""
    if size > 240:
        return 500
    if size > 60:
        return 200
    if size > 30:
        return 100
    if size >= 10:
        return 50
    return 0


def weather_penalty(
    weather: int, per_yards: int, distance: int, rules: DistanceRules = DEFAULT_RULES
) -> tuple[int, int]:
    """The weather penalty at ``distance`` yards, and how many steps of it that is.

    Flat weather (``per_yards`` 0) is the same at any distance and counts as one step.
    """
    if per_yards == 0:
        return weather, 1
    count = distance // per_yards
    if rules.weather_partial_steps and distance % per_yards:
        count += 1
    return weather * count, count


def _weather_text(
    weather: int, per_yards: int, distance: int, rules: DistanceRules
) -> tuple[int, Step]:
    penalty, _ = weather_penalty(weather, per_yards, distance, rules)
    if per_yards == 0:
        return penalty, Step(N_("weather {penalty}"), {"penalty": signed(penalty)})
    return penalty, Step(
        N_("weather {penalty} ({step} per {per} yards at {yards} yards)"),
        {
            "penalty": signed(penalty),
            "step": signed(weather),
            "per": per_yards,
            "yards": distance,
        },
    )


def darkness_after_night_vision(darkness: int, night_vision: int) -> tuple[int, Step | None]:
    """The darkness penalty a spotter with Night Vision still suffers, and why."""
    if darkness == 0 or night_vision == 0:
        return darkness, None
    if darkness <= TOTAL_DARKNESS:
        return darkness, Step(N_("Night Vision does not help in total darkness"))
    left = min(0, darkness + night_vision)
    if left == 0:
        return 0, Step(
            N_("darkness {penalty} ignored thanks to Night Vision {level}"),
            {"penalty": signed(darkness), "level": night_vision},
        )
    return left, Step(
        N_("darkness {penalty} eased to {left} by Night Vision {level}"),
        {"penalty": signed(darkness), "left": signed(left), "level": night_vision},
    )


def visibility(
    target: Target = Target.CREATURES,
    *,
    vision: int = 10,
    target_sm: int = 0,
    group_size: int = 1,
    darkness: int = 0,
    night_vision: int = 0,
    weather: int = 0,
    weather_per_yards: int = 0,
    elevation_feet: int = 0,
    rules: DistanceRules = DEFAULT_RULES,
) -> Roll:
    """The maximum visibility distance in yards, with a step for every modifier.

    SM and group size are the target creatures' and count only for creatures;
    elevation counts only for terrain and fires; a fire takes no other modifier.
    """
    _check_int(vision, N_("Vision"), MIN_LEVEL, MAX_LEVEL)
    _check_int(target_sm, N_("SM"), MIN_SM, MAX_SM)
    _check_int(group_size, N_("Group size"), 1, MAX_GROUP)
    _check_int(darkness, N_("Darkness"), TOTAL_DARKNESS, 0)
    _check_int(night_vision, N_("Night Vision"), 0, MAX_NIGHT_VISION)
    _check_int(weather, N_("Weather penalty"), -MAX_PENALTY, 0)
    _check_int(weather_per_yards, N_("Yards per weather step"), 0, MAX_WEATHER_YARDS)
    _check_int(elevation_feet, N_("Elevation"), 0, MAX_ELEVATION)
    steps: list[Step] = []
    if target is Target.CREATURES:
        base = CREATURE_BASE
        steps.append(Step(N_("base {yards} yards to spot creatures"), {"yards": base}))
    elif target is Target.TERRAIN:
        base = FAR_BASE
        steps.append(Step(N_("base 3 miles ({yards} yards) to spot terrain"), {"yards": base}))
    else:
        base = FAR_BASE
        steps.append(
            Step(
                N_("base 3 miles ({yards} yards) to spot a fire; nothing modifies it"),
                {"yards": base},
            )
        )
    percent = 0
    if target is not Target.FIRE:
        percent += _sight_modifiers(
            steps,
            target,
            vision,
            target_sm,
            group_size,
            darkness,
            night_vision,
            weather,
            weather_per_yards,
            rules,
        )
    yards = max(0, base * (100 + percent) // 100)  # exact: base and shares are tenths
    if percent:
        steps.append(
            Step(
                N_("{base} yards × {factor}% = {yards} yards"),
                {"base": base, "factor": 100 + percent, "yards": yards},
            )
        )
    if yards == 0:
        steps.append(Step(N_("the penalties leave nothing to see by: 0 yards")))
    if target is Target.CREATURES and yards > HORIZON:
        yards = HORIZON
        steps.append(
            Step(
                N_("creatures are never seen beyond the horizon, 3 miles: {yards} yards"),
                {"yards": yards},
            )
        )
    if target is not Target.CREATURES and elevation_feet >= ELEVATION_STEP:
        doublings = elevation_feet // ELEVATION_STEP
        yards *= 2**doublings
        steps.append(
            Step(
                N_(
                    "×{factor} for {feet} feet of elevation (double for every full 4,000 feet): "
                    "{yards} yards"
                ),
                {"factor": 2**doublings, "feet": elevation_feet, "yards": yards},
            )
        )
    if target is not Target.CREATURES and yards and yards % YARDS_PER_MILE == 0:
        steps.append(
            Step(
                N_("that is {count} mile"),
                {"count": yards // YARDS_PER_MILE},
                plural=N_("that is {count} miles"),
            )
        )
    return Roll(yards, tuple(steps))


def _sight_modifiers(  # noqa: C901 (the rule's table of sight modifiers, one branch per row)
    steps: list[Step],
    target: Target,
    vision: int,
    target_sm: int,
    group_size: int,
    darkness: int,
    night_vision: int,
    weather: int,
    weather_per_yards: int,
    rules: DistanceRules,
) -> int:
    """Append the percentage modifiers to ``steps`` and return their sum."""
    percent = 0
    if darkness:
        if rules.night_vision_mvd:
            left, why = darkness_after_night_vision(darkness, night_vision)
            if why is not None:
                steps.append(why)
        else:
            left = darkness
            if night_vision:
                steps.append(Step(N_("Night Vision does not lengthen sight (a setting)")))
        if left:
            percent += 10 * left
            steps.append(
                Step(
                    N_("{percent}% darkness ({penalty})"),
                    {"percent": signed(10 * left), "penalty": signed(left)},
                )
            )
    if weather:
        penalty, text = _weather_text(weather, weather_per_yards, rules.weather_mvd_yards, rules)
        if penalty:
            percent += 10 * penalty
            steps.append(
                Step(N_("{percent}% {weather}"), {"percent": signed(10 * penalty), "weather": text})
            )
    if target is Target.CREATURES and target_sm:
        percent += 10 * target_sm
        steps.append(
            Step(
                N_("{percent}% target size (SM {sm})"),
                {"percent": signed(10 * target_sm), "sm": signed(target_sm)},
            )
        )
    if vision != 10:
        percent += 10 * (vision - 10)
        steps.append(
            Step(
                N_("{percent}% Vision {level}"),
                {"percent": signed(10 * (vision - 10)), "level": vision},
            )
        )
    bonus = group_bonus(group_size) if target is Target.CREATURES else 0
    if bonus:
        percent += bonus
        steps.append(
            Step(
                N_("{percent}% group of {count} creatures"),
                {"percent": signed(bonus), "count": group_size},
            )
        )
    return percent


def side_visibility(
    spotter: Side, spotted: Side, conditions: Conditions, rules: DistanceRules = DEFAULT_RULES
) -> Roll:
    """How far ``spotter`` can see ``spotted`` (the creatures of the other side)."""
    return visibility(
        Target.CREATURES,
        vision=spotter.vision,
        target_sm=spotted.sm,
        group_size=spotted.group_size,
        darkness=conditions.darkness,
        night_vision=spotter.night_vision,
        weather=conditions.weather,
        weather_per_yards=conditions.weather_per_yards,
        rules=rules,
    )


# --- step 3: detection and surprise ---------------------------------------------------


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
    _check_int(med, N_("Maximum encounter distance"), 0, MAX_MED)
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
            N_(
                "{side} surprises {other}: it may start anywhere from {closest} to {yards} yards "
                "away, or evade."
            ),
            {
                "side": names[surprising],
                "other": names[surprising.other],
                "closest": closest,
                "yards": distance,
            },
        )
    elif surprised:
        headline = Step(
            N_("The encounter starts at {yards} yards, and both sides are surprised."),
            {"yards": distance},
        )
    else:
        headline = Step(
            N_("The encounter starts at {yards} yards; nobody is surprised."), {"yards": distance}
        )
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

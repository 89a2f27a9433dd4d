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

**3. Detection and surprise**, who spots whom first and whether a stealth contest
lets one side surprise the other, and how the encounter starts: :mod:`omen.gurps.detection`.

>>> weather = Conditions(terrain="hills_rocky", weather=-1, weather_per_yards=50)
>>> man = Side(name="the man", vision=10, stealth=10)
>>> orcs = Side(name="the orcs", group_size=10, vision=9)
>>> side_visibility(man, orcs, weather).value, side_visibility(orcs, man, weather).value
(220, 100)
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
    signed,
)
from omen.gurps.settings import MAX_WEATHER_YARDS, SETTINGS

YARDS_PER_MILE = 1760
CREATURE_BASE = 200  # yards
FAR_BASE = 3 * YARDS_PER_MILE  # 3 miles, for terrain and fires
HORIZON = 3 * YARDS_PER_MILE  # creatures are never seen farther
ELEVATION_STEP = 4000  # feet per doubling
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


def checked_int(value: Any, field_name: str, low: int, high: int) -> int:
    """``value`` when it is a whole number from ``low`` to ``high``; else a
    :class:`RulesError` naming the field."""
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
        checked_int(value, field_name, low, high)


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
        checked_int(self.weather_mvd_yards, N_("Yards for range-based weather"), 1, FAR_BASE)

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
        checked_int(self.group_size, N_("Group size"), 1, MAX_GROUP)
        checked_int(self.sm, N_("SM"), MIN_SM, MAX_SM)
        checked_int(self.vision, N_("Vision"), MIN_LEVEL, MAX_LEVEL)
        _check_optional(self.hearing, N_("Hearing"), MIN_LEVEL, MAX_LEVEL)
        _check_optional(self.observation, N_("Observation"), MIN_LEVEL, MAX_LEVEL)
        checked_int(self.night_vision, N_("Night Vision"), 0, MAX_NIGHT_VISION)
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
        checked_int(self.darkness, N_("Darkness"), TOTAL_DARKNESS, 0)
        checked_int(self.weather, N_("Weather penalty"), -MAX_PENALTY, 0)
        checked_int(self.weather_per_yards, N_("Yards per weather step"), 0, MAX_WEATHER_YARDS)

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

        >>> from omen.campaign.table_draw import Found
        >>> from omen.campaign.tables import read_stats
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
    checked_int(vision, N_("Vision"), MIN_LEVEL, MAX_LEVEL)
    checked_int(target_sm, N_("SM"), MIN_SM, MAX_SM)
    checked_int(group_size, N_("Group size"), 1, MAX_GROUP)
    checked_int(darkness, N_("Darkness"), TOTAL_DARKNESS, 0)
    checked_int(night_vision, N_("Night Vision"), 0, MAX_NIGHT_VISION)
    checked_int(weather, N_("Weather penalty"), -MAX_PENALTY, 0)
    checked_int(weather_per_yards, N_("Yards per weather step"), 0, MAX_WEATHER_YARDS)
    checked_int(elevation_feet, N_("Elevation"), 0, MAX_ELEVATION)
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

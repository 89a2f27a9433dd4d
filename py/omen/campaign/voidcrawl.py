"""The Voidcrawl: an encounter die that hands the game master a story prompt (Liminal Horror).

**The check.** Each exploration turn, or whenever the investigators draw attention, roll
a d6: 1 Day Encounter (someone or something odd, not a threat yet), 2 Clue (a plain hint
about the mystery, or a warning), 3 Omen (a sign of what is coming), 4 Setback (lost time
or resources), 5 Horror (a scene that unsettles), 6 Night Encounter (a horror, now).
Each result may have its own small table, rolled along with it.

**Omen.** Pick one of the investigators (by a die, from the names the game master
keeps) and roll on the scenario's Fallout table: that Fallout is foreshadowed, as an omen
of the next one that investigator will suffer.

**Levels and filters.** Every result stands at a level from 1 to 6: on the d6 the level
is the face. Two optional filters turn high results into "nothing happens":

- *Day and night*: by day, or in a mundane place, results above level 3 count as
  nothing; by night, or in a dangerous place, every result counts. The text offers
  the cycle as an option ("Phases *can* be used to create a day/night cycle"), so a
  new exploration has none (``Conditions(phase=None)``): every result counts until the
  game master picks Day or Night on the Explore screen. A location marked mundane or
  dangerous (on the Tables screen) still counts as such without the cycle.

  *When the hour and the place disagree* (a visible setting). The text gives the two
  halves side by side, "during the day, or when in a mundane location" against
  "during the night, or in an inherently dangerous location", and does not say which
  wins by day in a dangerous place or by night in a mundane one. Omen's default is
  that the place decides: a dangerous place lets every result through by day, a
  mundane one holds them back by night. Settings, *Liminal Horror*, "Voidcrawl: when
  the hour and the place disagree" (``voidcrawl.place_rule``) can instead let the
  calmer or the wilder reading win.
- *Dark descent*: at level 1 results above 2 count as nothing, at level 2 those above 4,
  and at level 3 (the deepest) every result counts.

When both filters apply the stricter one wins.

**Bigger dice.** The die can grow to a d8 or d10; the extra faces hold Regroup,
Locality, Stress, Decay, Theme, Nothing Happens, or the game master's own words. Each
face keeps its own level, so both filters still mean something on any die (by default
Regroup and Nothing Happens stand at 1, Theme at 2, Locality at 3, Decay at 4 and
Stress at 5; a setting can instead derive each level from the face's position).

>>> from omen.core.dice import ScriptedDice
>>> from omen.campaign.tables import Library
>>> day = Conditions(phase=Phase.DAY)
>>> result = voidcrawl_check(default_voidcrawl(), Library(), day, ScriptedDice([5]))
>>> result.happened
False
>>> [step.english() for step in result.steps]  # doctest: +NORMALIZE_WHITESPACE
['Voidcrawl d6: 5', '5: Horror',
 'Nothing happens: Horror is level 5, and by day only results up to level 3 count.']
>>> odds = voidcrawl_odds(default_voidcrawl(), Conditions(phase=Phase.NIGHT))
>>> odds.night_next, odds.night_within_three
(Fraction(1, 6), Fraction(91, 216))
>>> [step.english() for step in filters_in_force(Conditions(), VoidcrawlSettings())]
['No day/night cycle.', 'Every result counts.']
"""

from __future__ import annotations

import enum
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from omen.campaign.spec import TABLE_VIOLENT
from omen.campaign.table_draw import TableResult, roll_table
from omen.campaign.tables import (
    DEFAULT_DEPTH,
    MAX_NAME,
    Fields,
    Library,
    Location,
    Place,
    stored_error,
)
from omen.core.dice import Dice
from omen.core.errors import RulesError
from omen.core.roll import N_, ArgValue, Step

if TYPE_CHECKING:  # the checks load with the Tables screen that shows them
    from omen.campaign.table_checks import Issue
from omen.core.setting import Setting, Value
from omen.core.store import Schema

SIDES = (6, 8, 10)
TOP_LEVEL = 6
MAX_INVESTIGATORS = 20


class Kind(enum.Enum):
    """What a Voidcrawl result is."""

    DAY_ENCOUNTER = "day_encounter"
    CLUE = "clue"
    OMEN = "omen"
    SETBACK = "setback"
    HORROR = "horror"
    NIGHT_ENCOUNTER = "night_encounter"
    REGROUP = "regroup"
    LOCALITY = "locality"
    STRESS = "stress"
    DECAY = "decay"
    THEME = "theme"
    NOTHING = "nothing"
    CUSTOM = "custom"  # the game master's own words


KIND_NAMES = {
    Kind.DAY_ENCOUNTER: N_("Day Encounter"),
    Kind.CLUE: N_("Clue"),
    Kind.OMEN: N_("Omen"),
    Kind.SETBACK: N_("Setback"),
    Kind.HORROR: N_("Horror"),
    Kind.NIGHT_ENCOUNTER: N_("Night Encounter"),
    Kind.REGROUP: N_("Regroup"),
    Kind.LOCALITY: N_("Locality"),
    Kind.STRESS: N_("Stress"),
    Kind.DECAY: N_("Decay"),
    Kind.THEME: N_("Scenario Theme"),
    Kind.NOTHING: N_("Nothing Happens"),
    Kind.CUSTOM: N_("Your own result"),
}

KIND_MEANINGS = {
    Kind.DAY_ENCOUNTER: N_(
        "Someone or something odd crosses the investigators' path: no threat yet, "
        "but it can turn into one."
    ),
    Kind.CLUE: N_("A hint about the mystery, or a warning that danger is close, in plain sight."),
    Kind.OMEN: N_(
        "A sign of what is coming: an investigator is chosen and the Fallout table hints "
        "at the next Fallout they will suffer."
    ),
    Kind.SETBACK: N_("Something slows the investigators down or eats into what they carry."),
    Kind.HORROR: N_("An unsettling scene, or a hint that a horror is near."),
    Kind.NIGHT_ENCOUNTER: N_("A horror confronts the investigators: they must act fast."),
    Kind.REGROUP: N_("A quiet moment to recover HP and see to urgent needs."),
    Kind.LOCALITY: N_("The surroundings shift: weather, light, or a horror drawing closer."),
    Kind.STRESS: N_("Something that deals Stress or calls for a CTRL save."),
    Kind.DECAY: N_("A place or thing falls apart: collapse, spreading rot, creeping mould."),
    Kind.THEME: N_("A symbol or motif of the scenario's themes shows itself."),
    Kind.NOTHING: N_("Luck holds: nothing happens."),
    Kind.CUSTOM: N_("A result in the game master's own words."),
}

STANDARD = (
    Kind.DAY_ENCOUNTER,
    Kind.CLUE,
    Kind.OMEN,
    Kind.SETBACK,
    Kind.HORROR,
    Kind.NIGHT_ENCOUNTER,
)
EXTRAS = (Kind.REGROUP, Kind.LOCALITY, Kind.STRESS, Kind.DECAY, Kind.THEME, Kind.NOTHING)

# The level each kind takes when it is put on a face: the d6 face for the six standard
# results; for the extras, how dangerous they feel (our choice, editable per face).
DEFAULT_LEVEL = {
    Kind.DAY_ENCOUNTER: 1,
    Kind.CLUE: 2,
    Kind.OMEN: 3,
    Kind.SETBACK: 4,
    Kind.HORROR: 5,
    Kind.NIGHT_ENCOUNTER: 6,
    Kind.REGROUP: 1,
    Kind.NOTHING: 1,
    Kind.THEME: 2,
    Kind.LOCALITY: 3,
    Kind.DECAY: 4,
    Kind.STRESS: 5,
    Kind.CUSTOM: 3,
}

# What faces 7 to 10 hold when the die grows, until the game master changes them.
GROWTH = (Kind.REGROUP, Kind.LOCALITY, Kind.STRESS, Kind.THEME)

SETTINGS: tuple[Setting, ...] = (
    Setting(
        "voidcrawl.day_cutoff",
        3,
        N_("Voidcrawl: highest level by day"),
        N_(
            "By day or in a mundane place, Voidcrawl results above this level count as "
            "nothing; the rules say 3."
        ),
        low=1,
        high=TOP_LEVEL,
        game="liminal_horror",
        procedure="voidcrawl",
    ),
    Setting(
        "voidcrawl.descent_levels",
        3,
        N_("Voidcrawl: levels of the dark descent"),
        N_(
            "How many steps the dark descent has; each step lets more results through, "
            "and the deepest lets all of them (3 in the rules: up to 2, up to 4, all)."
        ),
        low=2,
        high=TOP_LEVEL,
        game="liminal_horror",
        procedure="voidcrawl",
    ),
    Setting(
        "voidcrawl.levels",
        "own",
        N_("Voidcrawl: level of each face"),
        N_(
            "Whether each face of a d8 or d10 keeps the level you gave it, or takes its "
            "level from where it sits on the die (the top faces are the most dangerous)."
        ),
        choices=(
            ("own", N_("Each face's own level")),
            ("position", N_("From the face's position on the die")),
        ),
        game="liminal_horror",
        procedure="voidcrawl",
    ),
    Setting(
        "voidcrawl.place_rule",
        "place_first",
        N_("Voidcrawl: when the hour and the place disagree"),
        N_(
            "By day in a dangerous place, or by night in a mundane one: whether the place "
            "decides, the calmer reading wins, or the wilder one does."
        ),
        choices=(
            ("place_first", N_("The place decides")),
            ("calmer", N_("The calmer reading wins")),
            ("wilder", N_("The wilder reading wins")),
        ),
        game="liminal_horror",
        procedure="voidcrawl",
    ),
)


@dataclass(frozen=True)
class VoidcrawlSettings:
    """The campaign's Voidcrawl choices: day's end, levels of descent, whose level counts."""

    day_cutoff: int = 3
    descent_levels: int = 3
    levels: str = "own"  # "own" or "position"
    place_rule: str = "place_first"  # "place_first", "calmer" or "wilder"

    def __post_init__(self) -> None:
        if not 1 <= self.day_cutoff <= TOP_LEVEL:
            raise RulesError(Step(N_("The daytime limit must be a level from 1 to 6.")))
        if not 2 <= self.descent_levels <= TOP_LEVEL:
            raise RulesError(Step(N_("The dark descent must have 2 to 6 levels.")))
        if self.levels not in ("own", "position"):
            raise RulesError(Step(N_("Unknown way of giving faces their levels.")))
        if self.place_rule not in ("place_first", "calmer", "wilder"):
            raise RulesError(Step(N_("Unknown rule for the hour and the place.")))

    @classmethod
    def from_values(cls, values: Mapping[str, Value]) -> VoidcrawlSettings:
        """Read the four ``voidcrawl.*`` settings out of the app's settings values."""
        default = cls()
        day = values.get("voidcrawl.day_cutoff", default.day_cutoff)
        levels = values.get("voidcrawl.descent_levels", default.descent_levels)
        how = values.get("voidcrawl.levels", default.levels)
        rule = values.get("voidcrawl.place_rule", default.place_rule)
        return cls(
            day if isinstance(day, int) and not isinstance(day, bool) else default.day_cutoff,
            levels
            if isinstance(levels, int) and not isinstance(levels, bool)
            else default.descent_levels,
            how if isinstance(how, str) else default.levels,
            rule if isinstance(rule, str) else default.place_rule,
        )


# --- the configuration ------------------------------------------------------------------


@dataclass(frozen=True)
class Face:
    """One face of the Voidcrawl die: its result, level (1-6), prepared table (an id in
    the library) and, optionally, the game master's own words for it."""

    kind: Kind
    level: int
    table: str | None = None
    text: str = ""

    @property
    def label(self) -> ArgValue:
        """The words to show for this face: the game master's own, or the kind's name."""
        return self.text if self.text.strip() else Step(KIND_NAMES[self.kind])

    def to_json(self) -> dict[str, Any]:
        """Its stored form: plain JSON values (dicts, lists, text, numbers)."""
        out: dict[str, Any] = {"kind": self.kind.value, "level": self.level}
        if self.table is not None:
            out["table"] = self.table
        if self.text:
            out["text"] = self.text
        return out

    @classmethod
    def from_json(cls, data: Any, path: str = "face") -> Face:
        """Read its stored form back; a :class:`RulesError` saying what does not fit."""
        fields = Fields(data, path, ("kind", "level", "table", "text"))
        kind = Kind(fields.choice("kind", tuple(kind.value for kind in Kind)))
        text = fields.optional_text("text", MAX_NAME) or ""
        if kind is Kind.CUSTOM and not text.strip():
            raise stored_error(f"{path}.text", Step(N_("is missing")))
        return cls(
            kind,
            fields.integer("level", 1, TOP_LEVEL),
            fields.optional_identifier("table"),
            text,
        )


@dataclass(frozen=True)
class Voidcrawl:
    """A campaign's Voidcrawl: one :class:`Face` per side of the die (6, 8 or 10) and
    the id of the scenario's Fallout table for the Omen."""

    faces: tuple[Face, ...]
    fallout: str | None = None

    @property
    def sides(self) -> int:
        """How many faces the Voidcrawl die has."""
        return len(self.faces)

    def with_face(self, number: int, face: Face) -> Voidcrawl:
        """The Voidcrawl with face ``number`` (1-based) replaced."""
        if not 1 <= number <= self.sides:
            raise RulesError(Step(N_("The Voidcrawl die has no face {face}."), {"face": number}))
        faces = list(self.faces)
        faces[number - 1] = face
        return replace(self, faces=tuple(faces))

    def to_json(self) -> dict[str, Any]:
        """Its stored form: plain JSON values (dicts, lists, text, numbers)."""
        return {"faces": [face.to_json() for face in self.faces], "fallout": self.fallout}

    @classmethod
    def from_json(cls, data: Any, path: str = "voidcrawl") -> Voidcrawl:
        """Read its stored form back; a :class:`RulesError` saying what does not fit."""
        fields = Fields(data, path, ("faces", "fallout"))
        faces = tuple(Face.from_json(item, where) for where, item in fields.items("faces", 10))
        if len(faces) not in SIDES:
            raise stored_error(fields.where("faces"), Step(N_("must hold 6, 8 or 10 faces")))
        return cls(faces, fields.optional_identifier("fallout"))


@dataclass(frozen=True)
class CrawlSetup:
    """What the Tables screen keeps besides the library: the Voidcrawl, the
    investigators' names the Omen picks from, and whether it is still the example."""

    voidcrawl: Voidcrawl
    investigators: tuple[str, ...] = ()
    example: bool = False

    def to_json(self) -> dict[str, Any]:
        """Its stored form: plain JSON values (dicts, lists, text, numbers)."""
        return {
            "voidcrawl": self.voidcrawl.to_json(),
            "investigators": list(self.investigators),
            "example": self.example,
        }

    @classmethod
    def from_json(cls, data: Any, path: str = "setup") -> CrawlSetup:
        """Read its stored form back; a :class:`RulesError` saying what does not fit."""
        fields = Fields(data, path, ("voidcrawl", "investigators", "example"))
        names = fields.items("investigators", MAX_INVESTIGATORS)
        investigators = []
        for where, name in names:
            if not isinstance(name, str) or len(name) > MAX_NAME:
                raise stored_error(where, Step(N_("is not a name")))
            investigators.append(name)
        return cls(
            Voidcrawl.from_json(fields.raw("voidcrawl"), fields.where("voidcrawl")),
            tuple(investigators),
            fields.boolean("example"),
        )


def default_voidcrawl() -> Voidcrawl:
    """The d6 Voidcrawl of the rules, with no prepared tables yet."""
    return Voidcrawl(tuple(Face(kind, DEFAULT_LEVEL[kind]) for kind in STANDARD))


def resize(config: Voidcrawl, sides: int) -> Voidcrawl:
    """The Voidcrawl on a die of ``sides`` faces (6, 8 or 10): faces kept in order,
    new faces filled with Regroup, Locality, Stress, Theme until the game master edits
    them, and faces beyond the new die dropped."""
    if sides not in SIDES:
        raise RulesError(Step(N_("The Voidcrawl die must be a d6, d8 or d10.")))
    faces = list(config.faces[:sides])
    while len(faces) < sides:
        if len(faces) < len(STANDARD):
            kind = STANDARD[len(faces)]
        else:
            kind = GROWTH[len(faces) - len(STANDARD)]
        faces.append(Face(kind, DEFAULT_LEVEL[kind]))
    return replace(config, faces=tuple(faces))


def validate_voidcrawl(config: Voidcrawl, library: Library) -> tuple[Issue, ...]:
    """What is wrong with a Voidcrawl (errors) or worth knowing (warnings)."""
    from omen.campaign.table_checks import Issue, Severity

    issues: list[Issue] = []
    if config.sides not in SIDES:
        issues.append(Issue(Severity.ERROR, Step(N_("The Voidcrawl die must be a d6, d8 or d10."))))
    for number, face in enumerate(config.faces, 1):
        if not 1 <= face.level <= TOP_LEVEL:
            issues.append(
                Issue(
                    Severity.ERROR,
                    Step(N_("Face {face}: the level must be from 1 to 6."), {"face": number}),
                )
            )
        if face.kind is Kind.CUSTOM and not face.text.strip():
            issues.append(
                Issue(
                    Severity.ERROR, Step(N_("Face {face} needs its own words."), {"face": number})
                )
            )
        if len(face.text) > MAX_NAME:
            issues.append(
                Issue(
                    Severity.ERROR,
                    Step(
                        N_("Face {face}: the words may be at most {limit} characters."),
                        {"face": number, "limit": MAX_NAME},
                    ),
                )
            )
        if face.table is not None and library.find_table(face.table) is None:
            issues.append(
                Issue(
                    Severity.ERROR,
                    Step(
                        N_("Face {face} uses a table that does not exist ('{id}')."),
                        {"face": number, "id": face.table},
                    ),
                )
            )
    has_omen = any(face.kind is Kind.OMEN for face in config.faces)
    if config.fallout is not None and library.find_table(config.fallout) is None:
        issues.append(
            Issue(
                Severity.ERROR,
                Step(N_("The Fallout table does not exist ('{id}')."), {"id": config.fallout}),
            )
        )
    elif config.fallout is None and has_omen:
        issues.append(
            Issue(Severity.WARNING, Step(N_("The Omen has no Fallout table to roll on yet.")))
        )
    return tuple(issues)


# --- filters --------------------------------------------------------------------------


class Phase(enum.Enum):
    """Day or night in the Voidcrawl."""

    DAY = "day"
    NIGHT = "night"


@dataclass(frozen=True)
class Conditions:
    """Where and when the check is made.

    ``phase`` is ``None`` when no day/night cycle is in play; ``descent`` is the dark
    descent level (``None`` when there is none).
    """

    phase: Phase | None = None
    place: Place = Place.ORDINARY
    descent: int | None = None

    def __post_init__(self) -> None:
        if self.descent is not None and not 1 <= self.descent <= TOP_LEVEL:
            raise RulesError(Step(N_("The dark descent level must be from 1 to 6.")))

    @classmethod
    def at(cls, location: Location | None, phase: Phase | None) -> Conditions:
        """The conditions in a location (its kind of place and descent level)."""
        if location is None:
            return cls(phase)
        return cls(phase, location.place, location.descent)


@dataclass(frozen=True)
class CutOff:
    """The highest level that still happens, and why the others do not (``None`` when
    every result counts)."""

    level: int
    reason: Step | None


def _calm_reason(conditions: Conditions, rule: str) -> Step | None:
    """Why the daytime limit applies, or ``None`` when it does not."""
    by_day = Step(N_("by day"))
    mundane = Step(N_("in a mundane place"))
    if rule == "place_first":
        if conditions.place is Place.MUNDANE:
            return mundane
        if conditions.place is Place.DANGEROUS:
            return None
        return by_day if conditions.phase is Phase.DAY else None
    if rule == "wilder" and (
        conditions.phase is Phase.NIGHT or conditions.place is Place.DANGEROUS
    ):
        return None
    if conditions.place is Place.MUNDANE:
        return mundane
    return by_day if conditions.phase is Phase.DAY else None


def descent_cutoff(level: int, settings: VoidcrawlSettings) -> int:
    """The highest level that happens at a dark descent level: the six levels split
    evenly, rounded up (three steps: 2, 4, 6).

    >>> [descent_cutoff(n, VoidcrawlSettings()) for n in (1, 2, 3)]
    [2, 4, 6]
    """
    steps = settings.descent_levels
    return math.ceil(TOP_LEVEL * min(level, steps) / steps)


def cut_off(conditions: Conditions, settings: VoidcrawlSettings) -> CutOff:
    """The limit the filters put on results; when both apply, the stricter wins."""
    limits: list[tuple[int, Step]] = []
    calm = _calm_reason(conditions, settings.place_rule)
    if calm is not None and settings.day_cutoff < TOP_LEVEL:
        limits.append((settings.day_cutoff, calm))
    if conditions.descent is not None:
        level = descent_cutoff(conditions.descent, settings)
        if level < TOP_LEVEL:
            reason = Step(N_("at dark descent level {level}"), {"level": conditions.descent})
            limits.append((level, reason))
    if not limits:
        return CutOff(TOP_LEVEL, None)
    lowest = min(level for level, _ in limits)
    reasons = [reason for level, reason in limits if level == lowest]
    if len(reasons) == 1:
        return CutOff(lowest, reasons[0])
    return CutOff(lowest, Step(N_("{items} and {last}"), {"items": reasons[0], "last": reasons[1]}))


_PHASE_TEXT = {
    None: N_("No day/night cycle."),
    Phase.DAY: N_("Day/night cycle: day."),
    Phase.NIGHT: N_("Day/night cycle: night."),
}


def filters_in_force(conditions: Conditions, settings: VoidcrawlSettings) -> tuple[Step, ...]:
    """What the odds are worked out under: the day/night cycle (or none), then which
    results still count and which filter holds the others back.

    >>> day = filters_in_force(Conditions(Phase.DAY), VoidcrawlSettings())
    >>> [step.english() for step in day]
    ['Day/night cycle: day.', 'Only results up to level 3 count (by day).']
    """
    limit = cut_off(conditions, settings)
    if limit.reason is None:
        counts = Step(N_("Every result counts."))
    else:
        counts = Step(
            N_("Only results up to level {level} count ({reason})."),
            {"level": limit.level, "reason": limit.reason},
        )
    return Step(_PHASE_TEXT[conditions.phase]), counts


def face_level(config: Voidcrawl, number: int, settings: VoidcrawlSettings) -> int:
    """The level of face ``number`` (1-based): its own, or from its place on the die.

    >>> big = resize(default_voidcrawl(), 10)
    >>> [face_level(big, n, VoidcrawlSettings(levels="position")) for n in range(1, 11)]
    [1, 2, 2, 3, 3, 4, 5, 5, 6, 6]
    """
    if settings.levels == "position":
        return math.ceil(TOP_LEVEL * number / config.sides)
    return config.faces[number - 1].level


def live_faces(
    config: Voidcrawl, conditions: Conditions, settings: VoidcrawlSettings
) -> tuple[bool, ...]:
    """For each face, whether its result happens under these conditions."""
    limit = cut_off(conditions, settings).level
    return tuple(
        face.kind is not Kind.NOTHING and face_level(config, number, settings) <= limit
        for number, face in enumerate(config.faces, 1)
    )


# --- the check --------------------------------------------------------------------------


@dataclass(frozen=True)
class OmenResult:
    """Who the omen is for (``None`` when no names are kept) and the Fallout rolled."""

    investigator: str | None
    fallout: TableResult | None
    steps: tuple[Step, ...]

    def to_json(self) -> dict[str, Any]:
        """Its stored form: plain JSON values (dicts, lists, text, numbers)."""
        return {
            "investigator": self.investigator,
            "fallout": None if self.fallout is None else self.fallout.to_json(),
            "steps": [step.to_json() for step in self.steps],
        }

    @classmethod
    def from_json(cls, data: Any, path: str = "omen") -> OmenResult:
        """Read its stored form back; a :class:`RulesError` saying what does not fit."""
        fields = Fields(data, path, ("investigator", "fallout", "steps"))
        fallout = fields.raw("fallout")
        return cls(
            fields.optional_text("investigator", MAX_NAME),
            None if fallout is None else TableResult.from_json(fallout, fields.where("fallout")),
            fields.steps("steps"),
        )


@dataclass(frozen=True)
class CrawlResult:
    """One Voidcrawl check: the face rolled, what stands there, and what came of it.

    ``happened`` is False when a filter turned the result into nothing or the face is
    Nothing Happens; ``filtered`` says a filter did it.
    """

    face: int
    entry: Face
    level: int
    happened: bool
    filtered: bool
    table: TableResult | None
    omen: OmenResult | None
    steps: tuple[Step, ...]

    @property
    def kind(self) -> Kind:
        """What kind of face came up."""
        return self.entry.kind

    @property
    def title(self) -> Step:
        """One line for the top of the screen and the log."""
        if not self.happened:
            return Step(N_("Voidcrawl: nothing happens"))
        return Step(N_("Voidcrawl: {result}"), {"result": self.entry.label})

    def to_json(self) -> dict[str, Any]:
        """Its stored form: plain JSON values (dicts, lists, text, numbers)."""
        return {
            "face": self.face,
            "entry": self.entry.to_json(),
            "level": self.level,
            "happened": self.happened,
            "filtered": self.filtered,
            "table": None if self.table is None else self.table.to_json(),
            "omen": None if self.omen is None else self.omen.to_json(),
            "steps": [step.to_json() for step in self.steps],
        }

    @classmethod
    def from_json(cls, data: Any, path: str = "check") -> CrawlResult:
        """Read its stored form back; a :class:`RulesError` saying what does not fit."""
        keys = ("face", "entry", "level", "happened", "filtered", "table", "omen", "steps")
        fields = Fields(data, path, keys)
        table = fields.raw("table")
        omen_data = fields.raw("omen")
        return cls(
            fields.integer("face", 1, max(SIDES)),
            Face.from_json(fields.raw("entry"), fields.where("entry")),
            fields.integer("level", 1, TOP_LEVEL),
            fields.boolean("happened"),
            fields.boolean("filtered"),
            None if table is None else TableResult.from_json(table, fields.where("table")),
            None if omen_data is None else OmenResult.from_json(omen_data, fields.where("omen")),
            fields.steps("steps"),
        )


def voidcrawl_check(
    config: Voidcrawl,
    library: Library,
    conditions: Conditions,
    dice: Dice,
    settings: VoidcrawlSettings | None = None,
    investigators: Sequence[str] = (),
    depth_limit: int = DEFAULT_DEPTH,
    violent: str = TABLE_VIOLENT,
) -> CrawlResult:
    """Make one Voidcrawl check: roll the die, apply the filters, then roll the face's
    prepared table and, for an Omen, pick an investigator and roll the Fallout table (a
    violent row says so with ``violent``, the campaign's game's line)."""
    settings = settings or VoidcrawlSettings()
    if config.sides not in SIDES:
        raise RulesError(Step(N_("The Voidcrawl die must be a d6, d8 or d10.")))
    face = dice.roll(config.sides)
    entry = config.faces[face - 1]
    level = face_level(config, face, settings)
    steps = [
        Step(N_("Voidcrawl {die}: {face}"), {"die": f"d{config.sides}", "face": face}),
        Step(N_("{face}: {text}"), {"face": face, "text": entry.label}),
    ]
    limit = cut_off(conditions, settings)
    if level > limit.level and limit.reason is not None:
        steps.append(
            Step(
                N_(
                    "Nothing happens: {result} is level {level}, "
                    "and {cause} only results up to level {cutoff} count."
                ),
                {
                    "result": entry.label,
                    "level": level,
                    "cutoff": limit.level,
                    "cause": limit.reason,
                },
            )
        )
        return CrawlResult(face, entry, level, False, True, None, None, tuple(steps))
    steps.append(Step(KIND_MEANINGS[entry.kind]))
    if entry.kind is Kind.NOTHING:
        return CrawlResult(face, entry, level, False, False, None, None, tuple(steps))
    omen_result = None
    if entry.kind is Kind.OMEN:
        omen_result = omen(config, library, investigators, dice, depth_limit, violent)
        steps.extend(omen_result.steps)
    table = _prepared(library, entry.table, entry.label, dice, depth_limit, steps, violent)
    return CrawlResult(face, entry, level, True, False, table, omen_result, tuple(steps))


def _prepared(
    library: Library,
    table_id: str | None,
    label: ArgValue,
    dice: Dice,
    depth_limit: int,
    steps: list[Step],
    violent: str = TABLE_VIOLENT,
) -> TableResult | None:
    if table_id is None:
        return None
    if library.find_table(table_id) is None:
        steps.append(
            Step(
                N_("The table for {result} is missing ('{id}'): make something up."),
                {"result": label, "id": table_id},
            )
        )
        return None
    result = roll_table(library, table_id, dice, depth_limit, violent)
    steps.extend(result.steps)
    return result


def omen(
    config: Voidcrawl,
    library: Library,
    investigators: Sequence[str],
    dice: Dice,
    depth_limit: int = DEFAULT_DEPTH,
    violent: str = TABLE_VIOLENT,
) -> OmenResult:
    """Pick an investigator by a die of as many faces as there are names, and roll on
    the Fallout table for the omen of their next Fallout."""
    names = [name.strip() for name in investigators if name.strip()]
    if len(names) > MAX_INVESTIGATORS:
        raise RulesError(
            Step(
                N_("The Omen picks from at most {limit} investigators."),
                {"limit": MAX_INVESTIGATORS},
            )
        )
    steps: list[Step] = []
    chosen: str | None
    if not names:
        chosen = None
        steps.append(Step(N_("No investigators are listed: pick one yourself.")))
    elif len(names) == 1:
        chosen = names[0]
        steps.append(Step(N_("The omen is for {name}, the only investigator."), {"name": chosen}))
    else:
        pick = dice.roll(len(names))
        chosen = names[pick - 1]
        steps.append(
            Step(
                N_("d{count} for the investigator: {face}, {name}"),
                {"count": len(names), "face": pick, "name": chosen},
            )
        )
    if config.fallout is None:
        steps.append(Step(N_("No Fallout table is set: choose a Fallout from the scenario.")))
        return OmenResult(chosen, None, tuple(steps))
    fallout = _prepared(
        library, config.fallout, Step(N_("Fallout")), dice, depth_limit, steps, violent
    )
    if fallout is not None and fallout.text:
        who: ArgValue = chosen if chosen is not None else Step(N_("the chosen investigator"))
        steps.append(
            Step(
                N_("Foreshadow this Fallout for {name}: {fallout}"),
                {"name": who, "fallout": fallout.text},
            )
        )
    return OmenResult(chosen, fallout, tuple(steps))


# --- odds ---------------------------------------------------------------------------


@dataclass(frozen=True)
class CrawlOdds:
    """Exact chances for the next check under fixed conditions.

    ``faces[i]`` is the chance that face ``i + 1`` is rolled and happens; ``kinds`` gives
    the chance of each kind of result (Nothing Happens gathers filtered faces);
    ``night_within_three`` assumes the conditions hold for three checks.
    """

    faces: tuple[Fraction, ...]
    kinds: tuple[tuple[Kind, Fraction], ...]
    night_next: Fraction
    night_within_three: Fraction

    def chance(self, kind: Kind) -> Fraction:
        """The exact chance of a face of ``kind``."""
        return dict(self.kinds).get(kind, Fraction(0))


def voidcrawl_odds(
    config: Voidcrawl, conditions: Conditions, settings: VoidcrawlSettings | None = None
) -> CrawlOdds:
    """The exact chance of each kind of result on the next check, and of a Night
    Encounter within the next three checks."""
    settings = settings or VoidcrawlSettings()
    each = Fraction(1, config.sides)
    live = live_faces(config, conditions, settings)
    faces = tuple(each if happens else Fraction(0) for happens in live)
    totals = {kind: Fraction(0) for kind in Kind}
    for face, happens in zip(config.faces, live, strict=True):
        totals[face.kind if happens else Kind.NOTHING] += each
    kinds = tuple(
        (kind, chance)
        for kind, chance in totals.items()
        if chance or kind is Kind.NOTHING or any(f.kind is kind for f in config.faces)
    )
    night = totals[Kind.NIGHT_ENCOUNTER]
    return CrawlOdds(faces, kinds, night, 1 - (1 - night) ** 3)


VOIDCRAWL = Schema("voidcrawl", 1, {}, CrawlSetup.from_json)

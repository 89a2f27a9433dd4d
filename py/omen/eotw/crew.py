"""The End of the World: the crew's lasting state: stress, traumas, recovery, goals.

**Characters.** Each characteristic is rated 1 to 5. A new character starts at 1 in all
six and spends 10 more points raising them (a setting; the seed does not give the
number, the published game does). Later changes, such as the group voting a value up or
down, are not checked.

**Stress.** Physical, Mental and Social stress each fill a track of 9 boxes in 3 tiers
of 3, from the first tier up. When a track is full the character chooses: let go, or
cling to life with a test of the category's defensive characteristic. A passed test
takes the character out of play *for now*, in the way of that category, gives a
severity 3 trauma in that category, empties tiers 2 and 3 (tier 1 stays full) and then
records the stress that overflowed the track.

Letting go and a failed test end the same way, for good, and the way depends only on
the category (:data:`ENDINGS`): a full Physical track is death; a full Mental track
leaves the character lost to madness; a full Social track leaves them cast out, gone
from the group. The text says a full track means the character "immediately die[s] or
experience[s] a serious trauma", and that clinging removes them "in the way
appropriate to the category" but only temporarily; so the lasting ending is that same
removal made permanent. It is not a setting: the text gives one rule, not two.

**Traumas.** A trauma has a name and a severity from 1 to 3. In downtime a character can
work through a track's stress: the track empties and a trauma is taken whose severity is
the number of tiers with any box filled. A character holds at most three traumas per
category; a fourth kills at once, with no chance to cling to life. A trauma that could
hinder a test adds a negative die to it.

**Recovery.** Treating a trauma takes one day, one week or one month for severity 1, 2
or 3; then a test of the category's defensive characteristic. Success lowers the
severity by one; at zero the trauma is healed.

**Encounters and goals.** A scene is social, exploration, survival or downtime. The
group's goals start as four needs (weapons; food and medicine; a safe house; long-term
safety) and the game master can add more.

Every function here is pure: it takes a :class:`Character` and returns a
:class:`CrewChange` with the new character and the steps that explain it.

>>> ana = new_character("c1", "Ana", {Characteristic.DEXTERITY: 4, Characteristic.VITALITY: 3,
...     Characteristic.LOGIC: 3, Characteristic.WILLPOWER: 2, Characteristic.CHARISMA: 3,
...     Characteristic.EMPATHY: 1})
>>> change = take_stress(ana, Category.PHYSICAL, 4)
>>> change.character.track(Category.PHYSICAL).filled, change.must_choose
(4, None)
>>> [step.english() for step in change.steps]
['Ana takes 4 stress (Physical)', 'Stress track (Physical): 0 → 4 of 9 boxes']
>>> worked = convert_stress(change.character, Category.PHYSICAL, "Cracked rib")
>>> worked.character.traumas[0].severity
2
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from omen.core.dice import Dice
from omen.core.errors import RulesError, StoredDataError
from omen.core.notation import is_digits
from omen.core.roll import N_, Step
from omen.core.store import Schema
from omen.eotw.pools import (
    MAX_VALUE,
    Category,
    Characteristic,
    Contestant,
    Pool,
    PoolSettings,
    Purpose,
    Reason,
    TestResult,
    TestsForm,
    check_value,
)
from omen.eotw.pools import (
    test as pool_test,
)
from omen.eotw.settings import BUILD_POINTS

BOXES = 9
TIER = 3
MAX_TRAUMAS = 3  # per category; one more kills
BUILD_BASE = 1
MAX_STRESS = 100  # at once, and overflow kept on a track
MAX_NAME = 200
MAX_ID = 100
MAX_GOALS = 50
_POOL_DEFAULTS = PoolSettings()


def fresh_id(taken: Iterable[str]) -> str:
    """A character id not among ``taken``, always one a saved crew loads: ``c`` and one
    more than the highest number in use (read from ASCII digits only), or the lowest
    free ``c<n>`` when that would be longer than an id may be.

    >>> fresh_id(["c1", "c4"]), fresh_id(["c²", "c①"]), fresh_id(["c1", "c" + "9" * 99])
    ('c5', 'c1', 'c2')
    """
    used = set(taken)
    numbers = [int(i[1:]) for i in used if i[:1] == "c" and is_digits(i[1:])]
    candidate = f"c{max(numbers, default=0) + 1}"
    if len(candidate) <= MAX_ID:
        return candidate
    return next(f"c{n}" for n in range(1, len(used) + 2) if f"c{n}" not in used)


@dataclass(frozen=True)
class CrewSettings:
    """The campaign's crew choices: build points (checked or not, how many), test stress."""

    check_build: bool = True
    build_points: int = BUILD_POINTS
    test_stress: bool = True

    @classmethod
    def from_values(cls, values: Mapping[str, Any]) -> CrewSettings:
        """Settings from a cleaned settings mapping (missing or odd values: defaults)."""
        check = values.get("eotw.check_build", True)
        points = values.get("eotw.build_points", BUILD_POINTS)
        stress = values.get("eotw.crew_test_stress", True)
        return cls(
            check if isinstance(check, bool) else True,
            points
            if isinstance(points, int) and not isinstance(points, bool) and 0 <= points <= 24
            else BUILD_POINTS,
            stress if isinstance(stress, bool) else True,
        )


# --- stored data checks ------------------------------------------------------------


def _bad(field_name: str, expected: Step) -> StoredDataError:
    return StoredDataError(
        Step(
            N_("Stored data does not fit: {field} must be {expected}."),
            {"field": field_name, "expected": expected},
        )
    )


def _record(data: Any, where: str, allowed: set[str]) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise _bad(where, Step(N_("a record")))
    for key in data:
        if key not in allowed:
            raise StoredDataError(
                Step(
                    N_("Stored data does not fit: Omen knows no field {field}."),
                    {"field": f"{where}.{key}"},
                )
            )
    return data


def _whole(
    data: dict[str, Any], key: str, where: str, low: int, high: int, default: Any = None
) -> int:
    value = data.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise _bad(
            f"{where}.{key}",
            Step(N_("a whole number from {low} to {high}"), {"low": low, "high": high}),
        )
    return value


def _text(data: dict[str, Any], key: str, where: str, limit: int, default: Any = None) -> str:
    value = data.get(key, default)
    if not isinstance(value, str) or len(value) > limit:
        raise _bad(
            f"{where}.{key}",
            Step(N_("text of at most {limit} characters"), {"limit": limit}),
        )
    return value


def _choice(
    data: dict[str, Any], key: str, where: str, kind: type[enum.Enum], default: Any = None
) -> Any:
    value = data.get(key, default)
    values = [member.value for member in kind]
    if value not in values:
        raise _bad(
            f"{where}.{key}",
            Step(N_("one of: {choices}"), {"choices": ", ".join(str(v) for v in values)}),
        )
    return kind(value)


def _loaded(build: Any) -> Any:
    """Turn a rules error while building a stored record into a stored-data error."""
    try:
        return build()
    except StoredDataError:
        raise
    except RulesError as error:
        raise StoredDataError(error.message) from error


# --- stress tracks -----------------------------------------------------------------


@dataclass(frozen=True)
class StressTrack:
    """Filled boxes (0-9, tier 1 first) and the stress that overflowed a full track."""

    filled: int = 0
    overflow: int = 0

    def __post_init__(self) -> None:
        if isinstance(self.filled, bool) or not isinstance(self.filled, int):
            raise RulesError(Step(N_("A stress track has {boxes} boxes."), {"boxes": BOXES}))
        if not 0 <= self.filled <= BOXES:
            raise RulesError(Step(N_("A stress track has {boxes} boxes."), {"boxes": BOXES}))
        if isinstance(self.overflow, bool) or not isinstance(self.overflow, int):
            raise RulesError(Step(N_("Only a full stress track can overflow.")))
        if (
            self.overflow < 0
            or (self.overflow and self.filled < BOXES)
            or self.overflow > MAX_STRESS
        ):
            raise RulesError(Step(N_("Only a full stress track can overflow.")))

    @property
    def full(self) -> bool:
        """Whether every box is filled."""
        return self.filled == BOXES

    @property
    def tiers_filled(self) -> int:
        """Tiers with any box filled: the severity of a trauma made from this stress."""
        return -(-self.filled // TIER)

    def tiers(self) -> tuple[tuple[bool, ...], ...]:
        """The boxes as three tiers of three, filled or not, for the screen."""
        return tuple(
            tuple(tier * TIER + box < self.filled for box in range(TIER))
            for tier in range(BOXES // TIER)
        )

    def add(self, amount: int) -> StressTrack:
        """The track after ``amount`` more stress: boxes first, then overflow."""
        total = self.filled + self.overflow + amount
        return StressTrack(min(total, BOXES), min(max(total - BOXES, 0), MAX_STRESS))

    def to_json(self) -> dict[str, Any]:
        """Its stored form: plain JSON values (dicts, lists, text, numbers)."""
        out: dict[str, Any] = {"filled": self.filled}
        if self.overflow:
            out["overflow"] = self.overflow
        return out

    @classmethod
    def from_json(cls, data: Any, where: str = "track") -> StressTrack:
        """Read its stored form back; a :class:`RulesError` saying what does not fit."""
        record = _record(data, where, {"filled", "overflow"})
        filled = _whole(record, "filled", where, 0, BOXES)
        overflow = _whole(record, "overflow", where, 0, MAX_STRESS, 0)
        if overflow and filled < BOXES:
            raise StoredDataError(Step(N_("Only a full stress track can overflow.")))
        return cls(filled, overflow)


# --- traumas -----------------------------------------------------------------------


@dataclass(frozen=True)
class Trauma:
    """A lasting wound of one category, severity 1-3, with the name the game master gave it."""

    name: str
    category: Category
    severity: int

    def __post_init__(self) -> None:
        _check_name(self.name)
        if not isinstance(self.category, Category):
            raise RulesError(Step(N_("A trauma belongs to one of the three categories.")))
        if isinstance(self.severity, bool) or self.severity not in (1, 2, 3):
            raise RulesError(Step(N_("A trauma's severity is 1, 2 or 3.")))

    @property
    def title(self) -> Step:
        """The trauma's name, or a stand-in while it has none."""
        if self.name.strip():
            return Step(N_("{name}"), {"name": self.name})
        return Step(N_("unnamed trauma ({category})"), {"category": self.category.label})

    def to_json(self) -> dict[str, Any]:
        """Its stored form: plain JSON values (dicts, lists, text, numbers)."""
        return {"name": self.name, "category": self.category.value, "severity": self.severity}

    @classmethod
    def from_json(cls, data: Any, where: str = "trauma") -> Trauma:
        """Read its stored form back; a :class:`RulesError` saying what does not fit."""
        record = _record(data, where, {"name", "category", "severity"})
        name = _text(record, "name", where, MAX_NAME, "")
        category = _choice(record, "category", where, Category)
        severity = _whole(record, "severity", where, 1, 3)
        return cls(name, category, severity)


_TREATMENT = {1: N_("one day"), 2: N_("one week"), 3: N_("one month")}


def treatment_time(severity: int) -> Step:
    """How long treatment of a trauma of ``severity`` lasts before its test."""
    if severity not in _TREATMENT:
        raise RulesError(Step(N_("A trauma's severity is 1, 2 or 3.")))
    return Step(_TREATMENT[severity])


def _check_name(name: str) -> None:
    if not isinstance(name, str) or len(name) > MAX_NAME:
        raise RulesError(
            Step(N_("A name can be at most {limit} characters long."), {"limit": MAX_NAME})
        )


# --- characters --------------------------------------------------------------------


class Status(enum.Enum):
    """Whether a character is playing, out for now, out for good, or dead."""

    ACTIVE = "active"
    OUT_FOR_NOW = "out_for_now"  # clung to life; back when the game master says so
    OUT = "out"  # gone for good through a Mental or Social track (see ENDINGS)
    DEAD = "dead"

    @property
    def final(self) -> bool:
        """Whether the character is gone for good (out or dead)."""
        return self in (Status.OUT, Status.DEAD)


# How a full track ends a character for good, by letting go or by failing to cling to
# life: the same in both ways, one per category.
ENDINGS = {
    Category.PHYSICAL: Status.DEAD,
    Category.MENTAL: Status.OUT,
    Category.SOCIAL: Status.OUT,
}

_STATUS_TEXT = {
    Status.ACTIVE: N_("In play"),
    Status.OUT_FOR_NOW: N_("Out of play for now ({category})"),
    Status.DEAD: N_("Dead ({category})"),
}

# Gone for good through a Mental or Social track, worded for the category.
_GONE_TEXT = {
    Category.MENTAL: N_("Lost to madness for good ({category})"),
    Category.SOCIAL: N_("Cast out, gone from the group for good ({category})"),
}

# What letting go or failing the cling test means, said before the choice.
ENDING_HINT = {
    Category.PHYSICAL: N_("Letting go or failing the test means death."),
    Category.MENTAL: N_("Letting go or failing the test leaves them lost to madness for good."),
    Category.SOCIAL: N_(
        "Letting go or failing the test leaves them cast out, gone from the group for good."
    ),
}


@dataclass(frozen=True)
class Character:
    """One member of the crew: characteristics, a stress track per category, traumas and status."""

    id: str
    name: str
    dexterity: int = 1
    vitality: int = 1
    logic: int = 1
    willpower: int = 1
    charisma: int = 1
    empathy: int = 1
    physical_stress: StressTrack = StressTrack()
    mental_stress: StressTrack = StressTrack()
    social_stress: StressTrack = StressTrack()
    traumas: tuple[Trauma, ...] = ()
    status: Status = Status.ACTIVE
    removed_by: Category | None = None  # the category that took the character out

    def __post_init__(self) -> None:
        if not isinstance(self.id, str) or not self.id or len(self.id) > MAX_ID:
            raise RulesError(
                Step(N_("A character needs an id of 1 to {limit} characters."), {"limit": MAX_ID})
            )
        _check_name(self.name)
        for characteristic in Characteristic:
            check_value(self.value(characteristic))
        for category in Category:
            if not isinstance(self.track(category), StressTrack):
                raise RulesError(Step(N_("A stress track has {boxes} boxes."), {"boxes": BOXES}))
            if len(self.relevant_traumas(category)) > MAX_TRAUMAS:
                raise RulesError(
                    Step(
                        N_("A character holds at most {limit} traumas in one category."),
                        {"limit": MAX_TRAUMAS},
                    )
                )
        if not all(isinstance(trauma, Trauma) for trauma in self.traumas):
            raise RulesError(Step(N_("A trauma belongs to one of the three categories.")))
        if (self.status is Status.ACTIVE) != (self.removed_by is None):
            raise RulesError(
                Step(N_("Only a character out of play names the category that took them out."))
            )
        if self.status is Status.OUT and self.removed_by not in _GONE_TEXT:
            raise RulesError(Step(N_("A full Physical track ends in death, not another way.")))

    def value(self, characteristic: Characteristic) -> int:
        """The character's value for one characteristic."""
        result: int = getattr(self, characteristic.value)
        return result

    def track(self, category: Category) -> StressTrack:
        """The character's stress track for one category."""
        result: StressTrack = getattr(self, f"{category.value}_stress")
        return result

    def defensive_value(self, category: Category) -> int:
        """The value of the category's defensive characteristic."""
        return self.value(category.defensive)

    def relevant_traumas(self, category: Category | None = None) -> tuple[Trauma, ...]:
        """Traumas of ``category`` (all when None): each adds a negative die when it hinders."""
        return tuple(t for t in self.traumas if category is None or t.category is category)

    @property
    def pending(self) -> tuple[Category, ...]:
        """Full tracks still waiting for the choice: cling to life or let go."""
        if self.status.final:
            return ()
        return tuple(category for category in Category if self.track(category).full)

    @property
    def status_text(self) -> Step:
        """The status as a sentence for the screen (naming the track that ended it, if one did)."""
        if self.removed_by is None:
            return Step(_STATUS_TEXT[self.status])
        if self.status is Status.OUT:
            return Step(_GONE_TEXT[self.removed_by], {"category": self.removed_by.label})
        return Step(_STATUS_TEXT[self.status], {"category": self.removed_by.label})

    def with_track(self, category: Category, track: StressTrack) -> Character:
        """The character with one category's stress track replaced."""
        changes: dict[str, Any] = {f"{category.value}_stress": track}
        return replace(self, **changes)

    def with_value(self, characteristic: Characteristic, value: int) -> Character:
        """The character with one characteristic changed (no build check: a group vote)."""
        changes: dict[str, Any] = {characteristic.value: value}
        return replace(self, **changes)

    def to_json(self) -> dict[str, Any]:
        """Its stored form: plain JSON values (dicts, lists, text, numbers)."""
        out: dict[str, Any] = {
            "id": self.id,
            "name": self.name,
            "characteristics": {c.value: self.value(c) for c in Characteristic},
            "stress": {c.value: self.track(c).to_json() for c in Category},
            "traumas": [trauma.to_json() for trauma in self.traumas],
            "status": self.status.value,
        }
        if self.removed_by is not None:
            out["removed_by"] = self.removed_by.value
        return out

    @classmethod
    def from_json(cls, data: Any) -> Character:
        """Read its stored form back; a :class:`RulesError` saying what does not fit."""
        where = "character"
        record = _record(
            data,
            where,
            {"id", "name", "characteristics", "stress", "traumas", "status", "removed_by"},
        )
        ident = _text(record, "id", where, MAX_ID)
        if not ident:
            raise _bad(
                f"{where}.id", Step(N_("text of at most {limit} characters"), {"limit": MAX_ID})
            )
        name = _text(record, "name", where, MAX_NAME)
        values_where = f"{where}.characteristics"
        values = _record(
            record.get("characteristics"), values_where, {c.value for c in Characteristic}
        )
        numbers: dict[str, Any] = {
            c.value: _whole(values, c.value, values_where, 1, 5) for c in Characteristic
        }
        stress_where = f"{where}.stress"
        stress = _record(record.get("stress", {}), stress_where, {c.value for c in Category})
        tracks: dict[str, Any] = {
            f"{c.value}_stress": StressTrack.from_json(
                stress.get(c.value, {"filled": 0}), f"{stress_where}.{c.value}"
            )
            for c in Category
        }
        raw_traumas = record.get("traumas", [])
        if not isinstance(raw_traumas, list):
            raise _bad(f"{where}.traumas", Step(N_("a list")))
        traumas = tuple(
            Trauma.from_json(item, f"{where}.traumas[{index}]")
            for index, item in enumerate(raw_traumas)
        )
        status = _choice(record, "status", where, Status, Status.ACTIVE.value)
        removed_by = None
        if record.get("removed_by") is not None:
            removed_by = _choice(record, "removed_by", where, Category)
        return _loaded(  # type: ignore[no-any-return]
            lambda: cls(
                ident,
                name,
                **numbers,
                **tracks,
                traumas=traumas,
                status=status,
                removed_by=removed_by,
            )
        )


def build_problem(values: Mapping[Characteristic, int], points: int = BUILD_POINTS) -> Step | None:
    """What is wrong with a new character's characteristics, or None when they fit.

    Each is 1 to 5, starting at 1; exactly ``points`` points raise them above 1.
    """
    for characteristic in Characteristic:
        value = values.get(characteristic, BUILD_BASE)
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 5:
            return Step(
                N_("{characteristic} must be from 1 to 5."),
                {"characteristic": characteristic.label},
            )
    spent = points_spent(values)
    if spent != points:
        return Step(
            N_("A new character raises characteristics above 1 by {points} points, not {spent}."),
            {"points": points, "spent": spent},
        )
    return None


def points_spent(values: Mapping[Characteristic, int]) -> int:
    """How many points raise ``values`` above the starting 1 (a missing one counts as 1)."""
    return sum(values.get(c, BUILD_BASE) - BUILD_BASE for c in Characteristic)


def build_summary(
    values: Mapping[Characteristic, int], settings: CrewSettings = CrewSettings()
) -> Step:
    """The line a new character's form shows: points spent of the points the build
    allows, or that any values go when the build check is off.

    >>> build_summary({Characteristic.DEXTERITY: 3}).english()
    'Points above 1: 2 of 10'
    """
    if not settings.check_build:
        return Step(N_("Any values from 1 to 5 (the build check is off in Settings)."))
    return Step(
        N_("Points above 1: {spent} of {points}"),
        {"spent": points_spent(values), "points": settings.build_points},
    )


# --- spreads: a new character's build points in one tap -----------------------------------


_MOST_TO = {
    Characteristic.DEXTERITY: N_("Most to Dexterity"),
    Characteristic.VITALITY: N_("Most to Vitality"),
    Characteristic.LOGIC: N_("Most to Logic"),
    Characteristic.WILLPOWER: N_("Most to Willpower"),
    Characteristic.CHARISMA: N_("Most to Charisma"),
    Characteristic.EMPATHY: N_("Most to Empathy"),
}
EVENLY = "even"


@dataclass(frozen=True)
class Spread:
    """A common way to spend a new character's build points, offered in one tap.

    ``key`` is ``"even"`` or the value of the characteristic it leans on; ``values``
    holds every characteristic's value, in the order of :class:`Characteristic`.
    """

    key: str
    name: str  # a message: "Evenly", "Most to Dexterity"
    values: tuple[int, ...]

    def value(self, characteristic: Characteristic) -> int:
        """The value this spread gives ``characteristic``."""
        return self.values[list(Characteristic).index(characteristic)]

    def as_values(self) -> dict[Characteristic, int]:
        """The spread as the build rule and :func:`new_character` take it."""
        return dict(zip(Characteristic, self.values, strict=True))


def _deal(points: int, lead: Characteristic | None) -> tuple[int, ...]:
    """Values from ``points`` raises: ``lead`` (if any) raised as far as it goes, then
    one point at a time round the others, ``lead``'s partner in its category first."""
    values = dict.fromkeys(Characteristic, BUILD_BASE)
    left = points
    others = list(Characteristic)
    if lead is not None:
        raised = min(MAX_VALUE - BUILD_BASE, left)
        values[lead] += raised
        left -= raised
        partner = next(c for c in Characteristic if c.category is lead.category and c is not lead)
        others = [partner, *(c for c in Characteristic if c not in (lead, partner))]
    while left:
        for characteristic in others:
            if left and values[characteristic] < MAX_VALUE:
                values[characteristic] += 1
                left -= 1
    return tuple(values[c] for c in Characteristic)


def spreads(points: int = BUILD_POINTS) -> tuple[Spread, ...]:
    """The common spreads of ``points`` build points, each a legal new character
    (:func:`build_problem`): evenly over all six, and one leaning on each characteristic
    (it goes as high as the points and the top value allow, the rest evenly over the
    others, its partner in its category first). A spread the same as one before it is
    left out; none when the points cannot all be spent.

    >>> [(s.key, s.values) for s in spreads(10)][:3]
    [('even', (3, 3, 3, 3, 2, 2)), ('dexterity', (5, 3, 2, 2, 2, 2)), ('vitality', (3, 5, 2, 2, 2, 2))]
    >>> len(spreads(10)), [s.key for s in spreads(0)], spreads(25)
    (7, ['even'], ())
    """
    room = len(Characteristic) * (MAX_VALUE - BUILD_BASE)
    if isinstance(points, bool) or not isinstance(points, int) or not 0 <= points <= room:
        return ()
    offered: list[Spread] = []
    for lead in (None, *Characteristic):
        values = _deal(points, lead)
        if all(spread.values != values for spread in offered):
            key, name = (EVENLY, N_("Evenly")) if lead is None else (lead.value, _MOST_TO[lead])
            offered.append(Spread(key, name, values))
    return tuple(offered)


def new_character(
    ident: str,
    name: str,
    values: Mapping[Characteristic, int],
    settings: CrewSettings = CrewSettings(),
) -> Character:
    """A fresh character, its characteristics checked against the build rule."""
    if settings.check_build:
        problem = build_problem(values, settings.build_points)
        if problem is not None:
            raise RulesError(problem)
    numbers: dict[str, Any] = {c.value: values.get(c, BUILD_BASE) for c in Characteristic}
    return Character(ident, name, **numbers)


# --- what the functions below return --------------------------------------------------


@dataclass(frozen=True)
class CrewChange:
    """A character after a change, how it came about, and any choice now owed.

    ``must_choose`` names a category whose track is full: the player decides between
    :func:`cling_to_life` and :func:`let_go`.
    """

    character: Character
    steps: tuple[Step, ...]
    must_choose: Category | None = None


def _require_in_story(character: Character) -> None:
    if character.status.final:
        raise RulesError(
            Step(
                N_("{name} is out of the story: nothing more can change."), {"name": character.name}
            )
        )


# --- stress ----------------------------------------------------------------------------


def take_stress(character: Character, category: Category, amount: int) -> CrewChange:
    """Fill ``amount`` boxes of the category's track, tier 1 first; a full track overflows."""
    _require_in_story(character)
    if isinstance(amount, bool) or not isinstance(amount, int) or not 1 <= amount <= MAX_STRESS:
        raise RulesError(
            Step(N_("Stress comes in whole points from 1 to {limit}."), {"limit": MAX_STRESS})
        )
    before = character.track(category)
    after = before.add(amount)
    steps = [
        Step(
            N_("{name} takes {count} stress ({category})"),
            {"name": character.name, "count": amount, "category": category.label},
            plural=N_("{name} takes {count} stress ({category})"),
        ),
        Step(
            N_("Stress track ({category}): {before} → {after} of {boxes} boxes"),
            {
                "category": category.label,
                "before": before.filled,
                "after": after.filled,
                "boxes": BOXES,
            },
        ),
    ]
    if after.overflow > before.overflow:
        steps.append(
            Step(
                N_("{count} stress overflows the full track"),
                {"count": after.overflow},
                plural=N_("{count} stress overflows the full track"),
            )
        )
    updated = character.with_track(category, after)
    if after.full:
        steps.append(
            Step(
                N_("The track is full: {name} must cling to life or let go."),
                {"name": character.name},
            )
        )
        return CrewChange(updated, tuple(steps), category)
    return CrewChange(updated, tuple(steps))


def _check_test(character: Character, category: Category, result: TestResult) -> None:
    wanted = category.defensive
    if result.value != character.value(wanted) or result.characteristic not in (None, wanted):
        raise RulesError(
            Step(
                N_("This test must use {characteristic} ({value})."),
                {"characteristic": wanted.label, "value": character.value(wanted)},
            )
        )


def defensive_test(
    character: Character,
    category: Category,
    pool: Pool,
    dice: Dice,
    settings: PoolSettings = _POOL_DEFAULTS,
) -> TestResult:
    """Roll the test with the category's defensive characteristic (cling or treatment)."""
    characteristic = category.defensive
    return pool_test(
        pool,
        character.value(characteristic),
        dice,
        characteristic=characteristic,
        settings=settings,
    )


def cling_to_life(
    character: Character,
    category: Category,
    result: TestResult,
    settings: CrewSettings = CrewSettings(),
) -> CrewChange:
    """Settle a full track by clinging to life, given the defensive test's result."""
    _require_in_story(character)
    if category not in character.pending:
        raise RulesError(Step(N_("Only a full stress track calls for clinging to life.")))
    _check_test(character, category, result)
    if not result.success:
        gone = replace(character, status=ENDINGS[category], removed_by=category)
        return CrewChange(gone, (Step(_CLING_FAILS[category], {"name": character.name}),))
    steps = [
        Step(N_("{name} clings to life and is out of play for now."), {"name": character.name}),
    ]
    out = replace(character, status=Status.OUT_FOR_NOW, removed_by=category)
    gained = _gain_trauma(out, Trauma("", category, 3))
    steps.extend(gained.steps)
    if gained.character.status.final:
        return CrewChange(gained.character, tuple(steps))
    overflow = character.track(category).overflow
    extra = result.stress if settings.test_stress else 0
    track = StressTrack(TIER).add(overflow + extra)
    steps.append(Step(N_("Tiers 2 and 3 of the track are cleared; tier 1 stays full.")))
    if overflow:
        steps.append(
            Step(
                N_("{count} overflow stress is recorded"),
                {"count": overflow},
                plural=N_("{count} overflow stress is recorded"),
            )
        )
    if extra:
        steps.append(
            Step(
                N_("The test adds {count} stress"),
                {"count": extra},
                plural=N_("The test adds {count} stress"),
            )
        )
    steps.append(
        Step(
            N_("Stress track ({category}): {before} → {after} of {boxes} boxes"),
            {"category": category.label, "before": BOXES, "after": track.filled, "boxes": BOXES},
        )
    )
    updated = gained.character.with_track(category, track)
    if track.full:
        steps.append(
            Step(
                N_("The track is full: {name} must cling to life or let go."),
                {"name": character.name},
            )
        )
        return CrewChange(updated, tuple(steps), category)
    return CrewChange(updated, tuple(steps))


_CLING_FAILS = {
    Category.PHYSICAL: N_("{name} fails to cling to life and dies."),
    Category.MENTAL: N_("{name} fails to hold on and is lost to madness for good."),
    Category.SOCIAL: N_("{name} fails to hold on and is cast out of the group for good."),
}

_LET_GO = {
    Category.PHYSICAL: N_("{name} lets go and succumbs to their injuries."),
    Category.MENTAL: N_("{name} lets go and is lost to madness for good."),
    Category.SOCIAL: N_("{name} lets go and is cast out of the group for good."),
}


def let_go(character: Character, category: Category) -> CrewChange:
    """Settle a full track by not clinging: gone for good, as a failed cling would end."""
    _require_in_story(character)
    if category not in character.pending:
        raise RulesError(Step(N_("Only a full stress track calls for clinging to life.")))
    gone = replace(character, status=ENDINGS[category], removed_by=category)
    return CrewChange(gone, (Step(_LET_GO[category], {"name": character.name}),))


def return_to_play(character: Character) -> CrewChange:
    """Bring a character who clung to life back into play."""
    if character.status is not Status.OUT_FOR_NOW:
        raise RulesError(Step(N_("{name} is not out of play for now."), {"name": character.name}))
    if character.pending:
        raise RulesError(
            Step(
                N_("{name} still has a full stress track to settle first."),
                {"name": character.name},
            )
        )
    back = replace(character, status=Status.ACTIVE, removed_by=None)
    return CrewChange(back, (Step(N_("{name} is back in play."), {"name": character.name}),))


# --- traumas -----------------------------------------------------------------------------


def _gain_trauma(character: Character, trauma: Trauma) -> CrewChange:
    if len(character.relevant_traumas(trauma.category)) >= MAX_TRAUMAS:
        dead = replace(character, status=Status.DEAD, removed_by=trauma.category)
        return CrewChange(
            dead,
            (
                Step(
                    N_("{name} suffers a fourth trauma ({category}) and dies."),
                    {"name": character.name, "category": trauma.category.label},
                ),
            ),
        )
    updated = replace(character, traumas=(*character.traumas, trauma))
    return CrewChange(
        updated,
        (
            Step(
                N_("{name} takes a trauma of severity {severity} ({category})"),
                {
                    "name": character.name,
                    "severity": trauma.severity,
                    "category": trauma.category.label,
                },
            ),
        ),
    )


def add_trauma(character: Character, trauma: Trauma) -> CrewChange:
    """A trauma from a traumatic event; a fourth in one category kills outright."""
    _require_in_story(character)
    return _gain_trauma(character, trauma)


def convert_stress(character: Character, category: Category, name: str = "") -> CrewChange:
    """Downtime: work through a track's stress; it becomes one trauma in that category."""
    _require_in_story(character)
    _check_name(name)
    track = character.track(category)
    if category in character.pending:
        raise RulesError(Step(N_("A full stress track is settled first: cling to life or let go.")))
    if track.filled == 0:
        raise RulesError(
            Step(
                N_("There is no stress ({category}) to work through."), {"category": category.label}
            )
        )
    severity = track.tiers_filled
    steps = [
        Step(
            N_("{name} works through {count} stress ({category})"),
            {"name": character.name, "count": track.filled, "category": category.label},
            plural=N_("{name} works through {count} stress ({category})"),
        ),
        Step(N_("Tiers with any box filled: {count}"), {"count": severity}),
        Step(N_("The stress track ({category}) is cleared."), {"category": category.label}),
    ]
    cleared = character.with_track(category, StressTrack())
    gained = _gain_trauma(cleared, Trauma(name, category, severity))
    return CrewChange(gained.character, (*steps, *gained.steps))


def _trauma_at(character: Character, index: int) -> Trauma:
    if (
        isinstance(index, bool)
        or not isinstance(index, int)
        or not 0 <= index < len(character.traumas)
    ):
        raise RulesError(Step(N_("There is no trauma number {number}."), {"number": index + 1}))
    return character.traumas[index]


def rename_trauma(character: Character, index: int, name: str) -> Character:
    """Name a trauma, or change its name as healing changes its nature."""
    trauma = _trauma_at(character, index)
    traumas = list(character.traumas)
    traumas[index] = replace(trauma, name=name)
    return replace(character, traumas=tuple(traumas))


def remove_trauma(character: Character, index: int) -> Character:
    """Strike a trauma off (a correction by the game master)."""
    _trauma_at(character, index)
    return replace(character, traumas=character.traumas[:index] + character.traumas[index + 1 :])


def recover(
    character: Character,
    index: int,
    result: TestResult,
    settings: CrewSettings = CrewSettings(),
) -> CrewChange:
    """After a trauma's full treatment time: apply the defensive test's result."""
    _require_in_story(character)
    trauma = _trauma_at(character, index)
    _check_test(character, trauma.category, result)
    steps = [
        Step(
            N_("Treating {trauma} (severity {severity}) takes {time}."),
            {
                "trauma": trauma.title,
                "severity": trauma.severity,
                "time": treatment_time(trauma.severity),
            },
        )
    ]
    traumas = list(character.traumas)
    if not result.success:
        steps.append(
            Step(
                N_("The treatment does not help: {trauma} stays at severity {severity}."),
                {"trauma": trauma.title, "severity": trauma.severity},
            )
        )
    elif trauma.severity == 1:
        del traumas[index]
        steps.append(Step(N_("The treatment works: {trauma} is healed."), {"trauma": trauma.title}))
    else:
        traumas[index] = replace(trauma, severity=trauma.severity - 1)
        steps.append(
            Step(
                N_("The treatment works: {trauma} drops to severity {severity}."),
                {"trauma": trauma.title, "severity": trauma.severity - 1},
            )
        )
    updated = replace(character, traumas=tuple(traumas))
    if settings.test_stress and result.stress:
        stressed = take_stress(updated, trauma.category, result.stress)
        return CrewChange(stressed.character, (*steps, *stressed.steps), stressed.must_choose)
    return CrewChange(updated, tuple(steps))


def remove_stress(character: Character, category: Category) -> CrewChange:
    """Take one stress off the category's track, the overflow first (a game master's
    correction, not a rule of play).

    >>> ana = take_stress(Character("a", "Ana"), Category.PHYSICAL, 2).character
    >>> change = remove_stress(ana, Category.PHYSICAL)
    >>> change.character.track(Category.PHYSICAL).filled, change.steps[0].english()
    (1, 'Ana: 1 stress (Physical) removed')
    """
    _require_in_story(character)
    track = character.track(category)
    if track.filled == 0:
        raise RulesError(
            Step(N_("There is no stress ({category}) to remove."), {"category": category.label})
        )
    after = (
        StressTrack(track.filled, track.overflow - 1)
        if track.overflow
        else StressTrack(track.filled - 1)
    )
    return CrewChange(
        character.with_track(category, after),
        (
            Step(
                N_("{name}: 1 stress ({category}) removed"),
                {"name": character.name, "category": category.label},
            ),
            Step(
                N_("Stress track ({category}): {before} → {after} of {boxes} boxes"),
                {
                    "category": category.label,
                    "before": track.filled,
                    "after": after.filled,
                    "boxes": BOXES,
                },
            ),
        ),
    )


# --- tests the crew asks for ------------------------------------------------------------


def hindering(character: Character, characteristic: Characteristic) -> tuple[int, ...]:
    """The places in ``character``'s list of the traumas that hinder a test of
    ``characteristic``: those of its category, each a negative die.

    >>> ana = Character("a", "Ana", traumas=(Trauma("Rib", Category.PHYSICAL, 1),))
    >>> hindering(ana, Characteristic.VITALITY), hindering(ana, Characteristic.LOGIC)
    ((0,), ())
    """
    category = characteristic.category
    return tuple(i for i, trauma in enumerate(character.traumas) if trauma.category is category)


def rolled_pool(
    pool: Pool,
    character: Character | None,
    characteristic: Characteristic,
    unticked: Iterable[int] = (),
) -> Pool:
    """The pool as rolled: ``pool`` and a negative die for each hindering trauma of
    ``character`` that the game master did not untick.

    >>> ana = Character("a", "Ana", traumas=(Trauma("Rib", Category.PHYSICAL, 1),))
    >>> rolled_pool(Pool(), ana, Characteristic.VITALITY).negative
    1
    >>> rolled_pool(Pool(), ana, Characteristic.VITALITY, unticked=(0,)).negative
    0
    """
    if character is None:
        return pool
    left_out = set(unticked)
    ticked = [i for i in hindering(character, characteristic) if i not in left_out]
    return pool.add(Reason.TRAUMAS, len(ticked)) if ticked else pool


def untestable(character: Character) -> Step | None:
    """Why ``character`` cannot take a test now, or None when they can.

    A full track still to settle calls for clinging to life or letting go first (the
    cling test is asked for by the Crew screen, :func:`ask_test`, not rolled as a plain
    test); a character out of play for now is tested again once back in play
    (:func:`return_to_play`); one gone for good is never tested again.

    >>> untestable(Character("a", "Ana")) is None
    True
    >>> full = take_stress(Character("a", "Ana"), Category.SOCIAL, 9).character
    >>> untestable(full).english()
    'Ana cannot be tested now: the Social track is full; cling to life or let go on Crew first.'
    """
    if character.status.final:
        return Step(
            N_("{name} is out of the story: nothing more can change."), {"name": character.name}
        )
    if character.pending:
        return Step(
            N_(
                "{name} cannot be tested now: the {category} track is full; cling to life"
                " or let go on Crew first."
            ),
            {"name": character.name, "category": character.pending[0].label},
        )
    if character.status is Status.OUT_FOR_NOW:
        return Step(
            N_("{name} cannot be tested now: {status}. Bring them back into play on Crew first."),
            {"name": character.name, "status": _lower_status(character)},
        )
    return None


def _lower_status(character: Character) -> Step:
    category = character.removed_by or Category.PHYSICAL
    return Step(N_("out of play for now ({category})"), {"category": category.label})


def check_testable(crew: Crew, members: Iterable[str]) -> None:
    """Refuse a test (plain or opposed) that names a crew member who cannot be tested
    now (:func:`untestable`); ids not in the crew ("" or removed) are only names."""
    for ident in members:
        member = crew.find(ident) if ident else None
        reason = untestable(member) if member is not None else None
        if reason is not None:
            raise RulesError(reason)


def add_contestant(crew: Crew, form: TestsForm, contestant: Contestant) -> TestsForm:
    """The form with ``contestant`` added to the opposed test (a fresh pool for the next,
    :meth:`omen.eotw.pools.TestsForm.with_contestant`) and who is tested next: after a crew
    member, the next one in the crew's order who can be tested and is not a contestant yet,
    at their value of the characteristic; when every one is in, the choice stays as it was.
    A contestant who is nobody from the crew (a creature met) leaves nobody chosen.

    >>> ana, ben = Character("a", "Ana", dexterity=4), Character("b", "Ben", dexterity=2)
    >>> crew = Crew((ana, ben))
    >>> form = TestsForm(character="a", value=4)
    >>> form = add_contestant(crew, form, Contestant("Ana", form.pool, 4, member="a"))
    >>> form.character, form.value
    ('b', 2)
    >>> form = add_contestant(crew, form, Contestant("Ben", form.pool, 2, member="b"))
    >>> form.character, form.value
    ('b', 2)
    """
    chosen = form.character
    added = form.with_contestant(contestant)
    if not chosen:
        return added
    taken = {entry.member for entry in added.contestants if entry.member}
    order = [member.id for member in crew.characters]
    start = order.index(chosen) + 1 if chosen in order else 0
    for ident in order[start:] + order[:start]:
        member = crew.find(ident)
        if member is not None and ident not in taken and untestable(member) is None:
            return replace(added, character=ident, value=member.value(form.characteristic))
    return replace(added, character=chosen)


def ask_test(
    form: TestsForm, character: Character, category: Category, trauma: int | None = None
) -> TestsForm:
    """The Tests form set for ``character`` to cling to life on the full track of
    ``category`` (``trauma`` None) or for the recovery test of trauma number ``trauma``:
    the category's defensive characteristic at the character's value, a fresh pool with
    every hindering trauma ticked, and the purpose the result is applied for.

    >>> ana = Character("a", "Ana", vitality=3)
    >>> form = ask_test(TestsForm(), ana, Category.PHYSICAL)
    >>> form.characteristic.value, form.value, form.purpose.member
    ('vitality', 3, 'a')
    """
    _require_in_story(character)
    if trauma is not None:
        _trauma_at(character, trauma)
    characteristic = category.defensive
    return replace(
        form,
        character=character.id,
        characteristic=characteristic,
        value=character.value(characteristic),
        pool=Pool(),
        unticked=(),
        purpose=Purpose(character.id, category, trauma),
    )


def purpose_fits(crew: Crew, purpose: Purpose | None) -> bool:
    """Whether a test asked for still fits the crew (an Undo or another tab may have
    changed it): the character is there, and still has the full track, or the trauma.

    >>> ana = take_stress(Character("a", "Ana"), Category.PHYSICAL, 9).character
    >>> crew = Crew((ana,))
    >>> purpose_fits(crew, Purpose("a", Category.PHYSICAL)), purpose_fits(Crew(), None)
    (True, False)
    >>> purpose_fits(crew, Purpose("a", Category.PHYSICAL, 0))
    False
    """
    if purpose is None:
        return False
    character = crew.find(purpose.member)
    if character is None or character.status.final:
        return False
    if purpose.trauma is None:
        return purpose.category in character.pending
    return (
        0 <= purpose.trauma < len(character.traumas)
        and character.traumas[purpose.trauma].category is purpose.category
    )


@dataclass(frozen=True)
class Settled:
    """A test asked for, applied: the crew after it, the headline and how it went."""

    crew: Crew
    title: Step
    steps: tuple[Step, ...]


def settle(
    crew: Crew, purpose: Purpose, result: TestResult, settings: CrewSettings = CrewSettings()
) -> Settled:
    """Apply a test rolled for ``purpose`` to its character: clinging to life
    (:func:`cling_to_life`) or a recovery test (:func:`recover`).

    >>> from omen.eotw.pools import resolve
    >>> ana = take_stress(Character("a", "Ana", vitality=3), Category.PHYSICAL, 9).character
    >>> result = resolve(3, [1], [], characteristic=Characteristic.VITALITY)
    >>> settle(Crew((ana,)), Purpose("a", Category.PHYSICAL), result).title.english()
    'Ana clings to life and is out of play for now.'
    """
    if not purpose_fits(crew, purpose):
        raise RulesError(Step(N_("That test no longer fits the crew: roll it as a plain test.")))
    character = crew.find(purpose.member)
    assert character is not None  # purpose_fits found them
    if purpose.trauma is None:
        change = cling_to_life(character, purpose.category, result, settings)
        title = change.steps[0]
    else:
        change = recover(character, purpose.trauma, result, settings)
        title = change.steps[1]
    return Settled(crew.put(change.character), title, change.steps)


# --- downtime ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Conversion:
    """Downtime can turn a character's stress in one category into a trauma."""

    member: str  # the character's id
    name: str
    category: Category
    stress: int
    severity: int  # of the trauma it would give


@dataclass(frozen=True)
class Treatment:
    """Downtime can treat one of a character's traumas (then a recovery test)."""

    member: str
    name: str
    index: int  # the trauma's place in the character's list
    trauma: Trauma

    @property
    def time(self) -> Step:
        """How long treating this trauma takes."""
        return treatment_time(self.trauma.severity)

    @property
    def characteristic(self) -> Characteristic:
        """The defensive characteristic its recovery test uses."""
        return self.trauma.category.defensive


@dataclass(frozen=True)
class Downtime:
    """What a downtime scene offers the crew, character by character."""

    conversions: tuple[Conversion, ...]
    treatments: tuple[Treatment, ...]

    @property
    def empty(self) -> bool:
        """Whether there is nothing to offer."""
        return not self.conversions and not self.treatments


def downtime(crew: Crew) -> Downtime:
    """Every stress conversion and trauma treatment open to the crew now.

    A character out of the story has none; a full track is settled (cling to life or let
    go) before its stress can be worked through, as :func:`convert_stress` requires.
    The offers are carried out by :func:`convert_stress` and :func:`recover`.

    >>> ana = new_character("c1", "Ana", {Characteristic.DEXTERITY: 5, Characteristic.VITALITY: 4,
    ...     Characteristic.LOGIC: 3, Characteristic.WILLPOWER: 2})
    >>> ana = take_stress(ana, Category.MENTAL, 4).character
    >>> offer = downtime(Crew((ana,)))
    >>> [(c.category.value, c.stress, c.severity) for c in offer.conversions], offer.treatments
    ([('mental', 4, 2)], ())
    """
    conversions: list[Conversion] = []
    treatments: list[Treatment] = []
    for character in crew.characters:
        if character.status.final:
            continue
        for category in Category:
            track = character.track(category)
            if track.filled and category not in character.pending:
                conversions.append(
                    Conversion(
                        character.id, character.name, category, track.filled, track.tiers_filled
                    )
                )
        for index, trauma in enumerate(character.traumas):
            treatments.append(Treatment(character.id, character.name, index, trauma))
    return Downtime(tuple(conversions), tuple(treatments))


# --- encounters and goals ---------------------------------------------------------------


class EncounterType(enum.Enum):
    """What kind of scene the crew is in: social, exploration, survival or downtime."""

    SOCIAL = "social"
    EXPLORATION = "exploration"
    SURVIVAL = "survival"
    DOWNTIME = "downtime"

    @property
    def label(self) -> Step:
        """The scene type's name, to translate."""
        return Step(_ENCOUNTER_LABEL[self])

    @property
    def hint(self) -> Step:
        """One sentence on what the scene type is for, to translate."""
        return Step(_ENCOUNTER_HINT[self])


_ENCOUNTER_LABEL = {
    EncounterType.SOCIAL: N_("Social encounter"),
    EncounterType.EXPLORATION: N_("Exploration encounter"),
    EncounterType.SURVIVAL: N_("Survival encounter"),
    EncounterType.DOWNTIME: N_("Downtime scene"),
}

_ENCOUNTER_HINT = {
    EncounterType.SOCIAL: N_("People talk and try to get their way: social and mental tests."),
    EncounterType.EXPLORATION: N_(
        "The crew moves, scouts and searches for supplies; describe what their actions reveal."
    ),
    EncounterType.SURVIVAL: N_(
        "Time presses and lives are at risk: fights, fire, storms and other threats."
    ),
    EncounterType.DOWNTIME: N_(
        "Little happens and time passes quickly: work stress into traumas and treat traumas."
    ),
}

DEFAULT_GOALS = (
    N_("Acquire weapons"),
    N_("Gather food and medicine"),
    N_("Establish a safe house"),
    N_("Find long-term safety"),
)


@dataclass(frozen=True)
class Goal:
    """One line of the group's checklist. Built-in goals are shown translated."""

    text: str
    done: bool = False
    builtin: bool = False

    def __post_init__(self) -> None:
        if not isinstance(self.text, str) or not self.text.strip() or len(self.text) > MAX_NAME:
            raise RulesError(
                Step(N_("A goal needs words, at most {limit} characters."), {"limit": MAX_NAME})
            )
        if self.builtin and self.text not in DEFAULT_GOALS:
            raise RulesError(Step(N_("A built-in goal must be one of the four needs.")))

    @property
    def title(self) -> Step:
        """The goal as shown: a built-in goal is translated, the game master's own is not."""
        return Step(self.text) if self.builtin else Step(N_("{text}"), {"text": self.text})

    def to_json(self) -> dict[str, Any]:
        """Its stored form: plain JSON values (dicts, lists, text, numbers)."""
        out: dict[str, Any] = {"text": self.text}
        if self.done:
            out["done"] = True
        if self.builtin:
            out["builtin"] = True
        return out

    @classmethod
    def from_json(cls, data: Any, where: str = "goal") -> Goal:
        """Read its stored form back; a :class:`RulesError` saying what does not fit."""
        record = _record(data, where, {"text", "done", "builtin"})
        text = _text(record, "text", where, MAX_NAME)
        flags = {}
        for key in ("done", "builtin"):
            value = record.get(key, False)
            if not isinstance(value, bool):
                raise _bad(f"{where}.{key}", Step(N_("true or false")))
            flags[key] = value
        return _loaded(lambda: cls(text, **flags))  # type: ignore[no-any-return]


def _default_goals() -> tuple[Goal, ...]:
    return tuple(Goal(text, builtin=True) for text in DEFAULT_GOALS)


@dataclass(frozen=True)
class Agenda:
    """The scene's encounter type and the group's goals, as the game master keeps them."""

    encounter: EncounterType = EncounterType.EXPLORATION
    goals: tuple[Goal, ...] = _default_goals()

    def __post_init__(self) -> None:
        if not isinstance(self.encounter, EncounterType):
            raise RulesError(Step(N_("A scene is social, exploration, survival or downtime.")))
        if len(self.goals) > MAX_GOALS:
            raise RulesError(
                Step(N_("The list holds at most {limit} goals."), {"limit": MAX_GOALS})
            )

    def with_encounter(self, encounter: EncounterType) -> Agenda:
        """The agenda with another scene type."""
        return replace(self, encounter=encounter)

    def add_goal(self, text: str) -> Agenda:
        """The agenda with one more goal (its words trimmed)."""
        return replace(self, goals=(*self.goals, Goal(text.strip())))

    def _index(self, index: int) -> int:
        if (
            isinstance(index, bool)
            or not isinstance(index, int)
            or not 0 <= index < len(self.goals)
        ):
            raise RulesError(Step(N_("There is no goal number {number}."), {"number": index + 1}))
        return index

    def toggle(self, index: int) -> Agenda:
        """The agenda with goal ``index`` marked done, or not done again."""
        goals = list(self.goals)
        goal = goals[self._index(index)]
        goals[index] = replace(goal, done=not goal.done)
        return replace(self, goals=tuple(goals))

    def rename_goal(self, index: int, text: str) -> Agenda:
        """A renamed goal is the game master's own text from then on."""
        goals = list(self.goals)
        goal = goals[self._index(index)]
        goals[index] = Goal(text.strip(), goal.done)
        return replace(self, goals=tuple(goals))

    def remove_goal(self, index: int) -> Agenda:
        """The agenda without goal ``index``."""
        self._index(index)
        return replace(self, goals=self.goals[:index] + self.goals[index + 1 :])

    def to_json(self) -> dict[str, Any]:
        """Its stored form: plain JSON values (dicts, lists, text, numbers)."""
        return {"encounter": self.encounter.value, "goals": [goal.to_json() for goal in self.goals]}

    @classmethod
    def from_json(cls, data: Any) -> Agenda:
        """Read its stored form back; a :class:`RulesError` saying what does not fit."""
        where = "agenda"
        record = _record(data, where, {"encounter", "goals"})
        encounter = _choice(record, "encounter", where, EncounterType)
        raw = record.get("goals")
        if not isinstance(raw, list) or len(raw) > MAX_GOALS:
            raise _bad(
                f"{where}.goals", Step(N_("a list of at most {limit} goals"), {"limit": MAX_GOALS})
            )
        goals = tuple(Goal.from_json(item, f"{where}.goals[{i}]") for i, item in enumerate(raw))
        return cls(encounter, goals)


# --- the crew as stored ---------------------------------------------------------------------

MAX_CREW = 50


@dataclass(frozen=True)
class Crew:
    """Everything the Crew screen keeps: the characters, in order, and the agenda."""

    characters: tuple[Character, ...] = ()
    agenda: Agenda = Agenda()

    def __post_init__(self) -> None:
        if len(self.characters) > MAX_CREW:
            raise RulesError(
                Step(N_("A crew holds at most {limit} characters."), {"limit": MAX_CREW})
            )
        ids = [character.id for character in self.characters]
        if len(set(ids)) != len(ids):
            raise RulesError(Step(N_("Two characters of the crew share one id.")))

    def find(self, ident: str) -> Character | None:
        """The character with id ``ident``, or None."""
        return next((c for c in self.characters if c.id == ident), None)

    def next_id(self) -> str:
        """A fresh id for a new character (see :func:`fresh_id`)."""
        return fresh_id(c.id for c in self.characters)

    def put(self, character: Character) -> Crew:
        """The crew with ``character`` replacing the one of its id, or added at the end."""
        if self.find(character.id) is None:
            return replace(self, characters=(*self.characters, character))
        return replace(
            self,
            characters=tuple(character if c.id == character.id else c for c in self.characters),
        )

    def without(self, ident: str) -> Crew:
        """The crew without the character ``ident``."""
        return replace(self, characters=tuple(c for c in self.characters if c.id != ident))

    def with_agenda(self, agenda: Agenda) -> Crew:
        """The crew with another agenda."""
        return replace(self, agenda=agenda)

    def to_json(self) -> dict[str, Any]:
        """Its stored form: plain JSON values (dicts, lists, text, numbers)."""
        return {
            "characters": [character.to_json() for character in self.characters],
            "agenda": self.agenda.to_json(),
        }

    @classmethod
    def from_json(cls, data: Any) -> Crew:
        """Read its stored form back; a :class:`RulesError` saying what does not fit."""
        where = "crew"
        record = _record(data, where, {"characters", "agenda"})
        raw = record.get("characters", [])
        if not isinstance(raw, list) or len(raw) > MAX_CREW:
            raise _bad(
                f"{where}.characters",
                Step(N_("a list of at most {limit} characters"), {"limit": MAX_CREW}),
            )
        characters = tuple(Character.from_json(item) for item in raw)
        agenda = Agenda.from_json(record["agenda"]) if "agenda" in record else Agenda()
        return _loaded(lambda: cls(characters, agenda))  # type: ignore[no-any-return]


CREW = Schema("crew", 1, {}, Crew.from_json)

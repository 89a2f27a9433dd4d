"""The End of the World: dice pool tests, their exact odds, and opposed tests.

**Characteristics.** A character has six characteristics rated 1 to 5, two in each
category: Physical (Dexterity to act, Vitality to endure), Mental (Logic to act,
Willpower to endure) and Social (Charisma to act, Empathy to endure). The first of each
pair is the offensive one, the second the defensive one.

**The pool.** A test starts with one positive die. Each positive feature, piece of
equipment, helper or helpful circumstance adds a positive die; each danger or
difficulty, negative feature, relevant trauma or hindering circumstance adds a negative
die. A character may push once per test: one more positive and one more negative die.

**Rolling.** Every die is a d6. A positive and a negative die showing the same face
cancel each other, one pair at a time, and both leave the pool. Each positive die still
in the pool that shows the characteristic's value or less is a success; one success is
enough to pass. Each negative die still in the pool is one point of stress. Omen cancels
first, as the rules list it; a setting judges successes before cancelling instead.

**Opposed tests.** Everyone involved tests; the most successes wins. Equal successes go
to the higher characteristic. If that is equal too, or if nobody succeeded at all, the
contest is a draw, or (a setting) the tied contestants roll again until one wins. With
several opponents the single best result wins.

>>> from omen.core.dice import ScriptedDice
>>> pool = Pool(equipment=1, danger=1)
>>> result = test(pool, 3, ScriptedDice([2, 5, 5]))
>>> result.success, result.stress, result.cancelled
(True, 0, ((1, 0),))
>>> [step.english() for step in result.steps]  # doctest: +NORMALIZE_WHITESPACE
['Test against a characteristic of 3', 'Positive dice rolled: 2, 5',
 'Negative dice rolled: 5', '1 pair of 5s cancels out',
 '1 success (positive dice left showing 3 or less)',
 '0 stress (negative dice left)', 'The test succeeds.']
>>> odds(1, 1, 3).success
Fraction(5, 12)
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields, replace
from fractions import Fraction
from functools import lru_cache
from math import comb
from typing import Any

from omen.core.dice import Dice
from omen.core.errors import LimitError, RulesError, StoredDataError
from omen.core.roll import N_, Step
from omen.core.store import Schema
from omen.eotw.settings import TieRule

MIN_VALUE = 1
MAX_VALUE = 5
MAX_DICE = 30  # positive and negative together: enough for any table, fast to work out
MAX_ROUNDS = 50  # re-rolls of a tied opposed test before Omen calls it a draw
SIDES = 6
MAX_NAME = 200  # characters in a contestant's name
MAX_MEMBER_ID = 100  # characters in a crew member's id
MAX_CONTESTANTS = 20


# --- characteristics ----------------------------------------------------------------


class Category(enum.Enum):
    """The three kinds of stress and trauma: physical, mental, social."""

    PHYSICAL = "physical"
    MENTAL = "mental"
    SOCIAL = "social"

    @property
    def label(self) -> Step:
        """The category's name, to translate."""
        return Step(_CATEGORY_LABEL[self])

    @property
    def offensive(self) -> Characteristic:
        """The category's offensive characteristic."""
        return _PAIRS[self][0]

    @property
    def defensive(self) -> Characteristic:
        """The category's defensive characteristic."""
        return _PAIRS[self][1]


class Characteristic(enum.Enum):
    """The six characteristics, two in each category."""

    DEXTERITY = "dexterity"
    VITALITY = "vitality"
    LOGIC = "logic"
    WILLPOWER = "willpower"
    CHARISMA = "charisma"
    EMPATHY = "empathy"

    @property
    def category(self) -> Category:
        """The category this characteristic belongs to."""
        return next(cat for cat, pair in _PAIRS.items() if self in pair)

    @property
    def offensive(self) -> bool:
        """Whether this is its category's offensive characteristic."""
        return _PAIRS[self.category][0] is self

    @property
    def label(self) -> Step:
        """The characteristic's name, to translate."""
        return Step(_CHARACTERISTIC_LABEL[self])


_PAIRS = {
    Category.PHYSICAL: (Characteristic.DEXTERITY, Characteristic.VITALITY),
    Category.MENTAL: (Characteristic.LOGIC, Characteristic.WILLPOWER),
    Category.SOCIAL: (Characteristic.CHARISMA, Characteristic.EMPATHY),
}

_CATEGORY_LABEL = {
    Category.PHYSICAL: N_("Physical"),
    Category.MENTAL: N_("Mental"),
    Category.SOCIAL: N_("Social"),
}

_CHARACTERISTIC_LABEL = {
    Characteristic.DEXTERITY: N_("Dexterity"),
    Characteristic.VITALITY: N_("Vitality"),
    Characteristic.LOGIC: N_("Logic"),
    Characteristic.WILLPOWER: N_("Willpower"),
    Characteristic.CHARISMA: N_("Charisma"),
    Characteristic.EMPATHY: N_("Empathy"),
}


def check_value(value: int) -> None:
    """Refuse a characteristic value outside 1-5."""
    if isinstance(value, bool) or not isinstance(value, int) or not MIN_VALUE <= value <= MAX_VALUE:
        raise RulesError(
            Step(
                N_("A characteristic is rated from {low} to {high}."),
                {"low": MIN_VALUE, "high": MAX_VALUE},
            )
        )


@dataclass(frozen=True)
class PoolSettings:
    """The End of the World's rules choices, read from the campaign's settings."""

    cancel_first: bool = True
    tie: TieRule = TieRule.DRAW

    @classmethod
    def from_values(cls, values: Mapping[str, Any]) -> PoolSettings:
        """Settings from a cleaned settings mapping (unknown or missing keys: defaults)."""
        cancel_first = values.get("eotw.cancel_first", True)
        tie = values.get("eotw.opposed_tie", TieRule.DRAW.value)
        return cls(
            cancel_first if isinstance(cancel_first, bool) else True,
            TieRule(tie) if tie in {rule.value for rule in TieRule} else TieRule.DRAW,
        )


# --- the pool ----------------------------------------------------------------------


class Reason(enum.Enum):
    """Why a die is in the pool. The value names the :class:`Pool` field that counts it."""

    POSITIVE_FEATURES = "positive_features"
    EQUIPMENT = "equipment"
    ASSISTANCE = "assistance"
    BENEFITS = "benefits"
    DANGER = "danger"
    NEGATIVE_FEATURES = "negative_features"
    TRAUMAS = "traumas"
    HINDRANCES = "hindrances"

    @property
    def positive(self) -> bool:
        """Whether dice for this reason are positive dice."""
        return self in POSITIVE_REASONS

    @property
    def label(self) -> Step:
        """The reason's name, to translate."""
        return Step(_REASON_LABEL[self])


POSITIVE_REASONS = (
    Reason.POSITIVE_FEATURES,
    Reason.EQUIPMENT,
    Reason.ASSISTANCE,
    Reason.BENEFITS,
)
NEGATIVE_REASONS = (
    Reason.DANGER,
    Reason.NEGATIVE_FEATURES,
    Reason.TRAUMAS,
    Reason.HINDRANCES,
)

_REASON_LABEL = {
    Reason.POSITIVE_FEATURES: N_("Positive feature"),
    Reason.EQUIPMENT: N_("Equipment"),
    Reason.ASSISTANCE: N_("Assistance"),
    Reason.BENEFITS: N_("Situational benefit"),
    Reason.DANGER: N_("Danger or difficulty"),
    Reason.NEGATIVE_FEATURES: N_("Negative feature"),
    Reason.TRAUMAS: N_("Relevant trauma"),
    Reason.HINDRANCES: N_("Situational hindrance"),
}

PUSH_LABEL = N_("Push yourself")


@dataclass(frozen=True)
class Pool:
    """How many dice each reason adds, and whether the character pushes.

    The starting positive die is implied: ``Pool()`` is one positive die.
    """

    positive_features: int = 0
    equipment: int = 0
    assistance: int = 0
    benefits: int = 0
    danger: int = 0
    negative_features: int = 0
    traumas: int = 0
    hindrances: int = 0
    pushed: bool = False

    def __post_init__(self) -> None:
        for reason in Reason:
            count = getattr(self, reason.value)
            if isinstance(count, bool) or not isinstance(count, int) or count < 0:
                raise RulesError(
                    Step(
                        N_("A pool cannot hold fewer than zero dice for {reason}."),
                        {"reason": reason.label},
                    )
                )
        if not isinstance(self.pushed, bool):
            raise RulesError(Step(N_("A test is either pushed or not.")))
        if self.positive + self.negative > MAX_DICE:
            raise LimitError(
                Step(N_("A pool can hold at most {limit} dice in all."), {"limit": MAX_DICE})
            )

    @property
    def positive(self) -> int:
        """Positive dice: the starting die, one per positive reason, one for pushing."""
        return 1 + sum(self.count(r) for r in POSITIVE_REASONS) + int(self.pushed)

    @property
    def negative(self) -> int:
        """Negative dice: one per negative reason, one for pushing."""
        return sum(self.count(r) for r in NEGATIVE_REASONS) + int(self.pushed)

    def count(self, reason: Reason) -> int:
        """How many dice ``reason`` adds."""
        value: int = getattr(self, reason.value)
        return value

    def with_count(self, reason: Reason, count: int) -> Pool:
        """The pool with ``count`` dice for ``reason`` (the screen's - and + buttons)."""
        changes: dict[str, Any] = {reason.value: count}
        return replace(self, **changes)

    def add(self, reason: Reason, delta: int = 1) -> Pool:
        """The pool with ``delta`` more dice for ``reason``."""
        return self.with_count(reason, self.count(reason) + delta)

    def push(self) -> Pool:
        """Push: one more positive and one more negative die, once per test."""
        if self.pushed:
            raise RulesError(Step(N_("A character can push only once per test.")))
        return replace(self, pushed=True)

    def unpush(self) -> Pool:
        """The same pool, not pushed."""
        return replace(self, pushed=False)

    def to_json(self) -> dict[str, Any]:
        """Its stored form: plain JSON values (dicts, lists, text, numbers)."""
        out: dict[str, Any] = {r.value: self.count(r) for r in Reason if self.count(r)}
        if self.pushed:
            out["pushed"] = True
        return out

    @classmethod
    def from_json(cls, data: Any) -> Pool:
        """Read its stored form back; a :class:`RulesError` saying what does not fit."""
        if not isinstance(data, dict):
            raise _bad("pool", Step(N_("a record")))
        known = {f.name for f in fields(cls)}
        for key in data:
            if key not in known:
                raise _unknown(f"pool.{key}")
        for reason in Reason:
            value = data.get(reason.value, 0)
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise _bad(f"pool.{reason.value}", Step(N_("a whole number, zero or more")))
        pushed = data.get("pushed", False)
        if not isinstance(pushed, bool):
            raise _bad("pool.pushed", Step(N_("true or false")))
        try:
            return cls(**{r.value: data.get(r.value, 0) for r in Reason}, pushed=pushed)
        except RulesError as error:
            raise StoredDataError(error.message) from error


def _unknown(field_name: str) -> StoredDataError:
    return StoredDataError(
        Step(N_("Stored data does not fit: Omen knows no field {field}."), {"field": field_name})
    )


def _bad(field_name: str, expected: Step) -> StoredDataError:
    """A stored record that does not fit: name the field and say what it must be."""
    return StoredDataError(
        Step(
            N_("Stored data does not fit: {field} must be {expected}."),
            {"field": field_name, "expected": expected},
        )
    )


# --- one test ----------------------------------------------------------------------


@dataclass(frozen=True)
class TestResult:
    """Every die of a test and what became of it.

    ``cancelled`` pairs a positive die's index with the negative die's index it
    cancelled; ``successes`` lists the indices of positive dice that count as successes;
    ``stress_dice`` the indices of negative dice left in the pool.
    """

    __test__ = False  # not a pytest test class, despite the name

    value: int
    positive: tuple[int, ...]
    negative: tuple[int, ...]
    cancelled: tuple[tuple[int, int], ...]
    successes: tuple[int, ...]
    stress_dice: tuple[int, ...]
    steps: tuple[Step, ...]
    characteristic: Characteristic | None = None
    cancel_first: bool = True

    @property
    def success(self) -> bool:
        """Whether at least one success came up."""
        return bool(self.successes)

    @property
    def success_count(self) -> int:
        """How many successes came up."""
        return len(self.successes)

    @property
    def stress(self) -> int:
        """The stress taken: one per negative die left in the pool."""
        return len(self.stress_dice)

    def to_json(self) -> dict[str, Any]:
        """Its stored form: plain JSON values (dicts, lists, text, numbers)."""
        out: dict[str, Any] = {
            "value": self.value,
            "positive": list(self.positive),
            "negative": list(self.negative),
        }
        if self.characteristic is not None:
            out["characteristic"] = self.characteristic.value
        if not self.cancel_first:
            out["cancel_first"] = False
        return out

    @classmethod
    def from_json(cls, data: Any) -> TestResult:
        """Rebuild a test from its dice (the record is worked out again, steps too)."""
        if not isinstance(data, dict):
            raise _bad("test", Step(N_("a record")))
        value = data.get("value")
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 5:
            raise _bad("test.value", Step(N_("a whole number from 1 to 5")))
        faces: dict[str, list[int]] = {}
        for side in ("positive", "negative"):
            raw = data.get(side)
            if not isinstance(raw, list) or not all(
                isinstance(f, int) and not isinstance(f, bool) and 1 <= f <= SIDES for f in raw
            ):
                raise _bad(f"test.{side}", Step(N_("a list of die faces from 1 to 6")))
            faces[side] = raw
        if not faces["positive"]:
            raise _bad("test.positive", Step(N_("a list of die faces from 1 to 6")))
        raw_char = data.get("characteristic")
        characteristic = None
        if raw_char is not None:
            if raw_char not in {c.value for c in Characteristic}:
                raise _bad("test.characteristic", Step(N_("one of the six characteristics")))
            characteristic = Characteristic(raw_char)
        cancel_first = data.get("cancel_first", True)
        if not isinstance(cancel_first, bool):
            raise _bad("test.cancel_first", Step(N_("true or false")))
        try:
            return resolve(
                value,
                faces["positive"],
                faces["negative"],
                characteristic=characteristic,
                settings=PoolSettings(cancel_first=cancel_first),
            )
        except RulesError as error:
            raise StoredDataError(error.message) from error


def _face_list(faces: Sequence[int]) -> str:
    return ", ".join(str(face) for face in faces)


def resolve(  # noqa: C901 (the rule text's cases (successes, pushing, ties), in its order)
    value: int,
    positive: Sequence[int],
    negative: Sequence[int],
    *,
    characteristic: Characteristic | None = None,
    settings: PoolSettings = PoolSettings(),
) -> TestResult:
    """Work out a test from faces already rolled (or typed in from physical dice)."""
    check_value(value)
    if not positive:
        raise RulesError(Step(N_("A test always has at least one positive die.")))
    if len(positive) + len(negative) > MAX_DICE:
        raise LimitError(
            Step(N_("A pool can hold at most {limit} dice in all."), {"limit": MAX_DICE})
        )
    for face in (*positive, *negative):
        if isinstance(face, bool) or not isinstance(face, int) or not 1 <= face <= SIDES:
            raise RulesError(Step(N_("A die of this game shows 1 to 6.")))
    steps: list[Step] = []
    if characteristic is None:
        steps.append(Step(N_("Test against a characteristic of {value}"), {"value": value}))
    else:
        steps.append(
            Step(
                N_("Test of {characteristic} {value}"),
                {"characteristic": characteristic.label, "value": value},
            )
        )
    steps.append(Step(N_("Positive dice rolled: {faces}"), {"faces": _face_list(positive)}))
    if negative:
        steps.append(Step(N_("Negative dice rolled: {faces}"), {"faces": _face_list(negative)}))
    else:
        steps.append(Step(N_("No negative dice.")))

    # Pair dice of equal faces, in the order they were rolled.
    cancelled: list[tuple[int, int]] = []
    used_negative: set[int] = set()
    for p_index, face in enumerate(positive):
        for n_index, other in enumerate(negative):
            if other == face and n_index not in used_negative:
                used_negative.add(n_index)
                cancelled.append((p_index, n_index))
                break
    used_positive = {p for p, _ in cancelled}
    pairs_by_face: dict[int, int] = {}
    for p_index, _ in cancelled:
        pairs_by_face[positive[p_index]] = pairs_by_face.get(positive[p_index], 0) + 1
    for face in sorted(pairs_by_face):
        count = pairs_by_face[face]
        steps.append(
            Step(
                N_("{count} pair of {face}s cancels out"),
                {"count": count, "face": face},
                plural=N_("{count} pairs of {face}s cancel out"),
            )
        )
    if not cancelled and negative:
        steps.append(Step(N_("No positive die matches a negative die, so nothing cancels.")))

    if settings.cancel_first:
        successes = tuple(
            i for i, face in enumerate(positive) if face <= value and i not in used_positive
        )
        steps.append(
            Step(
                N_("{count} success (positive dice left showing {value} or less)"),
                {"count": len(successes), "value": value},
                plural=N_("{count} successes (positive dice left showing {value} or less)"),
            )
        )
    else:
        successes = tuple(i for i, face in enumerate(positive) if face <= value)
        steps.append(
            Step(
                N_("{count} success (positive dice showing {value} or less, before cancelling)"),
                {"count": len(successes), "value": value},
                plural=N_(
                    "{count} successes (positive dice showing {value} or less, before cancelling)"
                ),
            )
        )
    stress_dice = tuple(i for i in range(len(negative)) if i not in used_negative)
    steps.append(
        Step(
            N_("{count} stress (negative dice left)"),
            {"count": len(stress_dice)},
            plural=N_("{count} stress (negative dice left)"),
        )
    )
    steps.append(Step(N_("The test succeeds.") if successes else N_("The test fails.")))
    return TestResult(
        value,
        tuple(positive),
        tuple(negative),
        tuple(cancelled),
        successes,
        stress_dice,
        tuple(steps),
        characteristic,
        settings.cancel_first,
    )


def test(
    pool: Pool,
    value: int,
    dice: Dice,
    *,
    characteristic: Characteristic | None = None,
    settings: PoolSettings = PoolSettings(),
) -> TestResult:
    """Roll the pool against a characteristic of ``value``.

    The positive dice are rolled first, then the negative ones, so typed-in faces are
    entered in that order.
    """
    check_value(value)
    positive = [dice.roll(SIDES) for _ in range(pool.positive)]
    negative = [dice.roll(SIDES) for _ in range(pool.negative)]
    return resolve(value, positive, negative, characteristic=characteristic, settings=settings)


test.__test__ = False  # type: ignore[attr-defined]  # a rules test, not a pytest test


# --- exact odds --------------------------------------------------------------------


@lru_cache(maxsize=8192)
def _pairings(faces: int, positive: int, negative: int) -> tuple[int, ...]:
    """Ways to roll ``positive`` and ``negative`` distinguishable dice onto ``faces``
    faces, by the number of cancelling pairs: entry ``x`` counts outcomes with ``x`` pairs.

    The first face takes ``a`` positive and ``b`` negative dice (chosen in
    C(positive, a) * C(negative, b) ways) and contributes min(a, b) pairs; the other
    faces share the rest. The entries add up to faces ** (positive + negative).
    """
    if faces == 0:
        return (1,) if positive == 0 and negative == 0 else ()
    if faces == 1:
        return tuple(int(x == min(positive, negative)) for x in range(min(positive, negative) + 1))
    out = [0] * (min(positive, negative) + 1)
    for a in range(positive + 1):
        ways_a = comb(positive, a)
        for b in range(negative + 1):
            ways = ways_a * comb(negative, b)
            pairs = min(a, b)
            for x, count in enumerate(_pairings(faces - 1, positive - a, negative - b)):
                if count:
                    out[x + pairs] += ways * count
    return tuple(out)


def outcome_counts(
    positive: int, negative: int, value: int, cancel_first: bool = True
) -> dict[tuple[int, int], int]:
    """How many of the 6 ** (positive + negative) rolls give each (successes, stress)."""
    _check_counts(positive, negative)
    check_value(value)
    return dict(_outcome_counts(positive, negative, value, cancel_first))


@lru_cache(maxsize=1024)
def _outcome_counts(
    positive: int, negative: int, value: int, cancel_first: bool
) -> dict[tuple[int, int], int]:
    """Outcome counts, worked out once per pool (the cached copy is never handed out).

    Faces 1..value ("low", where positive dice succeed) and value+1..6 ("high") are
    worked out apart: ``k`` positive and ``m`` negative dice land low. Cancelling removes
    as many positive as negative dice, so with ``x`` pairs among the low faces and ``y``
    among the high ones there are k - x successes (k when successes are counted first)
    and negative - x - y stress.
    """
    out: dict[tuple[int, int], int] = {}
    for low_pos in range(positive + 1):
        for low_neg in range(negative + 1):
            ways = comb(positive, low_pos) * comb(negative, low_neg)
            low = _pairings(value, low_pos, low_neg)
            high = _pairings(SIDES - value, positive - low_pos, negative - low_neg)
            for x, low_count in enumerate(low):
                if not low_count:
                    continue
                successes = low_pos - x if cancel_first else low_pos
                for y, high_count in enumerate(high):
                    if high_count:
                        key = (successes, negative - x - y)
                        out[key] = out.get(key, 0) + ways * low_count * high_count
    return out


def _check_counts(positive: int, negative: int) -> None:
    if positive < 1:
        raise RulesError(Step(N_("A test always has at least one positive die.")))
    if negative < 0:
        raise RulesError(Step(N_("A pool cannot hold fewer than zero negative dice.")))
    if positive + negative > MAX_DICE:
        raise LimitError(
            Step(N_("A pool can hold at most {limit} dice in all."), {"limit": MAX_DICE})
        )


@dataclass(frozen=True)
class TestOdds:
    """Exact odds of one test, before it is rolled."""

    __test__ = False

    positive: int
    negative: int
    value: int
    success: Fraction  # at least one success
    expected_successes: Fraction
    expected_stress: Fraction
    successes: tuple[Fraction, ...]  # successes[k]: chance of exactly k successes
    stress: tuple[Fraction, ...]  # stress[k]: chance of exactly k stress
    success_without_stress: Fraction


def odds(positive: int, negative: int, value: int, cancel_first: bool = True) -> TestOdds:
    """Exact odds for ``positive`` and ``negative`` dice against a characteristic of ``value``."""
    counts = outcome_counts(positive, negative, value, cancel_first)
    total = SIDES ** (positive + negative)
    successes = [0] * (positive + 1)
    stress = [0] * (negative + 1)
    clean = 0
    for (s, t), count in counts.items():
        successes[s] += count
        stress[t] += count
        if s and not t:
            clean += count
    return TestOdds(
        positive,
        negative,
        value,
        Fraction(total - successes[0], total),
        Fraction(sum(k * c for k, c in enumerate(successes)), total),
        Fraction(sum(k * c for k, c in enumerate(stress)), total),
        tuple(Fraction(c, total) for c in successes),
        tuple(Fraction(c, total) for c in stress),
        Fraction(clean, total),
    )


def pool_odds(pool: Pool, value: int, settings: PoolSettings = PoolSettings()) -> TestOdds:
    """The exact odds of a test with this pool against ``value``."""
    return odds(pool.positive, pool.negative, value, settings.cancel_first)


@dataclass(frozen=True)
class PushComparison:
    """The same test without and with pushing, for the screen to show side by side."""

    without_push: TestOdds
    with_push: TestOdds


def push_comparison(
    pool: Pool, value: int, settings: PoolSettings = PoolSettings()
) -> PushComparison:
    """Odds of ``pool`` unpushed and pushed, whichever way it is set now.

    Pushing needs room for two more dice; a pool at the limit raises :class:`LimitError`.
    """
    plain = pool.unpush()
    return PushComparison(
        pool_odds(plain, value, settings), pool_odds(plain.push(), value, settings)
    )


# --- opposed tests -------------------------------------------------------------------


@dataclass(frozen=True)
class Contestant:
    """One side of an opposed test: who, with which pool, against which value."""

    name: str
    pool: Pool
    value: int
    characteristic: Characteristic | None = None
    member: str = ""  # the crew member's id, when the contestant is one of the crew

    def __post_init__(self) -> None:
        check_value(self.value)
        if not isinstance(self.name, str) or len(self.name) > MAX_NAME:
            raise RulesError(
                Step(N_("A name can be at most {limit} characters long."), {"limit": MAX_NAME})
            )
        if not isinstance(self.member, str) or len(self.member) > MAX_MEMBER_ID:
            raise RulesError(Step(N_("A contestant's crew link is not a character's id.")))

    def to_json(self) -> dict[str, Any]:
        """Its stored form: plain JSON values (dicts, lists, text, numbers)."""
        out: dict[str, Any] = {"name": self.name, "pool": self.pool.to_json(), "value": self.value}
        if self.characteristic is not None:
            out["characteristic"] = self.characteristic.value
        if self.member:
            out["member"] = self.member
        return out

    @classmethod
    def from_json(cls, data: Any, where: str = "contestant") -> Contestant:
        """Read its stored form back; a :class:`RulesError` saying what does not fit."""
        if not isinstance(data, dict):
            raise _bad(where, Step(N_("a record")))
        for key in data:
            if key not in {"name", "pool", "value", "characteristic", "member"}:
                raise _unknown(f"{where}.{key}")
        name = data.get("name")
        if not isinstance(name, str) or len(name) > MAX_NAME:
            raise _bad(
                f"{where}.name", Step(N_("text of at most {limit} characters"), {"limit": MAX_NAME})
            )
        value = data.get("value")
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 5:
            raise _bad(f"{where}.value", Step(N_("a whole number from 1 to 5")))
        characteristic = _stored_characteristic(data.get("characteristic"), where, optional=True)
        member = data.get("member", "")
        if not isinstance(member, str) or len(member) > MAX_MEMBER_ID:
            raise _bad(
                f"{where}.member",
                Step(N_("text of at most {limit} characters"), {"limit": MAX_MEMBER_ID}),
            )
        return cls(name, Pool.from_json(data.get("pool", {})), value, characteristic, member)


@dataclass(frozen=True)
class Judgement:
    """The verdict on one round: a winner, or the contestants still tied."""

    winner: int | None  # index among the contestants
    tied: tuple[int, ...]  # who is tied when there is no winner
    steps: tuple[Step, ...]


def judge(
    contestants: Sequence[Contestant],
    results: Sequence[TestResult],
    taking_part: Sequence[int] | None = None,
    tie: TieRule = TieRule.DRAW,
) -> Judgement:
    """Compare one round's results: most successes, then higher characteristic.

    ``taking_part`` lists the contestant indices the results belong to (default: all).
    """
    indices = list(range(len(contestants))) if taking_part is None else list(taking_part)
    if len(indices) != len(results) or len(indices) < 2:
        raise RulesError(
            Step(N_("An opposed test needs a result from each of two or more contestants."))
        )
    steps = [
        Step(
            N_("{name}: {count} success"),
            {"name": contestants[i].name, "count": result.success_count},
            plural=N_("{name}: {count} successes"),
        )
        for i, result in zip(indices, results, strict=True)
    ]
    tie_outcome = (
        Step(N_("The contest is a draw.")) if tie is TieRule.DRAW else Step(N_("They roll again."))
    )
    best = max(result.success_count for result in results)
    if best == 0:
        steps.append(Step(N_("Nobody succeeded. {outcome}"), {"outcome": tie_outcome}))
        return Judgement(None, tuple(indices), tuple(steps))
    leaders = [i for i, r in zip(indices, results, strict=True) if r.success_count == best]
    if len(leaders) == 1:
        steps.append(
            Step(N_("{name} wins with the most successes."), {"name": contestants[leaders[0]].name})
        )
        return Judgement(leaders[0], (), tuple(steps))
    top_value = max(contestants[i].value for i in leaders)
    strongest = [i for i in leaders if contestants[i].value == top_value]
    if len(strongest) == 1:
        steps.append(
            Step(
                N_("Tied on successes: {name} wins with the higher characteristic ({value})."),
                {"name": contestants[strongest[0]].name, "value": top_value},
            )
        )
        return Judgement(strongest[0], (), tuple(steps))
    steps.append(
        Step(
            N_("{names} are tied on successes and characteristic. {outcome}"),
            {"names": ", ".join(contestants[i].name for i in strongest), "outcome": tie_outcome},
        )
    )
    return Judgement(None, tuple(strongest), tuple(steps))


@dataclass(frozen=True)
class OpposedRound:
    """One round of an opposed test: who took part and how each test went."""

    taking_part: tuple[int, ...]
    results: tuple[TestResult, ...]


@dataclass(frozen=True)
class OpposedResult:
    """An opposed test: the contestants, every round, the winner (None for a draw) and the steps."""

    contestants: tuple[Contestant, ...]
    rounds: tuple[OpposedRound, ...]
    winner: int | None  # None: a draw
    steps: tuple[Step, ...]

    @property
    def draw(self) -> bool:
        """Whether no one won."""
        return self.winner is None

    def stress(self, index: int) -> int:
        """Stress the contestant took over every roll (each roll is a test of its own)."""
        return sum(
            result.stress
            for round_ in self.rounds
            for i, result in zip(round_.taking_part, round_.results, strict=True)
            if i == index
        )


def opposed_test(
    contestants: Sequence[Contestant],
    dice: Dice,
    settings: PoolSettings = PoolSettings(),
) -> OpposedResult:
    """Everyone tests; the best result wins (see :func:`judge`).

    With the re-roll setting, the tied contestants (everyone, when nobody succeeded) roll
    again, in the order given, until one wins; after ``MAX_ROUNDS`` rolls it is a draw.
    """
    if len(contestants) < 2:
        raise RulesError(
            Step(N_("An opposed test needs a result from each of two or more contestants."))
        )
    taking_part = tuple(range(len(contestants)))
    rounds: list[OpposedRound] = []
    steps: list[Step] = []
    while True:
        if rounds:
            steps.append(Step(N_("Roll {round}"), {"round": len(rounds) + 1}))
        results = tuple(
            test(
                contestants[i].pool,
                contestants[i].value,
                dice,
                characteristic=contestants[i].characteristic,
                settings=settings,
            )
            for i in taking_part
        )
        rounds.append(OpposedRound(taking_part, results))
        verdict = judge(contestants, results, taking_part, settings.tie)
        steps.extend(verdict.steps)
        if verdict.winner is not None or settings.tie is TieRule.DRAW:
            return OpposedResult(tuple(contestants), tuple(rounds), verdict.winner, tuple(steps))
        if len(rounds) >= MAX_ROUNDS:
            steps.append(
                Step(
                    N_("No winner after {count} rolls: the contest is a draw."),
                    {"count": MAX_ROUNDS},
                )
            )
            return OpposedResult(tuple(contestants), tuple(rounds), None, tuple(steps))
        taking_part = verdict.tied


# --- the Tests screen's form, as stored ------------------------------------------------


def _stored_characteristic(raw: Any, where: str, optional: bool = False) -> Characteristic | None:
    if raw is None and optional:
        return None
    if raw not in {c.value for c in Characteristic}:
        raise _bad(f"{where}.characteristic", Step(N_("one of the six characteristics")))
    return Characteristic(raw)


@dataclass(frozen=True)
class Purpose:
    """A test asked for by the Crew screen or a downtime scene: clinging to life
    (``trauma`` None) or the recovery test of trauma number ``trauma`` (0-based) of the
    crew member ``member``; its result is applied to that character."""

    member: str
    category: Category
    trauma: int | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.member, str) or not 0 < len(self.member) <= MAX_MEMBER_ID:
            raise RulesError(Step(N_("A contestant's crew link is not a character's id.")))
        if not isinstance(self.category, Category):
            raise RulesError(Step(N_("A test asked for is physical, mental or social.")))
        trauma = self.trauma
        if trauma is not None and (isinstance(trauma, bool) or not 0 <= trauma < 100):
            raise RulesError(Step(N_("A test asked for names a trauma by its place, 0 to 99.")))

    def to_json(self) -> dict[str, Any]:
        """Its stored form."""
        out: dict[str, Any] = {"member": self.member, "category": self.category.value}
        if self.trauma is not None:
            out["trauma"] = self.trauma
        return out

    @classmethod
    def from_json(cls, data: Any, where: str = "tests.purpose") -> Purpose:
        """Read its stored form back; ``where`` names it in a message."""
        if not isinstance(data, dict):
            raise _bad(where, Step(N_("a record")))
        for key in data:
            if key not in ("member", "category", "trauma"):
                raise _unknown(f"{where}.{key}")
        member = data.get("member")
        if not isinstance(member, str) or not 0 < len(member) <= MAX_MEMBER_ID:
            raise _bad(
                f"{where}.member",
                Step(N_("text of at most {limit} characters"), {"limit": MAX_MEMBER_ID}),
            )
        if data.get("category") not in {c.value for c in Category}:
            raise _bad(f"{where}.category", Step(N_("physical, mental or social")))
        trauma = data.get("trauma")
        if trauma is not None and (
            isinstance(trauma, bool) or not isinstance(trauma, int) or not 0 <= trauma < 100
        ):
            raise _bad(f"{where}.trauma", Step(N_("a trauma's place in the list, 0 to 99")))
        return cls(member, Category(data["category"]), trauma)


@dataclass(frozen=True)
class TestsForm:
    """What the Tests screen keeps between visits: the pool being built and the contestants.

    ``character`` is the crew member's id ("" for nobody); ``unticked`` lists the indices
    of that character's traumas the game master left out of the pool.
    """

    __test__ = False

    character: str = ""
    characteristic: Characteristic = Characteristic.DEXTERITY
    value: int = 3
    pool: Pool = Pool()
    unticked: tuple[int, ...] = ()
    contestants: tuple[Contestant, ...] = ()
    purpose: Purpose | None = None  # a test asked for by the Crew screen or downtime

    def __post_init__(self) -> None:
        check_value(self.value)
        if not isinstance(self.characteristic, Characteristic):
            raise RulesError(Step(N_("A test uses one of the six characteristics.")))
        if not isinstance(self.character, str) or len(self.character) > MAX_MEMBER_ID:
            raise RulesError(Step(N_("A contestant's crew link is not a character's id.")))
        if len(self.contestants) > MAX_CONTESTANTS:
            raise LimitError(
                Step(
                    N_("An opposed test has at most {limit} contestants."),
                    {"limit": MAX_CONTESTANTS},
                )
            )

    def with_contestant(self, contestant: Contestant) -> TestsForm:
        """The form with ``contestant`` added to the opposed test, and the pool started
        afresh for the next one: no dice of one contestant (a bonus die, a push, a crew
        member's traumas) carry into the next contestant's pool. The characteristic and
        its value stay, as an opposed test often sets the same one against itself.

        >>> form = TestsForm(pool=Pool().add(Reason.EQUIPMENT, 1))
        >>> after = form.with_contestant(Contestant("Ana", form.pool, 3))
        >>> after.contestants[0].pool.positive, after.pool.positive
        (2, 1)
        """
        return replace(
            self,
            contestants=(*self.contestants, contestant),
            pool=Pool(),
            character="",
            unticked=(),
        )

    def to_json(self) -> dict[str, Any]:
        """Its stored form: plain JSON values (dicts, lists, text, numbers)."""
        out: dict[str, Any] = {
            "characteristic": self.characteristic.value,
            "value": self.value,
            "pool": self.pool.to_json(),
        }
        if self.character:
            out["character"] = self.character
        if self.unticked:
            out["unticked"] = sorted(self.unticked)
        if self.contestants:
            out["contestants"] = [contestant.to_json() for contestant in self.contestants]
        if self.purpose is not None:
            out["purpose"] = self.purpose.to_json()
        return out

    @classmethod
    def from_json(cls, data: Any) -> TestsForm:
        """Read its stored form back; a :class:`RulesError` saying what does not fit."""
        where = "tests"
        if not isinstance(data, dict):
            raise _bad(where, Step(N_("a record")))
        known = {"character", "characteristic", "value", "pool", "unticked", "contestants"}
        known.add("purpose")
        for key in data:
            if key not in known:
                raise _unknown(f"{where}.{key}")
        character = data.get("character", "")
        if not isinstance(character, str) or len(character) > MAX_MEMBER_ID:
            raise _bad(
                f"{where}.character",
                Step(N_("text of at most {limit} characters"), {"limit": MAX_MEMBER_ID}),
            )
        characteristic = _stored_characteristic(
            data.get("characteristic", Characteristic.DEXTERITY.value), where
        )
        value = data.get("value", 3)
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 5:
            raise _bad(f"{where}.value", Step(N_("a whole number from 1 to 5")))
        unticked = data.get("unticked", [])
        if not isinstance(unticked, list) or not all(
            isinstance(i, int) and not isinstance(i, bool) and 0 <= i < 100 for i in unticked
        ):
            raise _bad(f"{where}.unticked", Step(N_("a list of trauma numbers")))
        raw = data.get("contestants", [])
        if not isinstance(raw, list) or len(raw) > MAX_CONTESTANTS:
            raise _bad(
                f"{where}.contestants",
                Step(
                    N_("a list of at most {limit} contestants"),
                    {"limit": MAX_CONTESTANTS},
                ),
            )
        contestants = tuple(
            Contestant.from_json(item, f"{where}.contestants[{i}]") for i, item in enumerate(raw)
        )
        raw_purpose = data.get("purpose")
        purpose = None if raw_purpose is None else Purpose.from_json(raw_purpose)
        try:
            return cls(
                character,
                characteristic or Characteristic.DEXTERITY,
                value,
                Pool.from_json(data.get("pool", {})),
                tuple(sorted(set(unticked))),
                contestants,
                purpose,
            )
        except RulesError as error:
            raise StoredDataError(error.message) from error


def _purpose_kept(data: Any) -> Any:
    """Format 1 to 2: the form may now hold the test the Crew screen asked for. Format 1
    had none (it was not kept), so its data reads on unchanged."""
    return data


TESTS_FORM = Schema("eotw_tests", 2, {1: _purpose_kept}, TestsForm.from_json)

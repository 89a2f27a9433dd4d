"""The last test rolled on the Tests screen, kept so that a page opened again shows all of it.

A phone may drop the page between a roll and the next tap. The log keeps the roll's
headline and steps, but the Tests screen shows more: the dice themselves (which rolled a
success, which cancelled, which gave stress) and a button to put the stress a roll left
onto the crew member's track. That button must come back if the stress was not given
yet, and must not come back once it was.

So the screen keeps the roll's dice, not its result: a plain test's positive and negative
faces (and, for a test the Crew screen asked for, the headline it was logged with); for an
opposed test the contestants and every face rolled, in the order they were rolled.
:meth:`KeptTest.replay_plain` and :meth:`KeptTest.replay_opposed` work the result out
again from them, by the same rules that first worked it out
(:func:`omen.eotw.pools.resolve`, :func:`omen.eotw.pools.opposed_test`), so kept and
shown cannot drift apart. The screen shows the replay only when its steps are the log's
newest test entry's.

What was given is kept apart (:class:`GivenStress`, the part ``eotw_given``), with the
test it was given for: giving stress changes the crew and that record in one action, so
Undo takes both back and the stress is offered again. A roll is no action Undo takes
back, so the dice are kept apart from the record: an Undo of an older give never puts an
older test's dice back over a newer roll, and a record for another test (an older one,
or one another tab showed) gives nothing to the test on show.

>>> from omen.eotw.pools import Characteristic, PoolSettings, resolve
>>> result = resolve(3, [2, 5], [2], characteristic=Characteristic.LOGIC)
>>> kept = KeptTest.plain(result, PoolSettings(), owed="c1")
>>> kept.replay_plain() == result, result.stress
(True, 0)
>>> KeptTest.from_json(kept.to_json()) == kept
True
>>> KeptTest().to_json(), KeptTest.from_json({}).kind is None
({}, True)
>>> line = Step("Stress track ({category}): {before} → {after} of {boxes} boxes",
...             {"category": Step("Physical"), "before": 0, "after": 2, "boxes": 9})
>>> given = GivenStress().with_given(kept, PLAIN_GIVEN, line)
>>> given.to(kept) == {PLAIN_GIVEN: line}, given.to(KeptTest.plain(result, PoolSettings()))
(True, {})
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field, replace
from typing import Any

from omen.campaign.tables import Fields, stored_error
from omen.core.dice import ScriptedDice
from omen.core.errors import RulesError, StoredDataError
from omen.core.roll import N_, Step
from omen.core.store import Schema, read_step
from omen.eotw.pools import (
    MAX_CONTESTANTS,
    MAX_DICE,
    MAX_MEMBER_ID,
    MAX_ROUNDS,
    SIDES,
    Characteristic,
    Contestant,
    OpposedResult,
    PoolSettings,
    TestResult,
    opposed_test,
    resolve,
)
from omen.eotw.settings import TieRule

# Every face an opposed test can roll: each contestant's whole pool, every round.
MAX_FACES = MAX_DICE * MAX_CONTESTANTS * MAX_ROUNDS
MAX_AT = 40  # characters in a roll's time (an ISO date and time)
GIFTS_KEPT = 8  # the tests whose stress given is remembered, the newest
PLAIN_GIVEN = 0  # where a plain test's stress given is kept in ``given``


class Kind(enum.Enum):
    """Which kind of test is kept."""

    PLAIN = "plain"
    OPPOSED = "opposed"
    ASKED = "asked"  # a test the Crew screen asked for, applied to its character


@dataclass(frozen=True)
class KeptTest:
    """The last test's dice.

    ``kind`` None: nothing is kept. A plain test keeps ``value``, ``characteristic``,
    its ``positive`` and ``negative`` faces and ``owed``, the crew member its stress
    goes to ("" for nobody). A test asked for keeps the same dice (no ``owed``: what it
    did to the character is the crew's to keep) and ``said``, the headline its log entry
    has. An opposed test keeps its ``contestants`` and, in ``positive``, every face
    rolled in order (each contestant's positive dice, then negative, round after round).
    """

    kind: Kind | None = None
    value: int = 3
    characteristic: Characteristic | None = None
    positive: tuple[int, ...] = ()
    negative: tuple[int, ...] = ()
    contestants: tuple[Contestant, ...] = ()
    settings: PoolSettings = field(default_factory=PoolSettings)
    owed: str = ""
    said: Step | None = None
    at: str = ""  # when it was rolled: two rolls of the same dice are two tests

    @classmethod
    def plain(
        cls, result: TestResult, settings: PoolSettings, owed: str = "", at: str = ""
    ) -> KeptTest:
        """What to keep of a plain test rolled ``at``; ``owed``: who its stress goes to."""
        return cls(
            Kind.PLAIN,
            result.value,
            result.characteristic,
            result.positive,
            result.negative,
            settings=settings,
            owed=owed,
            at=at,
        )

    @classmethod
    def asked(
        cls, result: TestResult, settings: PoolSettings, said: Step, at: str = ""
    ) -> KeptTest:
        """What to keep of a test asked for, whose log entry says ``said``."""
        return replace(cls.plain(result, settings, at=at), kind=Kind.ASKED, said=said)

    @classmethod
    def opposed(cls, outcome: OpposedResult, settings: PoolSettings, at: str = "") -> KeptTest:
        """What to keep of an opposed test: its contestants and every face, in order.

        >>> from omen.eotw.pools import Pool
        >>> sides = (Contestant("Ana", Pool(), 3), Contestant("Guard", Pool(), 2))
        >>> outcome = opposed_test(sides, ScriptedDice([5, 1]))
        >>> kept = KeptTest.opposed(outcome, PoolSettings())
        >>> kept.positive, kept.replay_opposed() == outcome
        ((5, 1), True)
        """
        return cls(
            Kind.OPPOSED,
            positive=_rolled(outcome),
            contestants=outcome.contestants,
            settings=settings,
            at=at,
        )

    @property
    def gives(self) -> int:
        """How many may be given stress after it: each contestant of an opposed test,
        the one tested in a plain test, nobody after a test asked for."""
        if self.kind is Kind.OPPOSED:
            return len(self.contestants)
        return 1 if self.kind is Kind.PLAIN else 0

    def replay_plain(self) -> TestResult:
        """A plain test's (or a test asked for) result again, from its faces."""
        if self.kind not in (Kind.PLAIN, Kind.ASKED):
            raise RulesError(Step(N_("No plain test is kept.")))
        return resolve(
            self.value,
            self.positive,
            self.negative,
            characteristic=self.characteristic,
            settings=self.settings,
        )

    def replay_opposed(self) -> OpposedResult:
        """An opposed test's result again, from its contestants and faces; a
        :class:`RulesError` when the faces are not the ones that test rolls."""
        if self.kind is not Kind.OPPOSED:
            raise RulesError(Step(N_("No opposed test is kept.")))
        dice = ScriptedDice(self.positive)
        outcome = opposed_test(self.contestants, dice, self.settings)
        if dice.remaining:
            raise RulesError(Step(N_("The kept dice are not the ones that test rolled.")))
        return outcome

    def to_json(self) -> dict[str, Any]:
        """Its stored form (an empty object when nothing is kept)."""
        if self.kind is None:
            return {}
        out: dict[str, Any] = {"kind": self.kind.value}
        if self.kind is not Kind.OPPOSED:
            out["value"] = self.value
            if self.characteristic is not None:
                out["characteristic"] = self.characteristic.value
            out["negative"] = list(self.negative)
            if self.owed:
                out["owed"] = self.owed
        else:
            out["contestants"] = [contestant.to_json() for contestant in self.contestants]
        out["positive"] = list(self.positive)
        out["settings"] = {
            "cancel_first": self.settings.cancel_first,
            "tie": self.settings.tie.value,
        }
        if self.said is not None:
            out["said"] = self.said.to_json()
        if self.at:
            out["at"] = self.at
        return out

    @classmethod
    def from_json(cls, data: Any, path: str = "eotw_result") -> KeptTest:
        """Read the stored form back, every field checked (``path`` names it)."""
        allowed = (
            "kind",
            "value",
            "characteristic",
            "positive",
            "negative",
            "contestants",
            "settings",
            "owed",
            "said",
            "at",
        )
        stored = Fields(data, path, allowed)
        if not data:
            return cls()
        kind = Kind(stored.choice("kind", tuple(k.value for k in Kind)))
        for key in NOT_OF[kind]:
            if stored.raw(key) is not None:
                raise stored_error(
                    stored.where(key), Step(N_("does not belong to this kind of test"))
                )
        characteristic = stored.raw("characteristic")
        if characteristic is not None:
            characteristic = Characteristic(
                stored.choice("characteristic", tuple(c.value for c in Characteristic))
            )
        raw_settings = stored.raw("settings")
        settings = Fields(
            {} if raw_settings is None else raw_settings,
            stored.where("settings"),
            ("cancel_first", "tie"),
        )
        try:
            contestants = tuple(
                Contestant.from_json(raw, f"{path}.contestants")
                for raw in _listed(stored, "contestants", MAX_CONTESTANTS)
            )
            return cls(
                kind,
                stored.integer("value", 1, 5, 3),
                characteristic,
                _faces(stored, "positive", MAX_FACES if kind is Kind.OPPOSED else MAX_DICE),
                _faces(stored, "negative", MAX_DICE),
                contestants,
                PoolSettings(
                    settings.boolean("cancel_first", True),
                    TieRule(settings.choice("tie", tuple(t.value for t in TieRule), "draw")),
                ),
                stored.optional_text("owed", MAX_MEMBER_ID) or "",
                _said(stored, kind),
                stored.optional_text("at", MAX_AT) or "",
            )
        except StoredDataError:
            raise
        except RulesError as error:
            raise StoredDataError(error.message) from error


# The fields each kind of test does not have: a value that holds one does not load back.
NOT_OF = {
    Kind.PLAIN: ("contestants", "said"),
    Kind.ASKED: ("contestants", "owed"),
    Kind.OPPOSED: ("value", "characteristic", "negative", "owed", "said"),
}


@dataclass(frozen=True)
class Gift:
    """The stress given after one test: the line said for each one given it (by
    contestant, :data:`PLAIN_GIVEN` for a plain test)."""

    test: KeptTest
    given: tuple[tuple[int, Step], ...]

    def to_json(self) -> dict[str, Any]:
        """Its stored form."""
        return {
            "test": self.test.to_json(),
            "given": [[index, line.to_json()] for index, line in self.given],
        }

    @classmethod
    def from_json(cls, data: Any, path: str) -> Gift:
        """Read the stored form back, every field checked (``path`` names it)."""
        stored = Fields(data, path, ("test", "given"))
        test = KeptTest.from_json(stored.raw("test"), stored.where("test"))
        if test.kind is None:
            raise stored_error(stored.where("test"), Step(N_("is missing")))
        return cls(test, _given(stored, test.gives))


@dataclass(frozen=True)
class GivenStress:
    """The stress given after the last few tests (:data:`GIFTS_KEPT`), each with the
    test it was given for, the newest last. A test with none has had nothing given.
    Two tabs that show two tests each add to it; neither forgets the other's."""

    gifts: tuple[Gift, ...] = ()

    def to(self, test: KeptTest) -> dict[int, Step]:
        """What was given after ``test``: the line said, by contestant."""
        for gift in self.gifts:
            if gift.test == test:
                return dict(gift.given)
        return {}

    def with_given(self, test: KeptTest, index: int, line: Step) -> GivenStress:
        """The record with ``line`` said of the stress given to ``index`` after
        ``test``; the oldest tests' gifts are let go past :data:`GIFTS_KEPT`."""
        if not 0 <= index < test.gives:
            raise RulesError(Step(N_("That test gives no stress to give there.")))
        before = self.to(test)
        before.pop(index, None)
        gift = Gift(test, (*before.items(), (index, line)))
        others = tuple(other for other in self.gifts if other.test != test)
        return GivenStress((*others, gift)[-GIFTS_KEPT:])

    def to_json(self) -> dict[str, Any]:
        """Its stored form (an empty object when nothing was given)."""
        if not self.gifts:
            return {}
        return {"gifts": [gift.to_json() for gift in self.gifts]}

    @classmethod
    def from_json(cls, data: Any) -> GivenStress:
        """Read the stored form back, every field checked."""
        stored = Fields(data, "eotw_given", ("gifts",))
        gifts = tuple(
            Gift.from_json(raw, f"eotw_given.gifts.{number}")
            for number, raw in enumerate(_listed(stored, "gifts", GIFTS_KEPT))
        )
        if any(gift.test == other.test for n, gift in enumerate(gifts) for other in gifts[:n]):
            raise stored_error(stored.where("gifts"), Step(N_("names a test twice")))
        return cls(gifts)


def _rolled(outcome: OpposedResult) -> tuple[int, ...]:
    """Every face an opposed test rolled, in the order it rolled them."""
    return tuple(
        face
        for round_ in outcome.rounds
        for result in round_.results
        for face in (*result.positive, *result.negative)
    )


def _listed(stored: Fields, key: str, limit: int) -> list[Any]:
    raw = stored.raw(key)
    if raw is None:
        return []
    if not isinstance(raw, list) or len(raw) > limit:
        raise stored_error(
            stored.where(key), Step(N_("must be a list of at most {limit}"), {"limit": limit})
        )
    return raw


def _faces(stored: Fields, key: str, limit: int) -> tuple[int, ...]:
    faces = _listed(stored, key, limit)
    for face in faces:
        if isinstance(face, bool) or not isinstance(face, int) or not 1 <= face <= SIDES:
            raise stored_error(stored.where(key), Step(N_("must hold die faces from 1 to 6")))
    return tuple(faces)


def _given(stored: Fields, indices: int) -> tuple[tuple[int, Step], ...]:
    given: list[tuple[int, Step]] = []
    for raw in _listed(stored, "given", MAX_CONTESTANTS):
        if not isinstance(raw, list) or len(raw) != 2:
            raise stored_error(stored.where("given"), Step(N_("must pair a contestant and a line")))
        index, line = raw
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < indices:
            raise stored_error(
                stored.where("given"), Step(N_("names a contestant the test has not"))
            )
        if any(index == seen for seen, _line in given):
            raise stored_error(stored.where("given"), Step(N_("names a contestant twice")))
        given.append((index, read_step(line)))
    if not given:
        raise stored_error(stored.where("given"), Step(N_("is missing")))
    return tuple(given)


def _said(stored: Fields, kind: Kind) -> Step | None:
    raw = stored.raw("said")
    if (raw is None) != (kind is not Kind.ASKED):
        raise stored_error(stored.where("said"), Step(N_("belongs to a test asked for, and only")))
    return None if raw is None else read_step(raw)


KEPT_TEST = Schema("eotw_result", 1, {}, KeptTest.from_json)
GIVEN_STRESS = Schema("eotw_given", 1, {}, GivenStress.from_json)

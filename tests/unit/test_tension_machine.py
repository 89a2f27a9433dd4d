"""The Tension Die as a state machine: random sessions of checks, setting changes, resets.

Hypothesis drives omen.campaign.state.check with scripted and seeded dice while a small
model of the rule (worked out here from the faces the dice really showed) predicts
every pool. Invariants: the pool never rises except by a reset; a reset happens
exactly when an encounter happens; the pool stays within 1..start; the turn advances
only on Next turn, and every check is counted.
"""

from __future__ import annotations

from typing import Any

from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from omen.campaign import settings
from omen.campaign.exploration import Procedure
from omen.campaign.state import EXPLORATION, Exploration, check, reset_pool
from omen.core.dice import Dice, ScriptedDice, SeededDice
from omen.core.store import decode, encode


class RecordingDice:
    """Passes faces through from another source and remembers them."""

    def __init__(self, source: Dice) -> None:
        self.source = source
        self.faces: list[int] = []

    def roll(self, sides: int) -> int:
        assert sides == 6  # the Tension Die is always a d6
        face = self.source.roll(sides)
        self.faces.append(face)
        return face


def model_decrement(faces: list[int], keep_exploding: bool) -> tuple[int, int]:
    """(points removed, dice used) by the rule, from the faces in the order rolled."""
    used = 1
    while used <= len(faces) and faces[used - 1] == 6 and (used == 1 or keep_exploding):
        used += 1
    return sum(faces[:used]), used


# Faces for one check: a few random faces, then a 1 so a chain of sixes always ends.
FACES = st.lists(st.integers(1, 6), min_size=1, max_size=5).map(lambda f: [*f, 1])
STARTS = st.one_of(st.integers(1, 30), st.integers(1, 200))


class TensionSession(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.values: dict[str, settings.Value] = settings.defaults()
        self.state = Exploration()
        self.events: list[str] = []
        self.turns = 0

    @property
    def start(self) -> int:
        value = self.values["tension.start"]
        assert isinstance(value, int)
        return value

    @property
    def keep_exploding(self) -> bool:
        value = self.values["tension.keep_exploding"]
        assert isinstance(value, bool)
        return value

    @initialize(start=STARTS, keep_exploding=st.booleans(), data=st.data())
    def begin(self, start: int, keep_exploding: bool, data: Any) -> None:
        self.values["tension.start"] = start
        self.values["tension.keep_exploding"] = keep_exploding
        pool = data.draw(st.integers(1, start), label="pool")
        self.state = Exploration(pool=pool)

    # --- the actions a game master takes ---------------------------------------------

    def _check(self, source: Dice, advance: bool) -> None:
        before = self.state
        dice = RecordingDice(source)
        after, outcome = check(before, self.values, dice, advance=advance)

        # The model: what the rule says should have happened with these faces.
        removed, used = model_decrement(dice.faces, self.keep_exploding)
        assert used == len(dice.faces)  # no die more, no die less
        triggered = before.pool - removed <= 0
        assert outcome.kind == ("encounter" if triggered else "nothing")
        assert after.pool == (self.start if triggered else before.pool - removed)
        expected_title = (
            f"Tension Die: an encounter! The pool resets to {self.start}."
            if triggered
            else f"Tension Die: nothing yet (pool {after.pool})"
        )
        assert outcome.title.english() == expected_title
        assert outcome.steps[-1 if not triggered else -2].english() == (
            f"pool {before.pool} → {before.pool - removed}"
        )

        # The pool only rises by a reset, and a reset is exactly an encounter.
        if after.pool >= before.pool:
            assert outcome.kind == "encounter"
        if outcome.kind == "encounter":
            assert after.pool == self.start

        # The clock: every check counts, only Next turn moves the turn.
        assert after.clock.checks == before.clock.checks + 1
        assert after.clock.turn == before.clock.turn + (1 if advance else 0)
        assert after.last == outcome
        self.state = after
        self.events.append(outcome.kind)
        self.turns += 1 if advance else 0

    @rule(faces=FACES)
    def next_turn(self, faces: list[int]) -> None:
        self._check(ScriptedDice(faces), advance=True)

    @rule(faces=FACES)
    def draw_attention(self, faces: list[int]) -> None:
        self._check(ScriptedDice(faces), advance=False)

    @rule(seed=st.integers(0, 2**32), advance=st.booleans())
    def seeded_check(self, seed: int, advance: bool) -> None:
        self._check(SeededDice(seed), advance=advance)

    @rule()
    def reset(self) -> None:
        before = self.state
        self.state = reset_pool(before, self.values)
        assert self.state.pool == self.start
        assert self.state.clock == before.clock

    @rule(start=STARTS)
    def change_start(self, start: int) -> None:
        # As the Settings screen does: a lower start pulls the pool down with it.
        self.values["tension.start"] = start
        if self.state.pool > start:
            self.state = Exploration(self.state.procedure, self.state.clock, start, self.state.last)

    @rule(keep_exploding=st.booleans())
    def change_exploding(self, keep_exploding: bool) -> None:
        self.values["tension.keep_exploding"] = keep_exploding

    @precondition(lambda self: self.state.last is not None)
    @rule()
    def save_and_reload(self) -> None:
        assert decode(EXPLORATION, encode(EXPLORATION, self.state.to_json())) == self.state

    # --- always true --------------------------------------------------------------------

    @invariant()
    def pool_within_one_and_start(self) -> None:
        assert 1 <= self.state.pool <= self.start

    @invariant()
    def procedure_stays_the_tension_die(self) -> None:
        assert self.state.procedure is Procedure.TENSION_DIE

    @invariant()
    def checks_count_every_check(self) -> None:
        assert self.state.clock.checks == len(self.events)
        assert self.state.clock.turn == self.turns


TensionSession.TestCase.settings = hypothesis_settings(
    max_examples=150, stateful_step_count=40, deadline=None
)
test_tension_session = TensionSession.TestCase


def test_model_matches_the_rule_text() -> None:
    # Guard the model itself: no six; one explosion; keep-exploding chains.
    assert model_decrement([4, 6], False) == (4, 1)
    assert model_decrement([6, 6, 2], False) == (12, 2)
    assert model_decrement([6, 6, 2], True) == (14, 3)
    assert model_decrement([6, 6, 6, 1], True) == (19, 4)

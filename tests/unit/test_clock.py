"""Time passes (omen.campaign.clock, omen.ose.span), from the rule text.

The look-ahead odds are checked against brute force: every sequence of faces is run
through the real roll (the Tension Die's ``tension_die``, the span itself for the
Encounter Die and OSE), and the share of sequences that meet an encounter within the
span must equal the enumerated chance exactly.
"""

from __future__ import annotations

import copy
import itertools
import shutil
import sys
from dataclasses import replace
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, rule

from omen.campaign import settings
from omen.campaign.clock import (
    MAX_COUNT,
    Span,
    Unit,
    chance_within,
    encounter_die_transition,
    exploration_turns,
    exploration_within,
    pass_exploration,
    span_words,
    tension_transition,
)
from omen.campaign.exploration import Procedure, TensionSettings, tension_die
from omen.campaign.state import Exploration, Outcome
from omen.campaign.voidcrawl import Phase
from omen.core.dice import ScriptedDice
from omen.core.errors import RulesError
from omen.core.i18n import Translator
from omen.core.roll import N_, Step
from omen.core.store import MemoryBackend
from omen.ose import span as ose_span
from omen.ose import turn as ose_turn
from omen.ose.turn import LightKind, Mode, Terrain, TurnState, add_light, add_timer

from .test_adapter_store import make_store

D6 = range(1, 7)
ROOT = Path(__file__).resolve().parents[2]


def check_sequences(first_pool: int, settings_: TensionSettings) -> list[tuple[Fraction, int]]:
    """Every way one Tension Die check can go, by running ``tension_die`` on each face
    sequence: (chance, pool after, or 0 when the check triggered). A chain of sixes
    long enough to empty the pool whatever follows is cut there (all of it triggers)."""
    out: list[tuple[Fraction, int]] = []

    def grow(faces: list[int]) -> None:
        chance = Fraction(1, 6) ** len(faces)
        try:
            result = tension_die(first_pool, settings_, ScriptedDice(faces))
        except Exception:  # the script ran out: the roll wants one more die
            if sum(faces) >= first_pool:
                out.append((chance, 0))
                return
            for face in D6:
                grow([*faces, face])
            return
        out.append((chance, 0 if result.triggered else result.pool_after))

    for face in D6:
        grow([face])
    return out


@cache
def brute_tension(pool: int, checks: int, keep: bool) -> Fraction:
    if checks == 0:
        return Fraction(0)
    total = Fraction(0)
    for chance, after in check_sequences(pool, TensionSettings(20, keep)):
        total += chance if after == 0 else chance * brute_tension(after, checks - 1, keep)
    return total


@pytest.mark.parametrize("keep", [False, True])
@pytest.mark.parametrize("pool", range(10, 31))
def test_tension_look_ahead_matches_every_roll(pool: int, keep: bool) -> None:
    rule = tension_transition(TensionSettings(30, keep))
    for checks in range(1, 11):
        assert chance_within(pool, rule, checks) == brute_tension(pool, checks, keep)


def test_tension_look_ahead_from_the_exploration_state() -> None:
    values = settings.defaults()
    state = Exploration(procedure=Procedure.TENSION_DIE, pool=3)
    # 1-2 leave the pool standing; 3 or more empty it: 4 in 6 on the first check
    assert exploration_within(state, values, 1) == Fraction(2, 3)
    assert exploration_within(state, values, 2) > Fraction(2, 3)


@pytest.mark.parametrize("turns", [1, 2, 3])
def test_encounter_die_look_ahead_matches_every_span(turns: int) -> None:
    values = settings.defaults()
    state = Exploration(procedure=Procedure.ENCOUNTER_DIE)
    met = 0
    for faces in itertools.product(D6, repeat=turns):
        _after, result = pass_exploration(
            state, values, ScriptedDice(faces), Span(turns, Unit.TURN)
        )
        met += result.kind == "encounter"
    assert Fraction(met, 6**turns) == exploration_within(state, values, turns)
    assert chance_within(None, encounter_die_transition, turns) == 1 - Fraction(5, 6) ** turns


def test_voidcrawl_look_ahead_follows_its_filters() -> None:
    values = settings.defaults()
    plain = exploration_within(Exploration(procedure=Procedure.VOIDCRAWL), values, 3)
    by_day = exploration_within(
        Exploration(procedure=Procedure.VOIDCRAWL, phase=Phase.DAY), values, 3
    )
    assert 0 < by_day < plain < 1  # by day the Night Encounter is filtered out


@pytest.mark.parametrize("chance", range(1, 7))
@pytest.mark.parametrize("turns", [1, 2, 3])
def test_ose_look_ahead_matches_every_span(chance: int, turns: int) -> None:
    values = {"ose.check_every": 1, "ose.check_chance": chance}
    span = Span(turns, Unit.TURN)
    met = 0
    for faces in itertools.product(D6, repeat=turns):
        _after, result = ose_span.pass_time(TurnState(), values, ScriptedDice(faces), span)
        met += result.kind == "encounter"
    expected = 1 - (1 - Fraction(chance, 6)) ** turns
    assert Fraction(met, 6**turns) == expected == ose_span.chance_in(TurnState(), values, span)


@pytest.mark.parametrize("chance", range(1, 7))
@pytest.mark.parametrize("checks", range(1, 11))
def test_ose_every_other_turn_within_n_checks(chance: int, checks: int) -> None:
    values = {"ose.check_chance": chance}  # checked every 2 turns by default
    span = Span(2 * checks, Unit.TURN)
    assert ose_span.chance_in(TurnState(), values, span) == 1 - (1 - Fraction(chance, 6)) ** checks
    # starting on an odd turn, the span's last turn is not checked: one check fewer
    odd = ose_span.chance_in(TurnState(turn=1), values, span)
    assert odd == 1 - (1 - Fraction(chance, 6)) ** checks


def test_ose_wilderness_days_at_the_terrains_chance() -> None:
    state = TurnState(mode=Mode.WILDERNESS, terrain=Terrain.SWAMP)
    assert ose_span.chance_in(state, {}, Span(2, Unit.DAY)) == Fraction(3, 4)
    # each day is a whole day of travel: its lost die (swamp: 1-3), then its check
    three = ScriptedDice([6, 6, 6, 5, 6, 4])
    after, result = ose_span.pass_time(state, {}, three, Span(3, Unit.DAY))
    assert (after.day, result.kind) == (3, "nothing")
    after, result = ose_span.pass_time(state, {}, ScriptedDice([6, 6, 6, 2]), Span(3, Unit.DAY))
    assert (after.day, result.kind) == (2, "encounter")


# --- boundaries -------------------------------------------------------------------


def test_a_torch_ending_exactly_at_the_spans_end_is_in_the_headline() -> None:
    state = add_light(TurnState(), LightKind.TORCH)
    after, result = ose_span.pass_time(state, {}, ScriptedDice([6, 6, 6]), Span(1, Unit.HOUR))
    assert after.turn == 6 and after.lights == ()
    assert result.title.english().endswith("Torch 1 goes out.")
    assert result.title.english().count("goes out") == 1


def test_a_timer_ending_mid_span_is_named_with_the_others() -> None:
    state = add_timer(add_light(TurnState(), LightKind.TORCH), "Sleep", 2)
    _after, result = ose_span.pass_time(state, {}, ScriptedDice([6] * 9), Span(1, Unit.HOUR))
    text = result.title.english()
    assert "Timer 'Sleep' has run out." in text and "1 more light or timer ran out too." in text


def test_a_check_on_the_last_turn_is_rolled() -> None:
    after, result = ose_span.pass_time(TurnState(), {}, ScriptedDice([1]), Span(2, Unit.TURN))
    assert (after.turn, result.kind) == (2, "encounter")
    assert "stopped" not in result.title.english()  # the span ran to its end
    assert "wandering monsters!" in result.title.english()


def test_an_encounter_stops_the_run() -> None:
    state = add_light(TurnState(), LightKind.LANTERN)
    after, result = ose_span.pass_time(state, {}, ScriptedDice([6, 1]), Span(2, Unit.HOUR))
    assert after.turn == 4 and after.lights[0].left == 20
    assert after.encounter and result.kind == "encounter"
    assert "stopped after 4 by an encounter" in result.title.english()


def test_the_look_ahead_names_what_ends_within_the_span() -> None:
    state = add_timer(add_light(TurnState(since_rest=4), LightKind.TORCH), "Bless", 12)
    lines = [s.english() for s in ose_span.look_ahead(state, {}, Span(1, Unit.HOUR))]
    assert "Torch 1 goes out in 6 turns." in lines
    assert not any("Bless" in line for line in lines)  # 12 turns: beyond the hour
    assert "Rest due in 1 turn." in lines
    resting = ose_span.look_ahead(state, {}, Span(1, Unit.HOUR), rest=True)
    assert not any("Rest" in s.english() for s in resting)


def test_resting_through_a_span_keeps_the_party_rested() -> None:
    state = TurnState(since_rest=6)
    after, _ = ose_span.pass_time(state, {}, ScriptedDice([6] * 9), Span(1, Unit.HOUR), rest=True)
    assert after.since_rest == 0 and not after.tired


def test_the_whole_span_is_one_log_entry_and_one_undo() -> None:
    store = make_store(MemoryBackend())
    store.put("exploration", replace(store.get("exploration"), procedure=Procedure.ENCOUNTER_DIE))
    before = store.get("exploration")
    state, result = pass_exploration(
        before, settings.defaults(), ScriptedDice([6, 5, 4]), Span(3, Unit.TURN)
    )
    entries = len(store.log.entries)
    store.act(result, exploration=state)
    assert len(store.log.entries) == entries + 1
    assert store.get("exploration").clock.turn == before.clock.turn + 3
    assert store.undo()
    assert store.get("exploration") == before


# --- refusals -----------------------------------------------------------------------


@pytest.mark.parametrize("count", [0, -1, MAX_COUNT + 1, True, 2.5, "3"])
def test_a_span_out_of_range_is_refused(count: object) -> None:
    with pytest.raises(RulesError):
        Span(count, Unit.TURN)  # type: ignore[arg-type]


def test_an_hour_of_odd_turns_is_refused_with_a_sentence() -> None:
    with pytest.raises(RulesError) as caught:
        Span(1, Unit.HOUR).turns(25)
    assert "25-minute turns" in caught.value.message.english()


def test_days_in_a_dungeon_and_turns_on_the_road_are_refused() -> None:
    with pytest.raises(RulesError):
        ose_span.pass_time(TurnState(), {}, ScriptedDice([]), Span(1, Unit.DAY))
    with pytest.raises(RulesError):
        ose_span.pass_time(
            TurnState(mode=Mode.WILDERNESS), {}, ScriptedDice([]), Span(1, Unit.TURN)
        )


def test_a_span_longer_than_a_day_of_turns_is_refused() -> None:
    with pytest.raises(RulesError):
        Span(25, Unit.HOUR).turns(10)


# --- Liminal Horror's real minutes at the table ----------------------------------------


@pytest.mark.parametrize("setting", range(20, 31))
@pytest.mark.parametrize("count", [1, 19, 20, 25, 29, 30, 59, 60, 90, MAX_COUNT])
def test_real_minutes_make_a_turn_for_every_whole_setting(setting: int, count: int) -> None:
    values = settings.clean({"reminder.minutes": setting})
    span = Span(count, Unit.REAL)
    if count < setting:
        with pytest.raises(RulesError) as caught:
            exploration_turns(values, span)
        assert f"a turn is {setting} real minutes" in caught.value.message.english()
    else:
        assert exploration_turns(values, span) == count // setting


def test_real_minutes_follow_the_reminder_setting_even_when_it_is_off() -> None:
    values = settings.clean({"reminder.on": False, "reminder.minutes": 30})
    assert exploration_turns(values, Span(90, Unit.REAL)) == 3
    assert exploration_turns(settings.clean({}), Span(90, Unit.REAL)) == 3  # 25 each


def test_a_real_span_plays_its_turns_and_says_them_in_the_headline() -> None:
    values = settings.clean({"reminder.minutes": 20})
    state = Exploration(procedure=Procedure.ENCOUNTER_DIE)
    after, result = pass_exploration(state, values, ScriptedDice([4, 5, 6]), Span(70, Unit.REAL))
    assert after.clock.turn == 3
    assert result.title.english().startswith("Time passes (70 real minutes, 3 turns).")
    assert after.last == result


def test_a_real_span_stopped_by_an_encounter_says_so() -> None:
    values = settings.clean({"reminder.minutes": 25})
    state = Exploration(procedure=Procedure.ENCOUNTER_DIE)
    after, result = pass_exploration(state, values, ScriptedDice([4, 1]), Span(100, Unit.REAL))
    assert after.clock.turn == 2
    assert result.kind == "encounter"
    assert "(100 real minutes, 4 turns): stopped after 2 by an encounter" in (
        result.title.english()
    )


@pytest.mark.parametrize("count", [25, 50, 75, 140])
def test_real_span_odds_are_those_of_its_turns(count: int) -> None:
    values = settings.clean({"reminder.minutes": 25})
    state = Exploration(procedure=Procedure.ENCOUNTER_DIE)
    turns = exploration_turns(values, Span(count, Unit.REAL))
    assert exploration_within(state, values, turns) == 1 - Fraction(5, 6) ** (count // 25)


def test_real_minutes_are_no_unit_of_the_ose_clock() -> None:
    with pytest.raises(RulesError):
        ose_span.pass_time(TurnState(), {}, ScriptedDice([]), Span(60, Unit.REAL))


def test_a_real_span_in_czech(tmp_path: Any) -> None:
    sys.path.insert(0, str(ROOT / "tools"))
    from msgfmt import compile_language

    source = tmp_path / "cs"
    source.mkdir()
    shutil.copy(ROOT / "locale" / "cs" / "core.po", source / "a_core.po")
    shutil.copy(ROOT / "locale" / "cs" / "campaign.po", source / "campaign.po")
    compile_language(source, tmp_path / "build")
    czech = Translator.load("cs", tmp_path / "build" / "locale")
    assert czech.render(span_words(Span(70, Unit.REAL), 3)) == "70 skutečných minut, 3 směny"
    assert czech.render(span_words(Span(1, Unit.REAL), 1)) == "1 skutečná minuta, 1 směna"
    with pytest.raises(RulesError) as caught:
        Span(10, Unit.REAL).turns(10, 20)
    assert czech.render(caught.value.message) == (
        "Na směnu je to málo skutečných minut: směna trvá u stolu 20 min."
    )


# --- the clock as a state machine ------------------------------------------------------


NOTED = Outcome(Step(N_("Turn {turn}: no check this turn."), {"turn": 1}), (), "ose_turn")


class ClockMachine(RuleBasedStateMachine):
    """The OSE clock through the store (time passes, lights, timers, put out, rest,
    Undo, reload) against a plain model: turn, turns since rest, and what each light
    and timer has left. The dice never show a 1, so no wandering monster stops a span."""

    def __init__(self) -> None:
        super().__init__()
        self.backend = MemoryBackend()
        self.store = make_store(self.backend)
        self.model: dict[str, Any] = {"turn": 0, "since_rest": 0, "left": {}}
        self.undo: list[dict[str, Any]] = []

    @property
    def state(self) -> TurnState:
        value: TurnState = self.store.get("ose_turn")
        return value

    def push(self) -> None:
        self.undo.append(copy.deepcopy(self.model))

    @rule(count=st.integers(1, 14), hours=st.booleans(), rest=st.booleans())
    def time_passes(self, count: int, hours: bool, rest: bool) -> None:
        span = Span(min(count, 3), Unit.HOUR) if hours else Span(count, Unit.TURN)
        turns = span.turns(10)
        state, result = ose_span.pass_time(
            self.state, {}, ScriptedDice([6] * turns), span, rest=rest
        )
        self.push()
        self.store.act(result, ose_turn=state)
        model = self.model
        model["turn"] += turns
        model["since_rest"] = 0 if rest else model["since_rest"] + turns
        model["left"] = {k: v - turns for k, v in model["left"].items() if v > turns}

    @rule(kind=st.sampled_from(list(LightKind)))
    def light(self, kind: LightKind) -> None:
        if len(self.state.lights) >= 20:
            return
        state = add_light(self.state, kind)
        self.push()
        self.store.act(NOTED, ose_turn=state)
        self.model["left"][state.lights[-1].id] = state.lights[-1].left

    @rule(turns=st.integers(1, 40))
    def timer(self, turns: int) -> None:
        if len(self.state.timers) >= 20:
            return
        state = add_timer(self.state, "Haste", turns)
        self.push()
        self.store.act(NOTED, ose_turn=state)
        self.model["left"][state.timers[-1].id] = turns

    @rule(data=st.data())
    def put_out(self, data: st.DataObject) -> None:
        if not self.model["left"]:
            return
        number = data.draw(st.sampled_from(sorted(self.model["left"])))
        state = ose_turn.put_out(self.state, number)
        self.push()
        self.store.act(NOTED, ose_turn=state)
        del self.model["left"][number]

    @rule()
    def undo_last(self) -> None:
        assert self.store.undo() == bool(self.undo)
        if self.undo:
            self.model = self.undo.pop()

    @rule()
    def reload(self) -> None:
        self.store = make_store(self.backend)

    @invariant()
    def matches_the_model(self) -> None:
        state = self.state
        left = {x.id: x.left for x in (*state.lights, *state.timers)}
        assert (state.turn, state.since_rest, left) == (
            self.model["turn"],
            self.model["since_rest"],
            self.model["left"],
        )


TestClockMachine = ClockMachine.TestCase
TestClockMachine.settings = hypothesis_settings(
    max_examples=40, stateful_step_count=20, deadline=None
)


@hypothesis_settings(max_examples=60, deadline=None)
@given(
    st.lists(st.tuples(st.integers(1, 20), st.integers(0, 12)), min_size=1, max_size=8),
    st.booleans(),
)
def test_kept_look_ahead_figures_are_those_worked_from_nothing(
    questions: list[tuple[int, int]], keep_exploding: bool
) -> None:
    """Whatever was asked before, in whatever order, a look-ahead read from what earlier
    questions worked out is the figure a transition of its own, with nothing kept,
    works out."""
    tension = TensionSettings(start=20, keep_exploding=keep_exploding)
    for pool, checks in questions:
        fresh = tension_transition.__wrapped__(tension)  # a new transition: nothing kept
        assert chance_within(pool, tension_transition(tension), checks) == chance_within(
            pool, fresh, checks
        )

"""Lights and named timers on any game's clock (omen.campaign.timers), from the rule:
each unit that passes takes one off what is counted in it; at none it ends, in the unit
of the span it reached none; a thing in another unit stays; an ending is in the headline.
Then the stored part's hostile family, the End of the World's time passes, and a state
machine against a plain model.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from omen.campaign import timers
from omen.campaign.state import Outcome
from omen.campaign.timers import (
    MAX_COUNT,
    MAX_ENTRIES,
    SCHEMA,
    LightKind,
    Timers,
    Unit,
    add_light,
    add_timer,
    follow,
    look_ahead,
    put_out,
    tick,
)
from omen.core import store
from omen.core.errors import RulesError, StoredDataError
from omen.core.roll import Step
from omen.eotw import span as eotw_span

TORCH = add_light(Timers(), LightKind.TORCH, 3, Unit.TURN)
UNITS_ANY = st.sampled_from(list(Unit))


def english(steps: Any) -> list[str]:
    return [step.english() for step in steps]


# --- the rule -----------------------------------------------------------------------------


def test_a_light_ending_exactly_at_the_end_of_the_span_ends_in_its_last_unit() -> None:
    after, burn = tick(TORCH, 3, Unit.TURN)
    assert after.entries == ()
    assert english(burn.steps) == ["Torch 1 goes out (exploration turn 3 of 3)."]


def test_a_light_with_one_unit_more_than_the_span_stays_warned() -> None:
    after, burn = tick(TORCH, 2, Unit.TURN)
    assert after.entries[0].left == 1
    assert burn.ended == ()
    assert english(burn.steps) == ["Torch 1: one exploration turn left."]


def test_a_span_of_one_says_only_that_it_went_out() -> None:
    state = add_light(Timers(), LightKind.LANTERN, 1, Unit.HOUR)
    _, burn = tick(state, 1, Unit.HOUR)
    assert english(burn.steps) == ["Lantern 1 goes out."]


def test_endings_come_in_the_order_they_happened_with_the_first_in_the_headline() -> None:
    state = add_timer(TORCH, "Bless", 5, Unit.TURN)
    state = add_light(state, LightKind.TORCH, 1, Unit.TURN)
    _, burn = tick(state, 6, Unit.TURN)
    assert english(burn.steps) == [
        "Torch 2 goes out (exploration turn 1 of 6).",
        "Torch 1 goes out (exploration turn 3 of 6).",
        "Timer 'Bless' runs out (exploration turn 5 of 6).",
    ]
    result = follow(Outcome(Step("Turn {turn} begins.", {"turn": 4}), (), "nothing"), burn)
    assert result.title.english() == (
        "Turn 4 begins. Torch 2 goes out (exploration turn 1 of 6). "
        "2 more lights or timers ran out too."
    )
    assert english(result.steps) == english(burn.steps)


def test_a_thing_in_another_unit_stands_still() -> None:
    state = add_timer(TORCH, "Treatment", 2, Unit.DAY)
    after, burn = tick(state, 5, Unit.SCENE)
    assert after == state and burn.steps == ()


def test_zero_units_and_zero_lights_change_nothing() -> None:
    assert tick(TORCH, 0, Unit.TURN)[0] == TORCH
    after, burn = tick(Timers(), 4, Unit.TURN)
    assert after == Timers() and burn.steps == ()
    assert (
        follow(
            Outcome(Step("Turn {turn} begins.", {"turn": 1}), (), "nothing"), burn
        ).title.english()
        == "Turn 1 begins."
    )


@pytest.mark.parametrize("count", [0, -1, MAX_COUNT + 1, True, 2.5, "3"])
def test_a_count_out_of_range_is_refused_with_a_sentence(count: Any) -> None:
    with pytest.raises(RulesError, match="lasts a whole number from 1 to 10000"):
        add_light(Timers(), LightKind.TORCH, count, Unit.TURN)
    with pytest.raises(RulesError, match="lasts a whole number from 1 to 10000"):
        add_timer(Timers(), "Ward", count, Unit.TURN)


def test_a_span_out_of_range_is_refused() -> None:
    with pytest.raises(RulesError, match="from 0 to 10000"):
        tick(TORCH, -2, Unit.TURN)


@pytest.mark.parametrize(
    ("name", "said"),
    [
        ("", "A timer needs a name."),
        ("   ", "A timer needs a name."),
        ("x" * 61, "at most 60 characters"),
        ("a\u202eb", "cannot be shown"),
        ("a\x07b", "cannot be shown"),
    ],
)
def test_a_bad_name_is_refused(name: str, said: str) -> None:
    with pytest.raises(RulesError, match=said):
        add_timer(Timers(), name, 3, Unit.TURN)


def test_a_name_of_sixty_characters_and_markup_is_kept_as_text() -> None:
    state = add_timer(Timers(), "<b>" + "x" * 57, 3, Unit.TURN)
    assert state.entries[0].name == "<b>" + "x" * 57


def test_lights_are_numbered_per_kind_and_reuse_a_free_number() -> None:
    state = add_light(TORCH, LightKind.TORCH, 3, Unit.TURN)
    state = add_light(state, LightKind.LANTERN, 3, Unit.TURN)
    assert [(x.kind, x.number) for x in state.entries] == [
        (LightKind.TORCH, 1),
        (LightKind.TORCH, 2),
        (LightKind.LANTERN, 1),
    ]
    state, said = put_out(state, 1)
    assert said.english() == "Torch 1 put out."
    assert add_light(state, LightKind.TORCH, 2, Unit.TURN).entries[-1].number == 1
    # counted in another unit (another game's panel), a torch is numbered apart
    assert add_light(state, LightKind.TORCH, 2, Unit.HOUR).entries[-1].number == 1


def test_ending_a_timer_and_one_already_gone() -> None:
    state = add_timer(Timers(), "Ward", 3, Unit.SCENE)
    state, said = put_out(state, 1)
    assert said.english() == "Timer 'Ward' ended."
    with pytest.raises(RulesError, match="no longer on the clock"):
        put_out(state, 1)


def test_at_most_forty_lights_and_timers() -> None:
    state = Timers()
    for index in range(MAX_ENTRIES):
        state = add_timer(state, f"T{index}", 3, Unit.TURN)
    with pytest.raises(RulesError, match="At most 40"):
        add_light(state, LightKind.TORCH, 3, Unit.TURN)


def test_look_ahead_names_what_ends_within_the_span_soonest_first() -> None:
    state = add_timer(TORCH, "Ward", 2, Unit.TURN)
    assert english(look_ahead(state, 3, Unit.TURN)) == [
        "Timer 'Ward' runs out in 2 exploration turns.",
        "Torch 1 goes out in 3 exploration turns.",
    ]
    assert look_ahead(state, 1, Unit.TURN) == ()
    assert look_ahead(state, 3, Unit.SCENE) == ()
    # a day holds 144 exploration turns: both end in its first
    assert english(look_ahead(state, 3, Unit.DAY)) == [
        "Torch 1 will go out (day 1 of 3).",
        "Timer 'Ward' will run out (day 1 of 3).",
    ]


# --- The End of the World's time passes -----------------------------------------------------


def test_a_scene_passes_and_a_flashlight_goes_out_in_the_headline() -> None:
    state = add_light(Timers(), LightKind.FLASHLIGHT, 2, Unit.SCENE)
    state, result = eotw_span.pass_time(state, 1, Unit.SCENE)
    assert result.title.english() == "Time passes (1 scene)."
    assert english(result.steps) == ["Flashlight 1: one scene left."]
    state, result = eotw_span.pass_time(state, 3, Unit.SCENE)
    assert result.title.english() == "Time passes (3 scenes). Flashlight 1 goes out (scene 1 of 3)."
    assert state.entries == ()


def test_eotw_a_torch_with_one_scene_left_goes_out_when_two_downtime_days_pass() -> None:
    state = add_light(Timers(), LightKind.TORCH, 1, Unit.SCENE)
    state = add_timer(state, "Jana's burns", 7, Unit.DAY)
    assert english(look_ahead(state, 2, Unit.DAY)) == ["Torch 1 will go out (day 1 of 2)."]
    state, result = eotw_span.pass_time(state, 2, Unit.DAY)
    assert result.title.english() == "Time passes (2 days). Torch 1 goes out (day 1 of 2)."
    assert [(x.name, x.left) for x in state.entries] == [("Jana's burns", 5)]


@pytest.mark.parametrize(
    ("left", "count", "span", "unit", "ends"),
    [
        (1, 1, Unit.SCENE, Unit.SCENE, True),
        (2, 1, Unit.SCENE, Unit.SCENE, False),
        (1, 5, Unit.SCENE, Unit.DAY, False),  # a scene is within a day
        (MAX_COUNT, 1, Unit.DAY, Unit.SCENE, True),  # a day ends every scene
        (1, 1, Unit.DAY, Unit.DAY, True),
        (2, 1, Unit.DAY, Unit.DAY, False),
    ],
)
def test_eotw_every_pair_of_its_units(
    left: int, count: int, span: Unit, unit: Unit, ends: bool
) -> None:
    state = add_timer(Timers(), "Ward", left, unit)
    after, result = eotw_span.pass_time(state, count, span)
    assert (after.entries == ()) is ends
    assert ("runs out" in result.title.english()) is ends


@pytest.mark.parametrize("count", [0, 367, -1])
def test_an_eotw_span_out_of_range_is_refused(count: int) -> None:
    with pytest.raises(RulesError, match="from 1 to 366"):
        eotw_span.pass_time(Timers(), count, Unit.DAY)


def test_an_eotw_span_counts_in_scenes_or_days_only() -> None:
    with pytest.raises(RulesError, match="scenes or days"):
        eotw_span.pass_time(Timers(), 1, Unit.HOUR)


# --- the stored part: what is saved loads back; what is crafted is read or refused ---------------


def envelope(data: Any) -> str:
    return json.dumps({"app": "omen", "kind": "timers", "schema": 1, "data": data})


def test_what_is_saved_loads_back() -> None:
    state = add_timer(TORCH, "Hlídka <script>", 7, Unit.DAY)
    assert store.decode(SCHEMA, store.encode(SCHEMA, state.to_json())) == state


def row(*values: Any) -> dict[str, Any]:
    return {"entries": [list(values)], "next_id": 10}


@pytest.mark.parametrize(
    "data",
    [
        row(1, -3, "turn", "torch", 1, ""),  # a negative count
        row(1, 0, "turn", "torch", 1, ""),
        row(1, 10**12, "turn", "torch", 1, ""),  # a huge count
        row(1, "٣", "turn", "torch", 1, ""),  # a count in Arabic-Indic digits
        row(1, 3.0, "turn", "torch", 1, ""),
        row(1, True, "turn", "torch", 1, ""),
        row(1, 3, "week", "torch", 1, ""),
        row(1, 3, "turn", "candle", 1, ""),
        row(1, 3, "turn", "torch", 0, ""),
        row(1, 3, "turn", None, 0, ""),  # a timer without a name
        row(1, 3, "turn", None, 0, "x" * 61),
        row(1, 3, "turn", None, 0, "a\u202eb"),
        row(1, 3, "turn", None, 2, "Ward"),
        row(10, 3, "turn", None, 0, "Ward"),  # an id the clock has not given yet
        row(1, 3, "turn"),
        {"entries": [[1, 3, "turn", "torch", 1, ""], [1, 3, "turn", None, 0, "W"]], "next_id": 9},
        {"entries": [[1, 3, "turn", "torch", 1, ""], [2, 3, "turn", "torch", 1, ""]], "next_id": 9},
        {"entries": [[1, 3, "day", "torch", 1, ""], [2, 3, "day", "torch", 1, ""]], "next_id": 9},
        {
            "entries": [[i, 3, "turn", None, 0, f"T{i}"] for i in range(1, 10_001)],
            "next_id": 10_001,
        },
        {"entries": [], "next_id": 0},
        {"entries": [], "next_id": "1"},
        {"entries": {}, "next_id": 1},
        {"entries": [], "next_id": 1, "more": 1},
        {"entries": [], "next_id": 1, "last": {"title": "x", "steps": [], "kind": "y"}},
        {"entries": [], "next_id": 1, "last": {"title": {"key": "<b>{x}</b>"}, "steps": []}},
        {"entries": [], "next_id": 1, "last": 5},
        [],
        None,
    ],
)
def test_crafted_stored_values_are_refused_with_a_sentence(data: Any) -> None:
    with pytest.raises(StoredDataError) as error:
        store.decode(SCHEMA, envelope(data))
    assert error.value.message.english() in {
        "The stored lights and timers are damaged and cannot be read.",
        "The saved data is not valid JSON.",
        "A saved step is damaged.",  # the last span's result, read as every result is
        "The saved value 'outcome' is missing or damaged.",
    }


def test_the_last_span_is_kept_with_the_clock_and_loads_back() -> None:
    state = add_light(Timers(), LightKind.FLASHLIGHT, 1, Unit.SCENE)
    state, result = eotw_span.pass_time(state, 2, Unit.SCENE)
    assert state.last == result
    assert store.decode(SCHEMA, store.encode(SCHEMA, state.to_json())) == state
    # stored before any span was let pass: no "last" at all
    assert "last" not in Timers().to_json()


def test_crafted_values_within_the_rules_load_as_text() -> None:
    data = row(3, 10_000, "day", None, 0, "<img src=x onerror=alert(1)> ٣٤")
    state = store.decode(SCHEMA, envelope(data))
    assert state.entries[0].name == "<img src=x onerror=alert(1)> ٣٤"
    assert state.entries[0].left == MAX_COUNT
    assert store.decode(SCHEMA, store.encode(SCHEMA, state.to_json())) == state


def test_a_refused_value_is_kept_aside_not_lost() -> None:
    crafted = envelope(row(1, -3, "turn", "torch", 1, ""))
    told: list[Step] = []
    keeper = store.Keeper(store.MemoryBackend({SCHEMA.key: crafted}), told.append, lambda: "T1")
    assert keeper.load(SCHEMA) is None
    aside = keeper.aside()
    assert [copy.key.split("/")[2] for copy in aside] == ["timers"]
    assert keeper.read(aside[0].key) == crafted
    assert told


def test_the_part_starts_empty_and_is_not_in_links() -> None:
    from omen.campaign.parts import PARTS, Place

    part = PARTS["timers"]
    assert part.schema is SCHEMA
    assert not part.goes(Place.LINK) and part.goes(Place.BACKUP) and part.goes(Place.SYNC)
    assert timers.Timers() == Timers((), 1)


# --- how the units relate: every pair, against a plain model in minutes ---------------------

# minutes in each unit with a length (an exploration turn of 10 minutes); a scene has none
MODEL_MINUTES = {Unit.TURN: 10, Unit.HOUR: 60, Unit.DAY: 1440}


def modelled(left: int, count: int, span: Unit, unit: Unit) -> tuple[int, int]:
    """What is left, and the unit of the span it ended in (0: it lasts), written from the
    rule: a day ends every scene; units with a length take off their whole minutes; a
    scene and a unit with a length leave each other."""
    if count == 0:
        return left, 0
    if span is unit:
        return max(left - count, 0), (left if left <= count else 0)
    if span is Unit.DAY and unit is Unit.SCENE:
        return 0, 1
    if span is Unit.SCENE or unit is Unit.SCENE:
        return left, 0
    need = left * MODEL_MINUTES[unit]  # minutes until it ends
    if count * MODEL_MINUTES[span] >= need:
        return 0, next(k for k in range(1, count + 1) if k * MODEL_MINUTES[span] >= need)
    return left - count * MODEL_MINUTES[span] // MODEL_MINUTES[unit], 0


# Whether one unit of a span ends a thing with one unit of its own left: the table of the
# help sheet, written out (span first).
ENDS_WITH_ONE_LEFT = {
    (Unit.TURN, Unit.TURN): True,
    (Unit.TURN, Unit.HOUR): False,
    (Unit.TURN, Unit.DAY): False,
    (Unit.TURN, Unit.SCENE): False,
    (Unit.HOUR, Unit.TURN): True,
    (Unit.HOUR, Unit.HOUR): True,
    (Unit.HOUR, Unit.DAY): False,
    (Unit.HOUR, Unit.SCENE): False,
    (Unit.DAY, Unit.TURN): True,
    (Unit.DAY, Unit.HOUR): True,
    (Unit.DAY, Unit.DAY): True,
    (Unit.DAY, Unit.SCENE): True,
    (Unit.SCENE, Unit.TURN): False,
    (Unit.SCENE, Unit.HOUR): False,
    (Unit.SCENE, Unit.DAY): False,
    (Unit.SCENE, Unit.SCENE): True,
}


@pytest.mark.parametrize(("span", "unit"), list(ENDS_WITH_ONE_LEFT))
@pytest.mark.parametrize("kind", [LightKind.TORCH, None])
def test_every_pair_of_units_a_light_or_timer_with_one_left(
    span: Unit, unit: Unit, kind: LightKind | None
) -> None:
    state = add_light(Timers(), kind, 1, unit) if kind else add_timer(Timers(), "Ward", 1, unit)
    after, burn = tick(state, 2, span)
    if ENDS_WITH_ONE_LEFT[(span, unit)]:
        said = "goes out" if kind else "runs out"
        assert after.entries == () and [at for _, at in burn.ended] == [1]
        assert burn.steps[0].english().endswith(f"{said} ({timers.UNIT_NAMES[span]} 1 of 2).")
    else:  # it lasts (a span that can move it still warns of its last unit)
        assert after == state and burn.ended == ()


@pytest.mark.parametrize("span", list(Unit))
@pytest.mark.parametrize("unit", list(Unit))
def test_a_longer_span_ends_what_a_shorter_unit_counts_up_to_what_it_holds(
    span: Unit, unit: Unit
) -> None:
    # the most of ``unit`` one unit of ``span`` holds, by the plain model
    if span is Unit.DAY and unit is Unit.SCENE:
        most = MAX_COUNT
    elif Unit.SCENE in (span, unit) and span is not unit:
        most = 0
    else:
        most = MODEL_MINUTES.get(span, 1) // MODEL_MINUTES.get(unit, 1)
    for left in {1, most, most + 1} - {0}:
        if left > MAX_COUNT:
            continue
        after, burn = tick(add_timer(Timers(), "Ward", left, unit), 1, span)
        assert (after.entries == ()) is (left <= most), (span, unit, left)
        if left <= most:
            assert english(burn.steps) == ["Timer 'Ward' runs out."]


@given(
    left=st.integers(1, MAX_COUNT),
    count=st.integers(0, 400),
    span=UNITS_ANY,
    unit=UNITS_ANY,
)
def test_a_span_takes_off_what_the_plain_model_says(
    left: int, count: int, span: Unit, unit: Unit
) -> None:
    state = add_timer(Timers(), "Ward", left, unit)
    after, burn = tick(state, count, span)
    rest, at = modelled(left, count, span, unit)
    assert [x.left for x in after.entries] == ([rest] if rest else [])
    assert [a for _, a in burn.ended] == ([at] if at else [])
    ahead = look_ahead(state, count, span)
    assert len(ahead) == (1 if at else 0)
    if at and span is not unit:
        assert ahead[0].args["at"] == at and ahead[0].args["count"] == count


def test_what_another_game_counts_stands_still_among_this_games_units() -> None:
    # a torch lit in a Liminal Horror campaign, in exploration turns; the campaign is now
    # a GURPS one, whose lights count hours
    state = add_light(Timers(), LightKind.TORCH, 6, Unit.TURN)
    state = add_light(state, LightKind.TORCH, 1, Unit.HOUR)
    after, burn = tick(state, 4, Unit.HOUR, among=(Unit.HOUR,))
    assert [(x.unit, x.left) for x in after.entries] == [(Unit.TURN, 6)]
    assert english(burn.steps) == ["Torch 1 goes out (hour 1 of 4)."]
    assert english(look_ahead(state, 4, Unit.HOUR, among=(Unit.HOUR,))) == [
        "Torch 1 goes out in 1 hour."
    ]
    # The End of the World counts scenes and days: its span leaves the turn torch too
    after, result = eotw_span.pass_time(state, 1, Unit.DAY)
    assert [(x.unit, x.left) for x in after.entries] == [(Unit.TURN, 6), (Unit.HOUR, 1)]
    assert result.title.english() == "Time passes (1 day)."


def test_the_turn_length_is_the_games() -> None:
    # a 20-minute exploration turn: an hour holds 3, a day 72
    state = add_light(Timers(), LightKind.TORCH, 4, Unit.TURN)
    after, _ = tick(state, 1, Unit.HOUR, turn_minutes=20)
    assert after.entries[0].left == 1
    after, burn = tick(state, 2, Unit.HOUR, turn_minutes=20)
    assert after.entries == () and english(burn.steps) == ["Torch 1 goes out (hour 2 of 2)."]
    assert timers.span_holds(Unit.DAY, Unit.TURN, 20) == 72


# --- a state machine against a plain model ---------------------------------------------------


UNITS = st.sampled_from(list(Unit))
KINDS = st.sampled_from(list(LightKind))


class Clock(RuleBasedStateMachine):
    """Lights and timers as a list of [id, name or kind, left, unit], Undo a stack of them."""

    def __init__(self) -> None:
        super().__init__()
        self.state = Timers()
        self.model: list[list[Any]] = []
        self.next_id = 1
        self.history: list[tuple[Timers, list[list[Any]], int]] = []

    def remember(self) -> None:
        self.history.append((self.state, [list(x) for x in self.model], self.next_id))

    @precondition(lambda self: len(self.model) < MAX_ENTRIES)
    @rule(kind=KINDS, count=st.integers(1, 12), unit=UNITS)
    def light(self, kind: LightKind, count: int, unit: Unit) -> None:
        self.remember()
        self.state = add_light(self.state, kind, count, unit)
        self.model.append([self.next_id, kind, count, unit])
        self.next_id += 1

    @precondition(lambda self: len(self.model) < MAX_ENTRIES)
    @rule(name=st.sampled_from(["Ward", "Bless", "Hlídka"]), count=st.integers(1, 12), unit=UNITS)
    def timer(self, name: str, count: int, unit: Unit) -> None:
        self.remember()
        self.state = add_timer(self.state, name, count, unit)
        self.model.append([self.next_id, name, count, unit])
        self.next_id += 1

    @rule(count=st.integers(0, 15), unit=UNITS)
    def passes(self, count: int, unit: Unit) -> None:
        self.remember()
        self.state, burn = tick(self.state, count, unit)
        gone = [x for x in self.model if count and modelled(x[2], count, unit, x[3])[1]]
        for x in self.model:
            x[2] = modelled(x[2], count, unit, x[3])[0]
        self.model = [x for x in self.model if x[2] > 0]
        assert sorted(entry.id for entry, _ in burn.ended) == sorted(x[0] for x in gone)
        assert [at for _, at in burn.ended] == sorted(at for _, at in burn.ended)

    @precondition(lambda self: bool(self.model))
    @rule(pick=st.integers(0, 100))
    def put_out(self, pick: int) -> None:
        self.remember()
        target = self.model[pick % len(self.model)]
        self.state, _ = put_out(self.state, target[0])
        self.model.remove(target)

    @precondition(lambda self: bool(self.history))
    @rule()
    def undo(self) -> None:
        stored = self.history.pop()
        self.state = store.decode(SCHEMA, store.encode(SCHEMA, stored[0].to_json()))
        self.model, self.next_id = stored[1], stored[2]

    @invariant()
    def agrees(self) -> None:
        assert [(x.id, x.left, x.unit) for x in self.state.entries] == [
            (x[0], x[2], x[3]) for x in self.model
        ]
        assert store.decode(SCHEMA, store.encode(SCHEMA, self.state.to_json())) == self.state
        numbers = [(x.kind, x.unit, x.number) for x in self.state.lights]
        assert len(set(numbers)) == len(numbers)


Clock.TestCase.settings = settings(max_examples=60, stateful_step_count=30, deadline=None)
TestClock = Clock.TestCase

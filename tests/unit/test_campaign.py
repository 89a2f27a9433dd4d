"""Session state: the check action, pool reset, the undo log and record validation."""

from __future__ import annotations

from typing import Any

import pytest

from omen.campaign import settings
from omen.campaign.exploration import Procedure, TensionSettings, TurnClock
from omen.campaign.state import (
    PREFS,
    Campaign,
    Entry,
    Exploration,
    Log,
    Outcome,
    Prefs,
    check,
    reset_pool,
    tension_settings,
)
from omen.campaign.tables import Entry as Line
from omen.campaign.tables import Library, Location, Table
from omen.campaign.voidcrawl import Phase
from omen.core import store
from omen.core.dice import ScriptedDice
from omen.core.errors import StoredDataError
from omen.core.roll import Step
from omen.core.store import decode, encode


def values(**changes: Any) -> dict[str, settings.Value]:
    out = settings.defaults()
    for name, value in changes.items():
        out[name.replace("__", ".")] = value
    return out


def english(steps: tuple[Step, ...]) -> list[str]:
    return [step.english() for step in steps]


# --- check(): the Tension Die ------------------------------------------------------


def test_next_turn_with_the_tension_die() -> None:
    state, outcome = check(Exploration(), values(), ScriptedDice([6, 3]), advance=True)
    assert (state.clock.turn, state.clock.checks, state.pool) == (1, 1, 11)
    assert outcome.title.english() == "Tension Die: nothing yet (pool 11)"
    assert outcome.kind == "nothing"
    assert english(outcome.steps) == [
        "Turn 1 begins.",
        "rolled 6",
        "6 explodes: rolled 3",
        "pool 20 → 11",
    ]
    assert state.last == outcome
    assert state.procedure is Procedure.TENSION_DIE


def test_drawing_attention_can_trigger_and_reset_to_the_setting() -> None:
    start = Exploration(clock=TurnClock(turn=4, checks=4), pool=3)
    state, outcome = check(start, values(tension__start=12), ScriptedDice([6, 5]), advance=False)
    assert (state.clock.turn, state.clock.checks, state.pool) == (4, 5, 12)
    assert outcome.title.english() == "Tension Die: an encounter! The pool resets to 12."
    assert outcome.kind == "encounter"
    assert english(outcome.steps) == [
        "The party draws attention (turn 4 goes on).",
        "rolled 6",
        "6 explodes: rolled 5",
        "pool 3 → -8",
        "The pool is spent: an encounter happens, and the pool resets to 12.",
    ]


def test_keep_exploding_setting_reaches_the_die() -> None:
    state, outcome = check(
        Exploration(pool=30),
        values(tension__keep_exploding=True),
        ScriptedDice([6, 6, 1]),
        advance=True,
    )
    assert state.pool == 17
    assert english(outcome.steps)[-1] == "pool 30 → 17"


def test_check_leaves_the_old_state_alone() -> None:
    before = Exploration(pool=9)
    check(before, values(), ScriptedDice([2]), advance=True)
    assert before == Exploration(pool=9)


# --- check(): the Encounter Die ----------------------------------------------------

ENCOUNTER_DIE = [
    (1, "encounter", "Encounter Die 1: An encounter happens now."),
    (3, "sign", "Encounter Die 3: A sign, omen or clue."),
    (6, "nothing", "Encounter Die 6: Nothing happens."),
]


@pytest.mark.parametrize(("face", "kind", "title"), ENCOUNTER_DIE)
def test_encounter_die_check(face: int, kind: str, title: str) -> None:
    start = Exploration(procedure=Procedure.ENCOUNTER_DIE, pool=7)
    state, outcome = check(start, values(), ScriptedDice([face]), advance=True)
    assert outcome.title.english() == title
    assert outcome.kind == kind
    meaning = title.split(": ", 1)[1]
    assert english(outcome.steps) == [
        "Turn 1 begins.",
        f"rolled {face}",
        f"{face} on the Encounter Die: {meaning}",
    ]
    assert state.pool == 7  # the Encounter Die leaves the pool alone
    assert (state.clock.turn, state.clock.checks) == (1, 1)


def test_encounter_die_draw_attention_keeps_the_turn() -> None:
    start = Exploration(procedure=Procedure.ENCOUNTER_DIE, clock=TurnClock(turn=2, checks=2))
    state, outcome = check(start, values(), ScriptedDice([4]), advance=False)
    assert (state.clock.turn, state.clock.checks) == (2, 3)
    assert outcome.steps[0].english() == "The party draws attention (turn 2 goes on)."


# A stored exploration may name the Voidcrawl procedure (the Explore screen offers it),
# but check() sends every procedure other than the Tension Die to the Encounter Die.
def test_voidcrawl_is_not_rolled_as_the_encounter_die() -> None:
    start = Exploration(procedure=Procedure.VOIDCRAWL)
    _state, outcome = check(start, values(), ScriptedDice([2, 2, 2, 2]), advance=True)
    assert not outcome.title.english().startswith("Encounter Die")


# --- reset_pool and tension_settings ------------------------------------------------


def test_reset_pool_uses_the_starting_value() -> None:
    state = Exploration(clock=TurnClock(turn=5, checks=7), pool=2)
    reset = reset_pool(state, values(tension__start=15))
    assert reset.pool == 15
    assert reset.clock == state.clock  # no check, no turn
    assert reset.last is not None and reset.last.kind == "reset"
    assert reset.last.title.english() == "The tension pool is reset to 15."


def test_a_reset_pool_shows_in_the_headline_not_the_pool_before_it() -> None:
    """The headline says the pool as it is after the reset (20), not the 13 it fell to."""
    state, outcome = check(
        Exploration(procedure=Procedure.TENSION_DIE), values(), ScriptedDice([6, 1]), advance=True
    )
    assert outcome.title.english() == "Tension Die: nothing yet (pool 13)"
    reset = reset_pool(state, values())
    assert reset.pool == 20 and reset.last is not None
    assert reset.last.title.english() == "The tension pool is reset to 20."


def test_tension_settings_from_values() -> None:
    got = tension_settings(values(tension__start=25, tension__keep_exploding=True))
    assert got == TensionSettings(25, True)


# --- the log --------------------------------------------------------------------------


def outcome(title: str) -> Outcome:
    return Outcome(Step(title), (Step("because"),), "nothing")


def before(pool: int) -> tuple[str, Any]:
    return ("exploration", Exploration(pool=pool).to_json())


def test_add_puts_the_newest_first_with_rising_ids() -> None:
    log = Log().add("t1", outcome("first"), "first", before(20))
    log = log.add("t2", outcome("second"), "second", before(15))
    assert [(e.id, e.text) for e in log.entries] == [(2, "second"), (1, "first")]
    newest = log.entries[0]
    assert newest.title == Step("second")
    assert newest.steps == (Step("because"),)
    assert newest.at == "t2"
    assert newest.undone is False
    assert newest.before == before(15)


def test_undo_walks_back_one_action_at_a_time() -> None:
    log = Log()
    for n in range(1, 4):
        log = log.add(f"t{n}", outcome(f"action {n}"), f"action {n}", before(20 - n))
    undone = []
    while (entry := log.last_undoable()) is not None:
        undone.append(entry.id)
        assert entry.before == before(20 - entry.id)  # the state to put back
        log = log.mark_undone(entry.id)
    assert undone == [3, 2, 1]
    assert [e.undone for e in log.entries] == [True, True, True]


def test_entries_without_a_before_are_skipped() -> None:
    log = Log().add("t1", outcome("a check"), "a check", before(20))
    log = log.add("t2", outcome("a dice roll"), "a dice roll", None)
    entry = log.last_undoable()
    assert entry is not None and entry.id == 1
    log = log.mark_undone(1)
    assert log.last_undoable() is None
    assert [e.undone for e in log.entries] == [False, True]  # the roll stays as it was


def test_a_new_action_after_undo_is_undone_first() -> None:
    log = Log().add("t1", outcome("one"), "one", before(20))
    log = log.add("t2", outcome("two"), "two", before(18))
    log = log.mark_undone(2)
    log = log.add("t3", outcome("three"), "three", before(18))
    assert [e.id for e in log.entries] == [3, 2, 1]
    entry = log.last_undoable()
    assert entry is not None and entry.id == 3
    log = log.mark_undone(3)
    entry = log.last_undoable()
    assert entry is not None and entry.id == 1


def test_mark_undone_of_an_unknown_id_changes_nothing() -> None:
    log = Log().add("t1", outcome("one"), "one", before(20))
    assert log.mark_undone(99) == log


def test_the_log_keeps_every_entry() -> None:
    """Nothing is dropped to keep the log short (it was cut at 300 entries, silently):
    a long log is kept as pages (omen.campaign.logbook), and the game master is told before
    storage runs out."""
    log = Log()
    for n in range(1, 306):
        log = log.add("t", outcome(f"{n}"), f"{n}", None)
    assert len(log.entries) == 305
    assert log.entries[-1].id == 1
    title = Step("rolled {face}", {"face": 1})
    entries = [Entry(n, "t", title, (), "x").to_json() for n in range(310, 0, -1)]
    assert len(Log.from_json({"entries": entries}).entries) == 310


# --- preferences and campaign validation -----------------------------------------------


@pytest.mark.parametrize(
    ("data", "prefs"),
    [
        ({}, Prefs("", "auto")),
        ({"language": "cs"}, Prefs("cs", "auto")),
        ({"language": "en", "theme": "dark"}, Prefs("en", "dark")),
        ({"language": "", "theme": "light"}, Prefs("", "light")),
        ({"vibrate": False, "sound": True}, Prefs("", "auto", vibrate=False, sound=True)),
    ],
)
def test_prefs_accepted(data: dict[str, Any], prefs: Prefs) -> None:
    assert Prefs.from_json(data) == prefs
    assert Prefs.from_json(prefs.to_json()) == prefs


def test_prefs_keep_the_install_hint_dismissed_and_migrate() -> None:
    seen = Prefs("cs", "dark", install_hint_seen=True)
    assert decode(PREFS, encode(PREFS, seen.to_json())) == seen
    old = '{"app":"omen","kind":"prefs","schema":1,"data":{"language":"cs","theme":"dark"}}'
    # a game master from before format 3 was never asked for the game, and is not now
    assert decode(PREFS, old) == Prefs("cs", "dark", install_hint_seen=False, game_asked=True)
    with pytest.raises(StoredDataError, match="install_hint_seen"):
        Prefs.from_json({"install_hint_seen": "yes"})


@pytest.mark.parametrize(
    ("data", "field"),
    [
        ([], "prefs"),
        ({"language": "de"}, "language"),
        ({"language": "CS"}, "language"),
        ({"language": 1}, "language"),
        ({"theme": "pink"}, "theme"),
        ({"theme": None}, "theme"),
        ({"vibrate": "yes"}, "vibrate"),
        ({"vibrate": None}, "vibrate"),
        ({"sound": 1}, "sound"),
    ],
)
def test_prefs_refused(data: Any, field: str) -> None:
    with pytest.raises(StoredDataError) as caught:
        Prefs.from_json(data)
    assert str(caught.value) == f"The saved value '{field}' is missing or damaged."


def test_prefs_of_format_1_gain_roll_feedback_as_the_defaults() -> None:
    """Prefs saved before roll feedback existed load with a buzz and no sound."""
    old = (
        '{"app": "omen", "kind": "prefs", "schema": 1, "data": {"language": "cs", "theme": "dark"}}'
    )
    # and, from before format 3, count as asked which game the table plays
    assert store.decode(PREFS, old) == Prefs(
        "cs", "dark", vibrate=True, sound=False, game_asked=True
    )
    again = store.decode(PREFS, store.encode(PREFS, Prefs("en", sound=True).to_json()))
    assert again == Prefs("en", sound=True)


def test_campaign_defaults() -> None:
    campaign = Campaign()
    assert campaign.name == "My campaign"
    assert campaign.game == "liminal_horror"
    assert campaign.values == settings.defaults()
    assert Campaign.from_json(campaign.to_json()) == campaign


def test_campaign_settings_are_cleaned() -> None:
    data = {
        "name": "Hrob",
        "game": "ose",
        "settings": {"tension.start": 999, "tension.keep_exploding": True, "gone": 1},
    }
    campaign = Campaign.from_json(data)
    assert campaign.values["tension.start"] == 20  # out of range: back to the default
    assert campaign.values["tension.keep_exploding"] is True
    assert "gone" not in campaign.values


def test_campaign_without_settings_gets_defaults() -> None:
    campaign = Campaign.from_json({"name": "x", "game": "gurps"})
    assert campaign.values == settings.defaults()


@pytest.mark.parametrize(
    ("data", "field"),
    [
        (None, "campaign"),
        ({"game": "ose"}, "name"),
        ({"name": "", "game": "ose"}, "name"),
        ({"name": "x" * 121, "game": "ose"}, "name"),
        ({"name": 5, "game": "ose"}, "name"),
        ({"name": "x", "game": "dnd"}, "game"),
        ({"name": "x"}, "game"),
        ({"name": "x", "game": "ose", "settings": []}, "settings"),
    ],
)
def test_campaign_refused(data: Any, field: str) -> None:
    with pytest.raises(StoredDataError) as caught:
        Campaign.from_json(data)
    assert str(caught.value) == f"The saved value '{field}' is missing or damaged."


def test_campaign_name_of_120_characters_is_fine() -> None:
    assert Campaign.from_json({"name": "ž" * 120, "game": "eotw"}).name == "ž" * 120


@pytest.mark.parametrize(
    ("data", "field"),
    [
        ({"procedure": "tension_die", "turn": 0, "checks": 0, "pool": 0}, "pool"),
        ({"procedure": "tension_die", "turn": 0, "checks": 0, "pool": 201}, "pool"),
        ({"procedure": "tension_die", "turn": 0, "checks": 0, "pool": True}, "pool"),
        ({"procedure": "tension_die", "turn": -1, "checks": 0, "pool": 5}, "turn"),
        ({"procedure": "tension_die", "turn": 0, "checks": "1", "pool": 5}, "checks"),
        ({"procedure": "dice", "turn": 0, "checks": 0, "pool": 5}, "procedure"),
        ({"turn": 0, "checks": 0, "pool": 5}, "procedure"),
    ],
)
def test_exploration_refused(data: dict[str, Any], field: str) -> None:
    with pytest.raises(StoredDataError) as caught:
        Exploration.from_json(data)
    assert str(caught.value) == f"The saved value '{field}' is missing or damaged."


# --- encounters roll on the current location's table; the Voidcrawl ------------------


def library() -> Library:
    table = Table(
        "woods",
        "Woods",
        "d6",
        (Line("Wolves", 1, 3, violent=True), Line("A hermit", 4, 6, reaction=True)),
    )
    return Library((table,), (Location("wood", "The wood", ("woods",), "woods"),))


def test_an_encounter_rolls_on_the_location_table() -> None:
    start = Exploration(procedure=Procedure.ENCOUNTER_DIE, location="wood")
    state, outcome = check(start, values(), ScriptedDice([1, 5]), advance=True, library=library())
    assert outcome.kind == "encounter"
    assert (state.met, state.reaction) == ("A hermit", True)
    assert english(outcome.steps)[-3:-1] == ["d6: 5", "5 falls in 4-6: A hermit"]


def test_an_encounter_without_a_location_says_so() -> None:
    start = Exploration(procedure=Procedure.ENCOUNTER_DIE)
    state, outcome = check(start, values(), ScriptedDice([1]), advance=True, library=library())
    assert state.met == ""
    assert english(outcome.steps)[-1] == "No location is chosen: make up the encounter."


def test_voidcrawl_by_day_filters_a_horror_and_by_night_meets_the_location() -> None:
    day = Exploration(procedure=Procedure.VOIDCRAWL, location="wood", phase=Phase.DAY)
    state, outcome = check(day, values(), ScriptedDice([5]), advance=True, library=library())
    assert outcome.title.english() == "Voidcrawl: nothing happens"
    assert outcome.kind == "nothing"
    night = Exploration(procedure=Procedure.VOIDCRAWL, location="wood", phase=Phase.NIGHT)
    state, outcome = check(night, values(), ScriptedDice([6, 2]), advance=True, library=library())
    assert outcome.title.english() == "Voidcrawl: Night Encounter"
    assert outcome.kind == "encounter"
    assert state.met == "Wolves"
    assert english(outcome.steps)[-2:] == [
        "2 falls in 1-3: Wolves",
        "A horror: this encounter is violent.",
    ]


def test_voidcrawl_descent_chosen_on_explore_overrides_the_location() -> None:
    night = Exploration(procedure=Procedure.VOIDCRAWL, phase=Phase.NIGHT, descent=1)
    _state, outcome = check(night, values(), ScriptedDice([3]), advance=True)
    assert outcome.title.english() == "Voidcrawl: nothing happens"


def test_exploration_round_trips_location_phase_and_descent() -> None:
    state = Exploration(location="wood", phase=Phase.NIGHT, descent=2, met="Wolves", reaction=True)
    assert Exploration.from_json(state.to_json()) == state
    old = Exploration().to_json()
    for key in ("location", "phase", "descent", "met", "reaction"):
        del old[key]
    # a missing phase is format 1's Day (new explorations start with no cycle)
    assert Exploration.from_json(old) == Exploration(phase=Phase.DAY)
    assert Exploration.from_json(Exploration().to_json()).phase is None

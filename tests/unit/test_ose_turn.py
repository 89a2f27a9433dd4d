"""The OSE dungeon turn and wilderness day, written from the SRD's rules: the check's
schedule and odds, rest, light and timers, and the stored clock against hostile data."""

from __future__ import annotations

import itertools
import json
from dataclasses import replace
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from omen.campaign.settings import by_key, defaults
from omen.campaign.tables import Entry, Library, Location, Table
from omen.core.dice import ScriptedDice
from omen.core.errors import RulesError, ScriptExhausted, StoredDataError
from omen.core.store import decode, encode
from omen.ose import turn as t


def stored(data: object) -> t.TurnState:
    return decode(t.SCHEMA, encode(t.SCHEMA, data))


def roundtrip(state: t.TurnState) -> t.TurnState:
    return stored(json.loads(json.dumps(state.to_json())))


def texts(outcome: object) -> list[str]:
    return [step.english() for step in outcome.steps]  # type: ignore[attr-defined]


# --- the wandering-monster chance --------------------------------------------------------


@pytest.mark.parametrize("faces", range(0, 7))
@pytest.mark.parametrize("checks", range(0, 7))
def test_the_chance_within_n_checks_matches_every_sequence_of_dice(faces: int, checks: int) -> None:
    """Enumerate every way ``checks`` d6 can fall: the share with at least one face at
    or under the chance is the exact chance of an encounter within that many checks."""
    throws = list(itertools.product(range(1, 7), repeat=checks))
    hits = sum(1 for throw in throws if any(face <= faces for face in throw))
    assert t.within(Fraction(faces, 6), checks) == Fraction(hits, len(throws))


def test_the_default_dungeon_schedule_checks_every_second_turn_at_1_in_6() -> None:
    values = defaults()
    state = t.TurnState()
    checked = []
    for _turn in range(6):
        odds = t.turn_odds(state, values)
        checked.append(odds.checked)
        if odds.checked:
            assert odds.chance == Fraction(1, 6)
        state, _ = t.next_turn(state, values, ScriptedDice([6] if odds.checked else []))
    assert checked == [False, True, False, True, False, True]
    # three checks in six turns: 1 - (5/6)^3
    assert t.within(Fraction(1, 6), t.checks_within(6, 2)) == Fraction(91, 216)


def test_frequency_and_chance_are_settings() -> None:
    values = {**defaults(), "ose.check_every": 1, "ose.check_chance": 2}
    odds = t.turn_odds(t.TurnState(), values)
    assert odds.checked and odds.chance == Fraction(1, 3)
    assert by_key()["ose.check_every"].default == 2
    assert by_key()["ose.check_chance"].default == 1


def test_noise_checks_an_unscheduled_turn_at_a_higher_chance() -> None:
    values = defaults()
    odds = t.turn_odds(t.TurnState(), values, noise=True)
    assert odds.checked and odds.faces == 2 and odds.chance == Fraction(1, 3)
    state, outcome = t.next_turn(t.TurnState(), values, ScriptedDice([2]), noise=True)
    assert outcome.kind == "encounter" and state.encounter
    assert outcome.title.english() == "Turn 1: wandering monsters! (2 on the d6)"
    assert "Noise: this turn is checked, and the chance rises by +1." in texts(outcome)


def test_rest_lowers_the_chance_when_the_referee_says_so() -> None:
    values = {**defaults(), "ose.rest_chance": -1}
    assert t.turn_odds(t.TurnState(turn=1), values, rest=True).chance == 0
    state, outcome = t.next_turn(t.TurnState(turn=1), values, ScriptedDice([1]), rest=True)
    assert outcome.kind == "nothing"  # 1 is above a chance of 0 in 6
    assert state.since_rest == 0
    assert "Wandering monsters cannot come at this chance (0 in 6)." in texts(outcome)


def test_the_chance_never_leaves_the_die() -> None:
    values = {**defaults(), "ose.check_chance": 6, "ose.noise_chance": 5}
    assert t.turn_odds(t.TurnState(), values, noise=True).chance == 1


# --- a golden dungeon trace ---------------------------------------------------------------


def test_golden_trace_of_three_turns_with_a_torch_and_a_spell() -> None:
    values = defaults()
    state = t.add_light(t.TurnState(), t.LightKind.TORCH)
    state = t.add_timer(state, "  Light   spell ", 2)
    assert state.timers[0].name == "Light spell"
    state, first = t.next_turn(state, values, ScriptedDice([]))
    assert first.title.english() == "Turn 1: no check this turn."
    assert texts(first) == [
        "Turn 1 begins (0 minutes in).",
        "Turn 1 is not checked: a check comes every 2 turns.",
        "Timer 'Light spell' has one turn left: it runs out at the end of the next turn.",
    ]
    state, second = t.next_turn(state, values, ScriptedDice([4]))
    assert texts(second) == [
        "Turn 2 begins (10 minutes in).",
        "Wandering monsters on a 1 on a d6 (1 in 6).",
        "The d6 shows 4: nobody comes.",
        "Timer 'Light spell' has run out.",
    ]
    state, _ = t.next_turn(state, values, ScriptedDice([]))
    assert state.turn == 3 and state.timers == () and state.lights[0].left == 3
    assert roundtrip(state) == state


def test_an_encounter_rolls_on_the_locations_table() -> None:
    table = Table("t1", "Crypt", "d6", (Entry("Ghouls", 1, 6),))
    library = Library(tables=(table,), locations=(Location("l1", "Crypt", encounter="t1"),))
    state, outcome = t.next_turn(
        t.TurnState(turn=1), defaults(), ScriptedDice([1, 3]), library=library, location="l1"
    )
    assert state.met == "Ghouls" and state.encounter
    assert outcome.kind == "encounter"


def test_without_a_location_the_referee_makes_it_up() -> None:
    state, outcome = t.next_turn(
        t.TurnState(turn=1), defaults(), ScriptedDice([1]), library=Library(), location=None
    )
    assert state.met == "" and state.encounter
    assert "No location is chosen: make up the encounter." in texts(outcome)


def test_typed_dice_that_run_out_ask_for_more() -> None:
    with pytest.raises(ScriptExhausted):
        t.next_turn(t.TurnState(turn=1), defaults(), ScriptedDice([]))


# --- rest -----------------------------------------------------------------------------------


def test_one_turn_in_six_is_rest_or_the_party_takes_minus_one() -> None:
    values = {**defaults(), "ose.check_every": 100}
    state = t.TurnState()
    for _ in range(4):
        state, _ = t.next_turn(state, values, ScriptedDice([]))
    assert not state.rest_due
    state, fifth = t.next_turn(state, values, ScriptedDice([]))
    assert state.rest_due and not state.tired
    assert "Five turns without rest: the next turn should be a rest." in texts(fifth)
    state, sixth = t.next_turn(state, values, ScriptedDice([]))
    assert state.tired
    assert "No rest for six turns: -1 to attack and damage until the party rests." in texts(sixth)
    assert any("needs rest" in w.english() for w in t.warnings(state))
    state, rested = t.next_turn(state, values, ScriptedDice([]), rest=True)
    assert not state.tired and state.since_rest == 0
    assert "Rested: the -1 to attack and damage is gone." in texts(rested)


# --- light -------------------------------------------------------------------------------------


@pytest.mark.parametrize(("kind", "turns"), [(t.LightKind.TORCH, 6), (t.LightKind.LANTERN, 24)])
def test_a_light_burns_its_turns_and_warns_one_turn_before(kind: t.LightKind, turns: int) -> None:
    values = {**defaults(), "ose.check_every": 1000}
    state = t.add_light(t.TurnState(), kind)
    name = "Torch" if kind is t.LightKind.TORCH else "Lantern"
    for turn in range(1, turns + 1):
        state, outcome = t.next_turn(state, values, ScriptedDice([]))
        warned = f"{name} 1 has one turn left: it goes out at the end of the next turn."
        out = f"{name} 1 goes out."
        assert (warned in texts(outcome)) == (turn == turns - 1), turn
        assert (out in texts(outcome)) == (turn == turns), turn
        if turn == turns - 1:
            assert t.warnings(state)[0].english() == (
                f"{name} 1 goes out at the end of the next turn."
            )
            assert roundtrip(state).lights[0].left == 1  # the warning survives a reload
    assert state.lights == ()


def test_a_light_can_be_put_out_and_a_second_one_keeps_its_number() -> None:
    state = t.add_light(t.add_light(t.TurnState(), t.LightKind.TORCH), t.LightKind.LANTERN)
    state = t.put_out(state, 1)
    assert [(x.id, x.kind, x.left) for x in state.lights] == [(2, t.LightKind.LANTERN, 24)]
    with pytest.raises(RulesError, match="no longer on the clock"):
        t.put_out(state, 1)
    assert t.add_light(state, t.LightKind.TORCH).lights[-1].id == 3


def test_lights_are_numbered_per_kind() -> None:
    state = t.add_light(t.TurnState(), t.LightKind.TORCH)
    state = t.add_light(state, t.LightKind.LANTERN)
    state = t.add_light(state, t.LightKind.TORCH)
    assert [(x.kind, x.number) for x in state.lights] == [
        (t.LightKind.TORCH, 1),
        (t.LightKind.LANTERN, 1),
        (t.LightKind.TORCH, 2),
    ]
    assert roundtrip(state) == state
    # a torch lit after the first has gone out takes the free number, not a third
    state = t.add_light(t.put_out(state, 1), t.LightKind.TORCH)
    assert [(x.kind, x.number) for x in state.lights][1:] == [
        (t.LightKind.TORCH, 2),
        (t.LightKind.TORCH, 1),
    ]


def test_lights_stored_without_their_number_are_numbered_in_the_order_lit() -> None:
    data = {**good(), "lights": [[1, "torch", 3], [2, "lantern", 20], [3, "torch", 6]]}
    data["timers"] = []
    data["next_id"] = 4
    assert [(x.kind, x.number) for x in stored(data).lights] == [
        (t.LightKind.TORCH, 1),
        (t.LightKind.LANTERN, 1),
        (t.LightKind.TORCH, 2),
    ]


def test_a_day_of_travel_holds_144_turns_of_light_and_timers() -> None:
    state = t.add_light(t.TurnState(terrain=t.Terrain.FOREST), t.LightKind.TORCH)
    state = t.add_light(state, t.LightKind.LANTERN)
    state = t.add_timer(state, "Ward", 144)
    state = t.add_timer(state, "Curse", 146)
    state, outcome = t.next_day(state, ScriptedDice([3]))
    assert state.lights == () and state.day == 1
    assert [(x.name, x.left) for x in state.timers] == [("Curse", 2)]
    assert outcome.title.english() == (
        "Day 1: 3 on the d6, an uneventful day. Torch 1 goes out. "
        "2 more lights or timers ran out too."
    )
    assert [s.english() for s in outcome.steps[-3:]] == [
        "Torch 1 goes out.",
        "Lantern 1 goes out.",
        "Timer 'Ward' has run out.",
    ]
    state, outcome = t.next_day(state, ScriptedDice([3]))
    assert state.timers == () and outcome.title.english().endswith("Timer 'Curse' has run out.")


# --- the wilderness day -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("terrain", "faces"),
    [
        (t.Terrain.CLEAR, 1),
        (t.Terrain.GRASSLAND, 1),
        (t.Terrain.SETTLED, 1),
        (t.Terrain.CITY, 1),
        (t.Terrain.BARREN, 2),
        (t.Terrain.DESERT, 2),
        (t.Terrain.FOREST, 2),
        (t.Terrain.HILLS, 2),
        (t.Terrain.RIVER, 2),
        (t.Terrain.OCEAN, 2),
        (t.Terrain.AERIAL, 2),
        (t.Terrain.JUNGLE, 3),
        (t.Terrain.MOUNTAINS, 3),
        (t.Terrain.SWAMP, 3),
    ],
)
def test_each_terrain_has_its_chance_and_the_die_follows_it(terrain: t.Terrain, faces: int) -> None:
    state = t.TurnState(terrain=terrain)
    assert t.day_odds(state).chance == Fraction(faces, 6)
    for face in range(1, 7):
        new, outcome = t.next_day(state, ScriptedDice([face]))
        assert new.encounter == (face <= faces)
        assert outcome.kind == ("encounter" if face <= faces else "nothing")
        assert new.mode is t.Mode.WILDERNESS


# --- timers and names ---------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["", "   ", "x" * 61, "bad\x00name", "evil\u202ename"])
def test_a_timer_name_that_cannot_be_shown_is_refused(name: str) -> None:
    with pytest.raises(RulesError):
        t.add_timer(t.TurnState(), name, 3)


@pytest.mark.parametrize("turns", [0, -1, 10_001, True, 2.5])
def test_a_timer_length_out_of_range_is_refused(turns: object) -> None:
    with pytest.raises(RulesError, match="whole number of turns"):
        t.add_timer(t.TurnState(), "Haste", turns)  # type: ignore[arg-type]


def test_at_most_twenty_lights() -> None:
    state = t.TurnState()
    for _ in range(t.MAX_LIGHTS):
        state = t.add_light(state, t.LightKind.TORCH)
    with pytest.raises(RulesError, match="At most 20 lights"):
        t.add_light(state, t.LightKind.TORCH)


# --- hostile stored state ---------------------------------------------------------------------


def good() -> dict[str, object]:
    state = t.add_timer(t.add_light(t.TurnState(), t.LightKind.TORCH), "Bless", 6)
    return json.loads(json.dumps(state.to_json()))


@pytest.mark.parametrize(
    "change",
    [
        {"turn": -1},
        {"turn": True},
        {"turn": 10**7},
        {"day": "3"},
        {"mode": "underdark"},
        {"terrain": "lava"},
        {"next_id": 0},
        {"lights": [[1, "torch", 7]]},  # a torch never has more than 6 turns
        {"lights": [[1, "torch", 0]]},  # an out light is no longer on the clock
        {"lights": [[1, "candle", 3]]},
        {"lights": [[1, "torch", 3], [1, "lantern", 3]]},  # one number twice
        {"lights": [[9, "torch", 3]]},  # a number not yet given out
        {"lights": [[[1], "torch", 3]]},
        {"lights": [[1, "torch", 3]] * 21},
        {"lights": [[1, "torch", 3, 0]]},  # a light is called 1 at least
        {"lights": [[1, "torch", 3, 21]]},
        {"lights": [[1, "torch", 3, True]]},
        {"lights": [[1, "torch", 3, 1], [3, "torch", 3, 1]], "next_id": 4},  # two Torch 1
        {"timers": [[2, "x" * 61, 3]]},
        {"timers": [[2, " padded", 3]]},  # not as the app writes a name
        {"timers": [[2, "bidi\u202e", 3]]},
        {"timers": [[2, "Bless", 10_001]]},
        {"timers": [[2, 5, 3]]},
        {"met": "x" * 4001},
        {"encounter": 1},
        {"last": {"title": {"k": "{pool:>99999}"}, "steps": [], "kind": "x"}},
        {"extra": 1},
    ],
)
def test_a_crafted_clock_is_refused_with_a_sentence(change: dict[str, object]) -> None:
    data = {**good(), **change}
    with pytest.raises(StoredDataError):
        stored(data)


def test_a_missing_field_is_refused() -> None:
    data = good()
    del data["lights"]
    with pytest.raises(StoredDataError, match="turn clock is damaged"):
        stored(data)


def test_what_loads_is_what_an_action_could_write() -> None:
    """The write-time check is the read-time check: the record refuses what a load would."""
    with pytest.raises(RulesError):
        t.TurnState(lights=(t.Light(1, t.LightKind.TORCH, 7),), next_id=2)
    with pytest.raises(RulesError):
        t.TurnState(timers=(t.Timer(1, " x", 2),), next_id=2)


@given(
    st.lists(
        st.sampled_from(["turn", "noise", "rest", "torch", "lantern", "timer", "out", "day"]),
        max_size=40,
    ),
    st.lists(st.integers(1, 6), min_size=80, max_size=80),
)
def test_any_sequence_of_actions_stores_and_loads_back(
    actions: list[str], faces: list[int]
) -> None:
    values = defaults()
    state = t.TurnState()
    dice = ScriptedDice(faces)
    for action in actions:
        try:
            if action in ("turn", "noise", "rest"):
                state, _ = t.next_turn(
                    state, values, dice, noise=action == "noise", rest=action == "rest"
                )
            elif action == "torch":
                state = t.add_light(state, t.LightKind.TORCH)
            elif action == "lantern":
                state = t.add_light(state, t.LightKind.LANTERN)
            elif action == "timer":
                state = t.add_timer(state, "Haste", 3)
            elif action == "out":
                state = t.put_out(state, state.next_id - 1)
            else:
                state, _ = t.next_day(state, dice)
        except RulesError:
            pass
        assert roundtrip(state) == state


def test_an_encounter_spends_turns_that_burn_light_but_roll_no_check() -> None:
    state = t.add_light(t.add_light(t.TurnState(turn=3), t.LightKind.TORCH), t.LightKind.LANTERN)
    state, steps = t.pass_turns(state, 6)
    assert state.turn == 9 and state.since_rest == 6
    assert [x.kind for x in state.lights] == [t.LightKind.LANTERN]
    assert [s.english() for s in steps] == ["Torch 1 goes out."]
    state, steps = t.pass_turns(state, 17)
    assert [s.english() for s in steps] == [
        "Lantern 1 has one turn left: it goes out at the end of the next turn."
    ]
    with pytest.raises(RulesError):
        t.pass_turns(state, -1)


# --- a light that burns out is said in the headline and the warnings ------------------------


def test_a_light_that_burns_out_is_in_the_headline_and_the_warnings() -> None:
    values = {**defaults(), "ose.check_every": 2}
    state = t.add_light(t.TurnState(), t.LightKind.TORCH)
    state = t.add_timer(state, "Light spell", 6)
    for _ in range(5):
        state, _ = t.next_turn(state, values, ScriptedDice([4]))
    assert [w.english() for w in t.warnings(state)][:2] == [
        "Torch 1 goes out at the end of the next turn.",
        "Timer 'Light spell' runs out at the end of the next turn.",
    ]
    state, outcome = t.next_turn(state, values, ScriptedDice([5]))
    assert outcome.title.english() == (
        "Turn 6: wandering monsters? 5 on the d6: nobody comes. Torch 1 goes out. "
        "1 more light or timer ran out too."
    )
    assert [w.english() for w in t.warnings(state)] == [
        "Torch 1 has burnt out.",
        "Timer 'Light spell' has run out.",
        "The party needs rest: -1 to attack and damage until it rests a turn.",
    ]
    assert t.warnings(roundtrip(state)) == t.warnings(state)  # a reload keeps them
    state, outcome = t.next_turn(state, values, ScriptedDice([]), rest=True)
    assert outcome.title.english() == "Turn 7: no check this turn."
    assert t.warnings(state) == ()  # said once, at the turn it happened


def test_a_lantern_alone_burning_out_is_named_in_the_headline() -> None:
    state = replace(t.add_light(t.TurnState(turn=2), t.LightKind.LANTERN), since_rest=0)
    state = replace(state, lights=(replace(state.lights[0], left=1),))
    state, outcome = t.next_turn(state, {**defaults(), "ose.check_every": 100}, ScriptedDice([]))
    assert outcome.title.english() == "Turn 3: no check this turn. Lantern 1 goes out."
    assert [w.english() for w in t.warnings(state)] == ["Lantern 1 has burnt out."]


def test_the_encounters_turns_end_the_turns_encounter_and_say_what_burnt_out() -> None:
    state = t.add_light(t.add_light(t.TurnState(turn=3), t.LightKind.TORCH), t.LightKind.LANTERN)
    state = replace(state, met="Ghouls", encounter=True)
    state, outcome = t.after_encounter(state, 6)
    assert not state.encounter and state.met == ""  # Explore no longer names them
    assert outcome.title.english() == (
        "The encounter took 6 turns: the clock is at turn 9. Torch 1 goes out."
    )
    assert state.last == outcome and outcome.kind == t.KIND
    assert t.warnings(state)[0].english() == "Torch 1 has burnt out."
    assert roundtrip(state) == state


def test_a_wilderness_encounter_keeps_the_clock_on_its_day_and_the_next_day_follows() -> None:
    state = t.add_timer(t.TurnState(mode=t.Mode.WILDERNESS), "Curse", 1000)
    for face in (6, 4, 1):
        state, _ = t.next_day(state, ScriptedDice([face]))
    assert state.day == 3 and state.encounter
    state, outcome = t.after_encounter(state, 2)
    assert outcome.title.english() == "Day 3: the encounter is over; the day's travel goes on."
    assert "turn" not in outcome.title.english()
    assert state.last == outcome and outcome.kind == t.KIND and not state.encounter
    # no dungeon turn passed: the timer (three days' turns off) and the rest count stand
    assert (state.day, state.turn, state.since_rest, state.timers[0].left) == (3, 0, 0, 568)
    assert roundtrip(state) == state
    state, outcome = t.next_day(state, ScriptedDice([5]))
    assert outcome.title.english() == "Day 4: 5 on the d6, an uneventful day."


# --- what the clock knows reaches the encounter ----------------------------------------------


def test_an_encounter_from_a_violent_entry_is_said_in_oses_words() -> None:
    table = Table("t1", "Crypt", "d6", (Entry("Ghouls", 1, 6, violent=True),))
    library = Library(tables=(table,), locations=(Location("l1", "Crypt", encounter="t1"),))
    _, outcome = t.next_turn(
        t.TurnState(turn=1), defaults(), ScriptedDice([1, 3]), library=library, location="l1"
    )
    assert "Marked violent on the table: these monsters mean harm." in texts(outcome)
    assert not any("horror" in line.lower() for line in texts(outcome))
    _, day = t.next_day(
        t.TurnState(mode=t.Mode.WILDERNESS), ScriptedDice([1, 2]), library=library, location="l1"
    )
    assert not any("horror" in line.lower() for line in texts(day))


def test_lights_on_the_clock_and_the_place_set_the_encounters_light_and_dark() -> None:
    from omen.ose import session as s
    from omen.ose.sequence import Place, SideSetup

    torch = t.add_light(t.TurnState(turn=4), t.LightKind.TORCH)
    met = s.from_clock("Ghouls", torch)
    assert (met.creature, met.place, met.dark, met.party.light) == (
        "Ghouls",
        Place.DUNGEON,
        True,
        True,
    )
    assert met.monsters == SideSetup()  # nothing of an earlier encounter
    dark = s.from_clock("Ghouls", t.TurnState(turn=4))
    assert dark.dark and not dark.party.light
    day = s.from_clock("Wolves", t.set_mode(torch, t.Mode.WILDERNESS))
    assert (day.place, day.dark) == (Place.WILDERNESS, False)  # a day of travel is daylight


def test_a_second_encounter_starts_from_the_row_and_the_location_only() -> None:
    """Issue 44: the second encounter inherited the first one's pursuers' speed (60)."""
    from omen.campaign.meeting import Meeting
    from omen.ose import session as s
    from omen.ose.sequence import SideSetup

    first = s.set_up(
        s.from_clock("Wolves", t.TurnState(mode=t.Mode.WILDERNESS)),
        party=SideSetup(unaware=True),
        monsters=SideSetup(light=True, surprised_on=3),
        form=s.Form(flight=s.Flight(pursuer_speed=60, fleeing_speed=90), charisma=15),
    )
    first = s.set_morale(first, score=11, group=3)
    second = s.from_meeting(
        s.from_clock("Orcs", t.TurnState(mode=t.Mode.WILDERNESS)), Meeting("Orcs")
    )
    assert second == s.from_clock("Orcs", t.TurnState(mode=t.Mode.WILDERNESS))
    assert second.form == s.Form() and second.morale == s.OseSession().morale
    assert s.fresh_encounter("Orcs", first).form == s.Form()
    assert s.fresh_encounter("Orcs", first).monsters == SideSetup()

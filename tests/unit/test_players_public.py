"""What each game's players see on their phones: the clock, lights and timers, the
encounter's facts as the game master shows or hides them, the results shown; and what
never reaches them (the odds of the game master's checks, a table's rows, the skills and
dice behind a GURPS distance)."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

import pytest

from omen.campaign.players import (
    Showing,
    facts_public,
    public_view,
    result_public,
    show_facts,
    show_result,
)
from omen.campaign.state import Exploration, Log, Outcome
from omen.campaign.tables import Entry as Row
from omen.campaign.tables import Library, Table
from omen.core.dice import ScriptedDice
from omen.core.errors import StoredDataError
from omen.core.i18n import Translator
from omen.core.roll import Step
from omen.gurps.detection import FoundDistance, plan, resolve
from omen.gurps.distance import Conditions, Side
from omen.gurps.travel import Travel
from omen.ose import session as ose_session
from omen.ose.turn import LightKind, Mode, Terrain, TurnState, add_light, add_timer, turn_odds

EN = Translator.english()
SECRET = Table("lair", "Lair", "d6", (Row("A secret lair of 1d4 ghouls", 1, 6),))


def ose_parts() -> dict[str, Any]:
    clock = add_timer(add_light(TurnState(turn=4, since_rest=4), LightKind.TORCH), "Bless", 1)
    session = ose_session.new_session("3 ghouls")
    session, _ = ose_session.roll_surprise(session, ScriptedDice([5, 1]))
    session, _ = ose_session.roll_distance(session, ScriptedDice([2, 3]))
    session, _ = ose_session.roll_reaction(session, ScriptedDice([6, 5]), None)
    return {"ose_turn": clock, "ose_encounter": session, "library": Library((SECRET,))}


def gurps_found() -> FoundDistance:
    a = Side(name="the party", vision=10, stealth=10)
    b = Side(name="the orcs", group_size=10, vision=9)
    hills = Conditions(terrain="hills_rocky", weather=-1, weather_per_yards=50)
    setup = plan(a, b, hills, med=150)
    return FoundDistance.of(setup, resolve(setup, 7, 15, try_surprise=True), True)


def text_of(view: Any) -> str:
    return json.dumps(view.to_json(), ensure_ascii=False)


def test_ose_dungeon_turn_lights_timers_and_the_encounters_facts() -> None:
    parts = ose_parts()
    view = public_view(parts, "ose", {}, EN, "20:41")
    assert view.game == "Old-School Essentials"
    assert view.clock == ("Dungeon turn 4", "0 h 40 min")
    assert view.lights == ("Torch 1: 6 turns left", "Bless: 1 turn left")
    surprise, distance, reaction = view.facts
    assert distance.startswith("Distance: ") and reaction.startswith("Reaction 11: ")
    assert "surprise" in surprise.lower()
    # never the odds of the wandering monster check, nor the table's rows
    odds = [step.english() for step in turn_odds(parts["ose_turn"], {}).steps]
    text = text_of(view)
    assert all(line not in text for line in odds)
    assert "secret lair" not in text and "in 6" not in text and "%" not in text
    # nor the dice behind the facts (the steps of the encounter's rolls)
    assert "d6" not in text and "Nobody talks" not in text


def test_ose_wilderness_day_and_terrain_in_czech(czech: Translator) -> None:
    clock = replace(TurnState(day=2, terrain=Terrain.FOREST), mode=Mode.WILDERNESS)
    view = public_view({"ose_turn": clock}, "ose", {}, EN, "20:41")
    assert view.clock == ("Wilderness day 2", "Terrain: Forest")
    assert view.facts == () and view.lights == ()
    czech_view = public_view({"ose_turn": clock}, "ose", {}, czech, "20:41")
    assert czech_view.clock[0] != "Wilderness day 2" and "2" in czech_view.clock[0]


def test_gurps_travel_turn_time_of_day_and_the_distance_found(czech: Translator) -> None:
    values = {"gurps.travel_hours": 4, "gurps.travel_start_hour": 8, "gurps.night_darkness": -7}
    parts = {"gurps_travel": Travel(turn=4), "gurps_found": gurps_found()}
    view = public_view(parts, "gurps", values, EN, "20:41")
    assert view.clock == ("Travel turn 4", "Day 2, 0:00: starlight (−7)")
    assert view.facts == (
        "the party surprises the orcs: it may start anywhere from 20 to 100 yards away, or evade.",
    )
    # The only odds in the view are those of a player's own success roll, by effective
    # skill 3 to 16; none of the game master's checks, skills or rolls.
    assert [level for level, _ in view.rolls] == list(range(3, 17))
    text = text_of(replace(view, rolls=()))
    assert "Stealth" not in text and "Vision" not in text and "3d6" not in text
    assert "margin" not in text and "%" not in text
    assert public_view(parts, "gurps", values, czech, "20:41").clock[0] != "Travel turn 4"


def test_liminal_horror_clock_comes_from_its_spec() -> None:
    parts = {"exploration": Exploration(pool=9, clock=Exploration().clock.next_turn())}
    view = public_view(parts, "liminal_horror", {"turn.minutes": 30}, EN, "20:41")
    assert view.clock == ("Turn 1", "0 h 30 min")
    assert "9" not in text_of(view).replace("20:41", "")  # the Tension Die pool is not shown


def test_encounter_facts_follow_the_setting_and_the_game_masters_choice() -> None:
    parts = ose_parts()
    key = public_view(parts, "ose", {}, EN, "x").facts
    assert len(key) == 3  # the default: facts reach the players as they are rolled
    assert public_view(parts, "ose", {"players.show": "none"}, EN, "x").facts == ()
    from omen.ose.players import public_facts

    encounter = public_facts(parts, {}).encounter
    hidden = {**parts, "players_shown": show_facts(Showing(), encounter, False)}
    assert public_view(hidden, "ose", {}, EN, "x").facts == ()
    shown = {**parts, "players_shown": show_facts(Showing(), encounter, True)}
    assert len(public_view(shown, "ose", {"players.show": "none"}, EN, "x").facts) == 3
    # a new encounter follows the setting again
    other = ose_session.new_session("2 bears")
    other, _ = ose_session.roll_distance(other, ScriptedDice([1, 1]))
    fresh = {**hidden, "ose_encounter": other}
    assert public_view(fresh, "ose", {}, EN, "x").facts == ("Distance: 20 feet",)


def a_log() -> Log:
    log = Log()
    for face in (2, 5):
        log = log.add(
            f"t{face}",
            Outcome(Step("Rolled {face}", {"face": face}), (Step("A"),), "test"),
            "",
            None,
        )
    return log


def test_results_follow_the_setting_and_hiding_one_removes_it() -> None:
    log = a_log()
    ids = [entry.id for entry in log.entries]
    parts: dict[str, Any] = {"log": log}
    assert public_view(parts, "liminal_horror", {}, EN, "x").results == ()
    everything = public_view(parts, "liminal_horror", {"players.show": "all"}, EN, "x")
    assert [r.title for r in everything.results] == ["Rolled 5", "Rolled 2"]
    parts["players_shown"] = show_result(Showing(), ids[0], True)
    assert [r.title for r in public_view(parts, "liminal_horror", {}, EN, "x").results] == [
        "Rolled 5"
    ]
    parts["players_shown"] = show_result(parts["players_shown"], ids[0], False)
    assert public_view(parts, "liminal_horror", {}, EN, "x").results == ()
    hidden_of_all = public_view(parts, "liminal_horror", {"players.show": "all"}, EN, "x")
    assert [r.title for r in hidden_of_all.results] == ["Rolled 2"]


def test_showing_rules_and_round_trip() -> None:
    showing = show_result(show_result(Showing(), 3, True), 3, False)
    assert showing.shown == () and showing.hidden == (3,)
    assert not result_public(showing, {"players.show": "all"}, 3)
    assert facts_public(Showing(), {"players.show": "bogus"}, "k")  # an unknown way: default
    many = Showing()
    for entry in range(300):
        many = show_result(many, entry, True)
    assert len(many.shown) == 200 and many.shown[-1] == 299
    assert Showing.from_json(json.loads(json.dumps(many.to_json()))) == many


@pytest.mark.parametrize(
    "data",
    [
        None,
        [],
        {},
        {"shown": [], "hidden": [], "facts": ""},
        {"shown": [1], "hidden": [1], "facts": "", "facts_of": ""},
        {"shown": [True], "hidden": [], "facts": "", "facts_of": ""},
        {"shown": ["1"], "hidden": [], "facts": "", "facts_of": ""},
        {"shown": [-1], "hidden": [], "facts": "", "facts_of": ""},
        {"shown": list(range(201)), "hidden": [], "facts": "", "facts_of": ""},
        {"shown": {}, "hidden": [], "facts": "", "facts_of": ""},
        {"shown": [], "hidden": [], "facts": "maybe", "facts_of": ""},
        {"shown": [], "hidden": [], "facts": "", "facts_of": 3},
        {"shown": [], "hidden": [], "facts": "", "facts_of": "x" * 401},
        {"shown": [], "hidden": [], "facts": "", "facts_of": "", "more": 1},
    ],
)
def test_a_damaged_showing_is_refused(data: Any) -> None:
    with pytest.raises(StoredDataError):
        Showing.from_json(data)


# --- Liminal Horror's and The End of the World's reaction -------------------------------


def reaction_log(*faces: tuple[int, int], game: str = "liminal_horror") -> Log:
    """A log with a reaction roll for each pair of faces, as the Encounter screen logs it."""
    from omen.campaign.reaction import reaction_roll, reaction_title, table_for

    log = a_log()
    for pair in faces:
        rolled = reaction_roll(table_for(game), ScriptedDice(list(pair)))
        log = log.add("t", Outcome(reaction_title(rolled), rolled.steps, "reaction"), "", None)
    return log


@pytest.mark.parametrize("game", ["liminal_horror", "eotw"])
def test_the_reaction_rolled_on_the_encounter_screen_reaches_the_players(
    game: str, czech: Translator
) -> None:
    from omen.campaign.players import game_facts

    assert public_view({"log": a_log()}, game, {}, EN, "x").facts == ()
    parts: dict[str, Any] = {"log": reaction_log((1, 1), (3, 4), game=game)}
    view = public_view(parts, game, {}, EN, "x")
    assert view.facts == ("Reaction 7: Curious",)  # the newest, in words
    assert public_view(parts, game, {}, czech, "x").facts == ("Reakce 7: Zvědavost",)
    # never the odds, the table, or its source
    text = json.dumps(view.facts)
    assert "%" not in text and "Cairn" not in text and "2d6" not in text
    # the game master's choice and the setting hold, as for any encounter's facts
    assert public_view(parts, game, {"players.show": "none"}, EN, "x").facts == ()
    maker = game_facts(game)
    assert maker is not None
    key = maker(parts, {}).encounter
    assert key
    hidden = {**parts, "players_shown": show_facts(Showing(), key, False)}
    assert public_view(hidden, game, {}, EN, "x").facts == ()
    # the next reaction is a new encounter: it follows the setting again
    again = {**hidden, "log": reaction_log((1, 1), (3, 4), (6, 6), game=game)}
    assert public_view(again, game, {}, EN, "x").facts == ("Reaction 12: Helpful",)


def test_a_reaction_taken_back_or_on_another_table_is_not_the_players() -> None:
    log = reaction_log((3, 4))
    undone = Log((replace(log.entries[0], undone=True), *log.entries[1:]))
    assert public_view({"log": undone}, "liminal_horror", {}, EN, "x").facts == ()
    ose = reaction_log((3, 4), game="ose")  # the OSE sequence's, on its own table
    assert public_view({"log": ose}, "eotw", {}, EN, "x").facts == ()
    # each borrowing game's panel says its own source line: one game's roll is not the other's
    lh = reaction_log((3, 4))
    assert public_view({"log": lh}, "eotw", {}, EN, "x").facts == ()
    eotw = reaction_log((3, 4), game="eotw")
    assert public_view({"log": eotw}, "liminal_horror", {}, EN, "x").facts == ()

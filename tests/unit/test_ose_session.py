"""The OSE encounter as the screen keeps it: the sequence, stored data, evasion paths."""

from __future__ import annotations

import json

import pytest

from omen.campaign.settings import defaults
from omen.core.dice import ScriptedDice
from omen.core.errors import RulesError, StoredDataError
from omen.core.store import decode, encode
from omen.ose import session as s
from omen.ose.evasion import ChaseStatus, Drop, PursuitStatus, Terrain
from omen.ose.sequence import Place, Side, SideSetup, SurpriseOutcome


def texts(outcome: object) -> list[str]:
    return [step.english() for step in outcome.steps]  # type: ignore[attr-defined]


def roundtrip(session: s.OseSession) -> s.OseSession:
    return decode(s.SCHEMA, encode(s.SCHEMA, json.loads(json.dumps(session.to_json()))))


def test_a_whole_dungeon_sequence() -> None:
    session = s.new_session("  Goblins ")
    assert session.creature == "Goblins"
    session, outcome = s.roll_surprise(session, ScriptedDice([2, 6]))
    assert outcome.title.english() == (
        "The party is surprised: the monsters act alone for one round."
    )
    assert session.encounter.surprise is SurpriseOutcome.PARTY
    session, outcome = s.roll_distance(session, ScriptedDice([1, 2]))
    assert outcome.title.english() == "Distance: 30 feet"  # the dungeon ignores surprise
    session, outcome = s.roll_reaction(session, ScriptedDice([6, 5]), 18)
    assert outcome.title.english() == "Reaction 13: Eager, friendly"
    assert texts(outcome)[0] == "The speaker's Charisma 18 gives +2."
    session, outcome = s.roll_round(session, ScriptedDice([]))
    assert outcome.title.english() == "Round 1: the monsters act alone"
    session, outcome = s.roll_round(session, ScriptedDice([4, 4, 5, 1]))
    assert outcome.title.english() == "Round 2: the party acts first"
    assert session.latest == "initiative"
    assert set(session.results) == {"surprise", "distance", "reaction", "initiative"}
    assert roundtrip(session) == session


def test_nobody_talks_adds_nothing() -> None:
    _, outcome = s.roll_reaction(s.new_session(), ScriptedDice([1, 1]), None)
    assert texts(outcome)[:2] == ["Nobody talks: no modifier.", "2d6: 1 + 1 = 2"]
    with pytest.raises(RulesError, match="Charisma score runs from 3 to 18"):
        s.roll_reaction(s.new_session(), ScriptedDice([1, 1]), 19)


def test_surprise_shortens_the_distance_outdoors() -> None:
    session = s.set_up(s.new_session(), place=Place.WILDERNESS)
    session, _ = s.roll_surprise(session, ScriptedDice([1, 6]))
    assert s.distance_dice(session) == "1d4×10"
    session, outcome = s.roll_distance(session, ScriptedDice([3]))
    assert outcome.title.english() == "Distance: 30 yards"


def test_a_new_place_drops_a_distance_in_the_old_unit() -> None:
    session, _ = s.roll_distance(s.new_session(), ScriptedDice([3, 4]))
    assert session.encounter.distance == 70
    moved = s.set_up(session, place=Place.WATER)
    assert moved.encounter.distance is None
    assert s.set_up(session, place=Place.DUNGEON).encounter.distance == 70


def test_dungeon_pursuit_from_the_encounter_distance() -> None:
    flight = s.Flight(Side.PARTY, fleeing_speed=90, pursuer_speed=120)
    with pytest.raises(RulesError, match="Roll the encounter distance first"):
        s.evade(s.new_session(), flight, ScriptedDice([]), defaults())
    session, _ = s.roll_distance(s.new_session(), ScriptedDice([3, 3]))
    session, outcome = s.evade(session, flight, ScriptedDice([]), defaults())
    assert outcome.title.english() == "A pursuit begins: the gap is 60 feet."
    session, outcome = s.pursue(session, ScriptedDice([]))
    assert outcome.title.english() == "Pursuit round 1: the gap is 30 feet."
    session, outcome = s.pursue(session, ScriptedDice([2]), Drop.FOOD, tempted=True)
    assert outcome.title.english() == "Pursuit round 2: the fleeing side gets away."
    assert session.pursuit is not None and session.pursuit.status is PursuitStatus.ESCAPED
    assert roundtrip(session) == session


def test_faster_side_gets_away_in_a_dungeon_without_a_roll() -> None:
    flight = s.Flight(Side.MONSTERS, fleeing_speed=120, pursuer_speed=90)
    session, outcome = s.evade(s.new_session(), flight, ScriptedDice([]), defaults())
    assert outcome.title.english() == "Evasion succeeds: the fleeing side gets away."
    assert texts(outcome)[0] == "Fleeing: the monsters."
    assert session.pursuit is None


def test_wilderness_failure_becomes_a_daily_pursuit_and_a_later_escape() -> None:
    session = s.set_up(s.new_session(), place=Place.WILDERNESS)
    flight = s.Flight(fleeing_count=6, pursuer_count=2, fleeing_speed=120, pursuer_speed=150)
    # 5-12 fleeing from 1-3 pursuers: 35%
    assert s.evasion_chance(session, flight, defaults()).percent == 35
    session, outcome = s.evade(session, flight, ScriptedDice([36]), defaults())
    assert outcome.title.english() == "Evasion fails: a pursuit begins, one day at a time."
    assert session.chase is not None and session.chase.pursuers_faster
    session, outcome = s.pursue_day(session, ScriptedDice([1, 51]))
    assert outcome.title.english() == (
        "Pursuit day 1: not caught; the fleeing side may try to evade again."
    )
    session, outcome = s.evade(session, flight, ScriptedDice([35]), defaults())
    assert session.chase is not None and session.chase.status is ChaseStatus.ESCAPED
    assert texts(outcome)[-1] == "The fleeing side shakes off the pursuit."
    assert roundtrip(session) == session


def test_surprised_pursuers_let_the_fleeing_side_go() -> None:
    session = s.set_up(s.new_session(), place=Place.WILDERNESS, party=SideSetup(unaware=False))
    session, _ = s.roll_surprise(session, ScriptedDice([1]))
    chance = s.evasion_chance(session, s.Flight(Side.PARTY), defaults())
    assert chance.automatic


def test_water_evasion_by_speed() -> None:
    session = s.set_up(s.new_session(), place=Place.WATER)
    flight = s.Flight(fleeing_speed=90, pursuer_speed=150)  # 60 slower: 40%
    session, outcome = s.evade(session, flight, ScriptedDice([41]), defaults())
    assert outcome.title.english() == (
        "Evasion fails: the pursuers stay on the fleeing side's heels."
    )
    assert session.chase is None


def test_conclusion_counts_turns() -> None:
    session, outcome, turns = s.conclude(s.new_session())
    assert turns == 1
    assert outcome.title.english() == "The encounter is over: 1 turn passes."
    assert session.latest == "conclusion"


def test_an_encounter_ends_once() -> None:
    session, _outcome, _turns = s.conclude(s.new_session())
    with pytest.raises(RulesError, match="over already"):
        s.conclude(session)


@pytest.mark.parametrize("place", [Place.WILDERNESS, Place.WATER])
def test_an_outdoor_encounter_ends_within_the_days_travel(place: Place) -> None:
    session = s.set_up(s.new_session(), place=place)
    session, outcome, _turns = s.conclude(session)
    assert outcome.title.english() == "The encounter is over; the day's travel goes on."
    assert texts(outcome) == [
        "Outdoors the clock counts days: the encounter is part of the day's travel."
    ]
    assert session.latest == "conclusion"


@pytest.mark.parametrize(
    "change",
    [
        {"latest": "nowhere"},
        {"results": {"nowhere": None}},
        {"dark": "yes"},
        {"creature": "x" * 121},
        {"party": {"unaware": True, "light": False, "surprised_on": 9}},
        {"action": "dance"},
        {"encounter": {"place": "moon"}},
        {"combat": "yes"},
    ],
)
def test_damaged_sessions_are_refused(change: dict[str, object]) -> None:
    data = {**s.new_session().to_json(), **change}
    with pytest.raises(StoredDataError, match="stored encounter is damaged"):
        s.OseSession.from_json(data)


FORM = s.Form(
    s.Flight(Side.MONSTERS, 90, 150, 7, 2, Terrain.DENSE_WOODS, -15, True),
    Drop.FOOD,
    tempted=True,
    move_speed=60,
    move_rounds=60,
    charisma=16,
    nobody_talks=True,
)


def test_the_form_is_kept_with_the_encounter() -> None:
    session = s.set_up(s.new_session("Orcs"), form=FORM)
    assert roundtrip(session).form == FORM
    assert s.set_up(session, dark=False).form == FORM  # other changes keep it
    stored = session.to_json()["form"]
    assert stored["fleeing"] == "monsters" and stored["terrain"] == "dense_woods"
    assert stored["drop"] == "food" and stored["charisma"] == 16


def test_a_session_saved_before_the_form_gets_the_screen_defaults() -> None:
    data = s.new_session().to_json()
    del data["form"]
    form = s.OseSession.from_json(data).form
    assert form == s.Form()
    assert (form.flight.fleeing_count, form.flight.pursuer_count) == (4, 4)  # as on screen
    assert (form.move_speed, form.move_rounds, form.charisma) == (120, 1, 10)
    partial = {**s.new_session().to_json(), "form": {"charisma": 5}}
    assert s.OseSession.from_json(partial).form == s.Form(charisma=5)


@pytest.mark.parametrize(
    "form",
    [
        None,
        [],
        {"charisma": "13"},
        {"charisma": True},
        {"tempted": 1},
        {"fleeing_speed": 10**8},
        {"drop": "gold"},
        {"fleeing": "nobody"},
        {"terrain": 3},
        {"colour": "red"},
    ],
)
def test_a_damaged_form_is_refused(form: object) -> None:
    data = {**s.new_session().to_json(), "form": form}
    with pytest.raises(StoredDataError, match="stored encounter is damaged"):
        s.OseSession.from_json(data)


# --- evasion is possible only before combat begins (the seed's *Únik*: "je to možné jen
# před začátkem boje"; RULES.md section B) ----------------------------------------------

NO_EVASION = "evasion is possible only before combat starts"


@pytest.mark.parametrize("place", list(Place))
def test_evasion_is_refused_once_the_fight_has_begun(place: Place) -> None:
    """Fight chosen, three combat rounds played: a try to evade is refused, in every
    place, and says why; before the fight the same try is rolled."""
    session = s.set_up(s.new_session("Orcs"), place=place)
    session, _ = s.roll_distance(session, ScriptedDice([3, 4, 3, 4]))
    flight = s.Flight(fleeing_speed=150, pursuer_speed=90)
    _, outcome = s.evade(session, flight, ScriptedDice([1]), defaults())
    assert outcome.title.english() == "Evasion succeeds: the fleeing side gets away."
    session, _ = s.choose_action(session, s.Action.FIGHT)
    for _ in range(3):
        session, _ = s.roll_round(session, ScriptedDice([5, 2]))
    assert session.encounter.round == 3 and not s.can_evade(session)
    with pytest.raises(RulesError, match=NO_EVASION) as refused:
        s.evade(session, flight, ScriptedDice([1]), defaults())
    assert refused.value.message.english() == (
        "The fight has begun: evasion is possible only before combat starts."
    )
    with pytest.raises(RulesError, match=NO_EVASION):
        s.choose_action(session, s.Action.EVADE)


def test_the_fight_stays_begun_when_the_referee_turns_to_talk() -> None:
    session, _ = s.choose_action(s.new_session(), s.Action.FIGHT)
    session, _ = s.choose_action(session, s.Action.PARLEY)
    assert session.combat
    with pytest.raises(RulesError, match=NO_EVASION):
        s.evade(session, s.Flight(fleeing_speed=150, pursuer_speed=90), ScriptedDice([]), {})
    assert roundtrip(session).combat


def test_rounds_without_a_fight_still_allow_evasion() -> None:
    """A surprise round or a parley runs in rounds too; only a fight rules evasion out."""
    session, _ = s.roll_surprise(s.new_session(), ScriptedDice([5, 1]))
    session, _ = s.roll_round(session, ScriptedDice([]))
    session, _ = s.choose_action(session, s.Action.PARLEY)
    session, _ = s.roll_round(session, ScriptedDice([5, 2]))
    assert s.can_evade(session)
    session, _ = s.choose_action(session, s.Action.EVADE)
    session, outcome = s.evade(
        session, s.Flight(fleeing_speed=150, pursuer_speed=90), ScriptedDice([]), {}
    )
    assert outcome.title.english() == "Evasion succeeds: the fleeing side gets away."


@pytest.mark.parametrize(("action", "fought"), [("fight", True), ("parley", False), (None, False)])
def test_an_encounter_stored_before_the_rule_still_loads(action: str | None, fought: bool) -> None:
    """Format 1 had no record of the fight: a chosen Fight means it has begun."""
    data = s.new_session("Orcs").to_json()
    del data["combat"]
    data["action"] = action
    text = json.dumps({"app": "omen", "kind": "ose_encounter", "schema": 1, "data": data})
    loaded = decode(s.SCHEMA, text)
    assert loaded.combat is fought and loaded.creature == "Orcs"
    assert s.OseSession.from_json(data).combat is fought  # an Undo from an old log entry


# --- states the rules rule out: no fight once away, morale said as it stands ------------------


def test_after_a_successful_evasion_there_is_no_fight() -> None:
    flight = s.Flight(Side.PARTY, fleeing_speed=120, pursuer_speed=90)
    session, _ = s.evade(s.new_session(), flight, ScriptedDice([]), defaults())
    assert s.got_away(session) and not s.chased(session)
    with pytest.raises(RulesError, match="One side got away: the encounter is over"):
        s.choose_action(session, s.Action.FIGHT)
    s.choose_action(session, s.Action.PARLEY)  # words across the distance are still possible
    assert s.got_away(roundtrip(session))  # a reload knows it too
    session, _, _ = s.conclude(session)
    assert s.ended(session)


def test_during_a_pursuit_there_is_no_fight_until_the_pursuers_catch_up() -> None:
    session, _ = s.roll_distance(s.new_session(), ScriptedDice([1, 1]))  # 20 feet
    flight = s.Flight(Side.PARTY, fleeing_speed=60, pursuer_speed=120)
    session, _ = s.evade(session, flight, ScriptedDice([]), defaults())
    assert s.chased(session) and not s.got_away(session)
    with pytest.raises(RulesError, match="A pursuit is on"):
        s.choose_action(session, s.Action.FIGHT)
    session, outcome = s.pursue(session, ScriptedDice([]))
    assert outcome.title.english() == "Pursuit round 1: the pursuers catch up."
    assert s.no_fight(session) is None
    session, outcome = s.choose_action(session, s.Action.FIGHT)
    assert session.combat


def test_pursuers_who_give_up_or_lose_the_trail_end_the_fight_too() -> None:
    session, _ = s.roll_distance(s.new_session(), ScriptedDice([3, 3]))
    flight = s.Flight(Side.PARTY, fleeing_speed=90, pursuer_speed=120)
    session, _ = s.evade(session, flight, ScriptedDice([]), defaults())
    session, _ = s.pursuers_give_up(session)
    assert s.got_away(session)
    wild = s.set_up(s.new_session(), place=Place.WILDERNESS)
    flight = s.Flight(fleeing_count=6, pursuer_count=2, fleeing_speed=120, pursuer_speed=150)
    wild, _ = s.evade(wild, flight, ScriptedDice([36]), defaults())
    assert s.chased(wild)
    wild, _ = s.evade(wild, flight, ScriptedDice([35]), defaults())
    assert s.got_away(wild) and s.no_fight(wild) is not None


def test_a_fresh_encounter_may_fight_and_is_not_over() -> None:
    session = s.new_session("Goblins")
    assert s.no_fight(session) is None and not s.ended(session) and not s.got_away(session)


@pytest.mark.parametrize(
    ("killed", "dice", "status"),
    [
        (1, [6, 6], "They have broken: no more checks."),
        (1, [1, 2], "They held: the next check comes when half of them are down."),
        (3, [1, 2], "Check: half of the group is out of the fight."),  # due at once
    ],
)
def test_after_a_morale_roll_the_status_says_what_it_came_to(
    killed: int, dice: list[int], status: str
) -> None:
    session = s.set_morale(s.new_session(), score=7, group=6)
    assert s.morale_status(session).english() == (
        "No check is due yet: roll when the first of them is killed or half are down."
    )
    session = s.set_morale(session, killed=killed)
    assert s.morale_status(session).english() == "Check: the first of them is killed."
    session, _ = s.roll_morale(session, ScriptedDice(dice))
    assert s.morale_status(session).english() == status
    assert "No check is due yet" not in s.morale_status(roundtrip(session)).english()


def test_two_held_checks_and_a_referees_own_check_are_said_too() -> None:
    session = s.set_morale(s.new_session(), score=7, group=4)
    session, _ = s.roll_morale(session, ScriptedDice([1, 1]))  # called by the referee
    assert s.morale_status(session).english() == (
        "They held: the next check comes when the first of them is killed or half are down."
    )
    session = s.set_morale(session, out=2)
    assert s.morale_status(session).english() == "Check: half of the group is out of the fight."
    session, _ = s.roll_morale(session, ScriptedDice([2, 2]))
    assert s.morale_status(session).english() == (
        "They have held two checks: they fight on until killed."
    )
    fearless = s.set_morale(s.new_session(), score=12, group=4, killed=1)
    fearless, _ = s.roll_morale(fearless, ScriptedDice([]))
    assert s.morale_status(fearless).english() == (
        "These monsters fight to the death: no check is rolled."
    )


@pytest.mark.parametrize("place", [Place.WILDERNESS, Place.WATER])
def test_a_distance_rolled_before_a_surprise_that_shortens_it_is_rolled_again(
    place: Place,
) -> None:
    """Outdoors a surprised side meets at 1d4×10 yards: a distance the referee rolled
    before the surprise (on 4d6×10) is taken off, and the next step is the distance."""
    session, _ = s.roll_distance(s.new_session("Wolves", place), ScriptedDice([6, 6, 6, 6]))
    assert session.encounter.distance == 240
    session, outcome = s.roll_surprise(session, ScriptedDice([1, 5]))  # the party surprised
    assert session.encounter.distance is None and "distance" not in session.results
    assert s.next_step(session) == "distance"
    assert outcome.steps[-1].english().endswith("roll it again on 1d4×10 yards.")
    session, _ = s.roll_distance(session, ScriptedDice([3]))
    assert session.encounter.distance == 30


def test_a_distance_rolled_before_a_surprise_that_changes_nothing_stays() -> None:
    dungeon, _ = s.roll_distance(s.new_session("Ghouls"), ScriptedDice([3, 4]))
    dungeon, _ = s.roll_surprise(dungeon, ScriptedDice([1, 5]))  # the dungeon's dice stay
    assert dungeon.encounter.distance == 70
    wild, _ = s.roll_distance(s.new_session("Wolves", Place.WILDERNESS), ScriptedDice([6] * 4))
    wild, _ = s.roll_surprise(wild, ScriptedDice([5, 5]))  # nobody surprised
    assert wild.encounter.distance == 240


def party_surprised(terrain_woods: bool = False) -> s.OseSession:
    """A wilderness meeting where the monsters surprise the party (its d6 shows 1)."""
    session = s.set_up(s.new_session(), place=Place.WILDERNESS, monsters=SideSetup(unaware=False))
    session, _ = s.roll_surprise(session, ScriptedDice([1]))
    assert session.encounter.surprise.surprised(Side.PARTY)
    return session


def test_a_surprised_side_cannot_evade_and_no_pursuit_begins() -> None:
    """OSE SRD, Evasion and Pursuit: a surprised side cannot evade. The roll is refused
    with the reason (an audit saw 'cannot evade' followed by 'a pursuit begins')."""
    session = party_surprised()
    flight = s.Flight(fleeing_count=4, pursuer_count=4, fleeing_speed=120, pursuer_speed=150)
    assert s.evasion_chance(session, flight, defaults()).percent == 0
    with pytest.raises(RulesError) as refused:
        s.evade(session, flight, ScriptedDice([1]), defaults())
    assert refused.value.message.english() == (
        "The fleeing side is surprised and cannot evade. The encounter goes on: fight, "
        "talk, or wait for the monsters' move."
    )


def test_after_a_day_of_pursuit_the_surprise_no_longer_counts() -> None:
    """Surprised in dense woods, the referee allows 10%: the roll fails, a pursuit
    begins; a day later the fleeing side tries again at the table's chance (4 fleeing
    from 4: 90%, dense woods +25%: it gets away without a roll)."""
    values = {**defaults(), "ose.surprised_evasion_woods": 10}
    session = party_surprised()
    flight = s.Flight(
        fleeing_count=4,
        pursuer_count=4,
        fleeing_speed=120,
        pursuer_speed=150,
        terrain=Terrain.DENSE_WOODS,
    )
    assert s.evasion_chance(session, flight, values).percent == 10
    session, outcome = s.evade(session, flight, ScriptedDice([80]), values)
    assert outcome.title.english() == "Evasion fails: a pursuit begins, one day at a time."
    session, _ = s.pursue_day(session, ScriptedDice([1, 51]))
    again = s.evasion_chance(session, flight, values)
    assert again.automatic
    assert again.steps[0].english() == (
        "A day of pursuit has passed: the meeting's surprise no longer counts."
    )
    assert roundtrip(session) == session

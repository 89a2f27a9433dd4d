"""What one step learns reaches the next: a row's number and stats, a location's terrain.

A table row may carry a creature's stats; the number it brings (its bracketed dice, or
its number appearing) and those stats go from the check that met it, through the
store's ``meeting``, into the game's encounter forms; a location's terrain sets the
procedure's terrain. Then the hostile family: stored stats, terrains and meetings that
do not fit are refused with a sentence naming the field.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from omen.campaign import settings
from omen.campaign.example import example_campaign
from omen.campaign.exploration import Procedure
from omen.campaign.meeting import MEETING, Meeting, meeting_at
from omen.campaign.share import (
    ShareError,
    decode_link,
    encode_link,
    pack,
    share_location,
    share_table,
)
from omen.campaign.state import EXPLORATION, Exploration, check
from omen.campaign.table_checks import validate_table
from omen.campaign.table_draw import Found, roll_table
from omen.campaign.table_paste import import_pasted
from omen.campaign.tables import (
    LIBRARY,
    Entry,
    Library,
    Location,
    Stats,
    Table,
    read_stats,
    write_stats,
)
from omen.core import store
from omen.core.dice import ScriptedDice
from omen.core.errors import RulesError, StoredDataError
from omen.gurps.distance import GurpsForm
from omen.gurps.travel import GURPS_TRAVEL, Travel, travel_turn
from omen.ose import session as ose_session
from omen.ose import turn as ose_turn
from omen.ose.evasion import Terrain as EvasionTerrain
from omen.ose.sequence import Side
from omen.ose.session import Flight, Form, OseSession

LIZARDS = Entry("[[1d4]] lizard men", 1, 3, stats=read_stats("HD 2+1, AC 5, ML 12"))
TOAD = Entry("A giant toad", 4, 6, stats=read_stats("NA 1d2, HD 2+2, AC 7, ML 6"))
FENS = Table("fens", "Fens", "d6", (LIZARDS, TOAD))
MOOR = Location("moor", "The moor", ("fens",), "fens", terrain="barren")
LIBRARY_OF_FENS = Library((FENS,), (MOOR,))


def stored(library: Library) -> Library:
    """The library as storage writes it and reads it back."""
    return store.decode(LIBRARY, store.encode(LIBRARY, library.to_json()))


def envelope_link(kind: str, data: Any) -> str:
    """A link with a valid frame and checksum around any content."""
    envelope = {"app": "omen", "kind": kind, "v": 1, "data": data}
    return "share=" + pack(json.dumps(envelope, ensure_ascii=False).encode("utf-8"))


# --- the stats a row carries ----------------------------------------------------------


def test_stats_are_written_as_a_game_master_types_them_and_read_back() -> None:
    stats = read_stats("hd 1, AC: 6,  ML 7 , NA 2d4, TT R, SM -1, Vision 12, DEX 2")
    assert (stats.hd, stats.ac, stats.morale, stats.number, stats.treasure) == (
        "1",
        6,
        7,
        "2d4",
        "R",
    )
    assert (stats.sm, stats.vision, stats.dexterity) == (-1, 12, 2)
    assert write_stats(stats, "ose") == "NA 2d4, HD 1, AC 6, ML 7, TT R"
    assert write_stats(stats, "gurps") == "SM -1, Vision 12"
    assert read_stats(write_stats(stats)) == stats
    assert read_stats("") == Stats() and not Stats()


@pytest.mark.parametrize(
    ("typed", "says"),
    [
        ("Str 5", "Str is not a stat Omen knows"),
        ("HP 0", "HP must be between 1 and 10000"),
        ("HP 12, hp 13", "HP is written twice"),
        ("HP many", "HP: write a whole number (many)"),
        ("HP 1e3", "HP: write a whole number"),
        ("ML 13", "ML must be between 2 and 12"),
        ("ML seven", "ML: write a whole number (seven)"),
        ("ML 7, ML 8", "ML is written twice"),
        ("NA lots", "NA must be dice, like 2d4"),
        ("NA 100d100", "NA must"),
        ("AC ٣", "AC: write a whole number"),
        ("TT <b>", "TT must be 1 to 12 letters"),
        ("Vision 41", "Vision must be between 0 and 40"),
    ],
)
def test_stats_that_do_not_read_say_which_and_why(typed: str, says: str) -> None:
    with pytest.raises(RulesError) as caught:
        read_stats(typed)
    assert says in caught.value.message.english()


def test_a_gurps_row_carries_its_creatures_hit_points() -> None:
    stats = read_stats("SM 0, Vision 12, Stealth 12, Group 6, HP 11")
    assert (stats.group, stats.hp) == (6, 11)
    assert write_stats(stats, "gurps") == "SM 0, Vision 12, Stealth 12, Group 6, HP 11"
    assert write_stats(stats, "ose") == ""
    assert Stats.from_json(stats.to_json()) == stats
    # a GURPS row saved before rows carried HP loads as it was, with no HP
    old = Stats.from_json({"sm": 0, "vision": 12, "stealth": 12, "group": 6})
    assert old.hp is None and old.group == 6


def test_a_row_with_stats_is_saved_and_loads_back_and_old_rows_still_load() -> None:
    assert stored(LIBRARY_OF_FENS) == LIBRARY_OF_FENS
    assert LIZARDS.to_json()["stats"] == {"hd": "2+1", "ac": 5, "morale": 12}
    old = {"tables": [{"id": "t", "name": "T", "die": "d6", "entries": [{"text": "x"}]}]}
    assert Library.from_json(old).tables[0].entries[0].stats is None
    assert not [i for i in validate_table(FENS) if i.severity.value == "error"]


# --- item 4: the number appearing ---------------------------------------------------------


def test_the_bracketed_dice_of_a_row_are_how_many_came() -> None:
    result = roll_table(LIBRARY_OF_FENS, "fens", ScriptedDice([2, 2]))
    assert result.text == "2 lizard men"
    assert result.found == Found(2, LIZARDS.stats)


def test_a_row_without_dice_rolls_its_number_appearing() -> None:
    result = roll_table(LIBRARY_OF_FENS, "fens", ScriptedDice([5, 2]))
    assert result.text == "A giant toad" and result.found.count == 2
    assert "Number appearing (1d2): 2" in [step.english() for step in result.steps]


def test_a_linked_table_names_the_creature_and_the_first_roll_counts_them() -> None:
    wolves = Table("wolves", "Wolves", "d6", (Entry("Wolves", 1, 6, stats=read_stats("ML 8")),))
    pack_of = Table("pack", "Pack", "d6", (Entry("[[2d4]] of them", 1, 6, link="wolves"),))
    result = roll_table(Library((pack_of, wolves)), "pack", ScriptedDice([1, 3, 4, 6]))
    assert result.found == Found(7, read_stats("ML 8"))


def test_a_plain_row_finds_nothing_to_carry() -> None:
    plain = Table("p", "P", "d6", (Entry("Rain", 1, 6),))
    result = roll_table(Library((plain,)), "p", ScriptedDice([3]))
    assert not result.found and result.draws[0].found is None
    assert "found" not in result.draws[0].to_json()


def test_a_tension_check_keeps_what_it_found_and_it_loads_back() -> None:
    state = Exploration(procedure=Procedure.ENCOUNTER_DIE, location="moor")
    state, _ = check(
        state, settings.defaults(), ScriptedDice([1, 1, 3]), advance=True, library=LIBRARY_OF_FENS
    )
    assert state.met == "3 lizard men" and state.found == Found(3, LIZARDS.stats)
    assert store.decode(EXPLORATION, store.encode(EXPLORATION, state.to_json())) == state


def test_the_ose_turn_clock_keeps_what_it_found_and_old_clocks_load() -> None:
    state, _ = ose_turn.next_day(
        ose_turn.TurnState(mode=ose_turn.Mode.WILDERNESS),
        ScriptedDice([1, 2, 4]),
        library=LIBRARY_OF_FENS,
        location="moor",
    )
    assert state.encounter and state.found == Found(4, LIZARDS.stats)
    assert ose_turn.TurnState.from_json(state.to_json()) == state
    old = ose_turn.TurnState().to_json()
    assert "found" not in old and ose_turn.TurnState.from_json(old).found is None


def test_gurps_travel_keeps_what_it_found() -> None:
    exploration = Exploration(location="moor")
    state, _ = travel_turn(Travel(), LIBRARY_OF_FENS, exploration, 4, ScriptedDice([1, 2, 3]))
    assert state.met == "3 lizard men" and state.found == Found(3, LIZARDS.stats)
    assert store.decode(GURPS_TRAVEL, store.encode(GURPS_TRAVEL, state.to_json())) == state


# --- item 5: the location's terrain ---------------------------------------------------------


def test_a_location_keeps_its_terrain_and_old_locations_load() -> None:
    assert MOOR.to_json()["terrain"] == "barren"
    assert Location.from_json({"id": "p", "name": "Pass"}).terrain is None
    assert "terrain" not in Location("p", "Pass").to_json()


def test_an_ose_wilderness_day_on_the_moor_is_checked_on_the_barren_row() -> None:
    day, outcome = ose_turn.next_day(
        ose_turn.TurnState(mode=ose_turn.Mode.WILDERNESS),
        ScriptedDice([2, 5, 1]),
        library=LIBRARY_OF_FENS,
        location="moor",
    )
    assert day.terrain is ose_turn.Terrain.BARREN
    assert "Barren land: wandering monsters on 2 in 6." in [s.english() for s in outcome.steps]
    assert day.encounter  # a 2 is a hit on the barren row, not on the clear one


def test_a_terrain_the_game_does_not_know_is_ignored() -> None:
    elsewhere = Library(locations=(Location("x", "X", terrain="forest_taiga"),))
    assert ose_turn.location_terrain(elsewhere, "x") is None
    assert ose_turn.location_terrain(LIBRARY_OF_FENS, "gone") is None
    assert GurpsForm().met(Meeting("x", terrain="swamp")).conditions.terrain == "grassland_other"


def test_the_meeting_takes_the_location_terrain() -> None:
    meeting = meeting_at("2 lizard men", Found(2), LIBRARY_OF_FENS, "moor", "ose", "wilderness")
    assert (meeting.terrain, meeting.procedure, meeting.place, meeting.count) == (
        "barren",
        "ose",
        "wilderness",
        2,
    )
    assert meeting_at("x", None, LIBRARY_OF_FENS, None).terrain is None
    assert store.decode(MEETING, store.encode(MEETING, meeting.to_json())) == meeting


# --- item 7: the forms filled ------------------------------------------------------------


def test_the_ose_encounter_takes_the_count_the_morale_and_the_woods() -> None:
    meeting = Meeting("2 lizard men", found=Found(2, LIZARDS.stats), terrain="forest")
    session = ose_session.from_meeting(OseSession(), meeting)
    assert session.morale.score == 12 and session.morale.group == 2
    assert session.form.flight.pursuer_count == 2
    assert session.form.flight.terrain is EvasionTerrain.DENSE_WOODS
    open_land = ose_session.from_meeting(OseSession(), Meeting("x", terrain="barren"))
    assert open_land.form.flight.terrain is EvasionTerrain.OPEN


def test_monsters_that_flee_are_the_fleeing_group() -> None:
    fleeing = OseSession(form=Form(Flight(fleeing=Side.MONSTERS, fleeing_count=9)))
    session = ose_session.from_meeting(fleeing, Meeting("x", found=Found(3)))
    assert session.form.flight.fleeing_count == 3 and session.form.flight.pursuer_count == 1


def test_an_ose_meeting_without_numbers_keeps_the_form() -> None:
    before = OseSession(form=Form(Flight(pursuer_count=6)))
    session = ose_session.from_meeting(before, Meeting("Rain", found=Found(0)))
    assert session.form == before.form and session.morale == before.morale


def test_the_gurps_distance_takes_side_b_and_the_terrain() -> None:
    stats = read_stats("SM 1, Vision 11, Stealth 14, Group 3")
    meeting = Meeting("Giant spiders", found=Found(None, stats), terrain="hills_forested")
    form = GurpsForm().met(meeting)
    assert (form.b.name, form.b.group_size, form.b.sm, form.b.vision, form.b.stealth) == (
        "Giant spiders",
        3,
        1,
        11,
        14,
    )
    assert form.conditions.terrain == "hills_forested"
    counted = GurpsForm().met(Meeting("5 wolves", found=Found(5, stats)))
    assert counted.b.group_size == 5  # how many came beats the row's usual group


# --- paste import and links carry them ---------------------------------------------------


def test_a_pasted_line_ends_with_its_stats_in_braces() -> None:
    pasted = import_pasted(
        "d6 Fens\n1-3 [[1d4]] lizard men {HD 2+1, AC 5, ML 12}\n4-6 A giant toad {NA 1, ML 6}"
    )
    assert pasted.ok
    assert pasted.table.entries[0] == Entry("[[1d4]] lizard men", 1, 3, stats=LIZARDS.stats)
    assert pasted.table.entries[1].stats == read_stats("NA 1, ML 6")


def test_pasted_stats_that_do_not_read_name_their_line() -> None:
    pasted = import_pasted("Goblins {ML 20}\nRain\nWind\nFog")
    assert not pasted.ok
    assert pasted.issues[0].message.english() == (
        "line 1: The stats do not fit: ML must be between 2 and 12."
    )


def test_table_and_location_links_carry_stats_and_terrain() -> None:
    table = decode_link(encode_link("table", share_table(LIBRARY_OF_FENS, "fens")))
    assert table.record.table == FENS
    place = decode_link(encode_link("location", share_location(LIBRARY_OF_FENS, "moor")))
    assert place.record.location.terrain == "barren"
    assert place.record.tables == (FENS,)


# --- the example campaigns use them ---------------------------------------------------------


@pytest.mark.parametrize("language", ["en", "cs"])
def test_the_examples_carry_stats_and_terrains(language: str) -> None:
    ose = example_campaign(language, "ose").library
    assert ose.location("ose-ex-fen-road").terrain == "swamp"
    lizards = ose.table("ose-ex-fens").entries[4]
    assert lizards.stats is not None and lizards.stats.morale == 12
    gurps = example_campaign(language, "gurps").library
    assert gurps.location("gurps-ex-logging-road").terrain == "forest_deciduous"
    wolves = gurps.table("gurps-ex-road").entries[0]
    assert wolves.stats is not None and wolves.stats.vision == 12
    eotw = example_campaign(language, "eotw").library
    assert any(e.stats and e.stats.dexterity is not None for t in eotw.tables for e in t.entries)


def test_the_gurps_logging_road_is_a_forest_not_grassland() -> None:
    library = example_campaign("en", "gurps").library
    meeting = meeting_at("3 wolves", Found(3), library, "gurps-ex-logging-road")
    assert GurpsForm().met(meeting).conditions.terrain == "forest_deciduous"


# --- hostile input ---------------------------------------------------------------------------


def entry_with(stats: Any) -> dict[str, Any]:
    return {
        "tables": [
            {
                "id": "t",
                "name": "T",
                "die": "d6",
                "entries": [{"text": "x", "faces": [1, 6], "stats": stats}],
            }
        ]
    }


@pytest.mark.parametrize(
    ("stats", "says"),
    [
        ([1, 2], "library.tables[0].entries[0].stats must be an object"),
        ({"hit_points": 5}, "entries[0].stats.hit_points is not a field Omen knows"),
        ({"hp": 0}, "stats.hp is not a stat Omen can use: HP must be between 1 and 10000"),
        ({"hp": 10**30}, "HP must be between 1 and 10000"),
        ({"hp": "12"}, "stats.hp must be a whole number"),
        ({"hp": True}, "stats.hp must be a whole number"),
        ({"hp": 12.5}, "stats.hp must be a whole number"),
        ({"morale": 13}, "stats.morale is not a stat Omen can use: ML must be between 2 and 12"),
        ({"morale": True}, "stats.morale must be a whole number"),
        ({"morale": "7"}, "stats.morale must be a whole number"),
        ({"ac": 10**30}, "AC must be between -20 and 30"),
        ({"number": 5}, "stats.number must be text"),
        ({"number": "1d1000000"}, "stats.number is not a stat Omen can use: NA must"),
        ({"number": "d6" * 40}, "NA must be 1 to 12"),
        ({"hd": "<img src=x>"}, "HD must be 1 to 12 letters"),
        ({"treasure": " A"}, "TT must be 1 to 12"),
        ({"treasure": "\u202eA"}, "TT must be 1 to 12"),
        ({"vision": {"a": 1}}, "stats.vision must be a whole number"),
    ],
)
def test_stored_stats_that_do_not_fit_are_refused_naming_the_field(stats: Any, says: str) -> None:
    with pytest.raises(StoredDataError) as caught:
        Library.from_json(entry_with(stats))
    assert says in caught.value.message.english()


def test_a_campaign_link_with_crafted_stats_is_refused() -> None:
    link = envelope_link(
        "campaign", {"parts": {"library": {"schema": 1, "data": entry_with({"morale": 99})}}}
    )
    with pytest.raises(ShareError) as caught:
        decode_link(link)
    assert "ML must be between 2 and 12" in str(caught.value)


def test_a_table_link_with_crafted_stats_is_refused() -> None:
    table = entry_with({"number": "1d0"})["tables"][0]
    with pytest.raises(ShareError) as caught:
        decode_link(envelope_link("table", {"table": table, "linked": []}))
    assert "NA must be dice, like 2d4" in str(caught.value)


@pytest.mark.parametrize("terrain", ["<b>", "a b", "x" * 41, 5, True, ["swamp"]])
def test_a_location_link_with_a_crafted_terrain_is_refused(terrain: Any) -> None:
    data = {
        "location": {"id": "p", "name": "Pass", "tables": [], "terrain": terrain},
        "tables": [],
    }
    with pytest.raises(ShareError) as caught:
        decode_link(envelope_link("location", data))
    assert "terrain" in str(caught.value)


@pytest.mark.parametrize(
    ("data", "says"),
    [
        ({"creature": 5}, "meeting.creature must be text"),
        ({"creature": "x", "procedure": "eotw"}, "meeting.procedure must be one of"),
        ({"creature": "x", "place": "moon"}, "meeting.place must be one of"),
        ({"creature": "x", "found": {"count": "2"}}, "meeting.found.count must be a whole"),
        ({"creature": "x", "found": {"stats": {"sm": 999}}}, "SM must be between -15 and 300"),
        ({"creature": "x", "terrain": "../../x"}, "meeting.terrain must be an id"),
        ({"creature": "x", "extra": 1}, "meeting.extra is not a field Omen knows"),
    ],
)
def test_a_stored_meeting_that_does_not_fit_is_refused(data: Any, says: str) -> None:
    with pytest.raises(StoredDataError) as caught:
        Meeting.from_json(data)
    assert says in caught.value.message.english()


def test_stored_found_on_a_turn_clock_that_does_not_fit_is_refused() -> None:
    data = {**ose_turn.TurnState().to_json(), "found": {"count": 1, "stats": {"ml": 7}}}
    with pytest.raises(StoredDataError):
        ose_turn.TurnState.from_json(data)
    with pytest.raises(StoredDataError):
        Exploration.from_json({**Exploration().to_json(), "found": [1]})
    with pytest.raises(StoredDataError):
        Travel.from_json({"check": "encounter_die", "turn": 0, "found": {"count": 10**9}})

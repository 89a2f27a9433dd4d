"""A row marked violent reaches the encounter: the check that met it keeps the mark, the
store's ``meeting`` carries it, the Encounter screen says it in the game's words, and the
reaction roll follows the rule (no roll offered as if the creature might be friendly,
unless the row asks for one). Kept through the stored forms (reload, Undo's copies,
links); the hostile family after."""

from __future__ import annotations

import json
from typing import Any

import pytest

from omen.campaign import settings
from omen.campaign.exploration import Procedure
from omen.campaign.meeting import (
    MEETING,
    REACTION_ASKED,
    Meeting,
    meeting_at,
    violent_lines,
    violent_words,
)
from omen.campaign.state import EXPLORATION, Exploration, check
from omen.campaign.table_draw import Found, TableResult, roll_encounter, roll_table
from omen.campaign.tables import Entry, Library, Location, Table
from omen.campaign.voidcrawl import Phase
from omen.core import store
from omen.core.dice import ScriptedDice
from omen.core.errors import StoredDataError
from omen.gurps.travel import GURPS_TRAVEL, Travel, TravelCheck, travel_turn
from omen.ose import turn as ose_turn

WOLVES = Entry("[[1d4]] wolves", 1, 2, violent=True)
STRANGER = Entry("A stranger on the road", 3, 4, reaction=True)
BOTH = Entry("A knight with a drawn sword", 5, 5, violent=True, reaction=True)
TREE = Entry("A fallen tree", 6, 6)
ROAD = Table("road", "The road", "d6", (WOLVES, STRANGER, BOTH, TREE))
HERE = Location("road", "The road", ("road",), "road")
LIBRARY = Library((ROAD,), (HERE,))
VALUES = settings.clean({})


def met_on_face(face: int, *more: int) -> Exploration:
    state = Exploration(procedure=Procedure.ENCOUNTER_DIE, location="road")
    after, _ = check(state, VALUES, ScriptedDice([1, face, *more]), advance=True, library=LIBRARY)
    return after


# --- the mark goes along ---------------------------------------------------------------


def test_a_violent_row_marks_what_it_brought() -> None:
    result = roll_encounter(LIBRARY, "road", ScriptedDice([2, 3]))
    assert result.text == "3 wolves"
    assert result.found == Found(3, None, violent=True)


def test_a_row_asking_for_a_reaction_is_marked_so_and_not_violent() -> None:
    found = roll_encounter(LIBRARY, "road", ScriptedDice([3])).found
    assert (found.violent, found.reaction) == (False, True)


def test_a_plain_row_brings_no_mark() -> None:
    assert not roll_encounter(LIBRARY, "road", ScriptedDice([6])).found


def test_a_violent_row_reached_by_a_link_marks_the_chain() -> None:
    pick = Table("pick", "Pick", "d6", (Entry("Beasts", 1, 6, link="beasts"),))
    beasts = Table("beasts", "Beasts", "d6", (Entry("A bear", 1, 6, violent=True),))
    result = roll_table(Library((pick, beasts)), "pick", ScriptedDice([4, 2]))
    assert result.found.violent


def test_the_explore_check_keeps_the_mark_and_offers_no_reaction() -> None:
    state = met_on_face(1, 2)
    assert (state.met, state.violent, state.reaction) == ("2 wolves", True, False)
    stranger = met_on_face(3)
    assert (stranger.violent, stranger.reaction) == (False, True)


def test_the_tension_die_and_a_voidcrawl_night_encounter_are_marked() -> None:
    pool = Exploration(pool=1, location="road")
    state, _ = check(pool, VALUES, ScriptedDice([4, 1, 4]), advance=True, library=LIBRARY)
    assert state.violent and state.met == "4 wolves"
    night = Exploration(procedure=Procedure.VOIDCRAWL, phase=Phase.NIGHT)
    state, _ = check(night, VALUES, ScriptedDice([6]), advance=True)
    assert state.violent  # a horror, now
    day = Exploration(procedure=Procedure.VOIDCRAWL, phase=Phase.NIGHT, location="road")
    state, _ = check(day, VALUES, ScriptedDice([1, 3]), advance=True, library=LIBRARY)
    assert (state.met, state.violent, state.reaction) == ("A stranger on the road", False, True)


def test_the_next_check_clears_the_mark() -> None:
    state = met_on_face(1, 2)
    after, _ = check(state, VALUES, ScriptedDice([5]), advance=True, library=LIBRARY)
    assert not after.violent and not after.met


def test_the_gurps_road_and_the_ose_turn_keep_the_mark() -> None:
    travel, outcome = travel_turn(
        Travel(TravelCheck.TABLE, "road"), LIBRARY, None, 4, ScriptedDice([1, 2])
    )
    assert outcome.kind == "encounter" and travel.found is not None and travel.found.violent
    assert store.decode(GURPS_TRAVEL, store.encode(GURPS_TRAVEL, travel.to_json())) == travel
    turn, _ = ose_turn.next_turn(
        ose_turn.TurnState(turn=1), {}, ScriptedDice([1, 1, 4]), library=LIBRARY, location="road"
    )
    assert turn.found is not None and turn.found.violent
    restored = ose_turn.TurnState.from_json(json.loads(json.dumps(turn.to_json())))
    assert restored.found == turn.found


def test_reload_keeps_the_mark_and_old_saves_load_unmarked() -> None:
    state = met_on_face(1, 2)
    assert store.decode(EXPLORATION, store.encode(EXPLORATION, state.to_json())) == state
    old = {**state.to_json(), "found": {"count": 2}}
    assert not Exploration.from_json(old).violent
    meeting = meeting_at(state.met, state.found, LIBRARY, "road")
    assert meeting.violent and not meeting.reaction
    assert store.decode(MEETING, store.encode(MEETING, meeting.to_json())) == meeting
    assert not Meeting.from_json({"creature": "x", "found": {"count": 1}}).violent


def test_a_stored_draw_keeps_its_marks() -> None:
    result = roll_encounter(LIBRARY, "road", ScriptedDice([5]))
    again = TableResult.from_json(json.loads(json.dumps(result.to_json())))
    assert again.found == result.found == Found(violent=True, reaction=True)


# --- what the Encounter screen says -----------------------------------------------------


@pytest.mark.parametrize(
    ("game", "says"),
    [
        ("liminal_horror", "A horror: this encounter is violent."),
        ("eotw", "A violent encounter: they mean the crew harm."),
        ("ose", "Marked violent on the table: these monsters mean harm."),
        ("gurps", "Marked violent on the table: they are hostile."),
    ],
)
def test_each_game_says_violent_in_its_words(game: str, says: str) -> None:
    assert violent_words(game).english() == says
    lines = violent_lines(Meeting("Wolves", found=Found(violent=True)), game)
    assert [line.english() for line in lines] == [says]


def test_a_violent_row_asking_for_a_reaction_still_asks() -> None:
    lines = violent_lines(Meeting("A knight", found=Found(violent=True, reaction=True)), "eotw")
    assert [line.english() for line in lines] == [
        "A violent encounter: they mean the crew harm.",
        REACTION_ASKED,
    ]


def test_a_meeting_that_is_not_violent_says_nothing_of_it() -> None:
    assert violent_lines(Meeting("A stranger", found=Found(reaction=True)), "liminal_horror") == ()
    assert violent_lines(Meeting(), "liminal_horror") == ()


def test_the_czech_words_are_there() -> None:
    from pathlib import Path

    from omen.core.i18n import Translator

    localedir = Path(__file__).resolve().parents[2] / "static" / "build" / "locale"
    czech = Translator.load("cs", localedir)
    assert czech.render(violent_words("eotw")) == "Násilné setkání: chtějí družině ublížit."
    assert czech.render(violent_words("liminal_horror")) == "Hrůza: tohle setkání je násilné."


# --- hostile input ------------------------------------------------------------------------


@pytest.mark.parametrize("mark", ["yes", 1, None, [True], {"a": 1}])
@pytest.mark.parametrize("key", ["violent", "reaction"])
def test_a_stored_mark_that_is_not_true_or_false_is_refused(key: str, mark: Any) -> None:
    with pytest.raises(StoredDataError) as caught:
        Meeting.from_json({"creature": "x", "found": {key: mark}})
    assert f"meeting.found.{key} must be true or false" in caught.value.message.english()
    with pytest.raises(StoredDataError):
        Exploration.from_json({**Exploration().to_json(), "found": {key: mark}})


def test_a_meeting_saved_with_a_crafted_mark_is_refused_under_a_valid_checksum() -> None:
    text = store.encode(MEETING, {"creature": "x", "found": {"violent": "true"}})
    with pytest.raises(StoredDataError):
        store.decode(MEETING, text)

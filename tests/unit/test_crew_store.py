"""The stored crew: characters and agenda in one versioned envelope."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from omen.core.errors import RulesError, StoredDataError
from omen.core.store import decode, encode
from omen.eotw import crew
from omen.eotw.crew import CREW, Agenda, Crew, EncounterType, StressTrack, Trauma
from omen.eotw.pools import Category, Characteristic

C = Characteristic
BUILD = {C.DEXTERITY: 4, C.VITALITY: 3, C.LOGIC: 3, C.WILLPOWER: 2, C.CHARISMA: 3, C.EMPATHY: 1}


def ana() -> crew.Character:
    return crew.new_character("c1", "Ana", BUILD)


def test_a_crew_round_trips_through_its_envelope() -> None:
    bold = replace(
        ana(),
        physical_stress=StressTrack(9, 2),
        traumas=(Trauma("Cracked rib", Category.PHYSICAL, 2),),
    )
    ben = crew.new_character("c2", "Ben", {**BUILD, C.DEXTERITY: 3, C.EMPATHY: 2})
    stored = Crew((bold, ben), Agenda(EncounterType.SURVIVAL).add_goal("Find Mara").toggle(0))
    text = encode(CREW, stored.to_json())
    assert json.loads(text)["kind"] == "crew"
    assert json.loads(text)["schema"] == 1
    assert decode(CREW, text) == stored
    assert CREW.key == "omen/crew"


def test_an_empty_crew_starts_with_the_four_needs() -> None:
    empty = Crew.from_json({})
    assert empty == Crew()
    assert len(empty.agenda.goals) == 4
    assert empty.next_id() == "c1"


def test_put_replaces_by_id_or_adds_and_without_removes() -> None:
    team = Crew().put(ana())
    assert team.next_id() == "c2"
    hurt = ana().with_track(Category.MENTAL, StressTrack(4))
    team = team.put(hurt)
    assert len(team.characters) == 1
    assert team.find("c1") == hurt
    team = team.put(crew.new_character(team.next_id(), "Ben", BUILD))
    assert [c.name for c in team.characters] == ["Ana", "Ben"]
    assert [c.name for c in team.without("c1").characters] == ["Ben"]
    assert team.find("c9") is None


def test_ids_must_be_unique() -> None:
    with pytest.raises(RulesError, match="share one id"):
        Crew((ana(), ana()))
    with pytest.raises(StoredDataError, match="share one id"):
        Crew.from_json({"characters": [ana().to_json(), ana().to_json()]})


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([], "crew must be a record"),
        ({"characters": {}}, "crew.characters must be a list of at most 50 characters"),
        ({"characters": [{}] * 51}, "at most 50 characters"),
        ({"characters": [], "party": 1}, "Omen knows no field crew.party"),
        ({"characters": [], "agenda": {"encounter": "combat", "goals": []}}, "agenda.encounter"),
        ({"characters": [{"id": "c1"}]}, "character.name must be text"),
    ],
)
def test_bad_stored_crews_are_named(data: object, message: str) -> None:
    with pytest.raises(StoredDataError, match=message):
        Crew.from_json(data)

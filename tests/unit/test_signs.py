"""Signs and omens get words: a location may name a sign table, and the Encounter Die's
"sign, omen or clue" (Liminal Horror's check, GURPS travel's) rolls on it as an
encounter rolls on the encounter table. The field is optional, stored only when set,
shared with its table, and checked like the encounter table (hostile links too)."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

import pytest

from omen.campaign import settings, share
from omen.campaign.example import example_campaign, example_games
from omen.campaign.exploration import Procedure
from omen.campaign.share import LocationShare, ShareError, decode_link, encode_link, pack
from omen.campaign.state import Exploration, check
from omen.campaign.table_checks import validate_library
from omen.campaign.tables import Entry, Library, Location, Table
from omen.core.dice import ScriptedDice
from omen.core.errors import RulesError
from omen.gurps.travel import Travel, travel_turn

CROWS = Table(
    "crows",
    "Znamení u mlýna",
    "d6",
    (Entry("Vrány krouží nad mlýnem", 1, 3), Entry("Kolo se točí [[1d4]]x samo", 4, 6)),
)
WOLVES = Table("wolves", "Wolves", "d6", (Entry("A pack of wolves", 1, 6, violent=True),))
MILL = Location("mill", "Starý mlýn", ("wolves", "crows"), "wolves", signs="crows")
LIBRARY = Library((WOLVES, CROWS), (MILL,))
HERE = Exploration(procedure=Procedure.ENCOUNTER_DIE, location="mill")
VALUES = settings.defaults()


def test_an_encounter_die_sign_rolls_on_the_location_sign_table() -> None:
    # Encounter Die 2 (a sign), then the sign table's d6 shows 5 and its 1d4 shows 3
    after, outcome = check(HERE, VALUES, ScriptedDice([2, 5, 3]), advance=True, library=LIBRARY)
    assert outcome.kind == "sign"
    assert outcome.title.english() == "Encounter Die 2: a sign, omen or clue: Kolo se točí 3x samo"
    assert after.met == ""  # a sign is not an encounter to run
    assert "Rolling d6 on Znamení u mlýna" in [s.english() for s in outcome.steps]


def test_a_location_without_a_sign_table_keeps_the_plain_sign() -> None:
    plain = Library((WOLVES,), (Location("mill", "Mill", ("wolves",), "wolves"),))
    _after, outcome = check(HERE, VALUES, ScriptedDice([3]), advance=True, library=plain)
    assert outcome.title.english() == "Encounter Die 3: A sign, omen or clue."
    _after, outcome = check(
        replace(HERE, location=None), VALUES, ScriptedDice([3]), advance=True, library=LIBRARY
    )
    assert outcome.title.english() == "Encounter Die 3: A sign, omen or clue."


def test_an_encounter_still_rolls_on_the_encounter_table() -> None:
    after, outcome = check(HERE, VALUES, ScriptedDice([1, 4]), advance=True, library=LIBRARY)
    assert after.met == "A pack of wolves" and outcome.kind == "encounter"


def test_gurps_travel_signs_roll_on_the_sign_table_too() -> None:
    _after, outcome = travel_turn(Travel(), LIBRARY, HERE, 4, ScriptedDice([3, 1]))
    assert outcome.title.english() == "Encounter Die 3: a sign or a clue: Vrány krouží nad mlýnem"
    assert outcome.kind == "sign"


# --- stored and shared -------------------------------------------------------------------------


def test_the_sign_table_is_stored_only_when_set() -> None:
    assert "signs" not in Location("x", "X").to_json()
    assert MILL.to_json()["signs"] == "crows"
    assert Location.from_json(MILL.to_json()) == MILL
    old = {"id": "mill", "name": "Mill", "tables": [], "encounter": None, "place": "ordinary"}
    assert Location.from_json(old).signs is None


@pytest.mark.parametrize("signs", [7, "", "Not An Id!", ["crows"], "x" * 500, True])
def test_a_crafted_sign_table_id_is_refused(signs: Any) -> None:
    with pytest.raises(RulesError):
        Location.from_json({**MILL.to_json(), "signs": signs})


def test_a_sign_table_that_does_not_exist_is_reported_by_the_library_check() -> None:
    broken = Library((WOLVES,), (Location("mill", "Mill", ("wolves",), "wolves", signs="gone"),))
    report = dict(validate_library(broken))
    assert [i.message.english() for i in report["mill"]] == [
        "Mill uses a table that does not exist ('gone')."
    ]


def test_a_location_link_carries_its_sign_table() -> None:
    record = share.share_location(LIBRARY, "mill")
    assert record == LocationShare(MILL, (WOLVES, CROWS))
    assert decode_link(encode_link("location", record)).record == record


def hostile(data: Any) -> str:
    """A link with a valid frame and checksum around crafted content."""
    envelope = {"app": "omen", "kind": "location", "v": 1, "data": data}
    return "share=" + pack(json.dumps(envelope, ensure_ascii=False).encode("utf-8"))


def test_a_location_link_without_its_sign_table_is_refused() -> None:
    data = {"location": MILL.to_json(), "tables": [WOLVES.to_json()]}
    with pytest.raises(ShareError) as refused:
        decode_link(hostile(data))
    assert str(refused.value) == "Location 'Starý mlýn' uses a table that is not in it ('crows')."


def test_a_location_link_with_a_crafted_sign_field_is_refused() -> None:
    for signs in ({"id": "crows"}, 12, "<script>"):
        data = {"location": {**MILL.to_json(), "signs": signs}, "tables": [WOLVES.to_json()]}
        with pytest.raises(ShareError):
            decode_link(hostile(data))


# --- the examples -------------------------------------------------------------------------------


@pytest.mark.parametrize("game", example_games())
@pytest.mark.parametrize("language", ["en", "cs"])
def test_every_example_has_a_location_with_a_sign_table(game: str, language: str) -> None:
    library = example_campaign(language, game).library
    with_signs = [place for place in library.locations if place.signs is not None]
    assert with_signs, game
    for place in with_signs:
        table = library.table(place.signs or "")
        assert table.entries and place.signs in place.tables
    assert not [issue for _id, issues in validate_library(library) for issue in issues]

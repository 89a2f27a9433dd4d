"""The Tests screen's stored form: the pool being built and the opposed contestants."""

from __future__ import annotations

import json

import pytest

from omen.core.errors import RulesError, StoredDataError
from omen.core.store import decode, encode
from omen.eotw.pools import TESTS_FORM, Characteristic, Contestant, Pool, TestsForm


def a_form() -> TestsForm:
    return TestsForm(
        character="c1",
        characteristic=Characteristic.VITALITY,
        value=4,
        pool=Pool(equipment=2, danger=1, pushed=True),
        unticked=(1,),
        contestants=(
            Contestant("Ana", Pool(equipment=1), 4, Characteristic.DEXTERITY, member="c1"),
            Contestant("Rat", Pool(), 2),
        ),
    )


def test_a_form_round_trips_through_its_envelope() -> None:
    text = encode(TESTS_FORM, a_form().to_json())
    envelope = json.loads(text)
    assert (envelope["kind"], envelope["schema"]) == (
        "eotw_tests",
        2,
    )  # format 2 keeps the test asked for
    assert TESTS_FORM.key == "omen/eotw_tests"
    loaded = decode(TESTS_FORM, text)
    assert loaded == a_form()
    assert loaded.contestants[0].member == "c1"
    assert loaded.contestants[1].member == ""
    assert loaded.pool.positive == 4 and loaded.pool.negative == 2


def test_an_empty_record_is_the_starting_form() -> None:
    assert TestsForm.from_json({}) == TestsForm()
    assert TestsForm().to_json() == {"characteristic": "dexterity", "value": 3, "pool": {}}


def test_a_contestant_keeps_its_crew_link_only_when_it_has_one() -> None:
    assert "member" not in Contestant("Rat", Pool(), 2).to_json()
    linked = Contestant("Ana", Pool(), 3, member="c7")
    assert Contestant.from_json(linked.to_json()) == linked


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([], "tests must be a record"),
        ({"dice": 3}, "Omen knows no field tests.dice"),
        ({"value": 6}, "tests.value must be a whole number from 1 to 5"),
        ({"value": True}, "tests.value must be a whole number from 1 to 5"),
        ({"characteristic": "luck"}, "tests.characteristic must be one of the six"),
        ({"character": 5}, "tests.character must be text"),
        ({"unticked": [-1]}, "tests.unticked must be a list of trauma numbers"),
        ({"pool": {"danger": -1}}, "pool.danger must be a whole number"),
        ({"pool": {"danger": 40}}, "at most 30 dice"),
        ({"contestants": {}}, "tests.contestants must be a list of at most 20"),
        ({"contestants": [{"name": "A", "value": 3}] * 21}, "at most 20 contestants"),
        ({"contestants": [{"name": "A", "value": 0}]}, r"tests.contestants\[0\].value"),
        ({"contestants": [{"name": "A", "value": 3, "side": 1}]}, "contestants.0..side"),
        ({"contestants": [{"name": "A", "value": 3, "member": 1}]}, r"\[0\].member must be"),
        ({"contestants": [{"name": "A" * 201, "value": 3}]}, r"\[0\].name must be text"),
    ],
)
def test_bad_stored_forms_are_named(data: object, message: str) -> None:
    with pytest.raises(StoredDataError, match=message):
        TestsForm.from_json(data)


def test_a_form_refuses_too_many_contestants_and_bad_links() -> None:
    with pytest.raises(RulesError, match="at most 20 contestants"):
        TestsForm(contestants=(Contestant("A", Pool(), 3),) * 21)
    with pytest.raises(RulesError, match="crew link"):
        Contestant("A", Pool(), 3, member="x" * 101)

"""The End of the World's downtime offers and the new-character build line."""

from __future__ import annotations

from dataclasses import replace

import pytest

from omen.core.errors import StoredDataError
from omen.core.store import decode, encode
from omen.eotw.crew import (
    Character,
    Crew,
    CrewSettings,
    Status,
    StressTrack,
    Trauma,
    build_summary,
    convert_stress,
    downtime,
    points_spent,
)
from omen.eotw.pools import TESTS_FORM, Category, Characteristic, Purpose, TestsForm


def test_downtime_offers_each_track_with_stress_and_each_trauma() -> None:
    ana = Character(
        "c1",
        "Ana",
        physical_stress=StressTrack(4),
        social_stress=StressTrack(1),
        traumas=(Trauma("Limp", Category.PHYSICAL, 2), Trauma("", Category.MENTAL, 1)),
    )
    bo = Character("c2", "Bo", mental_stress=StressTrack(9))  # full: settle it first
    gone = Character(
        "c3", "Cy", physical_stress=StressTrack(5), status=Status.DEAD, removed_by=Category.PHYSICAL
    )
    offer = downtime(Crew((ana, bo, gone)))
    assert [(c.member, c.category, c.stress, c.severity) for c in offer.conversions] == [
        ("c1", Category.PHYSICAL, 4, 2),
        ("c1", Category.SOCIAL, 1, 1),
    ]
    assert [(t.member, t.index, t.trauma.name) for t in offer.treatments] == [
        ("c1", 0, "Limp"),
        ("c1", 1, ""),
    ]
    assert offer.treatments[0].time.english() == "one week"
    assert offer.treatments[0].characteristic is Characteristic.VITALITY
    assert offer.treatments[1].characteristic is Characteristic.WILLPOWER
    assert not offer.empty and downtime(Crew()).empty


def test_an_offer_is_what_convert_stress_then_does() -> None:
    ana = Character("c1", "Ana", physical_stress=StressTrack(7))
    [offer] = downtime(Crew((ana,))).conversions
    done = convert_stress(ana, offer.category)
    assert done.character.traumas[-1].severity == offer.severity == 3
    assert downtime(Crew((done.character,))).conversions == ()


def test_a_character_out_for_now_can_still_work_through_stress() -> None:
    out = Character(
        "c1",
        "Ana",
        social_stress=StressTrack(2),
        status=Status.OUT_FOR_NOW,
        removed_by=Category.SOCIAL,
    )
    assert len(downtime(Crew((out,))).conversions) == 1


def test_the_build_line_counts_points_above_one() -> None:
    values = {Characteristic.DEXTERITY: 5, Characteristic.LOGIC: 3}
    assert points_spent(values) == 6
    assert build_summary(values).english() == "Points above 1: 6 of 10"
    assert build_summary(values, CrewSettings(build_points=12)).english() == (
        "Points above 1: 6 of 12"
    )
    off = replace(CrewSettings(), check_build=False)
    assert build_summary(values, off).english() == (
        "Any values from 1 to 5 (the build check is off in Settings)."
    )


# --- the test a Crew card or a downtime scene asks for, kept in the Tests form --------


def test_a_test_asked_for_is_kept_in_the_tests_form_and_reads_back() -> None:
    form = TestsForm(purpose=Purpose("c1", Category.MENTAL, 2))
    assert decode(TESTS_FORM, encode(TESTS_FORM, form.to_json())) == form
    assert TestsForm.from_json(TestsForm().to_json()).purpose is None


def test_a_format_1_tests_form_still_loads() -> None:
    old = '{"app": "omen", "kind": "eotw_tests", "schema": 1, "data": {"value": 4}}'
    assert decode(TESTS_FORM, old) == TestsForm(value=4)


@pytest.mark.parametrize(
    "purpose",
    [
        [],
        {"member": "", "category": "mental"},
        {"member": "c1"},
        {"member": "c1", "category": "spiritual"},
        {"member": "c1", "category": "mental", "trauma": True},
        {"member": "c1", "category": "mental", "trauma": 100},
        {"member": "c1", "category": "mental", "trauma": "1"},
        {"member": "x" * 101, "category": "mental"},
        {"member": "c1", "category": "mental", "why": "no"},
    ],
)
def test_a_crafted_purpose_is_refused(purpose: object) -> None:
    with pytest.raises(StoredDataError):
        decode(TESTS_FORM, encode(TESTS_FORM, {"value": 3, "purpose": purpose}))

"""Tests the crew asks for: the Tests form preset, the result applied, and the
stress correction, as the engine decides them for the Crew and Tests screens."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from omen.core.errors import RulesError
from omen.eotw.crew import (
    Character,
    Crew,
    CrewSettings,
    Status,
    StressTrack,
    Trauma,
    ask_test,
    purpose_fits,
    remove_stress,
    rolled_pool,
    settle,
    take_stress,
)
from omen.eotw.pools import Category, Characteristic, Pool, Purpose, TestsForm, resolve


def full(character: Character, category: Category = Category.PHYSICAL) -> Character:
    return take_stress(character, category, 9).character


ANA = Character("a", "Ana", dexterity=4, vitality=3)


def test_asking_for_a_cling_presets_the_form_and_keeps_the_contestants() -> None:
    form = TestsForm(character="", characteristic=Characteristic.LOGIC, value=5, pool=Pool().push())
    asked = ask_test(form, full(ANA), Category.PHYSICAL)
    assert asked.character == "a"
    assert asked.characteristic is Characteristic.VITALITY
    assert asked.value == 3
    assert asked.pool == Pool()
    assert asked.purpose == Purpose("a", Category.PHYSICAL)
    assert TestsForm.from_json(asked.to_json()) == asked  # what is written loads back


def test_a_recovery_test_names_a_trauma_the_character_has() -> None:
    hurt = Character("a", "Ana", traumas=(Trauma("Rib", Category.PHYSICAL, 1),))
    assert ask_test(TestsForm(), hurt, Category.PHYSICAL, 0).purpose == Purpose(
        "a", Category.PHYSICAL, 0
    )
    with pytest.raises(RulesError):
        ask_test(TestsForm(), hurt, Category.PHYSICAL, 1)


def test_a_cling_applied_changes_only_that_character() -> None:
    bea = Character("b", "Bea")
    crew = Crew((full(ANA), bea))
    result = resolve(3, [1], [], characteristic=Characteristic.VITALITY)
    settled = settle(crew, Purpose("a", Category.PHYSICAL), result)
    ana = settled.crew.find("a")
    assert ana is not None and ana.status is Status.OUT_FOR_NOW
    assert settled.crew.find("b") == bea
    assert settled.title.english() == "Ana clings to life and is out of play for now."


def test_a_test_that_no_longer_fits_is_refused() -> None:
    result = resolve(3, [1], [], characteristic=Characteristic.VITALITY)
    purpose = Purpose("a", Category.PHYSICAL)
    assert not purpose_fits(Crew((ANA,)), purpose)  # the track is not full (an Undo)
    with pytest.raises(RulesError):
        settle(Crew((ANA,)), purpose, result)
    with pytest.raises(RulesError):
        settle(Crew(), purpose, result)  # the character was deleted


def test_a_recovery_applied_heals_the_trauma() -> None:
    hurt = Character("a", "Ana", vitality=3, traumas=(Trauma("Rib", Category.PHYSICAL, 1),))
    result = resolve(3, [2], [], characteristic=Characteristic.VITALITY)
    settled = settle(Crew((hurt,)), Purpose("a", Category.PHYSICAL, 0), result, CrewSettings())
    assert settled.crew.find("a") == Character("a", "Ana", vitality=3)
    assert settled.title.english() == "The treatment works: Rib is healed."


@given(st.integers(0, 9), st.integers(0, 5))
def test_removing_stress_takes_the_overflow_first(filled: int, overflow: int) -> None:
    track = StressTrack(filled, overflow if filled == 9 else 0)
    ana = ANA.with_track(Category.MENTAL, track)
    if filled == 0:
        with pytest.raises(RulesError):
            remove_stress(ana, Category.MENTAL)
        return
    after = remove_stress(ana, Category.MENTAL).character.track(Category.MENTAL)
    assert after.filled + after.overflow == track.filled + track.overflow - 1
    assert after.filled == (track.filled if track.overflow else track.filled - 1)


def test_each_ticked_trauma_of_the_category_is_a_negative_die() -> None:
    traumas = (
        Trauma("Rib", Category.PHYSICAL, 1),
        Trauma("Fear", Category.MENTAL, 2),
        Trauma("Knee", Category.PHYSICAL, 2),
    )
    ana = Character("a", "Ana", traumas=traumas)
    assert rolled_pool(Pool(), ana, Characteristic.DEXTERITY).negative == 2
    assert rolled_pool(Pool(), ana, Characteristic.DEXTERITY, (2,)).negative == 1
    assert rolled_pool(Pool(), ana, Characteristic.LOGIC).negative == 1
    assert rolled_pool(Pool(), None, Characteristic.LOGIC) == Pool()

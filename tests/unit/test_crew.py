"""The End of the World crew: build rule, stress tracks, clinging to life, traumas, goals."""

from __future__ import annotations

import shutil
import sys
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from omen.core.dice import ScriptedDice
from omen.core.errors import RulesError, StoredDataError
from omen.core.i18n import Translator
from omen.core.roll import Step
from omen.eotw import crew
from omen.eotw import settings as eotw_settings
from omen.eotw.crew import (
    Agenda,
    Character,
    CrewSettings,
    EncounterType,
    Goal,
    Status,
    StressTrack,
    Trauma,
)
from omen.eotw.pools import Category, Characteristic, Pool, TestResult, resolve

ROOT = Path(__file__).resolve().parents[2]
C = Characteristic
PHYSICAL, MENTAL, SOCIAL = Category.PHYSICAL, Category.MENTAL, Category.SOCIAL
BUILD = {C.DEXTERITY: 4, C.VITALITY: 3, C.LOGIC: 3, C.WILLPOWER: 2, C.CHARISMA: 3, C.EMPATHY: 1}


def english(steps: tuple[Step, ...]) -> list[str]:
    return [step.english() for step in steps]


def ana(**changes: object) -> Character:
    base = crew.new_character("c1", "Ana", BUILD)
    return replace(base, **changes)  # type: ignore[arg-type]


def full(category: Category, overflow: int = 0, **changes: object) -> Character:
    """Ana with a full track in ``category``, ``overflow`` stress beyond it."""
    character = ana(**changes)
    return character.with_track(category, StressTrack(9, overflow))


def vitality(positive: list[int], negative: list[int] | None = None) -> TestResult:
    """A test of Ana's Vitality (3)."""
    return resolve(3, positive, negative or [], characteristic=C.VITALITY)


# --- the build rule ---------------------------------------------------------------------


def test_a_new_character_spends_exactly_ten_points_above_one() -> None:
    character = crew.new_character("c1", "Ana", BUILD)
    assert [character.value(c) for c in C] == [4, 3, 3, 2, 3, 1]
    assert character.defensive_value(PHYSICAL) == 3
    assert character.status is Status.ACTIVE


def test_too_many_or_too_few_points_are_refused_with_the_count() -> None:
    with pytest.raises(RulesError, match="by 10 points, not 11"):
        crew.new_character("c1", "Ana", {**BUILD, C.EMPATHY: 2})
    with pytest.raises(RulesError, match="by 10 points, not 0"):
        crew.new_character("c1", "Ana", {})
    with pytest.raises(RulesError, match="Dexterity must be from 1 to 5"):
        crew.new_character("c1", "Ana", {**BUILD, C.DEXTERITY: 6})


def test_the_build_check_follows_the_settings() -> None:
    loose = CrewSettings(check_build=False)
    assert crew.new_character("c1", "Ana", {}, loose).value(C.LOGIC) == 1
    with pytest.raises(RulesError, match="from 1 to 5"):
        crew.new_character("c1", "Ana", {C.LOGIC: 0}, loose)
    twelve = CrewSettings(build_points=12)
    crew.new_character("c1", "Ana", {**BUILD, C.EMPATHY: 3}, twelve)
    # A group vote may move a value later: no build check then.
    assert ana().with_value(C.DEXTERITY, 5).value(C.DEXTERITY) == 5


def test_settings_are_declared_and_read() -> None:
    keys = {setting.key: setting for setting in eotw_settings.CREW_SETTINGS}
    assert set(keys) == {"eotw.check_build", "eotw.build_points", "eotw.crew_test_stress"}
    assert keys["eotw.build_points"].default == 10
    assert all(s.game == "eotw" and s.accepts(s.default) for s in eotw_settings.CREW_SETTINGS)
    read = CrewSettings.from_values(
        {"eotw.check_build": False, "eotw.build_points": 12, "eotw.crew_test_stress": False}
    )
    assert read == CrewSettings(False, 12, False)
    assert CrewSettings.from_values({"eotw.build_points": 99}) == CrewSettings()


# --- stress ---------------------------------------------------------------------------------


def test_stress_fills_tier_one_first_and_then_climbs() -> None:
    change = crew.take_stress(ana(), PHYSICAL, 2)
    track = change.character.track(PHYSICAL)
    assert track.tiers() == ((True, True, False), (False, False, False), (False, False, False))
    assert track.tiers_filled == 1
    change = crew.take_stress(change.character, PHYSICAL, 2)
    track = change.character.track(PHYSICAL)
    assert track.tiers() == ((True, True, True), (True, False, False), (False, False, False))
    assert (track.filled, track.tiers_filled, change.must_choose) == (4, 2, None)
    assert english(change.steps) == [
        "Ana takes 2 stress (Physical)",
        "Stress track (Physical): 2 → 4 of 9 boxes",
    ]
    assert change.character.track(MENTAL) == StressTrack()


def test_a_full_track_overflows_and_asks_for_the_choice() -> None:
    character = ana().with_track(MENTAL, StressTrack(7))
    change = crew.take_stress(character, MENTAL, 5)
    assert change.character.track(MENTAL) == StressTrack(9, 3)
    assert change.must_choose is MENTAL
    assert change.character.pending == (MENTAL,)
    assert english(change.steps) == [
        "Ana takes 5 stress (Mental)",
        "Stress track (Mental): 7 → 9 of 9 boxes",
        "3 stress overflows the full track",
        "The track is full: Ana must cling to life or let go.",
    ]
    # More stress before the choice keeps adding to the overflow.
    again = crew.take_stress(change.character, MENTAL, 2)
    assert again.character.track(MENTAL) == StressTrack(9, 5)
    assert again.must_choose is MENTAL


def test_exactly_filling_a_track_asks_for_the_choice_without_overflow() -> None:
    change = crew.take_stress(ana(), SOCIAL, 9)
    assert change.character.track(SOCIAL) == StressTrack(9, 0)
    assert change.must_choose is SOCIAL
    assert "overflows" not in " ".join(english(change.steps))


@pytest.mark.parametrize("amount", [0, -1, 101, True])
def test_stress_comes_in_whole_points(amount: int) -> None:
    with pytest.raises(RulesError, match="whole points"):
        crew.take_stress(ana(), PHYSICAL, amount)


@settings(max_examples=60)
@given(st.lists(st.integers(1, 6), max_size=8))
def test_stress_is_never_lost(amounts: list[int]) -> None:
    character = ana()
    for amount in amounts:
        character = crew.take_stress(character, SOCIAL, amount).character
    track = character.track(SOCIAL)
    assert track.filled == min(sum(amounts), 9)
    assert track.overflow == max(sum(amounts) - 9, 0)
    assert (SOCIAL in character.pending) == (sum(amounts) >= 9)


# --- clinging to life ---------------------------------------------------------------------


def test_clinging_to_life_and_succeeding() -> None:
    character = full(PHYSICAL, overflow=2)
    change = crew.cling_to_life(character, PHYSICAL, vitality([2]))
    after = change.character
    assert after.status is Status.OUT_FOR_NOW and after.removed_by is PHYSICAL
    assert after.traumas == (Trauma("", PHYSICAL, 3),)
    assert after.track(PHYSICAL) == StressTrack(5)  # tier 1 full, then the 2 overflow
    assert change.must_choose is None
    assert english(change.steps) == [
        "Ana clings to life and is out of play for now.",
        "Ana takes a trauma of severity 3 (Physical)",
        "Tiers 2 and 3 of the track are cleared; tier 1 stays full.",
        "2 overflow stress is recorded",
        "Stress track (Physical): 9 → 5 of 9 boxes",
    ]
    assert after.status_text.english() == "Out of play for now (Physical)"


def test_the_clinging_test_adds_its_own_stress_unless_the_setting_says_no() -> None:
    character = full(PHYSICAL, overflow=1)
    # Positive 2 succeeds; negative 5 and 6 match nothing: 2 stress.
    change = crew.cling_to_life(character, PHYSICAL, vitality([2], [5, 6]))
    assert change.character.track(PHYSICAL) == StressTrack(6)
    assert "The test adds 2 stress" in english(change.steps)
    quiet = crew.cling_to_life(
        character, PHYSICAL, vitality([2], [5, 6]), CrewSettings(test_stress=False)
    )
    assert quiet.character.track(PHYSICAL) == StressTrack(4)


def test_a_huge_overflow_fills_the_track_again() -> None:
    change = crew.cling_to_life(full(PHYSICAL, overflow=8), PHYSICAL, vitality([1]))
    assert change.character.track(PHYSICAL) == StressTrack(9, 2)
    assert change.must_choose is PHYSICAL
    assert english(change.steps)[-1] == "The track is full: Ana must cling to life or let go."


def test_clinging_to_life_and_failing_kills() -> None:
    change = crew.cling_to_life(full(PHYSICAL), PHYSICAL, vitality([6]))
    assert change.character.status is Status.DEAD
    assert change.character.removed_by is PHYSICAL
    assert english(change.steps) == ["Ana fails to cling to life and dies."]
    with pytest.raises(RulesError, match="out of the story"):
        crew.take_stress(change.character, PHYSICAL, 1)


def test_clinging_needs_a_full_track_and_the_defensive_characteristic() -> None:
    with pytest.raises(RulesError, match="Only a full stress track"):
        crew.cling_to_life(ana(), PHYSICAL, vitality([2]))
    with pytest.raises(RulesError, match=r"must use Vitality \(3\)"):
        crew.cling_to_life(
            full(PHYSICAL), PHYSICAL, resolve(3, [2], [], characteristic=C.DEXTERITY)
        )
    with pytest.raises(RulesError, match=r"must use Vitality \(3\)"):
        crew.cling_to_life(full(PHYSICAL), PHYSICAL, resolve(4, [2], []))


def test_clinging_with_three_traumas_already_is_the_fourth_and_kills() -> None:
    scars = tuple(Trauma(f"scar {i}", PHYSICAL, 1) for i in range(3))
    change = crew.cling_to_life(full(PHYSICAL, traumas=scars), PHYSICAL, vitality([1]))
    assert change.character.status is Status.DEAD
    assert english(change.steps) == [
        "Ana clings to life and is out of play for now.",
        "Ana suffers a fourth trauma (Physical) and dies.",
    ]
    assert change.character.traumas == scars


def test_the_defensive_test_rolls_the_right_characteristic() -> None:
    result = crew.defensive_test(ana(), MENTAL, Pool(danger=1), ScriptedDice([2, 4]))
    assert result.characteristic is C.WILLPOWER and result.value == 2
    assert result.success and result.stress == 1


@pytest.mark.parametrize(
    ("category", "status", "text"),
    [
        (PHYSICAL, Status.DEAD, "Ana lets go and succumbs to their injuries."),
        (MENTAL, Status.OUT, "Ana lets go and is lost to madness for good."),
        (SOCIAL, Status.OUT, "Ana lets go and is cast out of the group for good."),
    ],
)
def test_letting_go_leaves_the_story_in_the_way_of_the_category(
    category: Category, status: Status, text: str
) -> None:
    change = crew.let_go(full(category), category)
    assert change.character.status is status and change.character.removed_by is category
    assert english(change.steps) == [text]
    assert change.character.pending == ()
    with pytest.raises(RulesError, match="Only a full stress track"):
        crew.let_go(ana(), category)


# The seed: a full track means the character "immediately die[s] or experience[s] a
# serious trauma"; clinging to life removes them "in the way appropriate to the category"
# but "only temporarily". So letting go and failing to cling end alike, for good.
DEFENSIVE = {PHYSICAL: C.VITALITY, MENTAL: C.WILLPOWER, SOCIAL: C.EMPATHY}
ENDING = {
    PHYSICAL: (Status.DEAD, "Dead (Physical)"),
    MENTAL: (Status.OUT, "Lost to madness for good (Mental)"),
    SOCIAL: (Status.OUT, "Cast out, gone from the group for good (Social)"),
}


@pytest.mark.parametrize("category", list(Category))
def test_letting_go_and_failing_to_cling_end_the_same_way_for_good(category: Category) -> None:
    character = full(category)
    value = character.defensive_value(category)
    failed = resolve(value, [6], [], characteristic=DEFENSIVE[category])
    assert not failed.success
    clung = crew.cling_to_life(character, category, failed).character
    gone = crew.let_go(character, category).character
    status, text = ENDING[category]
    for ended in (clung, gone):
        assert ended.status is status and ended.status.final
        assert ended.removed_by is category
        assert ended.status_text.english() == text
        assert ended.pending == ()
        with pytest.raises(RulesError, match="out of the story"):
            crew.take_stress(ended, category, 1)
        with pytest.raises(RulesError, match="not out of play"):
            crew.return_to_play(ended)  # for good: no way back
    assert clung.to_json() == gone.to_json()
    # A passed test is the temporary removal, worded apart from the lasting one.
    passed = resolve(value, [1], [], characteristic=DEFENSIVE[category])
    out = crew.cling_to_life(character, category, passed).character
    assert out.status is Status.OUT_FOR_NOW and not out.status.final


@pytest.mark.parametrize(
    ("category", "text"),
    [
        (PHYSICAL, "Ana fails to cling to life and dies."),
        (MENTAL, "Ana fails to hold on and is lost to madness for good."),
        (SOCIAL, "Ana fails to hold on and is cast out of the group for good."),
    ],
)
def test_a_failed_cling_is_worded_for_its_category(category: Category, text: str) -> None:
    failed = resolve(1, [6], [], characteristic=DEFENSIVE[category])
    character = full(category, **{DEFENSIVE[category].value: 1})
    assert english(crew.cling_to_life(character, category, failed).steps) == [text]


def test_a_stored_ending_loads_with_its_category_wording() -> None:
    """Crews stored before the change keep their statuses: "out" now reads by category."""
    data = ana().to_json()
    mental = crew.Character.from_json({**data, "status": "out", "removed_by": "mental"})
    assert mental.status_text.english() == "Lost to madness for good (Mental)"
    social = crew.Character.from_json({**data, "status": "out", "removed_by": "social"})
    assert social.status_text.english() == "Cast out, gone from the group for good (Social)"
    with pytest.raises(StoredDataError, match="Physical track ends in death"):
        crew.Character.from_json({**data, "status": "out", "removed_by": "physical"})


def test_return_to_play_after_clinging() -> None:
    out = crew.cling_to_life(full(SOCIAL), SOCIAL, resolve(1, [1], [], characteristic=C.EMPATHY))
    back = crew.return_to_play(out.character)
    assert back.character.status is Status.ACTIVE and back.character.removed_by is None
    assert english(back.steps) == ["Ana is back in play."]
    with pytest.raises(RulesError, match="not out of play"):
        crew.return_to_play(back.character)
    pending = out.character.with_track(MENTAL, StressTrack(9))
    with pytest.raises(RulesError, match="full stress track to settle"):
        crew.return_to_play(pending)


# --- traumas --------------------------------------------------------------------------------


@pytest.mark.parametrize(("filled", "severity"), [(1, 1), (3, 1), (4, 2), (6, 2), (7, 3), (8, 3)])
def test_converted_stress_gives_one_severity_per_tier_touched(filled: int, severity: int) -> None:
    character = ana().with_track(MENTAL, StressTrack(filled))
    change = crew.convert_stress(character, MENTAL, "Nightmares")
    assert change.character.track(MENTAL) == StressTrack()
    assert change.character.traumas == (Trauma("Nightmares", MENTAL, severity),)


def test_conversion_steps() -> None:
    change = crew.convert_stress(ana().with_track(MENTAL, StressTrack(5)), MENTAL)
    assert english(change.steps) == [
        "Ana works through 5 stress (Mental)",
        "Tiers with any box filled: 2",
        "The stress track (Mental) is cleared.",
        "Ana takes a trauma of severity 2 (Mental)",
    ]
    assert change.character.traumas[0].title.english() == "unnamed trauma (Mental)"


def test_conversion_needs_stress_and_a_settled_track() -> None:
    with pytest.raises(RulesError, match="no stress"):
        crew.convert_stress(ana(), MENTAL)
    with pytest.raises(RulesError, match="settled first"):
        crew.convert_stress(full(MENTAL), MENTAL)


def test_a_fourth_trauma_kills_outright() -> None:
    character = ana()
    for name in ("Limp", "Burns", "Cough"):
        character = crew.add_trauma(character, Trauma(name, PHYSICAL, 1)).character
    character = crew.add_trauma(character, Trauma("Fear", MENTAL, 2)).character
    assert character.status is Status.ACTIVE
    change = crew.add_trauma(character, Trauma("Broken arm", PHYSICAL, 2))
    assert change.character.status is Status.DEAD
    assert english(change.steps) == ["Ana suffers a fourth trauma (Physical) and dies."]
    # The same from converting stress.
    stressed = character.with_track(PHYSICAL, StressTrack(2))
    assert crew.convert_stress(stressed, PHYSICAL).character.status is Status.DEAD


def test_relevant_traumas_by_category() -> None:
    traumas = (Trauma("Limp", PHYSICAL, 1), Trauma("Fear", MENTAL, 2), Trauma("Burns", PHYSICAL, 3))
    character = ana(traumas=traumas)
    assert character.relevant_traumas(PHYSICAL) == (traumas[0], traumas[2])
    assert character.relevant_traumas(SOCIAL) == ()
    assert character.relevant_traumas() == traumas
    pool = Pool(traumas=len(character.relevant_traumas(PHYSICAL)))
    assert pool.negative == 2


def test_naming_and_striking_traumas() -> None:
    character = ana(traumas=(Trauma("", PHYSICAL, 3), Trauma("Fear", MENTAL, 1)))
    renamed = crew.rename_trauma(character, 0, "Shattered knee")
    assert renamed.traumas[0] == Trauma("Shattered knee", PHYSICAL, 3)
    assert crew.remove_trauma(renamed, 0).traumas == (Trauma("Fear", MENTAL, 1),)
    with pytest.raises(RulesError, match="no trauma number 3"):
        crew.rename_trauma(character, 2, "x")
    with pytest.raises(RulesError, match="at most 200"):
        crew.rename_trauma(character, 0, "x" * 201)


@pytest.mark.parametrize(("severity", "time"), [(1, "one day"), (2, "one week"), (3, "one month")])
def test_treatment_time(severity: int, time: str) -> None:
    assert crew.treatment_time(severity).english() == time


def test_recovery_lowers_severity_to_zero_and_heals() -> None:
    character = ana(traumas=(Trauma("Cracked rib", PHYSICAL, 2),))
    first = crew.recover(character, 0, vitality([3]))
    assert first.character.traumas == (Trauma("Cracked rib", PHYSICAL, 1),)
    assert english(first.steps) == [
        "Treating Cracked rib (severity 2) takes one week.",
        "The treatment works: Cracked rib drops to severity 1.",
    ]
    second = crew.recover(first.character, 0, vitality([1]))
    assert second.character.traumas == ()
    assert english(second.steps) == [
        "Treating Cracked rib (severity 1) takes one day.",
        "The treatment works: Cracked rib is healed.",
    ]


def test_failed_treatment_keeps_the_trauma_and_its_stress_counts() -> None:
    character = ana(traumas=(Trauma("Fear", MENTAL, 3),))
    result = resolve(2, [5], [6], characteristic=C.WILLPOWER)
    change = crew.recover(character, 0, result)
    assert change.character.traumas == character.traumas
    assert change.character.track(MENTAL) == StressTrack(1)
    assert english(change.steps) == [
        "Treating Fear (severity 3) takes one month.",
        "The treatment does not help: Fear stays at severity 3.",
        "Ana takes 1 stress (Mental)",
        "Stress track (Mental): 0 → 1 of 9 boxes",
    ]
    quiet = crew.recover(character, 0, result, CrewSettings(test_stress=False))
    assert quiet.character.track(MENTAL) == StressTrack()


def test_recovery_uses_the_category_defensive_characteristic() -> None:
    character = ana(traumas=(Trauma("Fear", MENTAL, 1),))
    with pytest.raises(RulesError, match=r"must use Willpower \(2\)"):
        crew.recover(character, 0, vitality([1]))
    with pytest.raises(RulesError, match="no trauma number 2"):
        crew.recover(character, 1, vitality([1]))


# --- a random campaign keeps the rules' invariants --------------------------------------------

actions = st.lists(
    st.tuples(
        st.sampled_from(["stress", "convert", "cling", "let_go", "trauma", "recover", "return"]),
        st.sampled_from(list(Category)),
        st.integers(1, 6),
    ),
    max_size=25,
)


@settings(max_examples=150, deadline=None)
@given(actions)
def test_any_sequence_of_actions_keeps_the_invariants(  # noqa: C901 (one branch per action of the state machine)
    steps: list[tuple[str, Category, int]],
) -> None:
    character = ana()
    for action, category, number in steps:
        before = character
        try:
            if action == "stress":
                character = crew.take_stress(character, category, number).character
            elif action == "convert":
                character = crew.convert_stress(character, category).character
            elif action == "cling":
                value = character.defensive_value(category)
                result = resolve(value, [number], [], characteristic=category.defensive)
                character = crew.cling_to_life(character, category, result).character
            elif action == "let_go":
                character = crew.let_go(character, category).character
            elif action == "trauma":
                trauma = Trauma("t", category, (number - 1) % 3 + 1)
                character = crew.add_trauma(character, trauma).character
            elif action == "recover" and character.traumas:
                trauma = character.traumas[0]
                value = character.defensive_value(trauma.category)
                result = resolve(value, [number], [], characteristic=trauma.category.defensive)
                character = crew.recover(character, 0, result).character
            elif action == "return":
                character = crew.return_to_play(character).character
        except RulesError:
            pass  # refused: the character stays as it was
        for cat in Category:
            assert len(character.relevant_traumas(cat)) <= 3
            track = character.track(cat)
            assert 0 <= track.filled <= 9 and (track.overflow == 0 or track.full)
        if before.status.final:
            assert character == before  # nothing changes once out of the story
        assert Character.from_json(character.to_json()) == character


# --- storage ----------------------------------------------------------------------------------

names = st.text(max_size=20)
tracks = st.builds(StressTrack, st.integers(0, 8)) | st.builds(
    StressTrack, st.just(9), st.integers(0, 20)
)


@st.composite
def characters(draw: st.DrawFn) -> Character:
    traumas: list[Trauma] = []
    for category in Category:
        count = draw(st.integers(0, 3))
        traumas += [Trauma(draw(names), category, draw(st.integers(1, 3))) for _ in range(count)]
    status = draw(st.sampled_from(list(Status)))
    # "out" (gone for good, not dead) comes only from a Mental or Social track
    endings = [c for c in Category if status is not Status.OUT or c is not Category.PHYSICAL]
    removed = None if status is Status.ACTIVE else draw(st.sampled_from(endings))
    values = {c.value: draw(st.integers(1, 5)) for c in Characteristic}
    return Character(
        draw(st.text(min_size=1, max_size=10)),
        draw(names),
        **values,
        physical_stress=draw(tracks),
        mental_stress=draw(tracks),
        social_stress=draw(tracks),
        traumas=tuple(draw(st.permutations(traumas))),
        status=status,
        removed_by=removed,
    )


@given(characters())
def test_characters_round_trip_through_json(character: Character) -> None:
    assert Character.from_json(character.to_json()) == character


goals = st.builds(
    Goal, st.text(min_size=1, max_size=30).filter(str.strip), st.booleans()
) | st.builds(Goal, st.sampled_from(crew.DEFAULT_GOALS), st.booleans(), st.just(True))


@given(st.sampled_from(list(EncounterType)), st.lists(goals, max_size=8))
def test_agendas_round_trip_through_json(encounter: EncounterType, items: list[Goal]) -> None:
    agenda = Agenda(encounter, tuple(items))
    assert Agenda.from_json(agenda.to_json()) == agenda


def good_character_json() -> dict[str, object]:
    return ana().to_json()


@pytest.mark.parametrize(
    ("path", "value", "message"),
    [
        (("id",), "", "character.id must be text"),
        (("name",), 5, "character.name must be text of at most 200 characters"),
        (
            ("characteristics", "logic"),
            0,
            "character.characteristics.logic must be a whole number from 1 to 5",
        ),
        (("characteristics",), None, "character.characteristics must be a record"),
        (
            ("stress", "mental", "filled"),
            10,
            "character.stress.mental.filled must be a whole number from 0 to 9",
        ),
        (("stress", "mental", "overflow"), 2, "Only a full stress track can overflow"),
        (("stress", "fear"), {"filled": 0}, "Omen knows no field character.stress.fear"),
        (("traumas",), {}, "character.traumas must be a list"),
        (
            ("traumas",),
            [{"name": "x", "category": "physical", "severity": 4}],
            r"traumas\[0\].severity",
        ),
        (
            ("traumas",),
            [{"name": "x", "category": "luck", "severity": 1}],
            r"traumas\[0\].category must be one of",
        ),
        (
            ("traumas",),
            [{"name": "x", "category": "social", "severity": 1}] * 4,
            "at most 3 traumas",
        ),
        (("status",), "zombie", "character.status must be one of: active, out_for_now, out, dead"),
        (("status",), "dead", "Only a character out of play names the category"),
        (("removed_by",), "physical", "Only a character out of play names the category"),
        (("age",), 30, "Omen knows no field character.age"),
    ],
)
def test_bad_stored_characters_are_named(
    path: tuple[str, ...], value: object, message: str
) -> None:
    data: dict[str, object] = good_character_json()
    target = data
    for key in path[:-1]:
        target = target[key]  # type: ignore[assignment]
    target[path[-1]] = value
    with pytest.raises(StoredDataError, match=message):
        Character.from_json(data)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([], "agenda must be a record"),
        ({"encounter": "combat", "goals": []}, "agenda.encounter must be one of"),
        ({"encounter": "social", "goals": {}}, "agenda.goals must be a list of at most 50 goals"),
        ({"encounter": "social", "goals": [{"text": " "}]}, "A goal needs words"),
        (
            {"encounter": "social", "goals": [{"text": "Fly", "builtin": True}]},
            "one of the four needs",
        ),
        (
            {"encounter": "social", "goals": [{"text": "Fly", "done": "yes"}]},
            r"goals\[0\].done must be true or false",
        ),
    ],
)
def test_bad_stored_agendas_are_named(data: object, message: str) -> None:
    with pytest.raises(StoredDataError, match=message):
        Agenda.from_json(data)


# --- encounters and goals -------------------------------------------------------------------


def test_the_agenda_starts_with_the_four_needs_and_grows() -> None:
    agenda = Agenda()
    assert [goal.title.english() for goal in agenda.goals] == [
        "Acquire weapons",
        "Gather food and medicine",
        "Establish a safe house",
        "Find long-term safety",
    ]
    agenda = (
        agenda.add_goal("  Find Ben's sister ").toggle(0).with_encounter(EncounterType.DOWNTIME)
    )
    assert agenda.goals[-1] == Goal("Find Ben's sister")
    assert agenda.goals[0].done and not agenda.goals[1].done
    assert agenda.encounter.label.english() == "Downtime scene"
    renamed = agenda.rename_goal(0, "Acquire a shotgun")
    assert renamed.goals[0] == Goal("Acquire a shotgun", done=True)
    assert len(renamed.remove_goal(1).goals) == 4
    with pytest.raises(RulesError, match="no goal number 6"):
        agenda.toggle(5)
    with pytest.raises(RulesError, match="at most 50 goals"):
        Agenda(goals=tuple(Goal(f"g{i}") for i in range(51)))


def test_encounter_types_have_labels_and_hints() -> None:
    assert [e.label.english() for e in EncounterType] == [
        "Social encounter",
        "Exploration encounter",
        "Survival encounter",
        "Downtime scene",
    ]
    assert "traumas" in EncounterType.DOWNTIME.hint.english()


# --- Czech ---------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def czech(tmp_path_factory: pytest.TempPathFactory) -> Translator:
    """Only the End of the World catalog (with core's header), compiled as the app does."""
    sys.path.insert(0, str(ROOT / "tools"))
    from msgfmt import compile_language

    source = tmp_path_factory.mktemp("po") / "cs"
    source.mkdir()
    shutil.copy(ROOT / "locale" / "cs" / "core.po", source / "a_core.po")
    shutil.copy(ROOT / "locale" / "cs" / "eotw.po", source / "eotw.po")
    out = tmp_path_factory.mktemp("build")
    compile_language(source, out)
    return Translator.load("cs", out / "locale")


def test_czech_crew_steps(czech: Translator) -> None:
    change = crew.take_stress(ana().with_track(MENTAL, StressTrack(7)), MENTAL, 7)
    assert [czech.render(step) for step in change.steps] == [
        "Ana dostává 7 bodů stresu (Mysl)",
        "Stupnice stresu (Mysl): 7 → 9 z 9 políček",
        "5 bodů stresu přetéká přes plnou stupnici",
        "Stupnice je plná: Ana se musí rozhodnout, zda se bude držet naživu, nebo to vzdá.",
    ]
    healed = crew.recover(ana(traumas=(Trauma("", PHYSICAL, 1),)), 0, vitality([1]))
    assert [czech.render(step) for step in healed.steps] == [
        "Léčba: trauma bez názvu (Tělo), závažnost 1, trvá jeden den.",
        "Léčba zabírá: trauma bez názvu (Tělo) – vyléčeno.",
    ]


def test_adding_a_contestant_moves_who_is_tested_on_and_never_blanks_it() -> None:
    from omen.eotw.crew import Crew, add_contestant
    from omen.eotw.pools import Contestant, TestsForm

    a = Character("a", "Ana", dexterity=4)
    b = Character("b", "Ben", dexterity=2)
    dead = replace(Character("c", "Cid", dexterity=3), status=Status.DEAD, removed_by=PHYSICAL)
    full = crew.take_stress(Character("d", "Dana", dexterity=5), SOCIAL, 9).character
    e = Character("e", "Eva", dexterity=1)
    team = Crew((a, b, dead, full, e))

    def add(form: TestsForm, name: str, member: str = "") -> TestsForm:
        return add_contestant(team, form, Contestant(name, form.pool, form.value, member=member))

    # Ben chosen first: the next is the one after him who can be tested (not Cid, gone
    # for good; not Dana, whose full track waits on Crew), then round to Ana.
    form = add(TestsForm(character="b", value=2), "Ben", "b")
    assert (form.character, form.value) == ("e", 1)
    form = add(form, "Eva", "e")
    assert (form.character, form.value) == ("a", 4)
    form = add(form, "Ana", "a")
    assert (form.character, form.value) == ("a", 4)  # every one is in: the choice stays
    assert [c.member for c in form.contestants] == ["b", "e", "a"]
    # A creature added with nobody from the crew chosen: nobody stays chosen.
    npc = add(TestsForm(value=2), "Scavengers")
    assert (npc.character, npc.value) == ("", 2)
    # A chosen member no longer in the crew: the first who can be tested.
    gone = add(TestsForm(character="z", value=3), "Zed")
    assert gone.character == "a"

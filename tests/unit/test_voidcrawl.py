"""The Voidcrawl: filters on d6/d8/d10, sub-tables, the Omen, exact odds, stored data."""

from __future__ import annotations

import contextlib
import json
import sys
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from omen.campaign.example import example_campaign
from omen.campaign.exploration import Procedure
from omen.campaign.settings import defaults
from omen.campaign.state import Exploration
from omen.campaign.state import check as campaign_check
from omen.campaign.table_checks import Severity, validate_library
from omen.campaign.table_draw import roll_encounter, roll_table
from omen.campaign.table_paste import import_pasted
from omen.campaign.tables import Entry, Library, Location, Place, Table
from omen.campaign.voidcrawl import (
    DEFAULT_LEVEL,
    EXTRAS,
    SETTINGS,
    STANDARD,
    Conditions,
    CrawlResult,
    Face,
    Kind,
    Phase,
    Voidcrawl,
    VoidcrawlSettings,
    cut_off,
    default_voidcrawl,
    descent_cutoff,
    face_level,
    filters_in_force,
    live_faces,
    omen,
    resize,
    validate_voidcrawl,
    voidcrawl_check,
    voidcrawl_odds,
)
from omen.core.dice import ScriptedDice
from omen.core.errors import RulesError, StoredDataError
from omen.core.i18n import Translator

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))

import i18n_check  # noqa: E402
import msgfmt  # noqa: E402

DAY = Conditions(phase=Phase.DAY)
NIGHT = Conditions(phase=Phase.NIGHT)


def steps_of(result: CrawlResult) -> list[str]:
    return [step.english() for step in result.steps]


def check(face: int, conditions: Conditions, **kwargs: Any) -> CrawlResult:
    config = kwargs.pop("config", default_voidcrawl())
    library = kwargs.pop("library", Library())
    return voidcrawl_check(config, library, conditions, ScriptedDice([face]), **kwargs)


# --- the d6 and its filters -------------------------------------------------------------


def test_default_voidcrawl_follows_the_rules_order() -> None:
    config = default_voidcrawl()
    assert [face.kind for face in config.faces] == list(STANDARD)
    assert [face.level for face in config.faces] == [1, 2, 3, 4, 5, 6]
    assert config.sides == 6 and config.fallout is None


def test_every_result_happens_by_night() -> None:
    assert live_faces(default_voidcrawl(), NIGHT, VoidcrawlSettings()) == (True,) * 6
    result = check(6, NIGHT)
    assert result.happened and not result.filtered
    assert steps_of(result) == [
        "Voidcrawl d6: 6",
        "6: Night Encounter",
        "A horror confronts the investigators: they must act fast.",
    ]


def test_by_day_results_above_3_count_as_nothing() -> None:
    assert live_faces(default_voidcrawl(), DAY, VoidcrawlSettings()) == ((True,) * 3 + (False,) * 3)
    assert check(3, DAY).happened
    assert check(3, DAY).title.english() == "Voidcrawl: Omen"
    result = check(4, DAY)
    assert not result.happened and result.filtered
    assert result.title.english() == "Voidcrawl: nothing happens"
    assert result.kind is Kind.SETBACK and result.level == 4
    assert steps_of(result) == [
        "Voidcrawl d6: 4",
        "4: Setback",
        "Nothing happens: Setback is level 4, and by day only results up to level 3 count.",
    ]


def test_a_mundane_place_acts_like_daytime_and_a_dangerous_one_like_night() -> None:
    mundane_night = Conditions(Phase.NIGHT, Place.MUNDANE)
    assert steps_of(check(5, mundane_night))[-1] == (
        "Nothing happens: Horror is level 5, and in a mundane place only results up to "
        "level 3 count."
    )
    assert check(6, Conditions(Phase.DAY, Place.DANGEROUS)).happened
    assert check(6, Conditions(None, Place.DANGEROUS)).happened
    assert not check(6, Conditions(None, Place.MUNDANE)).happened
    # No day/night cycle and an ordinary place: nothing is filtered.
    assert check(6, Conditions()).happened


# The seed: "Phases *can* be used to create a day/night cycle": an option, so a new
# Voidcrawl has no cycle and all six results of the d6 can come up.


def test_a_new_exploration_has_no_day_night_cycle_and_every_result_counts() -> None:
    state = Exploration(procedure=Procedure.VOIDCRAWL)
    assert state.phase is None
    conditions = state.conditions(Library())
    assert conditions == Conditions()
    odds = voidcrawl_odds(default_voidcrawl(), conditions)
    assert odds.chance(Kind.NOTHING) == 0  # something happens on every check
    for kind in (Kind.SETBACK, Kind.HORROR, Kind.NIGHT_ENCOUNTER):
        assert odds.chance(kind) == Fraction(1, 6)
    assert odds.night_within_three == Fraction(91, 216)
    titles = []
    for face in range(1, 7):
        state, outcome = campaign_check(state, defaults(), ScriptedDice([face]), advance=True)
        titles.append(outcome.title.english())
    assert titles == [
        "Voidcrawl: Day Encounter",
        "Voidcrawl: Clue",
        "Voidcrawl: Omen",
        "Voidcrawl: Setback",
        "Voidcrawl: Horror",
        "Voidcrawl: Night Encounter",
    ]


def test_the_filter_in_force_is_said_with_the_odds() -> None:
    rules = VoidcrawlSettings()

    def said(conditions: Conditions) -> list[str]:
        return [step.english() for step in filters_in_force(conditions, rules)]

    assert said(Conditions()) == ["No day/night cycle.", "Every result counts."]
    assert said(DAY) == ["Day/night cycle: day.", "Only results up to level 3 count (by day)."]
    assert said(NIGHT) == ["Day/night cycle: night.", "Every result counts."]
    assert said(Conditions(None, Place.MUNDANE)) == [
        "No day/night cycle.",
        "Only results up to level 3 count (in a mundane place).",
    ]
    assert said(Conditions(Phase.DAY, descent=1)) == [
        "Day/night cycle: day.",
        "Only results up to level 2 count (at dark descent level 1).",
    ]


def test_the_other_readings_of_hour_against_place() -> None:
    calmer = VoidcrawlSettings(place_rule="calmer")
    wilder = VoidcrawlSettings(place_rule="wilder")
    day_danger = Conditions(Phase.DAY, Place.DANGEROUS)
    night_mundane = Conditions(Phase.NIGHT, Place.MUNDANE)
    assert cut_off(day_danger, calmer).level == 3
    assert cut_off(night_mundane, calmer).level == 3
    assert cut_off(day_danger, wilder).level == 6
    assert cut_off(night_mundane, wilder).level == 6
    assert cut_off(day_danger, VoidcrawlSettings()).level == 6
    assert cut_off(night_mundane, VoidcrawlSettings()).level == 3
    assert cut_off(Conditions(Phase.DAY, Place.MUNDANE), wilder).level == 3


@pytest.mark.parametrize(
    ("descent", "happens"),
    [(1, [1, 2]), (2, [1, 2, 3, 4]), (3, [1, 2, 3, 4, 5, 6])],
)
def test_dark_descent_levels_on_the_d6(descent: int, happens: list[int]) -> None:
    conditions = Conditions(descent=descent)
    live = live_faces(default_voidcrawl(), conditions, VoidcrawlSettings())
    assert [n for n, ok in enumerate(live, 1) if ok] == happens


def test_descent_message() -> None:
    assert steps_of(check(3, Conditions(descent=1)))[-1] == (
        "Nothing happens: Omen is level 3, and at dark descent level 1 only results up to "
        "level 2 count."
    )


def test_descent_split_into_other_numbers_of_levels() -> None:
    # Six levels split evenly and rounded up: 2 steps give 3, 6; 4 give 2, 3, 5, 6.
    assert [descent_cutoff(n, VoidcrawlSettings(descent_levels=2)) for n in (1, 2)] == [3, 6]
    four = VoidcrawlSettings(descent_levels=4)
    assert [descent_cutoff(n, four) for n in (1, 2, 3, 4)] == [2, 3, 5, 6]
    # A level beyond the deepest counts as the deepest.
    assert descent_cutoff(5, VoidcrawlSettings()) == 6


def test_the_stricter_filter_wins() -> None:
    plain = VoidcrawlSettings()
    deep_day = cut_off(Conditions(Phase.DAY, descent=1), plain)
    assert deep_day.level == 2
    assert deep_day.reason is not None
    assert deep_day.reason.english() == "at dark descent level 1"
    shallow_day = cut_off(Conditions(Phase.DAY, descent=2), plain)
    assert shallow_day.level == 3
    assert shallow_day.reason is not None and shallow_day.reason.english() == "by day"
    assert cut_off(Conditions(Phase.NIGHT, descent=3), plain).reason is None
    # A tie names both causes.
    tie = cut_off(Conditions(Phase.DAY, descent=1), VoidcrawlSettings(descent_levels=2))
    assert tie.level == 3
    assert tie.reason is not None
    assert tie.reason.english() == "by day and at dark descent level 1"


def test_a_nothing_happens_face_is_not_a_filter() -> None:
    config = resize(default_voidcrawl(), 8).with_face(8, Face(Kind.NOTHING, 1))
    result = check(8, NIGHT, config=config)
    assert not result.happened and not result.filtered
    assert steps_of(result) == [
        "Voidcrawl d8: 8",
        "8: Nothing Happens",
        "Luck holds: nothing happens.",
    ]


# --- bigger dice -------------------------------------------------------------------------


def test_resize_fills_new_faces_and_drops_old_ones() -> None:
    ten = resize(default_voidcrawl(), 10)
    assert [face.kind for face in ten.faces[6:]] == [
        Kind.REGROUP,
        Kind.LOCALITY,
        Kind.STRESS,
        Kind.THEME,
    ]
    assert [face.level for face in ten.faces[6:]] == [1, 3, 5, 2]
    assert resize(ten, 6) == default_voidcrawl()
    with pytest.raises(RulesError, match="d6, d8 or d10"):
        resize(ten, 12)
    assert set(EXTRAS) <= set(DEFAULT_LEVEL)


def test_d8_faces_keep_their_own_levels() -> None:
    config = resize(default_voidcrawl(), 8)  # 7 Regroup (level 1), 8 Locality (level 3)
    assert [n for n, ok in enumerate(live_faces(config, DAY, VoidcrawlSettings()), 1) if ok] == [
        1,
        2,
        3,
        7,
        8,
    ]
    descent = Conditions(descent=1)
    assert [
        n for n, ok in enumerate(live_faces(config, descent, VoidcrawlSettings()), 1) if ok
    ] == [1, 2, 7]


def test_d10_with_custom_words_and_levels_from_position() -> None:
    config = resize(default_voidcrawl(), 10).with_face(
        9, Face(Kind.CUSTOM, 2, text="Zvon zazní 🔔")
    )
    result = check(9, DAY, config=config)
    assert result.happened
    assert steps_of(result)[:2] == ["Voidcrawl d10: 9", "9: Zvon zazní 🔔"]
    by_position = VoidcrawlSettings(levels="position")
    # Level = ceil(6 x face / 10): 1 2 2 3 3 4 5 5 6 6.
    assert [face_level(config, n, by_position) for n in range(1, 11)] == [
        1,
        2,
        2,
        3,
        3,
        4,
        5,
        5,
        6,
        6,
    ]
    filtered = check(9, DAY, config=config, settings=by_position)
    assert filtered.filtered and filtered.level == 6
    assert steps_of(filtered)[-1] == (
        "Nothing happens: Zvon zazní 🔔 is level 6, and by day only results up to level 3 count."
    )


# --- sub-tables and the Omen -------------------------------------------------------------


def clue_library() -> Library:
    return Library(
        (
            Table(
                "clues",
                "Clues",
                "d4",
                (Entry("A torn page", 1, 2), Entry("[[d6]] wet footprints", 3, 4)),
            ),
            Table(
                "fallout",
                "Fallout",
                "d6",
                (Entry("Shaking hands", 1, 3), Entry("Lost memory", 4, 6)),
            ),
            Table("signs", "Signs", "d4", (Entry("A bell rings", 1, 4),)),
        )
    )


def with_tables() -> Voidcrawl:
    config = default_voidcrawl()
    config = config.with_face(2, Face(Kind.CLUE, 2, "clues"))
    config = config.with_face(3, Face(Kind.OMEN, 3, "signs"))
    return Voidcrawl(config.faces, "fallout")


def test_a_face_rolls_its_own_table_automatically() -> None:
    result = voidcrawl_check(with_tables(), clue_library(), NIGHT, ScriptedDice([2, 3, 5]))
    assert result.table is not None and result.table.text == "5 wet footprints"
    assert steps_of(result) == [
        "Voidcrawl d6: 2",
        "2: Clue",
        "A hint about the mystery, or a warning that danger is close, in plain sight.",
        "Rolling d4 on Clues",
        "d4: 3",
        "3 falls in 3-4: [[d6]] wet footprints",
        "d6: 5",
        "[[d6]] rolls 5",
        "reads: 5 wet footprints",
    ]


def test_a_filtered_face_rolls_nothing_more() -> None:
    dice = ScriptedDice([2, 1])
    result = voidcrawl_check(with_tables(), clue_library(), Conditions(descent=1), dice)
    assert result.happened and result.table is not None
    assert result.table.text == "A torn page"
    dice = ScriptedDice([3])
    result = voidcrawl_check(with_tables(), clue_library(), Conditions(descent=1), dice)
    assert not result.happened and result.table is None and result.omen is None
    assert dice.remaining == 0


def test_omen_picks_an_investigator_by_a_die_and_rolls_the_fallout_table() -> None:
    names = ["Ada", "Tomáš", "June"]
    result = voidcrawl_check(
        with_tables(), clue_library(), NIGHT, ScriptedDice([3, 2, 5, 1]), investigators=names
    )
    assert result.omen is not None
    assert result.omen.investigator == "Tomáš"
    assert result.omen.fallout is not None and result.omen.fallout.text == "Lost memory"
    assert steps_of(result) == [
        "Voidcrawl d6: 3",
        "3: Omen",
        "A sign of what is coming: an investigator is chosen and the Fallout table hints "
        "at the next Fallout they will suffer.",
        "d3 for the investigator: 2, Tomáš",
        "Rolling d6 on Fallout",
        "d6: 5",
        "5 falls in 4-6: Lost memory",
        "Foreshadow this Fallout for Tomáš: Lost memory",
        "Rolling d4 on Signs",
        "d4: 1",
        "1 falls in 1-4: A bell rings",
    ]


def test_omen_with_one_or_no_names_and_without_a_fallout_table() -> None:
    one = omen(with_tables(), clue_library(), ["  Ada  ", " "], ScriptedDice([2]))
    assert one.investigator == "Ada"
    assert one.steps[0].english() == "The omen is for Ada, the only investigator."
    nobody = omen(with_tables(), clue_library(), [], ScriptedDice([2]))
    assert nobody.investigator is None
    assert nobody.steps[0].english() == ("No investigators are listed: pick one yourself.")
    assert nobody.steps[-1].english() == (
        "Foreshadow this Fallout for the chosen investigator: Shaking hands"
    )
    no_table = omen(default_voidcrawl(), Library(), ["Ada", "June"], ScriptedDice([1]))
    assert no_table.fallout is None
    assert [s.english() for s in no_table.steps] == [
        "d2 for the investigator: 1, Ada",
        "No Fallout table is set: choose a Fallout from the scenario.",
    ]
    with pytest.raises(RulesError, match="at most 20 investigators"):
        omen(default_voidcrawl(), Library(), [f"n{i}" for i in range(21)], ScriptedDice([1]))


def test_a_missing_table_is_reported_in_the_steps_not_raised() -> None:
    config = default_voidcrawl().with_face(1, Face(Kind.DAY_ENCOUNTER, 1, "gone"))
    result = voidcrawl_check(config, Library(), NIGHT, ScriptedDice([1]))
    assert result.happened and result.table is None
    assert steps_of(result)[-1] == (
        "The table for Day Encounter is missing ('gone'): make something up."
    )
    issues = validate_voidcrawl(config, Library())
    assert [i.message.english() for i in issues] == [
        "Face 1 uses a table that does not exist ('gone').",
        "The Omen has no Fallout table to roll on yet.",
    ]
    assert issues[1].severity is Severity.WARNING


def test_validate_voidcrawl_errors() -> None:
    bad = Voidcrawl((Face(Kind.CUSTOM, 7), *default_voidcrawl().faces[1:]), fallout="nowhere")
    assert [i.message.english() for i in validate_voidcrawl(bad, Library())] == [
        "Face 1: the level must be from 1 to 6.",
        "Face 1 needs its own words.",
        "The Fallout table does not exist ('nowhere').",
    ]
    seven = Voidcrawl((*default_voidcrawl().faces, Face(Kind.THEME, 2)))
    assert validate_voidcrawl(seven, Library())[0].message.english() == (
        "The Voidcrawl die must be a d6, d8 or d10."
    )
    with pytest.raises(RulesError):
        voidcrawl_check(seven, Library(), NIGHT, ScriptedDice([1]))


# --- exact odds -------------------------------------------------------------------------


def test_odds_by_night_on_the_d6() -> None:
    odds = voidcrawl_odds(default_voidcrawl(), NIGHT)
    assert odds.faces == (Fraction(1, 6),) * 6
    assert all(odds.chance(kind) == Fraction(1, 6) for kind in STANDARD)
    assert odds.chance(Kind.NOTHING) == 0
    # At least one 6 in three rolls: 1 - (5/6)^3 = 1 - 125/216 = 91/216.
    assert (odds.night_next, odds.night_within_three) == (Fraction(1, 6), Fraction(91, 216))


def test_odds_by_day_and_in_the_dark_descent() -> None:
    day = voidcrawl_odds(default_voidcrawl(), DAY)
    # Faces 4, 5 and 6 count as nothing: 3 of 6.
    assert day.chance(Kind.NOTHING) == Fraction(1, 2)
    assert day.chance(Kind.OMEN) == Fraction(1, 6)
    assert (day.night_next, day.night_within_three) == (0, 0)
    level_two = voidcrawl_odds(default_voidcrawl(), Conditions(descent=2))
    # Only 5 and 6 are cut: 2 of 6.
    assert level_two.chance(Kind.NOTHING) == Fraction(1, 3)
    assert level_two.chance(Kind.SETBACK) == Fraction(1, 6)


def test_odds_on_the_example_d8() -> None:
    example = example_campaign()
    night = voidcrawl_odds(example.voidcrawl, NIGHT)
    # One Night Encounter face of eight: 1 - (7/8)^3 = 1 - 343/512 = 169/512.
    assert (night.night_next, night.night_within_three) == (Fraction(1, 8), Fraction(169, 512))
    day = voidcrawl_odds(example.voidcrawl, DAY)
    # By day Setback, Horror and Night Encounter (levels 4-6) are out; Locality (3) and
    # Theme (2) stay: 3 of 8 faces count as nothing.
    assert day.chance(Kind.NOTHING) == Fraction(3, 8)
    assert day.chance(Kind.LOCALITY) == Fraction(1, 8)
    assert sum(day.faces) == Fraction(5, 8)


def test_odds_on_a_d10_by_position() -> None:
    config = resize(default_voidcrawl(), 10)
    odds = voidcrawl_odds(config, DAY, VoidcrawlSettings(levels="position"))
    # Levels 1 2 2 3 3 4 5 5 6 6: by day the first five faces happen.
    assert odds.faces == (Fraction(1, 10),) * 5 + (Fraction(0),) * 5
    assert odds.chance(Kind.NOTHING) == Fraction(1, 2)


voidcrawls = st.builds(
    lambda sides, kinds, levels: Voidcrawl(
        tuple(
            Face(kind, level, text="own" if kind is Kind.CUSTOM else "")
            for kind, level in zip(kinds, levels, strict=False)
        )[:sides]
    ),
    st.sampled_from([6, 8, 10]),
    st.lists(st.sampled_from(Kind), min_size=10, max_size=10),
    st.lists(st.integers(1, 6), min_size=10, max_size=10),
)
conditions = st.builds(
    Conditions,
    phase=st.sampled_from([None, Phase.DAY, Phase.NIGHT]),
    place=st.sampled_from(Place),
    descent=st.one_of(st.none(), st.integers(1, 6)),
)
crawl_settings = st.builds(
    VoidcrawlSettings,
    day_cutoff=st.integers(1, 6),
    descent_levels=st.integers(2, 6),
    levels=st.sampled_from(["own", "position"]),
    place_rule=st.sampled_from(["place_first", "calmer", "wilder"]),
)


@given(voidcrawls, conditions, crawl_settings)
@settings(max_examples=200, deadline=None)
def test_odds_agree_with_every_face_rolled(
    config: Voidcrawl, where: Conditions, rules: VoidcrawlSettings
) -> None:
    odds = voidcrawl_odds(config, where, rules)
    assert sum(chance for _, chance in odds.kinds) == 1
    happened = Fraction(0)
    for face in range(1, config.sides + 1):
        result = voidcrawl_check(config, Library(), where, ScriptedDice([face]), rules)
        assert result.happened == (odds.faces[face - 1] > 0)
        if result.happened:
            happened += Fraction(1, config.sides)
        # A filter only ever removes results at a level above the cut-off.
        if result.filtered:
            assert result.level > cut_off(where, rules).level
    assert happened == 1 - odds.chance(Kind.NOTHING)
    # Stricter conditions never let more through: night plus full descent lets most.
    loosest = voidcrawl_odds(config, Conditions(Phase.NIGHT, Place.DANGEROUS), rules)
    assert odds.chance(Kind.NOTHING) >= loosest.chance(Kind.NOTHING)


# --- settings ---------------------------------------------------------------------------


def test_settings_are_declared_for_liminal_horror() -> None:
    assert {s.key for s in SETTINGS} == {
        "voidcrawl.day_cutoff",
        "voidcrawl.descent_levels",
        "voidcrawl.levels",
        "voidcrawl.place_rule",
    }
    assert all(s.game == "liminal_horror" and s.accepts(s.default) for s in SETTINGS)
    values = {s.key: s.default for s in SETTINGS}
    assert VoidcrawlSettings.from_values(values) == VoidcrawlSettings()
    custom = VoidcrawlSettings.from_values(
        {
            "voidcrawl.day_cutoff": 2,
            "voidcrawl.levels": "position",
            "voidcrawl.descent_levels": True,
        }
    )
    assert custom == VoidcrawlSettings(day_cutoff=2, levels="position")
    with pytest.raises(RulesError):
        VoidcrawlSettings(day_cutoff=7)
    with pytest.raises(RulesError):
        VoidcrawlSettings(place_rule="chaos")


# --- stored data ---------------------------------------------------------------------------


def test_voidcrawl_round_trip() -> None:
    config = resize(with_tables(), 10).with_face(10, Face(Kind.CUSTOM, 4, text="Vrána 🐦‍⬛"))
    assert Voidcrawl.from_json(json.loads(json.dumps(config.to_json()))) == config


def test_check_result_round_trip() -> None:
    result = voidcrawl_check(
        with_tables(), clue_library(), NIGHT, ScriptedDice([3, 1, 2, 4]), investigators=["A", "B"]
    )
    assert CrawlResult.from_json(json.loads(json.dumps(result.to_json()))) == result


faces = st.builds(
    Face,
    kind=st.sampled_from(Kind),
    level=st.integers(1, 6),
    table=st.one_of(st.none(), st.from_regex(r"[a-z0-9_-]{1,12}", fullmatch=True)),
    text=st.text(
        alphabet=st.one_of(st.sampled_from("ěščřžýáíéúůťďň🔔👻"), st.characters()),
        min_size=1,
        max_size=30,
    ),
).filter(lambda face: face.kind is not Kind.CUSTOM or face.text.strip())  # else invalid


@given(st.sampled_from([6, 8, 10]), st.lists(faces, min_size=10, max_size=10))
@settings(max_examples=150, deadline=None)
def test_any_voidcrawl_survives_a_json_round_trip(sides: int, drawn: list[Face]) -> None:
    config = Voidcrawl(tuple(drawn[:sides]), fallout="fallout")
    assert Voidcrawl.from_json(json.loads(json.dumps(config.to_json()))) == config


def test_a_long_chain_result_still_loads() -> None:
    five_dice = " ".join(["[[2d4+1]]"] * 5)
    links = [
        Table(f"t{n}", f"T{n}", "d4", (Entry(five_dice, 1, 4, violent=True, link=f"t{n + 1}"),))
        for n in range(10)
    ]
    deep = Library((*links, Table("t10", "T10", "d4", (Entry("end", 1, 4),))))
    config = default_voidcrawl().with_face(1, Face(Kind.DAY_ENCOUNTER, 1, "t0"))
    result = voidcrawl_check(config, deep, NIGHT, ScriptedDice([1] * 200), depth_limit=10)
    assert result.table is not None and len(result.table.draws) == 11
    assert len(result.steps) > 200
    assert CrawlResult.from_json(json.loads(json.dumps(result.to_json()))) == result


def stored_message(data: Any) -> str:
    with pytest.raises(StoredDataError) as caught:
        Voidcrawl.from_json(data)
    return str(caught.value)


def test_stored_voidcrawl_is_checked_strictly() -> None:
    data = default_voidcrawl().to_json()
    data["faces"] = data["faces"][:5]
    assert stored_message(data) == "The saved field voidcrawl.faces must hold 6, 8 or 10 faces."
    data = default_voidcrawl().to_json()
    data["faces"][2]["level"] = 7
    assert stored_message(data) == (
        "The saved field voidcrawl.faces[2].level must be between 1 and 6."
    )
    data = default_voidcrawl().to_json()
    data["faces"][0]["kind"] = "party"
    assert "voidcrawl.faces[0].kind must be one of: day_encounter" in stored_message(data)
    data = default_voidcrawl().to_json()
    data["faces"][0] = {"kind": "custom", "level": 2}
    assert stored_message(data) == "The saved field voidcrawl.faces[0].text is missing."
    data = default_voidcrawl().to_json()
    data["faces"] = data["faces"] * 2
    assert stored_message(data) == "The saved field voidcrawl.faces holds more than 10 items."
    assert stored_message({"faces": [], "extra": 1}) == (
        "The saved field voidcrawl.extra is not a field Omen knows."
    )


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-100, 100) | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=6)
        | st.dictionaries(st.sampled_from(["faces", "fallout", "kind", "level", "text"]), inner)
    ),
    max_leaves=40,
)


@given(json_values)
@settings(max_examples=300, deadline=None)
def test_arbitrary_json_never_breaks_the_voidcrawl_reader(value: Any) -> None:
    with contextlib.suppress(StoredDataError):
        Voidcrawl.from_json(value)


# --- the example campaign ------------------------------------------------------------------


def test_example_campaign_is_complete_and_consistent() -> None:
    example = example_campaign()
    assert example.title.startswith("EXAMPLE")
    library = example.library
    assert validate_library(library) == ()
    assert validate_voidcrawl(example.voidcrawl, library) == ()
    assert example.voidcrawl.sides == 8
    assert all(face.table is not None for face in example.voidcrawl.faces)
    assert example.voidcrawl.fallout is not None
    assert len(library.locations) == 2
    encounter_tables = [library.table(p.encounter or "") for p in library.locations]
    entries = [e for table in encounter_tables for e in table.entries]
    assert any(e.violent for e in entries) and any(not e.violent for e in entries)
    assert any("[[" in e.text for e in entries)
    assert sum(e.link is not None for e in entries) == 1
    assert sum(e.reaction for e in entries) == 1
    assert {p.place for p in library.locations} == {Place.MUNDANE, Place.DANGEROUS}
    assert all(table.name.startswith("Example") for table in library.tables)
    assert Library.from_json(json.loads(json.dumps(library.to_json()))) == library


def test_example_ferry_landing_rolls_through_its_link() -> None:
    example = example_campaign()
    ferry = example.library.location("ex-ferry-landing")
    assert isinstance(ferry, Location)
    result = roll_encounter(example.library, ferry.id, ScriptedDice([6, 2, 3]))
    assert result.text == (
        "Something moves under the black water. → 3 eels as long as a man circle the pier."
    )
    assert result.violent
    conditions = Conditions.at(ferry, Phase.DAY)
    # Dangerous place (so the hour does not matter) at dark descent level 2: up to 4.
    assert cut_off(conditions, VoidcrawlSettings()).level == 4


# --- Czech ---------------------------------------------------------------------------------


def czech_catalog(tmp_path: Path) -> Translator:
    """A translator built from locale/cs/campaign.po alone (header taken from core.po)."""
    entries = msgfmt.parse_po(ROOT / "locale" / "cs" / "campaign.po")
    header = next(
        forms[0] for msgid, _, forms in msgfmt.parse_po(ROOT / "locale/cs/core.po") if msgid == ""
    )
    messages = {"": header}
    for msgid, plural, forms in entries:
        messages[msgid if plural is None else f"{msgid}\0{plural}"] = "\0".join(forms)
    msgfmt.write_mo(messages, tmp_path / "cs" / "LC_MESSAGES" / "omen.mo")
    return Translator.load("cs", tmp_path)


def test_every_table_and_voidcrawl_message_is_in_the_czech_catalog() -> None:
    ours = {
        key
        for key, where in i18n_check.python_messages().items()
        if where.startswith(
            (
                "py/omen/campaign/tables.py",
                "py/omen/campaign/voidcrawl.py",
                "py/omen/campaign/example.py",
            )
        )
    }
    notation_keys = {("{dice}: {face}", None), ("{calculation} = {value}", None)}
    have = {
        (msgid, plural): forms
        for msgid, plural, forms in msgfmt.parse_po(ROOT / "locale" / "cs" / "campaign.po")
        if (msgid, plural) in ours
    }
    assert ours - notation_keys == set(have)
    for (msgid, _), forms in have.items():
        assert all(forms)
        assert all(
            i18n_check.placeholders(form) == i18n_check.placeholders(msgid) for form in forms
        )


def test_czech_renders_filters_and_plurals(tmp_path: Path) -> None:
    czech = czech_catalog(tmp_path)
    result = check(
        4, Conditions(Phase.DAY, descent=1), settings=VoidcrawlSettings(descent_levels=2)
    )
    assert [czech.render(step) for step in result.steps] == [
        "Voidcrawl k6: 4",
        "4: Nezdar",
        "Nic se neděje: Nezdar má úroveň 4 a ve dne a na úrovni temného sestupu 1 "
        "platí jen výsledky do úrovně 3.",
    ]
    chain = Library(
        (
            Table("a", "Sklep", "d4", (Entry("dolů", 1, 4, link="b"),)),
            Table("b", "Studna", "d4", (Entry("voda", 1, 4),)),
        )
    )
    with pytest.raises(RulesError) as caught:
        roll_table(chain, "a", ScriptedDice([1]), depth_limit=0)
    assert czech.render(caught.value.message) == (
        "Propojené tabulky sahají hlouběji než do 0 úrovní: Sklep → Studna."
    )
    pasted = import_pasted("1-2 Vlci\n3 Strom\n3 Znovu")
    assert [czech.render(issue.message) for issue in pasted.issues] == [
        "číslo 3 je v řádcích 2 a 3",
        "číslo 4 nepokrývá žádná položka",
        "Kostka byla odvozena z čísel: k4.",
    ]

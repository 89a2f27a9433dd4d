"""What a table entry rolls (the editor's preview and its brackets), and exactly which
physical dice a roll of a table still needs."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from omen.campaign.table_dice import (
    Need,
    bare_dice,
    bracket,
    dice_sides,
    needed_message,
    preview,
    still_needed,
)
from omen.campaign.table_draw import roll_table
from omen.campaign.tables import Entry, Library, Table
from omen.core import notation
from omen.core.dice import ScriptedDice
from omen.core.errors import RulesError, ScriptExhausted
from omen.core.roll import Step

from .test_i18n import CZECH

# --- 14: the preview and the brackets ------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("2d4 rats", ("2d4",)),
        ("d6 bandits and 1d4+1 wolves", ("d6", "1d4+1")),
        ("3d6×10 gold pieces", ("3d6×10",)),
        ("2k4 krys", ("2k4",)),
        ("k20 skřetů", ("k20",)),
        ("[[2d4]] rats", ()),
        ("a d-day, the 3rd door, odd6 words, D&D", ()),
        ("k tomu 6 krys", ()),
        ("", ()),
    ],
)
def test_bare_dice_are_found_outside_brackets_only(text: str, found: tuple[str, ...]) -> None:
    assert bare_dice(text) == found


def test_bracket_wraps_each_bare_expression_and_leaves_the_rest() -> None:
    assert bracket("2d4 rats") == "[[2d4]] rats"
    assert (
        bracket("d6 bandits, [[1d4]] wolves, 2k6 krys")
        == "[[d6]] bandits, [[1d4]] wolves, [[2k6]] krys"
    )
    assert bracket("no dice here") == "no dice here"
    once = bracket("2d4 rats")
    assert bracket(once) == once  # nothing bare is left


def test_the_preview_says_what_is_rolled_and_what_is_not() -> None:
    assert [s.english() for s in preview("[[2d4]] rats")] == [
        "[[2d4]] rolls 2 to 8 when the entry is drawn."
    ]
    assert [s.english() for s in preview("2d4 rats")] == ["“2d4” is plain text: it is not rolled."]
    assert [s.english() for s in preview("[[2d]] goblins")] == [
        "[[2d]] rolls 2 to 12 when the entry is drawn."  # GURPS's bare "d": six sides
    ]
    bad = preview("[[2d]x]] oops [[d1]]")
    assert bad[-1].english().startswith("[[d1]] cannot be rolled: expected a die with at least 2")
    assert preview("just words") == ()


def test_the_czech_preview_writes_k_and_keeps_the_text_as_typed() -> None:
    shown = [CZECH.render(step) for step in preview("2k4 krys a [[1k6]] netopýrů")]
    assert len(shown) == 2
    assert "1k6" in shown[0] and "2k4" in shown[1]


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 9), st.sampled_from([4, 6, 8, 10, 12, 20]), st.sampled_from(["d", "k"]))
def test_a_bracketed_bare_expression_rolls_what_it_said(
    count: int, sides: int, letter: str
) -> None:
    text = f"{count}{letter}{sides} rats"
    table = Table("t", "T", "d2", (Entry(bracket(text), 1, 2),))
    faces = [1] + [sides] * count
    result = roll_table(Library((table,)), "t", ScriptedDice(faces))
    assert result.text == f"{count * sides} rats"


# --- 13: the physical dice still to type ---------------------------------------------------

RATS = Table("rats", "Cellar", "d6", (Entry("[[2d4]] rats", 1, 3), Entry("Nothing", 4, 6)))
BATS = Table("bats", "Attic", "d4", (Entry("[[d6]] bats, [[1d8+1]] moths", 1, 4, link="rats"),))
WEIGHED = Table("w", "Road", None, (Entry("[[d66]] coins", weight=2), Entry("A cart", weight=3)))
LIBRARY = Library((RATS, BATS, WEIGHED))


def said(table: str, faces: list[int]) -> str:
    return needed_message(still_needed(LIBRARY, table, faces)).english()


def test_nothing_typed_asks_for_the_tables_die_then_its_entrys() -> None:
    assert said("rats", []) == (
        "More dice are needed: type 1d6 for the table Cellar (d6), "
        "then the dice of the entry it picks, if any."
    )


def test_exactly_the_inline_dice_still_missing() -> None:
    assert said("rats", [2]) == "More dice are needed: type 2d4 for [[2d4]]."
    assert said("rats", [2, 3]) == "More dice are needed: type 1d4 for [[2d4]]."
    assert still_needed(LIBRARY, "rats", [2, 3, 4]) == ()
    assert still_needed(LIBRARY, "rats", [5]) == ()  # "Nothing" rolls no more dice


def test_several_expressions_and_a_link_are_named_in_order() -> None:
    assert said("bats", [1]) == (
        "More dice are needed: type 1d6 for [[d6]], then 1d8 for [[1d8+1]], "
        "then the dice of the table Cellar."
    )
    assert said("bats", [1, 3, 5]) == (
        "More dice are needed: type 1d6 for the table Cellar (d6), "
        "then the dice of the entry it picks, if any."
    )
    assert said("bats", [1, 3, 5, 1]) == "More dice are needed: type 2d4 for [[2d4]]."
    assert still_needed(LIBRARY, "bats", [1, 3, 5, 1, 2, 2]) == ()


def test_a_table_without_a_die_draws_by_weight_and_a_d66_is_two_d6() -> None:
    assert said("w", []).startswith("More dice are needed: type 1d5 for the table Road (d5)")
    assert said("w", [1]) == "More dice are needed: type 2d6 for [[d66]]."
    assert still_needed(LIBRARY, "w", [4]) == ()  # the cart


def test_a_face_too_high_is_refused_as_the_roll_would() -> None:
    with pytest.raises(RulesError) as caught:
        still_needed(LIBRARY, "rats", [9])
    assert caught.value.message.english() == "9 is not a face of a d6: it shows 1 to 6."


@settings(max_examples=120, deadline=None)
@given(st.sampled_from(["rats", "bats", "w"]), st.lists(st.integers(1, 4), max_size=8))
def test_needs_agree_with_the_roll(table: str, faces: list[int]) -> None:
    """When nothing is needed the roll goes through with exactly those faces (or fewer);
    when something is, the roll asks for more, and typing what was named is enough."""
    needs = still_needed(LIBRARY, table, faces)
    if not needs:
        roll_table(LIBRARY, table, ScriptedDice(faces))
        return
    with pytest.raises(ScriptExhausted):
        roll_table(LIBRARY, table, ScriptedDice(faces))
    known = [n for n in needs if n.sides]
    more = faces + [1 for need in known for _ in range(need.count)]
    if all(n.sides for n in needs):
        roll_table(LIBRARY, table, ScriptedDice(more))  # exactly enough


def test_dice_sides_list_every_die_in_order() -> None:
    assert dice_sides(notation.parse("3k6-1")) == [6, 6, 6]
    assert dice_sides(notation.parse("7")) == []
    purpose = Step("[[{expression}]]", {"expression": "2d4"})
    assert Need(2, 4, purpose).step().english() == "2d4 for [[2d4]]"
    assert needed_message([]).english() == "No more dice are needed."

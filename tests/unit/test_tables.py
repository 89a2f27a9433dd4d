"""Random tables: checks, rolls with scripted dice, exact odds, paste import, stored data."""

from __future__ import annotations

import contextlib
import json
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from omen.campaign.table_checks import Issue, Severity, can_save, validate_library, validate_table
from omen.campaign.table_draw import TableResult, roll_encounter, roll_table, table_odds
from omen.campaign.table_paste import import_pasted, infer_die, read_faces
from omen.campaign.tables import (
    MAX_DEPTH,
    MAX_ENTRIES,
    MAX_TABLES,
    MAX_TEXT,
    Entry,
    Library,
    Location,
    Place,
    Table,
    make_id,
    table_die,
)
from omen.core.dice import ScriptedDice
from omen.core.errors import RulesError, StoredDataError


def english(issues: tuple[Issue, ...]) -> list[str]:
    return [issue.message.english() for issue in issues]


def of(severity: Severity, issues: tuple[Issue, ...]) -> list[str]:
    return [issue.message.english() for issue in issues if issue.severity is severity]


# --- checks -----------------------------------------------------------------------


def test_a_full_table_has_nothing_to_report() -> None:
    table = Table("t", "Road", "d6", (Entry("a", 1, 2), Entry("b", 3), Entry("c", 4, 6)))
    assert validate_table(table) == ()


def test_gaps_are_warnings_and_the_table_can_still_be_saved() -> None:
    table = Table("t", "Road", "d8", (Entry("a", 1, 3), Entry("b", 6, 7)))
    issues = validate_table(table)
    assert english(issues) == ["faces 4-5 are not covered", "face 8 is not covered"]
    assert {issue.severity for issue in issues} == {Severity.WARNING}
    assert can_save(issues)


def test_overlaps_name_the_face_and_the_entries() -> None:
    table = Table(
        "t",
        "Road",
        "d6",
        (Entry("a", 1, 2), Entry("b", 3), Entry("c", 4, 6), Entry("d", 3)),
    )
    issues = validate_table(table)
    assert english(issues) == ["face 3 is in entries 2 and 4"]
    assert issues[0].severity is Severity.ERROR
    assert issues[0].entries == (1, 3)
    assert not can_save(issues)


def test_a_run_of_shared_faces_is_reported_once_and_three_entries_are_listed() -> None:
    table = Table("t", "Road", "d8", (Entry("a", 1, 5), Entry("b", 4, 5), Entry("c", 5, 8)))
    assert of(Severity.ERROR, validate_table(table)) == [
        "face 4 is in entries 1 and 2",
        "face 5 is in entries 1, 2 and 3",
    ]


def test_backwards_ranges_are_errors() -> None:
    table = Table("t", "Road", "d8", (Entry("a", 1, 4), Entry("b", 8), Entry("c", 7, 5)))
    issues = validate_table(table)
    assert english(issues) == ["entry 3: range 7-5 runs backwards", "faces 5-7 are not covered"]
    assert issues[0].severity is Severity.ERROR and issues[0].entries == (2,)


def test_faces_the_die_cannot_show() -> None:
    table = Table("t", "Road", "d6", (Entry("a", 1, 2), Entry("b", 3, 8), Entry("c", 9, 12)))
    issues = validate_table(table)
    assert of(Severity.ERROR, issues) == [
        "entry 3: d6 cannot show 9-12, so this entry never comes up"
    ]
    assert of(Severity.WARNING, issues) == ["entry 2: d6 cannot show 7-8"]


def test_d66_ranges_skip_the_faces_two_d6_cannot_show() -> None:
    full = Table("t", "Town", "d66", (Entry("a", 11, 26), Entry("b", 31, 66)))
    assert validate_table(full) == ()
    gap = Table("t", "Town", "d66", (Entry("a", 11, 15), Entry("b", 21, 36), Entry("c", 51, 66)))
    # 16 stands alone; 41-46 are six totals in a row (the d66 order is 36, 41, ..., 46, 51).
    assert english(validate_table(gap)) == ["face 16 is not covered", "faces 41-46 are not covered"]


def test_2d6_table_knows_its_totals_run_from_2_to_12() -> None:
    table = Table("t", "Street", "2d6", (Entry("a", 3, 7), Entry("b", 8, 12)))
    assert english(validate_table(table)) == ["face 2 is not covered"]


def test_entry_text_problems() -> None:
    table = Table(
        "t",
        "Road",
        "d4",
        (
            Entry(" ", 1),
            Entry("[[2d6+]] wolves", 2),
            Entry("x" * (MAX_TEXT + 1), 3),
            Entry("[[d4]] [[d4]] [[d4]] [[d4]] [[d4]] [[d4]]", 4),
        ),
    )
    assert of(Severity.ERROR, validate_table(table)) == [
        "entry 1 has no text",
        "entry 2: [[2d6+]] is not a dice expression: "
        "expected a number or a die such as d6 at position 5 in '2d6+'",
        f"entry 3: the text is longer than {MAX_TEXT} characters",
        "entry 4: at most 5 bracketed dice fit in one entry",
    ]


def test_table_level_problems() -> None:
    assert english(validate_table(Table("bad id!", "", "d6"))) == [
        "The table needs a name.",
        "The table's id must be 1 to 40 letters, digits, '-' or '_'.",
        "The table has no entries.",
    ]
    too_many = Table("t", "Big", None, tuple(Entry("x") for _ in range(MAX_ENTRIES + 1)))
    assert english(validate_table(too_many)) == ["A table may hold at most 100 entries."]


def test_dice_a_table_cannot_use() -> None:
    assert english(validate_table(Table("t", "T", "d6+", (Entry("a", 1),)))) == [
        "The die 'd6+' cannot be used: expected a number or a die such as d6 at position 4 in 'd6+'"
    ]
    assert english(validate_table(Table("t", "T", "d100×d100", (Entry("a", 1),)))) == [
        "The die 'd100×d100' cannot be used: "
        "d100×d100 gives too many different totals for a table (at most 1000)."
    ]
    with pytest.raises(RulesError, match="at most 6 dice"):
        table_die("7d6")


def test_weighted_tables_check_weights_and_warn_about_ignored_faces() -> None:
    table = Table("t", "T", None, (Entry("a", weight=0), Entry("b", 2), Entry("c", weight=3)))
    issues = validate_table(table)
    assert of(Severity.ERROR, issues) == ["entry 1: the weight must be between 1 and 100"]
    assert of(Severity.WARNING, issues) == [
        "entry 2: the table has no die, so the faces 2 are ignored"
    ]


def loop_library() -> Library:
    return Library(
        (
            Table("a", "Alpha", "d4", (Entry("to beta", 1, 3, link="b"), Entry("stop", 4))),
            Table("b", "Beta", "d4", (Entry("back", 1, 2, link="a"), Entry("on", 3, 4, link="c"))),
            Table("c", "Gamma", "d4", (Entry("end", 1, 4),)),
        )
    )


def test_loops_are_found_and_named_by_table_names() -> None:
    library = loop_library()
    assert english(validate_table(library.table("a"), library)) == [
        "The tables link in a loop: Alpha → Beta → Alpha."
    ]
    assert english(validate_table(library.table("c"), library)) == []
    report = validate_library(library)
    # The loop is reported once, on the first of its tables.
    assert [(table_id, english(issues)) for table_id, issues in report] == [
        ("a", ["The tables link in a loop: Alpha → Beta → Alpha."])
    ]


def test_an_edited_table_is_checked_against_the_library_as_it_would_be() -> None:
    library = loop_library()
    edited = Table("c", "Gamma", "d4", (Entry("up again", 1, 4, link="a"),))
    assert english(validate_table(edited, library)) == [
        "The tables link in a loop: Gamma → Alpha → Beta → Gamma."
    ]
    new = Table("new", "New", "d4", (Entry("somewhere", 1, 4, link="nowhere"),))
    assert english(validate_table(new, library)) == [
        "entry 1 links to a table that does not exist ('nowhere')"
    ]


def test_a_table_linking_to_itself_is_a_loop() -> None:
    library = Library((Table("a", "Alpha", "d4", (Entry("again", 1, 4, link="a"),)),))
    assert english(validate_table(library.table("a"), library)) == [
        "The tables link in a loop: Alpha → Alpha."
    ]


def test_library_reports_missing_tables_duplicate_ids_and_locations() -> None:
    library = Library(
        (
            Table("a", "Alpha", "d4", (Entry("x", 1, 4, link="gone"),)),
            Table("a", "Alpha again", "d4", (Entry("y", 1, 4),)),
        ),
        (Location("road", "Road", ("a", "lost"), "a"), Location("nowhere", " ")),
    )
    report = dict(validate_library(library))
    assert english(report["a"]) == [
        "Two tables share the id 'a'.",
        "entry 1 links to a table that does not exist ('gone')",
    ]
    assert english(report["road"]) == ["Road uses a table that does not exist ('lost')."]
    assert english(report["nowhere"]) == ["The location needs a name."]


# --- rolling -------------------------------------------------------------------------


def forest() -> Table:
    return Table(
        "forest",
        "Forest road",
        "d6",
        (
            Entry("[[1d4+1]] wolves", 1, 2, violent=True),
            Entry("A fallen tree blocks the road", 3),
            Entry("A hunter, [[d6]] days lost, with [[2d4]] arrows", 4, reaction=True),
        ),
    )


def test_golden_roll_with_inline_dice() -> None:
    result = roll_table(Library((forest(),)), "forest", ScriptedDice([2, 3]))
    assert result.text == "4 wolves"
    assert result.violent and not result.reaction
    assert [step.english() for step in result.steps] == [
        "Rolling d6 on Forest road",
        "d6: 2",
        "2 falls in 1-2: [[1d4+1]] wolves",
        "1d4: 3",
        "3+1 = 4",
        "[[1d4+1]] rolls 4",
        "reads: 4 wolves",
        "A horror: this encounter is violent.",
    ]
    (draw,) = result.draws
    assert (draw.table_id, draw.face, draw.entry, draw.text) == ("forest", 2, 0, "4 wolves")


def test_several_inline_dice_are_each_rolled_and_replaced() -> None:
    result = roll_table(Library((forest(),)), "forest", ScriptedDice([4, 5, 1, 3]))
    assert result.text == "A hunter, 5 days lost, with 4 arrows"
    assert result.reaction and not result.violent
    assert [step.english() for step in result.steps] == [
        "Rolling d6 on Forest road",
        "d6: 4",
        "4: A hunter, [[d6]] days lost, with [[2d4]] arrows",
        "d6: 5",
        "[[d6]] rolls 5",
        "2d4: 1, 3 = 4",
        "[[2d4]] rolls 4",
        "reads: A hunter, 5 days lost, with 4 arrows",
        "This encounter calls for a reaction roll.",
    ]


def test_rolling_a_gap_gives_a_result_that_warns() -> None:
    result = roll_table(Library((forest(),)), "forest", ScriptedDice([5]))
    assert result.text == ""
    assert [step.english() for step in result.warnings] == ["rolled 5: no entry covers it"]
    assert result.steps[-1].english() == "rolled 5: no entry covers it"
    assert result.draws[0].entry is None


def test_weighted_table_golden_roll() -> None:
    table = Table(
        "w", "Weather", None, (Entry("Sun"), Entry("Rain", weight=2), Entry("Fog", weight=3))
    )
    # Weights 1, 2, 3 fill a d6 as 1 | 2-3 | 4-6: a 3 lands on the second entry.
    result = roll_table(Library((table,)), "w", ScriptedDice([3]))
    assert result.text == "Rain"
    assert [step.english() for step in result.steps] == [
        "Drawing from Weather by weight, 6 in all",
        "d6: 3",
        "3 picks entry 2 (weight 2): Rain",
    ]
    assert roll_table(Library((table,)), "w", ScriptedDice([4])).text == "Fog"
    assert roll_table(Library((table,)), "w", ScriptedDice([1])).text == "Sun"


def test_d66_table_reads_tens_and_units() -> None:
    table = Table("t", "Town", "d66", (Entry("low", 11, 33), Entry("high", 34, 66)))
    result = roll_table(Library((table,)), "t", ScriptedDice([3, 4]))
    assert result.text == "high"
    assert result.steps[1].english() == "d66: 3 and 4 read as 34"


def test_nested_roll_follows_links_and_keeps_every_step() -> None:
    library = loop_library()
    result = roll_table(library, "b", ScriptedDice([3, 2]))
    assert result.text == "on → end"
    assert [(d.table_id, d.face, d.entry) for d in result.draws] == [("b", 3, 1), ("c", 2, 0)]
    assert [step.english() for step in result.steps] == [
        "Rolling d4 on Beta",
        "d4: 3",
        "3 falls in 3-4: on",
        "on to the table Gamma",
        "Rolling d4 on Gamma",
        "d4: 2",
        "2 falls in 1-4: end",
    ]


def test_a_loop_met_while_rolling_is_an_error_naming_the_tables() -> None:
    with pytest.raises(RulesError) as caught:
        roll_table(loop_library(), "a", ScriptedDice([1, 1]))
    assert str(caught.value) == "The tables link in a loop: Alpha → Beta → Alpha."


def test_the_depth_limit_stops_long_chains() -> None:
    levels = [
        Table(f"t{n}", f"Level {n}", "d4", (Entry(f"step {n}", 1, 4, link=f"t{n + 1}"),))
        for n in range(3)
    ]
    chain = Library((*levels, Table("t3", "Level 3", "d4", (Entry("bottom", 1, 4),))))
    assert roll_table(chain, "t0", ScriptedDice([1, 1, 1, 1]), depth_limit=3).text == (
        "step 0 → step 1 → step 2 → bottom"
    )
    with pytest.raises(RulesError) as caught:
        roll_table(chain, "t0", ScriptedDice([1, 1, 1]), depth_limit=2)
    assert str(caught.value) == (
        "Linked tables go deeper than 2 levels: Level 0 → Level 1 → Level 2 → Level 3."
    )
    with pytest.raises(RulesError) as caught:
        roll_table(chain, "t0", ScriptedDice([1]), depth_limit=0)
    assert str(caught.value) == "Linked tables go deeper than 0 levels: Level 0 → Level 1."
    with pytest.raises(RulesError):
        roll_table(chain, "t0", ScriptedDice([1]), depth_limit=MAX_DEPTH + 1)


def test_rolling_unknown_or_empty_tables_is_a_clear_error() -> None:
    with pytest.raises(RulesError, match=r"There is no table with the id 'nope'\."):
        roll_table(Library(), "nope", ScriptedDice([1]))
    with pytest.raises(RulesError, match=r"Empty has no entries to roll on\."):
        roll_table(Library((Table("e", "Empty", "d6"),)), "e", ScriptedDice([1]))


def test_roll_encounter_uses_the_location_table() -> None:
    library = Library((forest(),), (Location("wood", "Wood", ("forest",), "forest"),))
    assert roll_encounter(library, "wood", ScriptedDice([3])).text == (
        "A fallen tree blocks the road"
    )
    bare = Library((forest(),), (Location("field", "Field"),))
    with pytest.raises(RulesError, match=r"Field has no encounter table\."):
        roll_encounter(bare, "field", ScriptedDice([3]))


# --- odds -------------------------------------------------------------------------------


def test_odds_on_a_d6_with_a_gap() -> None:
    odds = table_odds(forest())
    # Faces 1-2, 3 and 4 of six; 5 and 6 are uncovered. Only 1-2 is violent, only 4 reacts.
    assert odds.entries == (Fraction(1, 3), Fraction(1, 6), Fraction(1, 6))
    assert odds.uncovered == Fraction(1, 3)
    assert (odds.violent, odds.reaction) == (Fraction(1, 3), Fraction(1, 6))


def test_odds_on_2d6() -> None:
    table = Table("t", "Street", "2d6", (Entry("a", 2, 6), Entry("b", 7), Entry("c", 8, 12)))
    # 2d6 totals 2..6 come in 1+2+3+4+5 = 15 of 36 ways, 7 in 6 ways, 8..12 in 15 ways.
    assert table_odds(table).entries == (Fraction(5, 12), Fraction(1, 6), Fraction(5, 12))


def test_odds_by_weight() -> None:
    table = Table("t", "W", None, (Entry("a"), Entry("b", weight=2), Entry("c", weight=3)))
    assert table_odds(table).entries == (Fraction(1, 6), Fraction(1, 3), Fraction(1, 2))


def test_shared_faces_go_to_the_first_entry_in_odds_as_in_rolls() -> None:
    table = Table("t", "T", "d6", (Entry("a", 1, 3), Entry("b", 3, 4), Entry("c", 5, 6)))
    assert table_odds(table).entries == (Fraction(1, 2), Fraction(1, 6), Fraction(1, 3))
    assert roll_table(Library((table,)), "t", ScriptedDice([3])).text == "a"


def test_violent_odds_follow_links() -> None:
    library = Library(
        (
            Table(
                "a",
                "A",
                "d4",
                (Entry("beast", 1, violent=True), Entry("more", 2, 3, link="b"), Entry("calm", 4)),
            ),
            Table("b", "B", "d6", (Entry("bite", 1, 2, violent=True), Entry("rustle", 3, 6))),
        )
    )
    # 1/4 directly, plus 2/4 of reaching B times B's 2/6: 1/4 + 1/2 x 1/3 = 5/12.
    assert table_odds(library.table("a"), library).violent == Fraction(5, 12)
    # Without the library the link counts for nothing.
    assert table_odds(library.table("a")).violent == Fraction(1, 4)
    # A depth limit of 0 follows no link.
    assert table_odds(library.table("a"), library, depth_limit=0).violent == Fraction(1, 4)


def test_odds_ignore_loops_instead_of_hanging() -> None:
    library = loop_library()
    assert table_odds(library.table("a"), library).violent == 0


# --- paste import ---------------------------------------------------------------------


def test_paste_ranges_with_hyphen_and_en_dash() -> None:
    pasted = import_pasted("1-2 Wolves\n3 A fallen tree\n4–6 Nothing stirs\n", "road", "Road")
    assert pasted.table == Table(
        "road",
        "Road",
        "d6",
        (Entry("Wolves", 1, 2), Entry("A fallen tree", 3), Entry("Nothing stirs", 4, 6)),
    )
    assert english(pasted.issues) == ["The die was worked out from the faces: d6."]
    assert pasted.ok and pasted.lines == (1, 2, 3)


def test_paste_infers_d66_d8_and_d100() -> None:
    assert import_pasted("11-16 A\n21-36 B\n41–66 C").table.die == "d66"
    eight = import_pasted("1-3. A\n4-7: B")
    assert eight.table.die == "d8"
    assert english(eight.issues) == [
        "face 8 is not covered",
        "The die was worked out from the faces: d8.",
    ]
    hundred = import_pasted("01-50 A\n51-00 B")
    assert hundred.table.die == "d100"
    assert hundred.table.entries[1] == Entry("B", 51, 100)


def test_faces_field_reads_a_face_a_range_or_nothing() -> None:
    assert read_faces("3") == (3, 3)
    assert read_faces(" 2 - 5 ") == (2, 5)
    assert read_faces("11–16") == (11, 16)
    assert read_faces("96-00") == (96, 100)  # "00" is 100, as a pasted d100 table writes it
    assert read_faces("-1") == (-1, -1)  # read, so the check can say the die cannot show it
    assert read_faces("   ") == (None, None)
    for typed in ("two", "2-", "2-5-7", "٣", "3½", "1" * 6):
        with pytest.raises(RulesError, match="Write faces as a number or a range"):
            read_faces(typed)


@given(st.integers(-9999, 9999), st.integers(-9999, 9999))
def test_faces_as_an_entry_writes_them_read_back(low: int, high: int) -> None:
    entry = Entry("x", low, high)
    assert read_faces(entry.faces) == (low, high)


@given(
    st.integers(0, 99999),
    st.integers(0, 99999),
    st.sampled_from(["-", "–", "—"]),
    st.sampled_from(["", " ", "  "]),
    st.sampled_from([" ", ". ", ": ", ") "]),
)
def test_a_pasted_line_and_the_faces_field_read_faces_alike(
    low: int, high: int, dash: str, space: str, after: str
) -> None:
    """One reader: a pasted line "<faces> Wolves" claims what the faces field would."""
    for faces in (f"{low:02}", f"{low}{space}{dash}{space}{high:02}"):
        pasted = import_pasted(f"{faces}{after}Wolves\n{faces} Bears", "t", "T")
        assert [(e.text, e.low, e.high) for e in pasted.table.entries] == [
            (text, *read_faces(faces)) for text in ("Wolves", "Bears")
        ]


def test_infer_die() -> None:
    assert infer_die([1, 2, 4]) == "d4"
    assert infer_die([1, 13]) == "d20"
    assert infer_die([11, 66]) == "d66"
    assert infer_die([11, 17]) == "d20"  # a 7 is not a d6 face
    assert infer_die([101]) is None
    assert infer_die([]) is None


def test_paste_plain_lists() -> None:
    six = import_pasted("- wolves\n- bears\n* a tree\n• rain\nfog\nsnow")
    assert six.table.die == "d6"
    assert [(e.text, e.low) for e in six.table.entries] == [
        ("wolves", 1),
        ("bears", 2),
        ("a tree", 3),
        ("rain", 4),
        ("fog", 5),
        ("snow", 6),
    ]
    assert english(six.issues) == ["One entry a line, rolled on d6."]
    five = import_pasted("wolves\nbears\n\nthe tree\nrain\nfog")
    assert five.table.die is None
    assert [e.weight for e in five.table.entries] == [1] * 5
    assert five.lines == (1, 2, 4, 5, 6)
    assert english(five.issues) == ["One entry a line, all equally likely."]


def test_paste_with_a_die_header_and_markdown_table() -> None:
    street = import_pasted("2d6 Main Street\n2-6 Quiet\n7 The sheriff\n8-12 Fog")
    assert (street.table.die, street.table.name) == ("2d6", "Main Street")
    assert street.ok and english(street.issues) == []
    markdown = import_pasted("| d4 | Result |\n|---|:---:|\n| 1-2 | Wolves |\n| 3-4 | Bears |")
    assert markdown.table.die == "d4"
    assert [(e.text, e.faces) for e in markdown.table.entries] == [
        ("Wolves", "1-2"),
        ("Bears", "3-4"),
    ]
    header_list = import_pasted("d66\n" + "\n".join(f"item {n}" for n in range(36)))
    assert [e.low for e in header_list.table.entries[:7]] == [11, 12, 13, 14, 15, 16, 21]


@pytest.mark.parametrize(
    ("header", "die", "name"),
    [
        ("k6:", "k6", ""),
        ("2k6 Les", "2k6", "Les"),
        ("K8 - Hlavní ulice", "k8", "Hlavní ulice"),
        ("k%", "k%", ""),
        ("| k4 | Výsledek |", "k4", "Výsledek |"),
    ],
)
def test_paste_reads_a_czech_die_header_as_the_english_one(
    header: str, die: str, name: str
) -> None:
    low, high = {"k6": (1, 6), "2k6": (2, 12), "k8": (1, 8), "k%": (1, 100), "k4": (1, 4)}[die]
    text = f"{header}\n{low} Vlci\n{low + 1}-{high} Mlha"
    pasted = import_pasted(text)
    assert (pasted.table.die, pasted.ok, english(pasted.issues)) == (die, True, [])
    assert [(e.text, e.faces) for e in pasted.table.entries] == [
        ("Vlci", str(low)),
        ("Mlha", f"{low + 1}-{high}"),
    ]
    if not header.startswith("|"):
        assert pasted.table.name == name
    if die != "k%":
        faces = [1, 1] if die == "2k6" else [1]
        result = roll_table(Library((pasted.table,)), pasted.table.id, ScriptedDice(faces))
        assert result.text == "Vlci"
        assert result.steps[1].english().startswith(f"{die}: ")


def test_paste_takes_a_word_starting_with_k_as_an_entry_not_a_die() -> None:
    pasted = import_pasted("kočka\nkůň\nk6ka")
    assert pasted.table.die != "k6"
    assert [e.text for e in pasted.table.entries] == ["kočka", "kůň", "k6ka"]


def test_paste_errors_name_their_lines() -> None:
    pasted = import_pasted("d8\n1-2 Wolves\n3 Tree\n\n7-5 Backwards\nNo face here\n3 Again\n4\n")
    assert english(pasted.issues) == [
        "line 6: there is no face or range at the start",
        "face 3 is in lines 3 and 7",
        "line 5: range 7-5 runs backwards",
        "line 8 has no text",
        "faces 5-8 are not covered",
    ]
    assert not pasted.ok


def test_paste_refuses_empty_and_oversized_text() -> None:
    assert english(import_pasted(" \n\n").issues) == [
        "There is nothing to import: no lines of text."
    ]
    many = "\n".join(f"line {n}" for n in range(MAX_ENTRIES + 1))
    assert english(import_pasted(many).issues) == ["At most 100 entries can be imported at once."]
    assert english(import_pasted("x" * 60_000).issues) == [
        "At most 50000 characters can be pasted at once."
    ]


def test_paste_beyond_standard_dice_warns() -> None:
    pasted = import_pasted("1-100 A\n101-150 B")
    assert pasted.table.die == "d150"
    assert english(pasted.issues)[0] == (
        "No standard die reaches 150, so the table uses d150: change it if needed."
    )


def test_make_id() -> None:
    assert make_id("Hřbitov u kostela") == "hrbitov-u-kostela"
    assert make_id("Road", ["road", "road-2"]) == "road-3"
    assert make_id("👻👻") == "table"


# --- stored data -----------------------------------------------------------------------


def sample_library() -> Library:
    return Library(
        (
            forest(),
            Table("w", "Počasí 🌧", None, (Entry("Déšť", weight=3), Entry("Mlha", link="forest"))),
        ),
        (
            Location("wood", "Les", ("forest", "w"), "forest", Place.DANGEROUS, 2),
            Location("town", "Město", (), None, Place.MUNDANE),
        ),
    )


def round_trip(library: Library) -> Library:
    return Library.from_json(json.loads(json.dumps(library.to_json(), ensure_ascii=False)))


def test_library_round_trip() -> None:
    assert round_trip(sample_library()) == sample_library()


def test_result_round_trip() -> None:
    result = roll_table(sample_library(), "w", ScriptedDice([4, 3]))
    assert result.text == "Mlha → A fallen tree blocks the road"
    again = TableResult.from_json(json.loads(json.dumps(result.to_json())))
    assert again == result


def stored_message(data: Any) -> str:
    with pytest.raises(StoredDataError) as caught:
        Library.from_json(data)
    return str(caught.value)


def good_json() -> dict[str, Any]:
    return sample_library().to_json()


def test_stored_errors_name_the_field() -> None:
    data = good_json()
    data["tables"][0]["entries"][1]["text"] = 5
    assert stored_message(data) == "The saved field library.tables[0].entries[1].text must be text."
    data = good_json()
    data["tables"][1]["entries"][0]["weight"] = True
    assert stored_message(data) == (
        "The saved field library.tables[1].entries[0].weight must be a whole number."
    )
    data = good_json()
    data["locations"][0]["place"] = "haunted"
    assert stored_message(data) == (
        "The saved field library.locations[0].place must be one of: ordinary, mundane, dangerous."
    )
    data = good_json()
    data["tables"][0]["secret"] = 1
    assert stored_message(data) == (
        "The saved field library.tables[0].secret is not a field Omen knows."
    )
    data = good_json()
    data["tables"][1]["id"] = "forest"
    assert stored_message(data) == "The saved field library.tables[1].id repeats the id 'forest'."
    data = good_json()
    del data["tables"][0]["name"]
    assert stored_message(data) == "The saved field library.tables[0].name is missing."
    data = good_json()
    data["tables"][0]["entries"][0]["faces"] = [1]
    assert stored_message(data) == (
        "The saved field library.tables[0].entries[0].faces must be a pair of numbers."
    )
    data = good_json()
    data["tables"][0]["id"] = "<script>"
    assert "library.tables[0].id must be an id" in stored_message(data)
    assert stored_message([]) == "The saved field library must be an object."


def test_stored_dice_are_checked_before_anything_is_computed() -> None:
    data = good_json()
    data["tables"][0]["die"] = "20d1000"
    assert stored_message(data) == (
        "The saved field library.tables[0].die is not a die a table can use (20d1000)."
    )
    data["tables"][0]["die"] = "2d"
    assert Library.from_json(data).tables[0].die == "2d"  # GURPS: two six-sided dice


def test_a_library_read_again_reads_only_the_tables_that_changed() -> None:
    """A table's reading is kept by its stored text: an unchanged table is the same
    object the second time, a changed one is read (and checked) anew, and a refusal is
    never kept, so a table once read well cannot let a damaged one with its id through."""
    first = Library.from_json(good_json())
    data = good_json()
    data["tables"][1]["name"] = "Renamed"
    again = Library.from_json(data)
    assert again.tables[0] is first.tables[0]
    assert again.tables[1] is not first.tables[1] and again.tables[1].name == "Renamed"
    data["tables"][1]["entries"][0]["weight"] = True  # JSON true, not the number 1
    for _ in range(2):
        assert stored_message(data) == (
            "The saved field library.tables[1].entries[0].weight must be a whole number."
        )
    moved = good_json()
    moved["tables"].reverse()  # the same table at another place names that place
    moved["tables"][0]["die"] = "d0"
    assert stored_message(moved) == (
        "The saved field library.tables[0].die is not a die a table can use (d0)."
    )


def test_size_limits_refuse_hostile_data() -> None:
    data = good_json()
    data["tables"][0]["entries"] = [{"text": "x", "faces": [1, 1]}] * (MAX_ENTRIES + 1)
    assert stored_message(data) == (
        "The saved field library.tables[0].entries holds more than 100 items."
    )
    data = good_json()
    data["tables"][0]["entries"][0]["text"] = "x" * (MAX_TEXT + 1)
    assert stored_message(data) == (
        "The saved field library.tables[0].entries[0].text is longer than 400 characters."
    )
    data = good_json()
    data["tables"] = [{"id": f"t{n}", "name": "T", "die": None} for n in range(MAX_TABLES + 1)]
    assert stored_message(data) == "The saved field library.tables holds more than 150 items."
    data = good_json()
    data["tables"][0]["entries"][0]["faces"] = [1, 10**9]
    assert "between -10000 and 10000" in stored_message(data)


# Text with Czech diacritics, emoji and anything else Unicode offers.
texts = st.text(
    alphabet=st.one_of(st.sampled_from("ěščřžýáíéúůťďňĚŠČŘŽÝÁÍÉÚŮ🐺🌲👻🔔"), st.characters()),
    min_size=1,
    max_size=40,
)
ids = st.from_regex(r"[a-z0-9_-]{1,12}", fullmatch=True)
entries = st.builds(
    Entry,
    text=texts,
    low=st.one_of(st.none(), st.integers(-50, 200)),
    high=st.one_of(st.none(), st.integers(-50, 200)),
    weight=st.integers(1, 100),
    link=st.one_of(st.none(), ids),
    violent=st.booleans(),
    reaction=st.booleans(),
)
tables = st.builds(
    Table,
    id=ids,
    name=texts,
    die=st.sampled_from([None, "d4", "d6", "2d6", "d66", "d100", "3d", "d6×10"]),
    entries=st.lists(entries, max_size=6).map(tuple),
)
locations = st.builds(
    Location,
    id=ids,
    name=texts,
    tables=st.lists(ids, max_size=4).map(tuple),
    encounter=st.one_of(st.none(), ids),
    place=st.sampled_from(Place),
    descent=st.one_of(st.none(), st.integers(1, 6)),
)
libraries = st.builds(
    Library,
    tables=st.lists(tables, max_size=4, unique_by=lambda t: t.id).map(tuple),
    locations=st.lists(locations, max_size=3, unique_by=lambda p: p.id).map(tuple),
)


@given(libraries)
@settings(max_examples=150, deadline=None)
def test_any_library_survives_a_json_round_trip(library: Library) -> None:
    assert round_trip(library) == library


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**6), 10**6) | st.text(max_size=10),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=30,
)


def mutate(data: Any, path: list[Any], value: Any) -> Any:
    """A copy of ``data`` with the item at ``path`` (indexes wrap around) set to ``value``."""
    if not path or not isinstance(data, (dict, list)) or not data:
        return value
    if isinstance(data, dict):
        keys = sorted(data)
        key = keys[path[0] % len(keys)] if isinstance(path[0], int) else path[0]
        return {**data, key: mutate(data.get(key), path[1:], value)}
    index = path[0] % len(data) if isinstance(path[0], int) else 0
    copy = list(data)
    copy[index] = mutate(copy[index], path[1:], value)
    return copy


@given(st.lists(st.integers(0, 9), max_size=5), json_values)
@settings(max_examples=300, deadline=None)
def test_damaged_data_is_refused_with_stored_data_error_only(path: list[int], value: Any) -> None:
    damaged = mutate(good_json(), path, value)
    with contextlib.suppress(StoredDataError):
        Library.from_json(damaged)


@given(json_values)
@settings(max_examples=200, deadline=None)
def test_arbitrary_json_never_breaks_the_reader(value: Any) -> None:
    with contextlib.suppress(StoredDataError):
        Library.from_json(value)

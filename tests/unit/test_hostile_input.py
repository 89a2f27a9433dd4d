"""Hostile input, as a family of its own.

Each cause gets a test written from the input that found it: Unicode digits ('①', '²',
'٣') where a number is read, a character id of ``c`` and 99 nines, faces 1-99999 pasted
then stored then loaded, campaign links holding what table links refuse, and exact odds
that took far more work than their limit promised. Then two fuzz families: adversarial
dice notation and pasted tables. Their bar: no exception other than ``RulesError``,
nothing accepted that does not load back from its stored form, no input over 1 s.
"""

from __future__ import annotations

import contextlib
import json
import re
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from omen.campaign.share import Everything, ShareError, decode_link, pack, plan_import
from omen.campaign.table_checks import (
    Severity,
    can_save,
    library_refusal,
    validate_library,
    validate_table,
)
from omen.campaign.table_draw import roll_table, table_odds
from omen.campaign.table_paste import import_pasted
from omen.campaign.tables import LIBRARY, MAX_FACE, Entry, Library, Location, Table
from omen.core import notation, store
from omen.core.dice import SeededDice
from omen.core.errors import LimitError, RulesError
from omen.core.notation import MAX_WORK, Work, is_digits, read_whole
from omen.eotw.crew import CREW, MAX_ID, Character, Crew, fresh_id

ROOT = Path(__file__).resolve().parents[2]
UNICODE_DIGITS = ["①", "²", "٣"]  # a circled one, a superscript two, an Arabic-Indic three


def envelope_link(kind: str, data: Any) -> str:
    """A link with a valid frame and checksum around any content."""
    envelope = {"app": "omen", "kind": kind, "v": 1, "data": data}
    return "share=" + pack(json.dumps(envelope, ensure_ascii=False).encode("utf-8"))


def campaign_link(library: Library) -> str:
    return envelope_link(
        "campaign", {"parts": {"library": {"schema": 1, "data": library.to_json()}}}
    )


def stored_and_loaded(library: Library) -> Library:
    """The library as storage writes it and reads it back."""
    return store.decode(LIBRARY, store.encode(LIBRARY, library.to_json()))


# --- item 4: a digit is ASCII 0-9 -------------------------------------------------------


@pytest.mark.parametrize("digit", UNICODE_DIGITS)
@pytest.mark.parametrize("form", ["d{}", "{}d6", "2d6+{}", "d6×{}", "({})"])
def test_unicode_digits_in_dice_are_a_notation_error(digit: str, form: str) -> None:
    with pytest.raises(RulesError):
        notation.parse(form.format(digit))


def test_an_arabic_indic_three_is_not_read_as_three() -> None:
    # int("٣") == 3: before, "d٣" was a three-sided die nobody typed.
    with pytest.raises(RulesError):
        notation.parse("d٣")
    assert read_whole("٣", 0, 9) is None


@pytest.mark.parametrize("digit", UNICODE_DIGITS)
def test_a_unicode_digit_as_a_tables_die_is_an_issue_not_a_crash(digit: str) -> None:
    table = Table("t", "Wolves", f"d{digit}", (Entry("Wolves", 1, 6),))
    issues = validate_table(table, Library())
    assert not can_save(issues)
    assert any("cannot be used" in issue.message.english() for issue in issues)


@pytest.mark.parametrize("digit", UNICODE_DIGITS)
def test_a_unicode_digit_in_inline_dice_is_refused_before_saving(digit: str) -> None:
    table = Table("t", "Wolves", "d6", (Entry(f"[[d{digit}]] wolves", 1, 6),))
    errors = [i for i in validate_table(table, Library()) if i.severity is Severity.ERROR]
    assert [issue.message.key for issue in errors] == [
        "{where}: [[{dice}]] is not a dice expression: {problem}"
    ]


@pytest.mark.parametrize("digit", UNICODE_DIGITS)
def test_a_campaign_link_with_unicode_inline_dice_is_refused(digit: str) -> None:
    # Before: accepted, then the roll crashed with a ValueError from int().
    library = Library((Table("t", "Wolves", "d6", (Entry(f"[[d{digit}]] wolves", 1, 6),)),))
    with pytest.raises(ShareError) as caught:
        decode_link(campaign_link(library))
    assert "[[d" in str(caught.value)


@pytest.mark.parametrize("digit", UNICODE_DIGITS)
def test_rolling_a_table_with_unicode_inline_dice_is_a_rules_error(digit: str) -> None:
    library = Library((Table("t", "Wolves", "d6", (Entry(f"[[d{digit}]] wolves", 1, 6),)),))
    with pytest.raises(RulesError):
        roll_table(library, "t", SeededDice(1))


@pytest.mark.parametrize("digit", UNICODE_DIGITS)
def test_pasted_faces_with_unicode_digits_are_not_faces(digit: str) -> None:
    pasted = import_pasted(f"{digit} Wolves\n{digit}-4 Crows")
    assert all(entry.low is None for entry in pasted.table.entries)


@pytest.mark.parametrize("digit", UNICODE_DIGITS)
def test_a_unicode_digit_in_a_character_id_leaves_add_character_working(digit: str) -> None:
    people = Crew((Character(f"c{digit}", "Ana"), Character("c3", "Bo")))
    new_id = people.next_id()  # before: ValueError for '①' and '²'
    assert new_id == "c4"
    added = people.put(Character(new_id, "Cyril"))
    assert store.decode(CREW, store.encode(CREW, added.to_json())) == added


def test_c_and_99_nines_still_has_a_successor() -> None:
    # c + 99 nines is 100 characters, a valid id; c + 1 + 99 zeros is not.
    top = "c" + "9" * 99
    assert len(top) == MAX_ID
    people = Crew((Character("c1", "Ana"), Character(top, "Bo")))
    new_id = people.next_id()
    assert new_id == "c2"
    added = people.put(Character(new_id, "Cyril"))
    assert store.decode(CREW, store.encode(CREW, added.to_json())) == added


@settings(max_examples=200, deadline=1000)
@given(st.lists(st.text(alphabet="c0123456789²①٣x", min_size=1, max_size=MAX_ID), max_size=50))
def test_a_fresh_id_always_exists_and_is_a_valid_id(taken: list[str]) -> None:
    new_id = fresh_id(taken)
    assert new_id not in taken
    Character(new_id, "New")  # valid under the check that loads ids


@pytest.mark.parametrize("digit", UNICODE_DIGITS)
def test_an_import_merge_next_to_a_unicode_character_id(digit: str) -> None:
    ours = Character(f"c{digit}", "Ana")
    theirs = Character(f"c{digit}", "Bo")  # a new name, so it is added with a fresh id
    current = Everything({"crew": Crew((ours,))})
    shared = decode_link(envelope_link("character", theirs.to_json()))
    merged = plan_import(current, shared).all_new()
    people = merged.result.get("crew").characters
    assert [(c.id, c.name) for c in people] == [(f"c{digit}", "Ana"), ("c1", "Bo")]


def test_an_import_merge_next_to_c_and_99_nines() -> None:
    top = "c" + "9" * 99
    current = Everything({"crew": Crew((Character(top, "Ana"),))})
    shared = decode_link(envelope_link("character", Character(top, "Bo").to_json()))
    people = plan_import(current, shared).all_new().result.get("crew")
    assert [c.id for c in people.characters] == [top, "c1"]
    assert store.decode(CREW, store.encode(CREW, people.to_json())) == people


@pytest.mark.parametrize("digit", UNICODE_DIGITS)
def test_form_numbers_take_ascii_digits_only(digit: str) -> None:
    assert not is_digits(digit)
    assert read_whole(digit, -100, 100) is None
    assert read_whole(f"1{digit}", -100, 100) is None
    assert read_whole(f"-{digit}", -100, 100) is None
    assert read_whole(" -12 ", -100, 100) == -12
    assert read_whole("+7", -100, 100) == 7
    assert read_whole("9" * 40, 0, 10**50) is None  # too many digits to be a form number


# Where Python turns text into a number, no check may accept a Unicode digit: no
# str.isdigit()/isdecimal()/isnumeric() and no regular expression \d (Unicode-wide
# without re.ASCII). notation.is_digits is the one check (it asks isascii() first).
UNICODE_WIDE = re.compile(r"\.isdigit\(|\.isdecimal\(|\.isnumeric\(|\\d")


@pytest.mark.parametrize(
    "path", sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "py").rglob("*.py"))
)
def test_no_unicode_wide_digit_check_in_the_python(path: str) -> None:
    lines = (ROOT / path).read_text(encoding="utf-8").splitlines()
    found = [
        f"{path}:{number}: {line.strip()}"
        for number, line in enumerate(lines, 1)
        if UNICODE_WIDE.search(line)
        and not line.lstrip().startswith("#")
        and "text.isascii() and text.isdigit()" not in line
    ]
    assert found == []


# --- item 5: what saves must load --------------------------------------------------------


def test_faces_1_to_99999_pasted_are_refused_and_the_library_still_loads() -> None:
    pasted = import_pasted("1-99999 Vlci")
    assert not pasted.ok  # before: saved with warnings only
    errors = [i.message.english() for i in pasted.issues if i.severity is Severity.ERROR]
    assert errors == [f"line 1: faces must be between {-MAX_FACE} and {MAX_FACE}"]
    # What the stored library would have been: it does not load, which is why it must
    # not be saved.
    bad = Library((pasted.table,))
    with pytest.raises(RulesError):
        stored_and_loaded(bad)


def test_faces_out_of_range_in_the_editor_cannot_be_saved() -> None:
    for low, high in ((1, 99999), (-99999, 3), (20000, 20000)):
        table = Table("t", "Wolves", "d6", (Entry("Wolves", low, high),))
        assert not can_save(validate_table(table, Library()))


def test_a_weight_outside_its_range_on_a_table_with_a_die_cannot_be_saved() -> None:
    # The weight is ignored on a table with a die, but it is stored and checked on load.
    table = Table("t", "Wolves", "d6", (Entry("Wolves", 1, 6, weight=0),))
    assert not can_save(validate_table(table, Library()))
    with pytest.raises(RulesError):
        stored_and_loaded(Library((table,)))


def looped() -> Library:
    return Library(
        (
            Table("a", "Ambush", "d6", (Entry("On", 1, 6, link="b"),)),
            Table("b", "Bridge", "d6", (Entry("Back", 1, 6, link="a"),)),
        )
    )


CAMPAIGN_REFUSALS = [
    ("a link loop", looped(), "The tables link in a loop: Ambush → Bridge → Ambush."),
    (
        "overlapping ranges",
        Library((Table("a", "Ambush", "d6", (Entry("x", 1, 4), Entry("y", 3, 6))),)),
        "faces 3-4 are in entries 1 and 2",
    ),
    ("an empty table", Library((Table("a", "Ambush", "d6", ()),)), "The table has no entries."),
    (
        "[[d0]]",
        Library((Table("a", "Ambush", "d6", (Entry("[[d0]] wolves", 1, 6),)),)),
        "entry 1: [[d0]] is not a dice expression",
    ),
    (
        "faces past the limit",
        Library((Table("a", "Ambush", "d6", (Entry("x", 1, 6), Entry("y", 7, 99999))),)),
        "must be between -10000 and 10000",
    ),
]


@pytest.mark.parametrize(("what", "library", "message"), CAMPAIGN_REFUSALS)
def test_a_campaign_link_refuses_what_a_table_link_refuses(
    what: str, library: Library, message: str
) -> None:
    with pytest.raises(ShareError) as caught:
        decode_link(campaign_link(library))
    assert message in str(caught.value)
    table_link = envelope_link(
        "table",
        {"table": library.tables[0].to_json(), "linked": [t.to_json() for t in library.tables[1:]]},
    )
    with pytest.raises(ShareError) as by_table:
        decode_link(table_link)
    assert message in str(by_table.value)


def test_a_campaign_link_keeps_links_to_tables_that_are_gone() -> None:
    # A saved library may name a deleted table (the editor reports it): its backup and
    # its campaign link must still open.
    library = Library(
        (Table("a", "Ambush", "d6", (Entry("On", 1, 6, link="gone"),)),),
        (Location("p", "Pass", ("a", "gone"), "gone"),),
    )
    shared = decode_link(campaign_link(library))
    assert shared.record.get("library") == library
    assert library_refusal(library) is not None  # a table link must hold what it needs


def test_a_library_that_does_not_fit_storage_is_refused_by_its_check() -> None:
    library = Library(
        tuple(Table(f"t{n}", f"T{n}", "d6", (Entry("x", 1, 6),)) for n in range(2)),
        (Location("p", "Pass"), Location("p", "Pass again")),  # two locations, one id
    )
    assert library_refusal(library) is not None


# --- item 9: exact odds bounded for real ---------------------------------------------------


def test_d66_times_d1000_is_answered_within_the_work_limit() -> None:
    work = Work()
    assert notation.mean("d66Xd1000", work) == Fraction(77, 2) * Fraction(1001, 2)
    assert 0 < work.done <= MAX_WORK
    work = Work()
    odds = notation.distribution("d66Xd1000", work)
    assert sum(odds.values()) == 1
    assert 0 < work.done <= MAX_WORK


def test_a_sum_of_60_d6_is_answered_within_the_work_limit() -> None:
    work = Work()
    text = "+".join(["d6"] * 60)
    odds = notation.distribution(text, work)
    assert min(odds) == 60 and max(odds) == 360
    assert odds[60] == Fraction(1, 6**60)
    assert 0 < work.done <= MAX_WORK


@pytest.mark.parametrize(
    "text", ["100d200", "100d1000", "d1000×d19×d10", "60d66", "(d66×d66)+(d66×d66)"]
)
def test_too_much_work_is_refused_before_it_is_done(text: str) -> None:
    work = Work()
    with pytest.raises(LimitError) as caught:
        notation.distribution(text, work)
    assert str(caught.value) == "Too many possible totals to work out the odds exactly."
    assert work.done <= MAX_WORK


def test_work_counts_every_total_of_a_dice_sum() -> None:
    # 3d6: 1, then 6, then 11 totals, each added to a window of six faces, then 16
    # totals turned into fractions (four steps each).
    work = Work()
    notation.distribution("3d6", work)
    assert work.done == (1 + 6) + (6 + 6) + (11 + 6) + 16 * notation.FRACTION_STEPS


# --- fuzz: adversarial dice notation --------------------------------------------------------

NOTATION_PIECES = st.one_of(
    st.sampled_from(
        [
            "d",
            "D",
            "d%",
            "d66",
            "d6",
            "d1000",
            "d1001",
            "x",
            "×",
            "*",
            "X",
            "+",
            "-",
            "(",
            ")",
            " ",
            "  ",
            "\t",
            "\xa0",
            "\u2028",
            "0",
            "00",
            "1",
            "9",
            "66",
            "100",
            *UNICODE_DIGITS,
            "٠",
            "𝟘",
            "¹",
            "½",
            "Ⅻ",
            "\ufeff",
            "e",
            "%",
            "!",
            "[[",
            "]]",
        ]
    ),
    st.integers(0, 10**30).map(str),
    st.integers(1, 30).map(lambda n: "(" * n),
    st.integers(1, 30).map(lambda n: ")" * n),
    st.integers(1, 120).map(lambda n: "d6+" * n),
    st.text(max_size=5),
)
NOTATION = st.lists(NOTATION_PIECES, max_size=40).map("".join)


def answer(text: str) -> None:
    """Everything Omen does with a dice expression: parse, print, bounds, roll, odds."""
    tree = notation.parse(text)
    assert notation.parse(str(tree)) == tree or str(notation.parse(str(tree))) == str(tree)
    low, high = notation.bounds(tree)
    value = notation.roll(tree, SeededDice(7)).value
    assert low <= value <= high
    work = Work()
    try:
        odds = notation.distribution(tree, work)
    except LimitError:
        assert work.done <= MAX_WORK
        return
    assert work.done <= MAX_WORK
    assert sum(odds.values()) == 1


@settings(
    max_examples=1500,
    deadline=1000,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
@given(NOTATION)
def test_adversarial_dice_notation_gives_an_answer_or_a_rules_error(text: str) -> None:
    with contextlib.suppress(RulesError):
        answer(text)


@pytest.mark.parametrize(
    "text",
    [
        "d①",
        "①d6",
        "d٣",
        "9" * 200,
        "(" * 20 + "d6" + ")" * 20,
        "(" * 10_000,
        "d6+" * 66 + "d6",
        "d66Xd1000",
        "d1000×d1000",
        "100d6×100d6",
        "-" * 199 + "1",
        "1" + "×1000000" * 28,
    ],
    ids=lambda text: f"{text[:20]}…{len(text)}",
)
def test_crafted_dice_notation(text: str) -> None:
    with contextlib.suppress(RulesError):
        answer(text)


# --- fuzz: pasted tables ---------------------------------------------------------------------

NUMBER = st.one_of(
    st.integers(0, 120).map(str),
    st.integers(0, 10**7).map(str),
    st.sampled_from(["00", "000", "99999", "10000", "10001", "-5", *UNICODE_DIGITS]),
)
FACES = st.one_of(
    NUMBER, st.tuples(NUMBER, st.sampled_from(["-", "–", "—", " - "]), NUMBER).map("".join)
)
WORDS = st.one_of(
    st.sampled_from(["Wolves", "Vlci", "[[1d4+1]] crows", "[[d0]] rats", "[[d①]] bats", "", " "]),
    st.text(max_size=30),
)
LINE = st.one_of(
    st.tuples(FACES, st.sampled_from([" ", ". ", ": ", ") ", "\t"]), WORDS).map("".join),
    st.tuples(st.sampled_from(["- ", "* ", "• ", "| ", ""]), WORDS).map("".join),
    st.tuples(st.just("| "), FACES, st.just(" | "), WORDS, st.just(" |")).map("".join),
    st.sampled_from(
        ["|---|---|", "d6", "d8 Forest", "2d6: Road", "d66", "d①", "d٣ Hills", "d1000"]
    ),
)
PASTE = st.lists(LINE, max_size=30).map("\n".join)


@settings(max_examples=800, deadline=1000, suppress_health_check=[HealthCheck.too_slow])
@given(PASTE, st.integers(0, 2**16))
def test_a_pasted_table_that_is_accepted_loads_back_and_rolls(text: str, seed: int) -> None:
    pasted = import_pasted(text, "pasted", "Pasted")
    if not pasted.ok:
        return
    library = Library((pasted.table,))
    assert stored_and_loaded(library) == library  # round trip through the stored form
    assert all(can_save(issues) for _, issues in validate_library(library))
    assert decode_link(campaign_link(library)).record.get("library") == library
    with contextlib.suppress(RulesError):
        roll_table(library, "pasted", SeededDice(seed))
    table_odds(pasted.table, library)


@pytest.mark.parametrize(
    "text",
    [
        "1-99999 Vlci",
        "1-10000 Vlci",
        "10001 Vlci",
        "00 Wolves\n01-99 Crows",
        "d①\n1 Wolves",
        "①-② Wolves\n٣ Crows",
        "d6\n" + "\n".join(f"{n} [[d0]]" for n in range(1, 7)),
        "\n".join(f"{n}-{n} x" for n in range(1, 101)),
        "\n" * 1000,
    ],
    ids=lambda text: f"{text[:20]}…{len(text)}",
)
def test_crafted_pastes(text: str) -> None:
    pasted = import_pasted(text, "pasted", "Pasted")
    if pasted.ok:
        library = Library((pasted.table,))
        assert stored_and_loaded(library) == library

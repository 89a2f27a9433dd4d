"""Rendering steps in a language, plural forms, number and percent formats."""

from __future__ import annotations

import gettext
from fractions import Fraction
from pathlib import Path

import pytest

from omen.core.i18n import NBSP, Translator, pick_language
from omen.core.roll import Step

ENGLISH = Translator.english()
CZECH_NUMBERS = Translator(gettext.NullTranslations(), "cs")


MESSAGES = {
    "rolled {face}": "padlo {face}",
    "{side} is surprised": "{side} je překvapena",
    "the party": "družina",
    "{outer} then {inner}": "{outer}, potom {inner}",
}
PLURALS = {
    "{count} check": ("{count} hod", "{count} hody", "{count} hodů"),
}


class CzechCatalog(gettext.NullTranslations):
    """A tiny in-memory catalog with Czech's three plural forms."""

    def gettext(self, message: str) -> str:
        return MESSAGES.get(message, message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        forms = PLURALS.get(msgid1)
        if forms is None:
            return msgid1 if n == 1 else msgid2
        return forms[0 if n == 1 else 1 if 2 <= n <= 4 else 2]


CZECH = Translator(CzechCatalog(), "cs")


def checks(count: int) -> Step:
    return Step("{count} check", {"count": count}, plural="{count} checks")


# --- rendering -----------------------------------------------------------------------


def test_english_render_fills_arguments() -> None:
    assert ENGLISH.render(Step("rolled {face}", {"face": 6})) == "rolled 6"
    assert ENGLISH.render(Step("no arguments")) == "no arguments"


def test_english_render_nested_steps() -> None:
    step = Step("{side} is surprised", {"side": Step("the party")})
    assert ENGLISH.render(step) == "the party is surprised"
    deeper = Step(
        "{outer} then {inner}",
        {"outer": step, "inner": Step("rolled {face}", {"face": 2})},
    )
    assert ENGLISH.render(deeper) == "the party is surprised then rolled 2"
    assert ENGLISH.render(deeper) == deeper.english()


@pytest.mark.parametrize(
    ("count", "text"), [(0, "0 checks"), (1, "1 check"), (2, "2 checks"), (21, "21 checks")]
)
def test_english_plurals(count: int, text: str) -> None:
    assert ENGLISH.render(checks(count)) == text
    assert checks(count).english() == text


def test_plural_inside_a_nested_step() -> None:
    step = Step("{outer} then {inner}", {"outer": checks(1), "inner": checks(3)})
    assert ENGLISH.render(step) == "1 check then 3 checks"
    assert CZECH.render(step) == "1 hod, potom 3 hody"


@pytest.mark.parametrize(
    ("count", "text"),
    [(1, "1 hod"), (2, "2 hody"), (4, "4 hody"), (5, "5 hodů"), (0, "0 hodů"), (22, "22 hodů")],
)
def test_czech_has_three_plural_forms(count: int, text: str) -> None:
    assert CZECH.render(checks(count)) == text


def test_czech_render_translates_nested_words() -> None:
    step = Step("{side} is surprised", {"side": Step("the party")})
    assert CZECH.render(step) == "družina je překvapena"


def test_untranslated_message_falls_back_to_english() -> None:
    assert CZECH.render(Step("pool {before} → {after}", {"before": 20, "after": 11})) == (
        "pool 20 → 11"
    )


def test_large_whole_numbers_are_grouped_in_czech_only() -> None:
    step = Step("{a} and {b}", {"a": 12345, "b": 9999})
    assert CZECH.render(step) == f"12{NBSP}345 and 9999"
    assert ENGLISH.render(step) == "12345 and 9999"


# --- numbers and percentages --------------------------------------------------------------

PERCENTS = [
    # (chance, English, Czech without the " %")
    (Fraction(0), "0.0%", "0,0"),
    (Fraction(1), "100.0%", "100,0"),
    (Fraction(1, 12), "8.3%", "8,3"),  # 8.333...
    (Fraction(91, 216), "42.1%", "42,1"),  # 42.129...
    (Fraction(2, 3), "66.7%", "66,7"),  # 66.666...
    # exact halves at the second decimal round up, never to even
    (Fraction(1, 16), "6.3%", "6,3"),  # 6.25
    (Fraction(7, 16), "43.8%", "43,8"),  # 43.75
    (Fraction(1, 400), "0.3%", "0,3"),  # 0.25
    (Fraction(3, 2000), "0.2%", "0,2"),  # 0.15
    (Fraction(1, 2000), "0.1%", "0,1"),  # 0.05
    (Fraction(169, 2000), "8.5%", "8,5"),  # 8.45
    (Fraction(1, 8), "12.5%", "12,5"),
    # just below a half does not round up
    (Fraction(6249, 100000), "6.2%", "6,2"),  # 6.249
    (Fraction(9999, 10000), "100.0%", "100,0"),  # 99.99
    (Fraction(1, 10**6), "0.0%", "0,0"),
]


@pytest.mark.parametrize(("chance", "english", "czech"), PERCENTS)
def test_percent(chance: Fraction, english: str, czech: str) -> None:
    assert ENGLISH.percent(chance) == english
    assert CZECH_NUMBERS.percent(chance) == f"{czech}{NBSP}%"


def test_documented_examples() -> None:
    assert ENGLISH.percent(Fraction(84, 1000)) == "8.4%"
    assert CZECH_NUMBERS.percent(Fraction(84, 1000)) == "8,4\u00a0%"


def test_percent_with_other_precision() -> None:
    assert ENGLISH.percent(Fraction(7, 16), 0) == "44%"  # 43.75
    assert ENGLISH.percent(Fraction(1, 8), 0) == "13%"  # 12.5 rounds up
    assert ENGLISH.percent(Fraction(1, 3), 2) == "33.33%"
    assert CZECH_NUMBERS.percent(Fraction(1, 3), 2) == f"33,33{NBSP}%"


@pytest.mark.parametrize(
    ("value", "decimals", "english", "czech"),
    [
        (0, 0, "0", "0"),
        (999, 0, "999", "999"),
        (1000, 0, "1,000", f"1{NBSP}000"),
        (1234567, 0, "1,234,567", f"1{NBSP}234{NBSP}567"),
        (-12345, 0, "-12,345", f"-12{NBSP}345"),
        (Fraction(5, 2), 0, "3", "3"),  # half up
        (Fraction(-5, 2), 0, "-3", "-3"),  # halves go away from zero
        (Fraction(5, 2), 2, "2.50", "2,50"),
        (Fraction(12345, 2), 1, "6,172.5", f"6{NBSP}172,5"),
    ],
)
def test_number(value: int | Fraction, decimals: int, english: str, czech: str) -> None:
    assert ENGLISH.number(value, decimals) == english
    assert CZECH_NUMBERS.number(value, decimals) == czech


# --- choosing and loading a language ----------------------------------------------------


@pytest.mark.parametrize(
    ("preferred", "language"),
    [
        (["cs-CZ", "en-US"], "cs"),
        (["en-GB", "cs"], "en"),
        (["de-DE", "CS"], "cs"),
        (["de", "fr"], "en"),
        ([], "en"),
        (["sk", "cs-CZ"], "cs"),
    ],
)
def test_pick_language(preferred: list[str], language: str) -> None:
    assert pick_language(preferred) == language


def test_english_needs_no_catalog(tmp_path: Path) -> None:
    translator = Translator.load("en", tmp_path)
    assert translator.language == "en"
    assert translator.render(Step("rolled {face}", {"face": 1})) == "rolled 1"


def test_a_missing_catalog_fails_loudly(tmp_path: Path) -> None:
    with pytest.raises(OSError):
        Translator.load("cs", tmp_path)


# A dice expression may multiply numbers up to 1,000,000, so totals reach far past
# 2**53. Czech rendering groups every whole number from 10,000 through number(),
# which rounds through a float: '999999×999999×999999' rolls 999997000002999999 but
# reads '... = 999 997 000 002 999 936' in Czech.
def test_large_numbers_keep_every_digit() -> None:
    assert ENGLISH.number(2**53 + 1) == "9,007,199,254,740,993"
    step = Step("{value}", {"value": 999997000002999999})
    assert CZECH_NUMBERS.render(step) == NBSP.join(["999", "997", "000", "002", "999", "999"])

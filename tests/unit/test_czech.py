"""Czech that reads as Czech (../shared/CZECH.md): counts agree with their nouns, dice are
written with a k, and the words the catalogs hold to are rendered as a Czech game master
reads them."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))

import i18n_check  # noqa: E402
from msgfmt import parse_po  # noqa: E402
from omen.campaign import timers  # noqa: E402
from omen.campaign.example import example_campaign, example_games  # noqa: E402
from omen.campaign.tables import Stats, read_stats, shown_stats, write_stats  # noqa: E402
from omen.campaign.timers import Entry, LightKind, Unit  # noqa: E402
from omen.core.errors import RulesError  # noqa: E402
from omen.core.i18n import Translator  # noqa: E402
from omen.core.roll import Step  # noqa: E402
from omen.core.store import read_step  # noqa: E402
from omen.eotw import crew, pools  # noqa: E402
from omen.ose import sequence  # noqa: E402

# Nouns an English message counts ("{count} turns", "{yards} yards"): in Czech the noun
# after a number takes one of three forms (1 / 2-4 / 5 and more).
COUNTED = frozenset(
    [
        "turns",
        "scenes",
        "days",
        "hours",
        "minutes",
        "rounds",
        "miles",
        "yards",
        "feet",
        "boxes",
        "rolls",
        "points",
        "entries",
        "tables",
        "locations",
        "characters",
        "bytes",
        "creatures",
        "successes",
        "dice",
        "stress",
        "people",
        "levels",
        "goals",
        "traumas",
        "items",
        "values",
        "modifiers",
        "contestants",
        "investigators",
        "lights",
        "timers",
        "copies",
        "decisions",
        "settings",
        "names",
        "sides",
        "seconds",
        "pairs",
    ]
)
# Shorthand units need no agreement: "{yards} yd", "{hours} h".
UNITS = frozenset({"yd", "ft", "mi", "h", "min", "s", "B", "KB", "MB"})
# A number that is a fixed rule or limit, written with the one form its value takes.
FIXED = {
    "A turn must last between 1 minute and {days} days.": (
        "days",
        7,
        2,
    ),
    "A stress track has {boxes} boxes.": ("boxes", crew.BOXES, 2),
    "Stress track ({category}): {before} → {after} of {boxes} boxes": ("boxes", crew.BOXES, 2),
    "No winner after {count} rolls: the contest is a draw.": ("count", pools.MAX_ROUNDS, 2),
    "The party has run for {rounds} rounds and is exhausted: -{penalty} to attacks, "
    "damage and Armour Class until it rests for {turns} turns.": (
        "rounds",
        sequence.EXHAUSTION_ROUNDS,
        2,
    ),
    "The monsters have run for {rounds} rounds and are exhausted: -{penalty} to attacks, "
    "damage and Armour Class until they rest for {turns} turns.": (
        "rounds",
        sequence.EXHAUSTION_ROUNDS,
        2,
    ),
}
# The second count of those two: three turns of rest ("3 směny").
FIXED_TOO = {"turns": (sequence.EXHAUSTION_REST_TURNS, 1)}
# Limits and bounds of a field are large fixed numbers ("nejvýše 200 znaků").
BOUNDS = frozenset({"limit", "low", "high"})
_WORD = re.compile(r"[^\W\d_]+")
# An English die letter (d4 ... d20, d%) outside a [[…]] code example.
ENGLISH_DIE = re.compile(r"(?<![A-Za-z])[0-9]*d(?:4|6|8|10|12|20|%)(?![0-9])")


def czech_plural_form(n: int) -> int:
    """The form a Czech count takes (the catalogs' Plural-Forms)."""
    return 0 if n == 1 else 1 if 2 <= n <= 4 else 2


def counted_without_plural() -> list[str]:
    wanted = i18n_check.python_messages()
    have = i18n_check.catalog("cs")
    found = []
    for (msgid, plural), where in sorted(wanted.items()):
        if plural is not None:
            continue
        czech = have[(msgid, None)][0]
        for name, noun in re.findall(r"\{(\w+)\}[-\s]+(\w+)", msgid):
            if noun not in COUNTED or name in BOUNDS:
                continue
            after = re.search(r"\{" + name + r"\}\s*([^\s,.;:()]*)", czech)
            word = after[1] if after else ""
            if not _WORD.fullmatch(word) or word in UNITS:
                continue  # no noun beside the number in Czech: nothing to agree with
            fixed = FIXED.get(msgid)
            if fixed is not None and fixed[0] == name:
                continue
            if name in FIXED_TOO and msgid in FIXED:
                continue
            found.append(f"{where}: {msgid!r} -> {czech!r}")
    return found


def test_every_message_with_a_count_uses_plural_forms() -> None:
    assert counted_without_plural() == []


def test_a_fixed_count_is_written_in_the_form_its_value_takes() -> None:
    for _, value, form in FIXED.values():
        assert czech_plural_form(value) == form
    for value, form in FIXED_TOO.values():
        assert czech_plural_form(value) == form


def test_the_check_finds_a_count_without_plural_forms(monkeypatch: pytest.MonkeyPatch) -> None:
    message = ("{light} burns for {count} turns.", None)
    monkeypatch.setattr(i18n_check, "python_messages", lambda: {message: "here.py:1"})
    monkeypatch.setattr(
        i18n_check, "catalog", lambda _: {message: ["{light} bude hořet {count} směn."]}
    )
    assert counted_without_plural() == [
        "here.py:1: '{light} burns for {count} turns.' -> '{light} bude hořet {count} směn.'"
    ]


def test_every_czech_plural_entry_has_three_forms() -> None:
    for po in sorted((ROOT / "locale" / "cs").glob("*.po")):
        for msgid, plural, forms in parse_po(po):
            if plural is not None:
                assert len(forms) == 3 and all(forms), (po.name, msgid)


def test_no_czech_entry_writes_a_die_with_a_d() -> None:
    found = []
    for po in sorted((ROOT / "locale" / "cs").glob("*.po")):
        for _, _, forms in parse_po(po):
            for form in forms:
                if ENGLISH_DIE.search(re.sub(r"\[\[[^\]]*\]\]", "", form)):
                    found.append(f"{po.name}: {form}")
    assert found == []


def test_the_die_check_reads_code_examples_apart() -> None:
    def flagged(text: str) -> bool:
        return ENGLISH_DIE.search(re.sub(r"\[\[[^\]]*\]\]", "", text)) is not None

    assert flagged("hoďte d6") and flagged("2d20 a k6") and flagged("d%: 31")
    assert not flagged("hoďte k6, [[1d4]] krys") and not flagged("d-day, 3rd, k12")


@pytest.mark.parametrize("game", example_games())
def test_the_czech_example_writes_its_dice_with_a_k(game: str) -> None:
    library = example_campaign("cs", game).library
    texts = [entry.text for table in library.tables for entry in table.entries]
    assert any("[[" in text for text in texts) or game == "eotw" or game == "lh"
    assert [text for text in texts if re.search(r"\[\[[^\]]*\d*d\d", text)] == []
    english = example_campaign("en", game).library
    assert [t.text for table in english.tables for t in table.entries if "[[1k" in t.text] == []


# --- rendered with the real catalog ------------------------------------------------------


@pytest.fixture(scope="module")
def czech() -> Translator:
    localedir = ROOT / "static" / "build" / "locale"
    if not (localedir / "cs" / "LC_MESSAGES" / "omen.mo").exists():
        pytest.fail("run `make build` first: the Czech catalog is not compiled")
    return Translator.load("cs", localedir)


@pytest.mark.parametrize(
    ("left", "words"), [(1, "1 scéna"), (2, "2 scény"), (4, "4 scény"), (5, "5 scén")]
)
def test_what_is_left_of_a_light_agrees_with_its_count(
    czech: Translator, left: int, words: str
) -> None:
    torch = Entry(1, left, Unit.SCENE, LightKind.TORCH, 1)
    assert czech.render(torch.left_text()) == f"Pochodeň 1: ještě {words}"
    assert czech.render(timers.lit_text(torch)) == f"Pochodeň 1 rozsvícena, doba hoření: {words}."
    ahead = timers.look_ahead(timers.Timers((torch,), 2), 5, Unit.SCENE)
    assert [czech.render(step) for step in ahead] == [
        f"Pochodeň 1 zhasne, zbývající doba: {words}."
    ]


@pytest.mark.parametrize(("count", "turns"), [(1, "1 směnu"), (3, "3 směny"), (24, "24 směn")])
def test_a_lit_light_says_how_long_it_burns(czech: Translator, count: int, turns: str) -> None:
    step = Step(
        "{light} {number} lit: it burns for {count} turn.",
        {"light": Step("Torch"), "number": 2, "count": count},
        plural="{light} {number} lit: it burns for {count} turns.",
    )
    assert czech.render(step) == f"Pochodeň 2 zapálena: bude hořet {turns}."


def test_a_step_stored_before_its_message_had_plural_forms_still_reads() -> None:
    stored = {
        "k": "{light} {number} lit: it burns for {count} turns.",
        "a": {"light": {"k": "Torch"}, "number": 1, "count": 6},
    }
    step = read_step(stored)
    assert step.key == "{light} {number} lit: it burns for {count} turn."
    assert step.english() == "Torch 1 lit: it burns for 6 turns."


def test_creature_stats_are_shown_in_czech_words(czech: Translator) -> None:
    stats = read_stats("HD 1-1, AC 6, ML 7, TT R, NA 2d4")
    shown = [czech.render(step) for step in shown_stats(stats, "ose")]
    assert shown == [
        "počet 2k4",
        "kostky životů 1-1",
        "obranné číslo 6",
        "morálka 7",
        "typ pokladu R",
    ]
    english = [step.english() for step in shown_stats(stats, "ose")]
    assert english == ["NA 2d4", "HD 1-1", "AC 6", "ML 7", "TT R"]


OSE_STATS = st.builds(
    Stats,
    number=st.none() | st.sampled_from(["1", "2d4", "1d6+1", "3k6"]),
    hd=st.none() | st.sampled_from(["1", "3+1", "2*", "1-1"]),
    ac=st.none() | st.integers(-20, 30),
    morale=st.none() | st.integers(2, 12),
    treasure=st.none() | st.sampled_from(["R", "C", "U+V"]),
)


def test_czech_stats_read_with_czech_labels_and_store_as_the_english_ones() -> None:
    czech = read_stats("počet 2k4, KŽ 1, OČ 6, morálka 7, TP R", "cs")
    assert czech == read_stats("NA 2k4, HD 1, AC 6, ML 7, TT R")
    assert czech.to_json() == {"number": "2k4", "hd": "1", "ac": 6, "morale": 7, "treasure": "R"}
    # The words in full, any case, accents or not, and a colon after the label.
    assert read_stats("Kostky životů: 3+1, obranne cislo 5, MORÁLKA 9, typ pokladu C") == Stats(
        hd="3+1", ac=5, morale=9, treasure="C"
    )
    # A row saved with the English labels still reads in Czech, and the other way round.
    assert read_stats("HD 2, ML 8", "cs") == read_stats("KŽ 2, morálka 8", "en")
    assert write_stats(czech, "ose", "cs") == "počet 2k4, KŽ 1, OČ 6, morálka 7, TP R"
    assert write_stats(czech, "ose") == "NA 2k4, HD 1, AC 6, ML 7, TT R"


def test_czech_stats_refusals_name_the_czech_labels(czech: Translator) -> None:
    with pytest.raises(RulesError) as unknown:
        read_stats("ŽB 3", "cs")
    assert czech.render(unknown.value.message).startswith("ŽB")
    assert "počet, KŽ, OČ, morálka, TP" in czech.render(unknown.value.message)
    with pytest.raises(RulesError) as twice:
        read_stats("HD 1, kostky životů 2", "cs")
    assert "KŽ" in czech.render(twice.value.message)
    with pytest.raises(RulesError) as too_high:
        read_stats("morálka 13", "cs")
    assert "morálka" in czech.render(too_high.value.message)


@given(OSE_STATS, st.sampled_from(["en", "cs"]), st.sampled_from(["en", "cs"]))
def test_stats_written_in_one_language_read_back_in_either(
    stats: Stats, written: str, read: str
) -> None:
    assert read_stats(write_stats(stats, "ose", written), read) == stats


def test_one_czech_word_for_a_turn_and_the_opposed_test() -> None:
    found = []
    for po in sorted((ROOT / "locale" / "cs").glob("*.po")):
        for _, _, forms in parse_po(po):
            for form in forms:
                if re.search(r"\b(tah|tahu|tahy|tahů|tazích|konfrontační\w*)\b", form, re.I):
                    found.append(f"{po.name}: {form}")
    assert found == []


def test_liminal_horrors_button_steps_and_help_say_one_word_for_a_turn(
    czech: Translator,
) -> None:
    """The Explore button, the turn's step, the players' clock and the help sheet."""
    said = [
        czech.gettext("Next turn"),
        czech.render(Step("Turn {turn}", {"turn": 2})),
        czech.render(Step("Turn {turn} begins.", {"turn": 2})),
        czech.gettext("The exploration turn"),
        czech.gettext("Tap Next turn when the party takes a significant action."),
    ]
    assert said[:3] == ["Další směna", "Směna 2", "Začíná směna 2."]
    assert all("směn" in text.lower() for text in said)


def test_every_stat_has_words_the_catalog_knows(czech: Translator) -> None:
    from omen.campaign.tables import STAT_FIELDS, STAT_WORDS
    from omen.core import catalog

    assert set(STAT_WORDS) == {stat.label for stat in STAT_FIELDS}
    for words in STAT_WORDS.values():
        assert words in catalog.IDS
        assert czech.render(Step(words)) != words


def test_a_morale_headline_has_no_capital_after_a_colon(czech: Translator) -> None:
    from omen.ose.morale import OUTCOME_TEXT, Outcome

    step = Step(
        "Morale {total}: {result}", {"total": 11, "result": Step(OUTCOME_TEXT[Outcome.BREAKS])}
    )
    assert (
        czech.render(step) == "Nestvůry se zlomí a prchají, nebo se vzdávají. Hod na morálku: 11."
    )

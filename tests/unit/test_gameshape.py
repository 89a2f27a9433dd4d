"""Settings and help: settings by game and procedure, their search in both
languages, help sheets, the first start's question, and an example for every game."""

from __future__ import annotations

import gettext
import json
import re
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from omen.campaign import procedures, settings
from omen.campaign.example import LANGUAGES, example_campaign, example_games, which_example
from omen.campaign.games import GAMES
from omen.campaign.procedures import (
    EVERY_GAME,
    PROCEDURES,
    fold,
    matches,
    search,
    sections,
    sheet,
    words,
)
from omen.campaign.state import PREFS, Prefs, ask_for_game
from omen.campaign.table_checks import validate_library
from omen.campaign.tables import Library
from omen.core.i18n import Translator
from omen.core.store import decode, encode

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))

import msgfmt  # noqa: E402

ENGLISH = Translator.english()


class Catalog(gettext.NullTranslations):
    """The Czech messages of every locale/cs/*.po, read straight from the sources."""

    def __init__(self) -> None:
        super().__init__()
        self.messages: dict[str, str] = {}
        for po in sorted((ROOT / "locale" / "cs").glob("*.po")):
            for msgid, _plural, forms in msgfmt.parse_po(po):
                if msgid and forms and forms[0]:
                    self.messages[msgid] = forms[0]

    def gettext(self, message: str) -> str:
        return self.messages.get(message, message)


CZECH = Translator(Catalog(), "cs")


# --- every setting belongs to a procedure of its game ----------------------------------


@pytest.mark.parametrize("setting", settings.registry(), ids=lambda s: s.key)
def test_every_setting_names_a_procedure_of_its_own_game(setting: settings.Setting) -> None:
    procedure = PROCEDURES.get(setting.procedure)
    assert procedure is not None, (
        f"{setting.key} names no procedure: add procedure=... (a key of omen.campaign.procedures.PROCEDURES)"
    )
    assert procedure.game == setting.game


@pytest.mark.parametrize("procedure", PROCEDURES.values(), ids=lambda p: p.key)
def test_every_procedure_has_a_sheet_in_both_languages(procedure: object) -> None:
    assert procedure.game in (*GAMES, EVERY_GAME)  # type: ignore[attr-defined]
    messages = (procedure.name, *procedure.rule, procedure.source)  # type: ignore[attr-defined]
    assert procedure.rule and all(message.strip() for message in messages)  # type: ignore[attr-defined]
    untranslated = [m for m in messages if CZECH.gettext(m) == m and m not in ("Voidcrawl",)]
    assert untranslated == []


def test_each_game_declares_its_own_procedures_and_the_registry_gathers_them() -> None:
    by_game = {
        game: [key for key, procedure in PROCEDURES.items() if procedure.game == game]
        for game in (*GAMES, EVERY_GAME)
    }
    assert by_game == {
        "liminal_horror": ["exploration_turn", "encounter_die", "tension_die", "voidcrawl"],
        "ose": [
            "ose_sequence",
            "ose_evasion",
            "ose_roster",
            "ose_turn",
            "ose_checks",
            "ose_travel",
        ],
        "gurps": ["gurps_distance", "gurps_roster", "gurps_travel", "gurps_tests"],
        "eotw": ["eotw_tests", "eotw_crew"],
        EVERY_GAME: [
            "reaction",
            "tables",
            "reminder",
            "time_passes",
            "lights_timers",
            "screen_awake",
            "players_connection",
            "players_show",
            "players_requests",
        ],
    }
    for game in GAMES.values():
        declared = [p.key for at in game.procedures for p in procedures.named(at)]
        assert declared == by_game[game.key]


def test_a_game_declaring_another_games_procedure_is_refused(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    mixed = replace(GAMES["ose"], procedures=("omen.eotw.procedures:PROCEDURES",))
    monkeypatch.setattr(procedures, "GAMES", {"ose": mixed})
    with pytest.raises(ValueError, match="eotw_tests is not a procedure of ose"):
        procedures._declared()


def test_a_sheet_lists_the_settings_of_its_procedure_from_the_registry() -> None:
    assert [s.key for s in sheet("ose_evasion").settings] == [
        "ose.surprised_evasion_woods",
        "ose.both_surprised_evasion",
        "ose.exhaustion",
        "ose.flight_direction",
    ]
    assert sheet("encounter_die").settings == ()
    registry = settings.registry()
    listed = [s for p in PROCEDURES for s in sheet(p).settings]
    assert sorted(s.key for s in listed) == sorted(s.key for s in registry)
    with pytest.raises(KeyError):
        sheet("no such procedure")


# --- Settings by game ------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_the_chosen_game_comes_first_and_the_others_are_closed(game: str) -> None:
    shown = sections(game, settings.defaults())
    assert shown[0].game == game and shown[0].open
    assert shown[1].game == EVERY_GAME and shown[1].open
    assert [s.game for s in shown[2:]] == [g for g in GAMES if g != game]
    assert not any(s.open for s in shown[2:])
    keys = [setting.key for s in shown for group in s.groups for setting in group.settings]
    assert sorted(keys) == sorted(settings.by_key())  # each setting once
    assert all(s.changed == 0 for s in shown)
    for section in shown:  # a procedure's settings are together, under it
        for group in section.groups:
            assert all(s.procedure == group.procedure.key for s in group.settings)
            assert all(s.game == section.game for s in group.settings)


def test_a_closed_section_counts_the_decisions_changed_from_the_default() -> None:
    values = {
        **settings.defaults(),
        "ose.initiative_ties": "simultaneous",
        "ose.exhaustion": "both",
        "ose.flight_direction": "hex",  # the default, written out: not a change
        "gurps.med": "average",
    }
    shown = {s.game: s for s in sections("liminal_horror", values)}
    assert (shown["ose"].changed, shown["gurps"].changed, shown["eotw"].changed) == (2, 1, 0)
    assert shown["liminal_horror"].changed == 0
    ose_first = sections("ose", values)
    assert [g.procedure.key for g in ose_first[0].groups] == [
        "ose_turn",
        "ose_sequence",
        "ose_evasion",
    ]
    assert ose_first[0].changed == 2


# --- search ----------------------------------------------------------------------------


def found(query: str, translator: Translator = ENGLISH) -> list[str]:
    return [s.key for s in search(query, translator)]


def test_search_finds_by_whole_words_and_prefixes_in_english() -> None:
    assert found("initiative") == ["ose.initiative_ties"]
    assert found("Initiative TIES") == ["ose.initiative_ties"]
    assert found("initi") == ["ose.initiative_ties"]
    assert found("tension pool") == ["tension.start"]
    assert found("exploding") == ["tension.keep_exploding"]
    assert found("zzz") == []
    assert found("nitiative") == []  # the middle of a word is not a match
    assert found("") == [s.key for s in settings.registry()]
    assert found("   ,. ") == found("")


def test_search_reads_the_choices_the_procedure_and_the_game() -> None:
    assert found("compass") == ["ose.flight_direction"]  # a choice's label
    assert set(found("voidcrawl")) == {
        s.key for s in settings.registry() if s.procedure == "voidcrawl"
    }
    gurps = {s.key for s in settings.registry() if s.game == "gurps"}
    assert set(found("gurps")) == gurps


def test_search_in_czech_folds_accents_and_reads_both_languages() -> None:
    assert "ose.initiative_ties" in found("iniciativa", CZECH)
    assert "ose.initiative_ties" in found("iniciativě", CZECH)
    assert "ose.initiative_ties" in found("initiative", CZECH)  # English in a Czech app
    assert found("iniciativa", ENGLISH) == []  # no Czech words in an English-only search
    assert found("napeti", CZECH) == found("napětí", CZECH) != []
    assert "tension.start" in found("zásobník", CZECH)


def test_accents_fold_so_smena_finds_smena() -> None:
    assert fold("Směna") == "smena"
    assert words("Směna, KOLO — družina!") == ["smena", "kolo", "druzina"]
    probe = settings.Setting("x", 1, "Turn", "Čas směny", procedure="exploration_turn")
    assert matches("smena", probe, ENGLISH)
    assert matches("směny", probe, ENGLISH)
    assert matches("SMĚN", probe, ENGLISH)
    assert not matches("mena", probe, ENGLISH)


def test_an_english_app_searching_with_every_language_finds_czech_words() -> None:
    # The app passes its own translator and every other language's (Settings screen).
    assert "ose.initiative_ties" in found_in("iniciativa", ENGLISH, CZECH)
    assert "ose.initiative_ties" in found_in("iniciative", ENGLISH, CZECH)  # accents folded
    assert found_in("napeti", ENGLISH, CZECH) == found("napětí", CZECH) != []
    assert "ose.initiative_ties" in found_in("initiative", CZECH, ENGLISH)
    assert found_in("zzz", ENGLISH, CZECH) == []
    # a query mixing the two languages needs each word found in one of them
    assert "tension.start" in found_in("tension zásobník", ENGLISH, CZECH)


def found_in(query: str, *translators: Translator) -> list[str]:
    return [s.key for s in search(query, *translators)]


@pytest.mark.parametrize("setting", settings.registry(), ids=lambda s: s.key)
def test_every_setting_is_found_by_its_own_czech_label_whichever_the_app_shows(
    setting: settings.Setting,
) -> None:
    assert matches(CZECH.gettext(setting.label), setting, ENGLISH, CZECH)


@pytest.mark.parametrize("setting", settings.registry(), ids=lambda s: s.key)
def test_every_setting_is_found_by_its_own_label_in_both_languages(
    setting: settings.Setting,
) -> None:
    assert matches(setting.label, setting, ENGLISH)
    assert matches(CZECH.gettext(setting.label), setting, CZECH)


# --- the first start's question ---------------------------------------------------------


def test_prefs_format_3_keeps_the_answer_and_older_prefs_count_as_asked() -> None:
    asked = Prefs("cs", game_asked=True)
    assert decode(PREFS, encode(PREFS, asked.to_json())) == asked
    fresh = Prefs()
    assert decode(PREFS, encode(PREFS, fresh.to_json())) == fresh
    for schema, data in (
        (1, {"language": "cs", "theme": "dark"}),
        (
            2,
            {
                "language": "",
                "theme": "auto",
                "vibrate": True,
                "sound": False,
                "install_hint_seen": True,
            },
        ),
    ):
        old = json.dumps({"app": "omen", "kind": "prefs", "schema": schema, "data": data})
        assert decode(PREFS, old).game_asked is True
    with pytest.raises(Exception, match="game_asked"):
        Prefs.from_json({"game_asked": "yes"})
    assert PREFS.current == 3


def test_only_a_device_with_nothing_stored_is_asked() -> None:
    assert ask_for_game(None, []) is True
    assert ask_for_game(None, ["prefs"]) is True  # damaged prefs alone: nothing else here
    for kind in ("campaign", "library", "log", "exploration", "crew", "voidcrawl"):
        assert ask_for_game(None, [kind]) is False  # used before, with no prefs saved
    assert ask_for_game(Prefs(), ["library"]) is True  # asked, not answered yet
    assert ask_for_game(Prefs(game_asked=True), []) is False


# --- an example for every game ----------------------------------------------------------

DICE = re.compile(r"\[\[[^\]]*\]\]")


def test_there_is_an_example_for_every_game() -> None:
    assert set(example_games()) == set(GAMES)
    titles = {example_campaign("en", game).title for game in GAMES}
    assert len(titles) == len(GAMES)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("language", LANGUAGES)
def test_each_example_is_valid_loads_back_and_is_recognised(game: str, language: str) -> None:
    example = example_campaign(language, game)
    assert validate_library(example.library) == ()
    saved = json.loads(json.dumps(example.library.to_json(), ensure_ascii=False))
    assert Library.from_json(saved) == example.library
    assert which_example(Library.from_json(saved)) == (game, language)
    assert example.library.locations and all(p.encounter for p in example.library.locations)


@pytest.mark.parametrize("game", [g for g in GAMES if g != "liminal_horror"])
def test_each_example_is_the_same_in_czech_with_every_text_translated(game: str) -> None:
    def shape(language: str) -> object:
        library = example_campaign(language, game).library
        return [
            (
                t.id,
                t.die,
                [(e.low, e.high, e.link, e.violent, e.reaction) for e in t.entries],
                [[d.replace("k", "d") for d in DICE.findall(e.text)] for e in t.entries],
            )
            for t in library.tables
        ], [(p.id, p.tables, p.encounter, p.place) for p in library.locations]

    def texts(language: str) -> list[str]:
        example = example_campaign(language, game)
        library = example.library
        return [
            example.title,
            *(t.name for t in library.tables),
            *(p.name for p in library.locations),
            *(e.text for t in library.tables for e in t.entries),
        ]

    assert shape("cs") == shape("en")
    english, czech = texts("en"), texts("cs")
    assert [cs for en, cs in zip(english, czech, strict=True) if en == cs] == []
    assert not [text for text in czech if re.search("['\"”‚‘’]", text)]
    assert czech[0].startswith("PŘÍKLAD: ")
    assert all(name.startswith("Příklad: ") for name in czech[1:5])
    assert english[0].startswith("EXAMPLE: ")

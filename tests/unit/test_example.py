"""The example campaign in both languages: the same campaign, every text translated."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

from omen.campaign.example import LANGUAGES, example_campaign
from omen.campaign.table_checks import validate_library
from omen.campaign.tables import Library
from omen.campaign.voidcrawl import validate_voidcrawl

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))

import msgfmt  # noqa: E402

DICE = re.compile(r"\[\[[^\]]*\]\]")


def shape(language: str) -> object:
    """Everything about the example but its words (and the dice written in them)."""
    example = example_campaign(language)
    library = example.library
    tables = [
        (
            t.id,
            t.die,
            [(e.low, e.high, e.weight, e.link, e.violent, e.reaction) for e in t.entries],
            [[d.replace("k", "d") for d in DICE.findall(e.text)] for e in t.entries],  # 1k4 is 1d4
        )
        for t in library.tables
    ]
    places = [(p.id, p.tables, p.encounter, p.place, p.descent) for p in library.locations]
    return tables, places, example.voidcrawl, example.investigators


def texts(language: str) -> list[str]:
    example = example_campaign(language)
    library = example.library
    words = [example.title]
    words += [t.name for t in library.tables] + [p.name for p in library.locations]
    words += [e.text for t in library.tables for e in t.entries]
    return words


def test_both_languages_are_there() -> None:
    assert LANGUAGES == ("en", "cs")


def test_czech_example_has_the_english_shape() -> None:
    assert shape("cs") == shape("en")


def test_every_czech_text_is_translated() -> None:
    english, czech = texts("en"), texts("cs")
    assert len(czech) == len(english)
    same = [cs for en, cs in zip(english, czech, strict=True) if en == cs]
    assert same == []
    assert len(set(czech)) == len(czech)


@pytest.mark.parametrize("language", LANGUAGES)
def test_example_is_valid_and_loads_back(language: str) -> None:
    example = example_campaign(language)
    assert validate_library(example.library) == ()
    assert validate_voidcrawl(example.voidcrawl, example.library) == ()
    saved = json.loads(json.dumps(example.library.to_json(), ensure_ascii=False))
    assert Library.from_json(saved) == example.library


def test_czech_text_uses_czech_quotes_and_names() -> None:
    czech = texts("cs")
    assert not [text for text in czech if re.search("['\"”‚‘’]", text)]
    assert all(text.count("„") == text.count("“") for text in czech)
    assert any("„" in text and "“" in text for text in czech)
    example = example_campaign("cs")
    assert example.title.startswith("PŘÍKLAD")
    names = [t.name for t in example.library.tables] + [p.name for p in example.library.locations]
    assert all(name.startswith("Příklad: ") for name in names)


def test_rules_terms_match_the_czech_screens() -> None:
    """The Voidcrawl's tables are named with the Czech terms the Tables screen shows."""
    tables = {t.id: t.name for t in example_campaign("cs").library.tables}
    assert tables["ex-setback"] == "Příklad: Nezdary"
    assert tables["ex-omen"].endswith("znamení")
    assert tables["ex-fallout"] == "Příklad: Následky"
    assert tables["ex-locality"] == "Příklad: Okolí"


def test_an_unknown_language_gets_english() -> None:
    assert example_campaign("de") == example_campaign("en")


def test_czech_catalogs_use_czech_quotes() -> None:
    """Czech quotes „…“ in every translation, never English straight quotes."""
    straight = []
    for po in sorted((ROOT / "locale" / "cs").glob("*.po")):
        for msgid, _, forms in msgfmt.parse_po(po):
            for form in forms:
                if msgid and (re.search("['\"]", form) or form.count("„") != form.count("“")):
                    straight.append(f"{po.name}: {form}")
    assert straight == []

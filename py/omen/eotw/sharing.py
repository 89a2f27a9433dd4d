"""The crew in links and files: a character shared alone or the whole crew, and what
an import does with the characters it brings.

The crew is declared once with its stored part (the game's
:class:`~omen.campaign.spec.GameSpec`); this is its codec for sharing, named there
(``share="omen.eotw.sharing:CREW"``), so :mod:`omen.campaign.share` reads, sums up and
merges characters without importing this game. An incoming character whose name is
already in the crew is a conflict the game master settles, as for a table: added as new
under a name like "Ana (2)", replacing the one there (which keeps its id), or skipped.

>>> ana = Character("c1", "Ana")
>>> CREW.item_line(CREW.read_item(ana.to_json())).english()
"Character 'Ana': In play"
>>> CREW.whole_line(Crew((ana,))).english(), CREW.count(2).english()
('The crew: 1 character', '2 characters')
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from omen.campaign.spec import SharedItems
from omen.core.roll import N_, Step
from omen.eotw.crew import MAX_CREW, MAX_NAME, Character, Crew, fresh_id


def _character_line(character: Character) -> Step:
    if not character.name.strip():
        return Step(N_("A character without a name: {status}"), {"status": character.status_text})
    return Step(
        N_("Character '{name}': {status}"),
        {"name": character.name, "status": character.status_text},
    )


def _crew_line(record: Crew) -> Step:
    return Step(
        N_("The crew: {count} character"),
        {"count": len(record.characters)},
        plural=N_("The crew: {count} characters"),
    )


def _with_characters(record: Crew, characters: tuple[Any, ...]) -> Crew:
    return replace(record, characters=characters)


CREW = SharedItems(
    part="crew",
    item="character",
    whole="crew",
    fresh=Crew,
    items=lambda record: record.characters,
    with_items=_with_characters,
    read_item=Character.from_json,
    read_whole=Crew.from_json,
    item_line=_character_line,
    whole_line=_crew_line,
    count=lambda count: Step(
        N_("{count} character"), {"count": count}, plural=N_("{count} characters")
    ),
    fresh_id=fresh_id,
    max_items=MAX_CREW,
    max_name=MAX_NAME,
    conflict=N_("A character named '{name}' is already here."),
    kept=N_("Kept your character '{name}'."),
    replaced=N_("Replaced the character '{name}'."),
    added=N_("Added the character '{name}'."),
    too_many=N_("After this import the crew would hold more than {limit} characters."),
)

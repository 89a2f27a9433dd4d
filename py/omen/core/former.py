"""Messages Omen once stored in other words.

A step is stored by the English template of its message (``{"k": "Turn {turn} begins."}``)
and read back only when the catalog knows that template (:func:`omen.core.store.read_step`).
So when a message's English changes, every step a game master logged under the old words
would stop loading, and a log holding one would be kept aside whole at the next start:
a session's memory lost to a change of wording. To keep it, every message id Omen has
ever shipped stays readable. ``tools/shipped-messages.txt`` lists them (the build adds each
new one; none is ever taken out), and each is either still in the catalog or named here:

- mapped to the message that took its place (:class:`Renamed`), with its fields renamed
  where they were; an old step then reads as the new message with the values it was
  stored with, or
- mapped to ``None``: text that is never part of a stored step (a help sheet's line, a
  setting's explanation), so nothing stored can name it, or
- kept as it was in :data:`KEPT`, when older steps hold it inside a message that is still
  the catalog's (a word that no message uses any more, such as a food step's "Hunting").

``tests/unit/test_former.py`` fails when a shipped id is neither, or when a mapping points
at a message the catalog does not know or names fields it does not have.

>>> FORMER["Turn {turn} begins ({minutes} minutes in)."].fields
{'minutes': 'count'}
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from omen.core.roll import N_


@dataclass(frozen=True)
class Renamed:
    """The message that took an old one's place (``key``, by its English template) and
    the old message's fields that are called otherwise in it (old name -> new name)."""

    key: str
    fields: Mapping[str, str] = field(default_factory=dict)


FORMER: dict[str, Renamed | None] = {
    # 2026-12-06: a count of time passed has plural forms, and counts the turns before this one
    "Turn {turn} begins ({minutes} minutes in).": Renamed(
        "Turn {turn} begins ({count} minute in).", {"minutes": "count"}
    ),
    "Travel turn {turn} begins: {hours} hours on the road so far.": Renamed(
        "Travel turn {turn} begins: {count} hour on the road so far.", {"hours": "count"}
    ),
    "{light} {number} lit: it burns for {count} turns.": Renamed(
        "{light} {number} lit: it burns for {count} turn."
    ),
    # 2026-12-06: a wilderness day burns its turns off every light and timer
    "The encounter is part of day {day} of travel: the clock counts days. Lights, timers and "
    "rest count dungeon turns only.": Renamed(
        "The encounter is part of day {day} of travel: the clock counts days. The day has "
        "burned its turns off the lights and timers; the rest count stands."
    ),
    # 2026-12-06: hunting meets game animals (the OSE SRD); help and source lines (never stored)
    "Foraging while travelling finds food for 1d6 people on 1 in 6; hunting takes the day "
    "and finds it on 2 in 6. Every day has its wandering-monster check, and no light burns "
    "down.": None,
    "Old-School Essentials SRD: Wilderness Adventuring and Wandering Monsters.": None,
    "GURPS Basic Set, Fourth Edition: Success Rolls, Critical Success and Failure, and Quick "
    "Contests, as the seed uses them.": None,
    # 2026-12-06: help sheet lines (never stored)
    "Old-School Essentials counts ten-minute turns: a torch burns 6 turns, a lantern 24; on a "
    "day of wilderness travel they do not count down.": None,
    "The End of the World counts scenes or days: a timer in days stands still through a "
    "scene, one in scenes through days.": None,
    # 2026-12-06: Next day in the wilderness plays the whole travel day (help line, never stored)
    "In the wilderness, each day of travel has one check, at the chance the terrain gives; an "
    "encounter starts at the wilderness distance.": None,
    # 2026-12-06: players' requests wait for the game master (the player page's word, and a
    # refusal sent to a player: never stored)
    "Asked: the game master's phone rolls it.": None,
    "In this game players cannot ask for tests yet.": None,
    # 2026-12-06: each game's own reaction table, GURPS's on 3d6 (help lines, never stored)
    "When the party meets creatures whose mood is not plain, roll 2d6.": None,
    "Liminal Horror uses Cairn's table: 2 hostile, 3 to 5 wary, 6 to 8 curious, 9 to 11 kind, "
    "12 helpful.": None,
    "Cairn 2nd edition core rules (Liminal Horror names a reaction roll but has no table of "
    "its own); Old-School Essentials SRD, Encounters.": None,
    # 2026-12-06: the player page asks the STUN server too (a setting's help line, never stored)
    "Empty (the default): the phones find each other only on the table's own network, and no "
    "server is asked. A table whose phones are on different networks (a player on mobile "
    "data) may name one, such as stun:stun.example.org:3478; the game master's phone then "
    "asks it for its public address when it makes a code.": None,
    # 2026-12-06: a roster's creatures go by their number in the group; the word for a
    # creature was only ever translated into its name, never stored as a step
    "Monster": None,
    # 2026-12-06: GURPS's injury thresholds write the true minus sign, as the other
    # messages do
    "-10×HP or less: the body is destroyed (p. {page}).": Renamed(
        "−10×HP or less: the body is destroyed (p. {page})."
    ),
    "-5×HP or less: it is dead (p. {page}).": Renamed("−5×HP or less: it is dead (p. {page})."),
    "-{multiple}×HP or less: an HT roll against death at each multiple passed, at -{multiple} to stay conscious (p. {page}).": Renamed(
        "−{multiple}×HP or less: an HT roll against death at each multiple passed, at −{multiple} to stay conscious (p. {page})."
    ),
    # 2026-12-06: a code is no longer zlib-packed (a refusal said in the sheet: never stored)
    "This code unpacks to too much to be one of Omen's.": None,
}

# Words no message uses any more that older stored steps still hold inside a message the
# catalog knows: each stays in the catalog (and its translation in the .po files).
KEPT = (
    N_("Hunting"),  # "{how} ({faces} in 6): the d6 shows {face}: food found." before 2026-12-06
)

"""Every procedure Omen runs: its name, its game, its help sheet, and Settings by game.

**The rule.** A game master runs one game at a table, so Settings puts that game's rules
decisions first, grouped by the procedure each one changes; the decisions that hold for
every game come next; the other games follow in closed sections, each saying how many of
its decisions differ from the default. Every procedure also has a short help sheet, one
tap from its screen: the rule in a few lines of our own words, what each of its settings
changes (read from the settings registry, never retyped here), and where the rule comes
from.

**Adding a procedure.** One :class:`Procedure` in :data:`PROCEDURES` (its key, name,
game, the rule's lines and its source), and ``procedure="<key>"`` on each of its
:class:`~omen.campaign.settings.Setting`. On its screen, a button ``data-help="<key>"`` opens the
sheet (the adapter names it "Help: <name>").

>>> from omen.core.i18n import Translator
>>> english = Translator.english()
>>> [s.key for s in search("initiative", english)]
['ose.initiative_ties']
>>> first = sections("ose", {"tension.start": 12})
>>> [(s.game, s.open, s.changed) for s in first]
[('ose', True, 0), ('', True, 0), ('liminal_horror', False, 1), ('gurps', False, 0), ('eotw', False, 0)]
>>> [group.procedure.key for group in first[0].groups]
['ose_turn', 'ose_sequence', 'ose_evasion']
>>> sheet("tension_die").settings[0].key
'tension.start'
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from omen.campaign import settings
from omen.campaign.games import GAMES
from omen.core.i18n import Translator
from omen.core.roll import N_
from omen.core.setting import Setting, Value

EVERY_GAME = ""  # the game of a procedure that belongs to every game
EVERY_GAME_NAME = N_("Every game")


@dataclass(frozen=True)
class Procedure:
    """One procedure: its key, name and game, and its help sheet's rule and source.

    ``rule`` is a few short lines of our own words (never the source's sentences);
    ``source`` names where the rule comes from: a seed text or a named public source.
    """

    key: str
    name: str
    game: str  # a key of omen.campaign.games.GAMES, or EVERY_GAME
    rule: tuple[str, ...]
    source: str


PROCEDURES: dict[str, Procedure] = {
    procedure.key: procedure
    for procedure in (
        Procedure(
            "exploration_turn",
            N_("The exploration turn"),
            "liminal_horror",
            (
                N_(
                    "A turn is one significant thing the party does: moving to another "
                    "space, searching one, or resting where it is not safe."
                ),
                N_("Twenty to thirty real minutes without a fight count as a turn as well."),
                N_(
                    "Each turn makes one check with the procedure chosen on Explore; drawing "
                    "attention makes an extra check and leaves the clock where it is."
                ),
            ),
            N_("Liminal Horror SRD, encounter procedures (CC BY-SA 4.0), the seed Omen follows."),
        ),
        Procedure(
            "encounter_die",
            N_("Encounter Die"),
            "liminal_horror",
            (
                N_("Roll a d6 at each check."),
                N_(
                    "A 1 means the party meets something: Omen rolls on the current "
                    "location's encounter table."
                ),
                N_("A 2 or 3 gives a sign, an omen or a clue of what is near; 4 to 6, nothing."),
            ),
            N_("Liminal Horror SRD, encounter procedures (CC BY-SA 4.0), the seed Omen follows."),
        ),
        Procedure(
            "tension_die",
            N_("Tension Die"),
            "liminal_horror",
            (
                N_("A pool of points starts at the number set below."),
                N_(
                    "Each check rolls a d6 and takes it off the pool; a 6 rolls one more die "
                    "and both come off."
                ),
                N_(
                    "When the pool falls to 0 or below, an encounter happens and the pool starts again."
                ),
                N_("A small pool keeps the table on edge; a big one lets the dread build slowly."),
            ),
            N_("Liminal Horror SRD, encounter procedures (CC BY-SA 4.0), the seed Omen follows."),
        ),
        Procedure(
            "voidcrawl",
            N_("Voidcrawl"),
            "liminal_horror",
            (
                N_(
                    "Each check rolls a d6: 1 a day encounter, 2 a clue, 3 an omen, 4 a "
                    "setback, 5 a horror, 6 a night encounter."
                ),
                N_("An omen picks one investigator and rolls on the scenario's Fallout table."),
                N_(
                    "With day and night in play, anything above 3 counts as nothing by day or "
                    "in a mundane place."
                ),
                N_(
                    "The dark descent lets more through the deeper the party goes: level 1 "
                    "stops after 2, level 2 after 4, level 3 uses every face."
                ),
                N_(
                    "A d8 or d10 adds faces such as Regroup, Locality or Theme, each with its own level."
                ),
            ),
            N_("Liminal Horror SRD, the Voidcrawl (CC BY-SA 4.0), the seed Omen follows."),
        ),
        Procedure(
            "reaction",
            N_("Reaction roll"),
            EVERY_GAME,
            (
                N_("When the party meets creatures whose mood is not plain, roll 2d6."),
                N_(
                    "Liminal Horror uses Cairn's table: 2 hostile, 3 to 5 wary, 6 to 8 "
                    "curious, 9 to 11 kind, 12 helpful."
                ),
                N_(
                    "Old-School Essentials adds the speaker's Charisma modifier: 2 or less "
                    "attacks at once, 12 or more is friendly."
                ),
            ),
            N_(
                "Cairn 2nd edition core rules (Liminal Horror names a reaction roll but has no "
                "table of its own); Old-School Essentials SRD, Encounters."
            ),
        ),
        Procedure(
            "tables",
            N_("Encounter tables"),
            EVERY_GAME,
            (
                N_("Each location has its encounter tables; an encounter rolls on its main one."),
                N_(
                    "An entry may be marked violent, may call for a reaction roll, or may send "
                    "the roll on to another table."
                ),
                N_("An entry may hold dice such as [[2d6]], rolled when the entry comes up."),
            ),
            N_("Omen's own, following the Liminal Horror SRD's advice on encounter tables."),
        ),
        Procedure(
            "reminder",
            N_("Real-time reminder"),
            EVERY_GAME,
            (
                N_(
                    "By the Liminal Horror rules, 20 to 30 real minutes without a fight "
                    "count as a turn."
                ),
                N_(
                    "With the reminder on, Explore suggests Next turn once that many minutes "
                    "pass without one."
                ),
            ),
            N_("Liminal Horror SRD, encounter procedures (CC BY-SA 4.0), the seed Omen follows."),
        ),
        Procedure(
            "ose_sequence",
            N_("The encounter sequence"),
            "ose",
            (
                N_(
                    "An encounter goes in order: surprise, distance, reaction, initiative, "
                    "what each side does, and how it ends."
                ),
                N_("Each side not expecting the other rolls a d6; a 1 or 2 means it is surprised."),
                N_(
                    "Distance is 2d6 × 10 feet in a dungeon and 4d6 × 10 yards outdoors, or "
                    "1d4 × 10 yards when a side is surprised."
                ),
                N_("Each round both sides roll a d6 for initiative; the higher acts first."),
                N_("When the encounter is over, at least one full turn has gone by."),
            ),
            N_(
                "The seed's encounter text (Old-School Essentials, in Czech) and the "
                "Old-School Essentials SRD, Encounters (OGL)."
            ),
        ),
        Procedure(
            "ose_evasion",
            N_("Evasion and pursuit"),
            "ose",
            (
                N_("A side can try to get away only before the fighting starts."),
                N_(
                    "In a dungeon a faster fleeing side gets away; otherwise the chase runs "
                    "round by round, and dropped treasure or food may stop the pursuers "
                    "(3 in 6)."
                ),
                N_(
                    "Outdoors the chance to get away depends on the size of both groups, "
                    "moved by speed and terrain; a failure starts a pursuit, a day at a time."
                ),
                N_("After 30 rounds of running, runners are worn out until they rest 3 turns."),
            ),
            N_(
                "Old-School Essentials SRD, Evasion and Pursuit (OGL), and the seed's encounter text."
            ),
        ),
        Procedure(
            "gurps_distance",
            N_("Encounter distance"),
            "gurps",
            (
                N_(
                    "The terrain gives the farthest an encounter can start (rolled or "
                    "averaged) and a Terrain Rating."
                ),
                N_(
                    "Each side sees to a distance worked out from 200 yards, shortened or "
                    "lengthened by darkness, weather, size, Vision and the size of the group."
                ),
                N_("When nobody sneaks, the encounter starts at the shorter of those distances."),
                N_(
                    "A side that sneaks rolls a Quick Contest of Stealth against the other's "
                    "senses; winning by the Terrain Rating or more gives surprise."
                ),
            ),
            N_(
                "The seed's house rule for Dungeon Fantasy RPG, Wilderness Random Encounter "
                "Distance, on the success rolls and Quick Contests of the GURPS Basic Set."
            ),
        ),
        Procedure(
            "ose_turn",
            N_("Dungeon turn and wilderness day"),
            "ose",
            (
                N_(
                    "A dungeon turn is ten minutes. Every few turns the referee checks for "
                    "wandering monsters, at a chance in six; noise forces a check at a "
                    "higher chance."
                ),
                N_("The party rests one turn in six; until it does, it fights at a penalty."),
                N_(
                    "A torch burns for six turns and a lantern's oil for twenty-four; Omen "
                    "warns one turn before a light goes out, and counts named timers too."
                ),
                N_(
                    "In the wilderness, each day of travel has one check, at the chance the "
                    "terrain gives; an encounter starts at the wilderness distance."
                ),
            ),
            N_(
                "Old-School Essentials SRD: Dungeon Adventuring, Wilderness Adventuring and "
                "Wandering Monsters."
            ),
        ),
        Procedure(
            "ose_travel",
            N_("Wilderness travel day"),
            "ose",
            (
                N_(
                    "A party makes its slowest member's base movement rate divided by five "
                    "in miles a day; rough land cuts that by a third or a half, a road adds "
                    "half again, and a forced march half again at the price of a day's rest."
                ),
                N_(
                    "Across country the party may get lost: 1, 2 or 3 in 6 by terrain; on a "
                    "road, trail or river, or with a guide, it cannot."
                ),
                N_(
                    "Foraging while travelling finds food for 1d6 people on 1 in 6; hunting "
                    "takes the day and finds it on 2 in 6. Every day has its wandering-monster "
                    "check, and no light burns down."
                ),
            ),
            N_("Old-School Essentials SRD: Wilderness Adventuring and Wandering Monsters."),
        ),
        Procedure(
            "gurps_travel",
            N_("Travel checks"),
            "gurps",
            (
                N_(
                    "Each travel turn stands for some hours on the road and makes one "
                    "encounter check."
                ),
                N_(
                    "The check is the Encounter Die, or a check table from Tables: an entry "
                    "that is violent or calls for a reaction roll counts as an encounter."
                ),
                N_("An encounter opens the GURPS encounter distance with the creature met."),
                N_(
                    "Hours roll into days; a camp moves the clock on to the next morning. A "
                    "day's march is ten miles per point of Move, times the ground's rate, a "
                    "fifth more when everyone makes a Hiking roll."
                ),
            ),
            N_(
                "Omen's own procedure for wilderness travel in GURPS, using the seed's "
                "Encounter Die and the tables of the campaign; the day's march from the "
                "GURPS Basic Set, p. B351 (Hiking)."
            ),
        ),
        Procedure(
            "gurps_tests",
            N_("Success rolls and Quick Contests"),
            "gurps",
            (
                N_(
                    "The effective skill is the skill with all its modifiers added; roll 3d6, "
                    "and a total no higher than the effective skill succeeds."
                ),
                N_(
                    "The margin is the effective skill minus the total: how far a success "
                    "beat it, or how far a failure missed it."
                ),
                N_(
                    "A 3 or 4 is always a critical success, a 5 at effective skill 15 or more "
                    "and a 6 at 16 or more."
                ),
                N_(
                    "An 18 is always a critical failure, a 17 at effective skill 15 or less, "
                    "and so is any total 10 or more above the effective skill."
                ),
                N_(
                    "In a Quick Contest both sides roll at once: a success beats a failure, "
                    "then the larger margin wins; equal margins are a tie."
                ),
            ),
            N_(
                "GURPS Basic Set, Fourth Edition: Success Rolls, Critical Success and "
                "Failure, and Quick Contests, as the seed uses them."
            ),
        ),
        Procedure(
            "eotw_tests",
            N_("Tests"),
            "eotw",
            (
                N_("Pick a characteristic; the pool starts with one positive die."),
                N_(
                    "Each thing that helps adds a positive die; each danger, hindrance or "
                    "relevant trauma adds a negative one. Pushing adds one of each, once."
                ),
                N_(
                    "Roll them all: a positive and a negative die showing the same face cancel out."
                ),
                N_(
                    "Each positive die left at or under the characteristic is a success; each "
                    "negative die left is one stress."
                ),
                N_("In an opposed test more successes win, then the higher characteristic."),
            ),
            N_("The End of the World cheat sheet, the seed Omen follows."),
        ),
        Procedure(
            "eotw_crew",
            N_("Stress and trauma"),
            "eotw",
            (
                N_(
                    "Each character has a stress track of nine boxes in three tiers for each "
                    "category: physical, mental and social."
                ),
                N_(
                    "A full track ends the character, unless they cling to life with a test "
                    "of that category's defensive characteristic."
                ),
                N_(
                    "In downtime stress can become a trauma, as severe as the number of tiers "
                    "the stress reached."
                ),
                N_(
                    "Treatment takes a day, a week or a month by severity; then a test lowers "
                    "the severity by one."
                ),
            ),
            N_("The End of the World cheat sheet, the seed Omen follows."),
        ),
    )
}


def game_name(game: str) -> str:
    """The message naming a game, or "Every game"."""
    return GAMES[game].name if game in GAMES else EVERY_GAME_NAME


# --- help sheets -----------------------------------------------------------------------


@dataclass(frozen=True)
class Sheet:
    """A procedure's help sheet: the procedure (its rule and source) and its settings."""

    procedure: Procedure
    settings: tuple[Setting, ...]


def settings_of(key: str) -> tuple[Setting, ...]:
    """The settings that change procedure ``key``, in the registry's order."""
    return tuple(setting for setting in settings.registry() if setting.procedure == key)


def sheet(key: str) -> Sheet:
    """The help sheet of procedure ``key`` (a ``KeyError`` for one Omen does not know)."""
    return Sheet(PROCEDURES[key], settings_of(key))


# --- Settings, by game and procedure -------------------------------------------------


@dataclass(frozen=True)
class Group:
    """One procedure's settings."""

    procedure: Procedure
    settings: tuple[Setting, ...]


@dataclass(frozen=True)
class Section:
    """One game's settings (or every game's), grouped by procedure.

    ``changed`` counts the settings whose value differs from the default; ``open`` is
    whether the section starts unfolded (the chosen game's and every game's).
    """

    game: str
    groups: tuple[Group, ...]
    changed: int
    open: bool


def sections(game: str, values: Mapping[str, Value]) -> tuple[Section, ...]:
    """Settings as the game master of ``game`` sees them: that game's first, grouped by
    procedure, then every game's, then the other games' (closed), in the games' order.

    ``values`` are the campaign's settings; one missing counts as its default.
    """
    order = dict.fromkeys((game, EVERY_GAME, *GAMES))  # each once, the chosen game first
    out = []
    for which in order:
        own = [setting for setting in settings.registry() if setting.game == which]
        if not own:
            continue
        keys = list(dict.fromkeys(setting.procedure for setting in own))
        groups = tuple(
            Group(PROCEDURES[key], tuple(s for s in own if s.procedure == key)) for key in keys
        )
        changed = sum(1 for s in own if values.get(s.key, s.default) != s.default)
        out.append(Section(which, groups, changed, which in (game, EVERY_GAME)))
    return tuple(out)


# --- search ----------------------------------------------------------------------------

WORD = re.compile(r"\w+")


def fold(text: str) -> str:
    """``text`` in lower case without accents, so "Směna" and "smena" meet.

    >>> fold("Směna, KOLO, družina")
    'smena, kolo, druzina'
    """
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(char for char in decomposed if not unicodedata.combining(char)).casefold()


def words(text: str) -> list[str]:
    """The folded words of ``text``."""
    return WORD.findall(fold(text))


def _messages(setting: Setting) -> Iterable[str]:
    yield setting.label
    yield setting.explanation
    for _value, label in setting.choices:
        yield label
    procedure = PROCEDURES.get(setting.procedure)
    if procedure is not None:
        yield procedure.name
    yield game_name(setting.game)


def haystack(setting: Setting, translator: Translator) -> frozenset[str]:
    """Every word a search can find ``setting`` by: its label, explanation, choices,
    procedure and game, in English and in the translator's language."""
    found: set[str] = set()
    for message in _messages(setting):
        found.update(words(message))
        found.update(words(translator.gettext(message)))
    return frozenset(found)


VOWELS = frozenset("aeiouy")


def stems(part: str) -> tuple[str, ...]:
    """What a query word may start: itself, and for a word of four letters or more that
    ends in a vowel, the word without it. Czech words change their endings ("směna",
    "směny", "30 kol" for "kolo"), so "smena" finds "směny" and "kolo" finds "kol".

    >>> stems("iniciativa"), stems("tie"), stems("pool")
    (('iniciativa', 'iniciativ'), ('tie',), ('pool',))
    """
    if len(part) >= 4 and part[-1] in VOWELS:
        return part, part[:-1]
    return (part,)


def matches(query: str, setting: Setting, translator: Translator) -> bool:
    """Whether every word of ``query`` starts a word of the setting's text (either
    language, accents and case ignored; see :func:`stems` for Czech endings). An empty
    query matches every setting.

    >>> english = Translator.english()
    >>> tension = settings.by_key()["tension.start"]
    >>> matches("TENS pool", tension, english), matches("tension dice", tension, english)
    (True, False)
    """
    found = haystack(setting, translator)
    return all(
        any(word.startswith(stem) for word in found for stem in stems(part))
        for part in words(query)
    )


def search(query: str, translator: Translator) -> tuple[Setting, ...]:
    """The settings ``query`` finds, in the registry's order."""
    return tuple(s for s in settings.registry() if matches(query, s, translator))

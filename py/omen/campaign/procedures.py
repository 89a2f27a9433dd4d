"""Every procedure Omen runs: its name, its game, its help sheet, and Settings by game.

**The rule.** A game master runs one game at a table, so Settings puts that game's rules
decisions first, grouped by the procedure each one changes; the decisions that hold for
every game come next; the other games follow in closed sections, each saying how many of
its decisions differ from the default. Every procedure also has a short help sheet, one
tap from its screen: the rule in a few lines of our own words, what each of its settings
changes (read from the settings registry, never retyped here), and where the rule comes
from.

**Adding a procedure.** One :class:`~omen.campaign.spec.Procedure` (its key, name, game,
the rule's lines and its source) in its game's ``procedures.py``, the tuple its
``GameSpec.procedures`` names (Liminal Horror's are :data:`LIMINAL_HORROR` here, with its
rules; those of every game :data:`SHARED`); :data:`PROCEDURES` gathers them. Then
``procedure="<key>"`` on each of its :class:`~omen.campaign.settings.Setting`. On its
screen, a button ``data-help="<key>"`` opens the sheet (the adapter names it "Help: <name>").

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
from dataclasses import dataclass, replace

from omen.campaign import settings
from omen.campaign.games import GAMES
from omen.campaign.spec import (
    EVERY_GAME,
    LIGHT_COUNTS,
    LIGHTS_AHEAD,
    LIGHTS_ENDING,
    LIGHTS_LONGER,
    REMINDER_CHECKS,
    SPAN_BURNS,
    SPAN_ODDS,
    Procedure,
    named,
)
from omen.core.i18n import Translator
from omen.core.roll import N_
from omen.core.setting import Setting, Value

EVERY_GAME_NAME = N_("Every game")


# Liminal Horror's own procedures: their rules live in this layer (omen.campaign), so
# their declarations do too; the game's GameSpec names them.
LIMINAL_HORROR: tuple[Procedure, ...] = (
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
)

# The procedures every game has: their sheets as Liminal Horror tells them (the game
# whose checks they came with); another game tells them in its own words (GameSpec.help).
SHARED: tuple[Procedure, ...] = (
    Procedure(
        "reaction",
        N_("Reaction roll"),
        EVERY_GAME,
        (
            N_(
                "When the party meets creatures whose mood is not plain, roll on the "
                "campaign game's reaction table."
            ),
            N_(
                "Liminal Horror and The End of the World use Cairn's 2d6 table: 2 hostile, "
                "3 to 5 wary, 6 to 8 curious, 9 to 11 kind, 12 helpful."
            ),
            N_(
                "Old-School Essentials adds the speaker's Charisma modifier: 2 or less "
                "attacks at once, 12 or more is friendly."
            ),
            N_(
                "GURPS rolls 3d6 and adds the reaction modifiers: 0 or less is disastrous, "
                "10 to 12 neutral, 19 or more excellent."
            ),
        ),
        N_(
            "Cairn 2nd edition core rules (Liminal Horror names a reaction roll but has no "
            "table of its own, The End of the World has no reaction roll); Old-School "
            "Essentials SRD, Encounters; GURPS Basic Set, Reaction Table (pp. B560–B561)."
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
            REMINDER_CHECKS,
        ),
        N_("Liminal Horror SRD, encounter procedures (CC BY-SA 4.0), the seed Omen follows."),
    ),
    Procedure(
        "time_passes",
        N_("Time passes"),
        EVERY_GAME,
        (
            N_(
                "Instead of playing each turn, let a span of time go by: the turns of "
                "the span are played in order, each with its check when one falls due."
            ),
            SPAN_BURNS,
            SPAN_ODDS,
        ),
        N_("Omen's own, built on each game's turn and its checks."),
    ),
    Procedure(
        "lights_timers",
        N_("Lights and timers"),
        EVERY_GAME,
        (
            LIGHT_COUNTS,
            N_(
                "Liminal Horror counts exploration turns: each Next turn takes one off; "
                "drawing attention takes none."
            ),
            LIGHTS_LONGER,
            LIGHTS_ENDING,
            LIGHTS_AHEAD,
        ),
        N_(
            "Omen's own; a torch's 6 turns and a lantern's 24 are from the OSE SRD "
            "(Adventuring Gear)."
        ),
    ),
    Procedure(
        "screen_awake",
        N_("Keeping the screen on"),
        EVERY_GAME,
        (
            N_(
                "While Omen is open, it asks the browser to keep the screen from dimming, "
                "and asks again when you come back to the page."
            ),
            N_("A browser that cannot do this simply lets the screen sleep as usual."),
        ),
        N_("Omen's own."),
    ),
    Procedure(
        "players_connection",
        N_("Connecting players' phones"),
        EVERY_GAME,
        (
            N_(
                "A player's phone connects straight to the game master's phone, over "
                "the network they share (the table's Wi-Fi or a phone's hotspot); the "
                "code and the answer carry everything the two phones need."
            ),
            N_(
                "No server is asked unless a STUN server is named here. One helps two "
                "phones on different networks find each other's public address; it "
                "sees those addresses, never what the phones send."
            ),
            N_(
                "Each player's seat is kept on this device: if your page reloads, the "
                "players are listed as not connected, with the requests they left "
                "waiting; tap “New code” and each player takes their place back from "
                "their own phone."
            ),
        ),
        N_("Omen's own."),
    ),
    Procedure(
        "players_show",
        N_("What players see"),
        EVERY_GAME,
        (
            N_(
                "Players' phones always show the clock, the lights and timers, and (in The "
                "End of the World) the characters; never the odds of your checks or a "
                "table's rows."
            ),
            N_(
                "The encounter's facts (the distance, who is surprised, the reaction in "
                "words) reach them as you roll them, unless the setting says otherwise; "
                "“Hide from players” on the Encounter screen takes them back."
            ),
            N_(
                "A result reaches them when you tap “Show players” on it in the Log; tap "
                "“Hide from players” to take it back. A test a player asked for is always "
                "theirs to see."
            ),
            N_(
                "These buttons are there only while a player has a seat at the table, "
                "connected or not."
            ),
        ),
        N_("Omen's own."),
    ),
    Procedure(
        "players_requests",
        N_("Players' requests"),
        EVERY_GAME,
        (
            N_(
                "A player may ask for a test of their own (The End of the World) or a "
                "success roll (GURPS); the game master's phone checks it by the rules, "
                "rolls it and logs it naming the player."
            ),
            N_(
                "By default a request waits for your “Roll” or “Decline” in the players' "
                "sheet; with the setting on, it is rolled as soon as it arrives. A request "
                "the rules rule out is declined at once, with the reason."
            ),
        ),
        N_("Omen's own."),
    ),
)


def _declared() -> dict[str, Procedure]:
    """Every game's declared procedures (in the games' order), then the shared ones."""
    found: dict[str, Procedure] = {}
    for game in GAMES.values():
        for at in game.procedures:
            for procedure in named(at):
                if procedure.game != game.key:
                    raise ValueError(f"{at}: {procedure.key} is not a procedure of {game.key}")
                found[procedure.key] = procedure
    for procedure in SHARED:
        found[procedure.key] = procedure
    return found


PROCEDURES: dict[str, Procedure] = _declared()


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


def told(key: str, game: str = "") -> Procedure:
    """Procedure ``key`` as ``game``'s help sheet tells it: a procedure every game shares
    in the game's own words, where its GameSpec declares them (``help``).

    >>> told("reminder", "gurps").rule[0].startswith("GURPS counts no turns")
    True
    >>> told("reminder", "liminal_horror").rule[0].startswith("By the Liminal Horror rules")
    True
    """
    procedure = PROCEDURES[key]
    own = GAMES[game].help.get(key) if game in GAMES else None
    if own is None:
        return procedure
    return replace(procedure, rule=own.rule, source=own.source or procedure.source)


def sheet(key: str, game: str = "") -> Sheet:
    """The help sheet of procedure ``key`` in ``game``'s words (a ``KeyError`` for one
    Omen does not know)."""
    return Sheet(told(key, game), settings_of(key))


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


def haystack(setting: Setting, *translators: Translator) -> frozenset[str]:
    """Every word a search can find ``setting`` by: its label, explanation, choices,
    procedure and game, in English and in each translator's language."""
    found: set[str] = set()
    for message in _messages(setting):
        found.update(words(message))
        for translator in translators:
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


def matches(query: str, setting: Setting, *translators: Translator) -> bool:
    """Whether every word of ``query`` starts a word of the setting's text (in English
    or the language of any of ``translators``, accents and case ignored; see
    :func:`stems` for Czech endings). An empty query matches every setting. The app
    passes every language it has, whichever it shows: a game master who reads the rules
    in Czech and the app in English (or the other way round) finds a decision by either.

    >>> english = Translator.english()
    >>> tension = settings.by_key()["tension.start"]
    >>> matches("TENS pool", tension, english), matches("tension dice", tension, english)
    (True, False)
    """
    found = haystack(setting, *translators)
    return all(
        any(word.startswith(stem) for word in found for stem in stems(part))
        for part in words(query)
    )


def search(query: str, *translators: Translator) -> tuple[Setting, ...]:
    """The settings ``query`` finds (in English or any translator's language), in the
    registry's order."""
    return tuple(s for s in settings.registry() if matches(query, s, *translators))

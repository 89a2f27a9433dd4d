"""Every part of a campaign Omen stores, declared once, and where each part goes.

A *part* is one kind of saved value: one storage key (``omen/`` and its kind), one
schema with its migrations (see :mod:`omen.core.store`), and a name for messages. Each part
also says where it goes besides its own key, and why not where it does not:

- **backup**: the file "Export everything" writes, which "Restore the backup" puts back;
- **link**: a campaign link, which carries what another game master can use;
- **sync**: when another tab saves the part, this tab takes the new value in.

Backups and the Undo of an import (:mod:`omen.campaign.share`), campaign links, two-tab sync and
the names in messages about kept-aside copies all read this one list. The parts every
campaign has are declared here; a game's own are declared in its package's
:class:`~omen.campaign.spec.GameSpec`, so a new part is one declaration in one place. The schema is named, not imported (``"omen.eotw.pools:TESTS_FORM"``):
declaring every part costs a start nothing, and a procedure's module is loaded only
when its part is read.

>>> [part.kind for part in in_place(Place.LINK)]
['library', 'voidcrawl', 'crew']
>>> PARTS["prefs"].why_not[Place.LINK]
'a link shares a campaign with another game master; their language and theme stay theirs'
>>> PARTS["eotw_tests"].schema.key
'omen/eotw_tests'
"""

from __future__ import annotations

from omen.campaign.games import GAMES
from omen.campaign.spec import EVERYWHERE as EVERYWHERE
from omen.campaign.spec import NOT_IN_LINKS as NOT_IN_LINKS
from omen.campaign.spec import SESSION as SESSION
from omen.campaign.spec import Place as Place
from omen.campaign.spec import StoredPart as StoredPart
from omen.core import store
from omen.core.roll import N_, Step
from omen.core.store import PREFIX as PREFIX


def _declare(*parts: StoredPart) -> dict[str, StoredPart]:
    kinds = [part.kind for part in parts]
    if len(set(kinds)) != len(kinds):
        raise ValueError("a kind is declared twice")
    return {part.kind: part for part in parts}


# What every campaign stores, whatever its game. Backups list the parts a link carries
# first, then the others; within each, these first, then each game's own (declared in its
# GameSpec) in the order of omen.campaign.games.PACKAGES, then the last three.
FIRST: tuple[StoredPart, ...] = (
    StoredPart(
        "library",
        N_("the tables and locations"),
        "omen.campaign.tables:LIBRARY",
        EVERYWHERE,
        file_label=N_("Saved tables and locations"),
        describe=lambda record: Step(
            N_("Tables: {tables}, locations: {locations}"),
            {"tables": len(record.tables), "locations": len(record.locations)},
        ),
    ),
    StoredPart(
        "voidcrawl",
        N_("the Voidcrawl"),
        "omen.campaign.voidcrawl:VOIDCRAWL",
        EVERYWHERE,
        file_label=N_("Saved Voidcrawl"),
        describe=lambda record: Step(
            N_("The Voidcrawl on a d{sides}"), {"sides": record.voidcrawl.sides}
        ),
    ),
    StoredPart(
        "campaign",
        N_("the campaign settings"),
        "omen.campaign.state:CAMPAIGN",
        NOT_IN_LINKS,
        {Place.LINK: "the receiver keeps their own campaign name, game and rules decisions"},
        file_label=N_("Saved campaign settings"),
        describe=lambda record: Step(N_("Campaign settings of '{name}'"), {"name": record.name}),
    ),
    StoredPart(
        "exploration",
        N_("the exploration turn"),
        "omen.campaign.state:EXPLORATION",
        NOT_IN_LINKS,
        {Place.LINK: SESSION},
        file_label=N_("Saved exploration state"),
        describe=lambda record: Step(N_("The exploration turn and the Tension Die pool")),
    ),
    StoredPart(
        "meeting",
        N_("the encounter to run"),
        "omen.campaign.meeting:MEETING",
        NOT_IN_LINKS,
        {Place.LINK: SESSION},
        file_label=N_("Saved encounter to run"),
        describe=lambda record: Step(
            N_("The encounter with: {creature}"), {"creature": record.creature or "-"}
        ),
    ),
    StoredPart(
        "timers",
        N_("the lights and timers"),
        "omen.campaign.timers:SCHEMA",
        NOT_IN_LINKS,
        {Place.LINK: SESSION},
        file_label=N_("Saved lights and timers"),
        describe=lambda record: Step(
            N_("Lights and timers: {count}"), {"count": len(record.entries)}
        ),
        fresh="omen.campaign.timers:Timers",
    ),
    StoredPart(
        "players_shown",
        N_("what the players are shown"),
        "omen.campaign.players:SHOWING",
        NOT_IN_LINKS,
        {Place.LINK: SESSION},
        file_label=N_("Saved choice of what players see"),
        describe=lambda record: Step(
            N_("What the players are shown: {count} result"),
            {"count": len(record.shown)},
            plural=N_("What the players are shown: {count} results"),
        ),
        fresh="omen.campaign.players:Showing",
    ),
    # The seats are secrets a player takes their place back with (omen.campaign.seats).
    StoredPart(
        "players_seats",
        N_("the players' seats"),
        "omen.campaign.seats:SEATS",
        frozenset({Place.SYNC}),
        {
            Place.BACKUP: (
                "a seat is a secret that takes a player's place, and a backup file travels; "
                "on another device the seats mean nothing"
            ),
            Place.LINK: "the seats are this table's players, not something to hand over",
        },
        fresh="omen.campaign.seats:Seating",
    ),
)
LAST: tuple[StoredPart, ...] = (
    StoredPart(
        "prefs",
        N_("the language and theme"),
        "omen.campaign.state:PREFS",
        NOT_IN_LINKS,
        {
            Place.LINK: (
                "a link shares a campaign with another game master; "
                "their language and theme stay theirs"
            )
        },
        file_label=N_("Saved preferences"),
        describe=lambda record: Step(N_("Language and theme")),
    ),
    # The log is kept in pages (see omen.campaign.logbook): ``omen/log`` holds the newest entries
    # and names the older pages ``omen/log/<n>``, each an envelope of the same schema,
    # so a tap rewrites one page however long the log is. A backup holds the whole log
    # as one value of that schema (every page read); two-tab sync takes in the newest
    # entries and forgets a page another tab rewrote, so Undo there sees the change.
    StoredPart(
        "log",
        N_("the roll log"),
        "omen.campaign.state:LOG",
        NOT_IN_LINKS,
        {Place.LINK: "the log is this table's history, not something to hand over"},
        file_label=N_("Saved roll log"),
        describe=lambda record: Step(
            N_("The roll log: {count} entry"),
            {"count": len(record.entries)},
            plural=N_("The roll log: {count} entries"),
        ),
        paged=True,
    ),
    StoredPart(
        "view",
        N_("the screen on show"),
        "omen.campaign.state:VIEW",
        frozenset(),
        {
            Place.BACKUP: "it is where this device's page was, not part of the campaign",
            Place.LINK: "it is where this device's page was, not part of the campaign",
            Place.SYNC: "each tab shows its own screen; a reload reopens the last one shown",
        },
    ),
    StoredPart(
        "before_import",
        N_("the campaign as it was before the last import"),
        "omen.campaign.share:KEPT",
        frozenset(),
        {
            Place.BACKUP: "it is a copy of the other parts, made for Undo; a backup has them",
            Place.LINK: "it is a copy of the other parts, made for Undo",
            Place.SYNC: (
                "only the tab that imported can undo the import; another tab reads the "
                "copy when it undoes that log entry"
            ),
        },
    ),
)

_ALL = (*FIRST, *(part for game in GAMES.values() for part in game.parts), *LAST)
PARTS: dict[str, StoredPart] = _declare(
    *(part for part in _ALL if part.in_links),
    *(part for part in _ALL if not part.in_links),
)


store.name_kinds({kind: part.label for kind, part in PARTS.items()})


def in_place(place: Place) -> list[StoredPart]:
    """The parts that go to ``place``, in the order backups list them."""
    return [part for part in PARTS.values() if part.goes(place)]


def label(kind: str) -> str | None:
    """What messages call a kind of stored value (None for a kind Omen does not store)."""
    part = PARTS.get(kind)
    return part.label if part is not None else None

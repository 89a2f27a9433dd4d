"""Every part of a campaign Omen stores, declared once, and where each part goes.

A *part* is one kind of saved value: one storage key (``omen/`` and its kind), one
schema with its migrations (see :mod:`omen.core.store`), and a name for messages. Each part
also says where it goes besides its own key, and why not where it does not:

- **backup**: the file "Export everything" writes, which "Restore the backup" puts back;
- **link**: a campaign link, which carries what another game master can use;
- **sync**: when another tab saves the part, this tab takes the new value in.

Backups and the Undo of an import (:mod:`omen.campaign.share`), campaign links, two-tab sync and
the names in messages about kept-aside copies all read this one list, so a new part is
one declaration here. The schema is named, not imported (``"omen.eotw.pools:TESTS_FORM"``):
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

import enum
import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from omen.core.roll import N_, Step

if TYPE_CHECKING:
    from omen.core.store import Schema

PREFIX = "omen/"


class Place(enum.Enum):
    """Where a part goes besides its own storage key."""

    BACKUP = "backup"  # the file "Export everything" writes and "Restore" reads
    LINK = "link"  # a campaign link
    SYNC = "sync"  # taken in when another tab saves it


@dataclass(frozen=True)
class StoredPart:
    """One stored part: its kind (the storage key after ``omen/``), where its schema is
    (``"module:NAME"``), what messages call it, where it goes and why not elsewhere.

    ``why_not`` holds a short reason for every place the part does not go, and only
    for those, so a part left out of backups says so in its declaration.
    """

    kind: str
    label: str  # what a message calls it: "the roll log"
    schema_at: str  # "omen.campaign.state:LOG"
    places: frozenset[Place]
    why_not: Mapping[Place, str] = field(default_factory=dict)
    file_label: str = ""  # what a backup's messages call it: "Saved roll log"
    describe: Callable[[Any], Step] | None = None  # one line about it in an import
    paged: bool = False  # kept in pages too: ``omen/<kind>/<n>``, each its own envelope

    def __post_init__(self) -> None:
        missing = set(Place) - self.places - set(self.why_not)
        if missing or set(self.why_not) & self.places:
            raise ValueError(f"{self.kind}: give a reason for each place it does not go")
        if Place.LINK in self.places and Place.BACKUP not in self.places:
            raise ValueError(f"{self.kind}: what a link carries, a backup holds too")
        if Place.BACKUP in self.places and (not self.file_label or self.describe is None):
            raise ValueError(f"{self.kind}: a part in backups needs a file label and a line")

    @property
    def key(self) -> str:
        """Its storage key (``omen/`` and the kind)."""
        return PREFIX + self.kind

    @property
    def name(self) -> str:
        """The part's name in a backup file: its kind."""
        return self.kind

    @property
    def schema(self) -> Schema[Any]:
        """The part's schema (its module is imported the first time it is asked for)."""
        module, name = self.schema_at.split(":")
        found: Schema[Any] = getattr(importlib.import_module(module), name)
        return found

    def goes(self, place: Place) -> bool:
        """Whether the part goes to ``place``."""
        return place in self.places

    @property
    def in_links(self) -> bool:
        """Whether a campaign link carries the part."""
        return Place.LINK in self.places


EVERYWHERE = frozenset(Place)
NOT_IN_LINKS = frozenset({Place.BACKUP, Place.SYNC})
SESSION = "a link carries tables, locations and characters, not this table's session"


def _declare(*parts: StoredPart) -> dict[str, StoredPart]:
    kinds = [part.kind for part in parts]
    if len(set(kinds)) != len(kinds):
        raise ValueError("a kind is declared twice")
    return {part.kind: part for part in parts}


# Backups list the parts in this order.
PARTS: dict[str, StoredPart] = _declare(
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
        "crew",
        N_("the crew"),
        "omen.eotw.crew:CREW",
        EVERYWHERE,
        file_label=N_("Saved crew"),
        describe=lambda record: Step(
            N_("The crew: {count} character"),
            {"count": len(record.characters)},
            plural=N_("The crew: {count} characters"),
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
        "ose_encounter",
        N_("the Old-School Essentials encounter"),
        "omen.ose.session:SCHEMA",
        NOT_IN_LINKS,
        {Place.LINK: SESSION},
        file_label=N_("Saved OSE encounter"),
        describe=lambda record: Step(N_("The OSE encounter in progress")),
    ),
    StoredPart(
        "ose_turn",
        N_("the Old-School Essentials turn clock"),
        "omen.ose.turn:SCHEMA",
        NOT_IN_LINKS,
        {Place.LINK: SESSION},
        file_label=N_("Saved OSE turn clock"),
        describe=lambda record: Step(
            N_("The OSE turn clock: turn {turn}, day {day}"),
            {"turn": record.turn, "day": record.day},
        ),
    ),
    StoredPart(
        "gurps_form",
        N_("the GURPS distance form"),
        "omen.gurps.distance:GURPS_FORM",
        NOT_IN_LINKS,
        {Place.LINK: SESSION},
        file_label=N_("Saved GURPS encounter distance form"),
        describe=lambda record: Step(N_("The GURPS encounter distance form")),
    ),
    StoredPart(
        "eotw_tests",
        N_("the dice pool on the Tests screen"),
        "omen.eotw.pools:TESTS_FORM",
        NOT_IN_LINKS,
        {Place.LINK: SESSION},
        file_label=N_("Saved Tests form"),
        describe=lambda record: Step(N_("The dice pool and contestants on the Tests screen")),
    ),
    StoredPart(
        "gurps_tests",
        N_("the GURPS success roll and Quick Contest"),
        "omen.gurps.tests:GURPS_TESTS",
        NOT_IN_LINKS,
        {Place.LINK: SESSION},
        file_label=N_("Saved GURPS Tests form"),
        describe=lambda record: Step(N_("The GURPS success roll and Quick Contest")),
    ),
    StoredPart(
        "gurps_travel",
        N_("the GURPS travel checks"),
        "omen.gurps.travel:GURPS_TRAVEL",
        NOT_IN_LINKS,
        {Place.LINK: SESSION},
        file_label=N_("Saved GURPS travel checks"),
        describe=lambda record: Step(N_("GURPS travel: turn {turn}"), {"turn": record.turn}),
    ),
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


def in_place(place: Place) -> list[StoredPart]:
    """The parts that go to ``place``, in the order backups list them."""
    return [part for part in PARTS.values() if part.goes(place)]


def label(kind: str) -> str | None:
    """What messages call a kind of stored value (None for a kind Omen does not store)."""
    part = PARTS.get(kind)
    return part.label if part is not None else None

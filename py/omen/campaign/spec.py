"""How a game declares itself: one :class:`GameSpec` in its package's ``__init__``.

A game package (``omen/ose/``, ``omen/gurps/`` ...) names everything Omen needs from it
once: its key and name, its own tools first (Explore's panels, the encounter procedure,
the Tests screen's mode), its settings and procedures, its stored parts, the adapter's
screens for it, and its example campaign. Modules are named by dotted path
(``"omen.ose.settings:SETTINGS"``), never imported here, so reading every game's spec
costs a start nothing: a game's rules module is loaded only when one of its names is
asked for.

Every registry is derived from these declarations (:mod:`omen.campaign.games` lists the
game packages; settings, procedures, stored parts, the adapter's screens and fresh values
read the specs), so a fifth game is one folder and one line in
:data:`omen.campaign.games.PACKAGES`.

>>> spec = GameSpec("chess", "Chess", ("checks",), "reaction", "eotw")
>>> spec.key, spec.settings, spec.parts
('chess', (), ())
>>> named("omen.core.setting:Setting").__name__
'Setting'
"""

from __future__ import annotations

import enum
import importlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from omen.core.roll import N_, Step
from omen.core.store import PREFIX

if TYPE_CHECKING:
    from omen.core.store import Schema


def named(at: str) -> Any:
    """The object a dotted ``"module:NAME"`` names, its module imported when asked."""
    module, name = at.split(":")
    return getattr(importlib.import_module(module), name)


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
    for those, so a part left out of backups says so in its declaration. ``share``
    names the :class:`SharedItems` of a game's part that links and files carry item by
    item (the crew's characters): how :mod:`omen.campaign.share` reads, counts and
    merges them without importing the game.
    """

    kind: str
    label: str  # what a message calls it: "the roll log"
    schema_at: str  # "omen.campaign.state:LOG"
    places: frozenset[Place]
    why_not: Mapping[Place, str] = field(default_factory=dict)
    file_label: str = ""  # what a backup's messages call it: "Saved roll log"
    describe: Callable[[Any], Step] | None = None  # one line about it in an import
    paged: bool = False  # kept in pages too: ``omen/<kind>/<n>``, each its own envelope
    fresh: str = ""  # "module:NAME" of what it is before anything is stored (no arguments)
    share: str = ""  # "module:NAME" of its SharedItems, when shared item by item

    def __post_init__(self) -> None:
        missing = set(Place) - self.places - set(self.why_not)
        if missing or set(self.why_not) & self.places:
            raise ValueError(f"{self.kind}: give a reason for each place it does not go")
        if self.share and Place.LINK not in self.places:
            raise ValueError(f"{self.kind}: a part shared item by item goes in links")
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
        found: Schema[Any] = named(self.schema_at)
        return found

    def goes(self, place: Place) -> bool:
        """Whether the part goes to ``place``."""
        return place in self.places

    @property
    def in_links(self) -> bool:
        """Whether a campaign link carries the part."""
        return Place.LINK in self.places


@dataclass(frozen=True)
class SharedItems:
    """A game's stored part that links and files carry item by item (The End of the
    World's crew and its characters): the part's codec for sharing, named by its
    :class:`StoredPart` (``share``), so the campaign layer shares, counts and merges
    the items without importing the game.

    ``item`` is the kind of one item shared alone (``"character"``) and ``whole`` the
    kind of the whole part shared (``"crew"``); each is read from its shared data by
    ``read_item`` and ``read_whole`` (a :class:`~omen.core.errors.RulesError` on data
    that does not fit) and summed up in one line by ``item_line`` and ``whole_line``;
    ``count`` says how many items a shared campaign brings. An import matches items by
    name, and the messages say what happened to each: ``conflict`` ("A character named
    '{name}' is already here."), ``kept``, ``replaced`` and ``added`` (each with
    ``{name}``), and ``too_many`` (with ``{limit}``, the most the part holds).
    """

    part: str
    item: str
    whole: str
    fresh: Callable[[], Any]  # the part holding no items
    items: Callable[[Any], Sequence[Any]]  # the part's items, each with an id and a name
    with_items: Callable[[Any, tuple[Any, ...]], Any]  # the part holding these items
    read_item: Callable[[Any], Any]
    read_whole: Callable[[Any], Any]
    item_line: Callable[[Any], Step]
    whole_line: Callable[[Any], Step]
    count: Callable[[int], Step]
    fresh_id: Callable[[set[str]], str]  # an id not among those taken
    max_items: int
    max_name: int
    conflict: str
    kept: str
    replaced: str
    added: str
    too_many: str


EVERYWHERE = frozenset(Place)
NOT_IN_LINKS = frozenset({Place.BACKUP, Place.SYNC})
SESSION = "a link carries tables, locations and characters, not this table's session"


EVERY_GAME = ""  # the game of a procedure that belongs to every game

# The line a table roll gives for a violent row: the tables' own words, Liminal Horror's.
TABLE_VIOLENT = N_("A horror: this encounter is violent.")
# Every encounter procedure the Encounter screen offers (as omen.campaign.meeting names them).
ENCOUNTERS = ("ose", "gurps", "reaction")


def counted(one: str, *, plural: str) -> tuple[str, str]:
    """A message with a ``{count}``: its one and its many form, paired as the catalogs
    pair them (``plural=``, as a :class:`~omen.core.roll.Step` takes it)."""
    return one, plural


@dataclass(frozen=True)
class TurnWords:
    """What Explore's shared checks (the Encounter Die, the Tension Die, the Voidcrawl)
    call their turn in a game's words: the clock's label, the button, the hint before the
    first turn, the first step of a turn and of drawing attention (with ``{turn}``), and
    the real-time reminder (with ``{count}`` minutes: its one and many form).

    Liminal Horror's turn is its exploration turn, a „směna“ in Czech as in OSE's
    dungeon; a game whose own turn is another (a GURPS travel turn, an EOTW scene) says
    "exploration turn" (:data:`EXPLORATION_TURN`).
    """

    clock: str = N_("Turn")
    next: str = N_("Next turn")
    tap: str = N_("Tap Next turn when the party takes a significant action.")
    begins: str = N_("Turn {turn} begins.")
    attention: str = N_("The party draws attention (turn {turn} goes on).")
    reminder: tuple[str, str] = counted(
        N_("{count} minute without a turn: time for Next turn?"),
        plural=N_("{count} minutes without a turn: time for Next turn?"),
    )


# The shared checks' turn in Liminal Horror's words, and in a game whose own turn is not
# an exploration turn.
CHECKS_TURN = TurnWords()
EXPLORATION_TURN = TurnWords(
    N_("Exploration turn"),
    N_("Play a turn"),  # short: it shares the action bar with two more buttons
    N_("Tap Play a turn when the party takes a significant action."),
    N_("Exploration turn {turn} begins."),
    N_("The party draws attention (exploration turn {turn} goes on)."),
    counted(
        N_("{count} minute without an exploration turn: time to tap Play a turn?"),
        plural=N_("{count} minutes without an exploration turn: time to tap Play a turn?"),
    ),
)


# Lines of the help sheets of the procedures every game shares (omen.campaign.procedures)
# that more than one game tells the same way: Liminal Horror's sheets and the games'
# own (GameSpec.help) name them here, once.
LIGHT_COUNTS = N_(
    "A light (a torch, a lantern, a flashlight) or a timer you name (a ward, "
    "a patrol due back, a treatment) counts down in the game's own units; "
    "at zero the light goes out or the timer runs out."
)
LIGHTS_OSE = N_(
    "Old-School Essentials counts ten-minute turns: a torch burns 6 turns, a "
    "lantern 24; an hour holds 6 turns and a day of wilderness travel 144, so "
    "a day puts every torch and lantern out."
)
LIGHTS_LONGER = N_(
    "In every game a longer span takes off what it holds of a shorter unit "
    "(an hour 6 ten-minute turns, a day 24 hours), so nothing counted in a "
    "shorter unit outlasts a longer span that holds it."
)
LIGHTS_ENDING = N_(
    "When time passes, the span takes off every unit in it; whatever ends says "
    "so in the headline, and with one unit left a warning says so under the "
    "result. Undo puts the time back."
)
LIGHTS_AHEAD = N_(
    "Before you let time pass, the look-ahead names each light or timer that "
    "will end within the span, and after how many units."
)
SPAN_ODDS = N_("Before you commit, the odds say how likely an encounter is within the span.")
SPAN_BURNS = N_(
    "Lights and timers burn down and rest is counted as on any turn; the "
    "first encounter stops the run, and one Undo takes the whole span back."
)
REMINDER_CHECKS = N_(
    "With the reminder on, Explore suggests Next turn once that many minutes pass without one."
)
REMINDER_EXPLORATION = N_(
    "With the reminder on, Explore's checks suggest Play a turn once that many real "
    "minutes pass without an exploration turn."
)


@dataclass(frozen=True)
class Help:
    """A procedure every game shares, as a game's help sheet tells it: the rule's lines
    in the game's words, and its source where the game's differs (``""``: the shared one)."""

    rule: tuple[str, ...]
    source: str = ""


@dataclass(frozen=True)
class Procedure:
    """One procedure: its key, name and game, and its help sheet's rule and source.

    ``rule`` is a few short lines of our own words (never the source's sentences);
    ``source`` names where the rule comes from: a seed text or a named public source.
    """

    key: str
    name: str
    game: str  # the key of the game that declares it, or EVERY_GAME
    rule: tuple[str, ...]
    source: str


@dataclass(frozen=True)
class PlayerRequest:
    """What a player may ask the game master for in one game, declared once in its
    :class:`GameSpec` (``requests``), so the players' sheet reads, rolls and prices a
    request through it and names no game.

    ``kind`` is the message kind a player's phone sends it as (one of
    :data:`omen.campaign.players.KINDS`); each other field names a function by
    ``"module:NAME"``, imported only when a request comes:

    - ``read``: ``(parts, data) -> request``: the message's data read and checked
      against the campaign's stored parts now (``parts``: the stored records by kind, as
      the public view reads them); the request's ``said(player)`` is what the game
      master's phone lists; a request that cannot be rolled is a
      :class:`~omen.core.errors.RulesError` with the player's sentence;
    - ``roll``: ``(request, dice, values, player) -> Outcome``: the request rolled with
      the engine (with the faces the player typed, if any, else ``dice``), its outcome
      naming the player;
    - ``odds``: ``(parts, values) -> GameFacts`` holding only the exact odds the player
      page shows before asking (``odds`` by character and test, or ``rolls`` by level).

    >>> PlayerRequest("roll", "m:read", "m:roll").odds
    ''
    """

    kind: str
    read: str
    roll: str
    odds: str = ""


@dataclass(frozen=True)
class GameSpec:
    """One game, declared once: its shape, and where its settings, parts, screens and
    example are (each a dotted ``"module:NAME"``, imported only when asked for).

    ``explore`` names its own Explore panels, first first; ``encounter`` the encounter
    procedure it opens (``"reaction"``, ``"ose"`` or ``"gurps"``); ``tests`` the Tests
    screen's mode (``"eotw"`` dice pools or ``"gurps"`` success rolls). ``settings``
    names tuples of :class:`~omen.core.setting.Setting`; ``parts`` are its stored parts
    (declared here: a declaration imports nothing); ``screens`` maps an adapter screen's
    name to ``"module:Class"`` and ``sections`` names the screen each of them is drawn
    in; ``example`` names its example campaign's function (``(language) -> Example``);
    ``procedures`` names tuples of its :class:`Procedure` (what Settings groups by and
    the help sheets show), each of this game. ``public`` names the function that gives
    what its players may see beyond the clock, lights and shown results
    (:class:`omen.campaign.players.GameFacts`). ``reaction`` names its reaction table
    (:class:`omen.campaign.reaction.ReactionTable`): the one the Encounter screen's
    reaction roll uses in its campaigns; ``requests`` what a player may ask the
    game master for (:class:`PlayerRequest`), by message kind.

    What the game says in its own words is declared here too: ``violent`` is the line
    that says a table's row is violent (the tables' own, Liminal Horror's, unless the
    game has its own), ``example_note`` the note above its example campaign, ``turn``
    what Explore's shared checks call a turn, and ``help`` the help sheets of the
    procedures every game shares (Time passes, Lights and timers, the real-time
    reminder), by key, told in the game's words.
    ``encounters`` gives the Encounter screen's procedures in the order it lists them.

    >>> GameSpec("chess", "Chess", (), "gurps", "eotw").encounters
    ('gurps', 'reaction', 'ose')
    """

    key: str
    name: str
    explore: tuple[str, ...]
    encounter: str
    tests: str
    settings: tuple[str, ...] = ()
    procedures: tuple[str, ...] = ()
    parts: tuple[StoredPart, ...] = ()
    screens: Mapping[str, str] = field(default_factory=dict)
    sections: Mapping[str, str] = field(default_factory=dict)
    example: str = ""
    public: str = ""  # "module:NAME" of (parts, values) -> GameFacts, for the players' view
    reaction: str = "omen.campaign.reaction:LIMINAL_HORROR_REACTIONS"  # its reaction table
    requests: tuple[PlayerRequest, ...] = ()  # what a player may ask for
    violent: str = TABLE_VIOLENT  # the line that says a row is violent, in its words
    turn: TurnWords = CHECKS_TURN  # what the shared checks call a turn
    help: Mapping[str, Help] = field(default_factory=dict)  # shared procedures' sheets
    example_note: str = N_(
        "An example campaign written for Omen, to show how tables and locations fit "
        "together: change it or replace it with your own."
    )

    @property
    def encounters(self) -> tuple[str, ...]:
        """The encounter procedures in the order its Encounter screen lists them: its
        own, then the reaction roll every game may use, then the other games'."""
        first = (self.encounter, "reaction")
        return tuple(dict.fromkeys((*first, *ENCOUNTERS)))

"""Random tables: the lists a game master prepares and rolls on when something turns up.

**A table** has a die and entries. Each entry claims a face or a range of faces of the
die (``1``, ``2-3``, ``11-66`` on a d66). The die is any expression :mod:`omen.core.notation`
reads (``d6``, ``2d6``, ``d66``, ``d100``...). A table may instead have no die at all:
then every entry carries a weight, and an entry of weight 2 comes up twice as often as
one of weight 1.

**An entry** is a line of text. The text may hold dice of its own, written in double
brackets (``[[1d4+1]] wolves``): they are rolled when the entry is drawn, and the text is
shown with the number in their place. An entry may send the game master on to another
table (a link, rolled in turn, to a limited depth; a loop of links is an error naming the
tables). An entry may be violent (a horror shows up) or not (a stranger out of place, a
tree across the road, claw marks), and it may call for a reaction roll.

**Locations** name the tables used there, and which one is rolled when the exploration
procedure calls for an encounter. A :class:`Library` holds a campaign's tables and
locations, and is what the screen stores.

**What is kept.** Reading a saved library (:meth:`Library.from_json`) is the one
definition of what Omen keeps. This module is the records and how they are stored; the
checks before saving are in :mod:`omen.campaign.table_checks`, rolling and the odds in
:mod:`omen.campaign.table_draw`, reading a pasted table in :mod:`omen.campaign.table_paste`.

>>> forest = Table("forest", "Forest road", "d6", (
...     Entry("[[1d4+1]] wolves", 1, 2, violent=True),
...     Entry("A fallen tree blocks the road", 3, 5),
... ))
>>> [entry.faces for entry in forest.entries], forest.entries[1].covers(6)
(['1-2', '3-5'], False)
>>> Library.from_json(Library((forest,)).to_json()) == Library((forest,))
True
"""

from __future__ import annotations

import enum
import json
import re
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import lru_cache
from typing import Any

from omen.core import notation
from omen.core.errors import RulesError, StoredDataError
from omen.core.roll import N_, Step
from omen.core.setting import Setting
from omen.core.store import Schema, read_step

MAX_TABLES = 150
MAX_LOCATIONS = 100
MAX_ENTRIES = 100
MAX_TEXT = 400  # characters in one entry
MAX_NAME = 80  # characters in a table's or a location's name
MAX_ID = 40
MAX_INLINE = 5  # bracketed dice in one entry
MAX_WEIGHT = 100
MAX_FACE = 10_000
MAX_TABLE_DICE = 6  # dice in a table's own die expression
MAX_TOTALS = 1000  # span of totals a table's die may give
MAX_PASTE = 50_000  # characters of pasted text
MAX_STEPS = 2000  # steps kept in one stored result
DEFAULT_DEPTH = 5  # links followed in one roll
MAX_DEPTH = 10
STANDARD_DICE = (4, 6, 8, 10, 12, 20, 100)

SETTINGS: tuple[Setting, ...] = (
    Setting(
        "tables.depth_limit",
        DEFAULT_DEPTH,
        N_("How deep linked tables may go"),
        N_(
            "An entry can send you on to another table; this is how many such links one "
            "roll may follow before Omen stops and says so."
        ),
        low=1,
        high=MAX_DEPTH,
        procedure="tables",
    ),
)

ID_PATTERN = re.compile(r"[A-Za-z0-9_-]{1,40}")
INLINE = re.compile(r"\[\[([^\[\]]*)\]\]")


# --- a creature's stats on a table row ------------------------------------------------

# A row may carry the stats of the creature it brings, for the game the campaign plays;
# when an encounter opens from the row they fill the encounter's forms. Each stat is
# written as its label and value, the labels as the games' own books abbreviate them.
MAX_STAT_TEXT = 12  # characters of a written stat (hit dice, treasure type)
MAX_NUMBER_APPEARING = 1000  # the most a row's number appearing may roll
MAX_STAT_HP = 10_000  # a GURPS creature's full hit points on a row
_STAT_TEXT = re.compile(r"[A-Za-z0-9+*/ -]{1,12}")


@dataclass(frozen=True)
class StatField:
    """One stat a row may carry: its label as written, its field on :class:`Stats`, the
    game it belongs to, and what it holds (``dice``, ``text`` or whole numbers from
    ``low`` to ``high``)."""

    label: str
    name: str
    game: str
    kind: str  # "dice", "text" or "int"
    low: int = 0
    high: int = 0


STAT_FIELDS: tuple[StatField, ...] = (
    StatField("NA", "number", "ose", "dice"),
    StatField("HD", "hd", "ose", "text"),
    StatField("AC", "ac", "ose", "int", -20, 30),
    StatField("ML", "morale", "ose", "int", 2, 12),
    StatField("TT", "treasure", "ose", "text"),
    StatField("SM", "sm", "gurps", "int", -15, 300),
    StatField("Vision", "vision", "gurps", "int", 0, 40),
    StatField("Stealth", "stealth", "gurps", "int", 0, 40),
    StatField("Group", "group", "gurps", "int", 1, 1_000_000),
    StatField("HP", "hp", "gurps", "int", 1, MAX_STAT_HP),
    StatField("DEX", "dexterity", "eotw", "int", 0, 6),
    StatField("VIT", "vitality", "eotw", "int", 0, 6),
    StatField("LOG", "logic", "eotw", "int", 0, 6),
    StatField("WIL", "willpower", "eotw", "int", 0, 6),
    StatField("CHA", "charisma", "eotw", "int", 0, 6),
    StatField("EMP", "empathy", "eotw", "int", 0, 6),
)
# What each stat is called where Omen shows a row's stats: the labels above are what a
# game master types (as the English books write them); Czech shows words, as the Czech
# rules texts do (kostky životů, obranné číslo).
STAT_WORDS: dict[str, str] = {
    "NA": N_("NA"),
    "HD": N_("HD"),
    "AC": N_("AC"),
    "ML": N_("ML"),
    "TT": N_("TT"),
    "SM": "SM",  # these three are GURPS's own messages (omen.gurps.distance)
    "Vision": "Vision",
    "Stealth": "Stealth",
    "Group": N_("Group"),
    "HP": N_("Hit points"),
    "DEX": N_("DEX"),
    "VIT": N_("VIT"),
    "LOG": N_("LOG"),
    "WIL": N_("WIL"),
    "CHA": N_("CHA"),
    "EMP": N_("EMP"),
}
# What a Czech game master types for a stat, first the one Omen writes in the field: the
# Czech rules texts' words (../shared/CZECH.md: počet, kostky životů, obranné číslo,
# morálka, typ pokladu), two-word ones also as their initials (KŽ, OČ, TP). The labels
# above are read in every language, so rows written in English read in Czech too; what
# is stored is each stat by its field name, whatever the label typed.
CZECH_LABELS: dict[str, tuple[str, ...]] = {
    "NA": ("počet",),
    "HD": ("KŽ", "kostky životů"),
    "AC": ("OČ", "obranné číslo"),
    "ML": ("morálka",),
    "TT": ("TP", "typ pokladu"),
}


def _folded(label: str) -> str:
    """A label as it is matched: lower case, without accents ("KŽ" and "kz" meet)."""
    decomposed = unicodedata.normalize("NFKD", label)
    return "".join(char for char in decomposed if not unicodedata.combining(char)).casefold()


_STAT_BY_LABEL = {_folded(stat.label): stat for stat in STAT_FIELDS} | {
    _folded(czech): stat for stat in STAT_FIELDS for czech in CZECH_LABELS.get(stat.label, ())
}
_STAT_BY_NAME = {stat.name: stat for stat in STAT_FIELDS}
# The longest labels first, so "kostky životů 1" is read as one label, not "kostky".
_LABELS_LONGEST = sorted(_STAT_BY_LABEL, key=len, reverse=True)


def stat_label(stat: StatField, language: str = "en") -> str:
    """What ``stat`` is written as in ``language``: its Czech label in Czech, where it
    has one, else the label as the English books write it.

    >>> stat_label(_STAT_BY_NAME["hd"], "cs"), stat_label(_STAT_BY_NAME["hd"])
    ('KŽ', 'HD')
    """
    czech = CZECH_LABELS.get(stat.label) if language == "cs" else None
    return czech[0] if czech else stat.label


@dataclass(frozen=True)
class Stats:
    """The stats of the creature a row brings; ``None`` where the row says nothing.

    Old-School Essentials: ``number`` appearing (dice, like ``2d4``), hit dice ``hd``
    (as the book writes them: ``1``, ``3+1``, ``2*``), armour class ``ac``, ``morale``
    (2-12) and ``treasure`` type. GURPS: the size modifier ``sm``, ``vision``,
    ``stealth``, the ``group`` size and each creature's full hit points ``hp``. The End of the World: an NPC's six
    characteristics (0-6).

    >>> stats = read_stats("HD 1, AC 6, ML 7, NA 2d4, TT R")
    >>> stats.morale, stats.number, write_stats(stats)
    (7, '2d4', 'NA 2d4, HD 1, AC 6, ML 7, TT R')
    """

    number: str | None = None
    hd: str | None = None
    ac: int | None = None
    morale: int | None = None
    treasure: str | None = None
    sm: int | None = None
    vision: int | None = None
    stealth: int | None = None
    group: int | None = None
    hp: int | None = None
    dexterity: int | None = None
    vitality: int | None = None
    logic: int | None = None
    willpower: int | None = None
    charisma: int | None = None
    empathy: int | None = None

    def __post_init__(self) -> None:
        for stat in STAT_FIELDS:
            value = getattr(self, stat.name)
            if value is not None:
                problem = _stat_problem(stat, value)
                if problem is not None:
                    raise RulesError(problem)

    def given(self, game: str | None = None) -> tuple[tuple[StatField, int | str], ...]:
        """The stats the row gives (of ``game`` only, when named), in the order written."""
        return tuple(
            (stat, getattr(self, stat.name))
            for stat in STAT_FIELDS
            if getattr(self, stat.name) is not None and game in (None, stat.game)
        )

    def __bool__(self) -> bool:
        return bool(self.given())

    def to_json(self) -> dict[str, Any]:
        """Its stored form: each stat given, by its field name."""
        return {stat.name: value for stat, value in self.given()}

    @classmethod
    def from_json(cls, data: Any, path: str = "stats") -> Stats:
        """Read its stored form back; a :class:`StoredDataError` naming a stat that does
        not fit."""
        fields = Fields(data, path, tuple(_STAT_BY_NAME))
        values: dict[str, int | str] = {}
        for name, value in fields.values.items():
            stat = _STAT_BY_NAME[name]
            if stat.kind == "int" and (isinstance(value, bool) or not isinstance(value, int)):
                raise stored_error(fields.where(name), Step(N_("must be a whole number")))
            if stat.kind != "int" and not isinstance(value, str):
                raise stored_error(fields.where(name), Step(N_("must be text")))
            problem = _stat_problem(stat, value)
            if problem is not None:
                unfit = Step(N_("is not a stat Omen can use: {problem}"), {"problem": problem})
                raise stored_error(fields.where(name), unfit)
            values[name] = value
        return cls(**values)  # type: ignore[arg-type]


def _stat_problem(stat: StatField, value: int | str, label: str = "") -> Step | None:
    """Why ``value`` does not fit ``stat`` (as a clause after its label, ``label`` when
    given: as the game master wrote it), or ``None``."""
    label = label or stat.label
    if stat.kind == "int":
        if isinstance(value, bool) or not isinstance(value, int):
            return Step(N_("{stat} must be a whole number"), {"stat": label})
        if not stat.low <= value <= stat.high:
            return Step(
                N_("{stat} must be between {low} and {high}"),
                {"stat": label, "low": stat.low, "high": stat.high},
            )
        return None
    if not isinstance(value, str) or not _STAT_TEXT.fullmatch(value) or value != value.strip():
        return Step(
            N_("{stat} must be 1 to {limit} letters, digits, '+', '*' or '-'"),
            {"stat": label, "limit": MAX_STAT_TEXT},
        )
    if stat.kind == "dice":
        return _number_problem(label, value)
    return None


def _number_problem(label: str, value: str) -> Step | None:
    try:
        low, high = notation.bounds(table_die(value))
    except RulesError as problem:
        return Step(
            N_("{stat} must be dice, like 2d4 ({problem})"),
            {"stat": label, "problem": problem.message},
        )
    if low < 0 or high > MAX_NUMBER_APPEARING:
        return Step(
            N_("{stat} must roll between 0 and {limit}"),
            {"stat": label, "limit": MAX_NUMBER_APPEARING},
        )
    return None


def read_stats(text: str, language: str = "en") -> Stats:
    """Stats as a game master writes them: labels and values, separated by commas
    (``HD 1, AC 5, ML 12, NA 2d4``, ``SM 0, Vision 10, Stealth 12, Group 6, HP 11``,
    ``DEX 2, WIL 3``; in Czech also ``počet 2k4, KŽ 1, OČ 6, morálka 7, TP R``, see
    :data:`CZECH_LABELS`). Labels are read in any case, with or without accents, in
    either language, and a colon may follow them; an empty text is no stats. A label Omen
    does not know, a stat written twice or a value that does not fit is a
    :class:`RulesError` naming it as ``language`` writes it.

    >>> read_stats("sm: 1, vision 12").sm, read_stats("Group 3, hp 14").hp
    (1, 14)
    >>> read_stats("kostky životů 2, OČ 6", "cs") == read_stats("HD 2, AC 6")
    True
    >>> read_stats("Str 5")
    Traceback (most recent call last):
    omen.core.errors.RulesError: Str is not a stat Omen knows (it knows NA, HD, AC, ML, TT, SM, Vision, Stealth, Group, HP, DEX, VIT, LOG, WIL, CHA, EMP).
    """
    values: dict[str, int | str] = {}
    for part in text.split(","):
        if not part.strip():
            continue
        stat, raw = _labelled(part.strip())
        if stat is None:
            raise RulesError(
                Step(
                    N_("{label} is not a stat Omen knows (it knows {labels})."),
                    {
                        "label": raw[:20],
                        "labels": ", ".join(stat_label(s, language) for s in STAT_FIELDS),
                    },
                )
            )
        label = stat_label(stat, language)
        if stat.name in values:
            raise RulesError(Step(N_("{stat} is written twice."), {"stat": label}))
        value: int | str = raw
        if stat.kind == "int":
            number = notation.read_whole(raw.replace("−", "-"), -MAX_FACE, MAX_FACE)
            if number is None:
                raise RulesError(
                    Step(
                        N_("{stat}: write a whole number ({value})."),
                        {"stat": label, "value": raw[:20]},
                    )
                )
            value = number
        problem = _stat_problem(stat, value, label)
        if problem is not None:
            raise RulesError(Step(N_("The stats do not fit: {problem}."), {"problem": problem}))
        values[stat.name] = value
    return Stats(**values)  # type: ignore[arg-type]


def _labelled(part: str) -> tuple[StatField | None, str]:
    """The stat a part of the stats names and its value as written; for a label Omen
    does not know, ``None`` and the label (the part's first word)."""
    for label in _LABELS_LONGEST:
        size = len(label)
        if _folded(part[:size]) == label and part[size : size + 1] in ("", " ", ":"):
            return _STAT_BY_LABEL[label], part[size:].lstrip(" :").strip()
    return None, re.split(r"[\s:]", part, maxsplit=1)[0]


def shown_stats(stats: Stats | None, game: str | None = None) -> tuple[Step, ...]:
    """The stats as Omen shows them, one step each (of ``game`` only, if named): in
    English as written, in Czech in words ("kostky životů 1-1").

    >>> [step.english() for step in shown_stats(read_stats("HD 1-1, NA 2d4"))]
    ['NA 2d4', 'HD 1-1']
    """
    if stats is None:
        return ()
    return tuple(
        Step(N_("{stat} {dice}"), {"stat": _stat_words(stat), "dice": value})
        if stat.kind == "dice"
        else Step(N_("{stat} {value}"), {"stat": _stat_words(stat), "value": value})
        for stat, value in stats.given(game)
    )


def _stat_words(stat: StatField) -> Step:
    """What ``stat`` is called on screen (its label where it has no words yet)."""
    return Step(STAT_WORDS.get(stat.label, stat.label))


def write_stats(stats: Stats | None, game: str | None = None, language: str = "en") -> str:
    """The stats written as :func:`read_stats` reads them (of ``game`` only, if named),
    with the labels of ``language``.

    >>> write_stats(read_stats("NA 2d4, HD 1, AC 6, ML 7, TT R"), "ose", "cs")
    'počet 2d4, KŽ 1, OČ 6, morálka 7, TP R'
    """
    if stats is None:
        return ""
    return ", ".join(f"{stat_label(stat, language)} {value}" for stat, value in stats.given(game))


# --- records ---------------------------------------------------------------------


class Place(enum.Enum):
    """What kind of place a location is, for the Voidcrawl's day/night filter."""

    ORDINARY = "ordinary"  # the time of day decides
    MUNDANE = "mundane"  # calm, like daytime
    DANGEROUS = "dangerous"  # dangerous, like night-time


@dataclass(frozen=True)
class Entry:
    """One line of a table.

    ``low``/``high`` are the faces it claims on a table with a die (``high`` defaults to
    ``low``); ``weight`` counts on a table without a die. ``link`` is the id of a table
    rolled next. ``violent`` marks a horror; ``reaction`` asks for a reaction roll;
    ``animal`` marks game animals, what an OSE hunt may meet.
    """

    text: str
    low: int | None = None
    high: int | None = None
    weight: int = 1
    link: str | None = None
    violent: bool = False
    reaction: bool = False
    stats: Stats | None = None  # the creature it brings, for the campaign's game
    animal: bool = False  # game animals, what an OSE hunt may meet

    def __post_init__(self) -> None:
        if self.high is None and self.low is not None:
            object.__setattr__(self, "high", self.low)
        if self.low is None and self.high is not None:
            object.__setattr__(self, "low", self.high)

    @property
    def faces(self) -> str:
        """The faces as written: ``"3"``, ``"2-5"``, or ``""`` when it has none."""
        if self.low is None or self.high is None:
            return ""
        return _span(self.low, self.high)

    def covers(self, face: int) -> bool:
        """Whether the entry claims ``face``."""
        return self.low is not None and self.high is not None and self.low <= face <= self.high

    def to_json(self) -> dict[str, Any]:
        """Its stored form: plain JSON values (dicts, lists, text, numbers)."""
        out: dict[str, Any] = {"text": self.text}
        if self.low is not None:
            out["faces"] = [self.low, self.high]
        if self.weight != 1:
            out["weight"] = self.weight
        if self.link is not None:
            out["link"] = self.link
        if self.violent:
            out["violent"] = True
        if self.reaction:
            out["reaction"] = True
        if self.stats:
            out["stats"] = self.stats.to_json()
        if self.animal:
            out["animal"] = True
        return out

    @classmethod
    def from_json(cls, data: Any, path: str = "entry") -> Entry:
        """Read its stored form back; a :class:`RulesError` saying what does not fit."""
        fields = Fields(
            data,
            path,
            ("text", "faces", "weight", "link", "violent", "reaction", "stats", "animal"),
        )
        stats = fields.raw("stats")
        low = high = None
        faces = fields.raw("faces")
        if faces is not None:
            where = f"{path}.faces"
            if not isinstance(faces, list) or len(faces) != 2:
                raise stored_error(where, Step(N_("must be a pair of numbers")))
            low, high = (_stored_int(value, where, -MAX_FACE, MAX_FACE) for value in faces)
        return cls(
            text=fields.text("text", MAX_TEXT),
            low=low,
            high=high,
            weight=fields.integer("weight", 1, MAX_WEIGHT, default=1),
            link=fields.optional_identifier("link"),
            violent=fields.boolean("violent"),
            reaction=fields.boolean("reaction"),
            stats=None if stats is None else Stats.from_json(stats, f"{path}.stats") or None,
            animal=fields.boolean("animal"),
        )


@dataclass(frozen=True)
class Table:
    """A named table: a die (or ``None`` for weights) and its entries, in order."""

    id: str
    name: str
    die: str | None
    entries: tuple[Entry, ...] = ()

    def to_json(self) -> dict[str, Any]:
        """Its stored form: plain JSON values (dicts, lists, text, numbers)."""
        return {
            "id": self.id,
            "name": self.name,
            "die": self.die,
            "entries": [entry.to_json() for entry in self.entries],
        }

    @classmethod
    def from_json(cls, data: Any, path: str = "table") -> Table:
        """Read its stored form back; a :class:`RulesError` saying what does not fit."""
        fields = Fields(data, path, ("id", "name", "die", "entries"))
        die = fields.optional_text("die", notation.MAX_TEXT)
        if die is not None:
            try:
                table_die(die)
            except RulesError:
                problem = Step(N_("is not a die a table can use ({die})"), {"die": die[:40]})
                raise stored_error(f"{path}.die", problem) from None
        entries = tuple(
            Entry.from_json(item, where) for where, item in fields.items("entries", MAX_ENTRIES)
        )
        return cls(fields.identifier("id"), fields.text("name", MAX_NAME), die, entries)


@dataclass(frozen=True)
class Location:
    """A place the investigators explore: its tables and which one rolls encounters.

    ``place`` and ``descent`` feed the Voidcrawl's filters: a mundane place counts as
    daytime, a dangerous one as night; ``descent`` is the dark descent level there.
    ``terrain`` is the land there, as the campaign's game names it (a key of the game's
    terrain list: ``hills`` for Old-School Essentials, ``forest_deciduous`` for GURPS);
    the game's procedures start from it. A key the game does not know is ignored.
    ``signs`` names the table a sign, omen or clue rolls on (optional; stored only when
    set, so a location saved without one reads and shares as before).
    """

    id: str
    name: str
    tables: tuple[str, ...] = ()
    encounter: str | None = None
    place: Place = Place.ORDINARY
    descent: int | None = None
    terrain: str | None = None
    signs: str | None = None

    def to_json(self) -> dict[str, Any]:
        """Its stored form: plain JSON values (dicts, lists, text, numbers)."""
        out: dict[str, Any] = {"id": self.id, "name": self.name, "tables": list(self.tables)}
        out["encounter"] = self.encounter
        out["place"] = self.place.value
        if self.descent is not None:
            out["descent"] = self.descent
        if self.terrain is not None:
            out["terrain"] = self.terrain
        if self.signs is not None:
            out["signs"] = self.signs
        return out

    @classmethod
    def from_json(cls, data: Any, path: str = "location") -> Location:
        """Read its stored form back; a :class:`RulesError` saying what does not fit."""
        fields = Fields(
            data,
            path,
            ("id", "name", "tables", "encounter", "place", "descent", "terrain", "signs"),
        )
        tables = tuple(
            _stored_id(item, where) for where, item in fields.items("tables", MAX_TABLES)
        )
        place = fields.choice("place", tuple(p.value for p in Place), Place.ORDINARY.value)
        return cls(
            fields.identifier("id"),
            fields.text("name", MAX_NAME),
            tables,
            fields.optional_identifier("encounter"),
            Place(place),
            fields.optional_integer("descent", 1, 6),
            fields.optional_identifier("terrain"),
            fields.optional_identifier("signs"),
        )


@dataclass(frozen=True)
class Library:
    """A campaign's tables and locations: the one object the Tables screen stores."""

    tables: tuple[Table, ...] = ()
    locations: tuple[Location, ...] = ()

    def find_table(self, table_id: str) -> Table | None:
        """The table with id ``table_id``, or None."""
        return next((table for table in self.tables if table.id == table_id), None)

    def table(self, table_id: str) -> Table:
        """The table with this id; a :class:`RulesError` if there is none."""
        table = self.find_table(table_id)
        if table is None:
            raise RulesError(Step(N_("There is no table with the id '{id}'."), {"id": table_id}))
        return table

    def location(self, location_id: str) -> Location:
        """The location with id ``location_id``; a :class:`RulesError` if there is none."""
        found = next((place for place in self.locations if place.id == location_id), None)
        if found is None:
            raise RulesError(
                Step(N_("There is no location with the id '{id}'."), {"id": location_id})
            )
        return found

    def with_table(self, table: Table) -> Library:
        """The library with ``table`` added, or replacing the table with the same id."""
        if self.find_table(table.id) is None:
            return replace(self, tables=(*self.tables, table))
        return replace(self, tables=tuple(table if t.id == table.id else t for t in self.tables))

    def without_table(self, table_id: str) -> Library:
        """The library without the table; links and locations that named it remain and
        show up in :func:`validate_library`."""
        return replace(self, tables=tuple(t for t in self.tables if t.id != table_id))

    def with_location(self, location: Location) -> Library:
        """The library with ``location`` added, or replacing the one with its id."""
        if all(place.id != location.id for place in self.locations):
            return replace(self, locations=(*self.locations, location))
        return replace(
            self,
            locations=tuple(location if p.id == location.id else p for p in self.locations),
        )

    def without_location(self, location_id: str) -> Library:
        """The library without that location."""
        return replace(self, locations=tuple(p for p in self.locations if p.id != location_id))

    def to_json(self) -> dict[str, Any]:
        """Its stored form: plain JSON values (dicts, lists, text, numbers)."""
        return {
            "tables": [table.to_json() for table in self.tables],
            "locations": [location.to_json() for location in self.locations],
        }

    @classmethod
    def from_json(cls, data: Any, path: str = "library") -> Library:
        """Read a stored library: every field is checked, and sizes are capped.

        Links and location tables that name a missing table are kept (deleting a table
        must not make a library unreadable); :func:`validate_library` reports them.
        """
        fields = Fields(data, path, ("tables", "locations"))
        tables = tuple(
            stored_table(item, where) for where, item in fields.items("tables", MAX_TABLES)
        )
        locations = tuple(
            Location.from_json(item, where)
            for where, item in fields.items("locations", MAX_LOCATIONS)
        )
        for kind, ids in (
            ("tables", [t.id for t in tables]),
            ("locations", [p.id for p in locations]),
        ):
            seen: set[str] = set()
            for number, item_id in enumerate(ids):
                if item_id in seen:
                    raise stored_error(
                        f"{path}.{kind}[{number}].id",
                        Step(N_("repeats the id '{id}'"), {"id": item_id}),
                    )
                seen.add(item_id)
        return cls(tables, locations)


LIBRARY = Schema("library", 1, {}, Library.from_json)


def stored_table(data: Any, path: str = "table") -> Table:
    """:meth:`Table.from_json` of a table's stored form, read once for each text it is
    stored as: a library read again reads only the tables that changed.

    Every edit of a table checks the library from before it as it will load back (its
    undo data), so without this each save read every table of the library again. The
    text is the JSON the data is stored as, so what it stands for is what loads back;
    data that is not JSON at all is read as it is, and fails there.

    >>> data = {"id": "fog", "name": "Fog", "die": "d6", "entries": [{"text": "Mist"}]}
    >>> stored_table(data) is stored_table(json.loads(json.dumps(data)))
    True
    >>> stored_table({**data, "die": "d0"}, "library.tables[0]")
    Traceback (most recent call last):
    omen.core.errors.StoredDataError: The saved field library.tables[0].die is not a die a table can use (d0).
    """
    try:
        text = json.dumps(data, ensure_ascii=False)
    except (TypeError, ValueError):
        return Table.from_json(data, path)
    return _table_from_text(text, path)


@lru_cache(maxsize=MAX_TABLES)
def _table_from_text(text: str, path: str) -> Table:
    return Table.from_json(json.loads(text), path)


def make_id(name: str, taken: Iterable[str] = (), fallback: str = "table") -> str:
    """A short id made from a name, not among ``taken``.

    >>> make_id("Hřbitov u kostela", ["hrbitov-u-kostela"])
    'hrbitov-u-kostela-2'
    """
    plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    slug = re.sub(r"[^a-z0-9]+", "-", plain.lower()).strip("-")[:30].strip("-") or fallback
    used = set(taken)
    candidate, number = slug, 2
    while candidate in used:
        candidate = f"{slug}-{number}"
        number += 1
    return candidate


# --- the die of a table -------------------------------------------------------------


def table_die(die: str) -> notation.Expr:
    """Read a table's die, refusing expressions too big to list every total of."""
    tree = notation.parse(die)
    if _dice_count(tree) > MAX_TABLE_DICE:
        raise RulesError(
            Step(
                N_("A table's die may use at most {limit} dice."),
                {"limit": MAX_TABLE_DICE},
            )
        )
    low, high = notation.bounds(tree)
    if high - low + 1 > MAX_TOTALS or low < -MAX_FACE or high > MAX_FACE:
        raise RulesError(
            Step(
                N_("{die} gives too many different totals for a table (at most {limit})."),
                {"die": die, "limit": MAX_TOTALS},
            )
        )
    return tree


def _dice_count(tree: notation.Expr) -> int:
    if isinstance(tree, notation.DiceTerm):
        return tree.count
    if isinstance(tree, notation.Negate):
        return _dice_count(tree.operand)
    if isinstance(tree, notation.BinOp):
        return _dice_count(tree.left) + _dice_count(tree.right)
    return 0


@lru_cache(maxsize=256)
def die_totals(die: str) -> tuple[tuple[int, Fraction], ...]:
    """Every total of the die with its chance, lowest first (kept between calls)."""
    return tuple(sorted(notation.distribution(table_die(die)).items()))


# --- writing faces and chains ---------------------------------------------------------


def faces_text(low: int, high: int) -> str:
    """Faces as an entry writes them: one face alone, a range with a dash.

    >>> faces_text(3, 3), faces_text(2, 5)
    ('3', '2-5')
    """
    return str(low) if low == high else f"{low}-{high}"


_span = faces_text  # the name the records use


def chain_names(library: Library, ids: Sequence[str]) -> str:
    """The tables along a chain of links, by name (by id where a table is gone).

    >>> chain_names(Library((Table("a", "Ambush", "d6"),)), ["a", "gone", "a"])
    'Ambush → gone → Ambush'
    """
    names = []
    for table_id in ids:
        table = library.find_table(table_id)
        names.append(table.name if table is not None else table_id)
    return " → ".join(names)


# --- reading stored data strictly -------------------------------------------------------


def stored_error(path: str, problem: Step) -> StoredDataError:
    """The error for a stored field that does not fit, naming it by its path."""
    return StoredDataError(
        Step(N_("The saved field {field} {problem}."), {"field": path, "problem": problem})
    )


def _stored_int(value: Any, path: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise stored_error(path, Step(N_("must be a whole number")))
    if not low <= value <= high:
        raise stored_error(
            path, Step(N_("must be between {low} and {high}"), {"low": low, "high": high})
        )
    return value


def _stored_id(value: Any, path: str) -> str:
    if not isinstance(value, str) or not ID_PATTERN.fullmatch(value):
        raise stored_error(path, Step(N_("must be an id of 1 to 40 letters, digits, '-' or '_'")))
    return value


class Fields:
    """Reads one stored JSON object strictly: unknown fields, wrong types and sizes over
    the limits are refused with a :class:`StoredDataError` naming the field."""

    def __init__(self, data: Any, path: str, allowed: tuple[str, ...]) -> None:
        if not isinstance(data, dict):
            raise stored_error(path, Step(N_("must be an object")))
        for key in data:
            if key not in allowed:
                name = key[:40] if isinstance(key, str) else "?"
                raise stored_error(f"{path}.{name}", Step(N_("is not a field Omen knows")))
        self.values: dict[str, Any] = data
        self.path = path

    def where(self, key: str) -> str:
        """The path of field ``key``, for messages."""
        return f"{self.path}.{key}"

    def raw(self, key: str) -> Any:
        """The stored value of ``key`` as it is, or None."""
        return self.values.get(key)

    def _missing(self, key: str) -> StoredDataError:
        return stored_error(self.where(key), Step(N_("is missing")))

    def text(self, key: str, limit: int) -> str:
        """Text of at most ``limit`` characters; an error when missing."""
        value = self.optional_text(key, limit)
        if value is None:
            raise self._missing(key)
        return value

    def optional_text(self, key: str, limit: int) -> str | None:
        """Text of at most ``limit`` characters, or None when missing."""
        value = self.values.get(key)
        if value is None:
            return None
        if not isinstance(value, str):
            raise stored_error(self.where(key), Step(N_("must be text")))
        if len(value) > limit:
            raise stored_error(
                self.where(key),
                Step(N_("is longer than {limit} characters"), {"limit": limit}),
            )
        return value

    def identifier(self, key: str) -> str:
        """An id (letters, digits, ``-``, ``_``); an error when missing."""
        value = self.optional_identifier(key)
        if value is None:
            raise self._missing(key)
        return value

    def optional_identifier(self, key: str) -> str | None:
        """An id, or None when missing."""
        value = self.values.get(key)
        return None if value is None else _stored_id(value, self.where(key))

    def integer(self, key: str, low: int, high: int, default: int | None = None) -> int:
        """A whole number; a missing one is ``default``, or an error without one."""
        value = self.optional_integer(key, low, high)
        if value is None:
            if default is None:
                raise self._missing(key)
            return default
        return value

    def optional_integer(self, key: str, low: int, high: int) -> int | None:
        """A whole number from ``low`` to ``high``, or None when missing."""
        value = self.values.get(key)
        return None if value is None else _stored_int(value, self.where(key), low, high)

    def boolean(self, key: str, default: bool = False) -> bool:
        """True or false; ``default`` when missing."""
        value = self.values.get(key, default)
        if not isinstance(value, bool):
            raise stored_error(self.where(key), Step(N_("must be true or false")))
        return value

    def choice(self, key: str, choices: tuple[str, ...], default: str | None = None) -> str:
        """One of ``choices``; ``default`` when missing (an error if there is none)."""
        value = self.values.get(key, default)
        if value is None:
            raise self._missing(key)
        if not isinstance(value, str) or value not in choices:
            raise stored_error(
                self.where(key),
                Step(N_("must be one of: {choices}"), {"choices": ", ".join(choices)}),
            )
        return value

    def items(self, key: str, limit: int) -> list[tuple[str, Any]]:
        """The list under ``key`` (missing means empty), each item with its path."""
        value = self.values.get(key, [])
        if not isinstance(value, list):
            raise stored_error(self.where(key), Step(N_("must be a list")))
        if len(value) > limit:
            raise stored_error(
                self.where(key), Step(N_("holds more than {limit} items"), {"limit": limit})
            )
        return [(f"{self.where(key)}[{number}]", item) for number, item in enumerate(value)]

    def steps(self, key: str, limit: int = MAX_STEPS) -> tuple[Step, ...]:
        """Stored steps, at most ``limit``, each checked against the message catalog."""
        out = []
        for where, item in self.items(key, limit):
            try:
                out.append(read_step(item))
            except (RulesError, ValueError, TypeError, KeyError, RecursionError):
                raise stored_error(where, Step(N_("is not a readable step"))) from None
        return tuple(out)

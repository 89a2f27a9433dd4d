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

**Checks before saving.** Faces of the die that no entry claims are reported but allowed
(rolling one of them gives a result that says so); two entries claiming the same face,
ranges written backwards, and faces the die cannot show at all are errors.

**What saves must load.** Reading a saved library (:meth:`Library.from_json`) is the one
definition of what Omen keeps; every check before saving (:func:`validate_table`,
:func:`validate_library`) ends by reading the table or library back through it, so
whatever a check lets through loads again. Tables and locations that come in from a
link, a campaign link or a backup go through :func:`validate_library` too.

**Locations** name the tables used there, and which one is rolled when the exploration
procedure calls for an encounter. A :class:`Library` holds a campaign's tables and
locations, and is what the screen stores.

>>> from omen.core.dice import ScriptedDice
>>> forest = Table("forest", "Forest road", "d6", (
...     Entry("[[1d4+1]] wolves", 1, 2, violent=True),
...     Entry("A fallen tree blocks the road", 3, 5),
... ))
>>> [issue.message.english() for issue in validate_table(forest)]
['face 6 is not covered']
>>> result = roll_table(Library((forest,)), "forest", ScriptedDice([2, 3]))
>>> result.text
'4 wolves'
>>> [step.english() for step in result.steps]  # doctest: +NORMALIZE_WHITESPACE
['Rolling d6 on Forest road', 'd6: 2', '2 falls in 1-2: [[1d4+1]] wolves',
 '1d4: 3', '3+1 = 4', '[[1d4+1]] rolls 4', 'reads: 4 wolves',
 'A horror: this encounter is violent.']
>>> table_odds(forest).entries
(Fraction(1, 3), Fraction(1, 2))
"""

from __future__ import annotations

import enum
import json
import re
import unicodedata
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import lru_cache
from typing import Any

from omen.core import notation, store
from omen.core.dice import Dice
from omen.core.errors import RulesError, StoredDataError
from omen.core.roll import N_, ArgValue, Step
from omen.core.setting import Setting
from omen.core.store import Schema

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

_ID = re.compile(r"[A-Za-z0-9_-]{1,40}")
INLINE = re.compile(r"\[\[([^\[\]]*)\]\]")


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
    rolled next. ``violent`` marks a horror; ``reaction`` asks for a reaction roll.
    """

    text: str
    low: int | None = None
    high: int | None = None
    weight: int = 1
    link: str | None = None
    violent: bool = False
    reaction: bool = False

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
        return out

    @classmethod
    def from_json(cls, data: Any, path: str = "entry") -> Entry:
        """Read its stored form back; a :class:`RulesError` saying what does not fit."""
        fields = Fields(data, path, ("text", "faces", "weight", "link", "violent", "reaction"))
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
    ``signs`` names the table a sign, omen or clue rolls on (optional; stored only when
    set, so a location saved without one reads and shares as before).
    """

    id: str
    name: str
    tables: tuple[str, ...] = ()
    encounter: str | None = None
    place: Place = Place.ORDINARY
    descent: int | None = None
    signs: str | None = None

    def to_json(self) -> dict[str, Any]:
        """Its stored form: plain JSON values (dicts, lists, text, numbers)."""
        out: dict[str, Any] = {"id": self.id, "name": self.name, "tables": list(self.tables)}
        out["encounter"] = self.encounter
        out["place"] = self.place.value
        if self.descent is not None:
            out["descent"] = self.descent
        if self.signs is not None:
            out["signs"] = self.signs
        return out

    @classmethod
    def from_json(cls, data: Any, path: str = "location") -> Location:
        """Read its stored form back; a :class:`RulesError` saying what does not fit."""
        fields = Fields(
            data, path, ("id", "name", "tables", "encounter", "place", "descent", "signs")
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
def _totals(die: str) -> tuple[tuple[int, Fraction], ...]:
    """Every total of the die with its chance, lowest first (kept between calls)."""
    return tuple(sorted(notation.distribution(table_die(die)).items()))


# --- checking a table ---------------------------------------------------------------


class Severity(enum.Enum):
    """How much an issue with a table matters: an error, a warning, or a note."""

    ERROR = "error"  # the table cannot be saved like this
    WARNING = "warning"  # it can, but the game master should know
    NOTE = "note"  # what an import decided


_ORDER = {Severity.ERROR: 0, Severity.WARNING: 1, Severity.NOTE: 2}


@dataclass(frozen=True)
class Issue:
    """One finding of a check; ``entries`` are the 0-based entries it concerns."""

    severity: Severity
    message: Step
    entries: tuple[int, ...] = ()


def can_save(issues: Iterable[Issue]) -> bool:
    """True when none of the issues is an error."""
    return all(issue.severity is not Severity.ERROR for issue in issues)


def _span(low: int, high: int) -> str:
    return str(low) if low == high else f"{low}-{high}"


def _and_list(numbers: Sequence[int]) -> ArgValue:
    if len(numbers) == 1:
        return numbers[0]
    return Step(
        N_("{items} and {last}"),
        {"items": ", ".join(str(n) for n in numbers[:-1]), "last": numbers[-1]},
    )


def _entry_place(index: int) -> Step:
    return Step(N_("entry {number}"), {"number": index + 1})


def _entry_places(indexes: Sequence[int]) -> Step:
    return Step(N_("entries {numbers}"), {"numbers": _and_list([i + 1 for i in indexes])})


def validate_table(table: Table, library: Library | None = None) -> tuple[Issue, ...]:
    """Everything wrong or worth knowing about a table, errors first.

    With a ``library``, links are checked too: to missing tables and around in loops
    (with this version of the table in place of the stored one, as when editing it).
    """
    return _check_table(table, library, _entry_place, _entry_places)


def _check_table(  # noqa: C901 (every limit of a table, checked in turn, each with its own message)
    table: Table,
    library: Library | None,
    where: Callable[[int], Step],
    places: Callable[[Sequence[int]], Step],
) -> tuple[Issue, ...]:
    issues: list[Issue] = []

    def error(message: Step, *entries: int) -> None:
        issues.append(Issue(Severity.ERROR, message, entries))

    def warning(message: Step, *entries: int) -> None:
        issues.append(Issue(Severity.WARNING, message, entries))

    if not table.name.strip():
        error(Step(N_("The table needs a name.")))
    elif len(table.name) > MAX_NAME:
        error(Step(N_("A table's name may be at most {limit} characters."), {"limit": MAX_NAME}))
    if not _ID.fullmatch(table.id):
        error(Step(N_("The table's id must be 1 to 40 letters, digits, '-' or '_'.")))
    if not table.entries:
        error(Step(N_("The table has no entries.")))
    if len(table.entries) > MAX_ENTRIES:
        error(Step(N_("A table may hold at most {limit} entries."), {"limit": MAX_ENTRIES}))
        return tuple(issues)
    for index, entry in enumerate(table.entries):
        for message in _entry_text_problems(entry, where(index)):
            error(message, index)
        if any(f is not None and not -MAX_FACE <= f <= MAX_FACE for f in (entry.low, entry.high)):
            error(
                Step(
                    N_("{where}: faces must be between {low} and {high}"),
                    {"where": where(index), "low": -MAX_FACE, "high": MAX_FACE},
                ),
                index,
            )
        if table.die is not None and not 1 <= entry.weight <= MAX_WEIGHT:
            error(
                Step(
                    N_("{where}: the weight must be between 1 and {limit}"),
                    {"where": where(index), "limit": MAX_WEIGHT},
                ),
                index,
            )
        if (
            entry.link is not None
            and library is not None
            and library.find_table(entry.link) is None
        ):
            error(
                Step(
                    N_("{where} links to a table that does not exist ('{id}')"),
                    {"where": where(index), "id": entry.link},
                ),
                index,
            )
    if table.entries and table.die is None:
        _check_weights(table.entries, where, error, warning)
    elif table.entries and table.die is not None:
        _check_faces(table.die, table.entries, where, places, error, warning)
    if library is not None:
        for loop in _loops_from(library.with_table(table), table.id):
            error(Step(N_("The tables link in a loop: {chain}."), {"chain": _names(library, loop)}))
    if can_save(issues):
        problem = _reads_back(lambda: Table.from_json(table.to_json()))
        if problem is not None:
            error(problem)
    return tuple(sorted(issues, key=_issue_order))


def _reads_back(read: Callable[[], object]) -> Step | None:
    """Why what is about to be saved would not load again (``read`` reads it back the
    way a saved library is read), or ``None`` when it loads."""
    try:
        read()
    except StoredDataError as problem:
        return Step(
            N_("It could not be loaded again once saved: {problem}"), {"problem": problem.message}
        )
    return None


def _issue_order(issue: Issue) -> tuple[int, int]:
    """Errors before warnings before notes; within each, by the first entry concerned."""
    return _ORDER[issue.severity], min(issue.entries, default=-1)


def _entry_text_problems(entry: Entry, where: Step) -> list[Step]:
    if not entry.text.strip():
        return [Step(N_("{where} has no text"), {"where": where})]
    if len(entry.text) > MAX_TEXT:
        return [
            Step(
                N_("{where}: the text is longer than {limit} characters"),
                {"where": where, "limit": MAX_TEXT},
            )
        ]
    inline = INLINE.findall(entry.text)
    if len(inline) > MAX_INLINE:
        return [
            Step(
                N_("{where}: at most {limit} bracketed dice fit in one entry"),
                {"where": where, "limit": MAX_INLINE},
            )
        ]
    problems = []
    for expression in inline:
        try:
            notation.parse(expression)
        except RulesError as problem:
            problems.append(
                Step(
                    N_("{where}: [[{dice}]] is not a dice expression: {problem}"),
                    {"where": where, "dice": expression, "problem": problem.message},
                )
            )
    return problems


def _check_weights(
    entries: Sequence[Entry],
    where: Callable[[int], Step],
    error: Callable[..., None],
    warning: Callable[..., None],
) -> None:
    for index, entry in enumerate(entries):
        if not 1 <= entry.weight <= MAX_WEIGHT:
            error(
                Step(
                    N_("{where}: the weight must be between 1 and {limit}"),
                    {"where": where(index), "limit": MAX_WEIGHT},
                ),
                index,
            )
        if entry.low is not None:
            warning(
                Step(
                    N_("{where}: the table has no die, so the faces {faces} are ignored"),
                    {"where": where(index), "faces": entry.faces},
                ),
                index,
            )


def _check_faces(  # noqa: C901 (every limit of the Voidcrawl's faces, checked in turn)
    die: str,
    entries: Sequence[Entry],
    where: Callable[[int], Step],
    places: Callable[[Sequence[int]], Step],
    error: Callable[..., None],
    warning: Callable[..., None],
) -> None:
    try:
        totals = [total for total, _ in _totals(die)]
    except RulesError as problem:
        error(
            Step(
                N_("The die '{die}' cannot be used: {problem}"),
                {"die": die, "problem": problem.message},
            )
        )
        return
    lowest, highest = totals[0], totals[-1]
    usable: list[int] = []
    for index, entry in enumerate(entries):
        if entry.low is None or entry.high is None:
            error(Step(N_("{where} has no faces"), {"where": where(index)}), index)
            continue
        if entry.low > entry.high:
            error(
                Step(
                    N_("{where}: range {low}-{high} runs backwards"),
                    {"where": where(index), "low": entry.low, "high": entry.high},
                ),
                index,
            )
            continue
        if not any(entry.low <= total <= entry.high for total in totals):
            error(
                Step(
                    N_("{where}: {die} cannot show {faces}, so this entry never comes up"),
                    {"where": where(index), "die": die, "faces": entry.faces},
                ),
                index,
            )
            continue
        usable.append(index)
        outside = []
        if entry.low < lowest:
            outside.append(_span(entry.low, min(entry.high, lowest - 1)))
        if entry.high > highest:
            outside.append(_span(max(entry.low, highest + 1), entry.high))
        for faces in outside:
            warning(
                Step(
                    N_("{where}: {die} cannot show {faces}"),
                    {"where": where(index), "die": die, "faces": faces},
                ),
                index,
            )
    # Walk the possible totals in order, grouping neighbours with the same coverage.
    runs: list[tuple[tuple[int, ...], int, int]] = []
    for total in totals:
        claim = tuple(i for i in usable if entries[i].covers(total))
        if runs and runs[-1][0] == claim:
            runs[-1] = (claim, runs[-1][1], total)
        else:
            runs.append((claim, total, total))
    for claim, first, last in runs:
        if not claim:
            if first == last:
                warning(Step(N_("face {face} is not covered"), {"face": first}))
            else:
                warning(Step(N_("faces {faces} are not covered"), {"faces": _span(first, last)}))
        elif len(claim) > 1:
            if first == last:
                error(
                    Step(
                        N_("face {face} is in {places}"), {"face": first, "places": places(claim)}
                    ),
                    *claim,
                )
            else:
                error(
                    Step(
                        N_("faces {faces} are in {places}"),
                        {"faces": _span(first, last), "places": places(claim)},
                    ),
                    *claim,
                )


def _names(library: Library, ids: Sequence[str]) -> str:
    names = []
    for table_id in ids:
        table = library.find_table(table_id)
        names.append(table.name if table is not None else table_id)
    return " → ".join(names)


def _loops_from(library: Library, start: str) -> list[list[str]]:
    """Loops of links through ``start``, each as the ids along it, ``start`` at both ends.

    Every table reachable from ``start`` is explored once, so a loop through ``start``
    is always found if there is one (not every such loop is listed).
    """
    found: list[list[str]] = []
    explored: set[str] = set()

    def visit(path: list[str]) -> None:
        table = library.find_table(path[-1])
        explored.add(path[-1])
        if table is None:
            return
        for link in dict.fromkeys(e.link for e in table.entries if e.link is not None):
            if link == start:
                found.append([*path, start])
            elif link not in explored:
                visit([*path, link])

    visit([start])
    return found


def validate_library(library: Library) -> tuple[tuple[str, tuple[Issue, ...]], ...]:  # noqa: C901 (every limit of a library, checked in turn, each with its own message)
    """Check every table and location; returns (table or location id, issues) pairs
    for those with something to report. Loops are reported once, on their first table.
    """
    report: list[tuple[str, tuple[Issue, ...]]] = []
    issues_by_id: dict[str, list[Issue]] = {}
    reported_loops: set[frozenset[str]] = set()
    for table in library.tables:
        issues = []
        for issue in _check_table(table, None, _entry_place, _entry_places):
            issues.append(issue)
        for index, entry in enumerate(table.entries):
            if entry.link is not None and library.find_table(entry.link) is None:
                issues.append(
                    Issue(
                        Severity.ERROR,
                        Step(
                            N_("{where} links to a table that does not exist ('{id}')"),
                            {"where": _entry_place(index), "id": entry.link},
                        ),
                        (index,),
                    )
                )
        for loop in _loops_from(library, table.id):
            key = frozenset(loop)
            if key in reported_loops:
                continue
            reported_loops.add(key)
            message = Step(
                N_("The tables link in a loop: {chain}."), {"chain": _names(library, loop)}
            )
            issues.insert(0, Issue(Severity.ERROR, message))
        issues_by_id.setdefault(table.id, []).extend(issues)
    counts: dict[str, int] = {}
    for table in library.tables:
        counts[table.id] = counts.get(table.id, 0) + 1
    for table_id, count in counts.items():
        if count > 1:
            issues_by_id[table_id].insert(
                0,
                Issue(
                    Severity.ERROR, Step(N_("Two tables share the id '{id}'."), {"id": table_id})
                ),
            )
    if len(library.tables) > MAX_TABLES:
        report.append(
            (
                "",
                (
                    Issue(
                        Severity.ERROR,
                        Step(
                            N_("A campaign may hold at most {limit} tables."), {"limit": MAX_TABLES}
                        ),
                    ),
                ),
            )
        )
    if len(library.locations) > MAX_LOCATIONS:
        report.append(
            (
                "",
                (
                    Issue(
                        Severity.ERROR,
                        Step(
                            N_("A campaign may hold at most {limit} locations."),
                            {"limit": MAX_LOCATIONS},
                        ),
                    ),
                ),
            )
        )
    for table_id, issues in issues_by_id.items():
        if issues:
            report.append((table_id, tuple(issues)))
    for location in library.locations:
        found: list[Issue] = []
        if not location.name.strip():
            found.append(Issue(Severity.ERROR, Step(N_("The location needs a name."))))
        used = (*location.tables, *filter(None, [location.encounter, location.signs]))
        for table_id in dict.fromkeys(used):
            if library.find_table(table_id) is None:
                found.append(
                    Issue(
                        Severity.ERROR,
                        Step(
                            N_("{location} uses a table that does not exist ('{id}')."),
                            {"location": location.name, "id": table_id},
                        ),
                    )
                )
        if found:
            report.append((location.id, tuple(found)))
    if all(can_save(issues) for _, issues in report):
        stored = store.encode(LIBRARY, library.to_json())
        problem = _reads_back(lambda: store.decode(LIBRARY, stored))
        if problem is not None:
            report.append(("", (Issue(Severity.ERROR, problem),)))
    return tuple(report)


# A saved library may name tables that are gone: deleting a table keeps the links and
# locations that used it, and the editor reports them. A library that comes in whole
# (a campaign link, a backup) may hold them too; anything else wrong is refused.
_MISSING = frozenset(
    {
        "{where} links to a table that does not exist ('{id}')",
        "{location} uses a table that does not exist ('{id}').",
    }
)


def library_refusal(library: Library, missing_ok: bool = False) -> Step | None:
    """The first reason to refuse a library coming in from a link or a file, named by its
    table or location, or ``None`` to accept it: every error :func:`validate_library`
    finds, and with ``missing_ok`` none about a table that is gone.

    >>> looped = Table("a", "Ambush", "d6", (Entry("Again", 1, 6, link="a"),))
    >>> library_refusal(Library((looped,))).english()
    "Table 'Ambush': The tables link in a loop: Ambush → Ambush."
    """
    for item_id, issues in validate_library(library):
        for issue in issues:
            if issue.severity is not Severity.ERROR:
                continue
            if missing_ok and issue.message.key in _MISSING:
                continue
            table = library.find_table(item_id) if item_id else None
            if table is None:
                return issue.message
            return Step(
                N_("Table '{name}': {problem}"), {"name": table.name, "problem": issue.message}
            )
    return None


# --- rolling ------------------------------------------------------------------------


@dataclass(frozen=True)
class Draw:
    """One table rolled during a chain: the face, the entry (0-based) and its text as
    read after its bracketed dice were rolled. ``entry`` is ``None`` when no entry
    covers the face."""

    table_id: str
    table_name: str
    face: int
    entry: int | None
    text: str
    violent: bool = False
    reaction: bool = False

    def to_json(self) -> dict[str, Any]:
        """Its stored form: plain JSON values (dicts, lists, text, numbers)."""
        return {
            "table": self.table_id,
            "name": self.table_name,
            "face": self.face,
            "entry": self.entry,
            "text": self.text,
            "violent": self.violent,
            "reaction": self.reaction,
        }

    @classmethod
    def from_json(cls, data: Any, path: str = "draw") -> Draw:
        """Read its stored form back; a :class:`RulesError` saying what does not fit."""
        fields = Fields(
            data, path, ("table", "name", "face", "entry", "text", "violent", "reaction")
        )
        return cls(
            fields.identifier("table"),
            fields.text("name", MAX_NAME),
            fields.integer("face", -10 * MAX_FACE, 10 * MAX_FACE),
            fields.optional_integer("entry", 0, MAX_ENTRIES - 1),
            fields.text("text", 4 * MAX_TEXT),
            fields.boolean("violent"),
            fields.boolean("reaction"),
        )


@dataclass(frozen=True)
class TableResult:
    """A roll on a table and every linked table after it, with all the steps."""

    draws: tuple[Draw, ...]
    steps: tuple[Step, ...]
    warnings: tuple[Step, ...] = ()

    @property
    def text(self) -> str:
        """What was drawn, linked results joined by arrows."""
        return " → ".join(draw.text for draw in self.draws if draw.text)

    @property
    def violent(self) -> bool:
        """Whether any draw was marked violent."""
        return any(draw.violent for draw in self.draws)

    @property
    def reaction(self) -> bool:
        """True when some entry drawn calls for a reaction roll."""
        return any(draw.reaction for draw in self.draws)

    def to_json(self) -> dict[str, Any]:
        """Its stored form: plain JSON values (dicts, lists, text, numbers)."""
        return {
            "draws": [draw.to_json() for draw in self.draws],
            "steps": [step.to_json() for step in self.steps],
            "warnings": [step.to_json() for step in self.warnings],
        }

    @classmethod
    def from_json(cls, data: Any, path: str = "result") -> TableResult:
        """Read its stored form back; a :class:`RulesError` saying what does not fit."""
        fields = Fields(data, path, ("draws", "steps", "warnings"))
        draws = tuple(
            Draw.from_json(item, where) for where, item in fields.items("draws", MAX_DEPTH + 1)
        )
        return cls(draws, fields.steps("steps"), fields.steps("warnings"))


def roll_table(
    library: Library, table_id: str, dice: Dice, depth_limit: int = DEFAULT_DEPTH
) -> TableResult:
    """Roll on a table, then on every table its entries link to, up to ``depth_limit``
    links. A link back to a table already rolled in this chain is a loop: a
    :class:`RulesError` naming the tables."""
    if not 0 <= depth_limit <= MAX_DEPTH:
        raise RulesError(
            Step(N_("The depth limit must be between 0 and {limit}."), {"limit": MAX_DEPTH})
        )
    steps: list[Step] = []
    warnings: list[Step] = []
    draws: list[Draw] = []
    chain: list[str] = []
    current = table_id
    while True:
        table = library.table(current)
        if current in chain:
            loop = [*chain[chain.index(current) :], current]
            raise RulesError(
                Step(N_("The tables link in a loop: {chain}."), {"chain": _names(library, loop)})
            )
        if len(chain) > depth_limit:
            raise RulesError(
                Step(
                    N_("Linked tables go deeper than {count} level: {chain}."),
                    {"count": depth_limit, "chain": _names(library, [*chain, current])},
                    plural=N_("Linked tables go deeper than {count} levels: {chain}."),
                )
            )
        chain.append(current)
        draw, entry = _draw(table, dice, steps, warnings)
        draws.append(draw)
        if entry is None or entry.link is None:
            break
        target = library.table(entry.link)
        steps.append(Step(N_("on to the table {table}"), {"table": target.name}))
        current = entry.link
    return TableResult(tuple(draws), tuple(steps), tuple(warnings))


def roll_encounter(
    library: Library, location_id: str, dice: Dice, depth_limit: int = DEFAULT_DEPTH
) -> TableResult:
    """Roll on a location's encounter table."""
    location = library.location(location_id)
    if location.encounter is None:
        raise RulesError(
            Step(N_("{location} has no encounter table."), {"location": location.name})
        )
    return roll_table(library, location.encounter, dice, depth_limit)


def _draw(
    table: Table, dice: Dice, steps: list[Step], warnings: list[Step]
) -> tuple[Draw, Entry | None]:
    if not table.entries:
        raise RulesError(Step(N_("{table} has no entries to roll on."), {"table": table.name}))
    if table.die is None:
        face, index = _draw_by_weight(table, dice, steps)
    else:
        face, found = _draw_by_die(table, table.die, dice, steps)
        if found is None:
            gap = Step(N_("rolled {face}: no entry covers it"), {"face": face})
            steps.append(gap)
            warnings.append(gap)
            return Draw(table.id, table.name, face, None, ""), None
        index = found
    entry = table.entries[index]
    text = _roll_inline(entry.text, dice, steps)
    if entry.violent:
        steps.append(Step(N_("A horror: this encounter is violent.")))
    if entry.reaction:
        steps.append(Step(N_("This encounter calls for a reaction roll.")))
    return Draw(table.id, table.name, face, index, text, entry.violent, entry.reaction), entry


def _draw_by_die(table: Table, die: str, dice: Dice, steps: list[Step]) -> tuple[int, int | None]:
    tree = table_die(die)
    steps.append(Step(N_("Rolling {die} on {table}"), {"die": die, "table": table.name}))
    rolled = notation.roll(tree, dice)
    steps.extend(rolled.steps)
    face = rolled.value
    index = next((i for i, e in enumerate(table.entries) if e.covers(face)), None)
    if index is not None:
        entry = table.entries[index]
        if entry.low == entry.high:
            steps.append(Step(N_("{face}: {text}"), {"face": face, "text": entry.text}))
        else:
            steps.append(
                Step(
                    N_("{face} falls in {faces}: {text}"),
                    {"face": face, "faces": entry.faces, "text": entry.text},
                )
            )
    return face, index


def _draw_by_weight(table: Table, dice: Dice, steps: list[Step]) -> tuple[int, int]:
    weights = [max(0, min(entry.weight, MAX_WEIGHT)) for entry in table.entries]
    total = sum(weights)
    if total == 0:
        raise RulesError(Step(N_("{table} has no entries to roll on."), {"table": table.name}))
    steps.append(
        Step(
            N_("Drawing from {table} by weight, {total} in all"),
            {"table": table.name, "total": total},
        )
    )
    face = dice.roll(total)
    steps.append(Step(N_("{dice}: {face}"), {"dice": f"d{total}", "face": face}))
    running = 0
    for index, weight in enumerate(weights):
        running += weight
        if face <= running:
            entry = table.entries[index]
            steps.append(
                Step(
                    N_("{face} picks entry {number} (weight {weight}): {text}"),
                    {"face": face, "number": index + 1, "weight": weight, "text": entry.text},
                )
            )
            return face, index
    raise AssertionError("a face within the total always lands on an entry")


def _roll_inline(text: str, dice: Dice, steps: list[Step]) -> str:
    """The text with each ``[[dice]]`` replaced by a roll of it."""
    matches = list(INLINE.finditer(text))
    if not matches:
        return text
    if len(matches) > MAX_INLINE:
        raise RulesError(
            Step(N_("At most {limit} bracketed dice fit in one entry."), {"limit": MAX_INLINE})
        )
    pieces: list[str] = []
    last = 0
    for match in matches:
        rolled = notation.roll(match.group(1), dice)
        steps.extend(rolled.steps)
        steps.append(
            Step(N_("[[{dice}]] rolls {value}"), {"dice": match.group(1), "value": rolled.value})
        )
        pieces.append(text[last : match.start()])
        pieces.append(str(rolled.value))
        last = match.end()
    pieces.append(text[last:])
    out = "".join(pieces)
    steps.append(Step(N_("reads: {text}"), {"text": out}))
    return out


# --- odds ---------------------------------------------------------------------------


@dataclass(frozen=True)
class TableOdds:
    """Exact chances for one roll on a table.

    ``entries[i]`` is the chance entry ``i`` is drawn (the first entry wins a shared
    face); ``uncovered`` the chance of a face no entry covers; ``violent`` and
    ``reaction`` the chance that the roll, following links, turns up a horror or calls
    for a reaction roll.
    """

    entries: tuple[Fraction, ...]
    uncovered: Fraction
    violent: Fraction
    reaction: Fraction


def _entry_chances(table: Table) -> tuple[tuple[Fraction, ...], Fraction]:
    chances = [Fraction(0)] * len(table.entries)
    if table.die is None:
        weights = [max(0, min(entry.weight, MAX_WEIGHT)) for entry in table.entries]
        total = sum(weights)
        if total == 0:
            return tuple(chances), Fraction(0)
        return tuple(Fraction(w, total) for w in weights), Fraction(0)
    uncovered = Fraction(0)
    for total, chance in _totals(table.die):
        index = next((i for i, e in enumerate(table.entries) if e.covers(total)), None)
        if index is None:
            uncovered += chance
        else:
            chances[index] += chance
    return tuple(chances), uncovered


def table_odds(
    table: Table, library: Library | None = None, depth_limit: int = DEFAULT_DEPTH
) -> TableOdds:
    """The exact odds of each entry of ``table``; with a ``library``, the violent and
    reaction chances follow links too (a link that loops, is missing or goes past the
    depth limit adds nothing)."""
    chances, uncovered = _entry_chances(table)
    return TableOdds(
        chances,
        uncovered,
        _flag_chance(table, library, lambda e: e.violent, (table.id,), depth_limit),
        _flag_chance(table, library, lambda e: e.reaction, (table.id,), depth_limit),
    )


def flag_chance(
    table: Table,
    library: Library | None,
    flag: Callable[[Entry], bool],
    depth_limit: int = DEFAULT_DEPTH,
) -> Fraction:
    """The exact chance that one roll on ``table``, following links, draws an entry
    ``flag`` accepts (as :func:`table_odds` counts violent and reaction entries)."""
    return _flag_chance(table, library, flag, (table.id,), depth_limit)


def _flag_chance(
    table: Table,
    library: Library | None,
    flag: Callable[[Entry], bool],
    chain: tuple[str, ...],
    depth_left: int,
) -> Fraction:
    chances, _ = _entry_chances(table)
    total = Fraction(0)
    for entry, chance in zip(table.entries, chances, strict=True):
        if not chance:
            continue
        if flag(entry):
            total += chance
        elif entry.link is not None and library is not None and depth_left > 0:
            target = library.find_table(entry.link)
            if target is not None and target.id not in chain:
                total += chance * _flag_chance(
                    target, library, flag, (*chain, target.id), depth_left - 1
                )
    return total


# --- writing faces ----------------------------------------------------------------------

# A face or a range of faces as printed tables write them: "3", "2-5", "11–16", "96-00"
# ("00" is 100, as on percentile dice). Digits are ASCII 0-9 only (see notation.is_digits):
# '٣' is not a face. A sign is read, so "-1" is reported as a face the die cannot show
# rather than as something unreadable. The editor's faces field and pasted lines both
# read faces with it.
_FACE_RANGE = r"(-?[0-9]{1,5})(?:\s*[-–—]\s*(-?[0-9]{1,5}))?"
_FACES = re.compile(rf"\s*{_FACE_RANGE}\s*")


def read_faces(text: str) -> tuple[int | None, int | None]:
    """The faces an entry claims, read from what was typed in its faces field.

    An empty field claims none; anything else that is not a face or a range is a
    :class:`RulesError` saying how to write one.

    >>> read_faces("2-5"), read_faces(" 96–00 "), read_faces("")
    ((2, 5), (96, 100), (None, None))
    >>> read_faces("two")
    Traceback (most recent call last):
    omen.core.errors.RulesError: Write faces as a number or a range, like 3 or 2-5 (two).
    """
    if not text.strip():
        return None, None
    match = _FACES.fullmatch(text)
    if match is None:
        raise RulesError(
            Step(
                N_("Write faces as a number or a range, like 3 or 2-5 ({faces})."),
                {"faces": text.strip()[:20]},
            )
        )
    return _face_span(match)


def _face_span(match: re.Match[str]) -> tuple[int, int]:
    """The low and high face of a match of :data:`_FACE_RANGE` (one face: both the same)."""
    low = _face(match.group(1))
    high = _face(match.group(2)) if match.group(2) else low
    return low, high


def _face(token: str) -> int:
    return 100 if token == "00" else int(token)


# --- pasting a table ------------------------------------------------------------------

# Digits are ASCII 0-9 only (see notation.is_digits): '٣' is not a face.
_HEADER = re.compile(r"\s*([0-9]*[dD](?:[0-9]+|%))(?=$|[\s:.])[\s:.\-–—]*(.*)")
# A line of a pasted table: its faces (as an entry's faces field reads them), then a dot,
# colon, bracket or space, then the entry's text.
_FACED = re.compile(rf"\s*{_FACE_RANGE}(?:\s*[.:)]\s*|\s+|$)(.*)")
_BULLET = re.compile(r"\s*[-*•·]\s+")


@dataclass(frozen=True)
class PastedTable:
    """A table read from pasted lines, the issues found (naming lines), and the line
    (1-based) each entry came from."""

    table: Table
    issues: tuple[Issue, ...]
    lines: tuple[int, ...]

    @property
    def ok(self) -> bool:
        """Whether the table can be saved: no issue is an error."""
        return can_save(self.issues)


def _clean_line(raw: str) -> str | None:
    """The line's content, markdown table pipes and bullets removed; None to skip it."""
    line = raw.strip()
    if line.startswith("|"):
        cells = [cell.strip() for cell in line.strip("|").split("|")]
        if all(re.fullmatch(r":?-*:?", cell) for cell in cells):
            return None
        line = " ".join(cell for cell in cells if cell)
    return line or None


def infer_die(faces: Sequence[int]) -> str | None:
    """The die a set of faces was written for: d66 when every face reads as two d6
    (11 to 66), else the smallest standard die reaching the highest face.

    >>> infer_die([1, 2, 5]), infer_die([11, 16, 21, 66]), infer_die([1, 7]), infer_die([150])
    ('d6', 'd66', 'd8', None)
    """
    if not faces:
        return None
    if min(faces) >= 11 and all(
        10 <= face <= 66 and 1 <= face // 10 <= 6 and 1 <= face % 10 <= 6 for face in faces
    ):
        return "d66"
    top = max(faces)
    return next((f"d{sides}" for sides in STANDARD_DICE if sides >= top), None)


def import_pasted(text: str, table_id: str = "pasted", name: str = "") -> PastedTable:
    """Read a table from lines of text, one entry a line.

    Lines that start with a face or range (``1-2 Wolves``, ``3. A fallen tree``,
    ``11–16 …``, ``96-00 …``) make a table with a die: the die from a first line such as
    ``d8`` or ``2d6 Forest``, else worked out from the faces. Lines without faces make a
    plain list: one face each when their number matches a standard die, else equal
    weights. Bullets and markdown table pipes are dropped. Every issue names its line.
    """
    if len(text) > MAX_PASTE:
        return _refused(
            Table(table_id, name, None),
            Step(N_("At most {limit} characters can be pasted at once."), {"limit": MAX_PASTE}),
        )
    rows = [(number, _clean_line(raw)) for number, raw in enumerate(text.splitlines(), 1)]
    lines = [(number, line) for number, line in rows if line is not None]
    die, title = _header(lines[0][1]) if lines else (None, "")
    if die is not None:
        lines = lines[1:]
        name = name or title
    if not lines:
        return _refused(
            Table(table_id, name, die), Step(N_("There is nothing to import: no lines of text."))
        )
    if len(lines) > MAX_ENTRIES:
        return _refused(
            Table(table_id, name, die),
            Step(N_("At most {limit} entries can be imported at once."), {"limit": MAX_ENTRIES}),
        )
    faced = [(number, line, _FACED.fullmatch(line)) for number, line in lines]
    if 2 * sum(1 for _, _, match in faced if match is not None) >= len(faced):
        die, entries, origin, issues = _faced_entries(faced, die)
    else:
        die, entries, origin, issues = _plain_entries(lines, die)
    table = Table(table_id, name, die, tuple(entries))

    def line_place(index: int) -> Step:
        return Step(N_("line {number}"), {"number": origin[index]})

    def line_places(indexes: Sequence[int]) -> Step:
        return Step(N_("lines {numbers}"), {"numbers": _and_list([origin[i] for i in indexes])})

    issues.extend(
        issue
        for issue in _check_table(table, None, line_place, line_places)
        if issue.message.key not in _IMPORT_SKIPS
    )
    issues.sort(key=_issue_order)
    return PastedTable(table, tuple(issues), tuple(origin))


# The screen asks for the name and id itself; an import does not report them.
_IMPORT_SKIPS = frozenset(
    {
        "The table needs a name.",
        "The table's id must be 1 to 40 letters, digits, '-' or '_'.",
    }
)


def _refused(table: Table, message: Step) -> PastedTable:
    return PastedTable(table, (Issue(Severity.ERROR, message),), ())


def _header(line: str) -> tuple[str | None, str]:
    """A first line naming the die (``d8``, ``2d6 Forest``): the die and the title."""
    match = _HEADER.fullmatch(line)
    if match is None:
        return None, ""
    try:
        table_die(match.group(1))
    except RulesError:
        return None, ""
    return match.group(1).lower(), match.group(2).strip()[:MAX_NAME]


Parsed = tuple[str | None, list[Entry], list[int], list[Issue]]


def _faced_entries(faced: list[tuple[int, str, re.Match[str] | None]], die: str | None) -> Parsed:
    issues: list[Issue] = []
    entries: list[Entry] = []
    origin: list[int] = []
    for number, _, match in faced:
        if match is None:
            issues.append(
                Issue(
                    Severity.ERROR,
                    Step(
                        N_("line {number}: there is no face or range at the start"),
                        {"number": number},
                    ),
                )
            )
            continue
        low, high = _face_span(match)
        entries.append(Entry(_BULLET.sub("", match.group(3), count=1).strip(), low, high))
        origin.append(number)
    if die is not None:
        return die, entries, origin, issues
    ends = [face for entry in entries for face in (entry.low, entry.high) if face is not None]
    die = infer_die(ends)
    if die is not None:
        message = Step(N_("The die was worked out from the faces: {die}."), {"die": die})
        issues.append(Issue(Severity.NOTE, message))
    elif ends:
        top = max(ends)
        die = f"d{min(top, MAX_TOTALS)}"
        message = Step(
            N_("No standard die reaches {face}, so the table uses {die}: change it if needed."),
            {"face": top, "die": die},
        )
        issues.append(Issue(Severity.WARNING, message))
    return die, entries, origin, issues


def _plain_entries(lines: list[tuple[int, str]], die: str | None) -> Parsed:
    entries = [Entry(_BULLET.sub("", line, count=1).strip()) for _, line in lines]
    origin = [number for number, _ in lines]
    if die is None and len(entries) in STANDARD_DICE:
        die = f"d{len(entries)}"
    if die is None:
        note = Step(N_("One entry a line, all equally likely."))
        return None, entries, origin, [Issue(Severity.NOTE, note)]
    totals = [total for total, _ in _totals(die)]
    entries = [
        replace(e, low=totals[i], high=totals[i]) if i < len(totals) else e
        for i, e in enumerate(entries)
    ]
    note = Step(N_("One entry a line, rolled on {die}."), {"die": die})
    return die, entries, origin, [Issue(Severity.NOTE, note)]


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
    if not isinstance(value, str) or not _ID.fullmatch(value):
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
                out.append(Step.from_json(item))
            except (RulesError, ValueError, TypeError, KeyError, RecursionError):
                raise stored_error(where, Step(N_("is not a readable step"))) from None
        return tuple(out)

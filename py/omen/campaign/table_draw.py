"""Rolling on a table: the face, the entry it falls on, its bracketed dice, and every
linked table after it; and the exact odds of one roll.

**Drawing.** A table with a die is rolled and the entry claiming the face is drawn (a
face no entry claims gives a result that says so); a table without a die draws by
weight. The entry's dice in double brackets (``[[1d4+1]]``) are rolled and the text is
read with the numbers in their place. An entry's link is rolled next, to a depth limit
(the setting ``tables.depth_limit``); a link back to a table already rolled is a loop.

**Odds.** :func:`table_odds` gives the exact chance of each entry, of a face no entry
covers, and of a horror or a reaction roll once links are followed.

>>> from omen.core.dice import ScriptedDice
>>> forest = Table("forest", "Forest road", "d6", (
...     Entry("[[1d4+1]] wolves", 1, 2, violent=True),
...     Entry("A fallen tree blocks the road", 3, 5),
... ))
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

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from omen.campaign.spec import TABLE_VIOLENT
from omen.campaign.tables import (
    DEFAULT_DEPTH,
    INLINE,
    MAX_DEPTH,
    MAX_ENTRIES,
    MAX_FACE,
    MAX_INLINE,
    MAX_NAME,
    MAX_TEXT,
    MAX_WEIGHT,
    Entry,
    Fields,
    Library,
    Stats,
    Table,
    chain_names,
    die_totals,
    table_die,
)
from omen.core import notation
from omen.core.dice import Dice
from omen.core.errors import RulesError
from omen.core.roll import N_, Step


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
    found: Found | None = None  # how many came, and the row's stats

    def to_json(self) -> dict[str, Any]:
        """Its stored form: plain JSON values (dicts, lists, text, numbers)."""
        out = {
            "table": self.table_id,
            "name": self.table_name,
            "face": self.face,
            "entry": self.entry,
            "text": self.text,
            "violent": self.violent,
            "reaction": self.reaction,
        }
        if self.found:
            out["found"] = self.found.to_json()
        return out

    @classmethod
    def from_json(cls, data: Any, path: str = "draw") -> Draw:
        """Read its stored form back; a :class:`RulesError` saying what does not fit."""
        fields = Fields(
            data, path, ("table", "name", "face", "entry", "text", "violent", "reaction", "found")
        )
        found = fields.raw("found")
        return cls(
            fields.identifier("table"),
            fields.text("name", MAX_NAME),
            fields.integer("face", -10 * MAX_FACE, 10 * MAX_FACE),
            fields.optional_integer("entry", 0, MAX_ENTRIES - 1),
            fields.text("text", 4 * MAX_TEXT),
            fields.boolean("violent"),
            fields.boolean("reaction"),
            None if found is None else Found.from_json(found, f"{path}.found") or None,
        )


@dataclass(frozen=True)
class Found:
    """What a row brought besides its text: how many came (``count``: the first
    bracketed dice rolled in the row, else its number appearing rolled), the creature's
    ``stats``, and whether the row (or a row linked from it) was marked ``violent`` or
    asks for a ``reaction`` roll. This is what an encounter opened from the row starts
    from; it goes along wherever the encounter is kept, so a reload or an Undo still
    knows it.

    >>> from omen.campaign.tables import read_stats, write_stats
    >>> found = Found.from_json(Found(3, read_stats("ML 8"), violent=True).to_json())
    >>> found.count, write_stats(found.stats), found.violent, found.reaction
    (3, 'ML 8', True, False)
    >>> bool(Found(violent=True)), bool(Found())
    (True, False)
    """

    count: int | None = None
    stats: Stats | None = None
    violent: bool = False
    reaction: bool = False

    def __bool__(self) -> bool:
        return self.count is not None or bool(self.stats) or self.violent or self.reaction

    def to_json(self) -> dict[str, Any]:
        """Its stored form: the count and the stats given, and a mark only when set (so
        what older versions stored reads as before)."""
        out: dict[str, Any] = {}
        if self.count is not None:
            out["count"] = self.count
        if self.stats:
            out["stats"] = self.stats.to_json()
        if self.violent:
            out["violent"] = True
        if self.reaction:
            out["reaction"] = True
        return out

    @classmethod
    def from_json(cls, data: Any, path: str = "found") -> Found:
        """Read its stored form back; a :class:`StoredDataError` saying what does not fit."""
        fields = Fields(data, path, ("count", "stats", "violent", "reaction"))
        stats = fields.raw("stats")
        return cls(
            fields.optional_integer("count", -MAX_FACE, MAX_FACE),
            None if stats is None else Stats.from_json(stats, f"{path}.stats") or None,
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

    @property
    def found(self) -> Found:
        """How many came and their stats, along the chain: the first count rolled, and
        the stats of the last row that gives any (a linked table names the creature);
        violent or asking for a reaction when any row drawn is."""
        count = next(
            (d.found.count for d in self.draws if d.found and d.found.count is not None), None
        )
        stats = next(
            (d.found.stats for d in reversed(self.draws) if d.found and d.found.stats), None
        )
        return Found(count, stats, self.violent, self.reaction)

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
    library: Library,
    table_id: str,
    dice: Dice,
    depth_limit: int = DEFAULT_DEPTH,
    violent: str = TABLE_VIOLENT,
) -> TableResult:
    """Roll on a table, then on every table its entries link to, up to ``depth_limit``
    links. A link back to a table already rolled in this chain is a loop: a
    :class:`RulesError` naming the tables. A violent entry says so with ``violent``,
    the line of the campaign's game (its :class:`~omen.campaign.spec.GameSpec`'s;
    the tables' own, Liminal Horror's, unless a game is named).

    >>> from omen.core.dice import ScriptedDice
    >>> wolves = Table("w", "Wolves", "d6", (Entry("Wolves", 1, 6, violent=True),))
    >>> hostile = "Marked violent on the table: they are hostile."
    >>> roll_table(Library((wolves,)), "w", ScriptedDice([3]), violent=hostile).steps[-1].english()
    'Marked violent on the table: they are hostile.'
    """
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
                Step(
                    N_("The tables link in a loop: {chain}."), {"chain": chain_names(library, loop)}
                )
            )
        if len(chain) > depth_limit:
            raise RulesError(
                Step(
                    N_("Linked tables go deeper than {count} level: {chain}."),
                    {"count": depth_limit, "chain": chain_names(library, [*chain, current])},
                    plural=N_("Linked tables go deeper than {count} levels: {chain}."),
                )
            )
        chain.append(current)
        draw, entry = _draw(table, dice, steps, warnings, violent)
        draws.append(draw)
        if entry is None or entry.link is None:
            break
        target = library.table(entry.link)
        steps.append(Step(N_("on to the table {table}"), {"table": target.name}))
        current = entry.link
    return TableResult(tuple(draws), tuple(steps), tuple(warnings))


def roll_encounter(
    library: Library,
    location_id: str,
    dice: Dice,
    depth_limit: int = DEFAULT_DEPTH,
    violent: str = TABLE_VIOLENT,
) -> TableResult:
    """Roll on a location's encounter table (a violent entry says so with ``violent``)."""
    location = library.location(location_id)
    if location.encounter is None:
        raise RulesError(
            Step(N_("{location} has no encounter table."), {"location": location.name})
        )
    return roll_table(library, location.encounter, dice, depth_limit, violent)


def _draw(
    table: Table, dice: Dice, steps: list[Step], warnings: list[Step], violent: str
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
    text, count = _roll_inline(entry.text, dice, steps)
    number = entry.stats.number if entry.stats else None
    if count is None and number is not None:
        rolled = notation.roll(number, dice)
        steps.extend(rolled.steps)
        count = rolled.value
        steps.append(
            Step(N_("Number appearing ({dice}): {count}"), {"dice": number, "count": count})
        )
    carried = Found(count, entry.stats) or None
    if entry.violent:
        steps.append(Step(violent))
    if entry.reaction:
        steps.append(Step(N_("This encounter calls for a reaction roll.")))
    draw = Draw(table.id, table.name, face, index, text, entry.violent, entry.reaction, carried)
    return draw, entry


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


def _roll_inline(text: str, dice: Dice, steps: list[Step]) -> tuple[str, int | None]:
    """The text with each ``[[dice]]`` replaced by a roll of it, and the first value
    rolled (how many came, in ``[[2d4]] wolves``), or ``None`` when it holds no dice."""
    matches = list(INLINE.finditer(text))
    if not matches:
        return text, None
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
    return out, int(pieces[1])


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
    for total, chance in die_totals(table.die):
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

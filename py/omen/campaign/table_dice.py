"""The dice in a table's entries, as the editor shows them, and the physical dice a roll
of a table still needs.

**What an entry rolls.** An entry's text rolls only the dice written in double brackets
(``[[2d4]] rats``): each is rolled when the entry is drawn and its total replaces it. A
dice expression written without brackets (``2d4 rats``, or the Czech ``2k4 krys``) is
plain text and is read out as it is. :func:`preview` says, for the text being typed, what
each bracketed expression will roll (its lowest and highest total) and which bare dice
expressions will not be rolled; :func:`bracket` puts the brackets around them.

**Physical dice.** A game master rolling a table with their own dice types the faces in
the order Omen uses them: the table's die first (every die of it, left to right; a d66
as two d6; a table without a die draws by weight with one die of as many sides as the
weights add up to), then each bracketed expression of the entry it picks, left to right,
then the same for each table the entry leads on to. :func:`still_needed` says exactly
which dice are still to type after the faces typed so far; where the entry is not known
yet (its table's die is not all typed) it says so instead of guessing.

>>> [step.english() for step in preview("2d4 rats and [[1d6+1]] bats")]
['[[1d6+1]] rolls 2 to 7 when the entry is drawn.', '“2d4” is plain text: it is not rolled.']
>>> bracket("2d4 rats and [[1d6+1]] bats")
'[[2d4]] rats and [[1d6+1]] bats'
>>> library = Library((Table("t", "Cellar", "d6", (Entry("[[2d4]] rats", 1, 6),)),))
>>> needed_message(still_needed(library, "t", [3, 2])).english()
'More dice are needed: type 1d4 for [[2d4]].'
>>> still_needed(library, "t", [3, 2, 4])
()
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from omen.campaign.tables import (
    DEFAULT_DEPTH,
    INLINE,
    MAX_INLINE,
    MAX_WEIGHT,
    Entry,
    Library,
    Table,
    table_die,
)
from omen.core import notation
from omen.core.dice import ScriptedDice
from omen.core.errors import RulesError
from omen.core.roll import N_, Step

# A dice expression standing on its own in an entry's text: a count, "d" (or the Czech
# "k"), the sides, and at most a few modifiers or a multiplier, not inside a word.
BARE = re.compile(
    r"(?<![0-9A-Za-z\[])[0-9]{0,3}[dDkK](?:[0-9]{1,4}|%)"
    r"(?:\s?[+\-×xX*]\s?[0-9]{1,6}){0,3}(?![0-9A-Za-z\]])"
)


def _bare(text: str) -> list[re.Match[str]]:
    """The bare dice expressions in ``text`` (outside brackets) that read as dice."""
    found = []
    outside = INLINE.sub(lambda match: " " * len(match.group(0)), text)
    for match in BARE.finditer(outside):
        try:
            notation.parse(match.group(0))
        except RulesError:
            continue
        found.append(match)
    return found


def preview(text: str) -> tuple[Step, ...]:
    """What the entry ``text`` rolls when drawn, one step for each bracketed expression
    (its range of totals, or why it cannot be rolled), then one for each bare dice
    expression that will stay plain text."""
    steps = []
    for expression in INLINE.findall(text)[:MAX_INLINE]:
        try:
            low, high = notation.bounds(expression)
        except RulesError as error:
            steps.append(
                Step(
                    N_("[[{expression}]] cannot be rolled: {problem}"),
                    {"expression": expression, "problem": error.message},
                )
            )
            continue
        steps.append(
            Step(
                N_("[[{expression}]] rolls {low} to {high} when the entry is drawn."),
                {"expression": expression, "low": low, "high": high},
            )
        )
    for match in _bare(text):
        steps.append(
            Step(N_("“{written}” is plain text: it is not rolled."), {"written": match[0]})
        )
    return tuple(steps)


def bare_dice(text: str) -> tuple[str, ...]:
    """The dice expressions written in ``text`` without brackets.

    >>> bare_dice("2k6 krys, [[d4]] netopýrů, k20 a 3d6×10 zlaťáků; d-day, 3rd, kd6")
    ('2k6', 'k20', '3d6×10')
    """
    return tuple(match[0] for match in _bare(text))


def bracket(text: str) -> str:
    """``text`` with every bare dice expression put in double brackets, to be rolled."""
    pieces, last = [], 0
    for match in _bare(text):
        pieces += [text[last : match.start()], f"[[{match[0]}]]"]
        last = match.end()
    return "".join([*pieces, text[last:]])


# --- physical dice still to type ----------------------------------------------------------


@dataclass(frozen=True)
class Need:
    """``count`` more faces of a ``sides``-sided die, for what ``purpose`` names;
    ``sides`` is 0 when what follows is not known until those faces are typed."""

    count: int
    sides: int
    purpose: Step

    def step(self) -> Step:
        """The need as the game master reads it: ``2d4 for [[2d4]]``."""
        if not self.sides:
            return self.purpose
        return Step(
            N_("{dice} for {purpose}"),
            {"dice": f"{self.count}d{self.sides}", "purpose": self.purpose},
        )


def dice_sides(tree: notation.Expr) -> list[int]:
    """The sides of every die an expression rolls, in the order they are rolled (a d66
    is two d6, a d% one d100).

    >>> dice_sides(notation.parse("2d4+d66×d%"))
    [4, 4, 6, 6, 100]
    """
    if isinstance(tree, notation.DiceTerm):
        if tree.sides == 66:
            return [6, 6] * tree.count
        return [tree.sides] * tree.count
    if isinstance(tree, notation.Negate):
        return dice_sides(tree.operand)
    if isinstance(tree, notation.BinOp):
        return dice_sides(tree.left) + dice_sides(tree.right)
    return []


def _grouped(sides: Sequence[int], purpose: Step) -> list[Need]:
    """Runs of the same die as one need each: [4, 4, 6] is 2d4, then 1d6."""
    needs: list[Need] = []
    for side in sides:
        if needs and needs[-1].sides == side:
            needs[-1] = Need(needs[-1].count + 1, side, purpose)
        else:
            needs.append(Need(1, side, purpose))
    return needs


def _draw_sides(table: Table) -> list[int]:
    if table.die is not None:
        return dice_sides(table_die(table.die))
    total = sum(max(0, min(entry.weight, MAX_WEIGHT)) for entry in table.entries)
    return [total] if total else []


def _drawn(table: Table, faces: Sequence[int]) -> Entry | None:
    """The entry ``faces`` (all of the table's die) pick; None when no entry covers it."""
    if table.die is not None:
        total = notation.roll(table_die(table.die), ScriptedDice(faces)).value
        return next((entry for entry in table.entries if entry.covers(total)), None)
    running = 0
    for entry in table.entries:
        running += max(0, min(entry.weight, MAX_WEIGHT))
        if faces[0] <= running:
            return entry
    return None


def _entry_needs(entry: Entry, left: int) -> tuple[list[Need], int]:
    """The entry's bracketed dice beyond the ``left`` faces typed for them, and how many
    of those faces they take."""
    needs: list[Need] = []
    used = 0
    for expression in INLINE.findall(entry.text)[:MAX_INLINE]:
        sides = dice_sides(notation.parse(expression))
        have = max(0, min(len(sides), left - used))
        used += have
        purpose = Step(N_("[[{expression}]]"), {"expression": expression})
        needs += _grouped(sides[have:], purpose)
    return needs, used


def still_needed(
    library: Library, table_id: str, faces: Sequence[int], depth_limit: int = DEFAULT_DEPTH
) -> tuple[Need, ...]:
    """The dice still to type, in order, after ``faces`` (typed for a roll of the table
    ``table_id``); nothing when the faces are enough. A face out of its die's range is a
    :class:`RulesError`, as the roll itself would say."""
    used = 0
    current = table_id
    for _ in range(depth_limit + 1):
        table = library.table(current)
        sides = _draw_sides(table)
        have = len(faces) - used
        if have < len(sides):
            purpose = Step(
                N_("the table {table} ({die})"),
                {"table": table.name, "die": table.die or f"d{sides[0]}"},
            )
            needs = _grouped(sides[max(0, have) :], purpose)
            if any(INLINE.search(entry.text) or entry.link for entry in table.entries):
                needs.append(Need(0, 0, Step(N_("the dice of the entry it picks, if any"))))
            return tuple(needs)
        entry = _drawn(table, faces[used : used + len(sides)]) if sides else None
        used += len(sides)
        if entry is None:
            return ()  # no entry: the roll says so
        needs, taken = _entry_needs(entry, len(faces) - used)
        used += taken
        if needs:
            if entry.link is not None:
                linked = library.table(entry.link)
                needs.append(
                    Need(0, 0, Step(N_("the dice of the table {table}"), {"table": linked.name}))
                )
            return tuple(needs)
        if entry.link is None:
            return ()
        current = entry.link
    return ()


def needed_message(needs: Sequence[Need]) -> Step:
    """One sentence naming every die still to type, in order."""
    chained: Step | None = None
    for need in reversed(needs):
        step = need.step()
        chained = (
            step
            if chained is None
            else Step(N_("{need}, then {more}"), {"need": step, "more": chained})
        )
    if chained is None:
        return Step(N_("No more dice are needed."))
    return Step(N_("More dice are needed: type {needs}."), {"needs": chained})

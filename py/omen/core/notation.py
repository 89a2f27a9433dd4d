"""Dice notation as the rules texts write it, read into a tree, rolled, and printed.

Understood: ``NdS`` (``2d6``), a bare ``d`` meaning six sides as GURPS writes it
(``3d``, ``6d``, ``4d-1``), ``d%`` and ``d100`` for percentile dice, ``d66`` for two d6
read as tens and units (11-66), ``+``/``-`` modifiers, multipliers written ``×``, ``x``
or ``*`` (``2d6×10``, ``4d6x10``, ``3d×5``) and parentheses. Czech rules texts write a
die with ``k`` (kostka) where English ones write ``d``: ``2k6``, ``k20``, ``3k6+1`` and
``3k`` read exactly as ``2d6``, ``d20``, ``3d6+1`` and ``3d``, and print as they were typed.

The three passes are separate, as in avrae's d20: :func:`parse` builds a tree,
:func:`roll` evaluates it with a :class:`~omen.core.dice.Dice`, and ``str(tree)`` prints it.
:func:`distribution` gives the exact chance of every total.

>>> from omen.core.dice import ScriptedDice
>>> tree = parse("2d6x10")
>>> str(tree)
'2d6×10'
>>> result = roll(tree, ScriptedDice([3, 4]))
>>> result.value
70
>>> result.english()
'2d6: 3, 4 = 7; 7×10 = 70 → 70'
>>> distribution(parse("2d6"))[7]
Fraction(1, 6)
>>> roll("2k6+1", ScriptedDice([3, 4])).english()
'2k6: 3, 4 = 7; 7+1 = 8 → 8'
>>> parse("3d!")
Traceback (most recent call last):
omen.core.errors.NotationError: expected the number of sides after 'd' at position 3 in '3d!'
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

from omen.core.dice import Dice
from omen.core.errors import LimitError, NotationError
from omen.core.roll import N_, Roll, Step

MAX_TEXT = 200
MAX_DICE = 100
MAX_SIDES = 1000
MAX_NUMBER = 1_000_000
MAX_DEPTH = 20
MAX_OUTCOMES = 20_000

_TIMES = "×xX*"
_DIE_LETTERS = "dDkK"  # "d" for die; "k" for kostka, as Czech rules texts write it


# --- digits -----------------------------------------------------------------------
# A digit is one of the ASCII digits 0-9, everywhere Omen reads a number from text:
# Python's own digit tests (str's digit methods, and a regular expression's \d without
# re.ASCII) also take '①', '²' or '٣', which int() then refuses, or reads as a number
# nobody typed. So Omen matches the ten ASCII digits by name.

MAX_DIGITS = 18  # longer runs of digits are never read as one number
_ASCII_DIGITS = re.compile("[0-9]+")


def is_digits(text: str) -> bool:
    """True when ``text`` is one or more of the ASCII digits 0-9, and nothing else.

    >>> is_digits("42"), is_digits("d6"), is_digits("①"), is_digits("²"), is_digits("٣")
    (True, False, False, False, False)
    """
    return _ASCII_DIGITS.fullmatch(text) is not None


def read_whole(text: str, low: int, high: int) -> int | None:
    """The whole number ``text`` holds (ASCII digits, an optional sign, spaces around
    it), if it lies between ``low`` and ``high``; ``None`` for anything else.

    >>> read_whole(" -3 ", -10, 10), read_whole("٣", 0, 9), read_whole("11", 0, 9)
    (-3, None, None)
    """
    plain = text.strip()
    digits = plain[1:] if plain[:1] in ("-", "+") else plain
    if not is_digits(digits) or len(digits) > MAX_DIGITS:
        return None
    value = int(plain)
    return value if low <= value <= high else None


@dataclass(frozen=True)
class Number:
    """A whole number in a dice expression."""

    value: int

    def __str__(self) -> str:
        return str(self.value)


@dataclass(frozen=True)
class DiceTerm:
    """``count`` dice of ``sides`` faces; ``sides == 66`` reads two d6 as tens and units."""

    count: int
    sides: int
    written: str = ""

    def __str__(self) -> str:
        if self.written:
            return self.written
        count = "" if self.count == 1 else str(self.count)
        return f"{count}d{self.sides}"


@dataclass(frozen=True)
class Negate:
    """A minus sign before a term."""

    operand: Expr

    def __str__(self) -> str:
        return f"-{_wrap(self.operand)}"


@dataclass(frozen=True)
class BinOp:
    """Two terms joined by ``+``, ``-`` or ``×``."""

    op: str  # "+", "-" or "×"
    left: Expr
    right: Expr

    def __str__(self) -> str:
        left = str(self.left)
        right = str(self.right)
        if self.op == "×":
            left = _wrap(self.left)
            right = _wrap(self.right)
            return f"{left}×{right}"
        if self.op == "-" and isinstance(self.right, BinOp) and self.right.op != "×":
            right = f"({right})"
        return f"{left}{self.op}{right}"


Expr = Number | DiceTerm | Negate | BinOp


def _wrap(expr: Expr) -> str:
    if isinstance(expr, BinOp) and expr.op in "+-":
        return f"({expr})"
    return str(expr)


# --- parsing ---------------------------------------------------------------------


class _Parser:
    def __init__(self, text: str) -> None:
        self.text = text
        self.pos = 0  # 0-based index into text
        self.dice = 0
        self.depth = 0

    def fail(self, expected: str) -> NotationError:
        return NotationError(self.text, self.pos + 1, Step(expected))

    def skip_spaces(self) -> None:
        while self.pos < len(self.text) and self.text[self.pos].isspace():
            self.pos += 1

    def peek(self) -> str:
        self.skip_spaces()
        return self.text[self.pos] if self.pos < len(self.text) else ""

    def number(self) -> int | None:
        start = self.pos
        while self.pos < len(self.text) and is_digits(self.text[self.pos]):
            self.pos += 1
        if start == self.pos:
            return None
        value = int(self.text[start : self.pos])
        if value > MAX_NUMBER:
            self.pos = start
            raise LimitError(
                Step(N_("Numbers above {limit} are not allowed."), {"limit": MAX_NUMBER})
            )
        return value

    def expr(self) -> Expr:
        self.depth += 1
        if self.depth > MAX_DEPTH + 1:  # the whole expression is level 0
            raise LimitError(
                Step(N_("Too many brackets: at most {limit} levels."), {"limit": MAX_DEPTH})
            )
        node = self.term()
        while self.peek() in ("+", "-") and self.peek() != "":
            op = self.text[self.pos]
            self.pos += 1
            node = BinOp(op, node, self.term())
        self.depth -= 1
        return node

    def term(self) -> Expr:
        node = self.unary()
        while self.peek() != "" and self.peek() in _TIMES:
            self.pos += 1
            node = BinOp("×", node, self.unary())
        return node

    def unary(self) -> Expr:
        if self.peek() == "-":
            self.pos += 1
            return Negate(self.unary())
        return self.atom()

    def atom(self) -> Expr:
        char = self.peek()
        if char == "(":
            self.pos += 1
            inner = self.expr()
            if self.peek() != ")":
                raise self.fail(N_("a closing bracket"))
            self.pos += 1
            return inner
        start = self.pos
        count = self.number()
        if self.pos < len(self.text) and self.text[self.pos] in _DIE_LETTERS:
            return self.dice_term(start, 1 if count is None else count)
        if count is None:
            raise self.fail(N_("a number or a die such as d6"))
        return Number(count)

    def dice_term(self, start: int, count: int) -> DiceTerm:
        self.pos += 1  # the 'd' (or the Czech 'k')
        if count < 1:
            self.pos = start
            raise self.fail(N_("at least one die"))
        rest = self.text[self.pos] if self.pos < len(self.text) else ""
        if rest == "%":
            self.pos += 1
            sides = 100
        elif is_digits(rest):
            sides = self.number() or 0
            if sides < 2:
                raise NotationError(self.text, self.pos, Step(N_("a die with at least 2 sides")))
        elif rest == "" or rest.isspace() or rest in "+-)" or rest in _TIMES:
            sides = 6  # GURPS writes "3d" for three six-sided dice
        else:
            raise self.fail(N_("the number of sides after 'd'"))
        if sides > MAX_SIDES:
            raise LimitError(
                Step(N_("A die may have at most {limit} sides."), {"limit": MAX_SIDES})
            )
        self.dice += count
        if self.dice > MAX_DICE:
            raise LimitError(
                Step(N_("At most {limit} dice can be rolled at once."), {"limit": MAX_DICE})
            )
        return DiceTerm(count, sides, self.text[start : self.pos].strip())


def parse(text: str) -> Expr:
    """Read a dice expression; raises :class:`~omen.core.errors.NotationError` if it can't."""
    if len(text) > MAX_TEXT:
        raise LimitError(
            Step(N_("A dice expression may be at most {limit} characters."), {"limit": MAX_TEXT})
        )
    parser = _Parser(text)
    if parser.peek() == "":
        raise parser.fail(N_("a number or a die such as d6"))
    tree = parser.expr()
    if parser.peek() != "":
        raise parser.fail(N_("'+', '-', '×' or the end"))
    return tree


# --- rolling ---------------------------------------------------------------------


def _roll_term(term: DiceTerm, dice: Dice, steps: list[Step]) -> int:
    if term.sides == 66:
        total = 0
        for _ in range(term.count):
            tens, units = dice.roll(6), dice.roll(6)
            value = tens * 10 + units
            steps.append(
                Step(
                    N_("{dice}: {tens} and {units} read as {value}"),
                    {"dice": str(term), "tens": tens, "units": units, "value": value},
                )
            )
            total += value
        return total
    faces = [dice.roll(term.sides) for _ in range(term.count)]
    total = sum(faces)
    if len(faces) == 1:
        steps.append(Step(N_("{dice}: {face}"), {"dice": str(term), "face": total}))
    else:
        steps.append(
            Step(
                N_("{dice}: {faces} = {total}"),
                {
                    "dice": str(term),
                    "faces": ", ".join(str(f) for f in faces),
                    "total": total,
                },
            )
        )
    return total


def _evaluate(node: Expr, dice: Dice, steps: list[Step]) -> tuple[int, str]:
    """Value of ``node`` and the same expression with dice replaced by their totals."""
    if isinstance(node, Number):
        return node.value, str(node.value)
    if isinstance(node, DiceTerm):
        value = _roll_term(node, dice, steps)
        return value, str(value)
    if isinstance(node, Negate):
        value, shown = _evaluate(node.operand, dice, steps)
        if isinstance(node.operand, BinOp) and node.operand.op in "+-":
            shown = f"({shown})"
        return -value, f"-{shown}"
    left, left_shown = _evaluate(node.left, dice, steps)
    right, right_shown = _evaluate(node.right, dice, steps)
    if node.op == "+":
        return left + right, f"{left_shown}+{right_shown}"
    if node.op == "-":
        if isinstance(node.right, BinOp) and node.right.op in "+-":
            right_shown = f"({right_shown})"
        return left - right, f"{left_shown}-{right_shown}"
    if isinstance(node.left, BinOp) and node.left.op in "+-":
        left_shown = f"({left_shown})"
    if isinstance(node.right, BinOp) and node.right.op in "+-":
        right_shown = f"({right_shown})"
    return left * right, f"{left_shown}×{right_shown}"


def roll(expr: Expr | str, dice: Dice) -> Roll:
    """Roll an expression (a tree, or text to parse first) and keep every step."""
    tree = parse(expr) if isinstance(expr, str) else expr
    steps: list[Step] = []
    value, shown = _evaluate(tree, dice, steps)
    if not isinstance(tree, DiceTerm) or (tree.count > 1 and tree.sides == 66):
        steps.append(Step(N_("{calculation} = {value}"), {"calculation": shown, "value": value}))
    return Roll(value, tuple(steps))


# --- exact distributions ------------------------------------------------------


Distribution = dict[int, Fraction]

# Exact odds are worked out in whole-number counts: ``ways[total]`` out of ``whole``
# equally likely outcomes, turned into fractions once at the end.
_Counts = tuple[dict[int, int], int]


MAX_PAIRS = 200_000
# One step of work is one pair of totals combined, or one total turned into a fraction.
# The whole of one expression may take MAX_WORK steps, counted *before* each piece of
# work is done: on CPython here that is about a tenth of a second at worst.
MAX_WORK = 200_000


class Work:
    """The steps of work an exact-odds question has taken, refused past ``limit``.

    >>> work = Work()
    >>> _ = distribution("3d6", work)
    >>> work.done
    100
    """

    def __init__(self, limit: int = MAX_WORK) -> None:
        self.limit = limit
        self.done = 0

    def spend(self, steps: int) -> None:
        """Count ``steps`` about to be taken; a :class:`LimitError` if that is too many."""
        if self.done + steps > self.limit:
            raise _too_many()
        self.done += steps


def _too_many() -> LimitError:
    return LimitError(Step(N_("Too many possible totals to work out the odds exactly.")))


FRACTION_STEPS = 4  # turning one count into a fraction costs about four additions


def _size(whole: int) -> int:
    """Steps one addition of counts below ``whole`` costs: more for longer numbers."""
    return 1 + whole.bit_length() // 256


def _combine(a: _Counts, b: _Counts, op: Callable[[int, int], int], work: Work) -> _Counts:
    (a_ways, a_whole), (b_ways, b_whole) = a, b
    if len(a_ways) * len(b_ways) > MAX_PAIRS:
        raise _too_many()
    work.spend(len(a_ways) * len(b_ways) * _size(a_whole * b_whole))
    out: dict[int, int] = {}
    for x, wx in a_ways.items():
        for y, wy in b_ways.items():
            z = op(x, y)
            out[z] = out.get(z, 0) + wx * wy
        if len(out) > MAX_OUTCOMES:
            raise _too_many()
    return out, a_whole * b_whole


def _dice_sum(term: DiceTerm, work: Work) -> _Counts:
    """The sum of ``count`` dice, added one die at a time.

    A die numbered 1 to ``sides`` adds to each total the ways of the ``sides`` totals
    just below it: a running sum over a sliding window, one step per total. A d66
    (its readings are not one run of numbers) is added reading by reading.
    """
    faces, whole = _die(term.sides)
    if term.count * len(faces) > MAX_OUTCOMES:
        raise _too_many()
    counts: dict[int, int] = {0: 1}
    for done in range(term.count):
        size = _size(whole ** (done + 1))
        if term.sides == 66:
            work.spend(len(counts) * len(faces) * size)
            following: dict[int, int] = {}
            for total, ways in counts.items():
                for face in faces:
                    following[total + face] = following.get(total + face, 0) + ways
            counts = following
            continue
        work.spend((len(counts) + term.sides) * size)
        low, high = done, done * term.sides  # the totals so far run from low to high
        window = 0
        following = {}
        for total in range(low + 1, high + term.sides + 1):
            window += counts.get(total - 1, 0) - counts.get(total - 1 - term.sides, 0)
            following[total] = window
        counts = following
    return counts, whole**term.count


def _die(sides: int) -> _Counts:
    if sides == 66:
        return {t * 10 + u: 1 for t in range(1, 7) for u in range(1, 7)}, 36
    return dict.fromkeys(range(1, sides + 1), 1), sides


def _counts(tree: Expr, work: Work) -> _Counts:
    if isinstance(tree, Number):
        return {tree.value: 1}, 1
    if isinstance(tree, DiceTerm):
        return _dice_sum(tree, work)
    if isinstance(tree, Negate):
        ways, whole = _counts(tree.operand, work)
        work.spend(len(ways) * _size(whole))
        return {-v: w for v, w in ways.items()}, whole
    left, right = _counts(tree.left, work), _counts(tree.right, work)
    if tree.op == "+":
        return _combine(left, right, lambda x, y: x + y, work)
    if tree.op == "-":
        return _combine(left, right, lambda x, y: x - y, work)
    return _combine(left, right, lambda x, y: x * y, work)


def distribution(expr: Expr | str, work: Work | None = None) -> Distribution:
    """The exact chance of every possible total, as fractions summing to 1, lowest
    total first; a :class:`LimitError` when that is too much work (see :class:`Work`)."""
    tree = parse(expr) if isinstance(expr, str) else expr
    work = Work() if work is None else work
    ways, whole = _counts(tree, work)
    work.spend(len(ways) * FRACTION_STEPS * _size(whole))
    return {total: Fraction(ways[total], whole) for total in sorted(ways)}


def bounds(expr: Expr | str) -> tuple[int, int]:
    """The lowest and highest total an expression can give."""
    tree = parse(expr) if isinstance(expr, str) else expr
    if isinstance(tree, Number):
        return tree.value, tree.value
    if isinstance(tree, DiceTerm):
        low, high = (11, 66) if tree.sides == 66 else (1, tree.sides)
        return tree.count * low, tree.count * high
    if isinstance(tree, Negate):
        low, high = bounds(tree.operand)
        return -high, -low
    (a, b), (c, d) = bounds(tree.left), bounds(tree.right)
    if tree.op == "+":
        return a + c, b + d
    if tree.op == "-":
        return a - d, b - c
    products = (a * c, a * d, b * c, b * d)
    return min(products), max(products)


def mean(expr: Expr | str, work: Work | None = None) -> Fraction:
    """The exact average total (bounded like :func:`distribution`)."""
    tree = parse(expr) if isinstance(expr, str) else expr
    ways, whole = _counts(tree, Work() if work is None else work)
    return Fraction(sum(total * count for total, count in ways.items()), whole)

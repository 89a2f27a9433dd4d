"""Dice notation as the rules texts write it, read into a tree, rolled, and printed.

Understood: ``NdS`` (``2d6``), a bare ``d`` meaning six sides as GURPS writes it
(``3d``, ``6d``, ``4d-1``), ``d%`` and ``d100`` for percentile dice, ``d66`` for two d6
read as tens and units (11-66), ``+``/``-`` modifiers, multipliers written ``×``, ``x``
or ``*`` (``2d6×10``, ``4d6x10``, ``3d×5``) and parentheses.

The three passes are separate, as in avrae's d20: :func:`parse` builds a tree,
:func:`roll` evaluates it with a :class:`~omen.dice.Dice`, and ``str(tree)`` prints it.
:func:`distribution` gives the exact chance of every total.

>>> from omen.dice import ScriptedDice
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
>>> parse("3d!")
Traceback (most recent call last):
omen.errors.NotationError: expected the number of sides after 'd' at position 3 in '3d!'
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

from omen.dice import Dice
from omen.errors import LimitError, NotationError
from omen.roll import N_, Roll, Step

MAX_TEXT = 200
MAX_DICE = 100
MAX_SIDES = 1000
MAX_NUMBER = 1_000_000
MAX_DEPTH = 20
MAX_OUTCOMES = 20_000

_TIMES = "×xX*"


@dataclass(frozen=True)
class Number:
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
    operand: Expr

    def __str__(self) -> str:
        return f"-{_wrap(self.operand)}"


@dataclass(frozen=True)
class BinOp:
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
        while self.pos < len(self.text) and self.text[self.pos].isdigit():
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
        if self.pos < len(self.text) and self.text[self.pos] in "dD":
            return self.dice_term(start, 1 if count is None else count)
        if count is None:
            raise self.fail(N_("a number or a die such as d6"))
        return Number(count)

    def dice_term(self, start: int, count: int) -> DiceTerm:
        self.pos += 1  # the 'd'
        if count < 1:
            self.pos = start
            raise self.fail(N_("at least one die"))
        rest = self.text[self.pos] if self.pos < len(self.text) else ""
        if rest == "%":
            self.pos += 1
            sides = 100
        elif rest.isdigit():
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
    """Read a dice expression; raises :class:`~omen.errors.NotationError` if it can't."""
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


MAX_PAIRS = 200_000


def _combine(a: Distribution, b: Distribution, op: Callable[[int, int], int]) -> Distribution:
    if len(a) * len(b) > MAX_PAIRS:
        raise LimitError(Step(N_("Too many possible totals to work out the odds exactly.")))
    out: Distribution = {}
    for x, px in a.items():
        for y, py in b.items():
            z = op(x, y)
            out[z] = out.get(z, Fraction(0)) + px * py
    if len(out) > MAX_OUTCOMES:
        raise LimitError(Step(N_("Too many possible totals to work out the odds exactly.")))
    return out


MAX_WORK = 600_000  # additions of whole-number counts; about a tenth of a second


def _dice_sum(term: DiceTerm) -> Distribution:
    """The sum of ``count`` dice, convolved with whole-number counts (fast), then divided."""
    faces = list(_die(term.sides))
    # Adding die k costs (k - 1) * (faces - 1) + 1 totals times the faces.
    work = sum(((k - 1) * (len(faces) - 1) + 1) * len(faces) for k in range(1, term.count + 1))
    if work > MAX_WORK or term.count * len(faces) > MAX_OUTCOMES:
        raise LimitError(Step(N_("Too many possible totals to work out the odds exactly.")))
    counts: dict[int, int] = {0: 1}
    for _ in range(term.count):
        following: dict[int, int] = {}
        for total, ways in counts.items():
            for face in faces:
                following[total + face] = following.get(total + face, 0) + ways
        counts = following
    whole = len(faces) ** term.count
    return {total: Fraction(ways, whole) for total, ways in sorted(counts.items())}


def _die(sides: int) -> Distribution:
    if sides == 66:
        return {t * 10 + u: Fraction(1, 36) for t in range(1, 7) for u in range(1, 7)}
    return {face: Fraction(1, sides) for face in range(1, sides + 1)}


def distribution(expr: Expr | str) -> Distribution:
    """The exact chance of every possible total, as fractions summing to 1."""
    tree = parse(expr) if isinstance(expr, str) else expr
    if isinstance(tree, Number):
        return {tree.value: Fraction(1)}
    if isinstance(tree, DiceTerm):
        return _dice_sum(tree)
    if isinstance(tree, Negate):
        return {-v: p for v, p in distribution(tree.operand).items()}
    left, right = distribution(tree.left), distribution(tree.right)
    if tree.op == "+":
        return _combine(left, right, lambda x, y: x + y)
    if tree.op == "-":
        return _combine(left, right, lambda x, y: x - y)
    return _combine(left, right, lambda x, y: x * y)


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


def mean(expr: Expr | str) -> Fraction:
    """The exact average total."""
    return sum((v * p for v, p in distribution(expr).items()), Fraction(0))

"""Time passes: the game master lets a span of time go by, and everything that depends on
time follows it, with the exact odds of what the span may bring before it is rolled.

Omen's own procedure (no rule book describes it): a referee at the table often says
"ten minutes of searching", "we rest an hour" or "a day on the road" instead of playing
each turn. **Time passes** plays that span turn by turn in the game's own units (an
exploration turn, an OSE ten-minute turn or an hour of six of them, a day of travel):
each turn is the game's ordinary turn, with its check if one falls due, its lights and
timers burning down and its rest counted, rolled in order. The first encounter stops
the run (the party has something in front of it; the rest of the span never happens).
The whole span is one result in the log, and one Undo takes it all back.

**Look-ahead.** Before the span is rolled, the chance of at least one encounter within
it is exact: each game describes one check as a *transition* (from a state, the chance
of each result, what kind of result it is, and the state it leaves), the same rule its
roll follows, and the odds over ``n`` checks are enumerated from it, state by state (a
Tension pool shrinks as it goes, an OSE schedule checks every other turn). The same
enumeration gives the chance of at least one result of any other kind the check can
give (a sign, omen or clue; a Voidcrawl Setback), counted as the span is played: the
run stops at the first encounter, so a sign counts only before it.

>>> from fractions import Fraction
>>> chance_within(None, encounter_die_transition, 3)
Fraction(91, 216)
>>> chance_within(None, encounter_die_transition, 1, EncounterKind.SIGN)
Fraction(1, 3)
>>> chance_within(4, tension_transition(TensionSettings()), 1)
Fraction(1, 2)
>>> Span(2, Unit.HOUR).turns(10)
12
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import cache, lru_cache
from typing import Any, TypeVar

from omen.campaign.exploration import (
    EncounterKind,
    Procedure,
    TensionSettings,
    _decrement_chance,
    encounter_die,
    real_turn_minutes,
)
from omen.campaign.state import Exploration, Outcome, check, tension_settings
from omen.campaign.tables import Library
from omen.campaign.timers import Unit as Counted
from omen.campaign.timers import span_holds
from omen.campaign.voidcrawl import (
    CrawlOdds,
    Kind,
    Voidcrawl,
    VoidcrawlSettings,
    default_voidcrawl,
    voidcrawl_odds,
)
from omen.core.dice import Dice, ScriptedDice
from omen.core.errors import RulesError
from omen.core.roll import N_, Step
from omen.core.setting import Value

MAX_SPAN_TURNS = 144  # a day of ten-minute turns: a longer span is a day of travel
MAX_COUNT = 144
KIND = "time_passes"


class Unit(enum.Enum):
    """A unit of time a span is counted in."""

    TURN = "turn"  # the game's own turn (an exploration turn, a ten-minute dungeon turn)
    HOUR = "hour"  # whole turns making an hour
    DAY = "day"  # a day of travel: the game's day procedure, played once a day
    REAL = "real"  # real minutes at the table, a turn for every so many of them


def turns_in_hour(minutes_per_turn: int) -> Fraction:
    """How many turns of ``minutes_per_turn`` minutes an hour holds, by the one rule of
    how units relate (:func:`omen.campaign.timers.span_holds`).

    >>> turns_in_hour(10), turns_in_hour(25)
    (Fraction(6, 1), Fraction(12, 5))
    """
    return span_holds(Counted.HOUR, Counted.TURN, minutes_per_turn) or Fraction(0)


@dataclass(frozen=True)
class Span:
    """How much time passes: a count of a unit."""

    count: int
    unit: Unit

    def __post_init__(self) -> None:
        if (
            not isinstance(self.count, int)
            or isinstance(self.count, bool)
            or not 1 <= self.count <= MAX_COUNT
        ):
            raise RulesError(
                Step(
                    N_("Time passes by a whole number from 1 to {limit}."),
                    {"limit": MAX_COUNT},
                )
            )
        if not isinstance(self.unit, Unit):
            raise RulesError(Step(N_("Time passes in turns, hours, days or real minutes.")))

    def real(self) -> bool:
        """Whether the span is counted in real minutes at the table."""
        return self.unit is Unit.REAL

    def text(self) -> Step:
        """The span in words: "3 turns", "1 hour"."""
        count = {"count": self.count}
        if self.unit is Unit.HOUR:
            return Step(N_("{count} hour"), count, plural=N_("{count} hours"))
        if self.unit is Unit.DAY:
            return Step(N_("{count} day"), count, plural=N_("{count} days"))
        if self.unit is Unit.REAL:
            return Step(N_("{count} real minute"), count, plural=N_("{count} real minutes"))
        return Step(N_("{count} turn"), count, plural=N_("{count} turns"))

    def turns(self, minutes_per_turn: int, real_per_turn: int = 25) -> int:
        """How many turns of ``minutes_per_turn`` minutes the span holds.

        A day of travel is not counted in turns: its game plays a day procedure
        (:func:`run`, called once a day), so asking for its turns is a mistake.
        Real minutes at the table make a turn for every whole ``real_per_turn`` of them
        (Liminal Horror counts 20 to 30 real minutes without conflict as a turn); the
        minutes left over make no turn.

        >>> Span(1, Unit.HOUR).turns(25)
        Traceback (most recent call last):
        omen.core.errors.RulesError: An hour is not a whole number of 25-minute turns: pass the time in turns.
        >>> Span(80, Unit.REAL).turns(10, 25)
        3
        """
        if self.unit is Unit.TURN:
            return self.count
        if self.unit is Unit.REAL:
            return self._real_turns(real_per_turn)
        if self.unit is Unit.DAY:
            raise RulesError(Step(N_("A day of travel is played a day at a time, not in turns.")))
        holds = turns_in_hour(minutes_per_turn) if minutes_per_turn >= 1 else Fraction(0)
        if not holds or holds.denominator != 1:
            raise RulesError(
                Step(
                    N_(
                        "An hour is not a whole number of {minutes}-minute turns: "
                        "pass the time in turns."
                    ),
                    {"minutes": minutes_per_turn},
                )
            )
        turns = self.count * holds.numerator
        if turns > MAX_SPAN_TURNS:
            raise RulesError(
                Step(
                    N_("At most {limit} turns pass at once."),
                    {"limit": MAX_SPAN_TURNS},
                )
            )
        return turns

    def _real_turns(self, real_per_turn: int) -> int:
        if isinstance(real_per_turn, bool) or not isinstance(real_per_turn, int):
            real_per_turn = 25
        real_per_turn = max(real_per_turn, 1)
        turns = self.count // real_per_turn
        if turns < 1:
            raise RulesError(
                Step(
                    N_(
                        "Too few real minutes for a turn: a turn is {minutes} real "
                        "minutes at the table."
                    ),
                    {"minutes": real_per_turn},
                )
            )
        return turns


# --- the exact look-ahead -------------------------------------------------------------

S = TypeVar("S", bound=Hashable)
# One check from a state: each result's chance, its kind (EncounterKind.ENCOUNTER stops the
# run; any other kind, an EncounterKind or a game's own, goes on), and the state after.
Transition = Callable[[S], Sequence[tuple[Fraction, Hashable, S]]]
ENCOUNTER = EncounterKind.ENCOUNTER


def chance_within(
    start: S, transition: Transition[S], checks: int, kind: Hashable = ENCOUNTER
) -> Fraction:
    """The exact chance of at least one result of ``kind`` (an encounter unless said)
    within ``checks`` checks from ``start``, each check following ``transition``
    (enumerated, state by state); the run stops at the first encounter.

    A transition is a rule: the same one from the same state always gives the same
    chances. So what one question works out (the chance from each state it passes
    through, with so many checks left) is kept with its transition and kind, and a later
    question reads it: the look-ahead from the Tension Die's full pool works out every
    smaller pool's too, and the next turns' look-aheads are read, not worked again.

    >>> chance_within(None, encounter_die_transition, 0)
    Fraction(0, 1)
    >>> chance_within(None, encounter_die_transition, 2, EncounterKind.SIGN)  # 1/3 + 1/2 * 1/3
    Fraction(1, 2)
    """
    if checks < 0:
        raise RulesError(Step(N_("A number of checks cannot be negative.")))
    memo = _worked_out(transition, kind)

    def within(state: S, left: int) -> Fraction:
        if left == 0:
            return Fraction(0)
        key = (state, left)
        if key not in memo:
            total = Fraction(0)
            for chance, result, after in transition(state):
                if result == kind:
                    total += chance
                elif result != ENCOUNTER:
                    total += chance * within(after, left - 1)
            memo[key] = total
        return memo[key]

    return within(start, checks)


KEPT_RULES = 32  # transitions whose worked-out chances are kept, the latest used


@lru_cache(maxsize=KEPT_RULES)
def _worked_out(_transition: Transition[Any], _kind: Hashable) -> dict[tuple[Any, int], Fraction]:
    """The chances :func:`chance_within` has worked out for one transition and kind: by
    the state and the checks left."""
    return {}


def kinds_of(start: S, transition: Transition[S]) -> tuple[Hashable, ...]:
    """The kinds of result one check from ``start`` can give (a chance above 0), in the
    transition's order, each once: what a look-ahead names."""
    seen: list[Hashable] = []
    for chance, result, _after in transition(start):
        if chance and result not in seen:
            seen.append(result)
    return tuple(seen)


def _encounter_die_results() -> tuple[tuple[Fraction, EncounterKind, None], ...]:
    """Each face of the d6 run through :func:`encounter_die` itself."""
    sixth = Fraction(1, 6)
    return tuple((sixth, encounter_die(ScriptedDice([face])).kind, None) for face in range(1, 7))


_ENCOUNTER_DIE = _encounter_die_results()


def encounter_die_transition(_state: None) -> Sequence[tuple[Fraction, EncounterKind, None]]:
    """The Encounter Die: the same d6 every check, no state carried."""
    return _ENCOUNTER_DIE


@lru_cache(maxsize=8)
def tension_transition(settings: TensionSettings) -> Transition[int]:
    """The Tension Die from a pool: each amount a check takes off, and the pool it
    leaves (an emptied pool is an encounter; it resets, which the run never reaches).
    One transition per set of settings, each pool's chances worked out once.

    >>> tension_transition(TensionSettings()) is tension_transition(TensionSettings())
    True
    """

    @cache
    def step(pool: int) -> Sequence[tuple[Fraction, Hashable, int]]:
        pool = max(pool, 1)
        out: list[tuple[Fraction, Hashable, int]] = []
        below = Fraction(0)
        for taken in range(1, pool):
            chance = _decrement_chance(taken, settings.keep_exploding)
            if chance:
                out.append((chance, EncounterKind.NOTHING, pool - taken))
                below += chance
        out.append((1 - below, ENCOUNTER, settings.start))
        return tuple(out)

    return step


def constant_transition(chance: Fraction, sign: Fraction = Fraction(0)) -> Transition[None]:
    """A check that has the same chances every time (a wilderness day in one terrain, a
    check table's roll): an encounter, a sign (none unless given), or nothing.

    >>> [kind.value for _, kind, _ in constant_transition(Fraction(1, 6), Fraction(1, 2))(None)]
    ['encounter', 'sign', 'nothing']
    """

    def step(_state: None) -> Sequence[tuple[Fraction, Hashable, None]]:
        return (
            (chance, ENCOUNTER, None),
            (sign, EncounterKind.SIGN, None),
            (1 - chance - sign, EncounterKind.NOTHING, None),
        )

    return step


def voidcrawl_transition(crawl: CrawlOdds) -> Transition[None]:
    """The Voidcrawl under fixed conditions: each kind of result at its chance after the
    filters (:func:`omen.campaign.voidcrawl.voidcrawl_odds`, what the check rolls by);
    a Day or Night Encounter is an encounter, a result the filters hold back is nothing.
    """
    results: list[tuple[Fraction, Hashable, None]] = []
    for kind, chance in crawl.kinds:
        if kind in (Kind.DAY_ENCOUNTER, Kind.NIGHT_ENCOUNTER):
            results.append((chance, ENCOUNTER, None))
        elif kind is Kind.NOTHING:
            results.append((chance, EncounterKind.NOTHING, None))
        else:
            results.append((chance, kind, None))
    fixed = tuple(results)

    def step(_state: None) -> Sequence[tuple[Fraction, Hashable, None]]:
        return fixed

    return step


# --- playing the span -----------------------------------------------------------------

T = TypeVar("T")


@dataclass(frozen=True)
class Run:
    """What a span did: how many of its turns (or days) were played, and whether an
    encounter stopped it."""

    played: int
    planned: int
    stopped: bool


def run(
    state: T,
    planned: int,
    one: Callable[[T], tuple[T, Outcome]],
) -> tuple[T, Run, tuple[Step, ...], Outcome | None]:
    """Play ``one`` (one turn, or one day) up to ``planned`` times, in order, stopping at
    the first encounter: the state after, what ran, every step (each turn's headline
    then its own steps), and the last turn's result.

    >>> from dataclasses import replace
    >>> def tick(n: int) -> tuple[int, Outcome]:
    ...     return n + 1, Outcome(Step("Turn {n}.", {"n": n + 1}), (), "encounter" if n == 2 else "nothing")
    >>> after, ran, steps, last = run(0, 5, tick)
    >>> after, ran.played, ran.stopped, [s.english() for s in steps]
    (3, 3, True, ['Turn 1.', 'Turn 2.', 'Turn 3.'])
    """
    steps: list[Step] = []
    last: Outcome | None = None
    played = 0
    for _ in range(planned):
        state, last = one(state)
        played += 1
        steps.append(last.title)
        steps.extend(last.steps)
        if last.kind == EncounterKind.ENCOUNTER.value:
            return state, Run(played, planned, True), tuple(steps), last
    return state, Run(played, planned, False), tuple(steps), last


def headline(span: Span, ran: Run, last: Outcome | None, said: Step | None = None) -> Step:
    """The span's headline: how much time passed and what stopped it.

    >>> ran = Run(2, 3, True)
    >>> headline(Span(3, Unit.TURN), ran, Outcome(Step("Turn 2: an encounter!"), (), "encounter")).english()
    'Time passes (3 turns): stopped after 2 by an encounter. Turn 2: an encounter!'
    """
    words = said or span.text()
    if last is None:
        return Step(N_("Time passes ({span})."), {"span": words})
    if ran.stopped and ran.played < ran.planned:
        return Step(
            N_("Time passes ({span}): stopped after {count} by an encounter. {last}"),
            {"span": words, "count": ran.played, "last": last.title},
        )
    return Step(N_("Time passes ({span}). {last}"), {"span": words, "last": last.title})


def outcome(
    span: Span,
    ran: Run,
    steps: tuple[Step, ...],
    last: Outcome | None,
    said: Step | None = None,
) -> Outcome:
    """The span as one result for the log: its headline (the span in ``said``'s words
    when a game names its turns its own way), every turn's steps, and an encounter's
    kind when one stopped it."""
    kind = EncounterKind.ENCOUNTER.value if ran.stopped else EncounterKind.NOTHING.value
    return Outcome(headline(span, ran, last, said), steps, kind)


# --- the exploration turn (Liminal Horror's checks, every game that plays them) ----------


def pass_exploration(
    state: Exploration,
    values: dict[str, Value],
    dice: Dice,
    span: Span,
    *,
    library: Library | None = None,
    voidcrawl: Voidcrawl | None = None,
    investigators: Sequence[str] = (),
    game: str = "",
) -> tuple[Exploration, Outcome]:
    """A span of exploration turns: each turn its check, by the procedure chosen (a
    violent row in ``game``'s words).

    >>> state, result = pass_exploration(
    ...     Exploration(procedure=Procedure.ENCOUNTER_DIE), {"turn.minutes": 10},
    ...     ScriptedDice([4, 1, 6]), Span(3, Unit.TURN))
    >>> state.clock.turn, result.title.english()
    (2, 'Time passes (3 turns): stopped after 2 by an encounter. Encounter Die 1: An encounter happens now.')
    """
    turns = exploration_turns(values, span)

    def one(now: Exploration) -> tuple[Exploration, Outcome]:
        return check(
            now,
            values,
            dice,
            advance=True,
            library=library,
            voidcrawl=voidcrawl,
            investigators=investigators,
            game=game,
        )

    after, ran, steps, last = run(state, turns, one)
    result = outcome(span, ran, steps, last, span_words(span, turns))
    return replace(after, last=result), result


def exploration_turns(values: Mapping[str, Value], span: Span) -> int:
    """How many exploration turns ``span`` holds, by the turn's length in the game and,
    for real minutes, the real minutes that make a turn.

    >>> exploration_turns({"reminder.minutes": 20}, Span(70, Unit.REAL))
    3
    """
    minutes = values.get("turn.minutes", 10)
    game = minutes if isinstance(minutes, int) and not isinstance(minutes, bool) else 10
    return span.turns(game, real_turn_minutes(values))


def span_words(span: Span, turns: int) -> Step:
    """The span in words; real minutes say the turns they make.

    >>> span_words(Span(80, Unit.REAL), 3).english()
    '80 real minutes, 3 turns'
    """
    if not span.real():
        return span.text()
    return Step(
        N_("{span}, {count} turn"),
        {"span": span.text(), "count": turns},
        plural=N_("{span}, {count} turns"),
    )


def exploration_transition(
    state: Exploration,
    values: dict[str, Value],
    *,
    library: Library | None = None,
    voidcrawl: Voidcrawl | None = None,
) -> tuple[Hashable, Transition[Any]]:
    """Where the checks start and the transition each follows, by the procedure chosen,
    from the current pool and conditions."""
    if state.procedure is Procedure.TENSION_DIE:
        return state.pool, tension_transition(tension_settings(values))
    if state.procedure is Procedure.VOIDCRAWL:
        crawl = voidcrawl_odds(
            voidcrawl or default_voidcrawl(),
            state.conditions(library or Library()),
            VoidcrawlSettings.from_values(values),
        )
        return None, voidcrawl_transition(crawl)
    return None, encounter_die_transition


def exploration_within(
    state: Exploration,
    values: dict[str, Value],
    checks: int,
    *,
    library: Library | None = None,
    voidcrawl: Voidcrawl | None = None,
) -> Fraction:
    """The exact chance of at least one encounter in the next ``checks`` turns, by the
    procedure chosen, from the current pool and conditions.

    >>> from omen.campaign.settings import clean
    >>> exploration_within(Exploration(pool=4), clean({}), 1)
    Fraction(1, 2)
    """
    start, transition = exploration_transition(state, values, library=library, voidcrawl=voidcrawl)
    return chance_within(start, transition, checks)


def ahead(
    start: S, transition: Transition[S], checks: int
) -> tuple[tuple[Hashable, Fraction], ...]:
    """Each kind of result the checks can give but nothing, with the exact chance of at
    least one of it within ``checks`` checks: the encounter first, then the others in
    the transition's order (a kind no check can give is left out).

    >>> [(k.value, c) for k, c in ahead(None, encounter_die_transition, 1)]
    [('encounter', Fraction(1, 6)), ('sign', Fraction(1, 3))]
    """
    kinds = [k for k in kinds_of(start, transition) if k is not EncounterKind.NOTHING]
    kinds.sort(key=lambda k: k != ENCOUNTER)
    if ENCOUNTER not in kinds:
        kinds.insert(0, ENCOUNTER)
    return tuple((kind, chance_within(start, transition, checks, kind)) for kind in kinds)


def exploration_ahead(
    state: Exploration,
    values: dict[str, Value],
    checks: int,
    *,
    library: Library | None = None,
    voidcrawl: Voidcrawl | None = None,
) -> tuple[tuple[Hashable, Fraction], ...]:
    """The look-ahead of the next ``checks`` turns: at least one encounter, and at least
    one of every other kind of result the procedure can give (the Encounter Die's signs,
    omens and clues; each Voidcrawl result the filters let through).

    >>> from omen.campaign.settings import clean
    >>> [(k.value, c) for k, c in exploration_ahead(
    ...     Exploration(procedure=Procedure.ENCOUNTER_DIE), clean({}), 2)]
    [('encounter', Fraction(11, 36)), ('sign', Fraction(1, 2))]
    """
    start, transition = exploration_transition(state, values, library=library, voidcrawl=voidcrawl)
    return ahead(start, transition, checks)

"""Look-ahead odds name every kind of result a check can give, not only encounters: the
Encounter Die's signs, omens and clues (Liminal Horror's Explore, the GURPS road), a
check table's finds on the way, each Voidcrawl result the filters let through. Each
chance is exact and checked here against enumeration of the roll itself, played as the
span plays it (the first encounter stops the run, so a sign counts only before it)."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Hashable
from fractions import Fraction

import pytest

from omen.campaign import settings
from omen.campaign.clock import (
    Span,
    Unit,
    ahead,
    chance_within,
    encounter_die_transition,
    exploration_ahead,
)
from omen.campaign.exploration import EncounterKind, Procedure
from omen.campaign.state import Exploration, check
from omen.campaign.tables import Entry, Library, Table
from omen.campaign.voidcrawl import Kind, Phase
from omen.core.dice import ScriptedDice
from omen.gurps.span import look_ahead, span_turns
from omen.gurps.travel import Travel, TravelCheck, travel_turn
from omen.ose import span as ose_span
from omen.ose.turn import TurnState

VALUES = settings.clean({})
ENCOUNTER, SIGN = EncounterKind.ENCOUNTER, EncounterKind.SIGN


def enumerate_runs(
    checks: int, outcomes: list[tuple[Fraction, Hashable]], wanted: Hashable
) -> Fraction:
    """The chance of at least one ``wanted`` result in ``checks`` checks, each one of
    ``outcomes`` (chance, kind), by listing every sequence and playing it as a span
    plays: stopping at the first encounter."""
    total = Fraction(0)
    for sequence in itertools.product(outcomes, repeat=checks):
        chance, hit, played = Fraction(1), False, True
        for each, kind in sequence:
            chance *= each  # every check's chance: the ones after a stop sum to one
            if played and kind == wanted:
                hit = True
            if kind == ENCOUNTER:
                played = False  # the run stopped: what follows is never rolled
        if hit:
            total += chance
    return total


def faces_of(play: Callable[[list[int]], Hashable], sides: int) -> list[tuple[Fraction, Hashable]]:
    """Each face of one die, played through the real roll, with its kind."""
    return [(Fraction(1, sides), play([face])) for face in range(1, sides + 1)]


# --- Liminal Horror: the Encounter Die on Explore ---------------------------------------------


def encounter_die_kind(faces: list[int]) -> Hashable:
    state = Exploration(procedure=Procedure.ENCOUNTER_DIE)
    _, outcome = check(state, VALUES, ScriptedDice(faces), advance=True)
    return EncounterKind(outcome.kind)


@pytest.mark.parametrize("checks", range(1, 6))
def test_the_encounter_die_signs_within_n_turns_match_enumeration(checks: int) -> None:
    outcomes = faces_of(encounter_die_kind, 6)
    state = Exploration(procedure=Procedure.ENCOUNTER_DIE)
    got = dict(exploration_ahead(state, VALUES, checks))
    assert list(got) == [ENCOUNTER, SIGN]
    assert got[SIGN] == enumerate_runs(checks, outcomes, SIGN)
    assert got[ENCOUNTER] == enumerate_runs(checks, outcomes, ENCOUNTER)
    assert got[ENCOUNTER] == 1 - Fraction(5, 6) ** checks


def test_a_sign_after_the_encounter_is_never_rolled() -> None:
    # Two checks: a sign on the first (1/3), or nothing then a sign (1/2 * 1/3); an
    # encounter first stops the run.
    assert chance_within(None, encounter_die_transition, 2, SIGN) == Fraction(1, 2)


def test_the_tension_die_gives_encounters_only() -> None:
    kinds = [kind for kind, _ in exploration_ahead(Exploration(pool=12), VALUES, 3)]
    assert kinds == [ENCOUNTER]


# --- Liminal Horror: the Voidcrawl, each result the filters let through -----------------------


def voidcrawl_kind(phase: Phase) -> Callable[[list[int]], Hashable]:
    def play(faces: list[int]) -> Hashable:
        state = Exploration(procedure=Procedure.VOIDCRAWL, phase=phase)
        _, outcome = check(state, VALUES, ScriptedDice(faces), advance=True)
        if outcome.kind == ENCOUNTER.value:
            return ENCOUNTER
        if outcome.kind == "nothing":
            return EncounterKind.NOTHING
        return Kind(outcome.kind)

    return play


@pytest.mark.parametrize("phase", [Phase.DAY, Phase.NIGHT])
@pytest.mark.parametrize("checks", [1, 3])
def test_the_voidcrawl_kinds_within_n_turns_match_enumeration(phase: Phase, checks: int) -> None:
    outcomes = faces_of(voidcrawl_kind(phase), 6)
    state = Exploration(procedure=Procedure.VOIDCRAWL, phase=phase)
    got = dict(exploration_ahead(state, VALUES, checks))
    expected = [ENCOUNTER, Kind.CLUE, Kind.OMEN]
    if phase is Phase.NIGHT:
        expected += [Kind.SETBACK, Kind.HORROR]
    assert list(got) == expected  # by day Setback and Horror count as nothing
    for kind, chance in got.items():
        assert chance == enumerate_runs(checks, outcomes, kind), kind


# --- GURPS: the road, by the Encounter Die and by a check table ------------------------------


def road_kind(state: Travel, library: Library) -> Callable[[list[int]], Hashable]:
    def play(faces: list[int]) -> Hashable:
        _, outcome = travel_turn(state, library, None, 4, ScriptedDice(faces))
        return EncounterKind(outcome.kind)

    return play


@pytest.mark.parametrize("checks", range(1, 5))
def test_the_road_signs_within_n_travel_turns_match_enumeration(checks: int) -> None:
    outcomes = faces_of(road_kind(Travel(), Library()), 6)
    got = dict(look_ahead(Travel(), Library(), 4, Span(checks, Unit.TURN)))
    assert list(got) == [ENCOUNTER, SIGN]
    assert got[SIGN] == enumerate_runs(checks, outcomes, SIGN)
    assert got[ENCOUNTER] == enumerate_runs(checks, outcomes, ENCOUNTER)


BEASTS = Table(
    "beasts", "Beasts", "d2", (Entry("A bear", 1, 1, violent=True), Entry("Tracks", 2, 2))
)
ROAD = Table(
    "road",
    "The north road",
    "d8",
    (
        Entry("Two ogres", 1, 1, violent=True),
        Entry("A pedlar", 2, 2, reaction=True),
        Entry("An empty camp", 3, 4),
        Entry("Something in the trees", 5, 5, link="beasts"),
        # 6-8: no row covers them, nothing comes of it
    ),
)
LIBRARY = Library((ROAD, BEASTS))


def table_outcomes() -> list[tuple[Fraction, Hashable]]:
    """One check on the road's table, every face and linked face through the roll."""
    play = road_kind(Travel(TravelCheck.TABLE, "road"), LIBRARY)
    out: list[tuple[Fraction, Hashable]] = []
    for face in range(1, 9):
        if face == 5:
            out.extend((Fraction(1, 16), play([face, linked])) for linked in (1, 2))
        else:
            out.append((Fraction(1, 8), play([face])))
    return out


@pytest.mark.parametrize("checks", range(1, 4))
def test_a_check_tables_finds_within_n_travel_turns_match_enumeration(checks: int) -> None:
    outcomes = table_outcomes()
    state = Travel(TravelCheck.TABLE, "road")
    got = dict(look_ahead(state, LIBRARY, 4, Span(checks, Unit.TURN)))
    assert list(got) == [ENCOUNTER, SIGN]
    assert got[ENCOUNTER] == enumerate_runs(checks, outcomes, ENCOUNTER)
    assert got[SIGN] == enumerate_runs(checks, outcomes, SIGN)
    if checks == 1:
        assert (got[ENCOUNTER], got[SIGN]) == (Fraction(5, 16), Fraction(5, 16))


def test_a_day_on_the_road_counts_its_travel_turns() -> None:
    turns = span_turns(Span(1, Unit.DAY), 4)
    got = dict(look_ahead(Travel(), Library(), 4, Span(1, Unit.DAY)))
    assert got[SIGN] == chance_within(None, encounter_die_transition, turns, SIGN)


# --- OSE: its checks give wandering monsters or nobody -------------------------------------------


def test_the_ose_look_ahead_names_the_only_kind_its_check_gives() -> None:
    lines = ose_span.look_ahead(TurnState(), {}, Span(3, Unit.TURN))
    assert lines[0].key == "In the next {span}: {chance} at least one wandering monster."
    assert not any("sign" in line.key for line in lines)


def test_ahead_always_names_the_encounter_first() -> None:
    def never(_state: None) -> tuple[tuple[Fraction, Hashable, None], ...]:
        return ((Fraction(1), EncounterKind.NOTHING, None),)

    assert ahead(None, never, 3) == ((ENCOUNTER, Fraction(0)),)

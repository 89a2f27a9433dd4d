"""An Old-School Essentials encounter in progress, as the Encounter screen keeps it.

The rules live in :mod:`omen.ose.sequence` and :mod:`omen.campaign.reaction`; this module strings them
into the sequence a referee steps through (surprise, distance, reaction, rounds with
initiative, an action, evasion and pursuit, the conclusion) and remembers every step's
result, so a reload finds the encounter where it was left. Every action is a pure
function: it takes the session and returns the next one with an :class:`Outcome` for the
log, so undo is putting the earlier session back. The referee may take the steps in any
order; a step that needs an earlier result says so.

**Evasion only before the fight.** The rules allow an evasion only before combat
starts. Once the referee chooses *Fight* the session remembers that combat has begun
(:attr:`OseSession.combat`), and from then on :func:`evade` refuses with a sentence
saying why, even if another action is chosen later; only Undo takes the fight back.
Rounds played before anyone fights (a surprise round, a parley, moving about) do not
count as combat. Encounters stored before this rule (format 1) count as fighting when
their chosen action was *Fight*.

**Both sides surprised** (a visible setting). The wilderness evasion rules say that a
surprised side cannot evade and that a side which surprised its pursuers evades without
a roll; they say nothing of the case where *both* sides are surprised, where the rules
on surprise only say that nobody has the advantage. Omen's default rolls the usual
chance from the table, as if nobody were surprised; Settings, *Old-School Essentials*,
"Evasion when both sides are surprised" can instead treat the fleeing side as surprised
(it cannot evade). The setting is ``ose.both_surprised_evasion`` in
:mod:`omen.ose.settings`.

>>> from omen.core.dice import ScriptedDice
>>> session = OseSession(creature="Goblins")
>>> session, outcome = roll_surprise(session, ScriptedDice([5, 1]))
>>> outcome.title.english()
'The monsters are surprised: the party acts alone for one round.'
>>> session, outcome = roll_distance(session, ScriptedDice([3, 4]))
>>> outcome.title.english(), session.encounter.distance
('Distance: 70 feet', 70)
>>> session, outcome = roll_round(session, ScriptedDice([]))
>>> outcome.title.english()
'Round 1: the party acts alone'
>>> OseSession.from_json(session.to_json()) == session
True
>>> session, _ = choose_action(session, Action.FIGHT)
>>> evade(session, Flight(), ScriptedDice([]), {})
Traceback (most recent call last):
omen.core.errors.RulesError: The fight has begun: evasion is possible only before combat starts.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field, replace
from typing import Any

from omen.campaign.meeting import Meeting
from omen.campaign.reaction import OSE_REACTIONS, ReactionResult, reaction_roll, speaker_modifier
from omen.campaign.state import Outcome
from omen.core.dice import Dice
from omen.core.errors import RulesError, StoredDataError
from omen.core.roll import N_, Step, signed
from omen.core.setting import Value
from omen.core.store import Schema
from omen.ose import evasion
from omen.ose import morale as ose_morale
from omen.ose import sequence as ose
from omen.ose.evasion import (
    ChaseStatus,
    Drop,
    DungeonEvasionOutcome,
    EvasionChance,
    PursuitState,
    PursuitStatus,
    Terrain,
    WildernessEvasion,
    WildernessPursuit,
)
from omen.ose.morale import Morale, MoraleOdds
from omen.ose.sequence import Encounter, Place, Side, SideSetup, SurpriseOutcome
from omen.ose.settings import BothSurprised, Directions, Ties, Tiring
from omen.ose.turn import Mode as TurnMode
from omen.ose.turn import Terrain as TurnTerrain
from omen.ose.turn import TurnState, carries_light, darkness

KIND = "ose"
MAX_CREATURE = 120

# The stages whose latest result the screen shows in its own panel.
STAGES = (
    "surprise",
    "distance",
    "reaction",
    "initiative",
    "action",
    "evasion",
    "morale",
    "conclusion",
)


class Action(enum.Enum):
    """What the party chooses to do in an encounter: fight, parley, evade, and so on."""

    FIGHT = "fight"
    PARLEY = "parley"
    EVADE = "evade"


ACTION_TEXT = {
    Action.FIGHT: N_("Fight: the encounter goes on in combat rounds."),
    Action.PARLEY: N_("Parley: the sides talk; the reaction roll sets the tone."),
    Action.EVADE: N_("Evade: one side tries to get away."),
}

ORDER_WORDS = {
    ose.Order.PARTY_FIRST: N_("the party acts first"),
    ose.Order.MONSTERS_FIRST: N_("the monsters act first"),
    ose.Order.SIMULTANEOUS: N_("both sides act at the same time"),
    ose.Order.PARTY_ALONE: N_("the party acts alone"),
    ose.Order.MONSTERS_ALONE: N_("the monsters act alone"),
}

SIDE_WORDS = {Side.PARTY: N_("the party"), Side.MONSTERS: N_("the monsters")}


def _bad() -> StoredDataError:
    return StoredDataError(Step(N_("A stored encounter is damaged and cannot be read.")))


@dataclass(frozen=True)
class Flight:
    """Who flees and how: what the evasion rules need besides the encounter itself.

    Speeds are base speeds (feet per round in a dungeon and on water); group sizes and
    terrain count only in the wilderness; ``forced_to_stop`` only in a dungeon.
    """

    fleeing: Side = Side.PARTY
    fleeing_speed: int = 120
    pursuer_speed: int = 120
    fleeing_count: int = 1
    pursuer_count: int = 1
    terrain: Terrain = Terrain.OPEN
    modifier: int = 0
    forced_to_stop: bool = False


# Numbers typed in the form: as many digits as the screen accepts.
MAX_FORM_NUMBER = 9_999_999
DEFAULT_FLIGHT = Flight(fleeing_count=4, pursuer_count=4)


@dataclass(frozen=True)
class Form:
    """What the referee set in the screen's fields, kept with the encounter so a reload
    finds them as they were: who flees and how, what is dropped in a pursuit, the
    movement question, and the speaker's Charisma (``nobody_talks`` keeps the score
    for when someone talks again)."""

    flight: Flight = DEFAULT_FLIGHT
    drop: Drop = Drop.NOTHING
    tempted: bool = False
    move_speed: int = 120
    move_rounds: int = 1
    charisma: int = 10
    nobody_talks: bool = False

    def to_json(self) -> dict[str, Any]:
        """Its stored form: plain JSON values (dicts, lists, text, numbers)."""
        f = self.flight
        return {
            "fleeing": f.fleeing.value,
            "fleeing_speed": f.fleeing_speed,
            "pursuer_speed": f.pursuer_speed,
            "fleeing_count": f.fleeing_count,
            "pursuer_count": f.pursuer_count,
            "terrain": f.terrain.value,
            "modifier": f.modifier,
            "forced_to_stop": f.forced_to_stop,
            "drop": self.drop.value,
            "tempted": self.tempted,
            "move_speed": self.move_speed,
            "move_rounds": self.move_rounds,
            "charisma": self.charisma,
            "nobody_talks": self.nobody_talks,
        }

    @classmethod
    def from_json(cls, data: Any) -> Form:
        """A missing field takes its default (older saves have none); a field of the
        wrong type means damaged data."""
        if not isinstance(data, dict):
            raise _bad()
        base = cls().to_json()
        if not set(data) <= set(base):
            raise _bad()
        merged = {**base, **data}
        for key, default in base.items():
            value = merged[key]
            if isinstance(default, bool):
                if not isinstance(value, bool):
                    raise _bad()
            elif isinstance(default, int):
                if (
                    not isinstance(value, int)
                    or isinstance(value, bool)
                    or abs(value) > MAX_FORM_NUMBER
                ):
                    raise _bad()
            elif not isinstance(value, str):
                raise _bad()
        try:
            flight = Flight(
                Side(merged["fleeing"]),
                merged["fleeing_speed"],
                merged["pursuer_speed"],
                merged["fleeing_count"],
                merged["pursuer_count"],
                Terrain(merged["terrain"]),
                merged["modifier"],
                merged["forced_to_stop"],
            )
            drop = Drop(merged["drop"])
        except ValueError as error:
            raise _bad() from error
        return cls(
            flight,
            drop,
            merged["tempted"],
            merged["move_speed"],
            merged["move_rounds"],
            merged["charisma"],
            merged["nobody_talks"],
        )


@dataclass(frozen=True)
class OseSession:
    """The encounter's set-up, its state, and the latest result of every stage."""

    creature: str = ""
    encounter: Encounter = field(default_factory=lambda: Encounter(Place.DUNGEON))
    dark: bool = True
    party: SideSetup = field(default_factory=SideSetup)
    monsters: SideSetup = field(default_factory=SideSetup)
    results: dict[str, Outcome] = field(default_factory=dict)
    latest: str = ""  # the stage shown at the top of the screen
    reaction: ReactionResult | None = None
    action: Action | None = None
    pursuit: PursuitState | None = None  # a dungeon pursuit, round by round
    chase: WildernessPursuit | None = None  # a wilderness pursuit, day by day
    form: Form = field(default_factory=Form)  # the fields as the referee left them
    combat: bool = False  # Fight was chosen: from then on evasion is refused
    morale: Morale = field(default_factory=Morale)  # the monsters' score and losses

    @property
    def place(self) -> Place:
        """Where the encounter happens."""
        return self.encounter.place

    def to_json(self) -> dict[str, Any]:
        """Its stored form: plain JSON values (dicts, lists, text, numbers)."""
        return {
            "creature": self.creature,
            "encounter": self.encounter.to_json(),
            "dark": self.dark,
            "party": _setup_json(self.party),
            "monsters": _setup_json(self.monsters),
            "results": {stage: outcome.to_json() for stage, outcome in self.results.items()},
            "latest": self.latest,
            "reaction": None if self.reaction is None else self.reaction.to_json(),
            "action": None if self.action is None else self.action.value,
            "pursuit": None if self.pursuit is None else self.pursuit.to_json(),
            "chase": None if self.chase is None else self.chase.to_json(),
            "form": self.form.to_json(),
            "combat": self.combat,
            "morale": self.morale.to_json(),
        }

    @classmethod
    def from_json(cls, data: Any) -> OseSession:
        """Read its stored form back; a :class:`RulesError` saying what does not fit."""
        if not isinstance(data, dict):
            raise _bad()
        creature, dark, latest = data.get("creature"), data.get("dark"), data.get("latest")
        results = data.get("results")
        # Saved before the fight was remembered (an Undo may bring one back from the log):
        # a chosen Fight means the fight has begun.
        combat = data.get("combat", data.get("action") == Action.FIGHT.value)
        if (
            not isinstance(creature, str)
            or not isinstance(combat, bool)
            or len(creature) > MAX_CREATURE
            or not isinstance(dark, bool)
            or not isinstance(latest, str)
            or not isinstance(results, dict)
            or not set(results) <= set(STAGES)
            or latest not in ("", *STAGES)
        ):
            raise _bad()
        try:
            action = data.get("action")
            reaction, pursuit, chase = data.get("reaction"), data.get("pursuit"), data.get("chase")
            return cls(
                creature,
                Encounter.from_json(data.get("encounter")),
                dark,
                _setup(data.get("party")),
                _setup(data.get("monsters")),
                {stage: Outcome.from_json(value) for stage, value in results.items()},
                latest,
                None if reaction is None else ReactionResult.from_json(reaction),
                None if action is None else Action(action),
                None if pursuit is None else PursuitState.from_json(pursuit),
                None if chase is None else WildernessPursuit.from_json(chase),
                Form.from_json(data["form"]) if "form" in data else Form(),
                combat,
                Morale.from_json(data["morale"]) if "morale" in data else Morale(),
            )
        except StoredDataError:
            raise
        except (RulesError, ValueError) as error:
            raise _bad() from error


def _setup_json(setup: SideSetup) -> dict[str, Any]:
    return {"unaware": setup.unaware, "light": setup.light, "surprised_on": setup.surprised_on}


def _setup(data: Any) -> SideSetup:
    if not isinstance(data, dict):
        raise _bad()
    unaware, light, top = data.get("unaware"), data.get("light"), data.get("surprised_on")
    if not isinstance(unaware, bool) or not isinstance(light, bool):
        raise _bad()
    if not isinstance(top, int) or isinstance(top, bool):
        raise _bad()
    return SideSetup(unaware, light, top)


def _fight_remembered(data: Any) -> Any:
    """Format 1 to 2: the session remembers whether the fight has begun (it has when the
    chosen action was Fight)."""
    if not isinstance(data, dict):
        raise _bad()
    return {**data, "combat": data.get("action") == Action.FIGHT.value}


def _morale_kept(data: Any) -> Any:
    """Format 2 to 3: the session keeps the monsters' morale (the usual score of 7, one
    monster, nobody down yet)."""
    if not isinstance(data, dict):
        raise _bad()
    return {**data, "morale": Morale().to_json()}


def _adjustment_kept(data: Any) -> Any:
    """Format 3 to 4: the monsters' morale keeps the referee's situation adjustment
    (none, until the referee sets one)."""
    if not isinstance(data, dict) or not isinstance(data.get("morale"), dict):
        raise _bad()
    return {**data, "morale": {**data["morale"], "adjustment": 0}}


SCHEMA: Schema[OseSession] = Schema(
    "ose_encounter",
    4,
    {1: _fight_remembered, 2: _morale_kept, 3: _adjustment_kept},
    OseSession.from_json,
)

NO_EVASION_IN_COMBAT = N_("The fight has begun: evasion is possible only before combat starts.")


def new_session(creature: str = "", place: Place = Place.DUNGEON) -> OseSession:
    """A fresh encounter, before any roll."""
    return OseSession(creature=creature.strip()[:MAX_CREATURE], encounter=Encounter(place))


def _done(
    session: OseSession, stage: str, outcome: Outcome, **changes: Any
) -> tuple[OseSession, Outcome]:
    results = {**session.results, stage: outcome}
    return replace(session, results=results, latest=stage, **changes), outcome


# --- set-up ----------------------------------------------------------------------------


def from_clock(creature: str, clock: TurnState) -> OseSession:
    """A fresh encounter with a creature met on the turn clock: the place (a dungeon, or
    the wilderness on a day of travel), the dark (a dungeon is; a day of travel is not)
    and the party's light (a torch or lantern burning) come from the clock; everything
    else starts afresh, nothing of an earlier encounter carried over (the table row and
    the location fill the rest, :func:`from_meeting`).

    >>> from omen.ose.turn import LightKind, Mode, add_light
    >>> s = from_clock("Ghouls", add_light(TurnState(), LightKind.TORCH))
    >>> s.place.value, s.dark, s.party.light
    ('dungeon', True, True)
    >>> s = from_clock("Wolves", TurnState(mode=Mode.WILDERNESS))
    >>> s.place.value, s.dark, s.party.light
    ('wilderness', False, False)
    """
    place = Place.DUNGEON if clock.mode is TurnMode.DUNGEON else Place.WILDERNESS
    fresh = new_session(creature, place)
    return replace(fresh, dark=darkness(clock), party=SideSetup(light=carries_light(clock)))


def fresh_encounter(creature: str, before: OseSession) -> OseSession:
    """A new encounter where the last one was: its place, dark and the party's light
    stay (where the party is); the rest starts afresh (who is unaware, the monsters'
    side, the form, morale), nothing of the last encounter's rolls or fields carried
    over.

    >>> before = OseSession(form=Form(flight=Flight(pursuer_speed=60)), dark=False)
    >>> s = fresh_encounter("Orcs", before)
    >>> s.form.flight.pursuer_speed, s.dark, s.creature
    (120, False, 'Orcs')
    """
    fresh = new_session(creature, before.place)
    return replace(fresh, dark=before.dark, party=SideSetup(light=before.party.light))


# The wilderness terrains where the evasion rules count the land as dense woods.
DENSE_WOODS = frozenset({TurnTerrain.FOREST.value, TurnTerrain.JUNGLE.value})


def from_meeting(session: OseSession, meeting: Meeting) -> OseSession:
    """A fresh encounter's set-up filled from what the party met (see
    :mod:`omen.campaign.meeting`): how many came is the monsters' side in a pursuit
    (pursuers when the party flees, the fleeing group when the monsters do) and in a
    morale check; the row's morale is the monsters' morale score; the location's
    terrain is the evasion's terrain (dense woods in forest and jungle, open land in
    any other). What the meeting does not give stays as it was.

    >>> from omen.campaign.table_draw import Found
    >>> from omen.campaign.tables import read_stats
    >>> met = Meeting("lizard men", found=Found(2, read_stats("ML 12")), terrain="forest")
    >>> s = from_meeting(OseSession(), met)
    >>> s.morale.score, s.morale.group, s.form.flight.pursuer_count, s.form.flight.terrain.value
    (12, 2, 2, 'dense_woods')
    """
    stats, count = meeting.stats, meeting.count
    morale, flight = session.morale, session.form.flight
    if stats.morale is not None:
        morale = replace(morale, score=stats.morale)
    if count is not None and 1 <= count <= ose.MAX_GROUP:
        morale = replace(morale, group=count, killed=0, out=0)
        if flight.fleeing is Side.PARTY:
            flight = replace(flight, pursuer_count=count)
        else:
            flight = replace(flight, fleeing_count=count)
    if meeting.terrain in {t.value for t in TurnTerrain}:
        dense = meeting.terrain in DENSE_WOODS
        flight = replace(flight, terrain=Terrain.DENSE_WOODS if dense else Terrain.OPEN)
    form = replace(session.form, flight=flight)
    return replace(session, morale=morale, form=form)


def set_up(
    session: OseSession,
    *,
    place: Place | None = None,
    dark: bool | None = None,
    party: SideSetup | None = None,
    monsters: SideSetup | None = None,
    creature: str | None = None,
    form: Form | None = None,
) -> OseSession:
    """Change the situation before (or between) the rolls."""
    encounter = session.encounter
    if place is not None and place is not encounter.place:
        # distances are kept in the place's unit, so a new place drops the old distance
        encounter = replace(encounter, place=place, distance=None)
    return replace(
        session,
        encounter=encounter,
        dark=session.dark if dark is None else dark,
        party=session.party if party is None else party,
        monsters=session.monsters if monsters is None else monsters,
        creature=session.creature if creature is None else creature.strip()[:MAX_CREATURE],
        form=session.form if form is None else form,
    )


# --- the steps --------------------------------------------------------------------------


def surprise_odds(session: OseSession) -> ose.SurpriseOdds:
    """The exact surprise odds for this session's sides and light."""
    return ose.surprise_odds(session.party, session.monsters, dark=session.dark)


def roll_surprise(session: OseSession, dice: Dice) -> tuple[OseSession, Outcome]:
    """One d6 for every unaware side; the outcome in words is the headline.

    A distance rolled before the surprise (the referee took the steps out of order) was
    rolled on the dice for sides not surprised; outdoors a surprised side meets at
    1d4×10 yards, so when the surprise changes the dice that distance is taken off and
    the steps say to roll it again.

    >>> from omen.core.dice import ScriptedDice
    >>> s, _ = roll_distance(new_session("Wolves", ose.Place.WILDERNESS), ScriptedDice([6] * 4))
    >>> s.encounter.distance
    240
    >>> s, outcome = roll_surprise(s, ScriptedDice([1, 5]))
    >>> s.encounter.distance, next_step(s), outcome.steps[-1].english()
    (None, 'distance', 'The distance rolled before was for sides not surprised: roll it again on 1d4×10 yards.')
    """
    result = ose.surprise(session.party, session.monsters, dice, dark=session.dark)
    steps = result.steps
    encounter = replace(session.encounter, surprise=result.outcome)
    rolled_before = "distance" in session.results
    if rolled_before and distance_dice(session) != ose.distance_dice(
        session.place, result.outcome.anyone
    ):
        encounter = replace(encounter, distance=None)
        results = {k: v for k, v in session.results.items() if k != "distance"}
        session = replace(session, results=results)
        steps = (
            *steps,
            Step(
                N_(
                    "The distance rolled before was for sides not surprised: roll it again "
                    "on {dice} yards."
                ),
                {"dice": ose.distance_dice(session.place, result.outcome.anyone)},
            ),
        )
    outcome = Outcome(Step(ose.OUTCOME_TEXT[result.outcome]), steps, KIND)
    return _done(session, "surprise", outcome, encounter=encounter)


def distance_dice(session: OseSession) -> str:
    """The dice for the encounter distance in this place (fewer when someone is surprised)."""
    return ose.distance_dice(session.place, session.encounter.surprise.anyone)


def roll_distance(session: OseSession, dice: Dice) -> tuple[OseSession, Outcome]:
    """How far apart the sides are (surprise shortens it outdoors)."""
    result = ose.encounter_distance(
        session.place, dice, surprised=session.encounter.surprise.anyone
    )
    title = Step(N_("Distance: {distance}"), {"distance": ose.measure(result.value, result.unit)})
    encounter = replace(session.encounter, distance=result.value)
    return _done(session, "distance", Outcome(title, result.steps, KIND), encounter=encounter)


def roll_reaction(
    session: OseSession, dice: Dice, charisma: int | None
) -> tuple[OseSession, Outcome]:
    """2d6 plus the speaker's Charisma modifier (``None``: nobody talks)."""
    modifier = speaker_modifier(charisma)
    result = reaction_roll(OSE_REACTIONS, dice, modifier)
    speaker = (
        Step(N_("Nobody talks: no modifier."))
        if charisma is None
        else Step(
            N_("The speaker's Charisma {score} gives {modifier}."),
            {"score": charisma, "modifier": signed(modifier)},
        )
    )
    title = Step(
        N_("Reaction {total}: {reaction}"), {"total": result.total, "reaction": result.band.label}
    )
    outcome = Outcome(title, (speaker, *result.steps), KIND)
    return _done(session, "reaction", outcome, reaction=result)


def roll_round(
    session: OseSession, dice: Dice, ties: Ties = Ties.REROLL
) -> tuple[OseSession, Outcome]:
    """Begin the next round: initiative, or the lone side of a surprise round."""
    encounter = ose.next_round(session.encounter, dice, ties)
    initiative = encounter.initiative
    assert initiative is not None
    title = Step(
        N_("Round {round}: {order}"),
        {"round": encounter.round, "order": Step(ORDER_WORDS[initiative.order])},
    )
    outcome = Outcome(title, initiative.steps, KIND)
    return _done(session, "initiative", outcome, encounter=encounter)


def choose_action(session: OseSession, action: Action) -> tuple[OseSession, Outcome]:
    """Fight, parley or evade. Choosing to fight begins combat, which rules evasion out
    for the rest of the encounter; evading once the fight has begun is refused, and so
    is fighting once one side got away or while it is being pursued."""
    if action is Action.EVADE:
        _before_the_fight(session)
    if action is Action.FIGHT:
        why = no_fight(session)
        if why is not None:
            raise RulesError(why)
    outcome = Outcome(Step(ACTION_TEXT[action]), (), KIND)
    combat = session.combat or action is Action.FIGHT
    return _done(session, "action", outcome, action=action, combat=combat)


EVADED = N_("Evasion succeeds: the fleeing side gets away.")
NO_FIGHT_AWAY = N_("One side got away: the encounter is over, so there is no fight. End it.")
NO_FIGHT_CHASED = N_("A pursuit is on: there is no fight unless the pursuers catch up.")


def got_away(session: OseSession) -> bool:
    """Whether the fleeing side got away (an evasion that succeeded, pursuers who gave
    up or lost the trail): the encounter is over but for its conclusion."""
    evasion = session.results.get("evasion")
    if session.pursuit is not None and session.pursuit.status is PursuitStatus.ESCAPED:
        return True
    if session.chase is not None and session.chase.status is ChaseStatus.ESCAPED:
        return True
    return evasion is not None and evasion.title.key == EVADED


def chased(session: OseSession) -> bool:
    """Whether a pursuit is still on (round by round in a dungeon, day by day outdoors)."""
    if session.pursuit is not None and session.pursuit.status is PursuitStatus.RUNNING:
        return True
    return session.chase is not None and session.chase.status is ChaseStatus.GOING


def no_fight(session: OseSession) -> Step | None:
    """Why *Fight* is not offered now (None when it is): one side got away, or it is
    being pursued and not caught yet.

    >>> session = OseSession(results={"evasion": Outcome(Step(EVADED), (), KIND)})
    >>> no_fight(session).english()
    'One side got away: the encounter is over, so there is no fight. End it.'
    """
    if got_away(session):
        return Step(NO_FIGHT_AWAY)
    if chased(session):
        return Step(NO_FIGHT_CHASED)
    return None


def ended(session: OseSession) -> bool:
    """Whether the encounter has been concluded (its turns passed on the clock)."""
    return "conclusion" in session.results


NO_EVASION_AWAY = N_("The fleeing side got away already: there is nothing to evade. End it.")


def no_evasion(session: OseSession) -> Step | None:
    """Why an evasion is not offered now (None when it is): the fight has begun, the
    encounter is over, or the fleeing side got away already.

    >>> session = OseSession(results={"evasion": Outcome(Step(EVADED), (), KIND)})
    >>> no_evasion(session).english()
    'The fleeing side got away already: there is nothing to evade. End it.'
    """
    if session.combat:
        return Step(NO_EVASION_IN_COMBAT)
    if ended(session):
        return Step(ALREADY_OVER)
    if got_away(session):
        return Step(NO_EVASION_AWAY)
    return None


def can_evade(session: OseSession) -> bool:
    """Whether an evasion may still be tried: only before the fight begins, and while
    nobody has got away yet."""
    return no_evasion(session) is None


def _before_the_fight(session: OseSession) -> None:
    why = no_evasion(session)
    if why is not None:
        raise RulesError(why)


# The steps in the order the rules take them, before an action is chosen.
OPENING = ("surprise", "distance", "reaction", "initiative")


def next_step(session: OseSession) -> str:
    """The next step the rules allow, which the main button offers: the opening steps in
    their order (surprise, distance, reaction, the first round); once a fight is chosen,
    the next round; once an evasion is chosen, the evasion roll; while a pursuit is on,
    its next round (``"pursuit"``) or day (``"day"``); once a side got away, the
    conclusion; once the encounter ended, ``"explore"``.

    >>> from omen.core.dice import ScriptedDice
    >>> session, _ = roll_surprise(OseSession(), ScriptedDice([5, 1]))
    >>> next_step(session)
    'distance'
    >>> session, _ = choose_action(session, Action.FIGHT)
    >>> next_step(session)
    'initiative'
    """
    if ended(session):
        return "explore"
    if got_away(session):
        return "conclusion"
    if session.pursuit is not None and session.pursuit.status is PursuitStatus.RUNNING:
        return "pursuit"
    if session.chase is not None and session.chase.status is ChaseStatus.GOING:
        return "day"
    if session.action is Action.FIGHT:
        return "initiative"
    if session.action is Action.EVADE and "evasion" not in session.results:
        return "evasion"
    return next((s for s in OPENING if s not in session.results), "initiative")


# --- evasion and pursuit -------------------------------------------------------------


@dataclass(frozen=True)
class EvasionOdds:
    """Before the roll: the chance in percent (a dungeon's is certain or none)."""

    chance: EvasionChance
    steps: tuple[Step, ...]


def surprise_over(session: OseSession) -> bool:
    """Whether the meeting's surprise no longer counts for an evasion: a day of pursuit
    has passed since (surprise lasts one round; the fleeing side's next try is the
    table's)."""
    return session.chase is not None and session.chase.day >= 1


def _wilderness(session: OseSession, flight: Flight) -> WildernessEvasion:
    surprise = SurpriseOutcome.NOBODY if surprise_over(session) else session.encounter.surprise
    return WildernessEvasion(
        flight.fleeing_count,
        flight.pursuer_count,
        flight.fleeing_speed,
        flight.pursuer_speed,
        flight.terrain,
        flight.modifier,
        fleeing_surprised=surprise.surprised(flight.fleeing),
        pursuers_surprised=surprise.surprised(flight.fleeing.other),
    )


def evasion_chance(session: OseSession, flight: Flight, values: dict[str, Value]) -> EvasionChance:
    """The chance to evade in this place, with its steps."""
    if session.place is Place.DUNGEON:
        result = evasion.dungeon_evasion(
            flight.fleeing_speed, flight.pursuer_speed, forced_to_stop=flight.forced_to_stop
        )
        evaded = result.outcome is DungeonEvasionOutcome.EVADED
        return EvasionChance(100 if evaded else 0, evaded, result.steps)
    if session.place is Place.WATER:
        return evasion.water_evasion_chance(flight.fleeing_speed, flight.pursuer_speed)
    woods = values.get("ose.surprised_evasion_woods", 0)
    both = values.get("ose.both_surprised_evasion", BothSurprised.ROLL.value)
    assert isinstance(woods, int) and isinstance(both, str)
    chance = evasion.wilderness_evasion_chance(
        _wilderness(session, flight),
        surprised_in_woods=woods,
        both_surprised=BothSurprised(both),
    )
    if surprise_over(session) and session.encounter.surprise.anyone:
        note = Step(N_("A day of pursuit has passed: the meeting's surprise no longer counts."))
        chance = replace(chance, steps=(note, *chance.steps))
    return chance


def _fleeing_step(flight: Flight) -> Step:
    return Step(N_("Fleeing: {side}."), {"side": Step(SIDE_WORDS[flight.fleeing])})


def evade(
    session: OseSession, flight: Flight, dice: Dice, values: dict[str, Value]
) -> tuple[OseSession, Outcome]:
    """Try to get away. In a dungeon a slower side is chased round by round; outdoors a
    failed roll starts a pursuit day by day (or continues one). Once the fight has begun
    there is no evasion: the rules allow it only before combat starts."""
    _before_the_fight(session)
    if session.place is Place.DUNGEON:
        return _evade_dungeon(session, flight)
    chance = evasion_chance(session, flight, values)
    if chance.percent <= 0 and not chance.automatic:  # surprised: no evasion to roll
        raise RulesError(
            Step(
                N_("{why} The encounter goes on: fight, talk, or wait for the monsters' move."),
                {"why": chance.steps[-1]},
            )
        )
    result = evasion.roll_evasion(chance, dice)
    steps = (_fleeing_step(flight), *result.steps)
    chase = session.chase
    if result.evaded:
        title = Step(EVADED)
        if chase is not None and chase.status is ChaseStatus.GOING:
            chase = evasion.escape_pursuit(chase)
            steps = (*steps, *chase.steps)
    elif session.place is Place.WATER:
        title = Step(N_("Evasion fails: the pursuers stay on the fleeing side's heels."))
    else:
        title = Step(N_("Evasion fails: a pursuit begins, one day at a time."))
        if chase is None or chase.status is not ChaseStatus.GOING:
            chase = WildernessPursuit(flight.pursuer_speed > flight.fleeing_speed)
    outcome = Outcome(title, steps, KIND)
    return _done(session, "evasion", outcome, chase=chase, pursuit=None)


def _evade_dungeon(session: OseSession, flight: Flight) -> tuple[OseSession, Outcome]:
    result = evasion.dungeon_evasion(
        flight.fleeing_speed, flight.pursuer_speed, forced_to_stop=flight.forced_to_stop
    )
    steps = (_fleeing_step(flight), *result.steps)
    pursuit = None
    if result.outcome is DungeonEvasionOutcome.EVADED:
        title = Step(EVADED)
    elif result.outcome is DungeonEvasionOutcome.CORNERED:
        title = Step(N_("Evasion fails: the fleeing side is cornered."))
    else:
        distance = session.encounter.distance
        if distance is None:
            raise RulesError(
                Step(N_("Roll the encounter distance first: the pursuit starts from it."))
            )
        pursuit = evasion.start_pursuit(
            flight.fleeing, distance, flight.fleeing_speed, flight.pursuer_speed
        )
        title = Step(
            N_("A pursuit begins: the gap is {gap}."), {"gap": ose.measure(distance, ose.Unit.FEET)}
        )
    return _done(session, "evasion", Outcome(title, steps, KIND), pursuit=pursuit, chase=None)


def pursue(
    session: OseSession,
    dice: Dice,
    drop: Drop = Drop.NOTHING,
    tempted: bool = False,
    tiring: Tiring = Tiring.PARTY,
) -> tuple[OseSession, Outcome]:
    """One round of a dungeon pursuit."""
    if session.pursuit is None:
        raise RulesError(Step(N_("No pursuit is running.")))
    state = evasion.pursuit_round(session.pursuit, dice, drop=drop, tempted=tempted, tiring=tiring)
    return _done(
        session, "evasion", Outcome(_pursuit_title(state), state.steps, KIND), pursuit=state
    )


def _pursuit_title(state: PursuitState) -> Step:
    if state.status is PursuitStatus.CAUGHT:
        return Step(N_("Pursuit round {round}: the pursuers catch up."), {"round": state.round})
    if state.status is PursuitStatus.ESCAPED:
        return Step(
            N_("Pursuit round {round}: the fleeing side gets away."), {"round": state.round}
        )
    return Step(
        N_("Pursuit round {round}: the gap is {gap}."),
        {"round": state.round, "gap": ose.measure(state.gap, ose.Unit.FEET)},
    )


def pursuers_give_up(session: OseSession) -> tuple[OseSession, Outcome]:
    """The referee ends a dungeon pursuit: the pursuers lose their quarry."""
    if session.pursuit is None:
        raise RulesError(Step(N_("No pursuit is running.")))
    state = evasion.give_up(session.pursuit)
    outcome = Outcome(Step(N_("The pursuers give up.")), state.steps, KIND)
    return _done(session, "evasion", outcome, pursuit=state)


def pursue_day(
    session: OseSession, dice: Dice, directions: Directions = Directions.HEX
) -> tuple[OseSession, Outcome]:
    """One day of a wilderness pursuit."""
    if session.chase is None:
        raise RulesError(Step(N_("No pursuit is running.")))
    chase = evasion.wilderness_pursuit_day(session.chase, dice, directions)
    if chase.status is ChaseStatus.CAUGHT:
        title = Step(N_("Pursuit day {day}: the pursuers catch up."), {"day": chase.day})
    else:
        title = Step(
            N_("Pursuit day {day}: not caught; the fleeing side may try to evade again."),
            {"day": chase.day},
        )
    return _done(session, "evasion", Outcome(title, chase.steps, KIND), chase=chase)


# --- conclusion ---------------------------------------------------------------------------


ALREADY_OVER = N_("This encounter is over already: a new meeting is a new encounter.")


def conclude(session: OseSession) -> tuple[OseSession, Outcome, int]:
    """The encounter ends: the turns the exploration clock advances, at least one. An
    encounter ends once; its time has passed on the clock.

    >>> session, outcome, turns = conclude(OseSession())
    >>> conclude(session)
    Traceback (most recent call last):
    omen.core.errors.RulesError: This encounter is over already: a new meeting is a new encounter.
    """
    if ended(session):
        raise RulesError(Step(ALREADY_OVER))
    end = ose.conclusion(session.encounter)
    outcome = Outcome(end.title, end.steps, KIND)
    session, outcome = _done(session, "conclusion", outcome)
    return session, outcome, end.turns


# --- morale -------------------------------------------------------------------------------


def set_morale(
    session: OseSession,
    *,
    score: int | None = None,
    group: int | None = None,
    killed: int | None = None,
    out: int | None = None,
    adjustment: int | None = None,
) -> OseSession:
    """The monsters' morale score, their number, their losses and the situation
    adjustment as the referee sets them (a new score or group starts the checks afresh;
    the adjustment stays until the referee changes it)."""
    m = session.morale
    fresh = (score is not None and score != m.score) or (group is not None and group != m.group)
    base = Morale(
        score if score is not None else m.score,
        group if group is not None else m.group,
        adjustment=m.adjustment,
    )
    morale = replace(
        ose_morale.losses(
            base if fresh else m,
            killed=m.killed if killed is None else killed,
            out=m.out if out is None else out,
        ),
        adjustment=m.adjustment if adjustment is None else adjustment,
    )
    return replace(session, morale=morale)


def morale_odds(session: OseSession, adjustment: int | None = None) -> MoraleOdds:
    """The exact odds of the encounter's next morale check (at the stored situation
    adjustment, unless another is given)."""
    kept = session.morale.adjustment if adjustment is None else adjustment
    return ose_morale.morale_odds(session.morale.score, kept)


def morale_due(session: OseSession) -> Step | None:
    """What calls for a morale check now, in words (None when nothing does)."""
    trigger = ose_morale.due(session.morale)
    return None if trigger is None else Step(ose_morale.TRIGGER_TEXT[trigger])


def morale_status(session: OseSession) -> Step:
    """Where the monsters' morale stands, in words: the check due now, or what the
    checks rolled so far came to and when the next one comes.

    >>> morale_status(OseSession()).english()
    'No check is due yet: roll when the first of them is killed or half are down.'
    """
    m = session.morale
    due = morale_due(session)
    if due is not None:
        return due
    if m.broken:
        return Step(N_("They have broken: no more checks."))
    if m.score in (ose_morale.LOWEST, ose_morale.HIGHEST):
        outcome = ose_morale.Outcome.NEVER_FIGHTS if m.score == ose_morale.LOWEST else None
        return Step(ose_morale.OUTCOME_TEXT[outcome or ose_morale.Outcome.FEARLESS])
    if m.steadfast:
        return Step(N_("They have held two checks: they fight on until killed."))
    if not m.held:
        return Step(
            N_("No check is due yet: roll when the first of them is killed or half are down.")
        )
    return Step(_HELD_TEXT[m.checked & frozenset(ose_morale.Trigger)])


_HELD_TEXT = {
    frozenset(): N_(
        "They held: the next check comes when the first of them is killed or half are down."
    ),
    frozenset({ose_morale.Trigger.FIRST_DEATH}): N_(
        "They held: the next check comes when half of them are down."
    ),
    frozenset({ose_morale.Trigger.HALF_DOWN}): N_(
        "They held: the next check comes when the first of them is killed."
    ),
    frozenset(ose_morale.Trigger): N_("They held: no more checks are due."),
}


def roll_morale(
    session: OseSession, dice: Dice, adjustment: int | None = None
) -> tuple[OseSession, Outcome]:
    """2d6 against the monsters' morale (at the stored situation adjustment, unless
    another is given): the result is the stage's headline."""
    kept = session.morale.adjustment if adjustment is None else adjustment
    morale, result = ose_morale.check(session.morale, dice, kept)
    if result.value is None:
        title = Step(ose_morale.OUTCOME_TEXT[result.outcome])
    else:
        title = Step(
            N_("Morale {total}: {result}"),
            {"total": result.value, "result": Step(ose_morale.OUTCOME_TEXT[result.outcome])},
        )
    return _done(session, "morale", Outcome(title, result.steps, KIND), morale=morale)


def pursuit_likely(session: OseSession) -> bool:
    """A low reaction roll (attacks or hostile) may mean the monsters give chase if the
    party flees."""
    return session.reaction is not None and session.reaction.band.key in ("attacks", "hostile")

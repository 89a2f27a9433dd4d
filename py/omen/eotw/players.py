"""The End of the World at the players' phones: what they see, and the tests they ask for.

Omen's own procedure (the seed says nothing about phones). Players see the kind of scene
the crew is in, and each character's public state: the three stress tracks (boxes
filled of nine), the traumas with their category and severity, and whether the
character is in play. A player may ask for a test of their own character: a
characteristic, the dice the reasons add, and a push; the game master's phone rolls it
by the seed's rule (:func:`omen.eotw.pools.test`), adding a negative die for each
trauma that hinders it, as the Tests screen does, and logs it naming the player.

>>> from omen.core.dice import ScriptedDice
>>> from omen.eotw.crew import Character, Crew
>>> ana = Character("c1", "Ana", dexterity=4)
>>> ask = {"character": "c1", "characteristic": "dexterity", "pool": {"pushed": True}}
>>> result = roll_ask(Crew((ana,)), ask, ScriptedDice([2, 6, 6]), {}, "Eva")
>>> result.title.english()
'Eva asked: Ana: Success: 1 success, 0 stress'
>>> [step.english() for step in public_facts({"crew": Crew((ana,))}, {}).people[0][2]]
['In play', 'Physical: 0 of 9', 'Mental: 0 of 9', 'Social: 0 of 9']
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from omen.campaign.players import GameFacts, MessageError, reaction_facts, typed_faces
from omen.campaign.state import Outcome
from omen.core.dice import Dice, ScriptedDice
from omen.core.errors import RulesError
from omen.core.roll import N_, Step
from omen.eotw.crew import BOXES, Character, Crew, rolled_pool, untestable
from omen.eotw.pools import (
    SIDES,
    Category,
    Characteristic,
    Pool,
    PoolSettings,
    TestOdds,
    pool_odds,
    push_comparison,
    test,
)
from omen.eotw.reaction import EOTW_REACTIONS

KIND = "eotw-test"  # the log's kind for a test, as the Tests screen's


def ask_odds(
    character: Character, characteristic: Characteristic, settings: PoolSettings
) -> tuple[tuple[Step, Fraction], ...]:
    """The exact odds a player sees before asking for a test of ``characteristic``: the
    pool as it would be rolled (a negative die for each hindering trauma), unpushed and
    pushed (:func:`omen.eotw.pools.push_comparison`), with the dice each rolls, so the
    player knows how many faces to type.

    >>> from omen.eotw.crew import Character
    >>> ana = Character("c1", "Ana", logic=3)
    >>> [(s.english(), str(f)) for s, f in ask_odds(ana, Characteristic.LOGIC, PoolSettings())]
    [('1 die: chance of success ', '1/2'), ('pushed, 3 dice: chance of success ', '2/3')]
    """
    pool = rolled_pool(Pool(), character, characteristic)
    value = character.value(characteristic)
    out = []
    chances: tuple[tuple[TestOdds, bool], ...]
    try:
        both = push_comparison(pool, value, settings)
        chances = ((both.without_push, False), (both.with_push, True))
    except RulesError:  # no room to push: the plain test only
        chances = ((pool_odds(pool, value, settings), False),)
    for odds, pushed in chances:
        count = odds.positive + odds.negative
        step = (
            Step(
                N_("pushed, {count} die: chance of success {chance}"),
                {"count": count, "chance": ""},
                plural=N_("pushed, {count} dice: chance of success {chance}"),
            )
            if pushed
            else Step(
                N_("{count} die: chance of success {chance}"),
                {"count": count, "chance": ""},
                plural=N_("{count} dice: chance of success {chance}"),
            )
        )
        out.append((step, odds.success))
    return tuple(out)


def asking_odds(parts: Mapping[str, Any], values: Mapping[str, Any]) -> GameFacts:
    """The exact odds of each test a player may ask for, by character and
    characteristic (sent with the view: the player page has no rules, and a handful of
    fractions per character is lighter than a question and an answer over the channel,
    and is there when the channel is not); a character who cannot be tested has none."""
    crew: Crew = parts.get("crew") or Crew()
    settings = PoolSettings.from_values(values)
    odds: dict[tuple[str, str], tuple[tuple[Step, Fraction], ...]] = {}
    for character in crew.characters:
        if untestable(character) is None:
            for c in Characteristic:
                odds[(character.id, c.value)] = ask_odds(character, c, settings)
    return GameFacts(odds=odds)


def public_facts(parts: Mapping[str, Any], _values: Mapping[str, Any]) -> GameFacts:
    """The scene's kind as the clock, every character's public state with the tests a
    player may ask for (their odds: :func:`asking_odds`), and the reaction rolled on the
    Encounter screen as the encounter's fact
    (:func:`omen.campaign.players.reaction_facts`)."""
    crew: Crew = parts.get("crew") or Crew()
    people = []
    for character in crew.characters:
        lines = [character.status_text]
        for category in Category:
            track = character.track(category)
            lines.append(
                Step(
                    N_("{category}: {filled} of {boxes}"),
                    {"category": category.label, "filled": track.filled, "boxes": BOXES},
                )
            )
        for trauma in character.traumas:
            lines.append(
                Step(
                    N_("Trauma: {name} ({category}, severity {severity})"),
                    {
                        "name": trauma.title,
                        "category": trauma.category.label,
                        "severity": trauma.severity,
                    },
                )
            )
        tests: tuple[tuple[str, Step], ...] = ()
        if untestable(character) is None:
            tests = tuple(
                (
                    c.value,
                    Step(N_("{name} {value}"), {"name": c.label, "value": character.value(c)}),
                )
                for c in Characteristic
            )
        name = character.name.strip() or character.id
        people.append((character.id, name, tuple(lines), tests))
    # the reaction rolled on the Encounter screen, on this game's borrowed table
    facts, key = reaction_facts(parts, EOTW_REACTIONS)
    return GameFacts(
        clock=(crew.agenda.encounter.label,),
        facts=facts,
        people=tuple(people),
        encounter=key,
    )


def _refuse(message: str, **args: Any) -> MessageError:
    return MessageError(Step(message, args))


@dataclass(frozen=True)
class Asked:
    """A player's request, read and checked: whose test, of what, with which dice (the
    pool as rolled, hindering traumas included), and the faces the player typed."""

    character: Character
    characteristic: Characteristic
    pool: Pool
    faces: tuple[int, ...] | None = None

    def said(self, player: str) -> Step:
        """What the player asks for, as the game master's phone lists it."""
        return Step(
            N_("{player} asks for a test of {characteristic}{pushed}"),
            {
                "player": player,
                "characteristic": self.characteristic.label,
                "pushed": Step(N_(", pushed")) if self.pool.pushed else "",
            },
        )


def read_ask(crew: Crew, ask: Any) -> Asked:
    """The test a player asked for (``ask``: the character's id, the characteristic, the
    pool as :meth:`Pool.to_json` writes it, and perhaps ``faces``: the physical dice the
    player rolled, typed as ASCII digits), checked against the crew now. A request that
    does not fit, a character who cannot be tested, or typed faces that are not the
    pool's dice are refused with the reason.

    >>> from omen.eotw.crew import Character, Crew
    >>> crew = Crew((Character("c1", "Ana", logic=3),))
    >>> read_ask(crew, {"character": "c1", "characteristic": "logic", "pool": {},
    ...     "faces": "4 2"})
    Traceback (most recent call last):
    omen.campaign.players.MessageError: You typed 2 dice; this test rolls 1.
    """
    keys = {"character", "characteristic", "pool"}
    if not isinstance(ask, dict) or set(ask) not in (keys, keys | {"faces"}):
        raise _refuse(N_("This request does not have the fields Omen writes."))
    character = crew.find(ask["character"]) if isinstance(ask["character"], str) else None
    if character is None:
        raise _refuse(N_("This request names a character who is not in the crew."))
    try:
        characteristic = Characteristic(ask["characteristic"])
    except ValueError:
        raise _refuse(N_("This request does not have the fields Omen writes.")) from None
    try:
        pool = Pool.from_json(ask["pool"])
    except RulesError as error:
        raise MessageError(error.message) from None
    problem = untestable(character)
    if problem is not None:
        raise RulesError(problem)
    rolled = rolled_pool(pool, character, characteristic)
    faces = typed_faces(ask.get("faces", ""), rolled.positive + rolled.negative, SIDES)
    return Asked(character, characteristic, rolled, faces)


def read_asked(parts: Mapping[str, Any], data: Mapping[str, Any]) -> Asked:
    """The test in a player's ``ask`` message, as the game's declaration reads it
    (:class:`omen.campaign.spec.PlayerRequest`): checked against the crew as stored now
    (:func:`read_ask`)."""
    crew: Crew = parts.get("crew") or Crew()
    return read_ask(crew, data.get("test"))


def roll_ask(crew: Crew, ask: Any, dice: Dice, values: Mapping[str, Any], player: str) -> Outcome:
    """Roll the test a player asked for (see :func:`read_ask`), with the faces the player
    typed if any, else ``dice``; the outcome names the player."""
    return roll_asked(read_ask(crew, ask), dice, values, player)


def roll_asked(asked: Asked, dice: Dice, values: Mapping[str, Any], player: str) -> Outcome:
    """Roll a test read and checked (:func:`read_ask`), with the faces the player typed
    if any, else ``dice``; the outcome names the player."""
    character, characteristic = asked.character, asked.characteristic
    result = test(
        asked.pool,
        character.value(characteristic),
        dice if asked.faces is None else ScriptedDice(asked.faces),
        characteristic=characteristic,
        settings=PoolSettings.from_values(values),
    )
    verdict = (
        Step(
            N_("Success: {count} success"),
            {"count": result.success_count},
            plural=N_("Success: {count} successes"),
        )
        if result.success
        else Step(N_("Failure"))
    )
    stress = Step(N_("{count} stress"), {"count": result.stress}, plural=N_("{count} stress"))
    said = Step(N_("{verdict}, {stress}"), {"verdict": verdict, "stress": stress})
    title = Step(
        N_("{player} asked: {name}: {result}"),
        {"player": player, "name": character.name, "result": said},
    )
    return Outcome(title, (asked.said(player), *result.steps), KIND)

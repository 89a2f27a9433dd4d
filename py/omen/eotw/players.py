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
from typing import Any

from omen.campaign.players import GameFacts, MessageError
from omen.campaign.state import Outcome
from omen.core.dice import Dice
from omen.core.errors import RulesError
from omen.core.roll import N_, Step
from omen.eotw.crew import BOXES, Crew, rolled_pool, untestable
from omen.eotw.pools import Category, Characteristic, Pool, PoolSettings, test

KIND = "eotw-test"  # the log's kind for a test, as the Tests screen's


def public_facts(parts: Mapping[str, Any], _values: Mapping[str, Any]) -> GameFacts:
    """The scene's kind as the clock, and every character's public state."""
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
    return GameFacts(clock=(crew.agenda.encounter.label,), people=tuple(people))


def _refuse(message: str, **args: Any) -> MessageError:
    return MessageError(Step(message, args))


def roll_ask(crew: Crew, ask: Any, dice: Dice, values: Mapping[str, Any], player: str) -> Outcome:
    """Roll the test a player asked for (``ask``: the character's id, the characteristic
    and the pool as :meth:`Pool.to_json` writes it); the outcome names the player.
    A request that does not fit, or a character who cannot be tested now, is refused."""
    if not isinstance(ask, dict) or set(ask) != {"character", "characteristic", "pool"}:
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
    result = test(
        rolled,
        character.value(characteristic),
        dice,
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
    asked = Step(
        N_("{player} asks for a test of {characteristic}{pushed}"),
        {
            "player": player,
            "characteristic": characteristic.label,
            "pushed": Step(N_(", pushed")) if pool.pushed else "",
        },
    )
    return Outcome(title, (asked, *result.steps), KIND)

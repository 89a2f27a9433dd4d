"""GURPS at the players' phones: the travel clock and the encounter's distance, and a
success roll a player asks for, with its odds.

Omen's own procedure (the GURPS Basic Set says nothing about phones). Players see the
road's clock as the game master keeps it (:mod:`omen.gurps.travel`): the travel turn,
and the day, the hour and the light it brings (:mod:`omen.gurps.daylight`, with the
darkness penalty everyone rolls under). The encounter's fact is the headline of the last
distance found (:mod:`omen.gurps.detection`): how far, who spotted or surprised whom.
Never the chance of an encounter, a table's rows, or the skills and rolls behind the
distance.

>>> from omen.gurps.travel import Travel
>>> facts = public_facts({"gurps_travel": Travel(turn=3)}, {"gurps.travel_hours": 4})
>>> [step.english() for step in facts.clock]
['Travel turn 3', 'Day 1, 20:00: deep twilight (−3)']

**A player's success roll.** The rule is the success roll of the GURPS Basic Set (pp.
B343–B345, in our words): roll 3d6 against the effective skill (the skill plus every modifier); a roll at or under it
succeeds, criticals aside, and below effective skill 3 no success roll is made at all
(a defence roll aside, which a player does not ask for here). Omen's own procedure adds
who asks: a player names their skill and its level, types the modifiers as the game
master would (``-2 +1``) and, if they rolled physical dice, the three faces; the game
master's phone rolls it with :func:`omen.gurps.tests.roll_for` and logs it naming the
player.

**Odds before asking.** The player page has no Python, so the odds travel with the
public view: the exact chance of success for every effective skill from 3 to 16 (above
16 it no longer changes: a 17 or an 18 always fails), fourteen short lines computed
once by :func:`omen.gurps.rolls.success_chance`. Sending them with the view is lighter
than asking the game master's phone for each figure while the player types, and they
are there when the channel is not.

>>> from omen.core.dice import ScriptedDice
>>> ask = {"skill": "Stealth", "level": 12, "modifiers": "-2", "faces": ""}
>>> outcome = roll_request(ask, ScriptedDice([3, 3, 4]), "Eva")
>>> outcome.title.english()
'Eva asked: Stealth (effective 10): success by 0'
>>> [step.english() for step in outcome.steps][:2]
['Eva asks for a success roll: Stealth 12, modifiers −2', 'skill 12, modifiers −2: effective skill 10']
>>> read_request({"skill": "Stealth", "level": 4, "modifiers": "-2", "faces": ""})
Traceback (most recent call last):
omen.core.errors.RulesError: Effective skill 2 is below 3: no success roll is allowed (GURPS Basic Set, p. B344), except a defence roll.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from omen.campaign.players import GameFacts, MessageError, typed_faces
from omen.campaign.state import Outcome
from omen.core.dice import Dice, ScriptedDice
from omen.core.errors import RulesError
from omen.core.roll import N_, Step
from omen.gurps.daylight import NIGHT, START_HOUR, time_of_day
from omen.gurps.detection import FoundDistance
from omen.gurps.rolls import (
    NO_ROLL_BELOW,
    effective_skill,
    modifiers_text,
    no_roll,
    read_modifiers,
    success_chance,
)
from omen.gurps.tests import MAX_NAME, Roller, roll_for
from omen.gurps.travel import Travel, hours_on_road

KIND = "gurps-player-roll"  # the log's kind for a success roll a player asked for
HIGHEST_ODDS = 16  # above this effective skill the chance of success no longer changes
FIELDS = ("skill", "level", "modifiers", "faces")


@dataclass(frozen=True)
class Requested:
    """A player's success roll, read and checked: the roller and the faces typed."""

    roller: Roller
    faces: tuple[int, ...] | None = None

    def said(self, player: str) -> Step:
        """What the player asks for, as the game master's phone lists it."""
        roller = self.roller
        level = Step(N_("{skill} {level}"), {"skill": roller.name, "level": roller.skill})
        if roller.modifiers:
            level = Step(
                N_("{skill} {level}, modifiers {modifiers}"),
                {
                    "skill": roller.name,
                    "level": roller.skill,
                    "modifiers": modifiers_text(roller.modifiers),
                },
            )
        return Step(
            N_("{player} asks for a success roll: {roll}"), {"player": player, "roll": level}
        )


def read_request(data: Mapping[str, Any]) -> Requested:
    """The success roll in a player's message (its fields' types are checked by the
    codec), checked by the rules: a name, a skill and modifiers in Omen's range, an
    effective skill of 3 or more, and three faces of a d6 if any were typed."""
    name = data.get("skill")
    if not isinstance(name, str) or not name.strip() or len(name) > MAX_NAME:
        raise MessageError(
            Step(N_("Name the skill in 1 to {limit} characters."), {"limit": MAX_NAME})
        )
    level = data.get("level")
    if isinstance(level, bool) or not isinstance(level, int):
        raise MessageError(Step(N_("This request does not have the fields Omen writes.")))
    modifiers = read_modifiers(data.get("modifiers", ""))
    effective = effective_skill(level, modifiers)
    why = no_roll(effective.value)
    if why is not None:
        raise RulesError(why)
    faces = typed_faces(data.get("faces", ""), 3, 6)
    return Requested(Roller(name.strip(), level, modifiers), faces)


def read_roll(_parts: Mapping[str, Any], data: Mapping[str, Any]) -> Requested:
    """The success roll in a player's ``roll`` message, as the game's declaration reads
    it (:class:`omen.campaign.spec.PlayerRequest`): nothing stored changes what a player
    may roll, so only the message's data is read (:func:`read_request`)."""
    return read_request(data)


def roll_request(data: Mapping[str, Any], dice: Dice, player: str) -> Outcome:
    """Roll the success roll a player asked for, with the faces they typed if any, else
    ``dice``; the outcome names the player."""
    return roll_requested(read_request(data), dice, {}, player)


def roll_requested(
    requested: Requested, dice: Dice, _values: Mapping[str, Any], player: str
) -> Outcome:
    """Roll a success roll read and checked (:func:`read_request`), with the faces the
    player typed if any, else ``dice``; the outcome names the player."""
    source = dice if requested.faces is None else ScriptedDice(requested.faces)
    title, rolled = roll_for(requested.roller, source)
    headline = Step(N_("{player} asked: {result}"), {"player": player, "result": title})
    return Outcome(headline, (requested.said(player), *rolled.steps), KIND)


def odds_table() -> tuple[tuple[int, Fraction], ...]:
    """The exact chance of success at each effective skill a player may roll against,
    3 to 16.

    >>> [(level, str(chance)) for level, chance in odds_table()][::2][:2]
    [(3, '1/54'), (5, '5/108')]
    """
    return tuple((level, success_chance(level)) for level in range(NO_ROLL_BELOW, HIGHEST_ODDS + 1))


def rolling_odds(_parts: Mapping[str, Any], _values: Mapping[str, Any]) -> GameFacts:
    """The odds a player's page shows before asking for a success roll: the chance of
    success at each effective skill (:func:`odds_table`), whatever is stored."""
    return GameFacts(rolls=odds_table())


def _whole(values: Mapping[str, Any], key: str, default: int) -> int:
    value = values.get(key, default)
    return value if isinstance(value, int) and not isinstance(value, bool) else default


def public_facts(parts: Mapping[str, Any], values: Mapping[str, Any]) -> GameFacts:
    """The travel turn, the time of day and its darkness, and the distance found."""
    travel: Travel = parts.get("gurps_travel") or Travel()
    hours = _whole(values, "gurps.travel_hours", 4)
    try:
        when = time_of_day(
            hours_on_road(travel, hours),
            _whole(values, "gurps.travel_start_hour", START_HOUR),
            _whole(values, "gurps.night_darkness", NIGHT),
        ).title
    except RulesError as error:
        when = error.message
    clock = (Step(N_("Travel turn {turn}"), {"turn": travel.turn}), when)
    found: FoundDistance | None = parts.get("gurps_found")
    facts: tuple[Step, ...] = ()
    key = ""
    if found is not None and found.kept:
        try:
            _plan, outcome = found.replay()
        except RulesError:
            outcome = None
        if outcome is not None:
            facts = (outcome.headline,)
            key = f"gurps|{found.b.name}|{found.med}|{found.rolls}"
    return GameFacts(clock=clock, facts=facts, encounter=key)

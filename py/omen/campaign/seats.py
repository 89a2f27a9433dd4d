"""The players' seats, kept on the game master's device: who sits at the table, what
they asked for that still waits, and which results they asked for.

Omen's own procedure (no rule book describes it). A player who joins gets a secret
**seat** (16 random bytes) once their channel opens; their phone keeps it and sends it
back with their next answer, and they take the same place (name and all,
:func:`omen.campaign.players.place_for`). A request a player sends (a test of their
character, a success roll) **waits** for the game master's "Roll" or "Decline".

Phones reload, and a browser kills a tab it does not show, so the game master's phone
keeps all of it as a stored part (``players_seats``): after a reload the players' sheet
lists every seated player as not connected, with their waiting requests; a player who
rejoins with a fresh code and their seat is back in their place, and "Roll" or
"Decline" reaches them. The results players asked for stay theirs (named in the view
and in the recap).

**Where it goes.** Two tabs of Omen share it (each tab's change is made over the other
tab's, as every part's is). It goes in no campaign link and no backup file: a seat is a
secret that lets whoever holds it take a player's place, and a backup file travels (a
chat, a cloud drive) where a secret should not; nor does a seat mean anything on
another device, whose channels are not the players'. A player who lost their place
joins again as new.

**Hostile input.** What storage holds is read as anything else from outside: a seat is a
token, a name a player's name (:func:`omen.campaign.players.player_name`), a language
one Omen speaks, no seat twice; a waiting request belongs to a seated player
and its data are checked by the same codec as the player's message was; its words are a
stored step (:func:`omen.core.store.read_step`). Anything else is refused with a
sentence (a :class:`~omen.core.errors.StoredDataError`).

>>> said = Step("{player} asks for a success roll: {roll}", {"player": "Eva", "roll": "Climbing 12"})
>>> table = seated(Seating(), "seat-of-eva-1", "Eva", "cs")
>>> table, number = waits(table, "seat-of-eva-1", "ask", {"id": 1, "test": {}}, said)
>>> table, found = taken(table, number)
>>> found.seat, found.id, table.waiting
('seat-of-eva-1', 1, ())
>>> Seating.from_json(table.to_json()) == table
True
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from omen.campaign.players import (
    MAX_FROM_PLAYER,
    MAX_NUMBER,
    Message,
    MessageError,
    player_name,
    read_envelope,
)
from omen.core.errors import RulesError, StoredDataError
from omen.core.i18n import LANGUAGES
from omen.core.roll import N_, Step
from omen.core.store import Schema, read_step

MAX_SEATS = 24  # players seated at one table
MAX_WAITING = 40  # requests waiting at once
MAX_ASKED = 200  # results players asked for, newest kept
REQUESTS = ("ask", "roll")  # the kinds of a player's request (omen.campaign.players.KINDS)
# The token a stored request is checked under (the codec wants one; the seat is the
# player's identity here, not the invitation's token).
_CHECKED = "stored-request"
_SEAT = re.compile(r"[A-Za-z0-9_-]{8,64}")  # a token, as the codec reads a seat


@dataclass(frozen=True)
class Seat:
    """One player's place: the secret seat, the name they joined under, their language."""

    seat: str
    name: str
    lang: str

    def to_json(self) -> dict[str, Any]:
        """Its stored form."""
        return {"seat": self.seat, "name": self.name, "lang": self.lang}


@dataclass(frozen=True)
class Waiting:
    """A player's request waiting for "Roll" or "Decline": the game master's number for
    it, the seat of the player who sent it, its kind (``"ask"``, ``"roll"``), its data
    as the player's message carried it, and what it asks for, in words."""

    number: int
    seat: str
    kind: str
    data: Mapping[str, Any]
    said: Step

    @property
    def id(self) -> int:
        """Its number on the player's phone (a refusal names it)."""
        ident: int = self.data["id"]
        return ident

    @property
    def test(self) -> Any:
        """What its game reads: the test of an ``ask``, the whole data of a ``roll``."""
        return self.data["test"] if self.kind == "ask" else dict(self.data)

    def to_json(self) -> dict[str, Any]:
        """Its stored form."""
        return {
            "number": self.number,
            "seat": self.seat,
            "kind": self.kind,
            "data": dict(self.data),
            "said": self.said.to_json(),
        }


@dataclass(frozen=True)
class Seating:
    """Everyone seated, the requests waiting (oldest first) and the log entries players
    asked for, with the name of the player who asked."""

    seats: tuple[Seat, ...] = ()
    waiting: tuple[Waiting, ...] = ()
    asked: tuple[tuple[int, str], ...] = ()

    def seat(self, seat: str) -> Seat | None:
        """The place held with ``seat``, if any."""
        return next((held for held in self.seats if held.seat == seat), None)

    def names(self) -> dict[str, str]:
        """Every seat with its player's name (what :func:`~omen.campaign.players.place_for`
        reads)."""
        return {held.seat: held.name for held in self.seats}

    def to_json(self) -> dict[str, Any]:
        """Its stored form."""
        return {
            "seats": [held.to_json() for held in self.seats],
            "waiting": [request.to_json() for request in self.waiting],
            "asked": [[entry, name] for entry, name in self.asked],
        }

    @classmethod
    def from_json(cls, data: Any) -> Seating:
        """Read its stored form back, every field checked (see the module's text)."""
        record = _record(data, ("seats", "waiting", "asked"))
        seats = tuple(_seat(item) for item in _list(record["seats"], MAX_SEATS))
        if len({held.seat for held in seats}) != len(seats):
            raise _damaged(N_("The players' seats hold one seat twice."))
        held = {seat.seat for seat in seats}
        waiting = tuple(_waiting(item, held) for item in _list(record["waiting"], MAX_WAITING))
        if len({request.number for request in waiting}) != len(waiting):
            raise _damaged(N_("The players' seats are damaged."))
        asked = tuple(_asked(item) for item in _list(record["asked"], MAX_ASKED))
        if len({entry for entry, _ in asked}) != len(asked):
            raise _damaged(N_("The players' seats are damaged."))
        return cls(seats, waiting, asked)


SEATS = Schema("players_seats", 1, {}, Seating.from_json)


# --- changing it: each change made over the value as it is now ------------------------


def seated(seating: Seating, seat: str, name: str, lang: str) -> Seating:
    """``seat`` held by the player ``name`` speaking ``lang`` (a new place at the end,
    or the same place with the language their phone speaks now).

    >>> table = seated(seated(Seating(), "seat-of-eva-1", "Eva", "en"), "seat-of-eva-1", "Eva", "cs")
    >>> [(held.name, held.lang) for held in table.seats]
    [('Eva', 'cs')]
    """
    place = Seat(seat, name, lang)
    if seating.seat(seat) is not None:
        seats = tuple(place if held.seat == seat else held for held in seating.seats)
        return replace(seating, seats=seats)
    room_for(seating, seat)
    return replace(seating, seats=(*seating.seats, place))


def room_for(seating: Seating, seat: str) -> None:
    """Refuse a new player when every seat is taken (a player taking back their own
    ``seat`` always fits), before anything is done for them."""
    if not (seat and seating.seat(seat)) and len(seating.seats) >= MAX_SEATS:
        raise RulesError(
            Step(
                N_("Every seat at the table is taken ({limit} at most): remove a player first."),
                {"limit": MAX_SEATS},
            )
        )


def unseated(seating: Seating, seat: str) -> Seating:
    """The place held with ``seat`` ended, and its waiting requests with it (the results
    its player asked for stay theirs)."""
    return replace(
        seating,
        seats=tuple(held for held in seating.seats if held.seat != seat),
        waiting=tuple(request for request in seating.waiting if request.seat != seat),
    )


def waits(
    seating: Seating, seat: str, kind: str, data: Mapping[str, Any], said: Step
) -> tuple[Seating, int]:
    """A request of the player in ``seat`` waits, after those before it; its number.
    A player with no place (it ended in another tab) or a table where
    :data:`MAX_WAITING` wait already is refused with a sentence (the player is told)."""
    if seating.seat(seat) is None:
        raise RulesError(Step(N_("Your place at the table has ended: join again.")))
    if len(seating.waiting) >= MAX_WAITING:
        raise RulesError(
            Step(N_("Too many requests are waiting for the game master: ask again later."))
        )
    number = max((request.number for request in seating.waiting), default=0) + 1
    request = Waiting(number, seat, kind, dict(data), said)
    return replace(seating, waiting=(*seating.waiting, request)), number


def taken(seating: Seating, number: int) -> tuple[Seating, Waiting | None]:
    """The request numbered ``number`` no longer waiting, and that request (None when it
    was not waiting: another tab took it, or its player left)."""
    found = next((request for request in seating.waiting if request.number == number), None)
    rest = tuple(request for request in seating.waiting if request.number != number)
    return replace(seating, waiting=rest), found


def asked_for(seating: Seating, entry: int, name: str) -> Seating:
    """The log entry ``entry`` is a result the player ``name`` asked for."""
    kept = tuple(pair for pair in seating.asked if pair[0] != entry)
    return replace(seating, asked=(*kept, (entry, name))[-MAX_ASKED:])


# --- reading it back ------------------------------------------------------------------


def _damaged(message: str) -> StoredDataError:
    return StoredDataError(Step(message))


def _record(value: Any, keys: tuple[str, ...]) -> dict[str, Any]:
    if not isinstance(value, dict) or set(value) != set(keys):
        raise _damaged(N_("The players' seats are damaged."))
    return value


def _list(value: Any, limit: int) -> list[Any]:
    if not isinstance(value, list) or len(value) > limit:
        raise _damaged(N_("The players' seats are damaged."))
    return value


def _number(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MAX_NUMBER:
        raise _damaged(N_("The players' seats are damaged."))
    return value


def _name(value: Any) -> str:
    try:
        name = player_name(value)
    except MessageError as error:
        raise StoredDataError(error.message) from None
    if name != value:
        raise _damaged(N_("The players' seats are damaged."))
    return name


def _seat(item: Any) -> Seat:
    record = _record(item, ("seat", "name", "lang"))
    if not _is_seat(record["seat"]) or record["lang"] not in LANGUAGES:
        raise _damaged(N_("The players' seats are damaged."))
    return Seat(record["seat"], _name(record["name"]), record["lang"])


def _is_seat(value: Any) -> bool:
    return isinstance(value, str) and _SEAT.fullmatch(value) is not None


def _waiting(item: Any, seats: set[str]) -> Waiting:
    record = _record(item, ("number", "seat", "kind", "data", "said"))
    if record["seat"] not in seats:
        raise _damaged(N_("A waiting request belongs to no player at the table."))
    kind = record["kind"]
    if kind not in REQUESTS or not isinstance(record["data"], dict):
        raise _damaged(N_("The players' seats are damaged."))
    # The request as its player's message carried it, checked by the same codec.
    try:
        text = json.dumps(Message(kind, _CHECKED, 1, record["data"]).to_json())
        data = read_envelope(text, MAX_FROM_PLAYER).data
    except (MessageError, ValueError, RecursionError):
        raise _damaged(N_("The players' seats are damaged.")) from None
    said = read_step(record["said"])
    return Waiting(_number(record["number"]), record["seat"], kind, data, said)


def _asked(item: Any) -> tuple[int, str]:
    if not isinstance(item, list) or len(item) != 2:
        raise _damaged(N_("The players' seats are damaged."))
    entry = item[0]
    if isinstance(entry, bool) or not isinstance(entry, int) or not 0 <= entry <= 10**12:
        raise _damaged(N_("The players' seats are damaged."))
    return entry, _name(item[1])

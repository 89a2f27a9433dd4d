"""The players' seats kept on the game master's device (omen.campaign.seats): what a
reload brings back, the changes made over the value as it is now (two tabs), and
hostile stored values (crafted with a valid shape, not only damaged) refused with a
sentence."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from omen.campaign import seats as seats_module
from omen.campaign.parts import PARTS, Place
from omen.campaign.players import Message, Reader, place_for, write
from omen.campaign.seats import (
    MAX_SEATS,
    MAX_WAITING,
    SEATS,
    Seat,
    Seating,
    asked_for,
    room_for,
    seated,
    taken,
    unseated,
    waits,
)
from omen.campaign.share import PARTS as BACKED_UP
from omen.core.errors import RulesError, StoredDataError
from omen.core.roll import N_, Step
from omen.core.store import Keeper, MemoryBackend, encode
from omen_web.kit.store import Store

EVA = "seat-of-eva-12345"
JAN = "seat-of-jan-67890"
ASKED = Step(
    N_("{player} asks for a success roll: {roll}"), {"player": "Eva", "roll": "Stealth 12"}
)
ASK = {"id": 1, "test": {"character": "c1", "characteristic": "logic", "pool": {}, "faces": ""}}
ROLL = {"id": 2, "skill": "Stealth", "level": 12, "modifiers": "-2", "faces": ""}
NOW = "2026-12-06T20:00:00.000Z"


def a_table() -> Seating:
    table = seated(seated(Seating(), EVA, "Eva", "cs"), JAN, "Jan", "en")
    table, _ = waits(table, EVA, "ask", ASK, ASKED)
    table, _ = waits(table, JAN, "roll", ROLL, Step(N_("Declined: {request}"), {"request": "x"}))
    return asked_for(table, 7, "Eva")


def test_seats_waiting_requests_and_asked_results_round_trip_through_storage() -> None:
    table = a_table()
    keeper = Keeper(MemoryBackend(), print, lambda: "T")
    assert keeper.save(SEATS, table.to_json())
    back = Keeper(keeper.backend, print, lambda: "T").load(SEATS)
    assert back == table
    assert [(w.number, w.seat, w.kind, w.id) for w in back.waiting] == [
        (1, EVA, "ask", 1),
        (2, JAN, "roll", 2),
    ]
    assert back.waiting[0].test == ASK["test"] and back.waiting[1].test == ROLL
    assert back.asked == ((7, "Eva"),)


def test_a_kept_seat_takes_its_place_back_after_a_reload_and_a_name_alone_does_not() -> None:
    back = Seating.from_json(json.loads(json.dumps(a_table().to_json())))
    assert place_for(back.names(), EVA, "Eva the Bold") == EVA
    with pytest.raises(RulesError, match="Eva is at the table already"):
        place_for(back.names(), "", "eva")
    assert place_for(back.names(), "", "Bo") is None


def test_the_part_goes_to_two_tab_sync_and_into_no_backup_or_link() -> None:
    part = PARTS["players_seats"]
    assert part.schema is SEATS and part.key == "omen/players_seats"
    assert part.goes(Place.SYNC)
    assert not part.goes(Place.BACKUP) and not part.goes(Place.LINK)
    assert "secret" in part.why_not[Place.BACKUP]
    assert "players_seats" not in BACKED_UP


def test_a_place_ended_takes_its_waiting_requests_and_keeps_the_results_asked_for() -> None:
    table = unseated(a_table(), EVA)
    assert [held.name for held in table.seats] == ["Jan"]
    assert [w.seat for w in table.waiting] == [JAN]
    assert table.asked == ((7, "Eva"),)


def test_a_request_taken_waits_no_more_and_taken_twice_is_nothing() -> None:
    table, found = taken(a_table(), 1)
    assert found is not None and found.said == ASKED
    assert [w.number for w in table.waiting] == [2]
    again, nothing = taken(table, 1)
    assert nothing is None and again == table
    # Numbers keep rising after a request is taken: a new one is never an old one's.
    table, number = waits(table, EVA, "ask", ASK, ASKED)
    assert number == 3


def test_a_request_of_a_player_with_no_place_or_one_too_many_is_refused_with_a_sentence() -> None:
    with pytest.raises(RulesError, match=r"Your place at the table has ended: join again\."):
        waits(Seating(), EVA, "ask", ASK, ASKED)
    table = seated(Seating(), EVA, "Eva", "cs")
    for _ in range(MAX_WAITING):
        table, _ = waits(table, EVA, "ask", ASK, ASKED)
    with pytest.raises(RulesError, match="Too many requests are waiting"):
        waits(table, EVA, "ask", ASK, ASKED)


def test_a_full_table_refuses_a_new_player_but_not_one_taking_their_place_back() -> None:
    table = Seating()
    for n in range(MAX_SEATS):
        table = seated(table, f"seat-number-{n:04d}", f"Player {n}", "en")
    with pytest.raises(
        RulesError, match=rf"Every seat at the table is taken \({MAX_SEATS} at most\)"
    ):
        room_for(table, "")
    with pytest.raises(RulesError, match="remove a player first"):
        seated(table, "seat-number-new1", "Bo", "en")
    room_for(table, "seat-number-0003")
    table = seated(table, "seat-number-0003", "Player 3", "cs")
    assert table.seat("seat-number-0003") == Seat("seat-number-0003", "Player 3", "cs")


def make_store(backend: MemoryBackend, told: list[Step]) -> Store:
    keeper = Keeper(backend, told.append, lambda: NOW)
    return Store(keeper, NOW, lambda: NOW, lambda step: step.key, lambda: "en")


def test_two_tabs_never_lose_a_seat() -> None:
    """Each tab makes its change over the seats as they are now: one tab seats Eva, the
    other takes that in and seats Jan; a change made by both at once keeps the other
    tab's version aside and says so."""
    backend, told = MemoryBackend(), []
    one, two = make_store(backend, told), make_store(backend, told)
    one.put("players_seats", seated(one.get("players_seats"), EVA, "Eva", "cs"))
    assert two.take_in("players_seats")
    two.put("players_seats", seated(two.get("players_seats"), JAN, "Jan", "en"))
    assert one.take_in("players_seats")
    assert [held.name for held in one.get("players_seats").seats] == ["Eva", "Jan"]
    # A reload reads both.
    assert [held.name for held in make_store(backend, told).get("players_seats").seats] == [
        "Eva",
        "Jan",
    ]
    # Both tabs change it before either took the other's change in: kept aside, said.
    one.put("players_seats", unseated(one.get("players_seats"), JAN))
    two.put("players_seats", unseated(two.get("players_seats"), EVA))
    assert any("Another tab changed" in step.key for step in told)
    aside = two.keeper.aside()
    assert [copy.key.split("/")[2] for copy in aside] == ["players_seats"]


def crafted(change: Any) -> dict[str, Any]:
    data = copy.deepcopy(a_table().to_json())
    change(data)
    return data


def deep(levels: int) -> Any:
    value: Any = {}
    for _ in range(levels):
        value = {"x": value}
    return value


HOSTILE = {
    "not a record": lambda d: d.clear(),
    "a field more": lambda d: d.update(evil=1),
    "a short seat": lambda d: d["seats"][0].update(seat="abc"),
    "markup in a seat": lambda d: d["seats"][0].update(seat="<script>alert(1)</script>"),
    "a seat that is a number": lambda d: d["seats"][0].update(seat=12345678),
    "one seat twice": lambda d: d["seats"][1].update(seat=EVA),
    "a bidi override in a name": lambda d: d["seats"][0].update(name="\u202eEva"),
    "a control character in a name": lambda d: d["seats"][0].update(name="Eva\u0007"),
    "a name untrimmed": lambda d: d["seats"][0].update(name=" Eva "),
    "a name too long": lambda d: d["seats"][0].update(name="E" * 41),
    "an empty name": lambda d: d["seats"][0].update(name=""),
    "a language Omen does not speak": lambda d: d["seats"][0].update(lang="fr"),
    "too many seats": lambda d: d.update(
        seats=[{"seat": f"seat-number-{n:04d}", "name": f"P{n}", "lang": "en"} for n in range(25)]
    ),
    "a request of no one seated": lambda d: d["waiting"][0].update(seat="seat-of-nobody-1"),
    "a request of a kind players do not send": lambda d: d["waiting"][0].update(kind="declined"),
    "a request that is a seat message": lambda d: d["waiting"][0].update(
        kind="seat", data={"seat": EVA}
    ),
    "a request with a field more": lambda d: d["waiting"][0]["data"].update(evil=1),
    "a request numbered 0": lambda d: d["waiting"][0]["data"].update(id=0),
    "a request numbered true": lambda d: d["waiting"][0]["data"].update(id=True),
    "a roll at level true": lambda d: d["waiting"][1]["data"].update(level=True),
    "a roll at level a million": lambda d: d["waiting"][1]["data"].update(level=10**6),
    "a roll's skill too long": lambda d: d["waiting"][1]["data"].update(skill="S" * 500),
    "a test nested too deep": lambda d: d["waiting"][0]["data"].update(test=deep(20)),
    "a test too large for a player's message": lambda d: d["waiting"][0]["data"].update(
        test={"faces": "1" * 5000}
    ),
    "a test that is a list": lambda d: d["waiting"][0]["data"].update(test=[1, 2]),
    "words Omen never wrote": lambda d: d["waiting"][0].update(said={"k": "{x:>99999999}"}),
    "words with markup as a message": lambda d: d["waiting"][0].update(said={"k": "<b>hi</b>"}),
    "words with a value too long": lambda d: d["waiting"][0]["said"]["a"].update(roll="E" * 30_000),
    "one number twice": lambda d: d["waiting"][1].update(number=1),
    "a number that is true": lambda d: d["waiting"][0].update(number=True),
    "a negative number": lambda d: d["waiting"][0].update(number=-1),
    "too many waiting": lambda d: d.update(
        waiting=[dict(d["waiting"][0], number=n) for n in range(1, 42)]
    ),
    "an asked entry below zero": lambda d: d["asked"][0].__setitem__(0, -1),
    "an asked entry that is text": lambda d: d["asked"][0].__setitem__(0, "7"),
    "an asked name with a bidi override": lambda d: d["asked"][0].__setitem__(1, "\u202aEva"),
    "an asked entry twice": lambda d: d["asked"].append([7, "Jan"]),
    "asked as a record": lambda d: d.update(asked={"7": "Eva"}),
}


@pytest.mark.parametrize("case", sorted(HOSTILE))
def test_crafted_stored_seats_are_refused_with_a_sentence(case: str) -> None:
    data = crafted(HOSTILE[case])
    with pytest.raises(StoredDataError) as refused:
        Seating.from_json(data)
    sentence = refused.value.message.english()
    assert sentence[0].isupper() and sentence.endswith("."), sentence


def test_crafted_stored_seats_are_kept_aside_and_the_seats_start_empty() -> None:
    backend, told = MemoryBackend(), []
    backend.put(SEATS.key, encode(SEATS, crafted(HOSTILE["a bidi override in a name"])))
    keeper = Keeper(backend, told.append, lambda: "T1")
    assert keeper.load(SEATS) is None
    assert [copy.key.split("/")[2] for copy in keeper.aside()] == ["players_seats"]
    assert "the players' seats" in told[0].args["what"].key
    assert make_store(backend, []).get("players_seats") == Seating()


NAMES = (
    st.text(
        st.characters(
            blacklist_categories=("Cc", "Cs", "Zl", "Zp"),
            blacklist_characters="\u202a\u202b\u202c\u202d\u202e",
        ),
        min_size=1,
        max_size=40,
    )
    .map(str.strip)
    .filter(lambda name: 1 <= len(name) <= 40)
)


@given(st.lists(NAMES, max_size=6, unique_by=str.casefold), st.lists(st.integers(0, 5), max_size=8))
def test_any_seating_made_by_its_changes_loads_back_as_it_was(
    names: list[str], asks: list[int]
) -> None:
    table = Seating()
    for n, name in enumerate(names):
        table = seated(table, f"seat-number-{n:04d}", name, "cs" if n % 2 else "en")
    for n, who in enumerate(asks):
        if who < len(names):
            table, _ = waits(table, f"seat-number-{who:04d}", "roll", dict(ROLL, id=n + 1), ASKED)
            table = asked_for(table, n, names[who])
    stored = json.loads(json.dumps(table.to_json(), ensure_ascii=False))
    assert Seating.from_json(stored) == table


def test_a_stored_request_is_read_as_the_players_message_was() -> None:
    """What the codec took from the channel, it takes from storage: a request kept and
    read back is the message the player's Reader read."""
    message = Reader(EVA).read(write(Message("roll", EVA, 2, ROLL)))
    table, _ = waits(seated(Seating(), EVA, "Eva", "en"), EVA, "roll", message.data, ASKED)
    assert Seating.from_json(table.to_json()).waiting[0].data == message.data
    assert seats_module.REQUESTS == ("ask", "roll")

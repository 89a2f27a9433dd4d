"""The players' messages (every kind, round trip, hostile fields, token, replay, size) and
what the public view shows per game (and what it never shows)."""

from __future__ import annotations

import base64
import json
import zlib
from typing import Any

import pytest

from omen.campaign import players
from omen.campaign.players import (
    Invitations,
    Message,
    MessageError,
    PublicView,
    Reader,
    pack,
    public_view,
    read_envelope,
    read_packed,
    write,
)
from omen.campaign.sdp import Candidate, Details
from omen.campaign.state import Exploration, Log, Outcome
from omen.campaign.tables import Entry as Row
from omen.campaign.tables import Library, Table
from omen.campaign.timers import LightKind, Timers, Unit, add_light, add_timer
from omen.core.dice import ScriptedDice
from omen.core.errors import RulesError
from omen.core.i18n import Translator
from omen.core.roll import Step
from omen.eotw.crew import Agenda, Character, Crew, EncounterType, Trauma, take_stress
from omen.eotw.players import roll_ask
from omen.eotw.pools import Category

TOKEN = "table-token-1"
EN = Translator.english()


def a_view(**changes: Any) -> PublicView:
    view = public_view({}, "liminal_horror", {"turn.minutes": 10}, EN, "20:41")
    data = view.to_json()
    data.update(changes)
    return PublicView.from_json(data)


OFFER = Details(
    "uEs2",
    "ot8ep/pWuCLbEvEaAcwr2fbk",
    bytes(range(32)),
    "actpass",
    "0",
    (Candidate("host", "192.168.1.20", 50107), Candidate("srflx", "203.0.113.7", 61000)),
).sdp()
ANSWER = Details("Db94", "eTmAkekAmJXYc8c7U77WSwyB", bytes(32), "active", "0", ()).sdp()

EXAMPLES: dict[str, dict[str, Any]] = {
    "join": {"offer": OFFER, "stun": "stun:192.0.2.10:3478"},
    "answer": {"sdp": ANSWER, "name": "Eva", "lang": "cs", "seat": "seat-of-eva-12345"},
    "view": {"view": a_view().to_json()},
    "ask": {"id": 3, "test": {"character": "c1", "characteristic": "logic", "pool": {}}},
    "declined": {"id": 3, "reason": "Not now."},
    "roll": {"id": 4, "skill": "Stealth", "level": 12, "modifiers": "-2 +1", "faces": "3 4 5"},
    "bye": {},
    "seat": {"seat": "seat-of-eva-12345"},
    "recap": {"text": "Session recap, 6 December 2026\n\nNo public results in this session."},
}


def envelope(made: str = "ask", **changes: Any) -> dict[str, Any]:
    out = Message(made, TOKEN, 1, EXAMPLES[made]).to_json()
    out.update(changes)
    return out


def test_every_kind_is_exemplified() -> None:
    assert set(EXAMPLES) == set(players.KINDS)


@pytest.mark.parametrize("kind", sorted(EXAMPLES))
def test_every_kind_round_trips_as_text_and_packed(kind: str) -> None:
    message = Message(kind, TOKEN, 7, EXAMPLES[kind])
    assert read_envelope(write(message)) == message
    if kind in ("join", "answer"):  # the kinds a code carries: always the first message
        first = Message(kind, TOKEN, 1, EXAMPLES[kind])
        packed = pack(first)
        assert set(packed) <= set(
            "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
        )
        prefix = "https://example.org/omen/player.html#join=" if kind == "join" else "omen-answer:"
        assert read_packed(prefix + packed, kind) == first
    else:
        with pytest.raises(MessageError):
            pack(message)


def test_a_view_round_trips_with_every_field_filled() -> None:
    view = PublicView(
        "cs",
        "Konec světa",
        "20:41",
        ("Scéna",),
        ("Pochodeň 1: zbývají 3 tahy",),
        ("Vzdálenost: 60 stop",),
        (players.Shown("Ana: úspěch", "Hozeno 2 · Test uspěl.", "Eva"),),
        (
            players.Person(
                "c1",
                "Ana",
                ("Ve hře",),
                (("logic", "Logika 3", "1 kostka: šance na úspěch 50,0 %"),),
            ),
        ),
        {"clock": "Čas"},
        ((3, "1,9 %"), (16, "98,1 %")),
    )
    assert PublicView.from_json(json.loads(json.dumps(view.to_json()))) == view


HOSTILE_ENVELOPES: list[Any] = [
    envelope(app="other"),
    envelope(v=0),
    envelope(v=True),
    envelope(v="1"),
    envelope(kind="shutdown"),
    envelope(kind=None),
    envelope(token="short"),
    envelope(token="bad token with spaces"),
    envelope(token=7),
    envelope(n=0),
    envelope(n=-1),
    envelope(n=True),
    envelope(n=10**12),
    envelope(n=1.5),
    envelope(data=[]),
    envelope(data={"id": 1}),
    envelope(data={"id": 1, "test": {}, "extra": 1}),
    envelope(data={"id": "1", "test": {}}),
    envelope(data={"id": 0, "test": {}}),
    envelope(data={"id": 1, "test": []}),
    envelope(data={"id": 1, "test": {"a": {"b": {"c": {"d": {"e": {"f": {"g": {}}}}}}}}}),
    envelope("declined", data={"id": 1, "reason": "x" * 5000}),
    envelope("answer", data={"sdp": "v=0", "name": "", "lang": "en", "seat": ""}),
    envelope("answer", data={"sdp": "v=0", "name": "Eva\u202e", "lang": "en", "seat": ""}),
    envelope("answer", data={"sdp": "v=0", "name": "Eva", "lang": "de", "seat": ""}),
    envelope("answer", data={"sdp": 5, "name": "Eva", "lang": "en", "seat": ""}),
    envelope("answer", data={"sdp": "v=0", "name": "Eva", "lang": "en"}),
    envelope("answer", data={"sdp": "v=0", "name": "Eva", "lang": "en", "seat": "short"}),
    envelope("answer", data={"sdp": "v=0", "name": "Eva", "lang": "en", "seat": None}),
    envelope("answer", data={"sdp": "v=0", "name": "Eva", "lang": "en", "seat": "a b c d e f g"}),
    envelope("seat", data={"seat": ""}),
    envelope("seat", data={"seat": "x" * 65}),
    envelope("seat", data={"seat": 12345678}),
    envelope("seat", data={}),
    envelope("recap", data={"text": "x" * 16_001}),
    envelope("recap", data={"text": ["x"]}),
    envelope("recap", data={}),
    envelope("view", data={"view": {}}),
    envelope("view", data={"view": {**a_view().to_json(), "clock": "Turn 3"}}),
    envelope("view", data={"view": {**a_view().to_json(), "clock": ["x"] * 61}}),
    envelope("view", data={"view": {**a_view().to_json(), "lights": [7]}}),
    envelope("view", data={"view": {**a_view().to_json(), "results": [{"title": "x"}]}}),
    envelope("view", data={"view": {**a_view().to_json(), "people": [{"id": "c"}]}}),
    envelope("view", data={"view": {**a_view().to_json(), "words": {"script": "x"}}}),
    envelope("view", data={"view": {**a_view().to_json(), "lang": "xx"}}),
    envelope("view", data={"view": {**a_view().to_json(), "extra": 1}}),
    envelope("view", data={"view": {**a_view().to_json(), "rolls": [[3]]}}),
    envelope("view", data={"view": {**a_view().to_json(), "rolls": [[True, "1 %"]]}}),
    envelope("view", data={"view": {**a_view().to_json(), "rolls": [[3, "x" * 41]]}}),
    envelope("view", data={"view": {**a_view().to_json(), "rolls": [[3, "1 %"]] * 21}}),
    envelope("roll", data={**EXAMPLES["roll"], "level": "12"}),
    envelope("roll", data={**EXAMPLES["roll"], "level": True}),
    envelope("roll", data={**EXAMPLES["roll"], "level": 10**6}),
    envelope("roll", data={**EXAMPLES["roll"], "level": 12.5}),
    envelope("roll", data={**EXAMPLES["roll"], "skill": "x" * 500}),
    envelope("roll", data={**EXAMPLES["roll"], "skill": None}),
    envelope("roll", data={**EXAMPLES["roll"], "modifiers": ["-2"]}),
    envelope("roll", data={**EXAMPLES["roll"], "faces": [3, 4, 5]}),
    envelope("roll", data={**EXAMPLES["roll"], "faces": "1" * 61}),
    envelope("roll", data={k: v for k, v in EXAMPLES["roll"].items() if k != "faces"}),
    envelope("roll", data={**EXAMPLES["roll"], "id": 0}),
    {k: v for k, v in envelope().items() if k != "n"},
    {**envelope(), "more": 1},
    [],
    "ask",
    None,
]


@pytest.mark.parametrize("data", HOSTILE_ENVELOPES)
def test_hostile_envelopes_are_refused_with_a_sentence(data: Any) -> None:
    with pytest.raises(MessageError) as refused:
        read_envelope(json.dumps(data))
    assert refused.value.message.english().endswith(".")


@pytest.mark.parametrize(
    "text", ["", "{", "[1,", "NaN", '{"app": "omen-table"', "\x00", "{}" * 10, "1e999999"]
)
def test_text_that_is_not_json_is_refused(text: str) -> None:
    with pytest.raises(MessageError):
        read_envelope(text)


def test_a_newer_format_says_so() -> None:
    with pytest.raises(MessageError, match="newer Omen"):
        read_envelope(json.dumps(envelope(v=2)))


def test_deep_nesting_is_refused_without_a_recursion_error() -> None:
    deep = "[" * 100_000 + "]" * 100_000
    with pytest.raises(MessageError):
        read_envelope(deep, limit=10**6)


def test_oversized_messages_are_refused_before_parsing() -> None:
    big = envelope("declined", data={"id": 1, "reason": "x" * 1900})
    text = json.dumps(big) + " " * players.MAX_TEXT
    with pytest.raises(MessageError, match="too long"):
        read_envelope(text)
    with pytest.raises(MessageError, match="too long"):
        Reader(TOKEN).read(json.dumps(envelope(data={"id": 1, "test": {"x": "y" * 5000}})))


def _packed(raw: bytes) -> str:
    return base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode().rstrip("=")


def test_a_code_of_the_older_format_says_so() -> None:
    """Format 1 packed the whole envelope with zlib; such a link is refused with a
    sentence, not taken for damage."""
    old = {"app": "omen-table", "v": 1, "kind": "join", "token": TOKEN, "n": 1, "data": {}}
    with pytest.raises(MessageError, match="older Omen"):
        read_packed("#join=" + _packed(json.dumps(old).encode()), "join")


@pytest.mark.parametrize(
    "text",
    [
        "x" * (players.MAX_PACKED + 1),
        "not base64!",
        "A",
        "",
        pack(Message("answer", TOKEN, 1, EXAMPLES["answer"]))[:-4],
        pack(Message("answer", TOKEN, 1, EXAMPLES["answer"])) + "AAAA",
        base64.urlsafe_b64encode(b"plain text").decode(),
        base64.urlsafe_b64encode(b"\x02\x02\x00\x00\x00\x00\x00").decode(),
    ],
)
def test_damaged_codes_are_refused(text: str) -> None:
    with pytest.raises(MessageError):
        read_packed(text, "answer")


def test_an_invitation_pasted_as_an_answer_says_so() -> None:
    invite = pack(Message("join", TOKEN, 1, EXAMPLES["join"]))
    with pytest.raises(MessageError, match="invitation, not a player's answer"):
        read_packed(invite, "answer")


def test_a_description_omen_cannot_cut_is_refused() -> None:
    no_fingerprint = OFFER.replace("a=fingerprint:sha-256", "a=fingerprint:sha-1")
    with pytest.raises(MessageError, match="cannot be put in a code"):
        pack(Message("join", TOKEN, 1, {"offer": no_fingerprint}))


def test_the_reader_refuses_a_wrong_token_a_replay_and_game_master_kinds() -> None:
    reader = Reader(TOKEN)
    with pytest.raises(MessageError, match="not from a player at this table"):
        reader.read(write(Message("ask", "another-token-2", 1, EXAMPLES["ask"])))
    assert reader.read(write(Message("ask", TOKEN, 5, EXAMPLES["ask"]))).n == 5
    for number in (5, 4, 1):
        with pytest.raises(MessageError, match="came before"):
            reader.read(write(Message("ask", TOKEN, number, EXAMPLES["ask"])))
    for kind in ("view", "declined", "join"):
        with pytest.raises(MessageError, match="cannot send"):
            reader.read(write(Message(kind, TOKEN, 9, EXAMPLES[kind])))
    assert reader.last == 5  # refusals changed nothing
    assert reader.read(write(Message("bye", TOKEN, 6))).kind == "bye"


def test_an_invitation_joins_once_and_the_oldest_closes_first() -> None:
    offers = Invitations(keep=2)
    first, second, third = offers.open(), offers.open(), offers.open()
    with pytest.raises(MessageError, match="used or no longer open"):
        offers.take(first)
    assert offers.take(third) == third
    with pytest.raises(MessageError):
        offers.take(third)
    assert offers.take(second) == second
    assert len({first, second, third}) == 3


# --- the public view ----------------------------------------------------------------


def a_log() -> Log:
    log = Log()
    log = log.add("t1", Outcome(Step("Turn {turn} begins.", {"turn": 1}), (), "explore"), "", None)
    log = log.add(
        "t2",
        Outcome(Step("Tension Die: nothing yet (pool {pool})", {"pool": 11}), (), "check"),
        "",
        None,
    )
    log = log.add(
        "t3",
        Outcome(Step("Rolled {face}", {"face": 4}), (Step("A"), Step("B")), "test"),
        "",
        None,
    )
    return log


def test_the_clock_and_lights_are_worded_in_the_players_language(czech: Translator) -> None:
    timers = add_timer(add_light(Timers(), LightKind.TORCH, 3, Unit.TURN), "Bless", 2, Unit.TURN)
    parts = {
        "exploration": Exploration(pool=11, clock=Exploration().clock.next_turn()),
        "timers": timers,
    }
    english = public_view(parts, "liminal_horror", {"turn.minutes": 10}, EN, "20:41")
    assert english.clock == ("Turn 1", "0 h 10 min")
    assert english.lights == (
        "Torch 1: 3 exploration turns left",
        "Timer 'Bless': 2 exploration turns left",
    )
    assert english.game == "Liminal Horror" and english.at == "20:41" and english.lang == "en"
    czech = public_view(parts, "liminal_horror", {"turn.minutes": 10}, czech, "20:41")
    assert czech.lang == "cs" and czech.clock[0] != "Turn 1"
    assert czech.words["notLive"] != "not live"


def test_only_results_the_game_master_showed_or_a_player_asked_for_are_public() -> None:
    log = a_log()
    nothing = public_view({"log": log}, "liminal_horror", {}, EN, "20:41")
    assert nothing.results == ()
    shown = public_view(
        {"log": log}, "liminal_horror", {}, EN, "20:41", shown=[3], asked={1: "Eva"}
    )
    assert [(r.title, r.line, r.who) for r in shown.results] == [
        ("Rolled 4", "A · B", ""),
        ("Turn 1 begins.", "", "Eva"),
    ]
    undone = Log(
        (log.entries[0].__class__(**{**log.entries[0].__dict__, "undone": True}), *log.entries[1:])
    )
    assert public_view({"log": undone}, "liminal_horror", {}, EN, "x", shown=[3]).results == ()


def test_the_view_never_holds_the_pool_odds_or_a_tables_contents() -> None:
    wolves = Table("wolves", "Wolves", "d6", (Row("A secret lair of 1d4 wolves", 1, 6),))
    parts = {"library": Library((wolves,)), "exploration": Exploration(pool=7), "log": a_log()}
    text = json.dumps(public_view(parts, "liminal_horror", {}, EN, "20:41", shown=[3]).to_json())
    assert "secret lair" not in text and "pool" not in text.lower() and "%" not in text


def test_eotw_shows_the_scene_and_each_characters_public_state(czech: Translator) -> None:
    ana = Character("c1", "Ana", logic=3, traumas=(Trauma("Burns", Category.PHYSICAL, 2),))
    ana = take_stress(ana, Category.MENTAL, 4).character
    bo = take_stress(Character("c2", "Bo"), Category.SOCIAL, 9).character  # must choose first
    crew = Crew((ana, bo), Agenda(EncounterType.SURVIVAL))
    view = public_view({"crew": crew}, "eotw", {}, EN, "20:41")
    assert view.clock == ("Survival encounter",)
    first = view.people[0]
    assert (first.id, first.name) == ("c1", "Ana")
    assert first.lines == (
        "In play",
        "Physical: 0 of 9",
        "Mental: 4 of 9",
        "Social: 0 of 9",
        "Trauma: Burns (Physical, severity 2)",
    )
    logic = next(test for test in first.tests if test[0] == "logic")
    # Logic 3, no hindering trauma (Burns is physical): one die, 1/2; pushed three, 2/3
    assert logic == (
        "logic",
        "Logic 3",
        "1 die: chance of success 50.0% · pushed, 3 dice: chance of success 66.7%",
    )
    assert view.people[1].tests == ()  # Bo cannot be tested until the track is settled
    czech = public_view({"crew": crew}, "eotw", {}, czech, "20:41")
    assert czech.people[0].lines[1] != "Physical: 0 of 9"
    assert "šance na úspěch 50,0\u00a0%" in czech.people[0].tests[2][2]
    assert PublicView.from_json(json.loads(json.dumps(view.to_json()))) == view


def test_a_players_eotw_test_is_rolled_with_hindering_traumas_and_names_the_player() -> None:
    ana = Character("c1", "Ana", dexterity=4, traumas=(Trauma("Rib", Category.PHYSICAL, 1),))
    crew = Crew((ana,))
    ask = {"character": "c1", "characteristic": "dexterity", "pool": {"pushed": True}}
    # pushed: 2 positive; a push and the trauma: 2 negative
    outcome = roll_ask(crew, ask, ScriptedDice([2, 5, 6, 1]), {}, "Eva")
    assert outcome.title.english() == "Eva asked: Ana: Success: 1 success, 2 stress"
    assert outcome.steps[0].english() == "Eva asks for a test of Dexterity, pushed"
    assert outcome.kind == "eotw-test"


@pytest.mark.parametrize(
    "ask",
    [
        None,
        {},
        {"character": "c9", "characteristic": "logic", "pool": {}},
        {"character": 1, "characteristic": "logic", "pool": {}},
        {"character": "c1", "characteristic": "luck", "pool": {}},
        {"character": "c1", "characteristic": "logic", "pool": {"danger": -1}},
        {"character": "c1", "characteristic": "logic", "pool": {"danger": 99}},
        {"character": "c1", "characteristic": "logic", "pool": {"cheat": 1}},
        {"character": "c1", "characteristic": "logic", "pool": {}, "more": 1},
    ],
)
def test_a_request_that_does_not_fit_is_refused(ask: Any) -> None:
    crew = Crew((Character("c1", "Ana"),))
    with pytest.raises(RulesError):
        roll_ask(crew, ask, ScriptedDice([1] * 40), {}, "Eva")


def test_a_character_who_cannot_be_tested_is_refused() -> None:
    bo = take_stress(Character("c1", "Bo"), Category.SOCIAL, 9).character
    ask = {"character": "c1", "characteristic": "logic", "pool": {}}
    with pytest.raises(RulesError, match="cling to life"):
        roll_ask(Crew((bo,)), ask, ScriptedDice([1]), {}, "Eva")


def test_the_odds_a_player_sees_are_the_engines_exact_odds_with_hindering_traumas() -> None:
    from fractions import Fraction

    from omen.eotw.pools import odds

    ana = Character("c1", "Ana", vitality=2, traumas=(Trauma("Rib", Category.PHYSICAL, 1),))
    view = public_view({"crew": Crew((ana,))}, "eotw", {}, EN, "20:41")
    vitality = next(test for test in view.people[0].tests if test[0] == "vitality")
    # the hindering trauma adds a negative die: 1 positive, 1 negative, by enumeration
    plain = odds(1, 1, 2).success
    assert plain == Fraction(
        sum(1 for p in range(1, 7) for n in range(1, 7) if p <= 2 and p != n), 36
    )
    pushed = odds(2, 2, 2).success
    assert vitality[2] == (
        f"2 dice: chance of success {EN.percent(plain)} · "
        f"pushed, 4 dice: chance of success {EN.percent(pushed)}"
    )


def test_a_players_typed_faces_are_rolled_in_the_order_the_test_rolls_them() -> None:
    ana = Character("c1", "Ana", dexterity=4, traumas=(Trauma("Rib", Category.PHYSICAL, 1),))
    ask = {
        "character": "c1",
        "characteristic": "dexterity",
        "pool": {"pushed": True},
        "faces": "2 5, 6 1",
    }
    # the app's dice are never asked: the typed faces are rolled
    outcome = roll_ask(Crew((ana,)), ask, ScriptedDice([]), {}, "Eva")
    assert outcome.title.english() == "Eva asked: Ana: Success: 1 success, 2 stress"
    blank = {**ask, "faces": "  "}
    assert roll_ask(Crew((ana,)), blank, ScriptedDice([2, 5, 6, 1]), {}, "Eva") == outcome


@pytest.mark.parametrize(
    ("faces", "said"),
    [
        ("2 5 6", "You typed 3 dice; this test rolls 4."),
        ("2 5 6 1 1", "You typed 5 dice; this test rolls 4."),
        ("2 5 6 7", "7 is not a face of a d6: it shows 1 to 6."),
        ("2 5 6 0", "0 is not a face of a d6: it shows 1 to 6."),
        ("2 5 6 -1", "Type the faces of your dice as digits, like 4 2 6."),
        ("2 5 6 \u0661", "Type the faces of your dice as digits, like 4 2 6."),  # Arabic-Indic 1
        ("1 " * 40, "Type the faces of your dice as digits, like 4 2 6."),
        (4, "Type the faces of your dice as digits, like 4 2 6."),
    ],
)
def test_typed_faces_that_are_not_the_pools_dice_are_refused_with_the_sentence(
    faces: Any, said: str
) -> None:
    ana = Character("c1", "Ana", dexterity=4, traumas=(Trauma("Rib", Category.PHYSICAL, 1),))
    ask = {"character": "c1", "characteristic": "dexterity", "pool": {"pushed": True}}
    with pytest.raises(RulesError) as refused:
        roll_ask(Crew((ana,)), {**ask, "faces": faces}, ScriptedDice([1] * 9), {}, "Eva")
    assert refused.value.message.english() == said


def test_typed_faces_say_their_count_in_czech_plural_forms(czech: Translator) -> None:
    with pytest.raises(RulesError) as two:
        players.typed_faces("1 2", 3, 6)
    with pytest.raises(RulesError) as five:
        players.typed_faces("1 2 3 4 5", 3, 6)
    assert czech.render(two.value.message) == "Zadali jste 2 kostky; v tomto testu se hází 3."
    assert czech.render(five.value.message) == "Zadali jste 5 kostek; v tomto testu se hází 3."


def test_a_request_is_described_for_the_game_master_before_anything_is_rolled() -> None:
    from omen.eotw.players import read_ask

    crew = Crew((Character("c1", "Ana", logic=3),))
    ask = {"character": "c1", "characteristic": "logic", "pool": {"pushed": True}, "faces": ""}
    asked = read_ask(crew, ask)
    assert asked.said("Eva").english() == "Eva asks for a test of Logic, pushed"
    assert (asked.pool.positive, asked.pool.negative, asked.faces) == (2, 1, None)


def test_a_declined_request_round_trips_and_a_player_cannot_send_one() -> None:
    text = write(Message("declined", TOKEN, 4, {"id": 2, "reason": "not now"}))
    assert read_envelope(text).data == {"id": 2, "reason": "not now"}
    with pytest.raises(MessageError, match="A player cannot send this"):
        Reader(TOKEN).read(text)


# --- GURPS: a success roll a player asks for -----------------------------------------


def test_a_players_gurps_roll_is_read_from_the_channel_and_a_replay_is_refused() -> None:
    reader = Reader(TOKEN)
    text = write(Message("roll", TOKEN, 2, EXAMPLES["roll"]))
    assert reader.read(text).data == EXAMPLES["roll"]
    with pytest.raises(MessageError, match="came before"):
        reader.read(text)
    with pytest.raises(MessageError, match="not from a player at this table"):
        Reader("other-token-1").read(write(Message("roll", TOKEN, 3, EXAMPLES["roll"])))


def test_a_players_gurps_roll_uses_their_typed_faces_and_names_them() -> None:
    from omen.gurps.players import KIND, roll_request

    ask = {"skill": "Stealth", "level": 12, "modifiers": "-2 +1", "faces": "6 6 1"}
    outcome = roll_request(ask, ScriptedDice([]), "Eva")  # the app's dice are never asked
    assert outcome.title.english() == "Eva asked: Stealth (effective 11): failure by 2"
    assert [step.english() for step in outcome.steps][:2] == [
        "Eva asks for a success roll: Stealth 12, modifiers −2 +1",
        "skill 12, modifiers −2 +1: effective skill 11",
    ]
    assert "13" in " ".join(step.english() for step in outcome.steps)
    assert outcome.kind == KIND
    rolled = roll_request({**ask, "faces": ""}, ScriptedDice([6, 6, 1]), "Eva")
    assert rolled.title == outcome.title


@pytest.mark.parametrize(
    ("ask", "said"),
    [
        (
            {"level": 4, "modifiers": "-2"},
            "Effective skill 2 is below 3: no success roll is allowed "
            "(GURPS Basic Set, p. B344), except a defence roll.",
        ),
        ({"level": 2, "modifiers": ""}, "Effective skill 2 is below 3"),
        ({"modifiers": "minus two"}, "Write modifiers as whole numbers with their signs"),
        ({"faces": "3 4"}, "You typed 2 dice; this test rolls 3."),
        ({"faces": "3 4 9"}, "9 is not a face of a d6"),
        ({"skill": "  "}, "Name the skill in 1 to 80 characters."),
        ({"level": 500}, "An effective skill must be a whole number from -50 to 99."),
    ],
)
def test_a_gurps_roll_the_rules_rule_out_is_refused_with_the_sentence(
    ask: dict[str, Any], said: str
) -> None:
    from omen.gurps.players import roll_request

    whole = {"skill": "Stealth", "level": 12, "modifiers": "", "faces": "", **ask}
    with pytest.raises(RulesError) as refused:
        roll_request(whole, ScriptedDice([3, 3, 3]), "Eva")
    assert refused.value.message.english().startswith(said)


def test_the_gurps_view_carries_the_exact_chance_at_each_effective_skill(
    czech: Translator,
) -> None:
    from fractions import Fraction

    from omen.gurps.players import odds_table

    table = odds_table()
    assert [level for level, _ in table] == list(range(3, 17))
    # by enumeration of the 216 rolls of 3d6: 10 or less succeeds in 108
    rolls = [a + b + c for a in range(1, 7) for b in range(1, 7) for c in range(1, 7)]
    assert dict(table)[10] == Fraction(sum(1 for r in rolls if r <= 10), 216) == Fraction(1, 2)
    assert dict(table)[16] == Fraction(sum(1 for r in rolls if r <= 16), 216)
    view = public_view({}, "gurps", {}, czech, "20:41")  # the GURPS spec's facts bring them
    assert (10, "50,0\u00a0%") in view.rolls
    assert PublicView.from_json(json.loads(json.dumps(view.to_json()))) == view


# --- rejoining: the seat ---------------------------------------------------------------


def test_a_player_takes_their_place_back_with_their_seat_and_keeps_their_name() -> None:
    seat = players.new_token()
    seats = {seat: "Eva", players.new_token(): "Bo"}
    assert players.place_for(seats, seat, "Eva") == seat
    assert players.place_for(seats, seat, "someone else") == seat  # the place's name stays


def test_a_stranger_cannot_take_a_place_by_its_name_or_a_wrong_seat() -> None:
    seat = players.new_token()
    seats = {seat: "Eva"}
    for name in ("Eva", " eva ", "EVA"):
        with pytest.raises(MessageError, match="Eva is at the table already"):
            players.place_for(seats, "", name)
    with pytest.raises(MessageError, match="at the table already"):
        players.place_for(seats, players.new_token(), "Eva")  # a guessed seat is no seat
    wrong = seat[:-1] + ("A" if seat[-1] != "A" else "B")
    assert players.place_for(seats, wrong, "Bo") is None  # a new player, not Eva's place
    assert players.place_for(seats, seat[:8], "Bo") is None
    assert players.place_for({}, seat, "Eva") is None  # a table that forgot: a new player


def test_a_seat_is_sent_by_the_game_master_only() -> None:
    text = write(Message("seat", TOKEN, 2, {"seat": "seat-of-eva-12345"}))
    assert read_envelope(text).data == {"seat": "seat-of-eva-12345"}
    with pytest.raises(MessageError, match="A player cannot send this"):
        Reader(TOKEN).read(text)


def test_a_rejoining_answer_round_trips_with_its_seat_and_a_new_one_with_none() -> None:
    for seat in ("seat-of-eva-12345", ""):
        answer = Message("answer", TOKEN, 1, {**EXAMPLES["answer"], "seat": seat})
        assert read_packed("omen-answer:" + pack(answer), "answer").data["seat"] == seat


# --- what a player may ask, as each game declares it -------------------------------------


def test_every_declared_request_is_a_players_message_kind_and_names_its_functions() -> None:
    from omen.campaign.games import GAMES
    from omen.campaign.spec import named

    declared = {(game, r.kind) for game, spec in GAMES.items() for r in spec.requests}
    assert declared == {("eotw", "ask"), ("gurps", "roll")}
    for spec in GAMES.values():
        for request in spec.requests:
            assert players.KINDS[request.kind][0] == "player"
            assert all(callable(named(at)) for at in (request.read, request.roll, request.odds))


def test_a_request_is_read_and_rolled_through_its_games_declaration() -> None:
    ana = Character("c1", "Ana", dexterity=4)
    held = {"crew": Crew((ana,))}
    ask = dict(EXAMPLES["ask"], test={"character": "c1", "characteristic": "dexterity", "pool": {}})
    said = players.read_request("eotw", "ask", held, ask).said("Eva")
    assert said.english() == "Eva asks for a test of Dexterity"
    rolled = players.roll_request("eotw", "ask", held, ask, ScriptedDice([2]), {}, "Eva")
    assert rolled == roll_ask(held["crew"], ask["test"], ScriptedDice([2]), {}, "Eva")
    roll = dict(EXAMPLES["roll"], faces="")
    outcome = players.roll_request("gurps", "roll", {}, roll, ScriptedDice([3, 3, 4]), {}, "Eva")
    assert outcome.title.english() == "Eva asked: Stealth (effective 11): success by 1"


@pytest.mark.parametrize(
    ("game", "kind"),
    [("liminal_horror", "ask"), ("ose", "roll"), ("gurps", "ask"), ("eotw", "roll")],
)
def test_a_request_its_game_does_not_declare_is_refused_with_a_sentence(
    game: str, kind: str
) -> None:
    with pytest.raises(RulesError, match=r"^In this game players cannot ask for this\.$"):
        players.read_request(game, kind, {}, EXAMPLES[kind])


def test_rolling_requests_at_once_is_a_campaign_setting_off_by_default(
    czech: Translator,
) -> None:
    from omen.campaign import settings
    from omen.campaign.procedures import sheet
    from omen.campaign.state import Campaign

    at_once = settings.by_key()[settings.AT_ONCE]
    assert at_once.default is False and at_once.game == ""
    assert Campaign().values[settings.AT_ONCE] is False
    assert at_once.accepts(True) and not at_once.accepts("yes")
    assert [s.key for s in sheet("players_requests").settings] == [settings.AT_ONCE]
    assert czech.gettext(at_once.label) == "Házet žádosti hráčů hned"
    assert czech.gettext(at_once.explanation).startswith("Vypnuto (výchozí): ")

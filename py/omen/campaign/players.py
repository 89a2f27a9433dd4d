"""The players' window: what the table may see, and the messages that carry it.

Omen's own procedure (no rule book describes it). The game master's phone is the
table's host; a player's phone shows the **public view**: the clock, the lights and
timers with what is left of them, the encounter's facts the game master revealed, the
results the game master showed, and the characters' public state. Every line of it is
worded on the game master's phone, in the player's language, so the player page needs
no rules and no catalog of its own. The view never holds the odds of the game master's
checks, a table's contents, or anything the game master did not show.

**Messages.** Everything that travels between the phones is one envelope
``{"app": "omen-table", "v": 1, "kind": K, "token": T, "n": N, "data": ...}``: ``kind``
one of :data:`KINDS`, ``token`` the one-time token of the invitation the player joined
with, ``n`` the sender's running number (a message whose number is not above the last
one taken from that sender is a replay, and refused). On the data channel the envelope is
plain JSON text.

**The code.** A link or an answer carries only what the connection needs, so its QR
code stays small and scans at a glance: the invitation's token and the connection
details cut to what WebRTC needs (:mod:`omen.campaign.sdp`), and in an answer the
player's language, seat and name. Its bytes (:func:`pack`) start with the format's
number, :data:`PACKED`, and end with an Adler-32 checksum, in base32 (RFC 4648, upper
case, no padding) after ``#join=`` (a link's fragment never reaches a host) or
``omen-answer:``: its letters and digits fit a QR code's alphanumeric mode, 5.5 bits a
character where base64url's take 8 in byte mode, one QR version less for a code. The public view
is not in the link: the game master's phone sends it as soon as the channel opens. A
code of format 1 (the whole envelope, zlib-packed) is refused with a sentence.

**Hostile input.** Whatever arrives is checked before anything is done with it: the
size of the text, a code's checksum and every connection detail built back from it,
the envelope's fields, the kind's own fields and their sizes; a wrong token or a replay is refused too.
A refusal is a :class:`MessageError` with a sentence, and changes nothing.

>>> from omen.campaign.sdp import Candidate, Details
>>> offer = Details("uEs2", "ot8ep/pWuCLbEvEaAcwr2fbk", bytes(32), "actpass", "0",
...     (Candidate("host", "192.168.1.20", 50107),)).sdp()
>>> packed = pack(Message("join", "tok-12345", 1, {"offer": offer, "stun": ""}))
>>> len(packed), read_packed(packed, "join").data["offer"] == offer
(144, True)
>>> reader = Reader("tok-12345")
>>> reader.read(write(Message("ask", "tok-12345", 1, {"id": 1, "test": {}}))).kind
'ask'
>>> reader.read(write(Message("ask", "tok-12345", 1, {"id": 1, "test": {}})))
Traceback (most recent call last):
omen.campaign.players.MessageError: This message came before: it is not taken twice.
"""

from __future__ import annotations

import base64
import binascii
import json
import os
import re
import zlib
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any

from omen.campaign import games
from omen.campaign.exploration import elapsed_text
from omen.campaign.reaction import (
    LIMINAL_HORROR_REACTIONS,
    ReactionTable,
    reaction_title,
    reaction_told,
)
from omen.campaign.sdp import Details
from omen.campaign.spec import PlayerRequest, named
from omen.campaign.state import Exploration, Log, Outcome
from omen.campaign.timers import Timers
from omen.core.dice import Dice
from omen.core.errors import RulesError, StoredDataError
from omen.core.i18n import LANGUAGES, Translator
from omen.core.roll import N_, Step
from omen.core.store import Schema

APP = "omen-table"
VERSION = 1
PAGE = "player.html"  # the player page, beside the app's index.html
FRAGMENT = "join="  # the player page's address ends in #join=<packed invitation>
ANSWER = "omen-answer:"  # a player's answer, packed, starts with this
MAX_PACKED = 1100  # characters of a code (the largest a valid one can be: 1012)
PACKED = 2  # the packed form's format (1 was the JSON envelope, zlib-packed)
_PACKED_KINDS = {"join": 1, "answer": 2}  # the kinds a code carries, by their number
MAX_TEXT = 64_000  # characters of one message on the channel, or of unpacked JSON
MAX_FROM_PLAYER = 4000  # characters of one message a player sends
MAX_STRING = 2000  # characters of one text in a message
MAX_LINES = 60  # lines in one list of the view
MAX_NAME = 40  # characters of a player's name
MAX_RECAP = 16_000  # characters of a session recap (omen.campaign.recap.MAX_RECAP)
MAX_NUMBER = 10**9  # a running number
MAX_DEPTH = 8
SHOWN = 5  # public results a view carries, newest first
LOOK_BACK = 40  # log entries a view looks through (results shown or asked for, the reaction)
_TOKEN = re.compile(r"[A-Za-z0-9_-]{8,64}")
_B64 = re.compile(r"[A-Za-z0-9_-]*")
_B32 = re.compile(r"[A-Za-z2-7]+")  # a code: base32 (RFC 4648), read in either case
_FACES = re.compile(r"[0-9 ,]*", re.ASCII)  # typed dice: ASCII digits, spaces, commas
MAX_FACES_TEXT = 60  # characters of the dice a player typed

# What each kind of message is, who sends it, and the fields of its data.
KINDS: Mapping[str, tuple[str, tuple[str, ...]]] = {
    # the invitation: a link's fragment; ``stun``: "" or the STUN server both phones ask
    "join": ("gm", ("offer", "stun")),
    # the player's answer, scanned or pasted; ``seat``: "" or the seat the player takes back
    "answer": ("player", ("sdp", "name", "lang", "seat")),
    "view": ("gm", ("view",)),  # the public view, after every change
    "ask": ("player", ("id", "test")),  # a player asks for their own test
    # a player asks for a GURPS success roll: skill name and level, modifiers and dice typed
    "roll": ("player", ("id", "skill", "level", "modifiers", "faces")),
    "declined": ("gm", ("id", "reason")),  # the game master declined a request
    "bye": ("any", ()),  # the sender leaves (or the game master removes the player)
    "seat": ("gm", ("seat",)),  # the player's seat: a secret to take the place back with
    "recap": ("gm", ("text",)),  # the session recap, plain text (omen.campaign.recap)
}


class MessageError(RulesError):
    """A message that is refused, with a sentence saying why; nothing was changed."""


def _error(message: str, **args: Any) -> MessageError:
    return MessageError(Step(message, args))


def same_token(one: str, other: str) -> bool:
    """Whether two tokens are the same, compared in a time that does not depend on where
    they differ (``hmac`` is not in the browser's standard library).

    >>> same_token("abcdefgh", "abcdefgh"), same_token("abcdefgh", "abcdefgX")
    (True, False)
    """
    mine, theirs = one.encode(), other.encode()
    if len(mine) != len(theirs):
        return False
    left = 0
    for a, b in zip(mine, theirs, strict=True):
        left |= a ^ b
    return left == 0


def new_token() -> str:
    """A fresh one-time token for an invitation (16 random bytes, base64url).

    >>> len(new_token()), new_token() != new_token()
    (22, True)
    """
    return base64.urlsafe_b64encode(os.urandom(16)).decode("ascii").rstrip("=")


def player_address(page: str, fragment: str) -> str:
    """The player page's address beside the app's (``page``), with ``fragment``.

    >>> player_address("https://example.org/omen/?seed=3#explore", "join=abc")
    'https://example.org/omen/player.html#join=abc'
    """
    base = page.split("#", 1)[0].split("?", 1)[0]
    return base[: base.rfind("/") + 1] + PAGE + "#" + fragment


# --- the envelope ------------------------------------------------------------------


@dataclass(frozen=True)
class Message:
    """One message: its kind, the invitation's token, the sender's running number, its data."""

    kind: str
    token: str
    n: int
    data: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        """The envelope: plain JSON values."""
        return {
            "app": APP,
            "v": VERSION,
            "kind": self.kind,
            "token": self.token,
            "n": self.n,
            "data": dict(self.data),
        }


def write(message: Message) -> str:
    """The message as the channel carries it: compact JSON text."""
    text = json.dumps(message.to_json(), ensure_ascii=False, separators=(",", ":"))
    if len(text) > MAX_TEXT:
        raise _error(N_("This is too much to send to the players at once."))
    return text


def pack(message: Message) -> str:
    """An invitation (``join``) or an answer packed for a link or a QR code, in the
    compact form (:data:`PACKED`): the format's number, the kind's, the token, the
    connection details cut to what WebRTC needs (:mod:`omen.campaign.sdp`), an
    invitation's STUN server, an answer's language, seat and name, and an Adler-32 checksum of it all; in base32, no padding. A description Omen cannot cut (no SHA-256 fingerprint) is refused."""
    if message.kind not in _PACKED_KINDS or message.n != 1:
        raise _error(N_("This is too much to put in one link or code."))
    data = message.data
    try:
        sdp = Details.from_sdp(str(data["offer" if message.kind == "join" else "sdp"]))
    except ValueError:
        raise _error(N_("This connection cannot be put in a code: make a fresh one.")) from None
    out = bytearray([PACKED, _PACKED_KINDS[message.kind]])
    out += _short(message.token.encode("ascii")) + sdp.to_bytes()
    if message.kind == "join":  # the STUN server the player's phone asks too ("" for none)
        if not stun_address(data["stun"]):
            raise _unfit()
        out += _short(str(data["stun"]).encode("ascii"))
    if message.kind == "answer":
        out += str(data["lang"]).encode("ascii")[:2].ljust(2, b" ")
        out += _short(str(data["seat"]).encode("ascii")) + _short(str(data["name"]).encode())
    out += zlib.adler32(bytes(out)).to_bytes(4, "big")
    text = base64.b32encode(bytes(out)).decode("ascii").rstrip("=")
    if len(text) > MAX_PACKED:
        raise _error(N_("This is too much to put in one link or code."))
    return text


def qr_parts(text: str) -> tuple[tuple[str, str], ...]:
    """A link or an answer as the parts of its QR code: what comes before the code
    (the page's address and ``#join=``, or ``omen-answer:``) in byte mode, the code in
    alphanumeric mode (base32 is upper-case letters and digits).

    >>> qr_parts("https://example.org/player.html#join=AEBAG")
    (('https://example.org/player.html#join=', 'byte'), ('AEBAG', 'alphanumeric'))
    """
    for prefix in ("#" + FRAGMENT, ANSWER):
        head, found, code = text.partition(prefix)
        if found and code and code.isupper() and _B32.fullmatch(code):
            return ((head + prefix, "byte"), (code, "alphanumeric"))
    return ((text, "byte"),)


def _short(raw: bytes) -> bytes:
    if len(raw) > 255:
        raise _error(N_("This is too much to put in one link or code."))
    return bytes([len(raw)]) + raw


def _damaged() -> MessageError:
    return _error(N_("This code is damaged: part of it is missing or changed."))


def _unpack(text: str) -> Message:
    """The message in a packed code, every field checked."""
    if len(text) > MAX_PACKED:
        raise _error(N_("This code is too long to be one of Omen's."))
    if not _B32.fullmatch(text) or len(text) % 8 in (1, 3, 6):
        if _B64.fullmatch(text) and text[:1] == "e":  # format 1: zlib (0x78), base64url
            raise _error(N_("This code comes from an older Omen: make a fresh one."))
        raise _damaged()
    try:
        raw = base64.b32decode(text + "=" * (-len(text) % 8), casefold=True)
    except (binascii.Error, ValueError):
        raise _damaged() from None
    if PACKED < raw[0] <= 15:  # formats to come have small numbers too
        raise _error(
            N_("This message comes from a newer Omen (format {version}): update Omen."),
            version=raw[0],
        )
    if len(raw) < 7 or raw[0] != PACKED:
        raise _damaged()
    if zlib.adler32(raw[:-4]).to_bytes(4, "big") != raw[-4:]:
        raise _damaged()
    try:
        return _read_compact(raw[:-4])
    except (ValueError, IndexError):
        raise _damaged() from None


def _read_compact(raw: bytes) -> Message:
    kinds = {number: kind for kind, number in _PACKED_KINDS.items()}
    kind = kinds.get(raw[1])
    if kind is None:
        raise _error(N_("Omen does not know this kind of message."))
    at = 2 + 1 + raw[2]
    token = raw[3:at].decode("ascii")
    if at > len(raw) or not _is_token(token):
        raise ValueError("token")
    details, at = Details.read(raw, at)
    if kind == "join":
        stun_end = at + 1 + raw[at]
        stun = raw[at + 1 : stun_end].decode("ascii")
        at = stun_end
        body: dict[str, Any] = {"offer": details.sdp(), "stun": stun}
    else:
        lang = raw[at : at + 2].decode("ascii")
        at += 2
        seat_end = at + 1 + raw[at]
        seat = raw[at + 1 : seat_end].decode("ascii")
        name_end = seat_end + 1 + raw[seat_end]
        name = raw[seat_end + 1 : name_end].decode("utf-8")
        at = name_end
        body = {"sdp": details.sdp(), "name": name, "lang": lang, "seat": seat}
    if at != len(raw):
        raise ValueError("length")
    _check_body(kind, body)
    return Message(kind, token, 1, body)


def _depth(value: Any, level: int = 1) -> int:
    if level > MAX_DEPTH:
        return level
    if isinstance(value, dict):
        return max((_depth(v, level + 1) for v in value.values()), default=level)
    if isinstance(value, list):
        return max((_depth(v, level + 1) for v in value), default=level)
    return level


def read_envelope(text: str, limit: int = MAX_TEXT) -> Message:
    """The envelope in ``text`` checked field by field (not yet its token or number).

    >>> read_envelope('{"app": "omen-table", "v": 2, "kind": "bye", "token": "abcdefgh", '
    ...     '"n": 1, "data": {}}')
    Traceback (most recent call last):
    omen.campaign.players.MessageError: This message comes from a newer Omen (format 2): update Omen.
    """
    if not isinstance(text, str) or len(text) > limit:
        raise _error(N_("This message is too long to be one of Omen's."))
    try:
        data = json.loads(text, parse_constant=lambda _name: None)
    except (ValueError, RecursionError):
        raise _error(N_("This is not a message from Omen.")) from None
    if not isinstance(data, dict) or data.get("app") != APP:
        raise _error(N_("This is not a message from Omen."))
    if set(data) != {"app", "v", "kind", "token", "n", "data"}:
        raise _error(N_("This message does not have the fields Omen writes."))
    _check_version(data["v"])
    kind, token, number, body = data["kind"], data["token"], data["n"], data["data"]
    if not isinstance(kind, str) or kind not in KINDS:
        raise _error(N_("Omen does not know this kind of message."))
    if not isinstance(token, str) or not _TOKEN.fullmatch(token):
        raise _error(N_("This message does not have the fields Omen writes."))
    if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= MAX_NUMBER:
        raise _error(N_("This message does not have the fields Omen writes."))
    if not isinstance(body, dict) or _depth(body) > MAX_DEPTH:
        raise _error(N_("This message does not have the fields Omen writes."))
    if set(body) != set(KINDS[kind][1]):
        raise _error(N_("This message does not have the fields Omen writes."))
    _check_body(kind, body)
    return Message(kind, token, number, body)


def _check_version(version: Any) -> None:
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise _unfit()
    if version > VERSION:
        raise _error(
            N_("This message comes from a newer Omen (format {version}): update Omen."),
            version=version,
        )


def read_packed(text: str, kind: str) -> Message:
    """A packed link fragment or answer of ``kind`` (``"join"`` or ``"answer"``), checked;
    the prefix (``#join=``, ``omen-answer:``) and any page address before it may be there.

    >>> read_packed("omen-answer:abc", "answer")
    Traceback (most recent call last):
    omen.campaign.players.MessageError: This code is damaged: part of it is missing or changed.
    """
    text = text.strip()
    for prefix in ("#" + FRAGMENT, ANSWER):
        if prefix in text:
            text = text.split(prefix, 1)[1]
    message = _unpack(text)
    if message.kind != kind:
        wrong = (
            N_("This is an invitation, not a player's answer.")
            if message.kind == "join"
            else N_("This is not what was asked for here.")
        )
        raise _error(wrong)
    return message


def _is_token(value: Any) -> bool:
    return isinstance(value, str) and _TOKEN.fullmatch(value) is not None


def _text(value: Any, limit: int = MAX_STRING) -> bool:
    return isinstance(value, str) and len(value) <= limit


def _check_body(kind: str, body: Mapping[str, Any]) -> None:
    """The fields of one kind's data: types and sizes (their meaning is checked where
    they are used: a test by its game, the view by :meth:`PublicView.from_json`)."""
    bad = _unfit()
    if kind == "join":
        if not _text(body["offer"], MAX_TEXT // 4) or not stun_address(body["stun"]):
            raise bad
    elif kind == "answer":
        if not _text(body["sdp"], MAX_TEXT // 4) or body["lang"] not in LANGUAGES:
            raise bad
        if body["seat"] != "" and not _is_token(body["seat"]):
            raise bad
        player_name(body["name"])
    elif kind in ("seat", "recap"):
        if not (_is_token(body["seat"]) if kind == "seat" else _text(body["text"], MAX_RECAP)):
            raise bad
    elif kind == "view":
        PublicView.from_json(body["view"])
    elif kind in ("ask", "declined", "roll"):
        _check_request(kind, body)


def _check_request(kind: str, body: Mapping[str, Any]) -> None:
    """A request's fields, or its refusal's: the request's number, and the rest."""
    ident = body["id"]
    if isinstance(ident, bool) or not isinstance(ident, int) or not 1 <= ident <= MAX_NUMBER:
        raise _unfit()
    if kind == "ask" and not isinstance(body["test"], dict):
        raise _unfit()
    if kind == "declined" and not _text(body["reason"]):
        raise _unfit()
    if kind == "roll":
        _check_roll(body)


def _check_roll(body: Mapping[str, Any]) -> None:
    """A GURPS success roll's fields: their types and sizes (the rules check the rest)."""
    level = body["level"]
    if isinstance(level, bool) or not isinstance(level, int) or abs(level) > 1000:
        raise _unfit()
    if not _text(body["skill"], MAX_NAME * 2) or not _text(body["modifiers"], 120):
        raise _unfit()
    if not _text(body["faces"], MAX_FACES_TEXT):
        raise _unfit()


def stun_address(value: Any) -> bool:
    """Whether ``value`` is a STUN server's address as the setting "STUN server for
    players' phones" takes it (``stun:host`` or ``stun:host:port``), or "" for none.

    >>> stun_address("stun:stun.example.org:3478"), stun_address("")
    (True, True)
    >>> stun_address("turn:relay.example.org"), stun_address("stun:a b")
    (False, False)
    """
    from omen.campaign.settings import STUN
    from omen.core.setting import MAX_TEXT as MAX_SETTING

    if not isinstance(value, str) or len(value) > MAX_SETTING:
        return False
    return value == "" or re.fullmatch(STUN, value) is not None


def player_name(name: Any) -> str:
    """A player's name as given, trimmed: 1 to 40 characters that can be shown.

    >>> player_name("  Eva ")
    'Eva'
    >>> player_name("")
    Traceback (most recent call last):
    omen.campaign.players.MessageError: A player's name has 1 to 40 characters.
    """
    if not isinstance(name, str) or not 1 <= len(name.strip()) <= MAX_NAME:
        raise _error(N_("A player's name has 1 to {limit} characters."), limit=MAX_NAME)
    if any(ord(c) < 32 or 0x7F <= ord(c) < 0xA0 or 0x202A <= ord(c) <= 0x202E for c in name):
        raise _error(N_("A player's name holds a character that cannot be shown."))
    return name.strip()


def typed_faces(text: Any, count: int, sides: int) -> tuple[int, ...] | None:
    """The faces of the physical dice a player typed for a test of ``count`` dice with
    ``sides`` faces, in the order the test rolls them; None when nothing was typed (the
    game master's phone rolls). A wrong count or a face the die does not have is refused
    with the sentence the player sees.

    >>> typed_faces("4 2, 6", 3, 6), typed_faces(" ", 3, 6)
    ((4, 2, 6), None)
    >>> typed_faces("4 7", 2, 6)
    Traceback (most recent call last):
    omen.campaign.players.MessageError: 7 is not a face of a d6: it shows 1 to 6.
    """
    if not isinstance(text, str) or len(text) > MAX_FACES_TEXT or not _FACES.fullmatch(text):
        raise _error(N_("Type the faces of your dice as digits, like 4 2 6."))
    found = text.replace(",", " ").split()
    if not found:
        return None
    if len(found) != count:
        raise MessageError(
            Step(
                N_("You typed {count} die; this test rolls {needed}."),
                {"count": len(found), "needed": count},
                plural=N_("You typed {count} dice; this test rolls {needed}."),
            )
        )
    faces = tuple(int(face) for face in found)
    for face in faces:
        if not 1 <= face <= sides:
            raise _error(
                N_("{face} is not a face of a d{sides}: it shows 1 to {sides}."),
                face=face,
                sides=sides,
            )
    return faces


# --- the game master's side: who may send what --------------------------------------


class Reader:
    """Reads one player's messages on the game master's phone: the player's token, and
    the last running number taken, so a replay is refused.

    >>> reader = Reader("tok-12345")
    >>> reader.read(write(Message("bye", "someone-else", 1)))
    Traceback (most recent call last):
    omen.campaign.players.MessageError: This message is not from a player at this table.
    >>> reader.read(write(Message("declined", "tok-12345", 1, {"id": 1, "reason": "no"})))
    Traceback (most recent call last):
    omen.campaign.players.MessageError: A player cannot send this.
    """

    def __init__(self, token: str, last: int = 0) -> None:
        self.token = token
        self.last = last

    def read(self, text: str) -> Message:
        """The message in ``text`` if this player may send it now; else a refusal, and
        nothing changes (not even the running number)."""
        message = read_envelope(text, MAX_FROM_PLAYER)
        if not same_token(message.token, self.token):
            raise _error(N_("This message is not from a player at this table."))
        if KINDS[message.kind][0] not in ("player", "any"):
            raise _error(N_("A player cannot send this."))
        if message.n <= self.last:
            raise _error(N_("This message came before: it is not taken twice."))
        self.last = message.n
        return message


@dataclass
class Invitations:
    """The invitations the game master has handed out and not yet seen answered: each
    token may join once.

    >>> offers = Invitations()
    >>> token = offers.open()
    >>> offers.take(token) == token
    True
    >>> offers.take(token)
    Traceback (most recent call last):
    omen.campaign.players.MessageError: This answer is for an invitation that is used or no longer open: show a fresh code.
    """

    open_tokens: list[str] = field(default_factory=list)
    keep: int = 8  # invitations open at once; the oldest closes first

    def open(self) -> str:
        """A fresh invitation's token."""
        token = new_token()
        self.open_tokens = [*self.open_tokens, token][-self.keep :]
        return token

    def take(self, token: str) -> str:
        """The token of an open invitation, closed now (it joins once)."""
        kept = self.check(token)
        self.open_tokens = [t for t in self.open_tokens if t != kept]
        return kept

    def check(self, token: str) -> str:
        """The token of an open invitation, left open; a refusal if it is not one."""
        for kept in self.open_tokens:
            if same_token(kept, token):
                return kept
        raise _error(
            N_(
                "This answer is for an invitation that is used or no longer open: "
                "show a fresh code."
            )
        )


def place_for(seats: Mapping[str, str], seat: str, name: str) -> str | None:
    """Whose place a joining player takes: ``seats`` holds the seat of every player at
    the table (a secret the game master's phone gave each over their channel once it
    opened, and the player page keeps) with their name. An answer carrying one of these
    seats takes that place back, name and all: the seat is returned. An answer with no
    seat, or one that is not at the table, is a new player (None), unless it gives the
    name of a player at the table: a name is not an identity (anyone can type it), so
    that is refused, and the place stays its player's.

    >>> seats = {"seat-of-eva-1": "Eva"}
    >>> place_for(seats, "seat-of-eva-1", "Eva the Bold")
    'seat-of-eva-1'
    >>> place_for(seats, "", "Bo") is None
    True
    >>> place_for(seats, "", "eva")
    Traceback (most recent call last):
    omen.campaign.players.MessageError: Eva is at the table already: a player takes their place back from the phone they joined with.
    """
    for kept, _ in seats.items():
        if seat and same_token(kept, seat):
            return kept
    wanted = name.strip().casefold()
    for held in seats.values():
        if held.strip().casefold() == wanted:
            raise _error(
                N_(
                    "{name} is at the table already: a player takes their place back "
                    "from the phone they joined with."
                ),
                name=held,
            )
    return None


# --- the public view ----------------------------------------------------------------


@dataclass(frozen=True)
class Shown:
    """One public result: its headline and its steps folded to one line."""

    title: str
    line: str = ""
    who: str = ""  # the player who asked for it, if one did

    def to_json(self) -> dict[str, Any]:
        """Its form in a message."""
        return {"title": self.title, "line": self.line, "who": self.who}


@dataclass(frozen=True)
class Person:
    """A character's public state: an id to ask for a test by, a name, lines about them."""

    id: str
    name: str
    lines: tuple[str, ...] = ()
    tests: tuple[tuple[str, str, str], ...] = ()  # what a test may be asked of: (key, words, odds)

    def to_json(self) -> dict[str, Any]:
        """Its form in a message."""
        return {
            "id": self.id,
            "name": self.name,
            "lines": list(self.lines),
            "tests": [list(pair) for pair in self.tests],
        }


# The page's own words, worded on the game master's phone (the player page has none).
WORDS: Mapping[str, str] = {
    "clock": N_("Clock"),
    "lights": N_("Lights and timers"),
    "facts": N_("The encounter"),
    "results": N_("Results"),
    "people": N_("Characters"),
    "asOf": N_("as of {time}"),
    "live": N_("live"),
    "notLive": N_("not live"),
    "none": N_("Nothing yet."),
    "join": N_("Join the table"),
    "yourName": N_("Your name"),
    "answerHint": N_(
        "Show this code to the game master, or copy the text and send it: on their phone "
        "it goes under “Add a player”."
    ),
    "answer": N_("Your answer for the game master"),
    "copy": N_("Copy"),
    "ask": N_("Ask for a test"),
    "askButton": N_("Ask the game master"),
    "character": N_("Character"),
    "characteristic": N_("Characteristic"),
    "push": N_("Push"),
    "faces": N_("Your dice (if you rolled them)"),
    "facesHint": N_(
        "Type the faces as digits, positive dice first, like 4 2 6; left empty, the game "
        "master's phone rolls."
    ),
    "asked": N_("Asked: the game master decides."),
    "declined": N_("The game master declined: {reason}"),
    "removed": N_("The game master ended your place at the table."),
    "roll": N_("Ask for a success roll"),
    "skill": N_("Skill"),
    "level": N_("Skill level"),
    "modifiers": N_("Modifiers, like −2 +1"),
    "rollOdds": N_("Effective skill {level}: chance of success {chance}"),
    "noRoll": N_("Below effective skill 3 no success roll is allowed."),
    "recap": N_("Session recap"),
}


@dataclass(frozen=True)
class PublicView:
    """What a player's phone shows, every line already in the player's language."""

    lang: str
    game: str
    at: str  # the game master's clock time of the view, "20:41"
    clock: tuple[str, ...] = ()
    lights: tuple[str, ...] = ()
    facts: tuple[str, ...] = ()
    results: tuple[Shown, ...] = ()
    people: tuple[Person, ...] = ()
    words: Mapping[str, str] = field(default_factory=dict)
    # GURPS: the chance of success a player may roll at, by effective skill (the lowest
    # first; above the last one it no longer changes), as a percentage in the language
    rolls: tuple[tuple[int, str], ...] = ()

    def to_json(self) -> dict[str, Any]:
        """Its form in a message."""
        return {
            "lang": self.lang,
            "game": self.game,
            "at": self.at,
            "clock": list(self.clock),
            "lights": list(self.lights),
            "facts": list(self.facts),
            "results": [shown.to_json() for shown in self.results],
            "people": [person.to_json() for person in self.people],
            "words": dict(self.words),
            "rolls": [list(pair) for pair in self.rolls],
        }

    @classmethod
    def from_json(cls, data: Any) -> PublicView:
        """Read a view from a message, every field checked (the player page checks the
        same in JavaScript)."""
        names = (
            "lang",
            "game",
            "at",
            "clock",
            "lights",
            "facts",
            "results",
            "people",
            "words",
            "rolls",
        )
        record = _record(data, names)
        if record["lang"] not in LANGUAGES or not _text(record["game"], 100):
            raise _unfit()
        if not _text(record["at"], 20):
            raise _unfit()
        words = record["words"]
        if not isinstance(words, dict) or set(words) - set(WORDS):
            raise _unfit()
        if not all(_text(value, 200) for value in words.values()):
            raise _unfit()
        return cls(
            record["lang"],
            record["game"],
            record["at"],
            _lines(record["clock"]),
            _lines(record["lights"]),
            _lines(record["facts"]),
            tuple(_shown(item) for item in _list(record["results"])),
            tuple(_person(item) for item in _list(record["people"])),
            dict(words),
            tuple(_odds(item) for item in _list(record["rolls"], 20)),
        )


def _unfit() -> MessageError:
    return _error(N_("This message does not have the fields Omen writes."))


def _list(value: Any, limit: int = MAX_LINES) -> list[Any]:
    if not isinstance(value, list) or len(value) > limit:
        raise _unfit()
    return value


def _lines(value: Any) -> tuple[str, ...]:
    found = _list(value)
    if not all(_text(line) for line in found):
        raise _unfit()
    return tuple(found)


def _record(value: Any, keys: tuple[str, ...]) -> dict[str, Any]:
    if not isinstance(value, dict) or set(value) != set(keys):
        raise _unfit()
    return value


def _shown(item: Any) -> Shown:
    shown = _record(item, ("title", "line", "who"))
    if not all(_text(shown[key]) for key in ("title", "line", "who")):
        raise _unfit()
    return Shown(shown["title"], shown["line"], shown["who"])


def _pair(pair: Any) -> tuple[str, str, str]:
    if not isinstance(pair, list) or len(pair) != 3:
        raise _unfit()
    if not _text(pair[0], 40) or not _text(pair[1], 100) or not _text(pair[2], 300):
        raise _unfit()
    return pair[0], pair[1], pair[2]


def _odds(pair: Any) -> tuple[int, str]:
    if not isinstance(pair, list) or len(pair) != 2 or not _text(pair[1], 40):
        raise _unfit()
    level = pair[0]
    if isinstance(level, bool) or not isinstance(level, int) or not 0 <= level <= 100:
        raise _unfit()
    return level, pair[1]


def _person(item: Any) -> Person:
    person = _record(item, ("id", "name", "lines", "tests"))
    if not _text(person["id"], 100) or not _text(person["name"], 200):
        raise _unfit()
    tests = tuple(_pair(pair) for pair in _list(person["tests"], 12))
    return Person(person["id"], person["name"], _lines(person["lines"]), tests)


@dataclass(frozen=True)
class GameFacts:
    """What one game adds to the view (its spec names a function that makes it from the
    campaign's parts): its clock lines (none: the exploration turn), its own lights and
    timers with what is left (beside the campaign's), the encounter's facts and the key
    of the encounter they are of (the game master shows or hides them as one), and its
    characters; ``odds`` holds, by (character, test key), the exact odds of the test a
    player may ask for, as steps whose ``{chance}`` is filled with the fraction's
    percentage in the player's language; ``rolls`` the chance of success of a roll a
    player may ask for, by the level it is rolled against (GURPS's effective skill)."""

    clock: tuple[Step, ...] | None = None
    facts: tuple[Step, ...] = ()
    people: tuple[tuple[str, str, tuple[Step, ...], tuple[tuple[str, Step], ...]], ...] = ()
    lights: tuple[Step, ...] = ()
    encounter: str = ""
    odds: Mapping[tuple[str, str], tuple[tuple[Step, Fraction], ...]] = field(default_factory=dict)
    rolls: tuple[tuple[int, Fraction], ...] = ()


# --- what the game master shows -------------------------------------------------------

SHOW_SETTING = "players.show"  # what reaches the players without a tap (campaign settings)
MAX_CHOICES = 200  # results whose showing the game master chose, newest kept
MAX_KEY = 400  # characters of an encounter's key
FACTS_CHOICES = ("", "shown", "hidden")


@dataclass(frozen=True)
class Showing:
    """What the game master chose to show the players, or to hide from them: log entries
    by id, and the encounter's facts (``facts``: ``"shown"``, ``"hidden"`` or ``""`` for
    the setting's way, for the encounter ``facts_of`` names: a new encounter follows the
    setting again). Stored as the part ``players_shown``, so it survives a reload.

    >>> showing = show_result(Showing(), 7, True)
    >>> result_public(showing, {}, 7), result_public(showing, {}, 8)
    (True, False)
    >>> hidden = show_facts(showing, "ogres", False)
    >>> facts_public(hidden, {}, "ogres"), facts_public(hidden, {}, "wolves")
    (False, True)
    >>> Showing.from_json(hidden.to_json()) == hidden
    True
    """

    shown: tuple[int, ...] = ()
    hidden: tuple[int, ...] = ()
    facts: str = ""
    facts_of: str = ""

    def __post_init__(self) -> None:
        for ids in (self.shown, self.hidden):
            if len(ids) > MAX_CHOICES or not all(_number(i) for i in ids):
                raise _damaged_showing()
        if set(self.shown) & set(self.hidden):
            raise _damaged_showing()
        if self.facts not in FACTS_CHOICES or not _text(self.facts_of, MAX_KEY):
            raise _damaged_showing()

    def to_json(self) -> dict[str, Any]:
        """Its stored form."""
        return {
            "shown": list(self.shown),
            "hidden": list(self.hidden),
            "facts": self.facts,
            "facts_of": self.facts_of,
        }

    @classmethod
    def from_json(cls, data: Any) -> Showing:
        """Read its stored form back; damaged data is refused."""
        if not isinstance(data, dict) or set(data) != {"shown", "hidden", "facts", "facts_of"}:
            raise _damaged_showing()
        shown, hidden = data["shown"], data["hidden"]
        if not isinstance(shown, list) or not isinstance(hidden, list):
            raise _damaged_showing()
        return cls(tuple(shown), tuple(hidden), data["facts"], data["facts_of"])


def _number(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 10**12


def _damaged_showing() -> StoredDataError:
    return StoredDataError(Step(N_("What the players are shown is damaged.")))


SHOWING = Schema("players_shown", 1, {}, Showing.from_json)


def _show_way(values: Mapping[str, Any]) -> str:
    way = values.get(SHOW_SETTING, "facts")
    return way if way in ("facts", "all", "none") else "facts"


def show_result(showing: Showing, entry: int, shown: bool) -> Showing:
    """The game master showed the log entry ``entry`` to the players, or hid it."""
    keep = [i for i in showing.shown if i != entry]
    drop = [i for i in showing.hidden if i != entry]
    (keep if shown else drop).append(entry)
    return replace(showing, shown=tuple(keep[-MAX_CHOICES:]), hidden=tuple(drop[-MAX_CHOICES:]))


def result_public(showing: Showing, values: Mapping[str, Any], entry: int) -> bool:
    """Whether the log entry ``entry`` is public: as the game master chose for it, else
    as the setting says (every result, or none).

    >>> result_public(Showing(), {"players.show": "all"}, 3)
    True
    """
    if entry in showing.shown:
        return True
    if entry in showing.hidden:
        return False
    return _show_way(values) == "all"


def show_facts(showing: Showing, encounter: str, shown: bool) -> Showing:
    """The game master showed the encounter's facts to the players, or hid them."""
    return replace(showing, facts="shown" if shown else "hidden", facts_of=encounter[:MAX_KEY])


def facts_public(showing: Showing, values: Mapping[str, Any], encounter: str) -> bool:
    """Whether the facts of the encounter ``encounter`` are public: as the game master
    chose for this encounter, else as the setting says (shown, unless it is "none").

    >>> facts_public(Showing(), {"players.show": "none"}, "ogres")
    False
    """
    if showing.facts and showing.facts_of == encounter[:MAX_KEY]:
        return showing.facts == "shown"
    return _show_way(values) != "none"


def odds_text(odds: Sequence[tuple[Step, Fraction]], t: Translator) -> str:
    """Odds as a player reads them: each step with its chance as a percentage, joined.

    >>> odds_text(((Step("success {chance}", {"chance": ""}), Fraction(1, 2)),),
    ...     Translator.english())
    'success 50.0%'
    """
    return " · ".join(
        t.render(Step(step.key, {**step.args, "chance": t.percent(chance)}, step.plural))
        for step, chance in odds
    )


def folded(steps: Sequence[Step], t: Translator) -> str:
    """Steps folded to one line: each in the language, joined with " · ".

    >>> folded((Step("Rolled 4"), Step("The test succeeds.")), Translator.english())
    'Rolled 4 · The test succeeds.'
    """
    return " · ".join(t.render(step) for step in steps)


def _exploration_clock(parts: Mapping[str, Any], values: Mapping[str, Any]) -> tuple[Step, ...]:
    state = parts.get("exploration") or Exploration()
    minutes = values.get("turn.minutes", 10)
    if isinstance(minutes, bool) or not isinstance(minutes, int):
        minutes = 10
    return (
        Step(N_("Turn {turn}"), {"turn": state.clock.turn}),
        elapsed_text(state.clock.turn * minutes),
    )


def reaction_facts(
    parts: Mapping[str, Any], table: ReactionTable = LIMINAL_HORROR_REACTIONS
) -> tuple[tuple[Step, ...], str]:
    """The reaction the Encounter screen rolled last on the game's ``table`` (the reaction
    roll of a game with no encounter sequence of its own: Liminal Horror, The End of the
    World, each on its borrowed Cairn 2e table): its headline (the total and the reaction's words, never the odds or the
    table's source) and the encounter's key, each reaction roll its own encounter. It
    is read from the newest reaction roll in the log (``parts["log"]``); one taken back
    by Undo leaves no reaction. None, and the key ``""``, when there is none.

    >>> from omen.campaign.reaction import LIMINAL_HORROR_REACTIONS, reaction_roll
    >>> from omen.core.dice import ScriptedDice
    >>> rolled = reaction_roll(LIMINAL_HORROR_REACTIONS, ScriptedDice([3, 4]))
    >>> log = Log().add("t", Outcome(reaction_title(rolled), rolled.steps, "reaction"), "", None)
    >>> facts, key = reaction_facts({"log": log})
    >>> [step.english() for step in facts], key
    (['Reaction 7: Curious'], 'reaction|1')
    """
    log: Log = parts.get("log") or Log()
    for entry in log.entries:
        result = reaction_told(table, entry.steps)
        if result is None or entry.title != reaction_title(result):
            continue
        if entry.undone:
            return (), ""
        return (reaction_title(result),), f"reaction|{entry.id}"
    return (), ""


def exploration_facts(parts: Mapping[str, Any], values: Mapping[str, Any]) -> GameFacts:
    """The exploration turn and the time it has taken as the clock, and the reaction
    rolled on the Encounter screen as the encounter's fact (Liminal Horror's)."""
    facts, key = reaction_facts(parts)
    return GameFacts(clock=_exploration_clock(parts, values), facts=facts, encounter=key)


def public_kinds(game: str) -> tuple[str, ...]:
    """The stored parts the public view of a campaign of ``game`` reads, besides the log.

    >>> public_kinds("gurps")[-2:]
    ('gurps_tests', 'gurps_travel')
    """
    spec = games.GAMES.get(game)
    own = tuple(part.kind for part in spec.parts) if spec is not None else ()
    return ("exploration", "timers", "players_shown", *own)


def game_facts(game: str) -> Callable[[Mapping[str, Any], Mapping[str, Any]], GameFacts] | None:
    """The function a game's spec names for its own public facts, or None."""
    spec = games.GAMES.get(game)
    if spec is None or not spec.public:
        return None
    found: Callable[[Mapping[str, Any], Mapping[str, Any]], GameFacts] = named(spec.public)
    return found


def player_request(game: str, kind: str) -> PlayerRequest:
    """What a player of ``game`` may ask with a message of ``kind``, as the game's spec
    declares it (:attr:`omen.campaign.spec.GameSpec.requests`); a refusal when the game
    declares none of that kind.

    >>> player_request("gurps", "roll").read
    'omen.gurps.players:read_roll'
    >>> player_request("liminal_horror", "ask")
    Traceback (most recent call last):
    omen.core.errors.RulesError: In this game players cannot ask for this.
    """
    spec = games.GAMES.get(game)
    for request in spec.requests if spec is not None else ():
        if request.kind == kind:
            return request
    raise RulesError(Step(N_("In this game players cannot ask for this.")))


def read_request(game: str, kind: str, parts: Mapping[str, Any], data: Mapping[str, Any]) -> Any:
    """A player's request (a message of ``kind``, its ``data``) read and checked by its
    game against the stored ``parts`` now; its ``said(player)`` is what the game
    master's phone lists. A request the rules rule out is refused with the sentence
    the player reads."""
    return named(player_request(game, kind).read)(parts, data)


def roll_request(
    game: str,
    kind: str,
    parts: Mapping[str, Any],
    data: Mapping[str, Any],
    dice: Dice,
    values: Mapping[str, Any],
    player: str,
) -> Outcome:
    """A player's request read and checked again (the campaign may have changed since
    it came), then rolled by its game's engine; the outcome names the player."""
    request = player_request(game, kind)
    read = named(request.read)(parts, data)
    rolled: Outcome = named(request.roll)(read, dice, values, player)
    return rolled


def request_odds(game: str, parts: Mapping[str, Any], values: Mapping[str, Any]) -> GameFacts:
    """The exact odds of every request a player of ``game`` may make, as its declared
    requests give them (:class:`GameFacts` holding only ``odds`` and ``rolls``)."""
    spec = games.GAMES.get(game)
    odds: dict[tuple[str, str], tuple[tuple[Step, Fraction], ...]] = {}
    rolls: list[tuple[int, Fraction]] = []
    for request in spec.requests if spec is not None else ():
        if request.odds:
            found: GameFacts = named(request.odds)(parts, values)
            odds.update(found.odds)
            rolls.extend(found.rolls)
    return GameFacts(odds=odds, rolls=tuple(rolls))


def public_view(
    parts: Mapping[str, Any],
    game: str,
    values: Mapping[str, Any],
    t: Translator,
    at: str,
    shown: Iterable[int] = (),
    asked: Mapping[int, str] | None = None,
) -> PublicView:
    """The public view of a campaign for one player's language: ``parts`` are the stored
    records by kind (``"exploration"``, ``"timers"``, ``"log"``, a game's own), ``values``
    the campaign's settings, ``shown`` log entries shown besides those the part
    ``"players_shown"`` (:class:`Showing`) and the setting make public, ``asked`` the
    entries a player asked for, with the player's name (always shown). The encounter's
    facts are in only when public (:func:`facts_public`); the chances of success of a
    player's roll come with the game's facts (GURPS: the player page shows the odds
    before asking).

    >>> from omen.campaign.timers import LightKind, Unit, add_light
    >>> lit = add_light(Timers(), LightKind.TORCH, 6, Unit.TURN)
    >>> view = public_view({"timers": lit}, "liminal", {"turn.minutes": 10},
    ...     Translator.english(), "20:41")
    >>> view.clock, view.lights
    (('Turn 0', '0 h 0 min'), ('Torch 1: 6 exploration turns left',))
    """
    asked = dict(asked or {})
    spec = games.GAMES.get(game)
    maker = game_facts(game)
    facts = maker(parts, values) if maker is not None else GameFacts()
    asking = request_odds(game, parts, values)  # the odds of what players may ask for
    facts = replace(facts, odds={**facts.odds, **asking.odds}, rolls=facts.rolls + asking.rolls)
    clock = facts.clock if facts.clock is not None else _exploration_clock(parts, values)
    timers: Timers = parts.get("timers") or Timers()
    log = parts.get("log") or Log()
    showing: Showing = parts.get("players_shown") or Showing()
    also = set(shown)
    results = []
    for entry in log.entries:
        public = entry.id in also or result_public(showing, values, entry.id)
        if entry.undone or (entry.id not in asked and not public):
            continue
        line = folded(entry.steps, t)
        results.append(Shown(t.render(entry.title), line, asked.get(entry.id, "")))
        if len(results) == SHOWN:
            break
    people = tuple(
        Person(
            ident,
            name,
            tuple(t.render(line) for line in lines),
            tuple(
                (key, t.render(words), odds_text(facts.odds.get((ident, key), ()), t))
                for key, words in tests
            ),
        )
        for ident, name, lines, tests in facts.people
    )
    return PublicView(
        t.language,
        t.gettext(spec.name) if spec is not None else "",
        at,
        tuple(t.render(step) for step in clock),
        (
            *(t.render(step) for step in facts.lights),
            *(t.render(entry.left_text()) for entry in timers.entries),
        ),
        tuple(t.render(step) for step in facts.facts)
        if facts_public(showing, values, facts.encounter)
        else (),
        tuple(results),
        people,
        {key: t.gettext(value) for key, value in WORDS.items()},
        tuple((level, t.percent(chance)) for level, chance in facts.rolls),
    )

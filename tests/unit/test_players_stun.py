"""The invitation carries the campaign's STUN server to the player page: checked as
hostile input by the same rule as the game master's setting, in Python and in the
player page's JavaScript."""

from __future__ import annotations

import base64
import json
import re
import zlib
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from omen.campaign import settings
from omen.campaign.players import (
    Message,
    MessageError,
    pack,
    read_envelope,
    read_packed,
    stun_address,
    write,
)

from .test_players import EXAMPLES, TOKEN

ROOT = Path(__file__).resolve().parents[2]
SETTING = settings.by_key()["players.stun"]


def invitation(stun: Any) -> Message:
    return Message("join", TOKEN, 1, {**EXAMPLES["join"], "stun": stun})


@pytest.mark.parametrize(
    "stun", ["", "stun:stun.example.org", "stun:192.0.2.10:19302", "stun:[2001:db8::1]:3478"]
)
def test_an_invitation_carries_no_server_or_a_stun_address(stun: str) -> None:
    assert read_envelope(write(invitation(stun))).data["stun"] == stun


@pytest.mark.parametrize(
    "stun",
    [
        "turn:relay.example.org",
        "stuns:stun.example.org",
        "stun:",
        "stun:stun example.org",
        "stun:stun.example.org:0",
        "stun:stun.example.org:65536",
        "stun:stun.example.org:３４７８",
        "stun:stun.example.org:3478?transport=udp",
        "stun:stun.example.org\n",
        "javascript:alert(1)",
        "stun:" + "a" * 300,
        ["stun:stun.example.org"],
        {"urls": "stun:stun.example.org"},
        None,
        3478,
        True,
    ],
)
def test_an_invitation_with_anything_else_is_refused_with_a_sentence(stun: Any) -> None:
    with pytest.raises(
        MessageError, match=r"^This message does not have the fields Omen writes\.$"
    ):
        read_envelope(json.dumps(invitation(stun).to_json()))


def test_an_invitation_without_the_field_is_refused() -> None:
    data = {key: value for key, value in EXAMPLES["join"].items() if key != "stun"}
    with pytest.raises(MessageError):
        read_envelope(json.dumps(Message("join", TOKEN, 1, data).to_json()))


@given(st.text(max_size=80) | st.from_regex(settings.STUN, fullmatch=True))
def test_the_invitation_takes_what_the_setting_takes(value: str) -> None:
    assert stun_address(value) == SETTING.accepts(value)


def test_the_player_page_checks_the_address_by_the_same_pattern() -> None:
    """The player page's JavaScript has the setting's pattern, whole (`^...$`), and the
    setting's length limit."""
    source = (ROOT / "static" / "player.js").read_text(encoding="utf-8")
    found = re.search(r"const STUN =\s*/\^(.+)\$/;", source)
    assert found is not None and found.group(1) == settings.STUN
    assert "const MAX_SETTING = 200;" in source
    assert 'if (!isStun(stun)) throw new Refused("damaged");' in source
    assert "iceServers: stun ? [{ urls: stun }] : []" in source


@pytest.mark.parametrize("stun", ["", "stun:stun.example.org", "stun:[2001:db8::1]:3478"])
def test_the_packed_invitation_carries_the_stun_server(stun: str) -> None:
    packed = pack(invitation(stun))
    assert read_packed(packed, "join").data["stun"] == stun


def crafted_join(stun: bytes) -> str:
    """An invitation's code as Omen packs one, its STUN server's bytes replaced, with a
    valid checksum: what a hostile link could hold."""
    raw = base64.b32decode(pack(invitation("")) + "=" * (-len(pack(invitation(""))) % 8))
    body = raw[:-5] + stun  # the empty server's length byte is the last before the sum
    raw = body + zlib.adler32(body).to_bytes(4, "big")
    return base64.b32encode(raw).decode().rstrip("=")


@pytest.mark.parametrize(
    "stun", [b"\x05turn:", b"\x08stun:a b", b"\x02\xff\xfe", b"\x09stun:x", b"\x01"]
)
def test_a_packed_invitation_with_anything_else_is_refused(stun: bytes) -> None:
    with pytest.raises(MessageError, match=r"damaged|fields Omen writes"):
        read_packed(crafted_join(stun), "join")


def test_a_packed_invitation_names_no_other_server() -> None:
    with pytest.raises(MessageError):
        pack(invitation("turn:relay.example.org"))

"""The STUN server setting for players' phones: off (empty) by default; a value must be a
STUN address (``stun:`` and a host, an optional port); anything else is refused."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from omen.campaign import settings
from omen.campaign.procedures import PROCEDURES, sheet
from omen.campaign.state import Campaign

from .test_gameshape import CZECH

STUN = settings.by_key()["players.stun"]


def test_it_is_off_by_default_for_every_game() -> None:
    assert STUN.default == ""
    assert STUN.game == ""
    assert Campaign().values["players.stun"] == ""
    assert settings.defaults()["players.stun"] == ""


@pytest.mark.parametrize(
    "value",
    [
        "",
        "stun:stun.example.org",
        "stun:stun.example.org:3478",
        "stun:192.0.2.10:19302",
        "stun:[2001:db8::1]:3478",
        "stun:localhost:1",
        "stun:a:65535",
    ],
)
def test_a_stun_address_is_accepted(value: str) -> None:
    assert STUN.accepts(value)


@pytest.mark.parametrize(
    "value",
    [
        "stun:",
        "turn:relay.example.org",
        "stuns:stun.example.org",
        "STUN:stun.example.org",
        " stun:stun.example.org",
        "stun:stun example.org",
        "stun:-stun.example.org",
        "stun:stun.example.org:0",
        "stun:stun.example.org:65536",
        "stun:stun.example.org:３４７８",  # not ASCII digits
        "stun:stun.example.org:3478?transport=udp",
        "stun:stun.example.org:3478\n",
        "https://stun.example.org",
        "stun:" + "a" * 200,
        True,
        3478,
    ],
)
def test_anything_else_is_refused(value: object) -> None:
    assert not STUN.accepts(value)


def test_a_stored_value_that_is_not_an_address_loads_as_off() -> None:
    assert settings.clean({"players.stun": "javascript:alert(1)"})["players.stun"] == ""
    assert settings.clean({"players.stun": ["stun:a"]})["players.stun"] == ""
    kept = settings.clean({"players.stun": "stun:stun.example.org:3478"})
    assert kept["players.stun"] == "stun:stun.example.org:3478"


@given(st.text(max_size=60))
def test_whatever_is_accepted_is_off_or_starts_with_stun(value: str) -> None:
    if STUN.accepts(value):
        assert value == "" or (value.startswith("stun:") and value.isascii())


@given(st.from_regex(settings.STUN, fullmatch=True))
def test_every_address_of_the_pattern_is_accepted_unless_too_long(value: str) -> None:
    assert STUN.accepts(value) == (len(value) <= 200)


def test_its_help_sheet_names_it_and_the_refusal_says_what_to_type() -> None:
    assert PROCEDURES["players_connection"].name == "Connecting players' phones"
    assert [s.key for s in sheet("players_connection").settings] == ["players.stun"]
    for message in (STUN.label, STUN.explanation, STUN.refusal):
        assert CZECH.gettext(message) != message
    assert "stun:" in STUN.refusal

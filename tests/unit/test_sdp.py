"""The connection details a code carries (omen.campaign.sdp) and the codes that carry them
(omen.campaign.players.pack): round trips, a browser's real description cut and built
back, crafted hostile values behind a valid checksum refused, and the codes' lengths."""

from __future__ import annotations

import base64
import zlib

import pytest
from hypothesis import given
from hypothesis import strategies as st
from segno import consts, encoder

from omen.campaign.players import Message, MessageError, pack, qr_parts, read_packed
from omen.campaign.sdp import MAX_CANDIDATES, Candidate, Details

TOKEN = "hG3kq0Vd7rT2mXyZ1aB_cw"  # a token as omen.campaign.players.new_token makes one

# An offer as Chromium makes it for Omen's data channel (two mDNS host candidates).
CHROMIUM_OFFER = "\r\n".join(
    [
        "v=0",
        "o=- 616167937957375411 2 IN IP4 127.0.0.1",
        "s=-",
        "t=0 0",
        "a=group:BUNDLE 0",
        "a=extmap-allow-mixed",
        "a=msid-semantic: WMS",
        "m=application 9 UDP/DTLS/SCTP webrtc-datachannel",
        "c=IN IP4 0.0.0.0",
        "a=candidate:649740849 1 udp 2113937151 a2006d6a-1c4a-46e8-a261-4254fbe4c54d.local "
        "50107 typ host generation 0 network-cost 999",
        "a=candidate:3990651857 1 udp 2113942271 bbdb7dd8-d25f-4718-aeb9-2c53d558c374.local "
        "42107 typ host generation 0 network-cost 999",
        "a=candidate:1 1 tcp 1518280447 192.168.1.20 9 typ host tcptype active",
        "a=candidate:842163049 1 udp 1677729535 203.0.113.7 61000 typ srflx raddr 0.0.0.0 "
        "rport 0 generation 0 network-cost 999",
        "a=ice-ufrag:uEs2",
        "a=ice-pwd:ot8ep/pWuCLbEvEaAcwr2fbk",
        "a=ice-options:trickle",
        "a=fingerprint:sha-256 D1:0E:40:F3:88:7F:B5:C5:DE:BE:26:08:4F:30:82:D2:AF:B3:04:A6:51:"
        "69:A7:40:40:D7:B3:59:9D:B3:83:A0",
        "a=setup:actpass",
        "a=mid:0",
        "a=sctp-port:5000",
        "a=max-message-size:262144",
        "",
    ]
)

ICE = st.text("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/", max_size=64)
ADDRESSES = (
    st.one_of(
        st.ip_addresses(v=4).filter(lambda a: not (a.is_unspecified or a.is_multicast)),
        st.ip_addresses(v=6).filter(lambda a: not (a.is_unspecified or a.is_multicast)),
    )
    .map(str)
    .filter(lambda a: not a.startswith("0.") and a != "255.255.255.255")
)
MDNS = st.binary(min_size=16, max_size=16).map(
    lambda b: (
        f"{b.hex()[:8]}-{b.hex()[8:12]}-{b.hex()[12:16]}-{b.hex()[16:20]}-{b.hex()[20:]}.local"
    )
)
CANDIDATES = st.builds(
    Candidate,
    st.sampled_from(("host", "srflx", "relay", "prflx")),
    st.one_of(ADDRESSES, MDNS),
    st.integers(1, 65535),
)
DETAILS = st.builds(
    Details,
    ICE.filter(lambda t: len(t) >= 4),
    ICE.filter(lambda t: len(t) >= 22),
    st.binary(min_size=32, max_size=32),
    st.sampled_from(("actpass", "active", "passive")),
    st.from_regex(r"[A-Za-z0-9_.-]{1,16}", fullmatch=True),
    st.lists(CANDIDATES, max_size=MAX_CANDIDATES).map(tuple),
)


@given(DETAILS)
def test_details_round_trip_through_bytes_and_through_the_description(details: Details) -> None:
    assert Details.from_bytes(details.to_bytes()) == details
    assert Details.from_sdp(details.sdp()) == details


@given(
    DETAILS, st.text(min_size=1, max_size=40).filter(lambda n: n.strip() == n and n.isprintable())
)
def test_an_answer_round_trips_as_a_code(details: Details, name: str) -> None:
    for seat in ("", "seat-of-eva-12345"):
        data = {"sdp": details.sdp(), "name": name, "lang": "cs", "seat": seat}
        answer = Message("answer", TOKEN, 1, data)
        assert read_packed("omen-answer:" + pack(answer), "answer") == answer


def test_a_chromium_offer_keeps_its_udp_candidates_and_connection_fields() -> None:
    details = Details.from_sdp(CHROMIUM_OFFER)
    assert (details.ufrag, details.pwd, details.setup, details.mid) == (
        "uEs2",
        "ot8ep/pWuCLbEvEaAcwr2fbk",
        "actpass",
        "0",
    )
    assert details.fingerprint.hex().upper().startswith("D10E40F3")
    assert details.candidates == (
        Candidate("host", "a2006d6a-1c4a-46e8-a261-4254fbe4c54d.local", 50107),
        Candidate("host", "bbdb7dd8-d25f-4718-aeb9-2c53d558c374.local", 42107),
        Candidate("srflx", "203.0.113.7", 61000),
    )
    rebuilt = details.sdp()
    assert "a=candidate:3 1 udp 1694498303 203.0.113.7 61000 typ srflx raddr 0.0.0.0 rport 0" in (
        rebuilt
    )
    assert "a=group:BUNDLE 0\r\nm=application 9 UDP/DTLS/SCTP webrtc-datachannel" in rebuilt
    assert rebuilt.endswith("a=end-of-candidates\r\n")


def test_a_typical_invitation_and_answer_are_short_and_small_qr_codes() -> None:
    """A link with two mDNS host candidates and a server-reflexive one, on a longish
    address, and an answer with a seat and a name: under 350 characters, QR version 10
    at most at error level L (the game master's phone's and the player page's level)."""
    invite = pack(Message("join", TOKEN, 1, {"offer": CHROMIUM_OFFER, "stun": ""}))
    link = "https://omen.example.org/tables/player.html#join=" + invite
    answer = "omen-answer:" + pack(
        Message(
            "answer",
            TOKEN,
            1,
            {
                "sdp": CHROMIUM_OFFER.replace("actpass", "active"),
                "name": "Eva Nováková",
                "lang": "cs",
                "seat": "sEaT0fEva_12345678901w",
            },
        )
    )
    modes = {"byte": consts.MODE_BYTE, "alphanumeric": consts.MODE_ALPHANUMERIC}
    for text in (link, answer):
        assert len(text) < 350
        parts = [(part, modes[mode]) for part, mode in qr_parts(text)]
        assert len(parts) == 2  # the code itself in alphanumeric mode
        assert encoder.encode(parts, error="l", micro=False, boost_error=False).version <= 10


def crafted(details: bytes, kind: int = 2, version: int = 2, tail: bytes = b"") -> str:
    """A code with a valid checksum around the bytes given (an answer by default)."""
    body = bytes([version, kind, len(TOKEN)]) + TOKEN.encode() + details + tail
    if kind == 2:
        body += b"cs" + b"\x00" + b"\x03Eva"
    raw = body + zlib.adler32(body).to_bytes(4, "big")
    return "omen-answer:" + base64.b32encode(raw).decode().rstrip("=")


def details(
    ufrag: bytes = b"Db94",
    pwd: bytes = b"eTmAkekAmJXYc8c7U77WSwyB",
    fingerprint: bytes = bytes(32),
    role: int = 1,
    mid: bytes = b"0",
    candidates: bytes = b"\x01\x04\xc0\xa8\x01\x14\xc3\xbb",
) -> bytes:
    return (
        bytes([len(ufrag)])
        + ufrag
        + bytes([len(pwd)])
        + pwd
        + fingerprint
        + bytes([role, len(mid)])
        + mid
        + candidates
    )


def test_the_crafted_helper_makes_a_code_omen_takes() -> None:
    answer = read_packed(crafted(details()), "answer")
    assert "a=candidate:1 1 udp 2130706431 192.168.1.20 50107 typ host" in answer.data["sdp"]
    assert answer.data["name"] == "Eva"


HOSTILE = {
    "a fragment under 4": details(ufrag=b"Db9"),
    "a fragment over 64": details(ufrag=b"D" * 65),
    "a character ICE does not have": details(ufrag=b"Db9:"),
    "a space in the password": details(pwd=b"eTmAkekAmJXYc8c7 U77WSwyB"),
    "a password under 22": details(pwd=b"eTmAkekAmJXYc8c7U77WS"),
    "a fingerprint cut short": details(fingerprint=bytes(31)),
    "a role that is none": details(role=3),
    "an empty mid": details(mid=b""),
    "a mid with a space": details(mid=b"0 1"),
    "a mid that is not ASCII": details(mid="č".encode()),
    "no peer at 0.0.0.0": details(candidates=b"\x01\x04\x00\x00\x00\x00\xc3\xbb"),
    "a multicast address": details(candidates=b"\x01\x04\xef\x00\x00\x01\xc3\xbb"),
    "the broadcast address": details(candidates=b"\x01\x04\xff\xff\xff\xff\xc3\xbb"),
    "the IPv6 address ::": details(candidates=b"\x01\x06" + bytes(16) + b"\xc3\xbb"),
    "a multicast IPv6 address": details(candidates=b"\x01\x06\xff" + bytes(15) + b"\xc3\xbb"),
    "port 0": details(candidates=b"\x01\x04\xc0\xa8\x01\x14\x00\x00"),
    "a candidate kind 4": details(candidates=b"\x01\x44\xc0\xa8\x01\x14\xc3\xbb"),
    "an address form 5": details(candidates=b"\x01\x05\xc0\xa8\x01\x14\xc3\xbb"),
    "9 candidates": details(candidates=b"\x09" + b"\x04\xc0\xa8\x01\x14\xc3\xbb" * 9),
    "a candidate cut short": details(candidates=b"\x02\x04\xc0\xa8\x01\x14\xc3\xbb"),
}


@pytest.mark.parametrize("what", sorted(HOSTILE))
def test_crafted_hostile_details_with_a_valid_checksum_are_refused(what: str) -> None:
    with pytest.raises(MessageError, match="This code is damaged"):
        read_packed(crafted(HOSTILE[what]), "answer")


def test_a_byte_too_many_or_a_token_that_is_not_one_is_refused() -> None:
    with pytest.raises(MessageError, match="damaged"):
        read_packed(crafted(details(), tail=b"\x00"), "answer")
    body = bytes([2, 2, 3]) + b"abc" + details() + b"cs\x00\x03Eva"
    raw = body + zlib.adler32(body).to_bytes(4, "big")
    with pytest.raises(MessageError, match="damaged"):
        read_packed(base64.b32encode(raw).decode().rstrip("="), "answer")


def test_an_answer_with_a_bad_name_language_or_seat_is_refused() -> None:
    body = bytes([2, 2, len(TOKEN)]) + TOKEN.encode() + details()
    for tail in (b"xx\x00\x03Eva", b"cs\x03a b\x03Eva", b"cs\x00\x00", b"cs\x00\x02\xff\xfe"):
        raw = body + tail
        code = base64.b32encode(raw + zlib.adler32(raw).to_bytes(4, "big"))
        with pytest.raises(MessageError):
            read_packed("omen-answer:" + code.decode().rstrip("="), "answer")


def test_a_newer_format_says_so_and_a_changed_byte_is_damage() -> None:
    with pytest.raises(MessageError, match="newer Omen"):
        read_packed(crafted(details(), version=3), "answer")
    good = crafted(details())
    changed = good[:30] + ("A" if good[30] != "A" else "B") + good[31:]
    with pytest.raises(MessageError, match="damaged"):
        read_packed(changed, "answer")


def test_a_description_without_a_sha256_fingerprint_is_not_cut() -> None:
    with pytest.raises(ValueError, match="fingerprint"):
        Details.from_sdp(CHROMIUM_OFFER.replace("sha-256", "sha-1"))
    with pytest.raises(ValueError, match="candidate"):
        Candidate("host", "1.2.3.4", 0)


def test_the_largest_answer_omen_takes_fits_in_a_code() -> None:
    """Every field at its largest (a token of 64, ICE texts of 64, a mid of 16, eight
    IPv6 candidates, a seat of 64, a name of 40 two-byte letters) still packs and reads."""
    widest = Details(
        "u" * 64,
        "p" * 64,
        bytes(32),
        "active",
        "m" * 16,
        tuple(Candidate("host", f"2001:db8::{n + 1}", 60000 + n) for n in range(MAX_CANDIDATES)),
    )
    data = {"sdp": widest.sdp(), "name": "ř" * 40, "lang": "cs", "seat": "s" * 64}
    answer = Message("answer", "t" * 64, 1, data)
    assert read_packed("omen-answer:" + pack(answer), "answer") == answer

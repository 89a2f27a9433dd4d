"""A data channel's connection details, cut to what WebRTC needs and built back into an SDP.

Omen's own procedure, after the standards that say what a session description must hold:
SDP's lines (RFC 8866), ICE's attributes in SDP (RFC 8839), DTLS's ``setup`` and
``fingerprint`` (RFC 8842), the data channel's SCTP attributes (RFC 8841), and the way a
browser makes and takes descriptions (JSEP, RFC 9429, with BUNDLE from RFC 9143).

**What is kept.** A browser's offer or answer for one data channel is some twenty lines,
most of them the same in every description. Only these differ from one connection to
the next, and only these travel in the code:

- the ICE username fragment and password (RFC 8839: ``ice-char`` is a letter, a digit,
  ``+`` or ``/``; a fragment has 4 to 256 of them, a password 22 to 256; Omen takes at
  most 64, more than any browser makes);
- the SHA-256 fingerprint of the DTLS certificate (RFC 8842; the only hash every
  browser uses), 32 bytes;
- the DTLS role (``setup``): ``actpass`` in an offer, ``active`` or ``passive`` in an
  answer (RFC 8842);
- the media section's ``mid`` (a browser's own token, ``0`` as a rule);
- the UDP candidates (RFC 8839 ``candidate``): their kind (``host``, ``srflx``,
  ``relay``, ``prflx``), address and port. The address is an IPv4 or IPv6 address, or
  the random name a browser shows instead of a local address (an mDNS name, a UUID
  followed by ``.local``, after draft-ietf-mmusic-mdns-ice-candidates). At most :data:`MAX_CANDIDATES`, TCP candidates left out:
  phones at one table reach each other over UDP.

Everything else is written back the same every time: the SDP's fixed session lines, one
BUNDLE group of the one section (JSEP's max-bundle, which Chromium insists on), the
application section for ``UDP/DTLS/SCTP webrtc-datachannel`` with ``c=IN IP4 0.0.0.0``,
SCTP port 5000 and a message size of 262,144 bytes (what Chromium declares; Omen's
messages are far smaller). Each candidate's foundation is its number, its component 1,
and its priority is worked out again by RFC 8445's formula from its kind and order;
``a=end-of-candidates`` closes the list, since the candidates are all gathered before
the code is made.

**Hostile input.** Every field built back is checked before it is written: the ICE
characters and lengths, the fingerprint's 32 bytes, the role allowed for an offer or an
answer, an address that can be a peer's (not 0.0.0.0, nor a multicast or broadcast
address), a port from 1 to 65535, at most :data:`MAX_CANDIDATES` candidates. A field
that does not fit is a :class:`ValueError`, which the players' codec turns into its
"damaged" sentence.

>>> offer = Details("uEs2", "ot8ep/pWuCLbEvEaAcwr2fbk", bytes(range(32)), "actpass", "0",
...     (Candidate("host", "192.168.1.20", 50107),))
>>> Details.from_bytes(offer.to_bytes()) == offer
True
>>> print(offer.sdp().splitlines()[-2])
a=candidate:1 1 udp 2130706431 192.168.1.20 50107 typ host
>>> Details.from_sdp(offer.sdp()) == offer
True
"""

from __future__ import annotations

import ipaddress
import re
from dataclasses import dataclass

MAX_CANDIDATES = 8  # candidates a code carries
MAX_ICE = 64  # characters of an ICE username fragment or password Omen takes
KINDS = ("host", "srflx", "relay", "prflx")  # candidate kinds, by their number in a code
PREFERENCE = {"host": 126, "prflx": 110, "srflx": 100, "relay": 0}  # RFC 8445, 5.1.2.2
ROLES = ("actpass", "active", "passive")  # DTLS setup roles, by their number in a code
_ICE = re.compile(r"[A-Za-z0-9+/]+", re.ASCII)  # RFC 8839 ice-char
_MID = re.compile(r"[A-Za-z0-9_.-]{1,16}", re.ASCII)
_MDNS = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.local")
_FINGERPRINT = re.compile(r"(?:[0-9A-Fa-f]{2}:){31}[0-9A-Fa-f]{2}", re.ASCII)
_FORMS = {4: 4, 6: 16, 1: 16}  # address form: IPv4, IPv6, mDNS name; its bytes


@dataclass(frozen=True)
class Candidate:
    """One UDP candidate: its kind, its address (or mDNS name) and its port."""

    kind: str
    address: str
    port: int

    def __post_init__(self) -> None:
        if self.kind not in KINDS or not _whole(self.port, 1, 65535):
            raise ValueError("candidate")
        _form(self.address)  # refused unless it is an address a peer can have


@dataclass(frozen=True)
class Details:
    """What one side of a data channel tells the other: ICE's fragment and password,
    the DTLS fingerprint (SHA-256, 32 bytes) and role, the section's mid, and the
    candidates."""

    ufrag: str
    pwd: str
    fingerprint: bytes
    setup: str
    mid: str
    candidates: tuple[Candidate, ...]

    def __post_init__(self) -> None:
        if not _ice(self.ufrag, 4) or not _ice(self.pwd, 22):
            raise ValueError("ice")
        if not isinstance(self.fingerprint, bytes) or len(self.fingerprint) != 32:
            raise ValueError("fingerprint")
        if self.setup not in ROLES or not isinstance(self.mid, str) or not _MID.fullmatch(self.mid):
            raise ValueError("setup")
        if len(self.candidates) > MAX_CANDIDATES:
            raise ValueError("candidates")

    @classmethod
    def from_sdp(cls, sdp: str) -> Details:
        """The details of a browser's description (its first media section's); a TCP
        candidate, one past the limit, or one with a name that is not an mDNS name is
        left out."""
        found: dict[str, str] = {}
        candidates: list[Candidate] = []
        for line in sdp.splitlines():
            key, _, value = line.strip().partition(":")
            if key == "a=candidate":
                candidate = _candidate(value)
                if candidate is not None and len(candidates) < MAX_CANDIDATES:
                    candidates.append(candidate)
            elif key in ("a=ice-ufrag", "a=ice-pwd", "a=fingerprint", "a=setup", "a=mid"):
                found.setdefault(key[2:], value.strip())
        algorithm, _, hexes = found.get("fingerprint", "").partition(" ")
        if algorithm.lower() != "sha-256" or not _FINGERPRINT.fullmatch(hexes.strip()):
            raise ValueError("fingerprint")
        return cls(
            found.get("ice-ufrag", ""),
            found.get("ice-pwd", ""),
            bytes.fromhex(hexes.replace(":", "")),
            found.get("setup", ""),
            found.get("mid", ""),
            tuple(candidates),
        )

    def sdp(self) -> str:
        """A whole description built back from the details, as a browser takes it."""
        lines = [
            "v=0",
            "o=- 1 2 IN IP4 127.0.0.1",
            "s=-",
            "t=0 0",
            f"a=group:BUNDLE {self.mid}",
            "m=application 9 UDP/DTLS/SCTP webrtc-datachannel",
            "c=IN IP4 0.0.0.0",
            f"a=ice-ufrag:{self.ufrag}",
            f"a=ice-pwd:{self.pwd}",
            "a=fingerprint:sha-256 " + ":".join(f"{b:02X}" for b in self.fingerprint),
            f"a=setup:{self.setup}",
            f"a=mid:{self.mid}",
            "a=sctp-port:5000",
            "a=max-message-size:262144",
        ]
        for number, candidate in enumerate(self.candidates):
            priority = (PREFERENCE[candidate.kind] << 24) | ((65535 - number) << 8) | 255
            related = " raddr 0.0.0.0 rport 0" if candidate.kind in ("srflx", "relay") else ""
            lines.append(
                f"a=candidate:{number + 1} 1 udp {priority} {candidate.address} "
                f"{candidate.port} typ {candidate.kind}{related}"
            )
        lines.append("a=end-of-candidates")
        return "\r\n".join(lines) + "\r\n"

    def to_bytes(self) -> bytes:
        """Their compact form: each text with its length before it, the fingerprint,
        the role's and each candidate kind's number, addresses as bytes, ports in two."""
        out = bytearray()
        for text in (self.ufrag, self.pwd):
            out += bytes([len(text)]) + text.encode("ascii")
        out += self.fingerprint
        out += bytes([ROLES.index(self.setup), len(self.mid)]) + self.mid.encode("ascii")
        out.append(len(self.candidates))
        for candidate in self.candidates:
            form, raw = _form(candidate.address)
            out.append(KINDS.index(candidate.kind) << 4 | form)
            out += raw + candidate.port.to_bytes(2, "big")
        return bytes(out)

    @classmethod
    def read(cls, data: bytes, at: int = 0) -> tuple[Details, int]:
        """The details compacted in ``data`` from ``at``, and where they end; a field that
        does not fit, or bytes that end too soon, is a ValueError."""
        reader = _Reader(data, at)
        ufrag = reader.text(MAX_ICE)
        pwd = reader.text(MAX_ICE)
        fingerprint = reader.take(32)
        role = reader.byte()
        mid = reader.text(16)
        count = reader.byte()
        if role >= len(ROLES) or count > MAX_CANDIDATES:
            raise ValueError("setup or candidates")
        candidates = []
        for _ in range(count):
            head = reader.byte()
            kind, form = head >> 4, head & 0x0F
            if kind >= len(KINDS) or form not in _FORMS:
                raise ValueError("candidate")
            raw = reader.take(_FORMS[form])
            port = int.from_bytes(reader.take(2), "big")
            candidates.append(Candidate(KINDS[kind], _address(form, raw), port))
        details = cls(ufrag, pwd, fingerprint, ROLES[role], mid, tuple(candidates))
        return details, reader.at

    @classmethod
    def from_bytes(cls, data: bytes) -> Details:
        """The details that are all of ``data``."""
        details, end = cls.read(data)
        if end != len(data):
            raise ValueError("trailing bytes")
        return details


class _Reader:
    """Bytes read in order; reading past their end is a ValueError."""

    def __init__(self, data: bytes, at: int) -> None:
        self.data, self.at = data, at

    def take(self, count: int) -> bytes:
        if self.at + count > len(self.data):
            raise ValueError("too short")
        part = self.data[self.at : self.at + count]
        self.at += count
        return part

    def byte(self) -> int:
        return self.take(1)[0]

    def text(self, limit: int) -> str:
        """A text with its length before it: ASCII, at most ``limit`` characters."""
        length = self.byte()
        if length > limit:
            raise ValueError("too long")
        raw = self.take(length)
        if not raw.isascii():
            raise ValueError("not ASCII")
        return raw.decode("ascii")


def _whole(value: object, low: int, high: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def _ice(value: object, shortest: int) -> bool:
    return (
        isinstance(value, str)
        and shortest <= len(value) <= MAX_ICE
        and _ICE.fullmatch(value) is not None
    )


def _form(address: str) -> tuple[int, bytes]:
    """An address's form in a code (4: IPv4, 6: IPv6, 1: an mDNS name) and its bytes;
    an address no peer can have is a ValueError."""
    if not isinstance(address, str):
        raise ValueError("address")
    if _MDNS.fullmatch(address):
        return 1, bytes.fromhex(address[:-6].replace("-", ""))
    if not re.fullmatch(r"[0-9A-Fa-f.:]{2,45}", address):
        raise ValueError("address")
    parsed = ipaddress.ip_address(address)  # a ValueError when it is not one
    if parsed.is_unspecified or parsed.is_multicast or str(parsed) != address.lower():
        raise ValueError("address")
    if isinstance(parsed, ipaddress.IPv4Address):
        if parsed == ipaddress.IPv4Address("255.255.255.255") or address.startswith("0."):
            raise ValueError("address")
        return 4, parsed.packed
    return 6, parsed.packed


def _address(form: int, raw: bytes) -> str:
    if form == 1:
        digits = raw.hex()
        parts = (digits[:8], digits[8:12], digits[12:16], digits[16:20], digits[20:])
        return "-".join(parts) + ".local"
    if form == 4:
        return str(ipaddress.IPv4Address(raw))
    return str(ipaddress.IPv6Address(raw))


def _candidate(value: str) -> Candidate | None:
    """A UDP candidate of an SDP's ``a=candidate`` line, or None (TCP, or a name or an
    address Omen does not carry)."""
    fields = value.split()
    if len(fields) < 8 or fields[2].lower() != "udp" or fields[6] != "typ":
        return None
    address = fields[4]
    try:
        if not _MDNS.fullmatch(address):
            address = str(ipaddress.ip_address(address))  # written as Omen writes it back
        return Candidate(
            fields[7], address, int(fields[5]) if re.fullmatch(r"[0-9]{1,5}", fields[5]) else 0
        )
    except ValueError:
        return None
